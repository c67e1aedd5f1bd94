#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the LDS unit testbench (rtl/gpu_lds.sv with tb/rtl/lds_*.cpp) with
# Verilator into build/lds/ and runs it. Rebuilds are incremental: Verilator
# skips itself when no source changed and make recompiles only what did.
# X is random (--x-assign/--x-initial unique, randReset 2 in the shim), so
# logic that relies on an undefined RAM read fails the test.
# LDS_LANES=L builds the LDS with L physical lanes (default 32: rounds of
# windows of L lanes) and LDS_BANKS=B with B banks (default 32) into
# build/lds<L>[b<B>]/; the tests are then named lds<L>[b<B>]_*.
# Prints the test's PASS/FAIL lines; exits nonzero on any failure.
set -u
cd "$(dirname "$0")/.."
lanes="${LDS_LANES:-32}"
banks="${LDS_BANKS:-32}"
name=lds
[ "$lanes" = 32 ] && [ "$banks" = 32 ] || name="lds$lanes"
[ "$banks" = 32 ] || name="${name}b$banks"
out="build/$name"
mkdir -p "$out"
rtl="rtl/lint_waivers.vlt rtl/gpu_isa_pkg.sv rtl/gpu_alu_pkg.sv rtl/gpu_ram_1r1w.sv rtl/gpu_lds_bank.sv rtl/gpu_lds_lane.sv rtl/gpu_lds.sv"
tb="$PWD/tb/rtl/lds_tb.cpp $PWD/tb/rtl/lds_test.cpp $PWD/tb/rtl/lds_model.cpp"
if ! verilator --cc --exe --build -j 2 -O3 -Wall --x-assign unique --x-initial unique \
        -GLanes="$lanes" -GBanks="$banks" $rtl $tb --top-module gpu_lds -Mdir "$out" -o Vgpu_lds \
        -CFLAGS "-O2 -I$PWD/tb/rtl -I$PWD/csrc -Wall -DLDS_ROUND_LANES=$lanes -DLDS_BANKS=$banks" >"$out/build.log" 2>&1; then
    tail -n 20 "$out/build.log"
    echo "FAIL lds_build: see $out/build.log"
    exit 1
fi
if [ "$name" = lds ]; then
    exec "$out/Vgpu_lds" "$@"
fi
set -o pipefail
"$out/Vgpu_lds" "$@" | sed "s/^\([A-Z]*\) lds_/\1 ${name}_/"
