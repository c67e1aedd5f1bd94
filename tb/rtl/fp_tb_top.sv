// SPDX-License-Identifier: Apache-2.0
// fp_tb_top: the Verilator top of the f32 unit test (tb/rtl/fp_tb.cpp):
// gpu_fp_pipe with Lanes physical lanes, gpu_fp_divsqrt with DivLanes, and the package functions
// themselves (fp_calc, fp_add, fp_min, fp_max) on the pipe's operands,
// registered one cycle after calc_valid_i. Testbench only.
`default_nettype none

module fp_tb_top #(
  parameter int Lanes    = 32,
  parameter int DivLanes = Lanes
) (
  input  wire           clk_i,
  input  wire           rst_i,
  // gpu_fp_pipe
  input  wire           pipe_valid_i,
  input  wire  [5:0]    pipe_fn_i,
  input  wire  [1023:0] pipe_a_i,
  input  wire  [1023:0] pipe_b_i,
  input  wire  [1023:0] pipe_c_i,
  input  wire  [7:0]    pipe_tag_i,
  output logic          pipe_ready_o,
  output logic          pipe_valid_o,
  output logic [1023:0] pipe_result_o,
  output logic [7:0]    pipe_tag_o,
  // the combinational package functions on pipe_fn_i / pipe_a_i / ...
  input  wire           calc_valid_i,
  output logic [1023:0] calc_o,       // fp_calc(fn, a, b, c)
  output logic [1023:0] add_o,        // fp_add(a, b)
  output logic [1023:0] min_o,        // fp_min(a, b)
  output logic [1023:0] max_o,        // fp_max(a, b)
  output logic [7:0]    latency_o,    // fp_latency(fn)
  // gpu_fp_divsqrt
  input  wire           ds_start_i,
  input  wire           ds_is_sqrt_i,
  input  wire  [1023:0] ds_a_i,
  input  wire  [1023:0] ds_b_i,
  input  wire  [7:0]    ds_tag_i,
  output logic          ds_ready_o,
  output logic          ds_done_o,
  output logic [1023:0] ds_result_o,
  output logic [7:0]    ds_tag_o,
  // the package constants
  output logic [7:0]    pipe_latency_o,
  output logic [7:0]    divsqrt_cycles_o,
  output logic [7:0]    passes_o,        // 32 / Lanes
  output logic [7:0]    ds_passes_o      // 32 / DivLanes
);

  assign pipe_latency_o   = gpu_fp_pkg::FP_PIPE_LATENCY[7:0];
  assign divsqrt_cycles_o = gpu_fp_pkg::FP_DIVSQRT_CYCLES[7:0];
  assign passes_o         = 8'(32 / Lanes);
  assign ds_passes_o      = 8'(32 / DivLanes);

  // The pipe takes an operation one window of Lanes lanes a cycle and gives
  // its result so: here a wave operation given whole with pipe_valid_i goes
  // in as window 0 that cycle and windows 1.. from a copy in the cycles after
  // (pipe_ready_o when it may take the next); pipe_valid_o and
  // pipe_result_o show the whole result with its last window.
  localparam int Passes = 32 / Lanes;
  localparam int W      = Lanes * 32;
  localparam int PassW  = Lanes < 32 ? $clog2(32 / Lanes) : 1;
  logic             in_copy;
  logic [PassW-1:0] in_win;
  logic [W-1:0]     in_a, in_b, in_c;
  logic [5:0]       in_fn;
  logic [7:0]       in_tag;
  logic             win_valid, win_last;
  logic [PassW-1:0] win;
  logic [W-1:0]     win_result;

  // windows still to feed after the one given with pipe_valid_i
  logic [PassW-1:0] left_q;
  assign pipe_ready_o      = left_q == '0;
  assign in_copy           = left_q != '0;
  assign in_win            = pipe_valid_i ? '0 : PassW'(Passes - 32'(left_q));
  always_ff @(posedge clk_i) begin
    if (pipe_valid_i) left_q <= PassW'(Passes - 1);
    else if (in_copy) left_q <= left_q - PassW'(1);
    if (rst_i) left_q <= '0;
  end

  assign pipe_valid_o = win_last;
  if (Lanes == 32) begin : g_whole
    assign in_a   = pipe_a_i;
    assign in_b   = pipe_b_i;
    assign in_c   = pipe_c_i;
    assign in_fn  = pipe_fn_i;
    assign in_tag = pipe_tag_i;
    assign pipe_result_o = win_result;
    wire unused_windows = win_valid ^ win ^ in_copy;
  end else begin : g_windows
    logic [1023:0]   a_q, b_q, c_q;   // the operation's operands, for windows 1..
    logic [5:0]      fn_q;
    logic [7:0]      tag_q;
    logic [1023-W:0] windows_q;       // result windows 0..Passes-2
    always_ff @(posedge clk_i) begin
      if (pipe_valid_i) begin
        a_q    <= pipe_a_i;
        b_q    <= pipe_b_i;
        c_q    <= pipe_c_i;
        fn_q   <= pipe_fn_i;
        tag_q  <= pipe_tag_i;
      end
      for (int k = 0; k < Passes - 1; k++)
        if (win_valid && win == PassW'(k)) windows_q[k*W +: W] <= win_result;
    end
    assign in_a   = pipe_valid_i ? pipe_a_i[W-1:0] : a_q[in_win*W +: W];
    assign in_b   = pipe_valid_i ? pipe_b_i[W-1:0] : b_q[in_win*W +: W];
    assign in_c   = pipe_valid_i ? pipe_c_i[W-1:0] : c_q[in_win*W +: W];
    assign in_fn  = pipe_valid_i ? pipe_fn_i : fn_q;
    assign in_tag = pipe_valid_i ? pipe_tag_i : tag_q;
    assign pipe_result_o = {win_result, windows_q};
  end

  gpu_fp_pipe #(.Lanes(Lanes)) u_pipe (
    .clk_i,
    .rst_i,
    .valid_i  (pipe_valid_i || in_copy),
    .win_i    (in_win),
    .last_i   (in_win == PassW'(Passes - 1)),
    .fn_i     (in_fn),
    .a_i      (in_a),
    .b_i      (in_b),
    .c_i      (in_c),
    .tag_i    (in_tag),
    .valid_o  (win_valid),
    .win_o    (win),
    .last_o   (win_last),
    .result_o (win_result),
    .tag_o    (pipe_tag_o)
  );

  // (the operands in one window of 32 lanes, with start)
  gpu_fp_divsqrt #(.Lanes(DivLanes), .InLanes(32)) u_divsqrt (
    .clk_i,
    .rst_i,
    .load_i    (ds_start_i),
    .win_i     (5'd0),
    .start_i   (ds_start_i),
    .is_sqrt_i (ds_is_sqrt_i),
    .a_i       (ds_a_i),
    .b_i       (ds_b_i),
    .tag_i     (ds_tag_i),
    .ready_o   (ds_ready_o),
    .done_o    (ds_done_o),
    .rwin_i    (1'b0),
    .result_o  (ds_result_o),
    .tag_o     (ds_tag_o)
  );

  always_ff @(posedge clk_i) begin
    if (calc_valid_i) begin
      latency_o <= gpu_fp_pkg::fp_latency(pipe_fn_i);
      for (int l = 0; l < 32; l++) begin
        calc_o[l*32 +: 32] <= gpu_fp_pkg::fp_calc(pipe_fn_i, pipe_a_i[l*32 +: 32], pipe_b_i[l*32 +: 32],
                                                  pipe_c_i[l*32 +: 32]);
        add_o[l*32 +: 32]  <= gpu_fp_pkg::fp_add(pipe_a_i[l*32 +: 32], pipe_b_i[l*32 +: 32]);
        min_o[l*32 +: 32]  <= gpu_fp_pkg::fp_min(pipe_a_i[l*32 +: 32], pipe_b_i[l*32 +: 32]);
        max_o[l*32 +: 32]  <= gpu_fp_pkg::fp_max(pipe_a_i[l*32 +: 32], pipe_b_i[l*32 +: 32]);
      end
    end
  end

endmodule

`default_nettype wire
