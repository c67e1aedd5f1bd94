/* SPDX-License-Identifier: Apache-2.0 */
/* wgdis: disassembles a kernel binary to text that wgasm reassembles to the
 * same bits. usage: wgdis [-n] [-S|--source] in.wgk
 *   -n: no "# pc" comments;
 *   -S, --source: before the first instruction of each source line, that
 *       line as a comment "# file:line: text" (from the binary's line table;
 *       a binary without one gets a note on stderr and the plain listing). */
#define _POSIX_C_SOURCE 200809L
#include "disasm.h"
#include "isa.h"
#include "kbin.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Big enough to let kbin_parse say what is wrong with an oversized file. */
#define MAX_FILE_BYTES (KBIN_MAX_FILE_BYTES + (1u << 20))

static int usage(FILE *f, int rc)
{
    fprintf(f, "usage: wgdis [-n] [-S|--source] in.wgk    (in.wgk may be '-' for standard input)\n"
               "  -n            no pc comments\n"
               "  -S, --source  each source line (from the binary's line table) as a comment before its "
               "instructions\n");
    return rc;
}

int main(int argc, char **argv)
{
    const char *in = NULL;
    unsigned flags = DISASM_PC_COMMENTS;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-n") == 0) {
            flags &= ~(unsigned)DISASM_PC_COMMENTS;
        } else if (strcmp(a, "-S") == 0 || strcmp(a, "--source") == 0) {
            flags |= DISASM_SOURCE;
        } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            return usage(stdout, 0);
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "wgdis: unknown option '%s'\n", a);
            return usage(stderr, 2);
        } else if (in) {
            fprintf(stderr, "wgdis: more than one input file ('%s' and '%s')\n", in, a);
            return usage(stderr, 2);
        } else {
            in = a;
        }
    }
    if (!in) return usage(stderr, 2);
    bool from_stdin = strcmp(in, "-") == 0;
    const char *name = from_stdin ? "<stdin>" : in;
    FILE *f = from_stdin ? stdin : fopen(in, "rb");
    if (!f) {
        fprintf(stderr, "wgdis: %s: %s\n", in, strerror(errno));
        return 1;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fprintf(stderr, "wgdis: %s: is a directory\n", name);
        if (!from_stdin) fclose(f);
        return 1;
    }
    size_t cap = 1u << 16, len = 0, r;
    uint8_t *data = malloc(cap);
    int read_errno = 0;
    while (data) {
        if (len == cap) {
            if (cap > MAX_FILE_BYTES) break;
            uint8_t *nd = realloc(data, cap * 2);
            if (!nd) {
                free(data);
                data = NULL;
                break;
            }
            data = nd;
            cap *= 2;
        }
        errno = 0;
        r = fread(data + len, 1, cap - len, f);
        len += r;
        if (r == 0) {
            read_errno = errno;
            break;
        }
    }
    int bad = ferror(f);
    if (!from_stdin) fclose(f);
    if (!data) {
        fprintf(stderr, "wgdis: out of memory\n");
        return 1;
    }
    if (bad || len > MAX_FILE_BYTES) {
        if (bad)
            fprintf(stderr, "wgdis: %s: read error: %s\n", name, read_errno ? strerror(read_errno) : "unknown cause");
        else
            fprintf(stderr, "wgdis: %s: file is too large to be a kernel binary\n", name);
        free(data);
        return 1;
    }
    char err[256];
    kbin k;
    int rc = kbin_parse(data, len, &k, err, sizeof err);
    free(data);
    if (rc) {
        fprintf(stderr, "wgdis: %s: %s\n", name, err);
        return 1;
    }
    if ((flags & DISASM_SOURCE) && !k.lines)
        fprintf(stderr, "wgdis: %s: the binary has no line table (version 1); printing it without source lines\n",
                name);
    char *text = disasm_program(&k, flags);
    kbin_free(&k);
    if (!text) {
        fprintf(stderr, "wgdis: out of memory\n");
        return 1;
    }
    fputs(text, stdout);
    free(text);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "wgdis: write error on standard output\n");
        return 1;
    }
    return 0;
}
