// SPDX-License-Identifier: Apache-2.0
// gpu_lds_bank: one bank of the LDS (gpu_lds, docs/lds.md): 2^RowW words of
// 32 bits in a gpu_ram_1r1w block RAM. A round reads it (stage 1, re_i/raddr_i);
// the cycle after (stage 2, act_i) it shows its word before this round's
// write (old_o: the RAM's, or the word written the cycle before, which the
// RAM cannot return: the read was in the same cycle) and, with we_i (only with act_i), writes its
// data lane's store data or the atomic's new word (gpu_alu_pkg::atomic_new
// of old_o, the lane's operand and its CAS compare result). With act_i low, old_o is 0.
`default_nettype none
// (not traced: its ports repeat the LDS's buses)
/*verilator tracing_off*/

module gpu_lds_bank #(
  parameter int Lanes = 32,         // the lanes of a round (gpu_lds)
  parameter int RowW  = 9           // row address bits: 512 words (32 banks of the 64 KiB LDS)
) (
  input  wire          clk_i,
  input  wire          rst_i,
  // stage 1
  input  wire          re_i,
  input  wire  [RowW-1:0] raddr_i,
  // stage 2
  input  wire          act_i,          // the bank was read or written in the last round
  input  wire          we_i,
  input  wire  [RowW-1:0] row_i,         // its row in that round
  input  wire          atomic_i,
  input  wire  [5:0]   fn_i,           // the atomic's gpu_isa_pkg::FN_*
  input  wire  [(Lanes > 1 ? $clog2(Lanes) : 1)-1:0] wlane_i,     // the data lane: the highest lane served in the bank
  input  wire  [Lanes*32-1:0]      lane_data_i,  // the round's lanes' store data or atomic operand (lane l at [l*32 +: 32])
  input  wire  [Lanes-1:0]         lane_eq_i,    // their CAS comparison with their bank's old word
  output logic [31:0]  old_o
);

  logic [31:0] rdata, wdata;
  gpu_ram_1r1w #(
    .Width (32),
    .Depth (1 << RowW)
  ) u_ram (
    .clk_i   (clk_i),
    .we_i    (we_i),
    .waddr_i (row_i),
    .wdata_i (wdata),
    .re_i    (re_i),
    .raddr_i (raddr_i),
    .rdata_o (rdata)
  );

  // The word written in the last cycle, for a read of the same row now (an
  // atomic's next round, or the next instruction's round).
  logic        fwd_valid_q;
  logic [RowW-1:0] fwd_row_q;
  logic [31:0] fwd_data_q;

  // (two blocks: old_o goes out to the lanes, whose compare results come back in lane_eq_i)
  always_comb begin
    old_o = '0;
    if (act_i)   // (only then: it keeps an idle LDS cheap to simulate)
      old_o = (fwd_valid_q && fwd_row_q == row_i) ? fwd_data_q : rdata;
  end

  // The written word: only stores and atomics write (we_i), and only an
  // atomic computes a new word. (Gated by we_i, not act_i: Verilator
  // evaluates the inlined atomic_new whenever its block runs, so with act_i
  // every round of a load paid for it in each active bank.)
  logic [31:0] src;
  always_comb begin
    src   = '0;
    wdata = '0;
    if (we_i) begin
      src = lane_data_i[wlane_i*32 +: 32];
      if (atomic_i) wdata = gpu_alu_pkg::atomic_new(fn_i, old_o, src, lane_eq_i[wlane_i]);
      else          wdata = src;
    end
  end

  always_ff @(posedge clk_i) begin
    fwd_valid_q <= we_i;
    if (we_i) begin
      fwd_row_q  <= row_i;
      fwd_data_q <= wdata;
    end
    if (rst_i) fwd_valid_q <= 1'b0;
  end

endmodule

`default_nettype wire
