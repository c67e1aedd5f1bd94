/* SPDX-License-Identifier: Apache-2.0 */
/* golden_scalar.c: the golden model's scalar unit (unit SALU of isa.def, the
 * s_* instructions, scalar divide included): lane 0 of each operand in, lane
 * 0 of D out. Contract: golden_exec_salu in golden_internal.h; it never
 * faults. */
#include "golden_internal.h"

#include "alu.h"

golden_step_status golden_exec_salu(gexec *x)
{
    gwave *w = x->w;
    const ginst *in = x->in;
    uint32_t out[LANES];

    x->cu->ctr.salu_insts++;
    uint32_t a = in->fmt == ISA_FMT_ALU1 ? 0 : ssrc(w, &in->a);
    uint32_t cc = in->fmt == ISA_FMT_ALU3 ? ssrc(w, &in->c) : 0;
    out[0] = isa_alu(in->fn, a, ssrc(w, &in->b), cc);
    x->dest_lanes = 1;
    write_dest(w, in->d, out, x->dest_lanes);
    x->lane_ops = 1;
    return GOLDEN_STEP_RETIRED;
}
