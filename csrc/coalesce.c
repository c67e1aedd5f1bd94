/* SPDX-License-Identifier: Apache-2.0 */
/* coalesce.c: see coalesce.h. */
#include "coalesce.h"

#include <string.h>

int coalesce(int atomic, uint32_t mask, const uint32_t addr[COAL_LANES], const uint32_t *data,
             coal_req out[COAL_LANES])
{
    int n = 0;
    uint32_t pending = mask;
    while (pending) {
        int lead = __builtin_ctz(pending);
        coal_req *r = &out[n++];
        memset(r, 0, sizeof *r);
        r->line = addr[lead] >> 6;
        r->lead = (uint8_t)lead;
        for (int l = lead; l < COAL_LANES; l++) {
            if (!(pending >> l & 1) || addr[l] >> 6 != r->line) continue;
            if (atomic && l != lead) continue;
            unsigned w = addr[l] >> 2 & (COAL_LINE_WORDS - 1);
            r->lanes |= 1u << l;
            r->words |= (uint16_t)(1u << w);
            if (data) r->data[w] = data[l];   /* ascending lanes: the highest wins */
        }
        pending &= ~r->lanes;
    }
    return n;
}

int coalesce_count(int atomic, uint32_t mask, const uint32_t addr[COAL_LANES])
{
    coal_req r[COAL_LANES];
    return atomic ? __builtin_popcount(mask) : coalesce(0, mask, addr, NULL, r);
}
