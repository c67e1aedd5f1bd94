# SPDX-License-Identifier: Apache-2.0
# l1_own_write: a wave reads back its own stores through the L1.
#  1. load line pair A (wave scope: the L1 allocates it), store A, load A:
#     the L1 holds A, so its copy must have been updated by the store;
#  2. bring line B into the L2 only (sc:device), then load B (wave scope, one
#     line: lanes 0..15; the L1 allocates it, the L2 answers at once) and,
#     without waiting, store B: the store passes the L1 as B's fill arrives,
#     which must not install the line read before the store; after both
#     complete, load B again.
# Arguments: buf (64-byte aligned, 512 bytes per wave), out (256 bytes per wave).
# Launch: any number of groups of 2 waves. out[w*64 + l] = A as read back
# (l + 100); out[w*64 + 32 + l] for l < 16 = B as read back (l + 200).
# run: --groups 8 --cus 2 --buf buf=const:2048:7 --buf out=const:1024:0xCDCDCDCD --args buf,out
.waves 2

.alias buf,  v16
.alias out,  v17
.alias a,    v18
.alias b,    v19
.alias o,    v20
.alias x,    v21
.alias y,    v22
.alias z,    v23
.alias val,  v24
.alias tmp,  v25

    global_load32 s0, buf, one, args
    add tmp, args, 4
    global_load32 s1, out, one, tmp
    sig_waitall2 s0, s1
    shl tmp, wave, 9
    add a, buf, tmp
    shl tmp, sid, 2
    add a, a, tmp                    # A: buf + wave*512 + 4*lane
    add b, a, 256                    # B: 256 bytes further
    shl o, wave, 8
    add o, o, out
    add o, o, tmp                    # out + wave*256 + 4*lane
    global_load32 s2, x, one, a      # 1. A into the L1
    sig_wait s2
    add val, sid, 100
    global_store32 s3, a, one, val
    sig_wait s3
    global_load32 s4, y, one, a      # hits the updated copy
    sig_wait s4
    global_load32 s5, x, lo16, b sc:device   # 2. B into the L2, not the L1
    add val, sid, 200
    sig_wait s5
    global_load32 s5, x, lo16, b     # B: its fill on its way...
    global_store32 s6, b, lo16, val  # ... while the store passes
    sig_waitall2 s5, s6
    global_load32 s7, z, lo16, b
    sig_wait s7
    global_store32 s8, o, one, y
    add o, o, 128
    global_store32 s9, o, lo16, z
    sig_waitall2 s8, s9
    end
