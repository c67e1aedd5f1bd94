/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_kbin.c: libFuzzer target of the kernel-binary loader (kbin.h). The
 * input is a .wgk image. A failure must leave the kernel empty with a
 * one-line message. A success must keep kbin.h's rules, and since the format
 * has one encoding (zero padding and reserved bytes, nothing after the end),
 * kbin_serialize must give back the input byte for byte, which parses to the
 * same kernel. The line table's accessors (kbin_source_line,
 * kbin_format_source, kbin_lines_dup) must agree with the table, and the
 * disassembly with source comments must reassemble to the same words
 * (disasm.h). */
#include "fuzz_check.h"

#include "disasm.h"
#include "kbin.h"

/* The source line of instruction pc: line l->line[pc] of the text, without
 * its newline or a carriage return before it. */
static void check_source_line(const kbin_lines *l, uint32_t pc)
{
    unsigned line = 0;
    const char *text = NULL;
    size_t n = 0;
    FUZZ_CHECK(kbin_source_line(l, pc, &line, &text, &n), "pc %u has no source line", pc);
    FUZZ_CHECK(line == l->line[pc], "pc %u: kbin_source_line gave line %u, the table %u", pc, line, l->line[pc]);
    const char *t = l->text, *end = t + l->text_len;
    for (unsigned i = 1; i < line; i++) t = (const char *)memchr(t, '\n', (size_t)(end - t)) + 1;
    const char *nl = memchr(t, '\n', (size_t)(end - t));
    size_t want = (size_t)((nl ? nl : end) - t);
    if (want && t[want - 1] == '\r') want--;
    FUZZ_CHECK(text == t && n == want, "pc %u: line %u is at offset %td, %zu bytes; kbin_source_line gave %td, %zu",
               pc, line, t - l->text, want, text - l->text, n);

    /* "file:line: text", and in a small buffer the start of it */
    static char full[KBIN_MAX_NAME_BYTES + 65536 + 64];
    char head[KBIN_MAX_NAME_BYTES + 32], small[24];
    memset(small, 'x', sizeof small);
    FUZZ_CHECK(kbin_format_source(l, pc, full, sizeof full), "pc %u: kbin_format_source found no line", pc);
    FUZZ_CHECK(kbin_format_source(l, pc, small, sizeof small), "pc %u: kbin_format_source found no line", pc);
    int hn = snprintf(head, sizeof head, "%s:%u: ", l->file, line);
    FUZZ_CHECK(!strncmp(full, head, (size_t)hn), "pc %u: kbin_format_source gave '%.200s', expected it to start '%s'",
               pc, full, head);
    size_t fl = strlen(full), sl = fl < sizeof small - 1 ? fl : sizeof small - 1;
    FUZZ_CHECK(memchr(small, 0, sizeof small) && strlen(small) == sl && !strncmp(small, full, sl),
               "pc %u: kbin_format_source in %zu bytes gave '%.*s', not the start of '%.200s'", pc, sizeof small,
               (int)sizeof small, small, full);
}

static void check_lines(const kbin_lines *l)
{
    kbin a = { 0 }, b = { 0 };
    a.lines = (kbin_lines *)l;
    b.lines = kbin_lines_dup(l);
    FUZZ_CHECK(b.lines, "kbin_lines_dup returned NULL");
    const char *diff = fuzz_kbin_diff(&a, &b);
    FUZZ_CHECK(!diff, "kbin_lines_dup changed the %s", diff);
    kbin_lines_free(b.lines);

    /* the first instructions and the last (each costs a scan of the text) */
    for (uint32_t pc = 0; pc < l->num_insts; pc++)
        if (pc < 64 || pc + 1 == l->num_insts) check_source_line(l, pc);
    char buf[16] = "x";
    FUZZ_CHECK(!kbin_source_line(l, l->num_insts, NULL, NULL, NULL) &&
                   !kbin_format_source(l, l->num_insts, buf, sizeof buf) && !buf[0],
               "pc %u past the end has a source line", l->num_insts);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    kbin k;
    char err[1024];
    memset(&k, 0xA5, sizeof k);   /* garbage: a failure must clear it */
    memset(err, 'x', sizeof err);
    int rc = kbin_parse(data, size, &k, err, sizeof err);
    FUZZ_CHECK(rc == 0 || rc == -1, "kbin_parse returned %d", rc);
    if (rc) {
        fuzz_check_kbin_empty("kbin_parse", &k);
        fuzz_check_one_line("kbin_parse", err, sizeof err);
        return 0;
    }
    fuzz_check_kbin_rules("kbin_parse", &k);
    uint32_t version = (uint32_t)data[4] | (uint32_t)data[5] << 8 | (uint32_t)data[6] << 16 | (uint32_t)data[7] << 24;
    FUZZ_CHECK(version == (k.lines ? 2u : 1u), "a version %u image parsed %s a line table", version,
               k.lines ? "with" : "without");

    uint8_t *img;
    size_t len;
    fuzz_check_serialize("parsed kernel", &k, &img, &len);
    size_t diff_at = 0;
    while (diff_at < len && diff_at < size && img[diff_at] == data[diff_at]) diff_at++;
    FUZZ_CHECK(len == size && diff_at == size, "kbin_serialize wrote %zu bytes for a %zu-byte image, first difference at byte %zu",
               len, size, diff_at);
    free(img);

    if (k.lines) check_lines(k.lines);
    fuzz_check_disasm_program("parsed kernel", &k, DISASM_SOURCE | DISASM_PC_COMMENTS);
    kbin_free(&k);
    return 0;
}
