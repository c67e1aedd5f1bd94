// SPDX-License-Identifier: Apache-2.0
// gpu_cache_tags: the tag array of a set-associative cache (gpu_l1,
// gpu_l2_slice): one word per set in a gpu_ram_1r1w block RAM, holding the
// set's Ways line addresses side by side (way i at [i*26 +: 26]), with a
// write enable per way. Read latency 1: tags_o shows the set read by re_i
// and holds until the next re_i; match_o compares each way of it with
// line_i. Reading the set written at the same edge is undefined (the caches
// read it again the cycle after).
`default_nettype none

module gpu_cache_tags #(
  parameter int Sets = 64,   // power of two >= 2
  parameter int Ways = 4
) (
  input  wire                      clk_i,
  input  wire  [Ways-1:0]          we_i,
  input  wire  [$clog2(Sets)-1:0]  waddr_i,
  input  wire  [25:0]              wline_i,
  input  wire                      re_i,
  input  wire  [$clog2(Sets)-1:0]  raddr_i,
  input  wire  [25:0]              line_i,
  output logic [Ways*26-1:0]       tags_o,
  output logic [Ways-1:0]          match_o
);

  gpu_ram_1r1w #(
    .Width (Ways * 26),
    .Depth (Sets),
    .Lanes (Ways)
  ) u_ram (
    .clk_i   (clk_i),
    .we_i    (we_i),
    .waddr_i (waddr_i),
    .wdata_i ({Ways{wline_i}}),
    .re_i    (re_i),
    .raddr_i (raddr_i),
    .rdata_o (tags_o)
  );

  always_comb
    for (int i = 0; i < Ways; i++) match_o[i] = tags_o[i*26 +: 26] == line_i;

endmodule

`default_nettype wire
