/* SPDX-License-Identifier: Apache-2.0 */
/* bench_golden: golden-model speed on the seed workload, the tiled f32 matrix
 * product of kernels/matmul_tiled.s (shared/seeds/004_*), N = 128: 256 work
 * groups of two waves on a 4-CU model, args A, B, C, N.
 *
 *   build/bin/bench_golden [kernel.wgk]      (default build/kernels/matmul_tiled.wgk, built by `make all`)
 *
 * Runs the kernel REPS times through the golden model directly (golden.h, no
 * host-API overhead), checks C bit for bit against a host reference computed
 * in the kernel's order (sum = sum + A[r][k]*B[k][c], a rounded multiply then
 * a rounded add, k ascending), and prints the configuration, instructions,
 * ticks, lane_ops, wall time and lane-ops per second (lane_ops / wall time of
 * the fastest run). Exits 1 if the launch fails or C is wrong; never fails on
 * speed.
 */
#define _POSIX_C_SOURCE 200809L
#include "golden.h"
#include "isa.h"
#include "kbin.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define N 128u
#define TILE 8u
#define GROUPS ((N / TILE) * (N / TILE))
#define NUM_CUS 4u
#define ARGS_ADDR 0x1000u
#define A_ADDR 0x10000u
#define B_ADDR (A_ADDR + N * N * 4)
#define C_ADDR (B_ADDR + N * N * 4)
#define REPS 5

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint32_t as_bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float as_float(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "build/kernels/matmul_tiled.wgk";
    char err[512];

    kbin k;
    uint8_t *bin = NULL;
    size_t binlen = 0;
    if (kbin_read_file(path, &bin, &binlen, KBIN_MAX_FILE_BYTES, err, sizeof err) != 0) {
        fprintf(stderr, "bench_golden: %s (run `make all` first to assemble kernels/matmul_tiled.s)\n", err);
        return 1;
    }
    int bad = kbin_parse(bin, binlen, &k, err, sizeof err);
    free(bin);
    if (bad) {
        fprintf(stderr, "bench_golden: %s: %s\n", path, err);
        return 1;
    }

    golden_config cfg;
    golden_config_default(&cfg);     /* 16 MiB, latency 20 */
    cfg.num_cus = NUM_CUS;
    golden *g = NULL;
    if (golden_create(&g, &cfg, err, sizeof err) != GPU_OK) {
        fprintf(stderr, "bench_golden: %s\n", err);
        kbin_free(&k);
        return 1;
    }

    /* Inputs: deterministic values in [-1, 1) with full mantissas. The
     * reference is the kernel's own order; C compiles with -ffp-contract=off,
     * so s + a * b is a rounded multiply then a rounded add. */
    static uint32_t a[N * N], b[N * N], c[N * N], ref[N * N], c_wrong[N * N];
    uint64_t seed = 0x9E3779B97F4A7C15ull;
    for (unsigned i = 0; i < N * N; i++) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        a[i] = as_bits((float)((int32_t)(seed >> 33) - (1 << 30)) / (float)(1 << 30));
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        b[i] = as_bits((float)((int32_t)(seed >> 33) - (1 << 30)) / (float)(1 << 30));
    }
    for (unsigned r = 0; r < N; r++)
        for (unsigned col = 0; col < N; col++) {
            float s = 0.0f;
            for (unsigned kk = 0; kk < N; kk++) {
                float p = as_float(a[r * N + kk]) * as_float(b[kk * N + col]);
                s = s + p;
            }
            ref[r * N + col] = as_bits(s);
        }
    uint32_t args[4] = { A_ADDR, B_ADDR, C_ADDR, N };
    golden_mem_write(g, ARGS_ADDR, args, sizeof args);
    golden_mem_write(g, A_ADDR, a, sizeof a);
    golden_mem_write(g, B_ADDR, b, sizeof b);

    golden_launch_params lp = { k.insts, k.num_insts, GROUPS, k.waves_per_group, k.lds_bytes, ARGS_ADDR };
    double best = 1e30, total = 0;
    gpu_counters ctr;
    memset(&ctr, 0, sizeof ctr);
    gpu_result res;
    memset(&res, 0, sizeof res);
    gpu_status st = GPU_OK;
    unsigned wrong = 0, first_wrong = 0;   /* of the first run with a wrong C */
    int wrong_run = -1;
    int reps = 0;
    for (; reps < REPS; reps++) {
        memset(c, 0, sizeof c);
        golden_mem_write(g, C_ADDR, c, sizeof c);
        if (golden_launch(g, &lp, err, sizeof err) != GPU_OK) {
            fprintf(stderr, "bench_golden: %s\n", err);
            st = GPU_ERR_ARG;
            break;
        }
        double t0 = now_seconds();
        st = golden_run(g, &res);
        double dt = now_seconds() - t0;
        total += dt;
        if (dt < best) best = dt;
        golden_counters(g, &ctr);
        if (st != GPU_OK) break;
        golden_mem_read(g, c, C_ADDR, sizeof c);
        unsigned w = 0, first = 0;
        for (unsigned i = 0; i < N * N; i++)
            if (c[i] != ref[i] && !w++) first = i;
        if (w && wrong_run < 0) {
            wrong = w;
            first_wrong = first;
            wrong_run = reps;
            memcpy(c_wrong, c, sizeof c);
        }
    }
    printf("bench_golden: %s (%u instructions, %u waves/group, %u LDS bytes)\n", path, k.num_insts,
           k.waves_per_group, k.lds_bytes);
    printf("  config: N %u, %u groups, %u CUs, mem_latency %u, %u MiB, %d runs\n", N, GROUPS, cfg.num_cus,
           cfg.mem_latency, cfg.mem_bytes >> 20, REPS);
    int rc = 0;
    if (st != GPU_OK) {
        printf("  launch failed: status %s fault %s wave %u pc %u lane %d addr 0x%x reg %d\n", gpu_status_name(st),
               isa_fault_name(res.fault), res.wave, res.pc, res.lane, res.addr, res.reg);
        rc = 1;
    } else if (wrong) {
        printf("  result: WRONG in run %d: %u of %u words differ from the host reference (mul then add, k "
               "ascending); first C[%u][%u] = 0x%08x, expected 0x%08x\n", wrong_run + 1, wrong, N * N,
               first_wrong / N, first_wrong % N, c_wrong[first_wrong], ref[first_wrong]);
        rc = 1;
    } else {
        printf("  result: C matches the host reference bit for bit in every run (mul then add, k ascending)\n");
    }
    if (reps > 0) {
        printf("  ticks %" PRIu64 ", instructions %" PRIu64 ", lane_ops %" PRIu64 "\n", ctr.cycles,
               ctr.instructions, ctr.lane_ops);
        printf("  wall %.4f s best of %d (mean %.4f s): %.1f M lane-ops/s, %.2f M instructions/s\n", best, reps,
               total / reps, (double)ctr.lane_ops / best / 1e6, (double)ctr.instructions / best / 1e6);
    }
    golden_destroy(g);
    kbin_free(&k);
    return rc;
}
