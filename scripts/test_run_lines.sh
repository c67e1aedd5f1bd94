#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Every kernel of kernels/ runs by its "# run:" line, as make sim KERNEL=name
# runs it (scripts/sim_kernel.sh), but without waves: first its "# ref:"
# lines (expected-output generators), then wgrun --header on the RTL, in
# lockstep with the golden model and checked against the golden model alone
# (and against --expect files where the run line names them), and once more
# on the golden model alone. Prints "PASS run_line_<kernel>[_golden]" or a
# FAIL line with the run's last lines; a kernel without a run line fails.
set -u
cd "$(dirname "$0")/.."
WGRUN=${WGRUN:-build/bin/wgrun}
status=0
for src in kernels/*.s; do
    k=$(basename "$src" .s)
    if ! grep -q '^[[:space:]]*# run:' "$src"; then
        echo "FAIL run_line_$k: $src has no '# run:' line"
        status=1
        continue
    fi
    refs_ok=1
    while IFS= read -r line; do
        if ! out=$(bash -c "${line#*# ref:}" 2>&1); then
            echo "FAIL run_line_$k: its # ref: line failed: $(tail -2 <<< "$out" | tr '\n' ' ')"
            refs_ok=0
            status=1
        fi
    done < <(grep '^[[:space:]]*# ref:' "$src" || true)
    [ $refs_ok = 1 ] || continue
    for be in rtl golden; do
        name=run_line_$k$([ $be = golden ] && echo _golden)
        t0=$(date +%s%N)
        out=$("$WGRUN" "$src" --header --quiet --backend $be 2>&1)
        rc=$?
        ms=$((($(date +%s%N) - t0) / 1000000))
        t=$((ms / 1000)).$((ms % 1000 / 100))
        if [ $rc -eq 0 ] && grep -q "^PASS $src" <<< "$out"; then
            echo "PASS $name (${t} s)"
        else
            echo "FAIL $name: exit $rc"
            tail -4 <<< "$out" | sed 's/^/    /'
            status=1
        fi
    done
done
exit $status
