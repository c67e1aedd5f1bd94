// SPDX-License-Identifier: Apache-2.0
// axi_to_tlm: an AXI4 slave port (pins) in front of a TLM-2.0 initiator
// socket: the GPU's memory port (gpu_top's m_axi_*) to whatever memory a
// SystemC platform binds. General: any AXI4 master with a 128-bit data bus,
// 32-bit addresses and IDs up to 8 bits.
//
// Pins. The slave side of the port, sampled and driven at each rising edge of
// clk: its outputs are registered (they change just after an edge and
// depend on the bridge's state only). Types are those of a Verilator --sc
// model's ports: bool for 1 bit, uint32_t up to 32 bits, sc_bv above. The
// master's AxLOCK, AxCACHE, AxPROT and AxQOS are not used and have no pins.
// While rst is high every VALID and READY is low and every burst in flight
// is dropped.
//
// Bursts. The timing is that of the testbench's DRAM model (sim/axi_dram.h,
// AxiDramConfig: channels, bytes per cycle per channel, interleave, bursts in
// flight), with the memory's latency added: each burst is one TLM transaction
// (a read or a write of its bytes, with byte enables when a write's strobes
// leave bytes out) at its service start, and its responses come
// config.latency + ceil(annotated delay / clock period) cycles after it (at
// least 1). IDs and out-of-order responses are as AxiDram gives them: bursts
// of one ID answer in order, bursts of different IDs may overtake. So with
// config.latency 0 and a memory that annotates L cycles, the port behaves as
// sim/axi_dram.h with latency L, beat for beat (tb/axi_selftest.cpp).
//
// Responses. TLM_OK_RESPONSE gives OKAY; TLM_ADDRESS_ERROR_RESPONSE gives
// DECERR; any other status gives SLVERR (on every beat of a read, or the B).
//
// DMI. When the memory grants a direct memory pointer with read and write
// access, bursts inside it are copied directly, with the pointer's read or
// write latency as their delay; invalidate_direct_mem_ptr is honoured.
//
// Rules for the memory: its b_transport must not call wait() (it is called
// from the bridge's clocked method); it annotates its latency in the delay
// argument instead, the loosely-timed convention. A burst the bridge cannot
// accept (not INCR, size above 16 bytes, misaligned) is an SC_REPORT_ERROR.
#ifndef WAVEGPU_AXI_TO_TLM_H
#define WAVEGPU_AXI_TO_TLM_H

#include "axi_dram.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include <cstdint>

class AxiToTlm : public sc_core::sc_module, private AxiDramStore {
public:
    sc_core::sc_in<bool> clk, rst;

    sc_core::sc_in<uint32_t> awid, awaddr, awlen, awsize, awburst;
    sc_core::sc_in<bool> awvalid;
    sc_core::sc_out<bool> awready;
    sc_core::sc_in<sc_dt::sc_bv<128>> wdata;
    sc_core::sc_in<uint32_t> wstrb;
    sc_core::sc_in<bool> wlast, wvalid;
    sc_core::sc_out<bool> wready;
    sc_core::sc_out<uint32_t> bid, bresp;
    sc_core::sc_out<bool> bvalid;
    sc_core::sc_in<bool> bready;
    sc_core::sc_in<uint32_t> arid, araddr, arlen, arsize, arburst;
    sc_core::sc_in<bool> arvalid;
    sc_core::sc_out<bool> arready;
    sc_core::sc_out<uint32_t> rid;
    sc_core::sc_out<sc_dt::sc_bv<128>> rdata;
    sc_core::sc_out<uint32_t> rresp;
    sc_core::sc_out<bool> rlast, rvalid;
    sc_core::sc_in<bool> rready;

    tlm_utils::simple_initiator_socket<AxiToTlm> socket;

    // config: the timing (config.bytes is not used: the memory decides what
    // exists); clock_period: clk's, to turn annotated delays into cycles.
    AxiToTlm(sc_core::sc_module_name name, const AxiDramConfig &config, const sc_core::sc_time &clock_period);

    struct Stats {
        uint64_t transactions;     // b_transport calls
        uint64_t dmi_accesses;     // bursts copied through a DMI pointer
        uint64_t errors;           // bursts answered SLVERR or DECERR
    };
    const Stats &stats() const { return stats_; }
    const AxiDramStats &dram_stats() const { return dram_.stats(); }
    void reset_stats() { dram_.reset_stats(); }
    // Bursts held (AxiDram::in_flight).
    uint64_t in_flight() const { return dram_.in_flight(); }

private:
    SC_HAS_PROCESS(AxiToTlm);
    void on_clock();
    unsigned read(uint32_t addr, uint8_t *dst, uint32_t len, uint64_t *extra) override;
    unsigned write(uint32_t addr, const uint8_t *src, const uint8_t *byte_enable, uint32_t len,
                   uint64_t *extra) override;
    unsigned access(tlm::tlm_command cmd, uint32_t addr, uint8_t *data, const uint8_t *byte_enable, uint32_t len,
                    uint64_t *extra);
    bool dmi_covers(uint32_t addr, uint32_t len);
    void invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end);
    uint64_t cycles(const sc_core::sc_time &t) const;

    AxiDram dram_;
    sc_core::sc_time period_;
    uint64_t edge_ = 0;
    // What the pins show now (driven after the previous edge).
    bool arready_q_ = false, awready_q_ = false, wready_q_ = false, rvalid_q_ = false, bvalid_q_ = false;
    tlm::tlm_generic_payload trans_;
    tlm::tlm_dmi dmi_;
    bool dmi_valid_ = false, dmi_refused_ = false;
    Stats stats_{};
};

#endif
