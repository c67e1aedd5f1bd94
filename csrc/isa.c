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
#define ISA_FN(name, code) case code:
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
#define ISA_FN(name, code) case code: return #name;
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

/* The bits an opcode may set, apart from the per-operand checks below. */
static uint64_t format_bits(const isa_op_info *op)
{
    if (op->fmt >= ISA_FMT_COUNT) return 0;
    uint64_t b = fmt_fields[op->fmt];
    if (op->fmt == ISA_FMT_SIGD || op->fmt == ISA_FMT_SIGW) {
        if (op->aux < 2) b &= ~FIELD_MASK(S2);
        if (op->aux < 3) b &= ~FIELD_MASK(S3);
        if (op->aux < 4) b &= ~FIELD_MASK(S4);
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
    switch (op->fmt) {
    case ISA_FMT_ALU1: return long_src_ok(w);
    case ISA_FMT_ALU2: return short_src_ok(ISA_GET(w, A)) && long_src_ok(w);
    case ISA_FMT_ALU3:
        return short_src_ok(ISA_GET(w, A)) && short_src_ok(ISA_GET(w, B3)) && short_src_ok(ISA_GET(w, C3));
    case ISA_FMT_MOV: return long_src_ok(w);
    case ISA_FMT_SEL: return short_src_ok(ISA_GET(w, SEL_F)) && short_src_ok(ISA_GET(w, SEL_T));
    case ISA_FMT_BRS: return short_src_ok(ISA_GET(w, A));
    case ISA_FMT_LDS_STORE:
    case ISA_FMT_LDS_ATOMIC:
    case ISA_FMT_GLOBAL_STORE:
    case ISA_FMT_GLOBAL_ATOMIC: return short_src_ok(ISA_GET(w, V));
    default: return true;
    }
}

bool isa_writes_dest(uint64_t w)
{
    const isa_op_info *op = isa_op((uint8_t)ISA_GET(w, OPCODE));
    switch (op->fmt) {
    case ISA_FMT_ALU1: case ISA_FMT_ALU2: case ISA_FMT_ALU3: case ISA_FMT_MOV: case ISA_FMT_SEL:
    case ISA_FMT_SIGD: case ISA_FMT_LDS_LOAD: case ISA_FMT_GLOBAL_LOAD:
        return op->mnemonic != NULL;
    case ISA_FMT_LDS_ATOMIC: case ISA_FMT_GLOBAL_ATOMIC:
        return ISA_GET(w, NORET) == 0;
    default:
        return false;
    }
}

int isa_self_check(char *msg, unsigned msglen)
{
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
        bool needs_fn = a->unit == ISA_UNIT_VALU || a->unit == ISA_UNIT_SALU || a->unit == ISA_UNIT_RED ||
                        ((a->fmt == ISA_FMT_LDS_ATOMIC || a->fmt == ISA_FMT_GLOBAL_ATOMIC));
        if (needs_fn && a->fmt != ISA_FMT_MOV && a->fmt != ISA_FMT_SEL && !fn_is_listed(a->aux)) {
            snprintf(msg, msglen, "opcode '%s' names ALU function %u, which is not defined", a->mnemonic, a->aux);
            return 1;
        }
    }
    return 0;
}
