/* SPDX-License-Identifier: Apache-2.0 */
/* asm_test.h: what the files of test_asm share (reporting and random
 * numbers are tb/lib/): the random stream, a growing text buffer, the
 * assembling helpers, and this test's own description of each format's
 * operands with the operand variants it tries. */
#ifndef TB_ASM_TEST_H
#define TB_ASM_TEST_H

#define _POSIX_C_SOURCE 200809L

#include "asm.h"
#include "check.h"
#include "prng.h"
#include "disasm.h"
#include "isa.h"
#include "kbin.h"
#include <dirent.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* The random stream of every test here; each test seeds it first. */
extern prng rng;

typedef struct {
    char *s;
    size_t n, cap;
} sbuf;

void sb_putn(sbuf *b, const char *p, size_t n);
void sb_printf(sbuf *b, const char *fmt, ...);
void sb_free(sbuf *b);
extern const char PRELUDE[];
int as_src(const char *src, size_t len, kbin *k, char *err, size_t errlen);

/* Assembles PRELUDE + one line to exactly one word. */
int as_line(const char *line, uint64_t *w, char *err, size_t errlen);

/* Does this valid word write a constant register (which the assembler refuses)? */
bool writes_const(uint64_t w);

/* disasm(w) -> asm -> must give w again. A valid word (that the assembler
 * accepts) must be decoded, not printed as .inst; an invalid one must be .inst. */
bool roundtrip(check_case *t, uint64_t w);

typedef enum { S_DEST, S_ADDR, S_MASK, S_SHORT, S_LONG, S_TARGET, S_SIG, S_SIGN } skind;

typedef struct {
    skind k;
    unsigned hi, lo;
} sslot;

enum { M_OFF = 1, M_SC = 2, M_NT = 4, M_NORET = 8 };

#define FLD(F) ISA_F_##F##_HI, ISA_F_##F##_LO

/* The operands of op in text order; returns their count, or -1 for a format
 * this test does not know (a new format must be added here). */
int spec(const isa_op_info *op, sslot *s, unsigned *mods);

/* Puts an operand value into w: a short source is 14 bits (kind << 12 | payload),
 * a long one is kind << 32 | payload. */
uint64_t put_slot(uint64_t w, const sslot *s, uint64_t v);

typedef struct {
    const char *text;
    uint64_t v;
} var;

#define MK(r1, i1, r2, i2) (((uint32_t)(i1) << 11) | ((uint32_t)(r1) << 6) | ((uint32_t)(i2) << 5) | (uint32_t)(r2))
#define KV ((uint64_t)ISA_KIND_V)
#define KL ((uint64_t)ISA_KIND_L)

extern const var dest_vars[4];
extern const var addr_vars[6];
extern const var mask_vars[11];
extern const var reg_src_vars[17];
extern const var short_lit_vars[14];
extern const var long_lit_vars[27];
extern const var target_vars[5];

typedef struct {
    const char *text;
    unsigned mod;
    uint64_t bits;   /* OR-ed into the word */
} modvar;

static inline uint64_t fset(unsigned hi, unsigned lo, uint64_t v) { return isa_put(0, hi, lo, v); }
void mod_vars(modvar *m, unsigned *n);
void test_layout_matches_isa_def_syntax(void);
void test_layout_covers_format_fields(void);
void test_every_opcode_operand_kind(void);
void test_canonical_words_roundtrip(void);
void test_random_words_roundtrip(void);

/* f32 literals print as decimals that reassemble to the same bits. */
void test_f32_literals_roundtrip(void);

const isa_op_info *random_op(void);
void test_program_roundtrip(void);
void test_disasm_text(void);

/* The whole-program text: header, labels at targets (also one past the end),
 * numbers for targets beyond it, raw words, pc comments. */
void test_disasm_program_text(void);

void test_disasm_truncation(void);

#define OP(x) ((uint64_t)(x) << 56)

void test_features(void);

/* Is msg "t.s:L:C: text" with 1 <= L <= nlines and 1 <= C <= its length + 1? */
bool msg_well_formed(const char *msg, const char *src, size_t len, char *why, size_t whylen);

void test_errors(void);

/* Errors that need long or generated input. */
void test_errors_generated(void);

/* Error messages are cut to the caller's buffer, never overflow it. */
void test_error_buffer_small(void);

extern const char CORPUS[];
void test_robust_garbage(void);
void test_robust_tokens(void);
void test_robust_mutations(void);
void test_kbin(void);
void test_tools(void);

/* The line table of version 2 binaries (lines.c). */
void test_lines(void);

/* Messages for short literals, trailing commas; the shorthand forms (messages.c). */
void test_messages(void);

#endif
