// SPDX-License-Identifier: Apache-2.0
// gpu_regfile: the general vector registers v16..v63 of both wave slots of a
// CU: 2 x 48 entries of 32 lanes x 32 bits, stored as 32 / Lanes windows of
// Lanes lanes (a row per window: row = entry * Passes + window), three read
// ports (replicated block RAMs) and one write port with lane enables, each
// port one window wide. Read latency 1. A read of the row written in the
// same cycle returns the written lanes' new data (the bypass; its other
// lanes are undefined), held like the RAM's output until the next read:
// the scheduler lets an instruction read a register in its writeback cycle
// when every lane is written. A window not written since its slot was
// cleared reads as 0 in every lane; its first write fills the lanes outside
// the write mask with 0.
// A write is either window 0 alone (a scalar result, or one whose lanes are
// all in window 0) or every window in order, one a cycle, each with we_i
// even when it has no lane to write. So per entry two bits say which windows
// hold data: window 0 (w0) and all of them (full, set by the last window).
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
  input  wire           we_i,           // a window of a write to waddr_i (see above)
  input  wire  [Lanes-1:0] we_lanes_i,  // ... its lanes to write (may be none)
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

  logic [95:0]      w0_q;               // entry's window 0 holds data
  logic [95:0]      full_q;             // ... every window does
  logic [2:0]       rd_written_q;       // the read rows were written
  logic [W-1:0]     ram_rdata [3];

  function automatic logic written(input logic w0, input logic full, input logic [PassW-1:0] win);
    written = full || (w0 && win == '0);
  endfunction

  wire [RowW-1:0]  wrow        = row_of(waddr_i, wwin_i);
  wire             first_write = !written(w0_q[waddr_i], full_q[waddr_i], wwin_i);
  wire [Lanes-1:0] ram_we      = !we_i ? '0 : first_write ? '1 : we_lanes_i;
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
    // A read of the row written in the same cycle: the written lanes come
    // from this port's copy of the write (the RAM's own output is undefined
    // then). Like the RAM's output, the copy holds until the next read.
    logic             byp_q;
    logic [Lanes-1:0] byp_lanes_q;
    logic [W-1:0]     byp_data_q;
    always_ff @(posedge clk_i)
      if (re_i[p]) begin
        byp_q       <= ram_we != '0 && row_of(raddr_i[p*7 +: 7], rwin_i[p*PassW +: PassW]) == wrow;
        byp_lanes_q <= ram_we;
        byp_data_q  <= ram_wdata;
      end
    logic [W-1:0] rd;
    always_comb begin
      rd = rd_written_q[p] ? ram_rdata[p] : '0;
      if (byp_q)
        for (int l = 0; l < Lanes; l++)
          if (byp_lanes_q[l]) rd[l*32 +: 32] = byp_data_q[l*32 +: 32];
    end
    assign rdata_o[p*W +: W] = rd;
  end

  always_ff @(posedge clk_i) begin
    for (int p = 0; p < 3; p++)
      if (re_i[p])
        rd_written_q[p] <= written(w0_q[raddr_i[p*7 +: 7]], full_q[raddr_i[p*7 +: 7]], rwin_i[p*PassW +: PassW]);
    if (we_i && wwin_i == '0)                 w0_q[waddr_i]   <= 1'b1;
    if (we_i && wwin_i == PassW'(Passes - 1)) full_q[waddr_i] <= 1'b1;
    if (clear_slot_i[0]) begin
      w0_q[47:0]   <= '0;
      full_q[47:0] <= '0;
    end
    if (clear_slot_i[1]) begin
      w0_q[95:48]   <= '0;
      full_q[95:48] <= '0;
    end
    if (rst_i) begin
      w0_q   <= '0;
      full_q <= '0;
    end
  end

endmodule

`default_nettype wire
