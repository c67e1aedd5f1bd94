// SPDX-License-Identifier: Apache-2.0
// axi_dram.cpp: see axi_dram.h.
#include "axi_dram.h"

#include <algorithm>

static AxiDramConfig clamped(AxiDramConfig c, bool store)
{
    c.bytes = store ? 0 : c.bytes - c.bytes % 64;
    if (!store) c.latency = std::max(c.latency, 1u);
    c.bytes_per_cycle = std::clamp(c.bytes_per_cycle, 1u, 64u);
    c.channels = std::clamp(c.channels, 1u, (unsigned)AXI_DRAM_MAX_CHANNELS);
    unsigned interleave = 64;
    while (interleave < c.interleave && interleave < 1u << 31) interleave <<= 1;
    c.interleave = interleave;
    if (c.error_resp != AXI_RESP_DECERR) c.error_resp = AXI_RESP_SLVERR;
    return c;
}

static uint64_t burst_bytes(const AxiAddr &a) { return (uint64_t)(a.len + 1) << a.size; }

// Beat k of a burst: its first byte's address and its first lane.
static uint32_t beat_addr(const AxiAddr &a, unsigned k) { return a.addr + (k << a.size); }
static unsigned beat_lane(const AxiAddr &a, unsigned k) { return beat_addr(a, k) % AXI_DATA_BYTES; }

AxiDram::AxiDram(const AxiDramConfig &config, AxiDramStore *store)
    : cfg_(clamped(config, store != nullptr)), store_(store), mem_(cfg_.bytes, 0), rng_(cfg_.jitter_seed), channel_free_(cfg_.channels, 0),
      r_active_(reads_.end()), b_active_(writes_.end())
{
}

uint64_t AxiDram::rand64()
{
    uint64_t z = (rng_ += 0x9E3779B97F4A7C15ull);   // splitmix64
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

bool AxiDram::fail(uint64_t edge, const std::string &what, const std::string &details)
{
    err_ = "AXI DRAM: " + what + " at edge " + std::to_string(edge) + ": " + details;
    return false;
}

bool AxiDram::refused(uint64_t edge, const char *channel, const AxiAddr &a)
{
    const char *why = a.burst != AXI_BURST_INCR ? "burst type not INCR (1)"
                      : a.size > 4              ? "size above 4 (16 bytes per beat)"
                      : a.len > 255             ? "len above 255"
                      : a.addr % (1u << a.size) ? "address not aligned to the size"
                                                : nullptr;
    if (!why) return false;
    fail(edge, std::string(channel) + " refused, " + why, axi_str(a));
    return true;
}

bool AxiDram::in_memory(const AxiAddr &a) const
{
    return store_ || (uint64_t)a.addr + burst_bytes(a) <= mem_.size();
}

// A burst arriving at `arrival` takes its turn on its channel: returns its
// service start and sets when its response is due.
uint64_t AxiDram::schedule(uint64_t arrival, const AxiAddr &a, uint64_t *due)
{
    unsigned channel = a.addr / cfg_.interleave % cfg_.channels;
    uint64_t occupied = (burst_bytes(a) + cfg_.bytes_per_cycle - 1) / cfg_.bytes_per_cycle;
    uint64_t start = std::max(arrival, channel_free_[channel]);
    channel_free_[channel] = start + occupied;
    stats_.channel_busy[channel] += occupied;
    *due = start + cfg_.latency + (cfg_.jitter_seed ? rand64() % (cfg_.latency + 1) : 0);
    return start;
}

// A burst performed at its service start `start`. With a store, its bytes go
// through buf_ (and enable_), its response is the store's, and its response
// is due the store's extra cycles later.
void AxiDram::read_memory(ReadBurst &rb, uint64_t start)
{
    const AxiAddr &a = rb.ar;
    rb.beats.assign(a.len + 1, {});
    if (rb.resp != AXI_RESP_OKAY) return;
    const uint8_t *bytes = mem_.data() + (store_ ? 0 : a.addr);
    if (store_) {
        uint64_t extra = 0;
        buf_.assign(burst_bytes(a), 0);
        rb.resp = store_->read(a.addr, buf_.data(), (uint32_t)buf_.size(), &extra);
        rb.due = std::max(rb.due + extra, start + 1);
        if (rb.resp != AXI_RESP_OKAY) return;
        bytes = buf_.data();
    }
    for (unsigned k = 0; k <= a.len; k++) {
        unsigned lane = beat_lane(a, k);
        for (unsigned j = 0; j < 1u << a.size; j++)
            rb.beats[k][(lane + j) / 4] |= (uint32_t)bytes[(k << a.size) + j] << 8 * ((lane + j) % 4);
    }
}

void AxiDram::write_memory(WriteBurst &wb, uint64_t start)
{
    const AxiAddr &a = wb.aw;
    if (wb.resp != AXI_RESP_OKAY) return;
    uint8_t *bytes = mem_.data() + (store_ ? 0 : a.addr);
    if (store_) {
        buf_.assign(burst_bytes(a), 0);
        enable_.assign(burst_bytes(a), 0);
        bytes = buf_.data();
    }
    for (unsigned k = 0; k <= a.len; k++) {
        unsigned lane = beat_lane(a, k);
        const AxiW &w = wb.beats[k];
        for (unsigned j = 0; j < 1u << a.size; j++) {
            if (!(w.strb >> (lane + j) & 1)) continue;
            bytes[(k << a.size) + j] = (uint8_t)(w.data[(lane + j) / 4] >> 8 * ((lane + j) % 4));
            if (store_) enable_[(k << a.size) + j] = 0xff;
        }
    }
    if (store_) {
        uint64_t extra = 0;
        wb.resp = store_->write(a.addr, buf_.data(), enable_.data(), (uint32_t)buf_.size(), &extra);
        wb.due = std::max(wb.due + extra, start + 1);
        if (wb.resp != AXI_RESP_OKAY) return;
    }
    stats_.write_bytes += burst_bytes(a);
}

void AxiDram::perform_due(uint64_t edge)
{
    while (!to_perform_.empty() && to_perform_.top().start <= edge) {
        Perform p = to_perform_.top();
        to_perform_.pop();
        if (p.read) read_memory(*p.read, p.start);
        else write_memory(*p.write, p.start);
    }
}

bool AxiDram::arready(uint64_t edge)
{
    perform_due(edge);
    return !cfg_.max_reads || reads_.size() < cfg_.max_reads;
}

bool AxiDram::awready(uint64_t edge)
{
    perform_due(edge);
    return !cfg_.max_writes || writes_in_flight() < cfg_.max_writes;
}

bool AxiDram::wready(uint64_t edge)
{
    perform_due(edge);
    bool burst_begun = pairing_w_done_ < pairing_.size() && !pairing_[pairing_w_done_].beats.empty();
    size_t waiting_for_aw = pairing_w_done_ > pairing_aw_ ? pairing_w_done_ - pairing_aw_ : 0;
    return burst_begun || !cfg_.max_writes || waiting_for_aw < cfg_.max_writes;
}

// The burst to present next: due, no older burst of its ID in flight, the
// earliest due; the lists are in arrival order, so the first on a tie.
template <class Burst>
typename std::list<Burst>::iterator AxiDram::oldest_due(std::list<Burst> &bursts, uint64_t edge)
{
    auto best = bursts.end();
    for (auto it = bursts.begin(); it != bursts.end(); ++it) {
        if (it->due > edge || (best != bursts.end() && it->due >= best->due)) continue;
        bool older_same_id = false;
        for (auto o = bursts.begin(); o != it && !older_same_id; ++o) older_same_id = o->id == it->id;
        if (!older_same_id) best = it;
    }
    return best;
}

bool AxiDram::r(uint64_t edge, AxiR *out)
{
    perform_due(edge);
    if (r_active_ == reads_.end()) r_active_ = oldest_due(reads_, edge);
    if (r_active_ == reads_.end()) return false;
    const ReadBurst &rb = *r_active_;
    out->id = rb.id;
    std::copy(rb.beats[rb.next_beat].begin(), rb.beats[rb.next_beat].end(), out->data);
    out->resp = rb.resp;
    out->last = rb.next_beat == rb.ar.len;
    return true;
}

bool AxiDram::b(uint64_t edge, AxiB *out)
{
    perform_due(edge);
    if (b_active_ == writes_.end()) b_active_ = oldest_due(writes_, edge);
    if (b_active_ == writes_.end()) return false;
    out->id = b_active_->id;
    out->resp = b_active_->resp;
    return true;
}

bool AxiDram::ar_fire(uint64_t edge, const AxiAddr &ar)
{
    perform_due(edge);
    if (refused(edge, "AR", ar)) return false;
    bool inside = in_memory(ar);
    bool planted = ++ars_ == cfg_.error_read && inside;
    stats_.planted_errors += planted;
    reads_.push_back(ReadBurst{ ar, ar.id, seq_++, 0, planted ? cfg_.error_resp : inside ? (unsigned)AXI_RESP_OKAY : (unsigned)AXI_RESP_SLVERR,
                                0, {} });
    ReadBurst &rb = reads_.back();
    uint64_t start = schedule(edge, ar, &rb.due);
    to_perform_.push(Perform{ start, rb.seq, &rb, nullptr });
    stats_.read_bursts++;
    stats_.max_reads_in_flight = std::max<uint64_t>(stats_.max_reads_in_flight, reads_.size());
    return inside || fail(edge, "AR outside memory [0, " + std::to_string(mem_.size()) + "), answered SLVERR", axi_str(ar));
}

// Writes with both their AW and their WLAST leave the pairing queue (in order)
// and take their turn on their channel.
void AxiDram::complete_writes(uint64_t edge)
{
    while (pairing_aw_ > 0 && pairing_w_done_ > 0) {
        writes_.push_back(std::move(pairing_.front()));
        pairing_.pop_front();
        pairing_aw_--;
        pairing_w_done_--;
        WriteBurst &wb = writes_.back();
        wb.seq = seq_++;
        uint64_t start = schedule(edge, wb.aw, &wb.due);
        to_perform_.push(Perform{ start, wb.seq, nullptr, &wb });
        stats_.write_bursts++;
    }
}

bool AxiDram::aw_fire(uint64_t edge, const AxiAddr &aw)
{
    perform_due(edge);
    if (refused(edge, "AW", aw)) return false;
    if (pairing_aw_ == pairing_.size()) pairing_.emplace_back();
    WriteBurst &wb = pairing_[pairing_aw_++];
    wb.aw = aw;
    wb.id = aw.id;
    bool ok = true;
    if (++aws_ == cfg_.error_write && in_memory(aw)) {
        wb.resp = cfg_.error_resp;   // planted: not performed
        stats_.planted_errors++;
    }
    if (!in_memory(aw)) {
        wb.resp = AXI_RESP_SLVERR;
        ok = fail(edge, "AW outside memory [0, " + std::to_string(mem_.size()) + "), answered SLVERR", axi_str(aw));
    }
    bool w_done = pairing_aw_ <= pairing_w_done_;
    if (wb.beats.size() > aw.len + 1u || (w_done && wb.beats.size() != aw.len + 1u)) {
        wb.resp = AXI_RESP_SLVERR;
        ok = fail(edge,
                  "AW pairs with a W burst of " + std::to_string(wb.beats.size()) + " beats" + (w_done ? "" : " so far") +
                      ", not len + 1 (not performed, answered SLVERR)",
                  axi_str(aw));
    }
    stats_.max_writes_in_flight = std::max<uint64_t>(stats_.max_writes_in_flight, writes_in_flight());
    complete_writes(edge);
    return ok;
}

bool AxiDram::w_fire(uint64_t edge, const AxiW &w)
{
    perform_due(edge);
    if (pairing_w_done_ == pairing_.size()) pairing_.emplace_back();
    WriteBurst &wb = pairing_[pairing_w_done_];
    size_t beat = wb.beats.size();
    wb.beats.push_back(w);
    bool has_aw = pairing_w_done_ < pairing_aw_;
    bool ok = true;
    if (has_aw && (beat > wb.aw.len || w.last != (beat == wb.aw.len))) {
        wb.resp = AXI_RESP_SLVERR;
        ok = fail(edge,
                  "W beat " + std::to_string(beat) + " has WLAST " + std::to_string(w.last) +
                      ", WLAST belongs on beat len (not performed, answered SLVERR)",
                  axi_str(wb.aw));
    } else if (!has_aw && !w.last && wb.beats.size() == 256) {
        wb.resp = AXI_RESP_SLVERR;
        ok = fail(edge, "W burst of 256 beats without WLAST (not performed, answered SLVERR)", "its AW is not taken yet");
    }
    if (w.last) pairing_w_done_++;
    complete_writes(edge);
    return ok;
}

void AxiDram::r_taken(uint64_t edge)
{
    perform_due(edge);
    if (r_active_ == reads_.end()) return;
    stats_.read_bytes += 1u << r_active_->ar.size;
    if (r_active_->next_beat++ == r_active_->ar.len) {
        reads_.erase(r_active_);
        r_active_ = reads_.end();
    }
}

void AxiDram::b_taken(uint64_t edge)
{
    perform_due(edge);
    if (b_active_ == writes_.end()) return;
    writes_.erase(b_active_);
    b_active_ = writes_.end();
}

void AxiDram::reset_stats()
{
    stats_ = AxiDramStats{};
    stats_.max_reads_in_flight = reads_.size();
    stats_.max_writes_in_flight = writes_in_flight();
}

void AxiDram::drop_in_flight()
{
    to_perform_ = decltype(to_perform_)();
    reads_.clear();
    r_active_ = reads_.end();
    pairing_.clear();
    pairing_aw_ = pairing_w_done_ = 0;
    writes_.clear();
    b_active_ = writes_.end();
    std::fill(channel_free_.begin(), channel_free_.end(), 0);
}
