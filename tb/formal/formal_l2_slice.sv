// SPDX-License-Identifier: Apache-2.0
// formal_l2_slice: the formal harness of gpu_l2_slice, one L2 slice with
// its tags, MSHRs, write-back buffers and walker (docs/formal.md), at its
// ports, with small parameters (2 sets, 2 ways, 2 MSHRs, 2 write-back
// buffers, 2 writes in flight). Assumed of the crossbar: a request holds
// with its payload until req_ready_o or req_retry_o (after a retry it may
// change or go), and is a load, store or atomic. Assumed of memory: a fill beat
// (mf_*) holds with its id and data until mf_ready_o, and comes only for
// a read taken at an earlier edge that has had fewer than 4 beats; an
// acknowledgement (mb_*) only for a write taken at an earlier edge and not
// yet acknowledged. Free: ops, lines, words, data, tags, readies,
// maintenance requests, resets, when things happen. Proved (bounded):
// resp_*, mr_* and mw_*, once valid, hold with a stable payload until
// their ready; a retry never with ready; an answer only while an accepted request is unanswered; a
// read's id not open (its MSHR's read not in flight), a write's id not in
// flight.
`default_nettype none

module formal_l2_slice #(
  parameter int Mshrs  = 2,
  parameter int Writes = 2
) (
  input wire                      clk_i,
  input wire                      rst_i,
  input wire                      clear_i,
  input wire                      req_valid_i,
  input wire  [1:0]               req_op_i,
  input wire  [5:0]               req_fn_i,
  input wire                      req_nt_i,
  input wire                      req_sys_i,
  input wire  [25:0]              req_line_i,
  input wire  [15:0]              req_words_i,
  input wire  [511:0]             req_data_i,
  input wire  [31:0]              req_cmp_i,
  input wire  [15:0]              req_tag_i,
  input wire                      resp_ready_i,
  input wire                      mr_ready_i,
  input wire                      mf_valid_i,
  input wire  [$clog2(Mshrs)-1:0] mf_id_i,
  input wire  [127:0]             mf_data_i,
  input wire                      mw_ready_i,
  input wire                      mb_valid_i,
  input wire  [$clog2(Writes)-1:0] mb_id_i,
  input wire                      maint_req_i,
  input wire                      maint_inv_i
);

  localparam int MshrW = $clog2(Mshrs);
  localparam int WrW   = $clog2(Writes);

  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (rst_i);

  logic             req_ready, req_retry, resp_valid, mr_valid, mf_ready, mw_valid, maint_done, idle, perf_valid;
  logic [15:0]      resp_tag, perf_tag, mw_words;
  logic [511:0]     resp_data, mw_data;
  logic [25:0]      mr_line, mw_line;
  logic [MshrW-1:0] mr_id;
  logic [WrW-1:0]   mw_id;
  logic [31:0]      ctr_hits, ctr_misses, ctr_evictions, ctr_atomics, ctr_fills, ctr_write_words;

  gpu_l2_slice #(
    .Sets   (2),
    .Ways   (2),
    .Mshrs  (Mshrs),
    .WbBufs (2),
    .Writes (Writes)
  ) u_dut (
    .clk_i             (clk_i),
    .rst_i             (rst_i),
    .clear_i           (clear_i),
    .req_valid_i       (req_valid_i),
    .req_ready_o       (req_ready),
    .req_retry_o       (req_retry),
    .req_op_i          (req_op_i),
    .req_fn_i          (req_fn_i),
    .req_nt_i          (req_nt_i),
    .req_sys_i         (req_sys_i),
    .req_line_i        (req_line_i),
    .req_words_i       (req_words_i),
    .req_data_i        (req_data_i),
    .req_cmp_i         (req_cmp_i),
    .req_tag_i         (req_tag_i),
    .resp_valid_o      (resp_valid),
    .resp_ready_i      (resp_ready_i),
    .resp_tag_o        (resp_tag),
    .resp_data_o       (resp_data),
    .mr_valid_o        (mr_valid),
    .mr_ready_i        (mr_ready_i),
    .mr_line_o         (mr_line),
    .mr_id_o           (mr_id),
    .mf_valid_i        (mf_valid_i),
    .mf_ready_o        (mf_ready),
    .mf_id_i           (mf_id_i),
    .mf_data_i         (mf_data_i),
    .mw_valid_o        (mw_valid),
    .mw_ready_i        (mw_ready_i),
    .mw_line_o         (mw_line),
    .mw_words_o        (mw_words),
    .mw_data_o         (mw_data),
    .mw_id_o           (mw_id),
    .mb_valid_i        (mb_valid_i),
    .mb_id_i           (mb_id_i),
    .maint_req_i       (maint_req_i),
    .maint_inv_i       (maint_inv_i),
    .maint_done_o      (maint_done),
    .idle_o            (idle),
    .perf_valid_o      (perf_valid),
    .perf_tag_o        (perf_tag),
    .ctr_hits_o        (ctr_hits),
    .ctr_misses_o      (ctr_misses),
    .ctr_evictions_o   (ctr_evictions),
    .ctr_atomics_o     (ctr_atomics),
    .ctr_fills_o       (ctr_fills),
    .ctr_write_words_o (ctr_write_words)
  );

  wire req_hs  = req_valid_i && req_ready;
  wire resp_hs = resp_valid && resp_ready_i;
  wire mr_hs   = mr_valid && mr_ready_i;
  wire mf_hs   = mf_valid_i && mf_ready;
  wire mw_hs   = mw_valid && mw_ready_i;

  wire [611:0] req_pl = {req_op_i, req_fn_i, req_nt_i, req_sys_i, req_line_i, req_words_i,
                         req_data_i, req_cmp_i, req_tag_i};

  // ---------------------------------------------------------------- bookkeeping
  // valids waiting for their ready, with their payloads; reads open (taken,
  // fewer than 4 beats) with their beats; writes in flight; requests
  // accepted and answers given (mod 16).
  logic             req_wait_q, resp_wait_q, mr_wait_q, mf_wait_q, mw_wait_q;
  logic [611:0]     req_q;
  logic [527:0]     resp_q;
  logic [25+MshrW:0] mr_q;
  logic [MshrW+127:0] mf_q;
  logic [553+WrW:0] mw_q;
  logic [Mshrs-1:0] rd_open_q;
  logic [1:0]       rd_beat_q [Mshrs];
  logic [Writes-1:0] wr_open_q;
  logic [3:0]       n_req_q, n_resp_q;
  logic             filled_q;          // a read has had its 4th beat

  always @(posedge clk_i) begin
    req_wait_q  <= req_valid_i && !req_ready && !req_retry;
    resp_wait_q <= resp_valid && !resp_ready_i;
    mr_wait_q   <= mr_valid && !mr_ready_i;
    mf_wait_q   <= mf_valid_i && !mf_ready;
    mw_wait_q   <= mw_valid && !mw_ready_i;
    req_q       <= req_pl;
    resp_q      <= {resp_tag, resp_data};
    mr_q        <= {mr_line, mr_id};
    mf_q        <= {mf_id_i, mf_data_i};
    mw_q        <= {mw_line, mw_words, mw_data, mw_id};
    n_req_q     <= n_req_q + {3'd0, req_hs};
    n_resp_q    <= n_resp_q + {3'd0, resp_hs};
    if (mf_hs) begin
      rd_beat_q[mf_id_i] <= rd_beat_q[mf_id_i] + 2'd1;
      if (rd_beat_q[mf_id_i] == 2'd3) begin
        rd_open_q[mf_id_i] <= 1'b0;
        filled_q           <= 1'b1;
      end
    end
    if (mr_hs) begin
      rd_open_q[mr_id] <= 1'b1;
      rd_beat_q[mr_id] <= 2'd0;
    end
    if (mb_valid_i) wr_open_q[mb_id_i] <= 1'b0;
    if (mw_hs) wr_open_q[mw_id] <= 1'b1;
    if (rst_i) begin
      req_wait_q  <= 1'b0;
      resp_wait_q <= 1'b0;
      mr_wait_q   <= 1'b0;
      mf_wait_q   <= 1'b0;
      mw_wait_q   <= 1'b0;
      rd_open_q   <= '0;
      wr_open_q   <= '0;
      n_req_q     <= '0;
      n_resp_q    <= '0;
      filled_q    <= 1'b0;
    end
  end

  // ---------------------------------------------------------------- the crossbar and memory (assumed)
  always @* begin
    if (!rst_i && f_past_valid) begin
      if (req_wait_q) as_req:   assume (req_valid_i && req_pl == req_q);
      // a load, store or atomic (a cache operation sends no line request)
      if (req_valid_i) as_op:   assume (req_op_i != gpu_mem_pkg::MEM_OP_CACHE);
      if (mf_wait_q)  as_mf:    assume (mf_valid_i && {mf_id_i, mf_data_i} == mf_q);
      if (mf_valid_i) as_fill:  assume (rd_open_q[mf_id_i]);
      if (mb_valid_i) as_ack:   assume (wr_open_q[mb_id_i]);
    end
  end

  // ---------------------------------------------------------------- the slice (proved)
  always @* begin
    if (!rst_i && f_past_valid) begin
      // valid held with a stable payload until ready
      if (resp_wait_q) a_resp_stable: assert (resp_valid && {resp_tag, resp_data} == resp_q);
      if (mr_wait_q)   a_mr_stable:   assert (mr_valid && {mr_line, mr_id} == mr_q);
      if (mw_wait_q)   a_mw_stable:   assert (mw_valid && {mw_line, mw_words, mw_data, mw_id} == mw_q);
      // a request refused with a retry is not taken
      if (req_retry)   a_retry:       assert (!req_ready);
      // an answer only while a request is unanswered
      if (resp_valid)  a_resp_owed:   assert (n_req_q != n_resp_q);
      // a read's id is not open, a write's id not in flight
      if (mr_valid)    a_mr_id:       assert (!rd_open_q[mr_id]);
      if (mw_valid)    a_mw_id:       assert (!wr_open_q[mw_id]);
    end
  end

  // (what the bound reaches: cover mode, by hand, lists the first step of each)
  always @* begin
    if (!rst_i && f_past_valid) begin
      c_resp_wait:   cover (resp_wait_q);
      c_mr_wait:     cover (mr_wait_q);
      c_mw_wait:     cover (mw_wait_q);
      c_fill_answer: cover (filled_q && resp_hs);
      c_write_back:  cover (mw_hs);
      c_two_reads:   cover (rd_open_q == '1);
      c_mw_ack:      cover (mb_valid_i);
    end
  end

endmodule

`default_nettype wire
