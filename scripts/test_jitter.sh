#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs the RTL kernel and runtime tests (build/bin/test_kernels_rtl,
# test_runtime_rtl) again with DRAM latency jitter on (each
# burst a random extra latency, so responses of different AXI IDs come back
# reordered), once per seed. Their PASS/FAIL/SKIP lines are echoed with the
# seed in front of the test name: "PASS jitter12345 kernel_matmul_tiled_128".
# Exit status 1 if any failed or crashed.
set -u
cd "$(dirname "$0")/.."
status=0
for seed in 1 12345; do
    for t in build/bin/test_kernels_rtl build/bin/test_runtime_rtl; do
        out=$(WAVEGPU_MEM_JITTER=$seed "$t" 2>&1)
        rc=$?
        printf '%s\n' "$out" | grep -E '^(PASS|FAIL|SKIP) ' | sed -E "s/^(PASS|FAIL|SKIP) /\1 jitter$seed /"
        if [ "$rc" -ne 0 ]; then
            printf '%s\n' "$out" | grep -q '^FAIL ' || echo "FAIL jitter$seed $(basename "$t"): exited with status $rc"
            status=1
        fi
    done
done
exit $status
