/* SPDX-License-Identifier: Apache-2.0 */
/* test_check: the shared test library (tb/lib/) checked against values
 * worked out here, so that a check helper that turns lenient, or a PRNG that
 * changes its stream, fails a test instead of quietly passing every other
 * program's checks:
 *   - words_differ counts every differing word, the first and the last too;
 *   - a check_case keeps every reason of a failure, joined by "; ", and never
 *     writes past its buffer;
 *   - prng gives splitmix64's reference stream, prng_below stays below its
 *     bound and reaches every value, prng_f32_moderate stays finite and
 *     nonzero within its exponent range.
 * One PASS/FAIL line per check. The verdicts do not go through check_case
 * or CHECK (they are under test here): each test notes its first wrong
 * value with expect() and ends with check_pass or check_fail.
 */
#include "check.h"
#include "prng.h"

#include <stdio.h>
#include <string.h>

static char first_wrong[256];

/* Notes the first expectation that does not hold. */
static void expect(bool cond, const char *fmt, ...) CHECK_PRINTF(2, 3);
static void expect(bool cond, const char *fmt, ...)
{
    if (cond || first_wrong[0]) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(first_wrong, sizeof first_wrong, fmt, ap);
    va_end(ap);
}

static void report(const char *name)
{
    if (first_wrong[0]) check_fail(name, "%s", first_wrong);
    else check_pass(name);
    first_wrong[0] = 0;
}

static void test_words_differ(void)
{
    const uint32_t want[4] = { 1, 2, 3, 4 };
    uint32_t got[4];
    size_t first = 99;

    memcpy(got, want, sizeof got);
    expect(words_differ(want, got, 4, &first) == 0 && first == 4, "equal arrays: not 0 differences");
    for (size_t at = 0; at < 4; at++) {
        memcpy(got, want, sizeof got);
        got[at] ^= 0x80000000u;
        size_t bad = words_differ(want, got, 4, &first);
        expect(bad == 1 && first == at, "word %zu changed: %zu differences, first %zu", at, bad, first);
    }
    got[0] = 0;
    got[3] = 0;
    size_t bad = words_differ(want, got, 4, &first);
    expect(bad == 2 && first == 0, "words 0 and 3 changed: %zu differences, first %zu", bad, first);
    expect(words_differ(want, got, 0, NULL) == 0, "no words: differences found");
    report("check_words_differ_counts_every_word");
}

static void test_case_collects(void)
{
    check_case probe;
    case_begin(&probe, "probe_%u", 7u);
    expect(probe.ok && strcmp(probe.name, "probe_7") == 0, "a new case is not ok or misnamed '%s'", probe.name);
    CHECK(&probe, 1 + 1 == 2, "never");
    expect(probe.ok, "a check that holds marked the case failed");
    CHECK(&probe, 1 + 1 == 3, "first %d", 1);
    case_fail(&probe, "second");
    expect(!probe.ok, "two failures left the case ok");
    expect(strcmp(probe.why, "first 1; second") == 0, "reasons '%s', expected 'first 1; second'", probe.why);
    for (unsigned i = 0; i < 1000; i++) case_fail(&probe, "a reason long enough to fill the buffer quickly");
    expect(strlen(probe.why) < sizeof probe.why && probe.len < sizeof probe.why,
          "the reasons overran their buffer (%zu characters)", strlen(probe.why));
    report("check_case_collects_every_reason");
}

static void test_prng(void)
{
    /* The first outputs of splitmix64 from state 0 (Vigna's reference code). */
    prng r = { 0 };
    uint64_t x0 = prng_u64(&r), x1 = prng_u64(&r);
    expect(x0 == 0xE220A8397B1DCDAFull && x1 == 0x6E789E6AA1B965F4ull,
          "seed 0 gives 0x%016llx 0x%016llx", (unsigned long long)x0, (unsigned long long)x1);
    prng a = { 42 }, b;
    prng_seed(&b, 42);
    expect(prng_u32(&a) == prng_u32(&b), "two streams of one seed differ");
    unsigned seen = 0;
    for (unsigned i = 0; i < 10000; i++) {
        uint32_t v = prng_below(&a, 7);
        expect(v < 7, "prng_below(7) gave %u", v);
        if (v < 7) seen |= 1u << v;
    }
    expect(seen == 0x7Fu, "prng_below(7) never gave some values (seen mask 0x%x)", seen);
    for (unsigned i = 0; i < 10000; i++) {
        uint32_t f = prng_f32_moderate(&a), e = (f >> 23) & 0xFFu;
        expect(e >= 127 - 20 && e <= 127 + 20, "prng_f32_moderate gave 0x%08x (exponent %u)", f, e);
    }
    report("prng_splitmix64_stream_and_ranges");
}

int main(void)
{
    test_words_differ();
    test_case_collects();
    test_prng();
    return check_summary("test_check");
}
