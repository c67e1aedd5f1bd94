// SPDX-License-Identifier: Apache-2.0
// formal_units_sdiv: the formal harness of gpu_sdiv, the scalar divider
// (docs/formal.md). Free: start_i (also while busy: it is then not taken),
// fn_i, the operands, resets. Proved: a request is accepted on
// start_i && ready_o; ready_o is low from an accepted start until its
// done_o; done_o pulses exactly once per accepted start, exactly 34 cycles
// after the cycle of start_i, and never otherwise; result_o changes only
// with done_o (so it holds from done_o until the next one).
`default_nettype none

module formal_units_sdiv (
  input wire        clk_i,
  input wire        rst_i,
  input wire        start_i,
  input wire [5:0]  fn_i,
  input wire [31:0] a_i,
  input wire [31:0] b_i
);

  logic        ready, done;
  logic [31:0] result;

  gpu_sdiv u_dut (
    .clk_i    (clk_i),
    .rst_i    (rst_i),
    .start_i  (start_i),
    .fn_i     (fn_i),
    .a_i      (a_i),
    .b_i      (b_i),
    .ready_o  (ready),
    .done_o   (done),
    .result_o (result)
  );

  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (rst_i);

  // age_q: cycles since the cycle of the accepted start_i (0: none in flight)
  wire         accept = start_i && ready && !rst_i;
  logic [5:0]  age_q;
  logic        held_q;         // the last cycle was done_o's or after it, and no start was accepted at its end
  logic [31:0] result_q;
  always @(posedge clk_i) begin
    if (age_q != 6'd0) age_q <= age_q == 6'd34 ? 6'd0 : age_q + 6'd1;
    if (accept) age_q <= 6'd1;
    held_q   <= (done || held_q) && !accept;
    result_q <= result;
    if (rst_i) begin
      age_q  <= 6'd0;
      held_q <= 1'b0;
    end
  end

  (* hierconn *) wire [1:0] \u_dut.state_q ;
  (* hierconn *) wire [5:0] \u_dut.count_q ;
  wire [1:0] dut_state = \u_dut.state_q ;
  wire [5:0] dut_count = \u_dut.count_q ;

  always @* begin
    if (f_past_valid && !rst_i) begin
      // ready_o low exactly from the accepting edge until done_o
      a_ready: assert (ready == (age_q == 6'd0 || age_q == 6'd34));
      // done_o exactly 34 cycles after start_i, once, and never otherwise
      a_done:  assert (done == (age_q == 6'd34));
      // result_o holds from done_o until the next accepted start (and beyond)
      if (held_q) a_result_held: assert (result == result_q);
`ifndef FORMAL_NO_INV
      // the divider's state: age 1..32 divides bit age-1, 33 finishes
      a_inv_state: assert (dut_state == (age_q >= 6'd1 && age_q <= 6'd32 ? 2'd1 :
                                          age_q == 6'd33 ? 2'd2 : 2'd0));
      if (age_q >= 6'd1 && age_q <= 6'd32)
        a_inv_count: assert (dut_count == age_q - 6'd1);
      a_inv_age: assert (age_q <= 6'd34);
      if (held_q) a_inv_held: assert (age_q == 6'd0);
`endif
    end
  end

endmodule

`default_nettype wire
