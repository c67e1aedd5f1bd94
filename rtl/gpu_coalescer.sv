// SPDX-License-Identifier: Apache-2.0
// gpu_coalescer: the next 64-byte line request of one wave's global access
// (docs/isa.md 4.7, csrc/coalesce.c). From the lanes still to send, it picks
// the line of the lowest such lane (the lead) and serves every pending lane
// in that line (loads, stores) or only the lead (atomics). Sending one request
// at a time and clearing lanes_o from the pending mask yields exactly one
// request per distinct line. In store data, a word written by several served
// lanes takes the highest lane's value.
//
// It reads the lanes' addresses and store data one window of Lanes lanes at a
// time (win_o, answered in the same cycle on addr_win_i / data_win_i, e.g. by
// an asynchronous RAM read), starting at the lead's window and skipping the
// windows with no pending lane:
//   Lanes = 32: one window; the request is combinational, valid_o whenever a
//               lane is pending.
//   Lanes < 32: one window per cycle into registers; the request is valid
//               the cycle after its last window, and holds until restart_i.
// The store words are gathered by gpu_coalescer_gather.
// restart_i (another access than last cycle's, or the last request went out)
// starts a new scan in this cycle. pending_i, atomic_i and the windows'
// contents must hold while a scan runs or a request waits.
`default_nettype none

module gpu_coalescer #(
  parameter int Lanes  = 32           // lanes read per cycle: 32, 16, 8, 4, 2 or 1
) (
  input  wire                 clk_i,        // (Lanes < 32)
  input  wire                 rst_i,        // (Lanes < 32)
  input  wire                 restart_i,    // start over with this cycle's access (Lanes < 32)
  input  wire  [31:0]         pending_i,    // lanes not yet sent
  input  wire                 atomic_i,     // one lane per request
  input  wire                 with_data_i,  // a store or atomic: wdata_o is wanted (else it is 0)
  output logic [(Lanes < 32 ? $clog2(32 / Lanes) : 1)-1:0] win_o,   // the window of lanes read this cycle
  output logic                scan_o,       // ... and it is scanned now: the lanes of it served by the
  output logic [4:0]          scan_lead_o,  // request of this lead lane are win_served_o
  output logic [Lanes-1:0]    win_served_o,
  input  wire  [Lanes*32-1:0] addr_win_i,   // byte address of window lane l at [l*32 +: 32]
  input  wire  [Lanes*32-1:0] data_win_i,   // store data of window lane l at [l*32 +: 32]
  output logic                valid_o,      // a request is ready
  output logic [25:0]         line_o,       // byte address >> 6
  output logic [4:0]          lead_o,       // lowest pending lane: its line is served
  output logic [31:0]         lanes_o,      // lanes served by this request
  output logic [15:0]         words_o,      // words of the line accessed
  output logic [511:0]        wdata_o       // store data of word w at [w*32 +: 32] (0 where none, and for loads)
);

  localparam int Passes = 32 / Lanes;
  localparam int PassW  = Passes > 1 ? $clog2(Passes) : 1;
  localparam int LaneW  = Lanes > 1 ? $clog2(Lanes) : 1;

  // The windows with a pending lane, and the lead's window (the lowest of them).
  logic [Passes-1:0] win_any;
  logic [PassW-1:0]  lead_win;
  always_comb begin
    lead_win = '0;
    for (int k = 0; k < Passes; k++) win_any[k] = pending_i[k*Lanes +: Lanes] != '0;
    for (int k = Passes - 1; k >= 0; k--)
      if (win_any[k]) lead_win = PassW'(k);
  end

  // The scan's state (Lanes < 32): first says this cycle reads the lead's window.
  logic             first, active, last;
  logic [PassW-1:0] win, next_win;
  logic [25:0]      line;
  logic [4:0]       lead;
  logic [Lanes-1:0] pend_win, lead_hot, served;

  // This cycle's window: its pending lanes, the lead among them (first
  // cycle), and the line served.
  always_comb begin
    pend_win = '0;
    for (int k = 0; k < Passes; k++)
      if (win == PassW'(k)) pend_win = pending_i[k*Lanes +: Lanes];
    lead_hot = pend_win & ~(pend_win - 1'b1);
  end
  logic [25:0]      line_q;
  logic [4:0]       lead_q;
  always_comb begin
    logic [25:0]      lead_line;
    logic [LaneW-1:0] lead_idx;
    lead_line = '0;
    lead_idx  = '0;
    if (active)   // (only then: cheaper to simulate)
      for (int l = 0; l < Lanes; l++)
        if (lead_hot[l]) begin
          lead_line = lead_line | addr_win_i[l*32 + 6 +: 26];
          lead_idx  = lead_idx | LaneW'(l);
        end
    line = first ? lead_line : line_q;
    lead = first ? 5'(32'(lead_win) * Lanes + 32'(lead_idx)) : lead_q;
    served = '0;
    if (active)
      for (int l = 0; l < Lanes; l++)
        served[l] = pend_win[l] && addr_win_i[l*32 + 6 +: 26] == line && (!atomic_i || (first && lead_hot[l]));
  end

  // The next window with a pending lane; none left (or an atomic): this is the last.
  always_comb begin
    next_win = win;
    last     = 1'b1;
    for (int k = Passes - 1; k >= 0; k--)
      if (PassW'(k) > win && win_any[k]) begin
        next_win = PassW'(k);
        last     = 1'b0;
      end
    if (atomic_i) last = 1'b1;
  end

  // Per word of the line (stores and atomics): whether a served lane of the
  // window writes it, and the data of the highest such lane.
  logic [15:0]  hit;
  logic [511:0] pick;
  logic [15:0]  win_words;
  gpu_coalescer_gather #(
    .Lanes (Lanes)
  ) u_gather (
    .en_i     (with_data_i && active),
    .served_i (served),
    .addr_i   (addr_win_i),
    .data_i   (data_win_i),
    .hit_o    (hit),
    .data_o   (pick)
  );
  always_comb begin
    win_words = '0;
    if (active)   // (a mask, not a condition per lane: Yosys's share pass spent minutes on those)
      for (int l = 0; l < Lanes; l++)
        win_words = win_words | ({16{served[l]}} & (16'd1 << addr_win_i[l*32 + 2 +: 4]));
  end

  // The window's served lanes at their places in the wave.
  logic [31:0] win_lanes;
  always_comb begin
    win_lanes = '0;
    for (int k = 0; k < Passes; k++)
      if (win == PassW'(k)) win_lanes[k*Lanes +: Lanes] = served;
  end

  assign win_o        = win;
  assign scan_o       = active;
  assign scan_lead_o  = lead;
  assign win_served_o = served;

  if (Passes == 1) begin : g_one_window
    // The whole request in one cycle.
    assign first    = 1'b1;
    assign active   = pending_i != 32'd0;
    assign win      = '0;
    assign line_q   = '0;
    assign lead_q   = '0;
    assign valid_o  = active;
    assign line_o   = line;
    assign lead_o   = lead;
    assign lanes_o  = win_lanes;
    assign words_o  = win_words;
    for (genvar w = 0; w < 16; w++) begin : g_data
      assign wdata_o[w*32 +: 32] = hit[w] ? pick[w*32 +: 32] : 32'd0;
    end
    wire unused_scan = clk_i ^ rst_i ^ restart_i ^ last ^ ^next_win;
  end else begin : g_windows
    // scan_q: windows are being read (win_q next); done_q: the request is in
    // the registers and waits to be sent.
    logic             scan_q, done_q;
    logic [PassW-1:0] win_q;
    logic [31:0]      lanes_q;
    logic [15:0]      words_q;
    logic [511:0]     data_q;
    assign first  = restart_i || !scan_q;
    assign active = pending_i != 32'd0 && (restart_i || !done_q);
    assign win    = first && active ? lead_win : win_q;

    always_ff @(posedge clk_i) begin
      if (active) begin
        scan_q  <= !last;
        done_q  <= last;
        win_q   <= last ? win : next_win;
        line_q  <= line;
        lead_q  <= lead;
        lanes_q <= (first ? 32'd0 : lanes_q) | win_lanes;
        words_q <= (first ? 16'd0 : words_q) | win_words;
        for (int w = 0; w < 16; w++)
          if (hit[w]) data_q[w*32 +: 32] <= pick[w*32 +: 32];
          else if (first) data_q[w*32 +: 32] <= 32'd0;
      end
      if (pending_i == 32'd0 || rst_i) begin
        scan_q <= 1'b0;
        done_q <= 1'b0;
      end
    end

    assign valid_o = done_q && !restart_i;
    assign line_o  = line_q;
    assign lead_o  = lead_q;
    assign lanes_o = lanes_q;
    assign words_o = words_q;
    assign wdata_o = data_q;   // (a load's words are all cleared: no hit)
  end

endmodule

`default_nettype wire
