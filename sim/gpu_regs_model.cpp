// SPDX-License-Identifier: Apache-2.0
// gpu_regs_model.cpp: the register file of sim/gpu_regs_model.h.
#include "gpu_regs_model.h"

#include "gpu_regs.h"   // generated from rtl/gpu_regs_pkg.sv

const uint32_t GpuRegsModel::kIrqEnable = REG_IRQ_ENABLE;

namespace {

// The launch and configuration registers, with their reset values (NUM_CUS:
// the build's NumCus) and the bits they keep.
struct RwReg { uint32_t addr, reset, mask; };

const RwReg kRwRegs[] = {
    { REG_IRQ_ENABLE, 0, 1 },         { REG_NUM_GROUPS, 1, 0xffff }, { REG_WAVES_PER_GROUP, 1, 3 },
    { REG_LDS_BYTES, 0, 0x1ffff },    { REG_NUM_INSTS, 1, 0x1fff },  { REG_ARGS_ADDR, 0, ~0u },
    { REG_MEM_BYTES, 0, ~0u },        { REG_NUM_CUS, 0, 0xf },
};

bool read_only(uint32_t a)
{
    return a == REG_ID || a == REG_CONFIG || a == REG_STATUS || (a >= REG_FAULT_CODE && a <= REG_FAULT_REG);
}

} // namespace

GpuRegsModel::GpuRegsModel(const GpuRegsConfig &cfg) : cfg_(cfg)
{
    reset();
}

void GpuRegsModel::reset()
{
    rw_.clear();
    for (const RwReg &r : kRwRegs) rw_[r.addr] = r.addr == REG_NUM_CUS ? cfg_.num_cus : r.reset;
    done_ = task_ = false;
    imem_lo_ = 0;
}

bool GpuRegsModel::in_range(uint32_t a, uint32_t v) const
{
    switch (a) {
    case REG_NUM_GROUPS: return v >= 1 && v <= 65535;
    case REG_WAVES_PER_GROUP: return v == 1 || v == 2;
    case REG_LDS_BYTES: return v <= 65536;
    case REG_NUM_INSTS: return v >= 1 && v <= cfg_.imem_depth;
    case REG_NUM_CUS: return v >= 1 && v <= cfg_.num_cus;
    default: return true;
    }
}

bool GpuRegsModel::counter(uint32_t a, unsigned *cu, unsigned *idx) const
{
    a &= 0xfffc;
    if (a >= REG_CTR_BASE && a < REG_MEM_CTR_BASE) {
        *cu = (a - REG_CTR_BASE) / REG_CTR_CU_STRIDE;
        *idx = (a - REG_CTR_BASE) % REG_CTR_CU_STRIDE / 8;
        return *cu < cfg_.num_cus && *idx < cfg_.num_ctrs;
    }
    if (a >= REG_MEM_CTR_BASE && a < REG_MEM_CTR_BASE + 0x800) {
        *cu = 0;
        *idx = cfg_.mem_ctr_first + (a - REG_MEM_CTR_BASE) / 8;
        return (a - REG_MEM_CTR_BASE) / 8 < cfg_.num_mem_ctrs;
    }
    return false;
}

uint32_t GpuRegsModel::reg(uint32_t a) const
{
    auto it = rw_.find(a);
    return it == rw_.end() ? 0 : it->second;
}

void GpuRegsModel::finish()
{
    task_ = false;
    done_ = true;
}

unsigned GpuRegsModel::write(uint32_t a, uint32_t v, unsigned strb, bool *launch,
                             std::vector<std::pair<unsigned, uint64_t>> *imem)
{
    *launch = false;
    a &= 0xfffc;
    unsigned cu, idx;
    unsigned r;
    if (a >= REG_IMEM_BASE) r = task_ ? RESP_SLVERR : RESP_OKAY;
    else if (counter(a, &cu, &idx) || read_only(a)) r = RESP_SLVERR;
    else if (a == REG_CONTROL) r = (v & CONTROL_START) && task_ ? RESP_SLVERR : RESP_OKAY;
    else if (a == REG_IRQ_ENABLE) r = RESP_OKAY;
    else if (rw_.count(a)) r = task_ || !in_range(a, v) ? RESP_SLVERR : RESP_OKAY;
    else r = RESP_DECERR;
    if (strb != 0xF) r = RESP_SLVERR;     // only whole words are written
    if (r != RESP_OKAY) return r;
    if (a >= REG_IMEM_BASE) {
        if (!(a & 4)) imem_lo_ = v;
        else if (imem) imem->push_back({ (a - REG_IMEM_BASE) / 8, (uint64_t)v << 32 | imem_lo_ });
    } else if (a == REG_CONTROL) {
        if (v & (CONTROL_START | CONTROL_CLEAR_DONE)) done_ = false;
        if (v & CONTROL_START) task_ = *launch = true;
    } else {
        for (const RwReg &d : kRwRegs)
            if (d.addr == a) rw_[a] = v & d.mask;
    }
    return r;
}

unsigned GpuRegsModel::read(uint32_t a, uint32_t *v, const GpuRegsInputs &in) const
{
    a &= 0xfffc;
    unsigned cu, idx;
    *v = 0;
    if (a >= REG_IMEM_BASE) return RESP_SLVERR;   // the instruction memory is write-only
    if (counter(a, &cu, &idx)) {
        uint64_t c = in.counter ? in.counter(cu, idx) : 0;
        *v = a & 4 ? (uint32_t)(c >> 32) : (uint32_t)c;
        return RESP_OKAY;
    }
    if (auto it = rw_.find(a); it != rw_.end()) {
        *v = it->second;
        return RESP_OKAY;
    }
    const GpuRegsFault &f = in.f;
    switch (a) {
    case REG_ID: *v = REG_ID_VALUE; return RESP_OKAY;
    case REG_CONFIG: *v = cfg_.imem_depth << 16 | cfg_.l2_slices << 4 | cfg_.num_cus; return RESP_OKAY;
    case REG_CONTROL: return RESP_OKAY;
    case REG_STATUS:
        *v = (task_ ? STATUS_BUSY : 0) | (done_ ? STATUS_DONE : 0) | (in.fault ? STATUS_FAULT : 0) |
             (in.mem_error ? STATUS_MEM_ERROR : 0);
        return RESP_OKAY;
    case REG_FAULT_CODE: *v = f.code; return RESP_OKAY;
    case REG_FAULT_CU: *v = f.cu; return RESP_OKAY;
    case REG_FAULT_SLOT: *v = f.slot; return RESP_OKAY;
    case REG_FAULT_WAVE: *v = f.wave; return RESP_OKAY;
    case REG_FAULT_GROUP: *v = f.group; return RESP_OKAY;
    case REG_FAULT_PC: *v = f.pc; return RESP_OKAY;
    case REG_FAULT_INST_LO: *v = (uint32_t)f.inst; return RESP_OKAY;
    case REG_FAULT_INST_HI: *v = (uint32_t)(f.inst >> 32); return RESP_OKAY;
    case REG_FAULT_LANE: *v = f.lane; return RESP_OKAY;
    case REG_FAULT_ADDR: *v = f.addr; return RESP_OKAY;
    case REG_FAULT_REG: *v = f.reg; return RESP_OKAY;
    default: return RESP_DECERR;
    }
}
