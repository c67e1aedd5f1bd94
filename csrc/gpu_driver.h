/* SPDX-License-Identifier: Apache-2.0 */
/* gpu_driver.h: the register-level driver of the GPU (the AXI4-Lite register
 * map of docs/architecture.md "Registers", rtl/gpu_regs_pkg.sv), free of any
 * bus: it reaches the device through two callbacks, read32 and write32. The
 * same code drives the RTL and the golden-model device of the SystemC
 * platform (sim/systemc/), and the C testbench's register host uses its
 * counter mapping. Plain C11, usable from C and C++.
 *
 * A task, as the host does it:
 *   gpu_drv_probe            ID and CONFIG: is it the GPU, how many CUs
 *   gpu_drv_load_program     the instructions into the instruction memory
 *   gpu_drv_start            launch registers, IRQ_ENABLE, then START
 *   ... wait for irq (or poll gpu_drv_status for STATUS_DONE) ...
 *   gpu_drv_finish           STATUS, the fault registers, CLEAR_DONE
 *   gpu_drv_read_counters    the counters of each CU and of the memory system
 * Every call returns GPU_OK, or GPU_ERR_BACKEND (a register access failed or
 * the device is not in the state the call needs) with a one-line message in
 * err, or GPU_ERR_ARG for a bad argument; gpu_drv_finish returns
 * GPU_ERR_FAULT when the task faulted.
 */
#ifndef GPU_DRIVER_H
#define GPU_DRIVER_H

#include <stddef.h>
#include <stdint.h>

#include "gpu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How the driver reaches the registers. Each callback returns 0 on success,
 * else a nonzero code of the bus (the AXI response: 2 SLVERR, 3 DECERR, or
 * anything else for a bus that has no such codes), which the driver puts in
 * its message. addr is the byte offset in the GPU's 64 KiB register window. */
typedef struct {
    void *ctx;
    int (*read32)(void *ctx, uint32_t addr, uint32_t *value);
    int (*write32)(void *ctx, uint32_t addr, uint32_t value);
} gpu_drv_port;

typedef struct {
    unsigned num_cus;        /* NumCus of the build (CONFIG[3:0]) */
    unsigned l2_slices;      /* CONFIG[7:4] */
    unsigned imem_depth;     /* instructions (CONFIG[31:16]) */
} gpu_drv_info;

typedef struct {
    uint32_t num_groups;      /* 1..65535 */
    uint32_t waves_per_group; /* 1 or 2 */
    uint32_t lds_bytes;       /* per group */
    uint32_t num_insts;       /* the program's length, as loaded */
    uint32_t args_addr;       /* the `args` constant */
    uint32_t mem_bytes;       /* device memory: accesses at or above fault */
    unsigned num_cus;         /* CUs to use, 1..NumCus */
} gpu_drv_task;

gpu_status gpu_drv_probe(const gpu_drv_port *p, gpu_drv_info *info, char *err, size_t errlen);
gpu_status gpu_drv_load_program(const gpu_drv_port *p, const uint64_t *code, uint32_t num_insts, char *err,
                                size_t errlen);
/* Writes the launch registers and IRQ_ENABLE = 1, then CONTROL.START. */
gpu_status gpu_drv_start(const gpu_drv_port *p, const gpu_drv_task *t, char *err, size_t errlen);
gpu_status gpu_drv_status(const gpu_drv_port *p, uint32_t *status, char *err, size_t errlen);
/* After the task: STATUS must show done and not busy; a memory error is
 * GPU_ERR_BACKEND; a fault fills *res (status GPU_ERR_FAULT) from the fault
 * registers; then CONTROL.CLEAR_DONE (also after a memory error). res may
 * not be NULL. */
gpu_status gpu_drv_finish(const gpu_drv_port *p, gpu_result *res, char *err, size_t errlen);
/* The fault registers into *res (status GPU_ERR_FAULT; lane and reg -1 when
 * the fault names none); valid while STATUS.fault. Returns GPU_OK when read. */
gpu_status gpu_drv_read_fault(const gpu_drv_port *p, gpu_result *res, char *err, size_t errlen);
/* Every counter of CUs 0..num_cus-1 and of the memory system, as the host
 * API's gpu_counters: *total sums the CUs (cycles: CU 0's); per_cu, if not
 * NULL, receives num_cus entries, each CU's own (memory counters 0). */
gpu_status gpu_drv_read_counters(const gpu_drv_port *p, unsigned num_cus, gpu_counters *total, gpu_counters *per_cu,
                                 char *err, size_t errlen);

/* The counter mapping both ways (indexes of rtl/gpu_ctr_pkg.sv):
 * gpu_drv_add_cu_counters adds one CU's counter words raw[0..n) into *k
 * (cycles is set, not added); gpu_drv_set_mem_counters sets the memory
 * system's from raw[j] = memory counter MEM_CTR_FIRST + j; and
 * gpu_drv_counter_value is the value a device shows at counter idx (a CU's,
 * or a memory counter's) when its counts are *k. A counter without a
 * gpu_counters field (the per-slot instruction counts) reads 0. */
void gpu_drv_add_cu_counters(gpu_counters *k, const uint64_t *raw, unsigned n);
void gpu_drv_set_mem_counters(gpu_counters *k, const uint64_t *raw, unsigned n);
uint64_t gpu_drv_counter_value(const gpu_counters *k, unsigned idx);

#ifdef __cplusplus
}
#endif

#endif
