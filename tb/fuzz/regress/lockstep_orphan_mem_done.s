# SPDX-License-Identifier: Apache-2.0
# lockstep_orphan_mem_done.s: a bug of the lockstep checker found by build/bin/kernel_fuzz (issue 18),
# seeds 10380 and 11647 of make fuzz SEEDS=3000 SEED=10001, minimized to 32 instructions. Fixed:
# Lockstep::dispatch (sim/lockstep.cpp) moved the accesses still without a MEM_DONE of slots
# d.slot..GOLDEN_SLOTS-1 to the orphan queues, also for a group of one wave placed in slot 0, so the
# live wave of slot 1 lost its pending queue; its next MEM_DONE then popped an orphan of an earlier
# wave of slot 1 ("entry reused before its MEM_DONE"). Now only the placed group's own slots
# (d.slot .. d.slot + waves_per_group - 1) give up their queues.
# The saved header: a kernel of build/bin/kernel_fuzz (tb/fuzz/), seed 11647, minimized to 32 of its 244 instructions
# failure (lockstep:MEM_DONE): GPU_ERR_BACKEND: gpu_wait: rtl backend: lockstep mismatch at cycle 1090, CU 0 slot 1 wave 1 pc 30 `global_store32 s2, v21, ~v31, v32 sc:group nt` (at build/fuzz/min11647/fail_11647.s:39: global_store32 s2, v21, ~v31, v32 sc:group nt): MEM_DONE: expected the access in memory-unit entry 1, got that entry reused before its MEM_DONE (waves: WAVEGPU_SEED=1 WAVEGPU_FST=waves/fail.fst WAVEGPU_FST_START=890)
# reproduce: build/bin/wgrun tb/fuzz/regress/lockstep_orphan_mem_done.s --header
# run: --groups 4 --cus 1 --mem-bytes 1048576 --max-cycles 4000000 --latency 100 --jitter 5177285
# run: --buf priv=u32:1024:783256952 --buf in=u32:1024:1748148193 --buf sh=u32:64:1485884742 --args priv,in,sh
.waves 1
.lds 320
    global_load32 s0, v16, one, args
    add v21, args, 8
    global_load32 s2, v18, one, v21
    sig_waitall4 s0, s1, s2, s3
    bcast v25, ~v17 & one, v26
    sub v21, 31, sid
    shl v21, v21, 2
    add v21, v21, v16
    add v21, v21, 844
    global_store32 s3, v21, one, 0 sc:group
    and v21, sid, 0x1e
    shl v21, v21, 2
    add v21, v21, v16
    add v21, v21, 268
    global_atomic_min_i32 s4, v42, ~wave & v25, v21, v28 sc:device nt
    sig_wait s4
    mul_lo v21, sid, 32
    and v21, v21, 252
    add v21, v21, v16
    add v21, v21, 256
    global_store32 s12, v21, ~n2nd & ~v31, v37
    and v21, sid, 0x1e
    shl v21, v21, 2
    add v21, v21, v16
    add v21, v21, 604
    global_store32 s15, v21, group_wave & v26, v44 sc:group nt
    and v21, sid, 0x1e
    shl v21, v21, 2
    add v21, v21, v16
    add v21, v21, 844
    global_store32 s2, v21, ~v31, v32 sc:group nt
    end
