// gpu_coalescer_data: the store-data crossbar of gpu_coalescer: for each
// word of the line, the data of the highest served lane whose address falls
// on that word (docs/isa.md 4.7: the highest lane's value wins), 0 where no
// served lane writes.
//
// Lanes = 32: combinational, ready_o always high. Lanes < 32 (a small
// build): the lanes are gathered in Passes = 32 / Lanes windows of Lanes
// lanes, one window per cycle in ascending order (a later window overwrites
// an earlier one's word, so the highest lane still wins), into a line
// register; ready_o rises once the last window is in and holds while en_i
// stays high and restart_i low. restart_i (the request changed) starts over
// with the inputs of this cycle. The inputs must hold while a gather runs.
`default_nettype none
// (not traced: its ports repeat the coalescer's buses)
/*verilator tracing_off*/

module gpu_coalescer_data #(
  parameter int Lanes = 32          // lanes gathered per cycle: 32, 16, 8 or 4
) (
  input  wire           clk_i,      // (Lanes < 32)
  input  wire           rst_i,      // (Lanes < 32)
  input  wire           en_i,       // a store or atomic request waits (else wdata_o is 0)
  input  wire           restart_i,  // it is another request than last cycle's (Lanes < 32)
  input  wire  [31:0]   lanes_i,    // the lanes the request serves
  input  wire  [1023:0] addr_i,     // byte address of lane l at [l*32 +: 32]
  input  wire  [1023:0] data_i,     // store data of lane l at [l*32 +: 32]
  output logic          ready_o,    // wdata_o is the request's
  output logic [511:0]  wdata_o     // word w at [w*32 +: 32]
);

  if (Lanes == 32) begin : g_parallel
    // Per word: the served lanes on it, the highest of them, and its data.
    for (genvar w = 0; w < 16; w++) begin : g_word
      logic [31:0] on_word;
      logic [4:0]  hi;
      always_comb begin
        on_word = '0;
        hi      = '0;
        if (en_i) begin   // (only then: an idle unit costs the simulator nothing)
          for (int l = 0; l < 32; l++)
            on_word[l] = lanes_i[l] && addr_i[l*32 + 2 +: 4] == w[3:0];
          for (int l = 0; l < 32; l++)
            if (on_word[l]) hi = l[4:0];
        end
      end
      assign wdata_o[w*32 +: 32] = on_word != '0 ? data_i[hi*32 +: 32] : 32'd0;
    end
    assign ready_o = 1'b1;
    wire unused_serial = clk_i ^ rst_i ^ restart_i;
  end else begin : g_serial
    localparam int Passes = 32 / Lanes;
    localparam int PassW  = $clog2(Passes);

    logic [PassW-1:0] pass_q;   // the next window
    logic             done_q;   // every window is in line_q
    logic [511:0]     line_q;

    // The window of this cycle: the first one after a restart.
    wire  [PassW-1:0]  pass = restart_i ? '0 : pass_q;
    // Its lanes, their words and data (slices at constant places, by AND-OR:
    // a variable part-select becomes a barrel shifter in synthesis).
    logic [Lanes-1:0]    win_lanes;
    logic [Lanes*4-1:0]  win_word;
    logic [Lanes*32-1:0] win_data;
    always_comb begin
      win_lanes = '0;
      win_word  = '0;
      win_data  = '0;
      if (en_i)   // (only then: an idle unit costs the simulator nothing)
        for (int k = 0; k < Passes; k++)
          if (pass == PassW'(k)) begin
            win_lanes = lanes_i[k*Lanes +: Lanes];
            for (int l = 0; l < Lanes; l++) win_word[l*4 +: 4] = addr_i[(k*Lanes + l)*32 + 2 +: 4];
            win_data  = data_i[k*Lanes*32 +: Lanes*32];
          end
    end

    // Per word: the window's highest lane on it, as a one-hot mask, and its data.
    logic [15:0]  hit;
    logic [511:0] pick;
    for (genvar w = 0; w < 16; w++) begin : g_word
      logic [Lanes-1:0] on_word, above;
      always_comb begin
        on_word = '0;
        above   = '0;
        pick[w*32 +: 32] = '0;
        for (int l = 0; l < Lanes; l++)
          on_word[l] = win_lanes[l] && win_word[l*4 +: 4] == w[3:0];
        for (int l = Lanes - 2; l >= 0; l--)
          above[l] = above[l + 1] | on_word[l + 1];
        for (int l = 0; l < Lanes; l++)
          pick[w*32 +: 32] = pick[w*32 +: 32] | (win_data[l*32 +: 32] & {32{on_word[l] && !above[l]}});
      end
      assign hit[w] = on_word != '0;
    end

    always_ff @(posedge clk_i) begin
      if (!en_i) begin
        pass_q <= '0;
        done_q <= 1'b0;
      end else if (restart_i || !done_q) begin
        for (int w = 0; w < 16; w++)
          if (hit[w]) line_q[w*32 +: 32] <= pick[w*32 +: 32];
          else if (pass == '0) line_q[w*32 +: 32] <= 32'd0;
        pass_q <= pass + 1'b1;
        done_q <= pass == PassW'(Passes - 1);
      end
      if (rst_i) begin
        pass_q <= '0;
        done_q <= 1'b0;
      end
    end

    assign ready_o = done_q && !restart_i;
    assign wdata_o = en_i ? line_q : '0;
  end

endmodule

`default_nettype wire
