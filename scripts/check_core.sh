#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The FuseSoC core (wavegpu.core) is usable: it lists exactly the RTL files of
# rtl/ (packages first, gpu_isa_pkg before the others), FuseSoC (pinned, .venv)
# lists the core, and its lint target runs Verilator -Wall on gpu_top cleanly.
set -u
cd "$(dirname "$0")/.."
fusesoc=.venv/bin/fusesoc
want=$(printf '%s\n' rtl/gpu_isa_pkg.sv $(ls rtl/*_pkg.sv | grep -v -x rtl/gpu_isa_pkg.sv) $(ls rtl/*.sv | grep -v '_pkg\.sv$'))
have=$(sed -n 's/^      - \(rtl\/[a-z0-9_]*\.sv\)$/\1/p' wavegpu.core)
if [ "$want" != "$have" ]; then
    echo "FAIL fusesoc_core_lists_rtl: wavegpu.core's files differ from rtl/: $(diff <(echo "$have") <(echo "$want") | grep '^[<>]' | head -3 | tr '\n' ' ')"
else
    echo "PASS fusesoc_core_lists_rtl"
fi
if [ ! -x "$fusesoc" ]; then
    echo "FAIL fusesoc_core_listed: $fusesoc is not installed (make deps)"
    exit 1
fi
if $fusesoc --cores-root . core list 2>&1 | grep -q '^wavegpu:gpu:wavegpu:'; then
    echo "PASS fusesoc_core_listed"
else
    echo "FAIL fusesoc_core_listed: fusesoc core list does not show wavegpu:gpu:wavegpu"
fi
if out=$($fusesoc --cores-root . run --build-root build/fusesoc --target lint wavegpu:gpu:wavegpu 2>&1); then
    echo "PASS fusesoc_lint_target"
else
    echo "FAIL fusesoc_lint_target: $(printf '%s\n' "$out" | grep -m1 -E '%(Warning|Error)|ERROR')"
fi
