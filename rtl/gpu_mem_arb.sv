// gpu_mem_arb: merges the CUs' line requests onto the single
// external memory port, round robin (the CU after the last winner first), one
// request per cycle (a request the port has not taken stays offered until it
// is), and routes each response to the CU named in its tag
// ([12:10]). Combinational: a CU's ready is the port's ready when it wins.
`default_nettype none

module gpu_mem_arb #(
  parameter int NumCus = 4
) (
  input  wire                    clk_i,
  input  wire                    rst_i,
  // from the CUs
  input  wire  [NumCus-1:0]      cu_valid_i,
  output logic [NumCus-1:0]      cu_ready_o,
  input  wire  [NumCus*2-1:0]    cu_op_i,
  input  wire  [NumCus*6-1:0]    cu_fn_i,
  input  wire  [NumCus*2-1:0]    cu_scope_i,
  input  wire  [NumCus-1:0]      cu_nt_i,
  input  wire  [NumCus*26-1:0]   cu_line_i,
  input  wire  [NumCus*16-1:0]   cu_words_i,
  input  wire  [NumCus*512-1:0]  cu_data_i,
  input  wire  [NumCus*32-1:0]   cu_cmp_i,
  input  wire  [NumCus*16-1:0]   cu_tag_i,
  output logic [NumCus-1:0]      cu_resp_valid_o,
  // the port
  output logic                   mem_req_valid_o,
  input  wire                    mem_req_ready_i,
  output logic [1:0]             mem_req_op_o,
  output logic [5:0]             mem_req_fn_o,
  output logic [1:0]             mem_req_scope_o,
  output logic                   mem_req_nt_o,
  output logic [25:0]            mem_req_line_o,
  output logic [15:0]            mem_req_words_o,
  output logic [511:0]           mem_req_data_o,
  output logic [31:0]            mem_req_cmp_o,
  output logic [15:0]            mem_req_tag_o,
  input  wire                    mem_resp_valid_i,
  input  wire  [15:0]            mem_resp_tag_i
);

  localparam int CuW = NumCus > 1 ? $clog2(NumCus) : 1;
  localparam int LastInit = NumCus - 1;   // so that CU 0 wins first

  logic [CuW-1:0] last_q;
  logic           wait_q;      // the port did not take last cycle's request: keep offering it
  logic [CuW-1:0] wait_cu_q;
  logic [CuW-1:0] win;
  logic           any;

  always_comb begin
    logic [4:0] c;
    c   = 5'd0;
    any = 1'b0;
    win = '0;
    if (wait_q) begin
      any = 1'b1;
      win = wait_cu_q;
    end else
 for (int i = 1; i <= NumCus; i++) begin
      c = {{(5 - CuW){1'b0}}, last_q} + i[4:0];
      if ({27'd0, c} >= NumCus) c = c - NumCus[4:0];
      if (!any && cu_valid_i[c[CuW-1:0]]) begin
        any = 1'b1;
        win = c[CuW-1:0];
      end
    end
  end

  assign mem_req_valid_o = any;
  assign mem_req_op_o    = cu_op_i[win*2 +: 2];
  assign mem_req_fn_o    = cu_fn_i[win*6 +: 6];
  assign mem_req_scope_o = cu_scope_i[win*2 +: 2];
  assign mem_req_nt_o    = cu_nt_i[win];
  assign mem_req_line_o  = cu_line_i[win*26 +: 26];
  assign mem_req_words_o = cu_words_i[win*16 +: 16];
  assign mem_req_data_o  = cu_data_i[win*512 +: 512];
  assign mem_req_cmp_o   = cu_cmp_i[win*32 +: 32];
  assign mem_req_tag_o   = cu_tag_i[win*16 +: 16];

  always_comb begin
    cu_ready_o      = '0;
    cu_resp_valid_o = '0;
    if (any) cu_ready_o[win] = mem_req_ready_i;
    for (int c = 0; c < NumCus; c++)
      if (mem_resp_valid_i && {29'd0, mem_resp_tag_i[12:10]} == c) cu_resp_valid_o[c] = 1'b1;
  end

  always_ff @(posedge clk_i) begin
    if (any && mem_req_ready_i) last_q <= win;
    wait_q    <= any && !mem_req_ready_i;
    wait_cu_q <= win;
    if (rst_i) begin
      last_q <= LastInit[CuW-1:0];
      wait_q <= 1'b0;
    end
  end

  wire unused_tag = ^{mem_resp_tag_i[15:13], mem_resp_tag_i[9:0]};

endmodule

`default_nettype wire
