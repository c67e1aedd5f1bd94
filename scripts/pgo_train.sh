#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Training run of a profile-guided (PGO) build of the Verilated gpu_top
# (Makefile, docs/architecture.md "Simulation speed"):
#   pgo_train.sh TRAINER PROFDATA [--trace]
# TRAINER is wgrun linked with a copy of the model compiled with clang's
# -fprofile-instr-generate. It runs kernels by their "# run:" lines, lockstep
# and golden check off (the checker is not part of the model), each of which
# must pass; with --trace one more run writes an FST, so that the tracing code
# of a traced model is profiled too. The raw profiles are merged into
# PROFDATA, which the model's real build reads with -fprofile-instr-use.
# The profile only orders and lays out the compiled code: the model computes
# the same in every cycle with or without it.
set -euo pipefail
trainer=$1
profdata=$2
trace=${3:-}
dir=$(dirname "$profdata")/pgo-runs
profdata_tool=$(command -v llvm-profdata || command -v llvm-profdata-14 || true)
if [ -z "$profdata_tool" ]; then
    echo "pgo_train: llvm-profdata not found (Debian's llvm package, installed with clang)" >&2
    exit 1
fi
rm -rf "$dir"
mkdir -p "$dir"

# kernels: a matmul (LDS, barriers, global loads), streaming kernels
# (coalescer, caches, DRAM) and the ALU tests (integer, f32, scalar), each
# run by the "# run:" line of its header.
runs=(matmul_tiled vecadd_u32 saxpy_f32 dt_valu_int dt_salu_int dt_valu_f32 dt_salu_f32)
extra=("")
if [ "$trace" = --trace ]; then
    runs+=(vecadd_u32)
    extra[${#runs[@]}-1]="--fst $dir/train.fst"
fi
for i in "${!runs[@]}"; do
    k=${runs[$i]}
    # shellcheck disable=SC2086
    if ! LLVM_PROFILE_FILE="$dir/run-%p.profraw" "$trainer" "kernels/$k.s" --header --lockstep off \
        --golden-check off --quiet ${extra[$i]:-} > "$dir/last.log" 2>&1 || ! grep -q '^PASS' "$dir/last.log"; then
        echo "pgo_train: training run of kernels/$k.s (its '# run:' line) failed:" >&2
        tail -5 "$dir/last.log" >&2
        exit 1
    fi
done
"$profdata_tool" merge -o "$profdata" "$dir"/run-*.profraw
rm -rf "$dir"
echo "pgo_train: profile of ${#runs[@]} runs in $profdata"
