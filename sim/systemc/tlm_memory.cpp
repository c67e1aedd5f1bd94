// SPDX-License-Identifier: Apache-2.0
// tlm_memory.cpp: see tlm_memory.h.
#include "tlm_memory.h"

#include <cstring>

using namespace sc_core;

TlmMemory::TlmMemory(sc_module_name name, uint32_t bytes, const sc_time &latency, bool allow_dmi, uint64_t jitter_seed)
    : sc_module(name), socket("socket"), mem_(bytes, 0), latency_(latency), allow_dmi_(allow_dmi),
      jitter_seed_(jitter_seed), rng_(jitter_seed)
{
    socket.register_b_transport(this, &TlmMemory::b_transport);
    socket.register_get_direct_mem_ptr(this, &TlmMemory::get_direct_mem_ptr);
    socket.register_transport_dbg(this, &TlmMemory::transport_dbg);
}

void TlmMemory::add_error_range(uint32_t lo, uint32_t hi)
{
    errors_.push_back({ lo, hi });
}

tlm::tlm_response_status TlmMemory::check(const tlm::tlm_generic_payload &t) const
{
    uint64_t a = t.get_address(), n = t.get_data_length();
    if (t.get_command() == tlm::TLM_IGNORE_COMMAND) return tlm::TLM_OK_RESPONSE;
    if (n == 0 || a + n > mem_.size()) return tlm::TLM_ADDRESS_ERROR_RESPONSE;
    if (t.get_streaming_width() != n) return tlm::TLM_BURST_ERROR_RESPONSE;
    for (const auto &e : errors_)
        if (a <= e.second && a + n - 1 >= e.first) return tlm::TLM_GENERIC_ERROR_RESPONSE;
    return tlm::TLM_OK_RESPONSE;
}

void TlmMemory::perform(tlm::tlm_generic_payload &t)
{
    uint8_t *p = mem_.data() + t.get_address();
    uint8_t *d = t.get_data_ptr();
    unsigned n = t.get_data_length();
    const uint8_t *be = t.get_byte_enable_ptr();
    unsigned be_len = t.get_byte_enable_length();
    bool read = t.get_command() == tlm::TLM_READ_COMMAND;
    if (t.get_command() == tlm::TLM_IGNORE_COMMAND) return;
    if (!be || !be_len) {
        if (read) memcpy(d, p, n);
        else memcpy(p, d, n);
        return;
    }
    for (unsigned i = 0; i < n; i++) {
        if (be[i % be_len] != TLM_BYTE_ENABLED) continue;
        if (read) d[i] = p[i];
        else p[i] = d[i];
    }
}

void TlmMemory::b_transport(tlm::tlm_generic_payload &t, sc_time &delay)
{
    tlm::tlm_response_status s = check(t);
    accesses_++;
    if (s == tlm::TLM_OK_RESPONSE) perform(t);
    sc_time lat = latency_;
    if (jitter_seed_) {
        uint64_t z = (rng_ += 0x9E3779B97F4A7C15ull);   // splitmix64
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        lat += latency_ * (double)(z % 1001) / 1000.0;
    }
    delay += lat;
    t.set_dmi_allowed(dmi_ok());
    t.set_response_status(s);
}

bool TlmMemory::get_direct_mem_ptr(tlm::tlm_generic_payload &t, tlm::tlm_dmi &dmi)
{
    (void)t;
    if (!dmi_ok()) return false;
    dmi.set_dmi_ptr(mem_.data());
    dmi.set_start_address(0);
    dmi.set_end_address(mem_.size() - 1);
    dmi.allow_read_write();
    dmi.set_read_latency(latency_);
    dmi.set_write_latency(latency_);
    return true;
}

unsigned int TlmMemory::transport_dbg(tlm::tlm_generic_payload &t)
{
    uint64_t a = t.get_address(), n = t.get_data_length();
    if (a >= mem_.size()) return 0;
    if (a + n > mem_.size()) n = mem_.size() - a;
    if (t.get_command() == tlm::TLM_READ_COMMAND) memcpy(t.get_data_ptr(), mem_.data() + a, n);
    else if (t.get_command() == tlm::TLM_WRITE_COMMAND) memcpy(mem_.data() + a, t.get_data_ptr(), n);
    else return 0;
    return (unsigned)n;
}
