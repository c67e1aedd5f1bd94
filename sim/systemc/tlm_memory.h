// SPDX-License-Identifier: Apache-2.0
// tlm_memory: a loosely-timed TLM-2.0 memory for the SystemC platform
// (sim/systemc/platform.cpp) and the bridge tests: `bytes` bytes at
// addresses [0, bytes) of its socket, zeroed at construction.
//
// b_transport: reads and writes of any length and alignment inside it, byte
// enables honoured, streaming width equal to the length (else
// TLM_BURST_ERROR_RESPONSE); an access not wholly inside answers
// TLM_ADDRESS_ERROR_RESPONSE, one touching an error range set by
// add_error_range TLM_GENERIC_ERROR_RESPONSE; neither changes anything. It
// never waits: it adds its latency to the delay argument, plus with a jitter
// seed a random 0..latency per access. It grants DMI to the whole memory
// (latency as the read and write latency) when DMI is allowed and there is
// no jitter and no error range. transport_dbg reads and writes without time.
#ifndef WAVEGPU_TLM_MEMORY_H
#define WAVEGPU_TLM_MEMORY_H

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <utility>
#include <vector>

class TlmMemory : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<TlmMemory> socket;

    TlmMemory(sc_core::sc_module_name name, uint32_t bytes, const sc_core::sc_time &latency, bool allow_dmi = true,
              uint64_t jitter_seed = 0);

    // Accesses that touch [lo, hi] answer TLM_GENERIC_ERROR_RESPONSE (a test's SLVERR).
    void add_error_range(uint32_t lo, uint32_t hi);
    uint8_t *data() { return mem_.data(); }
    uint32_t bytes() const { return (uint32_t)mem_.size(); }
    uint64_t accesses() const { return accesses_; }

private:
    void b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &delay);
    bool get_direct_mem_ptr(tlm::tlm_generic_payload &t, tlm::tlm_dmi &dmi);
    unsigned int transport_dbg(tlm::tlm_generic_payload &t);
    // The access's status (OK: it may be performed).
    tlm::tlm_response_status check(const tlm::tlm_generic_payload &t) const;
    void perform(tlm::tlm_generic_payload &t);
    bool dmi_ok() const { return allow_dmi_ && !jitter_seed_ && errors_.empty(); }

    std::vector<uint8_t> mem_;
    sc_core::sc_time latency_;
    bool allow_dmi_;
    uint64_t jitter_seed_, rng_;
    std::vector<std::pair<uint32_t, uint32_t>> errors_;
    uint64_t accesses_ = 0;
};

#endif
