#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make fuzz-parsers: runs each libFuzzer target of tb/fuzz/ (built by make
# fuzz-targets into $FUZZ_DIR, default build/fuzz) for SECONDS, one at a time:
#
#   scripts/fuzz_parsers.sh SECONDS target...      (targets: asm disasm kbin npy parse_num)
#
# Each run grows the corpus $FUZZ_DIR/corpus/<t> (read with the seeds
# $FUZZ_DIR/seeds/<t>), uses the target's dictionary, counts an input
# running over 10 s as a hang (-timeout=10) and more than 2 GB as a fault
# (-rss_limit_mb=2048), and stops at the first finding, which libFuzzer
# saves as $FUZZ_DIR/crashes/<t>/{crash,leak,timeout,oom}-<sha1>; the log is
# $FUZZ_DIR/logs/<t>.log. With FUZZ_FORK=1 it goes on after a finding
# instead (libFuzzer's -fork=1 with -ignore_crashes, -ignore_timeouts,
# -ignore_ooms: each input runs in a child process; its cov: figure counts
# differently, features rather than edges). The report gives per target the
# runs, the coverage (the last cov: figure), the findings and the time.
# Exits non-zero if any target found something.
#
# A finding is reproduced by running the target on the file, and made small by
#   $FUZZ_DIR/fuzz_<t> -minimize_crash=1 -runs=100000 -exact_artifact_path=min <file>
# A minimized input goes into tb/fuzz/crashes/<t>/, whose files make test
# replays (scripts/test_fuzz_parsers.sh).
set -u
cd "$(dirname "$0")/.."
fuzz=${FUZZ_DIR:-build/fuzz}
if [ $# -lt 2 ] || ! [ "$1" -gt 0 ] 2>/dev/null; then
    echo "usage: $0 SECONDS target..." >&2
    exit 2
fi
seconds=$1
shift

# The dictionary of target $1: generated from the ISA table, or written by hand.
dict_of() {
    if [ -f "$fuzz/$1.dict" ]; then echo "$fuzz/$1.dict"; else echo "tb/fuzz/$1.dict"; fi
}

# The first line of log $1 that says what went wrong: a broken check of the
# target (the line after FUZZ CHECK FAILED says what was seen), a sanitizer's
# report, a hang.
first_fault() {
    local what
    what=$(grep -m 1 -A 1 '^FUZZ CHECK FAILED' "$1" | sed -n '2s/^ *//p')
    [ -n "$what" ] || what=$(grep -m 1 -E '==[0-9]+==ERROR|runtime error|^SUMMARY|^ALARM' "$1")
    printf '%s' "$what"
}

fork_args=()
[ "${FUZZ_FORK:-}" = 1 ] && fork_args=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
mkdir -p "$fuzz/logs"
report=()
found=0
for t in "$@"; do
    bin=$fuzz/fuzz_$t
    if [ ! -x "$bin" ]; then
        echo "fuzz-parsers: $bin is missing (make fuzz-targets; it needs clang's libFuzzer runtime)" >&2
        exit 1
    fi
    crashes=$fuzz/crashes/$t
    mkdir -p "$fuzz/corpus/$t" "$crashes"
    log=$fuzz/logs/$t.log
    echo "fuzz-parsers: $t for ${seconds}s (log: $log)"
    start=$(date +%s)
    touch "$fuzz/logs/$t.start"
    "$bin" "${fork_args[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$crashes/" -dict="$(dict_of "$t")" "$fuzz/corpus/$t" "$fuzz/seeds/$t" >"$log" 2>&1
    rc=$?
    took=$(( $(date +%s) - start ))
    runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log" | tail -n 1)
    [ -n "$runs" ] || runs=$(grep -o '^#[0-9]*' "$log" | tail -n 1 | tr -d '#')
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
    # the inputs this run saved (written again if found again), and in fork
    # mode the children's counts (oom/timeout/crash: a/b/c) if higher
    new=$(find "$crashes" -type f -newer "$fuzz/logs/$t.start" | sort)
    ncrash=$(printf '%s\n' "$new" | grep -c -E '/(crash|leak|oom)-' || true)
    ntime=$(printf '%s\n' "$new" | grep -c '/timeout-' || true)
    counts=$(grep -o 'oom/timeout/crash: [0-9]*/[0-9]*/[0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
    if [ -n "$counts" ]; then
        IFS=/ read -r noom nto ncr <<<"$counts"
        [ $((noom + ncr)) -gt "$ncrash" ] && ncrash=$((noom + ncr))
        [ "$nto" -gt "$ntime" ] && ntime=$nto
    fi
    line=$(printf '%-10s %10s runs  cov %5s  crashes %s  timeouts %s  %5ss' "$t" "${runs:-?}" "${cov:-?}" \
        "$ncrash" "$ntime" "$took")
    if [ "$rc" -ne 0 ] || [ "$ncrash" -gt 0 ] || [ "$ntime" -gt 0 ]; then
        found=1
        why=$(first_fault "$log")
        if [ -z "$why" ] && [ -n "$new" ]; then   # (fork mode: the fault is in a child's log) run it again
            "$bin" -timeout=10 -rss_limit_mb=2048 $(printf '%s\n' "$new" | head -n 1) >"$log.replay" 2>&1
            why=$(first_fault "$log.replay")
        fi
        line="$line  FOUND: ${why:-exit status $rc}"
        for f in $new; do line="$line"$'\n'"           $f"; done
    fi
    report+=("$line")
done

echo
echo "fuzz-parsers: ${seconds}s per target${fork_args[*]:+ (${fork_args[*]})}"
printf '%s\n' "${report[@]}"
exit $found
