// SPDX-License-Identifier: Apache-2.0
// rtl_backend.cpp: the RTL backend (sim/rtl_backend.h): the Verilator shim.
// It drives gpu_top's ports as docs/architecture.md ("The gpu_top contract")
// specifies: the host's registers through the AXI4-Lite slave
// (sim/axil_master.h), the memory behind its AXI4 port is sim/axi_dram.h, both
// ports are checked by sim/axi_check.h every cycle, and the lockstep checking
// is sim/lockstep.h, all free of Verilator. Everything that knows about the
// Verilated model's C++ types is in this file.
#include "Vgpu_top.h"
#include "verilated.h"
#if VM_COVERAGE
#include "verilated_cov.h"
#endif
#if VM_TRACE_FST
#include "verilated_fst_c.h"
#else
// A model Verilated without --trace-fst (the speed comparison of the
// Makefile's notrace variant): asking for a trace fails at gpu_open.
struct VerilatedFstC {
    bool isOpen() const { return false; }
    void open(const char *) {}
    void dump(uint64_t) {}
    void flush() {}
    void close() {}
};
#endif

#include "gpu_ctr.h"       // generated from rtl/gpu_ctr_pkg.sv (build/vtop/)
#include "gpu_regs.h"      // generated from rtl/gpu_regs_pkg.sv (build/vtop/)
#include "gpu_top_cfg.h"   // generated: GPU_TOP_NUM_CUS, GPU_TOP_L2_SLICES (NumCus, L2Slices of the build)
#include "lockstep.h"
#include "axi_check.h"
#include "axi_dram.h"
#include "axil_master.h"
#include "rtl_backend.h"

#include "golden_cov.h"
#include "gpu_backend.h"
#include "gpu_driver.h"
#include "isa.h"
#include "parse_num.h"

#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>
#if VM_COVERAGE
#include <unistd.h>
#endif

static_assert(GPU_TOP_NUM_CUS >= 1 && GPU_TOP_NUM_CUS <= RTL_MAX_CUS, "NumCus out of range");
static_assert(GPU_TOP_L2_SLICES >= 1 && GPU_TOP_L2_SLICES <= 8, "L2Slices out of range");
static_assert(NUM_CTRS <= RTL_MAX_CTRS, "more counters than rtl_run_stats holds");
static_assert(NUM_MEM_CTRS <= RTL_MAX_MEM_CTRS, "more memory counters than rtl_run_stats holds");

// ---------------------------------------------------------------- port bits

// Bits [lo +: w] (w <= 32 for wide signals, <= 64 otherwise) of a port of any
// Verilated type: CData/SData/IData/QData or VlWide<N>.
template <typename T>
static inline uint64_t bits(const T &v, unsigned lo, unsigned w)
{
    static_assert(std::is_integral<T>::value, "port type");
    uint64_t x = (uint64_t)v >> lo;
    return w >= 64 ? x : x & ((1ull << w) - 1);
}

template <std::size_t N>
static inline uint64_t bits(const VlWide<N> &v, unsigned lo, unsigned w)
{
    unsigned i = lo / 32, s = lo % 32;
    uint64_t x = (uint64_t)v[i] >> s;
    if (32 - s < w && i + 1 < N) x |= (uint64_t)v[i + 1] << (32 - s);
    return x & ((1ull << w) - 1);
}

// The port widths must be those of the contract for GPU_TOP_NUM_CUS CUs.
static_assert(sizeof(Vgpu_top::tr_dest_data_o) == GPU_TOP_NUM_CUS * 128, "tr_dest_data_o is not NumCus*1024 bits: "
              "build/vtop/gpu_top_cfg.h does not match the Verilated model");

// ---------------------------------------------------------------- process-wide settings

// The only mutable globals of the shim: the trace and timeline requests of
// the sim program (applied at gpu_open), the statistics of the last run and the
// number of line and toggle coverage files this process has written.
static rtl_trace_config g_trace;
static std::string g_trace_path;
static std::string g_timeline_path;    // rtl_backend_set_timeline ("" = off)
static uint64_t g_timeline_every;
static rtl_run_stats g_last;
static bool g_have_last;
#if VM_COVERAGE
static unsigned g_cov_files;
#endif

extern "C" void rtl_backend_set_trace(const rtl_trace_config *t)
{
    if (!t || !t->path || !*t->path) {
        memset(&g_trace, 0, sizeof g_trace);
        g_trace_path.clear();
        return;
    }
    g_trace = *t;
    g_trace_path = t->path;
    g_trace.path = g_trace_path.c_str();
}

extern "C" void rtl_backend_set_timeline(const rtl_timeline_config *t)
{
    bool on = t && t->path && *t->path;
    g_timeline_path = on ? t->path : "";
    g_timeline_every = on && t->every ? t->every : 1;
}

extern "C" unsigned rtl_backend_max_cus(void) { return GPU_TOP_NUM_CUS; }
extern "C" unsigned rtl_backend_num_ctrs(void) { return NUM_CTRS; }

extern "C" const char *rtl_backend_ctr_name(unsigned i)
{
    static const char *const names[] = { GPU_CTR_NAMES };
    return i < NUM_CTRS ? names[i] : nullptr;
}

extern "C" bool rtl_backend_last_run(rtl_run_stats *s)
{
    if (!g_have_last || !s) return false;
    *s = g_last;
    return true;
}

// A number from the environment, parsed strictly (csrc/parse_num.h): unset
// or empty gives dflt; anything else that is not a number in lo..hi is an
// error whose message names the variable (msg), and gives false.
static bool env_u64(const char *name, uint64_t dflt, uint64_t *out, std::string &msg, uint64_t lo = 0,
                    uint64_t hi = UINT64_MAX)
{
    const char *v = getenv(name);
    *out = dflt;
    if (!v || !*v) return true;
    char e[256];
    if (parse_u64_opt(name, v, lo, hi, out, e, sizeof e) == 0) return true;
    msg = std::string("environment: ") + e;
    return false;
}

// Planted memory errors (WAVEGPU_MEM_ERROR, rtl_backend.h): a comma-separated
// list of read:N or write:N, each optionally :slverr or :decerr (the
// response; SLVERR by default, one for both).
static bool mem_errors(AxiDramConfig &dc, std::string &msg)
{
    const char *v = getenv("WAVEGPU_MEM_ERROR");
    if (!v || !*v) return true;
    std::string all(v), item;
    size_t at = 0;
    while (at <= all.size()) {
        size_t comma = all.find(',', at);
        item = all.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
        at = comma == std::string::npos ? all.size() + 1 : comma + 1;
        size_t c1 = item.find(':');
        std::string kind = item.substr(0, c1), num, resp;
        if (c1 != std::string::npos) {
            size_t c2 = item.find(':', c1 + 1);
            num = item.substr(c1 + 1, c2 == std::string::npos ? std::string::npos : c2 - c1 - 1);
            if (c2 != std::string::npos) resp = item.substr(c2 + 1);
        }
        uint64_t n = 0;
        char e[200];
        if ((kind != "read" && kind != "write") || c1 == std::string::npos ||
            parse_u64_opt("WAVEGPU_MEM_ERROR", num.c_str(), 1, UINT64_MAX, &n, e, sizeof e) != 0 ||
            (!resp.empty() && resp != "slverr" && resp != "decerr")) {
            msg = "environment: WAVEGPU_MEM_ERROR: '" + item +
                  "' is not read:N or write:N (the N-th burst from 1, optionally :slverr or :decerr)";
            return false;
        }
        (kind == "read" ? dc.error_read : dc.error_write) = n;
        if (resp == "decerr") dc.error_resp = AXI_RESP_DECERR;
    }
    return true;
}

// The model's initial state (WAVEGPU_SEED, rtl_backend.h): "random:<seed>",
// "zeros" or "ones". Returns false with a message for any other value.
static bool initial_state(int *reset, uint64_t *seed, std::string &msg)
{
    const char *v = getenv("WAVEGPU_SEED");
    *reset = 2;
    *seed = 1;
    if (!v || !*v) return true;
    if (!strcmp(v, "zeros")) *reset = 0;
    else if (!strcmp(v, "ones")) *reset = 1;
    else if (!env_u64("WAVEGPU_SEED", 1, seed, msg, 1, INT32_MAX)) {
        msg += " (a seed 1..2147483647 for a random initial state, or zeros or ones)";
        return false;
    }
    return true;
}

// ---------------------------------------------------------------- the device

namespace {

// The timeline (rtl_backend_set_timeline): per CU, the events of its trace
// port and of its L1's lookup counted over intervals of `every` cycles, the
// groups resident summed over the interval's cycles, and the groups and
// waves resident at its last cycle; written as text rows.
enum { TL_INSTS, TL_VALU, TL_LDS, TL_GMEM, TL_MEM_REQS, TL_L1_HITS, TL_MEM_DONE, TL_PLACED, TL_GROUP_CYCLES, TL_NUM };
static const char *const tl_names[TL_NUM] = { "insts", "valu", "lds", "gmem", "mem_reqs", "l1_hits", "mem_done", "placed",
                                              "group_cycles" };

struct Timeline {
    std::string path;
    uint64_t every = 1;
    unsigned num_cus = 0, groups = 0, waves = 1;   // of the launch
    uint64_t n[GPU_TOP_NUM_CUS][TL_NUM];           // the current interval's events
    int slot_group[GPU_TOP_NUM_CUS][2];            // the group in each wave slot, or -1
    bool any_row = false;
    uint64_t last_row = 0;                         // the last cycle of the last row's interval
    uint64_t first = 0;                            // the first cycle of the current interval
    std::string rows;

    void start(unsigned cus, unsigned num_groups, unsigned waves_per_group)
    {
        num_cus = cus;
        groups = num_groups;
        waves = waves_per_group ? waves_per_group : 1;
        memset(n, 0, sizeof n);
        for (auto &c : slot_group) c[0] = c[1] = -1;
        any_row = false;
        last_row = 0;
        first = 0;
        rows.clear();
    }
    static unsigned waves_in(const int *sg) { return (sg[0] >= 0) + (sg[1] >= 0); }
    static unsigned groups_in(const int *sg) { return waves_in(sg) - (sg[0] >= 0 && sg[0] == sg[1]); }
    // One row per CU for the interval ending with cycle c.
    void row(uint64_t c)
    {
        char b[256];
        for (unsigned cu = 0; cu < num_cus; cu++) {
            int len = snprintf(b, sizeof b, "%" PRIu64 " %" PRIu64 " %u", c, c + 1 - first, cu);
            for (unsigned i = 0; i < TL_NUM; i++) len += snprintf(b + len, sizeof b - (size_t)len, " %" PRIu64, n[cu][i]);
            snprintf(b + len, sizeof b - (size_t)len, " %u %u\n", groups_in(slot_group[cu]), waves_in(slot_group[cu]));
            rows += b;
        }
        memset(n, 0, sizeof n);
        any_row = true;
        last_row = c;
        first = c + 1;
    }
    // Cycle c's events have been counted: its resident groups, and the row
    // if c is its interval's last cycle.
    void tick(uint64_t c)
    {
        for (unsigned cu = 0; cu < num_cus; cu++) n[cu][TL_GROUP_CYCLES] += groups_in(slot_group[cu]);
        if ((c + 1) % every == 0) row(c);
    }
    // The run ended with cycle `cycles`: the last row, then the file.
    bool write(uint64_t cycles, std::string &msg)
    {
        if (!any_row || last_row < cycles) row(cycles);
        FILE *f = fopen(path.c_str(), "w");
        if (!f) {
            msg = "cannot write the timeline file " + path;
            return false;
        }
        fprintf(f, "# wavegpu timeline (sim/rtl_backend.h): per CU, the events of every %" PRIu64 " cycles\n", every);
        fprintf(f, "# launch: %u groups x %u waves on %u CUs, %" PRIu64 " cycles\n", groups, waves, num_cus, cycles);
        fprintf(f, "# cycle: the interval's last cycle; len: its cycles; then the CU's events in it: insts, valu,\n"
                   "# lds, gmem: instructions retired (all, vector ALU, LDS, global memory); mem_reqs, l1_hits: line\n"
                   "# requests through the L1's lookup, those it served; mem_done: global accesses completed;\n"
                   "# placed: groups placed; group_cycles: groups resident, summed over its cycles (/ len: the mean);\n"
                   "# groups, waves: resident at its last cycle\n");
        fprintf(f, "# cycle len cu");
        for (unsigned i = 0; i < TL_NUM; i++) fprintf(f, " %s", tl_names[i]);
        fprintf(f, " groups waves\n");
        fputs(rows.c_str(), f);
        if (fclose(f) != 0) {
            msg = "cannot write the timeline file " + path;
            return false;
        }
        return true;
    }
};

struct RtlDev {
    gpu_config cfg{};
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vgpu_top> top;
    std::unique_ptr<AxiDram> mem;          // the DRAM behind the AXI4 port
    AxiCheck axi;                          // its protocol checker
    AxilMaster host;                       // the host on the AXI4-Lite register port
    AxiCheck axil{ 4, 0 };                 // ... and its protocol checker
    std::vector<uint64_t> imem;            // the program in the instruction memory (the first imem_known words)
    size_t imem_known = 0;
    uint64_t axi_events = 0;               // handshakes on the port (progress for the watchdog)
    uint64_t r_bursts = 0;                 // read bursts completed (last beat taken)
    int rand_reset = 2;                    // Verilator's randReset: 0 zeros, 1 ones, 2 random (WAVEGPU_SEED)
    uint64_t rand_seed = 1;
    bool mem_err_seen = false;             // an error response was taken in this launch: lockstep stops there
    uint64_t lose_after = 0;               // fault injection: no R beat after this many read bursts
    std::unique_ptr<Lockstep> ls;          // null: lockstep off
    golden_cov *cov = nullptr;             // functional coverage of what only the RTL sees (WAVEGPU_COVERAGE), or null
    std::unique_ptr<VerilatedFstC> fst;    // null: no trace
    rtl_trace_config trace{};
    std::string trace_path;
    std::unique_ptr<Timeline> tl;          // null: no timeline

    uint64_t edge = 0;                     // rising edges since reset began
    uint64_t launch_edge = 0;
    bool in_run = false;                   // between launch and the end of the run: dump waves
    bool need_reset = false;               // a run was cut short; reset before the next
    bool resync = false;                   // ... and the golden memory may differ: copy the RTL's
    uint64_t fst_base = 0, fst_next_base = 0, traced = 0;
    std::string err;

    gpu_counters counters{};
    rtl_run_stats stats{};

    uint64_t cycle() const { return edge - launch_edge; }
    bool tracing(uint64_t c) const { return fst && in_run && c >= trace.start && (trace.end == 0 || c < trace.end); }
    void dump(unsigned half)
    {
        if (edge < launch_edge) return;
        uint64_t c = cycle();
        if (!tracing(c)) return;
        if (!fst->isOpen()) fst->open(trace_path.c_str());
        uint64_t t = (fst_base + c) * 10 + half;
        fst->dump(t);
        if (!half) traced++;
        if (fst_base + c + 1 > fst_next_base) fst_next_base = fst_base + c + 1;
    }
    bool clock();
    bool reset();
    bool reg_write(uint32_t addr, uint32_t value, const char *what);
    bool reg_read(uint32_t addr, uint32_t *value, const char *what);
    bool read_counters();
    // CU c's counters as read by read_counters (the memory system's stay 0).
    gpu_counters cu_counters(unsigned c) const;
    bool replay();
    void timeline_events();
};

// One clock cycle ending just after a rising edge: drive the slave side of the
// AXI4 port for the coming edge (from the DRAM model's state only), settle with
// the clock low, check the port (sim/axi_check.h), hand the edge's handshakes
// to the DRAM model, then raise the clock.
bool RtlDev::clock()
{
    uint64_t next = edge + 1;
    Vgpu_top &t = *top;
    bool in_reset = t.rst_i;      // outputs are undefined until reset: no handshake
    AxiR r{};
    AxiB b{};
    bool rv = !in_reset && mem->r(next, &r) && !(lose_after && r_bursts >= lose_after);
    bool bv = !in_reset && mem->b(next, &b);
    t.m_axi_arready = !in_reset && mem->arready(next);
    t.m_axi_awready = !in_reset && mem->awready(next);
    t.m_axi_wready = !in_reset && mem->wready(next);
    t.m_axi_rvalid = rv;
    t.m_axi_rid = r.id;
    for (unsigned i = 0; i < 4; i++) t.m_axi_rdata[i] = r.data[i];
    t.m_axi_rresp = r.resp;
    t.m_axi_rlast = r.last;
    t.m_axi_bvalid = bv;
    t.m_axi_bid = b.id;
    t.m_axi_bresp = b.resp;
    AxilMasterPins hp = in_reset ? AxilMasterPins{} : host.pins();
    axil_drive(t, hp);
    t.clk_i = 0;
    t.eval();
    dump(5);

    AxilSlavePins hs = axil_sample(t);
    if (!axil.cycle(next, axil_signals(hp, hs), in_reset)) {
        err = "AXI4-Lite port: " + axil.error();
        return false;
    }
    if (!in_reset) host.edge(next, hs);

    AxiSignals p{};
    p.arvalid = t.m_axi_arvalid;
    p.arready = t.m_axi_arready;
    p.ar = AxiAddr{ t.m_axi_arid, t.m_axi_araddr, t.m_axi_arlen, t.m_axi_arsize, t.m_axi_arburst };
    p.awvalid = t.m_axi_awvalid;
    p.awready = t.m_axi_awready;
    p.aw = AxiAddr{ t.m_axi_awid, t.m_axi_awaddr, t.m_axi_awlen, t.m_axi_awsize, t.m_axi_awburst };
    p.wvalid = t.m_axi_wvalid;
    p.wready = t.m_axi_wready;
    for (unsigned i = 0; i < 4; i++) p.w.data[i] = t.m_axi_wdata[i];
    p.w.strb = t.m_axi_wstrb;
    p.w.last = t.m_axi_wlast;
    p.rvalid = rv;
    p.rready = t.m_axi_rready;
    p.r = r;
    p.bvalid = bv;
    p.bready = t.m_axi_bready;
    p.b = b;
    if (!axi.cycle(next, p, in_reset)) {
        err = axi.error() + " (cycle " + std::to_string(next - launch_edge) + " of the launch)";
        return false;
    }
    if (!in_reset) {
        bool ok = true;
        if (p.arvalid && p.arready) ok = mem->ar_fire(next, p.ar);
        if (ok && p.awvalid && p.awready) ok = mem->aw_fire(next, p.aw);
        if (ok && p.wvalid && p.wready) ok = mem->w_fire(next, p.w);
        if (!ok) {
            err = mem->error();
            return false;
        }
        if (rv && p.rready) {
            mem->r_taken(next);
            r_bursts += r.last;
            mem_err_seen |= r.resp != AXI_RESP_OKAY;
        }
        if (bv && p.bready) {
            mem->b_taken(next);
            mem_err_seen |= b.resp != AXI_RESP_OKAY;
        }
        if (tl && in_run && next >= launch_edge) {
            // The timeline: the L1s' lookups at this edge (read here, as for lockstep).
            uint64_t av = bits(t.tr_l1_a_valid_o, 0, GPU_TOP_NUM_CUS), hv = bits(t.tr_l1_a_hit_o, 0, GPU_TOP_NUM_CUS);
            for (unsigned c = 0; av >> c; c++) {
                tl->n[c][TL_MEM_REQS] += av >> c & 1;
                tl->n[c][TL_L1_HITS] += av >> c & hv >> c & 1;
            }
        }
        // The memory system's events at this edge: the L1s' lookups and
        // fills, the L2 slices' performs. They depend on this cycle's AXI
        // inputs, so they are read here, not with the CU trace. (Only during
        // the run: after a timeout the CU trace is no longer replayed, and the
        // register reads that follow must not feed the checker half a story.)
        if (ls && in_run && !mem_err_seen) {
            uint64_t pv = bits(t.tr_l2_valid_o, 0, GPU_TOP_L2_SLICES);
            uint64_t av = bits(t.tr_l1_a_valid_o, 0, GPU_TOP_NUM_CUS), fv = bits(t.tr_l1_fill_o, 0, GPU_TOP_NUM_CUS);
            if (pv || av || fv) {
                PerformEvent pe[GPU_TOP_L2_SLICES];
                L1Event pa[GPU_TOP_NUM_CUS], pf[GPU_TOP_NUM_CUS];
                unsigned np = 0, na = 0, nf = 0;
                for (unsigned i = 0; i < GPU_TOP_L2_SLICES; i++)
                    if (pv >> i & 1) pe[np++].tag = (unsigned)bits(t.tr_l2_tag_o, 16 * i, 16);
                for (unsigned c = 0; c < GPU_TOP_NUM_CUS; c++) {
                    if (av >> c & 1)
                        pa[na++] = L1Event{ c, (unsigned)bits(t.tr_l1_a_tag_o, 16 * c, 16),
                                            bits(t.tr_l1_a_hit_o, c, 1) != 0, bits(t.tr_l1_a_alloc_o, c, 1) != 0 };
                    if (fv >> c & 1) pf[nf++] = L1Event{ c, (unsigned)bits(t.tr_l1_fill_tag_o, 16 * c, 16), false, false };
                }
                if (!ls->memory(next - launch_edge, pa, na, pe, np, pf, nf)) return false;
            }
        }
        axi_events += (p.arvalid && p.arready) + (p.awvalid && p.awready) + (p.wvalid && p.wready) + (rv && p.rready) +
                      (bv && p.bready);
    }

    t.clk_i = 1;
    t.eval();
    edge = next;
    dump(0);
    return true;
}

// Reset, then the configuration registers of cfg (and the interrupt on).
bool RtlDev::reset()
{
    Vgpu_top &t = *top;
    t.rst_i = 1;
    mem->drop_in_flight();
    axi.reset();
    axil.reset();
    host.reset();
    for (int i = 0; i < 4; i++) clock();
    t.rst_i = 0;
    clock();
    need_reset = false;
    uint32_t id = 0;
    if (!reg_read(REG_ID, &id, "ID")) return false;
    if (id != REG_ID_VALUE) {
        char m[120];
        snprintf(m, sizeof m, "AXI4-Lite port: register ID reads 0x%08x, expected 0x%08x", id, (unsigned)REG_ID_VALUE);
        err = m;
        return false;
    }
    return reg_write(REG_MEM_BYTES, cfg.mem_bytes, "MEM_BYTES") && reg_write(REG_NUM_CUS, cfg.num_cus, "NUM_CUS") &&
           reg_write(REG_IRQ_ENABLE, 1, "IRQ_ENABLE");
}

static const char *resp_name(unsigned r)
{
    return r == RESP_OKAY ? "OKAY" : r == RESP_SLVERR ? "SLVERR" : r == RESP_DECERR ? "DECERR" : "EXOKAY";
}

// One register access through the AXI4-Lite port, clocking until it ends.
// False (with err) if it does not end within 64 cycles or is not OKAY.
bool RtlDev::reg_write(uint32_t addr, uint32_t value, const char *what)
{
    host.write(addr, value);
    for (int i = 0; i < 64 && host.busy(); i++)
        if (!clock()) return false;
    char m[160];
    if (host.busy()) snprintf(m, sizeof m, "AXI4-Lite port: the write of %s (0x%04x) got no response in 64 cycles", what, addr);
    else if (host.resp() != RESP_OKAY)
        snprintf(m, sizeof m, "AXI4-Lite port: the write of 0x%08x to %s (0x%04x) got %s", value, what, addr,
                 resp_name(host.resp()));
    else return true;
    err = m;
    return false;
}

bool RtlDev::reg_read(uint32_t addr, uint32_t *value, const char *what)
{
    host.read(addr);
    for (int i = 0; i < 64 && host.busy(); i++)
        if (!clock()) return false;
    char m[160];
    if (host.busy()) snprintf(m, sizeof m, "AXI4-Lite port: the read of %s (0x%04x) got no response in 64 cycles", what, addr);
    else if (host.resp() != RESP_OKAY)
        snprintf(m, sizeof m, "AXI4-Lite port: the read of %s (0x%04x) got %s", what, addr, resp_name(host.resp()));
    else {
        *value = host.rdata();
        return true;
    }
    err = m;
    return false;
}

// Every counter through the register port (low word, then high word).
bool RtlDev::read_counters()
{
    auto read64 = [&](uint32_t addr, uint64_t *v) {
        uint32_t lo = 0, hi = 0;
        if (!reg_read(addr, &lo, "a counter's low word") || !reg_read(addr + 4, &hi, "a counter's high word")) return false;
        *v = (uint64_t)hi << 32 | lo;
        return true;
    };
    memset(stats.ctr, 0, sizeof stats.ctr);
    for (unsigned c = 0; c < cfg.num_cus; c++)
        for (unsigned i = 0; i < NUM_CTRS; i++)
            if (!read64(REG_CTR_BASE + c * REG_CTR_CU_STRIDE + i * 8, &stats.ctr[c][i])) return false;
    gpu_counters &k = counters;
    memset(&k, 0, sizeof k);
    for (unsigned c = 0; c < cfg.num_cus; c++)
        gpu_drv_add_cu_counters(&k, stats.ctr[c], NUM_CTRS);
    k.cycles = stats.ctr[0][CTR_CYCLES];
    for (unsigned i = 0; i < NUM_MEM_CTRS; i++)
        if (!read64(REG_MEM_CTR_BASE + i * 8, &stats.mem_ctr[i])) return false;
    gpu_drv_set_mem_counters(&k, stats.mem_ctr, NUM_MEM_CTRS);
    return true;
}

gpu_counters RtlDev::cu_counters(unsigned c) const
{
    gpu_counters k;
    memset(&k, 0, sizeof k);
    gpu_drv_add_cu_counters(&k, stats.ctr[c], NUM_CTRS);
    return k;
}

// Reads the trace port after a rising edge and replays it on the golden model.
bool RtlDev::replay()
{
    const Vgpu_top &t = *top;
    uint64_t valid = bits(t.tr_valid_o, 0, GPU_TOP_NUM_CUS);
    if (!valid && !t.tr_disp_valid_o) return true;
    TraceEvent ev[2 * GPU_TOP_NUM_CUS];   // (each CU's event, and an LDS result written beside it)
    unsigned n = 0;
    for (unsigned c = 0; c < GPU_TOP_NUM_CUS; c++) {
        if (!(valid >> c & 1)) continue;
        TraceEvent &e = ev[n++];
        e.cu = c;
        e.kind = (unsigned)bits(t.tr_kind_o, 2 * c, 2);
        e.slot = (unsigned)bits(t.tr_slot_o, c, 1);
        e.pc = (unsigned)bits(t.tr_pc_o, 12 * c, 12);
        e.dest = (unsigned)bits(t.tr_dest_o, 6 * c, 6);
        e.sig = (unsigned)bits(t.tr_sig_o, 4 * c, 4);
        e.dest_mask = (uint32_t)bits(t.tr_dest_mask_o, 32 * c, 32);
        e.mem_mask = (uint32_t)bits(t.tr_mem_mask_o, 32 * c, 32);
        e.gm_entry = (unsigned)bits(t.tr_gm_entry_o, 5 * c, 5);
        for (unsigned l = 0; l < ISA_LANES; l++) {
            e.dest_data[l] = t.tr_dest_data_o[c * ISA_LANES + l];
            e.mem_addr[l] = t.tr_mem_addr_o[c * ISA_LANES + l];
            e.mem_data[l] = t.tr_mem_data_o[c * ISA_LANES + l];
        }
        // An LDS result written beside the event (which then writes no register): its
        // LDS_DONE, after the event (the event may be the retire of a later LDS access).
        if (bits(t.tr_lds_valid_o, c, 1)) {
            TraceEvent &d = ev[n++];
            d = e;
            d.kind = TR_LDS_DONE;
            d.slot = (unsigned)bits(t.tr_lds_slot_o, c, 1);
            d.dest = (unsigned)bits(t.tr_lds_dest_o, 6 * c, 6);
            d.dest_mask = (uint32_t)bits(t.tr_lds_mask_o, 32 * c, 32);
            d.pc = 0;
            d.sig = 0;
            d.mem_mask = 0;
        }
    }
    DispatchEvent d{ (unsigned)t.tr_disp_cu_o, (unsigned)t.tr_disp_slot_o, (unsigned)t.tr_disp_group_o };
    return ls->edge(cycle(), ev, n, t.tr_disp_valid_o ? &d : nullptr, (unsigned)t.tr_fault_cu_o, (unsigned)t.tr_fault_slot_o);
}

// The timeline: the CU events and the placement of the edge just taken
// (the ports replay() reads), counted for the current interval.
void RtlDev::timeline_events()
{
    const Vgpu_top &t = *top;
    Timeline &L = *tl;
    uint64_t valid = bits(t.tr_valid_o, 0, GPU_TOP_NUM_CUS);
    for (unsigned c = 0; valid >> c; c++) {
        if (!(valid >> c & 1)) continue;
        unsigned kind = (unsigned)bits(t.tr_kind_o, 2 * c, 2);
        if (kind == 1) L.n[c][TL_MEM_DONE]++;
        if (kind != 0) continue;   // (MEM_DONE, FAULT)
        unsigned pc = (unsigned)bits(t.tr_pc_o, 12 * c, 12);
        const isa_op_info *op = isa_op((uint8_t)ISA_GET(pc < imem_known ? imem[pc] : 0, OPCODE));
        L.n[c][TL_INSTS]++;
        L.n[c][TL_VALU] += op->unit == ISA_UNIT_VALU;
        L.n[c][TL_LDS] += op->unit == ISA_UNIT_LDS;
        L.n[c][TL_GMEM] += op->unit == ISA_UNIT_GMEM;
        if (op->opcode == ISA_OP_END && op->mnemonic) L.slot_group[c][bits(t.tr_slot_o, c, 1)] = -1;
    }
    if (t.tr_disp_valid_o && t.tr_disp_cu_o < GPU_TOP_NUM_CUS) {
        unsigned c = t.tr_disp_cu_o, s = t.tr_disp_slot_o;
        L.n[c][TL_PLACED]++;
        for (unsigned i = 0; i < L.waves && s + i < 2; i++) L.slot_group[c][s + i] = (int)t.tr_disp_group_o;
    }
}

} // namespace

// The register port as the driver's callbacks (csrc/gpu_driver.h): 0, or 1
// with the reason in the device's err.
static int rtl_reg_read32(void *ctx, uint32_t addr, uint32_t *value)
{
    return static_cast<RtlDev *>(ctx)->reg_read(addr, value, "a register") ? 0 : 1;
}

static int rtl_reg_write32(void *ctx, uint32_t addr, uint32_t value)
{
    return static_cast<RtlDev *>(ctx)->reg_write(addr, value, "a register") ? 0 : 1;
}

// ---------------------------------------------------------------- backend ops

static void set_err(char *err, size_t len, const std::string &s)
{
    if (err && len) snprintf(err, len, "%s", s.c_str());
}

static gpu_status rtl_create(void **state, const gpu_config *cfg, char *err, size_t errlen)
{
    *state = nullptr;
    if (cfg->num_cus > GPU_TOP_NUM_CUS) {
        set_err(err, errlen, "config: num_cus is " + std::to_string(cfg->num_cus) + " but the Verilated gpu_top has NumCus = " +
                std::to_string(GPU_TOP_NUM_CUS) + " (rebuild with make NUM_CUS=" + std::to_string(cfg->num_cus) + ")");
        return GPU_ERR_ARG;
    }
    auto d = std::make_unique<RtlDev>();
    d->cfg = *cfg;
    if (g_trace.path) {
        d->trace = g_trace;
        d->trace_path = g_trace_path;
    } else if (const char *p = getenv("WAVEGPU_FST"); p && *p) {
        d->trace_path = p;
        uint64_t depth = 0;
        std::string m;
        if (!env_u64("WAVEGPU_FST_START", 0, &d->trace.start, m) || !env_u64("WAVEGPU_FST_END", 0, &d->trace.end, m) ||
            !env_u64("WAVEGPU_FST_DEPTH", 0, &depth, m, 0, 99)) {
            set_err(err, errlen, m);
            return GPU_ERR_ARG;
        }
        d->trace.depth = (unsigned)depth;
    }
    d->trace.path = d->trace_path.empty() ? nullptr : d->trace_path.c_str();
    if (!g_timeline_path.empty()) {
        d->tl = std::make_unique<Timeline>();
        d->tl->path = g_timeline_path;
        d->tl->every = g_timeline_every;
    }

    // The initial state of every register and memory the reset does not set
    // (--x-initial unique): random from a seed by default, so that no logic
    // can rely on it; WAVEGPU_SEED chooses the seed, or all zeros, all ones.
    {
        std::string m;
        if (!initial_state(&d->rand_reset, &d->rand_seed, m)) {
            set_err(err, errlen, m);
            return GPU_ERR_ARG;
        }
    }
    d->ctx = std::make_unique<VerilatedContext>();
    d->ctx->randReset(d->rand_reset);
    d->ctx->randSeed((int)d->rand_seed);
#if !VM_TRACE_FST
    if (d->trace.path) {
        set_err(err, errlen, "this program's model was Verilated without --trace-fst: no FST");
        return GPU_ERR_BACKEND;
    }
#else
    if (d->trace.path) d->ctx->traceEverOn(true);
#endif
    d->top = std::make_unique<Vgpu_top>(d->ctx.get(), "TOP");
#if VM_TRACE_FST
    if (d->trace.path) {
        d->fst = std::make_unique<VerilatedFstC>();
        d->fst->set_time_unit("1ns");
        d->fst->set_time_resolution("1ns");
        // Verilator 5 ignores trace()'s levels argument; dumpvars() does the
        // depth limit ($dumpvars semantics: level 1 = the ports of TOP).
        if (d->trace.depth) d->fst->dumpvars((int)d->trace.depth, "TOP");
        d->top->trace(d->fst.get(), 99);
        // The file is opened at the first cycle traced, so that the devices of
        // a test program that never reach the window do not overwrite it.
        if (FILE *f = fopen(d->trace.path, "ab")) fclose(f);
        else {
            set_err(err, errlen, "cannot write the FST file " + d->trace_path);
            return GPU_ERR_BACKEND;
        }
    }
#endif

    AxiDramConfig dc;
    dc.bytes = cfg->mem_bytes;
    dc.latency = cfg->mem_latency ? cfg->mem_latency : 1;
    dc.channels = cfg->dram_channels;
    dc.bytes_per_cycle = cfg->dram_bytes_per_cycle;
    {
        std::string m;
        if (!env_u64("WAVEGPU_MEM_JITTER", cfg->dram_jitter_seed, &dc.jitter_seed, m) ||
            !env_u64("WAVEGPU_MEM_LOSE_AFTER", 0, &d->lose_after, m) ||   // (fault injection: test_runtime)
            !mem_errors(dc, m)) {
            set_err(err, errlen, m);
            return GPU_ERR_ARG;
        }
    }
    d->mem = std::make_unique<AxiDram>(dc);
    const char *lsv = getenv("WAVEGPU_LOCKSTEP");
    if (!(lsv && strcmp(lsv, "0") == 0)) {
        d->ls = std::make_unique<Lockstep>();
        gpu_status st = d->ls->create(*cfg, err, errlen);
        if (st != GPU_OK) return st;
    }
    if (!d->reset()) {
        set_err(err, errlen, d->err);
        return GPU_ERR_BACKEND;
    }
    d->cov = golden_cov_open();
    *state = d.release();
    return GPU_OK;
}

static void rtl_destroy(void *state)
{
    RtlDev *d = static_cast<RtlDev *>(state);
    if (!d) return;
    if (d->fst && d->fst->isOpen()) d->fst->close();
    // The model's destructor unregisters its scopes from the thread's current
    // context: make that its own (another device may have run since).
    Verilated::threadContextp(d->ctx.get());
    d->top->final();
    golden_cov_close(d->cov);
#if VM_COVERAGE
    // Line and toggle coverage (make coverage): the device's context holds its
    // model's counters; one file per device, DIR/rtl-<pid>-<n>.dat, merged by
    // verilator_coverage (scripts/coverage.sh).
    if (const char *dir = getenv("WAVEGPU_COVERAGE"); dir && *dir) {
        std::string path = std::string(dir) + "/rtl-" + std::to_string((long)getpid()) + "-" +
                           std::to_string(g_cov_files++) + ".dat";
        d->ctx->coveragep()->write(path.c_str());
    }
#endif
    d->top.reset();
    delete d;
}

static gpu_status rtl_mem_write(void *state, gpu_addr dst, const void *src, uint32_t bytes)
{
    RtlDev *d = static_cast<RtlDev *>(state);
    memcpy(d->mem->data() + dst, src, bytes);
    return d->ls ? d->ls->mem_write(dst, src, bytes) : GPU_OK;
}

static gpu_status rtl_mem_read(void *state, void *dst, gpu_addr src, uint32_t bytes)
{
    RtlDev *d = static_cast<RtlDev *>(state);
    memcpy(dst, d->mem->data() + src, bytes);
    return GPU_OK;
}

static gpu_status rtl_run(void *state, const gpu_launch_desc *desc, gpu_result *res, char *err, size_t errlen)
{
    RtlDev *d = static_cast<RtlDev *>(state);
    Vgpu_top &t = *d->top;
    memset(res, 0, sizeof *res);
    res->lane = -1;
    res->reg = -1;
    d->err.clear();
    if ((d->need_reset || t.busy_o) && !d->reset()) {
        set_err(err, errlen, d->err);
        return GPU_ERR_BACKEND;
    }
    if (d->ls && d->resync) d->ls->mem_write(0, d->mem->data(), d->mem->bytes());
    d->resync = false;
    if (d->ls) {
        gpu_status st = d->ls->launch(*desc, err, errlen);
        if (st != GPU_OK) return st;
    }

    // Through the register port: the program (the instructions that differ
    // from those already in the instruction memory), the launch parameters,
    // then START.
    bool ok = true;
    if (d->imem.size() < desc->num_insts) d->imem.resize(desc->num_insts);
    for (uint32_t i = 0; i < desc->num_insts && ok; i++) {
        if (i < d->imem_known && d->imem[i] == desc->code[i]) continue;
        ok = d->reg_write(REG_IMEM_BASE + i * 8, (uint32_t)desc->code[i], "an instruction's low word") &&
             d->reg_write(REG_IMEM_BASE + i * 8 + 4, (uint32_t)(desc->code[i] >> 32), "an instruction's high word");
        if (ok) d->imem[i] = desc->code[i];   // (a failed write leaves the shadow as the memory is)
    }
    if (ok && desc->num_insts > d->imem_known) d->imem_known = desc->num_insts;
    ok = ok && d->reg_write(REG_NUM_GROUPS, desc->num_groups, "NUM_GROUPS") &&
         d->reg_write(REG_WAVES_PER_GROUP, desc->waves_per_group, "WAVES_PER_GROUP") &&
         d->reg_write(REG_LDS_BYTES, desc->lds_bytes, "LDS_BYTES") &&
         d->reg_write(REG_NUM_INSTS, desc->num_insts, "NUM_INSTS") &&
         d->reg_write(REG_ARGS_ADDR, desc->args_addr, "ARGS_ADDR");
    d->mem->reset_stats();
    d->r_bursts = 0;
    d->mem_err_seen = false;
    // START: AW and W are taken at the next edge (the port is idle), the
    // launch pulse is sampled at the one after it: cycle 0.
    d->launch_edge = d->edge + 2;
    d->fst_base = d->fst_next_base ? d->fst_next_base + 10 : 0;
    d->traced = 0;
    d->in_run = true;
    auto t0 = std::chrono::steady_clock::now();
    if (ok) {
        d->host.write(REG_CONTROL, CONTROL_START);
        ok = d->clock();
        if (ok && d->host.accept_edge() != d->launch_edge - 1) {
            d->err = "AXI4-Lite port: the START write was not taken at the first edge";
            ok = false;
        }
    }
    if (d->tl) d->tl->start(d->cfg.num_cus, desc->num_groups, desc->waves_per_group);
    if (ok) ok = d->clock();  // edge 0: the launch pulse sampled
    gpu_status st = GPU_OK;
    if (ok && d->ls) ok = d->replay();
    if (ok && d->tl) {
        d->timeline_events();
        d->tl->tick(d->cycle());
    }
    // Deadlock watchdog: while busy, some CU retires or completes something, the
    // dispatcher places a group, or a request is accepted, within every window
    // of this many cycles (the longest legal silence is a memory round trip
    // with jitter and a full queue, or a group's LDS clear). A silent RTL is a
    // hardware bug: stop at once instead of running on to max_cycles.
    const uint64_t quiet_limit = 100000 + 8ull * d->cfg.mem_latency;
    uint64_t last_progress = 0, last_accepted = 0;
    while (ok) {
        if (!t.busy_o) break;
        if (d->cycle() >= d->cfg.max_cycles) {
            st = GPU_ERR_TIMEOUT;
            d->need_reset = true;
            d->resync = true;
            break;
        }
        ok = d->clock();
        if (ok && d->ls && !d->mem_err_seen) ok = d->replay();
        if (ok && d->tl) {
            d->timeline_events();
            d->tl->tick(d->cycle());
        }
        uint64_t acc = d->axi_events;
        if (bits(t.tr_valid_o, 0, GPU_TOP_NUM_CUS) || t.tr_disp_valid_o || acc != last_accepted) {
            last_progress = d->cycle();
            last_accepted = acc;
        } else if (ok && d->cycle() - last_progress > quiet_limit) {
            char b[400];
            snprintf(b, sizeof b, "RTL deadlock: busy_o high, but no CU retired or completed anything, no group was "
                     "placed and no AXI handshake happened for %" PRIu64 " cycles (cycle %" PRIu64 "; %" PRIu64
                     " bursts in the DRAM model)",
                     quiet_limit, d->cycle(), d->mem->in_flight());
            d->err = b;
            ok = false;
        }
    }
    double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    d->in_run = false;
    uint64_t cycles = d->edge >= d->launch_edge ? d->cycle() : 0;
    if (d->fst && d->fst->isOpen()) d->fst->flush();
    if (d->tl) {
        // (written after a failed run too, as far as it got)
        std::string m;
        if (!d->tl->write(cycles, m) && ok) {
            d->err = m;
            ok = false;
        }
    }

    // The START write's response was taken while the task ran.
    if (ok && d->host.busy()) {
        d->err = "AXI4-Lite port: no response to the START write";
        ok = false;
    }
    if (ok && d->host.resp() != RESP_OKAY) {
        d->err = std::string("AXI4-Lite port: the START write got ") + resp_name(d->host.resp());
        ok = false;
    }
    if (ok && st != GPU_ERR_TIMEOUT && !d->axi.idle_at_end(d->edge)) {   // (a stopped task may have bursts open)
        d->err = d->axi.error() + " (at the end of the launch)";
        ok = false;
    }
    // The end as the host sees it: STATUS, the interrupt, the fault registers.
    uint32_t status = 0;
    if (ok && st == GPU_OK) ok = d->reg_read(REG_STATUS, &status, "STATUS");
    if (ok && st == GPU_OK) {
        if ((status & STATUS_MEM_ERROR) && !(status & STATUS_FAULT)) {
            d->err = "the AXI4 port saw a response other than OKAY (STATUS.mem_error), but no fault stopped the task";
            ok = false;
        } else if (!(status & STATUS_MEM_ERROR) != !d->mem_err_seen) {
            char m[160];
            snprintf(m, sizeof m, "STATUS.mem_error is %d, but the DRAM model %s an error response", !!(status & STATUS_MEM_ERROR),
                     d->mem_err_seen ? "sent" : "sent no");
            d->err = m;
            ok = false;
        } else if ((status & (STATUS_BUSY | STATUS_DONE)) != STATUS_DONE || !t.irq_o) {
            char m[120];
            snprintf(m, sizeof m, "the task ended (busy_o low) but STATUS reads 0x%x and irq_o is %d", status, (int)t.irq_o);
            d->err = m;
            ok = false;
        }
    }
    if (ok && st == GPU_OK && (status & STATUS_FAULT)) {
        // The fault registers, read by the register driver (csrc/gpu_driver.h).
        gpu_drv_port port{ d, rtl_reg_read32, rtl_reg_write32 };
        char m[256] = "";
        if (gpu_drv_read_fault(&port, res, m, sizeof m) == GPU_OK) st = GPU_ERR_FAULT;
        else {
            if (d->err.empty()) d->err = m;
            ok = false;
        }
    }
    if (ok && st != GPU_ERR_TIMEOUT) {
        ok = d->reg_write(REG_CONTROL, CONTROL_CLEAR_DONE, "CONTROL");
        if (ok && t.irq_o) {
            d->err = "irq_o stayed high after CONTROL.CLEAR_DONE";
            ok = false;
        }
    }
    res->status = st;
    // (After an error response what the kernel computed is undefined: the
    // checker stopped at it, docs/architecture.md "Memory errors".)
    if (ok && d->ls && st != GPU_ERR_TIMEOUT && !d->mem_err_seen)
        ok = d->ls->finish(cycles, st, *res, d->mem->data(), d->mem->bytes());

    if (ok) ok = d->read_counters();   // (after a timeout: as far as the task got)
    if (ok && d->cov) {
        // What the golden model cannot see: the caches' events (the RTL's
        // counters), and the faults of the memory port.
        const gpu_counters &k = d->counters;
        const uint64_t ev[] = { k.l1_hits, k.l1_misses, k.l1_evictions, k.l2_hits, k.l2_misses, k.l2_evictions, k.l2_atomics };
        for (unsigned i = 0; i < sizeof ev / sizeof ev[0]; i++) golden_cov_add(d->cov, GCOV_L1_HIT + i, ev[i]);
        if (st == GPU_ERR_FAULT && (res->fault == ISA_FAULT_MEM_READ_ERROR || res->fault == ISA_FAULT_MEM_WRITE_ERROR))
            golden_cov_fault(d->cov, res->fault, res->inst);
    }
    const bool fault_end = st == GPU_ERR_FAULT && !d->mem_err_seen;
    if (ok && d->ls && (st == GPU_OK || fault_end)) {
        // Every counter the golden model keeps must agree with the RTL's: the
        // totals, then each CU's; after a fault those of retired instructions.
        gpu_counters gc, rc = d->counters;
        d->ls->counters(&gc);
        if (fault_end) { rtl_counters_retired(&rc); rtl_counters_retired(&gc); }
        uint64_t a = 0, b = 0;
        if (const char *name = gpu_counters_diff(&rc, &gc, &a, &b, nullptr)) {
            char m[200];
            snprintf(m, sizeof m, "lockstep mismatch at the end of the run: counter %s: expected %" PRIu64
                     " (golden model), got %" PRIu64 " (RTL)", name, b, a);
            d->err = m;
            ok = false;
        }
        for (unsigned c = 0; ok && c < d->cfg.num_cus; c++) {
            rc = d->cu_counters(c);
            d->ls->counters_cu(c, &gc);
            if (fault_end) { rtl_counters_retired(&rc); rtl_counters_retired(&gc); }
            if (const char *name = gpu_counters_diff(&rc, &gc, &a, &b, nullptr)) {
                char m[200];
                snprintf(m, sizeof m, "lockstep mismatch at the end of the run: CU %u counter %s: expected %" PRIu64
                         " (golden model), got %" PRIu64 " (RTL)", c, name, b, a);
                d->err = m;
                ok = false;
            }
        }
    }
    rtl_run_stats &s = d->stats;
    s.num_cus = d->cfg.num_cus;
    s.cycles = cycles;
    s.wall_seconds = wall;
    s.lockstep = d->ls != nullptr;
    s.fault_end = fault_end;
    s.lockstep_events = d->ls ? d->ls->events() : 0;
    if (d->ls) d->ls->counters(&s.golden);
    else memset(&s.golden, 0, sizeof s.golden);
    const AxiDramStats &ds = d->mem->stats();
    s.dram_read_bytes = ds.read_bytes;
    s.dram_write_bytes = ds.write_bytes;
    s.dram_read_bursts = ds.read_bursts;
    s.dram_write_bursts = ds.write_bursts;
    s.dram_max_reads_in_flight = ds.max_reads_in_flight;
    s.dram_max_writes_in_flight = ds.max_writes_in_flight;
    s.dram_peak_bytes_per_cycle = d->cfg.dram_channels * d->cfg.dram_bytes_per_cycle;
    s.traced_cycles = d->traced;
    if (d->rand_reset == 2) snprintf(s.initial_state, sizeof s.initial_state, "random, seed %" PRIu64, d->rand_seed);
    else snprintf(s.initial_state, sizeof s.initial_state, "all %s", d->rand_reset ? "ones" : "zeros");
    snprintf(s.fst_path, sizeof s.fst_path, "%s", d->fst ? d->trace_path.c_str() : "");
    g_last = s;
    g_have_last = true;

    if (!ok) {
        d->need_reset = true;
        d->resync = true;
        std::string m = d->err.empty() && d->ls ? d->ls->message() : d->err;
        char hint[200] = "", seed[48];
        if (d->rand_reset == 2) snprintf(seed, sizeof seed, "%" PRIu64, d->rand_seed);
        else snprintf(seed, sizeof seed, "%s", d->rand_reset ? "ones" : "zeros");
        if (!d->fst && cycles > 0)
            snprintf(hint, sizeof hint, " (waves: WAVEGPU_SEED=%s WAVEGPU_FST=waves/fail.fst WAVEGPU_FST_START=%" PRIu64 ")",
                     seed, cycles > 200 ? cycles - 200 : 0);
        else
            snprintf(hint, sizeof hint, " (initial state: WAVEGPU_SEED=%s)", seed);
        set_err(err, errlen, m + hint);
        // Also on stderr: callers that format only the status still show it.
        fprintf(stderr, "rtl backend: %s%s\n", m.c_str(), hint);
        return GPU_ERR_BACKEND;
    }
    return st;
}

static void rtl_counters(void *state, gpu_counters *c)
{
    *c = static_cast<RtlDev *>(state)->counters;
}

// After a timeout: where the lockstep model's waves stand (each the pc it
// runs next, as far as the RTL's retirements have been replayed). Without
// lockstep the RTL's own wave state is not read out: none.
static unsigned rtl_waves(void *state, gpu_wave_pos *out, unsigned max)
{
    const RtlDev *d = static_cast<RtlDev *>(state);
    unsigned n = 0;
    if (!d->ls) return 0;
    for (unsigned c = 0; c < d->cfg.num_cus; c++)
        for (unsigned s = 0; s < GOLDEN_SLOTS; s++) {
            golden_wave_info wi;
            if (n == max || !golden_wave_get(d->ls->model(), c, s, &wi) || wi.state == GOLDEN_WAVE_ENDED) continue;
            out[n++] = gpu_wave_pos{ c, s, wi.wave, wi.group, wi.pc, (unsigned)wi.state };
        }
    return n;
}

static const gpu_backend_ops rtl_ops = {
    "rtl", rtl_create, rtl_destroy, rtl_mem_write, rtl_mem_read, rtl_run, rtl_counters, rtl_waves,
};

extern "C" const gpu_backend_ops *gpu_rtl_backend_ops(void) { return &rtl_ops; }
