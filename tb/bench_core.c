/* bench_core: cycle figures of the RTL core that must meet a bound (make bench;
 * make test runs it too, since the cycle counts are deterministic).
 *
 *   issue rate   kernels/bench_issue.s, 1 group of 2 waves on 1 CU: retired
 *                instructions per cycle; the bound is 0.95.
 *   LDS costs    kernels/bench_lds.s, 1 wave, for strides 1 and 3 (conflict
 *                free), 0 (broadcast), 2, 4, 8, 16, 32: bank cycles per access
 *                from the counters. Each must be exactly the minimum: 1 for a
 *                broadcast, else the most lanes on one bank, gcd(stride, 32).
 *
 * Every run is in lockstep with the golden model (unless WAVEGPU_LOCKSTEP=0).
 * Prints one line per figure, "PASS"/"FAIL" per check, and exits 1 if any
 * figure misses its bound. Run from the repository root (kernels are read from
 * sim/kernels/).
 */
#include "gpu.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define ISSUE_RATE_BOUND 0.95

/* Runs kernels/<name>.wgk on a 1-CU device: one group of `waves` waves with
 * the given arguments. Fills *c with the launch's counters. */
static bool run(const char *name, uint32_t waves, const uint32_t *args, uint32_t nargs, gpu_counters *c)
{
    gpu_config cfg;
    gpu_config_default(&cfg);
    cfg.backend = GPU_BACKEND_RTL;
    cfg.num_cus = 1;
    gpu_device *dev = NULL;
    gpu_kernel *k = NULL;
    char err[256], path[256];
    snprintf(path, sizeof path, "sim/kernels/%s.wgk", name);
    if (gpu_open(&cfg, &dev, err, sizeof err) != GPU_OK) {
        fprintf(stderr, "bench_core: cannot open the RTL device: %s\n", err);
        return false;
    }
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
    printf("bench_core: %u figure%s missed %s bound\n", failed, failed == 1 ? "" : "s", failed == 1 ? "its" : "their");
    return failed ? 1 : 0;
}
