// SPDX-License-Identifier: Apache-2.0
// tlm_to_axil: see tlm_to_axil.h.
#include "tlm_to_axil.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>

using namespace sc_core;

namespace {
// AXI4-Lite BRESP/RRESP.
enum AxilResp : unsigned { RespOkay = 0, RespExokay = 1, RespSlverr = 2, RespDecerr = 3 };
} // namespace

TlmToAxil::TlmToAxil(sc_module_name name, unsigned addr_bits, unsigned timeout_cycles)
    : sc_module(name), clk("clk"), rst("rst"), awaddr("awaddr"), awprot("awprot"), awvalid("awvalid"),
      awready("awready"), wdata("wdata"), wstrb("wstrb"), wvalid("wvalid"), wready("wready"), bresp("bresp"),
      bvalid("bvalid"), bready("bready"), araddr("araddr"), arprot("arprot"), arvalid("arvalid"), arready("arready"),
      rdata("rdata"), rresp("rresp"), rvalid("rvalid"), rready("rready"), socket("socket"),
      addr_bits_(std::min(std::max(addr_bits, 1u), 32u)), timeout_cycles_(timeout_cycles), port_mutex_("port_mutex")
{
    socket.register_b_transport(this, &TlmToAxil::b_transport);
    socket.register_transport_dbg(this, &TlmToAxil::transport_dbg);
    socket.register_get_direct_mem_ptr(this, &TlmToAxil::get_direct_mem_ptr);

    awaddr.initialize(0);
    awprot.initialize(0);
    awvalid.initialize(false);
    wdata.initialize(0);
    wstrb.initialize(0);
    wvalid.initialize(false);
    bready.initialize(false);
    araddr.initialize(0);
    arprot.initialize(0);
    arvalid.initialize(false);
    rready.initialize(false);

    // One process drives the pins (a signal takes one writer): at rising
    // edges of clk, and at once when rst rises.
    SC_METHOD(on_clock);
    sensitive << clk.pos() << rst.pos();
    dont_initialize();
}

std::string TlmToAxil::describe(bool write, uint64_t addr) const
{
    char b[40];
    snprintf(b, sizeof b, "%s 0x%08" PRIx64, write ? "write" : "read", addr);
    return b;
}

void TlmToAxil::set_error(const std::string &message) { last_error_ = name() + std::string(": ") + message; }

bool TlmToAxil::byte_enabled(const tlm::tlm_generic_payload &trans, unsigned byte) const
{
    const unsigned char *be = trans.get_byte_enable_ptr();
    unsigned be_len = trans.get_byte_enable_length();
    return !be || !be_len || be[byte % be_len] != TLM_BYTE_DISABLED;
}

void TlmToAxil::b_transport(tlm::tlm_generic_payload &trans, sc_time &delay)
{
    wait(delay);
    delay = SC_ZERO_TIME;

    tlm::tlm_command cmd = trans.get_command();
    if (cmd == tlm::TLM_IGNORE_COMMAND) {
        trans.set_response_status(tlm::TLM_OK_RESPONSE);
        return;
    }
    bool write = cmd == tlm::TLM_WRITE_COMMAND;
    uint64_t addr = trans.get_address();
    unsigned len = trans.get_data_length();
    if (len == 0 || len % 4 || trans.get_streaming_width() < len) {
        set_error(describe(write, addr) + ": length " + std::to_string(len) + ", streaming width " +
                  std::to_string(trans.get_streaming_width()) + " (need a multiple of 4, no streaming)");
        trans.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
        return;
    }
    uint64_t limit = 1ull << addr_bits_;
    if (addr % 4 || addr >= limit || len > limit - addr) {
        set_error(describe(write, addr) + ", length " + std::to_string(len) +
                  (addr % 4 ? ": address not a multiple of 4" : ": outside the port's address range"));
        trans.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }

    port_mutex_.lock();
    while (rst.read()) wait(rst.negedge_event());
    if (stuck_) {
        set_error(describe(write, addr) + ": refused until reset, the port is stuck since " + stuck_reason_);
        trans.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
    } else {
        job_ = Job{ &trans, (uint32_t)addr, len / 4, 0, write };
        job_pending_ = true;
        wait(job_done_);
    }
    port_mutex_.unlock();
}

unsigned TlmToAxil::transport_dbg(tlm::tlm_generic_payload &) { return 0; }

bool TlmToAxil::get_direct_mem_ptr(tlm::tlm_generic_payload &, tlm::tlm_dmi &) { return false; }

void TlmToAxil::enter_reset()
{
    master_.reset();
    stuck_ = false;
    if (job_active_)
        finish_job(tlm::TLM_GENERIC_ERROR_RESPONSE,
                   describe(job_.write, job_.addr + 4 * job_.next_word) + ": reset during the transaction");
    drive(AxilMasterPins{});
}

void TlmToAxil::on_clock()
{
    if (rst.read()) { // a rising edge of clk or of rst
        enter_reset();
        return;
    }
    edge_++;
    AxilSlavePins s = sample_slave();
    if (job_active_) note_progress(master_.pins(), s);
    master_.edge(edge_, s);
    if (job_active_) {
        wait_cycles_++;
        progress_.cycles++;
        if (!master_.busy()) {
            finish_word();
        } else if (progress_.cycles >= timeout_cycles_) {
            stuck_ = true;
            stuck_reason_ = describe(job_.write, job_.addr + 4 * job_.next_word) + ": no response in " +
                            std::to_string(timeout_cycles_) + " cycles (" + waiting_channels() + ")";
            finish_job(tlm::TLM_GENERIC_ERROR_RESPONSE, stuck_reason_);
        }
    }
    if (job_pending_ && !job_active_) {
        job_pending_ = false;
        job_active_ = true;
        transactions_done_++;
        start_word();
    }
    drive(master_.pins());
}

void TlmToAxil::start_word()
{
    AxilTiming t = timing_ ? timing_() : AxilTiming{};
    uint32_t addr = job_.addr + 4 * job_.next_word;
    progress_ = WordProgress{};
    if (!job_.write) {
        master_.read(addr, t);
        return;
    }
    const unsigned char *bytes = job_.trans->get_data_ptr() + 4 * job_.next_word;
    uint32_t data = 0;
    unsigned strb = 0;
    for (unsigned lane = 0; lane < 4; lane++) {
        data |= (uint32_t)bytes[lane] << 8 * lane;
        if (byte_enabled(*job_.trans, 4 * job_.next_word + lane)) strb |= 1u << lane;
    }
    master_.write(addr, data, strb, t);
}

void TlmToAxil::finish_word()
{
    words_done_++;
    unsigned resp = master_.resp();
    if (resp != RespOkay) {
        static const char *const names[4] = { "OKAY", "EXOKAY (not an AXI4-Lite response)", "SLVERR", "DECERR" };
        finish_job(resp == RespDecerr ? tlm::TLM_ADDRESS_ERROR_RESPONSE : tlm::TLM_GENERIC_ERROR_RESPONSE,
                   describe(job_.write, job_.addr + 4 * job_.next_word) + ": " + names[resp & 3]);
        return;
    }
    if (!job_.write) {
        unsigned char *bytes = job_.trans->get_data_ptr() + 4 * job_.next_word;
        uint32_t data = master_.rdata();
        for (unsigned lane = 0; lane < 4; lane++)
            if (byte_enabled(*job_.trans, 4 * job_.next_word + lane)) bytes[lane] = (unsigned char)(data >> 8 * lane);
    }
    if (++job_.next_word < job_.words)
        start_word();
    else
        finish_job(tlm::TLM_OK_RESPONSE, "");
}

void TlmToAxil::finish_job(tlm::tlm_response_status status, const std::string &error)
{
    job_.trans->set_response_status(status);
    if (!error.empty()) set_error(error);
    job_active_ = false;
    job_done_.notify(SC_ZERO_TIME);
}

void TlmToAxil::note_progress(const AxilMasterPins &m, const AxilSlavePins &s)
{
    bool addr_taken = progress_.aw_or_ar_taken, w_taken = progress_.w_taken;
    if (job_.write ? addr_taken && w_taken && s.bvalid : addr_taken && s.rvalid) progress_.response_seen = true;
    if ((m.awvalid && s.awready) || (m.arvalid && s.arready)) progress_.aw_or_ar_taken = true;
    if (m.wvalid && s.wready) progress_.w_taken = true;
}

std::string TlmToAxil::waiting_channels() const
{
    AxilMasterPins p = master_.pins();
    std::string w;
    auto add = [&w](const char *what) { w += (w.empty() ? "" : ", ") + std::string(what); };
    if (job_.write) {
        if (!progress_.aw_or_ar_taken) add(p.awvalid ? "AW waiting for AWREADY" : "AW held back by the timing hook");
        if (!progress_.w_taken) add(p.wvalid ? "W waiting for WREADY" : "W held back by the timing hook");
        if (progress_.aw_or_ar_taken && progress_.w_taken)
            add(progress_.response_seen ? "B valid, BREADY held low by the timing hook" : "waiting for BVALID");
    } else if (!progress_.aw_or_ar_taken) {
        add(p.arvalid ? "AR waiting for ARREADY" : "AR held back by the timing hook");
    } else {
        add(progress_.response_seen ? "R valid, RREADY held low by the timing hook" : "waiting for RVALID");
    }
    return w;
}

AxilSlavePins TlmToAxil::sample_slave() const
{
    return AxilSlavePins{ awready.read(), wready.read(), bvalid.read(), bresp.read(),
                          arready.read(), rvalid.read(), rdata.read(),  rresp.read() };
}

void TlmToAxil::drive(const AxilMasterPins &p)
{
    awaddr.write(p.awaddr);
    awprot.write(0);
    awvalid.write(p.awvalid);
    wdata.write(p.wdata);
    wstrb.write(p.wstrb);
    wvalid.write(p.wvalid);
    bready.write(p.bready);
    araddr.write(p.araddr);
    arprot.write(0);
    arvalid.write(p.arvalid);
    rready.write(p.rready);
}
