/* SPDX-License-Identifier: Apache-2.0 */
/* wgasm: assembles a kernel. usage: wgasm [--no-lines] [-o out.wgk] in.s
 * The binary is version 2, with a line table (the file name, the source and
 * each instruction's line); --no-lines writes version 1 without it.
 * Errors go to stderr as "file:line:col: message" and exit 1; no output file
 * is written (or left behind) on error. Usage errors exit 2, among them an
 * output that is the input file itself (which is left untouched). */
#define _POSIX_C_SOURCE 200809L
#include "asm.h"
#include "kbin.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_SOURCE_BYTES (64u << 20)

static int usage(FILE *f, int rc)
{
    fprintf(f, "usage: wgasm [--no-lines] [-o out.wgk] in.s    (in.s may be '-' for standard input, out.wgk '-' "
               "for standard output;\n"
               "       --no-lines: a version 1 binary, without the line table of source lines)\n");
    return rc;
}

/* Reads a whole stream into a malloc'ed buffer. */
static char *read_stream(FILE *f, const char *name, size_t *len)
{
    size_t cap = 1 << 16, n = 0;
    char *b = malloc(cap);
    while (b) {
        if (n == cap) {
            if (cap >= MAX_SOURCE_BYTES) {
                fprintf(stderr, "wgasm: %s: larger than %u bytes\n", name, MAX_SOURCE_BYTES);
                free(b);
                return NULL;
            }
            char *nb = realloc(b, cap * 2);
            if (!nb) break;
            b = nb;
            cap *= 2;
        }
        errno = 0;
        size_t r = fread(b + n, 1, cap - n, f);
        n += r;
        if (r == 0) break;
    }
    int read_errno = errno;
    if (!b || n == cap) {
        fprintf(stderr, "wgasm: %s: out of memory\n", name);
        free(b);
        return NULL;
    }
    if (ferror(f)) {
        fprintf(stderr, "wgasm: %s: read error: %s\n", name, read_errno ? strerror(read_errno) : "unknown cause");
        free(b);
        return NULL;
    }
    *len = n;
    return b;
}

/* in.s -> in.wgk; a name without an extension gets .wgk appended. */
static char *default_output(const char *in)
{
    size_t n = strlen(in);
    const char *slash = strrchr(in, '/');
    const char *dot = strrchr(in, '.');
    if (dot && (!slash || dot > slash + 1)) n = (size_t)(dot - in);
    char *o = malloc(n + 5);
    if (!o) return NULL;
    memcpy(o, in, n);
    memcpy(o + n, ".wgk", 5);
    return o;
}

/* Is the output path the input file itself: the same string, or the same
 * file (device and inode) under another name? */
static bool same_file(const char *in, const char *out)
{
    if (strcmp(in, out) == 0) return true;
    struct stat a, b;
    return stat(in, &a) == 0 && stat(out, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/* Writes the binary to a temporary file next to path and renames it into place. */
static int write_output(const char *path, const kbin *k)
{
    char err[256];
    uint8_t *bytes;
    size_t n;
    if (kbin_serialize(k, &bytes, &n, err, sizeof err)) {
        fprintf(stderr, "wgasm: %s\n", err);
        return -1;
    }
    if (strcmp(path, "-") == 0) {
        int bad = fwrite(bytes, 1, n, stdout) != n || fflush(stdout) != 0;
        free(bytes);
        if (bad) fprintf(stderr, "wgasm: write error on standard output\n");
        return bad ? -1 : 0;
    }
    size_t tl = strlen(path) + 32;
    char *tmp = malloc(tl);
    if (!tmp) {
        free(bytes);
        fprintf(stderr, "wgasm: out of memory\n");
        return -1;
    }
    snprintf(tmp, tl, "%s.tmp%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    int rc = -1;
    if (!f) {
        fprintf(stderr, "wgasm: cannot write %s: %s\n", path, strerror(errno));
    } else {
        int bad = fwrite(bytes, 1, n, f) != n;
        bad |= fclose(f) != 0;
        if (bad) fprintf(stderr, "wgasm: %s: write error\n", path);
        else if (rename(tmp, path) != 0) fprintf(stderr, "wgasm: %s: %s\n", path, strerror(errno));
        else rc = 0;
        if (rc) remove(tmp);
    }
    free(tmp);
    free(bytes);
    return rc;
}

int main(int argc, char **argv)
{
    const char *in = NULL, *outp = NULL;
    bool lines = true;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--no-lines") == 0) {
            lines = false;
        } else if (strcmp(a, "-o") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "wgasm: -o needs a file name\n");
                return usage(stderr, 2);
            }
            outp = argv[++i];
        } else if (strncmp(a, "-o", 2) == 0) {
            outp = a + 2;
        } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            return usage(stdout, 0);
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "wgasm: unknown option '%s'\n", a);
            return usage(stderr, 2);
        } else if (in) {
            fprintf(stderr, "wgasm: more than one input file ('%s' and '%s')\n", in, a);
            return usage(stderr, 2);
        } else {
            in = a;
        }
    }
    if (!in) return usage(stderr, 2);
    bool from_stdin = strcmp(in, "-") == 0;
    if (from_stdin && !outp) {
        fprintf(stderr, "wgasm: reading standard input needs -o\n");
        return usage(stderr, 2);
    }
    char *def = outp ? NULL : default_output(in);
    if (!outp && !def) {
        fprintf(stderr, "wgasm: out of memory\n");
        return 1;
    }
    const char *out = outp ? outp : def;
    if (!from_stdin && strcmp(out, "-") != 0 && same_file(in, out)) {
        fprintf(stderr, "wgasm: the output %s is the input file %s; refusing to overwrite the source (name another "
                        "output with -o)\n", out, in);
        free(def);
        return 2;
    }
    const char *name = from_stdin ? "<stdin>" : in;
    FILE *f = from_stdin ? stdin : fopen(in, "rb");
    if (!f) {
        fprintf(stderr, "wgasm: %s: %s\n", in, strerror(errno));
        free(def);
        return 1;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fprintf(stderr, "wgasm: %s: is a directory\n", name);
        if (!from_stdin) fclose(f);
        free(def);
        return 1;
    }
    size_t len = 0;
    char *src = read_stream(f, name, &len);
    if (!from_stdin) fclose(f);
    if (!src) {
        free(def);
        return 1;
    }

    char err[512];
    kbin k;
    int rc = asm_assemble(src, len, name, &k, err, sizeof err);
    free(src);
    if (rc) {
        fprintf(stderr, "%s\n", err);
        free(def);
        return 1;
    }
    if (!lines) {
        kbin_lines_free(k.lines);
        k.lines = NULL;
    } else if (k.lines && k.lines->text_len > KBIN_MAX_TEXT_BYTES) {
        fprintf(stderr, "wgasm: %s: the source is %u bytes; a line table holds at most %u (use --no-lines)\n", name,
                k.lines->text_len, KBIN_MAX_TEXT_BYTES);
        kbin_free(&k);
        free(def);
        return 1;
    }
    rc = write_output(out, &k);
    free(def);
    kbin_free(&k);
    return rc ? 1 : 0;
}
