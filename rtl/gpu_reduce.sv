// SPDX-License-Identifier: Apache-2.0
// gpu_reduce: the reductions of a CU (docs/isa.md 4.4): red8_<f> reduces each
// 8-lane chunk of B into the chunk's first lane, redfin_<f> lanes 0, 8, 16 and
// 24 into lane 0. One combiner (gpu_reduce_lane, 3 cycles) per chunk. Each
// chunk is a queue of values: its 8 (redfin: 4) lanes, then the combiner's
// results as they come back; while two values are queued, the two oldest are
// combined. For 8 or 4 values that is exactly the ISA's balanced tree, with
// one f32 operation per pipelined combiner pass.
// B comes a window of InLanes lanes at a time (the CU's EX windows): load_i
// with window win_i, start_i with the last one; the windows wait in a small
// RAM (LUT RAM with more than one window). The queue is not moved: its first
// values are read from that RAM (pair n of a chunk: its lanes 2n and 2n+1;
// redfin: lanes 16n and 16n+8, the latter kept in registers), one row a
// cycle, the later ones from a small file of results (the chunk's j-th
// result in entry j). With Combiners < 4 (fewer physical lanes), the chunks
// take turns: groups of Combiners chunks, one after the other.
// One instruction at a time: start_i && ready_o accepts it at edge t; load_i
// is taken only while ready_o; done_o is high after edge t+15 (red8) or t+9
// (redfin) with 4 combiners, and result_o / lane_we_o hold until the next
// instruction starts.
`default_nettype none

module gpu_reduce #(
  parameter int Combiners = 4,        // 4, 2 or 1: chunks reduced at once
  parameter int InLanes   = 32        // lanes of a window of B: 32, 16, 8, 4, 2 or 1; at least 8 x Combiners, or Combiners 1
) (
  input  wire           clk_i,
  input  wire           rst_i,
  input  wire           load_i,       // a window of B
  input  wire  [4:0]    win_i,        // ... its number: lanes [win_i*InLanes, (win_i+1)*InLanes)
  input  wire  [InLanes*32-1:0] b_i,  // window lane l at [l*32 +: 32]
  input  wire           start_i,      // with the last window's load_i
  input  wire           fin_i,        // redfin (else red8)
  input  wire  [5:0]    fn_i,         // gpu_isa_pkg::FN_* of the reduction
  output logic          ready_o,
  output logic          done_o,
  output logic [1023:0] result_o,     // lanes outside lane_we_o are 0
  output logic [31:0]   lane_we_o     // 0x01010101 (red8) or 0x00000001 (redfin)
);

  localparam int Chunks   = 4;
  localparam int C        = Combiners;
  localparam int Groups   = Chunks / C;
  localparam int GroupW   = Groups > 1 ? $clog2(Groups) : 1;
  localparam int Results  = 6;          // results a chunk queues (the 7th is its answer)
  localparam int InW      = InLanes * 32;
  // A row of the RAM of B holds MemLanes lanes: one window, or two with one
  // lane a window (a pair of lanes is read from one row), in Split parts.
  localparam int MemLanes = InLanes > 1 ? InLanes : 2;
  localparam int Split    = MemLanes / InLanes;
  localparam int Rows     = 32 / MemLanes;
  localparam int RowW     = Rows > 1 ? $clog2(Rows) : 1;
  localparam int LaneW    = $clog2(MemLanes);   // lane bits within a row

  logic                    busy_q;
  logic                    fin_q;
  logic [5:0]              fn_q;
  logic [3:0]              count_q;     // values queued (the same in every chunk)
  logic [1:0]              inflight_q;
  logic [2:0]              pops_q;      // pairs combined in this group
  logic [2:0]              arrivals_q;  // results come back in this group
  logic [GroupW-1:0]       group_q;     // the group in the combiners
  logic [63:0]             fin_b_q;     // lanes 8 and 24 of B (redfin's second operands)
  logic [C*Results*32-1:0] res_q;       // chunk c's result j at [(c*Results + j)*32 +: 32]

  logic [C-1:0]            lane_valid;
  logic [C*32-1:0]         lane_result;
  logic [C*32-1:0]         opnd_a, opnd_b;

  wire issue  = busy_q && count_q >= 4'd2;
  wire arrive = lane_valid[0];          // the combiners run in lockstep
  wire unused_lane_valid = ^lane_valid;
  // the arriving value is the group's last one: nothing queued, nothing else in flight
  wire group_done = busy_q && arrive && count_q == 4'd0 && inflight_q == 2'd1;
  // ... and the instruction's (redfin: chunk 0 only)
  wire finish     = group_done && (fin_q || group_q == GroupW'(Groups - 1));

  assign ready_o = !busy_q;

  // The windows of B (window w in part w % Split of row w / Split), and
  // redfin's lanes 8 and 24.
  wire [31:0]      row_num;   // the row read now
  wire [RowW-1:0]  row_addr = Rows > 1 ? row_num[RowW-1:0] : '0;
  wire [31:0]      win_num  = 32'(win_i);
  wire [RowW-1:0]  win_row  = Rows > 1 ? RowW'(win_num / Split) : '0;
  logic [MemLanes*32-1:0] row;
  for (genvar s = 0; s < Split; s++) begin : g_part
    logic [InW-1:0] b_mem [Rows];
    always_ff @(posedge clk_i)
      if (load_i && ready_o && win_num % Split == s) b_mem[win_row] <= b_i;
    assign row[s*InW +: InW] = b_mem[row_addr];
  end
  always_ff @(posedge clk_i)
    if (load_i && ready_o) begin
      if (32'(win_i) == 8 / InLanes)  fin_b_q[31:0]  <= b_i[(8 % InLanes)*32 +: 32];
      if (32'(win_i) == 24 / InLanes) fin_b_q[63:32] <= b_i[(24 % InLanes)*32 +: 32];
    end

  // The pair combined now: pops_q < 4 (redfin: < 2) are B's, the later ones results.
  wire       from_b   = fin_q ? pops_q < 3'd2 : pops_q < 3'd4;
  wire [1:0] res_pair = pops_q[1:0] - (fin_q ? 2'd2 : 2'd0);   // results 2m and 2m+1 (red8: pops 4..6)
  wire       fin_pair = fin_q && from_b;   // combiner 0 of redfin: lane 16n and lane 16n+8
  // The first lane of combiner c's pair of B (the second is the next lane); all
  // of a group's pairs are in one window (InLanes >= 8 x C), read from b_mem.
  function automatic logic [4:0] first_lane(input int c);
    if (fin_pair && c == 0) first_lane = {pops_q[0], 4'd0};
    else                    first_lane = 5'((32'(group_q) * C + c) * 8) + {2'd0, pops_q[1:0], 1'b0};
  endfunction
  wire [4:0]     lane0   = first_lane(0);
  assign row_num = 32'(lane0) >> LaneW;
  wire           unused_row_num = ^row_num;   // (its high bits are 0)
  // (AND-OR at constant places: a variable part-select became a shifter)
  function automatic logic [31:0] pick(input logic sel, input logic [31:0] x);
    pick = {32{sel}} & x;
  endfunction
  logic [C*5-1:0] firsts;   // combiner c's first lane at [c*5 +: 5]; its place in the row: the low LaneW bits
  always_comb
    for (int c = 0; c < C; c++) firsts[c*5 +: 5] = first_lane(c);
  wire unused_firsts = ^firsts;   // (the row's number is lane0's high bits)
  always_comb begin
    opnd_a = '0;
    opnd_b = '0;
    if (busy_q) begin   // (only then: cheaper to simulate)
      for (int c = 0; c < C; c++) begin
        for (int k = 0; k < MemLanes / 2; k++) begin
          opnd_a[c*32 +: 32] = opnd_a[c*32 +: 32] | pick(from_b && 32'(firsts[c*5 +: LaneW]) == 2*k, row[(2*k)*32 +: 32]);
          opnd_b[c*32 +: 32] = opnd_b[c*32 +: 32] |
                               pick(from_b && !(fin_q && c == 0) && 32'(firsts[c*5 +: LaneW]) == 2*k, row[(2*k + 1)*32 +: 32]);
        end
        for (int m = 0; m < Results / 2; m++) begin
          opnd_a[c*32 +: 32] = opnd_a[c*32 +: 32] | pick(!from_b && res_pair == m[1:0], res_q[(c*Results + 2*m)*32 +: 32]);
          opnd_b[c*32 +: 32] = opnd_b[c*32 +: 32] | pick(!from_b && res_pair == m[1:0], res_q[(c*Results + 2*m + 1)*32 +: 32]);
        end
      end
      opnd_b[31:0] = opnd_b[31:0] | pick(fin_pair, pops_q[0] ? fin_b_q[63:32] : fin_b_q[31:0]);
    end
  end

  for (genvar c = 0; c < C; c++) begin : g_chunk
    gpu_reduce_lane u_lane (
      .clk_i    (clk_i),
      .rst_i    (rst_i),
      .valid_i  (issue),
      .fn_i     (fn_q),
      .a_i      (opnd_a[c*32 +: 32]),
      .b_i      (opnd_b[c*32 +: 32]),
      .valid_o  (lane_valid[c]),
      .result_o (lane_result[c*32 +: 32])
    );
  end

  always_ff @(posedge clk_i) begin
    if (start_i && ready_o) begin
      fin_q    <= fin_i;
      fn_q     <= fn_i;
      count_q  <= fin_i ? 4'd4 : 4'd8;
      pops_q   <= '0;
      arrivals_q <= '0;
      group_q  <= '0;
      result_o <= '0;
    end else if (group_done && !finish) begin
      // the next group's chunks: 8 values of B each
      count_q  <= 4'd8;
      pops_q   <= '0;
      arrivals_q <= '0;
      group_q  <= group_q + GroupW'(1);
    end else if (busy_q) begin
      count_q  <= count_q - (issue ? 4'd2 : 4'd0) + (arrive ? 4'd1 : 4'd0);
      if (issue)  pops_q     <= pops_q + 3'd1;
      if (arrive) arrivals_q <= arrivals_q + 3'd1;
    end
    if (busy_q && arrive)
      for (int c = 0; c < C; c++)
        for (int j = 0; j < Results; j++)
          if (arrivals_q == j[2:0]) res_q[(c*Results + j)*32 +: 32] <= lane_result[c*32 +: 32];
    if (group_done)
      for (int g = 0; g < Groups; g++)   // (constant places: a variable one became a shifter)
        for (int c = 0; c < C; c++)
          if (group_q == GroupW'(g) && (g*C + c == 0 || !fin_q))
            result_o[(g*C + c)*8*32 +: 32] <= lane_result[c*32 +: 32];
    if (finish) lane_we_o <= fin_q ? 32'h0000_0001 : 32'h0101_0101;
  end

  always_ff @(posedge clk_i) begin
    if (start_i && ready_o) busy_q <= 1'b1;
    if (finish) busy_q <= 1'b0;
    inflight_q <= inflight_q + {1'b0, issue} - {1'b0, arrive};
    done_o     <= finish;
    if (rst_i) begin
      busy_q     <= 1'b0;
      inflight_q <= 2'd0;
      done_o     <= 1'b0;
    end
  end

endmodule

`default_nettype wire
