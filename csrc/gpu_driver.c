/* SPDX-License-Identifier: Apache-2.0 */
/* gpu_driver.c: see gpu_driver.h. */
#include "gpu_driver.h"

#include "gpu_ctr.h"    /* generated from rtl/gpu_ctr_pkg.sv */
#include "gpu_regs.h"   /* generated from rtl/gpu_regs_pkg.sv */

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------ the counter map */

/* Counter index -> gpu_counters field. */
typedef struct {
    unsigned idx;
    size_t offset;
} ctr_field;

#define F(i, f) { i, offsetof(gpu_counters, f) }
static const ctr_field cu_fields[] = {
    F(CTR_CYCLES, cycles),           F(CTR_INSTS, instructions),          F(CTR_LANE_OPS, lane_ops),
    F(CTR_VALU_INSTS, valu_insts),   F(CTR_SALU_INSTS, salu_insts),       F(CTR_XLANE_INSTS, xlane_insts),
    F(CTR_RED_INSTS, red_insts),     F(CTR_BRANCH_INSTS, branch_insts),   F(CTR_SIG_INSTS, sig_insts),
    F(CTR_LDS_INSTS, lds_insts),     F(CTR_GMEM_INSTS, gmem_insts),       F(CTR_LDS_ACCESSES, lds_accesses),
    F(CTR_LDS_CONFLICT, lds_conflict_cycles), F(CTR_GLOBAL_LOADS, global_loads),
    F(CTR_GLOBAL_STORES, global_stores),      F(CTR_GLOBAL_ATOMICS, global_atomics),
    F(CTR_MEM_REQS, mem_requests),   F(CTR_BARRIERS, barriers),           F(CTR_STALL_DEP, stall_dependency),
    F(CTR_STALL_MEM, stall_memory),  F(CTR_STALL_BARRIER, stall_barrier), F(CTR_STALL_LDS, stall_lds),
    F(CTR_STALL_FETCH, stall_fetch), F(CTR_GROUPS, groups),               F(CTR_MEM_STALL, mem_stall_cycles),
    F(CTR_L1_HITS, l1_hits),         F(CTR_L1_MISSES, l1_misses),         F(CTR_L1_EVICTIONS, l1_evictions),
};
static const ctr_field mem_fields[] = {
    F(MEM_CTR_L2_HITS, l2_hits),           F(MEM_CTR_L2_MISSES, l2_misses),
    F(MEM_CTR_L2_EVICTIONS, l2_evictions), F(MEM_CTR_L2_ATOMICS, l2_atomics),
    F(MEM_CTR_DRAM_BYTES_READ, dram_bytes_read), F(MEM_CTR_DRAM_BYTES_WRITTEN, dram_bytes_written),
};
#undef F
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static uint64_t *field(gpu_counters *k, size_t offset) { return (uint64_t *)((char *)k + offset); }

void gpu_drv_add_cu_counters(gpu_counters *k, const uint64_t *raw, unsigned n)
{
    for (size_t i = 0; i < COUNT(cu_fields); i++) {
        unsigned idx = cu_fields[i].idx;
        if (idx >= n) continue;
        uint64_t *f = field(k, cu_fields[i].offset);
        *f = idx == CTR_CYCLES ? raw[idx] : *f + raw[idx];
    }
}

void gpu_drv_set_mem_counters(gpu_counters *k, const uint64_t *raw, unsigned n)
{
    for (size_t i = 0; i < COUNT(mem_fields); i++) {
        unsigned j = mem_fields[i].idx - MEM_CTR_FIRST;
        if (j < n) *field(k, mem_fields[i].offset) = raw[j];
    }
}

uint64_t gpu_drv_counter_value(const gpu_counters *k, unsigned idx)
{
    const ctr_field *t = idx >= MEM_CTR_FIRST ? mem_fields : cu_fields;
    size_t n = idx >= MEM_CTR_FIRST ? COUNT(mem_fields) : COUNT(cu_fields);
    for (size_t i = 0; i < n; i++)
        if (t[i].idx == idx) return *field((gpu_counters *)k, t[i].offset);
    return 0;
}

/* ------------------------------------------------------------ register access */

static gpu_status fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return GPU_ERR_BACKEND;
}

static const char *bus_code(int code)
{
    return code == RESP_SLVERR ? "SLVERR" : code == RESP_DECERR ? "DECERR" : "a bus error";
}

static gpu_status rd(const gpu_drv_port *p, uint32_t addr, uint32_t *v, const char *what, char *err, size_t errlen)
{
    int c = p->read32(p->ctx, addr, v);
    return c ? fail(err, errlen, "GPU register %s (0x%04x): the read got %s (%d)", what, addr, bus_code(c), c) : GPU_OK;
}

static gpu_status wr(const gpu_drv_port *p, uint32_t addr, uint32_t v, const char *what, char *err, size_t errlen)
{
    int c = p->write32(p->ctx, addr, v);
    return c ? fail(err, errlen, "GPU register %s (0x%04x): the write of 0x%x got %s (%d)", what, addr, v, bus_code(c), c)
             : GPU_OK;
}

static int port_ok(const gpu_drv_port *p) { return p && p->read32 && p->write32; }

gpu_status gpu_drv_probe(const gpu_drv_port *p, gpu_drv_info *info, char *err, size_t errlen)
{
    if (!port_ok(p) || !info) return GPU_ERR_ARG;
    uint32_t id = 0, cfg = 0;
    gpu_status st = rd(p, REG_ID, &id, "ID", err, errlen);
    if (st == GPU_OK && id != REG_ID_VALUE)
        return fail(err, errlen, "GPU register ID reads 0x%08x, expected 0x%08x: not the GPU", id, (unsigned)REG_ID_VALUE);
    if (st == GPU_OK) st = rd(p, REG_CONFIG, &cfg, "CONFIG", err, errlen);
    if (st != GPU_OK) return st;
    info->num_cus = cfg & 0xf;
    info->l2_slices = cfg >> 4 & 0xf;
    info->imem_depth = cfg >> 16;
    return GPU_OK;
}

gpu_status gpu_drv_load_program(const gpu_drv_port *p, const uint64_t *code, uint32_t num_insts, char *err,
                                size_t errlen)
{
    if (!port_ok(p) || (!code && num_insts)) return GPU_ERR_ARG;
    for (uint32_t i = 0; i < num_insts; i++) {
        gpu_status st = wr(p, REG_IMEM_BASE + i * 8, (uint32_t)code[i], "an instruction's low word", err, errlen);
        if (st == GPU_OK) st = wr(p, REG_IMEM_BASE + i * 8 + 4, (uint32_t)(code[i] >> 32), "an instruction's high word",
                                  err, errlen);
        if (st != GPU_OK) return st;
    }
    return GPU_OK;
}

gpu_status gpu_drv_start(const gpu_drv_port *p, const gpu_drv_task *t, char *err, size_t errlen)
{
    if (!port_ok(p) || !t) return GPU_ERR_ARG;
    const struct { uint32_t addr; uint32_t v; const char *name; } regs[] = {
        { REG_MEM_BYTES, t->mem_bytes, "MEM_BYTES" },          { REG_NUM_CUS, t->num_cus, "NUM_CUS" },
        { REG_NUM_GROUPS, t->num_groups, "NUM_GROUPS" },       { REG_WAVES_PER_GROUP, t->waves_per_group, "WAVES_PER_GROUP" },
        { REG_LDS_BYTES, t->lds_bytes, "LDS_BYTES" },          { REG_NUM_INSTS, t->num_insts, "NUM_INSTS" },
        { REG_ARGS_ADDR, t->args_addr, "ARGS_ADDR" },          { REG_IRQ_ENABLE, 1, "IRQ_ENABLE" },
        { REG_CONTROL, CONTROL_START, "CONTROL (START)" },
    };
    for (size_t i = 0; i < COUNT(regs); i++) {
        gpu_status st = wr(p, regs[i].addr, regs[i].v, regs[i].name, err, errlen);
        if (st != GPU_OK) return st;
    }
    return GPU_OK;
}

gpu_status gpu_drv_status(const gpu_drv_port *p, uint32_t *status, char *err, size_t errlen)
{
    if (!port_ok(p) || !status) return GPU_ERR_ARG;
    return rd(p, REG_STATUS, status, "STATUS", err, errlen);
}

gpu_status gpu_drv_finish(const gpu_drv_port *p, gpu_result *res, char *err, size_t errlen)
{
    if (!port_ok(p) || !res) return GPU_ERR_ARG;
    memset(res, 0, sizeof *res);
    res->lane = -1;
    res->reg = -1;
    uint32_t status = 0;
    gpu_status st = rd(p, REG_STATUS, &status, "STATUS", err, errlen);
    if (st != GPU_OK) return st;
    /* A memory error stops the task as a fault does (codes MEM_READ_ERROR,
     * MEM_WRITE_ERROR in the fault registers); mem_error without a fault is a
     * device that breaks that rule. The flag clears at the next START. */
    if ((status & STATUS_MEM_ERROR) && !(status & STATUS_FAULT)) {
        if (status & STATUS_DONE) wr(p, REG_CONTROL, CONTROL_CLEAR_DONE, "CONTROL (CLEAR_DONE)", err, errlen);
        return fail(err, errlen, "STATUS 0x%x: the GPU's memory port saw an error response (STATUS.mem_error), but "
                    "no fault was recorded", status);
    }
    if ((status & (STATUS_BUSY | STATUS_DONE)) != STATUS_DONE)
        return fail(err, errlen, "STATUS 0x%x: the task is %s", status, status & STATUS_BUSY ? "still running" : "not done");
    res->status = GPU_OK;
    if (status & STATUS_FAULT) {
        st = gpu_drv_read_fault(p, res, err, errlen);
        if (st != GPU_OK) return st;
    }
    st = wr(p, REG_CONTROL, CONTROL_CLEAR_DONE, "CONTROL (CLEAR_DONE)", err, errlen);
    return st != GPU_OK ? st : res->status;
}

gpu_status gpu_drv_read_fault(const gpu_drv_port *p, gpu_result *res, char *err, size_t errlen)
{
    if (!port_ok(p) || !res) return GPU_ERR_ARG;
    static const uint32_t addrs[10] = { REG_FAULT_CODE, REG_FAULT_CU,      REG_FAULT_WAVE,    REG_FAULT_GROUP,
                                        REG_FAULT_PC,   REG_FAULT_INST_LO, REG_FAULT_INST_HI, REG_FAULT_LANE,
                                        REG_FAULT_ADDR, REG_FAULT_REG };
    uint32_t v[10] = { 0 };
    gpu_status st = GPU_OK;
    for (unsigned i = 0; i < 10 && st == GPU_OK; i++) st = rd(p, addrs[i], &v[i], "FAULT_*", err, errlen);
    if (st != GPU_OK) return st;
    res->status = GPU_ERR_FAULT;
    res->fault = v[0];
    res->cu = v[1];
    res->wave = v[2];
    res->group = v[3];
    res->pc = v[4];
    res->inst = (uint64_t)v[6] << 32 | v[5];
    res->lane = v[7] == 63 ? -1 : (int32_t)v[7];
    res->addr = v[8];
    res->reg = v[9] == 127 ? -1 : (int32_t)v[9];
    return GPU_OK;
}

gpu_status gpu_drv_read_counters(const gpu_drv_port *p, unsigned num_cus, gpu_counters *total, gpu_counters *per_cu,
                                 char *err, size_t errlen)
{
    if (!port_ok(p) || !total || num_cus == 0 || num_cus > 8) return GPU_ERR_ARG;
    memset(total, 0, sizeof *total);
    uint64_t raw[NUM_CTRS], cycles = 0;
    for (unsigned c = 0; c < num_cus; c++) {
        for (unsigned i = 0; i < NUM_CTRS; i++) {
            uint32_t lo = 0, hi = 0, a = REG_CTR_BASE + c * REG_CTR_CU_STRIDE + i * 8;
            gpu_status st = rd(p, a, &lo, "a counter's low word", err, errlen);
            if (st == GPU_OK) st = rd(p, a + 4, &hi, "a counter's high word", err, errlen);
            if (st != GPU_OK) return st;
            raw[i] = (uint64_t)hi << 32 | lo;
        }
        if (per_cu) {
            memset(&per_cu[c], 0, sizeof per_cu[c]);
            gpu_drv_add_cu_counters(&per_cu[c], raw, NUM_CTRS);
        }
        gpu_drv_add_cu_counters(total, raw, NUM_CTRS);
        if (c == 0) cycles = raw[CTR_CYCLES];
    }
    total->cycles = cycles;
    uint64_t mem[NUM_MEM_CTRS];
    for (unsigned j = 0; j < NUM_MEM_CTRS; j++) {
        uint32_t lo = 0, hi = 0, a = REG_MEM_CTR_BASE + j * 8;
        gpu_status st = rd(p, a, &lo, "a memory counter's low word", err, errlen);
        if (st == GPU_OK) st = rd(p, a + 4, &hi, "a memory counter's high word", err, errlen);
        if (st != GPU_OK) return st;
        mem[j] = (uint64_t)hi << 32 | lo;
    }
    gpu_drv_set_mem_counters(total, mem, NUM_MEM_CTRS);
    return GPU_OK;
}
