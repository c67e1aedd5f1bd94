// SPDX-License-Identifier: Apache-2.0
// tlm_to_axil_test: the TLM-2.0 to AXI4-Lite bridge (sim/systemc/tlm_to_axil.h)
// against a random AXI4-Lite slave written here, on a 10 ns clock. The slave
// (RandomAxilSlave) holds 64 read-write registers, a read-only and a write-only
// range, and answers DECERR elsewhere; it delays each READY and each response
// by a random number of cycles (seeded), and can be muted for the timeout
// cases. Every rising edge of the port goes through AxiCheck. Directed cases
// (responses, byte enables, refused requests, timeouts, reset), then random
// transactions from one and then two initiator threads, with random VALID
// delays and back-pressure in the bridge, checked against a model of the slave.
// Prints one PASS/FAIL line per case and "N passed, M failed"; exits 1 on a
// failure or if a case is unfinished when the simulation time limit comes.
#include "tlm_to_axil.h"

#include "axil_master.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <string>
#include <vector>

using namespace sc_core;

namespace {

enum : unsigned { RESP_OKAY = 0, RESP_SLVERR = 2, RESP_DECERR = 3 };

// The slave's address map (16-bit port): read-write registers (WSTRB
// honoured), a read-only range (writes answer SLVERR), a write-only range
// (reads answer SLVERR), DECERR from the end of the write-only range up.
enum : uint32_t { RW_BASE = 0x000, RW_WORDS = 64 };
enum : uint32_t { RO_BASE = 0x100, RO_WORDS = 16 };
enum : uint32_t { WO_BASE = 0x140, WO_WORDS = 16 };
enum : uint32_t { PORT_BYTES = 0x10000 };

const unsigned TIMEOUT_CYCLES = 1000; // the bridge's default
const unsigned RANDOM_SINGLE = 3000, RANDOM_EACH_OF_TWO = 1500;

std::string fmt(const char *f, ...)
{
    char b[512];
    va_list ap;
    va_start(ap, f);
    vsnprintf(b, sizeof b, f, ap);
    va_end(ap);
    return b;
}

uint32_t read_only_value(uint32_t addr) { return (addr * 0x9E3779B1u) ^ 0xC0FFEE00u; }

uint32_t merge(uint32_t old, uint32_t data, unsigned strb)
{
    uint32_t mask = 0;
    for (unsigned lane = 0; lane < 4; lane++)
        if (strb >> lane & 1) mask |= 0xFFu << 8 * lane;
    return (old & ~mask) | (data & mask);
}

// The slave's registers and what an access does to them: used by the slave
// and, as a separate copy, by the test's reference model.
struct RegisterMap {
    uint32_t rw[RW_WORDS] = {}, wo[WO_WORDS] = {};

    unsigned write(uint32_t addr, uint32_t data, unsigned strb)
    {
        if (addr - RW_BASE < 4 * RW_WORDS) {
            rw[(addr - RW_BASE) / 4] = merge(rw[(addr - RW_BASE) / 4], data, strb);
            return RESP_OKAY;
        }
        if (addr - RO_BASE < 4 * RO_WORDS) return RESP_SLVERR;
        if (addr - WO_BASE < 4 * WO_WORDS) {
            wo[(addr - WO_BASE) / 4] = merge(wo[(addr - WO_BASE) / 4], data, strb);
            return RESP_OKAY;
        }
        return RESP_DECERR;
    }
    unsigned read(uint32_t addr, uint32_t &data) const
    {
        if (addr - RW_BASE < 4 * RW_WORDS) {
            data = rw[(addr - RW_BASE) / 4];
            return RESP_OKAY;
        }
        if (addr - RO_BASE < 4 * RO_WORDS) {
            data = read_only_value(addr);
            return RESP_OKAY;
        }
        data = 0xBAD0BAD0u; // garbage the bridge must not copy
        return addr - WO_BASE < 4 * WO_WORDS ? RESP_SLVERR : RESP_DECERR;
    }
};

// An AXI4-Lite slave with registered outputs and random timing. A READY goes
// high 1..MAX_READY_DELAY + 1 edges after its VALID is first seen, or is
// already high (raised at random while the channel is idle); a write is done
// when both AW and W are taken, a read at its AR; BVALID/RVALID rise 1..
// MAX_RESP_DELAY + 1 edges later and stay up until taken. One write and one
// read in flight at most. Reset (rst high) drops every output at once and
// forgets the transactions in flight, not the registers.
class RandomAxilSlave : public sc_module {
public:
    sc_in<bool> clk, rst;
    sc_in<uint32_t> awaddr, awprot;
    sc_in<bool> awvalid;
    sc_out<bool> awready;
    sc_in<uint32_t> wdata, wstrb;
    sc_in<bool> wvalid;
    sc_out<bool> wready;
    sc_out<uint32_t> bresp;
    sc_out<bool> bvalid;
    sc_in<bool> bready;
    sc_in<uint32_t> araddr, arprot;
    sc_in<bool> arvalid;
    sc_out<bool> arready;
    sc_out<uint32_t> rdata, rresp;
    sc_out<bool> rvalid;
    sc_in<bool> rready;

    RegisterMap regs;
    bool mute_ready = false;    // never raise a READY
    bool mute_response = false; // never raise BVALID/RVALID
    struct Access {
        bool write;
        uint32_t addr;
        unsigned strb;
    };
    std::vector<Access> log; // every access, in the order done
    uint64_t aw_before_w = 0, w_before_aw = 0, aw_with_w = 0;

    SC_HAS_PROCESS(RandomAxilSlave);
    RandomAxilSlave(sc_module_name name, uint32_t seed)
        : sc_module(name), clk("clk"), rst("rst"), awaddr("awaddr"), awprot("awprot"), awvalid("awvalid"),
          awready("awready"), wdata("wdata"), wstrb("wstrb"), wvalid("wvalid"), wready("wready"), bresp("bresp"),
          bvalid("bvalid"), bready("bready"), araddr("araddr"), arprot("arprot"), arvalid("arvalid"),
          arready("arready"), rdata("rdata"), rresp("rresp"), rvalid("rvalid"), rready("rready"), rng_(seed)
    {
        SC_METHOD(on_clock);
        sensitive << clk.pos() << rst.pos();
        dont_initialize();
    }

private:
    enum { MAX_READY_DELAY = 4, MAX_RESP_DELAY = 4 };
    struct Ready {
        int countdown = -1;
        bool high = false;
    };
    struct Response {
        int countdown = -1;
        bool valid = false;
        uint32_t data = 0;
        unsigned resp = 0;
    };

    std::mt19937 rng_;
    Ready aw_, w_, ar_;
    bool aw_have_ = false, w_have_ = false, ar_have_ = false;
    uint32_t aw_addr_ = 0, w_data_ = 0;
    unsigned w_strb_ = 0;
    uint64_t edge_ = 0, aw_edge_ = 0, w_edge_ = 0;
    Response b_, r_;

    int draw(int max) { return (int)(rng_() % (unsigned)(max + 1)); }

    void go_idle()
    {
        aw_ = w_ = ar_ = Ready{};
        aw_have_ = w_have_ = ar_have_ = false;
        b_ = r_ = Response{};
        drive();
    }

    bool next_ready(Ready &c, bool have, bool valid_waiting)
    {
        if (mute_ready || have) {
            c.countdown = -1;
            return false;
        }
        if (valid_waiting) {
            if (c.countdown < 0) c.countdown = draw(MAX_READY_DELAY);
            if (c.countdown == 0) return true;
            c.countdown--;
            return false;
        }
        c.countdown = -1;
        return rng_() % 3 == 0;
    }

    void step_response(Response &x)
    {
        if (x.countdown < 0 || mute_response) return;
        if (x.countdown-- == 0) x.valid = true;
    }

    void on_clock()
    {
        if (rst.read()) { // a rising edge of clk or of rst
            go_idle();
            return;
        }
        edge_++;
        bool aw_fire = awvalid.read() && aw_.high, w_fire = wvalid.read() && w_.high;
        bool ar_fire = arvalid.read() && ar_.high;
        if (b_.valid && bready.read()) {
            b_ = Response{};
            aw_have_ = w_have_ = false;
        }
        if (r_.valid && rready.read()) {
            r_ = Response{};
            ar_have_ = false;
        }
        if (aw_fire) {
            aw_have_ = true;
            aw_addr_ = awaddr.read();
            aw_edge_ = edge_;
        }
        if (w_fire) {
            w_have_ = true;
            w_data_ = wdata.read();
            w_strb_ = wstrb.read();
            w_edge_ = edge_;
        }
        if ((aw_fire || w_fire) && aw_have_ && w_have_) {
            (aw_edge_ < w_edge_ ? aw_before_w : w_edge_ < aw_edge_ ? w_before_aw : aw_with_w)++;
            log.push_back(Access{ true, aw_addr_, w_strb_ });
            b_.resp = regs.write(aw_addr_, w_data_, w_strb_);
            b_.countdown = draw(MAX_RESP_DELAY);
        }
        if (ar_fire) {
            ar_have_ = true;
            log.push_back(Access{ false, araddr.read(), 0 });
            r_.resp = regs.read(araddr.read(), r_.data);
            r_.countdown = draw(MAX_RESP_DELAY);
        }
        step_response(b_);
        step_response(r_);
        aw_.high = next_ready(aw_, aw_have_, awvalid.read() && !aw_fire);
        w_.high = next_ready(w_, w_have_, wvalid.read() && !w_fire);
        ar_.high = next_ready(ar_, ar_have_, arvalid.read() && !ar_fire);
        drive();
    }

    void drive()
    {
        awready.write(aw_.high);
        wready.write(w_.high);
        arready.write(ar_.high);
        bvalid.write(b_.valid);
        bresp.write(b_.valid ? b_.resp : 0);
        rvalid.write(r_.valid);
        rresp.write(r_.valid ? r_.resp : 0);
        rdata.write(r_.valid ? r_.data : 0);
    }
};

const char *status_name(tlm::tlm_response_status s)
{
    switch (s) {
    case tlm::TLM_OK_RESPONSE: return "OK";
    case tlm::TLM_INCOMPLETE_RESPONSE: return "INCOMPLETE";
    case tlm::TLM_GENERIC_ERROR_RESPONSE: return "GENERIC_ERROR";
    case tlm::TLM_ADDRESS_ERROR_RESPONSE: return "ADDRESS_ERROR";
    case tlm::TLM_COMMAND_ERROR_RESPONSE: return "COMMAND_ERROR";
    case tlm::TLM_BURST_ERROR_RESPONSE: return "BURST_ERROR";
    case tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE: return "BYTE_ENABLE_ERROR";
    }
    return "?";
}

tlm::tlm_response_status expected_status(unsigned resp)
{
    return resp == RESP_OKAY     ? tlm::TLM_OK_RESPONSE
           : resp == RESP_DECERR ? tlm::TLM_ADDRESS_ERROR_RESPONSE
                                 : tlm::TLM_GENERIC_ERROR_RESPONSE;
}

// One TLM transaction as the test issues it.
struct Request {
    tlm::tlm_command cmd = tlm::TLM_READ_COMMAND;
    uint64_t addr = 0;
    std::vector<unsigned char> data;
    std::vector<unsigned char> byte_enable; // empty: none
    unsigned streaming_width = 0;           // 0: the data length
    sc_time delay = SC_ZERO_TIME;
};

// The bench: clock and reset in, the bridge, the slave, the monitor and the
// initiator threads.
class Bench : public sc_module {
public:
    sc_in<bool> clk;

    int passed = 0, failed = 0;
    bool finished = false;
    std::string current_case = "reset";

    SC_HAS_PROCESS(Bench);
    explicit Bench(sc_module_name name)
        : sc_module(name), clk("clk"), rst("rst", true), bridge("bridge"), slave("slave", 20240611u), socket("socket")
    {
        bind_pins(bridge);
        bind_pins(slave);
        socket.bind(bridge.socket);
        SC_METHOD(monitor);
        sensitive << clk.pos();
        dont_initialize();
        SC_METHOD(raise_reset);
        sensitive << raise_reset_event_;
        dont_initialize();
        SC_METHOD(release_reset);
        sensitive << release_reset_event_;
        dont_initialize();
        SC_THREAD(main_thread);
        SC_THREAD(second_thread);
    }

private:
    sc_signal<bool, SC_MANY_WRITERS> rst; // the main thread and the timed reset methods
    sc_signal<uint32_t> awaddr, awprot, wdata, wstrb, bresp, araddr, arprot, rdata, rresp;
    sc_signal<bool> awvalid, awready, wvalid, wready, bvalid, bready, arvalid, arready, rvalid, rready;
    TlmToAxil bridge;
    RandomAxilSlave slave;
    tlm_utils::simple_initiator_socket<Bench> socket;

    // Monitor state.
    AxiCheck chk{ 4, 0 };
    uint64_t edge_ = 0;
    std::string monitor_error_;
    uint64_t valid_edges_ = 0; // edges with AWVALID, WVALID or ARVALID high
    uint64_t handshakes_ = 0;  // AW, W, AR handshakes
    uint64_t responses_ = 0;   // B and R handshakes

    // The reference model of the slave's registers, and the random phases.
    RegisterMap model_;
    std::mt19937 timing_rng_{ 7u };
    sc_event raise_reset_event_, release_reset_event_, second_start_, second_done_;
    std::string second_error_;
    unsigned second_count_ = 0;
    std::vector<int> finish_order_; // which thread finished each random transaction

    template <class M> void bind_pins(M &m)
    {
        m.clk(clk);
        m.rst(rst);
        m.awaddr(awaddr);
        m.awprot(awprot);
        m.awvalid(awvalid);
        m.awready(awready);
        m.wdata(wdata);
        m.wstrb(wstrb);
        m.wvalid(wvalid);
        m.wready(wready);
        m.bresp(bresp);
        m.bvalid(bvalid);
        m.bready(bready);
        m.araddr(araddr);
        m.arprot(arprot);
        m.arvalid(arvalid);
        m.arready(arready);
        m.rdata(rdata);
        m.rresp(rresp);
        m.rvalid(rvalid);
        m.rready(rready);
    }

    void monitor()
    {
        AxilMasterPins m{ awvalid.read(), awaddr.read(),  wvalid.read(), wdata.read(), wstrb.read(),
                          bready.read(),  arvalid.read(), araddr.read(), rready.read() };
        AxilSlavePins s{ awready.read(), wready.read(), bvalid.read(), bresp.read(),
                         arready.read(), rvalid.read(), rdata.read(),  rresp.read() };
        edge_++;
        if (!chk.cycle(edge_, axil_signals(m, s), rst.read()) && monitor_error_.empty()) monitor_error_ = chk.error();
        if (monitor_error_.empty() && ((m.awvalid && awprot.read()) || (m.arvalid && arprot.read())))
            monitor_error_ = fmt("AWPROT/ARPROT not 0 at edge %" PRIu64, edge_);
        if (m.awvalid || m.wvalid || m.arvalid) valid_edges_++;
        handshakes_ += (m.awvalid && s.awready) + (m.wvalid && s.wready) + (m.arvalid && s.arready);
        responses_ += (s.bvalid && m.bready) + (s.rvalid && m.rready);
    }

    void raise_reset() { rst.write(true); }
    void release_reset() { rst.write(false); }

    void cycles(unsigned n)
    {
        for (unsigned i = 0; i < n; i++) wait(clk.posedge_event());
    }

    // Reset for n cycles, from just after a rising edge; the slave's mutes off.
    void pulse_reset(unsigned n)
    {
        wait(clk.posedge_event());
        rst.write(true);
        cycles(n);
        slave.mute_ready = slave.mute_response = false;
        rst.write(false);
        cycles(1);
    }

    tlm::tlm_response_status transport(Request &q, sc_time *delay_after = nullptr)
    {
        tlm::tlm_generic_payload p;
        p.set_command(q.cmd);
        p.set_address(q.addr);
        p.set_data_ptr(q.data.data());
        p.set_data_length((unsigned)q.data.size());
        p.set_streaming_width(q.streaming_width ? q.streaming_width : (unsigned)q.data.size());
        p.set_byte_enable_ptr(q.byte_enable.empty() ? nullptr : q.byte_enable.data());
        p.set_byte_enable_length((unsigned)q.byte_enable.size());
        p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        sc_time delay = q.delay;
        socket->b_transport(p, delay);
        if (delay_after) *delay_after = delay;
        return p.get_response_status();
    }

    static Request word_request(tlm::tlm_command cmd, uint64_t addr, const std::vector<uint32_t> &words)
    {
        Request q;
        q.cmd = cmd;
        q.addr = addr;
        for (uint32_t w : words)
            for (unsigned lane = 0; lane < 4; lane++) q.data.push_back((unsigned char)(w >> 8 * lane));
        return q;
    }

    static uint32_t word_at(const Request &q, unsigned i)
    {
        uint32_t w = 0;
        for (unsigned lane = 0; lane < 4; lane++) w |= (uint32_t)q.data[4 * i + lane] << 8 * lane;
        return w;
    }

    std::string write_words(uint64_t addr, const std::vector<uint32_t> &words, tlm::tlm_response_status want)
    {
        Request q = word_request(tlm::TLM_WRITE_COMMAND, addr, words);
        tlm::tlm_response_status got = transport(q);
        if (got != want)
            return fmt("write 0x%" PRIx64 " x%zu: %s, expected %s (%s)", addr, words.size(), status_name(got),
                       status_name(want), bridge.last_error().c_str());
        return "";
    }

    std::string read_words(uint64_t addr, std::vector<uint32_t> &words, tlm::tlm_response_status want)
    {
        Request q = word_request(tlm::TLM_READ_COMMAND, addr, words);
        tlm::tlm_response_status got = transport(q);
        for (size_t i = 0; i < words.size(); i++) words[i] = word_at(q, (unsigned)i);
        if (got != want)
            return fmt("read 0x%" PRIx64 " x%zu: %s, expected %s (%s)", addr, words.size(), status_name(got),
                       status_name(want), bridge.last_error().c_str());
        return "";
    }

    std::string expect_word(uint64_t addr, uint32_t want)
    {
        std::vector<uint32_t> got{ 0 };
        std::string e = read_words(addr, got, tlm::TLM_OK_RESPONSE);
        if (!e.empty()) return e;
        if (got[0] != want) return fmt("read 0x%" PRIx64 ": 0x%08x, expected 0x%08x", addr, got[0], want);
        return "";
    }

    // A request the bridge must refuse at once: the status, and no VALID on
    // the pins during the call and the few cycles after.
    std::string expect_refused(Request q, tlm::tlm_response_status want, const char *what)
    {
        uint64_t valids = valid_edges_;
        size_t accesses = slave.log.size();
        tlm::tlm_response_status got = transport(q);
        cycles(4);
        if (got != want) return fmt("%s: %s, expected %s", what, status_name(got), status_name(want));
        if (valid_edges_ != valids || slave.log.size() != accesses)
            return fmt("%s: pin activity (%" PRIu64 " edges with a VALID)", what, valid_edges_ - valids);
        return "";
    }

    void run(const char *name, const std::function<std::string()> &body)
    {
        current_case = name;
        std::string e = body();
        if (e.empty() && !monitor_error_.empty()) e = monitor_error_;
        if (e.empty()) {
            printf("PASS %s\n", name);
            passed++;
        } else {
            printf("FAIL %s: %s\n", name, e.c_str());
            failed++;
            monitor_error_.clear();
            chk.reset();
        }
        fflush(stdout);
    }

    // A random request: mostly valid accesses over the whole map (some
    // running from one range into the next), a few IGNOREs and malformed ones.
    Request random_request(std::mt19937 &rng)
    {
        Request q;
        unsigned kind = rng() % 100;
        q.cmd = kind < 2 ? tlm::TLM_IGNORE_COMMAND : rng() % 2 ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND;
        unsigned words = rng() % 3 ? 1 : 2 + rng() % 3;
        unsigned region = rng() % 100;
        if (region < 55)
            q.addr = RW_BASE + 4 * (rng() % RW_WORDS);
        else if (region < 70)
            q.addr = RO_BASE + 4 * (rng() % RO_WORDS);
        else if (region < 85)
            q.addr = WO_BASE + 4 * (rng() % WO_WORDS);
        else
            q.addr = (WO_BASE + 4 * WO_WORDS + 4 * (rng() % ((PORT_BYTES - WO_BASE - 4 * WO_WORDS) / 4))) & ~3u;
        q.data.resize(4 * words);
        for (auto &b : q.data) b = (unsigned char)rng();
        if (rng() % 10 < 3) {
            q.byte_enable.resize(1 + rng() % 8);
            for (auto &b : q.byte_enable) b = rng() % 2 ? TLM_BYTE_ENABLED : TLM_BYTE_DISABLED;
        }
        if (rng() % 5 == 0) q.delay = sc_time(rng() % 30, SC_NS);
        if (kind >= 2 && kind < 10) { // malformed
            switch (rng() % 5) {
            case 0: q.addr |= 1 + rng() % 3; break;
            case 1: q.data.resize(q.data.size() - 1 - rng() % 3); break;
            case 2: q.streaming_width = 4 * words - 4 * (1 + rng() % words) + 1 + rng() % 3; break;
            case 3: q.addr = PORT_BYTES + 4 * (rng() % 1024); break;
            default: q.addr = PORT_BYTES - 4 * (rng() % words); break;
            }
            if (q.data.empty()) q.data.resize(1);
        }
        return q;
    }

    static bool enabled(const Request &q, unsigned byte)
    {
        return q.byte_enable.empty() || q.byte_enable[byte % q.byte_enable.size()] != TLM_BYTE_DISABLED;
    }

    // Issue q and check it against the reference model. Called by either
    // initiator thread: the model is updated as soon as b_transport returns,
    // before any other access can finish, so it follows the pins' order.
    // pin_words / pin_calls count what went to the pins.
    std::string random_transaction(Request q, int thread, bool alone, uint64_t &pin_words, uint64_t &pin_calls)
    {
        const std::vector<unsigned char> before = q.data;
        size_t log_before = slave.log.size();
        tlm::tlm_response_status got = transport(q);
        finish_order_.push_back(thread);

        // What the bridge should have done.
        unsigned len = (unsigned)before.size();
        unsigned sw = q.streaming_width ? q.streaming_width : len;
        std::vector<unsigned char> want_data = before;
        std::vector<RandomAxilSlave::Access> want_log;
        tlm::tlm_response_status want = tlm::TLM_OK_RESPONSE;
        if (q.cmd == tlm::TLM_IGNORE_COMMAND) {
        } else if (len == 0 || len % 4 || sw < len) {
            want = tlm::TLM_BURST_ERROR_RESPONSE;
        } else if (q.addr % 4 || q.addr + len > PORT_BYTES) {
            want = tlm::TLM_ADDRESS_ERROR_RESPONSE;
        } else {
            pin_calls++;
            bool write = q.cmd == tlm::TLM_WRITE_COMMAND;
            for (unsigned i = 0; i < len / 4; i++) {
                uint32_t addr = (uint32_t)q.addr + 4 * i, data = 0;
                unsigned strb = 0, resp;
                for (unsigned lane = 0; lane < 4; lane++) {
                    data |= (uint32_t)before[4 * i + lane] << 8 * lane;
                    if (enabled(q, 4 * i + lane)) strb |= 1u << lane;
                }
                want_log.push_back(RandomAxilSlave::Access{ write, addr, write ? strb : 0 });
                pin_words++;
                resp = write ? model_.write(addr, data, strb) : model_.read(addr, data);
                if (resp != RESP_OKAY) {
                    want = expected_status(resp);
                    break;
                }
                if (!write)
                    for (unsigned lane = 0; lane < 4; lane++)
                        if (enabled(q, 4 * i + lane)) want_data[4 * i + lane] = (unsigned char)(data >> 8 * lane);
            }
        }

        std::string what = fmt("%s 0x%" PRIx64 " len %u sw %u be_len %zu",
                               q.cmd == tlm::TLM_WRITE_COMMAND  ? "write"
                               : q.cmd == tlm::TLM_READ_COMMAND ? "read"
                                                                : "ignore",
                               q.addr, len, sw, q.byte_enable.size());
        if (got != want)
            return fmt("%s: %s, expected %s (%s)", what.c_str(), status_name(got), status_name(want),
                       bridge.last_error().c_str());
        for (unsigned i = 0; i < len; i++)
            if (q.data[i] != want_data[i])
                return fmt("%s: data byte %u 0x%02x, expected 0x%02x", what.c_str(), i, q.data[i], want_data[i]);
        // The slave's last accesses are exactly this transaction's words, in
        // order: nothing from another transaction came between them.
        size_t n = want_log.size();
        // (A refused request checks only when it is alone on the bus.)
        if (slave.log.size() < log_before + n || (alone && n == 0 && slave.log.size() != log_before))
            return fmt("%s: %zu accesses at the slave, expected %zu", what.c_str(), slave.log.size() - log_before, n);
        for (size_t i = 0; i < n; i++) {
            const RandomAxilSlave::Access &a = slave.log[slave.log.size() - n + i], &b = want_log[i];
            if (a.write != b.write || a.addr != b.addr || a.strb != b.strb)
                return fmt("%s: access %zu of %zu at the slave was %s 0x%08x strb 0x%x, expected %s 0x%08x strb 0x%x",
                           what.c_str(), i, n, a.write ? "write" : "read", a.addr, a.strb, b.write ? "write" : "read",
                           b.addr, b.strb);
        }
        return "";
    }

    std::string random_phase(std::mt19937 &rng, unsigned count, int thread, bool alone, uint64_t &pin_words,
                             uint64_t &pin_calls)
    {
        for (unsigned i = 0; i < count; i++) {
            Request q = random_request(rng);
            uint64_t valids = valid_edges_, calls = pin_calls;
            std::string e = random_transaction(q, thread, alone, pin_words, pin_calls);
            if (e.empty() && alone && pin_calls == calls && valid_edges_ != valids)
                e = "a request refused by the bridge made pin activity";
            if (!e.empty()) return fmt("thread %d transaction %u: %s", thread, i, e.c_str());
        }
        return "";
    }

    std::string compare_slave_with_model()
    {
        for (unsigned i = 0; i < RW_WORDS; i++)
            if (slave.regs.rw[i] != model_.rw[i])
                return fmt("register 0x%03x: 0x%08x, model 0x%08x", RW_BASE + 4 * i, slave.regs.rw[i], model_.rw[i]);
        for (unsigned i = 0; i < WO_WORDS; i++)
            if (slave.regs.wo[i] != model_.wo[i])
                return fmt("write-only 0x%03x: 0x%08x, model 0x%08x", WO_BASE + 4 * i, slave.regs.wo[i], model_.wo[i]);
        return "";
    }

    void second_thread()
    {
        wait(second_start_);
        std::mt19937 rng(99u);
        uint64_t words = 0, calls = 0;
        second_error_ = random_phase(rng, RANDOM_EACH_OF_TWO, 2, false, words, calls);
        second_count_ = (unsigned)calls;
        second_words_ = words;
        second_finished_ = true;
        second_done_.notify(SC_ZERO_TIME);
    }
    uint64_t second_words_ = 0;
    bool second_finished_ = false;

    void main_thread();
};

void Bench::main_thread()
{
    cycles(5);
    rst.write(false);
    cycles(2);

    run("write_then_read_back", [&] {
        std::string e = write_words(0x10, { 0x12345678 }, tlm::TLM_OK_RESPONSE);
        if (e.empty()) e = expect_word(0x10, 0x12345678);
        if (e.empty()) e = write_words(0xFC, { 0xCAFEF00D }, tlm::TLM_OK_RESPONSE);
        if (e.empty()) e = expect_word(0xFC, 0xCAFEF00D);
        if (e.empty()) e = expect_word(0x10, 0x12345678);
        return e;
    });

    run("read_only_register_reads_ok", [&] { return expect_word(RO_BASE + 8, read_only_value(RO_BASE + 8)); });

    run("slverr_write_read_only_is_generic_error", [&] {
        std::string e = write_words(RO_BASE + 4, { 0x11111111 }, tlm::TLM_GENERIC_ERROR_RESPONSE);
        if (e.empty() && bridge.last_error().find("SLVERR") == std::string::npos)
            e = "last_error() does not say SLVERR: " + bridge.last_error();
        if (e.empty()) e = expect_word(RO_BASE + 4, read_only_value(RO_BASE + 4));
        return e;
    });

    run("slverr_read_write_only_is_generic_error_data_untouched", [&] {
        std::string e = write_words(WO_BASE, { 0x5A5A5A5A }, tlm::TLM_OK_RESPONSE);
        std::vector<uint32_t> w{ 0x01020304 };
        if (e.empty()) e = read_words(WO_BASE, w, tlm::TLM_GENERIC_ERROR_RESPONSE);
        if (e.empty() && w[0] != 0x01020304) e = fmt("data array changed to 0x%08x", w[0]);
        if (e.empty() && slave.regs.wo[0] != 0x5A5A5A5A) e = fmt("write-only word 0x%08x", slave.regs.wo[0]);
        return e;
    });

    run("decerr_is_address_error", [&] {
        std::vector<uint32_t> w{ 0 };
        std::string e = read_words(0x8000, w, tlm::TLM_ADDRESS_ERROR_RESPONSE);
        if (e.empty()) e = write_words(0xFFFC, { 1 }, tlm::TLM_ADDRESS_ERROR_RESPONSE);
        if (e.empty() && bridge.last_error().find("DECERR") == std::string::npos)
            e = "last_error() does not say DECERR: " + bridge.last_error();
        return e;
    });

    run("multi_word_write_and_read_in_address_order", [&] {
        std::vector<uint32_t> w, r(8, 0);
        for (uint32_t i = 0; i < 8; i++) w.push_back(0xA0000000 + i * 0x01010101);
        size_t log0 = slave.log.size();
        uint64_t words0 = bridge.words_done(), calls0 = bridge.transactions_done();
        std::string e = write_words(0x40, w, tlm::TLM_OK_RESPONSE);
        if (e.empty()) e = read_words(0x40, r, tlm::TLM_OK_RESPONSE);
        if (e.empty() && r != w) e = fmt("read back word 0 0x%08x .. 7 0x%08x", r[0], r[7]);
        for (size_t i = 0; e.empty() && i < 16; i++) {
            const RandomAxilSlave::Access &a = slave.log[log0 + i];
            if (a.write != (i < 8) || a.addr != 0x40 + 4 * (i % 8))
                e = fmt("access %zu: %s 0x%08x", i, a.write ? "write" : "read", a.addr);
        }
        if (e.empty() && (bridge.words_done() - words0 != 16 || bridge.transactions_done() - calls0 != 2))
            e = fmt("counters: %" PRIu64 " words, %" PRIu64 " transactions, expected 16 and 2",
                    bridge.words_done() - words0, bridge.transactions_done() - calls0);
        return e;
    });

    run("multi_word_stops_at_first_error", [&] {
        size_t log0 = slave.log.size();
        // 0xF8, 0xFC read-write; 0x100 read-only (SLVERR); 0x104 not accessed.
        std::string e =
            write_words(0xF8, { 0xF8F8F8F8, 0xFCFCFCFC, 0x10001000, 0x10401040 }, tlm::TLM_GENERIC_ERROR_RESPONSE);
        if (e.empty() && slave.log.size() - log0 != 3)
            e = fmt("%zu words accessed, expected 3", slave.log.size() - log0);
        if (e.empty()) e = expect_word(0xF8, 0xF8F8F8F8);
        if (e.empty()) e = expect_word(0xFC, 0xFCFCFCFC);
        // RO_BASE + 0x38, + 0x3C read-only; WO_BASE (SLVERR); then DECERR space.
        std::vector<uint32_t> r{ 1, 2, 3, 4 };
        log0 = slave.log.size();
        if (e.empty()) e = read_words(RO_BASE + 0x38, r, tlm::TLM_GENERIC_ERROR_RESPONSE);
        if (e.empty() && (r[0] != read_only_value(RO_BASE + 0x38) || r[1] != read_only_value(RO_BASE + 0x3C) ||
                          r[2] != 3 || r[3] != 4))
            e = fmt("data 0x%08x 0x%08x 0x%08x 0x%08x", r[0], r[1], r[2], r[3]);
        if (e.empty() && slave.log.size() - log0 != 3) e = fmt("%zu words read, expected 3", slave.log.size() - log0);
        return e;
    });

    run("byte_enables_to_wstrb", [&] {
        std::string e = write_words(0x80, { 0x11223344 }, tlm::TLM_OK_RESPONSE);
        Request q = word_request(tlm::TLM_WRITE_COMMAND, 0x80, { 0xAABBCCDD });
        q.byte_enable = { TLM_BYTE_ENABLED, TLM_BYTE_DISABLED, TLM_BYTE_ENABLED, TLM_BYTE_DISABLED };
        tlm::tlm_response_status s = transport(q);
        if (e.empty() && s != tlm::TLM_OK_RESPONSE) e = fmt("write with byte enables: %s", status_name(s));
        if (e.empty() && slave.log.back().strb != 0x5) e = fmt("WSTRB 0x%x, expected 0x5", slave.log.back().strb);
        if (e.empty()) e = expect_word(0x80, 0x11BB33DD);
        // A 2-byte byte-enable array repeats over an 8-byte write: WSTRB 0xA twice.
        if (e.empty()) e = write_words(0x84, { 0, 0 }, tlm::TLM_OK_RESPONSE);
        q = word_request(tlm::TLM_WRITE_COMMAND, 0x84, { 0x44332211, 0x88776655 });
        q.byte_enable = { TLM_BYTE_DISABLED, TLM_BYTE_ENABLED };
        s = transport(q);
        if (e.empty() && s != tlm::TLM_OK_RESPONSE) e = fmt("write with repeated byte enables: %s", status_name(s));
        if (e.empty() && (slave.log[slave.log.size() - 2].strb != 0xA || slave.log.back().strb != 0xA))
            e = fmt("WSTRB 0x%x 0x%x, expected 0xa 0xa", slave.log[slave.log.size() - 2].strb, slave.log.back().strb);
        if (e.empty()) e = expect_word(0x84, 0x44002200);
        if (e.empty()) e = expect_word(0x88, 0x88006600);
        // A read leaves the disabled bytes of the data array as they were.
        q = word_request(tlm::TLM_READ_COMMAND, 0x80, { 0xEEEEEEEE });
        q.byte_enable = { TLM_BYTE_DISABLED, TLM_BYTE_ENABLED, TLM_BYTE_ENABLED, TLM_BYTE_DISABLED };
        s = transport(q);
        if (e.empty() && (s != tlm::TLM_OK_RESPONSE || word_at(q, 0) != 0xEEBB33EE))
            e = fmt("read with byte enables: %s, 0x%08x, expected 0xeebb33ee", status_name(s), word_at(q, 0));
        return e;
    });

    run("ignore_command_ok_no_pins", [&] {
        Request q = word_request(tlm::TLM_IGNORE_COMMAND, 0x10, { 0 });
        return expect_refused(q, tlm::TLM_OK_RESPONSE, "ignore");
    });

    run("misaligned_address_error_no_pins", [&] {
        std::string e = expect_refused(word_request(tlm::TLM_READ_COMMAND, 0x12, { 0 }),
                                       tlm::TLM_ADDRESS_ERROR_RESPONSE, "read 0x12");
        if (e.empty())
            e = expect_refused(word_request(tlm::TLM_WRITE_COMMAND, 0x21, { 0 }), tlm::TLM_ADDRESS_ERROR_RESPONSE,
                               "write 0x21");
        return e;
    });

    run("bad_length_burst_error_no_pins", [&] {
        Request q = word_request(tlm::TLM_WRITE_COMMAND, 0x10, { 0, 0 });
        q.data.resize(6);
        std::string e = expect_refused(q, tlm::TLM_BURST_ERROR_RESPONSE, "length 6");
        q.data.resize(8);
        q.streaming_width = 4;
        if (e.empty()) e = expect_refused(q, tlm::TLM_BURST_ERROR_RESPONSE, "streaming width 4 of 8");
        q.streaming_width = 0;
        q.data.clear();
        if (e.empty()) e = expect_refused(q, tlm::TLM_BURST_ERROR_RESPONSE, "length 0");
        return e;
    });

    run("address_above_64k_error_no_pins", [&] {
        std::string e = expect_refused(word_request(tlm::TLM_READ_COMMAND, 0x10000, { 0 }),
                                       tlm::TLM_ADDRESS_ERROR_RESPONSE, "read 0x10000");
        if (e.empty())
            e = expect_refused(word_request(tlm::TLM_WRITE_COMMAND, 0xFFFC, { 0, 0 }), tlm::TLM_ADDRESS_ERROR_RESPONSE,
                               "write 0xfffc x2");
        if (e.empty())
            e = expect_refused(word_request(tlm::TLM_READ_COMMAND, 0x100000010ull, { 0 }),
                               tlm::TLM_ADDRESS_ERROR_RESPONSE, "read 0x100000010");
        return e;
    });

    run("delay_waited_and_zeroed", [&] {
        Request q = word_request(tlm::TLM_WRITE_COMMAND, 0x20, { 7 });
        q.delay = sc_time(95, SC_NS);
        sc_time start = sc_time_stamp(), after;
        tlm::tlm_response_status s = transport(q, &after);
        if (s != tlm::TLM_OK_RESPONSE) return fmt("status %s", status_name(s));
        if (after != SC_ZERO_TIME) return "delay not zeroed: " + after.to_string();
        if (sc_time_stamp() - start < sc_time(95, SC_NS))
            return "returned after " + (sc_time_stamp() - start).to_string();
        return expect_word(0x20, 7);
    });

    run("timeout_ar_never_ready_then_refused_until_reset", [&] {
        slave.mute_ready = true;
        std::vector<uint32_t> r{ 0 };
        sc_time start = sc_time_stamp();
        std::string e = read_words(0x30, r, tlm::TLM_GENERIC_ERROR_RESPONSE);
        if (!e.empty()) return e;
        sc_time took = sc_time_stamp() - start;
        if (took < sc_time(10 * TIMEOUT_CYCLES, SC_NS) || took > sc_time(10 * TIMEOUT_CYCLES + 100, SC_NS))
            return "timed out after " + took.to_string();
        const std::string &m = bridge.last_error();
        if (m.find("0x00000030") == std::string::npos || m.find("AR waiting for ARREADY") == std::string::npos)
            return "last_error(): " + m;
        uint64_t hs = handshakes_;
        start = sc_time_stamp();
        e = write_words(0x30, { 1 }, tlm::TLM_GENERIC_ERROR_RESPONSE);
        if (e.empty()) e = read_words(0x34, r, tlm::TLM_GENERIC_ERROR_RESPONSE);
        if (e.empty() && (sc_time_stamp() != start || handshakes_ != hs)) e = "a refused call waited or used the pins";
        if (e.empty() && bridge.last_error().find("refused") == std::string::npos)
            e = "last_error() after a refusal: " + bridge.last_error();
        pulse_reset(3);
        if (e.empty()) e = write_words(0x30, { 0x30303030 }, tlm::TLM_OK_RESPONSE);
        if (e.empty()) e = expect_word(0x30, 0x30303030);
        return e;
    });

    run("timeout_b_never_valid_then_refused_until_reset", [&] {
        slave.mute_response = true;
        std::string e = write_words(0x34, { 0x34343434 }, tlm::TLM_GENERIC_ERROR_RESPONSE);
        if (!e.empty()) return e;
        const std::string &m = bridge.last_error();
        if (m.find("0x00000034") == std::string::npos || m.find("waiting for BVALID") == std::string::npos)
            return "last_error(): " + m;
        e = expect_refused(word_request(tlm::TLM_READ_COMMAND, 0x34, { 0 }), tlm::TLM_GENERIC_ERROR_RESPONSE,
                           "read while stuck");
        pulse_reset(3);
        if (e.empty()) e = expect_word(0x34, 0x34343434); // the slave did the write
        model_.rw[0x34 / 4] = 0x34343434;
        return e;
    });

    run("call_during_reset_waits_for_its_end", [&] {
        wait(clk.posedge_event());
        rst.write(true);
        cycles(2);
        release_reset_event_.notify(sc_time(55, SC_NS));
        sc_time start = sc_time_stamp();
        std::string e = expect_word(0x10, 0x12345678);
        if (e.empty() && sc_time_stamp() - start < sc_time(55, SC_NS))
            e = "returned after " + (sc_time_stamp() - start).to_string() + ", before the reset ended";
        return e;
    });

    run("reset_during_transaction_is_generic_error", [&] {
        slave.mute_response = true;
        raise_reset_event_.notify(sc_time(205, SC_NS));
        std::string e = write_words(0x38, { 0x38383838 }, tlm::TLM_GENERIC_ERROR_RESPONSE);
        if (e.empty() && bridge.last_error().find("reset") == std::string::npos)
            e = "last_error(): " + bridge.last_error();
        cycles(3);
        slave.mute_response = false;
        rst.write(false);
        cycles(1);
        model_.rw[0x38 / 4] = 0x38383838; // the slave did the write
        if (e.empty()) e = expect_word(0x38, 0x38383838);
        return e;
    });

    // The reference model starts from the slave's registers as the directed
    // cases left them.
    model_ = slave.regs;
    bridge.set_timing([this] {
        unsigned max = timing_rng_() % 8 ? 3 : 12;
        return AxilTiming{ (unsigned)(timing_rng_() % (max + 1)), (unsigned)(timing_rng_() % (max + 1)),
                           (unsigned)(timing_rng_() % (max + 1)) };
    });

    uint64_t words0 = bridge.words_done(), calls0 = bridge.transactions_done(), responses0 = responses_;
    uint64_t pin_words = 0, pin_calls = 0;
    run("random_one_initiator", [&] {
        std::mt19937 rng(12345u);
        std::string e = random_phase(rng, RANDOM_SINGLE, 1, true, pin_words, pin_calls);
        if (e.empty()) e = compare_slave_with_model();
        return e;
    });

    run("random_two_initiators_serialized", [&] {
        std::mt19937 rng(54321u);
        finish_order_.clear();
        second_start_.notify(SC_ZERO_TIME);
        std::string e = random_phase(rng, RANDOM_EACH_OF_TWO, 1, false, pin_words, pin_calls);
        while (!second_finished_) wait(second_done_);
        if (e.empty()) e = second_error_;
        pin_calls += second_count_;
        pin_words += second_words_;
        if (e.empty()) e = compare_slave_with_model();
        unsigned switches = 0;
        for (size_t i = 1; i < finish_order_.size(); i++) switches += finish_order_[i] != finish_order_[i - 1];
        if (e.empty() && switches < RANDOM_EACH_OF_TWO / 4)
            e = fmt("the threads alternated only %u times: not concurrent", switches);
        return e;
    });

    run("counters_match_the_pins", [&] {
        uint64_t words = bridge.words_done() - words0, calls = bridge.transactions_done() - calls0;
        if (words != pin_words || calls != pin_calls || responses_ - responses0 != pin_words)
            return fmt("words %" PRIu64 " (pins %" PRIu64 ", model %" PRIu64 "), transactions %" PRIu64
                       " (model %" PRIu64 ")",
                       words, responses_ - responses0, pin_words, calls, pin_calls);
        if (bridge.wait_cycles() < 2 * bridge.words_done()) return fmt("wait_cycles %" PRIu64, bridge.wait_cycles());
        return std::string();
    });

    run("handshake_orders_all_seen", [&] {
        if (!slave.aw_before_w || !slave.w_before_aw || !slave.aw_with_w)
            return fmt("AW before W %" PRIu64 ", W before AW %" PRIu64 ", together %" PRIu64, slave.aw_before_w,
                       slave.w_before_aw, slave.aw_with_w);
        return std::string();
    });

    run("axi_protocol_idle_at_end", [&] {
        cycles(4);
        if (!chk.idle_at_end(edge_)) return chk.error();
        return std::string();
    });

    finished = true;
}

} // namespace

// SystemC 2.3.4 prints its banner before it calls sc_main, so a setenv() in
// sc_main is too late; a static initializer runs before both.
static const int systemc_banner_off = setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);

int sc_main(int, char *[])
{
    (void)systemc_banner_off;
    sc_clock clk("clk", 10, SC_NS);
    Bench bench("bench");
    bench.clk(clk);

    const sc_time limit(10, SC_MS); // a full run takes about 1 ms
    while (!bench.finished && sc_time_stamp() < limit) sc_start(1, SC_MS);
    if (!bench.finished) {
        printf("FAIL %s: unfinished at %s\n", bench.current_case.c_str(), sc_time_stamp().to_string().c_str());
        bench.failed++;
    }
    printf("%d passed, %d failed\n", bench.passed, bench.failed);
    return bench.failed ? 1 : 0;
}
