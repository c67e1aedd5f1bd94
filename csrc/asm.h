/* SPDX-License-Identifier: Apache-2.0 */
/* asm.h: the assembler, docs/isa.md section 9.
 *
 * asm_assemble turns assembly text into a kernel binary. It is table driven:
 * the operand layout of each instruction format (asm_fmt_layout) is the one
 * place that says which operand goes into which encoding field, and both the
 * assembler and the disassembler (disasm.c) expand it.
 */
#ifndef GPU_ASM_H
#define GPU_ASM_H

#include <stddef.h>
#include <stdint.h>

#include "isa.h"
#include "kbin.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ASM_MAX_LINE   4096u  /* characters per source line, not counting the newline */
#define ASM_MAX_TOKEN  256u   /* characters per name or number */

/* Assembles len bytes of src (need not be NUL-terminated). filename is used
 * in messages and as the line table's file name. On success returns 0 and
 * fills *out (free it with kbin_free), with a line table (out->lines:
 * filename, a copy of the source, each instruction's line), so that
 * kbin_serialize writes version 2; set out->lines to NULL (after
 * kbin_lines_free) for version 1. On error returns -1, leaves *out empty,
 * and writes one message "filename:line:col: message" (col 1-based, in
 * bytes) to err. */
int asm_assemble(const char *src, size_t len, const char *filename, kbin *out, char *err, size_t errlen);

/* ---- Operand layout of each instruction format ---- */

typedef enum {
    ASM_OPD_DEST,    /* vD: a register, field D */
    ASM_OPD_ADDR,    /* vAddr: a register, field ADDR */
    ASM_OPD_MASK,    /* M: a mask, field M */
    ASM_OPD_SHORT,   /* a 14-bit source operand in field [hi:lo] */
    ASM_OPD_LONG,    /* the long source operand, fields LK and LV */
    ASM_OPD_TARGET,  /* a branch target, field TARGET */
    ASM_OPD_SIG,     /* one signal slot, field SIG */
    ASM_OPD_SIGS     /* aux signal slots, fields S1..S4 (one operand each) */
} asm_opd_type;

/* Modifiers a format accepts (asm_layout.mods). */
enum {
    ASM_MOD_OFFSET = 1u << 0,  /* offset:N  -> OFFSET */
    ASM_MOD_SCOPE  = 1u << 1,  /* sc:S      -> SCOPE */
    ASM_MOD_NT     = 1u << 2,  /* nt        -> NT */
    ASM_MOD_NORET  = 1u << 3   /* noret     -> NORET */
};

typedef struct {
    asm_opd_type type;
    uint8_t hi, lo;     /* the field, for ASM_OPD_SHORT */
    const char *name;   /* the operand's name in isa.def's format syntax */
} asm_opd;

#define ASM_MAX_OPDS 5

typedef struct {
    unsigned nopd;
    asm_opd opd[ASM_MAX_OPDS];
    unsigned mods;
} asm_layout;

/* The operand layout of format f (an empty layout for an unknown format):
 * the operands in the order of isa.def's syntax string, each mapped onto its
 * field by the format's ISA_FMT_OPERANDS row. An ASM_OPD_SIGS operand spans
 * its four 4-bit fields: signal k (from 0) is at [hi - 4k : hi - 4k - 3]. */
asm_layout asm_fmt_layout(isa_fmt f);

#ifdef __cplusplus
}
#endif

#endif
