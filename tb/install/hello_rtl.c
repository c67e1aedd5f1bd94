/* SPDX-License-Identifier: Apache-2.0 */
/* hello_rtl: a user's host program, built against an installed wavegpu with
 * `pkg-config --cflags --libs wavegpu-rtl`, once as C and once as C++
 * (scripts/test_install.sh). It assembles a kernel, runs it on the RTL and
 * checks out[i] = 3*i + 7 for 64 lanes. Prints one PASS or FAIL line. */
#include <stdio.h>
#include <wavegpu/gpu.h>

static const char src[] = ".waves 1\n global_load32 s0, v16, one, args\n shl v17, wave, 5\n"
                          " add v17, v17, sid\n mul_lo v18, v17, 3\n add v18, v18, 7\n shl v17, v17, 2\n"
                          " sig_wait s0\n add v16, v16, v17\n global_store32 s1, v16, one, v18\n sig_wait s1\n end\n";

int main(int argc, char **argv)
{
    const char *name = argc > 1 ? argv[1] : "hello_rtl";
    gpu_config cfg;
    gpu_config_default(&cfg); /* the RTL: this program links libwavegpu_rtl */
    gpu_device *dev = NULL;
    gpu_kernel *k = NULL;
    gpu_addr out = 0;
    gpu_launch_params p = { 2, 1, 0, &out, 1 };
    gpu_result res;
    uint32_t got[64];
    char err[256] = "the default backend is not the RTL";
    int ok = cfg.backend == GPU_BACKEND_RTL && gpu_open(&cfg, &dev, err, sizeof err) == GPU_OK &&
             gpu_kernel_assemble(dev, src, sizeof src - 1, "hello.s", &k) == GPU_OK &&
             gpu_alloc(dev, sizeof got, &out) == GPU_OK && gpu_launch(dev, k, &p) == GPU_OK &&
             gpu_wait(dev, &res) == GPU_OK && gpu_read(dev, got, out, sizeof got) == GPU_OK;
    for (unsigned i = 0; ok && i < 64; i++) ok = got[i] == 3 * i + 7;
    printf("%s %s%s%s\n", ok ? "PASS" : "FAIL", name, ok ? "" : ": ", ok ? "" : (dev ? gpu_last_error(dev) : err));
    gpu_kernel_free(k);
    gpu_close(dev);
    return ok ? 0 : 1;
}
