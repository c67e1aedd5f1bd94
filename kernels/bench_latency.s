# SPDX-License-Identifier: Apache-2.0
# bench_latency: the latency of one kind of operation, from a dependent chain
# (make bench: scripts/bench_run.py, the "Measured latencies" table of
# docs/architecture.md). Each step of the chain uses the result of the one
# before, so a step costs the operation's latency: the cycles from its issue
# to the issue of the next step.
#   kind 0  add x, x, 1                       integer add
#        1  mul_lo x, x, 3                    integer multiply
#        2  add_f32 x, x, y                   f32 add
#        3  fma_f32 x, x, y, z                f32 fused multiply-add
#        4  local_load32 x, one, x            LDS load (every lane word 0: no conflict)
#        5  global_load32 s0, p, one, p; sig_wait s0
#                                             global load served by the L1 (p points to itself)
#        6  ... sc:device                     served by the L2 (device scope skips the L1)
#        7  ... sc:system                     from DRAM (system scope: the line leaves the L2)
# Each kind has two loops, of 4 steps (body 0) and of 20 steps (body 1), with
# the same loop control; the launch runs one of them `iters` times. The cycles
# of a launch are c + iters x (steps x latency + loop), so two launches of a
# loop give its cycles per iteration, and the two loops' difference over 16
# steps the latency, free of the launch, the loop control and the first
# (cold) access.
# Arguments: buf (16 words, 64-byte aligned; word 0 becomes its own address),
# kind (0..7), body (0 or 1), iters (>= 1). Launch: 1 group of 1 wave.
# run: --cus 1 --buf buf=zeros:16 --args buf,7,1,2
.waves 1
.lds 64

.alias buf,   v16
.alias kind,  v17
.alias body,  v18
.alias n,     v19
.alias x,     v20
.alias y,     v21
.alias z,     v22
.alias p,     v23
.alias tmp,   v24

    global_load32 s0, buf, one, args
    add tmp, args, 4
    global_load32 s1, kind, one, tmp
    add tmp, args, 8
    global_load32 s2, body, one, tmp
    add tmp, args, 12
    global_load32 s3, n, one, tmp
    sig_waitall4 s0, s1, s2, s3
    global_store32 s4, buf, one, buf     # the pointer chain: word 0 holds its own address
    sig_wait s4
    mov x, 0
    mov y, 0
    mov z, 0
    mov p, buf

    eq tmp, kind, 0
    brnz kind0, tmp
    eq tmp, kind, 1
    brnz kind1, tmp
    eq tmp, kind, 2
    brnz kind2, tmp
    eq tmp, kind, 3
    brnz kind3, tmp
    eq tmp, kind, 4
    brnz kind4, tmp
    eq tmp, kind, 5
    brnz kind5, tmp
    eq tmp, kind, 6
    brnz kind6, tmp
    eq tmp, kind, 7
    brnz kind7, tmp
    end

kind0:                                 # int add
    brnz kind0_long, body
kind0_short:
    add x, x, 1
    add x, x, 1
    add x, x, 1
    add x, x, 1
    sub n, n, 1
    brnz kind0_short, n
    end
kind0_long:
    add x, x, 1
    add x, x, 1
    add x, x, 1
    add x, x, 1
    add x, x, 1
    add x, x, 1
    add x, x, 1
    add x, x, 1
    add x, x, 1
    add x, x, 1
    add x, x, 1
    add x, x, 1
    add x, x, 1
    add x, x, 1
    add x, x, 1
    add x, x, 1
    add x, x, 1
    add x, x, 1
    add x, x, 1
    add x, x, 1
    sub n, n, 1
    brnz kind0_long, n
    end

kind1:                                 # int mul_lo
    brnz kind1_long, body
kind1_short:
    mul_lo x, x, 3
    mul_lo x, x, 3
    mul_lo x, x, 3
    mul_lo x, x, 3
    sub n, n, 1
    brnz kind1_short, n
    end
kind1_long:
    mul_lo x, x, 3
    mul_lo x, x, 3
    mul_lo x, x, 3
    mul_lo x, x, 3
    mul_lo x, x, 3
    mul_lo x, x, 3
    mul_lo x, x, 3
    mul_lo x, x, 3
    mul_lo x, x, 3
    mul_lo x, x, 3
    mul_lo x, x, 3
    mul_lo x, x, 3
    mul_lo x, x, 3
    mul_lo x, x, 3
    mul_lo x, x, 3
    mul_lo x, x, 3
    mul_lo x, x, 3
    mul_lo x, x, 3
    mul_lo x, x, 3
    mul_lo x, x, 3
    sub n, n, 1
    brnz kind1_long, n
    end

kind2:                                 # f32 add
    brnz kind2_long, body
kind2_short:
    add_f32 x, x, y
    add_f32 x, x, y
    add_f32 x, x, y
    add_f32 x, x, y
    sub n, n, 1
    brnz kind2_short, n
    end
kind2_long:
    add_f32 x, x, y
    add_f32 x, x, y
    add_f32 x, x, y
    add_f32 x, x, y
    add_f32 x, x, y
    add_f32 x, x, y
    add_f32 x, x, y
    add_f32 x, x, y
    add_f32 x, x, y
    add_f32 x, x, y
    add_f32 x, x, y
    add_f32 x, x, y
    add_f32 x, x, y
    add_f32 x, x, y
    add_f32 x, x, y
    add_f32 x, x, y
    add_f32 x, x, y
    add_f32 x, x, y
    add_f32 x, x, y
    add_f32 x, x, y
    sub n, n, 1
    brnz kind2_long, n
    end

kind3:                                 # f32 fma
    brnz kind3_long, body
kind3_short:
    fma_f32 x, x, y, z
    fma_f32 x, x, y, z
    fma_f32 x, x, y, z
    fma_f32 x, x, y, z
    sub n, n, 1
    brnz kind3_short, n
    end
kind3_long:
    fma_f32 x, x, y, z
    fma_f32 x, x, y, z
    fma_f32 x, x, y, z
    fma_f32 x, x, y, z
    fma_f32 x, x, y, z
    fma_f32 x, x, y, z
    fma_f32 x, x, y, z
    fma_f32 x, x, y, z
    fma_f32 x, x, y, z
    fma_f32 x, x, y, z
    fma_f32 x, x, y, z
    fma_f32 x, x, y, z
    fma_f32 x, x, y, z
    fma_f32 x, x, y, z
    fma_f32 x, x, y, z
    fma_f32 x, x, y, z
    fma_f32 x, x, y, z
    fma_f32 x, x, y, z
    fma_f32 x, x, y, z
    fma_f32 x, x, y, z
    sub n, n, 1
    brnz kind3_long, n
    end

kind4:                                 # LDS load
    brnz kind4_long, body
kind4_short:
    local_load32 x, one, x
    local_load32 x, one, x
    local_load32 x, one, x
    local_load32 x, one, x
    sub n, n, 1
    brnz kind4_short, n
    end
kind4_long:
    local_load32 x, one, x
    local_load32 x, one, x
    local_load32 x, one, x
    local_load32 x, one, x
    local_load32 x, one, x
    local_load32 x, one, x
    local_load32 x, one, x
    local_load32 x, one, x
    local_load32 x, one, x
    local_load32 x, one, x
    local_load32 x, one, x
    local_load32 x, one, x
    local_load32 x, one, x
    local_load32 x, one, x
    local_load32 x, one, x
    local_load32 x, one, x
    local_load32 x, one, x
    local_load32 x, one, x
    local_load32 x, one, x
    local_load32 x, one, x
    sub n, n, 1
    brnz kind4_long, n
    end

kind5:                                 # global load, L1 hit
    brnz kind5_long, body
kind5_short:
    global_load32 s0, p, one, p
    sig_wait s0
    global_load32 s0, p, one, p
    sig_wait s0
    global_load32 s0, p, one, p
    sig_wait s0
    global_load32 s0, p, one, p
    sig_wait s0
    sub n, n, 1
    brnz kind5_short, n
    end
kind5_long:
    global_load32 s0, p, one, p
    sig_wait s0
    global_load32 s0, p, one, p
    sig_wait s0
    global_load32 s0, p, one, p
    sig_wait s0
    global_load32 s0, p, one, p
    sig_wait s0
    global_load32 s0, p, one, p
    sig_wait s0
    global_load32 s0, p, one, p
    sig_wait s0
    global_load32 s0, p, one, p
    sig_wait s0
    global_load32 s0, p, one, p
    sig_wait s0
    global_load32 s0, p, one, p
    sig_wait s0
    global_load32 s0, p, one, p
    sig_wait s0
    global_load32 s0, p, one, p
    sig_wait s0
    global_load32 s0, p, one, p
    sig_wait s0
    global_load32 s0, p, one, p
    sig_wait s0
    global_load32 s0, p, one, p
    sig_wait s0
    global_load32 s0, p, one, p
    sig_wait s0
    global_load32 s0, p, one, p
    sig_wait s0
    global_load32 s0, p, one, p
    sig_wait s0
    global_load32 s0, p, one, p
    sig_wait s0
    global_load32 s0, p, one, p
    sig_wait s0
    global_load32 s0, p, one, p
    sig_wait s0
    sub n, n, 1
    brnz kind5_long, n
    end

kind6:                                 # global load, L2 hit (sc:device)
    brnz kind6_long, body
kind6_short:
    global_load32 s0, p, one, p sc:device
    sig_wait s0
    global_load32 s0, p, one, p sc:device
    sig_wait s0
    global_load32 s0, p, one, p sc:device
    sig_wait s0
    global_load32 s0, p, one, p sc:device
    sig_wait s0
    sub n, n, 1
    brnz kind6_short, n
    end
kind6_long:
    global_load32 s0, p, one, p sc:device
    sig_wait s0
    global_load32 s0, p, one, p sc:device
    sig_wait s0
    global_load32 s0, p, one, p sc:device
    sig_wait s0
    global_load32 s0, p, one, p sc:device
    sig_wait s0
    global_load32 s0, p, one, p sc:device
    sig_wait s0
    global_load32 s0, p, one, p sc:device
    sig_wait s0
    global_load32 s0, p, one, p sc:device
    sig_wait s0
    global_load32 s0, p, one, p sc:device
    sig_wait s0
    global_load32 s0, p, one, p sc:device
    sig_wait s0
    global_load32 s0, p, one, p sc:device
    sig_wait s0
    global_load32 s0, p, one, p sc:device
    sig_wait s0
    global_load32 s0, p, one, p sc:device
    sig_wait s0
    global_load32 s0, p, one, p sc:device
    sig_wait s0
    global_load32 s0, p, one, p sc:device
    sig_wait s0
    global_load32 s0, p, one, p sc:device
    sig_wait s0
    global_load32 s0, p, one, p sc:device
    sig_wait s0
    global_load32 s0, p, one, p sc:device
    sig_wait s0
    global_load32 s0, p, one, p sc:device
    sig_wait s0
    global_load32 s0, p, one, p sc:device
    sig_wait s0
    global_load32 s0, p, one, p sc:device
    sig_wait s0
    sub n, n, 1
    brnz kind6_long, n
    end

kind7:                                 # global load, DRAM (sc:system)
    brnz kind7_long, body
kind7_short:
    global_load32 s0, p, one, p sc:system
    sig_wait s0
    global_load32 s0, p, one, p sc:system
    sig_wait s0
    global_load32 s0, p, one, p sc:system
    sig_wait s0
    global_load32 s0, p, one, p sc:system
    sig_wait s0
    sub n, n, 1
    brnz kind7_short, n
    end
kind7_long:
    global_load32 s0, p, one, p sc:system
    sig_wait s0
    global_load32 s0, p, one, p sc:system
    sig_wait s0
    global_load32 s0, p, one, p sc:system
    sig_wait s0
    global_load32 s0, p, one, p sc:system
    sig_wait s0
    global_load32 s0, p, one, p sc:system
    sig_wait s0
    global_load32 s0, p, one, p sc:system
    sig_wait s0
    global_load32 s0, p, one, p sc:system
    sig_wait s0
    global_load32 s0, p, one, p sc:system
    sig_wait s0
    global_load32 s0, p, one, p sc:system
    sig_wait s0
    global_load32 s0, p, one, p sc:system
    sig_wait s0
    global_load32 s0, p, one, p sc:system
    sig_wait s0
    global_load32 s0, p, one, p sc:system
    sig_wait s0
    global_load32 s0, p, one, p sc:system
    sig_wait s0
    global_load32 s0, p, one, p sc:system
    sig_wait s0
    global_load32 s0, p, one, p sc:system
    sig_wait s0
    global_load32 s0, p, one, p sc:system
    sig_wait s0
    global_load32 s0, p, one, p sc:system
    sig_wait s0
    global_load32 s0, p, one, p sc:system
    sig_wait s0
    global_load32 s0, p, one, p sc:system
    sig_wait s0
    global_load32 s0, p, one, p sc:system
    sig_wait s0
    sub n, n, 1
    brnz kind7_long, n
    end
