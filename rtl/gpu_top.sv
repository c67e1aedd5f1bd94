// SPDX-License-Identifier: Apache-2.0
// gpu_top: the GPU: NumCus compute units, the work-group dispatcher, the
// shared L2 (L2Slices slices behind a crossbar) and its AXI4 master port, the
// host's AXI4-Lite register slave (gpu_axil_regs) and the trace outputs of
// docs/architecture.md ("The gpu_top contract"). The first fault
// stops every CU; the task ends when every access already issued has been
// answered and the L2 has written back and dropped every line.
`default_nettype none

module gpu_top #(
  parameter int NumCus       = 4,
  parameter int Lanes        = 32,   // physical lanes of each CU's vector units: 32, 16, 8, 4, 2 or 1
  parameter int DivLanes     = Lanes, // physical lanes of each CU's f32 divide / square-root unit: 32 .. 1
  parameter int LdsBanks     = 32,   // banks of each CU's LDS: 32, 16, 8, 4 or 2
  parameter int GmemEntries  = 4,    // global instructions in flight per CU: 4 (the ISA's 128 ports) or 2
  parameter int L1Sets       = 64,   // per CU: L1Sets x L1Ways lines of 64 bytes (16 KiB)
  parameter int L1Ways       = 4,
  parameter int L1Mshrs      = 4,
  parameter int L2Slices     = 4,    // power of two, 1..8
  parameter int L2Sets       = 64,   // per slice, power of two
  parameter int L2Ways       = 8,    // power of two >= 2
  parameter int L2Mshrs      = 8,    // misses in flight per slice (<= 32)
  parameter int L2WbBufs     = 4,    // write-back data buffers per slice
  parameter int L2Writes     = 16,   // line writes in flight per slice (<= 32)
  parameter int L2BlockLines = 4,    // slice interleave: blocks of this many 64-byte lines
  parameter int Trace        = 1     // 0: no trace logic in the CUs (a hardware build; tr_* of the CUs read 0)
) (
  input  wire                    clk_i,
  input  wire                    rst_i,
  // host: AXI4-Lite slave (registers of rtl/gpu_regs_pkg.sv: launch, status, counters, program)
  input  wire  [15:0]            s_axil_awaddr,
  input  wire  [2:0]             s_axil_awprot,
  input  wire                    s_axil_awvalid,
  output logic                   s_axil_awready,
  input  wire  [31:0]            s_axil_wdata,
  input  wire  [3:0]             s_axil_wstrb,
  input  wire                    s_axil_wvalid,
  output logic                   s_axil_wready,
  output logic [1:0]             s_axil_bresp,
  output logic                   s_axil_bvalid,
  input  wire                    s_axil_bready,
  input  wire  [15:0]            s_axil_araddr,
  input  wire  [2:0]             s_axil_arprot,
  input  wire                    s_axil_arvalid,
  output logic                   s_axil_arready,
  output logic [31:0]            s_axil_rdata,
  output logic [1:0]             s_axil_rresp,
  output logic                   s_axil_rvalid,
  input  wire                    s_axil_rready,
  output logic                   irq_o,           // a task finished (STATUS.done), if IRQ_ENABLE
  output logic                   busy_o,          // a task runs
  // memory: AXI4 master (128-bit data, 4-beat line bursts)
  output logic [7:0]             m_axi_awid,
  output logic [31:0]            m_axi_awaddr,
  output logic [7:0]             m_axi_awlen,
  output logic [2:0]             m_axi_awsize,
  output logic [1:0]             m_axi_awburst,
  output logic                   m_axi_awlock,
  output logic [3:0]             m_axi_awcache,
  output logic [2:0]             m_axi_awprot,
  output logic [3:0]             m_axi_awqos,
  output logic                   m_axi_awvalid,
  input  wire                    m_axi_awready,
  output logic [127:0]           m_axi_wdata,
  output logic [15:0]            m_axi_wstrb,
  output logic                   m_axi_wlast,
  output logic                   m_axi_wvalid,
  input  wire                    m_axi_wready,
  input  wire  [7:0]             m_axi_bid,
  input  wire  [1:0]             m_axi_bresp,
  input  wire                    m_axi_bvalid,
  output logic                   m_axi_bready,
  output logic [7:0]             m_axi_arid,
  output logic [31:0]            m_axi_araddr,
  output logic [7:0]             m_axi_arlen,
  output logic [2:0]             m_axi_arsize,
  output logic [1:0]             m_axi_arburst,
  output logic                   m_axi_arlock,
  output logic [3:0]             m_axi_arcache,
  output logic [2:0]             m_axi_arprot,
  output logic [3:0]             m_axi_arqos,
  output logic                   m_axi_arvalid,
  input  wire                    m_axi_arready,
  input  wire  [7:0]             m_axi_rid,
  input  wire  [127:0]           m_axi_rdata,
  input  wire  [1:0]             m_axi_rresp,
  input  wire                    m_axi_rlast,
  input  wire                    m_axi_rvalid,
  output logic                   m_axi_rready,
  // trace, per CU
  output logic [NumCus-1:0]      tr_valid_o,
  output logic [NumCus*2-1:0]    tr_kind_o,
  output logic [NumCus-1:0]      tr_slot_o,
  output logic [NumCus*12-1:0]   tr_pc_o,
  output logic [NumCus*6-1:0]    tr_dest_o,
  output logic [NumCus*32-1:0]   tr_dest_mask_o,
  output logic [NumCus*1024-1:0] tr_dest_data_o,
  output logic [NumCus*4-1:0]    tr_sig_o,
  output logic [NumCus*32-1:0]   tr_mem_mask_o,
  output logic [NumCus*1024-1:0] tr_mem_addr_o,
  output logic [NumCus*1024-1:0] tr_mem_data_o,
  output logic [NumCus*5-1:0]    tr_gm_entry_o,
  output logic [NumCus-1:0]      tr_lds_valid_o,    // beside the CU's event: an LDS result (its LDS_DONE),
  output logic [NumCus-1:0]      tr_lds_slot_o,     //   its data in tr_dest_data_o (gpu_cu)
  output logic [NumCus*6-1:0]    tr_lds_dest_o,
  output logic [NumCus*32-1:0]   tr_lds_mask_o,
  // trace: the CU and slot of the first fault (from the edge it is taken)
  output logic [2:0]             tr_fault_cu_o,
  output logic                   tr_fault_slot_o,
  // trace, the L1s: a request passes the lookup (a hit, or sent on and maybe allocating); a fill
  output logic [NumCus-1:0]      tr_l1_a_valid_o,
  output logic [NumCus-1:0]      tr_l1_a_hit_o,
  output logic [NumCus-1:0]      tr_l1_a_alloc_o,
  output logic [NumCus*16-1:0]   tr_l1_a_tag_o,
  output logic [NumCus-1:0]      tr_l1_fill_o,
  output logic [NumCus*16-1:0]   tr_l1_fill_tag_o,
  // trace, memory: the L2 slice performs the request with this tag at the coming edge
  output logic [L2Slices-1:0]    tr_l2_valid_o,
  output logic [L2Slices*16-1:0] tr_l2_tag_o,
  // trace, dispatch
  output logic                   tr_disp_valid_o,
  output logic [2:0]             tr_disp_cu_o,
  output logic                   tr_disp_slot_o,
  output logic [15:0]            tr_disp_group_o
);

  // ---------------------------------------------------------------- parameter limits
  // The limits of the parameters above, checked at elaboration: a build with
  // a value outside them stops with the message (Verilator, Yosys and slang;
  // Icarus 11 does not take elaboration-time $error, so it skips them).
  function automatic bit is_pow2(input int x);
    is_pow2 = x > 0 && (x & (x - 1)) == 0;
  endfunction
`ifndef __ICARUS__
  if (NumCus < 1 || NumCus > 8) begin : g_bad_num_cus
    $error("gpu_top: NumCus is %0d; must be 1..8", NumCus);
  end
  if (!is_pow2(Lanes) || Lanes > 32) begin : g_bad_lanes
    $error("gpu_top: Lanes is %0d; must be 1, 2, 4, 8, 16 or 32", Lanes);
  end
  if (!is_pow2(DivLanes) || DivLanes > 32) begin : g_bad_div_lanes
    $error("gpu_top: DivLanes is %0d; must be 1, 2, 4, 8, 16 or 32", DivLanes);
  end
  if (!is_pow2(LdsBanks) || LdsBanks < 2 || LdsBanks > 32) begin : g_bad_lds_banks
    $error("gpu_top: LdsBanks is %0d; must be 2, 4, 8, 16 or 32", LdsBanks);
  end
  if (GmemEntries != 2 && GmemEntries != 4) begin : g_bad_gmem_entries
    $error("gpu_top: GmemEntries is %0d; must be 2 or 4", GmemEntries);
  end
  if (!is_pow2(L1Sets) || !is_pow2(L1Ways) || !is_pow2(L1Mshrs)) begin : g_bad_l1
    $error("gpu_top: L1Sets, L1Ways and L1Mshrs (%0d, %0d, %0d) must be powers of two", L1Sets, L1Ways, L1Mshrs);
  end
  if (!is_pow2(L2Slices) || L2Slices > 8) begin : g_bad_l2_slices
    $error("gpu_top: L2Slices is %0d; must be 1, 2, 4 or 8", L2Slices);
  end
  if (!is_pow2(L2Sets) || !is_pow2(L2Ways) || L2Ways < 2) begin : g_bad_l2_sets
    $error("gpu_top: L2Sets and L2Ways (%0d, %0d) must be powers of two, L2Ways at least 2", L2Sets, L2Ways);
  end
  if (!is_pow2(L2Mshrs) || L2Mshrs > 32 || !is_pow2(L2Writes) || L2Writes > 32 || !is_pow2(L2WbBufs))
  begin : g_bad_l2_queues
    $error("gpu_top: L2Mshrs, L2Writes (at most 32) and L2WbBufs (%0d, %0d, %0d) must be powers of two",
           L2Mshrs, L2Writes, L2WbBufs);
  end
  if (!is_pow2(L2BlockLines)) begin : g_bad_l2_block_lines
    $error("gpu_top: L2BlockLines is %0d; must be a power of two", L2BlockLines);
  end
`endif

  // ---------------------------------------------------------------- host registers
  logic        host_launch;           // one-cycle pulse from the START write
  logic [15:0] host_num_groups;
  logic        host_two_waves;
  logic [16:0] host_lds_bytes;
  logic [12:0] host_num_insts;
  logic [31:0] host_args_addr, host_mem_bytes;
  logic [3:0]  host_num_cus;
  logic        host_imem_we;
  logic [11:0] host_imem_addr;
  logic [63:0] host_imem_data;
  logic [2:0]  ctr_cu;
  logic [5:0]  ctr_idx;
  logic [63:0] ctr_value;
  logic        mem_error;        // an AXI response other than OKAY was seen in this task (sticky)
  logic        mem_err_event;    // one was seen last cycle: a read's or a write's, of line mem_err_line
  logic        mem_err_write;
  logic [25:0] mem_err_line;
  logic        fault_q;
  logic [3:0]  fault_code_q;
  logic [2:0]  fault_cu_q;
  logic        fault_slot_q;
  logic [31:0] fault_wave_q, fault_addr_q;
  logic [15:0] fault_group_q;
  logic [11:0] fault_pc_q;
  logic [63:0] fault_inst_q;
  logic [5:0]  fault_lane_q;
  logic [6:0]  fault_reg_q;

  gpu_axil_regs #(
    .NumCus   (NumCus),
    .L2Slices (L2Slices)
  ) u_regs (
    .clk_i               (clk_i),
    .rst_i               (rst_i),
    .s_axil_awaddr       (s_axil_awaddr),
    .s_axil_awprot       (s_axil_awprot),
    .s_axil_awvalid      (s_axil_awvalid),
    .s_axil_awready      (s_axil_awready),
    .s_axil_wdata        (s_axil_wdata),
    .s_axil_wstrb        (s_axil_wstrb),
    .s_axil_wvalid       (s_axil_wvalid),
    .s_axil_wready       (s_axil_wready),
    .s_axil_bresp        (s_axil_bresp),
    .s_axil_bvalid       (s_axil_bvalid),
    .s_axil_bready       (s_axil_bready),
    .s_axil_araddr       (s_axil_araddr),
    .s_axil_arprot       (s_axil_arprot),
    .s_axil_arvalid      (s_axil_arvalid),
    .s_axil_arready      (s_axil_arready),
    .s_axil_rdata        (s_axil_rdata),
    .s_axil_rresp        (s_axil_rresp),
    .s_axil_rvalid       (s_axil_rvalid),
    .s_axil_rready       (s_axil_rready),
    .irq_o               (irq_o),
    .launch_o            (host_launch),
    .launch_num_groups_o (host_num_groups),
    .launch_two_waves_o  (host_two_waves),
    .launch_lds_bytes_o  (host_lds_bytes),
    .launch_num_insts_o  (host_num_insts),
    .launch_args_addr_o  (host_args_addr),
    .cfg_mem_bytes_o     (host_mem_bytes),
    .cfg_num_cus_o       (host_num_cus),
    .imem_we_o           (host_imem_we),
    .imem_addr_o         (host_imem_addr),
    .imem_data_o         (host_imem_data),
    .ctr_cu_o            (ctr_cu),
    .ctr_idx_o           (ctr_idx),
    .ctr_value_i         (ctr_value),
    .busy_i              (busy_o),
    .mem_error_i         (mem_error),
    .fault_i             (fault_q),
    .fault_code_i        (fault_code_q),
    .fault_cu_i          (fault_cu_q),
    .fault_slot_i        (fault_slot_q),
    .fault_wave_i        (fault_wave_q),
    .fault_group_i       (fault_group_q),
    .fault_pc_i          (fault_pc_q),
    .fault_inst_i        (fault_inst_q),
    .fault_lane_i        (fault_lane_q),
    .fault_addr_i        (fault_addr_q),
    .fault_reg_i         (fault_reg_q)
  );
  assign tr_fault_cu_o   = fault_cu_q;
  assign tr_fault_slot_o = fault_slot_q;

  // ---------------------------------------------------------------- task state
  logic        running_q;          // launched, not finished
  logic        stop_q;             // a fault stopped the task
  // The launch parameters are the host registers' (they hold while the task runs).

  // ---------------------------------------------------------------- dispatcher
  logic [2*NumCus-1:0] slot_free;
  logic [NumCus-1:0]   place;
  logic                place_slot;
  logic [15:0]         place_group;
  logic                all_placed;

  gpu_dispatch #(
    .NumCus (NumCus)
  ) u_dispatch (
    .clk_i         (clk_i),
    .rst_i         (rst_i),
    .launch_i      (host_launch && !running_q),
    .num_groups_i  (host_num_groups),
    .two_waves_i   (host_two_waves),
    .lds_bytes_i   (host_lds_bytes),
    .num_cus_i     (host_num_cus),
    .stop_i        (stop_q),
    .slot_free_i   (slot_free),
    .place_o       (place),
    .place_slot_o  (place_slot),
    .place_group_o (place_group),
    .all_placed_o  (all_placed)
  );

  // ---------------------------------------------------------------- compute units
  logic [NumCus-1:0]      cu_idle, cu_mem_idle, cu_fault;
  logic [NumCus*4-1:0]    cu_fault_code;
  logic [NumCus-1:0]      cu_fault_slot;
  logic [NumCus*32-1:0]   cu_fault_wave;
  logic [NumCus*16-1:0]   cu_fault_group;
  logic [NumCus*12-1:0]   cu_fault_pc;
  logic [NumCus*64-1:0]   cu_fault_inst;
  logic [NumCus*6-1:0]    cu_fault_lane;
  logic [NumCus*32-1:0]   cu_fault_addr;
  logic [NumCus*7-1:0]    cu_fault_reg;
  logic [NumCus-1:0]      cu_req_valid, cu_req_ready, cu_resp_valid, cu_resp_ready, squash;
  logic [NumCus*16-1:0]   cu_resp_tag;
  logic [NumCus*512-1:0]  cu_resp_data;
  logic [NumCus-1:0]      cu_maint_req, cu_maint_ack, cu_maint_done;
  logic [NumCus*2-1:0]    cu_req_op;
  logic [NumCus*6-1:0]    cu_req_fn;
  logic [NumCus-1:0]      cu_req_nt, cu_req_sys;
  logic [NumCus*26-1:0]   cu_req_line;
  logic [NumCus*16-1:0]   cu_req_words;
  logic [NumCus*512-1:0]  cu_req_data;
  logic [NumCus*32-1:0]   cu_req_cmp;
  logic [NumCus*16-1:0]   cu_req_tag;
  logic [NumCus*64-1:0]   cu_ctr;

  // A fault in CU c this cycle stops every CU numbered above it at once.
  always_comb begin
    logic below;
    below = 1'b0;
    for (int c = 0; c < NumCus; c++) begin
      squash[c] = below;
      below     = below || cu_fault[c];
    end
  end

  for (genvar c = 0; c < NumCus; c++) begin : g_cu
    localparam logic [2:0] CuId = c;
    gpu_cu #(
      .L1Sets  (L1Sets),
      .L1Ways  (L1Ways),
      .L1Mshrs (L1Mshrs),
      .Lanes   (Lanes),
      .DivLanes (DivLanes),
      .LdsBanks (LdsBanks),
      .GmemEntries (GmemEntries),
      .Trace   (Trace)
    ) u_cu (
      .clk_i           (clk_i),
      .rst_i           (rst_i),
      .cu_id_i         (CuId),
      .launch_i        (host_launch && !running_q),
      .num_insts_i     (host_num_insts),
      .num_groups_i    (host_num_groups),
      .lds_bytes_i     (host_lds_bytes),
      .args_addr_i     (host_args_addr),
      .mem_bytes_i     (host_mem_bytes),
      .count_i         (running_q),
      .stop_i          (stop_q),
      .squash_i        (squash[c]),
      .imem_we_i       (host_imem_we && !running_q),
      .imem_addr_i     (host_imem_addr),
      .imem_data_i     (host_imem_data),
      .place_i         (place[c]),
      .place_slot_i    (place_slot),
      .place_two_i     (host_two_waves),
      .place_group_i   (place_group),
      .slot_free_o     (slot_free[c*2 +: 2]),
      .idle_o          (cu_idle[c]),
      .mem_idle_o      (cu_mem_idle[c]),
      .fault_o         (cu_fault[c]),
      .fault_code_o    (cu_fault_code[c*4 +: 4]),
      .fault_slot_o    (cu_fault_slot[c]),
      .fault_wave_o    (cu_fault_wave[c*32 +: 32]),
      .fault_group_o   (cu_fault_group[c*16 +: 16]),
      .fault_pc_o      (cu_fault_pc[c*12 +: 12]),
      .fault_inst_o    (cu_fault_inst[c*64 +: 64]),
      .fault_lane_o    (cu_fault_lane[c*6 +: 6]),
      .fault_addr_o    (cu_fault_addr[c*32 +: 32]),
      .fault_reg_o     (cu_fault_reg[c*7 +: 7]),
      .mem_req_valid_o (cu_req_valid[c]),
      .mem_req_ready_i (cu_req_ready[c]),
      .mem_req_op_o    (cu_req_op[c*2 +: 2]),
      .mem_req_fn_o    (cu_req_fn[c*6 +: 6]),
      .mem_req_nt_o    (cu_req_nt[c]),
      .mem_req_sys_o   (cu_req_sys[c]),
      .mem_req_line_o  (cu_req_line[c*26 +: 26]),
      .mem_req_words_o (cu_req_words[c*16 +: 16]),
      .mem_req_data_o  (cu_req_data[c*512 +: 512]),
      .mem_req_cmp_o   (cu_req_cmp[c*32 +: 32]),
      .mem_req_tag_o   (cu_req_tag[c*16 +: 16]),
      .mem_resp_valid_i(cu_resp_valid[c]),
      .mem_resp_ready_o(cu_resp_ready[c]),
      .mem_resp_tag_i  (cu_resp_tag[c*16 +: 16]),
      .mem_resp_data_i (cu_resp_data[c*512 +: 512]),
      .maint_req_o     (cu_maint_req[c]),
      .maint_ack_i     (cu_maint_ack[c]),
      .maint_done_i    (cu_maint_done[c]),
      .tr_valid_o      (tr_valid_o[c]),
      .tr_kind_o       (tr_kind_o[c*2 +: 2]),
      .tr_slot_o       (tr_slot_o[c]),
      .tr_pc_o         (tr_pc_o[c*12 +: 12]),
      .tr_dest_o       (tr_dest_o[c*6 +: 6]),
      .tr_dest_mask_o  (tr_dest_mask_o[c*32 +: 32]),
      .tr_dest_data_o  (tr_dest_data_o[c*1024 +: 1024]),
      .tr_sig_o        (tr_sig_o[c*4 +: 4]),
      .tr_mem_mask_o   (tr_mem_mask_o[c*32 +: 32]),
      .tr_mem_addr_o   (tr_mem_addr_o[c*1024 +: 1024]),
      .tr_mem_data_o   (tr_mem_data_o[c*1024 +: 1024]),
      .tr_gm_entry_o   (tr_gm_entry_o[c*5 +: 5]),
      .tr_lds_valid_o  (tr_lds_valid_o[c]),
      .tr_lds_slot_o   (tr_lds_slot_o[c]),
      .tr_lds_dest_o   (tr_lds_dest_o[c*6 +: 6]),
      .tr_lds_mask_o   (tr_lds_mask_o[c*32 +: 32]),
      .tr_l1_a_valid_o (tr_l1_a_valid_o[c]),
      .tr_l1_a_hit_o   (tr_l1_a_hit_o[c]),
      .tr_l1_a_alloc_o (tr_l1_a_alloc_o[c]),
      .tr_l1_a_tag_o   (tr_l1_a_tag_o[c*16 +: 16]),
      .tr_l1_fill_o    (tr_l1_fill_o[c]),
      .tr_l1_fill_tag_o(tr_l1_fill_tag_o[c*16 +: 16]),
      .ctr_idx_i       (ctr_idx),
      .ctr_value_o     (cu_ctr[c*64 +: 64])
    );
  end

  // ---------------------------------------------------------------- the L2
  localparam int MshrW = $clog2(L2Mshrs);
  localparam int WbW   = $clog2(L2Writes);
  localparam int S     = L2Slices;

  logic [S-1:0]        sl_valid, sl_ready, sl_retry, sl_nt, sl_sys, sl_resp_valid, sl_resp_ready;
  logic [S*2-1:0]      sl_op;
  logic [S*6-1:0]      sl_fn;
  logic [S*26-1:0]     sl_line;
  logic [S*16-1:0]     sl_words, sl_tag, sl_resp_tag;
  logic [S*512-1:0]    sl_data, sl_resp_data;
  logic [S*32-1:0]     sl_cmp;

  gpu_l2_xbar #(
    .NumCus     (NumCus),
    .Slices     (S),
    .BlockLines (L2BlockLines)
  ) u_l2_xbar (
    .clk_i           (clk_i),
    .rst_i           (rst_i),
    .cu_valid_i      (cu_req_valid),
    .cu_ready_o      (cu_req_ready),
    .cu_op_i         (cu_req_op),
    .cu_fn_i         (cu_req_fn),
    .cu_nt_i         (cu_req_nt),
    .cu_sys_i        (cu_req_sys),
    .cu_line_i       (cu_req_line),
    .cu_words_i      (cu_req_words),
    .cu_data_i       (cu_req_data),
    .cu_cmp_i        (cu_req_cmp),
    .cu_tag_i        (cu_req_tag),
    .cu_resp_valid_o (cu_resp_valid),
    .cu_resp_ready_i (cu_resp_ready),
    .cu_resp_tag_o   (cu_resp_tag),
    .cu_resp_data_o  (cu_resp_data),
    .sl_valid_o      (sl_valid),
    .sl_ready_i      (sl_ready),
    .sl_retry_i      (sl_retry),
    .sl_op_o         (sl_op),
    .sl_fn_o         (sl_fn),
    .sl_nt_o         (sl_nt),
    .sl_sys_o        (sl_sys),
    .sl_line_o       (sl_line),
    .sl_words_o      (sl_words),
    .sl_data_o       (sl_data),
    .sl_cmp_o        (sl_cmp),
    .sl_tag_o        (sl_tag),
    .sl_resp_valid_i (sl_resp_valid),
    .sl_resp_ready_o (sl_resp_ready),
    .sl_resp_tag_i   (sl_resp_tag),
    .sl_resp_data_i  (sl_resp_data)
  );

  logic [S-1:0]        mr_valid, mr_ready, mf_valid, mf_ready, mw_valid, mw_ready, mb_valid;
  logic [S*26-1:0]     mr_line, mw_line;
  logic [S*MshrW-1:0]  mr_id;
  logic [MshrW-1:0]    mf_id;
  logic [127:0]        mf_data;
  logic [S*16-1:0]     mw_words;
  logic [S*512-1:0]    mw_data;
  logic [S*WbW-1:0]    mw_id;
  logic [WbW-1:0]      mb_id;
  logic                maint_req, maint_inv;
  logic [S-1:0]        sl_maint_done, sl_idle;
  logic [S*32-1:0]     sl_hits, sl_misses, sl_evictions, sl_atomics, sl_fills, sl_wwords;

  for (genvar i = 0; i < S; i++) begin : g_l2
    gpu_l2_slice #(
      .Sets       (L2Sets),
      .Ways       (L2Ways),
      .Mshrs      (L2Mshrs),
      .WbBufs     (L2WbBufs),
      .Writes     (L2Writes),
      .Slices     (S),
      .BlockLines (L2BlockLines)
    ) u_slice (
      .clk_i             (clk_i),
      .rst_i             (rst_i),
      .clear_i           (host_launch && !running_q),
      .req_valid_i       (sl_valid[i]),
      .req_ready_o       (sl_ready[i]),
      .req_retry_o       (sl_retry[i]),
      .req_op_i          (sl_op[i*2 +: 2]),
      .req_fn_i          (sl_fn[i*6 +: 6]),
      .req_nt_i          (sl_nt[i]),
      .req_sys_i         (sl_sys[i]),
      .req_line_i        (sl_line[i*26 +: 26]),
      .req_words_i       (sl_words[i*16 +: 16]),
      .req_data_i        (sl_data[i*512 +: 512]),
      .req_cmp_i         (sl_cmp[i*32 +: 32]),
      .req_tag_i         (sl_tag[i*16 +: 16]),
      .resp_valid_o      (sl_resp_valid[i]),
      .resp_ready_i      (sl_resp_ready[i]),
      .resp_tag_o        (sl_resp_tag[i*16 +: 16]),
      .resp_data_o       (sl_resp_data[i*512 +: 512]),
      .mr_valid_o        (mr_valid[i]),
      .mr_ready_i        (mr_ready[i]),
      .mr_line_o         (mr_line[i*26 +: 26]),
      .mr_id_o           (mr_id[i*MshrW +: MshrW]),
      .mf_valid_i        (mf_valid[i]),
      .mf_ready_o        (mf_ready[i]),
      .mf_id_i           (mf_id),
      .mf_data_i         (mf_data),
      .mw_valid_o        (mw_valid[i]),
      .mw_ready_i        (mw_ready[i]),
      .mw_line_o         (mw_line[i*26 +: 26]),
      .mw_words_o        (mw_words[i*16 +: 16]),
      .mw_data_o         (mw_data[i*512 +: 512]),
      .mw_id_o           (mw_id[i*WbW +: WbW]),
      .mb_valid_i        (mb_valid[i]),
      .mb_id_i           (mb_id),
      .maint_req_i       (maint_req),
      .maint_inv_i       (maint_inv),
      .maint_done_o      (sl_maint_done[i]),
      .idle_o            (sl_idle[i]),
      .perf_valid_o      (tr_l2_valid_o[i]),
      .perf_tag_o        (tr_l2_tag_o[i*16 +: 16]),
      .ctr_hits_o        (sl_hits[i*32 +: 32]),
      .ctr_misses_o      (sl_misses[i*32 +: 32]),
      .ctr_evictions_o   (sl_evictions[i*32 +: 32]),
      .ctr_atomics_o     (sl_atomics[i*32 +: 32]),
      .ctr_fills_o       (sl_fills[i*32 +: 32]),
      .ctr_write_words_o (sl_wwords[i*32 +: 32])
    );
  end

  gpu_axi_master #(
    .Slices (S),
    .MshrW  (MshrW),
    .WbW    (WbW)
  ) u_axi_master (
    .clk_i         (clk_i),
    .rst_i         (rst_i),
    .mr_valid_i    (mr_valid),
    .mr_ready_o    (mr_ready),
    .mr_line_i     (mr_line),
    .mr_id_i       (mr_id),
    .mf_valid_o    (mf_valid),
    .mf_ready_i    (mf_ready),
    .mf_id_o       (mf_id),
    .mf_data_o     (mf_data),
    .mw_valid_i    (mw_valid),
    .mw_ready_o    (mw_ready),
    .mw_line_i     (mw_line),
    .mw_words_i    (mw_words),
    .mw_data_i     (mw_data),
    .mw_id_i       (mw_id),
    .mb_valid_o    (mb_valid),
    .mb_id_o       (mb_id),
    .clear_i       (host_launch && !running_q),
    .err_o         (mem_error),
    .err_event_o   (mem_err_event),
    .err_write_o   (mem_err_write),
    .err_line_o    (mem_err_line),
    .m_axi_awid    (m_axi_awid),
    .m_axi_awaddr  (m_axi_awaddr),
    .m_axi_awlen   (m_axi_awlen),
    .m_axi_awsize  (m_axi_awsize),
    .m_axi_awburst (m_axi_awburst),
    .m_axi_awlock  (m_axi_awlock),
    .m_axi_awcache (m_axi_awcache),
    .m_axi_awprot  (m_axi_awprot),
    .m_axi_awqos   (m_axi_awqos),
    .m_axi_awvalid (m_axi_awvalid),
    .m_axi_awready (m_axi_awready),
    .m_axi_wdata   (m_axi_wdata),
    .m_axi_wstrb   (m_axi_wstrb),
    .m_axi_wlast   (m_axi_wlast),
    .m_axi_wvalid  (m_axi_wvalid),
    .m_axi_wready  (m_axi_wready),
    .m_axi_bid     (m_axi_bid),
    .m_axi_bresp   (m_axi_bresp),
    .m_axi_bvalid  (m_axi_bvalid),
    .m_axi_bready  (m_axi_bready),
    .m_axi_arid    (m_axi_arid),
    .m_axi_araddr  (m_axi_araddr),
    .m_axi_arlen   (m_axi_arlen),
    .m_axi_arsize  (m_axi_arsize),
    .m_axi_arburst (m_axi_arburst),
    .m_axi_arlock  (m_axi_arlock),
    .m_axi_arcache (m_axi_arcache),
    .m_axi_arprot  (m_axi_arprot),
    .m_axi_arqos   (m_axi_arqos),
    .m_axi_arvalid (m_axi_arvalid),
    .m_axi_arready (m_axi_arready),
    .m_axi_rid     (m_axi_rid),
    .m_axi_rdata   (m_axi_rdata),
    .m_axi_rresp   (m_axi_rresp),
    .m_axi_rlast   (m_axi_rlast),
    .m_axi_rvalid  (m_axi_rvalid),
    .m_axi_rready  (m_axi_rready)
  );

  // ---------------------------------------------------------------- L2 maintenance
  // One at a time: a cache_wb_l2 of some CU (write back every dirty line), or
  // the end-of-task flush (write back and invalidate every line). It ends when
  // every slice has reported its walk done.
  logic          mt_busy_q, mt_flush_q, flushed_q;
  localparam int CuW = NumCus > 1 ? $clog2(NumCus) : 1;
  logic [CuW-1:0] mt_cu_q;
  logic [S-1:0]   mt_done_q;
  logic           work_done;             // every group finished, or the faulted task drained
  logic           mt_start_wb, mt_start_flush;
  logic [CuW-1:0] mt_pick;
  always_comb begin
    mt_pick = '0;
    for (int c = NumCus - 1; c >= 0; c--)
      if (cu_maint_req[c]) mt_pick = c[CuW-1:0];
  end
  wire   mt_all_done = (mt_done_q | sl_maint_done) == {S{1'b1}};
  assign mt_start_wb    = running_q && !mt_busy_q && cu_maint_req != '0;
  assign mt_start_flush = running_q && !mt_busy_q && !mt_start_wb && work_done && !flushed_q;
  assign maint_req      = mt_start_wb || mt_start_flush;
  assign maint_inv      = mt_start_flush;
  always_comb begin
    cu_maint_ack  = '0;
    cu_maint_done = '0;
    if (mt_start_wb) cu_maint_ack[mt_pick] = 1'b1;
    if (mt_busy_q && mt_all_done && !mt_flush_q) cu_maint_done[mt_cu_q] = 1'b1;
  end

  always_ff @(posedge clk_i) begin
    mt_done_q <= mt_done_q | sl_maint_done;
    if (maint_req) begin
      mt_busy_q  <= 1'b1;
      mt_flush_q <= mt_start_flush;
      mt_cu_q    <= mt_pick;
      mt_done_q  <= '0;
    end
    if (mt_busy_q && mt_all_done) begin
      mt_busy_q <= 1'b0;
      if (mt_flush_q) flushed_q <= 1'b1;
    end
    if (host_launch && !running_q) flushed_q <= 1'b0;
    if (rst_i) begin
      mt_busy_q <= 1'b0;
      flushed_q <= 1'b0;
    end
  end

  // ---------------------------------------------------------------- counters
  // A CU's own counters, or (indexes from MEM_CTR_FIRST) the L2's, summed over the slices.
  logic [63:0] mem_ctr;
  always_comb begin
    mem_ctr = 64'd0;
    for (int i = 0; i < S; i++)
      case ({26'd0, ctr_idx})
        gpu_ctr_pkg::MEM_CTR_L2_HITS:            mem_ctr = mem_ctr + {32'd0, sl_hits[i*32 +: 32]};
        gpu_ctr_pkg::MEM_CTR_L2_MISSES:          mem_ctr = mem_ctr + {32'd0, sl_misses[i*32 +: 32]};
        gpu_ctr_pkg::MEM_CTR_L2_EVICTIONS:       mem_ctr = mem_ctr + {32'd0, sl_evictions[i*32 +: 32]};
        gpu_ctr_pkg::MEM_CTR_L2_ATOMICS:         mem_ctr = mem_ctr + {32'd0, sl_atomics[i*32 +: 32]};
        gpu_ctr_pkg::MEM_CTR_DRAM_BYTES_READ:    mem_ctr = mem_ctr + {26'd0, sl_fills[i*32 +: 32], 6'd0};
        gpu_ctr_pkg::MEM_CTR_DRAM_BYTES_WRITTEN: mem_ctr = mem_ctr + {30'd0, sl_wwords[i*32 +: 32], 2'd0};
        default: ;
      endcase
  end
  assign ctr_value = {26'd0, ctr_idx} >= gpu_ctr_pkg::MEM_CTR_FIRST ?
                       ({26'd0, ctr_idx} < gpu_ctr_pkg::MEM_CTR_FIRST + gpu_ctr_pkg::NUM_MEM_CTRS ? mem_ctr : 64'd0) :
                       ({29'd0, ctr_cu} < NumCus) ? cu_ctr[ctr_cu*64 +: 64] : 64'd0;

  // ---------------------------------------------------------------- faults, completion
  // The lowest CU faulting this cycle.
  logic        any_fault;
  logic [2:0]  first_fault;
  logic [3:0]  ff_code;
  logic        ff_slot;
  logic [31:0] ff_wave, ff_addr;
  logic [15:0] ff_group;
  logic [11:0] ff_pc;
  logic [63:0] ff_inst;
  logic [5:0]  ff_lane;
  logic [6:0]  ff_reg;
  always_comb begin
    any_fault   = 1'b0;
    first_fault = 3'd0;
    ff_code     = 4'd0;
    ff_slot     = 1'b0;
    ff_wave     = 32'd0;
    ff_group    = 16'd0;
    ff_pc       = 12'd0;
    ff_inst     = 64'd0;
    ff_lane     = 6'd63;
    ff_addr     = 32'd0;
    ff_reg      = 7'd127;
    for (int c = NumCus - 1; c >= 0; c--)
      if (cu_fault[c]) begin
        any_fault   = 1'b1;
        first_fault = c[2:0];
        ff_code     = cu_fault_code[c*4 +: 4];
        ff_slot     = cu_fault_slot[c];
        ff_wave     = cu_fault_wave[c*32 +: 32];
        ff_group    = cu_fault_group[c*16 +: 16];
        ff_pc       = cu_fault_pc[c*12 +: 12];
        ff_inst     = cu_fault_inst[c*64 +: 64];
        ff_lane     = cu_fault_lane[c*6 +: 6];
        ff_addr     = cu_fault_addr[c*32 +: 32];
        ff_reg      = cu_fault_reg[c*7 +: 7];
      end
  end

  assign work_done = running_q && !host_launch &&
                     (stop_q ? (&cu_mem_idle) : (all_placed && (&cu_idle) && place == '0));
  // The task ends after the flush, when every write-back has been answered.
  wire finished = work_done && flushed_q && (&sl_idle);

  always_ff @(posedge clk_i) begin
    if (any_fault && running_q && !stop_q) begin
      stop_q        <= 1'b1;
      fault_q       <= 1'b1;
      fault_code_q  <= ff_code;
      fault_cu_q    <= first_fault;
      fault_slot_q  <= ff_slot;
      fault_wave_q  <= ff_wave;
      fault_group_q <= ff_group;
      fault_pc_q    <= ff_pc;
      fault_inst_q  <= ff_inst;
      fault_lane_q  <= ff_lane;
      fault_addr_q  <= ff_addr;
      fault_reg_q   <= ff_reg;
    end else if (mem_err_event && running_q && !stop_q) begin
      // An error response on the memory port stops the task like a fault (a
      // wave's fault in the same cycle wins): no wave is named, the address
      // is the burst's line (docs/architecture.md, "Memory errors").
      stop_q        <= 1'b1;
      fault_q       <= 1'b1;
      fault_code_q  <= mem_err_write ? gpu_isa_pkg::FAULT_MEM_WRITE_ERROR : gpu_isa_pkg::FAULT_MEM_READ_ERROR;
      fault_cu_q    <= 3'd0;
      fault_slot_q  <= 1'b0;
      fault_wave_q  <= 32'd0;
      fault_group_q <= 16'd0;
      fault_pc_q    <= 12'd0;
      fault_inst_q  <= 64'd0;
      fault_lane_q  <= 6'd63;
      fault_addr_q  <= {mem_err_line, 6'd0};
      fault_reg_q   <= 7'd127;
    end
    if (finished) running_q <= 1'b0;
    if (host_launch && !running_q) begin
      running_q <= 1'b1;
      stop_q    <= 1'b0;
      fault_q   <= 1'b0;
    end
    if (rst_i) begin
      running_q <= 1'b0;
      stop_q    <= 1'b0;
      fault_q   <= 1'b0;
    end
  end
  assign busy_o = running_q;

  // ---------------------------------------------------------------- dispatch trace
  always_ff @(posedge clk_i) begin
    tr_disp_valid_o <= place != '0;
    tr_disp_slot_o  <= place_slot;
    tr_disp_group_o <= place_group;
    tr_disp_cu_o    <= 3'd0;
    for (int c = 0; c < NumCus; c++)
      if (place[c]) tr_disp_cu_o <= c[2:0];
    if (rst_i) tr_disp_valid_o <= 1'b0;
  end

endmodule

`default_nettype wire
