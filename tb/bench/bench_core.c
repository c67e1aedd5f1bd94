/* SPDX-License-Identifier: Apache-2.0 */
/* bench_core: cycle figures of the RTL core that must meet a bound (make bench;
 * make test runs it too, since the cycle counts are deterministic).
 *
 *   issue rate   kernels/bench_issue.s, 1 group of 2 waves on 1 CU: retired
 *                instructions per cycle; the bound is 0.95.
 *   LDS costs    kernels/bench_lds.s, 1 wave, for strides 1 and 3 (conflict
 *                free), 0 (broadcast), 2, 4, 8, 16, 32: bank cycles per access
 *                from the counters. Each must be exactly the minimum: 1 for a
 *                broadcast, else the most lanes on one bank, gcd(stride, 32).
 *   coalescing   kernels/bench_coalesce.s, 1 wave: for unit stride, strides
 *                2..32 words, all lanes on one address, a misaligned start
 *                and random addresses, the line requests of the pattern's
 *                loads and stores (the mem_requests counter less the requests
 *                of the kernel's own table and argument loads) must equal the
 *                distinct 64-byte lines they touch, counted here (ratio 1.00).
 *   streaming    kernels/bench_copy.s copies 4 MiB on 4 CUs (64 groups of 2
 *   copy         waves); the DRAM bytes moved (read + written, from the
 *                memory-system counters, the final L2 flush included) per
 *                cycle of the launch must reach COPY_BOUND of the DRAM
 *                model's peak (channels x bytes per cycle, the defaults of
 *                gpu_config). The copy is checked word for word.
 *   matmul_tiled kernels/matmul_tiled.s, the seed's kernel, at N = 128 on 4
 *                CUs with the default configuration (what make sim runs):
 *                the cycles of the launch must be at most MATMUL_BOUND
 *                (issue 19's target, half the 451,585 it took at first). C
 *                is checked against a host reference in the kernel's order.
 *
 * Every run is in lockstep with the golden model (unless WAVEGPU_LOCKSTEP=0).
 * Prints one line per figure, "PASS"/"FAIL" per check, and exits 1 if any
 * figure misses its bound. Run from the repository root (kernels are read from
 * build/kernels/).
 */
#include "gpu.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ISSUE_RATE_BOUND 0.95
#define COPY_BOUND       0.85
#define COPY_BYTES       (4u << 20)
#define COPY_ITERS       64u            /* 512-byte iterations per wave */
#define MATMUL_N         128u
#define MATMUL_BOUND     225000u

/* An RTL device with `cus` CUs and the default configuration (cfg_out, if not
 * NULL, receives it), or NULL with a message on stderr. */
static gpu_device *open_rtl(unsigned cus, gpu_config *cfg_out)
{
    gpu_config cfg;
    gpu_config_default(&cfg);
    cfg.backend = GPU_BACKEND_RTL;
    cfg.num_cus = cus;
    if (cfg_out) *cfg_out = cfg;
    gpu_device *dev = NULL;
    char err[256];
    if (gpu_open(&cfg, &dev, err, sizeof err) != GPU_OK) {
        fprintf(stderr, "bench_core: cannot open the RTL device: %s\n", err);
        return NULL;
    }
    return dev;
}

/* Runs kernels/<name>.wgk on a 1-CU device: one group of `waves` waves with
 * the given arguments. Fills *c with the launch's counters. */
static bool run(const char *name, uint32_t waves, const uint32_t *args, uint32_t nargs, gpu_counters *c)
{
    gpu_device *dev = open_rtl(1, NULL);
    if (!dev) return false;
    gpu_kernel *k = NULL;
    char path[256];
    snprintf(path, sizeof path, "build/kernels/%s.wgk", name);
    bool ok = false;
    gpu_result res;
    gpu_launch_params p = { .num_groups = 1, .waves_per_group = waves, .args = args, .num_args = nargs };
    if (gpu_kernel_load_file(dev, path, &k) != GPU_OK || gpu_launch(dev, k, &p) != GPU_OK ||
        gpu_wait(dev, &res) != GPU_OK || gpu_read_counters(dev, c) != GPU_OK) {
        fprintf(stderr, "bench_core: %s: %s\n", name, gpu_last_error(dev));
        goto done;
    }
    ok = true;
done:
    gpu_kernel_free(k);
    gpu_close(dev);
    return ok;
}

/* Distinct 64-byte lines touched by 32 lane byte addresses. */
static unsigned distinct_lines(const uint32_t addr[32])
{
    unsigned n = 0;
    for (unsigned l = 0; l < 32; l++) {
        bool seen = false;
        for (unsigned j = 0; j < l && !seen; j++) seen = addr[j] >> 6 == addr[l] >> 6;
        n += !seen;
    }
    return n;
}

#define COAL_ROWS 16
#define COAL_BUF  (64u * 1024u + 256u)

/* kernels/bench_coalesce.s with COAL_ROWS rows of lane offsets off[row][lane]
 * on a 1-CU device. *pattern_reqs: requests of the pattern accesses (the
 * counter less the kernel's own loads); *lines: distinct lines they touch. */
static bool run_coalesce(uint32_t off[COAL_ROWS][32], uint64_t *pattern_reqs, uint64_t *lines)
{
    gpu_device *dev = open_rtl(1, NULL);
    if (!dev) return false;
    gpu_kernel *k = NULL;
    bool ok = false;
    gpu_addr tab = 0, buf = 0;
    gpu_result res;
    gpu_counters c;
    if (gpu_alloc(dev, sizeof(uint32_t) * 32 * COAL_ROWS, &tab) != GPU_OK || gpu_alloc(dev, COAL_BUF, &buf) != GPU_OK ||
        gpu_write(dev, tab, off, sizeof(uint32_t) * 32 * COAL_ROWS) != GPU_OK ||
        gpu_fill(dev, buf, 0x5a5a5a5a, COAL_BUF) != GPU_OK) {
        fprintf(stderr, "bench_core: bench_coalesce: %s\n", gpu_last_error(dev));
        goto done;
    }
    uint32_t args[3] = { tab, buf, COAL_ROWS };
    gpu_launch_params p = { .num_groups = 1, .waves_per_group = 1, .args = args, .num_args = 3 };
    if (gpu_kernel_load_file(dev, "build/kernels/bench_coalesce.wgk", &k) != GPU_OK || gpu_launch(dev, k, &p) != GPU_OK ||
        gpu_wait(dev, &res) != GPU_OK || gpu_read_counters(dev, &c) != GPU_OK) {
        fprintf(stderr, "bench_core: bench_coalesce: %s\n", gpu_last_error(dev));
        goto done;
    }
    /* The kernel's own loads: 3 argument loads (every lane on one word) and
     * one unit-stride load of each table row. */
    uint64_t own = 3, pat = 0;
    for (unsigned r = 0; r < COAL_ROWS; r++) {
        uint32_t a[32];
        for (unsigned l = 0; l < 32; l++) a[l] = tab + 128 * r + 4 * l;
        own += distinct_lines(a);
        for (unsigned l = 0; l < 32; l++) a[l] = buf + off[r][l];
        pat += 2 * distinct_lines(a);    /* its load and its store */
    }
    *pattern_reqs = c.mem_requests - own;
    *lines = pat;
    ok = c.mem_requests >= own;
done:
    gpu_kernel_free(k);
    gpu_close(dev);
    return ok;
}

/* kernels/bench_copy.s: COPY_BYTES from src to dst on 4 CUs. Fills *c, *peak
 * (bytes per cycle); returns false if it could not run or copied wrongly. */
static bool run_copy(gpu_counters *c, unsigned *peak)
{
    gpu_config cfg;
    gpu_device *dev = open_rtl(4, &cfg);
    if (!dev) return false;
    *peak = cfg.dram_channels * cfg.dram_bytes_per_cycle;
    gpu_kernel *k = NULL;
    bool ok = false;
    const uint32_t words = COPY_BYTES / 4;
    uint32_t *h = malloc(COPY_BYTES), *back = malloc(COPY_BYTES);
    gpu_addr src = 0, dst = 0;
    gpu_result res;
    if (!h || !back) goto done;
    for (uint32_t i = 0; i < words; i++) h[i] = i * 2654435761u;
    if (gpu_alloc(dev, COPY_BYTES, &src) != GPU_OK || gpu_alloc(dev, COPY_BYTES, &dst) != GPU_OK ||
        gpu_write(dev, src, h, COPY_BYTES) != GPU_OK || gpu_fill(dev, dst, 0, COPY_BYTES) != GPU_OK) {
        fprintf(stderr, "bench_core: bench_copy: %s\n", gpu_last_error(dev));
        goto done;
    }
    uint32_t args[3] = { src, dst, COPY_ITERS };
    uint32_t groups = COPY_BYTES / (512u * COPY_ITERS * 2);
    gpu_launch_params p = { .num_groups = groups, .waves_per_group = 2, .args = args, .num_args = 3 };
    if (gpu_kernel_load_file(dev, "build/kernels/bench_copy.wgk", &k) != GPU_OK || gpu_launch(dev, k, &p) != GPU_OK ||
        gpu_wait(dev, &res) != GPU_OK || gpu_read_counters(dev, c) != GPU_OK ||
        gpu_read(dev, back, dst, COPY_BYTES) != GPU_OK) {
        fprintf(stderr, "bench_core: bench_copy: %s\n", gpu_last_error(dev));
        goto done;
    }
    ok = memcmp(h, back, COPY_BYTES) == 0;
    if (!ok) fprintf(stderr, "bench_core: bench_copy: the destination differs from the source\n");
done:
    free(h);
    free(back);
    gpu_kernel_free(k);
    gpu_close(dev);
    return ok;
}

/* kernels/matmul_tiled.s at N = MATMUL_N on 4 CUs: its counters in c; false
 * (with a message) if it cannot run or C is not the host's C. */
static bool run_matmul(gpu_counters *c)
{
    gpu_device *dev = open_rtl(4, NULL);
    if (!dev) return false;
    const uint32_t n = MATMUL_N, nn = n * n;
    gpu_kernel *k = NULL;
    bool ok = false;
    float *a = malloc(nn * 4), *b = malloc(nn * 4), *want = malloc(nn * 4), *got = malloc(nn * 4);
    gpu_addr da = 0, db = 0, dc = 0;
    gpu_result res;
    if (!a || !b || !want || !got) goto done;
    for (uint32_t i = 0; i < nn; i++) {
        a[i] = (float)((int)(i * 7u % 13u) - 6) * 0.125f;
        b[i] = (float)((int)(i * 5u % 11u) - 5) * 0.25f;
    }
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t j = 0; j < n; j++) {
            float sum = 0.0f;
            for (uint32_t q = 0; q < n; q++) {
                float prod = a[i * n + q] * b[q * n + j];   /* mul_f32, then add_f32 */
                sum = sum + prod;
            }
            want[i * n + j] = sum;
        }
    if (gpu_alloc(dev, nn * 4, &da) != GPU_OK || gpu_alloc(dev, nn * 4, &db) != GPU_OK ||
        gpu_alloc(dev, nn * 4, &dc) != GPU_OK || gpu_write(dev, da, a, nn * 4) != GPU_OK ||
        gpu_write(dev, db, b, nn * 4) != GPU_OK || gpu_fill(dev, dc, 0, nn * 4) != GPU_OK) {
        fprintf(stderr, "bench_core: matmul_tiled: %s\n", gpu_last_error(dev));
        goto done;
    }
    uint32_t args[4] = { da, db, dc, n };
    gpu_launch_params p = { .num_groups = (n / 8) * (n / 8), .waves_per_group = 2, .args = args, .num_args = 4 };
    if (gpu_kernel_load_file(dev, "build/kernels/matmul_tiled.wgk", &k) != GPU_OK || gpu_launch(dev, k, &p) != GPU_OK ||
        gpu_wait(dev, &res) != GPU_OK || gpu_read_counters(dev, c) != GPU_OK || gpu_read(dev, got, dc, nn * 4) != GPU_OK) {
        fprintf(stderr, "bench_core: matmul_tiled: %s\n", gpu_last_error(dev));
        goto done;
    }
    ok = memcmp(want, got, nn * 4) == 0;
    if (!ok) fprintf(stderr, "bench_core: matmul_tiled: C differs from the host's\n");
done:
    free(a);
    free(b);
    free(want);
    free(got);
    gpu_kernel_free(k);
    gpu_close(dev);
    return ok;
}

static unsigned gcd(unsigned a, unsigned b)
{
    while (b) {
        unsigned t = a % b;
        a = b;
        b = t;
    }
    return a;
}

int main(void)
{
    unsigned failed = 0;
    gpu_counters c;

    /* Issue rate. */
    if (!run("bench_issue", 2, NULL, 0, &c)) return 2;
    double ipc = (double)c.instructions / (double)c.cycles;
    bool ok = ipc >= ISSUE_RATE_BOUND;
    failed += !ok;
    printf("%s issue_rate: %" PRIu64 " instructions of 2 waves in %" PRIu64 " cycles on 1 CU = %.3f per cycle "
           "(bound %.2f); wave-cycles stalled: dependency %" PRIu64 ", memory %" PRIu64 ", barrier %" PRIu64
           ", LDS %" PRIu64 ", fetch %" PRIu64 "\n",
           ok ? "PASS" : "FAIL", c.instructions, c.cycles, ipc, ISSUE_RATE_BOUND, c.stall_dependency, c.stall_memory,
           c.stall_barrier, c.stall_lds, c.stall_fetch);

    /* For reference (no bound): one wave alone. */
    if (!run("bench_issue", 1, NULL, 0, &c)) return 2;
    printf("info issue_rate_1_wave: %" PRIu64 " instructions of 1 wave in %" PRIu64 " cycles = %.3f per cycle; "
           "wave-cycles stalled: dependency %" PRIu64 ", fetch %" PRIu64 "\n",
           c.instructions, c.cycles, (double)c.instructions / (double)c.cycles, c.stall_dependency, c.stall_fetch);

    /* LDS access costs. */
    static const struct { unsigned stride; const char *what; } pat[] = {
        { 1, "conflict-free (stride 1)" }, { 3, "conflict-free (stride 3)" }, { 0, "broadcast (every lane word 0)" },
        { 2, "stride 2" }, { 4, "stride 4" }, { 8, "stride 8" }, { 16, "stride 16" }, { 32, "stride 32" },
    };
    for (size_t i = 0; i < sizeof pat / sizeof pat[0]; i++) {
        uint32_t arg = pat[i].stride;
        if (!run("bench_lds", 1, &arg, 1, &c)) return 2;
        unsigned minimum = pat[i].stride == 0 ? 1 : gcd(pat[i].stride, 32);
        /* lds_conflict_cycles counts the bank cycles after the first of each access. */
        uint64_t bank_cycles = c.lds_insts + c.lds_conflict_cycles;
        ok = c.lds_insts > 0 && bank_cycles == (uint64_t)minimum * c.lds_insts;
        failed += !ok;
        printf("%s lds_cost %-30s %" PRIu64 " accesses, %" PRIu64 " bank cycles = %.3f per access (minimum %u); "
               "%" PRIu64 " cycles in all\n",
               ok ? "PASS" : "FAIL", pat[i].what, c.lds_insts, bank_cycles,
               c.lds_insts ? (double)bank_cycles / (double)c.lds_insts : 0.0, minimum, c.cycles);
    }
    /* Coalescing. */
    static const struct { int kind; unsigned stride; const char *what; } cp[] = {
        { 0, 1, "unit stride" }, { 0, 2, "stride 2 words" }, { 0, 4, "stride 4 words" }, { 0, 8, "stride 8 words" },
        { 0, 16, "stride 16 words" }, { 0, 32, "stride 32 words" }, { 0, 0, "all lanes one address" },
        { 1, 1, "misaligned start (+20 bytes)" }, { 2, 0, "random addresses" },
    };
    static uint32_t off[COAL_ROWS][32];
    uint32_t seed = 12345;
    for (size_t i = 0; i < sizeof cp / sizeof cp[0]; i++) {
        for (unsigned r = 0; r < COAL_ROWS; r++)
            for (unsigned l = 0; l < 32; l++) {
                seed = seed * 1664525u + 1013904223u;
                if (cp[i].kind == 0) off[r][l] = 4 * cp[i].stride * l + 4096 * (r % 8);
                else if (cp[i].kind == 1) off[r][l] = 20 + 4 * l + 128 * r;
                else off[r][l] = (seed >> 8) % (64u * 1024u / 4) * 4;
            }
        uint64_t reqs = 0, lines = 0;
        if (!run_coalesce(off, &reqs, &lines)) return 2;
        ok = lines > 0 && reqs == lines;
        failed += !ok;
        printf("%s coalescing %-30s %5" PRIu64 " line requests for %5" PRIu64 " distinct lines (ratio %.2f), %u loads "
               "and %u stores\n",
               ok ? "PASS" : "FAIL", cp[i].what, reqs, lines, lines ? (double)reqs / (double)lines : 0.0, COAL_ROWS, COAL_ROWS);
    }

    /* Streaming copy. */
    unsigned peak = 0;
    if (!run_copy(&c, &peak)) return 2;
    uint64_t moved = c.dram_bytes_read + c.dram_bytes_written;
    double bw = (double)moved / (double)c.cycles;
    ok = bw >= COPY_BOUND * peak;
    failed += !ok;
    printf("%s streaming_copy: %u MiB on 4 CUs in %" PRIu64 " cycles: DRAM read %" PRIu64 " + written %" PRIu64
           " bytes = %.2f bytes/cycle = %.1f%% of the peak %u (bound %.0f%%); L2 hits %" PRIu64 ", misses %" PRIu64
           ", memory stall cycles %" PRIu64 "\n",
           ok ? "PASS" : "FAIL", COPY_BYTES >> 20, c.cycles, c.dram_bytes_read, c.dram_bytes_written, bw,
           100.0 * bw / peak, peak, 100.0 * COPY_BOUND, c.l2_hits, c.l2_misses, c.mem_stall_cycles);

    /* The seed's matmul_tiled. */
    if (!run_matmul(&c)) return 2;
    ok = c.cycles <= MATMUL_BOUND;
    failed += !ok;
    printf("%s matmul_tiled: N=%u on 4 CUs in %" PRIu64 " cycles (bound %u); %" PRIu64 " instructions, IPC %.3f; "
           "L2 hits %" PRIu64 ", misses %" PRIu64 "\n",
           ok ? "PASS" : "FAIL", MATMUL_N, c.cycles, MATMUL_BOUND, c.instructions,
           (double)c.instructions / (double)c.cycles, c.l2_hits, c.l2_misses);

    printf("bench_core: %u figure%s missed %s bound\n", failed, failed == 1 ? "" : "s", failed == 1 ? "its" : "their");
    return failed ? 1 : 0;
}
