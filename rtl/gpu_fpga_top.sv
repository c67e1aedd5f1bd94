// SPDX-License-Identifier: Apache-2.0
// gpu_fpga_top: gpu_top (Trace 0) in a pin wrapper for place and route on a
// real FPGA (make fpga): the GPU's 233 input bits come from a shift register
// fed by ser_i, one bit per cycle, and its 323 output bits are taken into a
// shift register when load_i is high and leave by ser_o, one bit per cycle
// otherwise. Five pins in all, and every port of the GPU stays driven and
// observed, so synthesis keeps all of its logic. The wrapper is for measuring
// area and clock speed; a board design connects gpu_top's AXI4-Lite slave and
// AXI4 master to its host and memory controller instead. Its parameters
// are gpu_top's size parameters, with the small configuration's values
// (scripts/small_config.txt) as defaults.
`default_nettype none

module gpu_fpga_top #(
  parameter int NumCus   = 1,
  parameter int Lanes    = 1,
  parameter int DivLanes = 1,
  parameter int LdsBanks = 2,
  parameter int GmemEntries = 2,
  parameter int L1Sets   = 32,
  parameter int L1Ways   = 2,
  parameter int L1Mshrs  = 2,
  parameter int L2Slices = 1,
  parameter int L2Sets   = 32,
  parameter int L2Ways   = 2,
  parameter int L2Mshrs  = 2,
  parameter int L2WbBufs = 2,
  parameter int L2Writes = 4
) (
  input  wire  clk_i,
  input  wire  rst_i,
  input  wire  ser_i,
  input  wire  load_i,
  output logic ser_o
);

  localparam int InW  = 79 + 154;       // AXI4-Lite slave inputs, AXI4 master inputs
  localparam int OutW = 41 + 2 + 280;   // AXI4-Lite slave outputs, irq and busy, AXI4 master outputs

  logic [InW-1:0]  in_q;
  logic [OutW-1:0] out_q;
  logic [OutW-1:0] outs;

  always_ff @(posedge clk_i) in_q <= {in_q[InW-2:0], ser_i};

  // (the trace outputs are for the lockstep checker: left open)
  /* verilator lint_off PINCONNECTEMPTY */
  gpu_top #(
    .NumCus   (NumCus),
    .Lanes    (Lanes),
    .DivLanes (DivLanes),
    .LdsBanks (LdsBanks),
    .GmemEntries (GmemEntries),
    .L1Sets   (L1Sets),
    .L1Ways   (L1Ways),
    .L1Mshrs  (L1Mshrs),
    .L2Slices (L2Slices),
    .L2Sets   (L2Sets),
    .L2Ways   (L2Ways),
    .L2Mshrs  (L2Mshrs),
    .L2WbBufs (L2WbBufs),
    .L2Writes (L2Writes),
    .Trace    (0)
  ) u_gpu (
    .clk_i            (clk_i),
    .rst_i            (rst_i),
    .s_axil_awaddr    (in_q[15:0]),
    .s_axil_awprot    (in_q[18:16]),
    .s_axil_awvalid   (in_q[19]),
    .s_axil_awready   (outs[0]),
    .s_axil_wdata     (in_q[51:20]),
    .s_axil_wstrb     (in_q[55:52]),
    .s_axil_wvalid    (in_q[56]),
    .s_axil_wready    (outs[1]),
    .s_axil_bresp     (outs[3:2]),
    .s_axil_bvalid    (outs[4]),
    .s_axil_bready    (in_q[57]),
    .s_axil_araddr    (in_q[73:58]),
    .s_axil_arprot    (in_q[76:74]),
    .s_axil_arvalid   (in_q[77]),
    .s_axil_arready   (outs[5]),
    .s_axil_rdata     (outs[37:6]),
    .s_axil_rresp     (outs[39:38]),
    .s_axil_rvalid    (outs[40]),
    .s_axil_rready    (in_q[78]),
    .irq_o            (outs[41]),
    .busy_o           (outs[42]),
    .m_axi_awid       (outs[50:43]),
    .m_axi_awaddr     (outs[82:51]),
    .m_axi_awlen      (outs[90:83]),
    .m_axi_awsize     (outs[93:91]),
    .m_axi_awburst    (outs[95:94]),
    .m_axi_awlock     (outs[96]),
    .m_axi_awcache    (outs[100:97]),
    .m_axi_awprot     (outs[103:101]),
    .m_axi_awqos      (outs[107:104]),
    .m_axi_awvalid    (outs[108]),
    .m_axi_awready    (in_q[79]),
    .m_axi_wdata      (outs[236:109]),
    .m_axi_wstrb      (outs[252:237]),
    .m_axi_wlast      (outs[253]),
    .m_axi_wvalid     (outs[254]),
    .m_axi_wready     (in_q[80]),
    .m_axi_bid        (in_q[88:81]),
    .m_axi_bresp      (in_q[90:89]),
    .m_axi_bvalid     (in_q[91]),
    .m_axi_bready     (outs[255]),
    .m_axi_arid       (outs[263:256]),
    .m_axi_araddr     (outs[295:264]),
    .m_axi_arlen      (outs[303:296]),
    .m_axi_arsize     (outs[306:304]),
    .m_axi_arburst    (outs[308:307]),
    .m_axi_arlock     (outs[309]),
    .m_axi_arcache    (outs[313:310]),
    .m_axi_arprot     (outs[316:314]),
    .m_axi_arqos      (outs[320:317]),
    .m_axi_arvalid    (outs[321]),
    .m_axi_arready    (in_q[92]),
    .m_axi_rid        (in_q[100:93]),
    .m_axi_rdata      (in_q[228:101]),
    .m_axi_rresp      (in_q[230:229]),
    .m_axi_rlast      (in_q[231]),
    .m_axi_rvalid     (in_q[232]),
    .m_axi_rready     (outs[322]),
    .tr_valid_o       (),
    .tr_kind_o        (),
    .tr_slot_o        (),
    .tr_pc_o          (),
    .tr_dest_o        (),
    .tr_dest_mask_o   (),
    .tr_dest_data_o   (),
    .tr_sig_o         (),
    .tr_mem_mask_o    (),
    .tr_mem_addr_o    (),
    .tr_mem_data_o    (),
    .tr_gm_entry_o    (),
    .tr_lds_valid_o   (),
    .tr_lds_slot_o    (),
    .tr_lds_dest_o    (),
    .tr_lds_mask_o    (),
    .tr_fault_cu_o    (),
    .tr_fault_slot_o  (),
    .tr_l1_a_valid_o  (),
    .tr_l1_a_hit_o    (),
    .tr_l1_a_alloc_o  (),
    .tr_l1_a_tag_o    (),
    .tr_l1_fill_o     (),
    .tr_l1_fill_tag_o (),
    .tr_l2_valid_o    (),
    .tr_l2_tag_o      (),
    .tr_disp_valid_o  (),
    .tr_disp_cu_o     (),
    .tr_disp_slot_o   (),
    .tr_disp_group_o  ()
  );
  /* verilator lint_on PINCONNECTEMPTY */

  always_ff @(posedge clk_i)
    if (load_i) out_q <= outs;
    else        out_q <= {1'b0, out_q[OutW-1:1]};
  assign ser_o = out_q[0];

endmodule

`default_nettype wire
