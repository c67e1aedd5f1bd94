/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_parse_num.c: libFuzzer target of the number parser (parse_num.h).
 * The input, with a NUL after it, is the text (a NUL inside ends it early).
 * Each function is checked against a reference written here from
 * parse_num.h's grammar: the same success and value, or a failure that
 * leaves the output alone with a one-line message of the documented kind
 * ("--fuzz: ...", printable ASCII, short). parse_u64_opt and parse_u32_opt
 * run over several ranges, among them ranges just around the value. */
#include "fuzz_check.h"

#include "parse_num.h"

#include <math.h>

#define OPT "--fuzz"

/* ---- The reference ---- */

typedef struct {
    bool neg;   /* a leading '-' */
    bool big;   /* the magnitude does not fit 64 bits */
    uint64_t mag;
} ref_int;

/* '-'? ("0x" | "0X") hex+ | '-'? dec+, the whole text. */
static bool ref_parse_int(const char *s, ref_int *v)
{
    v->neg = *s == '-';
    if (v->neg) s++;
    unsigned base = 10;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) base = 16, s += 2;
    if (!*s) return false;
    unsigned __int128 acc = 0;
    v->big = false;
    for (; *s; s++) {
        unsigned d;
        if (*s >= '0' && *s <= '9') d = (unsigned)(*s - '0');
        else if (base == 16 && *s >= 'a' && *s <= 'f') d = (unsigned)(*s - 'a' + 10);
        else if (base == 16 && *s >= 'A' && *s <= 'F') d = (unsigned)(*s - 'A' + 10);
        else return false;
        if (!v->big) {
            acc = acc * base + d;
            if (acc > UINT64_MAX) v->big = true;
        }
    }
    v->mag = (uint64_t)acc;
    return true;
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* '-'? mantissa exponent?, the mantissa with a digit at least, and a point
 * or an exponent present: 2.0, 1., .5, -1.5e-3, 1e10, 1E+5. */
static bool ref_is_decimal_f32(const char *s)
{
    if (*s == '-') s++;
    size_t digits = 0;
    while (is_digit(*s)) s++, digits++;
    bool point = *s == '.';
    if (point) {
        s++;
        while (is_digit(*s)) s++, digits++;
    }
    if (!digits) return false;
    bool expo = *s == 'e' || *s == 'E';
    if (expo) {
        s++;
        if (*s == '+' || *s == '-') s++;
        if (!is_digit(*s)) return false;
        while (is_digit(*s)) s++;
    }
    return !*s && (point || expo);
}

/* inf, infinity, nan in any case, '-' allowed: its bits. */
static bool ref_special(const char *s, uint32_t *bits)
{
    uint32_t sign = 0;
    if (*s == '-') sign = 0x80000000u, s++;
    char low[16];
    size_t n = strlen(s);
    if (n >= sizeof low) return false;
    for (size_t i = 0; i <= n; i++) low[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] - 'A' + 'a' : s[i]);
    if (!strcmp(low, "inf") || !strcmp(low, "infinity")) *bits = sign | 0x7F800000u;
    else if (!strcmp(low, "nan")) *bits = sign | 0x7FC00000u;
    else return false;
    return true;
}

static uint32_t bits_of(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

/* ---- Checks ---- */

/* A failure's message: "--fuzz: ...", printable ASCII, short, with the
 * expected phrase. */
static void check_message(const char *fn, const char *err, size_t errlen, const char *phrase, const char *s)
{
    fuzz_check_one_line(fn, err, errlen);
    FUZZ_CHECK(!strncmp(err, OPT ": ", strlen(OPT ": ")), "%s('%.60s'): message '%s' does not name the option", fn, s,
               err);
    size_t n = strlen(err);
    FUZZ_CHECK(n < 300, "%s('%.60s'): message of %zu characters", fn, s, n);
    for (size_t i = 0; i < n; i++)
        FUZZ_CHECK(err[i] >= 0x20 && err[i] < 0x7F, "%s('%.60s'): message has byte 0x%02x: '%s'", fn, s,
                   (unsigned char)err[i], err);
    if (phrase) FUZZ_CHECK(strstr(err, phrase), "%s('%.60s'): message '%s' does not say '%s'", fn, s, err, phrase);
}

/* The phrase a failure must say for a text that is not an integer. */
static const char *not_a_number(const char *s) { return *s ? "is not a number" : "empty value"; }

static void check_u64(const char *s, bool is_int, const ref_int *v, uint64_t lo, uint64_t hi)
{
    char err[512];
    uint64_t out = 0xDEADBEEFCAFEF00Dull;
    memset(err, 'x', sizeof err);
    int rc = parse_u64_opt(OPT, s, lo, hi, &out, err, sizeof err);
    const char *why = NULL;   /* the expected failure, NULL: success */
    if (!is_int) why = not_a_number(s);
    else if (v->neg && (v->big || v->mag)) why = "is out of range";
    else if (v->big || v->mag > hi) why = "is too large";
    else if (v->mag < lo) why = "is out of range";
    FUZZ_CHECK(rc == (why ? -1 : 0), "parse_u64_opt('%.60s', %llu..%llu) returned %d, expected %s (%s)", s,
               (unsigned long long)lo, (unsigned long long)hi, rc, why ? "a failure" : "success", rc ? err : "");
    if (why) {
        FUZZ_CHECK(out == 0xDEADBEEFCAFEF00Dull, "parse_u64_opt('%.60s') failed but changed the output", s);
        check_message("parse_u64_opt", err, sizeof err, why, s);
    } else {
        FUZZ_CHECK(out == v->mag, "parse_u64_opt('%.60s') gave %llu, expected %llu", s, (unsigned long long)out,
                   (unsigned long long)v->mag);
    }

    /* parse_u32_opt over the same range cut to 32 bits */
    uint32_t lo32 = lo > UINT32_MAX ? UINT32_MAX : (uint32_t)lo, hi32 = hi > UINT32_MAX ? UINT32_MAX : (uint32_t)hi;
    uint32_t out32 = 0xDEADBEEFu;
    bool ok32 = is_int && !(v->neg && (v->big || v->mag)) && !v->big && v->mag <= hi32 && v->mag >= lo32;
    rc = parse_u32_opt(OPT, s, lo32, hi32, &out32, err, sizeof err);
    FUZZ_CHECK(rc == (ok32 ? 0 : -1), "parse_u32_opt('%.60s', %u..%u) returned %d", s, lo32, hi32, rc);
    if (ok32) FUZZ_CHECK(out32 == (uint32_t)v->mag, "parse_u32_opt('%.60s') gave %u", s, out32);
    else FUZZ_CHECK(out32 == 0xDEADBEEFu, "parse_u32_opt('%.60s') failed but changed the output", s);
}

static void check_word_and_f32(const char *s, bool is_int, const ref_int *v)
{
    char err[512];
    uint32_t bits = 0xDEADBEEFu, want = 0;
    int is_f32 = 7, want_f32 = 0;
    const char *why = NULL;
    if (is_int) {
        if (!v->neg && (v->big || v->mag > 0xFFFFFFFFu)) why = "is too large for 32 bits";
        else if (v->neg && (v->big || v->mag > 0x80000000u)) why = "is too small for 32 bits";
        else want = v->neg ? (uint32_t)(0u - (uint32_t)v->mag) : (uint32_t)v->mag;
    } else if (ref_special(s, &want)) {
        want_f32 = 1;
    } else if (ref_is_decimal_f32(s)) {
        want_f32 = 1;
        float f = strtof(s, NULL);
        if (isinf(f)) why = "overflows f32";
        else want = bits_of(f);
    } else {
        why = not_a_number(s);
    }
    memset(err, 'x', sizeof err);
    int rc = parse_word_opt(OPT, s, &bits, &is_f32, err, sizeof err);
    FUZZ_CHECK(rc == (why ? -1 : 0), "parse_word_opt('%.60s') returned %d, expected %s (%s)", s, rc,
               why ? why : "success", rc ? err : "");
    if (why) {
        FUZZ_CHECK(bits == 0xDEADBEEFu && is_f32 == 7, "parse_word_opt('%.60s') failed but changed the output", s);
        check_message("parse_word_opt", err, sizeof err, why, s);
    } else {
        FUZZ_CHECK(bits == want && is_f32 == want_f32, "parse_word_opt('%.60s') gave %08x (f32 %d), expected %08x (f32 %d)",
                   s, bits, is_f32, want, want_f32);
        uint32_t b2 = 0;
        FUZZ_CHECK(parse_word_opt(OPT, s, &b2, NULL, NULL, 0) == 0 && b2 == bits,
                   "parse_word_opt('%.60s') without is_f32 and message buffer differs", s);
    }

    /* parse_f32_opt: the f32 forms as above; any integer, rounded */
    const char *word_why = why;
    float f = -1234.5f;
    uint32_t fwant = 0;
    why = NULL;
    if (is_int) {
        float r;
        if (v->big) r = strtof(s, NULL);   /* beyond 64 bits: strtof reads integers exactly too */
        else r = v->neg ? -(float)v->mag : (float)v->mag;
        if (isinf(r)) why = "overflows f32";
        else fwant = (!v->big && v->mag == 0) ? 0u : bits_of(r);   /* "-0" is +0.0f */
    } else if (want_f32) {
        why = word_why;
        fwant = want;
    } else {
        why = not_a_number(s);
    }
    memset(err, 'x', sizeof err);
    rc = parse_f32_opt(OPT, s, &f, err, sizeof err);
    FUZZ_CHECK(rc == (why ? -1 : 0), "parse_f32_opt('%.60s') returned %d, expected %s (%s)", s, rc,
               why ? why : "success", rc ? err : "");
    if (why) {
        FUZZ_CHECK(bits_of(f) == bits_of(-1234.5f), "parse_f32_opt('%.60s') failed but changed the output", s);
        check_message("parse_f32_opt", err, sizeof err, why, s);
    } else {
        FUZZ_CHECK(bits_of(f) == fwant, "parse_f32_opt('%.60s') gave %08x, expected %08x", s, bits_of(f), fwant);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    FUZZ_CHECK(s, "out of memory");
    if (size) memcpy(s, data, size);
    s[size] = 0;

    ref_int v;
    bool is_int = ref_parse_int(s, &v);
    check_u64(s, is_int, &v, 0, UINT64_MAX);
    check_u64(s, is_int, &v, 1, 1000000);
    check_u64(s, is_int, &v, 0, 0);
    if (is_int && !v.big) {   /* ranges ending at the value or next to it */
        check_u64(s, is_int, &v, v.mag, v.mag);
        check_u64(s, is_int, &v, 0, v.mag);
        check_u64(s, is_int, &v, v.mag, UINT64_MAX);
        if (v.mag < UINT64_MAX) check_u64(s, is_int, &v, v.mag + 1, UINT64_MAX);
        if (v.mag > 0) check_u64(s, is_int, &v, 0, v.mag - 1);
    }
    uint64_t dummy = 0;
    FUZZ_CHECK(parse_u64_opt(NULL, s, 0, UINT64_MAX, &dummy, NULL, 0) == (is_int && !(v.neg && (v.big || v.mag)) && !v.big ? 0 : -1),
               "parse_u64_opt('%.60s') without an option name or message buffer differs", s);
    check_word_and_f32(s, is_int, &v);
    free(s);
    return 0;
}
