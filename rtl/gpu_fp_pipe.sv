// gpu_fp_pipe: the f32 unit of a compute unit, Lanes lanes: every
// fixed-latency f32 function of gpu_fp_pkg::fp_calc (all but div and sqrt).
// Fully pipelined, no stalls: an operation may enter every cycle and its
// result and tag leave exactly gpu_fp_pkg::FP_PIPE_LATENCY (3) cycles after
// valid_i. One gpu_fp_lane per lane; docs/fpu.md.
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

  // Control resets; the lanes' payload loads only behind a valid bit, so an
  // idle pipe does no lane work (in hardware or in the simulator).
  logic       s1_valid_q, s2_valid_q;
  logic [7:0] s1_tag_q, s2_tag_q;

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
    if (valid_i)    s1_tag_q <= tag_i;
    if (s1_valid_q) s2_tag_q <= s1_tag_q;
    if (s2_valid_q) tag_o    <= s2_tag_q;
    s1_valid_q <= valid_i;
    s2_valid_q <= s1_valid_q;
    valid_o    <= s2_valid_q;
    if (rst_i) begin
      s1_valid_q <= 1'b0;
      s2_valid_q <= 1'b0;
      valid_o    <= 1'b0;
    end
  end

endmodule

`default_nettype wire
