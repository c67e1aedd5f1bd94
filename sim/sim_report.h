/* SPDX-License-Identifier: Apache-2.0 */
/* sim_report.h: the run summary that `make sim` (sim/sim_main.c) and wgrun
 * (sim/wgrun.c) print after a kernel: cycles, IPC, the stall causes, the
 * LDS, caches and DRAM, and the simulation speed. One table for both tools,
 * so that a user compares like with like. Output goes to stdout.
 */
#ifndef WAVEGPU_SIM_REPORT_H
#define WAVEGPU_SIM_REPORT_H

#include "gpu.h"
#include "rtl_backend.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The summary of an RTL run: s from rtl_backend_last_run, c the host API's
 * counters of the same run (gpu_read_counters). */
void sim_report_rtl(const rtl_run_stats *s, const gpu_counters *c);

/* The summary of a golden-model run of num_cus CUs (no caches, no stalls:
 * the model does not time them; its ticks are not RTL cycles, docs/isa.md
 * "Counters"). seconds: host time of the run. */
void sim_report_golden(const gpu_counters *c, unsigned num_cus, double seconds);

#ifdef __cplusplus
}
#endif

#endif
