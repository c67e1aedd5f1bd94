/* SPDX-License-Identifier: Apache-2.0 */
/* prng.c: splitmix64 and the helpers of prng.h. */
#include "prng.h"

uint64_t prng_u64(prng *r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint32_t prng_u32(prng *r) { return (uint32_t)(prng_u64(r) >> 16); }

uint32_t prng_below(prng *r, uint32_t n) { return (uint32_t)(((uint64_t)prng_u32(r) * n) >> 32); }

uint32_t prng_f32_moderate(prng *r)
{
    uint32_t e = 127 - 20 + prng_below(r, 41);
    return (prng_u32(r) & 0x807FFFFFu) | (e << 23);
}
