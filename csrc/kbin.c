/* SPDX-License-Identifier: Apache-2.0 */
/* kbin.c: reading and writing .wgk kernel binaries, version 1 and version 2
 * (with a line table; kbin.h describes its layout). */
#define _POSIX_C_SOURCE 200809L
#include "kbin.h"

#include "isa.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

_Static_assert(ISA_MAX_INSTS == 4096, "KBIN_MAX_FILE_BYTES assumes 4096 instructions at most");

static uint32_t rd32(const uint8_t *p) { return p[0] | (p[1] << 8) | (p[2] << 16) | ((uint32_t)p[3] << 24); }
static void wr32(uint8_t *p, uint32_t v) { for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i)); }
static size_t pad4(size_t n) { return (n + 3) & ~(size_t)3; }

/* The number of lines of a source text: a newline ends a line, and text
 * after the last newline is one more line (the assembler's count). */
static uint32_t count_lines(const char *t, size_t n)
{
    uint32_t lines = 0;
    const char *p = t, *end = t + n;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        lines++;
        if (!nl) break;
        p = nl + 1;
    }
    return lines;
}

/* The checks kbin_parse and kbin_serialize share on a line table's
 * contents: one line per instruction, each a line of the text. */
static int check_line_numbers(const uint32_t *line, uint32_t n, const char *text, uint32_t text_len, char *err,
                              size_t errlen)
{
    uint32_t lines = count_lines(text, text_len);
    for (uint32_t pc = 0; pc < n; pc++) {
        if (line[pc] == 0) {
            snprintf(err, errlen, "line table: instruction %u has line 0 (lines count from 1)", pc);
            return -1;
        }
        if (line[pc] > lines) {
            snprintf(err, errlen, "line table: instruction %u has line %u, past the last line (%u) of the source text",
                     pc, line[pc], lines);
            return -1;
        }
    }
    return 0;
}

/* Does the image have k more bytes at off? If not, says what is cut short. */
static int need(size_t len, size_t off, size_t k, const char *what, char *err, size_t errlen)
{
    if (len >= off && len - off >= k) return 0;
    snprintf(err, errlen, "kernel binary (version 2) is cut short: it ends at byte %zu, inside %s (bytes %zu..%zu)",
             len, what, off, off + k - 1);
    return -1;
}

/* Padding bytes p[from..to) must be zero. */
static int check_padding(const uint8_t *p, size_t from, size_t to, const char *after, char *err, size_t errlen)
{
    for (size_t i = from; i < to; i++)
        if (p[i]) {
            snprintf(err, errlen, "line table: padding byte %zu after the %s is 0x%02x, not zero", i, after, p[i]);
            return -1;
        }
    return 0;
}

/* Parses the line table of a version 2 image, which starts at off. */
static kbin_lines *parse_lines(const uint8_t *p, size_t len, size_t off, uint32_t n, char *err, size_t errlen)
{
    if (need(len, off, 4, "the line table's file name length", err, errlen)) return NULL;
    uint32_t name_len = rd32(p + off);
    if (name_len > KBIN_MAX_NAME_BYTES) {
        snprintf(err, errlen, "line table: file name length %u is more than %u bytes", name_len, KBIN_MAX_NAME_BYTES);
        return NULL;
    }
    off += 4;
    if (need(len, off, pad4(name_len), "the line table's file name", err, errlen)) return NULL;
    const uint8_t *name = p + off;
    if (memchr(name, 0, name_len)) {
        snprintf(err, errlen, "line table: the file name contains a NUL byte");
        return NULL;
    }
    if (check_padding(p, off + name_len, off + pad4(name_len), "file name", err, errlen)) return NULL;
    off += pad4(name_len);
    if (need(len, off, 4, "the line table's source text length", err, errlen)) return NULL;
    uint32_t text_len = rd32(p + off);
    if (text_len > KBIN_MAX_TEXT_BYTES) {
        snprintf(err, errlen, "line table: source text length %u is more than %u bytes (16 MiB)", text_len,
                 KBIN_MAX_TEXT_BYTES);
        return NULL;
    }
    off += 4;
    if (need(len, off, pad4(text_len), "the line table's source text", err, errlen)) return NULL;
    const uint8_t *text = p + off;
    if (check_padding(p, off + text_len, off + pad4(text_len), "source text", err, errlen)) return NULL;
    off += pad4(text_len);
    if (need(len, off, (size_t)n * 4, "the line table's line numbers", err, errlen)) return NULL;
    const uint8_t *nums = p + off;
    off += (size_t)n * 4;
    if (len != off) {
        snprintf(err, errlen, "kernel binary has %zu bytes after its line table (it must end at byte %zu)",
                 len - off, off);
        return NULL;
    }

    kbin_lines *l = calloc(1, sizeof *l);
    if (l) {
        l->file = malloc((size_t)name_len + 1);
        l->text = malloc((size_t)text_len + 1);
        l->line = malloc((size_t)n * 4);
    }
    if (!l || !l->file || !l->text || !l->line) {
        kbin_lines_free(l);
        snprintf(err, errlen, "out of host memory");
        return NULL;
    }
    memcpy(l->file, name, name_len);
    l->file[name_len] = 0;
    memcpy(l->text, text, text_len);
    l->text[text_len] = 0;
    l->text_len = text_len;
    l->num_insts = n;
    for (uint32_t i = 0; i < n; i++) l->line[i] = rd32(nums + 4 * i);
    if (check_line_numbers(l->line, n, l->text, text_len, err, errlen)) {
        kbin_lines_free(l);
        return NULL;
    }
    return l;
}

int kbin_parse(const void *data, size_t len, kbin *out, char *err, size_t errlen)
{
    const uint8_t *p = data;
    memset(out, 0, sizeof *out);
    if (!data || len < KBIN_HEADER_BYTES) {
        snprintf(err, errlen, "kernel binary is %zu bytes, shorter than its %u-byte header", len, KBIN_HEADER_BYTES);
        return -1;
    }
    if (memcmp(p, KBIN_MAGIC, 4) != 0) {
        snprintf(err, errlen, "not a kernel binary: bad magic (expected \"%s\")", KBIN_MAGIC);
        return -1;
    }
    uint32_t version = rd32(p + 4), n = rd32(p + 8), lds = rd32(p + 12), waves = rd32(p + 16);
    if (version != KBIN_VERSION && version != KBIN_VERSION_LINES) {
        snprintf(err, errlen, "kernel binary version %u is not supported (expected %u, or %u with a line table)",
                 version, KBIN_VERSION, KBIN_VERSION_LINES);
        return -1;
    }
    for (unsigned i = 20; i < KBIN_HEADER_BYTES; i++)
        if (p[i]) {
            snprintf(err, errlen, "kernel binary header: reserved byte %u is not zero", i);
            return -1;
        }
    if (n == 0 || n > ISA_MAX_INSTS) {
        snprintf(err, errlen, "kernel binary has %u instructions; must be 1..%u", n, ISA_MAX_INSTS);
        return -1;
    }
    if (lds > ISA_LDS_BYTES || lds % 4) {
        snprintf(err, errlen, "kernel binary declares %u LDS bytes; must be a multiple of 4 and at most %u", lds,
                 ISA_LDS_BYTES);
        return -1;
    }
    if (waves != 1 && waves != 2) {
        snprintf(err, errlen, "kernel binary declares %u waves per group; must be 1 or 2", waves);
        return -1;
    }
    size_t want = KBIN_HEADER_BYTES + (size_t)n * 8;
    if (version == KBIN_VERSION ? len != want : len < want) {
        snprintf(err, errlen, "kernel binary is %zu bytes but its header promises %u instructions (%zu bytes)%s", len,
                 n, want, version == KBIN_VERSION ? "" : " and a line table");
        return -1;
    }
    kbin_lines *lines = NULL;
    if (version == KBIN_VERSION_LINES && !(lines = parse_lines(p, len, want, n, err, errlen))) return -1;
    out->insts = malloc((size_t)n * 8);
    if (!out->insts) {
        kbin_lines_free(lines);
        snprintf(err, errlen, "out of host memory");
        return -1;
    }
    for (uint32_t i = 0; i < n; i++) {
        const uint8_t *q = p + KBIN_HEADER_BYTES + 8 * i;
        out->insts[i] = (uint64_t)rd32(q) | ((uint64_t)rd32(q + 4) << 32);
    }
    out->num_insts = n;
    out->lds_bytes = lds;
    out->waves_per_group = waves;
    out->lines = lines;
    return 0;
}

/* kbin_serialize's checks of a line table (kbin_parse's rules). */
static int check_lines(const kbin *k, char *err, size_t errlen)
{
    const kbin_lines *l = k->lines;
    if (l->num_insts != k->num_insts) {
        snprintf(err, errlen, "line table has %u entries but the kernel has %u instructions", l->num_insts,
                 k->num_insts);
        return -1;
    }
    if (!l->file || !l->line || (!l->text && l->text_len)) {
        snprintf(err, errlen, "line table without its %s", !l->file ? "file name" : !l->line ? "line array" : "text");
        return -1;
    }
    size_t name_len = strlen(l->file);
    if (name_len > KBIN_MAX_NAME_BYTES) {
        snprintf(err, errlen, "line table: file name length %zu is more than %u bytes", name_len,
                 KBIN_MAX_NAME_BYTES);
        return -1;
    }
    if (l->text_len > KBIN_MAX_TEXT_BYTES) {
        snprintf(err, errlen, "line table: source text length %u is more than %u bytes (16 MiB)", l->text_len,
                 KBIN_MAX_TEXT_BYTES);
        return -1;
    }
    return check_line_numbers(l->line, l->num_insts, l->text ? l->text : "", l->text_len, err, errlen);
}

int kbin_serialize(const kbin *k, uint8_t **out, size_t *len, char *err, size_t errlen)
{
    /* The same rules as kbin_parse: never write a file that cannot be loaded. */
    if (!k || !out || !len) {
        snprintf(err, errlen, "kbin_serialize: null argument");
        return -1;
    }
    if (k->num_insts == 0 || k->num_insts > ISA_MAX_INSTS) {
        snprintf(err, errlen, "kernel has %u instructions; must be 1..%u", k->num_insts, ISA_MAX_INSTS);
        return -1;
    }
    if (!k->insts) {
        snprintf(err, errlen, "kernel has %u instructions but no instruction array", k->num_insts);
        return -1;
    }
    if (k->lds_bytes > ISA_LDS_BYTES || k->lds_bytes % 4) {
        snprintf(err, errlen, "kernel declares %u LDS bytes; must be a multiple of 4 and at most %u", k->lds_bytes,
                 ISA_LDS_BYTES);
        return -1;
    }
    if (k->waves_per_group != 1 && k->waves_per_group != 2) {
        snprintf(err, errlen, "kernel declares %u waves per group; must be 1 or 2", k->waves_per_group);
        return -1;
    }
    const kbin_lines *l = k->lines;
    if (l && check_lines(k, err, errlen)) return -1;
    size_t n = KBIN_HEADER_BYTES + (size_t)k->num_insts * 8, name_len = l ? strlen(l->file) : 0;
    if (l) n += 4 + pad4(name_len) + 4 + pad4(l->text_len) + (size_t)k->num_insts * 4;
    uint8_t *b = calloc(1, n);
    if (!b) {
        snprintf(err, errlen, "out of host memory");
        return -1;
    }
    memcpy(b, KBIN_MAGIC, 4);
    wr32(b + 4, l ? KBIN_VERSION_LINES : KBIN_VERSION);
    wr32(b + 8, k->num_insts);
    wr32(b + 12, k->lds_bytes);
    wr32(b + 16, k->waves_per_group);
    for (uint32_t i = 0; i < k->num_insts; i++) {
        wr32(b + KBIN_HEADER_BYTES + 8 * i, (uint32_t)k->insts[i]);
        wr32(b + KBIN_HEADER_BYTES + 8 * i + 4, (uint32_t)(k->insts[i] >> 32));
    }
    if (l) {   /* the padding stays zero from calloc */
        uint8_t *q = b + KBIN_HEADER_BYTES + (size_t)k->num_insts * 8;
        wr32(q, (uint32_t)name_len);
        memcpy(q + 4, l->file, name_len);
        q += 4 + pad4(name_len);
        wr32(q, l->text_len);
        if (l->text_len) memcpy(q + 4, l->text, l->text_len);
        q += 4 + pad4(l->text_len);
        for (uint32_t i = 0; i < k->num_insts; i++) wr32(q + 4 * i, l->line[i]);
    }
    *out = b;
    *len = n;
    return 0;
}

int kbin_read_file(const char *path, uint8_t **data, size_t *len, size_t max, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        snprintf(err, errlen, "%s: is a directory", path);
        return -1;
    }
    size_t cap = 4096, n = 0;
    uint8_t *b = malloc(cap);
    int read_errno = 0;
    while (b) {
        if (n == cap) {
            if (cap > max) break;
            uint8_t *nb = realloc(b, cap * 2);
            if (!nb) { free(b); b = NULL; break; }
            b = nb;
            cap *= 2;
        }
        errno = 0;
        size_t r = fread(b + n, 1, cap - n, f);
        n += r;
        if (r == 0) {
            read_errno = errno;
            break;
        }
    }
    int bad = ferror(f);
    fclose(f);
    if (!b) {
        snprintf(err, errlen, "%s: out of host memory", path);
        return -1;
    }
    if (bad) {
        free(b);
        snprintf(err, errlen, "%s: read error: %s", path, read_errno ? strerror(read_errno) : "unknown cause");
        return -1;
    }
    if (n > max) {
        free(b);
        snprintf(err, errlen, "%s: file is larger than %zu bytes", path, max);
        return -1;
    }
    *data = b;
    *len = n;
    return 0;
}

int kbin_write_file(const char *path, const kbin *k, char *err, size_t errlen)
{
    uint8_t *b;
    size_t n;
    if (kbin_serialize(k, &b, &n, err, errlen)) return -1;
    FILE *f = fopen(path, "wb");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        free(b);
        return -1;
    }
    size_t w = fwrite(b, 1, n, f);
    int bad = (w != n) | (fclose(f) != 0);
    free(b);
    if (bad) {
        snprintf(err, errlen, "%s: write error: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

void kbin_free(kbin *k)
{
    free(k->insts);
    k->insts = NULL;
    k->num_insts = 0;
    kbin_lines_free(k->lines);
    k->lines = NULL;
}

void kbin_lines_free(kbin_lines *l)
{
    if (!l) return;
    free(l->file);
    free(l->text);
    free(l->line);
    free(l);
}

kbin_lines *kbin_lines_dup(const kbin_lines *l)
{
    if (!l) return NULL;
    kbin_lines *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    size_t name_len = l->file ? strlen(l->file) : 0;
    d->file = malloc(name_len + 1);
    d->text = malloc((size_t)l->text_len + 1);
    d->line = malloc((size_t)l->num_insts * 4 + 1);
    if (!d->file || !d->text || !d->line) {
        kbin_lines_free(d);
        return NULL;
    }
    if (name_len) memcpy(d->file, l->file, name_len);
    d->file[name_len] = 0;
    if (l->text_len) memcpy(d->text, l->text, l->text_len);
    d->text[l->text_len] = 0;
    if (l->num_insts) memcpy(d->line, l->line, (size_t)l->num_insts * 4);
    d->text_len = l->text_len;
    d->num_insts = l->num_insts;
    return d;
}

int kbin_source_line(const kbin_lines *l, uint32_t pc, unsigned *line, const char **text, size_t *text_len)
{
    if (!l || !l->line || pc >= l->num_insts) return 0;
    uint32_t want = l->line[pc];
    const char *p = l->text ? l->text : "", *end = p + (l->text ? l->text_len : 0);
    for (uint32_t n = 1; n < want && p < end; n++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        p = nl ? nl + 1 : end;
    }
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    size_t n = (size_t)((nl ? nl : end) - p);
    if (n && p[n - 1] == '\r') n--;
    if (line) *line = want;
    if (text) *text = p;
    if (text_len) *text_len = n;
    return 1;
}

int kbin_format_source(const kbin_lines *l, uint32_t pc, char *buf, size_t len)
{
    unsigned line;
    const char *t;
    size_t n;
    if (buf && len) buf[0] = 0;
    if (!kbin_source_line(l, pc, &line, &t, &n)) return 0;
    while (n && (*t == ' ' || *t == '\t')) t++, n--;
    while (n && (t[n - 1] == ' ' || t[n - 1] == '\t' || t[n - 1] == '\r')) n--;
    if (buf && len) snprintf(buf, len, "%s:%u: %.*s", l->file ? l->file : "?", line, n > 65536 ? 65536 : (int)n, t);
    return 1;
}
