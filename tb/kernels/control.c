/* SPDX-License-Identifier: Apache-2.0 */
/* Directed tests: branches, end, barriers after end, signals and sig_waitany. */
#include "kernels_test.h"

void test_branch(void)
{
    const unsigned nw = 8;
    dt_run d;
    if (!dt_init(&d, "dt_branch", nw, 1, 3, 23)) return;
    prng r = { 61 };
    static const uint32_t z0[8] = { 0, 5, 0x80000000u, 0, 1, 0, 0xFFFFFFFFu, 2 };
    static const uint32_t k0[8] = { 0, 3, 7, 1, 0x12345675u, 2, 6, 4 };
    for (unsigned w = 0; w < nw; w++)
        for (unsigned l = 0; l < LANES; l++) {
            uint32_t z = prng_u32(&r) | 2, m = prng_u32(&r) & ~1u, sel;
            if (w == 1) z = 0;
            switch (w) {
            case 0: sel = 1; break;                 /* every lane */
            case 1: sel = 0; break;                 /* none */
            case 2: sel = l == 31; break;
            case 3: sel = l != 0; break;
            case 5: sel = l < 16; break;
            case 6: sel = l >= 16; break;
            case 7: sel = l & 1; break;
            default: sel = prng_u32(&r) & 1; break;
            }
            IN(&d, w, 0, l) = l ? z : z0[w];
            IN(&d, w, 1, l) = m | sel;
            IN(&d, w, 2, l) = l ? prng_u32(&r) : k0[w];
        }
    dt_exec(&d);
    uint32_t *e = dt_exp(&d);
    if (!e) { dt_free(&d); return; }
    /* taken[k][w]: does branch k go to its target in wave w */
    bool taken[20][8];
    for (unsigned w = 0; w < nw; w++) {
        const uint32_t *Z = &IN(&d, w, 0, 0), *M = &IN(&d, w, 1, 0);
        bool all_m = true, none_m = true, any_k16 = false, any_zm = false;
        for (unsigned l = 0; l < LANES; l++) {
            if (!b0(M[l])) all_m = false;
            else none_m = false;
            if (!b0(M[l]) && !(l & 8)) any_k16 = true;
            if (b0(Z[l]) && b0(M[l])) any_zm = true;
        }
        bool t[20] = {
            true, Z[0] == 0, Z[0] != 0, Z[0] == 0, Z[0] != 0, b0(M[0]) == 1, b0(M[0]) == 1, true, false, true,
            all_m, none_m, false, true, true, !none_m, any_k16, false, false, any_zm,
        };
        for (unsigned k = 0; k < 20; k++) {
            taken[k][w] = t[k];
            for (unsigned l = 0; l < LANES; l++) EXP(&d, e, w, k, l) = t[k] ? 0x102u : 0x103u;
        }
        uint32_t n = IN(&d, w, 2, 0) & 7;
        for (unsigned l = 0; l < LANES; l++) {
            EXP(&d, e, w, 20, l) = 3 * n;
            EXP(&d, e, w, 21, l) = 5 * (n + 1);
            EXP(&d, e, w, 22, l) = Z[l];
        }
    }
    /* 0: always taken; 1: never; 2: both, across the waves (the inputs must cover both) */
    static const struct { const char *name; int kind; } br[20] = {
        { "dt_branch_br_taken", 0 },
        { "dt_branch_brz_vreg_taken_and_not_taken", 2 },
        { "dt_branch_brnz_vreg_taken_and_not_taken", 2 },
        { "dt_branch_brz_sreg_taken_and_not_taken", 2 },
        { "dt_branch_brnz_sreg_taken_and_not_taken", 2 },
        { "dt_branch_brz_mask_taken_and_not_taken", 2 },
        { "dt_branch_brnz_mask_taken_and_not_taken", 2 },
        { "dt_branch_brz_literal_zero_taken", 0 },
        { "dt_branch_brnz_literal_zero_not_taken", 1 },
        { "dt_branch_brnz_literal_nonzero_taken", 0 },
        { "dt_branch_br_all_taken_and_not_taken", 2 },
        { "dt_branch_br_all_inverted_taken_and_not_taken", 2 },
        { "dt_branch_br_all_half_mask_not_taken", 1 },
        { "dt_branch_br_all_one_taken", 0 },
        { "dt_branch_br_all_two_constants_taken", 0 },
        { "dt_branch_br_any_taken_and_not_taken", 2 },
        { "dt_branch_br_any_two_terms_taken_and_not_taken", 2 },
        { "dt_branch_br_any_zero_not_taken", 1 },
        { "dt_branch_br_any_empty_mask_not_taken", 1 },
        { "dt_branch_br_any_two_regs_taken_and_not_taken", 2 },
    };
    for (unsigned k = 0; k < 20; k++) {
        unsigned nt = 0;
        for (unsigned w = 0; w < nw; w++) nt += taken[k][w];
        bool covered = br[k].kind == 0 ? nt == nw : br[k].kind == 1 ? nt == 0 : nt > 0 && nt < nw;
        if (!covered && selected(br[k].name)) {
            fail(br[k].name, "the inputs do not give the intended taken/not-taken cases (%u of %u waves take it)", nt, nw);
            continue;
        }
        dt_check_row(&d, k, br[k].name, exp_row(&d, e, k));
    }
    dt_check_row(&d, 20, "dt_branch_loop_brz_forward_br_backward", exp_row(&d, e, 20));
    dt_check_row(&d, 21, "dt_branch_loop_brnz_backward", exp_row(&d, e, 21));
    dt_check_row(&d, 22, "dt_nop", exp_row(&d, e, 22));
    free(e);
    dt_free(&d);
}

void test_end(void)
{
    const unsigned nw = 4;
    dt_run d;
    if (!dt_init(&d, "dt_end", nw, 1, 1, 2)) return;
    prng r = { 65 };
    for (unsigned w = 0; w < nw; w++)
        for (unsigned l = 0; l < LANES; l++) IN(&d, w, 0, l) = prng_u32(&r);
    dt_exec(&d);
    uint32_t *e = dt_exp(&d);
    if (!e) { dt_free(&d); return; }
    for (unsigned w = 0; w < nw; w++)
        for (unsigned l = 0; l < LANES; l++) {
            EXP(&d, e, w, 0, l) = IN(&d, w, 0, l) + 1;
            EXP(&d, e, w, 1, l) = 0x600D;
        }
    dt_check_row(&d, 0, "dt_end_pending_store_completes", exp_row(&d, e, 0));
    dt_check_row(&d, 1, "dt_end_code_after_end_not_run", exp_row(&d, e, 1));
    free(e);
    dt_free(&d);
}

void test_barrier_ended(void)
{
    const unsigned nw = 6; /* 3 groups of 2 waves */
    dt_run d;
    if (!dt_init(&d, "dt_barrier_ended", nw, 2, 0, 1)) return;
    dt_exec(&d);
    uint32_t *e = dt_exp(&d);
    if (!e) { dt_free(&d); return; }
    for (unsigned w = 0; w < nw; w++)
        for (unsigned l = 0; l < LANES; l++) EXP(&d, e, w, 0, l) = (w & 1) ? 0x600Eu : 0x600Du;
    dt_check_row(&d, 0, "dt_barrier_waits_only_for_waves_not_ended", exp_row(&d, e, 0));
    free(e);
    dt_free(&d);
}

void test_signals(void)
{
    const unsigned nw = 4;
    dt_run d;
    if (!dt_init(&d, "dt_signals", nw, 1, 4, 13)) return;
    prng r = { 71 };
    for (unsigned w = 0; w < nw; w++)
        for (unsigned k = 0; k < 4; k++)
            for (unsigned l = 0; l < LANES; l++) IN(&d, w, k, l) = prng_u32(&r);
    dt_exec(&d);
    uint32_t *e = dt_exp(&d);
    if (!e) { dt_free(&d); return; }
    for (unsigned w = 0; w < nw; w++)
        for (unsigned l = 0; l < LANES; l++) {
            uint32_t A = IN(&d, w, 0, l), B = IN(&d, w, 1, l), C = IN(&d, w, 2, l), D = IN(&d, w, 3, l);
            uint32_t done = l ? 0x77u : 1u;
            EXP(&d, e, w, 0, l) = A + B + C + D;
            EXP(&d, e, w, 1, l) = done;
            EXP(&d, e, w, 2, l) = done;
            EXP(&d, e, w, 3, l) = (A ^ B) + C;
            EXP(&d, e, w, 4, l) = A * D;
            EXP(&d, e, w, 5, l) = B;
            EXP(&d, e, w, 6, l) = done;
            EXP(&d, e, w, 7, l) = C;
            EXP(&d, e, w, 8, l) = C + D;
            EXP(&d, e, w, 9, l) = A - B;
            EXP(&d, e, w, 10, l) = A;
            EXP(&d, e, w, 11, l) = A + 1;
            EXP(&d, e, w, 12, l) = done;
        }
    static const char *const names[13] = {
        "dt_sig_waitall4", "dt_sig_done2_after_waitall4", "dt_sig_done1_unused_slot", "dt_sig_waitall3",
        "dt_sig_waitall2", "dt_sig_wait", "dt_sig_done1_after_wait", "dt_sig_done1_poll_releases_load",
        "dt_sig_done2_poll", "dt_sig_reissue_on_pending_slot", "dt_sig_store_waited",
        "dt_sig_store_waited_then_loaded_back", "dt_sig_done1_after_store_wait",
    };
    for (unsigned k = 0; k < 13; k++) dt_check_row(&d, k, names[k], exp_row(&d, e, k));
    free(e);
    dt_free(&d);
}

void test_sig_waitany(void)
{
    const unsigned nw = 4;
    dt_run d;
    if (!dt_init(&d, "dt_sig_waitany", nw, 1, 4, 7)) return;
    prng r = { 72 };
    for (unsigned w = 0; w < nw; w++)
        for (unsigned k = 0; k < 4; k++)
            for (unsigned l = 0; l < LANES; l++) IN(&d, w, k, l) = prng_u32(&r);
    dt_exec(&d);
    uint32_t *e = dt_exp(&d);
    if (!e) { dt_free(&d); return; }
    for (unsigned w = 0; w < nw; w++) {
        /* rows 2, 3 and 5 depend on timing: take the entry the wave's lane 0
         * reports if it is one the instruction may take, and check the rest
         * against it (a wrong entry or split fails below) */
        uint32_t k2 = d.ok ? OUT(&d, w, 2, 0) : 0x120;
        if (k2 < 0x120 || k2 > 0x122) k2 = 0x120;
        uint32_t k6 = d.ok ? OUT(&d, w, 6, 0) : 0x160;
        if (k6 < 0x160 || k6 > 0x163) k6 = 0x160;
        uint32_t c5 = d.ok ? OUT(&d, w, 5, 0) : 4;
        if ((c5 & 0xFF) + (c5 >> 8) != 4 || (c5 >> 8) > 4) c5 = 0xFFFFFFFF;   /* not a split of 4 */
        for (unsigned l = 0; l < LANES; l++) {
            uint32_t A = IN(&d, w, 0, l), B = IN(&d, w, 1, l), C = IN(&d, w, 2, l), D = IN(&d, w, 3, l);
            EXP(&d, e, w, 0, l) = 0x100;
            EXP(&d, e, w, 1, l) = 0x110;
            EXP(&d, e, w, 2, l) = k2;
            EXP(&d, e, w, 3, l) = k2 == 0x120 ? A : k2 == 0x121 ? B : C;
            EXP(&d, e, w, 4, l) = A + B + C + D;
            EXP(&d, e, w, 5, l) = c5;
            EXP(&d, e, w, 6, l) = k6;
        }
    }
    static const char *const names[7] = {
        "dt_sig_waitany_all_done_takes_entry_0", "dt_sig_waitany_first_done_takes_entry_0",
        "dt_sig_waitany_loads_in_flight_entry", "dt_sig_waitany_releases_the_slot_it_names",
        "dt_sig_waitany_double_buffered_stream", "dt_sig_waitany_stream_handlers_ran_4_times",
        "dt_sig_waitany4_loads_in_flight_entry",
    };
    for (unsigned k = 0; k < 7; k++) dt_check_row(&d, k, names[k], exp_row(&d, e, k));
    free(e);
    dt_free(&d);
}

