// SPDX-License-Identifier: Apache-2.0
/* lds_model.cpp: the LDS reference model (see lds_model.h). Plain C style. */
#include "lds_model.h"

#include <stdio.h>
#include <string.h>

uint32_t lds_atomic_value(unsigned fn, uint32_t old, uint32_t src, uint32_t cmp)
{
    switch (fn) {
    case ISA_FN_ADD:     return old + src;
    case ISA_FN_MIN_U32: return src < old ? src : old;
    case ISA_FN_MIN_I32: return (int32_t)src < (int32_t)old ? src : old;
    case ISA_FN_MAX_U32: return src > old ? src : old;
    case ISA_FN_MAX_I32: return (int32_t)src > (int32_t)old ? src : old;
    case ISA_FN_AND:     return old & src;
    case ISA_FN_OR:      return old | src;
    case ISA_FN_XOR:     return old ^ src;
    case ISA_FN_XCHG:    return src;
    case ISA_FN_CAS:     return old == cmp ? src : old;
    default:             return old;
    }
}

void lds_model_exec(lds_model *m, const lds_req *r, lds_resp *out)
{
    memset(out, 0, sizeof *out);
    int returns = r->op == ISA_FMT_LDS_LOAD || (r->op == ISA_FMT_LDS_ATOMIC && r->ret);
    if (returns)
        out->mask = r->mask;
    for (int l = 0; l < LDS_LANES; l++) {
        if (!(r->mask >> l & 1))
            continue;
        uint32_t *w = &m->mem[r->word[l] % LDS_WORDS];
        if (r->op == ISA_FMT_LDS_LOAD) {
            out->data[l] = *w;
        } else if (r->op == ISA_FMT_LDS_STORE) {
            *w = r->data[l];   /* ascending lanes: the highest lane's value stays */
        } else {
            uint32_t old = *w;
            *w = lds_atomic_value(r->fn, old, r->data[l], r->cmp[l]);
            if (r->ret)
                out->data[l] = old;
        }
    }
}

int lds_rounds(const lds_req *r)
{
    int total = 0;
    for (int w0 = 0; w0 < LDS_LANES; w0 += LDS_ROUND_LANES) {
        int rounds = 0;
        for (int b = 0; b < LDS_BANKS; b++) {
            uint32_t seen[LDS_LANES];
            int nseen = 0, nlanes = 0;
            for (int l = w0; l < w0 + LDS_ROUND_LANES; l++) {
                uint32_t w = r->word[l] % LDS_WORDS;
                if (!(r->mask >> l & 1) || (int)(w % LDS_BANKS) != b)
                    continue;
                nlanes++;
                int dup = 0;
                for (int k = 0; k < nseen; k++)
                    dup |= seen[k] == w;
                if (!dup)
                    seen[nseen++] = w;
            }
            int cost = r->op == ISA_FMT_LDS_ATOMIC ? nlanes : nseen;
            if (cost > rounds)
                rounds = cost;
        }
        total += rounds;
    }
    return total > 0 ? total : 1;
}

static const char *atomic_fn_name(unsigned fn)
{
    switch (fn) {
    case ISA_FN_ADD:     return "add";
    case ISA_FN_MIN_U32: return "min_u32";
    case ISA_FN_MIN_I32: return "min_i32";
    case ISA_FN_MAX_U32: return "max_u32";
    case ISA_FN_MAX_I32: return "max_i32";
    case ISA_FN_AND:     return "and";
    case ISA_FN_OR:      return "or";
    case ISA_FN_XOR:     return "xor";
    case ISA_FN_XCHG:    return "xchg";
    case ISA_FN_CAS:     return "cas";
    default:             return "?";
    }
}

const char *lds_req_name(const lds_req *r, char *buf, size_t n)
{
    if (r->op == ISA_FMT_LDS_LOAD)
        snprintf(buf, n, "load");
    else if (r->op == ISA_FMT_LDS_STORE)
        snprintf(buf, n, "store");
    else {
        snprintf(buf, n, "atomic %s%s", atomic_fn_name(r->fn), r->ret ? " ret" : " noret");
    }
    return buf;
}
