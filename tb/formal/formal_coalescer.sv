// SPDX-License-Identifier: Apache-2.0
// formal_coalescer: the formal harness of gpu_coalescer (docs/formal.md).
// It plays the memory unit (gpu_gmem): an access (a mask of pending lanes,
// their addresses and store data, atomic or not) is taken at new_i with a
// restart, its windows are answered in the same cycle from registers, a
// request is sent when valid_o && ready_i (then its lanes leave the pending
// mask and the next cycle restarts, as gpu_gmem's sent_q does). Everything
// else (the addresses, data, masks, when a new access comes, ready, resets)
// is free. Proved for every request (k-induction, tb/formal/formal_coalescer.sby):
//   no request without a pending lane; the lead is the lowest pending lane
//   and the line is the lead's;
//   lanes_o is every pending lane in that line (atomics: the lead only);
//   words_o / wdata_o: each word of the line written by a served lane, with
//   the highest such lane's data (0 for loads and for the other words);
// and for every access: a lane is served at most once, and only if
// selected; when nothing is pending every selected lane was served;
// progress: with 32 lanes valid_o whenever a lane is pending (with windows:
// a request at most 32 / Lanes cycles after the scan began).
// (requests = distinct lines: formal_count, with the facts of
// formal_coalescer_count; docs/formal.md.)
`default_nettype none

module formal_coalescer #(
  parameter int Lanes = 32
) (
  input wire          clk_i,
  input wire          rst_i,
  input wire          new_i,        // the unit turns to another access (a restart)
  input wire  [31:0]  mask_i,       // ... its pending lanes
  input wire          atomic_i,
  input wire          with_data_i,
  input wire  [1023:0] addr_i,      // ... lane l's byte address at [l*32 +: 32]
  input wire  [1023:0] data_i,      // ... and store data
  input wire          ready_i       // the request is taken (if valid)
);

  localparam int Passes = 32 / Lanes;
  localparam int WinW   = Lanes < 32 ? $clog2(32 / Lanes) : 1;

  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (rst_i);

  // ---------------------------------------------------------------- the environment
  logic [31:0]   m_q, p_q, served_q;
  logic          atom_q, wd_q, sent_q;
  logic [1023:0] addr_q, data_q;
  logic [5:0]    age_q;

  wire [31:0]   cur_m    = new_i ? mask_i : m_q;
  wire [31:0]   cur_pend = new_i ? mask_i : p_q;
  wire          cur_atom = new_i ? atomic_i : atom_q;
  wire          cur_wd   = new_i ? with_data_i : wd_q;
  wire [1023:0] cur_addr = new_i ? addr_i : addr_q;
  wire [1023:0] cur_data = new_i ? data_i : data_q;
  wire [31:0]   cur_served = new_i ? 32'd0 : served_q;
  wire          restart  = new_i || sent_q;

  logic [WinW-1:0]       win;
  logic                  scan;
  logic [4:0]            scan_lead;
  logic [Lanes-1:0]      win_served;
  logic                  valid;
  logic [25:0]           line;
  logic [4:0]            lead;
  logic [31:0]           lanes;
  logic [15:0]           words;
  logic [511:0]          wdata;
  wire  [Lanes*32-1:0]   addr_win = cur_addr[32'(win) * Lanes * 32 +: Lanes * 32];
  wire  [Lanes*32-1:0]   data_win = cur_data[32'(win) * Lanes * 32 +: Lanes * 32];

  gpu_coalescer #(
    .Lanes (Lanes)
  ) u_dut (
    .clk_i        (clk_i),
    .rst_i        (rst_i),
    .restart_i    (restart),
    .pending_i    (cur_pend),
    .atomic_i     (cur_atom),
    .with_data_i  (cur_wd),
    .win_o        (win),
    .scan_o       (scan),
    .scan_lead_o  (scan_lead),
    .win_served_o (win_served),
    .addr_win_i   (addr_win),
    .data_win_i   (data_win),
    .valid_o      (valid),
    .line_o       (line),
    .lead_o       (lead),
    .lanes_o      (lanes),
    .words_o      (words),
    .wdata_o      (wdata)
  );

  wire send = valid && ready_i && !rst_i;

  // ---------------------------------------------------------------- the reference
  // The request the rule asks for now.
  logic [4:0]   e_lead;
  logic [25:0]  e_line;
  logic [31:0]  e_lanes;
  logic [15:0]  e_words;
  logic [79:0]  e_hi;
  logic [31:0]  e_hot;   // the lead, one-hot

  `include "formal_coalescer_rule.svh"
  always_comb begin
    e_hot  = rule_lead_hot(cur_pend);
    e_line = rule_line_of(e_hot, cur_addr);
    e_lead = rule_lane_num(e_hot);
    // (Given lead == e_lead and line == e_line, proved on their own, the
    // lanes are checked against the unit's line and lead, and the words and
    // data against its lanes: each check then stays local, which the solver
    // needs; the conjunction is the same.)
    e_lanes = rule_lanes_on(cur_pend, cur_addr, line);
    if (cur_atom)
      for (int l = 0; l < 32; l++)
        e_lanes[l] = cur_pend[l] && lead == 5'(l);
    // words_o: the words the served lanes touch; hi: per word, the highest
    // such lane
    e_words = '0;
    e_hi    = '0;
    for (int w = 0; w < 16; w++)
      for (int l = 0; l < 32; l++)   // ascending: the highest lane is the last
        if (lanes[l] && cur_addr[l*32 + 2 +: 4] == 4'(w)) begin
          e_words[w]       = 1'b1;
          e_hi[w*5 +: 5]   = 5'(l);
        end
  end
  // wdata_o: per word, the data of its highest lane (stores and atomics),
  // else 0; checked per word and lane (a constant lane each: the solver
  // needs that, where a selection by a variable lane took minutes).
  logic [511:0] data_bad;   // [w*32 + l]: word w's highest lane is l and its data differs
  logic [15:0]  zero_bad;   // word w should be 0 and is not
  for (genvar w = 0; w < 16; w++) begin : g_data_w
    assign zero_bad[w] = (!e_words[w] || !cur_wd) && wdata[w*32 +: 32] != 32'd0;
    for (genvar l = 0; l < 32; l++) begin : g_data_l
      assign data_bad[w*32 + l] = e_words[w] && cur_wd && e_hi[w*5 +: 5] == 5'(l) &&
                                  wdata[w*32 +: 32] != cur_data[l*32 +: 32];
    end
  end

  // Cycles since the scan began (the restart, or the reset).
  wire [5:0] age = restart ? 6'd0 : age_q;

  always @(posedge clk_i) begin
    m_q      <= cur_m;
    atom_q   <= cur_atom;
    wd_q     <= cur_wd;
    addr_q   <= cur_addr;
    data_q   <= cur_data;
    p_q      <= cur_pend & ~(send ? lanes : 32'd0);
    served_q <= cur_served | (send ? lanes : 32'd0);
    sent_q   <= send;
    age_q    <= age == 6'd63 ? age : age + 6'd1;
    if (rst_i) begin
      m_q      <= '0;
      p_q      <= '0;
      served_q <= '0;
      sent_q   <= 1'b0;
      age_q    <= '0;
    end
  end

  // ---------------------------------------------------------------- the properties
  always @* begin
    if (f_past_valid && !rst_i) begin
      // the request
      if (valid) begin
        a_req_pending: assert (cur_pend != 32'd0);
        a_req_lead:    assert (lead == e_lead);
        a_req_line:    assert (line == e_line);
        a_req_lanes:   assert (lanes == e_lanes);
        a_req_words:   assert (words == e_words);
        a_req_data:    assert (data_bad == '0 && zero_bad == '0);
      end
      // the access: a lane is served at most once, and only if selected;
      // when nothing is pending, every selected lane was served
      a_once:          assert (!send || (lanes & cur_served) == 32'd0);
      a_selected:      assert ((cur_pend & ~cur_m) == 32'd0 && cur_served == (cur_m & ~cur_pend));
      if (cur_pend == 32'd0)
        a_done:        assert (cur_served == cur_m);
      // progress
      if (Lanes == 32)
        a_offer_now:   assert (valid == (cur_pend != 32'd0));
      else if (!restart && cur_pend != 32'd0 && age >= 6'(Passes))
        a_offer:       assert (valid);
    end
  end

  // With windows (Lanes < 32): the scan registers (hierconn: connected to
  // u_dut's when the design is flattened), for the invariants that let the
  // induction close at a depth independent of the number of windows: while a
  // scan runs, its registers hold the request restricted to the windows
  // already read; a waiting request is the whole one.
  localparam int PassW = Passes > 1 ? $clog2(Passes) : 1;
  (* hierconn *) wire             \u_dut.g_windows.scan_q ;
  (* hierconn *) wire             \u_dut.g_windows.done_q ;
  (* hierconn *) wire [PassW-1:0] \u_dut.g_windows.win_q ;
  (* hierconn *) wire [25:0]      \u_dut.g_windows.line_q ;
  (* hierconn *) wire [4:0]       \u_dut.g_windows.lead_q ;
  (* hierconn *) wire [31:0]      \u_dut.g_windows.lanes_q ;
  (* hierconn *) wire [15:0]      \u_dut.g_windows.words_q ;
  (* hierconn *) wire [511:0]     \u_dut.g_windows.data_q ;
  if (Passes > 1) begin : g_scan
    wire             scan_q  = \u_dut.g_windows.scan_q ;
    wire             done_q  = \u_dut.g_windows.done_q ;
    wire [PassW-1:0] win_q   = \u_dut.g_windows.win_q ;
    wire [25:0]      line_q  = \u_dut.g_windows.line_q ;
    wire [4:0]       lead_q  = \u_dut.g_windows.lead_q ;
    wire [31:0]      lanes_q = \u_dut.g_windows.lanes_q ;
    wire [15:0]      words_q = \u_dut.g_windows.words_q ;
    wire [511:0]     data_q  = \u_dut.g_windows.data_q ;
    // The request so far: the lanes of the windows below win_q, their
    // words, and each word's highest such lane (its data checked per lane,
    // as for the request).
    wire [31:0]      below   = 32'((64'd1 << (32'(win_q) * Lanes)) - 64'd1);
    wire [31:0]      s_lanes = e_lanes & below;
    logic [15:0]     s_words;
    logic [79:0]     s_hi;
    always_comb begin
      s_words = '0;
      s_hi    = '0;
      for (int w = 0; w < 16; w++)
        for (int l = 0; l < 32; l++)
          if (s_lanes[l] && cur_addr[l*32 + 2 +: 4] == 4'(w)) begin
            s_words[w]     = 1'b1;
            s_hi[w*5 +: 5] = 5'(l);
          end
    end
    logic [511:0] s_data_bad;
    logic [15:0]  s_zero_bad;
    for (genvar w = 0; w < 16; w++) begin : g_sdata_w
      assign s_zero_bad[w] = (!s_words[w] || !cur_wd) && data_q[w*32 +: 32] != 32'd0;
      for (genvar l = 0; l < 32; l++) begin : g_sdata_l
        assign s_data_bad[w*32 + l] = s_words[w] && cur_wd && s_hi[w*5 +: 5] == 5'(l) &&
                                      data_q[w*32 +: 32] != cur_data[l*32 +: 32];
      end
    end
    always @* begin
      if (f_past_valid && !rst_i && !restart && cur_pend != 32'd0) begin
`ifndef FORMAL_NO_INV
        a_inv_excl:   assert (!(scan_q && done_q));
        if (scan_q)
          a_inv_scan: assert (!cur_atom && 32'(e_lead) < 32'(win_q) * Lanes && lead_q == e_lead &&
                              line_q == e_line && lanes_q == s_lanes && words_q == s_words &&
                              s_data_bad == '0 && s_zero_bad == '0);
`endif
      end
    end
  end

  // (outputs the properties do not need)
  wire unused_dut = ^{scan, scan_lead, win_served};

endmodule

`default_nettype wire
