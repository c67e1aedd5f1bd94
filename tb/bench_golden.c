/* bench_golden: golden-model speed on the seed workload, a 128x128 f32
 * matrix product with 8x8 tiles (shared/seeds/004_*): 256 work groups of two
 * waves on a 4-CU model, args A, B, C, N.
 *
 *   sim/bin/bench_golden [kernel.wgk [num_groups]]
 *
 * Runs sim/kernels/matmul_tiled.wgk (the assembled seed kernel) if it exists,
 * else a tiled matmul encoded below. Reports instructions, lane_ops, wall
 * time and lane-ops per second, and whether C matches a host reference. Not a
 * test: it never fails on speed.
 */
#define _POSIX_C_SOURCE 200809L
#include "f32.h"
#include "golden.h"
#include "isa.h"
#include "kbin.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define N 128u
#define TILE 8u
#define ARGS_ADDR 0x1000u
#define A_ADDR 0x10000u
#define B_ADDR (A_ADDR + N * N * 4)
#define C_ADDR (B_ADDR + N * N * 4)
#define REPS 5

/* ---- the built-in kernel, encoded with ISA_SET ---- */

static uint64_t OP(unsigned opc) { return ISA_SET(0ull, OPCODE, opc); }
static uint32_t SV(unsigned r) { return isa_src_make(ISA_KIND_V, r); }
static uint32_t SS(unsigned r) { return isa_src_make(ISA_KIND_S, r); }
static uint64_t LONG(uint64_t w, unsigned kind, uint32_t v) { return ISA_SET(ISA_SET(w, LK, kind), LV, v); }
static uint64_t ALU2(unsigned opc, unsigned d, uint32_t a, unsigned bk, uint32_t b)
{
    return LONG(ISA_SET(ISA_SET(OP(opc), D, d), A, a), bk, b);
}
static uint64_t ALU3(unsigned opc, unsigned d, uint32_t a, uint32_t b, uint32_t c)
{
    return ISA_SET(ISA_SET(ISA_SET(ISA_SET(OP(opc), D, d), A, a), B3, b), C3, c);
}
static uint32_t ALL(void) { isa_mask m = { 1, 0, 1, 0 }; return isa_mask_encode(m); }
static uint64_t MOVL(unsigned d, uint32_t lit) { return LONG(ISA_SET(ISA_SET(OP(ISA_OP_MOV), D, d), M, ALL()), ISA_KIND_L, lit); }
static uint64_t GLOAD(unsigned sig, unsigned d, unsigned addr)
{
    return ISA_SET(ISA_SET(ISA_SET(ISA_SET(OP(ISA_OP_GLOBAL_LOAD32), D, d), M, ALL()), ADDR, addr), SIG, sig);
}
static uint64_t GSTORE(unsigned sig, unsigned addr, unsigned v)
{
    return ISA_SET(ISA_SET(ISA_SET(ISA_SET(OP(ISA_OP_GLOBAL_STORE32), M, ALL()), ADDR, addr), V, SV(v)), SIG, sig);
}
static uint64_t LLOAD(unsigned d, unsigned addr, uint32_t off)
{
    return ISA_SET(ISA_SET(ISA_SET(ISA_SET(OP(ISA_OP_LOCAL_LOAD32), D, d), M, ALL()), ADDR, addr), OFFSET, off);
}
static uint64_t LSTORE(unsigned addr, unsigned v, uint32_t off)
{
    return ISA_SET(ISA_SET(ISA_SET(ISA_SET(OP(ISA_OP_LOCAL_STORE32), M, ALL()), ADDR, addr), V, SV(v)), OFFSET, off);
}

enum { V = ISA_KIND_V, S = ISA_KIND_S, L = ISA_KIND_L };

/* C = A * B for N x N row-major f32, one 8x8 tile per group of two waves:
 * wave w computes local rows 4w..4w+3; lane l is local column l % 8.
 * sum = fma(Asub[row][k], Bsub[k][col], sum) for k = 0..7 in order. */
static unsigned build_matmul(uint64_t *w)
{
    unsigned n = 0;
    w[n++] = GLOAD(0, 16, ISA_REG_ARGS);                                  /* v16 = A */
    w[n++] = ALU2(ISA_OP_ADD, 20, SV(ISA_REG_ARGS), L, 4);
    w[n++] = GLOAD(1, 17, 20);                                            /* v17 = B */
    w[n++] = ALU2(ISA_OP_ADD, 20, SV(ISA_REG_ARGS), L, 8);
    w[n++] = GLOAD(2, 18, 20);                                            /* v18 = C */
    w[n++] = ALU2(ISA_OP_ADD, 20, SV(ISA_REG_ARGS), L, 12);
    w[n++] = GLOAD(3, 19, 20);                                            /* v19 = N */
    w[n++] = ISA_SET(ISA_SET(ISA_SET(ISA_SET(OP(ISA_OP_SIG_WAITALL4), S1, 0), S2, 1), S3, 2), S4, 3);
    w[n++] = ALU2(ISA_OP_SHL, 21, SV(ISA_REG_GROUP_WAVE), L, 5);
    w[n++] = ALU2(ISA_OP_ADD, 21, SV(21), V, ISA_REG_SID);                /* lid 0..63 */
    w[n++] = ALU2(ISA_OP_SHR_U32, 22, SV(21), L, 3);                      /* lrow */
    w[n++] = ALU2(ISA_OP_AND, 23, SV(21), L, 7);                          /* lcol */
    w[n++] = ALU2(ISA_OP_S_SHR_U32, 24, SV(19), L, 3);                    /* tiles per row */
    w[n++] = ALU2(ISA_OP_S_DIV_U32, 25, SV(ISA_REG_GROUP), S, 24);        /* tile row */
    w[n++] = ALU2(ISA_OP_S_REM_U32, 26, SV(ISA_REG_GROUP), S, 24);        /* tile col */
    w[n++] = ALU2(ISA_OP_SHL, 27, SS(25), L, 3);
    w[n++] = ALU2(ISA_OP_ADD, 27, SV(27), V, 22);                         /* row */
    w[n++] = ALU2(ISA_OP_SHL, 28, SS(26), L, 3);
    w[n++] = ALU2(ISA_OP_ADD, 28, SV(28), V, 23);                         /* col */
    w[n++] = ALU2(ISA_OP_MUL_LO, 29, SV(27), S, 19);
    w[n++] = ALU2(ISA_OP_ADD, 29, SV(29), V, 23);
    w[n++] = ALU2(ISA_OP_SHL, 29, SV(29), L, 2);
    w[n++] = ALU2(ISA_OP_ADD, 29, SV(29), S, 16);                         /* &A[row][lcol] */
    w[n++] = ALU2(ISA_OP_MUL_LO, 30, SV(22), S, 19);
    w[n++] = ALU2(ISA_OP_ADD, 30, SV(30), V, 28);
    w[n++] = ALU2(ISA_OP_SHL, 30, SV(30), L, 2);
    w[n++] = ALU2(ISA_OP_ADD, 30, SV(30), S, 17);                         /* &B[lrow][col] */
    w[n++] = ALU2(ISA_OP_SHL, 31, SS(19), L, 5);                          /* B step: 8 rows */
    w[n++] = ALU2(ISA_OP_SHL, 32, SV(21), L, 2);                          /* LDS store address */
    w[n++] = ALU2(ISA_OP_SHL, 33, SV(22), L, 5);                          /* &Asub[lrow][0] */
    w[n++] = ALU2(ISA_OP_SHL, 34, SV(23), L, 2);                          /* &Bsub[0][lcol] - 256 */
    w[n++] = MOVL(35, 0);                                                 /* sum */
    w[n++] = LONG(ISA_SET(OP(ISA_OP_S_MOV), D, 36), S, 24);               /* tiles left */
    unsigned loop = n;
    w[n++] = GLOAD(4, 37, 29);
    w[n++] = GLOAD(5, 38, 30);
    w[n++] = ISA_SET(ISA_SET(OP(ISA_OP_SIG_WAITALL2), S1, 4), S2, 5);
    w[n++] = LSTORE(32, 37, 0);
    w[n++] = LSTORE(32, 38, 256);
    w[n++] = OP(ISA_OP_BARRIER);
    for (unsigned k = 0; k < TILE; k++) {
        w[n++] = LLOAD(39, 33, k * 4);
        w[n++] = LLOAD(40, 34, 256 + k * 32);
        w[n++] = ALU3(ISA_OP_FMA_F32, 35, SV(39), SV(40), SV(35));
    }
    w[n++] = OP(ISA_OP_BARRIER);
    w[n++] = ALU2(ISA_OP_ADD, 29, SV(29), L, 32);
    w[n++] = ALU2(ISA_OP_ADD, 30, SV(30), V, 31);
    w[n++] = ALU2(ISA_OP_S_SUB, 36, SV(36), L, 1);
    w[n++] = ISA_SET(ISA_SET(OP(ISA_OP_BRNZ), A, SS(36)), TARGET, loop);
    w[n++] = ALU2(ISA_OP_MUL_LO, 41, SV(27), S, 19);
    w[n++] = ALU2(ISA_OP_ADD, 41, SV(41), V, 28);
    w[n++] = ALU2(ISA_OP_SHL, 41, SV(41), L, 2);
    w[n++] = ALU2(ISA_OP_ADD, 41, SV(41), S, 18);                         /* &C[row][col] */
    w[n++] = GSTORE(6, 41, 35);
    w[n++] = ISA_SET(OP(ISA_OP_SIG_WAIT), S1, 6);
    w[n++] = OP(ISA_OP_END);
    return n;
}

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
    const char *path = argc > 1 ? argv[1] : "sim/kernels/matmul_tiled.wgk";
    uint32_t groups = argc > 2 ? (uint32_t)strtoul(argv[2], NULL, 0) : (N / TILE) * (N / TILE);
    char err[512];

    static uint64_t builtin[256];
    kbin k;
    memset(&k, 0, sizeof k);
    uint8_t *bin = NULL;
    size_t binlen = 0;
    int from_file = 0;
    if (kbin_read_file(path, &bin, &binlen, 1u << 20, err, sizeof err) == 0) {
        if (kbin_parse(bin, binlen, &k, err, sizeof err) != 0) {
            fprintf(stderr, "bench_golden: %s: %s\n", path, err);
            free(bin);
            return 1;
        }
        free(bin);
        from_file = 1;
    } else {
        printf("bench_golden: %s not available (%s); using the built-in tiled matmul kernel\n", path, err);
        k.num_insts = build_matmul(builtin);
        k.insts = builtin;
        k.lds_bytes = 2 * TILE * TILE * 4;
        k.waves_per_group = 2;
    }

    golden_config cfg;
    golden_config_default(&cfg);     /* 4 CUs, 16 MiB, latency 20 */
    golden *g = NULL;
    if (golden_create(&g, &cfg, err, sizeof err) != GPU_OK) {
        fprintf(stderr, "bench_golden: %s\n", err);
        return 1;
    }

    /* Inputs: deterministic values in [-1, 1) with full mantissas. */
    static uint32_t a[N * N], b[N * N], c[N * N], ref_fma[N * N], ref_muladd[N * N];
    uint64_t seed = 0x9E3779B97F4A7C15ull;
    for (unsigned i = 0; i < N * N; i++) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        a[i] = as_bits((float)((int32_t)(seed >> 33) - (1 << 30)) / (float)(1 << 30));
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        b[i] = as_bits((float)((int32_t)(seed >> 33) - (1 << 30)) / (float)(1 << 30));
    }
    /* References: k ascending, with one fma per step or a rounded product then a sum. */
    double max_err = 0;
    for (unsigned r = 0; r < N; r++)
        for (unsigned col = 0; col < N; col++) {
            uint32_t s1 = 0, s2 = 0;
            for (unsigned kk = 0; kk < N; kk++) {
                s1 = f32_fma(a[r * N + kk], b[kk * N + col], s1);
                s2 = f32_add(s2, f32_mul(a[r * N + kk], b[kk * N + col]));
            }
            ref_fma[r * N + col] = s1;
            ref_muladd[r * N + col] = s2;
        }
    uint32_t args[4] = { A_ADDR, B_ADDR, C_ADDR, N };
    golden_mem_write(g, ARGS_ADDR, args, sizeof args);
    golden_mem_write(g, A_ADDR, a, sizeof a);
    golden_mem_write(g, B_ADDR, b, sizeof b);

    golden_launch_params lp = { k.insts, k.num_insts, groups, k.waves_per_group, k.lds_bytes, ARGS_ADDR };
    double best = 1e30, total = 0;
    gpu_counters ctr;
    memset(&ctr, 0, sizeof ctr);
    gpu_result res;
    gpu_status st = GPU_OK;
    for (int rep = 0; rep < REPS; rep++) {
        uint32_t zero = 0;
        for (unsigned i = 0; i < N * N; i++)
            golden_mem_write(g, C_ADDR + 4 * i, &zero, 4);
        if (golden_launch(g, &lp, err, sizeof err) != GPU_OK) {
            fprintf(stderr, "bench_golden: %s\n", err);
            golden_destroy(g);
            return 1;
        }
        double t0 = now_seconds();
        st = golden_run(g, &res);
        double dt = now_seconds() - t0;
        total += dt;
        if (dt < best)
            best = dt;
        golden_counters(g, &ctr);
        if (st != GPU_OK)
            break;
    }
    printf("bench_golden: kernel %s (%u instructions, %u waves/group, %u LDS bytes), %u groups, %u CUs\n",
           from_file ? path : "built-in matmul", k.num_insts, k.waves_per_group, k.lds_bytes, groups, cfg.num_cus);
    if (st != GPU_OK) {
        printf("  launch failed: status %d fault %s wave %u pc %u lane %d addr 0x%x reg %d\n", (int)st,
               isa_fault_name(res.fault), res.wave, res.pc, res.lane, res.addr, res.reg);
    } else {
        golden_mem_read(g, c, C_ADDR, sizeof c);
        unsigned same_fma = 0, same_muladd = 0;
        for (unsigned i = 0; i < N * N; i++) {
            same_fma += c[i] == ref_fma[i];
            same_muladd += c[i] == ref_muladd[i];
            double e = fabs((double)as_float(c[i]) - (double)as_float(ref_fma[i]));
            if (!(e <= max_err))
                max_err = e;
        }
        if (same_fma == N * N)
            printf("  result: C matches the host reference bit for bit (fma per step, k ascending)\n");
        else if (same_muladd == N * N)
            printf("  result: C matches the host reference bit for bit (mul then add, k ascending)\n");
        else
            printf("  result: C differs from both host references (%u / %u words equal the fma one, max abs "
                   "difference %g)\n", same_fma, N * N, max_err);
    }
    double lane_ops_per_s = (double)ctr.lane_ops / best;
    printf("  ticks %" PRIu64 ", instructions %" PRIu64 ", lane_ops %" PRIu64 "\n", ctr.cycles, ctr.instructions,
           ctr.lane_ops);
    printf("  wall %.4f s best of %d (mean %.4f s): %.1f M lane-ops/s, %.2f M instructions/s\n", best, REPS,
           total / REPS, lane_ops_per_s / 1e6, (double)ctr.instructions / best / 1e6);
    golden_destroy(g);
    if (from_file)
        kbin_free(&k);
    return st == GPU_OK ? 0 : 1;
}
