#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the f32 unit test (rtl/gpu_fp_pkg.sv, gpu_fp_pipe.sv, gpu_fp_divsqrt.sv and their lanes
# in the wrapper tb/rtl/fp_tb_top.sv, driven by tb/rtl/fp_tb.cpp) with Verilator into
# build/fp/ and runs it: every TestFloat vector in $TESTFLOAT_DIR (default
# ../shared/testfloat) bit for bit, plus random vectors against csrc/f32.c.
# FP_LANES=L builds the units with L physical lanes (default 32) into
# build/fp<L>/ instead: a wave operation then takes 32 / L passes; the tests
# are then named fp_rtl_lanes<L>_*. FP_DIV_LANES=D gives gpu_fp_divsqrt D
# lanes of its own (default L; build/fp<L>d<D>/, tests fp_rtl_lanes<L>_div<D>_*).
# Rebuilds are incremental (Verilator and make skip what did not change).
# Prints the test's PASS/FAIL lines; exits nonzero on any failure.
set -u
cd "$(dirname "$0")/.."
lanes="${FP_LANES:-32}"
div_lanes="${FP_DIV_LANES:-$lanes}"
out=build/fp
tag=""
[ "$lanes" = 32 ] || { out="build/fp$lanes"; tag="lanes${lanes}_"; }
[ "$div_lanes" = "$lanes" ] || { out="build/fp${lanes}d$div_lanes"; tag="lanes${lanes}_div${div_lanes}_"; }
mkdir -p "$out"
# The C reference, compiled as C; a new object forces a relink.
if [ ! -f "$out/f32_ref.o" ] || [ csrc/f32.c -nt "$out/f32_ref.o" ] || [ csrc/f32.h -nt "$out/f32_ref.o" ]; then
    if ! cc -std=c11 -O2 -Wall -Wextra -Werror -ffp-contract=off -Icsrc -c csrc/f32.c -o "$out/f32_ref.o"; then
        echo "FAIL fp_rtl_build: csrc/f32.c does not compile"
        exit 1
    fi
    rm -f "$out/Vfp_tb_top"
fi
rtl="rtl/lint_waivers.vlt rtl/gpu_isa_pkg.sv rtl/gpu_fp_pkg.sv rtl/gpu_fp_lane.sv rtl/gpu_fp_pipe.sv rtl/gpu_fp_divsqrt_lane.sv rtl/gpu_fp_divsqrt.sv tb/rtl/fp_tb_top.sv"
if ! verilator --cc --exe --build -j 2 -O3 -Wall --x-assign unique --x-initial unique \
        -GLanes="$lanes" -GDivLanes="$div_lanes" $rtl "$PWD/tb/rtl/fp_tb.cpp" --top-module fp_tb_top -Mdir "$out" -o Vfp_tb_top \
        -CFLAGS "-O2 -I$PWD/csrc -Wall" -LDFLAGS "$PWD/$out/f32_ref.o" >"$out/build.log" 2>&1; then
    tail -n 20 "$out/build.log"
    echo "FAIL fp_rtl_build: see $out/build.log"
    exit 1
fi
export TESTFLOAT_DIR="${TESTFLOAT_DIR:-../shared/testfloat}"
if [ -z "$tag" ]; then
    exec "$out/Vfp_tb_top" "$@"
fi
set -o pipefail
"$out/Vfp_tb_top" "$@" | sed "s/^\([A-Z]*\) fp_rtl_/\1 fp_rtl_${tag}/"
