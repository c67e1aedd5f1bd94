// gpu_regfile: the general vector registers v16..v63 of both wave slots of a
// CU: 2 x 48 entries of 32 lanes x 32 bits, three read ports (replicated
// block RAMs) and one write port with lane enables. Read latency 1. An entry
// not written since its slot was cleared reads as 0 in every lane; its first
// write fills the lanes outside the write mask with 0.
`default_nettype none

module gpu_regfile (
  input  wire           clk_i,
  input  wire           rst_i,
  input  wire  [1:0]    clear_slot_i,   // forget every entry of slot s (at wave placement)
  // read ports a, b, c: entry {slot, reg - 16}
  input  wire  [2:0]    re_i,
  input  wire  [20:0]   raddr_i,        // port p at [p*7 +: 7]
  output logic [3071:0] rdata_o,        // port p at [p*1024 +: 1024]
  // write port
  input  wire  [31:0]   we_lanes_i,     // lanes to write (0: no write)
  input  wire  [6:0]    waddr_i,
  input  wire  [1023:0] wdata_i
);

  localparam int Depth = 96;

  logic [Depth-1:0] written_q;          // entry holds data (else it reads as 0)
  logic [2:0]       rd_written_q;       // the read entries were written
  logic [1023:0]    ram_rdata [3];

  wire        first_write = !written_q[waddr_i];
  wire [31:0] ram_we      = (we_lanes_i != 32'd0 && first_write) ? 32'hFFFF_FFFF : we_lanes_i;
  logic [1023:0] ram_wdata;

  always_comb begin
    ram_wdata = wdata_i;
    if (first_write)
      for (int l = 0; l < 32; l++)
        if (!we_lanes_i[l]) ram_wdata[l*32 +: 32] = 32'd0;
  end

  for (genvar p = 0; p < 3; p++) begin : g_port
    gpu_ram_1r1w #(
      .Width (1024),
      .Depth (Depth),
      .Lanes (32)
    ) u_ram (
      .clk_i   (clk_i),
      .we_i    (ram_we),
      .waddr_i (waddr_i),
      .wdata_i (ram_wdata),
      .re_i    (re_i[p]),
      .raddr_i (raddr_i[p*7 +: 7]),
      .rdata_o (ram_rdata[p])
    );
    assign rdata_o[p*1024 +: 1024] = rd_written_q[p] ? ram_rdata[p] : 1024'd0;
  end

  always_ff @(posedge clk_i) begin
    for (int p = 0; p < 3; p++)
      if (re_i[p]) rd_written_q[p] <= written_q[raddr_i[p*7 +: 7]];
    if (we_lanes_i != 32'd0) written_q[waddr_i] <= 1'b1;
    if (clear_slot_i[0]) written_q[47:0]  <= '0;
    if (clear_slot_i[1]) written_q[95:48] <= '0;
    if (rst_i) written_q <= '0;
  end

endmodule

`default_nettype wire
