// SPDX-License-Identifier: Apache-2.0
// tlm_router.cpp: see tlm_router.h.
#include "tlm_router.h"

using namespace sc_core;

TlmRouter::TlmRouter(sc_module_name name, const std::vector<Range> &map) : sc_module(name), in("in")
{
    in.register_b_transport(this, &TlmRouter::b_transport);
    in.register_get_direct_mem_ptr(this, &TlmRouter::get_direct_mem_ptr);
    in.register_transport_dbg(this, &TlmRouter::transport_dbg);
    for (const Range &r : map) {
        int id = (int)regions_.size();
        regions_.push_back(Region{ r.base, r.size, std::make_unique<tlm_utils::simple_initiator_socket_tagged<TlmRouter>>(
                                                       r.name.c_str()) });
        regions_.back().socket->register_invalidate_direct_mem_ptr(this, &TlmRouter::invalidate_direct_mem_ptr, id);
    }
}

int TlmRouter::decode(uint64_t addr, uint64_t len) const
{
    for (size_t i = 0; i < regions_.size(); i++) {
        const Region &r = regions_[i];
        if (addr >= r.base && addr - r.base < r.size && len <= r.size - (addr - r.base)) return (int)i;
    }
    return -1;
}

void TlmRouter::b_transport(int from, tlm::tlm_generic_payload &t, sc_time &delay)
{
    (void)from;
    uint64_t a = t.get_address();
    int i = decode(a, t.get_data_length() ? t.get_data_length() : 1);
    if (i < 0) {
        t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    t.set_address(a - regions_[i].base);
    (*regions_[i].socket)->b_transport(t, delay);
    t.set_address(a);
}

bool TlmRouter::get_direct_mem_ptr(int from, tlm::tlm_generic_payload &t, tlm::tlm_dmi &dmi)
{
    (void)from;
    uint64_t a = t.get_address();
    int i = decode(a, 1);
    if (i < 0) return false;
    const Region &r = regions_[i];
    t.set_address(a - r.base);
    bool ok = (*r.socket)->get_direct_mem_ptr(t, dmi);
    t.set_address(a);
    // Back to the router's addresses, inside the region.
    uint64_t end = dmi.get_end_address() >= r.size ? r.size - 1 : dmi.get_end_address();
    dmi.set_start_address(dmi.get_start_address() + r.base);
    dmi.set_end_address(end + r.base);
    return ok;
}

unsigned int TlmRouter::transport_dbg(int from, tlm::tlm_generic_payload &t)
{
    (void)from;
    uint64_t a = t.get_address();
    int i = decode(a, t.get_data_length() ? t.get_data_length() : 1);
    if (i < 0) return 0;
    t.set_address(a - regions_[i].base);
    unsigned n = (*regions_[i].socket)->transport_dbg(t);
    t.set_address(a);
    return n;
}

void TlmRouter::invalidate_direct_mem_ptr(int region, sc_dt::uint64 start, sc_dt::uint64 end)
{
    const Region &r = regions_[region];
    for (unsigned k = 0; k < in.size(); k++) in[k]->invalidate_direct_mem_ptr(start + r.base, end + r.base);
}
