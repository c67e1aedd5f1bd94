// SPDX-License-Identifier: Apache-2.0
// formal_coalescer_count: the coalescer's rule seen from a line X, the
// facts that make its requests an instance of formal_count (one request
// per distinct line; docs/formal.md, "The counts"). formal_coalescer
// proves of gpu_coalescer that a load's or store's request is the rule's:
// its lead the lowest pending lane (rule_lead_hot), its line the lead's
// (rule_line_of), its lanes the pending lanes in that line
// (rule_lanes_on). Proved here for every value of every input (a check of
// one cycle, no state; tasks of tb/formal/formal_coalescer_count.sby, z3),
// on_x being the pending lanes on X:
//   fact_hot: the rule's lead is one pending lane k (1 << k);
//   fact_on_x: for any pending lane k, k's line is X iff k is on X (so
//     the request is on X iff its lead is: formal_count's step on X);
//   fact_lanes: for any line, the rule's lanes on that line include every
//     pending lane on X if the line is X, and none of them if not
//     (formal_count's as_step).
`default_nettype none

module formal_coalescer_count (
  input wire [31:0]   pend_i,     // the pending lanes
  input wire [1023:0] addr_i,     // their addresses
  input wire [25:0]   x_i,        // the line X
  input wire [4:0]    k_i,        // a lane
  input wire [25:0]   line_i      // a line
);

  `include "formal_coalescer_rule.svh"

  // (Kept in small steps, each for any value of the others: the lead as
  // any pending lane k, one-hot; the line as any line. The rule's lead is
  // such a lane: fact_hot.)
  wire [31:0] rule_hot  = rule_lead_hot(pend_i);
  wire [4:0]  rule_k    = rule_lane_num(rule_hot);
  wire [31:0] hot       = 32'd1 << k_i;
  wire        hot_ok    = pend_i[k_i];
  wire [25:0] lead_line = rule_line_of(hot, addr_i);
  logic [31:0] on_x;
  always_comb
    for (int l = 0; l < 32; l++) on_x[l] = pend_i[l] && addr_i[l*32 + 6 +: 26] == x_i;
  always @* begin
`ifdef FORMAL_FACT_HOT
    if (pend_i != 32'd0)
      a_fact_hot:   assert (rule_hot == 32'd1 << rule_k && pend_i[rule_k]);
`elsif FORMAL_FACT_LANES
    a_fact_lanes:   assert ((rule_lanes_on(pend_i, addr_i, line_i) & on_x) == (line_i == x_i ? on_x : 32'd0));
`else
    if (hot_ok)
      a_fact_on_x:  assert ((lead_line == x_i) == ((hot & on_x) != 32'd0));
`endif
  end

endmodule

`default_nettype wire
