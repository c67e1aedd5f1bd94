/* SPDX-License-Identifier: Apache-2.0 */
/* lds_test.h: the LDS unit tests. They know nothing of the simulator: they
 * hand jobs to a DUT through lds_dut, then check every response, its latency
 * and the counters against lds_model. Plain C style.
 */
#ifndef LDS_TEST_H
#define LDS_TEST_H

#include "lds_model.h"

/* A request and when to present it. */
typedef struct {
    lds_req req;
    int gap;      /* >= 0: present it this many idle cycles after the LDS went idle (every
                     response and result taken); -1: present it as soon as the previous
                     request is accepted (a store or atomic: once no other one is in the
                     LDS, wbusy_o), so valid is held while the LDS is full (with more than
                     one window: its windows go in once it is empty, one a cycle, and the
                     request with the last) */
    int corrupt;  /* flip a payload bit while the request is held, or with more than one
                     window send one to the busy LDS (the simulation check must fire) */
    int pop_wait; /* cycles its result (a load's, a returning atomic's) waits before it is
                     taken (res_pop_i); 0: taken the first cycle it is there */
} lds_job;

/* What the DUT did with one job. Cycles are clock edges. */
typedef struct {
    lds_resp resp;       /* res_mask_o and resp_data_o of its result (0 if it returns none) */
    long accept_edge;    /* the edge at which valid && ready */
    int  held;           /* cycles valid was high before that edge without ready */
    int  latency;        /* edges from accept_edge to the edge that sampled resp_valid_o */
    int  conflicts;      /* stat_conflict_o cycles after accept_edge, up to the response */
    int  lanes;          /* sum of stat_lanes_o over the same cycles */
} lds_obs;

typedef struct {
    void *ctx;
    /* Runs the jobs in order, filling obs[0..n-1]. Returns 0, or -1 with a reason
     * in why on a protocol error (timeout, response or counter with nothing in flight). */
    int (*run)(void *ctx, const lds_job *jobs, int n, lds_obs *obs, char *why, size_t whylen);
    /* Failures of the RTL's simulation checks ($error) so far. */
    int (*sim_errors)(void *ctx);
} lds_dut;

/* Runs every test, printing one "PASS name" or "FAIL name: reason" line each.
 * Returns the number of failures. */
int lds_run_tests(const lds_dut *dut);

#endif
