// gpu_valu: the integer vector unit: elementwise ALU operations, mov,
// select, first_where_true and the cross-lane shfl/bcast (docs/isa.md
// sections 4.2-4.3) on the 32 lanes of a wave, with Lanes physical lanes
// (gpu_valu_lane). A wave instruction takes Passes = 32 / Lanes passes, one
// per cycle: pass k computes lanes [k*Lanes, (k+1)*Lanes). An instruction
// may enter when ready_o. Its result leaves one window of Lanes lanes a
// cycle, windows 0..Passes-1 in consecutive cycles (valid_o, win_o, last_o;
// result_o holds window win_o), the first Latency cycles after valid_i;
// lane_we_o (all 32 lanes) holds from the first window to the next
// instruction's. pass0_o is high in the cycle its pass 0 runs.
// - 32 lanes: one instruction per cycle, latency 1, pass 0 from the operands
//   as given (pass0_o = valid_i).
// - Fewer: the unit copies the instruction with valid_i and runs every pass
//   from the copy, passes 0..Passes-1 in the Passes cycles after valid_i:
//   latency 2 to the first window. The cross-lane picks then read one
//   register (the copy of A, or of B for first_where_true) instead of the
//   operands as given and their copies.
// Operands are full 32-lane values; lane L is bits [L*32 +: 32]. The
// reductions are gpu_reduce's.
`default_nettype none

module gpu_valu #(
  parameter int Lanes = 32              // physical lanes: 32, 16, 8, 4, 2 or 1
) (
  input  wire           clk_i,
  input  wire           rst_i,
  input  wire           valid_i,
  input  wire  [7:0]    opcode_i,
  input  wire  [3:0]    unit_i,       // gpu_isa_pkg::UNIT_VALU / SALU / XLANE (SALU: lane 0 only)
  input  wire  [5:0]    fn_i,         // ALU function
  input  wire  [1023:0] a_i,          // slot a (A, or select's F)
  input  wire  [1023:0] b_i,          // slot b (B, or select's T); lane 0 is its scalar-context value
  input  wire  [31:0]   mask_i,       // the M operand, one bit per lane
  output logic          ready_o,      // valid_i may be high this cycle
  output logic          ready_next_o, // ... and next cycle, unless valid_i is high now (Passes > 1)
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

  // The instruction of the pass in the lanes.
  logic             s0_valid;
  logic [PassW-1:0] s0_pass;
  logic [7:0]       s0_opcode;
  logic [5:0]       s0_fn;
  logic [1023:0]    s0_pick_all;          // every lane of the picks' source (A; B for first_where_true)
  logic [4:0]       s0_bcast_idx;         // B's lane 0: bcast's lane
  logic [31:0]      s0_mask;
  logic [W-1:0]     s0_a, s0_b;           // the pass's lanes
  logic             o_valid_q;
  logic [PassW-1:0] o_pass_q;
  logic [W-1:0]     lane_result;

  // The write enables of an instruction (they hold until the next one's).
  function automatic logic [31:0] lane_we(input logic [7:0] opcode, input logic [31:0] mask, input logic [3:0] unit);
    case (opcode)
      gpu_isa_pkg::OP_MOV:                                              lane_we = mask;
      gpu_isa_pkg::OP_FIRST_WHERE_TRUE:                                 lane_we = {31'd0, mask != 32'd0};
      gpu_isa_pkg::OP_SHFL, gpu_isa_pkg::OP_BCAST, gpu_isa_pkg::OP_SELECT: lane_we = 32'hFFFF_FFFF;
      default: lane_we = unit == gpu_isa_pkg::UNIT_SALU ? 32'h0000_0001 : 32'hFFFF_FFFF;
    endcase
  endfunction

  if (Passes == 1) begin : g_one
    assign s0_valid    = valid_i;
    assign s0_pass     = '0;
    assign s0_opcode   = opcode_i;
    assign s0_fn       = fn_i;
    assign s0_pick_all = opcode_i == gpu_isa_pkg::OP_FIRST_WHERE_TRUE ? b_i : a_i;
    assign s0_bcast_idx = b_i[4:0];
    assign s0_mask     = mask_i;
    assign s0_a        = a_i;
    assign s0_b        = b_i;
    assign ready_o      = 1'b1;
    assign ready_next_o = 1'b1;
    assign pass0_o      = valid_i;
    always_ff @(posedge clk_i)
      if (valid_i) lane_we_o <= lane_we(opcode_i, mask_i, unit_i);
  end else begin : g_passes
    // The copy of the instruction, taken with valid_i; every pass runs from it.
    logic [7:0]       opcode_q;
    logic [5:0]       fn_q;
    logic [3:0]       unit_q;
    logic [31:0]      mask_q;
    logic [1023:0]    pick_q, b_q;        // whole operands (shfl reads any lane)
    logic             run_q;              // a pass runs this cycle
    logic [PassW-1:0] run_pass_q;
    logic             copy;
    logic [PassW-1:0] seq_pass;

    // The pass schedule of valid_i, one cycle later.
    gpu_pass_seq #(
      .Passes (Passes)
    ) u_passes (
      .clk_i        (clk_i),
      .rst_i        (rst_i),
      .valid_i      (valid_i),
      .ready_o      (ready_o),
      .ready_next_o (ready_next_o),
      .copy_o       (copy),
      .pass_o       (seq_pass)
    );

    assign s0_valid    = run_q;
    assign s0_pass     = run_pass_q;
    assign s0_opcode   = opcode_q;
    assign s0_fn       = fn_q;
    assign s0_pick_all = pick_q;
    assign s0_bcast_idx = b_q[4:0];
    assign s0_mask     = mask_q;
    assign pass0_o     = run_q && run_pass_q == '0;
    // (slices at constant places, one AND-OR per pass: a variable part-select
    // became a barrel shifter in synthesis)
    always_comb begin
      s0_a = '0;
      s0_b = '0;
      for (int k = 0; k < Passes; k++) begin
        s0_a = s0_a | ({W{s0_pass == PassW'(k)}} & pick_q[k*W +: W]);
        s0_b = s0_b | ({W{s0_pass == PassW'(k)}} & b_q[k*W +: W]);
      end
    end

    always_ff @(posedge clk_i) begin
      if (valid_i) begin
        opcode_q <= opcode_i;
        fn_q     <= fn_i;
        unit_q   <= unit_i;
        mask_q   <= mask_i;
        // (first_where_true uses no A: its copy holds B, the picks' source)
        pick_q   <= opcode_i == gpu_isa_pkg::OP_FIRST_WHERE_TRUE ? b_i : a_i;
        b_q      <= b_i;
      end
      run_q      <= valid_i || copy;
      run_pass_q <= seq_pass;
      if (pass0_o) lane_we_o <= lane_we(opcode_q, mask_q, unit_q);
      if (rst_i) run_q <= 1'b0;
    end
  end

  wire is_fwt   = s0_opcode == gpu_isa_pkg::OP_FIRST_WHERE_TRUE;
  wire is_shfl  = s0_opcode == gpu_isa_pkg::OP_SHFL;
  wire is_bcast = s0_opcode == gpu_isa_pkg::OP_BCAST;

  logic [1:0] op;
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
    wire [4:0] pick_idx = is_shfl ? s0_b[l*32 +: 5] : is_bcast ? s0_bcast_idx : first;
    // (computed only for a valid pick: an idle unit costs the simulator nothing)
    logic [31:0] xword;
    always_comb begin
      xword = 32'd0;
      if (s0_valid && op == OpPick) xword = s0_pick_all[pick_idx*32 +: 32];
    end

    gpu_valu_lane u_lane (
      .clk_i    (clk_i),
      .en_i     (s0_valid),
      .op_i     (op),
      .fn_i     (s0_fn),
      .a_i      (s0_a[l*32 +: 32]),
      .b_i      (s0_b[l*32 +: 32]),
      .m_i      (s0_mask[s0_pass*Lanes + l]),
      .xword_i  (xword),
      .result_o (lane_result[l*32 +: 32])
    );
  end

  always_ff @(posedge clk_i) begin
    if (s0_valid) o_pass_q <= s0_pass;
    o_valid_q <= s0_valid;
    if (rst_i) o_valid_q <= 1'b0;
  end
  assign valid_o  = o_valid_q;
  assign win_o    = o_pass_q;
  assign last_o   = o_valid_q && o_pass_q == PassW'(Passes - 1);
  assign result_o = lane_result;

endmodule

`default_nettype wire
