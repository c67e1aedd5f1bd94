/* SPDX-License-Identifier: Apache-2.0 */
/* kfuzz_min.c: delta debugging (Zeller's ddmin) over a failing kernel's units
 * of lines, and the saved kernel.
 *
 * A candidate kernel is kept when it still assembles, runs to its end on the
 * golden model alone without a fault (fz_check runs that first, and calls
 * anything else a "generator" failure) and fails with the same kind. Labels,
 * directives and the final `end` always stay; a loop's counter and back
 * branch, and a sig_waitany table, go only as a whole (a second pass), so
 * the control flow stays legal. When the failure is in the final memory, the
 * waits, barriers and the prologue stay too: without them the kernel could
 * race and fail for that reason alone. */
#define _POSIX_C_SOURCE 200809L
#include "kfuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    const fz_prog *p;
    const fz_outcome *failed;
    gpu_backend_kind be;
    const char *name;
    const fz_min_budget *budget;
    bool *keep;
    unsigned tests;
    double t0;
    fz_outcome last;
} ctx;

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static bool out_of_budget(const ctx *c)
{
    return c->tests >= c->budget->max_tests || now_s() - c->t0 >= c->budget->max_seconds;
}

/* Does the kernel of c->keep still fail the same way? */
static bool still_fails(ctx *c)
{
    c->tests++;
    char *src = fz_text(c->p, c->keep, NULL);
    if (!src) return false;
    fz_outcome o;
    bool same = !fz_check(c->p, src, c->name, c->be, true, &o) && strcmp(o.kind, c->failed->kind) == 0;
    free(src);
    if (same) c->last = o;
    return same;
}

/* ddmin over the units u[0..n): removes as many as it can; returns the new n. */
static unsigned ddmin(ctx *c, unsigned *u, unsigned n)
{
    unsigned parts = 2;
    while (n >= 1 && !out_of_budget(c)) {
        if (parts > n) parts = n;
        unsigned chunk = (n + parts - 1) / parts;
        bool removed = false;
        for (unsigned start = 0; start < n && !out_of_budget(c); start += chunk) {
            unsigned end = start + chunk < n ? start + chunk : n;
            for (unsigned i = start; i < end; i++) c->keep[u[i]] = false;
            if (still_fails(c)) {
                memmove(u + start, u + end, (n - end) * sizeof *u);
                n -= end - start;
                parts = parts > 2 ? parts - 1 : 2;
                removed = true;
                break;
            }
            for (unsigned i = start; i < end; i++) c->keep[u[i]] = true;
        }
        if (!removed) {
            if (parts >= n) break;
            parts = 2 * parts < n ? 2 * parts : n;
        }
    }
    return n;
}

int fz_minimize(const fz_prog *p, const fz_outcome *failed, gpu_backend_kind be, const char *name,
                const fz_min_budget *budget, fz_min_result *r)
{
    memset(r, 0, sizeof *r);
    ctx c = { .p = p, .failed = failed, .be = be, .name = name, .budget = budget, .t0 = now_s(), .last = *failed };
    c.keep = malloc(p->nunit ? p->nunit : 1);
    unsigned *u = malloc((p->nunit ? p->nunit : 1) * sizeof *u);
    fz_role *role = malloc((p->nunit ? p->nunit : 1) * sizeof *role);
    if (!c.keep || !u || !role) {
        free(c.keep), free(u), free(role);
        return -1;
    }
    for (unsigned i = 0; i < p->nunit; i++) c.keep[i] = true, role[i] = FZ_ROLE_FIXED;
    for (unsigned i = 0; i < p->nline; i++) role[p->line[i].unit] = p->line[i].role;
    bool memory = strncmp(failed->kind, "memory", 6) == 0;
    for (int pass = 0; pass < 2; pass++) {
        /* the plain units (and, unless the memory failed, the waits and the prologue) */
        unsigned n = 0;
        for (unsigned i = 0; i < p->nunit; i++)
            if (c.keep[i] &&
                (role[i] == FZ_ROLE_PLAIN || (!memory && (role[i] == FZ_ROLE_SETUP || role[i] == FZ_ROLE_SYNC))))
                u[n++] = i;
        ddmin(&c, u, n);
        /* then each loop or sig_waitany table as a whole */
        bool any = false;
        for (unsigned i = 0; i < p->nunit && !out_of_budget(&c); i++) {
            if (role[i] != FZ_ROLE_STRUCT || !c.keep[i]) continue;
            c.keep[i] = false;
            if (still_fails(&c))
                any = true;
            else
                c.keep[i] = true;
        }
        if (!any) break;
    }
    r->keep = c.keep;
    r->tests = c.tests;
    r->last = c.last;
    for (unsigned i = 0; i < p->nline; i++)
        r->insts += p->line[i].inst && (p->line[i].role == FZ_ROLE_FIXED || c.keep[p->line[i].unit]);
    free(u);
    free(role);
    return 0;
}

char *fz_saved_text(const fz_prog *p, const bool *keep, const fz_outcome *failed, const char *note, const char *path)
{
    unsigned kept = 0;
    for (unsigned i = 0; i < p->nline; i++)
        kept += p->line[i].inst && (!keep || p->line[i].role == FZ_ROLE_FIXED || keep[p->line[i].unit]);
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    char header[4096];
    int n = snprintf(header, sizeof header,
                     "# %s: a kernel of build/bin/kernel_fuzz (tb/fuzz/), seed %llu, %s %u of its %u instructions\n"
                     "# failure (%s): %s\n",
                     base, (unsigned long long)p->seed, keep ? "minimized to" : "not minimized:", kept, p->ninsts,
                     failed->kind[0] ? failed->kind : "none", failed->why[0] ? failed->why : "-");
    if (note && n >= 0 && (size_t)n < sizeof header) n += snprintf(header + n, sizeof header - (size_t)n, "%s", note);
    if (n >= 0 && (size_t)n < sizeof header)
        snprintf(header + n, sizeof header - (size_t)n, "# reproduce: build/bin/wgrun %s --header\n", path);
    return fz_text(p, keep, header);
}

int fz_save(const fz_prog *p, const bool *keep, const fz_outcome *failed, const char *note, const char *path, char *err,
            size_t errlen)
{
    char *text = fz_saved_text(p, keep, failed, note, path);
    if (!text) {
        snprintf(err, errlen, "out of host memory");
        return -1;
    }
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(err, errlen, "%s: cannot write", path);
        free(text);
        return -1;
    }
    fputs(text, f);
    free(text);
    if (fclose(f) != 0) {
        snprintf(err, errlen, "%s: write error", path);
        return -1;
    }
    return 0;
}
