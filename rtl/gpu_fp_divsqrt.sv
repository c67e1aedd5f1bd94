// gpu_fp_divsqrt: div_f32 (a / b) and sqrt_f32 (sqrt(b)) on Lanes lanes in
// parallel, restoring digit recurrence, gpu_fp_pkg::FP_DS_BITS bits a cycle,
// correctly rounded. One operation at a time: start_i && ready_o accepts it,
// done_o pulses exactly gpu_fp_pkg::FP_DIVSQRT_CYCLES (16) cycles later and
// result_o / tag_o hold until the next operation finishes. docs/fpu.md.
`default_nettype none

module gpu_fp_divsqrt #(
  parameter int Lanes = 32
) (
  input  wire                 clk_i,
  input  wire                 rst_i,
  input  wire                 start_i,
  input  wire                 is_sqrt_i,  // 0: a / b, 1: sqrt(b)
  input  wire  [Lanes*32-1:0] a_i,        // lane L is [L*32 +: 32]
  input  wire  [Lanes*32-1:0] b_i,
  input  wire  [7:0]          tag_i,
  output logic                ready_o,
  output logic                done_o,
  output logic [Lanes*32-1:0] result_o,
  output logic [7:0]          tag_o
);

  localparam int Iters = gpu_fp_pkg::FP_DS_ITERS;
  localparam int CountW = $clog2(Iters + 1);
  localparam int LastIter = Iters - 1;

  typedef enum logic [1:0] {
    StIdle,
    StIterate,
    StFinish
  } state_e;

  state_e            state_q, state_d;
  logic [CountW-1:0] count_q, count_d;
  logic              sqrt_q;
  logic [7:0]        tag_q;

  wire accept = start_i && (state_q == StIdle);

  assign ready_o = state_q == StIdle;

  always_comb begin
    state_d = state_q;
    count_d = count_q;
    case (state_q)
      // Idle: wait for start_i; the lanes load their operands.
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
      // Finish: round, raise done_o.
      StFinish: state_d = StIdle;
      default:  state_d = StIdle;
    endcase
  end

  for (genvar l = 0; l < Lanes; l++) begin : g_lane
    gpu_fp_divsqrt_lane u_lane (
      .clk_i     (clk_i),
      .load_i    (accept),
      .step_i    (state_q == StIterate),
      .finish_i  (state_q == StFinish),
      .is_sqrt_i (is_sqrt_i),
      .sqrt_q_i  (sqrt_q),
      .a_i       (a_i[l*32 +: 32]),
      .b_i       (b_i[l*32 +: 32]),
      .result_o  (result_o[l*32 +: 32])
    );
  end

  always_ff @(posedge clk_i) begin
    if (accept) begin
      sqrt_q <= is_sqrt_i;
      tag_q  <= tag_i;
    end
    if (state_q == StFinish) tag_o <= tag_q;
    done_o  <= state_q == StFinish;
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
