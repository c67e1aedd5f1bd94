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

void drive(Shim *s, const lds_req *r, bool valid, bool corrupt)
{
    Vgpu_lds *t = s->top;
    t->req_valid_i = valid;
    if (!valid) {
        t->req_op_i = next_junk(s) & 31;
        t->req_fn_i = next_junk(s) & 63;
        t->req_ret_i = next_junk(s) & 1;
        t->req_zero_i = next_junk(s) & 1;
        t->req_mask_i = next_junk(s);
        for (int w = 0; w < 14; w++) t->req_word_i[w] = next_junk(s);
        for (int w = 0; w < 32; w++) t->req_data_i[w] = next_junk(s);
        for (int w = 0; w < 32; w++) t->req_cmp_i[w] = next_junk(s);
        return;
    }
    t->req_op_i = r->op;
    t->req_fn_i = r->fn;
    t->req_ret_i = r->ret;
    t->req_zero_i = 0;
    t->req_mask_i = r->mask;
    for (int w = 0; w < 14; w++) t->req_word_i[w] = 0;
    for (int l = 0; l < LDS_LANES; l++) {
        uint32_t v = r->word[l] & 0x3fff;
        int bit = l * 14;
        t->req_word_i[bit / 32] |= v << (bit % 32);
        if (bit % 32 > 32 - 14) t->req_word_i[bit / 32 + 1] |= v >> (32 - bit % 32);
        t->req_data_i[l] = r->data[l] ^ (corrupt && l == 0);
        t->req_cmp_i[l] = r->cmp[l];
    }
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
    bool presenting = false;
    long idle_since = s->edge;
    long deadline = s->edge + 100;
    memset(obs, 0, sizeof *obs * (size_t)n);
    while (pres < n || fly >= 0) {
        if (pres < n && !presenting) {
            const lds_job *j = &jobs[pres];
            presenting = j->gap < 0 ? true : (fly < 0 && s->edge - idle_since >= j->gap);
        }
        drive(s, pres < n ? &jobs[pres].req : nullptr, presenting, presenting && jobs[pres].corrupt && held > 0);
        t->eval();
        // sample before the edge
        bool accept = presenting && t->req_ready_o;
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
            deadline = s->edge + 100;
        } else if (presenting) {
            held++;
        }
        if (s->edge > deadline) {
            snprintf(why, whylen, "timeout at edge %ld: request %d %s", s->edge, fly >= 0 ? fly : pres,
                     fly >= 0 ? "got no response" : "was not accepted");
            return -1;
        }
    }
    drive(s, nullptr, false, false);
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
