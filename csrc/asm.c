/* SPDX-License-Identifier: Apache-2.0 */
/* asm.c: the assembler (docs/isa.md section 9).
 *
 * One pass over the source, line by line: a lexer splits the line into
 * tokens, labels and directives are handled here, and an instruction is
 * parsed by walking the operand layout of its format (asm_fmt_layout, built
 * from isa.def's syntax string and ISA_FMT_OPERANDS row), the only place that
 * knows which operand goes into which field. Forward
 * branch targets are recorded and patched at the end. Nothing here lists
 * mnemonics or opcodes; those come from isa.def.
 */
#include "asm.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Operand layouts, one per format, from isa.def ---- */

/* One operand name of a syntax string (docs/isa.md 3 and the comment of
 * ISA_FMT_OPERANDS in isa.def): its layout entry, or false if unknown. */
static bool syntax_operand(const char *tok, size_t n, const isa_fmt_operands *o, asm_opd *d)
{
    static const struct {
        const char *name;
        int slot;   /* the source slot it names, or -1 */
    } names[] = { { "vD", -1 }, { "M", -1 }, { "target", -1 }, { "sig", -1 }, { "sig...", -1 }, { "vAddr", 0 },
                  { "A", 0 },   { "F", 0 },  { "B", 1 },       { "T", 1 },   { "V", 1 },      { "C", 2 } };
    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strlen(names[i].name) != n || strncmp(tok, names[i].name, n) != 0) continue;
        d->name = names[i].name;
        if (names[i].slot >= 0) {
            const isa_src_slot *s = &o->src[names[i].slot];
            if (s->type == ISA_SRC_LONG) {
                d->type = ASM_OPD_LONG, d->hi = ISA_F_LV_HI, d->lo = ISA_F_LV_LO;
                return true;
            }
            if (s->type != ISA_SRC_SHORT && s->type != ISA_SRC_VREG) return false;
            if ((s->type == ISA_SRC_VREG) != (i == 5)) return false;   /* vAddr is the register slot */
            d->type = s->type == ISA_SRC_VREG ? ASM_OPD_ADDR : ASM_OPD_SHORT;
            d->hi = (uint8_t)isa_field_hi(s->field), d->lo = (uint8_t)isa_field_lo(s->field);
            return true;
        }
        switch (i) {
        case 0: d->type = ASM_OPD_DEST, d->hi = ISA_F_D_HI, d->lo = ISA_F_D_LO; return o->dest != ISA_DEST_NONE;
        case 1: d->type = ASM_OPD_MASK, d->hi = ISA_F_M_HI, d->lo = ISA_F_M_LO; return o->mask;
        case 2: d->type = ASM_OPD_TARGET, d->hi = ISA_F_TARGET_HI, d->lo = ISA_F_TARGET_LO; return true;
        case 3:
            d->type = ASM_OPD_SIG, d->hi = (uint8_t)isa_field_hi(o->sig_field), d->lo = (uint8_t)isa_field_lo(o->sig_field);
            return o->sigs == ISA_SIGS_ONE;
        default:
            d->type = ASM_OPD_SIGS, d->hi = (uint8_t)(isa_field_lo(o->sig_field) + 3);
            d->lo = (uint8_t)(isa_field_lo(o->sig_field) - 12);
            return o->sigs == ISA_SIGS_LIST;
        }
    }
    return false;
}

asm_layout asm_fmt_layout(isa_fmt f)
{
    asm_layout l;
    memset(&l, 0, sizeof l);
    if ((unsigned)f >= ISA_FMT_COUNT) return l;
    const isa_fmt_operands *o = isa_fmt_ops(f);
    const char *s = isa_fmt_syntax(f);
    while (*s) {
        if (*s == ' ' || *s == ',') {
            s++;
            continue;
        }
        if (*s == '[') {   /* a modifier: [offset:N] [sc:S] [nt] [noret] */
            const char *e = strchr(s, ']');
            size_t n = e ? (size_t)(e - s - 1) : strlen(s + 1);
            if (n == 8 && strncmp(s + 1, "offset:N", 8) == 0) l.mods |= ASM_MOD_OFFSET;
            if (n == 4 && strncmp(s + 1, "sc:S", 4) == 0) l.mods |= ASM_MOD_SCOPE;
            if (n == 2 && strncmp(s + 1, "nt", 2) == 0) l.mods |= ASM_MOD_NT;
            if (n == 5 && strncmp(s + 1, "noret", 5) == 0) l.mods |= ASM_MOD_NORET;
            s += n + 1 + (e != NULL);
            continue;
        }
        size_t n = strcspn(s, " ,");
        asm_opd d = { 0, 0, 0, NULL };
        /* (an unknown name or one the operand row lacks leaves a gap that
         * test_asm's layout checks report) */
        if (syntax_operand(s, n, o, &d) && l.nopd < ASM_MAX_OPDS) l.opd[l.nopd++] = d;
        s += n;
    }
    return l;
}

/* ---- Assembler state ---- */

typedef enum { T_END, T_IDENT, T_NUM, T_COMMA, T_AMP, T_TILDE, T_LBRACK, T_RBRACK, T_COLON, T_MINUS } tok_type;

typedef struct {
    tok_type type;
    const char *p;     /* into the source */
    unsigned len;
    unsigned col;      /* 1-based */
} token;

/* A literal: an integer (sign and magnitude, so that both -2^31 and 2^64-1
 * are representable) or an f32 bit pattern. */
typedef struct {
    bool is_float;
    bool neg;
    uint64_t mag;
    uint32_t fbits;
} lit;

typedef enum { SYM_LABEL, SYM_EQU, SYM_ALIAS } sym_kind;

typedef struct {
    const char *name;  /* into the source */
    unsigned len;
    sym_kind kind;
    unsigned line;
    uint32_t pc;       /* SYM_LABEL */
    lit val;           /* SYM_EQU */
    unsigned reg;      /* SYM_ALIAS */
} sym;

typedef struct {
    size_t inst;
    const char *name;
    unsigned len, line, col;
} fixup;

typedef struct {
    const char *file;
    char *err;
    size_t errlen;
    unsigned line;

    token *tok;
    size_t ntok, captok, pos;

    uint64_t *insts;
    uint32_t *lineno;      /* lineno[i]: the source line of insts[i] */
    size_t ninst, capinst, caplineno;

    sym *syms;
    size_t nsym, capsym;
    uint32_t *hash;        /* open addressing: index + 1 into syms, 0 = empty */
    size_t hashcap;

    fixup *fix;
    size_t nfix, capfix;

    unsigned lds, waves, lds_line, waves_line;
} asm_ctx;

/* Reports an error at (current line, col). Always returns -1. */
static int fail(asm_ctx *c, unsigned col, const char *fmt, ...)
{
    if (!c->err || c->errlen == 0) return -1;
    int k = snprintf(c->err, c->errlen, "%s:%u:%u: ", c->file, c->line, col);
    if (k >= 0 && (size_t)k < c->errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(c->err + k, c->errlen - (size_t)k, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static int grow(void **p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap) return 0;
    size_t n = *cap ? *cap : 16;
    while (n < need) n *= 2;
    void *q = realloc(*p, n * elem);
    if (!q) return -1;
    *p = q;
    *cap = n;
    return 0;
}

/* ---- Tokens ---- */

static bool is_alpha(int ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'); }
static bool is_digit(int ch) { return ch >= '0' && ch <= '9'; }
static bool is_id_start(int ch) { return is_alpha(ch) || ch == '_' || ch == '.'; }
static bool is_id_char(int ch) { return is_alpha(ch) || is_digit(ch) || ch == '_' || ch == '.'; }

static bool tok_is(const token *t, const char *s)
{
    size_t n = strlen(s);
    return t->type == T_IDENT && t->len == n && memcmp(t->p, s, n) == 0;
}

/* A printable description of a token for messages, e.g. 'v20' or end of line. */
typedef struct { char s[80]; } tdesc;

static tdesc describe(const token *t)
{
    tdesc d;
    if (t->type == T_END)
        snprintf(d.s, sizeof d.s, "end of line");
    else if (t->len > 48)
        snprintf(d.s, sizeof d.s, "'%.48s...'", t->p);
    else
        snprintf(d.s, sizeof d.s, "'%.*s'", (int)t->len, t->p);
    return d;
}

/* The source text of tokens start..pos-1 (a literal such as "- 5"), quoted. */
static tdesc span(const asm_ctx *c, size_t start)
{
    tdesc d;
    const token *a = &c->tok[start], *b = &c->tok[c->pos ? c->pos - 1 : 0];
    size_t n = (size_t)(b->p + b->len - a->p);
    if (start >= c->pos) n = a->len;
    if (n > 48) snprintf(d.s, sizeof d.s, "'%.48s...'", a->p);
    else snprintf(d.s, sizeof d.s, "'%.*s'", (int)n, a->p);
    return d;
}

/* The token text as a C string (token lengths are checked by the lexer). */
typedef struct { char s[ASM_MAX_TOKEN + 1]; } tname;

static tname name_of(const token *t)
{
    tname n;
    unsigned len = t->len < ASM_MAX_TOKEN ? t->len : ASM_MAX_TOKEN;
    memcpy(n.s, t->p, len);
    n.s[len] = 0;
    return n;
}

static int push_tok(asm_ctx *c, token t)
{
    if (grow((void **)&c->tok, &c->captok, c->ntok + 1, sizeof *c->tok))
        return fail(c, t.col, "out of memory");
    c->tok[c->ntok++] = t;
    return 0;
}

static int lex_line(asm_ctx *c, const char *s, unsigned n)
{
    c->ntok = 0;
    c->pos = 0;
    unsigned i = 0, end_col = 1;
    while (i < n) {
        unsigned char ch = (unsigned char)s[i];
        if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f') { i++; continue; }
        if (ch == '#' || ch == ';' || (ch == '/' && i + 1 < n && s[i + 1] == '/')) break;
        token t = { T_END, s + i, 0, i + 1 };
        unsigned j = i + 1;
        if (is_id_start(ch)) {
            while (j < n && is_id_char((unsigned char)s[j])) j++;
            t.type = T_IDENT;
        } else if (is_digit(ch)) {
            bool hex = ch == '0' && j < n && (s[j] == 'x' || s[j] == 'X');
            while (j < n) {
                unsigned char d = (unsigned char)s[j];
                if (is_id_char(d)) j++;
                else if (!hex && (d == '+' || d == '-') && (s[j - 1] == 'e' || s[j - 1] == 'E')) j++;
                else break;
            }
            t.type = T_NUM;
        } else {
            switch (ch) {
            case ',': t.type = T_COMMA; break;
            case '&': t.type = T_AMP; break;
            case '~': t.type = T_TILDE; break;
            case '[': t.type = T_LBRACK; break;
            case ']': t.type = T_RBRACK; break;
            case ':': t.type = T_COLON; break;
            case '-': t.type = T_MINUS; break;
            default:
                if (ch >= 0x20 && ch < 0x7f) return fail(c, i + 1, "unexpected character '%c'", ch);
                return fail(c, i + 1, "unexpected character '\\x%02x'", ch);
            }
        }
        t.len = j - i;
        if (t.len > ASM_MAX_TOKEN)
            return fail(c, t.col, "%s is longer than %u characters", t.type == T_IDENT ? "name" : "number",
                        ASM_MAX_TOKEN);
        if (push_tok(c, t)) return -1;
        i = j;
        end_col = j + 1;
    }
    token e = { T_END, s + (i < n ? i : n), 0, end_col };
    return push_tok(c, e);
}

static token *peek(asm_ctx *c) { return &c->tok[c->pos]; }
static token *peek2(asm_ctx *c) { return c->pos + 1 < c->ntok ? &c->tok[c->pos + 1] : &c->tok[c->ntok - 1]; }

static token *advance(asm_ctx *c)
{
    token *t = &c->tok[c->pos];
    if (t->type != T_END) c->pos++;
    return t;
}

/* ---- Symbols ---- */

static uint32_t hash_name(const char *p, unsigned n)
{
    uint32_t h = 2166136261u;
    for (unsigned i = 0; i < n; i++) h = (h ^ (unsigned char)p[i]) * 16777619u;
    return h;
}

static sym *sym_find(asm_ctx *c, const char *p, unsigned n)
{
    if (!c->hashcap) return NULL;
    size_t m = c->hashcap - 1;
    for (size_t i = hash_name(p, n) & m; c->hash[i]; i = (i + 1) & m) {
        sym *s = &c->syms[c->hash[i] - 1];
        if (s->len == n && memcmp(s->name, p, n) == 0) return s;
    }
    return NULL;
}

static int sym_rehash(asm_ctx *c, size_t cap)
{
    uint32_t *h = calloc(cap, sizeof *h);
    if (!h) return -1;
    for (size_t k = 0; k < c->nsym; k++) {
        size_t i = hash_name(c->syms[k].name, c->syms[k].len) & (cap - 1);
        while (h[i]) i = (i + 1) & (cap - 1);
        h[i] = (uint32_t)(k + 1);
    }
    free(c->hash);
    c->hash = h;
    c->hashcap = cap;
    return 0;
}

/* Is the name v<digits> (register syntax) or s<digits> (signal syntax)? */
static bool has_num_suffix(const token *t, char first)
{
    if (t->type != T_IDENT || t->len < 2 || t->p[0] != first) return false;
    for (unsigned i = 1; i < t->len; i++)
        if (!is_digit((unsigned char)t->p[i])) return false;
    return true;
}

/* Checks that a name may be defined (label, .equ, .alias) and adds it. */
static sym *sym_define(asm_ctx *c, const token *t, sym_kind kind)
{
    tname n = name_of(t);
    if (has_num_suffix(t, 'v') || isa_const_by_name(n.s) >= 0) {
        fail(c, t->col, "'%s' is a register name and cannot be defined", n.s);
        return NULL;
    }
    if (has_num_suffix(t, 's')) {
        fail(c, t->col, "'%s' is a signal name and cannot be defined", n.s);
        return NULL;
    }
    if (tok_is(t, "inf") || tok_is(t, "nan")) {
        fail(c, t->col, "'%s' is an f32 literal and cannot be defined", n.s);
        return NULL;
    }
    sym *old = sym_find(c, t->p, t->len);
    if (old) {
        fail(c, t->col, "'%s' is already defined at line %u", n.s, old->line);
        return NULL;
    }
    if (grow((void **)&c->syms, &c->capsym, c->nsym + 1, sizeof *c->syms) ||
        ((c->nsym + 1) * 2 > c->hashcap && sym_rehash(c, c->hashcap ? c->hashcap * 2 : 64))) {
        fail(c, t->col, "out of memory");
        return NULL;
    }
    sym *s = &c->syms[c->nsym++];
    memset(s, 0, sizeof *s);
    s->name = t->p;
    s->len = t->len;
    s->kind = kind;
    s->line = c->line;
    size_t m = c->hashcap - 1, i = hash_name(t->p, t->len) & m;
    while (c->hash[i]) i = (i + 1) & m;
    c->hash[i] = (uint32_t)c->nsym;
    return s;
}

/* ---- Operands ---- */

/* The register an identifier names: 0..63; -1 if it is not a register name;
 * -2 if it looks like a register but is bad (error reported). */
static int ident_reg(asm_ctx *c, const token *t)
{
    if (t->type != T_IDENT) return -1;
    if (has_num_suffix(t, 'v')) {
        unsigned v = 0;
        bool ok = t->len <= 3 && !(t->len == 3 && t->p[1] == '0');
        for (unsigned i = 1; ok && i < t->len; i++) v = v * 10 + (unsigned)(t->p[i] - '0');
        if (!ok || v >= ISA_NUM_REGS) {
            fail(c, t->col, "bad register %s: registers are v0..v%u", describe(t).s, ISA_NUM_REGS - 1);
            return -2;
        }
        return (int)v;
    }
    int r = isa_const_by_name(name_of(t).s);
    if (r >= 0) return r;
    sym *s = sym_find(c, t->p, t->len);
    if (s && s->kind == SYM_ALIAS) return (int)s->reg;
    return -1;
}

/* Parses the text of a number token. */
static int parse_number(asm_ctx *c, const token *t, lit *out)
{
    const char *p = t->p;
    unsigned n = t->len;
    memset(out, 0, sizeof *out);
    if (n > 1 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        if (n == 2) return fail(c, t->col, "bad number %s: no hex digits after '0x'", describe(t).s);
        for (unsigned i = 2; i < n; i++) {
            int ch = (unsigned char)p[i], d;
            if (is_digit(ch)) d = ch - '0';
            else if (ch >= 'a' && ch <= 'f') d = ch - 'a' + 10;
            else if (ch >= 'A' && ch <= 'F') d = ch - 'A' + 10;
            else return fail(c, t->col, "bad number %s", describe(t).s);
            if (out->mag > (UINT64_MAX >> 4)) return fail(c, t->col, "number %s is too large", describe(t).s);
            out->mag = (out->mag << 4) | (uint64_t)d;
        }
        return 0;
    }
    /* digits [. digits] [e [+-] digits] [f] */
    unsigned i = 0, mant_end;
    bool is_float = false;
    while (i < n && is_digit((unsigned char)p[i])) i++;
    if (i < n && p[i] == '.') {
        is_float = true;
        i++;
        while (i < n && is_digit((unsigned char)p[i])) i++;
    }
    if (i < n && (p[i] == 'e' || p[i] == 'E')) {
        is_float = true;
        i++;
        if (i < n && (p[i] == '+' || p[i] == '-')) i++;
        unsigned d0 = i;
        while (i < n && is_digit((unsigned char)p[i])) i++;
        if (i == d0) return fail(c, t->col, "bad number %s: no digits in the exponent", describe(t).s);
    }
    mant_end = i;
    if (i < n && (p[i] == 'f' || p[i] == 'F')) {
        is_float = true;
        i++;
    }
    if (i != n) return fail(c, t->col, "bad number %s", describe(t).s);
    if (!is_float) {
        for (i = 0; i < n; i++) {
            uint64_t d = (uint64_t)(p[i] - '0');
            if (out->mag > (UINT64_MAX - d) / 10) return fail(c, t->col, "number %s is too large", describe(t).s);
            out->mag = out->mag * 10 + d;
        }
        return 0;
    }
    char buf[ASM_MAX_TOKEN + 1];
    memcpy(buf, p, mant_end);
    buf[mant_end] = 0;
    char *end;
    float f = strtof(buf, &end);
    if (end != buf + mant_end) return fail(c, t->col, "bad f32 literal %s", describe(t).s);
    if (isinf(f)) return fail(c, t->col, "f32 literal %s is too large (use inf)", describe(t).s);
    out->is_float = true;
    memcpy(&out->fbits, &f, sizeof out->fbits);
    return 0;
}

/* A literal: [-] (number | inf | nan | .equ name). what names the operand. */
static int parse_literal(asm_ctx *c, const char *what, lit *out, unsigned *col)
{
    token *t = peek(c);
    bool neg = false;
    *col = t->col;
    if (t->type == T_MINUS) {
        neg = true;
        advance(c);
        t = peek(c);
    }
    memset(out, 0, sizeof *out);
    if (t->type == T_NUM) {
        if (parse_number(c, t, out)) return -1;
    } else if (tok_is(t, "inf") || tok_is(t, "nan")) {
        out->is_float = true;
        out->fbits = tok_is(t, "inf") ? 0x7F800000u : 0x7FC00000u;
    } else if (t->type == T_IDENT) {
        int r = ident_reg(c, t);
        if (r == -2) return -1;
        sym *s = sym_find(c, t->p, t->len);
        if (r >= 0)
            return fail(c, t->col, "expected a number for %s, found register %s", what, describe(t).s);
        if (!s)
            return fail(c, t->col, "unknown name %s (not a register, constant, .equ or .alias)", describe(t).s);
        if (s->kind != SYM_EQU)
            return fail(c, t->col, "label %s cannot be used as a value for %s", describe(t).s, what);
        *out = s->val;
    } else {
        return fail(c, t->col, "expected %s, found %s", what, describe(t).s);
    }
    advance(c);
    if (neg) {
        if (out->is_float) out->fbits ^= 0x80000000u;
        else if (out->mag) out->neg = !out->neg;
    }
    return 0;
}

/* An integer literal. */
static int parse_int(asm_ctx *c, const char *what, lit *out, unsigned *col)
{
    if (parse_literal(c, what, out, col)) return -1;
    if (out->is_float) return fail(c, *col, "expected an integer for %s, found an f32 literal", what);
    return 0;
}

/* The 32-bit pattern of a literal; false if an integer does not fit 32 bits. */
static bool lit_bits32(const lit *l, uint32_t *bits)
{
    if (l->is_float) { *bits = l->fbits; return true; }
    if (!l->neg) {
        if (l->mag > 0xFFFFFFFFu) return false;
        *bits = (uint32_t)l->mag;
    } else {
        if (l->mag > 0x80000000u) return false;
        *bits = 0u - (uint32_t)l->mag;
    }
    return true;
}

static int bad_mask_reg(asm_ctx *c, const token *t, int r)
{
    if (has_num_suffix(t, 'v'))
        return fail(c, t->col, "mask register %s is not in v0..v%u", describe(t).s, ISA_NUM_MASK_REGS - 1);
    return fail(c, t->col, "mask register %s is v%d, not in v0..v%u", describe(t).s, r, ISA_NUM_MASK_REGS - 1);
}

/* A mask term: [~] register in v0..v31. */
static int parse_mask_term(asm_ctx *c, unsigned *reg, unsigned *inv)
{
    *inv = 0;
    if (peek(c)->type == T_TILDE) {
        advance(c);
        *inv = 1;
    }
    token *t = peek(c);
    int r = ident_reg(c, t);
    if (r == -2) return -1;
    if (r < 0) return fail(c, t->col, "expected a mask register (v0..v31 or a constant), found %s", describe(t).s);
    if (r >= ISA_NUM_MASK_REGS) return bad_mask_reg(c, t, r);
    advance(c);
    if (peek(c)->type == T_LBRACK) return fail(c, peek(c)->col, "a mask term is a plain register, without '[0]'");
    *reg = (unsigned)r;
    return 0;
}

/* The rest of a mask after its first term: [& term]; a single term t is t & one. */
static int parse_mask_rest(asm_ctx *c, unsigned r1, unsigned inv1, uint32_t *m12)
{
    unsigned r2 = ISA_REG_ONE, inv2 = 0;
    if (peek(c)->type == T_AMP) {
        advance(c);
        if (parse_mask_term(c, &r2, &inv2)) return -1;
    }
    isa_mask m = { (uint8_t)r1, (uint8_t)inv1, (uint8_t)r2, (uint8_t)inv2 };
    *m12 = isa_mask_encode(m);
    return 0;
}

static int parse_mask(asm_ctx *c, uint32_t *m12)
{
    unsigned r1, inv1;
    if (parse_mask_term(c, &r1, &inv1)) return -1;
    return parse_mask_rest(c, r1, inv1, m12);
}

/* A plain register operand (vD, vAddr, the register of .alias). */
static int parse_reg(asm_ctx *c, const char *what, unsigned *reg)
{
    token *t = peek(c);
    int r = ident_reg(c, t);
    if (r == -2) return -1;
    if (r < 0) return fail(c, t->col, "expected a register for %s, found %s", what, describe(t).s);
    advance(c);
    if (peek(c)->type == T_LBRACK)
        return fail(c, peek(c)->col, "%s must be a plain register; '[0]' is only for source operands", what);
    *reg = (unsigned)r;
    return 0;
}

/* A literal's value as text the assembler reads back to the same bits: an
 * f32 as the shortest such decimal (inf, nan; hex for other NaNs), an
 * integer in decimal (hex from 65536 up). */
typedef struct { char s[48]; } lvalue;

static lvalue lit_value(const lit *l, uint32_t bits)
{
    lvalue v;
    if (!l->is_float) {
        if (l->neg) snprintf(v.s, sizeof v.s, "-%llu", (unsigned long long)l->mag);
        else if (l->mag < 65536) snprintf(v.s, sizeof v.s, "%llu", (unsigned long long)l->mag);
        else snprintf(v.s, sizeof v.s, "0x%llx", (unsigned long long)l->mag);
        return v;
    }
    uint32_t exp = (bits >> 23) & 0xff, man = bits & 0x7fffff;
    const char *sign = (bits >> 31) ? "-" : "";
    if (exp == 0xff && man == 0) { snprintf(v.s, sizeof v.s, "%sinf", sign); return v; }
    if (exp == 0xff && man == 0x400000) { snprintf(v.s, sizeof v.s, "%snan", sign); return v; }
    if (exp == 0xff) { snprintf(v.s, sizeof v.s, "0x%08x", bits); return v; }
    float f, back;
    memcpy(&f, &bits, sizeof f);
    for (int p = 1; p <= 9; p++) {
        snprintf(v.s, sizeof v.s, "%.*g", p, (double)f);
        back = strtof(v.s, NULL);
        if (memcmp(&back, &f, sizeof f) == 0) break;
    }
    if (!strpbrk(v.s, ".e")) strcat(v.s, ".0");   /* "2" -> "2.0": an f32 literal */
    return v;
}

/* A source operand: V (vN), S (vN[0]), M (a mask with '&' or '~'), L (a literal).
 * A short source's literal must fit 12 bits sign-extended; no_long names the
 * instruction when its format has no long operand to point to instead. */
static int parse_src(asm_ctx *c, const char *what, bool is_short, const char *no_long, uint32_t *kind,
                     uint32_t *payload)
{
    token *t = peek(c);
    if (t->type == T_TILDE) {
        unsigned r1, inv1;
        *kind = ISA_KIND_M;
        if (parse_mask_term(c, &r1, &inv1)) return -1;
        return parse_mask_rest(c, r1, inv1, payload);
    }
    int r = ident_reg(c, t);
    if (r == -2) return -1;
    if (r >= 0) {
        advance(c);
        if (peek(c)->type == T_AMP) {
            if (r >= ISA_NUM_MASK_REGS) return bad_mask_reg(c, t, r);
            *kind = ISA_KIND_M;
            return parse_mask_rest(c, (unsigned)r, 0, payload);
        }
        *kind = ISA_KIND_V;
        *payload = (uint32_t)r;
        if (peek(c)->type == T_LBRACK) {
            advance(c);
            token *n = peek(c);
            lit l;
            unsigned col;
            if (n->type != T_NUM) return fail(c, n->col, "expected 0 after '[', found %s", describe(n).s);
            if (parse_int(c, "the lane", &l, &col)) return -1;
            if (l.mag != 0)
                return fail(c, col, "only lane 0 can be selected: write %.*s[0]", (int)t->len, t->p);
            if (peek(c)->type != T_RBRACK)
                return fail(c, peek(c)->col, "expected ']', found %s", describe(peek(c)).s);
            advance(c);
            *kind = ISA_KIND_S;
        }
        return 0;
    }
    lit l;
    unsigned col;
    uint32_t bits;
    size_t start = c->pos;
    if (parse_literal(c, what, &l, &col)) return -1;
    if (peek(c)->type == T_AMP)
        return fail(c, peek(c)->col, "'&' joins mask registers; a literal cannot be part of a mask");
    if (!lit_bits32(&l, &bits))
        return fail(c, col, "literal %s is out of the 32-bit range -2147483648..4294967295", span(c, start).s);
    if (is_short && bits != isa_short_literal(bits & 0xfff)) {
        lvalue v = lit_value(&l, bits);
        char val[80];
        if (l.is_float) snprintf(val, sizeof val, "f32 %s, 0x%08x", v.s, bits);
        else snprintf(val, sizeof val, "0x%08x", bits);
        if (!no_long)
            return fail(c, col, "literal %s (%s) does not fit the 12-bit %s (-2048..2047); "
                        "use the long operand B or a register", span(c, start).s, val, what);
        return fail(c, col, "literal %s (%s) does not fit the 12-bit %s (-2048..2047), and '%s' has no long "
                    "operand; load it into a register first: mov vN, %s", span(c, start).s, val, what, no_long, v.s);
    }
    *kind = ISA_KIND_L;
    *payload = is_short ? (bits & 0xfff) : bits;
    return 0;
}

static int parse_sig(asm_ctx *c, const char *what, unsigned *sig)
{
    token *t = peek(c);
    if (!has_num_suffix(t, 's'))
        return fail(c, t->col, "expected a signal s0..s%u for %s, found %s", ISA_NUM_SIGNALS - 1, what,
                    describe(t).s);
    unsigned v = 0;
    bool ok = t->len <= 3 && !(t->len == 3 && t->p[1] == '0');
    for (unsigned i = 1; ok && i < t->len; i++) v = v * 10 + (unsigned)(t->p[i] - '0');
    if (!ok || v >= ISA_NUM_SIGNALS)
        return fail(c, t->col, "bad signal %s: signals are s0..s%u", describe(t).s, ISA_NUM_SIGNALS - 1);
    advance(c);
    *sig = v;
    return 0;
}

/* A branch target: a label (possibly defined later), or a number 0..2^32-1. */
static int parse_target(asm_ctx *c, uint64_t *w)
{
    token *t = peek(c);
    if (t->type == T_IDENT && !tok_is(t, "inf") && !tok_is(t, "nan")) {
        int r = ident_reg(c, t);
        if (r == -2) return -1;
        if (r >= 0)
            return fail(c, t->col, "a branch target must be a label or a number, found register %s", describe(t).s);
        sym *s = sym_find(c, t->p, t->len);
        if (!s) {
            if (grow((void **)&c->fix, &c->capfix, c->nfix + 1, sizeof *c->fix)) return fail(c, t->col, "out of memory");
            fixup f = { c->ninst, t->p, t->len, c->line, t->col };
            c->fix[c->nfix++] = f;
            advance(c);
            return 0;
        }
        if (s->kind == SYM_LABEL) {
            *w = ISA_SET(*w, TARGET, s->pc);
            advance(c);
            return 0;
        }
    }
    lit l;
    unsigned col;
    size_t start = c->pos;
    if (parse_int(c, "the branch target", &l, &col)) return -1;
    if (l.neg || l.mag > 0xFFFFFFFFu)
        return fail(c, col, "branch target %s is out of range 0..4294967295", span(c, start).s);
    *w = ISA_SET(*w, TARGET, l.mag);
    return 0;
}

/* Modifiers after the last operand. */
static int parse_modifiers(asm_ctx *c, const isa_op_info *op, unsigned allowed, unsigned nopd, uint64_t *w)
{
    unsigned seen = 0;
    while (peek(c)->type != T_END) {
        token *t = peek(c);
        unsigned mod = tok_is(t, "offset") ? ASM_MOD_OFFSET : tok_is(t, "sc") ? ASM_MOD_SCOPE
                     : tok_is(t, "nt") ? ASM_MOD_NT : tok_is(t, "noret") ? ASM_MOD_NORET : 0;
        if (!mod)
            return fail(c, t->col, "unexpected %s after %s", describe(t).s,
                        nopd ? "the last operand" : "the mnemonic");
        if (!(allowed & mod))
            return fail(c, t->col, "modifier '%.*s' is not allowed for '%s'", (int)t->len, t->p, op->mnemonic);
        if (seen & mod) return fail(c, t->col, "modifier '%.*s' is given twice", (int)t->len, t->p);
        seen |= mod;
        advance(c);
        if (mod == ASM_MOD_OFFSET || mod == ASM_MOD_SCOPE) {
            if (peek(c)->type != T_COLON)
                return fail(c, peek(c)->col, "expected ':' after '%.*s', found %s", (int)t->len, t->p,
                            describe(peek(c)).s);
            advance(c);
        }
        if (mod == ASM_MOD_OFFSET) {
            lit l;
            unsigned col;
            size_t start = c->pos;
            if (parse_int(c, "the offset", &l, &col)) return -1;
            if (l.neg || l.mag > 0xFFFF) return fail(c, col, "offset %s is out of range 0..65535", span(c, start).s);
            *w = ISA_SET(*w, OFFSET, l.mag);
        } else if (mod == ASM_MOD_SCOPE) {
            token *s = peek(c);
            int sc = s->type == T_IDENT ? isa_scope_by_text(name_of(s).s) : -1;
            if (sc < 0) return fail(c, s->col, "unknown scope %s: use wave, group, device or system", describe(s).s);
            advance(c);
            *w = ISA_SET(*w, SCOPE, (unsigned)sc);
        } else if (mod == ASM_MOD_NT) {
            *w = ISA_SET(*w, NT, 1);
        } else {
            *w = ISA_SET(*w, NORET, 1);
        }
    }
    return 0;
}

static int push_inst(asm_ctx *c, uint64_t w, unsigned col)
{
    if (grow((void **)&c->insts, &c->capinst, c->ninst + 1, sizeof *c->insts) ||
        grow((void **)&c->lineno, &c->caplineno, c->ninst + 1, sizeof *c->lineno))
        return fail(c, col, "out of memory");
    c->lineno[c->ninst] = c->line;
    c->insts[c->ninst++] = w;
    return 0;
}

static int check_room(asm_ctx *c, unsigned col)
{
    if (c->ninst >= ISA_MAX_INSTS)
        return fail(c, col, "program has more than %u instructions", ISA_MAX_INSTS);
    return 0;
}

static int parse_inst(asm_ctx *c, const token *mn)
{
    tname name = name_of(mn);
    const isa_op_info *op = isa_op_by_mnemonic(name.s);
    if (!op) return fail(c, mn->col, "unknown mnemonic '%s'", name.s);
    if (check_room(c, mn->col)) return -1;
    const asm_layout layout = asm_fmt_layout(op->fmt), *lay = &layout;

    /* The operands in text order, with a signal list expanded to aux slots. */
    asm_opd slot[ASM_MAX_OPDS + 4];
    unsigned ns = 0;
    for (unsigned i = 0; i < lay->nopd; i++) {
        if (lay->opd[i].type == ASM_OPD_SIGS)
            for (unsigned k = 0; k < op->aux && k < 4; k++) slot[ns++] = lay->opd[i];
        else
            slot[ns++] = lay->opd[i];
    }
    char syntax[128] = "";
    for (unsigned i = 0, o = 0; i < ns; i++) {
        const char *nm = slot[i].type == ASM_OPD_SIGS ? "sig" : slot[i].name;
        int k = snprintf(syntax + o, sizeof syntax - o, "%s%s", i ? ", " : "", nm);
        if (k > 0 && o + (unsigned)k < sizeof syntax) o += (unsigned)k;
    }

    bool layout_has_long = false;
    for (unsigned i = 0; i < lay->nopd; i++) layout_has_long |= lay->opd[i].type == ASM_OPD_LONG;

    /* Operands are separated by commas; an empty one (a trailing comma, two
     * commas in a row, a comma first) is reported as such, naming the operand
     * that is missing when there is one. */
    for (size_t i = c->pos, k = 0; c->tok[i].type != T_END; i++) {
        if (c->tok[i].type != T_COMMA) continue;
        bool at_end = c->tok[i + 1].type == T_END, first_tok = i == c->pos, twice = c->tok[i + 1].type == T_COMMA;
        k++;   /* the operand after this comma */
        size_t empty = first_tok ? 0 : k;   /* the index of the empty operand */
        const char *nm = empty < ns ? (slot[empty].type == ASM_OPD_SIGS ? "sig" : slot[empty].name) : NULL;
        if (at_end && !first_tok) {
            if (nm)
                return fail(c, c->tok[i].col, "trailing comma: operand %s is missing ('%s' takes %s)", nm,
                            op->mnemonic, syntax);
            return fail(c, c->tok[i].col, "trailing comma after the last operand ('%s' takes %s)", op->mnemonic,
                        ns ? syntax : "no operands");
        }
        if (first_tok || twice) {
            unsigned col = first_tok ? c->tok[i].col : c->tok[i + 1].col;
            if (nm)
                return fail(c, col, "empty operand %s: nothing %s ('%s' takes %s)", nm,
                            first_tok ? "before the first ','" : "between two commas", op->mnemonic, syntax);
            return fail(c, col, "empty operand %s ('%s' takes %s)",
                        first_tok ? "before the first ','" : "between two commas", op->mnemonic,
                        ns ? syntax : "no operands");
        }
    }
    /* Count the operands first for a clear message. */
    unsigned given = 0, extra_col = mn->col;
    if (peek(c)->type != T_END) {
        given = 1;
        for (size_t i = c->pos; c->tok[i].type != T_END; i++)
            if (c->tok[i].type == T_COMMA) {
                given++;
                if (given == ns + 1) extra_col = c->tok[i + 1].type == T_END ? c->tok[i].col : c->tok[i + 1].col;
            }
    }
    /* "mov vD, B" is "mov vD, one, B": the MOV format's mask may be left out. */
    bool implicit_mask = op->fmt == ISA_FMT_MOV && given + 1 == ns;
    if (given != ns && !implicit_mask) {
        if (ns == 0) return fail(c, peek(c)->col, "'%s' takes no operands", op->mnemonic);
        return fail(c, given > ns ? extra_col : mn->col, "'%s' takes %u operand%s (%s), found %u", op->mnemonic,
                    ns, ns == 1 ? "" : "s", syntax, given);
    }

    uint64_t w = ISA_SET(0, OPCODE, op->opcode);
    unsigned dest_reg = 0, dest_col = 0, nsig = 0;
    bool has_dest = false, first = true;
    const char *prev = "";
    for (unsigned i = 0; i < ns; i++) {
        const asm_opd *o = &slot[i];
        if (o->type == ASM_OPD_MASK && implicit_mask) {
            isa_mask all = { ISA_REG_ONE, 0, ISA_REG_ONE, 0 };
            w = isa_put(w, o->hi, o->lo, isa_mask_encode(all));
            continue;
        }
        if (!first) {
            if (peek(c)->type != T_COMMA)
                return fail(c, peek(c)->col, "unexpected %s after operand %s", describe(peek(c)).s, prev);
            advance(c);
        }
        first = false;
        prev = o->type == ASM_OPD_SIGS ? "sig" : o->name;
        char what[32];
        snprintf(what, sizeof what, "operand %s", prev);
        unsigned reg, sig;
        uint32_t kind, payload;
        switch (o->type) {
        case ASM_OPD_DEST:
            dest_col = peek(c)->col;
            if (parse_reg(c, what, &reg)) return -1;
            has_dest = true;
            dest_reg = reg;
            w = isa_put(w, o->hi, o->lo, reg);
            break;
        case ASM_OPD_ADDR:
            if (parse_reg(c, what, &reg)) return -1;
            w = isa_put(w, o->hi, o->lo, reg);
            break;
        case ASM_OPD_MASK:
            if (parse_mask(c, &payload)) return -1;
            w = isa_put(w, o->hi, o->lo, payload);
            break;
        case ASM_OPD_SHORT:
            if (parse_src(c, what, true, layout_has_long ? NULL : op->mnemonic, &kind, &payload)) return -1;
            w = isa_put(w, o->hi, o->lo, isa_src_make((isa_kind)kind, payload));
            break;
        case ASM_OPD_LONG:
            if (parse_src(c, what, false, NULL, &kind, &payload)) return -1;
            w = ISA_SET(w, LK, kind);
            w = ISA_SET(w, LV, payload);
            break;
        case ASM_OPD_TARGET:
            if (parse_target(c, &w)) return -1;
            break;
        case ASM_OPD_SIG:
            if (parse_sig(c, what, &sig)) return -1;
            w = isa_put(w, o->hi, o->lo, sig);
            break;
        case ASM_OPD_SIGS:
            if (parse_sig(c, what, &sig)) return -1;
            w = isa_put(w, o->hi - 4 * nsig, o->hi - 4 * nsig - 3, sig);
            nsig++;
            break;
        }
    }
    if (parse_modifiers(c, op, lay->mods, ns, &w)) return -1;
    if (has_dest && dest_reg < ISA_NUM_CONSTS && isa_writes_dest(w)) {
        const char *cn = isa_const_name(dest_reg);
        return fail(c, dest_col, "'%s' writes its destination, and %s (v%u) is a read-only constant (v0..v%u)",
                    op->mnemonic, cn ? cn : "?", dest_reg, ISA_NUM_CONSTS - 1);
    }
    if (!isa_valid(w))  /* cannot happen unless this file and isa.def disagree */
        return fail(c, mn->col, "internal error: '%s' encoded as the illegal word 0x%016llx", op->mnemonic,
                    (unsigned long long)w);
    return push_inst(c, w, mn->col);
}

static int expect_end(asm_ctx *c, const token *d)
{
    if (peek(c)->type != T_END)
        return fail(c, peek(c)->col, "unexpected %s after '%.*s'", describe(peek(c)).s, (int)d->len, d->p);
    return 0;
}

static int parse_directive(asm_ctx *c, const token *d)
{
    lit l;
    unsigned col;
    if (tok_is(d, ".lds") || tok_is(d, ".waves")) {
        bool is_lds = tok_is(d, ".lds");
        unsigned *line = is_lds ? &c->lds_line : &c->waves_line;
        if (*line) return fail(c, d->col, "'%.*s' is given twice (first at line %u)", (int)d->len, d->p, *line);
        size_t start = c->pos;
        if (parse_int(c, is_lds ? "the LDS size" : "the waves per group", &l, &col)) return -1;
        if (is_lds) {
            if (l.neg || l.mag > ISA_LDS_BYTES || l.mag % 4)
                return fail(c, col, "'.lds' must be a multiple of 4 from 0 to %u, found %s", ISA_LDS_BYTES,
                            span(c, start).s);
            c->lds = (unsigned)l.mag;
        } else {
            if (l.neg || l.mag < 1 || l.mag > 2)
                return fail(c, col, "'.waves' must be 1 or 2, found %s", span(c, start).s);
            c->waves = (unsigned)l.mag;
        }
        *line = c->line;
        return expect_end(c, d);
    }
    if (tok_is(d, ".equ") || tok_is(d, ".alias")) {
        bool is_equ = tok_is(d, ".equ");
        token *n = peek(c);
        if (n->type != T_IDENT) return fail(c, n->col, "expected a name after '%.*s', found %s", (int)d->len, d->p,
                                            describe(n).s);
        advance(c);
        if (peek(c)->type != T_COMMA)
            return fail(c, peek(c)->col, "expected ',' after the name, found %s", describe(peek(c)).s);
        advance(c);
        unsigned reg = 0;
        if (is_equ) {
            if (parse_literal(c, "a number", &l, &col)) return -1;
        } else {
            if (parse_reg(c, "the register", &reg)) return -1;
        }
        if (expect_end(c, d)) return -1;
        sym *s = sym_define(c, n, is_equ ? SYM_EQU : SYM_ALIAS);
        if (!s) return -1;
        s->val = l;
        s->reg = reg;
        return 0;
    }
    if (tok_is(d, ".inst")) {
        if (check_room(c, d->col)) return -1;
        if (parse_int(c, "the instruction word", &l, &col)) return -1;
        if (l.neg)
            return fail(c, col, "'.inst' takes a 64-bit word 0..0xffffffffffffffff, found a negative number");
        if (expect_end(c, d)) return -1;
        return push_inst(c, l.mag, d->col);
    }
    return fail(c, d->col, "unknown directive %s (expected .lds, .waves, .equ, .alias or .inst)", describe(d).s);
}

static int parse_line(asm_ctx *c, const char *s, unsigned n)
{
    if (lex_line(c, s, n)) return -1;
    while (peek(c)->type == T_IDENT && peek2(c)->type == T_COLON) {
        token *t = advance(c);
        advance(c);
        sym *sy = sym_define(c, t, SYM_LABEL);
        if (!sy) return -1;
        sy->pc = (uint32_t)c->ninst;
    }
    token *t = peek(c);
    if (t->type == T_END) return 0;
    if (t->type != T_IDENT)
        return fail(c, t->col, "expected a mnemonic, directive or label, found %s", describe(t).s);
    advance(c);
    return t->p[0] == '.' ? parse_directive(c, t) : parse_inst(c, t);
}

static int resolve_fixups(asm_ctx *c)
{
    for (size_t i = 0; i < c->nfix; i++) {
        const fixup *f = &c->fix[i];
        sym *s = sym_find(c, f->name, f->len);
        c->line = f->line;
        if (!s) return fail(c, f->col, "undefined label '%.*s'", (int)f->len, f->name);
        if (s->kind != SYM_LABEL)
            return fail(c, f->col, "'%.*s' is defined after its use as a branch target and is not a label",
                        (int)f->len, f->name);
        c->insts[f->inst] = ISA_SET(c->insts[f->inst], TARGET, s->pc);
    }
    return 0;
}

static void ctx_free(asm_ctx *c)
{
    free(c->tok);
    free(c->insts);
    free(c->lineno);
    free(c->syms);
    free(c->hash);
    free(c->fix);
}

int asm_assemble(const char *src, size_t len, const char *filename, kbin *out, char *err, size_t errlen)
{
    asm_ctx c;
    memset(&c, 0, sizeof c);
    memset(out, 0, sizeof *out);
    c.file = filename ? filename : "<input>";
    c.err = err;
    c.errlen = errlen;
    c.waves = 1;
    if (err && errlen) err[0] = 0;
    int rc = 0;
    size_t i = 0;
    while (i < len && rc == 0) {
        const char *nl = memchr(src + i, '\n', len - i);
        size_t j = nl ? (size_t)(nl - src) : len;
        c.line++;
        if (j - i > ASM_MAX_LINE)
            rc = fail(&c, ASM_MAX_LINE + 1, "line is longer than %u characters", ASM_MAX_LINE);
        else
            rc = parse_line(&c, src + i, (unsigned)(j - i));
        i = j + 1;
    }
    if (rc == 0) rc = resolve_fixups(&c);
    if (rc == 0 && c.ninst == 0) {
        c.line = 1;
        rc = fail(&c, 1, "program has no instructions");
    }
    kbin_lines *lines = NULL;
    if (rc == 0) {   /* the line table: the file name, the text, each instruction's line */
        size_t name_len = strlen(c.file);
        lines = calloc(1, sizeof *lines);
        if (lines) {
            lines->file = malloc(name_len + 1);
            lines->text = malloc(len + 1);
        }
        if (!lines || !lines->file || !lines->text || len > UINT32_MAX) {
            kbin_lines_free(lines);
            lines = NULL;
            c.line = 1;
            rc = fail(&c, 1, len > UINT32_MAX ? "source is larger than 4 GiB" : "out of memory");
        } else {
            memcpy(lines->file, c.file, name_len + 1);
            if (len) memcpy(lines->text, src, len);
            lines->text[len] = 0;
            lines->text_len = (uint32_t)len;
            lines->num_insts = (uint32_t)c.ninst;
            lines->line = c.lineno;
            c.lineno = NULL;
        }
    }
    if (rc == 0) {
        out->insts = c.insts;
        out->num_insts = (uint32_t)c.ninst;
        out->lds_bytes = c.lds;
        out->waves_per_group = c.waves;
        out->lines = lines;
        c.insts = NULL;
    }
    ctx_free(&c);
    return rc;
}
