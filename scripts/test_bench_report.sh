#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Test of make bench's report (scripts/bench_run.py, scripts/bench_report.py,
# docs/bench.md): a reduced bench into a scratch folder (two kernels by their
# run lines, matmul_tiled with a timeline every 512 cycles, and the latency
# runs), then the report, then checks that
#   - every plot the report names is a PNG: the file exists, is not empty and
#     starts with the PNG signature;
#   - the data files behind the plots hold the counters of the run, as wgrun
#     printed them in its summary (a code path apart from --stats): the
#     roofline's cycles, lane-ops and DRAM bytes; the stall breakdown's five
#     causes; the timeline's columns summed per CU against the per-CU
#     instructions, groups and line requests, and its last row at the run's
#     last cycle;
#   - the report holds the latency table and each kernel's row.
# The checker is then run on two broken copies of the output (a counter
# changed in a data file, a plot removed) and must fail on each.
# Prints "PASS bench_report_<check>" or "FAIL bench_report_<check>: why".
# About 15 s.
set -u
cd "$(dirname "$0")/.."
BUILD=${WAVEGPU_BUILD:-build}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0

if ! out=$(python3 scripts/bench_run.py --build "$BUILD" --out "$work/bench" --kernels matmul_tiled,vecadd_u32 \
        --timeline matmul_tiled --timeline-every 512 --parts kernels,latency 2>&1); then
    echo "FAIL bench_report_measure: bench_run.py failed: $(tail -3 <<< "$out" | tr '\n' ' ')"
    exit 1
fi
if ! out=$(python3 scripts/bench_report.py "$work/bench" 2>&1); then
    echo "FAIL bench_report_write: bench_report.py failed: $(tail -3 <<< "$out" | tr '\n' ' ')"
    failed=1
else
    echo "PASS bench_report_write ($(tail -1 <<< "$out"))"
fi

# check.py DIR [TAG]: the checks above on a bench folder; prints PASS/FAIL
# lines with the tag appended to each name and exits 1 on any failure.
cat > "$work/check.py" <<'EOF'
import os, re, sys
d, tag = sys.argv[1], (sys.argv[2] if len(sys.argv) > 2 else "")
bad = 0
def res(name, ok, why=""):
    global bad
    print(("PASS bench_report_%s%s" % (name, tag)) if ok else ("FAIL bench_report_%s%s: %s" % (name, tag, why)))
    bad |= not ok

# The summary wgrun printed for each kernel (data/kernels/K.log).
def summary(k):
    t = open(os.path.join(d, "data", "kernels", k + ".log")).read()
    s = {"cycles": int(re.search(r"^cycles\s+(\d+)", t, re.M)[1]),
         "insts": int(re.search(r"^insts\s+(\d+) retired", t, re.M)[1])}
    m = re.search(r"^DRAM\s+(\d+) bytes read, (\d+) written", t, re.M)
    s["dram_read"], s["dram_written"] = int(m[1]), int(m[2])
    m = re.search(r"dependency (\d+) .*memory (\d+) .*barrier (\d+) .*LDS (\d+) .*fetch (\d+) ", t, re.M)
    s["stalls"] = [int(x) for x in m.groups()]
    s["cu"] = {}
    for line in re.findall(r"^\s+(\d+\s+\d+\s+[\d.]+\s+\d+\s+\d+(?:\s+\d+){8})\s*$", t, re.M):
        v = line.split()
        s["cu"][int(v[0])] = dict(insts=int(v[1]), lane_ops=int(v[3]), groups=int(v[4]), mem_reqs=int(v[12]))
    s["lane_ops"] = sum(c["lane_ops"] for c in s["cu"].values())
    return s

def rows(path):
    out = []
    for line in open(path):
        if not line.startswith("#") and line.strip():
            out.append(line.split())
    return out

kernels = ["matmul_tiled", "vecadd_u32"]
sums = {k: summary(k) for k in kernels}

for png in ["roofline.png", "stalls.png", "timeline_matmul_tiled.png"]:
    p = os.path.join(d, png)
    if not os.path.exists(p):
        res("png_" + png[:-4], False, "%s is missing" % png)
    elif os.path.getsize(p) == 0:
        res("png_" + png[:-4], False, "%s is empty" % png)
    else:
        with open(p, "rb") as f:
            sig = f.read(8)
        res("png_" + png[:-4], sig == b"\x89PNG\r\n\x1a\n", "%s does not start with the PNG signature" % png)

def check_table(name, path, want):
    try:
        got = {r[0]: r for r in rows(os.path.join(d, "plots", path))}
    except OSError as e:
        res(name, False, str(e)); return
    for k, vals in want.items():
        if k not in got:
            res(name, False, "%s has no row for %s" % (path, k)); return
        for col, v in vals:
            if int(got[k][col]) != v:
                res(name, False, "%s: %s column %d is %s, wgrun printed %d" % (path, k, col + 1, got[k][col], v)); return
    res(name, True)

# roofline.dat: kernel num_cus cycles lane_ops dram_bytes_read dram_bytes_written ...
check_table("roofline_data", "roofline.dat",
            {k: [(2, s["cycles"]), (3, s["lane_ops"]), (4, s["dram_read"]), (5, s["dram_written"])] for k, s in sums.items()})
# stalls.dat: kernel num_cus cycles wave_slot_cycles dep mem bar lds fetch
check_table("stalls_data", "stalls.dat",
            {k: [(2, s["cycles"]), (3, 2 * len(s["cu"]) * s["cycles"])] + [(4 + i, v) for i, v in enumerate(s["stalls"])]
             for k, s in sums.items()})

# The timeline: cycle len cu insts valu lds gmem mem_reqs l1_hits mem_done placed group_cycles groups waves
s = sums["matmul_tiled"]
try:
    tl = [list(map(int, r)) for r in rows(os.path.join(d, "data", "timeline", "matmul_tiled.txt"))]
    gp = open(os.path.join(d, "plots", "timeline_matmul_tiled.gp")).read()
except OSError as e:
    tl, gp = [], ""
    res("timeline_data", False, str(e))
if tl:
    why = ""
    if "data/timeline/matmul_tiled.txt" not in gp:
        why = "the timeline plot does not read data/timeline/matmul_tiled.txt"
    for c, v in s["cu"].items():
        mine = [r for r in tl if r[2] == c]
        for col, key in ((3, "insts"), (10, "groups"), (7, "mem_reqs")):
            if sum(r[col] for r in mine) != v[key]:
                why = why or "CU %d: the %s column sums to %d, wgrun printed %d" % (c, key, sum(r[col] for r in mine), v[key])
        if sum(r[1] for r in mine) != s["cycles"] + 1:
            why = why or "CU %d: the rows cover %d cycles, not cycles 0..%d" % (c, sum(r[1] for r in mine), s["cycles"])
    if tl[-1][0] != s["cycles"]:
        why = why or "the last row is cycle %d, the run took %d" % (tl[-1][0], s["cycles"])
    if any(r[1] != 512 for r in tl[:-len(s["cu"])]):
        why = why or "a row other than the last is not 512 cycles long"
    res("timeline_data", not why, why)

rep = open(os.path.join(d, "report.md")).read() if os.path.exists(os.path.join(d, "report.md")) else ""
lat = re.findall(r"^\| [^|]+ \| [^|]+ \| (\d+) \| [\d.,]+ / [\d.,]+ \|$", rep, re.M)
res("latency_table", len(lat) == 8, "%d latency rows with a number, not 8" % len(lat))
res("kernel_rows", all(re.search(r"^\| %s \| .* \| PASS \|$" % k, rep, re.M) for k in kernels),
    "a kernel's row is missing from the report, or not PASS")
res("timeline_in_report", "![timeline of matmul_tiled](timeline_matmul_tiled.png)" in rep,
    "the report does not show the timeline of matmul_tiled")
sys.exit(1 if bad else 0)
EOF

python3 "$work/check.py" "$work/bench" || failed=1

# The checker must fail on broken copies: a counter changed, a plot removed.
cp -r "$work/bench" "$work/broken1"
awk '!/^#/ && $1 == "matmul_tiled" { $3 = $3 + 1 } { print }' "$work/bench/plots/roofline.dat" > "$work/broken1/plots/roofline.dat"
if out=$(python3 "$work/check.py" "$work/broken1" _broken 2>&1) || ! grep -q "^FAIL bench_report_roofline_data_broken" <<< "$out"; then
    echo "FAIL bench_report_checker_sees_a_changed_counter: the checker passed a roofline.dat with a wrong cycle count"
    failed=1
else
    echo "PASS bench_report_checker_sees_a_changed_counter"
fi
cp -r "$work/bench" "$work/broken2"
rm "$work/broken2/stalls.png"
if out=$(python3 "$work/check.py" "$work/broken2" _broken 2>&1) || ! grep -q "^FAIL bench_report_png_stalls_broken" <<< "$out"; then
    echo "FAIL bench_report_checker_sees_a_missing_plot: the checker passed a folder without stalls.png"
    failed=1
else
    echo "PASS bench_report_checker_sees_a_missing_plot"
fi
exit $failed
