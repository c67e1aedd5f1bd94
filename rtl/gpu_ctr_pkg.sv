// SPDX-License-Identifier: Apache-2.0
// gpu_ctr_pkg: the performance counters of one compute unit, by index
// (gpu_top's ctr_idx_i), then the memory system's. All are 64-bit, reset at
// launch, and count while the task runs. Lane counts follow csrc/golden.h ("lane_ops").
`default_nettype none

package gpu_ctr_pkg;

  localparam int CTR_CYCLES          = 0;   // cycles from launch until the task is finished
  localparam int CTR_INSTS           = 1;   // instructions retired by this CU
  localparam int CTR_INSTS_SLOT0     = 2;   // ... by wave slot 0
  localparam int CTR_INSTS_SLOT1     = 3;   // ... by wave slot 1
  localparam int CTR_LANE_OPS        = 4;   // lanes operated on (golden.h definition)
  localparam int CTR_VALU_INSTS      = 5;   // per-unit instruction counts
  localparam int CTR_SALU_INSTS      = 6;
  localparam int CTR_XLANE_INSTS     = 7;
  localparam int CTR_RED_INSTS       = 8;
  localparam int CTR_BRANCH_INSTS    = 9;
  localparam int CTR_SIG_INSTS       = 10;
  localparam int CTR_LDS_INSTS       = 11;
  localparam int CTR_GMEM_INSTS      = 12;
  localparam int CTR_LDS_ACCESSES    = 13;  // lane accesses to the LDS
  localparam int CTR_LDS_CONFLICT    = 14;  // LDS bank-conflict cycles (rounds after the first)
  localparam int CTR_GLOBAL_LOADS    = 15;  // lane accesses
  localparam int CTR_GLOBAL_STORES   = 16;
  localparam int CTR_GLOBAL_ATOMICS  = 17;
  localparam int CTR_BARRIERS        = 18;  // barrier instructions retired
  localparam int CTR_STALL_DEP       = 19;  // wave-cycles not issuing: waiting on a register, an unfinished
                                             // instruction of the wave, or a writeback or execution unit
  localparam int CTR_STALL_MEM       = 20;  // ... waiting on a signal or for room in the memory unit
  localparam int CTR_STALL_BARRIER   = 21;  // ... waiting at a barrier
  localparam int CTR_STALL_LDS       = 22;  // ... waiting for the LDS (its conflicts included)
  localparam int CTR_GROUPS          = 23;  // work groups placed on this CU
  localparam int CTR_MEM_REQS        = 24;  // line requests of global accesses (after coalescing, before the L1)
  localparam int CTR_STALL_FETCH     = 25;  // wave-cycles not issuing: the next instruction is not fetched yet
  localparam int CTR_MEM_STALL       = 26;  // cycles a line request of this CU waited for the L1 (and behind it the L2)
  localparam int CTR_L1_HITS         = 27;  // loads served by the L1 (line requests)
  localparam int CTR_L1_MISSES       = 28;  // loads the L1 could have served but did not hold
  localparam int CTR_L1_EVICTIONS    = 29;  // valid L1 lines dropped: replaced, or by a store, atomic, scope, nt or cache_inv_l1
  localparam int NUM_CTRS            = 30;

  // The memory system's counters (the L2 slices together), at these indexes
  // whatever ctr_cu_i says.
  localparam int MEM_CTR_L2_HITS            = 32;  // line requests that hit in the L2 (MSHR replays not counted)
  localparam int MEM_CTR_L2_MISSES          = 33;  // line requests that missed
  localparam int MEM_CTR_L2_EVICTIONS       = 34;  // dirty lines written back (victims, cache_wb_l2, the end-of-task flush)
  localparam int MEM_CTR_L2_ATOMICS         = 35;  // atomics executed in the L2
  localparam int MEM_CTR_DRAM_BYTES_READ    = 36;  // bytes read on the AXI4 port
  localparam int MEM_CTR_DRAM_BYTES_WRITTEN = 37;  // bytes written (strobed) on the AXI4 port
  localparam int MEM_CTR_FIRST              = 32;
  localparam int NUM_MEM_CTRS               = 6;

endpackage

`default_nettype wire
