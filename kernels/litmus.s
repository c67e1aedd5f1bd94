# SPDX-License-Identifier: Apache-2.0
# litmus: the memory-model litmus tests of docs/isa.md 7 (tb/test_litmus.c),
# two threads (one wave each, group g = thread g, on 2 CUs), lane 0 working.
# Each iteration uses fresh locations x and y (in different L2 slices); the
# threads meet through a device-scope counter, wait their own start delay,
# run the test, and record what they read. fenced = 1 adds the release /
# acquire sequences of docs/isa.md 7 (or the waits that forbid the outcome).
#   test 0, MP (message passing): T0: x = 1; y = 1. T1: r0 = y; r1 = x.
#     T1 reads x into its L1 first. Fenced: T0 waits for x, stores y with
#     sc:device; T1 reads y with sc:device, then cache_inv_l1, then x.
#   test 1, SB (store buffering): T0: x = 1; r0 = y. T1: y = 1; r0 = x. Each
#     reads what it will read into its L1 first. Fenced: each waits for its
#     store, then loads with sc:device.
#   test 2, LB (load buffering): T0: r0 = x; y = 1. T1: r0 = y; x = 1.
#     Fenced: each waits for its load before its store.
#   test 3, CoRR (read-read coherence): T0: x = 1. T1: r0 = x; r1 = x; in odd
#     iterations T1 reads x into its L1 first. Fenced: T1 reads with sc:device.
#   test 4, 2+2W: T0: x = 1; y = 2. T1: y = 1; x = 2 (the host reads x and y
#     afterwards). Fenced: each waits for its first store.
# Arguments: base (64-byte aligned; 1 KiB per iteration: x at +0, y at +256,
# the meeting counter at +512), iters, fenced (0 or 1), delays (2 words per
# iteration: thread 0's, thread 1's), out (4 words per iteration: thread 0's
# r0, r1, thread 1's r0, r1), test (0..4).
# Launch: 2 groups of 1 wave on 2 CUs.
# Which values the threads read depends on timing (on the RTL, plain MP sees the
# flag with stale data from its L1); the golden model alone runs another interleaving.
# run: --groups 2 --cus 2 --buf base=zeros:10240 --buf delays=u32:80:12345:0:63
# run: --buf out=const:160:0xCDCDCDCD --args base,40,0,delays,out,0 --golden-check off
.waves 1

.alias base, v16
.alias n,    v17
.alias fen,  v18
.alias dly,  v19
.alias l0,   v20        # mask: lane 0
.alias out,  v21
.alias th,   v22        # thread: 0 or 1
.alias i,    v23
.alias x,    v24        # addresses of this iteration
.alias y,    v25
.alias meet, v26
.alias o,    v27
.alias r0,   v28
.alias r1,   v29
.alias t,    v30
.alias d,    v31
.alias tmp,  v32
.alias test, v33

    global_load32 s0, base, one, args
    add tmp, args, 4
    global_load32 s1, n, one, tmp
    add tmp, args, 8
    global_load32 s2, fen, one, tmp
    add tmp, args, 12
    global_load32 s3, dly, one, tmp
    add tmp, args, 16
    global_load32 s4, out, one, tmp
    add tmp, args, 20
    global_load32 s5, test, one, tmp
    sig_waitall4 s0, s1, s2, s3
    sig_waitall2 s4, s5
    eq l0, sid, 0
    mov th, group
    mov i, 0
loop:
    shl tmp, i, 10
    add x, base, tmp
    add y, x, 256
    add meet, x, 512
    shl tmp, i, 1
    add tmp, tmp, th
    shl tmp, tmp, 2
    add tmp, tmp, dly
    global_load32 s5, d, l0, tmp         # this thread's start delay
    shl o, i, 2
    shl tmp, th, 1
    add o, o, tmp
    shl o, o, 2
    add o, o, out                        # &out[i*4 + th*2]
    mov r0, 0
    mov r1, 0
    sig_wait s5

    # Warm the L1 with the location this thread will read (0 in memory).
    eq t, test, 0
    brnz warm_mp, t
    eq t, test, 1
    brnz warm_sb, t
    eq t, test, 3
    brnz warm_corr, t
    br meet_up
warm_mp:                                 # MP: T1 will read x
    brz meet_up, th
    br warm_x
warm_sb:                                 # SB: T0 will read y, T1 x
    brnz warm_x, th
    global_load32 s10, t, l0, y
    sig_wait s10
    br meet_up
warm_corr:                               # CoRR: T1 reads x, odd iterations
    brz meet_up, th
    and t, i, 1
    brz meet_up, t
warm_x:
    global_load32 s10, t, l0, x
    sig_wait s10

meet_up:                                 # both add 1, then wait (device scope) for 2
    global_atomic_add s6, tmp, l0, meet, 1 sc:device noret
    sig_wait s6
spin:
    global_load32 s7, t, l0, meet sc:device
    sig_wait s7
    ne t, t, 2
    brnz spin, t
delay:                                   # then this thread's start delay
    s_sub d, d, 1
    ge_i32 t, d, 0
    brnz delay, t

    eq t, test, 1
    brnz sb, t
    eq t, test, 2
    brnz lb, t
    eq t, test, 3
    brnz corr, t
    eq t, test, 4
    brnz w22, t

mp:
    brnz mp1, th
    global_store32 s10, x, l0, 1         # T0: data
    brz mp0_plain, fen
    sig_wait s10                         # release: the data is at the L2
    global_store32 s11, y, l0, 1 sc:device
    br wait2
mp0_plain:
    global_store32 s11, y, l0, 1         # flag
    br wait2
mp1:
    brz mp1_plain, fen
    global_load32 s10, r0, l0, y sc:device   # acquire: the flag from the L2
    sig_wait s10
    cache_inv_l1 s11
    sig_wait s11
    global_load32 s11, r1, l0, x
    br wait2
mp1_plain:
    global_load32 s10, r0, l0, y         # flag
    global_load32 s11, r1, l0, x         # data
    br wait2

sb:
    brnz sb1, th
    global_store32 s10, x, l0, 1
    brz sb_plain0, fen
    sig_wait s10
    global_load32 s11, r0, l0, y sc:device
    br wait2
sb_plain0:
    global_load32 s11, r0, l0, y
    br wait2
sb1:
    global_store32 s10, y, l0, 1
    brz sb_plain1, fen
    sig_wait s10
    global_load32 s11, r0, l0, x sc:device
    br wait2
sb_plain1:
    global_load32 s11, r0, l0, x
    br wait2

lb:
    brnz lb1, th
    global_load32 s10, r0, l0, x
    brz lb_store0, fen
    sig_wait s10
lb_store0:
    global_store32 s11, y, l0, 1
    br wait2
lb1:
    global_load32 s10, r0, l0, y
    brz lb_store1, fen
    sig_wait s10
lb_store1:
    global_store32 s11, x, l0, 1
    br wait2

corr:
    brnz corr1, th
    global_store32 s10, x, l0, 1         # (s11 is done: wait2 does not wait on it)
    br wait2
corr1:
    brz corr_plain, fen
    global_load32 s10, r0, l0, x sc:device
    global_load32 s11, r1, l0, x sc:device
    br wait2
corr_plain:
    global_load32 s10, r0, l0, x
    global_load32 s11, r1, l0, x
    br wait2

w22:
    brnz w22_1, th
    global_store32 s10, x, l0, 1
    brz w22_second0, fen
    sig_wait s10
w22_second0:
    global_store32 s11, y, l0, 2
    br wait2
w22_1:
    global_store32 s10, y, l0, 1
    brz w22_second1, fen
    sig_wait s10
w22_second1:
    global_store32 s11, x, l0, 2

wait2:
    sig_waitall2 s10, s11
    global_store32 s8, o, l0, r0
    add o, o, 4
    global_store32 s9, o, l0, r1
    sig_waitall2 s8, s9
    add i, i, 1
    ne t, i, n
    brnz loop, t
    end
