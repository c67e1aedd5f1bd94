/* SPDX-License-Identifier: Apache-2.0 */
/* test_asm: the assembler (csrc/asm.c), the disassembler (csrc/disasm.c),
 * their tools (wgasm, wgdis) and the kernel binary header (csrc/kbin.c).
 *
 * The expected encodings here are built with ISA_SET from this file's own
 * description of each format (spec() below), not from the assembler's
 * layout table, so a wrong field in either shows up as a mismatch.
 * Every random stream has a fixed seed: a failure reproduces.
 */
#define _POSIX_C_SOURCE 200809L
#include "asm.h"
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

/* ---- Reporting ---- */

static int n_pass, n_fail;

typedef struct {
    bool ok;
    unsigned cases;
    char note[96];   /* extra detail for the PASS line */
    char why[1024];
} tcase;

static void tinit(tcase *t)
{
    t->ok = true;
    t->cases = 0;
    t->note[0] = 0;
    t->why[0] = 0;
}

static void tfail(tcase *t, const char *fmt, ...)
{
    if (t->ok) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(t->why, sizeof t->why, fmt, ap);
        va_end(ap);
    }
    t->ok = false;
}

static void tdone(const tcase *t, const char *name)
{
    if (t->ok) {
        n_pass++;
        if (t->cases) printf("PASS %s (%u cases%s)\n", name, t->cases, t->note);
        else printf("PASS %s\n", name);
    } else {
        n_fail++;
        printf("FAIL %s: %s\n", name, t->why);
    }
    fflush(stdout);
}

/* ---- Deterministic random numbers (xorshift64*) ---- */

static uint64_t rng_state;
static void seed(uint64_t s) { rng_state = s ? s : 1; }
static uint64_t rnd64(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 2685821657736338717ull;
}
static uint32_t rndn(uint32_t n) { return (uint32_t)((rnd64() >> 11) % n); }

/* ---- Growing text buffer ---- */

typedef struct {
    char *s;
    size_t n, cap;
} sbuf;

static void sb_putn(sbuf *b, const char *p, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (cap < b->n + n + 1) cap *= 2;
        char *s = realloc(b->s, cap);
        if (!s) { fprintf(stderr, "test_asm: out of memory\n"); exit(2); }
        b->s = s;
        b->cap = cap;
    }
    memcpy(b->s + b->n, p, n);
    b->n += n;
    b->s[b->n] = 0;
}

static void sb_printf(sbuf *b, const char *fmt, ...)
{
    char tmp[1024];
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (k > 0) sb_putn(b, tmp, (size_t)k < sizeof tmp ? (size_t)k : sizeof tmp - 1);
}

static void sb_free(sbuf *b)
{
    free(b->s);
    b->s = NULL;
    b->n = b->cap = 0;
}

/* ---- Assembling helpers ---- */

/* Names every single-line test may use. */
static const char PRELUDE[] = ".alias buf, v40\n.alias mreg, v20\n.equ K, -7\n.equ F, 0.5\n.equ KT, 7\n";

static int as_src(const char *src, size_t len, kbin *k, char *err, size_t errlen)
{
    return asm_assemble(src, len, "t.s", k, err, errlen);
}

/* Assembles PRELUDE + one line to exactly one word. */
static int as_line(const char *line, uint64_t *w, char *err, size_t errlen)
{
    sbuf b = { 0 };
    sb_putn(&b, PRELUDE, strlen(PRELUDE));
    sb_printf(&b, "%s\n", line);
    kbin k;
    int rc = as_src(b.s, b.n, &k, err, errlen);
    sb_free(&b);
    if (rc == 0) {
        if (k.num_insts != 1) {
            snprintf(err, errlen, "assembled to %u words, expected 1", k.num_insts);
            rc = -1;
        } else {
            *w = k.insts[0];
        }
        kbin_free(&k);
    }
    return rc;
}

/* Does this valid word write a constant register (which the assembler refuses)? */
static bool writes_const(uint64_t w)
{
    const isa_op_info *op = isa_op((uint8_t)ISA_GET(w, OPCODE));
    uint64_t dmask = isa_put(0, ISA_F_D_HI, ISA_F_D_LO, ~0ull);
    return (isa_fmt_fields(op->fmt) & dmask) && isa_writes_dest(w) && ISA_GET(w, D) < ISA_NUM_CONSTS;
}

/* disasm(w) -> asm -> must give w again. A valid word (that the assembler
 * accepts) must be decoded, not printed as .inst; an invalid one must be .inst. */
static bool roundtrip(tcase *t, uint64_t w)
{
    char text[512], err[512];
    int len = disasm_inst(w, text, sizeof text);
    if (len <= 0 || (size_t)len >= sizeof text) {
        tfail(t, "disasm_inst(%016llx) returned %d", (unsigned long long)w, len);
        return false;
    }
    bool raw = strncmp(text, ".inst", 5) == 0;
    if (isa_valid(w) && !writes_const(w) && raw) {
        tfail(t, "valid word %016llx printed raw: '%s'", (unsigned long long)w, text);
        return false;
    }
    if (!isa_valid(w) && !raw) {
        tfail(t, "invalid word %016llx printed as '%s'", (unsigned long long)w, text);
        return false;
    }
    uint64_t back = 0;
    if (as_line(text, &back, err, sizeof err)) {
        tfail(t, "'%s' (from %016llx) does not reassemble: %s", text, (unsigned long long)w, err);
        return false;
    }
    if (back != w) {
        tfail(t, "%016llx -> '%s' -> %016llx", (unsigned long long)w, text, (unsigned long long)back);
        return false;
    }
    return true;
}

/* ---- This test's own description of each format's operands ---- */

typedef enum { S_DEST, S_ADDR, S_MASK, S_SHORT, S_LONG, S_TARGET, S_SIG, S_SIGN } skind;
typedef struct {
    skind k;
    unsigned hi, lo;
} sslot;

enum { M_OFF = 1, M_SC = 2, M_NT = 4, M_NORET = 8 };

#define FLD(F) ISA_F_##F##_HI, ISA_F_##F##_LO

/* The operands of op in text order; returns their count, or -1 for a format
 * this test does not know (a new format must be added here). */
static int spec(const isa_op_info *op, sslot *s, unsigned *mods)
{
    int n = 0;
    *mods = 0;
#define ADD(kind, F) do { sslot x_ = { kind, FLD(F) }; s[n++] = x_; } while (0)
    switch (op->fmt) {
    case ISA_FMT_NONE: break;
    case ISA_FMT_ALU1: ADD(S_DEST, D); ADD(S_LONG, LV); break;
    case ISA_FMT_ALU2: ADD(S_DEST, D); ADD(S_SHORT, A); ADD(S_LONG, LV); break;
    case ISA_FMT_ALU3: ADD(S_DEST, D); ADD(S_SHORT, A); ADD(S_SHORT, B3); ADD(S_SHORT, C3); break;
    case ISA_FMT_MOV: ADD(S_DEST, D); ADD(S_MASK, M); ADD(S_LONG, LV); break;
    case ISA_FMT_SEL: ADD(S_DEST, D); ADD(S_MASK, M); ADD(S_SHORT, SEL_F); ADD(S_SHORT, SEL_T); break;
    case ISA_FMT_BR: ADD(S_TARGET, TARGET); break;
    case ISA_FMT_BRS: ADD(S_TARGET, TARGET); ADD(S_SHORT, A); break;
    case ISA_FMT_BRM: ADD(S_TARGET, TARGET); ADD(S_MASK, M); break;
    case ISA_FMT_SIGD:
    case ISA_FMT_SIGW:
        if (op->fmt == ISA_FMT_SIGD) ADD(S_DEST, D);
        if (op->aux >= 1) ADD(S_SIGN, S1);
        if (op->aux >= 2) ADD(S_SIGN, S2);
        if (op->aux >= 3) ADD(S_SIGN, S3);
        if (op->aux >= 4) ADD(S_SIGN, S4);
        break;
    case ISA_FMT_SIGBR:
        ADD(S_TARGET, TARGET);
        if (op->aux >= 1) ADD(S_SIGN, SB1);
        if (op->aux >= 2) ADD(S_SIGN, SB2);
        if (op->aux >= 3) ADD(S_SIGN, SB3);
        if (op->aux >= 4) ADD(S_SIGN, SB4);
        break;
    case ISA_FMT_LDS_LOAD: ADD(S_DEST, D); ADD(S_MASK, M); ADD(S_ADDR, ADDR); *mods = M_OFF; break;
    case ISA_FMT_LDS_STORE: ADD(S_ADDR, ADDR); ADD(S_MASK, M); ADD(S_SHORT, V); *mods = M_OFF; break;
    case ISA_FMT_LDS_ATOMIC:
        ADD(S_DEST, D); ADD(S_MASK, M); ADD(S_ADDR, ADDR); ADD(S_SHORT, V);
        *mods = M_OFF | M_NORET;
        break;
    case ISA_FMT_GLOBAL_LOAD: ADD(S_SIG, SIG); ADD(S_DEST, D); ADD(S_MASK, M); ADD(S_ADDR, ADDR); *mods = M_SC | M_NT; break;
    case ISA_FMT_GLOBAL_STORE:
        ADD(S_SIG, SIG); ADD(S_ADDR, ADDR); ADD(S_MASK, M); ADD(S_SHORT, V);
        *mods = M_SC | M_NT;
        break;
    case ISA_FMT_GLOBAL_ATOMIC:
        ADD(S_SIG, SIG); ADD(S_DEST, D); ADD(S_MASK, M); ADD(S_ADDR, ADDR); ADD(S_SHORT, V);
        *mods = M_SC | M_NT | M_NORET;
        break;
    case ISA_FMT_CACHE: ADD(S_SIG, SIG); break;
    default: return -1;
    }
#undef ADD
    return n;
}

/* Puts an operand value into w: a short source is 14 bits (kind << 12 | payload),
 * a long one is kind << 32 | payload. */
static uint64_t put_slot(uint64_t w, const sslot *s, uint64_t v)
{
    if (s->k == S_LONG) {
        w = ISA_SET(w, LK, v >> 32);
        return ISA_SET(w, LV, v & 0xffffffffu);
    }
    return isa_put(w, s->hi, s->lo, v);
}

/* ---- Operand variants: text and the field value it must encode to ---- */

typedef struct {
    const char *text;
    uint64_t v;
} var;

#define MK(r1, i1, r2, i2) (((uint32_t)(i1) << 11) | ((uint32_t)(r1) << 6) | ((uint32_t)(i2) << 5) | (uint32_t)(r2))
#define KV ((uint64_t)ISA_KIND_V)
#define KS ((uint64_t)ISA_KIND_S)
#define KM ((uint64_t)ISA_KIND_M)
#define KL ((uint64_t)ISA_KIND_L)

static const var dest_vars[] = { { "v16", 16 }, { "v63", 63 }, { "buf", 40 }, { "v47", 47 } };
static const var addr_vars[] = { { "v16", 16 }, { "v63", 63 }, { "args", 15 }, { "zero", 0 }, { "buf", 40 }, { "sid", 2 } };
static const var mask_vars[] = {
    { "one", MK(1, 0, 1, 0) },          { "lo16", MK(8, 0, 1, 0) },      { "v17 & ~lo16", MK(17, 0, 8, 1) },
    { "~n2nd & ch4", MK(5, 1, 10, 0) }, { "~v31 & ~v0", MK(31, 1, 0, 1) }, { "~zero", MK(0, 1, 1, 0) },
    { "v31&v30", MK(31, 0, 30, 0) },    { "mreg", MK(20, 0, 1, 0) },     { "one & v17", MK(1, 0, 17, 0) },
    { "~one & ~one", MK(1, 1, 1, 1) },  { "~ alo8", MK(11, 1, 1, 0) },
};
/* Register, Sreg and mask sources: the same payload in short and long positions. */
static const var reg_src_vars[] = {
    { "v16", KV << 32 | 16 },   { "v63", KV << 32 | 63 },   { "sid", KV << 32 | 2 },  { "args", KV << 32 | 15 },
    { "buf", KV << 32 | 40 },   { "zero", KV << 32 | 0 },   { "v20[0]", KS << 32 | 20 }, { "one[0]", KS << 32 | 1 },
    { "v63[0]", KS << 32 | 63 }, { "buf[0]", KS << 32 | 40 }, { "v20 [ 0 ]", KS << 32 | 20 },
    { "v20 & one", KM << 32 | MK(20, 0, 1, 0) },   { "~lo16", KM << 32 | MK(8, 1, 1, 0) },
    { "v17 & ~lo16", KM << 32 | MK(17, 0, 8, 1) }, { "~v31 & ~v0", KM << 32 | MK(31, 1, 0, 1) },
    { "~n2nd&ch4", KM << 32 | MK(5, 1, 10, 0) },   { "mreg & ~mreg", KM << 32 | MK(20, 0, 20, 1) },
};
/* Literals that fit a 12-bit short source (value = the 32-bit pattern). */
static const var short_lit_vars[] = {
    { "0", 0 },        { "2047", 0x7ff },    { "-2048", 0xfffff800 }, { "-1", 0xffffffff },
    { "0xFFFFFFFF", 0xffffffff }, { "0xfffff800", 0xfffff800 }, { "0x7ff", 0x7ff }, { "K", 0xfffffff9 },
    { "-K", 7 },       { "0.0", 0 },         { "0.0f", 0 },           { "- 5", 0xfffffffb },
    { "007", 7 },      { "0X7fF", 0x7ff },
};
/* Literals only a long source holds. */
static const var long_lit_vars[] = {
    { "2048", 0x800 },              { "-2049", 0xfffff7ff },        { "-2147483648", 0x80000000 },
    { "4294967295", 0xffffffff },   { "0x80000000", 0x80000000 },   { "2147483647", 0x7fffffff },
    { "123456789", 123456789 },     { "1.5", 0x3fc00000 },          { "-0.0", 0x80000000 },
    { "1e-3", 0x3a83126f },         { "2.0f", 0x40000000 },         { "2f", 0x40000000 },
    { "inf", 0x7f800000 },          { "-inf", 0xff800000 },         { "nan", 0x7fc00000 },
    { "-nan", 0xffc00000 },         { "3.4028235e38", 0x7f7fffff }, { "1e-45", 0x00000001 },
    { "0.1", 0x3dcccccd },          { "1E3", 0x447a0000 },          { "F", 0x3f000000 },
    { "-F", 0xbf000000 },           { "1.17549435e-38", 0x00800000 }, { "16777217", 16777217 },
    { "16777217.0", 0x4b800000 },   { "1.e2", 0x42c80000 },         { "25e+1F", 0x437a0000 },
};
static const var target_vars[] = { { "0", 0 }, { "4294967295", 0xffffffff }, { "0x10", 16 }, { "KT", 7 }, { "4096", 4096 } };

typedef struct {
    const char *text;
    unsigned mod;
    uint64_t bits;   /* OR-ed into the word */
} modvar;

static uint64_t fset(unsigned hi, unsigned lo, uint64_t v) { return isa_put(0, hi, lo, v); }

static void mod_vars(modvar *m, unsigned *n)
{
    unsigned k = 0;
    m[k++] = (modvar){ "offset:0", M_OFF, 0 };
    m[k++] = (modvar){ "offset:1", M_OFF, fset(FLD(OFFSET), 1) };
    m[k++] = (modvar){ "offset:65535", M_OFF, fset(FLD(OFFSET), 65535) };
    m[k++] = (modvar){ "offset:0x100", M_OFF, fset(FLD(OFFSET), 256) };
    m[k++] = (modvar){ "offset : 4", M_OFF, fset(FLD(OFFSET), 4) };
    m[k++] = (modvar){ "offset:KT", M_OFF, fset(FLD(OFFSET), 7) };
    m[k++] = (modvar){ "sc:wave", M_SC, 0 };
    m[k++] = (modvar){ "sc:group", M_SC, fset(FLD(SCOPE), 1) };
    m[k++] = (modvar){ "sc:device", M_SC, fset(FLD(SCOPE), 2) };
    m[k++] = (modvar){ "sc:system", M_SC, fset(FLD(SCOPE), 3) };
    m[k++] = (modvar){ "nt", M_NT, fset(FLD(NT), 1) };
    m[k++] = (modvar){ "noret", M_NORET, fset(FLD(NORET), 1) };
    *n = k;
}

/* ---- Layout tests ---- */

static void test_layout_matches_isa_def_syntax(void)
{
    tcase t;
    tinit(&t);
    for (unsigned f = 0; f < ISA_FMT_COUNT; f++) {
        const asm_layout lay = asm_fmt_layout((isa_fmt)f), *l = &lay;
        char s[256] = "";
        size_t o = 0;
        for (unsigned i = 0; i < l->nopd; i++)
            o += (size_t)snprintf(s + o, sizeof s - o, "%s%s", i ? ", " : "", l->opd[i].name);
        if (l->mods & ASM_MOD_OFFSET) o += (size_t)snprintf(s + o, sizeof s - o, " [offset:N]");
        if (l->mods & ASM_MOD_SCOPE) o += (size_t)snprintf(s + o, sizeof s - o, " [sc:S]");
        if (l->mods & ASM_MOD_NT) o += (size_t)snprintf(s + o, sizeof s - o, " [nt]");
        if (l->mods & ASM_MOD_NORET) o += (size_t)snprintf(s + o, sizeof s - o, " [noret]");
        if (strcmp(s, isa_fmt_syntax((isa_fmt)f)) != 0)
            tfail(&t, "format %s: layout reads \"%s\", isa.def says \"%s\"", isa_fmt_name((isa_fmt)f), s,
                  isa_fmt_syntax((isa_fmt)f));
        t.cases++;
    }
    tdone(&t, "asm_layout_matches_isa_def_syntax");
}

static void test_layout_covers_format_fields(void)
{
    tcase t;
    tinit(&t);
    for (unsigned f = 0; f < ISA_FMT_COUNT; f++) {
        const asm_layout lay = asm_fmt_layout((isa_fmt)f), *l = &lay;
        uint64_t m = fset(FLD(OPCODE), ~0ull);
        for (unsigned i = 0; i < l->nopd; i++) {
            const asm_opd *d = &l->opd[i];
            switch (d->type) {
            case ASM_OPD_LONG: m |= fset(FLD(LK), ~0ull) | fset(FLD(LV), ~0ull); break;
            case ASM_OPD_SIGS:
                m |= fset(d->hi, d->lo, ~0ull);   /* the four signal fields */
                break;
            default: m |= fset(d->hi, d->lo, ~0ull); break;
            }
        }
        if (l->mods & ASM_MOD_OFFSET) m |= fset(FLD(OFFSET), ~0ull);
        if (l->mods & ASM_MOD_SCOPE) m |= fset(FLD(SCOPE), ~0ull);
        if (l->mods & ASM_MOD_NT) m |= fset(FLD(NT), ~0ull);
        if (l->mods & ASM_MOD_NORET) m |= fset(FLD(NORET), ~0ull);
        if (m != isa_fmt_fields((isa_fmt)f))
            tfail(&t, "format %s: layout covers bits %016llx, isa.def %016llx", isa_fmt_name((isa_fmt)f),
                  (unsigned long long)m, (unsigned long long)isa_fmt_fields((isa_fmt)f));
        t.cases++;
    }
    tdone(&t, "asm_layout_covers_isa_def_format_fields");
}

/* ---- Every opcode, every operand kind in every position ---- */

typedef struct {
    tcase enc;    /* text -> expected bits */
    tcase rt;     /* bits -> disasm -> asm -> same bits */
} enc_cases;

static void check_text(enc_cases *e, const char *text, uint64_t want)
{
    char err[512];
    uint64_t w = 0;
    e->enc.cases++;
    if (!isa_valid(want)) {
        tfail(&e->enc, "test bug or ISA mismatch: expected word %016llx for '%s' is not valid",
              (unsigned long long)want, text);
        return;
    }
    if (as_line(text, &w, err, sizeof err)) {
        tfail(&e->enc, "'%s' does not assemble: %s", text, err);
        return;
    }
    if (w != want) {
        tfail(&e->enc, "'%s' assembled to %016llx, expected %016llx", text, (unsigned long long)w,
              (unsigned long long)want);
        return;
    }
    e->rt.cases++;
    roundtrip(&e->rt, w);
}

static void build(const isa_op_info *op, const sslot *s, int n, const char *const *texts, const uint64_t *vals,
                  const char *mods, uint64_t modbits, char *text, size_t tlen, uint64_t *w)
{
    size_t o = (size_t)snprintf(text, tlen, "%s", op->mnemonic);
    *w = fset(FLD(OPCODE), op->opcode) | modbits;
    for (int i = 0; i < n; i++) {
        o += (size_t)snprintf(text + o, tlen - o, "%s%s", i ? ", " : " ", texts[i]);
        *w = put_slot(*w, &s[i], vals[i]);
    }
    if (mods && *mods) snprintf(text + o, tlen - o, " %s", mods);
}

static void test_every_opcode_operand_kind(void)
{
    enc_cases e;
    tinit(&e.enc);
    tinit(&e.rt);
    char sigtext[16][8];
    for (unsigned i = 0; i < 16; i++) snprintf(sigtext[i], sizeof sigtext[i], "s%u", i);
    modvar mv[16];
    unsigned nmv;
    mod_vars(mv, &nmv);
    unsigned nops = 0;

    for (unsigned opc = 0; opc < 256; opc++) {
        const isa_op_info *op = isa_op((uint8_t)opc);
        if (!op->mnemonic) continue;
        nops++;
        sslot s[8];
        unsigned mods;
        int n = spec(op, s, &mods);
        if (n < 0) {
            tfail(&e.enc, "format %s of '%s' is unknown to this test", isa_fmt_name(op->fmt), op->mnemonic);
            continue;
        }
        const char *texts[8];
        uint64_t vals[8];
        unsigned nsig = 0;
        for (int i = 0; i < n; i++) {
            switch (s[i].k) {
            case S_DEST: texts[i] = "v16"; vals[i] = 16; break;
            case S_ADDR: texts[i] = "v17"; vals[i] = 17; break;
            case S_MASK: texts[i] = "one"; vals[i] = MK(1, 0, 1, 0); break;
            case S_SHORT: texts[i] = "v18"; vals[i] = KV << 12 | 18; break;
            case S_LONG: texts[i] = "v19"; vals[i] = KV << 32 | 19; break;
            case S_TARGET: texts[i] = "0"; vals[i] = 0; break;
            case S_SIG: texts[i] = "s0"; vals[i] = 0; break;
            case S_SIGN: nsig++; texts[i] = sigtext[nsig]; vals[i] = nsig; break;
            }
        }
        char text[512];
        uint64_t w;
        build(op, s, n, texts, vals, "", 0, text, sizeof text, &w);
        check_text(&e, text, w);

        for (int i = 0; i < n; i++) {
            const char *t0 = texts[i];
            uint64_t v0 = vals[i];
            const var *lists[3] = { NULL, NULL, NULL };
            size_t counts[3] = { 0, 0, 0 };
            switch (s[i].k) {
            case S_DEST: lists[0] = dest_vars; counts[0] = sizeof dest_vars / sizeof *dest_vars; break;
            case S_ADDR: lists[0] = addr_vars; counts[0] = sizeof addr_vars / sizeof *addr_vars; break;
            case S_MASK: lists[0] = mask_vars; counts[0] = sizeof mask_vars / sizeof *mask_vars; break;
            case S_TARGET: lists[0] = target_vars; counts[0] = sizeof target_vars / sizeof *target_vars; break;
            case S_SHORT:
            case S_LONG:
                lists[0] = reg_src_vars; counts[0] = sizeof reg_src_vars / sizeof *reg_src_vars;
                lists[1] = short_lit_vars; counts[1] = sizeof short_lit_vars / sizeof *short_lit_vars;
                if (s[i].k == S_LONG) { lists[2] = long_lit_vars; counts[2] = sizeof long_lit_vars / sizeof *long_lit_vars; }
                break;
            case S_SIG:
            case S_SIGN:
                for (unsigned k = 0; k < 16; k++) {
                    texts[i] = sigtext[k];
                    vals[i] = k;
                    build(op, s, n, texts, vals, "", 0, text, sizeof text, &w);
                    check_text(&e, text, w);
                }
                break;
            }
            for (unsigned l = 0; l < 3; l++)
                for (size_t k = 0; k < counts[l]; k++) {
                    texts[i] = lists[l][k].text;
                    vals[i] = lists[l][k].v;
                    if (l >= 1) {  /* a literal: kind L, payload 12 or 32 bits */
                        uint64_t bits = lists[l][k].v & 0xffffffffu;
                        vals[i] = s[i].k == S_LONG ? (KL << 32 | bits) : (KL << 12 | (bits & 0xfff));
                    } else if (s[i].k == S_SHORT) {
                        vals[i] = (lists[l][k].v >> 32) << 12 | (lists[l][k].v & 0xfff);
                    }
                    build(op, s, n, texts, vals, "", 0, text, sizeof text, &w);
                    check_text(&e, text, w);
                }
            texts[i] = t0;
            vals[i] = v0;
        }

        /* Modifiers, alone and all together in reverse order. */
        char all[128] = "";
        uint64_t allbits = 0;
        for (unsigned k = 0; k < nmv; k++) {
            if (!(mods & mv[k].mod)) continue;
            build(op, s, n, texts, vals, mv[k].text, mv[k].bits, text, sizeof text, &w);
            check_text(&e, text, w);
        }
        for (int k = (int)nmv - 1; k >= 0; k--) {
            if (!(mods & mv[k].mod)) continue;
            /* the last variant of each modifier: offset:KT, sc:system, nt, noret */
            bool last = k == (int)nmv - 1 || mv[k + 1].mod != mv[k].mod;
            if (!last) continue;
            size_t o = strlen(all);
            snprintf(all + o, sizeof all - o, "%s%s", o ? " " : "", mv[k].text);
            allbits |= mv[k].bits;
        }
        if (*all) {
            build(op, s, n, texts, vals, all, allbits, text, sizeof text, &w);
            check_text(&e, text, w);
        }
        /* With noret an atomic does not write D, so a constant is allowed there. */
        if (mods & M_NORET) {
            for (int i = 0; i < n; i++)
                if (s[i].k == S_DEST) { texts[i] = "zero"; vals[i] = 0; }
            build(op, s, n, texts, vals, "noret", fset(FLD(NORET), 1), text, sizeof text, &w);
            check_text(&e, text, w);
        }
        /* "mov vD, B" means mask one. */
        if (op->fmt == ISA_FMT_MOV) {
            snprintf(text, sizeof text, "%s v16, v19", op->mnemonic);
            check_text(&e, text, fset(FLD(OPCODE), op->opcode) | fset(FLD(D), 16) | fset(FLD(M), MK(1, 0, 1, 0)) |
                                     fset(FLD(LK), ISA_KIND_V) | fset(FLD(LV), 19));
        }
    }
    if (nops < 100) tfail(&e.enc, "only %u opcodes in the table", nops);
    tdone(&e.enc, "asm_every_opcode_every_operand_kind_encodes_expected_bits");
    tdone(&e.rt, "asm_disasm_roundtrip_every_opcode_every_operand_kind");
}

/* ---- Canonical words from random field values ---- */

static const uint32_t special_f32[] = {
    0x3fc00000, 0x80000000, 0x00000000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000, 0x7fc00001,
    0xff800001, 0x00000001, 0x807fffff, 0x7f7fffff, 0x00800000, 0x3dcccccd, 0x4b800000, 0x5f800000,
    0x42c80000, 0x4f000000, 0xcf000000, 0x3f800000, 0x501502f9, 0x2f800000,
};

static uint64_t rnd_src(bool is_long)
{
    uint64_t kind = rndn(4);
    uint64_t p;
    if (kind == ISA_KIND_V || kind == ISA_KIND_S) p = rndn(64);
    else if (kind == ISA_KIND_M || !is_long) p = rndn(4096);
    else if (rndn(4) == 0) p = special_f32[rndn(sizeof special_f32 / sizeof *special_f32)];
    else if (rndn(4) == 0) p = (uint32_t)((int32_t)rndn(200001) - 100000);
    else p = (uint32_t)rnd64();
    return is_long ? (kind << 32 | p) : (kind << 12 | p);
}

/* A random canonical word of opcode op, built field by field. */
static uint64_t gen_canonical(const isa_op_info *op)
{
    sslot s[8];
    unsigned mods;
    int n = spec(op, s, &mods);
    uint64_t w = fset(FLD(OPCODE), op->opcode);
    for (int i = 0; i < n; i++) {
        uint64_t v = 0;
        switch (s[i].k) {
        case S_DEST: v = rndn(10) == 0 ? rndn(64) : 16 + rndn(48); break;
        case S_ADDR: v = rndn(64); break;
        case S_MASK: v = rndn(4096); break;
        case S_SHORT: v = rnd_src(false); break;
        case S_LONG: v = rnd_src(true); break;
        case S_TARGET: v = rndn(3) ? rndn(5000) : (uint32_t)rnd64(); break;
        case S_SIG:
        case S_SIGN: v = rndn(16); break;
        }
        w = put_slot(w, &s[i], v);
    }
    if (mods & M_OFF) w |= fset(FLD(OFFSET), rndn(2) ? rndn(65536) : 0);
    if (mods & M_SC) w |= fset(FLD(SCOPE), rndn(4));
    if (mods & M_NT) w |= fset(FLD(NT), rndn(2));
    if (mods & M_NORET) w |= fset(FLD(NORET), rndn(2));
    return w;
}

static void test_canonical_words_roundtrip(void)
{
    tcase t;
    tinit(&t);
    seed(0xC0FFEE);
    for (unsigned opc = 0; opc < 256; opc++) {
        const isa_op_info *op = isa_op((uint8_t)opc);
        if (!op->mnemonic) continue;
        for (unsigned it = 0; it < 300 && t.ok; it++) {
            uint64_t w = gen_canonical(op);
            t.cases++;
            if (!isa_valid(w)) {
                tfail(&t, "constructed %s word %016llx is not valid (test and isa.def disagree)", op->mnemonic,
                      (unsigned long long)w);
                break;
            }
            roundtrip(&t, w);
        }
    }
    tdone(&t, "disasm_asm_roundtrip_random_canonical_words");
}

/* Disassembles words[0..n) into one program, reassembles it, compares. */
static void batch_roundtrip(tcase *t, const uint64_t *words, size_t n, unsigned *decoded)
{
    sbuf b = { 0 };
    char line[512];
    for (size_t i = 0; i < n; i++) {
        int len = disasm_inst(words[i], line, sizeof line);
        if (len <= 0 || (size_t)len >= sizeof line) {
            tfail(t, "disasm_inst(%016llx) returned %d", (unsigned long long)words[i], len);
            sb_free(&b);
            return;
        }
        bool raw = strncmp(line, ".inst", 5) == 0;
        bool valid = isa_valid(words[i]);
        if (valid && !writes_const(words[i]) && raw)
            tfail(t, "valid word %016llx printed raw: '%s'", (unsigned long long)words[i], line);
        if (!valid && !raw) tfail(t, "invalid word %016llx printed as '%s'", (unsigned long long)words[i], line);
        if (!raw) (*decoded)++;
        sb_printf(&b, "%s\n", line);
    }
    kbin k;
    char err[512];
    if (as_src(b.s, b.n, &k, err, sizeof err)) {
        tfail(t, "disassembly does not reassemble: %s", err);
    } else {
        if (k.num_insts != n) tfail(t, "reassembled %u words, expected %zu", k.num_insts, n);
        for (size_t i = 0; i < n && i < k.num_insts; i++)
            if (k.insts[i] != words[i]) {
                disasm_inst(words[i], line, sizeof line);
                tfail(t, "%016llx -> '%s' -> %016llx", (unsigned long long)words[i], line,
                      (unsigned long long)k.insts[i]);
                break;
            }
        kbin_free(&k);
    }
    t->cases += (unsigned)n;
    sb_free(&b);
}

static void test_random_words_roundtrip(void)
{
    tcase t;
    tinit(&t);
    seed(0x5EED1234);
    uint8_t ops[256];
    unsigned nops = 0, decoded = 0;
    for (unsigned i = 0; i < 256; i++)
        if (isa_op((uint8_t)i)->mnemonic) ops[nops++] = (uint8_t)i;
    uint64_t *words = malloc(ISA_MAX_INSTS * sizeof *words);
    if (!words) { tfail(&t, "out of memory"); tdone(&t, "disasm_asm_roundtrip_random_64bit_words"); return; }
    for (unsigned batch = 0; batch < 50 && t.ok; batch++) {
        for (unsigned i = 0; i < ISA_MAX_INSTS; i++) {
            /* a quarter fully random, a quarter with a defined opcode, half
             * with a defined opcode and only its format's fields set */
            uint64_t w = rnd64();
            unsigned mode = rndn(4);
            if (mode >= 1) w = (w & ~fset(FLD(OPCODE), ~0ull)) | fset(FLD(OPCODE), ops[rndn(nops)]);
            if (mode >= 2) w &= isa_fmt_fields(isa_op((uint8_t)ISA_GET(w, OPCODE))->fmt);
            words[i] = w;
        }
        batch_roundtrip(&t, words, ISA_MAX_INSTS, &decoded);
    }
    free(words);
    if (t.ok && decoded < 20000) tfail(&t, "only %u of %u words were decoded; the test is too weak", decoded, t.cases);
    snprintf(t.note, sizeof t.note, ", %u decoded, the rest .inst", decoded);
    tdone(&t, "disasm_asm_roundtrip_random_64bit_words");
}

/* f32 literals print as decimals that reassemble to the same bits. */
static void test_f32_literals_roundtrip(void)
{
    tcase t;
    tinit(&t);
    seed(0xF32F32);
    uint64_t *words = malloc(ISA_MAX_INSTS * sizeof *words);
    unsigned decoded = 0, decimal = 0;
    if (!words) { tfail(&t, "out of memory"); tdone(&t, "disasm_f32_literals_roundtrip"); return; }
    uint64_t base = fset(FLD(OPCODE), ISA_OP_ADD_F32) | fset(FLD(D), 16) | fset(FLD(A), 17) | fset(FLD(LK), ISA_KIND_L);
    for (unsigned batch = 0; batch < 12 && t.ok; batch++) {
        for (unsigned i = 0; i < ISA_MAX_INSTS; i++) {
            uint32_t bits = (batch == 0 && i < sizeof special_f32 / sizeof *special_f32) ? special_f32[i]
                          : (uint32_t)rnd64();
            words[i] = base | bits;
            char line[128];
            disasm_inst(words[i], line, sizeof line);
            if (!strstr(line, "0x")) decimal++;
        }
        batch_roundtrip(&t, words, ISA_MAX_INSTS, &decoded);
    }
    free(words);
    if (t.ok && decimal < t.cases / 2) tfail(&t, "only %u of %u literals printed as decimals", decimal, t.cases);
    snprintf(t.note, sizeof t.note, ", %u printed as decimals", decimal);
    tdone(&t, "disasm_f32_literals_roundtrip");
}

/* ---- Whole programs ---- */

static const isa_op_info *random_op(void)
{
    for (;;) {
        const isa_op_info *op = isa_op((uint8_t)rndn(256));
        if (op->mnemonic) return op;
    }
}

static void test_program_roundtrip(void)
{
    tcase t;
    tinit(&t);
    seed(0xABCDEF);
    unsigned with_labels = 0;
    for (unsigned it = 0; it < 300 && t.ok; it++) {
        kbin k;
        k.num_insts = it == 0 ? ISA_MAX_INSTS : 1 + rndn(200);
        k.lds_bytes = it == 1 ? ISA_LDS_BYTES : 4 * rndn(ISA_LDS_BYTES / 4 + 1);
        k.waves_per_group = 1 + rndn(2);
        k.insts = malloc(k.num_insts * sizeof *k.insts);
        if (!k.insts) { tfail(&t, "out of memory"); break; }
        for (uint32_t i = 0; i < k.num_insts; i++) {
            unsigned r = rndn(20);
            uint64_t w;
            if (r < 5) {   /* a branch, usually inside the program or just past its end */
                static const uint8_t br[] = { ISA_OP_BR, ISA_OP_BRZ, ISA_OP_BRNZ, ISA_OP_BR_ALL, ISA_OP_BR_ANY };
                w = gen_canonical(isa_op(br[rndn(5)]));
                w = ISA_SET(w, TARGET, rndn(8) ? rndn(k.num_insts + 1) : (uint32_t)rnd64());
            } else if (r == 5) {
                w = rnd64();
            } else {
                w = gen_canonical(random_op());
            }
            k.insts[i] = w;
        }
        char *text = disasm_program(&k, rndn(2) ? DISASM_PC_COMMENTS : 0);
        if (!text) { tfail(&t, "disasm_program returned NULL"); kbin_free(&k); break; }
        if (strstr(text, "\nL")) with_labels++;
        kbin b;
        char err[512];
        if (as_src(text, strlen(text), &b, err, sizeof err)) {
            tfail(&t, "program %u does not reassemble: %s", it, err);
        } else {
            if (b.num_insts != k.num_insts || b.lds_bytes != k.lds_bytes || b.waves_per_group != k.waves_per_group)
                tfail(&t, "program %u: header %u/%u/%u became %u/%u/%u", it, k.num_insts, k.lds_bytes,
                      k.waves_per_group, b.num_insts, b.lds_bytes, b.waves_per_group);
            for (uint32_t i = 0; t.ok && i < k.num_insts; i++)
                if (b.insts[i] != k.insts[i])
                    tfail(&t, "program %u pc %u: %016llx became %016llx", it, i, (unsigned long long)k.insts[i],
                          (unsigned long long)b.insts[i]);
            kbin_free(&b);
        }
        free(text);
        kbin_free(&k);
        t.cases++;
    }
    if (t.ok && with_labels < 200) tfail(&t, "only %u programs had labels", with_labels);
    snprintf(t.note, sizeof t.note, ", %u with labels", with_labels);
    tdone(&t, "disasm_program_roundtrip_with_labels_and_header");
}

/* ---- Disassembler text ---- */

static void test_disasm_text(void)
{
    static const struct {
        const char *src;
        const char *want;
    } cases[] = {
        { "add v16, v17, 1", "add v16, v17, 1" },
        { "add v16, -2048, 0x80000000", "add v16, -2048, 0x80000000" },
        { "add v16, v17, -1", "add v16, v17, -1" },
        { "mov v16, v19", "mov v16, one, v19" },
        { "mov v16, lo16 & one, v19", "mov v16, lo16, v19" },
        { "mov v16, ~lo16 & ~ch2, v19[0]", "mov v16, ~lo16 & ~ch2, v19[0]" },
        { "fma_f32 v21, v20, ~lo16, v17 & ~n2nd", "fma_f32 v21, v20, ~lo16 & one, v17 & ~n2nd" },
        { "add v16, v17 & one, v2", "add v16, v17 & one, sid" },
        { "add_f32 v16, v17, 1.5", "add_f32 v16, v17, 1.5" },
        { "add_f32 v16, v17, -0.0", "add_f32 v16, v17, -0.0" },
        { "add_f32 v16, v17, 100", "add_f32 v16, v17, 0x00000064" },
        { "add_f32 v16, v17, 100.0", "add_f32 v16, v17, 100.0" },
        { "add_f32 v16, v17, 0.1", "add_f32 v16, v17, 0.1" },
        { "add_f32 v16, v17, 1e20", "add_f32 v16, v17, 1e+20" },
        { "add_f32 v16, v17, nan", "add_f32 v16, v17, nan" },
        { "add_f32 v16, v17, -inf", "add_f32 v16, v17, -inf" },
        { "add_f32 v16, v17, 0x7fc00001", "add_f32 v16, v17, 0x7fc00001" },
        { "cvt_f32_i32 v16, 0x12345678", "cvt_f32_i32 v16, 0x12345678" },
        { "s_mov v16, args[0]", "s_mov v16, args[0]" },
        { "global_atomic_add s3, v16, lo16, v17, v18 nt sc:system noret",
          "global_atomic_add s3, v16, lo16, v17, v18 sc:system nt noret" },
        { "global_load32 s0, v16, one, args sc:wave", "global_load32 s0, v16, one, args" },
        { "local_load32 v16, one, v17 offset:65535", "local_load32 v16, one, v17 offset:65535" },
        { "local_store32 v17, one, 5 offset:0", "local_store32 v17, one, 5" },
        { "sig_waitall4 s1, s2, s3, s15", "sig_waitall4 s1, s2, s3, s15" },
        { "sig_done2 v16, s0, s9", "sig_done2 v16, s0, s9" },
        { "brz 12, v20[0]", "brz 12, v20[0]" },
        { "br_all 4294967295, ~one", "br_all 4294967295, ~one" },
        { "cache_wb_l2 s7", "cache_wb_l2 s7" },
        { ".inst 0", ".inst 0x0000000000000000" },
        { ".inst 0x0100000000000001", ".inst 0x0100000000000001" },
        { ".inst 0x8000000000000000", ".inst 0x8000000000000000  # add zero, zero, zero (writes a read-only constant)" },
    };
    tcase t;
    tinit(&t);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        uint64_t w;
        char err[512], text[512];
        t.cases++;
        if (as_line(cases[i].src, &w, err, sizeof err)) {
            tfail(&t, "'%s' does not assemble: %s", cases[i].src, err);
            continue;
        }
        disasm_inst(w, text, sizeof text);
        if (strcmp(text, cases[i].want) != 0)
            tfail(&t, "'%s' disassembles to '%s', expected '%s'", cases[i].src, text, cases[i].want);
    }
    tdone(&t, "disasm_prints_canonical_text");
}

/* The whole-program text: header, labels at targets (also one past the end),
 * numbers for targets beyond it, raw words, pc comments. */
static void test_disasm_program_text(void)
{
    static const char src[] =
        ".lds 512\n.waves 2\n"
        "top: brz out, v20[0]\n"
        "  br 7\n"
        "  .inst 0x0100000000000001\n"
        "  br_any top, ~lo16\n"
        "out:\n";
    static const char want_plain[] =
        ".lds 512\n.waves 2\n"
        "L0:\n"
        "    brz L4, v20[0]\n"
        "    br 7\n"
        "    .inst 0x0100000000000001\n"
        "    br_any L0, ~lo16\n"
        "L4:\n";
    static const char want_pc_line[] = "    br 7                                         # 1\n";
    tcase t;
    tinit(&t);
    kbin k;
    char err[512];
    if (as_src(src, strlen(src), &k, err, sizeof err)) {
        tfail(&t, "does not assemble: %s", err);
    } else {
        char *plain = disasm_program(&k, 0), *pcs = disasm_program(&k, DISASM_PC_COMMENTS);
        if (!plain || strcmp(plain, want_plain) != 0)
            tfail(&t, "got\n%s\nexpected\n%s", plain ? plain : "(null)", want_plain);
        else if (!pcs || !strstr(pcs, want_pc_line))
            tfail(&t, "with pc comments, no line '%s' in\n%s", want_pc_line, pcs ? pcs : "(null)");
        free(plain);
        free(pcs);
        kbin_free(&k);
    }
    tdone(&t, "disasm_program_prints_header_labels_and_pcs");
}

static void test_disasm_truncation(void)
{
    tcase t;
    tinit(&t);
    uint64_t w;
    char err[256], full[256], small[8];
    if (as_line("global_atomic_cas s3, v16, lo16 & ~ch2, v17, v18 sc:device nt noret", &w, err, sizeof err)) {
        tfail(&t, "does not assemble: %s", err);
    } else {
        int n = disasm_inst(w, full, sizeof full);
        memset(small, 'x', sizeof small);
        int m = disasm_inst(w, small, 5);
        int z = disasm_inst(w, NULL, 0);
        if (n != (int)strlen(full)) tfail(&t, "returned %d for '%s'", n, full);
        if (m != n || z != n) tfail(&t, "returned %d / %d with a short / no buffer, %d with a full one", m, z, n);
        if (memcmp(small, full, 4) != 0 || small[4] != 0 || small[5] != 'x')
            tfail(&t, "short buffer holds '%.5s', not the first 4 characters and a NUL", small);
    }
    tdone(&t, "disasm_inst_truncates_like_snprintf");
}

/* ---- Assembler features ---- */

typedef struct {
    const char *name;
    const char *src;
    unsigned n;
    uint64_t words[6];
    uint32_t lds, waves;
} prog_case;

#define OP(x) ((uint64_t)(x) << 56)
#define W_TGT(v) ((uint64_t)(v))
#define W_D(v) ((uint64_t)(v) << 50)
#define W_A(k, p) ((uint64_t)(((k) << 12) | (p)) << 36)
#define W_L(k, v) (((uint64_t)(k) << 32) | (uint32_t)(v))
#define W_M(m) ((uint64_t)(m) << 38)

static void test_features(void)
{
    const uint64_t NOP = OP(ISA_OP_NOP), END = OP(ISA_OP_END);
    const prog_case cases[] = {
        { "asm_labels_forward_and_backward",
          "top: nop\n  br bottom\n  brnz top, v20[0]\nbottom:\n  end\n", 4,
          { NOP, OP(ISA_OP_BR) | W_TGT(3), OP(ISA_OP_BRNZ) | W_A(1u, 20u) | W_TGT(0), END }, 0, 1 },
        { "asm_label_at_end_of_program_and_several_per_line",
          "a: b: br c\nc:\n", 1, { OP(ISA_OP_BR) | W_TGT(1) }, 0, 1 },
        { "asm_label_on_instruction_line_and_dot_names",
          ".Lx: nop\n_y.z: br .Lx\n", 2, { NOP, OP(ISA_OP_BR) | W_TGT(0) }, 0, 1 },
        { "asm_comments_hash_semicolon_slashes",
          "# c1\n; c2\n// c3\n  nop # x\n  nop ; y\n  nop // z\n\n   \n  end;no space\n", 4, { NOP, NOP, NOP, END },
          0, 1 },
        { "asm_crlf_tabs_and_no_final_newline", "\tnop\r\n\tadd\tv16,\tv17,\t1\r\n  end", 3,
          { NOP, OP(ISA_OP_ADD) | W_D(16) | W_A(0u, 17u) | W_L(3u, 1), END }, 0, 1 },
        { "asm_directives_set_header", ".lds 65536\n.waves 2\nend\n", 1, { END }, 65536, 2 },
        { "asm_header_defaults", "end\n", 1, { END }, 0, 1 },
        { "asm_equ_in_literal_offset_target_and_directive",
          ".equ N, 64\n.equ M, N\n.equ T, 1\n.lds N\nnop\nlocal_load32 v16, one, v17 offset:M\nbr T\n"
          "add v16, v17, -N\n", 4,
          { NOP, OP(ISA_OP_LOCAL_LOAD32) | W_D(16) | W_M(MK(1, 0, 1, 0)) | ((uint64_t)17 << 32) | 64,
            OP(ISA_OP_BR) | W_TGT(1), OP(ISA_OP_ADD) | W_D(16) | W_A(0u, 17u) | W_L(3u, -64) }, 64, 1 },
        { "asm_alias_in_dest_addr_mask_and_sources",
          ".alias p, v20\n.alias q, p\n.alias c, lo16\nlocal_atomic_add q, p & ~c, p, p[0]\n", 1,
          { OP(ISA_OP_LOCAL_ATOMIC_ADD) | W_D(20) | W_M(MK(20, 0, 8, 1)) | ((uint64_t)20 << 32) |
            ((uint64_t)((1u << 12) | 20u) << 18) }, 0, 1 },
        { "asm_inst_emits_raw_words", ".inst 0x0123456789abcdef\n.inst 18446744073709551615\n.inst 0\n", 3,
          { 0x0123456789abcdefull, ~0ull, 0 }, 0, 1 },
        { "asm_constant_dest_allowed_with_noret",
          "local_atomic_cas zero, one, v17, v18 noret\nglobal_atomic_add s1, args, one, v17, 1 noret\n", 2,
          { OP(ISA_OP_LOCAL_ATOMIC_CAS) | W_M(MK(1, 0, 1, 0)) | ((uint64_t)17 << 32) | ((uint64_t)18 << 18) |
            (1u << 17),
            OP(ISA_OP_GLOBAL_ATOMIC_ADD) | W_D(15) | W_M(MK(1, 0, 1, 0)) | ((uint64_t)17 << 32) |
            ((uint64_t)((3u << 12) | 1u) << 18) | (1u << 17) | (1u << 10) }, 0, 1 },
        { "asm_names_are_usable_as_labels_if_not_registers",
          "add: nop\nnt: br add\nbr nt\n", 3, { NOP, OP(ISA_OP_BR), OP(ISA_OP_BR) | W_TGT(1) }, 0, 1 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        tcase t;
        tinit(&t);
        kbin k;
        char err[512];
        if (as_src(cases[i].src, strlen(cases[i].src), &k, err, sizeof err)) {
            tfail(&t, "does not assemble: %s", err);
        } else {
            if (k.num_insts != cases[i].n) tfail(&t, "%u instructions, expected %u", k.num_insts, cases[i].n);
            if (k.lds_bytes != cases[i].lds || k.waves_per_group != cases[i].waves)
                tfail(&t, ".lds %u .waves %u, expected %u %u", k.lds_bytes, k.waves_per_group, cases[i].lds,
                      cases[i].waves);
            for (unsigned j = 0; j < k.num_insts && j < cases[i].n; j++)
                if (k.insts[j] != cases[i].words[j])
                    tfail(&t, "word %u is %016llx, expected %016llx", j, (unsigned long long)k.insts[j],
                          (unsigned long long)cases[i].words[j]);
            kbin_free(&k);
        }
        tdone(&t, cases[i].name);
    }
}

/* ---- Errors ---- */

typedef struct {
    const char *name;
    const char *src;
    const char *where;   /* the exact "file:line:col:" prefix */
    const char *what;    /* a substring of the message */
} err_case;

static const err_case err_cases[] = {
    { "unknown_mnemonic", "nop\n  frob v16, v17\n", "t.s:2:3:", "unknown mnemonic 'frob'" },
    { "too_few_operands", "add v16, v17\n", "t.s:1:1:", "'add' takes 3 operands (vD, A, B), found 2" },
    { "too_many_operands", "add v16, v17, v18, v19\n", "t.s:1:20:", "takes 3 operands" },
    { "operands_for_none_format", "end v16\n", "t.s:1:5:", "'end' takes no operands" },
    { "mov_without_b", "mov v16\n", "t.s:1:1:", "'mov' takes 3 operands" },
    { "signal_count", "sig_waitall2 s1\n", "t.s:1:1:", "takes 2 operands (sig, sig)" },
    { "missing_operand_after_comma", "add v16, v17,\n", "t.s:1:14:", "expected operand B, found end of line" },
    { "empty_operand", "add v16, , v18\n", "t.s:1:10:", "expected operand A, found ','" },
    { "missing_comma", "add v16 v20, v17, v18\n", "t.s:1:9:", "unexpected 'v20' after operand vD" },
    { "trailing_garbage", "add v16, v17, v18 v19\n", "t.s:1:19:", "unexpected 'v19' after the last operand" },
    { "trailing_garbage_after_directive", ".waves 1 2\nend\n", "t.s:1:10:", "unexpected '2' after '.waves'" },
    { "bad_register_v64", "add v64, v17, v18\n", "t.s:1:5:", "bad register 'v64'" },
    { "bad_register_in_source", "add v16, v99, 1\n", "t.s:1:10:", "bad register 'v99'" },
    { "bad_register_leading_zero", "add v16, v17, v01\n", "t.s:1:15:", "bad register 'v01'" },
    { "dest_not_a_register", "add 5, v17, v18\n", "t.s:1:5:", "expected a register for operand vD, found '5'" },
    { "dest_is_sreg", "add v16[0], v17, 1\n", "t.s:1:8:", "must be a plain register" },
    { "addr_is_sreg", "local_load32 v16, one, v17[0]\n", "t.s:1:27:", "must be a plain register" },
    { "write_to_constant_zero", "add zero, v17, v18\n", "t.s:1:5:", "read-only constant" },
    { "write_to_constant_v15", "nop\n s_add v15, v17, 1\n", "t.s:2:8:", "args (v15) is a read-only constant" },
    { "write_to_constant_via_alias", ".alias c, v3\nadd c, v17, 1\n", "t.s:2:5:", "read-only constant" },
    { "write_to_constant_atomic_returning", "local_atomic_add one, one, v17, v18\n", "t.s:1:18:",
      "read-only constant" },
    { "write_to_constant_sig_done", "sig_done1 lo16, s0\n", "t.s:1:11:", "read-only constant" },
    { "write_to_constant_global_load", "global_load32 s0, wave, one, args\n", "t.s:1:19:", "read-only constant" },
    { "mask_register_above_v31", "mov v16, v32, 1\n", "t.s:1:10:", "is not in v0..v31" },
    { "mask_second_term_above_v31", "mov v16, one & ~v40, 1\n", "t.s:1:17:", "is not in v0..v31" },
    { "mask_kind_source_above_v31", "add v16, v40 & one, 1\n", "t.s:1:10:", "is not in v0..v31" },
    { "mask_register_alias_above_v31", ".alias big, v40\nmov v16, big, 1\n", "t.s:2:10:", "'big' is v40, not in v0..v31" },
    { "literal_in_mask_expression", "add v16, v17, 5 & one\n", "t.s:1:17:", "a literal cannot be part of a mask" },
    { "mask_not_a_register", "mov v16, 5, v17\n", "t.s:1:10:", "expected a mask register" },
    { "mask_term_with_lane", "mov v16, v17[0] & one, 1\n", "t.s:1:13:", "without '[0]'" },
    { "sreg_lane_not_zero", "add v16, v17[1], 1\n", "t.s:1:14:", "only lane 0 can be selected" },
    { "sreg_missing_bracket", "add v16, v17[0, 1\n", "t.s:1:15:", "expected ']'" },
    { "short_literal_too_large", "add v16, 2048, v17\n", "t.s:1:10:", "does not fit the 12-bit operand A" },
    { "short_literal_too_small", "add v16, -2049, v17\n", "t.s:1:10:", "'-2049'" },
    { "short_literal_f32", "fma_f32 v16, v17, 1.5, v18\n", "t.s:1:19:", "does not fit the 12-bit operand B" },
    { "short_literal_in_select", "select v16, one, 0, 4096\n", "t.s:1:21:", "operand T" },
    { "short_literal_in_store", "local_store32 v16, one, 0x800\n", "t.s:1:25:", "operand V" },
    { "long_literal_too_large", "add v16, v17, 4294967296\n", "t.s:1:15:", "out of the 32-bit range" },
    { "long_literal_too_small", "add v16, v17, -2147483649\n", "t.s:1:15:", "'-2147483649'" },
    { "f32_literal_overflow", "add_f32 v16, v17, 1e39\n", "t.s:1:19:", "too large" },
    { "bad_number", "add v16, v17, 12ab\n", "t.s:1:15:", "bad number '12ab'" },
    { "bad_exponent", "add v16, v17, 1e\n", "t.s:1:15:", "no digits in the exponent" },
    { "hex_without_digits", "add v16, v17, 0x\n", "t.s:1:15:", "no hex digits" },
    { "number_over_64_bits", ".inst 0x10000000000000000\n", "t.s:1:7:", "too large" },
    { "decimal_over_64_bits", ".inst 18446744073709551616\n", "t.s:1:7:", "too large" },
    { "unknown_name", "add v16, v17, foo\n", "t.s:1:15:", "unknown name 'foo'" },
    { "negated_register", "add v16, v17, -v18\n", "t.s:1:16:", "found register 'v18'" },
    { "label_as_value", "a: nop\nadd v16, v17, a\n", "t.s:2:15:", "label 'a' cannot be used as a value" },
    { "undefined_label", "nop\nbr nowhere\nend\n", "t.s:2:4:", "undefined label 'nowhere'" },
    { "duplicate_label", "a: nop\na: end\n", "t.s:2:1:", "'a' is already defined at line 1" },
    { "label_named_register", "v3: nop\n", "t.s:1:1:", "'v3' is a register name" },
    { "label_named_constant", "one: nop\n", "t.s:1:1:", "'one' is a register name" },
    { "label_named_signal", "s1: nop\n", "t.s:1:1:", "'s1' is a signal name" },
    { "branch_target_register", "br v16\n", "t.s:1:4:", "must be a label or a number" },
    { "branch_target_too_large", "br 4294967296\n", "t.s:1:4:", "out of range 0..4294967295" },
    { "branch_target_negative", "br -1\n", "t.s:1:4:", "'-1' is out of range" },
    { "branch_target_f32", "br 1.5\n", "t.s:1:4:", "expected an integer" },
    { "branch_target_not_label", "br X\n.equ X, 3\nend\n", "t.s:1:4:", "not a label" },
    { "waves_3", ".waves 3\nend\n", "t.s:1:8:", "'.waves' must be 1 or 2, found '3'" },
    { "waves_0", "end\n.waves 0\n", "t.s:2:8:", "'.waves' must be 1 or 2" },
    { "lds_not_multiple_of_4", ".lds 6\nend\n", "t.s:1:6:", "'.lds' must be a multiple of 4" },
    { "lds_too_large", ".lds 65540\nend\n", "t.s:1:6:", "at most|from 0 to 65536" },
    { "lds_negative", ".lds -4\nend\n", "t.s:1:6:", "'-4'" },
    { "lds_twice", ".lds 4\n.lds 8\nend\n", "t.s:2:1:", "given twice (first at line 1)" },
    { "lds_f32", ".lds 4.0\nend\n", "t.s:1:6:", "expected an integer" },
    { "unknown_directive", ".foo 1\nend\n", "t.s:1:1:", "unknown directive '.foo'" },
    { "equ_missing_comma", ".equ X 3\nend\n", "t.s:1:8:", "expected ','" },
    { "equ_reserved_name", ".equ inf, 3\nend\n", "t.s:1:6:", "f32 literal" },
    { "equ_register_name", ".equ v20, 3\nend\n", "t.s:1:6:", "register name" },
    { "equ_duplicate", ".equ X, 1\n.equ X, 2\nend\n", "t.s:2:6:", "already defined" },
    { "alias_not_register", ".alias x, 5\nend\n", "t.s:1:11:", "expected a register" },
    { "inst_negative", ".inst -1\n", "t.s:1:7:", "negative" },
    { "empty_program", "", "t.s:1:1:", "no instructions" },
    { "comment_only_program", "# nothing\n\n.lds 4\n", "t.s:1:1:", "no instructions" },
    { "modifier_not_allowed_alu", "add v16, v17, v18 nt\n", "t.s:1:19:", "modifier 'nt' is not allowed for 'add'" },
    { "offset_not_allowed_global", "global_load32 s0, v16, one, v17 offset:4\n", "t.s:1:33:", "not allowed" },
    { "noret_not_allowed_load", "local_load32 v16, one, v17 noret\n", "t.s:1:28:", "'noret' is not allowed" },
    { "scope_not_allowed_local", "local_store32 v17, one, v18 sc:device\n", "t.s:1:29:", "'sc' is not allowed" },
    { "offset_too_large", "local_load32 v16, one, v17 offset:65536\n", "t.s:1:35:", "out of range 0..65535" },
    { "offset_negative", "local_load32 v16, one, v17 offset:-4\n", "t.s:1:35:", "'-4' is out of range" },
    { "offset_missing_colon", "local_load32 v16, one, v17 offset 4\n", "t.s:1:35:", "expected ':'" },
    { "unknown_scope", "global_load32 s0, v16, one, v17 sc:gpu\n", "t.s:1:36:", "unknown scope 'gpu'" },
    { "duplicate_modifier", "global_load32 s0, v16, one, v17 nt nt\n", "t.s:1:36:", "given twice" },
    { "bad_signal", "sig_wait s16\n", "t.s:1:10:", "bad signal 's16'" },
    { "not_a_signal", "sig_wait v16\n", "t.s:1:10:", "expected a signal" },
    { "signal_in_global_load", "global_load32 v16, v16, one, v17\n", "t.s:1:15:", "expected a signal" },
    { "unexpected_character", "add v16, v17, $5\n", "t.s:1:15:", "unexpected character '$'" },
    { "control_character", "nop \x01\n", "t.s:1:5:", "'\\x01'" },
    { "expected_mnemonic", "5 nop\n", "t.s:1:1:", "expected a mnemonic" },
    { "column_counts_tab_as_one", "\tadd v64, v1, v2\n", "t.s:1:6:", "bad register" },
    { "crlf_line_numbers", "nop\r\nfrob\r\n", "t.s:2:1:", "unknown mnemonic 'frob'" },
};

/* Does the message match pattern "where" exactly and contain one of the '|'-separated "what" parts? */
static bool msg_has(const char *msg, const char *what)
{
    char buf[256];
    const char *p = what;
    while (*p) {
        const char *bar = strchr(p, '|');
        size_t n = bar ? (size_t)(bar - p) : strlen(p);
        if (n >= sizeof buf) n = sizeof buf - 1;
        memcpy(buf, p, n);
        buf[n] = 0;
        if (strstr(msg, buf)) return true;
        if (!bar) break;
        p = bar + 1;
    }
    return false;
}

/* Is msg "t.s:L:C: text" with 1 <= L <= nlines and 1 <= C <= its length + 1? */
static bool msg_well_formed(const char *msg, const char *src, size_t len, char *why, size_t whylen)
{
    unsigned long l, c;
    int used = 0;
    if (sscanf(msg, "t.s:%lu:%lu: %n", &l, &c, &used) != 2 || used == 0 || !msg[used]) {
        snprintf(why, whylen, "message '%s' is not 'file:line:col: message'", msg);
        return false;
    }
    /* the line's length, counted as the assembler counts lines */
    unsigned long line = 1;
    size_t start = 0, i;
    for (i = 0; i < len && line < l; i++)
        if (src[i] == '\n') { line++; start = i + 1; }
    if (l < 1 || line != l || (start >= len && l > 1)) {
        snprintf(why, whylen, "message '%.200s' names line %lu, which does not exist", msg, l);
        return false;
    }
    size_t end = start;
    while (end < len && src[end] != '\n') end++;
    size_t ll = end - start;
    if (c < 1 || (c > ll + 1 && !(ll > ASM_MAX_LINE && c == ASM_MAX_LINE + 1))) {
        snprintf(why, whylen, "message '%.200s' names column %lu of a %zu-character line", msg, c, ll);
        return false;
    }
    return true;
}

static void test_errors(void)
{
    unsigned n = sizeof err_cases / sizeof *err_cases;
    for (unsigned i = 0; i < n; i++) {
        const err_case *e = &err_cases[i];
        tcase t;
        tinit(&t);
        kbin k;
        char err[512], why[512];
        memset(err, 0, sizeof err);
        int rc = as_src(e->src, strlen(e->src), &k, err, sizeof err);
        if (rc == 0) {
            tfail(&t, "assembled without error");
            kbin_free(&k);
        } else if (rc != -1 || k.insts || k.num_insts) {
            tfail(&t, "returned %d and left output behind", rc);
        } else if (strncmp(err, e->where, strlen(e->where)) != 0) {
            tfail(&t, "message '%s' does not start with '%s'", err, e->where);
        } else if (!msg_has(err, e->what)) {
            tfail(&t, "message '%s' does not say '%s'", err, e->what);
        } else if (!msg_well_formed(err, e->src, strlen(e->src), why, sizeof why)) {
            tfail(&t, "%s", why);
        }
        char name[128];
        snprintf(name, sizeof name, "asm_error_%s", e->name);
        tdone(&t, name);
    }
}

/* Errors that need long or generated input. */
static void test_errors_generated(void)
{
    static const struct {
        const char *name;
        const char *where;
        const char *what;
    } cases[] = {
        { "asm_error_too_many_instructions", "t.s:4098:2:", "more than 4096 instructions" },
        { "asm_error_too_many_instructions_inst", "t.s:4098:1:", "more than 4096 instructions" },
        { "asm_error_line_too_long", "t.s:2:4097:", "line is longer than 4096 characters" },
        { "asm_error_name_too_long", "t.s:1:15:", "name is longer than 256 characters" },
        { "asm_error_number_too_long", "t.s:1:15:", "number is longer than 256 characters" },
        { "asm_error_nul_byte", "t.s:2:4:", "'\\x00'" },
        { "asm_max_instructions_accepted", NULL, NULL },
        { "asm_long_comment_line_rejected_cleanly", "t.s:1:4097:", "longer" },
    };
    for (unsigned c = 0; c < sizeof cases / sizeof *cases; c++) {
        sbuf b = { 0 };
        switch (c) {
        case 0:
        case 6:
            sb_printf(&b, ".waves 2\n");
            for (unsigned i = 0; i < (c == 0 ? ISA_MAX_INSTS + 1 : ISA_MAX_INSTS); i++) sb_printf(&b, " nop\n");
            break;
        case 1:
            sb_printf(&b, ".lds 8\n");
            for (unsigned i = 0; i < ISA_MAX_INSTS + 1; i++) sb_printf(&b, ".inst 0x%x\n", i);
            break;
        case 2:
            sb_printf(&b, "nop\n");
            for (unsigned i = 0; i < ASM_MAX_LINE; i++) sb_putn(&b, "a", 1);
            sb_printf(&b, "b\nend\n");
            break;
        case 3:
        case 4:
            sb_printf(&b, "add v16, v17, ");
            for (unsigned i = 0; i < 300; i++) sb_putn(&b, c == 3 ? "x" : "1", 1);
            sb_printf(&b, "\n");
            break;
        case 5:
            sb_printf(&b, "nop\nnop");
            sb_putn(&b, "\0", 1);
            sb_printf(&b, "\nend\n");
            break;
        case 7:
            sb_printf(&b, "#");
            for (unsigned i = 0; i < 100000; i++) sb_putn(&b, "#", 1);
            sb_printf(&b, "\nend\n");
            break;
        }
        tcase t;
        tinit(&t);
        kbin k;
        char err[512], why[512];
        int rc = as_src(b.s, b.n, &k, err, sizeof err);
        if (!cases[c].where) {
            if (rc) tfail(&t, "%u instructions rejected: %s", ISA_MAX_INSTS, err);
            else if (k.num_insts != ISA_MAX_INSTS || k.waves_per_group != 2) tfail(&t, "got %u instructions", k.num_insts);
            if (!rc) kbin_free(&k);
        } else if (rc == 0) {
            tfail(&t, "assembled without error");
            kbin_free(&k);
        } else if (strncmp(err, cases[c].where, strlen(cases[c].where)) != 0) {
            tfail(&t, "message '%.300s' does not start with '%s'", err, cases[c].where);
        } else if (!msg_has(err, cases[c].what)) {
            tfail(&t, "message '%.300s' does not say '%s'", err, cases[c].what);
        } else if (!msg_well_formed(err, b.s, b.n, why, sizeof why)) {
            tfail(&t, "%s", why);
        }
        sb_free(&b);
        tdone(&t, cases[c].name);
    }
}

/* Error messages are cut to the caller's buffer, never overflow it. */
static void test_error_buffer_small(void)
{
    tcase t;
    tinit(&t);
    char err[16];
    memset(err, 'z', sizeof err);
    kbin k;
    const char *src = "add v16, v17, undefined_name_here\n";
    int rc = asm_assemble(src, strlen(src), "some/long/file/name.s", &k, err, 10);
    if (rc != -1) tfail(&t, "returned %d", rc);
    else if (strlen(err) != 9 || err[10] != 'z' || strncmp(err, "some/long", 9) != 0)
        tfail(&t, "buffer of 10 holds '%.16s'", err);
    rc = asm_assemble(src, strlen(src), NULL, &k, NULL, 0);
    if (rc != -1) tfail(&t, "NULL error buffer: returned %d", rc);
    tdone(&t, "asm_error_message_respects_buffer_size");
}

/* ---- Robustness ---- */

/* Assembles src; on success the program must reassemble from its disassembly,
 * on failure the message must be well formed. */
static void check_robust(tcase *t, const char *src, size_t len, unsigned *ok_count)
{
    kbin k;
    char err[512], why[512];
    memset(err, 0, sizeof err);
    t->cases++;
    int rc = as_src(src, len, &k, err, sizeof err);
    if (rc != 0) {
        if (rc != -1 || k.insts) tfail(t, "returned %d with output", rc);
        else if (!msg_well_formed(err, src, len, why, sizeof why)) tfail(t, "%s (input %.100s)", why, src);
        return;
    }
    (*ok_count)++;
    if (k.num_insts < 1 || k.num_insts > ISA_MAX_INSTS || !k.insts || (k.waves_per_group != 1 && k.waves_per_group != 2) ||
        k.lds_bytes % 4 || k.lds_bytes > ISA_LDS_BYTES) {
        tfail(t, "accepted input gave a bad kernel (%u insts, %u lds, %u waves)", k.num_insts, k.lds_bytes,
              k.waves_per_group);
    } else {
        char *text = disasm_program(&k, DISASM_PC_COMMENTS);
        kbin b;
        if (!text) tfail(t, "disasm_program failed");
        else if (as_src(text, strlen(text), &b, err, sizeof err)) tfail(t, "accepted input's disassembly fails: %s", err);
        else {
            if (b.num_insts != k.num_insts || memcmp(b.insts, k.insts, k.num_insts * sizeof *k.insts) ||
                b.lds_bytes != k.lds_bytes || b.waves_per_group != k.waves_per_group)
                tfail(t, "accepted input does not survive disasm -> asm");
            kbin_free(&b);
        }
        free(text);
    }
    kbin_free(&k);
}

static const char GARBAGE_ALPHABET[] = "abcdefghijklmnopqrstuvwxyz_.0123456789vvvsss,,,&~[]:-+#;/ \t\t   \n\n\r\"'$()ex";

static const char CORPUS[] =
    "# a kernel using every kind of syntax\n"
    ".waves 2\n.lds 256\n.equ N, 128\n.alias out, v16\n"
    "    global_load32 s0, out, one, args\n"
    "    sig_wait s0\n"
    "loop:\n"
    "    mul_lo  v17, wave, N               ; byte offset\n"
    "    shl     v18, sid, 2\n"
    "    add     v17, v17, v18\n"
    "    add     v17, v17, v16[0]\n"
    "    add_f32 v20, v17, 1.5\n"
    "    fma_f32 v21, v20, ~lo16, v17 & ~n2nd\n"
    "    mov v22, -0.0\n"
    "    select v23, lo16 & ~ch2, 3, -2048\n"
    "    global_store32 s1, v17, one, sid sc:device nt\n"
    "    local_atomic_cas v30, ~lo16, v17, v20 offset:16 noret\n"
    "    sig_waitall4 s1, s2, s3, s15\n"
    "    brnz loop, v20[0]\n"
    "    br_any done, v17 & lo16\n"
    "    s_div_i32 v24, v17[0], -7\n"
    "    .inst 0x0000000000000000\n"
    "done: end\n";

static void test_robust_garbage(void)
{
    tcase t;
    tinit(&t);
    seed(0xBADC0DE);
    unsigned ok = 0;
    char buf[400];
    for (unsigned it = 0; it < 3000 && t.ok; it++) {
        size_t n = rndn(sizeof buf);
        for (size_t i = 0; i < n; i++)
            buf[i] = rndn(16) == 0 ? (char)rndn(256) : GARBAGE_ALPHABET[rndn(sizeof GARBAGE_ALPHABET - 1)];
        check_robust(&t, buf, n, &ok);
    }
    snprintf(t.note, sizeof t.note, ", %u assembled", ok);
    tdone(&t, "asm_robust_random_garbage_text");
}

/* A plausible instruction line: operands of the right kinds for the opcode. */
static void plausible_line(sbuf *b, const isa_op_info *op)
{
    sslot s[8];
    unsigned mods;
    int n = spec(op, s, &mods);
    sb_printf(b, "%s", op->mnemonic);
    for (int i = 0; i < n; i++) {
        const char *text = "v16";
        char sig[8];
        switch (s[i].k) {
        case S_DEST: text = dest_vars[rndn(sizeof dest_vars / sizeof *dest_vars)].text; break;
        case S_ADDR: text = addr_vars[rndn(sizeof addr_vars / sizeof *addr_vars)].text; break;
        case S_MASK: text = mask_vars[rndn(sizeof mask_vars / sizeof *mask_vars)].text; break;
        case S_TARGET: text = rndn(2) ? "L1" : target_vars[rndn(sizeof target_vars / sizeof *target_vars)].text; break;
        case S_SHORT:
        case S_LONG:
            if (rndn(2)) text = reg_src_vars[rndn(sizeof reg_src_vars / sizeof *reg_src_vars)].text;
            else if (s[i].k == S_SHORT || rndn(2)) text = short_lit_vars[rndn(sizeof short_lit_vars / sizeof *short_lit_vars)].text;
            else text = long_lit_vars[rndn(sizeof long_lit_vars / sizeof *long_lit_vars)].text;
            break;
        case S_SIG:
        case S_SIGN: snprintf(sig, sizeof sig, "s%u", rndn(16)); text = sig; break;
        }
        sb_printf(b, "%s%s", i ? ", " : " ", text);
    }
    if ((mods & M_OFF) && rndn(2)) sb_printf(b, " offset:%u", rndn(65536));
    if ((mods & M_SC) && rndn(2)) sb_printf(b, " sc:group");
    if ((mods & M_NT) && rndn(2)) sb_printf(b, " nt");
    if ((mods & M_NORET) && rndn(2)) sb_printf(b, " noret");
}

static void test_robust_tokens(void)
{
    static const char *vocab[] = {
        "v0", "v15", "v16", "v31", "v32", "v63", "v64", "v99", "one", "lo16", "sid", "args", "zero", "wave",
        "s0", "s15", "s16", "0", "1", "-1", "2047", "2048", "-2048", "-2049", "0xffffffff", "0x100000000",
        "1.5", "-0.0", "inf", "nan", "1e39", "1e", "0x", "2f", ",", ",", ",", ",", "&", "~", "[0]", "[1]", "[",
        "]", ":", "offset:4", "offset:", "offset:70000", "sc:wave", "sc:gpu", "nt", "noret", "L1", "L1:", "L2:",
        ".lds", ".waves", ".equ", ".alias", ".inst", "X", "X,", "#", "//", ";", "\n", "\n", "\n", "-", "4",
        "buf", "mreg", "K", "F", "KT", "v20[0]", "~v17 &",
    };
    const unsigned nv = sizeof vocab / sizeof *vocab;
    tcase t;
    tinit(&t);
    seed(0x70CE45);
    unsigned ok = 0;
    sbuf b = { 0 };
    for (unsigned it = 0; it < 4000 && t.ok; it++) {
        b.n = 0;
        sb_printf(&b, "%s", PRELUDE);
        unsigned lines = 1 + rndn(6);
        for (unsigned l = 0; l < lines; l++) {
            if (rndn(4) == 0) sb_printf(&b, "L1: ");
            unsigned r = rndn(4);
            if (r == 0) {   /* random tokens, perhaps after a mnemonic */
                if (rndn(2)) sb_printf(&b, "%s ", random_op()->mnemonic);
                unsigned ntok = rndn(12);
                for (unsigned i = 0; i < ntok; i++) sb_printf(&b, "%s%s", vocab[rndn(nv)], rndn(4) ? " " : "");
            } else {        /* a plausible line, sometimes with one token too many or too few */
                size_t start = b.n;
                plausible_line(&b, random_op());
                if (r == 1 && b.n > start) {
                    size_t at = start + rndn((uint32_t)(b.n - start));
                    if (rndn(2)) {
                        b.n = at;   /* cut the line short */
                        b.s[b.n] = 0;
                    } else {
                        sb_printf(&b, " %s", vocab[rndn(nv)]);
                    }
                }
            }
            sb_printf(&b, "\n");
        }
        if (rndn(2)) sb_printf(&b, "L1: end\n");
        check_robust(&t, b.s, b.n, &ok);
    }
    sb_free(&b);
    if (t.ok && (ok < 400 || ok > t.cases - 400))
        tfail(&t, "%u of %u inputs assembled; the generator should give a mix", ok, t.cases);
    snprintf(t.note, sizeof t.note, ", %u assembled", ok);
    tdone(&t, "asm_robust_random_token_sequences");
}

static void test_robust_mutations(void)
{
    tcase t;
    tinit(&t);
    seed(0x3117A7E);
    unsigned ok = 0;
    {   /* the corpus itself must assemble */
        kbin k;
        char err[512];
        if (as_src(CORPUS, strlen(CORPUS), &k, err, sizeof err)) tfail(&t, "the corpus does not assemble: %s", err);
        else kbin_free(&k);
    }
    size_t clen = strlen(CORPUS);
    char *buf = malloc(clen * 4 + 64);
    if (!buf) { tfail(&t, "out of memory"); tdone(&t, "asm_robust_mutated_programs"); return; }
    for (unsigned it = 0; it < 4000 && t.ok; it++) {
        size_t n = clen;
        memcpy(buf, CORPUS, n);
        unsigned muts = 1 + rndn(4);
        for (unsigned m = 0; m < muts && n > 0; m++) {
            size_t at = rndn((uint32_t)n);
            char ch = rndn(10) == 0 ? (char)rndn(256) : GARBAGE_ALPHABET[rndn(sizeof GARBAGE_ALPHABET - 1)];
            switch (rndn(6)) {
            case 0: memmove(buf + at, buf + at + 1, n - at - 1); n--; break;                        /* delete */
            case 1: memmove(buf + at + 1, buf + at, n - at); buf[at] = ch; n++; break;              /* insert */
            case 2: buf[at] = ch; break;                                                             /* replace */
            case 3: {                                                                                /* duplicate */
                size_t from = rndn((uint32_t)n), len = rndn(20);
                if (from + len > n) len = n - from;
                if (n + len > clen * 4) break;
                char tmp[20];
                memcpy(tmp, buf + from, len);
                memmove(buf + at + len, buf + at, n - at);
                memcpy(buf + at, tmp, len);
                n += len;
                break;
            }
            case 4: n = at; break;                                                                   /* truncate */
            default: {                                                                               /* swap */
                size_t b2 = rndn((uint32_t)n);
                char x = buf[at];
                buf[at] = buf[b2];
                buf[b2] = x;
                break;
            }
            }
        }
        check_robust(&t, buf, n, &ok);
    }
    free(buf);
    if (t.ok && ok < 100) tfail(&t, "only %u of %u mutants assembled; the mutations are too coarse", ok, t.cases);
    snprintf(t.note, sizeof t.note, ", %u assembled", ok);
    tdone(&t, "asm_robust_mutated_programs");
}

/* ---- Kernel binary header (kbin_parse) ---- */

static void put32(uint8_t *p, uint32_t v) { for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i)); }

static void test_kbin(void)
{
    uint8_t img[32 + 8 * 3];
    memset(img, 0, sizeof img);
    memcpy(img, "WGK1", 4);
    put32(img + 4, 1);
    put32(img + 8, 3);
    put32(img + 12, 1024);
    put32(img + 16, 2);
    for (unsigned i = 0; i < 3; i++) {
        uint64_t w = OP(ISA_OP_NOP) + i;
        put32(img + 32 + 8 * i, (uint32_t)w);
        put32(img + 36 + 8 * i, (uint32_t)(w >> 32));
    }
    static const struct {
        const char *name;
        unsigned off;   /* byte to change, or ~0 */
        uint32_t val;   /* 32-bit value written at off */
        size_t len;     /* image length to pass, or 0 for the whole image */
        const char *what;
    } cases[] = {
        { "kbin_accepts_valid_image", ~0u, 0, 0, NULL },
        { "kbin_rejects_empty_file", ~0u, 0, 1, "shorter than" },
        { "kbin_rejects_truncated_header", ~0u, 0, 31, "shorter than" },
        { "kbin_rejects_bad_magic", 0, 0x314b4758, 0, "bad magic" },
        { "kbin_rejects_bad_version", 4, 2, 0, "version 2" },
        { "kbin_rejects_zero_instructions", 8, 0, 0, "0 instructions" },
        { "kbin_rejects_too_many_instructions", 8, ISA_MAX_INSTS + 1, 0, "4097 instructions" },
        { "kbin_rejects_lds_not_multiple_of_4", 12, 6, 0, "6 LDS bytes" },
        { "kbin_rejects_lds_too_large", 12, ISA_LDS_BYTES + 4, 0, "65540 LDS bytes" },
        { "kbin_accepts_lds_65536", 12, ISA_LDS_BYTES, 0, NULL },
        { "kbin_rejects_waves_0", 16, 0, 0, "0 waves" },
        { "kbin_rejects_waves_3", 16, 3, 0, "3 waves" },
        { "kbin_rejects_reserved_bytes", 24, 1, 0, "reserved" },
        { "kbin_rejects_truncated_instructions", ~0u, 0, 32 + 8 * 3 - 1, "promises 3 instructions" },
        { "kbin_rejects_extra_bytes", 8, 2, 0, "promises 2 instructions" },
        { "kbin_rejects_length_not_header_plus_8n", ~0u, 0, 32 + 8 * 2 + 4, "promises 3 instructions" },
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        uint8_t tmp[sizeof img];
        memcpy(tmp, img, sizeof img);
        if (cases[c].off != ~0u) put32(tmp + cases[c].off, cases[c].val);
        size_t len = cases[c].len ? (cases[c].len == 1 ? 0 : cases[c].len) : sizeof img;
        kbin k;
        char err[256] = "";
        tcase t;
        tinit(&t);
        int rc = kbin_parse(tmp, len, &k, err, sizeof err);
        if (!cases[c].what) {
            if (rc) tfail(&t, "rejected: %s", err);
            else {
                if (k.num_insts != 3 || k.waves_per_group != 2 || k.insts[2] != OP(ISA_OP_NOP) + 2)
                    tfail(&t, "parsed %u instructions, %u waves", k.num_insts, k.waves_per_group);
                uint8_t *out;
                size_t olen;
                if (kbin_serialize(&k, &out, &olen, err, sizeof err)) tfail(&t, "serialize: %s", err);
                else {
                    if (olen != len || memcmp(out, tmp, len)) tfail(&t, "serialize does not give the image back");
                    free(out);
                }
                kbin_free(&k);
            }
        } else if (rc == 0) {
            tfail(&t, "accepted");
            kbin_free(&k);
        } else if (k.insts || k.num_insts) {
            tfail(&t, "rejected but left output behind");
        } else if (!strstr(err, cases[c].what)) {
            tfail(&t, "message '%s' does not say '%s'", err, cases[c].what);
        }
        tdone(&t, cases[c].name);
    }
    /* What the assembler writes, the parser reads back. */
    tcase t;
    tinit(&t);
    kbin k, p;
    char err[256];
    uint8_t *bytes;
    size_t n;
    if (as_src(CORPUS, strlen(CORPUS), &k, err, sizeof err)) {
        tfail(&t, "corpus: %s", err);
    } else {
        if (kbin_serialize(&k, &bytes, &n, err, sizeof err)) tfail(&t, "serialize: %s", err);
        else {
            if (kbin_parse(bytes, n, &p, err, sizeof err)) tfail(&t, "parse: %s", err);
            else {
                if (p.num_insts != k.num_insts || p.lds_bytes != 256 || p.waves_per_group != 2 ||
                    memcmp(p.insts, k.insts, k.num_insts * 8))
                    tfail(&t, "binary differs after serialize/parse");
                kbin_free(&p);
            }
            free(bytes);
        }
        kbin_free(&k);
    }
    tdone(&t, "kbin_assembler_output_parses_back");
}

/* ---- The command-line tools ---- */

static int run(const char *cmd)
{
    int st = system(cmd);
    if (st == -1 || !WIFEXITED(st)) return -1;
    return WEXITSTATUS(st);
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    sbuf b = { 0 };
    char tmp[4096];
    size_t r;
    sb_putn(&b, "", 0);
    while ((r = fread(tmp, 1, sizeof tmp, f)) > 0) sb_putn(&b, tmp, r);
    fclose(f);
    *len = b.n;
    return b.s;
}

static int spit(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f) return -1;
    int bad = fwrite(data, 1, len, f) != len;
    bad |= fclose(f) != 0;
    return bad ? -1 : 0;
}

static unsigned count_entries(const char *dir, const char *prefix)
{
    DIR *d = opendir(dir);
    unsigned n = 0;
    if (!d) return 0;
    struct dirent *e;
    while ((e = readdir(d)))
        if (strncmp(e->d_name, prefix, strlen(prefix)) == 0) n++;
    closedir(d);
    return n;
}

static void test_tools(void)
{
    const char *wgasm = "build/bin/wgasm", *wgdis = "build/bin/wgdis";
    if (access(wgasm, X_OK) || access(wgdis, X_OK)) {
        printf("SKIP tools_wgasm_wgdis: %s or %s not built (run from the repository root after make tools)\n", wgasm,
               wgdis);
        return;
    }
    char dir[] = "/tmp/test_asm_XXXXXX";
    if (!mkdtemp(dir)) {
        printf("SKIP tools_wgasm_wgdis: cannot make a temporary directory\n");
        return;
    }
    char cmd[1024], p1[256], p2[256], p3[256];
    size_t n1, n2;
    char *b1, *b2;
    kbin k;
    char err[512];
    int ok_ref = as_src(CORPUS, strlen(CORPUS), &k, err, sizeof err) == 0;
    snprintf(p1, sizeof p1, "%s/good.s", dir);
    spit(p1, CORPUS, strlen(CORPUS));

    {   /* -o writes the same binary as the library; the default name is good.wgk */
        tcase t;
        tinit(&t);
        snprintf(cmd, sizeof cmd, "%s -o %s/out.wgk %s", wgasm, dir, p1);
        int rc = run(cmd);
        snprintf(p2, sizeof p2, "%s/out.wgk", dir);
        b1 = slurp(p2, &n1);
        uint8_t *ref = NULL;
        size_t nref = 0;
        if (ok_ref) kbin_serialize(&k, &ref, &nref, err, sizeof err);
        if (rc != 0) tfail(&t, "'%s' exited %d", cmd, rc);
        else if (!b1 || !ref || n1 != nref || memcmp(b1, ref, n1)) tfail(&t, "output differs from asm_assemble");
        snprintf(cmd, sizeof cmd, "%s %s", wgasm, p1);
        rc = run(cmd);
        snprintf(p3, sizeof p3, "%s/good.wgk", dir);
        b2 = slurp(p3, &n2);
        if (t.ok && (rc != 0 || !b2 || n2 != n1 || memcmp(b1, b2, n1)))
            tfail(&t, "default output %s missing or different (exit %d)", p3, rc);
        free(b2);
        snprintf(cmd, sizeof cmd, "%s -o %s/stdin.wgk - < %s", wgasm, dir, p1);
        rc = run(cmd);
        snprintf(p3, sizeof p3, "%s/stdin.wgk", dir);
        b2 = slurp(p3, &n2);
        if (t.ok && (rc != 0 || !b2 || n2 != n1 || memcmp(b1, b2, n1)))
            tfail(&t, "reading '-' (standard input) gave a different binary (exit %d)", rc);
        free(b2);
        free(ref);
        tdone(&t, "tool_wgasm_writes_binary");
    }
    {   /* errors: file:line:col on stderr, exit 1, no output file */
        tcase t;
        tinit(&t);
        snprintf(p2, sizeof p2, "%s/bad.s", dir);
        spit(p2, "nop\n  frob v1\n", 14);
        snprintf(cmd, sizeof cmd, "%s -o %s/bad.wgk %s 2> %s/err.txt", wgasm, dir, p2, dir);
        int rc = run(cmd);
        snprintf(p3, sizeof p3, "%s/err.txt", dir);
        b2 = slurp(p3, &n2);
        char want[512];
        snprintf(want, sizeof want, "%s:2:3: unknown mnemonic 'frob'\n", p2);
        if (rc != 1) tfail(&t, "exit %d, expected 1", rc);
        else if (!b2 || strcmp(b2, want) != 0) tfail(&t, "stderr '%s', expected '%s'", b2 ? b2 : "", want);
        else if (count_entries(dir, "bad.wgk")) tfail(&t, "an output file was left behind");
        free(b2);
        snprintf(cmd, sizeof cmd, "%s %s 2> /dev/null", wgasm, p2);
        rc = run(cmd);
        if (t.ok && (rc != 1 || count_entries(dir, "bad.wgk"))) tfail(&t, "default output: exit %d or file left", rc);
        tdone(&t, "tool_wgasm_error_exit_1_no_output");
    }
    {   /* usage errors exit 2 */
        tcase t;
        tinit(&t);
        const char *bad[] = { "", "-x", "-o", "a.s b.s", "-" };
        for (unsigned i = 0; i < 5; i++) {
            snprintf(cmd, sizeof cmd, "%s %s > /dev/null 2>&1 < /dev/null", wgasm, bad[i]);
            int rc = run(cmd);
            if (rc != 2) tfail(&t, "'wgasm %s' exited %d, expected 2", bad[i], rc);
        }
        snprintf(cmd, sizeof cmd, "%s %s/missing.s 2> /dev/null", wgasm, dir);
        if (run(cmd) != 1) tfail(&t, "a missing input does not exit 1");
        snprintf(cmd, sizeof cmd, "%s > /dev/null 2>&1", wgdis);
        if (run(cmd) != 2) tfail(&t, "wgdis without arguments does not exit 2");
        tdone(&t, "tool_usage_errors_exit_2");
    }
    {   /* wgdis output reassembles to the same bytes */
        tcase t;
        tinit(&t);
        snprintf(cmd, sizeof cmd, "%s %s/out.wgk > %s/dis.s && %s -o %s/dis.wgk %s/dis.s", wgdis, dir, dir, wgasm, dir,
                 dir);
        int rc = run(cmd);
        snprintf(p3, sizeof p3, "%s/dis.wgk", dir);
        b2 = slurp(p3, &n2);
        if (rc != 0) tfail(&t, "'%s' exited %d", cmd, rc);
        else if (!b1 || !b2 || n1 != n2 || memcmp(b1, b2, n1)) tfail(&t, "wgdis | wgasm changed the binary");
        free(b2);
        tdone(&t, "tool_wgdis_output_reassembles_identically");
    }
    {   /* a malformed binary: a message and exit 1 */
        tcase t;
        tinit(&t);
        snprintf(p2, sizeof p2, "%s/junk.wgk", dir);
        spit(p2, "WGK2 is not a kernel binary at all", 34);
        snprintf(cmd, sizeof cmd, "%s %s > /dev/null 2> %s/err2.txt", wgdis, p2, dir);
        int rc = run(cmd);
        snprintf(p3, sizeof p3, "%s/err2.txt", dir);
        b2 = slurp(p3, &n2);
        if (rc != 1) tfail(&t, "exit %d, expected 1", rc);
        else if (!b2 || !strstr(b2, "bad magic") || !strstr(b2, p2)) tfail(&t, "stderr '%s'", b2 ? b2 : "");
        free(b2);
        tdone(&t, "tool_wgdis_rejects_malformed_binary");
    }
    free(b1);
    if (ok_ref) kbin_free(&k);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    run(cmd);
}

int main(void)
{
    test_layout_matches_isa_def_syntax();
    test_layout_covers_format_fields();
    test_every_opcode_operand_kind();
    test_canonical_words_roundtrip();
    test_random_words_roundtrip();
    test_f32_literals_roundtrip();
    test_program_roundtrip();
    test_disasm_text();
    test_disasm_program_text();
    test_disasm_truncation();
    test_features();
    test_errors();
    test_errors_generated();
    test_error_buffer_small();
    test_robust_garbage();
    test_robust_tokens();
    test_robust_mutations();
    test_kbin();
    test_tools();
    printf("%d passed, %d failed\n", n_pass, n_fail);
    return n_fail != 0;
}
