// SPDX-License-Identifier: Apache-2.0
// gpu_sdiv: the scalar unit's iterative 32-bit divider for s_div_u32,
// s_rem_u32, s_div_i32 and s_rem_i32 (docs/isa.md section 4.3).
// Radix-2 restoring division on magnitudes: a request accepted on
// start_i && ready_o answers with done_o exactly 34 cycles later (division
// by zero too), holding result_o until the next start. One at a time.
`default_nettype none

module gpu_sdiv (
  input  wire         clk_i,
  input  wire         rst_i,
  input  wire         start_i,
  input  wire  [5:0]  fn_i,      // gpu_isa_pkg::FN_DIV_U32 / REM_U32 / DIV_I32 / REM_I32
  input  wire  [31:0] a_i,       // dividend
  input  wire  [31:0] b_i,       // divisor
  output logic        ready_o,
  output logic        done_o,
  output logic [31:0] result_o
);

  typedef enum logic [1:0] {
    StIdle,
    StDivide,
    StFinish
  } state_e;

  state_e      state_q, state_d;
  logic [5:0]  count_q, count_d;
  logic [31:0] quot_q, quot_d;     // quotient bits shift in from the right; dividend bits shift out
  logic [32:0] rem_q, rem_d;       // partial remainder
  logic [31:0] divisor_q, divisor_d;
  logic        neg_quot_q, neg_quot_d;
  logic        neg_rem_q, neg_rem_d;
  logic        want_rem_q, want_rem_d;
  logic        by_zero_q, by_zero_d;
  logic [31:0] dividend_q, dividend_d;
  logic        done_d;
  logic [31:0] result_d;

  wire         is_signed = (fn_i == gpu_isa_pkg::FN_DIV_I32) || (fn_i == gpu_isa_pkg::FN_REM_I32);
  wire         a_neg = is_signed && a_i[31];
  wire         b_neg = is_signed && b_i[31];
  wire  [31:0] a_mag = a_neg ? (~a_i + 32'd1) : a_i;
  wire  [31:0] b_mag = b_neg ? (~b_i + 32'd1) : b_i;
  wire  [32:0] rem_shift = {rem_q[31:0], quot_q[31]};
  wire  [32:0] rem_trial = rem_shift - {1'b0, divisor_q};

  assign ready_o = (state_q == StIdle);

  always_comb begin
    state_d    = state_q;
    count_d    = count_q;
    quot_d     = quot_q;
    rem_d      = rem_q;
    divisor_d  = divisor_q;
    neg_quot_d = neg_quot_q;
    neg_rem_d  = neg_rem_q;
    want_rem_d = want_rem_q;
    by_zero_d  = by_zero_q;
    dividend_d = dividend_q;
    done_d     = 1'b0;
    result_d   = result_o;
    case (state_q)
      // Idle: capture the operands as magnitudes and the signs of the results.
      StIdle: begin
        if (start_i) begin
          state_d    = StDivide;
          count_d    = 6'd0;
          quot_d     = a_mag;
          rem_d      = 33'd0;
          divisor_d  = b_mag;
          neg_quot_d = a_neg ^ b_neg;
          neg_rem_d  = a_neg;
          want_rem_d = (fn_i == gpu_isa_pkg::FN_REM_U32) || (fn_i == gpu_isa_pkg::FN_REM_I32);
          by_zero_d  = (b_i == 32'd0);
          dividend_d = a_i;
        end
      end
      // Divide: one quotient bit per cycle, 32 cycles.
      StDivide: begin
        if (!rem_trial[32]) begin
          rem_d  = rem_trial;
          quot_d = {quot_q[30:0], 1'b1};
        end else begin
          rem_d  = rem_shift;
          quot_d = {quot_q[30:0], 1'b0};
        end
        count_d = count_q + 6'd1;
        if (count_q == 6'd31) state_d = StFinish;
      end
      // Finish: apply signs and the division-by-zero rule, then answer.
      StFinish: begin
        if (by_zero_q)
          result_d = want_rem_q ? dividend_q : 32'hFFFF_FFFF;
        else if (want_rem_q)
          result_d = neg_rem_q ? (~rem_q[31:0] + 32'd1) : rem_q[31:0];
        else
          result_d = neg_quot_q ? (~quot_q + 32'd1) : quot_q;
        done_d  = 1'b1;
        state_d = StIdle;
      end
      default: state_d = StIdle;
    endcase
  end

  always_ff @(posedge clk_i) begin
    count_q    <= count_d;
    quot_q     <= quot_d;
    rem_q      <= rem_d;
    divisor_q  <= divisor_d;
    neg_quot_q <= neg_quot_d;
    neg_rem_q  <= neg_rem_d;
    want_rem_q <= want_rem_d;
    by_zero_q  <= by_zero_d;
    dividend_q <= dividend_d;
    result_o   <= result_d;
    state_q    <= state_d;
    done_o     <= done_d;
    if (rst_i) begin
      state_q <= StIdle;
      done_o  <= 1'b0;
    end
  end

endmodule

`default_nettype wire
