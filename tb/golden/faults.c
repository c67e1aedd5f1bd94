/* SPDX-License-Identifier: Apache-2.0 */
/* The constants of docs/isa.md 1.2, every fault kind with its reported
 * fields, and PENDING_REG reads and overwrites. */
#include "golden_test.h"

void test_constants(void)
{
    check_case t;
    case_begin(&t, "golden_constants_all_lanes");
    golden *g = mk_model(&t, 2, 5, 100000, false);
    if (!g) { case_end(&t); return; }
    prog p = { .n = 0 };
    emit_load_out_base(&p);
    /* v17 = base + (wave*32 + lane) * 64: 16 words per lane */
    emit(&p, ALU2(ISA_OP_SHL, 17, SV(R_WAVE), LL(5)));
    emit(&p, ALU2(ISA_OP_ADD, 17, SV(17), LV(R_SID)));
    emit(&p, ALU2(ISA_OP_SHL, 17, SV(17), LL(6)));
    emit(&p, ALU2(ISA_OP_ADD, 17, SV(17), LS(16)));
    for (unsigned k = 0; k < 16; k++) {
        emit(&p, ALU2(ISA_OP_ADD, 18, SV(17), LL(k * 4)));
        emit(&p, GSTORE(1, 18, M_ALL, SV(k)));      /* reissues s1: stalls each time */
    }
    emit(&p, WAIT1(1));
    emit(&p, END());
    uint32_t args[1] = { OUT_ADDR };
    put_args(g, args, 1);
    gpu_result r;
    gpu_status st = run(&t, g, &p, 2, 2, 0, &r);
    CHECK(&t, st == GPU_OK, "run returned %d", (int)st);
    for (unsigned w = 0; w < 4 && t.ok; w++)
        for (unsigned l = 0; l < 32 && t.ok; l++) {
            uint32_t want[16] = { 0, 1, l, w, 255, 1u << (l % 2), 1u << (l % 3), 1u << (l % 4), l < 16, !(l & 2),
                                  !(l & 4), !(l & 8), w / 2, w % 2, 2, ARGS_ADDR };
            for (unsigned k = 0; k < 16; k++) {
                uint32_t got = rd32(g, OUT_ADDR + ((w * 32 + l) * 16 + k) * 4);
                CHECK(&t, got == want[k], "wave %u lane %u constant v%u (%s): expected %u, got %u", w, l, k,
                      isa_const_name(k), want[k], got);
            }
        }
    golden_destroy(g);
    case_end(&t);
}

/* One program that faults; checks code, pc, lane, addr, reg. */
static void fault_case(const char *name, prog *p, unsigned lds, unsigned code, uint32_t pc, int lane, uint32_t addr,
                       int reg, int skip_valid)
{
    check_case t;
    case_begin(&t, "%s", name);
    golden *g = mk_model(&t, 1, 3, 100000, false);
    if (!g) { case_end(&t); return; }
    uint32_t args[1] = { OUT_ADDR };
    put_args(g, args, 1);
    gpu_result r;
    gpu_status st;
    if (skip_valid) {
        char err[256];
        golden_launch_params lp = { p->w, p->n, 1, 1, lds, ARGS_ADDR };
        st = golden_launch(g, &lp, err, sizeof err) == GPU_OK ? golden_run(g, &r) : GPU_ERR_ARG;
    } else {
        st = run(&t, g, p, 1, 1, lds, &r);
    }
    expect_fault(&t, st, &r, code, pc, lane, addr, reg);
    if (t.ok)
        CHECK(&t, r.inst == p->w[pc], "reported instruction 0x%016" PRIx64 ", expected 0x%016" PRIx64, r.inst, p->w[pc]);
    gpu_counters c;
    golden_counters(g, &c);
    CHECK(&t, c.instructions == pc, "instructions retired %" PRIu64 ", expected %u (the faulting one has no effect)",
          c.instructions, pc);
    golden_destroy(g);
    case_end(&t);
}

void test_faults(void)
{
    prog p;

    /* Illegal: opcode 0x00, and a nop with a nonzero unused bit. */
    p.n = 0;
    emit(&p, NOP());
    emit(&p, 0);
    emit(&p, END());
    fault_case("golden_fault_illegal_opcode_zero", &p, 0, ISA_FAULT_ILLEGAL_INST, 1, -1, 0, -1, 1);
    p.n = 0;
    emit(&p, NOP());
    emit(&p, NOP());
    emit(&p, NOP() | 1);
    emit(&p, END());
    fault_case("golden_fault_illegal_unused_bit", &p, 0, ISA_FAULT_ILLEGAL_INST, 2, -1, 0, -1, 1);

    /* CONST_WRITE even with an empty mask. */
    p.n = 0;
    emit(&p, NOP());
    emit(&p, MOV(R_N3RD, M1(R_ZERO), LL(1)));
    emit(&p, END());
    fault_case("golden_fault_const_write_empty_mask", &p, 0, ISA_FAULT_CONST_WRITE, 1, -1, 0, R_N3RD, 0);
    p.n = 0;
    emit(&p, ALU2(ISA_OP_S_ADD, R_ARGS, SV(R_ONE), LL(1)));
    emit(&p, END());
    fault_case("golden_fault_const_write_scalar", &p, 0, ISA_FAULT_CONST_WRITE, 0, -1, 0, R_ARGS, 0);

    /* Global: lane 5 misaligned and lane 9 below 4096; lane 5 is reported. */
    p.n = 0;
    emit(&p, ALU2(ISA_OP_SHL, 16, SV(R_SID), LL(2)));
    emit(&p, ALU2(ISA_OP_ADD, 16, SV(16), LL(0x3000)));
    emit(&p, ALU2(ISA_OP_EQ, 18, SV(R_SID), LL(5)));
    emit(&p, ALU2(ISA_OP_EQ, 19, SV(R_SID), LL(9)));
    emit(&p, MOV(16, M1(18), LL(0x3002)));
    emit(&p, MOV(16, M1(19), LL(0xFFC)));
    emit(&p, GSTORE(0, 16, MNOT(R_ZERO), SV(R_SID)));    /* 6: every lane */
    emit(&p, END());
    fault_case("golden_fault_global_misaligned_lowest_lane", &p, 0, ISA_FAULT_GLOBAL_MISALIGNED, 6, 5, 0x3002, -1, 0);
    /* The same with lane 5 not selected: lane 9 is out of range. */
    p.w[6] = GSTORE(0, 16, MASK2(18, 1, R_ONE, 0), SV(R_SID));
    fault_case("golden_fault_global_below_null_guard", &p, 0, ISA_FAULT_GLOBAL_OUT_OF_RANGE, 6, 9, 0xFFC, -1, 0);
    /* Neither lane selected: no fault. */
    {
        check_case t;
        case_begin(&t, "golden_fault_unselected_lanes_ignored");
        golden *g = mk_model(&t, 1, 3, 100000, false);
        if (g) {
            p.w[6] = GSTORE(0, 16, MASK2(18, 1, 19, 1), SV(R_SID));
            gpu_result r;
            gpu_status st = run(&t, g, &p, 1, 1, 0, &r);
            char d[256];
            describe(&r, d, sizeof d);
            CHECK(&t, st == GPU_OK, "expected no fault, got %s", d);
            CHECK(&t, rd32(g, 0x3000 + 4 * 7) == 7, "lane 7's store missing");
            CHECK(&t, rd32(g, 0x3000 + 4 * 5) == 0, "unselected lane 5 stored");
            golden_destroy(g);
        }
        case_end(&t);
    }
    /* At/above the memory size, through a load. */
    p.n = 0;
    emit(&p, MOV(16, M_ALL, LL(MEM_BYTES - 4)));
    emit(&p, ALU2(ISA_OP_EQ, 18, SV(R_SID), LL(30)));
    emit(&p, MOV(16, M1(18), LL(MEM_BYTES)));
    emit(&p, GLOAD(2, 20, M_ALL, 16));
    emit(&p, END());
    fault_case("golden_fault_global_beyond_memory", &p, 0, ISA_FAULT_GLOBAL_OUT_OF_RANGE, 3, 30, MEM_BYTES, -1, 0);

    /* LDS: lds_bytes 128, address sid*4 + offset. */
    p.n = 0;
    emit(&p, ALU2(ISA_OP_SHL, 16, SV(R_SID), LL(2)));
    emit(&p, LSTORE(16, M_ALL, SV(R_SID), 4));
    emit(&p, END());
    fault_case("golden_fault_lds_out_of_range", &p, 128, ISA_FAULT_LDS_OUT_OF_RANGE, 1, 31, 128, -1, 0);
    p.w[1] = LSTORE(16, M_ALL, SV(R_SID), 0);
    p.w[2] = LLOAD(20, MNOT(R_LO16), 16, 2);
    emit(&p, END());
    fault_case("golden_fault_lds_misaligned", &p, 128, ISA_FAULT_LDS_MISALIGNED, 2, 16, 16 * 4 + 2, -1, 0);
    p.w[2] = LATOM(ISA_OP_LOCAL_ATOMIC_ADD, 20, MNOT(R_CH4), 16, SL(1), 0x7F00, 0);
    fault_case("golden_fault_lds_atomic_out_of_range", &p, 128, ISA_FAULT_LDS_OUT_OF_RANGE, 2, 4, 0x7F00 + 16, -1, 0);

    /* PC: falling off the end, a taken branch outside, a not-taken branch at the end. */
    p.n = 0;
    emit(&p, NOP());
    emit(&p, ALU2(ISA_OP_ADD, 16, SV(R_ONE), LL(1)));
    fault_case("golden_fault_pc_fall_off_end", &p, 0, ISA_FAULT_PC_OUT_OF_RANGE, 1, -1, 2, -1, 0);
    p.n = 0;
    emit(&p, NOP());
    emit(&p, BR(7));
    emit(&p, END());
    fault_case("golden_fault_pc_branch_target", &p, 0, ISA_FAULT_PC_OUT_OF_RANGE, 1, -1, 7, -1, 0);
    p.n = 0;
    emit(&p, NOP());
    emit(&p, BRS(ISA_OP_BRZ, SS(R_ONE), 0));
    fault_case("golden_fault_pc_not_taken_at_end", &p, 0, ISA_FAULT_PC_OUT_OF_RANGE, 1, -1, 2, -1, 0);
}

void test_pending(void)
{
    prog p;
    /* Read in a source operand. */
    p.n = 0;
    emit(&p, GLOAD(3, 20, M_ALL, R_ARGS));
    emit(&p, NOP());
    emit(&p, ALU2(ISA_OP_ADD, 21, SV(R_ONE), LV(20)));
    emit(&p, END());
    fault_case("golden_pending_reg_read_source", &p, 0, ISA_FAULT_PENDING_REG, 2, -1, 0, 20, 0);
    /* Read as a mask register. */
    p.w[2] = MOV(21, MASK2(R_ONE, 0, 20, 1), LL(3));
    fault_case("golden_pending_reg_read_mask", &p, 0, ISA_FAULT_PENDING_REG, 2, -1, 0, 20, 0);
    /* Read as an address register. */
    p.w[2] = GSTORE(4, 20, M_ALL, SV(R_SID));
    fault_case("golden_pending_reg_read_address", &p, 0, ISA_FAULT_PENDING_REG, 2, -1, 0, 20, 0);
    /* Overwritten, with an empty mask. */
    p.w[2] = MOV(20, M1(R_ZERO), LL(3));
    fault_case("golden_pending_reg_overwrite", &p, 0, ISA_FAULT_PENDING_REG, 2, -1, 0, 20, 0);
    /* A returning atomic's destination, read through a scalar operand. */
    p.w[0] = GATOM(ISA_OP_GLOBAL_ATOMIC_ADD, 3, 20, M1(R_LO16), R_ARGS, SL(0), 0);
    p.w[2] = ALU2(ISA_OP_S_ADD, 21, SS(20), LL(1));
    fault_case("golden_pending_reg_atomic_dest", &p, 0, ISA_FAULT_PENDING_REG, 2, -1, 0, 20, 0);

    /* No fault once waited: sig_wait, sig_done seeing done, reissue of the slot,
     * and a noret atomic leaves nothing pending. */
    check_case t;
    case_begin(&t, "golden_pending_reg_released_by_waits");
    golden *g = mk_model(&t, 1, 7, 100000, false);
    if (g) {
        uint32_t args[2] = { OUT_ADDR, 41 };
        put_args(g, args, 2);
        p.n = 0;
        emit(&p, GLOAD(3, 20, M_ALL, R_ARGS));
        emit(&p, WAIT1(3));
        emit(&p, ALU2(ISA_OP_ADD, 21, SV(20), LL(1)));            /* 2: fine after sig_wait */
        emit(&p, ALU2(ISA_OP_ADD, 22, SV(R_ARGS), LL(4)));
        emit(&p, GLOAD(5, 23, M_ALL, 22));                       /* 4 */
        unsigned spin = emit(&p, SIGD1(24, 5));                 /* 5: spin on sig_done1 */
        emit(&p, BRS(ISA_OP_BRZ, SS(24), spin));
        emit(&p, ALU2(ISA_OP_ADD, 25, SV(23), LV(21)));           /* 7: fine after sig_done saw it done */
        emit(&p, GLOAD(6, 26, M_ALL, 22));                       /* 8 */
        emit(&p, GLOAD(6, 26, M_ALL, R_ARGS));                   /* 9: reissue of s6 waits and releases v26 */
        emit(&p, WAIT1(6));
        emit(&p, GATOM(ISA_OP_GLOBAL_ATOMIC_ADD, 7, 27, M1(R_LO16), 22, SL(1), 1));   /* noret */
        emit(&p, ALU2(ISA_OP_ADD, 27, SV(27), LV(25)));           /* v27 not pending */
        emit(&p, MOV(16, M_ALL, LL(OUT_ADDR)));
        emit_lane_addr(&p);
        emit(&p, GSTORE(8, 17, M_ALL, SV(27)));
        emit(&p, WAIT2(7, 8));
        emit(&p, END());
        gpu_result r;
        gpu_status st = run(&t, g, &p, 1, 1, 0, &r);
        char d[256];
        describe(&r, d, sizeof d);
        CHECK(&t, st == GPU_OK, "expected no fault, got %s", d);
        /* v21 = OUT_ADDR + 1, v23 = 41, v25 = 41 + OUT_ADDR + 1 */
        CHECK(&t, rd32(g, OUT_ADDR + 4 * 3) == 41 + OUT_ADDR + 1, "lane 3 stored %u, expected %u",
              rd32(g, OUT_ADDR + 12), 41 + OUT_ADDR + 1);
        CHECK(&t, rd32(g, ARGS_ADDR + 4) == 41 + 16, "atomic add by 16 lanes gave %u", rd32(g, ARGS_ADDR + 4));
        gpu_counters c;
        golden_counters(g, &c);
        CHECK(&t, c.global_atomics == 16 && c.global_loads == 4 * 32 && c.global_stores == 32,
              "lane access counters atomics %" PRIu64 " loads %" PRIu64 " stores %" PRIu64, c.global_atomics,
              c.global_loads, c.global_stores);
        golden_destroy(g);
    }
    case_end(&t);
}

