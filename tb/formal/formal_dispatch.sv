// SPDX-License-Identifier: Apache-2.0
// formal_dispatch: the formal harness of gpu_dispatch (docs/formal.md). The
// environment is gpu_top's: a launch comes only when the last task is over
// (every group placed, or stopped by a fault), the task's parameters hold
// from its launch to the next (the host registers are read-only while
// busy), 1 <= num_cus_i <= NumCus; the free slots and the stop are free
// inputs. One group id f_g is watched (any value: the proof holds for all).
// Proved, for each task:
//   group ids are placed in order 0, 1, 2, ..., each below num_groups;
//   the watched group is placed at most once; once all_placed_o says so
//   (with no stop), it was placed exactly once if it is below num_groups:
//   no group is placed twice or lost;
//   a group goes to one CU in use, into a free slot (a 2-wave group: both
//   slots free; a 1-wave group: slot 1 only if slot 0 does not fit, and next
//   to another group only if the two allocations fit in the LDS);
//   nothing is placed before a launch, after a stop or after the last group;
//   progress: while groups remain and no stop, a group is placed in every
//   cycle in which some CU in use has room for it.
`default_nettype none

module formal_dispatch #(
  parameter int NumCus = 4
) (
  input wire                  clk_i,
  input wire                  rst_i,
  input wire                  launch_i,
  input wire  [15:0]          num_groups_i,
  input wire                  two_waves_i,
  input wire  [16:0]          lds_bytes_i,
  input wire  [3:0]           num_cus_i,
  input wire                  stop_i,
  input wire  [2*NumCus-1:0]  slot_free_i
);

  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (rst_i);

  (* anyconst *) logic [15:0] f_g;   // the watched group id

  logic [NumCus-1:0] place;
  logic              place_slot;
  logic [15:0]       place_group;
  logic              all_placed;

  gpu_dispatch #(
    .NumCus (NumCus)
  ) u_dut (
    .clk_i         (clk_i),
    .rst_i         (rst_i),
    .launch_i      (launch_i),
    .num_groups_i  (num_groups_i),
    .two_waves_i   (two_waves_i),
    .lds_bytes_i   (lds_bytes_i),
    .num_cus_i     (num_cus_i),
    .stop_i        (stop_i),
    .slot_free_i   (slot_free_i),
    .place_o       (place),
    .place_slot_o  (place_slot),
    .place_group_o (place_group),
    .all_placed_o  (all_placed)
  );

  // ---------------------------------------------------------------- the environment
  logic        task_q;      // a task was launched since the reset
  logic [15:0] total_q;     // its parameters
  logic        two_q;
  logic [16:0] lds_q;
  logic [3:0]  ncu_q;
  logic        stopped_q;   // a stop came in this task
  logic [15:0] placed_q;    // groups placed in this task
  logic [1:0]  seen_q;      // placements of group f_g in this task

  always @* begin
    if (f_past_valid && !rst_i) begin
      as_ncu:    assume (num_cus_i >= 4'd1 && 32'(num_cus_i) <= NumCus);
      if (task_q && !launch_i)
        as_hold: assume (num_groups_i == total_q && two_waves_i == two_q && lds_bytes_i == lds_q &&
                         num_cus_i == ncu_q);
      if (launch_i)
        as_over: assume (!task_q || placed_q == total_q || stopped_q);
      if (stopped_q)
        as_stop: assume (stop_i);   // gpu_top's stop_q holds until the next launch
    end
  end

  wire        any_place  = place != '0;
  always @(posedge clk_i) begin
    if (any_place) begin
      placed_q <= placed_q + 16'd1;
      if (place_group == f_g && seen_q != 2'd3) seen_q <= seen_q + 2'd1;
    end
    if (stop_i) stopped_q <= 1'b1;
    if (launch_i) begin
      task_q    <= 1'b1;
      total_q   <= num_groups_i;
      two_q     <= two_waves_i;
      lds_q     <= lds_bytes_i;
      ncu_q     <= num_cus_i;
      stopped_q <= 1'b0;
      placed_q  <= '0;
      seen_q    <= '0;
    end
    if (rst_i) begin
      task_q    <= 1'b0;
      stopped_q <= 1'b0;
      placed_q  <= '0;
      seen_q    <= '0;
    end
  end

  // The dispatcher's state (hierconn: connected to u_dut's registers when the
  // design is flattened), for the invariants that make the induction close.
  localparam int CuW = NumCus > 1 ? $clog2(NumCus) : 1;
  (* hierconn *) wire           \u_dut.active_q ;
  (* hierconn *) wire [15:0]    \u_dut.next_q ;
  (* hierconn *) wire [15:0]    \u_dut.total_q ;
  (* hierconn *) wire [CuW-1:0] \u_dut.last_q ;
  wire dut_active_q = \u_dut.active_q ;
  wire [15:0] dut_next_q = \u_dut.next_q ;
  wire [15:0] dut_total_q = \u_dut.total_q ;
  wire [CuW-1:0] dut_last_q = \u_dut.last_q ;

  // ---------------------------------------------------------------- the properties
  // The CU placed on, and its slots.
  logic [3:0] cu;
  always_comb begin
    cu = '0;
    for (int c = 0; c < NumCus; c++)
      if (place[c]) cu = 4'(c);
  end
  wire f0 = slot_free_i[32'(cu) * 2];
  wire f1 = slot_free_i[32'(cu) * 2 + 1];
  wire pair_fits = {1'b0, lds_q} <= 18'd32768;
  // Some CU in use has room for the next group.
  logic room;
  always_comb begin
    room = 1'b0;
    for (int c = 0; c < NumCus; c++)
      if (c < 32'(ncu_q)) begin
        if (two_q) room = room || (slot_free_i[c*2] && slot_free_i[c*2 + 1]);
        else       room = room || ((slot_free_i[c*2] || slot_free_i[c*2 + 1]) &&
                                   ((slot_free_i[c*2] && slot_free_i[c*2 + 1]) || pair_fits));
      end
  end

  always @* begin
    if (f_past_valid && !rst_i) begin
      // (invariants: the dispatcher's count is the harness's)
`ifndef FORMAL_NO_INV
      a_inv_state:   assert (dut_active_q == task_q && (!task_q ||
                             (dut_next_q == placed_q && dut_total_q == total_q &&
                              32'(dut_last_q) < 32'(ncu_q))));
`endif
      a_onehot:      assert ((place & (place - 1'b1)) == '0);
      a_counted:     assert (placed_q <= total_q || !task_q);
      a_watch:       assert (seen_q == ((task_q && f_g < placed_q) ? 2'd1 : 2'd0));
      a_all_placed:  assert (all_placed == (!task_q || placed_q == total_q));
      if (all_placed && task_q && !launch_i)
        a_none_lost: assert (f_g >= total_q || seen_q == 2'd1);
      if (any_place) begin
        a_launched:  assert (task_q);
        a_no_stop:   assert (!stop_i && !stopped_q);
        a_order:     assert (place_group == placed_q && placed_q < total_q);
        a_twice:     assert (place_group != f_g || seen_q == 2'd0);
        a_cu_in_use: assert (cu < ncu_q);
        if (two_q)
          a_slots2:  assert (f0 && f1 && !place_slot);
        else begin
          a_slot:    assert (place_slot ? f1 : f0);
          a_lowest:  assert (!place_slot || !(f0 && (f1 || pair_fits)));
          a_lds:     assert ((place_slot ? f0 : f1) || pair_fits);
        end
      end
      if (task_q && !launch_i && !stop_i && placed_q != total_q && room)
        a_progress:  assert (any_place);
    end
  end

endmodule

`default_nettype wire
