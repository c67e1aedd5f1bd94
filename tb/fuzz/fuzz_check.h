/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_check.h: what the libFuzzer targets of tb/fuzz/ share. A broken
 * invariant prints what broke and where, then aborts: libFuzzer reports the
 * abort as a crash and saves the input (scripts/fuzz_parsers.sh). */
#ifndef TB_FUZZ_CHECK_H
#define TB_FUZZ_CHECK_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm.h"
#include "disasm.h"
#include "kbin.h"

static inline void fuzz_fail(const char *file, int line, const char *cond, const char *fmt, ...)
    __attribute__((noreturn, format(printf, 4, 5)));
static inline void fuzz_fail(const char *file, int line, const char *cond, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "\nFUZZ CHECK FAILED at %s:%d: %s\n    ", file, line, cond);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n");
    fflush(stderr);
    abort();
}

/* FUZZ_CHECK(cond, fmt, ...): cond must hold; the message says what was seen. */
#define FUZZ_CHECK(cond, ...) \
    do { \
        if (!(cond)) fuzz_fail(__FILE__, __LINE__, #cond, __VA_ARGS__); \
    } while (0)

/* A message is one line: not empty, no newline, NUL-terminated within len. */
static inline void fuzz_check_one_line(const char *what, const char *msg, size_t len)
{
    const char *nul = memchr(msg, 0, len);
    FUZZ_CHECK(nul, "%s: message not NUL-terminated", what);
    size_t n = (size_t)(nul - msg);
    FUZZ_CHECK(n > 0, "%s: empty message", what);
    FUZZ_CHECK(!memchr(msg, '\n', n), "%s: message is more than one line: '%s'", what, msg);
}

/* *k is empty, as a failed call must leave it. */
static inline void fuzz_check_kbin_empty(const char *what, const kbin *k)
{
    FUZZ_CHECK(k->num_insts == 0 && k->insts == NULL && k->lines == NULL,
               "%s failed but left a kernel behind: %u instructions, insts %p, lines %p", what, k->num_insts,
               (void *)k->insts, (void *)k->lines);
}

/* The number of lines of a text, counted as the assembler and kbin.h count
 * them: a newline ends a line, text after the last newline is one more. */
static inline uint32_t fuzz_count_lines(const char *t, size_t n)
{
    uint32_t lines = 0;
    size_t start = 0;
    for (size_t i = 0; i < n; i++)
        if (t[i] == '\n') lines++, start = i + 1;
    return lines + (start < n ? 1 : 0);
}

/* Two kernels hold the same header, instructions and line table (NULL if
 * so, else what differs). */
static inline const char *fuzz_kbin_diff(const kbin *a, const kbin *b)
{
    if (a->num_insts != b->num_insts) return "instruction count";
    if (a->lds_bytes != b->lds_bytes) return "lds_bytes";
    if (a->waves_per_group != b->waves_per_group) return "waves_per_group";
    if (a->num_insts && memcmp(a->insts, b->insts, (size_t)a->num_insts * 8)) return "instructions";
    if (!a->lines != !b->lines) return "presence of the line table";
    if (!a->lines) return NULL;
    const kbin_lines *x = a->lines, *y = b->lines;
    if (strcmp(x->file, y->file)) return "line table file name";
    if (x->text_len != y->text_len || memcmp(x->text, y->text, x->text_len)) return "line table text";
    if (y->text[y->text_len] != 0) return "line table text not NUL-terminated";
    if (x->num_insts != y->num_insts) return "line table instruction count";
    if (x->num_insts && memcmp(x->line, y->line, (size_t)x->num_insts * 4)) return "line table line numbers";
    return NULL;
}

/* The kernel's header and line table keep kbin.h's rules. */
static inline void fuzz_check_kbin_rules(const char *what, const kbin *k)
{
    FUZZ_CHECK(k->num_insts >= 1 && k->num_insts <= 4096 && k->insts, "%s: %u instructions (insts %p)", what,
               k->num_insts, (void *)k->insts);
    FUZZ_CHECK(k->lds_bytes % 4 == 0 && k->lds_bytes <= 65536, "%s: lds_bytes %u", what, k->lds_bytes);
    FUZZ_CHECK(k->waves_per_group == 1 || k->waves_per_group == 2, "%s: waves_per_group %u", what,
               k->waves_per_group);
    const kbin_lines *l = k->lines;
    if (!l) return;
    FUZZ_CHECK(l->file && l->text && l->line, "%s: line table with a NULL member", what);
    FUZZ_CHECK(l->num_insts == k->num_insts, "%s: line table for %u instructions, kernel has %u", what, l->num_insts,
               k->num_insts);
    FUZZ_CHECK(l->text[l->text_len] == 0, "%s: line table text not NUL-terminated", what);
    uint32_t nlines = fuzz_count_lines(l->text, l->text_len);
    for (uint32_t pc = 0; pc < l->num_insts; pc++)
        FUZZ_CHECK(l->line[pc] >= 1 && l->line[pc] <= nlines, "%s: instruction %u has line %u of a %u-line text",
                   what, pc, l->line[pc], nlines);
}

/* Serialises k (which must succeed), parses the image back, and checks the
 * two agree; *img / *img_len (may be NULL) get the image (free it). */
static inline void fuzz_check_serialize(const char *what, const kbin *k, uint8_t **img, size_t *img_len)
{
    uint8_t *bytes = NULL;
    size_t len = 0;
    char err[1024];
    int rc = kbin_serialize(k, &bytes, &len, err, sizeof err);
    FUZZ_CHECK(rc == 0, "%s: kbin_serialize refused a valid kernel: %s", what, err);
    size_t want = 32 + (size_t)k->num_insts * 8;
    FUZZ_CHECK(k->lines ? len > want : len == want, "%s: image of %zu bytes for %u instructions%s", what, len,
               k->num_insts, k->lines ? " and a line table" : "");
    kbin back;
    memset(&back, 0x5A, sizeof back);
    rc = kbin_parse(bytes, len, &back, err, sizeof err);
    FUZZ_CHECK(rc == 0, "%s: kbin_parse refused kbin_serialize's image: %s", what, err);
    const char *diff = fuzz_kbin_diff(k, &back);
    FUZZ_CHECK(!diff, "%s: serialize then parse changed the %s", what, diff);
    kbin_free(&back);
    if (img) {
        *img = bytes;
        *img_len = len;
    } else {
        free(bytes);
    }
}

/* Disassembles k (disasm_program with flags) and reassembles the text: the
 * same header and instructions must come back (disasm.h). */
static inline void fuzz_check_disasm_program(const char *what, const kbin *k, unsigned flags)
{
    char *text = disasm_program(k, flags);
    FUZZ_CHECK(text, "%s: disasm_program returned NULL", what);
    kbin b;
    char err[1024];
    int rc = asm_assemble(text, strlen(text), "disasm.s", &b, err, sizeof err);
    if (rc) fprintf(stderr, "---- the disassembly (flags %u) ----\n%.20000s\n----\n", flags, text);
    FUZZ_CHECK(rc == 0, "%s: disasm_program's text (flags %u) does not reassemble: %s", what, flags, err);
    FUZZ_CHECK(b.num_insts == k->num_insts && b.lds_bytes == k->lds_bytes && b.waves_per_group == k->waves_per_group,
               "%s: header %u/%u/%u reassembled (flags %u) as %u/%u/%u", what, k->num_insts, k->lds_bytes,
               k->waves_per_group, flags, b.num_insts, b.lds_bytes, b.waves_per_group);
    for (uint32_t pc = 0; pc < k->num_insts; pc++)
        FUZZ_CHECK(b.insts[pc] == k->insts[pc], "%s: pc %u: %016llx reassembled (flags %u) as %016llx", what, pc,
                   (unsigned long long)k->insts[pc], flags, (unsigned long long)b.insts[pc]);
    kbin_free(&b);
    free(text);
}

#endif
