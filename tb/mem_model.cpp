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

bool MemModel::accept(uint64_t edge, const MemRequest &r)
{
    char buf[256];
    if (r.op > 2 || (r.op == 2 && !atomic_fn(r.fn)) || (r.addr & 3) || r.addr < ISA_GLOBAL_NULL_BYTES ||
        (uint64_t)r.addr + 4 > mem_.size()) {
        snprintf(buf, sizeof buf,
                 "memory port: illegal request at edge %" PRIu64 ": op %u fn %u addr 0x%08" PRIx32 " tag 0x%04" PRIx32
                 " (op must be 0..2, fn an atomic function, addr a multiple of 4 in [4096, %zu))",
                 edge, r.op, r.fn, r.addr, r.tag, mem_.size());
        err_ = buf;
        return false;
    }
    uint8_t *p = &mem_[r.addr];
    uint32_t old = ld32(p);
    if (r.op == 1) st32(p, r.data);
    else if (r.op == 2) st32(p, isa_alu(r.fn, old, r.data, r.cmp));
    uint64_t due = edge + latency_;
    if (jitter_) due += rand64() % (latency_ + 1);
    if (!lose_after_ || accepted_ < lose_after_) pending_.push(Entry{ due, seq_++, MemResponse{ r.tag, r.op == 1 ? 0u : old } });
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
