// SPDX-License-Identifier: Apache-2.0
// formal_l1: the formal harness of gpu_l1, a CU's L1 (docs/formal.md), with
// small parameters (the .sby's chparam). The environment: the memory unit
// holds a request with its payload until req_ready_o; the L2 holds an answer
// with its tag and data until dresp_ready_o. Everything else (ops, scopes,
// lines, data, tags, resp_ready_i, dreq_ready_i, when answers come, clear_i,
// resets) is free. Proved (k-induction, the depth of the .sby):
//   handshakes: resp_* and dreq_* hold valid and payload until their ready;
//   every accepted request leaves exactly once: it waits in the input
//   register (a request is taken only when that is empty or its request
//   leaves), then either is answered here (a hit, only for a wave/group
//   load without nt; op 3), once, with its tag, or is sent on as dreq with
//   its payload at the edge it leaves; no dreq and no local answer without
//   a request; every L2 answer taken is passed to the memory unit at the
//   same edge with its tag and data.
// (This harness found dreq_valid_o dropped before dreq_ready_i when an L2
// answer came while a request waited for the L2: a load became a hit, a
// store stalled for the fill's RAM write; gpu_l1's a_offer_q fixes both.)
`default_nettype none

module formal_l1 #(
  parameter int Sets  = 4,
  parameter int Ways  = 2,
  parameter int Mshrs = 2
) (
  input wire          clk_i,
  input wire          rst_i,
  input wire          clear_i,
  input wire          req_valid_i,
  input wire  [1:0]   req_op_i,
  input wire  [5:0]   req_fn_i,
  input wire  [1:0]   req_scope_i,
  input wire          req_nt_i,
  input wire  [25:0]  req_line_i,
  input wire  [15:0]  req_words_i,
  input wire  [511:0] req_data_i,
  input wire  [31:0]  req_cmp_i,
  input wire  [15:0]  req_tag_i,
  input wire          resp_ready_i,
  input wire          dreq_ready_i,
  input wire          dresp_valid_i,
  input wire  [15:0]  dresp_tag_i,
  input wire  [511:0] dresp_data_i
);

  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (rst_i);

  logic          req_ready, resp_valid, dreq_valid, dresp_ready;
  logic [15:0]   resp_tag, dreq_tag, dreq_words, tr_a_tag, tr_fill_tag;
  logic [511:0]  resp_data, dreq_data;
  logic [1:0]    dreq_op;
  logic [5:0]    dreq_fn;
  logic          dreq_nt, dreq_sys;
  logic [25:0]   dreq_line;
  logic [31:0]   dreq_cmp, ctr_hits, ctr_misses, ctr_evict;
  logic          tr_a_valid, tr_a_hit, tr_a_alloc, tr_fill;

  gpu_l1 #(
    .Sets  (Sets),
    .Ways  (Ways),
    .Mshrs (Mshrs)
  ) u_dut (
    .clk_i           (clk_i),
    .rst_i           (rst_i),
    .clear_i         (clear_i),
    .req_valid_i     (req_valid_i),
    .req_ready_o     (req_ready),
    .req_op_i        (req_op_i),
    .req_fn_i        (req_fn_i),
    .req_scope_i     (req_scope_i),
    .req_nt_i        (req_nt_i),
    .req_line_i      (req_line_i),
    .req_words_i     (req_words_i),
    .req_data_i      (req_data_i),
    .req_cmp_i       (req_cmp_i),
    .req_tag_i       (req_tag_i),
    .resp_valid_o    (resp_valid),
    .resp_ready_i    (resp_ready_i),
    .resp_tag_o      (resp_tag),
    .resp_data_o     (resp_data),
    .dreq_valid_o    (dreq_valid),
    .dreq_ready_i    (dreq_ready_i),
    .dreq_op_o       (dreq_op),
    .dreq_fn_o       (dreq_fn),
    .dreq_nt_o       (dreq_nt),
    .dreq_sys_o      (dreq_sys),
    .dreq_line_o     (dreq_line),
    .dreq_words_o    (dreq_words),
    .dreq_data_o     (dreq_data),
    .dreq_cmp_o      (dreq_cmp),
    .dreq_tag_o      (dreq_tag),
    .dresp_valid_i   (dresp_valid_i),
    .dresp_ready_o   (dresp_ready),
    .dresp_tag_i     (dresp_tag_i),
    .dresp_data_i    (dresp_data_i),
    .tr_a_valid_o    (tr_a_valid),
    .tr_a_hit_o      (tr_a_hit),
    .tr_a_alloc_o    (tr_a_alloc),
    .tr_a_tag_o      (tr_a_tag),
    .tr_fill_o       (tr_fill),
    .tr_fill_tag_o   (tr_fill_tag),
    .ctr_hits_o      (ctr_hits),
    .ctr_misses_o    (ctr_misses),
    .ctr_evictions_o (ctr_evict)
  );

  // ---------------------------------------------------------------- bookkeeping
  // Handshakes at the ports; the request in the L1's input register (h_*:
  // taken, not yet left: it leaves at tr_a_valid_o, the lookup's go) and
  // the answer given here not yet taken (l_*).
  wire req_hs   = req_valid_i && req_ready;
  wire dreq_hs  = dreq_valid && dreq_ready_i;
  wire resp_hs  = resp_valid && resp_ready_i;
  wire dresp_hs = dresp_valid_i && dresp_ready;
  wire local_hs = resp_hs && !dresp_hs;   // an answer given here is taken
  wire [612:0] req_pay   = {req_op_i, req_fn_i, req_scope_i, req_nt_i, req_line_i, req_words_i,
                            req_data_i, req_cmp_i, req_tag_i};
  wire [527:0] dresp_pay = {dresp_tag_i, dresp_data_i};
  wire [527:0] resp_pay  = {resp_tag, resp_data};
  wire [611:0] dreq_pay  = {dreq_op, dreq_fn, dreq_sys, dreq_nt, dreq_line, dreq_words, dreq_data,
                            dreq_cmp, dreq_tag};
  logic         h_q, l_q;
  logic [612:0] h_pay_q;
  logic [15:0]  l_tag_q;
  wire  [1:0]   h_op    = h_pay_q[612:611];
  wire  [1:0]   h_scope = h_pay_q[604:603];
  wire          h_nt    = h_pay_q[602];
  wire  [15:0]  h_tag   = h_pay_q[15:0];
  wire  [611:0] h_dreq  = {h_pay_q[612:605], h_scope == 2'd3, h_pay_q[602:0]};   // its L2 request
  wire          h_local = tr_a_hit || h_op == 2'd3;   // the leaving request is answered here
  always @(posedge clk_i) begin
    if (tr_a_valid) h_q <= 1'b0;
    if (req_hs) begin
      h_q     <= 1'b1;
      h_pay_q <= req_pay;
    end
    if (local_hs) l_q <= 1'b0;
    if (tr_a_valid && h_local) begin
      l_q     <= 1'b1;
      l_tag_q <= h_tag;
    end
    if (rst_i) begin
      h_q <= 1'b0;
      l_q <= 1'b0;
    end
  end

  // Each port offered and not taken in the last cycle (but for a reset),
  // and its payload then.
  logic         req_wait_q, dresp_wait_q, resp_wait_q, dreq_wait_q;
  logic [612:0] req_pay_q;
  logic [527:0] dresp_pay_q, resp_pay_q;
  logic [611:0] dreq_pay_q;
  always @(posedge clk_i) begin
    req_wait_q   <= req_valid_i && !req_ready && !rst_i;
    dresp_wait_q <= dresp_valid_i && !dresp_ready && !rst_i;
    resp_wait_q  <= resp_valid && !resp_ready_i && !rst_i;
    dreq_wait_q  <= dreq_valid && !dreq_ready_i && !rst_i;
    req_pay_q    <= req_pay;
    dresp_pay_q  <= dresp_pay;
    resp_pay_q   <= resp_pay;
    dreq_pay_q   <= dreq_pay;
  end

  // ---------------------------------------------------------------- the environment (assumed)
  // A request, and an L2 answer, offered and not taken is offered again
  // with the same payload.
  always @* begin
    if (f_past_valid && !rst_i) begin
      if (req_wait_q)   as_req_hold:   assume (req_valid_i && req_pay == req_pay_q);
      if (dresp_wait_q) as_dresp_hold: assume (dresp_valid_i && dresp_pay == dresp_pay_q);
    end
  end

  // ---------------------------------------------------------------- the properties
  always @* begin
    if (f_past_valid && !rst_i) begin
      // handshakes: resp_* and dreq_* hold valid and payload until ready
      if (resp_wait_q) a_resp_stable: assert (resp_valid && resp_pay == resp_pay_q);
      if (dreq_wait_q) a_dreq_stable: assert (dreq_valid && dreq_pay == dreq_pay_q);
      // the input register takes a request only when empty or its request leaves
      if (req_hs)     a_req_room:    assert (!h_q || tr_a_valid);
      // a request leaves once: answered here (a hit: a wave/group load
      // without nt; op 3), or sent on with its payload at that edge
      if (tr_a_valid) a_leave_req:   assert (h_q);
      if (tr_a_hit)   a_hit_kind:    assert (h_op == 2'd0 && !h_nt && h_scope <= 2'd1);
      if (tr_a_valid && h_local)
        a_leave_local: assert (!dreq_hs && (!l_q || local_hs));
      if (tr_a_valid && !h_local)
        a_leave_sent:  assert (dreq_hs);
      if (dreq_hs)    a_dreq_leave:  assert (tr_a_valid && !h_local);
      if (dreq_valid) a_dreq_pay:    assert (h_q && dreq_pay == h_dreq);
      // answers: an L2 answer taken is passed on at the same edge, with its
      // tag and data; any other answer taken is the one given here, once
      if (dresp_hs)   a_dresp_pass:  assert (resp_hs && resp_tag == dresp_tag_i && resp_data == dresp_data_i);
      if (local_hs)   a_local_resp:  assert (l_q && resp_tag == l_tag_q);
      if (l_q)        a_local_valid: assert (resp_valid);
    end
  end

  // ---------------------------------------------------------------- induction invariants
  // The L1's input register and stage B are the harness's h_* and l_*.
`ifndef FORMAL_NO_INV
  (* hierconn *) wire         \u_dut.t_valid_q ;
  (* hierconn *) wire [1:0]   \u_dut.t_op_q ;
  (* hierconn *) wire [5:0]   \u_dut.t_fn_q ;
  (* hierconn *) wire [1:0]   \u_dut.t_scope_q ;
  (* hierconn *) wire         \u_dut.t_nt_q ;
  (* hierconn *) wire [25:0]  \u_dut.t_line_q ;
  (* hierconn *) wire [15:0]  \u_dut.t_words_q ;
  (* hierconn *) wire [511:0] \u_dut.t_data_q ;
  (* hierconn *) wire [31:0]  \u_dut.t_cmp_q ;
  (* hierconn *) wire [15:0]  \u_dut.t_tag_q ;
  (* hierconn *) wire         \u_dut.b_valid_q ;
  (* hierconn *) wire [15:0]  \u_dut.b_tag_q ;
  wire [612:0] t_pay = {\u_dut.t_op_q , \u_dut.t_fn_q , \u_dut.t_scope_q , \u_dut.t_nt_q , \u_dut.t_line_q ,
                        \u_dut.t_words_q , \u_dut.t_data_q , \u_dut.t_cmp_q , \u_dut.t_tag_q };
  always @* begin
    if (f_past_valid && !rst_i) begin
      a_inv_t: assert (h_q == \u_dut.t_valid_q && (!h_q || h_pay_q == t_pay));
      a_inv_b: assert (l_q == \u_dut.b_valid_q && (!l_q || l_tag_q == \u_dut.b_tag_q ));
    end
  end
`endif

  wire unused = ^{tr_a_alloc, tr_a_tag, tr_fill, tr_fill_tag, ctr_hits, ctr_misses, ctr_evict};

endmodule

`default_nettype wire
