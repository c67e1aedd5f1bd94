# SPDX-License-Identifier: Apache-2.0
# matmul_tiled: C = A * B for N x N row-major f32 matrices, hand-compiled from
# the OpenCL kernel of shared/seeds/004_* (TILE_SIZE 8).
#
# Mapping (004): one 8x8 work group = 64 work items = 2 waves of 32 lanes on
# one CU, sharing the group's LDS (Asub and Bsub). Local item index
# idx = group_wave*32 + sid, local_row = idx / 8, local_col = idx % 8 (OpenCL
# local id 0 is x = column). The grid is (N/8) x (N/8) groups in a 1-D group
# id: gy = group / (N/8) (tile row), gx = group % (N/8) (tile column), so
# row = gy*8 + local_row and col = gx*8 + local_col.
#
# Arguments: A, B, C (byte addresses), N. N must be a multiple of 8 (then the
# kernel's bounds checks row < N, col < N, tiledRow < N, tiledCol < N are always
# true; they are still evaluated and used as load/store masks, as in the
# source). Launch with (N/8)*(N/8) groups.
#
# sum += Asub[local_row][k] * Bsub[k][local_col] is a multiply then an add
# (OpenCL does not contract it here): mul_f32 then add_f32, k = 0..7 in order,
# tiles t in ascending order, i.e. the plain C loop sum = sum + a*b over
# k = 0..N-1.
#
# LDS: Asub[r][c] at (r*8 + c)*4, Bsub[r][c] at 256 + (r*8 + c)*4.
# run: --groups 64 --buf A:f32=f32:4096:1064:0.5:2. --buf B:f32=f32:4096:2064:0.5:2.
# run: --buf C:f32=const:4160:0xCDCDCDCD --args A,B,C,64
.waves 2
.lds 512

.alias A,      v16        # argument registers (every lane holds the value)
.alias B,      v17
.alias C,      v18
.alias N,      v19
.alias rowok,  v20        # masks (must be v0..v31)
.alias colok,  v21
.alias tcolok, v22
.alias trowok, v23
.alias tcol,   v24        # tiledCol = t*8 + local_col
.alias trow,   v25        # tiledRow = t*8 + local_row
.alias idx,    v26
.alias lrow,   v27
.alias lcol,   v28
.alias tmp,    v29
.alias sum,    v32
.alias count,  v33        # tiles left (lane 0)
.alias aaddr,  v34        # &A[row*N + tiledCol]
.alias baddr,  v35        # &B[tiledRow*N + col]
.alias av,     v36
.alias bv,     v37
.alias lsaddr, v38        # idx*4: where this item stores into Asub / Bsub
.alias arow,   v39        # local_row*32: Asub[local_row][0]
.alias bcol,   v40        # local_col*4:  Bsub[0][local_col]
.alias bstep,  v41        # N*32: B address step per tile
.alias ntiles, v42        # N/8 (lane 0)
.alias gy,     v43
.alias gx,     v44
.alias row,    v45
.alias col,    v46
.alias caddr,  v47
.alias a0,     v48
.alias b0,     v49
.alias p,      v50

    global_load32 s0, A, one, args          # every lane reads argument 0
    add tmp, args, 4
    global_load32 s1, B, one, tmp
    add tmp, args, 8
    global_load32 s2, C, one, tmp
    add tmp, args, 12
    global_load32 s3, N, one, tmp

    shl idx, group_wave, 5
    add idx, idx, sid                       # idx = group_wave*32 + sid
    shr_u32 lrow, idx, 3                    # local_row
    and lcol, idx, 7                        # local_col
    shl lsaddr, idx, 2
    shl arow, lrow, 5
    shl bcol, lcol, 2
    sig_waitall4 s0, s1, s2, s3

    s_shr_u32 ntiles, N, 3                  # N / TILE_SIZE
    s_div_u32 gy, group, ntiles             # tile row
    s_rem_u32 gx, group, ntiles             # tile column
    shl row, gy[0], 3
    add row, row, lrow                      # row = get_global_id(1)
    shl col, gx[0], 3
    add col, col, lcol                      # col = get_global_id(0)
    lt_i32 rowok, row, N
    lt_i32 colok, col, N

    mul_lo aaddr, row, N
    add aaddr, aaddr, lcol
    shl aaddr, aaddr, 2
    add aaddr, aaddr, A                     # &A[row*N + local_col]
    mul_lo baddr, lrow, N
    add baddr, baddr, col
    shl baddr, baddr, 2
    add baddr, baddr, B                     # &B[local_row*N + col]
    shl bstep, N, 5                         # 8 rows of B per tile
    mov tcol, lcol
    mov trow, lrow

    mov sum, 0.0                            # float sum = 0.0f
    s_mov count, ntiles
    brz done, count                         # N / 8 == 0: no tile

tile:
    # av = (tiledRow < N && tiledCol < N) ? A[row*N + tiledCol] : 0.0f
    lt_i32 tcolok, tcol, N
    lt_i32 trowok, trow, N
    mov av, 0.0
    mov bv, 0.0
    global_load32 s0, av, rowok & tcolok, aaddr
    global_load32 s1, bv, trowok & colok, baddr
    sig_waitall2 s0, s1
    local_store32 lsaddr, one, av           # Asub[local_row][local_col] = av
    local_store32 lsaddr, one, bv offset:256  # Bsub[local_row][local_col] = bv
    barrier

    # for k in 0..7: sum += Asub[local_row][k] * Bsub[k][local_col]
    local_load32 a0, one, arow offset:0
    local_load32 b0, one, bcol offset:256
    mul_f32 p, a0, b0
    add_f32 sum, sum, p
    local_load32 a0, one, arow offset:4
    local_load32 b0, one, bcol offset:288
    mul_f32 p, a0, b0
    add_f32 sum, sum, p
    local_load32 a0, one, arow offset:8
    local_load32 b0, one, bcol offset:320
    mul_f32 p, a0, b0
    add_f32 sum, sum, p
    local_load32 a0, one, arow offset:12
    local_load32 b0, one, bcol offset:352
    mul_f32 p, a0, b0
    add_f32 sum, sum, p
    local_load32 a0, one, arow offset:16
    local_load32 b0, one, bcol offset:384
    mul_f32 p, a0, b0
    add_f32 sum, sum, p
    local_load32 a0, one, arow offset:20
    local_load32 b0, one, bcol offset:416
    mul_f32 p, a0, b0
    add_f32 sum, sum, p
    local_load32 a0, one, arow offset:24
    local_load32 b0, one, bcol offset:448
    mul_f32 p, a0, b0
    add_f32 sum, sum, p
    local_load32 a0, one, arow offset:28
    local_load32 b0, one, bcol offset:480
    mul_f32 p, a0, b0
    add_f32 sum, sum, p
    barrier

    add aaddr, aaddr, 32                    # next tile: 8 columns of A
    add baddr, baddr, bstep                 #            8 rows of B
    add tcol, tcol, 8
    add trow, trow, 8
    s_sub count, count, 1
    brnz tile, count

done:
    # if (row < N && col < N) C[row*N + col] = sum
    mul_lo caddr, row, N
    add caddr, caddr, col
    shl caddr, caddr, 2
    add caddr, caddr, C
    global_store32 s2, caddr, rowok & colok, sum
    sig_wait s2
    end
