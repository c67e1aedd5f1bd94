/* SPDX-License-Identifier: Apache-2.0 */
/* Assemble / disassemble round trips: canonical words from random field
 * values, random words, f32 literals and whole programs. */
#include "asm_test.h"

/* ---- Canonical words from random field values ---- */

static const uint32_t special_f32[] = {
    0x3fc00000, 0x80000000, 0x00000000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000, 0x7fc00001,
    0xff800001, 0x00000001, 0x807fffff, 0x7f7fffff, 0x00800000, 0x3dcccccd, 0x4b800000, 0x5f800000,
    0x42c80000, 0x4f000000, 0xcf000000, 0x3f800000, 0x501502f9, 0x2f800000,
};

static uint64_t rnd_src(bool is_long)
{
    uint64_t kind = prng_below(&rng, 4);
    uint64_t p;
    if (kind == ISA_KIND_V || kind == ISA_KIND_S) p = prng_below(&rng, 64);
    else if (kind == ISA_KIND_M || !is_long) p = prng_below(&rng, 4096);
    else if (prng_below(&rng, 4) == 0) p = special_f32[prng_below(&rng, sizeof special_f32 / sizeof *special_f32)];
    else if (prng_below(&rng, 4) == 0) p = (uint32_t)((int32_t)prng_below(&rng, 200001) - 100000);
    else p = (uint32_t)prng_u64(&rng);
    return is_long ? (kind << 32 | p) : (kind << 12 | p);
}

/* A random canonical word of opcode op, built field by field. */
static uint64_t gen_canonical(const isa_op_info *op)
{
    sslot s[8];
    unsigned mods;
    int n = spec(op, s, &mods);
    uint64_t w = fset(FLD(OPCODE), op->opcode);
    for (int i = 0; i < n; i++) {
        uint64_t v = 0;
        switch (s[i].k) {
        case S_DEST: v = prng_below(&rng, 10) == 0 ? prng_below(&rng, 64) : 16 + prng_below(&rng, 48); break;
        case S_ADDR: v = prng_below(&rng, 64); break;
        case S_MASK: v = prng_below(&rng, 4096); break;
        case S_SHORT: v = rnd_src(false); break;
        case S_LONG: v = rnd_src(true); break;
        case S_TARGET: v = prng_below(&rng, 3) ? prng_below(&rng, 5000) : (uint32_t)prng_u64(&rng); break;
        case S_SIG:
        case S_SIGN: v = prng_below(&rng, 16); break;
        }
        w = put_slot(w, &s[i], v);
    }
    if (mods & M_OFF) w |= fset(FLD(OFFSET), prng_below(&rng, 2) ? prng_below(&rng, 65536) : 0);
    if (mods & M_SC) w |= fset(FLD(SCOPE), prng_below(&rng, 4));
    if (mods & M_NT) w |= fset(FLD(NT), prng_below(&rng, 2));
    if (mods & M_NORET) w |= fset(FLD(NORET), prng_below(&rng, 2));
    return w;
}

void test_canonical_words_roundtrip(void)
{
    check_case t;
    case_init(&t);
    prng_seed(&rng, 0xC0FFEE);
    for (unsigned opc = 0; opc < 256; opc++) {
        const isa_op_info *op = isa_op((uint8_t)opc);
        if (!op->mnemonic) continue;
        for (unsigned it = 0; it < 300 && t.ok; it++) {
            uint64_t w = gen_canonical(op);
            t.cases++;
            if (!isa_valid(w)) {
                case_fail(&t, "constructed %s word %016llx is not valid (test and isa.def disagree)", op->mnemonic,
                      (unsigned long long)w);
                break;
            }
            roundtrip(&t, w);
        }
    }
    case_end_named(&t, "disasm_asm_roundtrip_random_canonical_words");
}

/* Disassembles words[0..n) into one program, reassembles it, compares. */
static void batch_roundtrip(check_case *t, const uint64_t *words, size_t n, unsigned *decoded)
{
    sbuf b = { 0 };
    char line[512];
    for (size_t i = 0; i < n; i++) {
        int len = disasm_inst(words[i], line, sizeof line);
        if (len <= 0 || (size_t)len >= sizeof line) {
            case_fail(t, "disasm_inst(%016llx) returned %d", (unsigned long long)words[i], len);
            sb_free(&b);
            return;
        }
        bool raw = strncmp(line, ".inst", 5) == 0;
        bool valid = isa_valid(words[i]);
        if (valid && !writes_const(words[i]) && raw)
            case_fail(t, "valid word %016llx printed raw: '%s'", (unsigned long long)words[i], line);
        if (!valid && !raw) case_fail(t, "invalid word %016llx printed as '%s'", (unsigned long long)words[i], line);
        if (!raw) (*decoded)++;
        sb_printf(&b, "%s\n", line);
    }
    kbin k;
    char err[512];
    if (as_src(b.s, b.n, &k, err, sizeof err)) {
        case_fail(t, "disassembly does not reassemble: %s", err);
    } else {
        if (k.num_insts != n) case_fail(t, "reassembled %u words, expected %zu", k.num_insts, n);
        for (size_t i = 0; i < n && i < k.num_insts; i++)
            if (k.insts[i] != words[i]) {
                disasm_inst(words[i], line, sizeof line);
                case_fail(t, "%016llx -> '%s' -> %016llx", (unsigned long long)words[i], line,
                      (unsigned long long)k.insts[i]);
                break;
            }
        kbin_free(&k);
    }
    t->cases += (unsigned)n;
    sb_free(&b);
}

void test_random_words_roundtrip(void)
{
    check_case t;
    case_init(&t);
    prng_seed(&rng, 0x5EED1234);
    uint8_t ops[256];
    unsigned nops = 0, decoded = 0;
    for (unsigned i = 0; i < 256; i++)
        if (isa_op((uint8_t)i)->mnemonic) ops[nops++] = (uint8_t)i;
    uint64_t *words = malloc(ISA_MAX_INSTS * sizeof *words);
    if (!words) { case_fail(&t, "out of memory"); case_end_named(&t, "disasm_asm_roundtrip_random_64bit_words"); return; }
    for (unsigned batch = 0; batch < 50 && t.ok; batch++) {
        for (unsigned i = 0; i < ISA_MAX_INSTS; i++) {
            /* a quarter fully random, a quarter with a defined opcode, half
             * with a defined opcode and only its format's fields set */
            uint64_t w = prng_u64(&rng);
            unsigned mode = prng_below(&rng, 4);
            if (mode >= 1) w = (w & ~fset(FLD(OPCODE), ~0ull)) | fset(FLD(OPCODE), ops[prng_below(&rng, nops)]);
            if (mode >= 2) w &= isa_fmt_fields(isa_op((uint8_t)ISA_GET(w, OPCODE))->fmt);
            words[i] = w;
        }
        batch_roundtrip(&t, words, ISA_MAX_INSTS, &decoded);
    }
    free(words);
    if (t.ok && decoded < 20000) case_fail(&t, "only %u of %u words were decoded; the test is too weak", decoded, t.cases);
    snprintf(t.note, sizeof t.note, ", %u decoded, the rest .inst", decoded);
    case_end_named(&t, "disasm_asm_roundtrip_random_64bit_words");
}

void test_f32_literals_roundtrip(void)
{
    check_case t;
    case_init(&t);
    prng_seed(&rng, 0xF32F32);
    uint64_t *words = malloc(ISA_MAX_INSTS * sizeof *words);
    unsigned decoded = 0, decimal = 0;
    if (!words) { case_fail(&t, "out of memory"); case_end_named(&t, "disasm_f32_literals_roundtrip"); return; }
    uint64_t base = fset(FLD(OPCODE), ISA_OP_ADD_F32) | fset(FLD(D), 16) | fset(FLD(A), 17) | fset(FLD(LK), ISA_KIND_L);
    for (unsigned batch = 0; batch < 12 && t.ok; batch++) {
        for (unsigned i = 0; i < ISA_MAX_INSTS; i++) {
            uint32_t bits = (batch == 0 && i < sizeof special_f32 / sizeof *special_f32) ? special_f32[i]
                          : (uint32_t)prng_u64(&rng);
            words[i] = base | bits;
            char line[128];
            disasm_inst(words[i], line, sizeof line);
            if (!strstr(line, "0x")) decimal++;
        }
        batch_roundtrip(&t, words, ISA_MAX_INSTS, &decoded);
    }
    free(words);
    if (t.ok && decimal < t.cases / 2) case_fail(&t, "only %u of %u literals printed as decimals", decimal, t.cases);
    snprintf(t.note, sizeof t.note, ", %u printed as decimals", decimal);
    case_end_named(&t, "disasm_f32_literals_roundtrip");
}

/* ---- Whole programs ---- */

const isa_op_info *random_op(void)
{
    for (;;) {
        const isa_op_info *op = isa_op((uint8_t)prng_below(&rng, 256));
        if (op->mnemonic) return op;
    }
}

void test_program_roundtrip(void)
{
    check_case t;
    case_init(&t);
    prng_seed(&rng, 0xABCDEF);
    unsigned with_labels = 0;
    for (unsigned it = 0; it < 300 && t.ok; it++) {
        kbin k = { 0 };   /* no line table */
        k.num_insts = it == 0 ? ISA_MAX_INSTS : 1 + prng_below(&rng, 200);
        k.lds_bytes = it == 1 ? ISA_LDS_BYTES : 4 * prng_below(&rng, ISA_LDS_BYTES / 4 + 1);
        k.waves_per_group = 1 + prng_below(&rng, 2);
        k.insts = malloc(k.num_insts * sizeof *k.insts);
        if (!k.insts) { case_fail(&t, "out of memory"); break; }
        for (uint32_t i = 0; i < k.num_insts; i++) {
            unsigned r = prng_below(&rng, 20);
            uint64_t w;
            if (r < 5) {   /* a branch, usually inside the program or just past its end */
                static const uint8_t br[] = { ISA_OP_BR, ISA_OP_BRZ, ISA_OP_BRNZ, ISA_OP_BR_ALL, ISA_OP_BR_ANY };
                w = gen_canonical(isa_op(br[prng_below(&rng, 5)]));
                w = ISA_SET(w, TARGET, prng_below(&rng, 8) ? prng_below(&rng, k.num_insts + 1) : (uint32_t)prng_u64(&rng));
            } else if (r == 5) {
                w = prng_u64(&rng);
            } else {
                w = gen_canonical(random_op());
            }
            k.insts[i] = w;
        }
        char *text = disasm_program(&k, prng_below(&rng, 2) ? DISASM_PC_COMMENTS : 0);
        if (!text) { case_fail(&t, "disasm_program returned NULL"); kbin_free(&k); break; }
        if (strstr(text, "\nL")) with_labels++;
        kbin b;
        char err[512];
        if (as_src(text, strlen(text), &b, err, sizeof err)) {
            case_fail(&t, "program %u does not reassemble: %s", it, err);
        } else {
            if (b.num_insts != k.num_insts || b.lds_bytes != k.lds_bytes || b.waves_per_group != k.waves_per_group)
                case_fail(&t, "program %u: header %u/%u/%u became %u/%u/%u", it, k.num_insts, k.lds_bytes,
                      k.waves_per_group, b.num_insts, b.lds_bytes, b.waves_per_group);
            for (uint32_t i = 0; t.ok && i < k.num_insts; i++)
                if (b.insts[i] != k.insts[i])
                    case_fail(&t, "program %u pc %u: %016llx became %016llx", it, i, (unsigned long long)k.insts[i],
                          (unsigned long long)b.insts[i]);
            kbin_free(&b);
        }
        free(text);
        kbin_free(&k);
        t.cases++;
    }
    if (t.ok && with_labels < 200) case_fail(&t, "only %u programs had labels", with_labels);
    snprintf(t.note, sizeof t.note, ", %u with labels", with_labels);
    case_end_named(&t, "disasm_program_roundtrip_with_labels_and_header");
}

