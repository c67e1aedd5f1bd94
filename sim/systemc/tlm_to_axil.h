// SPDX-License-Identifier: Apache-2.0
// tlm_to_axil: a SystemC/TLM-2.0 bridge from a blocking target socket to the
// master pins of an AXI4-Lite port (32-bit data), so that a loosely timed
// SystemC initiator can drive an AXI4-Lite slave, for example a Verilated
// --sc model of gpu_axil_regs. The pin engine is AxilMaster (sim/axil_master.h).
//
// Pins. The master's side of the port, without a prefix (clk, rst, awaddr,
// awvalid, ..., rready); 1-bit pins are bool, wider ones uint32_t, as on a
// Verilator --sc model. AWPROT and ARPROT are driven 0. Outputs are registered:
// at each rising edge of clk with rst low, the slave's outputs sampled at that
// edge go into AxilMaster::edge(), then AxilMaster::pins() is driven for the
// next edge. rst is active high: the moment it rises (and at every edge while
// it is high) every VALID and READY goes low and the engine resets; the first
// VALID comes at least one edge after an edge with rst low (AXI: asynchronous
// assertion, synchronous release).
//
// b_transport. First wait(delay) and zero the delay. TLM_IGNORE_COMMAND: OK,
// nothing done. Refused with no pin activity: data length 0 or not a multiple
// of 4, or streaming width < data length (TLM_BURST_ERROR_RESPONSE); address
// not a multiple of 4, or any byte at or above 1 << addr_bits, addr_bits
// clamped to 1..32 (TLM_ADDRESS_ERROR_RESPONSE). Otherwise each 4-byte word is
// one AXI4-Lite transaction, in address order, back to back on the pins. Byte
// k of the data array is lane k % 4 (little endian). Byte enables follow TLM:
// byte k is enabled unless byte_enable[k % byte_enable_length] is 0; no array
// (or length 0) enables every byte. A write's WSTRB is its word's enables (0
// is sent as it is); a read copies the enabled bytes of an OKAY word into the
// data array.
// Responses: OKAY -> TLM_OK_RESPONSE, SLVERR and EXOKAY ->
// TLM_GENERIC_ERROR_RESPONSE, DECERR -> TLM_ADDRESS_ERROR_RESPONSE; the first
// word that is not OKAY ends the transaction, its data and later words
// untouched. A call while rst is high waits for the reset to end. Concurrent
// callers are served one transaction at a time (an sc_mutex), in its order.
//
// No hangs. A word without its response after timeout_cycles rising edges
// ends its transaction with TLM_GENERIC_ERROR_RESPONSE; the port is then stuck
// (the word stays on the pins, VALIDs held as AXI requires, until the slave
// finishes it or reset) and every later call is refused the same way, with no
// pin activity, until the next reset. A reset during a transaction ends it
// with TLM_GENERIC_ERROR_RESPONSE. last_error() is a one-line message about
// the latest response other than OK (the address, and for a timeout the
// channels still waiting); it is kept until the next error.
//
// No debug or DMI access: registers have side effects, so transport_dbg
// returns 0 and get_direct_mem_ptr returns false.
#ifndef WAVEGPU_TLM_TO_AXIL_H
#define WAVEGPU_TLM_TO_AXIL_H

#include "axil_master.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <functional>
#include <string>
#include <utility>

class TlmToAxil : public sc_core::sc_module {
public:
    sc_core::sc_in<bool> clk, rst;
    sc_core::sc_out<uint32_t> awaddr, awprot;
    sc_core::sc_out<bool> awvalid;
    sc_core::sc_in<bool> awready;
    sc_core::sc_out<uint32_t> wdata, wstrb;
    sc_core::sc_out<bool> wvalid;
    sc_core::sc_in<bool> wready;
    sc_core::sc_in<uint32_t> bresp;
    sc_core::sc_in<bool> bvalid;
    sc_core::sc_out<bool> bready;
    sc_core::sc_out<uint32_t> araddr, arprot;
    sc_core::sc_out<bool> arvalid;
    sc_core::sc_in<bool> arready;
    sc_core::sc_in<uint32_t> rdata, rresp;
    sc_core::sc_in<bool> rvalid;
    sc_core::sc_out<bool> rready;

    tlm_utils::simple_target_socket<TlmToAxil> socket;

    SC_HAS_PROCESS(TlmToAxil);
    TlmToAxil(sc_core::sc_module_name name, unsigned addr_bits = 16, unsigned timeout_cycles = 1000);

    // Test hook: each AXI4-Lite transaction takes its VALID delays and
    // BREADY/RREADY hold from f(); unset (the default): no delays.
    void set_timing(std::function<AxilTiming()> f) { timing_ = std::move(f); }

    const std::string &last_error() const { return last_error_; }
    // b_transport calls that went to the pins, whatever their response.
    uint64_t transactions_done() const { return transactions_done_; }
    // AXI4-Lite transactions that received their response.
    uint64_t words_done() const { return words_done_; }
    // Rising edges at which a caller's transaction was on the pins (time spent
    // waiting for the mutex or a reset not included).
    uint64_t wait_cycles() const { return wait_cycles_; }

private:
    // The transaction on the pins or about to go there; owned by the caller,
    // which waits in b_transport until job_done_.
    struct Job {
        tlm::tlm_generic_payload *trans = nullptr;
        uint32_t addr = 0;
        unsigned words = 0, next_word = 0;
        bool write = false;
    };
    // What the current word's channels have done, for the timeout message.
    struct WordProgress {
        bool aw_or_ar_taken = false, w_taken = false, response_seen = false;
        unsigned cycles = 0;
    };

    void b_transport(tlm::tlm_generic_payload &trans, sc_core::sc_time &delay);
    unsigned transport_dbg(tlm::tlm_generic_payload &trans);
    bool get_direct_mem_ptr(tlm::tlm_generic_payload &trans, tlm::tlm_dmi &dmi);

    void on_clock();
    void enter_reset();
    void start_word();
    void finish_word();
    void finish_job(tlm::tlm_response_status status, const std::string &error);
    void note_progress(const AxilMasterPins &m, const AxilSlavePins &s);
    AxilSlavePins sample_slave() const;
    void drive(const AxilMasterPins &p);
    bool byte_enabled(const tlm::tlm_generic_payload &trans, unsigned byte) const;
    std::string describe(bool write, uint64_t addr) const;
    void set_error(const std::string &message);
    std::string waiting_channels() const;

    const unsigned addr_bits_, timeout_cycles_;
    std::function<AxilTiming()> timing_;
    AxilMaster master_;
    sc_core::sc_mutex port_mutex_;
    sc_core::sc_event job_done_;
    Job job_;
    bool job_pending_ = false, job_active_ = false;
    WordProgress progress_;
    bool stuck_ = false;
    std::string stuck_reason_, last_error_;
    uint64_t edge_ = 0;
    uint64_t transactions_done_ = 0, words_done_ = 0, wait_cycles_ = 0;
};

#endif
