# SPDX-License-Identifier: Apache-2.0
# bench_copy: a streaming copy, dst[i] = src[i] (make bench, tb/bench/bench_core.c).
# Each wave copies its own contiguous stretch of iters x 512 bytes: per
# iteration 4 loads of 32 words (128 bytes, 2 lines each) in flight, then 4
# stores of the same. Stores of whole lines allocate in the L2 without a read,
# so the DRAM sees each source line read once and each destination line
# written once.
# Arguments: src, dst (64-byte aligned), iters (per wave, >= 1).
# Launch: any number of groups of 2 waves; wave w copies bytes
# [w * iters * 512, (w + 1) * iters * 512).
# run: --groups 16 --buf src=u32:65536:1 --buf dst=zeros:65536 --args src,dst,16
.waves 2

.alias src,  v16
.alias dst,  v17
.alias n,    v18
.alias off,  v19
.alias a,    v24
.alias b,    v25
.alias tmp,  v26
.alias x0,   v32
.alias x1,   v33
.alias x2,   v34
.alias x3,   v35

    global_load32 s0, src, one, args
    add tmp, args, 4
    global_load32 s1, dst, one, tmp
    add tmp, args, 8
    global_load32 s2, n, one, tmp
    sig_waitall3 s0, s1, s2
    mul_lo off, wave, n
    shl off, off, 9                 # wave * iters * 512
    shl tmp, sid, 2
    add off, off, tmp               # + 4 * lane
loop:
    add a, src, off
    global_load32 s0, x0, one, a
    add a, a, 128
    global_load32 s1, x1, one, a
    add a, a, 128
    global_load32 s2, x2, one, a
    add a, a, 128
    global_load32 s3, x3, one, a
    add b, dst, off
    sig_wait s0
    global_store32 s4, b, one, x0
    add b, b, 128
    sig_wait s1
    global_store32 s5, b, one, x1
    add b, b, 128
    sig_wait s2
    global_store32 s6, b, one, x2
    add b, b, 128
    sig_wait s3
    global_store32 s7, b, one, x3
    add off, off, 512
    s_sub n, n, 1
    brnz loop, n
    sig_waitall4 s4, s5, s6, s7
    end
