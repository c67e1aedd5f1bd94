// SPDX-License-Identifier: Apache-2.0
// coalescer_tb: the RTL coalescer (rtl/gpu_coalescer.sv) against the C rule
// (csrc/coalesce.c), request by request, on the access patterns of issue 5
// and on random instructions. For each pattern it also prints the coalescing
// ratio: requests sent over distinct 64-byte lines touched (counted here
// independently of both implementations; atomics: over selected lanes).
// The testbench answers the coalescer's window reads (win_o) in the same
// cycle, as the memory unit's RAMs do. Built with -DCOAL_RTL_LANES=L for a
// coalescer of Lanes L < 32 (-GLanes=L), it also checks that a request comes
// exactly one cycle after its last window, having read each window with a
// pending lane once (an atomic: the lead's window only), and its test names
// begin coalescer_lanes<L>_. Prints PASS/FAIL lines.
#include "Vgpu_coalescer.h"
#include "verilated.h"

#include "coalesce.h"

#include <cstdint>
#include <cstdio>
#include <set>
#include <string>

#ifndef COAL_RTL_LANES
#define COAL_RTL_LANES 32
#endif
#define STR2(x) #x
#define STR(x) STR2(x)
#if COAL_RTL_LANES == 32
#define NAME "coalescer"
#else
#define NAME "coalescer_lanes" STR(COAL_RTL_LANES)
#endif
static const int LANES = COAL_RTL_LANES;

struct Inst {
    int atomic;
    bool load;      // no data: wdata_o must be 0
    uint32_t mask;
    uint32_t addr[32];
    uint32_t data[32];
};

// A window of lanes into the RTL's port (32 bits wide or more).
template <std::size_t N> static void set_window(VlWide<N> &port, const uint32_t *w)
{
    for (std::size_t i = 0; i < N; i++) port[i] = w[i];
}
static void set_window(QData &port, const uint32_t *w) { port = (uint64_t)w[1] << 32 | w[0]; }
static void set_window(IData &port, const uint32_t *w) { port = w[0]; }

// Evaluates, then answers the window the coalescer reads and evaluates again.
static void settle(Vgpu_coalescer &dut, const Inst &in)
{
    dut.eval();
    unsigned k = dut.win_o;
    set_window(dut.addr_win_i, &in.addr[k * LANES]);
    set_window(dut.data_win_i, &in.data[k * LANES]);
    dut.eval();
}

static void tick(Vgpu_coalescer &dut, const Inst &in)
{
    dut.clk_i = 1;
    settle(dut, in);
    dut.clk_i = 0;
    settle(dut, in);
}

// Cycles until the request for these pending lanes is valid: 0 with one
// window; else one per window with a pending lane (an atomic: one).
static int scan_cycles(const Inst &in, uint32_t pending)
{
    if (LANES == 32) return 0;
    if (in.atomic) return 1;
    int n = 0;
    for (int k = 0; k < 32 / LANES; k++)
        if ((pending >> (k * LANES)) & (uint32_t)((1ull << LANES) - 1)) n++;
    return n;
}

static uint64_t rng_state = 0x2545f4914f6cdd1dull;
static uint32_t next_rand()
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 11);
}

// Runs one instruction through the RTL, sending one request per step as the
// memory unit will; compares each with the C rule. Returns the request count
// or -1 with a message in why.
static int run(Vgpu_coalescer &dut, const Inst &in, std::string &why)
{
    coal_req ref[32];
    int nref = coalesce(in.atomic, in.mask, in.addr, in.data, ref);
    dut.atomic_i = in.atomic;
    dut.with_data_i = !in.load;
    uint32_t pending = in.mask;
    int n = 0;
    char b[300];
    for (;;) {
        // a new request: the coalescer starts over and scans the windows
        dut.pending_i = pending;
        dut.restart_i = 1;
        settle(dut, in);
        int want_wait = pending != 0 ? scan_cycles(in, pending) : 0;
        int waited = 0;
        // the lanes reported as served while scanning (the memory unit records their lead)
        uint32_t scanned = 0, scan_leads = 0;
        auto note_scan = [&]() {
            if (!dut.scan_o) return;
            scanned |= (uint32_t)((uint64_t)dut.win_served_o << (dut.win_o * LANES));
            if (dut.win_served_o) scan_leads |= 1u << dut.scan_lead_o;
        };
        note_scan();
        while (!dut.valid_o && pending != 0 && waited <= want_wait) {
            tick(dut, in);
            dut.restart_i = 0;
            settle(dut, in);
            note_scan();
            waited++;
        }
        dut.restart_i = 0;
        if (!dut.valid_o) {
            if (pending == 0) break;
            snprintf(b, sizeof b, "request %d: no valid_o after %d cycles", n, waited);
            why = b;
            return -1;
        }
        if (waited != want_wait) {
            snprintf(b, sizeof b, "request %d: valid_o after %d cycles, expected %d", n, waited, want_wait);
            why = b;
            return -1;
        }
        if (n >= nref || n >= 32) {
            snprintf(b, sizeof b, "RTL sends request %d, the rule has %d", n + 1, nref);
            why = b;
            return -1;
        }
        const coal_req &r = ref[n];
        if (scanned != r.lanes || scan_leads != (1u << r.lead)) {
            snprintf(b, sizeof b, "request %d: lanes scanned as served 0x%08x with leads 0x%08x; rule lanes 0x%08x lead %u",
                     n, scanned, scan_leads, r.lanes, r.lead);
            why = b;
            return -1;
        }
        bool data_ok = true;
        for (int w = 0; w < 16; w++)
            if (dut.wdata_o[w] != (in.load ? 0 : r.data[w])) data_ok = false;
        if (dut.line_o != r.line || dut.lanes_o != r.lanes || dut.words_o != r.words || dut.lead_o != r.lead ||
            !data_ok) {
            snprintf(b, sizeof b,
                     "request %d: RTL line 0x%07x lanes 0x%08x words 0x%04x lead %u%s; rule line 0x%07x lanes 0x%08x "
                     "words 0x%04x lead %u",
                     n, (unsigned)dut.line_o, (unsigned)dut.lanes_o, (unsigned)dut.words_o, (unsigned)dut.lead_o,
                     data_ok ? "" : in.load ? " (data on a load)" : " (store data differs)", r.line, r.lanes, r.words, r.lead);
            why = b;
            return -1;
        }
        pending &= ~(uint32_t)dut.lanes_o;
        n++;
    }
    if (n != nref) {
        snprintf(b, sizeof b, "RTL sent %d requests, the rule %d", n, nref);
        why = b;
        return -1;
    }
    return n;
}

static int distinct_lines(const Inst &in)
{
    std::set<uint32_t> s;
    for (int l = 0; l < 32; l++)
        if (in.mask >> l & 1) s.insert(in.addr[l] >> 6);
    return (int)s.size();
}

int main(int argc, char **argv)
{
    Verilated::commandArgs(argc, argv);
    Vgpu_coalescer dut;
    int failures = 0;
    dut.rst_i = 1;
    tick(dut, Inst{});
    dut.rst_i = 0;
    std::string why;

    // The patterns: word stride s from a line-aligned base, one address, a misaligned start, random.
    struct Pattern {
        const char *name;
        int stride_words;   // 0: all lanes one address; -1: random
        uint32_t offset;    // bytes added to the line-aligned base
    } pats[] = {
        { "unit stride", 1, 0 },       { "stride 2", 2, 0 },         { "stride 4", 4, 0 },
        { "stride 8", 8, 0 },          { "stride 16", 16, 0 },       { "stride 32", 32, 0 },
        { "all lanes one address", 0, 0 }, { "misaligned start (unit stride, +20 bytes)", 1, 20 },
        { "random addresses", -1, 0 },
    };
    for (const Pattern &p : pats) {
        long reqs = 0, lines = 0;
        bool ok = true;
        for (int rep = 0; rep < 64 && ok; rep++) {
            Inst in{};
            in.atomic = 0;
            in.mask = 0xffffffffu;
            uint32_t base = 0x10000u + (next_rand() % 4096) * 64 + p.offset;
            for (int l = 0; l < 32; l++) {
                if (p.stride_words < 0)
                    in.addr[l] = 0x10000u + (next_rand() % (1u << 18)) * 4;
                else
                    in.addr[l] = base + (uint32_t)(l * p.stride_words * 4);
                in.data[l] = next_rand();
            }
            int n = run(dut, in, why);
            if (n < 0) ok = false;
            reqs += n;
            lines += distinct_lines(in);
        }
        if (!ok || reqs != lines) {
            printf("FAIL " NAME "_%s: %s\n", p.name, ok ? "requests differ from distinct lines" : why.c_str());
            failures++;
        } else {
            printf("PASS " NAME " pattern %-44s %5ld line requests for %5ld distinct lines (ratio %.2f), 64 "
                   "instructions\n",
                   p.name, reqs, lines, (double)reqs / (double)lines);
        }
    }

    // Same-word stores: the highest lane's data.
    {
        Inst in{};
        in.mask = 0xffffffffu;
        for (int l = 0; l < 32; l++) {
            in.addr[l] = 0x20000u + (uint32_t)(l / 4) * 4;   // 4 lanes per word
            in.data[l] = 0x1000u + (uint32_t)l;
        }
        int n = run(dut, in, why);
        bool ok = n == 1;
        // the request's data (run() found the RTL's equal to the rule's) must be the highest lane of each word
        coal_req r[32];
        coalesce(0, in.mask, in.addr, in.data, r);
        for (int w = 0; w < 8 && ok; w++)
            if (r[0].data[w] != 0x1000u + (uint32_t)(w * 4 + 3)) ok = false;
        if (!ok) {
            printf("FAIL " NAME "_same_word_store_highest_lane: %s\n", n < 0 ? why.c_str() : "wrong lane won");
            failures++;
        } else {
            printf("PASS " NAME "_same_word_store_highest_lane (1 request, word w = lane 4w+3)\n");
        }
    }

    // Atomics: one request per lane, ascending, even on one word.
    {
        Inst in{};
        in.atomic = 1;
        in.mask = 0xa5a5a5a5u;
        for (int l = 0; l < 32; l++) in.addr[l] = 0x30000u;
        int n = run(dut, in, why);
        if (n != __builtin_popcount(in.mask)) {
            printf("FAIL " NAME "_atomics_never_collapsed: %s\n", n < 0 ? why.c_str() : "request count");
            failures++;
        } else {
            printf("PASS " NAME "_atomics_never_collapsed (%d lanes on one word: %d requests)\n",
                   __builtin_popcount(in.mask), n);
        }
    }

    // Random instructions: masks, kinds, addresses clustered on a few lines.
    {
        long insts = 0, reqs = 0;
        bool ok = true;
        for (int i = 0; i < 200000 && ok; i++) {
            Inst in{};
            in.atomic = (next_rand() % 4) == 0;
            in.load = !in.atomic && next_rand() % 3 == 0;
            in.mask = next_rand() % 8 == 0 ? 0 : next_rand() | next_rand();
            uint32_t nlines = 1 + next_rand() % 6;
            uint32_t base = 0x10000u + (next_rand() % 1024) * 64;
            for (int l = 0; l < 32; l++) {
                in.addr[l] = base + (next_rand() % nlines) * 64 + (next_rand() % 16) * 4;
                in.data[l] = next_rand();
            }
            int n = run(dut, in, why);
            if (n < 0) ok = false;
            insts++;
            reqs += n;
        }
        if (!ok) {
            printf("FAIL " NAME "_random_matches_rule: %s\n", why.c_str());
            failures++;
        } else {
            printf("PASS " NAME "_random_matches_rule (%ld instructions, %ld requests)\n", insts, reqs);
        }
    }
    return failures != 0;
}
