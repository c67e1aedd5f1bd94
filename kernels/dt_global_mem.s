# SPDX-License-Identifier: Apache-2.0
# dt_global_mem: global_load32 / global_store32 (docs/isa.md 4.7) with masks,
# same-word stores (the highest lane wins), every scope and nt modifier (no
# observable effect without caches, but they must assemble and run), and
# cache_inv_l1 / cache_wb_l2 completing through their signal.
# Directed-test layout (tb/kernels/harness.c, dt_run): arguments out, in, in_stride,
# out_stride. Wave w reads input row r (32 words, one per lane) at
# in + w*in_stride + 128*r and writes output row r at out + w*out_stride + 128*r.
# Inputs: row 0 = A (v32), row 1 = B (v33), row 2 = M (v20, mask bits),
# row 3 = W (v34, word indices). Output rows start as the host's fill pattern.
# run: --groups 8 --buf out=const:3840:0xCDCDCDCD --buf in=u32:1024:101 --args out,in,512,1920
.waves 1
# Output rows:
#    0: every lane stores A to word l & 3: the highest lane wins (A[28..31]); words 4..31 untouched
#    1: lanes of M(v20) store A to word W & 7: the highest such lane wins; others untouched
#    2: store A masked by M(v20): others untouched
#    3: D = B; load A masked by M(v20 & ~lo16): mask ? A : B
#    4: load A sc:wave, store A + 1 sc:wave
#    5: load A sc:group, store A + 2 sc:group nt
#    6: load A sc:device nt, store A + 3 sc:device
#    7: load A sc:system, store A + 4 sc:system nt
#    8: load A nt, store A + 5 nt
#    9: cache_inv_l1 s3, sig_wait s3; D = 0x77; sig_done1 D, s3: lane 0 = 1
#   10: B stored sc:device, waited; cache_wb_l2, cache_inv_l1 (both waited)
#   11: the previous row loaded back sc:system, xor 0xFFFF: B ^ 0xFFFF
#   12: D = 0x77; sig_done1 D, s5 (the cache_wb_l2) after its wait: lane 0 = 1
#   13: D = 0x77; sig_done2 D, s3, s6 (the cache_inv_l1s) after their waits: lane 0 = 1
#   14: D = 0x77; cache_wb_l2 s8 polled with sig_done1 D, s8 until done: lane 0 = 1
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
    global_load32 s2, v20, one, v60          # input row 2
    add v60, inp, 384
    global_load32 s3, v34, one, v60          # input row 3
    sig_waitall4 s0, s1, s2, s3
    shl v43, sid, 2
    sub v44, outp, v43
    and v45, sid, 3
    shl v45, v45, 2
    add v44, v44, v45
    global_store32 s15, v44, one, v32
    add outp, outp, 128                     # row 0 done
    sub v44, outp, v43
    and v45, v34, 7
    shl v45, v45, 2
    add v44, v44, v45
    global_store32 s15, v44, v20, v32
    add outp, outp, 128                     # row 1 done
    global_store32 s15, outp, v20, v32
    add outp, outp, 128                     # row 2 done
    mov v41, v33
    global_load32 s1, v41, v20 & ~lo16, inp
    sig_wait s1
    global_store32 s15, outp, one, v41   # row 3
    add outp, outp, 128
    global_load32 s1, v41, one, inp sc:wave
    sig_wait s1
    add v41, v41, 1
    global_store32 s15, outp, one, v41 sc:wave   # row 4
    add outp, outp, 128
    global_load32 s1, v41, one, inp sc:group
    sig_wait s1
    add v41, v41, 2
    global_store32 s15, outp, one, v41 sc:group nt   # row 5
    add outp, outp, 128
    global_load32 s1, v41, one, inp sc:device nt
    sig_wait s1
    add v41, v41, 3
    global_store32 s15, outp, one, v41 sc:device   # row 6
    add outp, outp, 128
    global_load32 s1, v41, one, inp sc:system
    sig_wait s1
    add v41, v41, 4
    global_store32 s15, outp, one, v41 sc:system nt   # row 7
    add outp, outp, 128
    global_load32 s1, v41, one, inp nt
    sig_wait s1
    add v41, v41, 5
    global_store32 s15, outp, one, v41 nt   # row 8
    add outp, outp, 128
    cache_inv_l1 s3
    sig_wait s3
    mov v41, 0x77
    sig_done1 v41, s3
    global_store32 s15, outp, one, v41   # row 9
    add outp, outp, 128
    global_store32 s4, outp, one, v33 sc:device
    sig_wait s4
    cache_wb_l2 s5
    sig_wait s5
    cache_inv_l1 s6
    sig_wait s6
    global_load32 s7, v46, one, outp sc:system
    sig_wait s7
    add outp, outp, 128                     # row 10 done
    xor v41, v46, 0xFFFF
    global_store32 s15, outp, one, v41   # row 11
    add outp, outp, 128
    mov v41, 0x77
    sig_done1 v41, s5
    global_store32 s15, outp, one, v41   # row 12
    add outp, outp, 128
    mov v41, 0x77
    sig_done2 v41, s3, s6
    global_store32 s15, outp, one, v41   # row 13
    add outp, outp, 128
    mov v45, 0x77
    cache_wb_l2 s8
poll:
    sig_done1 v45, s8
    brz poll, v45
    global_store32 s15, outp, one, v45   # row 14
    add outp, outp, 128
    sig_wait s15
    end
