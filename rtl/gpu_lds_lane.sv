// SPDX-License-Identifier: Apache-2.0
// gpu_lds_lane: one lane's side of the LDS crossbar (gpu_lds): the word of
// its bank in stage 2 (old_o) and whether it equals the lane's CAS compare
// value (eq_o). With act_i low (no bank accessed), both are 0.
`default_nettype none
// (not traced: its ports repeat the LDS's buses)
/*verilator tracing_off*/

module gpu_lds_lane #(
  parameter int Banks = 32            // of the LDS: 32, 16, 8 or 4
) (
  input  wire           act_i,
  input  wire  [$clog2(Banks)-1:0] bank_i,       // the lane's bank
  input  wire  [Banks*32-1:0]      bank_old_i,   // every bank's old word (bank b at [b*32 +: 32])
  input  wire  [31:0]   cmp_i,
  output logic [31:0]   old_o,
  output logic          eq_o
);

  always_comb begin
    old_o = '0;
    eq_o  = 1'b0;
    if (act_i) begin
      old_o = bank_old_i[bank_i*32 +: 32];
      eq_o  = old_o == cmp_i;
    end
  end

endmodule

`default_nettype wire
