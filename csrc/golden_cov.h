/* SPDX-License-Identifier: Apache-2.0 */
/* golden_cov.h: functional coverage (make coverage, docs/coverage.md). A
 * recorder counts the bins of one catalogue: opcode x operand kind x
 * destination kind, the destination refused as a constant, fault codes, LDS
 * conflict degrees, global accesses by kind x scope x nt, cache events, signal
 * reuse and barriers. The golden model owns one per model, fed from
 * golden_step; the RTL backend owns one for the events only the RTL sees
 * (cache counters, memory-error faults).
 *
 * A recorder exists only when the environment variable WAVEGPU_COVERAGE
 * names a directory: golden_cov_open returns NULL otherwise, and every hook
 * of the golden model is one test of a NULL pointer. golden_cov_close adds
 * the recorder's counts to DIR/func-<pid>.txt (read, summed, rewritten), one
 * line per bin of the whole catalogue, "group bin count", zeros included, so
 * that any file names every bin; scripts/coverage_report.py sums the files.
 */
#ifndef GPU_GOLDEN_COV_H
#define GPU_GOLDEN_COV_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct golden_cov golden_cov;

/* The bins outside the opcode table, by index. */
enum {
    GCOV_FAULT = 0,                            /* + code - 1: fault codes 1..10 (isa.def ISA_FAULT) */
    GCOV_LDS_DEGREE = GCOV_FAULT + 10,         /* + k - 1: an LDS instruction of k rounds, k = 1..32 */
    GCOV_GMEM = GCOV_LDS_DEGREE + 32,          /* + kind * 8 + scope * 2 + nt; kind 0 load, 1 store, 2 atomic */
    GCOV_L1_HIT = GCOV_GMEM + 24,              /* cache events (RTL counters, per line request) */
    GCOV_L1_MISS,
    GCOV_L1_EVICTION,
    GCOV_L2_HIT,
    GCOV_L2_MISS,
    GCOV_L2_WRITEBACK,
    GCOV_L2_ATOMIC,
    GCOV_SIG_REUSE,                            /* + kind: 0 load, 1 store, 2 atomic, 3 cache instruction */
    GCOV_BARRIER = GCOV_SIG_REUSE + 4,         /* + one of GCOV_BAR_* */
    GCOV_FIXED_END = GCOV_BARRIER + 4          /* then the bins built from isa.def's tables */
};

/* Barrier cases (bin GCOV_BARRIER + case). */
enum {
    GCOV_BAR_ONE_WAVE_GROUP = 0,   /* a barrier in a group of one wave */
    GCOV_BAR_BOTH_RUNNING,         /* a barrier while both waves of the group run */
    GCOV_BAR_PARTNER_ENDED,        /* a barrier after the other wave of the group has ended */
    GCOV_BAR_RELEASED_BY_END       /* a wave ends while the other waits at a barrier, releasing it */
};

/* NULL unless WAVEGPU_COVERAGE is set and not empty. */
golden_cov *golden_cov_open(void);
/* Adds the counts to DIR/func-<pid>.txt and frees the recorder (NULL: nothing).
 * A file that cannot be written is reported on stderr. */
void golden_cov_close(golden_cov *c);
/* n more hits of a fixed bin (an index below GCOV_FIXED_END). */
void golden_cov_add(golden_cov *c, unsigned bin, uint64_t n);
/* A fault of code 1..10 raised by instruction word inst (CONST_WRITE also
 * counts its format's refused destination). */
void golden_cov_fault(golden_cov *c, unsigned code, uint64_t inst);

/* ---- The golden model's hooks (csrc/golden*.c) ---- */

/* A launch of program code[0..n-1]: the counts of the previous program are
 * folded into their opcode bins first. */
void golden_cov_program(golden_cov *c, const uint64_t *code, uint32_t n);
/* The instruction at pc retired on (cu, slot). */
void golden_cov_retire(golden_cov *c, unsigned cu, unsigned slot, uint32_t pc);
/* The global access or cache instruction that (cu, slot) runs next waits for
 * its signal slot, still pending (counted when it retires). */
void golden_cov_sig_stall(golden_cov *c, unsigned cu, unsigned slot);
/* An LDS instruction issued: the selected lanes m and their byte addresses
 * (the rounds it takes are computed from them, docs/lds.md). */
void golden_cov_lds(golden_cov *c, int atomic, uint32_t m, const uint32_t *addr);

#ifdef __cplusplus
}
#endif

#endif
