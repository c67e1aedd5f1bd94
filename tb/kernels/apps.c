/* SPDX-License-Identifier: Apache-2.0 */
/* The application kernels (matmul, sgemm, vecadd, saxpy, reductions,
 * transpose, histogram) against host computations on fixed-seed inputs. */
#include "kernels_test.h"

/* ------------------------------------------------------------ application kernels
 *
 * Each test fills its inputs from a fixed-seed PRNG, runs the kernel through
 * gpu.h and compares every output word (including guard words past the end
 * of each output, which must keep the fill pattern) with a plain C loop.
 */

#define GUARD_WORDS 64u

uint32_t *dev_fetch(const char *test, gpu_device *dev, gpu_addr a, size_t n)
{
    uint32_t *buf = malloc(n * 4);
    if (!buf) {
        fail(test, "out of host memory");
        return NULL;
    }
    if (!dev_get(test, dev, buf, a, (uint32_t)(n * 4))) {
        free(buf);
        return NULL;
    }
    return buf;
}

void test_matmul(uint32_t n, const char *name)
{
    if (!selected(name)) return;
    gpu_device *dev = open_dev(name, 0, 0);
    if (!dev) return;
    size_t nn = (size_t)n * n;
    uint32_t *a = words_alloc(nn), *b = words_alloc(nn), *exp = words_alloc(nn + GUARD_WORDS), *got = NULL;
    gpu_addr da, db, dc;
    prng r = { 1000u + n };
    for (size_t i = 0; i < nn; i++) a[i] = prng_f32_moderate(&r);
    for (size_t i = 0; i < nn; i++) b[i] = prng_f32_moderate(&r);
    if (a && b && exp && dev_buf(name, dev, (uint32_t)nn * 4, a, 0, &da) &&
        dev_buf(name, dev, (uint32_t)nn * 4, b, 0, &db) &&
        dev_buf(name, dev, (uint32_t)(nn + GUARD_WORDS) * 4, NULL, SENTINEL, &dc)) {
        uint32_t args[4] = { da, db, dc, n };
        if (run_ok(name, dev, "matmul_tiled", (n / 8) * (n / 8), 2, 0, args, 4) &&
            (got = dev_fetch(name, dev, dc, nn + GUARD_WORDS))) {
            for (uint32_t i = 0; i < n; i++)
                for (uint32_t j = 0; j < n; j++) {
                    float sum = 0.0f;
                    for (uint32_t k = 0; k < n; k++) sum = sum + fl(a[i * n + k]) * fl(b[k * n + j]);
                    exp[i * n + j] = canon(sum);
                }
            for (size_t i = nn; i < nn + GUARD_WORDS; i++) exp[i] = SENTINEL;
            check_words(name, exp, got, nn + GUARD_WORDS, "C");
        }
    }
    free(a); free(b); free(exp); free(got);
    gpu_close(dev);
}

/* kernels/sgemm.s: C = A*B, N x N f32, (N/8)*(N/128) groups of 1 wave. The
 * reference is the kernel's order: for every element acc = +0.0, then
 * acc = fmaf(A[i][k], B[k][j], acc) for k ascending, each fused multiply-add
 * rounded once. Inputs: the moderate values of test_matmul (products and
 * sums over a wide range of exponents, so that a multiply then an add, or
 * another order, would round differently), with near-cancellations: row
 * k = 3 (mod 8) of B repeats row k-1, and in the rows i = 3 (mod 8) of A,
 * A[i][k] = -A[i][k-1] * 1.0000001f there, so that two consecutive terms
 * almost cancel. */
void test_sgemm(uint32_t n, unsigned cus, const char *name)
{
    if (!selected(name)) return;
    gpu_device *dev = open_dev(name, cus, 0);
    if (!dev) return;
    size_t nn = (size_t)n * n;
    uint32_t *a = words_alloc(nn), *b = words_alloc(nn), *exp = words_alloc(nn + GUARD_WORDS), *got = NULL;
    float *acc = calloc(n, sizeof *acc);
    gpu_addr da, db, dc;
    prng r = { 9000u + n };
    for (size_t i = 0; i < nn && a; i++)
        a[i] = (i / n % 8 == 3 && i % n % 8 == 3) ? bits(-fl(a[i - 1]) * 1.0000001f) : prng_f32_moderate(&r);
    for (size_t i = 0; i < nn && b; i++) b[i] = (i / n % 8 == 3) ? b[i - n] : prng_f32_moderate(&r);
    if (a && b && exp && acc && dev_buf(name, dev, (uint32_t)nn * 4, a, 0, &da) &&
        dev_buf(name, dev, (uint32_t)nn * 4, b, 0, &db) &&
        dev_buf(name, dev, (uint32_t)(nn + GUARD_WORDS) * 4, NULL, SENTINEL, &dc)) {
        uint32_t args[4] = { da, db, dc, n };
        if (run_ok(name, dev, "sgemm", (n / 8) * (n / 128), 0, 0, args, 4) &&
            (got = dev_fetch(name, dev, dc, nn + GUARD_WORDS))) {
            for (uint32_t i = 0; i < n; i++) {
                for (uint32_t j = 0; j < n; j++) acc[j] = 0.0f;
                for (uint32_t k = 0; k < n; k++) {
                    float aik = fl(a[(size_t)i * n + k]);
                    const uint32_t *brow = b + (size_t)k * n;
                    for (uint32_t j = 0; j < n; j++) acc[j] = fmaf(aik, fl(brow[j]), acc[j]);
                }
                for (uint32_t j = 0; j < n; j++) exp[(size_t)i * n + j] = canon(acc[j]);
            }
            for (size_t i = nn; i < nn + GUARD_WORDS; i++) exp[i] = SENTINEL;
            check_words(name, exp, got, nn + GUARD_WORDS, "C");
        }
    }
    free(a); free(b); free(exp); free(got); free(acc);
    gpu_close(dev);
}

void test_vecadd(uint32_t n, const char *name)
{
    if (!selected(name)) return;
    gpu_device *dev = open_dev(name, 0, 0);
    if (!dev) return;
    size_t len = n + GUARD_WORDS; /* inputs have data past n too: a kernel without the tail mask would use it */
    uint32_t *a = words_alloc(len), *b = words_alloc(len), *exp = words_alloc(len), *got = NULL;
    gpu_addr da, db, dc;
    prng r = { 2000u + n };
    for (size_t i = 0; i < len && a && b; i++) { a[i] = prng_u32(&r); b[i] = prng_u32(&r); }
    if (a && b && exp && dev_buf(name, dev, (uint32_t)len * 4, a, 0, &da) && dev_buf(name, dev, (uint32_t)len * 4, b, 0, &db) &&
        dev_buf(name, dev, (uint32_t)len * 4, NULL, SENTINEL, &dc)) {
        uint32_t args[4] = { dc, da, db, n };
        if (run_ok(name, dev, "vecadd_u32", (n + 31) / 32, 0, 0, args, 4) && (got = dev_fetch(name, dev, dc, len))) {
            for (size_t i = 0; i < len; i++) exp[i] = i < n ? a[i] + b[i] : SENTINEL;
            check_words(name, exp, got, len, "c");
        }
    }
    free(a); free(b); free(exp); free(got);
    gpu_close(dev);
}

void test_saxpy(uint32_t n, const char *name)
{
    if (!selected(name)) return;
    gpu_device *dev = open_dev(name, 0, 0);
    if (!dev) return;
    size_t len = n + GUARD_WORDS;
    uint32_t *x = words_alloc(len), *y = words_alloc(len), *exp = words_alloc(len), *got = NULL;
    gpu_addr dx, dy;
    prng r = { 3000u + n };
    uint32_t a = prng_f32_moderate(&r);
    for (size_t i = 0; i < len && x && y; i++) {
        x[i] = prng_f32_moderate(&r);
        /* y near -a*x for some elements: the product's low bits then show in the result */
        y[i] = (i % 3 == 0) ? bits(-(fl(a) * fl(x[i]))) : prng_f32_moderate(&r);
    }
    if (x && y && exp && dev_buf(name, dev, (uint32_t)len * 4, x, 0, &dx) && dev_buf(name, dev, (uint32_t)len * 4, y, 0, &dy)) {
        uint32_t args[4] = { dy, dx, a, n };
        if (run_ok(name, dev, "saxpy_f32", (n + 63) / 64, 0, 0, args, 4) && (got = dev_fetch(name, dev, dy, len))) {
            for (size_t i = 0; i < len; i++) exp[i] = i < n ? canon(fmaf(fl(a), fl(x[i]), fl(y[i]))) : y[i];
            check_words(name, exp, got, len, "y");
        }
    }
    free(x); free(y); free(exp); free(got);
    gpu_close(dev);
}

void test_reduce_u32(uint32_t n, uint32_t groups, const char *name)
{
    if (!selected(name)) return;
    gpu_device *dev = open_dev(name, 0, 0);
    if (!dev) return;
    size_t len = n + GUARD_WORDS;
    uint32_t *in = words_alloc(len), *got = NULL;
    uint32_t res_init[2], exp[2];
    gpu_addr din, dres;
    prng r = { 4000u + n };
    for (size_t i = 0; i < len && in; i++) in[i] = prng_u32(&r);
    res_init[0] = prng_u32(&r);
    res_init[1] = SENTINEL;
    if (in && dev_buf(name, dev, (uint32_t)len * 4, in, 0, &din) && dev_buf(name, dev, 8, res_init, 0, &dres)) {
        uint32_t args[3] = { din, n, dres };
        if (run_ok(name, dev, "reduce_u32", groups, 0, 0, args, 3) && (got = dev_fetch(name, dev, dres, 2))) {
            uint32_t sum = res_init[0];
            for (uint32_t i = 0; i < n; i++) sum += in[i];
            exp[0] = sum;
            exp[1] = SENTINEL;
            check_words(name, exp, got, 2, "result");
        }
    }
    free(in); free(got);
    gpu_close(dev);
}

/* One group of reduce_f32.s, in the kernel's order (see its header). */
static uint32_t ref_reduce_f32_group(const uint32_t *in, uint32_t n, uint32_t g, uint32_t per)
{
    uint32_t acc[LANES];
    for (unsigned l = 0; l < LANES; l++) {
        float s = 0.0f;
        for (uint32_t k = 0; k < per / 32; k++) {
            uint32_t i = g * per + 32 * k + l;
            s = s + (i < n ? fl(in[i]) : 0.0f);
        }
        acc[l] = canon(s);
    }
    uint32_t c[4];
    for (unsigned ch = 0; ch < 4; ch++) {
        const uint32_t *x = acc + 8 * ch;
        c[ch] = r_add_f32(r_add_f32(r_add_f32(x[0], x[1]), r_add_f32(x[2], x[3])),
                          r_add_f32(r_add_f32(x[4], x[5]), r_add_f32(x[6], x[7])));
    }
    return r_add_f32(r_add_f32(c[0], c[1]), r_add_f32(c[2], c[3]));
}

void test_reduce_f32(uint32_t n, uint32_t per, const char *name_part, const char *name_final)
{
    if (!selected(name_part) && !selected(name_final)) return;
    const char *name = selected(name_part) ? name_part : name_final;
    gpu_device *dev = open_dev(name, 0, 0);
    if (!dev) return;
    uint32_t groups = (n + per - 1) / per;
    size_t len = (size_t)groups * per + GUARD_WORDS;
    uint32_t *in = words_alloc(len), *exp = words_alloc(groups + GUARD_WORDS), *got = NULL, *got2 = NULL;
    gpu_addr din, dpart, dfin;
    prng r = { 5000u + n };
    for (size_t i = 0; i < len && in; i++) {
        in[i] = prng_f32_moderate(&r);
        if (i % 7 == 3) in[i] = bits(-fl(in[i - 1]) * 1.0000001f); /* near-cancellations */
    }
    if (in && exp && dev_buf(name, dev, (uint32_t)len * 4, in, 0, &din) &&
        dev_buf(name, dev, (groups + GUARD_WORDS) * 4, NULL, SENTINEL, &dpart) &&
        dev_buf(name, dev, (1 + GUARD_WORDS) * 4, NULL, SENTINEL, &dfin)) {
        uint32_t args1[4] = { din, dpart, n, per };
        uint32_t per2 = 32 * ((groups + 31) / 32);
        uint32_t args2[4] = { dpart, dfin, groups, per2 };
        if (run_ok(name, dev, "reduce_f32", groups, 0, 0, args1, 4) &&
            (got = dev_fetch(name, dev, dpart, groups + GUARD_WORDS)) &&
            run_ok(name, dev, "reduce_f32", 1, 0, 0, args2, 4) && (got2 = dev_fetch(name, dev, dfin, 1 + GUARD_WORDS))) {
            for (uint32_t g = 0; g < groups; g++) exp[g] = ref_reduce_f32_group(in, n, g, per);
            for (uint32_t i = groups; i < groups + GUARD_WORDS; i++) exp[i] = SENTINEL;
            if (selected(name_part)) check_words(name_part, exp, got, groups + GUARD_WORDS, "partial");
            uint32_t total = ref_reduce_f32_group(exp, groups, 0, per2);
            for (uint32_t i = 0; i < 1 + GUARD_WORDS; i++) exp[i] = i ? SENTINEL : total;
            if (selected(name_final)) check_words(name_final, exp, got2, 1 + GUARD_WORDS, "sum");
        }
    }
    free(in); free(exp); free(got); free(got2);
    gpu_close(dev);
}

void test_transpose(uint32_t rows, uint32_t cols, const char *name)
{
    if (!selected(name)) return;
    gpu_device *dev = open_dev(name, 0, 0);
    if (!dev) return;
    size_t nn = (size_t)rows * cols;
    uint32_t *in = words_alloc(nn + GUARD_WORDS), *exp = words_alloc(nn + GUARD_WORDS), *got = NULL;
    gpu_addr din, dout;
    prng r = { 6000u + rows * 1000u + cols };
    for (size_t i = 0; i < nn + GUARD_WORDS && in; i++) in[i] = prng_u32(&r);
    if (in && exp && dev_buf(name, dev, (uint32_t)(nn + GUARD_WORDS) * 4, in, 0, &din) &&
        dev_buf(name, dev, (uint32_t)(nn + GUARD_WORDS) * 4, NULL, SENTINEL, &dout)) {
        uint32_t args[4] = { din, dout, rows, cols };
        uint32_t groups = ((rows + 31) / 32) * ((cols + 31) / 32);
        if (run_ok(name, dev, "transpose", groups, 0, 0, args, 4) && (got = dev_fetch(name, dev, dout, nn + GUARD_WORDS))) {
            for (uint32_t i = 0; i < rows; i++)
                for (uint32_t j = 0; j < cols; j++) exp[(size_t)j * rows + i] = in[(size_t)i * cols + j];
            for (size_t i = nn; i < nn + GUARD_WORDS; i++) exp[i] = SENTINEL;
            check_words(name, exp, got, nn + GUARD_WORDS, "out");
        }
    }
    free(in); free(exp); free(got);
    gpu_close(dev);
}

void test_histogram(uint32_t n, uint32_t per, const char *name)
{
    if (!selected(name)) return;
    gpu_device *dev = open_dev(name, 0, 0);
    if (!dev) return;
    uint32_t groups = (n + per - 1) / per;
    size_t len = (size_t)groups * per + GUARD_WORDS;
    uint32_t *in = words_alloc(len), hist[64 + GUARD_WORDS], exp[64 + GUARD_WORDS], *got = NULL;
    gpu_addr din, dhist;
    prng r = { 7000u + n };
    for (size_t i = 0; i < len && in; i++) {
        uint32_t v = prng_u32(&r);
        unsigned k = prng_below(&r, 10);
        if (k < 4) v = (v & ~63u) | 3;                  /* a hot bin: many lanes of a wave on one word */
        else if (k < 6) v = (v & ~63u) | prng_below(&r, 4);
        in[i] = v;
    }
    for (unsigned b = 0; b < 64 + GUARD_WORDS; b++) hist[b] = b < 64 ? prng_below(&r, 1000) : SENTINEL;
    if (in && dev_buf(name, dev, (uint32_t)len * 4, in, 0, &din) && dev_buf(name, dev, sizeof hist, hist, 0, &dhist)) {
        uint32_t args[4] = { din, n, dhist, per };
        if (run_ok(name, dev, "histogram", groups, 0, 0, args, 4) && (got = dev_fetch(name, dev, dhist, 64 + GUARD_WORDS))) {
            memcpy(exp, hist, sizeof exp);
            for (uint32_t i = 0; i < n; i++) exp[in[i] & 63]++;
            check_words(name, exp, got, 64 + GUARD_WORDS, "hist");
        }
    }
    free(in); free(got);
    gpu_close(dev);
}

