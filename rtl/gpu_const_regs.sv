// SPDX-License-Identifier: Apache-2.0
// gpu_const_regs: the value of a predefined constant register v0..v15 for
// one window of Lanes lanes of a wave (all 32 with Lanes = 32), docs/isa.md
// section 1.2. Combinational; the constants never live in the register file.
`default_nettype none

module gpu_const_regs #(
  parameter int Lanes = 32              // lanes of a window: 32, 16, 8, 4, 2 or 1
) (
  input  wire  [3:0]    reg_i,          // constant register index, v0..v15
  input  wire  [(Lanes < 32 ? $clog2(32 / Lanes) : 1)-1:0] win_i,   // the window: lanes [win_i*Lanes, +Lanes)
  input  wire  [31:0]   wave_id_i,      // task-wide wave id
  input  wire  [31:0]   group_id_i,     // work-group id
  input  wire           group_wave_i,   // wave index within the group
  input  wire  [31:0]   num_groups_i,
  input  wire  [31:0]   args_addr_i,
  output logic [Lanes*32-1:0] value_o   // the window's lane i is value_o[i*32 +: 32]
);

  // lane % 3 of every lane, 2 bits each: a table, so that v6 (N3RD) is a
  // 5-input function of the lane instead of a division's adder chain.
  function automatic logic [63:0] mod3_table();
    for (int l = 0; l < 32; l++) mod3_table[l*2 +: 2] = 2'(l % 3);
  endfunction
  localparam logic [63:0] Mod3 = mod3_table();

  for (genvar i = 0; i < Lanes; i++) begin : g_lane
    wire [4:0] L = 5'(32'(win_i) * Lanes + i);   // the lane
    logic [31:0] lane;
    always_comb begin
      lane = {27'd0, L};
      case (reg_i)
        gpu_isa_pkg::REG_ZERO[3:0]:       value_o[i*32 +: 32] = 32'd0;
        gpu_isa_pkg::REG_ONE[3:0]:        value_o[i*32 +: 32] = 32'd1;
        gpu_isa_pkg::REG_SID[3:0]:        value_o[i*32 +: 32] = lane;
        gpu_isa_pkg::REG_WAVE[3:0]:       value_o[i*32 +: 32] = wave_id_i;
        gpu_isa_pkg::REG_U8_MAX[3:0]:     value_o[i*32 +: 32] = 32'd255;
        gpu_isa_pkg::REG_N2ND[3:0]:       value_o[i*32 +: 32] = 32'd1 << L[0];
        gpu_isa_pkg::REG_N3RD[3:0]:       value_o[i*32 +: 32] = 32'd1 << Mod3[L*2 +: 2];
        gpu_isa_pkg::REG_N4TH[3:0]:       value_o[i*32 +: 32] = 32'd1 << L[1:0];
        gpu_isa_pkg::REG_LO16[3:0]:       value_o[i*32 +: 32] = {31'd0, !L[4]};
        gpu_isa_pkg::REG_CH2[3:0]:        value_o[i*32 +: 32] = {31'd0, !L[1]};
        gpu_isa_pkg::REG_CH4[3:0]:        value_o[i*32 +: 32] = {31'd0, !L[2]};
        gpu_isa_pkg::REG_ALO8[3:0]:       value_o[i*32 +: 32] = {31'd0, !L[3]};
        gpu_isa_pkg::REG_GROUP[3:0]:      value_o[i*32 +: 32] = group_id_i;
        gpu_isa_pkg::REG_GROUP_WAVE[3:0]: value_o[i*32 +: 32] = {31'd0, group_wave_i};
        gpu_isa_pkg::REG_NUM_GROUPS[3:0]: value_o[i*32 +: 32] = num_groups_i;
        default:                          value_o[i*32 +: 32] = args_addr_i;
      endcase
    end
  end

endmodule

`default_nettype wire
