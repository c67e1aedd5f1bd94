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

  logic [63:0] used_bits;
  logic        fields_ok;
  logic        sig_ok;
  logic        srcs_ok;
  logic [13:0] short_a;
  logic [13:0] short_b;
  logic [13:0] short_c;
  logic [1:0]  long_kind;
  logic [31:0] long_val;
  logic        is_cas;
  logic [2:0]  short_ok;
  logic        long_ok;

  wire [13:0] field_a     = inst_i[gpu_isa_pkg::F_A_HI:gpu_isa_pkg::F_A_LO];
  wire [13:0] field_b3    = inst_i[gpu_isa_pkg::F_B3_HI:gpu_isa_pkg::F_B3_LO];
  wire [13:0] field_c3    = inst_i[gpu_isa_pkg::F_C3_HI:gpu_isa_pkg::F_C3_LO];
  wire [13:0] field_sel_f = inst_i[gpu_isa_pkg::F_SEL_F_HI:gpu_isa_pkg::F_SEL_F_LO];
  wire [13:0] field_sel_t = inst_i[gpu_isa_pkg::F_SEL_T_HI:gpu_isa_pkg::F_SEL_T_LO];
  wire [13:0] field_v     = inst_i[gpu_isa_pkg::F_V_HI:gpu_isa_pkg::F_V_LO];
  wire [5:0]  field_addr  = inst_i[gpu_isa_pkg::F_ADDR_HI:gpu_isa_pkg::F_ADDR_LO];

  assign opcode_o  = inst_i[gpu_isa_pkg::F_OPCODE_HI:gpu_isa_pkg::F_OPCODE_LO];
  assign fmt_o     = gpu_isa_pkg::OPCODE_FMT[opcode_o*5 +: 5];
  assign unit_o    = gpu_isa_pkg::OPCODE_UNIT[opcode_o*4 +: 4];
  assign fn_o      = gpu_isa_pkg::OPCODE_AUX[opcode_o*6 +: 6];
  assign dest_o    = inst_i[gpu_isa_pkg::F_D_HI:gpu_isa_pkg::F_D_LO];
  assign mask_o    = inst_i[gpu_isa_pkg::F_M_HI:gpu_isa_pkg::F_M_LO];
  assign target_o  = inst_i[gpu_isa_pkg::F_TARGET_HI:gpu_isa_pkg::F_TARGET_LO];
  assign sigs_o    = {inst_i[gpu_isa_pkg::F_S4_HI:gpu_isa_pkg::F_S4_LO], inst_i[gpu_isa_pkg::F_S3_HI:gpu_isa_pkg::F_S3_LO],
                      inst_i[gpu_isa_pkg::F_S2_HI:gpu_isa_pkg::F_S2_LO], inst_i[gpu_isa_pkg::F_S1_HI:gpu_isa_pkg::F_S1_LO]};
  assign sig_o     = inst_i[gpu_isa_pkg::F_SIG_HI:gpu_isa_pkg::F_SIG_LO];
  assign scope_o   = inst_i[gpu_isa_pkg::F_SCOPE_HI:gpu_isa_pkg::F_SCOPE_LO];
  assign nt_o      = inst_i[gpu_isa_pkg::F_NT_HI];
  assign noret_o   = inst_i[gpu_isa_pkg::F_NORET_HI];
  assign offset_o  = inst_i[gpu_isa_pkg::F_OFFSET_HI:gpu_isa_pkg::F_OFFSET_LO];
  assign long_kind = inst_i[gpu_isa_pkg::F_LK_HI:gpu_isa_pkg::F_LK_LO];
  assign long_val  = inst_i[gpu_isa_pkg::F_LV_HI:gpu_isa_pkg::F_LV_LO];
  assign used_bits = (fmt_o < NumFmtsW) ? gpu_isa_pkg::FMT_USED_BITS[fmt_o*64 +: 64] : 64'd0;
  assign is_cas    = (fn_o == gpu_isa_pkg::FN_CAS) &&
                     (fmt_o == gpu_isa_pkg::FMT_LDS_ATOMIC || fmt_o == gpu_isa_pkg::FMT_GLOBAL_ATOMIC);

  // Which short sources each format has.
  always_comb begin
    short_a = 14'd0;
    short_b = 14'd0;
    short_c = 14'd0;
    case (fmt_o)
      gpu_isa_pkg::FMT_ALU2, gpu_isa_pkg::FMT_BRS:
        short_a = field_a;
      gpu_isa_pkg::FMT_ALU3: begin
        short_a = field_a;
        short_b = field_b3;
        short_c = field_c3;
      end
      gpu_isa_pkg::FMT_SEL: begin
        short_a = field_sel_f;
        short_b = field_sel_t;
      end
      gpu_isa_pkg::FMT_LDS_STORE, gpu_isa_pkg::FMT_LDS_ATOMIC,
      gpu_isa_pkg::FMT_GLOBAL_STORE, gpu_isa_pkg::FMT_GLOBAL_ATOMIC:
        short_b = field_v;
      default: ;
    endcase
  end

  // A register-kind short source keeps payload [11:6] zero; a long one keeps [31:6] (or [31:12] for M) zero.
  assign short_ok[0] = short_a[13] || short_a[11:6] == 6'd0;
  assign short_ok[1] = short_b[13] || short_b[11:6] == 6'd0;
  assign short_ok[2] = short_c[13] || short_c[11:6] == 6'd0;
  assign long_ok     = (long_kind == gpu_isa_pkg::KIND_L) ||
                       (long_kind == gpu_isa_pkg::KIND_M ? long_val[31:12] == 20'd0 : long_val[31:6] == 26'd0);

  always_comb begin
    src_used_o = 3'b000;
    src_kind_o = 6'd0;
    src_reg_o  = 18'd0;
    src_lit_o  = 96'd0;
    src_mask_o = 36'd0;
    srcs_ok    = 1'b1;
    has_mask_o = 1'b0;
    // slot a
    case (fmt_o)
      gpu_isa_pkg::FMT_ALU2, gpu_isa_pkg::FMT_ALU3, gpu_isa_pkg::FMT_SEL, gpu_isa_pkg::FMT_BRS: begin
        src_used_o[0]       = 1'b1;
        src_kind_o[1:0]     = short_a[13:12];
        src_reg_o[5:0]      = short_a[5:0];
        src_lit_o[31:0]     = {{20{short_a[11]}}, short_a[11:0]};
        src_mask_o[11:0]    = short_a[11:0];
        srcs_ok             = srcs_ok & short_ok[0];
      end
      gpu_isa_pkg::FMT_LDS_LOAD, gpu_isa_pkg::FMT_LDS_STORE, gpu_isa_pkg::FMT_LDS_ATOMIC,
      gpu_isa_pkg::FMT_GLOBAL_LOAD, gpu_isa_pkg::FMT_GLOBAL_STORE, gpu_isa_pkg::FMT_GLOBAL_ATOMIC: begin
        src_used_o[0]       = 1'b1;
        src_kind_o[1:0]     = gpu_isa_pkg::KIND_V;
        src_reg_o[5:0]      = field_addr;
      end
      default: ;
    endcase
    // slot b
    case (fmt_o)
      gpu_isa_pkg::FMT_ALU1, gpu_isa_pkg::FMT_ALU2, gpu_isa_pkg::FMT_MOV: begin
        src_used_o[1]       = 1'b1;
        src_kind_o[3:2]     = long_kind;
        src_reg_o[11:6]     = long_val[5:0];
        src_lit_o[63:32]    = long_val;
        src_mask_o[23:12]   = long_val[11:0];
        srcs_ok             = srcs_ok & long_ok;
      end
      gpu_isa_pkg::FMT_ALU3, gpu_isa_pkg::FMT_SEL, gpu_isa_pkg::FMT_LDS_STORE, gpu_isa_pkg::FMT_LDS_ATOMIC,
      gpu_isa_pkg::FMT_GLOBAL_STORE, gpu_isa_pkg::FMT_GLOBAL_ATOMIC: begin
        src_used_o[1]       = 1'b1;
        src_kind_o[3:2]     = short_b[13:12];
        src_reg_o[11:6]     = short_b[5:0];
        src_lit_o[63:32]    = {{20{short_b[11]}}, short_b[11:0]};
        src_mask_o[23:12]   = short_b[11:0];
        srcs_ok             = srcs_ok & short_ok[1];
      end
      default: ;
    endcase
    // slot c
    if (fmt_o == gpu_isa_pkg::FMT_ALU3) begin
      src_used_o[2]         = 1'b1;
      src_kind_o[5:4]       = short_c[13:12];
      src_reg_o[17:12]      = short_c[5:0];
      src_lit_o[95:64]      = {{20{short_c[11]}}, short_c[11:0]};
      src_mask_o[35:24]     = short_c[11:0];
      srcs_ok               = srcs_ok & short_ok[2];
    end else if (is_cas) begin
      src_used_o[2]         = 1'b1;
      src_kind_o[5:4]       = gpu_isa_pkg::KIND_V;
      src_reg_o[17:12]      = dest_o;
    end
    // the mask operand M
    case (fmt_o)
      gpu_isa_pkg::FMT_MOV, gpu_isa_pkg::FMT_SEL, gpu_isa_pkg::FMT_BRM, gpu_isa_pkg::FMT_LDS_LOAD,
      gpu_isa_pkg::FMT_LDS_STORE, gpu_isa_pkg::FMT_LDS_ATOMIC, gpu_isa_pkg::FMT_GLOBAL_LOAD,
      gpu_isa_pkg::FMT_GLOBAL_STORE, gpu_isa_pkg::FMT_GLOBAL_ATOMIC:
        has_mask_o = 1'b1;
      default: ;
    endcase
  end

  // Signal formats may use only as many S fields as their signal count.
  always_comb begin
    sig_ok = 1'b1;
    if (fmt_o == gpu_isa_pkg::FMT_SIGD || fmt_o == gpu_isa_pkg::FMT_SIGW) begin
      if (fn_o < 6'd2 && sigs_o[7:4] != 4'd0) sig_ok = 1'b0;
      if (fn_o < 6'd3 && sigs_o[11:8] != 4'd0) sig_ok = 1'b0;
      if (fn_o < 6'd4 && sigs_o[15:12] != 4'd0) sig_ok = 1'b0;
    end
  end

  assign fields_ok = (inst_i & ~used_bits) == 64'd0;
  assign legal_o   = gpu_isa_pkg::OPCODE_VALID[opcode_o] && fields_ok && sig_ok && srcs_ok;

  always_comb begin
    case (fmt_o)
      gpu_isa_pkg::FMT_ALU1, gpu_isa_pkg::FMT_ALU2, gpu_isa_pkg::FMT_ALU3, gpu_isa_pkg::FMT_MOV,
      gpu_isa_pkg::FMT_SEL, gpu_isa_pkg::FMT_SIGD, gpu_isa_pkg::FMT_LDS_LOAD, gpu_isa_pkg::FMT_GLOBAL_LOAD:
        writes_dest_o = 1'b1;
      gpu_isa_pkg::FMT_LDS_ATOMIC, gpu_isa_pkg::FMT_GLOBAL_ATOMIC:
        writes_dest_o = !noret_o;
      default:
        writes_dest_o = 1'b0;
    endcase
  end
  assign const_write_o = writes_dest_o && dest_o < 6'd16;

endmodule

`default_nettype wire
