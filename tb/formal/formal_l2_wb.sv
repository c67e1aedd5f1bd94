// SPDX-License-Identifier: Apache-2.0
// formal_l2_wb: the formal harness of gpu_l2_wb_buffers, the L2 slice's
// write-back buffers and table of writes in flight (docs/formal.md), 2
// buffers, 2 writes in flight. Assumed of the slice: an allocation only
// while a buffer is free (free_ok_o), its line's data exactly the cycle
// after (data_i into the buffer allocated, as the slice's stage B does).
// Assumed of memory: an acknowledgement (mb_*) only for a write sent at an
// earlier edge and not yet acknowledged. Free: mw_ready_i, lines, data,
// when things happen. Proved: mw_valid_o, once high, holds with a stable
// line, words, data and id until mw_ready_i; a write is offered exactly
// while a buffer holds its data and a slot of the table is free (no valid
// dropped); it carries a buffer's line and data with every word, and the id
// of a free slot (ids of writes in flight are unique); a buffer is sent
// once and then free (so each buffer's line is sent exactly once). (The
// invariants name the hold registers mw_hold_q, mw_hold_idx_q and
// mw_hold_slot_q.)
`default_nettype none

module formal_l2_wb #(
  parameter int WbBufs = 2,
  parameter int Writes = 2
) (
  input wire                       clk_i,
  input wire                       rst_i,
  input wire                       alloc_i,
  input wire  [25:0]               alloc_line_i,
  input wire                       alloc_maint_i,
  input wire                       data_i,
  input wire  [$clog2(WbBufs)-1:0] data_buf_i,
  input wire  [511:0]              data_line_i,
  input wire                       mw_ready_i,
  input wire                       mb_valid_i,
  input wire  [$clog2(Writes)-1:0] mb_id_i
);

  localparam int WbW = $clog2(WbBufs);
  localparam int WrW = $clog2(Writes);

  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (rst_i);

  logic           free_ok, mw_valid, maint_pending, busy;
  logic [WbW-1:0] free;
  logic [0:0]     query_hit;
  logic [25:0]    mw_line;
  logic [15:0]    mw_words;
  logic [511:0]   mw_data;
  logic [WrW-1:0] mw_id;

  gpu_l2_wb_buffers #(
    .WbBufs  (WbBufs),
    .Writes  (Writes),
    .Queries (1)
  ) u_dut (
    .clk_i           (clk_i),
    .rst_i           (rst_i),
    .free_ok_o       (free_ok),
    .free_o          (free),
    .alloc_i         (alloc_i),
    .alloc_line_i    (alloc_line_i),
    .alloc_maint_i   (alloc_maint_i),
    .data_i          (data_i),
    .data_buf_i      (data_buf_i),
    .data_line_i     (data_line_i),
    .query_en_i      (1'b0),
    .query_lines_i   (26'd0),
    .query_hit_o     (query_hit),
    .mw_valid_o      (mw_valid),
    .mw_ready_i      (mw_ready_i),
    .mw_line_o       (mw_line),
    .mw_words_o      (mw_words),
    .mw_data_o       (mw_data),
    .mw_id_o         (mw_id),
    .mb_valid_i      (mb_valid_i),
    .mb_id_i         (mb_id_i),
    .maint_pending_o (maint_pending),
    .busy_o          (busy)
  );

  wire mw_hs = mw_valid && mw_ready_i;

  // ---------------------------------------------------------------- the harness's view
  // h_valid: a buffer allocated and not sent; h_filled: its data arrived;
  // h_wr: a write sent and not acknowledged (per slot).
  logic [WbBufs-1:0] h_valid_q, h_filled_q;
  logic [25:0]       h_line_q [WbBufs];
  logic [511:0]      h_data_q [WbBufs];
  logic [Writes-1:0] h_wr_q;
  logic              data_due_q;     // a buffer was allocated at the last edge
  logic [WbW-1:0]    data_buf_q;     // which
  logic              mw_wait_q;      // mw_valid_o && !mw_ready_i in the last cycle
  logic [WbW-1:0]    pick_q;         // the buffer it offered
  logic [25:0]       mw_line_q;
  logic [15:0]       mw_words_q;
  logic [511:0]      mw_data_q;
  logic [WrW-1:0]    mw_id_q;

  // the lowest free buffer; the buffer a write offers (the one offered and
  // not taken, else the lowest filled one); whether a slot is free
  logic           h_free_ok, h_pick_ok, h_slot_ok;
  logic [WbW-1:0] h_free, h_pick;
  always @* begin
    h_free_ok = 1'b0;
    h_free    = '0;
    h_pick_ok = 1'b0;
    h_pick    = '0;
    h_slot_ok = h_wr_q != '1;
    for (int i = WbBufs - 1; i >= 0; i--) begin
      if (!h_valid_q[i]) begin
        h_free_ok = 1'b1;
        h_free    = i[WbW-1:0];
      end
      if (h_filled_q[i]) begin
        h_pick_ok = 1'b1;
        h_pick    = i[WbW-1:0];
      end
    end
    if (mw_wait_q) h_pick = pick_q;
  end

  always @(posedge clk_i) begin
    data_due_q <= alloc_i;
    data_buf_q <= free;
    mw_wait_q  <= mw_valid && !mw_ready_i;
    pick_q     <= h_pick;
    mw_line_q  <= mw_line;
    mw_words_q <= mw_words;
    mw_data_q  <= mw_data;
    mw_id_q    <= mw_id;
    if (data_i) begin
      h_filled_q[data_buf_i] <= 1'b1;
      h_data_q[data_buf_i]   <= data_line_i;
    end
    if (mb_valid_i) h_wr_q[mb_id_i] <= 1'b0;
    if (mw_hs) begin
      h_valid_q[h_pick]  <= 1'b0;
      h_filled_q[h_pick] <= 1'b0;
      h_wr_q[mw_id]      <= 1'b1;
    end
    if (alloc_i) begin
      h_valid_q[h_free]  <= 1'b1;
      h_filled_q[h_free] <= 1'b0;
      h_line_q[h_free]   <= alloc_line_i;
    end
    if (rst_i) begin
      data_due_q <= 1'b0;
      mw_wait_q  <= 1'b0;
      h_valid_q  <= '0;
      h_filled_q <= '0;
      h_wr_q     <= '0;
    end
  end

  // ---------------------------------------------------------------- the slice and memory (assumed)
  always @* begin
    if (!rst_i && f_past_valid) begin
      if (alloc_i)    as_alloc: assume (free_ok);
      // the data of the buffer allocated at the last edge, then (and only then)
      as_data: assume (data_i == data_due_q && (!data_i || data_buf_i == data_buf_q));
      // an acknowledgement only for a write in flight
      if (mb_valid_i) as_ack:   assume (h_wr_q[mb_id_i]);
    end
  end

  // ---------------------------------------------------------------- the buffers (proved)
  (* hierconn *) wire [WbBufs-1:0] \u_dut.wb_valid_q ;
  (* hierconn *) wire [Writes-1:0] \u_dut.wr_valid_q ;
  (* hierconn *) wire [25:0]  \u_dut.wb_line_q[0] ;
  (* hierconn *) wire [25:0]  \u_dut.wb_line_q[1] ;
  (* hierconn *) wire [15:0]  \u_dut.wb_words_q[0] ;
  (* hierconn *) wire [15:0]  \u_dut.wb_words_q[1] ;
  (* hierconn *) wire [511:0] \u_dut.wb_data_q[0] ;
  (* hierconn *) wire [511:0] \u_dut.wb_data_q[1] ;
  (* hierconn *) wire \u_dut.mw_hold_q ;
  (* hierconn *) wire [WbW-1:0] \u_dut.mw_hold_idx_q ;
  (* hierconn *) wire [WrW-1:0] \u_dut.mw_hold_slot_q ;
  wire [WbBufs-1:0] dut_wb_valid = \u_dut.wb_valid_q ;
  wire [Writes-1:0] dut_wr_valid = \u_dut.wr_valid_q ;
  wire [25:0]  dut_line  [2];
  wire [15:0]  dut_words [2];
  wire [511:0] dut_data  [2];
  assign dut_line[0]  = \u_dut.wb_line_q[0] ;
  assign dut_line[1]  = \u_dut.wb_line_q[1] ;
  assign dut_words[0] = \u_dut.wb_words_q[0] ;
  assign dut_words[1] = \u_dut.wb_words_q[1] ;
  assign dut_data[0]  = \u_dut.wb_data_q[0] ;
  assign dut_data[1]  = \u_dut.wb_data_q[1] ;
  wire           dut_hold      = \u_dut.mw_hold_q ;
  wire [WbW-1:0] dut_hold_idx  = \u_dut.mw_hold_idx_q ;
  wire [WrW-1:0] dut_hold_slot = \u_dut.mw_hold_slot_q ;

  // per buffer: the line, words and data the harness expects
  logic [WbBufs-1:0] inv_ok;
  always @*
    for (int i = 0; i < WbBufs; i++)
      inv_ok[i] = (!h_valid_q[i] || (dut_line[i] == h_line_q[i] && dut_words[i] == 16'hFFFF)) &&
                  (!h_filled_q[i] || (h_valid_q[i] && dut_data[i] == h_data_q[i])) &&
                  // a buffer waits for its data only the cycle after its allocation
                  (h_filled_q[i] || !h_valid_q[i] || (data_due_q && data_buf_q == i[WbW-1:0]));

  always @* begin
    if (!rst_i && f_past_valid) begin
      // mw_*: held with a stable payload until mw_ready_i
      if (mw_wait_q) a_mw_stable: assert (mw_valid && mw_line == mw_line_q && mw_words == mw_words_q &&
                                          mw_data == mw_data_q && mw_id == mw_id_q);
      // offered exactly while a buffer holds its data and a slot is free
      a_mw_valid: assert (mw_valid == (h_pick_ok && h_slot_ok));
      // a filled buffer's line, all its words and its data; the id of a free slot
      if (mw_valid) a_mw_buf: assert (h_filled_q[h_pick] && mw_line == h_line_q[h_pick] &&
                                      mw_words == 16'hFFFF && mw_data == h_data_q[h_pick]);
      if (mw_valid) a_mw_id:  assert (!h_wr_q[mw_id]);
      a_free: assert (free_ok == h_free_ok && (!free_ok || free == h_free));
`ifndef FORMAL_NO_INV
      a_inv_valid: assert (dut_wb_valid == h_valid_q && dut_wr_valid == h_wr_q);
      a_inv_bufs:  assert (inv_ok == '1);
      a_inv_due:   assert (!data_due_q || (h_valid_q[data_buf_q] && !h_filled_q[data_buf_q]));
      a_inv_hold:  assert (dut_hold == mw_wait_q &&
                           (!mw_wait_q || (dut_hold_idx == pick_q && dut_hold_slot == mw_id_q &&
                                           h_filled_q[pick_q] && !h_wr_q[mw_id_q])));
`endif
    end
  end

endmodule

`default_nettype wire
