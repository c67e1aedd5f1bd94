# SPDX-License-Identifier: Apache-2.0
# fault_oob: a kernel that faults on purpose, for the fault registers.
# Every lane of every wave loads the word at base + 4*(wave*32 + lane) and
# stores it back one word higher; with base near the end of device memory the
# lanes past the end fault (GLOBAL_OUT_OF_RANGE) and the task stops at the first
# faulting instruction.
#
# Arguments: base (byte address, a multiple of 4).
# Launch: any number of 1-wave groups.
# run: --mem-bytes 16777216 --groups 8 --args 16776572 --expect-fault GLOBAL_OUT_OF_RANGE
.waves 1

.alias base, v16
.alias i,    v17
.alias addr, v18
.alias x,    v32

    global_load32 s0, base, one, args
    shl i, wave, 5
    add i, i, sid                   # i = wave*32 + lane
    shl addr, i, 2
    sig_wait s0
    add addr, addr, base
    global_load32 s1, x, one, addr
    sig_wait s1
    add addr, addr, 4
    global_store32 s2, addr, one, x
    sig_wait s2
    end
