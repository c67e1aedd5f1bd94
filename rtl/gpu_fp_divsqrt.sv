// gpu_fp_divsqrt: div_f32 (a / b) and sqrt_f32 (sqrt(b)) on the 32 lanes of
// a wave, with Lanes physical lanes (gpu_fp_divsqrt_lane): restoring digit
// recurrence, gpu_fp_pkg::FP_DS_BITS bits a cycle, correctly rounded. The
// lanes take Passes = 32 / Lanes passes, pass k on lanes [k*Lanes,
// (k+1)*Lanes): pass 0 from the operands as given with start_i, the others
// from a copy. One operation at a time: start_i && ready_o accepts it; done_o
// pulses exactly Passes * gpu_fp_pkg::FP_DIVSQRT_CYCLES (16) cycles later,
// and result_o / tag_o hold until the next operation starts. docs/fpu.md.
`default_nettype none

module gpu_fp_divsqrt #(
  parameter int Lanes = 32              // physical lanes: 32, 16, 8, 4, 2 or 1
) (
  input  wire           clk_i,
  input  wire           rst_i,
  input  wire           start_i,
  input  wire           is_sqrt_i,  // 0: a / b, 1: sqrt(b)
  input  wire  [1023:0] a_i,        // lane L is [L*32 +: 32]
  input  wire  [1023:0] b_i,
  input  wire  [7:0]    tag_i,
  output logic          ready_o,
  output logic          done_o,
  output logic [1023:0] result_o,
  output logic [7:0]    tag_o
);

  localparam int Iters    = gpu_fp_pkg::FP_DS_ITERS;
  localparam int CountW   = $clog2(Iters + 1);
  localparam int LastIter = Iters - 1;
  localparam int Passes   = 32 / Lanes;
  localparam int PassW    = Passes > 1 ? $clog2(Passes) : 1;
  localparam int W        = Lanes * 32;   // bits of one pass

  typedef enum logic [1:0] {
    StIdle,
    StIterate,
    StFinish,
    StLoad          // the next pass loads from the copy (Passes > 1)
  } state_e;

  state_e            state_q, state_d;
  logic [CountW-1:0] count_q, count_d;
  logic [PassW-1:0]  pass_q;        // the pass in the lanes
  logic              sqrt_q;
  logic [7:0]        tag_q;
  logic              load;
  logic [W-1:0]      load_a, load_b, lane_result;

  wire accept    = start_i && (state_q == StIdle);
  wire last_pass = pass_q == PassW'(Passes - 1);

  assign ready_o = state_q == StIdle;

  always_comb begin
    state_d = state_q;
    count_d = count_q;
    case (state_q)
      // Idle: wait for start_i; the lanes load pass 0.
      StIdle: begin
        if (start_i) begin
          state_d = StIterate;
          count_d = '0;
        end
      end
      // Iterate: FP_DS_BITS quotient / root bits per cycle.
      StIterate: begin
        count_d = count_q + 1'b1;
        if (count_q == LastIter[CountW-1:0]) state_d = StFinish;
      end
      // Finish: round into the lanes' results; the next pass, or done_o.
      StFinish: begin
        if (last_pass) state_d = StIdle;
        else           state_d = StLoad;
      end
      // Load: keep the finished pass, load the next one.
      StLoad: begin
        state_d = StIterate;
        count_d = '0;
      end
      default: state_d = StIdle;
    endcase
  end

  if (Passes == 1) begin : g_one
    assign load     = accept;
    assign load_a   = a_i;
    assign load_b   = b_i;
    assign result_o = lane_result;
  end else begin : g_passes
    logic [1023-W:0] a_q, b_q;      // lanes Lanes..31 of the passes still to load, the next one lowest
    logic [1023-W:0] done_q;        // results of passes 0..Passes-2
    assign load     = accept || state_q == StLoad;
    // The copy shifts down a pass at each load, so the next pass's operands
    // are always its lowest W bits (a shift register: no pass multiplexer).
    assign load_a   = accept ? a_i[W-1:0] : a_q[W-1:0];
    assign load_b   = accept ? b_i[W-1:0] : b_q[W-1:0];
    assign result_o = {lane_result, done_q};
    always_ff @(posedge clk_i) begin
      if (accept) begin
        a_q <= a_i[1023:W];
        b_q <= b_i[1023:W];
      end else if (state_q == StLoad) begin
        a_q <= a_q >> W;
        b_q <= b_q >> W;
      end
      for (int k = 0; k < Passes - 1; k++)
        if (state_q == StLoad && pass_q == PassW'(k)) done_q[k*W +: W] <= lane_result;
    end
  end

  for (genvar l = 0; l < Lanes; l++) begin : g_lane
    gpu_fp_divsqrt_lane u_lane (
      .clk_i     (clk_i),
      .load_i    (load),
      .step_i    (state_q == StIterate),
      .finish_i  (state_q == StFinish),
      .is_sqrt_i (accept ? is_sqrt_i : sqrt_q),
      .sqrt_q_i  (sqrt_q),
      .a_i       (load_a[l*32 +: 32]),
      .b_i       (load_b[l*32 +: 32]),
      .result_o  (lane_result[l*32 +: 32])
    );
  end

  always_ff @(posedge clk_i) begin
    if (accept) begin
      sqrt_q <= is_sqrt_i;
      tag_q  <= tag_i;
      pass_q <= '0;
    end
    if (state_q == StLoad) pass_q <= pass_q + PassW'(1);
    if (state_q == StFinish && last_pass) tag_o <= tag_q;
    done_o  <= state_q == StFinish && last_pass;
    state_q <= state_d;
    count_q <= count_d;
    if (rst_i) begin
      state_q <= StIdle;
      count_q <= '0;
      done_o  <= 1'b0;
    end
  end

endmodule

`default_nettype wire
