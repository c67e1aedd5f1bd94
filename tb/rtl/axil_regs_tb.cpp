// SPDX-License-Identifier: Apache-2.0
// axil_regs_tb: gpu_top's AXI4-Lite register slave (rtl/gpu_axil_regs.sv)
// alone. The testbench is the host (sim/axil_master.h, every edge checked by
// sim/axi_check.h) and the GPU behind the registers: it raises busy_i when it
// sees the launch pulse and drops it when a test says the task ends, answers
// the counter port with a known value per counter, and drives the fault
// inputs. Directed cases of the register map (rtl/gpu_regs_pkg.sv,
// docs/architecture.md "Registers"), then random transactions with random
// handshake timing against a model of the registers. Prints PASS/FAIL lines.
#include "Vgpu_axil_regs.h"
#include "verilated.h"

#include "axil_master.h"
#include "gpu_regs.h"
#include "gpu_regs_model.h"

#include <cstdint>
#include <cstdio>
#include <map>
#include <random>
#include <string>
#include <vector>

enum { NUM_CUS = 4, L2_SLICES = 4, NUM_CTRS_TB = 30, NUM_MEM_CTRS_TB = 6, MEM_CTR_FIRST_TB = 32 };

static uint64_t ctr_value(unsigned cu, unsigned idx)
{
    return (uint64_t)(cu + 1) << 56 | (uint64_t)idx << 40 | (uint64_t)(0x9e3779b9u * (cu * 64 + idx + 1));
}

using Fault = GpuRegsFault;

struct Tb {
    Vgpu_axil_regs dut;
    AxilMaster host;
    AxiCheck chk{ 4, 0 };
    uint64_t edge = 0;
    bool busy = false;                 // the GPU's busy_i
    bool fault = false, mem_error = false;
    Fault f;
    std::vector<uint64_t> launches;    // edges at which launch_o was high
    struct ImemWrite { uint64_t edge; unsigned addr; uint64_t data; };
    std::vector<ImemWrite> imem;
    std::string err;

    void drive_inputs()
    {
        Vgpu_axil_regs &d = dut;
        d.busy_i = busy;
        d.fault_i = fault;
        d.mem_error_i = mem_error;
        d.fault_code_i = f.code;
        d.fault_cu_i = f.cu;
        d.fault_slot_i = f.slot;
        d.fault_wave_i = f.wave;
        d.fault_group_i = f.group;
        d.fault_pc_i = f.pc;
        d.fault_inst_i = f.inst;
        d.fault_lane_i = f.lane;
        d.fault_addr_i = f.addr;
        d.fault_reg_i = f.reg;
    }

    // One cycle; false once the AXI4-Lite checker has failed.
    bool cycle(bool in_reset = false)
    {
        Vgpu_axil_regs &d = dut;
        uint64_t next = edge + 1;
        d.rst_i = in_reset;
        AxilMasterPins p = in_reset ? AxilMasterPins{} : host.pins();
        axil_drive(d, p);
        drive_inputs();
        d.clk_i = 0;
        d.eval();
        // The counter port: the value of the counter the slave selects.
        d.ctr_value_i = ctr_value(d.ctr_cu_o, d.ctr_idx_o);
        d.eval();
        AxilSlavePins s = axil_sample(d);
        if (!chk.cycle(next, axil_signals(p, s), in_reset)) {
            if (err.empty()) err = chk.error();
            return false;
        }
        if (!in_reset) {
            host.edge(next, s);
            if (d.launch_o) {
                launches.push_back(next);
                busy = true;           // the GPU takes the launch at this edge
            }
            if (d.imem_we_o) imem.push_back(ImemWrite{ next, d.imem_addr_o, d.imem_data_o });
        }
        d.clk_i = 1;
        d.eval();
        edge = next;
        return true;
    }

    void reset()
    {
        host.reset();
        chk.reset();
        err.clear();
        busy = false;
        for (int i = 0; i < 3; i++) cycle(true);
        cycle();
    }

    // A transaction to its end. resp: its response; returns false on a hang
    // or a protocol error.
    bool run(unsigned *resp, uint32_t *data = nullptr)
    {
        for (int i = 0; i < 200 && host.busy(); i++)
            if (!cycle()) return false;
        if (host.busy()) {
            if (err.empty()) err = "no response in 200 cycles";
            return false;
        }
        *resp = host.resp();
        if (data) *data = host.rdata();
        return true;
    }
    bool wr(uint32_t addr, uint32_t v, unsigned *resp, unsigned strb = 0xF, AxilTiming t = {})
    {
        host.write(addr, v, strb, t);
        return run(resp);
    }
    bool rd(uint32_t addr, uint32_t *v, unsigned *resp, AxilTiming t = {})
    {
        host.read(addr, t);
        return run(resp, v);
    }
    // The GPU finishes its task; done is set at the edge after busy_i falls.
    void finish()
    {
        busy = false;
        cycle();
        cycle();
    }
};

static int g_pass = 0, g_fail = 0;

static void report(const char *name, const std::string &why)
{
    if (why.empty()) {
        printf("PASS %s\n", name);
        g_pass++;
    } else {
        printf("FAIL %s: %s\n", name, why.c_str());
        g_fail++;
    }
}

static const char *rname(unsigned r)
{
    return r == RESP_OKAY ? "OKAY" : r == RESP_SLVERR ? "SLVERR" : r == RESP_DECERR ? "DECERR" : "EXOKAY";
}

static std::string hex(uint64_t v)
{
    char b[24];
    snprintf(b, sizeof b, "0x%llx", (unsigned long long)v);
    return b;
}

// Checkers for one case: the first difference is its failure.
struct Case {
    Tb &tb;
    std::string why;
    explicit Case(Tb &t) : tb(t) {}
    bool ok() const { return why.empty(); }
    void fail(const std::string &m)
    {
        if (why.empty()) why = m;
    }
    void write(uint32_t addr, uint32_t v, unsigned want, unsigned strb = 0xF, AxilTiming t = {})
    {
        unsigned r = 0;
        if (!ok()) return;
        if (!tb.wr(addr, v, &r, strb, t)) return fail("write " + hex(addr) + ": " + tb.err);
        if (r != want) fail("write " + hex(v) + " to " + hex(addr) + ": response " + rname(r) + ", expected " + rname(want));
    }
    void read(uint32_t addr, unsigned want_resp, uint32_t want = 0, bool check_data = true, AxilTiming t = {})
    {
        unsigned r = 0;
        uint32_t v = 0;
        if (!ok()) return;
        if (!tb.rd(addr, &v, &r, t)) return fail("read " + hex(addr) + ": " + tb.err);
        if (r != want_resp) return fail("read " + hex(addr) + ": response " + rname(r) + ", expected " + rname(want_resp));
        if (want_resp == RESP_OKAY && check_data && v != want)
            fail("read " + hex(addr) + ": " + hex(v) + ", expected " + hex(want));
    }
};

struct RegDef { uint32_t addr; uint32_t reset; uint32_t good; };
static const RegDef RW_REGS[] = {
    { REG_IRQ_ENABLE, 0, 1 },          { REG_NUM_GROUPS, 1, 0x1234 },     { REG_WAVES_PER_GROUP, 1, 2 },
    { REG_LDS_BYTES, 0, 65536 },       { REG_NUM_INSTS, 1, 4096 },        { REG_ARGS_ADDR, 0, 0xdeadbee0 },
    { REG_MEM_BYTES, 0, 0x01000000 },  { REG_NUM_CUS, NUM_CUS, 3 },
};
static const uint32_t RO_REGS[] = { REG_ID,           REG_CONFIG,        REG_STATUS,     REG_FAULT_CODE, REG_FAULT_CU,
                                    REG_FAULT_SLOT,   REG_FAULT_WAVE,    REG_FAULT_GROUP, REG_FAULT_PC,  REG_FAULT_INST_LO,
                                    REG_FAULT_INST_HI, REG_FAULT_LANE,   REG_FAULT_ADDR, REG_FAULT_REG };

static void test_reset_values(Tb &tb)
{
    Case c(tb);
    tb.reset();
    c.read(REG_ID, RESP_OKAY, REG_ID_VALUE);
    c.read(REG_CONFIG, RESP_OKAY, 4096u << 16 | L2_SLICES << 4 | NUM_CUS);
    c.read(REG_STATUS, RESP_OKAY, 0);
    c.read(REG_CONTROL, RESP_OKAY, 0);
    for (const RegDef &r : RW_REGS) c.read(r.addr, RESP_OKAY, r.reset);
    if (c.ok() && tb.dut.irq_o) c.fail("irq_o high after reset");
    report("axil_reset_values", c.why);
}

static void test_write_read_back(Tb &tb)
{
    Case c(tb);
    tb.reset();
    for (const RegDef &r : RW_REGS) {
        c.write(r.addr, r.good, RESP_OKAY);
        c.read(r.addr, RESP_OKAY, r.good);
    }
    // The launch outputs carry the values.
    Vgpu_axil_regs &d = tb.dut;
    if (c.ok() && (d.launch_num_groups_o != 0x1234 || !d.launch_two_waves_o || d.launch_lds_bytes_o != 65536 ||
                   d.launch_num_insts_o != 4096 || d.launch_args_addr_o != 0xdeadbee0 || d.cfg_mem_bytes_o != 0x01000000 ||
                   d.cfg_num_cus_o != 3))
        c.fail("the launch and configuration outputs do not carry the registers' values");
    report("axil_registers_write_read_back", c.why);
}

static void test_value_ranges(Tb &tb)
{
    Case c(tb);
    tb.reset();
    struct Bad { uint32_t addr; uint32_t v; };
    static const Bad bad[] = { { REG_NUM_GROUPS, 0 },      { REG_NUM_GROUPS, 65536 },     { REG_WAVES_PER_GROUP, 0 },
                               { REG_WAVES_PER_GROUP, 3 }, { REG_LDS_BYTES, 65537 },      { REG_NUM_INSTS, 0 },
                               { REG_NUM_INSTS, 4097 },    { REG_NUM_CUS, 0 },            { REG_NUM_CUS, NUM_CUS + 1 } };
    for (const Bad &b : bad) {
        c.write(b.addr, b.v, RESP_SLVERR);
        for (const RegDef &r : RW_REGS)
            if (r.addr == b.addr) c.read(b.addr, RESP_OKAY, r.reset);   // unchanged
    }
    c.write(REG_NUM_GROUPS, 65535, RESP_OKAY);
    c.write(REG_NUM_CUS, NUM_CUS, RESP_OKAY);
    c.write(REG_NUM_INSTS, 1, RESP_OKAY);
    report("axil_registers_refuse_values_out_of_range", c.why);
}

static void test_errors(Tb &tb)
{
    Case c(tb);
    tb.reset();
    for (uint32_t a : RO_REGS) c.write(a, 5, RESP_SLVERR);
    c.read(REG_ID, RESP_OKAY, REG_ID_VALUE);                  // a refused write changes nothing
    static const uint32_t unmapped[] = { 0x0014, 0x001C, 0x003C, 0x006C, 0x0ffc, 0x0800, 0x2000, 0x7ffc, 0x1880 };
    for (uint32_t a : unmapped) {
        c.write(a, 1, RESP_DECERR);
        c.read(a, RESP_DECERR);
    }
    // counters: read-only; a CU, counter or memory counter that does not exist
    c.write(REG_CTR_BASE, 1, RESP_SLVERR);
    c.read(REG_CTR_BASE + NUM_CUS * REG_CTR_CU_STRIDE, RESP_DECERR);
    c.read(REG_CTR_BASE + NUM_CTRS_TB * 8, RESP_DECERR);
    c.read(REG_MEM_CTR_BASE + NUM_MEM_CTRS_TB * 8, RESP_DECERR);
    // the instruction memory is write-only
    c.read(REG_IMEM_BASE, RESP_SLVERR);
    // partial strobes are refused and change nothing
    c.write(REG_ARGS_ADDR, 0x11111111, RESP_SLVERR, 0x3);
    c.read(REG_ARGS_ADDR, RESP_OKAY, 0);
    c.write(REG_IMEM_BASE + 4, 0x22222222, RESP_SLVERR, 0xE);
    c.write(REG_CONTROL, CONTROL_START, RESP_SLVERR, 0x1);
    for (int i = 0; i < 4 && c.ok(); i++) tb.cycle();
    if (c.ok() && (!tb.launches.empty() || !tb.imem.empty())) c.fail("a refused write launched or wrote the instruction memory");
    report("axil_errors_slverr_decerr", c.why);
}

static void test_counters(Tb &tb)
{
    Case c(tb);
    tb.reset();
    for (unsigned cu = 0; cu < NUM_CUS; cu++)
        for (unsigned i = 0; i < NUM_CTRS_TB; i++) {
            uint64_t v = ctr_value(cu, i);
            uint32_t a = REG_CTR_BASE + cu * REG_CTR_CU_STRIDE + i * 8;
            c.read(a, RESP_OKAY, (uint32_t)v);
            c.read(a + 4, RESP_OKAY, (uint32_t)(v >> 32));
        }
    for (unsigned j = 0; j < NUM_MEM_CTRS_TB; j++) {
        uint64_t v = ctr_value(0, MEM_CTR_FIRST_TB + j);
        c.read(REG_MEM_CTR_BASE + j * 8, RESP_OKAY, (uint32_t)v);
        c.read(REG_MEM_CTR_BASE + j * 8 + 4, RESP_OKAY, (uint32_t)(v >> 32));
    }
    report("axil_counters_every_cu_and_memory", c.why);
}

static void test_imem(Tb &tb)
{
    Case c(tb);
    tb.reset();
    tb.imem.clear();
    struct W { unsigned i; uint64_t v; };
    static const W ws[] = { { 0, 0x0123456789abcdefull }, { 1, 0xfedcba9876543210ull }, { 4095, 0x8000000100000002ull } };
    for (const W &w : ws) {
        c.write(REG_IMEM_BASE + w.i * 8, (uint32_t)w.v, RESP_OKAY);
        if (c.ok() && tb.imem.size() != (size_t)(&w - ws)) c.fail("the low word alone wrote the instruction memory");
        c.write(REG_IMEM_BASE + w.i * 8 + 4, (uint32_t)(w.v >> 32), RESP_OKAY);
        tb.cycle();
        size_t n = (size_t)(&w - ws) + 1;
        if (c.ok() && tb.imem.size() != n) c.fail("instruction " + std::to_string(w.i) + ": " + std::to_string(tb.imem.size()) +
                                                  " write pulses, expected " + std::to_string(n));
        if (c.ok() && (tb.imem.back().addr != w.i || tb.imem.back().data != w.v))
            c.fail("instruction " + std::to_string(w.i) + ": written " + hex(tb.imem.back().data) + " at " +
                   std::to_string(tb.imem.back().addr) + ", expected " + hex(w.v));
    }
    report("axil_imem_writes_low_then_high", c.why);
}

static void test_launch(Tb &tb)
{
    Case c(tb);
    tb.reset();
    tb.launches.clear();
    tb.imem.clear();
    c.write(REG_IRQ_ENABLE, 1, RESP_OKAY);
    c.write(REG_CONTROL, CONTROL_START, RESP_OKAY);
    uint64_t acc = tb.host.accept_edge();
    if (c.ok() && (tb.launches.size() != 1 || tb.launches[0] != acc + 1))
        c.fail("START taken at edge " + std::to_string(acc) + ": " + std::to_string(tb.launches.size()) +
               " launch pulses, the first at " + (tb.launches.empty() ? std::string("-") : std::to_string(tb.launches[0])) +
               ", expected one at " + std::to_string(acc + 1));
    c.read(REG_STATUS, RESP_OKAY, STATUS_BUSY);
    // While busy: no second START, no parameter, configuration or program write.
    c.write(REG_CONTROL, CONTROL_START, RESP_SLVERR);
    c.write(REG_NUM_GROUPS, 7, RESP_SLVERR);
    c.write(REG_MEM_BYTES, 7, RESP_SLVERR);
    c.write(REG_IMEM_BASE, 7, RESP_SLVERR);
    c.write(REG_IMEM_BASE + 4, 7, RESP_SLVERR);
    c.read(REG_NUM_GROUPS, RESP_OKAY, 1);
    c.write(REG_IRQ_ENABLE, 1, RESP_OKAY);                     // allowed while busy
    tb.cycle();
    if (c.ok() && (tb.launches.size() != 1 || !tb.imem.empty())) c.fail("a refused write while busy had an effect");
    if (c.ok() && tb.dut.irq_o) c.fail("irq_o high while busy");
    tb.finish();
    c.read(REG_STATUS, RESP_OKAY, STATUS_DONE);
    if (c.ok() && !tb.dut.irq_o) c.fail("irq_o low after the task ended with IRQ_ENABLE set");
    c.write(REG_IRQ_ENABLE, 0, RESP_OKAY);
    if (c.ok() && tb.dut.irq_o) c.fail("irq_o high with IRQ_ENABLE clear");
    c.write(REG_IRQ_ENABLE, 1, RESP_OKAY);
    c.write(REG_CONTROL, CONTROL_CLEAR_DONE, RESP_OKAY);
    c.read(REG_STATUS, RESP_OKAY, 0);
    if (c.ok() && tb.dut.irq_o) c.fail("irq_o high after CLEAR_DONE");
    // A second task: START clears done too.
    c.write(REG_CONTROL, CONTROL_START, RESP_OKAY);
    tb.finish();
    c.write(REG_CONTROL, CONTROL_START, RESP_OKAY);
    c.read(REG_STATUS, RESP_OKAY, STATUS_BUSY);
    tb.finish();
    if (c.ok() && tb.launches.size() != 3) c.fail(std::to_string(tb.launches.size()) + " launch pulses, expected 3");
    report("axil_launch_busy_done_irq", c.why);
}

static void test_status_and_fault(Tb &tb)
{
    Case c(tb);
    tb.reset();
    tb.f = Fault{ 9, 3, 1, 0x12345678, 0xbeef, 0xabc, 17, 42, 0x1122334455667788ull, 0xfffffffc };
    tb.fault = true;
    tb.mem_error = true;
    c.read(REG_STATUS, RESP_OKAY, STATUS_FAULT | STATUS_MEM_ERROR);
    c.read(REG_FAULT_CODE, RESP_OKAY, 9);
    c.read(REG_FAULT_CU, RESP_OKAY, 3);
    c.read(REG_FAULT_SLOT, RESP_OKAY, 1);
    c.read(REG_FAULT_WAVE, RESP_OKAY, 0x12345678);
    c.read(REG_FAULT_GROUP, RESP_OKAY, 0xbeef);
    c.read(REG_FAULT_PC, RESP_OKAY, 0xabc);
    c.read(REG_FAULT_LANE, RESP_OKAY, 17);
    c.read(REG_FAULT_REG, RESP_OKAY, 42);
    c.read(REG_FAULT_INST_LO, RESP_OKAY, 0x55667788);
    c.read(REG_FAULT_INST_HI, RESP_OKAY, 0x11223344);
    c.read(REG_FAULT_ADDR, RESP_OKAY, 0xfffffffc);
    tb.fault = tb.mem_error = false;
    tb.f = Fault{};
    report("axil_status_and_fault_registers", c.why);
}

static void test_handshake_orders(Tb &tb)
{
    Case c(tb);
    tb.reset();
    // W before AW, AW before W, a held B, a late AR and a held R.
    c.write(REG_ARGS_ADDR, 0x100, RESP_OKAY, 0xF, AxilTiming{ 5, 0, 0 });
    c.write(REG_MEM_BYTES, 0x200, RESP_OKAY, 0xF, AxilTiming{ 0, 7, 0 });
    c.write(REG_NUM_GROUPS, 3, RESP_OKAY, 0xF, AxilTiming{ 2, 2, 9 });
    c.write(0x0ff0, 1, RESP_DECERR, 0xF, AxilTiming{ 0, 3, 4 });
    c.read(REG_ARGS_ADDR, RESP_OKAY, 0x100, true, AxilTiming{ 4, 0, 0 });
    c.read(REG_MEM_BYTES, RESP_OKAY, 0x200, true, AxilTiming{ 0, 0, 6 });
    c.read(REG_NUM_GROUPS, RESP_OKAY, 3, true, AxilTiming{ 3, 0, 3 });
    report("axil_handshake_orders_and_backpressure", c.why);
}

static void test_random(Tb &tb, unsigned n, unsigned seed)
{
    std::mt19937 rng(seed);
    auto pick = [&](unsigned k) { return (unsigned)(rng() % k); };
    tb.reset();
    tb.launches.clear();
    tb.imem.clear();
    // The registers as the host should see them (sim/gpu_regs_model.h, also
    // the register file of the golden-model TLM device).
    GpuRegsConfig mc;
    mc.num_cus = NUM_CUS;
    mc.l2_slices = L2_SLICES;
    mc.num_ctrs = NUM_CTRS_TB;
    mc.num_mem_ctrs = NUM_MEM_CTRS_TB;
    mc.mem_ctr_first = MEM_CTR_FIRST_TB;
    GpuRegsModel m(mc);
    GpuRegsInputs in;
    in.counter = ctr_value;
    std::vector<std::pair<unsigned, uint64_t>> imem_want;
    std::string why;
    static const uint32_t places[] = { REG_ID,        REG_CONFIG,       REG_CONTROL,     REG_STATUS,    REG_IRQ_ENABLE,
                                       REG_NUM_GROUPS, REG_WAVES_PER_GROUP, REG_LDS_BYTES, REG_NUM_INSTS, REG_ARGS_ADDR,
                                       REG_MEM_BYTES, REG_NUM_CUS,      REG_FAULT_CODE,  REG_FAULT_INST_HI, REG_FAULT_REG,
                                       0x0014,        0x0ffc,           REG_CTR_BASE,    REG_MEM_CTR_BASE, REG_IMEM_BASE };
    for (unsigned i = 0; i < n && why.empty(); i++) {
        // Between transactions the GPU may end its task or change its fault inputs.
        if (m.busy() && pick(4) == 0) {
            tb.finish();
            m.finish();
        }
        if (pick(16) == 0) {
            tb.fault = pick(2);
            tb.mem_error = pick(2);
            tb.f = Fault{ pick(16), pick(8), pick(2), (unsigned)rng(), pick(65536), pick(4096), pick(64), pick(128),
                          (uint64_t)rng() << 32 | rng(), (uint32_t)rng() };
        }
        bool irq_want = m.irq();
        if ((bool)tb.dut.irq_o != irq_want) {
            why = "before transaction " + std::to_string(i) + ": irq_o is " + std::to_string(tb.dut.irq_o);
            break;
        }
        uint32_t a = places[pick(20)];
        if (a == REG_CTR_BASE) a += pick(8) * REG_CTR_CU_STRIDE + pick(40) * 8 + pick(2) * 4;
        else if (a == REG_MEM_CTR_BASE) a += pick(10) * 8 + pick(2) * 4;
        else if (a == REG_IMEM_BASE) a += pick(4096) * 8 + pick(2) * 4;
        AxilTiming t{ pick(3) ? 0 : pick(6), pick(3) ? 0 : pick(6), pick(3) ? 0 : pick(6) };
        if (pick(2)) {
            uint32_t v;
            switch (pick(5)) {
            case 0: v = pick(3); break;
            case 1: v = pick(70000); break;
            case 2: v = pick(2) ? 65536 : 4096; break;
            case 3: v = pick(6); break;
            default: v = rng(); break;
            }
            unsigned strb = pick(10) ? 0xF : pick(16);
            bool launch = false;
            unsigned want = m.write(a, v, strb, &launch, &imem_want);
            unsigned r = 0;
            size_t launches = tb.launches.size();
            if (!tb.wr(a, v, &r, strb, t)) why = "write " + hex(a) + ": " + tb.err;
            else if (r != want) why = "write " + hex(v) + " to " + hex(a) + ": " + rname(r) + ", expected " + rname(want);
            else {
                tb.cycle();                          // the launch pulse and the write pulse are one edge later
                if (tb.launches.size() != launches + launch)
                    why = "write " + hex(v) + " to " + hex(a) + ": " + std::to_string(tb.launches.size() - launches) +
                          " launch pulses";
            }
        } else {
            uint32_t want = 0, v = 0;
            in.fault = tb.fault;
            in.mem_error = tb.mem_error;
            in.f = tb.f;
            unsigned want_r = m.read(a, &want, in), r = 0;
            if (!tb.rd(a, &v, &r, t)) why = "read " + hex(a) + ": " + tb.err;
            else if (r != want_r) why = "read " + hex(a) + ": " + rname(r) + ", expected " + rname(want_r);
            else if (r == RESP_OKAY && v != want) why = "read " + hex(a) + ": " + hex(v) + ", expected " + hex(want);
        }
        if (!why.empty()) why = "transaction " + std::to_string(i) + ": " + why;
    }
    if (why.empty() && tb.imem.size() != imem_want.size())
        why = std::to_string(tb.imem.size()) + " instruction writes, expected " + std::to_string(imem_want.size());
    for (size_t k = 0; why.empty() && k < imem_want.size(); k++)
        if (tb.imem[k].addr != imem_want[k].first || tb.imem[k].data != imem_want[k].second)
            why = "instruction write " + std::to_string(k) + ": " + hex(tb.imem[k].data) + " at " +
                  std::to_string(tb.imem[k].addr) + ", expected " + hex(imem_want[k].second) + " at " +
                  std::to_string(imem_want[k].first);
    char name[64];
    snprintf(name, sizeof name, "axil_random_%u_transactions_seed%u", n, seed);
    report(name, why);
}

int main(int argc, char **argv)
{
    Verilated::commandArgs(argc, argv);
    Tb tb;
    test_reset_values(tb);
    test_write_read_back(tb);
    test_value_ranges(tb);
    test_errors(tb);
    test_counters(tb);
    test_imem(tb);
    test_launch(tb);
    test_status_and_fault(tb);
    test_handshake_orders(tb);
    test_random(tb, 4000, 1);
    test_random(tb, 4000, 2);
    tb.dut.final();
    printf("%d passed, %d failed\n", g_pass, g_fail);
    return g_fail ? 1 : 0;
}
