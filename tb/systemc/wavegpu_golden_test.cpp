// SPDX-License-Identifier: Apache-2.0
// wavegpu_golden_test: the golden-model TLM device (sim/systemc/wavegpu_golden.h)
// in small platforms: an sc_clock, a rst signal, a TlmMemory and the device,
// driven by a host thread through the register-level driver
// (csrc/gpu_driver.h) exactly as a user would: probe, load the program,
// start, wait for irq (with a timeout in simulated time), finish, read the
// counters. Every kernel also runs through the host API's golden backend
// (csrc/gpu.h) on the same inputs, and once more on a golden model of its own
// for the per-CU counters and the fault slot; the device must match: the whole
// device memory bit for bit, the result field by field, the counters (total
// and per CU), the raw fault registers. Then the registers (errors, busy,
// irq, the transport rules of sim/systemc/tlm_to_axil.h), reset, memory
// errors, a refused launch, the watchdog, and the speed on matmul_tiled
// N = 128 against golden_run alone. Run from the repository root (it reads
// kernels/*.s). Prints PASS/FAIL lines and "N passed, M failed"; exits
// non-zero on a failure. Never fails on speed.
#define SC_INCLUDE_DYNAMIC_PROCESSES
#include "wavegpu_golden.h"

#include "tlm_memory.h"

#include "asm.h"
#include "golden.h"
#include "gpu.h"
#include "gpu_driver.h"
#include "gpu_regs.h"
#include "kbin.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

using namespace sc_core;

namespace {

const sc_time kPeriod(10, SC_NS);
const uint32_t kMemBytes = 16u << 20;
const uint32_t kArgsAddr = 0x1000;       // where the host API puts the arguments (gpu.c: the null guard's end)
const unsigned kNumCus = 4;
const unsigned kMemLatency = 100;        // golden ticks: the host API's and the device's default

int passed = 0, failed = 0;

void pass(const std::string &name, const std::string &detail = "")
{
    printf("PASS %s%s%s\n", name.c_str(), detail.empty() ? "" : ": ", detail.c_str());
    passed++;
}

void fail(const std::string &name, const std::string &why)
{
    printf("FAIL %s: %s\n", name.c_str(), why.c_str());
    failed++;
}

std::string fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
std::string fmt(const char *f, ...)
{
    char b[512];
    va_list ap;
    va_start(ap, f);
    vsnprintf(b, sizeof b, f, ap);
    va_end(ap);
    return b;
}

double now_seconds()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

int device_warnings() { return sc_report_handler::get_count(kWaveGpuGoldenMsgType); }

// ---------------------------------------------------------------- inputs

struct Prng {
    uint64_t s;
    uint32_t u32()
    {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        return (uint32_t)(s >> 32);
    }
    // An f32 in [-1, 1) with a full mantissa.
    uint32_t f32()
    {
        float f = (float)((int32_t)(u32() >> 1) - (1 << 30)) / (float)(1 << 30);
        uint32_t u;
        memcpy(&u, &f, 4);
        return u;
    }
};

std::string read_text(const std::string &path)
{
    std::ifstream f(path);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}

// Allocates n words in the host API's device and writes them (all `fill` if
// words is empty). Returns the address, 0 on failure.
gpu_addr dev_buffer(gpu_device *dev, const std::vector<uint32_t> &words, size_t n = 0, uint32_t fill = 0)
{
    std::vector<uint32_t> w = words.empty() ? std::vector<uint32_t>(n, fill) : words;
    gpu_addr a = 0;
    if (gpu_alloc(dev, (uint32_t)(w.size() * 4), &a) != GPU_OK) return 0;
    if (gpu_write(dev, a, w.data(), (uint32_t)(w.size() * 4)) != GPU_OK) return 0;
    return a;
}

std::vector<uint32_t> random_words(uint64_t seed, size_t n, bool f32)
{
    Prng r{ seed };
    std::vector<uint32_t> w(n);
    for (auto &x : w) x = f32 ? r.f32() : r.u32();
    return w;
}

// A kernel and its inputs: setup allocates and writes the inputs in the host
// API's device and returns the arguments (empty on failure).
struct Workload {
    std::string name;
    std::string source;          // assembly text
    uint32_t num_groups;
    unsigned num_cus = kNumCus;  // NUM_CUS of the task
    std::function<std::vector<uint32_t>(gpu_device *)> setup;
};

Workload kernel_file(const std::string &name, const std::string &kernel, uint32_t groups,
                     std::function<std::vector<uint32_t>(gpu_device *)> setup)
{
    return Workload{ name, read_text("kernels/" + kernel + ".s"), groups, kNumCus, std::move(setup) };
}

Workload vecadd(const std::string &name, uint32_t n)
{
    return kernel_file(name, "vecadd_u32", (n + 31) / 32, [n](gpu_device *dev) -> std::vector<uint32_t> {
        gpu_addr a = dev_buffer(dev, random_words(2000 + n, n + 64, false));
        gpu_addr b = dev_buffer(dev, random_words(3000 + n, n + 64, false));
        gpu_addr c = dev_buffer(dev, {}, n + 64, 0x5e5e5e5e);
        if (!a || !b || !c) return {};
        return { c, a, b, n };
    });
}

Workload saxpy(const std::string &name, uint32_t n)
{
    return kernel_file(name, "saxpy_f32", (n + 63) / 64, [n](gpu_device *dev) -> std::vector<uint32_t> {
        gpu_addr x = dev_buffer(dev, random_words(4000 + n, n + 64, true));
        gpu_addr y = dev_buffer(dev, random_words(5000 + n, n + 64, true));
        if (!x || !y) return {};
        return { y, x, Prng{ 6000 + n }.f32(), n };
    });
}

Workload matmul(const std::string &name, uint32_t n)
{
    return kernel_file(name, "matmul_tiled", (n / 8) * (n / 8), [n](gpu_device *dev) -> std::vector<uint32_t> {
        gpu_addr a = dev_buffer(dev, random_words(7000 + n, n * n, true));
        gpu_addr b = dev_buffer(dev, random_words(8000 + n, n * n, true));
        gpu_addr c = dev_buffer(dev, {}, n * n + 64, 0x5e5e5e5e);
        if (!a || !b || !c) return {};
        return { a, b, c, n };
    });
}

Workload histogram(const std::string &name, uint32_t n, uint32_t per_group)
{
    return kernel_file(name, "histogram", (n + per_group - 1) / per_group,
                       [n, per_group](gpu_device *dev) -> std::vector<uint32_t> {
                           gpu_addr in = dev_buffer(dev, random_words(9000 + n, n + 64, false));
                           gpu_addr hist = dev_buffer(dev, random_words(9500, 64, false));
                           if (!in || !hist) return {};
                           return { in, n, hist, per_group };
                       });
}

Workload atomic_contend(const std::string &name, uint32_t groups, uint32_t iters)
{
    return kernel_file(name, "atomic_contend", groups, [groups, iters](gpu_device *dev) -> std::vector<uint32_t> {
        gpu_addr ctr = dev_buffer(dev, { 0, 0, 0, 0 });
        gpu_addr tickets = dev_buffer(dev, {}, groups * 2 * iters * 32 + 64, 0x5e5e5e5e);
        if (!ctr || !tickets) return {};
        return { ctr, tickets, iters, 1 };
    });
}

// Group 5 (on CU 1, slot 1 with 4 CUs) loads lane l's word at 0x1000 + l << 22:
// lane 4 is the first at or beyond 16 MiB: GLOBAL_OUT_OF_RANGE, a lane fault.
const char *const kFaultLaneSource =
    "# fault_lane: group 5 loads beyond 16 MiB in lanes 4..31\n"
    ".waves 1\n"
    "    eq v20, group, 5\n"
    "    shl v21, sid, 22\n"
    "    add v21, v21, 4096\n"
    "    mov v32, 0\n"
    "    global_load32 s0, v32, v20, v21\n"
    "    sig_wait s0\n"
    "    end\n";

// No `end`: the first instruction's next pc leaves the program:
// PC_OUT_OF_RANGE, no lane, no register.
const char *const kFaultPcSource =
    "# fault_pc: falls off the end of the program\n"
    ".waves 1\n"
    "    add v16, sid, 1\n";

// Never ends: the watchdog's case.
const char *const kSpinSource =
    "# spin: a branch to itself\n"
    ".waves 1\n"
    "spin:\n"
    "    br spin\n"
    "    end\n";

Workload inline_kernel(const std::string &name, const char *source, uint32_t groups)
{
    return Workload{ name, source, groups, kNumCus, [](gpu_device *) { return std::vector<uint32_t>{ 0 }; } };
}

// ---------------------------------------------------------------- the reference

// A workload run through the host API's golden backend (memory, result, total
// counters) and once more on a golden model of the test's own, on the same
// memory (per-CU counters, the faulting wave's slot).
struct Reference {
    std::string error;               // empty: the reference ran
    std::vector<uint64_t> code;
    uint32_t num_groups = 0, waves = 0, lds_bytes = 0;
    unsigned num_cus = kNumCus;
    std::vector<uint8_t> before, after;   // all of device memory
    gpu_result result{};
    gpu_counters total{};
    std::vector<gpu_counters> per_cu;
    unsigned fault_slot = 0;
};

Reference make_reference(const Workload &w)
{
    Reference r;
    kbin k{};
    char err[512] = "";
    if (asm_assemble(w.source.data(), w.source.size(), w.name.c_str(), &k, err, sizeof err) != 0) {
        r.error = std::string("asm_assemble: ") + err;
        return r;
    }
    r.code.assign(k.insts, k.insts + k.num_insts);
    r.num_groups = w.num_groups;
    r.waves = k.waves_per_group;
    r.lds_bytes = k.lds_bytes;
    r.num_cus = w.num_cus;
    kbin_free(&k);

    gpu_config cfg;
    gpu_config_default(&cfg);
    cfg.backend = GPU_BACKEND_GOLDEN;
    cfg.num_cus = w.num_cus;
    cfg.mem_bytes = kMemBytes;
    cfg.mem_latency = kMemLatency;
    gpu_device *dev = nullptr;
    if (gpu_open(&cfg, &dev, err, sizeof err) != GPU_OK) {
        r.error = std::string("gpu_open: ") + err;
        return r;
    }
    gpu_kernel *kernel = nullptr;
    std::vector<uint32_t> args = w.setup(dev);
    if (args.empty()) r.error = std::string("setting up the inputs: ") + gpu_last_error(dev);
    else if (gpu_kernel_assemble(dev, w.source.data(), w.source.size(), w.name.c_str(), &kernel) != GPU_OK)
        r.error = std::string("gpu_kernel_assemble: ") + gpu_last_error(dev);
    if (r.error.empty()) {
        gpu_launch_params lp = { r.num_groups, r.waves, r.lds_bytes, args.data(), (uint32_t)args.size() };
        r.before.resize(kMemBytes);
        r.after.resize(kMemBytes);
        gpu_status st;
        if (gpu_launch(dev, kernel, &lp) != GPU_OK || gpu_read(dev, r.before.data(), 0, kMemBytes) != GPU_OK)
            r.error = std::string("gpu_launch: ") + gpu_last_error(dev);
        else if ((st = gpu_wait(dev, &r.result)) != GPU_OK && st != GPU_ERR_FAULT)
            r.error = std::string("gpu_wait: ") + gpu_last_error(dev);
        else if (gpu_read_counters(dev, &r.total) != GPU_OK || gpu_read(dev, r.after.data(), 0, kMemBytes) != GPU_OK)
            r.error = std::string("reading back: ") + gpu_last_error(dev);
    }
    gpu_kernel_free(kernel);
    gpu_close(dev);
    if (!r.error.empty()) return r;

    std::vector<uint8_t> memory = r.before;
    golden_config gc;
    golden_config_default(&gc);
    gc.num_cus = w.num_cus;
    gc.mem_bytes = kMemBytes;
    gc.mem_latency = kMemLatency;
    gc.memory = memory.data();
    golden *g = nullptr;
    golden_launch_params glp = { r.code.data(), (uint32_t)r.code.size(), r.num_groups, r.waves, r.lds_bytes,
                                 kArgsAddr };
    if (golden_create(&g, &gc, err, sizeof err) != GPU_OK || golden_launch(g, &glp, err, sizeof err) != GPU_OK) {
        r.error = std::string("golden: ") + err;
        golden_destroy(g);
        return r;
    }
    gpu_result gres;
    golden_run(g, &gres);
    for (unsigned c = 0; c < w.num_cus; c++) {
        gpu_counters k1;
        golden_counters_cu(g, c, &k1);
        r.per_cu.push_back(k1);
    }
    golden_wave_info info;
    for (unsigned s = 0; s < GOLDEN_SLOTS; s++)
        if (gres.status == GPU_ERR_FAULT && golden_wave_get(g, gres.cu, s, &info) && info.wave == gres.wave)
            r.fault_slot = s;
    golden_destroy(g);
    if (memory != r.after) r.error = "the test's own golden run leaves memory unlike the host API's";
    return r;
}

// ---------------------------------------------------------------- comparisons

std::string result_diff(const gpu_result &want, const gpu_result &got)
{
#define FIELD(f, spec, type)                                                                                  \
    if (want.f != got.f) return fmt("result." #f " expected " spec ", got " spec, (type)want.f, (type)got.f);
    if (want.status != got.status)
        return fmt("result.status expected %s, got %s", gpu_status_name(want.status), gpu_status_name(got.status));
    FIELD(fault, "%u", unsigned)
    FIELD(wave, "%u", unsigned)
    FIELD(group, "%u", unsigned)
    FIELD(cu, "%u", unsigned)
    FIELD(pc, "%u", unsigned)
    FIELD(inst, "0x%016llx", unsigned long long)
    FIELD(lane, "%d", int)
    FIELD(addr, "0x%08x", unsigned)
    FIELD(reg, "%d", int)
#undef FIELD
    return "";
}

std::string counters_diff(const char *what, const gpu_counters &want, const gpu_counters &got)
{
    uint64_t va = 0, vb = 0;
    const char *name = gpu_counters_diff(&want, &got, &va, &vb, nullptr);
    if (name) return fmt("%s counter %s expected %" PRIu64 ", got %" PRIu64, what, name, va, vb);
    if (want.cycles != got.cycles)
        return fmt("%s counter cycles expected %" PRIu64 ", got %" PRIu64, what, want.cycles, got.cycles);
    uint64_t a[sizeof want / 8], b[sizeof got / 8];
    memcpy(a, &want, sizeof a);
    memcpy(b, &got, sizeof b);
    for (size_t i = 0; i < sizeof a / 8; i++)
        if (a[i] != b[i])
            return fmt("%s counter word %zu (an RTL-only counter) expected %" PRIu64 ", got %" PRIu64, what, i, a[i],
                       b[i]);
    return "";
}

std::string memory_diff(const uint8_t *want, const uint8_t *got, uint32_t bytes)
{
    if (memcmp(want, got, bytes) == 0) return "";
    uint32_t i = 0;
    while (want[i] == got[i]) i++;
    uint32_t a = i & ~3u, w, g;
    memcpy(&w, want + a, 4);
    memcpy(&g, got + a, 4);
    uint32_t n = 0;
    for (uint32_t j = 0; j < bytes; j += 4) n += memcmp(want + j, got + j, 4) != 0;
    return fmt("memory differs in %u words; first at 0x%08x: expected 0x%08x, got 0x%08x", n, a, w, g);
}

// ---------------------------------------------------------------- the platform

// A platform: rst, irq, a TlmMemory, the device, and the host's register port.
struct Platform : sc_module {
    sc_signal<bool> rst, irq;
    TlmMemory memory;
    WaveGpuGolden gpu;
    tlm_utils::simple_initiator_socket<Platform> host;

    Platform(sc_module_name name, sc_clock &clk, uint32_t mem_bytes, bool allow_dmi,
             const WaveGpuGoldenConfig &config = WaveGpuGoldenConfig())
        : sc_module(name), rst("rst"), irq("irq"), memory("memory", mem_bytes, sc_time(20, SC_NS), allow_dmi),
          gpu("gpu", config), host("host")
    {
        gpu.clk(clk);
        gpu.rst(rst);
        gpu.irq(irq);
        gpu.mem.bind(memory.socket);
        host.bind(gpu.regs);
    }

    // One register access as the driver's callbacks do it: 0 OK, 2 SLVERR
    // (TLM_GENERIC_ERROR_RESPONSE), 3 DECERR (TLM_ADDRESS_ERROR_RESPONSE), 1
    // anything else. The annotated delay is waited for.
    int access(tlm::tlm_command command, uint32_t addr, uint32_t *value)
    {
        uint8_t bytes[4];
        for (unsigned i = 0; i < 4; i++) bytes[i] = (uint8_t)(*value >> 8 * i);
        tlm::tlm_generic_payload t;
        t.set_command(command);
        t.set_address(addr);
        t.set_data_ptr(bytes);
        t.set_data_length(4);
        t.set_streaming_width(4);
        t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        sc_time delay = SC_ZERO_TIME;
        host->b_transport(t, delay);
        wait(delay);
        switch (t.get_response_status()) {
        case tlm::TLM_OK_RESPONSE:
            if (command == tlm::TLM_READ_COMMAND)
                *value = (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 |
                         (uint32_t)bytes[3] << 24;
            return 0;
        case tlm::TLM_GENERIC_ERROR_RESPONSE: return 2;
        case tlm::TLM_ADDRESS_ERROR_RESPONSE: return 3;
        default: return 1;
        }
    }
    int read32(uint32_t addr, uint32_t *v)
    {
        *v = 0;
        return access(tlm::TLM_READ_COMMAND, addr, v);
    }
    int write32(uint32_t addr, uint32_t v) { return access(tlm::TLM_WRITE_COMMAND, addr, &v); }

    static int read32_cb(void *ctx, uint32_t addr, uint32_t *v) { return static_cast<Platform *>(ctx)->read32(addr, v); }
    static int write32_cb(void *ctx, uint32_t addr, uint32_t v) { return static_cast<Platform *>(ctx)->write32(addr, v); }
    gpu_drv_port port() { return gpu_drv_port{ this, read32_cb, write32_cb }; }

    // Waits until irq is high (it stays high until CLEAR_DONE, so an edge
    // before the call is not missed), at most `timeout`. True if it rose.
    bool wait_irq(const sc_time &timeout)
    {
        const sc_time deadline = sc_time_stamp() + timeout;
        while (!irq.read() && sc_time_stamp() < deadline) wait(deadline - sc_time_stamp(), irq.posedge_event());
        return irq.read();
    }
};

// What a task on the device gave.
struct Observed {
    std::string error;               // a driver call that failed unexpectedly, or the timeout
    gpu_status finish = GPU_OK;      // gpu_drv_finish's status
    std::string finish_message;
    gpu_result result{};
    uint32_t fault_regs[3] = {};     // FAULT_SLOT, FAULT_LANE, FAULT_REG as read
    gpu_counters total{};
    std::vector<gpu_counters> per_cu;
    uint64_t memory_accesses = 0;    // socket transactions at the memory during the task
    double wall = 0;                 // host seconds from START to irq
    sc_time sim_time;                // simulated time from START to irq
};

struct TaskShape {
    std::vector<uint64_t> code;
    uint32_t num_groups, waves, lds_bytes;
    uint32_t mem_bytes = kMemBytes;
    unsigned num_cus = kNumCus;
    sc_time timeout = sc_time(10, SC_MS);
};

TaskShape shape_of(const Reference &r)
{
    TaskShape s{ r.code, r.num_groups, r.waves, r.lds_bytes };
    s.num_cus = r.num_cus;
    s.timeout = kPeriod * (double)(2 * r.total.cycles) + sc_time(10, SC_US);
    return s;
}

// The driver flow: probe, load, start, wait for irq, finish, counters.
Observed run_task(Platform &p, const TaskShape &s)
{
    Observed o;
    char err[256] = "";
    gpu_drv_port port = p.port();
    gpu_drv_info info;
    if (gpu_drv_probe(&port, &info, err, sizeof err) != GPU_OK) {
        o.error = std::string("gpu_drv_probe: ") + err;
        return o;
    }
    if (gpu_drv_load_program(&port, s.code.data(), (uint32_t)s.code.size(), err, sizeof err) != GPU_OK) {
        o.error = std::string("gpu_drv_load_program: ") + err;
        return o;
    }
    gpu_drv_task task = { s.num_groups, s.waves, s.lds_bytes, (uint32_t)s.code.size(), kArgsAddr, s.mem_bytes,
                          s.num_cus };
    const uint64_t accesses = p.memory.accesses();
    const sc_time t0 = sc_time_stamp();
    const double w0 = now_seconds();
    if (gpu_drv_start(&port, &task, err, sizeof err) != GPU_OK) {
        o.error = std::string("gpu_drv_start: ") + err;
        return o;
    }
    if (!p.wait_irq(s.timeout)) {
        o.error = "no irq within " + s.timeout.to_string() + " of the START";
        return o;
    }
    o.wall = now_seconds() - w0;
    o.sim_time = sc_time_stamp() - t0;
    o.memory_accesses = p.memory.accesses() - accesses;
    const uint32_t fault_addrs[3] = { REG_FAULT_SLOT, REG_FAULT_LANE, REG_FAULT_REG };
    for (unsigned i = 0; i < 3; i++)
        if (p.read32(fault_addrs[i], &o.fault_regs[i]) != 0) {
            o.error = fmt("reading fault register 0x%04x failed", fault_addrs[i]);
            return o;
        }
    o.finish = gpu_drv_finish(&port, &o.result, err, sizeof err);
    o.finish_message = err;
    // (On a memory error the driver returns before CLEAR_DONE: irq stays high.)
    if ((o.finish == GPU_OK || o.finish == GPU_ERR_FAULT) && p.irq.read()) {
        o.error = "irq still high after gpu_drv_finish (CLEAR_DONE)";
        return o;
    }
    o.per_cu.resize(info.num_cus);
    if (gpu_drv_read_counters(&port, info.num_cus, &o.total, o.per_cu.data(), err, sizeof err) != GPU_OK)
        o.error = std::string("gpu_drv_read_counters: ") + err;
    return o;
}

// Everything a device run must match in its reference.
std::string compare(const Reference &r, const Observed &o, Platform &p)
{
    if (!o.error.empty()) return o.error;
    gpu_status want = r.result.status;
    if (o.finish != want)
        return fmt("gpu_drv_finish returned %s, expected %s (%s)", gpu_status_name(o.finish), gpu_status_name(want),
                   o.finish_message.c_str());
    std::string d = result_diff(r.result, o.result);
    if (d.empty() && want == GPU_ERR_FAULT) {
        const uint32_t expect[3] = { r.fault_slot, r.result.lane < 0 ? 63u : (uint32_t)r.result.lane,
                                     r.result.reg < 0 ? 127u : (uint32_t)r.result.reg };
        const char *names[3] = { "FAULT_SLOT", "FAULT_LANE", "FAULT_REG" };
        for (unsigned i = 0; i < 3 && d.empty(); i++)
            if (o.fault_regs[i] != expect[i]) d = fmt("%s reads %u, expected %u", names[i], o.fault_regs[i], expect[i]);
    }
    if (d.empty()) d = counters_diff("total", r.total, o.total);
    for (unsigned c = 0; c < r.num_cus && d.empty(); c++) d = counters_diff(fmt("CU %u", c).c_str(), r.per_cu[c], o.per_cu[c]);
    for (unsigned c = r.num_cus; c < o.per_cu.size() && d.empty(); c++) {
        gpu_counters idle{};
        idle.cycles = r.total.cycles;
        d = counters_diff(fmt("unused CU %u", c).c_str(), idle, o.per_cu[c]);
    }
    if (d.empty()) d = memory_diff(r.after.data(), p.memory.data(), kMemBytes);
    return d;
}

std::string describe(const Reference &r, const Observed &o)
{
    std::string s = fmt("%" PRIu64 " ticks, %" PRIu64 " instructions, %" PRIu64 " lane-ops", r.total.cycles,
                        r.total.instructions, r.total.lane_ops);
    if (r.result.status == GPU_ERR_FAULT)
        s += fmt(", fault %s on CU %u slot %u lane %d", isa_fault_name(r.result.fault), r.result.cu, r.fault_slot,
                 r.result.lane);
    s += fmt(", %" PRIu64 " memory transactions", o.memory_accesses);
    return s;
}

// One workload on one platform against its reference. dmi: whether the
// platform's memory grants DMI (then a task must make no socket traffic).
void check_workload(Platform &p, const Reference &r, const std::string &name, bool dmi)
{
    if (!r.error.empty()) {
        fail(name, "reference: " + r.error);
        return;
    }
    const int warnings = device_warnings();
    memcpy(p.memory.data(), r.before.data(), kMemBytes);
    Observed o = run_task(p, shape_of(r));
    std::string d = compare(r, o, p);
    if (d.empty() && p.gpu.task_used_dmi() != dmi)
        d = dmi ? "the task ran on a copy, not on the DMI pointer" : "the task used DMI on a memory that refuses it";
    if (d.empty() && dmi && o.memory_accesses)
        d = fmt("%" PRIu64 " memory transactions during a DMI task (expected none)", o.memory_accesses);
    if (d.empty() && !dmi && !o.memory_accesses) d = "no memory transactions on the copy path";
    if (d.empty() && p.gpu.task_ticks() != r.total.cycles)
        d = fmt("task_ticks() %" PRIu64 ", expected %" PRIu64, p.gpu.task_ticks(), r.total.cycles);
    if (d.empty() && o.sim_time < kPeriod * (double)r.total.cycles)
        d = "irq came after " + o.sim_time.to_string() + ", before ticks x clock_period";
    if (d.empty() && device_warnings() != warnings) d = fmt("%d unexpected device warnings", device_warnings() - warnings);
    if (d.empty()) pass(name, describe(r, o));
    else fail(name, d);
}

// ---------------------------------------------------------------- register behaviour

struct RawAccess {
    tlm::tlm_response_status status;
    sc_time delay;
};

RawAccess raw(Platform &p, tlm::tlm_command command, uint64_t addr, uint8_t *data, unsigned len,
              const uint8_t *byte_enable = nullptr, unsigned be_len = 0, unsigned streaming_width = 0)
{
    tlm::tlm_generic_payload t;
    t.set_command(command);
    t.set_address(addr);
    t.set_data_ptr(data);
    t.set_data_length(len);
    t.set_streaming_width(streaming_width ? streaming_width : len);
    t.set_byte_enable_ptr(const_cast<uint8_t *>(byte_enable));
    t.set_byte_enable_length(be_len);
    t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_time delay = SC_ZERO_TIME;
    p.host->b_transport(t, delay);
    wait(delay);
    return RawAccess{ t.get_response_status(), delay };
}

// The checks of one register case: each line a condition and what it means.
struct Checks {
    std::string first;
    void operator()(bool ok, const std::string &what)
    {
        if (!ok && first.empty()) first = what;
    }
    void report(const std::string &name, const std::string &detail)
    {
        if (first.empty()) pass(name, detail);
        else fail(name, first);
    }
};

// long_task's memory image, program and START on num_cus CUs; returns its shape.
TaskShape start_long_task(Platform &p, const Reference &long_task, unsigned num_cus, Checks &check)
{
    char err[256] = "";
    gpu_drv_port port = p.port();
    memcpy(p.memory.data(), long_task.before.data(), kMemBytes);
    TaskShape s = shape_of(long_task);
    check(gpu_drv_load_program(&port, s.code.data(), (uint32_t)s.code.size(), err, sizeof err) == GPU_OK, err);
    gpu_drv_task task = { s.num_groups, s.waves, s.lds_bytes, (uint32_t)s.code.size(), kArgsAddr, kMemBytes, num_cus };
    check(gpu_drv_start(&port, &task, err, sizeof err) == GPU_OK, err);
    return s;
}

void test_id_config(Platform &p)
{
    Checks check;
    uint32_t id = 0, config = 0;
    check(p.read32(REG_ID, &id) == 0 && id == REG_ID_VALUE, fmt("ID reads 0x%08x", id));
    check(p.read32(REG_CONFIG, &config) == 0 && config == (4096u << 16 | 4u << 4 | 4u), fmt("CONFIG reads 0x%08x", config));
    gpu_drv_port port = p.port();
    gpu_drv_info info{};
    char err[256] = "";
    check(gpu_drv_probe(&port, &info, err, sizeof err) == GPU_OK && info.num_cus == 4 && info.l2_slices == 4 &&
              info.imem_depth == 4096,
          fmt("gpu_drv_probe: %s num_cus %u l2_slices %u imem_depth %u", err, info.num_cus, info.l2_slices,
              info.imem_depth));
    uint32_t v = 0;
    check(p.read32(REG_NUM_CUS, &v) == 0 && v == 4, fmt("NUM_CUS resets to %u, expected 4", v));
    check(p.read32(REG_MEM_BYTES, &v) == 0 && v == 0, fmt("MEM_BYTES resets to %u", v));
    check.report("regs_id_config", fmt("ID 0x%08x, CONFIG 0x%08x", id, config));
}

void test_busy(Platform &p, const Reference &long_task)
{
    Checks check;
    TaskShape s = start_long_task(p, long_task, 4, check);
    uint32_t status = 0, v = 0;
    check(p.read32(REG_STATUS, &status) == 0 && status == STATUS_BUSY, fmt("STATUS while busy 0x%x", status));
    check(!p.irq.read(), "irq high while busy");
    check(p.write32(REG_NUM_GROUPS, 3) == 2, "a write of NUM_GROUPS while busy is not SLVERR");
    check(p.write32(REG_MEM_BYTES, 1u << 20) == 2, "a write of MEM_BYTES while busy is not SLVERR");
    check(p.write32(REG_CONTROL, CONTROL_START) == 2, "START while busy is not SLVERR");
    check(p.write32(REG_IMEM_BASE, 0) == 2, "an instruction write while busy is not SLVERR");
    check(p.read32(REG_NUM_GROUPS, &v) == 0 && v == s.num_groups, "NUM_GROUPS changed while busy");
    check(p.write32(REG_IRQ_ENABLE, 1) == 0, "IRQ_ENABLE refused while busy");
    uint32_t ctr = 1;
    check(p.read32(REG_CTR_BASE + 4 * 8, &ctr) == 0 && ctr == 0, "a counter is not 0 while the task runs");
    check(p.wait_irq(s.timeout), "no irq");
    check(p.read32(REG_STATUS, &status) == 0 && status == STATUS_DONE, fmt("STATUS after the task 0x%x", status));
    check(p.read32(REG_CTR_BASE + 4 * 8, &ctr) == 0 && ctr == (uint32_t)long_task.per_cu[0].lane_ops,
          "CU 0 lane_ops (low word) after the task");
    check(p.write32(REG_IRQ_ENABLE, 0) == 0 && !p.irq.read(), "IRQ_ENABLE = 0 does not lower irq");
    check(p.write32(REG_IRQ_ENABLE, 1) == 0 && p.irq.read(), "IRQ_ENABLE = 1 does not raise irq again");
    check(p.write32(REG_CONTROL, CONTROL_CLEAR_DONE) == 0, "CLEAR_DONE refused");
    check(!p.irq.read(), "CLEAR_DONE does not lower irq");
    check(p.read32(REG_STATUS, &status) == 0 && status == 0, fmt("STATUS after CLEAR_DONE 0x%x", status));
    check(p.read32(REG_CTR_BASE + 4 * 8, &ctr) == 0 && ctr == (uint32_t)long_task.per_cu[0].lane_ops,
          "the counters do not hold after CLEAR_DONE");
    check(p.write32(REG_NUM_GROUPS, 3) == 0 && p.read32(REG_NUM_GROUPS, &v) == 0 && v == 3,
          "NUM_GROUPS not writable after the task");
    check(memory_diff(long_task.after.data(), p.memory.data(), kMemBytes).empty(), "memory after the task");
    check.report("regs_busy_refusals_irq_clear_done", "NUM_GROUPS, MEM_BYTES, START, IMEM refused while busy");
}

void test_errors_and_transport_rules(Platform &p)
{
    Checks check;
    uint32_t v = 0;
    check(p.read32(0x0200, &v) == 3, "a read of 0x0200 (no register) is not DECERR");
    check(p.write32(0x4000, 1) == 3, "a write of 0x4000 (no register) is not DECERR");
    check(p.read32(REG_CTR_BASE + 4 * REG_CTR_CU_STRIDE, &v) == 3, "a counter of CU 4 (of 4) is not DECERR");
    check(p.read32(REG_CTR_BASE + 30 * 8, &v) == 3, "counter 30 (of 30) is not DECERR");
    check(p.read32(REG_MEM_CTR_BASE + 6 * 8, &v) == 3, "memory counter 6 (of 6) is not DECERR");
    check(p.read32(REG_MEM_CTR_BASE, &v) == 0 && v == 0, "memory counter 0 does not read 0");
    check(p.write32(REG_CTR_BASE, 1) == 2, "a counter write is not SLVERR");
    check(p.write32(REG_ID, 1) == 2, "a write of ID is not SLVERR");
    check(p.read32(REG_IMEM_BASE, &v) == 2, "an instruction read is not SLVERR");
    check(p.write32(REG_WAVES_PER_GROUP, 3) == 2, "WAVES_PER_GROUP = 3 is not SLVERR");
    check(p.write32(REG_NUM_CUS, 5) == 2, "NUM_CUS = 5 (of 4) is not SLVERR");
    check(p.read32(REG_CONTROL, &v) == 0 && v == 0, "CONTROL does not read 0");

    // The transport rules of TlmToAxil.
    uint8_t buf[16] = {};
    RawAccess a = raw(p, tlm::TLM_READ_COMMAND, 0, buf, 2);
    check(a.status == tlm::TLM_BURST_ERROR_RESPONSE, "length 2 is not TLM_BURST_ERROR_RESPONSE");
    a = raw(p, tlm::TLM_READ_COMMAND, 0, buf, 8, nullptr, 0, 4);
    check(a.status == tlm::TLM_BURST_ERROR_RESPONSE, "streaming width 4 < length 8 is not TLM_BURST_ERROR_RESPONSE");
    a = raw(p, tlm::TLM_READ_COMMAND, 2, buf, 4);
    check(a.status == tlm::TLM_ADDRESS_ERROR_RESPONSE, "address 2 is not TLM_ADDRESS_ERROR_RESPONSE");
    a = raw(p, tlm::TLM_READ_COMMAND, 0xFFFC, buf, 8);
    check(a.status == tlm::TLM_ADDRESS_ERROR_RESPONSE, "0xFFFC + 8 bytes is not TLM_ADDRESS_ERROR_RESPONSE");
    a = raw(p, tlm::TLM_READ_COMMAND, 0x10000, buf, 4);
    check(a.status == tlm::TLM_ADDRESS_ERROR_RESPONSE, "0x10000 is not TLM_ADDRESS_ERROR_RESPONSE");
    a = raw(p, tlm::TLM_IGNORE_COMMAND, 0x0200, buf, 4);
    check(a.status == tlm::TLM_OK_RESPONSE, "TLM_IGNORE_COMMAND is not OK");

    memset(buf, 0xEE, sizeof buf);
    a = raw(p, tlm::TLM_READ_COMMAND, REG_ID, buf, 12);   // ID, CONFIG, CONTROL
    uint32_t w[3];
    memcpy(w, buf, 12);
    check(a.status == tlm::TLM_OK_RESPONSE && w[0] == REG_ID_VALUE && w[1] == (4096u << 16 | 0x44) && w[2] == 0,
          "a 3-word read of ID, CONFIG, CONTROL");
    check(a.delay == kPeriod * 9.0, "a 3-word read does not annotate 9 clock periods: " + a.delay.to_string());

    memset(buf, 0xEE, sizeof buf);
    a = raw(p, tlm::TLM_READ_COMMAND, REG_IMEM_BASE - 4, buf, 8);   // a hole, then the instruction memory
    check(a.status == tlm::TLM_ADDRESS_ERROR_RESPONSE && buf[0] == 0xEE && buf[4] == 0xEE,
          "a read whose first word is DECERR: not TLM_ADDRESS_ERROR_RESPONSE, or data touched");

    const uint32_t two[2] = { 5, 3 };                  // NUM_GROUPS = 5, then WAVES_PER_GROUP = 3 (refused)
    memcpy(buf, two, 8);
    a = raw(p, tlm::TLM_WRITE_COMMAND, REG_NUM_GROUPS, buf, 8);
    check(a.status == tlm::TLM_GENERIC_ERROR_RESPONSE, "a write whose second word is SLVERR: not GENERIC_ERROR");
    check(a.delay == kPeriod * 4.0, "a 2-word write does not annotate 4 clock periods: " + a.delay.to_string());
    check(p.read32(REG_NUM_GROUPS, &v) == 0 && v == 5, "the first word of a failing write is not applied");

    const uint32_t seven = 7;
    memcpy(buf, &seven, 4);
    const uint8_t low_half[2] = { TLM_BYTE_ENABLED, TLM_BYTE_DISABLED };
    a = raw(p, tlm::TLM_WRITE_COMMAND, REG_NUM_GROUPS, buf, 4, low_half, 2);
    check(a.status == tlm::TLM_GENERIC_ERROR_RESPONSE, "a partial-word write is not SLVERR");
    check(p.read32(REG_NUM_GROUPS, &v) == 0 && v == 5, "a partial-word write changed NUM_GROUPS");
    const uint8_t all_on[4] = { TLM_BYTE_ENABLED, TLM_BYTE_ENABLED, TLM_BYTE_ENABLED, TLM_BYTE_ENABLED };
    a = raw(p, tlm::TLM_WRITE_COMMAND, REG_NUM_GROUPS, buf, 4, all_on, 4);
    check(a.status == tlm::TLM_OK_RESPONSE && p.read32(REG_NUM_GROUPS, &v) == 0 && v == 7,
          "a write with every byte enabled is refused");
    memset(buf, 0xEE, sizeof buf);
    const uint8_t low_byte[4] = { TLM_BYTE_ENABLED, TLM_BYTE_DISABLED, TLM_BYTE_DISABLED, TLM_BYTE_DISABLED };
    a = raw(p, tlm::TLM_READ_COMMAND, REG_ID, buf, 4, low_byte, 4);
    check(a.status == tlm::TLM_OK_RESPONSE && buf[0] == (REG_ID_VALUE & 0xff) && buf[1] == 0xEE,
          "a read copies bytes that are not enabled");

    tlm::tlm_generic_payload t;
    t.set_command(tlm::TLM_READ_COMMAND);
    t.set_address(0);
    t.set_data_ptr(buf);
    t.set_data_length(4);
    tlm::tlm_dmi dmi;
    check(p.host->transport_dbg(t) == 0, "transport_dbg on registers is not 0");
    check(!p.host->get_direct_mem_ptr(t, dmi), "DMI granted on registers");
    check(p.write32(REG_NUM_GROUPS, 1) == 0, "NUM_GROUPS = 1 refused");
    check.report("regs_errors_and_transport_rules", "DECERR, SLVERR, TLM length/alignment/byte-enable rules");
}

void test_reset(Platform &p, const Reference &long_task)
{
    Checks check;
    TaskShape s = start_long_task(p, long_task, 2, check);
    wait(kPeriod * 10.0);

    // Reset in the middle of the task; a register read while rst is high
    // waits until it falls.
    p.rst.write(true);
    wait(kPeriod * 2.0);
    uint32_t during = 0;
    int during_resp = -1;
    sc_time read_done;
    sc_spawn([&]() {
        during_resp = p.read32(REG_NUM_GROUPS, &during);
        read_done = sc_time_stamp();
    });
    wait(kPeriod * 3.0);
    const sc_time released = sc_time_stamp();
    p.rst.write(false);
    wait(kPeriod * 5.0);
    check(during_resp == 0 && during == 1, fmt("a read during reset: response %d value %u", during_resp, during));
    check(read_done >= released, "a read during reset was answered before rst fell, at " + read_done.to_string());

    uint32_t v = 0;
    check(p.read32(REG_STATUS, &v) == 0 && v == 0, fmt("STATUS after reset 0x%x", v));
    check(p.read32(REG_NUM_GROUPS, &v) == 0 && v == 1, fmt("NUM_GROUPS after reset %u", v));
    check(p.read32(REG_WAVES_PER_GROUP, &v) == 0 && v == 1, fmt("WAVES_PER_GROUP after reset %u", v));
    check(p.read32(REG_NUM_CUS, &v) == 0 && v == 4, fmt("NUM_CUS after reset %u", v));
    check(p.read32(REG_IRQ_ENABLE, &v) == 0 && v == 0, fmt("IRQ_ENABLE after reset %u", v));
    check(p.read32(REG_MEM_BYTES, &v) == 0 && v == 0, fmt("MEM_BYTES after reset %u", v));
    check(p.read32(REG_CTR_BASE, &v) == 0 && v == 0, fmt("CU 0 cycles after reset %u", v));
    // The abandoned task never finishes.
    p.write32(REG_IRQ_ENABLE, 1);
    wait(kPeriod * (double)(2 * long_task.total.cycles + 100));
    check(!p.irq.read(), "irq rose after the reset: the abandoned task finished");
    check(p.read32(REG_STATUS, &v) == 0 && v == 0, fmt("STATUS long after reset 0x%x", v));
    check(p.read32(REG_CTR_BASE, &v) == 0 && v == 0, "the abandoned task published its counters");
    check.report("reset_abandons_task_and_restores_registers", "rst during a task; a read in reset waited for rst to fall");

    // After the reset the device runs a task normally.
    check_workload(p, long_task, "reset_then_task_runs", true);
}

void test_mem_error(Platform &small, const Reference &vec)
{
    // small's memory: 1 MiB; DMI is granted for it but does not cover 16 MiB.
    Checks check;
    memcpy(small.memory.data(), vec.before.data(), small.memory.bytes());
    TaskShape s = shape_of(vec);
    const int warnings = device_warnings();
    Observed o = run_task(small, s);
    check(o.error.empty(), o.error);
    check(o.finish == GPU_ERR_BACKEND && o.finish_message.find("mem_error") != std::string::npos,
          fmt("gpu_drv_finish: %s (%s), expected GPU_ERR_BACKEND naming mem_error", gpu_status_name(o.finish),
              o.finish_message.c_str()));
    check(!small.gpu.task_used_dmi(), "DMI used though it does not cover MEM_BYTES");
    check(device_warnings() == warnings + 1, fmt("%d device warnings, expected 1", device_warnings() - warnings));
    check(small.gpu.task_ticks() == 0, "the task ran after a failed copy-in");
    check(memory_diff(vec.before.data(), small.memory.data(), small.memory.bytes()).empty(),
          "memory changed by a task that did not run");
    uint32_t status = 0;
    // The driver cleared done (the interrupt drops); mem_error stays.
    check(small.read32(REG_STATUS, &status) == 0 && status == STATUS_MEM_ERROR && !small.irq.read(),
          fmt("STATUS after the task 0x%x, irq %d: expected mem_error alone, irq low", status, (int)small.irq.read()));

    // Sticky: a correct task (MEM_BYTES = the memory's size) still shows it.
    s.mem_bytes = small.memory.bytes();
    o = run_task(small, s);
    check(o.error.empty(), o.error);
    check(o.finish == GPU_ERR_BACKEND, fmt("mem_error not sticky: gpu_drv_finish %s", gpu_status_name(o.finish)));
    check(memory_diff(vec.after.data(), small.memory.data(), small.memory.bytes()).empty(),
          "the task with a valid MEM_BYTES did not compute vecadd");

    // Reset clears it.
    small.rst.write(true);
    wait(kPeriod * 2.0);
    small.rst.write(false);
    wait(kPeriod);
    check(small.read32(REG_STATUS, &status) == 0 && status == 0, fmt("STATUS after reset 0x%x", status));
    memcpy(small.memory.data(), vec.before.data(), small.memory.bytes());
    o = run_task(small, s);
    check(o.error.empty() && o.finish == GPU_OK, fmt("after reset: %s %s %s", o.error.c_str(),
                                                      gpu_status_name(o.finish), o.finish_message.c_str()));
    check(counters_diff("total", vec.total, o.total).empty(), counters_diff("total", vec.total, o.total));
    check(small.gpu.task_used_dmi(), "the 1 MiB task did not use DMI");
    check.report("mem_error_sticky_until_reset", "MEM_BYTES 16 MiB on a 1 MiB memory: STATUS.mem_error, no run");
}

void test_refused_launch(Platform &p, const Reference &vec)
{
    Checks check;
    TaskShape s = shape_of(vec);
    s.mem_bytes = 0;                               // MEM_BYTES's reset value: golden_create refuses it
    memcpy(p.memory.data(), vec.before.data(), kMemBytes);
    const int warnings = device_warnings();
    Observed o = run_task(p, s);
    check(o.error.empty(), o.error);
    check(o.finish == GPU_ERR_FAULT && o.result.fault == 0 && o.result.lane == -1 && o.result.reg == -1,
          fmt("gpu_drv_finish %s fault %u lane %d reg %d, expected GPU_ERR_FAULT with fault 0",
              gpu_status_name(o.finish), o.result.fault, o.result.lane, o.result.reg));
    check(o.fault_regs[1] == 63 && o.fault_regs[2] == 127, "FAULT_LANE/FAULT_REG not 63/127");
    check(device_warnings() == warnings + 1, fmt("%d device warnings, expected 1", device_warnings() - warnings));
    check(p.gpu.task_ticks() == 0 && o.total.instructions == 0, "the refused task ran");
    check(memory_diff(vec.before.data(), p.memory.data(), kMemBytes).empty(), "memory changed by a refused task");
    check.report("refused_launch_mem_bytes_0", "STATUS.fault with FAULT_CODE 0 and a warning");
}

void test_watchdog(Platform &p)
{
    Checks check;
    kbin k{};
    char err[512] = "";
    if (asm_assemble(kSpinSource, strlen(kSpinSource), "spin", &k, err, sizeof err) != 0) {
        fail("watchdog_stops_task", err);
        return;
    }
    TaskShape s{ std::vector<uint64_t>(k.insts, k.insts + k.num_insts), 1, 1, 0, 1u << 20 };
    kbin_free(&k);
    s.timeout = sc_time(1, SC_MS);
    const int warnings = device_warnings();
    Observed o = run_task(p, s);
    check(o.error.empty(), o.error);
    check(o.finish == GPU_ERR_FAULT && o.result.fault == 0, fmt("gpu_drv_finish %s fault %u", gpu_status_name(o.finish),
                                                                 o.result.fault));
    check(p.gpu.task_ticks() == 1000, fmt("task_ticks %" PRIu64 ", expected max_ticks 1000", p.gpu.task_ticks()));
    check(o.sim_time >= kPeriod * 1000.0, "the stopped task lasted " + o.sim_time.to_string());
    check(o.total.cycles == 1000 && o.total.instructions >= 999, fmt("counters: cycles %" PRIu64 " instructions %" PRIu64,
                                                                      o.total.cycles, o.total.instructions));
    check(device_warnings() == warnings + 1, fmt("%d device warnings, expected 1", device_warnings() - warnings));
    check.report("watchdog_stops_task", "max_ticks 1000: STATUS.fault, FAULT_CODE 0, " + o.sim_time.to_string());
}

// matmul_tiled N = 128 through the device (DMI) and through golden_run alone.
void test_speed(Platform &p)
{
    const std::string name = "speed_matmul_tiled_128";
    const uint32_t n = 128, a_addr = 0x10000, b_addr = a_addr + n * n * 4, c_addr = b_addr + n * n * 4;
    std::string src = read_text("kernels/matmul_tiled.s");
    kbin k{};
    char err[512] = "";
    if (asm_assemble(src.data(), src.size(), "matmul_tiled", &k, err, sizeof err) != 0) {
        fail(name, err);
        return;
    }
    std::vector<uint64_t> code(k.insts, k.insts + k.num_insts);
    const uint32_t waves = k.waves_per_group, lds = k.lds_bytes, groups = (n / 8) * (n / 8);
    kbin_free(&k);
    std::vector<uint32_t> a = random_words(11, n * n, true), b = random_words(12, n * n, true);
    const uint32_t args[4] = { a_addr, b_addr, c_addr, n };

    // golden_run alone: its own memory, the same configuration.
    golden_config gc;
    golden_config_default(&gc);
    gc.num_cus = kNumCus;
    gc.mem_bytes = kMemBytes;
    gc.mem_latency = kMemLatency;
    golden *g = nullptr;
    golden_launch_params lp = { code.data(), (uint32_t)code.size(), groups, waves, lds, kArgsAddr };
    if (golden_create(&g, &gc, err, sizeof err) != GPU_OK) {
        fail(name, err);
        return;
    }
    golden_mem_write(g, kArgsAddr, args, sizeof args);
    golden_mem_write(g, a_addr, a.data(), n * n * 4);
    golden_mem_write(g, b_addr, b.data(), n * n * 4);
    const int reps = 3;
    double golden_best = 1e30;
    gpu_counters golden_ctr{};
    std::vector<uint32_t> c_golden(n * n);
    for (int r = 0; r < reps; r++) {
        golden_launch(g, &lp, err, sizeof err);
        gpu_result res;
        const double t0 = now_seconds();
        gpu_status st = golden_run(g, &res);
        golden_best = std::min(golden_best, now_seconds() - t0);
        if (st != GPU_OK) {
            fail(name, fmt("golden_run: %s", gpu_status_name(st)));
            golden_destroy(g);
            return;
        }
    }
    golden_counters(g, &golden_ctr);
    golden_mem_read(g, c_golden.data(), c_addr, n * n * 4);
    golden_destroy(g);

    // The device, as the driver runs it.
    std::fill(p.memory.data(), p.memory.data() + kMemBytes, 0);
    memcpy(p.memory.data() + kArgsAddr, args, sizeof args);
    memcpy(p.memory.data() + a_addr, a.data(), n * n * 4);
    memcpy(p.memory.data() + b_addr, b.data(), n * n * 4);
    TaskShape s{ code, groups, waves, lds };
    s.timeout = kPeriod * (double)(2 * golden_ctr.cycles) + sc_time(10, SC_US);
    double device_best = 1e30, end_to_end_best = 1e30;
    Observed o;
    for (int r = 0; r < reps; r++) {
        o = run_task(p, s);
        if (!o.error.empty() || o.finish != GPU_OK) {
            fail(name, o.error.empty() ? o.finish_message : o.error);
            return;
        }
        device_best = std::min(device_best, p.gpu.task_wall_seconds());
        end_to_end_best = std::min(end_to_end_best, o.wall);
    }
    std::string d = counters_diff("total", golden_ctr, o.total);
    if (d.empty() && memcmp(p.memory.data() + c_addr, c_golden.data(), n * n * 4) != 0) d = "C differs from golden_run's";
    if (!d.empty()) {
        fail(name, d);
        return;
    }
    const double lane_ops = (double)golden_ctr.lane_ops;
    pass(name, fmt("%" PRIu64 " lane-ops, %" PRIu64 " ticks; golden_run alone %.4f s = %.1f M lane-ops/s; device "
                   "task %.4f s = %.1f M lane-ops/s (%.1f%%); START to irq with the 10 ns clock simulated %.4f s = "
                   "%.1f M lane-ops/s (best of %d)",
                   golden_ctr.lane_ops, golden_ctr.cycles, golden_best, lane_ops / golden_best / 1e6, device_best,
                   lane_ops / device_best / 1e6, 100.0 * golden_best / device_best, end_to_end_best,
                   lane_ops / end_to_end_best / 1e6, reps));
}

// ---------------------------------------------------------------- the bench

struct Bench : sc_module {
    Platform &dmi, &copy, &small, &watchdog;
    bool finished = false;

    SC_HAS_PROCESS(Bench);
    Bench(sc_module_name name, Platform &dmi_, Platform &copy_, Platform &small_, Platform &watchdog_)
        : sc_module(name), dmi(dmi_), copy(copy_), small(small_), watchdog(watchdog_)
    {
        SC_THREAD(run);
    }

    void run()
    {
        for (Platform *p : { &dmi, &copy, &small, &watchdog }) p->rst.write(true);
        wait(kPeriod * 2.0);
        for (Platform *p : { &dmi, &copy, &small, &watchdog }) p->rst.write(false);
        wait(kPeriod);

        test_id_config(dmi);

        Workload two_cus = vecadd("vecadd_u32_on_2_of_4_cus", 1000);
        two_cus.num_cus = 2;
        const Workload workloads[] = {
            vecadd("vecadd_u32", 1000),
            two_cus,
            saxpy("saxpy_f32", 1000),
            matmul("matmul_tiled_64", 64),
            histogram("histogram_global_atomics", 3000, 256),
            atomic_contend("atomic_contend_returning", 8, 4),
            inline_kernel("fault_global_out_of_range_lane", kFaultLaneSource, 8),
            inline_kernel("fault_pc_out_of_range_no_lane", kFaultPcSource, 3),
        };
        std::vector<Reference> refs;
        for (const Workload &w : workloads) refs.push_back(make_reference(w));
        for (size_t i = 0; i < refs.size(); i++) check_workload(dmi, refs[i], workloads[i].name + "_dmi", true);
        for (size_t i = 0; i < refs.size(); i++) check_workload(copy, refs[i], workloads[i].name + "_copy", false);

        const Reference &vec = refs[0], &mat = refs[3];
        test_busy(dmi, mat);
        test_errors_and_transport_rules(dmi);
        test_reset(dmi, mat);
        test_mem_error(small, vec);
        test_refused_launch(dmi, vec);
        test_watchdog(watchdog);
        test_speed(dmi);
        finished = true;
    }
};

} // namespace

// SystemC 2.3.4 prints its banner before it calls sc_main, so a setenv() in
// sc_main is too late; a static initializer runs before both.
static const int systemc_banner_off = setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);

int sc_main(int, char *[])
{
    (void)systemc_banner_off;
    // The device's warnings are expected in some cases; the cases count them.
    sc_report_handler::set_actions(kWaveGpuGoldenMsgType, SC_WARNING, SC_DO_NOTHING);
    const double t0 = now_seconds();
    sc_clock clk("clk", kPeriod);
    WaveGpuGoldenConfig stop_early;
    stop_early.max_ticks = 1000;
    Platform dmi("dmi", clk, kMemBytes, true);
    Platform copy("copy", clk, kMemBytes, false);
    Platform small("small", clk, 1u << 20, true);
    Platform watchdog("watchdog", clk, 1u << 20, true, stop_early);
    Bench bench("bench", dmi, copy, small, watchdog);
    const sc_time limit(1, SC_SEC);      // the cases take about 7 ms
    while (!bench.finished && sc_time_stamp() < limit) sc_start(10, SC_MS);
    if (!bench.finished) {
        printf("FAIL wavegpu_golden_test: the simulation stopped at %s before the cases ended\n",
               sc_time_stamp().to_string().c_str());
        failed++;
    }
    printf("wavegpu_golden_test: %.1f s wall, %s simulated\n", now_seconds() - t0, sc_time_stamp().to_string().c_str());
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
