/* SPDX-License-Identifier: Apache-2.0 */
/* Error messages: every listed error, generated errors, small error buffers. */
#include "asm_test.h"

typedef struct {
    const char *name;
    const char *src;
    const char *where;   /* the exact "file:line:col:" prefix */
    const char *what;    /* a substring of the message */
} err_case;

static const err_case err_cases[] = {
    { "unknown_mnemonic", "nop\n  frob v16, v17\n", "t.s:2:3:", "unknown mnemonic 'frob'" },
    { "too_few_operands", "add v16, v17\n", "t.s:1:1:", "'add' takes 3 operands (vD, A, B), found 2" },
    { "too_many_operands", "add v16, v17, v18, v19\n", "t.s:1:20:", "takes 3 operands" },
    { "operands_for_none_format", "end v16\n", "t.s:1:5:", "'end' takes no operands" },
    { "mov_without_b", "mov v16\n", "t.s:1:1:", "'mov' takes 3 operands" },
    { "signal_count", "sig_waitall2 s1\n", "t.s:1:1:", "takes 2 operands (sig, sig)" },
    { "missing_operand_after_comma", "add v16, v17,\n", "t.s:1:13:", "trailing comma: operand B is missing" },
    { "trailing_comma", "add v20, v21, v22,\n", "t.s:1:18:",
      "trailing comma after the last operand ('add' takes vD, A, B)" },
    { "trailing_comma_after_modifier", "local_load32 v16, one, v17 offset:4 ,\n", "t.s:1:37:",
      "trailing comma after the last operand" },
    { "trailing_comma_no_operands", "end,\n", "t.s:1:4:", "empty operand before the first ','" },
    { "empty_operand", "add v16, , v18\n", "t.s:1:10:", "empty operand A: nothing between two commas" },
    { "empty_first_operand", "add , v16, v17, v18\n", "t.s:1:5:", "empty operand vD: nothing before the first ','" },
    { "empty_operand_past_the_last", "add v16, v17, v18, , v19\n", "t.s:1:20:", "empty operand between two commas" },
    { "missing_comma", "add v16 v20, v17, v18\n", "t.s:1:9:", "unexpected 'v20' after operand vD" },
    { "trailing_garbage", "add v16, v17, v18 v19\n", "t.s:1:19:", "unexpected 'v19' after the last operand" },
    { "trailing_garbage_after_directive", ".waves 1 2\nend\n", "t.s:1:10:", "unexpected '2' after '.waves'" },
    { "bad_register_v64", "add v64, v17, v18\n", "t.s:1:5:", "bad register 'v64'" },
    { "bad_register_in_source", "add v16, v99, 1\n", "t.s:1:10:", "bad register 'v99'" },
    { "bad_register_leading_zero", "add v16, v17, v01\n", "t.s:1:15:", "bad register 'v01'" },
    { "dest_not_a_register", "add 5, v17, v18\n", "t.s:1:5:", "expected a register for operand vD, found '5'" },
    { "dest_is_sreg", "add v16[0], v17, 1\n", "t.s:1:8:", "must be a plain register" },
    { "addr_is_sreg", "local_load32 v16, one, v17[0]\n", "t.s:1:27:", "must be a plain register" },
    { "write_to_constant_zero", "add zero, v17, v18\n", "t.s:1:5:", "read-only constant" },
    { "write_to_constant_v15", "nop\n s_add v15, v17, 1\n", "t.s:2:8:", "args (v15) is a read-only constant" },
    { "write_to_constant_via_alias", ".alias c, v3\nadd c, v17, 1\n", "t.s:2:5:", "read-only constant" },
    { "write_to_constant_atomic_returning", "local_atomic_add one, one, v17, v18\n", "t.s:1:18:",
      "read-only constant" },
    { "write_to_constant_sig_done", "sig_done1 lo16, s0\n", "t.s:1:11:", "read-only constant" },
    { "write_to_constant_global_load", "global_load32 s0, wave, one, args\n", "t.s:1:19:", "read-only constant" },
    { "mask_register_above_v31", "mov v16, v32, 1\n", "t.s:1:10:", "is not in v0..v31" },
    { "mask_second_term_above_v31", "mov v16, one & ~v40, 1\n", "t.s:1:17:", "is not in v0..v31" },
    { "mask_kind_source_above_v31", "add v16, v40 & one, 1\n", "t.s:1:10:", "is not in v0..v31" },
    { "mask_register_alias_above_v31", ".alias big, v40\nmov v16, big, 1\n", "t.s:2:10:", "'big' is v40, not in v0..v31" },
    { "literal_in_mask_expression", "add v16, v17, 5 & one\n", "t.s:1:17:", "a literal cannot be part of a mask" },
    { "mask_not_a_register", "mov v16, 5, v17\n", "t.s:1:10:", "expected a mask register" },
    { "mask_term_with_lane", "mov v16, v17[0] & one, 1\n", "t.s:1:13:", "without '[0]'" },
    { "sreg_lane_not_zero", "add v16, v17[1], 1\n", "t.s:1:14:", "only lane 0 can be selected" },
    { "sreg_missing_bracket", "add v16, v17[0, 1\n", "t.s:1:15:", "expected ']'" },
    { "short_literal_too_large", "add v16, 2048, v17\n", "t.s:1:10:", "does not fit the 12-bit operand A" },
    { "short_literal_too_small", "add v16, -2049, v17\n", "t.s:1:10:", "'-2049'" },
    { "short_literal_f32", "fma_f32 v16, v17, 1.5, v18\n", "t.s:1:19:", "does not fit the 12-bit operand B" },
    { "short_literal_in_select", "select v16, one, 0, 4096\n", "t.s:1:21:", "operand T" },
    { "short_literal_in_store", "local_store32 v16, one, 0x800\n", "t.s:1:25:", "operand V" },
    { "long_literal_too_large", "add v16, v17, 4294967296\n", "t.s:1:15:", "out of the 32-bit range" },
    { "long_literal_too_small", "add v16, v17, -2147483649\n", "t.s:1:15:", "'-2147483649'" },
    { "f32_literal_overflow", "add_f32 v16, v17, 1e39\n", "t.s:1:19:", "too large" },
    { "bad_number", "add v16, v17, 12ab\n", "t.s:1:15:", "bad number '12ab'" },
    { "bad_exponent", "add v16, v17, 1e\n", "t.s:1:15:", "no digits in the exponent" },
    { "hex_without_digits", "add v16, v17, 0x\n", "t.s:1:15:", "no hex digits" },
    { "number_over_64_bits", ".inst 0x10000000000000000\n", "t.s:1:7:", "too large" },
    { "decimal_over_64_bits", ".inst 18446744073709551616\n", "t.s:1:7:", "too large" },
    { "unknown_name", "add v16, v17, foo\n", "t.s:1:15:", "unknown name 'foo'" },
    { "negated_register", "add v16, v17, -v18\n", "t.s:1:16:", "found register 'v18'" },
    { "label_as_value", "a: nop\nadd v16, v17, a\n", "t.s:2:15:", "label 'a' cannot be used as a value" },
    { "undefined_label", "nop\nbr nowhere\nend\n", "t.s:2:4:", "undefined label 'nowhere'" },
    { "duplicate_label", "a: nop\na: end\n", "t.s:2:1:", "'a' is already defined at line 1" },
    { "label_named_register", "v3: nop\n", "t.s:1:1:", "'v3' is a register name" },
    { "label_named_constant", "one: nop\n", "t.s:1:1:", "'one' is a register name" },
    { "label_named_signal", "s1: nop\n", "t.s:1:1:", "'s1' is a signal name" },
    { "branch_target_register", "br v16\n", "t.s:1:4:", "must be a label or a number" },
    { "branch_target_too_large", "br 4294967296\n", "t.s:1:4:", "out of range 0..4294967295" },
    { "branch_target_negative", "br -1\n", "t.s:1:4:", "'-1' is out of range" },
    { "branch_target_f32", "br 1.5\n", "t.s:1:4:", "expected an integer" },
    { "branch_target_not_label", "br X\n.equ X, 3\nend\n", "t.s:1:4:", "not a label" },
    { "waves_3", ".waves 3\nend\n", "t.s:1:8:", "'.waves' must be 1 or 2, found '3'" },
    { "waves_0", "end\n.waves 0\n", "t.s:2:8:", "'.waves' must be 1 or 2" },
    { "lds_not_multiple_of_4", ".lds 6\nend\n", "t.s:1:6:", "'.lds' must be a multiple of 4" },
    { "lds_too_large", ".lds 65540\nend\n", "t.s:1:6:", "at most|from 0 to 65536" },
    { "lds_negative", ".lds -4\nend\n", "t.s:1:6:", "'-4'" },
    { "lds_twice", ".lds 4\n.lds 8\nend\n", "t.s:2:1:", "given twice (first at line 1)" },
    { "lds_f32", ".lds 4.0\nend\n", "t.s:1:6:", "expected an integer" },
    { "unknown_directive", ".foo 1\nend\n", "t.s:1:1:", "unknown directive '.foo'" },
    { "equ_missing_comma", ".equ X 3\nend\n", "t.s:1:8:", "expected ','" },
    { "equ_reserved_name", ".equ inf, 3\nend\n", "t.s:1:6:", "f32 literal" },
    { "equ_register_name", ".equ v20, 3\nend\n", "t.s:1:6:", "register name" },
    { "equ_duplicate", ".equ X, 1\n.equ X, 2\nend\n", "t.s:2:6:", "already defined" },
    { "alias_not_register", ".alias x, 5\nend\n", "t.s:1:11:", "expected a register" },
    { "inst_negative", ".inst -1\n", "t.s:1:7:", "negative" },
    { "empty_program", "", "t.s:1:1:", "no instructions" },
    { "comment_only_program", "# nothing\n\n.lds 4\n", "t.s:1:1:", "no instructions" },
    { "modifier_not_allowed_alu", "add v16, v17, v18 nt\n", "t.s:1:19:", "modifier 'nt' is not allowed for 'add'" },
    { "offset_not_allowed_global", "global_load32 s0, v16, one, v17 offset:4\n", "t.s:1:33:", "not allowed" },
    { "noret_not_allowed_load", "local_load32 v16, one, v17 noret\n", "t.s:1:28:", "'noret' is not allowed" },
    { "scope_not_allowed_local", "local_store32 v17, one, v18 sc:device\n", "t.s:1:29:", "'sc' is not allowed" },
    { "offset_too_large", "local_load32 v16, one, v17 offset:65536\n", "t.s:1:35:", "out of range 0..65535" },
    { "offset_negative", "local_load32 v16, one, v17 offset:-4\n", "t.s:1:35:", "'-4' is out of range" },
    { "offset_missing_colon", "local_load32 v16, one, v17 offset 4\n", "t.s:1:35:", "expected ':'" },
    { "unknown_scope", "global_load32 s0, v16, one, v17 sc:gpu\n", "t.s:1:36:", "unknown scope 'gpu'" },
    { "duplicate_modifier", "global_load32 s0, v16, one, v17 nt nt\n", "t.s:1:36:", "given twice" },
    { "bad_signal", "sig_wait s16\n", "t.s:1:10:", "bad signal 's16'" },
    { "not_a_signal", "sig_wait v16\n", "t.s:1:10:", "expected a signal" },
    { "signal_in_global_load", "global_load32 v16, v16, one, v17\n", "t.s:1:15:", "expected a signal" },
    { "unexpected_character", "add v16, v17, $5\n", "t.s:1:15:", "unexpected character '$'" },
    { "control_character", "nop \x01\n", "t.s:1:5:", "'\\x01'" },
    { "expected_mnemonic", "5 nop\n", "t.s:1:1:", "expected a mnemonic" },
    { "column_counts_tab_as_one", "\tadd v64, v1, v2\n", "t.s:1:6:", "bad register" },
    { "crlf_line_numbers", "nop\r\nfrob\r\n", "t.s:2:1:", "unknown mnemonic 'frob'" },
};

/* Does the message match pattern "where" exactly and contain one of the '|'-separated "what" parts? */
static bool msg_has(const char *msg, const char *what)
{
    char buf[256];
    const char *p = what;
    while (*p) {
        const char *bar = strchr(p, '|');
        size_t n = bar ? (size_t)(bar - p) : strlen(p);
        if (n >= sizeof buf) n = sizeof buf - 1;
        memcpy(buf, p, n);
        buf[n] = 0;
        if (strstr(msg, buf)) return true;
        if (!bar) break;
        p = bar + 1;
    }
    return false;
}

bool msg_well_formed(const char *msg, const char *src, size_t len, char *why, size_t whylen)
{
    unsigned long l, c;
    int used = 0;
    if (sscanf(msg, "t.s:%lu:%lu: %n", &l, &c, &used) != 2 || used == 0 || !msg[used]) {
        snprintf(why, whylen, "message '%s' is not 'file:line:col: message'", msg);
        return false;
    }
    /* the line's length, counted as the assembler counts lines */
    unsigned long line = 1;
    size_t start = 0, i;
    for (i = 0; i < len && line < l; i++)
        if (src[i] == '\n') { line++; start = i + 1; }
    if (l < 1 || line != l || (start >= len && l > 1)) {
        snprintf(why, whylen, "message '%.200s' names line %lu, which does not exist", msg, l);
        return false;
    }
    size_t end = start;
    while (end < len && src[end] != '\n') end++;
    size_t ll = end - start;
    if (c < 1 || (c > ll + 1 && !(ll > ASM_MAX_LINE && c == ASM_MAX_LINE + 1))) {
        snprintf(why, whylen, "message '%.200s' names column %lu of a %zu-character line", msg, c, ll);
        return false;
    }
    return true;
}

void test_errors(void)
{
    unsigned n = sizeof err_cases / sizeof *err_cases;
    for (unsigned i = 0; i < n; i++) {
        const err_case *e = &err_cases[i];
        check_case t;
        case_init(&t);
        kbin k;
        char err[512], why[512];
        memset(err, 0, sizeof err);
        int rc = as_src(e->src, strlen(e->src), &k, err, sizeof err);
        if (rc == 0) {
            case_fail(&t, "assembled without error");
            kbin_free(&k);
        } else if (rc != -1 || k.insts || k.num_insts) {
            case_fail(&t, "returned %d and left output behind", rc);
        } else if (strncmp(err, e->where, strlen(e->where)) != 0) {
            case_fail(&t, "message '%s' does not start with '%s'", err, e->where);
        } else if (!msg_has(err, e->what)) {
            case_fail(&t, "message '%s' does not say '%s'", err, e->what);
        } else if (!msg_well_formed(err, e->src, strlen(e->src), why, sizeof why)) {
            case_fail(&t, "%s", why);
        }
        char name[128];
        snprintf(name, sizeof name, "asm_error_%s", e->name);
        case_end_named(&t, name);
    }
}

void test_errors_generated(void)
{
    static const struct {
        const char *name;
        const char *where;
        const char *what;
    } cases[] = {
        { "asm_error_too_many_instructions", "t.s:4098:2:", "more than 4096 instructions" },
        { "asm_error_too_many_instructions_inst", "t.s:4098:1:", "more than 4096 instructions" },
        { "asm_error_line_too_long", "t.s:2:4097:", "line is longer than 4096 characters" },
        { "asm_error_name_too_long", "t.s:1:15:", "name is longer than 256 characters" },
        { "asm_error_number_too_long", "t.s:1:15:", "number is longer than 256 characters" },
        { "asm_error_nul_byte", "t.s:2:4:", "'\\x00'" },
        { "asm_max_instructions_accepted", NULL, NULL },
        { "asm_long_comment_line_rejected_cleanly", "t.s:1:4097:", "longer" },
    };
    for (unsigned c = 0; c < sizeof cases / sizeof *cases; c++) {
        sbuf b = { 0 };
        switch (c) {
        case 0:
        case 6:
            sb_printf(&b, ".waves 2\n");
            for (unsigned i = 0; i < (c == 0 ? ISA_MAX_INSTS + 1 : ISA_MAX_INSTS); i++) sb_printf(&b, " nop\n");
            break;
        case 1:
            sb_printf(&b, ".lds 8\n");
            for (unsigned i = 0; i < ISA_MAX_INSTS + 1; i++) sb_printf(&b, ".inst 0x%x\n", i);
            break;
        case 2:
            sb_printf(&b, "nop\n");
            for (unsigned i = 0; i < ASM_MAX_LINE; i++) sb_putn(&b, "a", 1);
            sb_printf(&b, "b\nend\n");
            break;
        case 3:
        case 4:
            sb_printf(&b, "add v16, v17, ");
            for (unsigned i = 0; i < 300; i++) sb_putn(&b, c == 3 ? "x" : "1", 1);
            sb_printf(&b, "\n");
            break;
        case 5:
            sb_printf(&b, "nop\nnop");
            sb_putn(&b, "\0", 1);
            sb_printf(&b, "\nend\n");
            break;
        case 7:
            sb_printf(&b, "#");
            for (unsigned i = 0; i < 100000; i++) sb_putn(&b, "#", 1);
            sb_printf(&b, "\nend\n");
            break;
        }
        check_case t;
        case_init(&t);
        kbin k;
        char err[512], why[512];
        int rc = as_src(b.s, b.n, &k, err, sizeof err);
        if (!cases[c].where) {
            if (rc) case_fail(&t, "%u instructions rejected: %s", ISA_MAX_INSTS, err);
            else if (k.num_insts != ISA_MAX_INSTS || k.waves_per_group != 2) case_fail(&t, "got %u instructions", k.num_insts);
            if (!rc) kbin_free(&k);
        } else if (rc == 0) {
            case_fail(&t, "assembled without error");
            kbin_free(&k);
        } else if (strncmp(err, cases[c].where, strlen(cases[c].where)) != 0) {
            case_fail(&t, "message '%.300s' does not start with '%s'", err, cases[c].where);
        } else if (!msg_has(err, cases[c].what)) {
            case_fail(&t, "message '%.300s' does not say '%s'", err, cases[c].what);
        } else if (!msg_well_formed(err, b.s, b.n, why, sizeof why)) {
            case_fail(&t, "%s", why);
        }
        sb_free(&b);
        case_end_named(&t, cases[c].name);
    }
}

void test_error_buffer_small(void)
{
    check_case t;
    case_init(&t);
    char err[16];
    memset(err, 'z', sizeof err);
    kbin k;
    const char *src = "add v16, v17, undefined_name_here\n";
    int rc = asm_assemble(src, strlen(src), "some/long/file/name.s", &k, err, 10);
    if (rc != -1) case_fail(&t, "returned %d", rc);
    else if (strlen(err) != 9 || err[10] != 'z' || strncmp(err, "some/long", 9) != 0)
        case_fail(&t, "buffer of 10 holds '%.16s'", err);
    rc = asm_assemble(src, strlen(src), NULL, &k, NULL, 0);
    if (rc != -1) case_fail(&t, "NULL error buffer: returned %d", rc);
    case_end_named(&t, "asm_error_message_respects_buffer_size");
}

