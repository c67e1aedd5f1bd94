# SPDX-License-Identifier: Apache-2.0
# dt_salu_int: every scalar integer instruction (s_*) on lane 0 of two inputs.
# Directed-test layout (tb/kernels/harness.c, dt_run): arguments out, in, in_stride,
# out_stride. Wave w reads input row r (32 words, one per lane) at
# in + w*in_stride + 128*r and writes output row r at out + w*out_stride + 128*r.
# Inputs: row 0 = A (v20), row 1 = B (v21); only lane 0 matters. v40 is set
# to 0x5A5A5A5A in every lane first; a scalar instruction writes only lane 0,
# so lanes 1..31 of every output row must still hold it. Output rows:
#   s_add s_sub s_mul_lo s_mul_hi_u32 s_mul_hi_i32 s_and s_or s_xor s_shl s_shr_u32 s_shr_i32 s_min_u32 s_min_i32 s_max_u32 s_max_i32 s_eq s_ne s_lt_u32 s_lt_i32 s_le_u32 s_le_i32 s_gt_u32 s_gt_i32 s_ge_u32 s_ge_i32 s_div_u32 s_rem_u32 s_div_i32 s_rem_i32 s_mov(A)
# run: --groups 32 --buf out=const:30720:0xCDCDCDCD --buf in=u32:2048:11 --args out,in,256,3840
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
    mov v40, 0x5A5A5A5A
    s_add v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_sub v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_mul_lo v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_mul_hi_u32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_mul_hi_i32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_and v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_or v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_xor v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_shl v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_shr_u32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_shr_i32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_min_u32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_min_i32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_max_u32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_max_i32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_eq v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_ne v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_lt_u32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_lt_i32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_le_u32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_le_i32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_gt_u32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_gt_i32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_ge_u32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_ge_i32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_div_u32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_rem_u32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_div_i32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_rem_i32 v40, v20, v21
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    s_mov v40, v20
    global_store32 s15, outp, one, v40
    add outp, outp, 128
    sig_wait s15
    end
