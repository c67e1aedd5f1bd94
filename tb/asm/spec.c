/* SPDX-License-Identifier: Apache-2.0 */
/* This test's own description of each format's operands (from docs/isa.md,
 * not from the assembler's table) and the operand variants: text and the
 * field value it must encode to. */
#include "asm_test.h"

/* ---- This test's own description of each format's operands ---- */

int spec(const isa_op_info *op, sslot *s, unsigned *mods)
{
    int n = 0;
    *mods = 0;
#define ADD(kind, F) do { sslot x_ = { kind, FLD(F) }; s[n++] = x_; } while (0)
    switch (op->fmt) {
    case ISA_FMT_NONE: break;
    case ISA_FMT_ALU1: ADD(S_DEST, D); ADD(S_LONG, LV); break;
    case ISA_FMT_ALU2: ADD(S_DEST, D); ADD(S_SHORT, A); ADD(S_LONG, LV); break;
    case ISA_FMT_ALU3: ADD(S_DEST, D); ADD(S_SHORT, A); ADD(S_SHORT, B3); ADD(S_SHORT, C3); break;
    case ISA_FMT_MOV: ADD(S_DEST, D); ADD(S_MASK, M); ADD(S_LONG, LV); break;
    case ISA_FMT_SEL: ADD(S_DEST, D); ADD(S_MASK, M); ADD(S_SHORT, SEL_F); ADD(S_SHORT, SEL_T); break;
    case ISA_FMT_BR: ADD(S_TARGET, TARGET); break;
    case ISA_FMT_BRS: ADD(S_TARGET, TARGET); ADD(S_SHORT, A); break;
    case ISA_FMT_BRM: ADD(S_TARGET, TARGET); ADD(S_MASK, M); break;
    case ISA_FMT_SIGD:
    case ISA_FMT_SIGW:
        if (op->fmt == ISA_FMT_SIGD) ADD(S_DEST, D);
        if (op->aux >= 1) ADD(S_SIGN, S1);
        if (op->aux >= 2) ADD(S_SIGN, S2);
        if (op->aux >= 3) ADD(S_SIGN, S3);
        if (op->aux >= 4) ADD(S_SIGN, S4);
        break;
    case ISA_FMT_SIGBR:
        ADD(S_TARGET, TARGET);
        if (op->aux >= 1) ADD(S_SIGN, SB1);
        if (op->aux >= 2) ADD(S_SIGN, SB2);
        if (op->aux >= 3) ADD(S_SIGN, SB3);
        if (op->aux >= 4) ADD(S_SIGN, SB4);
        break;
    case ISA_FMT_LDS_LOAD: ADD(S_DEST, D); ADD(S_MASK, M); ADD(S_ADDR, ADDR); *mods = M_OFF; break;
    case ISA_FMT_LDS_STORE: ADD(S_ADDR, ADDR); ADD(S_MASK, M); ADD(S_SHORT, V); *mods = M_OFF; break;
    case ISA_FMT_LDS_ATOMIC:
        ADD(S_DEST, D); ADD(S_MASK, M); ADD(S_ADDR, ADDR); ADD(S_SHORT, V);
        *mods = M_OFF | M_NORET;
        break;
    case ISA_FMT_GLOBAL_LOAD: ADD(S_SIG, SIG); ADD(S_DEST, D); ADD(S_MASK, M); ADD(S_ADDR, ADDR); *mods = M_SC | M_NT; break;
    case ISA_FMT_GLOBAL_STORE:
        ADD(S_SIG, SIG); ADD(S_ADDR, ADDR); ADD(S_MASK, M); ADD(S_SHORT, V);
        *mods = M_SC | M_NT;
        break;
    case ISA_FMT_GLOBAL_ATOMIC:
        ADD(S_SIG, SIG); ADD(S_DEST, D); ADD(S_MASK, M); ADD(S_ADDR, ADDR); ADD(S_SHORT, V);
        *mods = M_SC | M_NT | M_NORET;
        break;
    case ISA_FMT_CACHE: ADD(S_SIG, SIG); break;
    default: return -1;
    }
#undef ADD
    return n;
}

uint64_t put_slot(uint64_t w, const sslot *s, uint64_t v)
{
    if (s->k == S_LONG) {
        w = ISA_SET(w, LK, v >> 32);
        return ISA_SET(w, LV, v & 0xffffffffu);
    }
    return isa_put(w, s->hi, s->lo, v);
}

/* ---- Operand variants: text and the field value it must encode to ---- */

#define KS ((uint64_t)ISA_KIND_S)
#define KM ((uint64_t)ISA_KIND_M)

const var dest_vars[] = { { "v16", 16 }, { "v63", 63 }, { "buf", 40 }, { "v47", 47 } };
const var addr_vars[] = { { "v16", 16 }, { "v63", 63 }, { "args", 15 }, { "zero", 0 }, { "buf", 40 }, { "sid", 2 } };
const var mask_vars[] = {
    { "one", MK(1, 0, 1, 0) },          { "lo16", MK(8, 0, 1, 0) },      { "v17 & ~lo16", MK(17, 0, 8, 1) },
    { "~n2nd & ch4", MK(5, 1, 10, 0) }, { "~v31 & ~v0", MK(31, 1, 0, 1) }, { "~zero", MK(0, 1, 1, 0) },
    { "v31&v30", MK(31, 0, 30, 0) },    { "mreg", MK(20, 0, 1, 0) },     { "one & v17", MK(1, 0, 17, 0) },
    { "~one & ~one", MK(1, 1, 1, 1) },  { "~ alo8", MK(11, 1, 1, 0) },
};
/* Register, Sreg and mask sources: the same payload in short and long positions. */
const var reg_src_vars[] = {
    { "v16", KV << 32 | 16 },   { "v63", KV << 32 | 63 },   { "sid", KV << 32 | 2 },  { "args", KV << 32 | 15 },
    { "buf", KV << 32 | 40 },   { "zero", KV << 32 | 0 },   { "v20[0]", KS << 32 | 20 }, { "one[0]", KS << 32 | 1 },
    { "v63[0]", KS << 32 | 63 }, { "buf[0]", KS << 32 | 40 }, { "v20 [ 0 ]", KS << 32 | 20 },
    { "v20 & one", KM << 32 | MK(20, 0, 1, 0) },   { "~lo16", KM << 32 | MK(8, 1, 1, 0) },
    { "v17 & ~lo16", KM << 32 | MK(17, 0, 8, 1) }, { "~v31 & ~v0", KM << 32 | MK(31, 1, 0, 1) },
    { "~n2nd&ch4", KM << 32 | MK(5, 1, 10, 0) },   { "mreg & ~mreg", KM << 32 | MK(20, 0, 20, 1) },
};
/* Literals that fit a 12-bit short source (value = the 32-bit pattern). */
const var short_lit_vars[] = {
    { "0", 0 },        { "2047", 0x7ff },    { "-2048", 0xfffff800 }, { "-1", 0xffffffff },
    { "0xFFFFFFFF", 0xffffffff }, { "0xfffff800", 0xfffff800 }, { "0x7ff", 0x7ff }, { "K", 0xfffffff9 },
    { "-K", 7 },       { "0.0", 0 },         { "0.0f", 0 },           { "- 5", 0xfffffffb },
    { "007", 7 },      { "0X7fF", 0x7ff },
};
/* Literals only a long source holds. */
const var long_lit_vars[] = {
    { "2048", 0x800 },              { "-2049", 0xfffff7ff },        { "-2147483648", 0x80000000 },
    { "4294967295", 0xffffffff },   { "0x80000000", 0x80000000 },   { "2147483647", 0x7fffffff },
    { "123456789", 123456789 },     { "1.5", 0x3fc00000 },          { "-0.0", 0x80000000 },
    { "1e-3", 0x3a83126f },         { "2.0f", 0x40000000 },         { "2f", 0x40000000 },
    { "inf", 0x7f800000 },          { "-inf", 0xff800000 },         { "nan", 0x7fc00000 },
    { "-nan", 0xffc00000 },         { "3.4028235e38", 0x7f7fffff }, { "1e-45", 0x00000001 },
    { "0.1", 0x3dcccccd },          { "1E3", 0x447a0000 },          { "F", 0x3f000000 },
    { "-F", 0xbf000000 },           { "1.17549435e-38", 0x00800000 }, { "16777217", 16777217 },
    { "16777217.0", 0x4b800000 },   { "1.e2", 0x42c80000 },         { "25e+1F", 0x437a0000 },
};
const var target_vars[] = { { "0", 0 }, { "4294967295", 0xffffffff }, { "0x10", 16 }, { "KT", 7 }, { "4096", 4096 } };

void mod_vars(modvar *m, unsigned *n)
{
    unsigned k = 0;
    m[k++] = (modvar){ "offset:0", M_OFF, 0 };
    m[k++] = (modvar){ "offset:1", M_OFF, fset(FLD(OFFSET), 1) };
    m[k++] = (modvar){ "offset:65535", M_OFF, fset(FLD(OFFSET), 65535) };
    m[k++] = (modvar){ "offset:0x100", M_OFF, fset(FLD(OFFSET), 256) };
    m[k++] = (modvar){ "offset : 4", M_OFF, fset(FLD(OFFSET), 4) };
    m[k++] = (modvar){ "offset:KT", M_OFF, fset(FLD(OFFSET), 7) };
    m[k++] = (modvar){ "sc:wave", M_SC, 0 };
    m[k++] = (modvar){ "sc:group", M_SC, fset(FLD(SCOPE), 1) };
    m[k++] = (modvar){ "sc:device", M_SC, fset(FLD(SCOPE), 2) };
    m[k++] = (modvar){ "sc:system", M_SC, fset(FLD(SCOPE), 3) };
    m[k++] = (modvar){ "nt", M_NT, fset(FLD(NT), 1) };
    m[k++] = (modvar){ "noret", M_NORET, fset(FLD(NORET), 1) };
    *n = k;
}

