// gpu_pass_seq: the pass counter of a unit with fewer physical lanes than a
// wave has (gpu_valu, gpu_fp_pipe): an instruction accepted with valid_i runs
// as pass 0 in that cycle and as passes 1..Passes-1 in the cycles after, one
// per cycle, from the unit's copy of its operands. ready_o: valid_i may be
// high now; ready_next_o: it may be high next cycle, unless it is high now.
// With Passes = 1 every cycle may take an instruction and pass_o is 0.
`default_nettype none

module gpu_pass_seq #(
  parameter int Passes = 4
) (
  input  wire              clk_i,
  input  wire              rst_i,
  input  wire              valid_i,
  output logic             ready_o,
  output logic             ready_next_o,
  output logic             copy_o,       // a copied pass (1..Passes-1) runs this cycle
  output logic [(Passes > 1 ? $clog2(Passes) : 1)-1:0] pass_o   // the pass running this cycle (valid_i or copy_o)
);

  localparam int PassW = Passes > 1 ? $clog2(Passes) : 1;

  if (Passes == 1) begin : g_one
    assign ready_o      = 1'b1;
    assign ready_next_o = 1'b1;
    assign copy_o       = 1'b0;
    assign pass_o       = 1'b0;
    wire unused = clk_i ^ rst_i ^ valid_i;
  end else begin : g_passes
    logic [PassW-1:0] left_q;   // passes still to run after pass 0
    assign ready_o      = left_q == '0;
    assign ready_next_o = 32'(left_q) < 2;
    assign copy_o       = left_q != '0;
    assign pass_o       = valid_i ? '0 : PassW'(Passes - 32'(left_q));
    always_ff @(posedge clk_i) begin
      if (valid_i)     left_q <= PassW'(Passes - 1);
      else if (copy_o) left_q <= left_q - PassW'(1);
      if (rst_i) left_q <= '0;
    end
  end

endmodule

`default_nettype wire
