# SPDX-License-Identifier: Apache-2.0
# dt_valu_int: every vector integer ALU2 instruction on two per-lane inputs.
# Directed-test layout (tb/kernels/harness.c, dt_run): arguments out, in, in_stride,
# out_stride. Wave w reads input row r (32 words, one per lane) at
# in + w*in_stride + 128*r and writes output row r at out + w*out_stride + 128*r.
# Inputs: row 0 = A (v20), row 1 = B (v21). Output row k = op_k v40, A, B for
# the ops in this order:
#   add sub mul_lo mul_hi_u32 mul_hi_i32 and or xor shl shr_u32 shr_i32 min_u32 min_i32 max_u32 max_i32 eq ne lt_u32 lt_i32 le_u32 le_i32 gt_u32 gt_i32 ge_u32 ge_i32
# run: --groups 8 --buf out=const:6400:0xCDCDCDCD --buf in=u32:512:10 --args out,in,256,3200
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
    sig_waitall2 s0, s1
    add v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    sub v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    mul_lo v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    mul_hi_u32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    mul_hi_i32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    and v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    or v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    xor v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    shl v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    shr_u32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    shr_i32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    min_u32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    min_i32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    max_u32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    max_i32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    eq v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    ne v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    lt_u32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    lt_i32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    le_u32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    le_i32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    gt_u32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    gt_i32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    ge_u32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    ge_i32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    sig_wait s15
    end
