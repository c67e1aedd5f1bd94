# SPDX-License-Identifier: Apache-2.0
# dt_lds: local_load32 / local_store32 (docs/isa.md 4.6) with offsets, masks,
# address wrap-around, same-word stores (the highest lane wins), and barrier
# in 2-wave groups exchanging data through the LDS and through global memory.
# Directed-test layout (tb/kernels/harness.c, dt_run): arguments out, in, in_stride,
# out_stride. Wave w reads input row r (32 words, one per lane) at
# in + w*in_stride + 128*r and writes output row r at out + w*out_stride + 128*r.
# Inputs: row 0 = A (v32), row 1 = B (v33), row 2 = M (v20, mask bits),
# row 3 = W (v34, word indices), row 4 = P (v35, a permutation of 0..31).
# LDS: wave w of the group uses bytes [1024w, 1024w + 1024) alone; bytes
# 2048..2303 are the exchange area. Around the exchanges wave 1 spins in delay
# loops, so that without each barrier wave 0 would read or overwrite too early.
# ref: python3 scripts/ref/dt_lds.py 8
# run: --groups 8 --buf out=const:6656:0xCDCDCDCD --buf in=file:build/ref/dt_lds_in.npy
# run: --args out,in,640,1664 --expect out=build/ref/dt_lds_out.npy
.waves 2
.lds 4096
# Output rows:
#    0: store A at pb + 4l, load it back: A
#    1: store B at a0 offset:128, load at a0 + 128: B
#    2: load at a0 offset:128: B
#    3: load at (a0 - 65404) offset:65532 (address wraps around 2^32): B
#    4: store B, then A masked by M(v20 & ~lo16), load: mask ? A : B
#    5: D = 0x77; load masked by M(v20) from a0: mask ? A : 0x77
#    6: every lane stores A to word (l & 3): the highest lane wins: A[28 + (l & 3)]
#    7: words 0..7 = B[0..7]; lanes of M(v20) store A to word W & 7; load word l & 7
#    8: scatter A to word P[l] (P a permutation), load word l: A[P^-1[l]]
#    9: (wave 1 late) store A, barrier, (wave 1 late) load the other wave's word: its A
#   10: barrier, (wave 1 late) store B over it, barrier, load the other wave's word: its B
#   11: A stored to global (sc:group), waited, then barrier
#   12: the other wave's previous row, loaded (sc:group) after the barrier: its A
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
    add v60, args, 12
    global_load32 s0, v51, one, v60          # out_stride
    sig_wait s0
    global_load32 s0, v32, one, inp          # input row 0
    add v60, inp, 128
    global_load32 s1, v33, one, v60          # input row 1
    add v60, inp, 256
    global_load32 s2, v20, one, v60          # input row 2
    add v60, inp, 384
    global_load32 s3, v34, one, v60          # input row 3
    sig_waitall4 s0, s1, s2, s3
    add v60, inp, 512
    global_load32 s0, v35, one, v60          # input row 4
    sig_wait s0
    shl v40, group_wave, 10                  # pb: this wave's private 1 KiB
    shl v43, sid, 2
    add v42, v40, v43                        # a0 = pb + 4*lane
    local_store32 v42, one, v32
    local_load32 v41, one, v42
    global_store32 s15, outp, one, v41   # row 0
    add outp, outp, 128
    local_store32 v42, one, v33 offset:128
    add v44, v42, 128
    local_load32 v41, one, v44
    global_store32 s15, outp, one, v41   # row 1
    add outp, outp, 128
    local_load32 v41, one, v42 offset:128
    global_store32 s15, outp, one, v41   # row 2
    add outp, outp, 128
    sub v44, v42, 65404
    local_load32 v41, one, v44 offset:65532
    global_store32 s15, outp, one, v41   # row 3
    add outp, outp, 128
    add v44, v42, 256
    local_store32 v44, one, v33
    local_store32 v44, v20 & ~lo16, v32
    local_load32 v41, one, v44
    global_store32 s15, outp, one, v41   # row 4
    add outp, outp, 128
    mov v41, 0x77
    local_load32 v41, v20, v42
    global_store32 s15, outp, one, v41   # row 5
    add outp, outp, 128
    and v45, sid, 3
    shl v45, v45, 2
    add v45, v45, v40
    local_store32 v45, one, v32 offset:512
    local_load32 v41, one, v45 offset:512
    global_store32 s15, outp, one, v41   # row 6
    add outp, outp, 128
    lt_u32 v21, sid, 8
    and v46, sid, 7
    shl v46, v46, 2
    add v46, v46, v40
    local_store32 v46, v21, v33 offset:576
    and v47, v34, 7
    shl v47, v47, 2
    add v47, v47, v40
    local_store32 v47, v20, v32 offset:576
    local_load32 v41, one, v46 offset:576
    global_store32 s15, outp, one, v41   # row 7
    add outp, outp, 128
    shl v48, v35, 2
    add v48, v48, v40
    local_store32 v48, one, v32 offset:640
    local_load32 v41, one, v42 offset:640
    global_store32 s15, outp, one, v41   # row 8
    add outp, outp, 128
    shl v49, group_wave, 7
    add v49, v49, v43                        # own exchange word: 2048 + 128*group_wave + 4l
    xor v50, group_wave, 1
    shl v50, v50, 7
    add v50, v50, v43                        # the other wave's word
    mov v55, 0
    s_mul_lo v55, group_wave, 40               # delay: 40 iterations in wave 1, none in wave 0
delay1:
    brz delay1_end, v55
    s_sub v55, v55, 1
    br delay1
delay1_end:
    local_store32 v49, one, v32 offset:2048
    barrier
    mov v55, 0
    s_mul_lo v55, group_wave, 40               # delay: 40 iterations in wave 1, none in wave 0
delay2:
    brz delay2_end, v55
    s_sub v55, v55, 1
    br delay2
delay2_end:
    local_load32 v41, one, v50 offset:2048
    global_store32 s15, outp, one, v41   # row 9
    add outp, outp, 128
    barrier
    mov v55, 0
    s_mul_lo v55, group_wave, 40               # delay: 40 iterations in wave 1, none in wave 0
delay3:
    brz delay3_end, v55
    s_sub v55, v55, 1
    br delay3
delay3_end:
    local_store32 v49, one, v33 offset:2048
    barrier
    local_load32 v41, one, v50 offset:2048
    global_store32 s15, outp, one, v41   # row 10
    add outp, outp, 128
    mov v55, 0
    s_mul_lo v55, group_wave, 40               # delay: 40 iterations in wave 1, none in wave 0
delay4:
    brz delay4_end, v55
    s_sub v55, v55, 1
    br delay4
delay4_end:
    global_store32 s1, outp, one, v32 sc:group
    sig_wait s1
    barrier
    sub v53, zero, v51
    select v52, group_wave, v51, v53         # +out_stride for wave 0, -out_stride for wave 1
    add v54, outp, v52
    global_load32 s2, v41, one, v54 sc:group
    sig_wait s2
    add outp, outp, 128                     # row 11 done
    global_store32 s15, outp, one, v41   # row 12
    add outp, outp, 128
    sig_wait s15
    end
