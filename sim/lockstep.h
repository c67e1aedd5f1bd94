/* SPDX-License-Identifier: Apache-2.0 */
// lockstep: replays gpu_top's trace port (docs/architecture.md, "The trace
// port") on a golden model and reports the first difference. Plain C++, no
// Verilator: the RTL backend turns port values into TraceEvents, the
// self-test feeds it events made by a second golden model.
//
// Per rising edge: edge() with the events of the CUs (ascending CU order) and
// the dispatch channel. At the end: finish() with the RTL's outcome and its
// memory. After a mismatch every call returns false and message() says where.
#ifndef WAVEGPU_LOCKSTEP_H
#define WAVEGPU_LOCKSTEP_H

#include "golden.h"
#include "gpu_backend.h"

#include <cstdint>
#include <deque>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

enum { TR_RETIRE = 0, TR_MEM_DONE = 1, TR_FAULT = 2, TR_LDS_DONE = 3 };

struct TraceEvent {
    unsigned cu, kind, slot, pc, dest, sig;
    unsigned gm_entry;          // RETIRE of a global access or cache instruction: its memory-unit entry
    uint32_t dest_mask, mem_mask;
    uint32_t dest_data[ISA_LANES], mem_addr[ISA_LANES], mem_data[ISA_LANES];
};

struct DispatchEvent {
    unsigned cu, slot, group;
};

// The point of coherence (an L2 slice) performs a line request: its tag is
// [12:10] CU, [9:5] memory-unit entry, [4:0] the lowest lane it serves.
struct PerformEvent {
    unsigned tag;
};

// A CU's L1 (rtl/gpu_l1.sv): a line request passes its lookup, served there
// (hit) or sent on to the L2 (alloc: its line is to be filled unless made
// stale); or the answer to request `tag` installs its line (fill).
struct L1Event {
    unsigned cu, tag;
    bool hit, alloc;
};

class Lockstep {
public:
    Lockstep() = default;
    ~Lockstep();
    Lockstep(const Lockstep &) = delete;
    Lockstep &operator=(const Lockstep &) = delete;

    // A golden model with external signals, cfg's num_cus and mem_bytes.
    gpu_status create(const gpu_config &cfg, char *err, size_t errlen);
    // Host writes go to the golden memory too.
    gpu_status mem_write(uint32_t addr, const void *src, uint32_t bytes);
    gpu_status launch(const gpu_launch_desc &d, char *err, size_t errlen);

    // One rising edge (cycle = edges since the launch edge). ev: the n CU
    // events, ascending CU; disp: the dispatch channel or NULL. fault_cu /
    // fault_slot: the RTL's tr_fault_cu_o / tr_fault_slot_o, which decide the order
    // when several CUs fault at the same edge.
    bool edge(uint64_t cycle, const TraceEvent *ev, unsigned n, const DispatchEvent *disp, unsigned fault_cu,
              unsigned fault_slot);
    // The memory system's events at edge `cycle` (after that edge's CU
    // events): the requests passing the L1s' lookups, then the line requests
    // performed at the point of coherence (the L2; requests of one edge touch
    // different lines: loads read, stores write and atomics read-modify-write
    // the golden model's memory in this order), then the L1 fills.
    bool memory(uint64_t cycle, const L1Event *pass, unsigned npass, const PerformEvent *perf, unsigned nperf,
                const L1Event *fill, unsigned nfill);
    // The run ended (busy_o fell) with status st (GPU_OK or GPU_ERR_FAULT) and
    // the RTL's fault report res; mem is the RTL side's device memory.
    bool finish(uint64_t cycle, gpu_status st, const gpu_result &res, const uint8_t *mem, uint32_t bytes);

    bool ok() const { return msg_.empty(); }
    // The golden model being replayed (its waves' state, e.g. after a timeout).
    const golden *model() const { return g_; }
    const std::string &message() const { return msg_; }
    uint64_t events() const { return events_; }
    // The golden model's counters: the whole task's, and CU cu's alone
    // (golden_counters_cu: all zero for a CU it does not have).
    void counters(gpu_counters *c) const;
    void counters_cu(unsigned cu, gpu_counters *c) const;

private:
    struct Pending {           // a global access between its RETIRE and MEM_DONE
        uint32_t wave, pc;
        uint64_t inst, cycle;
        bool expect;           // a load or returning atomic: D is written at MEM_DONE
        int dest;
        uint32_t mask;
        unsigned entry;        // its memory-unit entry (Access)
    };
    struct Access {            // a global access in a CU's memory unit, from RETIRE until its entry is reused
        bool valid;
        uint32_t wave, pc;
        uint64_t inst;
        golden_mem_kind kind;
        unsigned fn, scope;
        bool nt;
        uint32_t mask, performed;
        uint32_t addr[ISA_LANES], data[ISA_LANES], cmp[ISA_LANES];
        uint32_t result[ISA_LANES];   // loads: the values read; atomics: the old values
    };
    bool retire(const TraceEvent &e);
    bool mem_done(const TraceEvent &e);
    bool lds_done(const TraceEvent &e);
    bool fault(const TraceEvent &e);
    bool dispatch(const DispatchEvent &d);
    // Records the first mismatch; returns false.
    bool mismatch(int cu, unsigned slot, long wave, long pc, uint64_t inst, const char *field, int lane,
                  const std::string &expected, const std::string &actual);
    std::deque<Pending> &pend(unsigned cu, unsigned slot, unsigned sig)
    {
        return pending_[(cu * GOLDEN_SLOTS + slot) * ISA_NUM_SIGNALS + sig];
    }
    std::deque<Pending> &orphans(unsigned cu, unsigned slot, unsigned sig)
    {
        return orphans_[(cu * GOLDEN_SLOTS + slot) * ISA_NUM_SIGNALS + sig];
    }
    Access &access(unsigned cu, unsigned entry) { return access_[cu * 32 + (entry & 31)]; }
    bool performed_all(const Access &a, int cu, unsigned slot, const char *when);
    // The lanes of a's request led by `lead`, or 0 with a mismatch reported.
    uint32_t request_lanes(const Access &a, unsigned cu, unsigned entry, unsigned lead, const std::string &what);
    bool l1_pass(const L1Event &e);
    bool perform(const PerformEvent &e);
    bool l1_fill(const L1Event &e);

    // The L1 of each CU at the ISA level: the lines it may hold (as they were
    // read at the L2, with the CU's own stores since), and its fills to come.
    struct Line { uint32_t w[16]; };
    struct Fill {
        uint32_t line;
        bool stale;            // a later access of the CU dropped or changed the line
        bool read;             // the L2 has performed the request: snapshot holds its line
        Line snapshot;
    };
    std::vector<std::unordered_map<uint32_t, Line>> l1_;   // [cu]: line address >> 6 -> words
    std::vector<std::unordered_map<unsigned, Fill>> fills_; // [cu]: request tag -> fill
    void forget_fills(unsigned cu, unsigned entry);

    golden *g_ = nullptr;
    const kbin_lines *lines_ = nullptr;   // the kernel's line table (messages name the source line), or null
    unsigned waves_per_group_ = 1;        // of the launch: a group placed in slot s takes slots s .. s + this - 1
    long plant_pc_ = -1;                  // WAVEGPU_LOCKSTEP_PLANT: a planted golden-model error at this pc (tests)
    unsigned num_cus_ = 0;
    uint32_t mem_bytes_ = 0;
    std::vector<uint64_t> code_;
    std::vector<std::deque<Pending>> pending_;
    std::vector<std::deque<Pending>> orphans_;  // accesses of a slot's previous waves
    struct LdsResult {         // an LDS load or returning atomic between its RETIRE and LDS_DONE
        uint32_t wave, pc;
        uint64_t inst, cycle;
        int dest;
        uint32_t mask;
        uint32_t data[ISA_LANES];
    };
    std::vector<std::deque<LdsResult>> lds_pend_;   // [cu * GOLDEN_SLOTS + slot], in retire order
    std::vector<Access> access_;                // [cu * 32 + entry]
    std::unordered_set<uint32_t> ended_;   // waves whose `end` has retired
    uint64_t cycle_ = 0, events_ = 0;
    bool faulted_ = false;      // a FAULT event has been replayed
    unsigned fault_slot_ = 0;   // its slot
    std::string msg_;
};

#endif
