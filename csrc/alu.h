/* SPDX-License-Identifier: Apache-2.0 */
/* alu.h: the ALU functions of the instruction set (the ISA_FN_* rows of
 * isa.def), the one definition used by the vector ALU, the scalar unit, the
 * reductions and the LDS and global atomics. docs/isa.md sections 4.3-4.7.
 *
 * Operands: binary functions compute f(a, b); unary ones (SQRT_F32,
 * ABS_F32, NEG_F32, the CVT_*) and MOV take their operand in b; FMA_F32 is
 * a*b+c. For the atomics a is the old memory word and b the lane's value:
 * XCHG gives b, CAS gives (a == c) ? b : a with c the compare value.
 * An undefined function code gives 0.
 */
#ifndef GPU_ALU_H
#define GPU_ALU_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

uint32_t isa_alu(unsigned fn, uint32_t a, uint32_t b, uint32_t c);

/* The same function on n lanes: d[l] = isa_alu(fn, a[l], b[l], c[l]).
 * d may alias a, b or c; pointers of operands the function does not use may
 * be NULL. */
void isa_alu_vec(unsigned fn, uint32_t *d, const uint32_t *a, const uint32_t *b, const uint32_t *c, unsigned n);

/* Is fn a defined ALU function? */
bool isa_alu_defined(unsigned fn);

#ifdef __cplusplus
}
#endif

#endif
