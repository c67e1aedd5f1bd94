// SPDX-License-Identifier: Apache-2.0
// lockstep.cpp: see lockstep.h. What is compared, per trace event:
//   RETIRE   golden_step on the same wave must retire the same pc; the written
//            register, lane mask and lanes must match (for a global load or a
//            returning atomic D is written later: its expected lanes are kept
//            until the MEM_DONE of its signal); LDS stores/atomics: mask and
//            addresses, and the data of plain stores; global accesses: mask
//            and addresses, and the data of stores.
//   perform  a line request performed at the point of coherence (PerformEvent,
//            named by CU, memory-unit entry and lead lane): the lanes it
//            serves (docs/isa.md 4.7) read, write or read-modify-write the
//            golden model's memory, in the order the hardware performs them
//            (the golden model runs with external_memory); each lane once.
//   L1       a request passing a CU's L1 (L1Event): a hit must be a load
//            that may hit (wave/group scope, no nt) on a line the L1 holds
//            at the ISA level (as the L2 read it at its fill, with the CU's
//            own stores since); it serves its lanes from there. A request
//            sent on makes any fill of that line still to come stale and,
//            unless a load that may hit, drops the line (a store of
//            wave/group scope without nt updates it instead; cache_inv_l1
//            drops every line). A fill installs the line as the L2 read it
//            for that request, and must not be stale.
//   MEM_DONE every lane performed; D as the performs read it (loads: the
//            values, returning atomics: the old values); then
//            golden_complete_access, which writes D in the golden model and
//            checks the same-kind completion order of docs/isa.md 4.8.
//   FAULT    golden_step must fault on the same pc; the fault report
//            (fault_* ports) is compared at finish(), where it is valid.
//   dispatch golden_dispatch on the same CU and slot must place the same group.
// At the end: the golden model has finished, every access of a wave that has
// not ended has had its MEM_DONE, and the two device memories are equal.
//
// Assumption (the contract does not say): an access still in flight when its
// wave ends may or may not get a MEM_DONE (rtl/gpu_cu.sv reports none: its
// wave has no state left to change). Its effect on memory is checked by the
// final comparison. When the slot is reused, such accesses become orphans:
// a later MEM_DONE on their signal matches the new wave's access first.
#include "lockstep.h"

#include "disasm.h"
#include "alu.h"
#include "gpu_mem.h"   // generated from rtl/gpu_mem_pkg.sv: the tag layout
#include "isa.h"

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <vector>

static std::string hex32(uint32_t v)
{
    char b[16];
    snprintf(b, sizeof b, "0x%08" PRIx32, v);
    return b;
}

static std::string dec(long v) { return std::to_string(v); }

// The fields of a line request's tag (gpu_mem_pkg).
static unsigned tag_cu(uint32_t t) { return t >> MEM_TAG_CU_LSB & ((1u << MEM_TAG_CU_W) - 1); }
static unsigned tag_entry(uint32_t t) { return t >> MEM_TAG_ENTRY_LSB & ((1u << MEM_TAG_ENTRY_W) - 1); }
static unsigned tag_lane(uint32_t t) { return t >> MEM_TAG_LANE_LSB & ((1u << MEM_TAG_LANE_W) - 1); }

static const char *state_text(golden_wave_state s)
{
    switch (s) {
    case GOLDEN_WAVE_EMPTY: return "no wave";
    case GOLDEN_WAVE_READY: return "ready";
    case GOLDEN_WAVE_SIGNAL: return "waiting on a signal";
    case GOLDEN_WAVE_BARRIER: return "waiting at a barrier";
    case GOLDEN_WAVE_ENDED: return "ended";
    }
    return "?";
}

static std::string fault_text(const gpu_result &r)
{
    char b[160];
    snprintf(b, sizeof b, "fault %s (lane %d, addr 0x%08" PRIx32 ", reg %d)", isa_fault_name(r.fault), (int)r.lane,
             r.addr, (int)r.reg);
    return b;
}

Lockstep::~Lockstep() { golden_destroy(g_); }

gpu_status Lockstep::create(const gpu_config &cfg, char *err, size_t errlen)
{
    golden_config gc;
    golden_config_default(&gc);
    gc.num_cus = cfg.num_cus;
    gc.mem_bytes = cfg.mem_bytes;
    gc.mem_latency = cfg.mem_latency;
    gc.max_ticks = cfg.max_cycles;
    gc.external_signals = true;
    gc.external_memory = true;
    num_cus_ = cfg.num_cus;
    mem_bytes_ = cfg.mem_bytes;
    pending_.assign((size_t)num_cus_ * GOLDEN_SLOTS * ISA_NUM_SIGNALS, std::deque<Pending>());
    lds_pend_.assign((size_t)num_cus_ * GOLDEN_SLOTS, std::deque<LdsResult>());
    orphans_ = pending_;
    access_.assign((size_t)num_cus_ * 32, Access{});
    l1_.assign(num_cus_, {});
    fills_.assign(num_cus_, {});
    return golden_create(&g_, &gc, err, errlen);
}

gpu_status Lockstep::mem_write(uint32_t addr, const void *src, uint32_t bytes)
{
    return golden_mem_write(g_, addr, src, bytes);
}

gpu_status Lockstep::launch(const gpu_launch_desc &d, char *err, size_t errlen)
{
    golden_launch_params p = {};
    p.code = d.code;
    p.num_insts = d.num_insts;
    p.num_groups = d.num_groups;
    p.waves_per_group = d.waves_per_group;
    p.lds_bytes = d.lds_bytes;
    p.args_addr = d.args_addr;
    code_.assign(d.code, d.code + d.num_insts);
    lines_ = d.lines;
    waves_per_group_ = d.waves_per_group;
    const char *plant = getenv("WAVEGPU_LOCKSTEP_PLANT");
    plant_pc_ = plant && *plant ? strtol(plant, nullptr, 0) : -1;
    for (auto &q : pending_) q.clear();
    for (auto &q : orphans_) q.clear();
    for (auto &a : access_) a.valid = false;
    for (auto &m : l1_) m.clear();       // the L1s start empty at every launch
    for (auto &m : fills_) m.clear();
    ended_.clear();
    cycle_ = 0;
    events_ = 0;
    faulted_ = false;
    msg_.clear();
    return golden_launch(g_, &p, err, errlen);
}

void Lockstep::counters(gpu_counters *c) const
{
    memset(c, 0, sizeof *c);
    golden_counters(g_, c);
}

void Lockstep::counters_cu(unsigned cu, gpu_counters *c) const
{
    memset(c, 0, sizeof *c);
    golden_counters_cu(g_, cu, c);
}

bool Lockstep::mismatch(int cu, unsigned slot, long wave, long pc, uint64_t inst, const char *field, int lane,
                        const std::string &expected, const std::string &actual)
{
    if (!msg_.empty()) return false;
    std::string where;
    if (cu >= 0) {
        where = ", CU " + dec(cu) + " slot " + dec(slot);
        if (wave >= 0) where += " wave " + dec(wave);
        if (pc >= 0) {
            char text[160];
            disasm_inst(inst, text, sizeof text);
            where += " pc " + dec(pc) + " `" + text + "`";
            char src[400];
            if (kbin_format_source(lines_, (uint32_t)pc, src, sizeof src)) where += std::string(" (at ") + src + ")";
        }
    }
    msg_ = "lockstep mismatch at cycle " + std::to_string(cycle_) + where + ": " + field +
           (lane >= 0 ? " lane " + dec(lane) : std::string()) + ": expected " + expected + ", got " + actual;
    return false;
}

static uint64_t code_at(const std::vector<uint64_t> &code, uint32_t pc) { return pc < code.size() ? code[pc] : 0; }

bool Lockstep::retire(const TraceEvent &e)
{
    golden_wave_info wi;
    if (!golden_wave_get(g_, e.cu, e.slot, &wi))
        return mismatch((int)e.cu, e.slot, -1, e.pc, code_at(code_, e.pc), "event", -1, "no event (the golden model has no wave in this slot)", "RETIRE");
    uint64_t inst = code_at(code_, wi.pc);
    if (wi.state == GOLDEN_WAVE_ENDED)
        return mismatch((int)e.cu, e.slot, wi.wave, e.pc, code_at(code_, e.pc), "event", -1, "no event (the wave has ended)", "RETIRE");
    if (e.pc != wi.pc) return mismatch((int)e.cu, e.slot, wi.wave, wi.pc, inst, "pc", -1, dec(wi.pc), dec(e.pc));
    golden_retire rec;
    golden_step_status st = golden_step(g_, e.cu, e.slot, &rec);
    if (st == GOLDEN_STEP_BLOCKED) {
        std::string why = std::string("no event (the wave is ") + state_text(golden_wave_status(g_, e.cu, e.slot));
        if (wi.pending_signals) {
            why += ": pending";
            for (unsigned s = 0; s < ISA_NUM_SIGNALS; s++)
                if (wi.pending_signals >> s & 1) why += " s" + dec(s);
        }
        return mismatch((int)e.cu, e.slot, wi.wave, wi.pc, inst, "event", -1, why + ")", "RETIRE");
    }
    if (st == GOLDEN_STEP_FAULT) {
        gpu_result r;
        golden_result(g_, &r);
        return mismatch((int)e.cu, e.slot, wi.wave, wi.pc, inst, "event", -1, "FAULT: " + fault_text(r), "RETIRE");
    }
    if (st != GOLDEN_STEP_RETIRED)
        return mismatch((int)e.cu, e.slot, wi.wave, wi.pc, inst, "event", -1, "no event (no runnable wave)", "RETIRE");

    // The destination. A global load or returning atomic writes D at MEM_DONE,
    // an LDS one at LDS_DONE (the LDS performed it in retire order).
    const isa_op_info *op = isa_op((uint8_t)(rec.inst >> 56));
    bool lds_deferred = (op->fmt == ISA_FMT_LDS_LOAD || op->fmt == ISA_FMT_LDS_ATOMIC) && rec.dest >= 0;
    bool deferred = rec.gmem == GOLDEN_MEM_LOAD || (rec.gmem == GOLDEN_MEM_ATOMIC && rec.dest >= 0) || lds_deferred;
    int xdest = deferred ? -1 : rec.dest;
    uint32_t xmask = xdest >= 0 ? rec.dest_mask : 0;
    if (lds_deferred) {
        LdsResult r{ rec.wave, rec.pc, rec.inst, cycle_, rec.dest, rec.dest_mask, {} };
        memcpy(r.data, rec.dest_data, sizeof r.data);
        if (r.mask && (long)rec.pc == plant_pc_) r.data[__builtin_ctz(r.mask)] ^= 1;   // WAVEGPU_LOCKSTEP_PLANT
        lds_pend_[e.cu * GOLDEN_SLOTS + e.slot].push_back(r);
    }
    if (xmask && (long)rec.pc == plant_pc_) rec.dest_data[__builtin_ctz(xmask)] ^= 1;   // WAVEGPU_LOCKSTEP_PLANT
    if (e.dest_mask != xmask)
        return mismatch((int)e.cu, e.slot, wi.wave, wi.pc, inst, "dest_mask", -1, hex32(xmask), hex32(e.dest_mask));
    if (xmask && (int)e.dest != xdest)
        return mismatch((int)e.cu, e.slot, wi.wave, wi.pc, inst, "dest", -1, "v" + dec(xdest), "v" + dec(e.dest));
    for (unsigned l = 0; l < ISA_LANES; l++)
        if ((xmask >> l & 1) && e.dest_data[l] != rec.dest_data[l])
            return mismatch((int)e.cu, e.slot, wi.wave, wi.pc, inst, "dest_data", (int)l, hex32(rec.dest_data[l]),
                            hex32(e.dest_data[l]));

    // Memory: LDS stores and atomics, global accesses.
    const uint32_t *xaddr = nullptr, *xdata = nullptr;
    uint32_t xm = 0;
    bool check_mem = true;
    if (op->fmt == ISA_FMT_LDS_STORE || op->fmt == ISA_FMT_LDS_ATOMIC) {
        xm = rec.lds_mask;
        xaddr = rec.lds_addr;
        if (op->fmt == ISA_FMT_LDS_STORE) xdata = rec.lds_data;
    } else if (rec.gmem == GOLDEN_MEM_LOAD || rec.gmem == GOLDEN_MEM_STORE || rec.gmem == GOLDEN_MEM_ATOMIC) {
        xm = rec.gmem_mask;
        xaddr = rec.gmem_addr;
        if (rec.gmem == GOLDEN_MEM_STORE) xdata = rec.gmem_data;
    } else if (rec.gmem != GOLDEN_MEM_CACHE) {
        check_mem = false;     // no memory access: tr_mem_* are don't-care
    }
    if (check_mem) {
        if (e.mem_mask != xm)
            return mismatch((int)e.cu, e.slot, wi.wave, wi.pc, inst, "mem_mask", -1, hex32(xm), hex32(e.mem_mask));
        for (unsigned l = 0; l < ISA_LANES; l++) {
            if (!(xm >> l & 1)) continue;
            if (e.mem_addr[l] != xaddr[l])
                return mismatch((int)e.cu, e.slot, wi.wave, wi.pc, inst, "mem_addr", (int)l, hex32(xaddr[l]), hex32(e.mem_addr[l]));
            if (xdata && e.mem_data[l] != xdata[l])
                return mismatch((int)e.cu, e.slot, wi.wave, wi.pc, inst, "mem_data", (int)l, hex32(xdata[l]), hex32(e.mem_data[l]));
        }
    }

    if (rec.ended) ended_.insert(rec.wave);
    if (rec.sig_issued >= 0) {
        // The memory-unit entry it takes: free, or held by an access of an
        // ended wave (no MEM_DONE) that has been performed entirely.
        if (e.gm_entry >= 32) return mismatch((int)e.cu, e.slot, wi.wave, wi.pc, inst, "gm_entry", -1, "0..31", dec(e.gm_entry));
        Access &a = access(e.cu, e.gm_entry);
        if (a.valid && !performed_all(a, (int)e.cu, e.slot, "when its memory-unit entry is reused")) return false;
        forget_fills(e.cu, e.gm_entry);
        a.valid = true;
        a.wave = rec.wave;
        a.pc = rec.pc;
        a.inst = rec.inst;
        a.kind = rec.gmem;
        a.fn = op->aux;
        a.scope = ISA_GET(rec.inst, SCOPE);
        a.nt = ISA_GET(rec.inst, NT) != 0;
        a.mask = rec.gmem == GOLDEN_MEM_CACHE ? 0 : rec.gmem_mask;
        a.performed = 0;
        memcpy(a.addr, rec.gmem_addr, sizeof a.addr);
        memcpy(a.data, rec.gmem_data, sizeof a.data);
        memcpy(a.cmp, rec.gmem_cmp, sizeof a.cmp);
        memset(a.result, 0, sizeof a.result);
        Pending p;
        p.wave = rec.wave;
        p.pc = rec.pc;
        p.inst = rec.inst;
        p.cycle = cycle_;
        p.expect = deferred;
        p.dest = rec.dest;
        p.mask = rec.dest_mask;
        p.entry = e.gm_entry;
        pend(e.cu, e.slot, (unsigned)rec.sig_issued).push_back(p);
    }
    return true;
}

bool Lockstep::mem_done(const TraceEvent &e)
{
    if (e.sig >= ISA_NUM_SIGNALS) return mismatch((int)e.cu, e.slot, -1, -1, 0, "sig", -1, "0..15", dec(e.sig));
    auto &q0 = pend(e.cu, e.slot, e.sig);
    auto &q = q0.empty() ? orphans(e.cu, e.slot, e.sig) : q0;
    if (q.empty())
        return mismatch((int)e.cu, e.slot, -1, -1, 0, "event", -1, "no event (no global access in flight on s" + dec(e.sig) + ")",
                        "MEM_DONE on s" + dec(e.sig));
    Pending p = q.front();
    q.pop_front();
    Access &a = access(e.cu, p.entry);
    if (!a.valid || a.wave != p.wave || a.pc != p.pc)
        return mismatch((int)e.cu, e.slot, p.wave, p.pc, p.inst, "MEM_DONE", -1,
                        "the access in memory-unit entry " + dec(p.entry), "that entry reused before its MEM_DONE");
    if (!performed_all(a, (int)e.cu, e.slot, "at its MEM_DONE")) return false;
    uint32_t xmask = p.expect ? p.mask : 0;
    if (e.dest_mask != xmask)
        return mismatch((int)e.cu, e.slot, p.wave, p.pc, p.inst, "MEM_DONE dest_mask", -1, hex32(xmask), hex32(e.dest_mask));
    if (xmask && (int)e.dest != p.dest)
        return mismatch((int)e.cu, e.slot, p.wave, p.pc, p.inst, "MEM_DONE dest", -1, "v" + dec(p.dest), "v" + dec(e.dest));
    for (unsigned l = 0; l < ISA_LANES; l++)
        if ((xmask >> l & 1) && e.dest_data[l] != a.result[l])
            return mismatch((int)e.cu, e.slot, p.wave, p.pc, p.inst, "MEM_DONE dest_data", (int)l, hex32(a.result[l]),
                            hex32(e.dest_data[l]));
    a.valid = false;
    forget_fills(e.cu, p.entry);   // (a fill not installed by now will not be)
    // The golden wave may have ended and its slot been reused: only complete
    // the signal of the wave that issued the access.
    golden_wave_info wi;
    if (golden_wave_get(g_, e.cu, e.slot, &wi) && wi.wave == p.wave &&
        golden_complete_access(g_, e.cu, e.slot, e.sig, a.result) != GPU_OK)
        return mismatch((int)e.cu, e.slot, p.wave, p.pc, p.inst, "MEM_DONE order", -1,
                        "an older access of the same kind (load / store / other) to complete first (docs/isa.md 4.8)",
                        "MEM_DONE on s" + dec(e.sig));
    return true;
}

// The result of the slot's oldest LDS load or returning atomic.
bool Lockstep::lds_done(const TraceEvent &e)
{
    auto &q = lds_pend_[e.cu * GOLDEN_SLOTS + e.slot];
    if (q.empty())
        return mismatch((int)e.cu, e.slot, -1, -1, 0, "event", -1, "no event (no LDS load or returning atomic in flight)",
                        "LDS_DONE");
    LdsResult r = q.front();
    q.pop_front();
    if (e.dest_mask != r.mask)
        return mismatch((int)e.cu, e.slot, r.wave, r.pc, r.inst, "LDS_DONE dest_mask", -1, hex32(r.mask), hex32(e.dest_mask));
    if ((int)e.dest != r.dest)
        return mismatch((int)e.cu, e.slot, r.wave, r.pc, r.inst, "LDS_DONE dest", -1, "v" + dec(r.dest), "v" + dec(e.dest));
    for (unsigned l = 0; l < ISA_LANES; l++)
        if ((r.mask >> l & 1) && e.dest_data[l] != r.data[l])
            return mismatch((int)e.cu, e.slot, r.wave, r.pc, r.inst, "LDS_DONE dest_data", (int)l, hex32(r.data[l]),
                            hex32(e.dest_data[l]));
    return true;
}

bool Lockstep::performed_all(const Access &a, int cu, unsigned slot, const char *when)
{
    uint32_t missing = a.mask & ~a.performed;
    if (!missing) return true;
    return mismatch(cu, slot, a.wave, a.pc, a.inst, "lanes performed", __builtin_ctz(missing),
                    "every selected lane performed " + std::string(when), "lanes " + hex32(missing) + " not performed");
}

uint32_t Lockstep::request_lanes(const Access &a, unsigned cu, unsigned entry, unsigned lead, const std::string &what)
{
    if (!a.valid || a.kind == GOLDEN_MEM_CACHE || !(a.mask >> lead & 1) || (a.performed >> lead & 1)) {
        mismatch((int)cu, 0, a.valid ? (long)a.wave : -1, a.valid ? (long)a.pc : -1, a.inst, what.c_str(), (int)lead,
                 "a selected lane of the global access in memory-unit entry " + dec(entry) + " not yet performed",
                 !a.valid ? std::string("no access in that entry")
                          : (a.performed >> lead & 1) ? std::string("the lane already performed")
                                                      : std::string("a lane it does not access"));
        return 0;
    }
    // The lanes it serves (docs/isa.md 4.7): the lead lane of an atomic;
    // else every selected lane in the lead lane's line.
    uint32_t lanes = 1u << lead;
    if (a.kind != GOLDEN_MEM_ATOMIC)
        for (unsigned l = 0; l < ISA_LANES; l++)
            if ((a.mask >> l & 1) && a.addr[l] >> 6 == a.addr[lead] >> 6) lanes |= 1u << l;
    if (lanes & a.performed) {
        mismatch((int)cu, 0, a.wave, a.pc, a.inst, what.c_str(), __builtin_ctz(lanes & a.performed),
                 "each lane performed once", "a lane of its line performed already");
        return 0;
    }
    return lanes;
}

void Lockstep::forget_fills(unsigned cu, unsigned entry)
{
    auto &m = fills_[cu];
    for (auto it = m.begin(); it != m.end();)
        it = (it->first >> 5 & 31) == entry ? m.erase(it) : std::next(it);
}

bool Lockstep::perform(const PerformEvent &e)
{
    unsigned cu = tag_cu(e.tag), entry = tag_entry(e.tag), lead = tag_lane(e.tag);
    std::string what = "L2 perform (tag " + hex32(e.tag) + ")";
    if (cu >= num_cus_) return mismatch(-1, 0, -1, -1, 0, what.c_str(), -1, "a CU below " + dec(num_cus_), "CU " + dec(cu));
    Access &a = access(cu, entry);
    uint32_t lanes = request_lanes(a, cu, entry, lead, what);
    if (!lanes) return false;
    for (uint32_t m = lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        uint32_t old = 0;
        golden_mem_read(g_, &old, a.addr[l], 4);
        if (a.kind == GOLDEN_MEM_LOAD) {
            a.result[l] = old;
        } else if (a.kind == GOLDEN_MEM_STORE) {
            golden_mem_write(g_, a.addr[l], &a.data[l], 4);   // lanes ascending: the highest lane wins
        } else {
            uint32_t nv = isa_alu(a.fn, old, a.data[l], a.cmp[l]);
            golden_mem_write(g_, a.addr[l], &nv, 4);
            a.result[l] = old;
        }
    }
    a.performed |= lanes;
    // A load that an L1 is to fill: the line as the L2 reads it now.
    auto f = fills_[cu].find(e.tag);
    if (f != fills_[cu].end()) {
        golden_mem_read(g_, f->second.snapshot.w, f->second.line << 6, 64);
        f->second.read = true;
    }
    return true;
}

bool Lockstep::l1_pass(const L1Event &e)
{
    unsigned cu = e.cu, entry = tag_entry(e.tag), lead = tag_lane(e.tag);
    std::string what = std::string(e.hit ? "L1 hit" : "L1 pass") + " (CU " + dec(cu) + ", tag " + hex32(e.tag) + ")";
    if (cu >= num_cus_) return mismatch(-1, 0, -1, -1, 0, what.c_str(), -1, "a CU below " + dec(num_cus_), "CU " + dec(cu));
    Access &a = access(cu, entry);
    auto &lines = l1_[cu];
    auto &fills = fills_[cu];
    if (a.valid && a.kind == GOLDEN_MEM_CACHE) {   // cache_inv_l1: every line dropped, every fill to come stale
        if (e.hit || e.alloc)
            return mismatch((int)cu, 0, a.wave, a.pc, a.inst, what.c_str(), -1, "cache_inv_l1 sent on, not served", "a hit or an allocation");
        lines.clear();
        for (auto &f : fills) f.second.stale = true;
        return true;
    }
    // (request_lanes only checks: the lanes are performed by the hit, or later by the L2)
    uint32_t lanes = request_lanes(a, cu, entry, lead, what);
    if (!lanes) return false;
    uint32_t line = a.addr[lead] >> 6;
    bool small = a.scope == ISA_SCOPE_WAVE || a.scope == ISA_SCOPE_GROUP;
    bool may_hit = a.kind == GOLDEN_MEM_LOAD && !a.nt && small;
    if ((e.hit || e.alloc) && !may_hit)
        return mismatch((int)cu, 0, a.wave, a.pc, a.inst, what.c_str(), (int)lead,
                        "sent on to the L2 (not a wave/group-scope load without nt: docs/isa.md 4.7)",
                        e.hit ? "served by the L1" : "allocated in the L1");
    if (e.hit) {
        auto it = lines.find(line);
        if (it == lines.end())
            return mismatch((int)cu, 0, a.wave, a.pc, a.inst, what.c_str(), (int)lead,
                            "a line the L1 holds (filled since it was last dropped)", "a hit on line " + hex32(line << 6));
        for (uint32_t m = lanes; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctz(m);
            a.result[l] = it->second.w[a.addr[l] >> 2 & 15];
        }
        a.performed |= lanes;
        return true;
    }
    if (e.alloc) {
        fills[e.tag] = Fill{ line, false, false, {} };
        return true;
    }
    // Sent on to the L2: the fills of that line still to come are stale (this
    // request reads or changes the line later than they did).
    for (auto &f : fills)
        if (f.second.line == line) f.second.stale = true;
    if (may_hit) return true;   // a miss that does not allocate
    // Anything else drops the line (a wave/group store without nt updates it).
    auto it = lines.find(line);
    if (it == lines.end()) return true;
    if (a.kind == GOLDEN_MEM_STORE && !a.nt && small) {
        for (uint32_t m = lanes; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctz(m);
            it->second.w[a.addr[l] >> 2 & 15] = a.data[l];   // lanes ascending: the highest lane wins
        }
    } else {
        lines.erase(it);
    }
    return true;
}

bool Lockstep::l1_fill(const L1Event &e)
{
    std::string what = "L1 fill (CU " + dec(e.cu) + ", tag " + hex32(e.tag) + ")";
    if (e.cu >= num_cus_) return mismatch(-1, 0, -1, -1, 0, what.c_str(), -1, "a CU below " + dec(num_cus_), "CU " + dec(e.cu));
    auto &fills = fills_[e.cu];
    auto f = fills.find(e.tag);
    const Access &a = access(e.cu, tag_entry(e.tag));
    if (f == fills.end() || !f->second.read || f->second.stale)
        return mismatch((int)e.cu, 0, a.valid ? (long)a.wave : -1, a.valid ? (long)a.pc : -1, a.inst, what.c_str(), -1,
                        "no fill, or the fill of a load that allocated, read at the L2, and whose line no later access of the CU dropped or changed",
                        f == fills.end() ? std::string("no allocation for that request")
                                         : !f->second.read ? std::string("a fill before the L2 read the line")
                                                           : std::string("a fill made stale by a later access of the CU"));
    l1_[e.cu][f->second.line] = f->second.snapshot;
    fills.erase(f);
    return true;
}

bool Lockstep::memory(uint64_t cycle, const L1Event *pass, unsigned npass, const PerformEvent *perf, unsigned nperf,
                      const L1Event *fill, unsigned nfill)
{
    if (!ok()) return false;
    cycle_ = cycle;
    events_ += npass + nperf + nfill;
    for (unsigned i = 0; i < npass; i++)
        if (!l1_pass(pass[i])) return false;
    for (unsigned i = 0; i < nperf; i++)
        if (!perform(perf[i])) return false;
    for (unsigned i = 0; i < nfill; i++)
        if (!l1_fill(fill[i])) return false;
    return true;
}

bool Lockstep::fault(const TraceEvent &e)
{
    golden_wave_info wi;
    if (!golden_wave_get(g_, e.cu, e.slot, &wi))
        return mismatch((int)e.cu, e.slot, -1, e.pc, code_at(code_, e.pc), "event", -1, "no event (the golden model has no wave in this slot)", "FAULT");
    uint64_t inst = code_at(code_, wi.pc);
    if (e.pc != wi.pc) return mismatch((int)e.cu, e.slot, wi.wave, wi.pc, inst, "FAULT pc", -1, dec(wi.pc), dec(e.pc));
    golden_step_status st = golden_step(g_, e.cu, e.slot, nullptr);
    if (st != GOLDEN_STEP_FAULT)
        return mismatch((int)e.cu, e.slot, wi.wave, wi.pc, inst, "event", -1,
                        st == GOLDEN_STEP_RETIRED ? "RETIRE (no fault)" : "no event (the wave is blocked)", "FAULT");
    if (!faulted_) fault_slot_ = e.slot;
    faulted_ = true;
    return true;
}

bool Lockstep::dispatch(const DispatchEvent &d)
{
    // Accesses of the previous waves of the slots this group takes (and only
    // those: a wave of another group may still run in the CU's other slot)
    // still without a MEM_DONE.
    for (unsigned s = d.slot; s < d.slot + waves_per_group_ && s < GOLDEN_SLOTS && d.cu < num_cus_; s++)
        for (unsigned sg = 0; sg < ISA_NUM_SIGNALS; sg++) {
            auto &q = pend(d.cu, s, sg);
            for (const Pending &p : q) orphans(d.cu, s, sg).push_back(p);
            q.clear();
        }
    for (unsigned s = d.slot; s < d.slot + waves_per_group_ && s < GOLDEN_SLOTS && d.cu < num_cus_; s++) {
        const auto &lq = lds_pend_[d.cu * GOLDEN_SLOTS + s];
        if (!lq.empty())
            return mismatch((int)d.cu, s, lq.front().wave, lq.front().pc, lq.front().inst, "dispatch", -1,
                            "the LDS_DONE of the slot's last wave first", "a group placed in the slot");
    }
    int got = golden_dispatch(g_, d.cu, (int)d.slot);
    if (got != (int)d.group)
        return mismatch((int)d.cu, d.slot, -1, -1, 0, "dispatch group", -1,
                        got < 0 ? std::string("no placement (no group left, or it does not fit there)") : dec(got),
                        dec(d.group));
    return true;
}

bool Lockstep::edge(uint64_t cycle, const TraceEvent *ev, unsigned n, const DispatchEvent *disp, unsigned fault_cu,
                    unsigned fault_slot)
{
    if (!ok()) return false;
    cycle_ = cycle;
    events_ += n + (disp ? 1 : 0);
    bool faulted_before = faulted_;
    // Retires and completions first, in CU order; then the faults (the one the
    // RTL reports on fault_* first): a fault stops the launch, but an
    // instruction another CU retired at the same edge did execute.
    for (unsigned i = 0; i < n; i++) {
        const TraceEvent &e = ev[i];
        if (e.kind == TR_RETIRE) {
            if (faulted_)
                return mismatch((int)e.cu, e.slot, -1, e.pc, code_at(code_, e.pc), "event", -1,
                                "no instruction after the launch faulted", "RETIRE");
            if (!retire(e)) return false;
        } else if (e.kind == TR_MEM_DONE) {
            if (!mem_done(e)) return false;
        } else if (e.kind == TR_LDS_DONE) {
            if (faulted_)
                return mismatch((int)e.cu, e.slot, -1, -1, 0, "event", -1, "no LDS result after the launch faulted",
                                "LDS_DONE");
            if (!lds_done(e)) return false;
        } else if (e.kind != TR_FAULT) {
            return mismatch((int)e.cu, e.slot, -1, -1, 0, "tr_kind", -1, "0..3", dec(e.kind));
        }
    }
    for (int pass = 0; pass < 2; pass++)
        for (unsigned i = 0; i < n; i++) {
            const TraceEvent &e = ev[i];
            if (e.kind != TR_FAULT) continue;
            bool preferred = e.cu == fault_cu && e.slot == fault_slot;
            if (preferred != (pass == 0)) continue;
            if (faulted_before)
                return mismatch((int)e.cu, e.slot, -1, e.pc, code_at(code_, e.pc), "event", -1,
                                "no second fault after the launch faulted", "FAULT");
            if (!fault(e)) return false;
        }
    // A group placed at the edge of the fault never runs: not compared.
    if (disp && !faulted_ && !dispatch(*disp)) return false;
    return true;
}

static bool fault_has_addr(unsigned f)
{
    return f == ISA_FAULT_GLOBAL_MISALIGNED || f == ISA_FAULT_GLOBAL_OUT_OF_RANGE || f == ISA_FAULT_LDS_MISALIGNED ||
           f == ISA_FAULT_LDS_OUT_OF_RANGE || f == ISA_FAULT_PC_OUT_OF_RANGE;
}

bool Lockstep::finish(uint64_t cycle, gpu_status st, const gpu_result &res, const uint8_t *mem, uint32_t bytes)
{
    if (!ok()) return false;
    cycle_ = cycle;
    gpu_result gr;
    golden_result(g_, &gr);
    if (st == GPU_ERR_FAULT) {
        long pc = res.pc;
        if (gr.status != GPU_ERR_FAULT)
            return mismatch((int)res.cu, 0, res.wave, pc, res.inst, "outcome", -1, "no fault", fault_text(res));
        struct { const char *f; uint64_t x, a; } cmp[] = {
            { "fault_code", gr.fault, res.fault }, { "fault_cu", gr.cu, res.cu }, { "fault_wave", gr.wave, res.wave },
            { "fault_group", gr.group, res.group }, { "fault_pc", gr.pc, res.pc },
            { "fault_inst", gr.inst, res.inst }, { "fault_lane", (uint64_t)(int64_t)gr.lane, (uint64_t)(int64_t)res.lane },
            { "fault_reg", (uint64_t)(int64_t)gr.reg, (uint64_t)(int64_t)res.reg },
            { "fault_addr", fault_has_addr(gr.fault) ? gr.addr : 0, fault_has_addr(gr.fault) ? res.addr : 0 },
        };
        for (auto &c : cmp)
            if (c.x != c.a) {
                char x[40], a[40];
                snprintf(x, sizeof x, "%" PRId64 " (0x%" PRIx64 ")", (int64_t)c.x, c.x);
                snprintf(a, sizeof a, "%" PRId64 " (0x%" PRIx64 ")", (int64_t)c.a, c.a);
                return mismatch((int)gr.cu, fault_slot_, gr.wave, gr.pc, gr.inst, c.f, -1, x, a);
            }
    } else {
        if (gr.status == GPU_ERR_FAULT)
            return mismatch((int)gr.cu, fault_slot_, gr.wave, gr.pc, gr.inst, "outcome", -1, fault_text(gr), "no fault");
        if (!golden_finished(g_)) {
            for (unsigned c = 0; c < num_cus_; c++)
                for (unsigned s = 0; s < GOLDEN_SLOTS; s++) {
                    golden_wave_info wi;
                    if (golden_wave_get(g_, c, s, &wi) && wi.state != GOLDEN_WAVE_ENDED)
                        return mismatch((int)c, s, wi.wave, wi.pc, code_at(code_, wi.pc), "end of run", -1,
                                        std::string("the wave to go on (it is ") + state_text(wi.state) + ")",
                                        "busy_o low: the RTL finished");
                }
            return mismatch(-1, 0, -1, -1, 0, "end of run", -1, "more groups to be placed", "busy_o low: the RTL finished");
        }
        for (unsigned c = 0; c < num_cus_; c++)
            for (unsigned s = 0; s < GOLDEN_SLOTS; s++)
                for (const LdsResult &r : lds_pend_[c * GOLDEN_SLOTS + s])
                    return mismatch((int)c, s, r.wave, r.pc, r.inst, "end of run", -1,
                                    "an LDS_DONE for the instruction retired at cycle " + dec((long)r.cycle),
                                    "busy_o low without it");
        for (unsigned c = 0; c < num_cus_; c++)
            for (unsigned s = 0; s < GOLDEN_SLOTS; s++)
                for (unsigned sg = 0; sg < ISA_NUM_SIGNALS; sg++)
                    for (const Pending &p : pend(c, s, sg)) {
                        if (ended_.count(p.wave)) continue;
                        return mismatch((int)c, s, p.wave, p.pc, p.inst, "end of run", -1,
                                        "a MEM_DONE on s" + dec(sg) + " for the access retired at cycle " + dec((long)p.cycle),
                                        "busy_o low without it");
                    }
    }
    // Every access still in a memory unit (of waves that ended before its
    // MEM_DONE, or stopped by the fault) has been performed entirely.
    for (unsigned c = 0; c < num_cus_; c++)
        for (unsigned en = 0; en < 32; en++) {
            const Access &a = access(c, en);
            if (a.valid && !performed_all(a, (int)c, 0, "by the end of the run")) return false;
        }
    // Device memory, byte for byte.
    std::vector<uint8_t> chunk(1u << 16);
    for (uint32_t a = 0; a < bytes && a < mem_bytes_; a += (uint32_t)chunk.size()) {
        uint32_t n = bytes - a < chunk.size() ? bytes - a : (uint32_t)chunk.size();
        golden_mem_read(g_, chunk.data(), a, n);
        if (memcmp(chunk.data(), mem + a, n) == 0) continue;
        uint32_t i = 0;
        while (chunk[i] == mem[a + i]) i++;
        i &= ~3u;
        uint32_t x, y;
        memcpy(&x, &chunk[i], 4);
        memcpy(&y, mem + a + i, 4);
        uint64_t words = 0;
        for (uint32_t j = i; j + 4 <= n; j += 4) words += memcmp(&chunk[j], mem + a + j, 4) != 0;
        char where[96];
        snprintf(where, sizeof where, "global memory word at 0x%08" PRIx32 " (%" PRIu64 "+ words differ)", a + i, words);
        return mismatch(-1, 0, -1, -1, 0, where, -1, hex32(x) + " (golden)", hex32(y) + " (RTL)");
    }
    return true;
}
