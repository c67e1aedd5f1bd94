/* SPDX-License-Identifier: Apache-2.0 */
/* test_golden: directed tests of the golden model (csrc/golden.h), driven
 * directly with small programs encoded here with ISA_SET (no assembler).
 *
 * Covers the constants, every fault kind with its reported pc, lane,
 * address or register, PENDING_REG reads and overwrites, signal stalls on
 * reissue, barriers, the dispatcher, reductions, cross-lane operations,
 * atomics, two coexisting models, determinism, the watchdog and the lockstep
 * step API with its retire records. One PASS/FAIL line per test.
 */
#include "alu.h"
#include "f32.h"
#include "golden.h"
#include "isa.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ reporting */

typedef struct {
    const char *name;
    int ok;
    char why[600];
} tcase;

static int g_failed, g_passed;

static void t_begin(tcase *t, const char *name)
{
    t->name = name;
    t->ok = 1;
    t->why[0] = 0;
}

static void t_fail(tcase *t, const char *fmt, ...)
{
    if (!t->ok)
        return;
    t->ok = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->why, sizeof t->why, fmt, ap);
    va_end(ap);
}

#define CHECK(t, cond, ...) do { if (!(cond)) t_fail((t), __VA_ARGS__); } while (0)

static void t_end(tcase *t)
{
    if (t->ok) {
        printf("PASS %s\n", t->name);
        g_passed++;
    } else {
        printf("FAIL %s: %s\n", t->name, t->why);
        g_failed++;
    }
}

/* ------------------------------------------------------------- encoding */

enum { R_ZERO = 0, R_ONE, R_SID, R_WAVE, R_U8MAX, R_N2ND, R_N3RD, R_N4TH, R_LO16, R_CH2, R_CH4, R_ALO8,
       R_GROUP, R_GWAVE, R_NGROUPS, R_ARGS };

typedef struct { unsigned k; uint32_t v; } lsrc;   /* a long source */

static lsrc LV(unsigned r) { lsrc s = { ISA_KIND_V, r }; return s; }
static lsrc LS(unsigned r) { lsrc s = { ISA_KIND_S, r }; return s; }
static lsrc LL(uint32_t x) { lsrc s = { ISA_KIND_L, x }; return s; }
static lsrc LM(uint32_t m) { lsrc s = { ISA_KIND_M, m }; return s; }

static uint32_t SV(unsigned r) { return isa_src_make(ISA_KIND_V, r); }
static uint32_t SS(unsigned r) { return isa_src_make(ISA_KIND_S, r); }
static uint32_t SL(int32_t x) { return isa_src_make(ISA_KIND_L, (uint32_t)x & 0xFFF); }
static uint32_t SM(uint32_t m) { return isa_src_make(ISA_KIND_M, m); }

static uint32_t MASK2(unsigned r1, unsigned inv1, unsigned r2, unsigned inv2)
{
    isa_mask m = { (uint8_t)r1, (uint8_t)inv1, (uint8_t)r2, (uint8_t)inv2 };
    return isa_mask_encode(m);
}
static uint32_t M1(unsigned r) { return MASK2(r, 0, R_ONE, 0); }
static uint32_t MNOT(unsigned r) { return MASK2(r, 1, R_ONE, 0); }
#define M_ALL M1(R_ONE)

static uint64_t OP(unsigned opc) { return ISA_SET(0ull, OPCODE, opc); }
static uint64_t with_long(uint64_t w, lsrc s) { return ISA_SET(ISA_SET(w, LK, s.k), LV, s.v); }

static uint64_t ALU1(unsigned opc, unsigned d, lsrc b) { return with_long(ISA_SET(OP(opc), D, d), b); }
static uint64_t ALU2(unsigned opc, unsigned d, uint32_t a, lsrc b)
{
    return with_long(ISA_SET(ISA_SET(OP(opc), D, d), A, a), b);
}
static uint64_t ALU3(unsigned opc, unsigned d, uint32_t a, uint32_t b, uint32_t c)
{
    return ISA_SET(ISA_SET(ISA_SET(ISA_SET(OP(opc), D, d), A, a), B3, b), C3, c);
}
static uint64_t MOVM(unsigned opc, unsigned d, uint32_t m, lsrc b)
{
    return with_long(ISA_SET(ISA_SET(OP(opc), D, d), M, m), b);
}
static uint64_t MOV(unsigned d, uint32_t m, lsrc b) { return MOVM(ISA_OP_MOV, d, m, b); }
static uint64_t SEL(unsigned d, uint32_t m, uint32_t f, uint32_t t)
{
    return ISA_SET(ISA_SET(ISA_SET(ISA_SET(OP(ISA_OP_SELECT), D, d), M, m), SEL_F, f), SEL_T, t);
}
static uint64_t BR(uint32_t target) { return ISA_SET(OP(ISA_OP_BR), TARGET, target); }
static uint64_t BRS(unsigned opc, uint32_t a, uint32_t target) { return ISA_SET(ISA_SET(OP(opc), A, a), TARGET, target); }
static uint64_t BRM(unsigned opc, uint32_t m, uint32_t target) { return ISA_SET(ISA_SET(OP(opc), M, m), TARGET, target); }
static uint64_t SIGD1(unsigned d, unsigned s1) { return ISA_SET(ISA_SET(OP(ISA_OP_SIG_DONE1), D, d), S1, s1); }
static uint64_t SIGD2(unsigned d, unsigned s1, unsigned s2)
{
    return ISA_SET(ISA_SET(ISA_SET(OP(ISA_OP_SIG_DONE2), D, d), S1, s1), S2, s2);
}
static uint64_t WAIT1(unsigned s1) { return ISA_SET(OP(ISA_OP_SIG_WAIT), S1, s1); }
static uint64_t WAIT2(unsigned s1, unsigned s2) { return ISA_SET(ISA_SET(OP(ISA_OP_SIG_WAITALL2), S1, s1), S2, s2); }
static uint64_t WAIT4(unsigned s1, unsigned s2, unsigned s3, unsigned s4)
{
    return ISA_SET(ISA_SET(ISA_SET(ISA_SET(OP(ISA_OP_SIG_WAITALL4), S1, s1), S2, s2), S3, s3), S4, s4);
}
static uint64_t LLOAD(unsigned d, uint32_t m, unsigned addr, uint32_t off)
{
    return ISA_SET(ISA_SET(ISA_SET(ISA_SET(OP(ISA_OP_LOCAL_LOAD32), D, d), M, m), ADDR, addr), OFFSET, off);
}
static uint64_t LSTORE(unsigned addr, uint32_t m, uint32_t v, uint32_t off)
{
    return ISA_SET(ISA_SET(ISA_SET(ISA_SET(OP(ISA_OP_LOCAL_STORE32), M, m), ADDR, addr), V, v), OFFSET, off);
}
static uint64_t LATOM(unsigned opc, unsigned d, uint32_t m, unsigned addr, uint32_t v, uint32_t off, unsigned noret)
{
    uint64_t w = ISA_SET(ISA_SET(ISA_SET(ISA_SET(OP(opc), D, d), M, m), ADDR, addr), V, v);
    return ISA_SET(ISA_SET(w, OFFSET, off), NORET, noret);
}
static uint64_t GLOAD(unsigned sig, unsigned d, uint32_t m, unsigned addr)
{
    return ISA_SET(ISA_SET(ISA_SET(ISA_SET(OP(ISA_OP_GLOBAL_LOAD32), D, d), M, m), ADDR, addr), SIG, sig);
}
static uint64_t GSTORE(unsigned sig, unsigned addr, uint32_t m, uint32_t v)
{
    return ISA_SET(ISA_SET(ISA_SET(ISA_SET(OP(ISA_OP_GLOBAL_STORE32), M, m), ADDR, addr), V, v), SIG, sig);
}
static uint64_t GATOM(unsigned opc, unsigned sig, unsigned d, uint32_t m, unsigned addr, uint32_t v, unsigned noret)
{
    uint64_t w = ISA_SET(ISA_SET(ISA_SET(ISA_SET(OP(opc), D, d), M, m), ADDR, addr), V, v);
    return ISA_SET(ISA_SET(w, SIG, sig), NORET, noret);
}
static uint64_t END(void) { return OP(ISA_OP_END); }
static uint64_t NOP(void) { return OP(ISA_OP_NOP); }
static uint64_t BARRIER(void) { return OP(ISA_OP_BARRIER); }

#define PROG_MAX 1024

typedef struct {
    uint64_t w[PROG_MAX];
    unsigned n;
} prog;

static unsigned emit(prog *p, uint64_t w)
{
    if (p->n < PROG_MAX)
        p->w[p->n] = w;
    return p->n++;
}

/* Every word a test builds on purpose must be canonical (fault tests plant
 * their illegal words after this check). */
static int prog_valid(const prog *p, char *why, size_t len)
{
    for (unsigned i = 0; i < p->n; i++)
        if (!isa_valid(p->w[i])) {
            snprintf(why, len, "test program word %u (0x%016" PRIx64 ") is not canonical", i, p->w[i]);
            return 0;
        }
    return 1;
}

/* ------------------------------------------------------------- harness */

#define ARGS_ADDR 0x1000u
#define OUT_ADDR  0x2000u
#define MEM_BYTES (1u << 20)

static golden *mk_model(tcase *t, unsigned cus, unsigned latency, uint64_t max_ticks, bool external)
{
    golden_config cfg;
    golden_config_default(&cfg);
    cfg.num_cus = cus;
    cfg.mem_bytes = MEM_BYTES;
    cfg.mem_latency = latency;
    cfg.max_ticks = max_ticks;
    cfg.external_signals = external;
    golden *g = NULL;
    char err[256];
    if (golden_create(&g, &cfg, err, sizeof err) != GPU_OK) {
        t_fail(t, "golden_create: %s", err);
        return NULL;
    }
    return g;
}

static void put_args(golden *g, const uint32_t *args, unsigned n)
{
    golden_mem_write(g, ARGS_ADDR, args, n * 4);
}

static int launch(tcase *t, golden *g, const prog *p, unsigned groups, unsigned wpg, unsigned lds)
{
    char err[256];
    if (p->n > PROG_MAX) {
        t_fail(t, "test program too long (%u words)", p->n);
        return 0;
    }
    if (!prog_valid(p, err, sizeof err)) {
        t_fail(t, "%s", err);
        return 0;
    }
    golden_launch_params lp = { p->w, p->n, groups, wpg, lds, ARGS_ADDR };
    if (golden_launch(g, &lp, err, sizeof err) != GPU_OK) {
        t_fail(t, "golden_launch: %s", err);
        return 0;
    }
    return 1;
}

/* Launches and runs; returns the status (GPU_ERR_ARG if the launch failed). */
static gpu_status run(tcase *t, golden *g, const prog *p, unsigned groups, unsigned wpg, unsigned lds, gpu_result *res)
{
    if (!launch(t, g, p, groups, wpg, lds))
        return GPU_ERR_ARG;
    return golden_run(g, res);
}

static uint32_t rd32(golden *g, uint32_t addr)
{
    uint32_t v = 0;
    golden_mem_read(g, &v, addr, 4);
    return v;
}

static void describe(const gpu_result *r, char *buf, size_t len)
{
    snprintf(buf, len, "status %d fault %u (%s) wave %u cu %u pc %u lane %d addr 0x%x reg %d", (int)r->status,
             r->fault, isa_fault_name(r->fault), r->wave, r->cu, r->pc, r->lane, r->addr, r->reg);
}

/* Expects a fault with the given fields (lane/reg -2: not checked). */
static void expect_fault(tcase *t, gpu_status st, const gpu_result *r, unsigned code, uint32_t pc, int lane,
                         uint32_t addr, int reg)
{
    char d[256];
    describe(r, d, sizeof d);
    CHECK(t, st == GPU_ERR_FAULT && r->status == GPU_ERR_FAULT, "expected a fault, got %s", d);
    CHECK(t, r->fault == code, "expected fault %s, got %s", isa_fault_name(code), d);
    CHECK(t, r->pc == pc, "expected pc %u, got %s", pc, d);
    if (lane != -2)
        CHECK(t, r->lane == lane, "expected lane %d, got %s", lane, d);
    if (code >= ISA_FAULT_GLOBAL_MISALIGNED && code <= ISA_FAULT_PC_OUT_OF_RANGE)
        CHECK(t, r->addr == addr, "expected addr 0x%x, got %s", addr, d);
    if (reg != -2)
        CHECK(t, r->reg == reg, "expected reg %d, got %s", reg, d);
}

/* Loads arg 0 (the output base) into v16[0] and waits. */
static void emit_load_out_base(prog *p)
{
    emit(p, GLOAD(15, 16, M1(R_ONE), R_ARGS));
    emit(p, WAIT1(15));
}

/* v17 = v16[0] + (wave * 32 + lane) * 4: this lane's output word. */
static void emit_lane_addr(prog *p)
{
    emit(p, ALU2(ISA_OP_SHL, 17, SV(R_WAVE), LL(5)));
    emit(p, ALU2(ISA_OP_ADD, 17, SV(17), LV(R_SID)));
    emit(p, ALU2(ISA_OP_SHL, 17, SV(17), LL(2)));
    emit(p, ALU2(ISA_OP_ADD, 17, SV(17), LS(16)));
}

/* ------------------------------------------------------------- the tests */

/* Every constant of docs/isa.md 1.2 in every lane of 4 waves (2 groups of 2). */
static void test_constants(void)
{
    tcase t;
    t_begin(&t, "golden_constants_all_lanes");
    golden *g = mk_model(&t, 2, 5, 100000, false);
    if (!g) { t_end(&t); return; }
    prog p = { .n = 0 };
    emit_load_out_base(&p);
    /* v17 = base + (wave*32 + lane) * 64: 16 words per lane */
    emit(&p, ALU2(ISA_OP_SHL, 17, SV(R_WAVE), LL(5)));
    emit(&p, ALU2(ISA_OP_ADD, 17, SV(17), LV(R_SID)));
    emit(&p, ALU2(ISA_OP_SHL, 17, SV(17), LL(6)));
    emit(&p, ALU2(ISA_OP_ADD, 17, SV(17), LS(16)));
    for (unsigned k = 0; k < 16; k++) {
        emit(&p, ALU2(ISA_OP_ADD, 18, SV(17), LL(k * 4)));
        emit(&p, GSTORE(1, 18, M_ALL, SV(k)));      /* reissues s1: stalls each time */
    }
    emit(&p, WAIT1(1));
    emit(&p, END());
    uint32_t args[1] = { OUT_ADDR };
    put_args(g, args, 1);
    gpu_result r;
    gpu_status st = run(&t, g, &p, 2, 2, 0, &r);
    CHECK(&t, st == GPU_OK, "run returned %d", (int)st);
    for (unsigned w = 0; w < 4 && t.ok; w++)
        for (unsigned l = 0; l < 32 && t.ok; l++) {
            uint32_t want[16] = { 0, 1, l, w, 255, 1u << (l % 2), 1u << (l % 3), 1u << (l % 4), l < 16, !(l & 2),
                                  !(l & 4), !(l & 8), w / 2, w % 2, 2, ARGS_ADDR };
            for (unsigned k = 0; k < 16; k++) {
                uint32_t got = rd32(g, OUT_ADDR + ((w * 32 + l) * 16 + k) * 4);
                CHECK(&t, got == want[k], "wave %u lane %u constant v%u (%s): expected %u, got %u", w, l, k,
                      isa_const_name(k), want[k], got);
            }
        }
    golden_destroy(g);
    t_end(&t);
}

/* One program that faults; checks code, pc, lane, addr, reg. */
static void fault_case(const char *name, prog *p, unsigned lds, unsigned code, uint32_t pc, int lane, uint32_t addr,
                       int reg, int skip_valid)
{
    tcase t;
    t_begin(&t, name);
    golden *g = mk_model(&t, 1, 3, 100000, false);
    if (!g) { t_end(&t); return; }
    uint32_t args[1] = { OUT_ADDR };
    put_args(g, args, 1);
    gpu_result r;
    gpu_status st;
    if (skip_valid) {
        char err[256];
        golden_launch_params lp = { p->w, p->n, 1, 1, lds, ARGS_ADDR };
        st = golden_launch(g, &lp, err, sizeof err) == GPU_OK ? golden_run(g, &r) : GPU_ERR_ARG;
    } else {
        st = run(&t, g, p, 1, 1, lds, &r);
    }
    expect_fault(&t, st, &r, code, pc, lane, addr, reg);
    if (t.ok)
        CHECK(&t, r.inst == p->w[pc], "reported instruction 0x%016" PRIx64 ", expected 0x%016" PRIx64, r.inst, p->w[pc]);
    gpu_counters c;
    golden_counters(g, &c);
    CHECK(&t, c.instructions == pc, "instructions retired %" PRIu64 ", expected %u (the faulting one has no effect)",
          c.instructions, pc);
    golden_destroy(g);
    t_end(&t);
}

static void test_faults(void)
{
    prog p;

    /* Illegal: opcode 0x00, and a nop with a nonzero unused bit. */
    p.n = 0;
    emit(&p, NOP());
    emit(&p, 0);
    emit(&p, END());
    fault_case("golden_fault_illegal_opcode_zero", &p, 0, ISA_FAULT_ILLEGAL_INST, 1, -1, 0, -1, 1);
    p.n = 0;
    emit(&p, NOP());
    emit(&p, NOP());
    emit(&p, NOP() | 1);
    emit(&p, END());
    fault_case("golden_fault_illegal_unused_bit", &p, 0, ISA_FAULT_ILLEGAL_INST, 2, -1, 0, -1, 1);

    /* CONST_WRITE even with an empty mask. */
    p.n = 0;
    emit(&p, NOP());
    emit(&p, MOV(R_N3RD, M1(R_ZERO), LL(1)));
    emit(&p, END());
    fault_case("golden_fault_const_write_empty_mask", &p, 0, ISA_FAULT_CONST_WRITE, 1, -1, 0, R_N3RD, 0);
    p.n = 0;
    emit(&p, ALU2(ISA_OP_S_ADD, R_ARGS, SV(R_ONE), LL(1)));
    emit(&p, END());
    fault_case("golden_fault_const_write_scalar", &p, 0, ISA_FAULT_CONST_WRITE, 0, -1, 0, R_ARGS, 0);

    /* Global: lane 5 misaligned and lane 9 below 4096; lane 5 is reported. */
    p.n = 0;
    emit(&p, ALU2(ISA_OP_SHL, 16, SV(R_SID), LL(2)));
    emit(&p, ALU2(ISA_OP_ADD, 16, SV(16), LL(0x3000)));
    emit(&p, ALU2(ISA_OP_EQ, 18, SV(R_SID), LL(5)));
    emit(&p, ALU2(ISA_OP_EQ, 19, SV(R_SID), LL(9)));
    emit(&p, MOV(16, M1(18), LL(0x3002)));
    emit(&p, MOV(16, M1(19), LL(0xFFC)));
    emit(&p, GSTORE(0, 16, MNOT(R_ZERO), SV(R_SID)));    /* 6: every lane */
    emit(&p, END());
    fault_case("golden_fault_global_misaligned_lowest_lane", &p, 0, ISA_FAULT_GLOBAL_MISALIGNED, 6, 5, 0x3002, -1, 0);
    /* The same with lane 5 not selected: lane 9 is out of range. */
    p.w[6] = GSTORE(0, 16, MASK2(18, 1, R_ONE, 0), SV(R_SID));
    fault_case("golden_fault_global_below_null_guard", &p, 0, ISA_FAULT_GLOBAL_OUT_OF_RANGE, 6, 9, 0xFFC, -1, 0);
    /* Neither lane selected: no fault. */
    {
        tcase t;
        t_begin(&t, "golden_fault_unselected_lanes_ignored");
        golden *g = mk_model(&t, 1, 3, 100000, false);
        if (g) {
            p.w[6] = GSTORE(0, 16, MASK2(18, 1, 19, 1), SV(R_SID));
            gpu_result r;
            gpu_status st = run(&t, g, &p, 1, 1, 0, &r);
            char d[256];
            describe(&r, d, sizeof d);
            CHECK(&t, st == GPU_OK, "expected no fault, got %s", d);
            CHECK(&t, rd32(g, 0x3000 + 4 * 7) == 7, "lane 7's store missing");
            CHECK(&t, rd32(g, 0x3000 + 4 * 5) == 0, "unselected lane 5 stored");
            golden_destroy(g);
        }
        t_end(&t);
    }
    /* At/above the memory size, through a load. */
    p.n = 0;
    emit(&p, MOV(16, M_ALL, LL(MEM_BYTES - 4)));
    emit(&p, ALU2(ISA_OP_EQ, 18, SV(R_SID), LL(30)));
    emit(&p, MOV(16, M1(18), LL(MEM_BYTES)));
    emit(&p, GLOAD(2, 20, M_ALL, 16));
    emit(&p, END());
    fault_case("golden_fault_global_beyond_memory", &p, 0, ISA_FAULT_GLOBAL_OUT_OF_RANGE, 3, 30, MEM_BYTES, -1, 0);

    /* LDS: lds_bytes 128, address sid*4 + offset. */
    p.n = 0;
    emit(&p, ALU2(ISA_OP_SHL, 16, SV(R_SID), LL(2)));
    emit(&p, LSTORE(16, M_ALL, SV(R_SID), 4));
    emit(&p, END());
    fault_case("golden_fault_lds_out_of_range", &p, 128, ISA_FAULT_LDS_OUT_OF_RANGE, 1, 31, 128, -1, 0);
    p.w[1] = LSTORE(16, M_ALL, SV(R_SID), 0);
    p.w[2] = LLOAD(20, MNOT(R_LO16), 16, 2);
    emit(&p, END());
    fault_case("golden_fault_lds_misaligned", &p, 128, ISA_FAULT_LDS_MISALIGNED, 2, 16, 16 * 4 + 2, -1, 0);
    p.w[2] = LATOM(ISA_OP_LOCAL_ATOMIC_ADD, 20, MNOT(R_CH4), 16, SL(1), 0x7F00, 0);
    fault_case("golden_fault_lds_atomic_out_of_range", &p, 128, ISA_FAULT_LDS_OUT_OF_RANGE, 2, 4, 0x7F00 + 16, -1, 0);

    /* PC: falling off the end, a taken branch outside, a not-taken branch at the end. */
    p.n = 0;
    emit(&p, NOP());
    emit(&p, ALU2(ISA_OP_ADD, 16, SV(R_ONE), LL(1)));
    fault_case("golden_fault_pc_fall_off_end", &p, 0, ISA_FAULT_PC_OUT_OF_RANGE, 1, -1, 2, -1, 0);
    p.n = 0;
    emit(&p, NOP());
    emit(&p, BR(7));
    emit(&p, END());
    fault_case("golden_fault_pc_branch_target", &p, 0, ISA_FAULT_PC_OUT_OF_RANGE, 1, -1, 7, -1, 0);
    p.n = 0;
    emit(&p, NOP());
    emit(&p, BRS(ISA_OP_BRZ, SS(R_ONE), 0));
    fault_case("golden_fault_pc_not_taken_at_end", &p, 0, ISA_FAULT_PC_OUT_OF_RANGE, 1, -1, 2, -1, 0);
}

static void test_pending(void)
{
    prog p;
    /* Read in a source operand. */
    p.n = 0;
    emit(&p, GLOAD(3, 20, M_ALL, R_ARGS));
    emit(&p, NOP());
    emit(&p, ALU2(ISA_OP_ADD, 21, SV(R_ONE), LV(20)));
    emit(&p, END());
    fault_case("golden_pending_reg_read_source", &p, 0, ISA_FAULT_PENDING_REG, 2, -1, 0, 20, 0);
    /* Read as a mask register. */
    p.w[2] = MOV(21, MASK2(R_ONE, 0, 20, 1), LL(3));
    fault_case("golden_pending_reg_read_mask", &p, 0, ISA_FAULT_PENDING_REG, 2, -1, 0, 20, 0);
    /* Read as an address register. */
    p.w[2] = GSTORE(4, 20, M_ALL, SV(R_SID));
    fault_case("golden_pending_reg_read_address", &p, 0, ISA_FAULT_PENDING_REG, 2, -1, 0, 20, 0);
    /* Overwritten, with an empty mask. */
    p.w[2] = MOV(20, M1(R_ZERO), LL(3));
    fault_case("golden_pending_reg_overwrite", &p, 0, ISA_FAULT_PENDING_REG, 2, -1, 0, 20, 0);
    /* A returning atomic's destination, read through a scalar operand. */
    p.w[0] = GATOM(ISA_OP_GLOBAL_ATOMIC_ADD, 3, 20, M1(R_LO16), R_ARGS, SL(0), 0);
    p.w[2] = ALU2(ISA_OP_S_ADD, 21, SS(20), LL(1));
    fault_case("golden_pending_reg_atomic_dest", &p, 0, ISA_FAULT_PENDING_REG, 2, -1, 0, 20, 0);

    /* No fault once waited: sig_wait, sig_done seeing done, reissue of the slot,
     * and a noret atomic leaves nothing pending. */
    tcase t;
    t_begin(&t, "golden_pending_reg_released_by_waits");
    golden *g = mk_model(&t, 1, 7, 100000, false);
    if (g) {
        uint32_t args[2] = { OUT_ADDR, 41 };
        put_args(g, args, 2);
        p.n = 0;
        emit(&p, GLOAD(3, 20, M_ALL, R_ARGS));
        emit(&p, WAIT1(3));
        emit(&p, ALU2(ISA_OP_ADD, 21, SV(20), LL(1)));            /* 2: fine after sig_wait */
        emit(&p, ALU2(ISA_OP_ADD, 22, SV(R_ARGS), LL(4)));
        emit(&p, GLOAD(5, 23, M_ALL, 22));                       /* 4 */
        unsigned spin = emit(&p, SIGD1(24, 5));                 /* 5: spin on sig_done1 */
        emit(&p, BRS(ISA_OP_BRZ, SS(24), spin));
        emit(&p, ALU2(ISA_OP_ADD, 25, SV(23), LV(21)));           /* 7: fine after sig_done saw it done */
        emit(&p, GLOAD(6, 26, M_ALL, 22));                       /* 8 */
        emit(&p, GLOAD(6, 26, M_ALL, R_ARGS));                   /* 9: reissue of s6 waits and releases v26 */
        emit(&p, WAIT1(6));
        emit(&p, GATOM(ISA_OP_GLOBAL_ATOMIC_ADD, 7, 27, M1(R_LO16), 22, SL(1), 1));   /* noret */
        emit(&p, ALU2(ISA_OP_ADD, 27, SV(27), LV(25)));           /* v27 not pending */
        emit(&p, MOV(16, M_ALL, LL(OUT_ADDR)));
        emit_lane_addr(&p);
        emit(&p, GSTORE(8, 17, M_ALL, SV(27)));
        emit(&p, WAIT2(7, 8));
        emit(&p, END());
        gpu_result r;
        gpu_status st = run(&t, g, &p, 1, 1, 0, &r);
        char d[256];
        describe(&r, d, sizeof d);
        CHECK(&t, st == GPU_OK, "expected no fault, got %s", d);
        /* v21 = OUT_ADDR + 1, v23 = 41, v25 = 41 + OUT_ADDR + 1 */
        CHECK(&t, rd32(g, OUT_ADDR + 4 * 3) == 41 + OUT_ADDR + 1, "lane 3 stored %u, expected %u",
              rd32(g, OUT_ADDR + 12), 41 + OUT_ADDR + 1);
        CHECK(&t, rd32(g, ARGS_ADDR + 4) == 41 + 16, "atomic add by 16 lanes gave %u", rd32(g, ARGS_ADDR + 4));
        gpu_counters c;
        golden_counters(g, &c);
        CHECK(&t, c.global_atomics == 16 && c.global_loads == 4 * 32 && c.global_stores == 32,
              "lane access counters atomics %" PRIu64 " loads %" PRIu64 " stores %" PRIu64, c.global_atomics,
              c.global_loads, c.global_stores);
        golden_destroy(g);
    }
    t_end(&t);
}

/* Reissuing a pending slot stalls until it completes: two stores on one slot
 * take two latencies, on two slots one latency plus one tick. */
static void test_signal_stall(void)
{
    tcase t;
    t_begin(&t, "golden_signal_stall_on_reissue");
    const unsigned lat = 50;
    uint64_t cyc[2] = { 0, 0 };
    for (int two_slots = 0; two_slots < 2; two_slots++) {
        golden *g = mk_model(&t, 1, lat, 100000, false);
        if (!g) break;
        prog p = { .n = 0 };
        emit(&p, MOV(16, M_ALL, LL(OUT_ADDR)));
        emit(&p, GSTORE(0, 16, M_ALL, SL(1)));
        emit(&p, GSTORE(two_slots ? 1 : 0, 16, M_ALL, SL(2)));
        emit(&p, END());
        gpu_result r;
        gpu_status st = run(&t, g, &p, 1, 1, 0, &r);
        CHECK(&t, st == GPU_OK, "run returned %d", (int)st);
        gpu_counters c;
        golden_counters(g, &c);
        cyc[two_slots] = c.cycles;
        CHECK(&t, rd32(g, OUT_ADDR) == 2, "final value %u, expected 2", rd32(g, OUT_ADDR));
        golden_destroy(g);
    }
    /* One slot: store at tick 1, reissue waits to tick 51, completes at 101. */
    CHECK(&t, cyc[0] == 1 + 2 * lat, "same slot: %" PRIu64 " ticks, expected %u", cyc[0], 1 + 2 * lat);
    CHECK(&t, cyc[1] == 2 + lat, "two slots: %" PRIu64 " ticks, expected %u", cyc[1], 2 + lat);

    /* The same seen through the step API. */
    golden *g = mk_model(&t, 1, lat, 100000, false);
    if (g) {
        prog p = { .n = 0 };
        emit(&p, MOV(16, M_ALL, LL(OUT_ADDR)));
        emit(&p, GSTORE(0, 16, M_ALL, SL(1)));
        emit(&p, GSTORE(0, 16, M_ALL, SL(2)));
        emit(&p, END());
        if (launch(&t, g, &p, 1, 1, 0)) {
            CHECK(&t, golden_dispatch(g, 0, -1) == 0, "dispatch failed");
            golden_step(g, 0, 0, NULL);
            golden_step(g, 0, 0, NULL);
            CHECK(&t, golden_wave_status(g, 0, 0) == GOLDEN_WAVE_SIGNAL, "wave not waiting on the signal");
            CHECK(&t, golden_step(g, 0, 0, NULL) == GOLDEN_STEP_BLOCKED, "step of a stalled wave not blocked");
            golden_advance_time(g, lat - 1);
            CHECK(&t, golden_step(g, 0, 0, NULL) == GOLDEN_STEP_BLOCKED, "issued before the latency passed");
            golden_advance_time(g, 1);
            golden_retire rec;
            CHECK(&t, golden_step(g, 0, 0, &rec) == GOLDEN_STEP_RETIRED, "did not issue after completion");
            CHECK(&t, rec.sig_waited == 1 && rec.sig_issued == 0, "record sig_waited %#x sig_issued %d",
                  rec.sig_waited, rec.sig_issued);
        }
        golden_destroy(g);
    }
    t_end(&t);
}

/* Wave 0 of a 2-wave group writes LDS late; wave 1 reads it after a barrier.
 * Without the barrier (the control run) wave 1 reads zeros. */
static void build_barrier_prog(prog *p, int with_barrier)
{
    p->n = 0;
    emit(p, BRS(ISA_OP_BRNZ, SS(R_GWAVE), 0));     /* patched: wave 1 jumps */
    for (int i = 0; i < 20; i++)
        emit(p, NOP());
    emit(p, ALU2(ISA_OP_SHL, 16, SV(R_SID), LL(2)));
    emit(p, ALU2(ISA_OP_ADD, 18, SV(R_SID), LL(100)));
    emit(p, LSTORE(16, M_ALL, SV(18), 0));
    emit(p, with_barrier ? BARRIER() : NOP());
    emit(p, END());
    unsigned w1 = p->n;
    p->w[0] = BRS(ISA_OP_BRNZ, SS(R_GWAVE), w1);
    emit(p, with_barrier ? BARRIER() : NOP());
    emit_load_out_base(p);
    emit(p, ALU2(ISA_OP_SHL, 18, SV(R_SID), LL(2)));
    emit(p, LLOAD(19, M_ALL, 18, 0));
    emit(p, ALU2(ISA_OP_ADD, 17, SV(18), LS(16)));
    emit(p, GSTORE(1, 17, M_ALL, SV(19)));
    emit(p, WAIT1(1));
    emit(p, END());
}

static void test_barrier(void)
{
    tcase t;
    t_begin(&t, "golden_barrier_two_waves_lds");
    for (int with = 1; with >= 0; with--) {
        golden *g = mk_model(&t, 1, 4, 100000, false);
        if (!g) break;
        uint32_t args[1] = { OUT_ADDR };
        put_args(g, args, 1);
        prog p;
        build_barrier_prog(&p, with);
        gpu_result r;
        gpu_status st = run(&t, g, &p, 1, 2, 256, &r);
        CHECK(&t, st == GPU_OK, "run returned %d", (int)st);
        unsigned right = 0;
        for (unsigned l = 0; l < 32; l++)
            right += rd32(g, OUT_ADDR + 4 * l) == l + 100;
        gpu_counters c;
        golden_counters(g, &c);
        if (with) {
            CHECK(&t, right == 32, "with the barrier only %u of 32 lanes read wave 0's LDS data", right);
            CHECK(&t, c.barriers == 2, "barriers counter %" PRIu64 ", expected 2", c.barriers);
        } else {
            CHECK(&t, right == 0, "control run without a barrier: %u lanes already saw the data, the test "
                  "cannot tell a barrier from none", right);
        }
        golden_destroy(g);
    }

    /* Through the step API: wave 1 reaches its barrier first and waits. */
    golden *g = mk_model(&t, 1, 4, 100000, false);
    if (g) {
        uint32_t args[1] = { OUT_ADDR };
        put_args(g, args, 1);
        prog p;
        build_barrier_prog(&p, 1);
        if (launch(&t, g, &p, 1, 2, 256)) {
            CHECK(&t, golden_dispatch(g, 0, -1) == 0, "dispatch failed");
            golden_retire rec;
            golden_step(g, 0, 1, NULL);                                 /* brnz, taken */
            CHECK(&t, golden_step(g, 0, 1, &rec) == GOLDEN_STEP_RETIRED && rec.barrier_wait,
                  "wave 1's barrier did not retire as a wait");
            CHECK(&t, golden_wave_status(g, 0, 1) == GOLDEN_WAVE_BARRIER, "wave 1 not at the barrier");
            CHECK(&t, golden_step(g, 0, 1, NULL) == GOLDEN_STEP_BLOCKED, "wave 1 stepped past the barrier");
            for (int i = 0; i < 24; i++)
                golden_step(g, 0, 0, NULL);                             /* brnz, 20 nops, 3 insts */
            CHECK(&t, golden_wave_status(g, 0, 1) == GOLDEN_WAVE_BARRIER, "wave 1 released early");
            CHECK(&t, golden_step(g, 0, 0, &rec) == GOLDEN_STEP_RETIRED && !rec.barrier_wait,
                  "wave 0's barrier should complete the group");
            CHECK(&t, golden_wave_status(g, 0, 1) == GOLDEN_WAVE_READY, "wave 1 not released");
            CHECK(&t, golden_step(g, 0, 0, &rec) == GOLDEN_STEP_RETIRED && rec.ended, "wave 0 did not end");
            CHECK(&t, golden_wave_status(g, 0, 0) == GOLDEN_WAVE_ENDED, "ended wave 0 state %d",
                  (int)golden_wave_status(g, 0, 0));
        }
        golden_destroy(g);
    }
    t_end(&t);

    /* A barrier after the other wave ended passes straight through. */
    t_begin(&t, "golden_barrier_ended_wave_not_counted");
    g = mk_model(&t, 1, 4, 10000, false);
    if (g) {
        /* wave 1 waits at its first barrier until wave 0 ends */
        prog p = { .n = 0 };
        emit(&p, BRS(ISA_OP_BRNZ, SS(R_GWAVE), 5));
        emit(&p, NOP());
        emit(&p, NOP());
        emit(&p, NOP());
        emit(&p, END());
        emit(&p, BARRIER());
        emit(&p, BARRIER());
        emit(&p, END());
        gpu_result r;
        gpu_status st = run(&t, g, &p, 3, 2, 0, &r);
        char d[256];
        describe(&r, d, sizeof d);
        CHECK(&t, st == GPU_OK, "run: %s", d);
        gpu_counters c;
        golden_counters(g, &c);
        CHECK(&t, c.barriers == 6 && c.groups == 3, "barriers %" PRIu64 " groups %" PRIu64, c.barriers, c.groups);
        golden_destroy(g);
    }
    t_end(&t);
}

/* The dispatcher: id order, round robin, slots and LDS fit, waiting for room. */
static void test_dispatcher(void)
{
    tcase t;
    t_begin(&t, "golden_dispatch_placement_order");
    golden *g = mk_model(&t, 3, 4, 100000, false);
    if (g) {
        prog p = { .n = 0 };
        emit(&p, END());
        struct { unsigned wpg, lds; int cu[8]; int slot[8]; } cases[] = {
            { 1, 0, { 0, 1, 2, 0, 1, 2, -1 }, { 0, 0, 0, 1, 1, 1 } },
            { 2, 0, { 0, 1, 2, -1 }, { 0, 0, 0 } },
            { 1, 40000, { 0, 1, 2, -1 }, { 0, 0, 0 } },
            { 1, 32768, { 0, 1, 2, 0, 1, 2, -1 }, { 0, 0, 0, 1, 1, 1 } },
        };
        for (unsigned k = 0; k < 4 && t.ok; k++) {
            if (!launch(&t, g, &p, 100, cases[k].wpg, cases[k].lds))
                break;
            for (unsigned i = 0; i < 8 && t.ok; i++) {
                unsigned slot = 9;
                int cu = golden_dispatch_choice(g, &slot);
                CHECK(&t, cu == cases[k].cu[i], "case %u (waves %u, lds %u) group %u: choice CU %d, expected %d", k,
                      cases[k].wpg, cases[k].lds, i, cu, cases[k].cu[i]);
                if (cu < 0)
                    break;
                CHECK(&t, (int)slot == cases[k].slot[i], "case %u group %u: slot %u, expected %d", k, i, slot,
                      cases[k].slot[i]);
                CHECK(&t, golden_dispatch(g, (unsigned)cu, -1) == (int)i, "case %u: group id order", k);
            }
        }
        /* The slot-1 group's LDS sits at the top of the CU's LDS. */
        prog q = { .n = 0 };
        emit(&q, LSTORE(R_ZERO, M1(R_ONE), SV(R_GROUP), 0));
        emit(&q, END());
        if (t.ok && launch(&t, g, &q, 2, 1, 1024)) {
            golden_dispatch(g, 1, -1);
            golden_dispatch(g, 1, -1);
            golden_retire rec;
            golden_step(g, 1, 1, &rec);
            CHECK(&t, rec.lds_base == 65536 - 1024 && rec.group == 1 && rec.lds_mask == 0xFFFFFFFFu,
                  "slot 1 group: lds_base %u group %u mask %#x", rec.lds_base, rec.group, rec.lds_mask);
            golden_step(g, 1, 0, &rec);
            CHECK(&t, rec.lds_base == 0 && rec.group == 0, "slot 0 group: lds_base %u", rec.lds_base);
            CHECK(&t, golden_dispatch(g, 0, -1) == -1, "dispatched a group beyond num_groups");
        }
        golden_destroy(g);
    }
    t_end(&t);

    /* More groups than slots: each group adds into its own word; LDS forces one group per CU. */
    t_begin(&t, "golden_dispatch_more_groups_than_slots");
    g = mk_model(&t, 2, 6, 1000000, false);
    if (g) {
        uint32_t args[1] = { OUT_ADDR };
        put_args(g, args, 1);
        prog p = { .n = 0 };
        emit_load_out_base(&p);
        emit(&p, ALU2(ISA_OP_SHL, 17, SV(R_GROUP), LL(2)));
        emit(&p, ALU2(ISA_OP_ADD, 17, SV(17), LS(16)));
        /* a loop of group+1 iterations of LDS traffic */
        emit(&p, ALU2(ISA_OP_ADD, 18, SV(R_GROUP), LL(1)));
        unsigned loop = emit(&p, LATOM(ISA_OP_LOCAL_ATOMIC_ADD, 19, M_ALL, R_ZERO, SL(1), 40000 - 4, 1));
        emit(&p, ALU2(ISA_OP_S_SUB, 18, SS(18), LL(1)));
        emit(&p, BRS(ISA_OP_BRNZ, SS(18), loop));
        emit(&p, LLOAD(20, M_ALL, R_ZERO, 40000 - 4));
        emit(&p, GSTORE(1, 17, M_ALL, SV(20)));     /* every lane the same word and value */
        emit(&p, END());
        const unsigned groups = 10;
        gpu_result r;
        gpu_status st = run(&t, g, &p, groups, 1, 40000, &r);
        char d[256];
        describe(&r, d, sizeof d);
        CHECK(&t, st == GPU_OK, "run: %s", d);
        for (unsigned i = 0; i < groups; i++)
            CHECK(&t, rd32(g, OUT_ADDR + 4 * i) == 32 * (i + 1), "group %u stored %u, expected %u (fresh zeroed LDS)", i,
                  rd32(g, OUT_ADDR + 4 * i), 32 * (i + 1));
        gpu_counters c;
        golden_counters(g, &c);
        CHECK(&t, c.groups == groups, "groups counter %" PRIu64, c.groups);
        golden_destroy(g);
    }
    t_end(&t);
}

/* Cross-lane, select, first_where_true, reductions (f32 tree order), s_div, atomics. */
static void test_semantics(void)
{
    tcase t;
    t_begin(&t, "golden_xlane_select_reductions_atomics");
    golden *g = mk_model(&t, 1, 3, 100000, false);
    if (!g) { t_end(&t); return; }
    /* Input: 32 f32 values where the summation order matters. */
    uint32_t in[32];
    for (unsigned l = 0; l < 32; l++) {
        static const float pat[4] = { 1e8f, 1.0f, -1e8f, 3.0f };
        float f = pat[l % 4] * (float)(1 + l / 4);
        memcpy(&in[l], &f, 4);
    }
    const uint32_t IN = 0x3000;
    golden_mem_write(g, IN, in, sizeof in);
    uint32_t args[2] = { OUT_ADDR, IN };
    put_args(g, args, 2);
    prog p = { .n = 0 };
    emit_load_out_base(&p);
    emit(&p, ALU2(ISA_OP_ADD, 21, SV(R_ARGS), LL(4)));
    emit(&p, GLOAD(2, 22, M_ALL, 21));
    emit(&p, WAIT1(2));
    emit(&p, ALU2(ISA_OP_SHL, 23, SV(R_SID), LL(2)));
    emit(&p, ALU2(ISA_OP_ADD, 23, SV(23), LS(22)));
    emit(&p, GLOAD(3, 24, M_ALL, 23));                       /* v24 = in[lane] */
    emit(&p, WAIT1(3));
    /* out slot k (32 words each) at v16[0] + k*128 + lane*4 */
    emit(&p, ALU2(ISA_OP_SHL, 17, SV(R_SID), LL(2)));
    emit(&p, ALU2(ISA_OP_ADD, 17, SV(17), LS(16)));
    unsigned k = 0;
#define STORE_K(reg) do { emit(&p, ALU2(ISA_OP_ADD, 18, SV(17), LL(k * 128))); \
                          emit(&p, GSTORE(4, 18, M_ALL, SV(reg))); k++; } while (0)
    emit(&p, ALU2(ISA_OP_XOR, 25, SV(R_SID), LL(5)));
    emit(&p, ALU2(ISA_OP_SHFL, 26, SV(R_SID), LV(25)));            /* k0: sid ^ 5 */
    STORE_K(26);
    emit(&p, ALU2(ISA_OP_BCAST, 26, SV(24), LL(35)));              /* k1: in[35 & 31] = in[3] */
    STORE_K(26);
    emit(&p, SEL(26, M1(R_N2ND), SV(R_SID), SL(-7)));            /* k2: even lanes -7, odd sid */
    STORE_K(26);
    emit(&p, MOV(26, M_ALL, LL(0xABCD)));
    emit(&p, ALU2(ISA_OP_GT_U32, 27, SV(R_SID), LL(12)));
    emit(&p, MOVM(ISA_OP_FIRST_WHERE_TRUE, 26, MASK2(27, 0, R_N3RD, 0), LV(24)));   /* k3: lane 0 = in[13]... */
    STORE_K(26);
    emit(&p, ALU1(ISA_OP_RED8_ADD_F32, 26, LV(24)));              /* k4 */
    STORE_K(26);
    emit(&p, ALU1(ISA_OP_REDFIN_ADD_F32, 26, LV(26)));            /* k5: lane 0 = full sum */
    STORE_K(26);
    emit(&p, ALU1(ISA_OP_RED8_MAX_I32, 28, LV(25)));              /* k6 */
    STORE_K(28);
    emit(&p, ALU2(ISA_OP_S_DIV_I32, 29, SL(-7), LL(2)));           /* k7: lane 0 = -3 */
    emit(&p, ALU2(ISA_OP_S_REM_I32, 30, SL(-7), LL(2)));
    emit(&p, MOV(29, MNOT(R_LO16), LS(30)));                      /* lanes 16..: rem = -1 */
    STORE_K(29);
    /* LDS atomics: all lanes add 1 to word 0 in ascending lane order: old = lane. */
    emit(&p, MOV(31, M_ALL, LL(0)));
    emit(&p, LATOM(ISA_OP_LOCAL_ATOMIC_ADD, 26, M_ALL, 31, SL(1), 0, 0));   /* k8 */
    STORE_K(26);
    /* Same-word store: highest lane wins; then cas with compare = lane. */
    emit(&p, LSTORE(31, M_ALL, SV(R_SID), 4));
    emit(&p, MOV(26, M_ALL, LV(R_SID)));
    emit(&p, LATOM(ISA_OP_LOCAL_ATOMIC_CAS, 26, M_ALL, 31, SL(100), 4, 0)); /* k9: only lane 31 swaps */
    STORE_K(26);
    emit(&p, LLOAD(26, M_ALL, 31, 4));                              /* k10: 100 */
    STORE_K(26);
    /* fma and a few f32/int conversions */
    emit(&p, ALU3(ISA_OP_FMA_F32, 26, SV(24), SV(24), SM(MNOT(R_LO16))));   /* k11: x*x + (lane >= 16 ? 1 : 0) bits */
    STORE_K(26);
    emit(&p, ALU1(ISA_OP_CVT_I32_F32_RNE, 26, LV(24)));            /* k12 */
    STORE_K(26);
    emit(&p, WAIT1(4));
    emit(&p, END());
#undef STORE_K
    gpu_result r;
    gpu_status st = run(&t, g, &p, 1, 1, 64, &r);
    char d[256];
    describe(&r, d, sizeof d);
    CHECK(&t, st == GPU_OK, "run: %s", d);

    /* Expected values, computed here from the ISA text. */
    uint32_t exp[13][32];
    uint32_t valid[13];
    for (unsigned i = 0; i < 13; i++) valid[i] = 0xFFFFFFFFu;
    memset(exp, 0, sizeof exp);
    for (unsigned l = 0; l < 32; l++) {
        exp[0][l] = l ^ 5;
        exp[1][l] = in[3];
        exp[2][l] = (l % 2 == 0) ? (uint32_t)-7 : l;
        exp[3][l] = 0xABCD;
        exp[6][l] = 0; exp[7][l] = 0;
        exp[8][l] = l;
        exp[9][l] = 31;     /* the word holds 31 (highest lane's store); only lane 31's compare matches */
        exp[10][l] = 100;
        exp[11][l] = f32_fma(in[l], in[l], l >= 16 ? 1 : 0);
        exp[12][l] = f32_to_i32_rne(in[l]);
    }
    exp[3][0] = in[15];     /* lowest lane > 12 with bit 0 of n3rd set (l % 3 == 0) */
    for (unsigned ch = 0; ch < 4; ch++) {
        const uint32_t *x = in + ch * 8;
        uint32_t s = f32_add(f32_add(f32_add(x[0], x[1]), f32_add(x[2], x[3])),
                             f32_add(f32_add(x[4], x[5]), f32_add(x[6], x[7])));
        exp[4][ch * 8] = s;
        int32_t mx = INT32_MIN;
        for (unsigned i = 0; i < 8; i++) {
            int32_t v = (int32_t)((ch * 8 + i) ^ 5);
            if (v > mx) mx = v;
        }
        exp[6][ch * 8] = (uint32_t)mx;
    }
    valid[4] = valid[6] = 0x01010101u;
    exp[5][0] = f32_add(f32_add(exp[4][0], exp[4][8]), f32_add(exp[4][16], exp[4][24]));
    valid[5] = 1;
    for (unsigned l = 0; l < 32; l++)
        exp[7][l] = l == 0 ? (uint32_t)-3 : l >= 16 ? (uint32_t)-1 : 0;
    valid[7] = 0xFFFF0001u;
    static const char *what[13] = { "shfl", "bcast", "select", "first_where_true", "red8_add_f32", "redfin_add_f32",
                                    "red8_max_i32", "s_div_i32/s_rem_i32", "local_atomic_add ascending lanes",
                                    "local_atomic_cas", "same-word store then cas", "fma_f32", "cvt_i32_f32_rne" };
    for (unsigned i = 0; i < 13 && t.ok; i++)
        for (unsigned l = 0; l < 32; l++) {
            if (!((valid[i] >> l) & 1))
                continue;
            uint32_t got = rd32(g, OUT_ADDR + i * 128 + l * 4);
            CHECK(&t, got == exp[i][l], "%s: lane %u expected 0x%08x, got 0x%08x", what[i], l, exp[i][l], got);
        }
    /* The f32 tree order matters for this input: a left-to-right sum differs. */
    uint32_t seq = 0;
    for (unsigned l = 0; l < 32; l++)
        seq = f32_add(seq, in[l]);
    CHECK(&t, seq != exp[5][0], "test input does not distinguish the reduction order");
    golden_destroy(g);
    t_end(&t);
}

/* br_all / br_any, a mask as a long source, sig_done2 and sig_waitall4. */
static void test_branches_signals(void)
{
    tcase t;
    t_begin(&t, "golden_mask_branches_and_sig_done");
    golden *g = mk_model(&t, 1, 5, 100000, false);
    if (!g) { t_end(&t); return; }
    uint32_t args[1] = { OUT_ADDR };
    put_args(g, args, 1);
    prog p = { .n = 0 };
    emit_load_out_base(&p);
    emit_lane_addr(&p);
    emit(&p, MOV(20, M_ALL, LM(M1(R_LO16))));           /* v20 = lane < 16 */
    emit(&p, MOV(21, M_ALL, LL(1)));
    unsigned a = emit(&p, BRM(ISA_OP_BR_ALL, M1(20), 0));   /* not taken: half the lanes */
    emit(&p, MOV(21, M_ALL, LL(2)));
    unsigned b = emit(&p, BRM(ISA_OP_BR_ANY, M1(20), 0));   /* taken */
    unsigned skip1 = emit(&p, MOV(21, M_ALL, LL(99)));
    unsigned c = emit(&p, BRM(ISA_OP_BR_ALL, MNOT(R_ZERO), 0));   /* taken: every lane */
    unsigned skip2 = emit(&p, MOV(21, M_ALL, LL(98)));
    unsigned d = emit(&p, BRM(ISA_OP_BR_ANY, M1(R_ZERO), 0));    /* not taken: no lane */
    emit(&p, ALU2(ISA_OP_ADD, 21, SV(21), LL(10)));
    p.w[a] = BRM(ISA_OP_BR_ALL, M1(20), skip1);
    p.w[b] = BRM(ISA_OP_BR_ANY, M1(20), skip1 + 1);
    p.w[c] = BRM(ISA_OP_BR_ALL, MNOT(R_ZERO), skip2 + 1);
    p.w[d] = BRM(ISA_OP_BR_ANY, M1(R_ZERO), 0);
    emit(&p, GSTORE(1, 17, M_ALL, SV(20)));
    emit(&p, ALU2(ISA_OP_ADD, 18, SV(17), LL(128)));
    emit(&p, GSTORE(2, 18, M_ALL, SV(21)));
    emit(&p, SIGD2(22, 1, 2));                         /* both pending: 0 */
    emit(&p, WAIT4(3, 2, 4, 1));
    emit(&p, SIGD2(23, 2, 1));                         /* both done: 1 */
    emit(&p, ALU2(ISA_OP_ADD, 18, SV(17), LL(256)));
    emit(&p, GSTORE(1, 18, M_ALL, SS(22)));
    emit(&p, ALU2(ISA_OP_ADD, 18, SV(17), LL(384)));
    emit(&p, GSTORE(2, 18, M_ALL, SS(23)));
    emit(&p, WAIT2(1, 2));
    emit(&p, END());
    gpu_result r;
    gpu_status st = run(&t, g, &p, 1, 1, 0, &r);
    char dd[256];
    describe(&r, dd, sizeof dd);
    CHECK(&t, st == GPU_OK, "run: %s", dd);
    for (unsigned l = 0; l < 32; l++) {
        CHECK(&t, rd32(g, OUT_ADDR + 4 * l) == (l < 16), "mask as a value, lane %u: %u", l, rd32(g, OUT_ADDR + 4 * l));
        CHECK(&t, rd32(g, OUT_ADDR + 128 + 4 * l) == 12, "branch path value %u, expected 12 (br_all not taken, "
              "br_any taken, br_all taken, br_any not taken)", rd32(g, OUT_ADDR + 128 + 4 * l));
        CHECK(&t, rd32(g, OUT_ADDR + 256 + 4 * l) == 0, "sig_done2 on pending slots gave %u", rd32(g, OUT_ADDR + 256));
        CHECK(&t, rd32(g, OUT_ADDR + 384 + 4 * l) == 1, "sig_done2 on done slots gave %u", rd32(g, OUT_ADDR + 384));
    }
    golden_destroy(g);
    t_end(&t);
}

/* A reference workload used by the determinism and coexistence tests: every
 * lane of every wave does f32 work and global atomics on shared words. */
static void build_workload(prog *p)
{
    p->n = 0;
    emit_load_out_base(p);
    emit_lane_addr(p);
    emit(p, ALU1(ISA_OP_CVT_F32_U32, 20, LV(17)));
    emit(p, ALU2(ISA_OP_MUL_F32, 20, SV(20), LL(0x3DCCCCCD)));      /* * 0.1f */
    emit(p, ALU1(ISA_OP_SQRT_F32, 20, LV(20)));
    emit(p, MOV(21, M_ALL, LL(5)));
    emit(p, MOV(19, M_ALL, LL(0xBF800000u)));                       /* -1.0f */
    unsigned loop = emit(p, ALU3(ISA_OP_FMA_F32, 20, SV(20), SV(20), SV(19)));
    emit(p, ALU1(ISA_OP_ABS_F32, 20, LV(20)));
    emit(p, ALU1(ISA_OP_SQRT_F32, 20, LV(20)));
    emit(p, ALU2(ISA_OP_S_SUB, 21, SS(21), LL(1)));
    emit(p, BRS(ISA_OP_BRNZ, SS(21), loop));
    emit(p, GSTORE(1, 17, M_ALL, SV(20)));
    emit(p, ALU2(ISA_OP_ADD, 22, SV(R_ARGS), LL(4)));
    emit(p, GATOM(ISA_OP_GLOBAL_ATOMIC_ADD, 2, 23, M_ALL, 22, SV(R_SID), 0));
    emit(p, WAIT1(2));
    emit(p, ALU2(ISA_OP_ADD, 22, SV(22), LL(4)));
    emit(p, GATOM(ISA_OP_GLOBAL_ATOMIC_XCHG, 3, 24, MASK2(R_LO16, 0, R_N2ND, 0), 22, SV(23), 0));
    emit(p, WAIT2(1, 3));
    emit(p, ALU2(ISA_OP_ADD, 25, SV(17), LL(0x8000)));
    emit(p, GSTORE(4, 25, M_ALL, SV(24)));
    emit(p, WAIT1(4));
    emit(p, END());
}

static int run_workload(tcase *t, golden *g, gpu_counters *c, uint8_t *mem, uint32_t memlen)
{
    uint32_t args[3] = { OUT_ADDR, 0, 0 };
    put_args(g, args, 3);
    prog p;
    build_workload(&p);
    gpu_result r;
    gpu_status st = run(t, g, &p, 7, 2, 0, &r);
    char d[256];
    describe(&r, d, sizeof d);
    CHECK(t, st == GPU_OK, "workload run: %s", d);
    golden_counters(g, c);
    golden_mem_read(g, mem, 0, memlen);
    return st == GPU_OK;
}

static void test_determinism(void)
{
    tcase t;
    t_begin(&t, "golden_deterministic_counters_and_memory");
    const uint32_t len = 0x10000;
    uint8_t *m1 = calloc(len, 1), *m2 = calloc(len, 1), *m3 = calloc(len, 1);
    gpu_counters c1, c2, c3;
    golden *a = mk_model(&t, 3, 9, 1000000, false), *b = mk_model(&t, 3, 9, 1000000, false);
    if (a && b && m1 && m2 && m3) {
        run_workload(&t, a, &c1, m1, len);
        run_workload(&t, b, &c2, m2, len);
        CHECK(&t, memcmp(&c1, &c2, sizeof c1) == 0, "counters differ between two identical runs (cycles %" PRIu64
              " vs %" PRIu64 ", instructions %" PRIu64 " vs %" PRIu64 ")", c1.cycles, c2.cycles, c1.instructions,
              c2.instructions);
        CHECK(&t, memcmp(m1, m2, len) == 0, "memory differs between two identical runs");
        /* Relaunch on the same model (memory reset by hand). */
        uint8_t *zero = calloc(len, 1);
        if (zero) {
            golden_mem_write(a, 0, zero, len);
            free(zero);
        }
        run_workload(&t, a, &c3, m3, len);
        CHECK(&t, memcmp(&c1, &c3, sizeof c1) == 0, "counters differ on a relaunch of the same model");
        CHECK(&t, memcmp(m1, m3, len) == 0, "memory differs on a relaunch of the same model");
        CHECK(&t, c1.instructions > 0 && c1.groups == 7 && c1.global_atomics == 14 * 32 + 14 * 8,
              "counters look wrong: instructions %" PRIu64 " groups %" PRIu64 " atomics %" PRIu64, c1.instructions,
              c1.groups, c1.global_atomics);
        /* The shared atomic counter got every lane id from 14 waves. */
        uint32_t sum;
        memcpy(&sum, m1 + ARGS_ADDR + 4, 4);
        CHECK(&t, sum == 14 * (31 * 32 / 2), "atomic add total %u, expected %u", sum, 14 * (31 * 32 / 2));
    }
    golden_destroy(a);
    golden_destroy(b);
    free(m1);
    free(m2);
    free(m3);
    t_end(&t);
}

/* Two models stepped alternately, with different data and configs. */
static void test_two_models(void)
{
    tcase t;
    t_begin(&t, "golden_two_models_coexist");
    golden *a = mk_model(&t, 1, 3, 100000, false), *b = mk_model(&t, 2, 11, 100000, true);
    if (a && b) {
        uint32_t args_a[2] = { OUT_ADDR, 1000 }, args_b[2] = { OUT_ADDR, 2000 };
        put_args(a, args_a, 2);
        put_args(b, args_b, 2);
        prog p = { .n = 0 };
        emit_load_out_base(&p);
        emit(&p, ALU2(ISA_OP_ADD, 20, SV(R_ARGS), LL(4)));
        emit(&p, GLOAD(1, 21, M_ALL, 20));
        emit(&p, WAIT1(1));
        emit_lane_addr(&p);
        emit(&p, ALU2(ISA_OP_ADD, 22, SV(21), LV(R_SID)));
        emit(&p, GSTORE(2, 17, M_ALL, SV(22)));
        emit(&p, WAIT1(2));
        emit(&p, END());
        if (launch(&t, a, &p, 1, 1, 0) && launch(&t, b, &p, 1, 1, 0)) {
            CHECK(&t, golden_dispatch(a, 0, -1) == 0 && golden_dispatch(b, 1, -1) == 0, "dispatch failed");
            for (int i = 0; i < 200 && !(golden_finished(a) && golden_finished(b)); i++) {
                golden_step(a, 0, 0, NULL);
                golden_advance_time(a, 1);
                if (golden_step(b, 1, 0, NULL) == GOLDEN_STEP_BLOCKED) {
                    golden_wave_info wi;
                    if (golden_wave_get(b, 1, 0, &wi))
                        for (unsigned s = 0; s < 16; s++)
                            if (wi.pending_signals & (1u << s))
                                golden_complete_signal(b, 1, 0, s);
                }
            }
            CHECK(&t, golden_finished(a) && golden_finished(b), "the models did not both finish");
            for (unsigned l = 0; l < 32; l++) {
                CHECK(&t, rd32(a, OUT_ADDR + 4 * l) == 1000 + l, "model a lane %u: %u", l, rd32(a, OUT_ADDR + 4 * l));
                CHECK(&t, rd32(b, OUT_ADDR + 4 * l) == 2000 + l, "model b lane %u: %u", l, rd32(b, OUT_ADDR + 4 * l));
            }
        }
    }
    golden_destroy(a);
    golden_destroy(b);
    t_end(&t);
}

static void test_timeout(void)
{
    tcase t;
    t_begin(&t, "golden_timeout_infinite_loop");
    golden *g = mk_model(&t, 2, 3, 5000, false);
    if (g) {
        prog p = { .n = 0 };
        emit(&p, NOP());
        emit(&p, BR(0));
        gpu_result r;
        gpu_status st = run(&t, g, &p, 3, 1, 0, &r);
        CHECK(&t, st == GPU_ERR_TIMEOUT && r.status == GPU_ERR_TIMEOUT && r.fault == 0,
              "expected a timeout, got status %d fault %u", (int)st, r.fault);
        gpu_counters c;
        golden_counters(g, &c);
        CHECK(&t, c.cycles == 5000, "cycles %" PRIu64 ", expected the limit 5000", c.cycles);
        /* 3 waves on 2 CUs each retire one instruction per tick. */
        CHECK(&t, c.instructions == 3 * 5000, "instructions %" PRIu64 ", expected 15000", c.instructions);
        golden_destroy(g);
    }
    /* A long memory wait past the limit is a timeout too. */
    g = mk_model(&t, 1, 100000, 5000, false);
    if (g) {
        prog p = { .n = 0 };
        emit(&p, MOV(16, M_ALL, LL(OUT_ADDR)));
        emit(&p, GSTORE(0, 16, M_ALL, SL(1)));
        emit(&p, WAIT1(0));
        emit(&p, END());
        gpu_result r;
        gpu_status st = run(&t, g, &p, 1, 1, 0, &r);
        CHECK(&t, st == GPU_ERR_TIMEOUT, "waiting on a slow store: status %d, expected timeout", (int)st);
        golden_destroy(g);
    }
    t_end(&t);
}

/* The lockstep records of a masked mov, an LDS store, a global store, a
 * branch and a wait on an externally completed signal. */
static void test_lockstep(void)
{
    tcase t;
    t_begin(&t, "golden_lockstep_retire_records");
    golden *g = mk_model(&t, 2, 3, 100000, true);
    if (!g) { t_end(&t); return; }
    prog p = { .n = 0 };
    emit(&p, ALU2(ISA_OP_SHL, 16, SV(R_SID), LL(2)));                        /* 0 */
    emit(&p, MOV(20, MASK2(R_LO16, 0, R_N2ND, 0), LL(7)));                    /* 1 */
    emit(&p, LSTORE(16, M1(R_CH2), SV(R_SID), 8));                            /* 2 */
    emit(&p, ALU2(ISA_OP_ADD, 17, SV(16), LL(OUT_ADDR)));                    /* 3 */
    emit(&p, GSTORE(3, 17, MNOT(R_LO16), SV(16)));                           /* 4 */
    emit(&p, GSTORE(5, 17, M1(R_ZERO), SV(16)));                             /* 5: empty mask */
    emit(&p, BRS(ISA_OP_BRNZ, SL(1), 8));                                    /* 6 */
    emit(&p, END());                                                         /* 7 */
    emit(&p, WAIT2(3, 5));                                                   /* 8 */
    emit(&p, END());                                                         /* 9 */
    if (!launch(&t, g, &p, 1, 1, 256)) { golden_destroy(g); t_end(&t); return; }
    CHECK(&t, golden_wave_status(g, 1, 0) == GOLDEN_WAVE_EMPTY, "slot not empty before dispatch");
    CHECK(&t, golden_dispatch(g, 1, -1) == 0, "dispatch on CU 1 failed");
    CHECK(&t, golden_wave_status(g, 1, 0) == GOLDEN_WAVE_READY, "wave not ready after dispatch");
    golden_retire rec;
    golden_step_status s;

    s = golden_step(g, 1, 0, &rec);
    CHECK(&t, s == GOLDEN_STEP_RETIRED && rec.pc == 0 && rec.next_pc == 1 && rec.dest == 16 &&
              rec.dest_mask == 0xFFFFFFFFu && rec.dest_data[9] == 36 && rec.cu == 1 && rec.slot == 0 && rec.wave == 0,
          "shl record: status %d pc %u dest %d mask %#x data[9] %u", (int)s, rec.pc, rec.dest, rec.dest_mask,
          rec.dest_data[9]);

    s = golden_step(g, 1, 0, &rec);
    CHECK(&t, s == GOLDEN_STEP_RETIRED && rec.dest == 20 && rec.dest_mask == 0x5555u && rec.inst == p.w[1],
          "mov record: dest %d mask %#x (expected v20, 0x5555)", rec.dest, rec.dest_mask);
    for (unsigned l = 0; l < 32; l++)
        CHECK(&t, rec.dest_data[l] == ((0x5555u >> l) & 1 ? 7u : 0u), "mov record lane %u value %u", l,
              rec.dest_data[l]);

    s = golden_step(g, 1, 0, &rec);
    CHECK(&t, s == GOLDEN_STEP_RETIRED && rec.dest == -1 && rec.lds_mask == 0x33333333u && rec.lds_base == 0,
          "local_store32 record: dest %d lds_mask %#x base %u", rec.dest, rec.lds_mask, rec.lds_base);
    CHECK(&t, rec.lds_addr[5] == 5 * 4 + 8 && rec.lds_data[5] == 5 && rec.lds_addr[29] == 29 * 4 + 8 &&
              rec.lds_data[29] == 29, "local_store32 record lanes: addr[5] %u data[5] %u", rec.lds_addr[5],
          rec.lds_data[5]);

    golden_step(g, 1, 0, &rec);
    s = golden_step(g, 1, 0, &rec);
    CHECK(&t, s == GOLDEN_STEP_RETIRED && rec.gmem == GOLDEN_MEM_STORE && rec.gmem_mask == 0xFFFF0000u &&
              rec.sig_issued == 3 && rec.dest == -1,
          "global_store32 record: kind %d mask %#x sig %d", (int)rec.gmem, rec.gmem_mask, rec.sig_issued);
    CHECK(&t, rec.gmem_addr[20] == OUT_ADDR + 80 && rec.gmem_data[20] == 80,
          "global_store32 record lane 20: addr 0x%x data %u", rec.gmem_addr[20], rec.gmem_data[20]);
    CHECK(&t, rd32(g, OUT_ADDR + 80) == 80 && rd32(g, OUT_ADDR + 60) == 0, "memory after the store");

    s = golden_step(g, 1, 0, &rec);
    CHECK(&t, s == GOLDEN_STEP_RETIRED && rec.gmem_mask == 0 && rec.sig_issued == 5,
          "empty-mask store: mask %#x sig %d", rec.gmem_mask, rec.sig_issued);

    s = golden_step(g, 1, 0, &rec);
    CHECK(&t, s == GOLDEN_STEP_RETIRED && rec.is_branch && rec.taken && rec.next_pc == 8,
          "brnz record: branch %d taken %d next %u", rec.is_branch, rec.taken, rec.next_pc);

    CHECK(&t, golden_wave_status(g, 1, 0) == GOLDEN_WAVE_SIGNAL, "wave not waiting on s3/s5");
    CHECK(&t, golden_step(g, 1, 0, &rec) == GOLDEN_STEP_BLOCKED, "sig_waitall2 not blocked");
    CHECK(&t, golden_complete_signal(g, 1, 0, 5) == GPU_ERR_STATE,
          "completing s5 before the older store s3 was accepted");
    CHECK(&t, golden_complete_signal(g, 1, 0, 3) == GPU_OK, "completing s3 failed");
    CHECK(&t, golden_complete_signal(g, 1, 0, 3) == GPU_ERR_STATE, "completing a done slot was accepted");
    CHECK(&t, golden_step(g, 1, 0, &rec) == GOLDEN_STEP_BLOCKED, "sig_waitall2 ran with s5 pending");
    CHECK(&t, golden_complete_signal(g, 1, 0, 5) == GPU_OK, "completing s5 failed");
    s = golden_step(g, 1, 0, &rec);
    CHECK(&t, s == GOLDEN_STEP_RETIRED && rec.sig_waited == ((1u << 3) | (1u << 5)) && rec.pc == 8,
          "sig_waitall2 record: status %d waited %#x", (int)s, rec.sig_waited);
    s = golden_step(g, 1, 0, &rec);
    CHECK(&t, s == GOLDEN_STEP_RETIRED && rec.ended && golden_finished(g), "end record / finished");
    CHECK(&t, golden_step(g, 1, 0, &rec) == GOLDEN_STEP_NO_WAVE, "stepping an empty slot");

    gpu_counters c;
    golden_counters(g, &c);
    CHECK(&t, c.instructions == 9 && c.lane_ops == 32 + 8 + 16 + 32 + 16 + 0 && c.lds_accesses == 16 &&
              c.global_stores == 16 && c.valu_insts == 3 && c.lds_insts == 1 && c.gmem_insts == 2 &&
              c.branch_insts == 1 && c.sig_insts == 1,
          "counters: insts %" PRIu64 " lane_ops %" PRIu64 " lds %" PRIu64 " stores %" PRIu64 " valu %" PRIu64,
          c.instructions, c.lane_ops, c.lds_accesses, c.global_stores, c.valu_insts);
    golden_destroy(g);
    t_end(&t);

    /* A faulting step reports and stops everything. */
    t_begin(&t, "golden_lockstep_fault_stops_task");
    g = mk_model(&t, 1, 3, 100000, false);
    if (g) {
        prog q = { .n = 0 };
        emit(&q, NOP());
        emit(&q, MOV(R_ONE, M_ALL, LL(3)));
        emit(&q, END());
        if (launch(&t, g, &q, 1, 2, 0)) {
            golden_dispatch(g, 0, -1);
            golden_step(g, 0, 1, NULL);
            CHECK(&t, golden_step(g, 0, 1, NULL) == GOLDEN_STEP_FAULT, "const write did not fault");
            CHECK(&t, golden_step(g, 0, 0, NULL) == GOLDEN_STEP_FAULT, "the other wave kept running after a fault");
            gpu_result r;
            golden_result(g, &r);
            CHECK(&t, r.fault == ISA_FAULT_CONST_WRITE && r.wave == 1 && r.pc == 1 && r.reg == R_ONE,
                  "fault record: fault %u wave %u pc %u reg %d", r.fault, r.wave, r.pc, r.reg);
        }
        golden_destroy(g);
    }
    t_end(&t);
}

static void test_config_errors(void)
{
    tcase t;
    t_begin(&t, "golden_rejects_bad_config_and_launch");
    golden_config cfg;
    golden_config_default(&cfg);
    golden *g = NULL;
    char err[256] = "";
    cfg.num_cus = 9;
    CHECK(&t, golden_create(&g, &cfg, err, sizeof err) == GPU_ERR_ARG && !g && strstr(err, "num_cus"),
          "9 CUs accepted (%s)", err);
    golden_config_default(&cfg);
    cfg.mem_bytes = 4097;
    CHECK(&t, golden_create(&g, &cfg, err, sizeof err) == GPU_ERR_ARG && !g, "mem_bytes 4097 accepted");
    golden_config_default(&cfg);
    cfg.mem_bytes = 1 << 16;
    CHECK(&t, golden_create(&g, &cfg, err, sizeof err) == GPU_OK && g, "default config rejected: %s", err);
    if (g) {
        uint64_t code[1] = { END() };
        golden_launch_params lp = { code, 1, 1, 3, 0, ARGS_ADDR };
        CHECK(&t, golden_launch(g, &lp, err, sizeof err) == GPU_ERR_ARG, "3 waves per group accepted");
        lp.waves_per_group = 1;
        lp.lds_bytes = 6;
        CHECK(&t, golden_launch(g, &lp, err, sizeof err) == GPU_ERR_ARG, "lds_bytes 6 accepted");
        lp.lds_bytes = 0;
        lp.num_insts = 0;
        CHECK(&t, golden_launch(g, &lp, err, sizeof err) == GPU_ERR_ARG, "empty program accepted");
        gpu_result r;
        CHECK(&t, golden_run(g, &r) == GPU_ERR_STATE, "run with nothing launched");
        uint32_t x = 0;
        CHECK(&t, golden_mem_read(g, &x, (1 << 16) - 2, 4) == GPU_ERR_RANGE, "read past the end accepted");
        golden_destroy(g);
    }
    t_end(&t);
}

/* ------------------------------------------------- ALU against references */

static uint64_t rng_state = 0x243F6A8885A308D3ull;
static uint32_t rnd32(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 11);
}

static const uint32_t int_edges[] = { 0, 1, 2, 3, 31, 32, 33, 0x7FFFFFFFu, 0x80000000u, 0x80000001u, 0xFFFFFFFFu,
                                      0xFFFFFFFEu, 0xFFFFFFF9u, 7, 100, 0x12345678u };

static int64_t sx(uint32_t x) { return (x & 0x80000000u) ? (int64_t)x - 4294967296ll : (int64_t)x; }

/* The integer functions of docs/isa.md 4.3, written independently of alu.c. */
static int int_reference(unsigned fn, uint32_t a, uint32_t b, uint32_t *r)
{
    int64_t A = sx(a), B = sx(b);
    unsigned sh = b % 32;
    switch (fn) {
    case ISA_FN_ADD: *r = (uint32_t)((uint64_t)a + b); return 1;
    case ISA_FN_SUB: *r = (uint32_t)((uint64_t)a - b); return 1;
    case ISA_FN_MUL_LO: *r = (uint32_t)((uint64_t)a * b); return 1;
    case ISA_FN_MUL_HI_U32: *r = (uint32_t)(((uint64_t)a * b) >> 32); return 1;
    case ISA_FN_MUL_HI_I32: { int64_t p = A * B; *r = (uint32_t)(((uint64_t)p) >> 32); return 1; }
    case ISA_FN_AND: *r = a & b; return 1;
    case ISA_FN_OR: *r = a | b; return 1;
    case ISA_FN_XOR: *r = a ^ b; return 1;
    case ISA_FN_SHL: *r = (uint32_t)((uint64_t)a << sh); return 1;
    case ISA_FN_SHR_U32: *r = a >> sh; return 1;
    case ISA_FN_SHR_I32: { int64_t q = A; for (unsigned i = 0; i < sh; i++) q = (q - (q & 1)) / 2; *r = (uint32_t)q; return 1; }
    case ISA_FN_MIN_U32: *r = a < b ? a : b; return 1;
    case ISA_FN_MIN_I32: *r = A < B ? a : b; return 1;
    case ISA_FN_MAX_U32: *r = a > b ? a : b; return 1;
    case ISA_FN_MAX_I32: *r = A > B ? a : b; return 1;
    case ISA_FN_EQ: *r = a == b; return 1;
    case ISA_FN_NE: *r = a != b; return 1;
    case ISA_FN_LT_U32: *r = a < b; return 1;
    case ISA_FN_LT_I32: *r = A < B; return 1;
    case ISA_FN_LE_U32: *r = a <= b; return 1;
    case ISA_FN_LE_I32: *r = A <= B; return 1;
    case ISA_FN_GT_U32: *r = a > b; return 1;
    case ISA_FN_GT_I32: *r = A > B; return 1;
    case ISA_FN_GE_U32: *r = a >= b; return 1;
    case ISA_FN_GE_I32: *r = A >= B; return 1;
    case ISA_FN_MOV: *r = b; return 1;
    case ISA_FN_DIV_U32: *r = b ? a / b : 0xFFFFFFFFu; return 1;
    case ISA_FN_REM_U32: *r = b ? a % b : a; return 1;
    case ISA_FN_DIV_I32: *r = b == 0 ? 0xFFFFFFFFu : (uint32_t)(A / B); return 1;   /* 2^31 wraps to INT32_MIN */
    case ISA_FN_REM_I32: *r = b == 0 ? a : (uint32_t)(A % B); return 1;
    case ISA_FN_XCHG: *r = b; return 1;
    default: return 0;
    }
}

static void test_alu_integer(void)
{
    tcase t;
    t_begin(&t, "alu_integer_functions_reference");
    unsigned nfn = 0;
    for (unsigned fn = 0; fn < 64; fn++) {
        uint32_t want;
        if (!int_reference(fn, 0, 0, &want))
            continue;
        nfn++;
        for (unsigned i = 0; i < 20000 && t.ok; i++) {
            uint32_t a, b;
            if (i < 256) {
                a = int_edges[i % 16];
                b = int_edges[i / 16];
            } else {
                a = rnd32() >> (rnd32() % 32);
                b = (i & 1) ? rnd32() : (rnd32() % 70) - 3;
            }
            int_reference(fn, a, b, &want);
            uint32_t got = isa_alu(fn, a, b, 0), vec;
            isa_alu_vec(fn, &vec, &a, &b, NULL, 1);
            CHECK(&t, got == want && vec == want, "%s(0x%08x, 0x%08x): expected 0x%08x, isa_alu 0x%08x, vector 0x%08x",
                  isa_fn_name(fn), a, b, want, got, vec);
        }
    }
    /* CAS: (old == compare) ? new : old, with old in a, new in b, compare in c. */
    CHECK(&t, isa_alu(ISA_FN_CAS, 5, 9, 5) == 9 && isa_alu(ISA_FN_CAS, 5, 9, 6) == 5, "cas");
    CHECK(&t, nfn == 31, "reference covers %u integer functions, expected 31", nfn);
    /* Every function isa.def defines is implemented. */
    for (unsigned fn = 0; fn < 64; fn++)
        CHECK(&t, isa_alu_defined(fn) == (isa_fn_name(fn) != NULL), "fn %u defined mismatch", fn);
    t_end(&t);
}

/* min/max/abs/neg/ne/gt/ge_f32 (not in the TestFloat set) against the rules of docs 4.3. */
static void test_alu_f32_rules(void)
{
    tcase t;
    t_begin(&t, "alu_f32_minmax_absneg_rules");
    static const uint32_t sp[] = { 0, 0x80000000u, 0x3F800000u, 0xBF800000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u,
                                   0x7F800001u, 0xFFFFFFFFu, 1, 0x80000001u, 0x7F7FFFFFu, 0x00800000u, 0x40490FDBu };
    const unsigned nsp = sizeof sp / sizeof sp[0];
    for (unsigned i = 0; i < 40000 && t.ok; i++) {
        uint32_t a = i < nsp * nsp ? sp[i % nsp] : rnd32(), b = i < nsp * nsp ? sp[i / nsp] : rnd32();
        if (i >= nsp * nsp && (i & 3) == 0) b = a ^ (rnd32() & 0x80000001u);
        int an = (a & 0x7FFFFFFFu) > 0x7F800000u, bn = (b & 0x7FFFFFFFu) > 0x7F800000u;
        float fa, fb;
        memcpy(&fa, &a, 4);
        memcpy(&fb, &b, 4);
        uint32_t mn, mx;
        if (an && bn) mn = mx = 0x7FC00000u;
        else if (an) mn = mx = b;
        else if (bn) mn = mx = a;
        else if (fa == fb && a != b) { mn = 0x80000000u; mx = 0; }    /* -0 < +0 */
        else { mn = fa < fb ? a : b; mx = fa < fb ? b : a; }
        CHECK(&t, isa_alu(ISA_FN_MIN_F32, a, b, 0) == mn, "min_f32(%08x, %08x) = %08x, expected %08x", a, b,
              isa_alu(ISA_FN_MIN_F32, a, b, 0), mn);
        CHECK(&t, isa_alu(ISA_FN_MAX_F32, a, b, 0) == mx, "max_f32(%08x, %08x) = %08x, expected %08x", a, b,
              isa_alu(ISA_FN_MAX_F32, a, b, 0), mx);
        uint32_t ab = an ? 0x7FC00000u : (a & 0x7FFFFFFFu), ng = an ? 0x7FC00000u : (a ^ 0x80000000u);
        CHECK(&t, isa_alu(ISA_FN_ABS_F32, 0, a, 0) == ab && isa_alu(ISA_FN_NEG_F32, 0, a, 0) == ng,
              "abs/neg_f32(%08x) = %08x/%08x, expected %08x/%08x", a, isa_alu(ISA_FN_ABS_F32, 0, a, 0),
              isa_alu(ISA_FN_NEG_F32, 0, a, 0), ab, ng);
        CHECK(&t, isa_alu(ISA_FN_NE_F32, a, b, 0) == (uint32_t)(fa != fb) &&
                  isa_alu(ISA_FN_GT_F32, a, b, 0) == (uint32_t)(fa > fb) &&
                  isa_alu(ISA_FN_GE_F32, a, b, 0) == (uint32_t)(fa >= fb),
              "ne/gt/ge_f32(%08x, %08x)", a, b);
    }
    t_end(&t);
}

/* Every VALU and SALU opcode through the model, with operand kinds varied:
 * the vector ones write all lanes, the scalar ones only lane 0 from lane-0
 * (scalar context) operands. The function itself is isa_alu's. */
static void test_alu_opcodes(void)
{
    tcase t;
    t_begin(&t, "golden_every_alu_opcode_operand_kinds");
    golden *g = mk_model(&t, 1, 2, 1000000, false);
    if (!g) { t_end(&t); return; }
    const uint32_t IN = 0x40000;
    uint32_t in[5][32];
    static const uint32_t fsp[] = { 0x3F800000u, 0xC0490FDBu, 0x7F800000u, 0x7FC00000u, 0, 0x80000000u, 5,
                                    0x4F000000u, 0xCF000000u, 0x3F000000u };
    for (unsigned r = 0; r < 5; r++)
        for (unsigned l = 0; l < 32; l++)
            in[r][l] = (l % 3 == 0) ? fsp[(l + r) % 10] : rnd32();
    golden_mem_write(g, IN, in, sizeof in);
    uint32_t args[2] = { OUT_ADDR, IN };
    put_args(g, args, 2);
    prog p = { .n = 0 };
    emit_load_out_base(&p);
    emit(&p, ALU2(ISA_OP_ADD, 18, SV(R_ARGS), LL(4)));
    emit(&p, GLOAD(1, 19, M_ALL, 18));
    emit(&p, WAIT1(1));
    emit(&p, ALU2(ISA_OP_SHL, 17, SV(R_SID), LL(2)));
    emit(&p, ALU2(ISA_OP_ADD, 18, SV(17), LS(19)));
    for (unsigned r = 0; r < 5; r++) {                       /* v20..v24 = in[r][lane] */
        emit(&p, GLOAD(2, 20 + r, M_ALL, 18));
        emit(&p, WAIT1(2));
        emit(&p, ALU2(ISA_OP_ADD, 18, SV(18), LL(128)));
    }
    emit(&p, ALU2(ISA_OP_ADD, 17, SV(17), LS(16)));          /* v17 = out + lane*4 */
    const uint32_t mask = MASK2(23, 0, 24, 1);               /* bit0(v23) & ~bit0(v24) */
    const int32_t short_lit = -1234;
    const uint32_t long_lit = 0x40400000u;                   /* 3.0f */
    struct { unsigned op, ka, kb, kc; } ops[256];
    unsigned nops = 0;
    for (unsigned opc = 0; opc < 256; opc++) {
        const isa_op_info *i = isa_op((uint8_t)opc);
        if (!i->mnemonic || (i->unit != ISA_UNIT_VALU && i->unit != ISA_UNIT_SALU))
            continue;
        if (i->fmt != ISA_FMT_ALU1 && i->fmt != ISA_FMT_ALU2 && i->fmt != ISA_FMT_ALU3)
            continue;
        unsigned ka = nops % 4, kb = (nops / 4 + nops) % 4, kc = (nops / 2) % 4;
        uint32_t A = ka == 0 ? SV(20) : ka == 1 ? SS(20) : ka == 2 ? SM(mask) : SL(short_lit);
        lsrc B = kb == 0 ? LV(21) : kb == 1 ? LS(21) : kb == 2 ? LM(mask) : LL(long_lit);
        uint32_t B3 = kb == 0 ? SV(21) : kb == 1 ? SS(21) : kb == 2 ? SM(mask) : SL(short_lit);
        uint32_t C3 = kc == 0 ? SV(22) : kc == 1 ? SS(22) : kc == 2 ? SM(mask) : SL(short_lit);
        emit(&p, MOV(25, M_ALL, LL(0x5A5A5A5Au)));
        if (i->fmt == ISA_FMT_ALU1) emit(&p, ALU1(opc, 25, B));
        else if (i->fmt == ISA_FMT_ALU2) emit(&p, ALU2(opc, 25, A, B));
        else emit(&p, ALU3(opc, 25, A, B3, C3));
        emit(&p, ALU2(ISA_OP_ADD, 18, SV(17), LL(nops * 128)));
        emit(&p, GSTORE(3, 18, M_ALL, SV(25)));
        ops[nops].op = opc;
        ops[nops].ka = ka;
        ops[nops].kb = kb;
        ops[nops].kc = kc;
        nops++;
    }
    emit(&p, WAIT1(3));
    emit(&p, END());
    gpu_result r;
    gpu_status st = run(&t, g, &p, 1, 1, 0, &r);
    char d[256];
    describe(&r, d, sizeof d);
    CHECK(&t, st == GPU_OK, "run: %s", d);
    uint32_t mbits = 0;
    for (unsigned l = 0; l < 32; l++)
        mbits |= ((in[3][l] & 1u) & ~in[4][l] & 1u) << l;
    for (unsigned k = 0; k < nops && t.ok; k++) {
        const isa_op_info *i = isa_op((uint8_t)ops[k].op);
        bool scalar = i->unit == ISA_UNIT_SALU;
        for (unsigned l = 0; l < 32; l++) {
            unsigned ll = scalar ? 0 : l;    /* scalar context reads lane 0 */
            uint32_t va[4] = { in[0][ll], in[0][0], (mbits >> ll) & 1u, (uint32_t)short_lit };
            uint32_t vb[4] = { in[1][ll], in[1][0], (mbits >> ll) & 1u, i->fmt == ISA_FMT_ALU3 ? (uint32_t)short_lit : long_lit };
            uint32_t vc[4] = { in[2][ll], in[2][0], (mbits >> ll) & 1u, (uint32_t)short_lit };
            uint32_t a = i->fmt == ISA_FMT_ALU1 ? 0 : va[ops[k].ka];
            uint32_t c = i->fmt == ISA_FMT_ALU3 ? vc[ops[k].kc] : 0;
            uint32_t want = isa_alu(i->aux, a, vb[ops[k].kb], c);
            if (scalar && l > 0)
                want = 0x5A5A5A5Au;
            uint32_t got = rd32(g, OUT_ADDR + k * 128 + l * 4);
            CHECK(&t, got == want, "%s (kinds A%u B%u C%u) lane %u: expected 0x%08x, got 0x%08x", i->mnemonic,
                  ops[k].ka, ops[k].kb, ops[k].kc, l, want, got);
        }
    }
    CHECK(&t, nops >= 50, "only %u ALU opcodes found", nops);
    golden_destroy(g);
    t_end(&t);
}

int main(void)
{
    test_alu_integer();
    test_alu_f32_rules();
    test_alu_opcodes();
    test_constants();
    test_faults();
    test_pending();
    test_signal_stall();
    test_barrier();
    test_dispatcher();
    test_semantics();
    test_branches_signals();
    test_determinism();
    test_two_models();
    test_timeout();
    test_lockstep();
    test_config_errors();
    return g_failed ? 1 : 0;
}
