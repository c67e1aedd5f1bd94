#!/usr/bin/env bash
# synth.sh: `make synth`. Synthesizes RTL units with Yosys (synth_xilinx, a
# generic 7-series mapping: LUT6, FF, DSP48E1, RAMB18/36) and prints one line
# per unit: LUTs, flip-flops, DSPs, block RAMs, latches. Fails if any unit has
# a latch or does not synthesize. Logs and netlist statistics go to sim/synth/.
#
#   scripts/synth.sh [unit ...]     default: the units listed in UNITS below
#
# A unit is a module name of rtl/; its parameters are the defaults, except
# where PARAMS below sets them. gpu_cu and gpu_top take Yosys 0.23 well over
# half an hour (its proc pass on the CU's wide operand logic) and are not in
# the default list: `make synth UNITS="gpu_top"` runs them.
set -u
cd "$(dirname "$0")/.."

UNITS_DEFAULT="gpu_lds gpu_regfile gpu_fp_pipe gpu_fp_divsqrt gpu_sdiv gpu_valu gpu_gmem gpu_wave_sched gpu_dispatch gpu_l1 gpu_l2_slice gpu_l2_xbar gpu_axi_master gpu_axil_regs"
# Per-unit parameters for a representative build (one lane for the f32 units: figures are per lane).
declare -A PARAMS=(
    [gpu_fp_pipe]="Lanes 1"
    [gpu_fp_divsqrt]="Lanes 1"
    [gpu_top]="NumCus 1"
)

units="${*:-$UNITS_DEFAULT}"
if ! command -v yosys >/dev/null 2>&1; then
    echo "synth: yosys is not installed (make deps installs Debian's yosys)" >&2
    exit 2
fi
out=sim/synth
mkdir -p "$out"
pkgs="rtl/gpu_isa_pkg.sv $(ls rtl/*_pkg.sv | grep -v gpu_isa_pkg.sv | tr '\n' ' ')"

# The files of a unit: its own and, recursively, those of the modules it instantiates.
files_of() {
    local -a todo=("$1")
    local seen=" " m
    while [ ${#todo[@]} -gt 0 ]; do
        m="${todo[0]}"
        todo=("${todo[@]:1}")
        case "$seen" in *" $m "*) continue ;; esac
        seen="$seen$m "
        todo+=($(grep -oE '^\s*gpu_[a-z0-9_]+\s+(#|u_)' "rtl/$m.sv" | grep -oE 'gpu_[a-z0-9_]+' | sort -u))
    done
    for m in $seen; do printf 'rtl/%s.sv ' "$m"; done
}

# stat lists "<cell type> <count>"; the sum of the counts of the types matching a pattern.
sum_cells() { awk -v pat="$1" '$1 ~ pat { s += $2 } END { print s + 0 }' "$2"; }

failed=0
printf '%-16s %8s %8s %5s %6s %7s  %s\n' unit LUTs FFs DSPs BRAMs latches parameters
for u in $units; do
    if [ ! -f "rtl/$u.sv" ]; then
        echo "synth: no module $u (rtl/$u.sv)" >&2
        failed=1
        continue
    fi
    chp=""
    if [ -n "${PARAMS[$u]:-}" ]; then
        set -- ${PARAMS[$u]}
        while [ $# -ge 2 ]; do chp="$chp chparam -set $1 $2 $u;"; shift 2; done
    fi
    log="$out/$u.log"
    files="$pkgs $(files_of "$u")"
    if ! yosys -q -l "$log" -p "read_verilog -sv -DSYNTHESIS $files; $chp synth_xilinx -top $u -flatten; \
            tee -q -o $out/$u.stat stat; tee -q -o $out/$u.latches select -count t:LDCE t:LDPE t:\$dlatch t:\$_DLATCH*" \
            >/dev/null 2>&1; then
        echo "synth: $u failed; see $log:"
        grep -m3 'ERROR' "$log" | sed 's/^/    /'
        failed=1
        continue
    fi
    # stat lists "     <count>   <cell>" lines; sum the cell types of each kind
    luts=$(sum_cells '^LUT[1-6]$' "$out/$u.stat")
    ffs=$(sum_cells '^FD[CPRS]E?$' "$out/$u.stat")
    dsps=$(sum_cells '^DSP48E1$' "$out/$u.stat")
    brams=$(sum_cells '^RAMB(18|36)E1$' "$out/$u.stat")
    latches=$(grep -o '[0-9]\+ objects' "$out/$u.latches" | grep -o '[0-9]\+' || echo "?")
    printf '%-16s %8s %8s %5s %6s %7s  %s\n' "$u" "$luts" "$ffs" "$dsps" "$brams" "$latches" "${PARAMS[$u]:-defaults}"
    if [ "$latches" != "0" ]; then
        echo "synth: $u has latches (see $out/$u.log)"
        failed=1
    fi
done
exit $failed
