// SPDX-License-Identifier: Apache-2.0
// gpu_ram_1r1w: the RAM wrapper of every RTL memory: Depth words of Width bits
// (Depth >= 2), one write port, one read port. The write port has Lanes
// enables, each writing Width/Lanes bits (Lanes = 1: a plain word write).
// Read latency 1: rdata_o shows mem[raddr_i] the cycle after re_i and holds
// until the next re_i. No reset. Reading the address written in the same cycle
// is undefined (X in simulation, so code relying on it fails loudly).
// Infers block RAM (with byte/lane enables) in Yosys, also where LUT RAM
// would be chosen for its size (ram_style "block": the tag RAMs). Verilator simulates the
// write as an equivalent whole-word merge (below), which it runs faster.
`default_nettype none

module gpu_ram_1r1w #(
  parameter int Width = 32,
  parameter int Depth = 512,
  parameter int Lanes = 1
) (
  input  wire                       clk_i,
  input  wire  [Lanes-1:0]          we_i,
  input  wire  [$clog2(Depth)-1:0]  waddr_i,
  input  wire  [Width-1:0]          wdata_i,
  input  wire                       re_i,
  input  wire  [$clog2(Depth)-1:0]  raddr_i,
  output logic [Width-1:0]          rdata_o
);

  localparam int LaneW = Width / Lanes;

  (* no_rw_check, ram_style = "block" *)
  logic [Width-1:0] mem_q [0:Depth-1];

`ifdef VERILATOR
  // Under Verilator, the same lane-enabled write as one write of the merged word.
  // The simulator gives every array write statement its own deferred-write flag,
  // checked every cycle; this form has one instead of Lanes.
  always_ff @(posedge clk_i)
    if (we_i != '0) begin
      logic [Width-1:0] bits;   // the enabled lanes' bits
      for (int l = 0; l < Lanes; l++) bits[l*LaneW +: LaneW] = {LaneW{we_i[l]}};
      mem_q[waddr_i] <= (mem_q[waddr_i] & ~bits) | (wdata_i & bits);
    end
`else
  always_ff @(posedge clk_i)
    for (int l = 0; l < Lanes; l++)
      if (we_i[l]) mem_q[waddr_i][l*LaneW +: LaneW] <= wdata_i[l*LaneW +: LaneW];
`endif

  always_ff @(posedge clk_i) begin
    if (re_i) begin
      rdata_o <= mem_q[raddr_i];
`ifndef SYNTHESIS
      if (we_i != '0 && waddr_i == raddr_i) rdata_o <= 'x;
`endif
    end
  end

endmodule

`default_nettype wire
