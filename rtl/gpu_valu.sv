// gpu_valu: the 32-lane vector unit: elementwise ALU operations, mov,
// select, first_where_true, the cross-lane shfl/bcast and the reductions
// (docs/isa.md sections 4.2-4.4). One instruction per cycle; the result and
// its lane write enables appear one cycle after valid_i. The lane work is
// computed only for a valid instruction, so an idle unit costs the simulator
// nothing. Operands are full 32-lane values; lane L is bits [L*32 +: 32].
`default_nettype none

module gpu_valu (
  input  wire           clk_i,
  input  wire           rst_i,
  input  wire           valid_i,
  input  wire  [7:0]    opcode_i,
  input  wire  [3:0]    unit_i,       // gpu_isa_pkg::UNIT_VALU / SALU / XLANE / RED (SALU: lane 0 only)
  input  wire  [5:0]    fn_i,         // ALU function
  input  wire  [1023:0] a_i,          // slot a (A, or select's F)
  input  wire  [1023:0] b_i,          // slot b (B, or select's T); lane 0 is its scalar-context value
  input  wire  [31:0]   mask_i,       // the M operand, one bit per lane
  input  wire  [7:0]    tag_i,        // carried to the result (wave, destination)
  output logic          valid_o,
  output logic [1023:0] result_o,
  output logic [31:0]   lane_we_o,    // lanes of the destination to write
  output logic [7:0]    tag_o
);

  // One reduction step: the ALU function on two lane values (f32 ones correctly rounded).
  function automatic logic [31:0] combine(input logic [5:0] fn, input logic [31:0] x, input logic [31:0] y);
    case (fn)
      gpu_isa_pkg::FN_ADD_F32: combine = gpu_fp_pkg::fp_add(x, y);
      gpu_isa_pkg::FN_MIN_F32: combine = gpu_fp_pkg::fp_min(x, y);
      gpu_isa_pkg::FN_MAX_F32: combine = gpu_fp_pkg::fp_max(x, y);
      default:                 combine = gpu_alu_pkg::alu_int(fn, x, y);
    endcase
  endfunction

  // The fixed balanced tree of docs/isa.md 4.4 over 8 values.
  function automatic logic [31:0] tree8(input logic [5:0] fn, input logic [255:0] x);
    logic [31:0] p01, p23, p45, p67;
    p01 = combine(fn, x[0*32 +: 32], x[1*32 +: 32]);
    p23 = combine(fn, x[2*32 +: 32], x[3*32 +: 32]);
    p45 = combine(fn, x[4*32 +: 32], x[5*32 +: 32]);
    p67 = combine(fn, x[6*32 +: 32], x[7*32 +: 32]);
    tree8 = combine(fn, combine(fn, p01, p23), combine(fn, p45, p67));
  endfunction

  wire is_red    = unit_i == gpu_isa_pkg::UNIT_RED;
  wire is_redfin = is_red && opcode_i >= gpu_isa_pkg::OP_REDFIN_ADD;

  always_ff @(posedge clk_i) begin
    if (valid_i) begin
      tag_o <= tag_i;
      case (1'b1)
        opcode_i == gpu_isa_pkg::OP_MOV: begin
          result_o  <= b_i;
          lane_we_o <= mask_i;
        end
        opcode_i == gpu_isa_pkg::OP_SELECT: begin
          for (int l = 0; l < 32; l++)
            result_o[l*32 +: 32] <= mask_i[l] ? b_i[l*32 +: 32] : a_i[l*32 +: 32];
          lane_we_o <= 32'hFFFF_FFFF;
        end
        opcode_i == gpu_isa_pkg::OP_FIRST_WHERE_TRUE: begin
          result_o  <= '0;
          lane_we_o <= {31'd0, mask_i != 32'd0};
          for (int l = 31; l >= 0; l--)
            if (mask_i[l]) result_o[31:0] <= b_i[l*32 +: 32];
        end
        opcode_i == gpu_isa_pkg::OP_SHFL: begin
          for (int l = 0; l < 32; l++)
            result_o[l*32 +: 32] <= a_i[b_i[l*32 +: 5]*32 +: 32];
          lane_we_o <= 32'hFFFF_FFFF;
        end
        opcode_i == gpu_isa_pkg::OP_BCAST: begin
          for (int l = 0; l < 32; l++)
            result_o[l*32 +: 32] <= a_i[b_i[4:0]*32 +: 32];
          lane_we_o <= 32'hFFFF_FFFF;
        end
        is_redfin: begin
          result_o  <= '0;
          result_o[31:0] <= combine(fn_i, combine(fn_i, b_i[0*32 +: 32], b_i[8*32 +: 32]),
                                    combine(fn_i, b_i[16*32 +: 32], b_i[24*32 +: 32]));
          lane_we_o <= 32'h0000_0001;
        end
        is_red: begin
          result_o <= '0;
          for (int c = 0; c < 4; c++)
            result_o[c*256 +: 32] <= tree8(fn_i, b_i[c*256 +: 256]);
          lane_we_o <= 32'h0101_0101;
        end
        default: begin
          for (int l = 0; l < 32; l++)
            result_o[l*32 +: 32] <= gpu_alu_pkg::alu_int(fn_i, a_i[l*32 +: 32], b_i[l*32 +: 32]);
          lane_we_o <= unit_i == gpu_isa_pkg::UNIT_SALU ? 32'h0000_0001 : 32'hFFFF_FFFF;
        end
      endcase
    end
    valid_o <= valid_i;
    if (rst_i) valid_o <= 1'b0;
  end

endmodule

`default_nettype wire
