// SPDX-License-Identifier: Apache-2.0
// gpu_gmem: a CU's global-memory unit. Holds up to Entries accepted global
// instructions (loads, stores, atomics, cache operations) and sends them as
// coalesced 64-byte line requests (gpu_coalescer, docs/isa.md 4.7), one per
// cycle, oldest instruction first. Collects the tagged line responses in any
// order and completes instructions so that accesses of one wave of the same
// kind complete in program order (a cache operation after every older access
// of its wave). Accept: acc_valid_i when free_o > 0. Completion: done_valid_o
// (from registers: chosen a cycle ahead) holds until done_ready_i;
// done_data_o is the window done_win_i of its data (all of it with 32 lanes).
//
// A request's tag is {CU, entry, lead lane}. A load or store request serves
// every selected lane of its entry in the lead lane's line (the coalescer
// sends each line once), so the response needs no lane list: the served
// lanes are those sent with that lead (recorded when sent). An atomic request serves
// its lead lane only. Once every older access of its wave has completed, a
// cache_inv_l1 goes out as one request of op 3 (answered by the L1), and a
// cache_wb_l2 asks for the L2 write-back (maint_req_o, granted by maint_ack_i)
// and completes at maint_done_i.
// The lanes' addresses, store data and compare values wait in small RAMs,
// one row per entry and window of Lanes lanes. They are written before the
// instruction is accepted, while it is in the CU's EX stage, one window a
// cycle (st_*): into the rows of the entry it will take, the lowest free one
// that the instruction between EX and accept does not hold (st_resv_*),
// chosen at its window 0 (st_idx_o, which the CU gives back with acc_idx_i).
// An instruction that faults is never accepted, and its rows are simply
// written again by the next. The coalescer reads them one window a cycle.
// With Lanes < 32 (a small build) a response is taken in 32 / Lanes cycles,
// one window of Lanes lanes a cycle (resp_ready_o in the last); the response
// holds until then. With 32 lanes resp_ready_o is always high. The results
// wait in a small RAM per lane (one word per entry and window).
`default_nettype none

module gpu_gmem #(
  parameter int Entries = 8,    // global instructions held: 2 or more
  parameter int Lanes   = 32    // the coalescer's store-data lanes per cycle (gpu_coalescer)
) (
  input  wire           clk_i,
  input  wire           rst_i,
  input  wire  [2:0]    cu_id_i,
  // accept one instruction
  input  wire           acc_valid_i,
  input  wire           acc_slot_i,
  input  wire  [1:0]    acc_op_i,       // 0 load, 1 store, 2 atomic, 3 cache
  input  wire  [5:0]    acc_fn_i,
  input  wire  [1:0]    acc_scope_i,    // gpu_isa_pkg::SCOPE_*
  input  wire           acc_nt_i,       // non-temporal
  input  wire           acc_ret_i,      // writes D at completion (load, returning atomic)
  input  wire           acc_wb_i,       // a cache operation that is cache_wb_l2
  input  wire  [5:0]    acc_dest_i,
  input  wire  [3:0]    acc_sig_i,
  input  wire  [31:0]   acc_mask_i,
  input  wire  [4:0]    acc_idx_i,      // its entry (st_idx_o of its windows): free
  output logic [4:0]    free_o,         // free entries
  output logic [4:0]    alloc_idx_o,    // the entry an instruction accepted now takes (trace)
  // operands of a global instruction in EX, a window a cycle, into the entry it will take
  input  wire           st_valid_i,
  input  wire  [(Lanes < 32 ? $clog2(32 / Lanes) : 1)-1:0] st_win_i,
  input  wire  [Lanes*32-1:0] st_addr_i,
  input  wire  [Lanes*32-1:0] st_data_i,
  input  wire  [Lanes*32-1:0] st_cmp_i,
  output logic [4:0]    st_idx_o,       // that entry (chosen at window 0)
  input  wire           st_resv_i,      // an instruction between EX and accept holds entry st_resv_idx_i
  input  wire  [4:0]    st_resv_idx_i,
  // line requests (docs/architecture.md, "The memory port")
  output logic          req_valid_o,
  input  wire           req_ready_i,
  output logic [1:0]    req_op_o,
  output logic [5:0]    req_fn_o,
  output logic [1:0]    req_scope_o,
  output logic          req_nt_o,
  output logic [25:0]   req_line_o,     // byte address >> 6
  output logic [15:0]   req_words_o,    // words of the line accessed (atomics: one)
  output logic [511:0]  req_data_o,     // store data / atomic operand, word w at [w*32 +: 32]
  output logic [31:0]   req_cmp_o,      // CAS compare value
  output logic [15:0]   req_tag_o,
  // responses (tag: gpu_mem_pkg)
  input  wire           resp_valid_i,
  output logic          resp_ready_o,
  input  wire  [15:0]   resp_tag_i,
  input  wire  [511:0]  resp_data_i,    // load: the line; atomic: the old word at its word (others undefined)
  // completion
  output logic          done_valid_o,
  input  wire           done_ready_i,
  output logic          done_slot_o,
  output logic [3:0]    done_sig_o,
  output logic          done_ret_o,
  output logic [5:0]    done_dest_o,
  output logic [31:0]   done_mask_o,
  input  wire  [(Lanes < 32 ? $clog2(32 / Lanes) : 1)-1:0] done_win_i,   // the window of the data wanted
  output logic [Lanes*32-1:0] done_data_o,   // ... its lanes (0 but for a returning completion)
  output logic [1:0]    slot_busy_o,    // the slot has instructions in the unit
  // L2 write-back (cache_wb_l2): one at a time
  output logic          maint_req_o,
  input  wire           maint_ack_i,    // the write-back asked for starts (same cycle as maint_req_o)
  input  wire           maint_done_i    // ... and has ended
);

  localparam int IdxW = $clog2(Entries);
  // Windows of Lanes lanes; a RAM row is {entry, window}.
  localparam int Passes = 32 / Lanes;
  localparam int PassW  = Passes > 1 ? $clog2(Passes) : 1;
  localparam int W      = Lanes * 32;
  localparam int Rows   = Entries * Passes;
  localparam int RowW   = IdxW + (Passes > 1 ? PassW : 0);
  function automatic logic [RowW-1:0] row_of(input logic [IdxW-1:0] e, input logic [PassW-1:0] k);
    row_of = RowW'(32'(e) * Passes + 32'(k));   // (k is 0 with one window)
  endfunction
  // Ordering kinds of docs/isa.md 4.8: loads, stores, others (atomics and cache operations).
  function automatic logic [1:0] kind_of(input logic [1:0] op);
    kind_of = op == gpu_mem_pkg::MEM_OP_CACHE ? 2'd2 : op;
  endfunction

  // Per entry. Control resets; payload does not.
  logic [Entries-1:0] valid_q;
  logic [Entries-1:0] slot_q;
  logic [1:0]         op_q    [Entries];
  logic [5:0]         fn_q    [Entries];
  logic [1:0]         scope_q [Entries];
  logic [Entries-1:0] nt_q;
  logic [Entries-1:0] ret_q;
  logic [Entries-1:0] mt_need_q;        // a cache_wb_l2 whose write-back has not ended
  logic [Entries-1:0] mt_sent_q;        // ... and has started
  logic [5:0]         dest_q  [Entries];
  logic [3:0]         sig_q   [Entries];
  logic [31:0]        mask_q  [Entries];
  logic [31:0]        unsent_q[Entries];  // lanes still to send
  logic [31:0]        wait_q  [Entries];  // lanes still to be answered
  // The payload RAMs, row {entry, window}: addresses, store data, compare
  // values, and the addresses' words (bits 5:2, for the responses).
  logic [W-1:0]         addr_mem [Rows];
  logic [W-1:0]         data_mem [Rows];
  logic [W-1:0]         cmp_mem  [Rows];
  logic [Lanes*4-1:0]   word_mem [Rows];
  // older_q[i][j]: entry j was accepted before entry i.
  logic [Entries-1:0] older_q [Entries];
  // blocked[e]: an older entry of e's wave must complete first (same kind; for
  // a cache operation, any kind).
  logic [Entries-1:0] blocked;

  // ---------------------------------------------------------------- allocation
  // An accepted instruction takes the entry its operands were written into.
  wire [IdxW-1:0] alloc_idx = acc_idx_i[IdxW-1:0];
  wire            alloc_ok  = !valid_q[alloc_idx];
  wire            unused_acc_idx = ^acc_idx_i[4:IdxW] ^ ^st_resv_idx_i[4:IdxW];
  assign alloc_idx_o = {{(5 - IdxW){1'b0}}, alloc_idx};

  always_comb begin
    free_o = '0;
    for (int e = 0; e < Entries; e++)
      free_o = free_o + {4'd0, !valid_q[e]};
  end

  always_comb begin
    slot_busy_o = 2'b00;
    for (int e = 0; e < Entries; e++)
      if (valid_q[e]) slot_busy_o[slot_q[e]] = 1'b1;
  end

  // ---------------------------------------------------------------- operands, from EX
  // The entry of the instruction in EX: chosen at its window 0, held for the
  // others. The issue stage lets a global instruction in only while the free
  // entries outnumber those between issue and accept, so one is left here.
  logic [IdxW-1:0] st_pick, st_idx_q;
  logic            st_pick_ok;
  always_comb begin
    st_pick    = '0;
    st_pick_ok = 1'b0;
    for (int e = Entries - 1; e >= 0; e--)
      if (!valid_q[e] && !(st_resv_i && st_resv_idx_i[IdxW-1:0] == e[IdxW-1:0])) begin
        st_pick    = e[IdxW-1:0];
        st_pick_ok = 1'b1;
      end
  end
  wire             st_first = Passes == 1 || st_win_i == '0;
  wire [IdxW-1:0]  st_idx   = st_first ? st_pick : st_idx_q;
  wire [PassW-1:0] st_win   = Passes > 1 ? st_win_i : '0;
  wire [RowW-1:0]  st_row   = row_of(st_idx, st_win);
  assign st_idx_o = {{(5 - IdxW){1'b0}}, st_idx};
  logic [Lanes*4-1:0] st_word;
  always_comb
    for (int l = 0; l < Lanes; l++) st_word[l*4 +: 4] = st_addr_i[l*32 + 2 +: 4];
  always_ff @(posedge clk_i) begin
    if (st_valid_i && st_first) st_idx_q <= st_pick;
    if (st_valid_i) begin
      addr_mem[st_row] <= st_addr_i;
      data_mem[st_row] <= st_data_i;
      cmp_mem[st_row]  <= st_cmp_i;
      word_mem[st_row] <= st_word;
    end
  end

  // ---------------------------------------------------------------- sending
  // The oldest entry with lanes to send; the coalescer makes its next line request.
  logic            send_ok;
  logic [IdxW-1:0] send_idx;
  always_comb begin
    logic [Entries-1:0] has_unsent;
    send_ok    = 1'b0;
    send_idx   = '0;
    has_unsent = '0;
    if (valid_q != '0) begin   // (only then: it keeps an idle unit cheap to simulate)
      for (int e = 0; e < Entries; e++)   // (a cache_inv_l1 goes when nothing older of its wave is left)
        has_unsent[e] = valid_q[e] && unsent_q[e] != 32'd0 && !(op_q[e] == gpu_mem_pkg::MEM_OP_CACHE && blocked[e]);
      for (int e = 0; e < Entries; e++)
        if (has_unsent[e] && (older_q[e] & has_unsent) == '0) begin
          send_ok  = 1'b1;
          send_idx = e[IdxW-1:0];
        end
    end
  end

  logic        coal_valid, coal_scan;
  logic [4:0]  send_lane, scan_lead;
  logic [31:0] send_lanes;
  logic [PassW-1:0] coal_win;       // the window the coalescer reads
  logic [Lanes-1:0] coal_served;    // ... the lanes of it the request serves
  wire  [RowW-1:0]  send_row = row_of(send_idx, coal_win);
  // The request the coalescer works on changes when another entry is picked
  // or a request went out (its lanes are no longer pending).
  logic            sent_q;
  logic [IdxW-1:0] coal_idx_q;
  always_ff @(posedge clk_i) begin
    sent_q     <= coal_valid && req_ready_i;
    coal_idx_q <= send_idx;
  end

  gpu_coalescer #(
    .Lanes (Lanes)
  ) u_coalescer (
    .clk_i       (clk_i),
    .rst_i       (rst_i),
    .restart_i   (sent_q || coal_idx_q != send_idx),
    .pending_i   (send_ok ? unsent_q[send_idx] : 32'd0),
    .atomic_i    (op_q[send_idx] == gpu_mem_pkg::MEM_OP_ATOMIC),
    .with_data_i (op_q[send_idx] == gpu_mem_pkg::MEM_OP_STORE || op_q[send_idx] == gpu_mem_pkg::MEM_OP_ATOMIC),
    .win_o        (coal_win),
    .scan_o       (coal_scan),
    .scan_lead_o  (scan_lead),
    .win_served_o (coal_served),
    .addr_win_i   (addr_mem[send_row]),
    .data_win_i   (data_mem[send_row]),
    .valid_o     (coal_valid),
    .line_o      (req_line_o),
    .lead_o      (send_lane),
    .lanes_o     (send_lanes),
    .words_o     (req_words_o),
    .wdata_o     (req_data_o)
  );

  assign req_valid_o = coal_valid;
  assign req_op_o    = op_q[send_idx];
  assign req_fn_o    = fn_q[send_idx];
  assign req_scope_o = scope_q[send_idx];
  assign req_nt_o    = nt_q[send_idx];
  always_comb begin   // the lead's compare value, from the window read (an atomic's is the lead's)
    logic [W-1:0] send_cmp;
    req_cmp_o = '0;
    send_cmp  = '0;
    if (coal_valid && op_q[send_idx] == gpu_mem_pkg::MEM_OP_ATOMIC) begin   // (only then: cheaper to simulate)
      send_cmp = cmp_mem[send_row];
      for (int l = 0; l < Lanes; l++)
        if (32'(send_lane) % Lanes == l) req_cmp_o = req_cmp_o | send_cmp[l*32 +: 32];
    end
  end
  assign req_tag_o   = gpu_mem_pkg::mem_tag(cu_id_i, 5'(send_idx), send_lane);

  // ---------------------------------------------------------------- completion
  always_comb begin
    blocked = '0;
    if (valid_q != '0)   // (only then: it keeps an idle unit cheap to simulate)
      for (int e = 0; e < Entries; e++)
        for (int j = 0; j < Entries; j++)
          if (valid_q[j] && older_q[e][j] && slot_q[j] == slot_q[e] &&
              (kind_of(op_q[j]) == kind_of(op_q[e]) || op_q[e] == gpu_mem_pkg::MEM_OP_CACHE))
            blocked[e] = 1'b1;
  end

  // An entry may complete when every lane is answered (or its write-back has
  // ended) and nothing older of its wave that it must follow is still here;
  // it then stays so until it completes. The completion offered comes from
  // registers: the lowest such entry is chosen a cycle ahead (leaving out the
  // one offered now) and offered until done_ready_i, so that the CU's
  // writeback selection does not wait for this choice.
  logic            done_ok_q;
  logic [IdxW-1:0] done_idx_q;
  wire             done_ok  = done_ok_q;
  wire  [IdxW-1:0] done_idx = done_idx_q;
  logic            cand_ok;
  logic [IdxW-1:0] cand_idx;
  always_comb begin
    cand_ok  = 1'b0;
    cand_idx = '0;
    for (int e = Entries - 1; e >= 0; e--)
      if (valid_q[e] && wait_q[e] == 32'd0 && !mt_need_q[e] && !blocked[e] &&
          !(done_ok && done_idx == e[IdxW-1:0])) begin
        cand_ok  = 1'b1;
        cand_idx = e[IdxW-1:0];
      end
  end
  always_ff @(posedge clk_i) begin
    if (!done_ok_q || done_ready_i) begin
      done_ok_q  <= cand_ok;
      done_idx_q <= cand_idx;
    end
    if (rst_i) done_ok_q <= 1'b0;
  end

  // The L2 write-back of a cache_wb_l2 with nothing older of its wave left.
  logic            mt_ok;
  logic [IdxW-1:0] mt_idx;
  always_comb begin
    mt_ok  = 1'b0;
    mt_idx = '0;
    for (int e = Entries - 1; e >= 0; e--)
      if (valid_q[e] && mt_need_q[e] && !mt_sent_q[e] && !blocked[e]) begin
        mt_ok  = 1'b1;
        mt_idx = e[IdxW-1:0];
      end
  end
  assign maint_req_o = mt_ok && (valid_q & mt_sent_q) == '0;

  assign done_valid_o = done_ok;
  assign done_slot_o  = slot_q[done_idx];
  assign done_sig_o   = sig_q[done_idx];
  assign done_ret_o   = ret_q[done_idx];
  assign done_dest_o  = dest_q[done_idx];
  assign done_mask_o  = ret_q[done_idx] ? mask_q[done_idx] : 32'd0;
  logic [Lanes*32-1:0] done_words;   // the result window done_win_i of entry done_idx
  assign done_data_o = (done_ok && ret_q[done_idx]) ? done_words : '0;

  // ---------------------------------------------------------------- responses
  wire [4:0]      resp_entry = gpu_mem_pkg::mem_tag_entry(resp_tag_i);
  wire [IdxW-1:0] resp_idx   = resp_entry[IdxW-1:0];
  wire [4:0]      resp_lane  = gpu_mem_pkg::mem_tag_lane(resp_tag_i);
  wire            unused_resp_tag = ^{resp_entry, gpu_mem_pkg::mem_tag_cu(resp_tag_i)};   // the CU routed us here

  // The window of lanes the response serves this cycle: all 32, or with
  // fewer lanes the next of its windows (resp_pass).
  localparam int RPasses = Passes;
  localparam int RPassW  = PassW;
  // resp_done: the lanes the response has served, cleared from wait_q when
  // it is taken (so that its entry cannot complete before its last window).
  logic [RPassW-1:0] resp_pass;
  logic [31:0]       resp_lanes;   // the served lanes of this cycle's window
  logic [31:0]       resp_done;
  if (RPasses == 1) begin : g_resp_whole
    assign resp_pass    = '0;
    assign resp_ready_o = 1'b1;
    assign resp_done    = resp_lanes;
  end else begin : g_resp_windows
    logic [RPassW-1:0] resp_pass_q;
    logic [31:0]       resp_done_q;   // served in the earlier windows
    assign resp_pass    = resp_pass_q;
    assign resp_ready_o = resp_pass_q == RPassW'(RPasses - 1);
    assign resp_done    = resp_done_q | resp_lanes;
    always_ff @(posedge clk_i) begin
      if (resp_valid_i) begin
        resp_pass_q <= resp_pass_q + RPassW'(1);
        resp_done_q <= resp_ready_o ? 32'd0 : resp_done;
      end
      if (rst_i) begin
        resp_pass_q <= '0;
        resp_done_q <= '0;
      end
    end
  end

  // The lanes a response serves: the lead lane of an atomic; for a load or
  // store, every lane sent in the request of that lead (lead_mem: each lane's
  // lead, written as the coalescer scans it). Each of the window's lanes takes
  // its word of the response line.
  wire [RowW-1:0]      resp_row = row_of(resp_idx, resp_pass);
  logic [Lanes*5-1:0]  win_lead;        // the window's lanes' leads
  wire  [Lanes*4-1:0]  win_word = word_mem[resp_row];   // ... and words
  logic [Lanes*32-1:0] resp_words;      // the window's lanes' words of the line
  logic [Lanes-1:0]    resp_win_lanes;  // ... and which of them it serves
  for (genvar l = 0; l < Lanes; l++) begin : g_lead
    logic [4:0] lead_mem [Rows];
    always_ff @(posedge clk_i)
      if (coal_scan && coal_served[l]) lead_mem[send_row] <= scan_lead;
    assign win_lead[l*5 +: 5] = lead_mem[resp_row];
  end
  always_comb begin
    logic [Lanes-1:0] win_sent;
    logic             lead_only;
    resp_lanes     = '0;
    resp_words     = '0;
    resp_win_lanes = '0;
    win_sent       = '0;
    lead_only      = '0;
    if (resp_valid_i) begin   // (only then: cheaper to simulate)
      lead_only = op_q[resp_idx] == gpu_mem_pkg::MEM_OP_ATOMIC || op_q[resp_idx] == gpu_mem_pkg::MEM_OP_CACHE;
      for (int k = 0; k < RPasses; k++)
        if (resp_pass == RPassW'(k))
          for (int l = 0; l < Lanes; l++)
            win_sent[l] = mask_q[resp_idx][k*Lanes + l] && !unsent_q[resp_idx][k*Lanes + l];
      for (int k = 0; k < RPasses; k++)
        for (int l = 0; l < Lanes; l++)
          if (resp_pass == RPassW'(k)) begin
            if (lead_only)
              resp_lanes[k*Lanes + l] = resp_lane == 5'(k*Lanes + l);
            else
              resp_lanes[k*Lanes + l] = win_sent[l] && win_lead[l*5 +: 5] == resp_lane;
            resp_win_lanes[l] = resp_lanes[k*Lanes + l];
          end
      for (int l = 0; l < Lanes; l++)
        resp_words[l*32 +: 32] = resp_data_i[{5'd0, win_word[l*4 +: 4]}*32 +: 32];
    end
  end

  // The results (loads, returning atomics): per lane a small RAM of one word
  // per entry and window, written by the responses, read by the completion.
  logic [RowW-1:0] done_row;
  if (RPasses > 1) begin : g_rows_windows
    assign done_row = {done_idx, done_win_i};
  end else begin : g_rows_whole
    assign done_row = done_idx;
    wire unused_done_win = ^done_win_i;
  end
  wire result_we = resp_valid_i && ret_q[resp_idx];
  for (genvar l = 0; l < Lanes; l++) begin : g_result
    logic [31:0] words [Rows];
    always_ff @(posedge clk_i)
      if (result_we && resp_win_lanes[l]) words[resp_row] <= resp_words[l*32 +: 32];
    assign done_words[l*32 +: 32] = words[done_row];
  end

  // ---------------------------------------------------------------- state
  logic [Entries-1:0] freeing;
  always_comb
    for (int e = 0; e < Entries; e++)
      freeing[e] = done_ok && done_ready_i && done_idx == e[IdxW-1:0];

  always_ff @(posedge clk_i) begin
    if (acc_valid_i && alloc_ok) begin
      valid_q[alloc_idx]  <= 1'b1;
      slot_q[alloc_idx]   <= acc_slot_i;
      op_q[alloc_idx]     <= acc_op_i;
      fn_q[alloc_idx]     <= acc_fn_i;
      scope_q[alloc_idx]  <= acc_scope_i;
      nt_q[alloc_idx]     <= acc_nt_i;
      ret_q[alloc_idx]    <= acc_ret_i;
      mt_need_q[alloc_idx] <= acc_op_i == gpu_mem_pkg::MEM_OP_CACHE && acc_wb_i;
      mt_sent_q[alloc_idx] <= 1'b0;
      dest_q[alloc_idx]   <= acc_dest_i;
      sig_q[alloc_idx]    <= acc_sig_i;
      mask_q[alloc_idx]   <= acc_mask_i;
      // (a cache_inv_l1: one request, on lane 0; a cache_wb_l2: none)
      unsent_q[alloc_idx] <= acc_op_i == gpu_mem_pkg::MEM_OP_CACHE ? {31'd0, !acc_wb_i} : acc_mask_i;
      wait_q[alloc_idx]   <= acc_op_i == gpu_mem_pkg::MEM_OP_CACHE ? {31'd0, !acc_wb_i} : acc_mask_i;
      older_q[alloc_idx]  <= valid_q & ~freeing;
      for (int e = 0; e < Entries; e++)
        if (e[IdxW-1:0] != alloc_idx) older_q[e][alloc_idx] <= 1'b0;
    end
    if (coal_valid && req_ready_i)
      unsent_q[send_idx] <= unsent_q[send_idx] & ~send_lanes;
    if (resp_valid_i && resp_ready_o) wait_q[resp_idx] <= wait_q[resp_idx] & ~resp_done;
    if (maint_req_o && maint_ack_i)
      mt_sent_q[mt_idx] <= 1'b1;
    if (maint_done_i)
      for (int e = 0; e < Entries; e++)
        if (mt_sent_q[e]) begin
          mt_need_q[e] <= 1'b0;
          mt_sent_q[e] <= 1'b0;
        end
    if (done_ok && done_ready_i)
      valid_q[done_idx] <= 1'b0;
    if (rst_i) valid_q <= '0;
  end

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (!rst_i && acc_valid_i && !alloc_ok)
      $error("gpu_gmem: instruction accepted into entry %0d, which is not free", alloc_idx);
    if (!rst_i && st_valid_i && st_first && !st_pick_ok)
      $error("gpu_gmem: a global instruction in EX finds no free entry for its operands");
    if (!rst_i && resp_valid_i && (!valid_q[resp_idx] || (resp_pass == '0 && !wait_q[resp_idx][resp_lane]) ||
                                   (resp_lanes & ~wait_q[resp_idx]) != 32'd0))
      $error("gpu_gmem: response for entry %0d lead lane %0d whose lanes do not all wait for one", resp_idx, resp_lane);
  end
`endif

endmodule

`default_nettype wire
