// SPDX-License-Identifier: Apache-2.0
// tlm_router: a TLM-2.0 bus for the SystemC platform: any number of
// initiators on `in`, targets on target(i), each owning the address range
// [base, base + size) of entry i of the map given at construction (sockets
// exist only from a module's construction on); a transaction reaches its target with
// the address relative to base and comes back with it restored. An address
// no target owns, or a transaction that runs past its target's range, is
// answered TLM_ADDRESS_ERROR_RESPONSE. b_transport, DMI (ranges translated
// both ways, invalidations passed to every initiator) and debug transport
// pass through; the router adds no delay.
#ifndef WAVEGPU_TLM_ROUTER_H
#define WAVEGPU_TLM_ROUTER_H

#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_target_socket.h>
#include <tlm_utils/simple_initiator_socket.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

class TlmRouter : public sc_core::sc_module {
public:
    tlm_utils::multi_passthrough_target_socket<TlmRouter> in;

    struct Range {
        std::string name;      // of the socket to the target
        uint64_t base, size;
    };
    TlmRouter(sc_core::sc_module_name name, const std::vector<Range> &map);

    // The socket to the target of map entry i; bind it to the target.
    tlm_utils::simple_initiator_socket_tagged<TlmRouter> &target(size_t i) { return *regions_.at(i).socket; }

private:
    struct Region {
        uint64_t base, size;
        std::unique_ptr<tlm_utils::simple_initiator_socket_tagged<TlmRouter>> socket;
    };
    // The region of [addr, addr + len), or -1.
    int decode(uint64_t addr, uint64_t len) const;
    void b_transport(int from, tlm::tlm_generic_payload &t, sc_core::sc_time &delay);
    bool get_direct_mem_ptr(int from, tlm::tlm_generic_payload &t, tlm::tlm_dmi &dmi);
    unsigned int transport_dbg(int from, tlm::tlm_generic_payload &t);
    void invalidate_direct_mem_ptr(int region, sc_dt::uint64 start, sc_dt::uint64 end);

    std::vector<Region> regions_;
};

#endif
