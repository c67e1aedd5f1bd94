// SPDX-License-Identifier: Apache-2.0
// gpu_axi_master: the L2 slices' line reads and writes on one AXI4 master
// port (128-bit data): each line is an INCR burst of 4 beats of 16 bytes,
// ID {slice, MSHR or write slot}. Reads and writes each take one
// slice at a time, round robin, into a register that drives AR (or AW and
// W), so the AXI payload holds until its handshake. R and B go back to the
// slice named by the ID. err_o: a response other than OKAY was seen (sticky
// until reset or clear_i); err_event_o pulses the cycle after each such
// beat or response, with err_write_o and err_line_o naming the burst (its
// line address, kept by ID while the burst is in flight).
`default_nettype none

module gpu_axi_master #(
  parameter int Slices = 4,
  parameter int MshrW  = 3,    // bits of a slice's MSHR index (<= 5)
  parameter int WbW    = 4     // bits of a slice's write slot index (<= 5)
) (
  input  wire                     clk_i,
  input  wire                     rst_i,
  // line reads from the slices, and their beats back
  input  wire  [Slices-1:0]       mr_valid_i,
  output logic [Slices-1:0]       mr_ready_o,
  input  wire  [Slices*26-1:0]    mr_line_i,
  input  wire  [Slices*MshrW-1:0] mr_id_i,
  output logic [Slices-1:0]       mf_valid_o,
  input  wire  [Slices-1:0]       mf_ready_i,
  output logic [MshrW-1:0]        mf_id_o,
  output logic [127:0]            mf_data_o,
  // line writes from the slices, and their acknowledgements
  input  wire  [Slices-1:0]       mw_valid_i,
  output logic [Slices-1:0]       mw_ready_o,
  input  wire  [Slices*26-1:0]    mw_line_i,
  input  wire  [Slices*16-1:0]    mw_words_i,
  input  wire  [Slices*512-1:0]   mw_data_i,
  input  wire  [Slices*WbW-1:0]   mw_id_i,
  output logic [Slices-1:0]       mb_valid_o,
  output logic [WbW-1:0]          mb_id_o,
  input  wire                     clear_i,     // a task starts: err_o clears
  output logic                    err_o,
  output logic                    err_event_o,
  output logic                    err_write_o,
  output logic [25:0]             err_line_o,
  // AXI4 master
  output logic [7:0]              m_axi_awid,
  output logic [31:0]             m_axi_awaddr,
  output logic [7:0]              m_axi_awlen,
  output logic [2:0]              m_axi_awsize,
  output logic [1:0]              m_axi_awburst,
  output logic                    m_axi_awlock,
  output logic [3:0]              m_axi_awcache,
  output logic [2:0]              m_axi_awprot,
  output logic [3:0]              m_axi_awqos,
  output logic                    m_axi_awvalid,
  input  wire                     m_axi_awready,
  output logic [127:0]            m_axi_wdata,
  output logic [15:0]             m_axi_wstrb,
  output logic                    m_axi_wlast,
  output logic                    m_axi_wvalid,
  input  wire                     m_axi_wready,
  input  wire  [7:0]              m_axi_bid,
  input  wire  [1:0]              m_axi_bresp,
  input  wire                     m_axi_bvalid,
  output logic                    m_axi_bready,
  output logic [7:0]              m_axi_arid,
  output logic [31:0]             m_axi_araddr,
  output logic [7:0]              m_axi_arlen,
  output logic [2:0]              m_axi_arsize,
  output logic [1:0]              m_axi_arburst,
  output logic                    m_axi_arlock,
  output logic [3:0]              m_axi_arcache,
  output logic [2:0]              m_axi_arprot,
  output logic [3:0]              m_axi_arqos,
  output logic                    m_axi_arvalid,
  input  wire                     m_axi_arready,
  input  wire  [7:0]              m_axi_rid,
  input  wire  [127:0]            m_axi_rdata,
  input  wire  [1:0]              m_axi_rresp,
  input  wire                     m_axi_rlast,
  input  wire                     m_axi_rvalid,
  output logic                    m_axi_rready
);

  localparam int SlW       = Slices > 1 ? $clog2(Slices) : 1;
  localparam int LastSlice = Slices - 1;

  // Fixed burst shape: 4 beats of 16 bytes, incrementing; normal non-cacheable bufferable memory.
  assign m_axi_awlen   = 8'd3;
  assign m_axi_awsize  = 3'd4;
  assign m_axi_awburst = 2'd1;
  assign m_axi_awlock  = 1'b0;
  assign m_axi_awcache = 4'b0011;
  assign m_axi_awprot  = 3'b000;
  assign m_axi_awqos   = 4'd0;
  assign m_axi_arlen   = 8'd3;
  assign m_axi_arsize  = 3'd4;
  assign m_axi_arburst = 2'd1;
  assign m_axi_arlock  = 1'b0;
  assign m_axi_arcache = 4'b0011;
  assign m_axi_arprot  = 3'b000;
  assign m_axi_arqos   = 4'd0;

  // Round robin: the first requester after `last`.
  function automatic logic [SlW:0] pick(input logic [Slices-1:0] req, input logic [SlW-1:0] last);
    logic [SlW:0] s;
    pick = '0;   // [SlW] = found
    for (int i = Slices; i >= 1; i--) begin
      s = {1'b0, last} + i[SlW:0];
      if ({{(31 - SlW){1'b0}}, s} >= Slices) s = s - Slices[SlW:0];
      if (req[s[SlW-1:0]]) pick = {1'b1, s[SlW-1:0]};
    end
  endfunction

  // ---------------------------------------------------------------- reads: AR
  logic            ar_valid_q;
  logic [7:0]      ar_id_q;
  logic [31:0]     ar_addr_q;
  logic [SlW-1:0]  ar_last_q;
  wire             ar_free = !ar_valid_q || m_axi_arready;
  wire [SlW:0]     ar_pick = pick(mr_valid_i, ar_last_q);
  wire [SlW-1:0]   ar_s    = ar_pick[SlW-1:0];
  wire             ar_take = ar_free && ar_pick[SlW];

  always_comb begin
    mr_ready_o = '0;
    if (ar_take) mr_ready_o[ar_s] = 1'b1;
  end
  // (every VALID low during reset, as AXI asks, also before the first reset edge)
  assign m_axi_arvalid = ar_valid_q && !rst_i;
  assign m_axi_arid    = ar_id_q;
  assign m_axi_araddr  = ar_addr_q;

  always_ff @(posedge clk_i) begin
    if (ar_valid_q && m_axi_arready) ar_valid_q <= 1'b0;
    if (ar_take) begin
      ar_valid_q <= 1'b1;
      ar_id_q    <= {{(3 - SlW){1'b0}}, ar_s, {(5 - MshrW){1'b0}}, mr_id_i[ar_s*MshrW +: MshrW]};
      ar_addr_q  <= {mr_line_i[ar_s*26 +: 26], 6'd0};
      ar_last_q  <= ar_s;
    end
    if (rst_i) begin
      ar_valid_q <= 1'b0;
      ar_last_q  <= LastSlice[SlW-1:0];
    end
  end

  // ---------------------------------------------------------------- reads: R
  wire [SlW-1:0] r_s = m_axi_rid[5 +: SlW];
  wire           r_ok = {{(32 - SlW){1'b0}}, r_s} < Slices;
  always_comb begin
    mf_valid_o = '0;
    if (m_axi_rvalid && r_ok) mf_valid_o[r_s] = 1'b1;
  end
  assign mf_id_o      = m_axi_rid[MshrW-1:0];
  assign mf_data_o    = m_axi_rdata;
  assign m_axi_rready = r_ok ? mf_ready_i[r_s] : 1'b1;

  // ---------------------------------------------------------------- writes: AW and W
  logic            w_busy_q, aw_done_q;
  logic [1:0]      w_beat_q;
  logic [7:0]      w_id_q;
  logic [25:0]     w_line_q;
  logic [15:0]     w_words_q;
  logic [511:0]    w_data_q;
  logic [SlW-1:0]  w_last_q;
  logic            w_done_beats_q;   // all four beats sent (waiting for AW only)
  wire             aw_fire  = m_axi_awvalid && m_axi_awready;
  wire             w_fire   = m_axi_wvalid && m_axi_wready;
  wire             w_end    = w_busy_q && (aw_done_q || aw_fire) && (w_done_beats_q || (w_beat_q == 2'd3 && w_fire));
  wire             w_free   = !w_busy_q || w_end;
  wire [SlW:0]     w_pick   = pick(mw_valid_i, w_last_q);
  wire [SlW-1:0]   w_s      = w_pick[SlW-1:0];
  wire             w_take   = w_free && w_pick[SlW];

  always_comb begin
    mw_ready_o = '0;
    if (w_take) mw_ready_o[w_s] = 1'b1;
  end
  assign m_axi_awvalid = w_busy_q && !aw_done_q && !rst_i;
  assign m_axi_awid    = w_id_q;
  assign m_axi_awaddr  = {w_line_q, 6'd0};
  assign m_axi_wvalid  = w_busy_q && !(w_beat_q == 2'd3 && w_done_beats_q) && !rst_i;
  assign m_axi_wdata   = w_data_q[w_beat_q*128 +: 128];
  assign m_axi_wlast   = w_beat_q == 2'd3;
  always_comb
    for (int w = 0; w < 4; w++)
      m_axi_wstrb[w*4 +: 4] = {4{w_words_q[{w_beat_q, w[1:0]}]}};

  always_ff @(posedge clk_i) begin
    if (aw_fire) aw_done_q <= 1'b1;
    if (w_fire) begin
      if (w_beat_q == 2'd3) w_done_beats_q <= 1'b1;
      else w_beat_q <= w_beat_q + 2'd1;
    end
    if (w_end) w_busy_q <= 1'b0;
    if (w_take) begin
      w_busy_q       <= 1'b1;
      aw_done_q      <= 1'b0;
      w_done_beats_q <= 1'b0;
      w_beat_q       <= 2'd0;
      w_id_q         <= {{(3 - SlW){1'b0}}, w_s, {(5 - WbW){1'b0}}, mw_id_i[w_s*WbW +: WbW]};
      w_line_q       <= mw_line_i[w_s*26 +: 26];
      w_words_q      <= mw_words_i[w_s*16 +: 16];
      w_data_q       <= mw_data_i[w_s*512 +: 512];
      w_last_q       <= w_s;
    end
    if (rst_i) begin
      w_busy_q <= 1'b0;
      w_last_q <= LastSlice[SlW-1:0];
    end
  end

  // ---------------------------------------------------------------- writes: B
  wire [SlW-1:0] b_s  = m_axi_bid[5 +: SlW];
  wire           b_ok = {{(32 - SlW){1'b0}}, b_s} < Slices;
  always_comb begin
    mb_valid_o = '0;
    if (m_axi_bvalid && b_ok) mb_valid_o[b_s] = 1'b1;
  end
  assign mb_id_o      = m_axi_bid[WbW-1:0];
  assign m_axi_bready = 1'b1;

  // ---------------------------------------------------------------- errors
  // The line of every burst by its ID ({slice, MSHR} or {slice, write slot}),
  // written when the burst is taken from its slice and read at its response:
  // distributed RAM, one write and one read port each.
  localparam int RdIdW = SlW + MshrW;
  localparam int WrIdW = SlW + WbW;
  logic [25:0] rd_line_mem [1 << RdIdW];
  logic [25:0] wr_line_mem [1 << WrIdW];
  always_ff @(posedge clk_i) begin
    if (ar_take) rd_line_mem[{ar_s, mr_id_i[ar_s*MshrW +: MshrW]}] <= mr_line_i[ar_s*26 +: 26];
    if (w_take)  wr_line_mem[{w_s, mw_id_i[w_s*WbW +: WbW]}] <= mw_line_i[w_s*26 +: 26];
  end

  wire r_err = m_axi_rvalid && m_axi_rready && (m_axi_rresp != 2'd0 || !r_ok);
  wire b_err = m_axi_bvalid && (m_axi_bresp != 2'd0 || !b_ok);
  always_ff @(posedge clk_i) begin
    err_event_o <= r_err || b_err;
    if (r_err || b_err) begin
      err_o       <= 1'b1;
      err_write_o <= !r_err;        // (a read's error first when both come in one cycle)
      err_line_o  <= r_err ? rd_line_mem[{r_s, m_axi_rid[MshrW-1:0]}] : wr_line_mem[{b_s, m_axi_bid[WbW-1:0]}];
    end
    if (clear_i) err_o <= 1'b0;
    if (rst_i) begin
      err_o       <= 1'b0;
      err_event_o <= 1'b0;
    end
  end

  wire unused_axi = ^{m_axi_rlast, m_axi_rid, m_axi_bid};   // beats are counted by the slice

endmodule

`default_nettype wire
