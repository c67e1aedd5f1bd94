// SPDX-License-Identifier: Apache-2.0
// formal_lds_count: the LDS's round rule for loads and stores seen from a
// word X, the facts that make the rounds an instance of formal_count (in
// each bank one round per distinct word, all its lanes in that round;
// docs/formal.md, "The counts"). formal_lds proves of gpu_lds that each
// round is the rule's: in each bank the lowest pending lane leads
// (rule_lead_hot), the bank reads the row of its lead's word
// (rule_lds_row_of), and the lanes served are the pending lanes on the
// word their bank reads (rule_lds_served of rule_lds_reads). Proved here
// for every value of every input (a check of one cycle, no state; tasks
// of tb/formal/formal_lds_count.sby), with on_x the pending lanes on X,
// group the lanes whose words are in X's bank, x_read the row X's bank
// reads:
//   fact_reads: each lane of the group reads x_read (checked for a lane k
//     the solver picks: all 32 lanes at once did not finish);
//   fact_lanes: for any rows the lanes read where the group's lanes read
//     x_read, the rule serves every pending lane on X if x_read is X's
//     row, and none of them if not (formal_count's as_step);
//   fact_on_x: for any pending lane k of the group, the row of k's word is
//     X's row iff k is on X (so the round is on X, the bank reading its
//     lead's row, iff the lead is on X: formal_count's step on X).
`default_nettype none

module formal_lds_count #(
  parameter int Banks = 32
) (
  input wire [31:0]  pend_i,   // the pending lanes
  input wire [447:0] word_i,   // their words
  input wire [Banks*(14-$clog2(Banks))-1:0] rows_i,    // the row each bank reads
  input wire [32*(14-$clog2(Banks))-1:0]    reads_i,   // a row for each lane
  input wire [13:0]  x_i,      // the word X
  input wire [4:0]   k_i       // a lane
);

  localparam int BankW = $clog2(Banks);
  localparam int RowW  = 14 - BankW;

  `include "formal_lds_rule.svh"

  wire [BankW-1:0] x_bank = x_i[BankW-1:0];
  wire [RowW-1:0]  x_row  = x_i[13:BankW];
  logic [31:0]     on_x, group;
  logic [RowW-1:0] x_read;
  logic [32*RowW-1:0] reads_g;   // any rows the lanes read, the group's x_read
  always_comb begin
    for (int n = 0; n < 32; n++) begin
      on_x[n]  = pend_i[n] && word_i[n*14 +: 14] == x_i;
      group[n] = word_i[n*14 +: BankW] == x_bank;
    end
    x_read = '0;
    for (int b = 0; b < Banks; b++)   // (constant part-selects)
      if (x_bank == BankW'(b)) x_read = rows_i[b*RowW +: RowW];
    for (int n = 0; n < 32; n++)
      reads_g[n*RowW +: RowW] = group[n] ? x_read : reads_i[n*RowW +: RowW];
  end
  wire [32*RowW-1:0] reads = rule_lds_reads(word_i, rows_i);
  wire [31:0]        hot   = 32'd1 << k_i;

  always @* begin
`ifdef FORMAL_FACT_READS
    if (group[k_i])
      a_fact_reads: assert (reads[k_i*RowW +: RowW] == x_read);
`elsif FORMAL_FACT_LANES
    a_fact_lanes:   assert ((rule_lds_served(pend_i, word_i, reads_g) & on_x) == (x_read == x_row ? on_x : 32'd0));
`else
    if (pend_i[k_i] && group[k_i])
      a_fact_on_x:  assert ((rule_lds_row_of(hot, word_i) == x_row) == ((hot & on_x) != 32'd0));
`endif
  end

endmodule

`default_nettype wire
