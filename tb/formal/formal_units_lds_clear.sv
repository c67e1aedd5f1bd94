// SPDX-License-Identifier: Apache-2.0
// formal_units_lds_clear: the formal harness of gpu_lds_clear, the clearing
// of a new group's LDS allocation (docs/formal.md). Assumed (the CU's and
// the LDS's side): a group is placed only while no allocation is being
// cleared and no clearing request is in the LDS, with an allocation of at
// most 64 KiB, a multiple of 4 bytes; the LDS holds at most 4 requests
// (req_ready_i low while 4 clearing requests are in it) and answers them in
// order, one response each (while one is in it, every response is the
// oldest one's). Free: placements, slots, sizes, wave_lds_i, req_ready_i,
// other responses, resets. One LDS word f_word (any, fixed) is watched.
// Proved: a zeroing request (go_o) only while req_ready_i, never while
// wave_lds_i, only while clearing; busy_o exactly while clearing requests
// are in the LDS; the rows of the allocation in order, from the base's row
// up, one per request; the watched word is zeroed (row_o, mask_o) only if
// in the allocation, at most once, and exactly once when the clearing ends;
// the clearing ends when the request of the row of the last word is taken;
// active_o and hold_o (the group's slots) are high from the placement until
// then.
`default_nettype none

module formal_units_lds_clear (
  input wire        clk_i,
  input wire        rst_i,
  input wire        place_i,
  input wire        place_slot_i,
  input wire        place_two_i,
  input wire [16:0] lds_bytes_i,
  input wire        wave_lds_i,
  input wire        req_ready_i,
  input wire        resp_valid_i
);

  logic        go, active, busy;
  logic [8:0]  row;
  logic [31:0] mask;
  logic [1:0]  hold;

  gpu_lds_clear u_dut (
    .clk_i        (clk_i),
    .rst_i        (rst_i),
    .place_i      (place_i),
    .place_slot_i (place_slot_i),
    .place_two_i  (place_two_i),
    .lds_bytes_i  (lds_bytes_i),
    .wave_lds_i   (wave_lds_i),
    .req_ready_i  (req_ready_i),
    .resp_valid_i (resp_valid_i),
    .go_o         (go),
    .row_o        (row),
    .mask_o       (mask),
    .active_o     (active),
    .busy_o       (busy),
    .hold_o       (hold)
  );

  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (rst_i);

  (* anyconst *) logic [13:0] f_word;   // the watched word of the LDS (64 KiB: 16384 words)

  // ---------------------------------------------------------------- the environment (assumed)
  logic [2:0] out_q;   // clearing requests in the LDS, not yet answered
  // (a response while a clearing request is out is the oldest one's answer;
  // others, the wave instructions', are free)
  always @* begin
    if (place_i)
      as_place: assume (!active && out_q == 3'd0 && lds_bytes_i <= 17'd65536 && lds_bytes_i[1:0] == 2'd0);
    if (out_q == 3'd4)
      as_room: assume (!req_ready_i);
  end

  // ---------------------------------------------------------------- the clearing (proved)
  wire        start  = place_i && lds_bytes_i != 17'd0 && !rst_i;
  wire [14:0] base   = (place_slot_i && !place_two_i) ? 15'd16384 - 15'(lds_bytes_i[16:2]) : 15'd0;
  wire        answer = resp_valid_i && out_q != 3'd0;
  logic        act_q, slot_q, two_q;
  logic [14:0] word_q, end_q;   // the next word to clear (a row's first after the first request), the end (exclusive)
  logic [1:0]  n_q;             // times the watched word was zeroed since the placement
  wire         watched_now = go && row == f_word[13:5] && mask[f_word[4:0]];
  wire         in_alloc    = {1'b0, f_word} >= word_q && {1'b0, f_word} < end_q;   // (of the row being zeroed)
  wire         in_range_q  = {1'b0, f_word} >= base_q && {1'b0, f_word} < end_q;
  logic [14:0] base_q;
  wire        last_go = go && {word_q[14:5] + 10'd1, 5'd0} >= end_q;   // the last row's request
  always @(posedge clk_i) begin
    out_q <= out_q + {2'd0, go} - {2'd0, answer};
    if (go) word_q <= {word_q[14:5] + 10'd1, 5'd0};
    if (last_go) act_q <= 1'b0;
    if (watched_now && n_q != 2'd3) n_q <= n_q + 2'd1;
    if (start) begin
      act_q  <= 1'b1;
      slot_q <= place_slot_i;
      two_q  <= place_two_i;
      base_q <= base;
      word_q <= base;
      end_q  <= base + 15'(lds_bytes_i[16:2]);
      n_q    <= 2'd0;
    end
    if (rst_i) begin
      out_q <= '0;
      act_q <= 1'b0;
    end
  end

  (* hierconn *) wire [14:0] \u_dut.word_q ;
  (* hierconn *) wire [14:0] \u_dut.end_q ;
  (* hierconn *) wire        \u_dut.slot_q ;
  (* hierconn *) wire        \u_dut.two_q ;
  (* hierconn *) wire [2:0]  \u_dut.out_q ;
  wire [14:0] dut_word = \u_dut.word_q ;
  wire [14:0] dut_end  = \u_dut.end_q ;
  wire        dut_slot = \u_dut.slot_q ;
  wire        dut_two  = \u_dut.two_q ;
  wire [2:0]  dut_out  = \u_dut.out_q ;

  always @* begin
    if (f_past_valid && !rst_i) begin
      // a request only while the LDS is ready, no wave instruction wants it
      // and an allocation is being cleared
      if (go) a_go: assert (req_ready_i && !wave_lds_i && act_q);
      // busy_o while clearing requests are in the LDS
      a_busy:   assert (busy == (out_q != 3'd0));
      // the rows in order, from the base's up; the watched word zeroed only
      // if in the allocation (of this row on), at most once
      if (go) begin
        a_row:  assert ({1'b0, row} == word_q[14:5] && word_q < end_q);
        if (row == f_word[13:5])
          a_mask: assert (mask[f_word[4:0]] == in_alloc);
      end
      if (watched_now) a_once: assert (n_q == 2'd0 && in_range_q);
      // the clearing ends when the last row's request is taken, with the
      // watched word zeroed if in the allocation, and holds the group's slots until then
      a_active: assert (active == act_q);
      a_hold:   assert (hold == (act_q ? (two_q ? 2'b11 : (slot_q ? 2'b10 : 2'b01)) : 2'b00));
      if (act_q) a_end: assert (word_q < end_q);   // (nothing left: it ended at the last request)
`ifndef FORMAL_NO_INV
      if (act_q) begin
        a_inv_regs: assert (dut_word == word_q && dut_end == end_q && dut_slot == slot_q && dut_two == two_q &&
                            dut_out == out_q);
        a_inv_range: assert (base_q <= word_q && end_q <= 15'd16384 && base_q < end_q &&
                             (word_q == base_q || word_q[4:0] == 5'd0) && word_q <= {end_q[14:5] + 10'd1, 5'd0} &&
                             out_q <= 3'd4);
        // the watched word was zeroed iff it is in the allocation below word_q
        a_inv_count: assert (n_q == (in_range_q && {1'b0, f_word} < word_q ? 2'd1 : 2'd0));
      end else
        a_inv_idle: assert (out_q <= 3'd4 && dut_out == out_q);
`endif
    end
  end

  // when the clearing ends (act_q falls at the last request), the watched word was zeroed iff in the allocation
  logic last_q2, in_range_q2;
  logic [1:0] n_q2;
  always @(posedge clk_i) begin
    last_q2     <= act_q && last_go && !rst_i && !start;
    in_range_q2 <= in_range_q;
    n_q2        <= n_q + {1'b0, watched_now};   // (with the last row's)
  end
  always @* if (f_past_valid && !rst_i && last_q2) a_all: assert (n_q2 == (in_range_q2 ? 2'd1 : 2'd0));

endmodule

`default_nettype wire
