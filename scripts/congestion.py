#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Which blocks the router cannot find room for.

Reads the heatmaps that `scripts/fpga.py --route-only --heatmap` has router2
write each iteration (OUT/heat_congestion_by_net_N.csv: per net, how many of
the wires it uses are overused) and sums them by the net's instance path
(`u_gpu.g_l2[0].u_slice`, ...), for the last iteration or the one given.
Usage: python3 scripts/congestion.py OUT [ITERATION] [--depth D]
"""
import argparse
import collections
import csv
import glob
import os
import re
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", help="the fpga.py output folder (build/fpga)")
    ap.add_argument("iteration", nargs="?", type=int, help="router iteration (default: the last written)")
    ap.add_argument("--depth", type=int, default=5, help="instance levels to group by (default 5)")
    ap.add_argument("--top", type=int, default=15, help="rows to print (default 15)")
    a = ap.parse_args()
    files = glob.glob(os.path.join(a.out, "heat_congestion_by_net_*.csv"))
    iters = sorted(int(re.search(r"_(\d+)\.csv$", f).group(1)) for f in files)
    if not iters:
        sys.exit(f"congestion: no heatmaps in {a.out} (run scripts/fpga.py --route-only --heatmap)")
    it = a.iteration if a.iteration is not None else iters[-1]
    if it not in iters:
        sys.exit(f"congestion: no heatmap of iteration {it} in {a.out} (there are {iters[0]} to {iters[-1]})")
    by_block = collections.Counter()
    with open(os.path.join(a.out, f"heat_congestion_by_net_{it}.csv")) as f:
        for row in csv.reader(f):
            if len(row) < 2 or not row[1].strip().isdigit():
                continue
            # an instance path is the leading u_*/g_* names; the rest names the net
            path = []
            for part in row[0].split(".")[:-1]:
                if not part.startswith(("u_", "g_")):
                    break
                path.append(part)
            by_block[".".join(path[:a.depth]) or "(top)"] += int(row[1])
    total = sum(by_block.values())
    print(f"iteration {it}: {total:,} overused wire uses")
    for block, n in by_block.most_common(a.top):
        print(f"{n:8,} {100.0 * n / max(total, 1):5.1f}%  {block}")


if __name__ == "__main__":
    main()
