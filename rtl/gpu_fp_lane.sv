// SPDX-License-Identifier: Apache-2.0
// gpu_fp_lane: one lane of gpu_fp_pipe: the fixed-latency f32 functions of
// gpu_fp_pkg (fp_s1 / fp_s2 / fp_s3), one stage register each. The stage
// registers load when their stage's valid bit is set and hold otherwise
// (the valid bits and the tag travel in gpu_fp_pipe). Latency 3.
`default_nettype none
// The lanes are not traced: their ports repeat the unit's buses (traced,
// they made make sim's FST 160 MB instead of 104 MB and its run 26 s instead of 15-19 s).
/*verilator tracing_off*/

module gpu_fp_lane (
  input  wire         clk_i,
  input  wire         s0_valid_i,   // an operation enters stage 1
  input  wire         s1_valid_i,   // stage 1 holds an operation
  input  wire         s2_valid_i,   // stage 2 holds an operation
  input  wire  [5:0]  fn_i,         // gpu_isa_pkg::FN_*_F32 / FN_CVT_*
  input  wire  [31:0] a_i,
  input  wire  [31:0] b_i,          // the operand of unary functions
  input  wire  [31:0] c_i,          // addend of fma_f32
  output logic [31:0] result_o
);

  logic [gpu_fp_pkg::FP_S1_W-1:0] s1_q;
  logic [gpu_fp_pkg::FP_S2_W-1:0] s2_q;

  always_ff @(posedge clk_i) begin
    // Stage 1: operand selection, special cases, normalization, alignment.
    if (s0_valid_i) s1_q <= gpu_fp_pkg::fp_s1(fn_i, a_i, b_i, c_i);
    // Stage 2: product, aligned addend, sum.
    if (s1_valid_i) s2_q <= gpu_fp_pkg::fp_s2(s1_q);
    // Stage 3: normalization and rounding.
    if (s2_valid_i) result_o <= gpu_fp_pkg::fp_s3(s2_q);
  end

endmodule

`default_nettype wire
