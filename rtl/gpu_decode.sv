// SPDX-License-Identifier: Apache-2.0
// gpu_decode: splits one instruction word into what the issue stage needs:
// format, unit, ALU function, destination, up to three source operand slots
// (kind, register, literal, mask), the mask operand M, signals, memory
// modifiers, and whether the word is legal (canonical, docs/isa.md section 3).
// Purely combinational.
//
// Source slots: a = A / SEL_F / ADDR, b = long B / ALU3 B / SEL_T / V,
// c = ALU3 C / the CAS compare register D. A memory address register and the
// CAS compare are presented as kind V. Each slot reads at most one vector
// register; a mask-kind slot names two mask registers instead.
`default_nettype none

module gpu_decode (
  input  wire  [63:0] inst_i,

  output logic        legal_o,        // defined opcode, canonical encoding
  output logic [4:0]  fmt_o,
  output logic [3:0]  unit_o,
  output logic [5:0]  fn_o,           // ALU function, or signal count for SIG
  output logic [7:0]  opcode_o,

  output logic        writes_dest_o,  // writes register D
  output logic [5:0]  dest_o,
  output logic        const_write_o,  // writes_dest_o and D is v0..v15

  output logic        has_mask_o,     // the M field is an operand
  output logic [11:0] mask_o,

  // source slots a, b, c
  output logic [2:0]  src_used_o,
  output logic [5:0]  src_kind_o,     // slot s kind is [s*2 +: 2]
  output logic [17:0] src_reg_o,      // slot s register is [s*6 +: 6]
  output logic [95:0] src_lit_o,      // slot s literal (sign-extended short or full long) [s*32 +: 32]
  output logic [35:0] src_mask_o,     // slot s mask (kind M) [s*12 +: 12]

  output logic [31:0] target_o,       // branch target
  output logic [15:0] sigs_o,         // S1..S4 (SIG formats) as [k*4 +: 4]
  output logic [3:0]  sig_o,          // SIG field (global, cache)
  output logic [1:0]  scope_o,
  output logic        nt_o,
  output logic        noret_o,
  output logic [15:0] offset_o        // LDS offset
);

  localparam int NumFmts = $bits(gpu_isa_pkg::FMT_USED_BITS) / 64;
  localparam logic [4:0] NumFmtsW = NumFmts[4:0];

  // One source slot from its type (gpu_isa_pkg::SRC_*) and field:
  // {used, kind[1:0], reg[5:0], literal[31:0], mask[11:0], well formed}.
  // A register-kind short source keeps payload [11:6] zero; a long one keeps
  // [31:6] (or [31:12] for a mask) zero. CAS_D is a source only for CAS.
  function automatic logic [53:0] slot(input logic [2:0] typ, input logic [13:0] field, input logic [1:0] lk,
                                       input logic [31:0] lv, input logic cas);
    slot = '0;
    case (typ)
      gpu_isa_pkg::SRC_SHORT:
        slot = {1'b1, field[13:12], field[5:0], {{20{field[11]}}, field[11:0]}, field[11:0],
                field[13] || field[11:6] == 6'd0};
      gpu_isa_pkg::SRC_LONG:
        slot = {1'b1, lk, lv[5:0], lv, lv[11:0],
                lk == gpu_isa_pkg::KIND_L || (lk == gpu_isa_pkg::KIND_M ? lv[31:12] == 20'd0 : lv[31:6] == 26'd0)};
      gpu_isa_pkg::SRC_VREG:
        slot = {1'b1, gpu_isa_pkg::KIND_V, field[5:0], 32'd0, 12'd0, 1'b1};
      gpu_isa_pkg::SRC_CAS_D:
        if (cas) slot = {1'b1, gpu_isa_pkg::KIND_V, field[5:0], 32'd0, 12'd0, 1'b1};
        else slot = {53'd0, 1'b1};
      default:
        slot = {53'd0, 1'b1};
    endcase
  endfunction

  logic [63:0] used_bits;
  logic        fields_ok;
  logic        sig_ok;
  logic [1:0]  long_kind;
  logic [31:0] long_val;
  logic        is_cas;
  logic [53:0] slot_a;
  logic [53:0] slot_b;
  logic [53:0] slot_c;
  logic [1:0]  sigs_rule;
  logic [1:0]  dest_rule;

  assign opcode_o  = inst_i[gpu_isa_pkg::F_OPCODE_HI:gpu_isa_pkg::F_OPCODE_LO];
  assign fmt_o     = gpu_isa_pkg::OPCODE_FMT[opcode_o*5 +: 5];
  assign unit_o    = gpu_isa_pkg::OPCODE_UNIT[opcode_o*4 +: 4];
  assign fn_o      = gpu_isa_pkg::OPCODE_AUX[opcode_o*6 +: 6];
  assign dest_o    = inst_i[gpu_isa_pkg::F_D_HI:gpu_isa_pkg::F_D_LO];
  assign mask_o    = inst_i[gpu_isa_pkg::F_M_HI:gpu_isa_pkg::F_M_LO];
  assign target_o  = inst_i[gpu_isa_pkg::F_TARGET_HI:gpu_isa_pkg::F_TARGET_LO];
  assign sigs_rule = gpu_isa_pkg::fmt_sigs(fmt_o);
  assign sigs_o    = gpu_isa_pkg::fmt_sig_fields(fmt_o, inst_i);
  assign sig_o     = sigs_o[3:0];
  assign scope_o   = inst_i[gpu_isa_pkg::F_SCOPE_HI:gpu_isa_pkg::F_SCOPE_LO];
  assign nt_o      = inst_i[gpu_isa_pkg::F_NT_HI];
  assign noret_o   = inst_i[gpu_isa_pkg::F_NORET_HI];
  assign offset_o  = inst_i[gpu_isa_pkg::F_OFFSET_HI:gpu_isa_pkg::F_OFFSET_LO];
  assign long_kind = inst_i[gpu_isa_pkg::F_LK_HI:gpu_isa_pkg::F_LK_LO];
  assign long_val  = inst_i[gpu_isa_pkg::F_LV_HI:gpu_isa_pkg::F_LV_LO];
  assign used_bits = (fmt_o < NumFmtsW) ? gpu_isa_pkg::FMT_USED_BITS[fmt_o*64 +: 64] : 64'd0;
  assign is_cas    = fn_o == gpu_isa_pkg::FN_CAS;

  // The source slots and the mask operand, as isa.def's ISA_FMT_OPERANDS rows say.
  assign slot_a = slot(gpu_isa_pkg::fmt_src_a_type(fmt_o), gpu_isa_pkg::fmt_src_a_field(fmt_o, inst_i), long_kind, long_val, is_cas);
  assign slot_b = slot(gpu_isa_pkg::fmt_src_b_type(fmt_o), gpu_isa_pkg::fmt_src_b_field(fmt_o, inst_i), long_kind, long_val, is_cas);
  assign slot_c = slot(gpu_isa_pkg::fmt_src_c_type(fmt_o), gpu_isa_pkg::fmt_src_c_field(fmt_o, inst_i), long_kind, long_val, is_cas);
  assign src_used_o = {slot_c[53], slot_b[53], slot_a[53]};
  assign src_kind_o = {slot_c[52:51], slot_b[52:51], slot_a[52:51]};
  assign src_reg_o  = {slot_c[50:45], slot_b[50:45], slot_a[50:45]};
  assign src_lit_o  = {slot_c[44:13], slot_b[44:13], slot_a[44:13]};
  assign src_mask_o = {slot_c[12:1], slot_b[12:1], slot_a[12:1]};
  assign has_mask_o = gpu_isa_pkg::fmt_has_mask(fmt_o);

  // A signal list may use only as many 4-bit fields as the opcode's signal count.
  always_comb begin
    sig_ok = 1'b1;
    if (sigs_rule == gpu_isa_pkg::SIGS_LIST)
      for (int k = 1; k < 4; k++)
        if (fn_o <= 6'(k) && sigs_o[k*4 +: 4] != 4'd0) sig_ok = 1'b0;
  end

  assign fields_ok = (inst_i & ~used_bits) == 64'd0;
  assign legal_o   = gpu_isa_pkg::OPCODE_VALID[opcode_o] && fields_ok && sig_ok && slot_a[0] && slot_b[0] && slot_c[0];

  assign dest_rule     = gpu_isa_pkg::fmt_dest(fmt_o);
  assign writes_dest_o = dest_rule == gpu_isa_pkg::DEST_D || (dest_rule == gpu_isa_pkg::DEST_D_UNLESS_NORET && !noret_o);
  assign const_write_o = writes_dest_o && dest_o < 6'd16;

endmodule

`default_nettype wire
