// SPDX-License-Identifier: Apache-2.0
// gpu_l2_maint: the maintenance walker of an L2 slice (gpu_l2_slice;
// docs/architecture.md, "The L2"). maint_req_i starts a walk (maint_inv_i:
// invalidating as well): it visits one set per cycle (set_o), staying on a
// set one step per dirty line to write back; a slice with no valid line
// (any_valid_i low) is done at once. In a step (go_o) with dirty_o the
// slice writes back line way_o of set_o (and invalidates it with inv_o);
// a step without one finishes the set (the slice invalidates its lines
// with inv_o) and moves on. A dirty line's step waits for its set's tags
// (tags_ready_i; read_tags_o asks for them), a free write-back buffer and
// no write of that line in flight. After the last set the walk waits for
// its write-backs to be answered, then pulses maint_done_o. busy_o: the
// walk is stepping (the slice's lookup and input wait); active_o: a walk
// is in progress (stepping or waiting).
`default_nettype none

module gpu_l2_maint #(
  parameter int Sets = 64,   // power of two
  parameter int Ways = 8     // >= 2
) (
  input  wire                     clk_i,
  input  wire                     rst_i,
  input  wire                     maint_req_i,
  input  wire                     maint_inv_i,
  output logic                    maint_done_o,
  input  wire                     any_valid_i,     // the slice holds a valid line
  output logic                    active_o,
  output logic                    busy_o,
  output logic                    inv_o,
  output logic [$clog2(Sets)-1:0] set_o,
  input  wire  [Ways-1:0]         dirty_ways_i,    // set_o's valid, dirty, unreserved lines
  output logic                    dirty_o,         // set_o has a line to write back: way_o
  output logic [$clog2(Ways)-1:0] way_o,
  output logic                    read_tags_o,
  input  wire                     tags_ready_i,    // the tag RAM's output holds set_o
  input  wire                     hold_i,          // the slice's data RAM is busy this cycle
  input  wire                     wb_free_i,       // a write-back buffer is free
  input  wire                     line_in_wb_i,    // way_o's line has a write in flight
  input  wire                     writes_pending_i, // a maintenance write is waiting or in flight
  output logic                    go_o
);

  localparam int SetW = $clog2(Sets);
  localparam int WayW = $clog2(Ways);

  logic            walk_q, walk_inv_q, walk_wait_q;
  logic [SetW-1:0] walk_set_q;

  assign active_o = walk_q;
  assign busy_o   = walk_q && !walk_wait_q;
  assign inv_o    = walk_inv_q;
  assign set_o    = walk_set_q;

  // The first dirty line of the set.
  always_comb begin
    dirty_o = 1'b0;
    way_o   = '0;
    for (int i = Ways - 1; i >= 0; i--)
      if (dirty_ways_i[i]) begin
        dirty_o = 1'b1;
        way_o   = i[WayW-1:0];
      end
  end

  assign read_tags_o  = busy_o && dirty_o && !tags_ready_i;
  assign go_o         = busy_o && !hold_i && (!dirty_o || (tags_ready_i && wb_free_i && !line_in_wb_i));
  assign maint_done_o = walk_q && walk_wait_q && !writes_pending_i;

  always_ff @(posedge clk_i) begin
    if (maint_req_i && !walk_q) begin
      walk_q      <= 1'b1;
      walk_inv_q  <= maint_inv_i;
      walk_wait_q <= !any_valid_i;   // nothing to visit
      walk_set_q  <= '0;
    end
    if (go_o && !dirty_o) begin
      walk_set_q <= walk_set_q + 1'b1;
      if (walk_set_q == '1) walk_wait_q <= 1'b1;
    end
    if (maint_done_o) walk_q <= 1'b0;
    if (rst_i) walk_q <= 1'b0;
  end

endmodule

`default_nettype wire
