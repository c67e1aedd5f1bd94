// gpu_alu_pkg: the lane ALU functions, shared by the vector ALU, the scalar
// unit, the reductions and the atomics. alu_int computes every integer
// gpu_isa_pkg::FN_* (docs/isa.md section 4.3); is_int_fn says which those are;
// atomic_new is the word an atomic writes back.
// The f32 functions join with the FPU (issue 4).
`default_nettype none

package gpu_alu_pkg;

  function automatic logic is_int_fn(input logic [5:0] fn);
    is_int_fn = fn <= gpu_isa_pkg::FN_MOV;
  endfunction

  function automatic logic [31:0] alu_int(input logic [5:0] fn, input logic [31:0] a, input logic [31:0] b);
    logic [63:0] op_a;
    logic [63:0] op_b;
    logic [63:0] prod;
    logic        lt_u;
    logic        lt_s;
    logic        eq;
    logic [31:0] r;
    // One 64-bit product of sign- or zero-extended operands serves mul_lo, mul_hi_u32 and mul_hi_i32.
    op_a = {{32{fn == gpu_isa_pkg::FN_MUL_HI_I32 && a[31]}}, a};
    op_b = {{32{fn == gpu_isa_pkg::FN_MUL_HI_I32 && b[31]}}, b};
    prod = op_a * op_b;
    lt_u = a < b;
    lt_s = $signed(a) < $signed(b);
    eq   = a == b;
    case (fn)
      gpu_isa_pkg::FN_ADD:        r = a + b;
      gpu_isa_pkg::FN_SUB:        r = a - b;
      gpu_isa_pkg::FN_MUL_LO:     r = prod[31:0];
      gpu_isa_pkg::FN_MUL_HI_U32: r = prod[63:32];
      gpu_isa_pkg::FN_MUL_HI_I32: r = prod[63:32];
      gpu_isa_pkg::FN_AND:        r = a & b;
      gpu_isa_pkg::FN_OR:         r = a | b;
      gpu_isa_pkg::FN_XOR:        r = a ^ b;
      gpu_isa_pkg::FN_SHL:        r = a << b[4:0];
      gpu_isa_pkg::FN_SHR_U32:    r = a >> b[4:0];
      gpu_isa_pkg::FN_SHR_I32:    r = $unsigned($signed(a) >>> b[4:0]);
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
