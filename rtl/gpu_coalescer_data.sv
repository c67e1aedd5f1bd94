// gpu_coalescer_data: the store-data crossbar of gpu_coalescer: for each
// word of the line, the data of the highest served lane whose address falls
// on that word (docs/isa.md 4.7: the highest lane's value wins), 0 where no
// served lane writes. Combinational; a module of its own so that synthesis
// maps it apart from the coalescer's lane selection.
`default_nettype none
// (not traced: its ports repeat the coalescer's buses)
/*verilator tracing_off*/

module gpu_coalescer_data (
  input  wire           en_i,       // a store or atomic request goes out (else wdata_o is 0)
  input  wire  [31:0]   lanes_i,    // the lanes the request serves
  input  wire  [1023:0] addr_i,     // byte address of lane l at [l*32 +: 32]
  input  wire  [1023:0] data_i,     // store data of lane l at [l*32 +: 32]
  output logic [511:0]  wdata_o     // word w at [w*32 +: 32]
);

  // Per word: the served lanes on it, the highest of them, and its data.
  for (genvar w = 0; w < 16; w++) begin : g_word
    logic [31:0] on_word;
    logic [4:0]  hi;
    always_comb begin
      on_word = '0;
      hi      = '0;
      if (en_i) begin   // (only then: an idle unit costs the simulator nothing)
        for (int l = 0; l < 32; l++)
          on_word[l] = lanes_i[l] && addr_i[l*32 + 2 +: 4] == w[3:0];
        for (int l = 0; l < 32; l++)
          if (on_word[l]) hi = l[4:0];
      end
    end
    assign wdata_o[w*32 +: 32] = on_word != '0 ? data_i[hi*32 +: 32] : 32'd0;
  end

endmodule

`default_nettype wire
