/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_asm.c: libFuzzer target of the assembler (asm_assemble, asm.h). The
 * input is the source text. A failure must leave the kernel empty and give
 * one message "fuzz.s:line:col: text" naming a line and column of the input
 * (docs/isa.md 9.6), also cut short in a small buffer. A success must keep
 * kbin.h's rules, carry a line table of the text (one instruction per line,
 * 9.1), serialise and parse back to the same kernel (version 2 and 1), and
 * disassemble to text that reassembles to the same words (disasm.h), with
 * and without pc comments and source lines. */
#include "fuzz_check.h"

#include "asm.h"
#include "disasm.h"
#include "kbin.h"

#define FILE_NAME "fuzz.s"

/* msg is "fuzz.s:L:C: text" with L a line of src (line 1 of an empty
 * source) and C a column of it, 1..length + 1; a line over the limit is
 * reported at column ASM_MAX_LINE + 1. */
static void check_message(const char *msg, size_t errlen, const char *src, size_t len)
{
    fuzz_check_one_line("asm_assemble", msg, errlen);
    const char *p = msg;
    FUZZ_CHECK(!strncmp(p, FILE_NAME ":", strlen(FILE_NAME ":")), "message '%s' does not start with the file name",
               msg);
    p += strlen(FILE_NAME ":");
    char *end;
    unsigned long line = strtoul(p, &end, 10);
    FUZZ_CHECK(end != p && *end == ':', "message '%s' has no line number", msg);
    p = end + 1;
    unsigned long col = strtoul(p, &end, 10);
    FUZZ_CHECK(end != p && end[0] == ':' && end[1] == ' ' && end[2], "message '%s' has no column or no text", msg);
    uint32_t nlines = fuzz_count_lines(src, len);
    FUZZ_CHECK(line >= 1 && (line <= nlines || line == 1), "message '%s' names line %lu of a %u-line source", msg,
               line, nlines);
    size_t start = 0, cur = 1;
    for (size_t i = 0; i < len && cur < line; i++)
        if (src[i] == '\n') cur++, start = i + 1;
    size_t stop = start;
    while (stop < len && src[stop] != '\n') stop++;
    size_t ll = stop - start;
    FUZZ_CHECK(col >= 1 && (col <= ll + 1 || (ll > ASM_MAX_LINE && col == ASM_MAX_LINE + 1)),
               "message '%s' names column %lu of a %zu-byte line", msg, col, ll);
}

static void check_failure(const uint8_t *data, size_t size, const kbin *k, const char *err, size_t errlen)
{
    fuzz_check_kbin_empty("asm_assemble", k);
    check_message(err, errlen, (const char *)data, size);
    /* The same message cut short in a small buffer (and no buffer at all). */
    char small[12];
    kbin k2;
    memset(small, 'x', sizeof small);
    int rc = asm_assemble((const char *)data, size, FILE_NAME, &k2, small, sizeof small);
    FUZZ_CHECK(rc == -1, "asm_assemble with a small message buffer returned %d", rc);
    FUZZ_CHECK(memchr(small, 0, sizeof small) && !strncmp(small, err, sizeof small - 1),
               "message in a %zu-byte buffer is not the start of '%s'", sizeof small, err);
    fuzz_check_kbin_empty("asm_assemble (small buffer)", &k2);
    rc = asm_assemble((const char *)data, size, FILE_NAME, &k2, NULL, 0);
    FUZZ_CHECK(rc == -1, "asm_assemble without a message buffer returned %d", rc);
    fuzz_check_kbin_empty("asm_assemble (no buffer)", &k2);
}

static void check_success(const uint8_t *data, size_t size, kbin *k)
{
    fuzz_check_kbin_rules("asm_assemble", k);
    const kbin_lines *l = k->lines;
    FUZZ_CHECK(l, "asm_assemble gave no line table");
    FUZZ_CHECK(!strcmp(l->file, FILE_NAME), "line table file name '%s'", l->file);
    FUZZ_CHECK(l->text_len == size && !memcmp(l->text, data, size), "line table text is not the source (%u of %zu bytes)",
               l->text_len, size);
    for (uint32_t pc = 1; pc < l->num_insts; pc++)
        FUZZ_CHECK(l->line[pc] > l->line[pc - 1], "instructions %u and %u on lines %u and %u (one per line, in order)",
                   pc - 1, pc, l->line[pc - 1], l->line[pc]);

    fuzz_check_serialize("version 2", k, NULL, NULL);
    kbin_lines *lines = k->lines;
    k->lines = NULL;
    fuzz_check_serialize("version 1", k, NULL, NULL);
    k->lines = lines;

    fuzz_check_disasm_program("assembled kernel", k, 0);
    fuzz_check_disasm_program("assembled kernel", k, DISASM_PC_COMMENTS | DISASM_SOURCE);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    kbin k;
    char err[1024];
    memset(&k, 0xA5, sizeof k);   /* garbage: a failure must clear it */
    memset(err, 'x', sizeof err);
    int rc = asm_assemble((const char *)data, size, FILE_NAME, &k, err, sizeof err);
    FUZZ_CHECK(rc == 0 || rc == -1, "asm_assemble returned %d", rc);
    if (rc) {
        check_failure(data, size, &k, err, sizeof err);
        return 0;
    }
    check_success(data, size, &k);
    kbin_free(&k);
    return 0;
}
