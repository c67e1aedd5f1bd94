/* SPDX-License-Identifier: Apache-2.0 */
/* Directed tests: the constants, masks and cross-lane operations. */
#include "kernels_test.h"

static const char *const const_names[16] = {
    "zero", "one", "sid", "wave", "u8_max", "n2nd", "n3rd", "n4th",
    "lo16", "ch2", "ch4", "alo8", "group", "group_wave", "num_groups", "args",
};

/* The value of constant c in lane l of task-wide wave w (docs/isa.md 1.2);
 * `args` is passed in (its address is the runtime's choice). */
static uint32_t const_value(unsigned c, unsigned w, unsigned l, uint32_t wpg, uint32_t groups, uint32_t args)
{
    switch (c) {
    case 0: return 0;
    case 1: return 1;
    case 2: return l;
    case 3: return w;
    case 4: return 255;
    case 5: return 1u << (l % 2);
    case 6: return 1u << (l % 3);
    case 7: return 1u << (l % 4);
    case 8: return l < 16;
    case 9: return !(l & 2);
    case 10: return !(l & 4);
    case 11: return !(l & 8);
    case 12: return w / wpg;
    case 13: return w % wpg;
    case 14: return groups;
    default: return args;
    }
}

#define ARGS_MAGIC 0x5EED1234u

void test_consts(uint32_t wpg, uint32_t groups)
{
    dt_run d;
    if (!dt_init(&d, "dt_consts", wpg * groups, wpg, 0, 17)) return;
    d.extra[0] = ARGS_MAGIC;
    d.nextra = 1;
    dt_exec(&d);
    uint32_t *e = dt_exp(&d);
    /* `args`: the same aligned address >= 4096 in every lane of every wave, and
     * the fifth argument word is found at args + 16. */
    uint32_t args = d.ok ? OUT(&d, 0, 15, 0) : 0;
    for (unsigned c = 0; c < 16 && e; c++) {
        for (unsigned w = 0; w < d.nwaves; w++)
            for (unsigned l = 0; l < LANES; l++) EXP(&d, e, w, c, l) = const_value(c, w, l, wpg, groups, args);
        char name[80];
        snprintf(name, sizeof name, "dt_const_%s_%uwave_groups", const_names[c], wpg);
        if (c == 15 && d.ok && selected(name) && (args % 4 || args < 4096)) {
            fail(name, "args = 0x%08" PRIx32 " is not an aligned address at or above 4096", args);
            continue;
        }
        dt_check_row(&d, c, name, exp_row(&d, e, c));
    }
    for (unsigned w = 0; w < d.nwaves && e; w++)
        for (unsigned l = 0; l < LANES; l++) EXP(&d, e, w, 16, l) = ARGS_MAGIC;
    char name[80];
    snprintf(name, sizeof name, "dt_const_args_points_at_arguments_%uwave_groups", wpg);
    if (e) dt_check_row(&d, 16, name, exp_row(&d, e, 16));
    free(e);
    dt_free(&d);
}

void test_masks(void)
{
    const uint32_t wpg = 2, groups = 4, nw = wpg * groups;
    dt_run d;
    if (!dt_init(&d, "dt_masks", nw, wpg, 5, 53)) return;
    prng r = { 31 };
    for (unsigned w = 0; w < nw; w++)
        for (unsigned l = 0; l < LANES; l++) {
            IN(&d, w, 0, l) = prng_u32(&r);
            uint32_t p = prng_u32(&r), q = prng_u32(&r);
            if (w == 1) p |= 1;           /* every lane selected by P */
            if (w == 2) q &= ~1u;         /* no lane selected by Q */
            if (w == 3 && l == 0) p &= ~1u;
            IN(&d, w, 1, l) = p;
            IN(&d, w, 2, l) = q;
            IN(&d, w, 3, l) = prng_f32_moderate(&r);
            IN(&d, w, 4, l) = prng_f32_moderate(&r);
        }
    dt_exec(&d);
    uint32_t *e = dt_exp(&d);
    if (!e) { dt_free(&d); return; }
    for (unsigned w = 0; w < nw; w++)
        for (unsigned l = 0; l < LANES; l++) {
            uint32_t A = IN(&d, w, 0, l), P = b0(IN(&d, w, 1, l)), Q = b0(IN(&d, w, 2, l));
            uint32_t F = IN(&d, w, 3, l), G = IN(&d, w, 4, l), P0 = b0(IN(&d, w, 1, 0));
            uint32_t lo16 = l < 16, ch2 = !(l & 2), ch4 = !(l & 4), alo8 = !(l & 8), n2nd = !(l & 1), n3rd = l % 3 == 0;
            for (unsigned c = 0; c < 16; c++) {
                /* the args address is 4-aligned (kernels load from it), so its bit 0 is 0 */
                uint32_t m = c == 15 ? 0 : b0(const_value(c, w, l, wpg, groups, 0));
                EXP(&d, e, w, c, l) = m ? A : 0xFFFFFFFFu;
                EXP(&d, e, w, 16 + c, l) = !m ? A : 0xFFFFFFFFu;
            }
            uint32_t nP = !P, nQ = !Q; /* inverted terms */
            uint32_t two[10] = { P & Q, nP & Q, P & nQ, nP & nQ, lo16 & !n2nd, (uint32_t)!ch4 & Q, (uint32_t)!alo8 & nP,
                                 P, 0, b0(w) & !b0(l) };
            for (unsigned k = 0; k < 10; k++) EXP(&d, e, w, 32 + k, l) = two[k] ? A : 0xFFFFFFFFu;
            EXP(&d, e, w, 42, l) = A + (P & !lo16);
            EXP(&d, e, w, 43, l) = (nP & ch2) - A;
            EXP(&d, e, w, 44, l) = (nQ & n2nd) ? 0x3F800000u : 0;
            EXP(&d, e, w, 45, l) = r_fma_f32(F, !lo16, G);
            EXP(&d, e, w, 46, l) = r_fma_f32(Q & ch2, F, nP);
            EXP(&d, e, w, 47, l) = lo16 ? (P & Q) : 0xFFFFFFFFu;
            EXP(&d, e, w, 48, l) = n3rd ? nP : (P & nQ);
            EXP(&d, e, w, 49, l) = l ? 0xFFFFFFFFu : !P0 + 100;
            EXP(&d, e, w, 50, l) = IN(&d, w, 0, P & Q);
            EXP(&d, e, w, 51, l) = IN(&d, w, 0, !P0);
            EXP(&d, e, w, 52, l) = ch2 & !ch4;
        }
    static const char *const two_names[10] = {
        "v_and_v", "inv_v_and_v", "v_and_inv_v", "inv_v_and_inv_v", "lo16_and_inv_n2nd", "inv_ch4_and_v",
        "inv_alo8_and_inv_v", "same_reg_twice", "reg_and_its_inverse_empty", "wave_and_inv_sid",
    };
    static const char *const vany_names[11] = {
        "vany_alu2_long_source", "vany_alu2_short_source_a", "vany_alu1_source", "vany_fma_source_b",
        "vany_fma_sources_a_c", "vany_mov_source", "vany_select_f_t", "vany_scalar_context_lane0",
        "vany_shfl_index", "vany_bcast_scalar_index", "vany_two_constants",
    };
    for (unsigned k = 0; k < 53; k++) {
        char name[80];
        if (k < 16) snprintf(name, sizeof name, "dt_mask_const_%s", const_names[k]);
        else if (k < 32) snprintf(name, sizeof name, "dt_mask_inv_const_%s", const_names[k - 16]);
        else if (k < 42) snprintf(name, sizeof name, "dt_mask_two_term_%s", two_names[k - 32]);
        else snprintf(name, sizeof name, "dt_mask_%s", vany_names[k - 42]);
        dt_check_row(&d, k, name, exp_row(&d, e, k));
    }
    free(e);
    dt_free(&d);
}

void test_xlane(void)
{
    const unsigned nw = 6;
    dt_run d;
    if (!dt_init(&d, "dt_xlane", nw, 1, 4, 22)) return;
    prng r = { 41 };
    for (unsigned w = 0; w < nw; w++)
        for (unsigned l = 0; l < LANES; l++) {
            IN(&d, w, 0, l) = prng_u32(&r);
            IN(&d, w, 1, l) = prng_u32(&r);
            IN(&d, w, 2, l) = (w & 1) ? prng_u32(&r) : prng_below(&r, 256);
            uint32_t m = prng_u32(&r);
            if (w == 0) m &= ~1u;                       /* empty: first_where_true keeps D */
            if (w == 1) m = (m & ~1u) | (l == 31);      /* only lane 31 */
            if (w == 2) m |= 1;                         /* every lane */
            if (w == 3) m = (m & ~1u) | (l >= 20 && l < 26);
            IN(&d, w, 3, l) = m;
        }
    dt_exec(&d);
    uint32_t *e = dt_exp(&d);
    if (!e) { dt_free(&d); return; }
    for (unsigned w = 0; w < nw; w++) {
        const uint32_t *A = &IN(&d, w, 0, 0), *B = &IN(&d, w, 1, 0), *I = &IN(&d, w, 2, 0), *M = &IN(&d, w, 3, 0);
        int f_m = -1, f_ma = -1; /* first lane of M(v20), of M(v20 & ~alo8) */
        for (unsigned l = 0; l < LANES; l++) {
            if (f_m < 0 && b0(M[l])) f_m = (int)l;
            if (f_ma < 0 && b0(M[l]) && (l & 8)) f_ma = (int)l;
        }
        for (unsigned l = 0; l < LANES; l++) {
            uint32_t m = b0(M[l]), lo16 = l < 16, ch2 = !(l & 2);
            EXP(&d, e, w, 0, l) = (m && !lo16) ? A[l] : B[l];
            EXP(&d, e, w, 1, l) = !m ? 0x12345678u : B[l];
            EXP(&d, e, w, 2, l) = m ? A[0] : B[l];
            EXP(&d, e, w, 3, l) = A[l];
            EXP(&d, e, w, 4, l) = B[l];
            EXP(&d, e, w, 5, l) = m ? B[l] : A[l];
            EXP(&d, e, w, 6, l) = (!m && ch2) ? 2047u : (uint32_t)-5;
            EXP(&d, e, w, 7, l) = m ? B[0] : A[0];
            EXP(&d, e, w, 8, l) = m ? B[l] : A[l];
            EXP(&d, e, w, 9, l) = (l == 0 && f_ma >= 0) ? A[f_ma] : B[l];
            EXP(&d, e, w, 10, l) = B[l];
            EXP(&d, e, w, 11, l) = B[l];
            EXP(&d, e, w, 12, l) = (l == 0 && f_m >= 0) ? 77u : B[l];
            EXP(&d, e, w, 13, l) = l == 0 ? A[16] : B[l];
            EXP(&d, e, w, 14, l) = A[I[l] & 31];
            EXP(&d, e, w, 15, l) = A[13];
            EXP(&d, e, w, 16, l) = I[l] & 31;
            EXP(&d, e, w, 17, l) = A[I[l] & 31];
            EXP(&d, e, w, 18, l) = A[I[0] & 31];
            EXP(&d, e, w, 19, l) = A[I[0] & 31];
            EXP(&d, e, w, 20, l) = A[5];
            EXP(&d, e, w, 21, l) = A[I[0] & 31];
        }
    }
    static const char *const names[22] = {
        "dt_mov_masked", "dt_mov_masked_long_literal", "dt_mov_masked_scalar_source", "dt_mov_unmasked",
        "dt_mov_empty_mask_keeps_dest", "dt_select_regs", "dt_select_literals", "dt_select_scalar_sources",
        "dt_select_dest_is_source", "dt_first_where_true", "dt_first_where_true_empty_zero_mask_keeps_dest",
        "dt_first_where_true_empty_reg_mask_keeps_dest", "dt_first_where_true_literal", "dt_first_where_true_const_mask",
        "dt_shfl", "dt_shfl_literal_index", "dt_shfl_sid_source", "dt_shfl_dest_is_source", "dt_shfl_scalar_index",
        "dt_bcast", "dt_bcast_literal_index", "dt_bcast_dest_is_source",
    };
    for (unsigned k = 0; k < 22; k++) dt_check_row(&d, k, names[k], exp_row(&d, e, k));
    free(e);
    dt_free(&d);
}

