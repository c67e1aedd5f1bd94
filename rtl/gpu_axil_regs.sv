// SPDX-License-Identifier: Apache-2.0
// gpu_axil_regs: gpu_top's AXI4-Lite slave (32-bit data, 16-bit addresses):
// launch parameters, control and status, the first fault, the counters and
// the instruction memory at the addresses of gpu_regs_pkg. One write and one
// read at a time: a write is performed at the edge its AW and W are both
// taken (B follows), a read answers two edges after its AR. Errors are
// responses (SLVERR, DECERR) and change nothing; addr[1:0] are ignored.
`default_nettype none

module gpu_axil_regs #(
  parameter int NumCus   = 4,
  parameter int L2Slices = 4
) (
  input  wire         clk_i,
  input  wire         rst_i,
  // AXI4-Lite slave
  input  wire  [15:0] s_axil_awaddr,
  input  wire  [2:0]  s_axil_awprot,
  input  wire         s_axil_awvalid,
  output logic        s_axil_awready,
  input  wire  [31:0] s_axil_wdata,
  input  wire  [3:0]  s_axil_wstrb,
  input  wire         s_axil_wvalid,
  output logic        s_axil_wready,
  output logic [1:0]  s_axil_bresp,
  output logic        s_axil_bvalid,
  input  wire         s_axil_bready,
  input  wire  [15:0] s_axil_araddr,
  input  wire  [2:0]  s_axil_arprot,
  input  wire         s_axil_arvalid,
  output logic        s_axil_arready,
  output logic [31:0] s_axil_rdata,
  output logic [1:0]  s_axil_rresp,
  output logic        s_axil_rvalid,
  input  wire         s_axil_rready,
  output logic        irq_o,               // STATUS.done && IRQ_ENABLE
  // to the GPU: launch (a one-cycle pulse; the parameters hold while busy)
  output logic        launch_o,
  output logic [15:0] launch_num_groups_o,
  output logic        launch_two_waves_o,
  output logic [16:0] launch_lds_bytes_o,
  output logic [12:0] launch_num_insts_o,
  output logic [31:0] launch_args_addr_o,
  output logic [31:0] cfg_mem_bytes_o,
  output logic [3:0]  cfg_num_cus_o,
  // instruction memory writes
  output logic        imem_we_o,
  output logic [11:0] imem_addr_o,
  output logic [63:0] imem_data_o,
  // counter read port: the counter selected by the read being answered
  output logic [2:0]  ctr_cu_o,
  output logic [5:0]  ctr_idx_o,
  input  wire  [63:0] ctr_value_i,
  // status
  input  wire         busy_i,              // a task runs
  input  wire         mem_error_i,
  input  wire         fault_i,
  input  wire  [3:0]  fault_code_i,
  input  wire  [2:0]  fault_cu_i,
  input  wire         fault_slot_i,
  input  wire  [31:0] fault_wave_i,
  input  wire  [15:0] fault_group_i,
  input  wire  [11:0] fault_pc_i,
  input  wire  [63:0] fault_inst_i,
  input  wire  [5:0]  fault_lane_i,
  input  wire  [31:0] fault_addr_i,
  input  wire  [6:0]  fault_reg_i
);

  localparam logic [1:0] OKAY   = gpu_regs_pkg::RESP_OKAY[1:0];
  localparam logic [1:0] SLVERR = gpu_regs_pkg::RESP_SLVERR[1:0];
  localparam logic [1:0] DECERR = gpu_regs_pkg::RESP_DECERR[1:0];
  localparam logic [31:0] MAX_INSTS = gpu_isa_pkg::MAX_INSTS;
  localparam logic [31:0] LDS_MAX   = gpu_isa_pkg::LDS_BYTES;

  // The registers the host writes.
  logic        launch_q, irq_en_q, done_q, busy_prev_q;
  logic [15:0] num_groups_q;
  logic        two_waves_q;
  logic [16:0] lds_bytes_q;
  logic [12:0] num_insts_q;
  logic [31:0] args_q, mem_bytes_q, imem_lo_q;
  logic [3:0]  num_cus_q;

  // Busy from the START write on: the launch pulse is one cycle later.
  wire busy = busy_i || launch_q;

  // A counter's address: CU c counter i (REG_CTR_BASE region), or memory
  // counter MEM_CTR_FIRST + j (REG_MEM_CTR_BASE region, which starts on a
  // 2 KiB boundary). ctr_exists: a counter is there; ctr_select: {CU, index}.
  function automatic logic ctr_exists(input logic [15:3] a);
    if (a[15:11] == gpu_regs_pkg::REG_CTR_BASE[15:11])
      ctr_exists = {29'd0, a[10:8]} < NumCus && {27'd0, a[7:3]} < gpu_ctr_pkg::NUM_CTRS;
    else
      ctr_exists = a[15:11] == gpu_regs_pkg::REG_MEM_CTR_BASE[15:11] && {24'd0, a[10:3]} < gpu_ctr_pkg::NUM_MEM_CTRS;
  endfunction
  function automatic logic [8:0] ctr_select(input logic [15:3] a);
    if (a[15:11] == gpu_regs_pkg::REG_CTR_BASE[15:11]) ctr_select = {a[10:8], 1'b0, a[7:3]};
    else ctr_select = {3'd0, a[8:3] + gpu_ctr_pkg::MEM_CTR_FIRST[5:0]};
  endfunction

  // ---------------------------------------------------------------- write channel
  logic        aw_full_q, w_full_q, bvalid_q;
  logic [15:2] aw_addr_q;
  logic [31:0] w_data_q;
  logic [3:0]  w_strb_q;
  logic [1:0]  bresp_q;

  assign s_axil_awready = !aw_full_q && !bvalid_q;
  assign s_axil_wready  = !w_full_q && !bvalid_q;
  assign s_axil_bvalid  = bvalid_q && !rst_i;     // low in reset (AXI), before the first edge too
  assign s_axil_bresp   = bresp_q;

  wire        aw_fire = s_axil_awvalid && s_axil_awready;
  wire        w_fire  = s_axil_wvalid && s_axil_wready;
  wire        wr_go   = (aw_full_q || aw_fire) && (w_full_q || w_fire);
  wire [15:2] wr_addr = aw_full_q ? aw_addr_q : s_axil_awaddr[15:2];
  wire [31:0] wr_data = w_full_q ? w_data_q : s_axil_wdata;
  wire [3:0]  wr_strb = w_full_q ? w_strb_q : s_axil_wstrb;

  // The write's response and effect (taken only when wr_go).
  logic [1:0] wr_resp;
  logic       wr_start, wr_clear, wr_irq_en, wr_param, wr_imem_lo, wr_imem_hi;
  always_comb begin
    wr_resp    = OKAY;
    wr_start   = 1'b0;
    wr_clear   = 1'b0;
    wr_irq_en  = 1'b0;
    wr_param   = 1'b0;     // a launch or configuration register
    wr_imem_lo = 1'b0;
    wr_imem_hi = 1'b0;
    if (wr_addr[15] == 1'b1) begin
      // instruction memory
      if (busy) wr_resp = SLVERR;
      else if (wr_addr[2]) wr_imem_hi = 1'b1;
      else wr_imem_lo = 1'b1;
    end else if (ctr_exists(wr_addr[15:3])) begin
      wr_resp = SLVERR;                       // counters are read-only
    end else if (wr_addr[15:12] != 4'd0) begin
      wr_resp = DECERR;
    end else begin
      case ({20'd0, wr_addr[11:2], 2'b00})
        gpu_regs_pkg::REG_CONTROL: begin
          wr_clear = (wr_data & (gpu_regs_pkg::CONTROL_START | gpu_regs_pkg::CONTROL_CLEAR_DONE)) != 0;
          if ((wr_data & gpu_regs_pkg::CONTROL_START) != 0) begin
            if (busy) begin
              wr_resp  = SLVERR;
              wr_clear = 1'b0;
            end else begin
              wr_start = 1'b1;
            end
          end
        end
        gpu_regs_pkg::REG_IRQ_ENABLE:      wr_irq_en = 1'b1;
        gpu_regs_pkg::REG_NUM_GROUPS:      wr_param = wr_data >= 32'd1 && wr_data <= 32'd65535;
        gpu_regs_pkg::REG_WAVES_PER_GROUP: wr_param = wr_data == 32'd1 || wr_data == 32'd2;
        gpu_regs_pkg::REG_LDS_BYTES:       wr_param = wr_data <= LDS_MAX;
        gpu_regs_pkg::REG_NUM_INSTS:       wr_param = wr_data >= 32'd1 && wr_data <= MAX_INSTS;
        gpu_regs_pkg::REG_ARGS_ADDR,
        gpu_regs_pkg::REG_MEM_BYTES:       wr_param = 1'b1;
        gpu_regs_pkg::REG_NUM_CUS:         wr_param = wr_data >= 32'd1 && wr_data <= NumCus;
        gpu_regs_pkg::REG_ID, gpu_regs_pkg::REG_CONFIG, gpu_regs_pkg::REG_STATUS,
        gpu_regs_pkg::REG_FAULT_CODE, gpu_regs_pkg::REG_FAULT_CU, gpu_regs_pkg::REG_FAULT_SLOT,
        gpu_regs_pkg::REG_FAULT_WAVE, gpu_regs_pkg::REG_FAULT_GROUP, gpu_regs_pkg::REG_FAULT_PC,
        gpu_regs_pkg::REG_FAULT_INST_LO, gpu_regs_pkg::REG_FAULT_INST_HI, gpu_regs_pkg::REG_FAULT_LANE,
        gpu_regs_pkg::REG_FAULT_ADDR, gpu_regs_pkg::REG_FAULT_REG:
          wr_resp = SLVERR;                   // read-only
        default:
          wr_resp = DECERR;
      endcase
      // launch and configuration registers: a valid value, not while busy
      case ({20'd0, wr_addr[11:2], 2'b00})
        gpu_regs_pkg::REG_NUM_GROUPS, gpu_regs_pkg::REG_WAVES_PER_GROUP, gpu_regs_pkg::REG_LDS_BYTES,
        gpu_regs_pkg::REG_NUM_INSTS, gpu_regs_pkg::REG_ARGS_ADDR, gpu_regs_pkg::REG_MEM_BYTES,
        gpu_regs_pkg::REG_NUM_CUS:
          if (!wr_param || busy) begin
            wr_param = 1'b0;
            wr_resp  = SLVERR;
          end
        default: ;
      endcase
    end
    // Only whole words are written.
    if (wr_strb != 4'hF) begin
      wr_resp    = SLVERR;
      wr_start   = 1'b0;
      wr_clear   = 1'b0;
      wr_irq_en  = 1'b0;
      wr_param   = 1'b0;
      wr_imem_lo = 1'b0;
      wr_imem_hi = 1'b0;
    end
  end

  wire wr_ok = wr_go && wr_resp == OKAY;

  always_ff @(posedge clk_i) begin
    if (aw_fire && !wr_go) begin
      aw_full_q <= 1'b1;
      aw_addr_q <= s_axil_awaddr[15:2];
    end
    if (w_fire && !wr_go) begin
      w_full_q <= 1'b1;
      w_data_q <= s_axil_wdata;
      w_strb_q <= s_axil_wstrb;
    end
    if (wr_go) begin
      aw_full_q <= 1'b0;
      w_full_q  <= 1'b0;
      bvalid_q  <= 1'b1;
      bresp_q   <= wr_resp;
    end
    if (bvalid_q && s_axil_bready) bvalid_q <= 1'b0;

    if (wr_ok && wr_param)
      case ({20'd0, wr_addr[11:2], 2'b00})
        gpu_regs_pkg::REG_NUM_GROUPS:      num_groups_q <= wr_data[15:0];
        gpu_regs_pkg::REG_WAVES_PER_GROUP: two_waves_q  <= wr_data[1];
        gpu_regs_pkg::REG_LDS_BYTES:       lds_bytes_q  <= wr_data[16:0];
        gpu_regs_pkg::REG_NUM_INSTS:       num_insts_q  <= wr_data[12:0];
        gpu_regs_pkg::REG_ARGS_ADDR:       args_q       <= wr_data;
        gpu_regs_pkg::REG_MEM_BYTES:       mem_bytes_q  <= wr_data;
        gpu_regs_pkg::REG_NUM_CUS:         num_cus_q    <= wr_data[3:0];
        default: ;
      endcase
    if (wr_ok && wr_irq_en)
      irq_en_q <= wr_data[0];
    if (wr_ok && wr_imem_lo) imem_lo_q <= wr_data;
    imem_we_o <= wr_ok && wr_imem_hi;
    if (wr_ok && wr_imem_hi) begin
      imem_addr_o <= wr_addr[14:3];
      imem_data_o <= {wr_data, imem_lo_q};
    end

    // A task's end sets done; START and CLEAR_DONE clear it.
    busy_prev_q <= busy_i;
    if (busy_prev_q && !busy_i) done_q <= 1'b1;
    if (wr_ok && wr_clear) done_q <= 1'b0;
    launch_q <= wr_ok && wr_start;

    if (rst_i) begin
      aw_full_q    <= 1'b0;
      w_full_q     <= 1'b0;
      bvalid_q     <= 1'b0;
      imem_we_o    <= 1'b0;
      launch_q     <= 1'b0;
      irq_en_q     <= 1'b0;
      done_q       <= 1'b0;
      busy_prev_q  <= 1'b0;
      num_groups_q <= 16'd1;
      two_waves_q  <= 1'b0;
      lds_bytes_q  <= 17'd0;
      num_insts_q  <= 13'd1;
      args_q       <= 32'd0;
      mem_bytes_q  <= 32'd0;
      imem_lo_q    <= 32'd0;
      num_cus_q    <= NumCus[3:0];
    end
  end

  assign launch_o            = launch_q;
  assign launch_num_groups_o = num_groups_q;
  assign launch_two_waves_o  = two_waves_q;
  assign launch_lds_bytes_o  = lds_bytes_q;
  assign launch_num_insts_o  = num_insts_q;
  assign launch_args_addr_o  = args_q;
  assign cfg_mem_bytes_o     = mem_bytes_q;
  assign cfg_num_cus_o       = num_cus_q;
  assign irq_o               = done_q && irq_en_q;

  // ---------------------------------------------------------------- read channel
  // AR is taken into ar_addr_q; the next edge loads the answer.
  logic        ar_full_q, rvalid_q;
  logic [15:2] ar_addr_q;
  logic [31:0] rdata_q;
  logic [1:0]  rresp_q;

  assign s_axil_arready = !ar_full_q && !rvalid_q;
  assign s_axil_rvalid  = rvalid_q && !rst_i;
  assign s_axil_rdata   = rdata_q;
  assign s_axil_rresp   = rresp_q;

  logic [31:0] rd_data;
  logic [1:0]  rd_resp;
  assign {ctr_cu_o, ctr_idx_o} = ctr_select(ar_addr_q[15:3]);
  always_comb begin
    rd_data = 32'd0;
    rd_resp = OKAY;
    if (ar_addr_q[15] == 1'b1) begin
      rd_resp = SLVERR;                       // the instruction memory is write-only
    end else if (ctr_exists(ar_addr_q[15:3])) begin
      rd_data = ar_addr_q[2] ? ctr_value_i[63:32] : ctr_value_i[31:0];
    end else if (ar_addr_q[15:12] != 4'd0) begin
      rd_resp = DECERR;
    end else begin
      case ({20'd0, ar_addr_q[11:2], 2'b00})
        gpu_regs_pkg::REG_ID:              rd_data = gpu_regs_pkg::REG_ID_VALUE;
        gpu_regs_pkg::REG_CONFIG:          rd_data = {MAX_INSTS[15:0], 8'd0, L2Slices[3:0], NumCus[3:0]};
        gpu_regs_pkg::REG_CONTROL:         rd_data = 32'd0;
        gpu_regs_pkg::REG_STATUS:          rd_data = {28'd0, mem_error_i, fault_i, done_q, busy};
        gpu_regs_pkg::REG_IRQ_ENABLE:      rd_data = {31'd0, irq_en_q};
        gpu_regs_pkg::REG_NUM_GROUPS:      rd_data = {16'd0, num_groups_q};
        gpu_regs_pkg::REG_WAVES_PER_GROUP: rd_data = two_waves_q ? 32'd2 : 32'd1;
        gpu_regs_pkg::REG_LDS_BYTES:       rd_data = {15'd0, lds_bytes_q};
        gpu_regs_pkg::REG_NUM_INSTS:       rd_data = {19'd0, num_insts_q};
        gpu_regs_pkg::REG_ARGS_ADDR:       rd_data = args_q;
        gpu_regs_pkg::REG_MEM_BYTES:       rd_data = mem_bytes_q;
        gpu_regs_pkg::REG_NUM_CUS:         rd_data = {28'd0, num_cus_q};
        gpu_regs_pkg::REG_FAULT_CODE:      rd_data = {28'd0, fault_code_i};
        gpu_regs_pkg::REG_FAULT_CU:        rd_data = {29'd0, fault_cu_i};
        gpu_regs_pkg::REG_FAULT_SLOT:      rd_data = {31'd0, fault_slot_i};
        gpu_regs_pkg::REG_FAULT_WAVE:      rd_data = fault_wave_i;
        gpu_regs_pkg::REG_FAULT_GROUP:     rd_data = {16'd0, fault_group_i};
        gpu_regs_pkg::REG_FAULT_PC:        rd_data = {20'd0, fault_pc_i};
        gpu_regs_pkg::REG_FAULT_INST_LO:   rd_data = fault_inst_i[31:0];
        gpu_regs_pkg::REG_FAULT_INST_HI:   rd_data = fault_inst_i[63:32];
        gpu_regs_pkg::REG_FAULT_LANE:      rd_data = {26'd0, fault_lane_i};
        gpu_regs_pkg::REG_FAULT_ADDR:      rd_data = fault_addr_i;
        gpu_regs_pkg::REG_FAULT_REG:       rd_data = {25'd0, fault_reg_i};
        default:                           rd_resp = DECERR;
      endcase
    end
  end

  always_ff @(posedge clk_i) begin
    if (s_axil_arvalid && s_axil_arready) begin
      ar_full_q <= 1'b1;
      ar_addr_q <= s_axil_araddr[15:2];
    end
    if (ar_full_q) begin
      ar_full_q <= 1'b0;
      rvalid_q  <= 1'b1;
      rdata_q   <= rd_data;
      rresp_q   <= rd_resp;
    end
    if (rvalid_q && s_axil_rready) rvalid_q <= 1'b0;
    if (rst_i) begin
      ar_full_q <= 1'b0;
      rvalid_q  <= 1'b0;
    end
  end

  // The protection attributes and the byte offsets are accepted and ignored.
  logic [9:0] unused_prot_offset;
  assign unused_prot_offset = {s_axil_awprot, s_axil_arprot, s_axil_awaddr[1:0], s_axil_araddr[1:0]};

endmodule

`default_nettype wire
