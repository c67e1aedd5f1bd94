/* SPDX-License-Identifier: Apache-2.0 */
/* test_golden: directed tests of the golden model (csrc/golden.h), driven
 * directly with small programs encoded here with ISA_SET (no assembler).
 *
 * Covers the constants, every fault kind with its reported pc, lane,
 * address or register, PENDING_REG reads and overwrites, signal stalls on
 * reissue, barriers, the dispatcher, reductions, cross-lane operations,
 * atomics, two coexisting models, determinism, the watchdog, the lockstep
 * step API with its retire records, the per-CU counters and a model on a
 * caller's memory buffer, and the functional coverage it records. One
 * PASS/FAIL line per test.
 *
 * This file: the list of tests, run in order. */
#include "golden_test.h"

int main(void)
{
    test_alu_integer();
    test_alu_f32_rules();
    test_alu_opcodes();
    test_constants();
    test_faults();
    test_pending();
    test_signal_stall();
    test_barrier();
    test_dispatcher();
    test_semantics();
    test_branches_signals();
    test_determinism();
    test_two_models();
    test_timeout();
    test_lockstep();
    test_counters_per_cu();
    test_external_memory();
    test_config_errors();
    test_coverage();
    return check_summary("test_golden");
}
