/* SPDX-License-Identifier: Apache-2.0 */
/* golden_predecode.c: the golden model's pre-decode. golden_launch turns
 * each instruction word into a ginst once, from isa.def's tables: the
 * operands, the registers read (for PENDING_REG), the signal slots waited on,
 * the branch target or LDS offset, and the ordering kind of a global access.
 * Nothing here depends on the state of a wave. */
#include "golden_internal.h"

#include <string.h>

static uint64_t mask_regs(uint32_t m12)
{
    return (1ull << ((m12 >> 6) & 31)) | (1ull << (m12 & 31));
}

static gsrc decode_short(uint32_t s14, uint64_t *reads)
{
    gsrc s = { (uint8_t)isa_src_kind(s14), 0, 0, 0 };
    uint32_t p = isa_src_payload(s14);
    switch (s.kind) {
    case ISA_KIND_V:
    case ISA_KIND_S: s.reg = (uint8_t)(p & 63); *reads |= 1ull << s.reg; break;
    case ISA_KIND_M: s.mask = (uint16_t)p; *reads |= mask_regs(p); break;
    default: s.lit = isa_short_literal(p); break;
    }
    return s;
}

static gsrc decode_long(uint64_t w, uint64_t *reads)
{
    gsrc s = { (uint8_t)ISA_GET(w, LK), 0, 0, 0 };
    uint32_t p = ISA_GET(w, LV);
    switch (s.kind) {
    case ISA_KIND_V:
    case ISA_KIND_S: s.reg = (uint8_t)(p & 63); *reads |= 1ull << s.reg; break;
    case ISA_KIND_M: s.mask = (uint16_t)(p & 0xFFF); *reads |= mask_regs(p & 0xFFF); break;
    default: s.lit = p; break;
    }
    return s;
}

void golden_predecode(uint64_t w, ginst *in)
{
    memset(in, 0, sizeof *in);
    in->word = w;
    if (!isa_valid(w))
        return;
    const isa_op_info *op = isa_op((uint8_t)ISA_GET(w, OPCODE));
    in->valid = 1;
    in->op = op->opcode;
    in->unit = (uint8_t)op->unit;
    in->fmt = (uint8_t)op->fmt;
    in->fn = (uint8_t)op->aux;
    in->d = (uint8_t)ISA_GET(w, D);
    in->writes_d = isa_writes_dest(w);
    uint64_t r = 0;
    /* The operands, as isa.def's ISA_FMT_OPERANDS row of the format says. */
    const isa_fmt_operands *o = isa_fmt_ops(op->fmt);
    gsrc *slot[3] = { &in->a, &in->b, &in->c };
    for (unsigned s = 0; s < 3; s++) {
        switch (o->src[s].type) {
        case ISA_SRC_SHORT: *slot[s] = decode_short(isa_field_get(w, o->src[s].field), &r); break;
        case ISA_SRC_LONG: *slot[s] = decode_long(w, &r); break;
        case ISA_SRC_VREG:   /* the address register of a memory access */
            in->addr = (uint8_t)isa_field_get(w, o->src[s].field);
            r |= 1ull << in->addr;
            break;
        case ISA_SRC_CAS_D:  /* the compare value */
            if (op->aux == ISA_FN_CAS) r |= 1ull << in->d;
            break;
        default: break;
        }
    }
    if (o->mask) {
        in->mask = (uint16_t)ISA_GET(w, M);
        r |= mask_regs(in->mask);
    }
    unsigned sig[4];
    unsigned nsig = isa_sig_operands(w, sig);
    if (o->sigs == ISA_SIGS_ONE) {
        in->sig = (uint8_t)sig[0];
        in->wait_sigs = (uint16_t)(1u << in->sig);   /* issuing onto a pending slot waits for it */
    } else if (o->sigs == ISA_SIGS_LIST) {
        in->nsig = (uint8_t)nsig;
        for (unsigned i = 0; i < nsig; i++) in->sigs[i] = (uint8_t)sig[i];
        for (unsigned i = 0; i < nsig; i++) {
            if (op->fmt == ISA_FMT_SIGW)   /* sig_wait*: waits for all of them */
                in->wait_sigs |= (uint16_t)(1u << in->sigs[i]);
            if (op->fmt == ISA_FMT_SIGBR)  /* sig_waitany*_br: for one of them */
                in->wait_any |= (uint16_t)(1u << in->sigs[i]);
        }
    }
    /* Modifiers: a branch target, an LDS offset, noret. */
    if (op->unit == ISA_UNIT_BRANCH) in->imm = ISA_GET(w, TARGET);
    if (op->unit == ISA_UNIT_LDS) in->imm = ISA_GET(w, OFFSET);
    if (o->dest == ISA_DEST_D_UNLESS_NORET) in->noret = (uint8_t)ISA_GET(w, NORET);
    /* The ordering kind of a global access (docs/isa.md 4.8). */
    if (op->unit == ISA_UNIT_GMEM)
        in->kind = op->fmt == ISA_FMT_GLOBAL_LOAD ? KIND_LOAD : op->fmt == ISA_FMT_GLOBAL_STORE ? KIND_STORE : KIND_OTHER;
    in->reads = r;
}
