/* SPDX-License-Identifier: Apache-2.0 */
/* The reference ALU of docs/isa.md 4.3 written again in C, the edge values,
 * and the integer and f32 ALU tests (vector and scalar). */
#include "kernels_test.h"

/* ------------------------------------------------------------ reference ALU (docs/isa.md 4.3) */

typedef uint32_t (*fn3)(uint32_t a, uint32_t b, uint32_t c);

static uint32_t r_sub(uint32_t a, uint32_t b) { return a - b; }
static uint32_t r_mul_lo(uint32_t a, uint32_t b) { return (uint32_t)((uint64_t)a * b); }
static uint32_t r_mul_hi_u32(uint32_t a, uint32_t b) { return (uint32_t)(((uint64_t)a * b) >> 32); }
static uint32_t r_mul_hi_i32(uint32_t a, uint32_t b)
{
    int64_t p = (int64_t)(int32_t)a * (int64_t)(int32_t)b;
    return (uint32_t)((uint64_t)p >> 32);
}
static uint32_t r_shl(uint32_t a, uint32_t b) { return a << (b & 31); }
static uint32_t r_shr_u32(uint32_t a, uint32_t b) { return a >> (b & 31); }
static uint32_t r_shr_i32(uint32_t a, uint32_t b)
{
    unsigned s = b & 31;
    uint32_t r = a >> s;
    if ((a & 0x80000000u) && s) r |= ~(0xFFFFFFFFu >> s);
    return r;
}
static uint32_t r_eq(uint32_t a, uint32_t b) { return a == b; }
static uint32_t r_ne(uint32_t a, uint32_t b) { return a != b; }
static uint32_t r_lt_u32(uint32_t a, uint32_t b) { return a < b; }
static uint32_t r_lt_i32(uint32_t a, uint32_t b) { return si(a) < si(b); }
static uint32_t r_le_u32(uint32_t a, uint32_t b) { return a <= b; }
static uint32_t r_le_i32(uint32_t a, uint32_t b) { return si(a) <= si(b); }
static uint32_t r_gt_u32(uint32_t a, uint32_t b) { return a > b; }
static uint32_t r_gt_i32(uint32_t a, uint32_t b) { return si(a) > si(b); }
static uint32_t r_ge_u32(uint32_t a, uint32_t b) { return a >= b; }
static uint32_t r_ge_i32(uint32_t a, uint32_t b) { return si(a) >= si(b); }
static uint32_t r_div_u32(uint32_t a, uint32_t b) { return b ? a / b : 0xFFFFFFFFu; }
static uint32_t r_rem_u32(uint32_t a, uint32_t b) { return b ? a % b : a; }
static uint32_t r_div_i32(uint32_t a, uint32_t b)
{
    if (b == 0) return 0xFFFFFFFFu;
    if (a == 0x80000000u && b == 0xFFFFFFFFu) return 0x80000000u;
    return (uint32_t)(si(a) / si(b));
}
static uint32_t r_rem_i32(uint32_t a, uint32_t b)
{
    if (b == 0) return a;
    if (a == 0x80000000u && b == 0xFFFFFFFFu) return 0;
    return (uint32_t)(si(a) % si(b));
}
static uint32_t r_mov(uint32_t a, uint32_t b) { (void)b; return a; }

static uint32_t r_sub_f32(uint32_t a, uint32_t b) { return canon(fl(a) - fl(b)); }
static uint32_t r_mul_f32(uint32_t a, uint32_t b) { return canon(fl(a) * fl(b)); }
static uint32_t r_div_f32(uint32_t a, uint32_t b) { return canon(fl(a) / fl(b)); }
static uint32_t r_sqrt_f32(uint32_t a, uint32_t b) { (void)b; return canon(sqrtf(fl(a))); }
static bool is_nan(uint32_t a) { return (a & 0x7FFFFFFFu) > 0x7F800000u; }
uint32_t r_min_f32(uint32_t a, uint32_t b)
{
    if (is_nan(a) && is_nan(b)) return QNAN;
    if (is_nan(a)) return b;
    if (is_nan(b)) return a;
    if (fl(a) == fl(b)) return (a & 0x80000000u) ? a : b; /* equal: prefer the negative zero */
    return fl(a) < fl(b) ? a : b;
}
uint32_t r_max_f32(uint32_t a, uint32_t b)
{
    if (is_nan(a) && is_nan(b)) return QNAN;
    if (is_nan(a)) return b;
    if (is_nan(b)) return a;
    if (fl(a) == fl(b)) return (a & 0x80000000u) ? b : a;
    return fl(a) > fl(b) ? a : b;
}
static uint32_t r_abs_f32(uint32_t a, uint32_t b) { (void)b; return is_nan(a) ? QNAN : a & 0x7FFFFFFFu; }
static uint32_t r_neg_f32(uint32_t a, uint32_t b) { (void)b; return is_nan(a) ? QNAN : a ^ 0x80000000u; }
static uint32_t r_eq_f32(uint32_t a, uint32_t b) { return fl(a) == fl(b); }
static uint32_t r_ne_f32(uint32_t a, uint32_t b) { return !(fl(a) == fl(b)); }
static uint32_t r_lt_f32(uint32_t a, uint32_t b) { return fl(a) < fl(b); }
static uint32_t r_le_f32(uint32_t a, uint32_t b) { return fl(a) <= fl(b); }
static uint32_t r_gt_f32(uint32_t a, uint32_t b) { return fl(a) > fl(b); }
static uint32_t r_ge_f32(uint32_t a, uint32_t b) { return fl(a) >= fl(b); }
static uint32_t r_cvt_f32_i32(uint32_t a, uint32_t b) { (void)b; return bits((float)si(a)); }
static uint32_t r_cvt_f32_u32(uint32_t a, uint32_t b) { (void)b; return bits((float)a); }
/* Round to nearest integer, ties to even, in float arithmetic: below 2^23
 * adding and subtracting 2^23 rounds away the fraction with RNE. */
static float rne_int(float f)
{
    if (!(fabsf(f) < 8388608.0f)) return f;
    float t = (fabsf(f) + 8388608.0f) - 8388608.0f;
    return copysignf(t, f);
}
static uint32_t to_i32_sat(float t) /* t integral or inf/NaN */
{
    if (isnan(t)) return 0x7FFFFFFFu;
    if (t >= 2147483648.0f) return 0x7FFFFFFFu;
    if (t < -2147483648.0f) return 0x80000000u;
    return (uint32_t)(int32_t)t;
}
static uint32_t to_u32_sat(float t)
{
    if (isnan(t)) return 0xFFFFFFFFu;
    if (t >= 4294967296.0f) return 0xFFFFFFFFu;
    if (t < 0.0f) return 0;
    return (uint32_t)t;
}
static uint32_t r_cvt_i32_f32_rtz(uint32_t a, uint32_t b) { (void)b; return to_i32_sat(isnan(fl(a)) ? fl(a) : truncf(fl(a))); }
static uint32_t r_cvt_i32_f32_rne(uint32_t a, uint32_t b) { (void)b; return to_i32_sat(rne_int(fl(a))); }
static uint32_t r_cvt_u32_f32_rtz(uint32_t a, uint32_t b) { (void)b; return to_u32_sat(isnan(fl(a)) ? fl(a) : truncf(fl(a))); }
static uint32_t r_cvt_u32_f32_rne(uint32_t a, uint32_t b) { (void)b; return to_u32_sat(rne_int(fl(a))); }

/* The order of the output rows of dt_valu_int.s and dt_salu_int.s. */
static const op2 int_ops[] = {
    { "add", r_add },         { "sub", r_sub },         { "mul_lo", r_mul_lo },   { "mul_hi_u32", r_mul_hi_u32 },
    { "mul_hi_i32", r_mul_hi_i32 }, { "and", r_and },   { "or", r_or },           { "xor", r_xor },
    { "shl", r_shl },         { "shr_u32", r_shr_u32 }, { "shr_i32", r_shr_i32 }, { "min_u32", r_min_u32 },
    { "min_i32", r_min_i32 }, { "max_u32", r_max_u32 }, { "max_i32", r_max_i32 }, { "eq", r_eq },
    { "ne", r_ne },           { "lt_u32", r_lt_u32 },   { "lt_i32", r_lt_i32 },   { "le_u32", r_le_u32 },
    { "le_i32", r_le_i32 },   { "gt_u32", r_gt_u32 },   { "gt_i32", r_gt_i32 },   { "ge_u32", r_ge_u32 },
    { "ge_i32", r_ge_i32 },
};
#define N_INT_OPS (sizeof int_ops / sizeof int_ops[0])

static const op2 sdiv_ops[] = {
    { "div_u32", r_div_u32 }, { "rem_u32", r_rem_u32 }, { "div_i32", r_div_i32 }, { "rem_i32", r_rem_i32 },
    { "mov", r_mov },
};

/* f32 ops in the row order of dt_valu_f32.s / dt_salu_f32.s. Input: 0 = (A, B),
 * 1 = (A, B, C) for fma, 2 = A only, 3 = I only. */
typedef struct {
    const char *name;
    fn2 f;
    int in;
} opf;

static uint32_t r_fma_dummy(uint32_t a, uint32_t b) { (void)a; (void)b; return 0; }

static const opf f32_ops[] = {
    { "add_f32", r_add_f32, 0 },   { "sub_f32", r_sub_f32, 0 },     { "mul_f32", r_mul_f32, 0 },
    { "div_f32", r_div_f32, 0 },   { "fma_f32", r_fma_dummy, 1 },   { "sqrt_f32", r_sqrt_f32, 2 },
    { "min_f32", r_min_f32, 0 },   { "max_f32", r_max_f32, 0 },     { "abs_f32", r_abs_f32, 2 },
    { "neg_f32", r_neg_f32, 2 },   { "eq_f32", r_eq_f32, 0 },       { "ne_f32", r_ne_f32, 0 },
    { "lt_f32", r_lt_f32, 0 },     { "le_f32", r_le_f32, 0 },       { "gt_f32", r_gt_f32, 0 },
    { "ge_f32", r_ge_f32, 0 },     { "cvt_f32_i32", r_cvt_f32_i32, 3 }, { "cvt_f32_u32", r_cvt_f32_u32, 3 },
    { "cvt_i32_f32_rtz", r_cvt_i32_f32_rtz, 2 }, { "cvt_i32_f32_rne", r_cvt_i32_f32_rne, 2 },
    { "cvt_u32_f32_rtz", r_cvt_u32_f32_rtz, 2 }, { "cvt_u32_f32_rne", r_cvt_u32_f32_rne, 2 },
};
#define N_F32_OPS (sizeof f32_ops / sizeof f32_ops[0])

/* ------------------------------------------------------------ edge values */

const uint32_t int_edges[] = {
    0,          1,          2,          3,          5,          7,          31,         32,
    33,         63,         0x7F,       0x80,       0xFF,       0x8000,     0xFFFF,     0x10000,
    0x7FFFFFFF, 0x80000000, 0x80000001, 0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFF80, 0x55555555, 0xDEADBEEF,
};

static const uint32_t f32_edges[] = {
    0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x3F000000, 0xBF000000, 0x3FC00000, 0xBFC00000,
    0x40200000, 0xC0200000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7FA00000, 0xFFC00001, 0x00000001,
    0x807FFFFF, 0x00800000, 0x80800000, 0x7F7FFFFF, 0xFF7FFFFF, 0x4EFFFFFF, 0x4F000000, 0xCF000000,
    0xCF000001, 0x4F7FFFFF, 0x4F800000, 0x3EFFFFFF, 0x40490FDB, 0x33800000, 0x4B800001, 0x3F7FFFFF,
};
#define N_F32_EDGES (sizeof f32_edges / sizeof f32_edges[0])

static const uint32_t cvt_int_edges[] = {
    0, 1, 0xFFFFFFFF, 0x80000000, 0x7FFFFFFF, 16777216, 16777217, 16777219, 33554435, 0x80000001,
    0xFF000001, 0xFFFFFF81, 0x7FFFFFC0, 0x7FFFFFBF, 0xFFFFFF7F, 0x01000001,
};
#define N_CVT_EDGES (sizeof cvt_int_edges / sizeof cvt_int_edges[0])

/* ------------------------------------------------------------ ALU tests */

void test_int_alu(bool scalar)
{
    const char *kname = scalar ? "dt_salu_int" : "dt_valu_int";
    unsigned npairs = N_INT_EDGES * N_INT_EDGES;
    unsigned nrand = scalar ? 96 : 8;
    unsigned nwaves = scalar ? npairs + nrand : (npairs + LANES - 1) / LANES + nrand;
    unsigned nout = scalar ? N_INT_OPS + 5 : N_INT_OPS;
    dt_run d;
    if (!dt_init(&d, kname, nwaves, 1, 2, nout)) return;
    prng r = { scalar ? 11u : 10u };
    for (unsigned w = 0; w < nwaves; w++)
        for (unsigned l = 0; l < LANES; l++) {
            unsigned p = scalar ? w : w * LANES + l;
            uint32_t a = prng_u32(&r), b = prng_u32(&r);
            if (p < npairs) {
                a = int_edges[p / N_INT_EDGES];
                b = int_edges[p % N_INT_EDGES];
            } else if (prng_u32(&r) & 1) {
                b &= 63; /* shift amounts and small divisors */
            }
            if (scalar && l) { a = prng_u32(&r); b = prng_u32(&r); } /* lanes other than 0 must not matter */
            IN(&d, w, 0, l) = a;
            IN(&d, w, 1, l) = b;
        }
    dt_exec(&d);
    uint32_t *exp = malloc((size_t)nwaves * LANES * 4);
    for (unsigned k = 0; k < nout && exp; k++) {
        const op2 *op = k < N_INT_OPS ? &int_ops[k] : &sdiv_ops[k - N_INT_OPS];
        for (unsigned w = 0; w < nwaves; w++)
            for (unsigned l = 0; l < LANES; l++)
                exp[w * LANES + l] = scalar && l ? SCALAR_SENTINEL
                                                 : op->f(IN(&d, w, 0, scalar ? 0 : l), IN(&d, w, 1, scalar ? 0 : l));
        char name[64];
        snprintf(name, sizeof name, "dt_%s_%s", scalar ? "salu" : "valu", op->name);
        dt_check_row(&d, k, name, exp);
    }
    free(exp);
    dt_free(&d);
}

void test_f32_alu(bool scalar)
{
    const char *kname = scalar ? "dt_salu_f32" : "dt_valu_f32";
    unsigned npairs = N_F32_EDGES * N_F32_EDGES;
    unsigned nrand = scalar ? 128 : 16;
    unsigned nwaves = scalar ? npairs + nrand : (npairs + LANES - 1) / LANES + nrand;
    dt_run d;
    if (!dt_init(&d, kname, nwaves, 1, 4, N_F32_OPS)) return;
    prng r = { scalar ? 21u : 20u };
    for (unsigned w = 0; w < nwaves; w++)
        for (unsigned l = 0; l < LANES; l++) {
            unsigned p = scalar ? w : w * LANES + l;
            uint32_t a, b, c, i;
            if (p < npairs) {
                a = f32_edges[p / N_F32_EDGES];
                b = f32_edges[p % N_F32_EDGES];
                c = (prng_u32(&r) & 1) ? f32_edges[prng_below(&r, N_F32_EDGES)] : prng_f32_moderate(&r);
                i = (prng_u32(&r) & 1) ? cvt_int_edges[prng_below(&r, N_CVT_EDGES)] : prng_u32(&r);
            } else {
                switch (prng_u32(&r) % 3) {
                case 0: /* any bit pattern */
                    a = prng_u32(&r); b = prng_u32(&r); c = prng_u32(&r);
                    break;
                case 1: /* moderate values: fma and sums round visibly */
                    a = prng_f32_moderate(&r); b = prng_f32_moderate(&r); c = prng_f32_moderate(&r);
                    break;
                default: /* near-integers and products that cancel, for cvt and fma */
                    a = bits((float)(int32_t)(prng_u32(&r) >> prng_below(&r, 32)) + 0.5f * (float)(prng_u32(&r) % 3));
                    b = prng_f32_moderate(&r);
                    c = bits(-fl(a) * fl(b));
                    break;
                }
                i = prng_u32(&r) >> prng_below(&r, 32);
                if (prng_u32(&r) & 1) i = (uint32_t)-(int32_t)i;
            }
            IN(&d, w, 0, l) = a;
            IN(&d, w, 1, l) = b;
            IN(&d, w, 2, l) = c;
            IN(&d, w, 3, l) = i;
        }
    dt_exec(&d);
    uint32_t *exp = malloc((size_t)nwaves * LANES * 4);
    for (unsigned k = 0; k < N_F32_OPS && exp; k++) {
        const opf *op = &f32_ops[k];
        for (unsigned w = 0; w < nwaves; w++)
            for (unsigned l = 0; l < LANES; l++) {
                unsigned sl = scalar ? 0 : l;
                uint32_t a = IN(&d, w, 0, sl), b = IN(&d, w, 1, sl), c = IN(&d, w, 2, sl), i = IN(&d, w, 3, sl);
                uint32_t e;
                switch (op->in) {
                case 1: e = r_fma_f32(a, b, c); break;
                case 2: e = op->f(a, 0); break;
                case 3: e = op->f(i, 0); break;
                default: e = op->f(a, b); break;
                }
                exp[w * LANES + l] = scalar && l ? SCALAR_SENTINEL : e;
            }
        char name[64];
        snprintf(name, sizeof name, "dt_%s_%s", scalar ? "salu" : "valu", op->name);
        dt_check_row(&d, k, name, exp);
    }
    free(exp);
    dt_free(&d);
}

