// SPDX-License-Identifier: Apache-2.0
// gpu_dispatch: the work-group dispatcher. After launch_i it places groups in
// id order, at most one per cycle, each on a CU with a free wave slot (two
// for a 2-wave group) and room in its LDS: the search starts at the CU after
// the last one used (CU 0 first), and a 1-wave group takes the lowest slot
// that fits (slot 0's group owns the bottom of the LDS, slot 1's the top).
`default_nettype none

module gpu_dispatch #(
  parameter int NumCus = 4
) (
  input  wire                  clk_i,
  input  wire                  rst_i,
  input  wire                  launch_i,
  input  wire  [15:0]          num_groups_i,
  input  wire                  two_waves_i,
  input  wire  [16:0]          lds_bytes_i,
  input  wire  [3:0]           num_cus_i,      // CUs in use, 1..NumCus
  input  wire                  stop_i,         // a fault stopped the task: place nothing more
  input  wire  [2*NumCus-1:0]  slot_free_i,    // CU c slot s at [c*2 + s]
  output logic [NumCus-1:0]    place_o,        // one-hot: place the next group on this CU
  output logic                 place_slot_o,   // in this slot (a 2-wave group: slots 0 and 1)
  output logic [15:0]          place_group_o,
  output logic                 all_placed_o
);

  localparam int CuW = NumCus > 1 ? $clog2(NumCus) : 1;

  logic [15:0]    next_q;      // next group id to place
  logic [15:0]    total_q;
  logic           active_q;    // a task is being dispatched
  logic [CuW-1:0] last_q;      // CU of the last placement

  // Two 1-wave groups share a CU's LDS when twice the allocation fits.
  wire pair_fits = {1'b0, lds_bytes_i} <= 18'd32768;

  logic [NumCus-1:0] fits;
  logic [NumCus-1:0] fit_slot;
  always_comb begin
    for (int c = 0; c < NumCus; c++) begin
      logic f0, f1;
      f0 = slot_free_i[c*2];
      f1 = slot_free_i[c*2 + 1];
      if (two_waves_i) begin
        fits[c]     = f0 && f1;
        fit_slot[c] = 1'b0;
      end else begin
        fits[c]     = (f0 && (f1 || pair_fits)) || (f1 && (f0 || pair_fits));
        fit_slot[c] = !(f0 && (f1 || pair_fits));
      end
      if (c >= {28'd0, num_cus_i}) fits[c] = 1'b0;
    end
  end

  // The first fitting CU after last_q, in round-robin order.
  logic           found;
  logic [CuW-1:0] pick;
  always_comb begin
    found = 1'b0;
    pick  = '0;
    for (int i = 1; i <= NumCus; i++) begin
      logic [4:0] c;
      c = {{(5 - CuW){1'b0}}, last_q} + i[4:0];
      if (c >= {1'b0, num_cus_i}) c = c - {1'b0, num_cus_i};
      if (!found && {27'd0, c} < NumCus && fits[c[CuW-1:0]]) begin
        found = 1'b1;
        pick  = c[CuW-1:0];
      end
    end
  end

  wire [3:0] last_init = num_cus_i - 4'd1;   // so that the first search starts at CU 0
  wire       unused_last_init = ^last_init;

  wire place = active_q && !stop_i && next_q != total_q && found;

  always_comb begin
    place_o = '0;
    if (place) place_o[pick] = 1'b1;
  end
  assign place_slot_o  = fit_slot[pick];
  assign place_group_o = next_q;
  assign all_placed_o  = !active_q || next_q == total_q;

  always_ff @(posedge clk_i) begin
    if (place) begin
      next_q <= next_q + 16'd1;
      last_q <= pick;
    end
    if (launch_i) begin
      active_q <= 1'b1;
      next_q   <= 16'd0;
      total_q  <= num_groups_i;
      last_q   <= last_init[CuW-1:0];
    end
    if (rst_i) begin
      active_q <= 1'b0;
      next_q   <= 16'd0;
      total_q  <= 16'd0;
    end
  end

endmodule

`default_nettype wire
