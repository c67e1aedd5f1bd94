// SPDX-License-Identifier: Apache-2.0
// gpu_cu_counters: a CU's performance counters (gpu_ctr_pkg): this cycle's
// events in (stalls, the writeback's retirement, LDS, placement, line
// requests), ctr_value_o the value of counter ctr_idx_i, exact at every cycle
// (combinational read; the L1's three come in from the L1). Cleared by rst_i and launch_i.
`default_nettype none

module gpu_cu_counters (
  input  wire          clk_i,
  input  wire          rst_i,
  input  wire          launch_i,          // counters cleared
  input  wire          count_i,           // the task runs: count cycles and stalls
  // scheduler stalls, per slot
  input  wire  [1:0]   stall_dep_i,
  input  wire  [1:0]   stall_mem_i,
  input  wire  [1:0]   stall_bar_i,
  input  wire  [1:0]   stall_lds_i,
  input  wire  [1:0]   stall_fetch_i,
  // the writeback: an instruction retires (commits without a fault)
  input  wire          retire_i,
  input  wire          wb_slot_i,
  input  wire  [3:0]   wb_unit_i,
  input  wire  [7:0]   wb_opcode_i,
  input  wire  [31:0]  wb_dest_mask_i,
  input  wire  [31:0]  wb_mem_mask_i,
  input  wire          wb_barrier_i,
  input  wire  [31:0]  valu_mask_i,       // the integer ALU instruction's M mask (first_where_true)
  input  wire  [31:0]  lds_mask_i,        // the LDS instruction's M mask
  input  wire  [1:0]   gmem_op_i,         // the global instruction's operation and lanes
  input  wire  [31:0]  gmem_mask_i,
  // the LDS and the memory unit
  input  wire          lds_conflict_i,
  input  wire  [5:0]   lds_lanes_i,
  input  wire          lds_clearing_i,    // the LDS serves the clearing of an allocation: not counted
  input  wire          place_i,
  input  wire          mem_req_valid_i,   // the memory unit's line requests to the L1
  input  wire          mem_req_ready_i,
  input  wire  [1:0]   mem_req_op_i,
  input  wire  [31:0]  l1_hits_i,
  input  wire  [31:0]  l1_misses_i,
  input  wire  [31:0]  l1_evictions_i,
  // read-out
  input  wire  [5:0]   ctr_idx_i,
  output logic [63:0]  ctr_value_o
);

  // Counters 0 .. CTR_L1_HITS-1 are counted here (the L1's three come from
  // the L1). Each has a narrow accumulator in flip-flops; one counter a cycle,
  // in turn, moves its accumulator into its 64-bit value in a small LUT RAM,
  // so that the 64-bit adders and the read-out multiplexer exist once. A
  // counter's value is its RAM word plus its accumulator, exact at every
  // cycle. The accumulator holds what NumCount cycles can add.
  localparam int NumCount = gpu_ctr_pkg::CTR_L1_HITS;
  localparam int IncW     = 6;                                   // an increment is at most 63
  localparam int AccW     = $clog2(NumCount * ((1 << IncW) - 1) + 1);
  localparam int CtrW     = $clog2(NumCount);
  logic [IncW-1:0]     ctr_inc [NumCount];    // this cycle's increments
  logic [AccW-1:0]     ctr_acc_q [NumCount];
  logic [63:0]         ctr_ram [NumCount];    // what was moved out of the accumulators
  logic [NumCount-1:0] ctr_ram_ok_q;          // the word was written since the launch (else it reads 0)
  logic [CtrW-1:0]     ctr_turn_q;            // the counter whose accumulator moves at the next edge

  function automatic logic [5:0] popcount(input logic [31:0] x);
    logic [5:0] n;
    n = 6'd0;
    for (int i = 0; i < 32; i++) n = n + {5'd0, x[i]};
    popcount = n;
  endfunction

  // lanes operated on, after csrc/golden.h
  logic [5:0] lane_ops;
  always_comb begin
    case (wb_unit_i)
      gpu_isa_pkg::UNIT_SALU: lane_ops = 6'd1;
      gpu_isa_pkg::UNIT_RED:  lane_ops = (wb_dest_mask_i == 32'd1) ? 6'd4 : 6'd32;
      gpu_isa_pkg::UNIT_VALU, gpu_isa_pkg::UNIT_XLANE:
        lane_ops = (wb_opcode_i == gpu_isa_pkg::OP_MOV) ? popcount(wb_dest_mask_i) :
                   (wb_opcode_i == gpu_isa_pkg::OP_FIRST_WHERE_TRUE) ? popcount(valu_mask_i) : 6'd32;
      gpu_isa_pkg::UNIT_LDS:  lane_ops = popcount(lds_mask_i);
      gpu_isa_pkg::UNIT_GMEM: lane_ops = popcount(wb_mem_mask_i);
      default:                lane_ops = 6'd0;
    endcase
  end

  always_comb begin
    for (int i = 0; i < NumCount; i++) ctr_inc[i] = '0;
    if (count_i) begin
      ctr_inc[gpu_ctr_pkg::CTR_CYCLES]        = 6'd1;
      ctr_inc[gpu_ctr_pkg::CTR_STALL_DEP]     = {5'd0, stall_dep_i[0]} + {5'd0, stall_dep_i[1]};
      ctr_inc[gpu_ctr_pkg::CTR_STALL_MEM]     = {5'd0, stall_mem_i[0]} + {5'd0, stall_mem_i[1]};
      ctr_inc[gpu_ctr_pkg::CTR_STALL_BARRIER] = {5'd0, stall_bar_i[0]} + {5'd0, stall_bar_i[1]};
      ctr_inc[gpu_ctr_pkg::CTR_STALL_LDS]     = {5'd0, stall_lds_i[0]} + {5'd0, stall_lds_i[1]};
      ctr_inc[gpu_ctr_pkg::CTR_STALL_FETCH]   = {5'd0, stall_fetch_i[0]} + {5'd0, stall_fetch_i[1]};
    end
    if (retire_i) begin
      ctr_inc[gpu_ctr_pkg::CTR_INSTS] = 6'd1;
      if (wb_slot_i) ctr_inc[gpu_ctr_pkg::CTR_INSTS_SLOT1] = 6'd1;
      else           ctr_inc[gpu_ctr_pkg::CTR_INSTS_SLOT0] = 6'd1;
      ctr_inc[gpu_ctr_pkg::CTR_LANE_OPS] = lane_ops;
      case (wb_unit_i)
        gpu_isa_pkg::UNIT_VALU:   ctr_inc[gpu_ctr_pkg::CTR_VALU_INSTS]   = 6'd1;
        gpu_isa_pkg::UNIT_SALU:   ctr_inc[gpu_ctr_pkg::CTR_SALU_INSTS]   = 6'd1;
        gpu_isa_pkg::UNIT_XLANE:  ctr_inc[gpu_ctr_pkg::CTR_XLANE_INSTS]  = 6'd1;
        gpu_isa_pkg::UNIT_RED:    ctr_inc[gpu_ctr_pkg::CTR_RED_INSTS]    = 6'd1;
        gpu_isa_pkg::UNIT_BRANCH: ctr_inc[gpu_ctr_pkg::CTR_BRANCH_INSTS] = 6'd1;
        gpu_isa_pkg::UNIT_SIG:    ctr_inc[gpu_ctr_pkg::CTR_SIG_INSTS]    = 6'd1;
        gpu_isa_pkg::UNIT_LDS:    ctr_inc[gpu_ctr_pkg::CTR_LDS_INSTS]    = 6'd1;
        gpu_isa_pkg::UNIT_GMEM: begin
          ctr_inc[gpu_ctr_pkg::CTR_GMEM_INSTS] = 6'd1;
          case (gmem_op_i)
            2'd0: ctr_inc[gpu_ctr_pkg::CTR_GLOBAL_LOADS]   = popcount(gmem_mask_i);
            2'd1: ctr_inc[gpu_ctr_pkg::CTR_GLOBAL_STORES]  = popcount(gmem_mask_i);
            2'd2: ctr_inc[gpu_ctr_pkg::CTR_GLOBAL_ATOMICS] = popcount(gmem_mask_i);
            default: ;
          endcase
        end
        default: ;
      endcase
      if (wb_barrier_i) ctr_inc[gpu_ctr_pkg::CTR_BARRIERS] = 6'd1;
    end
    if (lds_conflict_i && !lds_clearing_i) ctr_inc[gpu_ctr_pkg::CTR_LDS_CONFLICT] = 6'd1;
    if (!lds_clearing_i)                   ctr_inc[gpu_ctr_pkg::CTR_LDS_ACCESSES] = lds_lanes_i;
    if (place_i)                           ctr_inc[gpu_ctr_pkg::CTR_GROUPS] = 6'd1;
    // (the line requests of global accesses, before the L1; cache_inv_l1's is not one)
    if (mem_req_valid_i && mem_req_ready_i && mem_req_op_i != gpu_mem_pkg::MEM_OP_CACHE)
      ctr_inc[gpu_ctr_pkg::CTR_MEM_REQS] = 6'd1;
    if (mem_req_valid_i && !mem_req_ready_i) ctr_inc[gpu_ctr_pkg::CTR_MEM_STALL] = 6'd1;
  end

  wire [63:0] ctr_turn_word = ctr_ram_ok_q[ctr_turn_q] ? ctr_ram[ctr_turn_q] : 64'd0;
  always_ff @(posedge clk_i)
    ctr_ram[ctr_turn_q] <= ctr_turn_word + {{(64-AccW){1'b0}}, ctr_acc_q[ctr_turn_q]};
  always_ff @(posedge clk_i) begin
    for (int i = 0; i < NumCount; i++)   // (constant places)
      ctr_acc_q[i] <= (ctr_turn_q == CtrW'(i) ? '0 : ctr_acc_q[i]) + {{(AccW-IncW){1'b0}}, ctr_inc[i]};
    ctr_ram_ok_q[ctr_turn_q] <= 1'b1;
    ctr_turn_q <= ctr_turn_q == CtrW'(NumCount - 1) ? '0 : ctr_turn_q + CtrW'(1);
    if (launch_i) begin
      for (int i = 0; i < NumCount; i++) ctr_acc_q[i] <= '0;
      ctr_ram_ok_q <= '0;
    end
    if (rst_i) begin
      for (int i = 0; i < NumCount; i++) ctr_acc_q[i] <= '0;
      ctr_ram_ok_q <= '0;
      ctr_turn_q   <= '0;
    end
  end

  wire [CtrW-1:0] ctr_read = ctr_idx_i[CtrW-1:0];
  wire [63:0]     ctr_read_word = ctr_ram_ok_q[ctr_read] ? ctr_ram[ctr_read] : 64'd0;
  always_comb
    case ({26'd0, ctr_idx_i})
      gpu_ctr_pkg::CTR_L1_HITS:      ctr_value_o = {32'd0, l1_hits_i};
      gpu_ctr_pkg::CTR_L1_MISSES:    ctr_value_o = {32'd0, l1_misses_i};
      gpu_ctr_pkg::CTR_L1_EVICTIONS: ctr_value_o = {32'd0, l1_evictions_i};
      default: ctr_value_o = ({26'd0, ctr_idx_i} < NumCount) ?
                             ctr_read_word + {{(64-AccW){1'b0}}, ctr_acc_q[ctr_read]} : 64'd0;
    endcase

endmodule

`default_nettype wire
