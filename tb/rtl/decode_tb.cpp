// SPDX-License-Identifier: Apache-2.0
// decode_tb: the RTL decoder (rtl/gpu_decode.sv) against the C expansion of
// the same table (csrc/isa.c): legality, destination and constant-write
// decisions must agree on every word tried. Prints PASS/FAIL lines.
#include "Vgpu_decode.h"
#include "verilated.h"

#include "isa.h"

#include <cstdint>
#include <cstdio>

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t next_rand()
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

int main(int argc, char **argv)
{
    Verilated::commandArgs(argc, argv);
    Vgpu_decode dut;
    unsigned long tried = 0, legal = 0;
    int failures = 0;
    char why[256] = "";
    for (unsigned long i = 0; i < 1000000 && !failures; i++) {
        uint64_t w = next_rand();
        // Bias toward legal words: keep the opcode, clear bits the format does not use.
        const isa_op_info *op = isa_op((uint8_t)(w >> 56));
        // Half the words: search for a legal word of this opcode, then flip one bit of it,
        // so both sides of every legality rule are exercised.
        if (op->mnemonic && (i & 1)) {
            for (int t = 0; t < 256; t++) {
                uint64_t c = (next_rand() & isa_fmt_fields(op->fmt)) | (w & 0xff00000000000000ull);
                if (isa_valid(c)) { w = c; break; }
            }
            if (i & 2) w ^= 1ull << (next_rand() % 56);
        }
        dut.inst_i = w;
        dut.eval();
        tried++;
        bool want = isa_valid(w);
        legal += want;
        if ((bool)dut.legal_o != want) {
            snprintf(why, sizeof why, "word 0x%016llx: RTL legal=%d, isa_valid=%d", (unsigned long long)w,
                     dut.legal_o, want);
            failures++;
        } else if (want && (bool)dut.writes_dest_o != isa_writes_dest(w)) {
            snprintf(why, sizeof why, "word 0x%016llx (%s): RTL writes_dest=%d, C %d", (unsigned long long)w,
                     op->mnemonic, dut.writes_dest_o, isa_writes_dest(w));
            failures++;
        } else if (want && (bool)dut.const_write_o != (isa_writes_dest(w) && ISA_GET(w, D) < 16)) {
            snprintf(why, sizeof why, "word 0x%016llx (%s): RTL const_write=%d", (unsigned long long)w, op->mnemonic,
                     dut.const_write_o);
            failures++;
        }
    }
    if (!failures && legal < tried / 8) {
        snprintf(why, sizeof why, "only %lu of %lu words were legal: the test is not exercising decode", legal, tried);
        failures++;
    }
    if (failures)
        printf("FAIL rtl_decode_matches_isa_table: %s\n", why);
    else
        printf("PASS rtl_decode_matches_isa_table (%lu words, %lu legal)\n", tried, legal);
    return failures != 0;
}
