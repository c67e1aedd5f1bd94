/* SPDX-License-Identifier: Apache-2.0 */
/* sim_report.c: the run summary of make sim and wgrun (sim_report.h). */
#include "sim_report.h"

#include "gpu_ctr.h"

#include <inttypes.h>
#include <stdio.h>

static double pct(uint64_t a, uint64_t b) { return b ? 100.0 * (double)a / (double)b : 0.0; }

void sim_report_rtl(const rtl_run_stats *s, const gpu_counters *c)
{
    const unsigned nc = s->num_cus;
    uint64_t cyc = s->cycles ? s->cycles : 1;
    printf("cycles     %" PRIu64 " (CTR_CYCLES of CU 0: %" PRIu64 ")\n", s->cycles, s->ctr[0][CTR_CYCLES]);
    printf("insts      %" PRIu64 " retired, IPC %.3f (all CUs)", c->instructions,
           (double)c->instructions / (double)cyc);
    if (s->lockstep) printf("; golden model: %" PRIu64, s->golden.instructions);
    printf("\n");
    printf("per CU     %-4s %10s %6s %10s %6s %11s %11s %11s %11s %11s %10s %10s %9s\n", "cu", "insts", "IPC", "lane_ops",
           "groups", "stall_dep", "stall_mem", "stall_bar", "stall_lds", "stall_fetch", "lds_acc", "lds_confl", "mem_reqs");
    for (unsigned c = 0; c < nc; c++) {
        const uint64_t *v = s->ctr[c];
        printf("           %-4u %10" PRIu64 " %6.3f %10" PRIu64 " %6" PRIu64 " %11" PRIu64 " %11" PRIu64 " %11" PRIu64
               " %11" PRIu64 " %11" PRIu64 " %10" PRIu64 " %10" PRIu64 " %9" PRIu64 "\n",
               c, v[CTR_INSTS], (double)v[CTR_INSTS] / (double)cyc, v[CTR_LANE_OPS], v[CTR_GROUPS], v[CTR_STALL_DEP],
               v[CTR_STALL_MEM], v[CTR_STALL_BARRIER], v[CTR_STALL_LDS], v[CTR_STALL_FETCH], v[CTR_LDS_ACCESSES], v[CTR_LDS_CONFLICT],
               v[CTR_MEM_REQS]);
    }
    uint64_t st = c->stall_dependency + c->stall_memory + c->stall_barrier + c->stall_lds + c->stall_fetch;
    uint64_t slots = 2ull * nc * cyc;
    printf("stalls     wave-cycles not issuing: dependency %" PRIu64 " (%.1f%%), memory %" PRIu64 " (%.1f%%), barrier %"
           PRIu64 " (%.1f%%), LDS %" PRIu64 " (%.1f%%), fetch %" PRIu64 " (%.1f%%); %.1f%% of %" PRIu64 " wave-slot cycles\n",
           c->stall_dependency, pct(c->stall_dependency, st), c->stall_memory, pct(c->stall_memory, st),
           c->stall_barrier, pct(c->stall_barrier, st), c->stall_lds, pct(c->stall_lds, st),
           c->stall_fetch, pct(c->stall_fetch, st), pct(st, slots), slots);
    printf("units      valu %" PRIu64 ", salu %" PRIu64 ", xlane %" PRIu64 ", red %" PRIu64 ", branch %" PRIu64
           ", sig %" PRIu64 ", lds %" PRIu64 ", gmem %" PRIu64 ", barriers %" PRIu64 "\n",
           c->valu_insts, c->salu_insts, c->xlane_insts, c->red_insts, c->branch_insts,
           c->sig_insts, c->lds_insts, c->gmem_insts, c->barriers);
    printf("LDS        %" PRIu64 " lane accesses, %" PRIu64 " bank-conflict cycles\n", c->lds_accesses,
           c->lds_conflict_cycles);
    uint64_t reqs = 0;
    for (unsigned c = 0; c < nc; c++) reqs += s->ctr[c][CTR_MEM_REQS];
    printf("memory     %" PRIu64 " line requests from the CUs (stalled %" PRIu64 " cycles); lanes: %" PRIu64 " loads, %" PRIu64
           " stores, %" PRIu64 " atomics\n",
           reqs, c->mem_stall_cycles, c->global_loads, c->global_stores, c->global_atomics);
    uint64_t l1 = c->l1_hits + c->l1_misses;
    printf("L1         %" PRIu64 " hits, %" PRIu64 " misses of the loads that may hit (hit rate %.1f%%), %" PRIu64
           " lines dropped (all CUs)\n",
           c->l1_hits, c->l1_misses, pct(c->l1_hits, l1), c->l1_evictions);
    uint64_t l2 = c->l2_hits + c->l2_misses;
    printf("L2         %" PRIu64 " hits, %" PRIu64 " misses (hit rate %.1f%%), %" PRIu64 " dirty lines written back, %" PRIu64
           " atomics\n",
           c->l2_hits, c->l2_misses, pct(c->l2_hits, l2), c->l2_evictions, c->l2_atomics);
    uint64_t dram = c->dram_bytes_read + c->dram_bytes_written;
    printf("DRAM       %" PRIu64 " bytes read, %" PRIu64 " written (DRAM model: %" PRIu64 " and %" PRIu64 " in %" PRIu64 " and %"
           PRIu64 " bursts); %.2f bytes/cycle = %.1f%% of the peak %u\n",
           c->dram_bytes_read, c->dram_bytes_written, s->dram_read_bytes, s->dram_write_bytes, s->dram_read_bursts,
           s->dram_write_bursts, (double)dram / (double)cyc, pct(dram, (uint64_t)s->dram_peak_bytes_per_cycle * cyc),
           s->dram_peak_bytes_per_cycle);
    printf("init       the model's initial state: %s (WAVEGPU_SEED)\n", s->initial_state);
    printf("speed      %.0f cycles/s (%" PRIu64 " cycles in %.2f s%s)\n", (double)s->cycles / s->wall_seconds,
           s->cycles, s->wall_seconds, s->fst_path[0] ? ", tracing" : "");
    if (s->lockstep) {
        printf("lockstep   %" PRIu64 " trace events replayed on the golden model\n", s->lockstep_events);
        /* The counters the golden model also keeps must agree (the RTL backend
         * already fails a run where they do not). */
        uint64_t va = 0, vg = 0;
        unsigned n = 0;
        gpu_counters rc = *c, gc = s->golden;
        unsigned left_out = 0;
        if (s->fault_end) { left_out = rtl_counters_retired(&rc); rtl_counters_retired(&gc); }
        const char *bad = gpu_counters_diff(&rc, &gc, &va, &vg, &n);
        if (bad) printf("counters   WARNING, differ from the golden model: %s: RTL %" PRIu64 ", golden model %" PRIu64 "\n", bad, va, vg);
        else if (s->fault_end)
            printf("counters   the %u counters the golden model keeps agree with it, but for " RTL_COUNTERS_NOT_RETIRED ":\n"
                   "           after a fault the RTL also counts accesses of other waves in flight when the task stopped\n", n - left_out);
        else printf("counters   the %u counters the golden model keeps agree with it\n", n);
    } else {
        printf("lockstep   off\n");
    }
}

void sim_report_golden(const gpu_counters *c, unsigned num_cus, double seconds)
{
    uint64_t ticks = c->cycles ? c->cycles : 1;
    printf("ticks      %" PRIu64 " golden-model ticks on %u CUs (a tick: every ready wave issues one instruction; "
           "not an estimate of RTL cycles)\n", c->cycles, num_cus);
    printf("insts      %" PRIu64 " retired, %.3f per tick (all CUs); %" PRIu64 " lane operations, %" PRIu64 " groups\n",
           c->instructions, (double)c->instructions / (double)ticks, c->lane_ops, c->groups);
    printf("units      valu %" PRIu64 ", salu %" PRIu64 ", xlane %" PRIu64 ", red %" PRIu64 ", branch %" PRIu64
           ", sig %" PRIu64 ", lds %" PRIu64 ", gmem %" PRIu64 ", barriers %" PRIu64 "\n",
           c->valu_insts, c->salu_insts, c->xlane_insts, c->red_insts, c->branch_insts, c->sig_insts, c->lds_insts,
           c->gmem_insts, c->barriers);
    printf("LDS        %" PRIu64 " lane accesses\n", c->lds_accesses);
    printf("memory     %" PRIu64 " line requests after coalescing; lanes: %" PRIu64 " loads, %" PRIu64 " stores, %" PRIu64
           " atomics (the golden model has no caches: run --backend rtl for cache, stall and DRAM figures)\n",
           c->mem_requests, c->global_loads, c->global_stores, c->global_atomics);
    printf("speed      %.0f instructions/s (%.3f s)\n", seconds > 0 ? (double)c->instructions / seconds : 0.0, seconds);
}
