// SPDX-License-Identifier: Apache-2.0
// gpu_lds: the 64 KiB local data share of one CU: Banks word-interleaved
// banks (32; fewer in a small build), wave instructions (load, store or
// atomic, all 32 lanes) taken in order and served one round a cycle, in two
// stages: a round picks one word per bank and reads it (stage 1); the cycle
// after, the banks' words reach the lanes and stores and atomics write
// (stage 2). An instruction takes R rounds (docs/lds.md: conflicts
// serialised; atomics one lane per bank per round), and the next one's first
// round follows its last: conflict-free instructions go one a cycle.
// With Lanes < 32 physical lanes, a round serves lanes of one window of Lanes
// lanes only, the windows in ascending order (empty ones skipped), so R is
// the sum of the windows' rounds; the results are the same.
// Requests: valid/ready; up to Entries instructions (4; 1 with more than one
// window) wait or are served (count_o). The lanes' operands (word addresses,
// store data or atomic operands, CAS compare values) are not part of the
// request: they come a window of Lanes lanes at a time (op_valid_i, window
// op_win_i). With one window they come with their request and are taken
// with it; the words go into the instruction's entry, the data and compare
// values into one register, so a store or atomic may be sent only when no
// other one is waiting or in its rounds (wbusy_o low). With more than one
// window they come before the request or with it, only while the LDS is
// empty (count_o 0; else an error). A request with req_zero_i stores zeros
// to the 32 words of row req_row_i (word {req_row_i, lane}) and uses no
// operands.
// Order: each instruction sees the writes of every one before it (a word
// written in stage 2 reaches a read of the same cycle by forwarding).
// resp_valid_o: a 1-cycle pulse per instruction, in its last stage 2.
// Results (loads and returning atomics) queue in order in ResEntries
// entries (4; 1 with more than one window): res_valid_o from the last stage
// 2 (with more than one window, from the cycle after it) until res_pop_i;
// resp_data_o is window resp_win_i of the head's results (0 outside
// res_mask_o). An instruction's first round waits while every result entry
// is taken.
`default_nettype none

module gpu_lds #(
  parameter int Lanes = 32,     // physical lanes: 32, 16, 8, 4, 2 or 1
  parameter int Banks = 32      // banks: 32, 16, 8, 4 or 2 (the bank of a word is its address mod Banks)
) (
  input  wire           clk_i,
  input  wire           rst_i,

  // Request: one instruction. Lane L of a bus is [L*W +: W].
  input  wire           req_valid_i,
  output logic          req_ready_o,
  input  wire  [4:0]    req_op_i,    // gpu_isa_pkg::FMT_LDS_LOAD / FMT_LDS_STORE / FMT_LDS_ATOMIC
  input  wire  [5:0]    req_fn_i,    // atomic function, gpu_isa_pkg::FN_*
  input  wire           req_ret_i,   // atomic returns the old values
  input  wire  [31:0]   req_mask_i,  // selected lanes
  input  wire           req_zero_i,  // store zeros to row req_row_i (no operand windows)
  input  wire  [8:0]    req_row_i,

  // Operands, a window of Lanes lanes at a time (lane l of the window at [l*W +: W]).
  input  wire           op_valid_i,
  input  wire  [(Lanes < 32 ? $clog2(32 / Lanes) : 1)-1:0] op_win_i,
  input  wire  [Lanes*14-1:0] op_word_i,   // physical word address per lane
  input  wire  [Lanes*32-1:0] op_data_i,   // store data / atomic operand V
  input  wire  [Lanes*32-1:0] op_cmp_i,    // CAS compare value

  // State, for the sender.
  output logic [2:0]    count_o,      // instructions waiting or in their rounds
  output logic          wbusy_o,      // ... of which a store or atomic (its operands are in the LDS)
  output logic          busy_o,       // an instruction waits, or is in its rounds or last stage 2

  // Completion: one cycle per instruction.
  output logic          resp_valid_o,

  // Results, in order: the head result, then its data, one window at a time.
  output logic          res_valid_o,
  output logic [31:0]   res_mask_o,   // lanes of the results (those selected)
  input  wire           res_pop_i,    // the head result is taken (with res_valid_o)
  input  wire  [(Lanes < 32 ? $clog2(32 / Lanes) : 1)-1:0] resp_win_i,   // the window of results wanted
  output logic [Lanes*32-1:0] resp_data_o,   // ... its lanes (0 outside res_mask_o)

  // Counters: one cycle after each round.
  output logic          stat_conflict_o,  // the round was not the instruction's first
  output logic [5:0]    stat_lanes_o      // lanes served in the round
);

  localparam int NumLanes = Lanes;   // the lanes of a round: those of one window
  localparam int NumBanks = Banks;
  localparam int BankW    = Banks > 1 ? $clog2(Banks) : 1;   // word address bits [BankW-1:0]: the bank
  localparam int RowW     = 14 - BankW;      // the rest: the row in the bank
  localparam int WordW    = BankW + RowW;
  localparam int LaneW    = Lanes > 1 ? $clog2(Lanes) : 1;   // (one lane: a 1-bit index that is always 0)
  localparam int Windows  = 32 / Lanes;
  localparam int WinW     = Windows > 1 ? $clog2(Windows) : 1;
  localparam int Entries  = Windows > 1 ? 1 : 4;   // instructions waiting or in their rounds
  localparam int EntW     = Entries > 1 ? $clog2(Entries) : 1;
  localparam int ResEntries = Entries;             // results waiting
  localparam int ResW     = ResEntries > 1 ? $clog2(ResEntries) : 1;
  // (checked at elaboration, as gpu_top's limits; Icarus 11 skips it)
`ifndef __ICARUS__
  if (Banks < 2 || Banks > 32 || (Banks & (Banks - 1)) != 0) begin : g_bad_banks
    $error("gpu_lds: Banks is %0d; must be 2, 4, 8, 16 or 32", Banks);
  end
`endif

  // ---------------------------------------------------------------------------
  // The entries: a ring of the accepted instructions, oldest (rd_q) first.
  // Payload: no reset; an entry changes only when an instruction is accepted into it.
  logic [4:0]           ent_op   [Entries];
  logic [5:0]           ent_fn   [Entries];
  logic                 ent_ret  [Entries];
  logic [31:0]          ent_mask [Entries];
  logic                 ent_zero [Entries];
  logic [8:0]           ent_row  [Entries];
  logic [EntW-1:0]      wr_q, rd_q;
  logic [2:0]           cnt_q;      // entries taken
  logic [2:0]           wcnt_q;     // ... by stores and atomics
  // The operands: the words per entry and window (LUT RAM), the data and
  // compare values of the one store or atomic per window.
  logic [NumLanes*WordW-1:0] word_mem [Entries * Windows];
  logic [NumLanes*32-1:0]    data_mem [Windows];
  logic [NumLanes*32-1:0]    cmp_mem  [Windows];

  // The oldest entry is in its rounds (act_q); first_q: the next round is its first.
  logic                 act_q;
  logic                 first_q;
  logic [31:0]          pend_q;     // lanes not served yet (after the first round)
  logic [31:0]          pend;       // ... this round's
  logic [31:0]          pend_d;
  logic                 finishing;  // the round serves the last pending lanes
  logic                 accept;

  // The active instruction (the oldest entry).
  logic [4:0]  op;
  logic        zero;
  logic [8:0]  row;
  logic        is_load, is_store, is_atomic, returns;
  wire        act_ret  = ent_ret[rd_q];
  wire [31:0] act_mask = ent_mask[rd_q];
  assign op        = ent_op[rd_q];
  assign zero      = ent_zero[rd_q];
  assign row       = ent_row[rd_q];
  assign is_store  = op == gpu_isa_pkg::FMT_LDS_STORE;
  assign is_atomic = op == gpu_isa_pkg::FMT_LDS_ATOMIC;
  assign is_load   = !is_store && !is_atomic;
  assign returns   = is_load || (is_atomic && act_ret);
  assign pend      = first_q ? act_mask : pend_q;

  assign req_ready_o = cnt_q != 3'(Entries);
  assign accept      = req_valid_i && req_ready_o;
  assign count_o     = cnt_q;
  assign wbusy_o     = wcnt_q != 3'd0;

  wire req_writes = req_op_i != gpu_isa_pkg::FMT_LDS_LOAD;   // a store or atomic

  // The operands go in with their request (one window), or, with more than
  // one window, while the LDS is empty.
  wire [WinW-1:0] op_win = Windows > 1 ? op_win_i : '0;
  always_ff @(posedge clk_i)
    if (op_valid_i && (Windows > 1 ? cnt_q == 3'd0 : accept)) begin
      word_mem[Windows > 1 ? 32'(op_win) : 32'(wr_q)] <= op_word_i;
      if (Windows > 1 || (req_writes && !req_zero_i)) begin   // (a clearing store has no data)
        data_mem[op_win] <= op_data_i;
        cmp_mem[op_win]  <= op_cmp_i;
      end
    end

  always_ff @(posedge clk_i)
    if (accept) begin
      ent_op[wr_q]   <= req_op_i;
      ent_fn[wr_q]   <= req_fn_i;
      ent_ret[wr_q]  <= req_ret_i;
      ent_mask[wr_q] <= req_mask_i;
      ent_zero[wr_q] <= req_zero_i;
      ent_row[wr_q]  <= req_row_i;
    end

  // ---------------------------------------------------------------------------
  // Stage 1, one round per cycle while act_q: pick one word per bank and
  // issue the bank reads. Bank b's word is the one of the lowest pending lane
  // in b. Loads and stores serve every pending lane on that word; atomics
  // serve only that lowest lane (so same-word lanes go in ascending order).
  // Written bank-parallel, with no lane-by-lane chain: the pending lanes of
  // each bank as a lane mask, its lowest lane as x & -x, lane numbers read
  // off one-hot masks.
  logic [NumBanks-1:0]       s1_act;     // bank b is accessed this round
  logic [NumBanks*RowW-1:0]  s1_row;     // bank b's row this round
  logic [NumLanes-1:0]       s1_lead;    // lane is the lowest pending lane of its bank
  logic [NumLanes-1:0]       s1_served;  // lanes served this round
  logic [NumBanks*LaneW-1:0] s1_wlane;   // bank b's data lane: the highest served lane in b
  logic [5:0]                s1_nserved;

  // The window of this round: the lowest one with a pending lane (with 32
  // lanes, all of them). Its lanes are lanes 0..NumLanes-1 of the round.
  logic [WinW-1:0]           win;
  always_comb begin
    win = '0;
    if (Windows > 1)
      for (int k = Windows - 1; k >= 0; k--)
        if (pend[k*Lanes +: Lanes] != '0) win = WinW'(k);
  end
  // (Window slices are chosen by AND-OR at constant places here and below: a
  // variable part-select became a barrel shifter in synthesis.)
  logic [NumLanes-1:0]       wpend;   // the window's pending lanes
  logic [NumLanes*WordW-1:0] wword;   // and their words
  always_comb begin
    wpend = '0;
    for (int k = 0; k < Windows; k++)
      wpend = wpend | ({NumLanes{win == WinW'(k)}} & pend[k*Lanes +: Lanes]);
    if (zero)   // (a clearing store: lane n's word is {row, n})
      for (int l = 0; l < NumLanes; l++)
        wword[l*WordW +: WordW] = {row, 5'(32'(win) * Lanes + l)};
    else
      wword = word_mem[Windows > 1 ? 32'(win) : 32'(rd_q)];
  end
  // LANE_BITS[k*32 +: 32]: the lanes whose number has bit k set.
  localparam logic [159:0] LANE_BITS = {32'hFFFF_0000, 32'hFF00_FF00, 32'hF0F0_F0F0, 32'hCCCC_CCCC, 32'hAAAA_AAAA};
  // The number of the lane a one-hot (or zero) lane mask names.
  function automatic logic [LaneW-1:0] lane_of(input logic [NumLanes-1:0] onehot);
    for (int k = 0; k < LaneW; k++) lane_of[k] = (onehot & LANE_BITS[k*32 +: NumLanes]) != '0;
  endfunction

  logic [WordW-1:0]    lane_word  [NumLanes];   // lane l's word address
  logic [NumLanes-1:0] bank_lanes [NumBanks];   // [b]: the pending lanes whose word is in bank b
  logic [RowW-1:0]     bank_row   [NumBanks];   // bank b's row this round
  logic [NumLanes-1:0] s1_lowest;               // loop temporary: a bank's lowest pending lane
  always_comb begin
    for (int l = 0; l < NumLanes; l++) lane_word[l] = wword[l*WordW +: WordW];
    s1_lowest = '0;
    for (int b = 0; b < NumBanks; b++) begin
      bank_lanes[b] = '0;
      bank_row[b]   = '0;
    end
    s1_act  = '0;
    s1_row  = '0;
    s1_lead = '0;
    // (Skipped when no lane is pending: every result is 0 then. It keeps an idle LDS cheap to simulate.)
    if (act_q && pend != '0) begin
      for (int l = 0; l < NumLanes; l++) bank_lanes[lane_word[l][BankW-1:0]][l] = wpend[l];
      for (int b = 0; b < NumBanks; b++) begin
        s1_lowest              = bank_lanes[b] & (~bank_lanes[b] + {{(NumLanes-1){1'b0}}, 1'b1});
        s1_act[b]              = bank_lanes[b] != '0;
        s1_lead                = s1_lead | s1_lowest;
        bank_row[b]            = lane_word[lane_of(s1_lowest)][WordW-1:BankW];
        s1_row[b*RowW +: RowW] = bank_row[b];
      end
    end
  end

  // The lanes served, and each bank's data lane: the highest served lane in it.
  logic [NumLanes-1:0] s1_lanes;   // loop temporary: a bank's served lanes
  logic [31:0]         served32;   // ... the round's served lanes in the instruction's lanes
  always_comb begin
    s1_lanes   = '0;
    served32   = '0;
    s1_served  = '0;
    s1_nserved = '0;
    s1_wlane   = '0;
    if (act_q && pend != '0) begin
      if (is_atomic)
        s1_served = s1_lead;
      else
        for (int l = 0; l < NumLanes; l++)
          s1_served[l] = wpend[l] && lane_word[l][WordW-1:BankW] == bank_row[lane_word[l][BankW-1:0]];
      for (int b = 0; b < NumBanks; b++) begin
        s1_lanes = bank_lanes[b] & s1_served;
        // all bits from the highest set one down, then that highest one alone
        for (int sh = 1; sh < NumLanes; sh = sh * 2) s1_lanes = s1_lanes | (s1_lanes >> sh);
        // (in 33 bits: a shift of a 1-bit vector is a lint finding)
        s1_wlane[b*LaneW +: LaneW] = lane_of(NumLanes'(33'(s1_lanes) & ~(33'(s1_lanes) >> 1)));
      end
      for (int l = 0; l < NumLanes; l++) s1_nserved = s1_nserved + {5'd0, s1_served[l]};
    end
    for (int k = 0; k < Windows; k++)
      if (win == WinW'(k)) served32[k*Lanes +: Lanes] = s1_served;
    pend_d = pend & ~served32;
  end

  assign finishing = act_q && pend_d == '0;

  // ---------------------------------------------------------------------------
  // Stage 2, the cycle after a round: the bank read data arrives; stores and
  // atomics write their banks. The round's instruction may have left its
  // entry (its last round): what stage 2 needs of it is copied (s2_*). Each
  // bank forwards the word it wrote in the previous cycle (the RAM cannot
  // return it: it was read in the same cycle). Each lane sees its bank's word
  // (lane_old); a CAS compares there, so only the 1-bit result, not the
  // 32-bit compare value, crosses back to the bank.
  logic [NumBanks-1:0]       s2_act_q;   // bank b was accessed in the last round
  logic [NumBanks*RowW-1:0]  s2_row_q;
  logic [NumBanks*LaneW-1:0] s2_wlane_q;
  logic [NumLanes-1:0]       s2_ret_q;   // lanes (of the window) whose data arrives now
  logic [WinW-1:0]           s2_win_q;   // the window of the last round
  logic                      s2_we_q;    // the round's instruction writes (store, atomic)
  logic                      s2_atomic_q;
  logic [5:0]                s2_fn_q;
  logic                      s2_zero_q;
  logic [ResW-1:0]           s2_res_q;   // its result entry
  logic                      s2_last_q;  // the round was its last
  logic                      stat_conflict_q;
  logic [5:0]                stat_lanes_q;
  wire  [WinW-1:0]           s2_win = Windows > 1 ? s2_win_q : '0;
  logic [NumLanes*32-1:0]    s2_data, s2_cmp;   // the window's store data / operands, compare values
  logic [NumLanes*BankW-1:0] s1_bank;           // the lanes' banks in stage 1
  logic [NumLanes*BankW-1:0] s2_bank_q;         // ... and in stage 2
  always_comb
    for (int l = 0; l < NumLanes; l++) s1_bank[l*BankW +: BankW] = wword[l*WordW +: BankW];
  assign s2_data = s2_zero_q ? '0 : data_mem[s2_win];
  assign s2_cmp  = cmp_mem[s2_win];

  logic [NumBanks-1:0]       bank_re;
  logic [NumBanks-1:0]       bank_we;
  logic [NumBanks*32-1:0]    s2_old;     // bank b's word before this round's write
  logic [NumLanes*32-1:0]    lane_old;   // the word of lane l's bank
  logic [NumLanes-1:0]       lane_eq;    // lane_old equals lane l's CAS compare value
  wire                       s2_any = s2_act_q != '0;

  assign bank_re = s1_act & {NumBanks{!is_store}};
  assign bank_we = s2_act_q & {NumBanks{s2_we_q}};

  // The crossbar: each bank takes its data lane's operand; each lane, its bank's word.
  for (genvar b = 0; b < NumBanks; b++) begin : g_bank
    gpu_lds_bank #(
      .Lanes (NumLanes),
      .RowW  (RowW)
    ) u_bank (
      .clk_i       (clk_i),
      .rst_i       (rst_i),
      .re_i        (bank_re[b]),
      .raddr_i     (s1_row[b*RowW +: RowW]),
      .act_i       (s2_act_q[b]),
      .we_i        (bank_we[b]),
      .row_i       (s2_row_q[b*RowW +: RowW]),
      .atomic_i    (s2_atomic_q),
      .fn_i        (s2_fn_q),
      .wlane_i     (s2_wlane_q[b*LaneW +: LaneW]),
      .lane_data_i (s2_data),
      .lane_eq_i   (lane_eq),
      .old_o       (s2_old[b*32 +: 32])
    );
  end

  for (genvar l = 0; l < NumLanes; l++) begin : g_lane
    gpu_lds_lane #(
      .Banks (NumBanks)
    ) u_lane (
      .act_i      (s2_any),
      .bank_i     (s2_bank_q[l*BankW +: BankW]),
      .bank_old_i (s2_old),
      .cmp_i      (s2_cmp[l*32 +: 32]),
      .old_o      (lane_old[l*32 +: 32]),
      .eq_o       (lane_eq[l])
    );
  end

  // ---------------------------------------------------------------------------
  // Results: an instruction that returns takes the next result entry at its
  // first round (res_wr_q); each lane served takes its bank's word into its
  // lane's RAM at the entry and the round's window. The entry is complete
  // after the last stage 2 and waits there until popped. With one window, a
  // result with no older one waiting is out already in its last stage 2:
  // the lanes of that round straight from the banks (bypass).
  logic [ResW-1:0] res_wr_q, res_rd_q, act_res_q;
  logic [2:0]      res_occ_q;    // entries taken (from the first round to the pop)
  logic [2:0]      res_done_q;   // ... of which complete
  logic [31:0]     res_mask_mem [ResEntries];
  logic            alloc;        // the active instruction takes an entry now
  logic [ResW-1:0] act_res;      // the active instruction's entry
  logic            s2_done_q;    // the last stage 2 of an instruction that returns
  assign alloc   = act_q && first_q && returns;
  assign act_res = first_q ? res_wr_q : act_res_q;
  localparam int ResSlots = ResEntries * Windows;
  wire [ResW-1:0] res_rd = ResEntries > 1 ? res_rd_q : '0;
  wire bypass = Windows == 1 && s2_done_q && res_done_q == 3'd0;
  for (genvar l = 0; l < NumLanes; l++) begin : g_result
    logic [31:0] words [ResSlots];   // lane l's results, at entry * Windows + window
    logic [31:0] word;               // ... of the head and window resp_win_i
    logic        take;               // ... is written
    always_ff @(posedge clk_i)
      if (s2_ret_q[l]) words[32'(s2_res_q) * Windows + 32'(s2_win)] <= lane_old[l*32 +: 32];
    assign word = (bypass && s2_ret_q[l]) ? lane_old[l*32 +: 32] : words[32'(res_rd) * Windows + 32'(resp_win_i)];
    always_comb begin
      take = 1'b0;
      for (int k = 0; k < Windows; k++)
        if (resp_win_i == WinW'(k)) take = res_mask_o[k*Lanes + l];
    end
    assign resp_data_o[l*32 +: 32] = take ? word : 32'd0;
  end
  always_ff @(posedge clk_i)
    if (alloc) res_mask_mem[act_res] <= act_mask;

  assign res_valid_o     = res_done_q != 3'd0 || (Windows == 1 && s2_done_q);
  assign res_mask_o      = res_valid_o ? res_mask_mem[res_rd] : 32'd0;
  assign resp_valid_o    = s2_last_q;
  assign busy_o          = cnt_q != 3'd0 || s2_last_q;
  assign stat_conflict_o = stat_conflict_q;
  assign stat_lanes_o    = stat_lanes_q;

  // ---------------------------------------------------------------------------
  // Registers.
  wire  pop = res_pop_i && res_valid_o;
  // After this edge: the entries, and whether the oldest one goes on with
  // (or starts) its rounds. A start waits for a free result entry.
  wire [2:0] cnt_d     = cnt_q - {2'd0, finishing} + {2'd0, accept};
  wire [2:0] res_occ_d = res_occ_q + {2'd0, alloc} - {2'd0, pop};
  wire       res_ok    = res_occ_d < 3'(ResEntries);
  wire       act_d   = act_q && !finishing ? 1'b1 : (cnt_d != 3'd0 && res_ok);

  always_ff @(posedge clk_i) begin
    // (the copies below are skipped when their stage is idle: the values are
    // then never used, since s2_act_q is 0)
    if (act_q) begin
      s2_row_q    <= s1_row;
      s2_wlane_q  <= s1_wlane;
      s2_win_q    <= win;
      s2_bank_q   <= s1_bank;
      s2_we_q     <= !is_load;
      s2_atomic_q <= is_atomic;
      s2_fn_q     <= ent_fn[rd_q];
      s2_zero_q   <= zero;
      s2_res_q    <= act_res;
      act_res_q   <= act_res;
    end
  end

  always_ff @(posedge clk_i) begin
    if (accept)    wr_q <= EntW'((32'(wr_q) + 1) % Entries);
    if (finishing) rd_q <= EntW'((32'(rd_q) + 1) % Entries);
    cnt_q   <= cnt_d;
    wcnt_q  <= wcnt_q - {2'd0, finishing && !is_load} + {2'd0, accept && req_writes};
    act_q   <= act_d;
    first_q <= !(act_q && !finishing);
    pend_q  <= pend_d;
    if (alloc) res_wr_q <= ResW'((32'(res_wr_q) + 1) % ResEntries);
    if (pop)   res_rd_q <= ResW'((32'(res_rd_q) + 1) % ResEntries);
    res_occ_q  <= res_occ_d;
    res_done_q <= res_done_q + {2'd0, s2_done_q} - {2'd0, pop};
    s2_last_q       <= finishing;
    s2_done_q       <= finishing && returns;
    s2_act_q        <= act_q ? s1_act : '0;
    s2_ret_q        <= (act_q && returns) ? s1_served : '0;
    stat_conflict_q <= act_q && !first_q;
    stat_lanes_q    <= act_q ? s1_nserved : '0;
    if (rst_i) begin
      wr_q            <= '0;
      rd_q            <= '0;
      cnt_q           <= '0;
      wcnt_q          <= '0;
      act_q           <= 1'b0;
      first_q         <= 1'b1;
      res_wr_q        <= '0;
      res_rd_q        <= '0;
      res_occ_q       <= '0;
      res_done_q      <= '0;
      s2_last_q       <= 1'b0;
      s2_done_q       <= 1'b0;
      s2_act_q        <= '0;
      s2_ret_q        <= '0;
      stat_conflict_q <= 1'b0;
      stat_lanes_q    <= '0;
    end
  end

`ifndef SYNTHESIS
  // The handshake contract: a request held while not ready keeps valid high
  // and its payload unchanged; an accepted request has a known op. (A plain
  // always: Icarus warns about system tasks in always_ff.)
  localparam int PayloadW = 5 + 6 + 1 + 32 + 1 + 9;
  logic                held_q;
  logic [PayloadW-1:0] held_payload_q;

  // (the payload is assembled only in cycles that hold or check a request)
  always @(posedge clk_i) begin
    if (!rst_i && held_q) begin
      if (!req_valid_i)
        $error("gpu_lds: req_valid_i dropped before the request was accepted");
      else if ({req_op_i, req_fn_i, req_ret_i, req_mask_i, req_zero_i, req_row_i} != held_payload_q)
        $error("gpu_lds: request payload changed while req_valid_i was held");
    end
    if (!rst_i && accept && req_op_i != gpu_isa_pkg::FMT_LDS_LOAD && req_op_i != gpu_isa_pkg::FMT_LDS_STORE
        && req_op_i != gpu_isa_pkg::FMT_LDS_ATOMIC)
      $error("gpu_lds: req_op_i %0d is not an LDS format", req_op_i);
    if (!rst_i && Windows > 1 && op_valid_i && cnt_q != 3'd0)
      $error("gpu_lds: an operand window arrived while an instruction is in the LDS");
    if (!rst_i && Windows == 1 && accept && req_writes && !req_zero_i && wcnt_q != 3'd0)
      $error("gpu_lds: a store or atomic sent while another one is waiting or in its rounds");
    if (!rst_i && Windows == 1 && accept && req_zero_i && op_valid_i)
      $error("gpu_lds: operands sent with a clearing store");
    if (!rst_i && res_pop_i && !res_valid_o)
      $error("gpu_lds: res_pop_i without a result");
    held_q <= req_valid_i && !req_ready_o;
    if (req_valid_i && !req_ready_o)
      held_payload_q <= {req_op_i, req_fn_i, req_ret_i, req_mask_i, req_zero_i, req_row_i};
    if (rst_i) held_q <= 1'b0;
  end
`endif

endmodule

`default_nettype wire
