#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs docs/getting-started.md as a user would: every fenced ```sh block, in
# order, in one bash shell (set -e) from the repository root, so a command
# that fails fails the test. Blocks fenced ```sh-display (GTKWave, which needs
# a display) are not run; they are counted and named. The walk-through writes
# into build/tour/ and waves/. Prints "PASS getting_started" or
# "FAIL getting_started: ..." with the output's last lines.
set -u
cd "$(dirname "$0")/.."
doc=docs/getting-started.md
script=$(mktemp)
log=$(mktemp)
trap 'rm -f "$script" "$log"' EXIT
awk '
    /^```sh$/ { inblock = 1; n++; print "echo \"--- getting-started block " n "\""; next }
    /^```/    { inblock = 0; next }
    inblock   { print }
' "$doc" > "$script"
blocks=$(grep -c '^```sh$' "$doc")
skipped=$(grep -c '^```sh-display$' "$doc")
if [ "$blocks" -lt 8 ]; then
    echo "FAIL getting_started: only $blocks sh blocks in $doc"
    exit 1
fi
rm -rf build/tour
if bash -euo pipefail "$script" > "$log" 2>&1; then
    echo "PASS getting_started ($blocks blocks run, $skipped needing a display not run)"
else
    echo "FAIL getting_started: $(grep '^--- getting-started block' "$log" | tail -1 | cut -c5-) failed; its last lines:"
    tail -15 "$log" | sed 's/^/    /'
    exit 1
fi
