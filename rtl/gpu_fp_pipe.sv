// SPDX-License-Identifier: Apache-2.0
// gpu_fp_pipe: the f32 unit of a compute unit: every fixed-latency f32
// function of gpu_fp_pkg::fp_calc (all but div and sqrt) with Lanes
// physical lanes (gpu_fp_lane). A wave operation comes one window of Lanes
// lanes a cycle (valid_i, win_i; last_i with its last window: a vector
// operation has 32 / Lanes windows, lanes [k*Lanes, (k+1)*Lanes) in window
// k, a scalar one only window 0), and each window's result leaves exactly
// FP_PIPE_LATENCY (3) cycles later with its number, last flag and tag
// (valid_o, win_o, last_o, tag_o; result_o is valid only then). A window
// may enter every cycle. docs/fpu.md.
`default_nettype none

module gpu_fp_pipe #(
  parameter int Lanes = 32              // physical lanes: 32, 16, 8, 4, 2 or 1
) (
  input  wire           clk_i,
  input  wire           rst_i,
  input  wire           valid_i,        // a window of an operation enters
  input  wire  [(Lanes < 32 ? $clog2(32 / Lanes) : 1)-1:0] win_i,   // its number
  input  wire           last_i,         // ... and it is the operation's last
  input  wire  [5:0]    fn_i,           // gpu_isa_pkg::FN_*_F32 / FN_CVT_*
  input  wire  [Lanes*32-1:0] a_i,      // the window's lane i is [i*32 +: 32]
  input  wire  [Lanes*32-1:0] b_i,      // the operand of unary functions
  input  wire  [Lanes*32-1:0] c_i,      // addend of fma_f32
  input  wire  [7:0]    tag_i,          // carried to tag_o
  output logic          valid_o,        // a window of a result leaves this cycle
  output logic [(Lanes < 32 ? $clog2(32 / Lanes) : 1)-1:0] win_o,   // its number
  output logic          last_o,         // ... and it is the operation's last
  output logic [Lanes*32-1:0] result_o,
  output logic [7:0]    tag_o
);

  localparam int PassW = Lanes < 32 ? $clog2(32 / Lanes) : 1;

  // Control resets; the lanes' payload loads only behind a valid bit, so an
  // idle pipe does no lane work (in hardware or in the simulator).
  logic             s1_valid_q, s2_valid_q, s3_valid_q;
  logic [PassW-1:0] s1_win_q, s2_win_q, s3_win_q;
  logic             s1_last_q, s2_last_q, s3_last_q;
  logic [7:0]       s1_tag_q, s2_tag_q;

  for (genvar l = 0; l < Lanes; l++) begin : g_lane
    gpu_fp_lane u_lane (
      .clk_i      (clk_i),
      .s0_valid_i (valid_i),
      .s1_valid_i (s1_valid_q),
      .s2_valid_i (s2_valid_q),
      .fn_i       (fn_i),
      .a_i        (a_i[l*32 +: 32]),
      .b_i        (b_i[l*32 +: 32]),
      .c_i        (c_i[l*32 +: 32]),
      .result_o   (result_o[l*32 +: 32])
    );
  end

  always_ff @(posedge clk_i) begin
    if (valid_i) begin
      s1_tag_q  <= tag_i;
      s1_win_q  <= win_i;
      s1_last_q <= last_i;
    end
    if (s1_valid_q) begin
      s2_tag_q  <= s1_tag_q;
      s2_win_q  <= s1_win_q;
      s2_last_q <= s1_last_q;
    end
    if (s2_valid_q) begin
      tag_o     <= s2_tag_q;
      s3_win_q  <= s2_win_q;
      s3_last_q <= s2_last_q;
    end
    s1_valid_q <= valid_i;
    s2_valid_q <= s1_valid_q;
    s3_valid_q <= s2_valid_q;
    if (rst_i) begin
      s1_valid_q <= 1'b0;
      s2_valid_q <= 1'b0;
      s3_valid_q <= 1'b0;
    end
  end
  assign valid_o = s3_valid_q;
  assign win_o   = s3_win_q;
  assign last_o  = s3_valid_q && s3_last_q;

endmodule

`default_nettype wire
