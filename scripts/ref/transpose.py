#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Input and expected output of kernels/transpose.s (see its '# ref:' line).

Usage: python3 scripts/ref/transpose.py [R C [SEED]]   (default 100 70 6100)
Writes, in build/ref/:
  transpose_in.npy   R*C + 64 random u32 (in, R x C row-major; the 64 words
                     past the matrix must not be read into the output)
  transpose_out.npy  the expected out: out[c*R + r] = in[r*C + c], then 64
                     words of 0xCDCDCDCD (the run line's fill, untouched)
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import npyio  # noqa: E402

GUARD, FILL = 64, 0xCDCDCDCD


def main():
    a = [int(x, 0) for x in sys.argv[1:]]
    rows, cols, seed = (a + [100, 70, 6100][len(a):])[:3]
    rng = random.Random(seed)
    src = [rng.getrandbits(32) for _ in range(rows * cols + GUARD)]
    out = [0] * (rows * cols) + [FILL] * GUARD
    for r in range(rows):
        for c in range(cols):
            out[c * rows + r] = src[r * cols + c]
    npyio.write(npyio.out_path('transpose_in.npy'), src)
    npyio.write(npyio.out_path('transpose_out.npy'), out)


if __name__ == '__main__':
    main()
