/* SPDX-License-Identifier: Apache-2.0 */
/* gpu_golden.c: the golden model as a backend of the host API (gpu_backend.h). */
#include "gpu_backend.h"

#include "golden.h"

#include <stdio.h>
#include <string.h>

static gpu_status golden_be_create(void **state, const gpu_config *cfg, char *err, size_t errlen)
{
    if (!state || !cfg) {
        if (err && errlen) snprintf(err, errlen, "golden backend: null argument");
        return GPU_ERR_ARG;
    }
    golden_config gc;
    golden_config_default(&gc);
    gc.num_cus = cfg->num_cus;
    gc.mem_bytes = cfg->mem_bytes;
    gc.mem_latency = cfg->mem_latency;
    gc.max_ticks = cfg->max_cycles;
    golden *g = NULL;
    gpu_status st = golden_create(&g, &gc, err, errlen);
    *state = g;
    return st;
}

static void golden_be_destroy(void *state)
{
    golden_destroy(state);
}

static gpu_status golden_be_mem_write(void *state, gpu_addr dst, const void *src, uint32_t bytes)
{
    return golden_mem_write(state, dst, src, bytes);
}

static gpu_status golden_be_mem_read(void *state, void *dst, gpu_addr src, uint32_t bytes)
{
    return golden_mem_read(state, dst, src, bytes);
}

static gpu_status golden_be_run(void *state, const gpu_launch_desc *d, gpu_result *res, char *err, size_t errlen)
{
    if (!state || !d || !res) {
        if (err && errlen) snprintf(err, errlen, "golden backend: null argument");
        return GPU_ERR_ARG;
    }
    golden_launch_params p = {
        .code = d->code,
        .num_insts = d->num_insts,
        .num_groups = d->num_groups,
        .waves_per_group = d->waves_per_group,
        .lds_bytes = d->lds_bytes,
        .args_addr = d->args_addr,
    };
    gpu_status st = golden_launch(state, &p, err, errlen);
    if (st != GPU_OK)
        return st;
    st = golden_run(state, res);
    if (st == GPU_ERR_BACKEND || st == GPU_ERR_STATE)
        if (err && errlen) snprintf(err, errlen, "golden backend: the model stopped with no wave able to run");
    return st;
}

static void golden_be_counters(void *state, gpu_counters *c)
{
    if (!c)
        return;
    memset(c, 0, sizeof *c);
    golden_counters(state, c);
}

_Static_assert((int)GPU_WAVE_SIGNAL == (int)GOLDEN_WAVE_SIGNAL && (int)GPU_WAVE_BARRIER == (int)GOLDEN_WAVE_BARRIER &&
                   (int)GPU_WAVE_RUNNING == (int)GOLDEN_WAVE_READY, "gpu_wave_pos states are golden_wave_state's");

static unsigned golden_be_waves(void *state, gpu_wave_pos *out, unsigned max)
{
    unsigned n = 0;
    for (unsigned c = 0; c < GOLDEN_MAX_CUS; c++)
        for (unsigned s = 0; s < GOLDEN_SLOTS; s++) {
            golden_wave_info wi;
            if (n == max || !golden_wave_get(state, c, s, &wi) || wi.state == GOLDEN_WAVE_ENDED) continue;
            out[n++] = (gpu_wave_pos){ .cu = c, .slot = s, .wave = wi.wave, .group = wi.group, .pc = wi.pc,
                                       .state = (unsigned)wi.state };
        }
    return n;
}

const gpu_backend_ops gpu_golden_backend = {
    .name = "golden",
    .create = golden_be_create,
    .destroy = golden_be_destroy,
    .mem_write = golden_be_mem_write,
    .mem_read = golden_be_mem_read,
    .run = golden_be_run,
    .counters = golden_be_counters,
    .waves = golden_be_waves,
};
