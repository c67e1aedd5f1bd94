/* SPDX-License-Identifier: Apache-2.0 */
/* npy.c: reading and writing NumPy .npy files of 32-bit words (npy.h).
 *
 * The header is parsed by a small recursive-descent reader of the one
 * Python dict NumPy writes; every step checks that the text goes on, so a
 * truncated or hostile header ends in a message, never past its end. */
#include "npy.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const uint8_t NPY_MAGIC[6] = { 0x93, 'N', 'U', 'M', 'P', 'Y' };
#define SHOW_MAX       40          /* characters of header text quoted in a message */
#define SHOW_BUF       (SHOW_MAX * 4 + 4)
#define SHAPE_BUF      96          /* a shape as shown in a message, e.g. "(2, 3)" */
#define READ_CHUNK     (1u << 20)  /* bytes of data read (and allocated) at a time */
#define TRAIL_COUNT    (1u << 20)  /* trailing bytes counted before giving up */
#define WRITE_WORDS    1024u

static void fail(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || !errlen) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

/* n bytes of header text for a message: cut after SHOW_MAX, bytes outside
 * printable ASCII (newlines, UTF-8, NUL) and quotes as \xNN: one line.
 * buf holds 4 * min(n, SHOW_MAX) + 4 bytes (SHOW_BUF always does). */
static const char *show(const char *s, size_t n, char *buf)
{
    size_t o = 0, i = 0;
    for (; i < n && i < SHOW_MAX; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7F && c != '\'' && c != '\\') buf[o++] = (char)c;
        else o += (size_t)snprintf(buf + o, 5, "\\x%02X", c);
    }
    if (i < n) { memcpy(buf + o, "...", 3); o += 3; }
    buf[o] = 0;
    return buf;
}

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static void wr32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}

static int host_little_endian(void)
{
    const uint16_t one = 1;
    uint8_t b;
    memcpy(&b, &one, 1);
    return b == 1;
}

const char *npy_dtype_name(npy_dtype t)
{
    switch (t) {
    case NPY_U32: return "u32";
    case NPY_I32: return "i32";
    case NPY_F32: return "f32";
    }
    return "?";
}

/* ---------------------------------------------------------------- preamble */

/* The magic and the version, from the first avail bytes (all 8 needed).
 * Returns the major version (1..3), or -1 with a message. */
static int check_start(const uint8_t *p, size_t avail, const char *name, char *err, size_t errlen)
{
    if (avail == 0) {
        fail(err, errlen, "%s: not a .npy file (empty file)", name);
        return -1;
    }
    if (memcmp(p, NPY_MAGIC, avail < 6 ? avail : 6) != 0) {
        fail(err, errlen, "%s: not a .npy file (bad magic)", name);
        return -1;
    }
    if (avail < 8) {
        fail(err, errlen, "%s: truncated: %zu bytes, shorter than the preamble", name, avail);
        return -1;
    }
    if (p[6] < 1 || p[6] > 3 || p[7] != 0) {
        fail(err, errlen, "%s: format version %u.%u is not supported (1.0, 2.0 or 3.0)", name, p[6], p[7]);
        return -1;
    }
    return p[6];
}

/* The bytes before the header: 10 for version 1.0 (2-byte length), 12 after. */
static size_t preamble_bytes(int major) { return major == 1 ? 10 : 12; }

/* The header length of a whole preamble; -1 with a message if too large. */
static int header_length(const uint8_t *p, int major, const char *name, size_t *hlen, char *err, size_t errlen)
{
    uint32_t n = major == 1 ? (uint32_t)p[8] | ((uint32_t)p[9] << 8) : rd32(p + 8);
    if (n > NPY_MAX_HEADER) {
        fail(err, errlen, "%s: header length %u is too large (at most %u)", name, n, NPY_MAX_HEADER);
        return -1;
    }
    *hlen = n;
    return 0;
}

static void truncated_preamble(const char *name, size_t len, int major, char *err, size_t errlen)
{
    fail(err, errlen, "%s: truncated: %zu bytes, shorter than the preamble (%zu bytes for version %d.0)", name, len,
         preamble_bytes(major), major);
}

static void truncated_header(const char *name, size_t hlen, size_t len, char *err, size_t errlen)
{
    fail(err, errlen, "%s: truncated: the header of %zu bytes runs past the end of the file (%zu bytes)", name, hlen,
         len);
}

/* ---------------------------------------------------------------- header */

typedef struct {
    const char *text;   /* the header */
    size_t len, pos;
    const char *name;
    char *err;
    size_t errlen;
} hparser;

/* What the header says. */
typedef struct {
    const char *descr;   /* in the header text */
    size_t descr_len;
    int fortran;
    unsigned ndims;
    uint64_t dims[NPY_MAX_DIMS];
} npy_header;

static int malformed(hparser *h, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int malformed(hparser *h, const char *fmt, ...)
{
    char what[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    fail(h->err, h->errlen, "%s: malformed header: %s", h->name, what);
    return -1;
}

static int at_end(const hparser *h) { return h->pos >= h->len; }
static char peek(const hparser *h) { return at_end(h) ? 0 : h->text[h->pos]; }

/* What is at the current position, for "expected X, found Y" messages. */
static const char *found(const hparser *h, char buf[SHOW_BUF])
{
    if (at_end(h)) return "the end of the header";
    size_t n = h->len - h->pos;
    char s[12 * 4 + 4];
    show(h->text + h->pos, n < 12 ? n : 12, s);
    snprintf(buf, SHOW_BUF, "'%s'%s at header byte %zu", s, n > 12 ? "..." : "", h->pos);
    return buf;
}

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }
static int is_dec(char c) { return c >= '0' && c <= '9'; }
static int is_word(char c) { return is_dec(c) || c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

static void skip_space(hparser *h)
{
    while (!at_end(h) && is_space(h->text[h->pos])) h->pos++;
}

static int expect_char(hparser *h, char c, const char *where)
{
    char buf[SHOW_BUF];
    if (peek(h) != c) return malformed(h, "expected '%c' %s, found %s", c, where, found(h, buf));
    h->pos++;
    return 0;
}

/* A string in ' or " (no escapes, one line): *s and *n get its contents. */
static int parse_string(hparser *h, const char **s, size_t *n, const char *what)
{
    char buf[SHOW_BUF];
    char q = peek(h);
    if (q != '\'' && q != '"') return malformed(h, "expected %s (a quoted string), found %s", what, found(h, buf));
    size_t start = ++h->pos;
    for (;; h->pos++) {
        if (at_end(h) || h->text[h->pos] == '\n')
            return malformed(h, "unterminated string starting at header byte %zu", start - 1);
        if (h->text[h->pos] == '\\')
            return malformed(h, "escape sequence in the string at header byte %zu (not supported)", start - 1);
        if (h->text[h->pos] == q) break;
    }
    *s = h->text + start;
    *n = h->pos - start;
    h->pos++;
    return 0;
}

static int same(const char *s, size_t n, const char *lit) { return strlen(lit) == n && memcmp(s, lit, n) == 0; }

static int parse_descr(hparser *h, npy_header *hd)
{
    if (peek(h) == '[') {
        fail(h->err, h->errlen, "%s: dtype is a list (a structured dtype): not supported (u32, i32 or f32 only)",
             h->name);
        return -1;
    }
    return parse_string(h, &hd->descr, &hd->descr_len, "the value of 'descr'");
}

/* The element type of descr, checked once the whole header has parsed. */
static int check_descr(const npy_header *hd, const char *name, npy_dtype *t, char *err, size_t errlen)
{
    static const struct { const char *code; npy_dtype t; } types[] = {
        { "u4", NPY_U32 }, { "i4", NPY_I32 }, { "f4", NPY_F32 },
    };
    char buf[SHOW_BUF];
    const char *s = hd->descr;
    size_t n = hd->descr_len;
    if (n == 3 && (s[0] == '<' || s[0] == '=' || s[0] == '>')) {
        for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
            if (memcmp(s + 1, types[i].code, 2) != 0) continue;
            if (s[0] == '>' || (s[0] == '=' && !host_little_endian())) {
                fail(err, errlen, "%s: dtype '%s' is big-endian; only little-endian ('<%s') is supported", name,
                     show(s, n, buf), types[i].code);
                return -1;
            }
            *t = types[i].t;
            return 0;
        }
    }
    fail(err, errlen, "%s: dtype '%s' is not supported (u32, i32 or f32 only)", name, show(s, n, buf));
    return -1;
}

static int parse_fortran(hparser *h, npy_header *hd)
{
    char buf[SHOW_BUF];
    size_t start = h->pos;
    while (is_word(peek(h))) h->pos++;
    const char *w = h->text + start;
    size_t n = h->pos - start;
    if (same(w, n, "True")) hd->fortran = 1;
    else if (same(w, n, "False")) hd->fortran = 0;
    else {
        h->pos = start;
        return malformed(h, "'fortran_order' is not True or False: found %s", found(h, buf));
    }
    return 0;
}

/* A tuple of non-negative integers: (), (5,), (2, 3), (2, 3,). */
static int parse_shape(hparser *h, npy_header *hd)
{
    char buf[SHOW_BUF];
    if (peek(h) != '(') return malformed(h, "'shape' is not a tuple: found %s", found(h, buf));
    h->pos++;
    hd->ndims = 0;
    skip_space(h);
    if (peek(h) == ')') { h->pos++; return 0; }
    for (;;) {
        if (peek(h) == '-') return malformed(h, "'shape' has a negative dimension at header byte %zu", h->pos);
        if (!is_dec(peek(h))) return malformed(h, "'shape' is not a tuple of integers: found %s", found(h, buf));
        if (hd->ndims == NPY_MAX_DIMS) return malformed(h, "'shape' has more than %u dimensions", NPY_MAX_DIMS);
        size_t start = h->pos;
        uint64_t v = 0;
        int big = 0;
        for (; is_dec(peek(h)); h->pos++) {
            uint64_t d = (uint64_t)(peek(h) - '0');
            if (big || v > (UINT64_MAX - d) / 10) big = 1;
            else v = v * 10 + d;
        }
        if (big)
            return malformed(h, "'shape' dimension %s is too large", show(h->text + start, h->pos - start, buf));
        hd->dims[hd->ndims++] = v;
        skip_space(h);
        if (peek(h) == ',') {
            h->pos++;
            skip_space(h);
            if (peek(h) == ')') { h->pos++; return 0; }
            continue;
        }
        if (peek(h) == ')') {
            if (hd->ndims == 1)   /* (5) is the integer 5 in Python, not a tuple */
                return malformed(h, "'shape' (%llu) is not a tuple (one dimension is written (%llu,))",
                                 (unsigned long long)v, (unsigned long long)v);
            h->pos++;
            return 0;
        }
        return malformed(h, "expected ',' or ')' in 'shape', found %s", found(h, buf));
    }
}

/* The shape as Python writes it, cut to fit a message. */
static const char *shape_text(const npy_header *hd, char buf[SHAPE_BUF])
{
    size_t o = 0;
    o += (size_t)snprintf(buf, SHAPE_BUF, "(");
    for (unsigned i = 0; i < hd->ndims && o < SHAPE_BUF; i++)
        o += (size_t)snprintf(buf + o, SHAPE_BUF - o, "%s%llu", i ? ", " : "", (unsigned long long)hd->dims[i]);
    if (o < SHAPE_BUF) o += (size_t)snprintf(buf + o, SHAPE_BUF - o, hd->ndims == 1 ? ",)" : ")");
    if (o >= SHAPE_BUF) memcpy(buf + SHAPE_BUF - 5, "...)", 5);   /* cut */
    return buf;
}

/* The dict; fills hd. */
static int parse_dict(hparser *h, npy_header *hd)
{
    enum { K_DESCR = 1, K_FORTRAN = 2, K_SHAPE = 4 };
    char buf[SHOW_BUF], kbuf[SHOW_BUF];
    unsigned seen = 0;
    if (expect_char(h, '{', "at the start of the header")) return -1;
    for (;;) {
        skip_space(h);
        if (peek(h) == '}') { h->pos++; break; }
        const char *k;
        size_t kn;
        if (parse_string(h, &k, &kn, "a key or '}'")) return -1;
        unsigned key = same(k, kn, "descr") ? K_DESCR : same(k, kn, "fortran_order") ? K_FORTRAN
                     : same(k, kn, "shape") ? K_SHAPE : 0;
        if (!key) return malformed(h, "unexpected key '%s' (only 'descr', 'fortran_order' and 'shape')", show(k, kn, buf));
        if (seen & key) return malformed(h, "duplicate key '%s'", show(k, kn, buf));
        seen |= key;
        skip_space(h);
        if (expect_char(h, ':', "after a key")) return -1;
        skip_space(h);
        int r = key == K_DESCR ? parse_descr(h, hd) : key == K_FORTRAN ? parse_fortran(h, hd) : parse_shape(h, hd);
        if (r) return -1;
        skip_space(h);
        if (peek(h) == ',') { h->pos++; continue; }
        if (peek(h) == '}') { h->pos++; break; }
        return malformed(h, "expected ',' or '}' after the value of '%s', found %s", show(k, kn, kbuf), found(h, buf));
    }
    static const struct { unsigned bit; const char *key; } keys[] = {
        { K_DESCR, "descr" }, { K_FORTRAN, "fortran_order" }, { K_SHAPE, "shape" },
    };
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (!(seen & keys[i].bit)) return malformed(h, "no '%s' key", keys[i].key);
    skip_space(h);
    if (!at_end(h)) return malformed(h, "text after the closing '}': found %s", found(h, buf));
    if (!h->len || h->text[h->len - 1] != '\n') return malformed(h, "does not end in a newline");
    return 0;
}

/* Parses the header text and checks the element count against max_words. */
static int parse_header(const char *text, size_t len, const char *name, size_t max_words, npy_dtype *dtype,
                        size_t *count, char *err, size_t errlen)
{
    hparser h = { text, len, 0, name, err, errlen };
    npy_header hd;
    char buf[SHAPE_BUF];
    memset(&hd, 0, sizeof hd);
    if (parse_dict(&h, &hd)) return -1;
    npy_dtype t;
    if (check_descr(&hd, name, &t, err, errlen)) return -1;
    uint64_t n = 1;
    unsigned above1 = 0;
    for (unsigned i = 0; i < hd.ndims; i++) if (hd.dims[i] == 0) n = 0;
    for (unsigned i = 0; i < hd.ndims; i++) {
        above1 += hd.dims[i] > 1;
        if (n && hd.dims[i] > UINT64_MAX / n) {
            fail(err, errlen, "%s: malformed header: the dimensions of shape %s multiply past 2^64", name,
                 shape_text(&hd, buf));
            return -1;
        }
        n *= hd.dims[i];
    }
    if (hd.fortran && above1 > 1) {
        fail(err, errlen, "%s: fortran_order True with shape %s is not supported (C order only)", name,
             shape_text(&hd, buf));
        return -1;
    }
    if (n > max_words || n > SIZE_MAX / 4) {
        fail(err, errlen, "%s: shape %s holds %llu element%s, more than the limit of %zu", name, shape_text(&hd, buf),
             (unsigned long long)n, n == 1 ? "" : "s", max_words < SIZE_MAX / 4 ? max_words : SIZE_MAX / 4);
        return -1;
    }
    *dtype = t;
    *count = (size_t)n;
    return 0;
}

/* ---------------------------------------------------------------- data */

/* The data is not count words: data bytes are there (at least, when more is
 * set: counting stopped). */
static void size_mismatch(const char *name, size_t count, size_t data, int more, char *err, size_t errlen)
{
    char rem[48] = "";
    if (data % 4) snprintf(rem, sizeof rem, " and %zu byte%s", data % 4, data % 4 == 1 ? "" : "s");
    fail(err, errlen, "%s: header says %zu element%s but the file holds %s%zu%s (%s)", name, count,
         count == 1 ? "" : "s", more ? "more than " : "", data / 4, rem,
         data < (size_t)count * 4 ? "truncated" : "trailing bytes after the data");
}

static void clear_out(uint32_t **words, size_t *count)
{
    if (words) *words = NULL;
    if (count) *count = 0;
}

int npy_parse(const void *data, size_t len, const char *name, uint32_t **words, size_t *count, npy_dtype *dtype,
              size_t max_words, char *err, size_t errlen)
{
    const uint8_t *p = data;
    if (!name) name = "(npy image)";
    clear_out(words, count);
    if (!words || !count || (!data && len)) {
        fail(err, errlen, "%s: npy_parse: null argument", name);
        return -1;
    }
    int major = check_start(p, len, name, err, errlen);
    if (major < 0) return -1;
    size_t pre = preamble_bytes(major), hlen;
    if (len < pre) {
        truncated_preamble(name, len, major, err, errlen);
        return -1;
    }
    if (header_length(p, major, name, &hlen, err, errlen)) return -1;
    if (len - pre < hlen) {
        truncated_header(name, hlen, len, err, errlen);
        return -1;
    }
    npy_dtype t;
    size_t n;
    if (parse_header((const char *)p + pre, hlen, name, max_words, &t, &n, err, errlen)) return -1;
    size_t off = pre + hlen;
    if (len - off != n * 4) {
        size_mismatch(name, n, len - off, 0, err, errlen);
        return -1;
    }
    uint32_t *w = malloc(n ? n * 4 : 4);
    if (!w) {
        fail(err, errlen, "%s: out of host memory for %zu elements", name, n);
        return -1;
    }
    for (size_t i = 0; i < n; i++) w[i] = rd32(p + off + 4 * i);
    *words = w;
    *count = n;
    if (dtype) *dtype = t;
    return 0;
}

/* Reads up to n bytes; returns how many. A read error is left in ferror. */
static size_t read_some(FILE *f, void *buf, size_t n) { return n ? fread(buf, 1, n, f) : 0; }

static int read_failed(FILE *f, const char *name, char *err, size_t errlen)
{
    if (!ferror(f)) return 0;
    fail(err, errlen, "%s: read error: %s", name, strerror(errno));
    return 1;
}

/* Reads the elements: count words, then checks that the file ends there. */
static int read_data(FILE *f, const char *path, size_t n, uint32_t **out, char *err, size_t errlen)
{
    size_t need = n * 4, have = 0, cap = need < READ_CHUNK ? need : READ_CHUNK;
    uint8_t *b = malloc(cap ? cap : 4);
    if (!b) {
        fail(err, errlen, "%s: out of host memory for %zu elements", path, n);
        return -1;
    }
    while (have < need) {
        if (have == cap) {   /* grow only as the data arrives: a short file with a big shape allocates little */
            size_t ncap = need - cap < cap ? need : cap * 2;
            uint8_t *nb = realloc(b, ncap);
            if (!nb) {
                free(b);
                fail(err, errlen, "%s: out of host memory for %zu elements", path, n);
                return -1;
            }
            b = nb;
            cap = ncap;
        }
        size_t r = read_some(f, b + have, cap - have);
        have += r;
        if (r == 0) break;
    }
    if (read_failed(f, path, err, errlen)) { free(b); return -1; }
    if (have < need) {
        free(b);
        size_mismatch(path, n, have, 0, err, errlen);
        return -1;
    }
    /* Trailing bytes: counted (for the message) up to TRAIL_COUNT. */
    uint8_t tail[4096];
    size_t extra = 0, r;
    while (extra <= TRAIL_COUNT && (r = read_some(f, tail, sizeof tail)) > 0) extra += r;
    if (read_failed(f, path, err, errlen)) { free(b); return -1; }
    if (extra) {
        free(b);
        size_mismatch(path, n, need + extra, extra > TRAIL_COUNT, err, errlen);
        return -1;
    }
    uint32_t *w = (uint32_t *)(void *)b;   /* malloc'ed: aligned for any type */
    for (size_t i = 0; i < n; i++) w[i] = rd32(b + 4 * i);
    *out = w;
    return 0;
}

int npy_read(const char *path, uint32_t **words, size_t *count, npy_dtype *dtype, size_t max_words, char *err,
             size_t errlen)
{
    clear_out(words, count);
    if (!path || !words || !count) {
        fail(err, errlen, "%s: npy_read: null argument", path ? path : "(no path)");
        return -1;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        fail(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    uint8_t pre[12];
    char *hdr = NULL;
    uint32_t *w = NULL;
    size_t got = read_some(f, pre, 8), hlen, n, pb;
    npy_dtype t;
    int major;
    if (read_failed(f, path, err, errlen)) goto fail;
    major = check_start(pre, got, path, err, errlen);
    if (major < 0) goto fail;
    pb = preamble_bytes(major);
    got += read_some(f, pre + 8, pb - 8);
    if (read_failed(f, path, err, errlen)) goto fail;
    if (got < pb) {
        truncated_preamble(path, got, major, err, errlen);
        goto fail;
    }
    if (header_length(pre, major, path, &hlen, err, errlen)) goto fail;
    hdr = malloc(hlen ? hlen : 1);
    if (!hdr) {
        fail(err, errlen, "%s: out of host memory for the header", path);
        goto fail;
    }
    got = read_some(f, hdr, hlen);
    if (read_failed(f, path, err, errlen)) goto fail;
    if (got < hlen) {
        truncated_header(path, hlen, pb + got, err, errlen);
        goto fail;
    }
    if (parse_header(hdr, hlen, path, max_words, &t, &n, err, errlen)) goto fail;
    if (read_data(f, path, n, &w, err, errlen)) goto fail;
    free(hdr);
    fclose(f);
    *words = w;
    *count = n;
    if (dtype) *dtype = t;
    return 0;
fail:
    free(hdr);
    fclose(f);
    return -1;
}

int npy_write(const char *path, const uint32_t *words, size_t count, npy_dtype dtype, char *err, size_t errlen)
{
    static const char *const descr[] = { "<u4", "<i4", "<f4" };
    if (!path) {
        fail(err, errlen, "(no path): npy_write: null path");
        return -1;
    }
    if ((unsigned)dtype > NPY_F32) {
        fail(err, errlen, "%s: npy_write: dtype %d is not u32, i32 or f32", path, (int)dtype);
        return -1;
    }
    if (!words && count) {
        fail(err, errlen, "%s: npy_write: %zu words but no array", path, count);
        return -1;
    }
    /* The preamble (10 bytes), the dict, spaces, '\n': a multiple of 64 bytes. */
    uint8_t head[192];
    int dn = snprintf((char *)head + 10, sizeof head - 10, "{'descr': '%s', 'fortran_order': False, 'shape': (%zu,), }",
                      descr[dtype], count);
    size_t total = (10 + (size_t)dn + 1 + 63) / 64 * 64, hlen = total - 10;
    memcpy(head, NPY_MAGIC, 6);
    head[6] = 1;
    head[7] = 0;
    head[8] = (uint8_t)hlen;
    head[9] = (uint8_t)(hlen >> 8);
    memset(head + 10 + dn, ' ', total - 1 - 10 - (size_t)dn);
    head[total - 1] = '\n';

    FILE *f = fopen(path, "wb");
    if (!f) {
        fail(err, errlen, "%s: cannot create: %s", path, strerror(errno));
        return -1;
    }
    int bad = fwrite(head, 1, total, f) != total;
    uint8_t chunk[WRITE_WORDS * 4];
    for (size_t i = 0; i < count && !bad; i += WRITE_WORDS) {
        size_t k = count - i < WRITE_WORDS ? count - i : WRITE_WORDS;
        for (size_t j = 0; j < k; j++) wr32(chunk + 4 * j, words[i + j]);
        bad = fwrite(chunk, 4, k, f) != k;
    }
    int e = errno;
    if (fclose(f) != 0 && !bad) { bad = 1; e = errno; }
    if (bad) {
        fail(err, errlen, "%s: write error: %s", path, strerror(e));
        return -1;
    }
    return 0;
}
