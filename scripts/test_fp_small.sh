#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The f32 unit test (scripts/test_fp.sh) with the small configuration's lanes
# (scripts/small_config.txt: Lanes, DivLanes): every vector in 32 / Lanes
# passes through gpu_fp_pipe, and through a gpu_fp_divsqrt of DivLanes lanes
# (tests fp_rtl_lanes<L>_div<D>_*).
cd "$(dirname "$0")/.."
small() { tr ' ' '\n' < scripts/small_config.txt | sed -n "s/^$1=//p"; }
FP_LANES="$(small Lanes)" FP_DIV_LANES="$(small DivLanes)" exec bash scripts/test_fp.sh "$@"
