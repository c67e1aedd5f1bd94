/* SPDX-License-Identifier: Apache-2.0 */
/* golden.c: the golden model (golden.h). The program is pre-decoded at launch
 * into ginst records; golden_step executes one instruction of one wave and
 * is the only interpreter; golden_run is a dispatcher and a tick loop around
 * it. */
#include "golden_internal.h"
#include "coalesce.h"

#include "alu.h"

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
    g->mem = calloc(cfg->mem_bytes, 1);
    g->cus = calloc(cfg->num_cus, sizeof *g->cus);
    g->prog = calloc(ISA_MAX_INSTS, sizeof *g->prog);
    if (!g->mem || !g->cus || !g->prog) {
        golden_destroy(g);
        if (err && errlen) snprintf(err, errlen, "golden_create: out of host memory for %u bytes of device memory", cfg->mem_bytes);
        return GPU_ERR_NOMEM;
    }
    g->res.lane = -1;
    g->res.reg = -1;
    *out = g;
    return GPU_OK;
}

void golden_destroy(golden *g)
{
    if (!g)
        return;
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

static inline uint32_t mem_ld32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static inline void mem_st32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
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
    for (unsigned c = 0; c < g->cfg.num_cus; c++) {
        memset(g->cus[c].wave, 0, sizeof g->cus[c].wave);
        memset(g->cus[c].group, 0, sizeof g->cus[c].group);
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
    memset(&g->ctr, 0, sizeof g->ctr);
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
    g->ctr.groups++;
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

/* --------------------------------------------------------- wave helpers */

static const uint32_t zero_lanes[LANES];   /* the operand of an absent source */

static void sig_issue(golden *g, gwave *w, unsigned s, unsigned kind, int reg)
{
    gsig *sg = &w->sig[s];
    uint64_t t = NEVER;
    if (!g->cfg.external_signals) {
        t = g->now + g->cfg.mem_latency;
        if (t < w->kind_last[kind])
            t = w->kind_last[kind];       /* same-kind accesses complete in order */
        w->kind_last[kind] = t;
        if (t > g->last_completion)
            g->last_completion = t;
    }
    sg->pending = 1;
    sg->done_tick = t;
    sg->kind = (uint8_t)kind;
    sg->seq = ++w->kind_seq[kind];
    sg->reg = (int8_t)reg;
    sg->dest = -1;
    sg->dest_lanes = 0;
    if (reg >= 0)
        w->pending_regs |= 1ull << reg;
}

static golden_step_status fault(golden *g, unsigned c, const gwave *w, const ginst *in, unsigned code, int lane,
                                uint32_t addr, int reg)
{
    g->faulted = true;
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

/* The group of wave w has one wave fewer running or one more at a barrier:
 * release the barrier if every running wave is at it. */
static void barrier_check(gcu *cu, ggroup *gr, unsigned first_slot)
{
    if (gr->alive == 0 || gr->at_barrier < gr->alive)
        return;
    gr->at_barrier = 0;
    for (unsigned i = 0; i < gr->nwaves; i++) {
        gwave *x = &cu->wave[first_slot + i];
        if (x->state == GOLDEN_WAVE_BARRIER)
            x->state = GOLDEN_WAVE_READY;
    }
}

static void wave_end(golden *g, gcu *cu, gwave *w)
{
    unsigned gs = w->group_slot;
    ggroup *gr = &cu->group[gs];
    w->state = GOLDEN_WAVE_ENDED;
    gr->alive--;
    if (gr->alive == 0) {
        for (unsigned i = 0; i < gr->nwaves; i++)
            cu->wave[gs + i].state = GOLDEN_WAVE_EMPTY;
        gr->active = 0;
        g->active_groups--;
        return;
    }
    barrier_check(cu, gr, gs);
}

/* Checks the addresses of the selected lanes; returns the faulting lane or -1. */
static int check_lds(const gwave *w, const ginst *in, uint32_t m, uint32_t lds_bytes, uint32_t *addr,
                     unsigned *code)
{
    const uint32_t *base = w->v[in->addr];
    for (; m; m &= m - 1) {
        unsigned l = lowest_bit(m);
        uint32_t a = base[l] + in->imm;
        addr[l] = a;
        if (a & 3) { *code = ISA_FAULT_LDS_MISALIGNED; return (int)l; }
        if (a >= lds_bytes) { *code = ISA_FAULT_LDS_OUT_OF_RANGE; return (int)l; }
    }
    return -1;
}

static int check_global(const golden *g, const gwave *w, const ginst *in, uint32_t m, uint32_t *addr, unsigned *code)
{
    const uint32_t *base = w->v[in->addr];
    for (; m; m &= m - 1) {
        unsigned l = lowest_bit(m);
        uint32_t a = base[l];
        addr[l] = a;
        if (a & 3) { *code = ISA_FAULT_GLOBAL_MISALIGNED; return (int)l; }
        if (a < ISA_GLOBAL_NULL_BYTES || a >= g->cfg.mem_bytes) { *code = ISA_FAULT_GLOBAL_OUT_OF_RANGE; return (int)l; }
    }
    return -1;
}

/* ------------------------------------------------------------------ step */

static golden_step_status exec(golden *g, unsigned c, unsigned slot, golden_retire *rec)
{
    gcu *cu = &g->cus[c];
    gwave *w = &cu->wave[slot];
    const ginst *in = &g->prog[w->pc];
    gpu_counters *k = &g->ctr;

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
        return fault(g, c, w, in, ISA_FAULT_ILLEGAL_INST, -1, 0, -1);
    if (in->writes_d && in->d < ISA_NUM_CONSTS)
        return fault(g, c, w, in, ISA_FAULT_CONST_WRITE, -1, 0, in->d);
    if (in->wait_sigs) {
        for (unsigned m = in->wait_sigs; m; m &= m - 1)
            if (!sig_is_done(g, w, lowest_bit(m)))
                return GOLDEN_STEP_BLOCKED;
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
            return fault(g, c, w, in, ISA_FAULT_PENDING_REG, -1, 0, (int)lowest_bit(touch));
    }

    /* The next pc; an instruction whose next pc leaves the program faults. */
    uint32_t next = w->pc + 1;
    bool taken = false;
    if (in->unit == ISA_UNIT_BRANCH) {
        switch (in->op) {
        case ISA_OP_BR: taken = true; break;
        case ISA_OP_BRZ: taken = ssrc(w, &in->a) == 0; break;
        case ISA_OP_BRNZ: taken = ssrc(w, &in->a) != 0; break;
        case ISA_OP_BR_ALL: taken = mask_value(w, in->mask) == ALL_LANES; break;
        case ISA_OP_BR_ANY: taken = mask_value(w, in->mask) != 0; break;
        default: taken = true; break;   /* sig_waitany*_br: a branch into its table, below */
        }
        if (taken)
            next = in->imm;
        /* sig_waitany*_br: its whole table, target .. target + n - 1, must be in the program. */
        if (in->fmt == ISA_FMT_SIGBR && (uint64_t)in->imm + in->nsig - 1 >= g->num_insts)
            return fault(g, c, w, in, ISA_FAULT_PC_OUT_OF_RANGE, -1, in->imm + in->nsig - 1, -1);
    }
    if (in->op != ISA_OP_END && next >= g->num_insts)
        return fault(g, c, w, in, ISA_FAULT_PC_OUT_OF_RANGE, -1, next, -1);

    uint32_t t1[LANES], t2[LANES], t3[LANES], out[LANES], addr[LANES];
    uint32_t lanes = 0;      /* lanes of D written, when the instruction writes D */
    uint64_t lane_ops = 0;

    switch (in->unit) {
    case ISA_UNIT_CTRL:
        if (in->op == ISA_OP_END) {
            next = w->pc;
            if (rec)
                rec->ended = true;
            wave_end(g, cu, w);
        } else if (in->op == ISA_OP_BARRIER) {
            ggroup *gr = &cu->group[w->group_slot];
            k->barriers++;
            gr->at_barrier++;
            if (gr->at_barrier < gr->alive) {
                w->state = GOLDEN_WAVE_BARRIER;
                if (rec)
                    rec->barrier_wait = true;
            } else {
                barrier_check(cu, gr, w->group_slot);
            }
        }
        break;

    case ISA_UNIT_VALU:
        k->valu_insts++;
        if (in->op == ISA_OP_MOV) {
            lanes = mask_value(w, in->mask);
            write_dest(w, in->d, vsrc(w, &in->b, t2), lanes);
            lane_ops = popcount32(lanes);
        } else if (in->op == ISA_OP_SELECT) {
            uint32_t m = mask_value(w, in->mask);
            const uint32_t *f = vsrc(w, &in->a, t1), *t = vsrc(w, &in->b, t2);
            for (unsigned l = 0; l < LANES; l++)
                out[l] = ((m >> l) & 1u) ? t[l] : f[l];
            lanes = ALL_LANES;
            write_dest(w, in->d, out, lanes);
            lane_ops = LANES;
        } else if (in->op == ISA_OP_FIRST_WHERE_TRUE) {
            uint32_t m = mask_value(w, in->mask);
            if (m) {
                out[0] = vsrc_lane(w, &in->b, lowest_bit(m));
                lanes = 1;
                write_dest(w, in->d, out, lanes);
            }
            lane_ops = popcount32(m);
        } else {
            const uint32_t *a = in->fmt == ISA_FMT_ALU1 ? zero_lanes : vsrc(w, &in->a, t1);
            const uint32_t *b = vsrc(w, &in->b, t2);
            const uint32_t *cc = in->fmt == ISA_FMT_ALU3 ? vsrc(w, &in->c, t3) : zero_lanes;
            /* Lane l of the result depends only on lane l of the operands, so D may alias them. */
            isa_alu_vec(in->fn, w->v[in->d], a, b, cc, LANES);
            lanes = ALL_LANES;
            lane_ops = LANES;
        }
        break;

    case ISA_UNIT_SALU: {
        k->salu_insts++;
        uint32_t a = in->fmt == ISA_FMT_ALU1 ? 0 : ssrc(w, &in->a);
        uint32_t cc = in->fmt == ISA_FMT_ALU3 ? ssrc(w, &in->c) : 0;
        out[0] = isa_alu(in->fn, a, ssrc(w, &in->b), cc);
        lanes = 1;
        write_dest(w, in->d, out, lanes);
        lane_ops = 1;
        break;
    }

    case ISA_UNIT_XLANE: {
        k->xlane_insts++;
        const uint32_t *a = vsrc(w, &in->a, t1);
        if (in->op == ISA_OP_SHFL) {
            const uint32_t *b = vsrc(w, &in->b, t2);
            for (unsigned l = 0; l < LANES; l++)
                out[l] = a[b[l] & 31];
        } else {
            fill(out, a[ssrc(w, &in->b) & 31]);
        }
        lanes = ALL_LANES;
        write_dest(w, in->d, out, lanes);
        lane_ops = LANES;
        break;
    }

    case ISA_UNIT_RED: {
        k->red_insts++;
        const uint32_t *b = vsrc(w, &in->b, t2);
        unsigned fn = in->fn;
        if (in->op < ISA_OP_REDFIN_ADD) {
            for (unsigned ch = 0; ch < LANES; ch += 8) {
                const uint32_t *x = b + ch;
                uint32_t p01 = isa_alu(fn, x[0], x[1], 0), p23 = isa_alu(fn, x[2], x[3], 0);
                uint32_t p45 = isa_alu(fn, x[4], x[5], 0), p67 = isa_alu(fn, x[6], x[7], 0);
                out[ch] = isa_alu(fn, isa_alu(fn, p01, p23, 0), isa_alu(fn, p45, p67, 0), 0);
            }
            lanes = 0x01010101u;
            lane_ops = LANES;
        } else {
            out[0] = isa_alu(fn, isa_alu(fn, b[0], b[8], 0), isa_alu(fn, b[16], b[24], 0), 0);
            lanes = 1;
            lane_ops = 4;
        }
        write_dest(w, in->d, out, lanes);
        break;
    }

    case ISA_UNIT_BRANCH:
        k->branch_insts++;
        if (in->fmt == ISA_FMT_SIGBR) {
            /* To target + i, i the first listed slot that is done; every listed
             * slot seen done releases its pending register. */
            uint16_t seen = 0;
            int first = -1;
            for (unsigned i = 0; i < in->nsig; i++) {
                unsigned s = in->sigs[i];
                if (sig_is_done(g, w, s)) {
                    if (first < 0) first = (int)i;
                    sig_release(w, s);
                    seen |= (uint16_t)(1u << s);
                }
            }
            next = in->imm + (uint32_t)(first < 0 ? 0 : first);
            if (rec) rec->sig_waited = seen;
        }
        if (rec) {
            rec->is_branch = true;
            rec->taken = taken;
        }
        break;

    case ISA_UNIT_SIG:
        k->sig_insts++;
        if (in->fmt == ISA_FMT_SIGD) {
            uint32_t all = 1;
            uint16_t seen = 0;
            for (unsigned i = 0; i < in->nsig; i++) {
                unsigned s = in->sigs[i];
                if (sig_is_done(g, w, s)) {
                    sig_release(w, s);
                    seen |= (uint16_t)(1u << s);
                } else {
                    all = 0;
                }
            }
            out[0] = all;
            lanes = 1;
            write_dest(w, in->d, out, lanes);
            if (rec)
                rec->sig_waited = seen;
        }
        /* sig_wait*: the wait happened before the checks above. */
        break;

    case ISA_UNIT_LDS: {
        k->lds_insts++;
        ggroup *gr = &cu->group[w->group_slot];
        uint32_t m = mask_value(w, in->mask);
        unsigned code = 0;
        int bad = check_lds(w, in, m, gr->lds_bytes, addr, &code);
        if (bad >= 0)
            return fault(g, c, w, in, code, bad, addr[bad], -1);
        uint32_t *lds = &cu->lds[gr->lds_base / 4];
        if (in->fmt == ISA_FMT_LDS_LOAD) {
            for (uint32_t x = m; x; x &= x - 1) {
                unsigned l = lowest_bit(x);
                out[l] = lds[addr[l] / 4];
            }
            lanes = m;
            write_dest(w, in->d, out, lanes);
        } else {
            const uint32_t *v = vsrc(w, &in->b, t2);
            const uint32_t *cmp = w->v[in->d];
            bool atomic = in->fmt == ISA_FMT_LDS_ATOMIC;
            for (uint32_t x = m; x; x &= x - 1) {
                unsigned l = lowest_bit(x);
                uint32_t *word = &lds[addr[l] / 4];
                uint32_t nv = v[l];
                if (atomic) {
                    out[l] = *word;
                    nv = isa_alu(in->fn, *word, v[l], cmp[l]);
                }
                *word = nv;
                if (rec) {
                    rec->lds_addr[l] = addr[l];
                    rec->lds_data[l] = nv;
                }
            }
            if (rec) {
                rec->lds_mask = m;
                rec->lds_base = gr->lds_base;
            }
            if (atomic && !in->noret) {
                lanes = m;
                write_dest(w, in->d, out, lanes);
            }
        }
        k->lds_accesses += popcount32(m);
        lane_ops = popcount32(m);
        break;
    }

    case ISA_UNIT_GMEM: {
        k->gmem_insts++;
        if (in->fmt == ISA_FMT_CACHE) {
            sig_issue(g, w, in->sig, KIND_OTHER, -1);
            if (rec) {
                rec->gmem = GOLDEN_MEM_CACHE;
                rec->sig_issued = in->sig;
            }
            break;
        }
        uint32_t m = mask_value(w, in->mask);
        unsigned code = 0;
        int bad = check_global(g, w, in, m, addr, &code);
        if (bad >= 0)
            return fault(g, c, w, in, code, bad, addr[bad], -1);
        unsigned n = popcount32(m);
        lane_ops = n;
        k->mem_requests += (uint64_t)coalesce_count(in->fmt == ISA_FMT_GLOBAL_ATOMIC, m, addr);
        bool ext = g->cfg.external_memory;
        if (in->fmt == ISA_FMT_GLOBAL_LOAD) {
            for (uint32_t x = ext ? 0 : m; x; x &= x - 1) {
                unsigned l = lowest_bit(x);
                out[l] = mem_ld32(g->mem + addr[l]);
            }
            lanes = m;
            if (!ext)
                write_dest(w, in->d, out, lanes);
            sig_issue(g, w, in->sig, KIND_LOAD, in->d);
            if (ext) {
                w->sig[in->sig].dest = (int8_t)in->d;
                w->sig[in->sig].dest_lanes = m;
            }
            k->global_loads += n;
            if (rec) {
                rec->gmem = GOLDEN_MEM_LOAD;
                for (uint32_t x = m; x; x &= x - 1)
                    rec->gmem_data[lowest_bit(x)] = out[lowest_bit(x)];
            }
        } else {
            const uint32_t *v = vsrc(w, &in->b, t2);
            const uint32_t *cmp = w->v[in->d];
            bool atomic = in->fmt == ISA_FMT_GLOBAL_ATOMIC;
            for (uint32_t x = m; x; x &= x - 1) {
                unsigned l = lowest_bit(x);
                uint8_t *p = g->mem + addr[l];
                uint32_t nv = v[l];
                if (rec) {
                    rec->gmem_data[l] = v[l];
                    rec->gmem_cmp[l] = cmp[l];
                }
                if (ext)
                    continue;
                if (atomic) {
                    out[l] = mem_ld32(p);
                    nv = isa_alu(in->fn, out[l], v[l], cmp[l]);
                }
                mem_st32(p, nv);
            }
            if (atomic) {
                if (!in->noret) {
                    lanes = m;
                    if (!ext)
                        write_dest(w, in->d, out, lanes);
                }
                sig_issue(g, w, in->sig, KIND_OTHER, in->noret ? -1 : (int)in->d);
                if (ext && !in->noret) {
                    w->sig[in->sig].dest = (int8_t)in->d;
                    w->sig[in->sig].dest_lanes = m;
                }
                k->global_atomics += n;
            } else {
                sig_issue(g, w, in->sig, KIND_STORE, -1);
                k->global_stores += n;
            }
            if (rec)
                rec->gmem = atomic ? GOLDEN_MEM_ATOMIC : GOLDEN_MEM_STORE;
        }
        if (rec) {
            rec->gmem_mask = m;
            for (uint32_t x = m; x; x &= x - 1)
                rec->gmem_addr[lowest_bit(x)] = addr[lowest_bit(x)];
            rec->sig_issued = in->sig;
        }
        break;
    }

    default:
        break;
    }

    k->instructions++;
    k->lane_ops += lane_ops;
    if (in->op != ISA_OP_END)
        w->pc = next;
    if (rec) {
        rec->next_pc = next;
        if (in->writes_d) {
            rec->dest = in->d;
            rec->dest_mask = lanes;
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

void golden_counters(const golden *g, gpu_counters *c)
{
    if (!g || !c)
        return;
    *c = g->ctr;
    if (g->task == TASK_RUNNING)
        c->cycles = g->now;
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
            g->ctr.cycles = g->now;
            break;
        }
        if (g->next_group >= g->num_groups && g->active_groups == 0) {
            uint64_t end = g->now > g->last_completion ? g->now : g->last_completion;
            if (end > max_ticks) {
                st = GPU_ERR_TIMEOUT;
                end = max_ticks;
            }
            g->ctr.cycles = end;
            break;
        }
        if (g->now >= max_ticks) {
            st = GPU_ERR_TIMEOUT;
            g->ctr.cycles = max_ticks;
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
