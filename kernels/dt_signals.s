# SPDX-License-Identifier: Apache-2.0
# dt_signals: signal slots (docs/isa.md 4.8): sig_wait, sig_waitall2/3/4,
# sig_done1/2 (1 once the slot is done; only lane 0 written), polling with
# sig_done, reissue onto a pending slot, a store waited on then loaded back.
# Directed-test layout (tb/kernels/harness.c, dt_run): arguments out, in, in_stride,
# out_stride. Wave w reads input row r (32 words, one per lane) at
# in + w*in_stride + 128*r and writes output row r at out + w*out_stride + 128*r.
# Inputs: rows 0..3 = A, B, C, D.
# run: --groups 8 --buf out=const:3328:0xCDCDCDCD --buf in=u32:1024:71 --args out,in,512,1664
.waves 1
# Output rows:
#    0: loads on s1..s4, sig_waitall4: A + B + C + D
#    1: D = 0x77; sig_done2 D, s1, s4 after the wait: lane 0 = 1
#    2: D = 0x77; sig_done1 D, s9 (never used): lane 0 = 1
#    3: loads on s5..s7, sig_waitall3: (A ^ B) + C
#    4: loads on s8, s10, sig_waitall2: A * D
#    5: load on s11, sig_wait: B
#    6: D = 0x77; sig_done1 D, s11 after its wait: lane 0 = 1
#    7: load on s12, polled with sig_done1 until done (which releases v44): C
#    8: loads on s12, s13, polled with sig_done2: C + D
#    9: two loads on s14 (the second waits for the first): A - B
#   10: A stored on s1, waited, then loaded back
#   11: the value loaded back from the previous row, + 1: A + 1
#   12: D = 0x77; sig_done1 D, s1 after the store's wait: lane 0 = 1
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
    mov v50, inp                             # input row 0 (A)
    add v51, inp, 128                        # input row 1 (B)
    add v52, inp, 256                        # input row 2 (C)
    add v53, inp, 384                        # input row 3 (D)
    global_load32 s1, v32, one, v50
    global_load32 s2, v33, one, v51
    global_load32 s3, v34, one, v52
    global_load32 s4, v35, one, v53
    sig_waitall4 s1, s2, s3, s4
    add v41, v32, v33
    add v41, v41, v34
    add v41, v41, v35
    global_store32 s15, outp, one, v41   # row 0
    add outp, outp, 128
    mov v41, 0x77
    sig_done2 v41, s1, s4
    global_store32 s15, outp, one, v41   # row 1
    add outp, outp, 128
    mov v41, 0x77
    sig_done1 v41, s9
    global_store32 s15, outp, one, v41   # row 2
    add outp, outp, 128
    global_load32 s5, v36, one, v50
    global_load32 s6, v37, one, v51
    global_load32 s7, v38, one, v52
    sig_waitall3 s5, s6, s7
    xor v41, v36, v37
    add v41, v41, v38
    global_store32 s15, outp, one, v41   # row 3
    add outp, outp, 128
    global_load32 s8, v39, one, v50
    global_load32 s10, v42, one, v53
    sig_waitall2 s8, s10
    mul_lo v41, v39, v42
    global_store32 s15, outp, one, v41   # row 4
    add outp, outp, 128
    global_load32 s11, v43, one, v51
    sig_wait s11
    global_store32 s15, outp, one, v43   # row 5
    add outp, outp, 128
    mov v41, 0x77
    sig_done1 v41, s11
    global_store32 s15, outp, one, v41   # row 6
    add outp, outp, 128
    mov v45, 0
    global_load32 s12, v44, one, v52
poll1:
    sig_done1 v45, s12
    brz poll1, v45
    global_store32 s15, outp, one, v44   # row 7
    add outp, outp, 128
    global_load32 s12, v46, one, v52
    global_load32 s13, v47, one, v53
poll2:
    sig_done2 v45, s12, s13
    brz poll2, v45
    add v41, v46, v47
    global_store32 s15, outp, one, v41   # row 8
    add outp, outp, 128
    global_load32 s14, v48, one, v50
    global_load32 s14, v49, one, v51           # reissue on the pending s14: waits for it, releases v48
    sig_wait s14
    sub v41, v48, v49
    global_store32 s15, outp, one, v41   # row 9
    add outp, outp, 128
    global_store32 s1, outp, one, v32
    sig_wait s1
    global_load32 s2, v54, one, outp
    sig_wait s2
    add outp, outp, 128                     # row 10 done
    add v41, v54, 1
    global_store32 s15, outp, one, v41   # row 11
    add outp, outp, 128
    mov v41, 0x77
    sig_done1 v41, s1
    global_store32 s15, outp, one, v41   # row 12
    add outp, outp, 128
    sig_wait s15
    end
