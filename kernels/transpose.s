# SPDX-License-Identifier: Apache-2.0
# transpose: out = in^T through the LDS, 32x32 tiles.
#
# Arguments: in, out (byte addresses of u32 arrays), R, C: in is R x C
# row-major, out is C x R row-major, out[c*R + r] = in[r*C + c]. R and C are
# any positive values; edge tiles are masked.
# Launch: ceil(R/32) * ceil(C/32) groups of 2 waves. Group g transposes the
# tile ty = g / tx_count, tx = g % tx_count (tx_count = ceil(C/32)):
#   1. wave w loads the tile's rows w, w+2, ..., w+30 (lane = column) and
#      stores them to the LDS tile T[row][lane] (0 where outside in);
#   2. barrier (each wave then reads words the other wave wrote);
#   3. wave w reads T[lane][j] for j = w, w+2, ..., w+30 and stores them to
#      out row tx*32 + j, column ty*32 + lane.
# LDS: T[r][c] at (r*33 + c)*4 (rows padded to 33 words, so that both the
# row stores and the column loads hit 32 different banks).
# ref: python3 scripts/ref/transpose.py 100 70
# run: --groups 12 --buf in=file:build/ref/transpose_in.npy --buf out=const:7064:0xCDCDCDCD
# run: --args in,out,100,70 --expect out=build/ref/transpose_out.npy
.waves 2
.lds 4224

.alias inp,    v16
.alias outp,   v17
.alias R,      v18
.alias C,      v19
.alias ok,     v20      # masks
.alias okc,    v21
.alias okr,    v22
.alias txn,    v23      # tiles per tile row (lane 0)
.alias ty,     v24
.alias tx,     v25
.alias j,      v26      # tile row (phase 1) or tile column (phase 3)
.alias r,      v27
.alias c,      v28
.alias addr,   v29
.alias laddr,  v30
.alias count,  v31
.alias x,      v32
.alias tmp,    v33
.alias lane33, v34      # lane*33*4: T[lane][0]
.alias lane4,  v35      # lane*4

    global_load32 s0, inp, one, args
    add tmp, args, 4
    global_load32 s1, outp, one, tmp
    add tmp, args, 8
    global_load32 s2, R, one, tmp
    add tmp, args, 12
    global_load32 s3, C, one, tmp
    mul_lo lane33, sid, 132
    shl lane4, sid, 2
    mov txn, 0                              # scalars: every lane defined
    mov ty, 0
    mov tx, 0
    mov count, 0
    sig_waitall4 s0, s1, s2, s3

    s_add txn, C, 31
    s_shr_u32 txn, txn, 5                   # ceil(C/32)
    s_div_u32 ty, group, txn
    s_rem_u32 tx, group, txn

    # phase 1: tile rows j = group_wave, +2, ... into the LDS
    shl c, tx[0], 5
    add c, c, sid                           # column in `in`
    lt_u32 okc, c, C
    mov j, group_wave
    s_mov count, 16
load_row:
    shl r, ty[0], 5
    add r, r, j                             # row in `in`
    lt_u32 okr, r, R
    and ok, okr, okc
    mul_lo addr, r, C
    add addr, addr, c
    shl addr, addr, 2
    add addr, addr, inp
    mov x, 0
    global_load32 s0, x, ok, addr
    mul_lo laddr, j, 132
    add laddr, laddr, lane4                 # (j*33 + lane)*4
    sig_wait s0
    local_store32 laddr, one, x             # T[j][lane]
    add j, j, 2
    s_sub count, count, 1
    brnz load_row, count

    barrier

    # phase 3: out row tx*32 + j, column ty*32 + lane = T[lane][j]
    shl c, ty[0], 5
    add c, c, sid                           # column in `out`
    lt_u32 okc, c, R
    mov j, group_wave
    s_mov count, 16
store_row:
    shl r, tx[0], 5
    add r, r, j                             # row in `out`
    lt_u32 okr, r, C
    and ok, okr, okc
    shl laddr, j, 2
    add laddr, laddr, lane33
    local_load32 x, one, laddr              # T[lane][j]
    mul_lo addr, r, R
    add addr, addr, c
    shl addr, addr, 2
    add addr, addr, outp
    global_store32 s1, addr, ok, x
    add j, j, 2
    s_sub count, count, 1
    brnz store_row, count
    sig_wait s1
    end
