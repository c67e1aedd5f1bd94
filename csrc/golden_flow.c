/* SPDX-License-Identifier: Apache-2.0 */
/* golden_flow.c: the golden model's control flow: `end` and `barrier` (unit
 * CTRL of isa.def), the branch unit (br*, sig_waitany*_br) and the signal
 * unit (sig_done*, sig_wait*), with a group's barrier and its waves' ends.
 * Contract: golden_branch_resolve, golden_exec_ctrl, golden_exec_branch and
 * golden_exec_sig in golden_internal.h. Only golden_branch_resolve faults;
 * the signal waits themselves (sig_wait*, sig_waitany*_br blocking) are
 * checked by golden.c's exec() before any unit runs. */
#include "golden_internal.h"

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
    if (g->cov && gr->alive && gr->at_barrier)   /* the other wave waits at a barrier: released now */
        golden_cov_add(g->cov, GCOV_BARRIER + GCOV_BAR_RELEASED_BY_END, 1);
    if (gr->alive == 0) {
        for (unsigned i = 0; i < gr->nwaves; i++)
            cu->wave[gs + i].state = GOLDEN_WAVE_EMPTY;
        gr->active = 0;
        g->active_groups--;
        return;
    }
    barrier_check(cu, gr, gs);
}

golden_step_status golden_branch_resolve(gexec *x)
{
    gwave *w = x->w;
    const ginst *in = x->in;

    switch (in->op) {
    case ISA_OP_BR: x->taken = true; break;
    case ISA_OP_BRZ: x->taken = ssrc(w, &in->a) == 0; break;
    case ISA_OP_BRNZ: x->taken = ssrc(w, &in->a) != 0; break;
    case ISA_OP_BR_ALL: x->taken = mask_value(w, in->mask) == ALL_LANES; break;
    case ISA_OP_BR_ANY: x->taken = mask_value(w, in->mask) != 0; break;
    default: x->taken = true; break;   /* sig_waitany*_br: a branch into its table, golden_exec_branch */
    }
    if (x->taken)
        x->next_pc = in->imm;
    /* sig_waitany*_br: its whole table, target .. target + n - 1, must be in the program. */
    if (in->fmt == ISA_FMT_SIGBR && (uint64_t)in->imm + in->nsig - 1 >= x->g->num_insts)
        return golden_fault(x->g, x->cu_index, w, in, ISA_FAULT_PC_OUT_OF_RANGE, -1, in->imm + in->nsig - 1, -1);
    return GOLDEN_STEP_RETIRED;
}

golden_step_status golden_exec_ctrl(gexec *x)
{
    gcu *cu = x->cu;
    gwave *w = x->w;

    if (x->in->op == ISA_OP_END) {
        x->next_pc = w->pc;
        if (x->rec)
            x->rec->ended = true;
        wave_end(x->g, cu, w);
    } else if (x->in->op == ISA_OP_BARRIER) {
        ggroup *gr = &cu->group[w->group_slot];
        x->cu->ctr.barriers++;
        if (x->g->cov)
            golden_cov_add(x->g->cov, GCOV_BARRIER + (gr->nwaves == 1 ? GCOV_BAR_ONE_WAVE_GROUP
                                                      : gr->alive < gr->nwaves ? GCOV_BAR_PARTNER_ENDED
                                                                                : GCOV_BAR_BOTH_RUNNING), 1);
        gr->at_barrier++;
        if (gr->at_barrier < gr->alive) {
            w->state = GOLDEN_WAVE_BARRIER;
            if (x->rec)
                x->rec->barrier_wait = true;
        } else {
            barrier_check(cu, gr, w->group_slot);
        }
    }
    return GOLDEN_STEP_RETIRED;
}

golden_step_status golden_exec_branch(gexec *x)
{
    golden *g = x->g;
    gwave *w = x->w;
    const ginst *in = x->in;

    x->cu->ctr.branch_insts++;
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
        x->next_pc = in->imm + (uint32_t)(first < 0 ? 0 : first);
        if (x->rec) x->rec->sig_waited = seen;
    }
    if (x->rec) {
        x->rec->is_branch = true;
        x->rec->taken = x->taken;
    }
    return GOLDEN_STEP_RETIRED;
}

golden_step_status golden_exec_sig(gexec *x)
{
    golden *g = x->g;
    gwave *w = x->w;
    const ginst *in = x->in;
    uint32_t out[LANES];

    x->cu->ctr.sig_insts++;
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
        x->dest_lanes = 1;
        write_dest(w, in->d, out, x->dest_lanes);
        if (x->rec)
            x->rec->sig_waited = seen;
    }
    /* sig_wait*: the wait happened in exec() (golden.c), before the unit. */
    return GOLDEN_STEP_RETIRED;
}
