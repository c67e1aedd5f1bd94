/* SPDX-License-Identifier: Apache-2.0 */
/* isa.h: the instruction set, expanded from isa.def.
 *
 * Enumerations for opcodes, formats, operand kinds, constants, ALU functions
 * and faults; bit-field access for the 64-bit instruction word; the check
 * that an instruction word is canonically encoded. See docs/isa.md.
 */
#ifndef GPU_ISA_H
#define GPU_ISA_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ISA_LANES          32
#define ISA_NUM_REGS       64
#define ISA_NUM_CONSTS     16   /* v0..v15 are read-only constants */
#define ISA_NUM_MASK_REGS  32   /* masks may name v0..v31 */
#define ISA_NUM_SIGNALS    16
#define ISA_LDS_BYTES      65536u
#define ISA_MAX_INSTS      4096u   /* instruction memory size, in instructions */
#define ISA_GLOBAL_NULL_BYTES 4096u /* global addresses below this fault */
#define ISA_SHORT_LIT_MIN  (-2048)
#define ISA_SHORT_LIT_MAX  2047

/* Encoding fields: ISA_F_<name>_HI / _LO. */
enum {
#define ISA_FIELD(name, hi, lo) ISA_F_##name##_HI = hi, ISA_F_##name##_LO = lo,
#include "isa.def"
};

static inline uint32_t isa_bits(uint64_t w, unsigned hi, unsigned lo)
{
    unsigned n = hi - lo + 1;
    uint64_t m = (n >= 64) ? ~0ull : ((1ull << n) - 1);
    return (uint32_t)((w >> lo) & m);
}

static inline uint64_t isa_put(uint64_t w, unsigned hi, unsigned lo, uint64_t v)
{
    unsigned n = hi - lo + 1;
    uint64_t m = (n >= 64) ? ~0ull : ((1ull << n) - 1);
    return (w & ~(m << lo)) | ((v & m) << lo);
}

#define ISA_GET(w, F)    isa_bits((w), ISA_F_##F##_HI, ISA_F_##F##_LO)
#define ISA_SET(w, F, v) isa_put((w), ISA_F_##F##_HI, ISA_F_##F##_LO, (v))

typedef enum {
#define ISA_FMT(name, syntax) ISA_FMT_##name,
#include "isa.def"
    ISA_FMT_COUNT
} isa_fmt;

/* Encoding fields as values (for tables): ISA_FIELD_<name>. */
typedef enum {
#define ISA_FIELD(name, hi, lo) ISA_FIELD_##name,
#include "isa.def"
    ISA_FIELD_COUNT
} isa_field;

/* The operands of a format (ISA_FMT_OPERANDS rows of isa.def). */
typedef enum { ISA_DEST_NONE, ISA_DEST_D, ISA_DEST_D_UNLESS_NORET } isa_dest_rule;
typedef enum { ISA_SRC_NONE, ISA_SRC_SHORT, ISA_SRC_LONG, ISA_SRC_VREG, ISA_SRC_CAS_D } isa_src_type;
typedef enum { ISA_SIGS_NONE, ISA_SIGS_ONE, ISA_SIGS_LIST } isa_sigs_rule;
typedef struct {
    isa_src_type type;
    isa_field field;        /* ISA_SRC_SHORT, ISA_SRC_VREG: the field */
} isa_src_slot;
typedef struct {
    isa_dest_rule dest;
    isa_src_slot src[3];    /* slots a, b, c */
    bool mask;              /* the M field is an operand */
    isa_sigs_rule sigs;
    isa_field sig_field;    /* ISA_SIGS_ONE: the field; ISA_SIGS_LIST: the first of 4-bit fields downwards */
} isa_fmt_operands;

/* Where a VALU/SALU opcode's ALU function executes (ISA_FN's class). */
typedef enum { ISA_FN_CLASS_INT, ISA_FN_CLASS_F32, ISA_FN_CLASS_F32_DIVSQRT, ISA_FN_CLASS_SDIV } isa_fn_class;

typedef enum {
#define ISA_KIND(name, code) ISA_KIND_##name = code,
#include "isa.def"
} isa_kind;

typedef enum {
#define ISA_SCOPE(name, text, code) ISA_SCOPE_##name = code,
#include "isa.def"
} isa_scope;

typedef enum {
#define ISA_CONST(name, text, reg) ISA_REG_##name = reg,
#include "isa.def"
} isa_const_reg;

typedef enum {
#define ISA_FAULT(name, code, text) ISA_FAULT_##name = code,
#include "isa.def"
    ISA_FAULT_COUNT
} isa_fault;

typedef enum {
#define ISA_FN(name, code, cls) ISA_FN_##name = code,
#include "isa.def"
} isa_fn;

typedef enum {
    ISA_UNIT_CTRL, ISA_UNIT_VALU, ISA_UNIT_SALU, ISA_UNIT_XLANE, ISA_UNIT_RED,
    ISA_UNIT_BRANCH, ISA_UNIT_SIG, ISA_UNIT_LDS, ISA_UNIT_GMEM
} isa_unit;

typedef enum {
#define ISA_OP(name, mnemonic, opcode, format, unit, aux) ISA_OP_##name = opcode,
#include "isa.def"
} isa_opcode;

typedef struct {
    const char *mnemonic;   /* NULL for an illegal opcode */
    uint8_t     opcode;
    isa_fmt     fmt;
    isa_unit    unit;
    unsigned    aux;        /* ALU function, or signal count for SIG opcodes */
} isa_op_info;

/* A mask operand M: (bit0(v[r1]) ^ inv1) & (bit0(v[r2]) ^ inv2). */
typedef struct {
    uint8_t r1, inv1, r2, inv2;
} isa_mask;

static inline isa_mask isa_mask_decode(uint32_t m12)
{
    isa_mask m = { (uint8_t)((m12 >> 6) & 31), (uint8_t)((m12 >> 11) & 1),
                   (uint8_t)(m12 & 31), (uint8_t)((m12 >> 5) & 1) };
    return m;
}

static inline uint32_t isa_mask_encode(isa_mask m)
{
    return ((uint32_t)(m.inv1 & 1) << 11) | ((uint32_t)(m.r1 & 31) << 6) |
           ((uint32_t)(m.inv2 & 1) << 5) | (uint32_t)(m.r2 & 31);
}

/* A short (14-bit) source operand: kind in [13:12], payload in [11:0]. */
static inline isa_kind isa_src_kind(uint32_t s14) { return (isa_kind)((s14 >> 12) & 3); }
static inline uint32_t isa_src_payload(uint32_t s14) { return s14 & 0xfff; }
static inline uint32_t isa_src_make(isa_kind k, uint32_t payload)
{
    return ((uint32_t)k << 12) | (payload & 0xfff);
}
/* The 32-bit value of a short literal payload (12-bit, sign-extended). */
static inline uint32_t isa_short_literal(uint32_t payload)
{
    return (payload & 0x800) ? (payload | 0xfffff000u) : (payload & 0x7ff);
}

/* Table lookups. isa_op(opcode) never returns NULL; check ->mnemonic. */
const isa_op_info *isa_op(uint8_t opcode);
const isa_op_info *isa_op_by_mnemonic(const char *mnemonic);
const char *isa_fmt_syntax(isa_fmt f);
const char *isa_fmt_name(isa_fmt f);
uint64_t isa_fmt_fields(isa_fmt f);            /* bits the format may set (ISA_FMT_FIELDS) */
const isa_fmt_operands *isa_fmt_ops(isa_fmt f); /* its operands (an empty row for an unknown format) */
uint32_t isa_field_get(uint64_t w, isa_field f);
unsigned isa_field_hi(isa_field f);
unsigned isa_field_lo(isa_field f);
const char *isa_field_name(isa_field f);
isa_fn_class isa_fn_class_of(unsigned fn);     /* ISA_FN_CLASS_INT for an undefined function */
/* The signal slots an instruction names (its format's sigs rule; the count of
 * a list is the opcode's aux). Returns how many, up to 4, into sig[]. */
unsigned isa_sig_operands(uint64_t w, unsigned sig[4]);
const char *isa_fault_text(unsigned fault);
const char *isa_fault_name(unsigned fault);
const char *isa_const_name(unsigned reg);      /* NULL unless reg < 16 */
int isa_const_by_name(const char *name);       /* register or -1 */
const char *isa_scope_text(unsigned scope);
int isa_scope_by_text(const char *text);       /* scope or -1 */
const char *isa_fn_name(unsigned fn);          /* NULL if undefined */

/* Does the opcode's format have a destination register field that it writes?
 * (Atomics with noret do not write; a CAS reads D as its compare value.) */
bool isa_writes_dest(uint64_t w);

/* Is w a canonically encoded instruction: a defined opcode, every bit outside
 * its format's fields zero, every operand field well formed? The golden model
 * faults ILLEGAL_INST on any word for which this is false; the disassembler
 * prints such a word as ".inst 0x...". */
bool isa_valid(uint64_t w);

/* Compile-time self checks that the table is consistent (duplicate opcodes
 * are a compile error in isa.c). Returns 0 if fine, else writes a message. */
int isa_self_check(char *msg, unsigned msglen);

#ifdef __cplusplus
}
#endif

#endif
