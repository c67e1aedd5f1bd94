// gpu_ram_1r1w: the RAM wrapper of every RTL memory: Depth words of Width bits
// (Depth >= 2), one write port, one read port. Read latency 1: rdata_o shows
// mem[raddr_i] the cycle after re_i and holds until the next re_i. No reset.
// Reading the address written in the same cycle is undefined (X in
// simulation, so code relying on it fails loudly). Infers block RAM in Yosys.
`default_nettype none

module gpu_ram_1r1w #(
  parameter int Width = 32,
  parameter int Depth = 512
) (
  input  wire                       clk_i,
  input  wire                       we_i,
  input  wire  [$clog2(Depth)-1:0]  waddr_i,
  input  wire  [Width-1:0]          wdata_i,
  input  wire                       re_i,
  input  wire  [$clog2(Depth)-1:0]  raddr_i,
  output logic [Width-1:0]          rdata_o
);

  (* no_rw_check *)
  logic [Width-1:0] mem_q [0:Depth-1];

  always_ff @(posedge clk_i) begin
    if (we_i) mem_q[waddr_i] <= wdata_i;
    if (re_i) begin
      rdata_o <= mem_q[raddr_i];
`ifndef SYNTHESIS
      if (we_i && waddr_i == raddr_i) rdata_o <= 'x;
`endif
    end
  end

endmodule

`default_nettype wire
