/* SPDX-License-Identifier: Apache-2.0 */
/* golden_test.h: what the files of test_golden share (reporting is
 * tb/lib/check.h): the instruction encoders (ISA_SET, no assembler), the
 * program buffer and the harness that loads, launches and runs a program on
 * a golden model. */
#ifndef TB_GOLDEN_TEST_H
#define TB_GOLDEN_TEST_H

#include "alu.h"
#include "check.h"
#include "prng.h"
#include "f32.h"
#include "golden.h"
#include "isa.h"
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


enum { R_ZERO = 0, R_ONE, R_SID, R_WAVE, R_U8MAX, R_N2ND, R_N3RD, R_N4TH, R_LO16, R_CH2, R_CH4, R_ALO8,
       R_GROUP, R_GWAVE, R_NGROUPS, R_ARGS };

typedef struct { unsigned k; uint32_t v; } lsrc;   /* a long source */
static inline lsrc LV(unsigned r) { lsrc s = { ISA_KIND_V, r }; return s; }
static inline lsrc LS(unsigned r) { lsrc s = { ISA_KIND_S, r }; return s; }
static inline lsrc LL(uint32_t x) { lsrc s = { ISA_KIND_L, x }; return s; }
static inline lsrc LM(uint32_t m) { lsrc s = { ISA_KIND_M, m }; return s; }
static inline uint32_t SV(unsigned r) { return isa_src_make(ISA_KIND_V, r); }
static inline uint32_t SS(unsigned r) { return isa_src_make(ISA_KIND_S, r); }
static inline uint32_t SL(int32_t x) { return isa_src_make(ISA_KIND_L, (uint32_t)x & 0xFFF); }
static inline uint32_t SM(uint32_t m) { return isa_src_make(ISA_KIND_M, m); }
uint32_t MASK2(unsigned r1, unsigned inv1, unsigned r2, unsigned inv2);
static inline uint32_t M1(unsigned r) { return MASK2(r, 0, R_ONE, 0); }
static inline uint32_t MNOT(unsigned r) { return MASK2(r, 1, R_ONE, 0); }

#define M_ALL M1(R_ONE)

static inline uint64_t OP(unsigned opc) { return ISA_SET(0ull, OPCODE, opc); }
static inline uint64_t with_long(uint64_t w, lsrc s) { return ISA_SET(ISA_SET(w, LK, s.k), LV, s.v); }
static inline uint64_t ALU1(unsigned opc, unsigned d, lsrc b) { return with_long(ISA_SET(OP(opc), D, d), b); }
uint64_t ALU2(unsigned opc, unsigned d, uint32_t a, lsrc b);
uint64_t ALU3(unsigned opc, unsigned d, uint32_t a, uint32_t b, uint32_t c);
uint64_t MOVM(unsigned opc, unsigned d, uint32_t m, lsrc b);
static inline uint64_t MOV(unsigned d, uint32_t m, lsrc b) { return MOVM(ISA_OP_MOV, d, m, b); }
uint64_t SEL(unsigned d, uint32_t m, uint32_t f, uint32_t t);
static inline uint64_t BR(uint32_t target) { return ISA_SET(OP(ISA_OP_BR), TARGET, target); }
static inline uint64_t BRS(unsigned opc, uint32_t a, uint32_t target) { return ISA_SET(ISA_SET(OP(opc), A, a), TARGET, target); }
static inline uint64_t BRM(unsigned opc, uint32_t m, uint32_t target) { return ISA_SET(ISA_SET(OP(opc), M, m), TARGET, target); }
static inline uint64_t SIGD1(unsigned d, unsigned s1) { return ISA_SET(ISA_SET(OP(ISA_OP_SIG_DONE1), D, d), S1, s1); }
uint64_t SIGD2(unsigned d, unsigned s1, unsigned s2);
static inline uint64_t WAIT1(unsigned s1) { return ISA_SET(OP(ISA_OP_SIG_WAIT), S1, s1); }
static inline uint64_t WAIT2(unsigned s1, unsigned s2) { return ISA_SET(ISA_SET(OP(ISA_OP_SIG_WAITALL2), S1, s1), S2, s2); }
uint64_t WAIT4(unsigned s1, unsigned s2, unsigned s3, unsigned s4);
uint64_t LLOAD(unsigned d, uint32_t m, unsigned addr, uint32_t off);
uint64_t LSTORE(unsigned addr, uint32_t m, uint32_t v, uint32_t off);
uint64_t LATOM(unsigned opc, unsigned d, uint32_t m, unsigned addr, uint32_t v, uint32_t off, unsigned noret);
uint64_t GLOAD(unsigned sig, unsigned d, uint32_t m, unsigned addr);
uint64_t GSTORE(unsigned sig, unsigned addr, uint32_t m, uint32_t v);
uint64_t GATOM(unsigned opc, unsigned sig, unsigned d, uint32_t m, unsigned addr, uint32_t v, unsigned noret);
static inline uint64_t END(void) { return OP(ISA_OP_END); }
static inline uint64_t NOP(void) { return OP(ISA_OP_NOP); }
static inline uint64_t BARRIER(void) { return OP(ISA_OP_BARRIER); }

#define PROG_MAX 1024

typedef struct {
    uint64_t w[PROG_MAX];
    unsigned n;
} prog;

unsigned emit(prog *p, uint64_t w);

#define ARGS_ADDR 0x1000u
#define OUT_ADDR  0x2000u
#define MEM_BYTES (1u << 20)

golden *mk_model(check_case *t, unsigned cus, unsigned latency, uint64_t max_ticks, bool external);
void put_args(golden *g, const uint32_t *args, unsigned n);
int launch(check_case *t, golden *g, const prog *p, unsigned groups, unsigned wpg, unsigned lds);

/* Launches and runs; returns the status (GPU_ERR_ARG if the launch failed). */
gpu_status run(check_case *t, golden *g, const prog *p, unsigned groups, unsigned wpg, unsigned lds, gpu_result *res);

uint32_t rd32(golden *g, uint32_t addr);
void describe(const gpu_result *r, char *buf, size_t len);

/* Expects a fault with the given fields (lane/reg -2: not checked). */
void expect_fault(check_case *t, gpu_status st, const gpu_result *r, unsigned code, uint32_t pc, int lane, uint32_t addr, int reg);

/* Loads arg 0 (the output base) into v16[0] and waits. */
void emit_load_out_base(prog *p);

/* v17 = v16[0] + (wave * 32 + lane) * 4: this lane's output word. */
void emit_lane_addr(prog *p);

/* Every constant of docs/isa.md 1.2 in every lane of 4 waves (2 groups of 2). */
void test_constants(void);

void test_faults(void);
void test_pending(void);

/* Reissuing a pending slot stalls until it completes: two stores on one slot
 * take two latencies, on two slots one latency plus one tick. */
void test_signal_stall(void);

void test_barrier(void);

/* The dispatcher: id order, round robin, slots and LDS fit, waiting for room. */
void test_dispatcher(void);

/* Cross-lane, select, first_where_true, reductions (f32 tree order), s_div, atomics. */
void test_semantics(void);

/* br_all / br_any, a mask as a long source, sig_done2 and sig_waitall4. */
void test_branches_signals(void);

void test_determinism(void);

/* Two models stepped alternately, with different data and configs. */
void test_two_models(void);

void test_timeout(void);

/* The lockstep records of a masked mov, an LDS store, a global store, a
 * branch and a wait on an externally completed signal. */
void test_lockstep(void);

/* Per-CU counters: they sum to the totals, each CU's groups are the groups
 * placed there (by hand and by golden_run), 1 CU has everything on CU 0. */
void test_counters_per_cu(void);

/* cfg.memory: the model runs on a caller's buffer, neither cleared nor freed. */
void test_external_memory(void);

void test_config_errors(void);

/* The functional coverage recorder fed by the model (csrc/golden_cov.h). */
void test_coverage(void);
void test_alu_integer(void);

/* min/max/abs/neg/ne/gt/ge_f32 (not in the TestFloat set) against the rules of docs 4.3. */
void test_alu_f32_rules(void);

/* Every VALU and SALU opcode through the model, with operand kinds varied:
 * the vector ones write all lanes, the scalar ones only lane 0 from lane-0
 * (scalar context) operands. The function itself is isa_alu's. */
void test_alu_opcodes(void);

#endif
