/* SPDX-License-Identifier: Apache-2.0 */
/* disasm.c: the disassembler. It walks the same operand layouts as the
 * assembler (asm_fmt_layout), so the two cannot disagree on operand order. */
#include "disasm.h"

#include "asm.h"
#include "isa.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Output text: into a fixed buffer with snprintf semantics (n counts every
 * character, written or not), or into a growing malloc'ed buffer. */
typedef struct {
    char *b;
    size_t cap, n;
    bool grow, oom;
} out_t;

static void outf(out_t *o, const char *fmt, ...)
{
    for (;;) {
        size_t room = o->n < o->cap ? o->cap - o->n : 0;
        va_list ap;
        va_start(ap, fmt);
        int k = vsnprintf(room ? o->b + o->n : NULL, room, fmt, ap);
        va_end(ap);
        if (k < 0) return;
        if ((size_t)k < room || !o->grow || o->oom) {
            o->n += (size_t)k;
            return;
        }
        size_t cap = o->cap ? o->cap * 2 : 256;
        while (cap < o->n + (size_t)k + 1) cap *= 2;
        char *nb = realloc(o->b, cap);
        if (!nb) {
            o->oom = true;
            continue;
        }
        o->b = nb;
        o->cap = cap;
    }
}

static void put_reg(out_t *o, unsigned r)
{
    const char *name = isa_const_name(r);
    if (name) outf(o, "%s", name);
    else outf(o, "v%u", r);
}

/* A mask; in an M operand position the second term "& one" is left out. */
static void put_mask(out_t *o, uint32_t m12, bool both_terms)
{
    isa_mask m = isa_mask_decode(m12);
    outf(o, "%s", m.inv1 ? "~" : "");
    put_reg(o, m.r1);
    if (both_terms || m.r2 != ISA_REG_ONE || m.inv2) {
        outf(o, " & %s", m.inv2 ? "~" : "");
        put_reg(o, m.r2);
    }
}

/* Does the ALU function read its operands as f32? (Display only: a literal
 * operand of such an opcode is printed as a float.) */
static bool fn_reads_f32(unsigned fn)
{
    const char *name = isa_fn_name(fn);
    return name && strstr(name, "F32") && strncmp(name, "CVT_F32_", 8) != 0;
}

/* An f32 bit pattern as the shortest decimal that the assembler reads back
 * to the same bits; hex for NaN payloads and subnormals. */
static void put_f32(out_t *o, uint32_t bits)
{
    uint32_t exp = (bits >> 23) & 0xff, man = bits & 0x7fffff;
    const char *sign = (bits >> 31) ? "-" : "";
    if (exp == 0xff && man == 0) { outf(o, "%sinf", sign); return; }
    if (exp == 0xff && man == 0x400000) { outf(o, "%snan", sign); return; }
    if (exp == 0xff || (exp == 0 && man != 0)) { outf(o, "0x%08x", bits); return; }
    float f, back;
    uint32_t bb = ~bits;
    memcpy(&f, &bits, sizeof f);
    char t[64];
    for (int p = 1; p <= 9; p++) {
        snprintf(t, sizeof t, "%.*g", p, (double)f);
        back = strtof(t, NULL);
        memcpy(&bb, &back, sizeof bb);
        if (bb == bits) break;
    }
    if (strchr(t, 'e') && fabsf(f) >= 1.0f && fabsf(f) < 1e10f)
        snprintf(t, sizeof t, "%.0f", (double)f);   /* an integer: 1e+02 -> 100 */
    if (!strpbrk(t, ".e")) strcat(t, ".0");
    back = strtof(t, NULL);
    memcpy(&bb, &back, sizeof bb);
    if (bb == bits) outf(o, "%s", t);
    else outf(o, "0x%08x", bits);
}

static void put_src(out_t *o, uint32_t kind, uint32_t payload, bool is_short, bool f32)
{
    switch (kind) {
    case ISA_KIND_V: put_reg(o, payload & 63); break;
    case ISA_KIND_S: put_reg(o, payload & 63); outf(o, "[0]"); break;
    case ISA_KIND_M: put_mask(o, payload & 0xfff, true); break;
    default:
        if (is_short) {
            outf(o, "%d", (int)(int32_t)isa_short_literal(payload & 0xfff));
        } else if (f32) {
            put_f32(o, payload);
        } else {
            int32_t s = (int32_t)payload;
            if (s >= -65536 && s <= 65535) outf(o, "%d", (int)s);
            else outf(o, "0x%08x", payload);
        }
        break;
    }
}

static bool layout_has(const asm_layout *lay, asm_opd_type t)
{
    for (unsigned i = 0; i < lay->nopd; i++)
        if (lay->opd[i].type == t) return true;
    return false;
}

/* A valid word the assembler refuses: it writes a constant register. */
static bool writes_const(uint64_t w)
{
    const asm_layout lay = asm_fmt_layout(isa_op((uint8_t)ISA_GET(w, OPCODE))->fmt);
    return layout_has(&lay, ASM_OPD_DEST) && isa_writes_dest(w) && ISA_GET(w, D) < ISA_NUM_CONSTS;
}

/* The instruction in assembly syntax; labels[t] (t < nlabels) says that
 * target t is printed as the label Lt. */
static void put_decoded(out_t *o, uint64_t w, const uint8_t *labels, size_t nlabels)
{
    const isa_op_info *op = isa_op((uint8_t)ISA_GET(w, OPCODE));
    const asm_layout layout = asm_fmt_layout(op->fmt), *lay = &layout;
    bool f32 = (op->unit == ISA_UNIT_VALU || op->unit == ISA_UNIT_SALU || op->unit == ISA_UNIT_RED) &&
               fn_reads_f32(op->aux);
    bool first = true;
    unsigned nsig = 0;
    outf(o, "%s", op->mnemonic);
    for (unsigned i = 0; i < lay->nopd; i++) {
        const asm_opd *d = &lay->opd[i];
        unsigned reps = d->type != ASM_OPD_SIGS ? 1 : op->aux < 4 ? op->aux : 4;
        for (unsigned r = 0; r < reps; r++) {
            outf(o, first ? " " : ", ");
            first = false;
            uint32_t v = isa_bits(w, d->hi, d->lo);
            switch (d->type) {
            case ASM_OPD_DEST:
            case ASM_OPD_ADDR: put_reg(o, v); break;
            case ASM_OPD_MASK: put_mask(o, v, false); break;
            case ASM_OPD_SHORT: put_src(o, isa_src_kind(v), isa_src_payload(v), true, false); break;
            case ASM_OPD_LONG: put_src(o, ISA_GET(w, LK), ISA_GET(w, LV), false, f32); break;
            case ASM_OPD_TARGET:
                if (labels && v < nlabels && labels[v]) outf(o, "L%u", v);
                else outf(o, "%u", v);
                break;
            case ASM_OPD_SIG: outf(o, "s%u", v); break;
            case ASM_OPD_SIGS:
                outf(o, "s%u", isa_bits(w, d->hi - 4 * nsig, d->hi - 4 * nsig - 3));
                nsig++;
                break;
            }
        }
    }
    if ((lay->mods & ASM_MOD_OFFSET) && ISA_GET(w, OFFSET)) outf(o, " offset:%u", ISA_GET(w, OFFSET));
    if ((lay->mods & ASM_MOD_SCOPE) && ISA_GET(w, SCOPE)) outf(o, " sc:%s", isa_scope_text(ISA_GET(w, SCOPE)));
    if ((lay->mods & ASM_MOD_NT) && ISA_GET(w, NT)) outf(o, " nt");
    if ((lay->mods & ASM_MOD_NORET) && ISA_GET(w, NORET)) outf(o, " noret");
}

static void put_inst(out_t *o, uint64_t w, const uint8_t *labels, size_t nlabels)
{
    if (!isa_valid(w)) {
        outf(o, ".inst 0x%016llx", (unsigned long long)w);
    } else if (writes_const(w)) {
        outf(o, ".inst 0x%016llx  # ", (unsigned long long)w);
        put_decoded(o, w, NULL, 0);
        outf(o, " (writes a read-only constant)");
    } else {
        put_decoded(o, w, labels, nlabels);
    }
}

int disasm_inst(uint64_t w, char *buf, size_t len)
{
    out_t o = { buf, buf ? len : 0, 0, false, false };
    if (o.cap) buf[0] = 0;
    put_inst(&o, w, NULL, 0);
    return (int)o.n;
}

/* A cursor over a line table's text: finding the next line costs a scan
 * from the line last found (from the start when going back), so a listing
 * in source order reads the text once. */
typedef struct {
    const kbin_lines *l;
    uint32_t line;   /* the line that starts at pos */
    size_t pos;
} src_cursor;

/* "# file:line: text" (text trimmed as kbin_format_source trims it). */
static void put_source(out_t *o, src_cursor *c, uint32_t want)
{
    const kbin_lines *l = c->l;
    const char *t = l->text ? l->text : "";
    size_t end = l->text ? l->text_len : 0;
    if (want < c->line) c->line = 1, c->pos = 0;
    while (c->line < want && c->pos < end) {
        const char *nl = memchr(t + c->pos, '\n', end - c->pos);
        c->pos = nl ? (size_t)(nl - t) + 1 : end;
        c->line++;
    }
    const char *p = t + c->pos, *nl = memchr(p, '\n', end - c->pos);
    size_t n = (size_t)((nl ? nl : t + end) - p);
    while (n && (*p == ' ' || *p == '\t')) p++, n--;
    while (n && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\r')) n--;
    /* The comment must reassemble: one line (a control character of the file
     * name becomes '?') of at most ASM_MAX_LINE characters (a longer source
     * line is cut, ending in "..."). */
    char head[ASM_MAX_LINE + 1];
    int hn = snprintf(head, sizeof head, "# %.1024s:%u: ", l->file ? l->file : "?", (unsigned)want);
    for (int i = 2; i < hn; i++)
        if ((unsigned char)head[i] < 0x20 || head[i] == 0x7f) head[i] = '?';
    size_t room = ASM_MAX_LINE - (size_t)hn;
    if (n > room) outf(o, "%s%.*s...\n", head, (int)(room - 3), p);
    else outf(o, "%s%.*s\n", head, (int)n, p);
}

char *disasm_program(const kbin *k, unsigned flags)
{
    size_t n = k->num_insts;
    uint8_t *labels = calloc(n + 1, 1);
    if (!labels) return NULL;
    for (size_t i = 0; i < n; i++) {
        uint64_t w = k->insts[i];
        if (!isa_valid(w)) continue;
        const asm_layout lay = asm_fmt_layout(isa_op((uint8_t)ISA_GET(w, OPCODE))->fmt);
        if (!layout_has(&lay, ASM_OPD_TARGET)) continue;
        uint32_t t = ISA_GET(w, TARGET);
        if (t <= n) labels[t] = 1;
    }
    out_t o = { NULL, 0, 0, true, false };
    outf(&o, ".lds %u\n.waves %u\n", k->lds_bytes, k->waves_per_group);
    const kbin_lines *src = (flags & DISASM_SOURCE) && k->lines && k->lines->num_insts == n && k->lines->line
                          ? k->lines : NULL;
    src_cursor cur = { src, 1, 0 };
    for (size_t i = 0; i < n; i++) {
        if (src && (i == 0 || src->line[i] != src->line[i - 1])) put_source(&o, &cur, src->line[i]);
        if (labels[i]) outf(&o, "L%zu:\n", i);
        size_t start = o.n;
        outf(&o, "    ");
        put_inst(&o, k->insts[i], labels, n + 1);
        if (flags & DISASM_PC_COMMENTS) {
            size_t used = o.n - start;
            outf(&o, "%*s # %zu", used < 48 ? (int)(48 - used) : 0, "", i);
        }
        outf(&o, "\n");
    }
    if (labels[n]) outf(&o, "L%zu:\n", n);
    free(labels);
    if (o.oom) {
        free(o.b);
        return NULL;
    }
    return o.b;
}
