# SPDX-License-Identifier: Apache-2.0
# l2_writeback: stores whole lines, optionally writes the L2 back
# (cache_wb_l2), then stores the same lines again. On the RTL the DRAM sees
# the lines written once by the end-of-task flush, or twice with the
# write-back in between (tb/kernels/memory.c checks the counters).
# Arguments: buf (64-byte aligned), iters (>= 1; 2 lines each), wb (0 or 1).
# Launch: 1 group of 1 wave. Afterwards buf word i holds i + 1000.
# run: --cus 2 --buf buf=const:512:0xCDCDCDCD --args buf,16,1
.waves 1

.alias buf,  v16
.alias n,    v17
.alias wb,   v18
.alias off,  v19
.alias addr, v20
.alias val,  v21
.alias k,    v22
.alias tmp,  v23

    global_load32 s0, buf, one, args
    add tmp, args, 4
    global_load32 s1, n, one, tmp
    add tmp, args, 8
    global_load32 s2, wb, one, tmp
    sig_waitall3 s0, s1, s2
    shl off, sid, 2
    mov k, n
first:                                   # buf word i = i
    add addr, buf, off
    shr_u32 val, off, 2
    global_store32 s3, addr, one, val
    sig_wait s3
    add off, off, 128
    s_sub k, k, 1
    brnz first, k
    brz second, wb
    cache_wb_l2 s4
    sig_wait s4
second:                                  # buf word i = i + 1000
    shl off, sid, 2
    mov k, n
again:
    add addr, buf, off
    shr_u32 val, off, 2
    add val, val, 1000
    global_store32 s3, addr, one, val
    sig_wait s3
    add off, off, 128
    s_sub k, k, 1
    brnz again, k
    end
