// SPDX-License-Identifier: Apache-2.0
// formal_units_reduce: the formal harness of gpu_reduce, the CU's
// reductions (docs/formal.md), with Combiners combiners and windows of
// InLanes lanes (the .sby's tasks: 1 and 1, the small configuration's, 4
// groups of one chunk; 4 and 32, the full CU's, one group). Free: load_i,
// win_i, B, start_i (also while busy: it is then not taken), fin_i, fn_i,
// resets. Proved: an instruction is accepted on start_i && ready_o; ready_o
// is low from an accepted start until its done_o; done_o pulses exactly once
// per accepted start, 15 x 4 / Combiners + 1 cycles after the cycle of
// start_i for red8 (61; with 4 combiners 16: high after edge t+15) and 10
// for redfin (after edge t+9), never otherwise; at done_o lane_we_o is
// 0x01010101 (red8) or 1 (redfin) and result_o is 0 outside those lanes;
// result_o and lane_we_o hold from done_o until the next accepted start.
`default_nettype none

module formal_units_reduce #(
  parameter int Combiners = 1,
  parameter int InLanes   = 1
) (
  input wire        clk_i,
  input wire        rst_i,
  input wire        load_i,
  input wire [4:0]  win_i,
  input wire [InLanes*32-1:0] b_i,
  input wire        start_i,
  input wire        fin_i,
  input wire [5:0]  fn_i
);

  localparam int Groups    = 4 / Combiners;
  localparam int GroupW    = Groups > 1 ? $clog2(Groups) : 1;
  localparam int LatRed8   = Groups * 15 + 1;   // groups of 15 cycles
  localparam int LatFin    = 10;

  logic          ready, done;
  logic [1023:0] result;
  logic [31:0]   lane_we;

  gpu_reduce #(
    .Combiners (Combiners),
    .InLanes   (InLanes)
  ) u_dut (
    .clk_i     (clk_i),
    .rst_i     (rst_i),
    .load_i    (load_i),
    .win_i     (win_i),
    .b_i       (b_i),
    .start_i   (start_i),
    .fin_i     (fin_i),
    .fn_i      (fn_i),
    .ready_o   (ready),
    .done_o    (done),
    .result_o  (result),
    .lane_we_o (lane_we)
  );

  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (rst_i);

  // age_q: cycles since the cycle of the accepted start_i (0: none in flight)
  wire           accept = start_i && ready && !rst_i;
  logic [6:0]    age_q;
  logic          fin_q;
  logic          held_q;       // the last cycle was done_o's or after it, and no start was accepted at its end
  logic [1023:0] result_q;
  logic [31:0]   lane_we_q;
  wire  [6:0]    lat = fin_q ? 7'(LatFin) : 7'(LatRed8);
  always @(posedge clk_i) begin
    if (age_q != 7'd0) age_q <= age_q == lat ? 7'd0 : age_q + 7'd1;
    if (accept) begin
      age_q <= 7'd1;
      fin_q <= fin_i;
    end
    held_q    <= (done || held_q) && !accept;
    result_q  <= result;
    lane_we_q <= lane_we;
    if (rst_i) begin
      age_q  <= 7'd0;
      held_q <= 1'b0;
    end
  end

  wire [31:0] we_exp = fin_q ? 32'h0000_0001 : 32'h0101_0101;
  logic [1023:0] we_bits, exp_bits;   // lane_we_o and the expected lanes expanded to bits
  always_comb
    for (int l = 0; l < 32; l++) begin
      we_bits[l*32 +: 32]  = {32{lane_we[l]}};
      exp_bits[l*32 +: 32] = {32{we_exp[l]}};
    end

  // The unit's control registers, and the combiner's valid pipeline.
  (* hierconn *) wire       \u_dut.busy_q ;
  (* hierconn *) wire       \u_dut.fin_q ;
  (* hierconn *) wire [3:0] \u_dut.count_q ;
  (* hierconn *) wire [1:0] \u_dut.inflight_q ;
  (* hierconn *) wire [GroupW-1:0] \u_dut.group_q ;
  (* hierconn *) wire       \u_dut.g_chunk[0].u_lane.s1_valid_q ;
  (* hierconn *) wire       \u_dut.g_chunk[0].u_lane.s2_valid_q ;
  (* hierconn *) wire       \u_dut.g_chunk[0].u_lane.valid_o ;
  wire       dut_busy     = \u_dut.busy_q ;
  wire       dut_fin      = \u_dut.fin_q ;
  wire [3:0] dut_count    = \u_dut.count_q ;
  wire [1:0] dut_inflight = \u_dut.inflight_q ;
  wire [GroupW-1:0] dut_group = \u_dut.group_q ;
  wire [2:0] dut_pipe     = {\u_dut.g_chunk[0].u_lane.s1_valid_q , \u_dut.g_chunk[0].u_lane.s2_valid_q ,
                             \u_dut.g_chunk[0].u_lane.valid_o };

  // The schedule of one group (every group of red8 runs the same 15
  // cycles; redfin is one group of 9): {count, in flight, pipeline valids
  // (stage 1, stage 2, out)} in cycle s of the group, s = 0, 1, ... (Constant
  // vectors, not a case: Yosys makes a case of constants a ROM, whose
  // contents an induction step leaves free.)
  localparam logic [15*9-1:0] SchedRed8 = {   // cycle 14 first
    {4'd0, 2'd1, 3'b001},   // 14
    {4'd0, 2'd1, 3'b010},   // 13
    {4'd0, 2'd1, 3'b100},   // 12
    {4'd2, 2'd0, 3'b000},   // 11
    {4'd1, 2'd1, 3'b001},   // 10
    {4'd1, 2'd1, 3'b010},   // 9
    {4'd0, 2'd2, 3'b101},   // 8
    {4'd2, 2'd1, 3'b010},   // 7
    {4'd1, 2'd2, 3'b101},   // 6
    {4'd2, 2'd2, 3'b011},   // 5
    {4'd1, 2'd3, 3'b111},   // 4
    {4'd2, 2'd3, 3'b111},   // 3
    {4'd4, 2'd2, 3'b110},   // 2
    {4'd6, 2'd1, 3'b100},   // 1
    {4'd8, 2'd0, 3'b000}   // 0
  };
  localparam logic [9*9-1:0] SchedFin = {   // cycle 8 first
    {4'd0, 2'd1, 3'b001},   // 8
    {4'd0, 2'd1, 3'b010},   // 7
    {4'd0, 2'd1, 3'b100},   // 6
    {4'd2, 2'd0, 3'b000},   // 5
    {4'd1, 2'd1, 3'b001},   // 4
    {4'd0, 2'd2, 3'b011},   // 3
    {4'd0, 2'd2, 3'b110},   // 2
    {4'd2, 2'd1, 3'b100},   // 1
    {4'd4, 2'd0, 3'b000}   // 0
  };
  function automatic logic [8:0] sched(input logic fin, input logic [3:0] s);
    sched = fin ? SchedFin[32'(s)*9 +: 9] : SchedRed8[32'(s)*9 +: 9];
  endfunction
  // the group and its cycle in flight (for the invariants)
  logic [1:0] grp_q;
  logic [3:0] step_q;
  always @(posedge clk_i) begin
    if (step_q == (fin_q ? 4'd8 : 4'd14)) begin
      step_q <= 4'd0;
      grp_q  <= grp_q == 2'(Groups - 1) ? 2'd0 : grp_q + 2'd1;
    end else
      step_q <= step_q + 4'd1;
    if (accept) begin
      grp_q  <= 2'd0;
      step_q <= 4'd0;
    end
  end
  wire [1:0] grp  = grp_q;
  wire [3:0] step = step_q;
  wire [8:0] sched_exp = sched(fin_q, step);
  wire [8:0] sched_got = {dut_count, dut_inflight, dut_pipe};

  always @* begin
    if (f_past_valid && !rst_i) begin
      // ready_o low exactly from the accepting edge until done_o
      a_ready: assert (ready == (age_q == 7'd0 || age_q == lat));
      // done_o once per accepted start, at its latency, never otherwise
      a_done:  assert (done == (age_q != 7'd0 && age_q == lat));
      // the lanes written, and nothing outside them
      if (done) begin
        a_lane_we: assert (lane_we == we_exp);
        a_result_lanes: assert ((result & ~we_bits) == '0);
      end
      // result_o and lane_we_o hold from done_o until the next accepted start
      if (held_q) a_result_held: assert (result == result_q && lane_we == lane_we_q);
`ifndef FORMAL_NO_INV
      a_inv_age: assert (age_q <= lat);
      if (age_q != 7'd0 && age_q != lat)
        a_inv_step: assert (step_q <= (fin_q ? 4'd8 : 4'd14) && 32'(grp_q) < Groups && 7'(grp_q) * 7'd15 + 7'(step_q) + 7'd1 == age_q);
      if (held_q) a_inv_held: assert (age_q == 7'd0 && lane_we == we_exp && (result & ~we_bits) == '0);
      if (age_q != 7'd0 && age_q != lat) begin
        a_inv_busy:  assert (dut_busy && dut_fin == fin_q && 32'(dut_group) == 32'(grp));
        a_inv_sched: assert (sched_got == sched_exp);
        a_inv_result_lanes: assert ((result & ~exp_bits) == '0);
      end else
        a_inv_idle: assert (!dut_busy && dut_inflight == 2'd0 && dut_pipe == 3'b000);
`endif
    end
  end

endmodule

`default_nettype wire
