// SPDX-License-Identifier: Apache-2.0
// axi_check.cpp: see axi_check.h.
#include "axi_check.h"

#include <cinttypes>
#include <cstdio>
#include <cstring>

static bool same(const AxiAddr &a, const AxiAddr &b)
{
    return a.id == b.id && a.addr == b.addr && a.len == b.len && a.size == b.size && a.burst == b.burst;
}
static bool same(const AxiW &a, const AxiW &b)
{
    return !memcmp(a.data, b.data, sizeof a.data) && a.strb == b.strb && a.last == b.last;
}
static bool same(const AxiR &a, const AxiR &b)
{
    return a.id == b.id && !memcmp(a.data, b.data, sizeof a.data) && a.resp == b.resp && a.last == b.last;
}
static bool same(const AxiB &a, const AxiB &b) { return a.id == b.id && a.resp == b.resp; }

static std::string num(uint64_t v) { return std::to_string(v); }

AxiCheck::AxiCheck(unsigned data_bytes, unsigned id_bits) : data_bytes_(data_bytes), max_size_(0), id_bits_(id_bits)
{
    while (max_size_ < 4 && 2u << max_size_ <= data_bytes_) max_size_++;
}

void AxiCheck::forget_transactions()
{
    ar_wait_ = {};
    aw_wait_ = {};
    w_wait_ = {};
    r_wait_ = {};
    b_wait_ = {};
    reads_.clear();
    aws_taken_ = w_bursts_done_ = 0;
    writes_.clear();
    aws_wanting_w_.clear();
    w_beats_ = 0;
    early_w_.clear();
}

void AxiCheck::reset()
{
    forget_transactions();
    err_.clear();
}

bool AxiCheck::fail(uint64_t edge, const std::string &rule, const std::string &details)
{
    err_ = "AXI protocol: " + rule + " at edge " + num(edge) + ": " + details;
    return false;
}

// Rule 2 for one channel; remembers whether its VALID waits for its READY.
template <class T>
bool AxiCheck::stable(uint64_t edge, const char *channel, Waiting<T> &w, bool valid, bool ready, const T &payload)
{
    std::string ch = channel;
    if (w.on && !valid)
        return fail(edge, ch + ": " + ch + "VALID dropped before the handshake", "it presented " + axi_str(w.payload));
    if (w.on && !same(payload, w.payload))
        return fail(edge, ch + ": payload changed while " + ch + "VALID waited for " + ch + "READY",
                    axi_str(w.payload) + " -> " + axi_str(payload));
    w.on = valid && !ready;
    w.payload = payload;
    return true;
}

// Rule 3.
bool AxiCheck::check_addr(uint64_t edge, const char *channel, const AxiAddr &a)
{
    std::string ch = channel;
    if (a.burst != AXI_BURST_INCR) return fail(edge, ch + ": burst type not INCR (1)", axi_str(a));
    if (a.size > max_size_)
        return fail(edge, ch + ": size wider than the data bus",
                    axi_str(a) + " (bus " + num(data_bytes_) + " bytes, size at most " + num(max_size_) + ")");
    if (a.len > 255) return fail(edge, ch + ": len above 255", axi_str(a));
    if (a.addr % (1u << a.size)) return fail(edge, ch + ": address not aligned to the size", axi_str(a));
    uint64_t end = (uint64_t)(a.addr % 4096) + ((uint64_t)(a.len + 1) << a.size);
    if (end > 4096)
        return fail(edge, ch + ": burst crosses a 4 KiB boundary",
                    axi_str(a) + " (" + num((uint64_t)(a.len + 1) << a.size) + " bytes)");
    if (id_bits_ < 32 && a.id >> id_bits_) return fail(edge, ch + ": id wider than " + num(id_bits_) + " bits", axi_str(a));
    return true;
}

// Rule 4 for beat `beat` of the W burst of AW number aw_index.
bool AxiCheck::check_w_beat(uint64_t edge, const AxiAddr &aw, uint64_t aw_index, size_t beat, const AxiW &w)
{
    std::string where = "beat " + num(beat) + " of the W burst of AW #" + num(aw_index) + " (" + axi_str(aw) + ")";
    if (beat > aw.len || w.last != (beat == aw.len))
        return fail(edge, std::string("W: WLAST ") + (w.last ? "before" : "missing on") + " the last beat",
                    where + " has WLAST " + num(w.last) + "; it belongs on beat " + num(aw.len));
    unsigned lane = (aw.addr + ((uint32_t)beat << aw.size)) % data_bytes_;
    uint32_t lanes = ((1u << (1u << aw.size)) - 1) << lane;
    if (w.strb & ~lanes) {
        char b[96];
        snprintf(b, sizeof b, ": WSTRB 0x%04x, lanes allowed 0x%04" PRIx32, (unsigned)w.strb, lanes);
        return fail(edge, "W: WSTRB outside the lanes of the beat", where + b);
    }
    return true;
}

// Rule 5 for a beat presented (not necessarily taken).
bool AxiCheck::check_r(uint64_t edge, const AxiR &r)
{
    auto it = reads_.find(r.id);
    if (it == reads_.end())
        return fail(edge, "R: beat with no outstanding AR of its ID", axi_str(r) + " (no AR with this ID taken before this edge)");
    const ReadOpen &o = it->second.front();
    if (r.last != (o.beats_taken == o.len))
        return fail(edge, std::string("R: RLAST ") + (r.last ? "before" : "missing on") + " the last beat",
                    axi_str(r) + ": beat " + num(o.beats_taken) + " of the oldest open AR of this ID, len " + num(o.len));
    return true;
}

// Rule 6 for a response presented (not necessarily taken).
bool AxiCheck::check_b(uint64_t edge, const AxiB &b)
{
    auto it = writes_.find(b.id);
    if (it == writes_.end())
        return fail(edge, "B: response with no outstanding AW of its ID", axi_str(b) + " (no AW with this ID without a B)");
    uint64_t aw_index = it->second.front();
    if (aw_index >= w_bursts_done_)
        return fail(edge, "B: response before the WLAST of its burst",
                    axi_str(b) + " answers AW #" + num(aw_index) + ", whose W burst has not ended before this edge");
    return true;
}

bool AxiCheck::take_aw(uint64_t edge, const AxiAddr &aw)
{
    uint64_t index = aws_taken_++;
    writes_[aw.id].push_back(index);
    if (early_w_.empty()) {
        aws_wanting_w_.push_back(aw);
        return true;
    }
    std::vector<AxiW> burst = std::move(early_w_.front());
    early_w_.pop_front();
    for (size_t k = 0; k < burst.size(); k++)
        if (!check_w_beat(edge, aw, index, k, burst[k])) return false;
    if (index == w_bursts_done_) {   // its W burst has begun, not ended
        aws_wanting_w_.push_back(aw);
        w_beats_ = burst.size();
    }
    return true;
}

bool AxiCheck::take_w(uint64_t edge, const AxiW &w)
{
    if (w_bursts_done_ < aws_taken_) {
        const AxiAddr &aw = aws_wanting_w_.front();
        if (!check_w_beat(edge, aw, w_bursts_done_, w_beats_, w)) return false;
        w_beats_++;
        if (w.last) {
            aws_wanting_w_.pop_front();
            w_bursts_done_++;
            w_beats_ = 0;
        }
        return true;
    }
    size_t index = w_bursts_done_ - aws_taken_;
    if (index == early_w_.size()) early_w_.emplace_back();
    early_w_[index].push_back(w);
    if (w.last) w_bursts_done_++;
    else if (early_w_[index].size() == 256)
        return fail(edge, "W: WLAST missing on the last beat",
                    "a W burst ahead of its AW has 256 beats without WLAST (len is at most 255)");
    return true;
}

bool AxiCheck::cycle(uint64_t edge, const AxiSignals &s, bool in_reset)
{
    if (!err_.empty()) return false;
    if (in_reset) {
        std::string high = std::string(s.arvalid ? " ARVALID" : "") + (s.awvalid ? " AWVALID" : "") +
                           (s.wvalid ? " WVALID" : "") + (s.rvalid ? " RVALID" : "") + (s.bvalid ? " BVALID" : "");
        forget_transactions();
        return high.empty() || fail(edge, "reset: VALID high during reset", "high:" + high);
    }
    if (!stable(edge, "AR", ar_wait_, s.arvalid, s.arready, s.ar) ||
        !stable(edge, "AW", aw_wait_, s.awvalid, s.awready, s.aw) ||
        !stable(edge, "W", w_wait_, s.wvalid, s.wready, s.w) ||
        !stable(edge, "R", r_wait_, s.rvalid, s.rready, s.r) ||
        !stable(edge, "B", b_wait_, s.bvalid, s.bready, s.b))
        return false;

    // R and B against what was taken at earlier edges.
    if (s.rvalid && !check_r(edge, s.r)) return false;
    if (s.bvalid && !check_b(edge, s.b)) return false;
    if (s.rvalid && s.rready) {
        auto it = reads_.find(s.r.id);
        if (++it->second.front().beats_taken > it->second.front().len) it->second.pop_front();
        if (it->second.empty()) reads_.erase(it);
    }
    if (s.bvalid && s.bready) {
        auto it = writes_.find(s.b.id);
        it->second.pop_front();
        if (it->second.empty()) writes_.erase(it);
    }

    if (s.arvalid && !check_addr(edge, "AR", s.ar)) return false;
    if (s.arvalid && s.arready) reads_[s.ar.id].push_back(ReadOpen{ s.ar.len, 0 });
    if (s.awvalid && !check_addr(edge, "AW", s.aw)) return false;
    if (s.awvalid && s.awready && !take_aw(edge, s.aw)) return false;
    if (s.wvalid && s.wready && !take_w(edge, s.w)) return false;
    return true;
}

bool AxiCheck::idle_at_end(uint64_t edge)
{
    if (!err_.empty()) return false;
    uint64_t reads = 0, writes = 0;
    for (const auto &kv : reads_) reads += kv.second.size();
    for (const auto &kv : writes_) writes += kv.second.size();
    uint64_t aws_without_w = aws_taken_ > w_bursts_done_ ? aws_taken_ - w_bursts_done_ : 0;
    std::string open;
    if (reads) open += ", " + num(reads) + " AR without all their R beats";
    if (aws_without_w) open += ", " + num(aws_without_w) + " AW without their WLAST";
    if (writes) open += ", " + num(writes) + " AW without their B";
    if (!early_w_.empty()) open += ", " + num(early_w_.size()) + " W bursts without their AW";
    for (const char *ch : { ar_wait_.on ? "AR" : "", aw_wait_.on ? "AW" : "", w_wait_.on ? "W" : "", r_wait_.on ? "R" : "",
                            b_wait_.on ? "B" : "" })
        if (*ch) open += std::string(", ") + ch + "VALID waiting for " + ch + "READY";
    return open.empty() || fail(edge, "transactions still open at the end", open.substr(2));
}
