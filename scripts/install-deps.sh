#!/usr/bin/env bash
# Installs the tools wavegpu needs from Debian's packages, only those missing.
# Called by `make deps` (and so by `make test` and `make sim`). Safe to rerun:
# when everything is present it only checks and prints nothing.
#
#   required: gcc, make, python3, iverilog (Icarus), verilator
#   speed:    clang (compiles the Verilated model; g++ otherwise)
#   flows:    yosys (make synth), gtkwave (make view), libsystemc-dev,
#             gnuplot, nextpnr-ice40 + fpga-icestorm (iCE40 estimates), z3
set -u

# package:command-or-file that proves it is installed
required="gcc:gcc make:make python3:python3 iverilog:iverilog verilator:verilator"
optional="clang:clang++ yosys:yosys gtkwave:gtkwave libsystemc-dev:/usr/include/systemc gnuplot-nox:gnuplot nextpnr-ice40:nextpnr-ice40 fpga-icestorm:icepack z3:z3"

present() {
    case "$1" in
        /*) [ -e "$1" ] ;;
        *) command -v "$1" >/dev/null 2>&1 ;;
    esac
}

missing_of() {
    local out=""
    for pair in $1; do
        present "${pair#*:}" || out="$out ${pair%%:*}"
    done
    echo "$out"
}

need_req=$(missing_of "$required")
need_opt=$(missing_of "$optional")
[ -z "$need_req$need_opt" ] && exit 0

pkgs="$need_req $need_opt"
if [ "$(id -u)" -eq 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1; then SUDO="sudo -n"; else SUDO=none; fi

if [ "$SUDO" = none ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "install-deps: missing packages:$pkgs" >&2
    echo "install-deps: cannot install them here (need root and apt-get); install them by hand:" >&2
    echo "    apt-get install$pkgs" >&2
    [ -n "$need_req" ] && exit 1
    echo "install-deps: continuing without the optional ones" >&2
    exit 0
fi

echo "install-deps: installing$pkgs"
export DEBIAN_FRONTEND=noninteractive
if ! $SUDO apt-get install -y -qq --no-install-recommends $pkgs >/tmp/wavegpu-apt.log 2>&1; then
    $SUDO apt-get update -qq >>/tmp/wavegpu-apt.log 2>&1
    $SUDO apt-get install -y -qq --no-install-recommends $pkgs >>/tmp/wavegpu-apt.log 2>&1
fi

still_req=$(missing_of "$required")
still_opt=$(missing_of "$optional")
if [ -n "$still_req" ]; then
    echo "install-deps: could not install required packages:$still_req (log: /tmp/wavegpu-apt.log)" >&2
    exit 1
fi
if [ -n "$still_opt" ]; then
    echo "install-deps: warning: could not install optional packages:$still_opt (log: /tmp/wavegpu-apt.log);" >&2
    echo "install-deps: the targets that use them will say so" >&2
fi
exit 0
