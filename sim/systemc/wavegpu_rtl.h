// SPDX-License-Identifier: Apache-2.0
// wavegpu_rtl: the GPU's RTL as a SystemC component: gpu_top Verilated with
// --sc (build/vsc/), its AXI4-Lite register slave behind a TLM-2.0 target
// socket (sim/systemc/tlm_to_axil.h) and its AXI4 memory master in front of a
// TLM-2.0 initiator socket (sim/systemc/axi_to_tlm.h). It has the ports of
// the golden-model device (sim/systemc/wavegpu_golden.h), so a platform binds
// either; docs/systemc.md says how.
//
//   clk, rst   the clock (an sc_clock; its period is config.clock_period) and
//              the reset, active high, held for a few cycles at start
//   irq        gpu_top's irq_o: STATUS.done, if IRQ_ENABLE
//   regs       target socket: the 64 KiB register window (offsets 0..0xFFFF)
//   mem        initiator socket: device memory, device address = address;
//              the memory annotates its latency and must not wait (axi_to_tlm.h)
//
// The trace outputs of gpu_top (tr_*) end on internal signals: the lockstep
// checking is the C testbench's (sim/lockstep.h), not this component's.
// config.fst_path writes every signal of gpu_top to an FST file (the model is
// Verilated with --trace-fst; an untraced run pays nothing for it).
#ifndef WAVEGPU_WAVEGPU_RTL_H
#define WAVEGPU_WAVEGPU_RTL_H

#include "axi_dram.h"

#include <systemc>
#include <tlm>

#include <cstdint>
#include <memory>
#include <string>

class Vgpu_top;
class AxiToTlm;
class TlmToAxil;
class VerilatedFstSc;
struct WaveGpuRtlSignals;

struct WaveGpuRtlConfig {
    sc_core::sc_time clock_period = sc_core::sc_time(10, sc_core::SC_NS);
    // The memory port's timing besides the memory's own latency (axi_to_tlm.h);
    // the defaults are those of the C testbench's DRAM model (csrc/gpu.h
    // gpu_config: 4 channels of 4 bytes per cycle, 256-byte interleave).
    AxiDramConfig port = default_port();
    // Not empty: every signal of gpu_top goes to this FST file from the start.
    std::string fst_path;
    static AxiDramConfig default_port()
    {
        AxiDramConfig c;
        c.latency = 0;
        c.channels = 4;
        c.bytes_per_cycle = 4;
        return c;
    }
};

class WaveGpuRtl : public sc_core::sc_module {
public:
    sc_core::sc_in<bool> clk, rst;
    sc_core::sc_out<bool> irq;
    tlm::tlm_target_socket<32> regs;
    tlm::tlm_initiator_socket<32> mem;

    WaveGpuRtl(sc_core::sc_module_name name, const WaveGpuRtlConfig &config = WaveGpuRtlConfig());
    ~WaveGpuRtl() override;

    // NumCus and L2Slices of the Verilated build.
    static unsigned num_cus();
    static unsigned l2_slices();
    // gpu_top's busy_o now.
    bool busy() const;
    // Rising edges of clk since the start of the simulation.
    uint64_t cycles() const { return cycles_; }
    // Bursts and bytes on the memory port since the start.
    const AxiDramStats &port_stats() const;

private:
    SC_HAS_PROCESS(WaveGpuRtl);
    void count_cycles() { cycles_++; }
    void start_of_simulation() override;

    std::unique_ptr<WaveGpuRtlSignals> sig_;
    std::unique_ptr<Vgpu_top> top_;
    std::unique_ptr<TlmToAxil> regs_bridge_;
    std::unique_ptr<AxiToTlm> mem_bridge_;
    std::unique_ptr<VerilatedFstSc> fst_;
    std::string fst_path_;
    uint64_t cycles_ = 0;
};

#endif
