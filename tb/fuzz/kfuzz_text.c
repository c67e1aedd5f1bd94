/* SPDX-License-Identifier: Apache-2.0 */
/* kfuzz_text.c: a fuzzer kernel as text: its wgrun options (the "# run:"
 * lines, which also say how kfuzz_run.c fills the buffers) and its source,
 * whole or with only the units the minimizer kept. */
#include "kfuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const fz_buf_name[FZ_NBUF] = { "priv", "in", "sh" };

void fz_run_options(const fz_prog *p, char *buf, size_t len)
{
    int n = snprintf(buf, len, "--groups %u --cus %u --mem-bytes %u --max-cycles %llu --latency %u", p->groups, p->cus,
                     FZ_MEM_BYTES, (unsigned long long)FZ_MAX_CYCLES, p->latency);
    if (p->jitter && n >= 0 && (size_t)n < len)
        n += snprintf(buf + n, len - (size_t)n, " --jitter %llu", (unsigned long long)p->jitter);
    if (p->order_dep && n >= 0 && (size_t)n < len) n += snprintf(buf + n, len - (size_t)n, " --golden-check off");
    if (n >= 0 && (size_t)n < len) n += snprintf(buf + n, len - (size_t)n, "\n");
    for (unsigned b = 0; b < FZ_NBUF && n >= 0 && (size_t)n < len; b++)
        n += snprintf(buf + n, len - (size_t)n, "%s--buf %s=u32:%u:%llu", b ? " " : "", fz_buf_name[b], p->buf_words[b],
                      (unsigned long long)p->buf_seed[b]);
    if (n >= 0 && (size_t)n < len)
        snprintf(buf + n, len - (size_t)n, " --args %s,%s,%s", fz_buf_name[0], fz_buf_name[1], fz_buf_name[2]);
}

static bool is_ident_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* Does an instruction's text name the label (the first n characters of label)? */
static bool names_label(const char *text, const char *label, size_t n)
{
    char name[FZ_LINE_MAX];
    snprintf(name, sizeof name, "%.*s", (int)n, label);
    for (const char *s = strstr(text, name); s; s = strstr(s + 1, name))
        if ((s == text || !is_ident_char(s[-1])) && !is_ident_char(s[n])) return true;
    return false;
}

static bool line_kept(const fz_line *l, const bool *keep) { return l->role == FZ_ROLE_FIXED || !keep || keep[l->unit]; }

char *fz_text(const fz_prog *p, const bool *keep, const char *header)
{
    char run[1024];
    fz_run_options(p, run, sizeof run);
    size_t cap = (header ? strlen(header) : 0) + sizeof run + 64 + (size_t)p->nline * (FZ_LINE_MAX + 8);
    char *t = malloc(cap), *o = t;
    if (!t) return NULL;
    o += sprintf(
        o, "# SPDX-License-Identifier: Apache-2.0\n"); /* (scripts/check_spdx.sh: a kernel copied into the tree) */
    if (header) o += sprintf(o, "%s", header);
    for (char *line = run, *nl; line && *line; line = nl ? nl + 1 : NULL) {
        nl = strchr(line, '\n');
        o += sprintf(o, "# run: %.*s\n", (int)(nl ? (size_t)(nl - line) : strlen(line)), line);
    }
    for (unsigned i = 0; i < p->nline; i++) {
        const fz_line *l = &p->line[i];
        if (!line_kept(l, keep)) continue;
        size_t n = strlen(l->text);
        if (!l->inst && n && l->text[n - 1] == ':') {
            bool used = false;
            for (unsigned j = 0; j < p->nline && !used; j++)
                used = p->line[j].inst && line_kept(&p->line[j], keep) && names_label(p->line[j].text, l->text, n - 1);
            if (used) o += sprintf(o, "%s\n", l->text);
        } else {
            o += sprintf(o, "%s%s\n", l->inst ? "    " : "", l->text);
        }
    }
    return t;
}
