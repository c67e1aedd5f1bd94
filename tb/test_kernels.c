/* test_kernels: runs every kernel of kernels/ (assembled to sim/kernels/NAME.wgk)
 * through the host API (gpu.h) and compares the whole output with a plain C
 * computation on the host, bit for bit (f32 included: the host computes in the
 * kernel's operation order, NaNs canonicalised to 0x7FC00000).
 *
 * The expected values come from the semantics of docs/isa.md written again
 * here in C; nothing is taken from the golden model. Inputs come from a
 * fixed-seed PRNG plus tables of edge values.
 *
 *   WAVEGPU_BACKEND=golden|rtl sim/bin/test_kernels [name-substring]
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

static void pass(const char *name)
{
    printf("PASS %s\n", name);
    n_pass++;
}

static void fail(const char *name, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(const char *name, const char *fmt, ...)
{
    va_list ap;
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

__attribute__((unused)) static gpu_device *open_dev(const char *test, unsigned cus, uint32_t mem)
{
    gpu_config cfg;
    gpu_config_default(&cfg);
    cfg.backend = backend;
    if (cus) cfg.num_cus = cus;
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
    snprintf(path, sizeof path, "sim/kernels/%s.wgk", kname);
    gpu_status st = gpu_kernel_load_file(dev, path, k);
    if (st != GPU_OK) snprintf(why, wlen, "loading %s: %s", path, gpu_last_error(dev));
    return st;
}

/* Loads sim/kernels/<kname>.wgk, launches it, waits. Returns the launch
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
        gpu_result_format(dev, res, line, sizeof line);
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
__attribute__((unused)) static bool check_words(const char *test, const uint32_t *exp, const uint32_t *got, size_t n, const char *what)
{
    size_t bad = 0, first = 0;
    for (size_t i = 0; i < n; i++)
        if (exp[i] != got[i]) {
            if (!bad) first = i;
            bad++;
        }
    if (!bad) {
        pass(test);
        return true;
    }
    fail(test, "%s[%zu]: expected 0x%08" PRIx32 ", got 0x%08" PRIx32 " (%zu of %zu words differ)", what, first,
         exp[first], got[first], bad, n);
    return false;
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
    gpu_config cfg;
    gpu_config_default(&cfg);
    cfg.backend = backend;
    if (d->cus) cfg.num_cus = d->cus;
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

/* ------------------------------------------------------------ main */

int main(int argc, char **argv)
{
    const char *be = getenv("WAVEGPU_BACKEND");
    if (be && strcmp(be, "rtl") == 0) backend = GPU_BACKEND_RTL;
    else if (be && *be && strcmp(be, "golden") != 0) {
        fprintf(stderr, "test_kernels: WAVEGPU_BACKEND must be golden or rtl, not '%s'\n", be);
        return 2;
    }
    if (argc > 1) filter = argv[1];

    test_int_alu(false);
    test_int_alu(true);
    test_f32_alu(false);
    test_f32_alu(true);

    printf("test_kernels: %u passed, %u failed\n", n_pass, n_fail);
    return n_fail ? 1 : 0;
}
