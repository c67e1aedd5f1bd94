/* SPDX-License-Identifier: Apache-2.0 */
/* golden_xlane.c: the golden model's cross-lane units: XLANE of isa.def (shfl
 * and bcast, a lane reading another lane's value) and RED (red8_*, one
 * result per 8-lane chunk in the chunk's first lane, and redfin_*, lane 0
 * from the four chunk results), each a fixed tree of isa_alu (alu.h).
 * Contract: golden_exec_xlane and golden_exec_red in golden_internal.h;
 * neither faults. */
#include "golden_internal.h"

#include "alu.h"

golden_step_status golden_exec_xlane(gexec *x)
{
    gwave *w = x->w;
    const ginst *in = x->in;
    uint32_t t1[LANES], t2[LANES], out[LANES];

    x->cu->ctr.xlane_insts++;
    const uint32_t *a = vsrc(w, &in->a, t1);
    if (in->op == ISA_OP_SHFL) {
        const uint32_t *b = vsrc(w, &in->b, t2);
        for (unsigned l = 0; l < LANES; l++)
            out[l] = a[b[l] & 31];
    } else {
        fill(out, a[ssrc(w, &in->b) & 31]);
    }
    x->dest_lanes = ALL_LANES;
    write_dest(w, in->d, out, x->dest_lanes);
    x->lane_ops = LANES;
    return GOLDEN_STEP_RETIRED;
}

golden_step_status golden_exec_red(gexec *x)
{
    gwave *w = x->w;
    const ginst *in = x->in;
    uint32_t t2[LANES], out[LANES];

    x->cu->ctr.red_insts++;
    const uint32_t *b = vsrc(w, &in->b, t2);
    unsigned fn = in->fn;
    if (in->op < ISA_OP_REDFIN_ADD) {
        for (unsigned ch = 0; ch < LANES; ch += 8) {
            const uint32_t *y = b + ch;
            uint32_t p01 = isa_alu(fn, y[0], y[1], 0), p23 = isa_alu(fn, y[2], y[3], 0);
            uint32_t p45 = isa_alu(fn, y[4], y[5], 0), p67 = isa_alu(fn, y[6], y[7], 0);
            out[ch] = isa_alu(fn, isa_alu(fn, p01, p23, 0), isa_alu(fn, p45, p67, 0), 0);
        }
        x->dest_lanes = 0x01010101u;
        x->lane_ops = LANES;
    } else {
        out[0] = isa_alu(fn, isa_alu(fn, b[0], b[8], 0), isa_alu(fn, b[16], b[24], 0), 0);
        x->dest_lanes = 1;
        x->lane_ops = 4;
    }
    write_dest(w, in->d, out, x->dest_lanes);
    return GOLDEN_STEP_RETIRED;
}
