#!/usr/bin/env bash
# Writes a C header with the counter indices of rtl/gpu_ctr_pkg.sv (the one
# list of counters), for the RTL testbench:
#   #define CTR_<NAME> <index> ... #define NUM_CTRS <n>
#   #define GPU_CTR_NAMES "cycles", "insts", ...   (in index order)
#   #define GPU_MEM_CTR_NAMES "l2_hits", ...       (the MEM_CTR_* ones, in index order)
# Usage: gen_ctr_header.sh rtl/gpu_ctr_pkg.sv out.h
set -eu
pkg=$1
out=$2
tmp=$out.tmp
{
    echo "/* Generated from $pkg by scripts/gen_ctr_header.sh; do not edit. */"
    echo "#ifndef WAVEGPU_GPU_CTR_H"
    echo "#define WAVEGPU_GPU_CTR_H"
    sed -n 's/^ *localparam int \([A-Z0-9_]*\) *= *\([0-9]*\);.*/#define \1 \2/p' "$pkg"
    printf '#define GPU_CTR_NAMES'
    sed -n 's/^ *localparam int CTR_\([A-Z0-9_]*\) *= *\([0-9]*\);.*/\2 \1/p' "$pkg" | sort -n |
        awk '{ printf "%s \"%s\"", (NR > 1 ? "," : ""), tolower($2) }'
    echo
    printf '#define GPU_MEM_CTR_NAMES'
    sed -n 's/^ *localparam int MEM_CTR_\([A-Z0-9_]*\) *= *\([0-9]*\);.*/\2 \1/p' "$pkg" | grep -v ' FIRST$' | sort -n |
        awk '{ printf "%s \"%s\"", (NR > 1 ? "," : ""), tolower($2) }'
    echo
    echo "#endif"
} > "$tmp"
grep -q '^#define NUM_CTRS ' "$tmp" || { echo "gen_ctr_header: no NUM_CTRS in $pkg" >&2; rm -f "$tmp"; exit 1; }
mv "$tmp" "$out"
