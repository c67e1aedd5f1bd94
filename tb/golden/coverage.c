/* SPDX-License-Identifier: Apache-2.0 */
/* The functional coverage recorder (csrc/golden_cov.h) as the golden model
 * feeds it: with WAVEGPU_COVERAGE set to a fresh directory, two models run
 * programs whose bins are known (operand kinds, a reissue onto a pending
 * slot, LDS accesses of 32, 16 and 1 rounds, global stores, a barrier after
 * the other wave ended and one released by an end, a refused constant
 * destination); both add to the one file of the process, which must then
 * hold each count. */
#define _POSIX_C_SOURCE 200809L
#include "golden_test.h"

#include <dirent.h>
#include <unistd.h>

/* The count of "group bin" in the file, or -1 if the line is missing. */
static long long bin_count(const char *path, const char *group, const char *bin)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char line[256], g[64], b[64];
    unsigned long long v;
    long long found = -1;
    while (found < 0 && fgets(line, sizeof line, f))
        if (sscanf(line, "%63s %63s %llu", g, b, &v) == 3 && !strcmp(g, group) && !strcmp(b, bin))
            found = (long long)v;
    fclose(f);
    return found;
}

/* Wave 0 runs `nops` nops then a barrier; wave 1 `wave1_nops` nops then ends. */
static void barrier_prog(prog *p, unsigned nops, unsigned wave1_nops)
{
    p->n = 0;
    emit(p, BRS(ISA_OP_BRNZ, SS(R_GWAVE), 0));   /* patched below: wave 1 jumps */
    for (unsigned i = 0; i < nops; i++) emit(p, NOP());
    emit(p, BARRIER());
    emit(p, END());
    emit(p, NOP());   /* padding: wave 1 starts below */
    p->w[0] = BRS(ISA_OP_BRNZ, SS(R_GWAVE), p->n);
    for (unsigned i = 0; i < wave1_nops; i++) emit(p, NOP());
    emit(p, END());
}

void test_coverage(void)
{
    check_case t;
    case_begin(&t, "golden_coverage_bins_recorded_and_merged");
    char dir[] = "/tmp/wavegpu_cov_XXXXXX";
    if (!mkdtemp(dir)) {
        case_fail(&t, "mkdtemp failed");
        case_end(&t);
        return;
    }
    const char *was = getenv("WAVEGPU_COVERAGE");
    char saved[1024] = "";
    if (was) snprintf(saved, sizeof saved, "%s", was);
    setenv("WAVEGPU_COVERAGE", dir, 1);
    gpu_result r;

    /* Model 1: operand kinds, a reissue onto a pending slot, 32 rounds of LDS,
     * then two barrier programs. */
    golden *g = mk_model(&t, 1, 50, 100000, false);
    if (g) {
        prog p = { .n = 0 };
        emit(&p, MOV(16, M_ALL, LL(OUT_ADDR)));
        emit(&p, GSTORE(0, 16, M_ALL, SL(1)));
        emit(&p, GSTORE(0, 16, M_ALL, SL(2)));        /* s0 still pending: waits */
        emit(&p, ALU2(ISA_OP_SHL, 17, SV(R_SID), LL(7)));   /* lane * 128: every lane in bank 0 */
        emit(&p, LSTORE(17, M_ALL, SL(5), 0));      /* 32 words in one bank: 32 rounds */
        emit(&p, ALU2(ISA_OP_SHL, 18, SV(R_SID), LL(6)));   /* lane * 64: banks 0 and 16 */
        emit(&p, LSTORE(18, M_ALL, SL(6), 0));      /* 16 rounds */
        emit(&p, LLOAD(19, M_ALL, R_ZERO, 0));      /* one word for all: 1 round */
        emit(&p, LATOM(ISA_OP_LOCAL_ATOMIC_ADD, 20, M_ALL, R_ZERO, SL(1), 0, 0));   /* an atomic: 32 */
        emit(&p, END());
        CHECK(&t, run(&t, g, &p, 1, 1, 4096, &r) == GPU_OK, "program 1 did not end normally");
        barrier_prog(&p, 3, 0);     /* wave 1 ends first */
        CHECK(&t, run(&t, g, &p, 1, 2, 0, &r) == GPU_OK, "program 2 did not end normally");
        barrier_prog(&p, 0, 3);     /* wave 0 waits at the barrier, wave 1's end releases it */
        CHECK(&t, run(&t, g, &p, 1, 2, 0, &r) == GPU_OK, "program 3 did not end normally");
        golden_destroy(g);
    }
    /* Model 2: a refused constant destination. */
    g = mk_model(&t, 1, 50, 100000, false);
    if (g) {
        prog p = { .n = 0 };
        emit(&p, MOV(R_WAVE, M_ALL, LL(1)));
        emit(&p, END());
        CHECK(&t, run(&t, g, &p, 1, 1, 0, &r) == GPU_ERR_FAULT, "the constant write did not fault");
        golden_destroy(g);
    }
    if (was) setenv("WAVEGPU_COVERAGE", saved, 1);
    else unsetenv("WAVEGPU_COVERAGE");

    char path[256];
    snprintf(path, sizeof path, "%s/func-%ld.txt", dir, (long)getpid());
    static const struct { const char *group, *bin; long long n; } want[] = {
        { "opcode", "mov.B=L.vreg", 1 },          /* model 2's mov faulted: not retired */
        { "opcode", "shl.A=V.vreg", 2 },
        { "opcode", "shl.B=L.vreg", 2 },
        { "opcode", "shl.B=V.vreg", 0 },
        { "opcode", "global_store32.V=L.none", 2 },
        { "opcode", "barrier.none", 2 },
        { "opcode", "end.none", 5 },
        { "global", "store.wave", 2 },
        { "global", "load.wave", 0 },
        { "signal", "reuse_pending.store", 1 },
        { "lds_degree", "32", 2 },
        { "lds_degree", "16", 1 },
        { "lds_degree", "1", 1 },
        { "lds_degree", "2", 0 },
        { "barrier", "partner_ended", 1 },
        { "barrier", "released_by_end", 1 },
        { "barrier", "both_running", 1 },        /* program 3's wave 0 */
        { "barrier", "one_wave_group", 0 },
        { "fault", "CONST_WRITE", 1 },
        { "fault", "MEM_READ_ERROR", 0 },
        { "dest_const", "mov.refused", 1 },
        { "cache", "l1.hit", 0 },                 /* declared, fed by the RTL backend only */
    };
    for (unsigned i = 0; i < sizeof want / sizeof want[0]; i++) {
        long long n = bin_count(path, want[i].group, want[i].bin);
        CHECK(&t, n == want[i].n, "%s: bin %s %s: %lld, expected %lld", path, want[i].group, want[i].bin, n, want[i].n);
    }
    /* One file for the process, and nothing else in the directory. */
    DIR *d = opendir(dir);
    unsigned files = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        if (e->d_name[0] != '.') files++;
    if (d) closedir(d);
    CHECK(&t, files == 1, "%u files in %s, expected 1", files, dir);
    remove(path);
    rmdir(dir);
    case_end(&t);
}
