// SPDX-License-Identifier: Apache-2.0
// gpu_reduce_lane: one combiner of gpu_reduce: result = a f b for the
// reduction functions of docs/isa.md 4.4 (add, add_f32, min/max u32/i32/f32,
// and, or, xor). Fully pipelined: a pair may enter every cycle, its result
// leaves gpu_fp_pkg::FP_PIPE_LATENCY (3) cycles after valid_i. The f32 add
// uses the stages of gpu_fp_pipe with the function fixed to add, so that
// synthesis keeps no multiplier; the other functions finish in stage 1.
`default_nettype none
// The lanes are not traced: their ports repeat the unit's buses (traced,
// they made make sim's FST 160 MB instead of 104 MB and its run 26 s instead of 15-19 s).
/*verilator tracing_off*/

module gpu_reduce_lane (
  input  wire         clk_i,
  input  wire         rst_i,
  input  wire         valid_i,
  input  wire  [5:0]  fn_i,       // gpu_isa_pkg::FN_* of the reduction
  input  wire  [31:0] a_i,
  input  wire  [31:0] b_i,
  output logic        valid_o,
  output logic [31:0] result_o
);

  localparam int S1W = gpu_fp_pkg::FP_S1_W;
  localparam int S2W = gpu_fp_pkg::FP_S2_W;

  // Stage registers: control resets, payload loads only behind a valid bit.
  logic           s1_valid_q, s2_valid_q;
  logic           s1_add_q, s2_add_q;      // the function is add_f32 (else the result is ready)
  logic [S1W-1:0] s1_q;
  logic [S2W-1:0] s2_q;
  logic [31:0]    s1_res_q, s2_res_q;      // the result of a function other than add_f32

  // Stage 1: the add's alignment; min/max (f32 or integer), add, and, or, xor.
  always_ff @(posedge clk_i) begin
    if (valid_i) begin
      s1_add_q <= fn_i == gpu_isa_pkg::FN_ADD_F32;
      s1_q     <= gpu_fp_pkg::fp_s1(gpu_isa_pkg::FN_ADD_F32, a_i, b_i, 32'd0);
      case (fn_i)
        gpu_isa_pkg::FN_MIN_F32: s1_res_q <= gpu_fp_pkg::fp_min(a_i, b_i);
        gpu_isa_pkg::FN_MAX_F32: s1_res_q <= gpu_fp_pkg::fp_max(a_i, b_i);
        // atomic_new(fn, old, src) is old f src for every integer reduction function
        default:                 s1_res_q <= gpu_alu_pkg::atomic_new(fn_i, a_i, b_i, 1'b0);
      endcase
    end
    s1_valid_q <= valid_i;
    if (rst_i) s1_valid_q <= 1'b0;
  end

  // Stage 2: the add's sum.
  always_ff @(posedge clk_i) begin
    if (s1_valid_q) begin
      s2_add_q <= s1_add_q;
      s2_q     <= gpu_fp_pkg::fp_s2(s1_q);
      s2_res_q <= s1_res_q;
    end
    s2_valid_q <= s1_valid_q;
    if (rst_i) s2_valid_q <= 1'b0;
  end

  // Stage 3: the add's normalization and rounding.
  always_ff @(posedge clk_i) begin
    if (s2_valid_q) result_o <= s2_add_q ? gpu_fp_pkg::fp_s3(s2_q) : s2_res_q;
    valid_o <= s2_valid_q;
    if (rst_i) valid_o <= 1'b0;
  end

endmodule

`default_nettype wire
