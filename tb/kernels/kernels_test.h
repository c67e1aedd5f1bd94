/* SPDX-License-Identifier: Apache-2.0 */
/* kernels_test.h: what the files of test_kernels share (reporting and
 * random numbers are tb/lib/): the probe mode of RUN_DT, f32 helpers,
 * opening devices and running kernels, the directed-test runs (dt_*), the
 * reference ALU and its edge values. */
#ifndef TB_KERNELS_TEST_H
#define TB_KERNELS_TEST_H

#define _POSIX_C_SOURCE 200809L

#include "gpu.h"
#include "check.h"
#include "prng.h"
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LANES 32u
#define SENTINEL 0xCDCDCDCDu
#define SCALAR_SENTINEL 0x5A5A5A5Au
#define QNAN 0x7FC00000u

extern gpu_backend_kind backend;
extern const char *filter;
static inline bool selected(const char *name) { return !filter || strstr(name, filter); }
extern bool probing, probe_hit;

#define RUN_DT(call)                                                                                           \
    do {                                                                                                       \
        if (filter) {                                                                                          \
            probing = true;                                                                                    \
            probe_hit = false;                                                                                 \
            call;                                                                                              \
            probing = false;                                                                                   \
            if (!probe_hit) break;                                                                             \
        }                                                                                                      \
        call;                                                                                                  \
    } while (0)

void pass(const char *name);
void fail(const char *name, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

float fl(uint32_t u);
uint32_t bits(float f);

/* Result bits of an f32 operation: any NaN becomes the canonical NaN. */
static inline uint32_t canon(float f) { return isnan(f) ? QNAN : bits(f); }

gpu_device *open_dev(const char *test, unsigned cus, uint32_t mem);

/* Runs a kernel that must finish without a fault. */
bool run_ok(const char *test, gpu_device *dev, const char *kname, uint32_t groups, uint32_t waves, uint32_t lds, const uint32_t *args, uint32_t nargs);

bool dev_alloc(const char *test, gpu_device *dev, uint32_t bytes, gpu_addr *a);
bool dev_put(const char *test, gpu_device *dev, gpu_addr a, const void *src, uint32_t bytes);
bool dev_get(const char *test, gpu_device *dev, void *dst, gpu_addr a, uint32_t bytes);

/* Allocates and fills a buffer. */
bool dev_buf(const char *test, gpu_device *dev, uint32_t bytes, const void *init, uint32_t fill, gpu_addr *a);

/* Words equal, or a FAIL line naming the first difference (no PASS line). */
bool compare_words(const char *test, const uint32_t *exp, const uint32_t *got, size_t n, const char *what);

/* compare_words, then the PASS line if they are equal. */
bool check_words(const char *test, const uint32_t *exp, const uint32_t *got, size_t n, const char *what);

typedef struct {
    const char *kernel;
    const char *src;            /* assembly text to run instead of build/kernels/<kernel>.wgk, or NULL */
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

bool dt_init(dt_run *d, const char *kernel, uint32_t nwaves, uint32_t wpg, unsigned nin, unsigned nout);
void dt_free(dt_run *d);

/* Runs the kernel; afterwards d->ok says whether it ran cleanly and d->out
 * holds the output rows. */
void dt_exec(dt_run *d);

/* Compares output row `row` of every wave with exp[w*32 + l]. */
bool dt_check_row(const dt_run *d, unsigned row, const char *test, const uint32_t *exp);

typedef uint32_t (*fn2)(uint32_t a, uint32_t b);
static inline uint32_t r_add(uint32_t a, uint32_t b) { return a + b; }
static inline uint32_t r_and(uint32_t a, uint32_t b) { return a & b; }
static inline uint32_t r_or(uint32_t a, uint32_t b) { return a | b; }
static inline uint32_t r_xor(uint32_t a, uint32_t b) { return a ^ b; }
static inline int32_t si(uint32_t a) { return (int32_t)a; }
static inline uint32_t r_min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }
static inline uint32_t r_min_i32(uint32_t a, uint32_t b) { return si(a) < si(b) ? a : b; }
static inline uint32_t r_max_u32(uint32_t a, uint32_t b) { return a > b ? a : b; }
static inline uint32_t r_max_i32(uint32_t a, uint32_t b) { return si(a) > si(b) ? a : b; }
static inline uint32_t r_add_f32(uint32_t a, uint32_t b) { return canon(fl(a) + fl(b)); }
static inline uint32_t r_fma_f32(uint32_t a, uint32_t b, uint32_t c) { return canon(fmaf(fl(a), fl(b), fl(c))); }

/* min/max: both NaN -> NaN; one NaN -> the other; -0 < +0. */
uint32_t r_min_f32(uint32_t a, uint32_t b);

uint32_t r_max_f32(uint32_t a, uint32_t b);

typedef struct {
    const char *name;
    fn2 f;
} op2;

extern const uint32_t int_edges[24];

#define N_INT_EDGES (sizeof int_edges / sizeof int_edges[0])

/* Integer ALU, vector (every pair of edge values spread over the lanes, then
 * random waves) or scalar (one pair per wave, in lane 0). */
void test_int_alu(bool scalar);

void test_f32_alu(bool scalar);

/* Reads n words from the device into a new buffer (NULL after reporting a failure). */
uint32_t *dev_fetch(const char *test, gpu_device *dev, gpu_addr a, size_t n);

static inline uint32_t *words_alloc(size_t n) { return calloc(n ? n : 1, 4); }

/* C = A*B with the seed's tiled kernel: N x N f32, (N/8)^2 groups of 2 waves. */
void test_matmul(uint32_t n, const char *name);

/* C = A*B with the register-tiled kernels/sgemm.s: N x N f32 (N a multiple of
 * 128), (N/8)*(N/128) groups of 1 wave on `cus` CUs (0: the default), checked
 * against fmaf in the kernel's order (k ascending). */
void test_sgemm(uint32_t n, unsigned cus, const char *name);

/* c = a + b (u32) over n elements, ceil(n/32) groups of 1 wave. */
void test_vecadd(uint32_t n, const char *name);

/* y = fma(a, x, y) (f32) over n elements, ceil(n/64) groups of 2 waves. */
void test_saxpy(uint32_t n, const char *name);

/* *result = init + sum(in[0..n-1]) (u32), red8_add/redfin_add per wave, then a
 * noret global atomic add per wave. */
void test_reduce_u32(uint32_t n, uint32_t groups, const char *name);

/* The f32 sum of n values in two launches of reduce_f32: `groups` partial sums,
 * then one group combining them. */
void test_reduce_f32(uint32_t n, uint32_t per, const char *name_part, const char *name_final);

/* out (C x R) = in (R x C) transposed, ceil(R/32)*ceil(C/32) groups of 2 waves. */
void test_transpose(uint32_t rows, uint32_t cols, const char *name);

/* hist[in[i] & 63] += 1 with LDS atomics per group and noret global atomics. */
void test_histogram(uint32_t n, uint32_t per, const char *name);

/* Runs the checks of one directed kernel: exp holds nout rows of nwaves*32 words. */
static inline uint32_t *dt_exp(const dt_run *d) { return calloc((size_t)d->nout * d->nwaves * LANES, 4); }

#define EXP(d, e, w, r, l) ((e)[((size_t)(r) * (d)->nwaves + (w)) * LANES + (l)])

static inline const uint32_t *exp_row(const dt_run *d, const uint32_t *e, unsigned r) { return e + (size_t)r * d->nwaves * LANES; }
void test_consts(uint32_t wpg, uint32_t groups);
static inline uint32_t b0(uint32_t v) { return v & 1u; }
void test_masks(void);
void test_xlane(void);
void test_reduce(bool f32);
void test_branch(void);

/* end with stores in flight: they complete; the code after end does not run. */
void test_end(void);

/* A barrier lets wave 1 through once wave 0 of its group has ended. */
void test_barrier_ended(void);

void test_signals(void);

/* sig_waitany*_br: the entry taken where timing cannot change it, and where it
 * can, an entry the slots allow with the data of the slot it names. */
void test_sig_waitany(void);

void test_lds(void);

/* LDS loads, stores and atomics at every conflict degree 1..32. */
void test_lds_conflicts(void);

/* Every source operand kind of every instruction that has kinded sources (operands.c). */
void test_operand_kinds(void);

/* Both atomic kernels: global = dt_global_atomic (rows per op: mem, ret for
 * distinct words, same words, noret), else dt_lds_atomic (ret, mem, ...). */
void test_atomics(bool global);

void test_global_mem(void);

/* kernels/l2_writeback.s with and without its cache_wb_l2. Both backends:
 * the memory holds the second stores. RTL: the DRAM sees the lines written
 * once (the end-of-task flush) without the write-back and twice with it
 * (the write-back, then the flush), both as dirty-line write-backs of the L2
 * and as bytes on the AXI4 port; and the launch with the write-back takes at
 * least one DRAM latency longer (its signal completes only when the writes
 * are answered). */
void test_l2_writeback(const char *name);

/* kernels/atomic_contend.s on 4 CUs: 8 groups of 2 waves, 8 iterations; all
 * atomics of the launch on one line. The counters must be exact (every lane's
 * noret add and xor performed once, atomically). With ret = 1, the returning
 * adds hand out tickets: each of 0..N-1 exactly once. (On the RTL the lockstep
 * checker also replays every atomic in the order the L2 performed it and
 * compares each returned value.) */
void test_atomic_contention(int ret, const char *name);

/* kernels/l1_own_write.s on 2 CUs, 8 groups of 2 waves: every wave reads back
 * its own stores through its CU's L1, both when the L1 holds the line (the
 * store must update it) and when the line's fill is still on its way (the
 * fill must not install the line read before the store). */
void test_l1_own_write(const char *name);

/* kernels/lds_fresh.s: 32 one-wave groups, so that every LDS slot of every
 * CU is reused many times: each group reads its whole allocation before
 * writing group + 1 over it. Every word read is 0 (the clearing of a new
 * allocation, with its first row starting mid-row in slot 1 and its last
 * ending mid-row in slot 0); the 6 words past the allocation are not
 * written. */
void test_lds_fresh(const char *name);

/* kernels/l2_system_scope.s at device and at system scope: the same stores
 * (every line twice) and loads (every line twice). Both backends: memory
 * holds the second stores. RTL: at device scope the L2 keeps the lines (the
 * DRAM sees them written once, by the end-of-task flush, and reads only the
 * arguments' line); at system scope every access bypasses it (every store
 * written through: twice; every load read from memory: twice; and the
 * arguments' line). */
void test_l2_system_scope(const char *name);

#endif
