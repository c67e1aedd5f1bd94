/* SPDX-License-Identifier: Apache-2.0 */
/* isa.c: lookup tables expanded from isa.def, and the encoding validity check. */
#include "isa.h"

#include <stdio.h>
#include <string.h>

static const isa_op_info op_table[256] = {
#define ISA_OP(name, mnemonic, opcode, format, unit, aux) \
    [opcode] = { mnemonic, opcode, ISA_FMT_##format, ISA_UNIT_##unit, aux },
#include "isa.def"
};

/* A duplicate opcode in isa.def is a duplicate case label here: a compile error.
 * (The designated initializer above would silently keep the last one.) */
static int opcode_is_listed(unsigned opcode)
{
    switch (opcode) {
#define ISA_OP(name, mnemonic, opcode, format, unit, aux) case opcode:
#include "isa.def"
        return 1;
    default:
        return 0;
    }
}

/* Likewise for ALU function codes. */
static int fn_is_listed(unsigned fn)
{
    switch (fn) {
#define ISA_FN(name, code, cls) case code:
#include "isa.def"
        return 1;
    default:
        return 0;
    }
}

static const isa_op_info illegal_op = { NULL, 0, ISA_FMT_NONE, ISA_UNIT_CTRL, 0 };

const isa_op_info *isa_op(uint8_t opcode)
{
    const isa_op_info *i = &op_table[opcode];
    return i->mnemonic ? i : &illegal_op;
}

const isa_op_info *isa_op_by_mnemonic(const char *mnemonic)
{
    for (unsigned i = 0; i < 256; i++)
        if (op_table[i].mnemonic && strcmp(op_table[i].mnemonic, mnemonic) == 0)
            return &op_table[i];
    return NULL;
}

static const char *const fmt_syntax[] = {
#define ISA_FMT(name, syntax) syntax,
#include "isa.def"
};
static const char *const fmt_names[] = {
#define ISA_FMT(name, syntax) #name,
#include "isa.def"
};

const char *isa_fmt_syntax(isa_fmt f) { return f < ISA_FMT_COUNT ? fmt_syntax[f] : "?"; }
const char *isa_fmt_name(isa_fmt f) { return f < ISA_FMT_COUNT ? fmt_names[f] : "?"; }

const char *isa_fault_text(unsigned fault)
{
    switch (fault) {
#define ISA_FAULT(name, code, text) case code: return text;
#include "isa.def"
    default: return "unknown fault";
    }
}

const char *isa_fault_name(unsigned fault)
{
    switch (fault) {
#define ISA_FAULT(name, code, text) case code: return #name;
#include "isa.def"
    default: return "UNKNOWN";
    }
}

static const char *const const_names[ISA_NUM_CONSTS] = {
#define ISA_CONST(name, text, reg) [reg] = text,
#include "isa.def"
};

const char *isa_const_name(unsigned reg) { return reg < ISA_NUM_CONSTS ? const_names[reg] : NULL; }

int isa_const_by_name(const char *name)
{
    for (unsigned r = 0; r < ISA_NUM_CONSTS; r++)
        if (const_names[r] && strcmp(const_names[r], name) == 0)
            return (int)r;
    return -1;
}

const char *isa_scope_text(unsigned scope)
{
    switch (scope) {
#define ISA_SCOPE(name, text, code) case code: return text;
#include "isa.def"
    default: return "?";
    }
}

int isa_scope_by_text(const char *text)
{
#define ISA_SCOPE(name, t, code) if (strcmp(text, t) == 0) return code;
#include "isa.def"
    return -1;
}

const char *isa_fn_name(unsigned fn)
{
    switch (fn) {
#define ISA_FN(name, code, cls) case code: return #name;
#include "isa.def"
    default: return NULL;
    }
}

#define FIELD_MASK(F) \
    ((((ISA_F_##F##_HI - ISA_F_##F##_LO + 1) >= 64) ? ~0ull \
      : ((1ull << (ISA_F_##F##_HI - ISA_F_##F##_LO + 1)) - 1)) << ISA_F_##F##_LO)

static const uint64_t fmt_fields[ISA_FMT_COUNT] = {
#define F(field) FIELD_MASK(field)
#define ISA_FMT_FIELDS(name, fields) [ISA_FMT_##name] = (fields),
#include "isa.def"
#undef F
};

uint64_t isa_fmt_fields(isa_fmt f) { return f < ISA_FMT_COUNT ? fmt_fields[f] : 0; }

static const struct {
    const char *name;
    uint8_t hi, lo;
} field_table[ISA_FIELD_COUNT] = {
#define ISA_FIELD(name, hi, lo) [ISA_FIELD_##name] = { #name, hi, lo },
#include "isa.def"
};

uint32_t isa_field_get(uint64_t w, isa_field f)
{
    return f < ISA_FIELD_COUNT ? isa_bits(w, field_table[f].hi, field_table[f].lo) : 0;
}
unsigned isa_field_hi(isa_field f) { return f < ISA_FIELD_COUNT ? field_table[f].hi : 0; }
unsigned isa_field_lo(isa_field f) { return f < ISA_FIELD_COUNT ? field_table[f].lo : 0; }
const char *isa_field_name(isa_field f) { return f < ISA_FIELD_COUNT ? field_table[f].name : "?"; }

/* The ISA_FMT_OPERANDS rows. */
#define NO_DEST           ISA_DEST_NONE
#define DEST              ISA_DEST_D
#define DEST_UNLESS_NORET ISA_DEST_D_UNLESS_NORET
#define NO_SRC            { ISA_SRC_NONE, ISA_FIELD_OPCODE }
#define SHORT(f)          { ISA_SRC_SHORT, ISA_FIELD_##f }
#define LONG              { ISA_SRC_LONG, ISA_FIELD_LV }
#define VREG(f)           { ISA_SRC_VREG, ISA_FIELD_##f }
#define CAS_D             { ISA_SRC_CAS_D, ISA_FIELD_D }
#define MASK              true
#define NO_MASK           false
#define NO_SIGS           ISA_SIGS_NONE, ISA_FIELD_OPCODE
#define SIG(f)            ISA_SIGS_ONE, ISA_FIELD_##f
#define SIG_LIST(f)       ISA_SIGS_LIST, ISA_FIELD_##f
static const isa_fmt_operands fmt_ops[ISA_FMT_COUNT] = {
#define ISA_FMT_OPERANDS(name, dest, a, b, c, mask, sigs) [ISA_FMT_##name] = { dest, { a, b, c }, mask, sigs },
#include "isa.def"
};
#undef NO_DEST
#undef DEST
#undef DEST_UNLESS_NORET
#undef NO_SRC
#undef SHORT
#undef LONG
#undef VREG
#undef CAS_D
#undef MASK
#undef NO_MASK
#undef NO_SIGS
#undef SIG
#undef SIG_LIST

const isa_fmt_operands *isa_fmt_ops(isa_fmt f)
{
    static const isa_fmt_operands none = { ISA_DEST_NONE, { { ISA_SRC_NONE, ISA_FIELD_OPCODE }, { ISA_SRC_NONE, ISA_FIELD_OPCODE },
                                                           { ISA_SRC_NONE, ISA_FIELD_OPCODE } }, false, ISA_SIGS_NONE,
                                           ISA_FIELD_OPCODE };
    return f < ISA_FMT_COUNT ? &fmt_ops[f] : &none;
}

isa_fn_class isa_fn_class_of(unsigned fn)
{
    switch (fn) {
#define ISA_FN(name, code, cls) case code: return ISA_FN_CLASS_##cls;
#include "isa.def"
    default: return ISA_FN_CLASS_INT;
    }
}

unsigned isa_sig_operands(uint64_t w, unsigned sig[4])
{
    const isa_op_info *op = isa_op((uint8_t)ISA_GET(w, OPCODE));
    const isa_fmt_operands *o = isa_fmt_ops(op->fmt);
    if (o->sigs == ISA_SIGS_ONE) {
        sig[0] = isa_field_get(w, o->sig_field);
        return 1;
    }
    if (o->sigs != ISA_SIGS_LIST) return 0;
    unsigned n = op->aux < 4 ? op->aux : 4, lo = isa_field_lo(o->sig_field);
    for (unsigned k = 0; k < n; k++) sig[k] = isa_bits(w, lo + 3 - 4 * k, lo - 4 * k);
    return n;
}

/* The bits an opcode may set, apart from the per-operand checks below. */
static uint64_t format_bits(const isa_op_info *op)
{
    if (op->fmt >= ISA_FMT_COUNT) return 0;
    uint64_t b = fmt_fields[op->fmt];
    const isa_fmt_operands *o = &fmt_ops[op->fmt];
    if (o->sigs == ISA_SIGS_LIST) {   /* only the opcode's count of 4-bit fields, from the first downwards */
        unsigned lo = isa_field_lo(o->sig_field);
        for (unsigned k = op->aux; k < 4; k++) b &= ~(0xFull << (lo - 4 * k));
    }
    return b;
}

/* Register kinds carry a 6-bit register number; the payload bits above it must be 0. */
static bool short_src_ok(uint32_t s14)
{
    isa_kind k = isa_src_kind(s14);
    if (k == ISA_KIND_V || k == ISA_KIND_S)
        return (isa_src_payload(s14) >> 6) == 0;
    return true;
}

static bool long_src_ok(uint64_t w)
{
    uint32_t k = ISA_GET(w, LK), v = ISA_GET(w, LV);
    if (k == ISA_KIND_V || k == ISA_KIND_S)
        return (v >> 6) == 0;
    if (k == ISA_KIND_M)
        return (v >> 12) == 0;
    return true;
}

bool isa_valid(uint64_t w)
{
    const isa_op_info *op = isa_op((uint8_t)ISA_GET(w, OPCODE));
    if (!op->mnemonic)
        return false;
    if (w & ~format_bits(op))
        return false;
    const isa_fmt_operands *o = isa_fmt_ops(op->fmt);
    for (unsigned s = 0; s < 3; s++) {
        if (o->src[s].type == ISA_SRC_SHORT && !short_src_ok(isa_field_get(w, o->src[s].field))) return false;
        if (o->src[s].type == ISA_SRC_LONG && !long_src_ok(w)) return false;
    }
    return true;
}

bool isa_writes_dest(uint64_t w)
{
    const isa_op_info *op = isa_op((uint8_t)ISA_GET(w, OPCODE));
    if (!op->mnemonic) return false;
    switch (isa_fmt_ops(op->fmt)->dest) {
    case ISA_DEST_D: return true;
    case ISA_DEST_D_UNLESS_NORET: return ISA_GET(w, NORET) == 0;
    default: return false;
    }
}

static uint64_t field_bits(isa_field f)
{
    unsigned n = isa_field_hi(f) - isa_field_lo(f) + 1;
    return (n >= 64 ? ~0ull : ((1ull << n) - 1)) << isa_field_lo(f);
}

/* Every field an ISA_FMT_OPERANDS row names must be one the format's
 * ISA_FMT_FIELDS row allows. */
static int fmt_ops_check(char *msg, unsigned msglen)
{
    for (unsigned f = 0; f < ISA_FMT_COUNT; f++) {
        const isa_fmt_operands *o = &fmt_ops[f];
        uint64_t need = 0;
        if (o->dest != ISA_DEST_NONE) need |= field_bits(ISA_FIELD_D);
        if (o->dest == ISA_DEST_D_UNLESS_NORET) need |= field_bits(ISA_FIELD_NORET);
        for (unsigned k = 0; k < 3; k++) {
            if (o->src[k].type == ISA_SRC_SHORT || o->src[k].type == ISA_SRC_VREG || o->src[k].type == ISA_SRC_CAS_D)
                need |= field_bits(o->src[k].field);
            if (o->src[k].type == ISA_SRC_LONG) need |= field_bits(ISA_FIELD_LK) | field_bits(ISA_FIELD_LV);
            if (o->src[k].type == ISA_SRC_SHORT && isa_field_hi(o->src[k].field) - isa_field_lo(o->src[k].field) != 13) {
                snprintf(msg, msglen, "format %s: slot %c names field %s, which is not 14 bits", fmt_names[f], 'a' + k,
                         isa_field_name(o->src[k].field));
                return 1;
            }
        }
        if (o->mask) need |= field_bits(ISA_FIELD_M);
        if (o->sigs == ISA_SIGS_ONE) need |= field_bits(o->sig_field);
        if (o->sigs == ISA_SIGS_LIST) {
            unsigned lo = isa_field_lo(o->sig_field);
            if (lo < 12) {
                snprintf(msg, msglen, "format %s: a signal list from field %s has no room for 4 slots", fmt_names[f],
                         isa_field_name(o->sig_field));
                return 1;
            }
            need |= 0xFFFFull << (lo - 12);
        }
        if (need & ~fmt_fields[f]) {
            snprintf(msg, msglen, "format %s: its operands use bits 0x%016llx outside its ISA_FMT_FIELDS", fmt_names[f],
                     (unsigned long long)(need & ~fmt_fields[f]));
            return 1;
        }
    }
    return 0;
}

int isa_self_check(char *msg, unsigned msglen)
{
    if (fmt_ops_check(msg, msglen)) return 1;
    for (unsigned i = 0; i < 256; i++) {
        const isa_op_info *a = &op_table[i];
        if (!a->mnemonic) {
            if (opcode_is_listed(i)) {
                snprintf(msg, msglen, "opcode 0x%02x listed but has no mnemonic", i);
                return 1;
            }
            continue;
        }
        for (unsigned j = i + 1; j < 256; j++)
            if (op_table[j].mnemonic && strcmp(a->mnemonic, op_table[j].mnemonic) == 0) {
                snprintf(msg, msglen, "mnemonic '%s' used by opcodes 0x%02x and 0x%02x", a->mnemonic, i, j);
                return 1;
            }
        if (fmt_ops[a->fmt].sigs == ISA_SIGS_LIST && (a->aux < 1 || a->aux > 4)) {
            snprintf(msg, msglen, "opcode '%s' has a signal list of %u slots; must be 1..4", a->mnemonic, a->aux);
            return 1;
        }
        bool needs_fn = a->unit == ISA_UNIT_VALU || a->unit == ISA_UNIT_SALU || a->unit == ISA_UNIT_RED ||
                        ((a->fmt == ISA_FMT_LDS_ATOMIC || a->fmt == ISA_FMT_GLOBAL_ATOMIC));
        if (needs_fn && a->fmt != ISA_FMT_MOV && a->fmt != ISA_FMT_SEL && !fn_is_listed(a->aux)) {
            snprintf(msg, msglen, "opcode '%s' names ALU function %u, which is not defined", a->mnemonic, a->aux);
            return 1;
        }
    }
    return 0;
}
