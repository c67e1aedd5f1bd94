/* SPDX-License-Identifier: Apache-2.0 */
/* golden.c: the golden model (golden.h): setup, launch, the work-group
 * dispatcher, the step entry, the lockstep queries and the standalone run
 * loop. The program is pre-decoded at launch into ginst records
 * (golden_predecode.c); golden_step executes one instruction of one wave and
 * is the only interpreter: exec() below does the checks every instruction
 * shares, hands the instruction to its unit's file (golden_flow.c,
 * golden_valu.c, golden_scalar.c, golden_xlane.c, golden_lds.c,
 * golden_gmem.c; contracts in golden_internal.h) and retires it. golden_run
 * is a dispatcher and a tick loop around it. */
#include "golden_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- setup */

void golden_config_default(golden_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->num_cus = 4;
    cfg->mem_bytes = 16u << 20;
    cfg->mem_latency = 20;
    cfg->max_ticks = 200000000ull;
    cfg->external_signals = false;
}

gpu_status golden_create(golden **out, const golden_config *cfg, char *err, size_t errlen)
{
    if (!out) {
        if (err && errlen) snprintf(err, errlen, "golden_create: null output pointer");
        return GPU_ERR_ARG;
    }
    *out = NULL;
    if (!cfg) {
        if (err && errlen) snprintf(err, errlen, "golden_create: null config");
        return GPU_ERR_ARG;
    }
    if (cfg->num_cus < 1 || cfg->num_cus > GOLDEN_MAX_CUS) {
        if (err && errlen) snprintf(err, errlen, "golden_create: num_cus %u is not in 1..%d", cfg->num_cus, GOLDEN_MAX_CUS);
        return GPU_ERR_ARG;
    }
    if (cfg->mem_bytes % 4 || cfg->mem_bytes < 2 * ISA_GLOBAL_NULL_BYTES || cfg->mem_bytes > (1u << 30)) {
        if (err && errlen)
            snprintf(err, errlen, "golden_create: mem_bytes %u is not a multiple of 4 in 8 KiB..1 GiB", cfg->mem_bytes);
        return GPU_ERR_ARG;
    }
    golden *g = calloc(1, sizeof *g);
    if (!g) {
        if (err && errlen) snprintf(err, errlen, "golden_create: out of host memory");
        return GPU_ERR_NOMEM;
    }
    g->cfg = *cfg;
    g->mem = cfg->memory ? cfg->memory : calloc(cfg->mem_bytes, 1);
    g->cus = calloc(cfg->num_cus, sizeof *g->cus);
    g->prog = calloc(ISA_MAX_INSTS, sizeof *g->prog);
    if (!g->mem || !g->cus || !g->prog) {
        golden_destroy(g);
        if (err && errlen) snprintf(err, errlen, "golden_create: out of host memory for %u bytes of device memory", cfg->mem_bytes);
        return GPU_ERR_NOMEM;
    }
    g->res.lane = -1;
    g->res.reg = -1;
    g->cov = golden_cov_open();
    *out = g;
    return GPU_OK;
}

void golden_destroy(golden *g)
{
    if (!g)
        return;
    golden_cov_close(g->cov);
    if (!g->cfg.memory)
        free(g->mem);
    free(g->cus);
    free(g->prog);
    free(g);
}

gpu_status golden_mem_write(golden *g, uint32_t addr, const void *src, uint32_t bytes)
{
    if (!g || (!src && bytes))
        return GPU_ERR_ARG;
    if (addr > g->cfg.mem_bytes || bytes > g->cfg.mem_bytes - addr)
        return GPU_ERR_RANGE;
    if (bytes)
        memcpy(g->mem + addr, src, bytes);
    return GPU_OK;
}

gpu_status golden_mem_read(const golden *g, void *dst, uint32_t addr, uint32_t bytes)
{
    if (!g || (!dst && bytes))
        return GPU_ERR_ARG;
    if (addr > g->cfg.mem_bytes || bytes > g->cfg.mem_bytes - addr)
        return GPU_ERR_RANGE;
    if (bytes)
        memcpy(dst, g->mem + addr, bytes);
    return GPU_OK;
}

/* ---------------------------------------------------------------- launch */

gpu_status golden_launch(golden *g, const golden_launch_params *p, char *err, size_t errlen)
{
    if (!g || !p) {
        if (err && errlen) snprintf(err, errlen, "golden_launch: null argument");
        return GPU_ERR_ARG;
    }
    const char *why = NULL;
    if (!p->code || p->num_insts < 1 || p->num_insts > ISA_MAX_INSTS) why = "program must hold 1..4096 instructions";
    else if (p->num_groups < 1) why = "num_groups must be at least 1";
    else if (p->waves_per_group < 1 || p->waves_per_group > 2) why = "waves_per_group must be 1 or 2";
    else if (p->lds_bytes % 4 || p->lds_bytes > ISA_LDS_BYTES) why = "lds_bytes must be a multiple of 4, at most 65536";
    if (why) {
        if (err && errlen) snprintf(err, errlen, "golden_launch: %s", why);
        return GPU_ERR_ARG;
    }
    for (uint32_t i = 0; i < p->num_insts; i++)
        golden_predecode(p->code[i], &g->prog[i]);
    g->num_insts = p->num_insts;
    if (g->cov)
        golden_cov_program(g->cov, p->code, p->num_insts);
    for (unsigned c = 0; c < g->cfg.num_cus; c++) {
        memset(g->cus[c].wave, 0, sizeof g->cus[c].wave);
        memset(g->cus[c].group, 0, sizeof g->cus[c].group);
        memset(&g->cus[c].ctr, 0, sizeof g->cus[c].ctr);
    }
    g->num_groups = p->num_groups;
    g->wpg = p->waves_per_group;
    g->lds_bytes = p->lds_bytes;
    g->args_addr = p->args_addr;
    g->next_group = 0;
    g->active_groups = 0;
    g->last_cu = g->cfg.num_cus - 1;    /* the first search starts at CU 0 */
    g->now = 0;
    g->last_completion = 0;
    g->faulted = false;
    g->cycles = 0;
    memset(&g->res, 0, sizeof g->res);
    g->res.status = GPU_OK;
    g->res.lane = -1;
    g->res.reg = -1;
    g->task = TASK_RUNNING;
    return GPU_OK;
}

/* ------------------------------------------------------------ dispatcher */

/* The slot a group would take on CU c (slot_req -1: the lowest that fits), or -1. */
static int fit_slot(const golden *g, unsigned c, int slot_req)
{
    const gcu *cu = &g->cus[c];
    bool free0 = cu->wave[0].state == GOLDEN_WAVE_EMPTY, free1 = cu->wave[1].state == GOLDEN_WAVE_EMPTY;
    if (g->wpg == 2)
        return (free0 && free1 && slot_req <= 0) ? 0 : -1;
    for (int s = 0; s < GOLDEN_SLOTS; s++) {
        if (slot_req >= 0 && s != slot_req)
            continue;
        if (!(s == 0 ? free0 : free1))
            continue;
        /* The other slot's group, if any, owns the other end of the LDS. */
        const gwave *other = &cu->wave[1 - s];
        uint32_t used = other->state == GOLDEN_WAVE_EMPTY ? 0 : cu->group[other->group_slot].lds_bytes;
        if (used + g->lds_bytes <= ISA_LDS_BYTES)
            return s;
    }
    return -1;
}

static void init_wave(const golden *g, gwave *w, uint32_t group, uint32_t gw, uint8_t group_slot)
{
    memset(w, 0, sizeof *w);
    w->wave_id = group * g->wpg + gw;
    w->group_id = group;
    w->group_wave = gw;
    w->group_slot = group_slot;
    w->state = GOLDEN_WAVE_READY;
    for (unsigned s = 0; s < ISA_NUM_SIGNALS; s++)
        w->sig[s].reg = -1;
    for (uint32_t l = 0; l < LANES; l++) {
        w->v[ISA_REG_ZERO][l] = 0;
        w->v[ISA_REG_ONE][l] = 1;
        w->v[ISA_REG_SID][l] = l;
        w->v[ISA_REG_WAVE][l] = w->wave_id;
        w->v[ISA_REG_U8_MAX][l] = 255;
        w->v[ISA_REG_N2ND][l] = 1u << (l % 2);
        w->v[ISA_REG_N3RD][l] = 1u << (l % 3);
        w->v[ISA_REG_N4TH][l] = 1u << (l % 4);
        w->v[ISA_REG_LO16][l] = l < 16;
        w->v[ISA_REG_CH2][l] = !(l & 2);
        w->v[ISA_REG_CH4][l] = !(l & 4);
        w->v[ISA_REG_ALO8][l] = !(l & 8);
        w->v[ISA_REG_GROUP][l] = group;
        w->v[ISA_REG_GROUP_WAVE][l] = gw;
        w->v[ISA_REG_NUM_GROUPS][l] = g->num_groups;
        w->v[ISA_REG_ARGS][l] = g->args_addr;
    }
}

static void place_group(golden *g, unsigned c, unsigned slot)
{
    gcu *cu = &g->cus[c];
    ggroup *gr = &cu->group[slot];
    gr->id = g->next_group++;
    gr->lds_bytes = g->lds_bytes;
    gr->lds_base = slot == 0 ? 0 : ISA_LDS_BYTES - g->lds_bytes;
    gr->nwaves = (uint8_t)g->wpg;
    gr->alive = (uint8_t)g->wpg;
    gr->at_barrier = 0;
    gr->active = 1;
    if (gr->lds_bytes)
        memset(&cu->lds[gr->lds_base / 4], 0, gr->lds_bytes);
    for (unsigned w = 0; w < g->wpg; w++)
        init_wave(g, &cu->wave[slot + w], gr->id, w, (uint8_t)slot);
    g->active_groups++;
    g->last_cu = c;
    cu->ctr.groups++;
}

int golden_dispatch_choice(const golden *g, unsigned *slot)
{
    if (!g || g->task != TASK_RUNNING || g->faulted || g->next_group >= g->num_groups)
        return -1;
    unsigned n = g->cfg.num_cus;
    for (unsigned i = 1; i <= n; i++) {
        unsigned c = (g->last_cu + i) % n;
        int s = fit_slot(g, c, -1);
        if (s >= 0) {
            if (slot)
                *slot = (unsigned)s;
            return (int)c;
        }
    }
    return -1;
}

int golden_dispatch(golden *g, unsigned cu, int slot)
{
    if (!g || g->task != TASK_RUNNING || g->faulted || g->next_group >= g->num_groups || cu >= g->cfg.num_cus ||
        slot > 1 || slot < -1)
        return -1;
    int s = fit_slot(g, cu, slot);
    if (s < 0)
        return -1;
    uint32_t id = g->next_group;
    place_group(g, cu, (unsigned)s);
    return (int)id;
}

/* ---------------------------------------------------------------- faults */

golden_step_status golden_fault(golden *g, unsigned c, const gwave *w, const ginst *in, unsigned code, int lane,
                                uint32_t addr, int reg)
{
    g->faulted = true;
    if (g->cov)
        golden_cov_fault(g->cov, code, in ? in->word : 0);
    g->res.status = GPU_ERR_FAULT;
    g->res.fault = code;
    g->res.wave = w->wave_id;
    g->res.group = w->group_id;
    g->res.cu = c;
    g->res.pc = w->pc;
    g->res.inst = in ? in->word : 0;
    g->res.lane = lane;
    g->res.addr = addr;
    g->res.reg = reg;
    return GOLDEN_STEP_FAULT;
}

/* ------------------------------------------------------------------ step */

static golden_step_status exec(golden *g, unsigned c, unsigned slot, golden_retire *rec)
{
    gcu *cu = &g->cus[c];
    gwave *w = &cu->wave[slot];
    const ginst *in = &g->prog[w->pc];
    gpu_counters *k = &cu->ctr;

    if (rec) {
        memset(rec, 0, sizeof *rec);
        rec->wave = w->wave_id;
        rec->group = w->group_id;
        rec->cu = c;
        rec->slot = slot;
        rec->pc = w->pc;
        rec->inst = in->word;
        rec->dest = -1;
        rec->sig_issued = -1;
    }
    if (!in->valid)
        return golden_fault(g, c, w, in, ISA_FAULT_ILLEGAL_INST, -1, 0, -1);
    if (in->writes_d && in->d < ISA_NUM_CONSTS)
        return golden_fault(g, c, w, in, ISA_FAULT_CONST_WRITE, -1, 0, in->d);
    if (in->wait_sigs) {
        for (unsigned m = in->wait_sigs; m; m &= m - 1)
            if (!sig_is_done(g, w, lowest_bit(m))) {
                if (g->cov && in->unit == ISA_UNIT_GMEM)   /* an access onto its pending slot waits */
                    golden_cov_sig_stall(g->cov, c, slot);
                return GOLDEN_STEP_BLOCKED;
            }
        for (unsigned m = in->wait_sigs; m; m &= m - 1)
            sig_release(w, lowest_bit(m));
        if (rec)
            rec->sig_waited = in->wait_sigs;
    }
    if (in->wait_any) {
        bool any = false;
        for (unsigned m = in->wait_any; m && !any; m &= m - 1) any = sig_is_done(g, w, lowest_bit(m));
        if (!any) return GOLDEN_STEP_BLOCKED;
    }
    if (w->pending_regs) {
        uint64_t touch = (in->reads | (in->writes_d ? 1ull << in->d : 0)) & w->pending_regs;
        if (touch)
            return golden_fault(g, c, w, in, ISA_FAULT_PENDING_REG, -1, 0, (int)lowest_bit(touch));
    }

    /* The next pc; an instruction whose next pc leaves the program faults. */
    gexec x = { .g = g, .cu_index = c, .slot = slot, .cu = cu, .w = w, .in = in, .rec = rec, .next_pc = w->pc + 1 };
    if (in->unit == ISA_UNIT_BRANCH && golden_branch_resolve(&x) == GOLDEN_STEP_FAULT)
        return GOLDEN_STEP_FAULT;
    if (in->op != ISA_OP_END && x.next_pc >= g->num_insts)
        return golden_fault(g, c, w, in, ISA_FAULT_PC_OUT_OF_RANGE, -1, x.next_pc, -1);

    /* The unit executes it (golden_internal.h); only LDS and global accesses fault here. */
    golden_step_status st;
    switch (in->unit) {
    case ISA_UNIT_CTRL: st = golden_exec_ctrl(&x); break;
    case ISA_UNIT_VALU: st = golden_exec_valu(&x); break;
    case ISA_UNIT_SALU: st = golden_exec_salu(&x); break;
    case ISA_UNIT_XLANE: st = golden_exec_xlane(&x); break;
    case ISA_UNIT_RED: st = golden_exec_red(&x); break;
    case ISA_UNIT_BRANCH: st = golden_exec_branch(&x); break;
    case ISA_UNIT_SIG: st = golden_exec_sig(&x); break;
    case ISA_UNIT_LDS: st = golden_exec_lds(&x); break;
    case ISA_UNIT_GMEM: st = golden_exec_gmem(&x); break;
    default: st = GOLDEN_STEP_RETIRED; break;
    }
    if (st != GOLDEN_STEP_RETIRED)
        return st;

    k->instructions++;
    k->lane_ops += x.lane_ops;
    if (g->cov)
        golden_cov_retire(g->cov, c, slot, w->pc);
    if (in->op != ISA_OP_END)
        w->pc = x.next_pc;
    if (rec) {
        rec->next_pc = x.next_pc;
        if (in->writes_d) {
            rec->dest = in->d;
            rec->dest_mask = x.dest_lanes;
            memcpy(rec->dest_data, w->v[in->d], sizeof rec->dest_data);
        }
    }
    return GOLDEN_STEP_RETIRED;
}

golden_step_status golden_step(golden *g, unsigned c, unsigned slot, golden_retire *rec)
{
    if (!g || g->task != TASK_RUNNING || c >= g->cfg.num_cus || slot >= GOLDEN_SLOTS)
        return GOLDEN_STEP_NO_WAVE;
    if (g->faulted)
        return GOLDEN_STEP_FAULT;
    gwave *w = &g->cus[c].wave[slot];
    switch (w->state) {
    case GOLDEN_WAVE_READY: return exec(g, c, slot, rec);
    case GOLDEN_WAVE_BARRIER: return GOLDEN_STEP_BLOCKED;
    default: return GOLDEN_STEP_NO_WAVE;
    }
}

/* ------------------------------------------------------- lockstep queries */

golden_wave_state golden_wave_status(const golden *g, unsigned c, unsigned slot)
{
    if (!g || g->task == TASK_NONE || c >= g->cfg.num_cus || slot >= GOLDEN_SLOTS)
        return GOLDEN_WAVE_EMPTY;
    const gwave *w = &g->cus[c].wave[slot];
    if (w->state != GOLDEN_WAVE_READY)
        return (golden_wave_state)w->state;
    const ginst *in = &g->prog[w->pc];
    if (in->valid && !(in->writes_d && in->d < ISA_NUM_CONSTS)) {
        for (unsigned m = in->wait_sigs; m; m &= m - 1) {
            const gsig *sg = &w->sig[lowest_bit(m)];
            if (sg->pending && sg->done_tick > g->now)
                return GOLDEN_WAVE_SIGNAL;
        }
        if (in->wait_any) {
            bool any = false;
            for (unsigned m = in->wait_any; m; m &= m - 1) {
                const gsig *sg = &w->sig[lowest_bit(m)];
                any = any || !sg->pending || sg->done_tick <= g->now;
            }
            if (!any) return GOLDEN_WAVE_SIGNAL;
        }
    }
    return GOLDEN_WAVE_READY;
}

bool golden_wave_get(const golden *g, unsigned c, unsigned slot, golden_wave_info *info)
{
    golden_wave_state st = golden_wave_status(g, c, slot);
    if (st == GOLDEN_WAVE_EMPTY || !info)
        return false;
    const gwave *w = &g->cus[c].wave[slot];
    info->state = st;
    info->wave = w->wave_id;
    info->group = w->group_id;
    info->group_wave = w->group_wave;
    info->pc = w->pc;
    info->pending_regs = w->pending_regs;
    info->pending_signals = 0;
    for (unsigned s = 0; s < ISA_NUM_SIGNALS; s++)
        if (w->sig[s].pending && w->sig[s].done_tick > g->now)
            info->pending_signals |= (uint16_t)(1u << s);
    return true;
}

uint32_t golden_reg(const golden *g, unsigned c, unsigned slot, unsigned reg, unsigned lane)
{
    if (!g || c >= g->cfg.num_cus || slot >= GOLDEN_SLOTS || reg >= ISA_NUM_REGS || lane >= LANES)
        return 0;
    return g->cus[c].wave[slot].v[reg][lane];
}

gpu_status golden_complete_signal(golden *g, unsigned c, unsigned slot, unsigned s)
{
    if (!g || g->task != TASK_RUNNING || c >= g->cfg.num_cus || slot >= GOLDEN_SLOTS || s >= ISA_NUM_SIGNALS)
        return GPU_ERR_ARG;
    gwave *w = &g->cus[c].wave[slot];
    if (w->state == GOLDEN_WAVE_EMPTY)
        return GPU_ERR_STATE;
    gsig *sg = &w->sig[s];
    if (!sg->pending)
        return GPU_ERR_STATE;
    for (unsigned o = 0; o < ISA_NUM_SIGNALS; o++) {
        const gsig *x = &w->sig[o];
        if (o != s && x->pending && x->kind == sg->kind && x->seq < sg->seq && x->done_tick > g->now)
            return GPU_ERR_STATE;      /* an older access of the same kind is still pending */
    }
    sg->pending = 0;
    /* (lockstep) the wave's next instruction is an access onto this slot: it
     * got there while the slot was still pending */
    if (g->cov && w->state == GOLDEN_WAVE_READY && w->pc < g->num_insts) {
        const ginst *in = &g->prog[w->pc];
        if (in->valid && in->unit == ISA_UNIT_GMEM && in->sig == s)
            golden_cov_sig_stall(g->cov, c, slot);
    }
    return GPU_OK;
}

gpu_status golden_complete_access(golden *g, unsigned c, unsigned slot, unsigned s, const uint32_t *data)
{
    gpu_status st = golden_complete_signal(g, c, slot, s);
    if (st != GPU_OK)
        return st;
    gsig *sg = &g->cus[c].wave[slot].sig[s];
    if (g->cfg.external_memory && sg->dest >= 0 && data)
        write_dest(&g->cus[c].wave[slot], (unsigned)sg->dest, data, sg->dest_lanes);
    sg->dest = -1;
    return GPU_OK;
}

bool golden_finished(const golden *g)
{
    return g && g->task != TASK_NONE && g->next_group >= g->num_groups && g->active_groups == 0;
}

uint64_t golden_time(const golden *g) { return g ? g->now : 0; }

void golden_advance_time(golden *g, uint64_t ticks)
{
    if (g)
        g->now = (ticks > UINT64_MAX - g->now) ? UINT64_MAX : g->now + ticks;
}

/* cycles of the counters: the current tick while the task runs, else the
 * tick it ended at. */
static uint64_t counters_cycles(const golden *g)
{
    return g->task == TASK_RUNNING ? g->now : g->cycles;
}

void golden_counters_cu(const golden *g, unsigned cu, gpu_counters *c)
{
    if (!c)
        return;
    if (!g || cu >= g->cfg.num_cus) {
        memset(c, 0, sizeof *c);
        return;
    }
    *c = g->cus[cu].ctr;
    c->cycles = counters_cycles(g);
}

void golden_counters(const golden *g, gpu_counters *c)
{
    if (!g || !c)
        return;
    /* The counters the model keeps (golden.h), summed over the CUs; the
     * others stay 0 on every CU. */
#define SUMMED(X) X(instructions) X(lane_ops) X(valu_insts) X(salu_insts) X(xlane_insts) X(red_insts) \
    X(branch_insts) X(sig_insts) X(lds_insts) X(gmem_insts) X(lds_accesses) X(global_loads) X(global_stores) \
    X(global_atomics) X(mem_requests) X(barriers) X(groups)
#define ADD(f) c->f += k->f;
    memset(c, 0, sizeof *c);
    for (unsigned i = 0; i < g->cfg.num_cus; i++) {
        const gpu_counters *k = &g->cus[i].ctr;
        SUMMED(ADD)
    }
#undef ADD
#undef SUMMED
    c->cycles = counters_cycles(g);
}

void golden_result(const golden *g, gpu_result *res)
{
    if (g && res)
        *res = g->res;
}

/* ------------------------------------------------------------ standalone */

gpu_status golden_run(golden *g, gpu_result *res)
{
    if (!g || g->task != TASK_RUNNING || g->cfg.external_signals) {
        if (res) {
            memset(res, 0, sizeof *res);
            res->status = GPU_ERR_STATE;
            res->lane = -1;
            res->reg = -1;
        }
        return GPU_ERR_STATE;
    }
    const unsigned ncu = g->cfg.num_cus;
    const uint64_t max_ticks = g->cfg.max_ticks;
    gpu_status st = GPU_OK;
    for (;;) {
        if (g->faulted) {
            st = GPU_ERR_FAULT;
            g->cycles = g->now;
            break;
        }
        if (g->next_group >= g->num_groups && g->active_groups == 0) {
            uint64_t end = g->now > g->last_completion ? g->now : g->last_completion;
            if (end > max_ticks) {
                st = GPU_ERR_TIMEOUT;
                end = max_ticks;
            }
            g->cycles = end;
            break;
        }
        if (g->now >= max_ticks) {
            st = GPU_ERR_TIMEOUT;
            g->cycles = max_ticks;
            break;
        }
        /* Dispatch: every group that fits, in id order. */
        unsigned s;
        int cu;
        while ((cu = golden_dispatch_choice(g, &s)) >= 0)
            place_group(g, (unsigned)cu, s);
        /* Execute: each ready wave one instruction. */
        unsigned executed = 0;
        for (unsigned c = 0; c < ncu && !g->faulted; c++)
            for (unsigned sl = 0; sl < GOLDEN_SLOTS; sl++) {
                if (g->cus[c].wave[sl].state != GOLDEN_WAVE_READY)
                    continue;
                golden_step_status r = exec(g, c, sl, NULL);
                if (r == GOLDEN_STEP_RETIRED)
                    executed++;
                else if (r == GOLDEN_STEP_FAULT)
                    break;
            }
        if (g->faulted)
            continue;
        if (executed) {
            g->now++;
            continue;
        }
        /* Every wave waits: jump to the next completion a waiting wave needs. */
        uint64_t next = NEVER;
        for (unsigned c = 0; c < ncu; c++)
            for (unsigned sl = 0; sl < GOLDEN_SLOTS; sl++) {
                const gwave *w = &g->cus[c].wave[sl];
                if (w->state != GOLDEN_WAVE_READY)
                    continue;
                for (unsigned m = g->prog[w->pc].wait_sigs | g->prog[w->pc].wait_any; m; m &= m - 1) {
                    const gsig *sg = &w->sig[lowest_bit(m)];
                    if (sg->pending && sg->done_tick > g->now && sg->done_tick < next)
                        next = sg->done_tick;
                }
            }
        if (next == NEVER) {
            /* Cannot happen: a barrier always has a running wave to release it. */
            g->task = TASK_DONE;
            if (res) {
                memset(res, 0, sizeof *res);
                res->status = GPU_ERR_BACKEND;
                res->lane = -1;
                res->reg = -1;
            }
            return GPU_ERR_BACKEND;
        }
        g->now = next < max_ticks ? next : max_ticks;
    }
    if (st == GPU_ERR_TIMEOUT) {
        g->res.status = GPU_ERR_TIMEOUT;
        g->res.fault = 0;
    }
    g->task = TASK_DONE;
    if (res)
        *res = g->res;
    return st;
}
