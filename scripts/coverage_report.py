#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""coverage_report.py: the tables of `make coverage` (docs/coverage.md).

Sums the functional coverage files the golden model and the RTL backend
write (csrc/golden_cov.c: lines "group bin count", one file per process) and
Verilator's line and toggle coverage files (.dat: lines "C '<keys>' count"),
then prints per functional group the bins hit of the total, per RTL source
file (one module each) its line and toggle coverage, the functional bins
never reached and the least covered modules. --report writes the same as
Markdown with the full lists (every unreached functional bin, every unreached
line, the signals that never toggled); --merged-func writes the summed
functional counts in the input format. Standard library only.

  coverage_report.py --func DIR_OR_FILE... [--rtl FILE.dat...] [--report OUT.md]
                     [--merged-func OUT.txt] [--worst N]
"""
import argparse
import glob
import os
import re
import sys

# ---------------------------------------------------------------- functional


def read_func(paths):
    """Sums "group bin count" lines of the files (a directory: its func-*.txt).
    Returns (order, counts): the (group, bin) keys in first-seen order, and
    their summed counts."""
    files = []
    for p in paths:
        if os.path.isdir(p):
            files += sorted(glob.glob(os.path.join(p, "func-*.txt")))
        else:
            files.append(p)
    order, counts = [], {}
    for f in files:
        with open(f, encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                parts = line.split()
                if len(parts) != 3 or not parts[2].isdigit():
                    raise SystemExit(f"coverage_report: {f}:{n}: not 'group bin count': {line!r}")
                key = (parts[0], parts[1])
                if key not in counts:
                    order.append(key)
                    counts[key] = 0
                counts[key] += int(parts[2])
    return files, order, counts


def func_groups(order, counts):
    """[(group, hit, total, [unreached bins])] in first-seen group order."""
    groups = {}
    for g, b in order:
        e = groups.setdefault(g, [0, 0, []])
        e[1] += 1
        if counts[(g, b)] > 0:
            e[0] += 1
        else:
            e[2].append(b)
    return [(g, e[0], e[1], e[2]) for g, e in groups.items()]


# ---------------------------------------------------------------- Verilator


def parse_keys(s):
    """The key/value pairs of a coverage point ('\\x01key\\x02value...')."""
    kv = {}
    for item in s.split("\x01"):
        if "\x02" in item:
            k, v = item.split("\x02", 1)
            kv[k] = v
    return kv


def read_dat(paths):
    """Sums the points of Verilator coverage files by their key (the hierarchy
    left out, as verilator_coverage merges them). Returns {key: (kv, count)}."""
    points = {}
    rx = re.compile(r"^C '(.*)' (\d+)\s*$")
    for f in paths:
        with open(f, encoding="utf-8", errors="replace") as fh:
            for n, line in enumerate(fh, 1):
                if line.startswith("#") or not line.strip():
                    continue
                m = rx.match(line)
                if not m:
                    raise SystemExit(f"coverage_report: {f}:{n}: not a coverage point line")
                kv = parse_keys(m.group(1))
                kv.pop("h", None)
                key = "\x01".join(f"{k}\x02{v}" for k, v in sorted(kv.items()))
                if key in points:
                    points[key] = (points[key][0], points[key][1] + int(m.group(2)))
                else:
                    points[key] = (kv, int(m.group(2)))
    return points


def point_type(kv):
    """'line' (line, block and branch points) or 'toggle', from the page key."""
    page = kv.get("page", "")
    if page.startswith("v_toggle"):
        return "toggle"
    if page.startswith("v_line") or page.startswith("v_branch") or kv.get("t") in ("line", "block", "branch"):
        return "line"
    return None


def rtl_modules(points):
    """{file: {'line': [hit, total], 'toggle': [hit, total], 'lines_unreached': {line: [comments]},
    'signals_untoggled': {signal}}}"""
    mods = {}
    for kv, count in points.values():
        t = point_type(kv)
        if t is None:
            continue
        f = kv.get("f", "?")
        m = mods.setdefault(f, {"line": [0, 0], "toggle": [0, 0], "lines_unreached": {}, "signals_untoggled": set()})
        m[t][1] += 1
        if count > 0:
            m[t][0] += 1
        elif t == "line":
            m["lines_unreached"].setdefault(int(kv.get("l", "0") or 0), []).append(kv.get("o", ""))
        else:
            m["signals_untoggled"].add(re.sub(r"\[\d+\]|:.*$", "", kv.get("o", "?")))
    for f, m in mods.items():
        m["lines_check"] = set(m["lines_unreached"]) & sim_only_lines(f)
    return mods


def sim_only_lines(path):
    """The lines of a source file inside `ifndef SYNTHESIS (the simulation-only
    checks, which a passing run never enters), or an empty set if the file is
    not found (relative to the working directory)."""
    out, stack = set(), []
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            lines = fh.read().split("\n")
    except OSError:
        return out
    for n, line in enumerate(lines, 1):
        s = line.strip()
        if s.startswith("`ifndef") or s.startswith("`ifdef"):
            synth = "SYNTHESIS" in s.split()
            stack.append([synth and s.startswith("`ifndef"), synth])
        elif s.startswith("`else") and stack:
            stack[-1][0] = stack[-1][1] and not stack[-1][0]
        elif s.startswith("`endif") and stack:
            stack.pop()
        elif any(sim for sim, _ in stack):
            out.add(n)
    return out


def pct(hit, total):
    return 100.0 * hit / total if total else 100.0


def fmt_pct(hit, total):
    return f"{pct(hit, total):5.1f}%" if total else "    -"


# ---------------------------------------------------------------- output


def wrap(items, width=100, indent="    "):
    lines, cur = [], indent
    for it in items:
        if len(cur) + len(it) + 2 > width and cur.strip():
            lines.append(cur.rstrip())
            cur = indent
        cur += it + "  "
    if cur.strip():
        lines.append(cur.rstrip())
    return lines


def main():
    ap = argparse.ArgumentParser(description="make coverage's report (docs/coverage.md)")
    ap.add_argument("--func", nargs="*", default=[], help="functional coverage files, or directories of func-*.txt")
    ap.add_argument("--rtl", nargs="*", default=[], help="Verilator coverage .dat files (summed)")
    ap.add_argument("--report", help="write the Markdown report with the full lists here")
    ap.add_argument("--merged-func", help="write the summed functional counts here")
    ap.add_argument("--worst", type=int, default=5, help="least covered modules to name (default 5)")
    a = ap.parse_args()

    files, order, counts = read_func(a.func)
    groups = func_groups(order, counts)
    points = read_dat(a.rtl) if a.rtl else {}
    mods = rtl_modules(points)

    out, md = [], []
    out.append(f"functional coverage ({len(files)} files)")
    out.append(f"  {'group':<14} {'hit':>6} / {'bins':<6} {'':>6}")
    md += ["# Coverage report", "", f"## Functional coverage ({len(files)} files)", "",
           "| group | bins hit | bins | % |", "|---|---:|---:|---:|"]
    th = tt = 0
    for g, hit, total, _ in groups:
        th += hit
        tt += total
        out.append(f"  {g:<14} {hit:>6} / {total:<6} {fmt_pct(hit, total)}")
        md.append(f"| {g} | {hit} | {total} | {fmt_pct(hit, total).strip()} |")
    out.append(f"  {'total':<14} {th:>6} / {tt:<6} {fmt_pct(th, tt)}")
    md.append(f"| **total** | {th} | {tt} | {fmt_pct(th, tt).strip()} |")

    if points:
        out.append("")
        out.append(f"RTL line and toggle coverage (Verilator; {len(a.rtl)} file(s), {len(points)} points)")
        out.append(f"  {'file':<28} {'line':>7} {'points':>11} {'toggle':>7} {'points':>13} {'unreached lines':>16}")
        md += ["", "## RTL line and toggle coverage (Verilator)", "",
               "| file | line % | line points | toggle % | toggle points | unreached lines |",
               "|---|---:|---:|---:|---:|---:|"]
        tot = {"line": [0, 0], "toggle": [0, 0]}
        for f in sorted(mods):
            m = mods[f]
            for t in tot:
                tot[t][0] += m[t][0]
                tot[t][1] += m[t][1]
            lp, tp = m["line"], m["toggle"]
            nu = str(len(m["lines_unreached"])) + (f" ({len(m['lines_check'])} chk)" if m["lines_check"] else "")
            out.append(f"  {os.path.basename(f):<28} {fmt_pct(*lp):>7} {lp[0]:>5}/{lp[1]:<5} {fmt_pct(*tp):>7} "
                       f"{tp[0]:>6}/{tp[1]:<6} {nu:>16}")
            md.append(f"| {f} | {fmt_pct(*lp).strip()} | {lp[0]}/{lp[1]} | {fmt_pct(*tp).strip()} | "
                      f"{tp[0]}/{tp[1]} | {nu} |")
        lp, tp = tot["line"], tot["toggle"]
        nl = sum(len(m["lines_unreached"]) for m in mods.values())
        nc = sum(len(m["lines_check"]) for m in mods.values())
        nl = str(nl) + (f" ({nc} chk)" if nc else "")
        out.append(f"  {'total':<28} {fmt_pct(*lp):>7} {lp[0]:>5}/{lp[1]:<5} {fmt_pct(*tp):>7} "
                   f"{tp[0]:>6}/{tp[1]:<6} {nl:>16}")
        md.append(f"| **total** | {fmt_pct(*lp).strip()} | {lp[0]}/{lp[1]} | {fmt_pct(*tp).strip()} | "
                  f"{tp[0]}/{tp[1]} | {nl} |")
        if nc:
            out.append("  (chk: lines of simulation-only checks, `ifndef SYNTHESIS, which a passing run never enters)")
        worst = sorted((f for f in mods if mods[f]["line"][1]), key=lambda f: (pct(*mods[f]["line"]), f))[:a.worst]
        out.append(f"  least line-covered: " + ", ".join(
            f"{os.path.basename(f)} {pct(*mods[f]['line']):.1f}%" for f in worst))
        worst_t = sorted((f for f in mods if mods[f]["toggle"][1]), key=lambda f: (pct(*mods[f]["toggle"]), f))[:a.worst]
        out.append(f"  least toggle-covered: " + ", ".join(
            f"{os.path.basename(f)} {pct(*mods[f]['toggle']):.1f}%" for f in worst_t))

    unreached = [(g, b) for g, _, _, bins in groups for b in bins]
    out.append("")
    out.append(f"functional bins never reached: {len(unreached) or 'none'}")
    md += ["", f"## Functional bins never reached ({len(unreached)})", ""]
    for g, _, _, bins in groups:
        if not bins:
            continue
        out.append(f"  {g} ({len(bins)}):")
        out += wrap(bins)
        md.append(f"- **{g}** ({len(bins)}): " + ", ".join(f"`{b}`" for b in bins))

    if points:
        md += ["", "## RTL lines never reached", "",
               "Each unreached line coverage point: the line it starts at and Verilator's comment "
               "(block, if, else, case ...); `sim-only check`: inside `ifndef SYNTHESIS.", ""]
        for f in sorted(mods):
            lu = mods[f]["lines_unreached"]
            if lu:
                chk = mods[f]["lines_check"]
                md.append(f"- `{f}` ({len(lu)}): " + ", ".join(
                    f"{ln} ({'/'.join(sorted(set(c for c in cs if c)))}{'; sim-only check' if ln in chk else ''})"
                    for ln, cs in sorted(lu.items())))
        md += ["", "## RTL signals with a bit that never toggled", ""]
        for f in sorted(mods):
            su = mods[f]["signals_untoggled"]
            if su:
                md.append(f"- `{f}` ({len(su)}): " + ", ".join(f"`{s}`" for s in sorted(su)))

    print("\n".join(out))
    if a.report:
        with open(a.report, "w", encoding="utf-8") as fh:
            fh.write("\n".join(md) + "\n")
    if a.merged_func:
        with open(a.merged_func, "w", encoding="utf-8") as fh:
            fh.write("# wavegpu functional coverage, summed by scripts/coverage_report.py: group bin count\n")
            for g, b in order:
                fh.write(f"{g} {b} {counts[(g, b)]}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
