// SPDX-License-Identifier: Apache-2.0
// gpu_cu: one compute unit: 2 wave slots (gpu_wave_sched), the instruction
// memory, the register file, the vector/scalar ALUs and f32 units, the LDS
// and the global-memory unit with its L1. Pipeline: issue (register read) -> EX (operands:
// gpu_cu_operands; address checks, branch: gpu_cu_exec_checks) -> writeback (gpu_cu_writeback),
// where every architectural change happens, at most one per cycle, and is reported on the trace outputs.
`default_nettype none

module gpu_cu #(
  parameter int L1Sets  = 64,   // the L1: Sets x Ways lines of 64 bytes (16 KiB)
  parameter int L1Ways  = 4,
  parameter int L1Mshrs = 4,    // allocating load misses in flight
  parameter int Lanes   = 32,   // physical lanes of the vector units: 32, 16, 8, 4, 2 or 1 (a wave instruction
                                // takes 32 / Lanes passes in them)
  parameter int DivLanes = Lanes, // physical lanes of the f32 divide / square-root unit (32 down to 1;
                                // a div_f32 or sqrt_f32 takes 32 / DivLanes x 16 cycles)
  parameter int LdsBanks = 32,  // LDS banks: 32, 16, 8, 4 or 2 (fewer: a smaller crossbar, more bank conflicts)
  parameter int GmemEntries = 4, // global instructions in flight (4: the 128 memory ports of docs/isa.md 4.7;
                                // 2 in a small build, where a further one waits at issue)
  parameter int Trace   = 1     // 0: the tr_* outputs are 0 and their logic is gone (a hardware build)
) (
  input  wire           clk_i,
  input  wire           rst_i,
  input  wire  [2:0]    cu_id_i,
  // task
  input  wire           launch_i,          // counters reset
  input  wire  [12:0]   num_insts_i,
  input  wire  [15:0]   num_groups_i,
  input  wire  [16:0]   lds_bytes_i,
  input  wire  [31:0]   args_addr_i,
  input  wire  [31:0]   mem_bytes_i,
  input  wire           count_i,           // the task runs: count cycles and stalls
  input  wire           stop_i,            // a fault has stopped the task
  input  wire           squash_i,          // a lower-numbered CU faults this cycle: commit nothing
  // program
  input  wire           imem_we_i,
  input  wire  [11:0]   imem_addr_i,
  input  wire  [63:0]   imem_data_i,
  // placement
  input  wire           place_i,
  input  wire           place_slot_i,
  input  wire           place_two_i,
  input  wire  [15:0]   place_group_i,
  output logic [1:0]    slot_free_o,
  output logic          idle_o,            // no wave, no access in flight, no LDS clearing
  output logic          mem_idle_o,        // no global access in flight
  // fault in writeback this cycle (it commits unless squash_i)
  output logic          fault_o,
  output logic [3:0]    fault_code_o,
  output logic          fault_slot_o,
  output logic [31:0]   fault_wave_o,
  output logic [15:0]   fault_group_o,
  output logic [11:0]   fault_pc_o,
  output logic [63:0]   fault_inst_o,
  output logic [5:0]    fault_lane_o,
  output logic [31:0]   fault_addr_o,
  output logic [6:0]    fault_reg_o,
  // memory port
  output logic          mem_req_valid_o,
  input  wire           mem_req_ready_i,
  output logic [1:0]    mem_req_op_o,
  output logic [5:0]    mem_req_fn_o,
  output logic          mem_req_nt_o,
  output logic          mem_req_sys_o,
  output logic [25:0]   mem_req_line_o,
  output logic [15:0]   mem_req_words_o,
  output logic [511:0]  mem_req_data_o,
  output logic [31:0]   mem_req_cmp_o,
  output logic [15:0]   mem_req_tag_o,
  input  wire           mem_resp_valid_i,
  output logic          mem_resp_ready_o,   // (a small build's memory unit takes an answer in several cycles)
  input  wire  [15:0]   mem_resp_tag_i,
  input  wire  [511:0]  mem_resp_data_i,
  // L2 write-back of a cache_wb_l2 (gpu_gmem)
  output logic          maint_req_o,
  input  wire           maint_ack_i,
  input  wire           maint_done_i,
  // trace (the writeback stage)
  output logic          tr_valid_o,
  output logic [1:0]    tr_kind_o,
  output logic          tr_slot_o,
  output logic [11:0]   tr_pc_o,
  output logic [5:0]    tr_dest_o,
  output logic [31:0]   tr_dest_mask_o,
  output logic [1023:0] tr_dest_data_o,
  output logic [3:0]    tr_sig_o,
  output logic [31:0]   tr_mem_mask_o,
  output logic [1023:0] tr_mem_addr_o,
  output logic [1023:0] tr_mem_data_o,
  output logic [4:0]    tr_gm_entry_o,     // RETIRE of a global access: its memory-unit entry (the tag's [9:5])
  output logic          tr_lds_valid_o,    // beside the event: an LDS result (LDS_DONE) of this slot and
  output logic          tr_lds_slot_o,     //   register, these lanes; its data is tr_dest_data_o (the event
  output logic [5:0]    tr_lds_dest_o,     //   itself writes no register then)
  output logic [31:0]   tr_lds_mask_o,
  output logic          tr_l1_a_valid_o,   // the L1 (gpu_l1's tr_* outputs)
  output logic          tr_l1_a_hit_o,
  output logic          tr_l1_a_alloc_o,
  output logic [15:0]   tr_l1_a_tag_o,
  output logic          tr_l1_fill_o,
  output logic [15:0]   tr_l1_fill_tag_o,
  // counters
  input  wire  [5:0]    ctr_idx_i,
  output logic [63:0]   ctr_value_o
);

  localparam int Passes = 32 / Lanes;
  localparam int PassW  = Passes > 1 ? $clog2(Passes) : 1;
  localparam int W      = Lanes * 32;   // bits of one window of lanes
  // Windows: a vector instruction goes through EX one window of Lanes lanes
  // a cycle, windows 0..Passes-1 (the register file is read so; the
  // scheduler issues nothing that would meet them), and is written back so:
  // the integer ALU and the f32 pipe give their results one window a cycle,
  // the variable-latency units' are written window by window from their
  // result registers. Other instructions have window 0 only (lane 0 is the
  // scalar-context value). The reductions and the divider take their
  // operands a window at a time into RAMs of their own; the LDS and the
  // memory unit get whole operands with the last window: the earlier
  // windows wait in gpu_cu_exec_checks (col_*_q).
  // Issue-to-writeback cycles of the fixed-latency classes (gpu_wave_sched),
  // to the first window: f32 pipe, integer ALU elementwise and picks; the other fixed instructions take 2.
  localparam int LatFp    = 1 + gpu_fp_pkg::FP_PIPE_LATENCY;
  localparam int LatValu  = 2;
  localparam int LatXlane = Passes == 1 ? 2 : Passes + 2;              // (gpu_valu: after the last window came)
  localparam int LatMax   = LatFp > LatXlane ? LatFp : LatXlane;
  localparam int ResvW    = LatMax + Passes;

  // A launch also resets the control state: a task stopped by a fault leaves its waves behind.
  wire rst = rst_i || launch_i;

  // ======================================================================
  // Instruction memory (a copy of the program in every CU)
  // ======================================================================
  // Each word is the instruction and its predecoded fields (gpu_predecode),
  // computed on the way in. The write is registered: it comes from the host
  // while no task runs, so a cycle's delay costs nothing.
  localparam int PreW = gpu_predecode_pkg::PRE_W;
  logic            imem_re;
  logic [11:0]     imem_raddr;
  logic [63:0]     imem_rdata;
  logic [PreW-1:0] imem_rpre;
  logic [PreW-1:0] imem_wpre;
  logic            imem_we_q;
  logic [11:0]     imem_waddr_q;
  logic [63:0]     imem_wdata_q;
  logic [PreW-1:0] imem_wpre_q;

  gpu_predecode u_predecode (
    .inst_i (imem_data_i),
    .pre_o  (imem_wpre)
  );

  always_ff @(posedge clk_i) begin
    imem_we_q    <= imem_we_i;
    imem_waddr_q <= imem_addr_i;
    imem_wdata_q <= imem_data_i;
    imem_wpre_q  <= imem_wpre;
    if (rst_i) imem_we_q <= 1'b0;
  end

  gpu_ram_1r1w #(
    .Width (PreW + 64),
    .Depth (4096)
  ) u_imem (
    .clk_i   (clk_i),
    .we_i    (imem_we_q),
    .waddr_i (imem_waddr_q),
    .wdata_i ({imem_wpre_q, imem_wdata_q}),
    .re_i    (imem_re),
    .raddr_i (imem_raddr),
    .rdata_o ({imem_rpre, imem_rdata})
  );

  // ======================================================================
  // Wave scheduler
  // ======================================================================
  logic          is_valid, is_slot;
  logic [11:0]   is_pc;
  logic [63:0]   is_inst;
  // the issued instruction's fields (gpu_decode's, from the scheduler)
  logic        d_writes_dest, d_noret;
  logic [4:0]  d_fmt;
  logic [3:0]  d_unit;
  logic [5:0]  d_fn;
  logic [7:0]  d_opcode;
  logic [5:0]  d_dest;
  logic [11:0] d_mask;
  logic [2:0]  d_src_used;
  logic [5:0]  d_src_kind;
  logic [17:0] d_src_reg;
  logic [95:0] d_src_lit;
  logic [35:0] d_src_mask;
  logic [31:0] d_target;
  logic [15:0] d_sigs;
  logic [3:0]  d_sig;
  logic [15:0] d_offset;
  logic [3:0]    is_fault;
  logic [5:0]    is_fault_reg;
  logic [31:0]   is_fault_addr;
  logic [31:0]   sig_pending;
  logic [1:0]    live, inflight;
  logic          two;
  logic [63:0]   wave_ids;
  logic [31:0]   group_ids;
  logic [1:0]    stall_dep, stall_mem, stall_bar, stall_lds, stall_fetch;
  logic [1:0]    hold;
  logic          lds_free, divsqrt_free, sdiv_free, red_free, gmem_free, valu_free, var_wait;

  // writeback -> scheduler
  logic          wb_commit, wb_serial, wb_redirect, wb_end, wb_barrier, wb_sigdone, wb_sb_clear, wb_memdone;
  logic          wb_slot;
  logic [11:0]   wb_next_pc;
  logic [15:0]   wb_sigs;
  logic [5:0]    wb_sb_reg;
  logic          lds_side, lds_side_slot;   // an LDS result written beside the writeback's event
  logic [5:0]    lds_side_dest;
  logic [31:0]   lds_side_mask;
  logic          rel_valid, rel_slot;   // a register written in every lane now (gpu_cu_writeback's rel_*)
  logic [5:0]    rel_reg;
  logic [3:0]    wb_sig;

  logic [ResvW-1:0] resv, var_resv;
  logic             is_wide;
  gpu_wave_sched #(
    .LatFp    (LatFp),
    .LatValu  (LatValu),
    .LatXlane (LatXlane),
    .Passes   (Passes)
  ) u_sched (
    .clk_i           (clk_i),
    .rst_i           (rst),
    .stop_i          (stop_i),
    .num_insts_i     (num_insts_i),
    .place_i         (place_i),
    .place_slot_i    (place_slot_i),
    .place_two_i     (place_two_i),
    .place_group_i   (place_group_i),
    .hold_i          (hold),
    .imem_re_o       (imem_re),
    .imem_raddr_o    (imem_raddr),
    .imem_rdata_i    (imem_rdata),
    .imem_pre_i      (imem_rpre),
    .lds_free_i      (lds_free),
    .divsqrt_free_i  (divsqrt_free),
    .sdiv_free_i     (sdiv_free),
    .red_free_i      (red_free),
    .gmem_free_i     (gmem_free),
    .valu_free_i     (valu_free),
    .var_wait_i      (var_wait),
    .var_resv_i      (var_resv),
    .resv_o          (resv),
    .is_valid_o      (is_valid),
    .is_wide_o       (is_wide),
    .is_slot_o       (is_slot),
    .is_pc_o         (is_pc),
    .is_inst_o       (is_inst),
    .is_fmt_o        (d_fmt),
    .is_unit_o       (d_unit),
    .is_fn_o         (d_fn),
    .is_opcode_o     (d_opcode),
    .is_writes_dest_o(d_writes_dest),
    .is_dest_o       (d_dest),
    .is_mask_o       (d_mask),
    .is_src_used_o   (d_src_used),
    .is_src_kind_o   (d_src_kind),
    .is_src_reg_o    (d_src_reg),
    .is_src_lit_o    (d_src_lit),
    .is_src_mask_o   (d_src_mask),
    .is_target_o     (d_target),
    .is_sigs_o       (d_sigs),
    .is_sig_o        (d_sig),
    .is_noret_o      (d_noret),
    .is_offset_o     (d_offset),
    .is_fault_o      (is_fault),
    .is_fault_reg_o  (is_fault_reg),
    .is_fault_addr_o (is_fault_addr),
    .wb_commit_i     (wb_commit),
    .wb_slot_i       (wb_slot),
    .wb_serial_i     (wb_serial),
    .wb_redirect_i   (wb_redirect),
    .wb_next_pc_i    (wb_next_pc),
    .wb_end_i        (wb_end),
    .wb_barrier_i    (wb_barrier),
    .wb_sigdone_i    (wb_sigdone),
    .wb_sigs_i       (wb_sigs),
    .wb_sb_clear_i   (wb_sb_clear),
    .wb_sb_reg_i     (wb_sb_reg),
    .lds_side_i      (lds_side),
    .lds_side_slot_i (lds_side_slot),
    .lds_side_reg_i  (lds_side_dest),
    .rel_valid_i     (rel_valid),
    .rel_slot_i      (rel_slot),
    .rel_reg_i       (rel_reg),
    .memdone_i       (wb_memdone),
    .memdone_slot_i  (wb_slot),
    .memdone_sig_i   (wb_sig),
    .sig_pending_o   (sig_pending),
    .live_o          (live),
    .two_o           (two),
    .wave_id_o       (wave_ids),
    .group_o         (group_ids),
    .inflight_o      (inflight),
    .stall_dep_o     (stall_dep),
    .stall_mem_o     (stall_mem),
    .stall_bar_o     (stall_bar),
    .stall_lds_o     (stall_lds),
    .stall_fetch_o   (stall_fetch)
  );

  // ======================================================================
  // Issue: register-file read (the scheduler hands over the instruction decoded)
  // ======================================================================

  logic [2:0]       rf_re;
  logic [20:0]      rf_raddr;
  logic [3*PassW-1:0] rf_rwin;
  logic [3*W-1:0]   rf_rdata;
  logic             wb_writes;   // writeback writes a window of a general register (maybe no lane of it)
  logic [Lanes-1:0] rf_we;
  logic [6:0]       rf_waddr;
  logic [PassW-1:0] rf_wwin;
  logic [W-1:0]     rf_wdata;
  logic [1:0]       rf_clear;

  // EX state used by the reads of a vector instruction's later windows (below).
  logic             ex_valid_q, ex_slot_q, ex_wide_q;
  logic [PassW-1:0] ex_win_q;          // the window in EX
  logic [5:0]       ex_kind_q;
  logic [17:0]      ex_reg_q;
  wire              ex_lastw = !ex_wide_q || ex_win_q == PassW'(Passes - 1);   // EX holds the last window
  wire              ex_more  = ex_valid_q && !ex_lastw;
  wire [4:0]        ex_win5  = 5'(32'(ex_win_q));   // the EX window in 5 bits (PassW is 1 to 5)

  // Register reads: window 0 at issue; while a vector instruction's window k
  // is in EX, its V operands' window k + 1 (S operands keep window 0).
  always_comb begin
    for (int p = 0; p < 3; p++) begin
      logic [5:0] r;
      if (ex_more) begin
        r = ex_reg_q[p*6 +: 6];
        rf_re[p] = r >= 6'd16 && ex_kind_q[p*2 +: 2] == gpu_isa_pkg::KIND_V;
        rf_raddr[p*7 +: 7] = (ex_slot_q ? 7'd48 : 7'd0) + {1'b0, r} - 7'd16;
        rf_rwin[p*PassW +: PassW] = ex_win_q + PassW'(1);
      end else begin
        r = d_src_reg[p*6 +: 6];
        rf_re[p] = is_valid && d_src_used[p] && r >= 6'd16 &&
                   (d_src_kind[p*2 +: 2] == gpu_isa_pkg::KIND_V || d_src_kind[p*2 +: 2] == gpu_isa_pkg::KIND_S);
        rf_raddr[p*7 +: 7] = (is_slot ? 7'd48 : 7'd0) + {1'b0, r} - 7'd16;
        rf_rwin[p*PassW +: PassW] = '0;
      end
    end
  end

  gpu_regfile #(
    .Lanes (Lanes)
  ) u_regfile (
    .clk_i        (clk_i),
    .rst_i        (rst),
    .clear_slot_i (rf_clear),
    .re_i         (rf_re),
    .raddr_i      (rf_raddr),
    .rwin_i       (rf_rwin),
    .rdata_o      (rf_rdata),
    .we_i         (wb_writes),
    .we_lanes_i   (rf_we),
    .waddr_i      (rf_waddr),
    .wwin_i       (rf_wwin),
    .wdata_i      (rf_wdata)
  );

  // ======================================================================
  // EX stage registers
  // ======================================================================
  logic [11:0] ex_pc_q;
  logic [63:0] ex_inst_q;
  logic [3:0]  ex_fault_q;
  logic [5:0]  ex_fault_reg_q;
  logic [31:0] ex_fault_addr_q;
  logic [4:0]  ex_fmt_q;
  logic [3:0]  ex_unit_q;
  logic [5:0]  ex_fn_q;
  logic [7:0]  ex_opcode_q;
  logic        ex_writes_q;
  logic [5:0]  ex_dest_q;
  logic [11:0] ex_mask_q;
  logic [95:0] ex_lit_q;
  logic [35:0] ex_smask_q;
  logic [31:0] ex_target_q;
  logic [15:0] ex_sigs_q;
  logic [3:0]  ex_sig_q;
  logic        ex_noret_q;
  logic [15:0] ex_offset_q;

  always_ff @(posedge clk_i) begin
    // (a vector instruction stays for its windows; the scheduler issues nothing meanwhile)
    if (ex_more)
      ex_win_q <= ex_win_q + PassW'(1);
    else begin
      ex_valid_q <= is_valid;
      ex_win_q   <= '0;
    end
    if (is_valid) begin
      ex_wide_q       <= Passes > 1 && is_wide;
      ex_slot_q       <= is_slot;
      ex_pc_q         <= is_pc;
      ex_inst_q       <= is_inst;
      ex_fault_q      <= is_fault;
      ex_fault_reg_q  <= is_fault_reg;
      ex_fault_addr_q <= is_fault_addr;
      ex_fmt_q        <= d_fmt;
      ex_unit_q       <= d_unit;
      ex_fn_q         <= d_fn;
      ex_opcode_q     <= d_opcode;
      ex_writes_q     <= d_writes_dest;
      ex_dest_q       <= d_dest;
      ex_mask_q       <= d_mask;
      ex_kind_q       <= d_src_kind;
      ex_reg_q        <= d_src_reg;
      ex_lit_q        <= d_src_lit;
      ex_smask_q      <= d_src_mask;
      ex_target_q     <= d_target;
      ex_sigs_q       <= d_sigs;
      ex_sig_q        <= d_sig;
      ex_noret_q      <= d_noret;
      ex_offset_q     <= d_offset;
    end
    if (rst) ex_valid_q <= 1'b0;
  end

  // ======================================================================
  // EX: operands
  // ======================================================================
  // The writeback's register write, which the operands' mask bits follow.
  logic [5:0]    wb_dest;
  logic          rfw_slot;         // the register written now (the event's, or an LDS result's beside it)
  logic [5:0]    rfw_dest;
  logic [W-1:0]  wb_dest_data;
  logic [31:0]   wb_lanes;         // lanes written now

  logic [31:0]   ex_mask;          // the M operand (all 32 lanes)
  logic [3*W-1:0] ex_opnd;         // operand slots a, b, c of the window; lane 0 is the scalar-context value
  logic [W-1:0]  opnd_a, opnd_b, opnd_c;
  gpu_cu_operands #(
    .Lanes (Lanes)
  ) u_operands (
    .clk_i        (clk_i),
    .ex_valid_i   (ex_valid_q),
    .ex_slot_i    (ex_slot_q),
    .ex_win_i     (ex_win_q),
    .nx_valid_i   (ex_more || is_valid),
    .nx_slot_i    (ex_more ? ex_slot_q : is_slot),
    .nx_win_i     (ex_more ? ex_win_q + PassW'(1) : '0),
    .ex_kind_i    (ex_kind_q),
    .ex_reg_i     (ex_reg_q),
    .ex_smask_i   (ex_smask_q),
    .ex_mask_i    (ex_mask_q),
    .ex_lit_i     (ex_lit_q),
    .rf_rdata_i   (rf_rdata),
    .wave_ids_i   (wave_ids),
    .group_ids_i  (group_ids),
    .two_i        (two),
    .num_groups_i (num_groups_i),
    .args_addr_i  (args_addr_i),
    .wb_writes_i  (wb_writes),
    .wb_slot_i    (rfw_slot),
    .wb_dest_i    (rfw_dest),
    .wb_lanes_i   (wb_lanes),
    .wb_data_i    (wb_dest_data),
    .clear_slot_i (rf_clear),
    .mask_o       (ex_mask),
    .opnd_o       (ex_opnd)
  );
  assign opnd_a = ex_opnd[0 +: W];
  assign opnd_b = ex_opnd[W +: W];
  assign opnd_c = ex_opnd[2*W +: W];

  // ======================================================================
  // EX: classes
  // ======================================================================
  wire ex_ok       = ex_valid_q && ex_fault_q == gpu_isa_pkg::FAULT_NONE;
  wire ex_alu_unit = ex_unit_q == gpu_isa_pkg::UNIT_VALU || ex_unit_q == gpu_isa_pkg::UNIT_SALU;
  wire ex_scalar   = ex_unit_q == gpu_isa_pkg::UNIT_SALU;
  wire [1:0] ex_fn_class = gpu_isa_pkg::FN_CLASS[ex_fn_q*2 +: 2];   // where the ALU function executes (isa.def)
  wire ex_fp_fixed = ex_alu_unit && ex_fn_class == gpu_isa_pkg::FNC_F32;
  wire ex_fdiv     = ex_alu_unit && ex_fn_class == gpu_isa_pkg::FNC_F32_DIVSQRT;
  wire ex_sdiv     = ex_scalar && ex_fn_class == gpu_isa_pkg::FNC_SDIV;
  wire ex_lds      = ex_unit_q == gpu_isa_pkg::UNIT_LDS;
  wire ex_gmem     = ex_unit_q == gpu_isa_pkg::UNIT_GMEM;
  wire ex_branch   = ex_unit_q == gpu_isa_pkg::UNIT_BRANCH;
  wire ex_red      = ex_unit_q == gpu_isa_pkg::UNIT_RED;
  // the integer vector unit: ALU, mov/select/first_where_true, cross-lane, scalar integer ops
  wire ex_valu     = (ex_alu_unit && !ex_fp_fixed && !ex_fdiv && !ex_sdiv) || ex_unit_q == gpu_isa_pkg::UNIT_XLANE;

  // Branch resolution, address checks, the EX instruction's final fault; the
  // whole operands for the units that take them at once (LDS, memory unit).
  logic [11:0]   br_next;
  logic [W-1:0]  win_addr;                 // the window's addresses (LDS: group-relative, + offset)
  logic [1023:0] full_a, full_b;          // the trace's: the addresses (= A but for the LDS offset), B
  logic [Lanes*14-1:0] win_word;           // LDS: the window's physical words
  logic [3:0]    ex_fault;
  logic [5:0]    ex_flane;
  logic [31:0]   ex_faddr;
  logic [6:0]    ex_freg;
  gpu_cu_exec_checks #(
    .Lanes (Lanes)
  ) u_exec_checks (
    .clk_i           (clk_i),
    .ex_valid_i      (ex_valid_q),
    .ex_ok_i         (ex_ok),
    .ex_more_i       (ex_more),
    .ex_lastw_i      (ex_lastw),
    .ex_win_i        (ex_win_q),
    .ex_branch_i     (ex_branch),
    .ex_lds_i        (ex_lds),
    .ex_gmem_i       (ex_gmem),
    .ex_fdiv_i       (ex_fdiv),
    .ex_fmt_i        (ex_fmt_q),
    .ex_opcode_i     (ex_opcode_q),
    .ex_fn_i         (ex_fn_q),
    .ex_pc_i         (ex_pc_q),
    .ex_target_i     (ex_target_q),
    .ex_offset_i     (ex_offset_q),
    .ex_slot_i       (ex_slot_q),
    .two_i           (two),
    .ex_fault_i      (ex_fault_q),
    .ex_fault_reg_i  (ex_fault_reg_q),
    .ex_fault_addr_i (ex_fault_addr_q),
    .opnd_a_i        (opnd_a),
    .opnd_b_i        (opnd_b),
    .mask_i          (ex_mask),
    .num_insts_i     (num_insts_i),
    .lds_bytes_i     (lds_bytes_i),
    .mem_bytes_i     (mem_bytes_i),
    .br_next_o       (br_next),
    .win_addr_o      (win_addr),
    .win_word_o      (win_word),
    .full_a_o        (full_a),
    .full_b_o        (full_b),
    .fault_o         (ex_fault),
    .flane_o         (ex_flane),
    .faddr_o         (ex_faddr),
    .freg_o          (ex_freg)
  );
  wire ex_good = ex_valid_q && ex_fault == gpu_isa_pkg::FAULT_NONE;
  // Only branches and LDS and global accesses find faults in EX; the other
  // units start on ex_ok (the issue-time faults), which does not wait for the
  // EX address and branch checks (a long path into every unit's start).
  wire ex_unit_go = ex_ok;
`ifndef SYNTHESIS
  always @(posedge clk_i)
    if (!rst && ex_valid_q && (ex_valu || ex_red || ex_fdiv || ex_sdiv) && ex_good != ex_ok)
      $error("gpu_cu: an instruction of a unit without EX faults faulted in EX (pc %0d)", ex_pc_q);
`endif

  // ======================================================================
  // Units
  // ======================================================================
  // Integer vector unit (result one cycle after EX)
  logic          valu_valid, valu_free_next, valu_pass0, valu_last;
  logic [PassW-1:0] valu_win;
  logic [W-1:0]  valu_result;
  logic [31:0]   valu_we;
  gpu_valu #(
    .Lanes (Lanes)
  ) u_valu (
    .clk_i    (clk_i),
    .rst_i    (rst),
    .valid_i  (ex_ok && ex_valu),
    .win_i    (ex_win_q),
    .last_i   (ex_lastw),
    .opcode_i (ex_opcode_q),
    .unit_i   (ex_unit_q),
    .fn_i     (ex_fn_q),
    .a_i      (ex_fmt_q == gpu_isa_pkg::FMT_ALU1 ? '0 : opnd_a),
    .b_i      (opnd_b),
    .mask_i   (ex_mask),
    .free_o   (valu_free_next),
    .pass0_o  (valu_pass0),
    .valid_o  (valu_valid),
    .win_o    (valu_win),
    .last_o   (valu_last),
    .result_o (valu_result),
    .lane_we_o(valu_we)
  );

  // Reductions (variable latency: gpu_reduce)
  logic          red_ready, red_done;
  logic [1023:0] red_result;
  logic [31:0]   red_we;
  // (fed B a window at a time, like the divider)
  gpu_reduce #(
    .Combiners (Lanes >= 8 ? Lanes / 8 : 1),
    .InLanes   (Lanes)
  ) u_reduce (
    .clk_i     (clk_i),
    .rst_i     (rst),
    .load_i    (ex_unit_go && ex_red),
    .win_i     (ex_win5),
    .b_i       (opnd_b),
    .start_i   (ex_unit_go && ex_red && ex_lastw),
    .fin_i     (ex_opcode_q >= gpu_isa_pkg::OP_REDFIN_ADD),
    .fn_i      (ex_fn_q),
    .ready_o   (red_ready),
    .done_o    (red_done),
    .result_o  (red_result),
    .lane_we_o (red_we)
  );

  // Pipelined f32 unit; its instruction's writeback metadata travels alongside.
  logic          fp_valid, fp_last;
  logic [PassW-1:0] fp_win;
  logic [W-1:0]  fp_result;
  logic [7:0]    fp_tag;
  gpu_fp_pipe #(
    .Lanes (Lanes)
  ) u_fp (
    .clk_i    (clk_i),
    .rst_i    (rst),
    .valid_i  (ex_ok && ex_fp_fixed),
    .win_i    (ex_win_q),
    .last_i   (ex_lastw),
    .fn_i     (ex_fn_q),
    .a_i      (ex_fmt_q == gpu_isa_pkg::FMT_ALU1 ? '0 : opnd_a),
    .b_i      (opnd_b),
    .c_i      (opnd_c),
    .tag_i    ({ex_slot_q, ex_scalar, ex_dest_q}),
    .valid_o  (fp_valid),
    .win_o    (fp_win),
    .last_o   (fp_last),
    .result_o (fp_result),
    .tag_o    (fp_tag)
  );

  // f32 divide / square root (iterative, all lanes), fed a window at a time;
  // a scalar one has only window 0, at lane 0
  logic          fdiv_ready, fdiv_done;
  logic [PassW-1:0] var_win;            // the window a variable-latency writeback writes now
  logic [W-1:0]  fdiv_result;          // the window var_win of the results
  logic [7:0]    fdiv_tag;
  gpu_fp_divsqrt #(
    .Lanes   (DivLanes),
    .InLanes (Lanes)
  ) u_fdiv (
    .clk_i     (clk_i),
    .rst_i     (rst),
    .load_i    (ex_unit_go && ex_fdiv),
    .win_i     (ex_win5),
    .a_i       (win_addr),
    .b_i       (opnd_b),
    .start_i   (ex_unit_go && ex_fdiv && ex_lastw),
    .is_sqrt_i (ex_fn_q == gpu_isa_pkg::FN_SQRT_F32),
    .tag_i     (8'd0),
    .ready_o   (fdiv_ready),
    .done_o    (fdiv_done),
    .rwin_i    (var_win),
    .result_o  (fdiv_result),
    .tag_o     (fdiv_tag)
  );
  wire unused_fdiv = ^fdiv_tag;

  // scalar integer divider
  logic        sdiv_ready, sdiv_done;
  logic [31:0] sdiv_result;
  gpu_sdiv u_sdiv (
    .clk_i    (clk_i),
    .rst_i    (rst),
    .start_i  (ex_unit_go && ex_sdiv),
    .fn_i     (ex_fn_q),
    .a_i      (opnd_a[31:0]),
    .b_i      (opnd_b[31:0]),
    .ready_o  (sdiv_ready),
    .done_o   (sdiv_done),
    .result_o (sdiv_result)
  );

  // ----------------------------------------------------------------- LDS, shared by wave instructions and the clearing of new allocations
  logic          lds_req_valid, lds_req_ready;
  logic [4:0]    lds_req_op;
  logic [5:0]    lds_req_fn;
  logic          lds_req_ret;
  logic [31:0]   lds_req_mask;
  logic          lds_req_zero;
  logic [8:0]    clr_row;               // the row a clearing store zeroes
  logic          lds_resp_valid;        // an instruction's last stage 2
  logic          lds_res_valid, lds_pop;
  logic [31:0]   lds_res_mask;
  logic [W-1:0]  lds_resp_data;         // the window var_win of the oldest result
  logic [2:0]    lds_count;             // instructions in the LDS (waiting or in their rounds)
  logic          lds_wbusy;             // ... of which a store or atomic
  logic          lds_busy;              // an instruction is in the LDS
  logic          lds_stat_conflict;
  logic [5:0]    lds_stat_lanes;

  gpu_lds #(
    .Lanes (Lanes),
    .Banks (LdsBanks)
  ) u_lds (
    .clk_i           (clk_i),
    .rst_i           (rst),
    .req_valid_i     (lds_req_valid),
    .req_ready_o     (lds_req_ready),
    .req_op_i        (lds_req_op),
    .req_fn_i        (lds_req_fn),
    .req_ret_i       (lds_req_ret),
    .req_mask_i      (lds_req_mask),
    .req_zero_i      (lds_req_zero),
    .req_row_i       (clr_row),
    .op_valid_i      (ex_ok && ex_lds),     // every window of an LDS instruction, as it passes EX
    .op_win_i        (ex_win_q),
    .op_word_i       (win_word),
    .op_data_i       (opnd_b),
    .op_cmp_i        (opnd_c),
    .count_o         (lds_count),
    .wbusy_o         (lds_wbusy),
    .busy_o          (lds_busy),
    .resp_valid_o    (lds_resp_valid),
    .res_valid_o     (lds_res_valid),
    .res_mask_o      (lds_res_mask),
    .res_pop_i       (lds_pop),
    .resp_win_i      (var_win),
    .resp_data_o     (lds_resp_data),
    .stat_conflict_o (lds_stat_conflict),
    .stat_lanes_o    (lds_stat_lanes)
  );

  // The clearing of a new group's LDS allocation, between wave instructions:
  // it starts only while no wave instruction is in the LDS or on its way
  // (clr_busy: the LDS holds only clearing requests; wave instructions enter
  // behind them once the clearing ends).
  logic        clr_go, clr_active, clr_busy;
  logic [31:0] clr_mask;
  wire         ex_lds_go   = ex_good && ex_lds && ex_lastw;
  wire         is_lds_now  = is_valid && d_unit == gpu_isa_pkg::UNIT_LDS;
  gpu_lds_clear u_lds_clear (
    .clk_i        (clk_i),
    .rst_i        (rst),
    .place_i      (place_i),
    .place_slot_i (place_slot_i),
    .place_two_i  (place_two_i),
    .lds_bytes_i  (lds_bytes_i),
    .wave_lds_i   ((lds_busy && !clr_busy) || ex_lds_go || (ex_more && ex_lds) || is_lds_now),
    .req_ready_i  (lds_req_ready),
    .resp_valid_i (lds_resp_valid),
    .go_o         (clr_go),
    .row_o        (clr_row),
    .mask_o       (clr_mask),
    .active_o     (clr_active),
    .busy_o       (clr_busy),
    .hold_o       (hold)
  );

  assign lds_req_valid = ex_lds_go || clr_go;
  assign lds_req_op    = clr_go ? gpu_isa_pkg::FMT_LDS_STORE : ex_fmt_q;
  assign lds_req_fn    = ex_fn_q;
  assign lds_req_ret   = !clr_go && !ex_noret_q;
  assign lds_req_mask  = clr_go ? clr_mask : ex_mask;
  assign lds_req_zero  = clr_go;

  // ======================================================================
  // Writeback (gpu_cu_writeback)
  // ======================================================================
  // the global-memory unit's completions
  logic          gm_done_valid, gm_done_ready, gm_done_slot, gm_done_ret;
  logic [3:0]    gm_done_sig;
  logic [5:0]    gm_done_dest;
  logic [31:0]   gm_done_mask;
  logic [W-1:0]  gm_done_data;          // the window var_win of the completion's data
  logic [4:0]    gm_free;
  logic [1:0]    gm_slot_busy;

  // Writeback: the EX -> writeback pipeline registers and the variable-latency
  // units' waiting instructions, the source written back this cycle, its event.
  logic          wb_valid, wb_last, wb_go, wb_mem, wb_is_fault;
  logic [1:0]    wb_kind;
  logic [11:0]   wb_pc;
  logic [63:0]   wb_inst;
  logic [3:0]    wb_unit;          // for the counters
  logic [31:0]   wb_dest_mask;
  logic [1023:0] wb_dest_all;      // the whole destination value (trace)
  logic [31:0]   wb_mem_mask;
  logic [1023:0] wb_mem_addr, wb_mem_data;
  logic [3:0]    wb_fault;
  logic [5:0]    wb_flane;
  logic [31:0]   wb_faddr;
  logic [6:0]    wb_freg;
  logic          acc_valid, acc_slot, acc_nt, acc_ret, acc_wb, p2_gmem;
  logic [1:0]    acc_op, acc_scope;
  logic [5:0]    acc_fn, acc_dest;
  logic [3:0]    acc_sig;
  logic [31:0]   acc_mask;
  logic [4:0]    acc_idx, gm_st_idx;
  logic          lds_hold, fdiv_busy, fdiv_hold, sdiv_busy, sdiv_hold, red_busy, red_hold;
  logic [31:0]   valu_mask, lds_mask;
  gpu_cu_writeback #(
    .Lanes (Lanes),
    .ResvW (ResvW),
    .Trace (Trace)
  ) u_writeback (
    .clk_i            (clk_i),
    .rst_i            (rst),
    .stop_i           (stop_i),
    .squash_i         (squash_i),
    .ex_valid_i       (ex_valid_q),
    .ex_ok_i          (ex_unit_go),
    .ex_lastw_i       (ex_lastw),
    .ex_win_i         (ex_win_q),
    .ex_slot_i        (ex_slot_q),
    .ex_pc_i          (ex_pc_q),
    .ex_inst_i        (ex_inst_q),
    .ex_unit_i        (ex_unit_q),
    .ex_fault_i       (ex_fault_q),
    .ex_fn_i          (ex_fn_q),
    .ex_opcode_i      (ex_opcode_q),
    .ex_fmt_i         (ex_fmt_q),
    .ex_writes_i      (ex_writes_q),
    .ex_dest_i        (ex_dest_q),
    .ex_sigs_i        (ex_sigs_q),
    .ex_sig_i         (ex_sig_q),
    .ex_noret_i       (ex_noret_q),
    .ex_mask_i        (ex_mask),
    .ex_valu_i        (ex_valu),
    .ex_fp_i          (ex_fp_fixed),
    .ex_fdiv_i        (ex_fdiv),
    .ex_sdiv_i        (ex_sdiv),
    .ex_red_i         (ex_red),
    .ex_lds_i         (ex_lds),
    .ex_gmem_i        (ex_gmem),
    .ex_gm_idx_i      (gm_st_idx),
    .ex_branch_i      (ex_branch),
    .ex_scalar_i      (ex_scalar),
    .ex_lds_go_i      (ex_lds_go),
    .chk_fault_i      (ex_fault),
    .chk_flane_i      (ex_flane),
    .chk_faddr_i      (ex_faddr),
    .chk_freg_i       (ex_freg),
    .br_next_i        (br_next),
    .full_a_i         (full_a),
    .full_b_i         (full_b),
    .valu_valid_i     (valu_valid),
    .valu_pass0_i     (valu_pass0),
    .valu_win_i       (valu_win),
    .valu_last_i      (valu_last),
    .valu_result_i    (valu_result),
    .valu_we_i        (valu_we),
    .fp_valid_i       (fp_valid),
    .fp_win_i         (fp_win),
    .fp_last_i        (fp_last),
    .fp_result_i      (fp_result),
    .fp_tag_i         (fp_tag),
    .lds_res_valid_i  (lds_res_valid),
    .lds_res_mask_i   (lds_res_mask),
    .lds_resp_data_i  (lds_resp_data),
    .lds_pop_o        (lds_pop),
    .fdiv_done_i      (fdiv_done),
    .fdiv_result_i    (fdiv_result),
    .sdiv_done_i      (sdiv_done),
    .sdiv_result_i    (sdiv_result),
    .red_done_i       (red_done),
    .red_result_i     (red_result),
    .red_we_i         (red_we),
    .gm_done_valid_i  (gm_done_valid),
    .gm_done_ready_o  (gm_done_ready),
    .gm_done_slot_i   (gm_done_slot),
    .gm_done_sig_i    (gm_done_sig),
    .gm_done_dest_i   (gm_done_dest),
    .gm_done_mask_i   (gm_done_mask),
    .gm_done_data_i   (gm_done_data),
    .var_win_o        (var_win),
    .resv_i           (resv),
    .var_resv_o       (var_resv),
    .var_wait_o       (var_wait),
    .sig_pending_i    (sig_pending),
    .wb_valid_o       (wb_valid),
    .wb_last_o        (wb_last),
    .wb_go_o          (wb_go),
    .wb_mem_o         (wb_mem),
    .wb_commit_o      (wb_commit),
    .wb_memdone_o     (wb_memdone),
    .wb_is_fault_o    (wb_is_fault),
    .wb_kind_o        (wb_kind),
    .wb_slot_o        (wb_slot),
    .wb_pc_o          (wb_pc),
    .wb_inst_o        (wb_inst),
    .wb_unit_o        (wb_unit),
    .wb_dest_o        (wb_dest),
    .wb_dest_mask_o   (wb_dest_mask),
    .wb_dest_data_o   (wb_dest_data),
    .wb_dest_all_o    (wb_dest_all),
    .wb_mem_mask_o    (wb_mem_mask),
    .wb_mem_addr_o    (wb_mem_addr),
    .wb_mem_data_o    (wb_mem_data),
    .wb_fault_o       (wb_fault),
    .wb_flane_o       (wb_flane),
    .wb_faddr_o       (wb_faddr),
    .wb_freg_o        (wb_freg),
    .wb_serial_o      (wb_serial),
    .wb_redirect_o    (wb_redirect),
    .wb_next_pc_o     (wb_next_pc),
    .wb_end_o         (wb_end),
    .wb_barrier_o     (wb_barrier),
    .wb_sigdone_o     (wb_sigdone),
    .wb_sigs_o        (wb_sigs),
    .wb_sig_o         (wb_sig),
    .wb_sb_clear_o    (wb_sb_clear),
    .wb_sb_reg_o      (wb_sb_reg),
    .lds_side_o       (lds_side),
    .lds_side_slot_o  (lds_side_slot),
    .lds_side_dest_o  (lds_side_dest),
    .lds_side_mask_o  (lds_side_mask),
    .rel_valid_o      (rel_valid),
    .rel_slot_o       (rel_slot),
    .rel_reg_o        (rel_reg),
    .wb_writes_o      (wb_writes),
    .wb_lanes_o       (wb_lanes),
    .rfw_slot_o       (rfw_slot),
    .rfw_dest_o       (rfw_dest),
    .rf_we_o          (rf_we),
    .rf_waddr_o       (rf_waddr),
    .rf_wwin_o        (rf_wwin),
    .rf_wdata_o       (rf_wdata),
    .acc_valid_o      (acc_valid),
    .acc_slot_o       (acc_slot),
    .acc_op_o         (acc_op),
    .acc_fn_o         (acc_fn),
    .acc_scope_o      (acc_scope),
    .acc_nt_o         (acc_nt),
    .acc_ret_o        (acc_ret),
    .acc_wb_o         (acc_wb),
    .acc_dest_o       (acc_dest),
    .acc_sig_o        (acc_sig),
    .acc_mask_o       (acc_mask),
    .acc_idx_o        (acc_idx),
    .p2_gmem_o        (p2_gmem),
    .lds_hold_o       (lds_hold),
    .fdiv_busy_o      (fdiv_busy),
    .fdiv_hold_o      (fdiv_hold),
    .sdiv_busy_o      (sdiv_busy),
    .sdiv_hold_o      (sdiv_hold),
    .red_busy_o       (red_busy),
    .red_hold_o       (red_hold),
    .valu_mask_o      (valu_mask),
    .lds_mask_o       (lds_mask)
  );
`ifndef SYNTHESIS
  always @(posedge clk_i)
    if (!rst && ex_more && is_valid)
      $error("gpu_cu: an instruction issued while a vector instruction has windows to come in EX");
`endif

  // Placement forgets the slot's registers and masks.
  always_comb begin
    rf_clear = 2'b00;
    if (place_i) begin
      if (place_two_i || !place_slot_i) rf_clear[0] = 1'b1;
      if (place_two_i || place_slot_i)  rf_clear[1] = 1'b1;
    end
  end

  // ----------------------------------------------------------------- global-memory unit
  // GmemEntries instructions of 32 lanes: 4 are the 128 global memory ports of a CU (docs/isa.md 4.7)
  // The memory unit's line requests to the L1, and the answers.
  logic          gm_req_valid, gm_req_ready, gm_req_nt, gm_resp_valid, gm_resp_ready, l1_dresp_ready;
  logic [1:0]    gm_req_op, gm_req_scope;
  logic [5:0]    gm_req_fn;
  logic [25:0]   gm_req_line;
  logic [15:0]   gm_req_words, gm_req_tag, gm_resp_tag;
  logic [511:0]  gm_req_data, gm_resp_data;
  logic [31:0]   gm_req_cmp, l1_hits, l1_misses, l1_evictions;
  gpu_gmem #(
    .Entries (GmemEntries),
    .Lanes   (Lanes)
  ) u_gmem (
    .clk_i        (clk_i),
    .rst_i        (rst),
    .cu_id_i      (cu_id_i),
    .acc_valid_i  (acc_valid),
    .acc_slot_i   (acc_slot),
    .acc_op_i     (acc_op),
    .acc_fn_i     (acc_fn),
    .acc_scope_i  (acc_scope),
    .acc_nt_i     (acc_nt),
    .acc_ret_i    (acc_ret),
    .acc_wb_i     (acc_wb),
    .acc_dest_i   (acc_dest),
    .acc_sig_i    (acc_sig),
    .acc_mask_i   (acc_mask),
    .acc_idx_i    (acc_idx),
    .free_o       (gm_free),
    .alloc_idx_o  (tr_gm_entry_o),
    .st_valid_i   (ex_ok && ex_gmem),
    .st_win_i     (ex_win_q),
    .st_addr_i    (win_addr),
    .st_data_i    (opnd_b),
    .st_cmp_i     (opnd_c),
    .st_idx_o     (gm_st_idx),
    .st_resv_i    (p2_gmem),
    .st_resv_idx_i(acc_idx),
    .req_valid_o  (gm_req_valid),
    .req_ready_i  (gm_req_ready),
    .req_op_o     (gm_req_op),
    .req_fn_o     (gm_req_fn),
    .req_scope_o  (gm_req_scope),
    .req_nt_o     (gm_req_nt),
    .req_line_o   (gm_req_line),
    .req_words_o  (gm_req_words),
    .req_data_o   (gm_req_data),
    .req_cmp_o    (gm_req_cmp),
    .req_tag_o    (gm_req_tag),
    .resp_valid_i (gm_resp_valid),
    .resp_ready_o (gm_resp_ready),
    .resp_tag_i   (gm_resp_tag),
    .resp_data_i  (gm_resp_data),
    .done_valid_o (gm_done_valid),
    .done_ready_i (gm_done_ready),
    .done_slot_o  (gm_done_slot),
    .done_sig_o   (gm_done_sig),
    .done_ret_o   (gm_done_ret),
    .done_dest_o  (gm_done_dest),
    .done_mask_o  (gm_done_mask),
    .done_win_i   (var_win),
    .done_data_o  (gm_done_data),
    .slot_busy_o  (gm_slot_busy),
    .maint_req_o  (maint_req_o),
    .maint_ack_i  (maint_ack_i),
    .maint_done_i (maint_done_i)
  );
  wire unused_gm = gm_done_ret;

  // ----------------------------------------------------------------- the L1
  gpu_l1 #(
    .Sets  (L1Sets),
    .Ways  (L1Ways),
    .Mshrs (L1Mshrs)
  ) u_l1 (
    .clk_i            (clk_i),
    .rst_i            (rst),
    .clear_i          (launch_i),
    .req_valid_i      (gm_req_valid),
    .req_ready_o      (gm_req_ready),
    .req_op_i         (gm_req_op),
    .req_fn_i         (gm_req_fn),
    .req_scope_i      (gm_req_scope),
    .req_nt_i         (gm_req_nt),
    .req_line_i       (gm_req_line),
    .req_words_i      (gm_req_words),
    .req_data_i       (gm_req_data),
    .req_cmp_i        (gm_req_cmp),
    .req_tag_i        (gm_req_tag),
    .resp_valid_o     (gm_resp_valid),
    .resp_ready_i     (gm_resp_ready),
    .resp_tag_o       (gm_resp_tag),
    .resp_data_o      (gm_resp_data),
    .dreq_valid_o     (mem_req_valid_o),
    .dreq_ready_i     (mem_req_ready_i),
    .dreq_op_o        (mem_req_op_o),
    .dreq_fn_o        (mem_req_fn_o),
    .dreq_nt_o        (mem_req_nt_o),
    .dreq_sys_o       (mem_req_sys_o),
    .dreq_line_o      (mem_req_line_o),
    .dreq_words_o     (mem_req_words_o),
    .dreq_data_o      (mem_req_data_o),
    .dreq_cmp_o       (mem_req_cmp_o),
    .dreq_tag_o       (mem_req_tag_o),
    .dresp_valid_i    (mem_resp_valid_i),
    .dresp_ready_o    (l1_dresp_ready),
    .dresp_tag_i      (mem_resp_tag_i),
    .dresp_data_i     (mem_resp_data_i),
    .tr_a_valid_o     (tr_l1_a_valid_o),
    .tr_a_hit_o       (tr_l1_a_hit_o),
    .tr_a_alloc_o     (tr_l1_a_alloc_o),
    .tr_a_tag_o       (tr_l1_a_tag_o),
    .tr_fill_o        (tr_l1_fill_o),
    .tr_fill_tag_o    (tr_l1_fill_tag_o),
    .ctr_hits_o       (l1_hits),
    .ctr_misses_o     (l1_misses),
    .ctr_evictions_o  (l1_evictions)
  );
  assign mem_resp_ready_o = l1_dresp_ready;

  // Room for one more: entries free, less the global instructions between issue and writeback
  // (each holds the entry its operands go into in EX: gpu_gmem).
  wire [1:0] gm_in_pipe = {1'b0, ex_valid_q && ex_gmem} + {1'b0, p2_gmem};
  assign gmem_free = gm_free > {3'd0, gm_in_pipe};

  // ----------------------------------------------------------------- unit availability
  // The LDS: with one window, an instruction issued now reaches it the cycle
  // after next (from EX), so it is free with room for this one and the one in
  // EX, and no store or atomic there or waiting (their operands are in one
  // register: gpu_lds); with more than one window, when it is empty and no
  // result waits (the operand windows go into it as they pass EX).
  wire ex_lds_now = ex_valid_q && ex_lds;
  if (Lanes == 32) begin : g_lds_free
    assign lds_free = !clr_active && lds_count + {2'd0, ex_lds_now} <= 3'd3 && !lds_wbusy &&
                      !(ex_lds_now && ex_fmt_q != gpu_isa_pkg::FMT_LDS_LOAD);
  end else begin : g_lds_free_windows
    assign lds_free = !lds_busy && !lds_hold && !clr_active && !ex_lds_now;
    wire unused_lds_count = ^{lds_count, lds_wbusy};
  end
  assign divsqrt_free = fdiv_ready && !fdiv_busy && !fdiv_hold && !(ex_valid_q && ex_fdiv);
  assign sdiv_free    = sdiv_ready && !sdiv_busy && !sdiv_hold && !(ex_valid_q && ex_sdiv);
  assign red_free     = red_ready && !red_busy && !red_hold && !(ex_valid_q && ex_red);
  // With fewer physical lanes the integer ALU and the f32 pipe take a wave instruction every Passes cycles.
  // (the scheduler issues nothing that would meet a vector instruction's windows in EX)
  assign valu_free    = valu_free_next;

  // ======================================================================
  // Status, faults, trace
  // ======================================================================
  // (no placement while an LDS allocation is cleared or its last requests
  // are in the LDS: one clearing at a time, and gpu_lds_clear's answers are
  // its own; a second placement used to take over the first one's clearing
  // midway)
  assign slot_free_o[0] = !live[0] && !(two && live[1]) && !inflight[0] && !gm_slot_busy[0] && !clr_active && !clr_busy;
  assign slot_free_o[1] = !live[1] && !(two && live[0]) && !inflight[1] && !gm_slot_busy[1] && !clr_active && !clr_busy;
  assign mem_idle_o     = gm_free == 5'(GmemEntries);
  assign idle_o         = live == 2'b00 && inflight == 2'b00 && mem_idle_o && !clr_active && !lds_busy && !lds_hold;

  // Not gated by squash_i: gpu_top derives squash_i from the faults of lower CUs.
  assign fault_o       = wb_valid && wb_last && !stop_i && wb_is_fault;
  assign fault_code_o  = wb_fault;
  assign fault_slot_o  = wb_slot;
  assign fault_wave_o  = wave_ids[wb_slot*32 +: 32];
  assign fault_group_o = group_ids[wb_slot*16 +: 16];
  assign fault_pc_o    = wb_pc;
  assign fault_inst_o  = wb_inst;
  assign fault_lane_o  = wb_flane;
  assign fault_addr_o  = wb_faddr;
  assign fault_reg_o   = wb_freg;

  // A completion of a wave that has ended is not reported (the wave is gone).
  // (with Trace = 0 the outputs are constant, and their logic is gone; gpu_cu_writeback
  // gives the trace-only wb_dest_all, wb_mem_addr and wb_mem_data as 0 then)
  localparam logic On = Trace != 0;
  assign tr_valid_o     = On && wb_last && wb_go && (!wb_mem || live[wb_slot]);
  assign tr_kind_o      = On ? wb_kind : 2'd0;
  assign tr_slot_o      = On && wb_slot;
  assign tr_pc_o        = On ? wb_pc : 12'd0;
  assign tr_dest_o      = On ? wb_dest : 6'd0;
  assign tr_dest_mask_o = (On && !wb_is_fault) ? wb_dest_mask : 32'd0;
  assign tr_dest_data_o = wb_dest_all;
  assign tr_sig_o       = On ? wb_sig : 4'd0;
  assign tr_mem_mask_o  = On ? wb_mem_mask : 32'd0;
  assign tr_mem_addr_o  = wb_mem_addr;
  assign tr_mem_data_o  = wb_mem_data;
  assign tr_lds_valid_o = On && lds_side;
  assign tr_lds_slot_o  = On && lds_side_slot;
  assign tr_lds_dest_o  = On ? lds_side_dest : 6'd0;
  assign tr_lds_mask_o  = On ? lds_side_mask : 32'd0;

  // ======================================================================
  // Counters
  // ======================================================================
  gpu_cu_counters u_counters (
    .clk_i           (clk_i),
    .rst_i           (rst_i),
    .launch_i        (launch_i),
    .count_i         (count_i),
    .stall_dep_i     (stall_dep),
    .stall_mem_i     (stall_mem),
    .stall_bar_i     (stall_bar),
    .stall_lds_i     (stall_lds),
    .stall_fetch_i   (stall_fetch),
    .retire_i        (wb_commit && !wb_is_fault),
    .wb_slot_i       (wb_slot),
    .wb_unit_i       (wb_unit),
    .wb_opcode_i     (wb_inst[63:56]),
    .wb_dest_mask_i  (wb_dest_mask),
    .wb_mem_mask_i   (wb_mem_mask),
    .wb_barrier_i    (wb_barrier),
    .valu_mask_i     (valu_mask),
    .lds_mask_i      (lds_mask),
    .gmem_op_i       (acc_op),
    .gmem_mask_i     (acc_mask),
    .lds_conflict_i  (lds_stat_conflict),
    .lds_lanes_i     (lds_stat_lanes),
    .lds_clearing_i  (clr_busy),
    .place_i         (place_i),
    .mem_req_valid_i (gm_req_valid),
    .mem_req_ready_i (gm_req_ready),
    .mem_req_op_i    (gm_req_op),
    .l1_hits_i       (l1_hits),
    .l1_misses_i     (l1_misses),
    .l1_evictions_i  (l1_evictions),
    .ctr_idx_i       (ctr_idx_i),
    .ctr_value_o     (ctr_value_o)
  );

endmodule

`default_nettype wire
