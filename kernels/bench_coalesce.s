# SPDX-License-Identifier: Apache-2.0
# bench_coalesce: the line requests of global access patterns (make bench,
# tb/bench/bench_core.c). For each row of a table of 32 byte offsets (one per lane),
# the wave loads the words at base + offset and stores them back to the same
# addresses. The host counts the distinct 64-byte lines each access touches
# and compares the sum with the mem_requests counter.
# Arguments: table (rows x 32 words), base (buffer), rows (>= 1).
# Launch: 1 group of 1 wave.
# run: --cus 1 --buf tab=iota:512:20:12 --buf base=u32:2048:5 --args tab,base,16
.waves 1

.alias tab,  v16
.alias base, v17
.alias rows, v18
.alias ptr,  v19
.alias off,  v20
.alias addr, v21
.alias val,  v22
    global_load32 s0, tab, one, args       # every lane reads the same word: 1 request
    add addr, args, 4
    global_load32 s1, base, one, addr
    add addr, args, 8
    global_load32 s2, rows, one, addr
    sig_waitall3 s0, s1, s2
    shl ptr, sid, 2
    add ptr, ptr, tab                      # lane l reads word l of the row
loop:
    global_load32 s0, off, one, ptr
    sig_wait s0
    add addr, off, base
    global_load32 s1, val, one, addr       # the pattern, loaded
    sig_wait s1
    global_store32 s2, addr, one, val      # and stored (same-word stores collapse)
    sig_wait s2
    add ptr, ptr, 128
    s_sub rows, rows, 1
    brnz loop, rows
    end
