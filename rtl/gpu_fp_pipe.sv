// gpu_fp_pipe: the f32 unit of a compute unit: every fixed-latency f32
// function of gpu_fp_pkg::fp_calc (all but div and sqrt) on the 32 lanes of
// a wave, with Lanes physical lanes (gpu_fp_lane). A wave operation takes
// Passes = 32 / Lanes passes, one per cycle: pass k computes lanes
// [k*Lanes, (k+1)*Lanes), from the operands as given with valid_i (pass 0)
// and from a copy of them (later passes). An operation may enter when
// ready_o; its result leaves one window of Lanes lanes a cycle, windows
// 0..Passes-1 in consecutive cycles, the first exactly FP_PIPE_LATENCY
// cycles after valid_i (valid_o, win_o, last_o and tag_o with each; result_o
// is valid only then). With 32 lanes: one operation per cycle, latency 3, no
// copy. docs/fpu.md.
`default_nettype none

module gpu_fp_pipe #(
  parameter int Lanes = 32              // physical lanes: 32, 16, 8, 4, 2 or 1
) (
  input  wire           clk_i,
  input  wire           rst_i,
  input  wire           valid_i,
  input  wire  [5:0]    fn_i,           // gpu_isa_pkg::FN_*_F32 / FN_CVT_*
  input  wire  [1023:0] a_i,            // lane L is [L*32 +: 32]
  input  wire  [1023:0] b_i,            // the operand of unary functions
  input  wire  [1023:0] c_i,            // addend of fma_f32
  input  wire  [7:0]    tag_i,          // carried to tag_o
  output logic          ready_o,        // valid_i may be high this cycle
  output logic          ready_next_o,   // ... and next cycle, unless valid_i is high now (Passes > 1)
  output logic          valid_o,        // a window of the result leaves this cycle
  output logic [(Lanes < 32 ? $clog2(32 / Lanes) : 1)-1:0] win_o,   // its number
  output logic          last_o,         // ... and it is the last one
  output logic [Lanes*32-1:0] result_o, // the window's lanes
  output logic [7:0]    tag_o
);

  localparam int Passes  = 32 / Lanes;
  localparam int PassW   = Passes > 1 ? $clog2(Passes) : 1;
  localparam int W       = Lanes * 32;   // bits of one pass

  // Control resets; the lanes' payload loads only behind a valid bit, so an
  // idle pipe does no lane work (in hardware or in the simulator).
  logic             s0_valid;             // a pass enters the lanes this cycle
  logic [PassW-1:0] s0_pass;
  logic [5:0]       s0_fn;
  logic [7:0]       s0_tag;
  logic [W-1:0]     s0_a, s0_b, s0_c;
  logic             s1_valid_q, s2_valid_q, s3_valid_q;
  logic [PassW-1:0] s1_pass_q, s2_pass_q, s3_pass_q;
  logic [7:0]       s1_tag_q, s2_tag_q;
  logic [W-1:0]     lane_result;          // the pass leaving stage 3

  logic copy;
  gpu_pass_seq #(
    .Passes (Passes)
  ) u_passes (
    .clk_i        (clk_i),
    .rst_i        (rst_i),
    .valid_i      (valid_i),
    .ready_o      (ready_o),
    .ready_next_o (ready_next_o),
    .copy_o       (copy),
    .pass_o       (s0_pass)
  );
  assign s0_valid = valid_i || copy;

  if (Passes == 1) begin : g_one
    assign s0_fn    = fn_i;
    assign s0_tag   = tag_i;
    assign s0_a     = a_i;
    assign s0_b     = b_i;
    assign s0_c     = c_i;
  end else begin : g_passes
    // Passes 1..Passes-1 come from a copy of the operands taken with valid_i.
    logic [5:0]       fn_q;
    logic [7:0]       tag_q;
    logic [1023-W:0]  a_q, b_q, c_q;      // lanes Lanes..31
    logic [W-1:0]     cp_a, cp_b, cp_c;   // the copied pass's operands

    // (slices at constant places, one AND-OR per pass: a variable part-select
    // became a barrel shifter in synthesis)
    always_comb begin
      cp_a = '0;
      cp_b = '0;
      cp_c = '0;
      for (int k = 1; k < Passes; k++) begin
        cp_a = cp_a | ({W{s0_pass == PassW'(k)}} & a_q[(k-1)*W +: W]);
        cp_b = cp_b | ({W{s0_pass == PassW'(k)}} & b_q[(k-1)*W +: W]);
        cp_c = cp_c | ({W{s0_pass == PassW'(k)}} & c_q[(k-1)*W +: W]);
      end
    end

    assign s0_fn    = valid_i ? fn_i : fn_q;
    assign s0_tag   = valid_i ? tag_i : tag_q;
    assign s0_a     = valid_i ? a_i[W-1:0] : cp_a;
    assign s0_b     = valid_i ? b_i[W-1:0] : cp_b;
    assign s0_c     = valid_i ? c_i[W-1:0] : cp_c;

    always_ff @(posedge clk_i) begin
      if (valid_i) begin
        fn_q  <= fn_i;
        tag_q <= tag_i;
        a_q   <= a_i[1023:W];
        b_q   <= b_i[1023:W];
        c_q   <= c_i[1023:W];
      end
    end
  end

  for (genvar l = 0; l < Lanes; l++) begin : g_lane
    gpu_fp_lane u_lane (
      .clk_i      (clk_i),
      .s0_valid_i (s0_valid),
      .s1_valid_i (s1_valid_q),
      .s2_valid_i (s2_valid_q),
      .fn_i       (s0_fn),
      .a_i        (s0_a[l*32 +: 32]),
      .b_i        (s0_b[l*32 +: 32]),
      .c_i        (s0_c[l*32 +: 32]),
      .result_o   (lane_result[l*32 +: 32])
    );
  end

  always_ff @(posedge clk_i) begin
    if (s0_valid) begin
      s1_tag_q  <= s0_tag;
      s1_pass_q <= s0_pass;
    end
    if (s1_valid_q) begin
      s2_tag_q  <= s1_tag_q;
      s2_pass_q <= s1_pass_q;
    end
    if (s2_valid_q) begin
      tag_o     <= s2_tag_q;
      s3_pass_q <= s2_pass_q;
    end
    s1_valid_q <= s0_valid;
    s2_valid_q <= s1_valid_q;
    s3_valid_q <= s2_valid_q;
    if (rst_i) begin
      s1_valid_q <= 1'b0;
      s2_valid_q <= 1'b0;
      s3_valid_q <= 1'b0;
    end
  end
  assign valid_o  = s3_valid_q;
  assign win_o    = s3_pass_q;
  assign last_o   = s3_valid_q && s3_pass_q == PassW'(Passes - 1);
  assign result_o = lane_result;

endmodule

`default_nettype wire
