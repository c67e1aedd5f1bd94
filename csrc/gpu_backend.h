/* SPDX-License-Identifier: Apache-2.0 */
/* gpu_backend.h: what a backend provides to the host runtime (gpu.c).
 *
 * gpu.c owns allocation, argument placement, kernel parsing and every
 * validation of what the host passes in; a backend only executes. All
 * addresses reaching a backend are already checked to be inside memory.
 */
#ifndef GPU_BACKEND_H
#define GPU_BACKEND_H

#include "gpu.h"
#include "kbin.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    const uint64_t *code;     /* the kernel's instructions */
    uint32_t num_insts;
    uint32_t num_groups;
    uint32_t waves_per_group; /* resolved: 1 or 2 */
    uint32_t lds_bytes;       /* resolved */
    gpu_addr args_addr;       /* value of the `args` constant */
    const kbin_lines *lines;  /* the kernel's line table (for messages), or NULL */
} gpu_launch_desc;

/* Where a wave that is still running stands (reported after a timeout). */
typedef struct {
    uint32_t cu, slot, wave, group, pc;
    unsigned state;           /* GPU_WAVE_* */
} gpu_wave_pos;
enum { GPU_WAVE_RUNNING = 1, GPU_WAVE_SIGNAL = 2, GPU_WAVE_BARRIER = 3 };   /* as golden_wave_state */

typedef struct gpu_backend_ops {
    const char *name;
    /* Creates the backend state for a validated config. */
    gpu_status (*create)(void **state, const gpu_config *cfg, char *err, size_t errlen);
    void (*destroy)(void *state);
    gpu_status (*mem_write)(void *state, gpu_addr dst, const void *src, uint32_t bytes);
    gpu_status (*mem_read)(void *state, void *dst, gpu_addr src, uint32_t bytes);
    /* Runs a task to completion. Returns GPU_OK, GPU_ERR_FAULT or GPU_ERR_TIMEOUT
     * with *res filled, or another status with a message in err. */
    gpu_status (*run)(void *state, const gpu_launch_desc *d, gpu_result *res, char *err, size_t errlen);
    void (*counters)(void *state, gpu_counters *c);
    /* Optional (may be NULL): after a run that timed out, the waves still
     * running, at most max of them into out; returns how many. */
    unsigned (*waves)(void *state, gpu_wave_pos *out, unsigned max);
} gpu_backend_ops;

extern const gpu_backend_ops gpu_golden_backend;   /* csrc/gpu_golden.c */
/* The RTL backend lives in sim/; programs that link it define this function.
 * gpu.c declares it weak, so without it GPU_BACKEND_RTL fails cleanly. */
const gpu_backend_ops *gpu_rtl_backend_ops(void);

#ifdef __cplusplus
}
#endif

#endif
