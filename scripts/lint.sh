#!/usr/bin/env bash
# Lints every RTL module with Verilator -Wall (the waivers are in
# rtl/lint_waivers.vlt, nowhere else) and compiles it with Icarus.
# Prints one PASS/FAIL line per module.
set -u
cd "$(dirname "$0")/.."
status=0
# packages first: gpu_isa_pkg, then the other *_pkg.sv files, which may use it
pkg="rtl/gpu_isa_pkg.sv $(ls rtl/*_pkg.sv | grep -v -x rtl/gpu_isa_pkg.sv | tr '\n' ' ')"
for f in rtl/*.sv; do
    case "$f" in *_pkg.sv) continue ;; esac
    top=$(basename "$f" .sv)
    others=$(ls rtl/*.sv | grep -v -e '_pkg\.sv$' | grep -v -x "$f")
    if ! out=$(verilator --lint-only -Wall rtl/lint_waivers.vlt $pkg $others "$f" --top-module "$top" 2>&1); then
        echo "FAIL lint_verilator_$top: $(printf '%s' "$out" | grep -m1 -E '%(Warning|Error)')"
        status=1
        continue
    fi
    if ! out=$(iverilog -g2012 -o /dev/null -s "$top" $pkg $others "$f" 2>&1 | grep -v "sorry: constant selects in always_\* processes"); then :; fi
    if printf '%s' "$out" | grep -q -E "error|Error"; then
        echo "FAIL lint_icarus_$top: $(printf '%s' "$out" | grep -m1 -E 'error|Error')"
        status=1
        continue
    fi
    echo "PASS lint_$top"
done
exit $status
