#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Side-by-side simulation speed of two or more builds (an issue's "speed
# must not fall" check):
#   scripts/speed_ab.sh [--runs N] [--args "ARGS"] NAME=DIR:PROGRAM NAME=DIR:PROGRAM ...
# Runs each PROGRAM (a wavegpu_sim, e.g. build/bin/wavegpu_sim_notrace) from
# its DIR (a checkout: the program finds its kernels there) with ARGS
# (default: --kernel matmul_tiled), lockstep off, taking turns, N rounds
# (default 3). Prints each run's kernel time (the "speed" line's seconds),
# then per build the fastest and the median run and their ratio to the first
# build's (above 1: faster than it). The fastest run is the least disturbed
# one on a shared machine; the kernel's cycle count is printed too, since a
# pipeline change moves it.
set -euo pipefail
runs=3
args="--kernel matmul_tiled"
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs=$2; shift 2 ;;
        --args) args=$2; shift 2 ;;
        -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
        --*) echo "speed_ab: unknown option $1" >&2; exit 2 ;;
        *) break ;;
    esac
done
if [ $# -lt 1 ] || ! [[ "$runs" =~ ^[1-9][0-9]*$ ]]; then
    echo "usage: speed_ab.sh [--runs N] [--args \"ARGS\"] NAME=DIR:PROGRAM ..." >&2
    exit 2
fi
names=()
for spec in "$@"; do
    name=${spec%%=*}; rest=${spec#*=}; dir=${rest%%:*}; prog=${rest#*:}
    case "$prog" in /*) path=$prog ;; *) path=$dir/$prog ;; esac
    if [ "$name" = "$spec" ] || [ "$dir" = "$rest" ] || [ ! -x "$path" ]; then
        echo "speed_ab: '$spec' is not NAME=DIR:PROGRAM with an executable DIR/PROGRAM" >&2
        exit 2
    fi
    names+=("$name")
done
declare -A times cycles
for ((i = 1; i <= runs; i++)); do
    for spec in "$@"; do
        name=${spec%%=*}; rest=${spec#*=}; dir=${rest%%:*}; prog=${rest#*:}
        # shellcheck disable=SC2086
        case "$prog" in /*) ;; *) prog=./$prog ;; esac
        out=$(cd "$dir" && WAVEGPU_LOCKSTEP=0 "$prog" $args 2>&1) || {
            echo "speed_ab: $name failed:" >&2; echo "$out" | tail -5 >&2; exit 1; }
        line=$(echo "$out" | grep '^speed' || true)
        t=$(echo "$line" | sed -n 's/.* in \([0-9.]*\) s.*/\1/p')
        c=$(echo "$line" | sed -n 's/.*(\([0-9]*\) cycles in.*/\1/p')
        if [ -z "$t" ]; then echo "speed_ab: no speed line from $name" >&2; exit 1; fi
        echo "round $i  $name  $t s  ($c cycles)"
        times[$name]="${times[$name]:-} $t"
        cycles[$name]=$c
    done
done
python3 - "$runs" "${names[@]}" <<EOF
import sys, statistics
names = sys.argv[2:]
times = {$(for n in "${names[@]}"; do printf '"%s": [%s], ' "$n" "$(echo ${times[$n]} | tr ' ' ',')"; done)}
cycles = {$(for n in "${names[@]}"; do printf '"%s": %s, ' "$n" "${cycles[$n]}"; done)}
ref = names[0]
print(f"{'build':12} {'cycles':>9} {'fastest s':>10} {'median s':>9} {'speed vs ' + ref + ' (fastest, median)':>34}")
for n in names:
    lo, med = min(times[n]), statistics.median(times[n])
    print(f"{n:12} {cycles[n]:>9} {lo:>10.2f} {med:>9.2f} {min(times[ref]) / lo:>22.2f}x {statistics.median(times[ref]) / med:>8.2f}x")
EOF
