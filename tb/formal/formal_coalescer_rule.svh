// SPDX-License-Identifier: Apache-2.0
// formal_coalescer_rule.svh: the coalescing rule (docs/isa.md 4.6), as
// functions shared by the coalescer's harnesses (formal_coalescer.sv,
// formal_coalescer_count.sv). Addresses: lane l's byte address at
// [l*32 +: 32]; its line is bits [31:6].

// The lowest pending lane (the request's lead), one-hot; 0 if none.
function automatic logic [31:0] rule_lead_hot(input logic [31:0] pend);
  for (int l = 0; l < 32; l++)
    rule_lead_hot[l] = pend[l] && (pend & ((32'd1 << l) - 32'd1)) == 32'd0;
endfunction

// The number of the one-hot lane hot (an OR).
function automatic logic [4:0] rule_lane_num(input logic [31:0] hot);
  rule_lane_num = '0;
  for (int l = 0; l < 32; l++)
    if (hot[l]) rule_lane_num = rule_lane_num | 5'(l);
endfunction

// The line of the one-hot lane hot (an OR of the one-hot lane's values:
// no shifter).
function automatic logic [25:0] rule_line_of(input logic [31:0] hot, input logic [1023:0] addr);
  rule_line_of = '0;
  for (int l = 0; l < 32; l++)
    if (hot[l]) rule_line_of = rule_line_of | addr[l*32 + 6 +: 26];
endfunction

// A load's or store's request on line: every pending lane in that line.
function automatic logic [31:0] rule_lanes_on(input logic [31:0] pend, input logic [1023:0] addr,
                                              input logic [25:0] line);
  for (int l = 0; l < 32; l++)
    rule_lanes_on[l] = pend[l] && addr[l*32 + 6 +: 26] == line;
endfunction
