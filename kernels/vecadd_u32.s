# SPDX-License-Identifier: Apache-2.0
# vecadd_u32: c[i] = a[i] + b[i] (u32, modulo 2^32) for i = 0..n-1.
#
# Arguments: c, a, b (byte addresses of u32 arrays), n (elements, any value).
# Launch: ceil(n/32) groups of 1 wave. Wave w handles i = w*32 + lane; the
# tail lanes with i >= n are masked off, so nothing at or past a[n], b[n],
# c[n] is read or written.
# run: --groups 125 --buf c=const:4064:0xCDCDCDCD --buf a=u32:4064:2001 --buf b=u32:4064:2002
# run: --args c,a,b,4000
.waves 1

.alias cp,   v16        # arguments (every lane holds the value)
.alias ap,   v17
.alias bp,   v18
.alias n,    v19
.alias ok,   v20        # mask: i < n (must be v0..v31)
.alias i,    v21
.alias off,  v22        # 4*i
.alias addr, v23
.alias av,   v32
.alias bv,   v33
.alias tmp,  v34

    global_load32 s0, cp, one, args
    add tmp, args, 4
    global_load32 s1, ap, one, tmp
    add tmp, args, 8
    global_load32 s2, bp, one, tmp
    add tmp, args, 12
    global_load32 s3, n, one, tmp
    shl i, wave, 5
    add i, i, sid                           # i = wave*32 + lane
    shl off, i, 2
    mov av, 0                               # defined values in the masked-off lanes
    mov bv, 0
    sig_waitall4 s0, s1, s2, s3

    lt_u32 ok, i, n                         # the tail mask
    add addr, ap, off
    global_load32 s0, av, ok, addr
    add addr, bp, off
    global_load32 s1, bv, ok, addr
    add addr, cp, off
    sig_waitall2 s0, s1
    add av, av, bv
    global_store32 s2, addr, ok, av
    sig_wait s2
    end
