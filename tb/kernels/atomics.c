/* SPDX-License-Identifier: Apache-2.0 */
/* Directed tests: LDS and global atomics against a reference in lane order. */
#include "kernels_test.h"

static const char *const atomic_ops[10] = { "add", "min_u32", "min_i32", "max_u32", "max_i32",
                                            "and", "or", "xor", "xchg", "cas" };
/* Modifiers of the global atomics in dt_global_atomic.s, as name suffixes. */
static const char *const gatomic_mods[10] = { "", "_sc_group", "_sc_device", "_sc_system", "_nt",
                                              "_sc_device_nt", "_sc_wave", "_sc_system_nt", "_sc_group_nt", "" };

/* The new word of an atomic (docs/isa.md 4.6); cmp is the old D of the lane (cas). */
static uint32_t atomic_new(unsigned op, uint32_t old, uint32_t v, uint32_t cmp)
{
    switch (op) {
    case 0: return old + v;
    case 1: return r_min_u32(old, v);
    case 2: return r_min_i32(old, v);
    case 3: return r_max_u32(old, v);
    case 4: return r_max_i32(old, v);
    case 5: return old & v;
    case 6: return old | v;
    case 7: return old ^ v;
    case 8: return v;
    default: return old == cmp ? v : old;
    }
}

/* One masked atomic of a wave over 32 words: lane l (if selected) on word
 * wordof[l], in ascending lane order. ret gets the old values (C elsewhere);
 * counts the cas hits and misses. */
static void ref_atomic(unsigned op, const uint32_t *I, const uint32_t *V, const uint32_t *C, const uint32_t *M,
                       const unsigned *wordof, uint32_t *mem, uint32_t *ret, unsigned *hits, unsigned *misses)
{
    memcpy(mem, I, LANES * 4);
    for (unsigned l = 0; l < LANES; l++) {
        ret[l] = C[l];
        if (!b0(M[l])) continue;
        uint32_t old = mem[wordof[l]];
        ret[l] = old;
        if (old == C[l]) ++*hits;
        else ++*misses;
        mem[wordof[l]] = atomic_new(op, old, V[l], C[l]);
    }
}

void test_atomics(bool global)
{
    const unsigned nw = 6, nout = 62;
    dt_run d;
    if (!dt_init(&d, global ? "dt_global_atomic" : "dt_lds_atomic", nw, 1, 5, nout)) return;
    prng r = { global ? 92u : 91u };
    for (unsigned w = 0; w < nw; w++)
        for (unsigned l = 0; l < LANES; l++) {
            uint32_t i = prng_u32(&r), v = prng_u32(&r), c = prng_u32(&r), m = prng_u32(&r), wd = prng_u32(&r);
            switch (w) {
            case 1: i &= 1; v &= 1; c &= 1; break;                 /* many cas hits */
            case 2: i &= 3; v &= 3; c &= 3; m |= 1; break;         /* every lane */
            case 3:
                i = int_edges[prng_below(&r, N_INT_EDGES)];
                v = int_edges[prng_below(&r, N_INT_EDGES)];
                break;
            case 4: c = i; break;                                   /* cas hits on distinct words */
            case 5: i &= 3; v &= 3; c &= 3; wd = 2; break;          /* every lane on word 2 */
            default: break;
            }
            IN(&d, w, 0, l) = i;
            IN(&d, w, 1, l) = v;
            IN(&d, w, 2, l) = c;
            IN(&d, w, 3, l) = m;
            IN(&d, w, 4, l) = wd;
        }
    dt_exec(&d);
    uint32_t *e = dt_exp(&d);
    if (!e) { dt_free(&d); return; }
    unsigned hits[2] = { 0, 0 }, misses[2] = { 0, 0 }; /* cas: distinct words, same words */
    for (unsigned w = 0; w < nw; w++) {
        const uint32_t *I = &IN(&d, w, 0, 0), *V = &IN(&d, w, 1, 0), *C = &IN(&d, w, 2, 0), *M = &IN(&d, w, 3, 0);
        unsigned own[LANES], same[LANES], zero[LANES];
        uint32_t ones[LANES], allm[LANES];
        for (unsigned l = 0; l < LANES; l++) {
            own[l] = l;
            same[l] = IN(&d, w, 4, l) & 3;
            zero[l] = 0;
            ones[l] = 1;
            allm[l] = 1;
        }
        for (unsigned op = 0; op < 10; op++) {
            uint32_t mem[LANES], ret[LANES];
            unsigned h = 0, m = 0;
            unsigned base = 6 * op, rm = global ? 0 : 1, rr = global ? 1 : 0;
            ref_atomic(op, I, V, C, M, own, mem, ret, &h, &m);
            if (op == 9) { hits[0] += h; misses[0] += m; }
            memcpy(&EXP(&d, e, w, base + rm, 0), mem, sizeof mem);
            memcpy(&EXP(&d, e, w, base + rr, 0), ret, sizeof ret);
            h = m = 0;
            ref_atomic(op, I, V, C, M, same, mem, ret, &h, &m);
            if (op == 9) { hits[1] += h; misses[1] += m; }
            memcpy(&EXP(&d, e, w, base + 2 + rm, 0), mem, sizeof mem);
            memcpy(&EXP(&d, e, w, base + 2 + rr, 0), ret, sizeof ret);
            memcpy(&EXP(&d, e, w, base + 4 + rm, 0), mem, sizeof mem);
            memcpy(&EXP(&d, e, w, base + 4 + rr, 0), C, LANES * 4); /* noret: D unchanged */
        }
        uint32_t mem[LANES], ret[LANES];
        unsigned h = 0, m = 0;
        ref_atomic(0, I, ones, C, allm, zero, mem, ret, &h, &m);
        memcpy(&EXP(&d, e, w, 60 + (global ? 0 : 1), 0), mem, sizeof mem);
        memcpy(&EXP(&d, e, w, 60 + (global ? 1 : 0), 0), ret, sizeof ret);
    }
    const char *pre = global ? "dt_global_atomic" : "dt_lds_atomic";
    for (unsigned op = 0; op < 10; op++) {
        static const char *const what[6] = { "ret_distinct_words", "mem_distinct_words", "ret_same_word",
                                             "mem_same_word", "noret_dest_unchanged", "noret_mem_same_word" };
        for (unsigned k = 0; k < 6; k++) {
            /* the row order of the kernel: LDS ret, mem; global mem, ret */
            unsigned row = 6 * op + (global ? (k ^ 1) : k);
            char name[96];
            snprintf(name, sizeof name, "%s_%s%s_%s", pre, atomic_ops[op], global ? gatomic_mods[op] : "", what[k]);
            if (op == 9 && k < 4 && selected(name)) {
                unsigned c = k < 2 ? 0 : 1;
                if (!hits[c] || !misses[c]) {
                    fail(name, "the inputs give %u cas hits and %u misses; both are needed", hits[c], misses[c]);
                    continue;
                }
            }
            dt_check_row(&d, row, name, exp_row(&d, e, row));
        }
    }
    char name[96];
    snprintf(name, sizeof name, "%s_add_all_lanes_one_word_ret", pre);
    dt_check_row(&d, global ? 61 : 60, name, exp_row(&d, e, global ? 61 : 60));
    snprintf(name, sizeof name, "%s_add_all_lanes_one_word_mem", pre);
    dt_check_row(&d, global ? 60 : 61, name, exp_row(&d, e, global ? 60 : 61));
    free(e);
    dt_free(&d);
}

