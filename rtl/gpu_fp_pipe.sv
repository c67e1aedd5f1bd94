// gpu_fp_pipe: the f32 unit of a compute unit, Lanes lanes: every
// fixed-latency f32 function of gpu_fp_pkg::fp_calc (all but div and sqrt).
// Fully pipelined, no stalls: an operation may enter every cycle and its
// result and tag leave exactly gpu_fp_pkg::FP_PIPE_LATENCY (3) cycles after
// valid_i. Stages fp_s1 / fp_s2 / fp_s3 of gpu_fp_pkg; docs/fpu.md.
`default_nettype none

module gpu_fp_pipe #(
  parameter int Lanes = 32
) (
  input  wire                 clk_i,
  input  wire                 rst_i,
  input  wire                 valid_i,
  input  wire  [5:0]          fn_i,       // gpu_isa_pkg::FN_*_F32 / FN_CVT_*
  input  wire  [Lanes*32-1:0] a_i,        // lane L is [L*32 +: 32]
  input  wire  [Lanes*32-1:0] b_i,        // the operand of unary functions
  input  wire  [Lanes*32-1:0] c_i,        // addend of fma_f32
  input  wire  [7:0]          tag_i,      // carried to tag_o
  output logic                valid_o,
  output logic [Lanes*32-1:0] result_o,
  output logic [7:0]          tag_o
);

  localparam int S1W = gpu_fp_pkg::FP_S1_W;
  localparam int S2W = gpu_fp_pkg::FP_S2_W;

  // Stage registers. Control resets; payload loads only behind a valid bit,
  // so an idle pipe does no lane work (in hardware or in the simulator).
  logic                 s1_valid_q;
  logic [7:0]           s1_tag_q;
  logic [Lanes*S1W-1:0] s1_q;
  logic                 s2_valid_q;
  logic [7:0]           s2_tag_q;
  logic [Lanes*S2W-1:0] s2_q;

  // Stage 1: operand selection, special cases, normalization, alignment.
  always_ff @(posedge clk_i) begin
    if (valid_i) begin
      s1_tag_q <= tag_i;
      for (int l = 0; l < Lanes; l++)
        s1_q[l*S1W +: S1W] <= gpu_fp_pkg::fp_s1(fn_i, a_i[l*32 +: 32], b_i[l*32 +: 32], c_i[l*32 +: 32]);
    end
    s1_valid_q <= valid_i;
    if (rst_i) s1_valid_q <= 1'b0;
  end

  // Stage 2: product, aligned addend, sum.
  always_ff @(posedge clk_i) begin
    if (s1_valid_q) begin
      s2_tag_q <= s1_tag_q;
      for (int l = 0; l < Lanes; l++)
        s2_q[l*S2W +: S2W] <= gpu_fp_pkg::fp_s2(s1_q[l*S1W +: S1W]);
    end
    s2_valid_q <= s1_valid_q;
    if (rst_i) s2_valid_q <= 1'b0;
  end

  // Stage 3: normalization and rounding.
  always_ff @(posedge clk_i) begin
    if (s2_valid_q) begin
      tag_o <= s2_tag_q;
      for (int l = 0; l < Lanes; l++)
        result_o[l*32 +: 32] <= gpu_fp_pkg::fp_s3(s2_q[l*S2W +: S2W]);
    end
    valid_o <= s2_valid_q;
    if (rst_i) valid_o <= 1'b0;
  end

endmodule

`default_nettype wire
