/* SPDX-License-Identifier: Apache-2.0 */
/* test_npy: the command-line number parser (csrc/parse_num.c) and the .npy
 * reader and writer (csrc/npy.c), against values and byte images worked
 * out here (no NumPy needed):
 *   - every number rule: decimal and hex, no octal, no '+', no whitespace,
 *     no trailing text, exact overflow, -0, the f32 forms rounded as
 *     strtof, the words' two's complement, and each message's wording;
 *   - .npy: the exact bytes npy_write produces, round trips of u32, i32 and
 *     f32, hand-built images of versions 1.0, 2.0 and 3.0 with other key
 *     orders, quotes, spacing and shapes, and every malformed case
 *     (preamble, header syntax, keys, dtype, shape, sizes), each with the
 *     key words of its message; every truncation and random corruption of
 *     valid images ends in a message, never a crash; npy_read gives what
 *     npy_parse gives for the same bytes.
 * One PASS/FAIL line per check.
 */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "npy.h"
#include "parse_num.h"
#include "prng.h"

#include <float.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SENTINEL 0x5EEDu

/* The message holds every one of the NULL-terminated key words. */
static bool has_all(const char *msg, ...)
{
    va_list ap;
    va_start(ap, msg);
    bool ok = true;
    for (const char *k; (k = va_arg(ap, const char *));)
        if (!strstr(msg, k)) ok = false;
    va_end(ap);
    return ok;
}

static bool one_line(const char *msg) { return msg[0] && !strchr(msg, '\n') && !strchr(msg, '\r'); }

static uint32_t fbits(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

/* ---------------------------------------------------------------- parse_num */

static void u64_ok(check_case *c, const char *s, uint64_t lo, uint64_t hi, uint64_t want)
{
    char err[256] = "";
    uint64_t v = SENTINEL;
    int rc = parse_u64_opt("--x", s, lo, hi, &v, err, sizeof err);
    CHECK(c, rc == 0 && v == want, "u64 '%s' in %llu..%llu: rc %d value %llu, expected %llu (%s)", s,
          (unsigned long long)lo, (unsigned long long)hi, rc, (unsigned long long)v, (unsigned long long)want, err);
    c->cases++;
}

/* Fails with a message holding the key words (NULL-terminated), the value untouched. */
#define U64_BAD(c, s, lo, hi, ...) u64_bad(c, s, lo, hi, __VA_ARGS__, (const char *)NULL)
static void u64_bad(check_case *c, const char *s, uint64_t lo, uint64_t hi, ...)
{
    char err[256] = "";
    uint64_t v = SENTINEL;
    int rc = parse_u64_opt("--x", s, lo, hi, &v, err, sizeof err);
    va_list ap;
    va_start(ap, hi);
    bool keys = true;
    for (const char *k; (k = va_arg(ap, const char *));)
        if (!strstr(err, k)) keys = false;
    va_end(ap);
    CHECK(c, rc == -1 && v == SENTINEL, "u64 '%s' in %llu..%llu accepted (rc %d, value %llu)", s ? s : "(null)",
          (unsigned long long)lo, (unsigned long long)hi, rc, (unsigned long long)v);
    CHECK(c, keys && one_line(err) && strncmp(err, "--x: ", 5) == 0, "u64 '%s': message '%s' lacks a key word",
          s ? s : "(null)", err);
    c->cases++;
}

static void u32_ok(check_case *c, const char *s, uint32_t lo, uint32_t hi, uint32_t want)
{
    char err[256] = "";
    uint32_t v = SENTINEL;
    int rc = parse_u32_opt("--x", s, lo, hi, &v, err, sizeof err);
    CHECK(c, rc == 0 && v == want, "u32 '%s' in %u..%u: rc %d value %u, expected %u (%s)", s, lo, hi, rc, v, want,
          err);
    c->cases++;
}

#define U32_BAD(c, s, lo, hi, ...) u32_bad(c, s, lo, hi, __VA_ARGS__, (const char *)NULL)
static void u32_bad(check_case *c, const char *s, uint32_t lo, uint32_t hi, ...)
{
    char err[256] = "";
    uint32_t v = SENTINEL;
    int rc = parse_u32_opt("--x", s, lo, hi, &v, err, sizeof err);
    va_list ap;
    va_start(ap, hi);
    bool keys = true;
    for (const char *k; (k = va_arg(ap, const char *));)
        if (!strstr(err, k)) keys = false;
    va_end(ap);
    CHECK(c, rc == -1 && v == SENTINEL, "u32 '%s' in %u..%u accepted (rc %d, value %u)", s ? s : "(null)", lo, hi,
          rc, v);
    CHECK(c, keys && one_line(err) && strncmp(err, "--x: ", 5) == 0, "u32 '%s': message '%s' lacks a key word",
          s ? s : "(null)", err);
    c->cases++;
}

static void word_ok(check_case *c, const char *s, uint32_t want, int want_f32)
{
    char err[256] = "";
    uint32_t v = SENTINEL;
    int f = -1;
    int rc = parse_word_opt("--arg", s, &v, &f, err, sizeof err);
    CHECK(c, rc == 0 && v == want && f == want_f32, "word '%s': rc %d bits 0x%08x is_f32 %d, expected 0x%08x %d (%s)",
          s, rc, v, f, want, want_f32, err);
    c->cases++;
}

#define WORD_BAD(c, s, ...) word_bad(c, s, __VA_ARGS__, (const char *)NULL)
static void word_bad(check_case *c, const char *s, ...)
{
    char err[256] = "";
    uint32_t v = SENTINEL;
    int f = -1;
    int rc = parse_word_opt("--arg", s, &v, &f, err, sizeof err);
    va_list ap;
    va_start(ap, s);
    bool keys = true;
    for (const char *k; (k = va_arg(ap, const char *));)
        if (!strstr(err, k)) keys = false;
    va_end(ap);
    CHECK(c, rc == -1 && v == SENTINEL && f == -1, "word '%s' accepted (rc %d, bits 0x%08x, is_f32 %d)",
          s ? s : "(null)", rc, v, f);
    CHECK(c, keys && one_line(err) && strncmp(err, "--arg: ", 7) == 0, "word '%s': message '%s' lacks a key word",
          s ? s : "(null)", err);
    c->cases++;
}

static void f32_ok(check_case *c, const char *s, uint32_t want)
{
    char err[256] = "";
    float v = -7.0f;
    int rc = parse_f32_opt("--alpha", s, &v, err, sizeof err);
    CHECK(c, rc == 0 && fbits(v) == want, "f32 '%s': rc %d bits 0x%08x, expected 0x%08x (%s)", s, rc, fbits(v), want,
          err);
    c->cases++;
}

#define F32_BAD(c, s, ...) f32_bad(c, s, __VA_ARGS__, (const char *)NULL)
static void f32_bad(check_case *c, const char *s, ...)
{
    char err[256] = "";
    float v = -7.0f;
    int rc = parse_f32_opt("--alpha", s, &v, err, sizeof err);
    va_list ap;
    va_start(ap, s);
    bool keys = true;
    for (const char *k; (k = va_arg(ap, const char *));)
        if (!strstr(err, k)) keys = false;
    va_end(ap);
    CHECK(c, rc == -1 && v == -7.0f, "f32 '%s' accepted (rc %d, bits 0x%08x)", s ? s : "(null)", rc, fbits(v));
    CHECK(c, keys && one_line(err) && strncmp(err, "--alpha: ", 9) == 0, "f32 '%s': message '%s' lacks a key word",
          s ? s : "(null)", err);
    c->cases++;
}

static void test_num_spec_messages(void)
{
    check_case c;
    char err[256];
    uint32_t v;
    case_begin(&c, "num_messages_as_specified");
    static const struct { const char *opt, *s; uint32_t lo, hi; const char *want; } t[] = {
        { "--n", "7x", 0, UINT32_MAX, "--n: '7x' is not a number" },
        { "--n", "4294967297", 1, UINT32_MAX, "--n: 4294967297 is too large (at most 4294967295)" },
        { "--latency", "0", 1, 1000000, "--latency: 0 is out of range 1..1000000" },
        { "--n", "", 0, 10, "--n: empty value" },
        { "--cus", "abc", 1, 8, "--cus: 'abc' is not a number" },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        err[0] = 0;
        int rc = parse_u32_opt(t[i].opt, t[i].s, t[i].lo, t[i].hi, &v, err, sizeof err);
        CHECK(&c, rc == -1 && strcmp(err, t[i].want) == 0, "'%s': rc %d message '%s', expected '%s'", t[i].s, rc, err,
              t[i].want);
        c.cases++;
    }
    case_end(&c);
}

static void test_num_u64_forms(void)
{
    check_case c;
    case_begin(&c, "num_u64_decimal_hex_leading_zeros");
    u64_ok(&c, "0", 0, UINT64_MAX, 0);
    u64_ok(&c, "7", 0, UINT64_MAX, 7);
    u64_ok(&c, "123456789", 0, UINT64_MAX, 123456789);
    u64_ok(&c, "0x10", 0, UINT64_MAX, 16);
    u64_ok(&c, "0X1f", 0, UINT64_MAX, 31);
    u64_ok(&c, "0xDeadBeef", 0, UINT64_MAX, 0xDEADBEEFu);
    u64_ok(&c, "0x0000000000000000000000001", 0, UINT64_MAX, 1);
    u64_ok(&c, "00000000000000000000000000000000000042", 0, UINT64_MAX, 42);
    u64_ok(&c, "18446744073709551615", 0, UINT64_MAX, UINT64_MAX);
    u64_ok(&c, "0xFFFFFFFFFFFFFFFF", 0, UINT64_MAX, UINT64_MAX);
    u64_ok(&c, "-0", 0, UINT64_MAX, 0);
    u64_ok(&c, "-0x0", 0, 5, 0);
    case_end(&c);
}

static void test_num_no_octal(void)
{
    check_case c;
    case_begin(&c, "num_leading_zero_is_decimal_not_octal");
    u32_ok(&c, "010", 0, UINT32_MAX, 10);
    u32_ok(&c, "0777", 0, UINT32_MAX, 777);
    u32_ok(&c, "08", 0, UINT32_MAX, 8);
    u32_ok(&c, "09", 0, UINT32_MAX, 9);
    u32_ok(&c, "0x010", 0, UINT32_MAX, 16);
    word_ok(&c, "010", 10, 0);
    f32_ok(&c, "010", fbits(10.0f));
    case_end(&c);
}

static void test_num_overflow(void)
{
    check_case c;
    case_begin(&c, "num_overflow_detected_exactly");
    U64_BAD(&c, "18446744073709551616", 0, UINT64_MAX, "too large", "at most 18446744073709551615");
    U64_BAD(&c, "18446744073709551625", 0, UINT64_MAX, "too large");
    U64_BAD(&c, "36893488147419103232", 0, UINT64_MAX, "too large");   /* 2^65: wraps to 0 */
    U64_BAD(&c, "0x10000000000000000", 0, UINT64_MAX, "too large");
    U64_BAD(&c, "0x1FFFFFFFFFFFFFFFF", 0, UINT64_MAX, "too large");
    U64_BAD(&c, "99999999999999999999999999999999999999999", 0, UINT64_MAX, "too large");
    U32_BAD(&c, "4294967296", 0, UINT32_MAX, "4294967296 is too large (at most 4294967295)");
    U32_BAD(&c, "4294967297", 0, UINT32_MAX, "too large");   /* 1 after a 32-bit wrap */
    U32_BAD(&c, "0x100000000", 0, UINT32_MAX, "too large");
    U32_BAD(&c, "18446744073709551617", 0, UINT32_MAX, "too large");   /* 1 after a 64-bit wrap */
    u32_ok(&c, "4294967295", 0, UINT32_MAX, UINT32_MAX);
    u32_ok(&c, "0xFFFFFFFF", 0, UINT32_MAX, UINT32_MAX);
    /* Syntax is checked over the whole text even after an overflow. */
    U64_BAD(&c, "99999999999999999999999x", 0, UINT64_MAX, "not a number");
    case_end(&c);
}

static void test_num_range(void)
{
    check_case c;
    case_begin(&c, "num_range_inclusive_both_ends");
    u32_ok(&c, "1", 1, 1000000, 1);
    u32_ok(&c, "1000000", 1, 1000000, 1000000);
    u32_ok(&c, "0xF4240", 1, 1000000, 1000000);
    U32_BAD(&c, "0", 1, 1000000, "0 is out of range 1..1000000");
    U32_BAD(&c, "1000001", 1, 1000000, "1000001 is too large (at most 1000000)");
    U32_BAD(&c, "0xF4241", 1, 1000000, "0xF4241 is too large (at most 1000000)");
    U32_BAD(&c, "4294967295", 1, 1000000, "too large (at most 1000000)");
    u64_ok(&c, "5", 5, 5, 5);
    U64_BAD(&c, "4", 5, 5, "out of range 5..5");
    U64_BAD(&c, "6", 5, 5, "too large (at most 5)");
    u64_ok(&c, "4294967296", 0, 1ull << 32, 1ull << 32);
    case_end(&c);
}

static void test_num_negative(void)
{
    check_case c;
    case_begin(&c, "num_negative_out_of_range_minus_zero_is_zero");
    u32_ok(&c, "-0", 0, 10, 0);
    u32_ok(&c, "-000", 0, 10, 0);
    U32_BAD(&c, "-0", 1, 10, "-0 is out of range 1..10");
    U32_BAD(&c, "-1", 0, 10, "-1 is out of range 0..10");
    U32_BAD(&c, "-0x1", 0, 10, "out of range");
    U64_BAD(&c, "-18446744073709551615", 0, UINT64_MAX, "out of range");   /* not -(-1) */
    U64_BAD(&c, "-99999999999999999999999", 0, UINT64_MAX, "out of range");   /* not "too large" */
    case_end(&c);
}

static void test_num_syntax(void)
{
    check_case c;
    case_begin(&c, "num_rejects_signs_spaces_trailing_text");
    static const char *const bad[] = {
        "7x", "abc", "+5", "+0", " 5", "5 ", "\t5", "5\n", "\n", " ", "0x", "0X", "0xg", "0x-1", "--5", "-", "- 5",
        "1.5", "1e3", "1.", "0b101", "1,000", "1_000", "0x1p3", "5L", "5u", "inf", "nan", "0o7", "x10", "1 2",
        "\xef\xbc\x91", "5\x01",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char want[64];
        U64_BAD(&c, bad[i], 0, UINT64_MAX, "is not a number");
        if (strchr(bad[i], '\n') || strchr(bad[i], '\t') || (unsigned char)bad[i][0] >= 0x80 || strchr(bad[i], 1))
            continue;
        snprintf(want, sizeof want, "--x: '%s' is not a number", bad[i]);   /* quoted as written */
        U64_BAD(&c, bad[i], 0, UINT64_MAX, want);
    }
    U64_BAD(&c, "", 0, UINT64_MAX, "--x: empty value");
    U64_BAD(&c, NULL, 0, UINT64_MAX, "--x: empty value");
    U32_BAD(&c, "", 0, UINT32_MAX, "--x: empty value");
    case_end(&c);
}

static void test_num_err_handling(void)
{
    check_case c;
    case_begin(&c, "num_err_optional_message_one_bounded_line");
    uint32_t v = SENTINEL, bits = SENTINEL;
    float f = -7.0f;
    /* err NULL or errlen 0: the result alone, nothing written. */
    CHECK(&c, parse_u32_opt("--n", "7x", 0, 9, &v, NULL, 0) == -1 && v == SENTINEL, "7x with err NULL");
    CHECK(&c, parse_u32_opt("--n", "99", 0, 9, &v, NULL, 0) == -1 && v == SENTINEL, "99 > 9 with err NULL");
    CHECK(&c, parse_word_opt("--n", "x", &bits, NULL, NULL, 0) == -1 && bits == SENTINEL, "word x with err NULL");
    CHECK(&c, parse_word_opt("--n", "1e99", &bits, NULL, NULL, 0) == -1, "word 1e99 with err NULL");
    CHECK(&c, parse_f32_opt("--n", "", &f, NULL, 0) == -1, "f32 '' with err NULL");
    CHECK(&c, parse_word_opt("--n", "2.0", &bits, NULL, NULL, 0) == 0 && bits == 0x40000000u, "is_f32 NULL");
    char e[8] = "keep";
    CHECK(&c, parse_u32_opt("--n", "7x", 0, 9, &v, e, 0) == -1 && strcmp(e, "keep") == 0, "errlen 0 wrote to err");
    CHECK(&c, parse_u32_opt("--n", "7x", 0, 9, &v, e, 5) == -1 && strcmp(e, "--n:") == 0,
          "errlen 5: '%s', expected the cut '--n:'", e);
    /* A long or multi-line text is cut and escaped: one line, bounded. */
    char longs[1001], err[512];
    memset(longs, '7', sizeof longs - 1);
    longs[sizeof longs - 1] = 0;
    longs[500] = 'x';
    CHECK(&c, parse_u32_opt("--n", longs, 0, 9, &v, err, sizeof err) == -1 && has_all(err, "not a number", "...", NULL)
                  && strlen(err) < 120,
          "1000 characters: message '%s' (%zu characters)", err, strlen(err));
    longs[500] = '7';
    CHECK(&c, parse_u32_opt("--n", longs, 0, 9, &v, err, sizeof err) == -1 && has_all(err, "too large", "...", NULL)
                  && strlen(err) < 120,
          "1000 digits: message '%s'", err);
    CHECK(&c, parse_u32_opt("--n", "5\nrm", 0, 9, &v, err, sizeof err) == -1 && one_line(err)
                  && has_all(err, "'5\\x0Arm'", NULL),
          "newline in the text: message '%s'", err);
    CHECK(&c, parse_u32_opt("--n", "5'", 0, 9, &v, err, sizeof err) == -1 && has_all(err, "'5\\x27'", NULL),
          "quote in the text: message '%s'", err);
    CHECK(&c, parse_u32_opt(NULL, "x", 0, 9, &v, err, sizeof err) == -1 && has_all(err, "not a number", NULL),
          "opt NULL: message '%s'", err);
    case_end(&c);
}

static void test_word_integers(void)
{
    check_case c;
    case_begin(&c, "word_integers_and_twos_complement");
    word_ok(&c, "0", 0, 0);
    word_ok(&c, "1", 1, 0);
    word_ok(&c, "4294967295", 0xFFFFFFFFu, 0);
    word_ok(&c, "0xFFFFFFFF", 0xFFFFFFFFu, 0);
    word_ok(&c, "0x80000000", 0x80000000u, 0);
    word_ok(&c, "-1", 0xFFFFFFFFu, 0);
    word_ok(&c, "-2", 0xFFFFFFFEu, 0);
    word_ok(&c, "-2147483647", 0x80000001u, 0);
    word_ok(&c, "-2147483648", 0x80000000u, 0);
    word_ok(&c, "-0x80000000", 0x80000000u, 0);
    word_ok(&c, "-0", 0, 0);   /* the integer, not the float -0.0 */
    word_ok(&c, "-00", 0, 0);
    word_ok(&c, "0x3F800000", 0x3F800000u, 0);
    word_ok(&c, "0x1e", 0x1Eu, 0);   /* hex e is a digit, never an exponent */
    word_ok(&c, "0x1E5", 0x1E5u, 0);
    word_ok(&c, "0000000000000000000000000000004294967295", 0xFFFFFFFFu, 0);
    WORD_BAD(&c, "4294967296", "4294967296 is too large for 32 bits (at most 0xFFFFFFFF)");
    WORD_BAD(&c, "0x100000000", "too large");
    WORD_BAD(&c, "18446744073709551616", "too large");
    WORD_BAD(&c, "99999999999999999999999", "too large");
    WORD_BAD(&c, "-2147483649", "-2147483649 is too small for 32 bits (at least -2147483648)");
    WORD_BAD(&c, "-4294967295", "too small");   /* would wrap to 1 */
    WORD_BAD(&c, "-0x80000001", "too small");
    WORD_BAD(&c, "-18446744073709551615", "too small");
    WORD_BAD(&c, "-99999999999999999999999", "too small");
    case_end(&c);
}

static void test_word_f32(void)
{
    check_case c;
    case_begin(&c, "word_f32_forms_give_ieee_bits");
    word_ok(&c, "2.0", 0x40000000u, 1);
    word_ok(&c, "-1.5e-3", fbits(-1.5e-3f), 1);
    word_ok(&c, "1e10", 0x501502F9u, 1);
    word_ok(&c, "1E10", 0x501502F9u, 1);
    word_ok(&c, "1e+10", 0x501502F9u, 1);
    word_ok(&c, "10e-1", 0x3F800000u, 1);
    word_ok(&c, "0e0", 0, 1);
    word_ok(&c, "1.", 0x3F800000u, 1);
    word_ok(&c, ".5", 0x3F000000u, 1);
    word_ok(&c, "-.5", 0xBF000000u, 1);
    word_ok(&c, "0.0", 0, 1);
    word_ok(&c, "-0.0", 0x80000000u, 1);   /* the float form keeps its sign */
    word_ok(&c, "-0e0", 0x80000000u, 1);
    word_ok(&c, "1.0", 0x3F800000u, 1);
    word_ok(&c, "3.14159", fbits(3.14159f), 1);
    word_ok(&c, "0.1", 0x3DCCCCCDu, 1);
    word_ok(&c, "inf", 0x7F800000u, 1);
    word_ok(&c, "-inf", 0xFF800000u, 1);
    word_ok(&c, "Inf", 0x7F800000u, 1);
    word_ok(&c, "INFINITY", 0x7F800000u, 1);
    word_ok(&c, "-infinity", 0xFF800000u, 1);
    word_ok(&c, "nan", 0x7FC00000u, 1);
    word_ok(&c, "NaN", 0x7FC00000u, 1);
    word_ok(&c, "-nan", 0xFFC00000u, 1);
    word_ok(&c, "3.4028234663852886e38", 0x7F7FFFFFu, 1);   /* FLT_MAX */
    word_ok(&c, "1.17549435e-38", 0x00800000u, 1);          /* FLT_MIN */
    word_ok(&c, "1e-45", 0x00000001u, 1);                   /* the smallest subnormal */
    word_ok(&c, "-1e-45", 0x80000001u, 1);
    word_ok(&c, "1e-50", 0, 1);                             /* underflow rounds to zero */
    word_ok(&c, "1e-99999999999", 0, 1);
    case_end(&c);
}

static void test_word_rounding(void)
{
    check_case c;
    case_begin(&c, "word_f32_round_to_nearest_even_once");
    word_ok(&c, "16777216.0", 0x4B800000u, 1);
    word_ok(&c, "16777217.0", 0x4B800000u, 1);   /* tie: to even (down) */
    word_ok(&c, "16777219.0", 0x4B800002u, 1);   /* tie: to even (up) */
    word_ok(&c, "16777217.000001", 0x4B800001u, 1);
    /* Just above the tie between 1 and 1 + 2^-23: one rounding gives 1 + 2^-23;
     * through a double (strtod then a cast) the tie comes back and rounds to 1. */
    word_ok(&c, "1.00000005960464478", 0x3F800001u, 1);
    word_ok(&c, "1.000000059604644775390625", 0x3F800000u, 1);   /* the exact tie: to even */
    word_ok(&c, "7.006492321624085e-46", 0x00000000u, 1);          /* below half the smallest subnormal */
    word_ok(&c, "7.1e-46", 0x00000001u, 1);                        /* above it */
    word_ok(&c, "3.4028235e38", 0x7F7FFFFFu, 1);                   /* below the overflow threshold */
    WORD_BAD(&c, "3.4028236e38", "overflows f32");                 /* above it: inf */
    case_end(&c);
}

static void test_word_syntax(void)
{
    check_case c;
    case_begin(&c, "word_rejects_bad_syntax_and_f32_overflow");
    static const char *const bad[] = {
        "abc", "1.2.3", "1e", "1e+", "e5", ".", "-.", "-", "+1.0", "+inf", "1.0f", "0x1.8p3", "0x1.5", "0x1p3",
        "infx", "in", "nan(1)", "nanq", "- 1", "1.0 ", " 1.0", "--1", "1e5.0", "1..0", "1,5", "0x", "1.0\n", "inf inf",
        "0x1e+5",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) WORD_BAD(&c, bad[i], "is not a number");
    WORD_BAD(&c, "", "--arg: empty value");
    WORD_BAD(&c, NULL, "--arg: empty value");
    WORD_BAD(&c, "1e39", "1e39 overflows f32", "inf");
    WORD_BAD(&c, "-1e39", "overflows f32");
    WORD_BAD(&c, "1e99999999999", "overflows f32");
    WORD_BAD(&c, "340282356779733661637539395458142568448.0", "overflows f32");   /* exactly the threshold */
    case_end(&c);
}

static void test_f32_opt(void)
{
    check_case c;
    case_begin(&c, "f32_opt_floats_and_converted_integers");
    f32_ok(&c, "2", 0x40000000u);
    f32_ok(&c, "-3", fbits(-3.0f));
    f32_ok(&c, "0x10", fbits(16.0f));
    f32_ok(&c, "0x1e", fbits(30.0f));
    f32_ok(&c, "-0x10", fbits(-16.0f));
    f32_ok(&c, "16777217", 0x4B800000u);
    f32_ok(&c, "16777219", 0x4B800002u);
    f32_ok(&c, "4294967295", 0x4F800000u);
    f32_ok(&c, "99999999999999999999", fbits(1e20f));   /* any size of integer */
    f32_ok(&c, "0", 0);
    f32_ok(&c, "-0", 0);   /* an integer: +0.0 */
    f32_ok(&c, "-0.0", 0x80000000u);
    f32_ok(&c, "2.5", 0x40200000u);
    f32_ok(&c, "-1.5e-3", fbits(-1.5e-3f));
    f32_ok(&c, "1e10", 0x501502F9u);
    f32_ok(&c, "inf", 0x7F800000u);
    f32_ok(&c, "-inf", 0xFF800000u);
    f32_ok(&c, "nan", 0x7FC00000u);
    f32_ok(&c, "1.00000005960464478", 0x3F800001u);
    F32_BAD(&c, "abc", "--alpha: 'abc' is not a number");
    F32_BAD(&c, "2x", "not a number");
    F32_BAD(&c, "+2", "not a number");
    F32_BAD(&c, "0x1.8p3", "not a number");
    F32_BAD(&c, "", "--alpha: empty value");
    F32_BAD(&c, NULL, "empty value");
    F32_BAD(&c, "1e39", "overflows f32");
    F32_BAD(&c, "999999999999999999999999999999999999999999", "overflows f32");
    F32_BAD(&c, "0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF", "overflows f32");
    case_end(&c);
}

/* ---------------------------------------------------------------- npy images */

static uint8_t img[1 << 18];

/* An image in img: magic, version major.minor, the header length field
 * hfield, hlen bytes of header text, then raw data bytes. */
static size_t image_raw(unsigned major, unsigned minor, uint32_t hfield, const char *hdr, size_t hlen,
                        const uint8_t *data, size_t dlen)
{
    size_t n = 0;
    memcpy(img, "\x93NUMPY", 6);
    img[6] = (uint8_t)major;
    img[7] = (uint8_t)minor;
    n = 8;
    for (unsigned i = 0; i < (major == 1 ? 2u : 4u); i++) img[n++] = (uint8_t)(hfield >> (8 * i));
    memcpy(img + n, hdr, hlen);
    n += hlen;
    if (dlen) memcpy(img + n, data, dlen);
    return n + dlen;
}

/* A well-formed image: dict padded with spaces and '\n' to a multiple of 64
 * (as NumPy does), then the words little-endian plus extra raw bytes. */
static size_t image_words(unsigned major, const char *dict, const uint32_t *w, size_t nw, size_t extra)
{
    char hdr[4096];
    uint8_t data[4096];
    size_t pre = major == 1 ? 10 : 12, dn = strlen(dict), total = (pre + dn + 1 + 63) / 64 * 64;
    memcpy(hdr, dict, dn);
    memset(hdr + dn, ' ', total - pre - dn - 1);
    hdr[total - pre - 1] = '\n';
    for (size_t i = 0; i < nw; i++)
        for (unsigned b = 0; b < 4; b++) data[4 * i + b] = (uint8_t)(w[i] >> (8 * b));
    for (size_t i = 0; i < extra; i++) data[4 * nw + i] = (uint8_t)(0xA0 + i);
    return image_raw(major, 0, (uint32_t)(total - pre), hdr, total - pre, data, 4 * nw + extra);
}

/* An image of a header given exactly (with its own padding and newline) and n words 0, 1, 2, ... */
static size_t image_text(unsigned major, const char *hdr, size_t n)
{
    uint8_t data[4096];
    for (size_t i = 0; i < 4 * n; i++) data[i] = (uint8_t)(i % 4 == 0 ? i / 4 : 0);
    return image_raw(major, 0, (uint32_t)strlen(hdr), hdr, strlen(hdr), data, 4 * n);
}

static const uint32_t SEQ[24] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23 };

/* Parses img[0..len) expecting success with words 0..n-1 of type t. */
static void parse_ok(check_case *c, const char *what, size_t len, size_t n, npy_dtype t)
{
    char err[512] = "";
    uint32_t *w = NULL;
    size_t count = 99;
    npy_dtype dt = (npy_dtype)7;
    int rc = npy_parse(img, len, "t.npy", &w, &count, &dt, 1u << 20, err, sizeof err);
    CHECK(c, rc == 0 && w && count == n && dt == t, "%s: rc %d count %zu (expected %zu) dtype %d (%d): %s", what, rc,
          count, n, (int)dt, (int)t, err);
    size_t first;
    if (rc == 0 && w && count == n && n <= 24 && words_differ(SEQ, w, n, &first))
        case_fail(c, "%s: word %zu is %u, expected %zu", what, first, w[first], first);
    free(w);
    c->cases++;
}

/* Parses img[0..len) expecting failure with a message "t.npy: ..." holding the key words. */
#define PARSE_BAD(c, what, len, ...) parse_bad(c, what, len, 1u << 20, __VA_ARGS__, (const char *)NULL)
#define PARSE_BAD_MAX(c, what, len, max, ...) parse_bad(c, what, len, max, __VA_ARGS__, (const char *)NULL)
static void parse_bad(check_case *c, const char *what, size_t len, size_t max, ...)
{
    char err[512] = "";
    uint32_t *w = (uint32_t *)&err;
    size_t count = 99;
    npy_dtype dt = (npy_dtype)7;
    int rc = npy_parse(img, len, "t.npy", &w, &count, &dt, max, err, sizeof err);
    va_list ap;
    va_start(ap, max);
    bool keys = true;
    for (const char *k; (k = va_arg(ap, const char *));)
        if (!strstr(err, k)) keys = false;
    va_end(ap);
    CHECK(c, rc == -1 && !w && count == 0 && dt == (npy_dtype)7, "%s: accepted (rc %d, count %zu)", what, rc, count);
    CHECK(c, keys && one_line(err) && strncmp(err, "t.npy: ", 7) == 0, "%s: message '%s' lacks a key word", what, err);
    if (rc == 0) free(w);
    c->cases++;
}

static const char *const DICT_U32 = "{'descr': '<u4', 'fortran_order': False, 'shape': (%s), }";

static const char *dict_shape(const char *shape)
{
    static char d[1024];
    snprintf(d, sizeof d, DICT_U32, shape);
    return d;
}

static void test_npy_names(void)
{
    check_case c;
    case_begin(&c, "npy_dtype_names");
    CHECK(&c, strcmp(npy_dtype_name(NPY_U32), "u32") == 0, "u32: %s", npy_dtype_name(NPY_U32));
    CHECK(&c, strcmp(npy_dtype_name(NPY_I32), "i32") == 0, "i32: %s", npy_dtype_name(NPY_I32));
    CHECK(&c, strcmp(npy_dtype_name(NPY_F32), "f32") == 0, "f32: %s", npy_dtype_name(NPY_F32));
    CHECK(&c, strcmp(npy_dtype_name((npy_dtype)3), "?") == 0, "3: %s", npy_dtype_name((npy_dtype)3));
    case_end(&c);
}

static char tmpdir[64];

static const char *tmp_path(const char *name)
{
    static char p[4][128];
    static unsigned k;
    k = (k + 1) % 4;
    snprintf(p[k], sizeof p[k], "%s/%s", tmpdir, name);
    return p[k];
}

/* The whole of a file (at most sizeof img) into img; its length or -1. */
static long slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    size_t n = fread(img, 1, sizeof img, f);
    fclose(f);
    return (long)n;
}

static void spit(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f) return;
    fwrite(data, 1, n, f);
    fclose(f);
}

static void test_npy_write_layout(void)
{
    check_case c;
    case_begin(&c, "npy_write_exact_bytes_v1_aligned_64");
    char err[256] = "";
    const uint32_t w[3] = { 0x04030201u, 0x80000000u, 0xFFFFFFFFu };
    const char *p = tmp_path("layout.npy");
    int rc = npy_write(p, w, 3, NPY_F32, err, sizeof err);
    long n = slurp(p);
    /* 57 characters of dict: 10 + 57 + '\n' is past 64, so the data starts at 128 (as NumPy's). */
    static const char dict[] = "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }";
    uint8_t want[128 + 12];
    memcpy(want, "\x93NUMPY\x01\x00\x76\x00", 10);   /* version 1.0, header 118 bytes */
    memcpy(want + 10, dict, sizeof dict - 1);
    memset(want + 10 + sizeof dict - 1, ' ', 127 - 10 - (sizeof dict - 1));
    want[127] = '\n';
    static const uint8_t data[12] = { 1, 2, 3, 4, 0, 0, 0, 0x80, 0xFF, 0xFF, 0xFF, 0xFF };
    memcpy(want + 128, data, 12);
    CHECK(&c, rc == 0 && n == (long)sizeof want, "rc %d, %ld bytes (expected %zu): %s", rc, n, sizeof want, err);
    for (size_t i = 0; rc == 0 && n == (long)sizeof want && i < sizeof want; i++)
        if (img[i] != want[i]) {
            case_fail(&c, "byte %zu is 0x%02x, expected 0x%02x", i, img[i], want[i]);
            break;
        }
    /* Other counts: the header grows with the digits, the data stays at a multiple of 64. */
    static const size_t counts[] = { 0, 1, 9, 10, 9999, 10000, 60000 };
    uint32_t *big = calloc(60000, 4);
    for (size_t k = 0; big && k < sizeof counts / sizeof counts[0]; k++) {
        static const char *const descr[] = { "<u4", "<i4", "<f4" };
        npy_dtype t = (npy_dtype)(k % 3);
        rc = npy_write(p, big, counts[k], t, err, sizeof err);
        n = slurp(p);
        size_t hl = img[8] | (size_t)img[9] << 8;
        char d[128];
        snprintf(d, sizeof d, "{'descr': '%s', 'fortran_order': False, 'shape': (%zu,), }", descr[t], counts[k]);
        bool pad = (10 + hl) % 64 == 0 && img[10 + hl - 1] == '\n' && memcmp(img + 10, d, strlen(d)) == 0;
        for (size_t i = 10 + strlen(d); pad && i < 10 + hl - 1; i++) pad = img[i] == ' ';
        CHECK(&c, rc == 0 && n >= 0 && (size_t)n == 10 + hl + 4 * counts[k] && pad && img[6] == 1 && img[7] == 0,
              "%zu words: rc %d, %ld bytes, header length %zu, header '%.60s' (%s)", counts[k], rc, n, hl,
              (const char *)img + 10, err);
        c.cases++;
    }
    free(big);
    remove(p);
    case_end(&c);
}

static void roundtrip(npy_dtype t, const char *name)
{
    check_case c;
    case_begin(&c, "%s", name);
    prng r = { 0x1234 + (uint64_t)t };
    enum { N = 5000 };
    uint32_t *w = malloc(N * 4), *got = NULL;
    static const uint32_t special[] = { 0, 1, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu, 0x7FC00000u, 0x7FA00001u,
                                        0xFF800000u, 0x00000001u, 0x3F800000u };
    for (size_t i = 0; i < N; i++) w[i] = i < 10 ? special[i] : prng_u32(&r);
    char err[256] = "";
    const char *p = tmp_path("rt.npy");
    static const size_t sizes[] = { N, 1, 0 };
    for (size_t k = 0; k < 3; k++) {
        size_t count = 77;
        npy_dtype dt = (npy_dtype)7;
        int wr = npy_write(p, w, sizes[k], t, err, sizeof err);
        int rd = wr ? -1 : npy_read(p, &got, &count, &dt, N, err, sizeof err);
        size_t first;
        CHECK(&c, wr == 0 && rd == 0 && got && count == sizes[k] && dt == t,
              "%zu words: write %d read %d count %zu dtype %d: %s", sizes[k], wr, rd, count, (int)dt, err);
        if (rd == 0 && count == sizes[k] && words_differ(w, got, count, &first))
            case_fail(&c, "%zu words: word %zu read 0x%08x, wrote 0x%08x", sizes[k], first, got[first], w[first]);
        /* npy_parse of the same bytes gives the same words. */
        long n = slurp(p);
        uint32_t *pw = NULL;
        size_t pc = 0;
        int pr = n < 0 ? -1 : npy_parse(img, (size_t)n, p, &pw, &pc, NULL, N, err, sizeof err);
        CHECK(&c, pr == 0 && pc == sizes[k] && (!rd && got ? !words_differ(got, pw, pc, NULL) : 1),
              "%zu words: npy_parse disagrees with npy_read (%s)", sizes[k], err);
        free(pw);
        free(got);
        got = NULL;
        c.cases++;
    }
    free(w);
    remove(p);
    case_end(&c);
}

static void test_npy_versions(void)
{
    check_case c;
    case_begin(&c, "npy_parse_versions_1_2_3");
    const char *d = "{'descr': '<u4', 'fortran_order': False, 'shape': (5,), }";
    parse_ok(&c, "1.0", image_words(1, d, SEQ, 5, 0), 5, NPY_U32);
    parse_ok(&c, "2.0", image_words(2, d, SEQ, 5, 0), 5, NPY_U32);
    parse_ok(&c, "3.0", image_words(3, d, SEQ, 5, 0), 5, NPY_U32);
    /* 2.0 and 3.0 lengths are 4 bytes: a header longer than 65535 bytes. */
    static char big[70000];
    size_t bl = (size_t)snprintf(big, sizeof big, "%s", d);
    memset(big + bl, ' ', 66000 - bl);
    big[65999] = '\n';
    big[66000] = 0;
    parse_ok(&c, "2.0 with a 66000-byte header", image_text(2, big, 5), 5, NPY_U32);
    parse_ok(&c, "3.0 with a 66000-byte header", image_text(3, big, 5), 5, NPY_U32);
    /* The 2-byte length of 1.0 is little-endian: 0x0100 bytes of header. */
    big[255] = '\n';
    big[256] = 0;
    size_t n = image_text(1, big, 5);
    CHECK(&c, img[8] == 0x00 && img[9] == 0x01, "image builder: length bytes %02x %02x", img[8], img[9]);
    parse_ok(&c, "1.0 with a 256-byte header", n, 5, NPY_U32);
    PARSE_BAD(&c, "1.0 with a 65535-byte length, short text", image_raw(1, 0, 0xFFFF, d, strlen(d), NULL, 0),
              "truncated", "header of 65535 bytes");
    case_end(&c);
}

static void test_npy_header_forms(void)
{
    check_case c;
    case_begin(&c, "npy_parse_header_key_orders_quotes_spacing");
    static const char *const dicts[] = {
        "{'descr': '<u4', 'fortran_order': False, 'shape': (6,), }",
        "{'descr': '<u4', 'shape': (6,), 'fortran_order': False}",
        "{'fortran_order': False, 'descr': '<u4', 'shape': (6,)}",
        "{'fortran_order': False, 'shape': (6,), 'descr': '<u4', }",
        "{'shape': (6,), 'descr': '<u4', 'fortran_order': False}",
        "{'shape': (6,), 'fortran_order': False, 'descr': '<u4'}",
        "{\"descr\": \"<u4\", \"fortran_order\": False, \"shape\": (6,)}",
        "{'descr':'<u4','fortran_order':False,'shape':(6,)}",
        "{ 'descr' : '<u4' ,\t'fortran_order' :\tFalse ,\n 'shape' : ( 6 , ) , }",
        "{'descr': '<u4', 'fortran_order': False, 'shape': (2, 3), }",
        "{'descr': '<u4', 'fortran_order': False, 'shape': (2, 3,), }",
        "{'descr': '<u4', 'fortran_order': False, 'shape': (1, 2, 1, 3, 1), }",
        "{'descr': '<u4', 'fortran_order': True, 'shape': (6,), }",
        "{'descr': '<u4', 'fortran_order': False, 'shape': (006,), }",
    };
    for (size_t i = 0; i < sizeof dicts / sizeof dicts[0]; i++)
        parse_ok(&c, dicts[i], image_words(1 + i % 3, dicts[i], SEQ, 6, 0), 6, NPY_U32);
    /* Padding that NumPy would not choose (not to 64) and a bare newline. */
    parse_ok(&c, "unaligned", image_text(1, "{'descr': '<u4', 'fortran_order': False, 'shape': (6,)}\n", 6), 6,
             NPY_U32);
    parse_ok(&c, "newlines before the end", image_text(1, "{'descr': '<u4', 'fortran_order': False, 'shape': (6,)}\n \n",
             6), 6, NPY_U32);
    /* The element types. */
    parse_ok(&c, "<i4", image_words(1, "{'descr': '<i4', 'fortran_order': False, 'shape': (3,), }", SEQ, 3, 0), 3,
             NPY_I32);
    parse_ok(&c, "<f4", image_words(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }", SEQ, 3, 0), 3,
             NPY_F32);
    const uint16_t one = 1;
    uint8_t le;
    memcpy(&le, &one, 1);
    size_t n = image_words(1, "{'descr': '=f4', 'fortran_order': False, 'shape': (3,), }", SEQ, 3, 0);
    if (le) parse_ok(&c, "=f4 on a little-endian host", n, 3, NPY_F32);
    else PARSE_BAD(&c, "=f4 on a big-endian host", n, "big-endian");
    case_end(&c);
}

static void test_npy_shapes(void)
{
    check_case c;
    case_begin(&c, "npy_parse_shapes_c_order_scalar_empty");
    static const struct { const char *shape; size_t n; int fortran; } t[] = {
        { "2, 3", 6, 0 }, { "2, 3, 4", 24, 0 }, { "", 1, 0 }, { "1,", 1, 0 }, { "0,", 0, 0 }, { "3, 0", 0, 0 },
        { "0, 1099511627776, 1099511627776", 0, 0 },   /* 0 elements: the product of the rest never matters */
        { "1, 1, 5", 5, 0 }, { "4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1", 4, 0 },
        /* fortran_order True where only one dimension is above 1: the same order */
        { "5,", 5, 1 }, { "1, 5", 5, 1 }, { "5, 1", 5, 1 }, { "", 1, 1 }, { "1, 7, 1", 7, 1 }, { "0, 3", 0, 1 },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        char d[256], what[300];
        snprintf(d, sizeof d, "{'descr': '<u4', 'fortran_order': %s, 'shape': (%s), }", t[i].fortran ? "True" : "False",
                 t[i].shape);
        snprintf(what, sizeof what, "shape (%s) fortran %d", t[i].shape, t[i].fortran);
        parse_ok(&c, what, image_words(1, d, SEQ, t[i].n, 0), t[i].n, NPY_U32);
    }
    /* 64 dimensions are fine, 65 are not. */
    char s[512] = "";
    for (unsigned i = 0; i < 64; i++) strcat(s, "1, ");
    parse_ok(&c, "64 dimensions", image_words(2, dict_shape(s), SEQ, 1, 0), 1, NPY_U32);
    strcat(s, "1, ");
    PARSE_BAD(&c, "65 dimensions", image_words(2, dict_shape(s), SEQ, 1, 0), "malformed header", "more than 64");
    case_end(&c);
}

static void test_npy_dtypes(void)
{
    check_case c;
    case_begin(&c, "npy_rejects_other_dtypes");
    static const char *const bad[] = { "<f8", "<i8", "<u2", "|u1", "|u4", "u4", "<U4", "<u4 ", "<u44", "", "<c8",
                                       "f4", "<f2", "?", "<b1", "O", "<u" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char d[128], want[64];
        snprintf(d, sizeof d, "{'descr': '%s', 'fortran_order': False, 'shape': (1,), }", bad[i]);
        snprintf(want, sizeof want, "dtype '%s' is not supported", bad[i]);
        PARSE_BAD(&c, bad[i], image_words(1, d, SEQ, 1, 0), want, "(u32, i32 or f32 only)");
    }
    static const char *const big[] = { ">u4", ">i4", ">f4" };
    for (size_t i = 0; i < 3; i++) {
        char d[128], want[64];
        snprintf(d, sizeof d, "{'descr': '%s', 'fortran_order': False, 'shape': (1,), }", big[i]);
        snprintf(want, sizeof want, "dtype '%s' is big-endian", big[i]);
        PARSE_BAD(&c, big[i], image_words(1, d, SEQ, 1, 0), want, "little-endian");
    }
    PARSE_BAD(&c, "structured", image_words(1, "{'descr': [('a', '<u4')], 'fortran_order': False, 'shape': (1,), }",
              SEQ, 1, 0), "structured", "not supported");
    PARSE_BAD(&c, "descr not a string", image_words(1, "{'descr': 4, 'fortran_order': False, 'shape': (1,), }", SEQ, 1,
              0), "malformed header", "'descr'");
    case_end(&c);
}

static void test_npy_fortran(void)
{
    check_case c;
    case_begin(&c, "npy_rejects_fortran_order_of_2d_data");
    static const char *const shapes[] = { "2, 3", "3, 2", "1, 2, 3", "2, 2, 2" };
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        char d[128], want[64];
        snprintf(d, sizeof d, "{'descr': '<u4', 'fortran_order': True, 'shape': (%s), }", shapes[i]);
        snprintf(want, sizeof want, "fortran_order True with shape (%s)", shapes[i]);
        PARSE_BAD(&c, shapes[i], image_words(1, d, SEQ, 6 + 2 * (i == 3) , 0), want, "not supported");
    }
    case_end(&c);
}

static void test_npy_preamble(void)
{
    check_case c;
    case_begin(&c, "npy_rejects_bad_preamble");
    const char *d = "{'descr': '<u4', 'fortran_order': False, 'shape': (2,), }";
    size_t good = image_words(1, d, SEQ, 2, 0);
    (void)good;
    PARSE_BAD(&c, "empty", 0, "not a .npy file", "empty");
    memcpy(img, "\x93NUMPZ\x01\x00", 8);
    PARSE_BAD(&c, "bad magic", 8, "t.npy: not a .npy file (bad magic)");
    memcpy(img, "PK\x03\x04", 4);
    PARSE_BAD(&c, "zip", 4, "not a .npy file (bad magic)");
    memcpy(img, "\x93NUM", 4);
    PARSE_BAD(&c, "4 bytes of magic", 4, "truncated");
    memcpy(img, "\x93NUMPY\x01", 7);
    PARSE_BAD(&c, "no minor version", 7, "truncated");
    memcpy(img, "\x93NUMPY\x01\x00\x10", 9);
    PARSE_BAD(&c, "1.0 with half a length", 9, "truncated", "preamble");
    memcpy(img, "\x93NUMPY\x02\x00\x10\x00\x00", 11);
    PARSE_BAD(&c, "2.0 with 3 length bytes", 11, "truncated", "preamble");
    static const uint8_t versions[][2] = { { 0, 0 }, { 4, 0 }, { 1, 1 }, { 2, 5 }, { 255, 0 }, { 3, 1 } };
    for (size_t i = 0; i < sizeof versions / sizeof versions[0]; i++) {
        char want[64];
        size_t n = image_words(2, d, SEQ, 2, 0);
        img[6] = versions[i][0];
        img[7] = versions[i][1];
        snprintf(want, sizeof want, "format version %u.%u is not supported", versions[i][0], versions[i][1]);
        PARSE_BAD(&c, want, n, want);
    }
    /* A header length that runs past the end; huge ones. */
    PARSE_BAD(&c, "header past the end", image_raw(1, 0, 200, d, strlen(d), NULL, 0), "truncated", "header of 200 bytes");
    PARSE_BAD(&c, "65535-byte header in 1.0", image_raw(1, 0, 0xFFFF, d, strlen(d), NULL, 0), "truncated");
    PARSE_BAD(&c, "4 GB header in 2.0", image_raw(2, 0, 0xFFFFFFFFu, d, strlen(d), NULL, 0),
              "header length 4294967295 is too large (at most 1048576)");
    PARSE_BAD(&c, "1 MiB + 1 header in 3.0", image_raw(3, 0, NPY_MAX_HEADER + 1, d, strlen(d), NULL, 0), "too large");
    PARSE_BAD(&c, "1 MiB header in 3.0, short text", image_raw(3, 0, NPY_MAX_HEADER, d, strlen(d), NULL, 0),
              "truncated");
    PARSE_BAD(&c, "empty header", image_raw(1, 0, 0, "", 0, NULL, 0), "malformed header");
    case_end(&c);
}

/* Malformed headers: the dict text (padded by image_words unless it ends in
 * '\n' already) and key words of the message. */
static void test_npy_header_syntax(void)
{
    check_case c;
    case_begin(&c, "npy_rejects_malformed_headers");
    static const struct { const char *dict, *k1, *k2; } t[] = {
        { "{'fortran_order': False, 'shape': (2,), }", "no 'descr' key", NULL },
        { "{'descr': '<u4', 'shape': (2,), }", "no 'fortran_order' key", NULL },
        { "{'descr': '<u4', 'fortran_order': False, }", "no 'shape' key", NULL },
        { "{}", "no 'descr' key", NULL },
        { "{'descr': '<u4', 'descr': '<u4', 'fortran_order': False, 'shape': (2,), }", "duplicate key 'descr'", NULL },
        { "{'descr': '<u4', 'fortran_order': False, 'shape': (2,), 'shape': (2,)}", "duplicate key 'shape'", NULL },
        { "{'descr': '<u4', 'fortran_order': False, 'fortran_order': False, 'shape': (2,)}", "duplicate key", NULL },
        { "{'descr': '<u4', 'fortran_order': False, 'shape': (2,), 'extra': 1}", "unexpected key 'extra'", NULL },
        { "{'Descr': '<u4', 'fortran_order': False, 'shape': (2,)}", "unexpected key 'Descr'", NULL },
        { "{'descr: '<u4', 'fortran_order': False, 'shape': (2,)}", "unexpected key", NULL },
        { "{'descr': '<u4, 'fortran_order': False, 'shape': (2,)}", "malformed header", NULL },
        { "{'descr': '<u4', 'fortran_order': False, 'shape': (2,), 'x", "unterminated string", NULL },
        { "{'descr': \"<u4', 'fortran_order': False, 'shape': (2,)}", "unterminated string", NULL },
        { "{'descr': '<u\\x34', 'fortran_order': False, 'shape': (2,)}", "escape", NULL },
        { "{'descr': '<u4', 'fortran_order': False, 'shape': (2)}", "'shape' (2) is not a tuple", NULL },
        { "{'descr': '<u4', 'fortran_order': False, 'shape': [2]}", "'shape' is not a tuple", NULL },
        { "{'descr': '<u4', 'fortran_order': False, 'shape': 2}", "'shape' is not a tuple", NULL },
        { "{'descr': '<u4', 'fortran_order': False, 'shape': (-2,)}", "negative dimension", NULL },
        { "{'descr': '<u4', 'fortran_order': False, 'shape': (2.0,)}", "expected ',' or ')'", NULL },
        { "{'descr': '<u4', 'fortran_order': False, 'shape': (,)}", "not a tuple of integers", NULL },
        { "{'descr': '<u4', 'fortran_order': False, 'shape': (2,,1)}", "not a tuple of integers", NULL },
        { "{'descr': '<u4', 'fortran_order': False, 'shape': (2, 1}", "expected ',' or ')'", NULL },
        { "{'descr': '<u4', 'fortran_order': False, 'shape': (2, 1", "expected ',' or ')'", NULL },
        { "{'descr': '<u4', 'fortran_order': False, 'shape': ('2',)}", "not a tuple of integers", NULL },
        { "{'descr': '<u4', 'fortran_order': False, 'shape': (+2,)}", "not a tuple of integers", NULL },
        { "{'descr': '<u4', 'fortran_order': False, 'shape': (2L,)}", "expected ',' or ')'", NULL },
        { "{'descr': '<u4', 'fortran_order': False, 'shape': (99999999999999999999999,)}", "dimension", "too large" },
        { "{'descr': '<u4', 'fortran_order': false, 'shape': (2,)}", "'fortran_order' is not True or False", NULL },
        { "{'descr': '<u4', 'fortran_order': 0, 'shape': (2,)}", "'fortran_order' is not True or False", NULL },
        { "{'descr': '<u4', 'fortran_order': Falsey, 'shape': (2,)}", "'fortran_order' is not True or False", NULL },
        { "{'descr': '<u4', 'fortran_order': 'False', 'shape': (2,)}", "'fortran_order' is not True or False", NULL },
        { "{'descr': '<u4', 'fortran_order': False, 'shape': (2,)} x", "text after the closing '}'", NULL },
        { "{'descr': '<u4', 'fortran_order': False, 'shape': (2,)}}", "text after the closing '}'", NULL },
        { "{'descr': '<u4', 'fortran_order': False, 'shape': (2,)} # c", "text after the closing '}'", NULL },
        { " {'descr': '<u4', 'fortran_order': False, 'shape': (2,)}", "expected '{'", NULL },
        { "['descr', '<u4']", "expected '{'", NULL },
        { "{'descr' '<u4', 'fortran_order': False, 'shape': (2,)}", "expected ':'", NULL },
        { "{'descr': '<u4' 'fortran_order': False, 'shape': (2,)}", "expected ',' or '}' after the value of 'descr'",
          NULL },
        { "{'descr': '<u4',, 'fortran_order': False, 'shape': (2,)}", "expected a key or '}'", NULL },
        { "{'descr': '<u4', 'fortran_order': False, 'shape': (2,)", "expected ',' or '}'", NULL },
        { "{'descr': '<u4', 'fortran_order': False, 'shape': (2,),", "expected a key or '}'", NULL },
        { "{'descr': '<u4', 'fortran_order': False, 'shape': ", "'shape' is not a tuple", NULL },
        { "{'descr': '<u4', 'fortran_order': False, 'shape'", "expected ':'", NULL },
        { "{descr: '<u4', 'fortran_order': False, 'shape': (2,)}", "expected a key or '}'", NULL },
        { "{u'descr': '<u4', 'fortran_order': False, 'shape': (2,)}", "expected a key or '}'", NULL },
        { "{'descr': '<u4', 'fortran_order': False, 'shape': (2,)}", NULL, NULL },   /* the good one */
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        size_t n = image_words(1 + i % 3, t[i].dict, SEQ, 2, 0);
        if (!t[i].k1) parse_ok(&c, t[i].dict, n, 2, NPY_U32);
        else if (!t[i].k2) PARSE_BAD(&c, t[i].dict, n, "malformed header: ", t[i].k1);
        else PARSE_BAD(&c, t[i].dict, n, "malformed header: ", t[i].k1, t[i].k2);
    }
    /* Texts given exactly: no final newline, a NUL, a string across a newline. */
    PARSE_BAD(&c, "no newline at the end", image_text(1, "{'descr': '<u4', 'fortran_order': False, 'shape': (2,)}   ",
              2), "does not end in a newline");
    PARSE_BAD(&c, "no newline, nothing after", image_text(1, "{'descr': '<u4', 'fortran_order': False, 'shape': (2,)}",
              2), "does not end in a newline");
    static const char nul[] = "{'descr': '<u4', 'fortran_order': False,\0'shape': (2,)}\n";
    uint8_t data[8] = { 0 };
    PARSE_BAD(&c, "NUL in the header", image_raw(1, 0, sizeof nul - 1, nul, sizeof nul - 1, data, 8),
              "malformed header", "\\x00");
    PARSE_BAD(&c, "string across a newline",
              image_text(1, "{'descr': '<u\n4', 'fortran_order': False, 'shape': (2,)}\n", 2), "unterminated string");
    PARSE_BAD(&c, "UTF-8 key", image_words(3, "{'descr': '<u4', 'fortran_order': False, 'sh\xc3\xa4pe': (2,)}", SEQ,
              2, 0), "unexpected key 'sh\\xC3\\xA4pe'");
    /* A long unexpected key is cut in the message. */
    char lk[600];
    snprintf(lk, sizeof lk, "{'%0500d': 1}", 7);
    char err[512] = "";
    uint32_t *w = NULL;
    size_t cnt;
    npy_parse(img, image_words(1, lk, SEQ, 0, 0), "t.npy", &w, &cnt, NULL, 100, err, sizeof err);
    CHECK(&c, !w && strlen(err) < 200 && has_all(err, "unexpected key", "...", NULL), "500-character key: '%s'", err);
    case_end(&c);
}

static void test_npy_counts(void)
{
    check_case c;
    case_begin(&c, "npy_rejects_shape_overflow_and_limit");
    PARSE_BAD(&c, "2^32 x 2^32 (2^64)", image_words(1, dict_shape("4294967296, 4294967296"), SEQ, 0, 0), "2^64");
    PARSE_BAD(&c, "2^32 x 2^32 x 4", image_words(1, dict_shape("4294967296, 4294967296, 4"), SEQ, 0, 0), "2^64");
    PARSE_BAD(&c, "3 x 2^63", image_words(1, dict_shape("3, 9223372036854775808"), SEQ, 0, 0), "2^64");
    PARSE_BAD(&c, "2^64 - 1", image_words(1, dict_shape("18446744073709551615,"), SEQ, 0, 0), "limit");
    PARSE_BAD(&c, "2^64", image_words(1, dict_shape("18446744073709551616,"), SEQ, 0, 0), "dimension", "too large");
    PARSE_BAD(&c, "2^31 x 2^31", image_words(1, dict_shape("2147483648, 2147483648"), SEQ, 0, 0),
              "holds 4611686018427387904 elements", "more than the limit of 1048576");
    PARSE_BAD(&c, "2^62 (x 4 bytes wraps)", image_words(1, dict_shape("4611686018427387904,"), SEQ, 0, 0), "limit");
    PARSE_BAD_MAX(&c, "6 elements, limit 5", image_words(1, dict_shape("2, 3"), SEQ, 6, 0), 5,
                  "shape (2, 3) holds 6 elements, more than the limit of 5");
    PARSE_BAD_MAX(&c, "(6,), limit 5", image_words(1, dict_shape("6,"), SEQ, 6, 0), 5, "shape (6,) holds 6 elements");
    char err[256] = "";
    uint32_t *w = NULL;
    size_t n = 9;
    int rc = npy_parse(img, image_words(1, dict_shape("5,"), SEQ, 5, 0), "t.npy", &w, &n, NULL, 5, err, sizeof err);
    CHECK(&c, rc == 0 && n == 5, "5 elements, limit 5: rc %d, %s", rc, err);
    free(w);
    w = NULL;
    rc = npy_parse(img, image_words(1, dict_shape("0,"), SEQ, 0, 0), "t.npy", &w, &n, NULL, 0, err, sizeof err);
    CHECK(&c, rc == 0 && n == 0 && w, "0 elements, limit 0: rc %d, words %p, %s", rc, (void *)w, err);
    free(w);
    PARSE_BAD_MAX(&c, "scalar, limit 0", image_words(1, dict_shape(""), SEQ, 1, 0), 0, "shape () holds 1 element,");
    char s[512] = "";
    for (unsigned i = 0; i < 40; i++) strcat(s, "2, ");   /* 2^40 elements, a shape too long to show whole */
    PARSE_BAD(&c, "long shape", image_words(1, dict_shape(s), SEQ, 0, 0), "shape (2, 2, 2", "...) holds 1099511627776");
    case_end(&c);
}

static void test_npy_data_size(void)
{
    check_case c;
    case_begin(&c, "npy_rejects_short_data_and_trailing_bytes");
    static uint32_t zeros[200];
    PARSE_BAD(&c, "100 declared, 40 present", image_words(1, dict_shape("100,"), zeros, 40, 0),
              "t.npy: header says 100 elements but the file holds 40 (truncated)");
    PARSE_BAD(&c, "10 declared, 12 present", image_words(1, dict_shape("10,"), zeros, 12, 0),
              "header says 10 elements but the file holds 12 (trailing bytes after the data)");
    PARSE_BAD(&c, "10 declared, 10 and 2 bytes", image_words(1, dict_shape("10,"), zeros, 10, 2),
              "holds 10 and 2 bytes", "trailing");
    PARSE_BAD(&c, "10 declared, 9 and 3 bytes", image_words(1, dict_shape("10,"), zeros, 9, 3),
              "holds 9 and 3 bytes", "truncated");
    PARSE_BAD(&c, "10 declared, 10 and 1 byte", image_words(1, dict_shape("10,"), zeros, 10, 1),
              "holds 10 and 1 byte ");
    PARSE_BAD(&c, "2x3 declared, 5 present", image_words(1, dict_shape("2, 3"), zeros, 5, 0),
              "header says 6 elements but the file holds 5");
    PARSE_BAD(&c, "scalar, 2 present", image_words(1, dict_shape(""), zeros, 2, 0), "header says 1 element but",
              "holds 2");
    PARSE_BAD(&c, "(0,), 1 byte", image_words(1, dict_shape("0,"), zeros, 0, 1), "header says 0 elements",
              "holds 0 and 1 byte", "trailing");
    PARSE_BAD(&c, "no data", image_words(1, dict_shape("3,"), zeros, 0, 0), "holds 0 (truncated)");
    case_end(&c);
}

/* Every prefix of a valid image fails, the whole succeeds, one more byte fails. */
static void test_npy_truncations(void)
{
    check_case c;
    case_begin(&c, "npy_every_truncation_fails_cleanly");
    for (unsigned major = 1; major <= 3; major++) {
        size_t len = image_words(major, dict_shape("2, 3"), SEQ, 6, 1);
        uint8_t copy[256];
        memcpy(copy, img, len);
        for (size_t cut = 0; cut <= len; cut++) {
            char err[512] = "";
            uint32_t *w = NULL;
            size_t n = 99;
            int rc = npy_parse(copy, cut, "t.npy", &w, &n, NULL, 100, err, sizeof err);
            bool want_ok = cut == len - 1;
            CHECK(&c, (rc == 0) == want_ok && (rc == 0 ? w && n == 6 : !w && n == 0 && one_line(err)
                                                && strncmp(err, "t.npy: ", 7) == 0),
                  "version %u cut at %zu of %zu: rc %d '%s'", major, cut, len - 1, rc, err);
            free(w);
            c.cases++;
        }
    }
    case_end(&c);
}

/* Random corruption: never a crash or a wrong claim; any result is clean. */
static void test_npy_fuzz(void)
{
    check_case c;
    case_begin(&c, "npy_random_corruption_fails_cleanly");
    prng r = { 99 };
    static const char alphabet[] = "{}()[]',:\" \n\t0123456789-TrueFalsdcpoh<>=|uif48x\\";
    unsigned accepted = 0;
    for (unsigned it = 0; it < 20000; it++) {
        unsigned major = 1 + prng_below(&r, 3);
        size_t len = image_words(major, it % 2 ? dict_shape("2, 3") : "{'descr': '<f4', 'fortran_order': True, "
                                 "'shape': (6,), }", SEQ, 6, 0);
        unsigned edits = 1 + prng_below(&r, 4);
        for (unsigned e = 0; e < edits; e++) {
            size_t at = prng_below(&r, (uint32_t)len);
            unsigned kind = prng_below(&r, 4);
            if (kind == 0) img[at] = (uint8_t)prng_u32(&r);
            else if (kind == 1) img[at] = (uint8_t)alphabet[prng_below(&r, sizeof alphabet - 1)];
            else if (kind == 2) len = at;   /* truncate */
            else if (at >= 10 && at < len) {   /* delete a byte */
                memmove(img + at, img + at + 1, len - at - 1);
                len--;
            }
        }
        char err[512] = "";
        uint32_t *w = NULL;
        size_t n = 99;
        npy_dtype t = (npy_dtype)7;
        int rc = npy_parse(img, len, "f.npy", &w, &n, &t, 1000, err, sizeof err);
        if (rc == 0) {
            accepted++;
            CHECK(&c, w && n <= 1000 && (size_t)t <= 2, "iteration %u accepted with %zu words, dtype %d", it, n, (int)t);
        } else {
            CHECK(&c, !w && n == 0 && one_line(err) && strncmp(err, "f.npy: ", 7) == 0 && strlen(err) < 400,
                  "iteration %u: rc %d, words %p, message '%s'", it, rc, (void *)w, err);
        }
        free(w);
        c.cases++;
    }
    snprintf(c.note, sizeof c.note, ", %u still valid", accepted);
    case_end(&c);
}

/* npy_read on a file gives what npy_parse gives for its bytes. */
static void test_npy_read_matches_parse(void)
{
    check_case c;
    case_begin(&c, "npy_read_agrees_with_npy_parse");
    static uint32_t zeros[200];
    const char *p = tmp_path("m.npy");
    for (unsigned k = 0; k < 22; k++) {
        size_t len;
        switch (k) {
        case 0: len = image_words(1, dict_shape("2, 3"), SEQ, 6, 0); break;
        case 1: len = image_words(2, dict_shape(""), SEQ, 1, 0); break;
        case 2: len = image_words(3, dict_shape("0,"), SEQ, 0, 0); break;
        case 3: len = image_words(1, dict_shape("100,"), zeros, 40, 0); break;
        case 4: len = image_words(1, dict_shape("10,"), zeros, 12, 0); break;
        case 5: len = image_words(1, dict_shape("10,"), zeros, 10, 3); break;
        case 6: len = image_words(1, dict_shape("10,"), zeros, 9, 1); break;
        case 7: len = 0; break;
        case 8: memcpy(img, "\x93NUM", 4); len = 4; break;
        case 9: memcpy(img, "hello world", 11); len = 11; break;
        case 10: memcpy(img, "\x93NUMPY\x02\x00\x10\x00\x00", 11); len = 11; break;
        case 11: memcpy(img, "\x93NUMPY\x01\x00\x10", 9); len = 9; break;
        case 12: len = image_raw(1, 0, 200, "{'descr'", 8, NULL, 0); break;
        case 13: len = image_raw(2, 0, 0xFFFFFFFFu, "{", 1, NULL, 0); break;
        case 14: len = image_words(1, "{'descr': '>f4', 'fortran_order': False, 'shape': (1,), }", SEQ, 1, 0); break;
        case 15: len = image_words(1, dict_shape("2147483648, 2147483648"), SEQ, 0, 0); break;
        case 16: len = image_words(1, dict_shape("2"), SEQ, 2, 0); break;
        case 17: len = image_words(4, dict_shape("2,"), SEQ, 2, 0); break;
        case 18: len = image_words(1, dict_shape("268435456,"), SEQ, 2, 0); break;   /* 1 GB declared, 8 bytes there */
        case 19: len = image_words(1, dict_shape("3,"), SEQ, 3, 0) - 1; break;
        case 20: len = image_words(1, "{'descr': '<i4', 'fortran_order': True, 'shape': (1, 24), }", SEQ, 24, 0);
                 break;
        default: len = image_words(2, dict_shape("0,"), SEQ, 0, 200); break;
        }
        spit(p, img, len);
        char e1[512] = "", e2[512] = "";
        uint32_t *w1 = NULL, *w2 = NULL;
        size_t n1 = 9, n2 = 9;
        npy_dtype t1 = (npy_dtype)7, t2 = (npy_dtype)7;
        int r1 = npy_read(p, &w1, &n1, &t1, (size_t)1 << 30, e1, sizeof e1);
        int r2 = npy_parse(img, len, p, &w2, &n2, &t2, (size_t)1 << 30, e2, sizeof e2);
        CHECK(&c, r1 == r2 && n1 == n2 && t1 == t2 && strcmp(e1, e2) == 0 && (!w1) == (!w2)
                      && (!w1 || !words_differ(w1, w2, n1, NULL)),
              "image %u: read rc %d n %zu '%s', parse rc %d n %zu '%s'", k, r1, n1, e1, r2, n2, e2);
        free(w1);
        free(w2);
        c.cases++;
    }
    remove(p);
    case_end(&c);
}

static void test_npy_file_errors(void)
{
    check_case c;
    case_begin(&c, "npy_file_errors_name_the_file");
    char err[512] = "";
    uint32_t *w = (uint32_t *)err;
    size_t n = 9;
    const char *missing = tmp_path("no_such.npy");
    CHECK(&c, npy_read(missing, &w, &n, NULL, 10, err, sizeof err) == -1 && !w && n == 0
                  && strncmp(err, missing, strlen(missing)) == 0 && has_all(err, "cannot open", NULL),
          "missing file: '%s'", err);
    CHECK(&c, npy_read(tmpdir, &w, &n, NULL, 10, err, sizeof err) == -1 && !w && has_all(err, tmpdir, NULL)
                  && one_line(err),
          "a directory: '%s'", err);
    CHECK(&c, npy_read(missing, &w, &n, NULL, 10, NULL, 0) == -1, "err NULL");
    const char *bad = tmp_path("no_dir/x.npy");
    CHECK(&c, npy_write(bad, SEQ, 3, NPY_U32, err, sizeof err) == -1 && has_all(err, bad, "cannot create", NULL),
          "write into a missing folder: '%s'", err);
    const char *p = tmp_path("w.npy");
    CHECK(&c, npy_write(p, SEQ, 3, (npy_dtype)3, err, sizeof err) == -1 && has_all(err, p, "dtype", NULL)
                  && slurp(p) < 0,
          "dtype 3: '%s' (or a file was created)", err);
    CHECK(&c, npy_write(p, NULL, 3, NPY_U32, err, sizeof err) == -1 && has_all(err, p, NULL) && slurp(p) < 0,
          "NULL words: '%s'", err);
    CHECK(&c, npy_write(p, NULL, 0, NPY_U32, err, sizeof err) == 0, "NULL words, count 0: '%s'", err);
    CHECK(&c, npy_write(p, SEQ, 3, (npy_dtype)-1, NULL, 0) == -1, "dtype -1 with err NULL");
    CHECK(&c, npy_parse(NULL, 5, "t.npy", &w, &n, NULL, 10, err, sizeof err) == -1 && has_all(err, "t.npy", NULL),
          "NULL data: '%s'", err);
    CHECK(&c, npy_parse(img, 0, NULL, &w, &n, NULL, 10, err, sizeof err) == -1 && one_line(err),
          "NULL name: '%s'", err);
    if (access("/dev/full", W_OK) == 0) {
        CHECK(&c, npy_write("/dev/full", SEQ, 3, NPY_U32, err, sizeof err) == -1 && has_all(err, "/dev/full",
              "write error", NULL), "/dev/full: '%s'", err);
    }
    if (access("/dev/zero", R_OK) == 0) {
        CHECK(&c, npy_read("/dev/zero", &w, &n, NULL, 10, err, sizeof err) == -1 && has_all(err, "bad magic", NULL),
              "/dev/zero: '%s'", err);
    }
    remove(p);
    case_end(&c);
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/test_npy.XXXXXX");
    if (!mkdtemp(tmpdir)) {
        check_fail("npy_temp_folder", "cannot create %s", tmpdir);
        return check_summary("test_npy");
    }
    test_num_spec_messages();
    test_num_u64_forms();
    test_num_no_octal();
    test_num_overflow();
    test_num_range();
    test_num_negative();
    test_num_syntax();
    test_num_err_handling();
    test_word_integers();
    test_word_f32();
    test_word_rounding();
    test_word_syntax();
    test_f32_opt();
    test_npy_names();
    test_npy_write_layout();
    roundtrip(NPY_U32, "npy_roundtrip_u32");
    roundtrip(NPY_I32, "npy_roundtrip_i32");
    roundtrip(NPY_F32, "npy_roundtrip_f32_raw_bits");
    test_npy_versions();
    test_npy_header_forms();
    test_npy_shapes();
    test_npy_dtypes();
    test_npy_fortran();
    test_npy_preamble();
    test_npy_header_syntax();
    test_npy_counts();
    test_npy_data_size();
    test_npy_truncations();
    test_npy_fuzz();
    test_npy_read_matches_parse();
    test_npy_file_errors();
    rmdir(tmpdir);
    return check_summary("test_npy");
}
