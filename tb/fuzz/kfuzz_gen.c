/* SPDX-License-Identifier: Apache-2.0 */
/* kfuzz_gen.c: a seed -> a legal random kernel, as assembly lines.
 *
 * The opcodes come from the ISA table (isa_op over every opcode) and each is
 * written by walking its format's operand layout (asm_fmt_layout), so a new
 * ALU opcode in isa.def is generated without a change here.
 *
 * Legality (docs/isa.md 4, 5): addresses are computed from lane patterns
 * inside a region the generator knows to be in bounds and aligned; the
 * generator tracks which registers are pending (4.8) and which signal slots
 * are busy, so nothing reads or overwrites a pending register; loops count a
 * scalar down from a fixed trip count; every wave ends at the one `end`.
 *
 * Races (section 7): each wave loads and stores only its own 1 KiB of `priv`
 * (four sub-regions of 64 words; before an access that conflicts with one in
 * flight on the same sub-region, a store or atomic against anything, a load
 * against a store or atomic, the generator waits for the earlier one) and its
 * own part of the LDS. The other wave's part of the LDS and its region of
 * priv are read only between two barriers in uniform control flow, when
 * neither wave writes them (for priv, section 7's same-group release and
 * acquire: each wave waits for its own accesses before the first barrier, and
 * loads the other's with scope group or wider). `in` is read-only. The shared words (`sh`, and the LDS counter words
 * after both parts) take atomics only: each word one commutative operation (add, min, max, and, or, xor) without a
 * returned value, so their final values do not depend on the order. A program may also (allow_order_dep) return values
 * from shared words or exchange them; it is then order-dependent (fz_prog's
 * order_dep) and only lockstep checks it.
 *
 * Control flow: a loop or a skipped block starts with every signal waited for
 * and waits for everything it started before it ends, so the state after it
 * is the same on every path; barriers are never inside a skipped block (a
 * branch may depend on the wave). */
#include "kfuzz.h"

#include "asm.h"
#include "prng.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Registers beyond the constants v0..v15. */
enum {
    R_PBASE = 16,    /* this wave's region of priv */
    R_INBASE = 17,   /* in */
    R_SHBASE = 18,   /* sh */
    R_LDSOWN = 19,   /* byte address of this wave's part of the LDS */
    R_LDSOTHER = 20, /* the other wave's part (its own with one wave a group) */
    R_ADDR = 21,     /* address computations */
    R_TMP = 22,      /* loop conditions and the prologue */
    R_JUNK = 23,     /* sig_done* results: timing-dependent, never read */
    R_DATA0 = 24,    /* data registers 24..47; 24..31 can be mask terms */
    R_DATA_END = 48,
    R_LOOP0 = 60 /* loop counters, one per nesting level */
};
#define MAX_DEPTH       2
#define PRIV_WAVE_BYTES 1024u
#define PRIV_SUBS       4u
#define SUB_WORDS       64u
#define IN_WORDS        1024u
#define COUNTER_WORDS   16u /* the LDS counter words (lanes 0..15 set and read them) */

typedef enum { K_LOAD, K_STORE, K_ATOMIC, K_CACHE } acc_kind;

typedef struct {
    bool busy;
    int dest; /* its pending register, or -1 */
    acc_kind kind;
    int sub; /* the sub-region of priv it touches, or -1 */
} slot_state;

typedef struct {
    const isa_op_info *op[256];
    unsigned n;
} op_list;

typedef struct {
    prng r;
    fz_prog *p;
    char *err;
    size_t errlen;
    bool failed;
    uint64_t pending; /* bit r: vr is a pending load destination */
    uint64_t inited;  /* bit r: vr holds a defined value */
    uint8_t f32[64];  /* vr last held an f32 (biases the sources of f32 operations) */
    slot_state sig[ISA_NUM_SIGNALS];
    unsigned depth; /* loops and skipped blocks around the current point */
    bool in_skip;
    bool allow_order_dep;
    unsigned label;
    unsigned unit;
    fz_role role;
    unsigned lds_part_words; /* a wave's part of the LDS */
    unsigned counter_base;   /* byte address of the LDS counter words */
    op_list cls[FZ_CL_COUNT];
    op_list lds_comm, gmem_comm;                     /* the atomics whose order does not matter */
    const isa_op_info *sigw[5], *sigd[5], *sigbr[5]; /* by signal count */
    const isa_op_info *lds_load, *lds_store, *gload, *gstore, *br;
} gen;

const char *const fz_class_name[FZ_CL_COUNT] = {
    "int", "f32", "move",       "scalar", "scalar_f32",  "xlane", "red",     "branch", "waitany",
    "sig", "lds", "lds_atomic", "gmem",   "gmem_atomic", "cache", "barrier", "ctrl",
};

fz_class fz_class_of(const isa_op_info *op)
{
    switch (op->unit) {
    case ISA_UNIT_VALU:
        if (op->fmt == ISA_FMT_MOV || op->fmt == ISA_FMT_SEL) return FZ_CL_MOVE;
        return isa_fn_class_of(op->aux) == ISA_FN_CLASS_INT ? FZ_CL_INT : FZ_CL_F32;
    case ISA_UNIT_SALU: {
        isa_fn_class c = isa_fn_class_of(op->aux);
        return c == ISA_FN_CLASS_F32 || c == ISA_FN_CLASS_F32_DIVSQRT ? FZ_CL_SCALAR_F32 : FZ_CL_SCALAR;
    }
    case ISA_UNIT_XLANE: return FZ_CL_XLANE;
    case ISA_UNIT_RED: return FZ_CL_RED;
    case ISA_UNIT_BRANCH: return op->fmt == ISA_FMT_SIGBR ? FZ_CL_WAITANY : FZ_CL_BRANCH;
    case ISA_UNIT_SIG: return FZ_CL_SIG;
    case ISA_UNIT_LDS: return op->fmt == ISA_FMT_LDS_ATOMIC ? FZ_CL_LDS_ATOMIC : FZ_CL_LDS;
    case ISA_UNIT_GMEM:
        if (op->fmt == ISA_FMT_GLOBAL_ATOMIC) return FZ_CL_GMEM_ATOMIC;
        return op->fmt == ISA_FMT_CACHE ? FZ_CL_CACHE : FZ_CL_GMEM;
    default: return op->opcode == ISA_OP_BARRIER ? FZ_CL_BARRIER : FZ_CL_CTRL;
    }
}

static bool op_is_f32(const isa_op_info *op)
{
    isa_fn_class c = isa_fn_class_of(op->aux);
    return (op->unit == ISA_UNIT_VALU || op->unit == ISA_UNIT_SALU || op->unit == ISA_UNIT_RED) &&
           (c == ISA_FN_CLASS_F32 || c == ISA_FN_CLASS_F32_DIVSQRT);
}

static bool commutative(const isa_op_info *op) { return op->aux != ISA_FN_XCHG && op->aux != ISA_FN_CAS; }

/* ------------------------------------------------------------ the table */

static void add_op(op_list *l, const isa_op_info *op) { l->op[l->n++] = op; }

static int load_table(gen *g)
{
    for (unsigned c = 0; c < 256; c++) {
        const isa_op_info *op = isa_op((uint8_t)c);
        if (!op->mnemonic) continue;
        fz_class cl = fz_class_of(op);
        add_op(&g->cls[cl], op);
        if (cl == FZ_CL_LDS_ATOMIC && commutative(op)) add_op(&g->lds_comm, op);
        if (cl == FZ_CL_GMEM_ATOMIC && commutative(op)) add_op(&g->gmem_comm, op);
        if (op->fmt == ISA_FMT_SIGW && op->aux <= 4) g->sigw[op->aux] = op;
        if (op->fmt == ISA_FMT_SIGD && op->aux <= 4) g->sigd[op->aux] = op;
        if (op->fmt == ISA_FMT_SIGBR && op->aux <= 4) g->sigbr[op->aux] = op;
        if (op->fmt == ISA_FMT_LDS_LOAD) g->lds_load = op;
        if (op->fmt == ISA_FMT_LDS_STORE) g->lds_store = op;
        if (op->fmt == ISA_FMT_GLOBAL_LOAD) g->gload = op;
        if (op->fmt == ISA_FMT_GLOBAL_STORE) g->gstore = op;
        if (op->fmt == ISA_FMT_BR) g->br = op;
    }
    if (!g->sigw[1] || !g->lds_load || !g->lds_store || !g->gload || !g->gstore || !g->br || !g->lds_comm.n ||
        2 * g->lds_comm.n > COUNTER_WORDS || !g->gmem_comm.n) {
        snprintf(g->err, g->errlen, "the ISA table lacks an instruction the generator needs");
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------ lines */

typedef struct {
    char s[FZ_LINE_MAX];
    size_t n;
} sbuf;

static void sb_add(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_add(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (b->n < sizeof b->s) {
        int k = vsnprintf(b->s + b->n, sizeof b->s - b->n, fmt, ap);
        if (k > 0) b->n += (size_t)k;
        if (b->n >= sizeof b->s) b->n = sizeof b->s - 1;
    }
    va_end(ap);
}

static void line_add(gen *g, const char *text, fz_role role, bool inst, unsigned unit)
{
    fz_prog *p = g->p;
    if (g->failed) return;
    if (p->nline == p->cap) {
        unsigned cap = p->cap ? 2 * p->cap : 256;
        fz_line *nl = realloc(p->line, cap * sizeof *nl);
        if (!nl) {
            snprintf(g->err, g->errlen, "out of host memory");
            g->failed = true;
            return;
        }
        p->line = nl;
        p->cap = cap;
    }
    fz_line *l = &p->line[p->nline++];
    snprintf(l->text, sizeof l->text, "%s", text);
    l->unit = unit;
    l->role = role;
    l->inst = inst;
    if (inst) {
        p->ninsts++;
        char mn[64];
        size_t n = strcspn(text, " ");
        snprintf(mn, sizeof mn, "%.*s", (int)(n < sizeof mn ? n : sizeof mn - 1), text);
        const isa_op_info *op = isa_op_by_mnemonic(mn);
        if (op) p->class_count[fz_class_of(op)]++;
    }
}

/* A new unit: the lines that follow go (or stay) together. */
static void begin(gen *g, fz_role role)
{
    g->unit = g->p->nunit++;
    g->role = role;
}

static void inst(gen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void inst(gen *g, const char *fmt, ...)
{
    char t[FZ_LINE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t, sizeof t, fmt, ap);
    va_end(ap);
    line_add(g, t, g->role, true, g->unit);
}

static void fixed_line(gen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fixed_line(gen *g, const char *fmt, ...)
{
    char t[FZ_LINE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t, sizeof t, fmt, ap);
    va_end(ap);
    line_add(g, t, FZ_ROLE_FIXED, false, g->p->nunit++);
}

static void new_label(gen *g, char *name, size_t n, const char *what) { snprintf(name, n, "L%u_%s", g->label++, what); }

/* ------------------------------------------------------------ random choices */

static unsigned rnd(gen *g, unsigned n) { return n ? prng_below(&g->r, n) : 0; }
static bool chance(gen *g, unsigned pct) { return rnd(g, 100) < pct; }

static bool readable(const gen *g, unsigned r)
{
    if (r < ISA_NUM_CONSTS) return true;
    return r != R_JUNK && (g->inited >> r & 1) && !(g->pending >> r & 1);
}

static void reg_name(sbuf *b, unsigned r, gen *g)
{
    const char *c = isa_const_name(r);
    if (c && !chance(g, 10))
        sb_add(b, "%s", c);
    else
        sb_add(b, "v%u", r);
}

static bool data_free(const gen *g, unsigned r) { return !(g->pending >> r & 1); }

/* A data register that may be written (not pending). */
static unsigned pick_dest(gen *g)
{
    for (unsigned t = 0; t < 64; t++) {
        unsigned r = R_DATA0 + rnd(g, R_DATA_END - R_DATA0);
        if (data_free(g, r)) return r;
    }
    for (unsigned r = R_DATA0; r < R_DATA_END; r++)
        if (data_free(g, r)) return r;
    return R_DATA0; /* (unreachable: at most 16 registers are pending) */
}

/* A register that may be read; f32: preferably one holding an f32. */
static unsigned pick_src(gen *g, bool f32)
{
    for (unsigned t = 0; t < 32; t++) {
        unsigned k = rnd(g, 100), r;
        if (k < 60)
            r = R_DATA0 + rnd(g, R_DATA_END - R_DATA0);
        else if (k < 85)
            r = rnd(g, ISA_NUM_CONSTS);
        else if (k < 93)
            r = R_PBASE + rnd(g, R_TMP - R_PBASE + 1);
        else
            r = R_LOOP0 + rnd(g, MAX_DEPTH);
        if (!readable(g, r)) continue;
        if (f32 && k < 60 && !g->f32[r] && chance(g, 70)) continue;
        return r;
    }
    return rnd(g, ISA_NUM_CONSTS);
}

/* One term of a mask: a readable register of v0..v31, maybe inverted. */
static void mask_term(gen *g, sbuf *b, bool inv)
{
    unsigned r = 0;
    for (unsigned t = 0; t < 32; t++) {
        unsigned k = rnd(g, 100);
        r = k < 60 ? rnd(g, ISA_NUM_CONSTS) : k < 90 ? R_DATA0 + rnd(g, 8) : R_PBASE + rnd(g, 7);
        if (readable(g, r)) break;
        r = rnd(g, ISA_NUM_CONSTS);
    }
    if (inv) sb_add(b, "~");
    reg_name(b, r, g);
}

/* A mask operand; as_source: an M-kind source, which must hold & or ~. */
static void mask_text(gen *g, sbuf *b, bool as_source)
{
    unsigned form = as_source ? 1 + rnd(g, 5) : rnd(g, 6);
    if (!as_source && chance(g, 25)) {
        sb_add(b, "one");
        return;
    }
    mask_term(g, b, form == 1 || form == 3 || form == 5);
    if (form >= 2) {
        sb_add(b, " & ");
        mask_term(g, b, form == 4 || form == 5);
    }
}

/* f32 bit patterns biased to the special values: zeros, infinities, quiet
 * and signalling NaNs, subnormals, the largest finite values, the smallest
 * normals, and values where rounding and conversions turn. */
static const uint32_t f32_special[] = {
    0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000, 0x7fc00001, 0x7fffffff,
    0x7f800001, 0x7fbfffff, 0xff800001, 0xffbfffff, 0x7fa00000, 0x00000001, 0x80000001, 0x007fffff,
    0x807fffff, 0x00400000, 0x00000800, 0x00800000, 0x80800000, 0x00800001, 0x00ffffff, 0x7f7fffff,
    0xff7fffff, 0x7f7ffffe, 0x7f000000, 0x7e800000, 0x3f800000, 0xbf800000, 0x3f000000, 0x40000000,
    0x3fc00000, 0x40200000, 0xbfc00000, 0x3effffff, 0x4b000000, 0x4b000001, 0x4affffff, 0x4f000000,
    0xcf000000, 0xcf000001, 0x4f800000, 0x4f7fffff, 0x3f7fffff, 0x3f800001, 0x34000000, 0x33800000,
};
/* The same kind of values as assembler f32 literals (docs/isa.md 9.2). */
static const char *const f32_words[] = {
    "0.0",
    "-0.0",
    "inf",
    "-inf",
    "nan",
    "-nan",
    "1.0",
    "-1.0",
    "0.5",
    "1.5",
    "2.5",
    "-2.5",
    "1e-45",
    "1.4e-45",
    "1.17549435e-38",
    "-1.17549435e-38",
    "1.1754942e-38",
    "3.40282347e38",
    "-3.40282347e38",
    "2147483648.0",
    "4294967296.0",
    "16777217.0",
    "8388608.5f",
    "1e30",
};
static const uint32_t int_special[] = {
    0,          1,          2,          3,          4,          5,          7,          8,          15,      16,
    31,         32,         33,         63,         64,         255,        256,        0xffff,     0x10000, 0x7fffffff,
    0x80000000, 0x80000001, 0xffffffff, 0xfffffffe, 0xfffffff0, 0x55555555, 0xaaaaaaaa, 0x12345678,
};

static uint32_t f32_value(gen *g)
{
    unsigned k = rnd(g, 100);
    if (k < 55) return f32_special[rnd(g, sizeof f32_special / sizeof f32_special[0])];
    uint32_t sign = chance(g, 50) ? 0x80000000u : 0, man = prng_u32(&g->r) & 0x7fffff;
    if (k < 65) return sign | man;                              /* subnormal */
    if (k < 75) return sign | ((1 + rnd(g, 3)) << 23) | man;    /* near the smallest normal */
    if (k < 85) return sign | ((252 + rnd(g, 3)) << 23) | man;  /* near FLT_MAX */
    if (k < 92) return sign | ((0xff) << 23) | (man ? man : 1); /* NaN, any payload */
    return sign | ((110 + rnd(g, 36)) << 23) | man;             /* moderate */
}

static uint32_t int_value(gen *g)
{
    unsigned k = rnd(g, 100);
    if (k < 50) return int_special[rnd(g, sizeof int_special / sizeof int_special[0])];
    if (k < 70) return rnd(g, 64);
    if (k < 80) return (uint32_t) - (int32_t)rnd(g, 64);
    return prng_u32(&g->r);
}

/* A literal: short (12-bit, sign-extended) or long (32-bit). */
static void literal(gen *g, sbuf *b, bool lng, bool f32)
{
    if (!lng) {
        static const int shorts_f32[] = { 0, 1, 2, 2047, 1024, -1, -2048, -1024 };
        static const int shorts_int[] = {
            0, 1, -1, 2, 3, 4, 5, 7, 8, 15, 16, 31, 32, 33, 63, 64, 255, 2047, -2048, -2
        };
        int v = f32 && chance(g, 70) ? shorts_f32[rnd(g, 8)]
                : chance(g, 60)      ? shorts_int[rnd(g, 20)]
                                     : (int)rnd(g, 4096) - 2048;
        sb_add(b, "%d", v);
        return;
    }
    if (f32 && chance(g, 15)) {
        sb_add(b, "%s", f32_words[rnd(g, sizeof f32_words / sizeof f32_words[0])]);
        return;
    }
    uint32_t v = f32 ? f32_value(g) : int_value(g);
    if (v < 1000 && chance(g, 50))
        sb_add(b, "%u", v);
    else if ((int32_t)v < 0 && (int32_t)v > -1000 && chance(g, 50))
        sb_add(b, "%d", (int32_t)v);
    else
        sb_add(b, "0x%08x", v);
}

/* A source operand of any kind (docs/isa.md 2.2): V, S, M or L. */
static void source(gen *g, sbuf *b, bool lng, bool f32)
{
    unsigned k = rnd(g, 100);
    if (k < 45) {
        reg_name(b, pick_src(g, f32), g);
    } else if (k < 58) {
        reg_name(b, pick_src(g, f32), g);
        sb_add(b, "[0]");
    } else if (k < 66) {
        mask_text(g, b, true);
    } else {
        literal(g, b, lng, f32);
    }
}

static void mods_global(gen *g, sbuf *b)
{
    unsigned s = rnd(g, 5);
    if (s) sb_add(b, " sc:%s", isa_scope_text(s - 1));
    if (chance(g, 25)) sb_add(b, " nt");
}

/* ------------------------------------------------------------ signals */

static void release(gen *g, unsigned s)
{
    if (g->sig[s].busy && g->sig[s].dest >= 0) g->pending &= ~(1ull << g->sig[s].dest);
    memset(&g->sig[s], 0, sizeof g->sig[s]);
    g->sig[s].dest = -1;
    g->sig[s].sub = -1;
}

/* sig_wait / sig_waitallN on the slots of m, up to four an instruction. */
static void wait_mask(gen *g, uint32_t m)
{
    while (m) {
        unsigned s[4], n = 0;
        for (unsigned i = 0; i < ISA_NUM_SIGNALS && n < 4; i++)
            if (m >> i & 1) s[n++] = i;
        /* sometimes fewer at once; a missing count in the table: one at a time */
        if (n > 1 && chance(g, 30)) n = 1 + rnd(g, n);
        while (n > 1 && !g->sigw[n]) n--;
        begin(g, FZ_ROLE_SYNC);
        sbuf b = { .n = 0 };
        sb_add(&b, "%s", g->sigw[n]->mnemonic);
        for (unsigned i = 0; i < n; i++) {
            sb_add(&b, "%s s%u", i ? "," : "", s[i]);
            release(g, s[i]);
            m &= ~(1u << s[i]);
        }
        inst(g, "%s", b.s);
    }
}

static uint32_t busy_mask(const gen *g)
{
    uint32_t m = 0;
    for (unsigned s = 0; s < ISA_NUM_SIGNALS; s++)
        if (g->sig[s].busy) m |= 1u << s;
    return m;
}

static void wait_all(gen *g) { wait_mask(g, busy_mask(g)); }

/* The slot of a new access: a free one, or (reissue, docs/isa.md 4.8) a busy
 * one, which the access waits for and whose pending register it releases. */
static unsigned pick_slot(gen *g)
{
    uint32_t busy = busy_mask(g);
    bool reissue = busy && (chance(g, 25) || busy == 0xffff);
    for (;;) {
        unsigned s = rnd(g, ISA_NUM_SIGNALS);
        if (((busy >> s) & 1) == reissue) {
            release(g, s);
            return s;
        }
    }
}

static void occupy(gen *g, unsigned s, acc_kind k, int dest, int sub)
{
    g->sig[s].busy = true;
    g->sig[s].kind = k;
    g->sig[s].dest = dest;
    g->sig[s].sub = sub;
    if (dest >= 0) g->pending |= 1ull << dest;
}

/* Before an access of kind k to sub-region sub of priv: wait for the
 * accesses in flight there it could race with. */
static void order_sub(gen *g, int sub, acc_kind k)
{
    uint32_t m = 0;
    for (unsigned s = 0; s < ISA_NUM_SIGNALS; s++)
        if (g->sig[s].busy && g->sig[s].sub == sub && (k != K_LOAD || g->sig[s].kind != K_LOAD)) m |= 1u << s;
    wait_mask(g, m);
}

/* ------------------------------------------------------------ addresses */

static unsigned next_pow2(unsigned x)
{
    unsigned p = 1;
    while (p < x) p <<= 1;
    return p;
}

/* Lane l's byte offset 4*w(l) into R_ADDR, w(l) < the extent returned, at
 * most max_words (a power of two, at least 32). Same words in several lanes
 * and strides of 32 words (one LDS bank) are among the patterns. */
static unsigned pattern(gen *g, unsigned max_words)
{
    switch (rnd(g, 10)) {
    case 0:
    case 1: inst(g, "shl v%u, sid, 2", R_ADDR); return 32;
    case 2:
    case 3: {
        static const unsigned strides[] = { 2, 3, 4, 5, 8, 16, 32, 33, 64, 0 };
        unsigned s = strides[rnd(g, 10)];
        unsigned ext = next_pow2(31 * s + 1);
        if (ext > max_words) ext = max_words;
        inst(g, "mul_lo v%u, sid, %u", R_ADDR, 4 * s);
        inst(g, "and v%u, v%u, %u", R_ADDR, R_ADDR, 4 * ext - 4);
        return ext;
    }
    case 4: {
        unsigned c = rnd(g, max_words);
        inst(g, "mov v%u, %u", R_ADDR, 4 * c);
        return c + 1;
    }
    case 5:
        inst(g, "sub v%u, 31, sid", R_ADDR);
        inst(g, "shl v%u, v%u, 2", R_ADDR, R_ADDR);
        return 32;
    case 6:
        inst(g, "xor v%u, sid, %u", R_ADDR, 1 + rnd(g, 31));
        inst(g, "shl v%u, v%u, 2", R_ADDR, R_ADDR);
        return 32;
    case 7: {
        unsigned k = 1 + rnd(g, 4);
        inst(g, "shr_u32 v%u, sid, %u", R_ADDR, k);
        inst(g, "shl v%u, v%u, 2", R_ADDR, R_ADDR);
        return (31u >> k) + 1;
    }
    case 8:
        inst(g, "and v%u, sid, 0x1e", R_ADDR);
        inst(g, "shl v%u, v%u, 2", R_ADDR, R_ADDR);
        return 31;
    default: {
        /* data-driven: lane l takes word data[l] & 31 (shfl of sid) */
        unsigned r = pick_src(g, false);
        inst(g, "shfl v%u, sid, v%u", R_ADDR, r);
        inst(g, "shl v%u, v%u, 2", R_ADDR, R_ADDR);
        return 32;
    }
    }
}

/* Adds base (a register) and a byte offset to R_ADDR. */
static void address(gen *g, unsigned base, uint32_t off)
{
    inst(g, "add v%u, v%u, v%u", R_ADDR, R_ADDR, base);
    if (off) inst(g, "add v%u, v%u, %u", R_ADDR, R_ADDR, off);
}

/* ------------------------------------------------------------ operations */

static void wrote(gen *g, unsigned r, bool f32)
{
    g->inited |= 1ull << r;
    g->f32[r] = f32;
}

/* One ALU-like instruction, written by walking its format's operands. */
static void gen_alu_op(gen *g, const isa_op_info *op)
{
    bool f = op_is_f32(op);
    asm_layout l = asm_fmt_layout(op->fmt);
    sbuf b = { .n = 0 };
    sb_add(&b, "%s", op->mnemonic);
    int dest = -1;
    bool short_mov = op->fmt == ISA_FMT_MOV && chance(g, 15); /* "mov vD, B": mask one */
    for (unsigned i = 0, n = 0; i < l.nopd; i++) {
        if (l.opd[i].type == ASM_OPD_MASK && short_mov) continue;
        sb_add(&b, n++ ? ", " : " ");
        switch (l.opd[i].type) {
        case ASM_OPD_DEST:
            dest = (int)pick_dest(g);
            sb_add(&b, "v%d", dest);
            break;
        case ASM_OPD_SHORT: source(g, &b, false, f); break;
        case ASM_OPD_LONG: source(g, &b, true, f); break;
        case ASM_OPD_MASK: mask_text(g, &b, false); break;
        default: break;
        }
    }
    begin(g, FZ_ROLE_PLAIN);
    inst(g, "%s", b.s);
    if (dest >= 0) wrote(g, (unsigned)dest, f);
    /* a reduction, sometimes followed by its partner over its result (red8 then redfin) */
    if (op->unit == ISA_UNIT_RED && dest >= 0 && chance(g, 40)) {
        const op_list *red = &g->cls[FZ_CL_RED];
        for (unsigned i = 0; i < red->n; i++)
            if (red->op[i]->aux == op->aux && red->op[i]->opcode > op->opcode) {
                unsigned d2 = pick_dest(g);
                begin(g, FZ_ROLE_PLAIN);
                inst(g, "%s v%u, v%d", red->op[i]->mnemonic, d2, dest);
                wrote(g, d2, f);
                break;
            }
    }
}

static void gen_alu(gen *g)
{
    static const struct {
        fz_class c;
        unsigned w;
    } mix[] = { { FZ_CL_INT, 20 },       { FZ_CL_F32, 36 },  { FZ_CL_MOVE, 10 }, { FZ_CL_SCALAR, 9 },
                { FZ_CL_SCALAR_F32, 9 }, { FZ_CL_XLANE, 6 }, { FZ_CL_RED, 10 } };
    unsigned k = rnd(g, 100), i = 0;
    while (i + 1 < sizeof mix / sizeof mix[0] && k >= mix[i].w) k -= mix[i++].w;
    const op_list *l = &g->cls[mix[i].c];
    if (l->n) gen_alu_op(g, l->op[rnd(g, l->n)]);
}

/* A load, store or atomic on this wave's own region of priv. data >= 0:
 * a store of that register. */
static void gen_priv(gen *g, int data)
{
    int sub = (int)rnd(g, PRIV_SUBS);
    unsigned k = rnd(g, 100);
    acc_kind kind = data >= 0 ? K_STORE : k < 45 ? K_LOAD : k < 78 ? K_STORE : K_ATOMIC;
    order_sub(g, sub, kind);
    if (data >= 0 && (g->pending >> data & 1)) {
        for (unsigned s = 0; s < ISA_NUM_SIGNALS; s++)
            if (g->sig[s].busy && g->sig[s].dest == data) wait_mask(g, 1u << s);
    }
    begin(g, FZ_ROLE_PLAIN);
    unsigned ext = pattern(g, SUB_WORDS);
    address(g, R_PBASE, (uint32_t)sub * SUB_WORDS * 4 + 4 * rnd(g, SUB_WORDS - ext + 1));
    unsigned s = pick_slot(g);
    sbuf b = { .n = 0 }, m = { .n = 0 }, v = { .n = 0 };
    mask_text(g, &m, false);
    int dest = -1;
    if (kind == K_LOAD) {
        dest = (int)pick_dest(g);
        sb_add(&b, "%s s%u, v%d, %s, v%u", g->gload->mnemonic, s, dest, m.s, R_ADDR);
    } else if (kind == K_STORE) {
        if (data >= 0)
            sb_add(&v, "v%d", data);
        else
            source(g, &v, false, false);
        sb_add(&b, "%s s%u, v%u, %s, %s", g->gstore->mnemonic, s, R_ADDR, m.s, v.s);
    } else {
        const op_list *l = &g->cls[FZ_CL_GMEM_ATOMIC];
        const isa_op_info *op = l->op[rnd(g, l->n)];
        bool noret = chance(g, 30);
        source(g, &v, false, false);
        if (noret) {
            unsigned d = op->aux == ISA_FN_CAS ? pick_src(g, false)
                         : chance(g, 50)       ? rnd(g, ISA_NUM_CONSTS)
                                               : pick_src(g, false);
            sb_add(&b, "%s s%u, v%u, %s, v%u, %s", op->mnemonic, s, d, m.s, R_ADDR, v.s);
        } else {
            dest = (int)pick_dest(g);
            sb_add(&b, "%s s%u, v%d, %s, v%u, %s", op->mnemonic, s, dest, m.s, R_ADDR, v.s);
        }
    }
    mods_global(g, &b);
    if (kind == K_ATOMIC && dest < 0) sb_add(&b, " noret");
    inst(g, "%s", b.s);
    occupy(g, s, kind, dest, sub);
    if (dest >= 0) wrote(g, (unsigned)dest, false);
}

/* A load of the read-only input (or of the argument block). */
static void gen_in(gen *g)
{
    begin(g, FZ_ROLE_PLAIN);
    unsigned areg = R_ADDR;
    if (chance(g, 6)) {
        areg = ISA_REG_ARGS;
    } else {
        unsigned ext = pattern(g, IN_WORDS);
        address(g, R_INBASE, 4 * rnd(g, IN_WORDS - ext + 1));
    }
    unsigned s = pick_slot(g);
    sbuf b = { .n = 0 }, m = { .n = 0 };
    mask_text(g, &m, false);
    unsigned dest = pick_dest(g);
    sb_add(&b, "%s s%u, v%u, %s, ", g->gload->mnemonic, s, dest, m.s);
    reg_name(&b, areg, g);
    mods_global(g, &b);
    inst(g, "%s", b.s);
    occupy(g, s, K_LOAD, (int)dest, -1);
    wrote(g, dest, chance(g, 50));
}

static void set_order_dep(gen *g, const char *why)
{
    if (!g->p->order_dep) snprintf(g->p->order_why, sizeof g->p->order_why, "%s", why);
    g->p->order_dep = true;
}

/* An atomic on the shared words of sh (every wave of the launch). */
static void gen_shared(gen *g)
{
    const op_list *all = &g->cls[FZ_CL_GMEM_ATOMIC];
    unsigned nc = g->gmem_comm.n;
    begin(g, FZ_ROLE_PLAIN);
    const isa_op_info *op;
    bool noret = true;
    if (g->allow_order_dep && chance(g, 40)) {
        op = all->op[rnd(g, all->n)];
        noret = chance(g, 40);
        unsigned ext = pattern(g, 32);
        address(g, R_SHBASE, 4 * rnd(g, 8 * nc - ext + 1));
        if (!noret)
            set_order_dep(g, "atomics return values of words other waves update");
        else
            set_order_dep(g, "atomics of different operations on words other waves update");
    } else {
        /* word w takes only gmem_comm[w % nc]: w = k + nc*j(l), j(l) < 8 */
        unsigned k = rnd(g, nc);
        op = g->gmem_comm.op[k];
        switch (rnd(g, 4)) {
        case 0: inst(g, "mov v%u, %u", R_ADDR, 4 * nc * rnd(g, 8)); break;
        case 1: inst(g, "and v%u, sid, 7", R_ADDR), inst(g, "mul_lo v%u, v%u, %u", R_ADDR, R_ADDR, 4 * nc); break;
        case 2: inst(g, "shr_u32 v%u, sid, 2", R_ADDR), inst(g, "mul_lo v%u, v%u, %u", R_ADDR, R_ADDR, 4 * nc); break;
        default:
            if ((4 * nc) & (4 * nc - 1)) {
                inst(g, "mov v%u, 0", R_ADDR);
                break;
            }
            inst(g, "mul_lo v%u, sid, %u", R_ADDR, 3 * 4 * nc);
            inst(g, "and v%u, v%u, %u", R_ADDR, R_ADDR, 7 * 4 * nc); /* (3l & 7) * 4nc when 4nc is a power of two */
            break;
        }
        address(g, R_SHBASE, 4 * k);
    }
    unsigned s = pick_slot(g);
    sbuf b = { .n = 0 }, m = { .n = 0 }, v = { .n = 0 };
    mask_text(g, &m, false);
    source(g, &v, false, false);
    int dest = -1;
    unsigned d;
    if (noret)
        d = op->aux == ISA_FN_CAS ? pick_src(g, false) : chance(g, 40) ? rnd(g, ISA_NUM_CONSTS) : pick_src(g, false);
    else
        d = (unsigned)(dest = (int)pick_dest(g));
    sb_add(&b, "%s s%u, ", op->mnemonic, s);
    reg_name(&b, d, g);
    sb_add(&b, ", %s, v%u, %s", m.s, R_ADDR, v.s);
    mods_global(g, &b);
    if (noret) sb_add(&b, " noret");
    inst(g, "%s", b.s);
    occupy(g, s, K_ATOMIC, dest, -1);
    if (dest >= 0) wrote(g, (unsigned)dest, false);
}

static void gen_cache(gen *g)
{
    const op_list *l = &g->cls[FZ_CL_CACHE];
    begin(g, FZ_ROLE_PLAIN);
    unsigned s = pick_slot(g);
    inst(g, "%s s%u", l->op[rnd(g, l->n)]->mnemonic, s);
    occupy(g, s, K_CACHE, -1, -1);
}

static void offset_mod(gen *g, sbuf *b, unsigned off)
{
    if (off || chance(g, 20)) sb_add(b, " offset:%u", off);
}

/* A load, store or atomic on this wave's own part of the LDS (other: a load
 * from the other wave's part, between barriers). */
static void gen_lds(gen *g, bool other)
{
    begin(g, FZ_ROLE_PLAIN);
    unsigned half = g->lds_part_words / 2;
    pattern(g, half);
    unsigned off = 4 * rnd(g, half);
    inst(g, "add v%u, v%u, v%u", R_ADDR, R_ADDR, other ? R_LDSOTHER : R_LDSOWN);
    if (chance(g, 20) && off) {
        inst(g, "add v%u, v%u, %u", R_ADDR, R_ADDR, off);
        off = 0;
    }
    sbuf b = { .n = 0 }, m = { .n = 0 }, v = { .n = 0 };
    mask_text(g, &m, false);
    unsigned k = other ? 0 : rnd(g, 100);
    if (k < 40) {
        unsigned d = pick_dest(g);
        sb_add(&b, "%s v%u, %s, v%u", g->lds_load->mnemonic, d, m.s, R_ADDR);
        wrote(g, d, chance(g, 50));
    } else if (k < 75) {
        source(g, &v, false, chance(g, 50));
        sb_add(&b, "%s v%u, %s, %s", g->lds_store->mnemonic, R_ADDR, m.s, v.s);
    } else {
        const op_list *l = &g->cls[FZ_CL_LDS_ATOMIC];
        const isa_op_info *op = l->op[rnd(g, l->n)];
        bool noret = chance(g, 30);
        source(g, &v, false, false);
        unsigned d = noret ? pick_src(g, false) : pick_dest(g);
        sb_add(&b, "%s ", op->mnemonic);
        reg_name(&b, d, g);
        sb_add(&b, ", %s, v%u, %s", m.s, R_ADDR, v.s);
        offset_mod(g, &b, off);
        if (noret)
            sb_add(&b, " noret");
        else
            wrote(g, d, false);
        inst(g, "%s", b.s);
        return;
    }
    offset_mod(g, &b, off);
    inst(g, "%s", b.s);
}

/* An atomic on the LDS counter words (both waves of the group); read: a
 * load of them instead (between barriers). */
static void gen_counter(gen *g, bool read)
{
    unsigned nc = g->lds_comm.n;
    unsigned k = rnd(g, nc);
    begin(g, FZ_ROLE_PLAIN);
    unsigned areg = ISA_REG_ZERO;
    switch (rnd(g, 3)) {
    case 0: break;
    case 1:
        inst(g, "and v%u, sid, 1", R_ADDR), inst(g, "mul_lo v%u, v%u, %u", R_ADDR, R_ADDR, 4 * nc), areg = R_ADDR;
        break;
    default:
        inst(g, "shr_u32 v%u, sid, 4", R_ADDR), inst(g, "mul_lo v%u, v%u, %u", R_ADDR, R_ADDR, 4 * nc), areg = R_ADDR;
        break;
    }
    sbuf b = { .n = 0 }, m = { .n = 0 }, v = { .n = 0 }, a = { .n = 0 };
    mask_text(g, &m, false);
    reg_name(&a, areg, g);
    if (read) {
        unsigned d = pick_dest(g);
        inst(g, "%s v%u, %s, %s offset:%u", g->lds_load->mnemonic, d, m.s, a.s, g->counter_base + 4 * k);
        wrote(g, d, false);
        return;
    }
    const isa_op_info *op = g->lds_comm.op[k];
    bool ret = g->p->waves == 1 || g->allow_order_dep ? chance(g, 50) : false;
    if (g->allow_order_dep && chance(g, 15)) {
        const op_list *l = &g->cls[FZ_CL_LDS_ATOMIC];
        op = l->op[rnd(g, l->n)];
        if (g->p->waves == 2 && op != g->lds_comm.op[k])
            set_order_dep(g, "LDS atomics of different operations on words both waves update");
    }
    if (ret && g->p->waves == 2) set_order_dep(g, "LDS atomics return values of words both waves update");
    source(g, &v, false, false);
    unsigned d = ret                                      ? pick_dest(g)
                 : op->aux == ISA_FN_CAS || chance(g, 50) ? pick_src(g, false)
                                                          : rnd(g, ISA_NUM_CONSTS);
    sb_add(&b, "%s ", op->mnemonic);
    reg_name(&b, d, g);
    sb_add(&b, ", %s, %s, %s offset:%u%s", m.s, a.s, v.s, g->counter_base + 4 * k, ret ? "" : " noret");
    inst(g, "%s", b.s);
    if (ret) wrote(g, d, false);
}

static void gen_sig_done(gen *g)
{
    unsigned n = g->sigd[2] && chance(g, 50) ? 2 : 1;
    if (!g->sigd[n]) return;
    uint32_t busy = busy_mask(g);
    begin(g, FZ_ROLE_PLAIN);
    sbuf b = { .n = 0 };
    sb_add(&b, "%s v%u", g->sigd[n]->mnemonic, R_JUNK);
    for (unsigned i = 0; i < n; i++) {
        unsigned s = rnd(g, ISA_NUM_SIGNALS);
        for (unsigned t = 0; t < 8 && busy && !(busy >> s & 1); t++) s = rnd(g, ISA_NUM_SIGNALS);
        sb_add(&b, ", s%u", s);
    }
    inst(g, "%s", b.s);
}

/* sig_waitanyN_br into a table of branches to one join point. Which slot it
 * saw done depends on timing: the slots stay busy for the generator (their
 * registers pending) until a sig_wait. */
static void gen_waitany(gen *g)
{
    unsigned n = 2 + rnd(g, 3);
    while (n > 1 && !g->sigbr[n]) n--;
    if (n < 2) return;
    uint32_t busy = busy_mask(g), used = 0;
    char tab[32], join[32];
    new_label(g, tab, sizeof tab, "table");
    new_label(g, join, sizeof join, "join");
    sbuf b = { .n = 0 };
    sb_add(&b, "%s %s", g->sigbr[n]->mnemonic, tab);
    for (unsigned i = 0; i < n; i++) {
        unsigned s = rnd(g, ISA_NUM_SIGNALS);
        for (unsigned t = 0; t < 16 && ((used >> s & 1) || (busy && !(busy >> s & 1))); t++)
            s = rnd(g, ISA_NUM_SIGNALS);
        while (used >> s & 1) s = (s + 1) % ISA_NUM_SIGNALS;
        used |= 1u << s;
        sb_add(&b, ", s%u", s);
    }
    begin(g, FZ_ROLE_STRUCT);
    unsigned u = g->unit;
    inst(g, "%s", b.s);
    fixed_line(g, "%s:", tab);
    for (unsigned i = 0; i < n; i++) {
        g->unit = u;
        inst(g, "%s %s", g->br->mnemonic, join);
    }
    fixed_line(g, "%s:", join);
}

static void gen_block(gen *g, unsigned budget);

/* A loop: a scalar counter from n down to 0. */
static void gen_loop(gen *g, unsigned budget)
{
    wait_all(g);
    unsigned c = R_LOOP0 + g->depth, n = 2 + rnd(g, 3);
    char top[32];
    new_label(g, top, sizeof top, "loop");
    begin(g, FZ_ROLE_STRUCT);
    unsigned u = g->unit;
    inst(g, "%s v%u, %u", chance(g, 50) ? "mov" : "s_mov", c, n);
    g->inited |= 1ull << c;
    g->f32[c] = 0;
    fixed_line(g, "%s:", top);
    g->depth++;
    gen_block(g, budget);
    wait_all(g);
    g->depth--;
    g->unit = u;
    g->role = FZ_ROLE_STRUCT;
    inst(g, "s_sub v%u, v%u, 1", c, c);
    switch (rnd(g, 4)) {
    case 0: inst(g, "brnz %s, v%u", top, c); break;
    case 1: inst(g, "brnz %s, v%u[0]", top, c); break;
    case 2: inst(g, "s_ne v%u, v%u, 0", R_TMP, c), inst(g, "brnz %s, v%u", top, R_TMP); break;
    default: inst(g, "s_eq v%u, v%u, 0", R_TMP, c), inst(g, "brz %s, v%u", top, R_TMP); break;
    }
    g->inited |= 1ull << R_TMP;
}

/* A block that a branch may skip (any branch of the table; with `br`, dead code). */
static void gen_skip(gen *g, unsigned budget)
{
    wait_all(g);
    const op_list *l = &g->cls[FZ_CL_BRANCH];
    const isa_op_info *op = l->op[rnd(g, l->n)];
    if (op->fmt == ISA_FMT_BR && chance(g, 70)) op = l->op[rnd(g, l->n)];
    char skip[32];
    new_label(g, skip, sizeof skip, "skip");
    sbuf b = { .n = 0 };
    sb_add(&b, "%s %s", op->mnemonic, skip);
    if (op->fmt == ISA_FMT_BRS) sb_add(&b, ", "), source(g, &b, false, false);
    if (op->fmt == ISA_FMT_BRM) sb_add(&b, ", "), mask_text(g, &b, false);
    begin(g, FZ_ROLE_PLAIN);
    inst(g, "%s", b.s);
    uint64_t inited = g->inited;
    bool in_skip = g->in_skip;
    g->depth++;
    g->in_skip = true;
    gen_block(g, budget);
    wait_all(g);
    g->depth--;
    g->in_skip = in_skip;
    g->inited &= inited; /* what the block wrote first may be unwritten */
    fixed_line(g, "%s:", skip);
}

/* A load of the other wave's region of priv (section 7, same work group:
 * its stores were waited for before the barrier; scope group or wider). */
static void gen_priv_other(gen *g, bool have_base)
{
    begin(g, FZ_ROLE_PLAIN);
    if (!have_base) {
        if (g->p->waves == 2) {
            /* the other wave's region: v16 + (group_wave ^ 1 - group_wave) * 1 KiB */
            inst(g, "xor v%u, group_wave, 1", R_TMP);
            inst(g, "sub v%u, v%u, group_wave", R_TMP, R_TMP);
            inst(g, "mul_lo v%u, v%u, %u", R_TMP, R_TMP, PRIV_WAVE_BYTES);
            inst(g, "add v%u, v%u, v%u", R_TMP, R_TMP, R_PBASE);
        } else {
            inst(g, "mov v%u, v%u", R_TMP, R_PBASE);
        }
    }
    unsigned ext = pattern(g, SUB_WORDS);
    address(g, R_TMP, rnd(g, PRIV_SUBS) * SUB_WORDS * 4 + 4 * rnd(g, SUB_WORDS - ext + 1));
    unsigned s = pick_slot(g);
    sbuf b = { .n = 0 }, m = { .n = 0 };
    mask_text(g, &m, false);
    unsigned dest = pick_dest(g);
    sb_add(&b, "%s s%u, v%u, %s, v%u sc:%s%s", g->gload->mnemonic, s, dest, m.s, R_ADDR, isa_scope_text(1 + rnd(g, 3)),
           chance(g, 25) ? " nt" : "");
    inst(g, "%s", b.s);
    occupy(g, s, K_LOAD, (int)dest, -1);
    wrote(g, dest, false);
}

/* Both waves read the other's part of the LDS (and the counter words) and
 * of priv between two barriers, writing neither there: before the first
 * barrier each waits for its own accesses, before the second for the loads. */
static void gen_exchange(gen *g)
{
    bool global = chance(g, 50);
    if (global) wait_all(g);
    begin(g, FZ_ROLE_SYNC);
    inst(g, "barrier");
    for (unsigned i = 1 + rnd(g, 3); i > 0; i--) gen_lds(g, true);
    if (chance(g, 50)) gen_counter(g, true);
    if (global)
        for (unsigned i = 0, n = 1 + rnd(g, 3); i < n; i++) gen_priv_other(g, i > 0);
    for (unsigned i = rnd(g, 3); i > 0; i--) gen_alu(g);
    if (global) wait_all(g);
    begin(g, FZ_ROLE_SYNC);
    inst(g, "barrier");
    g->inited |= 1ull << R_TMP;
}

static void gen_block(gen *g, unsigned budget)
{
    unsigned start = g->p->ninsts;
    while (!g->failed && g->p->ninsts - start < budget) {
        unsigned left = budget - (g->p->ninsts - start);
        unsigned k = rnd(g, 100);
        if (k < 55)
            gen_alu(g);
        else if (k < 62)
            gen_lds(g, false);
        else if (k < 64)
            gen_counter(g, false);
        else if (k < 71)
            gen_priv(g, -1);
        else if (k < 74)
            gen_in(g);
        else if (k < 76)
            gen_shared(g);
        else if (k < 77)
            gen_cache(g);
        else if (k < 81)
            wait_mask(g, busy_mask(g) & (1u << rnd(g, ISA_NUM_SIGNALS) | 1u << rnd(g, ISA_NUM_SIGNALS)));
        else if (k < 83)
            gen_sig_done(g);
        else if (k < 85)
            gen_waitany(g);
        else if (k < 89) {
            if (g->depth < MAX_DEPTH && left >= 8) gen_loop(g, 3 + rnd(g, left < 14 ? left - 3 : 12));
        } else if (k < 92) {
            if (g->depth < MAX_DEPTH && left >= 4) gen_skip(g, 2 + rnd(g, left < 12 ? left - 2 : 10));
        } else if (k < 94) {
            if (!g->in_skip) gen_exchange(g);
        } else if (k < 95) {
            begin(g, FZ_ROLE_PLAIN);
            inst(g, "nop");
        } else {
            gen_alu(g);
        }
    }
}

/* ------------------------------------------------------------ the program */

static void prologue(gen *g)
{
    fz_prog *p = g->p;
    fixed_line(g, ".waves %u", p->waves);
    fixed_line(g, ".lds %u", p->lds_bytes);
    /* the buffers' addresses: arguments 0, 1, 2 */
    begin(g, FZ_ROLE_SETUP);
    inst(g, "%s s0, v%u, one, args", g->gload->mnemonic, R_PBASE);
    begin(g, FZ_ROLE_SETUP);
    inst(g, "add v%u, args, 4", R_ADDR);
    inst(g, "%s s1, v%u, one, v%u", g->gload->mnemonic, R_INBASE, R_ADDR);
    begin(g, FZ_ROLE_SETUP);
    inst(g, "add v%u, args, 8", R_ADDR);
    inst(g, "%s s2, v%u, one, v%u", g->gload->mnemonic, R_SHBASE, R_ADDR);
    begin(g, FZ_ROLE_SETUP);
    inst(g, "mul_lo v%u, wave, %u", R_TMP, PRIV_WAVE_BYTES);
    begin(g, FZ_ROLE_SETUP);
    if (p->waves == 2) {
        inst(g, "mul_lo v%u, group_wave, %u", R_LDSOWN, 4 * g->lds_part_words);
        inst(g, "xor v%u, group_wave, 1", R_LDSOTHER);
        inst(g, "mul_lo v%u, v%u, %u", R_LDSOTHER, R_LDSOTHER, 4 * g->lds_part_words);
    } else {
        inst(g, "mov v%u, 0", R_LDSOWN);
        inst(g, "mov v%u, 0", R_LDSOTHER);
    }
    begin(g, FZ_ROLE_SYNC);
    inst(g, "%s s0, s1, s2", g->sigw[3] ? g->sigw[3]->mnemonic : "sig_waitall3");
    begin(g, FZ_ROLE_SETUP);
    inst(g, "add v%u, v%u, v%u", R_PBASE, R_PBASE, R_TMP);
    g->inited |= 0x7full << R_PBASE;

    /* initial values: literals (with lanes overlaid by masked moves) and loads of in */
    bool have_addr = false;
    unsigned nload = 0;
    for (unsigned r = R_DATA0; r < R_DATA_END; r++) {
        begin(g, FZ_ROLE_SETUP);
        if (chance(g, 35)) {
            if (!have_addr) {
                inst(g, "shl v%u, sid, 2", R_ADDR);
                inst(g, "add v%u, v%u, v%u", R_ADDR, R_ADDR, R_INBASE);
                have_addr = true;
            } else {
                inst(g, "add v%u, v%u, 128", R_ADDR, R_ADDR);
            }
            unsigned s = nload++ % ISA_NUM_SIGNALS;
            release(g, s);
            sbuf b = { .n = 0 };
            sb_add(&b, "%s s%u, v%u, one, v%u", g->gload->mnemonic, s, r, R_ADDR);
            mods_global(g, &b);
            inst(g, "%s", b.s);
            occupy(g, s, K_LOAD, (int)r, -1);
            wrote(g, r, chance(g, 50));
        } else {
            bool f = chance(g, 60);
            sbuf b = { .n = 0 };
            literal(g, &b, true, f);
            inst(g, "mov v%u, %s", r, b.s);
            wrote(g, r, f);
            for (unsigned i = chance(g, 50) ? 1 + rnd(g, 2) : 0; i > 0; i--) {
                sbuf m = { .n = 0 }, v = { .n = 0 };
                mask_text(g, &m, false);
                literal(g, &v, true, f);
                inst(g, "mov v%u, %s, %s", r, m.s, v.s);
            }
        }
    }

    /* the LDS: each wave fills its part, 32 words an iteration */
    begin(g, FZ_ROLE_SETUP);
    inst(g, "shl v%u, sid, 2", R_ADDR);
    inst(g, "add v%u, v%u, v%u", R_ADDR, R_ADDR, R_LDSOWN);
    begin(g, FZ_ROLE_STRUCT);
    unsigned u = g->unit;
    inst(g, "mov v%u, %u", R_LOOP0, g->lds_part_words / 32);
    g->inited |= 1ull << R_LOOP0;
    fixed_line(g, "fill:");
    begin(g, FZ_ROLE_SETUP);
    sbuf b = { .n = 0 };
    sb_add(&b, "%s v%u, one, ", g->lds_store->mnemonic, R_ADDR);
    source(g, &b, false, false);
    inst(g, "%s", b.s);
    inst(g, "add v%u, v%u, 128", R_ADDR, R_ADDR);
    g->unit = u;
    g->role = FZ_ROLE_STRUCT;
    inst(g, "s_sub v%u, v%u, 1", R_LOOP0, R_LOOP0);
    inst(g, "brnz fill, v%u", R_LOOP0);
    /* the counter words: wave 0 of the group writes them, then the barrier */
    begin(g, FZ_ROLE_SETUP);
    inst(g, "shl v%u, sid, 2", R_ADDR);
    b.n = 0;
    b.s[0] = 0;
    sb_add(&b, "%s v%u, lo16 & ~group_wave, ", g->lds_store->mnemonic, R_ADDR);
    source(g, &b, false, false);
    sb_add(&b, " offset:%u", g->counter_base);
    inst(g, "%s", b.s);
    begin(g, FZ_ROLE_SYNC);
    inst(g, "barrier");
}

static void epilogue(gen *g)
{
    /* the counter words' final values, into priv */
    begin(g, FZ_ROLE_SYNC);
    inst(g, "barrier");
    begin(g, FZ_ROLE_PLAIN);
    unsigned d = pick_dest(g);
    inst(g, "shl v%u, sid, 2", R_ADDR);
    inst(g, "%s v%u, lo16, v%u offset:%u", g->lds_load->mnemonic, d, R_ADDR, g->counter_base);
    wrote(g, d, false);
    gen_priv(g, (int)d);
    for (unsigned i = 1 + rnd(g, 4); i > 0; i--) gen_priv(g, (int)(R_DATA0 + rnd(g, R_DATA_END - R_DATA0)));
    if (chance(g, 50)) wait_all(g); /* else the accesses complete after `end` */
    g->role = FZ_ROLE_FIXED;
    line_add(g, "end", FZ_ROLE_FIXED, true, g->p->nunit++);
}

int fz_generate(uint64_t seed, unsigned max_body, fz_prog *p, char *err, size_t errlen)
{
    memset(p, 0, sizeof *p);
    gen *g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(err, errlen, "out of host memory");
        return -1;
    }
    g->p = p;
    g->err = err;
    g->errlen = errlen;
    /* splitmix64 streams of nearby states overlap: the seed is hashed first */
    prng_seed(&g->r, seed ^ 0x6b65726e656c5f66ull);
    prng_seed(&g->r, prng_u64(&g->r));
    for (unsigned s = 0; s < ISA_NUM_SIGNALS; s++) release(g, s);
    if (load_table(g) != 0) {
        free(g);
        return -1;
    }
    p->seed = seed;
    p->groups = chance(g, 75) ? 4 + rnd(g, 9) : 1 + rnd(g, 3);
    p->waves = 1 + rnd(g, 2);
    g->lds_part_words = 64u << rnd(g, 3);
    g->counter_base = 4 * p->waves * g->lds_part_words;
    p->lds_bytes = g->counter_base + 4 * COUNTER_WORDS;
    /* sometimes a large allocation (unused beyond the counters): fewer groups fit a CU, the dispatcher waits */
    if (chance(g, 20)) p->lds_bytes += 4 * rnd(g, (ISA_LDS_BYTES - p->lds_bytes) / 4 + 1);
    p->cus = chance(g, 80) ? 4 : 1 + rnd(g, 3);
    if (p->groups > 2 * p->cus + 2) p->groups = 2 * p->cus + 2; /* (the run time of fewer CUs) */
    static const unsigned lat[] = { 1, 10, 30, 200 };
    p->latency = chance(g, 60) ? 100 : lat[rnd(g, 4)];
    p->jitter = chance(g, 40) ? 1 + (prng_u64(&g->r) >> 40) : 0;
    g->allow_order_dep = chance(g, 30);
    p->buf_words[FZ_BUF_PRIV] = p->groups * p->waves * PRIV_WAVE_BYTES / 4;
    p->buf_words[FZ_BUF_IN] = IN_WORDS;
    p->buf_words[FZ_BUF_SH] = 8 * g->gmem_comm.n;
    for (unsigned b = 0; b < FZ_NBUF; b++) p->buf_seed[b] = 1 + (prng_u64(&g->r) >> 33);
    g->inited = 0xffffull; /* the constants */

    prologue(g);
    unsigned body = max_body < 30 ? max_body : 30 + rnd(g, max_body - 30 + 1);
    gen_block(g, body);
    epilogue(g);
    bool failed = g->failed;
    free(g);
    if (failed) {
        fz_prog_free(p);
        return -1;
    }
    return 0;
}

void fz_prog_free(fz_prog *p)
{
    free(p->line);
    p->line = NULL;
    p->nline = p->cap = 0;
}
