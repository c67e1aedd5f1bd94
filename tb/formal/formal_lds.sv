// SPDX-License-Identifier: Apache-2.0
// formal_lds: the formal harness of gpu_lds (docs/formal.md, docs/lds.md),
// with 32 lanes (one operand window) and Banks banks. The environment keeps
// the request contract: valid holds with its payload until accepted, the
// op is an LDS format, and the operand window comes with its request
// (op_valid_i with req_valid_i, taken when the request is). Everything else
// (masks, word addresses, ops, functions, clearing stores, resets, when
// requests come) is free. Two parts (tasks of tb/formal/formal_lds.sby):
//   the round (FORMAL_ROUND): for every state of the unit (its pending
//   lanes, their words, its op), the round it makes: in each bank the
//   lowest pending lane leads, the bank reads the row of the lead's word,
//   the lanes served are the pending lanes on that word (atomics: the lead
//   only), and the bank writes the data of its highest served lane; for
//   atomics no lower pending lane is on a served lane's word and one lane
//   a bank is served (same-word atomics go in ascending lane order). Checked
//   locally: against the unit's own leads and bank rows (s1_lead, s1_row,
//   connected with hierconn), themselves checked against the rule;
//   the instruction (assuming the round properties): the unit's state is
//   the accepted instruction's (invariants a_inv_*); a lane is served only
//   if selected and still pending, so once; at the response every selected
//   lane was served (none lost or duplicated); round r + 1 runs r + 1 cycles
//   after the accepting edge and resp_valid_o comes the cycle after the
//   round that serves the last lane, req_ready_o low exactly in between;
//   stat_lanes_o the lanes of the round before, stat_conflict_o every round
//   but the first; resp_mask_o the mask for loads and returning atomics,
//   else 0.
// The count, for atomics (a_rounds): from the accepting edge the unit is
// busy exactly T = max(1, max over banks of the selected lanes in the
// bank) cycles, one round each, and responds in the next; the popcount
// facts it uses are proved by the task round (a_pc) and assumed by seq.
// For loads and stores (T = the most distinct words in a bank) it follows
// from the round properties (docs/formal.md); stated to the solver it did
// not finish in 5 minutes.
`default_nettype none

module formal_lds #(
  parameter int Banks = 32
) (
  input wire          clk_i,
  input wire          rst_i,
  input wire          req_valid_i,
  input wire  [1:0]   req_kind_i,    // 0 load, 1 store, 2 atomic (3: assumed away)
  input wire  [5:0]   req_fn_i,
  input wire          req_ret_i,
  input wire  [31:0]  req_mask_i,
  input wire          req_zero_i,
  input wire  [8:0]   req_row_i,
  input wire          op_valid_i,
  input wire  [447:0] op_word_i,
  input wire  [1023:0] op_data_i,
  input wire  [1023:0] op_cmp_i
);

  localparam int Lanes = 32;
  localparam int BankW = $clog2(Banks);
  localparam int RowW  = 14 - BankW;
  localparam int LaneW = 5;

  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (rst_i);

  wire [4:0] req_op = req_kind_i == 2'd0 ? gpu_isa_pkg::FMT_LDS_LOAD :
                      req_kind_i == 2'd1 ? gpu_isa_pkg::FMT_LDS_STORE : gpu_isa_pkg::FMT_LDS_ATOMIC;

  logic              req_ready, resp_valid, stat_conflict;
  logic [31:0]       resp_mask;
  logic [1023:0]     resp_data;
  logic [5:0]        stat_lanes;

  gpu_lds #(
    .Lanes (Lanes),
    .Banks (Banks)
  ) u_dut (
    .clk_i           (clk_i),
    .rst_i           (rst_i),
    .req_valid_i     (req_valid_i),
    .req_ready_o     (req_ready),
    .req_op_i        (req_op),
    .req_fn_i        (req_fn_i),
    .req_ret_i       (req_ret_i),
    .req_mask_i      (req_mask_i),
    .req_zero_i      (req_zero_i),
    .req_row_i       (req_row_i),
    .op_valid_i      (op_valid_i),
    .op_win_i        (1'b0),
    .op_word_i       (op_word_i),
    .op_data_i       (op_data_i),
    .op_cmp_i        (op_cmp_i),
    .resp_valid_o    (resp_valid),
    .resp_mask_o     (resp_mask),
    .resp_win_i      (1'b0),
    .resp_data_o     (resp_data),
    .stat_conflict_o (stat_conflict),
    .stat_lanes_o    (stat_lanes)
  );

  // ---------------------------------------------------------------- the environment
  logic        held_q;
  logic [53:0] held_payload_q;
  wire  [53:0] payload = {req_kind_i, req_fn_i, req_ret_i, req_mask_i, req_zero_i, req_row_i, 3'd0};
  wire         accept  = req_valid_i && req_ready;
  always @* begin
    if (f_past_valid && !rst_i) begin
      as_kind:   assume (req_kind_i != 2'd3);
      as_window: assume (!req_valid_i || req_zero_i || op_valid_i);   // the window with its request
      if (held_q)
        as_hold: assume (req_valid_i && payload == held_payload_q);
    end
  end
  always @(posedge clk_i) begin
    held_q         <= req_valid_i && !req_ready && !rst_i;
    held_payload_q <= payload;
  end

  // ---------------------------------------------------------------- the unit's state
  // (hierconn: connected to u_dut's signals when the design is flattened)
  (* hierconn *) wire [31:0]         \u_dut.served32 ;
  (* hierconn *) wire [31:0]         \u_dut.s1_lead ;
  (* hierconn *) wire [31:0]         \u_dut.pend_q ;
  (* hierconn *) wire                \u_dut.busy_q ;
  (* hierconn *) wire                \u_dut.first_q ;
  (* hierconn *) wire [447:0]        \u_dut.wword ;
  (* hierconn *) wire [4:0]          \u_dut.op_q ;
  (* hierconn *) wire                \u_dut.ret_q ;
  (* hierconn *) wire [31:0]         \u_dut.mask_q ;
  (* hierconn *) wire                \u_dut.zero_q ;
  (* hierconn *) wire [8:0]          \u_dut.row_q ;
  (* hierconn *) wire [Banks-1:0]    \u_dut.s1_act ;
  (* hierconn *) wire [Banks*RowW-1:0]  \u_dut.s1_row ;
  (* hierconn *) wire [Banks*LaneW-1:0] \u_dut.s1_wlane ;
  wire [31:0] served = \u_dut.served32 ;   // the lanes the round serves
  wire [31:0] dut_lead = \u_dut.s1_lead ;  // ... the lowest pending lane of each bank
  wire [31:0] dut_pend_q = \u_dut.pend_q ;
  wire dut_busy_q = \u_dut.busy_q ;
  wire dut_first_q = \u_dut.first_q ;
  wire [447:0] dut_wword = \u_dut.wword ;
  wire [4:0] dut_op_q = \u_dut.op_q ;
  wire dut_ret_q = \u_dut.ret_q ;
  wire [31:0] dut_mask_q = \u_dut.mask_q ;
  wire dut_zero_q = \u_dut.zero_q ;
  wire [8:0] dut_row_q = \u_dut.row_q ;
  wire [Banks-1:0] dut_s1_act = \u_dut.s1_act ;
  wire [Banks*RowW-1:0] dut_s1_row = \u_dut.s1_row ;
  wire [Banks*LaneW-1:0] dut_s1_wlane = \u_dut.s1_wlane ;

  // ---------------------------------------------------------------- the reference
  // The accepted instruction.
  logic          busy_q, resp_q, ret_q, zero_q, conflict_q, first_round_q;
  logic [1:0]    kind_q;
  wire           atom_q = kind_q[1];   // (kind 3 is never accepted)
  logic [31:0]   mask_q, p_q, done_q;
  logic [5:0]    stat_exp_q;
  logic [447:0]  w_q;
  logic [8:0]    row_q;
  logic [5:0]    rounds_q, cyc_q;

  // Lane n's word address.
  logic [447:0] w;
  always_comb
    for (int n = 0; n < 32; n++)
      w[n*14 +: 14] = zero_q ? {row_q, 5'(n)} : w_q[n*14 +: 14];

  // The round, from the unit's state: its pending lanes, their words and
  // its op, which the invariants (a_inv_*) prove to be the instruction's
  // (p_q, w, kind_q). So every round check is a property of one cycle, and
  // each is kept local (the rule is checked against the unit's own lead
  // lanes and bank rows, themselves checked against the rule): in_bank, the
  // lanes of each bank; lowest, the lowest pending lane of its bank;
  // has/e_row, per bank: some lane pending, the row of its lowest one;
  // top, per bank the highest served lane; e_wlane its number.
  wire [31:0]  u_p    = dut_pend_q;
  wire [447:0] u_w    = dut_wword;
  wire         u_atom = dut_op_q == gpu_isa_pkg::FMT_LDS_ATOMIC;

  logic [Banks*32-1:0]    in_bank, low_b, top_b;
  logic [Banks-1:0]       has;
  logic [Banks*RowW-1:0]  e_row;
  logic [Banks*LaneW-1:0] e_wlane;
  always_comb begin
    logic [31:0] pb, sb;   // a bank's pending lanes, its served lanes
    for (int b = 0; b < Banks; b++) begin
      for (int n = 0; n < 32; n++) begin
        in_bank[b*32 + n] = u_w[n*14 +: BankW] == BankW'(b);
        pb[n] = u_p[n] && in_bank[b*32 + n];
        sb[n] = served[n] && in_bank[b*32 + n];
      end
      has[b]                    = pb != 32'd0;
      e_row[b*RowW +: RowW]     = '0;
      e_wlane[b*LaneW +: LaneW] = '0;
      for (int n = 0; n < 32; n++) begin
        // (below / above lane n: masks of constant shape)
        low_b[b*32 + n] = pb[n] && (pb & ((32'd1 << n) - 32'd1)) == 32'd0;
        top_b[b*32 + n] = sb[n] && (sb & ~((32'd2 << n) - 32'd1)) == 32'd0;
        // (one-hot ORs)
        if (dut_lead[n] && pb[n]) e_row[b*RowW +: RowW] = e_row[b*RowW +: RowW] | u_w[n*14 + BankW +: RowW];
        if (top_b[b*32 + n]) e_wlane[b*LaneW +: LaneW] = e_wlane[b*LaneW +: LaneW] | LaneW'(n);
      end
    end
  end
  logic [31:0] lowest, e_served;
  always_comb begin
    logic [RowW-1:0] bank_row;   // the row lane n's bank reads
    lowest = '0;
    for (int b = 0; b < Banks; b++) lowest = lowest | low_b[b*32 +: 32];
    // a lane is served if pending and its word is its bank's word this
    // round (the row the bank reads, in that bank); atomics: the lowest lane
    for (int n = 0; n < 32; n++) begin
      bank_row = '0;
      for (int b = 0; b < Banks; b++)   // (constant part-selects: a variable one multiplies)
        if (in_bank[b*32 + n]) bank_row = dut_s1_row[b*RowW +: RowW];
      e_served[n] = u_p[n] && (u_atom ? dut_lead[n] : bank_row == u_w[n*14 + BankW +: RowW]);
    end
  end
  logic [Banks*RowW-1:0]  e_row_mask;
  logic [Banks*LaneW-1:0] e_wlane_mask;
  for (genvar b = 0; b < Banks; b++) begin : g_mask
    assign e_row_mask[b*RowW +: RowW]     = {RowW{has[b]}};
    assign e_wlane_mask[b*LaneW +: LaneW] = {LaneW{has[b]}};
  end
  // atomics: a served lane with a lower pending lane on its word; a bank
  // with two served lanes
  logic [31:0]      out_of_order;
  logic [Banks-1:0] two_in_bank;
  always_comb begin
    for (int n = 0; n < 32; n++) begin
      out_of_order[n] = 1'b0;
      for (int j = 0; j < n; j++)
        if (served[n] && u_p[j] && u_w[j*14 +: 14] == u_w[n*14 +: 14]) out_of_order[n] = 1'b1;
    end
    for (int b = 0; b < Banks; b++)
      two_in_bank[b] = (top_b[b*32 +: 32] != (served & in_bank[b*32 +: 32]));
  end
  wire last_round = (p_q & ~served) == 32'd0;

  function automatic logic [5:0] popcount(input logic [31:0] x);
    popcount = '0;
    for (int n = 0; n < 32; n++) popcount = popcount + {5'd0, x[n]};
  endfunction

  // The instruction: a round takes the lanes the unit serves (the round
  // properties prove them the rule's) out of the pending ones.
  always @(posedge clk_i) begin
    resp_q        <= busy_q && last_round;
    stat_exp_q    <= busy_q ? popcount(served) : 6'd0;
    conflict_q    <= busy_q && !first_round_q;
    if (busy_q) begin
      p_q           <= p_q & ~served;
      done_q        <= done_q | served;
      rounds_q      <= rounds_q + 6'd1;
      first_round_q <= 1'b0;
      if (last_round) busy_q <= 1'b0;
    end
    cyc_q <= cyc_q + 6'd1;
    if (accept) begin
      busy_q        <= 1'b1;
      first_round_q <= 1'b1;
      kind_q        <= req_kind_i;
      ret_q         <= req_ret_i;
      zero_q        <= req_zero_i;
      row_q         <= req_row_i;
      mask_q        <= req_mask_i;
      p_q           <= req_mask_i;
      done_q        <= '0;
      rounds_q      <= '0;
      cyc_q         <= 6'd1;
      w_q           <= op_word_i;
    end
    if (rst_i) begin
      busy_q     <= 1'b0;
      resp_q     <= 1'b0;
      conflict_q <= 1'b0;
      stat_exp_q <= '0;
    end
  end

  // ---------------------------------------------------------------- the round
  // Properties of the round logic, one cycle, for every state of the unit:
  // proved by the task `round` (FORMAL_ROUND defined: a check of one cycle
  // from any state, on the synthesized netlist), assumed by the task `seq`
  // (proved facts about the unit's logic in every state, so the induction
  // need not prove them again).
`ifdef FORMAL_ROUND
  `define LDS_ROUND assert
`else
  `define LDS_ROUND assume
`endif
  always @* begin
    // In each bank the lowest pending lane leads; every bank with pending
    // lanes is accessed at the row of its lead's word; the lanes served are
    // the pending lanes on that word (atomics: the lead); each bank writes
    // the data of its highest served lane. (With no lane pending the unit
    // skips the round's logic, and Yosys names s1_lead a value of the
    // skipped branch: not checked then.)
    if (u_p != 32'd0)
      a_round_lead:  `LDS_ROUND (dut_lead == lowest);
    a_round_act:     `LDS_ROUND (dut_s1_act == has);
    a_round_row:     `LDS_ROUND ((dut_s1_row & e_row_mask) == e_row);
    a_round_lanes:   `LDS_ROUND (served == e_served);
    a_round_wlane:   `LDS_ROUND ((dut_s1_wlane & e_wlane_mask) == e_wlane);
    // atomic order: no lower pending lane on a served lane's word; one lane a bank
    if (u_atom) begin
      a_atomic_order: `LDS_ROUND (out_of_order == 32'd0);
      a_atomic_one:   `LDS_ROUND (two_in_bank == '0);
    end
  end
`undef LDS_ROUND

  // ---------------------------------------------------------------- the count (atomics)
  // Exactly k rounds for a k-way conflict, proved for atomics: an atomic
  // takes T = max(1, max over banks b of D_b) rounds, D_b its selected
  // lanes in bank b (a_rounds). rem_b: its pending lanes in bank b.
  // Kept local: each round serves exactly the lowest pending lane of each
  // bank (a_inv_lead); rounds so far + max(1, max_b rem_b) == T
  // (a_inv_rem), T taken in the first round (every selected lane pending
  // then: rem_b = D_b) and kept in t_q. The induction step takes one from
  // each non-zero rem_b: the popcount facts below.
  logic [Banks*32-1:0] r_bank;   // [b*32 + n]: lane n's word (the instruction's) is in bank b
  always_comb
    for (int n = 0; n < 32; n++)
      for (int b = 0; b < Banks; b++) r_bank[b*32 + n] = w[n*14 +: BankW] == BankW'(b);
  logic [5:0]          t_rounds, max_rem, t_q;   // T; max(1, max_b rem_b); T kept
  logic [Banks*6-1:0]  rem_v;
  logic [Banks*32-1:0] x_v, h_v;   // per bank: the pending lanes; the lowest of them
  for (genvar b = 0; b < Banks; b++) begin : g_cnt
    assign x_v[b*32 +: 32] = p_q & r_bank[b*32 +: 32];
    assign h_v[b*32 +: 32] = lowest & r_bank[b*32 +: 32];
    assign rem_v[b*6 +: 6] = popcount(x_v[b*32 +: 32]);
  end
  always_comb begin
    max_rem = 6'd1;
    for (int b = 0; b < Banks; b++)
      if (rem_v[b*6 +: 6] > max_rem) max_rem = rem_v[b*6 +: 6];
    t_rounds = first_round_q ? max_rem : t_q;
  end
  always @(posedge clk_i) if (busy_q) t_q <= t_rounds;

  // The popcount facts the induction uses: a popcount is 0 only of 0 and at
  // most 32; taking one lane (a one-hot h within x) out of x takes 1 from
  // its popcount. The task round proves them for all 32-bit vectors (a_pc,
  // on free vectors f_pc_x, f_pc_h); the task seq assumes them of each
  // bank's pending lanes, the step stated on last cycle's vector and
  // popcount kept in registers (so the solver need not relate two popcount
  // circuits, which it did not do in 3 minutes).
  function automatic logic pc_fact_zero(input logic [31:0] x, input logic [5:0] c);
    pc_fact_zero = (c == 6'd0) == (x == 32'd0) && c <= 6'd32;
  endfunction
  function automatic logic pc_fact_step(input logic [31:0] x, input logic [31:0] h,
                                        input logic [31:0] y, input logic [5:0] cx, input logic [5:0] cy);
    // y = x without the one-hot h (in x): cy = cx - 1
    pc_fact_step = !(h != 32'd0 && (h & (h - 32'd1)) == 32'd0 && (h & ~x) == 32'd0 &&
                     y == (x & ~h)) || cy == cx - 6'd1;
  endfunction
`ifdef FORMAL_ROUND
  (* anyseq *) wire [31:0] f_pc_x, f_pc_h;
  wire [31:0] f_pc_y = f_pc_x & ~f_pc_h;
  wire [5:0]  f_pc_cx = popcount(f_pc_x);
  wire [5:0]  f_pc_cy = popcount(f_pc_y);
  always @*
    a_pc: assert (pc_fact_zero(f_pc_x, f_pc_cx) && pc_fact_step(f_pc_x, f_pc_h, f_pc_y, f_pc_cx, f_pc_cy));
`else
  logic [Banks*32-1:0] px_q, ph_q;   // last cycle's x_v, h_v, rem_v
  logic [Banks*6-1:0]  pc_q;
  always @(posedge clk_i) begin
    px_q <= x_v;
    ph_q <= h_v;
    pc_q <= rem_v;
  end
  logic [Banks-1:0] pc_ok;
  for (genvar b = 0; b < Banks; b++) begin : g_pc
    assign pc_ok[b] = pc_fact_zero(x_v[b*32 +: 32], rem_v[b*6 +: 6]) &&
                      (!f_past_valid || pc_fact_step(px_q[b*32 +: 32], ph_q[b*32 +: 32], x_v[b*32 +: 32],
                                                     pc_q[b*6 +: 6], rem_v[b*6 +: 6]));
  end
  always @*
    as_pc: assume (pc_ok == '1);
`endif

  // ---------------------------------------------------------------- the instruction
`ifndef FORMAL_ROUND
  wire returns = kind_q == 2'd0 || (atom_q && ret_q);

  always @* begin
    if (f_past_valid && !rst_i) begin
`ifndef FORMAL_NO_INV
      // (invariants: the unit's state is the reference's)
      a_inv_busy:      assert (dut_busy_q == busy_q);
      if (busy_q)
        a_inv_state:   assert (dut_pend_q == p_q && dut_first_q == first_round_q &&
                               dut_op_q == (kind_q == 2'd0 ? gpu_isa_pkg::FMT_LDS_LOAD :
                                            kind_q == 2'd1 ? gpu_isa_pkg::FMT_LDS_STORE :
                                                             gpu_isa_pkg::FMT_LDS_ATOMIC) &&
                               dut_ret_q == ret_q && dut_mask_q == mask_q &&
                               dut_zero_q == zero_q && dut_row_q == row_q && dut_wword == w);
      // (the count's invariants, atomics)
      if (busy_q && atom_q) begin
        a_inv_lead:    assert (served == lowest);
        a_inv_rem:     assert (rounds_q + max_rem == t_rounds && t_rounds <= 6'd32);
      end
`endif
      // the count (atomics): from the accepting edge the unit is busy
      // exactly T cycles, one round each (req_ready_o low), and responds
      // in the next
      if ((busy_q || resp_q) && atom_q)
        a_rounds:      assert (req_ready == (cyc_q > t_rounds) && resp_valid == (cyc_q == t_rounds + 6'd1));
      if (busy_q) begin
        // lanes: served once, only when selected and pending; none lost
        a_lane_once:   assert ((served & ~p_q) == 32'd0 && (served & done_q) == 32'd0);
        a_lane_kept:   assert ((p_q | done_q) == mask_q && (p_q & done_q) == 32'd0);
        // latency: round r + 1 in cycle r + 1 after the accepting edge
        a_cycles:      assert (cyc_q == rounds_q + 6'd1);
        a_not_ready:   assert (!req_ready);
      end else
        a_ready:       assert (req_ready);
      // the response: the cycle after the round that serves the last lane
      a_resp:          assert (resp_valid == resp_q);
      if (resp_q) begin
        a_resp_all:    assert (done_q == mask_q && p_q == 32'd0 && cyc_q == rounds_q + 6'd1);
        a_resp_mask:   assert (resp_mask == (returns ? mask_q : 32'd0));
      end else
        a_resp_mask0:  assert (resp_mask == 32'd0);
      // counters
      a_stat_lanes:    assert (stat_lanes == stat_exp_q);
      a_stat_conflict: assert (stat_conflict == conflict_q);
    end
  end
`endif

  wire unused_ports = ^{resp_data, op_data_i[0], op_cmp_i[0]};

endmodule

`default_nettype wire
