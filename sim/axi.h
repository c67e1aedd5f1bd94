/* SPDX-License-Identifier: Apache-2.0 */
// axi: the payloads of the five AXI4 channels of the GPU's memory port as the
// testbench sees them (16-byte data bus, 32-bit addresses, IDs up to 8 bits),
// and one-line descriptions of them for messages. Shared by AxiDram
// (sim/axi_dram.h) and AxiCheck (sim/axi_check.h). Plain C++17.
#ifndef WAVEGPU_AXI_H
#define WAVEGPU_AXI_H

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <string>

enum { AXI_DATA_BYTES = 16, AXI_BURST_INCR = 1, AXI_RESP_OKAY = 0, AXI_RESP_SLVERR = 2, AXI_RESP_DECERR = 3 };

// AR or AW: len = beats - 1, size = log2(bytes per beat), burst 1 = INCR.
struct AxiAddr { uint32_t id; uint32_t addr; unsigned len; unsigned size; unsigned burst; };
// data[0] = bytes 0..3 (little-endian words); strb bit i enables byte i.
struct AxiW    { uint32_t data[4]; uint16_t strb; bool last; };
struct AxiR    { uint32_t id; uint32_t data[4]; unsigned resp; bool last; };
struct AxiB    { uint32_t id; unsigned resp; };

inline std::string axi_str(const AxiAddr &a)
{
    char b[96];
    snprintf(b, sizeof b, "id 0x%" PRIx32 " addr 0x%08" PRIx32 " len %u size %u burst %u", a.id, a.addr, a.len, a.size,
             a.burst);
    return b;
}

inline std::string axi_str(const AxiW &w)
{
    char b[96];
    snprintf(b, sizeof b, "data 0x%08" PRIx32 "_%08" PRIx32 "_%08" PRIx32 "_%08" PRIx32 " strb 0x%04x last %d", w.data[3],
             w.data[2], w.data[1], w.data[0], (unsigned)w.strb, (int)w.last);
    return b;
}

inline std::string axi_str(const AxiR &r)
{
    char b[112];
    snprintf(b, sizeof b, "id 0x%" PRIx32 " data 0x%08" PRIx32 "_%08" PRIx32 "_%08" PRIx32 "_%08" PRIx32 " resp %u last %d",
             r.id, r.data[3], r.data[2], r.data[1], r.data[0], r.resp, (int)r.last);
    return b;
}

inline std::string axi_str(const AxiB &b)
{
    char s[48];
    snprintf(s, sizeof s, "id 0x%" PRIx32 " resp %u", b.id, b.resp);
    return s;
}

#endif
