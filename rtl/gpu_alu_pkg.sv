// SPDX-License-Identifier: Apache-2.0
// gpu_alu_pkg: the lane ALU functions, shared by the vector ALU, the scalar
// unit, the reductions and the atomics. alu_int computes every integer
// gpu_isa_pkg::FN_* (docs/isa.md section 4.3; class INT in isa.def);
// atomic_new is the word an atomic writes back. The f32 functions are in
// gpu_fp_pkg.
`default_nettype none

package gpu_alu_pkg;

  // Bit order reversed (a left shift is a right shift of the reversed word).
  function automatic logic [31:0] reverse32(input logic [31:0] x);
    for (int i = 0; i < 32; i++) reverse32[i] = x[31 - i];
  endfunction

  // Written for area: one 33x33 multiplier, one subtractor for sub and the
  // orderings, one right shifter for all three shifts.
  function automatic logic [31:0] alu_int(input logic [5:0] fn, input logic [31:0] a, input logic [31:0] b);
    logic signed [32:0] op_a;
    logic signed [32:0] op_b;
    logic signed [65:0] prod;
    logic [32:0]        diff;
    logic               shl;
    logic signed [32:0] sh_in;
    logic [32:0]        sh_out;
    logic               lt_u;
    logic               lt_s;
    logic               eq;
    logic [31:0]        r;
    // The 33x33 signed product of sign- or zero-extended operands serves mul_lo,
    // mul_hi_u32 and mul_hi_i32 (its bits [63:0] are exact in each case).
    op_a = $signed({fn == gpu_isa_pkg::FN_MUL_HI_I32 && a[31], a});
    op_b = $signed({fn == gpu_isa_pkg::FN_MUL_HI_I32 && b[31], b});
    prod = op_a * op_b;
    diff = {1'b0, a} - {1'b0, b};
    lt_u = diff[32];
    lt_s = (a[31] != b[31]) ? a[31] : diff[31];
    eq   = a == b;
    // shl reverses its operand and its result around an arithmetic right shift
    shl    = fn == gpu_isa_pkg::FN_SHL;
    sh_in  = $signed({fn == gpu_isa_pkg::FN_SHR_I32 && a[31], shl ? reverse32(a) : a});
    sh_out = $unsigned(sh_in >>> b[4:0]);
    case (fn)
      gpu_isa_pkg::FN_ADD:        r = a + b;
      gpu_isa_pkg::FN_SUB:        r = diff[31:0];
      gpu_isa_pkg::FN_MUL_LO:     r = prod[31:0];
      gpu_isa_pkg::FN_MUL_HI_U32: r = prod[63:32];
      gpu_isa_pkg::FN_MUL_HI_I32: r = prod[63:32];
      gpu_isa_pkg::FN_AND:        r = a & b;
      gpu_isa_pkg::FN_OR:         r = a | b;
      gpu_isa_pkg::FN_XOR:        r = a ^ b;
      gpu_isa_pkg::FN_SHL:        r = reverse32(sh_out[31:0]);
      gpu_isa_pkg::FN_SHR_U32:    r = sh_out[31:0];
      gpu_isa_pkg::FN_SHR_I32:    r = sh_out[31:0];
      gpu_isa_pkg::FN_MIN_U32:    r = lt_u ? a : b;
      gpu_isa_pkg::FN_MIN_I32:    r = lt_s ? a : b;
      gpu_isa_pkg::FN_MAX_U32:    r = lt_u ? b : a;
      gpu_isa_pkg::FN_MAX_I32:    r = lt_s ? b : a;
      gpu_isa_pkg::FN_EQ:         r = {31'd0, eq};
      gpu_isa_pkg::FN_NE:         r = {31'd0, !eq};
      gpu_isa_pkg::FN_LT_U32:     r = {31'd0, lt_u};
      gpu_isa_pkg::FN_LT_I32:     r = {31'd0, lt_s};
      gpu_isa_pkg::FN_LE_U32:     r = {31'd0, lt_u | eq};
      gpu_isa_pkg::FN_LE_I32:     r = {31'd0, lt_s | eq};
      gpu_isa_pkg::FN_GT_U32:     r = {31'd0, !(lt_u | eq)};
      gpu_isa_pkg::FN_GT_I32:     r = {31'd0, !(lt_s | eq)};
      gpu_isa_pkg::FN_GE_U32:     r = {31'd0, !lt_u};
      gpu_isa_pkg::FN_GE_I32:     r = {31'd0, !lt_s};
      gpu_isa_pkg::FN_MOV:        r = b;
      default:                    r = 32'd0;
    endcase
    alu_int = r;
  endfunction

  // The word an integer atomic leaves in memory (docs/isa.md 4.6): old op src
  // for FN_ADD, FN_MIN/MAX_U32/I32, FN_AND, FN_OR, FN_XOR; src for FN_XCHG;
  // for FN_CAS src if cas_eq (old equals the compare value) else old; any
  // other fn keeps old. Used by the LDS (and by the L2 atomics to come).
  function automatic logic [31:0] atomic_new(input logic [5:0] fn, input logic [31:0] old, input logic [31:0] src,
                                             input logic cas_eq);
    logic lt_u;  // src < old, unsigned
    logic lt_s;  // src < old, signed
    lt_u = src < old;
    lt_s = $signed(src) < $signed(old);
    case (fn)
      gpu_isa_pkg::FN_ADD:     atomic_new = old + src;
      gpu_isa_pkg::FN_MIN_U32: atomic_new = lt_u ? src : old;
      gpu_isa_pkg::FN_MIN_I32: atomic_new = lt_s ? src : old;
      gpu_isa_pkg::FN_MAX_U32: atomic_new = lt_u ? old : src;
      gpu_isa_pkg::FN_MAX_I32: atomic_new = lt_s ? old : src;
      gpu_isa_pkg::FN_AND:     atomic_new = old & src;
      gpu_isa_pkg::FN_OR:      atomic_new = old | src;
      gpu_isa_pkg::FN_XOR:     atomic_new = old ^ src;
      gpu_isa_pkg::FN_XCHG:    atomic_new = src;
      gpu_isa_pkg::FN_CAS:     atomic_new = cas_eq ? src : old;
      default:                 atomic_new = old;
    endcase
  endfunction

endpackage

`default_nettype wire
