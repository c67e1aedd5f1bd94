#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The SystemC platform's run of make systemc and make test (docs/systemc.md):
# matmul_tiled, histogram and fault_oob on the golden-model device and on the
# Verilated RTL, each checked by the platform, and the RTL fidelity's
# matmul_tiled cycles compared with the C testbench's (wavegpu_sim, lockstep
# off, the same DRAM latency and CUs); then docs/systemc.md's example
# platform on each fidelity. SYSTEMC_OPTS and extra arguments go to the
# platform.
# Prints the platform's PASS/FAIL lines; exit status 0 only if all pass.
set -u
bin=${BIN:-build/bin}
cus=${NUM_CUS:-4}
out=$(WAVEGPU_LOCKSTEP=0 "$bin/wavegpu_sim" --kernel matmul_tiled --n 128 --cus "$cus" --latency 100 2>&1)
cycles=$(printf '%s\n' "$out" | sed -n 's/^cycles .*(CTR_CYCLES of CU 0: \([0-9]*\)).*/\1/p')
if [ -z "$cycles" ]; then
    echo "FAIL systemc_c_testbench_matmul: wavegpu_sim printed no cycle count"
    printf '%s\n' "$out" | tail -n 5 | sed 's/^/    /'
    exit 1
fi
status=0
"$bin/wavegpu_systemc" --model both --n 128 --cus "$cus" --mem-latency 100 --expect-rtl-cycles "$cycles" \
    ${SYSTEMC_OPTS:-} "$@" || status=1
# docs/systemc.md's example platform, on each fidelity.
for model in golden rtl; do
    line=$(SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 "$bin/example_platform" "$model" 2>&1 | grep -E '^(PASS|FAIL)')
    printf '%s (%s)\n' "${line:-FAIL example_platform: no result}" "$model"
    case $line in PASS*) ;; *) status=1 ;; esac
done
exit $status
