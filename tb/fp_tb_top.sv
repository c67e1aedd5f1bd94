// fp_tb_top: the Verilator top of the f32 unit test (tb/fp_tb.cpp):
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
  logic unused_ready_next;

  // The pipe gives its result one window of Lanes lanes a cycle: pipe_valid_o
  // and pipe_result_o show the whole result with its last window.
  localparam int W     = Lanes * 32;
  localparam int PassW = Lanes < 32 ? $clog2(32 / Lanes) : 1;
  logic             win_valid, win_last;
  logic [PassW-1:0] win;
  logic [W-1:0]     win_result;
  assign pipe_valid_o = win_last;
  if (Lanes == 32) begin : g_whole
    assign pipe_result_o = win_result;
    wire unused_windows = win_valid ^ win;
  end else begin : g_windows
    logic [1023-W:0] windows_q;   // windows 0..Passes-2
    always_ff @(posedge clk_i)
      for (int k = 0; k < 32 / Lanes - 1; k++)
        if (win_valid && win == PassW'(k)) windows_q[k*W +: W] <= win_result;
    assign pipe_result_o = {win_result, windows_q};
  end

  gpu_fp_pipe #(.Lanes(Lanes)) u_pipe (
    .clk_i,
    .rst_i,
    .valid_i  (pipe_valid_i),
    .fn_i     (pipe_fn_i),
    .a_i      (pipe_a_i),
    .b_i      (pipe_b_i),
    .c_i      (pipe_c_i),
    .tag_i    (pipe_tag_i),
    .ready_o  (pipe_ready_o),
    .ready_next_o (unused_ready_next),
    .valid_o  (win_valid),
    .win_o    (win),
    .last_o   (win_last),
    .result_o (win_result),
    .tag_o    (pipe_tag_o)
  );

  gpu_fp_divsqrt #(.Lanes(DivLanes)) u_divsqrt (
    .clk_i,
    .rst_i,
    .start_i   (ds_start_i),
    .is_sqrt_i (ds_is_sqrt_i),
    .a_i       (ds_a_i),
    .b_i       (ds_b_i),
    .tag_i     (ds_tag_i),
    .ready_o   (ds_ready_o),
    .done_o    (ds_done_o),
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
