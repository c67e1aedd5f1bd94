/* SPDX-License-Identifier: Apache-2.0 */
/* Reporting in probe mode (RUN_DT), the f32 helpers, devices and kernels
 * through the host API, and the directed-test runs (one dt_* kernel
 * launched, its rows read back and checked). */
#include "kernels_test.h"

#define ROW_BYTES (LANES * 4u)

/* ------------------------------------------------------------ reporting */

gpu_backend_kind backend = GPU_BACKEND_GOLDEN;
const char *filter; /* run only tests whose name contains it */

/* With a filter, each directed-test function first runs in probe mode: no
 * kernel is launched and nothing is reported, it only finds out whether any
 * of its test names is selected (RUN_DT). A slow backend then runs only the
 * kernels it needs. */
bool probing, probe_hit;

void pass(const char *name)
{
    if (probing) {
        probe_hit |= selected(name);
        return;
    }
    check_pass(name);
}

void fail(const char *name, const char *fmt, ...)
{
    if (probing) {
        probe_hit |= selected(name);
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    check_vfail(name, fmt, ap);
    va_end(ap);
}

/* ------------------------------------------------------------ f32 helpers */

float fl(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

uint32_t bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
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

gpu_device *open_dev(const char *test, unsigned cus, uint32_t mem)
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

/* Loads build/kernels/<kname>.wgk, or assembles src when it is not NULL. */
static gpu_status load_kernel(gpu_device *dev, const char *kname, const char *src, gpu_kernel **k, char *why,
                              size_t wlen)
{
    if (src) {
        gpu_status st = gpu_kernel_assemble(dev, src, strlen(src), kname, k);
        if (st != GPU_OK) snprintf(why, wlen, "assembling %s: %s", kname, gpu_last_error(dev));
        return st;
    }
    char path[256];
    snprintf(path, sizeof path, "build/kernels/%s.wgk", kname);
    gpu_status st = gpu_kernel_load_file(dev, path, k);
    if (st != GPU_OK) snprintf(why, wlen, "loading %s: %s", path, gpu_last_error(dev));
    return st;
}

/* Loads build/kernels/<kname>.wgk (or assembles src), launches it, waits. Returns the launch
 * status; *res holds the result. On any failure other than a fault or
 * timeout, why says what went wrong. */
static gpu_status run_kernel(gpu_device *dev, const char *kname, const char *src, uint32_t groups, uint32_t waves,
                             uint32_t lds, const uint32_t *args, uint32_t nargs, gpu_result *res, char *why,
                             size_t wlen)
{
    gpu_kernel *k = NULL;
    memset(res, 0, sizeof *res);
    gpu_status st = load_kernel(dev, kname, src, &k, why, wlen);
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

bool run_ok(const char *test, gpu_device *dev, const char *kname, uint32_t groups, uint32_t waves,
                   uint32_t lds, const uint32_t *args, uint32_t nargs)
{
    gpu_result res;
    char why[768];
    gpu_status st = run_kernel(dev, kname, NULL, groups, waves, lds, args, nargs, &res, why, sizeof why);
    if (st != GPU_OK) {
        fail(test, "%s", why);
        return false;
    }
    return true;
}

bool dev_alloc(const char *test, gpu_device *dev, uint32_t bytes, gpu_addr *a)
{
    gpu_status st = gpu_alloc(dev, bytes, a);
    if (st != GPU_OK) fail(test, "gpu_alloc(%u): %s", bytes, gpu_last_error(dev));
    return st == GPU_OK;
}

bool dev_put(const char *test, gpu_device *dev, gpu_addr a, const void *src, uint32_t bytes)
{
    gpu_status st = gpu_write(dev, a, src, bytes);
    if (st != GPU_OK) fail(test, "gpu_write: %s", gpu_last_error(dev));
    return st == GPU_OK;
}

bool dev_get(const char *test, gpu_device *dev, void *dst, gpu_addr a, uint32_t bytes)
{
    gpu_status st = gpu_read(dev, dst, a, bytes);
    if (st != GPU_OK) fail(test, "gpu_read: %s", gpu_last_error(dev));
    return st == GPU_OK;
}

bool dev_buf(const char *test, gpu_device *dev, uint32_t bytes, const void *init, uint32_t fill, gpu_addr *a)
{
    if (!dev_alloc(test, dev, bytes, a)) return false;
    if (init) return dev_put(test, dev, *a, init, bytes);
    gpu_status st = gpu_fill(dev, *a, fill, bytes);
    if (st != GPU_OK) fail(test, "gpu_fill: %s", gpu_last_error(dev));
    return st == GPU_OK;
}

/* Compares n words; on mismatch reports the first one, described by `where`
 * (a printf format taking the index, e.g. "C[%zu]") and the count. */
bool compare_words(const char *test, const uint32_t *exp, const uint32_t *got, size_t n, const char *what)
{
    size_t first;
    size_t bad = words_differ(exp, got, n, &first);
    if (!bad) return true;
    fail(test, "%s[%zu]: expected 0x%08" PRIx32 ", got 0x%08" PRIx32 " (%zu of %zu words differ)", what, first,
         exp[first], got[first], bad, n);
    return false;
}

bool check_words(const char *test, const uint32_t *exp, const uint32_t *got, size_t n, const char *what)
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

bool dt_init(dt_run *d, const char *kernel, uint32_t nwaves, uint32_t wpg, unsigned nin, unsigned nout)
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

void dt_free(dt_run *d)
{
    free(d->in);
    free(d->out);
    gpu_close(d->dev);
    memset(d, 0, sizeof *d);
}

void dt_exec(dt_run *d)
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
    st = run_kernel(d->dev, d->kernel, d->src, d->nwaves / wpg, d->wpg, d->lds, args, 4 + d->nextra, &d->res, d->why,
                    sizeof d->why);
    if (st != GPU_OK) return;
    if (gpu_read(d->dev, d->out, d->out_addr, out_total) != GPU_OK) {
        snprintf(d->why, sizeof d->why, "reading the output: %s", gpu_last_error(d->dev));
        return;
    }
    d->ok = true;
}

bool dt_check_row(const dt_run *d, unsigned row, const char *test, const uint32_t *exp)
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

