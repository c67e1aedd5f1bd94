// SPDX-License-Identifier: Apache-2.0
// gpu_wave_sched: the control half of a compute unit: the state of its two
// wave slots (pc, instruction buffer, signals, pending registers, scoreboard,
// barrier), instruction fetch from the CU's instruction memory, and the issue
// of at most one instruction per cycle from a ready wave (the one that did not
// issue last wins a tie). Issue-time faults (ILLEGAL_INST, CONST_WRITE,
// PENDING_REG, PC_OUT_OF_RANGE) are found here, in docs/isa.md's order.
`default_nettype none

module gpu_wave_sched #(
  parameter int LatFp   = 4,         // issue-to-writeback cycles of the f32 pipe (its first window),
  parameter int LatValu = 2,         // ... and of the integer ALU's elementwise instructions,
  parameter int LatXlane = 2,        // ... and of its picks (shfl, bcast, first_where_true); the other
                                     // fixed instructions take 2
  parameter int Passes  = 1          // windows of lanes: a vector instruction's execute stage takes one
                                     // a cycle, and so does its writeback
) (
  input  wire           clk_i,
  input  wire           rst_i,
  input  wire           stop_i,           // the task stopped on a fault: issue nothing
  input  wire  [12:0]   num_insts_i,
  // placement of a group (from the dispatcher)
  input  wire           place_i,
  input  wire           place_slot_i,
  input  wire           place_two_i,      // a 2-wave group: slots 0 and 1
  input  wire  [15:0]   place_group_i,
  input  wire  [1:0]    hold_i,           // slot's LDS allocation is being cleared
  // instruction memory read port (latency 1)
  output logic          imem_re_o,
  output logic [11:0]   imem_raddr_o,
  input  wire  [63:0]   imem_rdata_i,
  input  wire  [gpu_predecode_pkg::PRE_W-1:0] imem_pre_i,   // ... and its predecoded fields (gpu_predecode)
  // unit availability
  input  wire           lds_free_i,
  input  wire           divsqrt_free_i,
  input  wire           sdiv_free_i,
  input  wire           red_free_i,
  input  wire           gmem_free_i,      // the memory unit can take one more instruction
  input  wire           valu_free_i,      // the integer ALU can take an instruction next cycle
  input  wire           var_wait_i,       // a variable-latency result waits for writeback
  // writeback cycles held by a variable-latency result (bit k: k cycles from now), and by the
  // fixed-latency instructions; max(LatFp, LatValu, LatXlane) + Passes bits
  input  wire  [(LatFp > LatValu ? (LatFp > LatXlane ? LatFp : LatXlane) :
                 (LatValu > LatXlane ? LatValu : LatXlane)) + Passes - 1:0] var_resv_i,
  output logic [(LatFp > LatValu ? (LatFp > LatXlane ? LatFp : LatXlane) :
                 (LatValu > LatXlane ? LatValu : LatXlane)) + Passes - 1:0] resv_o,
  // issue
  output logic          is_valid_o,
  output logic          is_wide_o,        // a vector instruction: Passes windows (else only window 0)
  output logic          is_slot_o,
  output logic [11:0]   is_pc_o,
  output logic [63:0]   is_inst_o,
  // ... decoded (gpu_decode's fields, from each slot's decoder, which works
  // beside the readiness check: the check itself reads the predecoded fields)
  output logic [4:0]    is_fmt_o,
  output logic [3:0]    is_unit_o,
  output logic [5:0]    is_fn_o,
  output logic [7:0]    is_opcode_o,
  output logic          is_writes_dest_o,
  output logic [5:0]    is_dest_o,
  output logic [11:0]   is_mask_o,
  output logic [2:0]    is_src_used_o,
  output logic [5:0]    is_src_kind_o,
  output logic [17:0]   is_src_reg_o,
  output logic [95:0]   is_src_lit_o,
  output logic [35:0]   is_src_mask_o,
  output logic [31:0]   is_target_o,
  output logic [15:0]   is_sigs_o,
  output logic [3:0]    is_sig_o,
  output logic          is_noret_o,
  output logic [15:0]   is_offset_o,
  output logic [3:0]    is_fault_o,       // gpu_isa_pkg::FAULT_*, FAULT_NONE if none
  output logic [5:0]    is_fault_reg_o,
  output logic [31:0]   is_fault_addr_o,
  // writeback commit of an instruction (retire or fault)
  input  wire           wb_commit_i,
  input  wire           wb_slot_i,
  input  wire           wb_serial_i,      // a serializing instruction: its wave may issue again
  input  wire           wb_redirect_i,    // a branch: fetch from wb_next_pc_i
  input  wire  [11:0]   wb_next_pc_i,
  input  wire           wb_end_i,
  input  wire           wb_barrier_i,
  input  wire           wb_sigdone_i,     // sig_done*: release the slots of wb_sigs_i that are done
  input  wire  [15:0]   wb_sigs_i,
  input  wire           wb_sb_clear_i,    // the instruction (or an LDS result, without a commit) wrote wb_sb_reg_i
  input  wire  [5:0]    wb_sb_reg_i,
  input  wire           lds_side_i,       // ... and an LDS result, beside that event, wrote lds_side_reg_i of
  input  wire           lds_side_slot_i,  //     slot lds_side_slot_i
  input  wire  [5:0]    lds_side_reg_i,
  // the register the integer ALU or f32 pipe writes back now in every lane (a read in this
  // cycle may take it: the register file's bypass; with Passes > 1 not v16..v31, whose
  // mask bits gpu_cu_operands picks a cycle ahead)
  input  wire           rel_valid_i,
  input  wire           rel_slot_i,
  input  wire  [5:0]    rel_reg_i,
  // writeback commit of a global access's completion
  input  wire           memdone_i,
  input  wire           memdone_slot_i,
  input  wire  [3:0]    memdone_sig_i,
  // state
  output logic [31:0]   sig_pending_o,    // slot s, signal k at [s*16 + k]
  output logic [1:0]    live_o,           // a wave runs in the slot (placed, not ended)
  output logic          two_o,            // the CU holds one 2-wave group
  output logic [63:0]   wave_id_o,        // slot s at [s*32 +: 32]
  output logic [31:0]   group_o,          // slot s at [s*16 +: 16]
  output logic [1:0]    inflight_o,       // slot has instructions between issue and writeback
  // stall counters: this cycle, slot s did not issue because of ...
  output logic [1:0]    stall_dep_o,
  output logic [1:0]    stall_mem_o,
  output logic [1:0]    stall_bar_o,
  output logic [1:0]    stall_lds_o,
  output logic [1:0]    stall_fetch_o
);

  localparam int LatInt = 2;
  localparam int LatMax = LatFp > LatValu ? (LatFp > LatXlane ? LatFp : LatXlane) :
                                            (LatValu > LatXlane ? LatValu : LatXlane);
  localparam int LatW   = $clog2(LatMax + Passes);
  localparam int ResvW  = LatMax + Passes;
  localparam int PreW   = gpu_predecode_pkg::PRE_W;

  // ------------------------------------------------------------------ state
  logic [1:0]   live_q;
  logic         two_q;
  // Per-slot state is kept in flat vectors, slot w at [w*W +: W] (one simulator
  // shadow copy per vector instead of one per array write in the update block).
  logic [63:0]  wave_id_q;
  logic [31:0]  group_q;
  logic [1:0]   ib_valid_q;       // instruction buffer
  logic [127:0] ib_q;
  logic [23:0]  ib_pc_q;
  logic [2*PreW-1:0] ib_pre_q;    // ... the predecoded fields of its instruction, [w*PreW +: PreW]
  logic         f_valid_q;        // a fetch is arriving this cycle
  logic         f_wave_q;
  logic [11:0]  f_pc_q;
  logic [1:0]   need_q;           // the slot waits for the fetch port
  logic [23:0]  need_pc_q;
  logic [1:0]   ser_q;            // a serializing instruction is in flight
  logic [1:0]   bar_q;            // waiting at a barrier
  logic [31:0]  sigp_q;           // signal pending: slot w, signal s at [w*16 + s]
  logic [191:0] sreg_q;           // the pending destination of signal s of slot w at [(w*16 + s)*6 +: 6]
  logic [31:0]  sreg_v_q;         // ... and it holds one (the slot's pending registers)
  logic [127:0] busy_q;           // scoreboard: register has an in-flight write
  logic [127:0] ldsb_q;           // ... an LDS result's (for the stall counters)
  logic [5:0]   inflight_q;       // [w*3 +: 3]
  logic [2*LatW-1:0] wblast_q;    // cycles until the slot's last fixed-latency instruction writes back, [w*LatW +: LatW]
  logic [ResvW-1:0] resv_q;       // writeback cycles reserved, bit k = k cycles from now
  logic         last_q;           // slot that issued last
  logic [LatW-1:0] ex_left_q;     // execute-stage windows of the last vector instruction still to come after this cycle
  wire          ex_free = ex_left_q <= LatW'(1);   // nothing issued now would meet them

  // The writeback cycles held by an instruction written back lat cycles after issue in nwin
  // windows: bit k is k cycles from now. (Called with constants only.)
  function automatic logic [ResvW-1:0] span_of(input int lat, input int nwin);
    span_of = '0;
    for (int j = 0; j < ResvW; j++)
      span_of[j] = j >= lat && j < lat + nwin;
  endfunction

  // ------------------------------------------------------------------ the candidate instruction of each slot
  logic [1:0]   cur_valid;
  logic [63:0]  cur_inst [2];
  logic [11:0]  cur_pc   [2];
  logic [PreW-1:0] cur_pre [2];
  for (genvar w = 0; w < 2; w++) begin : g_cur
    wire arriving = f_valid_q && f_wave_q == w;
    assign cur_valid[w] = ib_valid_q[w] || arriving;
    assign cur_inst[w]  = ib_valid_q[w] ? ib_q[w*64 +: 64] : imem_rdata_i;
    assign cur_pc[w]    = ib_valid_q[w] ? ib_pc_q[w*12 +: 12] : f_pc_q;
    assign cur_pre[w]   = ib_valid_q[w] ? ib_pre_q[w*PreW +: PreW] : imem_pre_i;
  end

  // ------------------------------------------------------------------ readiness of each slot
  logic [1:0]  ready;
  logic [3:0]  fault_code [2];
  logic [5:0]  fault_reg  [2];
  logic [31:0] fault_addr [2];
  logic [1:0]  fetch_next;         // issuing it fetches pc+1
  logic [1:0]  serial;
  logic [1:0]  is_lds_w;
  logic [LatW-1:0] lat_w [2];     // a fixed-latency instruction's issue-to-writeback cycles
  logic [LatW-1:0] nwin_w [2];    // ... and its writeback cycles (windows)
  logic [ResvW-1:0] span_w [2];   // ... the writeback cycles it holds, bit k = k cycles from now
  logic [1:0]  wide_w;             // a vector instruction (Passes windows)
  logic [1:0]  fixed_w;            // fixed latency (reserves its writeback cycle)
  logic [1:0]  sb_set;             // issue sets the scoreboard bit of dest
  logic [5:0]  dest_w [2];
  logic [15:0] waits_w [2];
  logic [15:0] gsig_w [2];         // the global access's signal slot (one-hot), 0 if none
  logic [1:0]  gret_w;             // a global load or returning atomic: dest becomes pending
  logic [1:0]  sig_stall;
  logic [1:0]  gmem_stall;
  logic [1:0]  lds_stall;
  logic [1:0]  lds_wait;

  localparam int DecW = 5 + 4 + 6 + 8 + 1 + 6 + 12 + 3 + 6 + 18 + 96 + 36 + 32 + 16 + 4 + 1 + 16;
  logic [DecW-1:0] dec_w [2];      // the slot's candidate, decoded (the is_*_o fields)

  for (genvar w = 0; w < 2; w++) begin : g_ready
    logic        legal, writes_dest, const_write, has_mask;   // (from the predecoded fields)
    logic        unused_legal, unused_const_write, unused_has_mask, unused_writes_dest;
    // (public_flat_rd: Verilator keeps these as variables instead of repeating
    // their table lookups at every use, which made the model about 5% slower)
    logic [4:0]  fmt  /*verilator public_flat_rd*/;
    logic [3:0]  unit /*verilator public_flat_rd*/;
    logic [5:0]  fn   /*verilator public_flat_rd*/;
    logic [7:0]  opcode;
    logic [5:0]  dest;
    logic [11:0] mask;
    logic [2:0]  src_used;
    logic [5:0]  src_kind;
    logic [17:0] src_reg;
    logic [35:0] src_mask;
    logic [15:0] sigs;
    logic [3:0]  sig;
    logic        noret;
    logic [95:0] lit;
    logic [31:0] target;
    logic [1:0]  unused_scope;
    logic        unused_nt;
    logic [15:0] offset;

    gpu_decode u_decode (
      .inst_i        (cur_inst[w]),
      .legal_o       (unused_legal),
      .fmt_o         (fmt),
      .unit_o        (unit),
      .fn_o          (fn),
      .opcode_o      (opcode),
      .writes_dest_o (unused_writes_dest),
      .dest_o        (dest),
      .const_write_o (unused_const_write),
      .has_mask_o    (unused_has_mask),
      .mask_o        (mask),
      .src_used_o    (src_used),
      .src_kind_o    (src_kind),
      .src_reg_o     (src_reg),
      .src_lit_o     (lit),
      .src_mask_o    (src_mask),
      .target_o      (target),
      .sigs_o        (sigs),
      .sig_o         (sig),
      .scope_o       (unused_scope),
      .nt_o          (unused_nt),
      .noret_o       (noret),
      .offset_o      (offset)
    );
    assign dec_w[w] = {fmt, unit, fn, opcode, writes_dest, dest, mask, src_used, src_kind, src_reg, lit, src_mask, target,
                       sigs, sig, noret, offset};


    // The registers it names (up to NRef): each source (a vector or scalar
    // register, or a mask operand's two: r1 = m[10:6], r2 = m[4:0]), the
    // mask field's two (inverted or not) and its destination.
    localparam int NRef = 9;
    logic [NRef*6-1:0] ref_reg;
    logic [NRef-1:0]   ref_used;
    logic [NRef-1:0]   ref_busy;     // ... with an in-flight write (scoreboard)
    logic [NRef-1:0]   ref_ldsb;     // ... of an LDS result
    logic [NRef-1:0]   ref_pend;     // ... pending: the destination of a load whose signal it does not wait on
    logic [NRef-1:0]   ref_lowest;   // ... the lowest pending one (one-hot)
    logic [15:0]       sig_live;     // signals holding a destination this instruction does not release
    logic [15:0]       any_w;        // sig_waitany*_br: the slots of which one must be done
    logic [5:0]  lowest;
    logic        is_branch, is_gmem, is_lds, is_end, fp_fixed, fdiv, sdiv, red, valu, var_lat, early, pc_bad;
    logic        unit_ok, wb_ok, wb_ok_f, wb_ok_nf, base, faulting, nf_wide;
    logic [LatW-1:0]  nf_lat, nf_nwin;   // issue-to-writeback cycles and windows if it does not fault
    logic [ResvW-1:0] nf_span;           // ... and the writeback cycles it would hold

    wire [PreW-1:0] pre = cur_pre[w];
    assign legal       = pre[gpu_predecode_pkg::P_LEGAL];
    assign const_write = pre[gpu_predecode_pkg::P_CONST_WRITE];
    assign writes_dest = pre[gpu_predecode_pkg::P_WRITES_DEST];
    assign has_mask    = pre[gpu_predecode_pkg::P_HAS_MASK];

    always_comb begin
      // registers named: the sources' (predecoded), the mask field's two, the destination
      ref_reg  = '0;
      ref_used = '0;
      ref_reg[0 +: 36]  = pre[gpu_predecode_pkg::P_REF_REG +: 36];
      ref_used[5:0]     = pre[gpu_predecode_pkg::P_REF_USED +: 6];
      ref_reg[6*6 +: 6] = {1'b0, mask[10:6]};
      ref_reg[7*6 +: 6] = {1'b0, mask[4:0]};
      ref_used[6]       = has_mask;
      ref_used[7]       = has_mask;
      ref_reg[8*6 +: 6] = dest;
      ref_used[8]       = writes_dest;
      for (int i = 0; i < NRef; i++)
        ref_ldsb[i] = ref_used[i] && ldsb_q[{w[0], ref_reg[i*6 +: 6]}];
      for (int i = 0; i < NRef; i++)
        ref_busy[i] = ref_used[i] && busy_q[{w[0], ref_reg[i*6 +: 6]}] &&
                      !(rel_valid_i && rel_slot_i == w[0] && rel_reg_i == ref_reg[i*6 +: 6] &&
                        (Passes == 1 || ref_reg[i*6 + 5]));

      // signals waited on at issue (sig_wait*, or a global access onto its slot), and
      // sig_waitany*_br's, of which one must be done (it releases them at writeback)
      waits_w[w] = pre[gpu_predecode_pkg::P_WAITS +: 16];
      any_w      = pre[gpu_predecode_pkg::P_ANY +: 16];
      is_gmem    = pre[gpu_predecode_pkg::P_IS_GMEM];
      gsig_w[w]  = is_gmem ? waits_w[w] : 16'd0;
      gret_w[w]  = pre[gpu_predecode_pkg::P_GRET];
      sig_stall[w] = (waits_w[w] & sigp_q[w*16 +: 16]) != 16'd0 ||
                     (any_w != 16'd0 && (any_w & ~sigp_q[w*16 +: 16]) == 16'd0);

      // The pending registers are the destinations of the slot's valid signals
      // (a load whose destination is pending faults, so no two hold the same
      // one); those it waits on are released at its issue. The lowest pending
      // register it names is the PENDING_REG fault's: the one no other is below.
      sig_live   = sreg_v_q[w*16 +: 16] & ~waits_w[w];
      ref_pend   = '0;
      ref_lowest = '0;
      lowest     = 6'd0;
      if (sig_live != 16'd0)   // (only then, and only the live signals: cheaper to simulate)
        for (int s = 0; s < 16; s++)
          if (sig_live[s])
            for (int i = 0; i < NRef; i++)
              if (ref_used[i] && sreg_q[(w*16 + s)*6 +: 6] == ref_reg[i*6 +: 6]) ref_pend[i] = 1'b1;
      if (ref_pend != '0)
        for (int i = 0; i < NRef; i++) begin
          ref_lowest[i] = ref_pend[i];
          for (int j = 0; j < NRef; j++)
            if (ref_pend[j] && (ref_reg[j*6 +: 6] < ref_reg[i*6 +: 6] || (ref_reg[j*6 +: 6] == ref_reg[i*6 +: 6] && j < i)))
              ref_lowest[i] = 1'b0;
          lowest = lowest | (ref_reg[i*6 +: 6] & {6{ref_lowest[i]}});
        end

      is_branch = pre[gpu_predecode_pkg::P_IS_BRANCH];
      is_lds    = pre[gpu_predecode_pkg::P_IS_LDS];
      is_end    = pre[gpu_predecode_pkg::P_IS_END];
      pc_bad    = !is_branch && !is_end && ({1'b0, cur_pc[w]} + 13'd1 >= num_insts_i);

      // faults, in docs/isa.md order (the signal stall sits between CONST_WRITE and PENDING_REG)
      early         = !legal || const_write;
      fault_code[w] = gpu_isa_pkg::FAULT_NONE;
      fault_reg[w]  = 6'd0;
      fault_addr[w] = 32'd0;
      if (!legal)
        fault_code[w] = gpu_isa_pkg::FAULT_ILLEGAL_INST;
      else if (const_write) begin
        fault_code[w] = gpu_isa_pkg::FAULT_CONST_WRITE;
        fault_reg[w]  = dest;
      end else if (!sig_stall[w] && ref_pend != '0) begin
        fault_code[w] = gpu_isa_pkg::FAULT_PENDING_REG;
        fault_reg[w]  = lowest;
      end else if (!sig_stall[w] && pc_bad) begin
        fault_code[w] = gpu_isa_pkg::FAULT_PC_OUT_OF_RANGE;
        fault_addr[w] = {20'd0, cur_pc[w]} + 32'd1;
      end

      // execution class
      fp_fixed = pre[gpu_predecode_pkg::P_FP_FIXED];
      fdiv     = pre[gpu_predecode_pkg::P_FDIV];
      sdiv     = pre[gpu_predecode_pkg::P_SDIV];
      red      = pre[gpu_predecode_pkg::P_RED];
      valu     = pre[gpu_predecode_pkg::P_VALU];
      var_lat  = !early && (fdiv || sdiv || red);
      serial[w]   = var_lat || pre[gpu_predecode_pkg::P_SERIAL];
      // A vector instruction goes through the execute stage one window of lanes a cycle,
      // and the integer ALU and the f32 pipe write back its result so. Its issue-to-writeback
      // cycles and writeback windows come from its class, as constants: a faulting instruction
      // takes LatInt and one window (gpu_cu writes it back from its two-cycle stage; a vector
      // instruction of that stage, a global access, reaches it after its last window). Both
      // cases are checked side by side; the fault picks one.
      faulting  = fault_code[w] != gpu_isa_pkg::FAULT_NONE;
      nf_wide   = pre[gpu_predecode_pkg::P_WIDE];
      if (fp_fixed) begin
        nf_lat  = LatW'(LatFp);
        nf_span = nf_wide ? span_of(LatFp, Passes) : span_of(LatFp, 1);
      end else if (pre[gpu_predecode_pkg::P_XLAT]) begin
        nf_lat  = LatW'(LatXlane);
        nf_span = nf_wide ? span_of(LatXlane, Passes) : span_of(LatXlane, 1);
      end else if (valu) begin
        nf_lat  = LatW'(LatValu);
        nf_span = nf_wide ? span_of(LatValu, Passes) : span_of(LatValu, 1);
      end else if (is_lds && fmt == gpu_isa_pkg::FMT_LDS_LOAD && Passes == 1) begin
        // (an LDS load retires a cycle later than the other p2 instructions: gpu_cu_writeback's lx)
        nf_lat  = LatW'(LatInt + 1);
        nf_span = span_of(LatInt + 1, 1);
      end else if (nf_wide) begin
        nf_lat  = LatW'(LatInt + Passes - 1);
        nf_span = span_of(LatInt + Passes - 1, 1);
      end else begin
        nf_lat  = LatW'(LatInt);
        nf_span = span_of(LatInt, 1);
      end
      nf_nwin   = (nf_wide && (fp_fixed || valu)) ? LatW'(Passes) : LatW'(1);
      wide_w[w] = !faulting && nf_wide;
      lat_w[w]  = faulting ? LatW'(LatInt) : nf_lat;
      nwin_w[w] = faulting ? LatW'(1) : nf_nwin;
      span_w[w] = faulting ? span_of(LatInt, 1) : nf_span;
      // (the writeback check: no reserved cycle in its span, and after the slot's last fixed-latency result)
      wb_ok_f   = var_lat || (((resv_q | var_resv_i) & span_of(LatInt, 1)) == '0 && !var_wait_i &&
                              LatW'(LatInt) > wblast_q[w*LatW +: LatW]);
      wb_ok_nf  = var_lat || (((resv_q | var_resv_i) & nf_span) == '0 && !var_wait_i &&
                              nf_lat > wblast_q[w*LatW +: LatW]);
      wb_ok     = faulting ? wb_ok_f : wb_ok_nf;
      fixed_w[w]  = !var_lat;
      is_lds_w[w] = is_lds;
      fetch_next[w] = !is_branch && !is_end;
      dest_w[w]   = dest;
      sb_set[w]   = writes_dest && !gret_w[w] && dest >= 6'd16;

      unit_ok   = (!is_lds || lds_free_i) && (!fdiv || divsqrt_free_i) && (!sdiv || sdiv_free_i) && (!red || red_free_i) &&
                  (!is_gmem || gmem_free_i) && (!valu || valu_free_i);
      gmem_stall[w] = is_gmem && !gmem_free_i;
      // (`end` also waits for the slot's LDS results: a later one would write the next wave's registers)
      lds_wait[w]   = is_end && busy_q[w*64 +: 64] != 64'd0;
      // (waiting for the LDS, or for an LDS result: the LDS stall counter's)
      lds_stall[w]  = (is_lds && !lds_free_i) || (ref_busy & ref_ldsb) != '0 || lds_wait[w];
      base      = live_q[w] && cur_valid[w] && !ser_q[w] && !bar_q[w] && !hold_i[w] && !stop_i && ex_free;

      if (faulting)
        ready[w] = base && wb_ok;
      else
        ready[w] = base && !sig_stall[w] && ref_busy == '0 && unit_ok && (!serial[w] || inflight_q[w*3 +: 3] == 3'd0) &&
                   !lds_wait[w] && wb_ok;
    end

    // Stall attribution for the counters (a ready slot that lost the tie is not stalled).
    always_comb begin
      stall_dep_o[w] = 1'b0;
      stall_mem_o[w] = 1'b0;
      stall_bar_o[w] = 1'b0;
      stall_lds_o[w] = 1'b0;
      stall_fetch_o[w] = 1'b0;
      if (live_q[w] && !stop_i && !(is_valid_o && is_slot_o == w) && !ready[w]) begin
        if (bar_q[w])                                          stall_bar_o[w] = 1'b1;
        else if (hold_i[w])                                    stall_lds_o[w] = 1'b1;
        else if (cur_valid[w] && !ser_q[w] && lds_stall[w])    stall_lds_o[w] = 1'b1;
        else if (cur_valid[w] && !ser_q[w] && (sig_stall[w] || gmem_stall[w])) stall_mem_o[w] = 1'b1;
        else if (!cur_valid[w] && !ser_q[w])                   stall_fetch_o[w] = 1'b1;
        else                                                   stall_dep_o[w] = 1'b1;
      end
    end
  end

  // ------------------------------------------------------------------ selection
  wire   pick = (ready[0] && ready[1]) ? !last_q : ready[1];
  assign is_valid_o      = ready[0] || ready[1];
  assign is_wide_o       = wide_w[pick];
  assign is_slot_o       = pick;
  assign is_pc_o         = cur_pc[pick];
  assign is_inst_o       = cur_inst[pick];
  assign {is_fmt_o, is_unit_o, is_fn_o, is_opcode_o, is_writes_dest_o, is_dest_o, is_mask_o, is_src_used_o, is_src_kind_o,
          is_src_reg_o, is_src_lit_o, is_src_mask_o, is_target_o, is_sigs_o, is_sig_o, is_noret_o,
          is_offset_o} = dec_w[pick];
  assign is_fault_o      = fault_code[pick];
  assign is_fault_reg_o  = fault_reg[pick];
  assign is_fault_addr_o = fault_addr[pick];

  wire issue_faults = is_valid_o && is_fault_o != gpu_isa_pkg::FAULT_NONE;
  wire issue_fetch  = is_valid_o && !issue_faults && fetch_next[pick];

  // ------------------------------------------------------------------ fetch port: waiting slots first, then the issuing one
  logic        fetch_go;
  logic        fetch_wave;
  logic [11:0] fetch_pc;
  always_comb begin
    fetch_go   = 1'b1;
    fetch_wave = 1'b0;
    fetch_pc   = need_pc_q[11:0];
    if (need_q[0]) begin
      fetch_wave = 1'b0;
      fetch_pc   = need_pc_q[11:0];
    end else if (need_q[1]) begin
      fetch_wave = 1'b1;
      fetch_pc   = need_pc_q[23:12];
    end else if (issue_fetch) begin
      fetch_wave = pick;
      fetch_pc   = is_pc_o + 12'd1;
    end else
      fetch_go = 1'b0;
  end
  assign imem_re_o    = fetch_go;
  assign imem_raddr_o = fetch_pc;

  // ------------------------------------------------------------------ outputs
  assign sig_pending_o = sigp_q;
  assign wave_id_o     = wave_id_q;
  assign group_o       = group_q;
  assign inflight_o    = {inflight_q[5:3] != 3'd0, inflight_q[2:0] != 3'd0};
  assign live_o = live_q;
  assign two_o  = two_q;
  assign resv_o = resv_q;

  // ------------------------------------------------------------------ state update
  wire [1:0] bar_release = two_q ? ((bar_q | ~live_q) == 2'b11 && bar_q != 2'b00 ? 2'b11 : 2'b00) : bar_q;

  always_ff @(posedge clk_i) begin
    resv_q <= resv_q >> 1;
    if (ex_left_q != '0) ex_left_q <= ex_left_q - LatW'(1);
    if (is_valid_o && wide_w[pick]) ex_left_q <= LatW'(Passes);
    for (int w = 0; w < 2; w++)
      if (wblast_q[w*LatW +: LatW] != '0) wblast_q[w*LatW +: LatW] <= wblast_q[w*LatW +: LatW] - LatW'(1);

    // fetch arrival: into the buffer unless it issues straight away
    if (f_valid_q && !(is_valid_o && is_slot_o == f_wave_q && !ib_valid_q[f_wave_q]))
      for (int w = 0; w < 2; w++)
        if (f_wave_q == w[0]) begin
          ib_valid_q[w]       <= 1'b1;
          ib_q[w*64 +: 64]    <= imem_rdata_i;
          ib_pc_q[w*12 +: 12] <= f_pc_q;
          ib_pre_q[w*PreW +: PreW] <= imem_pre_i;
        end
    f_valid_q <= fetch_go;
    f_wave_q  <= fetch_wave;
    f_pc_q    <= fetch_pc;
    if (fetch_go) need_q[fetch_wave] <= 1'b0;

    // barrier release
    for (int w = 0; w < 2; w++)
      if (bar_release[w]) bar_q[w] <= 1'b0;

    // issue
    if (is_valid_o) begin
      last_q <= pick;
      ib_valid_q[pick] <= 1'b0;
      // (per slot, so that every index is a constant: no multiplier for Yosys to share)
      for (int w = 0; w < 2; w++)
        if (pick == w[0]) begin
          if (issue_fetch && (need_q != 2'b00)) begin
            need_q[w]    <= 1'b1;
            need_pc_q[w*12 +: 12] <= is_pc_o + 12'd1;
          end
          inflight_q[w*3 +: 3] <= inflight_q[w*3 +: 3] + 3'd1;
          if (issue_faults || fixed_w[w]) begin
            wblast_q[w*LatW +: LatW] <= lat_w[w] - LatW'(1) + nwin_w[w] - LatW'(1);
            for (int j = 0; j < ResvW - 1; j++)
              if (span_w[w][j + 1]) resv_q[j] <= 1'b1;
          end
          if (issue_faults) begin
            ser_q[w]  <= 1'b1;
          end else begin
            ser_q[w]     <= serial[w];
            if (sb_set[w]) begin
              busy_q[{w[0], dest_w[w]}] <= 1'b1;
              ldsb_q[{w[0], dest_w[w]}] <= is_lds_w[w];
            end
            // signals waited on at issue release their pending destinations
            for (int s = 0; s < 16; s++)
              if (waits_w[w][s]) sreg_v_q[w*16 + s] <= 1'b0;
            // a global access makes its slot pending, and a load's destination
            for (int s = 0; s < 16; s++)
              if (gsig_w[w][s]) begin
                sigp_q[w*16 + s]          <= 1'b1;
                sreg_q[(w*16 + s)*6 +: 6] <= dest_w[w];
                sreg_v_q[w*16 + s]        <= gret_w[w];
              end
          end
        end
    end

    // writeback of an instruction
    if (wb_commit_i) begin
      for (int w = 0; w < 2; w++)   // (per slot: constant indexes)
        if (wb_slot_i == w[0]) begin
          inflight_q[w*3 +: 3] <= inflight_q[w*3 +: 3] - 3'd1 + ((is_valid_o && pick == w[0]) ? 3'd1 : 3'd0);
          if (wb_serial_i) ser_q[w] <= 1'b0;
          if (wb_redirect_i) begin
            need_q[w]    <= 1'b1;
            need_pc_q[w*12 +: 12] <= wb_next_pc_i;
          end
          if (wb_end_i) begin
            live_q[w]     <= 1'b0;
            need_q[w]     <= 1'b0;
            ib_valid_q[w] <= 1'b0;
          end
          if (wb_barrier_i) bar_q[w] <= 1'b1;
          if (wb_sigdone_i)
            for (int s = 0; s < 16; s++)
              if (wb_sigs_i[s] && !sigp_q[w*16 + s]) sreg_v_q[w*16 + s] <= 1'b0;
        end
    end
    // a register written back (by an instruction's commit, or an LDS result's)
    if (wb_sb_clear_i)
      for (int w = 0; w < 2; w++)
        if (wb_slot_i == w[0] && !(is_valid_o && pick == w[0] && sb_set[w] && dest_w[w] == wb_sb_reg_i))
          busy_q[{w[0], wb_sb_reg_i}] <= 1'b0;
    if (lds_side_i)
      for (int w = 0; w < 2; w++)
        if (lds_side_slot_i == w[0] && !(is_valid_o && pick == w[0] && sb_set[w] && dest_w[w] == lds_side_reg_i))
          busy_q[{w[0], lds_side_reg_i}] <= 1'b0;
    if (memdone_i) sigp_q[{memdone_slot_i, memdone_sig_i}] <= 1'b0;

    // placement
    if (place_i) begin
      two_q <= place_two_i;
      for (int w = 0; w < 2; w++)
        if (place_two_i || (w == 0 ? !place_slot_i : place_slot_i)) begin
          live_q[w]     <= 1'b1;
          wave_id_q[w*32 +: 32] <= place_two_i ? {15'd0, place_group_i, w == 1} : {16'd0, place_group_i};
          group_q[w*16 +: 16]   <= place_group_i;
          ib_valid_q[w]         <= 1'b0;
          need_q[w]             <= 1'b1;
          need_pc_q[w*12 +: 12] <= 12'd0;
          ser_q[w]              <= 1'b0;
          bar_q[w]              <= 1'b0;
          sigp_q[w*16 +: 16]    <= 16'd0;
          sreg_v_q[w*16 +: 16]  <= 16'd0;
          busy_q[w*64 +: 64]    <= 64'd0;
          inflight_q[w*3 +: 3]  <= 3'd0;
        end
    end

    if (rst_i) begin
      live_q     <= 2'b00;
      two_q      <= 1'b0;
      ib_valid_q <= 2'b00;
      f_valid_q  <= 1'b0;
      need_q     <= 2'b00;
      ser_q      <= 2'b00;
      bar_q      <= 2'b00;
      resv_q     <= '0;
      ex_left_q  <= '0;
      last_q     <= 1'b1;
      inflight_q <= '0;
      wblast_q   <= '0;
      sigp_q     <= '0;
      busy_q     <= '0;
      sreg_v_q   <= '0;
    end
  end

endmodule

`default_nettype wire
