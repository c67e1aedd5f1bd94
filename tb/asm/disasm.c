/* SPDX-License-Identifier: Apache-2.0 */
/* The disassembler's text: single words, whole programs, truncated input. */
#include "asm_test.h"

void test_disasm_text(void)
{
    static const struct {
        const char *src;
        const char *want;
    } cases[] = {
        { "add v16, v17, 1", "add v16, v17, 1" },
        { "add v16, -2048, 0x80000000", "add v16, -2048, 0x80000000" },
        { "add v16, v17, -1", "add v16, v17, -1" },
        { "mov v16, v19", "mov v16, one, v19" },
        { "mov v16, lo16 & one, v19", "mov v16, lo16, v19" },
        { "mov v16, ~lo16 & ~ch2, v19[0]", "mov v16, ~lo16 & ~ch2, v19[0]" },
        { "fma_f32 v21, v20, ~lo16, v17 & ~n2nd", "fma_f32 v21, v20, ~lo16 & one, v17 & ~n2nd" },
        { "add v16, v17 & one, v2", "add v16, v17 & one, sid" },
        { "add_f32 v16, v17, 1.5", "add_f32 v16, v17, 1.5" },
        { "add_f32 v16, v17, -0.0", "add_f32 v16, v17, -0.0" },
        { "add_f32 v16, v17, 100", "add_f32 v16, v17, 0x00000064" },
        { "add_f32 v16, v17, 100.0", "add_f32 v16, v17, 100.0" },
        { "add_f32 v16, v17, 0.1", "add_f32 v16, v17, 0.1" },
        { "add_f32 v16, v17, 1e20", "add_f32 v16, v17, 1e+20" },
        { "add_f32 v16, v17, nan", "add_f32 v16, v17, nan" },
        { "add_f32 v16, v17, -inf", "add_f32 v16, v17, -inf" },
        { "add_f32 v16, v17, 0x7fc00001", "add_f32 v16, v17, 0x7fc00001" },
        { "cvt_f32_i32 v16, 0x12345678", "cvt_f32_i32 v16, 0x12345678" },
        { "s_mov v16, args[0]", "s_mov v16, args[0]" },
        { "global_atomic_add s3, v16, lo16, v17, v18 nt sc:system noret",
          "global_atomic_add s3, v16, lo16, v17, v18 sc:system nt noret" },
        { "global_load32 s0, v16, one, args sc:wave", "global_load32 s0, v16, one, args" },
        { "local_load32 v16, one, v17 offset:65535", "local_load32 v16, one, v17 offset:65535" },
        { "local_store32 v17, one, 5 offset:0", "local_store32 v17, one, 5" },
        { "sig_waitall4 s1, s2, s3, s15", "sig_waitall4 s1, s2, s3, s15" },
        { "sig_done2 v16, s0, s9", "sig_done2 v16, s0, s9" },
        { "brz 12, v20[0]", "brz 12, v20[0]" },
        { "br_all 4294967295, ~one", "br_all 4294967295, ~one" },
        { "cache_wb_l2 s7", "cache_wb_l2 s7" },
        { ".inst 0", ".inst 0x0000000000000000" },
        { ".inst 0x0100000000000001", ".inst 0x0100000000000001" },
        { ".inst 0x8000000000000000", ".inst 0x8000000000000000  # add zero, zero, zero (writes a read-only constant)" },
    };
    check_case t;
    case_init(&t);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        uint64_t w;
        char err[512], text[512];
        t.cases++;
        if (as_line(cases[i].src, &w, err, sizeof err)) {
            case_fail(&t, "'%s' does not assemble: %s", cases[i].src, err);
            continue;
        }
        disasm_inst(w, text, sizeof text);
        if (strcmp(text, cases[i].want) != 0)
            case_fail(&t, "'%s' disassembles to '%s', expected '%s'", cases[i].src, text, cases[i].want);
    }
    case_end_named(&t, "disasm_prints_canonical_text");
}

void test_disasm_program_text(void)
{
    static const char src[] =
        ".lds 512\n.waves 2\n"
        "top: brz out, v20[0]\n"
        "  br 7\n"
        "  .inst 0x0100000000000001\n"
        "  br_any top, ~lo16\n"
        "out:\n";
    static const char want_plain[] =
        ".lds 512\n.waves 2\n"
        "L0:\n"
        "    brz L4, v20[0]\n"
        "    br 7\n"
        "    .inst 0x0100000000000001\n"
        "    br_any L0, ~lo16\n"
        "L4:\n";
    static const char want_pc_line[] = "    br 7                                         # 1\n";
    check_case t;
    case_init(&t);
    kbin k;
    char err[512];
    if (as_src(src, strlen(src), &k, err, sizeof err)) {
        case_fail(&t, "does not assemble: %s", err);
    } else {
        char *plain = disasm_program(&k, 0), *pcs = disasm_program(&k, DISASM_PC_COMMENTS);
        if (!plain || strcmp(plain, want_plain) != 0)
            case_fail(&t, "got\n%s\nexpected\n%s", plain ? plain : "(null)", want_plain);
        else if (!pcs || !strstr(pcs, want_pc_line))
            case_fail(&t, "with pc comments, no line '%s' in\n%s", want_pc_line, pcs ? pcs : "(null)");
        free(plain);
        free(pcs);
        kbin_free(&k);
    }
    case_end_named(&t, "disasm_program_prints_header_labels_and_pcs");
}

void test_disasm_truncation(void)
{
    check_case t;
    case_init(&t);
    uint64_t w;
    char err[256], full[256], small[8];
    if (as_line("global_atomic_cas s3, v16, lo16 & ~ch2, v17, v18 sc:device nt noret", &w, err, sizeof err)) {
        case_fail(&t, "does not assemble: %s", err);
    } else {
        int n = disasm_inst(w, full, sizeof full);
        memset(small, 'x', sizeof small);
        int m = disasm_inst(w, small, 5);
        int z = disasm_inst(w, NULL, 0);
        if (n != (int)strlen(full)) case_fail(&t, "returned %d for '%s'", n, full);
        if (m != n || z != n) case_fail(&t, "returned %d / %d with a short / no buffer, %d with a full one", m, z, n);
        if (memcmp(small, full, 4) != 0 || small[4] != 0 || small[5] != 'x')
            case_fail(&t, "short buffer holds '%.5s', not the first 4 characters and a NUL", small);
    }
    case_end_named(&t, "disasm_inst_truncates_like_snprintf");
}

