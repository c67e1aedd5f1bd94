# SPDX-License-Identifier: Apache-2.0
# dt_sig_waitany: sig_waitany2_br / 3 / 4 (docs/isa.md 4.8): wait for any of
# the listed signal slots, then branch to target + i, i the first listed slot
# that is done; the slots seen done release their pending registers.
# Directed-test layout (tb/kernels/harness.c, dt_run): arguments out, in, in_stride,
# out_stride. Wave w reads input row r (32 words, one per lane) at
# in + w*in_stride + 128*r and writes output row r at out + w*out_stride + 128*r.
# Inputs: rows 0..3 = A, B, C, D.
# Rows 2, 3, 5 and 6 record which slot a sig_waitany found done first: that
# depends on memory timing, which the golden model alone does not share.
# run: --groups 8 --buf out=const:1792:0xCDCDCDCD --buf in=u32:1024:72 --args out,in,512,896
# run: --golden-check off
.waves 1
# Output rows:
#    0: sig_waitany2_br on two slots never used (both done): entry 0, 0x100
#    1: sig_waitany3_br on s11 (never used), then s0 and s1 with loads in
#       flight: entry 0 whatever the loads do, 0x110
#    2: sig_waitany3_br on three loads in flight (A on s1, B on s2, C on s3,
#       issued last to first): 0x120 + i for the entry i taken (timing
#       decides; loads complete in order, so usually 2)
#    3: ... and the value its handler read from the load of its slot, whose
#       register the instruction released: A, B or C as row 2 says
#    4: a stream of A, B, C, D through two buffers (s4, s5), each refilled as
#       sig_waitany2_br finds it loaded: A + B + C + D
#    5: the number of times each buffer's handler ran: s4's + 256 * s5's
#       (their sum is 4; the split depends on timing)
#    6: sig_waitany4_br on a load the L1 can serve (s14, issued first) and
#       atomics behind it (add 0 to row D, performed at the L2) on s12, s13,
#       s15: 0x160 + i for the entry i taken (usually 2, the load)
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

    # ---- row 0: both slots done
    sig_waitany2_br t0, s9, s10
t0: br r0_0
    br r0_1
r0_0:
    mov v20, 0x100
    br r0_end
r0_1:
    mov v20, 0x101
r0_end:
    global_store32 s6, outp, one, v20

    # ---- row 1: the first listed slot is done, the others are in flight
    global_load32 s0, v30, one, v50
    global_load32 s1, v31, one, v51
    sig_waitany3_br t1, s11, s0, s1
t1: br r1_0
    br r1_1
    br r1_2
r1_0:
    mov v21, 0x110
    br r1_end
r1_1:
    mov v21, 0x111
    br r1_end
r1_2:
    mov v21, 0x112
r1_end:
    sig_waitall2 s0, s1
    add v22, outp, 128
    global_store32 s7, v22, one, v21

    # ---- rows 2 and 3: three loads in flight; the handler reads its own slot's register
    global_load32 s3, v34, one, v52
    global_load32 s2, v33, one, v51
    global_load32 s1, v32, one, v50
    sig_waitany3_br t2, s1, s2, s3
t2: br r2_0
    br r2_1
    br r2_2
r2_0:
    mov v23, 0x120
    mov v24, v32                             # s1 was seen done: v32 is no longer pending
    br r2_end
r2_1:
    mov v23, 0x121
    mov v24, v33
    br r2_end
r2_2:
    mov v23, 0x122
    mov v24, v34
r2_end:
    sig_waitall3 s1, s2, s3
    add v22, outp, 256
    global_store32 s8, v22, one, v23
    add v22, outp, 384
    global_store32 s9, v22, one, v24

    # ---- rows 4 and 5: a stream of four rows through two buffers
    .alias acc,  v25
    .alias next, v26                         # the next input row to load (2, 3, then 4 = none)
    .alias cnt4, v27
    .alias cnt5, v28
    mov acc, 0
    mov next, 2
    mov cnt4, 0
    mov cnt5, 0
    global_load32 s4, v40, one, v50          # buffer s4: row 0
    global_load32 s5, v41, one, v51          # buffer s5: row 1
wait:
    sig_waitany2_br t3, s4, s5
t3: br got4
    br got5
got4:
    add acc, acc, v40
    add cnt4, cnt4, 1
    eq v29, next, 4
    brnz last4, v29[0]
    shl v29, next, 7
    add v29, v29, v50
    global_load32 s4, v40, one, v29          # refill s4 with row next
    add next, next, 1
    br wait
last4:                                       # nothing left to load: s5 holds the last row
    sig_wait s5
    add acc, acc, v41
    add cnt5, cnt5, 1
    br stream_end
got5:
    add acc, acc, v41
    add cnt5, cnt5, 1
    eq v29, next, 4
    brnz last5, v29[0]
    shl v29, next, 7
    add v29, v29, v50
    global_load32 s5, v41, one, v29          # refill s5 with row next
    add next, next, 1
    br wait
last5:
    sig_wait s4
    add acc, acc, v40
    add cnt4, cnt4, 1
stream_end:
    add v22, outp, 512
    global_store32 s10, v22, one, acc
    shl v29, cnt5, 8
    add v29, v29, cnt4
    add v22, outp, 640
    global_store32 s11, v22, one, v29

    # ---- row 6: slow atomics and a load the L1 can serve
    global_load32 s14, v37, one, v52         # C: its line comes into the L1
    sig_wait s14
    global_load32 s14, v37, one, v52         # C again: an L1 hit, issued first
    global_atomic_add s12, v39, one, v53, 0 noret
    global_atomic_add s13, v38, one, v53, 0 noret
    global_atomic_add s15, v35, one, v53, 0 noret
    sig_waitany4_br t4, s12, s13, s14, s15
t4: br r6_0
    br r6_1
    br r6_2
    br r6_3
r6_0:
    mov v36, 0x160
    br r6_end
r6_1:
    mov v36, 0x161
    br r6_end
r6_2:
    mov v36, 0x162
    br r6_end
r6_3:
    mov v36, 0x163
r6_end:
    sig_waitall4 s12, s13, s14, s15
    add v22, outp, 768
    global_store32 s12, v22, one, v36
    sig_waitall4 s6, s7, s8, s9
    sig_waitall3 s10, s11, s12
    end
