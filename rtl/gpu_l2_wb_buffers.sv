// SPDX-License-Identifier: Apache-2.0
// gpu_l2_wb_buffers: the write-back side of an L2 slice (gpu_l2_slice;
// docs/architecture.md, "The L2"). A dirty line leaving the slice (a
// victim, a maintenance write-back or a system-scope drop) takes the lowest
// free buffer (alloc_i, free_o) with its address; its data arrives from the
// data RAM in a later cycle (data_i into buffer data_buf_i), and the buffer
// is not sent before. mw_* sends the lowest filled buffer with the number
// of a free slot of the table of writes in flight, which keeps only the
// line address until memory acknowledges the write (mb_*). query_hit_o
// answers, for each line of query_lines_i that query_en_i asks about,
// whether a write of it is waiting or in flight: such a line is neither
// read nor written back again until that write is answered (two writes of
// one line in flight, or a read and a write, could reach memory in either
// order). maint_pending_o: a maintenance write is waiting or in flight.
`default_nettype none

module gpu_l2_wb_buffers #(
  parameter int WbBufs  = 4,   // write-back data buffers (power of two)
  parameter int Writes  = 16,  // line writes in flight (power of two)
  parameter int Queries = 1    // lines checked against the writes each cycle
) (
  input  wire                       clk_i,
  input  wire                       rst_i,
  // allocation (into the lowest free buffer, free_o)
  output logic                      free_ok_o,
  output logic [$clog2(WbBufs)-1:0] free_o,
  input  wire                       alloc_i,
  input  wire  [25:0]               alloc_line_i,
  input  wire                       alloc_maint_i,    // a maintenance write-back (maint_pending_o)
  // the line's data, a cycle or more later
  input  wire                       data_i,
  input  wire  [$clog2(WbBufs)-1:0] data_buf_i,
  input  wire  [511:0]              data_line_i,
  // lines with a write waiting or in flight
  input  wire  [Queries-1:0]        query_en_i,
  input  wire  [Queries*26-1:0]     query_lines_i,
  output logic [Queries-1:0]        query_hit_o,
  // line writes to memory and their acknowledgements
  output logic                      mw_valid_o,
  input  wire                       mw_ready_i,
  output logic [25:0]               mw_line_o,
  output logic [15:0]               mw_words_o,
  output logic [511:0]              mw_data_o,
  output logic [$clog2(Writes)-1:0] mw_id_o,
  input  wire                       mb_valid_i,
  input  wire  [$clog2(Writes)-1:0] mb_id_i,
  output logic                      maint_pending_o,
  output logic                      busy_o            // a buffer or a write in flight is in use
);

  localparam int WbW = $clog2(WbBufs);
  localparam int WrW = $clog2(Writes);

  logic [WbBufs-1:0] wb_valid_q, wb_maint_q;
  logic [25:0]       wb_line_q  [WbBufs];
  logic [15:0]       wb_words_q [WbBufs];
  logic [511:0]      wb_data_q  [WbBufs];
  logic [Writes-1:0] wr_valid_q, wr_maint_q;
  logic [25:0]       wr_line_q  [Writes];

  always_comb begin
    free_ok_o = 1'b0;
    free_o    = '0;
    for (int i = WbBufs - 1; i >= 0; i--)
      if (!wb_valid_q[i]) begin
        free_ok_o = 1'b1;
        free_o    = i[WbW-1:0];
      end
  end

  // (a line is compared only when its query is enabled: the same logic, and
  // the simulator skips the compares the rest of the time)
  always_comb
    for (int q = 0; q < Queries; q++) begin
      query_hit_o[q] = 1'b0;
      if (query_en_i[q]) begin
        for (int i = 0; i < WbBufs; i++)
          if (wb_valid_q[i] && wb_line_q[i] == query_lines_i[q*26 +: 26]) query_hit_o[q] = 1'b1;
        for (int i = 0; i < Writes; i++)
          if (wr_valid_q[i] && wr_line_q[i] == query_lines_i[q*26 +: 26]) query_hit_o[q] = 1'b1;
      end
    end

  // Send the lowest filled buffer (its data arrives in the cycle after its
  // allocation) when the table of writes in flight has a free slot; a write
  // offered and not taken is offered again with the same slot (mw_hold_q),
  // so mw_* holds until mw_ready_i.
  logic           mw_ok, wr_free_ok, mw_hold_q;
  logic [WbW-1:0] mw_idx, mw_hold_idx_q;
  logic [WrW-1:0] wr_free, mw_hold_slot_q;
  always_comb begin
    mw_ok      = 1'b0;
    mw_idx     = '0;
    wr_free_ok = 1'b0;
    wr_free    = '0;
    for (int i = Writes - 1; i >= 0; i--)
      if (!wr_valid_q[i]) begin
        wr_free_ok = 1'b1;
        wr_free    = i[WrW-1:0];
      end
    for (int i = WbBufs - 1; i >= 0; i--)
      if (wb_valid_q[i] && !(data_i && data_buf_i == i[WbW-1:0])) begin
        mw_ok  = wr_free_ok;
        mw_idx = i[WbW-1:0];
      end
    if (mw_hold_q) begin
      mw_ok   = 1'b1;
      mw_idx  = mw_hold_idx_q;
      wr_free = mw_hold_slot_q;
    end
  end
  assign mw_valid_o = mw_ok;
  assign mw_line_o  = wb_line_q[mw_idx];
  assign mw_words_o = wb_words_q[mw_idx];
  assign mw_data_o  = wb_data_q[mw_idx];
  assign mw_id_o    = wr_free;

  assign maint_pending_o = (wb_valid_q & wb_maint_q) != '0 || (wr_valid_q & wr_maint_q) != '0;
  assign busy_o          = wb_valid_q != '0 || wr_valid_q != '0;

  always_ff @(posedge clk_i) begin
    mw_hold_q      <= mw_ok && !mw_ready_i;
    mw_hold_idx_q  <= mw_idx;
    mw_hold_slot_q <= wr_free;
    if (data_i) wb_data_q[data_buf_i] <= data_line_i;
    if (mb_valid_i) wr_valid_q[mb_id_i] <= 1'b0;
    if (mw_ok && mw_ready_i) begin
      wb_valid_q[mw_idx]  <= 1'b0;
      wr_valid_q[wr_free] <= 1'b1;
      wr_maint_q[wr_free] <= wb_maint_q[mw_idx];
      wr_line_q[wr_free]  <= wb_line_q[mw_idx];
    end
    if (alloc_i) begin
      wb_valid_q[free_o] <= 1'b1;
      wb_maint_q[free_o] <= alloc_maint_i;
      wb_line_q[free_o]  <= alloc_line_i;
      wb_words_q[free_o] <= 16'hFFFF;
    end
    if (rst_i) begin
      wb_valid_q <= '0;
      wr_valid_q <= '0;
      mw_hold_q  <= 1'b0;
    end
  end

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (!rst_i && mb_valid_i && !wr_valid_q[mb_id_i])
      $error("gpu_l2_wb_buffers: write acknowledgement for slot %0d that waits for none", mb_id_i);
  end
`endif

endmodule

`default_nettype wire
