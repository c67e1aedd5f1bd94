// SPDX-License-Identifier: Apache-2.0
// gpu_l2_mshrs: the miss-status holding registers of an L2 slice
// (gpu_l2_slice; docs/architecture.md, "The L2"). A miss of the slice's
// lookup takes the lowest free entry with its request and the line slot it
// reserved (alloc_i); an atomic's operand word follows a cycle later
// (opnd_i). A store's data is not kept: the slice writes its words into the
// reserved slot at once, and the fill leaves them (fill_keep_o). An entry then
//   - reads its line from memory: mr_* offers the lowest entry waiting to
//     send whose line has no write-back waiting or in flight
//     (line_in_wb_i, one bit per entry, answered for the lines of
//     lines_o that reading_o marks);
//   - takes the line's four fill beats in order (fill_i for entry
//     fill_id_i; fill_idx_o and fill_beat_o say where they go, fill_last_o
//     marks the fourth);
//   - replays its request: replay_o offers the lowest filled entry's
//     request to the lookup, which hits the reserved slot; replay_done_i
//     (the lookup performs it) frees the entry.
// fetching_o answers whether an entry holds probe_line_i.
`default_nettype none

module gpu_l2_mshrs #(
  parameter int Mshrs = 8,     // misses in flight (power of two)
  parameter int IdxW  = 9      // bits of a line slot of the slice's data RAM
) (
  input  wire                      clk_i,
  input  wire                      rst_i,
  // allocation (into the lowest free entry, free_ok_o)
  output logic                     free_ok_o,
  input  wire                      alloc_i,
  input  wire  [IdxW-1:0]          alloc_idx_i,
  input  wire  [25:0]              alloc_line_i,
  input  wire  [1:0]               alloc_op_i,
  input  wire  [5:0]               alloc_fn_i,
  input  wire                      alloc_nt_i,
  input  wire                      alloc_sys_i,
  input  wire  [15:0]              alloc_words_i,
  input  wire  [31:0]              alloc_cmp_i,
  input  wire  [15:0]              alloc_tag_i,
  input  wire  [31:0]              opnd_i,         // the cycle after alloc_i: its atomic's operand
  // line reads to memory
  output logic [Mshrs*26-1:0]      lines_o,
  output logic [Mshrs-1:0]         reading_o,      // entries waiting to send their read
  input  wire  [Mshrs-1:0]         line_in_wb_i,   // their line has a write-back waiting or in flight
  output logic                     mr_valid_o,
  input  wire                      mr_ready_i,
  output logic [25:0]              mr_line_o,
  output logic [$clog2(Mshrs)-1:0] mr_id_o,
  // fill beats
  input  wire                      fill_i,
  input  wire  [$clog2(Mshrs)-1:0] fill_id_i,
  output logic [IdxW-1:0]          fill_idx_o,
  output logic [1:0]               fill_beat_o,
  output logic [15:0]              fill_keep_o,    // words of the line its store wrote (the fill skips them)
  output logic                     fill_last_o,
  // replay of a filled entry's request
  output logic                     replay_o,
  output logic [IdxW-1:0]          replay_idx_o,
  output logic [25:0]              replay_line_o,
  output logic [1:0]               replay_op_o,
  output logic [5:0]               replay_fn_o,
  output logic                     replay_nt_o,
  output logic                     replay_sys_o,
  output logic [15:0]              replay_words_o,
  output logic [31:0]              replay_opnd_o,
  output logic [31:0]              replay_cmp_o,
  output logic [15:0]              replay_tag_o,
  input  wire                      replay_done_i,
  // lines being fetched
  input  wire  [25:0]              probe_line_i,
  output logic                     fetching_o,
  output logic                     busy_o          // an entry is in use
);

  localparam int MshrW = $clog2(Mshrs);
  localparam logic [1:0] MS_FREE = 2'd0, MS_READ = 2'd1, MS_FILL = 2'd2, MS_REPLAY = 2'd3;

  logic [1:0]        ms_state_q [Mshrs];
  logic [1:0]        ms_beat_q  [Mshrs];
  logic [IdxW-1:0]   ms_idx_q   [Mshrs];     // the reserved line slot
  logic [25:0]       ms_line_q  [Mshrs];
  logic [1:0]        ms_op_q    [Mshrs];
  logic [5:0]        ms_fn_q    [Mshrs];
  logic              ms_nt_q    [Mshrs];
  logic              ms_sys_q   [Mshrs];
  logic [15:0]       ms_words_q [Mshrs];
  logic [31:0]       ms_opnd_q  [Mshrs];
  logic [31:0]       ms_cmp_q   [Mshrs];
  logic [15:0]       ms_tag_q   [Mshrs];

  // The lowest free entry, the lowest entry to replay.
  logic             replay_ok;
  logic [MshrW-1:0] replay_id, free_id;
  always_comb begin
    replay_ok = 1'b0;
    replay_id = '0;
    free_ok_o = 1'b0;
    free_id   = '0;
    for (int m = Mshrs - 1; m >= 0; m--) begin
      if (ms_state_q[m] == MS_REPLAY) begin
        replay_ok = 1'b1;
        replay_id = m[MshrW-1:0];
      end
      if (ms_state_q[m] == MS_FREE) begin
        free_ok_o = 1'b1;
        free_id   = m[MshrW-1:0];
      end
    end
  end
  assign replay_o       = replay_ok;
  assign replay_idx_o   = ms_idx_q[replay_id];
  assign replay_line_o  = ms_line_q[replay_id];
  assign replay_op_o    = ms_op_q[replay_id];
  assign replay_fn_o    = ms_fn_q[replay_id];
  assign replay_nt_o    = ms_nt_q[replay_id];
  assign replay_sys_o   = ms_sys_q[replay_id];
  assign replay_words_o = ms_words_q[replay_id];
  assign replay_opnd_o  = ms_opnd_q[replay_id];
  assign replay_cmp_o   = ms_cmp_q[replay_id];
  assign replay_tag_o   = ms_tag_q[replay_id];

  // Reads: the lowest entry waiting to send whose line has no write-back in
  // flight; a read offered and not taken is offered again (mr_hold_q), so
  // mr_* holds until mr_ready_i (its entry stays waiting, and no write-back
  // of a line being fetched starts).
  logic             mr_ok, mr_hold_q;
  logic [MshrW-1:0] mr_idx, mr_hold_idx_q;
  always_comb begin
    mr_ok  = 1'b0;
    mr_idx = '0;
    for (int m = Mshrs - 1; m >= 0; m--) begin
      lines_o[m*26 +: 26] = ms_line_q[m];
      reading_o[m]        = ms_state_q[m] == MS_READ;
      if (ms_state_q[m] == MS_READ && !line_in_wb_i[m]) begin
        mr_ok  = 1'b1;
        mr_idx = m[MshrW-1:0];
      end
    end
    if (mr_hold_q) begin
      mr_ok  = 1'b1;
      mr_idx = mr_hold_idx_q;
    end
  end
  assign mr_valid_o = mr_ok;
  assign mr_line_o  = ms_line_q[mr_idx];
  assign mr_id_o    = mr_idx;

  assign fill_idx_o  = ms_idx_q[fill_id_i];
  assign fill_beat_o = ms_beat_q[fill_id_i];
  assign fill_keep_o = ms_op_q[fill_id_i] == gpu_mem_pkg::MEM_OP_STORE ? ms_words_q[fill_id_i] : 16'd0;
  assign fill_last_o = fill_i && ms_beat_q[fill_id_i] == 2'd3;

  always_comb begin
    fetching_o = 1'b0;
    busy_o     = 1'b0;
    for (int m = 0; m < Mshrs; m++) begin
      if (ms_state_q[m] != MS_FREE && ms_line_q[m] == probe_line_i) fetching_o = 1'b1;
      if (ms_state_q[m] != MS_FREE) busy_o = 1'b1;
    end
  end

  logic             opnd_due_q;   // the entry allocated at the last edge takes opnd_i
  logic [MshrW-1:0] opnd_id_q;
  always_ff @(posedge clk_i) begin
    opnd_due_q    <= alloc_i;
    mr_hold_q     <= mr_ok && !mr_ready_i;
    mr_hold_idx_q <= mr_idx;
    opnd_id_q     <= free_id;
    if (opnd_due_q) ms_opnd_q[opnd_id_q] <= opnd_i;
    if (fill_i) begin
      ms_beat_q[fill_id_i] <= ms_beat_q[fill_id_i] + 2'd1;
      if (ms_beat_q[fill_id_i] == 2'd3) ms_state_q[fill_id_i] <= MS_REPLAY;
    end
    if (mr_ok && mr_ready_i) ms_state_q[mr_idx] <= MS_FILL;
    if (replay_done_i) ms_state_q[replay_id] <= MS_FREE;
    if (alloc_i) begin
      ms_state_q[free_id] <= MS_READ;
      ms_beat_q[free_id]  <= 2'd0;
      ms_idx_q[free_id]   <= alloc_idx_i;
      ms_line_q[free_id]  <= alloc_line_i;
      ms_op_q[free_id]    <= alloc_op_i;
      ms_fn_q[free_id]    <= alloc_fn_i;
      ms_nt_q[free_id]    <= alloc_nt_i;
      ms_sys_q[free_id]   <= alloc_sys_i;
      ms_words_q[free_id] <= alloc_words_i;
      ms_cmp_q[free_id]   <= alloc_cmp_i;
      ms_tag_q[free_id]   <= alloc_tag_i;
    end
    if (rst_i) begin
      mr_hold_q <= 1'b0;
      for (int m = 0; m < Mshrs; m++) ms_state_q[m] <= MS_FREE;
    end
  end

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (!rst_i && fill_i && ms_state_q[fill_id_i] != MS_FILL)
      $error("gpu_l2_mshrs: fill beat for MSHR %0d that waits for none", fill_id_i);
  end
`endif

endmodule

`default_nettype wire
