// gpu_valu: the 32-lane integer vector unit: elementwise ALU operations,
// mov, select, first_where_true and the cross-lane shfl/bcast (docs/isa.md
// sections 4.2-4.3), one gpu_valu_lane per lane. One instruction per cycle;
// the result and its lane write enables appear one cycle after valid_i.
// Operands are full 32-lane values; lane L is bits [L*32 +: 32]. The
// reductions are gpu_reduce's.
`default_nettype none

module gpu_valu (
  input  wire           clk_i,
  input  wire           rst_i,
  input  wire           valid_i,
  input  wire  [7:0]    opcode_i,
  input  wire  [3:0]    unit_i,       // gpu_isa_pkg::UNIT_VALU / SALU / XLANE (SALU: lane 0 only)
  input  wire  [5:0]    fn_i,         // ALU function
  input  wire  [1023:0] a_i,          // slot a (A, or select's F)
  input  wire  [1023:0] b_i,          // slot b (B, or select's T); lane 0 is its scalar-context value
  input  wire  [31:0]   mask_i,       // the M operand, one bit per lane
  output logic          valid_o,
  output logic [1023:0] result_o,
  output logic [31:0]   lane_we_o     // lanes of the destination to write
);

  localparam logic [1:0] OpAlu    = 2'd0;
  localparam logic [1:0] OpMov    = 2'd1;
  localparam logic [1:0] OpSelect = 2'd2;
  localparam logic [1:0] OpPick   = 2'd3;

  wire is_fwt   = opcode_i == gpu_isa_pkg::OP_FIRST_WHERE_TRUE;
  wire is_shfl  = opcode_i == gpu_isa_pkg::OP_SHFL;
  wire is_bcast = opcode_i == gpu_isa_pkg::OP_BCAST;

  logic [1:0] op;
  always_comb begin
    case (opcode_i)
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
    if (valid_i && is_fwt)   // (only then: an idle unit costs the simulator nothing)
      for (int l = 31; l >= 0; l--)
        if (mask_i[l]) first = l[4:0];
  end
  wire [1023:0] pick_src = is_fwt ? b_i : a_i;

  for (genvar l = 0; l < 32; l++) begin : g_lane
    wire [4:0] pick_idx = is_shfl ? b_i[l*32 +: 5] : is_bcast ? b_i[4:0] : first;
    // (computed only for a valid pick: an idle unit costs the simulator nothing)
    logic [31:0] xword;
    always_comb begin
      xword = 32'd0;
      if (valid_i && op == OpPick) xword = pick_src[pick_idx*32 +: 32];
    end

    gpu_valu_lane u_lane (
      .clk_i    (clk_i),
      .en_i     (valid_i),
      .op_i     (op),
      .fn_i     (fn_i),
      .a_i      (a_i[l*32 +: 32]),
      .b_i      (b_i[l*32 +: 32]),
      .m_i      (mask_i[l]),
      .xword_i  (xword),
      .result_o (result_o[l*32 +: 32])
    );
  end

  always_ff @(posedge clk_i) begin
    if (valid_i)
      case (op)
        OpMov:   lane_we_o <= mask_i;
        OpPick:  lane_we_o <= is_fwt ? {31'd0, mask_i != 32'd0} : 32'hFFFF_FFFF;
        OpAlu:   lane_we_o <= unit_i == gpu_isa_pkg::UNIT_SALU ? 32'h0000_0001 : 32'hFFFF_FFFF;
        default: lane_we_o <= 32'hFFFF_FFFF;
      endcase
    valid_o <= valid_i;
    if (rst_i) valid_o <= 1'b0;
  end

endmodule

`default_nettype wire
