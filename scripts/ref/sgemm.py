#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Input and expected output of kernels/sgemm.s (see its '# ref:' line).

Usage: python3 scripts/ref/sgemm.py [N [SEED]]   (default 128 9000)
Writes, in build/ref/:
  sgemm_a.npy  A, N x N row-major f32: random, |x| in about 2^-20..2^20,
               either sign (the moderate values of test_sgemm in
               tb/kernels/apps.c, from another generator)
  sgemm_b.npy  B, the same
  sgemm_c.npy  the expected C = A * B in the kernel's order, then 64 guard
               words 0xCDCDCDCD (the run line's fill, untouched): for each
               element acc = +0.0, then acc = fmaf(A[i][k], B[k][j], acc) for
               k = 0..N-1, every fmaf rounded once to f32 (round to nearest,
               ties to even); a NaN would be 0x7FC00000

fmaf exactly, with the standard library: a*b of two f32 is exact in a double
(48 significant bits at most), so s = a*b + c in double precision is the exact
sum rounded once, and TwoSum gives its error e (s + e is the exact sum).
Rounding s to f32 (a second rounding) gives the correctly rounded fmaf unless
e != 0 and s fell exactly on the midpoint of two f32 neighbours: then the
exact sum is on the side of e, and that neighbour is the result.
"""
import array
import os
import random
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import npyio  # noqa: E402

GUARD, FILL, QNAN = 64, 0xCDCDCDCD, 0x7FC00000


def moderate(rng):
    """The bits of a random f32 with exponent 2^-20..2^20, either sign."""
    e = 127 - 20 + rng.randrange(41)
    return (rng.getrandbits(32) & 0x807FFFFF) | (e << 23)


def fmaf_fix(p, c, s, r):
    """The f32 fmaf(a, b, c) where p = a*b (exact), s = p + c in double and
    r = s rounded to f32, for the rare case r != s (s was not exact in f32)."""
    t = s - p
    err = (p - (s - t)) + (c - t)          # TwoSum: s + err == p + c exactly
    if err == 0.0:
        return r                           # s was exact: one rounding, correct
    d = s - r                              # exact (r and s are close)
    r2 = r + 2.0 * d                       # the other neighbour if s is a midpoint
    if array.array('f', [r2])[0] != r2:
        return r                           # not a midpoint: r is right
    return r2 if (err > 0.0) == (d > 0.0) else r


def fma_row(a, brow, acc):
    """acc[j] = fmaf(a, brow[j], acc[j]) for every j, in f32."""
    p = [a * b for b in brow]
    s = [x + y for x, y in zip(p, acc)]
    r = array.array('f', s).tolist()       # double -> f32, round to nearest even
    for j, (x, y) in enumerate(zip(s, r)):
        if x != y and x == x:
            r[j] = fmaf_fix(p[j], acc[j], x, y)
    return r


def bits(values):
    """The f32 bit patterns of values (already f32), NaNs as 0x7FC00000."""
    words = struct.unpack('<%dI' % len(values), array.array('f', values).tobytes())
    return [QNAN if (w & 0x7FFFFFFF) > 0x7F800000 else w for w in words]


def main():
    a = [int(x, 0) for x in sys.argv[1:]]
    n, seed = (a + [128, 9000][len(a):])[:2]
    rng = random.Random(seed)
    abits = [moderate(rng) for _ in range(n * n)]
    bbits = [moderate(rng) for _ in range(n * n)]
    af = array.array('f', struct.pack('<%dI' % (n * n), *abits)).tolist()
    bf = array.array('f', struct.pack('<%dI' % (n * n), *bbits)).tolist()
    c = []
    for i in range(n):
        acc = [0.0] * n
        for k in range(n):
            acc = fma_row(af[i * n + k], bf[k * n:(k + 1) * n], acc)
        c.extend(bits(acc))
    npyio.write(npyio.out_path('sgemm_a.npy'), abits)
    npyio.write(npyio.out_path('sgemm_b.npy'), bbits)
    npyio.write(npyio.out_path('sgemm_c.npy'), c + [FILL] * GUARD)


if __name__ == '__main__':
    main()
