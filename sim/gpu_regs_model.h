/* SPDX-License-Identifier: Apache-2.0 */
// gpu_regs_model: gpu_top's AXI4-Lite register file (rtl/gpu_axil_regs.sv,
// the map of rtl/gpu_regs_pkg.sv, docs/architecture.md "Registers") as the
// host sees it, one access at a time. Plain C++17, no Verilator, no SystemC.
//
// Two users: the register bench (tb/rtl/axil_regs_tb.cpp) checks the RTL
// slave against it with random transactions, and the golden-model TLM device
// (sim/systemc/) answers its target socket with it. So the golden fidelity's
// registers are the RTL's, checked, not a second description.
//
// The GPU behind the registers: write() reports a START (the task begins)
// and every instruction written; the owner calls finish() when the task
// ends, and passes the fault inputs and the counter values to read().
// Responses are RESP_OKAY, RESP_SLVERR (a register that refuses the access:
// read-only, write-only, busy, value out of range, a partial write) or
// RESP_DECERR (no register); a refused access changes nothing.
#ifndef WAVEGPU_GPU_REGS_MODEL_H
#define WAVEGPU_GPU_REGS_MODEL_H

#include <cstdint>
#include <functional>
#include <map>
#include <utility>
#include <vector>

// The first fault of the last task (the FAULT_* registers). lane 63 and
// reg 127 mean "not a lane / register fault", as in the RTL.
struct GpuRegsFault {
    unsigned code = 0, cu = 0, slot = 0, wave = 0, group = 0, pc = 0, lane = 63, reg = 127;
    uint64_t inst = 0;
    uint32_t addr = 0;
};

// What the registers read from the GPU besides themselves.
struct GpuRegsInputs {
    bool fault = false;        // the last task stopped on a fault (STATUS.fault)
    bool mem_error = false;    // the memory port saw an error response (STATUS.mem_error)
    GpuRegsFault f;
    // Counter idx of CU cu (idx < num_ctrs), or memory counter idx
    // (mem_ctr_first <= idx < mem_ctr_first + num_mem_ctrs; cu 0).
    std::function<uint64_t(unsigned cu, unsigned idx)> counter;
};

struct GpuRegsConfig {
    unsigned num_cus = 4;       // NumCus of the build (REG_CONFIG, REG_NUM_CUS's range and reset)
    unsigned l2_slices = 4;
    unsigned imem_depth = 4096; // instructions
    unsigned num_ctrs = 30, num_mem_ctrs = 6, mem_ctr_first = 32;   // gpu_ctr_pkg
};

class GpuRegsModel {
public:
    explicit GpuRegsModel(const GpuRegsConfig &cfg = GpuRegsConfig());

    // A write of v with byte strobes strb (0xF: the whole word) to byte
    // address a (bits [1:0] ignored). Returns the response; applies it when
    // OKAY. *launch: it started a task. imem: receives (index, instruction)
    // for each instruction it wrote (may be null).
    unsigned write(uint32_t a, uint32_t v, unsigned strb, bool *launch,
                   std::vector<std::pair<unsigned, uint64_t>> *imem);
    // A read of byte address a: the response, and the value in *v when OKAY.
    unsigned read(uint32_t a, uint32_t *v, const GpuRegsInputs &in) const;

    // The task has ended: STATUS.busy falls, STATUS.done rises.
    void finish();
    bool busy() const { return task_; }
    bool done() const { return done_; }
    bool irq() const { return done_ && (rw_.at(kIrqEnable) & 1); }
    // A launch register's value (REG_NUM_GROUPS ... REG_NUM_CUS, REG_IRQ_ENABLE).
    uint32_t reg(uint32_t a) const;
    void reset();

    // The counter at byte address a, if one is there: CU *cu, index *idx.
    bool counter(uint32_t a, unsigned *cu, unsigned *idx) const;
    const GpuRegsConfig &config() const { return cfg_; }

private:
    static const uint32_t kIrqEnable;
    bool in_range(uint32_t a, uint32_t v) const;

    GpuRegsConfig cfg_;
    std::map<uint32_t, uint32_t> rw_;
    bool done_ = false, task_ = false;
    uint32_t imem_lo_ = 0;
};

#endif
