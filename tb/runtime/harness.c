/* SPDX-License-Identifier: Apache-2.0 */
/* Checks (check.h cases) armed with the watchdog, devices and inline
 * kernels, and the "device still works" check. */
#include "runtime_test.h"

#define WATCHDOG_SECONDS 120       /* per check_case */

/* ------------------------------------------------------------ reporting */

gpu_backend_kind backend = GPU_BACKEND_GOLDEN;
const char *filter;

void chk_begin(check_case *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    case_vbegin(c, fmt, ap);
    va_end(ap);
    arm_watchdog(c->name);
}

void chk_status(check_case *c, const char *what, gpu_status st, gpu_status want, gpu_device *dev)
{
    if (st != want)
        case_fail(c, "%s returned %s, expected %s (%s)", what, gpu_status_name(st), gpu_status_name(want),
                 dev ? gpu_last_error(dev) : "no device");
}

void chk_msg(check_case *c, const char *what, const char *msg, ...)
{
    va_list ap;
    va_start(ap, msg);
    for (const char *w = va_arg(ap, const char *); w; w = va_arg(ap, const char *))
        if (!msg || !strstr(msg, w)) case_fail(c, "%s \"%s\" does not mention '%s'", what, msg ? msg : "(null)", w);
    va_end(ap);
}

/* The watchdog: re-armed by every check, so a hang is reported under the
 * name of the check that hangs (the handler only writes a prepared line). */
static char alarm_line[192] = "FAIL test_runtime_watchdog: still running after the watchdog time (a hang)\n";

void arm_watchdog(const char *name)
{
    snprintf(alarm_line, sizeof alarm_line, "FAIL %s: still running after %d s (a hang); stopped\n", name,
             WATCHDOG_SECONDS);
    alarm(WATCHDOG_SECONDS);
}

void on_alarm(int sig)
{
    (void)sig;
    ssize_t r = write(STDOUT_FILENO, alarm_line, strlen(alarm_line));
    (void)r;
    _exit(1);
}

/* ------------------------------------------------------------ devices and kernels */

void config(gpu_config *cfg, unsigned cus, uint32_t mem)
{
    gpu_config_default(cfg);
    cfg->backend = backend;
    if (cus) cfg->num_cus = cus;
    if (mem) cfg->mem_bytes = mem;
}

gpu_device *open_cfg(const char *test, const gpu_config *cfg)
{
    gpu_device *dev = NULL;
    char err[512] = "";
    gpu_status st = gpu_open(cfg, &dev, err, sizeof err);
    if (st != GPU_OK || !dev) {
        check_fail(test, "gpu_open: %s: %s", gpu_status_name(st), err);
        return NULL;
    }
    return dev;
}

gpu_device *open_dev(const char *test, unsigned cus, uint32_t mem)
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
        check_fail(test, "the test kernel does not assemble: %s", err);
        return false;
    }
    return true;
}

/* Serialises kb; on error reports FAIL test. */
static bool to_bytes(const char *test, const kbin *kb, uint8_t **b, size_t *n)
{
    char err[512];
    if (kbin_serialize(kb, b, n, err, sizeof err) != 0) {
        check_fail(test, "kbin_serialize: %s", err);
        return false;
    }
    return true;
}

gpu_kernel *load_src(const char *test, gpu_device *dev, const char *src, kbin *kb)
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
            check_fail(test, "gpu_kernel_load: %s: %s", gpu_status_name(st), gpu_last_error(dev));
            kern = NULL;
        }
    }
    free(b);
    if (!kb || !kern) kbin_free(k);
    return kern;
}

gpu_status run(gpu_device *dev, const gpu_kernel *k, uint32_t groups, uint32_t waves, uint32_t lds,
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

bool has_field(const char *s, const char *key, unsigned long long v)
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
const char *const works_src =
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

void chk_device_works(check_case *c, gpu_device *dev, gpu_addr out)
{
    if (!out && gpu_alloc(dev, 64 * 4, &out) != GPU_OK) {
        case_fail(c, "gpu_alloc for the check kernel: %s", gpu_last_error(dev));
        return;
    }
    kbin kb;
    if (asm_assemble(works_src, strlen(works_src), "works", &kb, NULL, 0) != 0) {
        case_fail(c, "the check kernel does not assemble");
        return;
    }
    uint8_t *b = NULL;
    size_t n = 0;
    gpu_kernel *k = NULL;
    if (kbin_serialize(&kb, &b, &n, NULL, 0) != 0 || gpu_kernel_load(dev, b, n, &k) != GPU_OK) {
        case_fail(c, "cannot load the check kernel: %s", gpu_last_error(dev));
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
        case_fail(c, "a normal launch afterwards returned %s (%s)", gpu_status_name(st), line);
        return;
    }
    uint32_t got[64];
    if (gpu_read(dev, got, out, sizeof got) != GPU_OK) {
        case_fail(c, "gpu_read: %s", gpu_last_error(dev));
        return;
    }
    for (unsigned i = 0; i < 64; i++)
        if (got[i] != 3 * i + 7) {
            case_fail(c, "a normal launch afterwards: wave %u lane %u stored 0x%08" PRIx32 ", expected %u", i / 32,
                     i % 32, got[i], 3 * i + 7);
            return;
        }
}

