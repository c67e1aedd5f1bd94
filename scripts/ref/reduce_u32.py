#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Input and expected output of kernels/reduce_u32.s (see its '# ref:' line).

Usage: python3 scripts/ref/reduce_u32.py [N [SEED]]   (default 5003 4000)
Writes, in build/ref/:
  reduce_u32_in.npy       N + 64 random u32 (the 64 past in[N-1] must not be
                          added)
  reduce_u32_result0.npy  result before the launch: a random start value,
                          then a guard word 0xCDCDCDCD
  reduce_u32_result.npy   expected: start + in[0] + ... + in[N-1] modulo
                          2^32, then the guard word unchanged
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import npyio  # noqa: E402

GUARD, FILL = 64, 0xCDCDCDCD


def main():
    a = [int(x, 0) for x in sys.argv[1:]]
    n, seed = (a + [5003, 4000][len(a):])[:2]
    rng = random.Random(seed)
    src = [rng.getrandbits(32) for _ in range(n + GUARD)]
    start = rng.getrandbits(32)
    npyio.write(npyio.out_path('reduce_u32_in.npy'), src)
    npyio.write(npyio.out_path('reduce_u32_result0.npy'), [start, FILL])
    npyio.write(npyio.out_path('reduce_u32_result.npy'), [(start + sum(src[:n])) & 0xFFFFFFFF, FILL])


if __name__ == '__main__':
    main()
