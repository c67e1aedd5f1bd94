// SPDX-License-Identifier: Apache-2.0
// gpu_mem_pkg: the memory system's line interface, the one definition of
// what a CU's global-memory unit (gpu_gmem), its L1 (gpu_l1), the crossbar
// (gpu_l2_xbar) and an L2 slice (gpu_l2_slice) exchange, and what the C side
// reads through the generated header (build/gen/gpu_mem.h).
//
// A line request: an operation (MEM_OP_*), the 64-byte line (byte address
// >> 6), the words of the line it touches, store data or atomic operand,
// a CAS compare value and a tag. Its response (loads and returning atomics)
// carries the same tag back to the CU that made it. The tag names that CU,
// the memory-unit entry (the instruction) and the lead lane of the request:
//
//   [15:13] 0   [12:10] CU   [9:5] entry   [4:0] lead lane
//
// The line interface carries no fault: a CU checks every address before it
// makes a request (faults GLOBAL_MISALIGNED and GLOBAL_OUT_OF_RANGE, recorded
// with the lane and address in gpu_top's fault registers), and an AXI error
// response on the memory port sets the sticky STATUS_MEM_ERROR bit
// (gpu_regs_pkg).
package gpu_mem_pkg;

  // Line-request operations.
  localparam logic [1:0] MEM_OP_LOAD   = 2'd0;
  localparam logic [1:0] MEM_OP_STORE  = 2'd1;
  localparam logic [1:0] MEM_OP_ATOMIC = 2'd2;
  localparam logic [1:0] MEM_OP_CACHE  = 2'd3;   // cache maintenance: no line request leaves the CU

  // The tag.
  localparam int MEM_TAG_W         = 16;
  localparam int MEM_TAG_LANE_LSB  = 0;
  localparam int MEM_TAG_LANE_W    = 5;
  localparam int MEM_TAG_ENTRY_LSB = 5;
  localparam int MEM_TAG_ENTRY_W   = 5;
  localparam int MEM_TAG_CU_LSB    = 10;
  localparam int MEM_TAG_CU_W      = 3;

  function automatic logic [15:0] mem_tag(input logic [2:0] cu, input logic [4:0] entry, input logic [4:0] lane);
    mem_tag = {3'd0, cu, entry, lane};
  endfunction

  function automatic logic [2:0] mem_tag_cu(input logic [15:0] tag);
    mem_tag_cu = tag[MEM_TAG_CU_LSB +: MEM_TAG_CU_W];
  endfunction

  function automatic logic [4:0] mem_tag_entry(input logic [15:0] tag);
    mem_tag_entry = tag[MEM_TAG_ENTRY_LSB +: MEM_TAG_ENTRY_W];
  endfunction

  function automatic logic [4:0] mem_tag_lane(input logic [15:0] tag);
    mem_tag_lane = tag[MEM_TAG_LANE_LSB +: MEM_TAG_LANE_W];
  endfunction

endpackage
