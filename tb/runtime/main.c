/* SPDX-License-Identifier: Apache-2.0 */
/* test_runtime: the host API's error handling (csrc/gpu.h) and the faults of
 * docs/isa.md section 5, through the host API only, so that it runs unchanged
 * on every backend:
 *
 *   WAVEGPU_BACKEND=golden|rtl build/bin/test_runtime [name-substring]
 *
 * Kernels are assembled from inline text (asm.h) and loaded with
 * gpu_kernel_load. Every fault test checks every field of gpu_result, the
 * line gpu_result_format makes of it, that the faulting instruction left
 * memory alone, and that the next launch on the same device runs normally.
 * Fault tests run on a 1-CU device so that the CU of the fault is known on any
 * backend. The kbin_serialize checks at the end test csrc/kbin.c directly.
 *
 * Run from the repository root. Prints PASS name / FAIL name: reason /
 * SKIP name: reason. A watchdog turns a hang into a FAIL line.
 *
 * This file: the options, the watchdog's signal and the list of tests. */
#include "runtime_test.h"

int main(int argc, char **argv)
{
    char why[256];
    if (gpu_default_backend(&backend, why, sizeof why) != GPU_OK) {
        fprintf(stderr, "test_runtime: %s\n", why);
        return 2;
    }
    if (argc > 1) filter = argv[1];
    setvbuf(stdout, NULL, _IOLBF, 0);
    signal(SIGALRM, on_alarm);
    arm_watchdog("test_runtime_setup");

    test_default_backend();
    test_open();
    test_null_device();
    test_alloc();
    test_memory();
    test_kernel_load();
    test_launch();
    test_wait_nothing_launched();
    test_timeout();
    test_deadlock_watchdog();
    test_mem_errors();
    test_faults();
    test_fault_order_slow();
    test_kbin_serialize();
    test_two_devices();

    return check_summary("test_runtime");
}
