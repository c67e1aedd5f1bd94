/* SPDX-License-Identifier: Apache-2.0 */
/* Assembler messages that must give the fix that applies: a literal too
 * large for a short operand (a long operand to use, or none, then a `mov`
 * to a register first, with the value as written: f32 or integer), and the
 * forms that leave an operand out (only the mask of the MOV format). */
#include "asm_test.h"

/* The 32-bit pattern a message shows: the "0x%08x" just before ") does not fit". */
static bool msg_bits(const char *msg, uint32_t *bits)
{
    const char *e = strstr(msg, ") does not fit");
    if (!e || e - msg < 10 || strncmp(e - 10, "0x", 2) != 0) return false;
    return sscanf(e - 10, "0x%8x", bits) == 1;
}

/* The suggested "mov vN, X" must assemble (with v47 for vN) to a mov of the
 * same 32-bit literal the message shows. */
static void check_mov_hint(check_case *t, const char *msg)
{
    const char *m = strstr(msg, "mov vN, ");
    uint32_t bits;
    if (!m) {
        case_fail(t, "no 'mov vN, ...' in '%s'", msg);
        return;
    }
    if (!msg_bits(msg, &bits)) {
        case_fail(t, "no 32-bit value in '%s'", msg);
        return;
    }
    char line[128], err[512];
    snprintf(line, sizeof line, "mov v47, %s", m + 8);
    uint64_t w;
    if (as_line(line, &w, err, sizeof err)) case_fail(t, "the hint '%s' does not assemble: %s", line, err);
    else if (ISA_GET(w, LK) != ISA_KIND_L || ISA_GET(w, LV) != bits)
        case_fail(t, "the hint '%s' loads 0x%08x, the message says 0x%08x", line, (unsigned)ISA_GET(w, LV), bits);
}

static void test_short_literal_messages(void)
{
    static const struct {
        const char *name, *src, *where;
        const char *has[3];   /* substrings the message must have */
        bool no_long;         /* the format has no long operand: the mov hint, never "long operand B" */
    } cases[] = {
        { "asm_msg_fma_f32_literal_shows_f32_and_mov", "fma_f32 v20, v21, 2.0, v22\n", "t.s:1:19:",
          { "literal '2.0' (f32 2.0, 0x40000000) does not fit the 12-bit operand B",
            "'fma_f32' has no long operand", "load it into a register first: mov vN, 2.0" }, true },
        { "asm_msg_fma_f32_equ_shows_its_value", ".equ TWO, 2.0f\ns_fma_f32 v20, TWO, v21, v22\n", "t.s:2:16:",
          { "literal 'TWO' (f32 2.0, 0x40000000)", "operand A", "mov vN, 2.0" }, true },
        { "asm_msg_fma_f32_shortest_decimal", "fma_f32 v20, v21, v22, 0.1\n", "t.s:1:24:",
          { "(f32 0.1, 0x3dcccccd)", "operand C", "mov vN, 0.1" }, true },
        { "asm_msg_fma_f32_negative_zero_and_inf", "fma_f32 v20, -0.0, v21, v22\n", "t.s:1:14:",
          { "(f32 -0.0, 0x80000000)", "mov vN, -0.0", NULL }, true },
        { "asm_msg_fma_f32_minus_inf", "fma_f32 v20, v21, -inf, v22\n", "t.s:1:19:",
          { "(f32 -inf, 0xff800000)", "mov vN, -inf", NULL }, true },
        { "asm_msg_fma_f32_large_f32", "fma_f32 v20, v21, 1e10, v22\n", "t.s:1:19:",
          { "(f32 1e+10, 0x501502f9)", "mov vN, 1e+10", NULL }, true },
        { "asm_msg_select_integer_shows_integer", "select v20, one, 0, 4096\n", "t.s:1:21:",
          { "literal '4096' (0x00001000) does not fit the 12-bit operand T", "'select' has no long operand",
            "mov vN, 4096" }, true },
        { "asm_msg_select_negative", "select v20, lo16, -3000, v21\n", "t.s:1:19:",
          { "(0xfffff448)", "operand F", "mov vN, -3000" }, true },
        { "asm_msg_lds_store_value", "local_store32 v16, one, 0x800\n", "t.s:1:25:",
          { "operand V", "'local_store32' has no long operand", "mov vN, 2048" }, true },
        { "asm_msg_global_store_value_f32", "global_store32 s0, v16, one, 1.5\n", "t.s:1:30:",
          { "(f32 1.5, 0x3fc00000)", "'global_store32' has no long operand", "mov vN, 1.5" }, true },
        { "asm_msg_lds_atomic_value", "local_atomic_add v20, one, v16, 70000\n", "t.s:1:33:",
          { "(0x00011170)", "'local_atomic_add'", "mov vN, 0x11170" }, true },
        { "asm_msg_global_atomic_value", "global_atomic_cas s0, v20, one, v16, -2049 noret\n", "t.s:1:38:",
          { "(0xfffff7ff)", "'global_atomic_cas'", "mov vN, -2049" }, true },
        { "asm_msg_branch_operand", "brz 0, 0x12345\n", "t.s:1:8:",
          { "operand A", "'brz' has no long operand", "mov vN, 0x12345" }, true },
        { "asm_msg_alu2_points_to_long_operand", "add v16, 4096, v17\n", "t.s:1:10:",
          { "literal '4096' (0x00001000) does not fit the 12-bit operand A (-2048..2047); "
            "use the long operand B or a register", NULL, NULL }, false },
        { "asm_msg_alu2_f32_points_to_long_operand", "mul_f32 v16, 1.5, v17\n", "t.s:1:14:",
          { "(f32 1.5, 0x3fc00000)", "use the long operand B or a register", NULL }, false },
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        check_case t;
        case_init(&t);
        kbin k;
        char err[512] = "";
        if (as_src(cases[c].src, strlen(cases[c].src), &k, err, sizeof err) == 0) {
            case_fail(&t, "assembled");
            kbin_free(&k);
        } else if (strncmp(err, cases[c].where, strlen(cases[c].where)) != 0) {
            case_fail(&t, "message '%s' does not start with '%s'", err, cases[c].where);
        } else {
            for (unsigned i = 0; i < 3; i++)
                if (cases[c].has[i] && !strstr(err, cases[c].has[i]))
                    case_fail(&t, "message '%s' does not say '%s'", err, cases[c].has[i]);
            if (cases[c].no_long) {
                if (strstr(err, "long operand B")) case_fail(&t, "message '%s' points to a long operand", err);
                check_mov_hint(&t, err);
            } else if (strstr(err, "no long operand") || strstr(err, "mov vN")) {
                case_fail(&t, "message '%s' misses the long operand", err);
            }
        }
        case_end_named(&t, cases[c].name);
    }
}

/* Every short operand of every opcode (this test's own operand lists,
 * spec.c): the message for 4096 names the long operand only where the format
 * has one, and the mov hint everywhere else. */
static void test_every_short_operand(void)
{
    check_case t;
    case_init(&t);
    unsigned with_long = 0, without = 0;
    for (unsigned o = 0; o < 256; o++) {
        const isa_op_info *op = isa_op((uint8_t)o);
        if (!op->mnemonic) continue;
        sslot s[8];
        unsigned mods;
        int n = spec(op, s, &mods);
        bool has_long = false;
        for (int i = 0; i < n; i++) has_long |= s[i].k == S_LONG;
        for (int big = 0; big < n; big++) {
            if (s[big].k != S_SHORT) continue;
            char line[160];
            size_t len = (size_t)snprintf(line, sizeof line, "%s", op->mnemonic), col = 0;
            for (int i = 0; i < n; i++) {
                static const char *const text[] = { "v20", "v21", "one", "v22", "v23", "0", "s1", "s2" };
                len += (size_t)snprintf(line + len, sizeof line - len, "%s", i ? ", " : " ");
                if (i == big) col = len + 1;
                len += (size_t)snprintf(line + len, sizeof line - len, "%s", i == big ? "4096" : text[s[i].k]);
            }
            snprintf(line + len, sizeof line - len, "\n");
            kbin k;
            char err[512], where[32];
            snprintf(where, sizeof where, "t.s:1:%zu: ", col);
            if (as_src(line, strlen(line), &k, err, sizeof err) == 0) {
                case_fail(&t, "'%s' assembled", line);
                kbin_free(&k);
            } else if (strncmp(err, where, strlen(where)) != 0) {
                case_fail(&t, "'%.*s': message '%s' is not at column %zu", (int)strlen(line) - 1, line, err, col);
            } else if (has_long ? !strstr(err, "use the long operand B") || strstr(err, "no long operand")
                                : !strstr(err, "has no long operand; load it into a register first: mov vN, 4096") ||
                                      strstr(err, "long operand B")) {
                case_fail(&t, "'%.*s': message '%s'", (int)strlen(line) - 1, line, err);
            }
            *(has_long ? &with_long : &without) += 1;
            t.cases++;
        }
    }
    if (!with_long || !without) case_fail(&t, "only %u with and %u without a long operand", with_long, without);
    snprintf(t.note, sizeof t.note, ", %u without a long operand", without);
    case_end_named(&t, "asm_msg_every_short_operand_gives_the_fix_that_applies");
}

/* Which instructions accept fewer operands than their syntax lists: only the
 * MOV format (mov, first_where_true), whose mask may be left out and is then
 * `one`. Every other count is "takes N operands". */
static void test_shorthand_forms(void)
{
    check_case t;
    case_init(&t);
    char accepted[256] = "";
    for (unsigned o = 0; o < 256; o++) {
        const isa_op_info *op = isa_op((uint8_t)o);
        if (!op->mnemonic) continue;
        sslot s[8];
        unsigned mods;
        int ns = spec(op, s, &mods);
        for (int k = 0; k <= ns + 1; k++) {
            if (k == ns) continue;
            char line[160];
            size_t len = (size_t)snprintf(line, sizeof line, "%s", op->mnemonic);
            for (int i = 0; i < k; i++) len += (size_t)snprintf(line + len, sizeof line - len, "%sx", i ? ", " : " ");
            snprintf(line + len, sizeof line - len, "\n");
            kbin kb;
            char err[512] = "";
            if (as_src(line, strlen(line), &kb, err, sizeof err) == 0) {
                kbin_free(&kb);
                case_fail(&t, "'%s' assembled", op->mnemonic);
            } else if (!strstr(err, "takes")) {   /* the count was accepted */
                size_t n = strlen(accepted);
                snprintf(accepted + n, sizeof accepted - n, "%s%s/%d", n ? " " : "", op->mnemonic, k);
            }
            t.cases++;
        }
        if (op->fmt != ISA_FMT_MOV) continue;
        static const char *const srcs[] = { "v21", "-5", "1.5", "v21[0]", "~lo16" };
        for (unsigned i = 0; i < sizeof srcs / sizeof *srcs; i++) {
            char a[96], b[96], err[512];
            uint64_t wa = 0, wb = 1;
            snprintf(a, sizeof a, "%s v20, %s", op->mnemonic, srcs[i]);
            snprintf(b, sizeof b, "%s v20, one, %s", op->mnemonic, srcs[i]);
            if (as_line(a, &wa, err, sizeof err) || as_line(b, &wb, err, sizeof err) || wa != wb)
                case_fail(&t, "'%s' is not '%s' (%016llx, %016llx)", a, b, (unsigned long long)wa,
                          (unsigned long long)wb);
        }
    }
    if (strcmp(accepted, "mov/2 first_where_true/2") != 0)
        case_fail(&t, "forms with fewer operands accepted (mnemonic/count): '%s', expected 'mov/2 first_where_true/2'",
                  accepted);
    case_end_named(&t, "asm_shorthand_forms_only_mov_format_without_mask");
}

void test_messages(void)
{
    test_short_literal_messages();
    test_every_short_operand();
    test_shorthand_forms();
}
