#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Test: every source file of the tree (RTL, C and C++, kernels, scripts, the
# Makefile) carries "SPDX-License-Identifier: Apache-2.0" in its first three
# lines (LICENSE). One PASS line, or one FAIL line naming the files without it.
set -u
cd "$(dirname "$0")/.."
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    files=$(git ls-files --cached --others --exclude-standard)
else
    files=$(find . -path ./build -prune -o -path ./.venv -prune -o -type f -print | sed 's|^\./||')
fi
missing=""
n=0
for f in $files; do
    case "$f" in
        *.c|*.h|*.def|*.cpp|*.sv|*.vlt|*.py|*.sh|*.s|*.core|*.pc.in|Makefile|.ci/run) ;;
        *) continue ;;
    esac
    [ -f "$f" ] || continue
    n=$((n + 1))
    head -3 "$f" | grep -q 'SPDX-License-Identifier: Apache-2.0' || missing="$missing $f"
done
if [ -n "$missing" ]; then
    echo "FAIL spdx_headers: no SPDX-License-Identifier line in:$missing"
    exit 1
fi
echo "PASS spdx_headers ($n source files)"
