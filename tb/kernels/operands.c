/* SPDX-License-Identifier: Apache-2.0 */
/* Directed tests: every source operand kind of every instruction that has
 * one (docs/isa.md section 2.2), generated from the opcode table.
 *
 * For each opcode, one kernel runs each of its kinded source slots with the
 * kinds S (`v21[0]`), M (`~v23`) and L (a literal that fits the slot) next to
 * the same instruction with that slot read from a V register the host filled
 * with what the kind must give in each lane: lane 0 of v21 broadcast, the
 * inverted bit 0 of v23, the literal broadcast. The two results must be
 * equal, lane for lane, and the V-kind results are checked against the host's
 * own ALU by the other tests. Stores and atomics (LDS and global, with and
 * without noret) compare the memory they leave and the values they return.
 *
 * Registers: v20..v22 the V sources of slots a, b, c; v23 the mask source;
 * v24 a CAS compare value (equal to memory in the even lanes); v25..v28 the
 * equivalents of S, M, short L and long L; v29/v30 this lane's word of the
 * two LDS regions. */
#include "kernels_test.h"

#include "isa.h"

enum { IN_ROWS = 9, REG_X = 20, REG_MASKSRC = 23, REG_CMP = 24, REG_EQ = 25 };
enum { K_S, K_M, K_L, K_COUNT };
enum { MAX_PAIRS = 128 };

typedef struct {
    char *text;
    size_t len, cap;
    unsigned rows;          /* output rows written so far */
    char what[MAX_PAIRS][64];     /* per output row pair: the case it checks */
} program;

static void emit(program *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void emit(program *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char line[256];
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if (p->len + (size_t)n + 2 > p->cap) {
        size_t cap = p->cap ? p->cap * 2 : 8192;
        char *t = realloc(p->text, cap);
        if (!t) return;
        p->text = t;
        p->cap = cap;
    }
    memcpy(p->text + p->len, line, (size_t)n);
    p->len += (size_t)n;
    p->text[p->len++] = '\n';
    p->text[p->len] = 0;
}

/* Stores register r to the next output row. */
static void store_row(program *p, unsigned r)
{
    emit(p, "    global_store32 s15, outp, one, v%u", r);
    emit(p, "    add outp, outp, 128");
    p->rows++;
}

/* Operand text of a slot under kind k (K_S, K_M or K_L). */
static void operand(char *buf, size_t len, int k, bool long_slot, uint32_t lit_short, uint32_t lit_long)
{
    if (k == K_S) snprintf(buf, len, "v21[0]");
    else if (k == K_M) snprintf(buf, len, "~v%u", REG_MASKSRC);
    else if (long_slot) snprintf(buf, len, "0x%08" PRIx32, lit_long);
    else snprintf(buf, len, "%" PRId32, (int32_t)lit_short);
}

/* The V register that holds what kind k gives. */
static unsigned equivalent(int k, bool long_slot) { return k == K_L ? REG_EQ + 2u + (long_slot ? 1u : 0u) : REG_EQ + (unsigned)k; }

/* Names the output row pair that starts at the next row. */
static void label(program *p, const char *base, const char *suffix)
{
    if (p->rows / 2 < MAX_PAIRS) snprintf(p->what[p->rows / 2], sizeof p->what[0], "%s%s", base, suffix);
}

static const char kind_letter[K_COUNT] = { 'S', 'M', 'L' };

/* The instruction with its kinded slot `slot` given as `src`. */
static void instruction(program *p, const isa_op_info *op, unsigned slot, const char *src, unsigned dest,
                        bool noret, unsigned addr_reg, unsigned sig)
{
    char s[3][32];
    for (unsigned i = 0; i < 3; i++) snprintf(s[i], sizeof s[i], "v%u", REG_X + i);
    snprintf(s[slot], sizeof s[slot], "%s", src);
    switch (op->fmt) {
    case ISA_FMT_ALU1: emit(p, "    %s v%u, %s", op->mnemonic, dest, s[1]); break;
    case ISA_FMT_ALU2: emit(p, "    %s v%u, %s, %s", op->mnemonic, dest, s[0], s[1]); break;
    case ISA_FMT_ALU3: emit(p, "    %s v%u, %s, %s, %s", op->mnemonic, dest, s[0], s[1], s[2]); break;
    case ISA_FMT_MOV: emit(p, "    %s v%u, v22 & one, %s", op->mnemonic, dest, s[1]); break;
    case ISA_FMT_SEL: emit(p, "    %s v%u, v22 & one, %s, %s", op->mnemonic, dest, s[0], s[1]); break;
    case ISA_FMT_LDS_STORE: emit(p, "    %s v%u, one, %s", op->mnemonic, addr_reg, s[1]); break;
    case ISA_FMT_LDS_ATOMIC:
        emit(p, "    %s v%u, one, v%u, %s%s", op->mnemonic, dest, addr_reg, s[1], noret ? " noret" : "");
        break;
    case ISA_FMT_GLOBAL_STORE: emit(p, "    %s s%u, v%u, one, %s", op->mnemonic, sig, addr_reg, s[1]); break;
    case ISA_FMT_GLOBAL_ATOMIC:
        emit(p, "    %s s%u, v%u, one, v%u, %s%s", op->mnemonic, sig, dest, addr_reg, s[1], noret ? " noret" : "");
        break;
    default: break;
    }
}

/* The name of slot `slot` in a case's label: A, B, C; F, T (sel); V (memory). */
static const char *slot_name(const isa_op_info *op, unsigned slot)
{
    static const char *const abc[3] = { "A", "B", "C" };
    if (op->fmt == ISA_FMT_SEL) return slot ? "T" : "F";
    if (op->fmt >= ISA_FMT_LDS_STORE) return "V";
    return abc[slot < 3 ? slot : 0];
}

/* One case: the slot under kind k and under its equivalent register. */
static void emit_case(program *p, const isa_op_info *op, unsigned slot, bool long_slot, int k, bool noret,
                      uint32_t lit_short, uint32_t lit_long)
{
    char ksrc[32], esrc[32];
    operand(ksrc, sizeof ksrc, k, long_slot, lit_short, lit_long);
    snprintf(esrc, sizeof esrc, "v%u", equivalent(k, long_slot));
    char base[24];
    snprintf(base, sizeof base, "%s=%c%s", slot_name(op, slot), kind_letter[k], noret ? " noret" : "");
    switch (op->fmt) {
    case ISA_FMT_LDS_STORE:
        instruction(p, op, slot, ksrc, 0, false, 29, 0);
        instruction(p, op, slot, esrc, 0, false, 30, 0);
        label(p, base, " (memory)");
        emit(p, "    local_load32 v40, one, v29");
        emit(p, "    local_load32 v41, one, v30");
        store_row(p, 40);
        store_row(p, 41);
        break;
    case ISA_FMT_LDS_ATOMIC:
        emit(p, "    local_store32 v29, one, v22");
        emit(p, "    local_store32 v30, one, v22");
        emit(p, "    mov v40, v%u", REG_CMP);
        emit(p, "    mov v41, v%u", REG_CMP);
        instruction(p, op, slot, ksrc, 40, noret, 29, 0);
        instruction(p, op, slot, esrc, 41, noret, 30, 0);
        label(p, base, " (returned)");
        store_row(p, 40);
        store_row(p, 41);
        label(p, base, " (memory)");
        emit(p, "    local_load32 v40, one, v29");
        emit(p, "    local_load32 v41, one, v30");
        store_row(p, 40);
        store_row(p, 41);
        break;
    case ISA_FMT_GLOBAL_STORE:
        label(p, base, " (memory)");
        emit(p, "    add v31, outp, 128");
        instruction(p, op, slot, ksrc, 0, false, 16, 0);
        instruction(p, op, slot, esrc, 0, false, 31, 1);
        emit(p, "    sig_waitall2 s0, s1");
        emit(p, "    add outp, outp, 256");
        p->rows += 2;
        break;
    case ISA_FMT_GLOBAL_ATOMIC:
        /* rows r, r+1: the memory the atomics leave; r+2, r+3: what they return */
        label(p, base, " (memory)");
        emit(p, "    add v31, outp, 128");
        emit(p, "    global_store32 s0, outp, one, v22");
        emit(p, "    global_store32 s1, v31, one, v22");
        emit(p, "    sig_waitall2 s0, s1");
        emit(p, "    mov v40, v%u", REG_CMP);
        emit(p, "    mov v41, v%u", REG_CMP);
        instruction(p, op, slot, ksrc, 40, noret, 16, 0);
        instruction(p, op, slot, esrc, 41, noret, 31, 1);
        emit(p, "    sig_waitall2 s0, s1");
        emit(p, "    add outp, outp, 256");
        p->rows += 2;
        label(p, base, " (returned)");
        store_row(p, 40);
        store_row(p, 41);
        break;
    default:
        emit(p, "    mov v40, 0x5A5A5A5A");
        emit(p, "    mov v41, 0x5A5A5A5A");
        instruction(p, op, slot, ksrc, 40, false, 0, 0);
        instruction(p, op, slot, esrc, 41, false, 0, 0);
        label(p, base, "");
        store_row(p, 40);
        store_row(p, 41);
        break;
    }
    emit(p, "    sig_wait s15");
}

static bool has_kinded_slot(const isa_op_info *op)
{
    switch (op->fmt) {
    case ISA_FMT_ALU1: case ISA_FMT_ALU2: case ISA_FMT_ALU3: case ISA_FMT_MOV: case ISA_FMT_SEL:
    case ISA_FMT_LDS_STORE: case ISA_FMT_LDS_ATOMIC: case ISA_FMT_GLOBAL_STORE: case ISA_FMT_GLOBAL_ATOMIC:
        return true;
    default: return false;
    }
}

/* The kernel of one opcode; every kinded slot, each kind, noret and not. */
static void build(program *p, const isa_op_info *op, uint32_t lit_short, uint32_t lit_long)
{
    emit(p, ".waves 1");
    emit(p, ".lds 256");
    emit(p, ".alias outp, v16");
    emit(p, ".alias inp, v17");
    emit(p, "    global_load32 s0, outp, one, args");
    emit(p, "    add v60, args, 4");
    emit(p, "    global_load32 s1, inp, one, v60");
    emit(p, "    sig_waitall2 s0, s1");
    emit(p, "    shl v60, sid, 2");
    emit(p, "    add inp, inp, v60");
    emit(p, "    add outp, outp, v60");
    for (unsigned r = 0; r < IN_ROWS; r++) {
        emit(p, "    global_load32 s0, v%u, one, inp", REG_X + r);
        emit(p, "    sig_wait s0");
        emit(p, "    add inp, inp, 128");
    }
    emit(p, "    mov v29, v60");
    emit(p, "    add v30, v60, 128");
    const isa_fmt_operands *o = isa_fmt_ops(op->fmt);
    bool atomic = op->fmt == ISA_FMT_LDS_ATOMIC || op->fmt == ISA_FMT_GLOBAL_ATOMIC;
    for (unsigned s = 0; s < 3; s++) {
        if (o->src[s].type != ISA_SRC_SHORT && o->src[s].type != ISA_SRC_LONG) continue;
        for (int k = 0; k < K_COUNT; k++)
            for (int nr = 0; nr <= (int)atomic; nr++)
                emit_case(p, op, s, o->src[s].type == ISA_SRC_LONG, k, nr, lit_short, lit_long);
    }
    emit(p, "    end");
}

static bool row_all(const uint32_t *row, uint32_t v)
{
    for (unsigned l = 0; l < LANES; l++)
        if (row[l] != v) return false;
    return true;
}

static void test_kinds_of(const isa_op_info *op, prng *r)
{
    char name[80];
    snprintf(name, sizeof name, "dt_kinds_%s", op->mnemonic);
    if (!selected(name)) return;
    if (probing) {
        probe_hit = true;
        return;
    }
    uint32_t lit_short = (uint32_t)((int32_t)prng_below(r, 4096) - 2048);
    uint32_t lit_long = prng_u32(r);
    program p;
    memset(&p, 0, sizeof p);
    build(&p, op, lit_short, lit_long);
    if (!p.text) {
        fail(name, "out of memory");
        return;
    }
    dt_run d;
    if (!dt_init(&d, name, 1, 1, IN_ROWS, p.rows)) {
        free(p.text);
        return;
    }
    d.src = p.text;
    d.lds = 256;
    for (unsigned l = 0; l < LANES; l++) {
        for (unsigned i = 0; i < 4; i++) IN(&d, 0, i, l) = prng_u32(r);
        /* small shift amounts and lane indices in some lanes */
        if (l & 1) IN(&d, 0, 1, l) &= 31;
        IN(&d, 0, 4, l) = (l & 1) ? prng_u32(r) : IN(&d, 0, 2, l);
    }
    for (unsigned l = 0; l < LANES; l++) {
        IN(&d, 0, 5, l) = IN(&d, 0, 1, 0);
        IN(&d, 0, 6, l) = ~IN(&d, 0, 3, l) & 1;
        IN(&d, 0, 7, l) = lit_short;
        IN(&d, 0, 8, l) = lit_long;
    }
    dt_exec(&d);
    if (!d.ok) {
        fail(name, "%s", d.why);
    } else {
        bool ok = true;
        for (unsigned row = 0; row + 1 < p.rows && ok; row += 2) {
            const uint32_t *a = &OUT(&d, 0, row, 0), *b = &OUT(&d, 0, row + 1, 0);
            const char *what = row / 2 < MAX_PAIRS ? p.what[row / 2] : "?";
            if (row_all(a, SENTINEL)) {
                fail(name, "%s: output row %u was never written", what, row);
                ok = false;
                break;
            }
            for (unsigned l = 0; l < LANES; l++)
                if (a[l] != b[l]) {
                    fail(name, "%s: lane %u: 0x%08" PRIx32 " with the kind, 0x%08" PRIx32 " with its V equivalent",
                         what, l, a[l], b[l]);
                    ok = false;
                    break;
                }
        }
        if (ok) pass(name);
    }
    free(p.text);
    dt_free(&d);
}

void test_operand_kinds(void)
{
    prng r = { 404 };
    for (unsigned opc = 0; opc < 256; opc++) {
        const isa_op_info *op = isa_op((uint8_t)opc);
        if (op->mnemonic && has_kinded_slot(op)) test_kinds_of(op, &r);
    }
}
