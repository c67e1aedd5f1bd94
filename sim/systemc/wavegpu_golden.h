// SPDX-License-Identifier: Apache-2.0
// wavegpu_golden: the GPU as a loosely-timed SystemC/TLM-2.0 device built on
// the C golden model (csrc/golden.h). It has the ports of the RTL component
// (sim/systemc/wavegpu_rtl.h) and answers the same registers, because its
// register file is GpuRegsModel (sim/gpu_regs_model.h), the model the RTL's
// AXI4-Lite slave is checked against: the same driver (csrc/gpu_driver.h)
// runs on either fidelity.
//
// Ports. clk is bound but unused: the device is not sensitive to it and
// keeps time with config.clock_period. rst: active high, level; while it is
// high the device is held in reset (below). irq: the RTL's irq_o,
// STATUS.done && IRQ_ENABLE[0]. regs: the 64 KiB register window (offsets
// 0..0xFFFF). mem: device memory, address = device address, from 0.
//
// Registers (regs). b_transport follows the RTL fidelity's bridge
// (sim/systemc/tlm_to_axil.h) rule for rule. TLM_IGNORE_COMMAND: OK.
// Length 0 or not a multiple of 4, or streaming width < length:
// TLM_BURST_ERROR_RESPONSE; address not a multiple of 4 or any byte outside
// the window: TLM_ADDRESS_ERROR_RESPONSE; neither changes anything. Else each
// 4-byte word, in address order, is one access of GpuRegsModel (byte k is
// lane k % 4, little endian; byte k is enabled unless
// byte_enable[k % byte_enable_length] is TLM_BYTE_DISABLED; a write's strobe
// is its word's enables, so a partial word is refused, as in the RTL; a read
// copies the enabled bytes of an OKAY word). Responses: OKAY ->
// TLM_OK_RESPONSE, SLVERR -> TLM_GENERIC_ERROR_RESPONSE, DECERR ->
// TLM_ADDRESS_ERROR_RESPONSE; the first word that is not OKAY ends the
// transaction, its data and later words untouched. b_transport never waits
// (except in reset, below): it adds to the delay argument the RTL port's
// time per word, 2 clock periods per write word and 3 per read word (AW and
// W together, BREADY/RREADY high: docs/architecture.md), the refused word
// included. The irq port follows every register write a delta cycle later.
// transport_dbg returns 0 and there is no DMI (registers have side effects).
// Instruction writes go into a 4096-entry instruction memory, zeros after
// reset. Callers are SC_THREADs, as for TlmToAxil.
//
// Reset. At the rising edge of rst (and at time 0 if rst starts high) the
// register file, the instruction memory, STATUS (mem_error included), the
// fault registers and the counters return to their reset values and a task
// in flight is abandoned: it never finishes, never raises irq, and on the
// copy path (below) writes nothing back. A register access while rst is high
// waits until rst falls, as TlmToAxil does.
//
// A task. CONTROL.START (accepted by the register file) clears STATUS.fault
// and the counters, and wakes the task thread a delta cycle later, which:
//  1. maps memory [0, MEM_BYTES): it asks `mem` for DMI; a pointer with read
//     and write access covering the range is used directly, with no socket
//     traffic during the task. Otherwise it copies the range in with
//     b_transport, 4 KiB per transaction, and keeps a copy of what it read.
//  2. creates a golden model on that memory (golden_config: num_cus =
//     NUM_CUS, mem_bytes = MEM_BYTES, mem_latency and max_ticks from the
//     config) and launches NUM_GROUPS groups of WAVES_PER_GROUP waves,
//     LDS_BYTES each, the first NUM_INSTS instructions, args = ARGS_ADDR;
//  3. runs it to the end with one golden_run call (on DMI memory, global
//     stores become visible at this moment, the START's time);
//  4. waits ticks x clock_period of simulated time, the task's duration;
//  5. on the copy path, writes back with b_transport every 4 KiB chunk that
//     differs from what was read (so results become visible now);
//  6. publishes the outcome: the fault registers, the counters, STATUS.done
//     (GpuRegsModel::finish()), and irq.
// The DMI pointer is asked for at every START and used only inside step 3,
// with no wait() in between, so no invalidation can come while it is in use;
// its latencies are not used (golden's mem_latency is the timing model).
// Copy-path transfers are a cost of this fidelity, not of the GPU: their
// annotated delays are dropped, so a task lasts ticks x clock_period on
// either path. Memory written by another initiator while a copy-path task
// runs is not seen by it, and a chunk the task changed is written back whole.
// The copy path holds two host copies of MEM_BYTES (kept for the next task).
//
// Memory errors. A transfer whose response is not TLM_OK_RESPONSE sets
// STATUS.mem_error (sticky until reset, as in the RTL) and ends the task at
// once, before it runs (copy-in) or with the rest of the write-back not done;
// SC_REPORT_WARNING names the address.
//
// Stops that are not ISA faults (the RTL would run on, or the host's driver
// would wait for ever), each with an SC_REPORT_WARNING of message type
// kWaveGpuGoldenMsgType: the task ends with STATUS.done and STATUS.fault,
// FAULT_CODE 0 (ISA_FAULT_NONE) and every other fault register "none" (lane
// 63, register 127, the rest 0), so the driver reports GPU_ERR_FAULT with
// fault 0 and cannot mistake it for a success:
//  - the golden model refuses the parameters (golden_create or
//    golden_launch: MEM_BYTES not a multiple of 4 in 8 KiB..1 GiB, LDS_BYTES
//    not a multiple of 4): the task ends at once, having run nothing (memory
//    is mapped first, so a MEM_BYTES beyond the memory is a memory error);
//  - the watchdog: golden_run reaches config.max_ticks: the task ends after
//    max_ticks x clock_period, with what it did written (as the RTL would
//    have written it), and counters to that point.
//
// Faults. FAULT_* come from golden_result: lane 63 when the fault is not a
// lane's, register 127 when it names no register; FAULT_SLOT is the wave slot
// of the faulting wave on its CU, found with golden_wave_get (a faulting
// wave stays in its slot: the model stops at the fault).
//
// Counters. Counter (cu, idx) is gpu_drv_counter_value() of CU cu's counters
// from golden_counters_cu, so the counters the golden model keeps (golden.h)
// read as the RTL's, and the RTL-only ones (stall_*, lds_conflict, the L1's)
// read 0. A CU the task did not use (NUM_CUS <= cu < num_cus) reads 0 but
// for cycles, the task's ticks, as in the RTL, where every CU counts cycles.
// The memory counters read 0: the golden model has no caches. Counters are
// cleared at START and published when the task ends (they read 0 while it
// runs); they hold until the next START or reset.
//
// Speed. The golden model's loop runs untouched: with DMI a task is one
// golden_run call and no socket traffic.
#ifndef WAVEGPU_WAVEGPU_GOLDEN_H
#define WAVEGPU_WAVEGPU_GOLDEN_H

#include "gpu.h"
#include "gpu_regs_model.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

struct golden;

// The SC_REPORT message type of the device's warnings.
extern const char *const kWaveGpuGoldenMsgType;

struct WaveGpuGoldenConfig {
    unsigned num_cus = 4;          // the build's NumCus, 1..8: CONFIG[3:0], NUM_CUS's range and reset value
    unsigned l2_slices = 4;        // CONFIG[7:4] only, 1..15 (there are no caches)
    sc_core::sc_time clock_period = sc_core::sc_time(10, sc_core::SC_NS);   // one golden tick
    unsigned mem_latency = 100;    // golden ticks of a global access (the host API's default)
    uint64_t max_ticks = 200000000ull;   // watchdog (see the header comment)
};

class WaveGpuGolden : public sc_core::sc_module {
public:
    sc_core::sc_in<bool> clk, rst;
    sc_core::sc_out<bool> irq;
    tlm_utils::simple_target_socket<WaveGpuGolden> regs;
    tlm_utils::simple_initiator_socket<WaveGpuGolden> mem;

    SC_HAS_PROCESS(WaveGpuGolden);
    // A config outside its ranges is an SC_REPORT_ERROR.
    WaveGpuGolden(sc_core::sc_module_name name, const WaveGpuGoldenConfig &config = WaveGpuGoldenConfig());

    // Golden ticks of the last task that ended (0 for one that ran nothing).
    uint64_t task_ticks() const { return task_ticks_; }
    // Host wall time the last task took the device: mapping memory, the
    // golden model, the write-back; not the simulated wait.
    double task_wall_seconds() const { return task_wall_seconds_; }
    // The last task ran on a DMI pointer (else on a copy).
    bool task_used_dmi() const { return task_used_dmi_; }

private:
    void regs_b_transport(tlm::tlm_generic_payload &trans, sc_core::sc_time &delay);
    unsigned regs_transport_dbg(tlm::tlm_generic_payload &trans);
    bool regs_get_direct_mem_ptr(tlm::tlm_generic_payload &trans, tlm::tlm_dmi &dmi);
    unsigned write_register(uint32_t addr, uint32_t value, unsigned strobe);
    GpuRegsInputs register_inputs() const;
    uint64_t counter_value(unsigned cu, unsigned idx) const;

    void on_reset();
    void drive_irq();
    void run_tasks();
    void run_task();

    // Memory of a task: a DMI pointer to [0, bytes), or null.
    uint8_t *direct_memory(uint32_t bytes);
    bool copy_in(uint32_t bytes);
    bool write_back(uint32_t bytes);
    bool transfer(tlm::tlm_command command, uint32_t addr, uint8_t *data, uint32_t len);
    // The outcome of a run of g (golden_run's status st, result res).
    void collect(golden *g, gpu_status st, const gpu_result &res);
    void stop_without_fault_code();
    void finish_task();
    bool abandoned(uint64_t epoch) const { return epoch != reset_epoch_; }

    const WaveGpuGoldenConfig config_;
    GpuRegsModel regs_;
    std::vector<uint64_t> imem_;
    std::vector<std::pair<unsigned, uint64_t>> imem_written_;
    // What the registers read from the GPU.
    bool fault_ = false, mem_error_ = false;
    GpuRegsFault fault_info_;
    std::array<gpu_counters, 8> counters_{};
    // Outcome of the running task, published by finish_task().
    bool task_fault_ = false;
    GpuRegsFault task_fault_info_;
    std::array<gpu_counters, 8> task_counters_{};
    uint64_t task_ticks_ = 0;
    double task_wall_seconds_ = 0;
    bool task_used_dmi_ = false;
    // The copy path: memory as read, and as the task leaves it.
    std::vector<uint8_t> copy_, copy_as_read_;

    uint64_t reset_epoch_ = 0;     // counts resets; a task started in an older epoch is abandoned
    sc_core::sc_event start_event_, reset_event_, irq_event_;
};

#endif
