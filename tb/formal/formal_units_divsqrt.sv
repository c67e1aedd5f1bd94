// SPDX-License-Identifier: Apache-2.0
// formal_units_divsqrt: the formal harness of gpu_fp_divsqrt, the f32
// divide / square-root unit (docs/formal.md), with Lanes physical lanes and
// windows of Lanes lanes (the .sby sets 1: the small configuration's, 32
// passes). Free: load_i, win_i, operands, start_i (also while busy: it is
// then not taken), is_sqrt_i, tag_i, rwin_i, resets. Proved: an operation
// is accepted on start_i && ready_o; ready_o is low from an accepted start
// until its done_o; done_o pulses exactly once per accepted start, exactly
// Passes * 16 cycles after the cycle of start_i, never otherwise; tag_o is
// the accepted tag_i at done_o and holds until the next accepted start;
// result_o (the window rwin_i of the results) holds too: for an unchanged
// rwin_i it is unchanged from done_o until the next accepted start.
`default_nettype none

module formal_units_divsqrt #(
  parameter int Lanes = 1
) (
  input wire                  clk_i,
  input wire                  rst_i,
  input wire                  load_i,
  input wire [4:0]            win_i,
  input wire [Lanes*32-1:0]   a_i,
  input wire [Lanes*32-1:0]   b_i,
  input wire                  start_i,
  input wire                  is_sqrt_i,
  input wire [7:0]            tag_i,
  input wire [(Lanes < 32 ? $clog2(32 / Lanes) : 1)-1:0] rwin_i
);

  localparam int Passes = 32 / Lanes;
  localparam int Cycles = gpu_fp_pkg::FP_DIVSQRT_CYCLES;   // a pass: 16
  localparam int Lat    = Passes * Cycles;
  localparam int RwinW  = Lanes < 32 ? $clog2(32 / Lanes) : 1;
  localparam int PassW  = Passes > 1 ? $clog2(Passes) : 1;
  localparam int CountW = $clog2(gpu_fp_pkg::FP_DS_ITERS + 1);

  logic               ready, done;
  logic [Lanes*32-1:0] result;
  logic [7:0]         tag;

  gpu_fp_divsqrt #(
    .Lanes   (Lanes),
    .InLanes (Lanes)
  ) u_dut (
    .clk_i     (clk_i),
    .rst_i     (rst_i),
    .load_i    (load_i),
    .win_i     (win_i),
    .a_i       (a_i),
    .b_i       (b_i),
    .start_i   (start_i),
    .is_sqrt_i (is_sqrt_i),
    .tag_i     (tag_i),
    .ready_o   (ready),
    .done_o    (done),
    .rwin_i    (rwin_i),
    .result_o  (result),
    .tag_o     (tag)
  );

  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (rst_i);

  // age_q: cycles since the cycle of the accepted start_i (0: none in flight)
  wire                accept = start_i && ready && !rst_i;
  logic [10:0]        age_q;
  logic [7:0]         tag_acc_q;   // the accepted operation's tag
  logic               held_q;      // the last cycle was done_o's or after it, and no start was accepted at its end
  logic [Lanes*32-1:0] result_q;
  logic [RwinW-1:0]   rwin_q;
  logic [7:0]         tag_q;
  always @(posedge clk_i) begin
    if (age_q != 11'd0) age_q <= age_q == 11'(Lat) ? 11'd0 : age_q + 11'd1;
    if (accept) begin
      age_q     <= 11'd1;
      tag_acc_q <= tag_i;
    end
    held_q   <= (done || held_q) && !accept;
    result_q <= result;
    rwin_q   <= rwin_i;
    tag_q    <= tag;
    if (rst_i) begin
      age_q  <= 11'd0;
      held_q <= 1'b0;
    end
  end

  // The unit's state: in cycle age (1 .. Lat - 1) of an operation, pass
  // (age - 1) / 16; in it, (age - 1) % 16 = 0 .. 13 iterate (count), 14
  // finishes, 15 loads the next pass.
  (* hierconn *) wire [1:0]       \u_dut.state_q ;
  (* hierconn *) wire [CountW-1:0] \u_dut.count_q ;
  (* hierconn *) wire [PassW-1:0] \u_dut.pass_q ;
  (* hierconn *) wire [7:0]       \u_dut.tag_q ;
  wire [1:0]       dut_state = \u_dut.state_q ;
  wire [CountW-1:0] dut_count = \u_dut.count_q ;
  wire [PassW-1:0] dut_pass  = \u_dut.pass_q ;
  wire [7:0]       dut_tag   = \u_dut.tag_q ;
  wire [10:0]      age1      = age_q - 11'd1;
  wire [3:0]       in_pass   = age1[3:0];
  wire             busy      = age_q != 11'd0 && age_q != 11'(Lat);

  always @* begin
    if (f_past_valid && !rst_i) begin
      // ready_o low exactly from the accepting edge until done_o
      a_ready: assert (ready == !busy);
      // done_o once per accepted start, Passes x 16 cycles later, never otherwise
      a_done:  assert (done == (age_q == 11'(Lat)));
      // the accepted tag at done_o
      if (done) a_tag: assert (tag == tag_acc_q);
      // tag_o and result_o (for the same window) hold until the next accepted start
      if (held_q) begin
        a_tag_held: assert (tag == tag_q);
        if (rwin_i == rwin_q) a_result_held: assert (result == result_q);
      end
`ifndef FORMAL_NO_INV
      a_inv_age: assert (age_q <= 11'(Lat));
      if (held_q) a_inv_held: assert (age_q == 11'd0 && tag == tag_acc_q);
      if (busy) begin
        a_inv_tag:  assert (dut_tag == tag_acc_q);
        a_inv_pass: assert (32'(dut_pass) == 32'(age1 >> 4));
        if (in_pass <= 4'd13)
          a_inv_iter: assert (dut_state == 2'd1 && dut_count == CountW'(in_pass));
        else if (in_pass == 4'd14)
          a_inv_finish: assert (dut_state == 2'd2);
        else
          a_inv_load: assert (dut_state == 2'd3);
      end else
        a_inv_idle: assert (dut_state == 2'd0);
`endif
    end
  end

endmodule

`default_nettype wire
