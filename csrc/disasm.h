/* SPDX-License-Identifier: Apache-2.0 */
/* disasm.h: the disassembler. Its output reassembles (asm.h) to the same bits. */
#ifndef GPU_DISASM_H
#define GPU_DISASM_H

#include <stddef.h>
#include <stdint.h>

#include "kbin.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Writes one instruction as assembly text to buf (always NUL-terminated if
 * len > 0). Returns the length of the full text, as snprintf does, so a
 * return value >= len means it was cut short. Branch targets are numbers.
 * A word the assembler would not produce from an instruction (!isa_valid, or
 * a write to a constant register) is printed as ".inst 0x<16 hex digits>",
 * followed for the latter by a comment with its decoded form. */
int disasm_inst(uint64_t w, char *buf, size_t len);

enum {
    DISASM_PC_COMMENTS = 1u << 0,  /* end each instruction line with "# <pc>" */
    DISASM_SOURCE      = 1u << 1   /* the source lines, from k->lines (none without it) */
};

/* The whole kernel as assembly text: .lds and .waves directives, then one
 * instruction per line, with a label L<pc> at every branch target inside the
 * program (targets beyond the end stay numbers). With DISASM_SOURCE and a
 * line table, each instruction whose source line differs from the previous
 * instruction's is preceded (before its label) by that line as a comment,
 * "# file:line: text" with the text's leading and trailing blanks trimmed
 * (kbin_format_source's form), so the output still reassembles. Returns a
 * malloc'ed string, or NULL if out of memory. */
char *disasm_program(const kbin *k, unsigned flags);

#ifdef __cplusplus
}
#endif

#endif
