/* SPDX-License-Identifier: Apache-2.0 */
/* Directed tests: LDS loads and stores and the barrier. */
#include "kernels_test.h"

void test_lds(void)
{
    const unsigned nw = 8; /* 4 groups of 2 waves */
    dt_run d;
    if (!dt_init(&d, "dt_lds", nw, 2, 5, 13)) return;
    prng r = { 81 };
    for (unsigned w = 0; w < nw; w++) {
        for (unsigned l = 0; l < LANES; l++) {
            IN(&d, w, 0, l) = prng_u32(&r);
            IN(&d, w, 1, l) = prng_u32(&r);
            IN(&d, w, 2, l) = w == 0 ? (prng_u32(&r) | 1) : prng_u32(&r);
            IN(&d, w, 3, l) = prng_u32(&r);
            IN(&d, w, 4, l) = l;
        }
        for (unsigned l = LANES - 1; l > 0; l--) { /* a random permutation */
            unsigned j = prng_below(&r, l + 1);
            uint32_t t = IN(&d, w, 4, l);
            IN(&d, w, 4, l) = IN(&d, w, 4, j);
            IN(&d, w, 4, j) = t;
        }
    }
    dt_exec(&d);
    uint32_t *e = dt_exp(&d);
    if (!e) { dt_free(&d); return; }
    for (unsigned w = 0; w < nw; w++) {
        const uint32_t *A = &IN(&d, w, 0, 0), *B = &IN(&d, w, 1, 0), *M = &IN(&d, w, 2, 0), *W = &IN(&d, w, 3, 0);
        const uint32_t *P = &IN(&d, w, 4, 0);
        unsigned other = w ^ 1;
        uint32_t words[8], scat[LANES];
        for (unsigned j = 0; j < 8; j++) words[j] = B[j];
        for (unsigned l = 0; l < LANES; l++) /* ascending: the highest lane's store is the last */
            if (b0(M[l])) words[W[l] & 7] = A[l];
        for (unsigned l = 0; l < LANES; l++) scat[P[l]] = A[l];
        for (unsigned l = 0; l < LANES; l++) {
            EXP(&d, e, w, 0, l) = A[l];
            EXP(&d, e, w, 1, l) = B[l];
            EXP(&d, e, w, 2, l) = B[l];
            EXP(&d, e, w, 3, l) = B[l];
            EXP(&d, e, w, 4, l) = (b0(M[l]) && l >= 16) ? A[l] : B[l];
            EXP(&d, e, w, 5, l) = b0(M[l]) ? A[l] : 0x77u;
            EXP(&d, e, w, 6, l) = A[28 + (l & 3)];
            EXP(&d, e, w, 7, l) = words[l & 7];
            EXP(&d, e, w, 8, l) = scat[l];
            EXP(&d, e, w, 9, l) = IN(&d, other, 0, l);
            EXP(&d, e, w, 10, l) = IN(&d, other, 1, l);
            EXP(&d, e, w, 11, l) = A[l];
            EXP(&d, e, w, 12, l) = IN(&d, other, 0, l);
        }
    }
    static const char *const names[13] = {
        "dt_lds_store_load", "dt_lds_store_offset", "dt_lds_load_offset", "dt_lds_address_wraps_around",
        "dt_lds_store_masked", "dt_lds_load_masked", "dt_lds_store_same_word_highest_lane_wins",
        "dt_lds_store_same_word_masked", "dt_lds_store_scatter_permutation", "dt_barrier_lds_exchange",
        "dt_barrier_lds_exchange_second_round", "dt_barrier_global_store_sc_group",
        "dt_barrier_global_exchange_sc_group",
    };
    for (unsigned k = 0; k < 13; k++) dt_check_row(&d, k, names[k], exp_row(&d, e, k));
    free(e);
    dt_free(&d);
}

