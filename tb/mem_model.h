// mem_model: the device memory behind gpu_top's memory port (docs/architecture.md,
// "The memory port"). Plain C++, no Verilator: the RTL backend drives it from
// the port, the self-test drives it directly.
//
// A request is one 64-byte line: a load reads it, a store writes the words of
// its mask, an atomic (exactly one word in the mask) performs its function on
// that word. One request accepted per cycle while fewer than `queue` are in
// flight. A store or atomic is performed in memory at acceptance (memory
// order = acceptance order); a load reads memory at acceptance. Each request is
// answered `latency` cycles after its accepting edge (at least 1), plus, with
// jitter on, a random 0..latency extra, so responses may overtake each other.
// One response per cycle, earliest due first (acceptance order on a tie).
#ifndef WAVEGPU_MEM_MODEL_H
#define WAVEGPU_MEM_MODEL_H

#include <cstdint>
#include <queue>
#include <string>
#include <vector>

enum { MEM_LINE_BYTES = 64, MEM_LINE_WORDS = 16 };

struct MemRequest {
    unsigned op;                    // 0 load, 1 store, 2 atomic
    unsigned fn;                    // atomic function (ISA_FN_*)
    unsigned scope, nt;             // docs/isa.md 4.7 (the flat memory ignores them)
    uint32_t line;                  // byte address >> 6
    uint32_t words;                 // word mask of the line (16 bits)
    uint32_t data[MEM_LINE_WORDS];  // store data / atomic operand at its word
    uint32_t cmp;                   // CAS compare value
    uint32_t tag;

    // A one-word request (atomics; tests).
    static MemRequest word(unsigned op, unsigned fn, uint32_t addr, uint32_t data, uint32_t cmp, uint32_t tag);
};

struct MemResponse {
    uint32_t tag;
    uint32_t data[MEM_LINE_WORDS];  // load: the line (0 past the end of memory); atomic: the old word at its word
};

class MemModel {
public:
    // bytes: device memory size. queue: requests in flight at most (0 = no
    // limit). jitter_seed: 0 = fixed latency, else the seed of the jitter
    // (random extra latency and, unless ready_jitter is false, random cycles
    // with the request not ready: 1 in 8).
    MemModel(uint32_t bytes, unsigned latency, unsigned queue, uint64_t jitter_seed, bool ready_jitter = true);

    uint8_t *data() { return mem_.data(); }
    const uint8_t *data() const { return mem_.data(); }
    uint32_t bytes() const { return (uint32_t)mem_.size(); }

    // Should mem_req_ready_i be high before edge `edge`? Call once per cycle.
    bool ready(uint64_t edge);
    // The request was accepted at edge `edge`. Returns false (with error())
    // on an illegal request: bad op or atomic function, an empty word mask (or
    // not exactly one word for an atomic), an accessed word below 4096 or
    // outside memory.
    bool accept(uint64_t edge, const MemRequest &r);
    // The response to present before edge `edge`, if any is due.
    bool response(uint64_t edge, MemResponse *out) const;
    // The response presented before `edge` was taken at that edge.
    void pop();

    uint64_t in_flight() const { return pending_.size(); }
    uint64_t accepted() const { return accepted_; }
    uint64_t max_in_flight() const { return max_in_flight_; }
    const std::string &error() const { return err_; }
    void reset_stats() { accepted_ = 0; max_in_flight_ = in_flight(); }
    // Forgets the requests in flight (the RTL is being reset); keeps memory.
    void drop_in_flight() { pending_ = decltype(pending_)(); }
    // Fault injection for the deadlock watchdog's test: every request after
    // the first n (counted from reset_stats) is performed but never answered.
    // 0 = answer everything (the default).
    void lose_responses_after(uint64_t n) { lose_after_ = n; }

private:
    struct Entry {
        uint64_t due, seq;
        MemResponse resp;
        bool operator>(const Entry &o) const { return due != o.due ? due > o.due : seq > o.seq; }
    };
    uint64_t rand64();

    std::vector<uint8_t> mem_;
    unsigned latency_, queue_;
    bool jitter_, ready_jitter_;
    uint64_t rng_;
    uint64_t seq_ = 0, accepted_ = 0, max_in_flight_ = 0, lose_after_ = 0;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> pending_;
    std::string err_;
};

#endif
