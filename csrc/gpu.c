/* SPDX-License-Identifier: Apache-2.0 */
/* gpu.c: the host runtime behind gpu.h.
 *
 * It owns everything the host passes in: config and launch validation,
 * device-memory allocation (a bump allocator), range checks of host accesses,
 * kernel parsing, and placing the kernel arguments in device memory. The
 * backend (gpu_backend.h) only executes. A device is a heap object; nothing
 * here is global and nothing exits.
 *
 * Device memory layout: [0, 4096) is the null guard no kernel may touch;
 * [4096, 4352) holds the arguments of the current launch (GPU_MAX_ARGS
 * words); allocations follow from 4352 upwards, 256-byte aligned.
 */
#include "gpu.h"

#include "asm.h"
#include "disasm.h"
#include "gpu_backend.h"
#include "isa.h"
#include "kbin.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Programs that link the RTL backend define this; elsewhere it is NULL. */
const gpu_backend_ops *gpu_rtl_backend_ops(void) __attribute__((weak));

#define GPU_ALLOC_ALIGN   256u
#define GPU_ARGS_ADDR     ISA_GLOBAL_NULL_BYTES
#define GPU_ARGS_BYTES    (GPU_MAX_ARGS * 4u)
#define GPU_HEAP_BASE     (GPU_ARGS_ADDR + GPU_ARGS_BYTES)
#define GPU_MEM_MIN       (64u * 1024u)
#define GPU_MEM_MAX       (1024u * 1024u * 1024u)
#define GPU_MAX_GROUPS    65535u
#define GPU_MAX_LATENCY   1000000u
#define GPU_ERR_LEN       2048
#define GPU_MAX_WAVE_POS  16    /* waves a timeout report names */

struct gpu_device {
    gpu_config cfg;
    const gpu_backend_ops *be;
    void *state;
    uint32_t heap_next;           /* next free byte of the bump allocator */
    int launched;                 /* a launch is waiting for gpu_wait */
    gpu_launch_desc desc;         /* the pending launch; desc.code points at code */
    uint64_t code[ISA_MAX_INSTS]; /* the pending launch's program, copied */
    gpu_counters counters;        /* of the last completed launch */
    kbin_lines *lines;            /* the line table of the pending or last launch's kernel, or NULL */
    gpu_wave_pos waves[GPU_MAX_WAVE_POS];  /* after a timeout: the waves still running */
    unsigned num_waves;
    char err[GPU_ERR_LEN];
};

struct gpu_kernel {
    kbin bin;
};

static gpu_status fail(gpu_device *dev, gpu_status st, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static gpu_status fail(gpu_device *dev, gpu_status st, const char *fmt, ...)
{
    if (dev) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(dev->err, sizeof dev->err, fmt, ap);
        va_end(ap);
    }
    return st;
}

static void set_err(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void set_err(char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || errlen == 0) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

/* gpu_config_default's backend when WAVEGPU_BACKEND holds a bad value:
 * check_config then reports the variable. */
#define GPU_BACKEND_BAD_ENV ((gpu_backend_kind)-1)

int gpu_backend_available(gpu_backend_kind kind)
{
    if (kind == GPU_BACKEND_GOLDEN) return 1;
    return kind == GPU_BACKEND_RTL && gpu_rtl_backend_ops && gpu_rtl_backend_ops();
}

gpu_status gpu_default_backend(gpu_backend_kind *kind, char *err, size_t errlen)
{
    if (err && errlen) err[0] = '\0';
    if (!kind) {
        set_err(err, errlen, "gpu_default_backend: kind is NULL");
        return GPU_ERR_ARG;
    }
    const char *v = getenv("WAVEGPU_BACKEND");
    if (v && *v) {
        if (strcmp(v, "golden") == 0) *kind = GPU_BACKEND_GOLDEN;
        else if (strcmp(v, "rtl") == 0) *kind = GPU_BACKEND_RTL;
        else {
            set_err(err, errlen, "WAVEGPU_BACKEND is '%.64s'; must be golden or rtl", v);
            return GPU_ERR_ARG;
        }
        return GPU_OK;
    }
    *kind = gpu_backend_available(GPU_BACKEND_RTL) ? GPU_BACKEND_RTL : GPU_BACKEND_GOLDEN;
    return GPU_OK;
}

void gpu_config_default(gpu_config *cfg)
{
    if (!cfg) return;
    memset(cfg, 0, sizeof *cfg);
    if (gpu_default_backend(&cfg->backend, NULL, 0) != GPU_OK) cfg->backend = GPU_BACKEND_BAD_ENV;
    cfg->num_cus = 4;
    cfg->mem_bytes = 16u * 1024u * 1024u;
    cfg->mem_latency = 100;
    cfg->max_cycles = 200000000ull;
    cfg->dram_channels = 4;
    cfg->dram_bytes_per_cycle = 4;
}

const char *gpu_status_name(gpu_status s)
{
    switch (s) {
    case GPU_OK: return "GPU_OK";
    case GPU_ERR_ARG: return "GPU_ERR_ARG";
    case GPU_ERR_NOMEM: return "GPU_ERR_NOMEM";
    case GPU_ERR_RANGE: return "GPU_ERR_RANGE";
    case GPU_ERR_KERNEL: return "GPU_ERR_KERNEL";
    case GPU_ERR_FAULT: return "GPU_ERR_FAULT";
    case GPU_ERR_TIMEOUT: return "GPU_ERR_TIMEOUT";
    case GPU_ERR_BACKEND: return "GPU_ERR_BACKEND";
    case GPU_ERR_STATE: return "GPU_ERR_STATE";
    }
    return "GPU_ERR_UNKNOWN";
}

/* Checks a config; returns GPU_OK or GPU_ERR_ARG with a message. */
static gpu_status check_config(const gpu_config *c, char *err, size_t errlen)
{
    if (c->backend == GPU_BACKEND_BAD_ENV) {
        gpu_backend_kind k;
        char why[128];
        if (gpu_default_backend(&k, why, sizeof why) != GPU_OK) {
            set_err(err, errlen, "config: %s", why);
            return GPU_ERR_ARG;
        }
    }
    if (c->backend != GPU_BACKEND_GOLDEN && c->backend != GPU_BACKEND_RTL) {
        set_err(err, errlen, "config: unknown backend %d (expected GPU_BACKEND_GOLDEN or GPU_BACKEND_RTL)",
                (int)c->backend);
        return GPU_ERR_ARG;
    }
    if (c->num_cus < 1 || c->num_cus > 8) {
        set_err(err, errlen, "config: num_cus is %u; must be 1..8", c->num_cus);
        return GPU_ERR_ARG;
    }
    if (c->mem_bytes < GPU_MEM_MIN || c->mem_bytes > GPU_MEM_MAX || (c->mem_bytes & (c->mem_bytes - 1)) != 0) {
        set_err(err, errlen, "config: mem_bytes is %" PRIu32 "; must be a power of two from %u (64 KiB) to %u (1 GiB)",
                c->mem_bytes, GPU_MEM_MIN, GPU_MEM_MAX);
        return GPU_ERR_ARG;
    }
    if (c->mem_latency > GPU_MAX_LATENCY) {
        set_err(err, errlen, "config: mem_latency is %u; must be at most %u", c->mem_latency, GPU_MAX_LATENCY);
        return GPU_ERR_ARG;
    }
    if (c->dram_channels < 1 || c->dram_channels > 16) {
        set_err(err, errlen, "config: dram_channels is %u; must be 1..16", c->dram_channels);
        return GPU_ERR_ARG;
    }
    if (c->dram_bytes_per_cycle < 1 || c->dram_bytes_per_cycle > 64) {
        set_err(err, errlen, "config: dram_bytes_per_cycle is %u; must be 1..64", c->dram_bytes_per_cycle);
        return GPU_ERR_ARG;
    }
    if (c->max_cycles == 0) {
        set_err(err, errlen, "config: max_cycles is 0; must be at least 1");
        return GPU_ERR_ARG;
    }
    return GPU_OK;
}

gpu_status gpu_open(const gpu_config *cfg, gpu_device **dev, char *err, size_t errlen)
{
    if (err && errlen) err[0] = '\0';
    if (!dev) {
        set_err(err, errlen, "gpu_open: dev is NULL");
        return GPU_ERR_ARG;
    }
    *dev = NULL;
    gpu_config c;
    if (cfg) c = *cfg;
    else gpu_config_default(&c);
    gpu_status st = check_config(&c, err, errlen);
    if (st != GPU_OK) return st;

    const gpu_backend_ops *be = NULL;
    if (c.backend == GPU_BACKEND_GOLDEN) {
        be = &gpu_golden_backend;
    } else {
        if (gpu_rtl_backend_ops) be = gpu_rtl_backend_ops();
        if (!be) {
            set_err(err, errlen, "the RTL backend is not linked into this program (build it with the Verilated "
                                 "model to use GPU_BACKEND_RTL)");
            return GPU_ERR_BACKEND;
        }
    }

    gpu_device *d = calloc(1, sizeof *d);
    if (!d) {
        set_err(err, errlen, "gpu_open: out of host memory");
        return GPU_ERR_NOMEM;
    }
    d->cfg = c;
    d->be = be;
    d->heap_next = GPU_HEAP_BASE;
    snprintf(d->err, sizeof d->err, "no error");
    char berr[GPU_ERR_LEN] = "";
    st = be->create(&d->state, &c, berr, sizeof berr);
    if (st != GPU_OK) {
        set_err(err, errlen, "%s backend: %s", be->name, berr[0] ? berr : gpu_status_name(st));
        free(d);
        return st == GPU_ERR_NOMEM ? st : GPU_ERR_BACKEND;
    }
    *dev = d;
    return GPU_OK;
}

void gpu_close(gpu_device *dev)
{
    if (!dev) return;
    if (dev->be && dev->state) dev->be->destroy(dev->state);
    kbin_lines_free(dev->lines);
    free(dev);
}

const char *gpu_last_error(const gpu_device *dev)
{
    if (!dev) return "no device (NULL gpu_device)";
    return dev->err;
}

gpu_status gpu_alloc(gpu_device *dev, uint32_t bytes, gpu_addr *addr)
{
    if (!dev) return GPU_ERR_ARG;
    if (!addr) return fail(dev, GPU_ERR_ARG, "gpu_alloc: addr is NULL");
    if (bytes == 0) return fail(dev, GPU_ERR_ARG, "gpu_alloc: cannot allocate 0 bytes");
    uint64_t size = ((uint64_t)bytes + GPU_ALLOC_ALIGN - 1) / GPU_ALLOC_ALIGN * GPU_ALLOC_ALIGN;
    uint64_t end = (uint64_t)dev->heap_next + size;
    if (end > dev->cfg.mem_bytes)
        return fail(dev, GPU_ERR_NOMEM,
                    "gpu_alloc: %" PRIu32 " bytes do not fit: %" PRIu32 " of %" PRIu32 " bytes of device memory are free",
                    bytes, dev->cfg.mem_bytes - dev->heap_next, dev->cfg.mem_bytes);
    *addr = dev->heap_next;
    dev->heap_next = (uint32_t)end;
    return GPU_OK;
}

/* Is [a, a+bytes) inside device memory? Sets the error if not. */
static gpu_status check_range(gpu_device *dev, const char *what, gpu_addr a, uint32_t bytes)
{
    uint64_t end = (uint64_t)a + bytes;
    if (end > dev->cfg.mem_bytes)
        return fail(dev, GPU_ERR_RANGE,
                    "%s: range [0x%08" PRIx32 ", 0x%09" PRIx64 ") is outside the device memory of %" PRIu32
                    " bytes [0, 0x%08" PRIx32 ")",
                    what, a, end, dev->cfg.mem_bytes, dev->cfg.mem_bytes);
    return GPU_OK;
}

static gpu_status backend_failed(gpu_device *dev, const char *what, gpu_status st)
{
    return fail(dev, st == GPU_ERR_RANGE ? GPU_ERR_BACKEND : st, "%s: %s backend failed with %s", what,
                dev->be->name, gpu_status_name(st));
}

gpu_status gpu_write(gpu_device *dev, gpu_addr dst, const void *src, uint32_t bytes)
{
    if (!dev) return GPU_ERR_ARG;
    if (!src && bytes) return fail(dev, GPU_ERR_ARG, "gpu_write: src is NULL");
    gpu_status st = check_range(dev, "gpu_write", dst, bytes);
    if (st != GPU_OK || bytes == 0) return st;
    st = dev->be->mem_write(dev->state, dst, src, bytes);
    return st == GPU_OK ? st : backend_failed(dev, "gpu_write", st);
}

gpu_status gpu_read(gpu_device *dev, void *dst, gpu_addr src, uint32_t bytes)
{
    if (!dev) return GPU_ERR_ARG;
    if (!dst && bytes) return fail(dev, GPU_ERR_ARG, "gpu_read: dst is NULL");
    gpu_status st = check_range(dev, "gpu_read", src, bytes);
    if (st != GPU_OK || bytes == 0) return st;
    st = dev->be->mem_read(dev->state, dst, src, bytes);
    return st == GPU_OK ? st : backend_failed(dev, "gpu_read", st);
}

/* Fills with the 32-bit little-endian pattern `value`: byte dst+i gets byte
 * (i % 4) of value, so a fill of whole words stores `value` in each. */
gpu_status gpu_fill(gpu_device *dev, gpu_addr dst, uint32_t value, uint32_t bytes)
{
    if (!dev) return GPU_ERR_ARG;
    gpu_status st = check_range(dev, "gpu_fill", dst, bytes);
    if (st != GPU_OK) return st;
    uint8_t chunk[4096];
    for (unsigned i = 0; i < sizeof chunk; i++) chunk[i] = (uint8_t)(value >> (8 * (i % 4)));
    uint32_t done = 0;
    while (done < bytes) {
        uint32_t n = bytes - done < sizeof chunk ? bytes - done : (uint32_t)sizeof chunk;
        st = dev->be->mem_write(dev->state, dst + done, chunk, n);
        if (st != GPU_OK) return backend_failed(dev, "gpu_fill", st);
        done += n;
    }
    return GPU_OK;
}

gpu_status gpu_kernel_load(gpu_device *dev, const void *bin, size_t len, gpu_kernel **k)
{
    if (!dev) return GPU_ERR_ARG;
    if (!k) return fail(dev, GPU_ERR_ARG, "gpu_kernel_load: k is NULL");
    *k = NULL;
    if (!bin) return fail(dev, GPU_ERR_ARG, "gpu_kernel_load: bin is NULL");
    gpu_kernel *kn = calloc(1, sizeof *kn);
    if (!kn) return fail(dev, GPU_ERR_NOMEM, "gpu_kernel_load: out of host memory");
    char err[GPU_ERR_LEN];
    if (kbin_parse(bin, len, &kn->bin, err, sizeof err) != 0) {
        free(kn);
        return fail(dev, GPU_ERR_KERNEL, "%s", err);
    }
    *k = kn;
    return GPU_OK;
}

gpu_status gpu_kernel_load_file(gpu_device *dev, const char *path, gpu_kernel **k)
{
    if (!dev) return GPU_ERR_ARG;
    if (!k) return fail(dev, GPU_ERR_ARG, "gpu_kernel_load_file: k is NULL");
    *k = NULL;
    if (!path) return fail(dev, GPU_ERR_ARG, "gpu_kernel_load_file: path is NULL");
    uint8_t *data = NULL;
    size_t len = 0;
    char err[GPU_ERR_LEN];
    if (kbin_read_file(path, &data, &len, KBIN_MAX_FILE_BYTES, err, sizeof err) != 0)
        return fail(dev, GPU_ERR_KERNEL, "cannot load kernel: %s", err);
    gpu_status st = gpu_kernel_load(dev, data, len, k);
    free(data);
    if (st != GPU_OK) {
        char msg[GPU_ERR_LEN];
        snprintf(msg, sizeof msg, "%s", dev->err);
        fail(dev, st, "%s: %s", path, msg);
    }
    return st;
}

gpu_status gpu_kernel_assemble(gpu_device *dev, const char *src, size_t len, const char *name, gpu_kernel **k)
{
    if (!dev) return GPU_ERR_ARG;
    if (!k) return fail(dev, GPU_ERR_ARG, "gpu_kernel_assemble: k is NULL");
    *k = NULL;
    if (!src && len) return fail(dev, GPU_ERR_ARG, "gpu_kernel_assemble: src is NULL");
    gpu_kernel *kn = calloc(1, sizeof *kn);
    if (!kn) return fail(dev, GPU_ERR_NOMEM, "gpu_kernel_assemble: out of host memory");
    char err[GPU_ERR_LEN];
    if (asm_assemble(src ? src : "", len, name ? name : "(source)", &kn->bin, err, sizeof err) != 0) {
        free(kn);
        return fail(dev, GPU_ERR_KERNEL, "%s", err);
    }
    *k = kn;
    return GPU_OK;
}

void gpu_kernel_free(gpu_kernel *k)
{
    if (!k) return;
    kbin_free(&k->bin);
    free(k);
}

gpu_status gpu_launch(gpu_device *dev, const gpu_kernel *k, const gpu_launch_params *p)
{
    if (!dev) return GPU_ERR_ARG;
    if (!k) return fail(dev, GPU_ERR_ARG, "gpu_launch: kernel is NULL");
    if (!p) return fail(dev, GPU_ERR_ARG, "gpu_launch: params is NULL");
    if (dev->launched)
        return fail(dev, GPU_ERR_STATE, "gpu_launch: a launch is already in progress; call gpu_wait first");
    if (p->num_groups < 1 || p->num_groups > GPU_MAX_GROUPS)
        return fail(dev, GPU_ERR_ARG, "gpu_launch: num_groups is %" PRIu32 "; must be 1..%u", p->num_groups,
                    GPU_MAX_GROUPS);
    uint32_t waves = p->waves_per_group ? p->waves_per_group : k->bin.waves_per_group;
    if (waves != 1 && waves != 2)
        return fail(dev, GPU_ERR_ARG, "gpu_launch: waves_per_group is %" PRIu32 "; must be 1 or 2 (0 = the kernel's)",
                    waves);
    uint32_t lds = p->lds_bytes ? p->lds_bytes : k->bin.lds_bytes;
    if (lds % 4 || lds > ISA_LDS_BYTES)
        return fail(dev, GPU_ERR_ARG,
                    "gpu_launch: lds_bytes is %" PRIu32 "; must be a multiple of 4 and at most %u (0 = the kernel's)",
                    lds, ISA_LDS_BYTES);
    if (p->num_args > GPU_MAX_ARGS)
        return fail(dev, GPU_ERR_ARG, "gpu_launch: num_args is %" PRIu32 "; at most %u", p->num_args, GPU_MAX_ARGS);
    if (p->num_args > 0 && !p->args)
        return fail(dev, GPU_ERR_ARG, "gpu_launch: args is NULL but num_args is %" PRIu32, p->num_args);
    if (k->bin.num_insts < 1 || k->bin.num_insts > ISA_MAX_INSTS || !k->bin.insts)
        return fail(dev, GPU_ERR_KERNEL, "gpu_launch: the kernel holds no program");

    if (p->num_args > 0) {
        uint8_t buf[GPU_ARGS_BYTES];
        for (uint32_t i = 0; i < p->num_args; i++)
            for (unsigned b = 0; b < 4; b++) buf[4 * i + b] = (uint8_t)(p->args[i] >> (8 * b));
        gpu_status st = dev->be->mem_write(dev->state, GPU_ARGS_ADDR, buf, 4 * p->num_args);
        if (st != GPU_OK) return backend_failed(dev, "gpu_launch: writing the arguments", st);
    }
    memcpy(dev->code, k->bin.insts, (size_t)k->bin.num_insts * sizeof dev->code[0]);
    kbin_lines_free(dev->lines);
    dev->lines = kbin_lines_dup(k->bin.lines);   /* NULL without a table, or if out of memory: messages lose only the source */
    dev->desc = (gpu_launch_desc){
        .code = dev->code,
        .num_insts = k->bin.num_insts,
        .num_groups = p->num_groups,
        .waves_per_group = waves,
        .lds_bytes = lds,
        .args_addr = GPU_ARGS_ADDR,
        .lines = dev->lines,
    };
    dev->launched = 1;
    return GPU_OK;
}

gpu_status gpu_wait(gpu_device *dev, gpu_result *res)
{
    if (!dev) return GPU_ERR_ARG;
    gpu_result r;
    memset(&r, 0, sizeof r);
    r.lane = -1;
    r.reg = -1;
    if (!dev->launched) {
        r.status = GPU_ERR_STATE;
        if (res) *res = r;
        return fail(dev, GPU_ERR_STATE, "gpu_wait: nothing is launched");
    }
    dev->launched = 0;
    char berr[GPU_ERR_LEN] = "";
    gpu_status st = dev->be->run(dev->state, &dev->desc, &r, berr, sizeof berr);
    memset(&dev->counters, 0, sizeof dev->counters);
    dev->be->counters(dev->state, &dev->counters);
    dev->num_waves = st == GPU_ERR_TIMEOUT && dev->be->waves ? dev->be->waves(dev->state, dev->waves, GPU_MAX_WAVE_POS) : 0;
    if (st != GPU_OK && st != GPU_ERR_FAULT && st != GPU_ERR_TIMEOUT) {
        r.status = st;
        if (res) *res = r;
        return fail(dev, st, "gpu_wait: %s backend: %s", dev->be->name, berr[0] ? berr : gpu_status_name(st));
    }
    r.status = st;
    if (res) *res = r;
    if (st != GPU_OK) {
        char line[GPU_ERR_LEN];
        gpu_result_format(dev, &r, line, sizeof line);
        fail(dev, st, "%s", line);
    }
    return st;
}

gpu_status gpu_read_counters(gpu_device *dev, gpu_counters *c)
{
    if (!dev) return GPU_ERR_ARG;
    if (!c) return fail(dev, GPU_ERR_ARG, "gpu_read_counters: c is NULL");
    *c = dev->counters;
    return GPU_OK;
}

static int fault_has_addr(unsigned f)
{
    return f == ISA_FAULT_GLOBAL_MISALIGNED || f == ISA_FAULT_GLOBAL_OUT_OF_RANGE || f == ISA_FAULT_LDS_MISALIGNED ||
           f == ISA_FAULT_LDS_OUT_OF_RANGE || f == ISA_FAULT_PC_OUT_OF_RANGE;
}

const char *gpu_counters_diff(const gpu_counters *a, const gpu_counters *b, uint64_t *va, uint64_t *vb, unsigned *n)
{
#define MODELLED(X) X(instructions) X(lane_ops) X(valu_insts) X(salu_insts) X(xlane_insts) X(red_insts) \
    X(branch_insts) X(sig_insts) X(lds_insts) X(gmem_insts) X(lds_accesses) X(global_loads) X(global_stores) \
    X(global_atomics) X(mem_requests) X(barriers) X(groups)
#define COUNT(f) +1
#define CMP(f) if (a->f != b->f) { if (va) *va = a->f; if (vb) *vb = b->f; return #f; }
    if (n) *n = 0 MODELLED(COUNT);
    MODELLED(CMP)
    return NULL;
#undef CMP
#undef COUNT
#undef MODELLED
}

void gpu_result_format(const gpu_device *dev, const gpu_result *res, char *buf, size_t len)
{
    if (!buf || len == 0) return;
    if (!res) {
        snprintf(buf, len, "no result");
        return;
    }
    if (res->status == GPU_OK) {
        snprintf(buf, len, "ok");
        return;
    }
    if (res->status == GPU_ERR_TIMEOUT) {
        if (!dev) {
            snprintf(buf, len, "timeout: the launch exceeded max_cycles");
            return;
        }
        size_t o = (size_t)snprintf(buf, len, "timeout: the launch ran %" PRIu64 " cycles, over max_cycles %" PRIu64,
                                    dev->counters.cycles, dev->cfg.max_cycles);
        /* Where the waves stood: the pc each would run next, with its source line. */
        for (unsigned i = 0; i < dev->num_waves && o < len; i++) {
            const gpu_wave_pos *w = &dev->waves[i];
            char text[160], src[400];
            disasm_inst(w->pc < dev->desc.num_insts ? dev->code[w->pc] : 0, text, sizeof text);
            kbin_format_source(dev->lines, w->pc, src, sizeof src);
            int n = snprintf(buf + o, len - o, "%s wave %" PRIu32 " (cu %" PRIu32 ", group %" PRIu32 ")%s at pc %" PRIu32
                             ": %s%s%s%s", i ? ";" : "; waves still running:", w->wave, w->cu, w->group,
                             w->state == GPU_WAVE_SIGNAL ? " waiting on a signal" : w->state == GPU_WAVE_BARRIER ? " at a barrier" : "", w->pc, text,
                             src[0] ? " (" : "", src, src[0] ? ")" : "");
            if (n > 0) o += (size_t)n;
        }
        return;
    }
    if (res->status != GPU_ERR_FAULT) {
        snprintf(buf, len, "%s", gpu_status_name(res->status));
        return;
    }
    if (res->fault == ISA_FAULT_MEM_READ_ERROR || res->fault == ISA_FAULT_MEM_WRITE_ERROR) {
        /* Not a wave's fault: the memory port's (docs/isa.md section 5). */
        snprintf(buf, len, "fault %s (%s): the line at 0x%08" PRIx32 "; the task stopped (no wave is named)",
                 isa_fault_name(res->fault), isa_fault_text(res->fault), res->addr);
        return;
    }
    size_t o = 0;
#define PUT(...)                                                              \
    do {                                                                      \
        if (o < len) {                                                        \
            int n_ = snprintf(buf + o, len - o, __VA_ARGS__);                 \
            if (n_ > 0) o += (size_t)n_;                                      \
        }                                                                     \
    } while (0)
    PUT("fault %s (%s) wave %" PRIu32 " group %" PRIu32 " cu %" PRIu32 " pc %" PRIu32, isa_fault_name(res->fault),
        isa_fault_text(res->fault), res->wave, res->group, res->cu, res->pc);
    if (res->lane >= 0) PUT(" lane %" PRId32, res->lane);
    if (fault_has_addr(res->fault)) PUT(" addr 0x%08" PRIx32, res->addr);
    if (res->reg >= 0) PUT(" reg v%" PRId32, res->reg);
    char text[160];
    disasm_inst(res->inst, text, sizeof text);
    PUT(": %s", text);
    char src[400];
    if (dev && kbin_format_source(dev->lines, res->pc, src, sizeof src)) PUT(" (at %s)", src);
#undef PUT
}
