#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make coverage (docs/coverage.md): the RTL regression on the coverage build
# with both kinds of coverage on, then the report. COV_BUILD (default
# build/cov) holds the build (BIN: its programs, whose model was Verilated
# with --coverage-line --coverage-toggle); the tests run in COV_BUILD/run,
# a folder that links kernels/, scripts/ and tb/ and has its own build/
# (build/kernels: COV_BUILD/kernels), so that nothing is written outside
# COV_BUILD. WAVEGPU_COVERAGE=COV_BUILD/coverage: each process adds its
# functional coverage to func-<pid>.txt there and each RTL device writes
# rtl-<pid>-<n>.dat, folded after each step into merged.dat by
# verilator_coverage. Then verilator_coverage --annotate writes
# COV_BUILD/annotated and scripts/coverage_report.py prints the tables and
# writes COV_BUILD/report.md. Exit status 1 if a test failed (the report is
# still written). FUZZ_SEEDS (default 200) and WAVEGPU_SEED (default 1, the
# RTL's initial state) may be set.
set -u
cd "$(dirname "$0")/.."
root=$PWD
B=${COV_BUILD:-build/cov}
BIN=$root/${BIN:-$B/bin}
D=$root/$B/coverage
run=$root/$B/run
SEEDS=${FUZZ_SEEDS:-200}
export WAVEGPU_COVERAGE=$D WAVEGPU_SEED=${WAVEGPU_SEED:-1}
unset WAVEGPU_LOCKSTEP WAVEGPU_BACKEND

rm -rf "$D" "$run" "$root/$B/annotated"
mkdir -p "$D" "$run/build"
for d in kernels scripts tb; do ln -s "$root/$d" "$run/$d"; done
ln -s "$root/$B/kernels" "$run/build/kernels"

status=0
t_all=$(date +%s)

# Folds the device files of the last step into merged.dat (bounded disk use).
merge() {
    local f=("$D"/rtl-*.dat) in=()
    [ -e "${f[0]}" ] || return 0
    [ -f "$D/merged.dat" ] && in=("$D/merged.dat")
    if ! verilator_coverage --write "$D/merged.new" "${in[@]}" "${f[@]}" > "$D/merge.log" 2>&1; then
        echo "FAIL coverage_merge: verilator_coverage: $(tail -2 "$D/merge.log" | tr '\n' ' ')"
        status=1
        return 1
    fi
    mv "$D/merged.new" "$D/merged.dat"
    rm -f "${f[@]}"
}

# step NAME COMMAND...: runs it in the run folder, log in $D/NAME.log.
step() {
    local name=$1 t0 rc p f
    shift
    t0=$(date +%s)
    (cd "$run" && "$@") > "$D/$name.log" 2>&1
    rc=$?
    p=$(grep -c '^PASS ' "$D/$name.log")
    f=$(grep -c '^FAIL ' "$D/$name.log")
    local n=("$D"/rtl-*.dat)
    [ -e "${n[0]}" ] || n=()
    merge
    printf '  %-22s %4d passed, %d failed, %3d RTL devices, %4d s\n' "$name" "$p" "$f" "${#n[@]}" $(($(date +%s) - t0))
    if [ "$rc" -ne 0 ] || [ "$f" -ne 0 ]; then
        grep '^FAIL ' "$D/$name.log" | head -5 | sed 's/^/    /'
        [ "$f" -ne 0 ] || tail -3 "$D/$name.log" | sed 's/^/    /'
        status=1
    fi
}

regress() {
    local s=0
    for f in tb/fuzz/regress/*.s; do
        [ -e "$f" ] || continue
        if "$BIN/wgrun" "$f" --header --quiet > /dev/null 2>&1; then echo "PASS fuzz_regress_$(basename "$f" .s)"
        else echo "FAIL fuzz_regress_$(basename "$f" .s)"; s=1; fi
    done
    return $s
}

echo "coverage: the RTL regression on $B (WAVEGPU_SEED=$WAVEGPU_SEED), data in $B/coverage"
step test_kernels_rtl "$BIN/test_kernels_rtl"
step test_runtime_rtl "$BIN/test_runtime_rtl"
step run_lines env WGRUN="$BIN/wgrun" bash scripts/test_run_lines.sh
step fuzz_${SEEDS}_seeds "$BIN/kernel_fuzz" --seeds "$SEEDS" --seed 1 --out build/fuzz --min-seconds 60
step fuzz_regress regress

if [ -f "$D/merged.dat" ]; then
    if ! verilator_coverage --annotate "$root/$B/annotated" "$D/merged.dat" > "$D/annotate.log" 2>&1; then
        echo "FAIL coverage_annotate: $(tail -2 "$D/annotate.log" | tr '\n' ' ')"
        status=1
    fi
    rtl=(--rtl "$D/merged.dat")
else
    echo "coverage: no line or toggle coverage was written (was the model built with COVERAGE=1?)"
    rtl=()
    status=1
fi
echo
python3 scripts/coverage_report.py --func "$D" "${rtl[@]}" --report "$root/$B/report.md" \
    --merged-func "$root/$B/func_merged.txt" || status=1
echo
echo "coverage: $(($(date +%s) - t_all)) s; full lists in $B/report.md, annotated sources in $B/annotated/," \
    "merged data in $B/coverage/merged.dat and $B/func_merged.txt"
exit $status
