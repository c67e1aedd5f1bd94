#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs each test binary given on the command line from the repository root,
# echoes its PASS/FAIL lines, and ends with the line "N passed, N failed".
# A binary that crashes or exits non-zero without printing a FAIL line counts
# as one failure, so a crash can never hide.
set -u
passed=0
failed=0
for t in "$@"; do
    out=$("$t" 2>&1)
    rc=$?
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
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
