/* SPDX-License-Identifier: Apache-2.0 */
/* test_kernels: runs every kernel of kernels/ (assembled to build/kernels/NAME.wgk)
 * through the host API (gpu.h) and compares the whole output with a plain C
 * computation on the host, bit for bit (f32 included: the host computes in the
 * kernel's operation order, NaNs canonicalised to 0x7FC00000).
 *
 * The expected values come from the semantics of docs/isa.md written again
 * here in C; nothing is taken from the golden model. Inputs come from a
 * fixed-seed PRNG plus tables of edge values.
 *
 *   WAVEGPU_BACKEND=golden|rtl build/bin/test_kernels [name-substring]
 *
 * Run from the repository root. Prints PASS name / FAIL name: reason.
 *
 * This file: the options and the list of tests. */
#include "kernels_test.h"

int main(int argc, char **argv)
{
    char why[256];
    if (gpu_default_backend(&backend, why, sizeof why) != GPU_OK) {
        fprintf(stderr, "test_kernels: %s\n", why);
        return 2;
    }
    if (argc > 1) filter = argv[1];

    RUN_DT(test_int_alu(false));
    RUN_DT(test_int_alu(true));
    RUN_DT(test_f32_alu(false));
    RUN_DT(test_f32_alu(true));
    RUN_DT(test_consts(2, 4));
    RUN_DT(test_consts(1, 3));
    RUN_DT(test_masks());
    RUN_DT(test_xlane());
    RUN_DT(test_reduce(false));
    RUN_DT(test_reduce(true));
    RUN_DT(test_branch());
    RUN_DT(test_end());
    RUN_DT(test_barrier_ended());
    RUN_DT(test_signals());
    RUN_DT(test_sig_waitany());
    RUN_DT(test_lds());
    RUN_DT(test_lds_conflicts());
    RUN_DT(test_operand_kinds());
    RUN_DT(test_atomics(false));
    RUN_DT(test_atomics(true));
    RUN_DT(test_global_mem());

    test_matmul(128, "kernel_matmul_tiled_128");
    test_matmul(32, "kernel_matmul_tiled_32");
    test_matmul(24, "kernel_matmul_tiled_24");
    test_sgemm(128, 0, "kernel_sgemm_128");
#ifndef TEST_MAX_CUS /* not on the small configuration (1 CU of 1 lane), where they would take minutes */
    test_sgemm(128, 3, "kernel_sgemm_128_3cus");
    test_sgemm(256, 0, "kernel_sgemm_256"); /* two column blocks: the group numbering of sgemm.s */
#endif
    test_vecadd(1000, "kernel_vecadd_u32_tail");
    test_vecadd(256, "kernel_vecadd_u32_no_tail");
    test_saxpy(1000, "kernel_saxpy_f32_fma_tail");
    test_reduce_u32(5003, 8, "kernel_reduce_u32_atomic");
    test_reduce_u32(70, 8, "kernel_reduce_u32_atomic_idle_waves");
    test_reduce_f32(3000, 256, "kernel_reduce_f32_partials", "kernel_reduce_f32_two_pass_sum");
    test_transpose(100, 70, "kernel_transpose_lds_100x70");
    test_transpose(64, 32, "kernel_transpose_lds_64x32");
    test_histogram(3000, 256, "kernel_histogram_atomics");
    test_l2_writeback("mem_l2_writeback_cache_wb_l2");
    test_lds_fresh("lds_new_allocation_reads_zero");
    test_l1_own_write("mem_l1_reads_own_stores");
    test_l2_system_scope("mem_l2_system_scope_bypasses");
    test_atomic_contention(0, "mem_atomics_contention_all_cus");
    test_atomic_contention(1, "mem_atomics_contention_all_cus_tickets");

    return check_summary("test_kernels");
}
