#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The committed GTKWave save file (waves/gpu.gtkw, make view) and its filter
# files name signals the model has, and are what scripts/gen_gtkw.py writes
# today: a short traced run of make sim's program (matmul_tiled, n = 32, the
# default configuration) gives the FST to check against. A renamed or moved
# RTL signal thus fails here until the generator follows it.
set -u
cd "$(dirname "$0")/.."
out=build/gtkw_check
mkdir -p "$out"
if ! command -v fst2vcd >/dev/null 2>&1; then
    echo "FAIL gtkw_save_file_current: fst2vcd (Debian's gtkwave) is not installed (make deps)"
    exit 1
fi
if ! build/bin/wavegpu_sim --kernel matmul_tiled --n 32 --fst "$out/matmul_32.fst" >"$out/sim.log" 2>&1; then
    echo "FAIL gtkw_save_file_current: the traced run failed (see $out/sim.log)"
    exit 1
fi
python3 scripts/gen_gtkw.py --check "$out/matmul_32.fst" waves/gpu.gtkw
rc=$?
rm -f "$out/matmul_32.fst"
exit $rc
