# SPDX-License-Identifier: Apache-2.0
# dt_xlane: data movement and cross-lane instructions (docs/isa.md 4.2): mov
# with masks, select, first_where_true (including the empty mask), shfl, bcast.
# Directed-test layout (tb/kernels/harness.c, dt_run): arguments out, in, in_stride,
# out_stride. Wave w reads input row r (32 words, one per lane) at
# in + w*in_stride + 128*r and writes output row r at out + w*out_stride + 128*r.
# Inputs: row 0 = A (v32), row 1 = B (v33), row 2 = I (v34, lane indices,
# also >= 32), row 3 = M (v20, mask bits).
# run: --groups 8 --buf out=const:5632:0xCDCDCDCD --buf in=u32:1024:41 --args out,in,512,2816
.waves 1
# Output rows:
#    0: mov B; mov M(v20 & ~lo16), A
#    1: mov B; mov M(~v20), 0x12345678 (long literal)
#    2: mov B; mov M(v20), A[0] (scalar source)
#    3: mov A (no mask: every lane)
#    4: mov B; mov M(zero), A: nothing changes
#    5: select M(v20) ? B : A
#    6: select M(~v20 & ch2) ? 2047 : -5 (short literals)
#    7: select M(v20) ? B[0] : A[0] (scalar sources)
#    8: D = A; select D, M(v20), D, B (D is also F)
#    9: D = B; first_where_true D, M(v20 & ~alo8), A (lane 0 = A[first], or B[0] if none)
#   10: D = B; first_where_true D, M(zero), A: D unchanged
#   11: D = B; first_where_true D, M(v20 & ~v20) (empty), A: D unchanged
#   12: D = B; first_where_true D, M(v20), 77 (literal)
#   13: D = B; first_where_true D, M(~lo16), A: lane 0 = A[16]
#   14: shfl A, I: A[I & 31]
#   15: shfl A, 45: A[13]
#   16: shfl sid, I: I & 31
#   17: D = A; shfl D, D, I (D is also A): A[I & 31]
#   18: shfl A, I[0] (scalar index): A[I[0] & 31]
#   19: bcast A, I (index read in scalar context): A[I[0] & 31]
#   20: bcast A, 37: A[5]
#   21: D = A; bcast D, D, I (D is also A): A[I[0] & 31]
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
    add v60, inp, 256
    global_load32 s2, v34, one, v60          # input row 2
    add v60, inp, 384
    global_load32 s3, v20, one, v60          # input row 3
    sig_waitall4 s0, s1, s2, s3
    mov v41, v33
    mov v41, v20 & ~lo16, v32
    global_store32 s15, outp, one, v41   # row 0
    add outp, outp, 128
    mov v41, v33
    mov v41, ~v20, 0x12345678
    global_store32 s15, outp, one, v41   # row 1
    add outp, outp, 128
    mov v41, v33
    mov v41, v20, v32[0]
    global_store32 s15, outp, one, v41   # row 2
    add outp, outp, 128
    mov v41, v32
    global_store32 s15, outp, one, v41   # row 3
    add outp, outp, 128
    mov v41, v33
    mov v41, zero, v32
    global_store32 s15, outp, one, v41   # row 4
    add outp, outp, 128
    select v41, v20, v32, v33
    global_store32 s15, outp, one, v41   # row 5
    add outp, outp, 128
    select v41, ~v20 & ch2, -5, 2047
    global_store32 s15, outp, one, v41   # row 6
    add outp, outp, 128
    select v41, v20, v32[0], v33[0]
    global_store32 s15, outp, one, v41   # row 7
    add outp, outp, 128
    mov v41, v32
    select v41, v20, v41, v33
    global_store32 s15, outp, one, v41   # row 8
    add outp, outp, 128
    mov v41, v33
    first_where_true v41, v20 & ~alo8, v32
    global_store32 s15, outp, one, v41   # row 9
    add outp, outp, 128
    mov v41, v33
    first_where_true v41, zero, v32
    global_store32 s15, outp, one, v41   # row 10
    add outp, outp, 128
    mov v41, v33
    first_where_true v41, v20 & ~v20, v32
    global_store32 s15, outp, one, v41   # row 11
    add outp, outp, 128
    mov v41, v33
    first_where_true v41, v20, 77
    global_store32 s15, outp, one, v41   # row 12
    add outp, outp, 128
    mov v41, v33
    first_where_true v41, ~lo16, v32
    global_store32 s15, outp, one, v41   # row 13
    add outp, outp, 128
    shfl v41, v32, v34
    global_store32 s15, outp, one, v41   # row 14
    add outp, outp, 128
    shfl v41, v32, 45
    global_store32 s15, outp, one, v41   # row 15
    add outp, outp, 128
    shfl v41, sid, v34
    global_store32 s15, outp, one, v41   # row 16
    add outp, outp, 128
    mov v41, v32
    shfl v41, v41, v34
    global_store32 s15, outp, one, v41   # row 17
    add outp, outp, 128
    shfl v41, v32, v34[0]
    global_store32 s15, outp, one, v41   # row 18
    add outp, outp, 128
    bcast v41, v32, v34
    global_store32 s15, outp, one, v41   # row 19
    add outp, outp, 128
    bcast v41, v32, 37
    global_store32 s15, outp, one, v41   # row 20
    add outp, outp, 128
    mov v41, v32
    bcast v41, v41, v34
    global_store32 s15, outp, one, v41   # row 21
    add outp, outp, 128
    sig_wait s15
    end
