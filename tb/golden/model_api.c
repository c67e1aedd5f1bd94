/* SPDX-License-Identifier: Apache-2.0 */
/* The model as a library: determinism, two coexisting models, the
 * watchdog, the lockstep step API, configuration errors, the per-CU counters
 * and external memory (cfg.memory). */
#include "golden_test.h"

/* out[i] = i's lane id + args[1], for every lane of every wave: the output
 * base is args[0]. */
static void build_add_addend(prog *p)
{
    p->n = 0;
    emit_load_out_base(p);
    emit(p, ALU2(ISA_OP_ADD, 20, SV(R_ARGS), LL(4)));
    emit(p, GLOAD(1, 21, M_ALL, 20));
    emit(p, WAIT1(1));
    emit_lane_addr(p);
    emit(p, ALU2(ISA_OP_ADD, 22, SV(21), LV(R_SID)));
    emit(p, GSTORE(2, 17, M_ALL, SV(22)));
    emit(p, WAIT1(2));
    emit(p, END());
}

/* A reference workload used by the determinism and coexistence tests: every
 * lane of every wave does f32 work and global atomics on shared words. */
static void build_workload(prog *p)
{
    p->n = 0;
    emit_load_out_base(p);
    emit_lane_addr(p);
    emit(p, ALU1(ISA_OP_CVT_F32_U32, 20, LV(17)));
    emit(p, ALU2(ISA_OP_MUL_F32, 20, SV(20), LL(0x3DCCCCCD)));      /* * 0.1f */
    emit(p, ALU1(ISA_OP_SQRT_F32, 20, LV(20)));
    emit(p, MOV(21, M_ALL, LL(5)));
    emit(p, MOV(19, M_ALL, LL(0xBF800000u)));                       /* -1.0f */
    unsigned loop = emit(p, ALU3(ISA_OP_FMA_F32, 20, SV(20), SV(20), SV(19)));
    emit(p, ALU1(ISA_OP_ABS_F32, 20, LV(20)));
    emit(p, ALU1(ISA_OP_SQRT_F32, 20, LV(20)));
    emit(p, ALU2(ISA_OP_S_SUB, 21, SS(21), LL(1)));
    emit(p, BRS(ISA_OP_BRNZ, SS(21), loop));
    emit(p, GSTORE(1, 17, M_ALL, SV(20)));
    emit(p, ALU2(ISA_OP_ADD, 22, SV(R_ARGS), LL(4)));
    emit(p, GATOM(ISA_OP_GLOBAL_ATOMIC_ADD, 2, 23, M_ALL, 22, SV(R_SID), 0));
    emit(p, WAIT1(2));
    emit(p, ALU2(ISA_OP_ADD, 22, SV(22), LL(4)));
    emit(p, GATOM(ISA_OP_GLOBAL_ATOMIC_XCHG, 3, 24, MASK2(R_LO16, 0, R_N2ND, 0), 22, SV(23), 0));
    emit(p, WAIT2(1, 3));
    emit(p, ALU2(ISA_OP_ADD, 25, SV(17), LL(0x8000)));
    emit(p, GSTORE(4, 25, M_ALL, SV(24)));
    emit(p, WAIT1(4));
    emit(p, END());
}

static int run_workload(check_case *t, golden *g, gpu_counters *c, uint8_t *mem, uint32_t memlen)
{
    uint32_t args[3] = { OUT_ADDR, 0, 0 };
    put_args(g, args, 3);
    prog p;
    build_workload(&p);
    gpu_result r;
    gpu_status st = run(t, g, &p, 7, 2, 0, &r);
    char d[256];
    describe(&r, d, sizeof d);
    CHECK(t, st == GPU_OK, "workload run: %s", d);
    golden_counters(g, c);
    golden_mem_read(g, mem, 0, memlen);
    return st == GPU_OK;
}

void test_determinism(void)
{
    check_case t;
    case_begin(&t, "golden_deterministic_counters_and_memory");
    const uint32_t len = 0x10000;
    uint8_t *m1 = calloc(len, 1), *m2 = calloc(len, 1), *m3 = calloc(len, 1);
    gpu_counters c1, c2, c3;
    golden *a = mk_model(&t, 3, 9, 1000000, false), *b = mk_model(&t, 3, 9, 1000000, false);
    if (a && b && m1 && m2 && m3) {
        run_workload(&t, a, &c1, m1, len);
        run_workload(&t, b, &c2, m2, len);
        CHECK(&t, memcmp(&c1, &c2, sizeof c1) == 0, "counters differ between two identical runs (cycles %" PRIu64
              " vs %" PRIu64 ", instructions %" PRIu64 " vs %" PRIu64 ")", c1.cycles, c2.cycles, c1.instructions,
              c2.instructions);
        CHECK(&t, memcmp(m1, m2, len) == 0, "memory differs between two identical runs");
        /* Relaunch on the same model (memory reset by hand). */
        uint8_t *zero = calloc(len, 1);
        if (zero) {
            golden_mem_write(a, 0, zero, len);
            free(zero);
        }
        run_workload(&t, a, &c3, m3, len);
        CHECK(&t, memcmp(&c1, &c3, sizeof c1) == 0, "counters differ on a relaunch of the same model");
        CHECK(&t, memcmp(m1, m3, len) == 0, "memory differs on a relaunch of the same model");
        CHECK(&t, c1.instructions > 0 && c1.groups == 7 && c1.global_atomics == 14 * 32 + 14 * 8,
              "counters look wrong: instructions %" PRIu64 " groups %" PRIu64 " atomics %" PRIu64, c1.instructions,
              c1.groups, c1.global_atomics);
        /* The shared atomic counter got every lane id from 14 waves. */
        uint32_t sum;
        memcpy(&sum, m1 + ARGS_ADDR + 4, 4);
        CHECK(&t, sum == 14 * (31 * 32 / 2), "atomic add total %u, expected %u", sum, 14 * (31 * 32 / 2));
    }
    golden_destroy(a);
    golden_destroy(b);
    free(m1);
    free(m2);
    free(m3);
    case_end(&t);
}

void test_two_models(void)
{
    check_case t;
    case_begin(&t, "golden_two_models_coexist");
    golden *a = mk_model(&t, 1, 3, 100000, false), *b = mk_model(&t, 2, 11, 100000, true);
    if (a && b) {
        uint32_t args_a[2] = { OUT_ADDR, 1000 }, args_b[2] = { OUT_ADDR, 2000 };
        put_args(a, args_a, 2);
        put_args(b, args_b, 2);
        prog p;
        build_add_addend(&p);
        if (launch(&t, a, &p, 1, 1, 0) && launch(&t, b, &p, 1, 1, 0)) {
            CHECK(&t, golden_dispatch(a, 0, -1) == 0 && golden_dispatch(b, 1, -1) == 0, "dispatch failed");
            for (int i = 0; i < 200 && !(golden_finished(a) && golden_finished(b)); i++) {
                golden_step(a, 0, 0, NULL);
                golden_advance_time(a, 1);
                if (golden_step(b, 1, 0, NULL) == GOLDEN_STEP_BLOCKED) {
                    golden_wave_info wi;
                    if (golden_wave_get(b, 1, 0, &wi))
                        for (unsigned s = 0; s < 16; s++)
                            if (wi.pending_signals & (1u << s))
                                golden_complete_signal(b, 1, 0, s);
                }
            }
            CHECK(&t, golden_finished(a) && golden_finished(b), "the models did not both finish");
            for (unsigned l = 0; l < 32; l++) {
                CHECK(&t, rd32(a, OUT_ADDR + 4 * l) == 1000 + l, "model a lane %u: %u", l, rd32(a, OUT_ADDR + 4 * l));
                CHECK(&t, rd32(b, OUT_ADDR + 4 * l) == 2000 + l, "model b lane %u: %u", l, rd32(b, OUT_ADDR + 4 * l));
            }
        }
    }
    golden_destroy(a);
    golden_destroy(b);
    case_end(&t);
}

void test_timeout(void)
{
    check_case t;
    case_begin(&t, "golden_timeout_infinite_loop");
    golden *g = mk_model(&t, 2, 3, 5000, false);
    if (g) {
        prog p = { .n = 0 };
        emit(&p, NOP());
        emit(&p, BR(0));
        gpu_result r;
        gpu_status st = run(&t, g, &p, 3, 1, 0, &r);
        CHECK(&t, st == GPU_ERR_TIMEOUT && r.status == GPU_ERR_TIMEOUT && r.fault == 0,
              "expected a timeout, got status %d fault %u", (int)st, r.fault);
        gpu_counters c;
        golden_counters(g, &c);
        CHECK(&t, c.cycles == 5000, "cycles %" PRIu64 ", expected the limit 5000", c.cycles);
        /* 3 waves on 2 CUs each retire one instruction per tick. */
        CHECK(&t, c.instructions == 3 * 5000, "instructions %" PRIu64 ", expected 15000", c.instructions);
        golden_destroy(g);
    }
    /* A long memory wait past the limit is a timeout too. */
    g = mk_model(&t, 1, 100000, 5000, false);
    if (g) {
        prog p = { .n = 0 };
        emit(&p, MOV(16, M_ALL, LL(OUT_ADDR)));
        emit(&p, GSTORE(0, 16, M_ALL, SL(1)));
        emit(&p, WAIT1(0));
        emit(&p, END());
        gpu_result r;
        gpu_status st = run(&t, g, &p, 1, 1, 0, &r);
        CHECK(&t, st == GPU_ERR_TIMEOUT, "waiting on a slow store: status %d, expected timeout", (int)st);
        golden_destroy(g);
    }
    case_end(&t);
}

void test_lockstep(void)
{
    check_case t;
    case_begin(&t, "golden_lockstep_retire_records");
    golden *g = mk_model(&t, 2, 3, 100000, true);
    if (!g) { case_end(&t); return; }
    prog p = { .n = 0 };
    emit(&p, ALU2(ISA_OP_SHL, 16, SV(R_SID), LL(2)));                        /* 0 */
    emit(&p, MOV(20, MASK2(R_LO16, 0, R_N2ND, 0), LL(7)));                    /* 1 */
    emit(&p, LSTORE(16, M1(R_CH2), SV(R_SID), 8));                            /* 2 */
    emit(&p, ALU2(ISA_OP_ADD, 17, SV(16), LL(OUT_ADDR)));                    /* 3 */
    emit(&p, GSTORE(3, 17, MNOT(R_LO16), SV(16)));                           /* 4 */
    emit(&p, GSTORE(5, 17, M1(R_ZERO), SV(16)));                             /* 5: empty mask */
    emit(&p, BRS(ISA_OP_BRNZ, SL(1), 8));                                    /* 6 */
    emit(&p, END());                                                         /* 7 */
    emit(&p, WAIT2(3, 5));                                                   /* 8 */
    emit(&p, END());                                                         /* 9 */
    if (!launch(&t, g, &p, 1, 1, 256)) { golden_destroy(g); case_end(&t); return; }
    CHECK(&t, golden_wave_status(g, 1, 0) == GOLDEN_WAVE_EMPTY, "slot not empty before dispatch");
    CHECK(&t, golden_dispatch(g, 1, -1) == 0, "dispatch on CU 1 failed");
    CHECK(&t, golden_wave_status(g, 1, 0) == GOLDEN_WAVE_READY, "wave not ready after dispatch");
    golden_retire rec;
    golden_step_status s;

    s = golden_step(g, 1, 0, &rec);
    CHECK(&t, s == GOLDEN_STEP_RETIRED && rec.pc == 0 && rec.next_pc == 1 && rec.dest == 16 &&
              rec.dest_mask == 0xFFFFFFFFu && rec.dest_data[9] == 36 && rec.cu == 1 && rec.slot == 0 && rec.wave == 0,
          "shl record: status %d pc %u dest %d mask %#x data[9] %u", (int)s, rec.pc, rec.dest, rec.dest_mask,
          rec.dest_data[9]);

    s = golden_step(g, 1, 0, &rec);
    CHECK(&t, s == GOLDEN_STEP_RETIRED && rec.dest == 20 && rec.dest_mask == 0x5555u && rec.inst == p.w[1],
          "mov record: dest %d mask %#x (expected v20, 0x5555)", rec.dest, rec.dest_mask);
    for (unsigned l = 0; l < 32; l++)
        CHECK(&t, rec.dest_data[l] == ((0x5555u >> l) & 1 ? 7u : 0u), "mov record lane %u value %u", l,
              rec.dest_data[l]);

    s = golden_step(g, 1, 0, &rec);
    CHECK(&t, s == GOLDEN_STEP_RETIRED && rec.dest == -1 && rec.lds_mask == 0x33333333u && rec.lds_base == 0,
          "local_store32 record: dest %d lds_mask %#x base %u", rec.dest, rec.lds_mask, rec.lds_base);
    CHECK(&t, rec.lds_addr[5] == 5 * 4 + 8 && rec.lds_data[5] == 5 && rec.lds_addr[29] == 29 * 4 + 8 &&
              rec.lds_data[29] == 29, "local_store32 record lanes: addr[5] %u data[5] %u", rec.lds_addr[5],
          rec.lds_data[5]);

    golden_step(g, 1, 0, &rec);
    s = golden_step(g, 1, 0, &rec);
    CHECK(&t, s == GOLDEN_STEP_RETIRED && rec.gmem == GOLDEN_MEM_STORE && rec.gmem_mask == 0xFFFF0000u &&
              rec.sig_issued == 3 && rec.dest == -1,
          "global_store32 record: kind %d mask %#x sig %d", (int)rec.gmem, rec.gmem_mask, rec.sig_issued);
    CHECK(&t, rec.gmem_addr[20] == OUT_ADDR + 80 && rec.gmem_data[20] == 80,
          "global_store32 record lane 20: addr 0x%x data %u", rec.gmem_addr[20], rec.gmem_data[20]);
    CHECK(&t, rd32(g, OUT_ADDR + 80) == 80 && rd32(g, OUT_ADDR + 60) == 0, "memory after the store");

    s = golden_step(g, 1, 0, &rec);
    CHECK(&t, s == GOLDEN_STEP_RETIRED && rec.gmem_mask == 0 && rec.sig_issued == 5,
          "empty-mask store: mask %#x sig %d", rec.gmem_mask, rec.sig_issued);

    s = golden_step(g, 1, 0, &rec);
    CHECK(&t, s == GOLDEN_STEP_RETIRED && rec.is_branch && rec.taken && rec.next_pc == 8,
          "brnz record: branch %d taken %d next %u", rec.is_branch, rec.taken, rec.next_pc);

    CHECK(&t, golden_wave_status(g, 1, 0) == GOLDEN_WAVE_SIGNAL, "wave not waiting on s3/s5");
    CHECK(&t, golden_step(g, 1, 0, &rec) == GOLDEN_STEP_BLOCKED, "sig_waitall2 not blocked");
    CHECK(&t, golden_complete_signal(g, 1, 0, 5) == GPU_ERR_STATE,
          "completing s5 before the older store s3 was accepted");
    CHECK(&t, golden_complete_signal(g, 1, 0, 3) == GPU_OK, "completing s3 failed");
    CHECK(&t, golden_complete_signal(g, 1, 0, 3) == GPU_ERR_STATE, "completing a done slot was accepted");
    CHECK(&t, golden_step(g, 1, 0, &rec) == GOLDEN_STEP_BLOCKED, "sig_waitall2 ran with s5 pending");
    CHECK(&t, golden_complete_signal(g, 1, 0, 5) == GPU_OK, "completing s5 failed");
    s = golden_step(g, 1, 0, &rec);
    CHECK(&t, s == GOLDEN_STEP_RETIRED && rec.sig_waited == ((1u << 3) | (1u << 5)) && rec.pc == 8,
          "sig_waitall2 record: status %d waited %#x", (int)s, rec.sig_waited);
    s = golden_step(g, 1, 0, &rec);
    CHECK(&t, s == GOLDEN_STEP_RETIRED && rec.ended && golden_finished(g), "end record / finished");
    CHECK(&t, golden_step(g, 1, 0, &rec) == GOLDEN_STEP_NO_WAVE, "stepping an empty slot");

    gpu_counters c;
    golden_counters(g, &c);
    CHECK(&t, c.instructions == 9 && c.lane_ops == 32 + 8 + 16 + 32 + 16 + 0 && c.lds_accesses == 16 &&
              c.global_stores == 16 && c.valu_insts == 3 && c.lds_insts == 1 && c.gmem_insts == 2 &&
              c.branch_insts == 1 && c.sig_insts == 1,
          "counters: insts %" PRIu64 " lane_ops %" PRIu64 " lds %" PRIu64 " stores %" PRIu64 " valu %" PRIu64,
          c.instructions, c.lane_ops, c.lds_accesses, c.global_stores, c.valu_insts);
    golden_destroy(g);
    case_end(&t);

    /* A faulting step reports and stops everything. */
    case_begin(&t, "golden_lockstep_fault_stops_task");
    g = mk_model(&t, 1, 3, 100000, false);
    if (g) {
        prog q = { .n = 0 };
        emit(&q, NOP());
        emit(&q, MOV(R_ONE, M_ALL, LL(3)));
        emit(&q, END());
        if (launch(&t, g, &q, 1, 2, 0)) {
            golden_dispatch(g, 0, -1);
            golden_step(g, 0, 1, NULL);
            CHECK(&t, golden_step(g, 0, 1, NULL) == GOLDEN_STEP_FAULT, "const write did not fault");
            CHECK(&t, golden_step(g, 0, 0, NULL) == GOLDEN_STEP_FAULT, "the other wave kept running after a fault");
            gpu_result r;
            golden_result(g, &r);
            CHECK(&t, r.fault == ISA_FAULT_CONST_WRITE && r.wave == 1 && r.pc == 1 && r.reg == R_ONE,
                  "fault record: fault %u wave %u pc %u reg %d", r.fault, r.wave, r.pc, r.reg);
        }
        golden_destroy(g);
    }
    case_end(&t);
}

void test_config_errors(void)
{
    check_case t;
    case_begin(&t, "golden_rejects_bad_config_and_launch");
    golden_config cfg;
    golden_config_default(&cfg);
    golden *g = NULL;
    char err[256] = "";
    cfg.num_cus = 9;
    CHECK(&t, golden_create(&g, &cfg, err, sizeof err) == GPU_ERR_ARG && !g && strstr(err, "num_cus"),
          "9 CUs accepted (%s)", err);
    golden_config_default(&cfg);
    cfg.mem_bytes = 4097;
    CHECK(&t, golden_create(&g, &cfg, err, sizeof err) == GPU_ERR_ARG && !g, "mem_bytes 4097 accepted");
    golden_config_default(&cfg);
    cfg.mem_bytes = 1 << 16;
    CHECK(&t, golden_create(&g, &cfg, err, sizeof err) == GPU_OK && g, "default config rejected: %s", err);
    if (g) {
        uint64_t code[1] = { END() };
        golden_launch_params lp = { code, 1, 1, 3, 0, ARGS_ADDR };
        CHECK(&t, golden_launch(g, &lp, err, sizeof err) == GPU_ERR_ARG, "3 waves per group accepted");
        lp.waves_per_group = 1;
        lp.lds_bytes = 6;
        CHECK(&t, golden_launch(g, &lp, err, sizeof err) == GPU_ERR_ARG, "lds_bytes 6 accepted");
        lp.lds_bytes = 0;
        lp.num_insts = 0;
        CHECK(&t, golden_launch(g, &lp, err, sizeof err) == GPU_ERR_ARG, "empty program accepted");
        gpu_result r;
        CHECK(&t, golden_run(g, &r) == GPU_ERR_STATE, "run with nothing launched");
        uint32_t x = 0;
        CHECK(&t, golden_mem_read(g, &x, (1 << 16) - 2, 4) == GPU_ERR_RANGE, "read past the end accepted");
        golden_destroy(g);
    }
    case_end(&t);
}


/* ------------------------------------------------------ per-CU counters */

/* Every field of gpu_counters, so that a check covers all of them. */
#define ALL_COUNTERS(X) X(cycles) X(instructions) X(lane_ops) X(valu_insts) X(salu_insts) X(xlane_insts) \
    X(red_insts) X(branch_insts) X(sig_insts) X(lds_insts) X(gmem_insts) X(lds_accesses) X(lds_conflict_cycles) \
    X(global_loads) X(global_stores) X(global_atomics) X(mem_requests) X(mem_stall_cycles) X(l1_hits) \
    X(l1_misses) X(l1_evictions) X(l2_hits) X(l2_misses) X(l2_evictions) X(l2_atomics) X(dram_bytes_read) \
    X(dram_bytes_written) X(barriers) X(stall_dependency) X(stall_memory) X(stall_barrier) X(stall_lds) \
    X(stall_fetch) X(groups)
#define COUNT_FIELD(f) +1
_Static_assert(sizeof(gpu_counters) == (0 ALL_COUNTERS(COUNT_FIELD)) * sizeof(uint64_t),
               "a gpu_counters field is missing from ALL_COUNTERS");

/* The CUs' counters of a model with ncu CUs sum to golden_counters (cycles:
 * every CU has the task's), and a CU past the last one reads all zero. */
static void check_cu_sum(check_case *t, const char *run, const golden *g, unsigned ncu)
{
    gpu_counters total, sum, cu;
    golden_counters(g, &total);
    memset(&sum, 0, sizeof sum);
    for (unsigned c = 0; c < ncu; c++) {
        golden_counters_cu(g, c, &cu);
        CHECK(t, cu.cycles == total.cycles, "%s: CU %u cycles %" PRIu64 ", expected the task's %" PRIu64, run, c,
              cu.cycles, total.cycles);
#define ADD_FIELD(f) sum.f += cu.f;
        ALL_COUNTERS(ADD_FIELD)
#undef ADD_FIELD
    }
    sum.cycles = total.cycles;
#define CMP_SUM(f) CHECK(t, sum.f == total.f, "%s: " #f " summed over %u CUs is %" PRIu64 ", golden_counters %" PRIu64, \
                         run, ncu, sum.f, total.f);
    ALL_COUNTERS(CMP_SUM)
#undef CMP_SUM
    golden_counters_cu(g, ncu, &cu);
    const gpu_counters zero = { 0 };
    CHECK(t, memcmp(&cu, &zero, sizeof cu) == 0, "%s: CU %u (past the last) does not read all zero", run, ncu);
}

/* Every wave of build_workload does the same work, so CU c, on which
 * `groups` groups of `waves` waves in all were placed, has groups in its
 * groups counter and waves / ref_waves of every other counter but cycles of
 * a reference run of ref_waves waves. */
static void check_cu_share(check_case *t, const char *run, const golden *g, unsigned c, unsigned groups,
                           unsigned waves, const gpu_counters *ref, unsigned ref_waves)
{
    gpu_counters cu;
    golden_counters_cu(g, c, &cu);
    CHECK(t, cu.groups == groups, "%s: CU %u groups %" PRIu64 ", but %u groups were placed on it", run, c,
          cu.groups, groups);
#define CMP_SHARE(f) if (strcmp(#f, "cycles") != 0 && strcmp(#f, "groups") != 0)                               \
        CHECK(t, cu.f * ref_waves == ref->f * waves, "%s: CU %u ran %u waves: " #f " %" PRIu64 ", expected %"  \
              PRIu64 " (%" PRIu64 " for %u waves)", run, c, waves, cu.f, ref->f * waves / ref_waves, ref->f,   \
              ref_waves);
    ALL_COUNTERS(CMP_SHARE)
#undef CMP_SHARE
}

void test_counters_per_cu(void)
{
    check_case t;
    case_begin(&t, "golden_counters_per_cu_sum_and_placement");
    prog p;
    build_workload(&p);
    uint32_t args[3] = { OUT_ADDR, 0, 0 };
    gpu_result r;
    char d[256];

    /* 1 CU: everything on CU 0, cycles included. The reference: 5 groups of 1 wave. */
    gpu_counters ref, cu0;
    memset(&ref, 0, sizeof ref);
    golden *g = mk_model(&t, 1, 9, 1000000, false);
    if (g) {
        put_args(g, args, 3);
        gpu_status st = run(&t, g, &p, 5, 1, 0, &r);
        describe(&r, d, sizeof d);
        CHECK(&t, st == GPU_OK, "1 CU: %s", d);
        golden_counters(g, &ref);
        golden_counters_cu(g, 0, &cu0);
        CHECK(&t, memcmp(&ref, &cu0, sizeof ref) == 0, "1 CU: CU 0's counters differ from the totals "
              "(instructions %" PRIu64 " vs %" PRIu64 ", groups %" PRIu64 " vs %" PRIu64 ")", cu0.instructions,
              ref.instructions, cu0.groups, ref.groups);
        CHECK(&t, ref.groups == 5 && ref.instructions > 0 && ref.barriers == 0, "1 CU: groups %" PRIu64
              " instructions %" PRIu64, ref.groups, ref.instructions);
        check_cu_sum(&t, "1 CU", g, 1);
        golden_destroy(g);
    }

    /* 4 CUs, groups placed by hand (lockstep style), unevenly: CU 3 groups 0
     * and 3, CU 0 groups 1 and 2, CU 2 group 4, CU 1 none. */
    g = mk_model(&t, 4, 9, 1000000, false);
    if (g) {
        put_args(g, args, 3);
        static const unsigned where[5] = { 3, 0, 0, 3, 2 };
        unsigned placed[4] = { 0, 0, 0, 0 };
        if (launch(&t, g, &p, 5, 1, 0)) {
            for (unsigned i = 0; i < 5; i++) {
                CHECK(&t, golden_dispatch(g, where[i], -1) == (int)i, "dispatch of group %u on CU %u failed", i,
                      where[i]);
                placed[where[i]]++;
            }
            for (unsigned tick = 0; tick < 100000 && !golden_finished(g); tick++) {
                for (unsigned c = 0; c < 4; c++)
                    for (unsigned s = 0; s < GOLDEN_SLOTS; s++)
                        golden_step(g, c, s, NULL);
                golden_advance_time(g, 1);
            }
            golden_result(g, &r);
            describe(&r, d, sizeof d);
            CHECK(&t, golden_finished(g) && r.status == GPU_OK, "4 CUs by hand: did not finish (%s)", d);
            check_cu_sum(&t, "4 CUs by hand", g, 4);
            for (unsigned c = 0; c < 4; c++)
                check_cu_share(&t, "4 CUs by hand", g, c, placed[c], placed[c], &ref, 5);
        }
        golden_destroy(g);
    }

    /* 4 CUs, golden_run's dispatcher: 7 groups of 2 waves (a whole CU each),
     * so no CU has more than ceil(7/4) and every CU gets one. */
    g = mk_model(&t, 4, 9, 1000000, false);
    if (g) {
        put_args(g, args, 3);
        gpu_status st = run(&t, g, &p, 7, 2, 0, &r);
        describe(&r, d, sizeof d);
        CHECK(&t, st == GPU_OK, "4 CUs golden_run: %s", d);
        gpu_counters total;
        golden_counters(g, &total);
        CHECK(&t, total.groups == 7, "4 CUs golden_run: groups %" PRIu64 ", expected 7", total.groups);
        check_cu_sum(&t, "4 CUs golden_run", g, 4);
        for (unsigned c = 0; c < 4; c++) {
            gpu_counters cu;
            golden_counters_cu(g, c, &cu);
            CHECK(&t, cu.groups >= 1 && cu.groups <= 2, "4 CUs golden_run: CU %u groups %" PRIu64, c, cu.groups);
            check_cu_share(&t, "4 CUs golden_run", g, c, (unsigned)cu.groups, (unsigned)cu.groups * 2, &ref, 5);
        }
        golden_destroy(g);
    }
    case_end(&t);
}

/* --------------------------------------------------------- external memory */

void test_external_memory(void)
{
    check_case t;
    case_begin(&t, "golden_external_memory_buffer");
    const uint32_t bytes = 1u << 16;
    uint8_t *buf = malloc(bytes);
    if (!buf) {
        case_fail(&t, "out of host memory");
        case_end(&t);
        return;
    }
    memset(buf, 0xA5, bytes);
    golden_config cfg;
    golden_config_default(&cfg);
    CHECK(&t, cfg.memory == NULL, "golden_config_default sets memory to %p, expected NULL", (void *)cfg.memory);
    cfg.num_cus = 2;
    cfg.mem_bytes = bytes;
    cfg.memory = buf;
    golden *g = NULL;
    char err[256] = "";
    if (golden_create(&g, &cfg, err, sizeof err) != GPU_OK) {
        case_fail(&t, "golden_create on a caller's buffer: %s", err);
    } else {
        /* Not cleared: the model sees the buffer as it was. */
        CHECK(&t, rd32(g, 0x8000) == 0xA5A5A5A5u, "golden_create changed the buffer: 0x%08x at 0x8000",
              rd32(g, 0x8000));
        /* The arguments written into the buffer directly, the output base and an addend. */
        const uint32_t args[2] = { OUT_ADDR, 1000 };
        memcpy(buf + ARGS_ADDR, args, sizeof args);
        prog p;
        build_add_addend(&p);
        gpu_result r;
        gpu_status st = run(&t, g, &p, 3, 1, 0, &r);
        char d[256];
        describe(&r, d, sizeof d);
        CHECK(&t, st == GPU_OK, "run on the caller's buffer: %s", d);
        for (unsigned i = 0; i < 3 * 32; i++) {
            uint32_t v;
            memcpy(&v, buf + OUT_ADDR + 4 * i, 4);
            CHECK(&t, v == 1000 + i % 32, "wave %u lane %u: the buffer holds %u, expected %u", i / 32, i % 32, v,
                  1000 + i % 32);
        }
        uint32_t after;
        memcpy(&after, buf + OUT_ADDR + 3 * 32 * 4, 4);
        CHECK(&t, after == 0xA5A5A5A5u, "the word after the output changed: 0x%08x", after);
        /* Host access through the model is the buffer too. */
        const uint32_t x = 0x12345678u;
        CHECK(&t, golden_mem_write(g, 0x9000, &x, 4) == GPU_OK && memcmp(buf + 0x9000, &x, 4) == 0,
              "golden_mem_write did not write the caller's buffer");
        golden_destroy(g);
        /* Not freed by golden_destroy: still the caller's, contents intact. */
        CHECK(&t, memcmp(buf + 0x9000, &x, 4) == 0, "the buffer changed at golden_destroy");
    }
    free(buf);
    case_end(&t);
}
