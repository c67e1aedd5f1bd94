// SPDX-License-Identifier: Apache-2.0
// gpu_fp_pkg: the f32 arithmetic of the GPU (docs/fpu.md, docs/isa.md
// section 6), as combinational functions. fp_calc computes every
// fixed-latency f32 gpu_isa_pkg::FN_* as fp_s3(fp_s2(fp_s1(...))), the three
// stages gpu_fp_pipe registers; fp_ds_* are the steps of gpu_fp_divsqrt.
// Bit-exact with csrc/f32.c: RNE, subnormals kept, NaN results 0x7FC00000.
`default_nettype none

package gpu_fp_pkg;

  // Cycles from valid_i to valid_o of gpu_fp_pipe (one per stage function).
  localparam int FP_PIPE_LATENCY = 3;

  // gpu_fp_divsqrt: FP_DS_BITS quotient (root) bits per cycle, FP_DS_QB bits
  // in all (at least 27: 24 significant, a guard bit, and room for the sticky
  // bit below the guard bit), then one cycle to round.
  localparam int FP_DS_BITS = 2;
  localparam int FP_DS_ITERS = (27 + FP_DS_BITS - 1) / FP_DS_BITS;
  localparam int FP_DS_QB = FP_DS_ITERS * FP_DS_BITS;
  // start_i sampled at edge t gives done_o sampled high at edge t + FP_DIVSQRT_CYCLES:
  // one edge loads the operands, FP_DS_ITERS iterate, one rounds.
  localparam int FP_DIVSQRT_CYCLES = FP_DS_ITERS + 2;

  localparam logic [31:0] FP_NAN = 32'h7FC0_0000;   // the canonical NaN, every NaN result
  localparam logic [30:0] FP_INF = 31'h7F80_0000;   // magnitude of infinity
  localparam logic [31:0] FP_ONE = 32'h3F80_0000;

  // ---------------------------------------------------------------------------
  // Classification and the ordering functions (min, max, comparisons).

  // These take the magnitude bits x[30:0].
  function automatic logic fp_is_nan(input logic [30:0] x);
    fp_is_nan = (x[30:23] == 8'hFF) && (x[22:0] != 23'd0);
  endfunction

  function automatic logic fp_is_inf(input logic [30:0] x);
    fp_is_inf = x == FP_INF;
  endfunction

  function automatic logic fp_is_zero(input logic [30:0] x);
    fp_is_zero = x == 31'd0;
  endfunction

  // A key that orders the non-NaN values as unsigned integers, -0 below +0.
  function automatic logic [31:0] fp_order_key(input logic [31:0] x);
    fp_order_key = x[31] ? ~x : {1'b1, x[30:0]};
  endfunction

  // min, max and the comparisons all use the same two tests, key(a) < key(b)
  // and a == b, so that synthesis shares them (opt_merge) within a stage.
  function automatic logic fp_key_lt(input logic [31:0] a, input logic [31:0] b);
    fp_key_lt = fp_order_key(a) < fp_order_key(b);
  endfunction

  // Both NaN: NaN; one NaN: the other; else the smaller, -0 < +0.
  function automatic logic [31:0] fp_min(input logic [31:0] a, input logic [31:0] b);
    if (fp_is_nan(a[30:0]))
      fp_min = fp_is_nan(b[30:0]) ? FP_NAN : b;
    else if (fp_is_nan(b[30:0]))
      fp_min = a;
    else
      fp_min = (fp_key_lt(a, b) || a == b) ? a : b;
  endfunction

  function automatic logic [31:0] fp_max(input logic [31:0] a, input logic [31:0] b);
    if (fp_is_nan(a[30:0]))
      fp_max = fp_is_nan(b[30:0]) ? FP_NAN : b;
    else if (fp_is_nan(b[30:0]))
      fp_max = a;
    else
      fp_max = fp_key_lt(a, b) ? b : a;
  endfunction

  // eq/ne/lt/le/gt/ge_f32: with a NaN operand all are 0 except ne; -0 == +0.
  function automatic logic fp_compare(input logic [5:0] fn, input logic [31:0] a, input logic [31:0] b);
    logic unordered;
    logic eq;
    logic lt;
    logic gt;
    unordered = fp_is_nan(a[30:0]) || fp_is_nan(b[30:0]);
    eq = (a == b) || (fp_is_zero(a[30:0]) && fp_is_zero(b[30:0]));
    lt = !eq && fp_key_lt(a, b);
    gt = !eq && !lt;
    case (fn)
      gpu_isa_pkg::FN_EQ_F32: fp_compare = !unordered && eq;
      gpu_isa_pkg::FN_NE_F32: fp_compare = unordered || !eq;
      gpu_isa_pkg::FN_LT_F32: fp_compare = !unordered && lt;
      gpu_isa_pkg::FN_LE_F32: fp_compare = !unordered && (lt || eq);
      gpu_isa_pkg::FN_GT_F32: fp_compare = !unordered && gt;
      gpu_isa_pkg::FN_GE_F32: fp_compare = !unordered && (gt || eq);
      default:                fp_compare = 1'b0;
    endcase
  endfunction

  // ---------------------------------------------------------------------------
  // Conversions to integers: |x| truncated or rounded to nearest even, then
  // saturated; NaN gives INT32_MAX / UINT32_MAX, a negative u32 result 0.

  function automatic logic [31:0] fp_to_int(input logic [31:0] x, input logic is_unsigned, input logic rne);
    logic [55:0] fix;     // |x| * 2^24 for 0.5 <= |x| < 2^32
    logic [32:0] mag;     // |x| rounded, 0 .. 2^32
    logic        huge;    // |x| >= 2^32, infinity included
    logic        up;
    fix  = 56'd0;
    mag  = 33'd0;
    huge = x[30:23] >= 8'd159;
    up   = 1'b0;
    if (x[30:23] >= 8'd126 && !huge) begin
      fix = {32'd0, 1'b1, x[22:0]} << (x[30:23] - 8'd126);
      up  = rne && fix[23] && ((fix[22:0] != 23'd0) || fix[24]);
      mag = {1'b0, fix[55:24]} + {32'd0, up};
    end
    if (is_unsigned) begin
      if (fp_is_nan(x[30:0]))
        fp_to_int = 32'hFFFF_FFFF;
      else if (x[31])
        fp_to_int = 32'd0;
      else if (huge || mag[32])
        fp_to_int = 32'hFFFF_FFFF;
      else
        fp_to_int = mag[31:0];
    end else begin
      if (fp_is_nan(x[30:0]))
        fp_to_int = 32'h7FFF_FFFF;
      else if (x[31])
        fp_to_int = (huge || mag > 33'h0_8000_0000) ? 32'h8000_0000 : (32'd0 - mag[31:0]);
      else
        fp_to_int = (huge || mag > 33'h0_7FFF_FFFF) ? 32'h7FFF_FFFF : mag[31:0];
    end
  endfunction

  // ---------------------------------------------------------------------------
  // Unpacking and the one rounding step.

  // A finite nonzero |x| (bits x[30:0]) as m * 2^e with m normalized to
  // [2^23, 2^24): {e, m}.
  function automatic logic [34:0] fp_unpack_norm(input logic [30:0] x);
    logic [23:0] m;
    logic [4:0]  lz;      // leading zeros of a subnormal significand
    m     = {x[30:23] != 8'd0, x[22:0]};
    lz[4] = m[23:8] == 16'd0;
    if (lz[4]) m = m << 16;
    lz[3] = m[23:16] == 8'd0;
    if (lz[3]) m = m << 8;
    lz[2] = m[23:20] == 4'd0;
    if (lz[2]) m = m << 4;
    lz[1] = m[23:22] == 2'd0;
    if (lz[1]) m = m << 2;
    lz[0] = !m[23];
    if (lz[0]) m = m << 1;
    // A subnormal has the exponent of the smallest normal, 1 - 150.
    fp_unpack_norm = {$signed({3'd0, x[30:24], x[23] | (x[30:23] == 8'd0)}) - 11'sd150 - $signed({6'd0, lz}), m};
  endfunction

  // Rounds (-1)^sign * mag * 2^base to binary32, nearest even, with gradual
  // underflow and overflow to infinity: the csrc/f32.c round_pack. A sticky
  // bit in mag (bit 0 standing for a nonzero tail) must lie at least two bits
  // below the rounding position. mag == 0 gives +0 (an exact cancellation).
  // Precondition: base >= -202, or mag < 2^50 (then the value is below
  // 2^-153 and rounds to a signed zero).
  function automatic logic [31:0] fp_round(input logic sign, input logic signed [10:0] base, input logic [76:0] mag);
    logic signed [10:0] lim;    // the left shift that puts the result at the subnormal scale
    logic [6:0]         limc;   // lim clamped to 0..127
    logic [6:0]         s;      // the normalizing shift: min(leading zeros, lim)
    logic [76:0]        n;
    logic [9:0]         ef;     // exponent field minus the hidden bit
    logic               up;
    logic [33:0]        bits;
    lim  = base + 11'sd202;
    limc = (lim > 11'sd127) ? 7'd127 : lim[6:0];
    n    = mag;
    s    = 7'd0;
    // Greedy binary normalization: each step shifts if the top bits are zero
    // and the total stays within the limit, which yields min(lz, limc). The
    // steps set the bits of s from the top, so s + 2^k is s | 2^k.
    if (n[76:13] == 64'd0 && (s | 7'd64) <= limc) begin n = n << 64; s = s | 7'd64; end
    if (n[76:45] == 32'd0 && (s | 7'd32) <= limc) begin n = n << 32; s = s | 7'd32; end
    if (n[76:61] == 16'd0 && (s | 7'd16) <= limc) begin n = n << 16; s = s | 7'd16; end
    if (n[76:69] == 8'd0  && (s | 7'd8)  <= limc) begin n = n << 8;  s = s | 7'd8;  end
    if (n[76:73] == 4'd0  && (s | 7'd4)  <= limc) begin n = n << 4;  s = s | 7'd4;  end
    if (n[76:75] == 2'd0  && (s | 7'd2)  <= limc) begin n = n << 2;  s = s | 7'd2;  end
    if (!n[76]            && (s | 7'd1)  <= limc) begin n = n << 1;  s = s | 7'd1;  end
    // Normal: n[76] is the hidden bit and ef the biased exponent minus one.
    // Subnormal: s == lim, ef == 0 and n[76] == 0. Rounding may carry into
    // the exponent field, which is what IEEE wants in both cases.
    ef   = lim[9:0] - {3'd0, s};
    up   = n[52] && ((n[51:0] != 52'd0) || n[53]);
    bits = {1'b0, ef, 23'd0} + {10'd0, n[76:53]} + {33'd0, up};
    if (mag == 77'd0)
      fp_round = 32'd0;
    else if (lim < 11'sd0)
      fp_round = {sign, 31'd0};
    else if (bits >= {3'd0, FP_INF})
      fp_round = {sign, FP_INF};
    else
      fp_round = {sign, bits[30:0]};
  endfunction

  // ---------------------------------------------------------------------------
  // The fixed-latency functions: three stages.
  //
  // add, sub, mul and fma share one fused datapath x*y+z, rounded once:
  // add is a*1+b, sub a*1+(-b), mul a*b+(-0). The product of the normalized
  // significands (48 bits) sits at bits [48:1] of a 77-bit window; z is
  // placed at its exponent, clamped to bits [75:52] when it lies more than
  // three bits above the product (the product then only acts as a sticky
  // tail), and its bits below bit 0 are OR-ed into bit 0.
  //
  // Stage 1 (fp_s1): operand selection, special cases and the simple
  //   functions (done = 1), normalization of x and y, exponents, z's
  //   alignment shift and sticky bit.
  // Stage 2 (fp_s2): the 24x24 product, z's alignment shift, the 77-bit sum
  //   or difference and its sign.
  // Stage 3 (fp_s3): normalization and rounding (fp_round).

  // fp_s1 word, from bit 0: done, is_int, sp, sz, jam, sh[6:0], base[10:0],
  // mz[23:0], my[23:0], mx[23:0], res[31:0].
  localparam int FP_S1_W = 127;
  // fp_s2 word, from bit 0: done, sign, base[10:0], mag[76:0], res[31:0].
  localparam int FP_S2_W = 122;

  function automatic logic [FP_S1_W-1:0] fp_s1(input logic [5:0] fn, input logic [31:0] a, input logic [31:0] b,
                                               input logic [31:0] c);
    logic [31:0]        x;        // the fused operation is x*y+z
    logic [31:0]        y;
    logic [31:0]        z;
    logic [34:0]        xn;
    logic [34:0]        yn;
    logic signed [10:0] ex;
    logic signed [10:0] ey;
    logic signed [10:0] ez;
    logic signed [10:0] j;        // window bit of z's least significant bit
    logic signed [10:0] shift;    // z's right shift from bits [75:52]
    logic signed [10:0] base;     // exponent of window bit 0
    logic [23:0]        mz;
    logic [4:0]         below;    // how many low bits of mz fall below window bit 0 (capped)
    logic [6:0]         sh;
    logic               jam;
    logic               sp;
    logic               sz;
    logic               clamp;
    logic               done;
    logic               is_int;
    logic [31:0]        res;
    // Operands of the fused datapath.
    x = a;
    y = b;
    z = c;
    case (fn)
      gpu_isa_pkg::FN_ADD_F32: begin y = FP_ONE; z = b; end
      gpu_isa_pkg::FN_SUB_F32: begin y = FP_ONE; z = {~b[31], b[30:0]}; end
      gpu_isa_pkg::FN_MUL_F32: z = 32'h8000_0000;
      default: ;
    endcase
    sp = x[31] ^ y[31];
    sz = z[31];
    xn = fp_unpack_norm(x[30:0]);
    yn = fp_unpack_norm(y[30:0]);
    ex = xn[34:24];
    ey = yn[34:24];
    mz = {z[30:23] != 8'd0, z[22:0]};
    ez = (z[30:23] == 8'd0) ? -11'sd149 : $signed({3'd0, z[30:23]}) - 11'sd150;
    // The product's least significant bit is window bit 1, z's is bit j.
    j     = ez - ex - ey + 11'sd1;
    clamp = !fp_is_zero(z[30:0]) && (j >= 11'sd52);
    base  = clamp ? ez - 11'sd52 : ex + ey - 11'sd1;
    shift = 11'sd52 - j;
    below = (j <= -11'sd24) ? 5'd24 : (j < 11'sd0) ? 5'd0 - j[4:0] : 5'd0;
    jam   = !clamp && ((mz & ~(24'hFF_FFFF << below)) != 24'd0);
    sh    = clamp ? 7'd0 : (shift > 11'sd127) ? 7'd127 : shift[6:0];
    // Special cases and the functions that need no rounding.
    done   = 1'b1;
    is_int = 1'b0;
    res    = 32'd0;
    case (fn)
      gpu_isa_pkg::FN_ADD_F32, gpu_isa_pkg::FN_SUB_F32, gpu_isa_pkg::FN_MUL_F32, gpu_isa_pkg::FN_FMA_F32: begin
        if (fp_is_nan(x[30:0]) || fp_is_nan(y[30:0]) || fp_is_nan(z[30:0]))
          res = FP_NAN;
        else if (fp_is_inf(x[30:0]) || fp_is_inf(y[30:0]))
          res = (fp_is_zero(x[30:0]) || fp_is_zero(y[30:0]) || (fp_is_inf(z[30:0]) && sz != sp)) ? FP_NAN : {sp, FP_INF};
        else if (fp_is_inf(z[30:0]))
          res = z;
        else if (fp_is_zero(x[30:0]) || fp_is_zero(y[30:0]))
          res = fp_is_zero(z[30:0]) ? {sp & sz, 31'd0} : z;
        else
          done = 1'b0;
      end
      gpu_isa_pkg::FN_MIN_F32: res = fp_min(a, b);
      gpu_isa_pkg::FN_MAX_F32: res = fp_max(a, b);
      gpu_isa_pkg::FN_ABS_F32: res = fp_is_nan(b[30:0]) ? FP_NAN : {1'b0, b[30:0]};
      gpu_isa_pkg::FN_NEG_F32: res = fp_is_nan(b[30:0]) ? FP_NAN : {~b[31], b[30:0]};
      gpu_isa_pkg::FN_EQ_F32, gpu_isa_pkg::FN_NE_F32, gpu_isa_pkg::FN_LT_F32,
      gpu_isa_pkg::FN_LE_F32, gpu_isa_pkg::FN_GT_F32, gpu_isa_pkg::FN_GE_F32:
        res = {31'd0, fp_compare(fn, a, b)};
      gpu_isa_pkg::FN_CVT_F32_I32, gpu_isa_pkg::FN_CVT_F32_U32: begin
        // |b| goes straight to the rounding stage as mag * 2^0.
        done   = 1'b0;
        is_int = 1'b1;
        sp     = (fn == gpu_isa_pkg::FN_CVT_F32_I32) && b[31];
        res    = sp ? 32'd0 - b : b;
        base   = 11'sd0;
      end
      gpu_isa_pkg::FN_CVT_I32_F32_RTZ, gpu_isa_pkg::FN_CVT_I32_F32_RNE,
      gpu_isa_pkg::FN_CVT_U32_F32_RTZ, gpu_isa_pkg::FN_CVT_U32_F32_RNE:
        res = fp_to_int(b, fn == gpu_isa_pkg::FN_CVT_U32_F32_RTZ || fn == gpu_isa_pkg::FN_CVT_U32_F32_RNE,
                        fn == gpu_isa_pkg::FN_CVT_I32_F32_RNE || fn == gpu_isa_pkg::FN_CVT_U32_F32_RNE);
      default: ;
    endcase
    fp_s1 = {res, xn[23:0], yn[23:0], mz, base, sh, jam, sz, sp, is_int, done};
  endfunction

  function automatic logic [FP_S2_W-1:0] fp_s2(input logic [FP_S1_W-1:0] s1);
    logic               done;
    logic               is_int;
    logic               sp;
    logic               sz;
    logic               jam;
    logic [6:0]         sh;
    logic signed [10:0] base;
    logic [23:0]        mz;
    logic [23:0]        my;
    logic [23:0]        mx;
    logic [31:0]        res;
    logic [47:0]        prod;
    logic [76:0]        pw;       // the product in the window
    logic [76:0]        zw;       // z aligned in the window
    logic [77:0]        sum;
    logic [76:0]        mag;
    logic               sign;
    {res, mx, my, mz, base, sh, jam, sz, sp, is_int, done} = s1;
    prod = {24'd0, mx} * {24'd0, my};
    pw   = {28'd0, prod, 1'b0};
    zw   = ({1'b0, mz, 52'd0} >> sh) | {76'd0, jam};
    // pw + zw or pw - zw; a negative difference is redone as zw - pw.
    sum = {1'b0, pw} + ({1'b0, zw} ^ {78{sp != sz}}) + {77'd0, sp != sz};
    if (is_int) begin
      mag  = {45'd0, res};
      sign = sp;
    end else if (sp != sz && sum[77]) begin
      mag  = zw - pw;
      sign = sz;
    end else begin
      mag  = sum[76:0];
      sign = sp;
    end
    fp_s2 = {res, mag, base, sign, done};
  endfunction

  function automatic logic [31:0] fp_s3(input logic [FP_S2_W-1:0] s2);
    logic               done;
    logic               sign;
    logic signed [10:0] base;
    logic [76:0]        mag;
    logic [31:0]        res;
    {res, mag, base, sign, done} = s2;
    fp_s3 = done ? res : fp_round(sign, base, mag);
  endfunction

  // Every fixed-latency f32 function by its gpu_isa_pkg::FN_* code, operands
  // as csrc/alu.h: f(a, b); unary functions take b; FMA_F32 is a*b+c. Other
  // codes give 0.
  function automatic logic [31:0] fp_calc(input logic [5:0] fn, input logic [31:0] a, input logic [31:0] b,
                                          input logic [31:0] c);
    fp_calc = fp_s3(fp_s2(fp_s1(fn, a, b, c)));
  endfunction

  // Cycles from issue to result of an f32 function on its unit: gpu_fp_pipe,
  // or gpu_fp_divsqrt for div_f32 and sqrt_f32 (for a scoreboard).
  function automatic logic [7:0] fp_latency(input logic [5:0] fn);
    if (fn == gpu_isa_pkg::FN_DIV_F32 || fn == gpu_isa_pkg::FN_SQRT_F32)
      fp_latency = FP_DIVSQRT_CYCLES[7:0];
    else
      fp_latency = FP_PIPE_LATENCY[7:0];
  endfunction

  // Correctly rounded a + b (the f32 reductions).
  function automatic logic [31:0] fp_add(input logic [31:0] a, input logic [31:0] b);
    fp_add = fp_calc(gpu_isa_pkg::FN_ADD_F32, a, b, 32'd0);
  endfunction

  // ---------------------------------------------------------------------------
  // Division and square root (gpu_fp_divsqrt), digit by digit, restoring:
  // fp_ds_setup unpacks, fp_ds_step makes FP_DS_BITS quotient/root bits,
  // fp_ds_finish rounds.
  //   div:  q = floor(ma * 2^(QB-1) / mb), ma, mb normalized: QB bits, the
  //         first is the integer bit; the remainder is the sticky bit.
  //   sqrt: the exponent made even (m in [2^23, 2^25)); q = floor(sqrt(m *
  //         2^(2QB-26))), QB bits; the remainder is the sticky bit.

  localparam int FP_DS_RW = FP_DS_QB + 2;   // partial remainder
  // fp_ds word, from bit 0: done, sign, base[10:0], x[25:0] (div: the divisor;
  // sqrt: the radicand bits still to bring down), q[QB-1:0], r[RW-1:0], res[31:0].
  localparam int FP_DS_W = 2 + 11 + 26 + FP_DS_QB + FP_DS_RW + 32;
  localparam int FP_DS_DIV_BIAS = FP_DS_QB - 1;     // div: q has FP_DS_QB-1 fraction bits
  localparam int FP_DS_SQRT_BIAS = FP_DS_QB - 13;   // sqrt: the radicand is m * 2^(2QB-26)

  function automatic logic [FP_DS_W-1:0] fp_ds_setup(input logic is_sqrt, input logic [31:0] a, input logic [31:0] b);
    logic                done;
    logic                sign;
    logic signed [10:0]  base;
    logic [25:0]         x;
    logic [FP_DS_QB-1:0] q;
    logic [FP_DS_RW-1:0] r;
    logic [31:0]         res;
    logic [34:0]         an;
    logic [34:0]         bn;
    logic signed [10:0]  eb;
    logic signed [10:0]  eb_even;
    an   = fp_unpack_norm(a[30:0]);
    bn   = fp_unpack_norm(b[30:0]);
    eb   = bn[34:24];
    done = 1'b1;
    sign = 1'b0;
    res  = 32'd0;
    base = 11'sd0;
    x    = 26'd0;
    q    = '0;
    r    = '0;
    if (!is_sqrt) begin
      sign = a[31] ^ b[31];
      if (fp_is_nan(a[30:0]) || fp_is_nan(b[30:0]))
        res = FP_NAN;
      else if (fp_is_inf(a[30:0]))
        res = fp_is_inf(b[30:0]) ? FP_NAN : {sign, FP_INF};
      else if (fp_is_inf(b[30:0]))
        res = {sign, 31'd0};
      else if (fp_is_zero(b[30:0]))
        res = fp_is_zero(a[30:0]) ? FP_NAN : {sign, FP_INF};
      else if (fp_is_zero(a[30:0]))
        res = {sign, 31'd0};
      else
        done = 1'b0;
      r    = {{(FP_DS_RW - 24){1'b0}}, an[23:0]};
      x    = {2'd0, bn[23:0]};
      base = $signed(an[34:24]) - eb - $signed(FP_DS_DIV_BIAS[10:0]);
    end else begin
      if (fp_is_nan(b[30:0]))
        res = FP_NAN;
      else if (fp_is_zero(b[30:0]))
        res = b;                          // sqrt(-0) = -0
      else if (b[31])
        res = FP_NAN;
      else if (fp_is_inf(b[30:0]))
        res = b;
      else
        done = 1'b0;
      // An odd exponent moves one factor 2 into the significand.
      x       = eb[0] ? {1'b0, bn[23:0], 1'b0} : {2'd0, bn[23:0]};
      eb_even = eb[0] ? eb - 11'sd1 : eb;
      base    = (eb_even >>> 1) - $signed(FP_DS_SQRT_BIAS[10:0]);
    end
    fp_ds_setup = {res, r, q, x, base, sign, done};
  endfunction

  function automatic logic [FP_DS_W-1:0] fp_ds_step(input logic is_sqrt, input logic [FP_DS_W-1:0] st);
    logic                done;
    logic                sign;
    logic signed [10:0]  base;
    logic [25:0]         x;
    logic [FP_DS_QB-1:0] q;
    logic [FP_DS_RW-1:0] r;
    logic [31:0]         res;
    logic [FP_DS_RW-1:0] cand;    // partial remainder with the next radicand bits
    logic [FP_DS_RW-1:0] trial;   // what a 1 digit subtracts
    logic [FP_DS_RW:0]   diff;
    {res, r, q, x, base, sign, done} = st;
    for (int i = 0; i < FP_DS_BITS; i++) begin
      if (is_sqrt) begin
        cand  = {r[FP_DS_RW-3:0], x[25:24]};
        trial = {q, 2'b01};
        x     = x << 2;
      end else begin
        cand  = r;
        trial = {{(FP_DS_RW - 24){1'b0}}, x[23:0]};
      end
      diff = {1'b0, cand} - {1'b0, trial};
      if (!diff[FP_DS_RW])
        cand = diff[FP_DS_RW-1:0];
      r = is_sqrt ? cand : cand << 1;
      q = {q[FP_DS_QB-2:0], !diff[FP_DS_RW]};
    end
    fp_ds_step = {res, r, q, x, base, sign, done};
  endfunction

  function automatic logic [31:0] fp_ds_finish(input logic [FP_DS_W-1:0] st);
    logic                done;
    logic                sign;
    logic signed [10:0]  base;
    logic [25:0]         unused_x;
    logic [FP_DS_QB-1:0] q;
    logic [FP_DS_RW-1:0] r;
    logic [31:0]         res;
    {res, r, q, unused_x, base, sign, done} = st;
    if (done)
      fp_ds_finish = res;
    else
      fp_ds_finish = fp_round(sign, base, {{(77 - FP_DS_QB){1'b0}}, q[FP_DS_QB-1:1], q[0] | (r != '0)});
  endfunction

endpackage

`default_nettype wire
