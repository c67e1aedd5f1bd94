/* SPDX-License-Identifier: Apache-2.0 */
// axi_dram: a multi-channel DRAM behind an AXI4 slave port (payloads in
// sim/axi.h), cycle based, for the testbench of an AXI4 master. Plain C++17, no
// Verilator; deterministic for a given configuration.
//
// Bursts. INCR (AxBURST 1) only, size 0..4, address aligned to 1 << size, len
// 0..255; anything else is refused: the fire call returns false with error()
// and nothing is accepted. A burst not inside [0, bytes) is accepted and
// answered SLVERR (every R beat, or its B) without touching memory; its fire
// call returns false with error() all the same (a testbench failure). Beat k
// covers bytes [addr + k * 2^size, + 2^size) on the lanes of that address
// modulo 16; a read beat is 0 on the other lanes, a write ignores them.
//
// Channels. A burst goes to channel (addr / interleave) % channels, even if it
// runs into the next interleave block. A read arrives at its AR handshake, a
// write at the later of its AW handshake and its WLAST beat (W bursts may come
// before their AW; they pair with the AWs in order). Each channel serves its
// bursts in arrival order: service start = max(arrival edge, end of the
// channel's previous service); a burst of N bytes occupies its channel
// ceil(N / bytes_per_cycle) cycles. Reads and writes share the channel.
//
// Memory. A burst is performed at its service start: a read copies its data, a
// write stores the bytes of its beats whose strobe bit is set. Bursts are
// performed in order of service start, arrival order on a tie. So a read sees
// every write to its channel that arrived before it (a write arriving at the
// same edge counts as before it if its fire call came first) and none that
// arrived after it; bursts on different channels touch different bytes unless
// one runs past its interleave block. data() holds every burst whose service
// start is at or before the edge of the latest call.
//
// Responses. A burst's R beats (its B) may be presented from service start +
// latency + jitter on, where jitter is 0, or with jitter_seed != 0 a random
// 0..latency drawn per burst at arrival (splitmix64). One R beat per edge: the
// burst in progress, else among the due bursts with no older burst of the same
// ID in flight the earliest due (arrival order on a tie); once presented, a
// burst's beats go out back to back. One B per edge by the same rule. Peak
// bandwidth is channels x bytes_per_cycle bytes per cycle, at most 16 of them
// on the R bus and 16 on the W bus.
//
// Store. By default the bytes are the model's own array (data()). A model
// made with an AxiDramStore keeps none: each burst is one call to the store at
// its service start, whose AXI response (OKAY, SLVERR, DECERR) is the burst's,
// and whose extra cycles are added to the burst's latency (at least 1 in all);
// no burst is refused for its address, and latency may be 0 (the store gives
// it). The SystemC bridge to TLM-2.0 (sim/systemc/axi_to_tlm.h) is one.
//
// Ready, from state only. arready while fewer than max_reads reads are in
// flight (AR taken, last R beat not); awready while fewer than max_writes
// writes are (AW taken, B not); wready unless max_writes complete W bursts wait
// for their AW (a W burst once begun is always taken). 0 = no limit.
//
// One clock cycle, for the coming rising edge e (e grows by one per cycle):
//   1. the slave outputs: arready(e), awready(e), wready(e), r(e, &beat),
//      b(e, &resp), in any order; r and b present the same beat/response until
//      it is taken;
//   2. evaluate the master with them;
//   3. the handshakes at e: ar_fire, aw_fire, w_fire (false = failure, see
//      error()), then r_taken if rvalid && rready, b_taken if bvalid && bready.
// Every call first brings the model up to its edge.
#ifndef WAVEGPU_AXI_DRAM_H
#define WAVEGPU_AXI_DRAM_H

#include "axi.h"

#include <array>
#include <cstdint>
#include <deque>
#include <list>
#include <queue>
#include <string>
#include <vector>

enum { AXI_DRAM_MAX_CHANNELS = 16 };

// Out-of-range values are clamped: bytes down to a multiple of 64, latency to
// at least 1, bytes_per_cycle to 1..64, channels to 1..16, interleave up to a
// power of two >= 64. config() returns the values in use.
struct AxiDramConfig {
    uint32_t bytes = 1u << 24;       // memory size
    unsigned latency = 100;          // cycles from service start to the first beat / the B
    unsigned bytes_per_cycle = 8;    // per channel
    unsigned channels = 4;
    unsigned interleave = 256;       // bytes per channel block
    uint64_t jitter_seed = 0;        // 0 = no jitter
    unsigned max_reads = 64, max_writes = 64;   // bursts in flight at most; 0 = no limit
    // Planted error responses, a test of the GPU's memory-error handling:
    // the error_read-th read burst of the model's life (from 1, in AR order)
    // is answered error_resp on every beat, with zero data; the
    // error_write-th write burst (in AW order) is not performed and its B is
    // error_resp. Each happens once. 0: none.
    uint64_t error_read = 0, error_write = 0;
    unsigned error_resp = 2;         // AXI_RESP_SLVERR, or 3 (DECERR)
};

// Counted since reset_stats(). Bandwidth achieved over a window =
// (read_bytes + write_bytes) / its cycles.
struct AxiDramStats {
    uint64_t read_bytes;             // of the R beats taken (2^size each)
    uint64_t write_bytes;            // of the write bursts performed in memory
    uint64_t read_bursts;            // AR handshakes
    uint64_t write_bursts;           // writes arrived (AW and WLAST taken)
    uint64_t max_reads_in_flight;    // (as arready counts them)
    uint64_t max_writes_in_flight;   // (as awready counts them)
    uint64_t channel_busy[AXI_DRAM_MAX_CHANNELS];   // service cycles of the bursts begun on each channel
    uint64_t planted_errors;         // bursts answered with a planted error (error_read, error_write)
};

// The bytes of the bursts, kept elsewhere. A burst covers [addr, addr + len).
class AxiDramStore {
public:
    virtual ~AxiDramStore() = default;
    // Copies the bytes into dst; returns the AXI response and adds to *extra
    // the cycles the access adds to the burst's latency.
    virtual unsigned read(uint32_t addr, uint8_t *dst, uint32_t len, uint64_t *extra) = 0;
    // Stores the bytes of src whose byte_enable is 0xff (0x00: left as is).
    virtual unsigned write(uint32_t addr, const uint8_t *src, const uint8_t *byte_enable, uint32_t len,
                           uint64_t *extra) = 0;
};

class AxiDram {
public:
    explicit AxiDram(const AxiDramConfig &config, AxiDramStore *store = nullptr);
    AxiDram(const AxiDram &) = delete;              // holds pointers into itself
    AxiDram &operator=(const AxiDram &) = delete;

    // The model's own bytes (nullptr and 0 with a store).
    uint8_t *data() { return store_ ? nullptr : mem_.data(); }
    const uint8_t *data() const { return store_ ? nullptr : mem_.data(); }
    uint32_t bytes() const { return (uint32_t)mem_.size(); }
    const AxiDramConfig &config() const { return cfg_; }

    // The slave's outputs for the coming edge.
    bool arready(uint64_t edge);
    bool awready(uint64_t edge);
    bool wready(uint64_t edge);
    bool r(uint64_t edge, AxiR *out);   // rvalid, and the beat
    bool b(uint64_t edge, AxiB *out);   // bvalid, and the response

    // The handshakes completed at `edge`.
    bool ar_fire(uint64_t edge, const AxiAddr &ar);
    bool aw_fire(uint64_t edge, const AxiAddr &aw);
    bool w_fire(uint64_t edge, const AxiW &w);
    void r_taken(uint64_t edge);        // the beat r() presented was taken
    void b_taken(uint64_t edge);        // the response b() presented was taken

    const AxiDramStats &stats() const { return stats_; }
    void reset_stats();
    // After a false return: what was wrong, one line, with the edge.
    const std::string &error() const { return err_; }
    // Forgets every burst in flight, performed or not (the RTL is being reset);
    // keeps memory.
    void drop_in_flight();
    // Bursts held: reads until their last beat is taken, writes from their
    // first AW or W handshake until their B is taken.
    uint64_t in_flight() const { return reads_.size() + pairing_.size() + writes_.size(); }

private:
    struct ReadBurst {
        AxiAddr ar;
        uint32_t id;
        uint64_t seq, due;
        unsigned resp;
        unsigned next_beat;
        std::vector<std::array<uint32_t, 4>> beats;   // read at service start
    };
    struct WriteBurst {
        AxiAddr aw;
        uint32_t id;
        uint64_t seq, due;
        unsigned resp;
        std::vector<AxiW> beats;
    };
    // A burst to perform in memory at its service start (one pointer set).
    struct Perform {
        uint64_t start, seq;
        ReadBurst *read;
        WriteBurst *write;
        bool operator>(const Perform &o) const { return start != o.start ? start > o.start : seq > o.seq; }
    };

    uint64_t rand64();
    void perform_due(uint64_t edge);
    void read_memory(ReadBurst &rb, uint64_t start);
    void write_memory(WriteBurst &wb, uint64_t start);
    uint64_t schedule(uint64_t arrival, const AxiAddr &a, uint64_t *due);
    void complete_writes(uint64_t edge);
    bool refused(uint64_t edge, const char *channel, const AxiAddr &a);
    bool in_memory(const AxiAddr &a) const;
    bool fail(uint64_t edge, const std::string &what, const std::string &details);
    uint64_t writes_in_flight() const { return pairing_aw_ + writes_.size(); }
    template <class Burst>
    static typename std::list<Burst>::iterator oldest_due(std::list<Burst> &bursts, uint64_t edge);

    AxiDramConfig cfg_;
    AxiDramStore *store_;
    std::vector<uint8_t> mem_;
    std::vector<uint8_t> buf_, enable_;    // a burst's bytes and byte enables, for the store
    uint64_t rng_;
    uint64_t seq_ = 0;
    uint64_t ars_ = 0, aws_ = 0;           // AR and AW handshakes since construction (error_read, error_write)
    std::vector<uint64_t> channel_free_;   // first edge each channel can begin a service
    std::list<ReadBurst> reads_;           // AR order
    std::list<ReadBurst>::iterator r_active_;   // the burst on the R bus, or reads_.end()
    // Writes still missing their AW or their WLAST, in pairing order: the first
    // pairing_aw_ have their AW, the first pairing_w_done_ their WLAST.
    std::deque<WriteBurst> pairing_;
    size_t pairing_aw_ = 0, pairing_w_done_ = 0;
    std::list<WriteBurst> writes_;         // arrived, until their B is taken; AW order
    std::list<WriteBurst>::iterator b_active_;  // the B presented, or writes_.end()
    std::priority_queue<Perform, std::vector<Perform>, std::greater<Perform>> to_perform_;
    AxiDramStats stats_{};
    std::string err_;
};

#endif
