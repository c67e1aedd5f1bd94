#!/usr/bin/env bash
# The f32 unit test (scripts/test_fp.sh) with 8 physical lanes: every vector
# in 4 passes through gpu_fp_pipe, and through a gpu_fp_divsqrt of 2 lanes
# (16 passes), the small configuration's (tests fp_rtl_lanes8_div2_*).
FP_LANES=8 FP_DIV_LANES=2 exec bash "$(dirname "$0")/test_fp.sh" "$@"
