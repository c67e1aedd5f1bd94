/* SPDX-License-Identifier: Apache-2.0 */
/* The backend switch (WAVEGPU_BACKEND), gpu_open and its configuration
 * errors, and every call on a NULL device. */
#include "runtime_test.h"

/* ------------------------------------------------------------ the backend switch */

void test_default_backend(void)
{
    if (!selected("default_backend_env_and_link")) return;
    check_case c;
    chk_begin(&c, "default_backend_env_and_link");
    const char *saved = getenv("WAVEGPU_BACKEND");
    char keep[64] = "";
    if (saved) snprintf(keep, sizeof keep, "%s", saved);
    static const struct {
        const char *value; /* NULL: unset */
        int want;          /* backend kind, or -1: GPU_ERR_ARG */
    } cases[] = {
        { NULL, -2 }, { "", -2 }, { "golden", GPU_BACKEND_GOLDEN }, { "rtl", GPU_BACKEND_RTL },
        { "RTL", -1 }, { "gold", -1 }, { "rtl ", -1 },
    };
    const int linked = gpu_backend_available(GPU_BACKEND_RTL);
    if (!gpu_backend_available(GPU_BACKEND_GOLDEN)) case_fail(&c, "gpu_backend_available(GOLDEN) is 0");
    if (gpu_backend_available((gpu_backend_kind)7)) case_fail(&c, "gpu_backend_available(7) is 1");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        if (cases[i].value) setenv("WAVEGPU_BACKEND", cases[i].value, 1);
        else unsetenv("WAVEGPU_BACKEND");
        int want = cases[i].want == -2 ? (linked ? GPU_BACKEND_RTL : GPU_BACKEND_GOLDEN) : cases[i].want;
        gpu_backend_kind k = (gpu_backend_kind)5;
        char err[256] = "x";
        gpu_status st = gpu_default_backend(&k, err, sizeof err);
        const char *shown = cases[i].value ? cases[i].value : "(unset)";
        if (want < 0) {
            chk_status(&c, "gpu_default_backend", st, GPU_ERR_ARG, NULL);
            chk_msg(&c, "its message", err, "WAVEGPU_BACKEND", cases[i].value, "golden or rtl", NULL);
            gpu_config cfg;
            gpu_config_default(&cfg);
            gpu_device *dev = NULL;
            char oerr[256] = "";
            chk_status(&c, "gpu_open of a default config", gpu_open(&cfg, &dev, oerr, sizeof oerr), GPU_ERR_ARG, NULL);
            chk_msg(&c, "gpu_open's message", oerr, "WAVEGPU_BACKEND", NULL);
            gpu_close(dev);
        } else {
            if (st != GPU_OK || (int)k != want)
                case_fail(&c, "WAVEGPU_BACKEND=%s: %s, backend %d, expected %d (%s)", shown, gpu_status_name(st),
                         (int)k, want, err);
            gpu_config cfg;
            gpu_config_default(&cfg);
            if ((int)cfg.backend != want)
                case_fail(&c, "WAVEGPU_BACKEND=%s: gpu_config_default chose %d, expected %d", shown, (int)cfg.backend,
                         want);
        }
    }
    if (gpu_default_backend(NULL, NULL, 0) != GPU_ERR_ARG) case_fail(&c, "gpu_default_backend(NULL) is not GPU_ERR_ARG");
    if (saved) setenv("WAVEGPU_BACKEND", keep, 1);
    else unsetenv("WAVEGPU_BACKEND");
    case_end(&c);
}

/* ------------------------------------------------------------ gpu_open */

void test_open(void)
{
    static const struct {
        const char *name, *field;
        int what;        /* which field to break */
        uint64_t value;
    } bad[] = {
        { "open_rejects_backend_7", "backend", 0, 7 },
        { "open_rejects_num_cus_0", "num_cus", 1, 0 },
        { "open_rejects_num_cus_9", "num_cus", 1, 9 },
        { "open_rejects_mem_bytes_not_power_of_two", "mem_bytes", 2, 0x300000 },
        { "open_rejects_mem_bytes_32KiB", "mem_bytes", 2, 0x8000 },
        { "open_rejects_mem_bytes_0", "mem_bytes", 2, 0 },
        { "open_rejects_mem_bytes_2GiB", "mem_bytes", 2, 0x80000000u },
        { "open_rejects_mem_latency_1000001", "mem_latency", 3, 1000001 },
        { "open_rejects_max_cycles_0", "max_cycles", 4, 0 },
        { "open_rejects_dram_channels_0", "dram_channels", 5, 0 },
        { "open_rejects_dram_channels_17", "dram_channels", 5, 17 },
        { "open_rejects_dram_bytes_per_cycle_0", "dram_bytes_per_cycle", 6, 0 },
        { "open_rejects_dram_bytes_per_cycle_65", "dram_bytes_per_cycle", 6, 65 },
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (!selected(bad[i].name)) continue;
        check_case c;
        chk_begin(&c, "%s", bad[i].name);
        gpu_config cfg;
        config(&cfg, 0, 0);
        switch (bad[i].what) {
        case 0: cfg.backend = (gpu_backend_kind)bad[i].value; break;
        case 1: cfg.num_cus = (unsigned)bad[i].value; break;
        case 2: cfg.mem_bytes = (uint32_t)bad[i].value; break;
        case 3: cfg.mem_latency = (unsigned)bad[i].value; break;
        case 5: cfg.dram_channels = (unsigned)bad[i].value; break;
        case 6: cfg.dram_bytes_per_cycle = (unsigned)bad[i].value; break;
        default: cfg.max_cycles = bad[i].value; break;
        }
        static int not_null;
        gpu_device *dev = (gpu_device *)&not_null;
        char err[512] = "";
        gpu_status st = gpu_open(&cfg, &dev, err, sizeof err);
        chk_status(&c, "gpu_open", st, GPU_ERR_ARG, NULL);
        if (dev) case_fail(&c, "*dev is not NULL after a failed gpu_open");
        chk_msg(&c, "the message", err, bad[i].field, NULL);
        if (st == GPU_OK && dev) gpu_close(dev);
        case_end(&c);
    }

    if (selected("open_accepts_limits")) {
        /* The extremes of every field pass validation: what the rejections above
         * border on. The golden model must open them all; a backend may refuse
         * a config it was not built for (an RTL built for 4 CUs refuses 8) with
         * GPU_ERR_BACKEND, never GPU_ERR_ARG. */
        check_case c;
        chk_begin(&c, "open_accepts_limits");
        static const struct { unsigned cus; uint32_t mem; unsigned lat; uint64_t max; } ok[] = {
            { 1, SMALL_MEM, 0, 1 }, { 8, SMALL_MEM, 1000000, 1 }, { 8, 0x200000, 20, UINT64_MAX },
        };
        for (unsigned i = 0; i < sizeof ok / sizeof ok[0]; i++) {
            gpu_config cfg;
            config(&cfg, ok[i].cus, ok[i].mem);
            cfg.mem_latency = ok[i].lat;
            cfg.max_cycles = ok[i].max;
            gpu_device *dev = NULL;
            char err[512] = "";
            gpu_status st = gpu_open(&cfg, &dev, err, sizeof err);
            if (st == GPU_ERR_ARG || (st != GPU_OK && backend == GPU_BACKEND_GOLDEN) || (st == GPU_OK && !dev))
                case_fail(&c, "num_cus %u mem_bytes 0x%" PRIx32 " mem_latency %u max_cycles %" PRIu64 ": %s: %s",
                         ok[i].cus, ok[i].mem, ok[i].lat, ok[i].max, gpu_status_name(st), err);
            gpu_close(dev);
        }
        case_end(&c);
    }

    if (selected("open_null_arguments")) {
        check_case c;
        chk_begin(&c, "open_null_arguments");
        gpu_config cfg;
        config(&cfg, 0, 0);
        char err[512] = "";
        chk_status(&c, "gpu_open(cfg, NULL, ...)", gpu_open(&cfg, NULL, err, sizeof err), GPU_ERR_ARG, NULL);
        chk_msg(&c, "its message", err, "dev", NULL);
        cfg.num_cus = 0;
        gpu_device *dev = NULL;
        chk_status(&c, "gpu_open with a bad config and no error buffer", gpu_open(&cfg, &dev, NULL, 0), GPU_ERR_ARG,
                   NULL);
        /* NULL config: the defaults (gpu_config_default). */
        gpu_status st = gpu_open(NULL, &dev, err, sizeof err);
        chk_status(&c, "gpu_open(NULL config)", st, GPU_OK, NULL);
        if (st == GPU_OK) chk_device_works(&c, dev, 0);
        gpu_close(dev);
        gpu_close(NULL);
        case_end(&c);
    }

    if (selected("open_rtl_backend_not_linked")) {
        if (gpu_backend_available(GPU_BACKEND_RTL)) {
            check_skip("open_rtl_backend_not_linked", "the RTL backend is linked into this program");
        } else {
            check_case c;
            chk_begin(&c, "open_rtl_backend_not_linked");
            gpu_config cfg;
            config(&cfg, 0, 0);
            cfg.backend = GPU_BACKEND_RTL;
            static int not_null;
            gpu_device *dev = (gpu_device *)&not_null;
            char err[512] = "";
            gpu_status st = gpu_open(&cfg, &dev, err, sizeof err);
            chk_status(&c, "gpu_open(GPU_BACKEND_RTL)", st, GPU_ERR_BACKEND, NULL);
            if (dev) case_fail(&c, "*dev is not NULL");
            chk_msg(&c, "the message", err, "RTL", NULL);
            if (st == GPU_OK && dev) gpu_close(dev);
            case_end(&c);
        }
    }
}

/* ------------------------------------------------------------ NULL device */

void test_null_device(void)
{
    if (!selected("null_device_rejected")) return;
    check_case c;
    chk_begin(&c, "null_device_rejected");
    gpu_addr a = 0;
    uint32_t w = 0;
    gpu_kernel *k = NULL;
    gpu_result r;
    gpu_counters ctr;
    gpu_launch_params p = { .num_groups = 1 };
    uint8_t bin[40] = { 0 };
    chk_status(&c, "gpu_alloc(NULL dev)", gpu_alloc(NULL, 4, &a), GPU_ERR_ARG, NULL);
    chk_status(&c, "gpu_write(NULL dev)", gpu_write(NULL, 4096, &w, 4), GPU_ERR_ARG, NULL);
    chk_status(&c, "gpu_read(NULL dev)", gpu_read(NULL, &w, 4096, 4), GPU_ERR_ARG, NULL);
    chk_status(&c, "gpu_fill(NULL dev)", gpu_fill(NULL, 4096, 0, 4), GPU_ERR_ARG, NULL);
    chk_status(&c, "gpu_kernel_load(NULL dev)", gpu_kernel_load(NULL, bin, sizeof bin, &k), GPU_ERR_ARG, NULL);
    chk_status(&c, "gpu_kernel_load_file(NULL dev)", gpu_kernel_load_file(NULL, "x.wgk", &k), GPU_ERR_ARG, NULL);
    chk_status(&c, "gpu_launch(NULL dev)", gpu_launch(NULL, NULL, &p), GPU_ERR_ARG, NULL);
    chk_status(&c, "gpu_wait(NULL dev)", gpu_wait(NULL, &r), GPU_ERR_ARG, NULL);
    chk_status(&c, "gpu_read_counters(NULL dev)", gpu_read_counters(NULL, &ctr), GPU_ERR_ARG, NULL);
    if (!gpu_last_error(NULL)) case_fail(&c, "gpu_last_error(NULL) is NULL");
    gpu_close(NULL);
    gpu_kernel_free(NULL);
    char line[64];
    gpu_result_format(NULL, NULL, line, sizeof line);
    case_end(&c);
}

