// SPDX-License-Identifier: Apache-2.0
// gpu_valu: the integer vector unit: elementwise ALU operations, mov,
// select, first_where_true and the cross-lane shfl/bcast (docs/isa.md
// sections 4.2-4.3) with Lanes physical lanes (gpu_valu_lane). An
// instruction comes one window of Lanes lanes a cycle (valid_i, win_i;
// last_i with its last window: a vector instruction has Passes = 32 / Lanes
// windows, lanes [k*Lanes, (k+1)*Lanes) in window k, one of the scalar unit
// only window 0), and its result leaves one window a cycle (valid_o, win_o,
// last_o; result_o holds window win_o). lane_we_o (all 32 lanes) holds from
// the first window out to the next instruction's. pass0_o is high in the
// cycle an instruction's pass 0 runs.
// - Elementwise: window k's pass runs as it comes, its result one cycle
//   later (latency 1).
// - The picks (first_where_true, shfl, bcast) read any lane: with Passes > 1
//   the unit keeps a copy of the picks' source (A; B for first_where_true;
//   in Lanes banks that every lane reads) and of shfl's lane numbers, and
//   runs the passes in the Passes cycles after the last window came:
//   latency Passes + 1 to the first window.
//   free_o is low while a window coming next cycle would meet them.
// Operands: lane i of a window is bits [i*32 +: 32]. The reductions are
// gpu_reduce's.
`default_nettype none

module gpu_valu #(
  parameter int Lanes = 32              // physical lanes: 32, 16, 8, 4, 2 or 1
) (
  input  wire           clk_i,
  input  wire           rst_i,
  input  wire           valid_i,      // a window of an instruction comes
  input  wire  [(Lanes < 32 ? $clog2(32 / Lanes) : 1)-1:0] win_i,   // its number
  input  wire           last_i,       // ... and it is the instruction's last
  input  wire  [7:0]    opcode_i,
  input  wire  [3:0]    unit_i,       // gpu_isa_pkg::UNIT_VALU / SALU / XLANE (SALU: lane 0 only)
  input  wire  [5:0]    fn_i,         // ALU function
  input  wire  [Lanes*32-1:0] a_i,    // slot a (A, or select's F)
  input  wire  [Lanes*32-1:0] b_i,    // slot b (B, or select's T); lane 0 is its scalar-context value
  input  wire  [31:0]   mask_i,       // the M operand, one bit per lane (all 32)
  output logic          free_o,       // an instruction's first window may come next cycle
  output logic          pass0_o,      // an instruction's pass 0 runs this cycle
  output logic          valid_o,      // a window of the result leaves this cycle
  output logic [(Lanes < 32 ? $clog2(32 / Lanes) : 1)-1:0] win_o,   // its number
  output logic          last_o,       // ... and it is the last one
  output logic [Lanes*32-1:0] result_o, // the window's lanes
  output logic [31:0]   lane_we_o     // lanes of the destination to write
);

  localparam int Passes = 32 / Lanes;
  localparam int PassW  = Passes > 1 ? $clog2(Passes) : 1;
  localparam int W      = Lanes * 32;   // bits of one pass

  localparam logic [1:0] OpAlu    = 2'd0;
  localparam logic [1:0] OpMov    = 2'd1;
  localparam logic [1:0] OpSelect = 2'd2;
  localparam logic [1:0] OpPick   = 2'd3;

  function automatic logic is_pick(input logic [7:0] opcode);
    is_pick = opcode == gpu_isa_pkg::OP_FIRST_WHERE_TRUE || opcode == gpu_isa_pkg::OP_SHFL ||
              opcode == gpu_isa_pkg::OP_BCAST;
  endfunction

  // The write enables of an instruction (they hold until the next one's).
  function automatic logic [31:0] lane_we(input logic [7:0] opcode, input logic [31:0] mask, input logic [3:0] unit);
    case (opcode)
      gpu_isa_pkg::OP_MOV:                                              lane_we = mask;
      gpu_isa_pkg::OP_FIRST_WHERE_TRUE:                                 lane_we = {31'd0, mask != 32'd0};
      gpu_isa_pkg::OP_SHFL, gpu_isa_pkg::OP_BCAST, gpu_isa_pkg::OP_SELECT: lane_we = 32'hFFFF_FFFF;
      default: lane_we = unit == gpu_isa_pkg::UNIT_SALU ? 32'h0000_0001 : 32'hFFFF_FFFF;
    endcase
  endfunction

  // The pass in the lanes this cycle.
  logic             s0_valid;
  logic [PassW-1:0] s0_pass;
  logic             s0_last;
  logic [7:0]       s0_opcode;
  logic [3:0]       s0_unit;
  logic [5:0]       s0_fn;
  logic [Lanes*5-1:0] s0_shfl_idx;        // shfl: the lane each of the pass's lanes picks
  logic [4:0]       s0_bcast_idx;         // B's lane 0: bcast's lane
  logic [31:0]      s0_mask;
  logic [W-1:0]     s0_a, s0_b;           // the pass's lanes
  logic             o_valid_q, o_last_q;
  logic [PassW-1:0] o_pass_q;
  logic [W-1:0]     lane_result;
  logic [1:0]       op;                   // OpAlu, OpMov, OpSelect or OpPick
  logic [Lanes*5-1:0] pick_idx;           // the lane whose word each lane picks
  logic [W-1:0]     pick_word;            // ... and that word (0 but for a valid pick)

  if (Passes == 1) begin : g_one
    assign s0_valid     = valid_i;
    assign s0_pass      = '0;
    assign s0_last      = last_i;
    assign s0_opcode    = opcode_i;
    assign s0_unit      = unit_i;
    assign s0_fn        = fn_i;
    assign s0_bcast_idx = b_i[4:0];
    assign s0_mask      = mask_i;
    assign s0_a         = a_i;
    assign s0_b         = b_i;
    assign free_o       = 1'b1;
    wire unused_win = ^win_i;
    wire [1023:0] pick_all = opcode_i == gpu_isa_pkg::OP_FIRST_WHERE_TRUE ? b_i : a_i;
    for (genvar l = 0; l < 32; l++) begin : g_idx
      assign s0_shfl_idx[l*5 +: 5] = b_i[l*32 +: 5];
      // (computed only for a valid pick: an idle unit costs the simulator nothing)
      always_comb begin
        pick_word[l*32 +: 32] = 32'd0;
        if (s0_valid && op == OpPick) pick_word[l*32 +: 32] = pick_all[pick_idx[l*5 +: 5]*32 +: 32];
      end
    end
  end else begin : g_passes
    // A pick instruction: its fields and sources, collected window by window;
    // its passes then run from them. The source is kept in Lanes banks of
    // Passes words (bank j, row k: lane k*Lanes + j), one write a cycle each,
    // which every lane reads (small LUT RAMs in synthesis, instead of a
    // 32-to-1 word multiplexer per lane).
    localparam int BankBits = $clog2(Lanes);                 // a pick's bank: the low bits of its lane (none with one lane)
    localparam int LaneW    = BankBits > 0 ? BankBits : 1;
    logic [Lanes*LaneW-1:0] pick_bank;    // each lane's pick: its bank ...
    logic [Lanes*PassW-1:0] pick_row;     // ... and row
    logic [7:0]        opcode_q;
    logic [5:0]        fn_q;
    logic [3:0]        unit_q;
    logic [31:0]       mask_q;
    logic [32*5-1:0]   idx_q;             // B's lane numbers (shfl), all lanes
    logic [4:0]        bcast_q;
    logic              run_q;             // a pick pass runs this cycle
    logic [PassW-1:0]  run_pass_q;

    wire pick_in = valid_i && is_pick(opcode_i);
    always_ff @(posedge clk_i) begin
      if (pick_in) begin
        if (win_i == '0) begin
          opcode_q <= opcode_i;
          fn_q     <= fn_i;
          unit_q   <= unit_i;
          mask_q   <= mask_i;
          bcast_q  <= b_i[4:0];
        end
        // (slices at constant places: a variable part-select became a barrel shifter in synthesis)
        for (int k = 0; k < Passes; k++)
          if (win_i == PassW'(k))
            for (int l = 0; l < Lanes; l++) idx_q[(k*Lanes + l)*5 +: 5] <= b_i[l*32 +: 5];
      end
      if (pick_in && last_i) begin
        run_q      <= 1'b1;
        run_pass_q <= '0;
      end else if (run_q) begin
        run_pass_q <= run_pass_q + PassW'(1);
        if (run_pass_q == PassW'(Passes - 1)) run_q <= 1'b0;
      end
      if (rst_i) run_q <= 1'b0;
    end

    // The banks; bank_rd holds, for lane l, every bank's word at the row of
    // its pick (lane l, bank j at [(l*Lanes + j)*32 +: 32]).
    wire [W-1:0] pick_src = opcode_i == gpu_isa_pkg::OP_FIRST_WHERE_TRUE ? b_i : a_i;
    logic [Lanes*W-1:0] bank_rd;
    for (genvar j = 0; j < Lanes; j++) begin : g_bank
      logic [31:0] words [Passes];
      always_ff @(posedge clk_i)
        if (pick_in) words[win_i] <= pick_src[j*32 +: 32];
      for (genvar l = 0; l < Lanes; l++) begin : g_read
        assign bank_rd[(l*Lanes + j)*32 +: 32] = words[pick_row[l*PassW +: PassW]];
      end
    end
    for (genvar l = 0; l < Lanes; l++) begin : g_pick
      always_comb begin
        pick_word[l*32 +: 32] = '0;
        for (int j = 0; j < Lanes; j++)
          if (pick_bank[l*LaneW +: LaneW] == LaneW'(j)) pick_word[l*32 +: 32] = bank_rd[(l*Lanes + j)*32 +: 32];
      end
    end

    // Elementwise windows run as they come; pick passes from the copy.
    assign s0_valid     = (valid_i && !is_pick(opcode_i)) || run_q;
    assign s0_pass      = run_q ? run_pass_q : win_i;
    assign s0_last      = run_q ? run_pass_q == PassW'(Passes - 1) : last_i;
    assign s0_opcode    = run_q ? opcode_q : opcode_i;
    assign s0_unit      = run_q ? unit_q : unit_i;
    assign s0_fn        = run_q ? fn_q : fn_i;
    assign s0_mask      = run_q ? mask_q : mask_i;
    assign s0_bcast_idx = bcast_q;
    assign s0_a         = a_i;
    assign s0_b         = b_i;
    always_comb begin
      s0_shfl_idx = '0;
      for (int k = 0; k < Passes; k++)
        if (run_pass_q == PassW'(k)) s0_shfl_idx = idx_q[k*Lanes*5 +: Lanes*5];
    end
    for (genvar l = 0; l < Lanes; l++) begin : g_where
      assign pick_bank[l*LaneW +: LaneW] = BankBits > 0 ? pick_idx[l*5 +: LaneW] : '0;
      assign pick_row[l*PassW +: PassW]  = pick_idx[l*5 + BankBits +: PassW];
    end
    // (the last window of a pick instruction comes now, or its passes have more than this cycle to run)
    assign free_o = !(pick_in && last_i) && !(run_q && run_pass_q != PassW'(Passes - 1));
  end

  assign pass0_o = s0_valid && s0_pass == '0;
  always_ff @(posedge clk_i)
    if (pass0_o) lane_we_o <= lane_we(s0_opcode, s0_mask, s0_unit);

  wire is_fwt   = s0_opcode == gpu_isa_pkg::OP_FIRST_WHERE_TRUE;
  wire is_shfl  = s0_opcode == gpu_isa_pkg::OP_SHFL;
  wire is_bcast = s0_opcode == gpu_isa_pkg::OP_BCAST;

  always_comb begin
    case (s0_opcode)
      gpu_isa_pkg::OP_MOV:    op = OpMov;
      gpu_isa_pkg::OP_SELECT: op = OpSelect;
      gpu_isa_pkg::OP_FIRST_WHERE_TRUE, gpu_isa_pkg::OP_SHFL, gpu_isa_pkg::OP_BCAST: op = OpPick;
      default:                op = OpAlu;
    endcase
  end

  // The lane whose word a lane picks: shfl its own B lane, bcast B's lane 0,
  // first_where_true the lowest lane of the mask (its word is B's).
  logic [4:0] first;
  always_comb begin
    first = 5'd0;
    if (s0_valid && is_fwt)   // (only then: an idle unit costs the simulator nothing)
      for (int l = 31; l >= 0; l--)
        if (s0_mask[l]) first = l[4:0];
  end

  for (genvar l = 0; l < Lanes; l++) begin : g_lane
    assign pick_idx[l*5 +: 5] = is_shfl ? s0_shfl_idx[l*5 +: 5] : is_bcast ? s0_bcast_idx : first;

    gpu_valu_lane u_lane (
      .clk_i    (clk_i),
      .en_i     (s0_valid),
      .op_i     (op),
      .fn_i     (s0_fn),
      .a_i      (s0_a[l*32 +: 32]),
      .b_i      (s0_b[l*32 +: 32]),
      .m_i      (s0_mask[s0_pass*Lanes + l]),
      .xword_i  (pick_word[l*32 +: 32]),
      .result_o (lane_result[l*32 +: 32])
    );
  end

  always_ff @(posedge clk_i) begin
    if (s0_valid) begin
      o_pass_q <= s0_pass;
      o_last_q <= s0_last;
    end
    o_valid_q <= s0_valid;
    if (rst_i) o_valid_q <= 1'b0;
  end
  assign valid_o  = o_valid_q;
  assign win_o    = o_pass_q;
  assign last_o   = o_valid_q && o_last_q;
  assign result_o = lane_result;

endmodule

`default_nettype wire
