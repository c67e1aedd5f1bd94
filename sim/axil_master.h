/* SPDX-License-Identifier: Apache-2.0 */
// axil_master: the host's side of the GPU's AXI4-Lite register port in the
// testbench (rtl/gpu_axil_regs.sv). One transaction at a time, a write (AW
// and W) or a read (AR); each channel's VALID can be delayed by a number of
// cycles and BREADY/RREADY held low for some cycles, so tests can order AW
// after W or hold a response back. Plain C++17, no Verilator.
//
// Per cycle: pins() gives the master's outputs for the coming rising edge
// (they depend only on the master's state); edge() takes the slave's outputs
// sampled at that edge and records the handshakes. axil_signals() turns one
// edge of the port into AxiSignals for AxiCheck (sim/axi_check.h), which then
// checks the AXI4-Lite port as single-beat AXI4 bursts of 4 bytes with ID 0.
#ifndef WAVEGPU_AXIL_MASTER_H
#define WAVEGPU_AXIL_MASTER_H

#include "axi_check.h"

#include <cstdint>

struct AxilMasterPins {
    bool awvalid; uint32_t awaddr;
    bool wvalid;  uint32_t wdata; unsigned wstrb;
    bool bready;
    bool arvalid; uint32_t araddr;
    bool rready;
};

struct AxilSlavePins {
    bool awready, wready;
    bool bvalid; unsigned bresp;
    bool arready;
    bool rvalid; uint32_t rdata; unsigned rresp;
};

// Cycles from the start of a transaction before AWVALID (aw), WVALID (w) or
// ARVALID (aw); cycles BREADY / RREADY stay low once the response is valid.
struct AxilTiming { unsigned aw = 0, w = 0, resp = 0; };

class AxilMaster {
public:
    void write(uint32_t addr, uint32_t data, unsigned strb = 0xF, AxilTiming t = {});
    void read(uint32_t addr, AxilTiming t = {});
    bool busy() const { return kind_ != None; }

    AxilMasterPins pins() const;
    void edge(uint64_t edge, const AxilSlavePins &s);
    void reset() { kind_ = None; }

    // The last transaction that ended: its response, read data, and the edge
    // at which its AW and W (or its AR) had both been taken.
    unsigned resp() const { return resp_; }
    uint32_t rdata() const { return rdata_; }
    uint64_t accept_edge() const { return accept_edge_; }

private:
    enum Kind { None, Write, Read };
    Kind kind_ = None;
    uint32_t addr_ = 0, data_ = 0;
    unsigned strb_ = 0xF;
    AxilTiming t_;
    unsigned age_ = 0;          // cycles since the start
    unsigned held_ = 0;         // cycles the response has been valid
    bool aw_done_ = false, w_done_ = false;
    unsigned resp_ = 0;
    uint32_t rdata_ = 0;
    uint64_t accept_edge_ = 0;
};

AxiSignals axil_signals(const AxilMasterPins &m, const AxilSlavePins &s);

// The port's pins on a Verilated model with the s_axil_* names of gpu_top
// and gpu_axil_regs: drive the master's side, sample the slave's.
template <class Model> void axil_drive(Model &m, const AxilMasterPins &p)
{
    m.s_axil_awvalid = p.awvalid;
    m.s_axil_awaddr = p.awaddr;
    m.s_axil_awprot = 0;
    m.s_axil_wvalid = p.wvalid;
    m.s_axil_wdata = p.wdata;
    m.s_axil_wstrb = p.wstrb;
    m.s_axil_bready = p.bready;
    m.s_axil_arvalid = p.arvalid;
    m.s_axil_araddr = p.araddr;
    m.s_axil_arprot = 0;
    m.s_axil_rready = p.rready;
}

template <class Model> AxilSlavePins axil_sample(const Model &m)
{
    return AxilSlavePins{ m.s_axil_awready != 0, m.s_axil_wready != 0, m.s_axil_bvalid != 0, m.s_axil_bresp,
                          m.s_axil_arready != 0, m.s_axil_rvalid != 0, m.s_axil_rdata,       m.s_axil_rresp };
}

#endif
