// SPDX-License-Identifier: Apache-2.0
// decode_tb: the RTL decoder (rtl/gpu_decode.sv) against the C expansion of
// the same table (csrc/isa.c): legality, destination and constant-write
// decisions, and every operand a legal word names (the three source slots'
// use, kind, register and literal, the mask operand, the signal slots), must
// agree on every word tried. Prints PASS/FAIL lines.
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

// The operands of a legal word as the C side reads isa.def's ISA_FMT_OPERANDS
// rows; "" if the RTL agrees, else what differs.
static const char *operands_differ(const Vgpu_decode &d, uint64_t w, char *buf, size_t len)
{
    const isa_op_info *op = isa_op((uint8_t)(w >> 56));
    const isa_fmt_operands *o = isa_fmt_ops(op->fmt);
    for (unsigned s = 0; s < 3; s++) {
        bool used = false;
        unsigned kind = 0, reg = 0;
        uint32_t lit = 0;
        uint32_t f = isa_field_get(w, o->src[s].field);
        switch (o->src[s].type) {
        case ISA_SRC_SHORT: used = true, kind = f >> 12 & 3, reg = f & 63, lit = isa_short_literal(f & 0xfff); break;
        case ISA_SRC_LONG: used = true, kind = ISA_GET(w, LK), reg = ISA_GET(w, LV) & 63, lit = ISA_GET(w, LV); break;
        case ISA_SRC_VREG: used = true, kind = ISA_KIND_V, reg = f & 63; break;
        case ISA_SRC_CAS_D: used = op->aux == ISA_FN_CAS, kind = used ? ISA_KIND_V : 0, reg = used ? f & 63 : 0; break;
        default: break;
        }
        bool r_used = d.src_used_o >> s & 1;
        unsigned r_kind = d.src_kind_o >> (2 * s) & 3, r_reg = d.src_reg_o >> (6 * s) & 63;
        uint32_t r_lit = d.src_lit_o[s];
        if (r_used != used || (used && (r_kind != kind || r_reg != reg)) ||
            (used && (o->src[s].type == ISA_SRC_SHORT || o->src[s].type == ISA_SRC_LONG) && r_lit != lit)) {
            snprintf(buf, len, "slot %c: RTL used=%d kind=%u reg=%u lit=0x%x, C used=%d kind=%u reg=%u lit=0x%x",
                     'a' + s, r_used, r_kind, r_reg, r_lit, used, kind, reg, lit);
            return buf;
        }
    }
    if ((bool)d.has_mask_o != o->mask) {
        snprintf(buf, len, "mask operand: RTL %d, C %d", d.has_mask_o, o->mask);
        return buf;
    }
    unsigned sig[4];
    unsigned n = isa_sig_operands(w, sig);
    for (unsigned k = 0; k < n; k++)
        if ((d.sigs_o >> (4 * k) & 15) != sig[k]) {
            snprintf(buf, len, "signal %u: RTL s%u, C s%u", k + 1, d.sigs_o >> (4 * k) & 15, sig[k]);
            return buf;
        }
    return "";
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
        } else if (want) {
            char diff[160];
            const char *d = operands_differ(dut, w, diff, sizeof diff);
            if (*d) {
                snprintf(why, sizeof why, "word 0x%016llx (%s): %s", (unsigned long long)w, op->mnemonic, d);
                failures++;
            }
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
