/* SPDX-License-Identifier: Apache-2.0 */
/* kfuzz_run.c: one kernel of the fuzzer on the golden model alone and on the
 * RTL in lockstep (csrc/gpu.h), with the first failure named and classified
 * (its kind is what the minimizer keeps failing). */
#define _POSIX_C_SOURCE 200809L
#include "kfuzz.h"

#include "prng.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
    gpu_status st;
    gpu_result res;
    char why[1536];
    uint32_t *buf[FZ_NBUF];
    gpu_counters ctr;
} launch;

/* The content of buffer b before the launch: wgrun's --buf NAME=u32:N:SEED
 * (full range: the high 32 bits of each splitmix64 output from SEED). */
static void fill(const fz_prog *p, unsigned b, uint32_t *w)
{
    prng r;
    prng_seed(&r, p->buf_seed[b]);
    for (uint32_t i = 0; i < p->buf_words[b]; i++) w[i] = (uint32_t)(prng_u64(&r) >> 32);
}

static void launch_free(launch *l)
{
    for (unsigned b = 0; b < FZ_NBUF; b++) free(l->buf[b]);
}

static void one_line(char *s)
{
    for (; *s; s++)
        if (*s == '\n' || *s == '\r') *s = ' ';
}

static void run_once(const fz_prog *p, const char *src, const char *name, gpu_backend_kind be, unsigned cus,
                     unsigned latency, launch *o)
{
    memset(o, 0, sizeof *o);
    gpu_config cfg;
    gpu_config_default(&cfg);
    cfg.backend = be;
    cfg.num_cus = cus;
    cfg.mem_bytes = FZ_MEM_BYTES;
    cfg.mem_latency = latency;
    cfg.max_cycles = FZ_MAX_CYCLES;
    cfg.dram_jitter_seed = be == GPU_BACKEND_RTL ? p->jitter : 0;
    gpu_device *dev = NULL;
    gpu_kernel *k = NULL;
    if ((o->st = gpu_open(&cfg, &dev, o->why, sizeof o->why)) != GPU_OK) return;
    gpu_addr addr[FZ_NBUF];
    if ((o->st = gpu_kernel_assemble(dev, src, strlen(src), name, &k)) != GPU_OK) goto fail;
    for (unsigned b = 0; b < FZ_NBUF; b++) {
        uint32_t *w = malloc(4 * (size_t)p->buf_words[b]);
        if (!w) {
            o->st = GPU_ERR_NOMEM;
            snprintf(o->why, sizeof o->why, "out of host memory");
            goto done;
        }
        fill(p, b, w);
        o->st = gpu_alloc(dev, 4 * p->buf_words[b], &addr[b]);
        if (o->st == GPU_OK) o->st = gpu_write(dev, addr[b], w, 4 * p->buf_words[b]);
        free(w);
        if (o->st != GPU_OK) goto fail;
    }
    gpu_launch_params lp = { .num_groups = p->groups, .args = addr, .num_args = FZ_NBUF };
    if ((o->st = gpu_launch(dev, k, &lp)) != GPU_OK) goto fail;
    o->st = gpu_wait(dev, &o->res);
    gpu_read_counters(dev, &o->ctr);
    if (o->st != GPU_OK) goto fail;
    for (unsigned b = 0; b < FZ_NBUF; b++) {
        o->buf[b] = malloc(4 * (size_t)p->buf_words[b]);
        if (!o->buf[b]) {
            o->st = GPU_ERR_NOMEM;
            snprintf(o->why, sizeof o->why, "out of host memory");
            goto done;
        }
        if ((o->st = gpu_read(dev, o->buf[b], addr[b], 4 * p->buf_words[b])) != GPU_OK) goto fail;
    }
    goto done;
fail:
    snprintf(o->why, sizeof o->why, "%s", gpu_last_error(dev));
    if (!o->why[0] && o->st == GPU_ERR_FAULT) gpu_result_format(dev, &o->res, o->why, sizeof o->why);
done:
    one_line(o->why);
    gpu_kernel_free(k);
    gpu_close(dev);
}

/* The kind of a failed RTL launch: what the minimizer must keep. */
static void classify(const launch *l, char *kind, size_t n)
{
    switch (l->st) {
    case GPU_ERR_FAULT: snprintf(kind, n, "fault:%s", isa_fault_name(l->res.fault)); return;
    case GPU_ERR_TIMEOUT: snprintf(kind, n, "timeout"); return;
    case GPU_ERR_BACKEND: break;
    default: snprintf(kind, n, "harness:%s", gpu_status_name(l->st)); return;
    }
    const char *m = strstr(l->why, "lockstep mismatch");
    if (m) {
        /* "...: FIELD[ lane N]: expected X, got Y": the field names the kind */
        const char *e = strstr(m, ": expected ");
        const char *f = m;
        for (const char *s = m; e && (s = strstr(s, ": ")) && s < e; s += 2) f = s + 2;
        char field[48] = "";
        size_t len = e ? (size_t)(e - f) : 0;
        const char *lane = e ? strstr(f, " lane ") : NULL;
        if (lane && lane < e) len = (size_t)(lane - f);
        if (len >= sizeof field) len = sizeof field - 1;
        for (size_t i = 0; i < len; i++) field[i] = f[i] == ' ' ? '_' : f[i];
        field[len] = 0;
        snprintf(kind, n, "lockstep:%s", field[0] ? field : "other");
    } else if (strstr(l->why, "RTL deadlock")) {
        snprintf(kind, n, "deadlock");
    } else {
        snprintf(kind, n, "backend");
    }
}

/* The first word where two runs' buffers differ; false if none. */
static bool differ(const fz_prog *p, const launch *a, const launch *b, char *why, size_t n, const char *what_a,
                   const char *what_b, unsigned *which)
{
    for (unsigned k = 0; k < FZ_NBUF; k++)
        for (uint32_t i = 0; i < p->buf_words[k]; i++)
            if (a->buf[k][i] != b->buf[k][i]) {
                uint32_t nd = 0;
                for (uint32_t j = i; j < p->buf_words[k]; j++) nd += a->buf[k][j] != b->buf[k][j];
                snprintf(why, n, "buffer %s word %u (byte offset 0x%x): %s 0x%08x, %s 0x%08x (%u of %u words differ)",
                         fz_buf_name[k], i, 4 * i, what_a, a->buf[k][i], what_b, b->buf[k][i], nd, p->buf_words[k]);
                *which = k;
                return true;
            }
    return false;
}

bool fz_check(const fz_prog *p, const char *src, const char *name, gpu_backend_kind be, bool quiet_stderr,
              fz_outcome *o)
{
    memset(o, 0, sizeof *o);
    launch g, r;
    memset(&r, 0, sizeof r);
    run_once(p, src, name, GPU_BACKEND_GOLDEN, p->cus, p->latency, &g);
    o->ctr = g.ctr;
    if (g.st != GPU_OK) {
        snprintf(o->kind, sizeof o->kind, "generator");
        snprintf(o->why, sizeof o->why, "the golden model alone: %s: %.900s", gpu_status_name(g.st), g.why);
        launch_free(&g);
        return false;
    }
    unsigned which = 0;
    if (be == GPU_BACKEND_GOLDEN) {
        /* Other timing: another number of CUs (other placements) and another latency. */
        run_once(p, src, name, GPU_BACKEND_GOLDEN, p->cus % 4 + 1, p->latency == 1 ? 37 : 1, &r);
        if (r.st != GPU_OK) {
            snprintf(o->kind, sizeof o->kind, "generator");
            snprintf(o->why, sizeof o->why, "the golden model with other timing: %s: %.900s", gpu_status_name(r.st),
                     r.why);
        } else if (!p->order_dep) {
            o->compared = true;
            if (differ(p, &g, &r, o->why, sizeof o->why, "golden model", "with other timing", &which))
                snprintf(o->kind, sizeof o->kind, "generator");
        }
    } else {
        int saved = -1;
        if (quiet_stderr) {
            fflush(stderr);
            saved = dup(2);
            int nul = open("/dev/null", O_WRONLY);
            if (nul >= 0) {
                dup2(nul, 2);
                close(nul);
            }
        }
        run_once(p, src, name, GPU_BACKEND_RTL, p->cus, p->latency, &r);
        if (saved >= 0) {
            fflush(stderr);
            dup2(saved, 2);
            close(saved);
        }
        o->ctr = r.ctr;
        if (r.st != GPU_OK) {
            classify(&r, o->kind, sizeof o->kind);
            snprintf(o->why, sizeof o->why, "%s: %.900s", gpu_status_name(r.st), r.why);
        } else if (!p->order_dep) {
            o->compared = true;
            if (differ(p, &g, &r, o->why, sizeof o->why, "golden model alone", "RTL", &which))
                snprintf(o->kind, sizeof o->kind, "memory:%s", fz_buf_name[which]);
        }
    }
    launch_free(&g);
    launch_free(&r);
    o->ok = o->kind[0] == 0;
    return o->ok;
}
