/* SPDX-License-Identifier: Apache-2.0 */
/* golden_gmem.c: the golden model's global-memory unit (unit GMEM of
 * isa.def): loads, stores and atomics of the selected lanes, and the cache
 * instructions. An access reads or writes memory when it issues (unless
 * cfg.external_memory) and makes its signal slot pending; the slot completes
 * mem_latency ticks later, same-kind accesses of a wave in order (golden.h).
 * Contract: golden_exec_gmem in golden_internal.h; it faults
 * (GLOBAL_MISALIGNED, GLOBAL_OUT_OF_RANGE) at the first bad lane with no
 * effect on memory, D or the signals. */
#include "golden_internal.h"

#include "alu.h"
#include "coalesce.h"

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

golden_step_status golden_exec_gmem(gexec *x)
{
    golden *g = x->g;
    gwave *w = x->w;
    const ginst *in = x->in;
    golden_retire *rec = x->rec;
    gpu_counters *k = &x->cu->ctr;
    uint32_t t2[LANES], out[LANES], addr[LANES];

    if (in->fmt == ISA_FMT_CACHE) {
        k->gmem_insts++;
        sig_issue(g, w, in->sig, KIND_OTHER, -1);
        if (rec) {
            rec->gmem = GOLDEN_MEM_CACHE;
            rec->sig_issued = in->sig;
        }
        return GOLDEN_STEP_RETIRED;
    }
    uint32_t m = mask_value(w, in->mask);
    unsigned code = 0;
    int bad = check_global(g, w, in, m, addr, &code);
    if (bad >= 0)
        return golden_fault(g, x->cu_index, w, in, code, bad, addr[bad], -1);
    k->gmem_insts++;   /* (retired: a faulting access is not counted, as on the RTL) */
    unsigned n = popcount32(m);
    x->lane_ops = n;
    if (g->cov) {
        unsigned kind = in->fmt == ISA_FMT_GLOBAL_LOAD ? 0 : in->fmt == ISA_FMT_GLOBAL_STORE ? 1 : 2;
        golden_cov_add(g->cov, GCOV_GMEM + kind * 8 + ISA_GET(in->word, SCOPE) * 2 + ISA_GET(in->word, NT), 1);
    }
    k->mem_requests += (uint64_t)coalesce_count(in->fmt == ISA_FMT_GLOBAL_ATOMIC, m, addr);
    bool ext = g->cfg.external_memory;
    if (in->fmt == ISA_FMT_GLOBAL_LOAD) {
        for (uint32_t y = ext ? 0 : m; y; y &= y - 1) {
            unsigned l = lowest_bit(y);
            out[l] = mem_ld32(g->mem + addr[l]);
        }
        x->dest_lanes = m;
        if (!ext)
            write_dest(w, in->d, out, x->dest_lanes);
        sig_issue(g, w, in->sig, KIND_LOAD, in->d);
        if (ext) {
            w->sig[in->sig].dest = (int8_t)in->d;
            w->sig[in->sig].dest_lanes = m;
        }
        k->global_loads += n;
        if (rec) {
            rec->gmem = GOLDEN_MEM_LOAD;
            for (uint32_t y = m; y; y &= y - 1)
                rec->gmem_data[lowest_bit(y)] = out[lowest_bit(y)];
        }
    } else {
        const uint32_t *v = vsrc(w, &in->b, t2);
        const uint32_t *cmp = w->v[in->d];
        bool atomic = in->fmt == ISA_FMT_GLOBAL_ATOMIC;
        for (uint32_t y = m; y; y &= y - 1) {
            unsigned l = lowest_bit(y);
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
                x->dest_lanes = m;
                if (!ext)
                    write_dest(w, in->d, out, x->dest_lanes);
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
        for (uint32_t y = m; y; y &= y - 1)
            rec->gmem_addr[lowest_bit(y)] = addr[lowest_bit(y)];
        rec->sig_issued = in->sig;
    }
    return GOLDEN_STEP_RETIRED;
}
