#!/usr/bin/env bash
# The LDS unit test (scripts/test_lds.sh) with 8 physical lanes: rounds of
# windows of 8 lanes (tests lds8_*).
LDS_LANES=8 exec bash "$(dirname "$0")/test_lds.sh" "$@"
