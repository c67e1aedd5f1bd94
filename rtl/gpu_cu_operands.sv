// SPDX-License-Identifier: Apache-2.0
// gpu_cu_operands: the EX stage's operands (combinational, from the EX
// registers and the register file's read data): the M mask of all 32 lanes and
// operand slots a, b, c of the EX window (V, S, M or literal). Keeps bit 0 of
// v16..v31 of both slots (the mask bits) in flip-flops, following the writeback's writes.
`default_nettype none

module gpu_cu_operands #(
  parameter int Lanes = 32    // lanes of a window (32 / Lanes windows per vector instruction)
) (
  input  wire              clk_i,
  // the EX instruction
  input  wire              ex_valid_i,
  input  wire              ex_slot_i,
  input  wire [(Lanes < 32 ? $clog2(32 / Lanes) : 1)-1:0] ex_win_i,        // the window in EX
  // the instruction in EX next cycle and its window (for the mask bits, read a cycle ahead)
  input  wire              nx_valid_i,
  input  wire              nx_slot_i,
  input  wire [(Lanes < 32 ? $clog2(32 / Lanes) : 1)-1:0] nx_win_i,
  input  wire [5:0]        ex_kind_i,       // operand kinds (gpu_isa_pkg::KIND_*), 2 bits per slot
  input  wire [17:0]       ex_reg_i,        // operand registers, 6 bits per slot
  input  wire [35:0]       ex_smask_i,      // KIND_M operands' mask fields, 12 bits per slot
  input  wire [11:0]       ex_mask_i,       // the instruction's M field
  input  wire [95:0]       ex_lit_i,        // literals, 32 bits per slot
  input  wire [3*Lanes*32-1:0] rf_rdata_i,      // the register file's window of each slot
  // the waves (gpu_wave_sched) and the task
  input  wire [63:0]       wave_ids_i,
  input  wire [31:0]       group_ids_i,
  input  wire              two_i,           // one group of two waves
  input  wire [15:0]       num_groups_i,
  input  wire [31:0]       args_addr_i,
  // the writeback's register write (window lanes wb_lanes_i of wb_dest_i), placement's clearing
  input  wire              wb_writes_i,
  input  wire              wb_slot_i,
  input  wire [5:0]        wb_dest_i,
  input  wire [31:0]       wb_lanes_i,
  input  wire [Lanes*32-1:0] wb_data_i,
  input  wire [1:0]        clear_slot_i,
  // operands
  output logic [31:0]      mask_o,          // the M operand (all 32 lanes)
  output logic [3*Lanes*32-1:0] opnd_o           // slots a, b, c of the window; lane 0 is the scalar-context value
);

  localparam int Passes = 32 / Lanes;
  localparam int PassW  = Passes > 1 ? $clog2(Passes) : 1;
  localparam int W      = Lanes * 32;   // bits of one window of lanes

  // Window k's bits of a 32-lane mask.
  function automatic logic [Lanes-1:0] bits_of_window(input logic [31:0] m, input logic [PassW-1:0] k);
    bits_of_window = '0;
    for (int i = 0; i < Passes; i++)
      bits_of_window = bits_of_window | ({Lanes{k == PassW'(i)}} & m[i*Lanes +: Lanes]);
  endfunction

  // Mask bits: bit 0 of every lane of v16..v31 per slot,
  // so that masks never read the RAM; they follow every write and clear at placement.
  logic [1023:0] mbits_q;   // slot w, register r at [w*512 + (r-16)*32 +: 32]

  wire [31:0] ex_wave_id  = wave_ids_i[ex_slot_i*32 +: 32];
  wire [15:0] ex_group    = group_ids_i[ex_slot_i*16 +: 16];
  wire        ex_gwave    = two_i && ex_slot_i;

  // Bit 0 of the constants v0..v15 in every lane (constant r at [r*32 +: 32]),
  // for the constants that depend only on the lane (docs/isa.md 1.2).
  function automatic logic [511:0] lane_const_bits();
    logic [511:0] t;
    t = '0;
    for (int l = 0; l < 32; l++) begin
      t[gpu_isa_pkg::REG_ONE*32 + l]    = 1'b1;
      t[gpu_isa_pkg::REG_SID*32 + l]    = l[0];
      t[gpu_isa_pkg::REG_U8_MAX*32 + l] = 1'b1;
      t[gpu_isa_pkg::REG_N2ND*32 + l]   = l % 2 == 0;
      t[gpu_isa_pkg::REG_N3RD*32 + l]   = l % 3 == 0;
      t[gpu_isa_pkg::REG_N4TH*32 + l]   = l % 4 == 0;
      t[gpu_isa_pkg::REG_LO16*32 + l]   = !l[4];
      t[gpu_isa_pkg::REG_CH2*32 + l]    = !l[1];
      t[gpu_isa_pkg::REG_CH4*32 + l]    = !l[2];
      t[gpu_isa_pkg::REG_ALO8*32 + l]   = !l[3];
    end
    lane_const_bits = t;
  endfunction
  localparam logic [511:0] LANE_CONST_BITS = lane_const_bits();

  // Bit 0 of a register of v0..v15 in every lane of a wave of the task, from
  // bit 0 of its wave id, group, group wave, group count and argument address.
  function automatic logic [31:0] const_bits(input logic [5:0] r, input logic wave_id0, input logic group0,
                                             input logic gwave, input logic num_groups0, input logic args0);
    case (r)
      gpu_isa_pkg::REG_WAVE:       const_bits = {32{wave_id0}};
      gpu_isa_pkg::REG_GROUP:      const_bits = {32{group0}};
      gpu_isa_pkg::REG_GROUP_WAVE: const_bits = {32{gwave}};
      gpu_isa_pkg::REG_NUM_GROUPS: const_bits = {32{num_groups0}};
      gpu_isa_pkg::REG_ARGS:       const_bits = {32{args0}};
      default:                     const_bits = LANE_CONST_BITS[r[3:0]*32 +: 32];
    endcase
  endfunction

  // Bit 0 of v0..v31 in every lane of the EX wave (register r at [r*32 +: 32]):
  // the table the M field's lookup reads.
  logic [1023:0] ex_bits;
  always_comb begin
    ex_bits = '0;
    if (ex_valid_i)   // (only then: cheaper to simulate)
      for (int r = 0; r < 32; r++)
        if (r >= 16)
          ex_bits[r*32 +: 32] = ex_slot_i ? mbits_q[512 + (r - 16)*32 +: 32] : mbits_q[(r - 16)*32 +: 32];
        else
          ex_bits[r*32 +: 32] = const_bits(6'(r), ex_wave_id[0], ex_group[0], ex_gwave, num_groups_i[0], args_addr_i[0]);
  end

  // ... and the EX window's lanes of it (register r at [r*Lanes +: Lanes]),
  // which M operands read. With more than one window they are picked a cycle
  // ahead, for each slot, and held in flip-flops, so that the window's
  // multiplexer is not in front of the units: no write can reach these
  // bits in between (a writer of a register the instruction reads was
  // either done before it issued, by the scoreboard, or issued after its
  // last window).
  logic [32*Lanes-1:0] ex_bits_win;
  if (Passes > 1) begin : g_win_ahead
    logic [32*Lanes-1:0] slot_win [2];   // window nx_win_i of each slot's bits
    logic [32*Lanes-1:0] ex_bits_win_q;
    always_comb
      for (int w = 0; w < 2; w++) begin
        slot_win[w] = '0;
        if (nx_valid_i)   // (only then: cheaper to simulate)
          for (int r = 0; r < 32; r++)
            if (r >= 16)
              slot_win[w][r*Lanes +: Lanes] = bits_of_window(mbits_q[w*512 + (r - 16)*32 +: 32], nx_win_i);
            else
              slot_win[w][r*Lanes +: Lanes] = bits_of_window(
                const_bits(6'(r), wave_ids_i[w*32], group_ids_i[w*16], two_i && w == 1, num_groups_i[0], args_addr_i[0]),
                nx_win_i);
      end
    always_ff @(posedge clk_i) ex_bits_win_q <= nx_slot_i ? slot_win[1] : slot_win[0];
    assign ex_bits_win = ex_bits_win_q;
  end else begin : g_win_now
    wire unused_nx = ^{nx_valid_i, nx_slot_i, nx_win_i};
    assign ex_bits_win = ex_bits;
  end
  // A mask field's value (r1 = m[10:6], r2 = m[4:0], each inverted by m[11] / m[5]):
  // all 32 lanes, or the EX window's lanes.
  function automatic logic [31:0] mask_of(input logic [11:0] m, input logic [1023:0] bits);
    mask_of = (bits[m[10:6]*32 +: 32] ^ {32{m[11]}}) & (bits[m[4:0]*32 +: 32] ^ {32{m[5]}});
  endfunction
  function automatic logic [Lanes-1:0] mask_of_win(input logic [11:0] m, input logic [32*Lanes-1:0] bits);
    mask_of_win = (bits[m[10:6]*Lanes +: Lanes] ^ {Lanes{m[11]}}) & (bits[m[4:0]*Lanes +: Lanes] ^ {Lanes{m[5]}});
  endfunction

  // The constants of the EX wave's window, one unit per operand slot (an S operand: window 0).
  logic [3*W-1:0] const_opnd;
  for (genvar p = 0; p < 3; p++) begin : g_const
    gpu_const_regs #(
      .Lanes (Lanes)
    ) u_const (
      .reg_i        (ex_reg_i[p*6 +: 4]),
      .win_i        (ex_kind_i[p*2 +: 2] == gpu_isa_pkg::KIND_S ? PassW'(0) : ex_win_i),
      .wave_id_i    (ex_wave_id),
      .group_id_i   ({16'd0, ex_group}),
      .group_wave_i (ex_gwave),
      .num_groups_i ({16'd0, num_groups_i}),
      .args_addr_i  (args_addr_i),
      .value_o      (const_opnd[p*W +: W])
    );
  end

  always_comb begin
    mask_o = '0;
    opnd_o = '0;
    if (ex_valid_i) begin
      mask_o = mask_of(ex_mask_i, ex_bits);
      for (int p = 0; p < 3; p++) begin
        logic [5:0]  r;
        logic [11:0] m;
        logic [Lanes-1:0] mbits;
        logic [31:0] s;
        // every block-local is assigned on every path (Yosys would infer a latch otherwise)
        r     = ex_reg_i[p*6 +: 6];
        m     = ex_smask_i[p*12 +: 12];
        mbits = '0;
        s     = '0;
        case (ex_kind_i[p*2 +: 2])
          gpu_isa_pkg::KIND_V: begin
            opnd_o[p*W +: W] = r >= 6'd16 ? rf_rdata_i[p*W +: W] : const_opnd[p*W +: W];
          end
          gpu_isa_pkg::KIND_S: begin
            s = r >= 6'd16 ? rf_rdata_i[p*W +: 32] : const_opnd[p*W +: 32];
            opnd_o[p*W +: W] = {Lanes{s}};
          end
          gpu_isa_pkg::KIND_M: begin
            mbits = mask_of_win(m, ex_bits_win);
            for (int l = 0; l < Lanes; l++) opnd_o[p*W + l*32 +: 32] = {31'd0, mbits[l]};
          end
          default: opnd_o[p*W +: W] = {Lanes{ex_lit_i[p*32 +: 32]}};
        endcase
      end
    end
  end

  // The mask bits follow the writeback's writes and clear at placement.
  always_ff @(posedge clk_i) begin
    // (wb_writes_i implies wb_dest_i >= 16: v0..v15 are constants)
    // (each register's bits at constant places: a variable part-select became a barrel shifter in synthesis)
    if (wb_writes_i && wb_dest_i < 6'd32)
      for (int w = 0; w < 2; w++)
        for (int r = 0; r < 16; r++)
          if (wb_slot_i == w[0] && wb_dest_i[3:0] == r[3:0]) begin
            logic [31:0] nb;   // the register's mask bits after the write
            nb = mbits_q[w*512 + r*32 +: 32];
            for (int l = 0; l < 32; l++)
              if (wb_lanes_i[l]) nb[l] = wb_data_i[(l % Lanes)*32];
            mbits_q[w*512 + r*32 +: 32] <= nb;
          end
    for (int w = 0; w < 2; w++)
      if (clear_slot_i[w]) mbits_q[w*512 +: 512] <= '0;
  end

endmodule

`default_nettype wire
