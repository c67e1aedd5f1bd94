// SPDX-License-Identifier: Apache-2.0
// gpu_coalescer_gather: the store words of one window of a coalesced request
// (gpu_coalescer): for each word of the line, whether a served lane of the
// window writes it, and the data of the highest such lane (docs/isa.md 4.7:
// the highest lane's value wins). Combinational. Its own module so that
// synthesis maps it apart from the line match that feeds it (in one module
// the 32-lane cone took ABC over 15 minutes).
`default_nettype none

module gpu_coalescer_gather #(
  parameter int Lanes = 32                // lanes of a window: 32, 16, 8, 4, 2 or 1
) (
  input  wire                 en_i,       // a store or atomic window is scanned (else all 0)
  input  wire  [Lanes-1:0]    served_i,   // the window's lanes the request serves
  input  wire  [Lanes*32-1:0] addr_i,     // byte address of window lane l at [l*32 +: 32]
  input  wire  [Lanes*32-1:0] data_i,     // store data of window lane l at [l*32 +: 32]
  output logic [15:0]         hit_o,      // word w is written by a served lane
  output logic [511:0]        data_o      // ... with this data at [w*32 +: 32] (0 where not)
);

  localparam int LaneW = Lanes > 1 ? $clog2(Lanes) : 1;

  // Lane i's data, by a tree of 2:1 multiplexers on i's bits.
  function automatic logic [31:0] lane_data(input logic [Lanes*32-1:0] d, input logic [LaneW-1:0] i);
    logic [Lanes*32-1:0] t;
    t = d;
    for (int b = 0; b < LaneW; b++)
      for (int j = 0; j < (Lanes >> (b + 1)); j++)
        t[j*32 +: 32] = i[b] ? t[(2*j + 1)*32 +: 32] : t[2*j*32 +: 32];
    lane_data = t[31:0];
  endfunction

  for (genvar w = 0; w < 16; w++) begin : g_word
    logic [Lanes-1:0] on_word;
    logic [LaneW-1:0] hi;
    always_comb begin
      hi      = '0;
      on_word = '0;
      data_o[w*32 +: 32] = '0;
      if (en_i) begin   // (only then: an idle unit costs the simulator nothing)
        for (int l = 0; l < Lanes; l++) begin
          on_word[l] = served_i[l] && addr_i[l*32 + 2 +: 4] == w[3:0];
          if (on_word[l]) hi = LaneW'(l);
        end
        data_o[w*32 +: 32] = lane_data(data_i, hi);
      end
    end
    assign hit_o[w] = on_word != '0;
  end

endmodule

`default_nettype wire
