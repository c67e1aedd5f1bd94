// SPDX-License-Identifier: Apache-2.0
/* lds_test.cpp: the LDS unit tests (see lds_test.h). Plain C style.
 *
 * The DUT's memory has no reset, so the first test fills all of it; from then
 * on the model's memory must equal the DUT's, and every later test checks
 * each response bit for bit, its timing and its counters. Timing: an
 * instruction's first round is the cycle after it is accepted or after the
 * previous one's last round, whichever is later, and it responds the cycle
 * after its last round (with results taken at once, no round waits for a
 * result entry).
 */
#include "lds_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { RANDOM_REQUESTS = 10000, BATCH = 100 };

typedef struct {
    const lds_dut *dut;
    lds_model model;
    uint64_t rng;
    int failures;
} lds_tb;

static uint32_t rnd(lds_tb *t)
{
    t->rng ^= t->rng >> 12;
    t->rng ^= t->rng << 25;
    t->rng ^= t->rng >> 27;
    return (uint32_t)((t->rng * 0x2545F4914F6CDD1Dull) >> 32);
}

static uint32_t rnd_below(lds_tb *t, uint32_t n) { return rnd(t) % n; }

static int popcount32(uint32_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

// A build with other lanes or banks (the Makefile's units lds_small and
// lds_small_banks) names its tests lds<lanes>_* or lds<lanes>b<banks>_*.
#define LDS_STR_(x) #x
#define LDS_STR(x) LDS_STR_(x)
#if LDS_ROUND_LANES == 32 && LDS_BANKS == 32
#define LDS_TEST_NAME "lds"
#elif LDS_BANKS == 32
#define LDS_TEST_NAME "lds" LDS_STR(LDS_ROUND_LANES)
#else
#define LDS_TEST_NAME "lds" LDS_STR(LDS_ROUND_LANES) "b" LDS_STR(LDS_BANKS)
#endif

static void report(lds_tb *t, const char *name, const char *why, const char *detail)
{
    const char *stem = strncmp(name, "lds_", 4) == 0 ? name + 3 : name;
    if (why[0]) {
        printf("FAIL %s%s: %s\n", LDS_TEST_NAME, stem, why);
        t->failures++;
    } else {
        printf("PASS %s%s%s\n", LDS_TEST_NAME, stem, detail);
    }
}

/* Checks one observation against the model's response and round count. */
static int check_obs(const lds_req *r, const lds_resp *want, const lds_obs *o, int idx, char *why, size_t n)
{
    char name[64];
    lds_req_name(r, name, sizeof name);
    int rounds = lds_rounds(r);
    if (o->resp.mask != want->mask) {
        snprintf(why, n, "request %d (%s, mask %08x): resp_mask %08x, expected %08x", idx, name, r->mask,
                 o->resp.mask, want->mask);
        return -1;
    }
    for (int l = 0; l < LDS_LANES; l++) {
        if (o->resp.data[l] != want->data[l]) {
            snprintf(why, n, "request %d (%s, mask %08x), lane %d, word 0x%04x: expected 0x%08x, got 0x%08x", idx,
                     name, r->mask, l, r->word[l], want->data[l], o->resp.data[l]);
            return -1;
        }
    }
    if (o->conflicts != rounds - 1) {
        snprintf(why, n, "request %d (%s): %d conflict cycles counted, expected %d", idx, name, o->conflicts,
                 rounds - 1);
        return -1;
    }
    if (o->lanes != popcount32(r->mask)) {
        snprintf(why, n, "request %d (%s, mask %08x): %d lanes counted, expected %d", idx, name, r->mask, o->lanes,
                 popcount32(r->mask));
        return -1;
    }
    return 0;
}

/* Runs jobs on the DUT and the model and checks every response. Returns 0 or
 * -1 with why filled (the first failure); requests are numbered from base. */
static int run_checked(lds_tb *t, const lds_job *jobs, int n, int base, lds_obs *obs, char *why, size_t whylen)
{
    int timed = 1;   /* every result taken at once: the timing is checked */
    for (int i = 0; i < n; i++)
        if (jobs[i].pop_wait)
            timed = 0;
    int errors_before = t->dut->sim_errors(t->dut->ctx);
    if (t->dut->run(t->dut->ctx, jobs, n, obs, why, whylen))
        return -1;
    /* the model performs every job, so a failure does not spill into later tests */
    int failed = 0;
    for (int i = 0; i < n; i++) {
        lds_resp want;
        lds_model_exec(&t->model, &jobs[i].req, &want);
        if (!failed && check_obs(&jobs[i].req, &want, &obs[i], base + i, why, whylen))
            failed = 1;
        /* the response: rounds + 1 cycles after the first round may start */
        long resp_edge = obs[i].accept_edge + obs[i].latency;
        long start = obs[i].accept_edge;
        if (i > 0 && obs[i - 1].accept_edge + obs[i - 1].latency - 1 > start)
            start = obs[i - 1].accept_edge + obs[i - 1].latency - 1;
        if (!failed && timed && resp_edge != start + lds_rounds(&jobs[i].req) + 1) {
            snprintf(why, whylen, "request %d: responded %ld cycles after it was accepted, expected %ld (%d rounds + 1, "
                     "from edge %ld)", base + i, (long)obs[i].latency, start + lds_rounds(&jobs[i].req) + 1 -
                     obs[i].accept_edge, lds_rounds(&jobs[i].req), start);
            failed = 1;
        }
        /* with one window, a request waits only while Entries (4) instructions are
         * in the LDS: it goes in at the edge that ends the rounds of the fourth
         * before it */
        if (!failed && LDS_WINDOWS == 1 && timed && obs[i].held != 0 &&
            (i < 4 || obs[i].accept_edge != obs[i - 4].accept_edge + obs[i - 4].latency)) {
            snprintf(why, whylen, "request %d: waited %d cycles, accepted at edge %ld with fewer than 4 before it "
                     "in the LDS", base + i, obs[i].held, obs[i].accept_edge);
            failed = 1;
        }
        /* back-to-back, with more than one window: a request goes in once its
         * windows went in, one a cycle from the previous one's response (the LDS
         * takes them only while empty) */
        if (!failed && LDS_WINDOWS > 1 && i > 0 && jobs[i].gap < 0 &&
            obs[i].accept_edge != obs[i - 1].accept_edge + obs[i - 1].latency + (LDS_WINDOWS - 1)) {
            snprintf(why, whylen, "request %d: accepted at edge %ld, expected %ld (the previous response + %d)",
                     base + i, obs[i].accept_edge, obs[i - 1].accept_edge + obs[i - 1].latency + (LDS_WINDOWS - 1),
                     LDS_WINDOWS - 1);
            failed = 1;
        }
        /* an idle LDS is ready: a request presented after the response is accepted at once */
        if (!failed && jobs[i].gap >= 0 && obs[i].held != 0) {
            snprintf(why, whylen, "request %d: presented to an idle LDS, accepted only after %d cycles", base + i,
                     obs[i].held);
            failed = 1;
        }
    }
    int errors = t->dut->sim_errors(t->dut->ctx) - errors_before;
    if (failed)
        return -1;
    if (errors) {
        snprintf(why, whylen, "%d simulation check failures", errors);
        return -1;
    }
    return 0;
}

static void clear_job(lds_job *j, unsigned op)
{
    memset(j, 0, sizeof *j);
    j->req.op = op;
    j->req.fn = ISA_FN_ADD;
}

/* Stores a pattern into every word (512 conflict-free stores), then loads it all back. */
static void test_fill(lds_tb *t)
{
    static lds_job jobs[2 * LDS_ROWS];
    static lds_obs obs[2 * LDS_ROWS];
    char why[256] = "";
    for (int row = 0; row < LDS_ROWS; row++) {
        lds_job *s = &jobs[row], *ld = &jobs[LDS_ROWS + row];
        clear_job(s, ISA_FMT_LDS_STORE);
        clear_job(ld, ISA_FMT_LDS_LOAD);
        s->req.mask = ld->req.mask = 0xffffffffu;
        s->gap = ld->gap = row & 1 ? -1 : (int)(row % 3);
        for (int l = 0; l < LDS_LANES; l++) {
            s->req.word[l] = ld->req.word[l] = (uint32_t)(row * 32 + (l ^ (row & 31)));
            s->req.data[l] = rnd(t);
        }
    }
    run_checked(t, jobs, 2 * LDS_ROWS, 0, obs, why, sizeof why);
    report(t, "lds_fill_and_read_back_all_words", why, " (16384 words)");
}

/* One access pattern, as a load, a store and (optionally) an atomic, must take
 * exactly `rounds` rounds and give the model's results. */
static void test_cost(lds_tb *t, const char *name, const uint32_t *word, uint32_t mask, int rounds, int with_atomic,
                      int only_atomic)
{
    lds_job jobs[3];
    lds_obs obs[3];
    int n = 0;
    char why[256] = "";
    unsigned ops[3] = { ISA_FMT_LDS_LOAD, ISA_FMT_LDS_STORE, ISA_FMT_LDS_ATOMIC };
    for (int k = only_atomic ? 2 : 0; k < (with_atomic ? 3 : 2); k++) {
        lds_job *j = &jobs[n++];
        clear_job(j, ops[k]);
        j->req.mask = mask;
        j->req.ret = 1;
        for (int l = 0; l < LDS_LANES; l++) {
            j->req.word[l] = word[l];
            j->req.data[l] = rnd(t);
        }
        /* (the expected figures are for rounds of 32 lanes; with fewer, the RTL is checked against the model) */
        if (LDS_ROUND_LANES == LDS_LANES && lds_rounds(&j->req) != rounds && !why[0])
            snprintf(why, sizeof why, "the model counts %d rounds for the %s, the test expects %d",
                     lds_rounds(&j->req), k == 0 ? "load" : k == 1 ? "store" : "atomic", rounds);
    }
    if (!why[0])
        run_checked(t, jobs, n, 0, obs, why, sizeof why);
    char detail[64];
    if (LDS_ROUND_LANES != LDS_LANES && n > 0)
        rounds = lds_rounds(&jobs[0].req);
    snprintf(detail, sizeof detail, " (%d round%s)", rounds, rounds == 1 ? "" : "s");
    report(t, name, why, detail);
}

static void test_costs(lds_tb *t)
{
    uint32_t word[LDS_LANES];
    uint32_t base = 37 * 32 + 5;
    for (int l = 0; l < LDS_LANES; l++)
        word[l] = base + (uint32_t)l;
    test_cost(t, "lds_cost_conflict_free", word, 0xffffffffu, 1, 0, 0);
    for (int l = 0; l < LDS_LANES; l++)
        word[l] = 1234;
    test_cost(t, "lds_cost_broadcast", word, 0xffffffffu, 1, 0, 0);
    for (int s = 2; s <= 32; s *= 2) {
        char name[64];
        snprintf(name, sizeof name, "lds_cost_stride%d", s);
        for (int l = 0; l < LDS_LANES; l++)
            word[l] = (base + (uint32_t)(l * s)) % LDS_WORDS;
        test_cost(t, name, word, 0xffffffffu, s, 0, 0);
    }
    /* the lowest lane picks the word: lanes 1..31 broadcast, lane 0 conflicts in its bank */
    for (int l = 0; l < LDS_LANES; l++)
        word[l] = l == 0 ? 100 * 32 + 7 : 200 * 32 + 7;
    test_cost(t, "lds_cost_two_words_one_bank", word, 0xffffffffu, 2, 0, 0);
    for (int l = 0; l < LDS_LANES; l++)
        word[l] = base + (uint32_t)l;
    test_cost(t, "lds_cost_empty_mask", word, 0, 1, 1, 0);
    test_cost(t, "lds_cost_atomic_conflict_free", word, 0xffffffffu, 1, 1, 1);
    for (int l = 0; l < LDS_LANES; l++)
        word[l] = base + (uint32_t)(l / 2);
    test_cost(t, "lds_cost_atomic_pairs_same_word", word, 0xffffffffu, 2, 1, 1);
    for (int l = 0; l < LDS_LANES; l++)
        word[l] = 4321;
    test_cost(t, "lds_cost_atomic_same_word", word, 0xffffffffu, 32, 1, 1);
}

/* Eight conflict-free loads and stores presented early: one a cycle (with
 * windows of LDS_ROUND_LANES lanes: one every rounds + 1 cycles, plus the
 * cycles the next request's other windows take to go in). */
static void test_back_to_back(lds_tb *t)
{
    lds_job jobs[8];
    lds_obs obs[8];
    char why[256] = "";
    for (int i = 0; i < 8; i++) {
        clear_job(&jobs[i], i & 1 ? ISA_FMT_LDS_STORE : ISA_FMT_LDS_LOAD);
        jobs[i].gap = -1;
        jobs[i].req.mask = 0xffffffffu;
        for (int l = 0; l < LDS_LANES; l++) {
            jobs[i].req.word[l] = (uint32_t)(i * 32 + l);
            jobs[i].req.data[l] = rnd(t);
        }
    }
    if (!run_checked(t, jobs, 8, 0, obs, why, sizeof why)) {
        long cycles = obs[7].accept_edge + obs[7].latency - obs[0].accept_edge;
        long want = LDS_WINDOWS == 1 ? 8L + 1 : 8L * (LDS_WINDOWS + 1) + 7L * (LDS_WINDOWS - 1);
        if (cycles != want)
            snprintf(why, sizeof why, "8 conflict-free requests took %ld cycles, expected %ld", cycles, want);
    }
    report(t, LDS_WINDOWS == 1 ? "lds_back_to_back_one_per_cycle" : "lds_back_to_back", why, "");
}

/* ---- random requests ---- */

typedef struct {
    long by_rounds[2][33];     /* [atomic][rounds] */
    long fn_ret[64][2];
    long cas_hit, cas_miss;
    long same_word_stores;     /* stores with two selected lanes on one word */
    long empty_masks;
} lds_cover;

static uint32_t rnd_value(lds_tb *t)
{
    static const uint32_t special[] = { 0, 1, 2, 0xffffffffu, 0xfffffffeu, 0x80000000u, 0x7fffffffu, 0x80000001u };
    uint32_t k = rnd_below(t, 8);
    if (k == 0)
        return special[rnd_below(t, 8)];
    if (k == 1)
        return rnd_below(t, 16) - 8;
    return rnd(t);
}

static uint32_t rnd_mask(lds_tb *t)
{
    uint32_t k = rnd_below(t, 20);
    if (k < 8)
        return 0xffffffffu;
    if (k < 14)
        return rnd(t);
    if (k < 16)
        return 1u << rnd_below(t, 32);
    if (k < 17)
        return 0;
    if (k < 19) {   /* n lanes anywhere, n from 1 to 32 (with one lane a round: n rounds) */
        uint32_t n = 1 + rnd_below(t, 32), m = 0;
        while ((uint32_t)__builtin_popcount(m) < n)
            m |= 1u << rnd_below(t, 32);
        return m;
    }
    uint32_t lo = rnd_below(t, 32), len = 1 + rnd_below(t, 32 - lo);
    return (len == 32 ? 0xffffffffu : ((1u << len) - 1)) << lo;
}

/* Word addresses with a controlled conflict pattern. */
static void rnd_words(lds_tb *t, uint32_t *word)
{
    uint32_t mode = rnd_below(t, 8);
    uint32_t base = rnd_below(t, LDS_WORDS);
    if (mode == 0) {            /* a permutation of the banks, any row each: conflict-free */
        uint32_t perm[LDS_LANES];
        for (int l = 0; l < LDS_LANES; l++)
            perm[l] = (uint32_t)l;
        for (int l = LDS_LANES - 1; l > 0; l--) {
            uint32_t k = rnd_below(t, (uint32_t)l + 1), x = perm[l];
            perm[l] = perm[k];
            perm[k] = x;
        }
        for (int l = 0; l < LDS_LANES; l++)
            word[l] = rnd_below(t, LDS_ROWS) * LDS_BANKS + perm[l];
    } else if (mode == 1) {     /* stride */
        static const uint32_t strides[] = { 1, 2, 3, 4, 5, 8, 16, 17, 31, 32, 33, 64, 96, 0 };
        uint32_t s = strides[rnd_below(t, 14)];
        for (int l = 0; l < LDS_LANES; l++)
            word[l] = (base + (uint32_t)l * s) % LDS_WORDS;
    } else if (mode <= 3) {     /* degree d: one bank holds d lanes on d words, others at most d words */
        uint32_t d = 1 + rnd_below(t, 32);
        uint32_t rows[LDS_BANKS][LDS_LANES];
        for (int b = 0; b < LDS_BANKS; b++)
            for (uint32_t k = 0; k < d; k++)
                rows[b][k] = (rnd_below(t, LDS_ROWS / 32) * 32 + k) % LDS_ROWS;  /* distinct per bank */
        uint32_t hot = rnd_below(t, LDS_BANKS), nbanks = 1 + rnd_below(t, 31);
        for (int l = 0; l < LDS_LANES; l++) {
            uint32_t b = (uint32_t)l < d ? hot : (hot + 1 + rnd_below(t, nbanks)) % LDS_BANKS;
            uint32_t k = (uint32_t)l < d ? (uint32_t)l : rnd_below(t, d);
            word[l] = rows[b][k] * LDS_BANKS + b;
        }
    } else if (mode == 4) {     /* a few hot words: broadcasts, same-word stores, atomic contention */
        uint32_t hot[4], n = 1 + rnd_below(t, 4);
        for (uint32_t k = 0; k < n; k++)
            hot[k] = rnd_below(t, LDS_WORDS);
        for (int l = 0; l < LDS_LANES; l++)
            word[l] = hot[rnd_below(t, n)];
    } else if (mode == 5) {     /* a small window: data reused across requests */
        for (int l = 0; l < LDS_LANES; l++)
            word[l] = (base & ~63u) + rnd_below(t, 64);
    } else {                    /* anywhere */
        for (int l = 0; l < LDS_LANES; l++)
            word[l] = rnd_below(t, LDS_WORDS);
    }
}

/* A random request, valid against the model's current memory (CAS compares
 * hit about half the time, following earlier lanes' effects; a quarter miss
 * by one bit). */
static void rnd_job(lds_tb *t, const lds_model *m, lds_job *j, lds_cover *cov)
{
    static const unsigned fns[] = { ISA_FN_ADD, ISA_FN_MIN_U32, ISA_FN_MIN_I32, ISA_FN_MAX_U32, ISA_FN_MAX_I32,
                                    ISA_FN_AND, ISA_FN_OR,      ISA_FN_XOR,     ISA_FN_XCHG,    ISA_FN_CAS };
    static const unsigned ops[] = { ISA_FMT_LDS_LOAD, ISA_FMT_LDS_STORE, ISA_FMT_LDS_ATOMIC };
    lds_req *r = &j->req;
    memset(j, 0, sizeof *j);
    uint32_t k = rnd_below(t, 8);
    j->gap = k < 3 ? -1 : k < 6 ? 0 : (int)rnd_below(t, 4);
    r->op = ops[rnd_below(t, 3)];
    r->fn = fns[rnd_below(t, 10)];
    r->ret = (int)rnd_below(t, 2);
    r->mask = rnd_mask(t);
    rnd_words(t, r->word);
    for (int l = 0; l < LDS_LANES; l++) {
        r->data[l] = rnd_value(t);
        r->cmp[l] = rnd_value(t);
    }
    uint32_t after[LDS_LANES];   /* a CAS lane's word after it */
    for (int l = 0; l < LDS_LANES; l++) {
        if (!(r->mask >> l & 1))
            continue;
        for (int e = 0; e < l; e++)
            if ((r->mask >> e & 1) && r->word[e] == r->word[l] && r->op == ISA_FMT_LDS_STORE)
                cov->same_word_stores++;
        if (r->op != ISA_FMT_LDS_ATOMIC || r->fn != ISA_FN_CAS)
            continue;
        uint32_t cur = m->mem[r->word[l]];
        for (int e = 0; e < l; e++)
            if ((r->mask >> e & 1) && r->word[e] == r->word[l])
                cur = after[e];
        uint32_t c = rnd_below(t, 4);   /* hit, near miss (one bit off), or any value */
        if (c < 2)
            r->cmp[l] = cur;
        else if (c == 2 || r->cmp[l] == cur)
            r->cmp[l] = cur ^ (1u << rnd_below(t, 32));
        if (r->cmp[l] == cur)
            cov->cas_hit++;
        else
            cov->cas_miss++;
        after[l] = lds_atomic_value(ISA_FN_CAS, cur, r->data[l], r->cmp[l]);
    }
    cov->by_rounds[r->op == ISA_FMT_LDS_ATOMIC][lds_rounds(r)]++;
    if (r->op == ISA_FMT_LDS_ATOMIC)
        cov->fn_ret[r->fn][r->ret]++;
    cov->empty_masks += r->mask == 0;
}

static void test_random(lds_tb *t)
{
    static lds_job jobs[BATCH];
    static lds_obs obs[BATCH];
    lds_cover cov;
    char why[512] = "";
    const char *where = "";
    memset(&cov, 0, sizeof cov);
    for (int done = 0; done < RANDOM_REQUESTS && !why[0]; done += BATCH) {
        /* generate against a copy of the model as it will be before each job */
        static lds_model gen;
        gen = t->model;
        for (int i = 0; i < BATCH; i++) {
            lds_resp unused;
            rnd_job(t, &gen, &jobs[i], &cov);
            lds_model_exec(&gen, &jobs[i].req, &unused);
        }
        /* every fourth batch: results taken late, so rounds wait for result entries */
        if ((done / BATCH) % 4 == 3)
            for (int i = 0; i < BATCH; i++)
                jobs[i].pop_wait = (int)rnd_below(t, 8);
        run_checked(t, jobs, BATCH, done, obs, why, sizeof why);
    }
    /* read everything back */
    for (int row = 0; row < LDS_ROWS && !why[0]; row += BATCH / 2) {
        int n = 0;
        for (int r = row; r < row + BATCH / 2 && r < LDS_ROWS; r++) {
            clear_job(&jobs[n], ISA_FMT_LDS_LOAD);
            jobs[n].req.mask = 0xffffffffu;
            jobs[n].gap = -1;
            for (int l = 0; l < LDS_LANES; l++)
                jobs[n].req.word[l] = (uint32_t)(r * 32 + l);
            n++;
        }
        if (run_checked(t, jobs, n, RANDOM_REQUESTS + row, obs, why, sizeof why))
            where = " (in the final read-back)";
    }
    /* the random stream must have exercised what it claims to */
    for (int a = 0; a < 2 && !why[0]; a++)
        for (int r = 1; r <= 32 && !why[0]; r++)
            if (!cov.by_rounds[a][r])
                snprintf(why, sizeof why, "coverage: no %s request of %d rounds", a ? "atomic" : "load/store", r);
    static const unsigned fns[] = { ISA_FN_ADD, ISA_FN_MIN_U32, ISA_FN_MIN_I32, ISA_FN_MAX_U32, ISA_FN_MAX_I32,
                                    ISA_FN_AND, ISA_FN_OR,      ISA_FN_XOR,     ISA_FN_XCHG,    ISA_FN_CAS };
    for (int f = 0; f < 10 && !why[0]; f++)
        for (int ret = 0; ret < 2; ret++)
            if (!cov.fn_ret[fns[f]][ret] && !why[0])
                snprintf(why, sizeof why, "coverage: no atomic fn %u with ret=%d", fns[f], ret);
    if (!why[0] && (cov.cas_hit < 100 || cov.cas_miss < 100 || cov.same_word_stores < 100 || !cov.empty_masks))
        snprintf(why, sizeof why, "coverage: %ld CAS hits, %ld misses, %ld same-word store pairs, %ld empty masks",
                 cov.cas_hit, cov.cas_miss, cov.same_word_stores, cov.empty_masks);
    char detail[64];
    snprintf(detail, sizeof detail, " (%d requests)", RANDOM_REQUESTS);
    char msg[600];
    snprintf(msg, sizeof msg, "%s%s", why, where);
    report(t, "lds_random_vs_model", msg, detail);
    if (!why[0])
        printf("    coverage: %ld CAS hits, %ld CAS misses, %ld same-word store lane pairs, %ld empty masks\n",
               cov.cas_hit, cov.cas_miss, cov.same_word_stores, cov.empty_masks);
}

/* A request whose payload changes while it waits must trip the RTL's check;
 * with more than one window, so must an operand window sent while the LDS is
 * busy (the request then never waits: it goes with its last window, when the
 * LDS is ready). */
static void test_payload_check(lds_tb *t)
{
    /* (with one window, four fill the LDS's entries and the fifth waits) */
    enum { N = LDS_WINDOWS == 1 ? 5 : 2 };
    lds_job jobs[N];
    lds_obs obs[N];
    char why[256] = "";
    for (int i = 0; i < N; i++) {
        clear_job(&jobs[i], ISA_FMT_LDS_LOAD);
        jobs[i].req.mask = 0xffffffffu;
        for (int l = 0; l < LDS_LANES; l++)
            jobs[i].req.word[l] = (uint32_t)(l * 32);   /* 32 rounds: the second request waits */
    }
    for (int i = 1; i < N; i++)
        jobs[i].gap = -1;
    jobs[N - 1].corrupt = 1;
    printf(LDS_WINDOWS == 1 ? "    (the next %%Error line is expected: this test corrupts a held request)\n"
                            : "    (the next %%Error line is expected: this test sends an operand window to a busy LDS)\n");
    fflush(stdout);
    int before = t->dut->sim_errors(t->dut->ctx);
    if (!t->dut->run(t->dut->ctx, jobs, N, obs, why, sizeof why) && t->dut->sim_errors(t->dut->ctx) == before)
        snprintf(why, sizeof why, LDS_WINDOWS == 1 ? "the payload changed under a held req_valid_i and no simulation check fired"
                                                   : "an operand window went to a busy LDS and no simulation check fired");
    report(t, LDS_WINDOWS == 1 ? "lds_payload_change_caught" : "lds_window_while_busy_caught", why, "");
}

int lds_run_tests(const lds_dut *dut)
{
    static lds_tb t;
    memset(&t, 0, sizeof t);
    t.dut = dut;
    t.rng = 0x5eed1d5ull;
    test_fill(&t);
    test_costs(&t);
    test_back_to_back(&t);
    test_random(&t);
    test_payload_check(&t);
    return t.failures;
}
