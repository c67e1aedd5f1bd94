/* SPDX-License-Identifier: Apache-2.0 */
/* gpu_launch and the order of calls, gpu_wait's timeout, the deadlock
 * watchdog, and two devices used side by side. */
#include "runtime_test.h"

/* ------------------------------------------------------------ gpu_launch and call order */

/* out[0] = the last argument (63), out[1] = argument 1; launched with lds
 * 65536 and 2 waves to show that the limits are accepted. */
static const char *const args_src =
    "    global_load32 s0, v16, one, args     # v16 = out (argument 0)\n"
    "    add v17, args, 252\n"
    "    global_load32 s1, v18, one, v17      # v18 = argument 63\n"
    "    add v17, args, 4\n"
    "    global_load32 s2, v19, one, v17      # v19 = argument 1\n"
    "    sig_waitall3 s0, s1, s2\n"
    "    global_store32 s3, v16, one, v18\n"
    "    add v20, v16, 4\n"
    "    global_store32 s4, v20, one, v19\n"
    "    sig_waitall2 s3, s4\n"
    "    end\n";

void test_launch(void)
{
    gpu_device *dev = open_dev("launch_open", 1, SMALL_MEM);
    if (!dev) return;
    gpu_kernel *k = load_src("launch_load", dev, works_src, NULL);
    gpu_addr out = 0;
    gpu_alloc(dev, 256, &out);
    uint32_t args[65];
    for (unsigned i = 0; i < 65; i++) args[i] = 0x1000u + i;
    args[0] = out;
    if (!k) {
        gpu_close(dev);
        return;
    }
    static const struct {
        const char *name, *word;
        uint32_t groups, waves, lds, nargs;
        bool null_args;
    } bad[] = {
        { "launch_rejects_num_groups_0", "num_groups", 0, 0, 0, 1, false },
        { "launch_rejects_waves_3", "waves_per_group", 1, 3, 0, 1, false },
        { "launch_rejects_lds_65537", "lds_bytes", 1, 0, 65537, 1, false },
        { "launch_rejects_lds_6", "lds_bytes", 1, 0, 6, 1, false },
        { "launch_rejects_num_args_65", "num_args", 1, 0, 0, 65, false },
        { "launch_rejects_args_null", "args", 1, 0, 0, 1, true },
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (!selected(bad[i].name)) continue;
        check_case c;
        chk_begin(&c, "%s", bad[i].name);
        gpu_launch_params p = { .num_groups = bad[i].groups, .waves_per_group = bad[i].waves,
                                .lds_bytes = bad[i].lds, .args = bad[i].null_args ? NULL : args,
                                .num_args = bad[i].nargs };
        gpu_status st = gpu_launch(dev, k, &p);
        chk_status(&c, "gpu_launch", st, GPU_ERR_ARG, dev);
        chk_msg(&c, "the message", gpu_last_error(dev), bad[i].word, NULL);
        /* A rejected launch starts nothing. */
        gpu_result res;
        chk_status(&c, "gpu_wait after the rejected launch", gpu_wait(dev, &res), st == GPU_OK ? GPU_OK : GPU_ERR_STATE,
                   dev);
        case_end(&c);
    }
    if (selected("launch_null_kernel_or_params")) {
        check_case c;
        chk_begin(&c, "launch_null_kernel_or_params");
        gpu_launch_params p = { .num_groups = 1, .args = args, .num_args = 1 };
        chk_status(&c, "gpu_launch(kernel NULL)", gpu_launch(dev, NULL, &p), GPU_ERR_ARG, dev);
        chk_msg(&c, "its message", gpu_last_error(dev), "kernel", NULL);
        chk_status(&c, "gpu_launch(params NULL)", gpu_launch(dev, k, NULL), GPU_ERR_ARG, dev);
        chk_msg(&c, "its message", gpu_last_error(dev), "params", NULL);
        gpu_result res;
        chk_status(&c, "gpu_wait afterwards", gpu_wait(dev, &res), GPU_ERR_STATE, dev);
        case_end(&c);
    }
    if (selected("launch_accepts_limits")) {
        /* 64 arguments (the last one is read), lds_bytes 65536, 2 waves. */
        check_case c;
        chk_begin(&c, "launch_accepts_limits");
        gpu_kernel *ka = load_src(c.name, dev, args_src, NULL);
        if (ka) {
            gpu_fill(dev, out, 0, 8);
            gpu_result res;
            gpu_status st = run(dev, ka, 3, 2, 65536, args, 64, &res);
            chk_status(&c, "launch with 64 args, lds 65536, 2 waves", st, GPU_OK, dev);
            uint32_t got[2] = { 0, 0 };
            gpu_read(dev, got, out, 8);
            if (st == GPU_OK && (got[0] != args[63] || got[1] != args[1]))
                case_fail(&c, "the kernel read arguments 63 and 1 as 0x%08" PRIx32 " 0x%08" PRIx32
                         ", expected 0x%08" PRIx32 " 0x%08" PRIx32, got[0], got[1], args[63], args[1]);
            gpu_kernel_free(ka);
            case_end(&c);
        }
    }

    if (selected("launch_twice_before_wait")) {
        /* The second launch is refused and the first one runs to completion. */
        check_case c;
        chk_begin(&c, "launch_twice_before_wait");
        gpu_addr out2 = 0;
        gpu_alloc(dev, 256, &out2);
        gpu_fill(dev, out, 0, 256);
        gpu_fill(dev, out2, 0, 256);
        uint32_t a1[1] = { out }, a2[1] = { out2 };
        gpu_launch_params p1 = { .num_groups = 2, .args = a1, .num_args = 1 };
        gpu_launch_params p2 = { .num_groups = 2, .args = a2, .num_args = 1 };
        chk_status(&c, "the first gpu_launch", gpu_launch(dev, k, &p1), GPU_OK, dev);
        chk_status(&c, "the second gpu_launch", gpu_launch(dev, k, &p2), GPU_ERR_STATE, dev);
        chk_msg(&c, "its message", gpu_last_error(dev), "gpu_wait", NULL);
        gpu_result res;
        chk_status(&c, "gpu_wait", gpu_wait(dev, &res), GPU_OK, dev);
        uint32_t g1[64], g2[64];
        gpu_read(dev, g1, out, sizeof g1);
        gpu_read(dev, g2, out2, sizeof g2);
        for (unsigned i = 0; i < 64; i++) {
            if (g1[i] != 3 * i + 7) {
                case_fail(&c, "the first launch: out[%u] = 0x%08" PRIx32 ", expected %u", i, g1[i], 3 * i + 7);
                break;
            }
            if (g2[i] != 0) {
                case_fail(&c, "the refused launch ran: out2[%u] = 0x%08" PRIx32, i, g2[i]);
                break;
            }
        }
        chk_status(&c, "a second gpu_wait", gpu_wait(dev, &res), GPU_ERR_STATE, dev);
        /* gpu_wait accepts a NULL result. */
        chk_status(&c, "launch then gpu_wait(res NULL)", gpu_launch(dev, k, &p2), GPU_OK, dev);
        chk_status(&c, "gpu_wait(res NULL)", gpu_wait(dev, NULL), GPU_OK, dev);
        gpu_read(dev, g2, out2, sizeof g2);
        if (g2[63] != 3 * 63 + 7) case_fail(&c, "the launch waited with res NULL did not run");
        case_end(&c);
    }
    gpu_kernel_free(k);
    gpu_close(dev);
}

void test_wait_nothing_launched(void)
{
    if (selected("wait_with_nothing_launched")) {
        check_case c;
        chk_begin(&c, "wait_with_nothing_launched");
        gpu_device *d2 = open_dev(c.name, 1, SMALL_MEM);   /* the only open device */
        if (d2) {
            gpu_result res;
            memset(&res, 0x55, sizeof res);
            chk_status(&c, "gpu_wait on a fresh device", gpu_wait(d2, &res), GPU_ERR_STATE, d2);
            if (res.status != GPU_ERR_STATE) case_fail(&c, "res.status is %s", gpu_status_name(res.status));
            chk_msg(&c, "the message", gpu_last_error(d2), "gpu_wait", NULL);
            gpu_close(d2);
        }
        case_end(&c);
    }
}

/* ------------------------------------------------------------ timeout */

void test_timeout(void)
{
    if (!selected("timeout_infinite_loop")) return;
    check_case c;
    chk_begin(&c, "timeout_infinite_loop");
    gpu_config cfg;
    config(&cfg, 2, SMALL_MEM);
    cfg.max_cycles = 20000;
    gpu_device *dev = open_cfg(c.name, &cfg);
    if (!dev) return;
    gpu_kernel *k = load_src(c.name, dev, "loop:\n    add v16, v16, 1\n    br loop\n", NULL);
    if (!k) {
        gpu_close(dev);
        return;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    gpu_result res;
    gpu_status st = run(dev, k, 4, 0, 0, NULL, 0, &res);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double dt = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    chk_status(&c, "gpu_wait", st, GPU_ERR_TIMEOUT, dev);
    if (res.status != GPU_ERR_TIMEOUT) case_fail(&c, "res.status is %s", gpu_status_name(res.status));
    if (res.fault != 0) case_fail(&c, "res.fault is %u, expected 0", res.fault);
    if (dt > 60) case_fail(&c, "the launch took %.1f s to time out at 20000 cycles", dt);
    char line[256];
    gpu_result_format(dev, &res, line, sizeof line);
    chk_msg(&c, "gpu_result_format", line, "timeout", NULL);
    chk_msg(&c, "gpu_last_error", gpu_last_error(dev), "timeout", NULL);
    chk_device_works(&c, dev, 0);
    gpu_kernel_free(k);
    gpu_close(dev);
    case_end(&c);
}

/* ------------------------------------------------------------ deadlock watchdog */

void test_deadlock_watchdog(void)
{
    const char *name = "rtl_deadlock_watchdog_lost_response";
    if (!selected(name)) return;
    if (backend != GPU_BACKEND_RTL) {
        check_skip(name, "RTL backend only");
        return;
    }
    check_case c;
    chk_begin(&c, name);
    setenv("WAVEGPU_MEM_LOSE_AFTER", "1", 1);
    gpu_config cfg;
    config(&cfg, 1, SMALL_MEM);
    gpu_device *dev = open_cfg(c.name, &cfg);
    unsetenv("WAVEGPU_MEM_LOSE_AFTER");
    if (!dev) return;
    gpu_addr buf = 0;
    gpu_kernel *k = load_src(c.name, dev,
                             "    global_load32 s0, v16, one, args\n    sig_wait s0\n"
                             "    global_load32 s1, v17, one, v16\n    sig_wait s1\n    end\n", NULL);
    if (!k || gpu_alloc(dev, 256, &buf) != GPU_OK) {
        case_fail(&c, "setup: %s", gpu_last_error(dev));
        gpu_kernel_free(k);
        gpu_close(dev);
        case_end(&c);
        return;
    }
    uint32_t arg = buf;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    gpu_result res;
    gpu_status st = run(dev, k, 1, 1, 0, &arg, 1, &res);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double dt = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    chk_status(&c, "gpu_wait", st, GPU_ERR_BACKEND, dev);
    chk_msg(&c, "gpu_last_error", gpu_last_error(dev), "deadlock", "no AXI handshake", NULL);
    if (dt > 60) case_fail(&c, "the watchdog took %.1f s to stop the launch", dt);
    gpu_kernel_free(k);
    gpu_close(dev);
    case_end(&c);
}

/* ------------------------------------------------------------ two devices */

void test_two_devices(void)
{
    static const int order[2][2] = { { 1, 0 }, { 0, 1 } };   /* which to close first */
    for (unsigned o = 0; o < 2; o++) {
        const char *name =
            o == 0 ? "two_devices_open_at_once_close_last_first" : "two_devices_open_at_once_close_first_first";
        if (!selected(name)) continue;
        check_case c;
        chk_begin(&c, "%s", name);
        gpu_device *d[2] = { NULL, NULL };
        gpu_addr buf[2] = { 0, 0 };
        for (unsigned i = 0; i < 2; i++) {
            gpu_config cfg;
            config(&cfg, 1, SMALL_MEM);
            char err[512] = "";
            gpu_status st = gpu_open(&cfg, &d[i], err, sizeof err);
            if (st != GPU_OK) case_fail(&c, "gpu_open of device %u: %s: %s", i, gpu_status_name(st), err);
            else if (gpu_alloc(d[i], 256, &buf[i]) != GPU_OK) case_fail(&c, "gpu_alloc: %s", gpu_last_error(d[i]));
        }
        if (d[0] && d[1]) {
            uint32_t m0 = 0xA0A0A0A0u, m1 = 0xB1B1B1B1u, g0 = 0, g1 = 0;
            gpu_write(d[0], buf[0], &m0, 4);
            gpu_write(d[1], buf[1], &m1, 4);
            gpu_read(d[0], &g0, buf[0], 4);
            gpu_read(d[1], &g1, buf[1], 4);
            if (g0 != m0 || g1 != m1)
                case_fail(&c, "the devices share memory: read 0x%08" PRIx32 " 0x%08" PRIx32, g0, g1);
            chk_device_works(&c, d[1], 0);
            chk_device_works(&c, d[0], 0);
        }
        fflush(stdout);
        gpu_close(d[order[o][0]]);
        gpu_close(d[order[o][1]]);
        case_end(&c);
    }
}

