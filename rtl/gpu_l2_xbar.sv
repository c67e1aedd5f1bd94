// SPDX-License-Identifier: Apache-2.0
// gpu_l2_xbar: connects the CUs' line requests to the L2 slices and the
// slices' answers back. A line goes to slice (line / BlockLines) % Slices;
// each slice takes one request per cycle, round robin over the CUs asking
// for it; each CU takes one answer per cycle, round robin over the slices
// with one for it (the CU is named by the tag, gpu_mem_pkg). A request or
// answer offered and not taken is offered again (the turn passes only when
// it is taken), so each side's valid and payload hold until ready, given
// that the CUs and slices hold theirs; with one exception: a slice that
// refuses a request with sl_retry_i (its line is being fetched) passes the
// turn, and is offered the next CU's request, if any, the next cycle (the
// refused CU's request waits for its next turn, still valid). Combinational
// but for the turns. A request's or answer's payload is valid only with its
// valid bit.
`default_nettype none

module gpu_l2_xbar #(
  parameter int NumCus     = 4,
  parameter int Slices     = 4,     // power of two
  parameter int BlockLines = 4      // power of two
) (
  input  wire                      clk_i,
  input  wire                      rst_i,
  // from the CUs
  input  wire  [NumCus-1:0]        cu_valid_i,
  output logic [NumCus-1:0]        cu_ready_o,
  input  wire  [NumCus*2-1:0]      cu_op_i,
  input  wire  [NumCus*6-1:0]      cu_fn_i,
  input  wire  [NumCus-1:0]        cu_nt_i,
  input  wire  [NumCus-1:0]        cu_sys_i,
  input  wire  [NumCus*26-1:0]     cu_line_i,
  input  wire  [NumCus*16-1:0]     cu_words_i,
  input  wire  [NumCus*512-1:0]    cu_data_i,
  input  wire  [NumCus*32-1:0]     cu_cmp_i,
  input  wire  [NumCus*16-1:0]     cu_tag_i,
  output logic [NumCus-1:0]        cu_resp_valid_o,
  input  wire  [NumCus-1:0]        cu_resp_ready_i,   // an answer not taken is offered again (the same one)
  output logic [NumCus*16-1:0]     cu_resp_tag_o,
  output logic [NumCus*512-1:0]    cu_resp_data_o,
  // to the slices
  output logic [Slices-1:0]        sl_valid_o,
  input  wire  [Slices-1:0]        sl_ready_i,
  input  wire  [Slices-1:0]        sl_retry_i,        // with !sl_ready_i: the turn passes (see above)
  output logic [Slices*2-1:0]      sl_op_o,
  output logic [Slices*6-1:0]      sl_fn_o,
  output logic [Slices-1:0]        sl_nt_o,
  output logic [Slices-1:0]        sl_sys_o,
  output logic [Slices*26-1:0]     sl_line_o,
  output logic [Slices*16-1:0]     sl_words_o,
  output logic [Slices*512-1:0]    sl_data_o,
  output logic [Slices*32-1:0]     sl_cmp_o,
  output logic [Slices*16-1:0]     sl_tag_o,
  input  wire  [Slices-1:0]        sl_resp_valid_i,
  output logic [Slices-1:0]        sl_resp_ready_o,
  input  wire  [Slices*16-1:0]     sl_resp_tag_i,
  input  wire  [Slices*512-1:0]    sl_resp_data_i
);

  localparam int CuW  = NumCus > 1 ? $clog2(NumCus) : 1;
  localparam int SlW  = Slices > 1 ? $clog2(Slices) : 1;
  localparam int BlkW = $clog2(BlockLines);
  localparam int LastCu = NumCus - 1;     // so that CU 0 and slice 0 win first
  localparam int LastSlice = Slices - 1;

  // ---------------------------------------------------------------- requests
  logic [Slices-1:0][CuW-1:0] req_last_q;   // last CU served by each slice (packed: formal harnesses read them)
  logic [Slices-1:0] req_any;
  logic [Slices-1:0][CuW-1:0] req_win;

  // The slice each CU's request goes to.
  logic [NumCus*SlW-1:0] target;
  always_comb
    for (int c = 0; c < NumCus; c++)
      target[c*SlW +: SlW] = Slices > 1 ? cu_line_i[c*26 + BlkW +: SlW] : '0;

  always_comb begin
    logic [CuW:0] c;
    c          = '0;
    sl_valid_o = '0;
    sl_op_o    = '0;
    sl_fn_o    = '0;
    sl_nt_o    = '0;
    sl_sys_o   = '0;
    sl_line_o  = '0;
    sl_words_o = '0;
    sl_data_o  = '0;
    sl_cmp_o   = '0;
    sl_tag_o   = '0;
    for (int s = 0; s < Slices; s++) begin
      req_any[s] = 1'b0;
      req_win[s] = '0;
      if (cu_valid_i != '0)   // (only then: it keeps an idle crossbar cheap to simulate)
        for (int i = 1; i <= NumCus; i++) begin
          c = {1'b0, req_last_q[s]} + i[CuW:0];
          if ({{(31 - CuW){1'b0}}, c} >= NumCus) c = c - NumCus[CuW:0];
          if (!req_any[s] && cu_valid_i[c[CuW-1:0]] &&
              {{(32 - SlW){1'b0}}, target[c[CuW-1:0]*SlW +: SlW]} == s) begin
            req_any[s] = 1'b1;
            req_win[s] = c[CuW-1:0];
          end
        end
      // (the payload is the chosen CU's, or CU 0's when none is: a slice
      // reads it only with sl_valid_o, and no AND gate per bit is needed)
      sl_valid_o[s]            = req_any[s];
      sl_op_o[s*2 +: 2]        = cu_op_i[req_win[s]*2 +: 2];
      sl_fn_o[s*6 +: 6]        = cu_fn_i[req_win[s]*6 +: 6];
      sl_nt_o[s]               = cu_nt_i[req_win[s]];
      sl_sys_o[s]              = cu_sys_i[req_win[s]];
      sl_line_o[s*26 +: 26]    = cu_line_i[req_win[s]*26 +: 26];
      sl_words_o[s*16 +: 16]   = cu_words_i[req_win[s]*16 +: 16];
      sl_data_o[s*512 +: 512]  = cu_data_i[req_win[s]*512 +: 512];
      sl_cmp_o[s*32 +: 32]     = cu_cmp_i[req_win[s]*32 +: 32];
      sl_tag_o[s*16 +: 16]     = cu_tag_i[req_win[s]*16 +: 16];
    end
  end

  // (a block of its own: the slices' readies depend on their requests)
  always_comb begin
    cu_ready_o = '0;
    for (int s = 0; s < Slices; s++)
      if (req_any[s]) cu_ready_o[req_win[s]] = sl_ready_i[s];
  end

  // ---------------------------------------------------------------- answers
  logic [NumCus-1:0][SlW-1:0] resp_last_q; // last slice served to each CU
  logic [NumCus-1:0] resp_any;
  logic [NumCus-1:0][SlW-1:0] resp_win;

  always_comb begin
    logic [SlW:0] s;
    s               = '0;
    cu_resp_valid_o = '0;
    cu_resp_tag_o   = '0;
    cu_resp_data_o  = '0;
    for (int c = 0; c < NumCus; c++) begin
      resp_any[c] = 1'b0;
      resp_win[c] = '0;
      if (sl_resp_valid_i != '0)
        for (int i = 1; i <= Slices; i++) begin
          s = {1'b0, resp_last_q[c]} + i[SlW:0];
          if ({{(31 - SlW){1'b0}}, s} >= Slices) s = s - Slices[SlW:0];
          if (!resp_any[c] && sl_resp_valid_i[s[SlW-1:0]] &&
              {29'd0, gpu_mem_pkg::mem_tag_cu(sl_resp_tag_i[s[SlW-1:0]*16 +: 16])} == c) begin
            resp_any[c] = 1'b1;
            resp_win[c] = s[SlW-1:0];
          end
        end
      // (the answer is the chosen slice's, or slice 0's when none is)
      cu_resp_valid_o[c]           = resp_any[c];
      cu_resp_tag_o[c*16 +: 16]    = sl_resp_tag_i[resp_win[c]*16 +: 16];
      cu_resp_data_o[c*512 +: 512] = sl_resp_data_i[resp_win[c]*512 +: 512];
    end
  end

  // (a block of its own: the CUs' readies depend on their answers)
  always_comb begin
    sl_resp_ready_o = '0;
    for (int c = 0; c < NumCus; c++)
      if (resp_any[c]) sl_resp_ready_o[resp_win[c]] = cu_resp_ready_i[c];
  end

  always_ff @(posedge clk_i) begin
    // (a request or an answer not taken: the search starts at its CU or
    // slice again, which holds it, so what a slice or CU is offered stays
    // until taken; a request refused with a retry passes the turn)
    for (int s = 0; s < Slices; s++)
      if (req_any[s])
        req_last_q[s] <= sl_ready_i[s] || sl_retry_i[s] ? req_win[s] : req_win[s] == '0 ? CuW'(NumCus - 1) : req_win[s] - CuW'(1);
    for (int c = 0; c < NumCus; c++)
      if (resp_any[c])
        resp_last_q[c] <= cu_resp_ready_i[c] ? resp_win[c] : resp_win[c] == '0 ? SlW'(Slices - 1) : resp_win[c] - SlW'(1);
    if (rst_i) begin
      for (int s = 0; s < Slices; s++) req_last_q[s] <= LastCu[CuW-1:0];
      for (int c = 0; c < NumCus; c++) resp_last_q[c] <= LastSlice[SlW-1:0];
    end
  end

endmodule

`default_nettype wire
