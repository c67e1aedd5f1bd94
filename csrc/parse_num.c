/* SPDX-License-Identifier: Apache-2.0 */
/* parse_num.c: strict parsing of command-line numbers (parse_num.h). */
#include "parse_num.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Characters of the user's text shown in a message; the rest becomes "...". */
#define SHOW_MAX 40
#define SHOW_BUF (SHOW_MAX * 4 + 4)

#define F32_QNAN 0x7FC00000u
#define F32_INF  0x7F800000u
#define F32_SIGN 0x80000000u

static void fail(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || !errlen) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

/* s as it appears in a message: cut after SHOW_MAX characters, every byte
 * outside printable ASCII (a newline, a UTF-8 byte) and the quote written
 * as \xNN, so that the message stays one line. */
static const char *show(const char *s, char buf[SHOW_BUF])
{
    size_t o = 0, i = 0;
    for (; s[i] && i < SHOW_MAX; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7F && c != '\'' && c != '\\') buf[o++] = (char)c;
        else o += (size_t)snprintf(buf + o, 5, "\\x%02X", c);
    }
    if (s[i]) { memcpy(buf + o, "...", 3); o += 3; }
    buf[o] = 0;
    return buf;
}

static const char *opt_name(const char *opt) { return opt ? opt : "value"; }

static int is_dec(char c) { return c >= '0' && c <= '9'; }

/* The value of digit c in base 10 or 16, or -1. Not isxdigit: no locale. */
static int digit(char c, unsigned base)
{
    if (is_dec(c)) return c - '0';
    if (base == 16 && c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (base == 16 && c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* An integer's text: the sign and the magnitude (ovf set, and mag
 * meaningless, when the magnitude does not fit 64 bits). */
typedef struct {
    int neg;
    int ovf;
    uint64_t mag;
} int_text;

/* 1 if the whole of s is '-'? ("0x" hexdigits+ | digits+). */
static int scan_int(const char *s, int_text *v)
{
    const char *p = s;
    unsigned base = 10;
    v->neg = v->ovf = 0;
    v->mag = 0;
    if (*p == '-') { v->neg = 1; p++; }
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) { base = 16; p += 2; }
    if (!*p) return 0;
    for (; *p; p++) {
        int d = digit(*p, base);
        if (d < 0) return 0;
        /* mag * base + d fits exactly when mag <= (MAX - d) / base. */
        if (v->ovf || v->mag > (UINT64_MAX - (uint64_t)d) / base) v->ovf = 1;
        else v->mag = v->mag * base + (uint64_t)d;
    }
    return 1;
}

/* 1 if the whole of s is a decimal f32 with a point or an exponent:
 * '-'? digits* ('.' digits*)? ([eE] [+-]? digits+)?, one mantissa digit at least. */
static int scan_float(const char *s)
{
    const char *p = s;
    size_t digits = 0;
    int point = 0, expo = 0;
    if (*p == '-') p++;
    for (; is_dec(*p); p++) digits++;
    if (*p == '.') {
        point = 1;
        for (p++; is_dec(*p); p++) digits++;
    }
    if (!digits) return 0;
    if (*p == 'e' || *p == 'E') {
        expo = 1;
        p++;
        if (*p == '+' || *p == '-') p++;
        if (!is_dec(*p)) return 0;
        while (is_dec(*p)) p++;
    }
    return !*p && (point || expo);
}

static int same_nocase(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        char x = *a >= 'A' && *a <= 'Z' ? (char)(*a - 'A' + 'a') : *a;
        if (x != *b) return 0;
    }
    return *a == *b;
}

/* 1 if s is inf, infinity or nan (any case, '-' allowed); *bits gets its f32. */
static int scan_special(const char *s, uint32_t *bits)
{
    uint32_t sign = 0;
    if (*s == '-') { sign = F32_SIGN; s++; }
    if (same_nocase(s, "inf") || same_nocase(s, "infinity")) *bits = sign | F32_INF;
    else if (same_nocase(s, "nan")) *bits = sign | F32_QNAN;
    else return 0;
    return 1;
}

static uint32_t f32_bits(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

/* strtof on text already checked (a decimal f32, or an integer in decimal or
 * hex, which strtof reads as the same value). Returns 0, or -1 if the value
 * is finite but rounds past the largest f32. */
static int convert_f32(const char *opt, const char *s, uint32_t *bits, char *err, size_t errlen)
{
    char buf[SHOW_BUF], *end;
    float f = strtof(s, &end);
    if (*end) {   /* strtof disagrees with the syntax checked here: a locale with another decimal point */
        fail(err, errlen, "%s: '%s' cannot be converted (the C library stopped at '%c')", opt_name(opt), show(s, buf),
             *end);
        return -1;
    }
    if (isinf(f)) {
        fail(err, errlen, "%s: %s overflows f32 (the largest is 3.40282347e+38; write inf for infinity)",
             opt_name(opt), show(s, buf));
        return -1;
    }
    *bits = f32_bits(f);
    return 0;
}

int parse_u64_opt(const char *opt, const char *s, uint64_t lo, uint64_t hi, uint64_t *out, char *err, size_t errlen)
{
    char buf[SHOW_BUF];
    int_text v;
    if (!s || !*s) {
        fail(err, errlen, "%s: empty value", opt_name(opt));
        return -1;
    }
    if (!scan_int(s, &v)) {
        fail(err, errlen, "%s: '%s' is not a number", opt_name(opt), show(s, buf));
        return -1;
    }
    int negative = v.neg && (v.ovf || v.mag);   /* "-0" is 0 */
    if (!negative && (v.ovf || v.mag > hi)) {
        fail(err, errlen, "%s: %s is too large (at most %llu)", opt_name(opt), show(s, buf), (unsigned long long)hi);
        return -1;
    }
    if (negative || v.mag < lo) {
        fail(err, errlen, "%s: %s is out of range %llu..%llu", opt_name(opt), show(s, buf), (unsigned long long)lo,
             (unsigned long long)hi);
        return -1;
    }
    *out = v.mag;
    return 0;
}

int parse_u32_opt(const char *opt, const char *s, uint32_t lo, uint32_t hi, uint32_t *out, char *err, size_t errlen)
{
    uint64_t v;
    if (parse_u64_opt(opt, s, lo, hi, &v, err, errlen)) return -1;
    *out = (uint32_t)v;
    return 0;
}

int parse_word_opt(const char *opt, const char *s, uint32_t *bits, int *is_f32, char *err, size_t errlen)
{
    char buf[SHOW_BUF];
    int_text v;
    uint32_t b;
    if (!s || !*s) {
        fail(err, errlen, "%s: empty value", opt_name(opt));
        return -1;
    }
    if (scan_int(s, &v)) {
        if (!v.neg && (v.ovf || v.mag > 0xFFFFFFFFu)) {
            fail(err, errlen, "%s: %s is too large for 32 bits (at most 0xFFFFFFFF)", opt_name(opt), show(s, buf));
            return -1;
        }
        if (v.neg && (v.ovf || v.mag > 0x80000000u)) {
            fail(err, errlen, "%s: %s is too small for 32 bits (at least -2147483648)", opt_name(opt), show(s, buf));
            return -1;
        }
        *bits = (uint32_t)(v.neg ? 0u - v.mag : v.mag);
        if (is_f32) *is_f32 = 0;
        return 0;
    }
    if (scan_special(s, &b)) {
        *bits = b;
    } else if (scan_float(s)) {
        if (convert_f32(opt, s, &b, err, errlen)) return -1;
        *bits = b;
    } else {
        fail(err, errlen, "%s: '%s' is not a number", opt_name(opt), show(s, buf));
        return -1;
    }
    if (is_f32) *is_f32 = 1;
    return 0;
}

int parse_f32_opt(const char *opt, const char *s, float *out, char *err, size_t errlen)
{
    char buf[SHOW_BUF];
    int_text v;
    uint32_t b;
    if (!s || !*s) {
        fail(err, errlen, "%s: empty value", opt_name(opt));
        return -1;
    }
    if (scan_int(s, &v)) {
        if (convert_f32(opt, s, &b, err, errlen)) return -1;
        if (!v.ovf && !v.mag) b = 0;   /* "-0" is the integer 0: +0.0f */
    } else if (!scan_special(s, &b)) {
        if (!scan_float(s)) {
            fail(err, errlen, "%s: '%s' is not a number", opt_name(opt), show(s, buf));
            return -1;
        }
        if (convert_f32(opt, s, &b, err, errlen)) return -1;
    }
    memcpy(out, &b, sizeof *out);
    return 0;
}
