# SPDX-License-Identifier: Apache-2.0
# saxpy_f32: y[i] = a*x[i] + y[i] for i = 0..n-1, f32, in place.
#
# a*x + y is one fma_f32 (a single rounding, like C's fmaf(a, x[i], y[i])),
# not a multiply and an add.
#
# Arguments: y, x (byte addresses of f32 arrays), a (f32 bit pattern), n.
# Launch: ceil(n/64) groups of 2 waves. Wave w (the task-wide id, 2*group +
# group_wave) handles i = w*32 + lane; lanes with i >= n are masked off.
# run: --groups 63 --buf y:f32=f32:4064:3001:0.5:2. --buf x:f32=f32:4064:3002:0.5:2.
# run: --args y,x,-0.75,4000
.waves 2

.alias yp,   v16
.alias xp,   v17
.alias a,    v18
.alias n,    v19
.alias ok,   v20        # mask: i < n
.alias i,    v21
.alias off,  v22
.alias yaddr, v23
.alias xaddr, v24
.alias xv,   v32
.alias yv,   v33
.alias tmp,  v34

    global_load32 s0, yp, one, args
    add tmp, args, 4
    global_load32 s1, xp, one, tmp
    add tmp, args, 8
    global_load32 s2, a, one, tmp
    add tmp, args, 12
    global_load32 s3, n, one, tmp
    shl i, wave, 5
    add i, i, sid                           # i = wave*32 + lane
    shl off, i, 2
    mov xv, 0
    mov yv, 0
    sig_waitall4 s0, s1, s2, s3

    lt_u32 ok, i, n
    add xaddr, xp, off
    add yaddr, yp, off
    global_load32 s0, xv, ok, xaddr
    global_load32 s1, yv, ok, yaddr
    sig_waitall2 s0, s1
    fma_f32 yv, a, xv, yv                   # a*x + y, one rounding
    global_store32 s2, yaddr, ok, yv
    sig_wait s2
    end
