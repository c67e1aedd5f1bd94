// SPDX-License-Identifier: Apache-2.0
// lds_tb: the Verilator shim of the LDS unit test (rtl/gpu_lds.sv). It only
// drives the clock and the ports cycle by cycle; the tests and the reference
// model are plain C-style code in lds_test.cpp and lds_model.cpp. Prints one
// PASS/FAIL line per test; exits nonzero on any failure.
#include "Vgpu_lds.h"
#include "verilated.h"

#include "lds_test.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <type_traits>

namespace {

struct Shim {
    VerilatedContext *ctx;
    Vgpu_lds *top;
    long edge;          // rising edges so far
    uint64_t junk;      // drives the payload while valid is low
};

uint32_t next_junk(Shim *s)
{
    s->junk ^= s->junk << 13;
    s->junk ^= s->junk >> 7;
    s->junk ^= s->junk << 17;
    return (uint32_t)s->junk;
}

void tick(Shim *s)
{
    s->top->clk_i = 1;
    s->top->eval();
    s->edge++;
    s->top->clk_i = 0;
    s->top->eval();
}

// The windows of operands a request needs before it (the last one comes with it).
constexpr int WINDOWS = LDS_WINDOWS;

// Bits [bit, bit + n) of a port, whatever its Verilated type.
template <std::size_t N> void put_bits(VlWide<N> &port, int bit, int n, uint32_t v)
{
    for (int i = 0; i < n; i++) {
        uint32_t m = 1u << ((bit + i) % 32);
        port[(bit + i) / 32] = (v >> i & 1) ? (port[(bit + i) / 32] | m) : (port[(bit + i) / 32] & ~m);
    }
}
template <typename T, typename = typename std::enable_if<std::is_integral<T>::value>::type>
void put_bits(T &port, int bit, int n, uint32_t v)
{
    for (int i = 0; i < n; i++) {
        T m = (T)((T)1 << (bit + i));
        port = (v >> i & 1) ? (T)(port | m) : (T)(port & ~m);
    }
}

// The operand window k of request r (valid), or junk.
void drive_window(Shim *s, const lds_req *r, bool valid, int k)
{
    Vgpu_lds *t = s->top;
    t->op_valid_i = valid;
    t->op_win_i = valid ? k : next_junk(s) % WINDOWS;
    for (int l = 0; l < LDS_ROUND_LANES; l++) {
        int lane = k * LDS_ROUND_LANES + l;
        put_bits(t->op_word_i, l * 14, 14, valid ? r->word[lane] & 0x3fff : next_junk(s));
        put_bits(t->op_data_i, l * 32, 32, valid ? r->data[lane] : next_junk(s));
        put_bits(t->op_cmp_i, l * 32, 32, valid ? r->cmp[lane] : next_junk(s));
    }
}

void drive(Shim *s, const lds_req *r, bool valid, bool corrupt)
{
    Vgpu_lds *t = s->top;
    t->req_valid_i = valid;
    if (!valid) {
        t->req_op_i = next_junk(s) & 31;
        t->req_fn_i = next_junk(s) & 63;
        t->req_ret_i = next_junk(s) & 1;
        t->req_zero_i = next_junk(s) & 1;
        t->req_row_i = next_junk(s) & 511;
        t->req_mask_i = next_junk(s);
        return;
    }
    t->req_op_i = r->op;
    t->req_fn_i = r->fn;
    t->req_ret_i = r->ret;
    t->req_zero_i = 0;
    t->req_row_i = 0;
    t->req_mask_i = r->mask ^ (corrupt ? 1u : 0u);
}

// Lane l's word of a window port (64 bits wide or more).
template <std::size_t N> static uint32_t lane_word(const VlWide<N> &port, int l) { return port[l]; }
static uint32_t lane_word(QData port, int l) { return (uint32_t)(port >> (32 * l)); }

int shim_run(void *ctxp, const lds_job *jobs, int n, lds_obs *obs, char *why, size_t whylen)
{
    Shim *s = static_cast<Shim *>(ctxp);
    Vgpu_lds *t = s->top;
    int pres = 0;          // next job to present
    int fly = -1;          // accepted job awaiting its response
    int held = 0;          // cycles job `pres` has been presented without being accepted
    int streamed = 0;      // operand windows of job `pres` written so far
    bool presenting = false;   // job `pres` is due: its windows go in, then the request
    bool stray_sent = false;   // (a corrupt job with windows: one stray window sent while busy)
    long idle_since = s->edge;
    long deadline = s->edge + 100;
    memset(obs, 0, sizeof *obs * (size_t)n);
    while (pres < n || fly >= 0) {
        if (pres < n && !presenting) {
            const lds_job *j = &jobs[pres];
            presenting = j->gap < 0 ? true : (fly < 0 && s->edge - idle_since >= j->gap);
        }
        // A due job writes its windows while the LDS is ready, one a cycle, and
        // presents the request with the last (with one window, from the start:
        // the LDS takes the window when it takes the request).
        const lds_req *r = pres < n ? &jobs[pres].req : nullptr;
        bool ready = t->req_ready_o;   // (a register's output: the drive below does not change it)
        bool corrupt = presenting && jobs[pres].corrupt;
        bool stray = corrupt && WINDOWS > 1 && !ready && !stray_sent;
        bool window = presenting && (WINDOWS == 1 || ready);
        bool request = presenting && streamed == WINDOWS - 1 && (WINDOWS == 1 || ready);
        drive(s, r, request, corrupt && WINDOWS == 1 && held > 0);
        drive_window(s, r, window || stray, window ? streamed : 0);
        stray_sent = stray_sent || stray;
        t->eval();
        // sample before the edge
        bool accept = request && t->req_ready_o;
        if (window && !request) streamed++;
        if (t->stat_conflict_o || t->stat_lanes_o) {
            if (fly < 0) {
                snprintf(why, whylen, "counter pulse at edge %ld with no request in flight", s->edge + 1);
                return -1;
            }
            obs[fly].conflicts += t->stat_conflict_o;
            obs[fly].lanes += t->stat_lanes_o;
        }
        bool resp = t->resp_valid_o;
        if (resp) {
            if (fly < 0) {
                snprintf(why, whylen, "resp_valid_o at edge %ld with no request in flight", s->edge + 1);
                return -1;
            }
            obs[fly].resp.mask = t->resp_mask_o;
        }
        tick(s);
        if (resp) {
            // the results, one window a read, the cycle after resp_valid_o
            for (int k = 0; k < LDS_LANES / LDS_ROUND_LANES; k++) {
                t->resp_win_i = k;
                t->eval();
                for (int l = 0; l < LDS_ROUND_LANES; l++)
                    obs[fly].resp.data[k * LDS_ROUND_LANES + l] = lane_word(t->resp_data_o, l);
            }
            obs[fly].latency = (int)(s->edge - obs[fly].accept_edge);
            fly = -1;
            idle_since = s->edge;
        }
        if (accept) {
            if (fly >= 0) {
                snprintf(why, whylen, "request %d accepted at edge %ld while request %d is in flight", pres, s->edge,
                         fly);
                return -1;
            }
            fly = pres++;
            obs[fly].accept_edge = s->edge;
            obs[fly].held = held;
            presenting = false;
            held = 0;
            streamed = 0;
            stray_sent = false;
            deadline = s->edge + 100;
        } else if (request) {
            held++;
        }
        if (s->edge > deadline) {
            snprintf(why, whylen, "timeout at edge %ld: request %d %s", s->edge, fly >= 0 ? fly : pres,
                     fly >= 0 ? "got no response" : "was not accepted");
            return -1;
        }
    }
    drive(s, nullptr, false, false);
    drive_window(s, nullptr, false, 0);
    return 0;
}

int shim_sim_errors(void *ctxp)
{
    return static_cast<Shim *>(ctxp)->ctx->errorCount();
}

}  // namespace

int main(int argc, char **argv)
{
    VerilatedContext ctx;
    ctx.commandArgs(argc, argv);
    ctx.randReset(2);       // RAM contents and X reads are random, not 0
    ctx.errorLimit(1000);   // count failed simulation checks instead of stopping
    Vgpu_lds top(&ctx);
    Shim s = { &ctx, &top, 0, 0x243f6a8885a308d3ull };
    drive(&s, nullptr, false, false);
    drive_window(&s, nullptr, false, 0);
    top.clk_i = 0;
    top.rst_i = 1;
    top.eval();
    for (int i = 0; i < 4; i++) tick(&s);
    top.rst_i = 0;
    top.eval();
    lds_dut dut = { &s, shim_run, shim_sim_errors };
    int failures = lds_run_tests(&dut);
    top.final();
    return failures != 0;
}
