// gpu_coalescer: the next 64-byte line request of one wave's global access
// (docs/isa.md 4.7, csrc/coalesce.c). Combinational: from the lanes still to
// send, it picks the line of the lowest such lane and serves every pending
// lane in that line (loads, stores) or only that lane (atomics). Sending one
// request per cycle and clearing lanes_o from the pending mask yields exactly
// one request per distinct line. In store data, a word written by several
// served lanes takes the highest lane's value. With Lanes < 32 the store
// data is gathered over 32 / Lanes cycles first (gpu_coalescer_data), and
// a store or atomic request is valid only once it is.
`default_nettype none

module gpu_coalescer #(
  parameter int Lanes = 32           // store-data lanes gathered per cycle: 32, 16, 8 or 4
) (
  input  wire           clk_i,       // (Lanes < 32)
  input  wire           rst_i,       // (Lanes < 32)
  input  wire           restart_i,   // another request than last cycle's: gather its data afresh (Lanes < 32)
  input  wire  [31:0]   pending_i,   // lanes not yet sent
  input  wire           atomic_i,    // one lane per request
  input  wire           with_data_i, // a store or atomic: wdata_o is wanted (else it is 0)
  input  wire  [1023:0] addr_i,      // byte address of lane l at [l*32 +: 32]
  input  wire  [1023:0] data_i,      // store data of lane l at [l*32 +: 32]
  output logic          valid_o,     // pending_i != 0 (and the store data gathered)
  output logic [25:0]   line_o,      // byte address >> 6
  output logic [4:0]    lead_o,      // lowest pending lane: its line is served
  output logic [31:0]   lanes_o,     // lanes served by this request
  output logic [15:0]   words_o,     // words of the line accessed
  output logic [511:0]  wdata_o      // store data of word w at [w*32 +: 32] (0 where none, and for loads)
);

  // The served lanes and words; the store data is gpu_coalescer_data's.
  logic any, data_ready;
  wire [31:0] lead_hot = pending_i & ~(pending_i - 32'd1);   // the lowest pending lane
  always_comb begin
    any     = pending_i != 32'd0;
    line_o  = '0;
    lead_o  = '0;
    lanes_o = '0;
    words_o = '0;
    // (all skipped when nothing is pending: it keeps an idle unit cheap to simulate)
    if (any) begin
      for (int l = 31; l >= 0; l--)
        if (pending_i[l]) lead_o = l[4:0];
      // (the lead's line by AND-OR with the lowest pending lane one-hot: a
      // variable part-select became a barrel shifter in synthesis)
      for (int l = 0; l < 32; l++)
        if (lead_hot[l]) line_o = line_o | addr_i[l*32 + 6 +: 26];
      for (int l = 0; l < 32; l++) begin
        lanes_o[l] = pending_i[l] && addr_i[l*32 + 6 +: 26] == line_o && (!atomic_i || lead_hot[l]);
        words_o = words_o | ({16{lanes_o[l]}} & (16'd1 << addr_i[l*32 + 2 +: 4]));
      end
    end
  end

  assign valid_o = any && (data_ready || !with_data_i);

  gpu_coalescer_data #(
    .Lanes (Lanes)
  ) u_data (
    .clk_i     (clk_i),
    .rst_i     (rst_i),
    .restart_i (restart_i),
    .ready_o   (data_ready),
    .en_i    (any && with_data_i),
    .lanes_i (lanes_o),
    .addr_i  (addr_i),
    .data_i  (data_i),
    .wdata_o (wdata_o)
  );

endmodule

`default_nettype wire
