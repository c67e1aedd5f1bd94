/* SPDX-License-Identifier: Apache-2.0 */
/* The line table of kernel binaries (version 2, csrc/kbin.h): what the
 * assembler records, the round trip through kbin_serialize / kbin_parse,
 * version 1 still accepted, every malformed table rejected with its message,
 * the source-line helpers and the disassembler's source listing. */
#include "asm_test.h"

static void put32(uint8_t *p, uint32_t v) { for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i)); }
static uint32_t get32(const uint8_t *p) { return p[0] | (p[1] << 8) | (p[2] << 16) | ((uint32_t)p[3] << 24); }
static size_t pad4(size_t n) { return (n + 3) & ~(size_t)3; }

/* Labels (alone and before an instruction), comments of every kind, blank
 * lines, directives, .inst, a CRLF line and a last line without a newline. */
static const char SRC[] =
    "# a kernel with a line table\n"       /*  1 */
    ".lds 64\n"                            /*  2 */
    "\n"                                   /*  3 */
    "start:\n"                             /*  4 */
    "    mov v20, 1   # first\n"           /*  5  pc 0 */
    "    add v20, v20, 2\n"                /*  6  pc 1 */
    "// a comment\n"                       /*  7 */
    "a: b: nop ; two labels\n"             /*  8  pc 2 */
    ".equ K, 5\n"                          /*  9 */
    "    .inst 0x0300000000000000\n"       /* 10  pc 3 */
    "loop: s_add v21, v21, K\r\n"          /* 11  pc 4 */
    "\t\n"                                 /* 12 */
    "    brnz loop, v21\n"                 /* 13  pc 5 */
    "  end";                               /* 14  pc 6 */
static const uint32_t SRC_LINES[] = { 5, 6, 8, 10, 11, 13, 14 };
#define SRC_N 7u
#define SRC_FILE "dir/prog.s"

static int as_named(const char *src, size_t len, const char *file, kbin *k, char *err, size_t errlen)
{
    return asm_assemble(src, len, file, k, err, errlen);
}

/* Compares a line table with the expected one; returns false (and fails t) if they differ. */
static bool lines_equal(check_case *t, const char *what, const kbin_lines *l, const char *file, const char *text,
                        size_t text_len, const uint32_t *line, uint32_t n)
{
    if (!l) {
        case_fail(t, "%s: no line table", what);
        return false;
    }
    if (!l->file || strcmp(l->file, file) != 0) case_fail(t, "%s: file '%s', expected '%s'", what, l->file, file);
    if (l->text_len != text_len || !l->text || memcmp(l->text, text, text_len) != 0 || l->text[text_len] != 0)
        case_fail(t, "%s: the text differs (%u bytes, expected %zu)", what, l->text_len, text_len);
    if (l->num_insts != n) case_fail(t, "%s: %u lines, expected %u", what, l->num_insts, n);
    for (uint32_t pc = 0; pc < n && pc < l->num_insts; pc++)
        if (l->line[pc] != line[pc]) case_fail(t, "%s: pc %u has line %u, expected %u", what, pc, l->line[pc], line[pc]);
    return t->ok;
}

/* assemble -> lines right -> serialize (version 2, exact layout) -> parse -> same -> serialize -> same bytes */
static void test_v2_roundtrip(void)
{
    check_case t;
    case_init(&t);
    kbin k, p;
    char err[512];
    if (as_named(SRC, strlen(SRC), SRC_FILE, &k, err, sizeof err)) {
        case_fail(&t, "does not assemble: %s", err);
        case_end_named(&t, "kbin_v2_roundtrip_lines_of_labels_comments_blanks_directives");
        return;
    }
    if (k.num_insts != SRC_N) case_fail(&t, "%u instructions, expected %u", k.num_insts, SRC_N);
    lines_equal(&t, "assembled", k.lines, SRC_FILE, SRC, strlen(SRC), SRC_LINES, SRC_N);
    uint8_t *b = NULL, *b2 = NULL;
    size_t n = 0, n2 = 0;
    if (t.ok && kbin_serialize(&k, &b, &n, err, sizeof err)) case_fail(&t, "serialize: %s", err);
    if (t.ok) {
        size_t name_len = strlen(SRC_FILE), text_len = strlen(SRC), at = 32 + 8 * SRC_N;
        size_t want = at + 4 + pad4(name_len) + 4 + pad4(text_len) + 4 * SRC_N;
        if (n != want) case_fail(&t, "the binary is %zu bytes, expected %zu", n, want);
        else if (get32(b + 4) != 2) case_fail(&t, "version field %u, expected 2", get32(b + 4));
        else if (get32(b + at) != name_len || memcmp(b + at + 4, SRC_FILE, name_len) != 0)
            case_fail(&t, "the file name is not at byte %zu", at);
        else {
            size_t tp = at + 4 + pad4(name_len);
            if (get32(b + tp) != text_len || memcmp(b + tp + 4, SRC, text_len) != 0)
                case_fail(&t, "the text is not at byte %zu", tp);
            size_t lp = tp + 4 + pad4(text_len);
            for (unsigned i = 0; t.ok && i < SRC_N; i++)
                if (get32(b + lp + 4 * i) != SRC_LINES[i])
                    case_fail(&t, "stored line of pc %u is %u", i, get32(b + lp + 4 * i));
        }
    }
    if (t.ok && kbin_parse(b, n, &p, err, sizeof err)) case_fail(&t, "parse: %s", err);
    else if (t.ok) {
        if (p.num_insts != k.num_insts || p.lds_bytes != 64 || memcmp(p.insts, k.insts, 8 * k.num_insts) != 0)
            case_fail(&t, "header or instructions differ after parse");
        lines_equal(&t, "parsed", p.lines, SRC_FILE, SRC, strlen(SRC), SRC_LINES, SRC_N);
        if (t.ok && kbin_serialize(&p, &b2, &n2, err, sizeof err)) case_fail(&t, "serialize again: %s", err);
        else if (t.ok && (n2 != n || memcmp(b, b2, n) != 0)) case_fail(&t, "serialize(parse(x)) != x");
        kbin_free(&p);
        if (p.lines || p.insts) case_fail(&t, "kbin_free left pointers behind");
    }
    free(b);
    free(b2);
    kbin_free(&k);
    case_end_named(&t, "kbin_v2_roundtrip_lines_of_labels_comments_blanks_directives");
}

/* Without a line table: version 1, exactly 32 + 8n bytes, parsed without lines;
 * a hand-made version 1 image is still accepted. */
static void test_v1_accepted(void)
{
    check_case t;
    case_init(&t);
    kbin k, p;
    char err[512];
    uint8_t *b = NULL;
    size_t n = 0;
    if (as_named(SRC, strlen(SRC), SRC_FILE, &k, err, sizeof err)) {
        case_fail(&t, "does not assemble: %s", err);
    } else {
        kbin_lines_free(k.lines);
        k.lines = NULL;
        if (kbin_serialize(&k, &b, &n, err, sizeof err)) case_fail(&t, "serialize: %s", err);
        else if (n != 32 + 8 * SRC_N || get32(b + 4) != 1)
            case_fail(&t, "%zu bytes, version %u; expected %u bytes, version 1", n, get32(b + 4), 32 + 8 * SRC_N);
        else if (kbin_parse(b, n, &p, err, sizeof err)) case_fail(&t, "parse: %s", err);
        else {
            if (p.lines) case_fail(&t, "a version 1 binary parsed with a line table");
            if (p.num_insts != SRC_N || memcmp(p.insts, k.insts, 8 * SRC_N)) case_fail(&t, "instructions differ");
            kbin_free(&p);
        }
        free(b);
        kbin_free(&k);
    }
    /* one written by hand: "WGK1", version 1, 1 instruction (end) */
    uint8_t img[40] = { 'W', 'G', 'K', '1', 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1 };
    put32(img + 32, 0);
    put32(img + 36, (uint32_t)ISA_OP_END << 24);
    if (kbin_parse(img, sizeof img, &p, err, sizeof err)) case_fail(&t, "hand-made version 1 rejected: %s", err);
    else {
        if (p.lines || p.num_insts != 1 || p.insts[0] != OP(ISA_OP_END)) case_fail(&t, "hand-made image misread");
        kbin_free(&p);
    }
    case_end_named(&t, "kbin_v1_without_lines_still_written_and_accepted");
}

/* A small valid version 2 image to break: name "abc.s" (3 padding bytes),
 * text "nop\n\nend\n" (3 lines, 3 padding bytes), pcs on lines 1 and 3. */
static size_t small_v2(uint8_t *b, size_t *name_at, size_t *text_at, size_t *lines_at)
{
    memset(b, 0, 256);
    memcpy(b, "WGK1", 4);
    put32(b + 4, 2);
    put32(b + 8, 2);
    put32(b + 16, 1);
    put32(b + 36, (uint32_t)ISA_OP_NOP << 24);
    put32(b + 44, (uint32_t)ISA_OP_END << 24);
    size_t o = 48;
    *name_at = o;
    put32(b + o, 5);
    memcpy(b + o + 4, "abc.s", 5);
    o += 4 + 8;
    *text_at = o;
    put32(b + o, 9);
    memcpy(b + o + 4, "nop\n\nend\n", 9);
    o += 4 + 12;
    *lines_at = o;
    put32(b + o, 1);
    put32(b + o + 4, 3);
    return o + 8;
}

static void test_v2_malformed(void)
{
    enum { E_NONE, E_PUT, E_BYTE, E_LEN, E_APPEND };
    static const struct {
        const char *name;
        int edit;       /* E_PUT: u32 val at field+off; E_BYTE: byte val at field+off; E_LEN: length = field+off;
                         * E_APPEND: off zero bytes more */
        int field;      /* 0: start of the file, 1: name length, 2: text length, 3: line numbers */
        long off;
        uint32_t val;
        const char *what;
    } cases[] = {
        { "kbin_v2_accepts_valid_image", E_NONE, 0, 0, 0, NULL },
        { "kbin_v2_rejects_name_len_over_4096", E_PUT, 1, 0, 4097, "file name length 4097 is more than 4096" },
        { "kbin_v2_rejects_name_len_past_end", E_PUT, 1, 0, 4096, "cut short" },
        { "kbin_v2_rejects_nul_in_name", E_BYTE, 1, 5, 0, "NUL" },
        { "kbin_v2_rejects_nonzero_padding_after_name", E_BYTE, 1, 11, 1, "padding byte 59 after the file name" },
        { "kbin_v2_rejects_text_len_over_16mib", E_PUT, 2, 0, (16u << 20) + 1,
          "source text length 16777217 is more than 16777216" },
        { "kbin_v2_rejects_text_len_past_end", E_PUT, 2, 0, 40, "cut short" },
        { "kbin_v2_rejects_nonzero_padding_after_text", E_BYTE, 2, 15, 0x20, "padding byte 75 after the source text" },
        { "kbin_v2_rejects_line_0", E_PUT, 3, 4, 0, "instruction 1 has line 0" },
        { "kbin_v2_rejects_line_past_last", E_PUT, 3, 0, 4, "instruction 0 has line 4, past the last line (3)" },
        { "kbin_v2_rejects_trailing_bytes", E_APPEND, 0, 4, 0, "4 bytes after its line table" },
        { "kbin_v2_rejects_missing_line_table", E_LEN, 0, 48, 0, "cut short: it ends at byte 48, inside the line "
                                                                  "table's file name length" },
        { "kbin_v2_rejects_truncated_line_numbers", E_LEN, 3, 6, 0, "inside the line table's line numbers" },
        { "kbin_v2_rejects_truncated_text", E_LEN, 2, 8, 0, "inside the line table's source text" },
        { "kbin_v2_rejects_truncated_instructions", E_LEN, 0, 44, 0, "promises 2 instructions" },
        { "kbin_rejects_version_3", E_PUT, 0, 4, 3, "version 3 is not supported" },
        { "kbin_v1_rejects_a_line_table", E_PUT, 0, 4, 1, "promises 2 instructions (48 bytes)" },
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        uint8_t b[256];
        size_t at[4] = { 0 };
        size_t len = small_v2(b, &at[1], &at[2], &at[3]);
        size_t pos = at[cases[c].field] + (size_t)cases[c].off;
        switch (cases[c].edit) {
        case E_PUT: put32(b + pos, cases[c].val); break;
        case E_BYTE: b[pos] = (uint8_t)cases[c].val; break;
        case E_LEN: len = pos; break;
        case E_APPEND: len += (size_t)cases[c].off; break;
        default: break;
        }
        check_case t;
        case_init(&t);
        kbin k;
        char err[256] = "";
        int rc = kbin_parse(b, len, &k, err, sizeof err);
        if (!cases[c].what) {
            if (rc) case_fail(&t, "rejected: %s", err);
            else {
                static const uint32_t want[2] = { 1, 3 };
                lines_equal(&t, "parsed", k.lines, "abc.s", "nop\n\nend\n", 9, want, 2);
                kbin_free(&k);
            }
        } else if (rc == 0) {
            case_fail(&t, "accepted");
            kbin_free(&k);
        } else if (k.insts || k.num_insts || k.lines) {
            case_fail(&t, "rejected but left output behind");
        } else if (!strstr(err, cases[c].what)) {
            case_fail(&t, "message '%s' does not say '%s'", err, cases[c].what);
        }
        case_end_named(&t, cases[c].name);
    }
}

/* The limits themselves are accepted: a 4096-byte name, a 16 MiB text. */
static void test_v2_limits(void)
{
    check_case t;
    case_init(&t);
    size_t tl = KBIN_MAX_TEXT_BYTES;
    char *name = malloc(KBIN_MAX_NAME_BYTES + 2), *text = malloc(tl + 1);
    uint32_t line[2] = { 1, (uint32_t)(tl / 4) };
    uint64_t insts[2] = { OP(ISA_OP_NOP), OP(ISA_OP_END) };
    if (!name || !text) {
        case_fail(&t, "out of memory");
    } else {
        memset(name, 'n', KBIN_MAX_NAME_BYTES);
        name[KBIN_MAX_NAME_BYTES] = 0;
        for (size_t i = 0; i < tl; i += 4) memcpy(text + i, "nop\n", 4);
        text[tl] = 0;
        kbin_lines l = { name, text, (uint32_t)tl, 2, line };
        kbin k = { 2, 0, 1, insts, &l }, p;
        uint8_t *b = NULL;
        size_t n = 0;
        char err[256];
        if (kbin_serialize(&k, &b, &n, err, sizeof err)) case_fail(&t, "serialize: %s", err);
        else if (kbin_parse(b, n, &p, err, sizeof err)) case_fail(&t, "parse: %s", err);
        else {
            lines_equal(&t, "parsed", p.lines, name, text, tl, line, 2);
            if (n > KBIN_MAX_FILE_BYTES) case_fail(&t, "%zu bytes, more than KBIN_MAX_FILE_BYTES", n);
            kbin_free(&p);
        }
        free(b);
        /* one more byte of name or text is refused by both */
        name[KBIN_MAX_NAME_BYTES] = 'n';
        name[KBIN_MAX_NAME_BYTES + 1] = 0;
        b = NULL;
        if (kbin_serialize(&k, &b, &n, err, sizeof err) == 0) case_fail(&t, "a 4097-byte name serialized");
        else if (!strstr(err, "file name length 4097")) case_fail(&t, "message '%s'", err);
        free(b);
    }
    free(name);
    free(text);
    case_end_named(&t, "kbin_v2_accepts_4096_byte_name_and_16mib_text");
}

/* kbin_serialize refuses a line table kbin_parse would reject. */
static void test_serialize_checks(void)
{
    uint64_t insts[3] = { OP(ISA_OP_NOP), OP(ISA_OP_NOP), OP(ISA_OP_END) };
    char text[] = "nop\nnop\nend\n";
    static const struct {
        const char *name;
        uint32_t l0, l2, n, text_len;
        const char *what;
    } cases[] = {
        { "kbin_serialize_writes_v2_with_lines", 1, 3, 3, 12, NULL },
        { "kbin_serialize_rejects_line_count_mismatch", 1, 3, 2, 12, "line table has 2 entries but the kernel has 3" },
        { "kbin_serialize_rejects_line_0", 0, 3, 3, 12, "instruction 0 has line 0" },
        { "kbin_serialize_rejects_line_past_text", 1, 4, 3, 12, "instruction 2 has line 4, past the last line (3)" },
        { "kbin_serialize_rejects_text_over_16mib", 1, 3, 3, (16u << 20) + 1, "more than 16777216" },
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        check_case t;
        case_init(&t);
        uint32_t line[3] = { cases[c].l0, 2, cases[c].l2 };
        kbin_lines l = { "x.s", text, cases[c].text_len, cases[c].n, line };
        kbin k = { 3, 0, 1, insts, &l };
        uint8_t *b = (uint8_t *)&t;
        size_t n = 12345;
        char err[256] = "";
        int rc = kbin_serialize(&k, &b, &n, err, sizeof err);
        if (!cases[c].what) {
            if (rc) case_fail(&t, "rejected: %s", err);
            else {
                if (get32(b + 4) != 2 || n != 32 + 24 + 4 + 4 + 4 + 12 + 12) case_fail(&t, "version/size wrong");
                free(b);
            }
        } else if (rc != -1) {
            case_fail(&t, "accepted");
            free(b);
        } else if (b != (uint8_t *)&t || n != 12345) {
            case_fail(&t, "wrote its outputs");
        } else if (!strstr(err, cases[c].what)) {
            case_fail(&t, "message '%s' does not say '%s'", err, cases[c].what);
        }
        case_end_named(&t, cases[c].name);
    }
}

/* kbin_source_line, kbin_format_source, kbin_lines_dup, kbin_lines_free. */
static void test_source_helpers(void)
{
    check_case t;
    case_init(&t);
    kbin k;
    char err[512], buf[128];
    if (as_named(SRC, strlen(SRC), SRC_FILE, &k, err, sizeof err)) {
        case_fail(&t, "does not assemble: %s", err);
        case_end_named(&t, "kbin_source_line_and_format_source");
        return;
    }
    static const char *const want[SRC_N] = {
        "dir/prog.s:5: mov v20, 1   # first", "dir/prog.s:6: add v20, v20, 2", "dir/prog.s:8: a: b: nop ; two labels",
        "dir/prog.s:10: .inst 0x0300000000000000", "dir/prog.s:11: loop: s_add v21, v21, K",
        "dir/prog.s:13: brnz loop, v21", "dir/prog.s:14: end",
    };
    for (uint32_t pc = 0; pc < SRC_N; pc++) {
        if (!kbin_format_source(k.lines, pc, buf, sizeof buf) || strcmp(buf, want[pc]) != 0)
            case_fail(&t, "pc %u: '%s', expected '%s'", pc, buf, want[pc]);
    }
    unsigned line = 0;
    const char *text = NULL;
    size_t len = 0;
    if (!kbin_source_line(k.lines, 4, &line, &text, &len) || line != 11 || len != 23 ||
        memcmp(text, "loop: s_add v21, v21, K", 23) != 0)
        case_fail(&t, "kbin_source_line(pc 4): line %u, '%.*s'", line, (int)len, text ? text : "");
    if (!kbin_source_line(k.lines, 1, &line, &text, &len) || len != 19 || memcmp(text, "    add v20, v20, 2", 19))
        case_fail(&t, "kbin_source_line(pc 1) does not give the line as written: '%.*s'", (int)len, text);
    if (!kbin_source_line(k.lines, 0, NULL, NULL, NULL)) case_fail(&t, "NULL outputs refused");
    strcpy(buf, "junk");
    if (kbin_format_source(k.lines, SRC_N, buf, sizeof buf) || buf[0])
        case_fail(&t, "pc past the end gave '%s'", buf);
    strcpy(buf, "junk");
    if (kbin_format_source(NULL, 0, buf, sizeof buf) || buf[0] || kbin_source_line(NULL, 0, &line, &text, &len))
        case_fail(&t, "no line table gave a line");
    char small[12];
    memset(small, 'z', sizeof small);
    if (!kbin_format_source(k.lines, 0, small, 8) || strcmp(small, "dir/pro") != 0 || small[8] != 'z')
        case_fail(&t, "a buffer of 8 holds '%.12s'", small);

    kbin_lines *d = kbin_lines_dup(k.lines);
    if (!d) case_fail(&t, "kbin_lines_dup returned NULL");
    else {
        if (d->file == k.lines->file || d->text == k.lines->text || d->line == k.lines->line) {
            case_fail(&t, "kbin_lines_dup shares memory");   /* (d is not freed: that would free k's too) */
        } else {
            k.lines->line[0] = 99;
            k.lines->text[0] = 'X';
            k.lines->file[0] = 'Y';
            lines_equal(&t, "copy", d, SRC_FILE, SRC, strlen(SRC), SRC_LINES, SRC_N);
            kbin_lines_free(d);
        }
    }
    if (kbin_lines_dup(NULL)) case_fail(&t, "kbin_lines_dup(NULL) is not NULL");
    kbin_lines_free(NULL);
    kbin_free(&k);
    case_end_named(&t, "kbin_source_line_format_source_and_dup");
}

/* disasm_program with DISASM_SOURCE: the source lines as comments before
 * their first instruction; without the flag or without a line table, the
 * plain listing, unchanged. */
static void test_disasm_source(void)
{
    check_case t;
    case_init(&t);
    static const char want[] =
        ".lds 64\n"
        ".waves 1\n"
        "# dir/prog.s:5: mov v20, 1   # first\n"
        "    mov v20, one, 1\n"
        "# dir/prog.s:6: add v20, v20, 2\n"
        "    add v20, v20, 2\n"
        "# dir/prog.s:8: a: b: nop ; two labels\n"
        "    nop\n"
        "# dir/prog.s:10: .inst 0x0300000000000000\n"
        "    nop\n"
        "# dir/prog.s:11: loop: s_add v21, v21, K\n"
        "L4:\n"
        "    s_add v21, v21, 5\n"
        "# dir/prog.s:13: brnz loop, v21\n"
        "    brnz L4, v21\n"
        "# dir/prog.s:14: end\n"
        "    end\n";
    kbin k;
    char err[512];
    if (as_named(SRC, strlen(SRC), SRC_FILE, &k, err, sizeof err)) {
        case_fail(&t, "does not assemble: %s", err);
    } else {
        char *src = disasm_program(&k, DISASM_SOURCE), *plain = disasm_program(&k, DISASM_PC_COMMENTS);
        if (!src || strcmp(src, want) != 0) case_fail(&t, "got\n%s\nexpected\n%s", src ? src : "(null)", want);
        kbin_lines *l = k.lines;
        k.lines = NULL;
        char *plain_v1 = disasm_program(&k, DISASM_PC_COMMENTS), *src_v1 = disasm_program(&k, DISASM_SOURCE);
        char *bare = disasm_program(&k, 0);
        if (!plain || !plain_v1 || strcmp(plain, plain_v1) != 0)
            case_fail(&t, "the listing without DISASM_SOURCE depends on the line table");
        if (!src_v1 || !bare || strcmp(src_v1, bare) != 0)
            case_fail(&t, "DISASM_SOURCE without a line table is not the plain listing");
        kbin b;
        if (src && as_src(src, strlen(src), &b, err, sizeof err)) case_fail(&t, "does not reassemble: %s", err);
        else if (src) {
            if (b.num_insts != k.num_insts || memcmp(b.insts, k.insts, 8 * k.num_insts))
                case_fail(&t, "reassembles to other instructions");
            kbin_free(&b);
        }
        /* a line that repeats (one source line, several instructions) is printed once */
        l->line[1] = l->line[0];
        k.lines = l;
        char *rep = disasm_program(&k, DISASM_SOURCE);
        if (!rep || strstr(rep, "prog.s:6:") || !strstr(rep, "# dir/prog.s:5: mov v20, 1   # first\n"
                                                               "    mov v20, one, 1\n    add v20, v20, 2\n"))
            case_fail(&t, "pcs 0 and 1 on one line:\n%s", rep ? rep : "(null)");
        free(rep);
        free(src);
        free(plain);
        free(plain_v1);
        free(src_v1);
        free(bare);
        kbin_free(&k);
    }
    case_end_named(&t, "disasm_source_lines_before_their_instructions");
}

/* kbin_write_file / kbin_read_file keep the line table; read errors say why. */
static void test_files(void)
{
    check_case t;
    case_init(&t);
    char dir[] = "/tmp/test_asm_lines_XXXXXX", path[128], err[512];
    if (!mkdtemp(dir)) {
        check_skip("kbin_files_keep_lines_and_read_errors_say_why", "cannot make a temporary directory");
        return;
    }
    kbin k, p;
    uint8_t *data = NULL;
    size_t len = 0;
    snprintf(path, sizeof path, "%s/k.wgk", dir);
    if (as_named(SRC, strlen(SRC), SRC_FILE, &k, err, sizeof err)) case_fail(&t, "does not assemble: %s", err);
    else {
        if (kbin_write_file(path, &k, err, sizeof err)) case_fail(&t, "kbin_write_file: %s", err);
        else if (kbin_read_file(path, &data, &len, KBIN_MAX_FILE_BYTES, err, sizeof err))
            case_fail(&t, "kbin_read_file: %s", err);
        else if (kbin_parse(data, len, &p, err, sizeof err)) case_fail(&t, "kbin_parse: %s", err);
        else {
            lines_equal(&t, "read back", p.lines, SRC_FILE, SRC, strlen(SRC), SRC_LINES, SRC_N);
            kbin_free(&p);
        }
        free(data);
        kbin_free(&k);
    }
    data = NULL;
    if (kbin_read_file(dir, &data, &len, 1 << 20, err, sizeof err) == 0) {
        case_fail(&t, "reading a directory succeeded");
        free(data);
    } else if (!strstr(err, dir) || !strstr(err, "is a directory")) {
        case_fail(&t, "directory: '%s'", err);
    }
    snprintf(path, sizeof path, "%s/missing.wgk", dir);
    if (kbin_read_file(path, &data, &len, 1 << 20, err, sizeof err) == 0) case_fail(&t, "a missing file was read");
    else if (!strstr(err, path) || !strstr(err, "No such file")) case_fail(&t, "missing file: '%s'", err);
    snprintf(path, sizeof path, "%s/k.wgk", dir);
    remove(path);
    rmdir(dir);
    case_end_named(&t, "kbin_files_keep_lines_and_read_errors_say_why");
}

void test_lines(void)
{
    test_v2_roundtrip();
    test_v1_accepted();
    test_v2_malformed();
    test_v2_limits();
    test_serialize_checks();
    test_source_helpers();
    test_disasm_source();
    test_files();
}
