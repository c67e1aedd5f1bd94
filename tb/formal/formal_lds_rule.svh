// SPDX-License-Identifier: Apache-2.0
// formal_lds_rule.svh: the LDS's round rule (docs/lds.md) for loads and
// stores, as functions shared by its harnesses (formal_lds.sv,
// formal_lds_count.sv). Included inside a module that defines Banks,
// BankW ($clog2(Banks)) and RowW (14 - BankW). Lane n's word at
// w[n*14 +: 14]: its bank the low BankW bits, its row the rest;
// rows[b*RowW +: RowW]: the row bank b reads. (The lowest pending lane of
// a bank, its lead: rule_lead_hot of formal_coalescer_rule.svh.)

// The row lane n's bank reads, at [n*RowW +: RowW].
function automatic logic [32*RowW-1:0] rule_lds_reads(input logic [447:0] w, input logic [Banks*RowW-1:0] rows);
  for (int n = 0; n < 32; n++) begin
    rule_lds_reads[n*RowW +: RowW] = '0;
    for (int b = 0; b < Banks; b++)   // (constant part-selects: a variable one multiplies)
      if (w[n*14 +: BankW] == BankW'(b)) rule_lds_reads[n*RowW +: RowW] = rows[b*RowW +: RowW];
  end
endfunction

// A round serves the pending lanes on the word their bank reads (reads:
// rule_lds_reads).
function automatic logic [31:0] rule_lds_served(input logic [31:0] pend, input logic [447:0] w,
                                                input logic [32*RowW-1:0] reads);
  for (int n = 0; n < 32; n++)
    rule_lds_served[n] = pend[n] && reads[n*RowW +: RowW] == w[n*14 + BankW +: RowW];
endfunction

// The row of the one-hot lane hot's word (an OR: no shifter): a bank
// reads its lead's.
function automatic logic [RowW-1:0] rule_lds_row_of(input logic [31:0] hot, input logic [447:0] w);
  rule_lds_row_of = '0;
  for (int n = 0; n < 32; n++)
    if (hot[n]) rule_lds_row_of = rule_lds_row_of | w[n*14 + BankW +: RowW];
endfunction
