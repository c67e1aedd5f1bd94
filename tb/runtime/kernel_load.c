/* SPDX-License-Identifier: Apache-2.0 */
/* gpu_kernel_load: files and in-memory binaries, every rejected header. */
#include "runtime_test.h"

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}

/* A binary of n instructions (n-1 nops and end) with the given header
 * fields, in a malloc'ed buffer of 32 + 8n bytes. */
static uint8_t *make_bin(uint32_t n, uint32_t lds, uint32_t waves, size_t *len)
{
    *len = 32 + (size_t)n * 8;
    uint8_t *b = calloc(1, *len + 64);
    if (!b) return NULL;
    memcpy(b, "WGK1", 4);
    put32(b + 4, 1);
    put32(b + 8, n);
    put32(b + 12, lds);
    put32(b + 16, waves);
    for (uint32_t i = 0; i < n; i++) {
        uint64_t w = (uint64_t)(i + 1 == n ? ISA_OP_END : ISA_OP_NOP) << 56;
        put32(b + 32 + 8 * i, (uint32_t)w);
        put32(b + 36 + 8 * i, (uint32_t)(w >> 32));
    }
    return b;
}

void test_kernel_load(void)
{
    gpu_device *dev = open_dev("kernel_load_open", 1, SMALL_MEM);
    if (!dev) return;
    static const struct {
        const char *name;
        uint32_t n, lds, waves;
        int edit;          /* 0 none, 1 magic, 2 version, 3 reserved byte `arg` = 1, 4 len += arg, 5 len = arg */
        long arg;
        const char *word;  /* the message must mention it */
    } bad[] = {
        { "kernel_load_bad_magic", 2, 0, 1, 1, 0, "magic" },
        { "kernel_load_bad_version", 2, 0, 1, 2, 3, "version" },
        { "kernel_load_size_8_bytes_too_long", 2, 0, 1, 4, 8, "bytes" },
        { "kernel_load_size_1_byte_too_short", 2, 0, 1, 4, -1, "bytes" },
        { "kernel_load_truncated_header_31", 2, 0, 1, 5, 31, "header" },
        { "kernel_load_empty_file", 2, 0, 1, 5, 0, "header" },
        { "kernel_load_0_instructions", 0, 0, 1, 0, 0, "instructions" },
        { "kernel_load_4097_instructions", 4097, 0, 1, 0, 0, "instructions" },
        { "kernel_load_lds_6", 2, 6, 1, 0, 0, "LDS" },
        { "kernel_load_lds_65540", 2, 65540, 1, 0, 0, "LDS" },
        { "kernel_load_waves_0", 2, 0, 0, 0, 0, "waves" },
        { "kernel_load_waves_3", 2, 0, 3, 0, 0, "waves" },
        { "kernel_load_reserved_byte_20", 2, 0, 1, 3, 20, "reserved" },
        { "kernel_load_reserved_byte_31", 2, 0, 1, 3, 31, "reserved" },
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (!selected(bad[i].name)) continue;
        check_case c;
        chk_begin(&c, "%s", bad[i].name);
        size_t len;
        uint8_t *b = make_bin(bad[i].n, bad[i].lds, bad[i].waves, &len);
        if (!b) {
            check_fail(c.name, "out of host memory");
            continue;
        }
        switch (bad[i].edit) {
        case 1: b[0] = 'X'; break;
        case 2: put32(b + 4, (uint32_t)bad[i].arg); break;
        case 3: b[bad[i].arg] = 1; break;
        case 4: len = (size_t)((long)len + bad[i].arg); break;
        case 5: len = (size_t)bad[i].arg; break;
        default: break;
        }
        gpu_kernel *k = (gpu_kernel *)b;   /* must become NULL */
        gpu_status st = gpu_kernel_load(dev, b, len, &k);
        chk_status(&c, "gpu_kernel_load", st, GPU_ERR_KERNEL, dev);
        if (k) case_fail(&c, "*k is not NULL after a rejected kernel");
        chk_msg(&c, "the message", gpu_last_error(dev), bad[i].word, NULL);
        if (st == GPU_OK && k) gpu_kernel_free(k);
        free(b);
        case_end(&c);
    }

    if (selected("kernel_assemble_runs_and_reports_errors")) {
        /* Source text straight into a kernel: a good one runs (each lane of
         * 2 groups stores 3*i + 7 at out[i]); bad ones give GPU_ERR_KERNEL
         * with "name:line:col" and no kernel. */
        check_case c;
        chk_begin(&c, "kernel_assemble_runs_and_reports_errors");
        static const char src[] = ".waves 1\n"
                                  "    global_load32 s0, v16, one, args     # v16 = out\n"
                                  "    shl v17, wave, 5\n"
                                  "    add v17, v17, sid                    # i\n"
                                  "    mul_lo v18, v17, 3\n"
                                  "    add v18, v18, 7\n"
                                  "    shl v17, v17, 2\n"
                                  "    sig_wait s0\n"
                                  "    add v16, v16, v17\n"
                                  "    global_store32 s1, v16, one, v18\n"
                                  "    sig_wait s1\n"
                                  "    end\n";
        gpu_kernel *k = NULL;
        gpu_status st = gpu_kernel_assemble(dev, src, sizeof src - 1, "inline.s", &k);
        chk_status(&c, "gpu_kernel_assemble", st, GPU_OK, dev);
        gpu_addr out = 0;
        if (st == GPU_OK && gpu_alloc(dev, 64 * 4, &out) == GPU_OK) {
            gpu_result res;
            uint32_t got[64];
            chk_status(&c, "running it", run(dev, k, 2, 0, 0, &out, 1, &res), GPU_OK, dev);
            if (gpu_read(dev, got, out, sizeof got) != GPU_OK) case_fail(&c, "gpu_read: %s", gpu_last_error(dev));
            else
                for (unsigned i = 0; i < 64; i++)
                    if (got[i] != 3 * i + 7) {
                        case_fail(&c, "out[%u] is 0x%08" PRIx32 ", expected %u", i, got[i], 3 * i + 7);
                        break;
                    }
        }
        gpu_kernel_free(k);
        static const struct {
            const char *src, *where;
        } bad_src[] = {
            { "    add v16, v16\n    end\n", "bad.s:1:" },
            { ".waves 1\n    end\n    frobnicate v1\n", "bad.s:3:" },
            { "", "bad.s" },
        };
        for (unsigned i = 0; i < sizeof bad_src / sizeof bad_src[0]; i++) {
            k = (gpu_kernel *)&c;   /* must become NULL */
            st = gpu_kernel_assemble(dev, bad_src[i].src, strlen(bad_src[i].src), "bad.s", &k);
            chk_status(&c, "gpu_kernel_assemble of a bad source", st, GPU_ERR_KERNEL, dev);
            if (k) case_fail(&c, "*k is not NULL after bad source %u", i);
            chk_msg(&c, "the message", gpu_last_error(dev), bad_src[i].where, NULL);
        }
        chk_status(&c, "gpu_kernel_assemble(k NULL)", gpu_kernel_assemble(dev, src, sizeof src - 1, "x", NULL),
                   GPU_ERR_ARG, dev);
        case_end(&c);
    }

    if (selected("kernel_load_accepts_limits")) {
        /* 4096 instructions, 65536 LDS bytes, 2 waves: loads and runs. */
        check_case c;
        chk_begin(&c, "kernel_load_accepts_limits");
        size_t len;
        uint8_t *b = make_bin(4096, 65536, 2, &len);
        gpu_kernel *k = NULL;
        gpu_status st = b ? gpu_kernel_load(dev, b, len, &k) : GPU_ERR_NOMEM;
        chk_status(&c, "gpu_kernel_load", st, GPU_OK, dev);
        if (st == GPU_OK) {
            gpu_result res;
            chk_status(&c, "running it", run(dev, k, 2, 0, 0, NULL, 0, &res), GPU_OK, dev);
        }
        gpu_kernel_free(k);
        free(b);
        case_end(&c);
    }

    if (selected("kernel_load_null_arguments")) {
        check_case c;
        chk_begin(&c, "kernel_load_null_arguments");
        size_t len;
        uint8_t *b = make_bin(2, 0, 1, &len);
        gpu_kernel *k = NULL;
        chk_status(&c, "gpu_kernel_load(bin NULL)", gpu_kernel_load(dev, NULL, len, &k), GPU_ERR_ARG, dev);
        chk_msg(&c, "its message", gpu_last_error(dev), "bin", NULL);
        chk_status(&c, "gpu_kernel_load(k NULL)", gpu_kernel_load(dev, b, len, NULL), GPU_ERR_ARG, dev);
        chk_status(&c, "gpu_kernel_load_file(path NULL)", gpu_kernel_load_file(dev, NULL, &k), GPU_ERR_ARG, dev);
        free(b);
        case_end(&c);
    }

    char path[64];
    snprintf(path, sizeof path, "/tmp/wavegpu_test_runtime_%ld.wgk", (long)getpid());
    if (selected("kernel_load_file_missing")) {
        check_case c;
        chk_begin(&c, "kernel_load_file_missing");
        remove(path);
        gpu_kernel *k = (gpu_kernel *)path;
        chk_status(&c, "gpu_kernel_load_file(missing)", gpu_kernel_load_file(dev, path, &k), GPU_ERR_KERNEL, dev);
        if (k) case_fail(&c, "*k is not NULL");
        chk_msg(&c, "the message", gpu_last_error(dev), path, NULL);
        case_end(&c);
    }
    if (selected("kernel_load_file_malformed") || selected("kernel_load_file_valid")) {
        size_t len;
        uint8_t *b = make_bin(2, 0, 1, &len);
        FILE *f = b ? fopen(path, "wb") : NULL;
        if (!f) {
            check_fail("kernel_load_file_malformed", "cannot write %s", path);
            free(b);
        } else {
            b[1] = 'x';
            bool wrote = fwrite(b, 1, len, f) == len;
            wrote &= fclose(f) == 0;
            check_case c;
            chk_begin(&c, "kernel_load_file_malformed");
            gpu_kernel *k = NULL;
            if (!wrote) case_fail(&c, "cannot write %s", path);
            chk_status(&c, "gpu_kernel_load_file(bad magic)", gpu_kernel_load_file(dev, path, &k), GPU_ERR_KERNEL,
                       dev);
            chk_msg(&c, "the message", gpu_last_error(dev), path, "magic", NULL);
            gpu_kernel_free(k);
            case_end(&c);

            /* The same file repaired loads: the two checks above fail for the right reason. */
            chk_begin(&c, "kernel_load_file_valid");
            b[1] = 'G';
            f = fopen(path, "wb");
            wrote = f && fwrite(b, 1, len, f) == len;
            if (f) wrote &= fclose(f) == 0;
            if (!wrote) case_fail(&c, "cannot write %s", path);
            k = NULL;
            chk_status(&c, "gpu_kernel_load_file(valid)", gpu_kernel_load_file(dev, path, &k), GPU_OK, dev);
            gpu_kernel_free(k);
            case_end(&c);
            free(b);
            remove(path);
        }
    }
    gpu_close(dev);
}

