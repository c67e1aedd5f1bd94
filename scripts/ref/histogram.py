#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Input and expected output of kernels/histogram.s (see its '# ref:' line).

Usage: python3 scripts/ref/histogram.py [N PER_GROUP [SEED]]   (default 3000 256 7000)
Writes, in build/ref/:
  histogram_in.npy     ceil(N/PER_GROUP)*PER_GROUP + 64 u32 values: random,
                       40% of them in the hot bin 3 (many lanes of a wave on
                       one LDS word) and 20% in bins 0..3; only in[0..N-1]
                       may be counted
  histogram_hist0.npy  the 64 bins before the launch (random 0..999), then 64
                       guard words 0xCDCDCDCD
  histogram_hist.npy   expected: hist0[b] + the count of in[i] & 63 == b over
                       i < N, the guard words unchanged
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import npyio  # noqa: E402

GUARD, FILL = 64, 0xCDCDCDCD


def main():
    a = [int(x, 0) for x in sys.argv[1:]]
    n, per, seed = (a + [3000, 256, 7000][len(a):])[:3]
    groups = (n + per - 1) // per
    rng = random.Random(seed)
    src = []
    for _ in range(groups * per + GUARD):
        v = rng.getrandbits(32)
        k = rng.randrange(10)
        if k < 4:
            v = (v & ~63 & 0xFFFFFFFF) | 3
        elif k < 6:
            v = (v & ~63 & 0xFFFFFFFF) | rng.randrange(4)
        src.append(v)
    hist0 = [rng.randrange(1000) for _ in range(64)] + [FILL] * GUARD
    hist = list(hist0)
    for v in src[:n]:
        hist[v & 63] += 1
    npyio.write(npyio.out_path('histogram_in.npy'), src)
    npyio.write(npyio.out_path('histogram_hist0.npy'), hist0)
    npyio.write(npyio.out_path('histogram_hist.npy'), hist)


if __name__ == '__main__':
    main()
