# SPDX-License-Identifier: Apache-2.0
# reduce_u32: *result += in[0] + in[1] + ... + in[n-1] (u32, modulo 2^32).
#
# Arguments: in (byte address of a u32 array), n (elements), result (byte
# address of one u32, which the host initialises).
# Launch: any number of groups of 1 wave (a few is plenty). Wave w sums
# in[i] for i = w*32 + lane + k*32*num_groups, k = 0, 1, ... (a grid-stride
# loop; lanes with i >= n add nothing), reduces its 32 lanes with red8_add
# and redfin_add, and lane 0 adds the wave's sum to *result with a noret
# global atomic (integer addition is associative, so the order in which the
# waves' atomics land does not matter).
# ref: python3 scripts/ref/reduce_u32.py 5003
# run: --groups 8 --buf in=file:build/ref/reduce_u32_in.npy
# run: --buf result=file:build/ref/reduce_u32_result0.npy
# run: --args in,5003,result --expect result=build/ref/reduce_u32_result.npy
.waves 1

.alias inp,    v16
.alias n,      v17
.alias resp,   v18
.alias ok,     v20      # mask: i < n
.alias lane0,  v21      # mask: lane 0
.alias i,      v22
.alias stride, v23      # 32*num_groups
.alias addr,   v24
.alias x,      v32
.alias acc,    v33
.alias tmp,    v34

    global_load32 s0, inp, one, args
    add tmp, args, 4
    global_load32 s1, n, one, tmp
    add tmp, args, 8
    global_load32 s2, resp, one, tmp
    shl i, wave, 5
    add i, i, sid                           # i = wave*32 + lane
    shl stride, num_groups, 5
    eq lane0, sid, 0
    mov acc, 0
    mov x, 0
    sig_waitall3 s0, s1, s2

    lt_u32 ok, i, n
    br_any loop, ok
    br done                                 # this wave has no element
loop:
    mov x, 0                                # lanes past the end add 0
    shl addr, i, 2
    add addr, addr, inp
    global_load32 s0, x, ok, addr
    sig_wait s0
    add acc, acc, x
    add i, i, stride
    lt_u32 ok, i, n
    br_any loop, ok
done:
    red8_add acc, acc                       # lanes 0, 8, 16, 24: sums of 8 lanes
    redfin_add acc, acc                     # lane 0: the wave's sum
    global_atomic_add s1, tmp, lane0, resp, acc noret
    sig_wait s1
    end
