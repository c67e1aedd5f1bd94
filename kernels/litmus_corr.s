# litmus_corr: read-read coherence (tb/test_litmus.c). Thread 0 stores x = 1;
# thread 1 reads x twice (r0, r1). Forbidden whatever the scopes: r0 = 1,
# r1 = 0 (the second read older than the first). In odd iterations thread 1
# reads x into its L1 first, so a stale copy is there. fenced = 1: thread 1
# reads with sc:device.
# Arguments: base (64-byte aligned; 1 KiB per iteration: x at +0, y at +256,
# in different L2 slices, the meeting counter at +512), iters, fenced (0 or 1),
# delays (2 words per iteration: thread 0's, thread 1's, 0..255), out (4 words
# per iteration: thread 0's r0, r1, thread 1's r0, r1).
# Launch: 2 groups of 1 wave on 2 CUs; group g is thread g. Lane 0 works.
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

    global_load32 s0, base, one, args
    add tmp, args, 4
    global_load32 s1, n, one, tmp
    add tmp, args, 8
    global_load32 s2, fen, one, tmp
    add tmp, args, 12
    global_load32 s3, dly, one, tmp
    add tmp, args, 16
    global_load32 s4, out, one, tmp
    sig_waitall4 s0, s1, s2, s3
    sig_wait s4
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
    brz meet0, th
    and t, i, 1
    brz meet0, t
    global_load32 s10, t, l0, x          # thread 1, odd iterations: x into its L1
    sig_wait s10
meet0:
    # Meet: both threads add 1, then wait (device scope) until both have.
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
    brnz thread1, th
    global_store32 s10, x, l0, 1
    sig_wait s10
    br record
thread1:
    brz plain1, fen
    global_load32 s10, r0, l0, x sc:device
    global_load32 s11, r1, l0, x sc:device
    sig_waitall2 s10, s11
    br record
plain1:
    global_load32 s10, r0, l0, x
    global_load32 s11, r1, l0, x
    sig_waitall2 s10, s11
record:
    global_store32 s8, o, l0, r0
    add o, o, 4
    global_store32 s9, o, l0, r1
    sig_waitall2 s8, s9
    add i, i, 1
    ne t, i, n
    brnz loop, t
    end
