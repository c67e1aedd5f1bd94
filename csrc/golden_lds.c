/* SPDX-License-Identifier: Apache-2.0 */
/* golden_lds.c: the golden model's LDS unit (unit LDS of isa.def): loads,
 * stores and atomics of the selected lanes on the group's allocation in its
 * CU's LDS, lanes in ascending order. Contract: golden_exec_lds in
 * golden_internal.h; it faults (LDS_MISALIGNED, LDS_OUT_OF_RANGE) at the
 * first bad lane with no effect on the LDS or D. */
#include "golden_internal.h"

#include "alu.h"

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

golden_step_status golden_exec_lds(gexec *x)
{
    gwave *w = x->w;
    const ginst *in = x->in;
    golden_retire *rec = x->rec;
    uint32_t t2[LANES], out[LANES], addr[LANES];

    ggroup *gr = &x->cu->group[w->group_slot];
    uint32_t m = mask_value(w, in->mask);
    unsigned code = 0;
    int bad = check_lds(w, in, m, gr->lds_bytes, addr, &code);
    if (bad >= 0)
        return golden_fault(x->g, x->cu_index, w, in, code, bad, addr[bad], -1);
    x->cu->ctr.lds_insts++;   /* (retired: a faulting access is not counted, as on the RTL) */
    if (x->g->cov)
        golden_cov_lds(x->g->cov, in->fmt == ISA_FMT_LDS_ATOMIC, m, addr);
    uint32_t *lds = &x->cu->lds[gr->lds_base / 4];
    if (in->fmt == ISA_FMT_LDS_LOAD) {
        for (uint32_t y = m; y; y &= y - 1) {
            unsigned l = lowest_bit(y);
            out[l] = lds[addr[l] / 4];
        }
        x->dest_lanes = m;
        write_dest(w, in->d, out, x->dest_lanes);
    } else {
        const uint32_t *v = vsrc(w, &in->b, t2);
        const uint32_t *cmp = w->v[in->d];
        bool atomic = in->fmt == ISA_FMT_LDS_ATOMIC;
        for (uint32_t y = m; y; y &= y - 1) {
            unsigned l = lowest_bit(y);
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
            x->dest_lanes = m;
            write_dest(w, in->d, out, x->dest_lanes);
        }
    }
    x->cu->ctr.lds_accesses += popcount32(m);
    x->lane_ops = popcount32(m);
    return GOLDEN_STEP_RETIRED;
}
