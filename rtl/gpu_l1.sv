// SPDX-License-Identifier: Apache-2.0
// gpu_l1: a CU's L1 (docs/architecture.md, "The L1"): write-through, not
// coherent, Sets x Ways lines of 64 bytes, between the memory unit and the L2.
// A request waits one cycle in an input register, while the tags of its set
// are read (a block RAM, one word per set), then passes the lookup.
// A wave/group-scope load without nt hits here (answer 1 cycle later) or goes
// on to the L2 and, with an MSHR free, allocates its line at the answer. Every
// other request goes on to the L2 and drops the line (updates it: a wave/group
// store without nt); a fill overtaken by another request of its line sent on,
// or by op 3 (cache_inv_l1: drop all, answered here), is not installed.
// Answers go to the memory unit with valid/ready (resp_ready_i; the unit of a
// small build takes one in several cycles): an answer offered and not taken
// keeps the port, and an L2 answer waits (dresp_ready_o) while another is
// offered; else an L2 answer goes first and a hit waits a cycle. A request
// offered to the L2 (dreq_*) stays offered until taken.
`default_nettype none

module gpu_l1 #(
  parameter int Sets  = 64,   // power of two
  parameter int Ways  = 4,    // power of two >= 2
  parameter int Mshrs = 4     // allocating misses in flight (power of two >= 2)
) (
  input  wire           clk_i,
  input  wire           rst_i,
  input  wire           clear_i,        // launch: drop every line, counters to 0
  // from the memory unit (op 0 load, 1 store, 2 atomic, 3 cache_inv_l1)
  input  wire           req_valid_i,
  output logic          req_ready_o,
  input  wire  [1:0]    req_op_i,
  input  wire  [5:0]    req_fn_i,
  input  wire  [1:0]    req_scope_i,
  input  wire           req_nt_i,
  input  wire  [25:0]   req_line_i,
  input  wire  [15:0]   req_words_i,
  input  wire  [511:0]  req_data_i,
  input  wire  [31:0]   req_cmp_i,
  input  wire  [15:0]   req_tag_i,
  // answers to the memory unit
  output logic          resp_valid_o,
  input  wire           resp_ready_i,
  output logic [15:0]   resp_tag_o,
  output logic [511:0]  resp_data_o,
  // to the L2 (op 0..2, as received)
  output logic          dreq_valid_o,
  input  wire           dreq_ready_i,
  output logic [1:0]    dreq_op_o,
  output logic [5:0]    dreq_fn_o,
  output logic          dreq_nt_o,
  output logic          dreq_sys_o,     // system scope
  output logic [25:0]   dreq_line_o,
  output logic [15:0]   dreq_words_o,
  output logic [511:0]  dreq_data_o,
  output logic [31:0]   dreq_cmp_o,
  output logic [15:0]   dreq_tag_o,
  input  wire           dresp_valid_i,
  output logic          dresp_ready_o,
  input  wire  [15:0]   dresp_tag_i,
  input  wire  [511:0]  dresp_data_i,
  // trace (docs/architecture.md, "The trace port"): what the L1 does at the coming edge
  output logic          tr_a_valid_o,   // a request passes the lookup: served here (tr_a_hit_o) or sent on
  output logic          tr_a_hit_o,
  output logic          tr_a_alloc_o,   // ... sent on, and its line will be filled unless made stale
  output logic [15:0]   tr_a_tag_o,
  output logic          tr_fill_o,      // the answer with tag tr_fill_tag_o installs its line
  output logic [15:0]   tr_fill_tag_o,
  // counters since clear_i
  output logic [31:0]   ctr_hits_o,     // loads served here
  output logic [31:0]   ctr_misses_o,   // loads that could hit but did not
  output logic [31:0]   ctr_evictions_o // valid lines dropped or replaced
);

  localparam int Lines = Sets * Ways;
  localparam int SetW  = $clog2(Sets);
  localparam int WayW  = $clog2(Ways);
  localparam int IdxW  = $clog2(Lines);
  localparam int MshrW = $clog2(Mshrs);

  // ---------------------------------------------------------------- state
  logic [Lines-1:0]  valid_q, pend_q;        // pend: reserved for a fill
  logic [WayW-1:0]   rr_q [Sets];
  logic [Mshrs-1:0]  ms_valid_q, ms_stale_q;
  logic [15:0]       ms_tag_q  [Mshrs];
  logic [25:0]       ms_line_q [Mshrs];
  logic [IdxW-1:0]   ms_idx_q  [Mshrs];

  logic [15:0]       ram_we;
  logic [IdxW-1:0]   ram_waddr, ram_raddr;
  logic [511:0]      ram_wdata, ram_rdata;
  logic              ram_re;
  gpu_ram_1r1w #(
    .Width (512),
    .Depth (Lines),
    .Lanes (16)
  ) u_data (
    .clk_i   (clk_i),
    .we_i    (ram_we),
    .waddr_i (ram_waddr),
    .wdata_i (ram_wdata),
    .re_i    (ram_re),
    .raddr_i (ram_raddr),
    .rdata_o (ram_rdata)
  );

  // ---------------------------------------------------------------- input register (the tag-read cycle)
  logic         t_valid_q, t_nt_q;
  logic [1:0]   t_op_q, t_scope_q;
  logic [5:0]   t_fn_q;
  logic [25:0]  t_line_q;
  logic [15:0]  t_words_q;
  logic [511:0] t_data_q;
  logic [31:0]  t_cmp_q;
  logic [15:0]  t_tag_q;
  logic         tags_t_q;   // the tag RAM's output holds the tags of the input register's set
  wire          t_ready = t_valid_q && tags_t_q;   // the request in A

  // ---------------------------------------------------------------- tag RAM
  // One word per set, way i's line address at [i*26 +: 26], one write enable per way.
  logic [Ways-1:0]    tag_we, tag_match;
  logic [Ways*26-1:0] tag_rdata;
  logic [SetW-1:0]    tag_waddr, tag_raddr;
  logic               tag_re;
  gpu_cache_tags #(
    .Sets (Sets),
    .Ways (Ways)
  ) u_tags (
    .clk_i   (clk_i),
    .we_i    (tag_we),
    .waddr_i (tag_waddr),
    .wline_i (t_line_q),
    .re_i    (tag_re),
    .raddr_i (tag_raddr),
    .line_i  (t_line_q),
    .tags_o  (tag_rdata),
    .match_o (tag_match)
  );
  wire          unused_tags = ^tag_rdata;   // (the L1 needs only the matches)

  // ---------------------------------------------------------------- answers from the L2
  // Taken when the memory unit takes them (and no hit's answer holds the
  // port); one that matches an MSHR fills its line unless it was made stale.
  logic             b_valid_q;
  logic [15:0]      b_tag_q;
  logic             b_held_q;    // the hit's answer was offered last cycle and not taken: it keeps the port
  wire              use_b      = b_valid_q && (b_held_q || !dresp_valid_i);
  assign dresp_ready_o = resp_ready_i && !use_b;
  wire              dresp_take = dresp_valid_i && dresp_ready_o;
  logic             fill_hit;
  logic [MshrW-1:0] fill_ms;
  always_comb begin
    fill_hit = 1'b0;
    fill_ms  = '0;
    if (dresp_take)
      for (int m = Mshrs - 1; m >= 0; m--)
        if (ms_valid_q[m] && ms_tag_q[m] == dresp_tag_i) begin
          fill_hit = 1'b1;
          fill_ms  = m[MshrW-1:0];
        end
  end

  // ---------------------------------------------------------------- stage B: a hit's (or cache_inv_l1's) answer
  // An answer from the L2 goes to the memory unit first (unless the hit's
  // answer holds the port); a hit waits. Stage B takes no new hit until its
  // answer is taken (the RAM's output holds it meanwhile).
  wire         b_take  = use_b && resp_ready_i;
  wire         b_block = b_valid_q && !b_take;
  assign resp_valid_o = dresp_valid_i || b_valid_q;
  assign resp_tag_o   = use_b ? b_tag_q : dresp_tag_i;
  assign resp_data_o  = use_b ? ram_rdata : dresp_data_i;

  // ---------------------------------------------------------------- stage A: lookup
  wire [SetW-1:0] a_set = t_line_q[SetW-1:0];
  logic            a_hit, a_pend;
  logic [WayW-1:0] a_way;
  logic            victim_ok;
  logic [WayW-1:0] victim_way;
  always_comb begin
    logic found_inv, found_rr;
    logic [WayW-1:0] w_inv, w_rr, w;
    a_hit     = 1'b0;
    a_pend    = 1'b0;
    a_way     = '0;
    found_inv = 1'b0;
    found_rr  = 1'b0;
    w_inv     = '0;
    w_rr      = '0;
    w         = '0;
    if (t_ready) begin   // (only then: it keeps an idle L1 cheap to simulate)
      for (int i = 0; i < Ways; i++)
        if (tag_match[i]) begin
          if (valid_q[{a_set, i[WayW-1:0]}]) begin
            a_hit = 1'b1;
            a_way = i[WayW-1:0];
          end
          if (pend_q[{a_set, i[WayW-1:0]}]) a_pend = 1'b1;
        end
      for (int i = Ways - 1; i >= 0; i--) begin
        if (!pend_q[{a_set, i[WayW-1:0]}] && !valid_q[{a_set, i[WayW-1:0]}]) begin
          found_inv = 1'b1;
          w_inv     = i[WayW-1:0];
        end
        w = rr_q[a_set] + i[WayW-1:0];
        if (!pend_q[{a_set, w}]) begin
          found_rr = 1'b1;
          w_rr     = w;
        end
      end
    end
    victim_ok  = found_inv || found_rr;
    victim_way = found_inv ? w_inv : w_rr;
  end

  logic             ms_free_ok;
  logic [MshrW-1:0] ms_free;
  always_comb begin
    ms_free_ok = 1'b0;
    ms_free    = '0;
    for (int m = Mshrs - 1; m >= 0; m--)
      if (!ms_valid_q[m]) begin
        ms_free_ok = 1'b1;
        ms_free    = m[MshrW-1:0];
      end
  end

  // What the request in A is and does.
  wire a_cacheable = t_op_q == gpu_mem_pkg::MEM_OP_LOAD && !t_nt_q && t_scope_q <= gpu_isa_pkg::SCOPE_GROUP;
  wire a_update    = t_op_q == gpu_mem_pkg::MEM_OP_STORE && !t_nt_q && t_scope_q <= gpu_isa_pkg::SCOPE_GROUP;
  wire a_inv_all   = t_op_q == gpu_mem_pkg::MEM_OP_CACHE;
  // A request offered to the L2 and not taken (a_offer_q) stays offered
  // until taken (valid/ready): a fill of its line meanwhile does not make it
  // a hit, and a fill does not stall it (a store that updates its line then
  // drops the line instead of writing it).
  logic a_offer_q;
  wire a_is_hit    = a_cacheable && a_hit && !a_offer_q;
  // A hit needs stage B; a store that updates its line needs the RAM's write
  // port, which an arriving answer that may fill takes first.
  wire a_stall     = b_block || (fill_hit && a_update && !a_offer_q);
  wire a_alloc     = a_cacheable && !a_hit && !a_pend && ms_free_ok && victim_ok;
  wire a_send      = !a_is_hit && !a_inv_all;
  wire a_go        = t_ready && !a_stall && (a_send ? dreq_ready_i : 1'b1);
  // The input register takes a request when it is empty or its request leaves.
  assign req_ready_o = !t_valid_q || a_go;

  assign dreq_valid_o = t_ready && !a_stall && a_send;
  assign dreq_op_o    = t_op_q;
  assign dreq_fn_o    = t_fn_q;
  assign dreq_nt_o    = t_nt_q;
  assign dreq_sys_o   = t_scope_q == gpu_isa_pkg::SCOPE_SYSTEM;
  assign dreq_line_o  = t_line_q;
  assign dreq_words_o = t_words_q;
  assign dreq_data_o  = t_data_q;
  assign dreq_cmp_o   = t_cmp_q;
  assign dreq_tag_o   = t_tag_q;

  // A fill is stale if another request of its line is sent on to the L2
  // before it arrives, or at the same edge (a store or atomic changes the
  // line; a load reads it later, and may read a newer value: the older fill
  // must not follow it), or cache_inv_l1 passes.
  logic [Mshrs-1:0] stale_now;
  always_comb begin
    stale_now = '0;
    if (a_go && !a_is_hit && !a_alloc)
      for (int m = 0; m < Mshrs; m++)
        if (ms_valid_q[m] && (a_inv_all || ms_line_q[m] == t_line_q)) stale_now[m] = 1'b1;
  end
  wire fill_install = fill_hit && !ms_stale_q[fill_ms] && !stale_now[fill_ms];

  // ---------------------------------------------------------------- RAM ports
  wire [IdxW-1:0] a_idx   = {a_set, a_way};
  wire [IdxW-1:0] vic_idx = {a_set, victim_way};
  always_comb begin
    ram_re    = a_go && a_is_hit;
    ram_raddr = a_idx;
    ram_we    = '0;
    ram_waddr = '0;
    if (fill_install) begin
      ram_we    = 16'hFFFF;
      ram_waddr = ms_idx_q[fill_ms];
    end else if (a_go && a_update && a_hit && !fill_hit) begin
      ram_we    = t_words_q;
      ram_waddr = a_idx;
    end
    // (the data by fill_hit, not the deeper fill_install: a store waits while an answer fills)
    ram_wdata = fill_hit ? dresp_data_i : t_data_q;
  end

  // Tags: an allocating miss writes its victim way. The read port reads the
  // set of the request the input register takes, or its own set again when
  // the tags it had were written; never at the edge that writes that set.
  wire            t_load     = req_valid_i && req_ready_o;
  wire [SetW-1:0] t_next_set = t_load ? req_line_i[SetW-1:0] : a_set;
  always_comb begin
    tag_we    = '0;
    tag_waddr = a_set;
    if (a_go && a_alloc) tag_we[victim_way] = 1'b1;
    tag_raddr = t_next_set;
    tag_re    = (t_load || (t_valid_q && !a_go && !tags_t_q)) && !(tag_we != '0 && tag_waddr == t_next_set);
  end

  assign tr_a_valid_o  = a_go;
  assign tr_a_hit_o    = a_is_hit;
  assign tr_a_alloc_o  = a_alloc;
  assign tr_a_tag_o    = t_tag_q;
  assign tr_fill_o     = fill_install;
  assign tr_fill_tag_o = dresp_tag_i;

  // ---------------------------------------------------------------- updates
  // the request drops its line (a store that updates it: only when a fill
  // takes the RAM's write port, a_offer_q)
  wire a_drops = a_go && a_hit && ((!a_cacheable && !a_update && !a_inv_all) || (a_update && fill_hit));

  // The valid lines (for the counter of cache_inv_l1).
  logic [IdxW:0] lines_valid;
  always_comb begin
    lines_valid = '0;
    if (t_ready && a_inv_all)   // (only then: cheaper to simulate)
      for (int i = 0; i < Lines; i++) lines_valid = lines_valid + {{IdxW{1'b0}}, valid_q[i]};
  end

  logic [31:0] c_hits_q, c_misses_q, c_evict_q;
  always_ff @(posedge clk_i) begin
    // the input register, and whether the tag RAM's output holds its set
    if (a_go) t_valid_q <= 1'b0;
    if (t_load) begin
      t_valid_q <= 1'b1;
      t_op_q    <= req_op_i;
      t_fn_q    <= req_fn_i;
      t_scope_q <= req_scope_i;
      t_nt_q    <= req_nt_i;
      t_line_q  <= req_line_i;
      t_words_q <= req_words_i;
      t_data_q  <= req_data_i;
      t_cmp_q   <= req_cmp_i;
      t_tag_q   <= req_tag_i;
    end
    if (tag_re) tags_t_q <= 1'b1;
    else if (t_load || (tag_we != '0 && tag_waddr == a_set)) tags_t_q <= 1'b0;

    a_offer_q <= dreq_valid_o && !dreq_ready_i;
    if (b_take) b_valid_q <= 1'b0;
    b_held_q <= use_b && !resp_ready_i;
    if (a_go && (a_is_hit || a_inv_all)) begin   // (cache_inv_l1 is answered here too, with no data)
      b_valid_q <= 1'b1;
      b_tag_q   <= t_tag_q;
    end
    if (fill_hit) begin
      ms_valid_q[fill_ms]          <= 1'b0;
      pend_q[ms_idx_q[fill_ms]]    <= 1'b0;
      if (fill_install) valid_q[ms_idx_q[fill_ms]] <= 1'b1;
    end
    ms_stale_q <= ms_stale_q | stale_now;
    if (a_drops) valid_q[a_idx] <= 1'b0;
    if (a_go && a_inv_all) valid_q <= '0;
    if (a_go && a_alloc) begin
      ms_valid_q[ms_free]   <= 1'b1;
      ms_stale_q[ms_free]   <= 1'b0;
      ms_tag_q[ms_free]     <= t_tag_q;
      ms_line_q[ms_free]    <= t_line_q;
      ms_idx_q[ms_free]     <= vic_idx;
      valid_q[vic_idx]      <= 1'b0;
      pend_q[vic_idx]       <= 1'b1;
      if (valid_q[vic_idx]) rr_q[a_set] <= victim_way + 1'b1;
    end
    // counters
    if (a_go && a_is_hit) c_hits_q <= c_hits_q + 32'd1;
    if (a_go && a_cacheable && !a_is_hit) c_misses_q <= c_misses_q + 32'd1;
    if (a_drops || (a_go && a_alloc && valid_q[vic_idx])) c_evict_q <= c_evict_q + 32'd1;
    if (a_go && a_inv_all) c_evict_q <= c_evict_q + {{(31 - IdxW){1'b0}}, lines_valid};
    if (clear_i) begin
      valid_q <= '0;
      c_hits_q   <= '0;
      c_misses_q <= '0;
      c_evict_q  <= '0;
    end
    if (rst_i) begin
      valid_q    <= '0;
      pend_q     <= '0;
      ms_valid_q <= '0;
      b_valid_q  <= 1'b0;
      b_held_q   <= 1'b0;
      a_offer_q  <= 1'b0;
      t_valid_q  <= 1'b0;
      tags_t_q   <= 1'b0;
      c_hits_q   <= '0;
      c_misses_q <= '0;
      c_evict_q  <= '0;
      for (int s = 0; s < Sets; s++) rr_q[s] <= '0;
    end
  end

  assign ctr_hits_o      = c_hits_q;
  assign ctr_misses_o    = c_misses_q;
  assign ctr_evictions_o = c_evict_q;

  wire unused_l1 = ^{t_fn_q, t_cmp_q};   // passed on to the L2 unchanged (dreq_*)

endmodule

`default_nettype wire
