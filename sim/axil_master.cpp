// SPDX-License-Identifier: Apache-2.0
// axil_master: see axil_master.h.
#include "axil_master.h"

void AxilMaster::write(uint32_t addr, uint32_t data, unsigned strb, AxilTiming t)
{
    kind_ = Write;
    addr_ = addr;
    data_ = data;
    strb_ = strb;
    t_ = t;
    age_ = held_ = 0;
    aw_done_ = w_done_ = false;
}

void AxilMaster::read(uint32_t addr, AxilTiming t)
{
    kind_ = Read;
    addr_ = addr;
    t_ = t;
    age_ = held_ = 0;
    aw_done_ = w_done_ = false;
}

AxilMasterPins AxilMaster::pins() const
{
    AxilMasterPins p{};
    p.awaddr = p.araddr = addr_;
    p.wdata = data_;
    p.wstrb = strb_;
    if (kind_ == Write) {
        p.awvalid = !aw_done_ && age_ >= t_.aw;
        p.wvalid = !w_done_ && age_ >= t_.w;
        p.bready = aw_done_ && w_done_ && held_ >= t_.resp;
    } else if (kind_ == Read) {
        p.arvalid = !aw_done_ && age_ >= t_.aw;
        p.rready = aw_done_ && held_ >= t_.resp;
    }
    return p;
}

void AxilMaster::edge(uint64_t edge, const AxilSlavePins &s)
{
    if (kind_ == None) return;
    AxilMasterPins p = pins();
    if (kind_ == Write) {
        bool was_accepted = aw_done_ && w_done_;
        if (p.awvalid && s.awready) aw_done_ = true;
        if (p.wvalid && s.wready) w_done_ = true;
        if (!was_accepted && aw_done_ && w_done_) accept_edge_ = edge;
        if (was_accepted && s.bvalid) {
            if (p.bready) {
                resp_ = s.bresp;
                kind_ = None;
            } else {
                held_++;
            }
        }
    } else {
        bool was_accepted = aw_done_;
        if (p.arvalid && s.arready) {
            aw_done_ = true;
            accept_edge_ = edge;
        }
        if (was_accepted && s.rvalid) {
            if (p.rready) {
                resp_ = s.rresp;
                rdata_ = s.rdata;
                kind_ = None;
            } else {
                held_++;
            }
        }
    }
    age_++;
}

AxiSignals axil_signals(const AxilMasterPins &m, const AxilSlavePins &s)
{
    AxiSignals a{};
    a.arvalid = m.arvalid;
    a.arready = s.arready;
    a.ar = AxiAddr{ 0, m.araddr, 0, 2, AXI_BURST_INCR };
    a.awvalid = m.awvalid;
    a.awready = s.awready;
    a.aw = AxiAddr{ 0, m.awaddr, 0, 2, AXI_BURST_INCR };
    a.wvalid = m.wvalid;
    a.wready = s.wready;
    a.w.data[0] = m.wdata;
    a.w.strb = (uint16_t)m.wstrb;
    a.w.last = true;
    a.rvalid = s.rvalid;
    a.rready = m.rready;
    a.r.data[0] = s.rdata;
    a.r.resp = s.rresp;
    a.r.last = true;
    a.bvalid = s.bvalid;
    a.bready = m.bready;
    a.b.resp = s.bresp;
    return a;
}
