/* SPDX-License-Identifier: Apache-2.0 */
/* alu.c: the ALU functions (alu.h). One table, ALU_FUNCTIONS, gives each
 * function's arity and its expression in a, b, c; the scalar isa_alu and the
 * lane loop isa_alu_vec are both expanded from it, so they cannot disagree. */
#include "alu.h"

#include "f32.h"
#include "isa.h"

#define SIGN32 0x80000000u

static inline uint32_t shr_i32(uint32_t a, uint32_t s)
{
    s &= 31;
    uint32_t r = a >> s;
    return (a & SIGN32) ? (r | ~(0xFFFFFFFFu >> s)) : r;
}

/* Signed comparisons without converting out-of-range values to int32_t. */
static inline int lt_i32(uint32_t a, uint32_t b) { return (a ^ SIGN32) < (b ^ SIGN32); }

static inline uint32_t mul_hi_i32(uint32_t a, uint32_t b)
{
    int64_t x = (a & SIGN32) ? (int64_t)a - 0x100000000ll : (int64_t)a;
    int64_t y = (b & SIGN32) ? (int64_t)b - 0x100000000ll : (int64_t)b;
    return (uint32_t)((uint64_t)(x * y) >> 32);
}

static inline uint32_t div_u32(uint32_t a, uint32_t b) { return b ? a / b : 0xFFFFFFFFu; }
static inline uint32_t rem_u32(uint32_t a, uint32_t b) { return b ? a % b : a; }

static inline int64_t as_i64(uint32_t a) { return (a & SIGN32) ? (int64_t)a - 0x100000000ll : (int64_t)a; }

static inline uint32_t div_i32(uint32_t a, uint32_t b)
{
    if (b == 0)
        return 0xFFFFFFFFu;
    /* In 64 bits INT32_MIN / -1 is 2^31, whose low 32 bits are INT32_MIN as required. */
    return (uint32_t)(as_i64(a) / as_i64(b));
}

static inline uint32_t rem_i32(uint32_t a, uint32_t b)
{
    if (b == 0)
        return a;
    return (uint32_t)(as_i64(a) % as_i64(b));   /* INT32_MIN % -1 = 0 */
}

/* X(name, arity, expression): arity 1 reads only b, 2 reads a and b, 3 all three. */
#define ALU_FUNCTIONS(X) \
    X(ADD,             2, a + b) \
    X(SUB,             2, a - b) \
    X(MUL_LO,          2, a * b) \
    X(MUL_HI_U32,      2, (uint32_t)(((uint64_t)a * b) >> 32)) \
    X(MUL_HI_I32,      2, mul_hi_i32(a, b)) \
    X(AND,             2, a & b) \
    X(OR,              2, a | b) \
    X(XOR,             2, a ^ b) \
    X(SHL,             2, a << (b & 31)) \
    X(SHR_U32,         2, a >> (b & 31)) \
    X(SHR_I32,         2, shr_i32(a, b)) \
    X(MIN_U32,         2, a < b ? a : b) \
    X(MIN_I32,         2, lt_i32(a, b) ? a : b) \
    X(MAX_U32,         2, a < b ? b : a) \
    X(MAX_I32,         2, lt_i32(a, b) ? b : a) \
    X(EQ,              2, (uint32_t)(a == b)) \
    X(NE,              2, (uint32_t)(a != b)) \
    X(LT_U32,          2, (uint32_t)(a < b)) \
    X(LT_I32,          2, (uint32_t)lt_i32(a, b)) \
    X(LE_U32,          2, (uint32_t)(a <= b)) \
    X(LE_I32,          2, (uint32_t)!lt_i32(b, a)) \
    X(GT_U32,          2, (uint32_t)(a > b)) \
    X(GT_I32,          2, (uint32_t)lt_i32(b, a)) \
    X(GE_U32,          2, (uint32_t)(a >= b)) \
    X(GE_I32,          2, (uint32_t)!lt_i32(a, b)) \
    X(MOV,             1, b) \
    X(DIV_U32,         2, div_u32(a, b)) \
    X(REM_U32,         2, rem_u32(a, b)) \
    X(DIV_I32,         2, div_i32(a, b)) \
    X(REM_I32,         2, rem_i32(a, b)) \
    X(ADD_F32,         2, f32_add(a, b)) \
    X(SUB_F32,         2, f32_sub(a, b)) \
    X(MUL_F32,         2, f32_mul(a, b)) \
    X(FMA_F32,         3, f32_fma(a, b, c)) \
    X(DIV_F32,         2, f32_div(a, b)) \
    X(SQRT_F32,        1, f32_sqrt(b)) \
    X(MIN_F32,         2, f32_min(a, b)) \
    X(MAX_F32,         2, f32_max(a, b)) \
    X(ABS_F32,         1, f32_abs(b)) \
    X(NEG_F32,         1, f32_neg(b)) \
    X(EQ_F32,          2, f32_eq(a, b)) \
    X(NE_F32,          2, f32_ne(a, b)) \
    X(LT_F32,          2, f32_lt(a, b)) \
    X(LE_F32,          2, f32_le(a, b)) \
    X(GT_F32,          2, f32_gt(a, b)) \
    X(GE_F32,          2, f32_ge(a, b)) \
    X(CVT_F32_I32,     1, f32_from_i32(b)) \
    X(CVT_F32_U32,     1, f32_from_u32(b)) \
    X(CVT_I32_F32_RTZ, 1, f32_to_i32_rtz(b)) \
    X(CVT_I32_F32_RNE, 1, f32_to_i32_rne(b)) \
    X(CVT_U32_F32_RTZ, 1, f32_to_u32_rtz(b)) \
    X(CVT_U32_F32_RNE, 1, f32_to_u32_rne(b)) \
    X(XCHG,            1, b) \
    X(CAS,             3, a == c ? b : a)

/* Every ISA_FN of isa.def must have a row above: a missing one is a compile
 * error here (an enumerator with no matching ALU_ROW_ constant). */
enum {
#define ROW(name, arity, expr) ALU_ROW_##name,
    ALU_FUNCTIONS(ROW)
#undef ROW
    ALU_ROW_COUNT_
};
#define ISA_FN(name, code, cls) enum { alu_has_##name = ALU_ROW_##name };
#include "isa.def"

uint32_t isa_alu(unsigned fn, uint32_t a, uint32_t b, uint32_t c)
{
    (void)a; (void)c;
    switch (fn) {
#define CASE(name, arity, expr) case ISA_FN_##name: return (expr);
    ALU_FUNCTIONS(CASE)
#undef CASE
    default:
        return 0;
    }
}

#define LOOP_1(expr) for (unsigned l = 0; l < n; l++) { uint32_t b = B[l]; D[l] = (expr); }
#define LOOP_2(expr) for (unsigned l = 0; l < n; l++) { uint32_t a = A[l], b = B[l]; D[l] = (expr); }
#define LOOP_3(expr) for (unsigned l = 0; l < n; l++) { uint32_t a = A[l], b = B[l], c = C[l]; D[l] = (expr); }

void isa_alu_vec(unsigned fn, uint32_t *D, const uint32_t *A, const uint32_t *B, const uint32_t *C, unsigned n)
{
    switch (fn) {
#define CASE(name, arity, expr) case ISA_FN_##name: LOOP_##arity(expr) return;
    ALU_FUNCTIONS(CASE)
#undef CASE
    default:
        for (unsigned l = 0; l < n; l++)
            D[l] = 0;
        return;
    }
}

bool isa_alu_defined(unsigned fn)
{
    switch (fn) {
#define CASE(name, arity, expr) case ISA_FN_##name: return true;
    ALU_FUNCTIONS(CASE)
#undef CASE
    default:
        return false;
    }
}
