/* SPDX-License-Identifier: Apache-2.0 */
/* parse_num.h: strict parsing of the numbers given to command-line tools.
 *
 * An integer is decimal or 0x/0X hex, with nothing else around it: no
 * leading '+' or whitespace, no trailing characters, no empty string.
 * Leading zeros are decimal ("010" is ten, never octal). Overflow is found
 * exactly, whatever the length of the text. "-0" is the integer 0.
 *
 * Each function returns 0 and stores the value, or returns -1, leaves the
 * output alone and writes one line to err (when err is not NULL and errlen
 * is not 0) that names the option opt and quotes the text:
 *   --n: '7x' is not a number
 *   --n: 4294967297 is too large (at most 4294967295)
 *   --latency: 0 is out of range 1..1000000
 *   --n: empty value
 * Quoted text is cut to a few dozen characters and control bytes are
 * escaped, so the message stays one short line. Nothing is kept between
 * calls. Digits are checked here, not by the C library; only the f32
 * conversion is strtof's (under a locale whose decimal point is not '.',
 * an f32 with a point is refused with a message).
 */
#ifndef GPU_PARSE_NUM_H
#define GPU_PARSE_NUM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* An unsigned integer in lo..hi. Above hi: "is too large (at most hi)";
 * below lo, negative numbers included: "is out of range lo..hi". */
int parse_u64_opt(const char *opt, const char *s, uint64_t lo, uint64_t hi, uint64_t *out, char *err, size_t errlen);
int parse_u32_opt(const char *opt, const char *s, uint32_t lo, uint32_t hi, uint32_t *out, char *err, size_t errlen);

/* A 32-bit value as a kernel argument or buffer constant:
 *   - an unsigned integer up to 0xFFFFFFFF (decimal or hex);
 *   - a negative integer down to -2147483648 (decimal or hex, e.g.
 *     -0x80000000), stored in two's complement;
 *   - an f32, written with a decimal point or an exponent (2.0, 1., .5,
 *     -1.5e-3, 1e10, 1E+5) or as inf, -inf, nan, -nan (any case;
 *     "infinity" too): its IEEE bits, rounded to nearest (ties to even) by
 *     strtof. nan is the canonical quiet NaN 0x7FC00000, -nan 0xFFC00000.
 *     A finite value that rounds past the largest f32 is an error
 *     ("overflows f32"), not inf; one that underflows rounds to a subnormal
 *     or to zero.
 * "0x1e" is the integer 30: hex never reads as an exponent, and hex floats
 * (0x1.8p3) are not accepted. *is_f32 (may be NULL) is set to 1 for the f32
 * forms and 0 for the integers. */
int parse_word_opt(const char *opt, const char *s, uint32_t *bits, int *is_f32, char *err, size_t errlen);

/* An f32 value: the f32 forms of parse_word_opt, or an integer of any size
 * (decimal or hex), rounded to the nearest f32 ("2" is 2.0f, "16777217" is
 * 16777216.0f, "-0" is +0.0f as for every integer). */
int parse_f32_opt(const char *opt, const char *s, float *out, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
