// SPDX-License-Identifier: Apache-2.0
// formal_count: "one step per key" (docs/formal.md, "The counts"), the
// count behind two of the blocks' rules, proved for any key X:
//   the coalescer (gpu_coalescer): an access's requests, X a line; a load's
//     or store's request serves the pending lanes in the line of the lowest
//     pending lane (group: every lane);
//   the LDS (gpu_lds): a load's or store's rounds, X a word; in X's bank a
//     round serves the pending lanes on the word of the bank's lowest
//     pending lane (group: the lanes whose words are in X's bank).
// The model (k-induction, task count): an access selects lanes (mask_i);
// on_x_i are the lanes on X, group_i the lanes competing with X's (on_x_i
// within group_i), both fixed for the access. A step may come whenever a
// lane is pending; it is "on X" iff the lowest pending lane of the group
// is on X, and then serves every pending lane on X, else none of them
// (what formal_coalescer_count's and formal_lds_count's facts prove of
// the rules, which formal_coalescer and formal_lds prove of the RTL).
// Proved: a step on X comes at most once an access, and, once nothing is
// pending, it has come iff a selected lane is on X. Summed over every X:
// an access takes one request per distinct line of its selected lanes;
// an LDS instruction takes, in each bank, one round per distinct word,
// all its lanes in that round.
`default_nettype none

module formal_count (
  input wire          clk_i,
  input wire          rst_i,
  input wire          new_i,      // an access starts
  input wire [31:0]   mask_i,     // ... its selected lanes
  input wire [31:0]   on_x_i,     // ... its lanes on X
  input wire [31:0]   group_i,    // ... and those competing with them
  input wire          step_i,     // a step (request, round) comes, if a lane is pending
  input wire [31:0]   lanes_i     // the lanes it serves
);

  `include "formal_coalescer_rule.svh"   // (rule_lead_hot: the lowest lane)

  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (rst_i);

  logic [31:0] m_q, p_q, on_x_q, group_q;
  logic        x_done_q;   // the step on X has come in this access
  wire  [31:0] cur_m     = new_i ? mask_i : m_q;
  wire  [31:0] cur_pend  = new_i ? mask_i : p_q;
  wire  [31:0] cur_on_x  = new_i ? on_x_i : on_x_q;
  wire  [31:0] cur_group = new_i ? group_i : group_q;
  wire         x_done    = new_i ? 1'b0 : x_done_q;
  wire  [31:0] hot       = rule_lead_hot(cur_pend & cur_group);
  wire         step      = step_i && cur_pend != 32'd0 && !rst_i;
  wire         step_x    = step && (hot & cur_on_x) != 32'd0;   // the step is on X
  always @* begin
    if (f_past_valid && !rst_i) begin
      as_group: assume ((cur_on_x & ~cur_group) == 32'd0);
      if (step)
        as_step: assume ((lanes_i & cur_pend & cur_on_x) == (step_x ? cur_pend & cur_on_x : 32'd0));
    end
  end
  always @(posedge clk_i) begin
    m_q      <= cur_m;
    p_q      <= cur_pend & ~(step ? lanes_i : 32'd0);
    on_x_q   <= cur_on_x;
    group_q  <= cur_group;
    x_done_q <= x_done || step_x;
    if (rst_i) begin
      m_q      <= '0;
      p_q      <= '0;
      x_done_q <= 1'b0;
    end
  end
  always @* begin
    if (f_past_valid && !rst_i) begin
      a_x_once:  assert (!(step_x && x_done));
      if (cur_pend == 32'd0)
        a_x_count: assert (x_done == ((cur_m & cur_on_x) != 32'd0));
`ifndef FORMAL_NO_INV
      // the invariant: before X's step every selected lane on X is
      // pending; after it some selected lane is on X and none is pending;
      // only selected lanes are pending
      a_inv_x:   assert ((cur_pend & ~cur_m) == 32'd0 &&
                         (x_done ? (cur_m & cur_on_x) != 32'd0 && (cur_pend & cur_on_x) == 32'd0
                                 : (cur_m & cur_on_x) == (cur_pend & cur_on_x)));
`endif
    end
  end

endmodule

`default_nettype wire
