// SPDX-License-Identifier: Apache-2.0
// gpu_predecode: the slow half of decoding, done once per instruction as the
// program is written into a compute unit's instruction memory: table lookups
// on the opcode, legality, the registers the sources read, the execution
// class and the signal slots waited on. The result (gpu_predecode_pkg's
// layout) is stored beside the instruction, so that the scheduler's
// readiness check starts from flip-flop and block-RAM outputs instead of a
// decoder. A pure function of the instruction word; combinational.
`default_nettype none

module gpu_predecode (
  input  wire  [63:0]                          inst_i,
  output logic [gpu_predecode_pkg::PRE_W-1:0] pre_o
);

  logic        legal, writes_dest, const_write, has_mask;
  logic [4:0]  fmt;
  logic [3:0]  unit;
  logic [5:0]  fn;
  logic [7:0]  opcode;
  logic [5:0]  dest;
  logic [11:0] mask;
  logic [2:0]  src_used;
  logic [5:0]  src_kind;
  logic [17:0] src_reg;
  logic [95:0] unused_lit;
  logic [35:0] src_mask;
  logic [31:0] unused_target;
  logic [15:0] sigs;
  logic [3:0]  sig;
  logic [1:0]  unused_scope;
  logic        unused_nt;
  logic        noret;
  logic [15:0] unused_offset;

  gpu_decode u_decode (
    .inst_i        (inst_i),
    .legal_o       (legal),
    .fmt_o         (fmt),
    .unit_o        (unit),
    .fn_o          (fn),
    .opcode_o      (opcode),
    .writes_dest_o (writes_dest),
    .dest_o        (dest),
    .const_write_o (const_write),
    .has_mask_o    (has_mask),
    .mask_o        (mask),
    .src_used_o    (src_used),
    .src_kind_o    (src_kind),
    .src_reg_o     (src_reg),
    .src_lit_o     (unused_lit),
    .src_mask_o    (src_mask),
    .target_o      (unused_target),
    .sigs_o        (sigs),
    .sig_o         (sig),
    .scope_o       (unused_scope),
    .nt_o          (unused_nt),
    .noret_o       (noret),
    .offset_o      (unused_offset)
  );

  logic [5:0]  ref_used;
  logic [35:0] ref_reg;
  logic [15:0] waits, any;
  logic        is_gmem, is_lds, is_branch, is_end, fp_fixed, fdiv, sdiv, red, valu, xlat, gret, wide, serial;
  logic        alu;

  always_comb begin
    // The registers the sources read: a vector or scalar register, or a mask operand's two.
    ref_reg  = '0;
    ref_used = '0;
    for (int s = 0; s < 3; s++)
      if (src_kind[s*2 +: 2] == gpu_isa_pkg::KIND_M) begin
        ref_reg[(2*s)*6 +: 6]   = {1'b0, src_mask[s*12+6 +: 5]};
        ref_reg[(2*s+1)*6 +: 6] = {1'b0, src_mask[s*12 +: 5]};
        ref_used[2*s]   = src_used[s];
        ref_used[2*s+1] = src_used[s];
      end else begin
        ref_reg[(2*s)*6 +: 6] = src_reg[s*6 +: 6];
        ref_used[2*s] = src_used[s] && (src_kind[s*2 +: 2] == gpu_isa_pkg::KIND_V ||
                                        src_kind[s*2 +: 2] == gpu_isa_pkg::KIND_S);
      end

    // Signals waited on at issue: sig_wait*'s list, or a global access's own slot.
    is_gmem = unit == gpu_isa_pkg::UNIT_GMEM;
    waits = 16'd0;
    if (fmt == gpu_isa_pkg::FMT_SIGW)
      for (int k = 0; k < 4; k++)
        if (fn > k[5:0]) waits[sigs[k*4 +: 4]] = 1'b1;
    if (is_gmem) begin
      waits = 16'd0;
      waits[sig] = 1'b1;
    end
    // sig_waitany*_br waits until one of its slots is done.
    any = 16'd0;
    if (fmt == gpu_isa_pkg::FMT_SIGBR)
      for (int k = 0; k < 4; k++)
        if (fn > k[5:0]) any[sigs[k*4 +: 4]] = 1'b1;

    // Execution class.
    is_lds    = unit == gpu_isa_pkg::UNIT_LDS;
    is_branch = unit == gpu_isa_pkg::UNIT_BRANCH;
    is_end    = opcode == gpu_isa_pkg::OP_END;
    alu       = unit == gpu_isa_pkg::UNIT_VALU || unit == gpu_isa_pkg::UNIT_SALU;
    fp_fixed  = alu && gpu_isa_pkg::FN_CLASS[fn*2 +: 2] == gpu_isa_pkg::FNC_F32;
    fdiv      = alu && gpu_isa_pkg::FN_CLASS[fn*2 +: 2] == gpu_isa_pkg::FNC_F32_DIVSQRT;
    sdiv      = unit == gpu_isa_pkg::UNIT_SALU && gpu_isa_pkg::FN_CLASS[fn*2 +: 2] == gpu_isa_pkg::FNC_SDIV;
    red       = unit == gpu_isa_pkg::UNIT_RED;
    valu      = (alu && !fp_fixed && !fdiv && !sdiv) || unit == gpu_isa_pkg::UNIT_XLANE;
    xlat      = valu && (unit == gpu_isa_pkg::UNIT_XLANE || opcode == gpu_isa_pkg::OP_FIRST_WHERE_TRUE);
    gret      = fmt == gpu_isa_pkg::FMT_GLOBAL_LOAD || (fmt == gpu_isa_pkg::FMT_GLOBAL_ATOMIC && !noret);
    wide      = unit == gpu_isa_pkg::UNIT_VALU || unit == gpu_isa_pkg::UNIT_XLANE || red || is_lds ||
                (is_gmem && fmt != gpu_isa_pkg::FMT_CACHE);
    serial    = is_branch || is_end || opcode == gpu_isa_pkg::OP_BARRIER || fmt == gpu_isa_pkg::FMT_SIGD;
  end

  // (dest and mask are fields of the word: the scheduler reads them there)
  logic unused;
  assign unused = ^{dest, mask};

  always_comb begin
    pre_o = '0;
    pre_o[gpu_predecode_pkg::P_LEGAL]            = legal;
    pre_o[gpu_predecode_pkg::P_CONST_WRITE]      = const_write;
    pre_o[gpu_predecode_pkg::P_WRITES_DEST]      = writes_dest;
    pre_o[gpu_predecode_pkg::P_HAS_MASK]         = has_mask;
    pre_o[gpu_predecode_pkg::P_REF_USED +: 6]    = ref_used;
    pre_o[gpu_predecode_pkg::P_REF_REG +: 36]    = ref_reg;
    pre_o[gpu_predecode_pkg::P_IS_GMEM]          = is_gmem;
    pre_o[gpu_predecode_pkg::P_IS_LDS]           = is_lds;
    pre_o[gpu_predecode_pkg::P_IS_BRANCH]        = is_branch;
    pre_o[gpu_predecode_pkg::P_IS_END]           = is_end;
    pre_o[gpu_predecode_pkg::P_SERIAL]           = serial;
    pre_o[gpu_predecode_pkg::P_FP_FIXED]         = fp_fixed;
    pre_o[gpu_predecode_pkg::P_FDIV]             = fdiv;
    pre_o[gpu_predecode_pkg::P_SDIV]             = sdiv;
    pre_o[gpu_predecode_pkg::P_RED]              = red;
    pre_o[gpu_predecode_pkg::P_VALU]             = valu;
    pre_o[gpu_predecode_pkg::P_XLAT]             = xlat;
    pre_o[gpu_predecode_pkg::P_GRET]             = gret;
    pre_o[gpu_predecode_pkg::P_WIDE]             = wide;
    pre_o[gpu_predecode_pkg::P_WAITS +: 16]      = waits;
    pre_o[gpu_predecode_pkg::P_ANY +: 16]        = any;
  end

endmodule

`default_nettype wire
