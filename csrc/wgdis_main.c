/* SPDX-License-Identifier: Apache-2.0 */
/* wgdis: disassembles a kernel binary to text that wgasm reassembles to the
 * same bits. usage: wgdis [-n] in.wgk   (-n: no "# pc" comments) */
#define _POSIX_C_SOURCE 200809L
#include "disasm.h"
#include "isa.h"
#include "kbin.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Big enough to let kbin_parse say what is wrong with an oversized file. */
#define MAX_FILE_BYTES (KBIN_HEADER_BYTES + 8u * ISA_MAX_INSTS + (1u << 20))

static int usage(FILE *f, int rc)
{
    fprintf(f, "usage: wgdis [-n] in.wgk    (in.wgk may be '-' for standard input; -n: no pc comments)\n");
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
    size_t cap = MAX_FILE_BYTES + 1;
    uint8_t *data = malloc(cap);
    if (!data) {
        fprintf(stderr, "wgdis: out of memory\n");
        if (!from_stdin) fclose(f);
        return 1;
    }
    size_t len = 0, r;
    while (len < cap && (r = fread(data + len, 1, cap - len, f)) > 0) len += r;
    int bad = ferror(f);
    if (!from_stdin) fclose(f);
    if (bad || len == cap) {
        fprintf(stderr, "wgdis: %s: %s\n", name, bad ? "read error" : "file is too large to be a kernel binary");
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
