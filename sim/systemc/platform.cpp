// SPDX-License-Identifier: Apache-2.0
// platform: the SystemC virtual platform of `make systemc` (docs/systemc.md).
//
// One platform per fidelity: a host CPU thread, a TLM router with the
// address map below, a TLM memory with a configurable latency, and the GPU as
// the Verilated RTL (sim/systemc/wavegpu_rtl.h) or the golden-model device
// (sim/systemc/wavegpu_golden.h); the GPU's memory port reaches the same
// memory through the router. The host runs the register-level driver
// (csrc/gpu_driver.h) over its TLM socket: it loads each kernel, writes its
// buffers and arguments, starts it, waits for the interrupt, reads the
// status, fault registers and counters, and reads the results.
//
//   0x0000_0000  device memory (mem_bytes; the GPU's addresses are these)
//   0x4000_0000  the GPU's registers (64 KiB)
//
// Kernels: the seed's matmul_tiled (--n, default 128, on 4 CUs), histogram
// (global and LDS atomics) and fault_oob (faults on purpose). Each output is
// checked against a host reference (C loops), and against the host API's
// golden backend (csrc/gpu.h) run on the same inputs and layout; a fault
// against that backend's result field by field. With --model both, the
// golden platform runs first, then the RTL one, each with its clock stopped
// while the other runs, and the speed ratio of the two on matmul_tiled is
// printed. Prints PASS/FAIL lines and a summary; exit status 0 only if all pass.
#include "axi_dram.h"
#include "tlm_memory.h"
#include "tlm_router.h"
#include "wavegpu_golden.h"
#include "wavegpu_rtl.h"

#include "asm.h"
#include "gpu.h"
#include "gpu_driver.h"
#include "kbin.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include <cerrno>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

using namespace sc_core;

static const uint64_t kMemBase = 0x00000000, kRegsBase = 0x40000000, kRegsSize = 0x10000;
static const uint32_t kArgsAddr = 4096, kHeapBase = 4352, kAlign = 256;   // the host API's layout (csrc/gpu.c)
static const uint32_t kSentinel = 0xDEADBEEF;

// Turns SystemC's banner off (it is printed before sc_main).
static const bool g_quiet_banner = [] { return setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1) == 0; }();

// ------------------------------------------------------------ options

struct Options {
    std::string model = "both";
    unsigned n = 128;                 // matmul_tiled's N
    unsigned num_cus = 4;
    unsigned mem_latency = 100;       // cycles (RTL: the memory's; golden: ticks of a global access)
    uint32_t mem_bytes = 16u << 20;
    uint64_t timeout_cycles = 50000000;
    uint64_t expect_rtl_cycles = 0;   // matmul_tiled's cycles in the C testbench, 0: not compared
    std::string fst, kernels = "kernels";
};

static void usage(FILE *f)
{
    fprintf(f, "usage: wavegpu_systemc [--model rtl|golden|both] [--n N] [--cus N] [--mem-latency CYCLES]\n"
               "                       [--timeout-cycles N] [--expect-rtl-cycles N] [--fst FILE] [--kernels DIR]\n"
               "Runs matmul_tiled (N, default 128), histogram and fault_oob on the SystemC platform at the\n"
               "chosen fidelity (default both) and checks them against host references and the golden model.\n");
}

// A number for an option: digits only, inside [lo, hi]; else a message naming the option.
static bool parse_number(const char *opt, const char *text, uint64_t lo, uint64_t hi, uint64_t *out)
{
    char *end = nullptr;
    errno = 0;
    unsigned long long v = text && *text ? strtoull(text, &end, 10) : 0;
    if (!text || !*text || *end || errno || text[0] == '-' || v < lo || v > hi) {
        fprintf(stderr, "wavegpu_systemc: %s needs a whole number in %" PRIu64 "..%" PRIu64 " (got '%s')\n", opt, lo, hi,
                text ? text : "");
        return false;
    }
    *out = v;
    return true;
}

static bool parse_options(int argc, char **argv, Options *o)
{
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : nullptr;
        uint64_t x = 0;
        if (a == "--help" || a == "-h") {
            usage(stdout);
            exit(0);
        } else if (a == "--model" && v) {
            o->model = v;
            if (o->model != "rtl" && o->model != "golden" && o->model != "both") {
                fprintf(stderr, "wavegpu_systemc: --model is rtl, golden or both (got '%s')\n", v);
                return false;
            }
        } else if (a == "--n" && v) {
            if (!parse_number("--n", v, 8, 512, &x)) return false;
            if (x % 8) {
                fprintf(stderr, "wavegpu_systemc: --n must be a multiple of 8 (got %s)\n", v);
                return false;
            }
            o->n = (unsigned)x;
        } else if (a == "--cus" && v) {
            if (!parse_number("--cus", v, 1, 8, &x)) return false;
            o->num_cus = (unsigned)x;
        } else if (a == "--mem-latency" && v) {
            if (!parse_number("--mem-latency", v, 1, 100000, &x)) return false;
            o->mem_latency = (unsigned)x;
        } else if (a == "--timeout-cycles" && v) {
            if (!parse_number("--timeout-cycles", v, 1, 1ull << 40, &x)) return false;
            o->timeout_cycles = x;
        } else if (a == "--expect-rtl-cycles" && v) {
            if (!parse_number("--expect-rtl-cycles", v, 1, 1ull << 40, &x)) return false;
            o->expect_rtl_cycles = x;
        } else if (a == "--fst" && v) {
            o->fst = v;
        } else if (a == "--kernels" && v) {
            o->kernels = v;
        } else {
            fprintf(stderr, "wavegpu_systemc: %s option '%s'\n", v || a.rfind("--", 0) ? "unknown" : "missing value of",
                    a.c_str());
            usage(stderr);
            return false;
        }
        if (a != "--help" && a != "-h") i++;
    }
    return true;
}

// ------------------------------------------------------------ the kernels

static uint32_t f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

// A fixed-seed generator (splitmix64) for the inputs.
struct Inputs {
    uint64_t s;
    uint32_t next()
    {
        uint64_t z = (s += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return (uint32_t)((z ^ (z >> 31)) >> 16);
    }
    // An f32 in +-[0.5, 2): sums and products stay far from the range's ends.
    uint32_t f32() { return (next() & 0x807FFFFFu) | ((126u + (next() & 1)) << 23); }
};

// One kernel run: its program, grid, input image (at `in`), output buffer (at
// `out`, after the input), arguments, and what it must give.
struct Job {
    std::string name, what;
    kbin program{};
    uint32_t groups = 1, waves = 1, lds = 0;
    std::vector<uint32_t> input, out_init, expect;   // expect: the host reference of out (empty: none)
    std::function<std::vector<uint32_t>(uint32_t in, uint32_t out)> args;
    bool must_fault = false;
    // The host API's golden backend on the same inputs and layout.
    gpu_status ref_status = GPU_OK;
    gpu_result ref_result{};
    gpu_counters ref_counters{};
    std::vector<uint32_t> ref_out;
    std::string ref_error;
};

static bool load_program(const Options &o, const char *name, kbin *out)
{
    std::string path = o.kernels + "/" + name + ".s";
    FILE *f = fopen(path.c_str(), "rb");
    if (!f) {
        fprintf(stderr, "wavegpu_systemc: cannot read %s (--kernels DIR names the kernels folder)\n", path.c_str());
        return false;
    }
    std::string src;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) src.append(buf, n);
    fclose(f);
    char err[512];
    if (asm_assemble(src.data(), src.size(), path.c_str(), out, err, sizeof err) != 0) {
        fprintf(stderr, "wavegpu_systemc: %s\n", err);
        return false;
    }
    return true;
}

static bool make_jobs(const Options &o, std::vector<Job> *jobs)
{
    // matmul_tiled: C = A*B, N x N f32; reference: for each k, mul then add (the kernel's order).
    Job mm;
    mm.name = "matmul_tiled";
    uint32_t n = o.n, nn = n * n;
    Inputs r{ 0x243F6A8885A308D3ull };
    for (uint32_t i = 0; i < 2 * nn; i++) mm.input.push_back(r.f32());
    mm.expect.resize(nn);
    for (uint32_t row = 0; row < n; row++)
        for (uint32_t c = 0; c < n; c++) {
            float sum = 0.0f;
            for (uint32_t k = 0; k < n; k++) sum = sum + u2f(mm.input[row * n + k]) * u2f(mm.input[nn + k * n + c]);
            mm.expect[row * n + c] = f2u(sum);
        }
    mm.out_init.assign(nn, kSentinel);
    mm.groups = (n / 8) * (n / 8);
    mm.waves = 2;
    mm.args = [n, nn](uint32_t in, uint32_t out) { return std::vector<uint32_t>{ in, in + 4 * nn, out, n }; };
    char what[96];
    snprintf(what, sizeof what, "N=%u, %u groups x 2 waves", n, mm.groups);
    mm.what = what;

    // histogram: 64 bins, global atomics of every group on the same bins.
    Job h;
    h.name = "histogram";
    const uint32_t hn = 8192, per = 256;
    Inputs q{ 7000 };
    for (uint32_t i = 0; i < hn; i++) {
        uint32_t v = q.next();
        h.input.push_back(i % 3 ? v : (v & ~63u) | 3);   // a hot bin
    }
    for (unsigned b = 0; b < 64; b++) h.out_init.push_back(q.next() % 1000);
    h.expect = h.out_init;
    for (uint32_t v : h.input) h.expect[v & 63]++;
    h.groups = hn / per;
    h.waves = 2;
    h.args = [hn, per](uint32_t in, uint32_t out) { return std::vector<uint32_t>{ in, hn, out, per }; };
    snprintf(what, sizeof what, "%u values, %u groups x 2 waves", hn, h.groups);
    h.what = what;

    // fault_oob: lanes past the end of memory fault.
    Job f;
    f.name = "fault_oob";
    f.input.assign(64, 0);
    f.out_init.assign(64, 0);
    f.groups = 8;
    f.waves = 1;
    f.must_fault = true;
    uint32_t base = o.mem_bytes - 4 * 32 * 5;   // waves 5.. of the task read past the end
    f.args = [base](uint32_t, uint32_t) { return std::vector<uint32_t>{ base }; };
    f.what = "8 groups x 1 wave, loads past the end of memory";

    jobs->push_back(std::move(mm));
    jobs->push_back(std::move(h));
    jobs->push_back(std::move(f));
    for (Job &j : *jobs)
        if (!load_program(o, j.name.c_str(), &j.program)) return false;
    return true;
}

// The job on the host API's golden backend, with the platform's layout.
static bool run_reference(const Options &o, Job &j)
{
    gpu_config cfg;
    gpu_config_default(&cfg);
    cfg.backend = GPU_BACKEND_GOLDEN;
    cfg.num_cus = o.num_cus;
    cfg.mem_bytes = o.mem_bytes;
    cfg.mem_latency = o.mem_latency;
    char err[256];
    gpu_device *dev = nullptr;
    if (gpu_open(&cfg, &dev, err, sizeof err) != GPU_OK) {
        j.ref_error = err;
        return false;
    }
    uint8_t *bin = nullptr;
    size_t len = 0;
    gpu_kernel *k = nullptr;
    gpu_addr in = 0, out = 0;
    bool ok = kbin_serialize(&j.program, &bin, &len, err, sizeof err) == 0 &&
              gpu_kernel_load(dev, bin, len, &k) == GPU_OK &&
              gpu_alloc(dev, (uint32_t)j.input.size() * 4, &in) == GPU_OK &&
              gpu_alloc(dev, (uint32_t)j.out_init.size() * 4, &out) == GPU_OK &&
              gpu_write(dev, in, j.input.data(), (uint32_t)j.input.size() * 4) == GPU_OK &&
              gpu_write(dev, out, j.out_init.data(), (uint32_t)j.out_init.size() * 4) == GPU_OK;
    if (ok) {
        std::vector<uint32_t> args = j.args(in, out);
        gpu_launch_params p{ j.groups, j.waves, j.lds, args.data(), (uint32_t)args.size() };
        ok = gpu_launch(dev, k, &p) == GPU_OK;
        if (ok) {
            j.ref_status = gpu_wait(dev, &j.ref_result);
            gpu_read_counters(dev, &j.ref_counters);
            j.ref_out.resize(j.out_init.size());
            ok = gpu_read(dev, j.ref_out.data(), out, (uint32_t)j.ref_out.size() * 4) == GPU_OK;
        }
    }
    if (!ok && j.ref_error.empty()) j.ref_error = gpu_last_error(dev);
    free(bin);
    gpu_kernel_free(k);
    gpu_close(dev);
    return ok;
}

// ------------------------------------------------------------ the platform

// A clock that runs only while enabled (the RTL's, stopped while the other
// platform runs so that its idle cycles cost nothing).
struct GatedClock : sc_module {
    sc_out<bool> clk;
    sc_time period;
    bool enabled = false;
    sc_event enable_event;
    SC_HAS_PROCESS(GatedClock);
    GatedClock(sc_module_name n, const sc_time &p) : sc_module(n), clk("clk"), period(p) { SC_THREAD(run); }
    void enable(bool on)
    {
        enabled = on;
        if (on) enable_event.notify();
    }
    void run()
    {
        clk.write(false);
        for (;;) {
            if (!enabled) wait(enable_event);
            wait(period / 2);
            clk.write(true);
            wait(period / 2);
            clk.write(false);
        }
    }
};

struct Outcome {
    std::string model, job;
    bool pass = false;
    std::string why;
    uint64_t cycles = 0, lane_ops = 0;
    double wall = 0;
};

struct Platform;

// The host CPU: the driver over its socket, the kernels one after another.
struct Host : sc_module {
    tlm_utils::simple_initiator_socket<Host> bus;
    sc_in<bool> irq;
    sc_out<bool> rst;
    Platform &pf;
    const Options &o;
    std::vector<Job> &jobs;
    std::vector<Outcome> &results;
    sc_event *start_after = nullptr;   // wait for this before running (the other platform's end)
    sc_event finished;
    bool done = false;

    SC_HAS_PROCESS(Host);
    Host(sc_module_name n, Platform &p, const Options &opt, std::vector<Job> &j, std::vector<Outcome> &r)
        : sc_module(n), bus("bus"), irq("irq"), rst("rst"), pf(p), o(opt), jobs(j), results(r)
    {
        SC_THREAD(run);
    }
    void run();
    bool run_job(Job &j, Outcome &out);
    bool golden_fidelity() const;
    bool mem_access(tlm::tlm_command cmd, uint64_t addr, void *data, uint32_t bytes);

    static int reg_access(void *ctx, uint32_t addr, uint32_t *value, bool write)
    {
        Host *h = static_cast<Host *>(ctx);
        tlm::tlm_generic_payload t;
        sc_time delay = SC_ZERO_TIME;
        t.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
        t.set_address(kRegsBase + addr);
        t.set_data_ptr(reinterpret_cast<unsigned char *>(value));
        t.set_data_length(4);
        t.set_streaming_width(4);
        t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        h->bus->b_transport(t, delay);
        if (delay > SC_ZERO_TIME) sc_core::wait(delay);
        switch (t.get_response_status()) {
        case tlm::TLM_OK_RESPONSE: return 0;
        case tlm::TLM_GENERIC_ERROR_RESPONSE: return 2;
        case tlm::TLM_ADDRESS_ERROR_RESPONSE: return 3;
        default: return 1;
        }
    }
    static int read32(void *ctx, uint32_t addr, uint32_t *v) { return reg_access(ctx, addr, v, false); }
    static int write32(void *ctx, uint32_t addr, uint32_t v) { return reg_access(ctx, addr, &v, true); }
};

struct Platform {
    std::string model;
    sc_signal<bool> clk{ "clk" }, rst{ "rst" }, irq{ "irq" };
    std::unique_ptr<GatedClock> clock;
    TlmRouter router;
    TlmMemory memory;
    std::unique_ptr<WaveGpuRtl> rtl;
    std::unique_ptr<WaveGpuGolden> golden;
    Host host;

    Platform(const std::string &m, const Options &o, std::vector<Job> &jobs, std::vector<Outcome> &results)
        : model(m), router((m + "_bus").c_str(), { { m + "_to_memory", kMemBase, o.mem_bytes },
                                                   { m + "_to_gpu_regs", kRegsBase, kRegsSize } }),
          memory((m + "_memory").c_str(), o.mem_bytes, kPeriod() * (double)o.mem_latency),
          host((m + "_host").c_str(), *this, o, jobs, results)
    {
        host.bus.bind(router.in);
        host.irq(irq);
        host.rst(rst);
        router.target(0).bind(memory.socket);
        tlm::tlm_target_socket<32> *regs;
        tlm::tlm_initiator_socket<32> *mem;
        if (m == "rtl") {
            clock = std::make_unique<GatedClock>("rtl_clock", kPeriod());
            clock->clk(clk);
            WaveGpuRtlConfig c;
            c.clock_period = kPeriod();
            c.fst_path = o.fst;
            rtl = std::make_unique<WaveGpuRtl>("rtl_gpu", c);
            rtl->clk(clk);
            rtl->rst(rst);
            rtl->irq(irq);
            regs = &rtl->regs;
            mem = &rtl->mem;
        } else {
            WaveGpuGoldenConfig c;
            c.num_cus = WaveGpuRtl::num_cus();   // the same "build" as the RTL fidelity's
            c.clock_period = kPeriod();
            c.mem_latency = o.mem_latency;
            golden = std::make_unique<WaveGpuGolden>("golden_gpu", c);
            golden->clk(clk);
            golden->rst(rst);
            golden->irq(irq);
            regs = &golden->regs;
            mem = &golden->mem;
        }
        router.target(1).bind(*regs);
        mem->bind(router.in);
    }
    static sc_time kPeriod() { return sc_time(10, SC_NS); }
};

bool Host::golden_fidelity() const { return pf.golden != nullptr; }

bool Host::mem_access(tlm::tlm_command cmd, uint64_t addr, void *data, uint32_t bytes)
{
    tlm::tlm_generic_payload t;
    sc_time delay = SC_ZERO_TIME;
    t.set_command(cmd);
    t.set_address(kMemBase + addr);
    t.set_data_ptr(static_cast<unsigned char *>(data));
    t.set_data_length(bytes);
    t.set_streaming_width(bytes);
    t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    bus->b_transport(t, delay);
    return t.get_response_status() == tlm::TLM_OK_RESPONSE;
}

static std::string first_difference(const std::vector<uint32_t> &want, const std::vector<uint32_t> &got, const char *vs)
{
    for (size_t i = 0; i < want.size(); i++)
        if (i >= got.size() || want[i] != got[i]) {
            char m[160];
            snprintf(m, sizeof m, "word %zu is 0x%08x, %s gives 0x%08x", i, i < got.size() ? got[i] : 0, vs, want[i]);
            return m;
        }
    return "";
}

bool Host::run_job(Job &j, Outcome &out)
{
    gpu_drv_port port{ this, read32, write32 };
    char err[256] = "";
    uint32_t in = kHeapBase;
    uint32_t in_bytes = (uint32_t)j.input.size() * 4;
    uint32_t out_addr = in + (in_bytes + kAlign - 1) / kAlign * kAlign;
    std::vector<uint32_t> args = j.args(in, out_addr);
    std::vector<uint32_t> args_block(64, 0);
    std::copy(args.begin(), args.end(), args_block.begin());
    if (!mem_access(tlm::TLM_WRITE_COMMAND, in, j.input.data(), in_bytes) ||
        !mem_access(tlm::TLM_WRITE_COMMAND, out_addr, j.out_init.data(), (uint32_t)j.out_init.size() * 4) ||
        !mem_access(tlm::TLM_WRITE_COMMAND, kArgsAddr, args_block.data(), 256)) {
        out.why = "the host's writes to memory failed";
        return false;
    }
    // 0: the kernel's declaration (.waves, .lds), as gpu_launch_params says.
    uint32_t waves = j.waves ? j.waves : j.program.waves_per_group, lds = j.lds ? j.lds : j.program.lds_bytes;
    gpu_drv_task t{ j.groups, waves, lds, j.program.num_insts, kArgsAddr, o.mem_bytes, o.num_cus };
    if (gpu_drv_load_program(&port, j.program.insts, j.program.num_insts, err, sizeof err) != GPU_OK) {
        out.why = err;
        return false;
    }
    auto t0 = std::chrono::steady_clock::now();
    if (gpu_drv_start(&port, &t, err, sizeof err) != GPU_OK) {
        out.why = err;
        return false;
    }
    sc_time limit = Platform::kPeriod() * (double)o.timeout_cycles;
    if (!irq.read()) wait(limit, irq.posedge_event());
    out.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!irq.read()) {
        char m[160];
        snprintf(m, sizeof m, "no interrupt within %" PRIu64 " cycles (--timeout-cycles)", o.timeout_cycles);
        out.why = m;
        return false;
    }
    gpu_result res;
    gpu_status st = gpu_drv_finish(&port, &res, err, sizeof err);
    if (st != GPU_OK && st != GPU_ERR_FAULT) {
        out.why = err;
        return false;
    }
    gpu_counters total{}, per_cu[8];
    if (gpu_drv_read_counters(&port, o.num_cus, &total, per_cu, err, sizeof err) != GPU_OK) {
        out.why = err;
        return false;
    }
    out.cycles = total.cycles;
    out.lane_ops = total.lane_ops;
    std::vector<uint32_t> got(j.out_init.size());
    if (!mem_access(tlm::TLM_READ_COMMAND, out_addr, got.data(), (uint32_t)got.size() * 4)) {
        out.why = "the host's read of the output failed";
        return false;
    }

    // The checks: the fault against the golden model's; the output against the
    // host reference and the golden model's; the counters both model.
    char m[320];
    if (j.must_fault != (st == GPU_ERR_FAULT) || j.ref_status != st) {
        snprintf(m, sizeof m, "the task ended with %s (fault %u, wave %u, pc %u, lane %d, addr 0x%x), the golden "
                 "model's with %s", gpu_status_name(st), res.fault, res.wave, res.pc, res.lane, res.addr,
                 gpu_status_name(j.ref_status));
        out.why = m;
        return false;
    }
    if (st == GPU_ERR_FAULT) {
        const gpu_result &r = j.ref_result;
        if (res.fault != r.fault || res.cu != r.cu || res.wave != r.wave || res.group != r.group || res.pc != r.pc ||
            res.inst != r.inst || res.lane != r.lane || res.addr != r.addr || res.reg != r.reg) {
            snprintf(m, sizeof m, "fault registers: code %u cu %u wave %u group %u pc %u lane %d addr 0x%x reg %d; "
                     "golden model: code %u cu %u wave %u group %u pc %u lane %d addr 0x%x reg %d",
                     res.fault, res.cu, res.wave, res.group, res.pc, res.lane, res.addr, res.reg, r.fault, r.cu,
                     r.wave, r.group, r.pc, r.lane, r.addr, r.reg);
            out.why = m;
            return false;
        }
        snprintf(m, sizeof m, "fault %u (wave %u, group %u, pc %u, lane %d, addr 0x%x) as the golden model's", res.fault,
                 res.wave, res.group, res.pc, res.lane, res.addr);
        out.why = m;
        return true;
    }
    if (!j.expect.empty()) out.why = first_difference(j.expect, got, "the host reference");
    if (out.why.empty()) out.why = first_difference(j.ref_out, got, "the golden model");
    if (!out.why.empty()) return false;
    uint64_t a = 0, b = 0;
    if (const char *name = gpu_counters_diff(&total, &j.ref_counters, &a, &b, nullptr)) {
        snprintf(m, sizeof m, "counter %s is %" PRIu64 ", the golden model's %" PRIu64, name, a, b);
        out.why = m;
        return false;
    }
    if (golden_fidelity() && total.cycles != j.ref_counters.cycles) {
        snprintf(m, sizeof m, "cycles %" PRIu64 ", the host API's golden backend %" PRIu64, total.cycles,
                 j.ref_counters.cycles);
        out.why = m;
        return false;
    }
    snprintf(m, sizeof m, "output = host reference = golden model, %s counters agree",
             golden_fidelity() ? "all" : "the modelled");
    out.why = m;
    return true;
}

void Host::run()
{
    if (start_after) wait(*start_after);
    if (pf.clock) pf.clock->enable(true);
    rst.write(true);
    wait(Platform::kPeriod() * 5);
    rst.write(false);
    wait(Platform::kPeriod() * 2);
    gpu_drv_port port{ this, read32, write32 };
    gpu_drv_info info{};
    char err[256] = "";
    bool probed = gpu_drv_probe(&port, &info, err, sizeof err) == GPU_OK;
    if (probed && info.num_cus < o.num_cus) {
        snprintf(err, sizeof err, "the GPU has %u CUs, --cus asks for %u", info.num_cus, o.num_cus);
        probed = false;
    }
    for (Job &j : jobs) {
        Outcome out;
        out.model = pf.model;
        out.job = j.name;
        if (!probed) out.why = err;
        else out.pass = run_job(j, out);
        results.push_back(out);
    }
    if (pf.clock) pf.clock->enable(false);
    done = true;
    finished.notify();
}

int sc_main(int argc, char **argv)
{
    (void)g_quiet_banner;
    Options o;
    if (!parse_options(argc, argv, &o)) return 2;
    if (!o.fst.empty() && o.model == "golden") {
        fprintf(stderr, "wavegpu_systemc: --fst traces the RTL; use --model rtl or both\n");
        return 2;
    }
    std::vector<Job> jobs;
    if (!make_jobs(o, &jobs)) return 2;
    for (Job &j : jobs)
        if (!run_reference(o, j)) {
            fprintf(stderr, "wavegpu_systemc: the host API's golden backend could not run %s: %s\n", j.name.c_str(),
                    j.ref_error.c_str());
            return 1;
        }
    sc_report_handler::set_actions(SC_ERROR, SC_DISPLAY | SC_THROW);
    std::vector<Outcome> results;
    std::unique_ptr<Platform> golden, rtl;
    if (o.model != "rtl") golden = std::make_unique<Platform>("golden", o, jobs, results);
    if (o.model != "golden") rtl = std::make_unique<Platform>("rtl", o, jobs, results);
    if (golden && rtl) rtl->host.start_after = &golden->host.finished;
    try {
        sc_start();
    } catch (const std::exception &x) {
        printf("FAIL systemc: the simulation stopped: %s\n", x.what());
        return 1;
    }
    unsigned pass = 0, fail = 0;
    const Outcome *mm_rtl = nullptr, *mm_golden = nullptr;
    for (const Outcome &r : results) {
        printf("%s systemc_%s_%s: %s (%" PRIu64 " cycles, %.2f s)\n", r.pass ? "PASS" : "FAIL", r.model.c_str(),
               r.job.c_str(), r.why.c_str(), r.cycles, r.wall);
        (r.pass ? pass : fail)++;
        if (r.job == "matmul_tiled") (r.model == "rtl" ? mm_rtl : mm_golden) = &r;
    }
    if (mm_rtl && o.expect_rtl_cycles) {
        bool same = mm_rtl->cycles == o.expect_rtl_cycles;
        printf("%s systemc_rtl_cycles_match_c_testbench: matmul_tiled %" PRIu64 " cycles, the C testbench %" PRIu64 "\n",
               same ? "PASS" : "FAIL", mm_rtl->cycles, o.expect_rtl_cycles);
        (same ? pass : fail)++;
    }
    printf("\n%-7s %-13s %12s %10s %14s %14s\n", "model", "kernel", "cycles", "wall s", "cycles/s", "lane-ops/s");
    for (const Outcome &r : results)
        printf("%-7s %-13s %12" PRIu64 " %10.3f %14.0f %14.0f\n", r.model.c_str(), r.job.c_str(), r.cycles, r.wall,
               r.wall > 0 ? r.cycles / r.wall : 0.0, r.wall > 0 ? r.lane_ops / r.wall : 0.0);
    if (mm_rtl && mm_golden && mm_rtl->wall > 0 && mm_golden->wall > 0)
        printf("\nmatmul_tiled N=%u: the golden-model device runs %.1fx the RTL's lane-ops per second of wall time\n",
               o.n, (mm_golden->lane_ops / mm_golden->wall) / (mm_rtl->lane_ops / mm_rtl->wall));
    printf("%u passed, %u failed\n", pass, fail);
    for (Job &j : jobs) kbin_free(&j.program);
    return fail ? 1 : 0;
}
