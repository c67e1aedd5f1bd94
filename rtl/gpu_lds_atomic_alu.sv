// gpu_lds_atomic_alu: the value an integer atomic writes back (docs/isa.md
// 4.6): new_o = old_i op src_i for fn_i = gpu_isa_pkg::FN_ADD, FN_MIN_U32,
// FN_MIN_I32, FN_MAX_U32, FN_MAX_I32, FN_AND, FN_OR, FN_XOR, FN_XCHG (src_i),
// FN_CAS (src_i if cas_eq_i, i.e. old_i equals the compare value, else old_i);
// other fn_i keep old_i. Combinational; shared by the LDS and the L2 atomics.
`default_nettype none

module gpu_lds_atomic_alu (
  input  wire  [5:0]  fn_i,      // gpu_isa_pkg::FN_* code
  input  wire  [31:0] old_i,     // the memory word before the operation
  input  wire  [31:0] src_i,     // the lane's operand V
  input  wire         cas_eq_i,  // CAS: old_i equals the compare value (old D)
  output logic [31:0] new_o      // the memory word after the operation
);

  logic lt_u;  // src_i < old_i, unsigned
  logic lt_s;  // src_i < old_i, signed

  always_comb begin
    lt_u = src_i < old_i;
    lt_s = $signed(src_i) < $signed(old_i);
    case (fn_i)
      gpu_isa_pkg::FN_ADD:     new_o = old_i + src_i;
      gpu_isa_pkg::FN_MIN_U32: new_o = lt_u ? src_i : old_i;
      gpu_isa_pkg::FN_MIN_I32: new_o = lt_s ? src_i : old_i;
      gpu_isa_pkg::FN_MAX_U32: new_o = lt_u ? old_i : src_i;
      gpu_isa_pkg::FN_MAX_I32: new_o = lt_s ? old_i : src_i;
      gpu_isa_pkg::FN_AND:     new_o = old_i & src_i;
      gpu_isa_pkg::FN_OR:      new_o = old_i | src_i;
      gpu_isa_pkg::FN_XOR:     new_o = old_i ^ src_i;
      gpu_isa_pkg::FN_XCHG:    new_o = src_i;
      gpu_isa_pkg::FN_CAS:     new_o = cas_eq_i ? src_i : old_i;
      default:                 new_o = old_i;
    endcase
  end

endmodule

`default_nettype wire
