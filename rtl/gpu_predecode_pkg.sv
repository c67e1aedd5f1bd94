// SPDX-License-Identifier: Apache-2.0
// gpu_predecode_pkg: the layout of the predecoded word that a compute unit's
// instruction memory keeps beside each instruction (gpu_predecode writes it,
// gpu_wave_sched reads it). Field NAME sits at [P_NAME +: its width].
`default_nettype none

package gpu_predecode_pkg;

  localparam int P_LEGAL       = 0;   // 1: defined opcode, canonical encoding
  localparam int P_CONST_WRITE = 1;   // 1: writes one of v0..v15
  localparam int P_WRITES_DEST = 2;   // 1: writes register D
  localparam int P_HAS_MASK    = 3;   // 1: the M field is an operand
  localparam int P_REF_USED    = 4;   // 6: source register i is read (see P_REF_REG)
  localparam int P_REF_REG     = 10;  // 36: the registers the sources read, [i*6 +: 6]: for source slot s,
                                      // i = 2s is its register (a mask operand's r1), i = 2s+1 a mask operand's r2
  localparam int P_IS_GMEM     = 46;  // 1 each: the unit or class
  localparam int P_IS_LDS      = 47;
  localparam int P_IS_BRANCH   = 48;
  localparam int P_IS_END      = 49;
  localparam int P_SERIAL      = 50;  // 1: serializes its wave whatever its unit (branch, end, barrier, sig_done*)
  localparam int P_FP_FIXED    = 51;  // 1: the f32 pipe (fixed latency)
  localparam int P_FDIV        = 52;  // 1: the f32 divide/sqrt unit
  localparam int P_SDIV        = 53;  // 1: the scalar divider
  localparam int P_RED         = 54;  // 1: the reduction unit
  localparam int P_VALU        = 55;  // 1: the integer ALU (vector or scalar, or a cross-lane pick)
  localparam int P_XLAT        = 56;  // 1: ... with the cross-lane latency (shfl, bcast, first_where_true)
  localparam int P_GRET        = 57;  // 1: a global load or returning atomic (its destination becomes pending)
  localparam int P_WIDE        = 58;  // 1: a vector instruction (one execute window per lane window)
  localparam int P_WAITS       = 59;  // 16: signal slots it waits on at issue (sig_wait*, or a global access's own)
  localparam int P_ANY         = 75;  // 16: sig_waitany*_br's slots, of which one must be done
  localparam int PRE_W         = 91;

endpackage

`default_nettype wire
