/* SPDX-License-Identifier: Apache-2.0 */
/* golden_valu.c: the golden model's vector ALU (unit VALU of isa.def): mov
 * and first_where_true under a mask, select, and every integer and f32
 * function (the f32 pipe and divide/sqrt included) through isa_alu_vec
 * (alu.h), 32 lanes at a time. Contract: golden_exec_valu in
 * golden_internal.h; it never faults. */
#include "golden_internal.h"

#include "alu.h"

static const uint32_t zero_lanes[LANES];   /* the operand of an absent source */

golden_step_status golden_exec_valu(gexec *x)
{
    gwave *w = x->w;
    const ginst *in = x->in;
    uint32_t t1[LANES], t2[LANES], t3[LANES], out[LANES];

    x->cu->ctr.valu_insts++;
    if (in->op == ISA_OP_MOV) {
        x->dest_lanes = mask_value(w, in->mask);
        write_dest(w, in->d, vsrc(w, &in->b, t2), x->dest_lanes);
        x->lane_ops = popcount32(x->dest_lanes);
    } else if (in->op == ISA_OP_SELECT) {
        uint32_t m = mask_value(w, in->mask);
        const uint32_t *f = vsrc(w, &in->a, t1), *t = vsrc(w, &in->b, t2);
        for (unsigned l = 0; l < LANES; l++)
            out[l] = ((m >> l) & 1u) ? t[l] : f[l];
        x->dest_lanes = ALL_LANES;
        write_dest(w, in->d, out, x->dest_lanes);
        x->lane_ops = LANES;
    } else if (in->op == ISA_OP_FIRST_WHERE_TRUE) {
        uint32_t m = mask_value(w, in->mask);
        if (m) {
            out[0] = vsrc_lane(w, &in->b, lowest_bit(m));
            x->dest_lanes = 1;
            write_dest(w, in->d, out, x->dest_lanes);
        }
        x->lane_ops = popcount32(m);
    } else {
        const uint32_t *a = in->fmt == ISA_FMT_ALU1 ? zero_lanes : vsrc(w, &in->a, t1);
        const uint32_t *b = vsrc(w, &in->b, t2);
        const uint32_t *cc = in->fmt == ISA_FMT_ALU3 ? vsrc(w, &in->c, t3) : zero_lanes;
        /* Lane l of the result depends only on lane l of the operands, so D may alias them. */
        isa_alu_vec(in->fn, w->v[in->d], a, b, cc, LANES);
        x->dest_lanes = ALL_LANES;
        x->lane_ops = LANES;
    }
    return GOLDEN_STEP_RETIRED;
}
