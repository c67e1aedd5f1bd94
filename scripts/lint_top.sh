#!/usr/bin/env bash
# Lints gpu_top with Verilator -Wall for NumCus = 1 and 8 (scripts/lint.sh
# covers the default 4). Arguments: the RTL sources, packages first; without
# arguments, every rtl/*.sv in that order (as scripts/lint.sh does).
# Prints one PASS/FAIL line per configuration.
set -u
cd "$(dirname "$0")/.."
if [ $# -eq 0 ]; then
    set -- rtl/gpu_isa_pkg.sv $(ls rtl/*_pkg.sv | grep -v -x rtl/gpu_isa_pkg.sv) $(ls rtl/*.sv | grep -v '_pkg\.sv$')
fi
status=0
for n in 1 8; do
    if out=$(verilator --lint-only -Wall -GNumCus=$n rtl/lint_waivers.vlt "$@" --top-module gpu_top 2>&1); then
        echo "PASS lint_gpu_top_numcus$n"
    else
        echo "FAIL lint_gpu_top_numcus$n: $(printf '%s' "$out" | grep -m1 -E '%(Warning|Error)')"
        status=1
    fi
done
exit $status
