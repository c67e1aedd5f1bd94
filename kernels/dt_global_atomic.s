# SPDX-License-Identifier: Apache-2.0
# dt_global_atomic: every global_atomic_<op> (docs/isa.md 4.7), returning and
# noret, masked, each lane on its own word and several lanes of the wave on one
# word (ascending lane order), cas hits and misses, with scope/nt modifiers.
# The atomics act on the wave's own output rows (no other wave touches them):
# each row is set to I by a store that is waited on, then the atomic runs on it.
# Directed-test layout (tb/kernels/harness.c, dt_run): arguments out, in, in_stride,
# out_stride. Wave w reads input row r (32 words, one per lane) at
# in + w*in_stride + 128*r and writes output row r at out + w*out_stride + 128*r.
# Inputs: row 0 = I (v32, initial words), row 1 = V (v33, operands), row 2 =
# C (v34, the prior D: cas compare values), row 3 = M (v20, mask bits), row
# 4 = W (v35, word indices). Ops in this order, six rows each:
#   add min_u32 min_i32 max_u32 max_i32 and or xor xchg cas
# then two rows of the 32-lanes-on-one-word add. Modifiers per op:
#   add: (none)
#   min_u32: sc:group
#   min_i32: sc:device
#   max_u32: sc:system
#   max_i32: nt
#   and: sc:device nt
#   or: sc:wave
#   xor: sc:system nt
#   xchg: sc:group nt
#   cas: (none)
# Inputs in 0x7FFFFFFE..0x80000001: cas hits and misses, min/max _u32 and _i32 disagree,
# random mask bits, and all four words for W & 3.
# run: --groups 8 --buf out=const:15872:0xCDCDCDCD --buf in=u32:1280:92:0x7FFFFFFE:0x80000001
# run: --args out,in,640,7936
.waves 1
# Output rows:
#    0: add, each lane its own word: the words after
#    1: add, each lane its own word: returned old values (C where not selected)
#    2: add, lanes on words W & 3 in ascending lane order: the words after
#    3: add, lanes on words W & 3: returned old values
#    4: add noret, lanes on words W & 3: the words after
#    5: add noret: D unchanged (C)
#    6: min_u32 sc:group, each lane its own word: the words after
#    7: min_u32, each lane its own word: returned old values (C where not selected)
#    8: min_u32 sc:group, lanes on words W & 3 in ascending lane order: the words after
#    9: min_u32, lanes on words W & 3: returned old values
#   10: min_u32 sc:group noret, lanes on words W & 3: the words after
#   11: min_u32 noret: D unchanged (C)
#   12: min_i32 sc:device, each lane its own word: the words after
#   13: min_i32, each lane its own word: returned old values (C where not selected)
#   14: min_i32 sc:device, lanes on words W & 3 in ascending lane order: the words after
#   15: min_i32, lanes on words W & 3: returned old values
#   16: min_i32 sc:device noret, lanes on words W & 3: the words after
#   17: min_i32 noret: D unchanged (C)
#   18: max_u32 sc:system, each lane its own word: the words after
#   19: max_u32, each lane its own word: returned old values (C where not selected)
#   20: max_u32 sc:system, lanes on words W & 3 in ascending lane order: the words after
#   21: max_u32, lanes on words W & 3: returned old values
#   22: max_u32 sc:system noret, lanes on words W & 3: the words after
#   23: max_u32 noret: D unchanged (C)
#   24: max_i32 nt, each lane its own word: the words after
#   25: max_i32, each lane its own word: returned old values (C where not selected)
#   26: max_i32 nt, lanes on words W & 3 in ascending lane order: the words after
#   27: max_i32, lanes on words W & 3: returned old values
#   28: max_i32 nt noret, lanes on words W & 3: the words after
#   29: max_i32 noret: D unchanged (C)
#   30: and sc:device nt, each lane its own word: the words after
#   31: and, each lane its own word: returned old values (C where not selected)
#   32: and sc:device nt, lanes on words W & 3 in ascending lane order: the words after
#   33: and, lanes on words W & 3: returned old values
#   34: and sc:device nt noret, lanes on words W & 3: the words after
#   35: and noret: D unchanged (C)
#   36: or sc:wave, each lane its own word: the words after
#   37: or, each lane its own word: returned old values (C where not selected)
#   38: or sc:wave, lanes on words W & 3 in ascending lane order: the words after
#   39: or, lanes on words W & 3: returned old values
#   40: or sc:wave noret, lanes on words W & 3: the words after
#   41: or noret: D unchanged (C)
#   42: xor sc:system nt, each lane its own word: the words after
#   43: xor, each lane its own word: returned old values (C where not selected)
#   44: xor sc:system nt, lanes on words W & 3 in ascending lane order: the words after
#   45: xor, lanes on words W & 3: returned old values
#   46: xor sc:system nt noret, lanes on words W & 3: the words after
#   47: xor noret: D unchanged (C)
#   48: xchg sc:group nt, each lane its own word: the words after
#   49: xchg, each lane its own word: returned old values (C where not selected)
#   50: xchg sc:group nt, lanes on words W & 3 in ascending lane order: the words after
#   51: xchg, lanes on words W & 3: returned old values
#   52: xchg sc:group nt noret, lanes on words W & 3: the words after
#   53: xchg noret: D unchanged (C)
#   54: cas, each lane its own word: the words after
#   55: cas, each lane its own word: returned old values (C where not selected)
#   56: cas, lanes on words W & 3 in ascending lane order: the words after
#   57: cas, lanes on words W & 3: returned old values
#   58: cas noret, lanes on words W & 3: the words after
#   59: cas noret: D unchanged (C)
#   60: add 1, all 32 lanes on word 0: the words after (word 0 = I[0] + 32)
#   61: add 1, all 32 lanes on word 0: returned I[0] + l
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
    shl v43, sid, 2
    and v42, v35, 3
    shl v42, v42, 2                          # 4 * (W & 3)
    # global_atomic_add
    global_store32 s1, outp, one, v32
    mov v41, v34
    sig_wait s1
    global_atomic_add s2, v41, v20, outp, v33
    sig_wait s2
    add outp, outp, 128                     # row 0 done
    global_store32 s15, outp, one, v41   # row 1
    add outp, outp, 128
    global_store32 s1, outp, one, v32
    sub v44, outp, v43
    add v44, v44, v42                        # word W & 3 of this row
    mov v41, v34
    sig_wait s1
    global_atomic_add s2, v41, v20, v44, v33
    sig_wait s2
    add outp, outp, 128                     # row 2 done
    global_store32 s15, outp, one, v41   # row 3
    add outp, outp, 128
    global_store32 s1, outp, one, v32
    sub v44, outp, v43
    add v44, v44, v42
    mov v41, v34
    sig_wait s1
    global_atomic_add s2, v41, v20, v44, v33 noret
    sig_wait s2
    add outp, outp, 128                     # row 4 done
    global_store32 s15, outp, one, v41   # row 5
    add outp, outp, 128
    # global_atomic_min_u32 sc:group
    global_store32 s1, outp, one, v32
    mov v41, v34
    sig_wait s1
    global_atomic_min_u32 s2, v41, v20, outp, v33 sc:group
    sig_wait s2
    add outp, outp, 128                     # row 6 done
    global_store32 s15, outp, one, v41   # row 7
    add outp, outp, 128
    global_store32 s1, outp, one, v32
    sub v44, outp, v43
    add v44, v44, v42                        # word W & 3 of this row
    mov v41, v34
    sig_wait s1
    global_atomic_min_u32 s2, v41, v20, v44, v33 sc:group
    sig_wait s2
    add outp, outp, 128                     # row 8 done
    global_store32 s15, outp, one, v41   # row 9
    add outp, outp, 128
    global_store32 s1, outp, one, v32
    sub v44, outp, v43
    add v44, v44, v42
    mov v41, v34
    sig_wait s1
    global_atomic_min_u32 s2, v41, v20, v44, v33 sc:group noret
    sig_wait s2
    add outp, outp, 128                     # row 10 done
    global_store32 s15, outp, one, v41   # row 11
    add outp, outp, 128
    # global_atomic_min_i32 sc:device
    global_store32 s1, outp, one, v32
    mov v41, v34
    sig_wait s1
    global_atomic_min_i32 s2, v41, v20, outp, v33 sc:device
    sig_wait s2
    add outp, outp, 128                     # row 12 done
    global_store32 s15, outp, one, v41   # row 13
    add outp, outp, 128
    global_store32 s1, outp, one, v32
    sub v44, outp, v43
    add v44, v44, v42                        # word W & 3 of this row
    mov v41, v34
    sig_wait s1
    global_atomic_min_i32 s2, v41, v20, v44, v33 sc:device
    sig_wait s2
    add outp, outp, 128                     # row 14 done
    global_store32 s15, outp, one, v41   # row 15
    add outp, outp, 128
    global_store32 s1, outp, one, v32
    sub v44, outp, v43
    add v44, v44, v42
    mov v41, v34
    sig_wait s1
    global_atomic_min_i32 s2, v41, v20, v44, v33 sc:device noret
    sig_wait s2
    add outp, outp, 128                     # row 16 done
    global_store32 s15, outp, one, v41   # row 17
    add outp, outp, 128
    # global_atomic_max_u32 sc:system
    global_store32 s1, outp, one, v32
    mov v41, v34
    sig_wait s1
    global_atomic_max_u32 s2, v41, v20, outp, v33 sc:system
    sig_wait s2
    add outp, outp, 128                     # row 18 done
    global_store32 s15, outp, one, v41   # row 19
    add outp, outp, 128
    global_store32 s1, outp, one, v32
    sub v44, outp, v43
    add v44, v44, v42                        # word W & 3 of this row
    mov v41, v34
    sig_wait s1
    global_atomic_max_u32 s2, v41, v20, v44, v33 sc:system
    sig_wait s2
    add outp, outp, 128                     # row 20 done
    global_store32 s15, outp, one, v41   # row 21
    add outp, outp, 128
    global_store32 s1, outp, one, v32
    sub v44, outp, v43
    add v44, v44, v42
    mov v41, v34
    sig_wait s1
    global_atomic_max_u32 s2, v41, v20, v44, v33 sc:system noret
    sig_wait s2
    add outp, outp, 128                     # row 22 done
    global_store32 s15, outp, one, v41   # row 23
    add outp, outp, 128
    # global_atomic_max_i32 nt
    global_store32 s1, outp, one, v32
    mov v41, v34
    sig_wait s1
    global_atomic_max_i32 s2, v41, v20, outp, v33 nt
    sig_wait s2
    add outp, outp, 128                     # row 24 done
    global_store32 s15, outp, one, v41   # row 25
    add outp, outp, 128
    global_store32 s1, outp, one, v32
    sub v44, outp, v43
    add v44, v44, v42                        # word W & 3 of this row
    mov v41, v34
    sig_wait s1
    global_atomic_max_i32 s2, v41, v20, v44, v33 nt
    sig_wait s2
    add outp, outp, 128                     # row 26 done
    global_store32 s15, outp, one, v41   # row 27
    add outp, outp, 128
    global_store32 s1, outp, one, v32
    sub v44, outp, v43
    add v44, v44, v42
    mov v41, v34
    sig_wait s1
    global_atomic_max_i32 s2, v41, v20, v44, v33 nt noret
    sig_wait s2
    add outp, outp, 128                     # row 28 done
    global_store32 s15, outp, one, v41   # row 29
    add outp, outp, 128
    # global_atomic_and sc:device nt
    global_store32 s1, outp, one, v32
    mov v41, v34
    sig_wait s1
    global_atomic_and s2, v41, v20, outp, v33 sc:device nt
    sig_wait s2
    add outp, outp, 128                     # row 30 done
    global_store32 s15, outp, one, v41   # row 31
    add outp, outp, 128
    global_store32 s1, outp, one, v32
    sub v44, outp, v43
    add v44, v44, v42                        # word W & 3 of this row
    mov v41, v34
    sig_wait s1
    global_atomic_and s2, v41, v20, v44, v33 sc:device nt
    sig_wait s2
    add outp, outp, 128                     # row 32 done
    global_store32 s15, outp, one, v41   # row 33
    add outp, outp, 128
    global_store32 s1, outp, one, v32
    sub v44, outp, v43
    add v44, v44, v42
    mov v41, v34
    sig_wait s1
    global_atomic_and s2, v41, v20, v44, v33 sc:device nt noret
    sig_wait s2
    add outp, outp, 128                     # row 34 done
    global_store32 s15, outp, one, v41   # row 35
    add outp, outp, 128
    # global_atomic_or sc:wave
    global_store32 s1, outp, one, v32
    mov v41, v34
    sig_wait s1
    global_atomic_or s2, v41, v20, outp, v33 sc:wave
    sig_wait s2
    add outp, outp, 128                     # row 36 done
    global_store32 s15, outp, one, v41   # row 37
    add outp, outp, 128
    global_store32 s1, outp, one, v32
    sub v44, outp, v43
    add v44, v44, v42                        # word W & 3 of this row
    mov v41, v34
    sig_wait s1
    global_atomic_or s2, v41, v20, v44, v33 sc:wave
    sig_wait s2
    add outp, outp, 128                     # row 38 done
    global_store32 s15, outp, one, v41   # row 39
    add outp, outp, 128
    global_store32 s1, outp, one, v32
    sub v44, outp, v43
    add v44, v44, v42
    mov v41, v34
    sig_wait s1
    global_atomic_or s2, v41, v20, v44, v33 sc:wave noret
    sig_wait s2
    add outp, outp, 128                     # row 40 done
    global_store32 s15, outp, one, v41   # row 41
    add outp, outp, 128
    # global_atomic_xor sc:system nt
    global_store32 s1, outp, one, v32
    mov v41, v34
    sig_wait s1
    global_atomic_xor s2, v41, v20, outp, v33 sc:system nt
    sig_wait s2
    add outp, outp, 128                     # row 42 done
    global_store32 s15, outp, one, v41   # row 43
    add outp, outp, 128
    global_store32 s1, outp, one, v32
    sub v44, outp, v43
    add v44, v44, v42                        # word W & 3 of this row
    mov v41, v34
    sig_wait s1
    global_atomic_xor s2, v41, v20, v44, v33 sc:system nt
    sig_wait s2
    add outp, outp, 128                     # row 44 done
    global_store32 s15, outp, one, v41   # row 45
    add outp, outp, 128
    global_store32 s1, outp, one, v32
    sub v44, outp, v43
    add v44, v44, v42
    mov v41, v34
    sig_wait s1
    global_atomic_xor s2, v41, v20, v44, v33 sc:system nt noret
    sig_wait s2
    add outp, outp, 128                     # row 46 done
    global_store32 s15, outp, one, v41   # row 47
    add outp, outp, 128
    # global_atomic_xchg sc:group nt
    global_store32 s1, outp, one, v32
    mov v41, v34
    sig_wait s1
    global_atomic_xchg s2, v41, v20, outp, v33 sc:group nt
    sig_wait s2
    add outp, outp, 128                     # row 48 done
    global_store32 s15, outp, one, v41   # row 49
    add outp, outp, 128
    global_store32 s1, outp, one, v32
    sub v44, outp, v43
    add v44, v44, v42                        # word W & 3 of this row
    mov v41, v34
    sig_wait s1
    global_atomic_xchg s2, v41, v20, v44, v33 sc:group nt
    sig_wait s2
    add outp, outp, 128                     # row 50 done
    global_store32 s15, outp, one, v41   # row 51
    add outp, outp, 128
    global_store32 s1, outp, one, v32
    sub v44, outp, v43
    add v44, v44, v42
    mov v41, v34
    sig_wait s1
    global_atomic_xchg s2, v41, v20, v44, v33 sc:group nt noret
    sig_wait s2
    add outp, outp, 128                     # row 52 done
    global_store32 s15, outp, one, v41   # row 53
    add outp, outp, 128
    # global_atomic_cas
    global_store32 s1, outp, one, v32
    mov v41, v34
    sig_wait s1
    global_atomic_cas s2, v41, v20, outp, v33
    sig_wait s2
    add outp, outp, 128                     # row 54 done
    global_store32 s15, outp, one, v41   # row 55
    add outp, outp, 128
    global_store32 s1, outp, one, v32
    sub v44, outp, v43
    add v44, v44, v42                        # word W & 3 of this row
    mov v41, v34
    sig_wait s1
    global_atomic_cas s2, v41, v20, v44, v33
    sig_wait s2
    add outp, outp, 128                     # row 56 done
    global_store32 s15, outp, one, v41   # row 57
    add outp, outp, 128
    global_store32 s1, outp, one, v32
    sub v44, outp, v43
    add v44, v44, v42
    mov v41, v34
    sig_wait s1
    global_atomic_cas s2, v41, v20, v44, v33 noret
    sig_wait s2
    add outp, outp, 128                     # row 58 done
    global_store32 s15, outp, one, v41   # row 59
    add outp, outp, 128
    # every lane adds 1 to one word
    global_store32 s1, outp, one, v32
    sub v44, outp, v43
    mov v41, v34
    sig_wait s1
    global_atomic_add s2, v41, one, v44, 1
    sig_wait s2
    add outp, outp, 128                     # row 60 done
    global_store32 s15, outp, one, v41   # row 61
    add outp, outp, 128
    sig_wait s15
    end
