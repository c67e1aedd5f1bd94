# SPDX-License-Identifier: Apache-2.0
# dt_lds_atomic: every local_atomic_<op> (docs/isa.md 4.6), returning and
# noret, masked, with each lane on its own word and with several lanes on one
# word (performed in ascending lane order), cas hits and misses.
# Directed-test layout (tb/kernels/harness.c, dt_run): arguments out, in, in_stride,
# out_stride. Wave w reads input row r (32 words, one per lane) at
# in + w*in_stride + 128*r and writes output row r at out + w*out_stride + 128*r.
# Inputs: row 0 = I (v32, initial words), row 1 = V (v33, operands), row 2 =
# C (v34, the prior D: cas compare values), row 3 = M (v20, mask bits), row
# 4 = W (v35, word indices). The atomic area is LDS bytes 512..639 (through
# offset:512), set to I before every atomic. Ops in this order, six rows each:
#   add min_u32 min_i32 max_u32 max_i32 and or xor xchg cas
# then two rows of the 32-lanes-on-one-word add.
# Inputs in 0x7FFFFFFE..0x80000001: cas hits and misses, min/max _u32 and _i32 disagree,
# random mask bits, and all four words for W & 3.
# run: --groups 8 --buf out=const:15872:0xCDCDCDCD --buf in=u32:1280:91:0x7FFFFFFE:0x80000001
# run: --args out,in,640,7936
.waves 1
.lds 1024
# Output rows:
#    0: add, each lane its own word: returned old values (C where not selected)
#    1: add, each lane its own word: the words after
#    2: add, lanes on words W & 3 in ascending lane order: returned old values
#    3: add, lanes on words W & 3: the words after
#    4: add noret, lanes on words W & 3: D unchanged (C)
#    5: add noret, lanes on words W & 3: the words after
#    6: min_u32, each lane its own word: returned old values (C where not selected)
#    7: min_u32, each lane its own word: the words after
#    8: min_u32, lanes on words W & 3 in ascending lane order: returned old values
#    9: min_u32, lanes on words W & 3: the words after
#   10: min_u32 noret, lanes on words W & 3: D unchanged (C)
#   11: min_u32 noret, lanes on words W & 3: the words after
#   12: min_i32, each lane its own word: returned old values (C where not selected)
#   13: min_i32, each lane its own word: the words after
#   14: min_i32, lanes on words W & 3 in ascending lane order: returned old values
#   15: min_i32, lanes on words W & 3: the words after
#   16: min_i32 noret, lanes on words W & 3: D unchanged (C)
#   17: min_i32 noret, lanes on words W & 3: the words after
#   18: max_u32, each lane its own word: returned old values (C where not selected)
#   19: max_u32, each lane its own word: the words after
#   20: max_u32, lanes on words W & 3 in ascending lane order: returned old values
#   21: max_u32, lanes on words W & 3: the words after
#   22: max_u32 noret, lanes on words W & 3: D unchanged (C)
#   23: max_u32 noret, lanes on words W & 3: the words after
#   24: max_i32, each lane its own word: returned old values (C where not selected)
#   25: max_i32, each lane its own word: the words after
#   26: max_i32, lanes on words W & 3 in ascending lane order: returned old values
#   27: max_i32, lanes on words W & 3: the words after
#   28: max_i32 noret, lanes on words W & 3: D unchanged (C)
#   29: max_i32 noret, lanes on words W & 3: the words after
#   30: and, each lane its own word: returned old values (C where not selected)
#   31: and, each lane its own word: the words after
#   32: and, lanes on words W & 3 in ascending lane order: returned old values
#   33: and, lanes on words W & 3: the words after
#   34: and noret, lanes on words W & 3: D unchanged (C)
#   35: and noret, lanes on words W & 3: the words after
#   36: or, each lane its own word: returned old values (C where not selected)
#   37: or, each lane its own word: the words after
#   38: or, lanes on words W & 3 in ascending lane order: returned old values
#   39: or, lanes on words W & 3: the words after
#   40: or noret, lanes on words W & 3: D unchanged (C)
#   41: or noret, lanes on words W & 3: the words after
#   42: xor, each lane its own word: returned old values (C where not selected)
#   43: xor, each lane its own word: the words after
#   44: xor, lanes on words W & 3 in ascending lane order: returned old values
#   45: xor, lanes on words W & 3: the words after
#   46: xor noret, lanes on words W & 3: D unchanged (C)
#   47: xor noret, lanes on words W & 3: the words after
#   48: xchg, each lane its own word: returned old values (C where not selected)
#   49: xchg, each lane its own word: the words after
#   50: xchg, lanes on words W & 3 in ascending lane order: returned old values
#   51: xchg, lanes on words W & 3: the words after
#   52: xchg noret, lanes on words W & 3: D unchanged (C)
#   53: xchg noret, lanes on words W & 3: the words after
#   54: cas, each lane its own word: returned old values (C where not selected)
#   55: cas, each lane its own word: the words after
#   56: cas, lanes on words W & 3 in ascending lane order: returned old values
#   57: cas, lanes on words W & 3: the words after
#   58: cas noret, lanes on words W & 3: D unchanged (C)
#   59: cas noret, lanes on words W & 3: the words after
#   60: add 1, all 32 lanes on word 0: returned I[0] + l
#   61: add 1, all 32 lanes on word 0: the words after (word 0 = I[0] + 32)
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
    global_load32 s1, v33, one, v60          # input row 1
    add v60, inp, 256
    global_load32 s2, v34, one, v60          # input row 2
    add v60, inp, 384
    global_load32 s3, v20, one, v60          # input row 3
    sig_waitall4 s0, s1, s2, s3
    add v60, inp, 512
    global_load32 s0, v35, one, v60          # input row 4
    sig_wait s0
    shl v40, sid, 2                          # word l of the atomic area (LDS 512 + 4l)
    and v42, v35, 3
    shl v42, v42, 2                          # word W & 3 of the atomic area
    # local_atomic_add
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_add v41, v20, v40, v33 offset:512
    global_store32 s15, outp, one, v41   # row 0
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 1
    add outp, outp, 128
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_add v41, v20, v42, v33 offset:512
    global_store32 s15, outp, one, v41   # row 2
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 3
    add outp, outp, 128
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_add v41, v20, v42, v33 offset:512 noret
    global_store32 s15, outp, one, v41   # row 4
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 5
    add outp, outp, 128
    # local_atomic_min_u32
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_min_u32 v41, v20, v40, v33 offset:512
    global_store32 s15, outp, one, v41   # row 6
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 7
    add outp, outp, 128
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_min_u32 v41, v20, v42, v33 offset:512
    global_store32 s15, outp, one, v41   # row 8
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 9
    add outp, outp, 128
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_min_u32 v41, v20, v42, v33 offset:512 noret
    global_store32 s15, outp, one, v41   # row 10
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 11
    add outp, outp, 128
    # local_atomic_min_i32
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_min_i32 v41, v20, v40, v33 offset:512
    global_store32 s15, outp, one, v41   # row 12
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 13
    add outp, outp, 128
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_min_i32 v41, v20, v42, v33 offset:512
    global_store32 s15, outp, one, v41   # row 14
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 15
    add outp, outp, 128
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_min_i32 v41, v20, v42, v33 offset:512 noret
    global_store32 s15, outp, one, v41   # row 16
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 17
    add outp, outp, 128
    # local_atomic_max_u32
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_max_u32 v41, v20, v40, v33 offset:512
    global_store32 s15, outp, one, v41   # row 18
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 19
    add outp, outp, 128
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_max_u32 v41, v20, v42, v33 offset:512
    global_store32 s15, outp, one, v41   # row 20
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 21
    add outp, outp, 128
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_max_u32 v41, v20, v42, v33 offset:512 noret
    global_store32 s15, outp, one, v41   # row 22
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 23
    add outp, outp, 128
    # local_atomic_max_i32
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_max_i32 v41, v20, v40, v33 offset:512
    global_store32 s15, outp, one, v41   # row 24
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 25
    add outp, outp, 128
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_max_i32 v41, v20, v42, v33 offset:512
    global_store32 s15, outp, one, v41   # row 26
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 27
    add outp, outp, 128
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_max_i32 v41, v20, v42, v33 offset:512 noret
    global_store32 s15, outp, one, v41   # row 28
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 29
    add outp, outp, 128
    # local_atomic_and
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_and v41, v20, v40, v33 offset:512
    global_store32 s15, outp, one, v41   # row 30
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 31
    add outp, outp, 128
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_and v41, v20, v42, v33 offset:512
    global_store32 s15, outp, one, v41   # row 32
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 33
    add outp, outp, 128
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_and v41, v20, v42, v33 offset:512 noret
    global_store32 s15, outp, one, v41   # row 34
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 35
    add outp, outp, 128
    # local_atomic_or
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_or v41, v20, v40, v33 offset:512
    global_store32 s15, outp, one, v41   # row 36
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 37
    add outp, outp, 128
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_or v41, v20, v42, v33 offset:512
    global_store32 s15, outp, one, v41   # row 38
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 39
    add outp, outp, 128
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_or v41, v20, v42, v33 offset:512 noret
    global_store32 s15, outp, one, v41   # row 40
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 41
    add outp, outp, 128
    # local_atomic_xor
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_xor v41, v20, v40, v33 offset:512
    global_store32 s15, outp, one, v41   # row 42
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 43
    add outp, outp, 128
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_xor v41, v20, v42, v33 offset:512
    global_store32 s15, outp, one, v41   # row 44
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 45
    add outp, outp, 128
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_xor v41, v20, v42, v33 offset:512 noret
    global_store32 s15, outp, one, v41   # row 46
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 47
    add outp, outp, 128
    # local_atomic_xchg
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_xchg v41, v20, v40, v33 offset:512
    global_store32 s15, outp, one, v41   # row 48
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 49
    add outp, outp, 128
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_xchg v41, v20, v42, v33 offset:512
    global_store32 s15, outp, one, v41   # row 50
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 51
    add outp, outp, 128
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_xchg v41, v20, v42, v33 offset:512 noret
    global_store32 s15, outp, one, v41   # row 52
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 53
    add outp, outp, 128
    # local_atomic_cas
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_cas v41, v20, v40, v33 offset:512
    global_store32 s15, outp, one, v41   # row 54
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 55
    add outp, outp, 128
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_cas v41, v20, v42, v33 offset:512
    global_store32 s15, outp, one, v41   # row 56
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 57
    add outp, outp, 128
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_cas v41, v20, v42, v33 offset:512 noret
    global_store32 s15, outp, one, v41   # row 58
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 59
    add outp, outp, 128
    # every lane adds 1 to one word
    local_store32 v40, one, v32 offset:512
    mov v41, v34
    local_atomic_add v41, one, zero, 1 offset:512
    global_store32 s15, outp, one, v41   # row 60
    add outp, outp, 128
    local_load32 v43, one, v40 offset:512
    global_store32 s15, outp, one, v43   # row 61
    add outp, outp, 128
    sig_wait s15
    end
