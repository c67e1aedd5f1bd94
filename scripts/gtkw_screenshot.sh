#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Opens an FST with a GTKWave save file in a virtual X server and saves a
# screenshot, to check that the save file renders without a display.
#   scripts/gtkw_screenshot.sh waves/matmul_tiled.fst waves/gpu.gtkw out.png [seconds]
# Needs Xvfb, gtkwave and ImageMagick's import (apt-get install xvfb imagemagick).
set -u
fst=$1 gtkw=$2 png=$3 wait=${4:-8}
disp=:$((90 + RANDOM % 9))
Xvfb "$disp" -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
xpid=$!
sleep 1
DISPLAY=$disp gtkwave "$fst" "$gtkw" >/tmp/gtkw_screenshot.log 2>&1 &
gpid=$!
sleep "$wait"
DISPLAY=$disp import -window root "$png"
rc=$?
kill "$gpid" 2>/dev/null
wait "$gpid" 2>/dev/null
kill "$xpid" 2>/dev/null
wait "$xpid" 2>/dev/null
exit $rc
