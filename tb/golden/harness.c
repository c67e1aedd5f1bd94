/* SPDX-License-Identifier: Apache-2.0 */
/* The instruction encoders, the program buffer and the harness: a model from
 * a configuration, a program loaded and launched, results read back. */
#include "golden_test.h"

/* ------------------------------------------------------------- encoding */

uint32_t MASK2(unsigned r1, unsigned inv1, unsigned r2, unsigned inv2)
{
    isa_mask m = { (uint8_t)r1, (uint8_t)inv1, (uint8_t)r2, (uint8_t)inv2 };
    return isa_mask_encode(m);
}

uint64_t ALU2(unsigned opc, unsigned d, uint32_t a, lsrc b)
{
    return with_long(ISA_SET(ISA_SET(OP(opc), D, d), A, a), b);
}
uint64_t ALU3(unsigned opc, unsigned d, uint32_t a, uint32_t b, uint32_t c)
{
    return ISA_SET(ISA_SET(ISA_SET(ISA_SET(OP(opc), D, d), A, a), B3, b), C3, c);
}
uint64_t MOVM(unsigned opc, unsigned d, uint32_t m, lsrc b)
{
    return with_long(ISA_SET(ISA_SET(OP(opc), D, d), M, m), b);
}
uint64_t SEL(unsigned d, uint32_t m, uint32_t f, uint32_t t)
{
    return ISA_SET(ISA_SET(ISA_SET(ISA_SET(OP(ISA_OP_SELECT), D, d), M, m), SEL_F, f), SEL_T, t);
}
uint64_t SIGD2(unsigned d, unsigned s1, unsigned s2)
{
    return ISA_SET(ISA_SET(ISA_SET(OP(ISA_OP_SIG_DONE2), D, d), S1, s1), S2, s2);
}
uint64_t WAIT4(unsigned s1, unsigned s2, unsigned s3, unsigned s4)
{
    return ISA_SET(ISA_SET(ISA_SET(ISA_SET(OP(ISA_OP_SIG_WAITALL4), S1, s1), S2, s2), S3, s3), S4, s4);
}
uint64_t LLOAD(unsigned d, uint32_t m, unsigned addr, uint32_t off)
{
    return ISA_SET(ISA_SET(ISA_SET(ISA_SET(OP(ISA_OP_LOCAL_LOAD32), D, d), M, m), ADDR, addr), OFFSET, off);
}
uint64_t LSTORE(unsigned addr, uint32_t m, uint32_t v, uint32_t off)
{
    return ISA_SET(ISA_SET(ISA_SET(ISA_SET(OP(ISA_OP_LOCAL_STORE32), M, m), ADDR, addr), V, v), OFFSET, off);
}
uint64_t LATOM(unsigned opc, unsigned d, uint32_t m, unsigned addr, uint32_t v, uint32_t off, unsigned noret)
{
    uint64_t w = ISA_SET(ISA_SET(ISA_SET(ISA_SET(OP(opc), D, d), M, m), ADDR, addr), V, v);
    return ISA_SET(ISA_SET(w, OFFSET, off), NORET, noret);
}
uint64_t GLOAD(unsigned sig, unsigned d, uint32_t m, unsigned addr)
{
    return ISA_SET(ISA_SET(ISA_SET(ISA_SET(OP(ISA_OP_GLOBAL_LOAD32), D, d), M, m), ADDR, addr), SIG, sig);
}
uint64_t GSTORE(unsigned sig, unsigned addr, uint32_t m, uint32_t v)
{
    return ISA_SET(ISA_SET(ISA_SET(ISA_SET(OP(ISA_OP_GLOBAL_STORE32), M, m), ADDR, addr), V, v), SIG, sig);
}
uint64_t GATOM(unsigned opc, unsigned sig, unsigned d, uint32_t m, unsigned addr, uint32_t v, unsigned noret)
{
    uint64_t w = ISA_SET(ISA_SET(ISA_SET(ISA_SET(OP(opc), D, d), M, m), ADDR, addr), V, v);
    return ISA_SET(ISA_SET(w, SIG, sig), NORET, noret);
}

unsigned emit(prog *p, uint64_t w)
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

golden *mk_model(check_case *t, unsigned cus, unsigned latency, uint64_t max_ticks, bool external)
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
        case_fail(t, "golden_create: %s", err);
        return NULL;
    }
    return g;
}

void put_args(golden *g, const uint32_t *args, unsigned n)
{
    golden_mem_write(g, ARGS_ADDR, args, n * 4);
}

int launch(check_case *t, golden *g, const prog *p, unsigned groups, unsigned wpg, unsigned lds)
{
    char err[256];
    if (p->n > PROG_MAX) {
        case_fail(t, "test program too long (%u words)", p->n);
        return 0;
    }
    if (!prog_valid(p, err, sizeof err)) {
        case_fail(t, "%s", err);
        return 0;
    }
    golden_launch_params lp = { p->w, p->n, groups, wpg, lds, ARGS_ADDR };
    if (golden_launch(g, &lp, err, sizeof err) != GPU_OK) {
        case_fail(t, "golden_launch: %s", err);
        return 0;
    }
    return 1;
}

gpu_status run(check_case *t, golden *g, const prog *p, unsigned groups, unsigned wpg, unsigned lds, gpu_result *res)
{
    if (!launch(t, g, p, groups, wpg, lds))
        return GPU_ERR_ARG;
    return golden_run(g, res);
}

uint32_t rd32(golden *g, uint32_t addr)
{
    uint32_t v = 0;
    golden_mem_read(g, &v, addr, 4);
    return v;
}

void describe(const gpu_result *r, char *buf, size_t len)
{
    snprintf(buf, len, "status %d fault %u (%s) wave %u cu %u pc %u lane %d addr 0x%x reg %d", (int)r->status,
             r->fault, isa_fault_name(r->fault), r->wave, r->cu, r->pc, r->lane, r->addr, r->reg);
}

void expect_fault(check_case *t, gpu_status st, const gpu_result *r, unsigned code, uint32_t pc, int lane,
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

void emit_load_out_base(prog *p)
{
    emit(p, GLOAD(15, 16, M1(R_ONE), R_ARGS));
    emit(p, WAIT1(15));
}

void emit_lane_addr(prog *p)
{
    emit(p, ALU2(ISA_OP_SHL, 17, SV(R_WAVE), LL(5)));
    emit(p, ALU2(ISA_OP_ADD, 17, SV(17), LV(R_SID)));
    emit(p, ALU2(ISA_OP_SHL, 17, SV(17), LL(2)));
    emit(p, ALU2(ISA_OP_ADD, 17, SV(17), LS(16)));
}

