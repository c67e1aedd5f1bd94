#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Writes a C header with the integer constants of a Verilog package of rtl/
# (the one list of them), for the RTL testbench:
#   #define <NAME> <value>        every "localparam int NAME = value;" (decimal or 'h hex)
#                                 and "localparam logic [N:0] NAME = W'dvalue;"
# and for a package with counters (rtl/gpu_ctr_pkg.sv):
#   #define GPU_CTR_NAMES "cycles", "insts", ...   (CTR_*, in index order)
#   #define GPU_MEM_CTR_NAMES "l2_hits", ...       (MEM_CTR_*, in index order)
# Usage: gen_pkg_header.sh rtl/<name>_pkg.sv out.h  (the guard is WAVEGPU_<NAME>_H)
set -eu
pkg=$1
out=$2
tmp=$out.tmp
guard=WAVEGPU_$(basename "$pkg" _pkg.sv | tr a-z A-Z)_H
{
    echo "/* Generated from $pkg by scripts/gen_pkg_header.sh; do not edit. */"
    echo "#ifndef $guard"
    echo "#define $guard"
    sed -n -e "s/^ *localparam int \([A-Z0-9_]*\) *= *\([0-9][0-9]*\);.*/#define \1 \2/p" \
           -e "s/^ *localparam int \([A-Z0-9_]*\) *= *'h\([0-9A-Fa-f][0-9A-Fa-f]*\);.*/#define \1 0x\2/p" \
           -e "s/^ *localparam logic *\[[0-9]*:0\] *\([A-Z0-9_]*\) *= *[0-9]*'d\([0-9][0-9]*\);.*/#define \1 \2/p" "$pkg"
    if grep -q '^ *localparam int NUM_CTRS ' "$pkg"; then
        printf '#define GPU_CTR_NAMES'
        sed -n 's/^ *localparam int CTR_\([A-Z0-9_]*\) *= *\([0-9]*\);.*/\2 \1/p' "$pkg" | sort -n |
            awk '{ printf "%s \"%s\"", (NR > 1 ? "," : ""), tolower($2) }'
        echo
        printf '#define GPU_MEM_CTR_NAMES'
        sed -n 's/^ *localparam int MEM_CTR_\([A-Z0-9_]*\) *= *\([0-9]*\);.*/\2 \1/p' "$pkg" | grep -v ' FIRST$' | sort -n |
            awk '{ printf "%s \"%s\"", (NR > 1 ? "," : ""), tolower($2) }'
        echo
    fi
    echo "#endif"
} > "$tmp"
grep -q '^#define ' "$tmp" || { echo "gen_pkg_header: no constants in $pkg" >&2; rm -f "$tmp"; exit 1; }
mv "$tmp" "$out"
