// SPDX-License-Identifier: Apache-2.0
// l1_tb: a CU's L1 (rtl/gpu_l1.sv) alone, with the testbench as the memory
// unit above it and as the L2 below it, so that the cycle an answer arrives
// is chosen exactly. The L2 side performs each request in memory when the L1
// sends it on and answers it when the test says. Directed cases of
// docs/isa.md 4.7 and docs/architecture.md ("The L1"): hits, stores that
// update or drop the line, loads that must miss, cache_inv_l1, and fills that
// a later store of the CU made stale, the answer arriving before, at and
// after the edge the store passes; and an older fill overtaken by a newer
// read of its line. Then random loads and stores with the memory unit taking
// answers only some cycles (resp_ready_i, as a small build's does): every
// request answered exactly once, with its line, and an answer not taken
// offered again unchanged; and random loads and updating stores of the same
// lines, after which every line the L1 holds must equal the L2's. Prints
// PASS/FAIL lines.
#include "Vgpu_l1.h"
#include "verilated.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <deque>
#include <map>
#include <string>
#include <vector>

enum { OP_LOAD = 0, OP_STORE = 1, OP_ATOMIC = 2, OP_CACHE = 3 };
enum { SC_WAVE = 0, SC_GROUP = 1, SC_DEVICE = 2, SC_SYSTEM = 3 };

struct Req {
    unsigned op, scope;
    bool nt;
    uint32_t line;
    uint16_t words;
    uint32_t data[16];
    uint16_t tag;
};

struct Tb {
    Vgpu_l1 dut;
    std::map<uint32_t, std::vector<uint32_t>> mem;      // the L2: line -> words
    struct Down { uint16_t tag; uint32_t data[16]; };
    std::deque<Down> down;                               // sent on, not yet answered
    std::map<uint16_t, std::vector<uint32_t>> answers;   // to the memory unit, by tag
    unsigned sent_on = 0;
    std::string err;
    unsigned ready_pct = 100;                            // cycles the memory unit takes an answer in
    uint64_t rng = 0x9e3779b97f4a7c15ull;
    int down_held = -1;                                  // tag of an L2 answer offered and not taken (offered again)
    bool held = false;                                   // an answer was offered and not taken
    uint16_t held_tag = 0;
    uint32_t held_data[16] = {};
    unsigned rand()
    {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        return (unsigned)(rng >> 11);
    }

    std::vector<uint32_t> &line(uint32_t l)
    {
        auto it = mem.find(l);
        if (it == mem.end()) {
            std::vector<uint32_t> v(16);
            for (unsigned w = 0; w < 16; w++) v[w] = l * 16 + w;
            it = mem.emplace(l, v).first;
        }
        return it->second;
    }

    // One cycle: offer `r` (if any) and, if answer >= 0, the answer to the
    // request sent on that is `answer`-th oldest. Returns whether r was taken.
    bool cycle(const Req *r, int answer = -1)
    {
        Vgpu_l1 &d = dut;
        d.req_valid_i = r != nullptr;
        if (r) {
            d.req_op_i = r->op;
            d.req_fn_i = 0;
            d.req_scope_i = r->scope;
            d.req_nt_i = r->nt;
            d.req_line_i = r->line;
            d.req_words_i = r->words;
            for (unsigned w = 0; w < 16; w++) d.req_data_i[w] = r->data[w];
            d.req_cmp_i = 0;
            d.req_tag_i = r->tag;
        }
        d.dreq_ready_i = 1;
        if (down_held >= 0)   // (the L2 holds an answer until it is taken)
            for (size_t k = 0; k < down.size(); k++)
                if (down[k].tag == down_held) answer = (int)k;
        bool answering = answer >= 0 && (size_t)answer < down.size();
        d.dresp_valid_i = answering;
        if (answering) {
            d.dresp_tag_i = down[(size_t)answer].tag;
            for (unsigned w = 0; w < 16; w++) d.dresp_data_i[w] = down[(size_t)answer].data[w];
        }
        d.resp_ready_i = rand() % 100 < ready_pct;
        d.clk_i = 0;
        d.eval();
        bool taken = r && d.req_ready_o;
        if (held && err.empty()) {
            bool same = d.resp_valid_o && (uint16_t)d.resp_tag_o == held_tag;
            for (unsigned w = 0; w < 16 && same; w++) same = d.resp_data_o[w] == held_data[w];
            if (!same) err = "an answer offered and not taken was not offered again unchanged";
        }
        held = d.resp_valid_o && !d.resp_ready_i;
        if (held) {
            held_tag = (uint16_t)d.resp_tag_o;
            for (unsigned w = 0; w < 16; w++) held_data[w] = d.resp_data_o[w];
        }
        if (d.resp_valid_o && d.resp_ready_i) {
            std::vector<uint32_t> v(16);
            for (unsigned w = 0; w < 16; w++) v[w] = d.resp_data_o[w];
            if (answers.count((uint16_t)d.resp_tag_o) && err.empty()) err = "a request was answered twice";
            answers[(uint16_t)d.resp_tag_o] = v;
        }
        down_held = answering && !d.dresp_ready_o ? down[(size_t)answer].tag : -1;
        if (answering && d.dresp_ready_o) down.erase(down.begin() + answer);
        if (d.dreq_valid_o && d.dreq_ready_i) {   // the L2 performs it now
            Down x{ (uint16_t)d.dreq_tag_o, {} };
            std::vector<uint32_t> &m = line(d.dreq_line_o);
            for (unsigned w = 0; w < 16; w++) {
                x.data[w] = m[w];
                if (d.dreq_op_o != OP_LOAD && (d.dreq_words_o >> w & 1)) m[w] = d.dreq_data_o[w];
            }
            down.push_back(x);
            sent_on++;
        }
        d.clk_i = 1;
        d.eval();
        return taken;
    }

    void reset()
    {
        dut.rst_i = 1;
        dut.clear_i = 0;
        for (int i = 0; i < 3; i++) cycle(nullptr);
        dut.rst_i = 0;
        down.clear();
        answers.clear();
        mem.clear();
    }

    // Offers r until taken, then runs the cycle in which it passes the
    // lookup (it waits one cycle in the L1's input register while the tags
    // of its set are read), with the answer `answer` (if >= 0) in that cycle.
    void send(const Req &r, int answer = -1)
    {
        for (int i = 0; i < 20; i++)
            if (cycle(&r)) {
                cycle(nullptr, answer);
                return;
            }
        err = "a request was never taken";
    }
    // Offers r until taken, then idles 0 to 2 cycles; the L2 answers in most
    // cycles, one of its four oldest requests.
    void offer_random(const Req &r)
    {
        auto l2 = [&]() {
            size_t k = down.size() < 4 ? down.size() : 4;
            return down.empty() || rand() % 5 == 0 ? -1 : (int)(rand() % k);
        };
        bool in = false;
        for (int k = 0; k < 200 && !in; k++) in = cycle(&r, l2());
        if (!in) err = "a request was never taken";
        for (unsigned k = rand() % 3; k > 0; k--) cycle(nullptr, l2());
    }
    void answer_all()
    {
        for (int i = 0; i < 10000 && !down.empty(); i++) cycle(nullptr, 0);
        for (int i = 0; i < 64; i++) cycle(nullptr);
        if (!down.empty() && err.empty()) err = "the L1 never took the L2's answers";
    }
    // Word 0 of the answer to `tag`, or ~0 if none.
    uint32_t got(uint16_t tag) const
    {
        auto it = answers.find(tag);
        return it == answers.end() ? ~0u : it->second[0];
    }
};

static Req load(uint32_t line, uint16_t tag, unsigned scope = SC_WAVE, bool nt = false)
{
    Req r{ OP_LOAD, scope, nt, line, 0xFFFF, {}, tag };
    return r;
}
static Req store(uint32_t line, uint16_t tag, uint32_t v, unsigned scope = SC_WAVE, bool nt = false)
{
    Req r{ OP_STORE, scope, nt, line, 0x0001, {}, tag };
    r.data[0] = v;
    return r;
}

int main(int argc, char **argv)
{
    Verilated::commandArgs(argc, argv);
    unsigned n_pass = 0, n_fail = 0;
    auto result = [&](const char *name, bool ok, const std::string &why) {
        if (ok) printf("PASS %s\n", name), n_pass++;
        else printf("FAIL %s: %s\n", name, why.c_str()), n_fail++;
    };
    auto expect = [](Tb &t, uint16_t tag, uint32_t v, const char *what) {
        uint32_t g = t.got(tag);
        if (t.err.empty() && g != v) {
            char b[160];
            snprintf(b, sizeof b, "%s: word 0 is 0x%08x, expected 0x%08x", what, g, v);
            t.err = b;
        }
    };
    const uint32_t X = 0x100;

    {   // a wave-scope load allocates; the next one hits (nothing sent on)
        Tb *t = new Tb;
        t->reset();
        t->send(load(X, 1));
        t->answer_all();
        unsigned before = t->sent_on;
        t->send(load(X, 2));
        t->answer_all();
        expect(*t, 2, X * 16, "the second load");
        if (t->err.empty() && t->sent_on != before) t->err = "the second load was sent on: no hit";
        result("l1_load_allocates_then_hits", t->err.empty(), t->err);
        delete t;
    }
    {   // a store of the CU updates the line the L1 holds
        Tb *t = new Tb;
        t->reset();
        t->send(load(X, 1));
        t->answer_all();
        t->send(store(X, 2, 77));
        t->answer_all();
        unsigned before = t->sent_on;
        t->send(load(X, 3));
        t->answer_all();
        expect(*t, 3, 77, "the load after the store");
        if (t->err.empty() && t->sent_on != before) t->err = "the load after the store was sent on: the line was dropped";
        result("l1_store_updates_held_line", t->err.empty(), t->err);
        delete t;
    }
    // Device, system and nt loads, nt and device stores, and atomics go on to
    // the L2 and drop the line.
    struct Drop { const char *name; Req r; };
    Req atomic = store(X, 2, 5);
    atomic.op = OP_ATOMIC;
    const Drop drops[] = {
        { "l1_device_load_misses_and_drops", load(X, 2, SC_DEVICE) },
        { "l1_system_load_misses_and_drops", load(X, 2, SC_SYSTEM) },
        { "l1_nt_load_misses_and_drops", load(X, 2, SC_WAVE, true) },
        { "l1_nt_store_drops", store(X, 2, 9, SC_GROUP, true) },
        { "l1_device_store_drops", store(X, 2, 9, SC_DEVICE) },
        { "l1_atomic_drops", atomic },
    };
    for (const Drop &dr : drops) {
        Tb *t = new Tb;
        t->reset();
        t->send(load(X, 1));
        t->answer_all();
        unsigned before = t->sent_on;
        t->send(dr.r);
        t->answer_all();
        if (t->sent_on != before + 1) t->err = "the request was not sent on to the L2";
        before = t->sent_on;
        t->send(load(X, 3));
        t->answer_all();
        if (t->err.empty() && t->sent_on != before + 1) t->err = "a later wave-scope load hit: the line was not dropped";
        result(dr.name, t->err.empty(), t->err);
        delete t;
    }
    {   // cache_inv_l1 drops every line, and is answered by the L1
        Tb *t = new Tb;
        t->reset();
        t->send(load(X, 1));
        t->send(load(X + 1, 2));
        t->answer_all();
        Req inv{ OP_CACHE, 0, false, 0, 0, {}, 9 };
        unsigned before = t->sent_on;
        t->send(inv);
        t->answer_all();
        if (t->got(9) == ~0u) t->err = "cache_inv_l1 was not answered";
        if (t->err.empty() && t->sent_on != before) t->err = "cache_inv_l1 was sent on";
        t->send(load(X, 3));
        t->send(load(X + 1, 4));
        t->answer_all();
        if (t->err.empty() && t->sent_on != before + 2) t->err = "a load hit after cache_inv_l1";
        result("l1_cache_inv_drops_every_line", t->err.empty(), t->err);
        delete t;
    }
    // A load allocates X; a store of the CU passes while X's fill is on its
    // way. The answer (the line read before the store) arrives one cycle
    // before the store passes (it fills; the store then updates it), at the
    // same edge (a device-scope store: a wave-scope one waits a cycle for the
    // RAM's write port), or after it: in the last two it must not install the
    // old line.
    const struct { const char *name; int when; unsigned scope; } races[] = {
        { "l1_fill_then_store_updates", -1, SC_WAVE },
        { "l1_fill_at_the_store_edge_not_installed", 0, SC_DEVICE },
        { "l1_fill_after_the_store_not_installed", 1, SC_WAVE },
    };
    for (const auto &rc : races) {
        Tb *t = new Tb;
        t->reset();
        t->send(load(X, 1));                   // sent on, its answer held
        Req st = store(X, 2, 55, rc.scope);
        if (rc.when < 0) {
            t->cycle(nullptr, 0);              // the fill
            t->send(st);
        } else if (rc.when == 0) {
            t->send(st, 0);                    // the store passes the lookup as the fill arrives
        } else {
            t->send(st);
            t->cycle(nullptr, 0);              // the fill, after the store
        }
        t->answer_all();
        t->send(load(X, 3));
        t->answer_all();
        expect(*t, 3, 55, "the load after the store");
        result(rc.name, t->err.empty(), t->err);
        delete t;
    }
    {   // Load X allocates (answer held); another CU then writes X; a second
        // load of X is sent on and reads the new value; the first answer (the
        // older line) must not be installed, or a third load would hit it and
        // see X go backwards (read-read coherence).
        Tb *t = new Tb;
        t->reset();
        t->send(load(X, 1));
        t->line(X)[0] = 4242;                 // another CU's store, at the L2
        t->send(load(X, 2));                  // sent on: the line is on its way
        t->cycle(nullptr, 1);                 // its answer first: 4242
        t->cycle(nullptr, 0);                 // then the older fill
        t->answer_all();
        t->send(load(X, 3));
        t->answer_all();
        expect(*t, 2, 4242, "the second load");
        expect(*t, 3, 4242, "the third load");
        result("l1_older_fill_after_newer_read_not_installed", t->err.empty(), t->err);
        delete t;
    }
    {   // Random loads (wave scope: hits, misses, fills; device scope: sent
        // on) of 8 lines that never change, and device-scope stores of
        // others, with the memory unit taking an answer in 40% of cycles and
        // the L2 answering in random order.
        Tb *t = new Tb;
        t->reset();
        t->ready_pct = 40;
        const unsigned n = 3000;
        unsigned loads = 0;
        std::map<uint16_t, uint32_t> load_line;
        uint16_t tag = 1;
        for (unsigned i = 0; i < n && t->err.empty(); i++) {
            Req r = t->rand() % 4 == 0 ? store(0x200 + t->rand() % 8, tag, i, SC_DEVICE)
                                       : load(X + t->rand() % 8, tag, t->rand() % 3 == 0 ? SC_DEVICE : SC_WAVE);
            loads += r.op == OP_LOAD;
            if (r.op == OP_LOAD) load_line[tag] = r.line;
            t->offer_random(r);
            tag = (uint16_t)(tag % 60000 + 1);
        }
        t->answer_all();
        for (uint16_t k = 1; k <= n && t->err.empty(); k++) {
            auto it = t->answers.find(k);
            if (it == t->answers.end()) {
                char b[80];
                snprintf(b, sizeof b, "request %u was not answered", k);
                t->err = b;
            }
        }
        for (auto &ll : load_line) {   // a load's answer is its line: word w is line * 16 + w
            auto it = t->answers.find(ll.first);
            for (unsigned w = 0; w < 16 && t->err.empty() && it != t->answers.end(); w++)
                if (it->second[w] != ll.second * 16 + w) {
                    char b[120];
                    snprintf(b, sizeof b, "load %u of line 0x%x: word %u is 0x%x", ll.first, ll.second, w, it->second[w]);
                    t->err = b;
                }
        }
        char detail[120];
        snprintf(detail, sizeof detail, "%u requests (%u loads), every answer once, held answers unchanged", n, loads);
        result("l1_answers_held_until_taken_random", t->err.empty(), t->err.empty() ? detail : t->err);
        if (t->err.empty()) printf("    (%s)\n", detail);
        delete t;
    }
    {   // Random wave-scope loads and group-scope stores of one word (which
        // update a held line) of the same 8 lines, the memory unit taking an
        // answer in 40% of cycles and the L2 answering in random order, so
        // that stores pass the lookup while an answer waits. Then every line
        // is loaded again: what the L1 holds must be what the L2 holds.
        Tb *t = new Tb;
        t->reset();
        t->ready_pct = 40;
        const unsigned n = 3000;
        uint16_t tag = 1;
        for (unsigned i = 0; i < n && t->err.empty(); i++) {
            Req r = load(X + t->rand() % 8, tag);
            if (t->rand() % 3 == 0) {
                unsigned w = t->rand() % 16;
                r = store(X + t->rand() % 8, tag, 0x5000000u + i, SC_GROUP);
                r.words = (uint16_t)(1u << w);
                r.data[0] = 0;
                r.data[w] = 0x5000000u + i;
            }
            t->offer_random(r);
            tag = (uint16_t)(tag % 60000 + 1);
        }
        t->answer_all();
        t->ready_pct = 100;
        for (unsigned l = 0; l < 8 && t->err.empty(); l++) {
            uint16_t k = (uint16_t)(60001 + l);
            t->send(load(X + l, k));
            t->answer_all();
            auto it = t->answers.find(k);
            const std::vector<uint32_t> &m = t->line(X + l);
            for (unsigned w = 0; w < 16 && t->err.empty(); w++)
                if (it == t->answers.end() || it->second[w] != m[w]) {
                    char b[120];
                    snprintf(b, sizeof b, "line 0x%x word %u: the L1 answers 0x%x, the L2 holds 0x%x", X + l, w,
                             it == t->answers.end() ? ~0u : it->second[w], m[w]);
                    t->err = b;
                }
        }
        result("l1_stores_update_while_answers_wait_random", t->err.empty(), t->err);
        delete t;
    }
    printf("l1_tb: %u passed, %u failed\n", n_pass, n_fail);
    return n_fail ? 1 : 0;
}
