// SPDX-License-Identifier: Apache-2.0
// gpu_l2_slice: one slice of the shared L2 (docs/architecture.md, "The L2"):
// write-back, write-allocate, Sets x Ways lines of 64 bytes, the point of
// coherence. Loads, stores and atomics (executed here) arrive as line
// requests into an input register, whose cycle reads the tags of their set
// (a block RAM, one word per set); the lookup follows, and hits answer one
// cycle after it. A miss takes an MSHR, reserves its
// way, fetches the line and then replays the request as a hit; a store of a
// whole line allocates without a fetch. Dirty victims go to write-back
// buffers; a line is not fetched again while its write-back is unanswered.
// A system-scope request's line leaves once it is performed (written back if
// dirty). maint_req_i writes back every dirty line (and with maint_inv_i invalidates
// every line); maint_done_o pulses when those writes are answered (a request
// during a maintenance is ignored). Ways and Sets: powers of two, Ways >= 2.
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
  input  wire  [1:0]    req_op_i,
  input  wire  [5:0]    req_fn_i,
  input  wire           req_nt_i,
  input  wire           req_sys_i,      // system scope: the line leaves the L2 once performed
  input  wire  [25:0]   req_line_i,
  input  wire  [15:0]   req_words_i,
  input  wire  [511:0]  req_data_i,
  input  wire  [31:0]   req_cmp_i,
  input  wire  [15:0]   req_tag_i,
  // responses (load: the line; atomic: the old word at its word; store: no data)
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
  localparam int WayW  = Ways > 1 ? $clog2(Ways) : 1;
  localparam int IdxW  = $clog2(Lines);
  localparam int MshrW = $clog2(Mshrs);
  localparam int WbW   = $clog2(WbBufs);
  localparam int WrW   = $clog2(Writes);
  localparam int BlkW  = $clog2(BlockLines);
  localparam int SlW   = $clog2(Slices);

  // The set of a line: the line address without the slice-select bits.
  function automatic logic [SetW-1:0] set_of(input logic [25:0] line);
    for (int i = 0; i < SetW; i++)
      set_of[i] = i < BlkW ? line[i] : line[i + SlW];
  endfunction

  // ---------------------------------------------------------------- line state
  logic [Lines-1:0]  valid_q, dirty_q, stream_q;
  logic [Lines-1:0]  pend_q;                 // reserved by an MSHR (fill or replay to come)
  logic [WayW-1:0]   rr_q [Sets];            // round-robin victim pointer

  // ---------------------------------------------------------------- MSHRs
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
  logic [511:0]      ms_data_q  [Mshrs];
  logic [31:0]       ms_cmp_q   [Mshrs];
  logic [15:0]       ms_tag_q   [Mshrs];

  // ---------------------------------------------------------------- write-back buffers
  // A dirty line waits in a buffer until the memory side takes it; then only
  // its address stays, in the table of writes in flight, until it is answered.
  logic [WbBufs-1:0] wb_valid_q, wb_maint_q;
  logic [25:0]       wb_line_q  [WbBufs];
  logic [15:0]       wb_words_q [WbBufs];
  logic [511:0]      wb_data_q  [WbBufs];
  logic [Writes-1:0] wr_valid_q, wr_maint_q;
  logic [25:0]       wr_line_q  [Writes];

  // ---------------------------------------------------------------- maintenance walker
  // It visits one set per cycle, staying on a set one cycle per dirty line to
  // write back; a slice with no valid line is done at once.
  logic              walk_q, walk_inv_q, walk_wait_q;
  logic [SetW-1:0]   walk_set_q;

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

  // ---------------------------------------------------------------- tag RAM
  // One word per set, way i's line address at [i*26 +: 26], one write enable
  // per way. Its read port serves the input register (the set of the request
  // it takes, or again after another read or a write to its set) and, during
  // maintenance, the walker (the set it visits, when that set has a dirty line).
  logic [Ways-1:0]    tag_we, tag_match;
  logic [SetW-1:0]    tag_waddr, tag_raddr;
  logic [Ways*26-1:0] tag_rdata;
  logic               tag_re;
  logic               tags_t_q;      // tag_rdata holds the tags of the input register's set
  logic               tags_walk_q;   // tag_rdata holds the tags of walk_set_q

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
  // the word read, answer the old word; B_ALLOC: write a whole-line store into the
  // way just allocated; and with b_copy_q the RAM word read is a victim for a
  // write-back buffer.
  localparam logic [1:0] B_NONE = 2'd0, B_RESP = 2'd1, B_ATOMIC = 2'd2, B_ALLOC = 2'd3;
  logic [1:0]        b_kind_q;
  logic              b_first_q;              // first cycle in B (RAM writes happen once)
  logic              b_copy_q;
  logic [WbW-1:0]    b_wb_q;
  logic [IdxW-1:0]   b_idx_q;
  logic [5:0]        b_fn_q;
  logic [15:0]       b_words_q;
  logic [511:0]      b_data_q;
  logic [31:0]       b_cmp_q;
  logic [15:0]       b_tag_q;
  logic [511:0]      b_resp_data;

  logic              b_load_q;               // B_RESP of a load (a store's answer carries no data)

  wire b_answers = b_kind_q != B_NONE;
  // B keeps A busy while it waits for the response port, and in the cycle it writes the RAM.
  wire b_block   = (b_answers && !resp_ready_i) || (b_first_q && (b_kind_q == B_ATOMIC || b_kind_q == B_ALLOC));

  // The atomic of stage B.
  logic [3:0]  b_word;
  logic [31:0] b_old, b_opnd, b_new;   // the atomic's word: old value, operand, new value
  always_comb begin
    b_word = '0;
    for (int w = 15; w >= 0; w--)
      if (b_words_q[w]) b_word = w[3:0];
    // (words at constant places here and below: a variable part-select became a barrel shifter in synthesis)
    b_old = '0;
    b_opnd = '0;
    if (b_kind_q == B_ATOMIC)   // (only then: cheaper to simulate)
      for (int w = 0; w < 16; w++)
        if (b_word == w[3:0]) begin
          b_old  = ram_rdata[w*32 +: 32];
          b_opnd = b_data_q[w*32 +: 32];
        end
    b_new = gpu_alu_pkg::atomic_new(b_fn_q, b_old, b_opnd, b_old == b_cmp_q);
  end

  always_comb begin
    b_resp_data = '0;
    if (b_kind_q == B_RESP && b_load_q) b_resp_data = ram_rdata;
    else if (b_kind_q == B_ATOMIC)
      for (int w = 0; w < 16; w++)
        if (b_word == w[3:0]) b_resp_data[w*32 +: 32] = b_old;
  end

  assign resp_valid_o = b_answers;
  assign resp_tag_o   = b_tag_q;
  assign resp_data_o  = b_resp_data;

  // ---------------------------------------------------------------- stage A: lookup
  // Sources, highest priority first: the walker, an MSHR replaying its request, the input.
  logic              fill_write;             // a fill beat is written this cycle
  assign mf_ready_o = !(b_first_q && (b_kind_q == B_ATOMIC || b_kind_q == B_ALLOC));
  assign fill_write = mf_valid_i && mf_ready_o;

  logic              replay_ok;
  logic [MshrW-1:0]  replay_idx;
  always_comb begin
    replay_ok  = 1'b0;
    replay_idx = '0;
    for (int m = Mshrs - 1; m >= 0; m--)
      if (ms_state_q[m] == MS_REPLAY) begin
        replay_ok  = 1'b1;
        replay_idx = m[MshrW-1:0];
      end
  end

  logic              free_ms_ok, free_wb_ok;
  logic [MshrW-1:0]  free_ms;
  logic [WbW-1:0]    free_wb;
  always_comb begin
    free_ms_ok = 1'b0;
    free_ms    = '0;
    for (int m = Mshrs - 1; m >= 0; m--)
      if (ms_state_q[m] == MS_FREE) begin
        free_ms_ok = 1'b1;
        free_ms    = m[MshrW-1:0];
      end
    free_wb_ok = 1'b0;
    free_wb    = '0;
    for (int i = WbBufs - 1; i >= 0; i--)
      if (!wb_valid_q[i]) begin
        free_wb_ok = 1'b1;
        free_wb    = i[WbW-1:0];
      end
  end

  // A line with a write-back waiting or in flight is neither read nor written
  // back again until that write is answered (two writes of one line in flight,
  // or a read and a write, could reach memory in either order).
  localparam int Pend = WbBufs + Writes;
  logic [Pend-1:0]    pend_wr_v;
  logic [Pend*26-1:0] pend_wr_lines;
  always_comb begin
    pend_wr_v = {wr_valid_q, wb_valid_q};
    for (int i = 0; i < WbBufs; i++) pend_wr_lines[i*26 +: 26] = wb_line_q[i];
    for (int i = 0; i < Writes; i++) pend_wr_lines[(WbBufs + i)*26 +: 26] = wr_line_q[i];
  end
  function automatic logic in_wb(input logic [25:0] line, input logic [Pend-1:0] v, input logic [Pend*26-1:0] lines);
    in_wb = 1'b0;
    for (int i = 0; i < Pend; i++)
      if (v[i] && lines[i*26 +: 26] == line) in_wb = 1'b1;
  endfunction

  // The walk is stepping through the lines (not just waiting for its write-backs).
  wire          walk_busy = walk_q && !walk_wait_q;

  // A system-scope request bypasses the L2 coherently: it is performed here
  // (the point of coherence), then its line leaves: written back if dirty, and
  // dropped. drop_q holds that line; lookups wait until it has gone.
  logic            drop_q;
  logic [IdxW-1:0] drop_idx_q;
  logic [25:0]     drop_line_q;   // its line address
  wire drop_dirty = valid_q[drop_idx_q] && dirty_q[drop_idx_q];
  // (each write-back check is made only when its line is to be written back:
  // the same logic, and the simulator skips the compares the rest of the time)
  logic drop_in_wb;
  always_comb begin
    drop_in_wb = 1'b0;
    if (drop_q && drop_dirty) drop_in_wb = in_wb(drop_line_q, pend_wr_v, pend_wr_lines);
  end
  wire drop_go    = drop_q && !walk_busy && !b_block && !fill_write &&
                    (!drop_dirty || (free_wb_ok && !drop_in_wb));

  // The request in A: a replay (which needs no tags: it hits its reserved
  // way), or the input register's once the tags of its set are read.
  wire          a_stall_common = b_block || fill_write || walk_busy || drop_q;
  wire          a_replay = replay_ok;
  wire [1:0]    a_op     = a_replay ? ms_op_q[replay_idx]    : t_op_q;
  wire [5:0]    a_fn     = a_replay ? ms_fn_q[replay_idx]    : t_fn_q;
  wire          a_nt     = a_replay ? ms_nt_q[replay_idx]    : t_nt_q;
  wire          a_sys    = a_replay ? ms_sys_q[replay_idx]   : t_sys_q;
  wire [25:0]   a_line   = a_replay ? ms_line_q[replay_idx]  : t_line_q;
  wire [15:0]   a_words  = a_replay ? ms_words_q[replay_idx] : t_words_q;
  wire [511:0]  a_data   = a_replay ? ms_data_q[replay_idx]  : t_data_q;
  wire [31:0]   a_cmp    = a_replay ? ms_cmp_q[replay_idx]   : t_cmp_q;
  wire [15:0]   a_tag    = a_replay ? ms_tag_q[replay_idx]   : t_tag_q;
  wire          a_valid  = a_replay || (t_valid_q && tags_t_q);
  wire [SetW-1:0] a_set  = set_of(a_line);

  // Lookup in the set: a hit, a line reserved for this address, the victim.
  logic            a_hit, a_reserved, victim_ok, victim_dirty;
  logic [WayW-1:0] a_way, victim_way;
  always_comb begin
    logic found_inv, found_stream, found_rr;
    logic [WayW-1:0] w_inv, w_stream, w_rr, w;
    a_hit        = 1'b0;
    a_reserved   = 1'b0;
    a_way        = '0;
    found_inv    = 1'b0;
    found_stream = 1'b0;
    found_rr     = 1'b0;
    w_inv        = '0;
    w_stream     = '0;
    w_rr         = '0;
    w            = '0;
    if (a_valid && !walk_busy) begin   // (only then: it keeps an idle slice cheap to simulate)
      for (int i = 0; i < Ways; i++) begin
        if (tag_match[i]) begin
          if (valid_q[{a_set, i[WayW-1:0]}] && !pend_q[{a_set, i[WayW-1:0]}]) begin
            a_hit = 1'b1;
            a_way = i[WayW-1:0];
          end
          if (pend_q[{a_set, i[WayW-1:0]}]) a_reserved = 1'b1;
        end
      end
      // victim: an invalid way, else a streaming line, else round robin from rr_q (never a reserved way)
      for (int i = Ways - 1; i >= 0; i--) begin
        if (!pend_q[{a_set, i[WayW-1:0]}] && !valid_q[{a_set, i[WayW-1:0]}]) begin
          found_inv = 1'b1;
          w_inv     = i[WayW-1:0];
        end
        if (!pend_q[{a_set, i[WayW-1:0]}] && stream_q[{a_set, i[WayW-1:0]}]) begin
          found_stream = 1'b1;
          w_stream     = i[WayW-1:0];
        end
      end
      for (int i = Ways - 1; i >= 0; i--) begin
        w = rr_q[a_set] + i[WayW-1:0];
        if (!pend_q[{a_set, w}]) begin
          found_rr = 1'b1;
          w_rr     = w;
        end
      end
    end
    victim_ok    = found_inv || found_stream || found_rr;
    victim_way   = found_inv ? w_inv : (found_stream ? w_stream : w_rr);
    victim_dirty = !found_inv && valid_q[{a_set, victim_way}] && dirty_q[{a_set, victim_way}];
  end

  // What A does with its request this cycle.
  wire a_full_store = a_op == gpu_mem_pkg::MEM_OP_STORE && a_words == 16'hFFFF;
  wire a_hit_go     = a_hit || a_replay;
  wire a_need_wb    = victim_dirty;
  wire [25:0] vic_line = tag_rdata[victim_way*26 +: 26];
  logic vic_in_wb;
  always_comb begin
    vic_in_wb = 1'b0;
    if (a_valid && a_need_wb) vic_in_wb = in_wb(vic_line, pend_wr_v, pend_wr_lines);
  end
  wire a_miss_go    = !a_hit_go && !a_reserved && victim_ok &&
                      (!a_need_wb || (free_wb_ok && !vic_in_wb)) &&
                      (a_full_store || free_ms_ok);
  wire a_go         = a_valid && !a_stall_common && (a_hit_go || a_miss_go);
  wire a_in_go      = a_go && !a_replay;
  wire [IdxW-1:0] a_hit_idx = a_replay ? ms_idx_q[replay_idx] : {a_set, a_way};
  wire [IdxW-1:0] a_vic_idx = {a_set, victim_way};
  // The input register takes a request when it is empty or its request
  // leaves (not during a walk), unless the request's line is being fetched
  // (an MSHR holds it, or the lookup allocates one for it now): that request
  // would wait in the register and hold up the requests behind it, so it is
  // left where it is, and the crossbar offers another CU's request.
  logic in_fetch;
  always_comb begin
    in_fetch = a_go && !a_hit_go && !a_full_store && a_line == req_line_i;
    for (int m = 0; m < Mshrs; m++)
      if (ms_state_q[m] != MS_FREE && ms_line_q[m] == req_line_i) in_fetch = 1'b1;
  end
  assign req_ready_o = (!t_valid_q || a_in_go) && !walk_busy && !in_fetch;
  assign perf_valid_o = a_go && (a_hit_go || a_full_store);
  assign perf_tag_o   = a_tag;

  // The walker's step in set walk_set_q: its first dirty line (walk_dirty), or
  // with none left, the whole set (invalidated with walk_inv_q) and on to the next.
  logic            walk_dirty;
  logic [WayW-1:0] walk_way;
  always_comb begin
    walk_dirty = 1'b0;
    walk_way   = '0;
    if (walk_busy)
      for (int i = Ways - 1; i >= 0; i--)
        if (valid_q[{walk_set_q, i[WayW-1:0]}] && dirty_q[{walk_set_q, i[WayW-1:0]}] && !pend_q[{walk_set_q, i[WayW-1:0]}]) begin
          walk_dirty = 1'b1;
          walk_way   = i[WayW-1:0];
        end
  end
  wire [IdxW-1:0] walk_idx  = {walk_set_q, walk_way};
  wire [25:0]     walk_line = tag_rdata[walk_way*26 +: 26];
  logic walk_in_wb;
  always_comb begin
    walk_in_wb = 1'b0;
    if (walk_busy && walk_dirty) walk_in_wb = in_wb(walk_line, pend_wr_v, pend_wr_lines);
  end
  wire walk_go = walk_busy && !b_block && !fill_write &&
                 (!walk_dirty || (tags_walk_q && free_wb_ok && !walk_in_wb));

  // ---------------------------------------------------------------- tag RAM ports
  gpu_cache_tags #(
    .Sets (Sets),
    .Ways (Ways)
  ) u_tags (
    .clk_i   (clk_i),
    .we_i    (tag_we),
    .waddr_i (tag_waddr),
    .wline_i (a_line),
    .re_i    (tag_re),
    .raddr_i (tag_raddr),
    .line_i  (a_line),
    .tags_o  (tag_rdata),
    .match_o (tag_match)
  );
  // Written by a miss (its victim way takes the new line). Read for the
  // walker when it needs the tags of its set; else for the input register:
  // the set of the request it takes, or its own set again when the tags it
  // had were replaced or written; never at the edge that writes that set.
  wire            t_load      = req_valid_i && req_ready_o;
  wire [SetW-1:0] t_set       = set_of(t_line_q);
  wire [SetW-1:0] t_next_set  = t_load ? set_of(req_line_i) : t_set;
  wire            walk_read   = walk_busy && walk_dirty && !tags_walk_q;
  wire            t_read_want = t_load || (t_valid_q && !a_in_go && !tags_t_q);
  always_comb begin
    tag_we    = '0;
    tag_waddr = a_set;
    if (a_go && !a_hit_go) tag_we[victim_way] = 1'b1;
    tag_re    = 1'b0;
    tag_raddr = t_next_set;
    if (walk_read) begin
      tag_re    = 1'b1;
      tag_raddr = walk_set_q;
    end else if (!walk_busy && t_read_want && !(tag_we != '0 && tag_waddr == t_next_set)) begin
      tag_re    = 1'b1;
    end
  end

  // ---------------------------------------------------------------- RAM ports
  always_comb begin
    ram_re    = 1'b0;
    ram_raddr = '0;
    ram_we    = '0;
    ram_waddr = '0;
    ram_wdata = '0;
    if (b_first_q && b_kind_q == B_ATOMIC) begin
      ram_we    = 16'd1 << b_word;
      ram_waddr = b_idx_q;
      ram_wdata = {16{b_new}};   // (the word enable picks b_word's)
    end else if (b_first_q && b_kind_q == B_ALLOC) begin
      ram_we    = 16'hFFFF;
      ram_waddr = b_idx_q;
      ram_wdata = b_data_q;
    end else if (fill_write) begin
      ram_we    = 16'hF << {ms_beat_q[mf_id_i], 2'b00};
      ram_waddr = ms_idx_q[mf_id_i];
      ram_wdata = {4{mf_data_i}};
    end else if (a_go && a_hit_go && a_op == gpu_mem_pkg::MEM_OP_STORE) begin
      ram_we    = a_words;
      ram_waddr = a_hit_idx;
      ram_wdata = a_data;
    end
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

  // ---------------------------------------------------------------- memory side
  // Reads: the oldest-numbered MSHR waiting to send whose line has no write-back in flight.
  logic             mr_ok;
  logic [MshrW-1:0] mr_idx;
  always_comb begin
    mr_ok  = 1'b0;
    mr_idx = '0;
    for (int m = Mshrs - 1; m >= 0; m--) begin
      if (ms_state_q[m] == MS_READ)
        if (!in_wb(ms_line_q[m], pend_wr_v, pend_wr_lines)) begin
          mr_ok  = 1'b1;
          mr_idx = m[MshrW-1:0];
        end
    end
  end
  assign mr_valid_o = mr_ok;
  assign mr_line_o  = ms_line_q[mr_idx];
  assign mr_id_o    = mr_idx;

  // Writes: a filled write-back buffer (its data arrives in the cycle after its
  // lookup), sent with the number of a free slot of the table of writes in flight.
  logic           mw_ok, wr_free_ok;
  logic [WbW-1:0] mw_idx;
  logic [WrW-1:0] wr_free;
  always_comb begin
    mw_ok      = 1'b0;
    mw_idx     = '0;
    wr_free_ok = 1'b0;
    wr_free    = '0;
    for (int i = Writes - 1; i >= 0; i--)
      if (!wr_valid_q[i]) begin
        wr_free_ok = 1'b1;
        wr_free    = i[WrW-1:0];
      end
    for (int i = WbBufs - 1; i >= 0; i--)
      if (wb_valid_q[i] && !(b_copy_q && b_wb_q == i[WbW-1:0] && b_first_q)) begin
        mw_ok  = wr_free_ok;
        mw_idx = i[WbW-1:0];
      end
  end
  assign mw_valid_o = mw_ok;
  assign mw_line_o  = wb_line_q[mw_idx];
  assign mw_words_o = wb_words_q[mw_idx];
  assign mw_data_o  = wb_data_q[mw_idx];
  assign mw_id_o    = wr_free;

  // ---------------------------------------------------------------- maintenance completion
  wire walk_last = walk_set_q == '1;
  assign maint_done_o = walk_q && walk_wait_q && (wb_valid_q & wb_maint_q) == '0 && (wr_valid_q & wr_maint_q) == '0;

  always_comb begin
    idle_o = !b_answers && !walk_q && !drop_q && !t_valid_q && wb_valid_q == '0 && wr_valid_q == '0 && !req_valid_i;
    for (int m = 0; m < Mshrs; m++)
      if (ms_state_q[m] != MS_FREE) idle_o = 1'b0;
  end

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
      if (t_load || (tag_we != '0 && tag_waddr == t_set)) tags_t_q <= 1'b0;
      if (!walk_busy || (walk_go && !walk_dirty)) tags_walk_q <= 1'b0;   // (the walk moves to the next set)
    end

    // stage B
    b_first_q <= 1'b0;
    b_copy_q  <= 1'b0;
    if (b_answers && resp_ready_i) b_kind_q <= B_NONE;
    if (b_copy_q && b_first_q) wb_data_q[b_wb_q] <= ram_rdata;

    // fills
    if (fill_write) begin
      ms_beat_q[mf_id_i] <= ms_beat_q[mf_id_i] + 2'd1;
      if (ms_beat_q[mf_id_i] == 2'd3) begin
        ms_state_q[mf_id_i]          <= MS_REPLAY;
        valid_q[ms_idx_q[mf_id_i]]   <= 1'b1;
      end
    end
    if (mr_ok && mr_ready_i) ms_state_q[mr_idx] <= MS_FILL;

    // write-backs
    if (mb_valid_i) wr_valid_q[mb_id_i] <= 1'b0;
    if (mw_ok && mw_ready_i) begin
      wb_valid_q[mw_idx]  <= 1'b0;
      wr_valid_q[wr_free] <= 1'b1;
      wr_maint_q[wr_free] <= wb_maint_q[mw_idx];
      wr_line_q[wr_free]  <= wb_line_q[mw_idx];
    end

    // stage A
    if (a_go) begin
      b_first_q <= 1'b1;
      b_load_q  <= a_op == gpu_mem_pkg::MEM_OP_LOAD;
      b_tag_q   <= a_tag;
      b_fn_q    <= a_fn;
      b_words_q <= a_words;
      b_data_q  <= a_data;
      b_cmp_q   <= a_cmp;
      if (a_hit_go) begin
        b_kind_q  <= a_op == gpu_mem_pkg::MEM_OP_ATOMIC ? B_ATOMIC : B_RESP;
        b_idx_q   <= a_hit_idx;
        stream_q[a_hit_idx] <= a_nt;
        if (a_op != gpu_mem_pkg::MEM_OP_LOAD) dirty_q[a_hit_idx] <= 1'b1;
        if (a_replay) begin
          pend_q[a_hit_idx]          <= 1'b0;
          ms_state_q[replay_idx]     <= MS_FREE;
        end
      end else begin
        // a miss: evict the victim (a dirty one into a write-back buffer), reserve or allocate its way
        // (the tag RAM takes the new line: tag_we)
        b_idx_q            <= a_vic_idx;
        stream_q[a_vic_idx] <= a_nt;
        if (valid_q[a_vic_idx]) rr_q[a_set] <= victim_way + 1'b1;
        if (a_need_wb) begin
          b_copy_q               <= 1'b1;
          b_wb_q                 <= free_wb;
          wb_valid_q[free_wb]    <= 1'b1;
          wb_maint_q[free_wb]    <= 1'b0;
          wb_line_q[free_wb]     <= vic_line;
          wb_words_q[free_wb]    <= 16'hFFFF;
        end
        if (a_full_store) begin
          b_kind_q            <= B_ALLOC;
          valid_q[a_vic_idx]  <= 1'b1;
          dirty_q[a_vic_idx]  <= 1'b1;
          pend_q[a_vic_idx]   <= 1'b0;
        end else begin
          b_kind_q               <= B_NONE;
          valid_q[a_vic_idx]     <= 1'b0;
          dirty_q[a_vic_idx]     <= 1'b0;   // the replay of a store or atomic sets it
          pend_q[a_vic_idx]      <= 1'b1;
          ms_state_q[free_ms]    <= MS_READ;
          ms_beat_q[free_ms]     <= 2'd0;
          ms_idx_q[free_ms]      <= a_vic_idx;
          ms_line_q[free_ms]     <= a_line;
          ms_op_q[free_ms]       <= a_op;
          ms_fn_q[free_ms]       <= a_fn;
          ms_nt_q[free_ms]       <= a_nt;
          ms_sys_q[free_ms]      <= a_sys;
          ms_words_q[free_ms]    <= a_words;
          ms_data_q[free_ms]     <= a_data;
          ms_cmp_q[free_ms]      <= a_cmp;
          ms_tag_q[free_ms]      <= a_tag;
        end
      end
    end

    // the walker
    if (maint_req_i && !walk_q) begin
      walk_q      <= 1'b1;
      walk_inv_q  <= maint_inv_i;
      walk_wait_q <= valid_q == '0;   // nothing to visit
      walk_set_q  <= '0;
    end
    if (walk_go) begin
      if (walk_dirty) begin
        b_copy_q              <= 1'b1;
        b_first_q             <= 1'b1;
        b_wb_q                <= free_wb;
        wb_valid_q[free_wb]   <= 1'b1;
        wb_maint_q[free_wb]   <= 1'b1;
        wb_line_q[free_wb]    <= walk_line;
        wb_words_q[free_wb]   <= 16'hFFFF;
        dirty_q[walk_idx]     <= 1'b0;
        if (walk_inv_q) valid_q[walk_idx] <= 1'b0;
      end else begin
        if (walk_inv_q)
          for (int i = 0; i < Ways; i++)
            if (!pend_q[{walk_set_q, i[WayW-1:0]}]) valid_q[{walk_set_q, i[WayW-1:0]}] <= 1'b0;
        walk_set_q <= walk_set_q + 1'b1;
        if (walk_last) walk_wait_q <= 1'b1;
      end
    end
    if (maint_done_o) walk_q <= 1'b0;

    // system scope: the line of the request just performed leaves the L2
    if (perf_valid_o && a_sys) begin
      drop_q      <= 1'b1;
      drop_idx_q  <= a_full_store && !a_hit_go ? a_vic_idx : a_hit_idx;
      drop_line_q <= a_line;
    end
    if (drop_go) begin
      drop_q <= 1'b0;
      valid_q[drop_idx_q] <= 1'b0;
      if (drop_dirty) begin
        b_copy_q              <= 1'b1;
        b_first_q             <= 1'b1;
        b_wb_q                <= free_wb;
        wb_valid_q[free_wb]   <= 1'b1;
        wb_maint_q[free_wb]   <= 1'b0;
        wb_line_q[free_wb]    <= drop_line_q;
        wb_words_q[free_wb]   <= 16'hFFFF;
        dirty_q[drop_idx_q]   <= 1'b0;
      end
    end

    if (rst_i) begin
      valid_q    <= '0;
      dirty_q    <= '0;
      pend_q     <= '0;
      stream_q   <= '0;
      wb_valid_q <= '0;
      wr_valid_q <= '0;
      b_kind_q   <= B_NONE;
      b_first_q  <= 1'b0;
      b_copy_q   <= 1'b0;
      walk_q     <= 1'b0;
      drop_q     <= 1'b0;
      t_valid_q  <= 1'b0;
      tags_t_q   <= 1'b0;
      tags_walk_q <= 1'b0;
      for (int m = 0; m < Mshrs; m++) ms_state_q[m] <= MS_FREE;
      for (int s = 0; s < Sets; s++) rr_q[s] <= '0;
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
    if ((a_go && !a_hit_go && a_need_wb) || (walk_go && walk_dirty) || (drop_go && drop_dirty))
      c_evict_q <= c_evict_q + 32'd1;
    if (a_go && a_hit_go && a_op == gpu_mem_pkg::MEM_OP_ATOMIC) c_atomics_q <= c_atomics_q + 32'd1;
    if (fill_write && ms_beat_q[mf_id_i] == 2'd3) c_fills_q <= c_fills_q + 32'd1;
    if (mw_ok && mw_ready_i) c_wwords_q <= c_wwords_q + {27'd0, words_in(wb_words_q[mw_idx])};
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

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (!rst_i && mf_valid_i && mf_ready_o && ms_state_q[mf_id_i] != MS_FILL)
      $error("gpu_l2_slice: fill beat for MSHR %0d that waits for none", mf_id_i);
    if (!rst_i && mb_valid_i && !wr_valid_q[mb_id_i])
      $error("gpu_l2_slice: write acknowledgement for slot %0d that waits for none", mb_id_i);
  end
`endif

endmodule

`default_nettype wire
