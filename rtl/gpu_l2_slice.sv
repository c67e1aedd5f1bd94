// SPDX-License-Identifier: Apache-2.0
// gpu_l2_slice: one slice of the shared L2 (docs/architecture.md, "The L2"):
// write-back, write-allocate, Sets x Ways lines of 64 bytes, the point of
// coherence. Loads, stores and atomics (executed here) arrive as line
// requests into an input register, whose cycle reads the tags of their set
// (a block RAM, one word per set); the lookup follows, and hits answer one
// cycle after it. A miss takes an MSHR, reserves its
// way, fetches the line and then replays the request as a hit; a store of a
// whole line allocates without a fetch. A store that misses writes its words
// into the reserved way at once (the fill then leaves them), so an MSHR holds
// no line of data: its replay only answers the store. Dirty victims go to write-back
// buffers; a line is not fetched again while its write-back is unanswered.
// A system-scope request's line leaves once it is performed (written back if
// dirty). maint_req_i writes back every dirty line (and with maint_inv_i invalidates
// every line); maint_done_o pulses when those writes are answered (a request
// during a maintenance is ignored). Ways and Sets: powers of two, Ways >= 2.
// This module is the pipeline (input register, lookup, answer stage) and the
// data RAM; its parts are gpu_l2_tags (tags and line state), gpu_l2_mshrs
// (misses), gpu_l2_wb_buffers (write-backs) and gpu_l2_maint (the walker).
`default_nettype none

module gpu_l2_slice #(
  parameter int Sets       = 64,    // power of two
  parameter int Ways       = 8,
  parameter int Mshrs      = 8,     // misses in flight
  parameter int WbBufs     = 4,     // write-back data buffers (free once the line is sent)
  parameter int Writes     = 16,    // line writes in flight (sent, not yet answered)
  parameter int Slices     = 4,     // of the whole L2 (for the set index)
  parameter int BlockLines = 4      // interleave block of the slices, in lines
) (
  input  wire           clk_i,
  input  wire           rst_i,
  input  wire           clear_i,        // launch: counters to 0
  // requests (op 0 load, 1 store, 2 atomic)
  input  wire           req_valid_i,
  output logic          req_ready_o,
  output logic          req_retry_o,    // with !req_ready_o: refused while its line is fetched (offer another)
  input  wire  [1:0]    req_op_i,
  input  wire  [5:0]    req_fn_i,
  input  wire           req_nt_i,
  input  wire           req_sys_i,      // system scope: the line leaves the L2 once performed
  input  wire  [25:0]   req_line_i,
  input  wire  [15:0]   req_words_i,
  input  wire  [511:0]  req_data_i,
  input  wire  [31:0]   req_cmp_i,
  input  wire  [15:0]   req_tag_i,
  // responses (load: the line; atomic: the line as read, whose word at the
  // atomic's is the old value; store: no data)
  output logic          resp_valid_o,
  input  wire           resp_ready_i,
  output logic [15:0]   resp_tag_o,
  output logic [511:0]  resp_data_o,
  // line reads to memory, and their data in 4 beats of 16 bytes, in order
  output logic          mr_valid_o,
  input  wire           mr_ready_i,
  output logic [25:0]   mr_line_o,
  output logic [$clog2(Mshrs)-1:0] mr_id_o,
  input  wire           mf_valid_i,
  output logic          mf_ready_o,
  input  wire  [$clog2(Mshrs)-1:0] mf_id_i,
  input  wire  [127:0]  mf_data_i,
  // line writes to memory (the words of mw_words_o), and their acknowledgements
  output logic          mw_valid_o,
  input  wire           mw_ready_i,
  output logic [25:0]   mw_line_o,
  output logic [15:0]   mw_words_o,
  output logic [511:0]  mw_data_o,
  output logic [$clog2(Writes)-1:0] mw_id_o,
  input  wire           mb_valid_i,
  input  wire  [$clog2(Writes)-1:0] mb_id_i,
  // maintenance: write back every dirty line (maint_inv_i: and invalidate all)
  input  wire           maint_req_i,
  input  wire           maint_inv_i,
  output logic          maint_done_o,
  output logic          idle_o,         // no request, miss, write-back or maintenance in progress
  // trace: the request with this tag is performed at the coming edge (loads
  // read, stores write, atomics read-modify-write the line in this order)
  output logic          perf_valid_o,
  output logic [15:0]   perf_tag_o,
  // counters since clear_i
  output logic [31:0]   ctr_hits_o,
  output logic [31:0]   ctr_misses_o,
  output logic [31:0]   ctr_evictions_o,   // dirty lines written back (victims and maintenance)
  output logic [31:0]   ctr_atomics_o,
  output logic [31:0]   ctr_fills_o,       // lines read from memory
  output logic [31:0]   ctr_write_words_o  // words written to memory
);

  localparam int Lines = Sets * Ways;
  localparam int SetW  = $clog2(Sets);
  localparam int WayW  = $clog2(Ways);
  localparam int IdxW  = $clog2(Lines);
  localparam int WbW   = $clog2(WbBufs);
  localparam int BlkW  = $clog2(BlockLines);
  localparam int SlW   = $clog2(Slices);

  // The set of a line: the line address without the slice-select bits.
  function automatic logic [SetW-1:0] set_of(input logic [25:0] line);
    for (int i = 0; i < SetW; i++)
      set_of[i] = i < BlkW ? line[i] : line[i + SlW];
  endfunction

  // ---------------------------------------------------------------- data RAM
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

  // ---------------------------------------------------------------- the parts (instances below)
  // tags and line state (gpu_l2_tags): the tag RAM's read port serves the
  // input register (the set of the request it takes, or again after another
  // read or a write to its set) and, during maintenance, the walker (the set
  // it visits, when that set has a dirty line).
  logic               tag_re;
  logic [SetW-1:0]    tag_raddr;
  logic [Ways*26-1:0] tag_rdata;
  logic               tags_t_q;      // tag_rdata holds the tags of the input register's set
  logic               tags_walk_q;   // tag_rdata holds the tags of the walker's set
  logic               a_hit, a_reserved, victim_ok, victim_dirty;
  logic [WayW-1:0]    a_way, victim_way;
  logic [25:0]        vic_line;
  logic [Ways-1:0]    walk_dirty_ways;
  logic               drop_dirty, any_valid;
  // MSHRs (gpu_l2_mshrs)
  logic               free_ms_ok, replay_ok, ms_fetching, ms_busy, fill_last;
  logic [IdxW-1:0]    replay_idx, fill_idx;
  logic [1:0]         fill_beat;
  logic [15:0]        fill_keep;     // words of the filled line its store has written
  logic [25:0]        replay_line;
  logic [1:0]         replay_op;
  logic [5:0]         replay_fn;
  logic               replay_nt, replay_sys;
  logic [15:0]        replay_words, replay_tag;
  logic [31:0]        replay_opnd, replay_cmp;
  logic [Mshrs*26-1:0] ms_lines;
  logic [Mshrs-1:0]   ms_reading;
  // write-back buffers (gpu_l2_wb_buffers); the lines checked against their
  // writes: the dropped line, the victim, the walker's line, each MSHR's line
  localparam int Queries = 3 + Mshrs;
  logic               free_wb_ok, wb_maint_pending, wb_busy;
  logic [WbW-1:0]     free_wb;
  logic [Queries-1:0] wbq_en, wbq_hit;
  // maintenance walker (gpu_l2_maint)
  logic               walk_q, walk_busy, walk_inv, walk_dirty, walk_read, walk_go;
  logic [SetW-1:0]    walk_set;
  logic [WayW-1:0]    walk_way;

  // ---------------------------------------------------------------- input register (the tag-read cycle)
  logic         t_valid_q, t_nt_q, t_sys_q;
  logic [1:0]   t_op_q;
  logic [5:0]   t_fn_q;
  logic [25:0]  t_line_q;
  logic [15:0]  t_words_q;
  logic [511:0] t_data_q;
  logic [31:0]  t_cmp_q;
  logic [15:0]  t_tag_q;

  // ---------------------------------------------------------------- stage B (the cycle after lookup)
  // B_RESP: answer (load data from the RAM, store ack); B_ATOMIC: read-modify-write
  // the word read, answer the old word; B_ALLOC: answer a whole-line store. With
  // b_write_q a store that missed writes its words into the way just
  // allocated, from the input register, which keeps them for that cycle
  // (it takes no request at the lookup's edge); with b_copy_q the RAM word
  // read is a victim for a write-back buffer.
  localparam logic [1:0] B_NONE = 2'd0, B_RESP = 2'd1, B_ATOMIC = 2'd2, B_ALLOC = 2'd3;
  logic [1:0]        b_kind_q;
  logic              b_first_q;              // first cycle in B (RAM writes happen once)
  logic              b_copy_q;
  logic              b_write_q;              // a missed store's words go into the RAM
  logic [31:0]       b_opnd_q;               // an atomic's operand word
  logic [WbW-1:0]    b_wb_q;
  logic [IdxW-1:0]   b_idx_q;
  logic [5:0]        b_fn_q;
  logic [15:0]       b_words_q;
  logic [31:0]       b_cmp_q;
  logic [15:0]       b_tag_q;

  wire b_answers = b_kind_q != B_NONE;
  // B keeps A busy while it waits for the response port, and in the cycle it writes the RAM.
  wire b_writes  = b_first_q && (b_kind_q == B_ATOMIC || b_write_q);   // B writes the RAM this cycle
  wire b_block   = (b_answers && !resp_ready_i) || b_writes;

  // The atomic of stage B: its word (the lowest of its words), old value
  // and new value. Its operand word was taken at the lookup: from the
  // request, or for a replay from its MSHR (which gets it, after a miss, in
  // B's first cycle).
  function automatic logic [3:0] lowest_word(input logic [15:0] words);
    lowest_word = '0;
    for (int w = 15; w >= 0; w--)
      if (words[w]) lowest_word = w[3:0];
  endfunction
  wire [3:0]   b_word = lowest_word(b_words_q);
  logic [31:0] b_old, b_new;
  always_comb begin
    // (words at constant places here and below: a variable part-select became a barrel shifter in synthesis)
    b_old = '0;
    if (b_first_q)   // (only then: cheaper to simulate)
      for (int w = 0; w < 16; w++)
        if (b_word == w[3:0]) b_old = ram_rdata[w*32 +: 32];
    b_new = gpu_alu_pkg::atomic_new(b_fn_q, b_old, b_opnd_q, b_old == b_cmp_q);
  end
  wire [3:0]   t_word = lowest_word(t_words_q);
  logic [31:0] t_opnd;   // the input register's operand word
  always_comb begin
    t_opnd = '0;
    for (int w = 0; w < 16; w++)
      if (t_word == w[3:0]) t_opnd = t_data_q[w*32 +: 32];
  end

  // The answer is the RAM word read: a load's line, or the line an atomic
  // read, whose atomic word the memory unit takes (no multiplexer of 512 bits
  // here; a store's answer carries no data).
  assign resp_valid_o = b_answers;
  assign resp_tag_o   = b_tag_q;
  assign resp_data_o  = ram_rdata;

  // ---------------------------------------------------------------- stage A: lookup
  // Sources, highest priority first: the walker, an MSHR replaying its request, the input.
  logic              fill_write;             // a fill beat is written this cycle
  assign mf_ready_o = !b_writes;
  assign fill_write = mf_valid_i && mf_ready_o;

  // A system-scope request bypasses the L2 coherently: it is performed here
  // (the point of coherence), then its line leaves: written back if dirty, and
  // dropped. drop_q holds that line; lookups wait until it has gone.
  logic            drop_q;
  logic [IdxW-1:0] drop_idx_q;
  logic [25:0]     drop_line_q;   // its line address
  wire drop_go    = drop_q && !walk_busy && !b_block && !fill_write &&
                    (!drop_dirty || (free_wb_ok && !wbq_hit[0]));

  // The request in A: a replay (which needs no tags: it hits its reserved
  // way), or the input register's once the tags of its set are read.
  wire          a_stall_common = b_block || fill_write || walk_busy || drop_q;
  wire          a_replay = replay_ok;
  wire [1:0]    a_op     = a_replay ? replay_op    : t_op_q;
  wire [5:0]    a_fn     = a_replay ? replay_fn    : t_fn_q;
  wire          a_nt     = a_replay ? replay_nt    : t_nt_q;
  wire          a_sys    = a_replay ? replay_sys   : t_sys_q;
  wire [25:0]   a_line   = a_replay ? replay_line  : t_line_q;
  wire [15:0]   a_words  = a_replay ? replay_words : t_words_q;
  wire [31:0]   a_cmp    = a_replay ? replay_cmp   : t_cmp_q;
  wire [15:0]   a_tag    = a_replay ? replay_tag   : t_tag_q;
  wire          a_valid  = a_replay || (t_valid_q && tags_t_q);
  // The tag lookup and everything a miss does read the input register's
  // request: a replay hits its reserved way without them, so the replay
  // choice is not in front of the lookup.
  wire [SetW-1:0] t_set  = set_of(t_line_q);

  // What A does with its request this cycle.
  wire a_full_store = a_op == gpu_mem_pkg::MEM_OP_STORE && a_words == 16'hFFFF;
  wire a_hit_go     = a_hit || a_replay;
  wire a_need_wb    = victim_dirty;
  wire a_miss_go    = !a_hit_go && !a_reserved && victim_ok &&
                      (!a_need_wb || (free_wb_ok && !wbq_hit[1])) &&
                      (a_full_store || free_ms_ok);
  wire a_go         = a_valid && !a_stall_common && (a_hit_go || a_miss_go);
  wire a_in_go      = a_go && !a_replay;
  wire a_store_miss = a_go && !a_hit_go && a_op == gpu_mem_pkg::MEM_OP_STORE;   // (B writes it from t_data_q)
  wire [IdxW-1:0] a_hit_idx = a_replay ? replay_idx : {t_set, a_way};
  wire [IdxW-1:0] a_vic_idx = {t_set, victim_way};
  // The input register takes a request when it is empty or its request
  // leaves (not during a walk), unless the request's line is being fetched
  // (an MSHR holds it, or the lookup allocates one for it now): that request
  // would wait in the register and hold up the requests behind it, so it is
  // refused with req_retry_o, and the crossbar offers another CU's request
  // meanwhile (docs/architecture.md). A store that misses keeps its data in
  // the register for B's write.
  wire in_fetch = (a_go && !a_hit_go && !a_full_store && t_line_q == req_line_i) || ms_fetching;
  assign req_ready_o = (!t_valid_q || (a_in_go && !a_store_miss)) && !walk_busy && !in_fetch;
  assign req_retry_o = in_fetch;
  assign perf_valid_o = a_go && (a_hit_go || a_full_store);
  assign perf_tag_o   = a_tag;

  wire [IdxW-1:0] walk_idx  = {walk_set, walk_way};
  wire [25:0]     walk_line = tag_rdata[walk_way*26 +: 26];

  // ---------------------------------------------------------------- tags and line state
  // The tag RAM is written by a miss (its victim way takes the new line).
  // It is read for the walker when it needs the tags of its set; else for
  // the input register: the set of the request it takes, or its own set
  // again when the tags it had were replaced or written; never at the edge
  // that writes that set.
  wire            tag_write   = a_go && !a_hit_go;
  wire            t_load      = req_valid_i && req_ready_o;
  wire [SetW-1:0] t_next_set  = t_load ? set_of(req_line_i) : t_set;
  wire            t_read_want = t_load || (t_valid_q && !a_in_go && !tags_t_q);
  always_comb begin
    tag_re    = 1'b0;
    tag_raddr = t_next_set;
    if (walk_read) begin
      tag_re    = 1'b1;
      tag_raddr = walk_set;
    end else if (!walk_busy && t_read_want && !(tag_write && t_set == t_next_set)) begin
      tag_re    = 1'b1;
    end
  end

  gpu_l2_tags #(
    .Sets (Sets),
    .Ways (Ways)
  ) u_tags (
    .clk_i             (clk_i),
    .rst_i             (rst_i),
    .tag_re_i          (tag_re),
    .tag_raddr_i       (tag_raddr),
    .tags_o            (tag_rdata),
    .look_i            (t_valid_q && tags_t_q && !walk_busy),
    .look_set_i        (t_set),
    .look_line_i       (t_line_q),
    .hit_o             (a_hit),
    .hit_way_o         (a_way),
    .reserved_o        (a_reserved),
    .victim_ok_o       (victim_ok),
    .victim_way_o      (victim_way),
    .victim_dirty_o    (victim_dirty),
    .victim_line_o     (vic_line),
    .fill_done_i       (fill_last),
    .fill_idx_i        (fill_idx),
    .hit_i             (a_go && a_hit_go),
    .hit_idx_i         (a_hit_idx),
    .hit_nt_i          (a_nt),
    .hit_write_i       (a_op != gpu_mem_pkg::MEM_OP_LOAD),
    .hit_replay_i      (a_replay),
    .miss_i            (tag_write),
    .miss_nt_i         (a_nt),
    .miss_alloc_i      (a_full_store),
    .walk_clean_i      (walk_go && walk_dirty),
    .walk_inv_set_i    (walk_go && !walk_dirty && walk_inv),
    .walk_inv_i        (walk_inv),
    .walk_set_i        (walk_set),
    .walk_way_i        (walk_way),
    .drop_i            (drop_go),
    .drop_idx_i        (drop_idx_q),
    .walk_look_i       (walk_busy),
    .walk_dirty_ways_o (walk_dirty_ways),
    .drop_dirty_o      (drop_dirty),
    .any_valid_o       (any_valid)
  );

  // ---------------------------------------------------------------- MSHRs
  gpu_l2_mshrs #(
    .Mshrs (Mshrs),
    .IdxW  (IdxW)
  ) u_mshrs (
    .clk_i          (clk_i),
    .rst_i          (rst_i),
    .free_ok_o      (free_ms_ok),
    .alloc_i        (tag_write && !a_full_store),
    .alloc_idx_i    (a_vic_idx),
    .alloc_line_i   (t_line_q),
    .alloc_op_i     (a_op),
    .alloc_fn_i     (a_fn),
    .alloc_nt_i     (a_nt),
    .alloc_sys_i    (a_sys),
    .alloc_words_i  (a_words),
    .opnd_i         (b_opnd_q),
    .alloc_cmp_i    (a_cmp),
    .alloc_tag_i    (a_tag),
    .lines_o        (ms_lines),
    .reading_o      (ms_reading),
    .line_in_wb_i   (wbq_hit[3 +: Mshrs]),
    .mr_valid_o     (mr_valid_o),
    .mr_ready_i     (mr_ready_i),
    .mr_line_o      (mr_line_o),
    .mr_id_o        (mr_id_o),
    .fill_i         (fill_write),
    .fill_id_i      (mf_id_i),
    .fill_idx_o     (fill_idx),
    .fill_beat_o    (fill_beat),
    .fill_keep_o    (fill_keep),
    .fill_last_o    (fill_last),
    .replay_o       (replay_ok),
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
    .replay_done_i  (a_go && a_replay),
    .probe_line_i   (req_line_i),
    .fetching_o     (ms_fetching),
    .busy_o         (ms_busy)
  );

  // ---------------------------------------------------------------- write-back buffers
  // A dirty line leaves through a buffer: a victim of a miss, a line of the
  // walker, a dropped system-scope line (one of them a cycle); its data is
  // the RAM word read, which arrives in B's first cycle.
  wire         wb_alloc_victim = a_go && !a_hit_go && a_need_wb;
  wire         wb_alloc_walk   = walk_go && walk_dirty;
  wire         wb_alloc_drop   = drop_go && drop_dirty;
  wire [25:0]  wb_alloc_line   = wb_alloc_walk ? walk_line : (wb_alloc_drop ? drop_line_q : vic_line);
  always_comb begin
    wbq_en[0] = drop_q && drop_dirty;
    wbq_en[1] = a_valid && a_need_wb;
    wbq_en[2] = walk_busy && walk_dirty;
    wbq_en[3 +: Mshrs] = ms_reading;
  end
  gpu_l2_wb_buffers #(
    .WbBufs  (WbBufs),
    .Writes  (Writes),
    .Queries (Queries)
  ) u_wb (
    .clk_i           (clk_i),
    .rst_i           (rst_i),
    .free_ok_o       (free_wb_ok),
    .free_o          (free_wb),
    .alloc_i         (wb_alloc_victim || wb_alloc_walk || wb_alloc_drop),
    .alloc_line_i    (wb_alloc_line),
    .alloc_maint_i   (wb_alloc_walk),
    .data_i          (b_copy_q && b_first_q),
    .data_buf_i      (b_wb_q),
    .data_line_i     (ram_rdata),
    .query_en_i      (wbq_en),
    .query_lines_i   ({ms_lines, walk_line, vic_line, drop_line_q}),
    .query_hit_o     (wbq_hit),
    .mw_valid_o      (mw_valid_o),
    .mw_ready_i      (mw_ready_i),
    .mw_line_o       (mw_line_o),
    .mw_words_o      (mw_words_o),
    .mw_data_o       (mw_data_o),
    .mw_id_o         (mw_id_o),
    .mb_valid_i      (mb_valid_i),
    .mb_id_i         (mb_id_i),
    .maint_pending_o (wb_maint_pending),
    .busy_o          (wb_busy)
  );

  // ---------------------------------------------------------------- maintenance walker
  gpu_l2_maint #(
    .Sets (Sets),
    .Ways (Ways)
  ) u_maint (
    .clk_i            (clk_i),
    .rst_i            (rst_i),
    .maint_req_i      (maint_req_i),
    .maint_inv_i      (maint_inv_i),
    .maint_done_o     (maint_done_o),
    .any_valid_i      (any_valid),
    .active_o         (walk_q),
    .busy_o           (walk_busy),
    .inv_o            (walk_inv),
    .set_o            (walk_set),
    .dirty_ways_i     (walk_dirty_ways),
    .dirty_o          (walk_dirty),
    .way_o            (walk_way),
    .read_tags_o      (walk_read),
    .tags_ready_i     (tags_walk_q),
    .hold_i           (b_block || fill_write),
    .wb_free_i        (free_wb_ok),
    .line_in_wb_i     (wbq_hit[2]),
    .writes_pending_i (wb_maint_pending),
    .go_o             (walk_go)
  );

  // ---------------------------------------------------------------- RAM ports
  // (the write data's two selects are kept as nets, so that synthesis builds
  // one 3:1 multiplexer per bit instead of folding the selects into each)
  (* keep *) logic wsel_atomic;
  (* keep *) logic wsel_fill;
  assign wsel_atomic = b_first_q && b_kind_q == B_ATOMIC;
  assign wsel_fill   = mf_valid_i && !b_writes;
  always_comb begin
    ram_re    = 1'b0;
    ram_raddr = '0;
    ram_we    = '0;
    ram_waddr = '0;
    if (b_first_q && b_kind_q == B_ATOMIC) begin
      ram_we    = 16'd1 << b_word;
      ram_waddr = b_idx_q;
    end else if (b_first_q && b_write_q) begin
      ram_we    = b_words_q;
      ram_waddr = b_idx_q;
    end else if (fill_write) begin
      ram_we    = (16'hF << {fill_beat, 2'b00}) & ~fill_keep;
      ram_waddr = fill_idx;
    end else if (a_go && a_hit_go && !a_replay && a_op == gpu_mem_pkg::MEM_OP_STORE) begin
      ram_we    = t_words_q;   // (a replayed store wrote its words when it missed)
      ram_waddr = a_hit_idx;
    end
    // The data of those writes, chosen by registers and the fill's valid
    // alone (the word enables above decide): a fill beat that is offered
    // is taken unless B writes; a store that hits, or B's store that missed,
    // writes the input register's data.
    if (wsel_atomic) ram_wdata = {16{b_new}};   // (its word enable picks b_word's)
    else if (wsel_fill) ram_wdata = {4{mf_data_i}};
    else ram_wdata = t_data_q;
    if (walk_go && walk_dirty) begin
      ram_re    = 1'b1;
      ram_raddr = walk_idx;
    end else if (drop_go && drop_dirty) begin
      ram_re    = 1'b1;
      ram_raddr = drop_idx_q;
    end else if (a_go && a_hit_go && a_op != gpu_mem_pkg::MEM_OP_STORE) begin
      ram_re    = 1'b1;
      ram_raddr = a_hit_idx;
    end else if (a_go && !a_hit_go && a_need_wb) begin
      ram_re    = 1'b1;
      ram_raddr = a_vic_idx;
    end
  end

  assign idle_o = !b_answers && !walk_q && !drop_q && !t_valid_q && !wb_busy && !req_valid_i && !ms_busy;

  // ---------------------------------------------------------------- state updates
  always_ff @(posedge clk_i) begin
    // the input register and what the tag RAM's output holds
    if (a_in_go) t_valid_q <= 1'b0;
    if (t_load) begin
      t_valid_q <= 1'b1;
      t_op_q    <= req_op_i;
      t_fn_q    <= req_fn_i;
      t_nt_q    <= req_nt_i;
      t_sys_q   <= req_sys_i;
      t_line_q  <= req_line_i;
      t_words_q <= req_words_i;
      t_data_q  <= req_data_i;
      t_cmp_q   <= req_cmp_i;
      t_tag_q   <= req_tag_i;
    end
    if (tag_re) begin
      tags_t_q    <= !walk_read;
      tags_walk_q <= walk_read;
    end else begin
      if (t_load || tag_write) tags_t_q <= 1'b0;
      if (!walk_busy || (walk_go && !walk_dirty)) tags_walk_q <= 1'b0;   // (the walk moves to the next set)
    end

    // stage B
    b_first_q <= 1'b0;
    b_copy_q  <= 1'b0;
    b_write_q <= 1'b0;
    if (b_answers && resp_ready_i) b_kind_q <= B_NONE;

    // stage A
    if (a_go) begin
      b_first_q <= 1'b1;
      b_tag_q   <= a_tag;
      b_fn_q    <= a_fn;
      b_words_q <= a_words;
      b_opnd_q  <= a_replay ? replay_opnd : t_opnd;
      b_cmp_q   <= a_cmp;
      if (a_hit_go) begin
        b_kind_q <= a_op == gpu_mem_pkg::MEM_OP_ATOMIC ? B_ATOMIC : B_RESP;
        b_idx_q  <= a_hit_idx;
      end else begin
        // a miss: the victim (a dirty one into a write-back buffer) takes the
        // line, reserved for a fetch unless a whole-line store writes it; a
        // store writes its words now (the fill leaves them)
        b_idx_q   <= a_vic_idx;
        b_kind_q  <= a_full_store ? B_ALLOC : B_NONE;
        b_write_q <= a_op == gpu_mem_pkg::MEM_OP_STORE;
        if (a_need_wb) begin
          b_copy_q <= 1'b1;
          b_wb_q   <= free_wb;
        end
      end
    end

    // the walker's and a drop's write-backs
    if (wb_alloc_walk || wb_alloc_drop) begin
      b_copy_q  <= 1'b1;
      b_first_q <= 1'b1;
      b_wb_q    <= free_wb;
    end

    // system scope: the line of the request just performed leaves the L2
    if (perf_valid_o && a_sys) begin
      drop_q      <= 1'b1;
      drop_idx_q  <= a_full_store && !a_hit_go ? a_vic_idx : a_hit_idx;
      drop_line_q <= a_line;
    end
    if (drop_go) drop_q <= 1'b0;

    if (rst_i) begin
      b_kind_q    <= B_NONE;
      b_first_q   <= 1'b0;
      b_copy_q    <= 1'b0;
      b_write_q   <= 1'b0;
      drop_q      <= 1'b0;
      t_valid_q   <= 1'b0;
      tags_t_q    <= 1'b0;
      tags_walk_q <= 1'b0;
    end
  end

  // ---------------------------------------------------------------- counters
  function automatic logic [4:0] words_in(input logic [15:0] words);
    words_in = '0;
    for (int w = 0; w < 16; w++) words_in = words_in + {4'd0, words[w]};
  endfunction

  logic [31:0] c_hits_q, c_misses_q, c_evict_q, c_atomics_q, c_fills_q, c_wwords_q;
  always_ff @(posedge clk_i) begin
    if (a_go && !a_replay && a_hit_go) c_hits_q <= c_hits_q + 32'd1;
    if (a_go && !a_replay && !a_hit_go) c_misses_q <= c_misses_q + 32'd1;
    if (wb_alloc_victim || wb_alloc_walk || wb_alloc_drop) c_evict_q <= c_evict_q + 32'd1;
    if (a_go && a_hit_go && a_op == gpu_mem_pkg::MEM_OP_ATOMIC) c_atomics_q <= c_atomics_q + 32'd1;
    if (fill_last) c_fills_q <= c_fills_q + 32'd1;
    if (mw_valid_o && mw_ready_i) c_wwords_q <= c_wwords_q + {27'd0, words_in(mw_words_o)};
    if (clear_i || rst_i) begin
      c_hits_q    <= '0;
      c_misses_q  <= '0;
      c_evict_q   <= '0;
      c_atomics_q <= '0;
      c_fills_q   <= '0;
      c_wwords_q  <= '0;
    end
  end
  assign ctr_hits_o        = c_hits_q;
  assign ctr_misses_o      = c_misses_q;
  assign ctr_evictions_o   = c_evict_q;
  assign ctr_atomics_o     = c_atomics_q;
  assign ctr_fills_o       = c_fills_q;
  assign ctr_write_words_o = c_wwords_q;

endmodule

`default_nettype wire
