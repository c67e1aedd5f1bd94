# SPDX-License-Identifier: Apache-2.0
# lds_fresh: a new group's LDS allocation reads as zero (docs/architecture.md:
# the CU clears it before the group's waves start, as the golden model does).
# Each 1-wave group reads every word of its allocation (1000 bytes: 250
# words; with two groups on a CU the second one's starts at byte 64536, in
# the middle of a 32-word row, and the first one's ends in the middle of
# one), stores them at out + group*1024 + 4*word, then writes group + 1 to
# every word: the next group placed on the same slot finds a nonzero word
# wherever the clearing missed one.
# Arguments: out (1024 bytes per group). Launch: any number of 1-wave groups.
# run: --groups 32 --cus 2 --buf out=const:8192:0xCDCDCDCD --args out
.waves 1
.lds 1000
.alias outp, v16
.alias w,    v17                 # this lane's word
.alias in,   v18                 # ... is inside the allocation
.alias addr, v19
.alias val,  v20
.alias got,  v21
.alias dst,  v22
.alias tmp,  v23
.alias rows, v24
    global_load32 s0, outp, one, args
    shl tmp, group, 10
    add val, group, 1
    mov w, sid
    sig_wait s0
    add outp, outp, tmp
    mov rows, 8
    # eight rows of 32 words: 0..255, the allocation's 250 and 6 beyond
row:
    lt_u32 in, w, 250
    shl addr, w, 2
    local_load32 got, in, addr
    add dst, outp, addr
    global_store32 s1, dst, in, got  # (waits for the last row's store on s1)
    local_store32 addr, in, val
    add w, w, 32
    sub rows, rows, 1
    brnz row, rows[0]
    sig_wait s1
    end
