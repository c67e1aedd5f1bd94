// SPDX-License-Identifier: Apache-2.0
// formal_axil_regs: the formal harness of gpu_axil_regs, the AXI4-Lite
// slave (docs/formal.md; the rules of sim/axi_check.cpp for a Lite port).
// Assumed of the master: every VALID low in reset; AWVALID, WVALID and
// ARVALID, once high, stay high with a stable payload until their READY.
// BREADY, RREADY, addresses, data, strobes and the GPU's status inputs are
// free. Proved of the slave:
//   BVALID and RVALID low in reset; once high, held with a stable
//   response (BRESP; RDATA, RRESP) until BREADY / RREADY;
//   one response per request, none without one: a B only for a write whose
//   AW and W were both taken and not yet answered, an R only for a taken
//   AR not yet answered; one write and one read at a time (AWREADY exactly
//   when no AW is held or unanswered, the same for W and AR);
//   timing: B the cycle after the edge that has both AW and W, R two edges
//   after its AR (so every request is answered).
`default_nettype none

module formal_axil_regs (
  input wire         clk_i,
  input wire         rst_i,
  input wire  [15:0] awaddr,
  input wire  [2:0]  awprot,
  input wire         awvalid,
  input wire  [31:0] wdata,
  input wire  [3:0]  wstrb,
  input wire         wvalid,
  input wire         bready,
  input wire  [15:0] araddr,
  input wire  [2:0]  arprot,
  input wire         arvalid,
  input wire         rready,
  input wire  [63:0] ctr_value_i,
  input wire         busy_i,
  input wire         mem_error_i,
  input wire         fault_i,
  input wire  [3:0]  fault_code_i,
  input wire  [2:0]  fault_cu_i,
  input wire         fault_slot_i,
  input wire  [31:0] fault_wave_i,
  input wire  [15:0] fault_group_i,
  input wire  [11:0] fault_pc_i,
  input wire  [63:0] fault_inst_i,
  input wire  [5:0]  fault_lane_i,
  input wire  [31:0] fault_addr_i,
  input wire  [6:0]  fault_reg_i
);

  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (rst_i);

  logic        awready, wready, bvalid, arready, rvalid;
  logic [1:0]  bresp, rresp;
  logic [31:0] rdata;
  logic        irq, launch, two_waves, imem_we;
  logic [15:0] num_groups;
  logic [16:0] lds_bytes;
  logic [12:0] num_insts;
  logic [31:0] args_addr, mem_bytes;
  logic [3:0]  num_cus;
  logic [11:0] imem_addr;
  logic [63:0] imem_data;
  logic [2:0]  ctr_cu;
  logic [5:0]  ctr_idx;

  gpu_axil_regs u_dut (
    .clk_i               (clk_i),
    .rst_i               (rst_i),
    .s_axil_awaddr       (awaddr),
    .s_axil_awprot       (awprot),
    .s_axil_awvalid      (awvalid),
    .s_axil_awready      (awready),
    .s_axil_wdata        (wdata),
    .s_axil_wstrb        (wstrb),
    .s_axil_wvalid       (wvalid),
    .s_axil_wready       (wready),
    .s_axil_bresp        (bresp),
    .s_axil_bvalid       (bvalid),
    .s_axil_bready       (bready),
    .s_axil_araddr       (araddr),
    .s_axil_arprot       (arprot),
    .s_axil_arvalid      (arvalid),
    .s_axil_arready      (arready),
    .s_axil_rdata        (rdata),
    .s_axil_rresp        (rresp),
    .s_axil_rvalid       (rvalid),
    .s_axil_rready       (rready),
    .irq_o               (irq),
    .launch_o            (launch),
    .launch_num_groups_o (num_groups),
    .launch_two_waves_o  (two_waves),
    .launch_lds_bytes_o  (lds_bytes),
    .launch_num_insts_o  (num_insts),
    .launch_args_addr_o  (args_addr),
    .cfg_mem_bytes_o     (mem_bytes),
    .cfg_num_cus_o       (num_cus),
    .imem_we_o           (imem_we),
    .imem_addr_o         (imem_addr),
    .imem_data_o         (imem_data),
    .ctr_cu_o            (ctr_cu),
    .ctr_idx_o           (ctr_idx),
    .ctr_value_i         (ctr_value_i),
    .busy_i              (busy_i),
    .mem_error_i         (mem_error_i),
    .fault_i             (fault_i),
    .fault_code_i        (fault_code_i),
    .fault_cu_i          (fault_cu_i),
    .fault_slot_i        (fault_slot_i),
    .fault_wave_i        (fault_wave_i),
    .fault_group_i       (fault_group_i),
    .fault_pc_i          (fault_pc_i),
    .fault_inst_i        (fault_inst_i),
    .fault_lane_i        (fault_lane_i),
    .fault_addr_i        (fault_addr_i),
    .fault_reg_i         (fault_reg_i)
  );

  wire aw_hs = awvalid && awready;
  wire w_hs  = wvalid && wready;
  wire b_hs  = bvalid && bready;
  wire ar_hs = arvalid && arready;
  wire r_hs  = rvalid && rready;

  // ---------------------------------------------------------------- the master (assumed)
  logic        aw_wait_q, w_wait_q, ar_wait_q;
  logic [18:0] aw_q;
  logic [35:0] w_q;
  logic [18:0] ar_q;
  always @* begin
    if (rst_i || !f_past_valid)
      as_reset: assume (!awvalid && !wvalid && !arvalid);
    else begin
      if (aw_wait_q) as_aw: assume (awvalid && {awaddr, awprot} == aw_q);
      if (w_wait_q)  as_w:  assume (wvalid && {wdata, wstrb} == w_q);
      if (ar_wait_q) as_ar: assume (arvalid && {araddr, arprot} == ar_q);
    end
  end

  // ---------------------------------------------------------------- the slave (proved)
  // Handshakes so far (mod 4): taken AWs, Ws and ARs, and B and R responses.
  logic [1:0]  n_aw_q, n_w_q, n_b_q, n_ar_q, n_r_q;
  logic        b_wait_q, r_wait_q;
  logic [1:0]  b_q;
  logic [33:0] r_q;
  logic        ar_old_q;   // the unanswered AR was taken before the last edge
  always @(posedge clk_i) begin
    aw_wait_q <= awvalid && !awready;
    w_wait_q  <= wvalid && !wready;
    ar_wait_q <= arvalid && !arready;
    aw_q      <= {awaddr, awprot};
    w_q       <= {wdata, wstrb};
    ar_q      <= {araddr, arprot};
    b_wait_q  <= bvalid && !bready;
    r_wait_q  <= rvalid && !rready;
    b_q       <= bresp;
    r_q       <= {rdata, rresp};
    n_aw_q    <= n_aw_q + {1'b0, aw_hs};
    n_w_q     <= n_w_q + {1'b0, w_hs};
    n_b_q     <= n_b_q + {1'b0, b_hs};
    n_ar_q    <= n_ar_q + {1'b0, ar_hs};
    n_r_q     <= n_r_q + {1'b0, r_hs};
    ar_old_q  <= n_ar_q != n_r_q && !r_hs;
    if (rst_i) begin
      aw_wait_q <= 1'b0;
      w_wait_q  <= 1'b0;
      ar_wait_q <= 1'b0;
      b_wait_q  <= 1'b0;
      r_wait_q  <= 1'b0;
      n_aw_q    <= '0;
      n_w_q     <= '0;
      n_b_q     <= '0;
      n_ar_q    <= '0;
      n_r_q     <= '0;
      ar_old_q  <= 1'b0;
    end
  end

  wire [1:0] aw_open = n_aw_q - n_b_q;   // AWs taken and not answered
  wire [1:0] w_open  = n_w_q - n_b_q;
  wire [1:0] ar_open = n_ar_q - n_r_q;

  // The slave's holding registers (hierconn: connected to u_dut's when the
  // design is flattened), for the invariants that make the induction close.
  (* hierconn *) wire \u_dut.aw_full_q ;
  (* hierconn *) wire \u_dut.w_full_q ;
  (* hierconn *) wire \u_dut.ar_full_q ;
  wire dut_aw_full_q = \u_dut.aw_full_q ;
  wire dut_w_full_q  = \u_dut.w_full_q ;
  wire dut_ar_full_q = \u_dut.ar_full_q ;

  always @* begin
    if (rst_i)
      a_reset: assert (!bvalid && !rvalid);
    else if (f_past_valid) begin
      // VALID held with a stable payload until READY
      if (b_wait_q) a_b_stable: assert (bvalid && bresp == b_q);
      if (r_wait_q) a_r_stable: assert (rvalid && {rdata, rresp} == r_q);
      // one request at a time, one response per request, none without one
      a_open:       assert (aw_open <= 2'd1 && w_open <= 2'd1 && ar_open <= 2'd1);
      a_awready:    assert (awready == (aw_open == 2'd0));
      a_wready:     assert (wready == (w_open == 2'd0));
      a_arready:    assert (arready == (ar_open == 2'd0));
      // B exactly when a write has both its AW and W (the cycle after the
      // edge that took the second); R two edges after its AR
      a_b:          assert (bvalid == (aw_open == 2'd1 && w_open == 2'd1));
      a_r:          assert (rvalid == (ar_open == 2'd1 && ar_old_q));
      // (invariants: an AW or W held waiting for the other; an AR being answered)
`ifndef FORMAL_NO_INV
      a_inv_full:   assert (dut_aw_full_q == (aw_open == 2'd1 && w_open == 2'd0) &&
                            dut_w_full_q == (w_open == 2'd1 && aw_open == 2'd0) &&
                            dut_ar_full_q == (ar_open == 2'd1 && !ar_old_q));
`endif
    end
  end

endmodule

`default_nettype wire
