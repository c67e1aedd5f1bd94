/* SPDX-License-Identifier: Apache-2.0 */
/* gpu.h: the host API. Tests and users program the GPU through this one
 * interface; the backend (the C golden model, or the Verilated RTL in
 * sim/rtl_backend.cpp) is chosen when the device is opened, and the same test
 * runs unchanged on each.
 *
 * Every call returns a gpu_status; on failure gpu_last_error() says why.
 * Nothing here calls exit() or keeps global state.
 */
#ifndef GPU_H
#define GPU_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef uint32_t gpu_addr;
typedef struct gpu_device gpu_device;
typedef struct gpu_kernel gpu_kernel;

typedef enum {
    GPU_BACKEND_GOLDEN = 0, /* the C golden model */
    GPU_BACKEND_RTL = 1     /* the Verilated RTL (sim/, libwavegpu_rtl), when linked in */
} gpu_backend_kind;

typedef struct {
    gpu_backend_kind backend;
    unsigned num_cus;        /* compute units, 1..8 (default 4) */
    uint32_t mem_bytes;      /* device memory, a power of two, 64 KiB..1 GiB (default 16 MiB) */
    unsigned mem_latency;    /* memory latency, <= 1,000,000 (default 100): golden model, ticks from a global
                                access's issue to its completion; RTL, the DRAM model's latency in cycles */
    uint64_t max_cycles;     /* watchdog: a launch that runs longer is stopped (default 200M) */
    /* The RTL backend's DRAM model behind the AXI4 port (the golden model ignores them): */
    unsigned dram_channels;        /* 1..16 (default 4); addresses interleaved over them in 256-byte blocks */
    unsigned dram_bytes_per_cycle; /* per channel, 1..64 (default 4: a peak of 16, the AXI data width); at most 16
                                      bytes per cycle each way on the 128-bit bus */
    uint64_t dram_jitter_seed;     /* 0: fixed latency (default); else each burst gets a random extra 0..latency
                                      (the environment variable WAVEGPU_MEM_JITTER=seed sets it too) */
} gpu_config;

typedef enum {
    GPU_OK = 0,
    GPU_ERR_ARG,      /* bad argument: null pointer, bad config or launch parameter */
    GPU_ERR_NOMEM,    /* device memory exhausted, or host allocation failed */
    GPU_ERR_RANGE,    /* host access outside the device memory or an allocation */
    GPU_ERR_KERNEL,   /* malformed kernel binary */
    GPU_ERR_FAULT,    /* the kernel faulted: see gpu_result */
    GPU_ERR_TIMEOUT,  /* the launch exceeded max_cycles */
    GPU_ERR_BACKEND,  /* the backend is unavailable or failed */
    GPU_ERR_STATE     /* call out of order, e.g. gpu_wait with nothing launched */
} gpu_status;

typedef struct {
    uint32_t num_groups;      /* work groups in the grid, 1..65535 */
    uint32_t waves_per_group; /* 1 or 2; 0 = the kernel's declaration */
    uint32_t lds_bytes;       /* per group, multiple of 4, <= 65536; 0 = the kernel's */
    const uint32_t *args;     /* kernel arguments, readable at the address in `args` (v15) */
    uint32_t num_args;        /* at most GPU_MAX_ARGS */
} gpu_launch_params;

#define GPU_MAX_ARGS 64

typedef struct {
    gpu_status status;    /* GPU_OK, GPU_ERR_FAULT or GPU_ERR_TIMEOUT */
    unsigned fault;       /* isa_fault code, 0 if none */
    uint32_t wave;        /* task-wide wave id of the faulting wave */
    uint32_t group;       /* its work group */
    uint32_t cu;          /* the CU it ran on */
    uint32_t pc;          /* pc of the faulting instruction */
    uint64_t inst;        /* the instruction word */
    int32_t lane;         /* lowest faulting lane, or -1 */
    uint32_t addr;        /* faulting address (memory faults) */
    int32_t reg;          /* register (PENDING_REG, CONST_WRITE), or -1 */
} gpu_result;

/* Counters of the last launch. A backend that does not model a counter leaves
 * it 0; docs/isa.md and the backend's header say which ones it models. */
typedef struct {
    uint64_t cycles;            /* golden: scheduler ticks; RTL: clock cycles */
    uint64_t instructions;      /* instructions retired, all waves */
    uint64_t lane_ops;          /* lanes operated on, as docs/isa.md ("Counters") defines it per instruction kind */
    uint64_t valu_insts, salu_insts, xlane_insts, red_insts, branch_insts, sig_insts, lds_insts, gmem_insts;
    uint64_t lds_accesses;      /* lane accesses to LDS */
    uint64_t lds_conflict_cycles;
    uint64_t global_loads, global_stores, global_atomics; /* lane accesses */
    uint64_t mem_requests;      /* 64-byte line requests of global accesses after coalescing (docs/isa.md 4.7) */
    /* The memory system (RTL only: the golden model has no caches and leaves them 0): */
    uint64_t mem_stall_cycles;  /* cycles a CU's line request waited for the memory system, all CUs */
    uint64_t l1_hits, l1_misses, l1_evictions;               /* loads served by an L1; that could have been; lines dropped */
    uint64_t l2_hits, l2_misses, l2_evictions, l2_atomics;   /* line requests; dirty lines written back; atomics */
    uint64_t dram_bytes_read, dram_bytes_written;            /* on the AXI4 port */
    uint64_t barriers;          /* barrier instructions retired */
    uint64_t stall_dependency, stall_memory, stall_barrier, stall_lds, stall_fetch; /* RTL only: docs/isa.md 10 */
    uint64_t groups;            /* work groups run */
} gpu_counters;

/* Fills cfg with the defaults given in gpu_config's comments; the backend is
 * the one gpu_default_backend names (GPU_BACKEND_GOLDEN unless the program
 * links the RTL backend or WAVEGPU_BACKEND says otherwise). */
void gpu_config_default(gpu_config *cfg);

/* The backend of a default config. The environment variable WAVEGPU_BACKEND
 * ("golden" or "rtl") chooses it when set and not empty; otherwise it is
 * GPU_BACKEND_RTL in a program linked with the RTL backend (libwavegpu_rtl,
 * sim/rtl_backend.h) and GPU_BACKEND_GOLDEN elsewhere. This is the one place
 * the variable is read. Any other value: GPU_ERR_ARG with a message in err
 * (and gpu_open of a default config fails with the same message). */
gpu_status gpu_default_backend(gpu_backend_kind *kind, char *err, size_t errlen);

/* 1 if gpu_open can open a device of this kind in this program: the golden
 * model always, the RTL when its backend is linked in. Else 0. */
int gpu_backend_available(gpu_backend_kind kind);

/* Opens a device. On failure *dev is NULL and the reason is in err. */
gpu_status gpu_open(const gpu_config *cfg, gpu_device **dev, char *err, size_t errlen);
void gpu_close(gpu_device *dev);
const char *gpu_last_error(const gpu_device *dev);
const char *gpu_status_name(gpu_status s);

/* Device memory. Allocations are 256-byte aligned and never overlap the
 * 4 KiB null guard at address 0. */
gpu_status gpu_alloc(gpu_device *dev, uint32_t bytes, gpu_addr *addr);
gpu_status gpu_write(gpu_device *dev, gpu_addr dst, const void *src, uint32_t bytes);
gpu_status gpu_read(gpu_device *dev, void *dst, gpu_addr src, uint32_t bytes);
gpu_status gpu_fill(gpu_device *dev, gpu_addr dst, uint32_t value, uint32_t bytes);

/* Kernels: a .wgk binary (docs/isa.md section 8). */
gpu_status gpu_kernel_load(gpu_device *dev, const void *bin, size_t len, gpu_kernel **k);
gpu_status gpu_kernel_load_file(gpu_device *dev, const char *path, gpu_kernel **k);
/* Assembles len bytes of assembly source (docs/isa.md section 9; need not be
 * NUL-terminated) into a kernel. name is used only in messages: an error is
 * GPU_ERR_KERNEL with "name:line:col: message" in gpu_last_error. */
gpu_status gpu_kernel_assemble(gpu_device *dev, const char *src, size_t len, const char *name, gpu_kernel **k);
void gpu_kernel_free(gpu_kernel *k);

/* Launch and completion. gpu_launch validates and starts the task;
 * gpu_wait runs it to the end and reports the outcome in *res. */
gpu_status gpu_launch(gpu_device *dev, const gpu_kernel *k, const gpu_launch_params *p);
gpu_status gpu_wait(gpu_device *dev, gpu_result *res);
gpu_status gpu_read_counters(gpu_device *dev, gpu_counters *c);

/* The counters that both backends model (every one but cycles,
 * lds_conflict_cycles and the stall_* counters) compared: returns the name of
 * the first that differs (its values in *va, *vb), or NULL if they all agree.
 * *n (may be NULL) receives how many are compared. */
const char *gpu_counters_diff(const gpu_counters *a, const gpu_counters *b, uint64_t *va, uint64_t *vb, unsigned *n);

/* Formats a result as one line: "ok", or the fault with wave, pc, disassembly. */
void gpu_result_format(const gpu_device *dev, const gpu_result *res, char *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif
