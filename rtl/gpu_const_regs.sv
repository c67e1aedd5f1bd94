// gpu_const_regs: the value of a predefined constant register v0..v15 for
// all 32 lanes of one wave (docs/isa.md section 1.2). Combinational; the
// constants never live in the register file.
`default_nettype none

module gpu_const_regs (
  input  wire  [3:0]    reg_i,          // constant register index, v0..v15
  input  wire  [31:0]   wave_id_i,      // task-wide wave id
  input  wire  [31:0]   group_id_i,     // work-group id
  input  wire           group_wave_i,   // wave index within the group
  input  wire  [31:0]   num_groups_i,
  input  wire  [31:0]   args_addr_i,
  output logic [1023:0] value_o         // lane L is value_o[L*32 +: 32]
);

  for (genvar lane = 0; lane < 32; lane++) begin : g_lane
    localparam logic [4:0] L = lane;
    always_comb begin
      case (reg_i)
        gpu_isa_pkg::REG_ZERO[3:0]:       value_o[lane*32 +: 32] = 32'd0;
        gpu_isa_pkg::REG_ONE[3:0]:        value_o[lane*32 +: 32] = 32'd1;
        gpu_isa_pkg::REG_SID[3:0]:        value_o[lane*32 +: 32] = lane;
        gpu_isa_pkg::REG_WAVE[3:0]:       value_o[lane*32 +: 32] = wave_id_i;
        gpu_isa_pkg::REG_U8_MAX[3:0]:     value_o[lane*32 +: 32] = 32'd255;
        gpu_isa_pkg::REG_N2ND[3:0]:       value_o[lane*32 +: 32] = 32'd1 << (lane % 2);
        gpu_isa_pkg::REG_N3RD[3:0]:       value_o[lane*32 +: 32] = 32'd1 << (lane % 3);
        gpu_isa_pkg::REG_N4TH[3:0]:       value_o[lane*32 +: 32] = 32'd1 << (lane % 4);
        gpu_isa_pkg::REG_LO16[3:0]:       value_o[lane*32 +: 32] = {31'd0, !L[4]};
        gpu_isa_pkg::REG_CH2[3:0]:        value_o[lane*32 +: 32] = {31'd0, !L[1]};
        gpu_isa_pkg::REG_CH4[3:0]:        value_o[lane*32 +: 32] = {31'd0, !L[2]};
        gpu_isa_pkg::REG_ALO8[3:0]:       value_o[lane*32 +: 32] = {31'd0, !L[3]};
        gpu_isa_pkg::REG_GROUP[3:0]:      value_o[lane*32 +: 32] = group_id_i;
        gpu_isa_pkg::REG_GROUP_WAVE[3:0]: value_o[lane*32 +: 32] = {31'd0, group_wave_i};
        gpu_isa_pkg::REG_NUM_GROUPS[3:0]: value_o[lane*32 +: 32] = num_groups_i;
        default:                          value_o[lane*32 +: 32] = args_addr_i;
      endcase
    end
  end

endmodule

`default_nettype wire
