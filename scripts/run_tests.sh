#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs each test program or script given on the command line from the
# repository root, TEST_JOBS of them at a time (default 2: the tests are
# single-threaded), and echoes their PASS/FAIL/SKIP lines in command-line
# order, each program's followed by its wall time. Ends with the line
# "N passed, N failed". A program that crashes or exits non-zero without
# printing a FAIL line counts as one failure, so a crash can never hide; one
# that prints no result at all counts as a failure too. A test given as
# PROGRAM:ARG:ARG runs PROGRAM with those arguments (scripts/formal.sh:--proofs).
set -u
jobs=${TEST_JOBS:-2}
if ! [ "$jobs" -ge 1 ] 2>/dev/null; then
    echo "run_tests.sh: TEST_JOBS must be a positive number, not '$jobs'" >&2
    exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
next=0      # the next test to report, in command-line order
tests=("$@")

# Prints the results of test i (its output is complete) and counts them.
report() {
    local i=$1 t=${tests[$1]} out rc p f
    out=$(cat "$work/$i.out")
    rc=$(cat "$work/$i.rc")
    printf '%s\n' "$out" | grep -E '^(PASS|FAIL|SKIP)' || true
    p=$(printf '%s\n' "$out" | grep -c '^PASS ' || true)
    f=$(printf '%s\n' "$out" | grep -c '^FAIL ' || true)
    passed=$((passed + p))
    failed=$((failed + f))
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        echo "FAIL $(basename "$t"): exited with status $rc"
        printf '%s\n' "$out" | tail -n 5 | sed 's/^/    /'
        failed=$((failed + 1))
    fi
    if [ "$rc" -eq 0 ] && [ "$p" -eq 0 ] && [ "$f" -eq 0 ]; then
        echo "FAIL $(basename "$t"): ran no test"
        failed=$((failed + 1))
    fi
    echo "    ($t: $(cat "$work/$i.secs") s)"
}

# Reports every finished test that is next in order.
flush() {
    while [ "$next" -lt "${#tests[@]}" ] && [ -e "$work/$next.rc" ]; do
        report "$next"
        next=$((next + 1))
    done
}

for i in "${!tests[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
        wait -n
        flush
    done
    (
        start=$SECONDS
        read -r -a cmd <<<"${tests[$i]//:/ }"
        "${cmd[@]}" >"$work/$i.out" 2>&1
        rc=$?
        echo $((SECONDS - start)) >"$work/$i.secs"
        echo "$rc" >"$work/$i.rc.tmp"
        mv "$work/$i.rc.tmp" "$work/$i.rc"
    ) &
    flush
done
wait
flush
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
