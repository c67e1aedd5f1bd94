// SPDX-License-Identifier: Apache-2.0
// formal_l2_xbar: the formal harness of gpu_l2_xbar, the crossbar between
// the CUs' L1s and the L2 slices (docs/formal.md), 4 CUs and 4 slices.
// Assumed of the CUs: a request, once valid, stays valid with a stable
// payload until cu_ready_o; a CU's readiness for answers is free. Assumed of
// the slices: an answer, once valid, stays valid with a stable payload until
// sl_resp_ready_o, and names a CU that exists; a slice's readiness for
// requests and its retry are free. Proved:
//   handshakes: a slice's request (sl_*) and a CU's answer (cu_resp_*),
//   once valid and not taken, stay valid with the same payload (a request
//   refused with a retry: stays valid, and may be another CU's);
//   requests: a slice is offered a request exactly when some CU has one for
//   it (its line's slice), and the request is one of those CUs' (every
//   field); a CU's request is taken (cu_ready_o) exactly when its slice
//   takes a request that is its: so each request reaches its slice once,
//   none is lost, duplicated or made up; the same for answers, to the CU
//   the tag names;
//   fairness: a CU waits at most 3 requests of others taken by its slice
//   before its own is taken or refused with a retry (a slice at most 3
//   answers of others taken by its CU before its own is taken).
`default_nettype none

module formal_l2_xbar (
  input wire            clk_i,
  input wire            rst_i,
  input wire [3:0]      cu_valid,
  input wire [7:0]      cu_op,
  input wire [23:0]     cu_fn,
  input wire [3:0]      cu_nt,
  input wire [3:0]      cu_sys,
  input wire [103:0]    cu_line,
  input wire [63:0]     cu_words,
  input wire [2047:0]   cu_data,
  input wire [127:0]    cu_cmp,
  input wire [63:0]     cu_tag,
  input wire [3:0]      cu_resp_ready,
  input wire [3:0]      sl_ready,
  input wire [3:0]      sl_retry,
  input wire [3:0]      sl_resp_valid,
  input wire [63:0]     sl_resp_tag,
  input wire [2047:0]   sl_resp_data
);

  localparam int N = 4;            // CUs and slices
  localparam int BlockLines = 4;

  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (rst_i);

  logic [3:0]    cu_ready, cu_resp_valid, sl_valid, sl_resp_ready;
  logic [63:0]   cu_resp_tag;
  logic [2047:0] cu_resp_data;
  logic [7:0]    sl_op;
  logic [23:0]   sl_fn;
  logic [3:0]    sl_nt, sl_sys;
  logic [103:0]  sl_line;
  logic [63:0]   sl_words;
  logic [2047:0] sl_data;
  logic [127:0]  sl_cmp;
  logic [63:0]   sl_tag;

  gpu_l2_xbar #(
    .NumCus     (N),
    .Slices     (N),
    .BlockLines (BlockLines)
  ) u_dut (
    .clk_i           (clk_i),
    .rst_i           (rst_i),
    .cu_valid_i      (cu_valid),
    .cu_ready_o      (cu_ready),
    .cu_op_i         (cu_op),
    .cu_fn_i         (cu_fn),
    .cu_nt_i         (cu_nt),
    .cu_sys_i        (cu_sys),
    .cu_line_i       (cu_line),
    .cu_words_i      (cu_words),
    .cu_data_i       (cu_data),
    .cu_cmp_i        (cu_cmp),
    .cu_tag_i        (cu_tag),
    .cu_resp_valid_o (cu_resp_valid),
    .cu_resp_ready_i (cu_resp_ready),
    .cu_resp_tag_o   (cu_resp_tag),
    .cu_resp_data_o  (cu_resp_data),
    .sl_valid_o      (sl_valid),
    .sl_ready_i      (sl_ready),
    .sl_retry_i      (sl_retry),
    .sl_op_o         (sl_op),
    .sl_fn_o         (sl_fn),
    .sl_nt_o         (sl_nt),
    .sl_sys_o        (sl_sys),
    .sl_line_o       (sl_line),
    .sl_words_o      (sl_words),
    .sl_data_o       (sl_data),
    .sl_cmp_o        (sl_cmp),
    .sl_tag_o        (sl_tag),
    .sl_resp_valid_i (sl_resp_valid),
    .sl_resp_ready_o (sl_resp_ready),
    .sl_resp_tag_i   (sl_resp_tag),
    .sl_resp_data_i  (sl_resp_data)
  );

  // Each CU's and slice's request as one vector, the slice of a CU's
  // request ((line / BlockLines) % 4), the CU a slice's answer names, and
  // each answer as one vector.
  logic [N-1:0][610:0] cu_req, sl_req;
  logic [N-1:0][1:0]   target;
  logic [N-1:0][2:0]   answer_cu;
  logic [N-1:0][527:0] sl_resp, cu_resp;
  for (genvar i = 0; i < N; i++) begin : g_fields
    assign cu_req[i] = {cu_op[i*2 +: 2], cu_fn[i*6 +: 6], cu_nt[i], cu_sys[i], cu_line[i*26 +: 26],
                        cu_words[i*16 +: 16], cu_data[i*512 +: 512], cu_cmp[i*32 +: 32], cu_tag[i*16 +: 16]};
    assign sl_req[i] = {sl_op[i*2 +: 2], sl_fn[i*6 +: 6], sl_nt[i], sl_sys[i], sl_line[i*26 +: 26],
                        sl_words[i*16 +: 16], sl_data[i*512 +: 512], sl_cmp[i*32 +: 32], sl_tag[i*16 +: 16]};
    assign target[i]    = cu_line[i*26 + 2 +: 2];
    assign answer_cu[i] = gpu_mem_pkg::mem_tag_cu(sl_resp_tag[i*16 +: 16]);
    assign sl_resp[i]   = {sl_resp_tag[i*16 +: 16], sl_resp_data[i*512 +: 512]};
    assign cu_resp[i]   = {cu_resp_tag[i*16 +: 16], cu_resp_data[i*512 +: 512]};
  end

  // The unit's choices (hierconn, docs/formal.md): the CU whose request
  // each slice is offered, the slice whose answer each CU is offered, and
  // the last ones served (the round robin's state).
  (* hierconn *) wire [N-1:0][1:0] \u_dut.req_win ;
  (* hierconn *) wire [N-1:0][1:0] \u_dut.resp_win ;
  (* hierconn *) wire [N-1:0][1:0] \u_dut.req_last_q ;
  (* hierconn *) wire [N-1:0][1:0] \u_dut.resp_last_q ;
  wire [N-1:0][1:0] win       = \u_dut.req_win ;
  wire [N-1:0][1:0] resp_win  = \u_dut.resp_win ;
  wire [N-1:0][1:0] last      = \u_dut.req_last_q ;
  wire [N-1:0][1:0] resp_last = \u_dut.resp_last_q ;

  logic [N-1:0][610:0] past_cu_req;
  logic [N-1:0][527:0] past_sl_resp;
  logic [N-1:0][1:0]   past_win, past_resp_win;
  logic [3:0]   past_cu_wait, past_sl_wait, past_sl_refused, past_sl_resp_wait, past_cu_resp_wait;
  always @(posedge clk_i)
    for (int i = 0; i < N; i++) begin
      past_cu_req[i]  <= cu_req[i];
      past_win[i]      <= win[i];
      past_sl_resp[i] <= sl_resp[i];
      past_resp_win[i] <= resp_win[i];
      past_cu_wait[i]      <= !rst_i && cu_valid[i] && !cu_ready[i];
      past_sl_wait[i]      <= !rst_i && sl_valid[i] && !sl_ready[i] && !sl_retry[i];
      past_sl_refused[i]   <= !rst_i && sl_valid[i] && !sl_ready[i];
      past_sl_resp_wait[i] <= !rst_i && sl_resp_valid[i] && !sl_resp_ready[i];
      past_cu_resp_wait[i] <= !rst_i && cu_resp_valid[i] && !cu_resp_ready[i];
    end

  // Each check per CU or slice i: ok_<x>[i] (env_<x>[i] of the
  // environment), asserted as a_<x> (assumed as as_<x>) for all i at the end.
  logic [N-1:0] env_cu_hold;
  logic [N-1:0] env_cu_stable;
  logic [N-1:0] env_resp_hold;
  logic [N-1:0] env_resp_stable;
  logic [N-1:0] env_resp_cu;
  logic [N-1:0] ok_sl_hold;
  logic [N-1:0] ok_sl_stable;
  logic [N-1:0] ok_resp_hold;
  logic [N-1:0] ok_resp_stable;
  logic [N-1:0] ok_sl_valid;
  logic [N-1:0] ok_sl_from;
  logic [N-1:0] ok_cu_ready;
  logic [N-1:0] ok_resp_valid;
  logic [N-1:0] ok_resp_from;
  logic [N-1:0] ok_sl_resp_ready;
  logic [N-1:0] ok_fair;
  logic [N-1:0] ok_resp_fair;

  // ---------------------------------------------------------------- environment
  for (genvar i = 0; i < N; i++) begin : g_env
    always @* begin
      env_cu_hold[i] = 1'b1;
      env_cu_stable[i] = 1'b1;
      env_resp_hold[i] = 1'b1;
      env_resp_stable[i] = 1'b1;
      if (f_past_valid && !rst_i && past_cu_wait[i]) begin
        env_cu_hold[i] = cu_valid[i];
        env_cu_stable[i] = cu_req[i] == past_cu_req[i];
      end
      if (f_past_valid && !rst_i && past_sl_resp_wait[i]) begin
        env_resp_hold[i] = sl_resp_valid[i];
        env_resp_stable[i] = sl_resp[i] == past_sl_resp[i];
      end
      env_resp_cu[i] = !sl_resp_valid[i] || int'(answer_cu[i]) < N;
    end
  end

  // ---------------------------------------------------------------- handshakes
  for (genvar i = 0; i < N; i++) begin : g_hold
    always @* begin
      ok_sl_hold[i] = 1'b1;
      ok_sl_stable[i] = 1'b1;
      ok_resp_hold[i] = 1'b1;
      ok_resp_stable[i] = 1'b1;
      // (a refused request stays valid: its CU holds it; refused without
      // a retry, the slice is offered the same CU's request again)
      if (f_past_valid && !rst_i && past_sl_refused[i])
        ok_sl_hold[i] = sl_valid[i];
      if (f_past_valid && !rst_i && past_sl_wait[i])
        ok_sl_stable[i] = win[i] == past_win[i] && past_cu_wait[win[i]];
      if (f_past_valid && !rst_i && past_cu_resp_wait[i]) begin
        ok_resp_hold[i] = cu_resp_valid[i];
        ok_resp_stable[i] = resp_win[i] == past_resp_win[i] && past_sl_resp_wait[resp_win[i]];
      end
    end
  end

  // ---------------------------------------------------------------- routing
  // (slice s = CU c = i: the requests slice i is offered and takes, the
  // answers CU i is offered and takes)
  // want[s]: some CU has a request for slice s; resp_want[c]: some slice
  // has an answer for CU c
  logic [N-1:0] want, resp_want;
  always @* begin
    for (int i = 0; i < N; i++) begin
      want[i] = 1'b0;
      resp_want[i] = 1'b0;
      for (int j = 0; j < N; j++) begin
        if (cu_valid[j] && int'(target[j]) == i) want[i] = 1'b1;
        if (sl_resp_valid[j] && int'(answer_cu[j]) == i) resp_want[i] = 1'b1;
      end
    end
  end
  for (genvar i = 0; i < N; i++) begin : g_route
    always @* begin
      ok_sl_valid[i] = 1'b1;
      ok_sl_from[i] = 1'b1;
      ok_cu_ready[i] = 1'b1;
      ok_resp_valid[i] = 1'b1;
      ok_resp_from[i] = 1'b1;
      ok_sl_resp_ready[i] = 1'b1;
      if (!rst_i) begin
        // slice i is offered a request exactly when a CU has one for it: the
        // request of one of those CUs, the unit's choice win[i]
        ok_sl_valid[i] = sl_valid[i] == want[i];
        if (sl_valid[i])
          ok_sl_from[i] = cu_valid[win[i]] && target[win[i]] == 2'(i) && sl_req[i] == cu_req[win[i]];
        // CU i's request is taken exactly when its slice takes a request
        // and that is CU i's: so each request is taken once, by its slice
        ok_cu_ready[i] = cu_ready[i] == (sl_valid[target[i]] && sl_ready[target[i]] && win[target[i]] == 2'(i));
        // the same for the answers to CU i
        ok_resp_valid[i] = cu_resp_valid[i] == resp_want[i];
        if (cu_resp_valid[i])
          ok_resp_from[i] = sl_resp_valid[resp_win[i]] && answer_cu[resp_win[i]] == 3'(i) && cu_resp[i] == sl_resp[resp_win[i]];
        ok_sl_resp_ready[i] = sl_resp_ready[i] ==
          (cu_resp_valid[answer_cu[i][1:0]] && cu_resp_ready[answer_cu[i][1:0]] && resp_win[answer_cu[i][1:0]] == 2'(i));
      end
    end
  end

  // ---------------------------------------------------------------- fairness
  // passed[c]: requests of other CUs its slice took while CU c's waited,
  // since it was last offered and refused with a retry
  // (the same for answers: answers of other slices its CU took while slice
  // s's waited)
  logic [N-1:0][2:0] passed_q, resp_passed_q;
  always @(posedge clk_i)
    for (int i = 0; i < N; i++) begin
      if (rst_i || !cu_valid[i] || cu_ready[i] ||
          (sl_valid[target[i]] && sl_retry[target[i]] && win[target[i]] == 2'(i))) passed_q[i] <= '0;
      else if (sl_valid[target[i]] && sl_ready[target[i]]) passed_q[i] <= passed_q[i] + 3'd1;
      if (rst_i || !sl_resp_valid[i] || sl_resp_ready[i]) resp_passed_q[i] <= '0;
      else if (cu_resp_valid[answer_cu[i]] && cu_resp_ready[answer_cu[i]]) resp_passed_q[i] <= resp_passed_q[i] + 3'd1;
    end
  // (invariant: while CU c waits, the CUs its slice can still serve before
  // it are those after the last one served, up to c: passed + that many <= 3;
  // the same for a slice's answer)
  logic [N-1:0] ok_inv_fair, ok_inv_resp_fair;
  for (genvar i = 0; i < N; i++) begin : g_fair
    wire [1:0] ahead      = 2'(i) - last[target[i]] - 2'd1;
    wire [1:0] resp_ahead = 2'(i) - resp_last[answer_cu[i][1:0]] - 2'd1;
    always @* begin
      ok_fair[i] = 1'b1;
      ok_resp_fair[i] = 1'b1;
      ok_inv_fair[i] = 1'b1;
      ok_inv_resp_fair[i] = 1'b1;
      if (f_past_valid && !rst_i) begin
        ok_fair[i] = passed_q[i] <= 3'd3;
        ok_resp_fair[i] = resp_passed_q[i] <= 3'd3;
        if (passed_q[i] != '0) ok_inv_fair[i] = cu_valid[i] && passed_q[i] + {1'b0, ahead} <= 3'd3;
        if (resp_passed_q[i] != '0) ok_inv_resp_fair[i] = sl_resp_valid[i] && resp_passed_q[i] + {1'b0, resp_ahead} <= 3'd3;
      end
    end
  end

  always @* begin
    as_cu_hold: assume (&env_cu_hold);
    as_cu_stable: assume (&env_cu_stable);
    as_resp_hold: assume (&env_resp_hold);
    as_resp_stable: assume (&env_resp_stable);
    as_resp_cu: assume (&env_resp_cu);
    a_sl_hold: assert (&ok_sl_hold);
    a_sl_stable: assert (&ok_sl_stable);
    a_resp_hold: assert (&ok_resp_hold);
    a_resp_stable: assert (&ok_resp_stable);
    a_sl_valid: assert (&ok_sl_valid);
    a_sl_from: assert (&ok_sl_from);
    a_cu_ready: assert (&ok_cu_ready);
    a_resp_valid: assert (&ok_resp_valid);
    a_resp_from: assert (&ok_resp_from);
    a_sl_resp_ready: assert (&ok_sl_resp_ready);
    a_fair: assert (&ok_fair);
    a_resp_fair: assert (&ok_resp_fair);
`ifndef FORMAL_NO_INV
    a_inv_fair: assert (&ok_inv_fair);
    a_inv_resp_fair: assert (&ok_inv_resp_fair);
`endif
  end

endmodule

`default_nettype wire
