#!/usr/bin/env bash
# Builds the LDS unit testbench (rtl/gpu_lds.sv with tb/lds_*.cpp) with
# Verilator into sim/lds/ and runs it. Rebuilds are incremental: Verilator
# skips itself when no source changed and make recompiles only what did.
# X is random (--x-assign/--x-initial unique, randReset 2 in the shim), so
# logic that relies on an undefined RAM read fails the test.
# Prints the test's PASS/FAIL lines; exits nonzero on any failure.
set -u
cd "$(dirname "$0")/.."
out=sim/lds
mkdir -p "$out"
rtl="rtl/lint_waivers.vlt rtl/gpu_isa_pkg.sv rtl/gpu_alu_pkg.sv rtl/gpu_ram_1r1w.sv rtl/gpu_lds_bank.sv rtl/gpu_lds_lane.sv rtl/gpu_lds.sv"
tb="$PWD/tb/lds_tb.cpp $PWD/tb/lds_test.cpp $PWD/tb/lds_model.cpp"
if ! verilator --cc --exe --build -j 2 -O3 -Wall --x-assign unique --x-initial unique \
        $rtl $tb --top-module gpu_lds -Mdir "$out" -o Vgpu_lds \
        -CFLAGS "-O2 -I$PWD/tb -I$PWD/csrc -Wall" >"$out/build.log" 2>&1; then
    tail -n 20 "$out/build.log"
    echo "FAIL lds_build: see $out/build.log"
    exit 1
fi
exec "$out/Vgpu_lds" "$@"
