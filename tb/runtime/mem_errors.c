/* SPDX-License-Identifier: Apache-2.0 */
/* Memory errors on the RTL's AXI4 port (docs/architecture.md "Memory
 * errors"; RTL backend only): the DRAM model answers a chosen burst with
 * SLVERR or DECERR (WAVEGPU_MEM_ERROR, sim/rtl_backend.h). The launch must end
 * with fault MEM_READ_ERROR or MEM_WRITE_ERROR naming the burst's line, the
 * counters must still be read, no other line of memory may change, and the
 * next launch on the same device must run normally. */
#include "runtime_test.h"

/* Loads the word at in[lane] and stores it to out[lane] and keep[lane]:
 * arguments in, out, keep. Every buffer is one 256-byte allocation, so each
 * access is one line request. */
static const char *const copy_src =
    "    global_load32 s0, v16, one, args\n"
    "    add v20, args, 4\n"
    "    global_load32 s1, v17, one, v20\n"
    "    add v20, args, 8\n"
    "    global_load32 s2, v18, one, v20\n"
    "    sig_waitall3 s0, s1, s2\n"
    "    shl v21, sid, 2\n"
    "    add v22, v16, v21\n"
    "    global_load32 s3, v30, one, v22\n"
    "    sig_wait s3\n"
    "    add v23, v17, v21\n"
    "    add v24, v18, v21\n"
    "    global_store32 s4, v23, one, v30\n"
    "    global_store32 s5, v24, one, v30\n"
    "    sig_waitall2 s4, s5\n"
    "    end\n";

typedef struct {
    gpu_device *dev;
    gpu_kernel *k;
    gpu_addr in, out, keep, guard;
    uint32_t args[3];
} rig;

/* A device with the planted error `spec`, the kernel, and the buffers: in =
 * 32 words 1000+i, out and keep = SENTINEL, and a guard buffer of SENTINEL
 * the kernel never names. */
static bool rig_open(check_case *c, rig *r, const char *spec)
{
    memset(r, 0, sizeof *r);
    setenv("WAVEGPU_MEM_ERROR", spec, 1);
    gpu_config cfg;
    config(&cfg, 1, FAULT_MEM);
    cfg.max_cycles = FAULT_MAX_CYCLES;
    r->dev = open_cfg(c->name, &cfg);
    unsetenv("WAVEGPU_MEM_ERROR");
    if (!r->dev) return false;
    r->k = load_src(c->name, r->dev, copy_src, NULL);
    uint32_t in[64];
    for (unsigned i = 0; i < 64; i++) in[i] = 1000 + i;
    if (!r->k || gpu_alloc(r->dev, 256, &r->in) || gpu_alloc(r->dev, 256, &r->out) || gpu_alloc(r->dev, 256, &r->keep) ||
        gpu_alloc(r->dev, 256, &r->guard) || gpu_write(r->dev, r->in, in, sizeof in) ||
        gpu_fill(r->dev, r->out, SENTINEL, 256) || gpu_fill(r->dev, r->keep, SENTINEL, 256) ||
        gpu_fill(r->dev, r->guard, SENTINEL, 256)) {
        case_fail(c, "setup: %s", gpu_last_error(r->dev));
        return false;
    }
    r->args[0] = r->in;
    r->args[1] = r->out;
    r->args[2] = r->keep;
    return true;
}

static void rig_close(rig *r)
{
    gpu_kernel_free(r->k);
    gpu_close(r->dev);
}

/* The 64 words at addr: how many equal SENTINEL, and whether words 0..31
 * hold in[] (1000 + lane). */
static void words_at(gpu_device *dev, gpu_addr addr, unsigned *sentinels, bool *copied)
{
    uint32_t w[64] = { 0 };
    gpu_read(dev, w, addr, sizeof w);
    *sentinels = 0;
    *copied = true;
    for (unsigned i = 0; i < 64; i++) *sentinels += w[i] == SENTINEL;
    for (unsigned i = 0; i < 32; i++) *copied &= w[i] == 1000 + i;
}

/* The fault, the counters, the guard, then a normal launch on the same device. */
static void chk_after(check_case *c, rig *r, gpu_status st, const gpu_result *res, unsigned want_fault, gpu_addr want_line)
{
    chk_status(c, "gpu_wait", st, GPU_ERR_FAULT, r->dev);
    if (res->fault != want_fault)
        case_fail(c, "fault %s, expected %s", isa_fault_name(res->fault), isa_fault_name(want_fault));
    if (res->addr != want_line) case_fail(c, "fault addr 0x%x, expected the line 0x%x", res->addr, want_line);
    if (res->lane != -1 || res->reg != -1) case_fail(c, "lane %d reg %d, expected -1 -1", res->lane, res->reg);
    chk_msg(c, "gpu_last_error", gpu_last_error(r->dev), isa_fault_name(want_fault), NULL);
    gpu_counters k;
    if (gpu_read_counters(r->dev, &k) != GPU_OK || k.cycles == 0 || k.instructions == 0 || k.groups != 1)
        case_fail(c, "counters after the error: cycles %" PRIu64 ", instructions %" PRIu64 ", groups %" PRIu64
                  " (expected nonzero, nonzero, 1)", k.cycles, k.instructions, k.groups);
    unsigned s;
    bool copied;
    words_at(r->dev, r->guard, &s, &copied);
    if (s != 64) case_fail(c, "the guard buffer changed: %u of 64 words still SENTINEL", s);
    /* The next launch runs normally: the planted error has happened. */
    gpu_fill(r->dev, r->out, SENTINEL, 256);
    gpu_fill(r->dev, r->keep, SENTINEL, 256);
    gpu_result res2;
    gpu_status st2 = run(r->dev, r->k, 1, 1, 0, r->args, 3, &res2);
    chk_status(c, "the next launch", st2, GPU_OK, r->dev);
    words_at(r->dev, r->out, &s, &copied);
    if (!copied || s != 32) case_fail(c, "the next launch's out: copied %d, %u sentinels (expected 32)", copied, s);
    chk_device_works(c, r->dev, 0);
}

void test_mem_errors(void)
{
    static const char *const names[] = { "rtl_mem_error_read_slverr", "rtl_mem_error_read_decerr",
                                         "rtl_mem_error_writeback" };
    for (unsigned t = 0; t < 3; t++) {
        if (!selected(names[t])) continue;
        if (backend != GPU_BACKEND_RTL) {
            check_skip(names[t], "RTL backend only");
            continue;
        }
        check_case c;
        chk_begin(&c, "%s", names[t]);
        rig r;
        /* Read bursts: 1 the argument line; 2 the line of in (the L2 is empty at the start). */
        const char *spec = t == 0 ? "read:2" : t == 1 ? "read:2:decerr" : "write:1";
        if (rig_open(&c, &r, spec)) {
            gpu_result res;
            gpu_status st = run(r.dev, r.k, 1, 1, 0, r.args, 3, &res);
            if (t < 2) {
                chk_after(&c, &r, st, &res, ISA_FAULT_MEM_READ_ERROR, r.in);
            } else {
                /* The stores' lines are written back at the end; the first
                 * write-back (out's or keep's) fails and is not performed,
                 * the other reaches memory. */
                /* Words 0..31 of out and keep span two 64-byte lines each:
                 * the failed line keeps its SENTINELs, the other three hold the copy. */
                gpu_addr lines[4] = { r.out, r.out + 64, r.keep, r.keep + 64 }, failed = 0;
                for (unsigned l = 0; l < 4; l++) {
                    uint32_t w[16];
                    gpu_read(r.dev, w, lines[l], sizeof w);
                    unsigned bad = 0;
                    for (unsigned i = 0; i < 16; i++)
                        bad += w[i] != (lines[l] == res.addr ? SENTINEL : 1000 + 16 * (l & 1) + i);
                    if (lines[l] == res.addr) failed = lines[l];
                    if (bad)
                        case_fail(&c, "line 0x%x (%s): %u of 16 words wrong", lines[l],
                                  lines[l] == res.addr ? "the failed write-back: must be unchanged" : "written back", bad);
                }
                if (!failed) case_fail(&c, "the fault addr 0x%x is none of the four lines written", res.addr);
                chk_after(&c, &r, st, &res, ISA_FAULT_MEM_WRITE_ERROR, failed);
            }
        }
        rig_close(&r);
        case_end(&c);
    }
}
