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
    int fly[8];            // accepted jobs awaiting their responses, oldest first
    int nfly = 0;
    int res[8];            // responded jobs whose results wait, oldest first
    int nres = 0;
    int res_wait = 0;      // cycles the oldest result has waited
    int held = 0;          // cycles job `pres` has been presented without being accepted
    int streamed = 0;      // operand windows of job `pres` written so far
    bool presenting = false;   // job `pres` is due: its windows go in, then the request
    bool stray_sent = false;   // (a corrupt job with windows: one stray window sent while busy)
    long idle_since = s->edge;
    long deadline = s->edge + 200;
    memset(obs, 0, sizeof *obs * (size_t)n);
    while (pres < n || nfly > 0 || nres > 0) {
        bool idle = nfly == 0 && nres == 0;
        if (pres < n && !presenting) {
            const lds_job *j = &jobs[pres];
            presenting = j->gap < 0 ? true : (idle && s->edge - idle_since >= j->gap);
        }
        // A due job writes its windows while the LDS is empty, one a cycle, and
        // presents the request with the last (with one window, from the start:
        // the LDS takes the window when it takes the request). With one window a
        // store or atomic waits while another one is in the LDS (wbusy_o): the
        // sender's rule.
        const lds_req *r = pres < n ? &jobs[pres].req : nullptr;
        bool ready = t->req_ready_o;   // (a register's output: the drive below does not change it)
        bool empty = t->count_o == 0;
        bool writes = r && r->op != ISA_FMT_LDS_LOAD;
        bool corrupt = presenting && jobs[pres].corrupt;
        bool stray = corrupt && WINDOWS > 1 && !empty && !stray_sent;
        bool go = presenting && (WINDOWS == 1 ? (held > 0 || !writes || !t->wbusy_o) : empty);
        bool window = go;
        bool request = go && streamed == WINDOWS - 1;
        drive(s, r, request, corrupt && WINDOWS == 1 && held > 0);
        drive_window(s, r, window || stray, window ? streamed : 0);
        stray_sent = stray_sent || stray;
        // (the outputs below are registers', or follow only resp_win_i: the drive does not change them)
        // counters: the round of the oldest instruction in flight
        if (t->stat_conflict_o || t->stat_lanes_o) {
            if (nfly == 0) {
                snprintf(why, whylen, "counter pulse at edge %ld with no request in flight", s->edge + 1);
                return -1;
            }
            obs[fly[0]].conflicts += t->stat_conflict_o;
            obs[fly[0]].lanes += t->stat_lanes_o;
        }
        // the response of the oldest; its result may come in the same cycle
        bool resp = t->resp_valid_o;
        if (resp) {
            if (nfly == 0) {
                snprintf(why, whylen, "resp_valid_o at edge %ld with no request in flight", s->edge + 1);
                return -1;
            }
            int f = fly[0];
            for (int i = 1; i < nfly; i++) fly[i - 1] = fly[i];
            nfly--;
            obs[f].latency = (int)(s->edge + 1 - obs[f].accept_edge);
            const lds_req *fr = &jobs[f].req;
            if (fr->op == ISA_FMT_LDS_LOAD || (fr->op == ISA_FMT_LDS_ATOMIC && fr->ret))
                res[nres++] = f;
            deadline = s->edge + 200;
        }
        // the oldest result: read every window, then pop it once it has waited its cycles
        bool pop = false;
        if (t->res_valid_o) {
            if (nres == 0) {
                snprintf(why, whylen, "res_valid_o at edge %ld with no result due", s->edge + 1);
                return -1;
            }
            lds_obs *o = &obs[res[0]];
            o->resp.mask = t->res_mask_o;
            for (int k = 0; k < LDS_LANES / LDS_ROUND_LANES; k++) {
                t->resp_win_i = k;
                t->eval();
                for (int l = 0; l < LDS_ROUND_LANES; l++)
                    o->resp.data[k * LDS_ROUND_LANES + l] = lane_word(t->resp_data_o, l);
            }
            pop = res_wait >= jobs[res[0]].pop_wait;
            res_wait++;
        }
        t->res_pop_i = pop;
        t->eval();
        // sample before the edge
        bool accept = request && t->req_ready_o;
        if (window && !request) streamed++;
        tick(s);
        if (pop) {
            for (int i = 1; i < nres; i++) res[i - 1] = res[i];
            nres--;
            res_wait = 0;
            deadline = s->edge + 200;
        }
        if (!(nfly || nres) && (resp || pop))
            idle_since = s->edge;
        if (accept) {
            if (nfly == 8) {
                snprintf(why, whylen, "request %d accepted at edge %ld with 8 in flight", pres, s->edge);
                return -1;
            }
            fly[nfly++] = pres;
            obs[pres].accept_edge = s->edge;
            obs[pres].held = held;
            pres++;
            presenting = false;
            held = 0;
            streamed = 0;
            stray_sent = false;
            deadline = s->edge + 200;
        } else if (request) {
            held++;
        }
        if (s->edge > deadline) {
            snprintf(why, whylen, "timeout at edge %ld: %s", s->edge,
                     nfly ? "a request got no response" : nres ? "a result never came" : "a request was not accepted");
            return -1;
        }
    }
    drive(s, nullptr, false, false);
    drive_window(s, nullptr, false, 0);
    t->res_pop_i = 0;
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
