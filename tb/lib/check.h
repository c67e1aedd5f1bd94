/* SPDX-License-Identifier: Apache-2.0 */
/* check.h: the reporting of every C test program (tb/), in the format
 * scripts/run_tests.sh counts: one line "PASS name[ (note)]",
 * "FAIL name: reason" or "SKIP name: reason" per check, on stdout, flushed
 * line by line. The counters feed the summary line at the end.
 *
 * A check_case collects every mismatch of one check (the reasons joined with
 * "; ", cut at the buffer's end) and reports once at case_end.
 * words_differ is the comparison of word arrays the tests share. */
#ifndef TB_LIB_CHECK_H
#define TB_LIB_CHECK_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CHECK_PRINTF(f, a) __attribute__((format(printf, f, a)))

/* One line each; counted. */
void check_pass(const char *name);
void check_pass_note(const char *name, const char *fmt, ...) CHECK_PRINTF(2, 3); /* PASS name (note) */
void check_fail(const char *name, const char *fmt, ...) CHECK_PRINTF(2, 3);
void check_vfail(const char *name, const char *fmt, va_list ap) CHECK_PRINTF(2, 0);
void check_skip(const char *name, const char *fmt, ...) CHECK_PRINTF(2, 3);

unsigned check_passed(void);
unsigned check_failed(void);
unsigned check_skipped(void);

/* Prints "program: N passed, N failed[, N skipped]" and returns the exit
 * status: 1 if anything failed, else 0. */
int check_summary(const char *program);

/* One check that collects every mismatch and reports once. */
typedef struct {
    char name[96];
    char why[1536];
    size_t len;       /* of why */
    bool ok;
    unsigned cases;   /* sub-cases run, shown on the PASS line when nonzero */
    char note[96];    /* more detail for that PASS line, e.g. ", 12 with labels" */
} check_case;

/* case_init: an empty case without a name (case_end_named names it);
 * case_begin: one named by a printf format. */
void case_init(check_case *c);
void case_begin(check_case *c, const char *fmt, ...) CHECK_PRINTF(2, 3);
void case_vbegin(check_case *c, const char *fmt, va_list ap) CHECK_PRINTF(2, 0);
void case_fail(check_case *c, const char *fmt, ...) CHECK_PRINTF(2, 3);

/* Reports the case: PASS (with "(N cases<note>)" when cases is nonzero) or
 * FAIL with every collected reason. Returns whether it passed. */
bool case_end(check_case *c);
bool case_end_named(check_case *c, const char *name);

/* A failure of case c unless cond holds. */
#define CHECK(c, cond, ...) do { if (!(cond)) case_fail((c), __VA_ARGS__); } while (0)

/* The number of indices i < n where want[i] != got[i]; *first (optional)
 * receives the first of them (n when none). */
size_t words_differ(const uint32_t *want, const uint32_t *got, size_t n, size_t *first);

#endif
