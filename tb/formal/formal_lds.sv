// SPDX-License-Identifier: Apache-2.0
// formal_lds: the formal harness of gpu_lds (docs/formal.md, docs/lds.md),
// with 32 lanes (one operand window) and Banks banks. The environment keeps
// the request contract: valid holds with its payload until accepted, the
// op is an LDS format, and the operand window comes with its request
// (op_valid_i with req_valid_i, taken when the request is). Everything else
// (masks, word addresses, ops, functions, clearing stores, resets) is free;
// when requests come and results are popped depends on the task. Three
// parts (tasks of tb/formal/formal_lds.sby):
//   the round (FORMAL_ROUND): for every state of the unit (the oldest
//   entry's pending lanes, their words, its op; every register and entry
//   free), the round it makes while in its rounds (act_q): in each bank the
//   lowest pending lane leads, the bank reads the row of the lead's word,
//   the lanes served are the pending lanes on that word (atomics: the lead
//   only), and the bank writes the data of its highest served lane; for
//   atomics no lower pending lane is on a served lane's word and one lane
//   a bank is served (same-word atomics go in ascending lane order). Checked
//   locally: against the unit's own leads and bank rows (s1_lead, s1_row,
//   connected with hierconn), themselves checked against the rule;
//   the instruction (task seq; assuming the round properties), for
//   instructions sent one at a time: a request only while the LDS is empty
//   (count_o 0, busy_o low, no result waiting) and the reference idle, and
//   every result popped in the first cycle it is valid (res_pop_i =
//   res_valid_o). Then: the unit's state is the accepted instruction's
//   (invariants a_inv_*: the ring's pointers and counts, the oldest entry,
//   the result queue's counts and the head's mask); a lane is served only
//   if selected and still pending, so once; at the response every selected
//   lane was served (none lost or duplicated); round r + 1 runs r + 1 cycles
//   after the accepting edge and resp_valid_o comes the cycle after the
//   round that serves the last lane, count_o 1 exactly in between (else 0),
//   req_ready_o high, wbusy_o while a store or atomic is in its rounds,
//   busy_o until the response; res_valid_o only in the cycle of the
//   response, exactly for loads and returning atomics, with res_mask_o the
//   instruction's mask; stat_lanes_o the lanes of the round before,
//   stat_conflict_o every round but the first;
//   the queue (FORMAL_QUEUE, task queue: k-induction, depth 2, 12-17 minutes;
//   run by make formal-long, scripts/formal.sh --long): the
//   pipeline, with requests sent back to back (a store or atomic only while
//   wbusy_o is low, the sender's rule) and results popped any time: every
//   accepted instruction is in the ring (count_o) or has its response pulse
//   this cycle, so none is lost or answered twice (count_o + resp_valid_o =
//   instructions accepted - responses); count_o <= 4, req_ready_o low only
//   at 4; wbusy_o exactly while a store or atomic is in the ring; busy_o;
//   the results in acceptance order: res_valid_o exactly while a response
//   of a load or returning atomic is not popped, res_mask_o its mask; and
//   the data of a watched lane and word (anyconst): a load reads the value
//   of the last store before it (in acceptance order) to that word, if no
//   atomic wrote it since (forwarding of back-to-back writes included);
//   resp_data_o is 0 outside res_mask_o.
// The count, for atomics (a_rounds, task seq): from the accepting edge the
// unit is in its rounds exactly T = max(1, max over banks of the selected
// lanes in the bank) cycles, one round each, and responds in the next; the
// popcount facts it uses are proved by the task round (a_pc) and assumed by
// seq. For loads and stores (T = the most distinct words in a bank) it
// follows from the round properties (docs/formal.md); stated to the solver
// it did not finish in 5 minutes.
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
  input wire  [1023:0] op_cmp_i,
  input wire          res_pop_i
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
  logic [2:0]        count;
  logic              wbusy, busy;
  logic              res_valid;
  logic [31:0]       res_mask;
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
    .count_o         (count),
    .wbusy_o         (wbusy),
    .busy_o          (busy),
    .resp_valid_o    (resp_valid),
    .res_valid_o     (res_valid),
    .res_mask_o      (res_mask),
    .res_pop_i       (res_pop_i),
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
  // (hierconn: connected to u_dut's signals when the design is flattened;
  // res_mask_mem[e]: the result queue's masks, registers after memory_map
  // in the .sby)
  (* hierconn *) wire [31:0]         \u_dut.served32 ;
  (* hierconn *) wire [31:0]         \u_dut.s1_lead ;
  (* hierconn *) wire                \u_dut.act_q ;
  (* hierconn *) wire                \u_dut.first_q ;
  (* hierconn *) wire [31:0]         \u_dut.pend ;
  (* hierconn *) wire [447:0]        \u_dut.wword ;
  (* hierconn *) wire [4:0]          \u_dut.op ;
  (* hierconn *) wire                \u_dut.act_ret ;
  (* hierconn *) wire [31:0]         \u_dut.act_mask ;
  (* hierconn *) wire                \u_dut.zero ;
  (* hierconn *) wire [8:0]          \u_dut.row ;
  (* hierconn *) wire [Banks-1:0]    \u_dut.s1_act ;
  (* hierconn *) wire [Banks*RowW-1:0]  \u_dut.s1_row ;
  (* hierconn *) wire [Banks*LaneW-1:0] \u_dut.s1_wlane ;
  (* hierconn *) wire [1:0]          \u_dut.wr_q ;
  (* hierconn *) wire [1:0]          \u_dut.rd_q ;
  (* hierconn *) wire [2:0]          \u_dut.wcnt_q ;
  (* hierconn *) wire [1:0]          \u_dut.res_wr_q ;
  (* hierconn *) wire [1:0]          \u_dut.res_rd_q ;
  (* hierconn *) wire [2:0]          \u_dut.res_occ_q ;
  (* hierconn *) wire [2:0]          \u_dut.res_done_q ;
  (* hierconn *) wire                \u_dut.s2_done_q ;
  (* hierconn *) wire [31:0]         \u_dut.res_mask_mem[0] ;
  (* hierconn *) wire [31:0]         \u_dut.res_mask_mem[1] ;
  (* hierconn *) wire [31:0]         \u_dut.res_mask_mem[2] ;
  (* hierconn *) wire [31:0]         \u_dut.res_mask_mem[3] ;
  wire [31:0] served = \u_dut.served32 ;   // the lanes the round serves
  wire [31:0] dut_lead = \u_dut.s1_lead ;  // ... the lowest pending lane of each bank
  wire dut_act_q = \u_dut.act_q ;          // the oldest entry is in its rounds
  wire dut_first_q = \u_dut.first_q ;
  wire [31:0] dut_pend = \u_dut.pend ;     // its pending lanes (first round: its mask)
  wire [447:0] dut_wword = \u_dut.wword ;  // ... their words
  wire [4:0] dut_op = \u_dut.op ;          // its op, ret, mask, zero, row
  wire dut_ret = \u_dut.act_ret ;
  wire [31:0] dut_mask = \u_dut.act_mask ;
  wire dut_zero = \u_dut.zero ;
  wire [8:0] dut_row = \u_dut.row ;
  wire [Banks-1:0] dut_s1_act = \u_dut.s1_act ;
  wire [Banks*RowW-1:0] dut_s1_row = \u_dut.s1_row ;
  wire [Banks*LaneW-1:0] dut_s1_wlane = \u_dut.s1_wlane ;
  wire [1:0] dut_wr_q = \u_dut.wr_q ;
  wire [1:0] dut_rd_q = \u_dut.rd_q ;
  wire [2:0] dut_wcnt_q = \u_dut.wcnt_q ;
  wire [1:0] dut_res_wr_q = \u_dut.res_wr_q ;
  wire [1:0] dut_res_rd_q = \u_dut.res_rd_q ;
  wire [2:0] dut_res_occ_q = \u_dut.res_occ_q ;
  wire [2:0] dut_res_done_q = \u_dut.res_done_q ;
  wire dut_s2_done_q = \u_dut.s2_done_q ;
  // the banks' stage 2 (s2_*: the round before), their old words and the
  // word each writes (Banks = 4 for these: the .sby's; banks 0 to 3)
  (* hierconn *) wire [Banks-1:0]    \u_dut.s2_act_q ;
  (* hierconn *) wire [Banks*RowW-1:0] \u_dut.s2_row_q ;
  (* hierconn *) wire                \u_dut.s2_we_q ;
  (* hierconn *) wire                \u_dut.s2_atomic_q ;
  (* hierconn *) wire [Banks*32-1:0] \u_dut.s2_old ;
  (* hierconn *) wire [31:0]         \u_dut.g_bank[0].u_bank.wdata ;
  (* hierconn *) wire [31:0]         \u_dut.g_bank[1].u_bank.wdata ;
  (* hierconn *) wire [31:0]         \u_dut.g_bank[2].u_bank.wdata ;
  (* hierconn *) wire [31:0]         \u_dut.g_bank[3].u_bank.wdata ;
  wire [127:0] dut_res_masks = {\u_dut.res_mask_mem[3] , \u_dut.res_mask_mem[2] ,
                                \u_dut.res_mask_mem[1] , \u_dut.res_mask_mem[0] };

  // ---------------------------------------------------------------- the round
  // The round, from the unit's state: the oldest entry's pending lanes,
  // their words and its op, which the invariants (a_inv_*) prove to be the
  // instruction's (p_q, w, kind_q); no lanes while the unit is not in its
  // rounds (act_q low: the round logic is off, pend may be anything). So
  // every round check is a property of one cycle, and each is kept local
  // (the rule is checked against the unit's own lead lanes and bank rows,
  // themselves checked against the rule): in_bank, the lanes of each bank;
  // lowest, the lowest pending lane of its bank; has/e_row, per bank: some
  // lane pending, the row of its lowest one; top, per bank the highest
  // served lane; e_wlane its number.
  wire [31:0]  u_p    = dut_act_q ? dut_pend : 32'd0;
  wire [447:0] u_w    = dut_wword;
  wire         u_atom = dut_op == gpu_isa_pkg::FMT_LDS_ATOMIC;

  `include "formal_coalescer_rule.svh"   // (rule_lead_hot: the lowest lane)
  `include "formal_lds_rule.svh"
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
      low_b[b*32 +: 32]         = rule_lead_hot(pb);
      e_row[b*RowW +: RowW]     = rule_lds_row_of(dut_lead & pb, u_w);
      e_wlane[b*LaneW +: LaneW] = '0;
      for (int n = 0; n < 32; n++) begin
        // (above lane n: a mask of constant shape)
        top_b[b*32 + n] = sb[n] && (sb & ~((32'd2 << n) - 32'd1)) == 32'd0;
        // (a one-hot OR)
        if (top_b[b*32 + n]) e_wlane[b*LaneW +: LaneW] = e_wlane[b*LaneW +: LaneW] | LaneW'(n);
      end
    end
  end
  logic [31:0] lowest, e_served;
  always_comb begin
    lowest = '0;
    for (int b = 0; b < Banks; b++) lowest = lowest | low_b[b*32 +: 32];
    // a lane is served if pending and its word is its bank's word this
    // round (the row the bank reads, in that bank); atomics: the lowest lane
    e_served = u_atom ? u_p & dut_lead : rule_lds_served(u_p, u_w, rule_lds_reads(u_w, dut_s1_row));
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
`ifndef FORMAL_QUEUE
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
`endif
`undef LDS_ROUND

`ifndef FORMAL_QUEUE
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

`ifndef FORMAL_ROUND
  // ---------------------------------------------------------------- the environment (one at a time)
  // (task seq) a request only while the LDS and the reference are idle and
  // no result waits; each result popped in the first cycle it is valid
  always @* begin
    as_pop: assume (res_pop_i == res_valid);
    if (f_past_valid && !rst_i)
      as_one: assume (!req_valid_i || (count == 3'd0 && !busy && !res_valid && !busy_q && !resp_q));
  end
`endif

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
  wire writes  = kind_q != 2'd0;
  // the result queue's entry taken: from the first round to the pop (in
  // the response's cycle, res_pop_i = res_valid_o)
  wire res_taken = returns && ((busy_q && !first_round_q) || resp_q);
  wire [31:0] dut_res_head = dut_res_masks[dut_res_rd_q*32 +: 32];

  always @* begin
    if (f_past_valid && !rst_i) begin
`ifndef FORMAL_NO_INV
      // (invariants: the unit's state is the reference's: the ring holds
      // the instruction (one entry) while it is in its rounds, else none)
      a_inv_busy:      assert (dut_act_q == busy_q && !(busy_q && resp_q));
      a_inv_ring:      assert (dut_wr_q == dut_rd_q + {1'b0, busy_q} &&
                               dut_wcnt_q == {2'd0, busy_q && writes});
      if (busy_q)
        a_inv_state:   assert (dut_pend == p_q && dut_first_q == first_round_q &&
                               dut_op == (kind_q == 2'd0 ? gpu_isa_pkg::FMT_LDS_LOAD :
                                          kind_q == 2'd1 ? gpu_isa_pkg::FMT_LDS_STORE :
                                                           gpu_isa_pkg::FMT_LDS_ATOMIC) &&
                               dut_ret == ret_q && dut_mask == mask_q &&
                               dut_zero == zero_q && dut_row == row_q && dut_wword == w);
      // (the result queue: one entry, taken from the first round to the
      // pop; no complete one waits; its mask)
      a_inv_res:       assert (dut_res_occ_q == {2'd0, res_taken} &&
                               dut_res_wr_q == dut_res_rd_q + {1'b0, res_taken} &&
                               dut_s2_done_q == (resp_q && returns) &&
                               dut_res_done_q == 3'd0);
      if (res_taken)
        a_inv_res_mask: assert (dut_res_head == mask_q);
      // (the count's invariants, atomics)
      if (busy_q && atom_q) begin
        a_inv_lead:    assert (served == lowest);
        a_inv_rem:     assert (rounds_q + max_rem == t_rounds && t_rounds <= 6'd32);
      end
`endif
      // the count (atomics): from the accepting edge the unit is in its
      // rounds exactly T cycles, one round each (count_o 1), and responds
      // in the next
      if ((busy_q || resp_q) && atom_q)
        a_rounds:      assert ((count != 3'd0) == (cyc_q <= t_rounds) && resp_valid == (cyc_q == t_rounds + 6'd1));
      if (busy_q) begin
        // lanes: served once, only when selected and pending; none lost
        a_lane_once:   assert ((served & ~p_q) == 32'd0 && (served & done_q) == 32'd0);
        a_lane_kept:   assert ((p_q | done_q) == mask_q && (p_q & done_q) == 32'd0);
        // latency: round r + 1 in cycle r + 1 after the accepting edge
        a_cycles:      assert (cyc_q == rounds_q + 6'd1);
      end
      // the instruction is in the ring (count_o 1) exactly in its rounds;
      // the ring has room (one at a time); wbusy_o for a store or atomic;
      // busy_o until the response
      a_count:         assert (count == {2'd0, busy_q});
      a_ready:         assert (req_ready);
      a_wbusy:         assert (wbusy == (busy_q && writes));
      a_busy:          assert (busy == (busy_q || resp_q));
      // the response: the cycle after the round that serves the last lane
      a_resp:          assert (resp_valid == resp_q);
      if (resp_q)
        a_resp_all:    assert (done_q == mask_q && p_q == 32'd0 && cyc_q == rounds_q + 6'd1);
      // the result: in the response's cycle, loads and returning atomics,
      // with the instruction's mask
      if (resp_q)
        a_res_mask:    assert (res_valid == returns && res_mask == (returns ? mask_q : 32'd0));
      else
        a_res_none:    assert (!res_valid && res_mask == 32'd0);
      // counters
      a_stat_lanes:    assert (stat_lanes == stat_exp_q);
      a_stat_conflict: assert (stat_conflict == conflict_q);
    end
  end
`endif
`endif  // !FORMAL_QUEUE

`ifdef FORMAL_QUEUE
  // ---------------------------------------------------------------- the queue (pipelined)
  // Environment: requests back to back; a store or atomic only while
  // wbusy_o is low (its data and compare values go into the one register;
  // a clearing store without operands may come any time); a pop only of a
  // valid result.
  always @* begin
    if (f_past_valid && !rst_i) begin
      as_send: assume (!req_valid_i || req_kind_i == 2'd0 || !wbusy || (req_zero_i && !op_valid_i));
      as_pop:  assume (!res_pop_i || res_valid);
    end
  end

  // The instructions accepted and not answered yet, in order (a ring of 8,
  // oldest at q_rd): kind, ret, mask. The results not popped yet (a ring
  // of 8, oldest at r_rd): mask.
  logic [2:0]   q_rd, q_wr, r_rd, r_wr;
  logic [3:0]   q_n, r_n;
  logic [15:0]  q_kind;
  logic [7:0]   q_ret;
  logic [255:0] q_mask, r_mask;
  wire [1:0]  h_kind    = q_kind[q_rd*2 +: 2];   // the oldest (answered now if resp_valid_o)
  wire        h_returns = h_kind == 2'd0 || (h_kind == 2'd2 && q_ret[q_rd]);
  wire        res_new   = resp_valid && h_returns;   // a result is complete now
  wire        pop_res   = res_pop_i && res_valid;

  always @(posedge clk_i) begin
    if (accept) begin
      q_kind[q_wr*2 +: 2]   <= req_kind_i;
      q_ret[q_wr]           <= req_ret_i;
      q_mask[q_wr*32 +: 32] <= req_mask_i;
      q_wr                  <= q_wr + 3'd1;
    end
    if (resp_valid) q_rd <= q_rd + 3'd1;
    if (res_new) begin
      r_mask[r_wr*32 +: 32] <= q_mask[q_rd*32 +: 32];
      r_wr                  <= r_wr + 3'd1;
    end
    if (pop_res) r_rd <= r_rd + 3'd1;
    q_n <= q_n + {3'd0, accept} - {3'd0, resp_valid};
    r_n <= r_n + {3'd0, res_new} - {3'd0, pop_res};
    if (rst_i) begin
      q_rd <= '0;
      q_wr <= '0;
      q_n  <= '0;
      r_rd <= '0;
      r_wr <= '0;
      r_n  <= '0;
    end
  end

  // The stores and atomics in the ring: the instructions not answered,
  // without the one whose response is now.
  logic       q_writers;
  logic [2:0] rel;
  always_comb begin
    q_writers = 1'b0;
    rel       = '0;
    for (int k = 0; k < 8; k++) begin
      rel = 3'(k) - q_rd;   // (its place in the order: 0 the oldest)
      if ({1'b0, rel} < q_n && {1'b0, rel} >= {3'd0, resp_valid} && q_kind[k*2 +: 2] != 2'd0)
        q_writers = 1'b1;
    end
  end
  // The head result: the oldest not popped, else the one complete now
  // (res_valid_o from the response's cycle on).
  wire [3:0]  r_all       = r_n + {3'd0, res_new};
  wire [31:0] r_head_mask = r_n != 4'd0 ? r_mask[r_rd*32 +: 32] : q_mask[q_rd*32 +: 32];

  always @* begin
    if (f_past_valid && !rst_i) begin
      // every accepted instruction is in the ring or answered now, so none
      // is lost or answered twice, in order
      q_inflight: assert ({1'b0, count} + {3'd0, resp_valid} == q_n);
      q_count:    assert (count <= 3'd4);
      q_ready:    assert (req_ready == (count != 3'd4));
      q_busy:     assert (busy == (q_n != 4'd0));
      q_wbusy:    assert (wbusy == q_writers);
      // results in acceptance order, each once, with its mask
      q_res:      assert (res_valid == (r_all != 4'd0) && r_all <= 4'd4);
      if (res_valid)
        q_res_mask: assert (res_mask == r_head_mask);
      else
        q_res_none: assert (res_mask == 32'd0);
      // resp_data_o: 0 outside res_mask_o (the watched lane)
      if (!res_mask[f_lane])
        q_data0:  assert (resp_data[f_lane*32 +: 32] == 32'd0);
    end
  end

`ifndef FORMAL_NO_INV
  // (invariants, for the induction: the ring holds the instructions not
  // answered, but the one in its last stage 2, in order; the result queue
  // holds the results not popped, then the one in its last stage 2, then
  // the active one's once past its first round)
  (* hierconn *) wire [4:0]  \u_dut.ent_op[0] ;
  (* hierconn *) wire [4:0]  \u_dut.ent_op[1] ;
  (* hierconn *) wire [4:0]  \u_dut.ent_op[2] ;
  (* hierconn *) wire [4:0]  \u_dut.ent_op[3] ;
  (* hierconn *) wire        \u_dut.ent_ret[0] ;
  (* hierconn *) wire        \u_dut.ent_ret[1] ;
  (* hierconn *) wire        \u_dut.ent_ret[2] ;
  (* hierconn *) wire        \u_dut.ent_ret[3] ;
  (* hierconn *) wire [31:0] \u_dut.ent_mask[0] ;
  (* hierconn *) wire [31:0] \u_dut.ent_mask[1] ;
  (* hierconn *) wire [31:0] \u_dut.ent_mask[2] ;
  (* hierconn *) wire [31:0] \u_dut.ent_mask[3] ;
  wire [19:0]  ent_ops   = {\u_dut.ent_op[3] , \u_dut.ent_op[2] , \u_dut.ent_op[1] , \u_dut.ent_op[0] };
  wire [3:0]   ent_rets  = {\u_dut.ent_ret[3] , \u_dut.ent_ret[2] , \u_dut.ent_ret[1] , \u_dut.ent_ret[0] };
  wire [127:0] ent_masks = {\u_dut.ent_mask[3] , \u_dut.ent_mask[2] , \u_dut.ent_mask[1] , \u_dut.ent_mask[0] };
  (* hierconn *) wire \u_dut.s2_last_q ;
  wire dut_s2_last_q = \u_dut.s2_last_q ;

  logic [3:0] ent_ok, rq_ok;   // per place in the order: the ring's entry is the instruction's; the result's
  logic [2:0] n_writers;        // the stores and atomics in the ring
  logic [2:0] hq;               // loop temporaries: the harness's place, the unit's entry / result
  logic [1:0] e;
  logic       a_ret;            // the active instruction returns
  always_comb begin
    n_writers = '0;
    hq        = '0;
    e         = '0;
    for (int j = 0; j < 4; j++) begin
      hq = q_rd + {2'd0, dut_s2_last_q} + 3'(j);
      e  = dut_rd_q + 2'(j);
      ent_ok[j] = 3'(j) >= count ||
                  (q_kind[hq*2 +: 2] != 2'd3 && ent_ops[e*5 +: 5] == (q_kind[hq*2 +: 2] == 2'd0 ? gpu_isa_pkg::FMT_LDS_LOAD :
                                          q_kind[hq*2 +: 2] == 2'd1 ? gpu_isa_pkg::FMT_LDS_STORE :
                                                                      gpu_isa_pkg::FMT_LDS_ATOMIC) &&
                   ent_rets[e] == q_ret[hq] && ent_masks[e*32 +: 32] == q_mask[hq*32 +: 32]);
      if (3'(j) < count && q_kind[hq*2 +: 2] != 2'd0) n_writers = n_writers + 3'd1;
      // the results: those complete (r_*), then the one in its last stage 2
      e  = dut_res_rd_q + 2'(j);
      hq = r_rd + 3'(j);
      rq_ok[j] = 3'(j) > dut_res_done_q ||
                  (3'(j) < dut_res_done_q ? dut_res_masks[e*32 +: 32] == r_mask[hq*32 +: 32] :
                   !dut_s2_done_q || dut_res_masks[e*32 +: 32] == q_mask[q_rd*32 +: 32]);
    end
  end
  wire        act_returns = dut_op == gpu_isa_pkg::FMT_LDS_LOAD || (dut_op == gpu_isa_pkg::FMT_LDS_ATOMIC && dut_ret);
  wire        act_taken   = dut_act_q && !dut_first_q && act_returns;   // the active one holds a result entry
  wire [1:0]  act_entry   = dut_res_rd_q + 2'(dut_res_done_q) + {1'b0, dut_s2_done_q};
  always @* begin
    if (f_past_valid && !rst_i) begin
      a_inv_q:     assert (q_wr == q_rd + q_n[2:0] && r_wr == r_rd + r_n[2:0] && q_n <= 4'd5);
      a_inv_ring:  assert (dut_wr_q == dut_rd_q + count[1:0] && ent_ok == '1 && dut_wcnt_q == n_writers &&
                           dut_s2_last_q == resp_valid && (!dut_act_q || count != 3'd0) &&
                           (dut_act_q || dut_first_q));
      a_inv_s2:    assert (dut_s2_done_q == (dut_s2_last_q && h_returns));
      a_inv_res:   assert (r_n == {1'b0, dut_res_done_q} &&
                           dut_res_occ_q == dut_res_done_q + {2'd0, dut_s2_done_q} + {2'd0, act_taken} &&
                           dut_res_wr_q == dut_res_rd_q + dut_res_occ_q[1:0] && dut_res_occ_q <= 3'd4 &&
                           rq_ok == '1 &&
                           (!act_taken || dut_res_masks[act_entry*32 +: 32] == dut_mask) &&
                           (!(dut_act_q && dut_first_q) || dut_res_occ_q < 3'd4));
    end
  end
`endif
`endif

  wire unused_ports = ^{resp_data, op_data_i[0], op_cmp_i[0], req_fn_i[0]};

endmodule

`default_nettype wire
