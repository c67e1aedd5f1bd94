/* SPDX-License-Identifier: Apache-2.0 */
/* f32.c: IEEE-754 binary32 in integer arithmetic (see f32.h).
 *
 * A finite nonzero operand is unpacked to m * 2^e with m < 2^24. Each
 * operation forms its exact result (or, for div/sqrt and far-apart addends, a
 * value with a "sticky" low bit standing for the discarded nonzero tail) as a
 * 64-bit m * 2^e and hands it to round_pack, the one place that rounds.
 */
#include "f32.h"

#define SIGN_BIT 0x80000000u
#define EXP_INF  0x7F800000u
#define ABS_MASK 0x7FFFFFFFu

static inline int msb64(uint64_t x)   /* x != 0 */
{
#if defined(__GNUC__)
    return 63 - __builtin_clzll(x);
#else
    int n = 0;
    while (x >>= 1) n++;
    return n;
#endif
}

/* A finite nonzero value as m * 2^e, m < 2^24. Subnormals have e = -149. */
static inline void unpack(uint32_t a, uint64_t *m, int32_t *e)
{
    uint32_t ef = (a >> 23) & 0xFF, f = a & 0x7FFFFF;
    if (ef == 0) { *m = f; *e = -149; }
    else { *m = f | 0x800000u; *e = (int32_t)ef - 150; }
}

/* Like unpack, with the leading one of m moved to bit 23. */
static inline void unpack_norm(uint32_t a, uint64_t *m, int32_t *e)
{
    unpack(a, m, e);
    int sh = 23 - msb64(*m);
    *m <<= sh;
    *e -= sh;
}

/* Rounds sign * m * 2^e to binary32, nearest even, with gradual underflow
 * and overflow to infinity. If m carries a sticky bit (bit 0 standing for a
 * nonzero tail below it), the caller guarantees m has at least 26
 * significant bits, so the rounding position is at least bit 2. */
static uint32_t round_pack(uint32_t sign, int32_t e, uint64_t m)
{
    if (m == 0)
        return sign;
    int64_t r = (int64_t)msb64(m) - 23;     /* position of the result's last kept bit */
    int64_t rmin = -149 - (int64_t)e;       /* ... never below 2^-149 */
    if (r < rmin)
        r = rmin;
    uint64_t q;
    if (r <= 0) {
        q = m << (-r);                      /* exact */
    } else if (r >= 64) {
        /* Everything is below the last kept bit: round to 0 or to the least subnormal. */
        q = (r == 64 && m > (1ull << 63)) ? 1 : 0;
    } else {
        uint64_t rem = m & ((1ull << r) - 1), half = 1ull << (r - 1);
        q = m >> r;
        if (rem > half || (rem == half && (q & 1)))
            q++;
        if (q == (1ull << 24)) {            /* rounding carried into a new bit */
            q >>= 1;
            r++;
        }
    }
    /* q * 2^(r+e): with q >= 2^23 the biased exponent is r+e+150, else r+e = -149. */
    int64_t bits = ((r + e + 149) << 23) + (int64_t)q;
    if (bits >= (int64_t)EXP_INF)
        return sign | EXP_INF;
    return sign | (uint32_t)bits;
}

static inline int is_nan(uint32_t a) { return (a & ABS_MASK) > EXP_INF; }

/* Aligns a right by k bits, keeping a sticky bit for what falls off. */
static inline uint64_t shift_right_jam(uint64_t a, int64_t k)
{
    if (k <= 0)
        return a;
    if (k >= 64)
        return a != 0;
    return (a >> k) | ((a & ((1ull << k) - 1)) != 0);
}

/* Sum of two finite nonzero terms sx*mx*2^ex + sy*my*2^ey, mx, my < 2^48,
 * rounded once. */
static uint32_t add_terms(uint32_t sx, uint64_t mx, int32_t ex, uint32_t sy, uint64_t my, int32_t ey)
{
    int64_t topx = (int64_t)ex + msb64(mx), topy = (int64_t)ey + msb64(my);
    if (topx < topy) {
        uint32_t ts = sx; sx = sy; sy = ts;
        uint64_t tm = mx; mx = my; my = tm;
        int32_t te = ex; ex = ey; ey = te;
    }
    /* x gets its leading one at bit 61 (exact, it has at most 48 bits); y is
     * aligned to x's exponent. If y loses bits it is below 2^47, so the
     * difference keeps at least 60 bits and the sticky bit is far below the
     * rounding position. The sum stays below 2^63. */
    int sh = 61 - msb64(mx);
    mx <<= sh;
    int32_t e = ex - sh;
    int64_t k = (int64_t)ey - e;
    if (k >= 0)
        my <<= k;                       /* topy <= topx keeps it at or below bit 61 */
    else
        my = shift_right_jam(my, -k);
    if (sx == sy)
        return round_pack(sx, e, mx + my);
    if (mx == my)
        return 0;                       /* exact cancellation: +0 */
    if (mx > my)
        return round_pack(sx, e, mx - my);
    return round_pack(sy, e, my - mx);
}

uint32_t f32_add(uint32_t a, uint32_t b)
{
    uint32_t ax = a & ABS_MASK, bx = b & ABS_MASK;
    if (ax > EXP_INF || bx > EXP_INF)
        return F32_CANONICAL_NAN;
    if (ax == EXP_INF) {
        if (bx == EXP_INF && ((a ^ b) & SIGN_BIT))
            return F32_CANONICAL_NAN;   /* inf - inf */
        return a;
    }
    if (bx == EXP_INF)
        return b;
    if (ax == 0)
        return bx == 0 ? (a & b) : b;   /* -0 only for -0 + -0 */
    if (bx == 0)
        return a;
    uint64_t ma, mb;
    int32_t ea, eb;
    unpack(a, &ma, &ea);
    unpack(b, &mb, &eb);
    return add_terms(a & SIGN_BIT, ma, ea, b & SIGN_BIT, mb, eb);
}

uint32_t f32_sub(uint32_t a, uint32_t b)
{
    return f32_add(a, b ^ SIGN_BIT);
}

uint32_t f32_mul(uint32_t a, uint32_t b)
{
    uint32_t s = (a ^ b) & SIGN_BIT, ax = a & ABS_MASK, bx = b & ABS_MASK;
    if (ax > EXP_INF || bx > EXP_INF)
        return F32_CANONICAL_NAN;
    if (ax == EXP_INF)
        return bx == 0 ? F32_CANONICAL_NAN : (s | EXP_INF);
    if (bx == EXP_INF)
        return ax == 0 ? F32_CANONICAL_NAN : (s | EXP_INF);
    if (ax == 0 || bx == 0)
        return s;
    uint64_t ma, mb;
    int32_t ea, eb;
    unpack(a, &ma, &ea);
    unpack(b, &mb, &eb);
    return round_pack(s, ea + eb, ma * mb);
}

uint32_t f32_fma(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t sp = (a ^ b) & SIGN_BIT, sc = c & SIGN_BIT;
    uint32_t ax = a & ABS_MASK, bx = b & ABS_MASK, cx = c & ABS_MASK;
    if (ax > EXP_INF || bx > EXP_INF || cx > EXP_INF)
        return F32_CANONICAL_NAN;
    if (ax == EXP_INF || bx == EXP_INF) {
        if (ax == 0 || bx == 0)
            return F32_CANONICAL_NAN;   /* inf * 0 */
        if (cx == EXP_INF && sc != sp)
            return F32_CANONICAL_NAN;   /* inf - inf */
        return sp | EXP_INF;
    }
    if (cx == EXP_INF)
        return c;
    if (ax == 0 || bx == 0) {           /* the product is an exact signed zero */
        if (cx == 0)
            return sp & sc;
        return c;
    }
    uint64_t ma, mb, mc;
    int32_t ea, eb, ec;
    unpack(a, &ma, &ea);
    unpack(b, &mb, &eb);
    if (cx == 0)
        return round_pack(sp, ea + eb, ma * mb);
    unpack(c, &mc, &ec);
    return add_terms(sp, ma * mb, ea + eb, sc, mc, ec);
}

uint32_t f32_div(uint32_t a, uint32_t b)
{
    uint32_t s = (a ^ b) & SIGN_BIT, ax = a & ABS_MASK, bx = b & ABS_MASK;
    if (ax > EXP_INF || bx > EXP_INF)
        return F32_CANONICAL_NAN;
    if (ax == EXP_INF)
        return bx == EXP_INF ? F32_CANONICAL_NAN : (s | EXP_INF);
    if (bx == EXP_INF)
        return s;
    if (bx == 0)
        return ax == 0 ? F32_CANONICAL_NAN : (s | EXP_INF);
    if (ax == 0)
        return s;
    uint64_t ma, mb;
    int32_t ea, eb;
    unpack_norm(a, &ma, &ea);
    unpack_norm(b, &mb, &eb);
    /* ma, mb in [2^23, 2^24): the quotient has 40 or 41 bits. */
    uint64_t n = ma << 40, q = n / mb, rem = n % mb;
    return round_pack(s, ea - eb - 40, q | (rem != 0));
}

/* Floor of the square root of n, and the remainder n - root^2. */
static uint64_t isqrt64(uint64_t n, uint64_t *rem)
{
    uint64_t root = 0, bit = 1ull << 62;
    while (bit > n)
        bit >>= 2;
    while (bit) {
        if (n >= root + bit) {
            n -= root + bit;
            root = (root >> 1) + bit;
        } else {
            root >>= 1;
        }
        bit >>= 2;
    }
    *rem = n;
    return root;
}

uint32_t f32_sqrt(uint32_t a)
{
    uint32_t ax = a & ABS_MASK;
    if (ax > EXP_INF)
        return F32_CANONICAL_NAN;
    if (ax == 0)
        return a;                       /* sqrt(-0) = -0 */
    if (a & SIGN_BIT)
        return F32_CANONICAL_NAN;
    if (ax == EXP_INF)
        return a;
    uint64_t m, rem;
    int32_t e;
    unpack_norm(a, &m, &e);
    if (e % 2 != 0) {                   /* make the exponent even */
        m <<= 1;
        e -= 1;
    }
    m <<= 38;                           /* m < 2^63; the root has 31 or 32 bits */
    uint64_t root = isqrt64(m, &rem);
    return round_pack(0, (e - 38) / 2, root | (rem != 0));
}

/* A key that orders non-NaN values as integers, with -0 below +0. */
static inline uint32_t order_key(uint32_t x)
{
    return (x & SIGN_BIT) ? ~x : (x | SIGN_BIT);
}

static inline int both_zero(uint32_t a, uint32_t b) { return ((a | b) & ABS_MASK) == 0; }

uint32_t f32_min(uint32_t a, uint32_t b)
{
    if (is_nan(a))
        return is_nan(b) ? F32_CANONICAL_NAN : b;
    if (is_nan(b))
        return a;
    return order_key(a) <= order_key(b) ? a : b;
}

uint32_t f32_max(uint32_t a, uint32_t b)
{
    if (is_nan(a))
        return is_nan(b) ? F32_CANONICAL_NAN : b;
    if (is_nan(b))
        return a;
    return order_key(a) >= order_key(b) ? a : b;
}

uint32_t f32_abs(uint32_t a) { return is_nan(a) ? F32_CANONICAL_NAN : (a & ABS_MASK); }
uint32_t f32_neg(uint32_t a) { return is_nan(a) ? F32_CANONICAL_NAN : (a ^ SIGN_BIT); }

uint32_t f32_eq(uint32_t a, uint32_t b)
{
    if (is_nan(a) || is_nan(b))
        return 0;
    return a == b || both_zero(a, b);
}

uint32_t f32_ne(uint32_t a, uint32_t b) { return !f32_eq(a, b); }

uint32_t f32_lt(uint32_t a, uint32_t b)
{
    if (is_nan(a) || is_nan(b) || both_zero(a, b))
        return 0;
    return order_key(a) < order_key(b);
}

uint32_t f32_le(uint32_t a, uint32_t b)
{
    if (is_nan(a) || is_nan(b))
        return 0;
    return both_zero(a, b) || order_key(a) <= order_key(b);
}

uint32_t f32_gt(uint32_t a, uint32_t b) { return f32_lt(b, a); }
uint32_t f32_ge(uint32_t a, uint32_t b) { return f32_le(b, a); }

uint32_t f32_from_i32(uint32_t a)
{
    uint32_t s = a & SIGN_BIT;
    return round_pack(s, 0, s ? (0u - a) : a);
}

uint32_t f32_from_u32(uint32_t a)
{
    return round_pack(0, 0, a);
}

#define MAG_HUGE (1ull << 40)   /* stands for every magnitude above UINT32_MAX */

/* |a| rounded to an integer (toward zero, or to nearest even), saturated at
 * MAG_HUGE. a is not NaN. */
static uint64_t magnitude_to_int(uint32_t a, int nearest_even)
{
    uint32_t ax = a & ABS_MASK;
    if (ax >= EXP_INF)
        return MAG_HUGE;
    if (ax == 0)
        return 0;
    uint64_t m;
    int32_t e;
    unpack(ax, &m, &e);
    if (e >= 0)
        return e > 16 ? MAG_HUGE : (m << e);
    int32_t k = -e;
    if (k > 25)                         /* |a| < 2^-2 */
        return 0;
    uint64_t q = m >> k, rem = m & ((1ull << k) - 1), half = 1ull << (k - 1);
    if (nearest_even && (rem > half || (rem == half && (q & 1))))
        q++;
    return q;
}

static uint32_t to_i32(uint32_t a, int nearest_even)
{
    if (is_nan(a))
        return 0x7FFFFFFFu;
    uint64_t mag = magnitude_to_int(a, nearest_even);
    if (a & SIGN_BIT)
        return mag > 0x80000000ull ? 0x80000000u : (0u - (uint32_t)mag);
    return mag > 0x7FFFFFFFull ? 0x7FFFFFFFu : (uint32_t)mag;
}

static uint32_t to_u32(uint32_t a, int nearest_even)
{
    if (is_nan(a))
        return 0xFFFFFFFFu;
    if (a & SIGN_BIT)
        return 0;                       /* every negative result saturates to 0 */
    uint64_t mag = magnitude_to_int(a, nearest_even);
    return mag > 0xFFFFFFFFull ? 0xFFFFFFFFu : (uint32_t)mag;
}

uint32_t f32_to_i32_rtz(uint32_t a) { return to_i32(a, 0); }
uint32_t f32_to_i32_rne(uint32_t a) { return to_i32(a, 1); }
uint32_t f32_to_u32_rtz(uint32_t a) { return to_u32(a, 0); }
uint32_t f32_to_u32_rne(uint32_t a) { return to_u32(a, 1); }
