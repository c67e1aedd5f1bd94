# SPDX-License-Identifier: Apache-2.0
# reduce_f32: partial sums of an f32 array in a fixed, documented order; run
# twice it sums a whole array (test_reduce_f32 in tb/kernels/ does so).
#
# Arguments: in, out (byte addresses of f32 arrays), n (elements), per_group
# (elements per group, a multiple of 32, at least 32).
# Launch: groups of 1 wave; group g writes out[g] = the sum of
# in[g*per_group .. min(n, (g+1)*per_group) - 1] computed as:
#   lane l: acc = 0.0f; for k = 0 .. per_group/32 - 1 in order:
#             acc = acc + (i < n ? in[i] : 0.0f), i = g*per_group + 32k + l
#           (add_f32, one rounding each);
#   then red8_add_f32 and redfin_add_f32 over the 32 lanes (the tree of
#   docs/isa.md 4.4): out[g] = (c0 + c8) + (c16 + c24), where c8j is
#   ((a0+a1)+(a2+a3)) + ((a4+a5)+(a6+a7)) of lanes 8j..8j+7.
# The whole sum: a first launch over the array with G groups writes G partial
# sums, a second launch with 1 group, in = the partials, n = G, per_group =
# 32*ceil(G/32), combines them.
# run: --groups 12 --buf in:f32=f32:3136:5000:0.5:2. --buf out:f32=const:76:0xCDCDCDCD
# run: --args in,out,3000,256
.waves 1

.alias inp,   v16
.alias outp,  v17
.alias n,     v18
.alias per,   v19
.alias ok,    v20       # mask: i < n
.alias lane0, v21       # mask: lane 0
.alias i,     v22
.alias addr,  v23
.alias count, v24       # chunks left (lane 0)
.alias x,     v32
.alias acc,   v33
.alias tmp,   v34

    global_load32 s0, inp, one, args
    add tmp, args, 4
    global_load32 s1, outp, one, tmp
    add tmp, args, 8
    global_load32 s2, n, one, tmp
    add tmp, args, 12
    global_load32 s3, per, one, tmp
    eq lane0, sid, 0
    mov acc, 0.0
    mov count, 0                            # scalar: every lane defined
    sig_waitall4 s0, s1, s2, s3

    mul_lo i, group, per
    add i, i, sid                           # i = group*per_group + lane
    s_shr_u32 count, per, 5                 # per_group / 32 chunks
loop:
    lt_u32 ok, i, n
    mov x, 0.0                              # lanes past the end add +0.0
    shl addr, i, 2
    add addr, addr, inp
    global_load32 s0, x, ok, addr
    sig_wait s0
    add_f32 acc, acc, x
    add i, i, 32
    s_sub count, count, 1
    brnz loop, count

    red8_add_f32 acc, acc
    redfin_add_f32 acc, acc
    shl addr, group, 2
    add addr, addr, outp                    # &out[group]
    global_store32 s1, addr, lane0, acc
    sig_wait s1
    end
