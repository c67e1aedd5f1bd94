/* SPDX-License-Identifier: Apache-2.0 */
/* Cross-lane operations, reductions, s_div, atomics, branches and signals. */
#include "golden_test.h"

void test_semantics(void)
{
    check_case t;
    case_begin(&t, "golden_xlane_select_reductions_atomics");
    golden *g = mk_model(&t, 1, 3, 100000, false);
    if (!g) { case_end(&t); return; }
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
    case_end(&t);
}

void test_branches_signals(void)
{
    check_case t;
    case_begin(&t, "golden_mask_branches_and_sig_done");
    golden *g = mk_model(&t, 1, 5, 100000, false);
    if (!g) { case_end(&t); return; }
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
    case_end(&t);
}

