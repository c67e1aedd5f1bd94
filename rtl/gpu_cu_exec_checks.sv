// SPDX-License-Identifier: Apache-2.0
// gpu_cu_exec_checks: the EX stage's checks (combinational, with registers for
// the earlier windows): branch resolution and its pc-range check, the LDS and
// global address checks lane by lane, the EX instruction's final fault, the
// window's addresses (and LDS words), and for the trace the whole addresses and
// B operands of an LDS or global access, complete with the last window.
`default_nettype none

module gpu_cu_exec_checks #(
  parameter int Lanes = 32    // lanes of a window (32 / Lanes windows per vector instruction)
) (
  input  wire                clk_i,
  // the EX instruction
  input  wire                ex_valid_i,
  input  wire                ex_ok_i,          // valid, without an issue-time fault
  input  wire                ex_more_i,        // a vector instruction's window with more to come
  input  wire                ex_lastw_i,       // the instruction's last window
  input  wire [(Lanes < 32 ? $clog2(32 / Lanes) : 1)-1:0] ex_win_i,   // the window in EX
  input  wire                ex_branch_i,      // its class (gpu_isa_pkg::UNIT_*)
  input  wire                ex_lds_i,
  input  wire                ex_gmem_i,
  input  wire                ex_fdiv_i,        // (a divide's A goes out through win_addr_o)
  input  wire [4:0]          ex_fmt_i,
  input  wire [7:0]          ex_opcode_i,
  input  wire [5:0]          ex_fn_i,
  input  wire [11:0]         ex_pc_i,
  input  wire [31:0]         ex_target_i,
  input  wire [15:0]         ex_offset_i,
  input  wire                ex_slot_i,
  input  wire                two_i,            // one group of two waves
  input  wire [3:0]          ex_fault_i,       // the issue-time fault, its register and address
  input  wire [5:0]          ex_fault_reg_i,
  input  wire [31:0]         ex_fault_addr_i,
  input  wire [Lanes*32-1:0] opnd_a_i,         // the window's A and B operands and the M mask
  input  wire [Lanes*32-1:0] opnd_b_i,
  input  wire [31:0]         mask_i,
  // the task
  input  wire [12:0]         num_insts_i,
  input  wire [16:0]         lds_bytes_i,
  input  wire [31:0]         mem_bytes_i,
  // results
  output logic [11:0]        br_next_o,        // the pc after a branch
  output logic [Lanes*32-1:0] win_addr_o,      // the window's addresses (LDS: group-relative, + offset)
  output logic [Lanes*14-1:0] win_word_o,      // LDS: the window's physical word per lane
  output logic [1023:0]      full_a_o,         // the whole addresses and B (the trace's)
  output logic [1023:0]      full_b_o,
  output logic [3:0]         fault_o,          // the EX instruction's final fault, if any
  output logic [5:0]         flane_o,
  output logic [31:0]        faddr_o,
  output logic [6:0]         freg_o
);

  localparam int Passes = 32 / Lanes;
  localparam int PassW  = Passes > 1 ? $clog2(Passes) : 1;
  localparam int W      = Lanes * 32;   // bits of one window of lanes

  // Window k's bits of a 32-lane mask.
  function automatic logic [Lanes-1:0] window_mask(input logic [31:0] m, input logic [PassW-1:0] k);
    window_mask = '0;
    for (int i = 0; i < Passes; i++)
      window_mask = window_mask | ({Lanes{k == PassW'(i)}} & m[i*Lanes +: Lanes]);
  endfunction

  // ----------------------------------------------------------------- branch
  logic        br_taken;
  logic [31:0] br_next;
  logic [31:0] br_last;
  always_comb begin
    case (ex_opcode_i)
      gpu_isa_pkg::OP_BR:     br_taken = 1'b1;
      gpu_isa_pkg::OP_BRZ:    br_taken = opnd_a_i[31:0] == 32'd0;
      gpu_isa_pkg::OP_BRNZ:   br_taken = opnd_a_i[31:0] != 32'd0;
      gpu_isa_pkg::OP_BR_ALL: br_taken = mask_i == 32'hFFFF_FFFF;
      gpu_isa_pkg::OP_BR_ANY: br_taken = mask_i != 32'd0;
      default:                br_taken = 1'b1;   // sig_waitany*_br: into its table (entry chosen at writeback)
    endcase
    br_next = br_taken ? ex_target_i : {20'd0, ex_pc_i} + 32'd1;
    // the last pc the branch may go to: sig_waitany*_br's whole table must be in the program
    br_last = ex_fmt_i == gpu_isa_pkg::FMT_SIGBR ? ex_target_i + {26'd0, ex_fn_i} - 32'd1 : br_next;
  end
  wire br_fault = ex_branch_i && br_last >= {19'd0, num_insts_i};
  assign br_next_o = br_next[11:0];
  wire unused_br_next = ^br_next[31:12];

  // ----------------------------------------------------------------- address checks
  // LDS: addr = v[l] + offset, inside the group's allocation; global: v[l], aligned, in [4096, mem_bytes).
  // Window by window; the lowest faulting lane of the earlier windows waits in af_*_q.
  wire [16:0] lds_base = (ex_slot_i && !two_i) ? 17'd65536 - lds_bytes_i : 17'd0;   // a multiple of 4, < 65536
  wire        unused_lds_base = lds_base[16] ^ lds_base[1] ^ lds_base[0];
  logic [W-1:0]        win_addr;      // the window's addresses (LDS: group-relative, + offset)
  logic [Lanes*14-1:0] win_word;      // LDS: physical word per lane
  logic [Lanes-1:0]    win_mask;      // the window's lanes of the M mask
  logic [3:0]    wf_code, af_code_q, addr_fault;
  logic [5:0]    wf_lane, af_lane_q, addr_fault_lane;
  logic [31:0]   wf_addr, af_addr_q, addr_fault_addr;
  wire           ex_addr_check = ex_ok_i && (ex_lds_i || (ex_gmem_i && ex_fmt_i != gpu_isa_pkg::FMT_CACHE));
  always_comb begin
    logic [31:0] a;
    logic [3:0]  f;
    a        = 32'd0;
    f        = gpu_isa_pkg::FAULT_NONE;
    win_mask = window_mask(mask_i, ex_win_i);
    win_addr = '0;
    win_word = '0;
    wf_code  = gpu_isa_pkg::FAULT_NONE;
    wf_lane  = 6'd63;
    wf_addr  = 32'd0;
    if (ex_addr_check || (ex_valid_i && ex_fdiv_i)) begin
      for (int l = Lanes - 1; l >= 0; l--) begin
        a = opnd_a_i[l*32 +: 32] + (ex_lds_i ? {16'd0, ex_offset_i} : 32'd0);
        win_addr[l*32 +: 32] = a;
        win_word[l*14 +: 14] = a[15:2] + lds_base[15:2];
        f = gpu_isa_pkg::FAULT_NONE;
        if (ex_lds_i) begin
          if (a[1:0] != 2'd0)                     f = gpu_isa_pkg::FAULT_LDS_MISALIGNED;
          else if (a >= {15'd0, lds_bytes_i})     f = gpu_isa_pkg::FAULT_LDS_OUT_OF_RANGE;
        end else begin
          if (a[1:0] != 2'd0)                     f = gpu_isa_pkg::FAULT_GLOBAL_MISALIGNED;
          else if (a < 32'd4096 || a >= mem_bytes_i) f = gpu_isa_pkg::FAULT_GLOBAL_OUT_OF_RANGE;
        end
        if (ex_addr_check && win_mask[l] && f != gpu_isa_pkg::FAULT_NONE) begin
          wf_code = f;
          wf_lane = 6'(32'(ex_win_i) * Lanes + l);
          wf_addr = a;
        end
      end
    end
    // the earlier windows' fault first
    addr_fault      = wf_code;
    addr_fault_lane = wf_lane;
    addr_fault_addr = wf_addr;
    if (Passes > 1 && ex_win_i != '0 && af_code_q != gpu_isa_pkg::FAULT_NONE) begin
      addr_fault      = af_code_q;
      addr_fault_lane = af_lane_q;
      addr_fault_addr = af_addr_q;
    end
  end
  always_ff @(posedge clk_i)
    if (ex_more_i) begin
      af_code_q <= addr_fault;
      af_lane_q <= addr_fault_lane;
      af_addr_q <= addr_fault_addr;
    end
  assign win_addr_o = win_addr;
  assign win_word_o = win_word;

  // The whole addresses and B, for the trace, with the last window: the
  // earlier windows wait in col_*_q. (The units take the windows as they
  // pass; a build without the trace has none of this.)
  if (Passes == 1) begin : g_full_now
    assign full_a_o = win_addr;
    assign full_b_o = opnd_b_i;
  end else begin : g_full_collected
    logic [1023-W:0] col_a_q, col_b_q;
    always_ff @(posedge clk_i)
      if (ex_more_i && (ex_lds_i || ex_gmem_i))
        for (int k = 0; k < Passes - 1; k++)
          if (ex_win_i == PassW'(k)) begin
            col_a_q[k*W +: W] <= win_addr;
            col_b_q[k*W +: W] <= opnd_b_i;
          end
    assign full_a_o = {win_addr, col_a_q};
    assign full_b_o = {opnd_b_i, col_b_q};
  end

  // The EX instruction's final fault, if any.
  always_comb begin
    fault_o = ex_fault_i;
    flane_o = 6'd63;
    faddr_o = ex_fault_addr_i;
    freg_o  = (ex_fault_i == gpu_isa_pkg::FAULT_CONST_WRITE || ex_fault_i == gpu_isa_pkg::FAULT_PENDING_REG)
              ? {1'b0, ex_fault_reg_i} : 7'd127;
    if (ex_ok_i && br_fault) begin
      fault_o = gpu_isa_pkg::FAULT_PC_OUT_OF_RANGE;
      faddr_o = br_last;
    end else if (ex_ok_i && ex_lastw_i && addr_fault != gpu_isa_pkg::FAULT_NONE) begin
      fault_o = addr_fault;
      flane_o = addr_fault_lane;
      faddr_o = addr_fault_addr;
    end
  end

endmodule

`default_nettype wire
