// SPDX-License-Identifier: Apache-2.0
// formal_gmem: the formal harness of gpu_gmem, a CU's global-memory unit
// (docs/formal.md), with Entries entries and 32 lanes. The environment is
// the CU's and the L1's: an instruction's operands are written in EX into
// the entry the unit picks (st_idx_o), and it is accepted later with that
// index, or dropped (a fault); the entry is reserved meanwhile (st_resv_i);
// at most one waits so, and one enters EX only while a free entry is left
// for it (the issue stage's rule); loads always return, atomics may; an L2
// write-back (maint) is acknowledged only when asked for and ends once. The
// memory answers each request sent exactly once, in any order, any time
// later (the tag names the entry and the lead lane). Everything else
// (addresses, data, masks, ops, readies, when things happen) is free.
// Proved (bounded: the depth of the .sby, from reset), for every completion:
//   it is of an accepted instruction not yet completed (so each completes
//   at most once), with that instruction's slot, signal, destination and
//   return flag, after every selected lane of it was sent (once: a lane is
//   sent only if selected and not sent before) and every request of it
//   answered;
//   program order: no older instruction of its wave of the same kind
//   (loads, stores, others; for a cache operation any kind) is still in
//   the unit;
//   each request's tag names an accepted entry, and no two requests of one
//   entry with the same lead are outstanding;
//   handshakes: a completion holds with its fields until taken; a line
//   request holds until taken, with the coalescer's inputs and the unit's
//   fields (so, with 32 lanes, its payload).
`default_nettype none

module formal_gmem #(
  parameter int Entries = 2
) (
  input wire           clk_i,
  input wire           rst_i,
  input wire           acc_valid_i,
  input wire           acc_slot_i,
  input wire  [1:0]    acc_op_i,
  input wire  [5:0]    acc_fn_i,
  input wire  [1:0]    acc_scope_i,
  input wire           acc_nt_i,
  input wire           acc_ret_i,
  input wire           acc_wb_i,
  input wire  [5:0]    acc_dest_i,
  input wire  [3:0]    acc_sig_i,
  input wire  [31:0]   acc_mask_i,
  input wire           drop_i,          // the instruction between EX and accept faults
  input wire           st_valid_i,
  input wire  [1023:0] st_addr_i,
  input wire  [1023:0] st_data_i,
  input wire  [1023:0] st_cmp_i,
  input wire           req_ready_i,
  input wire           resp_valid_i,
  input wire  [31:0]   resp_pick_i,     // the entry (low bits) and lead lane answered
  input wire  [511:0]  resp_data_i,
  input wire           done_ready_i,
  input wire           maint_ack_i,
  input wire           maint_done_i
);

  localparam int IdxW = $clog2(Entries);

  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (rst_i);

  // The instruction between EX and accept.
  logic            p_q;
  logic [IdxW-1:0] p_idx_q;

  logic [4:0]    free, alloc_idx, st_idx;
  logic          req_valid, resp_ready, done_valid, done_slot, done_ret, maint_req;
  logic [1:0]    req_op, req_scope, slot_busy;
  logic [5:0]    req_fn, done_dest;
  logic          req_nt;
  logic [25:0]   req_line;
  logic [15:0]   req_words, req_tag;
  logic [511:0]  req_data;
  logic [31:0]   req_cmp, done_mask;
  logic [3:0]    done_sig;
  logic [1023:0] done_data;
  wire  [IdxW-1:0] r_e    = resp_pick_i[5 +: IdxW];
  wire  [4:0]      r_lead = resp_pick_i[4:0];

  gpu_gmem #(
    .Entries (Entries),
    .Lanes   (32)
  ) u_dut (
    .clk_i         (clk_i),
    .rst_i         (rst_i),
    .cu_id_i       (3'd1),
    .acc_valid_i   (acc_valid_i),
    .acc_slot_i    (acc_slot_i),
    .acc_op_i      (acc_op_i),
    .acc_fn_i      (acc_fn_i),
    .acc_scope_i   (acc_scope_i),
    .acc_nt_i      (acc_nt_i),
    .acc_ret_i     (acc_ret_i),
    .acc_wb_i      (acc_wb_i),
    .acc_dest_i    (acc_dest_i),
    .acc_sig_i     (acc_sig_i),
    .acc_mask_i    (acc_mask_i),
    .acc_idx_i     (5'(p_idx_q)),
    .free_o        (free),
    .alloc_idx_o   (alloc_idx),
    .st_valid_i    (st_valid_i),
    .st_win_i      (1'b0),
    .st_addr_i     (st_addr_i),
    .st_data_i     (st_data_i),
    .st_cmp_i      (st_cmp_i),
    .st_idx_o      (st_idx),
    .st_resv_i     (p_q),
    .st_resv_idx_i (5'(p_idx_q)),
    .req_valid_o   (req_valid),
    .req_ready_i   (req_ready_i),
    .req_op_o      (req_op),
    .req_fn_o      (req_fn),
    .req_scope_o   (req_scope),
    .req_nt_o      (req_nt),
    .req_line_o    (req_line),
    .req_words_o   (req_words),
    .req_data_o    (req_data),
    .req_cmp_o     (req_cmp),
    .req_tag_o     (req_tag),
    .resp_valid_i  (resp_valid_i),
    .resp_ready_o  (resp_ready),
    .resp_tag_i    ({3'd0, 3'd1, 5'(r_e), r_lead}),
    .resp_data_i   (resp_data_i),
    .done_valid_o  (done_valid),
    .done_ready_i  (done_ready_i),
    .done_slot_o   (done_slot),
    .done_sig_o    (done_sig),
    .done_ret_o    (done_ret),
    .done_dest_o   (done_dest),
    .done_mask_o   (done_mask),
    .done_win_i    (1'b0),
    .done_data_o   (done_data),
    .slot_busy_o   (slot_busy),
    .maint_req_o   (maint_req),
    .maint_ack_i   (maint_ack_i),
    .maint_done_i  (maint_done_i)
  );

  // (hierconn: the entry completing, and the lanes of the request sent)
  (* hierconn *) wire [IdxW-1:0] \u_dut.done_idx_q ;
  (* hierconn *) wire [31:0]     \u_dut.send_lanes ;
  wire [IdxW-1:0] done_idx   = \u_dut.done_idx_q ;
  wire [31:0]     send_lanes = \u_dut.send_lanes ;

  // ---------------------------------------------------------------- bookkeeping
  // Per entry e (flat vectors, entry e at [e*W +: W]): accepted and not
  // completed (v), its fields, the lanes sent, the leads of its requests not
  // answered, its accept order (seq).
  logic [Entries-1:0]    v_q, slot_q, ret_q, wb_q;
  logic [Entries*2-1:0]  op_q;
  logic [Entries*6-1:0]  dest_q;
  logic [Entries*4-1:0]  sig_q;
  logic [Entries*32-1:0] mask_q, sent_q, out_q;
  logic [Entries*8-1:0]  seq_q;
  logic [7:0]            next_seq_q;
  logic                  mt_busy_q;          // a write-back acknowledged, not ended

  wire            req_hs  = req_valid && req_ready_i;
  wire [IdxW-1:0] req_e   = req_tag[5 +: IdxW];
  wire [4:0]      req_ld  = req_tag[4:0];
  wire            done_hs = done_valid && done_ready_i;
  wire            resp_hs = resp_valid_i && resp_ready;
  wire [31:0]     pi = 32'(p_idx_q), de = 32'(done_idx), re = 32'(req_e), ae = 32'(r_e);

  function automatic logic [1:0] kind_of(input logic [1:0] op);
    kind_of = op == 2'd3 ? 2'd2 : op;
  endfunction

  always @(posedge clk_i) begin
    if (st_valid_i) begin
      p_q     <= 1'b1;
      p_idx_q <= st_idx[IdxW-1:0];
    end else if (acc_valid_i || drop_i) p_q <= 1'b0;
    if (req_hs) begin
      sent_q[re*32 +: 32]      <= sent_q[re*32 +: 32] | send_lanes;
      out_q[re*32 + 32'(req_ld)] <= 1'b1;
    end
    if (resp_hs) out_q[ae*32 + 32'(r_lead)] <= 1'b0;
    if (done_hs) v_q[de] <= 1'b0;
    if (acc_valid_i) begin
      v_q[pi]             <= 1'b1;
      slot_q[pi]          <= acc_slot_i;
      ret_q[pi]           <= acc_ret_i;
      wb_q[pi]            <= acc_wb_i;
      op_q[pi*2 +: 2]     <= acc_op_i;
      dest_q[pi*6 +: 6]   <= acc_dest_i;
      sig_q[pi*4 +: 4]    <= acc_sig_i;
      mask_q[pi*32 +: 32] <= acc_mask_i;
      sent_q[pi*32 +: 32] <= '0;
      out_q[pi*32 +: 32]  <= '0;
      seq_q[pi*8 +: 8]    <= next_seq_q;
      next_seq_q          <= next_seq_q + 8'd1;
    end
    if (maint_req && maint_ack_i) mt_busy_q <= 1'b1;
    if (maint_done_i) mt_busy_q <= 1'b0;
    if (rst_i) begin
      p_q        <= 1'b0;
      v_q        <= '0;
      out_q      <= '0;
      next_seq_q <= '0;
      mt_busy_q  <= 1'b0;
    end
  end

  // ---------------------------------------------------------------- the environment (assumed)
  always @* begin
    if (f_past_valid && !rst_i) begin
      if (st_valid_i)   as_st:    assume (free > (p_q ? 5'd1 : 5'd0) && (!p_q || acc_valid_i || drop_i));
      if (acc_valid_i)  as_acc:   assume (p_q && !drop_i && (acc_op_i == 2'd0 ? acc_ret_i :
                                                             acc_op_i != 2'd2 ? !acc_ret_i : 1'b1));
      if (resp_valid_i) as_resp:  assume (ae < Entries && v_q[ae] && out_q[ae*32 + 32'(r_lead)]);
      if (maint_ack_i)  as_ack:   assume (maint_req && !mt_busy_q);
      if (maint_done_i) as_mdone: assume (mt_busy_q);
    end
    if (rst_i) as_reset: assume (!resp_valid_i && !maint_done_i && !acc_valid_i && !st_valid_i);
  end

  // ---------------------------------------------------------------- the properties
  wire [1:0] d_op   = op_q[de*2 +: 2];
  wire [7:0] d_seq  = seq_q[de*8 +: 8];
  logic older_same;   // an older entry of the completing one's wave that it must follow
  always_comb begin
    older_same = 1'b0;
    for (int j = 0; j < Entries; j++)
      if (j != de && v_q[j] && seq_q[j*8 +: 8] - next_seq_q < d_seq - next_seq_q &&
          slot_q[j] == slot_q[de] && (kind_of(op_q[j*2 +: 2]) == kind_of(d_op) || d_op == 2'd3))
        older_same = 1'b1;
  end

  always @* begin
    if (f_past_valid && !rst_i) begin
      if (done_valid) begin
        a_done_accepted: assert (v_q[de]);
        a_done_fields:   assert (done_slot == slot_q[de] && done_sig == sig_q[de*4 +: 4] &&
                                 done_ret == ret_q[de] && done_dest == dest_q[de*6 +: 6]);
        a_done_sent:     assert (d_op == 2'd3 || sent_q[de*32 +: 32] == mask_q[de*32 +: 32]);
        a_done_answered: assert (out_q[de*32 +: 32] == 32'd0);
        a_done_order:    assert (!older_same);
      end
      if (req_hs) begin
        a_req_entry:     assert (re < Entries && v_q[re] && !out_q[re*32 + 32'(req_ld)]);
        a_req_lanes:     assert (op_q[re*2 +: 2] == 2'd3 ||
                                 ((send_lanes & ~mask_q[re*32 +: 32]) == 32'd0 &&
                                  (send_lanes & sent_q[re*32 +: 32]) == 32'd0 && send_lanes[req_ld]));
      end
    end
  end

  // Handshakes: the completion holds until taken (documented), with its
  // fields; the line request (valid/ready) holds until taken, and so do the
  // inputs of the request: the coalescer's (the pending lanes, atomic or not,
  // with data or not, the address and data window it reads: with 32 lanes
  // the request is a function of them, gpu_coalescer) and the fields the
  // unit adds (op, function, scope, nt, tag). (Checked on those inputs:
  // the 610-bit payload itself at two cycles did not finish step 4 of the
  // bounded check in 6 minutes. Not covered: req_cmp_o, the CAS compare
  // value the unit reads from its own RAM at the lead lane.)
  logic          done_wait_q, req_wait_q;
  logic [47:0]   done_pay_q;
  always @(posedge clk_i) begin
    done_wait_q <= done_valid && !done_ready_i && !rst_i;
    done_pay_q  <= {done_slot, done_sig, done_ret, done_dest, 32'(de), 4'd0};
    req_wait_q  <= req_valid && !req_ready_i && !rst_i;
  end
  always @* begin
    if (f_past_valid && !rst_i) begin
      if (done_wait_q)
        a_done_stable: assert (done_valid && {done_slot, done_sig, done_ret, done_dest, 32'(de), 4'd0} == done_pay_q);
    end
  end
  (* hierconn *) wire [31:0]   \u_dut.u_coalescer.pending_i ;
  (* hierconn *) wire          \u_dut.u_coalescer.atomic_i ;
  (* hierconn *) wire          \u_dut.u_coalescer.with_data_i ;
  (* hierconn *) wire [1023:0] \u_dut.u_coalescer.addr_win_i ;
  (* hierconn *) wire [1023:0] \u_dut.u_coalescer.data_win_i ;
  wire [2108:0] req_in = {\u_dut.u_coalescer.pending_i , \u_dut.u_coalescer.atomic_i ,
                          \u_dut.u_coalescer.with_data_i , \u_dut.u_coalescer.addr_win_i ,
                          \u_dut.u_coalescer.data_win_i , req_op, req_fn, req_scope, req_nt, req_tag};
  logic [2108:0] req_in_q;
  always @(posedge clk_i) req_in_q <= req_in;
  always @* begin
    if (f_past_valid && !rst_i && req_wait_q)
      a_req_stable: assert (req_valid && req_in == req_in_q);
  end

  wire unused = ^{alloc_idx, req_op, req_scope, slot_busy, req_fn, req_nt, req_line, req_words, req_data,
                  req_cmp, done_mask, done_data, acc_fn_i, acc_scope_i, acc_nt_i};

endmodule

`default_nettype wire
