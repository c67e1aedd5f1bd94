/* SPDX-License-Identifier: Apache-2.0 */
/* Global memory and the memory hierarchy (issue 5): caches, L2 write-back,
 * system scope, fresh LDS, atomics under contention; cache counters on the RTL. */
#include "kernels_test.h"

/* ------------------------------------------------------------ directed tests: global memory, caches */

void test_global_mem(void)
{
    const unsigned nw = 4;
    dt_run d;
    if (!dt_init(&d, "dt_global_mem", nw, 1, 4, 15)) return;
    prng r = { 101 };
    for (unsigned w = 0; w < nw; w++)
        for (unsigned l = 0; l < LANES; l++) {
            IN(&d, w, 0, l) = prng_u32(&r);
            IN(&d, w, 1, l) = prng_u32(&r);
            IN(&d, w, 2, l) = prng_u32(&r);
            IN(&d, w, 3, l) = prng_u32(&r);
        }
    dt_exec(&d);
    uint32_t *e = dt_exp(&d);
    if (!e) { dt_free(&d); return; }
    for (unsigned w = 0; w < nw; w++) {
        const uint32_t *A = &IN(&d, w, 0, 0), *B = &IN(&d, w, 1, 0), *M = &IN(&d, w, 2, 0), *W = &IN(&d, w, 3, 0);
        uint32_t row1[LANES];
        for (unsigned j = 0; j < LANES; j++) row1[j] = SENTINEL;
        for (unsigned l = 0; l < LANES; l++)
            if (b0(M[l])) row1[W[l] & 7] = A[l];
        for (unsigned l = 0; l < LANES; l++) {
            uint32_t done = l ? 0x77u : 1u;
            EXP(&d, e, w, 0, l) = l < 4 ? A[28 + l] : SENTINEL;
            EXP(&d, e, w, 1, l) = row1[l];
            EXP(&d, e, w, 2, l) = b0(M[l]) ? A[l] : SENTINEL;
            EXP(&d, e, w, 3, l) = (b0(M[l]) && l >= 16) ? A[l] : B[l];
            for (unsigned k = 0; k < 5; k++) EXP(&d, e, w, 4 + k, l) = A[l] + k + 1;
            EXP(&d, e, w, 9, l) = done;
            EXP(&d, e, w, 10, l) = B[l];
            EXP(&d, e, w, 11, l) = B[l] ^ 0xFFFFu;
            EXP(&d, e, w, 12, l) = done;
            EXP(&d, e, w, 13, l) = done;
            EXP(&d, e, w, 14, l) = done;
        }
    }
    static const char *const names[15] = {
        "dt_global_store_same_word_highest_lane_wins", "dt_global_store_same_word_masked", "dt_global_store_masked",
        "dt_global_load_masked", "dt_global_sc_wave", "dt_global_sc_group_nt", "dt_global_sc_device_nt",
        "dt_global_sc_system_nt", "dt_global_nt", "dt_cache_inv_l1_completes", "dt_cache_wb_l2_store_sc_device",
        "dt_cache_wb_l2_then_load_sc_system", "dt_cache_wb_l2_sig_done1_after_wait",
        "dt_cache_inv_l1_sig_done2_after_wait", "dt_cache_wb_l2_polled_with_sig_done1",
    };
    for (unsigned k = 0; k < 15; k++) dt_check_row(&d, k, names[k], exp_row(&d, e, k));
    free(e);
    dt_free(&d);
}

/* ------------------------------------------------------------ the memory hierarchy (issue 5) */

void test_l2_writeback(const char *name)
{
    if (!selected(name)) return;
    const uint32_t iters = 16, words = iters * LANES, lines = words / 16;
    gpu_device *dev = open_dev(name, 2, 0);
    if (!dev) return;
    gpu_addr buf;
    uint64_t cycles[2] = { 0, 0 };
    bool ok = dev_alloc(name, dev, words * 4, &buf);
    for (uint32_t wb = 0; wb < 2 && ok; wb++) {
        gpu_counters c;
        uint32_t args[3] = { buf, iters, wb }, *got = NULL, exp[16 * LANES];
        ok = gpu_fill(dev, buf, SENTINEL, words * 4) == GPU_OK && run_ok(name, dev, "l2_writeback", 1, 1, 0, args, 3) &&
             gpu_read_counters(dev, &c) == GPU_OK && (got = dev_fetch(name, dev, buf, words)) != NULL;
        if (!ok) {
            if (!got) fail(name, "running l2_writeback (wb %u) failed", wb);
            free(got);
            break;
        }
        for (uint32_t i = 0; i < words; i++) exp[i] = i + 1000;
        char what[32];
        snprintf(what, sizeof what, "buf (wb %u)", wb);
        ok = compare_words(name, exp, got, words, what);
        free(got);
        cycles[wb] = c.cycles;
        if (ok && backend == GPU_BACKEND_RTL) {
            uint64_t times = wb ? 2 : 1;
            if (c.l2_evictions != times * lines || c.dram_bytes_written != times * lines * 64) {
                fail(name, "wb %u: %" PRIu64 " dirty lines written back and %" PRIu64 " bytes written to DRAM; expected %"
                     PRIu64 " and %" PRIu64, wb, c.l2_evictions, c.dram_bytes_written, times * lines, times * lines * 64);
                ok = false;
            }
        }
    }
    if (ok && backend == GPU_BACKEND_RTL && cycles[1] < cycles[0] + 100) {
        fail(name, "the launch with cache_wb_l2 took %" PRIu64 " cycles, without %" PRIu64
             ": less than one DRAM latency (100) more, so its signal did not wait for the writes", cycles[1], cycles[0]);
        ok = false;
    }
    if (ok) pass(name);
    gpu_close(dev);
}

void test_atomic_contention(int ret, const char *name)
{
    if (!selected(name)) return;
    const uint32_t groups = 8, waves = 2 * groups, iters = 8, n = waves * iters * LANES;
    gpu_device *dev = open_dev(name, 4, 0);
    if (!dev) return;
    gpu_addr ctr, tickets;
    uint32_t init[4] = { 5, 7, 0x12345678u, 0 }, *got = NULL, *tk = NULL;
    if (dev_alloc(name, dev, 64, &ctr) && dev_alloc(name, dev, n * 4, &tickets) && dev_put(name, dev, ctr, init, 16) &&
        gpu_fill(dev, tickets, SENTINEL, n * 4) == GPU_OK) {
        uint32_t args[4] = { ctr, tickets, iters, (uint32_t)ret };
        gpu_counters c;
        if (run_ok(name, dev, "atomic_contend", groups, 2, 0, args, 4) && gpu_read_counters(dev, &c) == GPU_OK &&
            (got = dev_fetch(name, dev, ctr, 4)) && (tk = dev_fetch(name, dev, tickets, n))) {
            uint32_t exp[4] = { init[0] + n, init[1], init[2], ret ? n : 0 };
            for (uint32_t w = 0; w < waves; w++)
                for (uint32_t l = 0; l < LANES; l++) {
                    exp[1] += iters * (l + 1);
                    if (iters & 1) exp[2] ^= w << 5 | l;
                }
            bool ok = compare_words(name, exp, got, 4, "ctr");
            if (ok && ret) {
                uint8_t *seen = calloc(n, 1);
                for (uint32_t i = 0; i < n && ok; i++) {
                    if (tk[i] >= n || seen[tk[i]]) {
                        fail(name, "ticket %u at index %u is %s", tk[i], i, tk[i] >= n ? "out of range" : "handed out twice");
                        ok = false;
                    } else {
                        seen[tk[i]] = 1;
                    }
                }
                free(seen);
            }
            uint64_t atomics = (uint64_t)n * (ret ? 4 : 3);
            if (ok && backend == GPU_BACKEND_RTL && c.l2_atomics != atomics) {
                fail(name, "%" PRIu64 " atomics executed in the L2; expected %" PRIu64, c.l2_atomics, atomics);
                ok = false;
            }
            if (ok) pass(name);
        }
    }
    free(got);
    free(tk);
    gpu_close(dev);
}

void test_l1_own_write(const char *name)
{
    if (!selected(name)) return;
    const uint32_t groups = 8, waves = 2 * groups;
    gpu_device *dev = open_dev(name, 2, 0);
    if (!dev) return;
    gpu_addr buf, out;
    uint32_t *got = NULL, *exp = words_alloc(waves * 64);
    if (exp && dev_alloc(name, dev, waves * 512, &buf) && dev_alloc(name, dev, waves * 256, &out) &&
        gpu_fill(dev, buf, 7, waves * 512) == GPU_OK && gpu_fill(dev, out, SENTINEL, waves * 256) == GPU_OK) {
        uint32_t args[2] = { buf, out };
        if (run_ok(name, dev, "l1_own_write", groups, 2, 0, args, 2) && (got = dev_fetch(name, dev, out, waves * 64))) {
            for (uint32_t w = 0; w < waves; w++)
                for (uint32_t l = 0; l < LANES; l++) {
                    exp[w * 64 + l] = l + 100;
                    exp[w * 64 + 32 + l] = l < 16 ? l + 200 : SENTINEL;
                }
            check_words(name, exp, got, waves * 64, "out");
        }
    }
    free(exp);
    free(got);
    gpu_close(dev);
}

void test_lds_fresh(const char *name)
{
    if (!selected(name)) return;
    const uint32_t groups = 32;
    gpu_device *dev = open_dev(name, 2, 0);
    if (!dev) return;
    gpu_addr out;
    uint32_t *got = NULL, *exp = words_alloc(groups * 256);
    if (exp && dev_alloc(name, dev, groups * 1024, &out) && gpu_fill(dev, out, SENTINEL, groups * 1024) == GPU_OK) {
        uint32_t args[1] = { out };
        if (run_ok(name, dev, "lds_fresh", groups, 1, 0, args, 1) && (got = dev_fetch(name, dev, out, groups * 256))) {
            for (uint32_t g = 0; g < groups; g++)
                for (uint32_t w = 0; w < 256; w++) exp[g * 256 + w] = w < 250 ? 0 : SENTINEL;
            check_words(name, exp, got, groups * 256, "out");
        }
    }
    free(exp);
    free(got);
    gpu_close(dev);
}

void test_l2_system_scope(const char *name)
{
    if (!selected(name)) return;
    const uint32_t iters = 8, words = iters * LANES, lines = words / 16;
    gpu_device *dev = open_dev(name, 1, 0);
    if (!dev) return;
    gpu_addr buf;
    bool ok = dev_alloc(name, dev, words * 4, &buf);
    for (uint32_t sys = 0; sys < 2 && ok; sys++) {
        gpu_counters c;
        uint32_t args[3] = { buf, iters, sys }, *got = NULL, exp[8 * LANES];
        ok = gpu_fill(dev, buf, SENTINEL, words * 4) == GPU_OK && run_ok(name, dev, "l2_system_scope", 1, 1, 0, args, 3) &&
             gpu_read_counters(dev, &c) == GPU_OK && (got = dev_fetch(name, dev, buf, words)) != NULL;
        if (!ok) {
            if (!got) fail(name, "running l2_system_scope (sys %u) failed", sys);
            free(got);
            break;
        }
        for (uint32_t i = 0; i < words; i++) exp[i] = i + 1000;
        ok = compare_words(name, exp, got, words, sys ? "buf (system scope)" : "buf (device scope)");
        free(got);
        if (ok && backend == GPU_BACKEND_RTL) {
            uint64_t xw = (sys ? 2 : 1) * lines * 64, xr = (sys ? 2 * lines : 0) * 64 + 64;
            if (c.dram_bytes_written != xw || c.dram_bytes_read != xr) {
                fail(name, "%s scope: DRAM bytes written %" PRIu64 ", read %" PRIu64 "; expected %" PRIu64 " and %" PRIu64,
                     sys ? "system" : "device", c.dram_bytes_written, c.dram_bytes_read, xw, xr);
                ok = false;
            }
        }
    }
    if (ok) pass(name);
    gpu_close(dev);
}
