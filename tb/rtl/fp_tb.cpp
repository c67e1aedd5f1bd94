// SPDX-License-Identifier: Apache-2.0
// fp_tb: the f32 RTL (rtl/gpu_fp_pkg.sv, gpu_fp_pipe.sv, gpu_fp_divsqrt.sv)
// bit for bit against every line of every Berkeley TestFloat file in
// $TESTFLOAT_DIR (default ../shared/testfloat), through the Verilator model of
// tb/rtl/fp_tb_top.sv:
//  - the fixed-latency functions through gpu_fp_pipe, 32 lanes (in passes of
//    the model's physical lanes), a new operation nearly every cycle it is ready (functions mixed, a few bubbles with junk);
//    the same operands through the package functions fp_calc (and fp_add,
//    fp_min, fp_max where they apply), registered in the wrapper;
//  - div and sqrt through gpu_fp_divsqrt, alternating, start held high.
// The comparison files also check the derived functions (ne from eq, gt/ge
// from lt/le with swapped operands) and min/max/abs/neg against csrc/f32.c
// on the same operands. Seeded random vectors of every function (hard cases
// on purpose: cancellation, subnormals, ties, saturation) are checked against
// csrc/f32.c too. Then the timing contracts: pipe latency with back-to-back
// issue and bubbles, the divsqrt handshake, and reset.
//
// One line per test: "PASS fp_rtl_<stem> (N vectors)" or "FAIL fp_rtl_<stem>:
// <file>:<line>: <fn> a b c expected X got Y (<unit>)" and up to 9 more
// mismatches indented below it. Exits nonzero on any failure.
#include "Vfp_tb_top.h"
#include "verilated.h"

// A build with other lane counts (the Makefile's unit fp_small, built with
// -DFP_TEST_LANES=L -DFP_TEST_DIV_LANES=D) names its tests
// fp_rtl_lanes<L>_div<D>_<stem>, or fp_rtl_lanes<L>_<stem> when D is L.
#define FP_STR_(x) #x
#define FP_STR(x) FP_STR_(x)
#if defined(FP_TEST_LANES) && FP_TEST_DIV_LANES == FP_TEST_LANES
#define TEST_PREFIX "fp_rtl_lanes" FP_STR(FP_TEST_LANES) "_"
#elif defined(FP_TEST_LANES)
#define TEST_PREFIX "fp_rtl_lanes" FP_STR(FP_TEST_LANES) "_div" FP_STR(FP_TEST_DIV_LANES) "_"
#else
#define TEST_PREFIX "fp_rtl_"
#endif

#include "f32.h"
#include "isa.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <string>
#include <vector>

namespace {

constexpr int LANES = 32;
constexpr int MAX_SHOWN = 10;

uint64_t rng_state = 0x243f6a8885a308d3ull;

uint32_t rnd()
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}

const char *fn_name(unsigned fn)
{
    switch (fn) {
    case ISA_FN_ADD_F32: return "add_f32";
    case ISA_FN_SUB_F32: return "sub_f32";
    case ISA_FN_MUL_F32: return "mul_f32";
    case ISA_FN_FMA_F32: return "fma_f32";
    case ISA_FN_DIV_F32: return "div_f32";
    case ISA_FN_SQRT_F32: return "sqrt_f32";
    case ISA_FN_MIN_F32: return "min_f32";
    case ISA_FN_MAX_F32: return "max_f32";
    case ISA_FN_ABS_F32: return "abs_f32";
    case ISA_FN_NEG_F32: return "neg_f32";
    case ISA_FN_EQ_F32: return "eq_f32";
    case ISA_FN_NE_F32: return "ne_f32";
    case ISA_FN_LT_F32: return "lt_f32";
    case ISA_FN_LE_F32: return "le_f32";
    case ISA_FN_GT_F32: return "gt_f32";
    case ISA_FN_GE_F32: return "ge_f32";
    case ISA_FN_CVT_F32_I32: return "cvt_f32_i32";
    case ISA_FN_CVT_F32_U32: return "cvt_f32_u32";
    case ISA_FN_CVT_I32_F32_RTZ: return "cvt_i32_f32_rtz";
    case ISA_FN_CVT_I32_F32_RNE: return "cvt_i32_f32_rne";
    case ISA_FN_CVT_U32_F32_RTZ: return "cvt_u32_f32_rtz";
    case ISA_FN_CVT_U32_F32_RNE: return "cvt_u32_f32_rne";
    default: return "?";
    }
}

// csrc/f32.c by function code, operands as csrc/alu.h (unary functions take b).
uint32_t ref(unsigned fn, uint32_t a, uint32_t b, uint32_t c)
{
    switch (fn) {
    case ISA_FN_ADD_F32: return f32_add(a, b);
    case ISA_FN_SUB_F32: return f32_sub(a, b);
    case ISA_FN_MUL_F32: return f32_mul(a, b);
    case ISA_FN_FMA_F32: return f32_fma(a, b, c);
    case ISA_FN_DIV_F32: return f32_div(a, b);
    case ISA_FN_SQRT_F32: return f32_sqrt(b);
    case ISA_FN_MIN_F32: return f32_min(a, b);
    case ISA_FN_MAX_F32: return f32_max(a, b);
    case ISA_FN_ABS_F32: return f32_abs(b);
    case ISA_FN_NEG_F32: return f32_neg(b);
    case ISA_FN_EQ_F32: return f32_eq(a, b);
    case ISA_FN_NE_F32: return f32_ne(a, b);
    case ISA_FN_LT_F32: return f32_lt(a, b);
    case ISA_FN_LE_F32: return f32_le(a, b);
    case ISA_FN_GT_F32: return f32_gt(a, b);
    case ISA_FN_GE_F32: return f32_ge(a, b);
    case ISA_FN_CVT_F32_I32: return f32_from_i32(b);
    case ISA_FN_CVT_F32_U32: return f32_from_u32(b);
    case ISA_FN_CVT_I32_F32_RTZ: return f32_to_i32_rtz(b);
    case ISA_FN_CVT_I32_F32_RNE: return f32_to_i32_rne(b);
    case ISA_FN_CVT_U32_F32_RTZ: return f32_to_u32_rtz(b);
    case ISA_FN_CVT_U32_F32_RNE: return f32_to_u32_rne(b);
    default: return 0;
    }
}

// ---------------------------------------------------------------------------
// Test sources: a TestFloat file or a set of random vectors, and the checks
// run on each of its vectors.

enum class Map { AB, BA, ABC, UNARY_A, UNARY_B };    // vector operands -> (a, b, c)
enum class Want { FILE, NOT_FILE, REF };             // expected: the file's, its negation, csrc/f32.c

struct Check {
    unsigned fn;
    Map map;
    Want want;
};

struct Vec {
    uint32_t op[3];
    uint32_t expect;
    unsigned long line;
};

struct Source {
    std::string name;          // test name fp_rtl_<name>
    std::string path;          // file, or "random"
    unsigned nops;             // operands on a line
    std::vector<Check> checks;
    std::vector<Vec> vecs;
    unsigned long mismatches = 0;
    std::vector<std::string> shown;
    std::string error;         // a file problem (missing, malformed)
};

void map_operands(const Check &k, const Vec &v, uint32_t junk_a, uint32_t junk_c, uint32_t *a, uint32_t *b,
                  uint32_t *c)
{
    *a = junk_a;
    *b = v.op[1];
    *c = junk_c;
    switch (k.map) {
    case Map::AB: *a = v.op[0]; *b = v.op[1]; break;
    case Map::BA: *a = v.op[1]; *b = v.op[0]; break;
    case Map::ABC: *a = v.op[0]; *b = v.op[1]; *c = v.op[2]; break;
    case Map::UNARY_A: *b = v.op[0]; break;
    case Map::UNARY_B: *b = v.op[1]; break;
    }
}

uint32_t expected(const Check &k, const Vec &v, uint32_t a, uint32_t b, uint32_t c)
{
    switch (k.want) {
    case Want::FILE: return v.expect;
    case Want::NOT_FILE: return !v.expect;
    case Want::REF: return ref(k.fn, a, b, c);
    }
    return 0;
}

void mismatch(Source *s, const Vec &v, const char *fn, uint32_t a, uint32_t b, uint32_t c, uint32_t want,
              uint32_t got, const char *unit)
{
    if (s->mismatches++ >= MAX_SHOWN)
        return;
    char buf[320];
    snprintf(buf, sizeof buf, "%s:%lu: %s a=%08X b=%08X c=%08X expected %08X got %08X (%s)", s->path.c_str(),
             v.line, fn, a, b, c, want, got, unit);
    s->shown.push_back(buf);
}

bool report(const Source &s)
{
    if (!s.error.empty()) {
        printf("FAIL " TEST_PREFIX "%s: %s\n", s.name.c_str(), s.error.c_str());
        return false;
    }
    if (s.mismatches == 0) {
        printf("PASS " TEST_PREFIX "%s (%zu vectors)\n", s.name.c_str(), s.vecs.size());
        return true;
    }
    printf("FAIL " TEST_PREFIX "%s: %s\n", s.name.c_str(), s.shown[0].c_str());
    for (size_t i = 1; i < s.shown.size(); i++)
        printf("    %s\n", s.shown[i].c_str());
    printf("    %lu mismatches in %zu vectors x %zu checks\n", s.mismatches, s.vecs.size(), s.checks.size());
    return false;
}

// Parses up to max hex words; returns how many, or -1 on a malformed token.
int parse_hex_words(const char *s, uint32_t *w, int max)
{
    int n = 0;
    for (;;) {
        while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
            s++;
        if (!*s)
            return n;
        if (n == max)
            return -1;
        char *end;
        errno = 0;
        unsigned long v = strtoul(s, &end, 16);
        if (end == s || errno || v > 0xFFFFFFFFul || (*end && *end != ' ' && *end != '\t' && *end != '\r' &&
                                                      *end != '\n'))
            return -1;
        w[n++] = (uint32_t)v;
        s = end;
    }
}

void load_file(Source *s, const std::string &dir)
{
    s->path = dir + "/" + s->name + ".tv";
    FILE *f = fopen(s->path.c_str(), "r");
    if (!f) {
        s->error = "cannot open " + s->path + ": " + strerror(errno);
        return;
    }
    char buf[512];
    unsigned long lineno = 0;
    while (fgets(buf, sizeof buf, f)) {
        lineno++;
        uint32_t w[5];
        int n = parse_hex_words(buf, w, 5);
        if (n == 0)
            continue;
        if (n != (int)s->nops + 2) {
            s->error = s->path + ":" + std::to_string(lineno) + ": expected " + std::to_string(s->nops) +
                       " operands, a result and flags";
            break;
        }
        Vec v = {};
        for (unsigned k = 0; k < s->nops; k++)
            v.op[k] = w[k];
        // Unary files: the operand is b (csrc/alu.h convention) for the divsqrt unit.
        v.expect = w[s->nops];
        v.line = lineno;
        s->vecs.push_back(v);
    }
    if (ferror(f))
        s->error = "read error on " + s->path;
    fclose(f);
    if (s->error.empty() && s->vecs.empty())
        s->error = s->path + " holds no vectors";
}

// ---------------------------------------------------------------------------
// Random operands: a mix of plain random bits and the values where f32
// arithmetic goes wrong (subnormals, boundaries of the exponent range,
// significands of all ones, specials).

uint32_t rand_f32()
{
    static const uint32_t special[] = {
        0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0x7F800001, 0xFFBFFFFF,
        0x3F800000, 0xBF800000, 0x7F7FFFFF, 0xFF7FFFFF, 0x00800000, 0x80800000, 0x007FFFFF, 0x807FFFFF,
        0x00000001, 0x80000001, 0x00400000, 0x4F000000, 0xCF000000, 0x4F800000, 0x3F000000, 0x34000000,
    };
    uint32_t r = rnd(), s = rnd() & 0x80000000u, kind = r % 16;
    uint32_t mant = rnd() & 0x7FFFFF;
    if ((rnd() & 7) == 0)
        mant = (rnd() & 1) ? (0x7FFFFF ^ (rnd() & 0x7F) << (rnd() % 17)) : (rnd() & 0x7F) << (rnd() % 17);
    switch (kind) {
    case 0: return rnd();
    case 1: return special[rnd() % (sizeof special / sizeof special[0])];
    case 2:
    case 3: return s | (mant >> (rnd() % 24));                         // subnormal
    case 4:
    case 5: return s | ((uint32_t)(127 - 30 + rnd() % 61) << 23) | mant;   // around 1
    case 6: return s | ((uint32_t)(1 + rnd() % 30) << 23) | mant;          // tiny normal
    case 7: return s | ((uint32_t)(225 + rnd() % 30) << 23) | mant;        // huge
    default: return s | ((uint32_t)(1 + rnd() % 254) << 23) | mant;
    }
}

// A value near x: x itself, its neighbours, or x scaled by a small power of two.
uint32_t near(uint32_t x)
{
    switch (rnd() % 4) {
    case 0: return x;
    case 1: return x + (rnd() % 5) - 2;
    case 2: {
        int e = (int)((x >> 23) & 0xFF) + (int)(rnd() % 61) - 30;
        if (e < 1 || e > 254 || ((x >> 23) & 0xFF) == 0)
            return x ^ (rnd() & 0xFF);
        return (x & 0x807FFFFFu) | ((uint32_t)e << 23);
    }
    default: return x ^ (rnd() & 0x7) << (rnd() % 24);
    }
}

uint32_t rand_int()
{
    uint32_t x = rnd();
    switch (rnd() % 4) {
    case 0: return x;
    case 1: return x >> (rnd() % 32);
    case 2: return 0u - (x >> (rnd() % 32));
    default: {
        static const uint32_t edge[] = {0, 1, 0xFFFFFFFF, 0x80000000, 0x7FFFFFFF, 0x80000001, 0x00FFFFFF,
                                        0x01000001, 0x01000003, 0xFFFFFF80, 0x7FFFFFC0, 0x7FFFFF80};
        return edge[rnd() % (sizeof edge / sizeof edge[0])] + (rnd() % 3) - 1;
    }
    }
}

// An f32 near an integer or a half-integer, for the conversions to integers.
uint32_t rand_cvt_operand()
{
    if (rnd() % 3 == 0)
        return rand_f32();
    uint32_t i = rand_int();
    uint32_t f = (rnd() & 1) ? f32_from_i32(i) : f32_from_u32(i);
    if (rnd() & 1)
        f = f32_add(f, (rnd() & 1) ? 0x3F000000u : 0xBF000000u);   // +-0.5
    return near(f);
}

void gen_random(Source *s, unsigned n)
{
    unsigned fn = s->checks[0].fn;
    s->path = "random";
    for (unsigned i = 0; i < n; i++) {
        Vec v = {};
        v.line = i + 1;
        uint32_t a = rand_f32(), b = rand_f32(), c = rand_f32();
        switch (fn) {
        case ISA_FN_ADD_F32:
        case ISA_FN_SUB_F32:
            if (rnd() % 2)
                b = near(a ^ ((rnd() & 1) << 31));
            break;
        case ISA_FN_FMA_F32:
            switch (rnd() % 5) {
            case 0: break;
            case 1: c = near(f32_mul(a, b) ^ 0x80000000u); break;            // cancellation
            case 2: c = f32_mul(a, b) ^ 0x80000000u; break;                  // the product's rounding error
            case 3: c = near(f32_mul(a, b)); break;
            default: {
                // c at a chosen distance from the product's exponent (-60..+60):
                // the alignment window's edges, subnormal c, tiny products.
                int ea = (int)((a >> 23) & 0xFF), eb = (int)((b >> 23) & 0xFF);
                int ec = ea + eb - 127 + (int)(rnd() % 121) - 60;
                if (ec < 0)
                    ec = 0;
                if (ec > 254)
                    ec = 254;
                c = (rnd() & 0x80000000u) | ((uint32_t)ec << 23) | (rnd() & 0x7FFFFF);
                break;
            }
            }
            break;
        case ISA_FN_DIV_F32:
            if (rnd() % 3 == 0)
                a = near(f32_mul(b, rand_f32()));
            break;
        case ISA_FN_SQRT_F32:
            b = (rnd() % 3 == 0) ? near(f32_mul(a, a)) : b & ((rnd() % 8) ? 0x7FFFFFFFu : 0xFFFFFFFFu);
            break;
        case ISA_FN_CVT_F32_I32:
        case ISA_FN_CVT_F32_U32:
            b = rand_int();
            break;
        case ISA_FN_CVT_I32_F32_RTZ:
        case ISA_FN_CVT_I32_F32_RNE:
        case ISA_FN_CVT_U32_F32_RTZ:
        case ISA_FN_CVT_U32_F32_RNE:
            b = rand_cvt_operand();
            break;
        default:
            if (rnd() % 2)
                b = near(a);
            break;
        }
        v.op[0] = a;
        v.op[1] = b;
        v.op[2] = c;
        s->vecs.push_back(v);
    }
}

// ---------------------------------------------------------------------------
// The simulation.

struct Sim {
    VerilatedContext *ctx;
    Vfp_tb_top *top;
    long edge = 0;
};

void tick(Sim *s)
{
    s->top->clk_i = 1;
    s->top->eval();
    s->edge++;
    s->top->clk_i = 0;
    s->top->eval();
}

void set_lanes(VlWide<32> &port, const uint32_t *v)
{
    for (int l = 0; l < LANES; l++)
        port[l] = v[l];
}

void junk_lanes(VlWide<32> &port)
{
    for (int l = 0; l < LANES; l++)
        port[l] = rnd();
}

// One pipe operation in flight.
struct Issue {
    Source *src;
    const Check *check;
    size_t first;           // index of lane 0's vector
    int n;                  // lanes in use
    uint32_t a[LANES], b[LANES], c[LANES], want[LANES];
    long edge;              // edge that sampled valid_i
    uint8_t tag;
};

struct Timing {
    unsigned long checked = 0;
    unsigned long errors = 0;
    std::string first;
    void fail(const std::string &why)
    {
        if (errors++ == 0)
            first = why;
    }
};

struct PipeRun {
    Sim *sim;
    int latency;
    std::deque<Issue> fly;
    Timing timing;
    uint8_t next_tag = 0;
    unsigned long issued = 0, outputs = 0;
};

// Compares the pipe's output (if any) with the oldest operation in flight.
void observe_pipe(PipeRun *p)
{
    Vfp_tb_top *t = p->sim->top;
    long e = p->sim->edge;
    bool due = !p->fly.empty() && p->fly.front().edge + p->latency - 1 == e;
    if (t->pipe_valid_o && !due) {
        p->timing.fail("valid_o after edge " + std::to_string(e) + " with no operation due (" +
                       (p->fly.empty() ? std::string("none in flight")
                                       : "oldest issued at edge " + std::to_string(p->fly.front().edge)) +
                       ")");
        return;
    }
    if (!due)
        return;
    Issue &is = p->fly.front();
    if (!t->pipe_valid_o) {
        p->timing.fail("no valid_o after edge " + std::to_string(e) + " for the operation issued at edge " +
                       std::to_string(is.edge));
    } else {
        p->outputs++;
        p->timing.checked++;
        if (t->pipe_tag_o != is.tag)
            p->timing.fail("tag_o " + std::to_string(t->pipe_tag_o) + " after edge " + std::to_string(e) +
                           ", expected " + std::to_string(is.tag));
        for (int l = 0; l < is.n; l++) {
            uint32_t got = t->pipe_result_o[l];
            if (got != is.want[l])
                mismatch(is.src, is.src->vecs[is.first + l], fn_name(is.check->fn), is.a[l], is.b[l], is.c[l],
                         is.want[l], got, "gpu_fp_pipe");
        }
    }
    p->fly.pop_front();
}

// The package functions registered by the wrapper at the edge that issued `is`.
void observe_calc(PipeRun *p, const Issue &is)
{
    Vfp_tb_top *t = p->sim->top;
    unsigned fn = is.check->fn;
    p->timing.checked++;
    int want_lat = (fn == ISA_FN_DIV_F32 || fn == ISA_FN_SQRT_F32) ? t->divsqrt_cycles_o : t->pipe_latency_o;
    if (t->latency_o != want_lat)
        p->timing.fail(std::string("fp_latency(") + fn_name(fn) + ") = " + std::to_string(t->latency_o));
    for (int l = 0; l < is.n; l++) {
        const Vec &v = is.src->vecs[is.first + l];
        uint32_t got = t->calc_o[l];
        if (got != is.want[l])
            mismatch(is.src, v, fn_name(fn), is.a[l], is.b[l], is.c[l], is.want[l], got, "fp_calc");
        if (fn == ISA_FN_ADD_F32 && t->add_o[l] != is.want[l])
            mismatch(is.src, v, "fp_add", is.a[l], is.b[l], 0, is.want[l], t->add_o[l], "fp_add");
        if (fn == ISA_FN_MIN_F32 && t->min_o[l] != is.want[l])
            mismatch(is.src, v, "fp_min", is.a[l], is.b[l], 0, is.want[l], t->min_o[l], "fp_min");
        if (fn == ISA_FN_MAX_F32 && t->max_o[l] != is.want[l])
            mismatch(is.src, v, "fp_max", is.a[l], is.b[l], 0, is.want[l], t->max_o[l], "fp_max");
    }
}

void pipe_cycle(PipeRun *p, Issue *is)
{
    Vfp_tb_top *t = p->sim->top;
    // (with fewer physical lanes than 32 the pipe takes an operation every `passes` cycles)
    t->pipe_valid_i = 0;
    t->eval();
    while (is && !t->pipe_ready_o) {
        tick(p->sim);
        observe_pipe(p);
        t->eval();
    }
    if (is) {
        t->pipe_valid_i = 1;
        t->pipe_fn_i = is->check->fn;
        set_lanes(t->pipe_a_i, is->a);
        set_lanes(t->pipe_b_i, is->b);
        set_lanes(t->pipe_c_i, is->c);
        t->pipe_tag_i = is->tag;
        t->calc_valid_i = 1;
    } else {
        // a bubble: junk everywhere but the valid bits
        t->pipe_valid_i = 0;
        t->calc_valid_i = 0;
        t->pipe_fn_i = rnd() & 63;
        junk_lanes(t->pipe_a_i);
        junk_lanes(t->pipe_b_i);
        junk_lanes(t->pipe_c_i);
        t->pipe_tag_i = rnd() & 0xFF;
    }
    tick(p->sim);
    if (is) {
        is->edge = p->sim->edge;
        observe_calc(p, *is);
        p->fly.push_back(*is);
        p->issued++;
    }
    observe_pipe(p);
}

// Streams every vector of s through every check, one operation per cycle.
void run_pipe_source(PipeRun *p, Source *s)
{
    Issue is;
    for (size_t first = 0; first < s->vecs.size(); first += LANES) {
        int n = (int)std::min<size_t>(LANES, s->vecs.size() - first);
        for (const Check &k : s->checks) {
            is.src = s;
            is.check = &k;
            is.first = first;
            is.n = n;
            for (int l = 0; l < LANES; l++) {
                if (l < n) {
                    const Vec &v = s->vecs[first + l];
                    map_operands(k, v, rnd(), rnd(), &is.a[l], &is.b[l], &is.c[l]);
                    is.want[l] = expected(k, v, is.a[l], is.b[l], is.c[l]);
                } else {
                    is.a[l] = rnd();
                    is.b[l] = rnd();
                    is.c[l] = rnd();
                }
            }
            is.tag = p->next_tag++;
            while ((rnd() & 15) == 0)
                pipe_cycle(p, nullptr);
            pipe_cycle(p, &is);
        }
    }
    for (int i = 0; i < p->latency + 2; i++)
        pipe_cycle(p, nullptr);
}

// Reset with operations in flight: nothing may come out afterwards.
void pipe_reset_check(PipeRun *p)
{
    Vfp_tb_top *t = p->sim->top;
    for (int i = 0; i < 2; i++) {
        t->pipe_valid_i = 1;
        t->pipe_fn_i = ISA_FN_ADD_F32;
        tick(p->sim);
    }
    t->pipe_valid_i = 0;
    t->rst_i = 1;
    tick(p->sim);
    t->rst_i = 0;
    for (int i = 0; i < p->latency + 3; i++) {
        tick(p->sim);
        if (t->pipe_valid_o)
            p->timing.fail("valid_o after edge " + std::to_string(p->sim->edge) + " from an operation flushed by reset");
    }
}

// ---------------------------------------------------------------------------
// Division and square root: one operation at a time, 32 lanes.

struct DsJob {
    Source *src;
    bool sqrt;
    size_t first;
    int n;
    uint32_t a[LANES], b[LANES], want[LANES];
    uint8_t tag;
};

struct DsRun {
    Sim *sim;
    int cycles;
    Timing timing;
};

void run_divsqrt(DsRun *d, std::vector<DsJob> &jobs)
{
    Vfp_tb_top *t = d->sim->top;
    size_t next = 0;
    long fly = -1;              // job in flight
    long accept_edge = 0;
    uint32_t held[LANES] = {};
    bool have_result = false;
    long deadline = d->sim->edge + 100;
    bool present = false;
    while (next < jobs.size() || fly >= 0) {
        // Present the next job, sometimes after a pause; once presented, start_i
        // and the operands hold until accepted (also while the unit is busy).
        if (!present)
            present = next < jobs.size() && (rnd() % 8 != 0);
        t->ds_start_i = present;
        if (present) {
            const DsJob &j = jobs[next];
            t->ds_is_sqrt_i = j.sqrt;
            set_lanes(t->ds_a_i, j.a);
            set_lanes(t->ds_b_i, j.b);
            t->ds_tag_i = j.tag;
        } else {
            t->ds_is_sqrt_i = rnd() & 1;
            junk_lanes(t->ds_a_i);
            junk_lanes(t->ds_b_i);
            t->ds_tag_i = rnd() & 0xFF;
        }
        t->eval();
        bool ready = t->ds_ready_o;
        if (ready != (fly < 0))
            d->timing.fail(std::string(ready ? "ready_o" : "no ready_o") + " before edge " +
                           std::to_string(d->sim->edge + 1) + (fly >= 0 ? " while busy" : " while idle"));
        bool accept = present && ready;
        tick(d->sim);
        long e = d->sim->edge;
        bool due = fly >= 0 && e == accept_edge + d->cycles - 1;
        if (t->ds_done_o != due) {
            d->timing.fail(std::string(t->ds_done_o ? "done_o" : "no done_o") + " after edge " +
                           std::to_string(e) +
                           (fly >= 0 ? " (accepted at edge " + std::to_string(accept_edge) + ")" : " (idle)"));
        }
        if (due) {
            const DsJob &j = jobs[fly];
            d->timing.checked++;
            if (t->ds_tag_o != j.tag)
                d->timing.fail("tag_o " + std::to_string(t->ds_tag_o) + ", expected " + std::to_string(j.tag));
            for (int l = 0; l < j.n; l++) {
                uint32_t got = t->ds_result_o[l];
                if (got != j.want[l])
                    mismatch(j.src, j.src->vecs[j.first + l], j.sqrt ? "sqrt_f32" : "div_f32", j.a[l], j.b[l], 0,
                             j.want[l], got, "gpu_fp_divsqrt");
            }
            for (int l = 0; l < LANES; l++)
                held[l] = t->ds_result_o[l];
            have_result = true;
            fly = -1;
        } else if (have_result) {   // (result_o holds until the next operation starts)
            for (int l = 0; l < LANES; l++)
                if (t->ds_result_o[l] != held[l]) {
                    d->timing.fail("result_o changed after edge " + std::to_string(e) + " without done_o");
                    break;
                }
        }
        if (accept) {
            if (fly >= 0)
                d->timing.fail("start accepted at edge " + std::to_string(e) + " while busy");
            fly = (long)next++;
            accept_edge = e;
            have_result = false;
            present = false;
            deadline = e + d->cycles + 4;
        }
        if (e > deadline) {
            d->timing.fail("timeout at edge " + std::to_string(e));
            return;
        }
    }
    // Reset in the middle of an operation: no done_o, ready again.
    t->ds_start_i = 1;
    tick(d->sim);
    t->ds_start_i = 0;
    for (int i = 0; i < 3; i++)
        tick(d->sim);
    t->rst_i = 1;
    tick(d->sim);
    t->rst_i = 0;
    t->eval();
    if (!t->ds_ready_o)
        d->timing.fail("ready_o low after reset");
    for (int i = 0; i < d->cycles + 2; i++) {
        tick(d->sim);
        if (t->ds_done_o)
            d->timing.fail("done_o after reset from an operation started before it");
    }
}

void add_ds_jobs(std::vector<DsJob> &jobs, Source *s, bool sqrt, size_t first)
{
    DsJob j;
    j.src = s;
    j.sqrt = sqrt;
    j.first = first;
    j.n = (int)std::min<size_t>(LANES, s->vecs.size() - first);
    j.tag = (uint8_t)jobs.size();
    for (int l = 0; l < LANES; l++) {
        if (l < j.n) {
            const Vec &v = s->vecs[first + l];
            j.a[l] = sqrt ? rnd() : v.op[0];
            j.b[l] = sqrt ? v.op[0] : v.op[1];
            if (s->path == "random") {      // random sources keep a and b as generated
                j.a[l] = v.op[0];
                j.b[l] = v.op[1];
            }
            j.want[l] = s->path == "random" ? ref(sqrt ? ISA_FN_SQRT_F32 : ISA_FN_DIV_F32, j.a[l], j.b[l], 0)
                                            : v.expect;
        } else {
            j.a[l] = rnd();
            j.b[l] = rnd();
            j.want[l] = 0;
        }
    }
    jobs.push_back(j);
}

// Alternates the jobs of the division and square-root sources.
void build_ds_jobs(std::vector<DsJob> &jobs, Source *div, Source *sqrt)
{
    size_t di = 0, si = 0;
    while ((div && di < div->vecs.size()) || (sqrt && si < sqrt->vecs.size())) {
        if (div && di < div->vecs.size()) {
            add_ds_jobs(jobs, div, false, di);
            di += LANES;
        }
        if (sqrt && si < sqrt->vecs.size()) {
            add_ds_jobs(jobs, sqrt, true, si);
            si += LANES;
        }
    }
}

}  // namespace

int main(int argc, char **argv)
{
    const char *dir_env = getenv("TESTFLOAT_DIR");
    std::string dir = dir_env && *dir_env ? dir_env : "../shared/testfloat";

    VerilatedContext ctx;
    ctx.commandArgs(argc, argv);
    ctx.randReset(2);
    Vfp_tb_top top(&ctx);
    Sim sim = {&ctx, &top, 0};

    const std::vector<Check> ordering_extra = {
        {ISA_FN_MIN_F32, Map::AB, Want::REF},
        {ISA_FN_MAX_F32, Map::AB, Want::REF},
        {ISA_FN_ABS_F32, Map::UNARY_A, Want::REF},
        {ISA_FN_NEG_F32, Map::UNARY_B, Want::REF},
    };
    auto with_extra = [&](std::vector<Check> v) {
        v.insert(v.end(), ordering_extra.begin(), ordering_extra.end());
        return v;
    };
    // The TestFloat files and the RTL functions each checks.
    std::vector<Source> files;
    auto file = [&](const char *name, unsigned nops, std::vector<Check> checks) {
        Source s;
        s.name = name;
        s.nops = nops;
        s.checks = std::move(checks);
        files.push_back(std::move(s));
    };
    file("f32_add", 2, {{ISA_FN_ADD_F32, Map::AB, Want::FILE}});
    file("f32_sub", 2, {{ISA_FN_SUB_F32, Map::AB, Want::FILE}});
    file("f32_mul", 2, {{ISA_FN_MUL_F32, Map::AB, Want::FILE}});
    file("f32_mulAdd", 3, {{ISA_FN_FMA_F32, Map::ABC, Want::FILE}});
    file("f32_eq", 2, with_extra({{ISA_FN_EQ_F32, Map::AB, Want::FILE}, {ISA_FN_NE_F32, Map::AB, Want::NOT_FILE}}));
    file("f32_lt", 2, with_extra({{ISA_FN_LT_F32, Map::AB, Want::FILE}, {ISA_FN_GT_F32, Map::BA, Want::FILE}}));
    file("f32_le", 2, with_extra({{ISA_FN_LE_F32, Map::AB, Want::FILE}, {ISA_FN_GE_F32, Map::BA, Want::FILE}}));
    file("i32_to_f32", 1, {{ISA_FN_CVT_F32_I32, Map::UNARY_A, Want::FILE}});
    file("ui32_to_f32", 1, {{ISA_FN_CVT_F32_U32, Map::UNARY_A, Want::FILE}});
    file("f32_to_i32_rminMag", 1, {{ISA_FN_CVT_I32_F32_RTZ, Map::UNARY_A, Want::FILE}});
    file("f32_to_i32_rnear_even", 1, {{ISA_FN_CVT_I32_F32_RNE, Map::UNARY_A, Want::FILE}});
    file("f32_to_ui32_rminMag", 1, {{ISA_FN_CVT_U32_F32_RTZ, Map::UNARY_A, Want::FILE}});
    file("f32_to_ui32_rnear_even", 1, {{ISA_FN_CVT_U32_F32_RNE, Map::UNARY_A, Want::FILE}});
    const size_t num_pipe_files = files.size();
    file("f32_div", 2, {{ISA_FN_DIV_F32, Map::AB, Want::FILE}});
    file("f32_sqrt", 1, {{ISA_FN_SQRT_F32, Map::UNARY_A, Want::FILE}});

    // Every .tv file in the directory must be one of the above.
    int failed = 0;
    std::string ls = "ls '" + dir + "' 2>/dev/null";
    FILE *lsp = popen(ls.c_str(), "r");
    unsigned found = 0;
    if (lsp) {
        char name[512];
        while (fgets(name, sizeof name, lsp)) {
            std::string n(name);
            while (!n.empty() && (n.back() == '\n' || n.back() == '\r'))
                n.pop_back();
            if (n.size() < 4 || n.compare(n.size() - 3, 3, ".tv") != 0)
                continue;
            found++;
            bool known = false;
            for (const Source &s : files)
                known |= s.name + ".tv" == n;
            if (!known) {
                printf("FAIL " TEST_PREFIX "%s: %s/%s has no mapping to an RTL function in this test\n",
                       n.substr(0, n.size() - 3).c_str(), dir.c_str(), n.c_str());
                failed++;
            }
        }
        pclose(lsp);
    }
    if (found == 0) {
        printf("FAIL " TEST_PREFIX "vectors_present: no .tv files in TESTFLOAT_DIR %s\n", dir.c_str());
        return 1;
    }
    for (Source &s : files)
        load_file(&s, dir);

    // Random vectors checked against csrc/f32.c.
    std::vector<Source> randoms;
    // FP_TB_RANDOM_SCALE multiplies the random counts (a deeper run; default 1).
    const char *scale_env = getenv("FP_TB_RANDOM_SCALE");
    double scale = scale_env && *scale_env ? atof(scale_env) : 1.0;
    auto random = [&](const char *name, unsigned fn, Map map, unsigned n) {
        n = (unsigned)(n * scale);
        Source s;
        s.name = std::string("random_") + name;
        s.nops = 3;
        s.checks = {{fn, map, Want::REF}};
        gen_random(&s, n);
        randoms.push_back(std::move(s));
    };
    random("add", ISA_FN_ADD_F32, Map::AB, 200000);
    random("sub", ISA_FN_SUB_F32, Map::AB, 100000);
    random("mul", ISA_FN_MUL_F32, Map::AB, 200000);
    random("fma", ISA_FN_FMA_F32, Map::ABC, 1000000);
    random("min", ISA_FN_MIN_F32, Map::AB, 20000);
    random("max", ISA_FN_MAX_F32, Map::AB, 20000);
    random("abs", ISA_FN_ABS_F32, Map::UNARY_B, 5000);
    random("neg", ISA_FN_NEG_F32, Map::UNARY_B, 5000);
    random("eq", ISA_FN_EQ_F32, Map::AB, 20000);
    random("ne", ISA_FN_NE_F32, Map::AB, 20000);
    random("lt", ISA_FN_LT_F32, Map::AB, 20000);
    random("le", ISA_FN_LE_F32, Map::AB, 20000);
    random("gt", ISA_FN_GT_F32, Map::AB, 20000);
    random("ge", ISA_FN_GE_F32, Map::AB, 20000);
    random("cvt_f32_i32", ISA_FN_CVT_F32_I32, Map::UNARY_B, 50000);
    random("cvt_f32_u32", ISA_FN_CVT_F32_U32, Map::UNARY_B, 50000);
    random("cvt_i32_f32_rtz", ISA_FN_CVT_I32_F32_RTZ, Map::UNARY_B, 50000);
    random("cvt_i32_f32_rne", ISA_FN_CVT_I32_F32_RNE, Map::UNARY_B, 50000);
    random("cvt_u32_f32_rtz", ISA_FN_CVT_U32_F32_RTZ, Map::UNARY_B, 50000);
    random("cvt_u32_f32_rne", ISA_FN_CVT_U32_F32_RNE, Map::UNARY_B, 50000);
    const size_t num_pipe_randoms = randoms.size();
    random("div", ISA_FN_DIV_F32, Map::AB, 100000);
    random("sqrt", ISA_FN_SQRT_F32, Map::UNARY_B, 50000);

    // Reset.
    top.clk_i = 0;
    top.rst_i = 1;
    top.pipe_valid_i = 0;
    top.calc_valid_i = 0;
    top.ds_start_i = 0;
    top.eval();
    for (int i = 0; i < 4; i++)
        tick(&sim);
    top.rst_i = 0;
    top.eval();

    PipeRun pipe;
    pipe.sim = &sim;
    // A wave operation in passes of the physical lanes: one more cycle per pass.
    pipe.latency = top.pipe_latency_o + top.passes_o - 1;
    for (size_t i = 0; i < num_pipe_files; i++)
        if (files[i].error.empty())
            run_pipe_source(&pipe, &files[i]);
    for (size_t i = 0; i < num_pipe_randoms; i++)
        run_pipe_source(&pipe, &randoms[i]);
    pipe_reset_check(&pipe);
    if (pipe.issued != pipe.outputs)
        pipe.timing.fail(std::to_string(pipe.issued) + " operations issued, " + std::to_string(pipe.outputs) +
                         " results");

    DsRun ds;
    ds.sim = &sim;
    ds.cycles = top.divsqrt_cycles_o * top.ds_passes_o;
    std::vector<DsJob> jobs;
    Source *fdiv = &files[num_pipe_files], *fsqrt = &files[num_pipe_files + 1];
    build_ds_jobs(jobs, fdiv->error.empty() ? fdiv : nullptr, fsqrt->error.empty() ? fsqrt : nullptr);
    build_ds_jobs(jobs, &randoms[num_pipe_randoms], &randoms[num_pipe_randoms + 1]);
    run_divsqrt(&ds, jobs);

    unsigned long total = 0;
    for (const Source &s : files) {
        failed += !report(s);
        total += s.vecs.size();
    }
    unsigned long rtotal = 0;
    for (const Source &s : randoms) {
        failed += !report(s);
        rtotal += s.vecs.size();
    }
    if (pipe.timing.errors) {
        printf("FAIL " TEST_PREFIX "pipe_latency: %s (%lu errors)\n", pipe.timing.first.c_str(), pipe.timing.errors);
        failed++;
    } else {
        printf("PASS " TEST_PREFIX "pipe_latency (%lu operations, %d cycles each, back to back)\n", pipe.issued,
               pipe.latency);
    }
    if (ds.timing.errors) {
        printf("FAIL " TEST_PREFIX "divsqrt_handshake: %s (%lu errors)\n", ds.timing.first.c_str(), ds.timing.errors);
        failed++;
    } else {
        printf("PASS " TEST_PREFIX "divsqrt_handshake (%lu operations, done_o %d cycles after start)\n", ds.timing.checked,
               ds.cycles);
    }
    printf("# %lu TestFloat vectors, %lu random vectors, %ld cycles, %d physical lanes (%d for div/sqrt)\n", total,
           rtotal, sim.edge, 32 / top.passes_o, 32 / top.ds_passes_o);
    top.final();
    return failed ? 1 : 0;
}
