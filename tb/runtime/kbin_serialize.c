/* SPDX-License-Identifier: Apache-2.0 */
/* kbin_serialize and kbin_write_file (csrc/kbin.c), tested directly. */
#include "runtime_test.h"

void test_kbin_serialize(void)
{
    static uint64_t code[4097];
    for (unsigned i = 0; i < 4097; i++) code[i] = (uint64_t)ISA_OP_NOP << 56;
    static const struct {
        const char *name, *word;
        uint32_t n, lds, waves;
    } bad[] = {
        { "kbin_serialize_rejects_lds_6", "LDS", 2, 6, 1 },
        { "kbin_serialize_rejects_lds_65540", "LDS", 2, 65540, 1 },
        { "kbin_serialize_rejects_waves_0", "waves", 2, 0, 0 },
        { "kbin_serialize_rejects_waves_3", "waves", 2, 0, 3 },
        { "kbin_serialize_rejects_0_instructions", "instructions", 0, 0, 1 },
        { "kbin_serialize_rejects_4097_instructions", "instructions", 4097, 0, 1 },
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (!selected(bad[i].name)) continue;
        check_case c;
        chk_begin(&c, "%s", bad[i].name);
        kbin k = { bad[i].n, bad[i].lds, bad[i].waves, code, NULL };
        uint8_t *out = (uint8_t *)&c;
        size_t len = 12345;
        char err[256] = "";
        if (kbin_serialize(&k, &out, &len, err, sizeof err) != -1) case_fail(&c, "kbin_serialize did not return -1");
        if (out != (uint8_t *)&c || len != 12345) case_fail(&c, "kbin_serialize wrote its outputs");
        chk_msg(&c, "the message", err, bad[i].word, NULL);
        case_end(&c);
    }
    if (selected("kbin_serialize_accepts_limits")) {
        check_case c;
        chk_begin(&c, "kbin_serialize_accepts_limits");
        kbin k = { 4096, 65536, 2, code, NULL }, back;
        uint8_t *out = NULL;
        size_t len = 0;
        char err[256] = "";
        if (kbin_serialize(&k, &out, &len, err, sizeof err) != 0) {
            case_fail(&c, "kbin_serialize: %s", err);
        } else if (kbin_parse(out, len, &back, err, sizeof err) != 0) {
            case_fail(&c, "kbin_parse of the result: %s", err);
        } else {
            if (back.num_insts != 4096 || back.lds_bytes != 65536 || back.waves_per_group != 2 ||
                memcmp(back.insts, code, 4096 * 8) != 0)
                case_fail(&c, "the parsed kernel differs");
            kbin_free(&back);
        }
        free(out);
        case_end(&c);
    }
    if (selected("kbin_write_file_rejects_without_creating")) {
        check_case c;
        chk_begin(&c, "kbin_write_file_rejects_without_creating");
        char path[64];
        snprintf(path, sizeof path, "/tmp/wavegpu_test_runtime_%ld_bad.wgk", (long)getpid());
        remove(path);
        kbin k = { 2, 2, 1, code, NULL };
        char err[256] = "";
        if (kbin_write_file(path, &k, err, sizeof err) != -1) case_fail(&c, "kbin_write_file did not return -1");
        chk_msg(&c, "the message", err, "LDS", NULL);
        FILE *f = fopen(path, "rb");
        if (f) {
            case_fail(&c, "%s was created", path);
            fclose(f);
            remove(path);
        }
        case_end(&c);
    }
}

