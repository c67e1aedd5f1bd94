#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes waves/gpu.gtkw, the GTKWave save file for the FSTs of `make sim`,
from the signal list of a real FST (so every name exists), and the translate
filter files it uses (waves/gpu_filter_*.txt, value names from csrc/isa.def).

    python3 scripts/gen_gtkw.py waves/matmul_tiled.fst [waves/gpu.gtkw]
    python3 scripts/gen_gtkw.py --check FST [waves/gpu.gtkw]

--check writes nothing: it prints PASS when the save file and the filter
files are what this script writes from FST today and every name it asks
for is in FST, else FAIL with the first difference (scripts/check_gtkw.sh,
in make test, runs it on a short traced run).

Groups: the GPU (launch, busy, fault), the host's AXI4-Lite register port
(closed), CU 0, the memory system (L2
crossbar, maintenance, the AXI4 port), each L2 slice, the dispatcher, then
the other CUs, each with (last) its L1 and: waves (pcs, states, stalls), issue and writeback (with the
instruction disassembled by build/bin/gtkw_disasm), the LDS, the global-memory
unit, and the signal slots. CU 0's groups are open, the others closed. Rerun
it when the RTL's signal names change; names it cannot find are left out
and listed on stderr.
"""
import re
import subprocess
import sys

# Display flags of GTKWave save files.
HEX, DEC, BIN, RJUST = 0x2, 0x4, 0x8, 0x20
FTRANS, PTRANS = 0x2000, 0x4000
GRP_BEGIN, GRP_END, BLANK, CLOSED = 0x800000, 0x1000000, 0x200, 0x400000

FILTERS = {}   # name -> file path (index assigned in order of first use)
FILTER_TEXT = {}   # file path -> its contents
PROCS = {}


def fst_vars(path):
    """Full dotted names (without ranges) -> (name with range, width)."""
    p = subprocess.Popen(["fst2vcd", path], stdout=subprocess.PIPE, text=True)
    scopes, out = [], {}
    for line in p.stdout:
        t = line.split()
        if not t:
            continue
        if t[0] == "$enddefinitions":
            break
        if t[0] == "$scope":
            scopes.append(t[2])
        elif t[0] == "$upscope":
            scopes.pop()
        elif t[0] == "$var":
            width, name = int(t[2]), t[4]
            rng = t[5] if len(t) > 6 and t[5].startswith("[") else ""
            full = ".".join(scopes + [name])
            out[full] = (full + rng, width)
    p.kill()
    p.wait()
    return out


def isa_names(kind):
    """{code: name} of the ISA_FAULT or ISA_FN rows of csrc/isa.def."""
    names = {}
    for line in open("csrc/isa.def"):
        m = re.match(r"\s*%s\((\w+),\s*(\d+)" % kind, line)
        if m:
            names[int(m.group(2))] = m.group(1)
    return names


def write_filter(name, table):
    path = "waves/gpu_filter_%s.txt" % name
    FILTER_TEXT[path] = ("# GTKWave translate filter (decimal value -> name), written by scripts/gen_gtkw.py\n" +
                         "".join("%d %s\n" % (v, table[v]) for v in sorted(table)))
    FILTERS[name] = path


class Save:
    def __init__(self, vars_):
        self.vars = vars_
        self.lines = []
        self.missing = []

    def sig(self, name, fmt=HEX, filt=None, proc=None):
        if name not in self.vars:
            self.missing.append(name)
            return
        full, width = self.vars[name]
        flags = RJUST | (BIN if width == 1 and fmt == HEX else fmt)
        # Order as GTKWave writes it: flags, then the filter, then the signal.
        if filt:
            flags |= FTRANS
        if proc:
            flags |= PTRANS
        self.lines.append("@%x" % flags)
        if filt:
            self.lines.append("^%d %s" % (list(FILTERS).index(filt) + 1, FILTERS[filt]))
        if proc:
            self.lines.append("^>%d %s" % (list(PROCS).index(proc) + 1, PROCS[proc]))
        self.lines.append(full)

    def group(self, title, closed, body):
        self.lines.append("@%x" % (GRP_BEGIN | BLANK | (CLOSED if closed else 0)))
        self.lines.append("-" + title)
        body()
        self.lines.append("@%x" % (GRP_END | BLANK | (CLOSED if closed else 0)))
        self.lines.append("-" + title)


def main():
    args = sys.argv[1:]
    check = bool(args) and args[0] == "--check"
    if check:
        args = args[1:]
    if not args:
        sys.exit("usage: gen_gtkw.py [--check] FST [SAVEFILE]")
    fst = args[0]
    out = args[1] if len(args) > 1 else "waves/gpu.gtkw"
    v = fst_vars(fst)
    write_filter("tr_kind", {0: "RETIRE", 1: "MEM_DONE", 2: "FAULT"})
    write_filter("mem_op", {0: "load", 1: "store", 2: "atomic", 3: "cache"})
    write_filter("fault", {k: n for k, n in isa_names("ISA_FAULT").items()} | {0: "none"})
    write_filter("fn", isa_names("ISA_FN"))
    PROCS["disasm"] = "build/bin/gtkw_disasm"
    s = Save(v)
    T, G = "TOP", "TOP.gpu_top"
    ncu = 0
    while "%s.g_cu[%d].u_cu.clk_i" % (G, ncu) in v:
        ncu += 1

    def gpu():
        for n in ["clk_i", "rst_i", "busy_o", "irq_o"]:
            s.sig("%s.%s" % (T, n))
        for n in ["host_launch", "host_num_groups", "host_two_waves", "running_q", "fault_q"]:
            s.sig("%s.%s" % (G, n))
        s.sig(G + ".fault_code_q", DEC, filt="fault")
        for n in ["fault_cu_q", "fault_slot_q", "fault_wave_q", "fault_pc_q"]:
            s.sig("%s.%s" % (G, n))
        s.sig(G + ".fault_inst_q", proc="disasm")
        for n in ["stop_q", "cu_idle", "finished"]:
            s.sig("%s.%s" % (G, n))

    def host():
        for n in ["s_axil_awvalid", "s_axil_awready", "s_axil_awaddr", "s_axil_wvalid", "s_axil_wready",
                  "s_axil_wdata", "s_axil_wstrb", "s_axil_bvalid", "s_axil_bready", "s_axil_bresp",
                  "s_axil_arvalid", "s_axil_arready", "s_axil_araddr", "s_axil_rvalid", "s_axil_rready",
                  "s_axil_rdata", "s_axil_rresp"]:
            s.sig("%s.%s" % (T, n))
        r = G + ".u_regs"
        for n in ["done_q", "irq_en_q", "launch_q", "imem_we_o", "imem_addr_o", "ctr_cu_o", "ctr_idx_o"]:
            s.sig("%s.%s" % (r, n))

    def dispatcher():
        d = G + ".u_dispatch"
        for n in ["active_q", "next_q", "total_q", "last_q", "slot_free_i", "fits", "place_o", "place_slot_o",
                  "place_group_o", "all_placed_o"]:
            s.sig("%s.%s" % (d, n))
        for n in ["tr_disp_valid_o", "tr_disp_cu_o", "tr_disp_slot_o", "tr_disp_group_o"]:
            s.sig("%s.%s" % (T, n))

    def memsys():
        for n in ["m_axi_arvalid", "m_axi_arready", "m_axi_arid", "m_axi_araddr", "m_axi_rvalid", "m_axi_rready",
                  "m_axi_rid", "m_axi_rlast", "m_axi_rdata", "m_axi_awvalid", "m_axi_awready", "m_axi_awid",
                  "m_axi_awaddr", "m_axi_wvalid", "m_axi_wready", "m_axi_wlast", "m_axi_wstrb", "m_axi_wdata",
                  "m_axi_bvalid", "m_axi_bid", "m_axi_bresp"]:
            s.sig("%s.%s" % (T, n))
        s.sig(G + ".mem_error")
        for n in ["cu_req_valid", "cu_req_ready", "cu_resp_valid", "sl_valid", "sl_ready", "sl_resp_valid",
                  "sl_resp_ready", "maint_req", "maint_inv", "mt_busy_q", "mt_flush_q", "flushed_q", "sl_idle"]:
            s.sig("%s.%s" % (G, n))

    def l2_slice(i):
        sl = "%s.g_l2[%d].u_slice" % (G, i)
        for n in ["req_valid_i", "req_ready_o"]:
            s.sig("%s.%s" % (sl, n))
        s.sig(sl + ".req_op_i", DEC, filt="mem_op")
        for n in ["req_line_i", "req_words_i", "req_tag_i", "a_replay", "a_hit", "a_reserved", "a_go", "b_kind_q",
                  "resp_valid_o", "resp_ready_i", "resp_tag_o", "mr_valid_o", "mr_ready_i", "mr_line_o", "mr_id_o",
                  "mf_valid_i", "mf_id_i", "mw_valid_o", "mw_ready_i", "mw_line_o", "mw_id_o", "mb_valid_i",
                  "mb_id_i"]:
            s.sig("%s.%s" % (sl, n))
        # its parts: write-back buffers and writes in flight, the walker, the MSHRs
        for n in ["u_wb.wb_valid_q", "u_wb.wr_valid_q", "u_maint.walk_q", "u_maint.walk_set_q",
                  "u_maint.walk_wait_q", "maint_done_o"]:
            s.sig("%s.%s" % (sl, n))
        m = 0
        while "%s.u_mshrs.ms_state_q[%d]" % (sl, m) in v:
            s.sig("%s.u_mshrs.ms_state_q[%d]" % (sl, m))
            m += 1

    def cu_groups(c):
        cu = "%s.g_cu[%d].u_cu" % (G, c)
        sc = cu + ".u_sched"
        closed = c != 0

        def waves():
            # (per-slot state is in flat vectors: slot w's part is the upper or lower half)
            for n in ["live_q", "two_q", "wave_id_q", "group_q", "cur_pc[0]",
                      "cur_pc[1]", "ib_valid_q", "ready", "bar_q", "ser_q", "need_q", "inflight_q", "sig_stall", "gmem_stall", "lds_stall", "stall_dep_o", "stall_mem_o",
                      "stall_bar_o", "stall_lds_o", "last_q"]:
                s.sig("%s.%s" % (sc, n))

        def issue():
            for n in ["is_valid", "is_slot", "is_pc"]:
                s.sig("%s.%s" % (cu, n))
            s.sig(cu + ".is_inst", proc="disasm")
            s.sig(cu + ".is_fault", DEC, filt="fault")
            for n in ["ex_valid_q", "ex_slot_q", "ex_pc_q", "u_writeback.p2_valid_q", "u_writeback.p2_slot_q",
                      "u_writeback.p2_pc_q", "wb_valid"]:
                s.sig("%s.%s" % (cu, n))
            s.sig(cu + ".wb_kind", DEC, filt="tr_kind")
            for n in ["wb_slot", "wb_pc"]:
                s.sig("%s.%s" % (cu, n))
            s.sig(cu + ".wb_inst", proc="disasm")
            for n in ["wb_dest", "wb_dest_mask", "wb_dest_data", "wb_mem_mask"]:
                s.sig("%s.%s" % (cu, n))

        def lds():
            l = cu + ".u_lds"
            for n in ["req_valid_i", "req_ready_o", "req_op_i", "req_fn_i", "req_mask_i", "count_o", "act_q",
                      "first_q", "pend", "resp_valid_o", "res_valid_o", "res_mask_o", "res_pop_i", "busy_o",
                      "stat_conflict_o", "stat_lanes_o"]:
                s.sig("%s.%s" % (l, n))
            for n in ["u_lds_clear.active_q", "u_lds_clear.slot_q", "u_lds_clear.word_q"]:
                s.sig("%s.%s" % (cu, n))

        def gmem():
            g = cu + ".u_gmem"
            for n in ["acc_valid_i", "acc_slot_i"]:
                s.sig("%s.%s" % (g, n))
            s.sig(g + ".acc_op_i", DEC, filt="mem_op")
            for n in ["acc_sig_i", "acc_mask_i", "acc_dest_i", "free_o", "valid_q", "slot_q", "unsent_q[0]",
                      "unsent_q[1]", "unsent_q[2]", "unsent_q[3]", "req_valid_o", "req_ready_i", "req_line_o",
                      "req_words_o", "req_tag_o", "resp_valid_i", "resp_tag_i", "done_valid_o", "done_ready_i",
                      "done_slot_o", "done_sig_o", "done_mask_o", "maint_req_o", "maint_ack_i", "maint_done_i"]:
                s.sig("%s.%s" % (g, n))

        def signals():
            for n in ["sigp_q", "sreg_v_q", "sreg_q", "busy_q"]:
                s.sig("%s.%s" % (sc, n))
            for n in ["wb_memdone", "wb_sig", "wb_sigdone", "wb_sigs"]:
                s.sig("%s.%s" % (cu, n))

        s.group("CU %d waves: pc, state, stalls" % c, closed, waves)
        s.group("CU %d issue and writeback" % c, closed, issue)
        s.group("CU %d signal slots and pending registers" % c, closed, signals)
        s.group("CU %d LDS" % c, closed, lds)
        s.group("CU %d global memory unit" % c, closed, gmem)

        def l1():
            l = cu + ".u_l1"
            for n in ["req_valid_i", "req_ready_o"]:
                s.sig("%s.%s" % (l, n))
            s.sig(l + ".req_op_i", DEC, filt="mem_op")
            for n in ["req_scope_i", "req_nt_i", "req_line_i", "req_tag_i", "a_hit", "a_pend", "a_alloc", "a_go",
                      "dreq_valid_o", "dreq_ready_i", "dresp_valid_i", "dresp_tag_i", "fill_hit", "fill_install",
                      "b_valid_q", "resp_valid_o", "resp_tag_o", "ms_valid_q", "ms_stale_q"]:
                s.sig("%s.%s" % (l, n))

        s.group("CU %d L1" % c, closed, l1)

    # CU 0 right below the task status, where the eye lands; then the shared
    # blocks; the other CUs closed (click a group name to open it).
    s.group("GPU", False, gpu)
    s.group("host registers: AXI4-Lite slave", True, host)
    if ncu:
        cu_groups(0)
    s.group("memory system: L2 crossbar, maintenance, AXI4 port", False, memsys)
    nsl = 0
    while "%s.g_l2[%d].u_slice.clk_i" % (G, nsl) in v:
        s.group("L2 slice %d" % nsl, nsl != 0, lambda i=nsl: l2_slice(i))
        nsl += 1
    s.group("dispatcher", False, dispatcher)
    for c in range(1, ncu):
        cu_groups(c)

    text = ("[*]\n[*] GTKWave save file for the FSTs of `make sim` (open with `make view`).\n" +
            "[*] Written by scripts/gen_gtkw.py from %s; one cycle is 10 ns.\n[*]\n" % fst +
            '[dumpfile] "%s"\n' % fst +
            '[savefile] "%s"\n' % out +
            "[timestart] 0\n[size] 1600 1000\n[pos] -1 -1\n*-9.000000 0 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1\n" +
            "[treeopen] TOP.\n[treeopen] TOP.gpu_top.\n[sst_width] 260\n[signals_width] 420\n" +
            "[sst_expanded] 1\n[sst_vpaned_height] 300\n" +
            "\n".join(s.lines) + "\n[pattern_trace] 1\n[pattern_trace] 0\n")
    if check:
        sys.exit(0 if check_files(out, text, s.missing) else 1)
    with open(out, "w") as f:
        f.write(text)
    for path, body in FILTER_TEXT.items():
        with open(path, "w") as f:
            f.write(body)
    if s.missing:
        sys.stderr.write("gen_gtkw: not in %s (left out): %s\n" % (fst, " ".join(s.missing)))
    print("gen_gtkw: wrote %s (%d CUs) and %d filter files" % (out, ncu, len(FILTERS)))


def check_files(out, text, missing):
    """--check: the committed files against what this run would write; prints PASS or FAIL."""
    name = "gtkw_save_file_current"
    if missing:
        print("FAIL %s: %d signals of the save file are not in the model (%s ...): rename them in "
              "scripts/gen_gtkw.py" % (name, len(missing), " ".join(missing[:3])))
        return False
    # (the lines naming the FST differ by design)
    def body(t):
        return [l for l in t.splitlines() if not l.startswith("[*] Written by") and not l.startswith("[dumpfile]")]
    for path, want in [(out, text)] + list(FILTER_TEXT.items()):
        try:
            have = open(path).read()
        except OSError as e:
            print("FAIL %s: %s: %s" % (name, path, e.strerror))
            return False
        a, b = body(have), body(want)
        if a != b:
            i = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
            print("FAIL %s: %s line %d is %r, scripts/gen_gtkw.py writes %r (rerun it on a make sim FST)" %
                  (name, path, i + 1, a[i] if i < len(a) else "<end>", b[i] if i < len(b) else "<end>"))
            return False
    print("PASS %s (%d signals, %d filter files)" % (name, sum(1 for l in text.splitlines() if l.startswith("TOP.")),
                                                     len(FILTER_TEXT)))
    return True


if __name__ == "__main__":
    main()
