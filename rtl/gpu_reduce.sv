// gpu_reduce: the reductions of a CU (docs/isa.md 4.4): red8_<f> reduces each
// 8-lane chunk of B into the chunk's first lane, redfin_<f> lanes 0, 8, 16 and
// 24 into lane 0. One combiner (gpu_reduce_lane, 3 cycles) per chunk; each
// chunk's values wait in a queue, the two oldest are combined each cycle and
// the result joins the back: for 8 or 4 values that is exactly the ISA's
// balanced tree, with one f32 operation per pipelined combiner pass.
// With Combiners < 4 (fewer physical lanes), the chunks take turns: groups
// of Combiners chunks, one after the other. The queues hold the group in the
// combiners; the later groups' lanes wait in a copy of B taken at the start,
// from which the queues load when a group is done (so the queues are only as
// wide as the combiners: the copy is loaded once, at constant places).
// One instruction at a time: start_i && ready_o accepts it at edge t; done_o
// is high after edge t+15 (red8) or t+9 (redfin) with 4 combiners, and
// result_o / lane_we_o hold until the next instruction starts.
`default_nettype none

module gpu_reduce #(
  parameter int Combiners = 4         // 4, 2 or 1: chunks reduced at once
) (
  input  wire           clk_i,
  input  wire           rst_i,
  input  wire           start_i,
  input  wire           fin_i,        // redfin (else red8)
  input  wire  [5:0]    fn_i,         // gpu_isa_pkg::FN_* of the reduction
  input  wire  [1023:0] b_i,          // lane L at [L*32 +: 32]
  output logic          ready_o,
  output logic          done_o,
  output logic [1023:0] result_o,     // lanes outside lane_we_o are 0
  output logic [31:0]   lane_we_o     // 0x01010101 (red8) or 0x00000001 (redfin)
);

  localparam int Chunks = 4;
  localparam int Depth  = 8;          // queue entries per chunk
  localparam int C      = Combiners;
  localparam int Groups = Chunks / C;
  localparam int GroupW = Groups > 1 ? $clog2(Groups) : 1;

  localparam int QueueW = C*Depth*32;

  logic                    busy_q;
  logic                    fin_q;
  logic [5:0]              fn_q;
  logic [3:0]              count_q;   // values queued (the same in every chunk)
  logic [1:0]              inflight_q;
  logic [QueueW-1:0]       queue_q;   // the group's chunk c, entry i at [(c*Depth + i)*32 +: 32]; entry 0 is the oldest

  logic [GroupW-1:0]       group_q;   // the group in the combiners
  logic [QueueW-1:0]       group_load;   // the queues of the group after group_q
  if (Groups > 1) begin : g_groups
    // chunks C..3 of B (lanes C*8..31), kept from the start: group g's at [(g-1)*QueueW +: QueueW]
    logic [1023-QueueW:0] later_q;
    always_ff @(posedge clk_i)
      if (start_i && ready_o) later_q <= b_i[1023:QueueW];
    always_comb begin
      group_load = '0;
      for (int g = 1; g < Groups; g++)   // (constant places: a variable one became a shifter)
        if (group_q == GroupW'(g - 1)) group_load = later_q[(g-1)*QueueW +: QueueW];
    end
  end else begin : g_one_group
    assign group_load = queue_q;   // (never used: one group)
  end

  logic [C-1:0]            lane_valid;
  logic [C*32-1:0]         lane_result;

  wire issue  = busy_q && count_q >= 4'd2;
  wire arrive = lane_valid[0];          // the combiners run in lockstep
  wire unused_lane_valid = ^lane_valid;
  // the arriving value is the group's last one: nothing queued, nothing else in flight
  wire group_done = busy_q && arrive && count_q == 4'd0 && inflight_q == 2'd1;
  // ... and the instruction's (redfin: chunk 0 only)
  wire finish     = group_done && (fin_q || group_q == GroupW'(Groups - 1));

  assign ready_o = !busy_q;

  for (genvar c = 0; c < C; c++) begin : g_chunk
    gpu_reduce_lane u_lane (
      .clk_i    (clk_i),
      .rst_i    (rst_i),
      .valid_i  (issue),
      .fn_i     (fn_q),
      .a_i      (queue_q[(c*Depth + 0)*32 +: 32]),
      .b_i      (queue_q[(c*Depth + 1)*32 +: 32]),
      .valid_o  (lane_valid[c]),
      .result_o (lane_result[c*32 +: 32])
    );
  end

  // The queues after this cycle: the issued pair leaves the front, an arriving result joins the back.
  logic [QueueW-1:0]          queue_d;
  logic [3:0]                 count_d;
  always_comb begin
    queue_d = queue_q;
    count_d = count_q;
    if (issue) begin
      for (int c = 0; c < C; c++)
        queue_d[c*Depth*32 +: Depth*32] = {64'd0, queue_q[c*Depth*32 + 64 +: (Depth-2)*32]};
      count_d = count_q - 4'd2;
    end
    if (arrive) begin
      for (int c = 0; c < C; c++)   // (constant places: a variable one became a shifter)
        for (int i = 0; i < Depth; i++)
          if (count_d[2:0] == i[2:0]) queue_d[(c*Depth + i)*32 +: 32] = lane_result[c*32 +: 32];
      count_d = count_d + 4'd1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (start_i && ready_o) begin
      fin_q   <= fin_i;
      fn_q    <= fn_i;
      count_q <= fin_i ? 4'd4 : 4'd8;
      group_q <= '0;
      result_o <= '0;
      for (int c = 0; c < C; c++)
        for (int i = 0; i < Depth; i++)
          // red8: chunk c holds lanes 8c..8c+7; redfin: lanes 0, 8, 16, 24 (only chunk 0's result is used)
          queue_q[(c*Depth + i)*32 +: 32] <= fin_i ? b_i[((i % 4)*8)*32 +: 32] : b_i[(c*8 + i)*32 +: 32];
    end else if (group_done && !finish) begin
      // the next group's chunks load the queues
      queue_q <= group_load;
      count_q <= 4'd8;
      group_q <= group_q + GroupW'(1);
    end else if (busy_q) begin
      queue_q <= queue_d;
      count_q <= count_d;
    end
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
