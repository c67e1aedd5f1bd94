/* SPDX-License-Identifier: Apache-2.0 */
/* kfuzz.h: constrained-random kernels run in lockstep (issue 18), the
 * parts of build/bin/kernel_fuzz:
 *   kfuzz_gen.c   a seed -> a legal kernel as assembly lines (never faults,
 *                always ends; race-free unless it says it is order-dependent);
 *   kfuzz_text.c  the kernel as text, with its wgrun "# run:" options;
 *   kfuzz_run.c   runs a kernel on the golden model alone and on the RTL in
 *                lockstep and names the first failure and its kind;
 *   kfuzz_min.c   delta-debugging over the kernel's lines down to a short
 *                kernel that fails the same way, saved with its run line.
 * kernel_fuzz.c is the program (options, PASS/FAIL lines, coverage table). */
#ifndef TB_FUZZ_KFUZZ_H
#define TB_FUZZ_KFUZZ_H

#include "gpu.h"
#include "isa.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FZ_LINE_MAX   192
#define FZ_MEM_BYTES  (1u << 20) /* device memory of every run */
#define FZ_MAX_CYCLES 4000000ull /* the watchdog (RTL cycles, golden-model ticks) */

/* What the minimizer may do with a line. Every line of a unit goes (or
 * stays) with the others. */
typedef enum {
    FZ_ROLE_PLAIN,  /* an operation (with its address computation): removable */
    FZ_ROLE_SETUP,  /* the prologue's base addresses and initial values: removable unless the failure is in memory */
    FZ_ROLE_SYNC,   /* sig_wait*, barrier: keep memory race-free; removable unless the failure is in memory */
    FZ_ROLE_STRUCT, /* a loop's counter and back branch, a sig_waitany table: removed as a whole, in a second pass */
    FZ_ROLE_FIXED   /* directives, labels and the final end: never removed */
} fz_role;

typedef struct {
    char text[FZ_LINE_MAX];
    unsigned unit;
    fz_role role;
    bool inst; /* an instruction (labels and directives are not) */
} fz_line;

/* The kernel's buffers, in the order they are allocated and passed. Each is
 * filled like wgrun's --buf NAME=u32:WORDS:SEED (docs/getting-started.md). */
enum { FZ_BUF_PRIV, FZ_BUF_IN, FZ_BUF_SH, FZ_NBUF };
extern const char *const fz_buf_name[FZ_NBUF];

typedef struct {
    uint64_t seed;
    fz_line *line;
    unsigned nline, cap;
    unsigned nunit;
    unsigned ninsts; /* instructions */
    /* the launch */
    unsigned groups, waves, lds_bytes;
    unsigned cus;     /* compute units used (the model has 4) */
    unsigned latency; /* DRAM latency (RTL), memory latency (golden model) */
    uint64_t jitter;  /* DRAM jitter seed, 0 = none */
    uint32_t buf_words[FZ_NBUF];
    uint64_t buf_seed[FZ_NBUF];
    /* Cross-wave order dependence: the final memory depends on the order in
     * which waves' accesses happened (atomics returning values from shared
     * words, xchg/cas on them): compared with the golden model alone only
     * when false. */
    bool order_dep;
    char order_why[96];
    unsigned class_count[32]; /* instructions per fz_class, as generated */
} fz_prog;

/* Instruction classes, from the ISA table (unit, format, ALU function). */
typedef enum {
    FZ_CL_INT,
    FZ_CL_F32,
    FZ_CL_MOVE,
    FZ_CL_SCALAR,
    FZ_CL_SCALAR_F32,
    FZ_CL_XLANE,
    FZ_CL_RED,
    FZ_CL_BRANCH,
    FZ_CL_WAITANY,
    FZ_CL_SIG,
    FZ_CL_LDS,
    FZ_CL_LDS_ATOMIC,
    FZ_CL_GMEM,
    FZ_CL_GMEM_ATOMIC,
    FZ_CL_CACHE,
    FZ_CL_BARRIER,
    FZ_CL_CTRL,
    FZ_CL_COUNT
} fz_class;
extern const char *const fz_class_name[FZ_CL_COUNT];
fz_class fz_class_of(const isa_op_info *op);

/* kfuzz_gen.c: the program of a seed. max_body bounds the random part's
 * instructions (the prologue and epilogue come on top). 0 or -1 with err. */
int fz_generate(uint64_t seed, unsigned max_body, fz_prog *p, char *err, size_t errlen);
void fz_prog_free(fz_prog *p);

/* The source text of the lines whose unit keep[] says (keep NULL: all),
 * after a header of comment lines (header may be NULL) and the run lines.
 * Labels no kept instruction names are left out. malloc'ed. */
char *fz_text(const fz_prog *p, const bool *keep, const char *header);
/* The wgrun options that reproduce the launch (the "# run:" words). */
void fz_run_options(const fz_prog *p, char *buf, size_t len);

/* kfuzz_run.c */
typedef struct {
    bool ok;
    char kind[64];    /* "" when ok; else e.g. "lockstep:dest_data", "timeout", "memory:priv", "generator" */
    char why[1024];   /* one line */
    gpu_counters ctr; /* of the backend checked (the RTL's, or the golden model's) */
    bool compared;    /* the final memory was compared with the golden model alone */
} fz_outcome;

/* Runs src (the kernel of p) on the golden model alone, then, on the RTL
 * backend, in lockstep, and compares the final buffers when p is race-free.
 * On the golden backend the second run is the golden model with other
 * timing (fewer CUs, another latency): a race-free kernel must end the same.
 * name is the kernel's file name in messages. quiet_stderr: the RTL
 * backend's own message on stderr is suppressed. Returns o->ok. */
bool fz_check(const fz_prog *p, const char *src, const char *name, gpu_backend_kind be, bool quiet_stderr,
              fz_outcome *o);

/* kfuzz_min.c */
typedef struct {
    unsigned max_tests; /* runs of the kernel, at most */
    double max_seconds;
} fz_min_budget;

typedef struct {
    bool *keep;      /* per unit; malloc'ed */
    unsigned insts;  /* instructions kept */
    unsigned tests;  /* kernels run */
    fz_outcome last; /* the outcome of the kernel kept */
} fz_min_result;

/* Delta debugging: removes units while the kernel still assembles, runs
 * without a fault on the golden model and fails as `failed` did (same kind).
 * Returns 0, or -1 (out of memory). */
int fz_minimize(const fz_prog *p, const fz_outcome *failed, gpu_backend_kind be, const char *name,
                const fz_min_budget *budget, fz_min_result *r);

/* The kernel as saved: a header that names the seed, the failure (one line,
 * so the line numbers do not depend on it), note (comment lines, may be
 * NULL) and the command that reproduces it, then its "# run:" lines and the
 * lines of the units keep[] says (NULL: all). malloc'ed. */
char *fz_saved_text(const fz_prog *p, const bool *keep, const fz_outcome *failed, const char *note, const char *path);
/* Writes fz_saved_text to path. 0, or -1 with err. */
int fz_save(const fz_prog *p, const bool *keep, const fz_outcome *failed, const char *note, const char *path, char *err,
            size_t errlen);

#endif
