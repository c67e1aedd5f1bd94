// SPDX-License-Identifier: Apache-2.0
// formal_lds: the formal harness of gpu_lds (docs/formal.md, docs/lds.md),
// with 32 lanes (one operand window) and Banks banks. The environment keeps
// the request contract: valid holds with its payload until accepted, the
// op is an LDS format, and the operand window comes with its request
// (op_valid_i with req_valid_i, taken when the request is). Everything else
// (masks, word addresses, ops, functions, clearing stores, resets, when
// requests come) is free. The harness computes the rounds from the
// accepted mask and words alone and follows the unit round by round
// (its served lanes, pending lanes and bank accesses are connected with
// hierconn when the design is flattened). Proved for every instruction:
//   rounds: a round serves, in each bank with pending lanes, the word of the
//   lowest pending lane: every pending lane on it (loads, stores) or that
//   lane only (atomics); the bank reads the row of that word and writes the
//   data of the highest lane served in it;
//   lanes: a lane is served only if selected and pending, once; every
//   selected lane is served (none lost or duplicated);
//   exactly k rounds: the instruction takes R rounds, R = the largest number
//   of distinct words in one bank (atomics: of selected lanes in one bank),
//   1 for an empty mask; resp_valid_o comes R + 1 cycles after the
//   accepting edge, req_ready_o is low exactly in between;
//   atomic order: a lane is served only when no lower pending lane is on
//   its word (same-word atomics go in ascending lane order, one per round);
//   counters: stat_lanes_o the lanes of the round before, stat_conflict_o
//   every round but the first; resp_mask_o the mask for loads and
//   returning atomics, else 0.
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
  wire [31:0] dut_served32 = \u_dut.served32 ;
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
  wire [31:0] served = dut_served32;

  // ---------------------------------------------------------------- the reference
  // The accepted instruction.
  logic          busy_q, resp_q, ret_q, zero_q, conflict_q, first_round_q;
  logic [1:0]    kind_q;
  wire           atom_q = kind_q[1];   // (kind 3 is never accepted)
  logic [31:0]   mask_q, p_q, done_q, served_last_q;
  logic [447:0]  w_q;
  logic [8:0]    row_q;
  logic [5:0]    rounds_q, cyc_q;

  // Lane n's word address.
  logic [447:0] w;
  always_comb
    for (int n = 0; n < 32; n++)
      w[n*14 +: 14] = zero_q ? {row_q, 5'(n)} : w_q[n*14 +: 14];

  // The round the rule asks for, from pairwise comparisons reduced by trees
  // (long chains of conditional assignments are slow for the solver and
  // overflow the SMT2 writer): lowest, the lowest pending lane of its bank;
  // e_served, the pending lanes on the word of their bank's lowest pending
  // lane (atomics: the lowest lanes only); top, the highest served lane of
  // its bank; has/row/wlane per bank.
  logic [1023:0] same_bank, same_word;   // [n*32 + j], j < n
  for (genvar n = 0; n < 32; n++) begin : g_pair_n
    for (genvar j = 0; j < 32; j++) begin : g_pair_j
      if (j < n) begin : g_lower
        assign same_bank[n*32 + j] = w[n*14 +: BankW] == w[j*14 +: BankW];
        assign same_word[n*32 + j] = w[n*14 +: 14] == w[j*14 +: 14];
      end else begin : g_none
        assign same_bank[n*32 + j] = 1'b0;
        assign same_word[n*32 + j] = 1'b0;
      end
    end
  end
  logic [31:0] lowest, e_served, top, out_of_order, two_in_bank;
  for (genvar n = 0; n < 32; n++) begin : g_lane_ref
    assign lowest[n]   = p_q[n] && (same_bank[n*32 +: 32] & p_q) == 32'd0;
    assign e_served[n] = p_q[n] && (atom_q ? lowest[n] : (lowest[n] || (same_word[n*32 +: 32] & lowest) != 32'd0));
    // (served is the unit's: checked against e_served by a_round_lanes)
    logic [31:0] above_same_bank;
    for (genvar j = 0; j < 32; j++) begin : g_above
      if (j > n) begin : g_higher
        assign above_same_bank[j] = same_bank[j*32 + n];
      end else begin : g_not
        assign above_same_bank[j] = 1'b0;
      end
    end
    assign top[n]          = served[n] && (above_same_bank & served) == 32'd0;
    assign out_of_order[n] = served[n] && (same_word[n*32 +: 32] & p_q) != 32'd0;
    assign two_in_bank[n]  = served[n] && (same_bank[n*32 +: 32] & served) != 32'd0;
  end
  logic [Banks-1:0]        has;
  logic [Banks*RowW-1:0]   e_row;
  logic [Banks*LaneW-1:0]  e_wlane;
  for (genvar b = 0; b < Banks; b++) begin : g_bank_ref
    logic [31:0]      in_bank;
    logic [RowW-1:0]  row_or;
    logic [LaneW-1:0] wl_or;
    always_comb begin
      row_or = '0;
      wl_or  = '0;
      for (int n = 0; n < 32; n++) begin
        in_bank[n] = w[n*14 +: BankW] == BankW'(b);
        if (in_bank[n] && lowest[n]) row_or = row_or | w[n*14 + BankW +: RowW];   // (one-hot OR)
        if (in_bank[n] && top[n])    wl_or  = wl_or | LaneW'(n);
      end
    end
    assign has[b]                      = (in_bank & p_q) != 32'd0;
    assign e_row[b*RowW +: RowW]       = row_or;
    assign e_wlane[b*LaneW +: LaneW]   = wl_or;
  end
  wire       last_round = (p_q & ~e_served) == 32'd0;
  logic [Banks*RowW-1:0]  e_row_mask;
  logic [Banks*LaneW-1:0] e_wlane_mask;
  for (genvar b = 0; b < Banks; b++) begin : g_mask
    assign e_row_mask[b*RowW +: RowW]     = {RowW{has[b]}};
    assign e_wlane_mask[b*LaneW +: LaneW] = {LaneW{has[b]}};
  end

  function automatic logic [5:0] popcount(input logic [31:0] x);
    popcount = '0;
    for (int n = 0; n < 32; n++) popcount = popcount + {5'd0, x[n]};
  endfunction
  wire [5:0] stat_exp = popcount(served_last_q);

  always @(posedge clk_i) begin
    resp_q        <= busy_q && last_round;
    served_last_q <= busy_q ? e_served : 32'd0;
    conflict_q    <= busy_q && !first_round_q;
    if (busy_q) begin
      p_q           <= p_q & ~e_served;
      done_q        <= done_q | e_served;
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
      busy_q   <= 1'b0;
      resp_q   <= 1'b0;
      conflict_q <= 1'b0;
      served_last_q <= '0;
    end
  end

  // ---------------------------------------------------------------- the properties
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
`endif
      if (busy_q) begin
        // a round: the lanes served, each bank's access, row and data lane
        a_round_lanes: assert (served == e_served);
        a_round_act:   assert (dut_s1_act == has);
        a_round_row:   assert ((dut_s1_row & e_row_mask) == e_row);
        a_round_wlane: assert ((dut_s1_wlane & e_wlane_mask) == e_wlane);
        // lanes: served once, only when selected and pending; none lost
        a_lane_once:   assert ((served & ~p_q) == 32'd0 && (served & done_q) == 32'd0);
        a_lane_kept:   assert ((p_q | done_q) == mask_q && (p_q & done_q) == 32'd0);
        // atomic order: nothing lower on the lane's word still pending; one lane a bank
        if (atom_q) begin
          a_atomic_order: assert (out_of_order == 32'd0);
          a_atomic_one:   assert (two_in_bank == 32'd0);
        end
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
      a_stat_lanes:    assert (stat_lanes == stat_exp);
      a_stat_conflict: assert (stat_conflict == conflict_q);
    end
  end

  wire unused_ports = ^{resp_data, op_data_i[0], op_cmp_i[0]};

endmodule

`default_nettype wire
