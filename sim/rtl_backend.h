/* SPDX-License-Identifier: Apache-2.0 */
/* rtl_backend.h: the RTL backend of the host API (gpu_backend.h), the
 * Verilated gpu_top with the DRAM model on its AXI4 port (sim/axi_dram.h,
 * every cycle checked by sim/axi_check.h) and lockstep checking against the
 * golden model (sim/lockstep.h), plus what the sim program needs beyond gpu.h:
 * wave tracing and the per-CU and memory-system counters.
 *
 * Programs that link it (libwavegpu_rtl) can open GPU_BACKEND_RTL devices, and
 * their default config (gpu_config_default) picks the RTL unless the
 * environment variable WAVEGPU_BACKEND says golden (gpu_default_backend).
 * Environment, read when a device is opened (each number strictly: a bad
 * value fails gpu_open with a message naming the variable):
 *   WAVEGPU_LOCKSTEP=0        no lockstep (faster; for benchmarks)
 *   WAVEGPU_MEM_JITTER=seed   the DRAM model's jitter seed (gpu_config's
 *                             dram_jitter_seed): random extra latency
 *                             0..mem_latency per burst, so bursts of different
 *                             IDs come back reordered
 *   WAVEGPU_FST=path          trace every launch to an FST file (if
 *                             rtl_backend_set_trace did not set one), with
 *   WAVEGPU_FST_START, WAVEGPU_FST_END, WAVEGPU_FST_DEPTH as in rtl_trace_config.
 *   WAVEGPU_MEM_ERROR=list    planted error responses of the DRAM model, a
 *                             test of the GPU's memory errors: read:N (the
 *                             N-th read burst since the device opened, from
 *                             1; once) and/or write:N, comma-separated, each optionally
 *                             :slverr (default) or :decerr. The launch ends
 *                             with fault MEM_READ_ERROR or MEM_WRITE_ERROR;
 *                             lockstep stops at the first error response
 *                             (docs/architecture.md, "Memory errors").
 *   WAVEGPU_SEED=n            the model's initial state, every register and
 *                             memory the reset does not set: random from seed
 *                             n (1..2147483647; default 1), or "zeros", "ones".
 *                             Every summary prints it, so a failure replays.
 *   WAVEGPU_LOCKSTEP_PLANT=pc a test of the mismatch report: the lockstep
 *                             model's result of the instruction at pc gets
 *                             bit 0 of its lowest lane flipped, so the first
 *                             such instruction reports a mismatch (with its
 *                             source line when the kernel has a line table)
 *   WAVEGPU_COVERAGE=dir      coverage (docs/coverage.md): each device adds
 *                             the cache events of its runs and the memory
 *                             port's faults to dir/func-<pid>.txt when it
 *                             closes (csrc/golden_cov.h), as its lockstep
 *                             model does its own bins; a model built with
 *                             make coverage also writes its line and toggle
 *                             coverage to dir/rtl-<pid>-<n>.dat
 *
 * Cycles: cycle 0 is the rising edge that takes the launch (the edge after the
 * one that performs the START write); cycle N is the
 * N-th edge after it (the numbering of CTR_CYCLES and of lockstep messages).
 * In an FST, cycle N of the first launch is at time N*10 ns (the rising
 * edge), the falling edge at N*10+5 ns.
 */
#ifndef WAVEGPU_RTL_BACKEND_H
#define WAVEGPU_RTL_BACKEND_H

#include <stdbool.h>
#include <stdint.h>

#include "gpu.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RTL_MAX_CUS  8
#define RTL_MAX_CTRS 32
#define RTL_MAX_MEM_CTRS 16

typedef struct {
    const char *path;   /* FST file; NULL or "" = no tracing */
    uint64_t start;     /* first cycle traced */
    uint64_t end;       /* first cycle not traced; 0 = to the end of the run */
    unsigned depth;     /* hierarchy levels traced ($dumpvars: 1 = the ports of TOP, 2 = gpu_top's
                           signals, 4 = a CU's, 5 = its units'); 0 = all */
} rtl_trace_config;

/* Tracing for the RTL devices opened after this call (a process-wide setting:
 * set it before gpu_open). NULL turns it off. */
void rtl_backend_set_trace(const rtl_trace_config *t);

/* The timeline (wgrun --timeline, make bench; docs/bench.md): every `every`
 * cycles of a launch, one text row per CU of what its trace port and its
 * L1 showed in those cycles: instructions retired (all, and those of the
 * vector ALU, the LDS and the global-memory unit), line requests through the
 * L1's lookup and its hits, global accesses completed, groups placed, and
 * the groups and waves resident at the interval's last cycle. The ports are
 * only read: the GPU's cycles do not change, and the rows are deterministic.
 * The file is written at the end of every launch of the RTL devices opened
 * after this call (a process-wide setting, like rtl_backend_set_trace); a
 * later launch rewrites it. NULL or an empty path turns it off. */
typedef struct {
    const char *path;   /* text file: '#' comment lines, then "cycle cu insts ..." rows */
    uint64_t every;     /* cycles per row, >= 1 */
} rtl_timeline_config;
void rtl_backend_set_timeline(const rtl_timeline_config *t);

/* NumCus of the Verilated model: the largest cfg.num_cus it accepts. */
unsigned rtl_backend_max_cus(void);

/* The counters (rtl/gpu_ctr_pkg.sv): how many, and the name of index i
 * ("cycles", "insts", ... ; NULL past the end). */
unsigned rtl_backend_num_ctrs(void);
const char *rtl_backend_ctr_name(unsigned i);

typedef struct {
    unsigned num_cus;                          /* cfg.num_cus of the device */
    uint64_t ctr[RTL_MAX_CUS][RTL_MAX_CTRS];   /* every counter of every CU */
    uint64_t cycles;                           /* edges from launch until busy_o fell */
    double wall_seconds;                       /* host time of those cycles */
    bool lockstep;                             /* checked against the golden model */
    uint64_t lockstep_events;                  /* trace events replayed */
    gpu_counters golden;                       /* the lockstep model's counters */
    bool fault_end;                            /* the launch ended in a fault (see rtl_counters_retired) */
    uint64_t mem_ctr[RTL_MAX_MEM_CTRS];        /* the memory system's counters (MEM_CTR_* - MEM_CTR_FIRST) */
    uint64_t dram_read_bytes, dram_write_bytes;        /* the DRAM model's view of the AXI4 port */
    uint64_t dram_read_bursts, dram_write_bursts;
    uint64_t dram_max_reads_in_flight, dram_max_writes_in_flight;
    unsigned dram_peak_bytes_per_cycle;        /* channels x bytes per cycle (the R and W buses take 16 each) */
    uint64_t traced_cycles;                    /* cycles written to the FST */
    char fst_path[256];                        /* "" if not traced */
    char initial_state[48];                    /* the model's initial state: "random, seed N", "all zeros", "all ones" */
} rtl_run_stats;

/* Keeps of c only what retired instructions count: after a fault, the RTL
 * has also served LDS and line requests of other waves' accesses in flight
 * when the task stopped, which never retire, so the counters named in
 * RTL_COUNTERS_NOT_RETIRED are not comparable with the golden model's.
 * Returns how many it cleared. */
#define RTL_COUNTERS_NOT_RETIRED "lds_accesses and mem_requests"
static inline unsigned rtl_counters_retired(gpu_counters *c)
{
    c->lds_accesses = 0;
    c->mem_requests = 0;
    return 2;
}

/* Statistics of the last run of any RTL device of this process. Returns
 * false if no RTL run has completed. */
bool rtl_backend_last_run(rtl_run_stats *s);

#ifdef __cplusplus
}
#endif

#endif
