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


/* LDS conflict degrees: wave w (k = w + 1) addresses k distinct words of
 * bank 0, lane l word l % k (for k = 2..31 lane 0 takes a word of bank 1
 * instead: lanes 1..31 still reach all k words). A store, a load of those words, and an
 * atomic add into a second region: each word must end as the host computes
 * it (the highest lane's store; the sum of the lanes in ascending order, each
 * lane getting the sum before it). */
static const char conflicts_src[] =
    ".waves 1\n"
    ".lds 8192\n"
    "    global_load32 s0, v16, one, args      # out\n"
    "    add v60, args, 4\n"
    "    global_load32 s1, v17, one, v60       # in\n"
    "    add v60, args, 8\n"
    "    global_load32 s2, v18, one, v60       # in_stride\n"
    "    add v60, args, 12\n"
    "    global_load32 s3, v19, one, v60       # out_stride\n"
    "    sig_waitall4 s0, s1, s2, s3\n"
    "    shl v60, sid, 2\n"
    "    mul_lo v18, v18, wave\n"
    "    mul_lo v19, v19, wave\n"
    "    add v17, v17, v18\n"
    "    add v17, v17, v60\n"
    "    add v16, v16, v19\n"
    "    add v16, v16, v60\n"
    "    global_load32 s0, v20, one, v17       # row 0: the address\n"
    "    add v17, v17, 128\n"
    "    global_load32 s1, v21, one, v17       # row 1: the value\n"
    "    sig_waitall2 s0, s1\n"
    "    local_store32 v20, one, v21\n"
    "    local_load32 v22, one, v20\n"
    "    local_atomic_add v23, one, v20, v21 offset:4096\n"
    "    local_load32 v24, one, v20 offset:4096\n"
    "    global_store32 s0, v16, one, v22\n"
    "    add v16, v16, 128\n"
    "    global_store32 s1, v16, one, v23\n"
    "    add v16, v16, 128\n"
    "    global_store32 s2, v16, one, v24\n"
    "    sig_waitall3 s0, s1, s2\n"
    "    end\n";

void test_lds_conflicts(void)
{
    const unsigned nw = 32;
    dt_run d;
    if (!dt_init(&d, "dt_lds_conflicts", nw, 1, 2, 3)) return;
    d.src = conflicts_src;
    d.lds = 8192;
    prng r = { 83 };
    for (unsigned w = 0; w < nw; w++)
        for (unsigned l = 0; l < LANES; l++) {
            unsigned k = w + 1;
            /* lane 0 goes to bank 1 when lanes 1..31 still reach all k words (k = 2..31) */
            IN(&d, w, 0, l) = l == 0 && k > 1 && k < 32 ? 4u : (l % k) * 128u;
            IN(&d, w, 1, l) = prng_u32(&r);
        }
    dt_exec(&d);
    uint32_t *e = dt_exp(&d);
    if (!e) { dt_free(&d); return; }
    for (unsigned w = 0; w < nw; w++) {
        /* the distinct addresses, in the order lanes first use them */
        uint32_t addr[LANES + 1], val[LANES + 1], acc[LANES + 1];
        unsigned n = 0;
        for (unsigned l = 0; l < LANES; l++) {
            uint32_t a = IN(&d, w, 0, l), v = IN(&d, w, 1, l);
            unsigned i = 0;
            while (i < n && addr[i] != a) i++;
            if (i == n) { addr[n] = a; acc[n] = 0; n++; }
            val[i] = v;                       /* the highest lane so far wins the store */
            EXP(&d, e, w, 1, l) = acc[i];     /* the atomic returns the sum before this lane */
            acc[i] += v;
        }
        for (unsigned l = 0; l < LANES; l++) {
            unsigned i = 0;
            while (addr[i] != IN(&d, w, 0, l)) i++;
            EXP(&d, e, w, 0, l) = val[i];
            EXP(&d, e, w, 2, l) = acc[i];
        }
    }
    static const char *const names[3] = { "dt_lds_conflicts_store_load", "dt_lds_conflicts_atomic_return",
                                          "dt_lds_conflicts_atomic_memory" };
    for (unsigned k = 0; k < 3; k++) dt_check_row(&d, k, names[k], exp_row(&d, e, k));
    free(e);
    dt_free(&d);
}
