#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make sim KERNEL=name: runs kernels/name.s on the RTL, in lockstep with the
# golden model, with waves.
#   sim_kernel.sh NAME WAVEGPU_SIM WGRUN [options for either program...]
# matmul_tiled, vecadd_u32 and saxpy_f32 run under wavegpu_sim, which checks
# them against a host reference written in C (sim/sim_main.c). Every other
# kernel runs with wgrun from the "# run:" line of its header comment (the
# wgrun options of one run, docs/getting-started.md). Before that, each
# "# ref:" line of the header, if any, is run by bash from the repository
# root: an expected-output generator, which writes the input and expected
# files that the run line names.
set -euo pipefail
name=$1 sim=$2 wgrun=$3
shift 3
dir=${KERNEL_DIR:-kernels}     # (another folder: scripts/test_wgrun.sh)
src=$dir/$name.s
if [ ! -f "$src" ]; then
    echo "make sim: no kernel $src (KERNEL= names a file of $dir/ without .s)" >&2
    exit 2
fi
if [ "$dir" = kernels ]; then
    case $name in
    matmul_tiled | vecadd_u32 | saxpy_f32)
        exec "$sim" --kernel "$name" "$@" ;;
    esac
fi
if ! grep -q '^[[:space:]]*# run:' "$src"; then
    echo "make sim: $src has no '# run:' line. Add one to its header comment: the wgrun options of a run, e.g." >&2
    echo "  # run: --groups 4 --buf out=zeros:128 --buf in=iota:128 --args out,in" >&2
    echo "(buffers, arguments and grid; wgrun --help lists the options, docs/getting-started.md shows how)" >&2
    exit 2
fi
while IFS= read -r line; do
    cmd=${line#*# ref:}
    echo "ref: $cmd"
    bash -c "$cmd"
done < <(grep '^[[:space:]]*# ref:' "$src" || true)
exec "$wgrun" "$src" --header "$@"
