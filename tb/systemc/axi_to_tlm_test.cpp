// SPDX-License-Identifier: Apache-2.0
// axi_to_tlm_test: the AXI4-to-TLM bridge (sim/systemc/axi_to_tlm.h) at its
// pins. A random AXI4 master (bursts of every size and length, 16 IDs, VALIDs
// delayed at random, RREADY and BREADY dropped at random) drives the bridge,
// which reaches a TlmMemory (sim/systemc/tlm_memory.h); every edge of the
// port goes through the testbench's AXI4 protocol checker (sim/axi_check.h),
// every R beat is compared with a model of memory, every response with the
// one the memory's ranges call for. Benches run side by side in one
// simulation, one per memory kind: DMI with a fixed latency, b_transport with
// a random latency per access (bursts of different IDs overtake), and error
// ranges. Prints PASS/FAIL lines and a summary; exits non-zero on a failure.
#include "axi_check.h"
#include "axi_to_tlm.h"
#include "tlm_memory.h"
#include "wavegpu_rtl.h"

#include <systemc>

#include <cstdio>
#include <cstdlib>
#include <deque>
#include <map>
#include <string>
#include <vector>

using namespace sc_core;

// Turns SystemC's banner off (it is printed before sc_main).
static const bool g_quiet_banner = [] { return setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1) == 0; }();

static const sc_time kPeriod(10, SC_NS);
enum : uint32_t {
    kMemBytes = 1u << 16,
    kSlot = 256,                 // a burst stays inside one 256-byte slot; one burst per slot in flight
    kErrLo = 0xE000,             // memory's error range: SLVERR
    kErrHi = 0xEFFF,
    kOutside = kMemBytes,        // slots from here: no memory, DECERR
};

// A burst of the random master and what it expects back.
struct Burst {
    AxiAddr a;
    bool write;
    std::vector<uint8_t> data;           // write: the bytes; read: memory at issue
    std::vector<uint8_t> enable;         // write: byte enables
    unsigned want_resp;
    unsigned beats_seen = 0;
    uint64_t issue_edge = 0;
};

static unsigned expected_resp(uint32_t addr, uint32_t bytes, bool error_range)
{
    if (addr >= kOutside) return AXI_RESP_DECERR;
    if (error_range && addr <= kErrHi && addr + bytes - 1 >= kErrLo) return AXI_RESP_SLVERR;
    return AXI_RESP_OKAY;
}

// The random master and the checks; one per bench.
struct Bench : sc_module {
    sc_in<bool> clk;
    sc_signal<bool> rst{ "rst" };
    sc_signal<uint32_t> awid, awaddr, awlen, awsize, awburst, wstrb, bid, bresp, arid, araddr, arlen, arsize, arburst,
        rid, rresp;
    sc_signal<bool> awvalid, awready, wlast, wvalid, wready, bvalid, bready, arvalid, arready, rlast, rvalid, rready;
    sc_signal<sc_dt::sc_bv<128>> wdata, rdata;
    AxiToTlm bridge;
    TlmMemory memory;
    AxiCheck check{ AXI_DATA_BYTES, 8 };

    std::string name_;
    unsigned to_issue;
    uint64_t seed;
    std::vector<uint8_t> shadow;                  // memory as the writes answered so far leave it
    std::vector<bool> slot_busy;
    std::deque<Burst *> ar_q, aw_q;               // not yet presented
    std::deque<std::pair<Burst *, unsigned>> w_q; // W beats not yet taken
    std::map<uint32_t, std::deque<Burst *>> reads_by_id, writes_by_id;   // AR/AW taken, in order
    std::vector<Burst *> all;
    uint64_t e = 0;
    unsigned ar_wait = 0, aw_wait = 0, w_wait = 0;
    bool arvalid_q = false, awvalid_q = false, wvalid_q = false, rready_q = false, bready_q = false;
    unsigned done = 0, overtakes = 0, errors_seen = 0;
    uint64_t last_r_edge_id[16] = {};
    std::string why;
    bool random_ready, error_range;

    SC_HAS_PROCESS(Bench);
    Bench(sc_module_name n, unsigned bursts, uint64_t s, const sc_time &latency, bool dmi, uint64_t jitter, bool errors,
          bool rand_ready = true)
        : sc_module(n), clk("clk"), bridge("bridge", bridge_config(), kPeriod),
          memory("memory", kMemBytes, latency, dmi, jitter), name_(n), to_issue(bursts), seed(s),
          shadow(kMemBytes), slot_busy((kOutside + 0x1000) / kSlot), random_ready(rand_ready), error_range(errors)
    {
        if (errors) memory.add_error_range(kErrLo, kErrHi);
        for (uint32_t a = 0; a < kMemBytes; a++) shadow[a] = memory.data()[a] = (uint8_t)(a * 7 + (a >> 8));
        bridge.clk(clk);
        bridge.rst(rst);
        bridge.awid(awid); bridge.awaddr(awaddr); bridge.awlen(awlen); bridge.awsize(awsize); bridge.awburst(awburst);
        bridge.awvalid(awvalid); bridge.awready(awready);
        bridge.wdata(wdata); bridge.wstrb(wstrb); bridge.wlast(wlast); bridge.wvalid(wvalid); bridge.wready(wready);
        bridge.bid(bid); bridge.bresp(bresp); bridge.bvalid(bvalid); bridge.bready(bready);
        bridge.arid(arid); bridge.araddr(araddr); bridge.arlen(arlen); bridge.arsize(arsize); bridge.arburst(arburst);
        bridge.arvalid(arvalid); bridge.arready(arready);
        bridge.rid(rid); bridge.rdata(rdata); bridge.rresp(rresp); bridge.rlast(rlast); bridge.rvalid(rvalid);
        bridge.rready(rready);
        bridge.socket.bind(memory.socket);
        SC_METHOD(on_clock);
        sensitive << clk.pos();
        dont_initialize();
    }
    ~Bench() override
    {
        for (Burst *b : all) delete b;
    }

    // The RTL component's port timing: the memory gives the latency.
    static AxiDramConfig bridge_config() { return WaveGpuRtlConfig::default_port(); }

    uint32_t rnd(uint32_t k)
    {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        return (uint32_t)(seed >> 33) % k;
    }
    void fail(const std::string &m)
    {
        if (why.empty()) why = "edge " + std::to_string(e) + ": " + m;
    }
    bool finished() const { return to_issue == 0 && done == all.size(); }

    // A new random burst in a free slot, queued.
    void issue()
    {
        uint32_t slots = (uint32_t)slot_busy.size(), slot = rnd(slots);
        if (rnd(20)) slot = rnd(kMemBytes / kSlot);   // mostly inside memory
        if (slot_busy[slot]) return;
        unsigned size = rnd(5), max_beats = kSlot >> size;
        unsigned beats = rnd(3) ? std::min(max_beats, 64u >> size) : 1 + rnd(max_beats);
        uint32_t offset = rnd((kSlot - (beats << size)) / (1u << size) + 1) << size;
        Burst *b = new Burst{};
        b->a = AxiAddr{ rnd(16), slot * kSlot + offset, beats - 1, size, AXI_BURST_INCR };
        b->write = rnd(2);
        uint32_t n = beats << size;
        b->want_resp = expected_resp(b->a.addr, n, error_range);
        if (b->write) {
            for (uint32_t i = 0; i < n; i++) {
                b->data.push_back((uint8_t)rnd(256));
                b->enable.push_back(rnd(8) != 0);
            }
            aw_q.push_back(b);
            for (unsigned k = 0; k < beats; k++) w_q.push_back({ b, k });
        } else {
            if (b->want_resp == AXI_RESP_OKAY) b->data.assign(shadow.begin() + b->a.addr, shadow.begin() + b->a.addr + n);
            ar_q.push_back(b);
        }
        slot_busy[slot] = true;
        all.push_back(b);
        to_issue--;
    }

    AxiW beat_of(const Burst &b, unsigned k) const
    {
        AxiW w{};
        unsigned lane0 = (b.a.addr + (k << b.a.size)) % AXI_DATA_BYTES;
        for (unsigned j = 0; j < 1u << b.a.size; j++) {
            unsigned i = (k << b.a.size) + j, lane = lane0 + j;
            w.data[lane / 4] |= (uint32_t)b.data[i] << 8 * (lane % 4);
            if (b.enable[i]) w.strb |= (uint16_t)(1u << lane);
        }
        w.last = k == b.a.len;
        return w;
    }

    void finish_burst(Burst *b)
    {
        slot_busy[b->a.addr / kSlot] = false;
        done++;
        errors_seen += b->want_resp != AXI_RESP_OKAY;
    }

    void on_clock()
    {
        e++;
        // The port at this edge, as the checker sees it.
        AxiSignals s{};
        s.arvalid = arvalid.read(); s.arready = arready.read();
        s.ar = AxiAddr{ arid.read(), araddr.read(), arlen.read(), arsize.read(), arburst.read() };
        s.awvalid = awvalid.read(); s.awready = awready.read();
        s.aw = AxiAddr{ awid.read(), awaddr.read(), awlen.read(), awsize.read(), awburst.read() };
        s.wvalid = wvalid.read(); s.wready = wready.read();
        const sc_dt::sc_bv<128> wd = wdata.read(), rd = rdata.read();
        for (unsigned i = 0; i < 4; i++) {
            s.w.data[i] = (uint32_t)wd.get_word(i);
            s.r.data[i] = (uint32_t)rd.get_word(i);
        }
        s.w.strb = (uint16_t)wstrb.read(); s.w.last = wlast.read();
        s.rvalid = rvalid.read(); s.rready = rready.read();
        s.r.id = rid.read(); s.r.resp = rresp.read(); s.r.last = rlast.read();
        s.bvalid = bvalid.read(); s.bready = bready.read();
        s.b = AxiB{ bid.read(), bresp.read() };
        bool in_reset = rst.read();
        if (!check.cycle(e, s, in_reset)) fail(check.error());
        if (in_reset) {
            arvalid_q = awvalid_q = wvalid_q = rready_q = bready_q = false;
            drive();
            return;
        }
        // Handshakes.
        if (s.arvalid && s.arready) {
            Burst *b = ar_q.front();
            ar_q.pop_front();
            b->issue_edge = e;
            reads_by_id[b->a.id].push_back(b);
            arvalid_q = false;
            ar_wait = rnd(3) ? 0 : rnd(5);
        }
        if (s.awvalid && s.awready) {
            Burst *b = aw_q.front();
            aw_q.pop_front();
            writes_by_id[b->a.id].push_back(b);
            awvalid_q = false;
            aw_wait = rnd(3) ? 0 : rnd(5);
        }
        if (s.wvalid && s.wready) {
            w_q.pop_front();
            wvalid_q = false;
            w_wait = rnd(4) ? 0 : rnd(4);
        }
        if (s.rvalid && s.rready) on_r(s.r);
        if (s.bvalid && s.bready) on_b(s.b);

        // The next edge's outputs.
        if (to_issue && rnd(4) == 0) issue();
        if (!arvalid_q && !ar_q.empty() && (ar_wait == 0 || --ar_wait == 0)) arvalid_q = true;
        if (!awvalid_q && !aw_q.empty() && (aw_wait == 0 || --aw_wait == 0)) awvalid_q = true;
        if (!wvalid_q && !w_q.empty() && (w_wait == 0 || --w_wait == 0)) wvalid_q = true;
        rready_q = !random_ready || rnd(4) != 0;
        bready_q = !random_ready || rnd(3) != 0;
        drive();
    }

    void on_r(const AxiR &r)
    {
        auto &q = reads_by_id[r.id];
        if (q.empty()) return fail("an R beat of id " + std::to_string(r.id) + " with no read of that ID open");
        Burst *b = q.front();
        unsigned k = b->beats_seen++;
        if (r.resp != b->want_resp)
            return fail("R beat " + std::to_string(k) + " of " + axi_str(b->a) + ": resp " + std::to_string(r.resp) +
                        ", expected " + std::to_string(b->want_resp));
        if (r.resp == AXI_RESP_OKAY) {
            unsigned lane0 = (b->a.addr + (k << b->a.size)) % AXI_DATA_BYTES;
            for (unsigned j = 0; j < 1u << b->a.size; j++) {
                unsigned lane = lane0 + j;
                uint8_t got = (uint8_t)(r.data[lane / 4] >> 8 * (lane % 4)), want = b->data[(k << b->a.size) + j];
                if (got != want)
                    return fail("R beat " + std::to_string(k) + " lane " + std::to_string(lane) + " of " + axi_str(b->a) +
                                ": " + std::to_string(got) + ", memory holds " + std::to_string(want));
            }
        }
        for (unsigned id = 0; k == 0 && id < 16; id++)
            if (id != r.id && oldest_open_read(id) && oldest_open_read(id) < b->issue_edge) {
                overtakes++;
                break;
            }
        last_r_edge_id[r.id] = e;
        if (r.last) {
            q.pop_front();
            finish_burst(b);
        }
    }
    // The AR edge of the oldest read still open of an ID (0 if none): a
    // younger read's first beat before its last is an overtake.
    uint64_t oldest_open_read(unsigned id)
    {
        auto &q = reads_by_id[id];
        return q.empty() ? 0 : q.front()->issue_edge;
    }

    void on_b(const AxiB &bv)
    {
        auto &q = writes_by_id[bv.id];
        if (q.empty()) return fail("a B of id " + std::to_string(bv.id) + " with no write of that ID open");
        Burst *b = q.front();
        q.pop_front();
        if (bv.resp != b->want_resp)
            return fail("B of " + axi_str(b->a) + ": resp " + std::to_string(bv.resp) + ", expected " +
                        std::to_string(b->want_resp));
        if (bv.resp == AXI_RESP_OKAY)
            for (size_t i = 0; i < b->data.size(); i++)
                if (b->enable[i]) shadow[b->a.addr + i] = b->data[i];
        finish_burst(b);
    }

    void drive()
    {
        arvalid.write(arvalid_q);
        if (arvalid_q) {
            const AxiAddr &a = ar_q.front()->a;
            arid.write(a.id); araddr.write(a.addr); arlen.write(a.len); arsize.write(a.size); arburst.write(a.burst);
        }
        awvalid.write(awvalid_q);
        if (awvalid_q) {
            const AxiAddr &a = aw_q.front()->a;
            awid.write(a.id); awaddr.write(a.addr); awlen.write(a.len); awsize.write(a.size); awburst.write(a.burst);
        }
        wvalid.write(wvalid_q);
        if (wvalid_q) {
            AxiW w = beat_of(*w_q.front().first, w_q.front().second);
            sc_dt::sc_bv<128> d;
            for (unsigned i = 0; i < 4; i++) d.set_word(i, w.data[i]);
            wdata.write(d);
            wstrb.write(w.strb);
            wlast.write(w.last);
        }
        rready.write(rready_q);
        bready.write(bready_q);
    }

    // After the run: every burst answered, the port idle, memory as written.
    std::string verdict()
    {
        if (!why.empty()) return why;
        if (!finished())
            return std::to_string(done) + " of " + std::to_string(all.size()) + " bursts answered, " +
                   std::to_string(to_issue) + " not issued (" + std::to_string(bridge.in_flight()) +
                   " held by the bridge)";
        if (!check.idle_at_end(e + 1)) return check.error();
        for (uint32_t a = 0; a < kMemBytes; a++)
            if (memory.data()[a] != shadow[a]) return "memory byte " + std::to_string(a) + " differs from the writes";
        return "";
    }
};

static unsigned n_pass, n_fail;

static void result(const std::string &name, const std::string &why, const std::string &detail = "")
{
    if (why.empty()) {
        printf("PASS %s%s%s\n", name.c_str(), detail.empty() ? "" : ": ", detail.c_str());
        n_pass++;
    } else {
        printf("FAIL %s: %s\n", name.c_str(), why.c_str());
        n_fail++;
    }
}

int sc_main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    (void)g_quiet_banner;
    sc_report_handler::set_actions(SC_ERROR, SC_DISPLAY | SC_THROW);
    sc_clock clk("clk", kPeriod);
    const unsigned n = 3000;
    Bench dmi("dmi_fixed_latency", n, 1, kPeriod * 100, true, 0, false);
    Bench jitter("transport_random_latency", n, 2, kPeriod * 40, false, 77, false);
    Bench errors("transport_error_ranges", n, 3, kPeriod * 20, true, 0, true);
    Bench lone("single_read_latency", 0, 4, kPeriod * 100, true, 0, false, false);
    for (Bench *b : { &dmi, &jitter, &errors, &lone }) b->clk(clk);
    for (Bench *b : { &dmi, &jitter, &errors, &lone }) b->rst.write(true);

    try {
        sc_start(kPeriod * 5);
        for (Bench *b : { &dmi, &jitter, &errors, &lone }) b->rst.write(false);
        // One read on an idle bridge: R at AR edge + 100 (DMI latency).
        Burst *r = new Burst{};
        r->a = AxiAddr{ 5, 0x1240, 3, 4, AXI_BURST_INCR };
        r->data.assign(lone.shadow.begin() + 0x1240, lone.shadow.begin() + 0x1280);
        r->want_resp = AXI_RESP_OKAY;
        lone.ar_q.push_back(r);
        lone.all.push_back(r);
        uint64_t limit = 400000;
        while (!(dmi.finished() && jitter.finished() && errors.finished() && lone.finished()) && limit--)
            sc_start(kPeriod * 100);
        sc_start(kPeriod * 10);
    } catch (const std::exception &x) {
        printf("FAIL simulation stopped: %s\n", x.what());
        return 1;
    }
    result("axi_to_tlm_dmi_fixed_latency", dmi.verdict(),
           std::to_string(n) + " random bursts, " + std::to_string(dmi.bridge.stats().dmi_accesses) +
               " through the DMI pointer, " + std::to_string(dmi.bridge.stats().transactions) + " b_transport");
    std::string why = jitter.verdict();
    if (why.empty() && jitter.overtakes == 0) why = "no read of one ID overtook an older read of another";
    if (why.empty() && jitter.bridge.stats().dmi_accesses) why = "DMI used with a jittered memory";
    result("axi_to_tlm_transport_random_latency", why,
           std::to_string(jitter.bridge.stats().transactions) + " b_transport calls, " +
               std::to_string(jitter.overtakes) + " first beats overtook an older read of another ID");
    why = errors.verdict();
    if (why.empty() && errors.errors_seen < 20) why = "only " + std::to_string(errors.errors_seen) + " error bursts";
    result("axi_to_tlm_slverr_decerr", why,
           std::to_string(errors.errors_seen) + " bursts answered SLVERR (memory error range) or DECERR (no memory)");
    why = lone.verdict();
    if (why.empty()) {
        // RREADY stays high there, so the 4 beats are back to back: the first is 3 edges before the last.
        uint64_t first = lone.last_r_edge_id[5] - 3;
        if (first != lone.all[0]->issue_edge + 100)
            why = "first beat at edge " + std::to_string(first) + ", AR taken at " +
                  std::to_string(lone.all[0]->issue_edge) + ": not 100 cycles";
    }
    result("axi_to_tlm_latency_is_the_memorys", why, "AR at edge " + std::to_string(lone.all[0]->issue_edge) +
                                                      ", first R beat 100 cycles later (memory latency 1 us / 10 ns)");
    printf("%u passed, %u failed\n", n_pass, n_fail);
    return n_fail ? 1 : 0;
}
