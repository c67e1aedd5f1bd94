// SPDX-License-Identifier: Apache-2.0
// gpu_fp_divsqrt: div_f32 (a / b) and sqrt_f32 (sqrt(b)) on the 32 lanes of
// a wave, with Lanes physical lanes (gpu_fp_divsqrt_lane): restoring digit
// recurrence, gpu_fp_pkg::FP_DS_BITS bits a cycle, correctly rounded. The
// operands come a window of InLanes lanes at a time (the CU's EX windows):
// load_i with window win_i, start_i with the last one. The lanes take
// Passes = 32 / Lanes passes, pass k on lanes [k*Lanes, (k+1)*Lanes); with
// more than one pass the windows wait in a small RAM (LUT RAM: no
// multiplexer of 32 lanes), from which each pass loads, and the results of
// the passes but the last wait in small RAMs too (the last pass's stay in
// the lanes). One operation at a time: start_i && ready_o accepts it; load_i
// is taken only while ready_o; done_o pulses exactly Passes *
// gpu_fp_pkg::FP_DIVSQRT_CYCLES (16) cycles later; from then until the next
// operation starts, result_o is the window rwin_i of the results (InLanes
// lanes), and tag_o holds.
// docs/fpu.md.
`default_nettype none

module gpu_fp_divsqrt #(
  parameter int Lanes   = 32,           // physical lanes: 32, 16, 8, 4, 2 or 1
  parameter int InLanes = 32            // lanes of an operand window: 32, 16, 8, 4, 2 or 1, at least Lanes
) (
  input  wire           clk_i,
  input  wire           rst_i,
  input  wire           load_i,     // a window of operands
  input  wire  [4:0]    win_i,      // ... its number: lanes [win_i*InLanes, (win_i+1)*InLanes)
  input  wire  [InLanes*32-1:0] a_i, // window lane l is [l*32 +: 32]
  input  wire  [InLanes*32-1:0] b_i,
  input  wire           start_i,    // with the last window's load_i
  input  wire           is_sqrt_i,  // 0: a / b, 1: sqrt(b)
  input  wire  [7:0]    tag_i,
  output logic          ready_o,
  output logic          done_o,
  input  wire  [(InLanes < 32 ? $clog2(32 / InLanes) : 1)-1:0] rwin_i,   // the window of results wanted
  output logic [InLanes*32-1:0] result_o,
  output logic [7:0]    tag_o
);

  localparam int Iters    = gpu_fp_pkg::FP_DS_ITERS;
  localparam int CountW   = $clog2(Iters + 1);
  localparam int LastIter = Iters - 1;
  localparam int Passes   = 32 / Lanes;
  localparam int PassW    = Passes > 1 ? $clog2(Passes) : 1;
  localparam int W        = Lanes * 32;   // bits of one pass
  localparam int InPassW  = InLanes < 32 ? $clog2(32 / InLanes) : 1;

  typedef enum logic [1:0] {
    StIdle,
    StIterate,
    StFinish,
    StLoad          // the next pass loads from the copy (Passes > 1)
  } state_e;

  state_e            state_q, state_d;
  logic [CountW-1:0] count_q, count_d;
  logic [PassW-1:0]  pass_q;        // the pass in the lanes
  logic              sqrt_q;
  logic [7:0]        tag_q;
  logic              load;
  logic [W-1:0]      load_a, load_b, lane_result;

  wire accept    = start_i && (state_q == StIdle);
  wire last_pass = pass_q == PassW'(Passes - 1);

  assign ready_o = state_q == StIdle;

  always_comb begin
    state_d = state_q;
    count_d = count_q;
    case (state_q)
      // Idle: wait for start_i; the lanes load pass 0.
      StIdle: begin
        if (start_i) begin
          state_d = StIterate;
          count_d = '0;
        end
      end
      // Iterate: FP_DS_BITS quotient / root bits per cycle.
      StIterate: begin
        count_d = count_q + 1'b1;
        if (count_q == LastIter[CountW-1:0]) state_d = StFinish;
      end
      // Finish: round into the lanes' results; the next pass, or done_o.
      StFinish: begin
        if (last_pass) state_d = StIdle;
        else           state_d = StLoad;
      end
      // Load: keep the finished pass, load the next one.
      StLoad: begin
        state_d = StIterate;
        count_d = '0;
      end
      default: state_d = StIdle;
    endcase
  end

  if (Passes == 1) begin : g_one
    // (InLanes is 32 too: one window, with start_i)
    wire unused_win = ^{load_i, win_i, rwin_i};
    assign load     = accept;
    assign load_a   = a_i[W-1:0];
    assign load_b   = b_i[W-1:0];
    assign result_o = lane_result;
  end else begin : g_passes
    localparam int InPasses = 32 / InLanes;
    localparam int InW      = InLanes * 32;
    localparam int Ratio    = InLanes / Lanes;   // passes per window
    logic [InW-1:0]  a_mem [InPasses];          // the operand windows (LUT RAM)
    logic [InW-1:0]  b_mem [InPasses];
    always_ff @(posedge clk_i)
      if (load_i && ready_o) begin
        a_mem[InPasses > 1 ? win_i[InPassW-1:0] : '0] <= a_i;
        b_mem[InPasses > 1 ? win_i[InPassW-1:0] : '0] <= b_i;
      end
    // The pass loading: 0 with start_i (its window may be the one arriving
    // then), the next one in StLoad; the part of its window it takes.
    wire [PassW-1:0] load_pass  = accept ? '0 : pass_q + PassW'(1);
    wire [31:0]      load_entry = 32'(load_pass) / Ratio;   // (32 bits: Ratio may be Passes)
    wire [InPassW-1:0] entry    = InPasses > 1 ? load_entry[InPassW-1:0] : '0;
    wire             unused_entry = ^load_entry;   // (its high bits are 0)
    wire             arriving   = accept && (InPasses == 1 || win_i == 5'd0);
    wire [InW-1:0]   entry_a    = arriving ? a_i : a_mem[entry];
    wire [InW-1:0]   entry_b    = arriving ? b_i : b_mem[entry];
    always_comb begin
      load_a = '0;
      load_b = '0;
      for (int k = 0; k < Ratio; k++)   // (constant places)
        if (32'(load_pass) % Ratio == k) begin
          load_a = entry_a[k*W +: W];
          load_b = entry_b[k*W +: W];
        end
    end
    assign load     = accept || state_q == StLoad;
    // The results: pass k's are lanes [k*Lanes, (k+1)*Lanes), part k % Ratio
    // of window k / Ratio; part r of every window is RAM r's (the last pass's
    // are read from the lanes, where they stay).
    wire [InPassW-1:0] rwin       = InPasses > 1 ? rwin_i : '0;
    wire [31:0]        done_entry = 32'(pass_q) / Ratio;
    wire               unused_done_entry = ^done_entry;   // (its high bits are 0)
    for (genvar r = 0; r < Ratio; r++) begin : g_result
      logic [W-1:0] done_mem [InPasses];
      always_ff @(posedge clk_i)
        if (state_q == StLoad && 32'(pass_q) % Ratio == r)
          done_mem[InPasses > 1 ? done_entry[InPassW-1:0] : '0] <= lane_result;
      wire from_lanes = r == Ratio - 1 && (InPasses == 1 || rwin == InPassW'(InPasses - 1));
      assign result_o[r*W +: W] = from_lanes ? lane_result : done_mem[rwin];
    end
  end

  for (genvar l = 0; l < Lanes; l++) begin : g_lane
    gpu_fp_divsqrt_lane u_lane (
      .clk_i     (clk_i),
      .load_i    (load),
      .step_i    (state_q == StIterate),
      .finish_i  (state_q == StFinish),
      .is_sqrt_i (accept ? is_sqrt_i : sqrt_q),
      .sqrt_q_i  (sqrt_q),
      .a_i       (load_a[l*32 +: 32]),
      .b_i       (load_b[l*32 +: 32]),
      .result_o  (lane_result[l*32 +: 32])
    );
  end

  always_ff @(posedge clk_i) begin
    if (accept) begin
      sqrt_q <= is_sqrt_i;
      tag_q  <= tag_i;
      pass_q <= '0;
    end
    if (state_q == StLoad) pass_q <= pass_q + PassW'(1);
    if (state_q == StFinish && last_pass) tag_o <= tag_q;
    done_o  <= state_q == StFinish && last_pass;
    state_q <= state_d;
    count_q <= count_d;
    if (rst_i) begin
      state_q <= StIdle;
      count_q <= '0;
      done_o  <= 1'b0;
    end
  end

endmodule

`default_nettype wire
