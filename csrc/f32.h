/* SPDX-License-Identifier: Apache-2.0 */
/* f32.h: bit-exact IEEE-754 binary32 arithmetic on bit patterns.
 *
 * The rules are docs/isa.md section 6 (and shared/testfloat/README.md):
 * round to nearest, ties to even; subnormal inputs and outputs are kept; no
 * flags, no traps; every NaN result is the canonical quiet NaN 0x7FC00000;
 * conversions to integers saturate (NaN gives the maximum).
 *
 * Everything is integer arithmetic: no host floating point, so the results
 * do not depend on the host FPU, its rounding mode, flush-to-zero or x87
 * excess precision. Each operation rounds once (fma included). The functions
 * are pure and keep no state.
 */
#ifndef GPU_F32_H
#define GPU_F32_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define F32_CANONICAL_NAN 0x7FC00000u

uint32_t f32_add(uint32_t a, uint32_t b);
uint32_t f32_sub(uint32_t a, uint32_t b);
uint32_t f32_mul(uint32_t a, uint32_t b);
uint32_t f32_div(uint32_t a, uint32_t b);
uint32_t f32_fma(uint32_t a, uint32_t b, uint32_t c);   /* a*b+c, one rounding */
uint32_t f32_sqrt(uint32_t a);

/* min/max: both NaN gives NaN, one NaN gives the other operand, and -0 < +0. */
uint32_t f32_min(uint32_t a, uint32_t b);
uint32_t f32_max(uint32_t a, uint32_t b);
/* abs/neg clear/flip the sign; a NaN operand gives the canonical NaN. */
uint32_t f32_abs(uint32_t a);
uint32_t f32_neg(uint32_t a);

/* Comparisons return 1 or 0; with a NaN operand all are 0 except ne (1). */
uint32_t f32_eq(uint32_t a, uint32_t b);
uint32_t f32_ne(uint32_t a, uint32_t b);
uint32_t f32_lt(uint32_t a, uint32_t b);
uint32_t f32_le(uint32_t a, uint32_t b);
uint32_t f32_gt(uint32_t a, uint32_t b);
uint32_t f32_ge(uint32_t a, uint32_t b);

/* Integer to f32, round to nearest even. */
uint32_t f32_from_i32(uint32_t a);   /* a is an int32 bit pattern */
uint32_t f32_from_u32(uint32_t a);

/* f32 to integer, truncating (rtz) or round to nearest even (rne), saturating.
 * i32: NaN and too large give INT32_MAX, too small INT32_MIN.
 * u32: NaN and too large give UINT32_MAX, negative results give 0.
 * The i32 results are returned as their 32-bit two's complement pattern. */
uint32_t f32_to_i32_rtz(uint32_t a);
uint32_t f32_to_i32_rne(uint32_t a);
uint32_t f32_to_u32_rtz(uint32_t a);
uint32_t f32_to_u32_rne(uint32_t a);

static inline int f32_is_nan(uint32_t a) { return (a & 0x7FFFFFFFu) > 0x7F800000u; }

#ifdef __cplusplus
}
#endif

#endif
