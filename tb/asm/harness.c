/* SPDX-License-Identifier: Apache-2.0 */
/* The random stream, the growing text buffer and the assembling helpers. */
#include "asm_test.h"

/* ---- The random stream ---- */

prng rng;

/* ---- Growing text buffer ---- */

void sb_putn(sbuf *b, const char *p, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (cap < b->n + n + 1) cap *= 2;
        char *s = realloc(b->s, cap);
        if (!s) { fprintf(stderr, "test_asm: out of memory\n"); exit(2); }
        b->s = s;
        b->cap = cap;
    }
    memcpy(b->s + b->n, p, n);
    b->n += n;
    b->s[b->n] = 0;
}

void sb_printf(sbuf *b, const char *fmt, ...)
{
    char tmp[1024];
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (k > 0) sb_putn(b, tmp, (size_t)k < sizeof tmp ? (size_t)k : sizeof tmp - 1);
}

void sb_free(sbuf *b)
{
    free(b->s);
    b->s = NULL;
    b->n = b->cap = 0;
}

/* ---- Assembling helpers ---- */

/* Names every single-line test may use. */
const char PRELUDE[] = ".alias buf, v40\n.alias mreg, v20\n.equ K, -7\n.equ F, 0.5\n.equ KT, 7\n";

int as_src(const char *src, size_t len, kbin *k, char *err, size_t errlen)
{
    return asm_assemble(src, len, "t.s", k, err, errlen);
}

int as_line(const char *line, uint64_t *w, char *err, size_t errlen)
{
    sbuf b = { 0 };
    sb_putn(&b, PRELUDE, strlen(PRELUDE));
    sb_printf(&b, "%s\n", line);
    kbin k;
    int rc = as_src(b.s, b.n, &k, err, errlen);
    sb_free(&b);
    if (rc == 0) {
        if (k.num_insts != 1) {
            snprintf(err, errlen, "assembled to %u words, expected 1", k.num_insts);
            rc = -1;
        } else {
            *w = k.insts[0];
        }
        kbin_free(&k);
    }
    return rc;
}

bool writes_const(uint64_t w)
{
    const isa_op_info *op = isa_op((uint8_t)ISA_GET(w, OPCODE));
    uint64_t dmask = isa_put(0, ISA_F_D_HI, ISA_F_D_LO, ~0ull);
    return (isa_fmt_fields(op->fmt) & dmask) && isa_writes_dest(w) && ISA_GET(w, D) < ISA_NUM_CONSTS;
}

bool roundtrip(check_case *t, uint64_t w)
{
    char text[512], err[512];
    int len = disasm_inst(w, text, sizeof text);
    if (len <= 0 || (size_t)len >= sizeof text) {
        case_fail(t, "disasm_inst(%016llx) returned %d", (unsigned long long)w, len);
        return false;
    }
    bool raw = strncmp(text, ".inst", 5) == 0;
    if (isa_valid(w) && !writes_const(w) && raw) {
        case_fail(t, "valid word %016llx printed raw: '%s'", (unsigned long long)w, text);
        return false;
    }
    if (!isa_valid(w) && !raw) {
        case_fail(t, "invalid word %016llx printed as '%s'", (unsigned long long)w, text);
        return false;
    }
    uint64_t back = 0;
    if (as_line(text, &back, err, sizeof err)) {
        case_fail(t, "'%s' (from %016llx) does not reassemble: %s", text, (unsigned long long)w, err);
        return false;
    }
    if (back != w) {
        case_fail(t, "%016llx -> '%s' -> %016llx", (unsigned long long)w, text, (unsigned long long)back);
        return false;
    }
    return true;
}

