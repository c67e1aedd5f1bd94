// gpu_top: the GPU: NumCus compute units, the work-group dispatcher and the
// memory-port arbiter, with the launch/status interface, the counter read
// port and the per-CU trace outputs of docs/architecture.md ("The gpu_top
// contract"). The first fault stops every CU; the task ends when every access
// already issued has been answered.
`default_nettype none

module gpu_top #(
  parameter int NumCus = 4
) (
  input  wire                    clk_i,
  input  wire                    rst_i,
  // program
  input  wire                    imem_we_i,
  input  wire  [11:0]            imem_addr_i,
  input  wire  [63:0]            imem_data_i,
  // launch
  input  wire                    launch_i,
  input  wire  [15:0]            launch_num_groups_i,
  input  wire                    launch_two_waves_i,
  input  wire  [16:0]            launch_lds_bytes_i,
  input  wire  [12:0]            launch_num_insts_i,
  input  wire  [31:0]            launch_args_addr_i,
  input  wire  [31:0]            cfg_mem_bytes_i,
  input  wire  [3:0]             cfg_num_cus_i,
  // status
  output logic                   busy_o,
  output logic                   fault_o,
  output logic [3:0]             fault_code_o,
  output logic [2:0]             fault_cu_o,
  output logic                   fault_slot_o,
  output logic [31:0]            fault_wave_o,
  output logic [15:0]            fault_group_o,
  output logic [11:0]            fault_pc_o,
  output logic [63:0]            fault_inst_o,
  output logic [5:0]             fault_lane_o,
  output logic [31:0]            fault_addr_o,
  output logic [6:0]             fault_reg_o,
  // counters
  input  wire  [2:0]             ctr_cu_i,
  input  wire  [5:0]             ctr_idx_i,
  output logic [63:0]            ctr_value_o,
  // memory port
  output logic                   mem_req_valid_o,
  input  wire                    mem_req_ready_i,
  output logic [1:0]             mem_req_op_o,
  output logic [5:0]             mem_req_fn_o,
  output logic [1:0]             mem_req_scope_o,
  output logic                   mem_req_nt_o,
  output logic [25:0]            mem_req_line_o,
  output logic [15:0]            mem_req_words_o,
  output logic [511:0]           mem_req_data_o,
  output logic [31:0]            mem_req_cmp_o,
  output logic [15:0]            mem_req_tag_o,
  input  wire                    mem_resp_valid_i,
  output logic                   mem_resp_ready_o,
  input  wire  [15:0]            mem_resp_tag_i,
  input  wire  [511:0]           mem_resp_data_i,
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
  // trace, dispatch
  output logic                   tr_disp_valid_o,
  output logic [2:0]             tr_disp_cu_o,
  output logic                   tr_disp_slot_o,
  output logic [15:0]            tr_disp_group_o
);

  // ---------------------------------------------------------------- task state
  logic        running_q;          // launched, not finished
  logic        stop_q;             // a fault stopped the task
  logic [15:0] num_groups_q;
  logic        two_q;
  logic [16:0] lds_bytes_q;
  logic [12:0] num_insts_q;
  logic [31:0] args_q;

  always_ff @(posedge clk_i) begin
    if (launch_i && !running_q) begin
      num_groups_q <= launch_num_groups_i;
      two_q        <= launch_two_waves_i;
      lds_bytes_q  <= launch_lds_bytes_i;
      num_insts_q  <= launch_num_insts_i;
      args_q       <= launch_args_addr_i;
    end
  end

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
    .launch_i      (launch_i && !running_q),
    .num_groups_i  (launch_i ? launch_num_groups_i : num_groups_q),
    .two_waves_i   (two_q),
    .lds_bytes_i   (lds_bytes_q),
    .num_cus_i     (cfg_num_cus_i),
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
  logic [NumCus-1:0]      cu_req_valid, cu_req_ready, cu_resp_valid, squash;
  logic [NumCus*2-1:0]    cu_req_op, cu_req_scope;
  logic [NumCus*6-1:0]    cu_req_fn;
  logic [NumCus-1:0]      cu_req_nt;
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
    gpu_cu u_cu (
      .clk_i           (clk_i),
      .rst_i           (rst_i),
      .cu_id_i         (CuId),
      .launch_i        (launch_i && !running_q),
      .num_insts_i     (num_insts_q),
      .num_groups_i    (num_groups_q),
      .lds_bytes_i     (lds_bytes_q),
      .args_addr_i     (args_q),
      .mem_bytes_i     (cfg_mem_bytes_i),
      .count_i         (running_q),
      .stop_i          (stop_q),
      .squash_i        (squash[c]),
      .imem_we_i       (imem_we_i && !running_q),
      .imem_addr_i     (imem_addr_i),
      .imem_data_i     (imem_data_i),
      .place_i         (place[c]),
      .place_slot_i    (place_slot),
      .place_two_i     (two_q),
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
      .mem_req_scope_o (cu_req_scope[c*2 +: 2]),
      .mem_req_nt_o    (cu_req_nt[c]),
      .mem_req_line_o  (cu_req_line[c*26 +: 26]),
      .mem_req_words_o (cu_req_words[c*16 +: 16]),
      .mem_req_data_o  (cu_req_data[c*512 +: 512]),
      .mem_req_cmp_o   (cu_req_cmp[c*32 +: 32]),
      .mem_req_tag_o   (cu_req_tag[c*16 +: 16]),
      .mem_resp_valid_i(cu_resp_valid[c]),
      .mem_resp_tag_i  (mem_resp_tag_i),
      .mem_resp_data_i (mem_resp_data_i),
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
      .ctr_idx_i       (ctr_idx_i),
      .ctr_value_o     (cu_ctr[c*64 +: 64])
    );
  end

  assign ctr_value_o = ({29'd0, ctr_cu_i} < NumCus) ? cu_ctr[ctr_cu_i*64 +: 64] : 64'd0;

  // ---------------------------------------------------------------- memory port
  gpu_mem_arb #(
    .NumCus (NumCus)
  ) u_mem_arb (
    .clk_i            (clk_i),
    .rst_i            (rst_i),
    .cu_valid_i       (cu_req_valid),
    .cu_ready_o       (cu_req_ready),
    .cu_op_i          (cu_req_op),
    .cu_fn_i          (cu_req_fn),
    .cu_scope_i       (cu_req_scope),
    .cu_nt_i          (cu_req_nt),
    .cu_line_i        (cu_req_line),
    .cu_words_i       (cu_req_words),
    .cu_data_i        (cu_req_data),
    .cu_cmp_i         (cu_req_cmp),
    .cu_tag_i         (cu_req_tag),
    .cu_resp_valid_o  (cu_resp_valid),
    .mem_req_valid_o  (mem_req_valid_o),
    .mem_req_ready_i  (mem_req_ready_i),
    .mem_req_op_o     (mem_req_op_o),
    .mem_req_fn_o     (mem_req_fn_o),
    .mem_req_scope_o  (mem_req_scope_o),
    .mem_req_nt_o     (mem_req_nt_o),
    .mem_req_line_o   (mem_req_line_o),
    .mem_req_words_o  (mem_req_words_o),
    .mem_req_data_o   (mem_req_data_o),
    .mem_req_cmp_o    (mem_req_cmp_o),
    .mem_req_tag_o    (mem_req_tag_o),
    .mem_resp_valid_i (mem_resp_valid_i),
    .mem_resp_tag_i   (mem_resp_tag_i)
  );
  assign mem_resp_ready_o = 1'b1;

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

  wire finished = running_q && !launch_i &&
                  (stop_q ? (&cu_mem_idle) : (all_placed && (&cu_idle) && place == '0));

  always_ff @(posedge clk_i) begin
    if (any_fault && running_q && !stop_q) begin
      stop_q        <= 1'b1;
      fault_o       <= 1'b1;
      fault_code_o  <= ff_code;
      fault_cu_o    <= first_fault;
      fault_slot_o  <= ff_slot;
      fault_wave_o  <= ff_wave;
      fault_group_o <= ff_group;
      fault_pc_o    <= ff_pc;
      fault_inst_o  <= ff_inst;
      fault_lane_o  <= ff_lane;
      fault_addr_o  <= ff_addr;
      fault_reg_o   <= ff_reg;
    end
    if (finished) running_q <= 1'b0;
    if (launch_i && !running_q) begin
      running_q <= 1'b1;
      stop_q    <= 1'b0;
      fault_o   <= 1'b0;
    end
    if (rst_i) begin
      running_q <= 1'b0;
      stop_q    <= 1'b0;
      fault_o   <= 1'b0;
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
