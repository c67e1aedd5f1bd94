# SPDX-License-Identifier: Apache-2.0
# dt_valu_f32: every vector f32 instruction.
# Directed-test layout (tb/kernels/harness.c, dt_run): arguments out, in, in_stride,
# out_stride. Wave w reads input row r (32 words, one per lane) at
# in + w*in_stride + 128*r and writes output row r at out + w*out_stride + 128*r.
# Inputs: rows 0..3 = A (v20), B (v21), C (v22) f32, I (v23) integers.
# Output row k = op_k in this order (unary ops take A; cvt_f32_* take I):
#   add_f32 sub_f32 mul_f32 div_f32 fma_f32 sqrt_f32 min_f32 max_f32 abs_f32 neg_f32 eq_f32 ne_f32 lt_f32 le_f32 gt_f32 ge_f32 cvt_f32_i32 cvt_f32_u32 cvt_i32_f32_rtz cvt_i32_f32_rne cvt_u32_f32_rtz cvt_u32_f32_rne
# run: --groups 8 --buf out:f32=const:5632:0xCDCDCDCD --buf in:f32=f32:1024:20:-8.:8.
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
    add_f32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    sub_f32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    mul_f32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    div_f32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    fma_f32 v40, v20, v21, v22
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    sqrt_f32 v40, v20
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    min_f32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    max_f32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    abs_f32 v40, v20
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    neg_f32 v40, v20
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    eq_f32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    ne_f32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    lt_f32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    le_f32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    gt_f32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    ge_f32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    cvt_f32_i32 v40, v23
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    cvt_f32_u32 v40, v23
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    cvt_i32_f32_rtz v40, v20
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    cvt_i32_f32_rne v40, v20
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    cvt_u32_f32_rtz v40, v20
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    cvt_u32_f32_rne v40, v20
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    sig_wait s15
    end
