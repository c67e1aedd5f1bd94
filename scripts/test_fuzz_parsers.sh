#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The parsers' libFuzzer targets in make test (make fuzz-targets builds them,
# Makefile "fuzzing the parsers"): a short run of each from its seeds, 20000
# inputs or 10 seconds with a fixed seed (PASS fuzz_<t>_smoke), and a replay
# of the committed regression inputs tb/fuzz/crashes/<t>/* (PASS
# fuzz_<t>_regressions), each once a fault a fuzzer found. The long runs are
# make fuzz-parsers.
set -u
cd "$(dirname "$0")/.."
fuzz=build/fuzz
# The first line of log $1 that says what went wrong: a broken check of the
# target (the line after FUZZ CHECK FAILED says what was seen), a sanitizer's
# report, a hang.
first_fault() {
    local what
    what=$(grep -m 1 -A 1 '^FUZZ CHECK FAILED' "$1" | sed -n '2s/^ *//p')
    [ -n "$what" ] || what=$(grep -m 1 -E '==[0-9]+==ERROR|runtime error|^SUMMARY|^ALARM' "$1")
    printf '%s' "$what"
}

status=0
for t in asm disasm kbin npy parse_num; do
    bin=$fuzz/fuzz_$t
    if [ ! -x "$bin" ]; then
        echo "FAIL fuzz_${t}_smoke: $bin is missing (make fuzz-targets; it needs clang's libFuzzer runtime, Debian's libclang-rt-14-dev from make deps)"
        status=1
        continue
    fi
    dict=$fuzz/$t.dict
    [ -f "$dict" ] || dict=tb/fuzz/$t.dict
    work=$fuzz/smoke/$t
    rm -rf "$work"
    mkdir -p "$work/corpus"
    timeout 60 "$bin" -runs=20000 -max_total_time=10 -seed=1 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$work/" -dict="$dict" "$work/corpus" "$fuzz/seeds/$t" >"$work/log" 2>&1
    rc=$?
    runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$work/log" | tail -n 1)
    cov=$(grep -o 'cov: [0-9]*' "$work/log" | tail -n 1 | cut -d' ' -f2)
    if [ "$rc" -eq 0 ] && [ -n "$runs" ]; then
        echo "PASS fuzz_${t}_smoke ($runs runs, cov $cov)"
    else
        why=$(first_fault "$work/log")
        input=$(ls "$work" | grep -m 1 -E '^(crash|leak|timeout|oom)-')
        echo "FAIL fuzz_${t}_smoke: ${why:-exit status $rc}${input:+ (input $work/$input)}; log $work/log"
        status=1
    fi

    inputs=()
    for f in tb/fuzz/crashes/$t/*; do
        [ -f "$f" ] && [ "$(basename "$f")" != README ] && inputs+=("$f")
    done
    [ ${#inputs[@]} -gt 0 ] || continue
    failed=()
    why=
    for f in "${inputs[@]}"; do
        if ! "$bin" -timeout=10 -rss_limit_mb=2048 "$f" >"$work/replay.log" 2>&1; then
            failed+=("$f")
            [ -n "$why" ] || why=$(first_fault "$work/replay.log")
        fi
    done
    if [ ${#failed[@]} -eq 0 ]; then
        echo "PASS fuzz_${t}_regressions (${#inputs[@]} inputs)"
    else
        echo "FAIL fuzz_${t}_regressions: ${#failed[@]} of ${#inputs[@]} inputs fail (run $bin <input>): ${failed[*]}; the first: $why"
        status=1
    fi
done
exit $status
