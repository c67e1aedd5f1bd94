/* SPDX-License-Identifier: Apache-2.0 */
/* test_isa: the opcode table is consistent, the generated Verilog package
 * agrees with it entry by entry, and the ISA document lists every opcode. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "isa.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void report(int ok, const char *name, const char *why)
{
    if (ok) check_pass(name);
    else check_fail(name, "%s", why);
}

static void test_table_self_check(void)
{
    char msg[256] = "";
    report(isa_self_check(msg, sizeof msg) == 0, "isa_table_self_check", msg);
}

/* Every canonical encoding must be valid and a nonzero unused bit invalid. */
static void test_valid_rejects_unused_bits(void)
{
    char why[256] = "";
    int ok = 1;
    for (unsigned op = 0; op < 256 && ok; op++) {
        const isa_op_info *i = isa_op((uint8_t)op);
        uint64_t w = (uint64_t)op << 56;
        if (!i->mnemonic) {
            if (isa_valid(w)) { snprintf(why, sizeof why, "undefined opcode 0x%02x accepted", op); ok = 0; }
            continue;
        }
        /* An all-zero operand word is canonical for every format (kinds V, register v0). */
        if (!isa_valid(w)) { snprintf(why, sizeof why, "%s with zero fields rejected", i->mnemonic); ok = 0; }
        if (i->fmt == ISA_FMT_NONE && isa_valid(w | 1)) {
            snprintf(why, sizeof why, "%s accepted a nonzero unused bit 0", i->mnemonic); ok = 0;
        }
    }
    report(ok, "isa_valid_canonical_encodings", why);
}

static void test_pkg_matches_table(const char *vvp_path)
{
    char cmd[512], why[256] = "", line[256];
    snprintf(cmd, sizeof cmd, "vvp -n %s 2>&1", vvp_path);
    FILE *p = popen(cmd, "r");
    if (!p) { report(0, "isa_pkg_matches_table", "cannot run vvp"); return; }
    int seen = 0, ok = 1, fields_ok = 0, fmts_seen = 0, fns_seen = 0;
    while (fgets(line, sizeof line, p)) {
        unsigned op, valid, fmt, unit, aux;
        int a, b, c, d, e, f;
        if (sscanf(line, "fields %d %d %d %d %d %d", &a, &b, &c, &d, &e, &f) == 6) {
            fields_ok = a == ISA_F_OPCODE_HI && b == ISA_F_D_LO && c == ISA_F_M_LO && d == ISA_F_LK_LO &&
                        e == ISA_F_SIG_LO && f == ISA_F_OFFSET_HI;
            continue;
        }
        unsigned long long bits;
        if (sscanf(line, "fmtbits %u %llx", &op, &bits) == 2) {
            fmts_seen++;
            if (op >= ISA_FMT_COUNT || bits != isa_fmt_fields((isa_fmt)op)) {
                if (ok) snprintf(why, sizeof why, "format %u: package used bits %016llx, isa.c %016llx", op, bits,
                                 (unsigned long long)isa_fmt_fields((isa_fmt)op));
                ok = 0;
            }
            continue;
        }
        if (sscanf(line, "fnclass %u %u", &op, &fmt) == 2) {
            fns_seen++;
            if (op < 64 && fmt != (unsigned)isa_fn_class_of(op)) {
                if (ok) snprintf(why, sizeof why, "ALU function %u: package class %u, isa.c %u", op, fmt,
                                 (unsigned)isa_fn_class_of(op));
                ok = 0;
            }
            continue;
        }
        if (sscanf(line, "%u %u %u %u %u", &op, &valid, &fmt, &unit, &aux) != 5 || op > 255) continue;
        seen++;
        const isa_op_info *i = isa_op((uint8_t)op);
        unsigned want_valid = i->mnemonic != NULL;
        if (valid != want_valid || (want_valid && (fmt != (unsigned)i->fmt || unit != (unsigned)i->unit ||
                                                   aux != (i->aux & 63)))) {
            if (ok) snprintf(why, sizeof why, "opcode 0x%02x: package says valid=%u fmt=%u unit=%u aux=%u, "
                             "isa.def says valid=%u fmt=%u unit=%u aux=%u", op, valid, fmt, unit, aux, want_valid,
                             (unsigned)i->fmt, (unsigned)i->unit, i->aux);
            ok = 0;
        }
    }
    int rc = pclose(p);
    if (ok && seen != 256) { snprintf(why, sizeof why, "simulation printed %d of 256 opcodes (rc %d)", seen, rc); ok = 0; }
    if (ok && fmts_seen != ISA_FMT_COUNT) { snprintf(why, sizeof why, "package has %d formats, isa.def %d", fmts_seen, ISA_FMT_COUNT); ok = 0; }
    if (ok && fns_seen != 64) { snprintf(why, sizeof why, "package printed %d of 64 ALU function classes", fns_seen); ok = 0; }
    if (ok && !fields_ok) { snprintf(why, sizeof why, "field positions differ"); ok = 0; }
    report(ok, "isa_pkg_matches_table", why);
}

static void test_doc_lists_every_opcode(const char *doc_path)
{
    FILE *f = fopen(doc_path, "r");
    char why[256] = "";
    if (!f) { report(0, "isa_doc_lists_every_opcode", "cannot open docs/isa.md"); return; }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    size_t got = text ? fread(text, 1, (size_t)n, f) : 0;
    fclose(f);
    if (!text) { report(0, "isa_doc_lists_every_opcode", "out of memory"); return; }
    text[got] = 0;
    int ok = 1;
    for (unsigned op = 0; op < 256 && ok; op++) {
        const isa_op_info *i = isa_op((uint8_t)op);
        if (!i->mnemonic) continue;
        char needle[96];
        snprintf(needle, sizeof needle, "| 0x%02X | `%s` | %s |", op, i->mnemonic, isa_fmt_name(i->fmt));
        if (!strstr(text, needle)) { snprintf(why, sizeof why, "docs/isa.md lacks the row %s", needle); ok = 0; }
    }
    free(text);
    report(ok, "isa_doc_lists_every_opcode", why);
}

int main(int argc, char **argv)
{
    test_table_self_check();
    test_valid_rejects_unused_bits();
    /* The dump of the build under test: WAVEGPU_BUILD (make test sets it; build/san with SANITIZE=1). */
    const char *build = getenv("WAVEGPU_BUILD") && *getenv("WAVEGPU_BUILD") ? getenv("WAVEGPU_BUILD") : "build";
    char vvp[256];
    snprintf(vvp, sizeof vvp, "%.200s/isa_pkg_dump.vvp", build);
    test_pkg_matches_table(argc > 1 ? argv[1] : vvp);
    test_doc_lists_every_opcode("docs/isa.md");
    return check_summary("test_isa");
}
