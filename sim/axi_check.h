/* SPDX-License-Identifier: Apache-2.0 */
// axi_check: an AXI4 protocol checker, a monitor of one AXI4 port (payloads in
// sim/axi.h) that sees master and slave together. Plain C++17, no Verilator.
//
// cycle() takes, once per rising edge, all five channels as they are sampled
// at that edge (outputs settled, clock about to rise): each VALID, READY and
// payload. A handshake is VALID && READY at an edge. The rules:
//   1 reset:  during reset every VALID is low.
//   2 stable: a VALID once high stays high until its handshake, and its
//             payload does not change meanwhile (AR, AW, W, R, B).
//   3 AR/AW:  burst INCR (1); size <= log2(data_bytes); address aligned to
//             1 << size; no 4 KiB boundary crossed; len <= 255; the id fits
//             id_bits. Checked whenever the VALID is high.
//   4 W:      W bursts pair with AWs in order (a W burst may come before its
//             AW); WLAST exactly on beat len; WSTRB only on the lanes of the
//             beat's address and size. Checked at each W handshake (beats
//             before their AW: when the AW is taken).
//   5 R:      an R beat belongs to the oldest AR of its ID whose beats are not
//             all taken, taken at an earlier edge (other IDs may interleave
//             between beats); RLAST exactly on beat len.
//   6 B:      a B belongs to the oldest AW of its ID without a B, taken at an
//             earlier edge, whose WLAST was taken at an earlier edge.
// Limits on transactions in flight are not AXI rules and are not checked.
// The first violation is latched: cycle() returns false from then on, and
// error() is "AXI protocol: <rule> at edge N: <details>". A cycle in reset
// checks rule 1 and forgets the open transactions; reset() forgets everything,
// the error included.
#ifndef WAVEGPU_AXI_CHECK_H
#define WAVEGPU_AXI_CHECK_H

#include "axi.h"

#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <vector>

// One edge of the port.
struct AxiSignals {
    bool arvalid, arready; AxiAddr ar;
    bool awvalid, awready; AxiAddr aw;
    bool wvalid, wready;   AxiW w;
    bool rvalid, rready;   AxiR r;
    bool bvalid, bready;   AxiB b;
};

class AxiCheck {
public:
    // data_bytes: the data bus width in bytes, 1, 2, 4, 8 or 16.
    explicit AxiCheck(unsigned data_bytes = AXI_DATA_BYTES, unsigned id_bits = 8);

    // The port at `edge`; false on the first violation and ever after.
    bool cycle(uint64_t edge, const AxiSignals &s, bool in_reset);
    // At the end of a run: false (with error()) if anything is still open: an
    // AR without all its R beats, an AW without its W burst or its B, W beats
    // without their AW, a VALID waiting for its READY.
    bool idle_at_end(uint64_t edge);
    const std::string &error() const { return err_; }
    void reset();

private:
    template <class T> struct Waiting { bool on = false; T payload{}; };
    struct ReadOpen { unsigned len, beats_taken; };

    bool fail(uint64_t edge, const std::string &rule, const std::string &details);
    template <class T>
    bool stable(uint64_t edge, const char *channel, Waiting<T> &w, bool valid, bool ready, const T &payload);
    bool check_addr(uint64_t edge, const char *channel, const AxiAddr &a);
    bool check_w_beat(uint64_t edge, const AxiAddr &aw, uint64_t aw_index, size_t beat, const AxiW &w);
    bool check_r(uint64_t edge, const AxiR &r);
    bool check_b(uint64_t edge, const AxiB &b);
    bool take_aw(uint64_t edge, const AxiAddr &aw);
    bool take_w(uint64_t edge, const AxiW &w);
    void forget_transactions();

    unsigned data_bytes_, max_size_, id_bits_;
    Waiting<AxiAddr> ar_wait_, aw_wait_;
    Waiting<AxiW> w_wait_;
    Waiting<AxiR> r_wait_;
    Waiting<AxiB> b_wait_;
    std::map<uint32_t, std::deque<ReadOpen>> reads_;    // by ID, AR order
    // AWs are numbered in handshake order; W burst n pairs with AW n.
    uint64_t aws_taken_ = 0, w_bursts_done_ = 0;
    std::map<uint32_t, std::deque<uint64_t>> writes_;   // by ID, AW order: the AWs without a B
    std::deque<AxiAddr> aws_wanting_w_;                 // AWs w_bursts_done_ .. aws_taken_ - 1
    size_t w_beats_ = 0;                                // of W burst w_bursts_done_, when its AW is known
    std::deque<std::vector<AxiW>> early_w_;             // W bursts aws_taken_ .. (the last may be unfinished)
    std::string err_;
};

#endif
