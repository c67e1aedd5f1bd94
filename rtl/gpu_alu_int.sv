// gpu_alu_int: one lane of the integer ALU (every integer ISA_FN of isa.def).
// Purely combinational. fn_i is a gpu_isa_pkg::FN_* code; f32 functions and
// the scalar-only divide/remainder are not handled here (valid_o low).
// Results follow docs/isa.md section 4.3: shifts use b[4:0], comparisons 0/1.
`default_nettype none

module gpu_alu_int (
  input  wire  [5:0]  fn_i,
  input  wire  [31:0] a_i,
  input  wire  [31:0] b_i,
  output logic [31:0] result_o,
  output logic        valid_o
);

  // One 33 x 33 signed multiplier serves the low, unsigned-high and signed-high products.
  wire        sign_a = (fn_i == gpu_isa_pkg::FN_MUL_HI_I32) & a_i[31];
  wire        sign_b = (fn_i == gpu_isa_pkg::FN_MUL_HI_I32) & b_i[31];
  wire [65:0] op_a   = {{34{sign_a}}, a_i};
  wire [65:0] op_b   = {{34{sign_b}}, b_i};
  wire [65:0] prod   = op_a * op_b;  // low 64 bits are the exact 33 x 33 signed product
  wire [31:0] prod_lo = prod[31:0];
  wire [31:0] prod_hi = prod[63:32];
  wire [1:0]  unused_prod = prod[65:64];
  wire        lt_u = a_i < b_i;
  wire        lt_s = $signed(a_i) < $signed(b_i);
  wire        eq = a_i == b_i;
  wire [4:0]  shamt = b_i[4:0];
  wire [31:0] shl = a_i << shamt;
  wire [31:0] shr = a_i >> shamt;
  wire [31:0] sra = $unsigned($signed(a_i) >>> shamt);

  always_comb begin
    valid_o  = 1'b1;
    result_o = 32'd0;
    case (fn_i)
      gpu_isa_pkg::FN_ADD:        result_o = a_i + b_i;
      gpu_isa_pkg::FN_SUB:        result_o = a_i - b_i;
      gpu_isa_pkg::FN_MUL_LO:     result_o = prod_lo;
      gpu_isa_pkg::FN_MUL_HI_U32: result_o = prod_hi;
      gpu_isa_pkg::FN_MUL_HI_I32: result_o = prod_hi;
      gpu_isa_pkg::FN_AND:        result_o = a_i & b_i;
      gpu_isa_pkg::FN_OR:         result_o = a_i | b_i;
      gpu_isa_pkg::FN_XOR:        result_o = a_i ^ b_i;
      gpu_isa_pkg::FN_SHL:        result_o = shl;
      gpu_isa_pkg::FN_SHR_U32:    result_o = shr;
      gpu_isa_pkg::FN_SHR_I32:    result_o = sra;
      gpu_isa_pkg::FN_MIN_U32:    result_o = lt_u ? a_i : b_i;
      gpu_isa_pkg::FN_MIN_I32:    result_o = lt_s ? a_i : b_i;
      gpu_isa_pkg::FN_MAX_U32:    result_o = lt_u ? b_i : a_i;
      gpu_isa_pkg::FN_MAX_I32:    result_o = lt_s ? b_i : a_i;
      gpu_isa_pkg::FN_EQ:         result_o = {31'd0, eq};
      gpu_isa_pkg::FN_NE:         result_o = {31'd0, !eq};
      gpu_isa_pkg::FN_LT_U32:     result_o = {31'd0, lt_u};
      gpu_isa_pkg::FN_LT_I32:     result_o = {31'd0, lt_s};
      gpu_isa_pkg::FN_LE_U32:     result_o = {31'd0, lt_u | eq};
      gpu_isa_pkg::FN_LE_I32:     result_o = {31'd0, lt_s | eq};
      gpu_isa_pkg::FN_GT_U32:     result_o = {31'd0, !(lt_u | eq)};
      gpu_isa_pkg::FN_GT_I32:     result_o = {31'd0, !(lt_s | eq)};
      gpu_isa_pkg::FN_GE_U32:     result_o = {31'd0, !lt_u};
      gpu_isa_pkg::FN_GE_I32:     result_o = {31'd0, !lt_s};
      gpu_isa_pkg::FN_MOV:        result_o = b_i;
      default:                    valid_o  = 1'b0;
    endcase
  end

endmodule

`default_nettype wire
