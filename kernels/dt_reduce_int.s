# SPDX-License-Identifier: Apache-2.0
# dt_reduce_int: every integer reduction red8_<f> and redfin_<f>
# (add, min_u32, min_i32, max_u32, max_i32, and, or, xor).
# red8 writes lanes 0, 8, 16, 24 and keeps the others; redfin writes lane 0
# only; the combining order is the tree of docs/isa.md 4.4.
# Directed-test layout (tb/kernels/harness.c, dt_run): arguments out, in, in_stride,
# out_stride. Wave w reads input row r (32 words, one per lane) at
# in + w*in_stride + 128*r and writes output row r at out + w*out_stride + 128*r.
# Inputs: row 0 = X (v32, the values reduced), row 1 = P (v33, the prior
# content of D, to show which lanes are kept).
# run: --groups 8 --buf out=const:4864:0xCDCDCDCD --buf in=u32:512:51 --args out,in,256,2432
.waves 1
# Output rows:
#    0: D = P; red8_add D, X
#    1: D = P; redfin_add D, X
#    2: D = P; red8_min_u32 D, X
#    3: D = P; redfin_min_u32 D, X
#    4: D = P; red8_min_i32 D, X
#    5: D = P; redfin_min_i32 D, X
#    6: D = P; red8_max_u32 D, X
#    7: D = P; redfin_max_u32 D, X
#    8: D = P; red8_max_i32 D, X
#    9: D = P; redfin_max_i32 D, X
#   10: D = P; red8_and D, X
#   11: D = P; redfin_and D, X
#   12: D = P; red8_or D, X
#   13: D = P; redfin_or D, X
#   14: D = P; red8_xor D, X
#   15: D = P; redfin_xor D, X
#   16: D = P; red8_add D, X; redfin_add D, D (all 32 lanes into lane 0)
#   17: D = P; red8_min_i32 D, X; redfin_min_i32 D, D (all 32 lanes into lane 0)
#   18: D = X; red8_xor D, D (in place)
.alias outp, v16                            # this lane's word of output row 0
.alias inp,  v17                            # this lane's word of input row 0
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
    global_load32 s0, v32, one, inp          # input row 0
    add v60, inp, 128
    global_load32 s1, v33, one, v60          # input row 1
    sig_waitall2 s0, s1
    mov v41, v33
    red8_add v41, v32
    global_store32 s15, outp, one, v41   # row 0
    add outp, outp, 128
    mov v41, v33
    redfin_add v41, v32
    global_store32 s15, outp, one, v41   # row 1
    add outp, outp, 128
    mov v41, v33
    red8_min_u32 v41, v32
    global_store32 s15, outp, one, v41   # row 2
    add outp, outp, 128
    mov v41, v33
    redfin_min_u32 v41, v32
    global_store32 s15, outp, one, v41   # row 3
    add outp, outp, 128
    mov v41, v33
    red8_min_i32 v41, v32
    global_store32 s15, outp, one, v41   # row 4
    add outp, outp, 128
    mov v41, v33
    redfin_min_i32 v41, v32
    global_store32 s15, outp, one, v41   # row 5
    add outp, outp, 128
    mov v41, v33
    red8_max_u32 v41, v32
    global_store32 s15, outp, one, v41   # row 6
    add outp, outp, 128
    mov v41, v33
    redfin_max_u32 v41, v32
    global_store32 s15, outp, one, v41   # row 7
    add outp, outp, 128
    mov v41, v33
    red8_max_i32 v41, v32
    global_store32 s15, outp, one, v41   # row 8
    add outp, outp, 128
    mov v41, v33
    redfin_max_i32 v41, v32
    global_store32 s15, outp, one, v41   # row 9
    add outp, outp, 128
    mov v41, v33
    red8_and v41, v32
    global_store32 s15, outp, one, v41   # row 10
    add outp, outp, 128
    mov v41, v33
    redfin_and v41, v32
    global_store32 s15, outp, one, v41   # row 11
    add outp, outp, 128
    mov v41, v33
    red8_or v41, v32
    global_store32 s15, outp, one, v41   # row 12
    add outp, outp, 128
    mov v41, v33
    redfin_or v41, v32
    global_store32 s15, outp, one, v41   # row 13
    add outp, outp, 128
    mov v41, v33
    red8_xor v41, v32
    global_store32 s15, outp, one, v41   # row 14
    add outp, outp, 128
    mov v41, v33
    redfin_xor v41, v32
    global_store32 s15, outp, one, v41   # row 15
    add outp, outp, 128
    mov v42, v33
    red8_add v42, v32
    redfin_add v42, v42
    global_store32 s15, outp, one, v42   # row 16
    add outp, outp, 128
    mov v42, v33
    red8_min_i32 v42, v32
    redfin_min_i32 v42, v42
    global_store32 s15, outp, one, v42   # row 17
    add outp, outp, 128
    mov v42, v32
    red8_xor v42, v42
    global_store32 s15, outp, one, v42   # row 18
    add outp, outp, 128
    sig_wait s15
    end
