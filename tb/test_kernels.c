/* SPDX-License-Identifier: Apache-2.0 */
/* test_kernels: runs every kernel of kernels/ (assembled to build/kernels/NAME.wgk)
 * through the host API (gpu.h) and compares the whole output with a plain C
 * computation on the host, bit for bit (f32 included: the host computes in the
 * kernel's operation order, NaNs canonicalised to 0x7FC00000).
 *
 * The expected values come from the semantics of docs/isa.md written again
 * here in C; nothing is taken from the golden model. Inputs come from a
 * fixed-seed PRNG plus tables of edge values.
 *
 *   WAVEGPU_BACKEND=golden|rtl build/bin/test_kernels [name-substring]
 *
 * Run from the repository root. Prints PASS name / FAIL name: reason.
 */
#define _POSIX_C_SOURCE 200809L
#include "gpu.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LANES 32u
#define ROW_BYTES (LANES * 4u)
#define SENTINEL 0xCDCDCDCDu
#define SCALAR_SENTINEL 0x5A5A5A5Au
#define QNAN 0x7FC00000u

/* ------------------------------------------------------------ reporting */

static unsigned n_pass, n_fail;
static gpu_backend_kind backend = GPU_BACKEND_GOLDEN;
static const char *filter; /* run only tests whose name contains it */

static bool selected(const char *name) { return !filter || strstr(name, filter); }

/* With a filter, each directed-test function first runs in probe mode: no
 * kernel is launched and nothing is reported, it only finds out whether any
 * of its test names is selected (RUN_DT). A slow backend then runs only the
 * kernels it needs. */
static bool probing, probe_hit;
#define RUN_DT(call)                                                                                           \
    do {                                                                                                       \
        if (filter) {                                                                                          \
            probing = true;                                                                                    \
            probe_hit = false;                                                                                 \
            call;                                                                                              \
            probing = false;                                                                                   \
            if (!probe_hit) break;                                                                             \
        }                                                                                                      \
        call;                                                                                                  \
    } while (0)

static void pass(const char *name)
{
    if (probing) {
        probe_hit |= selected(name);
        return;
    }
    printf("PASS %s\n", name);
    n_pass++;
}

static void fail(const char *name, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(const char *name, const char *fmt, ...)
{
    va_list ap;
    if (probing) {
        probe_hit |= selected(name);
        return;
    }
    printf("FAIL %s: ", name);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    n_fail++;
}

/* ------------------------------------------------------------ PRNG (splitmix64) */

typedef struct { uint64_t s; } rng;

static uint32_t rnd(rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return (uint32_t)((z ^ (z >> 31)) >> 16);
}

static uint32_t rnd_below(rng *r, uint32_t n) { return (uint32_t)(((uint64_t)rnd(r) * n) >> 32); }

/* ------------------------------------------------------------ f32 helpers */

static float fl(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static uint32_t bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* Result bits of an f32 operation: any NaN becomes the canonical NaN. */
static uint32_t canon(float f) { return isnan(f) ? QNAN : bits(f); }

/* A random f32 with a moderate exponent (|x| in about 2^-20..2^20), either sign. */
static uint32_t rnd_f32_moderate(rng *r)
{
    uint32_t e = 127 - 20 + rnd_below(r, 41);
    return (rnd(r) & 0x807FFFFFu) | (e << 23);
}

/* ------------------------------------------------------------ device and kernels */

/* Built for a model with fewer CUs (the small configuration, make's
 * test_kernels_rtl_small), every device has at most TEST_MAX_CUS of them:
 * the kernels' results do not depend on the number of CUs. */
#ifndef TEST_MAX_CUS
#define TEST_MAX_CUS 8
#endif
static void limit_cus(gpu_config *cfg)
{
    if (cfg->num_cus > TEST_MAX_CUS) cfg->num_cus = TEST_MAX_CUS;
}

__attribute__((unused)) static gpu_device *open_dev(const char *test, unsigned cus, uint32_t mem)
{
    gpu_config cfg;
    gpu_config_default(&cfg);
    cfg.backend = backend;
    if (cus) cfg.num_cus = cus;
    limit_cus(&cfg);
    if (mem) cfg.mem_bytes = mem;
    gpu_device *dev = NULL;
    char err[512];
    gpu_status st = gpu_open(&cfg, &dev, err, sizeof err);
    if (st != GPU_OK) {
        fail(test, "gpu_open: %s: %s", gpu_status_name(st), err);
        return NULL;
    }
    return dev;
}

static gpu_status load_kernel(gpu_device *dev, const char *kname, gpu_kernel **k, char *why, size_t wlen)
{
    char path[256];
    snprintf(path, sizeof path, "build/kernels/%s.wgk", kname);
    gpu_status st = gpu_kernel_load_file(dev, path, k);
    if (st != GPU_OK) snprintf(why, wlen, "loading %s: %s", path, gpu_last_error(dev));
    return st;
}

/* Loads build/kernels/<kname>.wgk, launches it, waits. Returns the launch
 * status; *res holds the result. On any failure other than a fault or
 * timeout, why says what went wrong. */
static gpu_status run_kernel(gpu_device *dev, const char *kname, uint32_t groups, uint32_t waves, uint32_t lds,
                             const uint32_t *args, uint32_t nargs, gpu_result *res, char *why, size_t wlen)
{
    gpu_kernel *k = NULL;
    memset(res, 0, sizeof *res);
    gpu_status st = load_kernel(dev, kname, &k, why, wlen);
    if (st != GPU_OK) return st;
    gpu_launch_params p = { .num_groups = groups, .waves_per_group = waves, .lds_bytes = lds,
                            .args = args, .num_args = nargs };
    st = gpu_launch(dev, k, &p);
    if (st != GPU_OK) {
        snprintf(why, wlen, "gpu_launch %s: %s", kname, gpu_last_error(dev));
        gpu_kernel_free(k);
        return st;
    }
    st = gpu_wait(dev, res);
    gpu_kernel_free(k);
    if (st != GPU_OK) {
        char line[512];
        if (st == GPU_ERR_FAULT || st == GPU_ERR_TIMEOUT) gpu_result_format(dev, res, line, sizeof line);
        else snprintf(line, sizeof line, "%s", gpu_last_error(dev));
        snprintf(why, wlen, "%s: %s: %s", kname, gpu_status_name(st), line);
    }
    return st;
}

/* Runs a kernel that must finish without a fault. */
__attribute__((unused)) static bool run_ok(const char *test, gpu_device *dev, const char *kname, uint32_t groups, uint32_t waves,
                   uint32_t lds, const uint32_t *args, uint32_t nargs)
{
    gpu_result res;
    char why[768];
    gpu_status st = run_kernel(dev, kname, groups, waves, lds, args, nargs, &res, why, sizeof why);
    if (st != GPU_OK) {
        fail(test, "%s", why);
        return false;
    }
    return true;
}

static bool dev_alloc(const char *test, gpu_device *dev, uint32_t bytes, gpu_addr *a)
{
    gpu_status st = gpu_alloc(dev, bytes, a);
    if (st != GPU_OK) fail(test, "gpu_alloc(%u): %s", bytes, gpu_last_error(dev));
    return st == GPU_OK;
}

static bool dev_put(const char *test, gpu_device *dev, gpu_addr a, const void *src, uint32_t bytes)
{
    gpu_status st = gpu_write(dev, a, src, bytes);
    if (st != GPU_OK) fail(test, "gpu_write: %s", gpu_last_error(dev));
    return st == GPU_OK;
}

__attribute__((unused)) static bool dev_get(const char *test, gpu_device *dev, void *dst, gpu_addr a, uint32_t bytes)
{
    gpu_status st = gpu_read(dev, dst, a, bytes);
    if (st != GPU_OK) fail(test, "gpu_read: %s", gpu_last_error(dev));
    return st == GPU_OK;
}

/* Allocates and fills a buffer. */
__attribute__((unused)) static bool dev_buf(const char *test, gpu_device *dev, uint32_t bytes, const void *init, uint32_t fill, gpu_addr *a)
{
    if (!dev_alloc(test, dev, bytes, a)) return false;
    if (init) return dev_put(test, dev, *a, init, bytes);
    gpu_status st = gpu_fill(dev, *a, fill, bytes);
    if (st != GPU_OK) fail(test, "gpu_fill: %s", gpu_last_error(dev));
    return st == GPU_OK;
}

/* Compares n words; on mismatch reports the first one, described by `where`
 * (a printf format taking the index, e.g. "C[%zu]") and the count. */
/* Words equal, or a FAIL line naming the first difference (no PASS line). */
static bool compare_words(const char *test, const uint32_t *exp, const uint32_t *got, size_t n, const char *what)
{
    size_t bad = 0, first = 0;
    for (size_t i = 0; i < n; i++)
        if (exp[i] != got[i]) {
            if (!bad) first = i;
            bad++;
        }
    if (!bad) return true;
    fail(test, "%s[%zu]: expected 0x%08" PRIx32 ", got 0x%08" PRIx32 " (%zu of %zu words differ)", what, first,
         exp[first], got[first], bad, n);
    return false;
}

/* compare_words, then the PASS line if they are equal. */
__attribute__((unused)) static bool check_words(const char *test, const uint32_t *exp, const uint32_t *got, size_t n, const char *what)
{
    if (!compare_words(test, exp, got, n, what)) return false;
    pass(test);
    return true;
}

/* ------------------------------------------------------------ directed-test runs
 *
 * Layout shared by the dt_* kernels (see their header comments): arguments
 * out, in, in_stride, out_stride[, extra...]; wave w reads input row r at
 * in + w*in_stride + 128*r and writes output row r at out + w*out_stride + 128*r.
 */

typedef struct {
    const char *kernel;
    uint32_t nwaves, wpg, lds;  /* waves in the task, waves per group (0 = kernel's), LDS (0 = kernel's) */
    unsigned nin, nout;         /* input and output rows per wave */
    uint32_t *in;               /* [nwaves][nin][32], filled by the test */
    uint32_t *out;              /* [nwaves][nout][32], read back */
    uint32_t extra[8];          /* more arguments after the four */
    unsigned nextra;
    unsigned cus;
    gpu_device *dev;            /* kept open after the run (dt_free closes it) */
    gpu_addr in_addr, out_addr;
    gpu_result res;
    char why[768];              /* why the run failed, if it did */
    bool ok;
} dt_run;

#define IN(d, w, r, l) ((d)->in[((size_t)(w) * (d)->nin + (r)) * LANES + (l)])
#define OUT(d, w, r, l) ((d)->out[((size_t)(w) * (d)->nout + (r)) * LANES + (l)])

static bool dt_init(dt_run *d, const char *kernel, uint32_t nwaves, uint32_t wpg, unsigned nin, unsigned nout)
{
    memset(d, 0, sizeof *d);
    d->kernel = kernel;
    d->nwaves = nwaves;
    d->wpg = wpg;
    d->nin = nin;
    d->nout = nout;
    d->in = calloc((size_t)nwaves * (nin ? nin : 1) * LANES, 4);
    d->out = calloc((size_t)nwaves * nout * LANES, 4);
    return d->in && d->out;
}

static void dt_free(dt_run *d)
{
    free(d->in);
    free(d->out);
    gpu_close(d->dev);
    memset(d, 0, sizeof *d);
}

/* Runs the kernel; afterwards d->ok says whether it ran cleanly and d->out
 * holds the output rows. */
static void dt_exec(dt_run *d)
{
    d->ok = false;
    if (probing) {
        snprintf(d->why, sizeof d->why, "not run (probe)");
        return;
    }
    gpu_config cfg;
    gpu_config_default(&cfg);
    cfg.backend = backend;
    if (d->cus) cfg.num_cus = d->cus;
    limit_cus(&cfg);
    char err[512];
    gpu_status st = gpu_open(&cfg, &d->dev, err, sizeof err);
    if (st != GPU_OK) {
        snprintf(d->why, sizeof d->why, "gpu_open: %s", err);
        return;
    }
    uint32_t in_bytes = d->nin * ROW_BYTES, out_bytes = d->nout * ROW_BYTES;
    uint32_t in_total = d->nwaves * (in_bytes ? in_bytes : 4), out_total = d->nwaves * out_bytes;
    if (gpu_alloc(d->dev, in_total, &d->in_addr) != GPU_OK || gpu_alloc(d->dev, out_total, &d->out_addr) != GPU_OK ||
        gpu_write(d->dev, d->in_addr, d->in, in_total) != GPU_OK ||
        gpu_fill(d->dev, d->out_addr, SENTINEL, out_total) != GPU_OK) {
        snprintf(d->why, sizeof d->why, "setting up buffers: %s", gpu_last_error(d->dev));
        return;
    }
    uint32_t args[12] = { d->out_addr, d->in_addr, in_bytes, out_bytes };
    for (unsigned i = 0; i < d->nextra; i++) args[4 + i] = d->extra[i];
    uint32_t wpg = d->wpg ? d->wpg : 1;
    st = run_kernel(d->dev, d->kernel, d->nwaves / wpg, d->wpg, d->lds, args, 4 + d->nextra, &d->res, d->why,
                    sizeof d->why);
    if (st != GPU_OK) return;
    if (gpu_read(d->dev, d->out, d->out_addr, out_total) != GPU_OK) {
        snprintf(d->why, sizeof d->why, "reading the output: %s", gpu_last_error(d->dev));
        return;
    }
    d->ok = true;
}

/* Compares output row `row` of every wave with exp[w*32 + l]. */
static bool dt_check_row(const dt_run *d, unsigned row, const char *test, const uint32_t *exp)
{
    if (!selected(test)) return true;
    if (probing) {
        probe_hit = true;
        return true;
    }
    if (!d->ok) {
        fail(test, "%s", d->why);
        return false;
    }
    unsigned bad = 0, fw = 0, fl_ = 0;
    for (unsigned w = 0; w < d->nwaves; w++)
        for (unsigned l = 0; l < LANES; l++)
            if (OUT(d, w, row, l) != exp[w * LANES + l]) {
                if (!bad) { fw = w; fl_ = l; }
                bad++;
            }
    if (!bad) {
        pass(test);
        return true;
    }
    char inputs[256] = "";
    size_t o = 0;
    for (unsigned r = 0; r < d->nin && r < 6 && o < sizeof inputs; r++)
        o += (size_t)snprintf(inputs + o, sizeof inputs - o, "%sin%u=0x%08" PRIx32, r ? " " : "", r,
                              IN(d, fw, r, fl_));
    fail(test, "%s output row %u, wave %u lane %u: expected 0x%08" PRIx32 ", got 0x%08" PRIx32
               " (lane inputs %s; %u of %u words differ)",
         d->kernel, row, fw, fl_, exp[fw * LANES + fl_], OUT(d, fw, row, fl_), inputs, bad, d->nwaves * LANES);
    return false;
}

/* ------------------------------------------------------------ reference ALU (docs/isa.md 4.3) */

typedef uint32_t (*fn2)(uint32_t a, uint32_t b);
typedef uint32_t (*fn3)(uint32_t a, uint32_t b, uint32_t c);

static uint32_t r_add(uint32_t a, uint32_t b) { return a + b; }
static uint32_t r_sub(uint32_t a, uint32_t b) { return a - b; }
static uint32_t r_mul_lo(uint32_t a, uint32_t b) { return (uint32_t)((uint64_t)a * b); }
static uint32_t r_mul_hi_u32(uint32_t a, uint32_t b) { return (uint32_t)(((uint64_t)a * b) >> 32); }
static uint32_t r_mul_hi_i32(uint32_t a, uint32_t b)
{
    int64_t p = (int64_t)(int32_t)a * (int64_t)(int32_t)b;
    return (uint32_t)((uint64_t)p >> 32);
}
static uint32_t r_and(uint32_t a, uint32_t b) { return a & b; }
static uint32_t r_or(uint32_t a, uint32_t b) { return a | b; }
static uint32_t r_xor(uint32_t a, uint32_t b) { return a ^ b; }
static uint32_t r_shl(uint32_t a, uint32_t b) { return a << (b & 31); }
static uint32_t r_shr_u32(uint32_t a, uint32_t b) { return a >> (b & 31); }
static uint32_t r_shr_i32(uint32_t a, uint32_t b)
{
    unsigned s = b & 31;
    uint32_t r = a >> s;
    if ((a & 0x80000000u) && s) r |= ~(0xFFFFFFFFu >> s);
    return r;
}
static int32_t si(uint32_t a) { return (int32_t)a; }
static uint32_t r_min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }
static uint32_t r_min_i32(uint32_t a, uint32_t b) { return si(a) < si(b) ? a : b; }
static uint32_t r_max_u32(uint32_t a, uint32_t b) { return a > b ? a : b; }
static uint32_t r_max_i32(uint32_t a, uint32_t b) { return si(a) > si(b) ? a : b; }
static uint32_t r_eq(uint32_t a, uint32_t b) { return a == b; }
static uint32_t r_ne(uint32_t a, uint32_t b) { return a != b; }
static uint32_t r_lt_u32(uint32_t a, uint32_t b) { return a < b; }
static uint32_t r_lt_i32(uint32_t a, uint32_t b) { return si(a) < si(b); }
static uint32_t r_le_u32(uint32_t a, uint32_t b) { return a <= b; }
static uint32_t r_le_i32(uint32_t a, uint32_t b) { return si(a) <= si(b); }
static uint32_t r_gt_u32(uint32_t a, uint32_t b) { return a > b; }
static uint32_t r_gt_i32(uint32_t a, uint32_t b) { return si(a) > si(b); }
static uint32_t r_ge_u32(uint32_t a, uint32_t b) { return a >= b; }
static uint32_t r_ge_i32(uint32_t a, uint32_t b) { return si(a) >= si(b); }
static uint32_t r_div_u32(uint32_t a, uint32_t b) { return b ? a / b : 0xFFFFFFFFu; }
static uint32_t r_rem_u32(uint32_t a, uint32_t b) { return b ? a % b : a; }
static uint32_t r_div_i32(uint32_t a, uint32_t b)
{
    if (b == 0) return 0xFFFFFFFFu;
    if (a == 0x80000000u && b == 0xFFFFFFFFu) return 0x80000000u;
    return (uint32_t)(si(a) / si(b));
}
static uint32_t r_rem_i32(uint32_t a, uint32_t b)
{
    if (b == 0) return a;
    if (a == 0x80000000u && b == 0xFFFFFFFFu) return 0;
    return (uint32_t)(si(a) % si(b));
}
static uint32_t r_mov(uint32_t a, uint32_t b) { (void)b; return a; }

static uint32_t r_add_f32(uint32_t a, uint32_t b) { return canon(fl(a) + fl(b)); }
static uint32_t r_sub_f32(uint32_t a, uint32_t b) { return canon(fl(a) - fl(b)); }
static uint32_t r_mul_f32(uint32_t a, uint32_t b) { return canon(fl(a) * fl(b)); }
static uint32_t r_div_f32(uint32_t a, uint32_t b) { return canon(fl(a) / fl(b)); }
static uint32_t r_fma_f32(uint32_t a, uint32_t b, uint32_t c) { return canon(fmaf(fl(a), fl(b), fl(c))); }
static uint32_t r_sqrt_f32(uint32_t a, uint32_t b) { (void)b; return canon(sqrtf(fl(a))); }
static bool is_nan(uint32_t a) { return (a & 0x7FFFFFFFu) > 0x7F800000u; }
/* min/max: both NaN -> NaN; one NaN -> the other; -0 < +0. */
static uint32_t r_min_f32(uint32_t a, uint32_t b)
{
    if (is_nan(a) && is_nan(b)) return QNAN;
    if (is_nan(a)) return b;
    if (is_nan(b)) return a;
    if (fl(a) == fl(b)) return (a & 0x80000000u) ? a : b; /* equal: prefer the negative zero */
    return fl(a) < fl(b) ? a : b;
}
static uint32_t r_max_f32(uint32_t a, uint32_t b)
{
    if (is_nan(a) && is_nan(b)) return QNAN;
    if (is_nan(a)) return b;
    if (is_nan(b)) return a;
    if (fl(a) == fl(b)) return (a & 0x80000000u) ? b : a;
    return fl(a) > fl(b) ? a : b;
}
static uint32_t r_abs_f32(uint32_t a, uint32_t b) { (void)b; return is_nan(a) ? QNAN : a & 0x7FFFFFFFu; }
static uint32_t r_neg_f32(uint32_t a, uint32_t b) { (void)b; return is_nan(a) ? QNAN : a ^ 0x80000000u; }
static uint32_t r_eq_f32(uint32_t a, uint32_t b) { return fl(a) == fl(b); }
static uint32_t r_ne_f32(uint32_t a, uint32_t b) { return !(fl(a) == fl(b)); }
static uint32_t r_lt_f32(uint32_t a, uint32_t b) { return fl(a) < fl(b); }
static uint32_t r_le_f32(uint32_t a, uint32_t b) { return fl(a) <= fl(b); }
static uint32_t r_gt_f32(uint32_t a, uint32_t b) { return fl(a) > fl(b); }
static uint32_t r_ge_f32(uint32_t a, uint32_t b) { return fl(a) >= fl(b); }
static uint32_t r_cvt_f32_i32(uint32_t a, uint32_t b) { (void)b; return bits((float)si(a)); }
static uint32_t r_cvt_f32_u32(uint32_t a, uint32_t b) { (void)b; return bits((float)a); }
/* Round to nearest integer, ties to even, in float arithmetic: below 2^23
 * adding and subtracting 2^23 rounds away the fraction with RNE. */
static float rne_int(float f)
{
    if (!(fabsf(f) < 8388608.0f)) return f;
    float t = (fabsf(f) + 8388608.0f) - 8388608.0f;
    return copysignf(t, f);
}
static uint32_t to_i32_sat(float t) /* t integral or inf/NaN */
{
    if (isnan(t)) return 0x7FFFFFFFu;
    if (t >= 2147483648.0f) return 0x7FFFFFFFu;
    if (t < -2147483648.0f) return 0x80000000u;
    return (uint32_t)(int32_t)t;
}
static uint32_t to_u32_sat(float t)
{
    if (isnan(t)) return 0xFFFFFFFFu;
    if (t >= 4294967296.0f) return 0xFFFFFFFFu;
    if (t < 0.0f) return 0;
    return (uint32_t)t;
}
static uint32_t r_cvt_i32_f32_rtz(uint32_t a, uint32_t b) { (void)b; return to_i32_sat(isnan(fl(a)) ? fl(a) : truncf(fl(a))); }
static uint32_t r_cvt_i32_f32_rne(uint32_t a, uint32_t b) { (void)b; return to_i32_sat(rne_int(fl(a))); }
static uint32_t r_cvt_u32_f32_rtz(uint32_t a, uint32_t b) { (void)b; return to_u32_sat(isnan(fl(a)) ? fl(a) : truncf(fl(a))); }
static uint32_t r_cvt_u32_f32_rne(uint32_t a, uint32_t b) { (void)b; return to_u32_sat(rne_int(fl(a))); }

typedef struct {
    const char *name;
    fn2 f;
} op2;

/* The order of the output rows of dt_valu_int.s and dt_salu_int.s. */
static const op2 int_ops[] = {
    { "add", r_add },         { "sub", r_sub },         { "mul_lo", r_mul_lo },   { "mul_hi_u32", r_mul_hi_u32 },
    { "mul_hi_i32", r_mul_hi_i32 }, { "and", r_and },   { "or", r_or },           { "xor", r_xor },
    { "shl", r_shl },         { "shr_u32", r_shr_u32 }, { "shr_i32", r_shr_i32 }, { "min_u32", r_min_u32 },
    { "min_i32", r_min_i32 }, { "max_u32", r_max_u32 }, { "max_i32", r_max_i32 }, { "eq", r_eq },
    { "ne", r_ne },           { "lt_u32", r_lt_u32 },   { "lt_i32", r_lt_i32 },   { "le_u32", r_le_u32 },
    { "le_i32", r_le_i32 },   { "gt_u32", r_gt_u32 },   { "gt_i32", r_gt_i32 },   { "ge_u32", r_ge_u32 },
    { "ge_i32", r_ge_i32 },
};
#define N_INT_OPS (sizeof int_ops / sizeof int_ops[0])

static const op2 sdiv_ops[] = {
    { "div_u32", r_div_u32 }, { "rem_u32", r_rem_u32 }, { "div_i32", r_div_i32 }, { "rem_i32", r_rem_i32 },
    { "mov", r_mov },
};

/* f32 ops in the row order of dt_valu_f32.s / dt_salu_f32.s. Input: 0 = (A, B),
 * 1 = (A, B, C) for fma, 2 = A only, 3 = I only. */
typedef struct {
    const char *name;
    fn2 f;
    int in;
} opf;

static uint32_t r_fma_dummy(uint32_t a, uint32_t b) { (void)a; (void)b; return 0; }

static const opf f32_ops[] = {
    { "add_f32", r_add_f32, 0 },   { "sub_f32", r_sub_f32, 0 },     { "mul_f32", r_mul_f32, 0 },
    { "div_f32", r_div_f32, 0 },   { "fma_f32", r_fma_dummy, 1 },   { "sqrt_f32", r_sqrt_f32, 2 },
    { "min_f32", r_min_f32, 0 },   { "max_f32", r_max_f32, 0 },     { "abs_f32", r_abs_f32, 2 },
    { "neg_f32", r_neg_f32, 2 },   { "eq_f32", r_eq_f32, 0 },       { "ne_f32", r_ne_f32, 0 },
    { "lt_f32", r_lt_f32, 0 },     { "le_f32", r_le_f32, 0 },       { "gt_f32", r_gt_f32, 0 },
    { "ge_f32", r_ge_f32, 0 },     { "cvt_f32_i32", r_cvt_f32_i32, 3 }, { "cvt_f32_u32", r_cvt_f32_u32, 3 },
    { "cvt_i32_f32_rtz", r_cvt_i32_f32_rtz, 2 }, { "cvt_i32_f32_rne", r_cvt_i32_f32_rne, 2 },
    { "cvt_u32_f32_rtz", r_cvt_u32_f32_rtz, 2 }, { "cvt_u32_f32_rne", r_cvt_u32_f32_rne, 2 },
};
#define N_F32_OPS (sizeof f32_ops / sizeof f32_ops[0])

/* ------------------------------------------------------------ edge values */

static const uint32_t int_edges[] = {
    0,          1,          2,          3,          5,          7,          31,         32,
    33,         63,         0x7F,       0x80,       0xFF,       0x8000,     0xFFFF,     0x10000,
    0x7FFFFFFF, 0x80000000, 0x80000001, 0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFF80, 0x55555555, 0xDEADBEEF,
};
#define N_INT_EDGES (sizeof int_edges / sizeof int_edges[0])

static const uint32_t f32_edges[] = {
    0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x3F000000, 0xBF000000, 0x3FC00000, 0xBFC00000,
    0x40200000, 0xC0200000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7FA00000, 0xFFC00001, 0x00000001,
    0x807FFFFF, 0x00800000, 0x80800000, 0x7F7FFFFF, 0xFF7FFFFF, 0x4EFFFFFF, 0x4F000000, 0xCF000000,
    0xCF000001, 0x4F7FFFFF, 0x4F800000, 0x3EFFFFFF, 0x40490FDB, 0x33800000, 0x4B800001, 0x3F7FFFFF,
};
#define N_F32_EDGES (sizeof f32_edges / sizeof f32_edges[0])

static const uint32_t cvt_int_edges[] = {
    0, 1, 0xFFFFFFFF, 0x80000000, 0x7FFFFFFF, 16777216, 16777217, 16777219, 33554435, 0x80000001,
    0xFF000001, 0xFFFFFF81, 0x7FFFFFC0, 0x7FFFFFBF, 0xFFFFFF7F, 0x01000001,
};
#define N_CVT_EDGES (sizeof cvt_int_edges / sizeof cvt_int_edges[0])

/* ------------------------------------------------------------ ALU tests */

/* Integer ALU, vector (every pair of edge values spread over the lanes, then
 * random waves) or scalar (one pair per wave, in lane 0). */
static void test_int_alu(bool scalar)
{
    const char *kname = scalar ? "dt_salu_int" : "dt_valu_int";
    unsigned npairs = N_INT_EDGES * N_INT_EDGES;
    unsigned nrand = scalar ? 96 : 8;
    unsigned nwaves = scalar ? npairs + nrand : (npairs + LANES - 1) / LANES + nrand;
    unsigned nout = scalar ? N_INT_OPS + 5 : N_INT_OPS;
    dt_run d;
    if (!dt_init(&d, kname, nwaves, 1, 2, nout)) return;
    rng r = { scalar ? 11u : 10u };
    for (unsigned w = 0; w < nwaves; w++)
        for (unsigned l = 0; l < LANES; l++) {
            unsigned p = scalar ? w : w * LANES + l;
            uint32_t a = rnd(&r), b = rnd(&r);
            if (p < npairs) {
                a = int_edges[p / N_INT_EDGES];
                b = int_edges[p % N_INT_EDGES];
            } else if (rnd(&r) & 1) {
                b &= 63; /* shift amounts and small divisors */
            }
            if (scalar && l) { a = rnd(&r); b = rnd(&r); } /* lanes other than 0 must not matter */
            IN(&d, w, 0, l) = a;
            IN(&d, w, 1, l) = b;
        }
    dt_exec(&d);
    uint32_t *exp = malloc((size_t)nwaves * LANES * 4);
    for (unsigned k = 0; k < nout && exp; k++) {
        const op2 *op = k < N_INT_OPS ? &int_ops[k] : &sdiv_ops[k - N_INT_OPS];
        for (unsigned w = 0; w < nwaves; w++)
            for (unsigned l = 0; l < LANES; l++)
                exp[w * LANES + l] = scalar && l ? SCALAR_SENTINEL
                                                 : op->f(IN(&d, w, 0, scalar ? 0 : l), IN(&d, w, 1, scalar ? 0 : l));
        char name[64];
        snprintf(name, sizeof name, "dt_%s_%s", scalar ? "salu" : "valu", op->name);
        dt_check_row(&d, k, name, exp);
    }
    free(exp);
    dt_free(&d);
}

static void test_f32_alu(bool scalar)
{
    const char *kname = scalar ? "dt_salu_f32" : "dt_valu_f32";
    unsigned npairs = N_F32_EDGES * N_F32_EDGES;
    unsigned nrand = scalar ? 128 : 16;
    unsigned nwaves = scalar ? npairs + nrand : (npairs + LANES - 1) / LANES + nrand;
    dt_run d;
    if (!dt_init(&d, kname, nwaves, 1, 4, N_F32_OPS)) return;
    rng r = { scalar ? 21u : 20u };
    for (unsigned w = 0; w < nwaves; w++)
        for (unsigned l = 0; l < LANES; l++) {
            unsigned p = scalar ? w : w * LANES + l;
            uint32_t a, b, c, i;
            if (p < npairs) {
                a = f32_edges[p / N_F32_EDGES];
                b = f32_edges[p % N_F32_EDGES];
                c = (rnd(&r) & 1) ? f32_edges[rnd_below(&r, N_F32_EDGES)] : rnd_f32_moderate(&r);
                i = (rnd(&r) & 1) ? cvt_int_edges[rnd_below(&r, N_CVT_EDGES)] : rnd(&r);
            } else {
                switch (rnd(&r) % 3) {
                case 0: /* any bit pattern */
                    a = rnd(&r); b = rnd(&r); c = rnd(&r);
                    break;
                case 1: /* moderate values: fma and sums round visibly */
                    a = rnd_f32_moderate(&r); b = rnd_f32_moderate(&r); c = rnd_f32_moderate(&r);
                    break;
                default: /* near-integers and products that cancel, for cvt and fma */
                    a = bits((float)(int32_t)(rnd(&r) >> rnd_below(&r, 32)) + 0.5f * (float)(rnd(&r) % 3));
                    b = rnd_f32_moderate(&r);
                    c = bits(-fl(a) * fl(b));
                    break;
                }
                i = rnd(&r) >> rnd_below(&r, 32);
                if (rnd(&r) & 1) i = (uint32_t)-(int32_t)i;
            }
            IN(&d, w, 0, l) = a;
            IN(&d, w, 1, l) = b;
            IN(&d, w, 2, l) = c;
            IN(&d, w, 3, l) = i;
        }
    dt_exec(&d);
    uint32_t *exp = malloc((size_t)nwaves * LANES * 4);
    for (unsigned k = 0; k < N_F32_OPS && exp; k++) {
        const opf *op = &f32_ops[k];
        for (unsigned w = 0; w < nwaves; w++)
            for (unsigned l = 0; l < LANES; l++) {
                unsigned sl = scalar ? 0 : l;
                uint32_t a = IN(&d, w, 0, sl), b = IN(&d, w, 1, sl), c = IN(&d, w, 2, sl), i = IN(&d, w, 3, sl);
                uint32_t e;
                switch (op->in) {
                case 1: e = r_fma_f32(a, b, c); break;
                case 2: e = op->f(a, 0); break;
                case 3: e = op->f(i, 0); break;
                default: e = op->f(a, b); break;
                }
                exp[w * LANES + l] = scalar && l ? SCALAR_SENTINEL : e;
            }
        char name[64];
        snprintf(name, sizeof name, "dt_%s_%s", scalar ? "salu" : "valu", op->name);
        dt_check_row(&d, k, name, exp);
    }
    free(exp);
    dt_free(&d);
}

/* ------------------------------------------------------------ application kernels
 *
 * Each test fills its inputs from a fixed-seed PRNG, runs the kernel through
 * gpu.h and compares every output word (including guard words past the end
 * of each output, which must keep the fill pattern) with a plain C loop.
 */

#define GUARD_WORDS 64u

/* Reads n words from the device into a new buffer (NULL after reporting a failure). */
static uint32_t *dev_fetch(const char *test, gpu_device *dev, gpu_addr a, size_t n)
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

static uint32_t *words_alloc(size_t n) { return calloc(n ? n : 1, 4); }

/* C = A*B with the seed's tiled kernel: N x N f32, (N/8)^2 groups of 2 waves. */
static void test_matmul(uint32_t n, const char *name)
{
    if (!selected(name)) return;
    gpu_device *dev = open_dev(name, 0, 0);
    if (!dev) return;
    size_t nn = (size_t)n * n;
    uint32_t *a = words_alloc(nn), *b = words_alloc(nn), *exp = words_alloc(nn + GUARD_WORDS), *got = NULL;
    gpu_addr da, db, dc;
    rng r = { 1000u + n };
    for (size_t i = 0; i < nn; i++) a[i] = rnd_f32_moderate(&r);
    for (size_t i = 0; i < nn; i++) b[i] = rnd_f32_moderate(&r);
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

/* c = a + b (u32) over n elements, ceil(n/32) groups of 1 wave. */
static void test_vecadd(uint32_t n, const char *name)
{
    if (!selected(name)) return;
    gpu_device *dev = open_dev(name, 0, 0);
    if (!dev) return;
    size_t len = n + GUARD_WORDS; /* inputs have data past n too: a kernel without the tail mask would use it */
    uint32_t *a = words_alloc(len), *b = words_alloc(len), *exp = words_alloc(len), *got = NULL;
    gpu_addr da, db, dc;
    rng r = { 2000u + n };
    for (size_t i = 0; i < len && a && b; i++) { a[i] = rnd(&r); b[i] = rnd(&r); }
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

/* y = fma(a, x, y) (f32) over n elements, ceil(n/64) groups of 2 waves. */
static void test_saxpy(uint32_t n, const char *name)
{
    if (!selected(name)) return;
    gpu_device *dev = open_dev(name, 0, 0);
    if (!dev) return;
    size_t len = n + GUARD_WORDS;
    uint32_t *x = words_alloc(len), *y = words_alloc(len), *exp = words_alloc(len), *got = NULL;
    gpu_addr dx, dy;
    rng r = { 3000u + n };
    uint32_t a = rnd_f32_moderate(&r);
    for (size_t i = 0; i < len && x && y; i++) {
        x[i] = rnd_f32_moderate(&r);
        /* y near -a*x for some elements: the product's low bits then show in the result */
        y[i] = (i % 3 == 0) ? bits(-(fl(a) * fl(x[i]))) : rnd_f32_moderate(&r);
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

/* *result = init + sum(in[0..n-1]) (u32), red8_add/redfin_add per wave, then a
 * noret global atomic add per wave. */
static void test_reduce_u32(uint32_t n, uint32_t groups, const char *name)
{
    if (!selected(name)) return;
    gpu_device *dev = open_dev(name, 0, 0);
    if (!dev) return;
    size_t len = n + GUARD_WORDS;
    uint32_t *in = words_alloc(len), *got = NULL;
    uint32_t res_init[2], exp[2];
    gpu_addr din, dres;
    rng r = { 4000u + n };
    for (size_t i = 0; i < len && in; i++) in[i] = rnd(&r);
    res_init[0] = rnd(&r);
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

/* The f32 sum of n values in two launches of reduce_f32: `groups` partial sums,
 * then one group combining them. */
static void test_reduce_f32(uint32_t n, uint32_t per, const char *name_part, const char *name_final)
{
    if (!selected(name_part) && !selected(name_final)) return;
    const char *name = selected(name_part) ? name_part : name_final;
    gpu_device *dev = open_dev(name, 0, 0);
    if (!dev) return;
    uint32_t groups = (n + per - 1) / per;
    size_t len = (size_t)groups * per + GUARD_WORDS;
    uint32_t *in = words_alloc(len), *exp = words_alloc(groups + GUARD_WORDS), *got = NULL, *got2 = NULL;
    gpu_addr din, dpart, dfin;
    rng r = { 5000u + n };
    for (size_t i = 0; i < len && in; i++) {
        in[i] = rnd_f32_moderate(&r);
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

/* out (C x R) = in (R x C) transposed, ceil(R/32)*ceil(C/32) groups of 2 waves. */
static void test_transpose(uint32_t rows, uint32_t cols, const char *name)
{
    if (!selected(name)) return;
    gpu_device *dev = open_dev(name, 0, 0);
    if (!dev) return;
    size_t nn = (size_t)rows * cols;
    uint32_t *in = words_alloc(nn + GUARD_WORDS), *exp = words_alloc(nn + GUARD_WORDS), *got = NULL;
    gpu_addr din, dout;
    rng r = { 6000u + rows * 1000u + cols };
    for (size_t i = 0; i < nn + GUARD_WORDS && in; i++) in[i] = rnd(&r);
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

/* hist[in[i] & 63] += 1 with LDS atomics per group and noret global atomics. */
static void test_histogram(uint32_t n, uint32_t per, const char *name)
{
    if (!selected(name)) return;
    gpu_device *dev = open_dev(name, 0, 0);
    if (!dev) return;
    uint32_t groups = (n + per - 1) / per;
    size_t len = (size_t)groups * per + GUARD_WORDS;
    uint32_t *in = words_alloc(len), hist[64 + GUARD_WORDS], exp[64 + GUARD_WORDS], *got = NULL;
    gpu_addr din, dhist;
    rng r = { 7000u + n };
    for (size_t i = 0; i < len && in; i++) {
        uint32_t v = rnd(&r);
        unsigned k = rnd_below(&r, 10);
        if (k < 4) v = (v & ~63u) | 3;                  /* a hot bin: many lanes of a wave on one word */
        else if (k < 6) v = (v & ~63u) | rnd_below(&r, 4);
        in[i] = v;
    }
    for (unsigned b = 0; b < 64 + GUARD_WORDS; b++) hist[b] = b < 64 ? rnd_below(&r, 1000) : SENTINEL;
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

/* ------------------------------------------------------------ directed tests: constants, masks, cross-lane */

/* Runs the checks of one directed kernel: exp holds nout rows of nwaves*32 words. */
static uint32_t *dt_exp(const dt_run *d) { return calloc((size_t)d->nout * d->nwaves * LANES, 4); }
#define EXP(d, e, w, r, l) ((e)[((size_t)(r) * (d)->nwaves + (w)) * LANES + (l)])
static const uint32_t *exp_row(const dt_run *d, const uint32_t *e, unsigned r) { return e + (size_t)r * d->nwaves * LANES; }

static const char *const const_names[16] = {
    "zero", "one", "sid", "wave", "u8_max", "n2nd", "n3rd", "n4th",
    "lo16", "ch2", "ch4", "alo8", "group", "group_wave", "num_groups", "args",
};

/* The value of constant c in lane l of task-wide wave w (docs/isa.md 1.2);
 * `args` is passed in (its address is the runtime's choice). */
static uint32_t const_value(unsigned c, unsigned w, unsigned l, uint32_t wpg, uint32_t groups, uint32_t args)
{
    switch (c) {
    case 0: return 0;
    case 1: return 1;
    case 2: return l;
    case 3: return w;
    case 4: return 255;
    case 5: return 1u << (l % 2);
    case 6: return 1u << (l % 3);
    case 7: return 1u << (l % 4);
    case 8: return l < 16;
    case 9: return !(l & 2);
    case 10: return !(l & 4);
    case 11: return !(l & 8);
    case 12: return w / wpg;
    case 13: return w % wpg;
    case 14: return groups;
    default: return args;
    }
}

#define ARGS_MAGIC 0x5EED1234u

static void test_consts(uint32_t wpg, uint32_t groups)
{
    dt_run d;
    if (!dt_init(&d, "dt_consts", wpg * groups, wpg, 0, 17)) return;
    d.extra[0] = ARGS_MAGIC;
    d.nextra = 1;
    dt_exec(&d);
    uint32_t *e = dt_exp(&d);
    /* `args`: the same aligned address >= 4096 in every lane of every wave, and
     * the fifth argument word is found at args + 16. */
    uint32_t args = d.ok ? OUT(&d, 0, 15, 0) : 0;
    for (unsigned c = 0; c < 16 && e; c++) {
        for (unsigned w = 0; w < d.nwaves; w++)
            for (unsigned l = 0; l < LANES; l++) EXP(&d, e, w, c, l) = const_value(c, w, l, wpg, groups, args);
        char name[80];
        snprintf(name, sizeof name, "dt_const_%s_%uwave_groups", const_names[c], wpg);
        if (c == 15 && d.ok && selected(name) && (args % 4 || args < 4096)) {
            fail(name, "args = 0x%08" PRIx32 " is not an aligned address at or above 4096", args);
            continue;
        }
        dt_check_row(&d, c, name, exp_row(&d, e, c));
    }
    for (unsigned w = 0; w < d.nwaves && e; w++)
        for (unsigned l = 0; l < LANES; l++) EXP(&d, e, w, 16, l) = ARGS_MAGIC;
    char name[80];
    snprintf(name, sizeof name, "dt_const_args_points_at_arguments_%uwave_groups", wpg);
    if (e) dt_check_row(&d, 16, name, exp_row(&d, e, 16));
    free(e);
    dt_free(&d);
}

static uint32_t b0(uint32_t v) { return v & 1u; }

static void test_masks(void)
{
    const uint32_t wpg = 2, groups = 4, nw = wpg * groups;
    dt_run d;
    if (!dt_init(&d, "dt_masks", nw, wpg, 5, 53)) return;
    rng r = { 31 };
    for (unsigned w = 0; w < nw; w++)
        for (unsigned l = 0; l < LANES; l++) {
            IN(&d, w, 0, l) = rnd(&r);
            uint32_t p = rnd(&r), q = rnd(&r);
            if (w == 1) p |= 1;           /* every lane selected by P */
            if (w == 2) q &= ~1u;         /* no lane selected by Q */
            if (w == 3 && l == 0) p &= ~1u;
            IN(&d, w, 1, l) = p;
            IN(&d, w, 2, l) = q;
            IN(&d, w, 3, l) = rnd_f32_moderate(&r);
            IN(&d, w, 4, l) = rnd_f32_moderate(&r);
        }
    dt_exec(&d);
    uint32_t *e = dt_exp(&d);
    if (!e) { dt_free(&d); return; }
    for (unsigned w = 0; w < nw; w++)
        for (unsigned l = 0; l < LANES; l++) {
            uint32_t A = IN(&d, w, 0, l), P = b0(IN(&d, w, 1, l)), Q = b0(IN(&d, w, 2, l));
            uint32_t F = IN(&d, w, 3, l), G = IN(&d, w, 4, l), P0 = b0(IN(&d, w, 1, 0));
            uint32_t lo16 = l < 16, ch2 = !(l & 2), ch4 = !(l & 4), alo8 = !(l & 8), n2nd = !(l & 1), n3rd = l % 3 == 0;
            for (unsigned c = 0; c < 16; c++) {
                /* the args address is 4-aligned (kernels load from it), so its bit 0 is 0 */
                uint32_t m = c == 15 ? 0 : b0(const_value(c, w, l, wpg, groups, 0));
                EXP(&d, e, w, c, l) = m ? A : 0xFFFFFFFFu;
                EXP(&d, e, w, 16 + c, l) = !m ? A : 0xFFFFFFFFu;
            }
            uint32_t nP = !P, nQ = !Q; /* inverted terms */
            uint32_t two[10] = { P & Q, nP & Q, P & nQ, nP & nQ, lo16 & !n2nd, (uint32_t)!ch4 & Q, (uint32_t)!alo8 & nP,
                                 P, 0, b0(w) & !b0(l) };
            for (unsigned k = 0; k < 10; k++) EXP(&d, e, w, 32 + k, l) = two[k] ? A : 0xFFFFFFFFu;
            EXP(&d, e, w, 42, l) = A + (P & !lo16);
            EXP(&d, e, w, 43, l) = (nP & ch2) - A;
            EXP(&d, e, w, 44, l) = (nQ & n2nd) ? 0x3F800000u : 0;
            EXP(&d, e, w, 45, l) = r_fma_f32(F, !lo16, G);
            EXP(&d, e, w, 46, l) = r_fma_f32(Q & ch2, F, nP);
            EXP(&d, e, w, 47, l) = lo16 ? (P & Q) : 0xFFFFFFFFu;
            EXP(&d, e, w, 48, l) = n3rd ? nP : (P & nQ);
            EXP(&d, e, w, 49, l) = l ? 0xFFFFFFFFu : !P0 + 100;
            EXP(&d, e, w, 50, l) = IN(&d, w, 0, P & Q);
            EXP(&d, e, w, 51, l) = IN(&d, w, 0, !P0);
            EXP(&d, e, w, 52, l) = ch2 & !ch4;
        }
    static const char *const two_names[10] = {
        "v_and_v", "inv_v_and_v", "v_and_inv_v", "inv_v_and_inv_v", "lo16_and_inv_n2nd", "inv_ch4_and_v",
        "inv_alo8_and_inv_v", "same_reg_twice", "reg_and_its_inverse_empty", "wave_and_inv_sid",
    };
    static const char *const vany_names[11] = {
        "vany_alu2_long_source", "vany_alu2_short_source_a", "vany_alu1_source", "vany_fma_source_b",
        "vany_fma_sources_a_c", "vany_mov_source", "vany_select_f_t", "vany_scalar_context_lane0",
        "vany_shfl_index", "vany_bcast_scalar_index", "vany_two_constants",
    };
    for (unsigned k = 0; k < 53; k++) {
        char name[80];
        if (k < 16) snprintf(name, sizeof name, "dt_mask_const_%s", const_names[k]);
        else if (k < 32) snprintf(name, sizeof name, "dt_mask_inv_const_%s", const_names[k - 16]);
        else if (k < 42) snprintf(name, sizeof name, "dt_mask_two_term_%s", two_names[k - 32]);
        else snprintf(name, sizeof name, "dt_mask_%s", vany_names[k - 42]);
        dt_check_row(&d, k, name, exp_row(&d, e, k));
    }
    free(e);
    dt_free(&d);
}

static void test_xlane(void)
{
    const unsigned nw = 6;
    dt_run d;
    if (!dt_init(&d, "dt_xlane", nw, 1, 4, 22)) return;
    rng r = { 41 };
    for (unsigned w = 0; w < nw; w++)
        for (unsigned l = 0; l < LANES; l++) {
            IN(&d, w, 0, l) = rnd(&r);
            IN(&d, w, 1, l) = rnd(&r);
            IN(&d, w, 2, l) = (w & 1) ? rnd(&r) : rnd_below(&r, 256);
            uint32_t m = rnd(&r);
            if (w == 0) m &= ~1u;                       /* empty: first_where_true keeps D */
            if (w == 1) m = (m & ~1u) | (l == 31);      /* only lane 31 */
            if (w == 2) m |= 1;                         /* every lane */
            if (w == 3) m = (m & ~1u) | (l >= 20 && l < 26);
            IN(&d, w, 3, l) = m;
        }
    dt_exec(&d);
    uint32_t *e = dt_exp(&d);
    if (!e) { dt_free(&d); return; }
    for (unsigned w = 0; w < nw; w++) {
        const uint32_t *A = &IN(&d, w, 0, 0), *B = &IN(&d, w, 1, 0), *I = &IN(&d, w, 2, 0), *M = &IN(&d, w, 3, 0);
        int f_m = -1, f_ma = -1; /* first lane of M(v20), of M(v20 & ~alo8) */
        for (unsigned l = 0; l < LANES; l++) {
            if (f_m < 0 && b0(M[l])) f_m = (int)l;
            if (f_ma < 0 && b0(M[l]) && (l & 8)) f_ma = (int)l;
        }
        for (unsigned l = 0; l < LANES; l++) {
            uint32_t m = b0(M[l]), lo16 = l < 16, ch2 = !(l & 2);
            EXP(&d, e, w, 0, l) = (m && !lo16) ? A[l] : B[l];
            EXP(&d, e, w, 1, l) = !m ? 0x12345678u : B[l];
            EXP(&d, e, w, 2, l) = m ? A[0] : B[l];
            EXP(&d, e, w, 3, l) = A[l];
            EXP(&d, e, w, 4, l) = B[l];
            EXP(&d, e, w, 5, l) = m ? B[l] : A[l];
            EXP(&d, e, w, 6, l) = (!m && ch2) ? 2047u : (uint32_t)-5;
            EXP(&d, e, w, 7, l) = m ? B[0] : A[0];
            EXP(&d, e, w, 8, l) = m ? B[l] : A[l];
            EXP(&d, e, w, 9, l) = (l == 0 && f_ma >= 0) ? A[f_ma] : B[l];
            EXP(&d, e, w, 10, l) = B[l];
            EXP(&d, e, w, 11, l) = B[l];
            EXP(&d, e, w, 12, l) = (l == 0 && f_m >= 0) ? 77u : B[l];
            EXP(&d, e, w, 13, l) = l == 0 ? A[16] : B[l];
            EXP(&d, e, w, 14, l) = A[I[l] & 31];
            EXP(&d, e, w, 15, l) = A[13];
            EXP(&d, e, w, 16, l) = I[l] & 31;
            EXP(&d, e, w, 17, l) = A[I[l] & 31];
            EXP(&d, e, w, 18, l) = A[I[0] & 31];
            EXP(&d, e, w, 19, l) = A[I[0] & 31];
            EXP(&d, e, w, 20, l) = A[5];
            EXP(&d, e, w, 21, l) = A[I[0] & 31];
        }
    }
    static const char *const names[22] = {
        "dt_mov_masked", "dt_mov_masked_long_literal", "dt_mov_masked_scalar_source", "dt_mov_unmasked",
        "dt_mov_empty_mask_keeps_dest", "dt_select_regs", "dt_select_literals", "dt_select_scalar_sources",
        "dt_select_dest_is_source", "dt_first_where_true", "dt_first_where_true_empty_zero_mask_keeps_dest",
        "dt_first_where_true_empty_reg_mask_keeps_dest", "dt_first_where_true_literal", "dt_first_where_true_const_mask",
        "dt_shfl", "dt_shfl_literal_index", "dt_shfl_sid_source", "dt_shfl_dest_is_source", "dt_shfl_scalar_index",
        "dt_bcast", "dt_bcast_literal_index", "dt_bcast_dest_is_source",
    };
    for (unsigned k = 0; k < 22; k++) dt_check_row(&d, k, names[k], exp_row(&d, e, k));
    free(e);
    dt_free(&d);
}

/* ------------------------------------------------------------ directed tests: reductions (docs/isa.md 4.4) */

/* red8: lanes 0, 8, 16, 24 get ((x0 f x1) f (x2 f x3)) f ((x4 f x5) f (x6 f x7)) of their chunk. */
static void ref_red8(fn2 f, const uint32_t *x, const uint32_t *prev, uint32_t *out)
{
    memcpy(out, prev, LANES * 4);
    for (unsigned ch = 0; ch < LANES; ch += 8) {
        const uint32_t *p = x + ch;
        out[ch] = f(f(f(p[0], p[1]), f(p[2], p[3])), f(f(p[4], p[5]), f(p[6], p[7])));
    }
}

/* redfin: lane 0 gets (x0 f x8) f (x16 f x24). */
static void ref_redfin(fn2 f, const uint32_t *x, const uint32_t *prev, uint32_t *out)
{
    memcpy(out, prev, LANES * 4);
    out[0] = f(f(x[0], x[8]), f(x[16], x[24]));
}

static void test_reduce(bool f32)
{
    static const op2 int_fns[] = {
        { "add", r_add }, { "min_u32", r_min_u32 }, { "min_i32", r_min_i32 }, { "max_u32", r_max_u32 },
        { "max_i32", r_max_i32 }, { "and", r_and }, { "or", r_or }, { "xor", r_xor },
    };
    static const op2 f32_fns[] = { { "add_f32", r_add_f32 }, { "min_f32", r_min_f32 }, { "max_f32", r_max_f32 } };
    const op2 *fns = f32 ? f32_fns : int_fns;
    unsigned nfn = f32 ? 3 : 8;
    /* the chained red8 + redfin rows and the in-place row (see the kernels) */
    const op2 *chains[3] = { &fns[0], f32 ? &fns[1] : &fns[2], f32 ? &fns[2] : NULL };
    unsigned nchain = f32 ? 3 : 2;
    const op2 *inplace = f32 ? &fns[0] : &fns[7];
    unsigned nout = 2 * nfn + nchain + 1, nw = f32 ? 20 : 8;
    dt_run d;
    if (!dt_init(&d, f32 ? "dt_reduce_f32" : "dt_reduce_int", nw, 1, 2, nout)) return;
    rng r = { f32 ? 52u : 51u };
    for (unsigned w = 0; w < nw; w++)
        for (unsigned l = 0; l < LANES; l++) {
            uint32_t x = rnd(&r);
            if (!f32) {
                switch (w) {
                case 2: x = int_edges[rnd_below(&r, N_INT_EDGES)]; break;
                case 3: x |= rnd(&r) | rnd(&r); break;        /* mostly ones: and/or */
                case 4: x &= rnd(&r) & rnd(&r); break;        /* sparse */
                case 5: x = rnd_below(&r, 4); break;          /* ties */
                case 6: x = (uint32_t)((int32_t)x >> rnd_below(&r, 31)); break;
                case 7: x = 0x80000000u; break;
                default: break;
                }
            } else {
                uint32_t m = rnd_f32_moderate(&r);
                switch (w) {
                case 0: x = m; break;
                case 1: /* big and small magnitudes: the order shows in the rounding */
                    x = (l % 3 == 0) ? bits(fl(m) * 1048576.0f) : (l % 3 == 1) ? m : bits(-fl(m) * 1048576.0f);
                    break;
                case 2: x = (l == 5 || l == 21) ? 0x7FC00000u : l == 13 ? 0xFFC00001u : m; break; /* NaN inputs */
                case 3: x = l == 9 ? 0x7F800000u : l == 12 ? 0xFF800000u : m; break; /* inf - inf in one chunk */
                case 4: x = (l % 5 == 0) ? 0x7F800000u : m; break;
                case 5: x = (rnd(&r) & 1) ? 0x80000000u : 0; break;               /* -0 and +0 */
                case 6: x = 0x80000000u; break;                                     /* all -0 */
                case 7: x = 0x7F000000u | (rnd(&r) & 0x807FFFFFu); break;           /* overflow */
                case 8: break;                                                      /* any bits */
                case 9: x = (l < 8 || (rnd(&r) & 1)) ? (0x7F800001u | rnd(&r)) : m; break; /* NaNs, payloads */
                case 10: x = rnd(&r) & 0x807FFFFFu; break;                          /* subnormals */
                default: /* cancellations whose result depends on the order: see below */
                    break;
                }
            }
            IN(&d, w, 0, l) = x;
            IN(&d, w, 1, l) = rnd(&r);
        }
    /* f32 waves 11..: each chunk a shuffle of {2^24, -2^24, 1, 1, 1, 3, 0.5, 2^-30}, and
     * lanes 0, 8, 16, 24 a shuffle of {2^24, -2^24, 1, 1}: summed in another
     * order (sequentially, or pairing other lanes) the rounding differs. */
    for (unsigned w = 11; f32 && w < nw; w++) {
        uint32_t *X = &IN(&d, w, 0, 0);
        static const float chunk[8] = { 16777216.0f, -16777216.0f, 1.0f, 1.0f, 1.0f, 3.0f, 0.5f, 0x1p-30f };
        static const float fin[4] = { 16777216.0f, -16777216.0f, 1.0f, 1.0f };
        float v[8];
        for (unsigned ch = 0; ch < 4; ch++) {
            memcpy(v, chunk, sizeof v);
            for (unsigned i = 7; i > 0; i--) {
                unsigned j = rnd_below(&r, i + 1);
                float t = v[i]; v[i] = v[j]; v[j] = t;
            }
            for (unsigned i = 0; i < 8; i++) X[8 * ch + i] = bits(v[i]);
        }
        memcpy(v, fin, sizeof fin);
        for (unsigned i = 3; i > 0; i--) {
            unsigned j = rnd_below(&r, i + 1);
            float t = v[i]; v[i] = v[j]; v[j] = t;
        }
        for (unsigned i = 0; i < 4; i++) X[8 * i] = bits(v[i]);
    }
    dt_exec(&d);
    uint32_t *e = dt_exp(&d);
    if (!e) { dt_free(&d); return; }
    for (unsigned w = 0; w < nw; w++) {
        const uint32_t *X = &IN(&d, w, 0, 0), *P = &IN(&d, w, 1, 0);
        uint32_t t[LANES];
        for (unsigned k = 0; k < nfn; k++) {
            ref_red8(fns[k].f, X, P, &EXP(&d, e, w, 2 * k, 0));
            ref_redfin(fns[k].f, X, P, &EXP(&d, e, w, 2 * k + 1, 0));
        }
        for (unsigned k = 0; k < nchain; k++) {
            ref_red8(chains[k]->f, X, P, t);
            ref_redfin(chains[k]->f, t, t, &EXP(&d, e, w, 2 * nfn + k, 0));
        }
        ref_red8(inplace->f, X, X, &EXP(&d, e, w, 2 * nfn + nchain, 0));
    }
    for (unsigned k = 0; k < nout; k++) {
        char name[80];
        if (k < 2 * nfn) snprintf(name, sizeof name, "dt_%s_%s", k % 2 ? "redfin" : "red8", fns[k / 2].name);
        else if (k < 2 * nfn + nchain) snprintf(name, sizeof name, "dt_red8_redfin_%s_all_lanes", chains[k - 2 * nfn]->name);
        else snprintf(name, sizeof name, "dt_red8_%s_in_place", inplace->name);
        dt_check_row(&d, k, name, exp_row(&d, e, k));
    }
    free(e);
    dt_free(&d);
}

/* ------------------------------------------------------------ directed tests: branches, signals */

static void test_branch(void)
{
    const unsigned nw = 8;
    dt_run d;
    if (!dt_init(&d, "dt_branch", nw, 1, 3, 23)) return;
    rng r = { 61 };
    static const uint32_t z0[8] = { 0, 5, 0x80000000u, 0, 1, 0, 0xFFFFFFFFu, 2 };
    static const uint32_t k0[8] = { 0, 3, 7, 1, 0x12345675u, 2, 6, 4 };
    for (unsigned w = 0; w < nw; w++)
        for (unsigned l = 0; l < LANES; l++) {
            uint32_t z = rnd(&r) | 2, m = rnd(&r) & ~1u, sel;
            if (w == 1) z = 0;
            switch (w) {
            case 0: sel = 1; break;                 /* every lane */
            case 1: sel = 0; break;                 /* none */
            case 2: sel = l == 31; break;
            case 3: sel = l != 0; break;
            case 5: sel = l < 16; break;
            case 6: sel = l >= 16; break;
            case 7: sel = l & 1; break;
            default: sel = rnd(&r) & 1; break;
            }
            IN(&d, w, 0, l) = l ? z : z0[w];
            IN(&d, w, 1, l) = m | sel;
            IN(&d, w, 2, l) = l ? rnd(&r) : k0[w];
        }
    dt_exec(&d);
    uint32_t *e = dt_exp(&d);
    if (!e) { dt_free(&d); return; }
    /* taken[k][w]: does branch k go to its target in wave w */
    bool taken[20][8];
    for (unsigned w = 0; w < nw; w++) {
        const uint32_t *Z = &IN(&d, w, 0, 0), *M = &IN(&d, w, 1, 0);
        bool all_m = true, none_m = true, any_k16 = false, any_zm = false;
        for (unsigned l = 0; l < LANES; l++) {
            if (!b0(M[l])) all_m = false;
            else none_m = false;
            if (!b0(M[l]) && !(l & 8)) any_k16 = true;
            if (b0(Z[l]) && b0(M[l])) any_zm = true;
        }
        bool t[20] = {
            true, Z[0] == 0, Z[0] != 0, Z[0] == 0, Z[0] != 0, b0(M[0]) == 1, b0(M[0]) == 1, true, false, true,
            all_m, none_m, false, true, true, !none_m, any_k16, false, false, any_zm,
        };
        for (unsigned k = 0; k < 20; k++) {
            taken[k][w] = t[k];
            for (unsigned l = 0; l < LANES; l++) EXP(&d, e, w, k, l) = t[k] ? 0x102u : 0x103u;
        }
        uint32_t n = IN(&d, w, 2, 0) & 7;
        for (unsigned l = 0; l < LANES; l++) {
            EXP(&d, e, w, 20, l) = 3 * n;
            EXP(&d, e, w, 21, l) = 5 * (n + 1);
            EXP(&d, e, w, 22, l) = Z[l];
        }
    }
    /* 0: always taken; 1: never; 2: both, across the waves (the inputs must cover both) */
    static const struct { const char *name; int kind; } br[20] = {
        { "dt_branch_br_taken", 0 },
        { "dt_branch_brz_vreg_taken_and_not_taken", 2 },
        { "dt_branch_brnz_vreg_taken_and_not_taken", 2 },
        { "dt_branch_brz_sreg_taken_and_not_taken", 2 },
        { "dt_branch_brnz_sreg_taken_and_not_taken", 2 },
        { "dt_branch_brz_mask_taken_and_not_taken", 2 },
        { "dt_branch_brnz_mask_taken_and_not_taken", 2 },
        { "dt_branch_brz_literal_zero_taken", 0 },
        { "dt_branch_brnz_literal_zero_not_taken", 1 },
        { "dt_branch_brnz_literal_nonzero_taken", 0 },
        { "dt_branch_br_all_taken_and_not_taken", 2 },
        { "dt_branch_br_all_inverted_taken_and_not_taken", 2 },
        { "dt_branch_br_all_half_mask_not_taken", 1 },
        { "dt_branch_br_all_one_taken", 0 },
        { "dt_branch_br_all_two_constants_taken", 0 },
        { "dt_branch_br_any_taken_and_not_taken", 2 },
        { "dt_branch_br_any_two_terms_taken_and_not_taken", 2 },
        { "dt_branch_br_any_zero_not_taken", 1 },
        { "dt_branch_br_any_empty_mask_not_taken", 1 },
        { "dt_branch_br_any_two_regs_taken_and_not_taken", 2 },
    };
    for (unsigned k = 0; k < 20; k++) {
        unsigned nt = 0;
        for (unsigned w = 0; w < nw; w++) nt += taken[k][w];
        bool covered = br[k].kind == 0 ? nt == nw : br[k].kind == 1 ? nt == 0 : nt > 0 && nt < nw;
        if (!covered && selected(br[k].name)) {
            fail(br[k].name, "the inputs do not give the intended taken/not-taken cases (%u of %u waves take it)", nt, nw);
            continue;
        }
        dt_check_row(&d, k, br[k].name, exp_row(&d, e, k));
    }
    dt_check_row(&d, 20, "dt_branch_loop_brz_forward_br_backward", exp_row(&d, e, 20));
    dt_check_row(&d, 21, "dt_branch_loop_brnz_backward", exp_row(&d, e, 21));
    dt_check_row(&d, 22, "dt_nop", exp_row(&d, e, 22));
    free(e);
    dt_free(&d);
}

/* end with stores in flight: they complete; the code after end does not run. */
static void test_end(void)
{
    const unsigned nw = 4;
    dt_run d;
    if (!dt_init(&d, "dt_end", nw, 1, 1, 2)) return;
    rng r = { 65 };
    for (unsigned w = 0; w < nw; w++)
        for (unsigned l = 0; l < LANES; l++) IN(&d, w, 0, l) = rnd(&r);
    dt_exec(&d);
    uint32_t *e = dt_exp(&d);
    if (!e) { dt_free(&d); return; }
    for (unsigned w = 0; w < nw; w++)
        for (unsigned l = 0; l < LANES; l++) {
            EXP(&d, e, w, 0, l) = IN(&d, w, 0, l) + 1;
            EXP(&d, e, w, 1, l) = 0x600D;
        }
    dt_check_row(&d, 0, "dt_end_pending_store_completes", exp_row(&d, e, 0));
    dt_check_row(&d, 1, "dt_end_code_after_end_not_run", exp_row(&d, e, 1));
    free(e);
    dt_free(&d);
}

/* A barrier lets wave 1 through once wave 0 of its group has ended. */
static void test_barrier_ended(void)
{
    const unsigned nw = 6; /* 3 groups of 2 waves */
    dt_run d;
    if (!dt_init(&d, "dt_barrier_ended", nw, 2, 0, 1)) return;
    dt_exec(&d);
    uint32_t *e = dt_exp(&d);
    if (!e) { dt_free(&d); return; }
    for (unsigned w = 0; w < nw; w++)
        for (unsigned l = 0; l < LANES; l++) EXP(&d, e, w, 0, l) = (w & 1) ? 0x600Eu : 0x600Du;
    dt_check_row(&d, 0, "dt_barrier_waits_only_for_waves_not_ended", exp_row(&d, e, 0));
    free(e);
    dt_free(&d);
}

static void test_signals(void)
{
    const unsigned nw = 4;
    dt_run d;
    if (!dt_init(&d, "dt_signals", nw, 1, 4, 13)) return;
    rng r = { 71 };
    for (unsigned w = 0; w < nw; w++)
        for (unsigned k = 0; k < 4; k++)
            for (unsigned l = 0; l < LANES; l++) IN(&d, w, k, l) = rnd(&r);
    dt_exec(&d);
    uint32_t *e = dt_exp(&d);
    if (!e) { dt_free(&d); return; }
    for (unsigned w = 0; w < nw; w++)
        for (unsigned l = 0; l < LANES; l++) {
            uint32_t A = IN(&d, w, 0, l), B = IN(&d, w, 1, l), C = IN(&d, w, 2, l), D = IN(&d, w, 3, l);
            uint32_t done = l ? 0x77u : 1u;
            EXP(&d, e, w, 0, l) = A + B + C + D;
            EXP(&d, e, w, 1, l) = done;
            EXP(&d, e, w, 2, l) = done;
            EXP(&d, e, w, 3, l) = (A ^ B) + C;
            EXP(&d, e, w, 4, l) = A * D;
            EXP(&d, e, w, 5, l) = B;
            EXP(&d, e, w, 6, l) = done;
            EXP(&d, e, w, 7, l) = C;
            EXP(&d, e, w, 8, l) = C + D;
            EXP(&d, e, w, 9, l) = A - B;
            EXP(&d, e, w, 10, l) = A;
            EXP(&d, e, w, 11, l) = A + 1;
            EXP(&d, e, w, 12, l) = done;
        }
    static const char *const names[13] = {
        "dt_sig_waitall4", "dt_sig_done2_after_waitall4", "dt_sig_done1_unused_slot", "dt_sig_waitall3",
        "dt_sig_waitall2", "dt_sig_wait", "dt_sig_done1_after_wait", "dt_sig_done1_poll_releases_load",
        "dt_sig_done2_poll", "dt_sig_reissue_on_pending_slot", "dt_sig_store_waited",
        "dt_sig_store_waited_then_loaded_back", "dt_sig_done1_after_store_wait",
    };
    for (unsigned k = 0; k < 13; k++) dt_check_row(&d, k, names[k], exp_row(&d, e, k));
    free(e);
    dt_free(&d);
}

/* sig_waitany*_br: the entry taken where timing cannot change it, and where it
 * can, an entry the slots allow with the data of the slot it names. */
static void test_sig_waitany(void)
{
    const unsigned nw = 4;
    dt_run d;
    if (!dt_init(&d, "dt_sig_waitany", nw, 1, 4, 7)) return;
    rng r = { 72 };
    for (unsigned w = 0; w < nw; w++)
        for (unsigned k = 0; k < 4; k++)
            for (unsigned l = 0; l < LANES; l++) IN(&d, w, k, l) = rnd(&r);
    dt_exec(&d);
    uint32_t *e = dt_exp(&d);
    if (!e) { dt_free(&d); return; }
    for (unsigned w = 0; w < nw; w++) {
        /* rows 2, 3 and 5 depend on timing: take the entry the wave's lane 0
         * reports if it is one the instruction may take, and check the rest
         * against it (a wrong entry or split fails below) */
        uint32_t k2 = d.ok ? OUT(&d, w, 2, 0) : 0x120;
        if (k2 < 0x120 || k2 > 0x122) k2 = 0x120;
        uint32_t k6 = d.ok ? OUT(&d, w, 6, 0) : 0x160;
        if (k6 < 0x160 || k6 > 0x163) k6 = 0x160;
        uint32_t c5 = d.ok ? OUT(&d, w, 5, 0) : 4;
        if ((c5 & 0xFF) + (c5 >> 8) != 4 || (c5 >> 8) > 4) c5 = 0xFFFFFFFF;   /* not a split of 4 */
        for (unsigned l = 0; l < LANES; l++) {
            uint32_t A = IN(&d, w, 0, l), B = IN(&d, w, 1, l), C = IN(&d, w, 2, l), D = IN(&d, w, 3, l);
            EXP(&d, e, w, 0, l) = 0x100;
            EXP(&d, e, w, 1, l) = 0x110;
            EXP(&d, e, w, 2, l) = k2;
            EXP(&d, e, w, 3, l) = k2 == 0x120 ? A : k2 == 0x121 ? B : C;
            EXP(&d, e, w, 4, l) = A + B + C + D;
            EXP(&d, e, w, 5, l) = c5;
            EXP(&d, e, w, 6, l) = k6;
        }
    }
    static const char *const names[7] = {
        "dt_sig_waitany_all_done_takes_entry_0", "dt_sig_waitany_first_done_takes_entry_0",
        "dt_sig_waitany_loads_in_flight_entry", "dt_sig_waitany_releases_the_slot_it_names",
        "dt_sig_waitany_double_buffered_stream", "dt_sig_waitany_stream_handlers_ran_4_times",
        "dt_sig_waitany4_loads_in_flight_entry",
    };
    for (unsigned k = 0; k < 7; k++) dt_check_row(&d, k, names[k], exp_row(&d, e, k));
    free(e);
    dt_free(&d);
}

/* ------------------------------------------------------------ directed tests: LDS, barrier */

static void test_lds(void)
{
    const unsigned nw = 8; /* 4 groups of 2 waves */
    dt_run d;
    if (!dt_init(&d, "dt_lds", nw, 2, 5, 13)) return;
    rng r = { 81 };
    for (unsigned w = 0; w < nw; w++) {
        for (unsigned l = 0; l < LANES; l++) {
            IN(&d, w, 0, l) = rnd(&r);
            IN(&d, w, 1, l) = rnd(&r);
            IN(&d, w, 2, l) = w == 0 ? (rnd(&r) | 1) : rnd(&r);
            IN(&d, w, 3, l) = rnd(&r);
            IN(&d, w, 4, l) = l;
        }
        for (unsigned l = LANES - 1; l > 0; l--) { /* a random permutation */
            unsigned j = rnd_below(&r, l + 1);
            uint32_t t = IN(&d, w, 4, l);
            IN(&d, w, 4, l) = IN(&d, w, 4, j);
            IN(&d, w, 4, j) = t;
        }
    }
    dt_exec(&d);
    uint32_t *e = dt_exp(&d);
    if (!e) { dt_free(&d); return; }
    for (unsigned w = 0; w < nw; w++) {
        const uint32_t *A = &IN(&d, w, 0, 0), *B = &IN(&d, w, 1, 0), *M = &IN(&d, w, 2, 0), *W = &IN(&d, w, 3, 0);
        const uint32_t *P = &IN(&d, w, 4, 0);
        unsigned other = w ^ 1;
        uint32_t words[8], scat[LANES];
        for (unsigned j = 0; j < 8; j++) words[j] = B[j];
        for (unsigned l = 0; l < LANES; l++) /* ascending: the highest lane's store is the last */
            if (b0(M[l])) words[W[l] & 7] = A[l];
        for (unsigned l = 0; l < LANES; l++) scat[P[l]] = A[l];
        for (unsigned l = 0; l < LANES; l++) {
            EXP(&d, e, w, 0, l) = A[l];
            EXP(&d, e, w, 1, l) = B[l];
            EXP(&d, e, w, 2, l) = B[l];
            EXP(&d, e, w, 3, l) = B[l];
            EXP(&d, e, w, 4, l) = (b0(M[l]) && l >= 16) ? A[l] : B[l];
            EXP(&d, e, w, 5, l) = b0(M[l]) ? A[l] : 0x77u;
            EXP(&d, e, w, 6, l) = A[28 + (l & 3)];
            EXP(&d, e, w, 7, l) = words[l & 7];
            EXP(&d, e, w, 8, l) = scat[l];
            EXP(&d, e, w, 9, l) = IN(&d, other, 0, l);
            EXP(&d, e, w, 10, l) = IN(&d, other, 1, l);
            EXP(&d, e, w, 11, l) = A[l];
            EXP(&d, e, w, 12, l) = IN(&d, other, 0, l);
        }
    }
    static const char *const names[13] = {
        "dt_lds_store_load", "dt_lds_store_offset", "dt_lds_load_offset", "dt_lds_address_wraps_around",
        "dt_lds_store_masked", "dt_lds_load_masked", "dt_lds_store_same_word_highest_lane_wins",
        "dt_lds_store_same_word_masked", "dt_lds_store_scatter_permutation", "dt_barrier_lds_exchange",
        "dt_barrier_lds_exchange_second_round", "dt_barrier_global_store_sc_group",
        "dt_barrier_global_exchange_sc_group",
    };
    for (unsigned k = 0; k < 13; k++) dt_check_row(&d, k, names[k], exp_row(&d, e, k));
    free(e);
    dt_free(&d);
}

/* ------------------------------------------------------------ directed tests: atomics */

static const char *const atomic_ops[10] = { "add", "min_u32", "min_i32", "max_u32", "max_i32",
                                            "and", "or", "xor", "xchg", "cas" };
/* Modifiers of the global atomics in dt_global_atomic.s, as name suffixes. */
static const char *const gatomic_mods[10] = { "", "_sc_group", "_sc_device", "_sc_system", "_nt",
                                              "_sc_device_nt", "_sc_wave", "_sc_system_nt", "_sc_group_nt", "" };

/* The new word of an atomic (docs/isa.md 4.6); cmp is the old D of the lane (cas). */
static uint32_t atomic_new(unsigned op, uint32_t old, uint32_t v, uint32_t cmp)
{
    switch (op) {
    case 0: return old + v;
    case 1: return r_min_u32(old, v);
    case 2: return r_min_i32(old, v);
    case 3: return r_max_u32(old, v);
    case 4: return r_max_i32(old, v);
    case 5: return old & v;
    case 6: return old | v;
    case 7: return old ^ v;
    case 8: return v;
    default: return old == cmp ? v : old;
    }
}

/* One masked atomic of a wave over 32 words: lane l (if selected) on word
 * wordof[l], in ascending lane order. ret gets the old values (C elsewhere);
 * counts the cas hits and misses. */
static void ref_atomic(unsigned op, const uint32_t *I, const uint32_t *V, const uint32_t *C, const uint32_t *M,
                       const unsigned *wordof, uint32_t *mem, uint32_t *ret, unsigned *hits, unsigned *misses)
{
    memcpy(mem, I, LANES * 4);
    for (unsigned l = 0; l < LANES; l++) {
        ret[l] = C[l];
        if (!b0(M[l])) continue;
        uint32_t old = mem[wordof[l]];
        ret[l] = old;
        if (old == C[l]) ++*hits;
        else ++*misses;
        mem[wordof[l]] = atomic_new(op, old, V[l], C[l]);
    }
}

/* Both atomic kernels: global = dt_global_atomic (rows per op: mem, ret for
 * distinct words, same words, noret), else dt_lds_atomic (ret, mem, ...). */
static void test_atomics(bool global)
{
    const unsigned nw = 6, nout = 62;
    dt_run d;
    if (!dt_init(&d, global ? "dt_global_atomic" : "dt_lds_atomic", nw, 1, 5, nout)) return;
    rng r = { global ? 92u : 91u };
    for (unsigned w = 0; w < nw; w++)
        for (unsigned l = 0; l < LANES; l++) {
            uint32_t i = rnd(&r), v = rnd(&r), c = rnd(&r), m = rnd(&r), wd = rnd(&r);
            switch (w) {
            case 1: i &= 1; v &= 1; c &= 1; break;                 /* many cas hits */
            case 2: i &= 3; v &= 3; c &= 3; m |= 1; break;         /* every lane */
            case 3:
                i = int_edges[rnd_below(&r, N_INT_EDGES)];
                v = int_edges[rnd_below(&r, N_INT_EDGES)];
                break;
            case 4: c = i; break;                                   /* cas hits on distinct words */
            case 5: i &= 3; v &= 3; c &= 3; wd = 2; break;          /* every lane on word 2 */
            default: break;
            }
            IN(&d, w, 0, l) = i;
            IN(&d, w, 1, l) = v;
            IN(&d, w, 2, l) = c;
            IN(&d, w, 3, l) = m;
            IN(&d, w, 4, l) = wd;
        }
    dt_exec(&d);
    uint32_t *e = dt_exp(&d);
    if (!e) { dt_free(&d); return; }
    unsigned hits[2] = { 0, 0 }, misses[2] = { 0, 0 }; /* cas: distinct words, same words */
    for (unsigned w = 0; w < nw; w++) {
        const uint32_t *I = &IN(&d, w, 0, 0), *V = &IN(&d, w, 1, 0), *C = &IN(&d, w, 2, 0), *M = &IN(&d, w, 3, 0);
        unsigned own[LANES], same[LANES], zero[LANES];
        uint32_t ones[LANES], allm[LANES];
        for (unsigned l = 0; l < LANES; l++) {
            own[l] = l;
            same[l] = IN(&d, w, 4, l) & 3;
            zero[l] = 0;
            ones[l] = 1;
            allm[l] = 1;
        }
        for (unsigned op = 0; op < 10; op++) {
            uint32_t mem[LANES], ret[LANES];
            unsigned h = 0, m = 0;
            unsigned base = 6 * op, rm = global ? 0 : 1, rr = global ? 1 : 0;
            ref_atomic(op, I, V, C, M, own, mem, ret, &h, &m);
            if (op == 9) { hits[0] += h; misses[0] += m; }
            memcpy(&EXP(&d, e, w, base + rm, 0), mem, sizeof mem);
            memcpy(&EXP(&d, e, w, base + rr, 0), ret, sizeof ret);
            h = m = 0;
            ref_atomic(op, I, V, C, M, same, mem, ret, &h, &m);
            if (op == 9) { hits[1] += h; misses[1] += m; }
            memcpy(&EXP(&d, e, w, base + 2 + rm, 0), mem, sizeof mem);
            memcpy(&EXP(&d, e, w, base + 2 + rr, 0), ret, sizeof ret);
            memcpy(&EXP(&d, e, w, base + 4 + rm, 0), mem, sizeof mem);
            memcpy(&EXP(&d, e, w, base + 4 + rr, 0), C, LANES * 4); /* noret: D unchanged */
        }
        uint32_t mem[LANES], ret[LANES];
        unsigned h = 0, m = 0;
        ref_atomic(0, I, ones, C, allm, zero, mem, ret, &h, &m);
        memcpy(&EXP(&d, e, w, 60 + (global ? 0 : 1), 0), mem, sizeof mem);
        memcpy(&EXP(&d, e, w, 60 + (global ? 1 : 0), 0), ret, sizeof ret);
    }
    const char *pre = global ? "dt_global_atomic" : "dt_lds_atomic";
    for (unsigned op = 0; op < 10; op++) {
        static const char *const what[6] = { "ret_distinct_words", "mem_distinct_words", "ret_same_word",
                                             "mem_same_word", "noret_dest_unchanged", "noret_mem_same_word" };
        for (unsigned k = 0; k < 6; k++) {
            /* the row order of the kernel: LDS ret, mem; global mem, ret */
            unsigned row = 6 * op + (global ? (k ^ 1) : k);
            char name[96];
            snprintf(name, sizeof name, "%s_%s%s_%s", pre, atomic_ops[op], global ? gatomic_mods[op] : "", what[k]);
            if (op == 9 && k < 4 && selected(name)) {
                unsigned c = k < 2 ? 0 : 1;
                if (!hits[c] || !misses[c]) {
                    fail(name, "the inputs give %u cas hits and %u misses; both are needed", hits[c], misses[c]);
                    continue;
                }
            }
            dt_check_row(&d, row, name, exp_row(&d, e, row));
        }
    }
    char name[96];
    snprintf(name, sizeof name, "%s_add_all_lanes_one_word_ret", pre);
    dt_check_row(&d, global ? 61 : 60, name, exp_row(&d, e, global ? 61 : 60));
    snprintf(name, sizeof name, "%s_add_all_lanes_one_word_mem", pre);
    dt_check_row(&d, global ? 60 : 61, name, exp_row(&d, e, global ? 60 : 61));
    free(e);
    dt_free(&d);
}

/* ------------------------------------------------------------ directed tests: global memory, caches */

static void test_global_mem(void)
{
    const unsigned nw = 4;
    dt_run d;
    if (!dt_init(&d, "dt_global_mem", nw, 1, 4, 15)) return;
    rng r = { 101 };
    for (unsigned w = 0; w < nw; w++)
        for (unsigned l = 0; l < LANES; l++) {
            IN(&d, w, 0, l) = rnd(&r);
            IN(&d, w, 1, l) = rnd(&r);
            IN(&d, w, 2, l) = rnd(&r);
            IN(&d, w, 3, l) = rnd(&r);
        }
    dt_exec(&d);
    uint32_t *e = dt_exp(&d);
    if (!e) { dt_free(&d); return; }
    for (unsigned w = 0; w < nw; w++) {
        const uint32_t *A = &IN(&d, w, 0, 0), *B = &IN(&d, w, 1, 0), *M = &IN(&d, w, 2, 0), *W = &IN(&d, w, 3, 0);
        uint32_t row1[LANES];
        for (unsigned j = 0; j < LANES; j++) row1[j] = SENTINEL;
        for (unsigned l = 0; l < LANES; l++)
            if (b0(M[l])) row1[W[l] & 7] = A[l];
        for (unsigned l = 0; l < LANES; l++) {
            uint32_t done = l ? 0x77u : 1u;
            EXP(&d, e, w, 0, l) = l < 4 ? A[28 + l] : SENTINEL;
            EXP(&d, e, w, 1, l) = row1[l];
            EXP(&d, e, w, 2, l) = b0(M[l]) ? A[l] : SENTINEL;
            EXP(&d, e, w, 3, l) = (b0(M[l]) && l >= 16) ? A[l] : B[l];
            for (unsigned k = 0; k < 5; k++) EXP(&d, e, w, 4 + k, l) = A[l] + k + 1;
            EXP(&d, e, w, 9, l) = done;
            EXP(&d, e, w, 10, l) = B[l];
            EXP(&d, e, w, 11, l) = B[l] ^ 0xFFFFu;
            EXP(&d, e, w, 12, l) = done;
            EXP(&d, e, w, 13, l) = done;
            EXP(&d, e, w, 14, l) = done;
        }
    }
    static const char *const names[15] = {
        "dt_global_store_same_word_highest_lane_wins", "dt_global_store_same_word_masked", "dt_global_store_masked",
        "dt_global_load_masked", "dt_global_sc_wave", "dt_global_sc_group_nt", "dt_global_sc_device_nt",
        "dt_global_sc_system_nt", "dt_global_nt", "dt_cache_inv_l1_completes", "dt_cache_wb_l2_store_sc_device",
        "dt_cache_wb_l2_then_load_sc_system", "dt_cache_wb_l2_sig_done1_after_wait",
        "dt_cache_inv_l1_sig_done2_after_wait", "dt_cache_wb_l2_polled_with_sig_done1",
    };
    for (unsigned k = 0; k < 15; k++) dt_check_row(&d, k, names[k], exp_row(&d, e, k));
    free(e);
    dt_free(&d);
}

/* ------------------------------------------------------------ main */

/* ------------------------------------------------------------ the memory hierarchy (issue 5) */

/* kernels/l2_writeback.s with and without its cache_wb_l2. Both backends:
 * the memory holds the second stores. RTL: the DRAM sees the lines written
 * once (the end-of-task flush) without the write-back and twice with it
 * (the write-back, then the flush), both as dirty-line write-backs of the L2
 * and as bytes on the AXI4 port; and the launch with the write-back takes at
 * least one DRAM latency longer (its signal completes only when the writes
 * are answered). */
static void test_l2_writeback(const char *name)
{
    if (!selected(name)) return;
    const uint32_t iters = 16, words = iters * LANES, lines = words / 16;
    gpu_device *dev = open_dev(name, 2, 0);
    if (!dev) return;
    gpu_addr buf;
    uint64_t cycles[2] = { 0, 0 };
    bool ok = dev_alloc(name, dev, words * 4, &buf);
    for (uint32_t wb = 0; wb < 2 && ok; wb++) {
        gpu_counters c;
        uint32_t args[3] = { buf, iters, wb }, *got = NULL, exp[16 * LANES];
        ok = gpu_fill(dev, buf, SENTINEL, words * 4) == GPU_OK && run_ok(name, dev, "l2_writeback", 1, 1, 0, args, 3) &&
             gpu_read_counters(dev, &c) == GPU_OK && (got = dev_fetch(name, dev, buf, words)) != NULL;
        if (!ok) {
            if (!got) fail(name, "running l2_writeback (wb %u) failed", wb);
            free(got);
            break;
        }
        for (uint32_t i = 0; i < words; i++) exp[i] = i + 1000;
        char what[32];
        snprintf(what, sizeof what, "buf (wb %u)", wb);
        ok = compare_words(name, exp, got, words, what);
        free(got);
        cycles[wb] = c.cycles;
        if (ok && backend == GPU_BACKEND_RTL) {
            uint64_t times = wb ? 2 : 1;
            if (c.l2_evictions != times * lines || c.dram_bytes_written != times * lines * 64) {
                fail(name, "wb %u: %" PRIu64 " dirty lines written back and %" PRIu64 " bytes written to DRAM; expected %"
                     PRIu64 " and %" PRIu64, wb, c.l2_evictions, c.dram_bytes_written, times * lines, times * lines * 64);
                ok = false;
            }
        }
    }
    if (ok && backend == GPU_BACKEND_RTL && cycles[1] < cycles[0] + 100) {
        fail(name, "the launch with cache_wb_l2 took %" PRIu64 " cycles, without %" PRIu64
             ": less than one DRAM latency (100) more, so its signal did not wait for the writes", cycles[1], cycles[0]);
        ok = false;
    }
    if (ok) pass(name);
    gpu_close(dev);
}

/* kernels/atomic_contend.s on 4 CUs: 8 groups of 2 waves, 8 iterations; all
 * atomics of the launch on one line. The counters must be exact (every lane's
 * noret add and xor performed once, atomically). With ret = 1, the returning
 * adds hand out tickets: each of 0..N-1 exactly once. (On the RTL the lockstep
 * checker also replays every atomic in the order the L2 performed it and
 * compares each returned value.) */
static void test_atomic_contention(int ret, const char *name)
{
    if (!selected(name)) return;
    const uint32_t groups = 8, waves = 2 * groups, iters = 8, n = waves * iters * LANES;
    gpu_device *dev = open_dev(name, 4, 0);
    if (!dev) return;
    gpu_addr ctr, tickets;
    uint32_t init[4] = { 5, 7, 0x12345678u, 0 }, *got = NULL, *tk = NULL;
    if (dev_alloc(name, dev, 64, &ctr) && dev_alloc(name, dev, n * 4, &tickets) && dev_put(name, dev, ctr, init, 16) &&
        gpu_fill(dev, tickets, SENTINEL, n * 4) == GPU_OK) {
        uint32_t args[4] = { ctr, tickets, iters, (uint32_t)ret };
        gpu_counters c;
        if (run_ok(name, dev, "atomic_contend", groups, 2, 0, args, 4) && gpu_read_counters(dev, &c) == GPU_OK &&
            (got = dev_fetch(name, dev, ctr, 4)) && (tk = dev_fetch(name, dev, tickets, n))) {
            uint32_t exp[4] = { init[0] + n, init[1], init[2], ret ? n : 0 };
            for (uint32_t w = 0; w < waves; w++)
                for (uint32_t l = 0; l < LANES; l++) {
                    exp[1] += iters * (l + 1);
                    if (iters & 1) exp[2] ^= w << 5 | l;
                }
            bool ok = compare_words(name, exp, got, 4, "ctr");
            if (ok && ret) {
                uint8_t *seen = calloc(n, 1);
                for (uint32_t i = 0; i < n && ok; i++) {
                    if (tk[i] >= n || seen[tk[i]]) {
                        fail(name, "ticket %u at index %u is %s", tk[i], i, tk[i] >= n ? "out of range" : "handed out twice");
                        ok = false;
                    } else {
                        seen[tk[i]] = 1;
                    }
                }
                free(seen);
            }
            uint64_t atomics = (uint64_t)n * (ret ? 4 : 3);
            if (ok && backend == GPU_BACKEND_RTL && c.l2_atomics != atomics) {
                fail(name, "%" PRIu64 " atomics executed in the L2; expected %" PRIu64, c.l2_atomics, atomics);
                ok = false;
            }
            if (ok) pass(name);
        }
    }
    free(got);
    free(tk);
    gpu_close(dev);
}

/* kernels/l1_own_write.s on 2 CUs, 8 groups of 2 waves: every wave reads back
 * its own stores through its CU's L1, both when the L1 holds the line (the
 * store must update it) and when the line's fill is still on its way (the
 * fill must not install the line read before the store). */
static void test_l1_own_write(const char *name)
{
    if (!selected(name)) return;
    const uint32_t groups = 8, waves = 2 * groups;
    gpu_device *dev = open_dev(name, 2, 0);
    if (!dev) return;
    gpu_addr buf, out;
    uint32_t *got = NULL, *exp = words_alloc(waves * 64);
    if (exp && dev_alloc(name, dev, waves * 512, &buf) && dev_alloc(name, dev, waves * 256, &out) &&
        gpu_fill(dev, buf, 7, waves * 512) == GPU_OK && gpu_fill(dev, out, SENTINEL, waves * 256) == GPU_OK) {
        uint32_t args[2] = { buf, out };
        if (run_ok(name, dev, "l1_own_write", groups, 2, 0, args, 2) && (got = dev_fetch(name, dev, out, waves * 64))) {
            for (uint32_t w = 0; w < waves; w++)
                for (uint32_t l = 0; l < LANES; l++) {
                    exp[w * 64 + l] = l + 100;
                    exp[w * 64 + 32 + l] = l < 16 ? l + 200 : SENTINEL;
                }
            check_words(name, exp, got, waves * 64, "out");
        }
    }
    free(exp);
    free(got);
    gpu_close(dev);
}

/* kernels/lds_fresh.s: 32 one-wave groups, so that every LDS slot of every
 * CU is reused many times: each group reads its whole allocation before
 * writing group + 1 over it. Every word read is 0 (the clearing of a new
 * allocation, with its first row starting mid-row in slot 1 and its last
 * ending mid-row in slot 0); the 6 words past the allocation are not
 * written. */
static void test_lds_fresh(const char *name)
{
    if (!selected(name)) return;
    const uint32_t groups = 32;
    gpu_device *dev = open_dev(name, 2, 0);
    if (!dev) return;
    gpu_addr out;
    uint32_t *got = NULL, *exp = words_alloc(groups * 256);
    if (exp && dev_alloc(name, dev, groups * 1024, &out) && gpu_fill(dev, out, SENTINEL, groups * 1024) == GPU_OK) {
        uint32_t args[1] = { out };
        if (run_ok(name, dev, "lds_fresh", groups, 1, 0, args, 1) && (got = dev_fetch(name, dev, out, groups * 256))) {
            for (uint32_t g = 0; g < groups; g++)
                for (uint32_t w = 0; w < 256; w++) exp[g * 256 + w] = w < 250 ? 0 : SENTINEL;
            check_words(name, exp, got, groups * 256, "out");
        }
    }
    free(exp);
    free(got);
    gpu_close(dev);
}

/* kernels/l2_system_scope.s at device and at system scope: the same stores
 * (every line twice) and loads (every line twice). Both backends: memory
 * holds the second stores. RTL: at device scope the L2 keeps the lines (the
 * DRAM sees them written once, by the end-of-task flush, and reads only the
 * arguments' line); at system scope every access bypasses it (every store
 * written through: twice; every load read from memory: twice; and the
 * arguments' line). */
static void test_l2_system_scope(const char *name)
{
    if (!selected(name)) return;
    const uint32_t iters = 8, words = iters * LANES, lines = words / 16;
    gpu_device *dev = open_dev(name, 1, 0);
    if (!dev) return;
    gpu_addr buf;
    bool ok = dev_alloc(name, dev, words * 4, &buf);
    for (uint32_t sys = 0; sys < 2 && ok; sys++) {
        gpu_counters c;
        uint32_t args[3] = { buf, iters, sys }, *got = NULL, exp[8 * LANES];
        ok = gpu_fill(dev, buf, SENTINEL, words * 4) == GPU_OK && run_ok(name, dev, "l2_system_scope", 1, 1, 0, args, 3) &&
             gpu_read_counters(dev, &c) == GPU_OK && (got = dev_fetch(name, dev, buf, words)) != NULL;
        if (!ok) {
            if (!got) fail(name, "running l2_system_scope (sys %u) failed", sys);
            free(got);
            break;
        }
        for (uint32_t i = 0; i < words; i++) exp[i] = i + 1000;
        ok = compare_words(name, exp, got, words, sys ? "buf (system scope)" : "buf (device scope)");
        free(got);
        if (ok && backend == GPU_BACKEND_RTL) {
            uint64_t xw = (sys ? 2 : 1) * lines * 64, xr = (sys ? 2 * lines : 0) * 64 + 64;
            if (c.dram_bytes_written != xw || c.dram_bytes_read != xr) {
                fail(name, "%s scope: DRAM bytes written %" PRIu64 ", read %" PRIu64 "; expected %" PRIu64 " and %" PRIu64,
                     sys ? "system" : "device", c.dram_bytes_written, c.dram_bytes_read, xw, xr);
                ok = false;
            }
        }
    }
    if (ok) pass(name);
    gpu_close(dev);
}

int main(int argc, char **argv)
{
    char why[256];
    if (gpu_default_backend(&backend, why, sizeof why) != GPU_OK) {
        fprintf(stderr, "test_kernels: %s\n", why);
        return 2;
    }
    if (argc > 1) filter = argv[1];

    RUN_DT(test_int_alu(false));
    RUN_DT(test_int_alu(true));
    RUN_DT(test_f32_alu(false));
    RUN_DT(test_f32_alu(true));
    RUN_DT(test_consts(2, 4));
    RUN_DT(test_consts(1, 3));
    RUN_DT(test_masks());
    RUN_DT(test_xlane());
    RUN_DT(test_reduce(false));
    RUN_DT(test_reduce(true));
    RUN_DT(test_branch());
    RUN_DT(test_end());
    RUN_DT(test_barrier_ended());
    RUN_DT(test_signals());
    RUN_DT(test_sig_waitany());
    RUN_DT(test_lds());
    RUN_DT(test_atomics(false));
    RUN_DT(test_atomics(true));
    RUN_DT(test_global_mem());

    test_matmul(128, "kernel_matmul_tiled_128");
    test_matmul(32, "kernel_matmul_tiled_32");
    test_matmul(24, "kernel_matmul_tiled_24");
    test_vecadd(1000, "kernel_vecadd_u32_tail");
    test_vecadd(256, "kernel_vecadd_u32_no_tail");
    test_saxpy(1000, "kernel_saxpy_f32_fma_tail");
    test_reduce_u32(5003, 8, "kernel_reduce_u32_atomic");
    test_reduce_u32(70, 8, "kernel_reduce_u32_atomic_idle_waves");
    test_reduce_f32(3000, 256, "kernel_reduce_f32_partials", "kernel_reduce_f32_two_pass_sum");
    test_transpose(100, 70, "kernel_transpose_lds_100x70");
    test_transpose(64, 32, "kernel_transpose_lds_64x32");
    test_histogram(3000, 256, "kernel_histogram_atomics");
    test_l2_writeback("mem_l2_writeback_cache_wb_l2");
    test_lds_fresh("lds_new_allocation_reads_zero");
    test_l1_own_write("mem_l1_reads_own_stores");
    test_l2_system_scope("mem_l2_system_scope_bypasses");
    test_atomic_contention(0, "mem_atomics_contention_all_cus");
    test_atomic_contention(1, "mem_atomics_contention_all_cus_tickets");

    printf("test_kernels: %u passed, %u failed\n", n_pass, n_fail);
    return n_fail ? 1 : 0;
}
