# SPDX-License-Identifier: Apache-2.0
# dt_barrier_ended: a barrier waits only for the waves of the group that have
# not ended (docs/isa.md 4.1). In each 2-wave group, wave 0 stores 0x600D and
# ends without reaching any barrier; wave 1 executes two barriers (they must
# let it through once wave 0 has ended), then stores 0x600E.
# Directed-test layout (tb/kernels/harness.c, dt_run): arguments out, in, in_stride,
# out_stride. Wave w writes output row r at out + w*out_stride + 128*r.
# No input rows. Output row 0: 0x600D (group_wave 0) or 0x600E (group_wave 1).
# run: --groups 8 --buf out=const:512:0xCDCDCDCD --buf in=zeros:16 --args out,in,0,128
.waves 2
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
    brnz second, group_wave
    mov v41, 0x600D                         # wave 0 of the group: no barrier
    global_store32 s15, outp, one, v41      # row 0
    sig_wait s15
    end
second:
    barrier
    barrier
    mov v41, 0x600E
    global_store32 s15, outp, one, v41      # row 0
    sig_wait s15
    end
