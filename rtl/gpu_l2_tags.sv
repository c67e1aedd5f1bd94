// SPDX-License-Identifier: Apache-2.0
// gpu_l2_tags: the tags and line state of an L2 slice (gpu_l2_slice;
// docs/architecture.md, "The L2"): the tag RAM (gpu_cache_tags, one word
// per set, read latency 1), and per line its valid, dirty, streaming (nt)
// and reserved (an MSHR fetches it) bits, with a round-robin victim
// pointer per set.
// The lookup (look_i, combinational on the tags read): a hit on a valid,
// unreserved line of look_set_i holding look_line_i; whether a line is
// reserved for that address; and the victim for a miss: an invalid way,
// else a streaming line, else round robin from the set's pointer, never a
// reserved way (victim_dirty_o: it must be written back first).
// The updates, at most one of them per cycle besides reset:
//   fill_done_i  the last fill beat: the reserved line becomes valid;
//   hit_i        the lookup performs a request on line hit_idx_i (a replay
//                releases its reservation; a write makes it dirty);
//   miss_i       the lookup takes the victim way for look_line_i: written
//                at once by a whole-line store (miss_alloc_i), else reserved
//                for a fetch; the tag RAM takes the new line;
//   walk_clean_i the walker writes back a dirty line (and invalidates it
//                with walk_inv_i); walk_inv_set_i invalidates every
//                unreserved line of walk_set_i;
//   drop_i       a system-scope request's line leaves (invalid, clean).
`default_nettype none

module gpu_l2_tags #(
  parameter int Sets = 64,   // power of two >= 2
  parameter int Ways = 8     // >= 2
) (
  input  wire                              clk_i,
  input  wire                              rst_i,
  // tag RAM read port
  input  wire                              tag_re_i,
  input  wire  [$clog2(Sets)-1:0]          tag_raddr_i,
  output logic [Ways*26-1:0]               tags_o,
  // lookup
  input  wire                              look_i,
  input  wire  [$clog2(Sets)-1:0]          look_set_i,
  input  wire  [25:0]                      look_line_i,
  output logic                             hit_o,
  output logic [$clog2(Ways)-1:0]          hit_way_o,
  output logic                             reserved_o,
  output logic                             victim_ok_o,
  output logic [$clog2(Ways)-1:0]          victim_way_o,
  output logic                             victim_dirty_o,
  output logic [25:0]                      victim_line_o,
  // updates
  input  wire                              fill_done_i,
  input  wire  [$clog2(Sets * Ways)-1:0]   fill_idx_i,
  input  wire                              hit_i,
  input  wire  [$clog2(Sets * Ways)-1:0]   hit_idx_i,
  input  wire                              hit_nt_i,
  input  wire                              hit_write_i,
  input  wire                              hit_replay_i,
  input  wire                              miss_i,
  input  wire                              miss_nt_i,
  input  wire                              miss_alloc_i,
  input  wire                              walk_clean_i,
  input  wire                              walk_inv_set_i,
  input  wire                              walk_inv_i,
  input  wire  [$clog2(Sets)-1:0]          walk_set_i,
  input  wire  [$clog2(Ways)-1:0]          walk_way_i,
  input  wire                              drop_i,
  input  wire  [$clog2(Sets * Ways)-1:0]   drop_idx_i,
  // state
  input  wire                              walk_look_i,     // the walker reads walk_set_i's lines
  output logic [Ways-1:0]                  walk_dirty_ways_o,
  output logic                             drop_dirty_o,    // line drop_idx_i is valid and dirty
  output logic                             any_valid_o
);

  localparam int Lines = Sets * Ways;
  localparam int WayW  = $clog2(Ways);
  localparam int IdxW  = $clog2(Lines);

  logic [Lines-1:0] valid_q, dirty_q, stream_q;
  logic [Lines-1:0] pend_q;                 // reserved by an MSHR (fill or replay to come)
  logic [WayW-1:0]  rr_q [Sets];            // round-robin victim pointer

  logic [Ways-1:0]  tag_we, tag_match;
  always_comb begin
    tag_we = '0;
    if (miss_i) tag_we[victim_way_o] = 1'b1;
  end

  gpu_cache_tags #(
    .Sets (Sets),
    .Ways (Ways)
  ) u_tags (
    .clk_i   (clk_i),
    .we_i    (tag_we),
    .waddr_i (look_set_i),
    .wline_i (look_line_i),
    .re_i    (tag_re_i),
    .raddr_i (tag_raddr_i),
    .line_i  (look_line_i),
    .tags_o  (tags_o),
    .match_o (tag_match)
  );

  always_comb begin
    logic found_inv, found_stream, found_rr;
    logic [WayW-1:0] w_inv, w_stream, w_rr, w;
    hit_o        = 1'b0;
    reserved_o   = 1'b0;
    hit_way_o    = '0;
    found_inv    = 1'b0;
    found_stream = 1'b0;
    found_rr     = 1'b0;
    w_inv        = '0;
    w_stream     = '0;
    w_rr         = '0;
    w            = '0;
    if (look_i) begin   // (only then: it keeps an idle slice cheap to simulate)
      for (int i = 0; i < Ways; i++) begin
        if (tag_match[i]) begin
          if (valid_q[{look_set_i, i[WayW-1:0]}] && !pend_q[{look_set_i, i[WayW-1:0]}]) begin
            hit_o     = 1'b1;
            hit_way_o = i[WayW-1:0];
          end
          if (pend_q[{look_set_i, i[WayW-1:0]}]) reserved_o = 1'b1;
        end
      end
      for (int i = Ways - 1; i >= 0; i--) begin
        if (!pend_q[{look_set_i, i[WayW-1:0]}] && !valid_q[{look_set_i, i[WayW-1:0]}]) begin
          found_inv = 1'b1;
          w_inv     = i[WayW-1:0];
        end
        if (!pend_q[{look_set_i, i[WayW-1:0]}] && stream_q[{look_set_i, i[WayW-1:0]}]) begin
          found_stream = 1'b1;
          w_stream     = i[WayW-1:0];
        end
      end
      for (int i = Ways - 1; i >= 0; i--) begin
        w = rr_q[look_set_i] + i[WayW-1:0];
        if (!pend_q[{look_set_i, w}]) begin
          found_rr = 1'b1;
          w_rr     = w;
        end
      end
    end
    victim_ok_o    = found_inv || found_stream || found_rr;
    victim_way_o   = found_inv ? w_inv : (found_stream ? w_stream : w_rr);
    victim_dirty_o = !found_inv && valid_q[{look_set_i, victim_way_o}] && dirty_q[{look_set_i, victim_way_o}];
  end
  assign victim_line_o = tags_o[victim_way_o*26 +: 26];

  always_comb
    for (int i = 0; i < Ways; i++)
      walk_dirty_ways_o[i] = walk_look_i && valid_q[{walk_set_i, i[WayW-1:0]}] &&
                             dirty_q[{walk_set_i, i[WayW-1:0]}] && !pend_q[{walk_set_i, i[WayW-1:0]}];

  assign drop_dirty_o = valid_q[drop_idx_i] && dirty_q[drop_idx_i];
  assign any_valid_o  = valid_q != '0;

  wire [IdxW-1:0] vic_idx  = {look_set_i, victim_way_o};
  wire [IdxW-1:0] walk_idx = {walk_set_i, walk_way_i};

  always_ff @(posedge clk_i) begin
    if (fill_done_i) valid_q[fill_idx_i] <= 1'b1;
    if (hit_i) begin
      stream_q[hit_idx_i] <= hit_nt_i;
      if (hit_write_i) dirty_q[hit_idx_i] <= 1'b1;
      if (hit_replay_i) pend_q[hit_idx_i] <= 1'b0;
    end
    if (miss_i) begin
      stream_q[vic_idx] <= miss_nt_i;
      if (valid_q[vic_idx]) rr_q[look_set_i] <= victim_way_o + 1'b1;
      valid_q[vic_idx] <= miss_alloc_i;
      dirty_q[vic_idx] <= miss_alloc_i;   // (else the replay of a store or atomic sets it)
      pend_q[vic_idx]  <= !miss_alloc_i;
    end
    if (walk_clean_i) begin
      dirty_q[walk_idx] <= 1'b0;
      if (walk_inv_i) valid_q[walk_idx] <= 1'b0;
    end
    if (walk_inv_set_i)
      for (int i = 0; i < Ways; i++)
        if (!pend_q[{walk_set_i, i[WayW-1:0]}]) valid_q[{walk_set_i, i[WayW-1:0]}] <= 1'b0;
    if (drop_i) begin
      valid_q[drop_idx_i] <= 1'b0;
      if (drop_dirty_o) dirty_q[drop_idx_i] <= 1'b0;
    end
    if (rst_i) begin
      valid_q  <= '0;
      dirty_q  <= '0;
      pend_q   <= '0;
      stream_q <= '0;
      for (int s = 0; s < Sets; s++) rr_q[s] <= '0;
    end
  end

endmodule

`default_nettype wire
