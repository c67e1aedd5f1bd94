#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The LDS unit test (scripts/test_lds.sh) with the small configuration's
# lanes (scripts/small_config.txt: Lanes, LdsBanks): rounds of windows of
# Lanes lanes, with 32 banks (tests lds<L>_*) and with LdsBanks banks, the
# small configuration's LDS (tests lds<L>b<B>_*).
cd "$(dirname "$0")/.."
small() { tr ' ' '\n' < scripts/small_config.txt | sed -n "s/^$1=//p"; }
rc=0
LDS_LANES="$(small Lanes)" bash scripts/test_lds.sh "$@" || rc=1
LDS_LANES="$(small Lanes)" LDS_BANKS="$(small LdsBanks)" bash scripts/test_lds.sh "$@" || rc=1
exit $rc
