# SPDX-License-Identifier: Apache-2.0
# atomic_contend: every lane of every wave adds to the same counters, iters
# times: global_atomic_add noret of 1 to ctr[0], of its lane id + 1 to ctr[1],
# and a global_atomic_xor noret of (wave << 5 | lane) to ctr[2]; with ret = 1
# it also takes tickets with a returning global_atomic_add of 1 to ctr[3],
# stored to tickets[(wave * iters + i) * 32 + lane]. All the atomics of a
# launch contend on one line from every CU.
# Arguments: ctr, tickets, iters (>= 1), ret (0 or 1).
# Launch: any number of groups of 2 waves.
# With ret = 1 the tickets (old values of ctr[3]) depend on the order in which
# the CUs' atomics reach the L2, which the golden model alone does not share.
# run: --groups 8 --buf ctr=zeros:16 --buf tickets=const:4096:0xCDCDCDCD --args ctr,tickets,8,1
# run: --golden-check off
.waves 2

.alias ctr,  v16
.alias tk,   v17
.alias n,    v18
.alias ret,  v19
.alias a1,   v20
.alias a2,   v21
.alias a3,   v22
.alias lid,  v23
.alias id,   v24
.alias t,    v25
.alias out,  v26
.alias tmp,  v27

    global_load32 s0, ctr, one, args
    add tmp, args, 4
    global_load32 s1, tk, one, tmp
    add tmp, args, 8
    global_load32 s2, n, one, tmp
    add tmp, args, 12
    global_load32 s3, ret, one, tmp
    sig_waitall4 s0, s1, s2, s3
    add a1, ctr, 4
    add a2, ctr, 8
    add a3, ctr, 12
    add lid, sid, 1
    shl id, wave, 5
    or id, id, sid
    mul_lo out, wave, n
    shl out, out, 5
    add out, out, sid
    shl out, out, 2
    add out, out, tk                     # &tickets[(wave * iters) * 32 + lane]
loop:
    global_atomic_add s4, tmp, one, ctr, one noret
    global_atomic_add s5, tmp, one, a1, lid noret
    global_atomic_xor s6, tmp, one, a2, id noret
    brz skip, ret
    global_atomic_add s7, t, one, a3, one
    sig_wait s7
    global_store32 s8, out, one, t
    sig_wait s8
skip:
    add out, out, 128
    s_sub n, n, 1
    brnz loop, n
    sig_waitall3 s4, s5, s6
    end
