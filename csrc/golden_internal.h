/* SPDX-License-Identifier: Apache-2.0 */
/* golden_internal.h: the golden model's private state, shared by its files
 * and never installed (the public interface is golden.h). It holds the
 * pre-decoded instruction (ginst), the wave, group, CU and model structs, and
 * the small wave helpers every execution unit uses (operand reads, masks,
 * signal state, destination writes); they are static inline so that they
 * inline into each unit's file. */
#ifndef GPU_GOLDEN_INTERNAL_H
#define GPU_GOLDEN_INTERNAL_H

#include "golden.h"
#include "golden_cov.h"

#include <string.h>

#define LANES ISA_LANES
#define ALL_LANES 0xFFFFFFFFu
#define LDS_WORDS (ISA_LDS_BYTES / 4)
#define NEVER UINT64_MAX

enum { KIND_LOAD, KIND_STORE, KIND_OTHER, NUM_KINDS };   /* ordering classes of docs 4.8 */

/* A decoded source operand. */
typedef struct {
    uint8_t kind;          /* ISA_KIND_* */
    uint8_t reg;           /* V, S */
    uint16_t mask;         /* M: the 12-bit mask field */
    uint32_t lit;          /* L: the 32-bit value */
} gsrc;

/* A pre-decoded instruction. */
typedef struct {
    uint64_t word;
    uint64_t reads;        /* registers read by any operand (PENDING_REG) */
    uint32_t imm;          /* branch target, or LDS offset */
    uint16_t mask;         /* the M field */
    uint16_t wait_sigs;    /* slots that must be done before it issues */
    uint16_t wait_any;     /* slots of which one must be done before it issues (sig_waitany*_br) */
    uint8_t op, unit, fmt, fn;
    uint8_t d, addr, sig, nsig;
    uint8_t sigs[4];
    uint8_t valid, writes_d, noret, kind;   /* kind: ordering class of a global access */
    gsrc a, b, c;          /* ALU1: b; ALU2: a, b; ALU3: a, b, c; SEL: a = F, b = T; BRS: a; stores/atomics: b = V */
} ginst;

typedef struct {
    uint64_t done_tick;    /* completion tick of a pending access (NEVER: external) */
    uint64_t seq;          /* issue order within its kind */
    int8_t reg;            /* load destination still pending on this slot, or -1 */
    uint8_t pending;       /* access not yet complete */
    uint8_t kind;
    int8_t dest;           /* external memory: the register written at completion, or -1 */
    uint32_t dest_lanes;   /* ... and its lanes */
} gsig;

typedef struct {
    uint32_t v[ISA_NUM_REGS][LANES];
    gsig sig[ISA_NUM_SIGNALS];
    uint64_t pending_regs;
    uint64_t kind_last[NUM_KINDS];   /* latest completion tick per kind */
    uint64_t kind_seq[NUM_KINDS];
    uint32_t pc;
    uint8_t state;                   /* golden_wave_state: EMPTY, READY (running), BARRIER, ENDED */
    uint8_t group_slot;              /* index of its group record in the CU (the group's first slot) */
    uint32_t wave_id, group_id, group_wave;
} gwave;

typedef struct {
    uint32_t id, lds_base, lds_bytes;
    uint8_t active, nwaves, alive, at_barrier;
} ggroup;

typedef struct {
    gwave wave[GOLDEN_SLOTS];
    ggroup group[GOLDEN_SLOTS];      /* indexed by the group's first slot */
    gpu_counters ctr;                /* this CU's counters (cycles unused: golden.cycles) */
    uint32_t lds[LDS_WORDS];
} gcu;

typedef enum { TASK_NONE, TASK_RUNNING, TASK_DONE } task_state;

struct golden {
    golden_config cfg;
    uint8_t *mem;                    /* cfg.memory (the caller's) or the model's own */
    gcu *cus;
    ginst *prog;
    uint32_t num_insts;
    task_state task;
    bool faulted;
    uint32_t num_groups, wpg, lds_bytes, args_addr;
    uint32_t next_group;             /* next group id to place */
    uint32_t active_groups;
    unsigned last_cu;                /* CU of the last placement (round-robin) */
    uint64_t now;
    uint64_t last_completion;        /* latest completion tick of any access issued */
    uint64_t cycles;                 /* the counters' cycles: the tick the task ended at (golden_run) */
    gpu_result res;
    golden_cov *cov;                 /* functional coverage (golden_cov.h), or NULL: every hook tests it first */
};

/* ------------------------------------------------------------ pre-decode */

/* golden_predecode.c: fills *in from the instruction word w (an invalid word
 * leaves in->valid 0). */
void golden_predecode(uint64_t w, ginst *in);

/* ------------------------------------------------------- execution units */

/* One instruction in execution: what golden.c's exec() gives the unit that
 * executes it, and what the unit leaves for the retirement. exec() has done
 * the checks common to every instruction (ILLEGAL_INST, CONST_WRITE, signal
 * waits, PENDING_REG, PC_OUT_OF_RANGE) before the unit runs; the unit counts
 * its own instruction counter and may still fault (memory addresses), in
 * which case the instruction has no effect beyond that counter. Every
 * counter goes to the CU the wave runs on (x->cu->ctr). */
typedef struct {
    golden *g;
    unsigned cu_index, slot;
    gcu *cu;
    gwave *w;
    const ginst *in;
    golden_retire *rec;        /* the retirement record, or NULL (the fast path) */
    uint32_t next_pc;          /* the fall-through pc; a branch or `end` changes it */
    bool taken;                /* a branch instruction is taken */
    uint32_t dest_lanes;       /* lanes of D written, when the instruction writes D */
    uint64_t lane_ops;         /* its lane operations (the lane_ops counter) */
} gexec;

/* golden.c: records fault `code` of the instruction `in` of wave w on CU c
 * (golden_result) and stops the task; returns GOLDEN_STEP_FAULT. */
golden_step_status golden_fault(golden *g, unsigned c, const gwave *w, const ginst *in, unsigned code, int lane,
                                uint32_t addr, int reg);

/* golden_flow.c: control (end, barrier), the branch unit and the signal unit.
 * golden_branch_resolve runs before any effect of a branch-unit instruction:
 * it sets x->next_pc and x->taken, or faults (PC_OUT_OF_RANGE of a
 * sig_waitany*_br table). */
golden_step_status golden_branch_resolve(gexec *x);
golden_step_status golden_exec_ctrl(gexec *x);
golden_step_status golden_exec_branch(gexec *x);
golden_step_status golden_exec_sig(gexec *x);

/* golden_valu.c: the vector ALU (mov, select, first_where_true, integer and
 * f32 functions). */
golden_step_status golden_exec_valu(gexec *x);

/* golden_scalar.c: the scalar unit (s_*, scalar divide included). */
golden_step_status golden_exec_salu(gexec *x);

/* golden_xlane.c: the cross-lane unit (shfl, bcast) and the reductions. */
golden_step_status golden_exec_xlane(gexec *x);
golden_step_status golden_exec_red(gexec *x);

/* golden_lds.c: LDS loads, stores and atomics. */
golden_step_status golden_exec_lds(gexec *x);

/* golden_gmem.c: global loads, stores, atomics and cache instructions, with
 * the signal each issues. */
golden_step_status golden_exec_gmem(gexec *x);

/* --------------------------------------------------------- wave helpers */

static inline uint32_t bit0_lanes(const uint32_t *r)
{
    uint32_t m = 0;
    for (unsigned l = 0; l < LANES; l++)
        m |= (r[l] & 1u) << l;
    return m;
}

static inline uint32_t mask_value(const gwave *w, uint32_t m12)
{
    uint32_t x = bit0_lanes(w->v[(m12 >> 6) & 31]), y = bit0_lanes(w->v[m12 & 31]);
    if (m12 & 0x800) x = ~x;
    if (m12 & 0x20) y = ~y;
    return x & y;
}

/* The mask of lane 0 only (scalar context). */
static inline uint32_t mask_lane0(const gwave *w, uint32_t m12)
{
    uint32_t x = (w->v[(m12 >> 6) & 31][0] & 1u) ^ ((m12 >> 11) & 1u);
    uint32_t y = (w->v[m12 & 31][0] & 1u) ^ ((m12 >> 5) & 1u);
    return x & y;
}

static inline void fill(uint32_t *t, uint32_t v)
{
    for (unsigned l = 0; l < LANES; l++)
        t[l] = v;
}

/* A source in vector context: a pointer to its 32 lane values. */
static inline const uint32_t *vsrc(const gwave *w, const gsrc *s, uint32_t *tmp)
{
    switch (s->kind) {
    case ISA_KIND_V:
        return w->v[s->reg];
    case ISA_KIND_S:
        fill(tmp, w->v[s->reg][0]);
        return tmp;
    case ISA_KIND_M: {
        uint32_t m = mask_value(w, s->mask);
        for (unsigned l = 0; l < LANES; l++)
            tmp[l] = (m >> l) & 1u;
        return tmp;
    }
    default:
        fill(tmp, s->lit);
        return tmp;
    }
}

/* One lane of a source in vector context. */
static inline uint32_t vsrc_lane(const gwave *w, const gsrc *s, unsigned l)
{
    switch (s->kind) {
    case ISA_KIND_V: return w->v[s->reg][l];
    case ISA_KIND_S: return w->v[s->reg][0];
    case ISA_KIND_M: return (mask_value(w, s->mask) >> l) & 1u;
    default: return s->lit;
    }
}

/* A source in scalar context. */
static inline uint32_t ssrc(const gwave *w, const gsrc *s)
{
    switch (s->kind) {
    case ISA_KIND_V:
    case ISA_KIND_S: return w->v[s->reg][0];
    case ISA_KIND_M: return mask_lane0(w, s->mask);
    default: return s->lit;
    }
}

static inline unsigned popcount32(uint32_t x)
{
#if defined(__GNUC__)
    return (unsigned)__builtin_popcount(x);
#else
    unsigned n = 0;
    for (; x; x &= x - 1) n++;
    return n;
#endif
}

static inline unsigned lowest_bit(uint64_t x)   /* x != 0 */
{
#if defined(__GNUC__)
    return (unsigned)__builtin_ctzll(x);
#else
    unsigned n = 0;
    while (!(x & 1)) { x >>= 1; n++; }
    return n;
#endif
}

/* Is slot s done at the current time? Completes it lazily. */
static inline bool sig_is_done(const golden *g, gwave *w, unsigned s)
{
    gsig *sg = &w->sig[s];
    if (!sg->pending)
        return true;
    if (sg->done_tick <= g->now) {
        sg->pending = 0;
        return true;
    }
    return false;
}

/* The wave has waited on slot s: its load destination is no longer pending. */
static inline void sig_release(gwave *w, unsigned s)
{
    gsig *sg = &w->sig[s];
    if (sg->reg >= 0) {
        w->pending_regs &= ~(1ull << sg->reg);
        sg->reg = -1;
    }
}

static inline void write_dest(gwave *w, unsigned d, const uint32_t *val, uint32_t lanes)
{
    if (lanes == ALL_LANES) {
        if (val != w->v[d])
            memcpy(w->v[d], val, sizeof w->v[d]);
        return;
    }
    for (uint32_t m = lanes; m; m &= m - 1) {
        unsigned l = lowest_bit(m);
        w->v[d][l] = val[l];
    }
}

#endif
