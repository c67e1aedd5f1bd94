// SPDX-License-Identifier: Apache-2.0
// gpu_fp_divsqrt_lane: one lane of gpu_fp_divsqrt: the recurrence state of
// a div_f32 or sqrt_f32 (gpu_fp_pkg::fp_ds_*). load_i sets it up from the
// operands, step_i advances it by FP_DS_BITS result bits, finish_i rounds it
// into result_o, which holds until the next finish_i.
`default_nettype none
// The lanes are not traced: their ports repeat the unit's buses (traced,
// they made make sim's FST 160 MB instead of 104 MB and its run 26 s instead of 15-19 s).
/*verilator tracing_off*/

module gpu_fp_divsqrt_lane (
  input  wire         clk_i,
  input  wire         load_i,
  input  wire         step_i,
  input  wire         finish_i,
  input  wire         is_sqrt_i,    // with load_i: 0 a / b, 1 sqrt(b)
  input  wire         sqrt_q_i,     // the operation in progress is sqrt
  input  wire  [31:0] a_i,
  input  wire  [31:0] b_i,
  output logic [31:0] result_o
);

  logic [gpu_fp_pkg::FP_DS_W-1:0] state_q;   // special result or recurrence state

  // (state_q is read before it is assigned, once: Verilator then updates it
  // in place instead of through a copy of all 129 bits in every cycle)
  always_ff @(posedge clk_i) begin
    if (finish_i)    result_o <= gpu_fp_pkg::fp_ds_finish(state_q);
    if (step_i)      state_q  <= gpu_fp_pkg::fp_ds_step(sqrt_q_i, state_q);
    else if (load_i) state_q  <= gpu_fp_pkg::fp_ds_setup(is_sqrt_i, a_i, b_i);
  end

endmodule

`default_nettype wire
