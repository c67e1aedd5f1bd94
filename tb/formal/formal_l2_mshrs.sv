// SPDX-License-Identifier: Apache-2.0
// formal_l2_mshrs: the formal harness of gpu_l2_mshrs, the L2 slice's
// miss-status holding registers (docs/formal.md). Assumed of the slice: an
// allocation only while an entry is free (free_ok_o), a replay done only
// while one is offered (replay_o), and no write-back starts for a line
// being read (line_in_wb_i of an entry waiting to send does not rise; it may
// fall). Assumed of memory: fill beats only for a read sent and not
// finished. Free: mr_ready_i, lines, fields, operands, when things happen.
// Proved (4 entries): mr_valid_o, once high, holds with a stable line and
// id until mr_ready_i; no read while its line has a write-back waiting or
// in flight; each allocated entry sends exactly one read, with its line,
// before its fill, and is replayed only after the read's 4th beat. (The
// invariants name the hold registers mr_hold_q / mr_hold_idx_q.)
`default_nettype none

module formal_l2_mshrs #(
  parameter int Mshrs = 4,   // 2 or 4 (the entries the harness names below)
  parameter int IdxW  = 2
) (
  input wire                      clk_i,
  input wire                      rst_i,
  input wire                      alloc_i,
  input wire  [IdxW-1:0]          alloc_idx_i,
  input wire  [25:0]              alloc_line_i,
  input wire  [1:0]               alloc_op_i,
  input wire  [15:0]              alloc_words_i,
  input wire  [Mshrs-1:0]         line_in_wb_i,
  input wire                      mr_ready_i,
  input wire                      fill_i,
  input wire  [$clog2(Mshrs)-1:0] fill_id_i,
  input wire                      replay_done_i,
  input wire  [25:0]              probe_line_i
);

  localparam int MshrW = $clog2(Mshrs);

  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (rst_i);

  logic                free_ok, mr_valid, fill_last, replay, fetching, busy;
  logic [Mshrs*26-1:0] lines;
  logic [Mshrs-1:0]    reading;
  logic [25:0]         mr_line, replay_line;
  logic [MshrW-1:0]    mr_id;
  logic [IdxW-1:0]     fill_idx, replay_idx;
  logic [1:0]          fill_beat, replay_op;
  logic [15:0]         fill_keep, replay_words, replay_tag;
  logic [5:0]          replay_fn;
  logic                replay_nt, replay_sys;
  logic [31:0]         replay_opnd, replay_cmp;

  gpu_l2_mshrs #(
    .Mshrs (Mshrs),
    .IdxW  (IdxW)
  ) u_dut (
    .clk_i          (clk_i),
    .rst_i          (rst_i),
    .free_ok_o      (free_ok),
    .alloc_i        (alloc_i),
    .alloc_idx_i    (alloc_idx_i),
    .alloc_line_i   (alloc_line_i),
    .alloc_op_i     (alloc_op_i),
    .alloc_fn_i     (6'd0),
    .alloc_nt_i     (1'b0),
    .alloc_sys_i    (1'b0),
    .alloc_words_i  (alloc_words_i),
    .alloc_cmp_i    (32'd0),
    .alloc_tag_i    (16'd0),
    .opnd_i         (32'd0),
    .lines_o        (lines),
    .reading_o      (reading),
    .line_in_wb_i   (line_in_wb_i),
    .mr_valid_o     (mr_valid),
    .mr_ready_i     (mr_ready_i),
    .mr_line_o      (mr_line),
    .mr_id_o        (mr_id),
    .fill_i         (fill_i),
    .fill_id_i      (fill_id_i),
    .fill_idx_o     (fill_idx),
    .fill_beat_o    (fill_beat),
    .fill_keep_o    (fill_keep),
    .fill_last_o    (fill_last),
    .replay_o       (replay),
    .replay_idx_o   (replay_idx),
    .replay_line_o  (replay_line),
    .replay_op_o    (replay_op),
    .replay_fn_o    (replay_fn),
    .replay_nt_o    (replay_nt),
    .replay_sys_o   (replay_sys),
    .replay_words_o (replay_words),
    .replay_opnd_o  (replay_opnd),
    .replay_cmp_o   (replay_cmp),
    .replay_tag_o   (replay_tag),
    .replay_done_i  (replay_done_i),
    .probe_line_i   (probe_line_i),
    .fetching_o     (fetching),
    .busy_o         (busy)
  );

  wire mr_hs = mr_valid && mr_ready_i;

  // ---------------------------------------------------------------- the harness's view of each entry
  // h_busy: allocated and not yet replayed; h_sent: its read was taken;
  // h_beats: fill beats taken (4: filled, waiting for its replay).
  logic [Mshrs-1:0] h_busy_q, h_sent_q;
  logic [2:0]       h_beats_q [Mshrs];
  logic [25:0]      h_line_q  [Mshrs];
  logic [Mshrs-1:0] wb_seen_q;        // line_in_wb_i of the last cycle
  logic             mr_wait_q;
  logic [25:0]      mr_line_q;
  logic [MshrW-1:0] mr_id_q;

  // the lowest free entry (where an allocation goes), the lowest filled one (the replay)
  logic             h_free_ok, h_replay_ok;
  logic [MshrW-1:0] h_free, h_replay;
  always @* begin
    h_free_ok   = 1'b0;
    h_free      = '0;
    h_replay_ok = 1'b0;
    h_replay    = '0;
    for (int m = Mshrs - 1; m >= 0; m--) begin
      if (!h_busy_q[m]) begin
        h_free_ok = 1'b1;
        h_free    = m[MshrW-1:0];
      end
      if (h_busy_q[m] && h_beats_q[m] == 3'd4) begin
        h_replay_ok = 1'b1;
        h_replay    = m[MshrW-1:0];
      end
    end
  end

  always @(posedge clk_i) begin
    mr_wait_q <= mr_valid && !mr_ready_i;
    mr_line_q <= mr_line;
    mr_id_q   <= mr_id;
    wb_seen_q <= line_in_wb_i;
    if (mr_hs) h_sent_q[mr_id] <= 1'b1;
    if (fill_i) h_beats_q[fill_id_i] <= h_beats_q[fill_id_i] + 3'd1;
    if (replay_done_i) begin
      h_busy_q[h_replay]  <= 1'b0;
      h_sent_q[h_replay]  <= 1'b0;
      h_beats_q[h_replay] <= 3'd0;
    end
    if (alloc_i) begin
      h_busy_q[h_free]  <= 1'b1;
      h_sent_q[h_free]  <= 1'b0;
      h_beats_q[h_free] <= 3'd0;
      h_line_q[h_free]  <= alloc_line_i;
    end
    if (rst_i) begin
      mr_wait_q <= 1'b0;
      h_busy_q  <= '0;
      h_sent_q  <= '0;
      wb_seen_q <= '1;
      for (int m = 0; m < Mshrs; m++) h_beats_q[m] <= 3'd0;
    end
  end

  // ---------------------------------------------------------------- the slice and memory (assumed)
  always @* begin
    if (!rst_i && f_past_valid) begin
      if (alloc_i)       as_alloc:  assume (free_ok);
      if (replay_done_i) as_replay: assume (replay);
      // fill beats only for a read sent and not finished
      if (fill_i)        as_fill:   assume (h_busy_q[fill_id_i] && h_sent_q[fill_id_i] && h_beats_q[fill_id_i] < 3'd4);
      // no write-back starts for the line of an entry waiting to send its read
      as_wb: assume ((reading & ~wb_seen_q & line_in_wb_i) == '0);
    end
  end

  // ---------------------------------------------------------------- the MSHRs (proved)
  // (the registers, per entry, after memory_map in the .sby)
  (* hierconn *) wire \u_dut.mr_hold_q ;
  (* hierconn *) wire [MshrW-1:0] \u_dut.mr_hold_idx_q ;
  (* hierconn *) wire [1:0]  \u_dut.ms_state_q[0] ;
  (* hierconn *) wire [1:0]  \u_dut.ms_state_q[1] ;
  (* hierconn *) wire [1:0]  \u_dut.ms_state_q[2] ;
  (* hierconn *) wire [1:0]  \u_dut.ms_state_q[3] ;
  (* hierconn *) wire [1:0]  \u_dut.ms_beat_q[0] ;
  (* hierconn *) wire [1:0]  \u_dut.ms_beat_q[1] ;
  (* hierconn *) wire [1:0]  \u_dut.ms_beat_q[2] ;
  (* hierconn *) wire [1:0]  \u_dut.ms_beat_q[3] ;
  (* hierconn *) wire [25:0] \u_dut.ms_line_q[0] ;
  (* hierconn *) wire [25:0] \u_dut.ms_line_q[1] ;
  (* hierconn *) wire [25:0] \u_dut.ms_line_q[2] ;
  (* hierconn *) wire [25:0] \u_dut.ms_line_q[3] ;
  wire             dut_mr_hold_q     = \u_dut.mr_hold_q ;
  wire [MshrW-1:0] dut_mr_hold_idx_q = \u_dut.mr_hold_idx_q ;
  wire [1:0]  dut_state [4];
  wire [1:0]  dut_beat  [4];
  wire [25:0] dut_line  [4];
  assign dut_state[0] = \u_dut.ms_state_q[0] ;
  assign dut_state[1] = \u_dut.ms_state_q[1] ;
  assign dut_state[2] = \u_dut.ms_state_q[2] ;
  assign dut_state[3] = \u_dut.ms_state_q[3] ;
  assign dut_beat[0]  = \u_dut.ms_beat_q[0] ;
  assign dut_beat[1]  = \u_dut.ms_beat_q[1] ;
  assign dut_beat[2]  = \u_dut.ms_beat_q[2] ;
  assign dut_beat[3]  = \u_dut.ms_beat_q[3] ;
  assign dut_line[0]  = \u_dut.ms_line_q[0] ;
  assign dut_line[1]  = \u_dut.ms_line_q[1] ;
  assign dut_line[2]  = \u_dut.ms_line_q[2] ;
  assign dut_line[3]  = \u_dut.ms_line_q[3] ;

  // per entry: the state, line and beat the harness expects
  logic [Mshrs-1:0] inv_ok;
  always @*
    for (int m = 0; m < Mshrs; m++)
      inv_ok[m] = dut_state[m] == (!h_busy_q[m] ? 2'd0 : !h_sent_q[m] ? 2'd1 :
                                   h_beats_q[m] == 3'd4 ? 2'd3 : 2'd2) &&
                  (!h_busy_q[m] || (dut_line[m] == h_line_q[m] && dut_beat[m] == h_beats_q[m][1:0])) &&
                  h_beats_q[m] <= 3'd4 && (h_sent_q[m] || h_beats_q[m] == 3'd0) &&
                  (h_busy_q[m] || !h_sent_q[m]);

  always @* begin
    if (!rst_i && f_past_valid) begin
      // mr_*: held with a stable line and id until mr_ready_i
      if (mr_wait_q) a_mr_stable: assert (mr_valid && mr_line == mr_line_q && mr_id == mr_id_q);
      // not while its line has a write-back waiting or in flight
      if (mr_valid) a_mr_wb: assert (!line_in_wb_i[mr_id]);
      // one read per allocated entry, with its line, none for another
      if (mr_valid) a_mr_entry: assert (h_busy_q[mr_id] && !h_sent_q[mr_id] && mr_line == h_line_q[mr_id]);
      // replayed only after its read's 4th beat (so every entry freed sent exactly one read)
      if (replay_done_i) a_replay_filled: assert (h_replay_ok && h_sent_q[h_replay] && h_beats_q[h_replay] == 3'd4);
      a_free: assert (free_ok == h_free_ok);
      a_fill_last: assert (fill_last == (fill_i && h_beats_q[fill_id_i] == 3'd3));
`ifndef FORMAL_NO_INV
      a_inv_entries: assert (inv_ok == '1);
      a_inv_hold: assert (dut_mr_hold_q == mr_wait_q && (!mr_wait_q || dut_mr_hold_idx_q == mr_id_q));
      if (mr_wait_q) a_inv_wait: assert (h_busy_q[mr_id_q] && !h_sent_q[mr_id_q] && mr_line_q == h_line_q[mr_id_q]);
`endif
    end
  end

endmodule

`default_nettype wire
