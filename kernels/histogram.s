# SPDX-License-Identifier: Apache-2.0
# histogram: hist[in[i] & 63] += 1 for i = 0..n-1 (64 u32 bins).
#
# Arguments: in (byte address of u32 values), n (elements), hist (byte
# address of 64 u32 bins, which the host initialises; the counts are added),
# per_group (elements per group, a multiple of 64, at least 64).
# Launch: ceil(n/per_group) groups of 2 waves. Group g counts
# in[g*per_group .. min(n, (g+1)*per_group) - 1]:
#   1. each wave zeroes 32 bins of the group's LDS histogram; barrier;
#   2. wave w takes i = g*per_group + 64k + 32w + lane, k = 0, 1, ..., and
#      does local_atomic_add noret on bin in[i] & 63 (lanes with i >= n are
#      masked off);
#   3. barrier; wave w adds LDS bins 32w..32w+31 to hist with
#      global_atomic_add noret (only nonzero bins).
# The global atomics of different groups contend on the same bins; they do
# not return values, so the result does not depend on their order.
# LDS: bin b at 4b.
# ref: python3 scripts/ref/histogram.py 3000 256
# run: --groups 12 --buf in=file:build/ref/histogram_in.npy
# run: --buf hist=file:build/ref/histogram_hist0.npy
# run: --args in,3000,hist,256 --expect hist=build/ref/histogram_hist.npy
.waves 2
.lds 256

.alias inp,   v16
.alias n,     v17
.alias histp, v18
.alias per,   v19
.alias ok,    v20       # masks
.alias nz,    v21
.alias i,     v22
.alias addr,  v23
.alias count, v24
.alias bin,   v25
.alias own,   v26       # 4*(32*group_wave + lane): this lane's bin in phases 1 and 3
.alias x,     v32
.alias cnt,   v33
.alias tmp,   v34

    global_load32 s0, inp, one, args
    add tmp, args, 4
    global_load32 s1, n, one, tmp
    add tmp, args, 8
    global_load32 s2, histp, one, tmp
    add tmp, args, 12
    global_load32 s3, per, one, tmp
    mov count, 0                            # scalar: every lane defined
    shl own, group_wave, 5
    add own, own, sid
    shl own, own, 2
    local_store32 own, one, 0               # 1. zero the LDS histogram
    sig_waitall4 s0, s1, s2, s3
    barrier

    mul_lo i, group, per
    shl tmp, group_wave, 5
    add i, i, tmp
    add i, i, sid                           # i = group*per_group + 32*group_wave + lane
    s_shr_u32 count, per, 6                 # per_group / 64 steps
loop:                                       # 2. count into the LDS
    lt_u32 ok, i, n
    mov x, 0
    shl addr, i, 2
    add addr, addr, inp
    global_load32 s0, x, ok, addr
    sig_wait s0
    and bin, x, 63
    shl bin, bin, 2
    local_atomic_add tmp, ok, bin, 1 noret
    add i, i, 64
    s_sub count, count, 1
    brnz loop, count

    barrier
    local_load32 cnt, one, own              # 3. merge into the global histogram
    ne nz, cnt, 0
    add addr, histp, own
    global_atomic_add s1, tmp, nz, addr, cnt noret
    sig_wait s1
    end
