/* SPDX-License-Identifier: Apache-2.0 */
/* Directed tests: the reductions of docs/isa.md 4.4 (integer and f32 tree order). */
#include "kernels_test.h"

/* red8: lanes 0, 8, 16, 24 get ((x0 f x1) f (x2 f x3)) f ((x4 f x5) f (x6 f x7)) of their chunk. */
static void ref_red8(fn2 f, const uint32_t *x, const uint32_t *prev, uint32_t *out)
{
    memcpy(out, prev, LANES * 4);
    for (unsigned ch = 0; ch < LANES; ch += 8) {
        const uint32_t *p = x + ch;
        out[ch] = f(f(f(p[0], p[1]), f(p[2], p[3])), f(f(p[4], p[5]), f(p[6], p[7])));
    }
}

/* redfin: lane 0 gets (x0 f x8) f (x16 f x24). */
static void ref_redfin(fn2 f, const uint32_t *x, const uint32_t *prev, uint32_t *out)
{
    memcpy(out, prev, LANES * 4);
    out[0] = f(f(x[0], x[8]), f(x[16], x[24]));
}

void test_reduce(bool f32)
{
    static const op2 int_fns[] = {
        { "add", r_add }, { "min_u32", r_min_u32 }, { "min_i32", r_min_i32 }, { "max_u32", r_max_u32 },
        { "max_i32", r_max_i32 }, { "and", r_and }, { "or", r_or }, { "xor", r_xor },
    };
    static const op2 f32_fns[] = { { "add_f32", r_add_f32 }, { "min_f32", r_min_f32 }, { "max_f32", r_max_f32 } };
    const op2 *fns = f32 ? f32_fns : int_fns;
    unsigned nfn = f32 ? 3 : 8;
    /* the chained red8 + redfin rows and the in-place row (see the kernels) */
    const op2 *chains[3] = { &fns[0], f32 ? &fns[1] : &fns[2], f32 ? &fns[2] : NULL };
    unsigned nchain = f32 ? 3 : 2;
    const op2 *inplace = f32 ? &fns[0] : &fns[7];
    unsigned nout = 2 * nfn + nchain + 1, nw = f32 ? 20 : 8;
    dt_run d;
    if (!dt_init(&d, f32 ? "dt_reduce_f32" : "dt_reduce_int", nw, 1, 2, nout)) return;
    prng r = { f32 ? 52u : 51u };
    for (unsigned w = 0; w < nw; w++)
        for (unsigned l = 0; l < LANES; l++) {
            uint32_t x = prng_u32(&r);
            if (!f32) {
                switch (w) {
                case 2: x = int_edges[prng_below(&r, N_INT_EDGES)]; break;
                case 3: x |= prng_u32(&r) | prng_u32(&r); break;        /* mostly ones: and/or */
                case 4: x &= prng_u32(&r) & prng_u32(&r); break;        /* sparse */
                case 5: x = prng_below(&r, 4); break;          /* ties */
                case 6: x = (uint32_t)((int32_t)x >> prng_below(&r, 31)); break;
                case 7: x = 0x80000000u; break;
                default: break;
                }
            } else {
                uint32_t m = prng_f32_moderate(&r);
                switch (w) {
                case 0: x = m; break;
                case 1: /* big and small magnitudes: the order shows in the rounding */
                    x = (l % 3 == 0) ? bits(fl(m) * 1048576.0f) : (l % 3 == 1) ? m : bits(-fl(m) * 1048576.0f);
                    break;
                case 2: x = (l == 5 || l == 21) ? 0x7FC00000u : l == 13 ? 0xFFC00001u : m; break; /* NaN inputs */
                case 3: x = l == 9 ? 0x7F800000u : l == 12 ? 0xFF800000u : m; break; /* inf - inf in one chunk */
                case 4: x = (l % 5 == 0) ? 0x7F800000u : m; break;
                case 5: x = (prng_u32(&r) & 1) ? 0x80000000u : 0; break;               /* -0 and +0 */
                case 6: x = 0x80000000u; break;                                     /* all -0 */
                case 7: x = 0x7F000000u | (prng_u32(&r) & 0x807FFFFFu); break;           /* overflow */
                case 8: break;                                                      /* any bits */
                case 9: x = (l < 8 || (prng_u32(&r) & 1)) ? (0x7F800001u | prng_u32(&r)) : m; break; /* NaNs, payloads */
                case 10: x = prng_u32(&r) & 0x807FFFFFu; break;                          /* subnormals */
                default: /* cancellations whose result depends on the order: see below */
                    break;
                }
            }
            IN(&d, w, 0, l) = x;
            IN(&d, w, 1, l) = prng_u32(&r);
        }
    /* f32 waves 11..: each chunk a shuffle of {2^24, -2^24, 1, 1, 1, 3, 0.5, 2^-30}, and
     * lanes 0, 8, 16, 24 a shuffle of {2^24, -2^24, 1, 1}: summed in another
     * order (sequentially, or pairing other lanes) the rounding differs. */
    for (unsigned w = 11; f32 && w < nw; w++) {
        uint32_t *X = &IN(&d, w, 0, 0);
        static const float chunk[8] = { 16777216.0f, -16777216.0f, 1.0f, 1.0f, 1.0f, 3.0f, 0.5f, 0x1p-30f };
        static const float fin[4] = { 16777216.0f, -16777216.0f, 1.0f, 1.0f };
        float v[8];
        for (unsigned ch = 0; ch < 4; ch++) {
            memcpy(v, chunk, sizeof v);
            for (unsigned i = 7; i > 0; i--) {
                unsigned j = prng_below(&r, i + 1);
                float t = v[i]; v[i] = v[j]; v[j] = t;
            }
            for (unsigned i = 0; i < 8; i++) X[8 * ch + i] = bits(v[i]);
        }
        memcpy(v, fin, sizeof fin);
        for (unsigned i = 3; i > 0; i--) {
            unsigned j = prng_below(&r, i + 1);
            float t = v[i]; v[i] = v[j]; v[j] = t;
        }
        for (unsigned i = 0; i < 4; i++) X[8 * i] = bits(v[i]);
    }
    dt_exec(&d);
    uint32_t *e = dt_exp(&d);
    if (!e) { dt_free(&d); return; }
    for (unsigned w = 0; w < nw; w++) {
        const uint32_t *X = &IN(&d, w, 0, 0), *P = &IN(&d, w, 1, 0);
        uint32_t t[LANES];
        for (unsigned k = 0; k < nfn; k++) {
            ref_red8(fns[k].f, X, P, &EXP(&d, e, w, 2 * k, 0));
            ref_redfin(fns[k].f, X, P, &EXP(&d, e, w, 2 * k + 1, 0));
        }
        for (unsigned k = 0; k < nchain; k++) {
            ref_red8(chains[k]->f, X, P, t);
            ref_redfin(chains[k]->f, t, t, &EXP(&d, e, w, 2 * nfn + k, 0));
        }
        ref_red8(inplace->f, X, X, &EXP(&d, e, w, 2 * nfn + nchain, 0));
    }
    for (unsigned k = 0; k < nout; k++) {
        char name[80];
        if (k < 2 * nfn) snprintf(name, sizeof name, "dt_%s_%s", k % 2 ? "redfin" : "red8", fns[k / 2].name);
        else if (k < 2 * nfn + nchain) snprintf(name, sizeof name, "dt_red8_redfin_%s_all_lanes", chains[k - 2 * nfn]->name);
        else snprintf(name, sizeof name, "dt_red8_%s_in_place", inplace->name);
        dt_check_row(&d, k, name, exp_row(&d, e, k));
    }
    free(e);
    dt_free(&d);
}

