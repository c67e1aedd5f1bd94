# SPDX-License-Identifier: Apache-2.0
# l2_system_scope: stores whole lines twice, then loads them twice, all at
# device scope (sys = 0) or all at system scope (sys = 1). At system scope
# each access bypasses the L2: the line leaves it once performed (written
# back if dirty), so every store reaches memory and every load reads it
# (tb/kernels/memory.c checks the DRAM counters). Afterwards buf word i = i + 1000.
# Arguments: buf (64-byte aligned), iters (>= 1; 2 lines each), sys (0 or 1).
# Launch: 1 group of 1 wave.
# run: --cus 1 --buf buf=const:256:0xCDCDCDCD --args buf,8,1
.waves 1

.alias buf,  v16
.alias n,    v17
.alias sys,  v18
.alias off,  v19
.alias addr, v20
.alias val,  v21
.alias k,    v22
.alias p,    v23
.alias x,    v24
.alias tmp,  v25

    global_load32 s0, buf, one, args
    add tmp, args, 4
    global_load32 s1, n, one, tmp
    add tmp, args, 8
    global_load32 s2, sys, one, tmp
    sig_waitall3 s0, s1, s2
    mov p, 0                             # store passes: value i, then i + 1000
stores:
    shl off, sid, 2
    mov k, n
store_line:
    add addr, buf, off
    shr_u32 val, off, 2
    mul_lo tmp, p, 1000
    add val, val, tmp
    brnz store_sys, sys
    global_store32 s3, addr, one, val sc:device
    br stored
store_sys:
    global_store32 s3, addr, one, val sc:system
stored:
    sig_wait s3
    add off, off, 128
    s_sub k, k, 1
    brnz store_line, k
    add p, p, 1
    lt_u32 tmp, p, 2
    brnz stores, tmp
    mov p, 0                             # two load passes
loads:
    shl off, sid, 2
    mov k, n
load_line:
    add addr, buf, off
    brnz load_sys, sys
    global_load32 s4, x, one, addr sc:device
    br loaded
load_sys:
    global_load32 s4, x, one, addr sc:system
loaded:
    sig_wait s4
    add off, off, 128
    s_sub k, k, 1
    brnz load_line, k
    add p, p, 1
    lt_u32 tmp, p, 2
    brnz loads, tmp
    end
