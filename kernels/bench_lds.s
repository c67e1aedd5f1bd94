# SPDX-License-Identifier: Apache-2.0
# bench_lds: the cost of one LDS access pattern (make bench, tb/bench/bench_core.c).
# Lane l reads the word at byte (l * stride * 4) mod 65536, 64 times (16
# iterations of 4 loads into different registers, so no load waits for a
# result). A stride of 0 is a broadcast (every lane reads word 0); an odd
# stride touches 32 different banks; stride 2^k puts 2^k lanes on each bank
# used. The counters then give the bank cycles per access.
# Arguments: stride (words). Launch: 1 group of 1 wave. LDS: the whole 64 KiB.
# run: --cus 1 --args 4
.waves 1
.lds 65536

.alias count,  v63
.alias stride, v62
.alias addr,   v61
    global_load32 s0, stride, one, args
    mov count, 16
    sig_wait s0
    mul_lo addr, sid, stride
    shl addr, addr, 2
    and addr, addr, 0xFFFC
loop:
    local_load32 v16, one, addr
    local_load32 v17, one, addr
    local_load32 v18, one, addr
    local_load32 v19, one, addr
    sub count, count, 1
    brnz loop, count
    end
