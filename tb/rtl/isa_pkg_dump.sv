// SPDX-License-Identifier: Apache-2.0
// isa_pkg_dump: prints the decode tables of gpu_isa_pkg, one opcode per line
// ("op valid fmt unit aux" in decimal), the used bits of each format and the
// class of each ALU function, so tb/test_isa.c can compare the
// generated Verilog package with the C expansion of csrc/isa.def.
`default_nettype none

module isa_pkg_dump;
  integer op;
  initial begin
    for (op = 0; op < 256; op = op + 1) begin
      $display("%0d %0d %0d %0d %0d", op, gpu_isa_pkg::OPCODE_VALID[op],
               gpu_isa_pkg::OPCODE_FMT[op*5 +: 5], gpu_isa_pkg::OPCODE_UNIT[op*4 +: 4],
               gpu_isa_pkg::OPCODE_AUX[op*6 +: 6]);
    end
    for (op = 0; op < 32; op = op + 1) begin
      if (op * 64 < $bits(gpu_isa_pkg::FMT_USED_BITS))
        $display("fmtbits %0d %h", op, gpu_isa_pkg::FMT_USED_BITS[op*64 +: 64]);
    end
    for (op = 0; op < 64; op = op + 1)
      $display("fnclass %0d %0d", op, gpu_isa_pkg::FN_CLASS[op*2 +: 2]);
    $display("fields %0d %0d %0d %0d %0d %0d", gpu_isa_pkg::F_OPCODE_HI, gpu_isa_pkg::F_D_LO,
             gpu_isa_pkg::F_M_LO, gpu_isa_pkg::F_LK_LO, gpu_isa_pkg::F_SIG_LO, gpu_isa_pkg::F_OFFSET_HI);
    $finish;
  end
endmodule

`default_nettype wire
