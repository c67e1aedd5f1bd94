# SPDX-License-Identifier: Apache-2.0
# dt_salu_f32: every scalar f32 instruction.
# Directed-test layout (tb/kernels/harness.c, dt_run): arguments out, in, in_stride,
# out_stride. Wave w reads input row r (32 words, one per lane) at
# in + w*in_stride + 128*r and writes output row r at out + w*out_stride + 128*r.
# Inputs: rows 0..3 = A (v20), B (v21), C (v22) f32, I (v23) integers.
# Only lane 0 matters; v40 is 0x5A5A5A5A in every lane first and lanes 1..31
# must keep it.
# Output row k = op_k in this order (unary ops take A; cvt_f32_* take I):
#   s_add_f32 s_sub_f32 s_mul_f32 s_div_f32 s_fma_f32 s_sqrt_f32 s_min_f32 s_max_f32 s_abs_f32 s_neg_f32 s_eq_f32 s_ne_f32 s_lt_f32 s_le_f32 s_gt_f32 s_ge_f32 s_cvt_f32_i32 s_cvt_f32_u32 s_cvt_i32_f32_rtz s_cvt_i32_f32_rne s_cvt_u32_f32_rtz s_cvt_u32_f32_rne
# run: --groups 32 --buf out:f32=const:22528:0xCDCDCDCD --buf in:f32=f32:4096:21:-8.:8.
# run: --args out,in,512,2816
.waves 1
.alias outp, v16                            # this lane's word of the next output row
.alias inp,  v17                            # this lane's word of the next input row
    global_load32 s0, outp, one, args       # out
    add v60, args, 4
    global_load32 s1, inp, one, v60         # in
    add v61, args, 8
    global_load32 s2, v62, one, v61         # in_stride
    add v61, args, 12
    global_load32 s3, v63, one, v61         # out_stride
    shl v60, sid, 2
    sig_waitall4 s0, s1, s2, s3
    mul_lo v62, v62, wave
    mul_lo v63, v63, wave
    add inp, inp, v62
    add inp, inp, v60
    add outp, outp, v63
    add outp, outp, v60
    global_load32 s0, v20, one, inp
    add inp, inp, 128
    global_load32 s1, v21, one, inp
    add inp, inp, 128
    global_load32 s2, v22, one, inp
    add inp, inp, 128
    global_load32 s3, v23, one, inp
    add inp, inp, 128
    sig_waitall4 s0, s1, s2, s3
    mov v40, 0x5A5A5A5A
    s_add_f32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_sub_f32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_mul_f32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_div_f32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_fma_f32 v40, v20, v21, v22
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_sqrt_f32 v40, v20
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_min_f32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_max_f32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_abs_f32 v40, v20
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_neg_f32 v40, v20
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_eq_f32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_ne_f32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_lt_f32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_le_f32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_gt_f32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_ge_f32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_cvt_f32_i32 v40, v23
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_cvt_f32_u32 v40, v23
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_cvt_i32_f32_rtz v40, v20
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_cvt_i32_f32_rne v40, v20
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_cvt_u32_f32_rtz v40, v20
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_cvt_u32_f32_rne v40, v20
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    sig_wait s15
    end
