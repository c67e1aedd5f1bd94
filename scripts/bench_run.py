#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""bench_run.py: the measurements of make bench (docs/bench.md), raw, into
OUT/data/; scripts/bench_report.py then writes OUT/report.md and the plots.

    bench_run.py --build BUILD --out OUT [--kernels all|a,b] [--timeline a,b]
                 [--timeline-every K] [--parts kernels,latency,core,speed,golden]

  kernels  every kernel of kernels/ by its "# run:" line (after its "# ref:"
           lines), with wgrun on the RTL, lockstep off: OUT/data/kernels/K.stats
           (wgrun --stats) and K.log; the kernels of --timeline (default
           matmul_tiled and sgemm, those that exist) also write
           OUT/data/timeline/K.txt (wgrun --timeline, every K cycles).
  latency  kernels/bench_latency.s: each kind, each loop, 2 and 6 iterations:
           OUT/data/latency/kind<k>_body<b>_iters<n>.stats
  core     bench_core_rtl (issue rate, LDS costs, coalescing, streaming copy),
           lockstep off: OUT/data/core.log
  speed    matmul_tiled (N=128) with wavegpu_sim: the untraced model, the
           traced model with tracing off, and tracing every cycle:
           OUT/data/speed_{untraced,traced_off,traced_all}.log
  golden   bench_golden: OUT/data/golden.log

Each program's exit status goes to OUT/data/status.txt ("part/name<TAB>status",
the entries of the parts not measured this time kept); a failure does not
stop the others (the report names it and fails). A part's old data goes first.
Run from anywhere; paths are taken from the repository root.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PARTS = ["kernels", "latency", "core", "speed", "golden"]
# bench_latency.s: kinds, loops (body 0: 4 steps, body 1: 20 steps), iterations.
LATENCY_KINDS = 8
LATENCY_ITERS = (2, 6)


def run(cmd, log, env=None):
    """Runs cmd (a list) from the repository root, stdout and stderr to log;
    returns (exit status, seconds)."""
    t0 = time.time()
    with open(log, "w") as f:
        f.write("$ " + " ".join(cmd) + "\n")
        f.flush()
        e = dict(os.environ)
        e.update(env or {})
        rc = subprocess.call(cmd, cwd=ROOT, stdout=f, stderr=subprocess.STDOUT, env=e)
    return rc, time.time() - t0


def kernel_sources(names):
    """The kernels of kernels/ (all, or the names given) as (name, path)."""
    srcs = sorted(f[:-2] for f in os.listdir(os.path.join(ROOT, "kernels")) if f.endswith(".s"))
    if names != "all":
        want = [n for n in names.split(",") if n]
        missing = [n for n in want if n not in srcs]
        if missing:
            sys.exit("bench_run: no kernel " + ", ".join("kernels/%s.s" % n for n in missing))
        srcs = want
    return [(n, os.path.join("kernels", n + ".s")) for n in srcs]


def ref_lines(path):
    with open(os.path.join(ROOT, path)) as f:
        return [l.split("# ref:", 1)[1].strip() for l in f if re.match(r"\s*# ref:", l)]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build", help="the build folder (make's BUILD)")
    ap.add_argument("--out", required=True, help="the bench folder (make bench: BUILD/bench)")
    ap.add_argument("--kernels", default="all", help="all, or kernel names separated by commas")
    ap.add_argument("--timeline", default="matmul_tiled,sgemm",
                    help="kernels whose run also writes a timeline (those that exist)")
    ap.add_argument("--timeline-every", type=int, default=256, help="cycles per timeline row")
    ap.add_argument("--parts", default=",".join(PARTS), help="what to measure: " + ",".join(PARTS))
    a = ap.parse_args()
    parts = [p for p in a.parts.split(",") if p]
    for p in parts:
        if p not in PARTS:
            sys.exit("bench_run: unknown part '%s' (%s)" % (p, ", ".join(PARTS)))
    if a.timeline_every < 1:
        sys.exit("bench_run: --timeline-every must be at least 1")
    b = os.path.abspath(os.path.join(a.build, "bin"))
    wgrun = os.path.join(b, "wgrun")
    data = os.path.abspath(os.path.join(a.out, "data"))
    os.makedirs(data, exist_ok=True)
    status = []

    def note(name, rc, secs):
        status.append((name, rc))
        print("bench: %-44s %s (%.1f s)" % (name, "ok" if rc == 0 else "FAILED, exit %d" % rc, secs), flush=True)

    old_status = []
    sp = os.path.join(data, "status.txt")
    if os.path.exists(sp):
        with open(sp) as f:
            old_status = [l for l in f if l.split("/", 1)[0] not in parts]
    for p, dirs in (("kernels", ["kernels", "timeline"]), ("latency", ["latency"])):
        if p in parts:
            for d in dirs:
                shutil.rmtree(os.path.join(data, d), ignore_errors=True)

    lockstep_off = {"WAVEGPU_LOCKSTEP": "0"}
    with open(os.path.join(data, "config.txt"), "w") as f:
        f.write("build=%s\ntimeline_every=%d\nparts=%s\nkernels=%s\n" % (a.build, a.timeline_every, ",".join(parts),
                                                                        a.kernels))

    if "kernels" in parts:
        kd, td = os.path.join(data, "kernels"), os.path.join(data, "timeline")
        os.makedirs(kd, exist_ok=True)
        os.makedirs(td, exist_ok=True)
        timeline = set(n for n in a.timeline.split(",") if n)
        for name, src in kernel_sources(a.kernels):
            log = os.path.join(kd, name + ".log")
            with open(os.path.join(ROOT, src)) as f:
                if not any(re.match(r"\s*# run:", l) for l in f):
                    print("bench: kernels/%s has no '# run:' line: not run" % name, flush=True)
                    continue
            bad = None
            for i, ref in enumerate(ref_lines(src)):
                rc, _ = run(["bash", "-c", ref], os.path.join(kd, "%s.ref%d.log" % (name, i)))
                bad = bad or rc
            if bad:
                note("kernels/%s (its # ref: line)" % name, bad, 0)
                continue
            cmd = [wgrun, src, "--header", "--lockstep", "off", "--stats", os.path.join(kd, name + ".stats")]
            if name in timeline:
                cmd += ["--timeline", os.path.join(td, name + ".txt"), "--timeline-every", str(a.timeline_every)]
            rc, secs = run(cmd, log)
            note("kernels/" + name, rc, secs)

    if "latency" in parts:
        ld = os.path.join(data, "latency")
        os.makedirs(ld, exist_ok=True)
        t0, worst = time.time(), 0
        for kind in range(LATENCY_KINDS):
            for body in (0, 1):
                for iters in LATENCY_ITERS:
                    stem = os.path.join(ld, "kind%d_body%d_iters%d" % (kind, body, iters))
                    rc, _ = run([wgrun, "kernels/bench_latency.s", "--cus", "1", "--lockstep", "off",
                                 "--buf", "buf=zeros:16", "--args", "buf,%d,%d,%d" % (kind, body, iters),
                                 "--stats", stem + ".stats"], stem + ".log")
                    worst = worst or rc
        note("latency/bench_latency", worst, time.time() - t0)

    if "core" in parts:
        rc, secs = run([os.path.join(b, "bench_core_rtl")], os.path.join(data, "core.log"), lockstep_off)
        note("core/bench_core_rtl", rc, secs)

    if "speed" in parts:
        fst = os.path.join(data, "speed_traced.fst")
        for tag, prog, extra in (("untraced", "wavegpu_sim_notrace", []), ("traced_off", "wavegpu_sim", []),
                                 ("traced_all", "wavegpu_sim", ["--fst", fst, "--trace-end", "0"])):
            rc, secs = run([os.path.join(b, prog), "--kernel", "matmul_tiled"] + extra,
                           os.path.join(data, "speed_%s.log" % tag), lockstep_off)
            note("speed/%s (%s)" % (tag, prog), rc, secs)
        if os.path.exists(fst):
            with open(os.path.join(data, "speed_traced_all.log"), "a") as f:
                f.write("fst_bytes=%d\n" % os.path.getsize(fst))
            os.remove(fst)

    if "golden" in parts:
        rc, secs = run([os.path.join(b, "bench_golden")], os.path.join(data, "golden.log"))
        note("golden/bench_golden", rc, secs)

    with open(sp, "w") as f:
        f.writelines(old_status)
        for name, rc in status:
            f.write("%s\t%d\n" % (name, rc))
    return 0


if __name__ == "__main__":
    sys.exit(main())
