/* SPDX-License-Identifier: Apache-2.0 */
/* coalesce.h: the coalescing rule of a wave's global access (docs/isa.md 4.7),
 * shared by the golden model's counters and the RTL coalescer's tests.
 *
 * One wave instruction's selected lanes become line requests, one per cycle
 * in the hardware, in this order: the request for the line of the lowest
 * lane still pending serves every pending lane in that line (loads and
 * stores), or only that lane (atomics: never collapsed). A line is 64 bytes,
 * 64-byte aligned: 16 words. In a store request, a word written by several
 * lanes takes the value of the highest of them. */
#ifndef WAVEGPU_COALESCE_H
#define WAVEGPU_COALESCE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define COAL_LANES      32
#define COAL_LINE_BYTES 64
#define COAL_LINE_WORDS 16

typedef struct {
    uint32_t line;                      /* byte address >> 6 */
    uint32_t lanes;                     /* lanes served */
    uint16_t words;                     /* words of the line accessed */
    uint8_t lead;                       /* lowest lane served */
    uint32_t data[COAL_LINE_WORDS];     /* store data per word (0 where no lane writes) */
} coal_req;

/* The requests of one instruction, in order. atomic: one request per lane.
 * data may be NULL (loads). Returns the number of requests (<= 32). */
int coalesce(int atomic, uint32_t mask, const uint32_t addr[COAL_LANES], const uint32_t *data,
             coal_req out[COAL_LANES]);

/* Only the number of requests coalesce() makes. */
int coalesce_count(int atomic, uint32_t mask, const uint32_t addr[COAL_LANES]);

#ifdef __cplusplus
}
#endif

#endif
