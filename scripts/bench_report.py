#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""bench_report.py: OUT/report.md and its PNG plots from the measurements
scripts/bench_run.py left in OUT/data/ (make bench; docs/bench.md).

    bench_report.py OUT

Writes, beside report.md, the plots' data files and gnuplot scripts in
OUT/plots/ and the PNGs in OUT/:
  roofline.png          each kernel as a point (lane-ops per cycle against
                        lane-ops per DRAM byte) under the compute roof and the
                        DRAM roof of the configuration (plots/roofline.dat)
  stalls.png            per kernel a stacked bar of its wave-slot cycles by
                        stall cause (plots/stalls.dat)
  timeline_<k>.png      per CU over time: instructions retired, LDS
                        instructions, line requests, groups resident
                        (the wgrun --timeline file, data/timeline/<k>.txt)
The data files hold the counters of the run as wgrun wrote them (--stats);
scripts/test_bench_report.sh checks that. Standard library only; gnuplot
draws. Exits 1 if a measurement failed, a plot could not be drawn, or a
timeline disagrees with its run's counters (after writing what it can).
"""
import glob
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LANES = 32
STALLS = [("stall_dependency", "dependency"), ("stall_memory", "memory"), ("stall_barrier", "barrier"),
          ("stall_lds", "LDS"), ("stall_fetch", "fetch")]
LATENCY_KINDS = [
    ("integer add (`add`)", "vector ALU"),
    ("integer multiply (`mul_lo`)", "vector ALU"),
    ("f32 add (`add_f32`)", "f32 pipe"),
    ("f32 fused multiply-add (`fma_f32`)", "f32 pipe"),
    ("LDS load (`local_load32`, no conflict)", "LDS"),
    ("global load, L1 hit (`global_load32` + `sig_wait`)", "L1"),
    ("global load, L2 hit (`sc:device`)", "L2"),
    ("global load from DRAM (`sc:system`)", "DRAM model"),
]
LATENCY_STEPS = (4, 20)       # the two loops of kernels/bench_latency.s
LATENCY_ITERS = (2, 6)
# The timeline's columns (sim/rtl_backend.h, rtl_timeline_config).
TL_COLS = ["cycle", "len", "cu", "insts", "valu", "lds", "gmem", "mem_reqs", "l1_hits", "mem_done", "placed",
           "group_cycles", "groups", "waves"]
# Timeline column -> the per-CU counter (wgrun --stats, cuN.<name>) its sum must equal.
TL_CHECK = {"insts": "insts", "valu": "valu_insts", "lds": "lds_insts", "gmem": "gmem_insts", "mem_reqs": "mem_reqs",
            "l1_hits": "l1_hits", "placed": "groups"}


def read_stats(path):
    d = {}
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line.startswith("#") and "=" in line:
                k, v = line.split("=", 1)
                d[k] = v
    return d


def num(d, k, default=0):
    try:
        return int(d[k])
    except (KeyError, ValueError):
        try:
            return float(d[k])
        except (KeyError, ValueError):
            return default


def read_text(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


def read_timeline(path):
    """Rows of a wgrun --timeline file as dicts, and its header comments."""
    rows, head = [], []
    with open(path) as f:
        for line in f:
            if line.startswith("#"):
                head.append(line[1:].strip())
                continue
            v = line.split()
            if len(v) == len(TL_COLS):
                rows.append(dict(zip(TL_COLS, map(int, v))))
    return rows, head


def fmt(x, nd=2):
    if isinstance(x, int):
        return "{:,}".format(x)
    return ("{:,.%df}" % nd).format(x)


def table(head, rows):
    out = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out) + "\n"


def gnuplot_terminal():
    try:
        t = subprocess.run(["gnuplot", "-e", "set terminal"], capture_output=True, text=True).stdout
    except OSError:
        return None
    return "pngcairo" if "pngcairo" in t else "png"


def gp_quote(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


# ---------------------------------------------------------------- the sections

def latencies(data):
    """[(what, unit, cycles per step or None, slopes)] from data/latency/."""
    out = []
    for kind, (what, unit) in enumerate(LATENCY_KINDS):
        slopes = []
        for body in (0, 1):
            c = []
            for iters in LATENCY_ITERS:
                p = os.path.join(data, "latency", "kind%d_body%d_iters%d.stats" % (kind, body, iters))
                s = read_stats(p) if os.path.exists(p) else {}
                c.append(num(s, "cycles", None) if s.get("result") == "PASS" else None)
            slopes.append(None if None in c else (c[1] - c[0]) / (LATENCY_ITERS[1] - LATENCY_ITERS[0]))
        lat = None if None in slopes else (slopes[1] - slopes[0]) / (LATENCY_STEPS[1] - LATENCY_STEPS[0])
        out.append((what, unit, lat, slopes))
    return out


def parse_core(text):
    r = {"issue": [], "lds": [], "coal": [], "copy": None}
    for line in text.splitlines():
        m = re.match(r"(PASS|FAIL) issue_rate: (\d+) instructions of 2 waves in (\d+) cycles on 1 CU = ([\d.]+) per cycle "
                     r"\(bound ([\d.]+)\)", line)
        if m:
            r["issue"].append(("2 waves (bench_issue, 1 CU)", int(m[2]), int(m[3]), m[4], "bound " + m[5], m[1]))
        m = re.match(r"info issue_rate_1_wave: (\d+) instructions of 1 wave in (\d+) cycles = ([\d.]+) per cycle", line)
        if m:
            r["issue"].append(("1 wave (bench_issue, 1 CU)", int(m[1]), int(m[2]), m[3], "", "info"))
        m = re.match(r"(PASS|FAIL) lds_cost (.+?)\s+(\d+) accesses, (\d+) bank cycles = ([\d.]+) per access \(minimum (\d+)\); "
                     r"(\d+) cycles", line)
        if m:
            r["lds"].append((m[2], int(m[3]), int(m[4]), m[5], m[6], int(m[7]), m[1]))
        m = re.match(r"(PASS|FAIL) coalescing (.+?)\s+(\d+) line requests for\s+(\d+) distinct lines \(ratio ([\d.]+)\)", line)
        if m:
            r["coal"].append((m[2], int(m[3]), int(m[4]), m[5], m[1]))
        m = re.match(r"(PASS|FAIL) streaming_copy: (\d+) MiB on (\d+) CUs in (\d+) cycles: DRAM read (\d+) \+ written (\d+) "
                     r"bytes = ([\d.]+) bytes/cycle = ([\d.]+)% of the peak (\d+) \(bound (\d+)%\)", line)
        if m:
            r["copy"] = dict(result=m[1], mib=int(m[2]), cus=int(m[3]), cycles=int(m[4]), read=int(m[5]), written=int(m[6]),
                             bpc=m[7], pct=m[8], peak=m[9], bound=m[10])
    return r


def parse_speed(text):
    if not text:
        return None
    m = re.search(r"^speed\s+(\d+) cycles/s \((\d+) cycles in ([\d.]+) s", text, re.M)
    if not m:
        return None
    fst = re.search(r"^fst_bytes=(\d+)", text, re.M)
    return dict(cps=int(m[1]), cycles=int(m[2]), secs=float(m[3]), fst=int(fst[1]) if fst else None,
                result="PASS" if re.search(r"^PASS ", text, re.M) else "FAIL")


def parse_golden(text):
    if not text:
        return None
    m = re.search(r"ticks (\d+), instructions (\d+), lane_ops (\d+)", text)
    w = re.search(r"wall ([\d.]+) s best of (\d+) \(mean ([\d.]+) s\): ([\d.]+) M lane-ops/s, ([\d.]+) M instructions/s", text)
    if not (m and w):
        return None
    return dict(ticks=int(m[1]), insts=int(m[2]), lane_ops=int(m[3]), best=float(w[1]), runs=int(w[2]), mean=float(w[3]),
                mlops=float(w[4]), minsts=float(w[5]), ok="matches the host reference" in text)


# ---------------------------------------------------------------- plots

def plot_roofline(plots, kernels, cfg, term):
    """plots/roofline.dat and .gp; the kernels with no DRAM traffic are left out (returned)."""
    no_dram = []
    with open(os.path.join(plots, "roofline.dat"), "w") as f:
        f.write("# make bench roofline: one kernel a row, the counters of its run (wgrun --stats)\n")
        f.write("# named: 0 for the directed tests (dt_*), drawn without their names\n")
        f.write("# kernel num_cus cycles lane_ops dram_bytes_read dram_bytes_written lane_ops_per_cycle lane_ops_per_byte"
                " named\n")
        for k in kernels:
            s = k["stats"]
            dram = num(s, "dram_bytes_read") + num(s, "dram_bytes_written")
            if dram == 0 or num(s, "lane_ops") == 0:
                no_dram.append(k["name"])
                continue
            f.write("%s %d %d %d %d %d %.6g %.6g %d\n" % (k["name"], num(s, "num_cus"), num(s, "cycles"), num(s, "lane_ops"),
                                                         num(s, "dram_bytes_read"), num(s, "dram_bytes_written"),
                                                         num(s, "lane_ops") / max(1, num(s, "cycles")),
                                                         num(s, "lane_ops") / dram, not k["name"].startswith("dt_")))
    peak, bw = cfg["roof"], cfg["peak_bpc"]
    gp = """# make bench: the roofline (scripts/bench_report.py)
set terminal {term} noenhanced size 1200,800 font ",10"
set output "../roofline.png"
set title "Roofline: {cus} CUs x {lanes} lanes, DRAM peak {bw} bytes/cycle (latency {lat} cycles, {ch} channels x {bpc} bytes/cycle)"
set logscale xy
set xlabel "lane-ops per DRAM byte (lane_ops / (dram_bytes_read + dram_bytes_written))"
set ylabel "lane-ops per cycle (lane_ops / cycles)"
set xrange [0.01:10000]
set yrange [0.01:{ymax}]
set grid
set key bottom right
P = {peak}.0
B = {bw}.0
roof(x) = (B * x < P) ? B * x : P
set label 1 sprintf("compute roof %g lane-ops/cycle", P) at 200, P * 1.25
set label 2 sprintf("DRAM roof: %g bytes/cycle x intensity", B) at 0.02, B * 0.02 * 1.6 rotate by 40
set arrow 1 from P / B, 0.01 to P / B, P nohead dashtype 3 lc rgb "#888888"
plot roof(x) with lines lw 3 lc rgb "#cc2222" title "roof: min({peak}, {bw} x intensity)", \\
     "roofline.dat" using 8:($9 > 0 ? $7 : NaN) with points pt 7 ps 1.2 lc rgb "#2255aa" title "kernels", \\
     "roofline.dat" using 8:($9 > 0 ? NaN : $7) with points pt 6 ps 1.0 lc rgb "#888888" title "directed tests (dt_*)", \\
     "roofline.dat" using 8:($9 > 0 ? $7 : NaN):1 with labels offset 0.8,0.5 left font ",8" notitle
""".format(term=term, cus=cfg["cus"], lanes=LANES, bw=bw, lat=cfg["latency"], ch=cfg["channels"], bpc=cfg["bpc"],
           peak=peak, ymax=peak * 4)
    with open(os.path.join(plots, "roofline.gp"), "w") as f:
        f.write(gp)
    return no_dram


def plot_stalls(plots, kernels, term):
    with open(os.path.join(plots, "stalls.dat"), "w") as f:
        f.write("# make bench stall breakdown: one kernel a row, the counters of its run (wgrun --stats);\n")
        f.write("# wave_slot_cycles = 2 slots x num_cus x cycles\n")
        f.write("# kernel num_cus cycles wave_slot_cycles " + " ".join(c for c, _ in STALLS) + "\n")
        for k in kernels:
            s = k["stats"]
            slots = 2 * num(s, "num_cus") * num(s, "cycles")
            f.write("%s %d %d %d %s\n" % (k["name"], num(s, "num_cus"), num(s, "cycles"), slots,
                                         " ".join(str(num(s, c)) for c, _ in STALLS)))
    colors = ["#d62728", "#1f77b4", "#9467bd", "#2ca02c", "#ff7f0e"]
    series = ['"stalls.dat" using (100.0 * $%d / $4)%s title "%s" lc rgb "%s"'
              % (5 + i, ":xtic(1)" if i == 0 else "", t, colors[i]) for i, (_, t) in enumerate(STALLS)]
    gp = """# make bench: the stall breakdown (scripts/bench_report.py)
set terminal {term} noenhanced size 1400,700 font ",10"
set output "../stalls.png"
set title "Stall breakdown: wave-slot cycles not issuing, by cause (the rest: issuing, or no wave in the slot)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.75
set ylabel "% of wave-slot cycles (2 x CUs x cycles)"
set yrange [0:100]
set xtics rotate by 45 right font ",8" nomirror
set key outside right top
set grid y
plot {series}
""".format(term=term, series=", \\\n     ".join(series))
    with open(os.path.join(plots, "stalls.gp"), "w") as f:
        f.write(gp)


def plot_timeline(plots, name, path, rows, ncus, term):
    """One panel per CU: instructions retired, LDS instructions and line
    requests per cycle, and the mean groups resident, per interval (rows:
    the file's, for a y range shared by every panel)."""
    rel = os.path.relpath(path, plots)
    ymax = max([r["insts"] / r["len"] for r in rows] + [0.1]) * 1.15
    col = {c: i + 1 for i, c in enumerate(TL_COLS)}
    f = gp_quote(rel)
    x = "($%d - ($%d - 1) / 2.0)" % (col["cycle"], col["len"])       # the interval's middle
    per = lambda c: "%s:($%d / $%d)" % (x, col[c], col["len"])
    gp = ["# make bench: the timeline of %s (scripts/bench_report.py), from %s" % (name, rel),
          "set terminal %s noenhanced size 1200,%d font \",10\"" % (term, 220 + 230 * ncus),
          "set output \"../timeline_%s.png\"" % name,
          "N = %d" % ncus,
          "set multiplot layout N,1 title %s" % gp_quote(
              "%s: per CU and interval (wgrun --timeline): events per cycle, and the groups resident" % name),
          "set grid", "set key outside right top", "set lmargin 10", "set rmargin 30",
          "set xrange [0:%d]" % max([r["cycle"] for r in rows] + [1]), "set yrange [0:%.3g]" % ymax, "set ylabel \"per cycle\"",
          "set y2range [0:2.1]", "set y2tics 0, 1, 2", "set y2label \"groups\"", "set style fill transparent solid 0.25 noborder",
          "do for [c=0:N-1] {",
          "    set title sprintf(\"CU %d\", c)",
          "    if (c == N - 1) { set xlabel \"cycle\" }",
          "    plot %s every N::c using %s:($%d / $%d) axes x1y2 with filledcurves x1 lc rgb \"#999999\" title \"groups resident (mean)\", \\"
          % (f, x, col["group_cycles"], col["len"]),
          "         %s every N::c using %s with lines lw 1.5 lc rgb \"#1f77b4\" title \"instructions retired\", \\" % (f, per("insts")),
          "         %s every N::c using %s with lines lw 1.5 lc rgb \"#2ca02c\" title \"LDS instructions\", \\" % (f, per("lds")),
          "         %s every N::c using %s with lines lw 1.5 lc rgb \"#d62728\" title \"global line requests\"" % (f, per("mem_reqs")),
          "}",
          "unset multiplot"]
    with open(os.path.join(plots, "timeline_%s.gp" % name), "w") as fp:
        fp.write("\n".join(gp) + "\n")


def check_timeline(rows, stats, ncus):
    """Problems: each column's sum per CU against the run's per-CU counters."""
    bad = []
    for c in range(ncus):
        mine = [r for r in rows if r["cu"] == c]
        for col, ctr in TL_CHECK.items():
            got, want = sum(r[col] for r in mine), num(stats, "cu%d.%s" % (c, ctr), None)
            if want is None or got != want:
                bad.append("CU %d %s: the timeline sums to %d, the counter cu%d.%s is %s" % (c, col, got, c, ctr, want))
        if mine and (mine[-1]["groups"] or mine[-1]["waves"]) and stats.get("status") == "GPU_OK":   # (a fault stops them)
            bad.append("CU %d: groups still resident at the end" % c)
    if rows and rows[-1]["cycle"] != num(stats, "cycles"):
        bad.append("the last row is cycle %d, the run took %s cycles" % (rows[-1]["cycle"], stats.get("cycles")))
    for c in range(ncus):
        span = sum(r["len"] for r in rows if r["cu"] == c)
        if span != num(stats, "cycles") + 1:
            bad.append("CU %d: the rows cover %d cycles, the run cycles 0 to %s" % (c, span, stats.get("cycles")))
    return bad


# ---------------------------------------------------------------- main

def main():
    if len(sys.argv) != 2:
        sys.exit("usage: bench_report.py OUT (the folder bench_run.py --out wrote)")
    out = sys.argv[1]
    data, plots = os.path.join(out, "data"), os.path.join(out, "plots")
    if not os.path.isdir(data):
        sys.exit("bench_report: %s: no measurements (run scripts/bench_run.py --out %s first)" % (data, out))
    os.makedirs(plots, exist_ok=True)
    for old in glob.glob(os.path.join(out, "*.png")) + glob.glob(os.path.join(plots, "*")):
        os.remove(old)
    problems = []
    status = []
    st = read_text(os.path.join(data, "status.txt")) or ""
    for line in st.splitlines():
        if "\t" in line:
            name, rc = line.rsplit("\t", 1)
            status.append((name, int(rc)))
            if int(rc):
                problems.append("%s failed (exit %s; its log is in %s)" % (name, rc, data))
    runcfg = read_stats(os.path.join(data, "config.txt")) if os.path.exists(os.path.join(data, "config.txt")) else {}
    every = int(runcfg.get("timeline_every", "256"))

    kernels = []
    for p in sorted(glob.glob(os.path.join(data, "kernels", "*.stats"))):
        name = os.path.basename(p)[:-6]
        kernels.append(dict(name=name, stats=read_stats(p)))
    # The configuration: the defaults of wgrun, as the runs report them.
    ref = next((k["stats"] for k in kernels if num(k["stats"], "num_cus") == 4), kernels[0]["stats"] if kernels else {})
    cfg = dict(cus=4, latency=num(ref, "mem_latency", 100), channels=num(ref, "dram_channels", 4),
               bpc=num(ref, "dram_bytes_per_cycle", 4), peak_bpc=num(ref, "dram_peak_bytes_per_cycle", 16))
    cfg["roof"] = cfg["cus"] * LANES

    term = gnuplot_terminal()
    if not term:
        problems.append("gnuplot is missing (make deps installs Debian's gnuplot-nox): no plots")
    pngs = []          # (file, caption)
    no_dram = []
    if kernels:
        no_dram = plot_roofline(plots, kernels, cfg, term or "png")
        plot_stalls(plots, kernels, term or "png")
        pngs += [("roofline.png", "roofline"), ("stalls.png", "stall breakdown")]
    timelines = []
    for p in sorted(glob.glob(os.path.join(data, "timeline", "*.txt"))):
        name = os.path.basename(p)[:-4]
        rows, head = read_timeline(p)
        k = next((k for k in kernels if k["name"] == name), None)
        ncus = num(k["stats"], "num_cus") if k else 1 + max((r["cu"] for r in rows), default=0)
        if k:
            for b in check_timeline(rows, k["stats"], ncus):
                problems.append("timeline of %s: %s" % (name, b))
        else:
            problems.append("timeline of %s: no --stats of its run" % name)
        plot_timeline(plots, name, os.path.abspath(p), rows, ncus, term or "png")
        timelines.append(dict(name=name, rows=rows, ncus=ncus, stats=k["stats"] if k else {}))
        pngs.append(("timeline_%s.png" % name, "timeline of " + name))
    if term:
        for gp in sorted(glob.glob(os.path.join(plots, "*.gp"))):
            r = subprocess.run(["gnuplot", os.path.basename(gp)], cwd=plots, capture_output=True, text=True)
            png = os.path.join(out, os.path.basename(gp)[:-3] + ".png")
            if r.returncode != 0 or not os.path.exists(png) or os.path.getsize(png) == 0:
                problems.append("gnuplot %s failed: %s" % (gp, r.stderr.strip()[-400:]))

    # ------------------------------------------------------------ report.md
    intro = ["# wavegpu bench report\n",
          "Written by `make bench` (`scripts/bench_run.py` measures, `scripts/bench_report.py` writes this; "
          "docs/bench.md). Every figure but the golden model's speed comes from the RTL (Verilated `gpu_top`, %d CUs "
          "of %d lanes), lockstep off, at the default DRAM model: latency %d cycles, %d channels x %d bytes/cycle = %d bytes/cycle peak. Cycle "
          "counts are deterministic; wall-clock speeds depend on the machine.\n"
          % (cfg["cus"], LANES, cfg["latency"], cfg["channels"], cfg["bpc"], cfg["peak_bpc"])]
    md = []

    lat = latencies(data) if os.path.isdir(os.path.join(data, "latency")) else None
    md.append("## Latencies\n")
    if lat:
        md.append("`kernels/bench_latency.s`, one wave on one CU: a dependent chain, each step using the result of the "
                  "one before, in a loop of 4 steps and one of 20 with the same loop control, each run 2 and 6 "
                  "times. The latency is the cycles from a step's issue to the next step's issue: (cycles per "
                  "iteration of the long loop - of the short) / 16. A global load's step is the load and the "
                  "`sig_wait` on its signal; its address is the value the load before returned.\n\n")
        md.append(table(["operation", "unit", "latency (cycles)", "cycles/iteration, 4 and 20 steps"],
                        [(w, u, "-" if l is None else (fmt(int(l)) if l == int(l) else fmt(l)),
                          " / ".join("-" if s is None else fmt(s, 1) for s in sl)) for w, u, l, sl in lat]))
        if any(l is None for _, _, l, _ in lat):
            problems.append("a latency run failed (data/latency/*.log)")
    else:
        md.append("Not measured in this run.\n")

    core = parse_core(read_text(os.path.join(data, "core.log")) or "")
    md.append("\n## Issue rate\n")
    if core["issue"]:
        md.append("`bench_core_rtl`: `kernels/bench_issue.s`, independent integer adds in a loop, one group on one CU.\n\n")
        md.append(table(["waves", "instructions", "cycles", "per cycle", "bound", "check"], core["issue"]))
    else:
        md.append("Not measured in this run.\n")
    md.append("\n## LDS conflict costs\n")
    if core["lds"]:
        md.append("`bench_core_rtl`: `kernels/bench_lds.s`, one wave reading 64 times with a stride; bank cycles per "
                  "access from the counters (`lds_insts` + `lds_conflict_cycles`), against the minimum: 1 for a "
                  "broadcast, else the most lanes on one bank.\n\n")
        md.append(table(["pattern", "accesses", "bank cycles", "per access", "minimum", "cycles", "check"], core["lds"]))
    else:
        md.append("Not measured in this run.\n")
    md.append("\n## Coalescing\n")
    if core["coal"]:
        md.append("`bench_core_rtl`: `kernels/bench_coalesce.s`, 16 loads and 16 stores of each pattern: the line "
                  "requests after coalescing against the distinct 64-byte lines the lanes touch.\n\n")
        md.append(table(["pattern", "line requests", "distinct lines", "ratio", "check"], core["coal"]))
    else:
        md.append("Not measured in this run.\n")
    md.append("\n## Streaming copy\n")
    c = core["copy"]
    if c:
        md.append("`bench_core_rtl`: `kernels/bench_copy.s` copies %d MiB on %d CUs.\n\n" % (c["mib"], c["cus"]))
        md.append(table(["cycles", "DRAM bytes read", "written", "bytes/cycle", "% of peak", "peak", "bound", "check"],
                        [(fmt(c["cycles"]), fmt(c["read"]), fmt(c["written"]), c["bpc"], c["pct"] + "%", c["peak"],
                          c["bound"] + "%", c["result"])]))
    else:
        md.append("Not measured in this run.\n")

    md.append("\n## Kernels\n")
    if kernels:
        md.append("Every kernel of `kernels/` by its `# run:` line (`wgrun --header --lockstep off --stats`), its "
                  "outputs checked against the golden model where the run line does. lane-ops: `lane_ops` "
                  "(docs/isa.md 10). Stalls: the share of the wave-slot cycles (2 x CUs x cycles) each cause "
                  "took; \"sim\": the simulator's speed on this run (traced model, tracing off).\n\n")
        rows = []
        for k in kernels:
            s = k["stats"]
            cyc = max(1, num(s, "cycles"))
            slots = max(1, 2 * num(s, "num_cus") * cyc)
            dram = num(s, "dram_bytes_read") + num(s, "dram_bytes_written")
            l1 = num(s, "l1_hits") + num(s, "l1_misses")
            l2 = num(s, "l2_hits") + num(s, "l2_misses")
            rows.append((k["name"], num(s, "num_cus"), num(s, "groups_launched"), fmt(num(s, "cycles")),
                         fmt(num(s, "instructions") / cyc, 3), fmt(num(s, "lane_ops") / cyc, 1), fmt(dram),
                         fmt(num(s, "lane_ops") / dram, 2) if dram else "-",
                         "%.0f%%" % (100.0 * num(s, "l1_hits") / l1) if l1 else "-",
                         "%.0f%%" % (100.0 * num(s, "l2_hits") / l2) if l2 else "-",
                         " / ".join("%.0f" % (100.0 * num(s, c) / slots) for c, _ in STALLS),
                         fmt(int(num(s, "sim_cycles_per_second"))), s.get("result", "?")))
        md.append(table(["kernel", "CUs", "groups", "cycles", "IPC", "lane-ops/cycle", "DRAM bytes", "lane-ops/byte",
                         "L1 hits", "L2 hits", "stall % dep / mem / bar / LDS / fetch", "sim cycles/s", "result"], rows))
        bad = [k["name"] for k in kernels if k["stats"].get("result") != "PASS"]
        if bad:
            problems.append("kernels that did not PASS: " + ", ".join(bad))
    else:
        md.append("Not measured in this run.\n")

    md.append("\n## Simulation speed\n")
    sp = [(t, parse_speed(read_text(os.path.join(data, "speed_%s.log" % t)))) for t in ("untraced", "traced_off",
                                                                                     "traced_all")]
    if any(v for _, v in sp):
        md.append("`wavegpu_sim --kernel matmul_tiled` (N = 128), lockstep off: simulated cycles per second of wall "
                  "time.\n\n")
        what = {"untraced": "model without trace support (`wavegpu_sim_notrace`)",
                "traced_off": "traced model, tracing off (`wavegpu_sim`)",
                "traced_all": "traced model, every cycle to an FST (`--fst ... --trace-end 0`)"}
        md.append(table(["model", "cycles", "seconds", "cycles/s", "FST bytes", "result"],
                        [(what[t], fmt(v["cycles"]), "%.2f" % v["secs"], fmt(v["cps"]),
                          fmt(v["fst"]) if v["fst"] else "-", v["result"]) for t, v in sp if v]))
    else:
        md.append("Not measured in this run.\n")
    md.append("\n## Golden-model speed\n")
    g = parse_golden(read_text(os.path.join(data, "golden.log")))
    if g:
        md.append("`bench_golden`: `matmul_tiled` N = 128 on the golden model alone (4 CUs), the fastest of %d runs.\n\n"
                  % g["runs"])
        md.append(table(["instructions", "lane-ops", "best s", "mean s", "M instructions/s", "M lane-ops/s", "result"],
                        [(fmt(g["insts"]), fmt(g["lane_ops"]), "%.4f" % g["best"], "%.4f" % g["mean"],
                          "%.2f" % g["minsts"], "%.1f" % g["mlops"], "C correct" if g["ok"] else "C WRONG")]))
    else:
        md.append("Not measured in this run.\n")

    md.append("\n## Plots\n")
    if kernels:
        md.append("\n### Roofline\n\n![roofline](roofline.png)\n\n"
                  "Each kernel at its run's lane-ops per cycle against its lane-ops per DRAM byte (bytes read and "
                  "written on the AXI4 port, the final L2 write-back included). The roofs are those of the default "
                  "configuration: %d lane-ops per cycle (%d CUs x %d lanes, one instruction a cycle each) and %d "
                  "bytes per cycle of DRAM; they meet at %g lane-ops per byte. A kernel run on fewer CUs (the CUs "
                  "column above) has a lower compute roof of its own. The directed tests (`dt_*`) are the gray circles, "
                  "without their names (they crowd one corner; their figures are in the table). Data: "
                  "`plots/roofline.dat`.\n"
                  % (cfg["roof"], cfg["cus"], LANES, cfg["peak_bpc"], cfg["roof"] / cfg["peak_bpc"]))
        if no_dram:
            md.append("\nNot drawn (no DRAM traffic, or no lane-ops): %s.\n" % ", ".join(no_dram))
        md.append("\n### Stall breakdown\n\n![stalls](stalls.png)\n\n"
                  "Per kernel, the wave-slot cycles (2 slots x CUs x cycles) in which a resident wave could not issue, "
                  "by cause (docs/isa.md 10: its own dependencies, memory signals, barriers, the LDS, fetch); the rest "
                  "of each bar is cycles in which the wave issued or the slot held no wave. Data: "
                  "`plots/stalls.dat`.\n")
    md.append("\n### Timelines\n")
    want = [n for n in ("matmul_tiled", "sgemm")]
    for t in timelines:
        s = t["stats"]
        md.append("\n![timeline of %s](timeline_%s.png)\n\n" % (t["name"], t["name"]))
        md.append("`%s`: %s cycles, %s groups of %s waves; one panel per CU, one point per %d cycles: instructions "
                  "retired, LDS instructions and global line requests (through the L1's lookup) per cycle, and "
                  "in gray the mean number of groups resident (right axis; a CU holds two wave slots). Data: "
                  "`data/timeline/%s.txt`, written by `wgrun --timeline`; its columns sum to the run's per-CU "
                  "counters (checked here).\n" % (t["name"], fmt(num(s, "cycles")), s.get("groups_launched", "?"),
                                                  s.get("waves_per_group", "?"), every, t["name"]))
    names = [t["name"] for t in timelines]
    for n in want:
        if n not in names:
            if not os.path.exists(os.path.join(ROOT, "kernels", n + ".s")):
                md.append("\nNo timeline of `%s`: `kernels/%s.s` does not exist yet.\n" % (n, n))
            elif runcfg.get("kernels", "all") == "all" or n in runcfg.get("kernels", "").split(","):
                md.append("\nNo timeline of `%s`: its run failed (see above).\n" % n)
    if not timelines and not any(n in names for n in want):
        md.append("\nNo timeline in this run.\n")

    md.append("\n## The runs\n\n")
    md.append(table(["measurement", "status"], [(n, "ok" if rc == 0 else "FAILED (exit %d)" % rc) for n, rc in status]))
    if problems:
        intro.append("**Problems in this run:**\n\n" + "".join("- %s\n" % p for p in problems))
    with open(os.path.join(out, "report.md"), "w") as f:
        f.write("\n".join(x.rstrip("\n") + "\n" for x in intro + md))
    print("bench report: %s (%d kernels, %d plots)" % (os.path.join(out, "report.md"), len(kernels),
                                                       len(glob.glob(os.path.join(out, "*.png")))))
    for p in problems:
        print("bench report: problem: " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
