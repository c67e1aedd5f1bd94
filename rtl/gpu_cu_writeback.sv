// SPDX-License-Identifier: Apache-2.0
// gpu_cu_writeback: the CU's writeback stage: the EX -> writeback pipeline registers (p2, the
// integer ALU's and f32 pipe's instruction fields, the variable-latency units' waiting
// instructions), the choice of the source written back this cycle, one window a cycle (fixed
// latency first), and the event it makes: register write, scheduler update, fault, trace.
// With one window, an LDS result is also written beside an event of p2 that writes no
// register (the retire of a branch, an LDS or global access, ...): the register port is
// free then, and the result's scoreboard clear and trace record come out beside the event
// (lds_side_*).
`default_nettype none

module gpu_cu_writeback #(
  parameter int Lanes = 32,   // lanes of a window (32 / Lanes windows per vector instruction)
  parameter int ResvW = 5,    // bits of the scheduler's writeback reservations (gpu_wave_sched's resv_o; 5 with 32 lanes)
  parameter int Trace = 1     // 0: the trace-only outputs (wb_mem_addr_o, wb_mem_data_o, wb_dest_all_o) are 0
) (
  input  wire                clk_i,
  input  wire                rst_i,
  input  wire                stop_i,           // a fault has stopped the task
  input  wire                squash_i,         // a lower-numbered CU faults this cycle: commit nothing
  // the EX instruction
  input  wire                ex_valid_i,
  input  wire                ex_ok_i,          // valid, without an issue-time fault: the units start
  input  wire                ex_lastw_i,       // its last window
  input  wire [(Lanes < 32 ? $clog2(32 / Lanes) : 1)-1:0] ex_win_i,
  input  wire                ex_slot_i,
  input  wire [11:0]         ex_pc_i,
  input  wire [63:0]         ex_inst_i,
  input  wire [3:0]          ex_unit_i,
  input  wire [3:0]          ex_fault_i,       // the issue-time fault
  input  wire [5:0]          ex_fn_i,
  input  wire [7:0]          ex_opcode_i,
  input  wire [4:0]          ex_fmt_i,
  input  wire                ex_writes_i,
  input  wire [5:0]          ex_dest_i,
  input  wire [15:0]         ex_sigs_i,
  input  wire [3:0]          ex_sig_i,
  input  wire                ex_noret_i,
  input  wire [31:0]         ex_mask_i,        // the M operand
  input  wire                ex_valu_i,        // its class: the unit that executes it
  input  wire                ex_fp_i,
  input  wire                ex_fdiv_i,
  input  wire                ex_sdiv_i,
  input  wire                ex_red_i,
  input  wire                ex_lds_i,
  input  wire                ex_gmem_i,
  input  wire [4:0]          ex_gm_idx_i,      // ... its memory-unit entry (gpu_gmem's st_idx_o)
  input  wire                ex_branch_i,
  input  wire                ex_scalar_i,
  input  wire                ex_lds_go_i,      // it goes to the LDS now
  // the EX checks (gpu_cu_exec_checks)
  input  wire [3:0]          chk_fault_i,      // the final fault, its lane, address, register
  input  wire [5:0]          chk_flane_i,
  input  wire [31:0]         chk_faddr_i,
  input  wire [6:0]          chk_freg_i,
  input  wire [11:0]         br_next_i,
  input  wire [1023:0]       full_a_i,         // the whole operands: the addresses, B (the trace's)
  input  wire [1023:0]       full_b_i,
  // the units' results
  input  wire                valu_valid_i,
  input  wire                valu_pass0_i,
  input  wire [(Lanes < 32 ? $clog2(32 / Lanes) : 1)-1:0] valu_win_i,
  input  wire                valu_last_i,
  input  wire [Lanes*32-1:0] valu_result_i,
  input  wire [31:0]         valu_we_i,
  input  wire                fp_valid_i,
  input  wire [(Lanes < 32 ? $clog2(32 / Lanes) : 1)-1:0] fp_win_i,
  input  wire                fp_last_i,
  input  wire [Lanes*32-1:0] fp_result_i,
  input  wire [7:0]          fp_tag_i,         // {slot, scalar, destination}
  input  wire                lds_res_valid_i,  // the LDS's oldest result waits (gpu_lds)
  input  wire [31:0]         lds_res_mask_i,   // ... its lanes
  input  wire [Lanes*32-1:0] lds_resp_data_i,  // ... the window var_win_o of it
  output logic               lds_pop_o,        // ... is written back (or dropped at a stop) now
  input  wire                fdiv_done_i,
  input  wire [Lanes*32-1:0] fdiv_result_i,    // the window var_win_o of the divide's results
  input  wire                sdiv_done_i,
  input  wire [31:0]         sdiv_result_i,
  input  wire                red_done_i,
  input  wire [1023:0]       red_result_i,
  input  wire [31:0]         red_we_i,
  input  wire                gm_done_valid_i,  // a completion of the memory unit
  output logic               gm_done_ready_o,
  input  wire                gm_done_slot_i,
  input  wire [3:0]          gm_done_sig_i,
  input  wire [5:0]          gm_done_dest_i,
  input  wire [31:0]         gm_done_mask_i,
  input  wire [Lanes*32-1:0] gm_done_data_i,   // the window var_win_o
  output logic [(Lanes < 32 ? $clog2(32 / Lanes) : 1)-1:0] var_win_o,   // the window a variable-latency writeback writes
  // the scheduler
  input  wire [ResvW-1:0]    resv_i,           // the cycles reserved for fixed-latency writebacks
  output logic [ResvW-1:0]   var_resv_o,       // ... and those a variable-latency one holds
  output logic               var_wait_o,       // new fixed-latency instructions wait
  input  wire [31:0]         sig_pending_i,
  // the event in writeback (the data: the window written now; the event itself at wb_last_o)
  output logic               wb_valid_o,
  output logic               wb_last_o,
  output logic               wb_go_o,          // this window is written (not stopped, not squashed)
  output logic               wb_mem_o,         // a memory unit completion
  output logic               wb_commit_o,
  output logic               wb_memdone_o,
  output logic               wb_is_fault_o,
  output logic [1:0]         wb_kind_o,        // trace kind (TR_*)
  output logic               wb_slot_o,
  output logic [11:0]        wb_pc_o,
  output logic [63:0]        wb_inst_o,
  output logic [3:0]         wb_unit_o,
  output logic [5:0]         wb_dest_o,
  output logic [31:0]        wb_dest_mask_o,
  output logic [Lanes*32-1:0] wb_dest_data_o,
  output logic [1023:0]      wb_dest_all_o,    // the whole destination value (trace)
  output logic [31:0]        wb_mem_mask_o,    // an LDS or global access's lanes, addresses, data
  output logic [1023:0]      wb_mem_addr_o,
  output logic [1023:0]      wb_mem_data_o,
  output logic [3:0]         wb_fault_o,
  output logic [5:0]         wb_flane_o,
  output logic [31:0]        wb_faddr_o,
  output logic [6:0]         wb_freg_o,
  output logic               wb_serial_o,
  output logic               wb_redirect_o,
  output logic [11:0]        wb_next_pc_o,
  output logic               wb_end_o,
  output logic               wb_barrier_o,
  output logic               wb_sigdone_o,
  output logic [15:0]        wb_sigs_o,
  output logic [3:0]         wb_sig_o,
  output logic               wb_sb_clear_o,
  output logic [5:0]         wb_sb_reg_o,
  // an LDS result written beside the event (one window; its data is wb_dest_data_o and
  // rf_wdata_o, its lanes wb_lanes_o; the event itself writes no register): for the
  // scheduler's scoreboard and the trace's LDS_DONE record
  output logic               lds_side_o,
  output logic               lds_side_slot_o,
  output logic [5:0]         lds_side_dest_o,
  output logic [31:0]        lds_side_mask_o,
  // the register the integer ALU, the f32 pipe or (with one window) the LDS writes back now in
  // every lane, its last window (from registers: a read in this cycle may take it, through the
  // register file's bypass)
  output logic               rel_valid_o,
  output logic               rel_slot_o,
  output logic [5:0]         rel_reg_o,
  // the register file's write port, and the lanes written (32 lanes)
  output logic               wb_writes_o,
  output logic [31:0]        wb_lanes_o,
  output logic               rfw_slot_o,       // the slot and register written (the event's, or an LDS result's beside it)
  output logic [5:0]         rfw_dest_o,
  output logic [Lanes-1:0]   rf_we_o,
  output logic [6:0]         rf_waddr_o,
  output logic [(Lanes < 32 ? $clog2(32 / Lanes) : 1)-1:0] rf_wwin_o,
  output logic [Lanes*32-1:0] rf_wdata_o,
  // a global access to the memory unit (gpu_gmem's acc_*)
  output logic               acc_valid_o,
  output logic               acc_slot_o,
  output logic [1:0]         acc_op_o,
  output logic [5:0]         acc_fn_o,
  output logic [1:0]         acc_scope_o,
  output logic               acc_nt_o,
  output logic               acc_ret_o,
  output logic               acc_wb_o,
  output logic [5:0]         acc_dest_o,
  output logic [3:0]         acc_sig_o,
  output logic [31:0]        acc_mask_o,
  output logic [4:0]         acc_idx_o,        // its memory-unit entry (the operands are in it: ex_gm_idx_i)
  output logic               p2_gmem_o,        // a global instruction between EX and the memory unit
  // the units' state (their availability, idleness, the counters)
  output logic               lds_hold_o,       // an LDS result waits for writeback
  output logic               fdiv_busy_o,
  output logic               fdiv_hold_o,
  output logic               sdiv_busy_o,
  output logic               sdiv_hold_o,
  output logic               red_busy_o,
  output logic               red_hold_o,
  output logic [31:0]        valu_mask_o,      // the written-back integer ALU instruction's M mask
  output logic [31:0]        lds_mask_o        // ... and the retiring LDS instruction's
);

  localparam int Passes = 32 / Lanes;
  localparam int PassW  = Passes > 1 ? $clog2(Passes) : 1;
  localparam int W      = Lanes * 32;   // bits of one window of lanes
  localparam logic [1:0] TR_RETIRE = 2'd0;
  localparam logic [1:0] TR_MEM_DONE = 2'd1;
  localparam logic [1:0] TR_FAULT = 2'd2;
  localparam logic [1:0] TR_LDS_DONE = 2'd3;

  // Window k of a whole-wave result (lanes [k*Lanes, (k+1)*Lanes)), by AND-OR at constant places.
  function automatic logic [W-1:0] window_of(input logic [1023:0] x, input logic [PassW-1:0] k);
    window_of = '0;
    for (int i = 0; i < Passes; i++)
      window_of = window_of | ({W{k == PassW'(i)}} & x[i*W +: W]);
  endfunction
  // The lanes of window k.
  function automatic logic [31:0] window_lanes(input logic [PassW-1:0] k);
    for (int l = 0; l < 32; l++) window_lanes[l] = PassW'(l / Lanes) == k;
  endfunction
  // Window k's bits of a 32-lane mask.
  function automatic logic [Lanes-1:0] mask_window(input logic [31:0] m, input logic [PassW-1:0] k);
    mask_window = '0;
    for (int i = 0; i < Passes; i++)
      mask_window = mask_window | ({Lanes{k == PassW'(i)}} & m[i*Lanes +: Lanes]);
  endfunction

  // Only lanes 0, 8, 16 and 24 of a reduction's result can be nonzero: the
  // others as constants, so that the writeback's window multiplexer is small.
  logic [1023:0] red_lanes;
  always_comb begin
    red_lanes = '0;
    for (int c = 0; c < 4; c++) red_lanes[c*256 +: 32] = red_result_i[c*256 +: 32];
  end

  // (EX holds a vector instruction for all its windows: FpL cycles before its last window
  // comes out of the pipe, EX held its last window)
  localparam int FpL = gpu_fp_pkg::FP_PIPE_LATENCY;
  // (pc and instruction for the last window's trace; the slot and destination travel in the tag)
  logic [11:0]    fp_meta_pc_q [FpL];
  logic [63:0]    fp_meta_inst_q [FpL];
  always_ff @(posedge clk_i) begin
    fp_meta_pc_q[0]   <= ex_pc_i;
    fp_meta_inst_q[0] <= ex_inst_i;
    for (int i = 1; i < FpL; i++) begin
      fp_meta_pc_q[i]   <= fp_meta_pc_q[i-1];
      fp_meta_inst_q[i] <= fp_meta_inst_q[i-1];
    end
  end

  // p2: every fixed two-cycle instruction but the integer ALU's (and every issue-time fault).
  logic          p2_valid_q, p2_slot_q, p2_serial_q, p2_branch_q, p2_end_q, p2_barrier_q, p2_sigd_q, p2_sigbr_q;
  logic          p2_gmem_q, p2_gret_q, p2_writes_q;
  logic          p2_ldsw_q;   // an LDS store or atomic (its lanes' addresses, data in the trace)
  logic [3:0]    p2_unit_q;
  logic [3:0]    p2_fault_q;
  logic [5:0]    p2_flane_q;
  logic [31:0]   p2_faddr_q;
  logic [6:0]    p2_freg_q;
  logic [11:0]   p2_pc_q;
  logic [63:0]   p2_inst_q;
  logic [11:0]   p2_next_q;
  logic [5:0]    p2_dest_q;
  logic [15:0]   p2_sigs_q;
  logic [3:0]    p2_sig_q;
  logic [1:0]    p2_gop_q;
  logic [5:0]    p2_fn_q;
  logic [31:0]   p2_mask_q;
  logic [1023:0] p2_addr_q, p2_data_q;   // (the trace's only)
  logic [4:0]    p2_gidx_q;
  logic [4:0]    p2_nsig_q;

  // The integer ALU instruction whose result u_valu gives next. (With
  // Passes > 1 the next one may issue before that result is out: the
  // instruction's fields wait in valu_in_q until its pass 0 runs.)
  localparam int ValuMetaW = 1 + 1 + 12 + 64 + 4 + 6 + 32;
  logic          valu_meta_slot_q, valu_meta_writes_q;
  logic [11:0]   valu_meta_pc_q;
  logic [63:0]   valu_meta_inst_q;
  logic [3:0]    valu_meta_unit_q;
  logic [5:0]    valu_meta_dest_q;
  logic [31:0]   valu_meta_mask_q;       // (first_where_true's mask: its lanes count)

  // var: the LDS's results, f32 divide and scalar divide hold here until writeback takes them.
  // (An LDS instruction retires through p2, like a global access; a load's
  // or returning atomic's result comes later, as an LDS_DONE event.)
  // The LDS returns results in the order it takes instructions: the slot
  // and destination of each one that returns wait here in that order (at
  // most the LDS's entries plus its result entries less one: 4 + 4 - 1;
  // with more than one window, 1, as the LDS takes an instruction only
  // when no result waits).
  localparam int LdsMetaN = Passes == 1 ? 8 : 4;
  localparam int LdsMetaW = LdsMetaN > 1 ? $clog2(LdsMetaN) : 1;
  logic                lds_meta_slot [LdsMetaN];
  logic [5:0]          lds_meta_dest [LdsMetaN];
  logic [LdsMetaW-1:0] lds_meta_wr_q, lds_meta_rd_q;
  wire                 lds_meta_slot_out = lds_meta_slot[lds_meta_rd_q];
  wire  [5:0]          lds_meta_dest_out = lds_meta_dest[lds_meta_rd_q];
  // (the LDS's notion of an instruction that returns: a load, or an atomic without noret)
  wire                 lds_go_ret      = ex_lds_go_i && (ex_fmt_i == gpu_isa_pkg::FMT_LDS_LOAD ||
                                                         (ex_fmt_i == gpu_isa_pkg::FMT_LDS_ATOMIC && !ex_noret_i));
  logic          fdiv_busy_q, fdiv_hold_q, fdiv_meta_slot_q, fdiv_meta_scalar_q;
  logic [11:0]   fdiv_meta_pc_q;
  logic [63:0]   fdiv_meta_inst_q;
  logic [5:0]    fdiv_meta_dest_q;
  logic          sdiv_busy_q, sdiv_hold_q, sdiv_meta_slot_q;
  logic [11:0]   sdiv_meta_pc_q;
  logic [63:0]   sdiv_meta_inst_q;
  logic [5:0]    sdiv_meta_dest_q;
  logic          red_busy_q, red_hold_q, red_meta_slot_q;
  logic [11:0]   red_meta_pc_q;
  logic [63:0]   red_meta_inst_q;
  logic [5:0]    red_meta_dest_q;

  // Writeback selection: fixed sources first (they never collide), then the
  // others. A writeback takes one cycle per window of lanes it writes: a
  // fixed source's windows come in the cycles the scheduler reserved for
  // them; a variable-latency source starts only when nothing fixed writes
  // back now or in its next Passes - 1 cycles (resv), and it then holds the
  // writeback for all its windows (var_resv keeps new fixed ones out).
  typedef enum logic [3:0] {
    SrcNone,
    SrcP2,
    SrcValu,
    SrcFp,
    SrcLds,
    SrcFdiv,
    SrcSdiv,
    SrcRed,
    SrcMem
  } src_e;
  src_e src, var_pick, var_src_q;
  logic             var_active_q;   // a variable-latency source writes windows 1.. now
  logic [PassW-1:0] var_win_q;      // the window a variable-latency writeback writes now
  logic             var_room, var_go, var_wide;
  logic [31:0]      var_mask;       // the waiting source's destination lanes
  wire              fixed_now = p2_valid_q || valu_valid_i || fp_valid_i;
  always_comb begin
    if (lds_res_valid_i)    var_pick = SrcLds;
    else if (fdiv_hold_q)   var_pick = SrcFdiv;
    else if (sdiv_hold_q)   var_pick = SrcSdiv;
    else if (red_hold_q)    var_pick = SrcRed;
    else if (gm_done_valid_i) var_pick = SrcMem;
    else                    var_pick = SrcNone;
    case (var_pick)
      SrcLds:  var_mask = lds_res_mask_i;
      SrcFdiv: var_mask = fdiv_meta_scalar_q ? 32'd1 : 32'hFFFF_FFFF;
      SrcRed:  var_mask = red_we_i;
      SrcMem:  var_mask = gm_done_mask_i;
      default: var_mask = 32'd1;
    endcase
    // (it writes lanes beyond the first window: all windows)
    var_wide = Passes > 1 && (var_mask >> Lanes) != 32'd0;
    var_room = 1'b1;
    for (int j = 1; j < Passes; j++)
      if (resv_i[j]) var_room = 1'b0;
    var_go = !var_active_q && !fixed_now && var_pick != SrcNone && var_room;
    if (var_active_q)       src = var_src_q;
    else if (p2_valid_q)    src = SrcP2;
    else if (valu_valid_i)    src = SrcValu;
    else if (fp_valid_i)      src = SrcFp;
    else if (var_go)        src = var_pick;
    else                    src = SrcNone;
    // the cycles after this one that the variable-latency writeback holds
    var_resv_o = '0;
    for (int j = 1; j < Passes; j++)
      if ((var_active_q && j < Passes - 32'(var_win_q)) || (var_go && var_wide)) var_resv_o[j] = 1'b1;
  end
  // (new fixed-latency instructions wait while a variable-latency result cannot go)
  // An LDS result written beside p2's event: one window, and that event writes no register
  // (no fault, not sig_done*; the fixed sources never write back beside p2).
  wire lds_side = Passes == 1 && src == SrcP2 && lds_res_valid_i && p2_fault_q == gpu_isa_pkg::FAULT_NONE &&
                  !p2_sigd_q;
  assign var_wait_o = var_pick != SrcNone && !var_active_q && !var_go && !lds_side;

  // The window written this cycle, and whether it is the instruction's last.
  logic [PassW-1:0] wb_win;
  always_comb begin
    wb_win  = '0;
    wb_last_o = 1'b1;
    if (var_active_q) begin
      wb_win  = var_win_q;
      wb_last_o = var_win_q == PassW'(Passes - 1);
    end else if (src == SrcValu) begin
      wb_win  = valu_win_i;
      wb_last_o = valu_last_i;
    end else if (src == SrcFp) begin
      wb_win  = fp_win_i;
      wb_last_o = fp_last_i;
    end else if (var_go)
      wb_last_o = !var_wide;
  end
  always_ff @(posedge clk_i) begin
    if (var_go && var_wide) begin
      var_active_q <= 1'b1;
      var_src_q    <= var_pick;
      var_win_q    <= PassW'(1);
    end else if (var_active_q) begin
      var_win_q <= var_win_q + PassW'(1);   // (back to 0 after the last window)
      if (wb_last_o) var_active_q <= 1'b0;
    end
    if (rst_i) begin
      var_active_q <= 1'b0;
      var_win_q    <= '0;   // 0 whenever no variable-latency writeback runs: its first window's
    end                     // data (memory unit, LDS) is read at var_win_q
  end
`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (!rst_i && !var_active_q && var_win_q != '0)
      $error("gpu_cu_writeback: var_win_q is %0d with no variable-latency writeback running", var_win_q);
    if (!rst_i && var_active_q && fixed_now)
      $error("gpu_cu_writeback: a fixed-latency writeback during the windows of a variable-latency one");
    if (!rst_i && ex_lds_go_i && lds_go_ret != (ex_writes_i && ex_dest_i >= 6'd16))
      $error("gpu_cu_writeback: an LDS instruction that returns does not write a register, or the reverse");
    if (!rst_i && lds_go_ret && !lds_pop_o && LdsMetaW'((32'(lds_meta_wr_q) + 1) % LdsMetaN) == lds_meta_rd_q)
      $error("gpu_cu_writeback: more LDS instructions wait for results than there are places for");
  end
`endif

  // The event in writeback (wb_dest_data: the window wb_win; the event itself at wb_last).
  logic [1023:0] wb_mem_addr, wb_mem_data;   // (the trace's only)

  always_comb begin
    logic       all_done;
    logic       any_done;
    logic [1:0] first_done;
    all_done     = 1'b1;
    any_done     = 1'b0;
    first_done   = 2'd0;
    wb_valid_o     = src != SrcNone;
    wb_kind_o      = TR_RETIRE;
    wb_slot_o      = 1'b0;
    wb_pc_o        = 12'd0;
    wb_inst_o      = 64'd0;
    wb_dest_o      = 6'd0;
    wb_dest_mask_o = 32'd0;
    wb_dest_data_o = '0;
    wb_mem_mask_o  = 32'd0;
    wb_mem_addr  = '0;
    wb_mem_data  = '0;
    wb_fault_o     = gpu_isa_pkg::FAULT_NONE;
    wb_flane_o     = 6'd63;
    wb_faddr_o     = 32'd0;
    wb_freg_o      = 7'd127;
    wb_serial_o    = 1'b0;
    wb_redirect_o  = 1'b0;
    wb_next_pc_o   = 12'd0;
    wb_end_o       = 1'b0;
    wb_barrier_o   = 1'b0;
    wb_sigdone_o   = 1'b0;
    wb_sigs_o      = 16'd0;
    wb_sig_o       = 4'd0;
    wb_unit_o      = gpu_isa_pkg::UNIT_CTRL;
    case (src)
      SrcP2: begin
        wb_slot_o  = p2_slot_q;
        wb_pc_o    = p2_pc_q;
        wb_inst_o  = p2_inst_q;
        wb_dest_o  = p2_dest_q;
        wb_unit_o  = p2_unit_q;
        if (p2_fault_q != gpu_isa_pkg::FAULT_NONE) begin
          wb_kind_o  = TR_FAULT;
          wb_fault_o = p2_fault_q;
          wb_flane_o = p2_flane_q;
          wb_faddr_o = p2_faddr_q;
          wb_freg_o  = p2_freg_q;
        end else begin
          wb_serial_o   = p2_serial_q;
          wb_redirect_o = p2_branch_q;
          wb_next_pc_o  = p2_next_q;
          wb_end_o      = p2_end_q;
          wb_barrier_o  = p2_barrier_q;
          if (p2_sigd_q) begin
            for (int k = 0; k < 4; k++)
              if (p2_nsig_q > k[4:0] && sig_pending_i[{27'd0, p2_slot_q, 4'd0} + {28'd0, p2_sigs_q[k*4 +: 4]}])
                all_done = 1'b0;
            wb_sigdone_o   = 1'b1;
            for (int k = 0; k < 4; k++)
              if (p2_nsig_q > k[4:0]) wb_sigs_o = wb_sigs_o | (16'd1 << p2_sigs_q[k*4 +: 4]);
            wb_dest_mask_o = 32'd1;
            wb_dest_data_o = {{(W - 1){1'b0}}, all_done};
          end
          if (p2_sigbr_q) begin   // sig_waitany*_br: to target + the first listed slot that is done
            for (int k = 0; k < 4; k++)
              if (p2_nsig_q > k[4:0] && !any_done &&
                  !sig_pending_i[{27'd0, p2_slot_q, 4'd0} + {28'd0, p2_sigs_q[k*4 +: 4]}]) begin
                any_done   = 1'b1;
                first_done = k[1:0];
              end
            wb_next_pc_o = p2_next_q + {10'd0, first_done};
            wb_sigdone_o = 1'b1;   // ... and the listed slots that are done release their registers
            for (int k = 0; k < 4; k++)
              if (p2_nsig_q > k[4:0]) wb_sigs_o = wb_sigs_o | (16'd1 << p2_sigs_q[k*4 +: 4]);
          end
          if ((p2_gmem_q && p2_gop_q != gpu_mem_pkg::MEM_OP_CACHE) || p2_ldsw_q) begin
            wb_mem_mask_o = p2_mask_q;
            wb_mem_addr = p2_addr_q;
            wb_mem_data = p2_data_q;
          end
          if (lds_side) wb_dest_data_o = lds_resp_data_i;   // (the register write beside it; wb_dest_mask_o stays 0)
        end
      end
      SrcValu: begin
        wb_slot_o      = valu_meta_slot_q;
        wb_pc_o        = valu_meta_pc_q;
        wb_inst_o      = valu_meta_inst_q;
        wb_dest_o      = valu_meta_dest_q;
        wb_unit_o      = valu_meta_unit_q;
        wb_dest_mask_o = valu_we_i;
        wb_dest_data_o = valu_result_i;
      end
      SrcFp: begin
        wb_slot_o      = fp_tag_i[7];
        wb_pc_o        = fp_meta_pc_q[FpL-1];
        wb_inst_o      = fp_meta_inst_q[FpL-1];
        wb_dest_o      = fp_tag_i[5:0];
        wb_dest_mask_o = fp_tag_i[6] ? 32'd1 : 32'hFFFF_FFFF;
        wb_dest_data_o = fp_result_i;
        wb_unit_o      = fp_tag_i[6] ? gpu_isa_pkg::UNIT_SALU : gpu_isa_pkg::UNIT_VALU;
      end
      SrcLds: begin
        wb_kind_o      = TR_LDS_DONE;
        wb_slot_o      = lds_meta_slot_out;
        wb_dest_o      = lds_meta_dest_out;
        wb_unit_o      = gpu_isa_pkg::UNIT_LDS;
        wb_dest_mask_o = lds_res_mask_i;
        wb_dest_data_o = lds_resp_data_i;
      end
      SrcFdiv: begin
        wb_slot_o      = fdiv_meta_slot_q;
        wb_pc_o        = fdiv_meta_pc_q;
        wb_inst_o      = fdiv_meta_inst_q;
        wb_dest_o      = fdiv_meta_dest_q;
        wb_serial_o    = 1'b1;
        wb_dest_mask_o = fdiv_meta_scalar_q ? 32'd1 : 32'hFFFF_FFFF;
        wb_dest_data_o = fdiv_result_i;   // (wb_win is var_win_o)
        wb_unit_o      = fdiv_meta_scalar_q ? gpu_isa_pkg::UNIT_SALU : gpu_isa_pkg::UNIT_VALU;
      end
      SrcSdiv: begin
        wb_slot_o      = sdiv_meta_slot_q;
        wb_pc_o        = sdiv_meta_pc_q;
        wb_inst_o      = sdiv_meta_inst_q;
        wb_dest_o      = sdiv_meta_dest_q;
        wb_serial_o    = 1'b1;
        wb_dest_mask_o = 32'd1;
        wb_dest_data_o = {{(W - 32){1'b0}}, sdiv_result_i};
        wb_unit_o      = gpu_isa_pkg::UNIT_SALU;
      end
      SrcRed: begin
        wb_slot_o      = red_meta_slot_q;
        wb_pc_o        = red_meta_pc_q;
        wb_inst_o      = red_meta_inst_q;
        wb_dest_o      = red_meta_dest_q;
        wb_serial_o    = 1'b1;
        wb_dest_mask_o = red_we_i;
        wb_dest_data_o = window_of(red_lanes, wb_win);
        wb_unit_o      = gpu_isa_pkg::UNIT_RED;
      end
      SrcMem: begin
        wb_kind_o      = TR_MEM_DONE;
        wb_slot_o      = gm_done_slot_i;
        wb_dest_o      = gm_done_dest_i;
        wb_sig_o       = gm_done_sig_i;
        wb_dest_mask_o = gm_done_mask_i;
        wb_dest_data_o = gm_done_data_i;
      end
      default: ;
    endcase
  end

  // Commit, at the last window: nothing after a fault stopped the task
  // (completions still drain the memory unit).
  assign wb_mem_o = src == SrcMem;
  assign wb_go_o  = wb_valid_o && !stop_i && !squash_i;   // this window is written
  wire commit  = wb_go_o && wb_last_o;
  wire   lds_done      = commit && src == SrcLds;   // an LDS result is written (TR_LDS_DONE: not a commit)
  assign wb_commit_o   = commit && !wb_mem_o && !lds_done;
  assign wb_memdone_o  = wb_valid_o && wb_last_o && wb_mem_o;
  assign gm_done_ready_o = wb_mem_o && wb_last_o;
  assign wb_is_fault_o = wb_kind_o == TR_FAULT;
  assign lds_side_o      = lds_side && commit;
  assign lds_side_slot_o = lds_meta_slot_out;
  assign lds_side_dest_o = lds_meta_dest_out;
  assign lds_side_mask_o = lds_res_mask_i;
  assign rfw_slot_o    = lds_side ? lds_meta_slot_out : wb_slot_o;
  assign rfw_dest_o    = lds_side ? lds_meta_dest_out : wb_dest_o;
  wire   [31:0] rfw_mask = lds_side ? lds_res_mask_i : wb_dest_mask_o;
  assign wb_writes_o   = (wb_go_o || wb_mem_o) && !wb_is_fault_o && rfw_mask != 32'd0 && rfw_dest_o >= 6'd16;
  assign wb_sb_clear_o = (wb_commit_o || lds_done) && !wb_is_fault_o && wb_dest_o >= 6'd16 &&
                       ((src == SrcP2 && p2_writes_q && !p2_gret_q) || (src == SrcValu && valu_meta_writes_q) || src == SrcFp || src == SrcFdiv || src == SrcSdiv || src == SrcRed ||
                        src == SrcLds);
  assign wb_sb_reg_o   = wb_dest_o;
  // (the fixed sources never collide, and no fixed one writes back during a variable-latency
  // one's windows: no need for the selection above; a squash or stop stops the reader too)
  always_comb begin
    rel_valid_o = 1'b0;
    rel_slot_o  = valu_meta_slot_q;
    rel_reg_o   = valu_meta_dest_q;
    if (valu_valid_i)
      rel_valid_o = valu_last_i && valu_meta_writes_q && valu_meta_dest_q >= 6'd16 && valu_we_i == 32'hFFFF_FFFF;
    else if (fp_valid_i) begin
      rel_valid_o = fp_last_i && !fp_tag_i[6] && fp_tag_i[5:0] >= 6'd16;
      rel_slot_o  = fp_tag_i[7];
      rel_reg_o   = fp_tag_i[5:0];
    end else if (Passes == 1 && (!p2_valid_q || lds_side) && !var_active_q && lds_res_valid_i) begin
      // (an LDS result goes now: it is the first variable-latency source, and nothing fixed
      // writes back, or it goes beside p2's event)
      rel_valid_o = lds_res_mask_i == 32'hFFFF_FFFF;
      rel_slot_o  = lds_meta_slot_out;
      rel_reg_o   = lds_meta_dest_out;
    end
  end

  assign wb_lanes_o = wb_writes_o ? rfw_mask & window_lanes(wb_win) : 32'd0;
  assign rf_we_o    = mask_window(wb_lanes_o, wb_win);
  assign rf_waddr_o = (rfw_slot_o ? 7'd48 : 7'd0) + {1'b0, rfw_dest_o} - 7'd16;
  assign rf_wwin_o  = wb_win;
  assign rf_wdata_o = wb_dest_data_o;

  assign acc_valid_o = commit && src == SrcP2 && p2_fault_q == gpu_isa_pkg::FAULT_NONE && p2_gmem_q;

  // everything but the integer ALU, the f32 pipe and the variable-latency units (LDS instructions retire here)
  wire ex_fixed2 = ex_valid_i && ex_lastw_i && !(ex_fault_i == gpu_isa_pkg::FAULT_NONE &&
                                   (ex_valu_i || ex_fp_i || ex_fdiv_i || ex_sdiv_i || ex_red_i));

  wire [ValuMetaW-1:0] valu_in = {ex_slot_i, ex_writes_i, ex_pc_i, ex_inst_i, ex_unit_i, ex_dest_i, ex_mask_i};
  if (Passes == 1) begin : g_valu_meta
    always_ff @(posedge clk_i)
      if (ex_ok_i && ex_valu_i)
        {valu_meta_slot_q, valu_meta_writes_q, valu_meta_pc_q, valu_meta_inst_q, valu_meta_unit_q, valu_meta_dest_q,
         valu_meta_mask_q} <= valu_in;
    wire unused_valu_pass0 = valu_pass0_i;
    wire unused_ex_win     = ^ex_win_i;   // (one window)
  end else begin : g_valu_meta_passes
    // (an elementwise instruction's pass 0 runs with its window 0 in EX, a pick's later)
    wire                  valu_first = ex_ok_i && ex_valu_i && ex_win_i == '0;
    logic [ValuMetaW-1:0] valu_in_q;
    always_ff @(posedge clk_i) begin
      if (valu_first) valu_in_q <= valu_in;
      if (valu_pass0_i)
        {valu_meta_slot_q, valu_meta_writes_q, valu_meta_pc_q, valu_meta_inst_q, valu_meta_unit_q, valu_meta_dest_q,
         valu_meta_mask_q} <= valu_first ? valu_in : valu_in_q;
    end
  end

  // lx: with one window, an LDS load (without an issue-time fault) waits here a
  // cycle and retires from p2 at issue + 3, the cycle its result comes at the
  // earliest (no bank conflict), so that the result is written beside its own
  // retire; and that retire does not take issue + 2, which the integer ALU's
  // results want. (The scheduler reserves issue + 3 for it, so nothing enters p2
  // from EX then.) It keeps what the load's event reads; a load is no branch,
  // signal wait or global access, and its addresses are not traced.
  wire lx_go = Passes == 1 && ex_fixed2 && ex_fmt_i == gpu_isa_pkg::FMT_LDS_LOAD &&
               ex_fault_i == gpu_isa_pkg::FAULT_NONE;
  logic        lx_valid_q, lx_slot_q, lx_writes_q;
  logic [11:0] lx_pc_q;
  logic [63:0] lx_inst_q;
  logic [3:0]  lx_unit_q, lx_fault_q;
  logic [5:0]  lx_flane_q, lx_dest_q;
  logic [31:0] lx_faddr_q, lx_mask_q;
  logic [6:0]  lx_freg_q;
  always_ff @(posedge clk_i) begin
    lx_valid_q <= lx_go;
    if (lx_go) begin
      lx_slot_q   <= ex_slot_i;
      lx_pc_q     <= ex_pc_i;
      lx_inst_q   <= ex_inst_i;
      lx_unit_q   <= ex_unit_i;
      lx_fault_q  <= chk_fault_i;
      lx_flane_q  <= chk_flane_i;
      lx_faddr_q  <= chk_faddr_i;
      lx_freg_q   <= chk_freg_i;
      lx_writes_q <= ex_writes_i;
      lx_dest_q   <= ex_dest_i;
      lx_mask_q   <= ex_mask_i;
    end
    if (rst_i) lx_valid_q <= 1'b0;
  end
`ifndef SYNTHESIS
  always @(posedge clk_i)
    if (!rst_i && lx_valid_q && ex_fixed2 && !lx_go)
      $error("gpu_cu_writeback: an instruction for p2 from EX beside the LDS load of lx");
`endif
  // What p2 takes: lx's load, else EX's instruction.
  wire         p2_take      = lx_valid_q || (ex_fixed2 && !lx_go);
  wire         in_ex_slot   = lx_valid_q ? lx_slot_q   : ex_slot_i;
  wire [11:0]  in_ex_pc     = lx_valid_q ? lx_pc_q     : ex_pc_i;
  wire [63:0]  in_ex_inst   = lx_valid_q ? lx_inst_q   : ex_inst_i;
  wire [3:0]   in_ex_unit   = lx_valid_q ? lx_unit_q   : ex_unit_i;
  wire [3:0]   in_chk_fault = lx_valid_q ? lx_fault_q  : chk_fault_i;
  wire [5:0]   in_chk_flane = lx_valid_q ? lx_flane_q  : chk_flane_i;
  wire [31:0]  in_chk_faddr = lx_valid_q ? lx_faddr_q  : chk_faddr_i;
  wire [6:0]   in_chk_freg  = lx_valid_q ? lx_freg_q   : chk_freg_i;
  wire         in_ex_branch = !lx_valid_q && ex_branch_i;
  wire [11:0]  in_br_next   = br_next_i;   // (a branch's only)
  wire [7:0]   in_ex_opcode = lx_valid_q ? lx_inst_q[63:56] : ex_opcode_i;
  wire [4:0]   in_ex_fmt    = lx_valid_q ? gpu_isa_pkg::FMT_LDS_LOAD : ex_fmt_i;
  wire         in_ex_writes = lx_valid_q ? lx_writes_q : ex_writes_i;
  wire [5:0]   in_ex_dest   = lx_valid_q ? lx_dest_q   : ex_dest_i;
  wire [15:0]  in_ex_sigs   = ex_sigs_i;   // (a signal instruction's only)
  wire [5:0]   in_ex_fn     = ex_fn_i;     // (... and a global access's)
  wire [3:0]   in_ex_sig    = ex_sig_i;
  wire         in_ex_gmem   = !lx_valid_q && ex_gmem_i;
  wire         in_ex_noret  = ex_noret_i;  // (an atomic's only)
  wire         in_ex_lds    = lx_valid_q || ex_lds_i;
  wire [31:0]  in_ex_mask   = lx_valid_q ? lx_mask_q   : ex_mask_i;
  wire [1023:0] in_full_a   = full_a_i;    // (traced for LDS stores and atomics, global accesses)
  wire [1023:0] in_full_b   = full_b_i;
  wire [4:0]   in_ex_gm_idx = ex_gm_idx_i; // (a global access's only)
  always_ff @(posedge clk_i) begin
    p2_valid_q <= p2_take;
    if (p2_take) begin
      p2_slot_q    <= in_ex_slot;
      p2_pc_q      <= in_ex_pc;
      p2_inst_q    <= in_ex_inst;
      p2_unit_q    <= in_ex_unit;
      p2_fault_q   <= in_chk_fault;
      p2_flane_q   <= in_chk_flane;
      p2_faddr_q   <= in_chk_faddr;
      p2_freg_q    <= in_chk_freg;
      p2_branch_q  <= in_ex_branch;
      p2_next_q    <= in_br_next;
      p2_end_q     <= in_ex_opcode == gpu_isa_pkg::OP_END;
      p2_barrier_q <= in_ex_opcode == gpu_isa_pkg::OP_BARRIER;
      p2_sigd_q    <= in_ex_fmt == gpu_isa_pkg::FMT_SIGD;
      p2_sigbr_q   <= in_ex_fmt == gpu_isa_pkg::FMT_SIGBR;
      p2_serial_q  <= in_ex_branch || in_ex_opcode == gpu_isa_pkg::OP_END || in_ex_opcode == gpu_isa_pkg::OP_BARRIER ||
                      in_ex_fmt == gpu_isa_pkg::FMT_SIGD;
      p2_writes_q  <= in_ex_writes;
      p2_dest_q    <= in_ex_dest;
      p2_sigs_q    <= in_ex_sigs;
      p2_nsig_q    <= in_ex_fn[4:0];
      p2_sig_q     <= in_ex_sig;
      p2_gmem_q    <= in_ex_gmem;
      p2_fn_q      <= in_ex_fn;
      // (a global load's or returning atomic's destination is written at its completion, an LDS one's at LDS_DONE)
      p2_gret_q    <= in_ex_fmt == gpu_isa_pkg::FMT_GLOBAL_LOAD || (in_ex_fmt == gpu_isa_pkg::FMT_GLOBAL_ATOMIC && !in_ex_noret) ||
                      in_ex_fmt == gpu_isa_pkg::FMT_LDS_LOAD || (in_ex_fmt == gpu_isa_pkg::FMT_LDS_ATOMIC && !in_ex_noret);
      p2_ldsw_q    <= in_ex_lds && in_ex_fmt != gpu_isa_pkg::FMT_LDS_LOAD;
      case (in_ex_fmt)
        gpu_isa_pkg::FMT_GLOBAL_LOAD:   p2_gop_q <= gpu_mem_pkg::MEM_OP_LOAD;
        gpu_isa_pkg::FMT_GLOBAL_STORE:  p2_gop_q <= gpu_mem_pkg::MEM_OP_STORE;
        gpu_isa_pkg::FMT_GLOBAL_ATOMIC: p2_gop_q <= gpu_mem_pkg::MEM_OP_ATOMIC;
        default:                        p2_gop_q <= gpu_mem_pkg::MEM_OP_CACHE;
      endcase
      if (in_ex_gmem || in_ex_lds) begin
        p2_mask_q <= in_ex_fmt == gpu_isa_pkg::FMT_CACHE ? 32'd0 : in_ex_mask;
        p2_addr_q <= in_full_a;
        p2_data_q <= in_full_b;
        p2_gidx_q <= in_ex_gm_idx;
      end
    end
    if (rst_i) p2_valid_q <= 1'b0;
  end

  // The LDS instructions that return, in order (payload: no reset).
  always_ff @(posedge clk_i)
    if (lds_go_ret) begin
      lds_meta_slot[lds_meta_wr_q] <= ex_slot_i;
      lds_meta_dest[lds_meta_wr_q] <= ex_dest_i;
    end
  assign lds_pop_o = (src == SrcLds && wb_last_o && (commit || stop_i)) || (lds_side && commit);

  // Variable-latency units: capture the instruction at EX, the result when it arrives.
  // (An LDS instruction's result waits only if it returns one: a store's ends in the LDS.)
  always_ff @(posedge clk_i) begin
    if (lds_go_ret) lds_meta_wr_q <= LdsMetaW'((32'(lds_meta_wr_q) + 1) % LdsMetaN);
    if (lds_pop_o)  lds_meta_rd_q <= LdsMetaW'((32'(lds_meta_rd_q) + 1) % LdsMetaN);

    if (ex_ok_i && ex_fdiv_i && ex_lastw_i) begin
      fdiv_busy_q        <= 1'b1;
      fdiv_meta_slot_q   <= ex_slot_i;
      fdiv_meta_pc_q     <= ex_pc_i;
      fdiv_meta_inst_q   <= ex_inst_i;
      fdiv_meta_dest_q   <= ex_dest_i;
      fdiv_meta_scalar_q <= ex_scalar_i;
    end
    if (fdiv_done_i && fdiv_busy_q) begin
      fdiv_busy_q <= 1'b0;
      fdiv_hold_q <= 1'b1;
    end
    if (src == SrcFdiv && wb_last_o && (commit || stop_i)) fdiv_hold_q <= 1'b0;

    if (ex_ok_i && ex_sdiv_i) begin
      sdiv_busy_q      <= 1'b1;
      sdiv_meta_slot_q <= ex_slot_i;
      sdiv_meta_pc_q   <= ex_pc_i;
      sdiv_meta_inst_q <= ex_inst_i;
      sdiv_meta_dest_q <= ex_dest_i;
    end
    if (sdiv_done_i && sdiv_busy_q) begin
      sdiv_busy_q <= 1'b0;
      sdiv_hold_q <= 1'b1;
    end
    if (src == SrcSdiv && wb_last_o && (commit || stop_i)) sdiv_hold_q <= 1'b0;

    if (ex_ok_i && ex_red_i && ex_lastw_i) begin
      red_busy_q      <= 1'b1;
      red_meta_slot_q <= ex_slot_i;
      red_meta_pc_q   <= ex_pc_i;
      red_meta_inst_q <= ex_inst_i;
      red_meta_dest_q <= ex_dest_i;
    end
    if (red_done_i && red_busy_q) begin
      red_busy_q <= 1'b0;
      red_hold_q <= 1'b1;
    end
    if (src == SrcRed && wb_last_o && (commit || stop_i)) red_hold_q <= 1'b0;

    if (rst_i) begin
      lds_meta_wr_q <= '0;
      lds_meta_rd_q <= '0;
      fdiv_busy_q  <= 1'b0;
      fdiv_hold_q  <= 1'b0;
      sdiv_busy_q  <= 1'b0;
      sdiv_hold_q  <= 1'b0;
      red_busy_q   <= 1'b0;
      red_hold_q   <= 1'b0;
    end
  end

  // The whole destination value: the earlier windows, collected for the trace.
  logic [1023:0] wb_dest_all;
  if (Passes == 1) begin : g_dest_whole
    assign wb_dest_all = wb_dest_data_o;
  end else begin : g_dest_windows
    logic [1023:0] tr_windows_q;
    always_comb begin
      wb_dest_all = tr_windows_q;
      for (int i = 0; i < Passes; i++)
        if (wb_win == PassW'(i)) wb_dest_all[i*W +: W] = wb_dest_data_o;
    end
    always_ff @(posedge clk_i) begin
      if (wb_valid_o) tr_windows_q <= wb_last_o ? 1024'd0 : wb_dest_all;
      if (rst_i) tr_windows_q <= '0;
    end
  end

  // (with Trace = 0 the trace-only values are 0, and their logic, with the
  // LDS instruction's address and data copies, is removed)
  localparam logic On = Trace != 0;
  assign wb_dest_all_o = On ? wb_dest_all : '0;
  assign wb_mem_addr_o = On ? wb_mem_addr : '0;
  assign wb_mem_data_o = On ? wb_mem_data : '0;

  assign var_win_o   = var_win_q;
  assign acc_slot_o  = p2_slot_q;
  assign acc_op_o    = p2_gop_q;
  assign acc_fn_o    = p2_fn_q;
  assign acc_scope_o = p2_inst_q[gpu_isa_pkg::F_SCOPE_HI:gpu_isa_pkg::F_SCOPE_LO];
  assign acc_nt_o    = p2_inst_q[gpu_isa_pkg::F_NT_HI];
  assign acc_ret_o   = p2_gret_q;
  assign acc_wb_o    = p2_inst_q[63:56] == gpu_isa_pkg::OP_CACHE_WB_L2;
  assign acc_dest_o  = p2_dest_q;
  assign acc_sig_o   = p2_sig_q;
  assign acc_mask_o  = p2_mask_q;
  assign acc_idx_o   = p2_gidx_q;
  assign p2_gmem_o   = p2_valid_q && p2_gmem_q;
  assign lds_hold_o  = lds_res_valid_i;
  assign fdiv_busy_o = fdiv_busy_q;
  assign fdiv_hold_o = fdiv_hold_q;
  assign sdiv_busy_o = sdiv_busy_q;
  assign sdiv_hold_o = sdiv_hold_q;
  assign red_busy_o  = red_busy_q;
  assign red_hold_o  = red_hold_q;
  assign valu_mask_o = valu_meta_mask_q;
  assign lds_mask_o  = p2_mask_q;   // (an LDS instruction retires from p2)

endmodule

`default_nettype wire
