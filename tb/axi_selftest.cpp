// SPDX-License-Identifier: Apache-2.0
// axi_selftest: the self-test of AxiDram (sim/axi_dram.h) and AxiCheck
// (sim/axi_check.h), no Verilator.
//  - AxiDram, driven by a scripted master with every edge checked by AxiCheck:
//    read latency, strobes, memory order, W before AW, narrow and 4 KiB
//    bursts, bandwidth (all channels, one channel, reads and writes mixed),
//    ID ordering under jitter, limits on bursts in flight, SLVERR, refused
//    bursts, determinism, drop_in_flight.
//  - AxiCheck on scripted edges: a clean run passes; each planted violation is
//    caught with a message naming the rule.
// One PASS/FAIL line per check; exits 1 if any failed.
#include "axi_check.h"
#include "axi_dram.h"

#include <cstdio>
#include <cstring>
#include <deque>
#include <string>
#include <utility>
#include <vector>

static unsigned n_pass, n_fail;

static void result(const std::string &name, bool ok, const std::string &why, const std::string &detail = "")
{
    if (ok) {
        printf("PASS %s%s\n", name.c_str(), detail.empty() ? "" : (": " + detail).c_str());
        n_pass++;
    } else {
        printf("FAIL %s: %s\n", name.c_str(), why.c_str());
        n_fail++;
    }
}

static std::string fmt(const char *f, double a, double b)
{
    char s[96];
    snprintf(s, sizeof s, f, a, b);
    return s;
}

static uint8_t pattern(uint32_t addr, uint32_t salt)
{
    uint32_t x = (addr + salt * 0x9E3779B9u) * 2654435761u;
    return (uint8_t)(x >> 24 ^ x >> 9);
}

static AxiAddr burst(uint32_t id, uint32_t addr, unsigned len = 3, unsigned size = 4)
{
    return AxiAddr{ id, addr, len, size, AXI_BURST_INCR };
}

static uint32_t beat_addr(const AxiAddr &a, unsigned k) { return a.addr + (k << a.size); }
static unsigned beat_lane(const AxiAddr &a, unsigned k) { return beat_addr(a, k) % AXI_DATA_BYTES; }
static uint16_t beat_lanes(const AxiAddr &a, unsigned k) { return (uint16_t)(((1u << (1u << a.size)) - 1) << beat_lane(a, k)); }
static uint8_t lane_byte(const uint32_t data[4], unsigned lane) { return (uint8_t)(data[lane / 4] >> 8 * (lane % 4)); }

// ------------------------------------------------------------ the scripted master

// A master on one AxiDram, every edge checked by an AxiCheck. It presents the
// heads of its AR, AW and W queues, holds rready and bready as set, and logs
// every handshake with its edge. `expect` is memory as the writes queued so far
// leave it.
struct Bus {
    AxiDram dram;
    AxiCheck check;
    std::vector<uint8_t> expect;
    uint64_t edge = 0;
    std::deque<AxiAddr> ar_q, aw_q;
    std::deque<AxiW> w_q;
    bool rready = true, bready = true;
    bool model_errors_fatal = true;
    std::vector<uint64_t> ar_edges, aw_edges, w_edges;
    std::vector<std::pair<uint64_t, AxiR>> r_log;
    std::vector<std::pair<uint64_t, AxiB>> b_log;
    std::vector<std::string> model_errors;
    std::string err;

    // With a store, the bytes are store_bytes (of that size), set up the same way.
    std::vector<uint8_t> *store_bytes = nullptr;

    explicit Bus(const AxiDramConfig &c, AxiDramStore *store = nullptr, std::vector<uint8_t> *bytes = nullptr)
        : dram(c, store), store_bytes(bytes)
    {
        uint8_t *m = mem();
        for (uint32_t a = 0; a < mem_size(); a++) m[a] = pattern(a, 1);
        expect.assign(m, m + mem_size());
    }
    uint8_t *mem() { return store_bytes ? store_bytes->data() : dram.data(); }
    const uint8_t *mem() const { return store_bytes ? store_bytes->data() : dram.data(); }
    uint32_t mem_size() const { return store_bytes ? (uint32_t)store_bytes->size() : dram.bytes(); }

    bool fired(bool ok)
    {
        if (ok) return true;
        model_errors.push_back(dram.error());
        if (model_errors_fatal) err = dram.error();
        return !model_errors_fatal;
    }

    bool step()
    {
        uint64_t e = ++edge;
        AxiSignals s{};
        s.arready = dram.arready(e);
        s.awready = dram.awready(e);
        s.wready = dram.wready(e);
        s.rvalid = dram.r(e, &s.r);
        s.bvalid = dram.b(e, &s.b);
        if ((s.arvalid = !ar_q.empty())) s.ar = ar_q.front();
        if ((s.awvalid = !aw_q.empty())) s.aw = aw_q.front();
        if ((s.wvalid = !w_q.empty())) s.w = w_q.front();
        s.rready = rready;
        s.bready = bready;
        if (!check.cycle(e, s, false)) {
            err = check.error();
            return false;
        }
        bool ok = true;
        if (s.arvalid && s.arready) {
            ok = fired(dram.ar_fire(e, s.ar)) && ok;
            ar_q.pop_front();
            ar_edges.push_back(e);
        }
        if (s.awvalid && s.awready) {
            ok = fired(dram.aw_fire(e, s.aw)) && ok;
            aw_q.pop_front();
            aw_edges.push_back(e);
        }
        if (s.wvalid && s.wready) {
            ok = fired(dram.w_fire(e, s.w)) && ok;
            w_q.pop_front();
            w_edges.push_back(e);
        }
        if (s.rvalid && s.rready) {
            dram.r_taken(e);
            r_log.push_back({ e, s.r });
        }
        if (s.bvalid && s.bready) {
            dram.b_taken(e);
            b_log.push_back({ e, s.b });
        }
        return ok;
    }

    bool run(uint64_t cycles)
    {
        while (cycles--)
            if (!step()) return false;
        return true;
    }

    bool queues_empty() const { return ar_q.empty() && aw_q.empty() && w_q.empty(); }

    // Steps until everything queued is answered; then the checker's end check.
    bool drain(uint64_t max_cycles = 100000)
    {
        for (uint64_t n = 0; !queues_empty() || dram.in_flight(); n++) {
            if (n == max_cycles) {
                err = "not idle after " + std::to_string(max_cycles) + " cycles";
                return false;
            }
            if (!step()) return false;
        }
        if (check.idle_at_end(edge + 1)) return true;
        err = check.error();
        return false;
    }

    // The W beats of a write of pattern(., salt) to aw, strobes per beat (all
    // lanes of the beat if none given); updates `expect` unless told not to.
    std::vector<AxiW> beats_for(const AxiAddr &aw, uint32_t salt, const std::vector<uint16_t> &strobes = {},
                                bool update_expect = true)
    {
        std::vector<AxiW> beats;
        for (unsigned k = 0; k <= aw.len; k++) {
            AxiW w{};
            w.strb = strobes.empty() ? beat_lanes(aw, k) : strobes[k];
            w.last = k == aw.len;
            for (unsigned j = 0; j < 1u << aw.size; j++) {
                uint32_t a = beat_addr(aw, k) + j;
                unsigned lane = beat_lane(aw, k) + j;
                w.data[lane / 4] |= (uint32_t)pattern(a, salt) << 8 * (lane % 4);
                if (update_expect && w.strb >> lane & 1) expect[a] = pattern(a, salt);
            }
            beats.push_back(w);
        }
        return beats;
    }

    void write(const AxiAddr &aw, uint32_t salt, const std::vector<uint16_t> &strobes = {})
    {
        aw_q.push_back(aw);
        for (const AxiW &w : beats_for(aw, salt, strobes)) w_q.push_back(w);
    }

    // The R beats of ID ar.id, in order, compared with `mem` over ar's bytes;
    // "" if they match, else what differs.
    std::string read_mismatch(const AxiAddr &ar, const std::vector<uint8_t> &mem) const
    {
        std::vector<AxiR> beats;
        for (const auto &er : r_log)
            if (er.second.id == ar.id) beats.push_back(er.second);
        if (beats.size() != ar.len + 1u)
            return std::to_string(beats.size()) + " R beats for id " + std::to_string(ar.id) + ", expected " +
                   std::to_string(ar.len + 1);
        for (unsigned k = 0; k <= ar.len; k++) {
            const AxiR &r = beats[k];
            if (r.resp != AXI_RESP_OKAY || r.last != (k == ar.len))
                return "beat " + std::to_string(k) + " of " + axi_str(ar) + ": " + axi_str(r);
            for (unsigned lane = 0; lane < AXI_DATA_BYTES; lane++) {
                bool on = beat_lanes(ar, k) >> lane & 1;
                uint8_t want = on ? mem[beat_addr(ar, k) + lane - beat_lane(ar, k)] : 0;
                if (lane_byte(r.data, lane) != want)
                    return "beat " + std::to_string(k) + " lane " + std::to_string(lane) + " of " + axi_str(ar) + ": " +
                           axi_str(r) + ", byte expected " + std::to_string(want);
            }
        }
        return "";
    }

    bool memory_as_expected() const { return !memcmp(mem(), expect.data(), expect.size()); }
};

static AxiDramConfig config(uint32_t bytes, unsigned latency = 100)
{
    AxiDramConfig c;
    c.bytes = bytes;
    c.latency = latency;
    return c;
}

// ------------------------------------------------------------ the DRAM model

static void test_read_latency()
{
    Bus bus(config(1 << 16));
    const AxiAddr ar = burst(3, 0x1240);
    bool ok = bus.run(3);
    bus.ar_q.push_back(ar);
    ok = ok && bus.drain();
    std::string why = ok ? bus.read_mismatch(ar, bus.expect) : bus.err;
    for (unsigned k = 0; why.empty() && k < 4; k++)
        if (bus.r_log[k].first != bus.ar_edges[0] + 100 + k)
            why = "beat " + std::to_string(k) + " at edge " + std::to_string(bus.r_log[k].first) + ", AR taken at " +
                  std::to_string(bus.ar_edges[0]) + ", latency 100";
    result("dram_read_latency", why.empty(), why, "AR at edge 4, beats at edges 104..107, RLAST on the 4th, data = memory");
}

static void test_write_strobes()
{
    Bus bus(config(1 << 16));
    const AxiAddr aw = burst(2, 0x2000), ar = burst(5, 0x2000);
    bus.write(aw, 2, { 0x0F0F, 0xFFFF, 0x0000, 0x8001 });
    bool ok = bus.drain();
    bus.ar_q.push_back(ar);
    ok = ok && bus.drain();
    std::string why = !ok ? bus.err
                      : !bus.memory_as_expected() ? "memory differs from the strobed write"
                      : bus.b_log.size() != 1 || bus.b_log[0].second.id != 2 || bus.b_log[0].second.resp != AXI_RESP_OKAY
                          ? "not one OKAY B with id 2"
                          : bus.read_mismatch(ar, bus.expect);
    bool untouched = bus.dram.data()[0x2004] == pattern(0x2004, 1) && bus.dram.data()[0x2020] == pattern(0x2020, 1);
    if (why.empty() && !untouched) why = "a byte without its strobe changed";
    result("dram_write_strobes_then_read", why.empty(), why);
}

// A read taken before a write's AW sees the old data; a read taken after the
// write's WLAST (before its B) sees the new data.
static void test_memory_order()
{
    Bus bus(config(1 << 16));
    const std::vector<uint8_t> old = bus.expect;
    const AxiAddr before = burst(1, 0x3000), after = burst(2, 0x3000);
    bus.ar_q.push_back(before);
    bool ok = bus.run(2);
    bus.write(burst(7, 0x3000), 7);
    while (ok && !bus.w_q.empty()) ok = bus.step();
    bus.ar_q.push_back(after);
    ok = ok && bus.drain();
    std::string why = !ok ? bus.err : bus.read_mismatch(before, old);
    if (why.empty()) why = bus.read_mismatch(after, bus.expect);
    if (why.empty() && !(bus.ar_edges[1] < bus.b_log[0].first)) why = "the second read was not taken before the B";
    result("dram_memory_order", why.empty(), why, "a read sees the writes that arrived before it on its channel");
}

static void test_w_before_aw()
{
    Bus bus(config(1 << 16));
    const AxiAddr aw1 = burst(1, 0x4000), aw2 = burst(2, 0x4400, 1);
    for (const AxiW &w : bus.beats_for(aw1, 8)) bus.w_q.push_back(w);
    for (const AxiW &w : bus.beats_for(aw2, 9)) bus.w_q.push_back(w);
    bool ok = bus.run(12);
    bool w_first = ok && bus.w_edges.size() == 6 && bus.aw_edges.empty();
    bus.aw_q.push_back(aw1);
    bus.aw_q.push_back(aw2);
    ok = ok && bus.drain();
    std::string why = !ok ? bus.err
                      : !w_first ? "the 6 W beats were not taken before any AW"
                      : !bus.memory_as_expected() ? "memory differs"
                      : bus.b_log.size() != 2 ? "not 2 B responses"
                                              : "";
    result("dram_w_before_aw", why.empty(), why);
}

static void test_narrow_and_long_bursts()
{
    Bus bus(config(1 << 16));
    bus.write(burst(1, 0x4003, 15, 0), 3);                        // 16 single bytes across two lanes groups
    bus.write(burst(2, 0x4104, 2, 2), 4, { 0x00F0, 0x0000, 0x3000 });   // words, partly strobed
    bus.write(burst(3, 0x5000, 255, 4), 6);                       // 4 KiB
    bool ok = bus.drain();
    const AxiAddr reads[] = { burst(4, 0x4000, 15, 1), burst(5, 0x4100, 3, 2), burst(6, 0x5000, 255, 4) };
    for (const AxiAddr &ar : reads) bus.ar_q.push_back(ar);
    ok = ok && bus.drain();
    std::string why = !ok ? bus.err : !bus.memory_as_expected() ? "memory differs" : "";
    for (const AxiAddr &ar : reads)
        if (why.empty()) why = bus.read_mismatch(ar, bus.expect);
    result("dram_narrow_and_4k_bursts", why.empty(), why, "size 0/1/2 lanes and strobes, len 255 size 4");
}

// Streams `reads` AR bursts and `writes` AW+W bursts of 64 bytes (burst k at
// k * stride in its half of memory) as fast as the DRAM takes them; returns
// the bytes per cycle between edge 2000 and the edge one stream ran out.
static double stream(const AxiDramConfig &c, unsigned reads, unsigned writes, uint32_t stride, std::string *why,
                     AxiDramStats *st = nullptr)
{
    Bus bus(c);
    uint32_t half = bus.dram.bytes() / 2;
    for (unsigned k = 0; k < reads; k++) bus.ar_q.push_back(burst(k & 255, k * stride % half));
    for (unsigned k = 0; k < writes; k++) bus.write(burst(k & 255, half + k * stride % half), 10);
    const uint64_t warm = 2000;
    bool ok = bus.run(warm);
    bus.dram.reset_stats();
    while (ok && !(reads && bus.ar_q.empty()) && !(writes && bus.w_q.empty())) ok = bus.step();
    uint64_t window = bus.edge - warm;
    AxiDramStats s = bus.dram.stats();
    ok = ok && bus.drain();
    if (!ok) *why = bus.err;
    if (st) *st = s;
    return (double)(s.read_bytes + s.write_bytes) / (double)window;
}

static AxiDramConfig channels(unsigned n, unsigned bytes_per_cycle)
{
    AxiDramConfig c = config(1 << 20);
    c.channels = n;
    c.bytes_per_cycle = bytes_per_cycle;
    return c;
}

static void bandwidth(const std::string &name, const AxiDramConfig &c, unsigned reads, unsigned writes, double bound)
{
    std::string why;
    double bw = stream(c, reads, writes, 64, &why);
    if (why.empty() && bw < 0.95 * bound) why = fmt("%.2f bytes/cycle, below 95%% of %.0f", bw, bound);
    result(name, why.empty(), why,
           fmt("%.2f bytes/cycle of %.0f", bw, bound) + " (" + std::to_string(c.channels) + " channels x " +
               std::to_string(c.bytes_per_cycle) + " bytes/cycle)");
}

static void test_bandwidth()
{
    bandwidth("dram_bandwidth_reads_2x8", channels(2, 8), 6000, 0, 16);
    bandwidth("dram_bandwidth_reads_4x4", channels(4, 4), 6000, 0, 16);
    bandwidth("dram_bandwidth_reads_4x8_r_bus", channels(4, 8), 6000, 0, 16);   // 32 peak, the R bus carries 16
    bandwidth("dram_bandwidth_mix_4x4", channels(4, 4), 3000, 3000, 16);
    bandwidth("dram_bandwidth_mix_4x8", channels(4, 8), 6000, 6000, 32);       // R and W bus 16 each

    std::string why;
    AxiDramStats st;
    AxiDramConfig c = channels(4, 8);
    double bw = stream(c, 3000, 0, c.interleave * c.channels, &why, &st);   // every burst on channel 0
    if (why.empty() && (bw < 0.95 * 8 || bw > 1.01 * 8))
        why = fmt("%.2f bytes/cycle, expected 95..101%% of %.0f", bw, 8);
    if (why.empty() && (st.channel_busy[1] || st.channel_busy[2] || st.channel_busy[3])) why = "channels 1..3 were busy";
    result("dram_bandwidth_single_channel", why.empty(), why, fmt("%.2f bytes/cycle, limit %.0f", bw, 8));
}

static AxiDramConfig jittered(uint64_t seed)
{
    AxiDramConfig c = config(1 << 16);
    c.jitter_seed = seed;
    return c;
}

// 64 reads, all of one ID or each of its own, run to the end.
static void jitter_reads(Bus &bus, bool one_id)
{
    for (unsigned k = 0; k < 64; k++) bus.ar_q.push_back(burst(one_id ? 7 : k, k * 64));
    bus.drain();
}

// The same seed and AR edges give the same dues: with distinct IDs they
// reorder the bursts, with one ID the order must hold.
static void test_jitter_order()
{
    Bus distinct(jittered(12345));
    jitter_reads(distinct, false);
    unsigned overtaken = 0;
    for (size_t k = 1; k < distinct.r_log.size() / 4; k++)
        overtaken += distinct.r_log[4 * k].second.id < distinct.r_log[4 * k - 4].second.id;
    bool ok = distinct.err.empty() && distinct.r_log.size() == 256 && overtaken > 0;
    result("dram_ids_reordered_with_jitter", ok, distinct.err.empty() ? "R bursts came back in AR order" : distinct.err,
           std::to_string(overtaken) + " of 64 bursts came back before an older one");

    Bus one_id(jittered(12345));
    jitter_reads(one_id, true);
    std::string why = one_id.err;
    for (unsigned k = 0; why.empty() && k < 64; k++)
        for (unsigned j = 0; why.empty() && j < 4; j++) {
            const AxiR &r = one_id.r_log[4 * k + j].second;
            for (unsigned lane = 0; lane < 16; lane++)
                if (lane_byte(r.data, lane) != one_id.expect[k * 64 + 16 * j + lane])
                    why = "R beat " + std::to_string(4 * k + j) + " is not beat " + std::to_string(j) + " of burst " +
                          std::to_string(k) + " (AR order): same-ID bursts reordered";
        }
    result("dram_same_id_in_order_with_jitter", why.empty(), why, "the same dues, one ID: AR order kept");

    Bus again(jittered(12345));
    jitter_reads(again, false);
    bool same = again.r_log.size() == distinct.r_log.size();
    for (size_t i = 0; same && i < distinct.r_log.size(); i++)
        same = again.r_log[i].first == distinct.r_log[i].first &&
               !memcmp(&again.r_log[i].second, &distinct.r_log[i].second, sizeof(AxiR));
    result("dram_deterministic", same, "two runs with seed 12345 differ");

    Bus writes(jittered(99));
    for (unsigned k = 0; k < 32; k++) writes.write(burst(k, k * 64), 11);
    ok = writes.drain();
    overtaken = 0;
    for (size_t k = 1; k < writes.b_log.size(); k++) overtaken += writes.b_log[k].second.id < writes.b_log[k - 1].second.id;
    ok = ok && writes.b_log.size() == 32 && overtaken > 0 && writes.memory_as_expected();
    result("dram_write_ids_reordered_with_jitter", ok, writes.err.empty() ? "B responses in AW order, or memory differs" : writes.err,
           std::to_string(overtaken) + " of 32 B responses came back before an older one");
}

static void test_limits()
{
    AxiDramConfig c = config(1 << 16, 20);
    c.max_reads = 4;
    c.max_writes = 2;
    Bus bus(c);
    bus.rready = bus.bready = false;
    for (unsigned k = 0; k < 10; k++) bus.ar_q.push_back(burst(k, k * 64));
    for (unsigned k = 0; k < 5; k++) bus.write(burst(k, 0x8000 + k * 64), 12);
    bool ok = bus.run(60);
    std::string why = !ok ? bus.err
                      : bus.ar_edges.size() != 4 ? std::to_string(bus.ar_edges.size()) + " AR taken, max_reads 4"
                      : bus.aw_edges.size() != 2 ? std::to_string(bus.aw_edges.size()) + " AW taken, max_writes 2"
                      : bus.w_edges.size() != 16 ? std::to_string(bus.w_edges.size()) +
                                                       " W beats taken, expected 2 bursts paired + 2 waiting for their AW"
                                                 : "";
    bus.rready = bus.bready = true;
    if (why.empty() && !bus.drain()) why = bus.err;
    if (why.empty() && (bus.dram.stats().max_reads_in_flight != 4 || bus.dram.stats().max_writes_in_flight != 2))
        why = "stats: max in flight not 4 / 2";
    if (why.empty() && !bus.memory_as_expected()) why = "memory differs";
    result("dram_in_flight_limits", why.empty(), why, "ready drops at max_reads/max_writes; RVALID held while rready low");
}

static void test_slverr()
{
    Bus bus(config(0xF800));
    bus.model_errors_fatal = false;
    const AxiAddr inside = burst(1, 0xF7C0), outside = burst(2, 0xF800), aw = burst(3, 0xF7E0);
    bus.ar_q.push_back(inside);
    bus.ar_q.push_back(outside);
    bus.aw_q.push_back(aw);
    for (const AxiW &w : bus.beats_for(aw, 13, {}, false)) bus.w_q.push_back(w);
    bool ok = bus.drain();
    unsigned slverr_beats = 0;
    for (const auto &er : bus.r_log) slverr_beats += er.second.id == 2 && er.second.resp == AXI_RESP_SLVERR;
    std::string why = !ok ? bus.err
                      : bus.model_errors.size() != 2 ? std::to_string(bus.model_errors.size()) + " model errors, expected 2"
                      : bus.model_errors[0].find("outside memory") == std::string::npos ||
                              bus.model_errors[0].find("at edge") == std::string::npos
                          ? "error message: " + bus.model_errors[0]
                      : slverr_beats != 4 ? "not 4 SLVERR beats for the read outside memory"
                      : bus.b_log.size() != 1 || bus.b_log[0].second.resp != AXI_RESP_SLVERR ? "no SLVERR B"
                      : !bus.memory_as_expected() ? "the write outside memory changed memory"
                                                  : bus.read_mismatch(inside, bus.expect);
    result("dram_outside_memory_slverr", why.empty(), why, why.empty() ? bus.model_errors[0] : "");
}

static void test_refused()
{
    AxiDram d(config(1 << 16));
    struct { AxiAddr a; bool write; const char *words; } cases[] = {
        { AxiAddr{ 1, 0x1000, 3, 4, 2 }, false, "not INCR" },
        { AxiAddr{ 1, 0x1000, 3, 5, 1 }, false, "size above 4" },
        { AxiAddr{ 1, 0x1008, 3, 4, 1 }, true, "not aligned" },
        { AxiAddr{ 1, 0x1000, 3, 4, 2 }, true, "not INCR" },
    };
    std::string why, first;
    uint64_t e = 5;
    for (const auto &t : cases) {
        bool taken = t.write ? d.aw_fire(e, t.a) : d.ar_fire(e, t.a);
        std::string edge = "at edge " + std::to_string(e++);
        if (taken || d.error().find(t.words) == std::string::npos || d.error().find(edge) == std::string::npos)
            why = "not refused as '" + std::string(t.words) + "': " + (taken ? "accepted" : d.error());
        if (first.empty()) first = d.error();
    }
    AxiR r;
    AxiB b;
    if (why.empty() && (d.in_flight() || d.r(500, &r) || d.b(500, &b))) why = "a refused burst is held or answered";
    result("dram_illegal_bursts_refused", why.empty(), why, first);
}

static void test_drop_in_flight()
{
    Bus bus(config(1 << 16));
    bus.write(burst(1, 0x6000), 14);
    bool ok = bus.drain();
    for (unsigned k = 0; k < 8; k++) bus.ar_q.push_back(burst(k, 0x6000 + 64 * k));
    ok = ok && bus.run(20);
    bool held = bus.dram.in_flight() == 8;
    bus.dram.drop_in_flight();
    bus.check.reset();
    bus.ar_q.clear();
    bus.r_log.clear();
    ok = ok && bus.run(200);
    bool dropped = bus.dram.in_flight() == 0 && bus.r_log.empty();
    const AxiAddr ar = burst(3, 0x6000);
    bus.ar_q.push_back(ar);
    ok = ok && bus.drain();
    std::string why = !ok ? bus.err : !held ? "the reads were not in flight" : !dropped ? "a read survived the drop"
                                                                                   : bus.read_mismatch(ar, bus.expect);
    result("dram_drop_in_flight", why.empty(), why, "memory kept, later reads served");
}

// ------------------------------------------------------------ a store behind the model

// Bytes in a vector; addresses from err_from on answer err_resp; each access
// adds `extra` cycles. Logs every call.
struct VectorStore : AxiDramStore {
    std::vector<uint8_t> bytes;
    uint64_t extra = 0;
    uint32_t err_from = ~0u;
    unsigned err_resp = AXI_RESP_SLVERR;
    std::vector<std::pair<uint32_t, uint32_t>> calls;   // (addr, len)

    explicit VectorStore(uint32_t size) : bytes(size) {}
    unsigned answer(uint32_t addr, uint32_t len, uint64_t *x)
    {
        calls.push_back({ addr, len });
        *x += extra;
        return (uint64_t)addr + len > bytes.size() || addr + len > err_from ? err_resp : (unsigned)AXI_RESP_OKAY;
    }
    unsigned read(uint32_t addr, uint8_t *dst, uint32_t len, uint64_t *x) override
    {
        unsigned r = answer(addr, len, x);
        if (r == AXI_RESP_OKAY) memcpy(dst, bytes.data() + addr, len);
        return r;
    }
    unsigned write(uint32_t addr, const uint8_t *src, const uint8_t *enable, uint32_t len, uint64_t *x) override
    {
        unsigned r = answer(addr, len, x);
        for (uint32_t i = 0; r == AXI_RESP_OKAY && i < len; i++)
            if (enable[i]) bytes[addr + i] = src[i];
        return r;
    }
};

// Random traffic of reads and writes (sizes, lengths, IDs, strobes) queued on a bus.
static void random_traffic(Bus &bus, uint32_t seed, unsigned n)
{
    uint64_t x = seed;
    auto rnd = [&](uint32_t k) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        return (uint32_t)(x >> 33) % k;
    };
    for (unsigned i = 0; i < n; i++) {
        unsigned size = rnd(5), len = rnd(4) ? 64 / (1u << size) - 1 : rnd(8);
        uint32_t addr = rnd(bus.mem_size() / 4096) * 4096 + (rnd(4096 - ((len + 1) << size) + 1) & ~((1u << size) - 1));
        AxiAddr a{ rnd(16), addr, len, size, AXI_BURST_INCR };
        if (rnd(2)) bus.ar_q.push_back(a);
        else {
            std::vector<uint16_t> strobes;
            for (unsigned k = 0; k <= len; k++) strobes.push_back((uint16_t)(rnd(65536) & beat_lanes(a, k)));
            bus.write(a, 100 + i, strobes);
        }
    }
}

// The model with a store that gives the latency is the model with that latency.
static void test_store()
{
    AxiDramConfig own = channels(4, 4), ext = own;
    own.bytes = 1 << 16;
    ext.latency = 0;
    VectorStore store(1 << 16);
    store.extra = own.latency;
    Bus a(own), b(ext, &store, &store.bytes);
    random_traffic(a, 7, 400);
    random_traffic(b, 7, 400);
    bool ok = a.drain() && b.drain();
    std::string why = !ok ? a.err + b.err
                      : a.r_log.size() != b.r_log.size() || a.b_log.size() != b.b_log.size() ? "a different number of R or B"
                      : store.calls.size() != 400 ? std::to_string(store.calls.size()) + " store calls for 400 bursts"
                      : !b.memory_as_expected() ? "the store's bytes are not what the writes leave"
                      : memcmp(a.mem(), b.mem(), a.mem_size()) ? "the two memories differ" : "";
    for (size_t i = 0; why.empty() && i < a.r_log.size(); i++)
        if (a.r_log[i].first != b.r_log[i].first || memcmp(&a.r_log[i].second, &b.r_log[i].second, sizeof(AxiR)))
            why = "R " + std::to_string(i) + ": edge " + std::to_string(b.r_log[i].first) + " " + axi_str(b.r_log[i].second) +
                  ", own memory: edge " + std::to_string(a.r_log[i].first) + " " + axi_str(a.r_log[i].second);
    for (size_t i = 0; why.empty() && i < a.b_log.size(); i++)
        if (a.b_log[i].first != b.b_log[i].first || a.b_log[i].second.id != b.b_log[i].second.id)
            why = "B " + std::to_string(i) + " at edge " + std::to_string(b.b_log[i].first) + ", own memory " +
                  std::to_string(a.b_log[i].first);
    result("dram_store_same_beats_and_edges", why.empty(), why,
           std::to_string(a.r_log.size()) + " R beats, " + std::to_string(a.b_log.size()) + " B, one store call per burst");

    // Its responses are the bursts': SLVERR or DECERR on every beat, or the B;
    // a write that fails changes nothing.
    for (unsigned resp : { (unsigned)AXI_RESP_SLVERR, (unsigned)AXI_RESP_DECERR }) {
        VectorStore st(1 << 16);
        st.err_from = 0x8000;
        st.err_resp = resp;
        st.extra = 10;
        Bus bus(ext, &st, &st.bytes);
        const AxiAddr good = burst(1, 0x7fc0), bad = burst(2, 0x8000), wbad = burst(3, 0x9000);
        bus.ar_q.push_back(good);
        bus.ar_q.push_back(bad);
        bus.aw_q.push_back(wbad);
        for (const AxiW &w : bus.beats_for(wbad, 5, {}, false)) bus.w_q.push_back(w);
        ok = bus.drain();
        unsigned bad_beats = 0;
        for (const auto &er : bus.r_log) bad_beats += er.second.id == 2 && er.second.resp == resp;
        why = !ok ? bus.err
              : bad_beats != 4 ? std::to_string(bad_beats) + " of 4 beats with the store's response"
              : bus.b_log.size() != 1 || bus.b_log[0].second.resp != resp ? "the B does not carry the store's response"
              : !bus.memory_as_expected() ? "the failed write changed the store"
              : bus.r_log[0].first < bus.ar_edges[0] + 10 ? "the store's 10 extra cycles were not added"
                                                          : bus.read_mismatch(good, bus.expect);
        result(resp == AXI_RESP_DECERR ? "dram_store_decerr" : "dram_store_slverr", why.empty(), why);
    }
}

// ------------------------------------------------------------ the checker

static AxiSignals ar(AxiSignals s, const AxiAddr &a, bool ready = true)
{
    s.arvalid = true;
    s.arready = ready;
    s.ar = a;
    return s;
}
static AxiSignals aw(AxiSignals s, const AxiAddr &a, bool ready = true)
{
    s.awvalid = true;
    s.awready = ready;
    s.aw = a;
    return s;
}
static AxiSignals w(AxiSignals s, bool last, uint16_t strb = 0xFFFF, bool ready = true, uint32_t data0 = 0)
{
    s.wvalid = true;
    s.wready = ready;
    s.w = AxiW{ { data0, 0, 0, 0 }, strb, last };
    return s;
}
static AxiSignals r(AxiSignals s, uint32_t id, bool last, bool ready = true)
{
    s.rvalid = true;
    s.rready = ready;
    s.r = AxiR{ id, { 0, 0, 0, 0 }, AXI_RESP_OKAY, last };
    return s;
}
static AxiSignals b(AxiSignals s, uint32_t id, bool ready = true)
{
    s.bvalid = true;
    s.bready = ready;
    s.b = AxiB{ id, AXI_RESP_OKAY };
    return s;
}
static const AxiSignals idle{};

// Edges 1, 2, ... through a fresh checker, the first reset_edges in reset;
// then its end check. "" if all passed, else its error.
static std::string run_checker(const std::vector<AxiSignals> &edges, unsigned reset_edges = 0)
{
    AxiCheck c;
    uint64_t e = 1;
    for (const AxiSignals &s : edges) {
        if (!c.cycle(e, s, e <= reset_edges)) return c.error();
        e++;
    }
    return c.idle_at_end(e) ? "" : c.error();
}

static void caught(const std::string &name, const std::vector<AxiSignals> &edges, const std::string &rule,
                   unsigned reset_edges = 0)
{
    std::string e = run_checker(edges, reset_edges);
    bool ok = !e.empty() && e.find(rule) != std::string::npos;
    result(name, ok, e.empty() ? "not caught" : "caught, but the message does not name '" + rule + "': " + e, e);
}

static void test_checker()
{
    {   // two IDs interleaving their R beats, W bursts before and after their AW, narrow strobes, waits
        std::vector<AxiSignals> clean = {
            ar(idle, burst(1, 0x1000, 1)),
            w(ar(idle, burst(2, 0x2000, 1)), false),
            w(r(idle, 1, false), true),
            aw(r(idle, 2, false), burst(5, 0x3000, 1)),
            r(idle, 1, true),
            b(r(idle, 2, true, false), 5),
            r(idle, 2, true),
            aw(idle, burst(6, 0x4004, 1, 2), false),
            aw(idle, burst(6, 0x4004, 1, 2)),
            w(idle, false, 0x00F0),
            w(idle, true, 0x0F00),
            b(idle, 6, false),
            b(idle, 6),
            idle,
        };
        std::string e = run_checker(clean, 0);
        result("check_clean_run_passes", e.empty(), e);
    }
    const AxiAddr a = burst(1, 0x1000);
    caught("check_catches_valid_dropped", { ar(idle, a, false), idle }, "ARVALID dropped before the handshake at edge 2");
    caught("check_catches_ar_payload_changed", { ar(idle, a, false), ar(idle, burst(1, 0x1040)) },
           "AR: payload changed while ARVALID waited");
    caught("check_catches_wlast_wrong_beat", { aw(idle, a), w(idle, false), w(idle, true), w(idle, false), w(idle, true) },
           "W: WLAST before the last beat");
    caught("check_catches_wlast_wrong_beat_w_first", { w(idle, false), w(idle, true), aw(idle, a) }, "W: WLAST before the last beat");
    caught("check_catches_r_unknown_id", { ar(idle, a), r(idle, 2, false) }, "R: beat with no outstanding AR of its ID");
    caught("check_catches_rlast_missing", { ar(idle, burst(1, 0x1000, 1)), r(idle, 1, false), r(idle, 1, false) },
           "R: RLAST missing on the last beat");
    caught("check_catches_b_before_wlast", { aw(idle, burst(4, 0x1000, 1)), w(idle, false), b(idle, 4) },
           "B: response before the WLAST of its burst");
    caught("check_catches_b_with_wlast_same_edge", { aw(idle, burst(4, 0x1000, 0)), b(w(idle, true), 4) },
           "B: response before the WLAST of its burst");
    caught("check_catches_4k_crossing", { ar(idle, burst(1, 0x1FE0)) }, "AR: burst crosses a 4 KiB boundary");
    caught("check_catches_valid_in_reset", { idle, aw(idle, a, false), idle }, "reset: VALID high during reset", 2);
    caught("check_catches_wrap_burst", { aw(idle, AxiAddr{ 1, 0x1000, 3, 4, 2 }) }, "AW: burst type not INCR");
    caught("check_catches_size_above_bus", { ar(idle, burst(1, 0x1000, 3, 5)) }, "AR: size wider than the data bus");
    caught("check_catches_unaligned", { ar(idle, burst(1, 0x1008)) }, "AR: address not aligned to the size");
    caught("check_catches_id_too_wide", { ar(idle, burst(0x100, 0x1000)) }, "AR: id wider than 8 bits");
    caught("check_catches_strobe_outside_lanes", { aw(idle, burst(1, 0x1004, 0, 2)), w(idle, true, 0x000F) },
           "W: WSTRB outside the lanes of the beat");
    caught("check_catches_rlast_early", { ar(idle, a), r(idle, 1, true) }, "R: RLAST before the last beat");
    caught("check_catches_r_with_its_ar", { r(ar(idle, a), 1, false) }, "R: beat with no outstanding AR of its ID");
    caught("check_catches_b_unknown_id", { aw(idle, a), b(idle, 9) }, "B: response with no outstanding AW of its ID");
    caught("check_catches_w_payload_changed", { w(idle, true, 0xFFFF, false, 1), w(idle, true, 0xFFFF, true, 2) },
           "W: payload changed while WVALID waited");
    caught("check_catches_bvalid_dropped", { aw(idle, burst(4, 0x1000, 0)), w(idle, true), b(idle, 4, false), idle },
           "B: BVALID dropped before the handshake");
    caught("check_catches_open_at_end", { ar(idle, a), r(idle, 1, false) }, "transactions still open at the end");
}

int main()
{
    test_read_latency();
    test_write_strobes();
    test_memory_order();
    test_w_before_aw();
    test_narrow_and_long_bursts();
    test_bandwidth();
    test_jitter_order();
    test_limits();
    test_slverr();
    test_refused();
    test_drop_in_flight();
    test_store();
    test_checker();
    printf("%u passed, %u failed\n", n_pass, n_fail);
    return n_fail ? 1 : 0;
}
