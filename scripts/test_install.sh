#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The install test: `make install PREFIX=<scratch>` into build/install-test/,
# then tb/install/hello_rtl.c (a 30-line host program that runs a kernel on
# the RTL) built against it with `pkg-config --cflags --libs wavegpu-rtl`,
# once as C and once as C++, and run. PASS/FAIL lines: install, build and run
# of each.
set -u
cd "$(dirname "$0")/.."
dir=build/install-test
rm -rf "$dir"
mkdir -p "$dir"
prefix="$PWD/$dir/prefix"
if make --no-print-directory install PREFIX="$prefix" >"$dir/install.log" 2>&1; then
    echo "PASS install_into_prefix"
else
    echo "FAIL install_into_prefix: make install failed (log: $dir/install.log)"
    tail -5 "$dir/install.log" | sed 's/^/    /'
    exit 1
fi
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
if ! flags=$(pkg-config --cflags --libs wavegpu-rtl 2>"$dir/pkgconfig.log"); then
    echo "FAIL install_pkg_config: pkg-config wavegpu-rtl failed: $(head -1 "$dir/pkgconfig.log")"
    exit 1
fi
echo "PASS install_pkg_config"
for lang in c c++; do
    case $lang in
        c) cmd="${CC:-cc} -std=c11 -Wall -Wextra -Werror"; tag=c ;;
        c++) cmd="${CXX:-c++} -std=c++17 -Wall -Wextra -Werror -x c++"; tag=cxx ;;
    esac
    exe="$dir/hello_rtl_$tag"
    # shellcheck disable=SC2086
    if $cmd tb/install/hello_rtl.c -x none $flags -o "$exe" >"$dir/build_$tag.log" 2>&1; then
        echo "PASS install_build_hello_rtl_$tag"
        out=$("$exe" "install_run_hello_rtl_$tag" 2>&1)
        rc=$?
        printf '%s\n' "$out" | grep -E '^(PASS|FAIL) '
        if [ $rc -ne 0 ] && ! printf '%s\n' "$out" | grep -q '^FAIL '; then
            echo "FAIL install_run_hello_rtl_$tag: exited with status $rc"
        fi
    else
        echo "FAIL install_build_hello_rtl_$tag: (log: $dir/build_$tag.log)"
        head -5 "$dir/build_$tag.log" | sed 's/^/    /'
    fi
done
