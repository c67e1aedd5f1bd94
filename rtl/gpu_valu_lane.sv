// SPDX-License-Identifier: Apache-2.0
// gpu_valu_lane: one lane of the integer vector unit: the integer ALU
// functions (gpu_alu_pkg::alu_int), mov, select, and the cross-lane word
// picked for it (shfl, bcast, first_where_true). The result register loads
// on en_i and holds otherwise: latency 1.
`default_nettype none
// The lanes are not traced: their ports repeat the unit's buses (traced,
// they made make sim's FST 160 MB instead of 104 MB and its run 26 s instead of 15-19 s).
/*verilator tracing_off*/

module gpu_valu_lane (
  input  wire         clk_i,
  input  wire         en_i,
  input  wire  [1:0]  op_i,       // OpAlu, OpMov (b), OpSelect (m ? b : a), OpPick (xword_i)
  input  wire  [5:0]  fn_i,       // ALU function (OpAlu)
  input  wire  [31:0] a_i,
  input  wire  [31:0] b_i,
  input  wire         m_i,        // the lane's mask bit
  input  wire  [31:0] xword_i,    // the word picked from another lane (OpPick)
  output logic [31:0] result_o
);

  localparam logic [1:0] OpAlu    = 2'd0;
  localparam logic [1:0] OpMov    = 2'd1;
  localparam logic [1:0] OpSelect = 2'd2;

  always_ff @(posedge clk_i)
    if (en_i)
      case (op_i)
        OpAlu:    result_o <= gpu_alu_pkg::alu_int(fn_i, a_i, b_i);
        OpMov:    result_o <= b_i;
        OpSelect: result_o <= m_i ? b_i : a_i;
        default:  result_o <= xword_i;
      endcase

endmodule

`default_nettype wire
