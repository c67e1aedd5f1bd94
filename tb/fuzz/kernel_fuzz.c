/* SPDX-License-Identifier: Apache-2.0 */
/* kernel_fuzz: constrained-random kernels on the RTL in lockstep (issue 18).
 *
 *   build/bin/kernel_fuzz --seeds N [--seed S] [--backend rtl|golden] [--keep DIR] [--min on|off]
 *
 * For each seed: a random legal kernel (tb/fuzz/kfuzz_gen.c) that uses every
 * instruction class of csrc/isa.def, run on the golden model alone and on the
 * RTL in lockstep (tb/fuzz/kfuzz_run.c): the launch must end without a fault,
 * with no lockstep mismatch, and, when the kernel is race-free, with every
 * buffer equal to the golden model's. A failing kernel is minimized
 * (tb/fuzz/kfuzz_min.c) and saved as build/fuzz/fail_<seed>.s with its
 * failure and the "# run:" line of wgrun that reproduces it.
 * --backend golden checks the generator without the RTL: each kernel runs on
 * the golden model twice, with different timing, and a race-free kernel must
 * end the same both times. (The golden model performs an access when it
 * issues, so this finds races between waves; a wave's own accesses left
 * unordered, which only the RTL reorders, show on the RTL as a final memory
 * that differs from the golden model's.)
 *
 * One line per seed, "PASS fuzz_seed_<s> (...)" or "FAIL fuzz_seed_<s>: why
 * (minimized: path)", then the coverage (classes, opcodes, units) and
 * "kernel_fuzz: N passed, N failed". Exit status 0, 1 (a seed failed) or 2
 * (bad options). */
#define _POSIX_C_SOURCE 200809L
#include "kfuzz.h"

#include "asm.h"
#include "check.h"
#include "kbin.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

typedef struct {
    uint64_t seeds, first;
    gpu_backend_kind be;
    const char *keep;
    const char *out;
    bool minimize;
    unsigned max_min; /* failing seeds minimized, at most (the others are saved as generated) */
    unsigned minimized;
    unsigned max_body;
    fz_min_budget budget;
} options;

typedef struct {
    uint64_t op[256];                /* static count of each opcode, all programs */
    uint64_t cls_insts[FZ_CL_COUNT]; /* instructions per class, all programs */
    unsigned cls_progs[FZ_CL_COUNT]; /* programs with the class */
    gpu_counters dyn;                /* retired, summed over the launches checked */
    unsigned compared, order_dep;
} coverage;

static void usage(FILE *f)
{
    fputs("usage: kernel_fuzz [options]\n"
          "  --seeds N          kernels to run (default 1)\n"
          "  --seed S           the first seed (default 1); seeds S..S+N-1\n"
          "  --backend B        rtl (default: in lockstep, and the final memory against the golden model alone)\n"
          "                     or golden (the generator's self-check: the golden model twice, other timing)\n"
          "  --keep DIR         write every kernel to DIR/fuzz_seed_<s>.s\n"
          "  --min on|off       minimize a failing kernel (default on)\n"
          "  --max-min N        minimize at most N failing seeds (default 3; the others are saved as generated)\n"
          "  --out DIR          where failing kernels go (default build/fuzz): DIR/fail_<s>.s\n"
          "  --max-body N       instructions of a kernel's random part, at most (default 230; at least 30)\n"
          "  --min-tests N      kernels the minimizer runs, at most (default 1000)\n"
          "  --min-seconds T    time the minimizer takes, at most (default 300)\n"
          "exit status: 0 every seed passed, 1 one failed, 2 bad options\n",
          f);
}

static int bad(const char *msg, const char *v)
{
    fprintf(stderr, "kernel_fuzz: %s%s%s\n", msg, v ? ": " : "", v ? v : "");
    return 2;
}

static bool parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    if (!s || !*s || *s == '-') return false;
    char *e;
    errno = 0;
    unsigned long long v = strtoull(s, &e, 0);
    if (errno || *e || v < lo || v > hi) return false;
    *out = v;
    return true;
}

static int mkdirs(const char *path)
{
    char p[1024];
    snprintf(p, sizeof p, "%s", path);
    for (char *s = p + 1; *s; s++)
        if (*s == '/') {
            *s = 0;
            if (mkdir(p, 0777) != 0 && errno != EEXIST) return -1;
            *s = '/';
        }
    return mkdir(p, 0777) != 0 && errno != EEXIST ? -1 : 0;
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void add_counters(gpu_counters *a, const gpu_counters *b)
{
    a->instructions += b->instructions;
    a->valu_insts += b->valu_insts;
    a->salu_insts += b->salu_insts;
    a->xlane_insts += b->xlane_insts;
    a->red_insts += b->red_insts;
    a->branch_insts += b->branch_insts;
    a->sig_insts += b->sig_insts;
    a->lds_insts += b->lds_insts;
    a->gmem_insts += b->gmem_insts;
    a->lds_accesses += b->lds_accesses;
    a->lds_conflict_cycles += b->lds_conflict_cycles;
    a->global_loads += b->global_loads;
    a->global_stores += b->global_stores;
    a->global_atomics += b->global_atomics;
    a->mem_requests += b->mem_requests;
    a->l1_hits += b->l1_hits;
    a->l2_hits += b->l2_hits;
    a->l2_atomics += b->l2_atomics;
    a->barriers += b->barriers;
    a->groups += b->groups;
    a->cycles += b->cycles;
}

/* Counts the opcodes of the assembled kernel; -1 with err if it does not assemble. */
static int count_opcodes(const char *src, const char *name, coverage *cv, char *err, size_t errlen)
{
    kbin k;
    if (asm_assemble(src, strlen(src), name, &k, err, errlen) != 0) return -1;
    for (uint32_t i = 0; i < k.num_insts; i++) cv->op[(uint8_t)(k.insts[i] >> 56)]++;
    kbin_free(&k);
    return 0;
}

static void classes_text(const fz_prog *p, char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = 0;
    for (unsigned c = 0; c < FZ_CL_COUNT && n < len; c++)
        if (p->class_count[c]) {
            int k = snprintf(buf + n, len - n, "%s%s", n ? " " : "", fz_class_name[c]);
            if (k > 0) n += (size_t)k;
        }
}

/* A failing seed: minimized (unless off, or the generator failed) and saved. */
static void report_failure(options *o, const fz_prog *p, const fz_outcome *f)
{
    char name[64], path[1200], err[256], note[512] = "";
    snprintf(name, sizeof name, "fuzz_seed_%" PRIu64, p->seed);
    snprintf(path, sizeof path, "%s/fail_%" PRIu64 ".s", o->out, p->seed);
    const char *plant = getenv("WAVEGPU_LOCKSTEP_PLANT");
    if (plant && *plant && o->be == GPU_BACKEND_RTL)
        snprintf(note, sizeof note,
                 "# planted: WAVEGPU_LOCKSTEP_PLANT=%.32s was set: the lockstep model's result at that pc was flipped\n"
                 "# on purpose (a test of the fuzzer, not an RTL bug); without it the kernel passes\n",
                 plant);
    fz_outcome saved = *f;
    bool *keep = NULL;
    bool minimized = false;
    char extra[160] = "";
    if (mkdirs(o->out) != 0) {
        check_fail(name, "%s: %s (and %s: cannot create the folder)", f->kind, f->why, o->out);
        return;
    }
    if (o->minimize && o->minimized < o->max_min && strcmp(f->kind, "generator") != 0 &&
        strncmp(f->kind, "harness", 7) != 0) {
        o->minimized++;
        fz_min_result r;
        double t0 = now_s();
        if (fz_minimize(p, f, o->be, path, &o->budget, &r) == 0) {
            keep = r.keep;
            minimized = true;
            /* the saved text once more, so that the message names its lines */
            char *text = fz_saved_text(p, keep, &r.last, note, path);
            fz_outcome fin;
            if (text && !fz_check(p, text, path, o->be, true, &fin) && !strcmp(fin.kind, f->kind))
                saved = fin;
            else
                saved = r.last;
            free(text);
            snprintf(extra, sizeof extra, "; %u of %u instructions after %u runs in %.0f s", r.insts, p->ninsts,
                     r.tests, now_s() - t0);
        }
    }
    if (fz_save(p, keep, &saved, note, path, err, sizeof err) != 0) {
        check_fail(name, "%s: %s (and the kernel could not be saved: %s)", f->kind, f->why, err);
    } else {
        check_fail(name, "%s: %s (%s: %s%s)", f->kind, f->why, minimized ? "minimized" : "kernel", path, extra);
    }
    free(keep);
}

static void print_coverage(const coverage *cv, uint64_t seeds)
{
    printf("coverage   class         programs  instructions (static, all kernels)\n");
    for (unsigned c = 0; c < FZ_CL_COUNT; c++)
        printf("           %-12s %9u %13" PRIu64 "\n", fz_class_name[c], cv->cls_progs[c], cv->cls_insts[c]);
    printf("opcodes    (static count in the generated kernels)\n");
    unsigned col = 0, never = 0;
    char missing[4096] = "";
    for (unsigned op = 0; op < 256; op++) {
        const isa_op_info *i = isa_op((uint8_t)op);
        if (!i->mnemonic) continue;
        if (!cv->op[op]) {
            never++;
            snprintf(missing + strlen(missing), sizeof missing - strlen(missing), " %s", i->mnemonic);
        }
        printf("%s%-22s %7" PRIu64, col ? "  " : "           ", i->mnemonic, cv->op[op]);
        if (++col == 4) {
            printf("\n");
            col = 0;
        }
    }
    if (col) printf("\n");
    if (seeds) printf("opcodes    never generated: %s\n", never ? missing : " none");
    const gpu_counters *d = &cv->dyn;
    printf("retired    %" PRIu64 " instructions: valu %" PRIu64 ", salu %" PRIu64 ", xlane %" PRIu64 ", red %" PRIu64
           ", branch %" PRIu64 ", sig %" PRIu64 ", lds %" PRIu64 ", gmem %" PRIu64 "; barriers %" PRIu64
           "; groups %" PRIu64 "\n",
           d->instructions, d->valu_insts, d->salu_insts, d->xlane_insts, d->red_insts, d->branch_insts, d->sig_insts,
           d->lds_insts, d->gmem_insts, d->barriers, d->groups);
    printf("lanes      LDS %" PRIu64 " (bank-conflict cycles %" PRIu64 "); global loads %" PRIu64 ", stores %" PRIu64
           ", atomics %" PRIu64 "; line requests %" PRIu64 "; L1 hits %" PRIu64 ", L2 hits %" PRIu64 "\n",
           d->lds_accesses, d->lds_conflict_cycles, d->global_loads, d->global_stores, d->global_atomics,
           d->mem_requests, d->l1_hits, d->l2_hits);
}

int main(int argc, char **argv)
{
    options o = { .seeds = 1,
                  .first = 1,
                  .be = GPU_BACKEND_RTL,
                  .out = "build/fuzz",
                  .minimize = true,
                  .max_min = 3,
                  .max_body = 230,
                  .budget = { 1000, 300.0 } };
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        uint64_t n;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        }
        if (!v) return bad("needs a value", a);
        i++;
        if (!strcmp(a, "--seeds")) {
            if (!parse_u64(v, 1, 100000000, &o.seeds)) return bad("--seeds: not a number 1..100000000", v);
        } else if (!strcmp(a, "--seed")) {
            if (!parse_u64(v, 0, UINT64_MAX / 2, &o.first)) return bad("--seed: not a number", v);
        } else if (!strcmp(a, "--backend")) {
            if (!strcmp(v, "rtl"))
                o.be = GPU_BACKEND_RTL;
            else if (!strcmp(v, "golden"))
                o.be = GPU_BACKEND_GOLDEN;
            else
                return bad("--backend: not rtl or golden", v);
        } else if (!strcmp(a, "--keep")) {
            o.keep = v;
        } else if (!strcmp(a, "--out")) {
            o.out = v;
        } else if (!strcmp(a, "--min")) {
            if (!strcmp(v, "on"))
                o.minimize = true;
            else if (!strcmp(v, "off"))
                o.minimize = false;
            else
                return bad("--min: not on or off", v);
        } else if (!strcmp(a, "--max-min")) {
            if (!parse_u64(v, 0, 1000000, &n)) return bad("--max-min: not a number", v);
            o.max_min = (unsigned)n;
        } else if (!strcmp(a, "--max-body")) {
            if (!parse_u64(v, 30, 3000, &n)) return bad("--max-body: not a number 30..3000", v);
            o.max_body = (unsigned)n;
        } else if (!strcmp(a, "--min-tests")) {
            if (!parse_u64(v, 1, 1000000, &n)) return bad("--min-tests: not a number 1..1000000", v);
            o.budget.max_tests = (unsigned)n;
        } else if (!strcmp(a, "--min-seconds")) {
            if (!parse_u64(v, 1, 1000000, &n)) return bad("--min-seconds: not a number of seconds", v);
            o.budget.max_seconds = (double)n;
        } else {
            fprintf(stderr, "kernel_fuzz: unknown option '%s'\n", a);
            usage(stderr);
            return 2;
        }
    }
    if (o.be == GPU_BACKEND_RTL && !gpu_backend_available(GPU_BACKEND_RTL))
        return bad("the RTL backend is not linked into this program; use --backend golden", NULL);
    if (o.be == GPU_BACKEND_RTL) setenv("WAVEGPU_LOCKSTEP", "1", 1);
    if (o.keep && mkdirs(o.keep) != 0) return bad("--keep: cannot create the folder", o.keep);

    coverage *cv = calloc(1, sizeof *cv);
    if (!cv) return bad("out of host memory", NULL);
    double t0 = now_s();
    for (uint64_t seed = o.first; seed < o.first + o.seeds; seed++) {
        char name[64], err[512];
        snprintf(name, sizeof name, "fuzz_seed_%" PRIu64, seed);
        fz_prog p;
        if (fz_generate(seed, o.max_body, &p, err, sizeof err) != 0) {
            check_fail(name, "generator: %s", err);
            continue;
        }
        char file[1200], header[512];
        snprintf(file, sizeof file, "%s/%s.s", o.keep ? o.keep : ".", name);
        snprintf(header, sizeof header,
                 "# %s.s: a kernel of build/bin/kernel_fuzz (tb/fuzz/), seed %" PRIu64 ", %u instructions;\n"
                 "# %s%s%s\n",
                 name, seed, p.ninsts,
                 p.order_dep ? "order-dependent ("
                             : "race-free: the final memory is compared with the golden model alone",
                 p.order_dep ? p.order_why : "",
                 p.order_dep ? "): lockstep checks it, the final memory is not compared" : "");
        char *src = fz_text(&p, NULL, header);
        if (!src) {
            check_fail(name, "out of host memory");
            fz_prog_free(&p);
            continue;
        }
        if (count_opcodes(src, file, cv, err, sizeof err) != 0) {
            fz_outcome f = { .ok = false };
            snprintf(f.kind, sizeof f.kind, "generator");
            snprintf(f.why, sizeof f.why, "the kernel does not assemble: %.900s", err);
            report_failure(&o, &p, &f);
            free(src);
            fz_prog_free(&p);
            continue;
        }
        for (unsigned c = 0; c < FZ_CL_COUNT; c++) {
            cv->cls_insts[c] += p.class_count[c];
            cv->cls_progs[c] += p.class_count[c] != 0;
        }
        if (o.keep) {
            FILE *f = fopen(file, "w");
            if (!f || fputs(src, f) < 0 || fclose(f) != 0) fprintf(stderr, "kernel_fuzz: %s: cannot write\n", file);
        }
        fz_outcome out;
        fz_check(&p, src, o.keep ? file : name, o.be, true, &out);
        if (out.ok) {
            char cls[512];
            classes_text(&p, cls, sizeof cls);
            check_pass_note(name, "%u instructions, %" PRIu64 " retired, %" PRIu64 " %s, %s; classes: %s", p.ninsts,
                            out.ctr.instructions, out.ctr.cycles, o.be == GPU_BACKEND_RTL ? "cycles" : "ticks",
                            out.compared ? "memory compared" : "lockstep only", cls);
            add_counters(&cv->dyn, &out.ctr);
        } else {
            report_failure(&o, &p, &out);
        }
        cv->compared += !p.order_dep;
        cv->order_dep += p.order_dep;
        fflush(stdout);
        free(src);
        fz_prog_free(&p);
    }
    double secs = now_s() - t0;
    printf("summary    %" PRIu64 " seeds (%" PRIu64 "..%" PRIu64
           ") on the %s in %.1f s: %u passed, %u failed; %u race-free "
           "(final memory %s), %u order-dependent (%s)\n",
           o.seeds, o.first, o.first + o.seeds - 1,
           o.be == GPU_BACKEND_RTL ? "RTL in lockstep" : "golden model (generator self-check)", secs, check_passed(),
           check_failed(), cv->compared,
           o.be == GPU_BACKEND_RTL ? "also compared with the golden model alone" : "compared across two timings",
           cv->order_dep, o.be == GPU_BACKEND_RTL ? "lockstep only" : "not compared");
    print_coverage(cv, o.seeds);
    free(cv);
    return check_summary("kernel_fuzz");
}
