// gpu_regfile: the general vector registers v16..v63 of both wave slots of a
// CU: 2 x 48 entries of 32 lanes x 32 bits, stored as 32 / Lanes windows of
// Lanes lanes (a row per window: row = entry * Passes + window), three read
// ports (replicated block RAMs) and one write port with lane enables, each
// port one window wide. Read latency 1. A window not written since its
// slot was cleared reads as 0 in every lane; its first write fills the
// lanes outside the write mask with 0.
`default_nettype none

module gpu_regfile #(
  parameter int Lanes = 32              // lanes of a window (and of the ports): 32, 16, 8, 4, 2 or 1
) (
  input  wire           clk_i,
  input  wire           rst_i,
  input  wire  [1:0]    clear_slot_i,   // forget every entry of slot s (at wave placement)
  // read ports a, b, c: entry {slot, reg - 16}, and a window
  input  wire  [2:0]    re_i,
  input  wire  [20:0]   raddr_i,        // port p's entry at [p*7 +: 7]
  input  wire  [3*(Lanes < 32 ? $clog2(32 / Lanes) : 1)-1:0] rwin_i,   // port p's window at [p*PassW +: PassW]
  output logic [3*Lanes*32-1:0] rdata_o, // port p at [p*Lanes*32 +: Lanes*32]
  // write port
  input  wire  [Lanes-1:0] we_lanes_i,  // lanes of the window to write (0: no write)
  input  wire  [6:0]    waddr_i,
  input  wire  [(Lanes < 32 ? $clog2(32 / Lanes) : 1)-1:0] wwin_i,
  input  wire  [Lanes*32-1:0] wdata_i
);

  localparam int Passes = 32 / Lanes;
  localparam int PassW  = Passes > 1 ? $clog2(Passes) : 1;
  localparam int W      = Lanes * 32;
  localparam int Depth  = 96 * Passes;
  localparam int RowW   = $clog2(Depth);

  function automatic logic [RowW-1:0] row_of(input logic [6:0] entry, input logic [PassW-1:0] win);
    row_of = RowW'(32'(entry) * Passes + (Passes > 1 ? 32'(win) : 0));
  endfunction

  logic [Depth-1:0] written_q;          // row holds data (else it reads as 0)
  logic [2:0]       rd_written_q;       // the read rows were written
  logic [W-1:0]     ram_rdata [3];

  wire [RowW-1:0]  wrow        = row_of(waddr_i, wwin_i);
  wire             first_write = !written_q[wrow];
  wire [Lanes-1:0] ram_we      = (we_lanes_i != '0 && first_write) ? '1 : we_lanes_i;
  logic [W-1:0]    ram_wdata;

  always_comb begin
    ram_wdata = wdata_i;
    if (first_write)
      for (int l = 0; l < Lanes; l++)
        if (!we_lanes_i[l]) ram_wdata[l*32 +: 32] = 32'd0;
  end

  for (genvar p = 0; p < 3; p++) begin : g_port
    gpu_ram_1r1w #(
      .Width (W),
      .Depth (Depth),
      .Lanes (Lanes)
    ) u_ram (
      .clk_i   (clk_i),
      .we_i    (ram_we),
      .waddr_i (wrow),
      .wdata_i (ram_wdata),
      .re_i    (re_i[p]),
      .raddr_i (row_of(raddr_i[p*7 +: 7], rwin_i[p*PassW +: PassW])),
      .rdata_o (ram_rdata[p])
    );
    assign rdata_o[p*W +: W] = rd_written_q[p] ? ram_rdata[p] : '0;
  end

  always_ff @(posedge clk_i) begin
    for (int p = 0; p < 3; p++)
      if (re_i[p]) rd_written_q[p] <= written_q[row_of(raddr_i[p*7 +: 7], rwin_i[p*PassW +: PassW])];
    if (we_lanes_i != '0) written_q[wrow] <= 1'b1;
    if (clear_slot_i[0]) written_q[48*Passes-1:0]          <= '0;
    if (clear_slot_i[1]) written_q[96*Passes-1:48*Passes] <= '0;
    if (rst_i) written_q <= '0;
  end

endmodule

`default_nettype wire
