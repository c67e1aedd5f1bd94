/* SPDX-License-Identifier: Apache-2.0 */
/* test_testfloat: every line of every Berkeley TestFloat vector file in
 * $TESTFLOAT_DIR (default ../shared/testfloat) through the ALU functions the
 * golden model executes, compared bit for bit (NaN included, flags ignored).
 *
 * Each vector goes through both entry points of alu.h: isa_alu (the scalar
 * unit, reductions, atomics) and isa_alu_vec in batches of 32 lanes (the
 * vector ALU). The comparison files also check the mirrored opcodes:
 * f32_lt gives gt_f32(b, a), f32_le gives ge_f32(b, a), f32_eq gives ne_f32.
 *
 * One line per file: "PASS fp_testfloat_<op> (N vectors)" or "FAIL ...".
 * A missing directory, a missing or unknown file, a malformed line or a
 * file with no vectors is a failure.
 */
#define _POSIX_C_SOURCE 200809L
#include "alu.h"
#include "check.h"
#include "isa.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BATCH 32
#define MAX_REPORTED 5

typedef enum { MIRROR_NONE, MIRROR_SWAP, MIRROR_NOT } mirror_kind;

typedef struct {
    const char *op;          /* file name without .tv */
    unsigned nops;           /* operands on a line */
    unsigned fn;             /* ISA_FN_* */
    unsigned mirror_fn;      /* a second function checked on the same line, or ~0u */
    mirror_kind mirror;      /* how its result relates to the expected one */
} tf_op;

static const tf_op ops[] = {
    { "f32_add", 2, ISA_FN_ADD_F32, ~0u, MIRROR_NONE },
    { "f32_sub", 2, ISA_FN_SUB_F32, ~0u, MIRROR_NONE },
    { "f32_mul", 2, ISA_FN_MUL_F32, ~0u, MIRROR_NONE },
    { "f32_div", 2, ISA_FN_DIV_F32, ~0u, MIRROR_NONE },
    { "f32_mulAdd", 3, ISA_FN_FMA_F32, ~0u, MIRROR_NONE },
    { "f32_sqrt", 1, ISA_FN_SQRT_F32, ~0u, MIRROR_NONE },
    { "f32_eq", 2, ISA_FN_EQ_F32, ISA_FN_NE_F32, MIRROR_NOT },
    { "f32_lt", 2, ISA_FN_LT_F32, ISA_FN_GT_F32, MIRROR_SWAP },
    { "f32_le", 2, ISA_FN_LE_F32, ISA_FN_GE_F32, MIRROR_SWAP },
    { "i32_to_f32", 1, ISA_FN_CVT_F32_I32, ~0u, MIRROR_NONE },
    { "ui32_to_f32", 1, ISA_FN_CVT_F32_U32, ~0u, MIRROR_NONE },
    { "f32_to_i32_rminMag", 1, ISA_FN_CVT_I32_F32_RTZ, ~0u, MIRROR_NONE },
    { "f32_to_i32_rnear_even", 1, ISA_FN_CVT_I32_F32_RNE, ~0u, MIRROR_NONE },
    { "f32_to_ui32_rminMag", 1, ISA_FN_CVT_U32_F32_RTZ, ~0u, MIRROR_NONE },
    { "f32_to_ui32_rnear_even", 1, ISA_FN_CVT_U32_F32_RNE, ~0u, MIRROR_NONE },
};
#define NUM_OPS (sizeof ops / sizeof ops[0])

typedef struct {
    const tf_op *op;
    const char *path;
    unsigned long vectors;
    unsigned long mismatches;
    /* the pending batch */
    unsigned n;
    uint32_t in[3][BATCH];
    uint32_t expect[BATCH];
    unsigned long line[BATCH];
} tf_run;

static void report_mismatch(tf_run *r, unsigned i, const char *path_kind, const char *fn_name,
                            uint32_t want, uint32_t got)
{
    if (++r->mismatches > MAX_REPORTED)
        return;
    printf("    %s via %s (%s):", r->op->op, fn_name, path_kind);
    /* Operands in the isa_alu positions: unary operations take b. */
    if (r->op->nops == 1)
        printf(" b=%08x", r->in[1][i]);
    else
        for (unsigned k = 0; k < r->op->nops; k++)
            printf(" %c=%08x", "abc"[k], r->in[k][i]);
    printf(" expected %08x actual %08x at %s:%lu\n", want, got, r->path, r->line[i]);
}

/* Checks the pending batch through both ALU entry points. */
static void flush(tf_run *r)
{
    const tf_op *op = r->op;
    uint32_t out[BATCH];
    unsigned n = r->n;
    if (!n)
        return;
    isa_alu_vec(op->fn, out, r->in[0], r->in[1], r->in[2], n);
    for (unsigned i = 0; i < n; i++) {
        uint32_t s = isa_alu(op->fn, r->in[0][i], r->in[1][i], r->in[2][i]);
        if (out[i] != r->expect[i])
            report_mismatch(r, i, "vector", isa_fn_name(op->fn), r->expect[i], out[i]);
        else if (s != r->expect[i])
            report_mismatch(r, i, "scalar", isa_fn_name(op->fn), r->expect[i], s);
    }
    if (op->mirror != MIRROR_NONE) {
        if (op->mirror == MIRROR_SWAP)
            isa_alu_vec(op->mirror_fn, out, r->in[1], r->in[0], NULL, n);
        else
            isa_alu_vec(op->mirror_fn, out, r->in[0], r->in[1], NULL, n);
        for (unsigned i = 0; i < n; i++) {
            uint32_t want = op->mirror == MIRROR_NOT ? !r->expect[i] : r->expect[i];
            uint32_t s = op->mirror == MIRROR_SWAP ? isa_alu(op->mirror_fn, r->in[1][i], r->in[0][i], 0)
                                                   : isa_alu(op->mirror_fn, r->in[0][i], r->in[1][i], 0);
            if (out[i] != want)
                report_mismatch(r, i, "vector, mirrored", isa_fn_name(op->mirror_fn), want, out[i]);
            else if (s != want)
                report_mismatch(r, i, "scalar, mirrored", isa_fn_name(op->mirror_fn), want, s);
        }
    }
    r->n = 0;
}

/* Parses up to max hex words; returns how many, or -1 on a malformed token. */
static int parse_hex_words(char *s, uint32_t *w, int max)
{
    int n = 0;
    for (;;) {
        while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
            s++;
        if (!*s)
            return n;
        if (n == max)
            return -1;
        char *end;
        errno = 0;
        unsigned long v = strtoul(s, &end, 16);
        if (end == s || errno || v > 0xFFFFFFFFul || (*end && *end != ' ' && *end != '\t' && *end != '\r' && *end != '\n'))
            return -1;
        w[n++] = (uint32_t)v;
        s = end;
    }
}

/* Runs one file: its PASS or FAIL line. */
static void run_file(const char *dir, const tf_op *op)
{
    char path[1024], test[128];
    snprintf(path, sizeof path, "%s/%s.tv", dir, op->op);
    snprintf(test, sizeof test, "fp_testfloat_%s", op->op);
    FILE *f = fopen(path, "r");
    if (!f) {
        check_fail(test, "cannot open %s: %s", path, strerror(errno));
        return;
    }
    static tf_run r;
    memset(&r, 0, sizeof r);
    r.op = op;
    r.path = path;
    char buf[512];
    unsigned long lineno = 0;
    int bad_line = 0;
    while (fgets(buf, sizeof buf, f)) {
        lineno++;
        uint32_t w[5];
        int n = parse_hex_words(buf, w, 5);
        if (n == 0)
            continue;   /* blank line */
        if (n != (int)op->nops + 2) {
            buf[strcspn(buf, "\r\n")] = 0;
            check_fail(test, "%s:%lu: expected %u operands, result and flags, got \"%.60s\"", path, lineno,
                       op->nops, buf);
            bad_line = 1;
            break;
        }
        unsigned i = r.n;
        if (op->nops == 1) {
            r.in[0][i] = 0;
            r.in[1][i] = w[0];
            r.in[2][i] = 0;
        } else {
            r.in[0][i] = w[0];
            r.in[1][i] = w[1];
            r.in[2][i] = op->nops == 3 ? w[2] : 0;
        }
        r.expect[i] = w[op->nops];
        r.line[i] = lineno;
        r.vectors++;
        if (++r.n == BATCH)
            flush(&r);
    }
    int read_error = ferror(f);
    fclose(f);
    if (bad_line)
        return;
    flush(&r);
    if (read_error) {
        check_fail(test, "read error on %s", path);
        return;
    }
    if (r.vectors == 0) {
        check_fail(test, "%s holds no vectors", path);
        return;
    }
    if (r.mismatches) {
        check_fail(test, "%lu of %lu vectors differ (first %d shown above)", r.mismatches, r.vectors,
                   MAX_REPORTED);
        return;
    }
    check_pass_note(test, "%lu vectors", r.vectors);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int main(void)
{
    const char *dir = getenv("TESTFLOAT_DIR");
    if (!dir || !*dir)
        dir = "../shared/testfloat";

    DIR *d = opendir(dir);
    if (!d) {
        check_fail("fp_testfloat_vectors_present", "cannot open TESTFLOAT_DIR %s: %s", dir, strerror(errno));
        return check_summary("test_testfloat");
    }
    /* Every .tv file in the directory must be one this test knows. */
    char *unknown[64];
    unsigned nunknown = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len < 4 || strcmp(e->d_name + len - 3, ".tv") != 0)
            continue;
        int known = 0;
        for (unsigned i = 0; i < NUM_OPS; i++)
            if (strlen(ops[i].op) == len - 3 && strncmp(ops[i].op, e->d_name, len - 3) == 0)
                known = 1;
        if (!known && nunknown < 64)
            unknown[nunknown++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(unknown, nunknown, sizeof unknown[0], cmp_str);
    for (unsigned i = 0; i < nunknown; i++) {
        char test[128];
        snprintf(test, sizeof test, "fp_testfloat_%.*s", (int)(strlen(unknown[i]) - 3), unknown[i]);
        check_fail(test, "%s/%s has no mapping to an ALU function in this test", dir, unknown[i]);
        free(unknown[i]);
    }

    for (unsigned i = 0; i < NUM_OPS; i++)
        run_file(dir, &ops[i]);
    return check_summary("test_testfloat");
}
