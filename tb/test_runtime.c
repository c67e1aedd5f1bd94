/* SPDX-License-Identifier: Apache-2.0 */
/* test_runtime: the host API's error handling (csrc/gpu.h) and the faults of
 * docs/isa.md section 5, through the host API only, so that it runs unchanged
 * on every backend:
 *
 *   WAVEGPU_BACKEND=golden|rtl build/bin/test_runtime [name-substring]
 *
 * Kernels are assembled from inline text (asm.h) and loaded with
 * gpu_kernel_load. Every fault test checks every field of gpu_result, the
 * line gpu_result_format makes of it, that the faulting instruction left
 * memory alone, and that the next launch on the same device runs normally.
 * Fault tests run on a 1-CU device so that the CU of the fault is known on any
 * backend. The kbin_serialize checks at the end test csrc/kbin.c directly.
 *
 * Run from the repository root. Prints PASS name / FAIL name: reason /
 * SKIP name: reason. A watchdog turns a hang into a FAIL line.
 */
#define _POSIX_C_SOURCE 200809L
#include "asm.h"
#include "gpu.h"

#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define SENTINEL 0xCDCDCDCDu
#define FAULT_MEM 0x100000u       /* device memory of the fault tests: 1 MiB */
#define SMALL_MEM 0x10000u        /* the smallest device: 64 KiB */
#define BUF_WORDS 256u            /* the fault tests' buffer (argument 0) */
#define FAULT_MAX_CYCLES 200000u  /* the fault devices' watchdog: every kernel there needs < 100000 */
#define WATCHDOG_SECONDS 120       /* per check */


/* ------------------------------------------------------------ reporting */

static unsigned n_pass, n_fail, n_skip;
static gpu_backend_kind backend = GPU_BACKEND_GOLDEN;
static const char *filter;

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

static void skip(const char *name, const char *why)
{
    printf("SKIP %s: %s\n", name, why);
    n_skip++;
}

/* One check that collects every mismatch and reports once. */
typedef struct {
    char name[96];
    char why[1536];
    size_t n;
    bool bad;
} check;

static void arm_watchdog(const char *name);

static void chk_begin(check *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void chk_begin(check *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->name, sizeof c->name, fmt, ap);
    va_end(ap);
    arm_watchdog(c->name);
    c->why[0] = 0;
    c->n = 0;
    c->bad = false;
}

static void chk_fail(check *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void chk_fail(check *c, const char *fmt, ...)
{
    c->bad = true;
    if (c->n + 8 >= sizeof c->why) return;
    if (c->n) c->n += (size_t)snprintf(c->why + c->n, sizeof c->why - c->n, "; ");
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(c->why + c->n, sizeof c->why - c->n, fmt, ap);
    va_end(ap);
    if (k > 0) c->n = c->n + (size_t)k < sizeof c->why ? c->n + (size_t)k : sizeof c->why - 1;
}

static bool chk_end(check *c)
{
    if (c->bad) fail(c->name, "%s", c->why);
    else pass(c->name);
    return !c->bad;
}

/* Status check: st == want, else a mismatch naming both and the last error. */
static void chk_status(check *c, const char *what, gpu_status st, gpu_status want, gpu_device *dev)
{
    if (st != want)
        chk_fail(c, "%s returned %s, expected %s (%s)", what, gpu_status_name(st), gpu_status_name(want),
                 dev ? gpu_last_error(dev) : "no device");
}

/* The message must contain each of the NULL-terminated words. */
static void chk_msg(check *c, const char *what, const char *msg, ...)
{
    va_list ap;
    va_start(ap, msg);
    for (const char *w = va_arg(ap, const char *); w; w = va_arg(ap, const char *))
        if (!msg || !strstr(msg, w)) chk_fail(c, "%s \"%s\" does not mention '%s'", what, msg ? msg : "(null)", w);
    va_end(ap);
}

/* The watchdog: re-armed by every check, so a hang is reported under the
 * name of the check that hangs (the handler only writes a prepared line). */
static char alarm_line[192] = "FAIL test_runtime_watchdog: still running after the watchdog time (a hang)\n";

static void arm_watchdog(const char *name)
{
    snprintf(alarm_line, sizeof alarm_line, "FAIL %s: still running after %d s (a hang); stopped\n", name,
             WATCHDOG_SECONDS);
    alarm(WATCHDOG_SECONDS);
}

static void on_alarm(int sig)
{
    (void)sig;
    ssize_t r = write(STDOUT_FILENO, alarm_line, strlen(alarm_line));
    (void)r;
    _exit(1);
}

/* ------------------------------------------------------------ devices and kernels */

static void config(gpu_config *cfg, unsigned cus, uint32_t mem)
{
    gpu_config_default(cfg);
    cfg->backend = backend;
    if (cus) cfg->num_cus = cus;
    if (mem) cfg->mem_bytes = mem;
}

static gpu_device *open_cfg(const char *test, const gpu_config *cfg)
{
    gpu_device *dev = NULL;
    char err[512] = "";
    gpu_status st = gpu_open(cfg, &dev, err, sizeof err);
    if (st != GPU_OK || !dev) {
        fail(test, "gpu_open: %s: %s", gpu_status_name(st), err);
        return NULL;
    }
    return dev;
}

static gpu_device *open_dev(const char *test, unsigned cus, uint32_t mem)
{
    gpu_config cfg;
    config(&cfg, cus, mem);
    return open_cfg(test, &cfg);
}

/* Assembles src into *kb; on error reports FAIL test and returns false. */
static bool assemble(const char *test, const char *src, kbin *kb)
{
    char err[512];
    if (asm_assemble(src, strlen(src), test, kb, err, sizeof err) != 0) {
        fail(test, "the test kernel does not assemble: %s", err);
        return false;
    }
    return true;
}

/* Serialises kb; on error reports FAIL test. */
static bool to_bytes(const char *test, const kbin *kb, uint8_t **b, size_t *n)
{
    char err[512];
    if (kbin_serialize(kb, b, n, err, sizeof err) != 0) {
        fail(test, "kbin_serialize: %s", err);
        return false;
    }
    return true;
}

/* Assembles src and loads it with gpu_kernel_load. kb (optional) receives the
 * assembled program (free with kbin_free). NULL after a reported FAIL. */
static gpu_kernel *load_src(const char *test, gpu_device *dev, const char *src, kbin *kb)
{
    kbin local;
    kbin *k = kb ? kb : &local;
    if (!assemble(test, src, k)) return NULL;
    uint8_t *b = NULL;
    size_t n = 0;
    gpu_kernel *kern = NULL;
    if (to_bytes(test, k, &b, &n)) {
        gpu_status st = gpu_kernel_load(dev, b, n, &kern);
        if (st != GPU_OK) {
            fail(test, "gpu_kernel_load: %s: %s", gpu_status_name(st), gpu_last_error(dev));
            kern = NULL;
        }
    }
    free(b);
    if (!kb || !kern) kbin_free(k);
    return kern;
}

/* Launches and waits. lds/waves 0 = the kernel's. */
static gpu_status run(gpu_device *dev, const gpu_kernel *k, uint32_t groups, uint32_t waves, uint32_t lds,
                      const uint32_t *args, uint32_t nargs, gpu_result *res)
{
    gpu_launch_params p = { .num_groups = groups, .waves_per_group = waves, .lds_bytes = lds, .args = args,
                            .num_args = nargs };
    memset(res, 0, sizeof *res);
    gpu_status st = gpu_launch(dev, k, &p);
    if (st != GPU_OK) {
        res->status = st;
        return st;
    }
    return gpu_wait(dev, res);
}

/* Does s contain `key` immediately followed by the decimal v and then a non-digit? */
static bool has_field(const char *s, const char *key, unsigned long long v)
{
    char pat[64];
    snprintf(pat, sizeof pat, "%s%llu", key, v);
    size_t n = strlen(pat);
    for (const char *p = strstr(s, pat); p; p = strstr(p + 1, pat))
        if (p[n] < '0' || p[n] > '9') return true;
    return false;
}

/* ------------------------------------------------------------ "the device still works" */

/* out[i] = 3*i + 7 for the 64 task-wide items of 2 one-wave groups. */
static const char *const works_src =
    "    global_load32 s0, v16, one, args   # v16 = out\n"
    "    sig_wait s0\n"
    "    shl v17, wave, 5\n"
    "    add v17, v17, sid                  # item = wave*32 + sid\n"
    "    shl v18, v17, 2\n"
    "    add v18, v18, v16\n"
    "    mul_lo v19, v17, 3\n"
    "    add v19, v19, 7\n"
    "    global_store32 s1, v18, one, v19\n"
    "    sig_wait s1\n"
    "    end\n";

/* Runs works_src into a fresh allocation (or into `out` if nonzero) and
 * checks it; adds mismatches to c. */
static void chk_device_works(check *c, gpu_device *dev, gpu_addr out)
{
    if (!out && gpu_alloc(dev, 64 * 4, &out) != GPU_OK) {
        chk_fail(c, "gpu_alloc for the check kernel: %s", gpu_last_error(dev));
        return;
    }
    kbin kb;
    if (asm_assemble(works_src, strlen(works_src), "works", &kb, NULL, 0) != 0) {
        chk_fail(c, "the check kernel does not assemble");
        return;
    }
    uint8_t *b = NULL;
    size_t n = 0;
    gpu_kernel *k = NULL;
    if (kbin_serialize(&kb, &b, &n, NULL, 0) != 0 || gpu_kernel_load(dev, b, n, &k) != GPU_OK) {
        chk_fail(c, "cannot load the check kernel: %s", gpu_last_error(dev));
        free(b);
        kbin_free(&kb);
        return;
    }
    free(b);
    kbin_free(&kb);
    gpu_fill(dev, out, 0, 64 * 4);
    gpu_result res;
    uint32_t args[1] = { out };
    gpu_status st = run(dev, k, 2, 0, 0, args, 1, &res);
    gpu_kernel_free(k);
    if (st != GPU_OK || res.status != GPU_OK) {
        char line[256];
        gpu_result_format(dev, &res, line, sizeof line);
        chk_fail(c, "a normal launch afterwards returned %s (%s)", gpu_status_name(st), line);
        return;
    }
    uint32_t got[64];
    if (gpu_read(dev, got, out, sizeof got) != GPU_OK) {
        chk_fail(c, "gpu_read: %s", gpu_last_error(dev));
        return;
    }
    for (unsigned i = 0; i < 64; i++)
        if (got[i] != 3 * i + 7) {
            chk_fail(c, "a normal launch afterwards: wave %u lane %u stored 0x%08" PRIx32 ", expected %u", i / 32,
                     i % 32, got[i], 3 * i + 7);
            return;
        }
}

/* ------------------------------------------------------------ the backend switch */

/* gpu_default_backend: WAVEGPU_BACKEND when set, else the RTL where it is
 * linked and the golden model elsewhere; a bad value is an error that
 * gpu_open of a default config reports too. The variable is restored. */
static void test_default_backend(void)
{
    if (!selected("default_backend_env_and_link")) return;
    check c;
    chk_begin(&c, "default_backend_env_and_link");
    const char *saved = getenv("WAVEGPU_BACKEND");
    char keep[64] = "";
    if (saved) snprintf(keep, sizeof keep, "%s", saved);
    static const struct {
        const char *value; /* NULL: unset */
        int want;          /* backend kind, or -1: GPU_ERR_ARG */
    } cases[] = {
        { NULL, -2 }, { "", -2 }, { "golden", GPU_BACKEND_GOLDEN }, { "rtl", GPU_BACKEND_RTL },
        { "RTL", -1 }, { "gold", -1 }, { "rtl ", -1 },
    };
    const int linked = gpu_backend_available(GPU_BACKEND_RTL);
    if (!gpu_backend_available(GPU_BACKEND_GOLDEN)) chk_fail(&c, "gpu_backend_available(GOLDEN) is 0");
    if (gpu_backend_available((gpu_backend_kind)7)) chk_fail(&c, "gpu_backend_available(7) is 1");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        if (cases[i].value) setenv("WAVEGPU_BACKEND", cases[i].value, 1);
        else unsetenv("WAVEGPU_BACKEND");
        int want = cases[i].want == -2 ? (linked ? GPU_BACKEND_RTL : GPU_BACKEND_GOLDEN) : cases[i].want;
        gpu_backend_kind k = (gpu_backend_kind)5;
        char err[256] = "x";
        gpu_status st = gpu_default_backend(&k, err, sizeof err);
        const char *shown = cases[i].value ? cases[i].value : "(unset)";
        if (want < 0) {
            chk_status(&c, "gpu_default_backend", st, GPU_ERR_ARG, NULL);
            chk_msg(&c, "its message", err, "WAVEGPU_BACKEND", cases[i].value, "golden or rtl", NULL);
            gpu_config cfg;
            gpu_config_default(&cfg);
            gpu_device *dev = NULL;
            char oerr[256] = "";
            chk_status(&c, "gpu_open of a default config", gpu_open(&cfg, &dev, oerr, sizeof oerr), GPU_ERR_ARG, NULL);
            chk_msg(&c, "gpu_open's message", oerr, "WAVEGPU_BACKEND", NULL);
            gpu_close(dev);
        } else {
            if (st != GPU_OK || (int)k != want)
                chk_fail(&c, "WAVEGPU_BACKEND=%s: %s, backend %d, expected %d (%s)", shown, gpu_status_name(st),
                         (int)k, want, err);
            gpu_config cfg;
            gpu_config_default(&cfg);
            if ((int)cfg.backend != want)
                chk_fail(&c, "WAVEGPU_BACKEND=%s: gpu_config_default chose %d, expected %d", shown, (int)cfg.backend,
                         want);
        }
    }
    if (gpu_default_backend(NULL, NULL, 0) != GPU_ERR_ARG) chk_fail(&c, "gpu_default_backend(NULL) is not GPU_ERR_ARG");
    if (saved) setenv("WAVEGPU_BACKEND", keep, 1);
    else unsetenv("WAVEGPU_BACKEND");
    chk_end(&c);
}

/* ------------------------------------------------------------ gpu_open */

static void test_open(void)
{
    static const struct {
        const char *name, *field;
        int what;        /* which field to break */
        uint64_t value;
    } bad[] = {
        { "open_rejects_backend_7", "backend", 0, 7 },
        { "open_rejects_num_cus_0", "num_cus", 1, 0 },
        { "open_rejects_num_cus_9", "num_cus", 1, 9 },
        { "open_rejects_mem_bytes_not_power_of_two", "mem_bytes", 2, 0x300000 },
        { "open_rejects_mem_bytes_32KiB", "mem_bytes", 2, 0x8000 },
        { "open_rejects_mem_bytes_0", "mem_bytes", 2, 0 },
        { "open_rejects_mem_bytes_2GiB", "mem_bytes", 2, 0x80000000u },
        { "open_rejects_mem_latency_1000001", "mem_latency", 3, 1000001 },
        { "open_rejects_max_cycles_0", "max_cycles", 4, 0 },
        { "open_rejects_dram_channels_0", "dram_channels", 5, 0 },
        { "open_rejects_dram_channels_17", "dram_channels", 5, 17 },
        { "open_rejects_dram_bytes_per_cycle_0", "dram_bytes_per_cycle", 6, 0 },
        { "open_rejects_dram_bytes_per_cycle_65", "dram_bytes_per_cycle", 6, 65 },
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (!selected(bad[i].name)) continue;
        check c;
        chk_begin(&c, "%s", bad[i].name);
        gpu_config cfg;
        config(&cfg, 0, 0);
        switch (bad[i].what) {
        case 0: cfg.backend = (gpu_backend_kind)bad[i].value; break;
        case 1: cfg.num_cus = (unsigned)bad[i].value; break;
        case 2: cfg.mem_bytes = (uint32_t)bad[i].value; break;
        case 3: cfg.mem_latency = (unsigned)bad[i].value; break;
        case 5: cfg.dram_channels = (unsigned)bad[i].value; break;
        case 6: cfg.dram_bytes_per_cycle = (unsigned)bad[i].value; break;
        default: cfg.max_cycles = bad[i].value; break;
        }
        static int not_null;
        gpu_device *dev = (gpu_device *)&not_null;
        char err[512] = "";
        gpu_status st = gpu_open(&cfg, &dev, err, sizeof err);
        chk_status(&c, "gpu_open", st, GPU_ERR_ARG, NULL);
        if (dev) chk_fail(&c, "*dev is not NULL after a failed gpu_open");
        chk_msg(&c, "the message", err, bad[i].field, NULL);
        if (st == GPU_OK && dev) gpu_close(dev);
        chk_end(&c);
    }

    if (selected("open_accepts_limits")) {
        /* The extremes of every field pass validation: what the rejections above
         * border on. The golden model must open them all; a backend may refuse
         * a config it was not built for (an RTL built for 4 CUs refuses 8) with
         * GPU_ERR_BACKEND, never GPU_ERR_ARG. */
        check c;
        chk_begin(&c, "open_accepts_limits");
        static const struct { unsigned cus; uint32_t mem; unsigned lat; uint64_t max; } ok[] = {
            { 1, SMALL_MEM, 0, 1 }, { 8, SMALL_MEM, 1000000, 1 }, { 8, 0x200000, 20, UINT64_MAX },
        };
        for (unsigned i = 0; i < sizeof ok / sizeof ok[0]; i++) {
            gpu_config cfg;
            config(&cfg, ok[i].cus, ok[i].mem);
            cfg.mem_latency = ok[i].lat;
            cfg.max_cycles = ok[i].max;
            gpu_device *dev = NULL;
            char err[512] = "";
            gpu_status st = gpu_open(&cfg, &dev, err, sizeof err);
            if (st == GPU_ERR_ARG || (st != GPU_OK && backend == GPU_BACKEND_GOLDEN) || (st == GPU_OK && !dev))
                chk_fail(&c, "num_cus %u mem_bytes 0x%" PRIx32 " mem_latency %u max_cycles %" PRIu64 ": %s: %s",
                         ok[i].cus, ok[i].mem, ok[i].lat, ok[i].max, gpu_status_name(st), err);
            gpu_close(dev);
        }
        chk_end(&c);
    }

    if (selected("open_null_arguments")) {
        check c;
        chk_begin(&c, "open_null_arguments");
        gpu_config cfg;
        config(&cfg, 0, 0);
        char err[512] = "";
        chk_status(&c, "gpu_open(cfg, NULL, ...)", gpu_open(&cfg, NULL, err, sizeof err), GPU_ERR_ARG, NULL);
        chk_msg(&c, "its message", err, "dev", NULL);
        cfg.num_cus = 0;
        gpu_device *dev = NULL;
        chk_status(&c, "gpu_open with a bad config and no error buffer", gpu_open(&cfg, &dev, NULL, 0), GPU_ERR_ARG,
                   NULL);
        /* NULL config: the defaults (gpu_config_default). */
        gpu_status st = gpu_open(NULL, &dev, err, sizeof err);
        chk_status(&c, "gpu_open(NULL config)", st, GPU_OK, NULL);
        if (st == GPU_OK) chk_device_works(&c, dev, 0);
        gpu_close(dev);
        gpu_close(NULL);
        chk_end(&c);
    }

    if (selected("open_rtl_backend_not_linked")) {
        if (gpu_backend_available(GPU_BACKEND_RTL)) {
            skip("open_rtl_backend_not_linked", "the RTL backend is linked into this program");
        } else {
            check c;
            chk_begin(&c, "open_rtl_backend_not_linked");
            gpu_config cfg;
            config(&cfg, 0, 0);
            cfg.backend = GPU_BACKEND_RTL;
            static int not_null;
            gpu_device *dev = (gpu_device *)&not_null;
            char err[512] = "";
            gpu_status st = gpu_open(&cfg, &dev, err, sizeof err);
            chk_status(&c, "gpu_open(GPU_BACKEND_RTL)", st, GPU_ERR_BACKEND, NULL);
            if (dev) chk_fail(&c, "*dev is not NULL");
            chk_msg(&c, "the message", err, "RTL", NULL);
            if (st == GPU_OK && dev) gpu_close(dev);
            chk_end(&c);
        }
    }
}

/* ------------------------------------------------------------ NULL device */

static void test_null_device(void)
{
    if (!selected("null_device_rejected")) return;
    check c;
    chk_begin(&c, "null_device_rejected");
    gpu_addr a = 0;
    uint32_t w = 0;
    gpu_kernel *k = NULL;
    gpu_result r;
    gpu_counters ctr;
    gpu_launch_params p = { .num_groups = 1 };
    uint8_t bin[40] = { 0 };
    chk_status(&c, "gpu_alloc(NULL dev)", gpu_alloc(NULL, 4, &a), GPU_ERR_ARG, NULL);
    chk_status(&c, "gpu_write(NULL dev)", gpu_write(NULL, 4096, &w, 4), GPU_ERR_ARG, NULL);
    chk_status(&c, "gpu_read(NULL dev)", gpu_read(NULL, &w, 4096, 4), GPU_ERR_ARG, NULL);
    chk_status(&c, "gpu_fill(NULL dev)", gpu_fill(NULL, 4096, 0, 4), GPU_ERR_ARG, NULL);
    chk_status(&c, "gpu_kernel_load(NULL dev)", gpu_kernel_load(NULL, bin, sizeof bin, &k), GPU_ERR_ARG, NULL);
    chk_status(&c, "gpu_kernel_load_file(NULL dev)", gpu_kernel_load_file(NULL, "x.wgk", &k), GPU_ERR_ARG, NULL);
    chk_status(&c, "gpu_launch(NULL dev)", gpu_launch(NULL, NULL, &p), GPU_ERR_ARG, NULL);
    chk_status(&c, "gpu_wait(NULL dev)", gpu_wait(NULL, &r), GPU_ERR_ARG, NULL);
    chk_status(&c, "gpu_read_counters(NULL dev)", gpu_read_counters(NULL, &ctr), GPU_ERR_ARG, NULL);
    if (!gpu_last_error(NULL)) chk_fail(&c, "gpu_last_error(NULL) is NULL");
    gpu_close(NULL);
    gpu_kernel_free(NULL);
    char line[64];
    gpu_result_format(NULL, NULL, line, sizeof line);
    chk_end(&c);
}

/* ------------------------------------------------------------ gpu_alloc */

static void test_alloc(void)
{
    {
        gpu_device *dev = open_dev("alloc_open", 1, SMALL_MEM);
        if (!dev) return;
        if (selected("alloc_zero_bytes")) {
            check c;
            chk_begin(&c, "alloc_zero_bytes");
            gpu_addr a = 0xABCD;
            chk_status(&c, "gpu_alloc(0 bytes)", gpu_alloc(dev, 0, &a), GPU_ERR_ARG, dev);
            chk_msg(&c, "the message", gpu_last_error(dev), "gpu_alloc", "0 bytes", NULL);
            chk_end(&c);
        }
        if (selected("alloc_null_addr")) {
            check c;
            chk_begin(&c, "alloc_null_addr");
            chk_status(&c, "gpu_alloc(addr NULL)", gpu_alloc(dev, 64, NULL), GPU_ERR_ARG, dev);
            chk_msg(&c, "the message", gpu_last_error(dev), "gpu_alloc", "addr", NULL);
            chk_end(&c);
        }
        if (selected("alloc_alignment_and_guard")) {
            /* 256-byte aligned, above the 4 KiB null guard, inside memory, disjoint. */
            check c;
            chk_begin(&c, "alloc_alignment_and_guard");
            static const uint32_t sizes[] = { 1, 255, 256, 257, 1000, 4 };
            gpu_addr at[6];
            for (unsigned i = 0; i < 6; i++) {
                gpu_status st = gpu_alloc(dev, sizes[i], &at[i]);
                chk_status(&c, "gpu_alloc", st, GPU_OK, dev);
                if (st != GPU_OK) break;
                if (at[i] % 256) chk_fail(&c, "allocation %u at 0x%" PRIx32 " is not 256-byte aligned", i, at[i]);
                if (at[i] < 4096) chk_fail(&c, "allocation %u at 0x%" PRIx32 " is in the null guard", i, at[i]);
                if ((uint64_t)at[i] + sizes[i] > SMALL_MEM)
                    chk_fail(&c, "allocation %u at 0x%" PRIx32 " ends outside memory", i, at[i]);
                for (unsigned j = 0; j < i; j++)
                    if (at[i] < at[j] + sizes[j] && at[j] < at[i] + sizes[i])
                        chk_fail(&c, "allocations %u and %u overlap", j, i);
            }
            chk_end(&c);
        }
        gpu_close(dev);
    }

    if (selected("alloc_too_big_leaves_room")) {
        check c;
        chk_begin(&c, "alloc_too_big_leaves_room");
        gpu_device *dev = open_dev(c.name, 1, SMALL_MEM);
        if (!dev) return;
        gpu_addr a = 0;
        chk_status(&c, "gpu_alloc(1 GiB) on a 64 KiB device", gpu_alloc(dev, 0x40000000u, &a), GPU_ERR_NOMEM, dev);
        chk_msg(&c, "the message", gpu_last_error(dev), "gpu_alloc", NULL);
        chk_status(&c, "gpu_alloc(0xFFFFFFFF)", gpu_alloc(dev, 0xFFFFFFFFu, &a), GPU_ERR_NOMEM, dev);
        chk_status(&c, "gpu_alloc(1 KiB) after the failures", gpu_alloc(dev, 1024, &a), GPU_OK, dev);
        gpu_close(dev);
        chk_end(&c);
    }

    if (selected("alloc_exhaustion_device_still_works")) {
        check c;
        chk_begin(&c, "alloc_exhaustion_device_still_works");
        gpu_device *dev = open_dev(c.name, 1, SMALL_MEM);
        if (!dev) return;
        gpu_addr first = 0, last = 0, a = 0;
        unsigned n = 0;
        gpu_status st = GPU_OK;
        while (n < 100 && (st = gpu_alloc(dev, 1024, &a)) == GPU_OK) {
            if (!n) first = a;
            last = a;
            n++;
        }
        chk_status(&c, "gpu_alloc when memory is exhausted", st, GPU_ERR_NOMEM, dev);
        if (st == GPU_ERR_NOMEM) chk_msg(&c, "the message", gpu_last_error(dev), "gpu_alloc", NULL);
        /* 60 KiB lie above the null guard; the runtime may keep a little for itself. */
        if (n < 48 || n > 60) chk_fail(&c, "%u allocations of 1 KiB fit in 64 KiB, expected 48..60", n);
        chk_status(&c, "a second gpu_alloc when exhausted", gpu_alloc(dev, 1024, &a), GPU_ERR_NOMEM, dev);
        if (n) {
            /* The first and the last allocation are usable by host and kernel. */
            uint32_t pat = 0x600DF00Du, got = 0;
            chk_status(&c, "gpu_write into the last allocation", gpu_write(dev, last + 1020, &pat, 4), GPU_OK, dev);
            chk_status(&c, "gpu_read back", gpu_read(dev, &got, last + 1020, 4), GPU_OK, dev);
            if (got != pat) chk_fail(&c, "read back 0x%08" PRIx32 ", wrote 0x%08" PRIx32, got, pat);
            chk_device_works(&c, dev, first);
            chk_device_works(&c, dev, last);
        }
        gpu_close(dev);
        chk_end(&c);
    }
}

/* ------------------------------------------------------------ gpu_write / gpu_read / gpu_fill */

static void test_memory(void)
{
    gpu_device *dev = open_dev("memory_open", 1, SMALL_MEM);
    if (!dev) return;
    const uint32_t end = SMALL_MEM;
    uint32_t mark = 0x11223344u, two[2] = { 0xAAAAAAAAu, 0xBBBBBBBBu }, got = 0;
    gpu_addr a = 0;
    gpu_alloc(dev, 256, &a);

    /* Puts `mark` in the last word of memory, to see that rejected calls leave it. */
    gpu_status st0 = gpu_write(dev, end - 4, &mark, 4);
#define LAST_WORD_UNCHANGED(c)                                                                          \
    do {                                                                                                \
        got = 0;                                                                                        \
        if (gpu_read(dev, &got, end - 4, 4) != GPU_OK || got != mark)                                   \
            chk_fail(c, "the last word of memory is 0x%08" PRIx32 ", expected 0x%08" PRIx32 " (a rejected " \
                     "call wrote it)", got, mark);                                                      \
    } while (0)

    check c;
    if (selected("write_at_end_of_memory")) {
        chk_begin(&c, "write_at_end_of_memory");
        chk_status(&c, "gpu_write(mem_bytes - 4, 4 bytes)", st0, GPU_OK, dev);
        LAST_WORD_UNCHANGED(&c);
        chk_status(&c, "gpu_write(mem_bytes, 0 bytes)", gpu_write(dev, end, &mark, 0), GPU_OK, dev);
        chk_end(&c);
    }
    if (selected("write_out_of_range")) {
        chk_begin(&c, "write_out_of_range");
        chk_status(&c, "gpu_write(mem_bytes - 4, 8 bytes)", gpu_write(dev, end - 4, two, 8), GPU_ERR_RANGE, dev);
        chk_msg(&c, "the message", gpu_last_error(dev), "gpu_write", NULL);
        LAST_WORD_UNCHANGED(&c);
        chk_status(&c, "gpu_write(mem_bytes, 4 bytes)", gpu_write(dev, end, two, 4), GPU_ERR_RANGE, dev);
        chk_status(&c, "gpu_write(0xFFFFFFF0, 32 bytes) (wraps)", gpu_write(dev, 0xFFFFFFF0u, two, 32),
                   GPU_ERR_RANGE, dev);
        chk_status(&c, "gpu_write(4096, 0xFFFFFFFF bytes)", gpu_write(dev, 4096, two, 0xFFFFFFFFu), GPU_ERR_RANGE,
                   dev);
        chk_end(&c);
    }
    if (selected("write_null_src")) {
        chk_begin(&c, "write_null_src");
        chk_status(&c, "gpu_write(src NULL)", gpu_write(dev, a, NULL, 4), GPU_ERR_ARG, dev);
        chk_msg(&c, "the message", gpu_last_error(dev), "gpu_write", "src", NULL);
        chk_end(&c);
    }
    if (selected("read_out_of_range")) {
        chk_begin(&c, "read_out_of_range");
        uint32_t dst[2] = { 0x5A5A5A5Au, 0x5A5A5A5Au };
        chk_status(&c, "gpu_read(mem_bytes - 4, 8 bytes)", gpu_read(dev, dst, end - 4, 8), GPU_ERR_RANGE, dev);
        chk_msg(&c, "the message", gpu_last_error(dev), "gpu_read", NULL);
        if (dst[0] != 0x5A5A5A5Au || dst[1] != 0x5A5A5A5Au) chk_fail(&c, "a rejected gpu_read wrote the host buffer");
        chk_status(&c, "gpu_read(0xFFFFFFFC, 8 bytes) (wraps)", gpu_read(dev, dst, 0xFFFFFFFCu, 8), GPU_ERR_RANGE,
                   dev);
        chk_status(&c, "gpu_read(mem_bytes - 4, 4 bytes)", gpu_read(dev, dst, end - 4, 4), GPU_OK, dev);
        if (dst[0] != mark) chk_fail(&c, "gpu_read of the last word gave 0x%08" PRIx32, dst[0]);
        chk_end(&c);
    }
    if (selected("read_null_dst")) {
        chk_begin(&c, "read_null_dst");
        chk_status(&c, "gpu_read(dst NULL)", gpu_read(dev, NULL, a, 4), GPU_ERR_ARG, dev);
        chk_msg(&c, "the message", gpu_last_error(dev), "gpu_read", "dst", NULL);
        chk_end(&c);
    }
    if (selected("fill_out_of_range")) {
        chk_begin(&c, "fill_out_of_range");
        chk_status(&c, "gpu_fill(mem_bytes - 4, 8 bytes)", gpu_fill(dev, end - 4, 0xFFFFFFFFu, 8), GPU_ERR_RANGE,
                   dev);
        chk_msg(&c, "the message", gpu_last_error(dev), "gpu_fill", NULL);
        LAST_WORD_UNCHANGED(&c);
        chk_status(&c, "gpu_fill(0xFFFFFF00, 512 bytes) (wraps)", gpu_fill(dev, 0xFFFFFF00u, 0, 512), GPU_ERR_RANGE,
                   dev);
        chk_end(&c);
    }
    if (selected("fill_pattern")) {
        /* A fill that ends mid-word: byte i gets byte i % 4 of the value. */
        chk_begin(&c, "fill_pattern");
        uint8_t b[12];
        memset(b, 0xEE, sizeof b);
        gpu_write(dev, a, b, sizeof b);
        chk_status(&c, "gpu_fill(10 bytes)", gpu_fill(dev, a, 0x44332211u, 10), GPU_OK, dev);
        gpu_read(dev, b, a, sizeof b);
        static const uint8_t want[12] = { 0x11, 0x22, 0x33, 0x44, 0x11, 0x22, 0x33, 0x44, 0x11, 0x22, 0xEE, 0xEE };
        for (unsigned i = 0; i < 12; i++)
            if (b[i] != want[i]) chk_fail(&c, "byte %u is 0x%02x, expected 0x%02x", i, b[i], want[i]);
        chk_end(&c);
    }
#undef LAST_WORD_UNCHANGED
    gpu_close(dev);
}

/* ------------------------------------------------------------ gpu_kernel_load */

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}

/* A binary of n instructions (n-1 nops and end) with the given header
 * fields, in a malloc'ed buffer of 32 + 8n bytes. */
static uint8_t *make_bin(uint32_t n, uint32_t lds, uint32_t waves, size_t *len)
{
    *len = 32 + (size_t)n * 8;
    uint8_t *b = calloc(1, *len + 64);
    if (!b) return NULL;
    memcpy(b, "WGK1", 4);
    put32(b + 4, 1);
    put32(b + 8, n);
    put32(b + 12, lds);
    put32(b + 16, waves);
    for (uint32_t i = 0; i < n; i++) {
        uint64_t w = (uint64_t)(i + 1 == n ? ISA_OP_END : ISA_OP_NOP) << 56;
        put32(b + 32 + 8 * i, (uint32_t)w);
        put32(b + 36 + 8 * i, (uint32_t)(w >> 32));
    }
    return b;
}

static void test_kernel_load(void)
{
    gpu_device *dev = open_dev("kernel_load_open", 1, SMALL_MEM);
    if (!dev) return;
    static const struct {
        const char *name;
        uint32_t n, lds, waves;
        int edit;          /* 0 none, 1 magic, 2 version, 3 reserved byte `arg` = 1, 4 len += arg, 5 len = arg */
        long arg;
        const char *word;  /* the message must mention it */
    } bad[] = {
        { "kernel_load_bad_magic", 2, 0, 1, 1, 0, "magic" },
        { "kernel_load_bad_version", 2, 0, 1, 2, 2, "version" },
        { "kernel_load_size_8_bytes_too_long", 2, 0, 1, 4, 8, "bytes" },
        { "kernel_load_size_1_byte_too_short", 2, 0, 1, 4, -1, "bytes" },
        { "kernel_load_truncated_header_31", 2, 0, 1, 5, 31, "header" },
        { "kernel_load_empty_file", 2, 0, 1, 5, 0, "header" },
        { "kernel_load_0_instructions", 0, 0, 1, 0, 0, "instructions" },
        { "kernel_load_4097_instructions", 4097, 0, 1, 0, 0, "instructions" },
        { "kernel_load_lds_6", 2, 6, 1, 0, 0, "LDS" },
        { "kernel_load_lds_65540", 2, 65540, 1, 0, 0, "LDS" },
        { "kernel_load_waves_0", 2, 0, 0, 0, 0, "waves" },
        { "kernel_load_waves_3", 2, 0, 3, 0, 0, "waves" },
        { "kernel_load_reserved_byte_20", 2, 0, 1, 3, 20, "reserved" },
        { "kernel_load_reserved_byte_31", 2, 0, 1, 3, 31, "reserved" },
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (!selected(bad[i].name)) continue;
        check c;
        chk_begin(&c, "%s", bad[i].name);
        size_t len;
        uint8_t *b = make_bin(bad[i].n, bad[i].lds, bad[i].waves, &len);
        if (!b) {
            fail(c.name, "out of host memory");
            continue;
        }
        switch (bad[i].edit) {
        case 1: b[0] = 'X'; break;
        case 2: put32(b + 4, (uint32_t)bad[i].arg); break;
        case 3: b[bad[i].arg] = 1; break;
        case 4: len = (size_t)((long)len + bad[i].arg); break;
        case 5: len = (size_t)bad[i].arg; break;
        default: break;
        }
        gpu_kernel *k = (gpu_kernel *)b;   /* must become NULL */
        gpu_status st = gpu_kernel_load(dev, b, len, &k);
        chk_status(&c, "gpu_kernel_load", st, GPU_ERR_KERNEL, dev);
        if (k) chk_fail(&c, "*k is not NULL after a rejected kernel");
        chk_msg(&c, "the message", gpu_last_error(dev), bad[i].word, NULL);
        if (st == GPU_OK && k) gpu_kernel_free(k);
        free(b);
        chk_end(&c);
    }

    if (selected("kernel_assemble_runs_and_reports_errors")) {
        /* Source text straight into a kernel: a good one runs (each lane of
         * 2 groups stores 3*i + 7 at out[i]); bad ones give GPU_ERR_KERNEL
         * with "name:line:col" and no kernel. */
        check c;
        chk_begin(&c, "kernel_assemble_runs_and_reports_errors");
        static const char src[] = ".waves 1\n"
                                  "    global_load32 s0, v16, one, args     # v16 = out\n"
                                  "    shl v17, wave, 5\n"
                                  "    add v17, v17, sid                    # i\n"
                                  "    mul_lo v18, v17, 3\n"
                                  "    add v18, v18, 7\n"
                                  "    shl v17, v17, 2\n"
                                  "    sig_wait s0\n"
                                  "    add v16, v16, v17\n"
                                  "    global_store32 s1, v16, one, v18\n"
                                  "    sig_wait s1\n"
                                  "    end\n";
        gpu_kernel *k = NULL;
        gpu_status st = gpu_kernel_assemble(dev, src, sizeof src - 1, "inline.s", &k);
        chk_status(&c, "gpu_kernel_assemble", st, GPU_OK, dev);
        gpu_addr out = 0;
        if (st == GPU_OK && gpu_alloc(dev, 64 * 4, &out) == GPU_OK) {
            gpu_result res;
            uint32_t got[64];
            chk_status(&c, "running it", run(dev, k, 2, 0, 0, &out, 1, &res), GPU_OK, dev);
            if (gpu_read(dev, got, out, sizeof got) != GPU_OK) chk_fail(&c, "gpu_read: %s", gpu_last_error(dev));
            else
                for (unsigned i = 0; i < 64; i++)
                    if (got[i] != 3 * i + 7) {
                        chk_fail(&c, "out[%u] is 0x%08" PRIx32 ", expected %u", i, got[i], 3 * i + 7);
                        break;
                    }
        }
        gpu_kernel_free(k);
        static const struct {
            const char *src, *where;
        } bad_src[] = {
            { "    add v16, v16\n    end\n", "bad.s:1:" },
            { ".waves 1\n    end\n    frobnicate v1\n", "bad.s:3:" },
            { "", "bad.s" },
        };
        for (unsigned i = 0; i < sizeof bad_src / sizeof bad_src[0]; i++) {
            k = (gpu_kernel *)&c;   /* must become NULL */
            st = gpu_kernel_assemble(dev, bad_src[i].src, strlen(bad_src[i].src), "bad.s", &k);
            chk_status(&c, "gpu_kernel_assemble of a bad source", st, GPU_ERR_KERNEL, dev);
            if (k) chk_fail(&c, "*k is not NULL after bad source %u", i);
            chk_msg(&c, "the message", gpu_last_error(dev), bad_src[i].where, NULL);
        }
        chk_status(&c, "gpu_kernel_assemble(k NULL)", gpu_kernel_assemble(dev, src, sizeof src - 1, "x", NULL),
                   GPU_ERR_ARG, dev);
        chk_end(&c);
    }

    if (selected("kernel_load_accepts_limits")) {
        /* 4096 instructions, 65536 LDS bytes, 2 waves: loads and runs. */
        check c;
        chk_begin(&c, "kernel_load_accepts_limits");
        size_t len;
        uint8_t *b = make_bin(4096, 65536, 2, &len);
        gpu_kernel *k = NULL;
        gpu_status st = b ? gpu_kernel_load(dev, b, len, &k) : GPU_ERR_NOMEM;
        chk_status(&c, "gpu_kernel_load", st, GPU_OK, dev);
        if (st == GPU_OK) {
            gpu_result res;
            chk_status(&c, "running it", run(dev, k, 2, 0, 0, NULL, 0, &res), GPU_OK, dev);
        }
        gpu_kernel_free(k);
        free(b);
        chk_end(&c);
    }

    if (selected("kernel_load_null_arguments")) {
        check c;
        chk_begin(&c, "kernel_load_null_arguments");
        size_t len;
        uint8_t *b = make_bin(2, 0, 1, &len);
        gpu_kernel *k = NULL;
        chk_status(&c, "gpu_kernel_load(bin NULL)", gpu_kernel_load(dev, NULL, len, &k), GPU_ERR_ARG, dev);
        chk_msg(&c, "its message", gpu_last_error(dev), "bin", NULL);
        chk_status(&c, "gpu_kernel_load(k NULL)", gpu_kernel_load(dev, b, len, NULL), GPU_ERR_ARG, dev);
        chk_status(&c, "gpu_kernel_load_file(path NULL)", gpu_kernel_load_file(dev, NULL, &k), GPU_ERR_ARG, dev);
        free(b);
        chk_end(&c);
    }

    char path[64];
    snprintf(path, sizeof path, "/tmp/wavegpu_test_runtime_%ld.wgk", (long)getpid());
    if (selected("kernel_load_file_missing")) {
        check c;
        chk_begin(&c, "kernel_load_file_missing");
        remove(path);
        gpu_kernel *k = (gpu_kernel *)path;
        chk_status(&c, "gpu_kernel_load_file(missing)", gpu_kernel_load_file(dev, path, &k), GPU_ERR_KERNEL, dev);
        if (k) chk_fail(&c, "*k is not NULL");
        chk_msg(&c, "the message", gpu_last_error(dev), path, NULL);
        chk_end(&c);
    }
    if (selected("kernel_load_file_malformed") || selected("kernel_load_file_valid")) {
        size_t len;
        uint8_t *b = make_bin(2, 0, 1, &len);
        FILE *f = b ? fopen(path, "wb") : NULL;
        if (!f) {
            fail("kernel_load_file_malformed", "cannot write %s", path);
            free(b);
        } else {
            b[1] = 'x';
            bool wrote = fwrite(b, 1, len, f) == len;
            wrote &= fclose(f) == 0;
            check c;
            chk_begin(&c, "kernel_load_file_malformed");
            gpu_kernel *k = NULL;
            if (!wrote) chk_fail(&c, "cannot write %s", path);
            chk_status(&c, "gpu_kernel_load_file(bad magic)", gpu_kernel_load_file(dev, path, &k), GPU_ERR_KERNEL,
                       dev);
            chk_msg(&c, "the message", gpu_last_error(dev), path, "magic", NULL);
            gpu_kernel_free(k);
            chk_end(&c);

            /* The same file repaired loads: the two checks above fail for the right reason. */
            chk_begin(&c, "kernel_load_file_valid");
            b[1] = 'G';
            f = fopen(path, "wb");
            wrote = f && fwrite(b, 1, len, f) == len;
            if (f) wrote &= fclose(f) == 0;
            if (!wrote) chk_fail(&c, "cannot write %s", path);
            k = NULL;
            chk_status(&c, "gpu_kernel_load_file(valid)", gpu_kernel_load_file(dev, path, &k), GPU_OK, dev);
            gpu_kernel_free(k);
            chk_end(&c);
            free(b);
            remove(path);
        }
    }
    gpu_close(dev);
}

/* ------------------------------------------------------------ gpu_launch and call order */

/* out[0] = the last argument (63), out[1] = argument 1; launched with lds
 * 65536 and 2 waves to show that the limits are accepted. */
static const char *const args_src =
    "    global_load32 s0, v16, one, args     # v16 = out (argument 0)\n"
    "    add v17, args, 252\n"
    "    global_load32 s1, v18, one, v17      # v18 = argument 63\n"
    "    add v17, args, 4\n"
    "    global_load32 s2, v19, one, v17      # v19 = argument 1\n"
    "    sig_waitall3 s0, s1, s2\n"
    "    global_store32 s3, v16, one, v18\n"
    "    add v20, v16, 4\n"
    "    global_store32 s4, v20, one, v19\n"
    "    sig_waitall2 s3, s4\n"
    "    end\n";

static void test_launch(void)
{
    gpu_device *dev = open_dev("launch_open", 1, SMALL_MEM);
    if (!dev) return;
    gpu_kernel *k = load_src("launch_load", dev, works_src, NULL);
    gpu_addr out = 0;
    gpu_alloc(dev, 256, &out);
    uint32_t args[65];
    for (unsigned i = 0; i < 65; i++) args[i] = 0x1000u + i;
    args[0] = out;
    if (!k) {
        gpu_close(dev);
        return;
    }
    static const struct {
        const char *name, *word;
        uint32_t groups, waves, lds, nargs;
        bool null_args;
    } bad[] = {
        { "launch_rejects_num_groups_0", "num_groups", 0, 0, 0, 1, false },
        { "launch_rejects_waves_3", "waves_per_group", 1, 3, 0, 1, false },
        { "launch_rejects_lds_65537", "lds_bytes", 1, 0, 65537, 1, false },
        { "launch_rejects_lds_6", "lds_bytes", 1, 0, 6, 1, false },
        { "launch_rejects_num_args_65", "num_args", 1, 0, 0, 65, false },
        { "launch_rejects_args_null", "args", 1, 0, 0, 1, true },
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (!selected(bad[i].name)) continue;
        check c;
        chk_begin(&c, "%s", bad[i].name);
        gpu_launch_params p = { .num_groups = bad[i].groups, .waves_per_group = bad[i].waves,
                                .lds_bytes = bad[i].lds, .args = bad[i].null_args ? NULL : args,
                                .num_args = bad[i].nargs };
        gpu_status st = gpu_launch(dev, k, &p);
        chk_status(&c, "gpu_launch", st, GPU_ERR_ARG, dev);
        chk_msg(&c, "the message", gpu_last_error(dev), bad[i].word, NULL);
        /* A rejected launch starts nothing. */
        gpu_result res;
        chk_status(&c, "gpu_wait after the rejected launch", gpu_wait(dev, &res), st == GPU_OK ? GPU_OK : GPU_ERR_STATE,
                   dev);
        chk_end(&c);
    }
    if (selected("launch_null_kernel_or_params")) {
        check c;
        chk_begin(&c, "launch_null_kernel_or_params");
        gpu_launch_params p = { .num_groups = 1, .args = args, .num_args = 1 };
        chk_status(&c, "gpu_launch(kernel NULL)", gpu_launch(dev, NULL, &p), GPU_ERR_ARG, dev);
        chk_msg(&c, "its message", gpu_last_error(dev), "kernel", NULL);
        chk_status(&c, "gpu_launch(params NULL)", gpu_launch(dev, k, NULL), GPU_ERR_ARG, dev);
        chk_msg(&c, "its message", gpu_last_error(dev), "params", NULL);
        gpu_result res;
        chk_status(&c, "gpu_wait afterwards", gpu_wait(dev, &res), GPU_ERR_STATE, dev);
        chk_end(&c);
    }
    if (selected("launch_accepts_limits")) {
        /* 64 arguments (the last one is read), lds_bytes 65536, 2 waves. */
        check c;
        chk_begin(&c, "launch_accepts_limits");
        gpu_kernel *ka = load_src(c.name, dev, args_src, NULL);
        if (ka) {
            gpu_fill(dev, out, 0, 8);
            gpu_result res;
            gpu_status st = run(dev, ka, 3, 2, 65536, args, 64, &res);
            chk_status(&c, "launch with 64 args, lds 65536, 2 waves", st, GPU_OK, dev);
            uint32_t got[2] = { 0, 0 };
            gpu_read(dev, got, out, 8);
            if (st == GPU_OK && (got[0] != args[63] || got[1] != args[1]))
                chk_fail(&c, "the kernel read arguments 63 and 1 as 0x%08" PRIx32 " 0x%08" PRIx32
                         ", expected 0x%08" PRIx32 " 0x%08" PRIx32, got[0], got[1], args[63], args[1]);
            gpu_kernel_free(ka);
            chk_end(&c);
        }
    }

    if (selected("launch_twice_before_wait")) {
        /* The second launch is refused and the first one runs to completion. */
        check c;
        chk_begin(&c, "launch_twice_before_wait");
        gpu_addr out2 = 0;
        gpu_alloc(dev, 256, &out2);
        gpu_fill(dev, out, 0, 256);
        gpu_fill(dev, out2, 0, 256);
        uint32_t a1[1] = { out }, a2[1] = { out2 };
        gpu_launch_params p1 = { .num_groups = 2, .args = a1, .num_args = 1 };
        gpu_launch_params p2 = { .num_groups = 2, .args = a2, .num_args = 1 };
        chk_status(&c, "the first gpu_launch", gpu_launch(dev, k, &p1), GPU_OK, dev);
        chk_status(&c, "the second gpu_launch", gpu_launch(dev, k, &p2), GPU_ERR_STATE, dev);
        chk_msg(&c, "its message", gpu_last_error(dev), "gpu_wait", NULL);
        gpu_result res;
        chk_status(&c, "gpu_wait", gpu_wait(dev, &res), GPU_OK, dev);
        uint32_t g1[64], g2[64];
        gpu_read(dev, g1, out, sizeof g1);
        gpu_read(dev, g2, out2, sizeof g2);
        for (unsigned i = 0; i < 64; i++) {
            if (g1[i] != 3 * i + 7) {
                chk_fail(&c, "the first launch: out[%u] = 0x%08" PRIx32 ", expected %u", i, g1[i], 3 * i + 7);
                break;
            }
            if (g2[i] != 0) {
                chk_fail(&c, "the refused launch ran: out2[%u] = 0x%08" PRIx32, i, g2[i]);
                break;
            }
        }
        chk_status(&c, "a second gpu_wait", gpu_wait(dev, &res), GPU_ERR_STATE, dev);
        /* gpu_wait accepts a NULL result. */
        chk_status(&c, "launch then gpu_wait(res NULL)", gpu_launch(dev, k, &p2), GPU_OK, dev);
        chk_status(&c, "gpu_wait(res NULL)", gpu_wait(dev, NULL), GPU_OK, dev);
        gpu_read(dev, g2, out2, sizeof g2);
        if (g2[63] != 3 * 63 + 7) chk_fail(&c, "the launch waited with res NULL did not run");
        chk_end(&c);
    }
    gpu_kernel_free(k);
    gpu_close(dev);
}

/* One device at a time, as every check but two_devices_open_at_once. */
static void test_wait_nothing_launched(void)
{
    if (selected("wait_with_nothing_launched")) {
        check c;
        chk_begin(&c, "wait_with_nothing_launched");
        gpu_device *d2 = open_dev(c.name, 1, SMALL_MEM);   /* the only open device */
        if (d2) {
            gpu_result res;
            memset(&res, 0x55, sizeof res);
            chk_status(&c, "gpu_wait on a fresh device", gpu_wait(d2, &res), GPU_ERR_STATE, d2);
            if (res.status != GPU_ERR_STATE) chk_fail(&c, "res.status is %s", gpu_status_name(res.status));
            chk_msg(&c, "the message", gpu_last_error(d2), "gpu_wait", NULL);
            gpu_close(d2);
        }
        chk_end(&c);
    }
}

/* ------------------------------------------------------------ timeout */

static void test_timeout(void)
{
    if (!selected("timeout_infinite_loop")) return;
    check c;
    chk_begin(&c, "timeout_infinite_loop");
    gpu_config cfg;
    config(&cfg, 2, SMALL_MEM);
    cfg.max_cycles = 20000;
    gpu_device *dev = open_cfg(c.name, &cfg);
    if (!dev) return;
    gpu_kernel *k = load_src(c.name, dev, "loop:\n    add v16, v16, 1\n    br loop\n", NULL);
    if (!k) {
        gpu_close(dev);
        return;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    gpu_result res;
    gpu_status st = run(dev, k, 4, 0, 0, NULL, 0, &res);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double dt = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    chk_status(&c, "gpu_wait", st, GPU_ERR_TIMEOUT, dev);
    if (res.status != GPU_ERR_TIMEOUT) chk_fail(&c, "res.status is %s", gpu_status_name(res.status));
    if (res.fault != 0) chk_fail(&c, "res.fault is %u, expected 0", res.fault);
    if (dt > 60) chk_fail(&c, "the launch took %.1f s to time out at 20000 cycles", dt);
    char line[256];
    gpu_result_format(dev, &res, line, sizeof line);
    chk_msg(&c, "gpu_result_format", line, "timeout", NULL);
    chk_msg(&c, "gpu_last_error", gpu_last_error(dev), "timeout", NULL);
    chk_device_works(&c, dev, 0);
    gpu_kernel_free(k);
    gpu_close(dev);
    chk_end(&c);
}

/* ------------------------------------------------------------ deadlock watchdog */

/* The RTL backend stops a launch whose hardware goes silent (nothing retires,
 * nothing is placed, no AXI handshake) instead of running on to max_cycles.
 * Planted hang: the DRAM model never presents the data of the second read
 * burst (WAVEGPU_MEM_LOSE_AFTER=1), the line of a buffer the second load reads
 * after the first has read its address from the arguments; the wave waits on
 * its signal forever. The golden model has no hardware to hang. */
static void test_deadlock_watchdog(void)
{
    const char *name = "rtl_deadlock_watchdog_lost_response";
    if (!selected(name)) return;
    if (backend != GPU_BACKEND_RTL) {
        skip(name, "RTL backend only");
        return;
    }
    check c;
    chk_begin(&c, name);
    setenv("WAVEGPU_MEM_LOSE_AFTER", "1", 1);
    gpu_config cfg;
    config(&cfg, 1, SMALL_MEM);
    gpu_device *dev = open_cfg(c.name, &cfg);
    unsetenv("WAVEGPU_MEM_LOSE_AFTER");
    if (!dev) return;
    gpu_addr buf = 0;
    gpu_kernel *k = load_src(c.name, dev,
                             "    global_load32 s0, v16, one, args\n    sig_wait s0\n"
                             "    global_load32 s1, v17, one, v16\n    sig_wait s1\n    end\n", NULL);
    if (!k || gpu_alloc(dev, 256, &buf) != GPU_OK) {
        chk_fail(&c, "setup: %s", gpu_last_error(dev));
        gpu_kernel_free(k);
        gpu_close(dev);
        chk_end(&c);
        return;
    }
    uint32_t arg = buf;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    gpu_result res;
    gpu_status st = run(dev, k, 1, 1, 0, &arg, 1, &res);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double dt = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    chk_status(&c, "gpu_wait", st, GPU_ERR_BACKEND, dev);
    chk_msg(&c, "gpu_last_error", gpu_last_error(dev), "deadlock", "no AXI handshake", NULL);
    if (dt > 60) chk_fail(&c, "the watchdog took %.1f s to stop the launch", dt);
    gpu_kernel_free(k);
    gpu_close(dev);
    chk_end(&c);
}

/* ------------------------------------------------------------ faults */

/* The expected outcome of a faulting launch. */
typedef struct {
    unsigned fault;
    uint32_t wave, group, pc;
    int32_t lane;
    uint32_t addr;     /* 0 when the fault has no address */
    int32_t reg;
    const char *dis;   /* the disassembly of the instruction, as gpu_result_format shows it */
} fault_exp;

/* The fault tests' device and its memory. */
typedef struct {
    gpu_device *dev;
    gpu_addr buf;      /* BUF_WORDS words of SENTINEL, passed as argument 0 */
    gpu_addr out;      /* for the "device still works" launch */
} fixture;

static const char *fault_name(unsigned f)
{
    static const char *const names[] = { "NONE", "ILLEGAL_INST", "CONST_WRITE", "GLOBAL_MISALIGNED",
                                         "GLOBAL_OUT_OF_RANGE", "LDS_MISALIGNED", "LDS_OUT_OF_RANGE",
                                         "PC_OUT_OF_RANGE", "PENDING_REG" };
    return f < sizeof names / sizeof names[0] ? names[f] : "?";
}

/* Fills the buffer and the last word of memory with SENTINEL. */
static void fixture_arm(fixture *fx)
{
    gpu_fill(fx->dev, fx->buf, SENTINEL, BUF_WORDS * 4);
    gpu_fill(fx->dev, FAULT_MEM - 4, SENTINEL, 4);
}

/* Both still hold SENTINEL: the faulting instruction (and nothing after it) wrote memory. */
static void chk_untouched(check *c, fixture *fx)
{
    uint32_t b[BUF_WORDS], top = 0;
    gpu_read(fx->dev, b, fx->buf, sizeof b);
    gpu_read(fx->dev, &top, FAULT_MEM - 4, 4);
    for (unsigned i = 0; i < BUF_WORDS; i++)
        if (b[i] != SENTINEL) {
            chk_fail(c, "memory was written: buf[%u] = 0x%08" PRIx32 " (the faulting instruction or a later one ran)",
                     i, b[i]);
            break;
        }
    if (top != SENTINEL) chk_fail(c, "memory was written: the last word = 0x%08" PRIx32, top);
}

static void chk_fault_fields(check *c, gpu_status st, const gpu_result *r, const kbin *kb, const fault_exp *e)
{
    if (st != GPU_ERR_FAULT) chk_fail(c, "gpu_wait returned %s, expected GPU_ERR_FAULT", gpu_status_name(st));
    if (r->status != GPU_ERR_FAULT) chk_fail(c, "status %s, expected GPU_ERR_FAULT", gpu_status_name(r->status));
    if (r->fault != e->fault) chk_fail(c, "fault %s, expected %s", fault_name(r->fault), fault_name(e->fault));
    if (r->wave != e->wave) chk_fail(c, "wave %" PRIu32 ", expected %" PRIu32, r->wave, e->wave);
    if (r->group != e->group) chk_fail(c, "group %" PRIu32 ", expected %" PRIu32, r->group, e->group);
    if (r->cu != 0) chk_fail(c, "cu %" PRIu32 ", expected 0 (a 1-CU device)", r->cu);
    if (r->pc != e->pc) chk_fail(c, "pc %" PRIu32 ", expected %" PRIu32, r->pc, e->pc);
    uint64_t want_inst = e->pc < kb->num_insts ? kb->insts[e->pc] : 0;
    if (r->inst != want_inst)
        chk_fail(c, "inst 0x%016" PRIx64 ", expected 0x%016" PRIx64, r->inst, want_inst);
    if (r->lane != e->lane) chk_fail(c, "lane %" PRId32 ", expected %" PRId32, r->lane, e->lane);
    if (r->addr != e->addr) chk_fail(c, "addr 0x%08" PRIx32 ", expected 0x%08" PRIx32, r->addr, e->addr);
    if (r->reg != e->reg) chk_fail(c, "reg %" PRId32 ", expected %" PRId32, r->reg, e->reg);
}

/* The one-line report names the fault, the pc and the disassembled instruction. */
static void chk_fault_format(check *c, gpu_device *dev, const gpu_result *r, const fault_exp *e)
{
    char line[512];
    gpu_result_format(dev, r, line, sizeof line);
    if (!strstr(line, fault_name(e->fault))) chk_fail(c, "\"%s\" does not name %s", line, fault_name(e->fault));
    if (!has_field(line, "pc ", e->pc)) chk_fail(c, "\"%s\" does not say pc %" PRIu32, line, e->pc);
    if (!strstr(line, e->dis)) chk_fail(c, "\"%s\" does not show the instruction \"%s\"", line, e->dis);
    if (e->lane >= 0 && !has_field(line, "lane ", (unsigned)e->lane))
        chk_fail(c, "\"%s\" does not say lane %" PRId32, line, e->lane);
    if (!strstr(gpu_last_error(dev), fault_name(e->fault)))
        chk_fail(c, "gpu_last_error \"%s\" does not name %s", gpu_last_error(dev), fault_name(e->fault));
}

/* Runs src (args: buf) on the fixture and checks the fault e: prints
 * <name> (every field, memory untouched), <name>_format and
 * <name>_then_runs (a following launch works). lds 0 = the kernel's. */
static void fault_case(fixture *fx, const char *name, const char *src, uint32_t groups, uint32_t lds,
                       const fault_exp *e)
{
    if (!selected(name)) return;
    kbin kb;
    gpu_kernel *k = load_src(name, fx->dev, src, &kb);
    if (!k) return;
    fixture_arm(fx);
    uint32_t args[1] = { fx->buf };
    gpu_result res;
    gpu_status st = run(fx->dev, k, groups, 0, lds, args, 1, &res);
    check c;
    chk_begin(&c, "%s", name);
    chk_fault_fields(&c, st, &res, &kb, e);
    chk_untouched(&c, fx);
    chk_end(&c);
    chk_begin(&c, "%s_format", name);
    chk_fault_format(&c, fx->dev, &res, e);
    chk_end(&c);
    chk_begin(&c, "%s_then_runs", name);
    chk_device_works(&c, fx->dev, fx->out);
    chk_end(&c);
    gpu_kernel_free(k);
    kbin_free(&kb);
}

/* Runs src expecting success; returns the buffer in b. */
static bool ok_case(check *c, fixture *fx, const char *src, uint32_t groups, uint32_t *b)
{
    kbin kb;
    gpu_kernel *k = load_src(c->name, fx->dev, src, &kb);
    if (!k) return false;
    uint32_t args[1] = { fx->buf };
    gpu_result res;
    gpu_status st = run(fx->dev, k, groups, 0, 0, args, 1, &res);
    if (st != GPU_OK) {
        char line[512];
        gpu_result_format(fx->dev, &res, line, sizeof line);
        chk_fail(c, "gpu_wait returned %s: %s", gpu_status_name(st), line);
    }
    gpu_read(fx->dev, b, fx->buf, BUF_WORDS * 4);
    gpu_kernel_free(k);
    kbin_free(&kb);
    return st == GPU_OK;
}

/* The word of `src` with its destination field D changed to reg (to encode
 * a write to a constant, which the assembler refuses), as ".inst 0x...". */
static void dest_patched(const char *src, unsigned reg, char *out, size_t len)
{
    kbin kb;
    out[0] = 0;
    if (asm_assemble(src, strlen(src), "patch", &kb, NULL, 0) != 0) return;
    uint64_t w = ISA_SET(kb.insts[0], D, reg);
    snprintf(out, len, ".inst 0x%016" PRIx64, w);
    kbin_free(&kb);
}

#define PRE "    global_load32 s15, v16, one, args   # 0: v16 = buf (argument 0)\n" \
            "    sig_wait s15                        # 1\n"

static void test_faults(void)
{
    fixture fx;
    memset(&fx, 0, sizeof fx);
    gpu_config fcfg;
    config(&fcfg, 1, FAULT_MEM);
    fcfg.max_cycles = FAULT_MAX_CYCLES;   /* a launch that never ends is a TIMEOUT, not a hang */
    fx.dev = open_cfg("fault_open", &fcfg);
    if (!fx.dev) return;
    if (gpu_alloc(fx.dev, BUF_WORDS * 4, &fx.buf) != GPU_OK || gpu_alloc(fx.dev, 256, &fx.out) != GPU_OK) {
        fail("fault_open", "gpu_alloc: %s", gpu_last_error(fx.dev));
        gpu_close(fx.dev);
        return;
    }
    const uint32_t buf = fx.buf;
    char src[4096], inst[64];

    /* ---- ILLEGAL_INST ---- */
    fault_case(&fx, "fault_illegal_inst_undefined_opcode",
               "    nop\n"
               "    .inst 0xff00000000000000   # 1: opcode 0xFF is not defined\n"
               "    end\n",
               1, 0, &(fault_exp){ 1, 0, 0, 1, -1, 0, -1, ".inst 0xff00000000000000" });
    fault_case(&fx, "fault_illegal_inst_opcode_0",
               "    .inst 0                    # 0: opcode 0x00 is not defined\n"
               "    end\n",
               1, 0, &(fault_exp){ 1, 0, 0, 0, -1, 0, -1, ".inst 0x0000000000000000" });
    fault_case(&fx, "fault_illegal_inst_unused_bit",
               "    nop\n"
               "    nop\n"
               "    .inst 0x0100000000000001   # 2: end with a nonzero unused bit\n"
               "    end\n",
               1, 0, &(fault_exp){ 1, 0, 0, 2, -1, 0, -1, ".inst 0x0100000000000001" });

    /* ---- CONST_WRITE ---- */
    dest_patched("add v20, v16, 1\n", 3, inst, sizeof inst);
    snprintf(src, sizeof src, "    nop\n    %s   # 1: add wave, v16, 1\n    end\n", inst);
    fault_case(&fx, "fault_const_write", src, 1, 0, &(fault_exp){ 2, 0, 0, 1, -1, 0, 3, inst });
    dest_patched("mov v20, zero, 5\n", 15, inst, sizeof inst);
    snprintf(src, sizeof src, "    %s   # 0: mov args, zero, 5 (no lane selected)\n    end\n", inst);
    fault_case(&fx, "fault_const_write_empty_mask", src, 1, 0, &(fault_exp){ 2, 0, 0, 0, -1, 0, 15, inst });

    /* ---- GLOBAL_MISALIGNED: odd lanes >= 5 misaligned, lane 5 not selected ---- */
    fault_case(&fx, "fault_global_misaligned_store",
               PRE
               "    shl v20, sid, 2                 # 2\n"
               "    add v20, v20, v16               # 3: v20 = buf + 4*lane\n"
               "    add v21, v20, 2                 # 4\n"
               "    gt_u32 v22, sid, 4              # 5\n"
               "    mov v20, v22 & ~n2nd, v21       # 6: odd lanes >= 5 get +2\n"
               "    eq v23, sid, 5                  # 7\n"
               "    global_store32 s0, v20, ~v23, sid   # 8: lane 5 not selected; lane 7 faults\n"
               "    sig_wait s0\n"
               "    end\n",
               1, 0, &(fault_exp){ 3, 0, 0, 8, 7, buf + 28 + 2, -1, "global_store32 s0, v20, ~v23, sid" });

    /* ---- GLOBAL_OUT_OF_RANGE ---- */
    fault_case(&fx, "fault_global_out_of_range_null_guard",
               PRE
               "    shl v20, sid, 2                 # 2\n"
               "    add v20, v20, v16               # 3\n"
               "    eq v21, sid, 2                  # 4\n"
               "    mov v20, v21, 4096              # 5: lane 2 at 4096, the first legal word\n"
               "    eq v21, sid, 9                  # 6\n"
               "    mov v20, v21, 4092              # 7: lane 9 at 4092, the last word of the guard\n"
               "    eq v21, sid, 12                 # 8\n"
               "    mov v20, v21, 0                 # 9: lane 12 at 0\n"
               "    global_load32 s0, v22, one, v20 # 10\n"
               "    sig_wait s0\n"
               "    end\n",
               1, 0, &(fault_exp){ 4, 0, 0, 10, 9, 4092, -1, "global_load32 s0, v22, one, v20" });
    snprintf(src, sizeof src,
             PRE
             "    shl v20, sid, 2                 # 2\n"
             "    add v20, v20, v16               # 3\n"
             "    eq v21, sid, 3                  # 4\n"
             "    mov v20, v21, 0x%x              # 5: lane 3 at mem_bytes - 4, the last legal word\n"
             "    eq v21, sid, 12                 # 6\n"
             "    mov v20, v21, 0x%x              # 7: lane 12 at mem_bytes\n"
             "    eq v21, sid, 20                 # 8\n"
             "    mov v20, v21, 0xfffffffc        # 9\n"
             "    global_atomic_add s0, v22, one, v20, 1   # 10\n"
             "    sig_wait s0\n"
             "    end\n",
             FAULT_MEM - 4, FAULT_MEM);
    fault_case(&fx, "fault_global_out_of_range_mem_bytes", src, 1, 0,
               &(fault_exp){ 4, 0, 0, 10, 12, FAULT_MEM, -1, "global_atomic_add s0, v22, one, v20, 1" });

    /* ---- LDS_MISALIGNED: in group 2, wave 1 (task-wide wave 5) ---- */
    fault_case(&fx, "fault_lds_misaligned",
               ".waves 2\n"
               ".lds 256\n"
               "    s_eq v24, group, 2              # 0\n"
               "    s_and v24, v24, group_wave      # 1: only wave 1 of group 2 goes on\n"
               "    brz done, v24                   # 2\n"
               "    shl v20, sid, 2                 # 3\n"
               "    eq v21, sid, 6                  # 4\n"
               "    add v22, v20, 1                 # 5\n"
               "    mov v20, v21, v22               # 6: lane 6 at 25\n"
               "    local_load32 v23, one, v20 offset:4   # 7: lane 6 at 29\n"
               "done:\n"
               "    end\n",
               4, 0, &(fault_exp){ 5, 5, 2, 7, 6, 29, -1, "local_load32 v23, one, v20 offset:4" });

    /* ---- LDS_OUT_OF_RANGE: lane 31 at 124 + 4 = 128 ---- */
    static const char lds_oor[] =
        ".lds %u\n"
        "    shl v20, sid, 2                 # 0\n"
        "    local_store32 v20, one, sid offset:4   # 1: lane 30 at 124 is the last legal word\n"
        "    end\n";
    snprintf(src, sizeof src, lds_oor, 128u);
    fault_case(&fx, "fault_lds_out_of_range", src, 1, 0,
               &(fault_exp){ 6, 0, 0, 1, 31, 128, -1, "local_store32 v20, one, sid offset:4" });
    snprintf(src, sizeof src, lds_oor, 256u);
    fault_case(&fx, "fault_lds_out_of_range_launch_lds_bytes", src, 1, 128,
               &(fault_exp){ 6, 0, 0, 1, 31, 128, -1, "local_store32 v20, one, sid offset:4" });

    /* ---- PC_OUT_OF_RANGE ---- */
    fault_case(&fx, "fault_pc_out_of_range_end_of_program",
               PRE
               "    global_store32 s0, v16, one, sid   # 2: the last instruction; it must not store\n",
               1, 0, &(fault_exp){ 7, 0, 0, 2, -1, 3, -1, "global_store32 s0, v16, one, sid" });
    fault_case(&fx, "fault_pc_out_of_range_branch",
               "    brz 1000, one       # 0: not taken, no fault\n"
               "    br_any 1000, zero   # 1: not taken, no fault\n"
               "    br 4                # 2: 4 = the program length\n"
               "    end\n",
               1, 0, &(fault_exp){ 7, 0, 0, 2, -1, 4, -1, "br 4" });
    fault_case(&fx, "fault_pc_out_of_range_sig_waitany_table",
               "    sig_waitany3_br 1, s0, s1, s2   # 0: a table 1..3 in a 4-instruction program: no fault\n"
               "    sig_waitany3_br 2, s0, s1, s2   # 1: the table 2..4 runs past the end (4), whichever slot is done\n"
               "    end\n"
               "    end\n",
               1, 0, &(fault_exp){ 7, 0, 0, 1, -1, 4, -1, "sig_waitany3_br 2, s0, s1, s2" });

    /* ---- PENDING_REG ---- */
    fault_case(&fx, "fault_pending_reg_read",
               PRE
               "    global_load32 s0, v20, one, v16   # 2\n"
               "    add v21, v20, 1                   # 3: reads v20 before s0 is waited on\n"
               "    sig_wait s0\n"
               "    end\n",
               1, 0, &(fault_exp){ 8, 0, 0, 3, -1, 0, 20, "add v21, v20, 1" });
    fault_case(&fx, "fault_pending_reg_overwrite",
               PRE
               "    global_load32 s0, v20, one, v16   # 2\n"
               "    mov v20, 5                        # 3: overwrites v20 before s0 is waited on\n"
               "    sig_wait s0\n"
               "    end\n",
               1, 0, &(fault_exp){ 8, 0, 0, 3, -1, 0, 20, "mov v20, one, 5" });
    fault_case(&fx, "fault_pending_reg_overwrite_empty_mask",
               PRE
               "    global_load32 s0, v20, one, v16   # 2\n"
               "    mov v20, zero, 5                  # 3: no lane written, still a fault\n"
               "    sig_wait s0\n"
               "    end\n",
               1, 0, &(fault_exp){ 8, 0, 0, 3, -1, 0, 20, "mov v20, zero, 5" });
    fault_case(&fx, "fault_pending_reg_empty_mask_load",
               PRE
               "    global_load32 s0, v20, zero, v16  # 2: no lane loads; v20 is pending all the same\n"
               "    add v21, v20, 1                   # 3\n"
               "    sig_wait s0\n"
               "    end\n",
               1, 0, &(fault_exp){ 8, 0, 0, 3, -1, 0, 20, "add v21, v20, 1" });
    fault_case(&fx, "fault_pending_reg_lowest_reported",
               PRE
               "    global_load32 s0, v21, one, v16   # 2\n"
               "    global_load32 s1, v20, one, v16   # 3\n"
               "    global_store32 s2, v21, v20, v16  # 4: address v21 and mask v20 pending: v20 reported\n"
               "    sig_waitall3 s0, s1, s2\n"
               "    end\n",
               1, 0, &(fault_exp){ 8, 0, 0, 4, -1, 0, 20, "global_store32 s2, v21, v20, v16" });
    if (selected("pending_reg_released_by_sig_done")) {
        /* sig_done1 that sees the slot done releases the register: no fault. */
        check c;
        chk_begin(&c, "pending_reg_released_by_sig_done");
        fixture_arm(&fx);
        uint32_t b[BUF_WORDS];
        uint32_t marker = 0x5EED0001u;
        gpu_write(fx.dev, buf, &marker, 4);
        if (ok_case(&c, &fx,
                    PRE
                    "    global_load32 s0, v20, one, v16   # v20 = buf[0]\n"
                    "wait:\n"
                    "    sig_done1 v22, s0\n"
                    "    brz wait, v22\n"
                    "    add v21, v20, 1\n"
                    "    add v23, v16, 4\n"
                    "    global_store32 s1, v23, one, v21  # buf[1] = buf[0] + 1\n"
                    "    sig_wait s1\n"
                    "    end\n",
                    1, b) &&
            b[1] != marker + 1)
            chk_fail(&c, "buf[1] = 0x%08" PRIx32 ", expected 0x%08" PRIx32, b[1], marker + 1);
        chk_end(&c);
    }

    /* ---- After a fault, nothing else runs ---- */
    fault_case(&fx, "fault_stops_later_groups",
               ".lds 65536                          # one group at a time on the 1-CU device\n"
               PRE
               "    brnz other, group               # 2\n"
               "    .inst 0xff00000000000000        # 3: group 0 faults\n"
               "other:\n"
               "    global_store32 s0, v16, one, group   # groups 1, 2 would store here\n"
               "    sig_wait s0\n"
               "    end\n",
               3, 0, &(fault_exp){ 1, 0, 0, 3, -1, 0, -1, ".inst 0xff00000000000000" });
    fault_case(&fx, "fault_does_not_release_barrier",
               ".waves 2\n"
               PRE
               "    brnz w1, group_wave             # 2\n"
               "    .inst 0xff00000000000000        # 3: wave 0 faults before the barrier\n"
               "w1:\n"
               "    barrier                         # wave 1 waits for wave 0\n"
               "    global_store32 s0, v16, one, wave\n"
               "    sig_wait s0\n"
               "    end\n",
               1, 0, &(fault_exp){ 1, 0, 0, 3, -1, 0, -1, ".inst 0xff00000000000000" });

    /* ---- Fault check order (csrc/golden.h, docs/isa.md section 5) ---- */
    {
        /* ILLEGAL_INST before CONST_WRITE: add wave, v16, 1 with unused bit 34 set. */
        kbin kb;
        uint64_t w = 0;
        if (asm_assemble("add v20, v16, 1\n", 16, "o", &kb, NULL, 0) == 0) {
            w = ISA_SET(kb.insts[0], D, 3) | (1ull << 34);
            kbin_free(&kb);
        }
        char dis[64];
        snprintf(dis, sizeof dis, ".inst 0x%016" PRIx64, w);
        snprintf(src, sizeof src, "    nop\n    %s   # 1\n    end\n", dis);
        fault_case(&fx, "fault_order_illegal_before_const_write", src, 1, 0,
                   &(fault_exp){ 1, 0, 0, 1, -1, 0, -1, dis });
    }
    if (selected("fault_order_signal_stall_before_pending_reg")) {
        /* Reissuing onto s0 waits for it, which releases v20: the address
         * register v20 is no longer pending when it is read. */
        check c;
        chk_begin(&c, "fault_order_signal_stall_before_pending_reg");
        fixture_arm(&fx);
        uint32_t b[BUF_WORDS], w0 = buf + 64, w16 = 0x0DDBA11u;
        gpu_write(fx.dev, buf, &w0, 4);
        gpu_write(fx.dev, buf + 64, &w16, 4);
        if (ok_case(&c, &fx,
                    PRE
                    "    global_load32 s0, v20, one, v16   # v20 = buf[0] = &buf[16]\n"
                    "    global_load32 s0, v21, one, v20   # waits for s0, then reads v20\n"
                    "    sig_wait s0\n"
                    "    add v22, v16, 4\n"
                    "    global_store32 s1, v22, one, v21  # buf[1] = buf[16]\n"
                    "    sig_wait s1\n"
                    "    end\n",
                    1, b) &&
            b[1] != w16)
            chk_fail(&c, "buf[1] = 0x%08" PRIx32 ", expected 0x%08" PRIx32, b[1], w16);
        chk_end(&c);
    }
    fault_case(&fx, "fault_order_pending_reg_before_pc_out_of_range",
               PRE
               "    global_load32 s0, v20, one, v16   # 2\n"
               "    add v21, v20, 1                   # 3: the last instruction, and v20 is pending\n",
               1, 0, &(fault_exp){ 8, 0, 0, 3, -1, 0, 20, "add v21, v20, 1" });
    fault_case(&fx, "fault_order_pc_out_of_range_before_memory",
               "    mov v20, 2                        # 0\n"
               "    global_store32 s0, v20, one, sid  # 1: last instruction; address 2 misaligned, in the guard\n",
               1, 0, &(fault_exp){ 7, 0, 0, 1, -1, 2, -1, "global_store32 s0, v20, one, sid" });
    fault_case(&fx, "fault_order_global_misaligned_before_range",
               PRE
               "    shl v20, sid, 2                   # 2\n"
               "    add v20, v20, v16                 # 3\n"
               "    eq v21, sid, 4                    # 4\n"
               "    mov v20, v21, 4094                # 5: lane 4 misaligned and in the guard\n"
               "    global_store32 s0, v20, one, sid  # 6\n"
               "    sig_wait s0\n"
               "    end\n",
               1, 0, &(fault_exp){ 3, 0, 0, 6, 4, 4094, -1, "global_store32 s0, v20, one, sid" });
    fault_case(&fx, "fault_order_lds_misaligned_before_range",
               ".lds 64\n"
               "    shl v20, sid, 2                   # 0\n"
               "    eq v21, sid, 4                    # 1\n"
               "    mov v20, v21, 66                  # 2: lane 4 misaligned and beyond lds_bytes\n"
               "    local_load32 v23, lo16, v20       # 3: lanes 0..15 (0..60 but lane 4)\n"
               "    end\n",
               1, 0, &(fault_exp){ 5, 0, 0, 3, 4, 66, -1, "local_load32 v23, lo16, v20" });
    fault_case(&fx, "fault_order_lowest_lane_first",
               PRE
               "    shl v20, sid, 2                   # 2\n"
               "    add v20, v20, v16                 # 3\n"
               "    eq v21, sid, 3                    # 4\n"
               "    mov v20, v21, 0                   # 5: lane 3 out of range\n"
               "    eq v21, sid, 8                    # 6\n"
               "    add v22, v20, 1                   # 7\n"
               "    mov v20, v21, v22                 # 8: lane 8 misaligned\n"
               "    global_load32 s0, v23, one, v20   # 9: lane 3 is reported, not the misaligned lane 8\n"
               "    sig_wait s0\n"
               "    end\n",
               1, 0, &(fault_exp){ 4, 0, 0, 9, 3, 0, -1, "global_load32 s0, v23, one, v20" });

    gpu_close(fx.dev);
}

/* CONST_WRITE before the signal stall, on a device with slow memory (opened
 * after the other fault tests closed theirs: one device at a time). */
static void test_fault_order_slow(void)
{
    char src[4096], inst[64];
    if (selected("fault_order_const_write_before_signal_stall")) {
        /* Wave 0 issues an instruction that writes a constant and waits on a
         * slot pending for 20000 cycles. Checked first, CONST_WRITE stops the
         * task at once; stalling first would let wave 1 run its ~600
         * instructions into an illegal one. (A timeout cannot tell the two
         * apart on every backend: the RTL drains issued accesses after a
         * fault.) This assumes no scheduler lets one ready wave wait for
         * hundreds of instructions of the other. */
        gpu_config cfg;
        config(&cfg, 1, FAULT_MEM);
        cfg.mem_latency = 20000;
        cfg.max_cycles = FAULT_MAX_CYCLES;
        fixture slow;
        memset(&slow, 0, sizeof slow);
        slow.dev = open_cfg("fault_order_const_write_before_signal_stall", &cfg);
        if (slow.dev && gpu_alloc(slow.dev, BUF_WORDS * 4, &slow.buf) == GPU_OK &&
            gpu_alloc(slow.dev, 256, &slow.out) == GPU_OK) {
            dest_patched("global_load32 s0, v20, one, args\n", 3, inst, sizeof inst);
            snprintf(src, sizeof src,
                     ".waves 2\n"
                     "    brnz w1, group_wave                # 0\n"
                     "    global_load32 s0, v20, one, args   # 1: s0 pending for 20000 cycles\n"
                     "    barrier                            # 2\n"
                     "    %s   # 3: global_load32 s0, wave, one, args\n"
                     "    end\n"
                     "w1:\n"
                     "    barrier\n"
                     "    s_mov v21, 300\n"
                     "spin:\n"
                     "    s_sub v21, v21, 1\n"
                     "    brnz spin, v21\n"
                     "    .inst 0xff00000000000000           # wave 1 gets here only if wave 0 stalled\n"
                     "    end\n",
                     inst);
            fault_case(&slow, "fault_order_const_write_before_signal_stall", src, 1, 0,
                       &(fault_exp){ 2, 0, 0, 3, -1, 0, 3, inst });
        }
        gpu_close(slow.dev);
    }
}

/* ------------------------------------------------------------ two devices */

/* Two devices open at once are independent, and closing them in either order
 * works. Last, because an RTL backend bug here could hang. */
static void test_two_devices(void)
{
    static const int order[2][2] = { { 1, 0 }, { 0, 1 } };   /* which to close first */
    for (unsigned o = 0; o < 2; o++) {
        const char *name =
            o == 0 ? "two_devices_open_at_once_close_last_first" : "two_devices_open_at_once_close_first_first";
        if (!selected(name)) continue;
        check c;
        chk_begin(&c, "%s", name);
        gpu_device *d[2] = { NULL, NULL };
        gpu_addr buf[2] = { 0, 0 };
        for (unsigned i = 0; i < 2; i++) {
            gpu_config cfg;
            config(&cfg, 1, SMALL_MEM);
            char err[512] = "";
            gpu_status st = gpu_open(&cfg, &d[i], err, sizeof err);
            if (st != GPU_OK) chk_fail(&c, "gpu_open of device %u: %s: %s", i, gpu_status_name(st), err);
            else if (gpu_alloc(d[i], 256, &buf[i]) != GPU_OK) chk_fail(&c, "gpu_alloc: %s", gpu_last_error(d[i]));
        }
        if (d[0] && d[1]) {
            uint32_t m0 = 0xA0A0A0A0u, m1 = 0xB1B1B1B1u, g0 = 0, g1 = 0;
            gpu_write(d[0], buf[0], &m0, 4);
            gpu_write(d[1], buf[1], &m1, 4);
            gpu_read(d[0], &g0, buf[0], 4);
            gpu_read(d[1], &g1, buf[1], 4);
            if (g0 != m0 || g1 != m1)
                chk_fail(&c, "the devices share memory: read 0x%08" PRIx32 " 0x%08" PRIx32, g0, g1);
            chk_device_works(&c, d[1], 0);
            chk_device_works(&c, d[0], 0);
        }
        fflush(stdout);
        gpu_close(d[order[o][0]]);
        gpu_close(d[order[o][1]]);
        chk_end(&c);
    }
}

/* ------------------------------------------------------------ kbin_serialize */

static void test_kbin_serialize(void)
{
    static uint64_t code[4097];
    for (unsigned i = 0; i < 4097; i++) code[i] = (uint64_t)ISA_OP_NOP << 56;
    static const struct {
        const char *name, *word;
        uint32_t n, lds, waves;
    } bad[] = {
        { "kbin_serialize_rejects_lds_6", "LDS", 2, 6, 1 },
        { "kbin_serialize_rejects_lds_65540", "LDS", 2, 65540, 1 },
        { "kbin_serialize_rejects_waves_0", "waves", 2, 0, 0 },
        { "kbin_serialize_rejects_waves_3", "waves", 2, 0, 3 },
        { "kbin_serialize_rejects_0_instructions", "instructions", 0, 0, 1 },
        { "kbin_serialize_rejects_4097_instructions", "instructions", 4097, 0, 1 },
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (!selected(bad[i].name)) continue;
        check c;
        chk_begin(&c, "%s", bad[i].name);
        kbin k = { bad[i].n, bad[i].lds, bad[i].waves, code };
        uint8_t *out = (uint8_t *)&c;
        size_t len = 12345;
        char err[256] = "";
        if (kbin_serialize(&k, &out, &len, err, sizeof err) != -1) chk_fail(&c, "kbin_serialize did not return -1");
        if (out != (uint8_t *)&c || len != 12345) chk_fail(&c, "kbin_serialize wrote its outputs");
        chk_msg(&c, "the message", err, bad[i].word, NULL);
        chk_end(&c);
    }
    if (selected("kbin_serialize_accepts_limits")) {
        check c;
        chk_begin(&c, "kbin_serialize_accepts_limits");
        kbin k = { 4096, 65536, 2, code }, back;
        uint8_t *out = NULL;
        size_t len = 0;
        char err[256] = "";
        if (kbin_serialize(&k, &out, &len, err, sizeof err) != 0) {
            chk_fail(&c, "kbin_serialize: %s", err);
        } else if (kbin_parse(out, len, &back, err, sizeof err) != 0) {
            chk_fail(&c, "kbin_parse of the result: %s", err);
        } else {
            if (back.num_insts != 4096 || back.lds_bytes != 65536 || back.waves_per_group != 2 ||
                memcmp(back.insts, code, 4096 * 8) != 0)
                chk_fail(&c, "the parsed kernel differs");
            kbin_free(&back);
        }
        free(out);
        chk_end(&c);
    }
    if (selected("kbin_write_file_rejects_without_creating")) {
        check c;
        chk_begin(&c, "kbin_write_file_rejects_without_creating");
        char path[64];
        snprintf(path, sizeof path, "/tmp/wavegpu_test_runtime_%ld_bad.wgk", (long)getpid());
        remove(path);
        kbin k = { 2, 2, 1, code };
        char err[256] = "";
        if (kbin_write_file(path, &k, err, sizeof err) != -1) chk_fail(&c, "kbin_write_file did not return -1");
        chk_msg(&c, "the message", err, "LDS", NULL);
        FILE *f = fopen(path, "rb");
        if (f) {
            chk_fail(&c, "%s was created", path);
            fclose(f);
            remove(path);
        }
        chk_end(&c);
    }
}

/* ------------------------------------------------------------ main */

int main(int argc, char **argv)
{
    char why[256];
    if (gpu_default_backend(&backend, why, sizeof why) != GPU_OK) {
        fprintf(stderr, "test_runtime: %s\n", why);
        return 2;
    }
    if (argc > 1) filter = argv[1];
    setvbuf(stdout, NULL, _IOLBF, 0);
    signal(SIGALRM, on_alarm);
    arm_watchdog("test_runtime_setup");

    test_default_backend();
    test_open();
    test_null_device();
    test_alloc();
    test_memory();
    test_kernel_load();
    test_launch();
    test_wait_nothing_launched();
    test_timeout();
    test_deadlock_watchdog();
    test_faults();
    test_fault_order_slow();
    test_kbin_serialize();
    test_two_devices();

    printf("test_runtime: %u passed, %u failed, %u skipped\n", n_pass, n_fail, n_skip);
    return n_fail ? 1 : 0;
}
