# SPDX-License-Identifier: Apache-2.0
# dt_end: end with global stores still in flight (docs/isa.md 4.1: "its
# outstanding global accesses still complete"), and the code after end not run.
# Directed-test layout (tb/kernels/harness.c, dt_run): arguments out, in, in_stride,
# out_stride. Wave w reads input row r (32 words, one per lane) at
# in + w*in_stride + 128*r and writes output row r at out + w*out_stride + 128*r.
# Input: row 0 = A. Output rows:
#    0: A + 1, stored on s15 just before end (never waited on)
#    1: 0x600D, stored on s14 just before end (never waited on)
# The code after the first end would overwrite both rows with 0xBAD.
# run: --groups 8 --buf out=const:512:0xCDCDCDCD --buf in=u32:256:65 --args out,in,128,256
.waves 1
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
    global_load32 s0, v32, one, inp         # A
    sig_wait s0
    add v41, v32, 1
    global_store32 s15, outp, one, v41      # row 0
    add v42, outp, 128
    mov v43, 0x600D
    global_store32 s14, v42, one, v43       # row 1
    end                                     # both stores are still in flight here
    mov v41, 0xBAD
    global_store32 s13, outp, one, v41
    global_store32 s12, v42, one, v41
    sig_waitall2 s12, s13
    end
