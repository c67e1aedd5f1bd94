/* SPDX-License-Identifier: Apache-2.0 */
/* prng.h: the one deterministic random number generator of the C tests
 * (tb/): splitmix64. A generator is a plain struct, so `prng r = { seed };`
 * starts a stream; the same seed gives the same stream on every host, so a
 * failure reproduces. Not for anything but test inputs. */
#ifndef TB_LIB_PRNG_H
#define TB_LIB_PRNG_H

#include <stdint.h>

typedef struct {
    uint64_t state;
} prng;

static inline void prng_seed(prng *r, uint64_t seed) { r->state = seed; }

/* The next 64 bits of the stream. */
uint64_t prng_u64(prng *r);

/* 32 bits of the next output (its bits 16..47). */
uint32_t prng_u32(prng *r);

/* Uniform in 0..n-1 (n > 0), by multiply and shift. */
uint32_t prng_below(prng *r, uint32_t n);

/* The bits of a random f32 with a moderate exponent (|x| in about
 * 2^-20..2^20), either sign: no zero, denormal, infinity or NaN. */
uint32_t prng_f32_moderate(prng *r);

#endif
