# SPDX-License-Identifier: Apache-2.0
# dt_branch: every branch (docs/isa.md 4.5), taken and not taken, loops with
# backward branches, and nop (end with stores in flight: dt_end.s).
# Directed-test layout (tb/kernels/harness.c, dt_run): arguments out, in, in_stride,
# out_stride. Wave w reads input row r (32 words, one per lane) at
# in + w*in_stride + 128*r and writes output row r at out + w*out_stride + 128*r.
# Inputs: row 0 = Z (v20: lane 0 zero or not, read in scalar context), row 1 =
# M (v21, mask bits), row 2 = K (v22, loop count in lane 0).
# Each branch test computes 0x100, then +1 on the fall-through path only, then
# +2 at the target: 0x102 when taken, 0x103 when not.
# Inputs 0..7: Z is zero in some waves and not in others; K (loop count) 0..7.
# run: --groups 8 --buf out=const:5888:0xCDCDCDCD --buf in=u32:768:61:0:7 --args out,in,384,2944
.waves 1
# Output rows:
#    0: br (always taken): 0x102 if taken, 0x103 if not
#    1: brz Z (V kind: lane 0 of Z): 0x102 if taken, 0x103 if not
#    2: brnz Z (V kind): 0x102 if taken, 0x103 if not
#    3: brz Z[0] (S kind): 0x102 if taken, 0x103 if not
#    4: brnz Z[0] (S kind): 0x102 if taken, 0x103 if not
#    5: brz M(~v21) (lane 0's mask): 0x102 if taken, 0x103 if not
#    6: brnz M(v21 & ch2) (lane 0's mask): 0x102 if taken, 0x103 if not
#    7: brz 0 (literal: taken): 0x102 if taken, 0x103 if not
#    8: brnz 0 (literal: not taken): 0x102 if taken, 0x103 if not
#    9: brnz -7 (literal: taken): 0x102 if taken, 0x103 if not
#   10: br_all M(v21): 0x102 if taken, 0x103 if not
#   11: br_all M(~v21): 0x102 if taken, 0x103 if not
#   12: br_all M(v21 & lo16) (never: lanes 16..31 excluded): 0x102 if taken, 0x103 if not
#   13: br_all M(one) (always): 0x102 if taken, 0x103 if not
#   14: br_all M(u8_max & ~zero) (always): 0x102 if taken, 0x103 if not
#   15: br_any M(v21): 0x102 if taken, 0x103 if not
#   16: br_any M(~v21 & alo8): 0x102 if taken, 0x103 if not
#   17: br_any M(zero) (never): 0x102 if taken, 0x103 if not
#   18: br_any M(v21 & ~v21) (never): 0x102 if taken, 0x103 if not
#   19: br_any M(v20 & v21): 0x102 if taken, 0x103 if not
#   20: while (count--) x += 3, count = K[0] & 7: 3*count
#   21: do x += 5 while (--n), n = (K[0] & 7) + 1: 5*n
#   22: mov Z; nop; nop; nop: Z
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
    global_load32 s0, v20, one, inp          # input row 0
    add v60, inp, 128
    global_load32 s1, v21, one, v60          # input row 1
    add v60, inp, 256
    global_load32 s2, v22, one, v60          # input row 2
    sig_waitall3 s0, s1, s2
    mov v41, 0x100
    br skip0
    add v41, v41, 1                        # only when not taken
skip0:
    add v41, v41, 2
    global_store32 s15, outp, one, v41   # row 0
    add outp, outp, 128
    mov v41, 0x100
    brz skip1, v20
    add v41, v41, 1                        # only when not taken
skip1:
    add v41, v41, 2
    global_store32 s15, outp, one, v41   # row 1
    add outp, outp, 128
    mov v41, 0x100
    brnz skip2, v20
    add v41, v41, 1                        # only when not taken
skip2:
    add v41, v41, 2
    global_store32 s15, outp, one, v41   # row 2
    add outp, outp, 128
    mov v41, 0x100
    brz skip3, v20[0]
    add v41, v41, 1                        # only when not taken
skip3:
    add v41, v41, 2
    global_store32 s15, outp, one, v41   # row 3
    add outp, outp, 128
    mov v41, 0x100
    brnz skip4, v20[0]
    add v41, v41, 1                        # only when not taken
skip4:
    add v41, v41, 2
    global_store32 s15, outp, one, v41   # row 4
    add outp, outp, 128
    mov v41, 0x100
    brz skip5, ~v21
    add v41, v41, 1                        # only when not taken
skip5:
    add v41, v41, 2
    global_store32 s15, outp, one, v41   # row 5
    add outp, outp, 128
    mov v41, 0x100
    brnz skip6, v21 & ch2
    add v41, v41, 1                        # only when not taken
skip6:
    add v41, v41, 2
    global_store32 s15, outp, one, v41   # row 6
    add outp, outp, 128
    mov v41, 0x100
    brz skip7, 0
    add v41, v41, 1                        # only when not taken
skip7:
    add v41, v41, 2
    global_store32 s15, outp, one, v41   # row 7
    add outp, outp, 128
    mov v41, 0x100
    brnz skip8, 0
    add v41, v41, 1                        # only when not taken
skip8:
    add v41, v41, 2
    global_store32 s15, outp, one, v41   # row 8
    add outp, outp, 128
    mov v41, 0x100
    brnz skip9, -7
    add v41, v41, 1                        # only when not taken
skip9:
    add v41, v41, 2
    global_store32 s15, outp, one, v41   # row 9
    add outp, outp, 128
    mov v41, 0x100
    br_all skip10, v21
    add v41, v41, 1                        # only when not taken
skip10:
    add v41, v41, 2
    global_store32 s15, outp, one, v41   # row 10
    add outp, outp, 128
    mov v41, 0x100
    br_all skip11, ~v21
    add v41, v41, 1                        # only when not taken
skip11:
    add v41, v41, 2
    global_store32 s15, outp, one, v41   # row 11
    add outp, outp, 128
    mov v41, 0x100
    br_all skip12, v21 & lo16
    add v41, v41, 1                        # only when not taken
skip12:
    add v41, v41, 2
    global_store32 s15, outp, one, v41   # row 12
    add outp, outp, 128
    mov v41, 0x100
    br_all skip13, one
    add v41, v41, 1                        # only when not taken
skip13:
    add v41, v41, 2
    global_store32 s15, outp, one, v41   # row 13
    add outp, outp, 128
    mov v41, 0x100
    br_all skip14, u8_max & ~zero
    add v41, v41, 1                        # only when not taken
skip14:
    add v41, v41, 2
    global_store32 s15, outp, one, v41   # row 14
    add outp, outp, 128
    mov v41, 0x100
    br_any skip15, v21
    add v41, v41, 1                        # only when not taken
skip15:
    add v41, v41, 2
    global_store32 s15, outp, one, v41   # row 15
    add outp, outp, 128
    mov v41, 0x100
    br_any skip16, ~v21 & alo8
    add v41, v41, 1                        # only when not taken
skip16:
    add v41, v41, 2
    global_store32 s15, outp, one, v41   # row 16
    add outp, outp, 128
    mov v41, 0x100
    br_any skip17, zero
    add v41, v41, 1                        # only when not taken
skip17:
    add v41, v41, 2
    global_store32 s15, outp, one, v41   # row 17
    add outp, outp, 128
    mov v41, 0x100
    br_any skip18, v21 & ~v21
    add v41, v41, 1                        # only when not taken
skip18:
    add v41, v41, 2
    global_store32 s15, outp, one, v41   # row 18
    add outp, outp, 128
    mov v41, 0x100
    br_any skip19, v20 & v21
    add v41, v41, 1                        # only when not taken
skip19:
    add v41, v41, 2
    global_store32 s15, outp, one, v41   # row 19
    add outp, outp, 128
    # a while loop: brz forward out of it, br backward to its top
    mov v42, 0                              # scalar registers: every lane defined
    s_and v42, v22, 7                       # count = K[0] & 7
    mov v41, 0
while_top:
    brz while_end, v42
    add v41, v41, 3
    s_sub v42, v42, 1
    br while_top
while_end:
    global_store32 s15, outp, one, v41   # row 20
    add outp, outp, 128
    # a do-while loop: brnz backward
    s_and v42, v22, 7
    s_add v42, v42, 1                       # count + 1 >= 1 iterations
    mov v41, 0
do_top:
    add v41, v41, 5
    s_sub v42, v42, 1
    brnz do_top, v42
    global_store32 s15, outp, one, v41   # row 21
    add outp, outp, 128
    mov v41, v20
    nop
    nop
    nop
    global_store32 s15, outp, one, v41   # row 22
    add outp, outp, 128
    sig_wait s15
    end
