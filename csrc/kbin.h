/* SPDX-License-Identifier: Apache-2.0 */
/* kbin.h: the kernel binary format (.wgk), docs/isa.md section 8.
 *
 * Version 1 is the 32-byte header and the instructions. Version 2 adds a line
 * table after them, all little-endian: u32 name_len, the source file name
 * (no NUL), zero padding to a multiple of 4; u32 text_len, the whole source
 * text, zero padding to a multiple of 4; then one u32 per instruction, the
 * 1-based source line it came from. The file ends there. */
#ifndef GPU_KBIN_H
#define GPU_KBIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KBIN_MAGIC "WGK1"
#define KBIN_VERSION 1u          /* header and instructions */
#define KBIN_VERSION_LINES 2u    /* header, instructions and a line table */
#define KBIN_HEADER_BYTES 32u
#define KBIN_MAX_NAME_BYTES 4096u           /* a line table's file name */
#define KBIN_MAX_TEXT_BYTES (16u << 20)     /* a line table's source text */
/* The largest file kbin_parse can accept (4096 = ISA_MAX_INSTS, checked in kbin.c). */
#define KBIN_MAX_FILE_BYTES \
    (KBIN_HEADER_BYTES + 12u * 4096u + 8u + KBIN_MAX_NAME_BYTES + KBIN_MAX_TEXT_BYTES)

/* The line table of a version 2 binary: where each instruction came from. */
typedef struct {
    char *file;        /* the source file name as given to the assembler, NUL-terminated */
    char *text;        /* the whole source text, text_len bytes, plus a NUL after it */
    uint32_t text_len;
    uint32_t num_insts;
    uint32_t *line;    /* line[pc]: the 1-based source line of instruction pc */
} kbin_lines;

typedef struct {
    uint32_t num_insts;
    uint32_t lds_bytes;
    uint32_t waves_per_group;
    uint64_t *insts;   /* owned; free with kbin_free */
    kbin_lines *lines; /* owned; NULL: no line table (a version 1 binary) */
} kbin;

/* Parses a binary image, version 1 or 2. Returns 0, or -1 with a message in
 * err and *out left empty (no instructions, no line table). */
int kbin_parse(const void *data, size_t len, kbin *out, char *err, size_t errlen);
/* Serialises; *out is malloc'ed. Version 2 when k->lines is not NULL, else
 * version 1. Checks what kbin_parse checks (1..4096 instructions, lds_bytes a
 * multiple of 4 and <= 65536, 1 or 2 waves; a line table with one line per
 * instruction, each within the text, the name and text within their limits)
 * and returns -1 with a message, writing nothing, if the kernel breaks a rule.
 * Returns 0 on success. */
int kbin_serialize(const kbin *k, uint8_t **out, size_t *len, char *err, size_t errlen);
/* Reads a whole file (at most max bytes) into a malloc'ed buffer. Errors name
 * the path and say why (strerror, "is a directory", too large). */
int kbin_read_file(const char *path, uint8_t **data, size_t *len, size_t max, char *err, size_t errlen);
/* Serialises (with kbin_serialize's checks) and writes; on a check failure
 * the file is not created. */
int kbin_write_file(const char *path, const kbin *k, char *err, size_t errlen);
/* Frees the instructions and the line table. */
void kbin_free(kbin *k);

/* The source line of instruction pc: returns 1 and sets *line (1-based) and
 * *text / *text_len (the line as written, without its newline or a carriage
 * return before it, not NUL-terminated) when l is not NULL and
 * pc < l->num_insts; else 0. line, text and text_len may be NULL. */
int kbin_source_line(const kbin_lines *l, uint32_t pc, unsigned *line, const char **text, size_t *text_len);
/* Formats "file:line: <the source line as written, leading blanks trimmed>"
 * into buf (cut to len, always NUL-terminated when len > 0); returns 1, or 0
 * with buf = "" when there is none. */
int kbin_format_source(const kbin_lines *l, uint32_t pc, char *buf, size_t len);
/* A deep copy; NULL for NULL or on allocation failure. */
kbin_lines *kbin_lines_dup(const kbin_lines *l);
void kbin_lines_free(kbin_lines *l);

#ifdef __cplusplus
}
#endif

#endif
