#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Test of make coverage's report (scripts/coverage_report.py) on a tiny
# handmade input, with no model built: two functional coverage files of two
# processes (their counts must be summed, a bin at 0 in both listed as never
# reached, the group's bins counted) and two Verilator .dat files of two
# devices (the same point summed, so reached; line and toggle coverage per
# file, unreached lines of simulation-only checks marked). One PASS or FAIL
# line per check.
set -u
cd "$(dirname "$0")/.."
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
failed=0
check() {   # check NAME CONDITION-OUTPUT-GREP-PATTERN FILE
    if grep -qE -- "$2" "$3"; then echo "PASS $1"; else
        echo "FAIL $1: no line matching '$2' in $(basename "$3")"
        failed=1
    fi
}

mkdir -p "$t/func"
cat > "$t/func/func-100.txt" << 'EOF'
# wavegpu functional coverage (csrc/golden_cov.c): group bin count
opcode add.A=V.vreg 3
opcode add.A=S.vreg 0
opcode end.none 0
fault CONST_WRITE 1
fault PENDING_REG 0
EOF
cat > "$t/func/func-200.txt" << 'EOF'
# wavegpu functional coverage (csrc/golden_cov.c): group bin count
opcode add.A=V.vreg 4
opcode add.A=S.vreg 0
opcode end.none 2
fault CONST_WRITE 0
fault PENDING_REG 0
EOF
# Two line points and one toggle point of a.sv, one toggle point of b.sv;
# a.sv's first line point at 0 in the first device and 5 in the second. Its
# source: line 12 is in a simulation-only check (`ifndef SYNTHESIS).
mkdir -p "$t/rtl"
printf '%s\n' m m m m m m m m m m '`ifndef SYNTHESIS' x '`endif' > "$t/rtl/a.sv"
p() { printf "C '\001f\002%s\001l\002%s\001n\0021\001page\002v_%s/%s\001o\002%s\001h\002%s' %s\n" "$@"; }
{
    echo '# SystemC::Coverage-3'
    p rtl/a.sv 10 line a block top.a 0
    p rtl/a.sv 12 line a else top.a 0
    p rtl/a.sv 3 toggle a 'x[0]:0->1' top.a 1
    p rtl/b.sv 7 toggle b 'y:0->1' top.b 0
} > "$t/dev1.dat"
{
    echo '# SystemC::Coverage-3'
    p rtl/a.sv 10 line a block top.u.a 5
    p rtl/a.sv 12 line a else top.u.a 0
    p rtl/a.sv 3 toggle a 'x[0]:0->1' top.u.a 0
    p rtl/b.sv 7 toggle b 'y:0->1' top.b 0
} > "$t/dev2.dat"

report=$PWD/scripts/coverage_report.py
if ! (cd "$t" && python3 "$report" --func func --rtl dev1.dat dev2.dat --report report.md \
    --merged-func merged.txt) > "$t/out.txt" 2>&1; then
    echo "FAIL coverage_report_runs: $(tail -2 "$t/out.txt" | tr '\n' ' ')"
    exit 1
fi
check coverage_report_sums_counts_across_files '^opcode add\.A=V\.vreg 7$' "$t/merged.txt"
check coverage_report_group_bins_hit '^  opcode +2 / 3 +66\.7%' "$t/out.txt"
check coverage_report_fault_group '^  fault +1 / 2 +50\.0%' "$t/out.txt"
check coverage_report_lists_unreached_bin '^    add\.A=S\.vreg$' "$t/out.txt"
check coverage_report_unreached_in_markdown 'fault\*\* \(1\): `PENDING_REG`' "$t/report.md"
check coverage_report_rtl_points_summed '^  a\.sv +50\.0% +1/2 +100\.0% +1/1 +1 \(1 chk\)$' "$t/out.txt"
check coverage_report_rtl_untoggled '^  b\.sv +- +0/0 +0\.0% +0/1 +0$' "$t/out.txt"
check coverage_report_unreached_line_listed '`rtl/a\.sv` \(1\): 12 \(else; sim-only check\)' "$t/report.md"
exit $failed
