// SPDX-License-Identifier: Apache-2.0
// gpu_l2_tags: the tags and line state of an L2 slice (gpu_l2_slice;
// docs/architecture.md, "The L2"): the tag RAM (gpu_cache_tags, one word
// per set, read latency 1), and per line its valid, dirty, streaming (nt)
// and reserved (an MSHR fetches it) bits, and per set a tree of
// pseudo-LRU bits (Ways - 1: each node points to its less recently used half).
// The lookup (look_i, combinational on the tags read): a hit on a valid,
// unreserved line of look_set_i holding look_line_i; whether a line is
// reserved for that address; and the victim for a miss: an invalid way,
// else a streaming line, else the set's pseudo-LRU way (or the first way
// after it that is not reserved), never a reserved way (victim_dirty_o: it
// must be written back first). A request that hits a line (hit_i, not a
// replay) and a line taken by a miss (miss_i) make it the set's most
// recently used.
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
  logic [Ways-2:0]  plru_q [Sets];          // pseudo-LRU tree: node n's children 2n+1, 2n+2; way w is leaf Ways-1+w

  // The way the tree points to: from the root, to the less recently used child.
  function automatic logic [WayW-1:0] plru_way(input logic [Ways-2:0] t);
    int n;
    n = 0;
    for (int l = 0; l < WayW; l++) n = 2 * n + 1 + (t[n] ? 1 : 0);
    plru_way = WayW'(n - (Ways - 1));
  endfunction
  // The tree after an access to way w: each node on its path points away from it.
  function automatic logic [Ways-2:0] plru_touch(input logic [Ways-2:0] t, input logic [WayW-1:0] w);
    int n, p;
    plru_touch = t;
    n = int'(w) + Ways - 1;
    for (int l = 0; l < WayW; l++) begin
      p = (n - 1) / 2;
      plru_touch[p] = n == 2 * p + 1;   // (n the left child: the right one is now the less recent)
      n = p;
    end
  endfunction

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
    logic found_inv, found_stream, found_lru;
    logic [WayW-1:0] w_inv, w_stream, w_lru, w;
    hit_o        = 1'b0;
    reserved_o   = 1'b0;
    hit_way_o    = '0;
    found_inv    = 1'b0;
    found_stream = 1'b0;
    found_lru     = 1'b0;
    w_inv        = '0;
    w_stream     = '0;
    w_lru         = '0;
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
        w = plru_way(plru_q[look_set_i]) + i[WayW-1:0];
        if (!pend_q[{look_set_i, w}]) begin
          found_lru = 1'b1;
          w_lru     = w;
        end
      end
    end
    victim_ok_o    = found_inv || found_stream || found_lru;
    victim_way_o   = found_inv ? w_inv : (found_stream ? w_stream : w_lru);
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
      if (!hit_replay_i)   // (a miss's line was made the most recent when it was taken)
        plru_q[hit_idx_i[IdxW-1:WayW]] <= plru_touch(plru_q[hit_idx_i[IdxW-1:WayW]], hit_idx_i[WayW-1:0]);
      stream_q[hit_idx_i] <= hit_nt_i;
      if (hit_write_i) dirty_q[hit_idx_i] <= 1'b1;
      if (hit_replay_i) pend_q[hit_idx_i] <= 1'b0;
    end
    if (miss_i) begin
      stream_q[vic_idx] <= miss_nt_i;
      plru_q[look_set_i] <= plru_touch(plru_q[look_set_i], victim_way_o);
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
      for (int s = 0; s < Sets; s++) plru_q[s] <= '0;
    end
  end

endmodule

`default_nettype wire
