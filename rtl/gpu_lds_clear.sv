// SPDX-License-Identifier: Apache-2.0
// gpu_lds_clear: after a placement with an LDS allocation, zeroes the new
// group's allocation one 32-word row per request through the LDS (go_o: a
// zeroing store of row_o's lanes mask_o now; taken when req_ready_i, never
// while a wave instruction wants the LDS), a row a cycle while the LDS takes
// them. The clearing ends (active_o, hold_o: the group's slots wait) when
// the last row's request is taken: the LDS serves instructions in order, so
// the group's first LDS instruction sees the zeros. busy_o: clearing
// requests are in the LDS, not yet answered (resp_valid_i answers them in
// order, before any later wave instruction's); at most 4 (the LDS's entries).
`default_nettype none

module gpu_lds_clear (
  input  wire          clk_i,
  input  wire          rst_i,
  // placement of a group (gpu_cu's place_* inputs)
  input  wire          place_i,
  input  wire          place_slot_i,
  input  wire          place_two_i,
  input  wire  [16:0]  lds_bytes_i,       // a group's allocation (bytes, a multiple of 4)
  // the LDS
  input  wire          wave_lds_i,        // a wave's LDS instruction is in the LDS, goes to it or is on its way
  input  wire          req_ready_i,
  input  wire          resp_valid_i,
  output logic         go_o,              // a zeroing request now: row row_o, lanes mask_o
  output logic [8:0]   row_o,
  output logic [31:0]  mask_o,
  // status
  output logic         active_o,          // an allocation is being cleared
  output logic         busy_o,            // a clearing request is in the LDS
  output logic [1:0]   hold_o             // the slots that wait for the clearing
);

  // A new group's LDS base (bytes): slot 1's 1-wave group owns the top of the LDS.
  wire [16:0] place_base = (place_slot_i && !place_two_i) ? 17'd65536 - lds_bytes_i : 17'd0;
  wire        unused_place_base = place_base[1] ^ place_base[0];

  logic        active_q, slot_q, two_q;
  logic [2:0]  out_q;           // clearing requests in the LDS, not yet answered
  logic [14:0] word_q, end_q;   // next word to clear, end word (exclusive), 0..16384

  assign go_o     = active_q && !wave_lds_i && req_ready_i;
  assign row_o    = word_q[13:5];
  assign active_o = active_q;
  assign busy_o   = out_q != 3'd0;
  assign hold_o   = active_q ? (two_q ? 2'b11 : (slot_q ? 2'b10 : 2'b01)) : 2'b00;

  // The lanes of this row (word {row, lane}) in [word_q, end_q): from
  // the start's lane on, and below the end's lane in the end's row.
  always_comb begin
    logic [31:0] below_end;
    if (word_q[14:5] < end_q[14:5])       below_end = 32'hFFFF_FFFF;
    else if (word_q[14:5] == end_q[14:5]) below_end = ~(32'hFFFF_FFFF << end_q[4:0]);
    else                                  below_end = 32'd0;
    mask_o = (32'hFFFF_FFFF << word_q[4:0]) & below_end;
  end

  // the answer to the oldest clearing request in the LDS (wave instructions
  // enter the LDS only behind the clearing's last request)
  wire        answer    = resp_valid_i && out_q != 3'd0;
  wire [14:0] next_word = {word_q[14:5] + 10'd1, 5'd0};   // the next row's first word
  always_ff @(posedge clk_i) begin
    out_q <= out_q + {2'd0, go_o} - {2'd0, answer};
    if (go_o) begin
      word_q <= next_word;
      if (next_word >= end_q) active_q <= 1'b0;   // the last row
    end
    if (place_i && lds_bytes_i != 17'd0) begin
      active_q <= 1'b1;
      slot_q   <= place_slot_i;
      two_q    <= place_two_i;
      word_q   <= place_base[16:2];
      end_q    <= place_base[16:2] + lds_bytes_i[16:2];
    end
    if (rst_i) begin
      active_q <= 1'b0;
      out_q    <= '0;
    end
  end

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (!rst_i && place_i && active_q)
      $error("gpu_lds_clear: a group placed while another one's LDS allocation is cleared");
    if (!rst_i && go_o && out_q == 3'd4)
      $error("gpu_lds_clear: a fifth clearing request in the LDS");
  end
`endif

endmodule

`default_nettype wire
