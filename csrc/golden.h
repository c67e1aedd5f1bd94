/* SPDX-License-Identifier: Apache-2.0 */
/* golden.h: the golden model, the whole GPU at instruction-set level
 * (docs/isa.md). A `golden` is a self-contained struct: several can coexist,
 * nothing is global, and a run is deterministic.
 *
 * Two ways to drive it:
 *  - standalone: golden_launch, then golden_run to completion, then
 *    golden_counters. This is what the host API's golden backend does.
 *  - lockstep (the RTL testbench): golden_launch, then golden_dispatch to place
 *    each group where the RTL placed it, golden_step to retire one
 *    instruction of a chosen wave with a golden_retire record to compare with
 *    the RTL's trace, golden_complete_signal when the RTL completes a global
 *    access (with cfg.external_signals set), golden_wave_status to see whether
 *    a wave is blocked. golden_run is built on golden_step; there is no second
 *    interpreter.
 *
 * Timing model of golden_run (not architectural, but fixed so runs compare):
 *  - one tick: first the dispatcher places every group that fits, then each
 *    resident wave that is ready executes one instruction, in the order
 *    CU 0 slot 0, CU 0 slot 1, CU 1 slot 0, ...; when no wave could execute,
 *    time jumps to the next signal completion.
 *  - a global access reads or writes memory when it issues; only its signal
 *    completes later, mem_latency ticks after issue (same-kind accesses of a
 *    wave complete in order). The launch ends when every group has finished
 *    and every access has completed; counters.cycles is that tick.
 *
 * Decisions beyond docs/isa.md (the RTL must match the architectural ones):
 *  - Registers v16..v63 start at 0 and LDS allocations are zeroed when a
 *    group is placed (both undefined architecturally).
 *  - Dispatcher: a 1-wave group takes the lowest free slot whose LDS fits;
 *    the round-robin CU search restarts at CU 0 at every launch.
 *  - Fault checks, in this order: ILLEGAL_INST; CONST_WRITE (any instruction
 *    that writes D with D < 16, whatever the mask); then a stall if the
 *    instruction waits on a pending signal (sig_wait*, or a global access onto
 *    a pending slot, which then releases the slot's pending register);
 *    PENDING_REG (any register read, or the destination written, whatever
 *    the mask; the lowest such register is reported); PC_OUT_OF_RANGE (the
 *    instruction itself faults, with no effect, when its next pc, fall-through
 *    or taken target, is outside the program; `addr` is that pc); memory
 *    address faults, lanes in ascending order, misalignment checked before
 *    range within a lane.
 *  - A global load or returning atomic makes D pending even when no lane is
 *    selected. sig_done* releases the pending register of each slot it
 *    observes done, even if another of its slots is still pending.
 *  - A barrier instruction retires when executed (its pc advances); the wave
 *    then waits (GOLDEN_WAVE_BARRIER) until every wave of its group that has
 *    not ended has retired a barrier.
 *
 * Counters (gpu_counters): cycles (ticks), instructions, lane_ops, the
 * per-unit instruction counts, lds_accesses, global_loads/stores/atomics (lane
 * accesses), mem_requests (line requests after coalescing, csrc/coalesce.h),
 * barriers and groups (groups placed) are modelled. lane_ops counts:
 * 32 for an unmasked vector instruction (VALU arithmetic, select, shfl, bcast,
 * red8), the selected lanes for masked ones (mov, first_where_true, LDS and
 * global accesses), 4 for redfin, 1 for a scalar-unit instruction, and 0 for
 * control, branch, signal and cache instructions. lds_conflict_cycles and the
 * stall_* counters are RTL-only and stay 0.
 * The model keeps one set of counters per CU, as the RTL does
 * (rtl/gpu_ctr_pkg.sv): an instruction counts on the CU whose wave executed
 * it, a group on the CU it was placed on, and every CU's cycles is the task's
 * tick count. golden_counters_cu reads one CU's; golden_counters gives the
 * sum over the CUs (cycles: the task's ticks, not a sum).
 *
 * Coverage: when the environment variable WAVEGPU_COVERAGE names a directory,
 * each model records functional coverage as it steps and adds it to a file
 * there when destroyed (golden_cov.h, docs/coverage.md).
 *
 * Memory: the model allocates, zeroes and owns its device memory, unless
 * cfg.memory gives a caller-owned buffer of mem_bytes bytes (e.g. a TLM DMI
 * pointer): the model then reads and writes that buffer directly, never
 * clears it (golden_create leaves its contents as they are) and never frees
 * it; it must outlive the model.
 */
#ifndef GPU_GOLDEN_H
#define GPU_GOLDEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gpu.h"
#include "isa.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GOLDEN_MAX_CUS 8
#define GOLDEN_SLOTS   2       /* wave slots per CU */

typedef struct golden golden;

typedef struct {
    unsigned num_cus;          /* 1..8 (default 4) */
    uint32_t mem_bytes;        /* device memory, a multiple of 4, 8 KiB..1 GiB (default 16 MiB) */
    unsigned mem_latency;      /* ticks from issue until a global access's signal is done (default 20) */
    uint64_t max_ticks;        /* golden_run watchdog (default 200M) */
    bool external_signals;     /* lockstep: accesses complete only through golden_complete_signal */
    bool external_memory;      /* lockstep (with external_signals): global accesses do not touch memory
                                  when they issue; the caller performs them on the model's memory in the
                                  order the hardware does (golden_mem_read/write) and gives a load's or
                                  returning atomic's values to golden_complete_access */
    uint8_t *memory;           /* NULL (default): the model allocates its memory; else a caller-owned
                                  buffer of mem_bytes bytes, used as is, neither cleared nor freed */
} golden_config;

typedef struct {
    const uint64_t *code;      /* instructions, copied (pre-decoded) at launch */
    uint32_t num_insts;        /* 1..4096 */
    uint32_t num_groups;       /* >= 1 */
    uint32_t waves_per_group;  /* 1 or 2 */
    uint32_t lds_bytes;        /* per group, a multiple of 4, <= 65536 */
    uint32_t args_addr;        /* value of the `args` constant (v15) */
} golden_launch_params;

void golden_config_default(golden_config *cfg);

/* Creates a model: with zeroed memory of its own, or on cfg->memory as it
 * is. On failure *out is NULL and err says why. */
gpu_status golden_create(golden **out, const golden_config *cfg, char *err, size_t errlen);
void golden_destroy(golden *g);

/* Host access to device memory (any alignment; the range must be inside). */
gpu_status golden_mem_write(golden *g, uint32_t addr, const void *src, uint32_t bytes);
gpu_status golden_mem_read(const golden *g, void *dst, uint32_t addr, uint32_t bytes);

/* Starts a task: pre-decodes the program, resets the CUs, signals and
 * counters. Memory is kept. No group is placed yet. */
gpu_status golden_launch(golden *g, const golden_launch_params *p, char *err, size_t errlen);

/* Runs the launched task to completion with the built-in dispatcher and
 * scheduler. Returns GPU_OK, GPU_ERR_FAULT or GPU_ERR_TIMEOUT with *res filled
 * (res may be NULL); GPU_ERR_STATE if nothing is launched or the model uses
 * external signals. */
gpu_status golden_run(golden *g, gpu_result *res);

/* Counters of the current or last launch (see above for what is modelled),
 * summed over the CUs; cycles is the task's tick count. */
void golden_counters(const golden *g, gpu_counters *c);

/* The counters of CU `cu` alone (cycles: the task's tick count); all zero if
 * cu >= num_cus. */
void golden_counters_cu(const golden *g, unsigned cu, gpu_counters *c);

/* The outcome so far: status GPU_ERR_FAULT with the fault after a step that
 * faulted, GPU_OK otherwise (also while still running). */
void golden_result(const golden *g, gpu_result *res);

/* ---- Lockstep ---- */

typedef enum {
    GOLDEN_WAVE_EMPTY = 0,     /* no wave in this slot */
    GOLDEN_WAVE_READY,         /* golden_step would execute its next instruction */
    GOLDEN_WAVE_SIGNAL,        /* its next instruction waits on a pending signal */
    GOLDEN_WAVE_BARRIER,       /* waiting at a barrier for the rest of its group */
    GOLDEN_WAVE_ENDED          /* executed `end`; its group still has a running wave */
} golden_wave_state;

typedef enum {
    GOLDEN_STEP_RETIRED = 0,   /* one instruction executed; the record is filled */
    GOLDEN_STEP_BLOCKED,       /* the wave waits on a signal or a barrier; nothing happened */
    GOLDEN_STEP_NO_WAVE,       /* empty or ended slot, or cu/slot out of range */
    GOLDEN_STEP_FAULT          /* the instruction faulted (see golden_result); or a fault already stopped the task */
} golden_step_status;

typedef enum {
    GOLDEN_MEM_NONE = 0, GOLDEN_MEM_LOAD, GOLDEN_MEM_STORE, GOLDEN_MEM_ATOMIC, GOLDEN_MEM_CACHE
} golden_mem_kind;

/* What one retired instruction did. Arrays are per lane; only the lanes set in
 * the matching mask are meaningful. */
typedef struct {
    uint32_t wave;             /* task-wide wave id */
    uint32_t group;            /* work-group id */
    uint32_t cu, slot;
    uint32_t pc;
    uint64_t inst;
    uint32_t next_pc;          /* the wave's pc after it (pc itself after `end`) */
    bool is_branch, taken;     /* a branch instruction, and whether it was taken */
    bool ended;                /* `end` */
    bool barrier_wait;         /* a barrier after which the wave waits for its group */
    int dest;                  /* destination register of an instruction that writes one, else -1 */
    uint32_t dest_mask;        /* lanes of dest written (0: none, e.g. an empty mask) */
    uint32_t dest_data[ISA_LANES];  /* every lane of dest after the instruction */
    uint32_t lds_mask;         /* lanes that wrote LDS (stores, atomics), ascending lane order */
    uint32_t lds_base;         /* byte base of the group's allocation in the CU's LDS */
    uint32_t lds_addr[ISA_LANES];   /* group-relative byte address */
    uint32_t lds_data[ISA_LANES];   /* the word the lane wrote */
    golden_mem_kind gmem;      /* global access kind, if any */
    uint32_t gmem_mask;        /* lanes accessing global memory */
    uint32_t gmem_addr[ISA_LANES];
    uint32_t gmem_data[ISA_LANES];  /* store: the data; atomic: the operand V; load: the value read (0 with external_memory) */
    uint32_t gmem_cmp[ISA_LANES];   /* atomic: the CAS compare value (D before the instruction) */
    int sig_issued;            /* signal slot the instruction made pending, or -1 */
    uint16_t sig_waited;       /* slots it waited on (sig_wait*, stall on reissue) or saw done (sig_done*) */
} golden_retire;

/* State of the wave in a slot. */
golden_wave_state golden_wave_status(const golden *g, unsigned cu, unsigned slot);

typedef struct {
    golden_wave_state state;
    uint32_t wave, group, group_wave, pc;
    uint64_t pending_regs;     /* bit r: vr is a pending load destination */
    uint16_t pending_signals;  /* bit s: slot s not yet complete */
} golden_wave_info;

/* Returns false for an empty slot or bad cu/slot. */
bool golden_wave_get(const golden *g, unsigned cu, unsigned slot, golden_wave_info *info);

/* Register value, or 0 for an empty slot / bad arguments. */
uint32_t golden_reg(const golden *g, unsigned cu, unsigned slot, unsigned reg, unsigned lane);

/* Places the next group (in id order) on `cu`, in `slot` (0 or 1) or, with
 * slot = -1, the lowest slot that fits. Returns the group id, or -1 if no
 * group is left or it does not fit there. */
int golden_dispatch(golden *g, unsigned cu, int slot);

/* Where the built-in dispatcher would place the next group now: returns the
 * CU (and *slot), or -1 if no group is left or none fits. */
int golden_dispatch_choice(const golden *g, unsigned *slot);

/* Executes the next instruction of the wave in (cu, slot). rec may be NULL
 * (the fast path: no record is built). */
golden_step_status golden_step(golden *g, unsigned cu, unsigned slot, golden_retire *rec);

/* Completes a pending signal slot (external_signals mode). Fails with
 * GPU_ERR_STATE if the slot is not pending or an older access of the same
 * kind of that wave is still pending (docs/isa.md 4.8 ordering). */
gpu_status golden_complete_signal(golden *g, unsigned cu, unsigned slot, unsigned sig);

/* golden_complete_signal, and with external_memory, writes the access's
 * destination (a load or returning atomic), its selected lanes from data
 * (per lane; may be NULL for other accesses). */
gpu_status golden_complete_access(golden *g, unsigned cu, unsigned slot, unsigned sig, const uint32_t *data);

/* Every group has been placed and has finished. */
bool golden_finished(const golden *g);

/* Current tick; golden_advance_time moves it forward (internal signals
 * complete when it reaches their completion tick). */
uint64_t golden_time(const golden *g);
void golden_advance_time(golden *g, uint64_t ticks);

#ifdef __cplusplus
}
#endif

#endif
