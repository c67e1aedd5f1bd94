/* SPDX-License-Identifier: Apache-2.0 */
/* The faults of docs/isa.md section 5: every field of gpu_result, its
 * formatted line, memory left alone, the next launch normal; fault order. */
#include "runtime_test.h"

/* The expected outcome of a faulting launch. */
typedef struct {
    unsigned fault;
    uint32_t wave, group, pc;
    int32_t lane;
    uint32_t addr;     /* 0 when the fault has no address */
    int32_t reg;
    const char *dis;   /* the disassembly of the instruction, as gpu_result_format shows it */
} fault_exp;

/* The fault tests' device and its memory. */
typedef struct {
    gpu_device *dev;
    gpu_addr buf;      /* BUF_WORDS words of SENTINEL, passed as argument 0 */
    gpu_addr out;      /* for the "device still works" launch */
} fixture;

static const char *fault_name(unsigned f)
{
    static const char *const names[] = { "NONE", "ILLEGAL_INST", "CONST_WRITE", "GLOBAL_MISALIGNED",
                                         "GLOBAL_OUT_OF_RANGE", "LDS_MISALIGNED", "LDS_OUT_OF_RANGE",
                                         "PC_OUT_OF_RANGE", "PENDING_REG" };
    return f < sizeof names / sizeof names[0] ? names[f] : "?";
}

/* Fills the buffer and the last word of memory with SENTINEL. */
static void fixture_arm(fixture *fx)
{
    gpu_fill(fx->dev, fx->buf, SENTINEL, BUF_WORDS * 4);
    gpu_fill(fx->dev, FAULT_MEM - 4, SENTINEL, 4);
}

/* Both still hold SENTINEL: the faulting instruction (and nothing after it) wrote memory. */
static void chk_untouched(check_case *c, fixture *fx)
{
    uint32_t b[BUF_WORDS], top = 0;
    gpu_read(fx->dev, b, fx->buf, sizeof b);
    gpu_read(fx->dev, &top, FAULT_MEM - 4, 4);
    for (unsigned i = 0; i < BUF_WORDS; i++)
        if (b[i] != SENTINEL) {
            case_fail(c, "memory was written: buf[%u] = 0x%08" PRIx32 " (the faulting instruction or a later one ran)",
                     i, b[i]);
            break;
        }
    if (top != SENTINEL) case_fail(c, "memory was written: the last word = 0x%08" PRIx32, top);
}

static void chk_fault_fields(check_case *c, gpu_status st, const gpu_result *r, const kbin *kb, const fault_exp *e)
{
    if (st != GPU_ERR_FAULT) case_fail(c, "gpu_wait returned %s, expected GPU_ERR_FAULT", gpu_status_name(st));
    if (r->status != GPU_ERR_FAULT) case_fail(c, "status %s, expected GPU_ERR_FAULT", gpu_status_name(r->status));
    if (r->fault != e->fault) case_fail(c, "fault %s, expected %s", fault_name(r->fault), fault_name(e->fault));
    if (r->wave != e->wave) case_fail(c, "wave %" PRIu32 ", expected %" PRIu32, r->wave, e->wave);
    if (r->group != e->group) case_fail(c, "group %" PRIu32 ", expected %" PRIu32, r->group, e->group);
    if (r->cu != 0) case_fail(c, "cu %" PRIu32 ", expected 0 (a 1-CU device)", r->cu);
    if (r->pc != e->pc) case_fail(c, "pc %" PRIu32 ", expected %" PRIu32, r->pc, e->pc);
    uint64_t want_inst = e->pc < kb->num_insts ? kb->insts[e->pc] : 0;
    if (r->inst != want_inst)
        case_fail(c, "inst 0x%016" PRIx64 ", expected 0x%016" PRIx64, r->inst, want_inst);
    if (r->lane != e->lane) case_fail(c, "lane %" PRId32 ", expected %" PRId32, r->lane, e->lane);
    if (r->addr != e->addr) case_fail(c, "addr 0x%08" PRIx32 ", expected 0x%08" PRIx32, r->addr, e->addr);
    if (r->reg != e->reg) case_fail(c, "reg %" PRId32 ", expected %" PRId32, r->reg, e->reg);
}

/* The one-line report names the fault, the pc and the disassembled instruction. */
static void chk_fault_format(check_case *c, gpu_device *dev, const gpu_result *r, const fault_exp *e)
{
    char line[512];
    gpu_result_format(dev, r, line, sizeof line);
    if (!strstr(line, fault_name(e->fault))) case_fail(c, "\"%s\" does not name %s", line, fault_name(e->fault));
    if (!has_field(line, "pc ", e->pc)) case_fail(c, "\"%s\" does not say pc %" PRIu32, line, e->pc);
    if (!strstr(line, e->dis)) case_fail(c, "\"%s\" does not show the instruction \"%s\"", line, e->dis);
    if (e->lane >= 0 && !has_field(line, "lane ", (unsigned)e->lane))
        case_fail(c, "\"%s\" does not say lane %" PRId32, line, e->lane);
    if (!strstr(gpu_last_error(dev), fault_name(e->fault)))
        case_fail(c, "gpu_last_error \"%s\" does not name %s", gpu_last_error(dev), fault_name(e->fault));
}

/* Runs src (args: buf) on the fixture and checks the fault e: prints
 * <name> (every field, memory untouched), <name>_format and
 * <name>_then_runs (a following launch works). lds 0 = the kernel's. */
static void fault_case(fixture *fx, const char *name, const char *src, uint32_t groups, uint32_t lds,
                       const fault_exp *e)
{
    if (!selected(name)) return;
    kbin kb;
    gpu_kernel *k = load_src(name, fx->dev, src, &kb);
    if (!k) return;
    fixture_arm(fx);
    uint32_t args[1] = { fx->buf };
    gpu_result res;
    gpu_status st = run(fx->dev, k, groups, 0, lds, args, 1, &res);
    check_case c;
    chk_begin(&c, "%s", name);
    chk_fault_fields(&c, st, &res, &kb, e);
    chk_untouched(&c, fx);
    case_end(&c);
    chk_begin(&c, "%s_format", name);
    chk_fault_format(&c, fx->dev, &res, e);
    case_end(&c);
    chk_begin(&c, "%s_then_runs", name);
    chk_device_works(&c, fx->dev, fx->out);
    case_end(&c);
    gpu_kernel_free(k);
    kbin_free(&kb);
}

/* Runs src expecting success; returns the buffer in b. */
static bool ok_case(check_case *c, fixture *fx, const char *src, uint32_t groups, uint32_t *b)
{
    kbin kb;
    gpu_kernel *k = load_src(c->name, fx->dev, src, &kb);
    if (!k) return false;
    uint32_t args[1] = { fx->buf };
    gpu_result res;
    gpu_status st = run(fx->dev, k, groups, 0, 0, args, 1, &res);
    if (st != GPU_OK) {
        char line[512];
        gpu_result_format(fx->dev, &res, line, sizeof line);
        case_fail(c, "gpu_wait returned %s: %s", gpu_status_name(st), line);
    }
    gpu_read(fx->dev, b, fx->buf, BUF_WORDS * 4);
    gpu_kernel_free(k);
    kbin_free(&kb);
    return st == GPU_OK;
}

/* The word of `src` with its destination field D changed to reg (to encode
 * a write to a constant, which the assembler refuses), as ".inst 0x...". */
static void dest_patched(const char *src, unsigned reg, char *out, size_t len)
{
    kbin kb;
    out[0] = 0;
    if (asm_assemble(src, strlen(src), "patch", &kb, NULL, 0) != 0) return;
    uint64_t w = ISA_SET(kb.insts[0], D, reg);
    snprintf(out, len, ".inst 0x%016" PRIx64, w);
    kbin_free(&kb);
}

#define PRE "    global_load32 s15, v16, one, args   # 0: v16 = buf (argument 0)\n" \
            "    sig_wait s15                        # 1\n"

void test_faults(void)
{
    fixture fx;
    memset(&fx, 0, sizeof fx);
    gpu_config fcfg;
    config(&fcfg, 1, FAULT_MEM);
    fcfg.max_cycles = FAULT_MAX_CYCLES;   /* a launch that never ends is a TIMEOUT, not a hang */
    fx.dev = open_cfg("fault_open", &fcfg);
    if (!fx.dev) return;
    if (gpu_alloc(fx.dev, BUF_WORDS * 4, &fx.buf) != GPU_OK || gpu_alloc(fx.dev, 256, &fx.out) != GPU_OK) {
        check_fail("fault_open", "gpu_alloc: %s", gpu_last_error(fx.dev));
        gpu_close(fx.dev);
        return;
    }
    const uint32_t buf = fx.buf;
    char src[4096], inst[64];

    /* ---- ILLEGAL_INST ---- */
    fault_case(&fx, "fault_illegal_inst_undefined_opcode",
               "    nop\n"
               "    .inst 0xff00000000000000   # 1: opcode 0xFF is not defined\n"
               "    end\n",
               1, 0, &(fault_exp){ 1, 0, 0, 1, -1, 0, -1, ".inst 0xff00000000000000" });
    fault_case(&fx, "fault_illegal_inst_opcode_0",
               "    .inst 0                    # 0: opcode 0x00 is not defined\n"
               "    end\n",
               1, 0, &(fault_exp){ 1, 0, 0, 0, -1, 0, -1, ".inst 0x0000000000000000" });
    fault_case(&fx, "fault_illegal_inst_unused_bit",
               "    nop\n"
               "    nop\n"
               "    .inst 0x0100000000000001   # 2: end with a nonzero unused bit\n"
               "    end\n",
               1, 0, &(fault_exp){ 1, 0, 0, 2, -1, 0, -1, ".inst 0x0100000000000001" });

    /* ---- CONST_WRITE ---- */
    dest_patched("add v20, v16, 1\n", 3, inst, sizeof inst);
    snprintf(src, sizeof src, "    nop\n    %s   # 1: add wave, v16, 1\n    end\n", inst);
    fault_case(&fx, "fault_const_write", src, 1, 0, &(fault_exp){ 2, 0, 0, 1, -1, 0, 3, inst });
    dest_patched("mov v20, zero, 5\n", 15, inst, sizeof inst);
    snprintf(src, sizeof src, "    %s   # 0: mov args, zero, 5 (no lane selected)\n    end\n", inst);
    fault_case(&fx, "fault_const_write_empty_mask", src, 1, 0, &(fault_exp){ 2, 0, 0, 0, -1, 0, 15, inst });
    /* Every other format with a destination, its D field patched to a constant. */
    static const struct {
        const char *name, *inst;
        unsigned reg;
        bool pre;     /* after PRE: v16 = buf, so a global atomic would write memory */
    } const_dests[] = {
        { "fault_const_write_alu1", "sqrt_f32 v20, v21", 1, false },
        { "fault_const_write_alu3", "fma_f32 v20, v21, v22, v23", 4, false },
        { "fault_const_write_select", "select v20, lo16, v21, v22", 6, false },
        { "fault_const_write_sig_done", "sig_done1 v20, s3", 9, false },
        { "fault_const_write_lds_load", "local_load32 v20, one, zero", 11, false },
        { "fault_const_write_lds_atomic", "local_atomic_add v20, one, zero, sid", 12, false },
        { "fault_const_write_global_atomic", "global_atomic_add s0, v20, one, v16, sid", 14, true },
    };
    for (unsigned i = 0; i < sizeof const_dests / sizeof const_dests[0]; i++) {
        char line[96];
        snprintf(line, sizeof line, "%s\n", const_dests[i].inst);
        dest_patched(line, const_dests[i].reg, inst, sizeof inst);
        snprintf(src, sizeof src, "%s    %s   # %s, destination %s\n    sig_wait s0\n    end\n",
                 const_dests[i].pre ? PRE : "", inst, const_dests[i].inst, isa_const_name(const_dests[i].reg));
        fault_case(&fx, const_dests[i].name, src, 1, 0,
                   &(fault_exp){ 2, 0, 0, const_dests[i].pre ? 2 : 0, -1, 0, (int32_t)const_dests[i].reg, inst });
    }

    /* ---- GLOBAL_MISALIGNED: odd lanes >= 5 misaligned, lane 5 not selected ---- */
    fault_case(&fx, "fault_global_misaligned_store",
               PRE
               "    shl v20, sid, 2                 # 2\n"
               "    add v20, v20, v16               # 3: v20 = buf + 4*lane\n"
               "    add v21, v20, 2                 # 4\n"
               "    gt_u32 v22, sid, 4              # 5\n"
               "    mov v20, v22 & ~n2nd, v21       # 6: odd lanes >= 5 get +2\n"
               "    eq v23, sid, 5                  # 7\n"
               "    global_store32 s0, v20, ~v23, sid   # 8: lane 5 not selected; lane 7 faults\n"
               "    sig_wait s0\n"
               "    end\n",
               1, 0, &(fault_exp){ 3, 0, 0, 8, 7, buf + 28 + 2, -1, "global_store32 s0, v20, ~v23, sid" });

    /* ---- GLOBAL_OUT_OF_RANGE ---- */
    fault_case(&fx, "fault_global_out_of_range_null_guard",
               PRE
               "    shl v20, sid, 2                 # 2\n"
               "    add v20, v20, v16               # 3\n"
               "    eq v21, sid, 2                  # 4\n"
               "    mov v20, v21, 4096              # 5: lane 2 at 4096, the first legal word\n"
               "    eq v21, sid, 9                  # 6\n"
               "    mov v20, v21, 4092              # 7: lane 9 at 4092, the last word of the guard\n"
               "    eq v21, sid, 12                 # 8\n"
               "    mov v20, v21, 0                 # 9: lane 12 at 0\n"
               "    global_load32 s0, v22, one, v20 # 10\n"
               "    sig_wait s0\n"
               "    end\n",
               1, 0, &(fault_exp){ 4, 0, 0, 10, 9, 4092, -1, "global_load32 s0, v22, one, v20" });
    snprintf(src, sizeof src,
             PRE
             "    shl v20, sid, 2                 # 2\n"
             "    add v20, v20, v16               # 3\n"
             "    eq v21, sid, 3                  # 4\n"
             "    mov v20, v21, 0x%x              # 5: lane 3 at mem_bytes - 4, the last legal word\n"
             "    eq v21, sid, 12                 # 6\n"
             "    mov v20, v21, 0x%x              # 7: lane 12 at mem_bytes\n"
             "    eq v21, sid, 20                 # 8\n"
             "    mov v20, v21, 0xfffffffc        # 9\n"
             "    global_atomic_add s0, v22, one, v20, 1   # 10\n"
             "    sig_wait s0\n"
             "    end\n",
             FAULT_MEM - 4, FAULT_MEM);
    fault_case(&fx, "fault_global_out_of_range_mem_bytes", src, 1, 0,
               &(fault_exp){ 4, 0, 0, 10, 12, FAULT_MEM, -1, "global_atomic_add s0, v22, one, v20, 1" });

    /* ---- LDS_MISALIGNED: in group 2, wave 1 (task-wide wave 5) ---- */
    fault_case(&fx, "fault_lds_misaligned",
               ".waves 2\n"
               ".lds 256\n"
               "    s_eq v24, group, 2              # 0\n"
               "    s_and v24, v24, group_wave      # 1: only wave 1 of group 2 goes on\n"
               "    brz done, v24                   # 2\n"
               "    shl v20, sid, 2                 # 3\n"
               "    eq v21, sid, 6                  # 4\n"
               "    add v22, v20, 1                 # 5\n"
               "    mov v20, v21, v22               # 6: lane 6 at 25\n"
               "    local_load32 v23, one, v20 offset:4   # 7: lane 6 at 29\n"
               "done:\n"
               "    end\n",
               4, 0, &(fault_exp){ 5, 5, 2, 7, 6, 29, -1, "local_load32 v23, one, v20 offset:4" });

    /* ---- LDS_OUT_OF_RANGE: lane 31 at 124 + 4 = 128 ---- */
    static const char lds_oor[] =
        ".lds %u\n"
        "    shl v20, sid, 2                 # 0\n"
        "    local_store32 v20, one, sid offset:4   # 1: lane 30 at 124 is the last legal word\n"
        "    end\n";
    snprintf(src, sizeof src, lds_oor, 128u);
    fault_case(&fx, "fault_lds_out_of_range", src, 1, 0,
               &(fault_exp){ 6, 0, 0, 1, 31, 128, -1, "local_store32 v20, one, sid offset:4" });
    snprintf(src, sizeof src, lds_oor, 256u);
    fault_case(&fx, "fault_lds_out_of_range_launch_lds_bytes", src, 1, 128,
               &(fault_exp){ 6, 0, 0, 1, 31, 128, -1, "local_store32 v20, one, sid offset:4" });

    /* ---- PC_OUT_OF_RANGE ---- */
    fault_case(&fx, "fault_pc_out_of_range_end_of_program",
               PRE
               "    global_store32 s0, v16, one, sid   # 2: the last instruction; it must not store\n",
               1, 0, &(fault_exp){ 7, 0, 0, 2, -1, 3, -1, "global_store32 s0, v16, one, sid" });
    fault_case(&fx, "fault_pc_out_of_range_branch",
               "    brz 1000, one       # 0: not taken, no fault\n"
               "    br_any 1000, zero   # 1: not taken, no fault\n"
               "    br 4                # 2: 4 = the program length\n"
               "    end\n",
               1, 0, &(fault_exp){ 7, 0, 0, 2, -1, 4, -1, "br 4" });
    fault_case(&fx, "fault_pc_out_of_range_sig_waitany_table",
               "    sig_waitany3_br 1, s0, s1, s2   # 0: a table 1..3 in a 4-instruction program: no fault\n"
               "    sig_waitany3_br 2, s0, s1, s2   # 1: the table 2..4 runs past the end (4), whichever slot is done\n"
               "    end\n"
               "    end\n",
               1, 0, &(fault_exp){ 7, 0, 0, 1, -1, 4, -1, "sig_waitany3_br 2, s0, s1, s2" });

    /* ---- PENDING_REG ---- */
    fault_case(&fx, "fault_pending_reg_read",
               PRE
               "    global_load32 s0, v20, one, v16   # 2\n"
               "    add v21, v20, 1                   # 3: reads v20 before s0 is waited on\n"
               "    sig_wait s0\n"
               "    end\n",
               1, 0, &(fault_exp){ 8, 0, 0, 3, -1, 0, 20, "add v21, v20, 1" });
    fault_case(&fx, "fault_pending_reg_overwrite",
               PRE
               "    global_load32 s0, v20, one, v16   # 2\n"
               "    mov v20, 5                        # 3: overwrites v20 before s0 is waited on\n"
               "    sig_wait s0\n"
               "    end\n",
               1, 0, &(fault_exp){ 8, 0, 0, 3, -1, 0, 20, "mov v20, one, 5" });
    fault_case(&fx, "fault_pending_reg_overwrite_empty_mask",
               PRE
               "    global_load32 s0, v20, one, v16   # 2\n"
               "    mov v20, zero, 5                  # 3: no lane written, still a fault\n"
               "    sig_wait s0\n"
               "    end\n",
               1, 0, &(fault_exp){ 8, 0, 0, 3, -1, 0, 20, "mov v20, zero, 5" });
    fault_case(&fx, "fault_pending_reg_empty_mask_load",
               PRE
               "    global_load32 s0, v20, zero, v16  # 2: no lane loads; v20 is pending all the same\n"
               "    add v21, v20, 1                   # 3\n"
               "    sig_wait s0\n"
               "    end\n",
               1, 0, &(fault_exp){ 8, 0, 0, 3, -1, 0, 20, "add v21, v20, 1" });
    fault_case(&fx, "fault_pending_reg_lowest_reported",
               PRE
               "    global_load32 s0, v21, one, v16   # 2\n"
               "    global_load32 s1, v20, one, v16   # 3\n"
               "    global_store32 s2, v21, v20, v16  # 4: address v21 and mask v20 pending: v20 reported\n"
               "    sig_waitall3 s0, s1, s2\n"
               "    end\n",
               1, 0, &(fault_exp){ 8, 0, 0, 4, -1, 0, 20, "global_store32 s2, v21, v20, v16" });
    if (selected("pending_reg_released_by_sig_done")) {
        /* sig_done1 that sees the slot done releases the register: no fault. */
        check_case c;
        chk_begin(&c, "pending_reg_released_by_sig_done");
        fixture_arm(&fx);
        uint32_t b[BUF_WORDS];
        uint32_t marker = 0x5EED0001u;
        gpu_write(fx.dev, buf, &marker, 4);
        if (ok_case(&c, &fx,
                    PRE
                    "    global_load32 s0, v20, one, v16   # v20 = buf[0]\n"
                    "wait:\n"
                    "    sig_done1 v22, s0\n"
                    "    brz wait, v22\n"
                    "    add v21, v20, 1\n"
                    "    add v23, v16, 4\n"
                    "    global_store32 s1, v23, one, v21  # buf[1] = buf[0] + 1\n"
                    "    sig_wait s1\n"
                    "    end\n",
                    1, b) &&
            b[1] != marker + 1)
            case_fail(&c, "buf[1] = 0x%08" PRIx32 ", expected 0x%08" PRIx32, b[1], marker + 1);
        case_end(&c);
    }

    /* ---- After a fault, nothing else runs ---- */
    fault_case(&fx, "fault_stops_later_groups",
               ".lds 65536                          # one group at a time on the 1-CU device\n"
               PRE
               "    brnz other, group               # 2\n"
               "    .inst 0xff00000000000000        # 3: group 0 faults\n"
               "other:\n"
               "    global_store32 s0, v16, one, group   # groups 1, 2 would store here\n"
               "    sig_wait s0\n"
               "    end\n",
               3, 0, &(fault_exp){ 1, 0, 0, 3, -1, 0, -1, ".inst 0xff00000000000000" });
    fault_case(&fx, "fault_does_not_release_barrier",
               ".waves 2\n"
               PRE
               "    brnz w1, group_wave             # 2\n"
               "    .inst 0xff00000000000000        # 3: wave 0 faults before the barrier\n"
               "w1:\n"
               "    barrier                         # wave 1 waits for wave 0\n"
               "    global_store32 s0, v16, one, wave\n"
               "    sig_wait s0\n"
               "    end\n",
               1, 0, &(fault_exp){ 1, 0, 0, 3, -1, 0, -1, ".inst 0xff00000000000000" });

    /* ---- Fault check order (csrc/golden.h, docs/isa.md section 5) ---- */
    {
        /* ILLEGAL_INST before CONST_WRITE: add wave, v16, 1 with unused bit 34 set. */
        kbin kb;
        uint64_t w = 0;
        if (asm_assemble("add v20, v16, 1\n", 16, "o", &kb, NULL, 0) == 0) {
            w = ISA_SET(kb.insts[0], D, 3) | (1ull << 34);
            kbin_free(&kb);
        }
        char dis[64];
        snprintf(dis, sizeof dis, ".inst 0x%016" PRIx64, w);
        snprintf(src, sizeof src, "    nop\n    %s   # 1\n    end\n", dis);
        fault_case(&fx, "fault_order_illegal_before_const_write", src, 1, 0,
                   &(fault_exp){ 1, 0, 0, 1, -1, 0, -1, dis });
    }
    if (selected("fault_order_signal_stall_before_pending_reg")) {
        /* Reissuing onto s0 waits for it, which releases v20: the address
         * register v20 is no longer pending when it is read. */
        check_case c;
        chk_begin(&c, "fault_order_signal_stall_before_pending_reg");
        fixture_arm(&fx);
        uint32_t b[BUF_WORDS], w0 = buf + 64, w16 = 0x0DDBA11u;
        gpu_write(fx.dev, buf, &w0, 4);
        gpu_write(fx.dev, buf + 64, &w16, 4);
        if (ok_case(&c, &fx,
                    PRE
                    "    global_load32 s0, v20, one, v16   # v20 = buf[0] = &buf[16]\n"
                    "    global_load32 s0, v21, one, v20   # waits for s0, then reads v20\n"
                    "    sig_wait s0\n"
                    "    add v22, v16, 4\n"
                    "    global_store32 s1, v22, one, v21  # buf[1] = buf[16]\n"
                    "    sig_wait s1\n"
                    "    end\n",
                    1, b) &&
            b[1] != w16)
            case_fail(&c, "buf[1] = 0x%08" PRIx32 ", expected 0x%08" PRIx32, b[1], w16);
        case_end(&c);
    }
    fault_case(&fx, "fault_order_pending_reg_before_pc_out_of_range",
               PRE
               "    global_load32 s0, v20, one, v16   # 2\n"
               "    add v21, v20, 1                   # 3: the last instruction, and v20 is pending\n",
               1, 0, &(fault_exp){ 8, 0, 0, 3, -1, 0, 20, "add v21, v20, 1" });
    fault_case(&fx, "fault_order_pc_out_of_range_before_memory",
               "    mov v20, 2                        # 0\n"
               "    global_store32 s0, v20, one, sid  # 1: last instruction; address 2 misaligned, in the guard\n",
               1, 0, &(fault_exp){ 7, 0, 0, 1, -1, 2, -1, "global_store32 s0, v20, one, sid" });
    fault_case(&fx, "fault_order_global_misaligned_before_range",
               PRE
               "    shl v20, sid, 2                   # 2\n"
               "    add v20, v20, v16                 # 3\n"
               "    eq v21, sid, 4                    # 4\n"
               "    mov v20, v21, 4094                # 5: lane 4 misaligned and in the guard\n"
               "    global_store32 s0, v20, one, sid  # 6\n"
               "    sig_wait s0\n"
               "    end\n",
               1, 0, &(fault_exp){ 3, 0, 0, 6, 4, 4094, -1, "global_store32 s0, v20, one, sid" });
    fault_case(&fx, "fault_order_lds_misaligned_before_range",
               ".lds 64\n"
               "    shl v20, sid, 2                   # 0\n"
               "    eq v21, sid, 4                    # 1\n"
               "    mov v20, v21, 66                  # 2: lane 4 misaligned and beyond lds_bytes\n"
               "    local_load32 v23, lo16, v20       # 3: lanes 0..15 (0..60 but lane 4)\n"
               "    end\n",
               1, 0, &(fault_exp){ 5, 0, 0, 3, 4, 66, -1, "local_load32 v23, lo16, v20" });
    fault_case(&fx, "fault_order_lowest_lane_first",
               PRE
               "    shl v20, sid, 2                   # 2\n"
               "    add v20, v20, v16                 # 3\n"
               "    eq v21, sid, 3                    # 4\n"
               "    mov v20, v21, 0                   # 5: lane 3 out of range\n"
               "    eq v21, sid, 8                    # 6\n"
               "    add v22, v20, 1                   # 7\n"
               "    mov v20, v21, v22                 # 8: lane 8 misaligned\n"
               "    global_load32 s0, v23, one, v20   # 9: lane 3 is reported, not the misaligned lane 8\n"
               "    sig_wait s0\n"
               "    end\n",
               1, 0, &(fault_exp){ 4, 0, 0, 9, 3, 0, -1, "global_load32 s0, v23, one, v20" });

    gpu_close(fx.dev);
}

void test_fault_order_slow(void)
{
    char src[4096], inst[64];
    if (selected("fault_order_const_write_before_signal_stall")) {
        /* Wave 0 issues an instruction that writes a constant and waits on a
         * slot pending for 20000 cycles. Checked first, CONST_WRITE stops the
         * task at once; stalling first would let wave 1 run its ~600
         * instructions into an illegal one. (A timeout cannot tell the two
         * apart on every backend: the RTL drains issued accesses after a
         * fault.) This assumes no scheduler lets one ready wave wait for
         * hundreds of instructions of the other. */
        gpu_config cfg;
        config(&cfg, 1, FAULT_MEM);
        cfg.mem_latency = 20000;
        cfg.max_cycles = FAULT_MAX_CYCLES;
        fixture slow;
        memset(&slow, 0, sizeof slow);
        slow.dev = open_cfg("fault_order_const_write_before_signal_stall", &cfg);
        if (slow.dev && gpu_alloc(slow.dev, BUF_WORDS * 4, &slow.buf) == GPU_OK &&
            gpu_alloc(slow.dev, 256, &slow.out) == GPU_OK) {
            dest_patched("global_load32 s0, v20, one, args\n", 3, inst, sizeof inst);
            snprintf(src, sizeof src,
                     ".waves 2\n"
                     "    brnz w1, group_wave                # 0\n"
                     "    global_load32 s0, v20, one, args   # 1: s0 pending for 20000 cycles\n"
                     "    barrier                            # 2\n"
                     "    %s   # 3: global_load32 s0, wave, one, args\n"
                     "    end\n"
                     "w1:\n"
                     "    barrier\n"
                     "    s_mov v21, 300\n"
                     "spin:\n"
                     "    s_sub v21, v21, 1\n"
                     "    brnz spin, v21\n"
                     "    .inst 0xff00000000000000           # wave 1 gets here only if wave 0 stalled\n"
                     "    end\n",
                     inst);
            fault_case(&slow, "fault_order_const_write_before_signal_stall", src, 1, 0,
                       &(fault_exp){ 2, 0, 0, 3, -1, 0, 3, inst });
        }
        gpu_close(slow.dev);
    }
}

