# SPDX-License-Identifier: Apache-2.0
# planted_lockstep_pc12.s: a sample regression case of build/bin/kernel_fuzz (issue 18), saved
# as build/fuzz/fail_7.s by `WAVEGPU_LOCKSTEP_PLANT=12 build/bin/kernel_fuzz --seed 7 --seeds 1`:
# from a planted bug, not an RTL bug (tb/fuzz/regress/README.md). It passes as it is;
# scripts/test_fuzz.sh also runs it with the plant and expects the lockstep mismatch below.
# The saved header: a kernel of build/bin/kernel_fuzz (tb/fuzz/), seed 7, minimized to 15 of its 162 instructions
# failure (lockstep:dest_data): GPU_ERR_BACKEND: gpu_wait: rtl backend: lockstep mismatch at cycle 259, CU 0 slot 0 wave 0 pc 12 `s_sub v60, v60, 1` (at build/fuzz/fail_7.s:23: s_sub v60, v60, 1): dest_data lane 0: expected 0x00000006, got 0x00000007 (waves: WAVEGPU_SEED=1 WAVEGPU_FST=waves/fail.fst WAVEGPU_FST_START=59)
# planted: WAVEGPU_LOCKSTEP_PLANT=12 was set: the lockstep model's result at that pc was flipped
# on purpose (a test of the fuzzer, not an RTL bug); without it the kernel passes
# reproduce: build/bin/wgrun tb/fuzz/regress/planted_lockstep_pc12.s --header
# run: --groups 7 --cus 4 --mem-bytes 1048576 --max-cycles 4000000 --latency 100 --jitter 5268532
# run: --buf priv=u32:1792:193099831 --buf in=u32:1024:487384911 --buf sh=u32:64:2020255268 --args priv,in,sh
.waves 1
.lds 1088
    add v21, args, 4
    global_load32 s1, v17, one, v21
    mov v19, 0
    mov v20, 0
    sig_waitall3 s0, s1, s2
    add v16, v16, v22
    mov v24, 0x7f7fffff
    mov v24, ~one, 0x002e4f7d
    shl v21, sid, 2
    add v21, v21, v17
    global_load32 s0, v25, one, v21 sc:system
    mov v60, 8
fill:
    s_sub v60, v60, 1
    brnz fill, v60
    end
