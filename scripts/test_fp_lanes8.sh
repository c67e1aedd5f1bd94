#!/usr/bin/env bash
# The f32 unit test (scripts/test_fp.sh) with 8 physical lanes: every vector
# in 4 passes through gpu_fp_pipe and gpu_fp_divsqrt (tests fp_rtl_lanes8_*).
FP_LANES=8 exec bash "$(dirname "$0")/test_fp.sh" "$@"
