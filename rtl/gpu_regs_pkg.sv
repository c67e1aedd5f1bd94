// SPDX-License-Identifier: Apache-2.0
// gpu_regs_pkg: the register map of gpu_top's AXI4-Lite slave
// (rtl/gpu_axil_regs.sv, docs/architecture.md "Registers"): byte addresses
// of 32-bit registers, their bits, and the response codes. The C testbench
// includes the same constants through a generated header (gpu_regs.h).
`default_nettype none

package gpu_regs_pkg;

  // control and status
  localparam int REG_ID              = 'h0000;  // RO: REG_ID_VALUE
  localparam int REG_CONFIG          = 'h0004;  // RO: [3:0] NumCus, [7:4] L2Slices, [31:16] instruction memory depth
  localparam int REG_CONTROL         = 'h0008;  // WO (reads 0): CONTROL_* bits
  localparam int REG_STATUS          = 'h000C;  // RO: STATUS_* bits
  localparam int REG_IRQ_ENABLE      = 'h0010;  // RW: [0] irq_o follows STATUS.done
  // launch parameters and configuration (RW; writes while busy are refused)
  localparam int REG_NUM_GROUPS      = 'h0020;  // 1..65535
  localparam int REG_WAVES_PER_GROUP = 'h0024;  // 1 or 2
  localparam int REG_LDS_BYTES       = 'h0028;  // 0..65536, per group
  localparam int REG_NUM_INSTS       = 'h002C;  // 1..4096, the program's length
  localparam int REG_ARGS_ADDR       = 'h0030;  // byte address of the argument block
  localparam int REG_MEM_BYTES       = 'h0034;  // size of global memory: accesses at or above it fault
  localparam int REG_NUM_CUS         = 'h0038;  // 1..NumCus: the CUs the dispatcher uses
  // the first fault of the last task (RO; valid while STATUS.fault)
  localparam int REG_FAULT_CODE      = 'h0040;
  localparam int REG_FAULT_CU        = 'h0044;
  localparam int REG_FAULT_SLOT      = 'h0048;
  localparam int REG_FAULT_WAVE      = 'h004C;
  localparam int REG_FAULT_GROUP     = 'h0050;
  localparam int REG_FAULT_PC        = 'h0054;
  localparam int REG_FAULT_INST_LO   = 'h0058;
  localparam int REG_FAULT_INST_HI   = 'h005C;
  localparam int REG_FAULT_LANE      = 'h0060;  // 63: not a lane fault
  localparam int REG_FAULT_ADDR      = 'h0064;
  localparam int REG_FAULT_REG       = 'h0068;  // 127: not a register fault
  // counters (RO, 64-bit: low word, then the high word at +4)
  localparam int REG_CTR_BASE        = 'h1000;  // CU c, counter i: REG_CTR_BASE + c*REG_CTR_CU_STRIDE + i*8
  localparam int REG_CTR_CU_STRIDE   = 'h0100;
  localparam int REG_MEM_CTR_BASE    = 'h1800;  // memory counter MEM_CTR_FIRST + j: REG_MEM_CTR_BASE + j*8
  // instruction memory (WO): instruction i at REG_IMEM_BASE + i*8; the low
  // word is held, the write of the high word writes the instruction
  localparam int REG_IMEM_BASE       = 'h8000;

  localparam int REG_ID_VALUE        = 'h57475055;  // "WGPU"

  localparam int CONTROL_START       = 1;  // launch a task (refused while busy)
  localparam int CONTROL_CLEAR_DONE  = 2;  // clear STATUS.done (and the interrupt)

  localparam int STATUS_BUSY         = 1;  // a task is launched and not finished
  localparam int STATUS_DONE         = 2;  // a task finished since the last START or CLEAR_DONE
  localparam int STATUS_FAULT        = 4;  // the last task stopped on a fault
  localparam int STATUS_MEM_ERROR    = 8;  // the AXI4 master port saw a response other than OKAY in this task (until the next START)

  localparam int RESP_OKAY           = 0;
  localparam int RESP_SLVERR         = 2;  // a register that refuses the access (read-only, write-only, busy, value)
  localparam int RESP_DECERR         = 3;  // no register at the address

endpackage

`default_nettype wire
