/* SPDX-License-Identifier: Apache-2.0 */
/* sim_main: `make sim` of the kernels with a host reference in C. Runs one kernel of kernels/ on the Verilated RTL
 * (sim/rtl_backend.h) in lockstep with the golden model, checks its output
 * against a host reference and/or a standalone golden-model run, optionally
 * writes an FST, and prints a summary ending in PASS or FAIL.
 *
 *   build/bin/wavegpu_sim [--kernel NAME] [--n N] [--cus C]
 *        [--latency L] [--dram-channels C] [--dram-bpc B] [--jitter SEED]
 *        [--fst PATH] [--trace-start C] [--trace-end C] [--trace-depth D]
 *
 * The DRAM model behind the AXI4 port: --latency cycles (default 100),
 * --dram-channels (default 4) of --dram-bpc bytes per cycle each (default 4),
 * --jitter SEED: a random extra latency per burst (default 0: none).
 *
 * Tracing (--fst): cycles [--trace-start, --trace-end) after the launch edge;
 * without --trace-end, 150000 cycles from the start; --trace-end 0: to the
 * end. --trace-depth D: hierarchy levels ($dumpvars: 1 = the ports of TOP,
 * 4 = a CU's own signals, 5 = its units'); 0 = all.
 *
 * Kernels with a host driver: matmul_tiled (--n, default 128: C = A*B for
 * N x N f32, (N/8)^2 groups of 2 waves; reference: mul then add per k), and
 * vecadd_u32 (--n elements, default 4000: c = a + b), saxpy_f32 (--n,
 * default 4000: y = fmaf(a, x, y) in place). Every other kernel, and these
 * too, runs with wgrun (sim/wgrun.c): make sim KERNEL=name uses the kernel's
 * "# run:" line (scripts/sim_kernel.sh). Every number is parsed strictly
 * (csrc/parse_num.h): a bad one is a message naming the option, exit 2.
 * Run from the repository root (kernels are read from build/kernels/).
 * Exit status: 0 PASS, 1 FAIL, 2 usage.
 */
#define _POSIX_C_SOURCE 200809L
#include "gpu.h"
#include "parse_num.h"
#include "rtl_backend.h"
#include "sim_report.h"

#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define SENTINEL 0xCDCDCDCDu
/* The default trace window: matmul_tiled N=128 runs about 0.9M cycles and its
 * FST takes about 0.5 MB per 1000 cycles at full depth, traced at a third of
 * the untraced speed; 150000 cycles keep the file near 80 MB and `make sim`
 * well under 3 minutes. */
#define DEFAULT_TRACE_CYCLES 150000u

typedef struct {
    const char *kernel;
    uint32_t n, cus, latency, dram_channels, dram_bpc;
    uint64_t jitter;
    const char *fst;
    uint64_t trace_start, trace_end;
    uint32_t trace_depth;
} options;

/* What a driver sets up and checks. */
typedef struct {
    uint32_t groups, wpg;
    uint32_t args[8];
    unsigned nargs;
    uint32_t in_bytes, out_bytes;    /* the input image (at in_addr) and the output buffer (at out_addr) */
    uint32_t *in;                    /* host copy of the input */
    uint32_t *out_init;              /* initial output buffer (in-place kernels), or NULL: SENTINEL */
    uint32_t *expect;                /* host reference of the output, or NULL */
    char what[128];                  /* one line: what runs */
} job;

/* ------------------------------------------------------------ helpers */

static uint64_t rng_state = 0x243F6A8885A308D3ull;
static uint32_t rnd(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return (uint32_t)((z ^ (z >> 31)) >> 16);
}

static float fl(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint32_t bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

/* A random f32 in +-[0.5, 2): products and sums stay well inside the range. */
static uint32_t rnd_f32(void) { return (rnd() & 0x807FFFFFu) | ((126u + (rnd() & 1)) << 23); }

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* ------------------------------------------------------------ drivers */

/* matmul_tiled: arguments A, B, C, N; the input image is A then B. */
static int drive_matmul(const options *o, job *j)
{
    uint32_t n = o->n;
    if (n < 8 || n % 8 || n > 512) {
        fprintf(stderr, "wavegpu_sim: matmul_tiled needs --n a multiple of 8 in 8..512 (got %u)\n", n);
        return -1;
    }
    uint32_t nn = n * n;
    j->in_bytes = 8 * nn;
    j->out_bytes = 4 * nn;
    j->in = malloc(j->in_bytes);
    j->expect = malloc(j->out_bytes);
    if (!j->in || !j->expect) return -1;
    uint32_t *a = j->in, *b = j->in + nn;
    for (uint32_t i = 0; i < 2 * nn; i++) j->in[i] = rnd_f32();
    for (uint32_t r = 0; r < n; r++)
        for (uint32_t c = 0; c < n; c++) {
            float sum = 0.0f;
            for (uint32_t k = 0; k < n; k++) {
                float p = fl(a[r * n + k]) * fl(b[k * n + c]);
                sum = sum + p;
            }
            j->expect[r * n + c] = bits(sum);
        }
    j->groups = (n / 8) * (n / 8);
    j->wpg = 2;
    j->nargs = 4;      /* A, B, C are filled in once allocated; args[3] = N */
    j->args[3] = n;
    snprintf(j->what, sizeof j->what, "matmul_tiled N=%u: %u groups x 2 waves", n, j->groups);
    return 0;
}

/* vecadd_u32: arguments c, a, b, n; the input image is a then b. */
static int drive_vecadd(uint32_t n, job *j)
{
    if (n < 1 || n > (1u << 20)) {
        fprintf(stderr, "wavegpu_sim: vecadd_u32 needs --n in 1..%u (got %u)\n", 1u << 20, n);
        return -1;
    }
    j->in_bytes = 8 * n;
    j->out_bytes = 4 * n;
    j->in = malloc(j->in_bytes);
    j->expect = malloc(j->out_bytes);
    if (!j->in || !j->expect) return -1;
    for (uint32_t i = 0; i < 2 * n; i++) j->in[i] = rnd() ^ (rnd() << 16);
    for (uint32_t i = 0; i < n; i++) j->expect[i] = j->in[i] + j->in[n + i];
    j->groups = (n + 31) / 32;
    j->wpg = 1;
    j->nargs = 4;
    j->args[3] = n;
    snprintf(j->what, sizeof j->what, "vecadd_u32 n=%u: %u groups x 1 wave", n, j->groups);
    return 0;
}

/* saxpy_f32: arguments y, x, a, n; y (the output buffer) is updated in place. */
static int drive_saxpy(uint32_t n, job *j)
{
    if (n < 1 || n > (1u << 20)) {
        fprintf(stderr, "wavegpu_sim: saxpy_f32 needs --n in 1..%u (got %u)\n", 1u << 20, n);
        return -1;
    }
    j->in_bytes = 4 * n;
    j->out_bytes = 4 * n;
    j->in = malloc(j->in_bytes);
    j->out_init = malloc(j->out_bytes);
    j->expect = malloc(j->out_bytes);
    if (!j->in || !j->out_init || !j->expect) return -1;
    uint32_t a = rnd_f32();
    for (uint32_t i = 0; i < n; i++) {
        j->in[i] = rnd_f32();
        j->out_init[i] = rnd_f32();
        j->expect[i] = bits(fmaf(fl(a), fl(j->in[i]), fl(j->out_init[i])));
    }
    j->groups = (n + 63) / 64;
    j->wpg = 2;
    j->nargs = 4;
    j->args[2] = a;
    j->args[3] = n;
    snprintf(j->what, sizeof j->what, "saxpy_f32 n=%u: %u groups x 2 waves", n, j->groups);
    return 0;
}

static void supported(FILE *f)
{
    fprintf(f, "kernels with a host reference here: matmul_tiled vecadd_u32 saxpy_f32; any kernel runs with wgrun "
               "(make sim KERNEL=name uses its '# run:' line)\n");
}

/* ------------------------------------------------------------ one run */

typedef struct {
    gpu_status st;
    char why[1024];
    uint32_t *out;
    gpu_counters ctr;
    double seconds;
} outcome;

/* Runs the job on one backend; fills r->out with the output buffer. */
static void run_job(const options *o, gpu_backend_kind be, const job *jb, outcome *r)
{
    memset(r, 0, sizeof *r);
    job j = *jb;
    gpu_config cfg;
    gpu_config_default(&cfg);
    cfg.backend = be;
    cfg.num_cus = o->cus;
    cfg.mem_latency = o->latency;
    cfg.dram_channels = o->dram_channels;
    cfg.dram_bytes_per_cycle = o->dram_bpc;
    cfg.dram_jitter_seed = o->jitter;
    gpu_device *dev = NULL;
    gpu_kernel *k = NULL;
    char path[256];
    snprintf(path, sizeof path, "build/kernels/%s.wgk", o->kernel);
    gpu_addr in = 0, out = 0;
    r->st = gpu_open(&cfg, &dev, r->why, sizeof r->why);
    if (r->st != GPU_OK) return;
    r->out = malloc(j.out_bytes);
    if ((r->st = gpu_kernel_load_file(dev, path, &k)) != GPU_OK || (r->st = gpu_alloc(dev, j.in_bytes, &in)) != GPU_OK ||
        (r->st = gpu_alloc(dev, j.out_bytes, &out)) != GPU_OK ||
        (r->st = gpu_write(dev, in, j.in, j.in_bytes)) != GPU_OK ||
        (r->st = j.out_init ? gpu_write(dev, out, j.out_init, j.out_bytes) : gpu_fill(dev, out, SENTINEL, j.out_bytes)) !=
            GPU_OK) {
        snprintf(r->why, sizeof r->why, "%s", gpu_last_error(dev));
        goto done;
    }
    if (strcmp(o->kernel, "matmul_tiled") == 0) {
        j.args[0] = in;
        j.args[1] = in + j.in_bytes / 2;
        j.args[2] = out;
    } else if (strcmp(o->kernel, "vecadd_u32") == 0) {
        j.args[0] = out;
        j.args[1] = in;
        j.args[2] = in + j.in_bytes / 2;
    } else {
        j.args[0] = out;
        j.args[1] = in;
    }
    gpu_launch_params p = { .num_groups = j.groups, .waves_per_group = j.wpg, .args = j.args, .num_args = j.nargs };
    if ((r->st = gpu_launch(dev, k, &p)) != GPU_OK) {
        snprintf(r->why, sizeof r->why, "%s", gpu_last_error(dev));
        goto done;
    }
    double t0 = now_s();
    gpu_result res;
    r->st = gpu_wait(dev, &res);
    r->seconds = now_s() - t0;
    gpu_read_counters(dev, &r->ctr);
    if (r->st != GPU_OK) {
        snprintf(r->why, sizeof r->why, "%s", gpu_last_error(dev));
        goto done;
    }
    if ((r->st = gpu_read(dev, r->out, out, j.out_bytes)) != GPU_OK)
        snprintf(r->why, sizeof r->why, "%s", gpu_last_error(dev));
done:
    gpu_kernel_free(k);
    gpu_close(dev);     /* also closes the FST */
}

static bool compare(const char *what, const uint32_t *exp, const uint32_t *got, uint32_t words, unsigned row_words)
{
    uint32_t bad = 0, first = 0;
    for (uint32_t i = 0; i < words; i++)
        if (exp[i] != got[i]) {
            if (!bad) first = i;
            bad++;
        }
    if (!bad) {
        printf("check      %s: %u words equal\n", what, words);
        return true;
    }
    printf("check      %s: word %u (row %u, column %u): expected 0x%08" PRIx32 ", got 0x%08" PRIx32
           " (%u of %u words differ)\n", what, first, first / row_words, first % row_words, exp[first], got[first], bad,
           words);
    return false;
}

/* ------------------------------------------------------------ main */

static int usage(FILE *f)
{
    fprintf(f, "usage: wavegpu_sim [--kernel NAME] [--n N] [--cus C] [--latency L]\n"
               "                   [--dram-channels C] [--dram-bpc B] [--jitter SEED]\n"
               "                   [--fst PATH] [--trace-start C] [--trace-end C] [--trace-depth D]\n");
    supported(f);
    return 2;
}

int main(int argc, char **argv)
{
    options o = { .kernel = "matmul_tiled", .n = 128, .cus = 4, .latency = 100, .dram_channels = 4, .dram_bpc = 4 };
    bool end_given = false, n_given = false;
    char err[256];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) return usage(stdout), 0;
        if (!v) {
            if (!strncmp(a, "--", 2)) fprintf(stderr, "wavegpu_sim: %s needs a value\n", a);
            return usage(stderr);
        }
        int rc = 0;
        if (!strcmp(a, "--kernel")) o.kernel = v;
        else if (!strcmp(a, "--n")) rc = parse_u32_opt(a, v, 1, 1u << 20, &o.n, err, sizeof err), n_given = true;
        else if (!strcmp(a, "--cus")) rc = parse_u32_opt(a, v, 1, rtl_backend_max_cus(), &o.cus, err, sizeof err);
        else if (!strcmp(a, "--latency")) rc = parse_u32_opt(a, v, 1, 1000000, &o.latency, err, sizeof err);
        else if (!strcmp(a, "--dram-channels")) rc = parse_u32_opt(a, v, 1, 16, &o.dram_channels, err, sizeof err);
        else if (!strcmp(a, "--dram-bpc")) rc = parse_u32_opt(a, v, 1, 64, &o.dram_bpc, err, sizeof err);
        else if (!strcmp(a, "--jitter")) rc = parse_u64_opt(a, v, 0, UINT64_MAX, &o.jitter, err, sizeof err);
        else if (!strcmp(a, "--fst")) o.fst = v;
        else if (!strcmp(a, "--trace-start")) rc = parse_u64_opt(a, v, 0, UINT64_MAX, &o.trace_start, err, sizeof err);
        else if (!strcmp(a, "--trace-end"))
            rc = parse_u64_opt(a, v, 0, UINT64_MAX, &o.trace_end, err, sizeof err), end_given = true;
        else if (!strcmp(a, "--trace-depth")) rc = parse_u32_opt(a, v, 0, 99, &o.trace_depth, err, sizeof err);
        else {
            fprintf(stderr, "wavegpu_sim: unknown option '%s'\n", a);
            return usage(stderr);
        }
        if (rc != 0) {
            fprintf(stderr, "wavegpu_sim: %s\n", err);
            return 2;
        }
        i++;
    }
    if (end_given && !o.fst) {
        fprintf(stderr, "wavegpu_sim: --trace-end: no --fst given\n");
        return 2;
    }
    if (end_given && o.trace_end != 0 && o.trace_end <= o.trace_start) {
        fprintf(stderr, "wavegpu_sim: --trace-end %" PRIu64 " is not after --trace-start %" PRIu64 " (0: trace to the end)\n",
                o.trace_end, o.trace_start);
        return 2;
    }
    if (!end_given) o.trace_end = o.trace_start + DEFAULT_TRACE_CYCLES;
    job j;
    memset(&j, 0, sizeof j);
    int rc = -2;
    if (!strcmp(o.kernel, "matmul_tiled")) rc = drive_matmul(&o, &j);
    if (!strcmp(o.kernel, "vecadd_u32")) rc = drive_vecadd(n_given ? o.n : 4000, &j);
    if (!strcmp(o.kernel, "saxpy_f32")) rc = drive_saxpy(n_given ? o.n : 4000, &j);
    if (rc == -2) {
        fprintf(stderr, "wavegpu_sim: no host driver for kernel '%s'\n", o.kernel);
        supported(stderr);
        return 2;
    }
    if (rc < 0) return 2;

    printf("wavegpu sim: %s; %u CUs (NumCus %u); DRAM: latency %u%s, %u channels x %u bytes/cycle; lockstep %s\n",
           j.what, o.cus, rtl_backend_max_cus(), o.latency, o.jitter ? " + jitter" : "", o.dram_channels, o.dram_bpc, getenv("WAVEGPU_LOCKSTEP") && !strcmp(getenv("WAVEGPU_LOCKSTEP"), "0") ? "off" : "on");
    if (o.fst) {
        rtl_trace_config t = { .path = o.fst, .start = o.trace_start, .end = o.trace_end, .depth = o.trace_depth };
        rtl_backend_set_trace(&t);
    }
    fflush(stdout);
    outcome rtl, gold;
    run_job(&o, GPU_BACKEND_RTL, &j, &rtl);
    rtl_run_stats s;
    bool have_stats = rtl_backend_last_run(&s);
    bool ok = rtl.st == GPU_OK;
    if (!ok) printf("RTL run    %s: %s\n", gpu_status_name(rtl.st), rtl.why);
    if (have_stats) sim_report_rtl(&s, &rtl.ctr);
    if (o.fst && have_stats) {
        struct stat sb;
        if (stat(o.fst, &sb) == 0)
            printf("waves      %s: %.1f MB, %" PRIu64 " cycles from cycle %" PRIu64 " (1 cycle = 10 ns), depth %s; "
                   "GTKWave: make view; other cycles: make sim TRACE_START=c [TRACE_END=c]\n",
                   o.fst, (double)sb.st_size / 1e6, s.traced_cycles, o.trace_start,
                   o.trace_depth ? "limited" : "all");
    }
    if (ok) {
        run_job(&o, GPU_BACKEND_GOLDEN, &j, &gold);
        if (gold.st != GPU_OK) {
            printf("golden run %s: %s\n", gpu_status_name(gold.st), gold.why);
            ok = false;
        } else {
            unsigned row = strcmp(o.kernel, "matmul_tiled") == 0 ? o.n : 32;   /* for the message only */
            if (j.expect) ok &= compare("output vs host reference", j.expect, rtl.out, j.out_bytes / 4, row);
            ok &= compare("output vs golden model", gold.out, rtl.out, j.out_bytes / 4, row);
        }
        free(gold.out);
    }
    printf("%s %s\n", ok ? "PASS" : "FAIL", o.kernel);
    free(rtl.out);
    free(j.in);
    free(j.out_init);
    free(j.expect);
    return ok ? 0 : 1;
}
