# SPDX-License-Identifier: Apache-2.0
# dt_consts: the values of the 16 constants v0..v15 (docs/isa.md 1.2).
# Directed-test layout (tb/kernels/harness.c, dt_run): arguments out, in, in_stride,
# out_stride. Wave w reads input row r (32 words, one per lane) at
# in + w*in_stride + 128*r and writes output row r at out + w*out_stride + 128*r.
# No input rows. Arguments: out, in, in_stride, out_stride, magic (the fifth
# word, read back through `args`). Declared with 2-wave groups; the test also
# launches it with 1-wave groups.
# run: --groups 4 --buf out=const:4352:0xCDCDCDCD --buf in=zeros:16
# run: --args out,in,0,2176,0x5EED1234
.waves 2
# Output rows:
#    0: v0 (zero), every lane
#    1: v1 (one), every lane
#    2: v2 (sid), every lane
#    3: v3 (wave), every lane
#    4: v4 (u8_max), every lane
#    5: v5 (n2nd), every lane
#    6: v6 (n3rd), every lane
#    7: v7 (n4th), every lane
#    8: v8 (lo16), every lane
#    9: v9 (ch2), every lane
#   10: v10 (ch4), every lane
#   11: v11 (alo8), every lane
#   12: v12 (group), every lane
#   13: v13 (group_wave), every lane
#   14: v14 (num_groups), every lane
#   15: v15 (args), every lane
#   16: the word at args+16 (the fifth argument)
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
    global_store32 s15, outp, one, zero   # row 0
    add outp, outp, 128
    global_store32 s15, outp, one, one   # row 1
    add outp, outp, 128
    global_store32 s15, outp, one, sid   # row 2
    add outp, outp, 128
    global_store32 s15, outp, one, wave   # row 3
    add outp, outp, 128
    global_store32 s15, outp, one, u8_max   # row 4
    add outp, outp, 128
    global_store32 s15, outp, one, n2nd   # row 5
    add outp, outp, 128
    global_store32 s15, outp, one, n3rd   # row 6
    add outp, outp, 128
    global_store32 s15, outp, one, n4th   # row 7
    add outp, outp, 128
    global_store32 s15, outp, one, lo16   # row 8
    add outp, outp, 128
    global_store32 s15, outp, one, ch2   # row 9
    add outp, outp, 128
    global_store32 s15, outp, one, ch4   # row 10
    add outp, outp, 128
    global_store32 s15, outp, one, alo8   # row 11
    add outp, outp, 128
    global_store32 s15, outp, one, group   # row 12
    add outp, outp, 128
    global_store32 s15, outp, one, group_wave   # row 13
    add outp, outp, 128
    global_store32 s15, outp, one, num_groups   # row 14
    add outp, outp, 128
    global_store32 s15, outp, one, args   # row 15
    add outp, outp, 128
    add v40, args, 16
    global_load32 s0, v41, one, v40          # the fifth argument word
    sig_wait s0
    global_store32 s15, outp, one, v41   # row 16
    add outp, outp, 128
    sig_wait s15
    end
