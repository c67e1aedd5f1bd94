// SPDX-License-Identifier: Apache-2.0
// axi_to_tlm.cpp: see axi_to_tlm.h.
#include "axi_to_tlm.h"

#include <algorithm>
#include <cstring>
#include <string>

using namespace sc_core;

AxiToTlm::AxiToTlm(sc_module_name name, const AxiDramConfig &config, const sc_time &clock_period)
    : sc_module(name), clk("clk"), rst("rst"), awid("awid"), awaddr("awaddr"), awlen("awlen"), awsize("awsize"),
      awburst("awburst"), awvalid("awvalid"), awready("awready"), wdata("wdata"), wstrb("wstrb"), wlast("wlast"),
      wvalid("wvalid"), wready("wready"), bid("bid"), bresp("bresp"), bvalid("bvalid"), bready("bready"), arid("arid"),
      araddr("araddr"), arlen("arlen"), arsize("arsize"), arburst("arburst"), arvalid("arvalid"), arready("arready"),
      rid("rid"), rdata("rdata"), rresp("rresp"), rlast("rlast"), rvalid("rvalid"), rready("rready"),
      socket("socket"), dram_(config, this), period_(clock_period)
{
    socket.register_invalidate_direct_mem_ptr(this, &AxiToTlm::invalidate_direct_mem_ptr);
    SC_METHOD(on_clock);
    sensitive << clk.pos();
    dont_initialize();
}

uint64_t AxiToTlm::cycles(const sc_time &t) const
{
    if (t <= SC_ZERO_TIME) return 0;
    double n = t / period_;
    uint64_t c = (uint64_t)n;
    return c + (n > (double)c);   // rounded up
}

static AxiAddr addr_of(uint32_t id, uint32_t addr, uint32_t len, uint32_t size, uint32_t burst)
{
    return AxiAddr{ id, addr, len, size, burst };
}

// One rising edge: the handshakes of the values the pins hold now, then the
// slave's outputs for the next edge.
void AxiToTlm::on_clock()
{
    uint64_t e = ++edge_;
    if (rst.read()) {
        dram_.drop_in_flight();
        arready_q_ = awready_q_ = wready_q_ = rvalid_q_ = bvalid_q_ = false;
        arready.write(false);
        awready.write(false);
        wready.write(false);
        rvalid.write(false);
        bvalid.write(false);
        return;
    }
    bool ok = true;
    if (arvalid.read() && arready_q_)
        ok = dram_.ar_fire(e, addr_of(arid.read(), araddr.read(), arlen.read(), arsize.read(), arburst.read()));
    if (ok && awvalid.read() && awready_q_)
        ok = dram_.aw_fire(e, addr_of(awid.read(), awaddr.read(), awlen.read(), awsize.read(), awburst.read()));
    if (ok && wvalid.read() && wready_q_) {
        AxiW w{};
        const sc_dt::sc_bv<128> d = wdata.read();
        for (unsigned i = 0; i < 4; i++) w.data[i] = (uint32_t)d.get_word(i);
        w.strb = (uint16_t)wstrb.read();
        w.last = wlast.read();
        ok = dram_.w_fire(e, w);
    }
    if (!ok) SC_REPORT_ERROR(name(), ("the AXI4 master's burst cannot be served: " + dram_.error()).c_str());
    if (rvalid_q_ && rready.read()) dram_.r_taken(e);
    if (bvalid_q_ && bready.read()) dram_.b_taken(e);

    arready_q_ = dram_.arready(e + 1);
    awready_q_ = dram_.awready(e + 1);
    wready_q_ = dram_.wready(e + 1);
    AxiR r{};
    AxiB b{};
    rvalid_q_ = dram_.r(e + 1, &r);
    bvalid_q_ = dram_.b(e + 1, &b);
    arready.write(arready_q_);
    awready.write(awready_q_);
    wready.write(wready_q_);
    rvalid.write(rvalid_q_);
    if (rvalid_q_) {
        sc_dt::sc_bv<128> d;
        for (unsigned i = 0; i < 4; i++) d.set_word(i, r.data[i]);
        rid.write(r.id);
        rdata.write(d);
        rresp.write(r.resp);
        rlast.write(r.last);
    }
    bvalid.write(bvalid_q_);
    if (bvalid_q_) {
        bid.write(b.id);
        bresp.write(b.resp);
    }
}

bool AxiToTlm::dmi_covers(uint32_t addr, uint32_t len)
{
    if (!dmi_valid_ && !dmi_refused_) {
        tlm::tlm_generic_payload t;
        t.set_command(tlm::TLM_READ_COMMAND);
        t.set_address(addr);
        dmi_.init();
        dmi_valid_ = socket->get_direct_mem_ptr(t, dmi_) && dmi_.is_read_write_allowed();
        dmi_refused_ = !dmi_valid_;
    }
    return dmi_valid_ && addr >= dmi_.get_start_address() && (uint64_t)addr + len - 1 <= dmi_.get_end_address();
}

void AxiToTlm::invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end)
{
    if (dmi_valid_ && start <= dmi_.get_end_address() && end >= dmi_.get_start_address()) dmi_valid_ = false;
    dmi_refused_ = false;
}

unsigned AxiToTlm::access(tlm::tlm_command cmd, uint32_t addr, uint8_t *data, const uint8_t *byte_enable, uint32_t len,
                          uint64_t *extra)
{
    if (dmi_covers(addr, len)) {
        uint8_t *p = dmi_.get_dmi_ptr() + (addr - dmi_.get_start_address());
        if (cmd == tlm::TLM_READ_COMMAND) {
            memcpy(data, p, len);
            *extra += cycles(dmi_.get_read_latency());
        } else {
            for (uint32_t i = 0; i < len; i++)
                if (!byte_enable || byte_enable[i]) p[i] = data[i];
            *extra += cycles(dmi_.get_write_latency());
        }
        stats_.dmi_accesses++;
        return AXI_RESP_OKAY;
    }
    tlm::tlm_generic_payload &t = trans_;
    t.set_command(cmd);
    t.set_address(addr);
    t.set_data_ptr(data);
    t.set_data_length(len);
    t.set_streaming_width(len);
    t.set_byte_enable_ptr(const_cast<uint8_t *>(byte_enable));
    t.set_byte_enable_length(byte_enable ? len : 0);
    t.set_dmi_allowed(false);
    t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_time delay = SC_ZERO_TIME;
    socket->b_transport(t, delay);
    stats_.transactions++;
    *extra += cycles(delay);
    if (t.is_dmi_allowed()) dmi_refused_ = false;
    tlm::tlm_response_status s = t.get_response_status();
    if (s == tlm::TLM_OK_RESPONSE) return AXI_RESP_OKAY;
    stats_.errors++;
    return s == tlm::TLM_ADDRESS_ERROR_RESPONSE ? (unsigned)AXI_RESP_DECERR : (unsigned)AXI_RESP_SLVERR;
}

unsigned AxiToTlm::read(uint32_t addr, uint8_t *dst, uint32_t len, uint64_t *extra)
{
    return access(tlm::TLM_READ_COMMAND, addr, dst, nullptr, len, extra);
}

unsigned AxiToTlm::write(uint32_t addr, const uint8_t *src, const uint8_t *byte_enable, uint32_t len, uint64_t *extra)
{
    bool all = std::all_of(byte_enable, byte_enable + len, [](uint8_t b) { return b != 0; });
    return access(tlm::TLM_WRITE_COMMAND, addr, const_cast<uint8_t *>(src), all ? nullptr : byte_enable, len, extra);
}
