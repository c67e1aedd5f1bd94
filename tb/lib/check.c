/* SPDX-License-Identifier: Apache-2.0 */
/* check.c: the PASS/FAIL/SKIP lines, their counters and check cases (check.h). */
#include "check.h"

#include <stdio.h>
#include <string.h>

static unsigned n_pass, n_fail, n_skip;

void check_pass(const char *name)
{
    printf("PASS %s\n", name);
    fflush(stdout);
    n_pass++;
}

void check_pass_note(const char *name, const char *fmt, ...)
{
    va_list ap;
    printf("PASS %s (", name);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf(")\n");
    fflush(stdout);
    n_pass++;
}

void check_vfail(const char *name, const char *fmt, va_list ap)
{
    printf("FAIL %s: ", name);
    vprintf(fmt, ap);
    printf("\n");
    fflush(stdout);
    n_fail++;
}

void check_fail(const char *name, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    check_vfail(name, fmt, ap);
    va_end(ap);
}

void check_skip(const char *name, const char *fmt, ...)
{
    va_list ap;
    printf("SKIP %s: ", name);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    fflush(stdout);
    n_skip++;
}

unsigned check_passed(void) { return n_pass; }
unsigned check_failed(void) { return n_fail; }
unsigned check_skipped(void) { return n_skip; }

int check_summary(const char *program)
{
    printf("%s: %u passed, %u failed", program, n_pass, n_fail);
    if (n_skip) printf(", %u skipped", n_skip);
    printf("\n");
    fflush(stdout);
    return n_fail ? 1 : 0;
}

void case_init(check_case *c)
{
    c->name[0] = 0;
    c->why[0] = 0;
    c->len = 0;
    c->ok = true;
    c->cases = 0;
    c->note[0] = 0;
}

void case_vbegin(check_case *c, const char *fmt, va_list ap)
{
    case_init(c);
    vsnprintf(c->name, sizeof c->name, fmt, ap);
}

void case_begin(check_case *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    case_vbegin(c, fmt, ap);
    va_end(ap);
}

void case_fail(check_case *c, const char *fmt, ...)
{
    c->ok = false;
    if (c->len + 8 >= sizeof c->why) return; /* full: the first reasons stay */
    if (c->len) c->len += (size_t)snprintf(c->why + c->len, sizeof c->why - c->len, "; ");
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(c->why + c->len, sizeof c->why - c->len, fmt, ap);
    va_end(ap);
    if (k > 0) c->len = c->len + (size_t)k < sizeof c->why ? c->len + (size_t)k : sizeof c->why - 1;
}

bool case_end_named(check_case *c, const char *name)
{
    if (!c->ok) check_fail(name, "%s", c->why);
    else if (c->cases) check_pass_note(name, "%u cases%s", c->cases, c->note);
    else check_pass(name);
    return c->ok;
}

bool case_end(check_case *c) { return case_end_named(c, c->name); }

size_t words_differ(const uint32_t *want, const uint32_t *got, size_t n, size_t *first)
{
    size_t bad = 0;
    if (first) *first = n;
    for (size_t i = 0; i < n; i++)
        if (want[i] != got[i]) {
            if (!bad && first) *first = i;
            bad++;
        }
    return bad;
}
