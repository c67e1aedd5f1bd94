# SPDX-License-Identifier: Apache-2.0
# dt_masks: mask operands (docs/isa.md 2.1, 2.2): every constant as a mask,
# inverted terms, two-register masks, and masks used as Vany source values
# (kind M) in every source position and in scalar context.
# Directed-test layout (tb/kernels/harness.c, dt_run): arguments out, in, in_stride,
# out_stride. Wave w reads input row r (32 words, one per lane) at
# in + w*in_stride + 128*r and writes output row r at out + w*out_stride + 128*r.
# Inputs: row 0 = A (v32), row 1 = P (v20), row 2 = Q (v21) (only bit 0 of
# P and Q counts in a mask), row 3 = F (v33), row 4 = G (v34) (f32).
# Launch with 2-wave groups and several groups, so that the bit 0 of wave,
# group, group_wave and num_groups varies.
# Inputs 0x3F000000..0x407FFFFF: F and G moderate f32 (0.5 to 4), random bit 0 in P and Q.
# run: --groups 5 --buf out=const:16960:0xCDCDCDCD --buf in=u32:1600:31:0x3F000000:0x407FFFFF
# run: --args out,in,640,6784
.waves 2
# Output rows:
#    0: mask zero: A where selected, else -1
#    1: mask one: A where selected, else -1
#    2: mask sid: A where selected, else -1
#    3: mask wave: A where selected, else -1
#    4: mask u8_max: A where selected, else -1
#    5: mask n2nd: A where selected, else -1
#    6: mask n3rd: A where selected, else -1
#    7: mask n4th: A where selected, else -1
#    8: mask lo16: A where selected, else -1
#    9: mask ch2: A where selected, else -1
#   10: mask ch4: A where selected, else -1
#   11: mask alo8: A where selected, else -1
#   12: mask group: A where selected, else -1
#   13: mask group_wave: A where selected, else -1
#   14: mask num_groups: A where selected, else -1
#   15: mask args: A where selected, else -1
#   16: mask ~zero: A where selected, else -1
#   17: mask ~one: A where selected, else -1
#   18: mask ~sid: A where selected, else -1
#   19: mask ~wave: A where selected, else -1
#   20: mask ~u8_max: A where selected, else -1
#   21: mask ~n2nd: A where selected, else -1
#   22: mask ~n3rd: A where selected, else -1
#   23: mask ~n4th: A where selected, else -1
#   24: mask ~lo16: A where selected, else -1
#   25: mask ~ch2: A where selected, else -1
#   26: mask ~ch4: A where selected, else -1
#   27: mask ~alo8: A where selected, else -1
#   28: mask ~group: A where selected, else -1
#   29: mask ~group_wave: A where selected, else -1
#   30: mask ~num_groups: A where selected, else -1
#   31: mask ~args: A where selected, else -1
#   32: mask v20 & v21: A where selected, else -1
#   33: mask ~v20 & v21: A where selected, else -1
#   34: mask v20 & ~v21: A where selected, else -1
#   35: mask ~v20 & ~v21: A where selected, else -1
#   36: mask lo16 & ~n2nd: A where selected, else -1
#   37: mask ~ch4 & v21: A where selected, else -1
#   38: mask ~alo8 & ~v20: A where selected, else -1
#   39: mask v20 & v20: A where selected, else -1
#   40: mask ~v20 & v20: A where selected, else -1
#   41: mask wave & ~sid: A where selected, else -1
#   42: add A, M(v20 & ~lo16) as a long source: A + mask
#   43: sub M(~v20 & ch2) as short source A, A: mask - A
#   44: cvt_f32_u32 of M(~v21 & n2nd) (ALU1 long source): 1.0 or 0.0
#   45: fma_f32 F, M(~lo16), G (ALU3 short source B)
#   46: fma_f32 M(v21 & ch2), F, M(~v20) (ALU3 short sources A and C)
#   47: mov masked by lo16 of the value M(v20 & v21); other lanes -1
#   48: select n3rd ? M(~v20) : M(v20 & ~v21)
#   49: s_add M(~v20) (scalar context: lane 0's mask), 100; other lanes -1
#   50: shfl A by index M(v20 & v21): A[0] or A[1]
#   51: bcast A by scalar index M(~v20) (lane 0's mask): A[0] or A[1]
#   52: mov of M(ch2 & ~ch4): 1 in lanes 4..7 mod 8, else 0
.alias outp, v16                            # this lane's word of output row 0
.alias inp,  v17                            # this lane's word of input row 0
    global_load32 s0, outp, one, args       # out
    add v60, args, 4
    global_load32 s1, inp, one, v60         # in
    add v61, args, 8
    global_load32 s2, v62, one, v61         # in_stride
    add v61, args, 12
    global_load32 s3, v63, one, v61         # out_stride
    shl v60, sid, 2
    sig_waitall4 s0, s1, s2, s3
    mul_lo v62, v62, wave
    mul_lo v63, v63, wave
    add inp, inp, v62
    add inp, inp, v60
    add outp, outp, v63
    add outp, outp, v60
    global_load32 s0, v32, one, inp          # input row 0
    add v60, inp, 128
    global_load32 s1, v20, one, v60          # input row 1
    add v60, inp, 256
    global_load32 s2, v21, one, v60          # input row 2
    add v60, inp, 384
    global_load32 s3, v33, one, v60          # input row 3
    sig_waitall4 s0, s1, s2, s3
    add v60, inp, 512
    global_load32 s0, v34, one, v60          # input row 4
    sig_wait s0
    mov v41, -1
    mov v41, zero, v32
    global_store32 s15, outp, one, v41   # row 0
    add outp, outp, 128
    mov v41, -1
    mov v41, one, v32
    global_store32 s15, outp, one, v41   # row 1
    add outp, outp, 128
    mov v41, -1
    mov v41, sid, v32
    global_store32 s15, outp, one, v41   # row 2
    add outp, outp, 128
    mov v41, -1
    mov v41, wave, v32
    global_store32 s15, outp, one, v41   # row 3
    add outp, outp, 128
    mov v41, -1
    mov v41, u8_max, v32
    global_store32 s15, outp, one, v41   # row 4
    add outp, outp, 128
    mov v41, -1
    mov v41, n2nd, v32
    global_store32 s15, outp, one, v41   # row 5
    add outp, outp, 128
    mov v41, -1
    mov v41, n3rd, v32
    global_store32 s15, outp, one, v41   # row 6
    add outp, outp, 128
    mov v41, -1
    mov v41, n4th, v32
    global_store32 s15, outp, one, v41   # row 7
    add outp, outp, 128
    mov v41, -1
    mov v41, lo16, v32
    global_store32 s15, outp, one, v41   # row 8
    add outp, outp, 128
    mov v41, -1
    mov v41, ch2, v32
    global_store32 s15, outp, one, v41   # row 9
    add outp, outp, 128
    mov v41, -1
    mov v41, ch4, v32
    global_store32 s15, outp, one, v41   # row 10
    add outp, outp, 128
    mov v41, -1
    mov v41, alo8, v32
    global_store32 s15, outp, one, v41   # row 11
    add outp, outp, 128
    mov v41, -1
    mov v41, group, v32
    global_store32 s15, outp, one, v41   # row 12
    add outp, outp, 128
    mov v41, -1
    mov v41, group_wave, v32
    global_store32 s15, outp, one, v41   # row 13
    add outp, outp, 128
    mov v41, -1
    mov v41, num_groups, v32
    global_store32 s15, outp, one, v41   # row 14
    add outp, outp, 128
    mov v41, -1
    mov v41, args, v32
    global_store32 s15, outp, one, v41   # row 15
    add outp, outp, 128
    mov v41, -1
    mov v41, ~zero, v32
    global_store32 s15, outp, one, v41   # row 16
    add outp, outp, 128
    mov v41, -1
    mov v41, ~one, v32
    global_store32 s15, outp, one, v41   # row 17
    add outp, outp, 128
    mov v41, -1
    mov v41, ~sid, v32
    global_store32 s15, outp, one, v41   # row 18
    add outp, outp, 128
    mov v41, -1
    mov v41, ~wave, v32
    global_store32 s15, outp, one, v41   # row 19
    add outp, outp, 128
    mov v41, -1
    mov v41, ~u8_max, v32
    global_store32 s15, outp, one, v41   # row 20
    add outp, outp, 128
    mov v41, -1
    mov v41, ~n2nd, v32
    global_store32 s15, outp, one, v41   # row 21
    add outp, outp, 128
    mov v41, -1
    mov v41, ~n3rd, v32
    global_store32 s15, outp, one, v41   # row 22
    add outp, outp, 128
    mov v41, -1
    mov v41, ~n4th, v32
    global_store32 s15, outp, one, v41   # row 23
    add outp, outp, 128
    mov v41, -1
    mov v41, ~lo16, v32
    global_store32 s15, outp, one, v41   # row 24
    add outp, outp, 128
    mov v41, -1
    mov v41, ~ch2, v32
    global_store32 s15, outp, one, v41   # row 25
    add outp, outp, 128
    mov v41, -1
    mov v41, ~ch4, v32
    global_store32 s15, outp, one, v41   # row 26
    add outp, outp, 128
    mov v41, -1
    mov v41, ~alo8, v32
    global_store32 s15, outp, one, v41   # row 27
    add outp, outp, 128
    mov v41, -1
    mov v41, ~group, v32
    global_store32 s15, outp, one, v41   # row 28
    add outp, outp, 128
    mov v41, -1
    mov v41, ~group_wave, v32
    global_store32 s15, outp, one, v41   # row 29
    add outp, outp, 128
    mov v41, -1
    mov v41, ~num_groups, v32
    global_store32 s15, outp, one, v41   # row 30
    add outp, outp, 128
    mov v41, -1
    mov v41, ~args, v32
    global_store32 s15, outp, one, v41   # row 31
    add outp, outp, 128
    mov v41, -1
    mov v41, v20 & v21, v32
    global_store32 s15, outp, one, v41   # row 32
    add outp, outp, 128
    mov v41, -1
    mov v41, ~v20 & v21, v32
    global_store32 s15, outp, one, v41   # row 33
    add outp, outp, 128
    mov v41, -1
    mov v41, v20 & ~v21, v32
    global_store32 s15, outp, one, v41   # row 34
    add outp, outp, 128
    mov v41, -1
    mov v41, ~v20 & ~v21, v32
    global_store32 s15, outp, one, v41   # row 35
    add outp, outp, 128
    mov v41, -1
    mov v41, lo16 & ~n2nd, v32
    global_store32 s15, outp, one, v41   # row 36
    add outp, outp, 128
    mov v41, -1
    mov v41, ~ch4 & v21, v32
    global_store32 s15, outp, one, v41   # row 37
    add outp, outp, 128
    mov v41, -1
    mov v41, ~alo8 & ~v20, v32
    global_store32 s15, outp, one, v41   # row 38
    add outp, outp, 128
    mov v41, -1
    mov v41, v20 & v20, v32
    global_store32 s15, outp, one, v41   # row 39
    add outp, outp, 128
    mov v41, -1
    mov v41, ~v20 & v20, v32
    global_store32 s15, outp, one, v41   # row 40
    add outp, outp, 128
    mov v41, -1
    mov v41, wave & ~sid, v32
    global_store32 s15, outp, one, v41   # row 41
    add outp, outp, 128
    add v41, v32, v20 & ~lo16
    global_store32 s15, outp, one, v41   # row 42
    add outp, outp, 128
    sub v41, ~v20 & ch2, v32
    global_store32 s15, outp, one, v41   # row 43
    add outp, outp, 128
    cvt_f32_u32 v41, ~v21 & n2nd
    global_store32 s15, outp, one, v41   # row 44
    add outp, outp, 128
    fma_f32 v41, v33, ~lo16, v34
    global_store32 s15, outp, one, v41   # row 45
    add outp, outp, 128
    fma_f32 v41, v21 & ch2, v33, ~v20
    global_store32 s15, outp, one, v41   # row 46
    add outp, outp, 128
    mov v41, -1
    mov v41, lo16, v20 & v21
    global_store32 s15, outp, one, v41   # row 47
    add outp, outp, 128
    select v41, n3rd, v20 & ~v21, ~v20
    global_store32 s15, outp, one, v41   # row 48
    add outp, outp, 128
    mov v41, -1
    s_add v41, ~v20, 100
    global_store32 s15, outp, one, v41   # row 49
    add outp, outp, 128
    shfl v41, v32, v20 & v21
    global_store32 s15, outp, one, v41   # row 50
    add outp, outp, 128
    bcast v41, v32, ~v20
    global_store32 s15, outp, one, v41   # row 51
    add outp, outp, 128
    mov v41, ch2 & ~ch4
    global_store32 s15, outp, one, v41   # row 52
    add outp, outp, 128
    sig_wait s15
    end
