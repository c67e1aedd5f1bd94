/* SPDX-License-Identifier: Apache-2.0 */
/* Robustness: garbage, random tokens and mutated programs never crash the
 * assembler and either assemble or report an error. */
#include "asm_test.h"

/* Assembles src; on success the program must reassemble from its disassembly,
 * on failure the message must be well formed. */
static void check_robust(check_case *t, const char *src, size_t len, unsigned *ok_count)
{
    kbin k;
    char err[512], why[512];
    memset(err, 0, sizeof err);
    t->cases++;
    int rc = as_src(src, len, &k, err, sizeof err);
    if (rc != 0) {
        if (rc != -1 || k.insts) case_fail(t, "returned %d with output", rc);
        else if (!msg_well_formed(err, src, len, why, sizeof why)) case_fail(t, "%s (input %.100s)", why, src);
        return;
    }
    (*ok_count)++;
    if (k.num_insts < 1 || k.num_insts > ISA_MAX_INSTS || !k.insts || (k.waves_per_group != 1 && k.waves_per_group != 2) ||
        k.lds_bytes % 4 || k.lds_bytes > ISA_LDS_BYTES) {
        case_fail(t, "accepted input gave a bad kernel (%u insts, %u lds, %u waves)", k.num_insts, k.lds_bytes,
              k.waves_per_group);
    } else {
        char *text = disasm_program(&k, DISASM_PC_COMMENTS);
        kbin b;
        if (!text) case_fail(t, "disasm_program failed");
        else if (as_src(text, strlen(text), &b, err, sizeof err)) case_fail(t, "accepted input's disassembly fails: %s", err);
        else {
            if (b.num_insts != k.num_insts || memcmp(b.insts, k.insts, k.num_insts * sizeof *k.insts) ||
                b.lds_bytes != k.lds_bytes || b.waves_per_group != k.waves_per_group)
                case_fail(t, "accepted input does not survive disasm -> asm");
            kbin_free(&b);
        }
        free(text);
    }
    kbin_free(&k);
}

static const char GARBAGE_ALPHABET[] = "abcdefghijklmnopqrstuvwxyz_.0123456789vvvsss,,,&~[]:-+#;/ \t\t   \n\n\r\"'$()ex";

const char CORPUS[] =
    "# a kernel using every kind of syntax\n"
    ".waves 2\n.lds 256\n.equ N, 128\n.alias out, v16\n"
    "    global_load32 s0, out, one, args\n"
    "    sig_wait s0\n"
    "loop:\n"
    "    mul_lo  v17, wave, N               ; byte offset\n"
    "    shl     v18, sid, 2\n"
    "    add     v17, v17, v18\n"
    "    add     v17, v17, v16[0]\n"
    "    add_f32 v20, v17, 1.5\n"
    "    fma_f32 v21, v20, ~lo16, v17 & ~n2nd\n"
    "    mov v22, -0.0\n"
    "    select v23, lo16 & ~ch2, 3, -2048\n"
    "    global_store32 s1, v17, one, sid sc:device nt\n"
    "    local_atomic_cas v30, ~lo16, v17, v20 offset:16 noret\n"
    "    sig_waitall4 s1, s2, s3, s15\n"
    "    brnz loop, v20[0]\n"
    "    br_any done, v17 & lo16\n"
    "    s_div_i32 v24, v17[0], -7\n"
    "    .inst 0x0000000000000000\n"
    "done: end\n";

void test_robust_garbage(void)
{
    check_case t;
    case_init(&t);
    prng_seed(&rng, 0xBADC0DE);
    unsigned ok = 0;
    char buf[400];
    for (unsigned it = 0; it < 3000 && t.ok; it++) {
        size_t n = prng_below(&rng, sizeof buf);
        for (size_t i = 0; i < n; i++)
            buf[i] = prng_below(&rng, 16) == 0 ? (char)prng_below(&rng, 256) : GARBAGE_ALPHABET[prng_below(&rng, sizeof GARBAGE_ALPHABET - 1)];
        check_robust(&t, buf, n, &ok);
    }
    snprintf(t.note, sizeof t.note, ", %u assembled", ok);
    case_end_named(&t, "asm_robust_random_garbage_text");
}

/* A plausible instruction line: operands of the right kinds for the opcode. */
static void plausible_line(sbuf *b, const isa_op_info *op)
{
    sslot s[8];
    unsigned mods;
    int n = spec(op, s, &mods);
    sb_printf(b, "%s", op->mnemonic);
    for (int i = 0; i < n; i++) {
        const char *text = "v16";
        char sig[8];
        switch (s[i].k) {
        case S_DEST: text = dest_vars[prng_below(&rng, sizeof dest_vars / sizeof *dest_vars)].text; break;
        case S_ADDR: text = addr_vars[prng_below(&rng, sizeof addr_vars / sizeof *addr_vars)].text; break;
        case S_MASK: text = mask_vars[prng_below(&rng, sizeof mask_vars / sizeof *mask_vars)].text; break;
        case S_TARGET: text = prng_below(&rng, 2) ? "L1" : target_vars[prng_below(&rng, sizeof target_vars / sizeof *target_vars)].text; break;
        case S_SHORT:
        case S_LONG:
            if (prng_below(&rng, 2)) text = reg_src_vars[prng_below(&rng, sizeof reg_src_vars / sizeof *reg_src_vars)].text;
            else if (s[i].k == S_SHORT || prng_below(&rng, 2)) text = short_lit_vars[prng_below(&rng, sizeof short_lit_vars / sizeof *short_lit_vars)].text;
            else text = long_lit_vars[prng_below(&rng, sizeof long_lit_vars / sizeof *long_lit_vars)].text;
            break;
        case S_SIG:
        case S_SIGN: snprintf(sig, sizeof sig, "s%u", prng_below(&rng, 16)); text = sig; break;
        }
        sb_printf(b, "%s%s", i ? ", " : " ", text);
    }
    if ((mods & M_OFF) && prng_below(&rng, 2)) sb_printf(b, " offset:%u", prng_below(&rng, 65536));
    if ((mods & M_SC) && prng_below(&rng, 2)) sb_printf(b, " sc:group");
    if ((mods & M_NT) && prng_below(&rng, 2)) sb_printf(b, " nt");
    if ((mods & M_NORET) && prng_below(&rng, 2)) sb_printf(b, " noret");
}

void test_robust_tokens(void)
{
    static const char *vocab[] = {
        "v0", "v15", "v16", "v31", "v32", "v63", "v64", "v99", "one", "lo16", "sid", "args", "zero", "wave",
        "s0", "s15", "s16", "0", "1", "-1", "2047", "2048", "-2048", "-2049", "0xffffffff", "0x100000000",
        "1.5", "-0.0", "inf", "nan", "1e39", "1e", "0x", "2f", ",", ",", ",", ",", "&", "~", "[0]", "[1]", "[",
        "]", ":", "offset:4", "offset:", "offset:70000", "sc:wave", "sc:gpu", "nt", "noret", "L1", "L1:", "L2:",
        ".lds", ".waves", ".equ", ".alias", ".inst", "X", "X,", "#", "//", ";", "\n", "\n", "\n", "-", "4",
        "buf", "mreg", "K", "F", "KT", "v20[0]", "~v17 &",
    };
    const unsigned nv = sizeof vocab / sizeof *vocab;
    check_case t;
    case_init(&t);
    prng_seed(&rng, 0x70CE45);
    unsigned ok = 0;
    sbuf b = { 0 };
    for (unsigned it = 0; it < 4000 && t.ok; it++) {
        b.n = 0;
        sb_printf(&b, "%s", PRELUDE);
        unsigned lines = 1 + prng_below(&rng, 6);
        for (unsigned l = 0; l < lines; l++) {
            if (prng_below(&rng, 4) == 0) sb_printf(&b, "L1: ");
            unsigned r = prng_below(&rng, 4);
            if (r == 0) {   /* random tokens, perhaps after a mnemonic */
                if (prng_below(&rng, 2)) sb_printf(&b, "%s ", random_op()->mnemonic);
                unsigned ntok = prng_below(&rng, 12);
                for (unsigned i = 0; i < ntok; i++) sb_printf(&b, "%s%s", vocab[prng_below(&rng, nv)], prng_below(&rng, 4) ? " " : "");
            } else {        /* a plausible line, sometimes with one token too many or too few */
                size_t start = b.n;
                plausible_line(&b, random_op());
                if (r == 1 && b.n > start) {
                    size_t at = start + prng_below(&rng, (uint32_t)(b.n - start));
                    if (prng_below(&rng, 2)) {
                        b.n = at;   /* cut the line short */
                        b.s[b.n] = 0;
                    } else {
                        sb_printf(&b, " %s", vocab[prng_below(&rng, nv)]);
                    }
                }
            }
            sb_printf(&b, "\n");
        }
        if (prng_below(&rng, 2)) sb_printf(&b, "L1: end\n");
        check_robust(&t, b.s, b.n, &ok);
    }
    sb_free(&b);
    if (t.ok && (ok < 400 || ok > t.cases - 400))
        case_fail(&t, "%u of %u inputs assembled; the generator should give a mix", ok, t.cases);
    snprintf(t.note, sizeof t.note, ", %u assembled", ok);
    case_end_named(&t, "asm_robust_random_token_sequences");
}

void test_robust_mutations(void)
{
    check_case t;
    case_init(&t);
    prng_seed(&rng, 0x3117A7E);
    unsigned ok = 0;
    {   /* the corpus itself must assemble */
        kbin k;
        char err[512];
        if (as_src(CORPUS, strlen(CORPUS), &k, err, sizeof err)) case_fail(&t, "the corpus does not assemble: %s", err);
        else kbin_free(&k);
    }
    size_t clen = strlen(CORPUS);
    char *buf = malloc(clen * 4 + 64);
    if (!buf) { case_fail(&t, "out of memory"); case_end_named(&t, "asm_robust_mutated_programs"); return; }
    for (unsigned it = 0; it < 4000 && t.ok; it++) {
        size_t n = clen;
        memcpy(buf, CORPUS, n);
        unsigned muts = 1 + prng_below(&rng, 4);
        for (unsigned m = 0; m < muts && n > 0; m++) {
            size_t at = prng_below(&rng, (uint32_t)n);
            char ch = prng_below(&rng, 10) == 0 ? (char)prng_below(&rng, 256) : GARBAGE_ALPHABET[prng_below(&rng, sizeof GARBAGE_ALPHABET - 1)];
            switch (prng_below(&rng, 6)) {
            case 0: memmove(buf + at, buf + at + 1, n - at - 1); n--; break;                        /* delete */
            case 1: memmove(buf + at + 1, buf + at, n - at); buf[at] = ch; n++; break;              /* insert */
            case 2: buf[at] = ch; break;                                                             /* replace */
            case 3: {                                                                                /* duplicate */
                size_t from = prng_below(&rng, (uint32_t)n), len = prng_below(&rng, 20);
                if (from + len > n) len = n - from;
                if (n + len > clen * 4) break;
                char tmp[20];
                memcpy(tmp, buf + from, len);
                memmove(buf + at + len, buf + at, n - at);
                memcpy(buf + at, tmp, len);
                n += len;
                break;
            }
            case 4: n = at; break;                                                                   /* truncate */
            default: {                                                                               /* swap */
                size_t b2 = prng_below(&rng, (uint32_t)n);
                char x = buf[at];
                buf[at] = buf[b2];
                buf[b2] = x;
                break;
            }
            }
        }
        check_robust(&t, buf, n, &ok);
    }
    free(buf);
    if (t.ok && ok < 100) case_fail(&t, "only %u of %u mutants assembled; the mutations are too coarse", ok, t.cases);
    snprintf(t.note, sizeof t.note, ", %u assembled", ok);
    case_end_named(&t, "asm_robust_mutated_programs");
}

