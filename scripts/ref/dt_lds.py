#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Input and expected output of kernels/dt_lds.s (see its '# ref:' line),
the same checks as test_lds in tb/kernels/lds.c.

Usage: python3 scripts/ref/dt_lds.py [GROUPS [SEED]]   (default 8 81)
Directed-test layout: GROUPS groups of 2 waves, 5 input rows and 13 output
rows of 32 words per wave (in_stride 640, out_stride 1664). Writes, in
build/ref/:
  dt_lds_in.npy   per wave: A, B random; M random mask bits (every lane
                  selected in wave 0); W random word indices; P a random
                  permutation of 0..31
  dt_lds_out.npy  the expected output rows (the kernel writes all of them)
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import npyio  # noqa: E402

LANES, NIN, NOUT = 32, 5, 13


def main():
    a = [int(x, 0) for x in sys.argv[1:]]
    groups, seed = (a + [8, 81][len(a):])[:2]
    nw = 2 * groups
    rng = random.Random(seed)
    rows = []   # rows[w] = [A, B, M, W, P]
    for w in range(nw):
        A = [rng.getrandbits(32) for _ in range(LANES)]
        B = [rng.getrandbits(32) for _ in range(LANES)]
        M = [rng.getrandbits(32) | (1 if w == 0 else 0) for _ in range(LANES)]
        W = [rng.getrandbits(32) for _ in range(LANES)]
        P = list(range(LANES))
        rng.shuffle(P)
        rows.append([A, B, M, W, P])
    out = []
    for w in range(nw):
        A, B, M, W, P = rows[w]
        oA, oB = rows[w ^ 1][0], rows[w ^ 1][1]
        words = B[:8]
        for l in range(LANES):   # ascending: the highest selected lane's store is the last
            if M[l] & 1:
                words[W[l] & 7] = A[l]
        scat = [0] * LANES
        for l in range(LANES):
            scat[P[l]] = A[l]
        exp = [
            A, B, B, B,
            [A[l] if (M[l] & 1 and l >= 16) else B[l] for l in range(LANES)],
            [A[l] if M[l] & 1 else 0x77 for l in range(LANES)],
            [A[28 + (l & 3)] for l in range(LANES)],
            [words[l & 7] for l in range(LANES)],
            scat, oA, oB, A, oA,
        ]
        assert len(exp) == NOUT
        for r in exp:
            out.extend(r)
    npyio.write(npyio.out_path('dt_lds_in.npy'), [x for w in rows for r in w for x in r])
    npyio.write(npyio.out_path('dt_lds_out.npy'), out)


if __name__ == '__main__':
    main()
