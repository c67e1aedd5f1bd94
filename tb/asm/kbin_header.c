/* SPDX-License-Identifier: Apache-2.0 */
/* The kernel binary header: kbin_parse on valid and malformed binaries. */
#include "asm_test.h"

static void put32(uint8_t *p, uint32_t v) { for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i)); }

void test_kbin(void)
{
    uint8_t img[32 + 8 * 3];
    memset(img, 0, sizeof img);
    memcpy(img, "WGK1", 4);
    put32(img + 4, 1);
    put32(img + 8, 3);
    put32(img + 12, 1024);
    put32(img + 16, 2);
    for (unsigned i = 0; i < 3; i++) {
        uint64_t w = OP(ISA_OP_NOP) + i;
        put32(img + 32 + 8 * i, (uint32_t)w);
        put32(img + 36 + 8 * i, (uint32_t)(w >> 32));
    }
    static const struct {
        const char *name;
        unsigned off;   /* byte to change, or ~0 */
        uint32_t val;   /* 32-bit value written at off */
        size_t len;     /* image length to pass, or 0 for the whole image */
        const char *what;
    } cases[] = {
        { "kbin_accepts_valid_image", ~0u, 0, 0, NULL },
        { "kbin_rejects_empty_file", ~0u, 0, 1, "shorter than" },
        { "kbin_rejects_truncated_header", ~0u, 0, 31, "shorter than" },
        { "kbin_rejects_bad_magic", 0, 0x314b4758, 0, "bad magic" },
        { "kbin_rejects_bad_version", 4, 3, 0, "version 3" },
        { "kbin_rejects_version_0", 4, 0, 0, "version 0" },
        { "kbin_v2_rejects_image_without_line_table", 4, 2, 0, "cut short" },
        { "kbin_rejects_zero_instructions", 8, 0, 0, "0 instructions" },
        { "kbin_rejects_too_many_instructions", 8, ISA_MAX_INSTS + 1, 0, "4097 instructions" },
        { "kbin_rejects_lds_not_multiple_of_4", 12, 6, 0, "6 LDS bytes" },
        { "kbin_rejects_lds_too_large", 12, ISA_LDS_BYTES + 4, 0, "65540 LDS bytes" },
        { "kbin_accepts_lds_65536", 12, ISA_LDS_BYTES, 0, NULL },
        { "kbin_rejects_waves_0", 16, 0, 0, "0 waves" },
        { "kbin_rejects_waves_3", 16, 3, 0, "3 waves" },
        { "kbin_rejects_reserved_bytes", 24, 1, 0, "reserved" },
        { "kbin_rejects_truncated_instructions", ~0u, 0, 32 + 8 * 3 - 1, "promises 3 instructions" },
        { "kbin_rejects_extra_bytes", 8, 2, 0, "promises 2 instructions" },
        { "kbin_rejects_length_not_header_plus_8n", ~0u, 0, 32 + 8 * 2 + 4, "promises 3 instructions" },
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        uint8_t tmp[sizeof img];
        memcpy(tmp, img, sizeof img);
        if (cases[c].off != ~0u) put32(tmp + cases[c].off, cases[c].val);
        size_t len = cases[c].len ? (cases[c].len == 1 ? 0 : cases[c].len) : sizeof img;
        kbin k;
        char err[256] = "";
        check_case t;
        case_init(&t);
        int rc = kbin_parse(tmp, len, &k, err, sizeof err);
        if (!cases[c].what) {
            if (rc) case_fail(&t, "rejected: %s", err);
            else {
                if (k.num_insts != 3 || k.waves_per_group != 2 || k.insts[2] != OP(ISA_OP_NOP) + 2)
                    case_fail(&t, "parsed %u instructions, %u waves", k.num_insts, k.waves_per_group);
                uint8_t *out;
                size_t olen;
                if (kbin_serialize(&k, &out, &olen, err, sizeof err)) case_fail(&t, "serialize: %s", err);
                else {
                    if (olen != len || memcmp(out, tmp, len)) case_fail(&t, "serialize does not give the image back");
                    free(out);
                }
                kbin_free(&k);
            }
        } else if (rc == 0) {
            case_fail(&t, "accepted");
            kbin_free(&k);
        } else if (k.insts || k.num_insts) {
            case_fail(&t, "rejected but left output behind");
        } else if (!strstr(err, cases[c].what)) {
            case_fail(&t, "message '%s' does not say '%s'", err, cases[c].what);
        }
        case_end_named(&t, cases[c].name);
    }
    /* What the assembler writes, the parser reads back. */
    check_case t;
    case_init(&t);
    kbin k, p;
    char err[256];
    uint8_t *bytes;
    size_t n;
    if (as_src(CORPUS, strlen(CORPUS), &k, err, sizeof err)) {
        case_fail(&t, "corpus: %s", err);
    } else {
        if (kbin_serialize(&k, &bytes, &n, err, sizeof err)) case_fail(&t, "serialize: %s", err);
        else {
            if (kbin_parse(bytes, n, &p, err, sizeof err)) case_fail(&t, "parse: %s", err);
            else {
                if (p.num_insts != k.num_insts || p.lds_bytes != 256 || p.waves_per_group != 2 ||
                    memcmp(p.insts, k.insts, k.num_insts * 8))
                    case_fail(&t, "binary differs after serialize/parse");
                kbin_free(&p);
            }
            free(bytes);
        }
        kbin_free(&k);
    }
    case_end_named(&t, "kbin_assembler_output_parses_back");
}

