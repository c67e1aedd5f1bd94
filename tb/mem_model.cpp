// mem_model.cpp: see mem_model.h.
#include "mem_model.h"

extern "C" {
#include "alu.h"
#include "isa.h"
}

#include <cinttypes>
#include <cstdio>
#include <cstring>

MemModel::MemModel(uint32_t bytes, unsigned latency, unsigned queue, uint64_t jitter_seed, bool ready_jitter)
    : mem_(bytes, 0), latency_(latency ? latency : 1), queue_(queue), jitter_(jitter_seed != 0),
      ready_jitter_(jitter_seed != 0 && ready_jitter), rng_(jitter_seed)
{
}

uint64_t MemModel::rand64()
{
    uint64_t z = (rng_ += 0x9E3779B97F4A7C15ull);   // splitmix64
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

bool MemModel::ready(uint64_t)
{
    if (queue_ && pending_.size() >= queue_) return false;
    if (ready_jitter_ && (rand64() & 7) == 0) return false;   // 1 cycle in 8 not ready
    return true;
}

static uint32_t ld32(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }
static void st32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24);
}

// The functions of the global atomics (docs/isa.md 4.6, 4.7).
static bool atomic_fn(unsigned fn)
{
    switch (fn) {
    case ISA_FN_ADD: case ISA_FN_MIN_U32: case ISA_FN_MIN_I32: case ISA_FN_MAX_U32: case ISA_FN_MAX_I32:
    case ISA_FN_AND: case ISA_FN_OR: case ISA_FN_XOR: case ISA_FN_XCHG: case ISA_FN_CAS:
        return true;
    default:
        return false;
    }
}

MemRequest MemRequest::word(unsigned op, unsigned fn, uint32_t addr, uint32_t data, uint32_t cmp, uint32_t tag)
{
    MemRequest r{};
    r.op = op;
    r.fn = fn;
    r.line = addr >> 6;
    unsigned w = addr >> 2 & (MEM_LINE_WORDS - 1);
    r.words = 1u << w;
    r.data[w] = data;
    r.cmp = cmp;
    r.tag = tag;
    return r;
}

bool MemModel::accept(uint64_t edge, const MemRequest &r)
{
    char buf[320];
    uint64_t base = (uint64_t)r.line * MEM_LINE_BYTES;
    uint32_t words = r.words & 0xFFFFu;
    bool bad = r.op > 2 || words == 0 || words != r.words || r.line >> 26 ||
               (r.op == 2 && (!atomic_fn(r.fn) || (words & (words - 1))));
    for (unsigned w = 0; w < MEM_LINE_WORDS && !bad; w++)
        if (words >> w & 1) {
            uint64_t a = base + 4 * w;
            bad = a < ISA_GLOBAL_NULL_BYTES || a + 4 > mem_.size();
        }
    if (bad) {
        snprintf(buf, sizeof buf,
                 "memory port: illegal request at edge %" PRIu64 ": op %u fn %u line 0x%08" PRIx64 " words 0x%04" PRIx32
                 " tag 0x%04" PRIx32 " (op must be 0..2, the word mask nonzero, an atomic's fn an atomic function and its "
                 "mask one word, every accessed word in [4096, %zu))",
                 edge, r.op, r.fn, base, r.words, r.tag, mem_.size());
        err_ = buf;
        return false;
    }
    MemResponse resp{};
    resp.tag = r.tag;
    for (unsigned w = 0; w < MEM_LINE_WORDS; w++) {
        uint64_t a = base + 4 * w;
        if (a + 4 > mem_.size()) continue;
        uint8_t *p = &mem_[a];
        uint32_t old = ld32(p);
        bool acc = words >> w & 1;
        if (r.op == 0) resp.data[w] = old;
        else if (r.op == 1 && acc) st32(p, r.data[w]);
        else if (r.op == 2 && acc) {
            st32(p, isa_alu(r.fn, old, r.data[w], r.cmp));
            resp.data[w] = old;
        }
    }
    uint64_t due = edge + latency_;
    if (jitter_) due += rand64() % (latency_ + 1);
    if (!lose_after_ || accepted_ < lose_after_) pending_.push(Entry{ due, seq_++, resp });
    accepted_++;
    if (pending_.size() > max_in_flight_) max_in_flight_ = pending_.size();
    return true;
}

bool MemModel::response(uint64_t edge, MemResponse *out) const
{
    if (pending_.empty() || pending_.top().due > edge) return false;
    *out = pending_.top().resp;
    return true;
}

void MemModel::pop()
{
    if (!pending_.empty()) pending_.pop();
}
