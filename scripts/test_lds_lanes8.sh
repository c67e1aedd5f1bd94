#!/usr/bin/env bash
# The LDS unit test (scripts/test_lds.sh) with 8 physical lanes: rounds of
# windows of 8 lanes, with 32 banks (tests lds8_*) and with 8 banks, the
# small configuration's LDS (tests lds8b8_*).
here="$(dirname "$0")"
rc=0
LDS_LANES=8 bash "$here/test_lds.sh" "$@" || rc=1
LDS_LANES=8 LDS_BANKS=8 bash "$here/test_lds.sh" "$@" || rc=1
exit $rc
