/* SPDX-License-Identifier: Apache-2.0 */
/* The ALU (csrc/alu.c) against references written here from docs/isa.md
 * 4.3: integer functions, f32 rules, and every ALU opcode through a program. */
#include "golden_test.h"

/* The random operands of the ALU tests: one stream, fixed seed. */
static prng rng = { 0x243F6A8885A308D3ull };

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

void test_alu_integer(void)
{
    check_case t;
    case_begin(&t, "alu_integer_functions_reference");
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
                a = prng_u32(&rng) >> (prng_u32(&rng) % 32);
                b = (i & 1) ? prng_u32(&rng) : (prng_u32(&rng) % 70) - 3;
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
    case_end(&t);
}

void test_alu_f32_rules(void)
{
    check_case t;
    case_begin(&t, "alu_f32_minmax_absneg_rules");
    static const uint32_t sp[] = { 0, 0x80000000u, 0x3F800000u, 0xBF800000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u,
                                   0x7F800001u, 0xFFFFFFFFu, 1, 0x80000001u, 0x7F7FFFFFu, 0x00800000u, 0x40490FDBu };
    const unsigned nsp = sizeof sp / sizeof sp[0];
    for (unsigned i = 0; i < 40000 && t.ok; i++) {
        uint32_t a = i < nsp * nsp ? sp[i % nsp] : prng_u32(&rng), b = i < nsp * nsp ? sp[i / nsp] : prng_u32(&rng);
        if (i >= nsp * nsp && (i & 3) == 0) b = a ^ (prng_u32(&rng) & 0x80000001u);
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
    case_end(&t);
}

void test_alu_opcodes(void)
{
    check_case t;
    case_begin(&t, "golden_every_alu_opcode_operand_kinds");
    golden *g = mk_model(&t, 1, 2, 1000000, false);
    if (!g) { case_end(&t); return; }
    const uint32_t IN = 0x40000;
    uint32_t in[5][32];
    static const uint32_t fsp[] = { 0x3F800000u, 0xC0490FDBu, 0x7F800000u, 0x7FC00000u, 0, 0x80000000u, 5,
                                    0x4F000000u, 0xCF000000u, 0x3F000000u };
    for (unsigned r = 0; r < 5; r++)
        for (unsigned l = 0; l < 32; l++)
            in[r][l] = (l % 3 == 0) ? fsp[(l + r) % 10] : prng_u32(&rng);
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
    case_end(&t);
}

