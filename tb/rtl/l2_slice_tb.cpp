// SPDX-License-Identifier: Apache-2.0
// l2_slice_tb: one L2 slice (rtl/gpu_l2_slice.sv, built small: 8 sets x 2
// ways, 4 MSHRs, 2 write-back buffers) under random loads, stores (partial
// and whole-line), atomics (1 in 8 of system scope) and maintenance, against a reference memory
// updated in the order the slice accepts requests (the slice is the point of
// coherence: per line it executes in acceptance order). Every answer is
// compared word by word; after a final write-back-and-invalidate the memory
// behind the slice must equal the reference. The memory side answers reads
// and writes after random delays, interleaves the fill beats of different
// misses, and performs a write only when it acknowledges it, so a slice that
// reads a line again before its write-back is answered reads stale data; a
// second write of a line while one is unanswered is reported at once.
// Prints PASS/FAIL lines.
#include "Vgpu_l2_slice.h"
#include "verilated.h"

#include "alu.h"
#include "isa.h"

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <deque>
#include <map>
#include <string>
#include <vector>

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint32_t rnd()
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 11);
}
static uint32_t below(uint32_t n) { return (uint32_t)(((uint64_t)rnd() * n) >> 32); }

enum { LINES = 48, WORDS = 16 };   // the address space: 48 lines (6 per set: evictions)

// The slice's lines are interleaved over 4 slices in blocks of 4 lines; this
// slice gets lines whose bits [3:2] are 0.
static uint32_t line_addr(unsigned i) { return 0x100 + (i / 4) * 16 + (i % 4); }

struct Expect {
    bool load, atomic;
    unsigned word;
    uint32_t data[WORDS];
};

struct Tb {
    Vgpu_l2_slice dut;
    uint64_t cycle = 0;
    std::map<uint32_t, std::vector<uint32_t>> mem, ref;   // by line address
    std::map<uint32_t, Expect> expect;                    // by tag
    struct Read { unsigned id; uint32_t line; uint64_t due; unsigned beats; };
    struct Write { unsigned id; uint32_t line; uint16_t words; uint32_t data[WORDS]; uint64_t due; };
    std::vector<Read> reads;
    std::vector<Write> writes;
    std::string err;
    uint64_t answered = 0, fills = 0, wbs = 0, maint_done = 0;

    std::vector<uint32_t> &line_of(std::map<uint32_t, std::vector<uint32_t>> &m, uint32_t line)
    {
        auto it = m.find(line);
        if (it == m.end()) {
            std::vector<uint32_t> v(WORDS);
            for (unsigned w = 0; w < WORDS; w++) v[w] = line * 0x100 + w;
            it = m.emplace(line, v).first;
        }
        return it->second;
    }

    void fail(const std::string &m)
    {
        if (err.empty()) err = "cycle " + std::to_string(cycle) + ": " + m;
    }

    // One cycle. req: the request to offer (or none). Returns whether it was taken.
    bool step(bool offer, unsigned op, unsigned fn, bool nt, uint32_t line, uint16_t words, const uint32_t *data,
              uint32_t cmp, uint16_t tag, bool maint, bool maint_inv)
    {
        Vgpu_l2_slice &d = dut;
        d.req_valid_i = offer;
        d.req_op_i = op;
        d.req_fn_i = fn;
        d.req_nt_i = nt;
        d.req_sys_i = tag % 8 == 3;   // system scope: the line leaves once performed
        d.req_line_i = line;
        d.req_words_i = words;
        for (unsigned w = 0; w < WORDS; w++) d.req_data_i[w] = data ? data[w] : 0;
        d.req_cmp_i = cmp;
        d.req_tag_i = tag;
        d.resp_ready_i = below(4) != 0;
        d.mr_ready_i = below(3) != 0;
        d.mw_ready_i = below(3) != 0;
        d.maint_req_i = maint;
        d.maint_inv_i = maint_inv;
        // fill beats: a random read that is due, next beat
        int fi = -1;
        std::vector<int> due;
        for (size_t i = 0; i < reads.size(); i++)
            if (reads[i].due <= cycle) due.push_back((int)i);
        if (!due.empty()) fi = due[below((uint32_t)due.size())];
        d.mf_valid_i = fi >= 0;
        if (fi >= 0) {
            d.mf_id_i = reads[fi].id;
            const std::vector<uint32_t> &v = line_of(mem, reads[fi].line);
            for (unsigned k = 0; k < 4; k++) d.mf_data_i[k] = v[4 * reads[fi].beats + k];
        }
        // a write acknowledgement: the write is performed now
        int bi = -1;
        for (size_t i = 0; i < writes.size() && bi < 0; i++)
            if (writes[i].due <= cycle) bi = (int)i;
        d.mb_valid_i = bi >= 0;
        if (bi >= 0) {
            d.mb_id_i = writes[bi].id;
            std::vector<uint32_t> &v = line_of(mem, writes[bi].line);
            for (unsigned w = 0; w < WORDS; w++)
                if (writes[bi].words >> w & 1) v[w] = writes[bi].data[w];
        }
        d.clk_i = 0;
        d.eval();

        bool taken = offer && d.req_ready_o;
        if (d.resp_valid_o && d.resp_ready_i) {
            auto it = expect.find(d.resp_tag_o);
            if (it == expect.end()) fail("answer with tag " + std::to_string(d.resp_tag_o) + " that no request has");
            else {
                const Expect &e = it->second;
                for (unsigned w = 0; w < WORDS; w++) {
                    bool check = e.load || (e.atomic && w == e.word);
                    if (check && d.resp_data_o[w] != e.data[w]) {
                        char b[200];
                        snprintf(b, sizeof b, "tag %u word %u: expected 0x%08" PRIx32 ", got 0x%08" PRIx32 " (%s)",
                                 d.resp_tag_o, w, e.data[w], (uint32_t)d.resp_data_o[w], e.load ? "load" : "atomic");
                        fail(b);
                    }
                }
                expect.erase(it);
                answered++;
            }
        }
        if (fi >= 0 && d.mf_ready_o) {
            if (++reads[fi].beats == 4) reads.erase(reads.begin() + fi);
        }
        if (d.mr_valid_o && d.mr_ready_i) {
            for (auto &r : reads)
                if (r.id == d.mr_id_o) fail("read with id " + std::to_string(d.mr_id_o) + " already in flight");
            reads.push_back(Read{ d.mr_id_o, d.mr_line_o, cycle + 2 + below(30), 0 });
            fills++;
        }
        if (bi >= 0) writes.erase(writes.begin() + bi);
        if (d.mw_valid_o && d.mw_ready_i) {
            for (auto &x : writes)
                if (x.line == d.mw_line_o)
                    fail("a second write of line " + std::to_string(d.mw_line_o) + " while one is unanswered (they may reach memory in either order)");
            Write w{ d.mw_id_o, d.mw_line_o, (uint16_t)d.mw_words_o, {}, cycle + 2 + below(30) };
            for (unsigned k = 0; k < WORDS; k++) w.data[k] = d.mw_data_o[k];
            writes.push_back(w);
            wbs++;
        }
        if (d.maint_done_o) maint_done++;
        d.clk_i = 1;
        d.eval();
        cycle++;
        return taken;
    }
};

int main(int argc, char **argv)
{
    Verilated::commandArgs(argc, argv);
    unsigned n_pass = 0, n_fail = 0;
    auto result = [&](const char *name, bool ok, const std::string &why, const std::string &info) {
        if (ok) printf("PASS %s (%s)\n", name, info.c_str()), n_pass++;
        else printf("FAIL %s: %s\n", name, why.c_str()), n_fail++;
    };

    Tb *t = new Tb;
    Vgpu_l2_slice &d = t->dut;
    d.rst_i = 1;
    d.clear_i = 0;
    for (int i = 0; i < 4; i++) t->step(false, 0, 0, false, 0, 0, nullptr, 0, 0, false, false);
    d.rst_i = 0;

    static const unsigned fns[] = { ISA_FN_ADD, ISA_FN_MIN_U32, ISA_FN_MAX_I32, ISA_FN_AND, ISA_FN_OR,
                                    ISA_FN_XOR, ISA_FN_XCHG, ISA_FN_CAS };
    const unsigned N = 40000;
    unsigned sent = 0, maints = 0;
    uint16_t tag = 0;
    uint64_t loads = 0, stores = 0, full = 0, atomics = 0;
    bool have = false;
    unsigned op = 0, fn = 0;
    bool nt = false;
    uint32_t line = 0, cmp = 0, data[WORDS] = {};
    uint16_t words = 0;
    while (sent < N && t->err.empty() && t->cycle < 40ull * N) {
        bool maint = below(3000) == 0;
        if (maint) maints++;
        if (!have) {
            op = below(10) < 4 ? 0 : (below(10) < 6 ? 1 : 2);
            fn = fns[below(8)];
            nt = below(8) == 0;
            line = line_addr(below(LINES));
            if (op == 2) words = (uint16_t)(1u << below(16));
            else if (op == 1 && below(3) == 0) words = 0xFFFF;
            else words = (uint16_t)(rnd() | 1u << below(16));
            for (unsigned w = 0; w < WORDS; w++) data[w] = below(4) == 0 ? below(8) : rnd();
            cmp = below(2) ? t->line_of(t->ref, line)[__builtin_ctz(words)] : rnd();
            have = true;
        }
        if (t->step(true, op, fn, nt, line, words, data, cmp, tag, maint, false)) {
            // accepted: the reference memory does it now
            Expect e{ op == 0, op == 2, (unsigned)__builtin_ctz(words), {} };
            std::vector<uint32_t> &v = t->line_of(t->ref, line);
            for (unsigned w = 0; w < WORDS; w++) e.data[w] = v[w];
            if (op == 1)
                for (unsigned w = 0; w < WORDS; w++) {
                    if (words >> w & 1) v[w] = data[w];
                }
            else if (op == 2)
                v[e.word] = isa_alu(fn, v[e.word], data[e.word], cmp);
            if (t->expect.count(tag)) t->fail("test bug: tag reused while in flight");
            t->expect[tag] = e;
            loads += op == 0;
            stores += op == 1;
            full += op == 1 && words == 0xFFFF;
            atomics += op == 2;
            tag = (uint16_t)(tag + 1);
            sent++;
            have = false;
        }
    }
    // drain, then write back and invalidate everything
    for (unsigned i = 0; i < 2000 && t->err.empty(); i++) t->step(false, 0, 0, false, 0, 0, nullptr, 0, 0, false, false);
    uint64_t md = t->maint_done;
    t->step(false, 0, 0, false, 0, 0, nullptr, 0, 0, true, true);
    for (unsigned i = 0; i < 20000 && t->err.empty() && t->maint_done == md; i++)
        t->step(false, 0, 0, false, 0, 0, nullptr, 0, 0, false, false);
    for (unsigned i = 0; i < 100 && t->err.empty(); i++) t->step(false, 0, 0, false, 0, 0, nullptr, 0, 0, false, false);

    std::string why = t->err;
    if (why.empty() && sent < N) why = "only " + std::to_string(sent) + " of " + std::to_string(N) + " requests accepted";
    if (why.empty() && !t->expect.empty()) why = std::to_string(t->expect.size()) + " requests never answered";
    if (why.empty() && t->maint_done == md) why = "the final write-back never completed";
    if (why.empty() && !d.idle_o) why = "the slice is not idle at the end";
    if (why.empty())
        for (auto &kv : t->ref) {
            std::vector<uint32_t> &m = t->line_of(t->mem, kv.first);
            for (unsigned w = 0; w < WORDS && why.empty(); w++)
                if (m[w] != kv.second[w]) {
                    char b[160];
                    snprintf(b, sizeof b, "memory line 0x%07" PRIx32 " word %u after the final write-back: expected 0x%08" PRIx32
                             ", got 0x%08" PRIx32, kv.first, w, kv.second[w], m[w]);
                    why = b;
                }
        }
    char info[300];
    snprintf(info, sizeof info, "%u requests: %" PRIu64 " loads, %" PRIu64 " stores (%" PRIu64 " whole lines), %" PRIu64
             " atomics; %" PRIu64 " line reads, %" PRIu64 " write-backs, %u maintenance walks; hits %u, misses %u; %" PRIu64 " cycles",
             sent, loads, stores, full, atomics, t->fills, t->wbs, maints + 1, (unsigned)d.ctr_hits_o, (unsigned)d.ctr_misses_o,
             t->cycle);
    result("l2_slice_random_against_reference", why.empty(), why, info);
    bool ctr_ok = d.ctr_hits_o + d.ctr_misses_o == sent && d.ctr_fills_o == t->fills && d.ctr_atomics_o == atomics;
    result("l2_slice_counters", ctr_ok,
           "hits + misses " + std::to_string(d.ctr_hits_o + d.ctr_misses_o) + " (requests " + std::to_string(sent) + "), fills " +
               std::to_string(d.ctr_fills_o) + " (" + std::to_string(t->fills) + "), atomics " + std::to_string(d.ctr_atomics_o) +
               " (" + std::to_string(atomics) + ")",
           "hits + misses = requests, fills and atomics as counted here");
    delete t;
    printf("l2_slice_tb: %u passed, %u failed\n", n_pass, n_fail);
    return n_fail ? 1 : 0;
}
