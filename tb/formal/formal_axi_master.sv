// SPDX-License-Identifier: Apache-2.0
// formal_axi_master: the formal harness of gpu_axi_master, the AXI4 master
// port of the L2 slices (docs/formal.md; the rules of sim/axi_check.cpp).
// Assumed of the slices: a line read or write request holds with its
// payload until taken, and a slice does not reuse an MSHR (write slot) id
// whose read (write) is still open. Assumed of the AXI slave: every VALID
// low in reset; R held with a stable payload until RREADY; an R beat only
// for an AR taken at an earlier edge and not finished, RLAST on its 4th
// beat; a B only for a write whose AW and WLAST were taken at earlier
// edges and that has no B yet. READYs, data and responses are free.
// Proved of the master:
//   AR, AW and W: VALID low in reset, and once high held with a stable
//   payload until READY;
//   bursts as documented: INCR, 4 beats of 16 bytes (len 3, size 4), the
//   address the line's (64-byte aligned: no 4 KiB crossing), ID {slice,
//   MSHR or write slot} (slice in [7:5], the index in the low bits, 0 between);
//   one AR per read request and none without one: the AR presents exactly
//   the requests taken and not yet sent, with their line and id; the same
//   for AW, and its W burst: exactly 4 beats, WLAST on the 4th, the beats
//   the request's data in order with WSTRB its words' bytes, W bursts in
//   AW order (one write at a time);
//   a slice's request is taken only when valid, one at a time;
//   R and B go back to the slice named in the ID, with its index, data, and
//   RREADY that slice's; BREADY always high; err_o says whether an error
//   response was seen since the reset or clear_i, err_event_o pulses the
//   cycle after each, err_write_o says whether it was a B. (err_line_o, the
//   burst's line from a RAM by ID, is not proved: no k-induction closes over
//   that RAM's contents.)
`default_nettype none

module formal_axi_master #(
  parameter int Slices = 4,
  parameter int MshrW  = 3,
  parameter int WbW    = 4
) (
  input wire                     clk_i,
  input wire                     rst_i,
  input wire  [Slices-1:0]       mr_valid_i,
  input wire  [Slices*26-1:0]    mr_line_i,
  input wire  [Slices*MshrW-1:0] mr_id_i,
  input wire  [Slices-1:0]       mf_ready_i,
  input wire  [Slices-1:0]       mw_valid_i,
  input wire  [Slices*26-1:0]    mw_line_i,
  input wire  [Slices*16-1:0]    mw_words_i,
  input wire  [Slices*512-1:0]   mw_data_i,
  input wire  [Slices*WbW-1:0]   mw_id_i,
  input wire                     clear_i,
  input wire                     awready,
  input wire                     wready,
  input wire  [7:0]              bid,
  input wire  [1:0]              bresp,
  input wire                     bvalid,
  input wire                     arready,
  input wire  [7:0]              rid,
  input wire  [127:0]            rdata,
  input wire  [1:0]              rresp,
  input wire                     rlast,
  input wire                     rvalid
);

  localparam int SlW  = Slices > 1 ? $clog2(Slices) : 1;
  localparam int RIds = Slices << MshrW;   // read ids {slice, MSHR}
  localparam int WIds = Slices << WbW;     // write ids {slice, slot}
  localparam int RIdW = SlW + MshrW;
  localparam int WIdW = SlW + WbW;

  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (rst_i);

  logic [Slices-1:0] mr_ready, mf_valid, mw_ready, mb_valid;
  logic [MshrW-1:0]  mf_id;
  logic [127:0]      mf_data;
  logic [WbW-1:0]    mb_id;
  logic              err, err_event, err_write;
  logic [25:0]       err_line;
  logic [7:0]        awid, awlen, arid, arlen;
  logic [31:0]       awaddr, araddr;
  logic [2:0]        awsize, awprot, arsize, arprot;
  logic [1:0]        awburst, arburst;
  logic              awlock, awvalid, wlast, wvalid, bready, arlock, arvalid, rready;
  logic [3:0]        awcache, awqos, arcache, arqos;
  logic [127:0]      wdata;
  logic [15:0]       wstrb;

  gpu_axi_master #(
    .Slices (Slices),
    .MshrW  (MshrW),
    .WbW    (WbW)
  ) u_dut (
    .clk_i         (clk_i),
    .rst_i         (rst_i),
    .mr_valid_i    (mr_valid_i),
    .mr_ready_o    (mr_ready),
    .mr_line_i     (mr_line_i),
    .mr_id_i       (mr_id_i),
    .mf_valid_o    (mf_valid),
    .mf_ready_i    (mf_ready_i),
    .mf_id_o       (mf_id),
    .mf_data_o     (mf_data),
    .mw_valid_i    (mw_valid_i),
    .mw_ready_o    (mw_ready),
    .mw_line_i     (mw_line_i),
    .mw_words_i    (mw_words_i),
    .mw_data_i     (mw_data_i),
    .mw_id_i       (mw_id_i),
    .mb_valid_o    (mb_valid),
    .mb_id_o       (mb_id),
    .clear_i       (clear_i),
    .err_o         (err),
    .err_event_o   (err_event),
    .err_write_o   (err_write),
    .err_line_o    (err_line),
    .m_axi_awid    (awid),
    .m_axi_awaddr  (awaddr),
    .m_axi_awlen   (awlen),
    .m_axi_awsize  (awsize),
    .m_axi_awburst (awburst),
    .m_axi_awlock  (awlock),
    .m_axi_awcache (awcache),
    .m_axi_awprot  (awprot),
    .m_axi_awqos   (awqos),
    .m_axi_awvalid (awvalid),
    .m_axi_awready (awready),
    .m_axi_wdata   (wdata),
    .m_axi_wstrb   (wstrb),
    .m_axi_wlast   (wlast),
    .m_axi_wvalid  (wvalid),
    .m_axi_wready  (wready),
    .m_axi_bid     (bid),
    .m_axi_bresp   (bresp),
    .m_axi_bvalid  (bvalid),
    .m_axi_bready  (bready),
    .m_axi_arid    (arid),
    .m_axi_araddr  (araddr),
    .m_axi_arlen   (arlen),
    .m_axi_arsize  (arsize),
    .m_axi_arburst (arburst),
    .m_axi_arlock  (arlock),
    .m_axi_arcache (arcache),
    .m_axi_arprot  (arprot),
    .m_axi_arqos   (arqos),
    .m_axi_arvalid (arvalid),
    .m_axi_arready (arready),
    .m_axi_rid     (rid),
    .m_axi_rdata   (rdata),
    .m_axi_rresp   (rresp),
    .m_axi_rlast   (rlast),
    .m_axi_rvalid  (rvalid),
    .m_axi_rready  (rready)
  );

  wire ar_hs = arvalid && arready;
  wire aw_hs = awvalid && awready;
  wire w_hs  = wvalid && wready;
  wire r_hs  = rvalid && rready;
  wire b_hs  = bvalid && bready;

  // An AXI id of the documented form, and its index {slice, MSHR or slot}.
  function automatic logic rid_ok(input logic [7:0] id);
    rid_ok = 32'(id[7:5]) < Slices && (MshrW == 5 || id[4:MshrW] == '0);
  endfunction
  function automatic logic wid_ok(input logic [7:0] id);
    wid_ok = 32'(id[7:5]) < Slices && (WbW == 5 || id[4:WbW] == '0);
  endfunction
  function automatic logic [RIdW-1:0] ridx(input logic [7:0] id);
    ridx = {id[5 +: SlW], id[MshrW-1:0]};
  endfunction
  function automatic logic [WIdW-1:0] widx(input logic [7:0] id);
    widx = {id[5 +: SlW], id[WbW-1:0]};
  endfunction

  // ---------------------------------------------------------------- bookkeeping
  // Reads: per id, taken from its slice and not yet on AR (rd_taken), on AR
  // and not finished (rd_open, with the beats taken), and the line taken.
  logic [RIds-1:0]    rd_taken_q, rd_open_q;
  logic [RIds*2-1:0]  rd_beat_q;
  logic [RIds*26-1:0] rd_line_q;
  // Writes: the one being sent (taken, AW and beats so far), per id waiting
  // for its B (wr_open), and the ids taken and not answered (wr_busy).
  logic               cw_q, cw_aw_q;
  logic [2:0]         cw_beats_q;
  logic [7:0]         cw_id_q;
  logic [25:0]        cw_line_q;
  logic [15:0]        cw_words_q;
  logic [511:0]       cw_data_q;
  logic [WIds-1:0]    wr_open_q, wr_busy_q;
  logic               err_q, ev_q, ev_write_q;
  // Waiting VALIDs and their payloads.
  logic               ar_wait_q, aw_wait_q, w_wait_q, r_wait_q;
  logic [7:0]         ar_id_q, aw_id_q;
  logic [31:0]        ar_addr_q, aw_addr_q;
  logic [144:0]       w_q;
  logic [138:0]       r_q;
  logic [Slices-1:0]  mr_wait_q, mw_wait_q;
  logic [Slices*(26+MshrW)-1:0]       mr_q;
  logic [Slices*(26+16+512+WbW)-1:0]  mw_q;

  // The slices' take this cycle.
  logic [SlW-1:0] mr_s, mw_s;
  always_comb begin
    mr_s = '0;
    mw_s = '0;
    for (int s = 0; s < Slices; s++) begin
      if (mr_ready[s]) mr_s = SlW'(s);
      if (mw_ready[s]) mw_s = SlW'(s);
    end
  end
  wire             mr_take = mr_ready != '0;
  wire             mw_take = mw_ready != '0;
  wire [RIdW-1:0]  mr_idx  = {mr_s, mr_id_i[32'(mr_s) * MshrW +: MshrW]};
  wire [WIdW-1:0]  mw_idx  = {mw_s, mw_id_i[32'(mw_s) * WbW +: WbW]};
  wire [7:0]       mw_axid = {3'(mw_s), 5'(mw_id_i[32'(mw_s) * WbW +: WbW])};
  wire [RIdW-1:0]  r_idx   = ridx(rid);
  wire [1:0]       r_beat  = rd_beat_q[32'(r_idx) * 2 +: 2];
  wire             cw_end  = cw_q && (cw_aw_q || aw_hs) && (cw_beats_q == 3'd4 || (cw_beats_q == 3'd3 && w_hs));

  always @(posedge clk_i) begin
    // reads
    if (mr_take) begin
      rd_taken_q[mr_idx] <= 1'b1;
      rd_line_q[32'(mr_idx) * 26 +: 26] <= mr_line_i[32'(mr_s) * 26 +: 26];
    end
    if (ar_hs) begin
      rd_taken_q[ridx(arid)] <= 1'b0;
      rd_open_q[ridx(arid)]  <= 1'b1;
      rd_beat_q[32'(ridx(arid)) * 2 +: 2] <= 2'd0;
    end
    if (r_hs) begin
      rd_beat_q[32'(r_idx) * 2 +: 2] <= r_beat + 2'd1;
      if (r_beat == 2'd3) rd_open_q[r_idx] <= 1'b0;
    end
    // writes
    if (aw_hs) cw_aw_q <= 1'b1;
    if (w_hs)  cw_beats_q <= cw_beats_q + 3'd1;
    if (cw_end) begin
      cw_q <= 1'b0;
      wr_open_q[widx(cw_id_q)] <= 1'b1;
    end
    if (mw_take) begin
      cw_q       <= 1'b1;
      cw_aw_q    <= 1'b0;
      cw_beats_q <= 3'd0;
      cw_id_q    <= mw_axid;
      cw_line_q  <= mw_line_i[32'(mw_s) * 26 +: 26];
      cw_words_q <= mw_words_i[32'(mw_s) * 16 +: 16];
      cw_data_q  <= mw_data_i[32'(mw_s) * 512 +: 512];
      wr_busy_q[mw_idx] <= 1'b1;
    end
    if (b_hs && wid_ok(bid)) begin
      wr_open_q[widx(bid)] <= 1'b0;
      wr_busy_q[widx(bid)] <= 1'b0;
    end
    ev_q <= (r_hs && rresp != 2'd0) || (b_hs && bresp != 2'd0);
    if ((r_hs && rresp != 2'd0) || (b_hs && bresp != 2'd0)) begin
      err_q      <= 1'b1;
      ev_write_q <= !(r_hs && rresp != 2'd0);
    end
    if (clear_i) err_q <= 1'b0;
    // waiting VALIDs
    ar_wait_q <= arvalid && !arready;
    aw_wait_q <= awvalid && !awready;
    w_wait_q  <= wvalid && !wready;
    r_wait_q  <= rvalid && !rready;
    ar_id_q   <= arid;
    ar_addr_q <= araddr;
    aw_id_q   <= awid;
    aw_addr_q <= awaddr;
    w_q       <= {wdata, wstrb, wlast};
    r_q       <= {rid, rdata, rresp, rlast};
    mr_wait_q <= mr_valid_i & ~mr_ready;
    mw_wait_q <= mw_valid_i & ~mw_ready;
    mr_q      <= {mr_line_i, mr_id_i};
    mw_q      <= {mw_line_i, mw_words_i, mw_data_i, mw_id_i};
    if (rst_i) begin
      rd_taken_q <= '0;
      rd_open_q  <= '0;
      cw_q       <= 1'b0;
      wr_open_q  <= '0;
      wr_busy_q  <= '0;
      err_q      <= 1'b0;
      ev_q       <= 1'b0;
      ar_wait_q  <= 1'b0;
      aw_wait_q  <= 1'b0;
      w_wait_q   <= 1'b0;
      r_wait_q   <= 1'b0;
      mr_wait_q  <= '0;
      mw_wait_q  <= '0;
    end
  end

  // ---------------------------------------------------------------- the environment (assumed)
  logic [Slices-1:0] mr_reuse, mw_reuse;
  always_comb
    for (int s = 0; s < Slices; s++) begin
      mr_reuse[s] = rd_taken_q[{SlW'(s), mr_id_i[s*MshrW +: MshrW]}] || rd_open_q[{SlW'(s), mr_id_i[s*MshrW +: MshrW]}];
      mw_reuse[s] = wr_busy_q[{SlW'(s), mw_id_i[s*WbW +: WbW]}];
    end
  // Per slice: a waiting request's id is not open (for the invariants).
  logic [Slices-1:0] wait_fresh;
  always_comb
    for (int s = 0; s < Slices; s++)
      wait_fresh[s] = !(mr_wait_q[s] && (rd_taken_q[{SlW'(s), mr_q[s*MshrW +: MshrW]}] ||
                                         rd_open_q[{SlW'(s), mr_q[s*MshrW +: MshrW]}])) &&
                      !(mw_wait_q[s] && wr_busy_q[{SlW'(s), mw_q[s*WbW +: WbW]}]);
  // Per slice: a waiting request holds; a new one does not reuse an open id.
  logic [Slices-1:0] slice_ok;
  always_comb
    for (int s = 0; s < Slices; s++) begin
      slice_ok[s] = 1'b1;
      if (mr_wait_q[s] && !(mr_valid_i[s] && mr_line_i[s*26 +: 26] == mr_q[(Slices*MshrW) + s*26 +: 26] &&
                            mr_id_i[s*MshrW +: MshrW] == mr_q[s*MshrW +: MshrW]))
        slice_ok[s] = 1'b0;
      if (mw_wait_q[s] && !(mw_valid_i[s] &&
                            mw_line_i[s*26 +: 26] == mw_q[Slices*(16+512+WbW) + s*26 +: 26] &&
                            mw_words_i[s*16 +: 16] == mw_q[Slices*(512+WbW) + s*16 +: 16] &&
                            mw_data_i[s*512 +: 512] == mw_q[Slices*WbW + s*512 +: 512] &&
                            mw_id_i[s*WbW +: WbW] == mw_q[s*WbW +: WbW]))
        slice_ok[s] = 1'b0;
      if (mr_valid_i[s] && !mr_wait_q[s] && mr_reuse[s]) slice_ok[s] = 1'b0;
      if (mw_valid_i[s] && !mw_wait_q[s] && mw_reuse[s]) slice_ok[s] = 1'b0;
    end
  always @* begin
    if (rst_i || !f_past_valid)
      as_reset: assume (!rvalid && !bvalid);
    else begin
      as_slices: assume (slice_ok == '1);
      if (r_wait_q) as_r_hold: assume (rvalid && {rid, rdata, rresp, rlast} == r_q);
      if (rvalid)   as_r:      assume (rid_ok(rid) && rd_open_q[r_idx] && rlast == (r_beat == 2'd3));
      if (bvalid)   as_b:      assume (wid_ok(bid) && wr_open_q[widx(bid)]);
    end
  end

  // ---------------------------------------------------------------- the master (proved)
  // (hierconn: the write register's state, for the invariants)
  (* hierconn *) wire       \u_dut.w_busy_q ;
  (* hierconn *) wire       \u_dut.aw_done_q ;
  (* hierconn *) wire [1:0] \u_dut.w_beat_q ;
  (* hierconn *) wire       \u_dut.w_done_beats_q ;
  (* hierconn *) wire       \u_dut.ar_valid_q ;
  (* hierconn *) wire [7:0]   \u_dut.w_id_q ;
  (* hierconn *) wire [25:0]  \u_dut.w_line_q ;
  (* hierconn *) wire [15:0]  \u_dut.w_words_q ;
  (* hierconn *) wire [511:0] \u_dut.w_data_q ;
  wire       dut_w_busy_q       = \u_dut.w_busy_q ;
  wire       dut_aw_done_q      = \u_dut.aw_done_q ;
  wire [1:0] dut_w_beat_q       = \u_dut.w_beat_q ;
  wire       dut_w_done_beats_q = \u_dut.w_done_beats_q ;
  wire       dut_ar_valid_q     = \u_dut.ar_valid_q ;
  wire [7:0]   dut_w_id_q    = \u_dut.w_id_q ;
  wire [25:0]  dut_w_line_q  = \u_dut.w_line_q ;
  wire [15:0]  dut_w_words_q = \u_dut.w_words_q ;
  wire [511:0] dut_w_data_q  = \u_dut.w_data_q ;

  logic [15:0] e_strb;
  always_comb
    for (int w = 0; w < 4; w++)
      e_strb[w*4 +: 4] = {4{cw_words_q[cw_beats_q[1:0] * 4 + w]}};
  wire [RIdW-1:0] ar_idx = ridx(arid);

  always @* begin
    if (rst_i)
      a_reset: assert (!arvalid && !awvalid && !wvalid);
    else if (f_past_valid) begin
      // VALID held with a stable payload until READY
      if (ar_wait_q) a_ar_stable: assert (arvalid && arid == ar_id_q && araddr == ar_addr_q);
      if (aw_wait_q) a_aw_stable: assert (awvalid && awid == aw_id_q && awaddr == aw_addr_q);
      if (w_wait_q)  a_w_stable:  assert (wvalid && {wdata, wstrb, wlast} == w_q);
      // the burst shape
      a_shape:     assert (arlen == 8'd3 && arsize == 3'd4 && arburst == 2'd1 &&
                           awlen == 8'd3 && awsize == 3'd4 && awburst == 2'd1 &&
                           !arlock && !awlock);
      // reads: AR presents the one request taken and not sent, with its line
      a_ar_one:    assert ((rd_taken_q & (rd_taken_q - 1'b1)) == '0);
      a_ar_valid:  assert (arvalid == (rd_taken_q != '0));
      if (arvalid)
        a_ar_req:  assert (rid_ok(arid) && rd_taken_q[ar_idx] && araddr[5:0] == 6'd0 &&
                           araddr[31:6] == rd_line_q[32'(ar_idx) * 26 +: 26]);
      a_mr_ready:  assert ((mr_ready & ~mr_valid_i) == '0 && (mr_ready & (mr_ready - 1'b1)) == '0);
      // writes: AW and the W beats of the write being sent
      a_mw_ready:  assert ((mw_ready & ~mw_valid_i) == '0 && (mw_ready & (mw_ready - 1'b1)) == '0);
      a_mw_one:    assert (!mw_take || !cw_q || cw_end);
      a_aw_valid:  assert (awvalid == (cw_q && !cw_aw_q));
      a_w_valid:   assert (wvalid == (cw_q && cw_beats_q != 3'd4));
      if (awvalid)
        a_aw_req:  assert (awid == cw_id_q && awaddr == {cw_line_q, 6'd0});
      if (wvalid)
        a_w_beat:  assert (wlast == (cw_beats_q == 3'd3) && wdata == cw_data_q[cw_beats_q[1:0] * 128 +: 128] &&
                           wstrb == e_strb);
      // responses back to the slices
      a_r_route:   assert (mf_valid == (rvalid ? Slices'(1) << rid[5 +: SlW] : '0) && mf_id == rid[MshrW-1:0] &&
                           mf_data == rdata && (!rvalid || rready == mf_ready_i[rid[5 +: SlW]]));
      a_b_route:   assert (mb_valid == (bvalid ? Slices'(1) << bid[5 +: SlW] : '0) && mb_id == bid[WbW-1:0] && bready);
      a_err:       assert (err == err_q && err_event == ev_q && (!ev_q || err_write == ev_write_q));
      // (invariants: the write register and AR register are the bookkeeping's)
`ifndef FORMAL_NO_INV
      a_inv_w:     assert (dut_w_busy_q == cw_q && (!cw_q ||
                           (dut_aw_done_q == cw_aw_q && dut_w_done_beats_q == (cw_beats_q == 3'd4) &&
                            32'(dut_w_beat_q) == (cw_beats_q == 3'd4 ? 32'd3 : 32'(cw_beats_q)) &&
                            dut_w_id_q == cw_id_q && dut_w_line_q == cw_line_q && dut_w_words_q == cw_words_q &&
                            dut_w_data_q == cw_data_q)));
      a_inv_ar:    assert (dut_ar_valid_q == arvalid);
      a_inv_open:  assert ((rd_taken_q & rd_open_q) == '0 && (!cw_q || wr_busy_q[widx(cw_id_q)]) &&
                           (wr_open_q & ~wr_busy_q) == '0 && (!cw_q || !wr_open_q[widx(cw_id_q)]) &&
                           wait_fresh == '1);
`endif
    end
  end

  wire unused_axi = ^{awcache, awprot, awqos, arcache, arprot, arqos, arsize, mf_data, err_line};

endmodule

`default_nettype wire
