/* SPDX-License-Identifier: Apache-2.0 */
/* Signal stalls on reissue, barriers and the dispatcher. */
#include "golden_test.h"

void test_signal_stall(void)
{
    check_case t;
    case_begin(&t, "golden_signal_stall_on_reissue");
    const unsigned lat = 50;
    uint64_t cyc[2] = { 0, 0 };
    for (int two_slots = 0; two_slots < 2; two_slots++) {
        golden *g = mk_model(&t, 1, lat, 100000, false);
        if (!g) break;
        prog p = { .n = 0 };
        emit(&p, MOV(16, M_ALL, LL(OUT_ADDR)));
        emit(&p, GSTORE(0, 16, M_ALL, SL(1)));
        emit(&p, GSTORE(two_slots ? 1 : 0, 16, M_ALL, SL(2)));
        emit(&p, END());
        gpu_result r;
        gpu_status st = run(&t, g, &p, 1, 1, 0, &r);
        CHECK(&t, st == GPU_OK, "run returned %d", (int)st);
        gpu_counters c;
        golden_counters(g, &c);
        cyc[two_slots] = c.cycles;
        CHECK(&t, rd32(g, OUT_ADDR) == 2, "final value %u, expected 2", rd32(g, OUT_ADDR));
        golden_destroy(g);
    }
    /* One slot: store at tick 1, reissue waits to tick 51, completes at 101. */
    CHECK(&t, cyc[0] == 1 + 2 * lat, "same slot: %" PRIu64 " ticks, expected %u", cyc[0], 1 + 2 * lat);
    CHECK(&t, cyc[1] == 2 + lat, "two slots: %" PRIu64 " ticks, expected %u", cyc[1], 2 + lat);

    /* The same seen through the step API. */
    golden *g = mk_model(&t, 1, lat, 100000, false);
    if (g) {
        prog p = { .n = 0 };
        emit(&p, MOV(16, M_ALL, LL(OUT_ADDR)));
        emit(&p, GSTORE(0, 16, M_ALL, SL(1)));
        emit(&p, GSTORE(0, 16, M_ALL, SL(2)));
        emit(&p, END());
        if (launch(&t, g, &p, 1, 1, 0)) {
            CHECK(&t, golden_dispatch(g, 0, -1) == 0, "dispatch failed");
            golden_step(g, 0, 0, NULL);
            golden_step(g, 0, 0, NULL);
            CHECK(&t, golden_wave_status(g, 0, 0) == GOLDEN_WAVE_SIGNAL, "wave not waiting on the signal");
            CHECK(&t, golden_step(g, 0, 0, NULL) == GOLDEN_STEP_BLOCKED, "step of a stalled wave not blocked");
            golden_advance_time(g, lat - 1);
            CHECK(&t, golden_step(g, 0, 0, NULL) == GOLDEN_STEP_BLOCKED, "issued before the latency passed");
            golden_advance_time(g, 1);
            golden_retire rec;
            CHECK(&t, golden_step(g, 0, 0, &rec) == GOLDEN_STEP_RETIRED, "did not issue after completion");
            CHECK(&t, rec.sig_waited == 1 && rec.sig_issued == 0, "record sig_waited %#x sig_issued %d",
                  rec.sig_waited, rec.sig_issued);
        }
        golden_destroy(g);
    }
    case_end(&t);
}

/* Wave 0 of a 2-wave group writes LDS late; wave 1 reads it after a barrier.
 * Without the barrier (the control run) wave 1 reads zeros. */
static void build_barrier_prog(prog *p, int with_barrier)
{
    p->n = 0;
    emit(p, BRS(ISA_OP_BRNZ, SS(R_GWAVE), 0));     /* patched: wave 1 jumps */
    for (int i = 0; i < 20; i++)
        emit(p, NOP());
    emit(p, ALU2(ISA_OP_SHL, 16, SV(R_SID), LL(2)));
    emit(p, ALU2(ISA_OP_ADD, 18, SV(R_SID), LL(100)));
    emit(p, LSTORE(16, M_ALL, SV(18), 0));
    emit(p, with_barrier ? BARRIER() : NOP());
    emit(p, END());
    unsigned w1 = p->n;
    p->w[0] = BRS(ISA_OP_BRNZ, SS(R_GWAVE), w1);
    emit(p, with_barrier ? BARRIER() : NOP());
    emit_load_out_base(p);
    emit(p, ALU2(ISA_OP_SHL, 18, SV(R_SID), LL(2)));
    emit(p, LLOAD(19, M_ALL, 18, 0));
    emit(p, ALU2(ISA_OP_ADD, 17, SV(18), LS(16)));
    emit(p, GSTORE(1, 17, M_ALL, SV(19)));
    emit(p, WAIT1(1));
    emit(p, END());
}

void test_barrier(void)
{
    check_case t;
    case_begin(&t, "golden_barrier_two_waves_lds");
    for (int with = 1; with >= 0; with--) {
        golden *g = mk_model(&t, 1, 4, 100000, false);
        if (!g) break;
        uint32_t args[1] = { OUT_ADDR };
        put_args(g, args, 1);
        prog p;
        build_barrier_prog(&p, with);
        gpu_result r;
        gpu_status st = run(&t, g, &p, 1, 2, 256, &r);
        CHECK(&t, st == GPU_OK, "run returned %d", (int)st);
        unsigned right = 0;
        for (unsigned l = 0; l < 32; l++)
            right += rd32(g, OUT_ADDR + 4 * l) == l + 100;
        gpu_counters c;
        golden_counters(g, &c);
        if (with) {
            CHECK(&t, right == 32, "with the barrier only %u of 32 lanes read wave 0's LDS data", right);
            CHECK(&t, c.barriers == 2, "barriers counter %" PRIu64 ", expected 2", c.barriers);
        } else {
            CHECK(&t, right == 0, "control run without a barrier: %u lanes already saw the data, the test "
                  "cannot tell a barrier from none", right);
        }
        golden_destroy(g);
    }

    /* Through the step API: wave 1 reaches its barrier first and waits. */
    golden *g = mk_model(&t, 1, 4, 100000, false);
    if (g) {
        uint32_t args[1] = { OUT_ADDR };
        put_args(g, args, 1);
        prog p;
        build_barrier_prog(&p, 1);
        if (launch(&t, g, &p, 1, 2, 256)) {
            CHECK(&t, golden_dispatch(g, 0, -1) == 0, "dispatch failed");
            golden_retire rec;
            golden_step(g, 0, 1, NULL);                                 /* brnz, taken */
            CHECK(&t, golden_step(g, 0, 1, &rec) == GOLDEN_STEP_RETIRED && rec.barrier_wait,
                  "wave 1's barrier did not retire as a wait");
            CHECK(&t, golden_wave_status(g, 0, 1) == GOLDEN_WAVE_BARRIER, "wave 1 not at the barrier");
            CHECK(&t, golden_step(g, 0, 1, NULL) == GOLDEN_STEP_BLOCKED, "wave 1 stepped past the barrier");
            for (int i = 0; i < 24; i++)
                golden_step(g, 0, 0, NULL);                             /* brnz, 20 nops, 3 insts */
            CHECK(&t, golden_wave_status(g, 0, 1) == GOLDEN_WAVE_BARRIER, "wave 1 released early");
            CHECK(&t, golden_step(g, 0, 0, &rec) == GOLDEN_STEP_RETIRED && !rec.barrier_wait,
                  "wave 0's barrier should complete the group");
            CHECK(&t, golden_wave_status(g, 0, 1) == GOLDEN_WAVE_READY, "wave 1 not released");
            CHECK(&t, golden_step(g, 0, 0, &rec) == GOLDEN_STEP_RETIRED && rec.ended, "wave 0 did not end");
            CHECK(&t, golden_wave_status(g, 0, 0) == GOLDEN_WAVE_ENDED, "ended wave 0 state %d",
                  (int)golden_wave_status(g, 0, 0));
        }
        golden_destroy(g);
    }
    case_end(&t);

    /* A barrier after the other wave ended passes straight through. */
    case_begin(&t, "golden_barrier_ended_wave_not_counted");
    g = mk_model(&t, 1, 4, 10000, false);
    if (g) {
        /* wave 1 waits at its first barrier until wave 0 ends */
        prog p = { .n = 0 };
        emit(&p, BRS(ISA_OP_BRNZ, SS(R_GWAVE), 5));
        emit(&p, NOP());
        emit(&p, NOP());
        emit(&p, NOP());
        emit(&p, END());
        emit(&p, BARRIER());
        emit(&p, BARRIER());
        emit(&p, END());
        gpu_result r;
        gpu_status st = run(&t, g, &p, 3, 2, 0, &r);
        char d[256];
        describe(&r, d, sizeof d);
        CHECK(&t, st == GPU_OK, "run: %s", d);
        gpu_counters c;
        golden_counters(g, &c);
        CHECK(&t, c.barriers == 6 && c.groups == 3, "barriers %" PRIu64 " groups %" PRIu64, c.barriers, c.groups);
        golden_destroy(g);
    }
    case_end(&t);
}

void test_dispatcher(void)
{
    check_case t;
    case_begin(&t, "golden_dispatch_placement_order");
    golden *g = mk_model(&t, 3, 4, 100000, false);
    if (g) {
        prog p = { .n = 0 };
        emit(&p, END());
        struct { unsigned wpg, lds; int cu[8]; int slot[8]; } cases[] = {
            { 1, 0, { 0, 1, 2, 0, 1, 2, -1 }, { 0, 0, 0, 1, 1, 1 } },
            { 2, 0, { 0, 1, 2, -1 }, { 0, 0, 0 } },
            { 1, 40000, { 0, 1, 2, -1 }, { 0, 0, 0 } },
            { 1, 32768, { 0, 1, 2, 0, 1, 2, -1 }, { 0, 0, 0, 1, 1, 1 } },
        };
        for (unsigned k = 0; k < 4 && t.ok; k++) {
            if (!launch(&t, g, &p, 100, cases[k].wpg, cases[k].lds))
                break;
            for (unsigned i = 0; i < 8 && t.ok; i++) {
                unsigned slot = 9;
                int cu = golden_dispatch_choice(g, &slot);
                CHECK(&t, cu == cases[k].cu[i], "case %u (waves %u, lds %u) group %u: choice CU %d, expected %d", k,
                      cases[k].wpg, cases[k].lds, i, cu, cases[k].cu[i]);
                if (cu < 0)
                    break;
                CHECK(&t, (int)slot == cases[k].slot[i], "case %u group %u: slot %u, expected %d", k, i, slot,
                      cases[k].slot[i]);
                CHECK(&t, golden_dispatch(g, (unsigned)cu, -1) == (int)i, "case %u: group id order", k);
            }
        }
        /* The slot-1 group's LDS sits at the top of the CU's LDS. */
        prog q = { .n = 0 };
        emit(&q, LSTORE(R_ZERO, M1(R_ONE), SV(R_GROUP), 0));
        emit(&q, END());
        if (t.ok && launch(&t, g, &q, 2, 1, 1024)) {
            golden_dispatch(g, 1, -1);
            golden_dispatch(g, 1, -1);
            golden_retire rec;
            golden_step(g, 1, 1, &rec);
            CHECK(&t, rec.lds_base == 65536 - 1024 && rec.group == 1 && rec.lds_mask == 0xFFFFFFFFu,
                  "slot 1 group: lds_base %u group %u mask %#x", rec.lds_base, rec.group, rec.lds_mask);
            golden_step(g, 1, 0, &rec);
            CHECK(&t, rec.lds_base == 0 && rec.group == 0, "slot 0 group: lds_base %u", rec.lds_base);
            CHECK(&t, golden_dispatch(g, 0, -1) == -1, "dispatched a group beyond num_groups");
        }
        golden_destroy(g);
    }
    case_end(&t);

    /* More groups than slots: each group adds into its own word; LDS forces one group per CU. */
    case_begin(&t, "golden_dispatch_more_groups_than_slots");
    g = mk_model(&t, 2, 6, 1000000, false);
    if (g) {
        uint32_t args[1] = { OUT_ADDR };
        put_args(g, args, 1);
        prog p = { .n = 0 };
        emit_load_out_base(&p);
        emit(&p, ALU2(ISA_OP_SHL, 17, SV(R_GROUP), LL(2)));
        emit(&p, ALU2(ISA_OP_ADD, 17, SV(17), LS(16)));
        /* a loop of group+1 iterations of LDS traffic */
        emit(&p, ALU2(ISA_OP_ADD, 18, SV(R_GROUP), LL(1)));
        unsigned loop = emit(&p, LATOM(ISA_OP_LOCAL_ATOMIC_ADD, 19, M_ALL, R_ZERO, SL(1), 40000 - 4, 1));
        emit(&p, ALU2(ISA_OP_S_SUB, 18, SS(18), LL(1)));
        emit(&p, BRS(ISA_OP_BRNZ, SS(18), loop));
        emit(&p, LLOAD(20, M_ALL, R_ZERO, 40000 - 4));
        emit(&p, GSTORE(1, 17, M_ALL, SV(20)));     /* every lane the same word and value */
        emit(&p, END());
        const unsigned groups = 10;
        gpu_result r;
        gpu_status st = run(&t, g, &p, groups, 1, 40000, &r);
        char d[256];
        describe(&r, d, sizeof d);
        CHECK(&t, st == GPU_OK, "run: %s", d);
        for (unsigned i = 0; i < groups; i++)
            CHECK(&t, rd32(g, OUT_ADDR + 4 * i) == 32 * (i + 1), "group %u stored %u, expected %u (fresh zeroed LDS)", i,
                  rd32(g, OUT_ADDR + 4 * i), 32 * (i + 1));
        gpu_counters c;
        golden_counters(g, &c);
        CHECK(&t, c.groups == groups, "groups counter %" PRIu64, c.groups);
        golden_destroy(g);
    }
    case_end(&t);
}
