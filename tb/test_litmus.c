/* SPDX-License-Identifier: Apache-2.0 */
/* test_litmus: memory-model litmus tests (kernels/litmus.s) across two CUs,
 * each plain and with the release/acquire sequences of docs/isa.md 7.
 *
 * A launch runs ITERS iterations on fresh locations; in each, the two
 * threads (one wave each, on CU 0 and CU 1) meet through a device-scope
 * counter, wait their own random start delay (a host table, new per run),
 * and run the test. Every test runs RUNS times per variant: jitter seeds
 * 0 (none), 11 and 22 on the RTL backend (with a new delay table each). The
 * outcome of each iteration is a pair of bits; the histogram of the four is
 * printed on the test's PASS/FAIL line. Checked:
 *   - the forbidden outcome of each fenced variant (and of CoRR, plain too)
 *     never occurs;
 *   - on the RTL, plain MP shows its weak outcome (the flag seen, the data
 *     read from a stale L1 copy) at least once.
 * On the RTL every load value is also checked, as it happens, by the lockstep
 * checker against the golden model and the ISA's memory model (sim/lockstep.h):
 * a value the ISA does not allow stops the run. The golden backend alone is
 * sequentially consistent: it shows no weak outcome.
 *
 * Backend: golden, or WAVEGPU_BACKEND=rtl (the default in test_litmus_rtl).
 * Run from the repository root (kernels in build/kernels/). PASS/FAIL lines.
 */
#include "check.h"
#include "gpu.h"
#include "prng.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ITERS 40
#define RUNS  3

static gpu_backend_kind backend = GPU_BACKEND_GOLDEN;

typedef enum { OUT_T1_R0_R1, OUT_T0_R0_T1_R0, OUT_FINAL_X1_Y1 } outcome_kind;

typedef struct {
    const char *name, *what;
    uint32_t test;             /* the kernel's test argument */
    outcome_kind kind;
    unsigned weak;             /* the outcome (a << 1 | b) the plain variant may show */
    bool forbidden_plain;      /* ... and is forbidden even there (CoRR) */
    const char *a, *b;         /* what the bits mean */
} litmus;

static const litmus tests[] = {
    { "mp", "message passing", 0, OUT_T1_R0_R1, 2, false, "flag", "data" },
    { "sb", "store buffering", 1, OUT_T0_R0_T1_R0, 0, false, "T0 reads y", "T1 reads x" },
    { "lb", "load buffering", 2, OUT_T0_R0_T1_R0, 3, false, "T0 reads x", "T1 reads y" },
    { "corr", "read-read coherence", 3, OUT_T1_R0_R1, 2, true, "first read", "second read" },
    { "2p2w", "2+2W", 4, OUT_FINAL_X1_Y1, 3, false, "x == 1", "y == 1" },
};

/* The random start delays: one stream for the whole program. */
static prng rng = { 12345 };

/* One launch: adds its ITERS outcomes to hist. Returns false on any error. */
static bool run_once(const litmus *t, uint32_t fenced, uint64_t seed, uint64_t hist[4], char *why, size_t wlen)
{
    gpu_config cfg;
    gpu_config_default(&cfg);
    cfg.backend = backend;
    cfg.num_cus = 2;
    cfg.dram_jitter_seed = seed;
    gpu_device *dev = NULL;
    gpu_kernel *k = NULL;
    bool ok = false;
    uint32_t delays[2 * ITERS], out[4 * ITERS], *mem = NULL;
    gpu_addr base = 0, dl = 0, o = 0;
    const char *path = "build/kernels/litmus.wgk";
    if (gpu_open(&cfg, &dev, why, wlen) != GPU_OK) return false;
    for (unsigned i = 0; i < 2 * ITERS; i++) delays[i] = prng_below(&rng, 64);
    gpu_result res;
    uint32_t args[6];
    if (gpu_alloc(dev, ITERS * 1024, &base) != GPU_OK || gpu_alloc(dev, sizeof delays, &dl) != GPU_OK ||
        gpu_alloc(dev, sizeof out, &o) != GPU_OK || gpu_fill(dev, base, 0, ITERS * 1024) != GPU_OK ||
        gpu_write(dev, dl, delays, sizeof delays) != GPU_OK || gpu_fill(dev, o, 0xCDCDCDCDu, sizeof out) != GPU_OK ||
        gpu_kernel_load_file(dev, path, &k) != GPU_OK)
        goto fail;
    args[0] = base;
    args[1] = ITERS;
    args[2] = fenced;
    args[3] = dl;
    args[4] = o;
    args[5] = t->test;
    gpu_launch_params p = { .num_groups = 2, .waves_per_group = 1, .args = args, .num_args = 6 };
    if (gpu_launch(dev, k, &p) != GPU_OK) goto fail;
    gpu_status st = gpu_wait(dev, &res);
    if (st != GPU_OK) {
        char line[512];
        if (st == GPU_ERR_FAULT || st == GPU_ERR_TIMEOUT) gpu_result_format(dev, &res, line, sizeof line);
        else snprintf(line, sizeof line, "%s", gpu_last_error(dev));
        snprintf(why, wlen, "%s: %s", gpu_status_name(st), line);
        goto done;
    }
    mem = malloc(ITERS * 1024);
    if (!mem || gpu_read(dev, out, o, sizeof out) != GPU_OK || gpu_read(dev, mem, base, ITERS * 1024) != GPU_OK) goto fail;
    for (unsigned i = 0; i < ITERS; i++) {
        const uint32_t *r = &out[4 * i];   /* T0 r0, r1, T1 r0, r1 */
        uint32_t a, b;
        if (t->kind == OUT_T1_R0_R1) a = r[2], b = r[3];
        else if (t->kind == OUT_T0_R0_T1_R0) a = r[0], b = r[2];
        else a = mem[i * 256] == 1, b = mem[i * 256 + 64] == 1;   /* x at +0, y at +256 bytes */
        if (a > 1 || b > 1) {
            snprintf(why, wlen, "iteration %u: values %" PRIu32 ", %" PRIu32 " are not 0 or 1", i, a, b);
            goto done;
        }
        hist[a << 1 | b]++;
    }
    ok = true;
    goto done;
fail:
    snprintf(why, wlen, "%s", gpu_last_error(dev));
done:
    free(mem);
    gpu_kernel_free(k);
    gpu_close(dev);
    return ok;
}

int main(int argc, char **argv)
{
    char why[256];
    if (gpu_default_backend(&backend, why, sizeof why) != GPU_OK) {
        fprintf(stderr, "test_litmus: %s\n", why);
        return 2;
    }
    const char *only = argc > 1 ? argv[1] : NULL;
    static const uint64_t seeds[RUNS] = { 0, 11, 22 };
    for (size_t ti = 0; ti < sizeof tests / sizeof tests[0]; ti++) {
        const litmus *t = &tests[ti];
        if (only && !strstr(t->name, only)) continue;
        for (uint32_t fenced = 0; fenced < 2; fenced++) {
            uint64_t hist[4] = { 0, 0, 0, 0 };
            char why[768] = "", name[96];
            snprintf(name, sizeof name, "litmus_%s_%s", t->name, fenced ? "release_acquire" : "plain");
            bool ran = true;
            for (unsigned r = 0; r < RUNS && ran; r++)
                ran = run_once(t, fenced, backend == GPU_BACKEND_RTL ? seeds[r] : 0, hist, why, sizeof why);
            if (!ran) {
                check_fail(name, "%s", why);
                continue;
            }
            char h[256];
            snprintf(h, sizeof h, "%s; a = %s, b = %s; a,b = 0,0: %" PRIu64 "  0,1: %" PRIu64 "  1,0: %" PRIu64
                     "  1,1: %" PRIu64 " of %u", t->what, t->a, t->b, hist[0], hist[1], hist[2], hist[3], RUNS * ITERS);
            unsigned w = t->weak;
            char check[128];
            bool forbidden = fenced || t->forbidden_plain;
            if (forbidden) {
                snprintf(check, sizeof check, "%s_forbidden_never", name);
                if (hist[w])
                    check_fail(check, "the forbidden outcome %u,%u occurred %" PRIu64 " times (%s)", w >> 1, w & 1,
                               hist[w], h);
                else
                    check_pass_note(check, "%u,%u never; %s", w >> 1, w & 1, h);
            } else if (ti == 0 && backend == GPU_BACKEND_RTL) {   /* plain MP on the RTL: the stale L1 is real */
                snprintf(check, sizeof check, "%s_weak_outcome_seen", name);
                if (hist[w]) check_pass_note(check, "%u,%u seen; %s", w >> 1, w & 1, h);
                else check_fail(check, "the weak outcome %u,%u never occurred (%s)", w >> 1, w & 1, h);
            } else {
                snprintf(check, sizeof check, "%s_ran", name);
                check_pass_note(check, "%s; every value checked in lockstep on the RTL", h);
            }
        }
    }
    return check_summary("test_litmus");
}
