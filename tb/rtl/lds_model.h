/* SPDX-License-Identifier: Apache-2.0 */
/* lds_model.h: reference model of one CU's local data share (docs/lds.md)
 * for the LDS unit testbench: the 16384-word memory, the result of one wave
 * instruction (docs/isa.md 4.6), and its cost in rounds, counted from the
 * access pattern alone. Plain C style; the op and function codes are the ISA
 * table's (ISA_FMT_LDS_*, ISA_FN_*).
 */
#ifndef LDS_MODEL_H
#define LDS_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "isa.h"

/* The banks (gpu_lds's Banks: 32, 16 or 8; the Makefile's unit lds_small_banks sets it). */
#ifndef LDS_BANKS
#define LDS_BANKS 32
#endif

enum { LDS_LANES = 32, LDS_WORDS = 16384, LDS_ROWS = LDS_WORDS / LDS_BANKS };

/* The lanes a round may serve (gpu_lds's Lanes): a window of that many
 * lanes, the windows one after the other (the Makefile's units lds_small* set it). */
#ifndef LDS_ROUND_LANES
#define LDS_ROUND_LANES 32
#endif
/* The windows of LDS_ROUND_LANES lanes: the operands go in one window a cycle. */
#define LDS_WINDOWS (LDS_LANES / LDS_ROUND_LANES)

/* One instruction as the CU hands it to the LDS. */
typedef struct {
    unsigned op;               /* ISA_FMT_LDS_LOAD, ISA_FMT_LDS_STORE or ISA_FMT_LDS_ATOMIC */
    unsigned fn;               /* ISA_FN_* of an atomic */
    int      ret;              /* an atomic returns the old values */
    uint32_t mask;             /* selected lanes */
    uint32_t word[LDS_LANES];  /* physical word address, below LDS_WORDS */
    uint32_t data[LDS_LANES];  /* store data / atomic operand */
    uint32_t cmp[LDS_LANES];   /* CAS compare value */
} lds_req;

/* Its response: the lanes that receive data, and the data (0 elsewhere). */
typedef struct {
    uint32_t mask;
    uint32_t data[LDS_LANES];
} lds_resp;

typedef struct {
    uint32_t mem[LDS_WORDS];
} lds_model;

/* The word an atomic leaves: old op src (cmp only for ISA_FN_CAS). */
uint32_t lds_atomic_value(unsigned fn, uint32_t old, uint32_t src, uint32_t cmp);

/* Performs r on m (lanes in ascending order) and fills out. */
void lds_model_exec(lds_model *m, const lds_req *r, lds_resp *out);

/* Rounds r costs, per window of LDS_ROUND_LANES lanes, summed over the
 * windows with a selected lane: loads and stores, the most distinct words any one bank
 * holds among the selected lanes; atomics, the most selected lanes in any one
 * bank; at least 1 (an empty mask still takes one round). */
int lds_rounds(const lds_req *r);

/* "load", "store", "atomic cas ret", ... into buf; returns buf. */
const char *lds_req_name(const lds_req *r, char *buf, size_t n);

#endif
