// SPDX-License-Identifier: Apache-2.0
// lockstep_selftest: the lockstep checker of the RTL testbench, without Verilator.
//  - Lockstep (sim/lockstep.h): a second golden model poses as the RTL and
//    produces the trace-port events the contract describes (RETIRE, MEM_DONE
//    after a latency, FAULT, dispatch). A clean run must pass; each planted bug
//    (a wrong lane, address, group, pc, fault field, a lost MEM_DONE, a memory
//    word) must be caught with a message naming the field.
// Run from the repository root (kernels in build/kernels/). PASS/FAIL lines.
#include "lockstep.h"

#include "alu.h"
#include "asm.h"
#include "coalesce.h"
#include "golden.h"
#include "isa.h"
#include "kbin.h"

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

static unsigned n_pass, n_fail;


static void result(const std::string &name, bool ok, const std::string &why = "")
{
    if (ok) {
        printf("PASS %s\n", name.c_str());
        n_pass++;
    } else {
        printf("FAIL %s: %s\n", name.c_str(), why.c_str());
        n_fail++;
    }
}

// ------------------------------------------------------------ a golden model posing as the RTL

struct Kernel {
    std::vector<uint64_t> code;
    uint32_t lds, waves;
};

static bool load_wgk(const char *name, Kernel *k)
{
    char path[256], err[256];
    snprintf(path, sizeof path, "build/kernels/%s.wgk", name);
    uint8_t *data = nullptr;
    size_t len = 0;
    kbin b;
    if (kbin_read_file(path, &data, &len, 1 << 20, err, sizeof err) != 0 || kbin_parse(data, len, &b, err, sizeof err) != 0) {
        free(data);
        fprintf(stderr, "lockstep_selftest: %s: %s\n", path, err);
        return false;
    }
    free(data);
    k->code.assign(b.insts, b.insts + b.num_insts);
    k->lds = b.lds_bytes;
    k->waves = b.waves_per_group;
    kbin_free(&b);
    return true;
}

static bool assemble(const char *src, Kernel *k)
{
    kbin b;
    char err[256];
    if (asm_assemble(src, strlen(src), "selftest", &b, err, sizeof err) != 0) {
        fprintf(stderr, "lockstep_selftest: %s\n", err);
        return false;
    }
    k->code.assign(b.insts, b.insts + b.num_insts);
    k->lds = b.lds_bytes;
    k->waves = b.waves_per_group;
    kbin_free(&b);
    return true;
}

// Planted bugs: called on every event before the checker sees it; may edit
// it, or return false to drop it.
using Mutator = std::function<bool(uint64_t cycle, TraceEvent &e)>;
using DispMutator = std::function<void(DispatchEvent &d)>;

struct FakeRun {
    bool ok;              // the checker accepted the run
    std::string msg;
    uint64_t events;
};

static FakeRun fake_run(const Kernel &k, unsigned cus, uint32_t groups, const std::vector<uint32_t> &args,
                        const std::vector<std::pair<uint32_t, uint32_t>> &init, Mutator mut = nullptr,
                        DispMutator dmut = nullptr, std::function<void(uint8_t *)> memmut = nullptr,
                        std::function<void(gpu_result &)> resmut = nullptr, bool report_ended = true,
                        std::function<void(std::vector<PerformEvent> &)> pmut = nullptr)
{
    const unsigned LAT = 7;
    gpu_config cfg;
    gpu_config_default(&cfg);
    cfg.num_cus = cus;
    cfg.mem_bytes = 1 << 20;
    char err[256];
    Lockstep ls;
    golden *dut = nullptr;
    golden_config gc;
    golden_config_default(&gc);
    gc.num_cus = cus;
    gc.mem_bytes = cfg.mem_bytes;
    gc.external_signals = true;
    if (ls.create(cfg, err, sizeof err) != GPU_OK || golden_create(&dut, &gc, err, sizeof err) != GPU_OK)
        return { false, std::string("setup: ") + err, 0 };
    std::vector<uint8_t> argb(4 * args.size());
    if (!args.empty()) memcpy(argb.data(), args.data(), argb.size());   // (no arguments: both pointers may be null)
    golden_mem_write(dut, 4096, argb.data(), (uint32_t)argb.size());
    ls.mem_write(4096, argb.data(), (uint32_t)argb.size());
    for (auto &w : init) {
        golden_mem_write(dut, w.first, &w.second, 4);
        ls.mem_write(w.first, &w.second, 4);
    }
    gpu_launch_desc d = { k.code.data(), (uint32_t)k.code.size(), groups, k.waves, k.lds, 4096, nullptr };
    golden_launch_params p = { d.code, d.num_insts, d.num_groups, d.waves_per_group, d.lds_bytes, d.args_addr };
    golden_launch(dut, &p, err, sizeof err);
    ls.launch(d, err, sizeof err);

    struct Done {
        uint64_t due;
        unsigned slot, sig;
        uint32_t wave;
        int dest;
        uint32_t mask;
        uint32_t data[32];
        unsigned entry;   // memory-unit entry, free again at `due`
    };
    std::vector<std::deque<Done>> q(cus);
    std::vector<std::deque<Done>> lq(cus);   // LDS results, like gpu_cu: an LDS_DONE after the RETIRE
    // Like gpu_gmem, each access takes a memory-unit entry (the lowest free),
    // and its line requests are performed the cycle after it retires, in the
    // order the fake performed them on its own memory at issue.
    std::vector<uint32_t> used(cus, 0);
    std::vector<PerformEvent> perf_next;
    std::vector<unsigned> last(cus, 1);
    bool faulted = false, checker_ok = true;
    unsigned fault_cu = 0, fault_slot = 0;
    uint64_t cycle = 0;
    for (; cycle < 2000000 && checker_ok; cycle++) {
        std::vector<TraceEvent> ev;
        for (unsigned c = 0; c < cus; c++) {
            TraceEvent e;
            memset(&e, 0, sizeof e);
            e.cu = c;
            if (!lq[c].empty() && lq[c].front().due <= cycle) {
                Done dn = lq[c].front();
                lq[c].pop_front();
                e.kind = TR_LDS_DONE;
                e.slot = dn.slot;
                e.dest = (unsigned)dn.dest;
                e.dest_mask = dn.mask;
                memcpy(e.dest_data, dn.data, sizeof e.dest_data);
                if (!faulted && (!mut || mut(cycle, e))) ev.push_back(e);
                continue;
            }
            if (!q[c].empty() && q[c].front().due <= cycle) {
                Done dn = q[c].front();
                q[c].pop_front();
                used[c] &= ~(1u << dn.entry);
                e.kind = TR_MEM_DONE;
                e.slot = dn.slot;
                e.sig = dn.sig;
                if (dn.dest >= 0) {
                    e.dest = (unsigned)dn.dest;
                    e.dest_mask = dn.mask;
                    memcpy(e.dest_data, dn.data, sizeof e.dest_data);
                }
                golden_wave_info wi;
                bool live = golden_wave_get(dut, c, dn.slot, &wi) && wi.wave == dn.wave;
                if (live) golden_complete_signal(dut, c, dn.slot, dn.sig);
                // Like rtl/gpu_cu.sv, optionally no MEM_DONE for a wave that has ended.
                if (!report_ended && !(live && wi.state != GOLDEN_WAVE_ENDED)) continue;
                if (!mut || mut(cycle, e)) ev.push_back(e);
                continue;
            }
            if (faulted) continue;
            for (unsigned i = 1; i <= 2; i++) {
                unsigned s = (last[c] + i) % 2;
                if (golden_wave_status(dut, c, s) != GOLDEN_WAVE_READY) continue;
                golden_wave_info wi;
                golden_wave_get(dut, c, s, &wi);
                golden_retire rec;
                golden_step_status st = golden_step(dut, c, s, &rec);
                if (st == GOLDEN_STEP_BLOCKED) continue;
                last[c] = s;
                e.slot = s;
                e.pc = wi.pc;
                if (st == GOLDEN_STEP_FAULT) {
                    e.kind = TR_FAULT;
                    faulted = true;
                    fault_cu = c;
                    fault_slot = s;
                } else {
                    e.kind = TR_RETIRE;
                    bool deferred = rec.gmem == GOLDEN_MEM_LOAD || (rec.gmem == GOLDEN_MEM_ATOMIC && rec.dest >= 0);
                    const isa_op_info *op = isa_op((uint8_t)(rec.inst >> 56));
                    bool lds_deferred = (op->fmt == ISA_FMT_LDS_LOAD || op->fmt == ISA_FMT_LDS_ATOMIC) && rec.dest >= 0;
                    if (lds_deferred) {
                        Done dn{ cycle + 1 + cycle % 3, s, 0, rec.wave, rec.dest, rec.dest_mask, {}, 0 };
                        memcpy(dn.data, rec.dest_data, sizeof dn.data);
                        lq[c].push_back(dn);
                    }
                    if (rec.dest >= 0 && !deferred && !lds_deferred) {
                        e.dest = (unsigned)rec.dest;
                        e.dest_mask = rec.dest_mask;
                        memcpy(e.dest_data, rec.dest_data, sizeof e.dest_data);
                    }
                    if (rec.lds_mask) {
                        e.mem_mask = rec.lds_mask;
                        memcpy(e.mem_addr, rec.lds_addr, sizeof e.mem_addr);
                        memcpy(e.mem_data, rec.lds_data, sizeof e.mem_data);
                    } else if (rec.gmem_mask) {
                        e.mem_mask = rec.gmem_mask;
                        memcpy(e.mem_addr, rec.gmem_addr, sizeof e.mem_addr);
                        memcpy(e.mem_data, rec.gmem_data, sizeof e.mem_data);
                    }
                    if (rec.sig_issued >= 0) {
                        unsigned entry = (unsigned)__builtin_ctz(~used[c]);
                        used[c] |= 1u << entry;
                        e.gm_entry = entry;
                        Done dn{ cycle + LAT, s, (unsigned)rec.sig_issued, rec.wave, deferred ? rec.dest : -1,
                                 rec.dest_mask, {}, entry };
                        memcpy(dn.data, rec.dest_data, sizeof dn.data);
                        q[c].push_back(dn);
                        if (rec.gmem != GOLDEN_MEM_CACHE) {
                            coal_req r[32];
                            int nr = coalesce(rec.gmem == GOLDEN_MEM_ATOMIC, rec.gmem_mask, rec.gmem_addr, nullptr, r);
                            for (int i = 0; i < nr; i++)
                                perf_next.push_back(PerformEvent{ c << 10 | entry << 5 | r[i].lead });
                        }
                    }
                }
                if (!mut || mut(cycle, e)) ev.push_back(e);
                break;
            }
        }
        DispatchEvent dsp;
        bool have_disp = false;
        unsigned slot;
        int cu = faulted ? -1 : golden_dispatch_choice(dut, &slot);
        if (cu >= 0) {
            dsp = { (unsigned)cu, slot, (unsigned)golden_dispatch(dut, (unsigned)cu, (int)slot) };
            if (dmut) dmut(dsp);
            have_disp = true;
        }
        std::vector<PerformEvent> perf_now;
        perf_now.swap(perf_next);
        checker_ok = ls.edge(cycle, ev.data(), (unsigned)ev.size(), have_disp ? &dsp : nullptr, fault_cu, fault_slot);
        if (pmut) pmut(perf_now);
        if (checker_ok && !perf_now.empty())
            checker_ok = ls.memory(cycle, nullptr, 0, perf_now.data(), (unsigned)perf_now.size(), nullptr, 0);
        bool drained = true;
        for (auto &x : q) drained &= x.empty();
        if (drained && (faulted || golden_finished(dut))) break;
    }
    if (checker_ok) {
        gpu_result r;
        golden_result(dut, &r);
        r.status = faulted ? GPU_ERR_FAULT : GPU_OK;
        if (resmut) resmut(r);
        std::vector<uint8_t> mem(cfg.mem_bytes);
        golden_mem_read(dut, mem.data(), 0, cfg.mem_bytes);
        if (memmut) memmut(mem.data());
        checker_ok = ls.finish(cycle, r.status, r, mem.data(), cfg.mem_bytes);
    }
    golden_destroy(dut);
    return { checker_ok, ls.message(), ls.events() };
}

// The run must be rejected with a message containing `field`.
static void expect_caught(const std::string &name, const FakeRun &r, const char *field)
{
    if (r.ok) return result(name, false, "the planted bug was not caught");
    if (r.msg.find(field) == std::string::npos) return result(name, false, "caught, but not as '" + std::string(field) + "': " + r.msg);
    result(name, true);
}

static const char *ATOMIC_SRC =
    ".waves 1\n.lds 256\n"
    "    global_load32 s0, v16, one, args\n"       // v16 = the counter's address
    "    sig_wait s0\n"
    "    global_atomic_add s1, v17, one, v16, 1\n" // every lane: old value in v17
    "    global_atomic_add s2, v18, lo16, v16, 2 noret\n"
    "    shl v19, sid, 2\n"
    "    local_store32 v19, one, sid\n"
    "    local_atomic_add v20, one, v19, 5\n"
    "    local_load32 v21, n2nd, v19 offset:0\n"
    "    sig_waitall2 s1, s2\n"
    "    add v22, v17, v21\n"
    "    end\n";

static const char *FAULT_SRC =
    ".waves 1\n"
    "    add v16, sid, 1024\n"
    "    shl v16, v16, 2\n"                        // lane l: 4096 + 4l
    "    sub v16, v16, n2nd\n"                     // odd lanes: misaligned; lowest faulting lane 1
    "    global_load32 s0, v17, one, v16\n"
    "    end\n";

static const char *END_SRC =
    ".waves 1\n"
    "    global_load32 s0, v16, one, args\n"
    "    sig_wait s0\n"
    "    shl v17, sid, 2\n"
    "    add v16, v16, v17\n"
    "    shl v19, wave, 7\n"
    "    add v16, v16, v19\n"                     // wave w, lane l: out + 128w + 4l
    "    global_store32 s15, v16, one, sid\n"
    "    global_load32 s14, v18, one, v16\n"
    "    end\n";                                   // both still in flight

static void test_lockstep()
{
    uint64_t n = 0;
    Kernel mm, dt, at, ft, en;
    if (!load_wgk("matmul_tiled", &mm) || !load_wgk("dt_valu_int", &dt) || !assemble(ATOMIC_SRC, &at) ||
        !assemble(FAULT_SRC, &ft) || !assemble(END_SRC, &en)) {
        result("lockstep_setup", false, "cannot load or assemble the kernels");
        return;
    }
    // matmul_tiled N=16: A at 0x2000, B at 0x3000, C at 0x4000; inputs: small integers as f32.
    std::vector<std::pair<uint32_t, uint32_t>> init;
    for (uint32_t i = 0; i < 512; i++) {
        float f = (float)(i % 7) - 3.0f;
        uint32_t u;
        memcpy(&u, &f, 4);
        init.push_back({ 0x2000 + 4 * i, u });
    }
    std::vector<uint32_t> mmargs = { 0x2000, 0x3000, 0x4000, 16 };
    FakeRun r = fake_run(mm, 2, 4, mmargs, init);
    result("lockstep_clean_matmul_tiled", r.ok && r.events > 1000, r.ok ? "too few events" : r.msg);
    std::vector<uint32_t> dtargs = { 0x8000, 0x6000, 256, 25 * 128 };
    r = fake_run(dt, 4, 6, dtargs, init);
    result("lockstep_clean_dt_valu_int", r.ok, r.msg);
    std::vector<uint32_t> atargs = { 0x5000 };
    r = fake_run(at, 3, 7, atargs, {});
    result("lockstep_clean_atomics", r.ok, r.msg);
    r = fake_run(ft, 2, 3, {}, {});
    result("lockstep_clean_fault", r.ok, r.msg);
    // Accesses in flight at `end`: their MEM_DONE may come (after the slot is
    // reused) or not at all; both are accepted. One lost for a live wave is not.
    std::vector<uint32_t> enargs = { 0x10000 };
    r = fake_run(en, 2, 9, enargs, {});
    result("lockstep_ended_wave_mem_done_reported", r.ok, r.msg);
    r = fake_run(en, 2, 9, enargs, {}, nullptr, nullptr, nullptr, nullptr, false);
    result("lockstep_ended_wave_mem_done_not_reported", r.ok, r.msg);
    n = 0;
    expect_caught("lockstep_catches_ended_wave_store_lost", fake_run(en, 2, 9, enargs, {}, nullptr, nullptr,
        [](uint8_t *m) { m[0x10000 + 128 * 5 + 8] ^= 1; }, nullptr, false), "global memory word at 0x00010288");

    // Planted bugs.
    n = 0;
    expect_caught("lockstep_catches_dest_data", fake_run(mm, 2, 4, mmargs, init, [&](uint64_t, TraceEvent &e) {
        if (e.kind == TR_RETIRE && e.dest_mask && ++n == 300) e.dest_data[__builtin_ctz(e.dest_mask)] ^= 1;
        return true; }), "dest_data lane");
    n = 0;
    expect_caught("lockstep_catches_dest_mask", fake_run(dt, 4, 6, dtargs, init, [&](uint64_t, TraceEvent &e) {
        if (e.kind == TR_RETIRE && e.dest_mask == 0xFFFFFFFFu && ++n == 40) e.dest_mask = 0x7FFFFFFFu;
        return true; }), "dest_mask");
    n = 0;
    expect_caught("lockstep_catches_dest_reg", fake_run(dt, 4, 6, dtargs, init, [&](uint64_t, TraceEvent &e) {
        if (e.kind == TR_RETIRE && e.dest_mask && ++n == 41) e.dest ^= 1;
        return true; }), "dest:");
    n = 0;
    expect_caught("lockstep_catches_global_addr", fake_run(mm, 2, 4, mmargs, init, [&](uint64_t, TraceEvent &e) {
        if (e.kind == TR_RETIRE && e.mem_mask && ++n == 20) e.mem_addr[31] += 4;
        return true; }), "mem_addr lane 31");
    n = 0;
    expect_caught("lockstep_catches_lds_store_data", fake_run(at, 3, 7, atargs, {}, [&](uint64_t, TraceEvent &e) {
        if (e.kind == TR_RETIRE && e.mem_mask == 0xFFFFFFFFu && e.mem_addr[3] == 12 && ++n == 2) e.mem_data[3]++;
        return true; }), "mem_data lane 3");
    n = 0;
    expect_caught("lockstep_catches_load_data_at_mem_done", fake_run(mm, 2, 4, mmargs, init, [&](uint64_t, TraceEvent &e) {
        if (e.kind == TR_MEM_DONE && e.dest_mask && ++n == 30) e.dest_data[5] ^= 0x80000000u;
        return true; }), "MEM_DONE dest_data lane 5");
    n = 0;
    expect_caught("lockstep_catches_atomic_return", fake_run(at, 3, 7, atargs, {}, [&](uint64_t, TraceEvent &e) {
        if (e.kind == TR_MEM_DONE && e.dest_mask && ++n == 3) e.dest_data[0]++;
        return true; }), "MEM_DONE dest_data lane 0");
    n = 0;
    expect_caught("lockstep_catches_lds_load_data", fake_run(mm, 2, 4, mmargs, init, [&](uint64_t, TraceEvent &e) {
        if (e.kind == TR_LDS_DONE && e.dest_mask && ++n == 25) e.dest_data[__builtin_ctz(e.dest_mask)] ^= 1;
        return true; }), "LDS_DONE dest_data lane");
    n = 0;
    expect_caught("lockstep_catches_lds_done_dest", fake_run(mm, 2, 4, mmargs, init, [&](uint64_t, TraceEvent &e) {
        if (e.kind == TR_LDS_DONE && ++n == 7) e.dest ^= 1;
        return true; }), "LDS_DONE dest:");
    n = 0;
    expect_caught("lockstep_catches_lost_lds_done", fake_run(mm, 2, 4, mmargs, init, [&](uint64_t, TraceEvent &e) {
        return !(e.kind == TR_LDS_DONE && ++n == 12); }), "LDS_DONE");
    n = 0;
    expect_caught("lockstep_catches_lost_mem_done", fake_run(mm, 2, 4, mmargs, init, [&](uint64_t, TraceEvent &e) {
        return !(e.kind == TR_MEM_DONE && ++n == 10); }), "MEM_DONE order");
    n = 0;
    expect_caught("lockstep_catches_wrong_signal", fake_run(mm, 2, 4, mmargs, init, [&](uint64_t, TraceEvent &e) {
        if (e.kind == TR_MEM_DONE && ++n == 1) e.sig = 9;
        return true; }), "MEM_DONE on s9");
    n = 0;
    expect_caught("lockstep_catches_pc", fake_run(mm, 2, 4, mmargs, init, [&](uint64_t, TraceEvent &e) {
        if (e.kind == TR_RETIRE && ++n == 77) e.pc++;
        return true; }), "pc:");
    n = 0;
    expect_caught("lockstep_catches_extra_retire", fake_run(mm, 2, 4, mmargs, init, [&](uint64_t, TraceEvent &e) {
        if (e.kind == TR_RETIRE && ++n == 100) e.slot ^= 1;
        return true; }), "expected");
    expect_caught("lockstep_catches_dispatch_group", fake_run(mm, 2, 4, mmargs, init, nullptr, [&](DispatchEvent &d) {
        if (d.group == 2) d.group = 3; }), "dispatch group");
    expect_caught("lockstep_catches_memory_word", fake_run(mm, 2, 4, mmargs, init, nullptr, nullptr, [](uint8_t *m) {
        m[0x4000 + 4 * 37 + 1] ^= 1; }), "global memory word at 0x00004094");
    expect_caught("lockstep_catches_fault_lane", fake_run(ft, 2, 3, {}, {}, nullptr, nullptr, nullptr, [](gpu_result &r) {
        r.lane = 3; }), "fault_lane");
    expect_caught("lockstep_catches_missing_fault", fake_run(mm, 2, 4, mmargs, init, nullptr, nullptr, nullptr, [](gpu_result &r) {
        r.status = GPU_ERR_FAULT; }), "outcome");
    n = 0;
    expect_caught("lockstep_catches_retire_instead_of_fault", fake_run(ft, 2, 3, {}, {}, [&](uint64_t, TraceEvent &e) {
        if (e.kind == TR_FAULT) e.kind = TR_RETIRE;
        return true; }), "FAULT: fault GLOBAL_MISALIGNED");

    // Planted bugs in the performs at the point of coherence.
    auto pm = [&](std::function<void(std::vector<PerformEvent> &)> f) {
        n = 0;
        return fake_run(mm, 2, 4, mmargs, init, nullptr, nullptr, nullptr, nullptr, true, f);
    };
    expect_caught("lockstep_catches_lost_perform", pm([&](std::vector<PerformEvent> &v) {
        for (size_t i = 0; i < v.size(); i++)
            if (++n == 40) { v.erase(v.begin() + (long)i); break; } }), "not performed");
    expect_caught("lockstep_catches_duplicate_perform", pm([&](std::vector<PerformEvent> &v) {
        if (!v.empty() && (n += (unsigned)v.size()) >= 40 && n < 1000) { v.push_back(v.back()); n = 1000; } }),
        "the lane already performed");
    // (a wrong lead lane in the same line names the same request: no bug)
    expect_caught("lockstep_catches_perform_wrong_entry", pm([&](std::vector<PerformEvent> &v) {
        for (auto &x : v)
            if (++n == 40) x.tag ^= 1u << 5; }), "L2 perform (tag");
    // Two contending atomics performed in the other order than the fake did:
    // the old values they return differ.
    n = 0;
    expect_caught("lockstep_catches_atomic_perform_order", fake_run(at, 3, 7, atargs, {}, nullptr, nullptr, nullptr,
        nullptr, true, [&](std::vector<PerformEvent> &v) {
            if (v.size() >= 2 && n++ == 0) std::swap(v[0], v[1]); }), "MEM_DONE dest_data");
}

int main()
{
    test_lockstep();
    printf("lockstep_selftest: %u passed, %u failed\n", n_pass, n_fail);
    return n_fail ? 1 : 0;
}
