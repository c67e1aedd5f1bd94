// SPDX-License-Identifier: Apache-2.0
// wavegpu_golden: see wavegpu_golden.h.
#include "wavegpu_golden.h"

#include "golden.h"
#include "gpu_ctr.h"      // generated from rtl/gpu_ctr_pkg.sv
#include "gpu_driver.h"
#include "gpu_regs.h"     // generated from rtl/gpu_regs_pkg.sv
#include "isa.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>

using namespace sc_core;

const char *const kWaveGpuGoldenMsgType = "/wavegpu/golden";

namespace {

const uint64_t kRegWindowBytes = 1u << 16;
const unsigned kWriteCycles = 2;          // an AXI4-Lite write of the RTL port, AW and W together
const unsigned kReadCycles = 3;           // a read, RREADY high
const uint32_t kChunkBytes = 4096;        // copy-path transfers

double seconds_since(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

tlm::tlm_response_status tlm_status_of(unsigned resp)
{
    switch (resp) {
    case RESP_OKAY: return tlm::TLM_OK_RESPONSE;
    case RESP_DECERR: return tlm::TLM_ADDRESS_ERROR_RESPONSE;
    default: return tlm::TLM_GENERIC_ERROR_RESPONSE;   // SLVERR
    }
}

bool byte_enabled(const tlm::tlm_generic_payload &trans, unsigned byte)
{
    const unsigned char *be = trans.get_byte_enable_ptr();
    unsigned be_len = trans.get_byte_enable_length();
    return !be || !be_len || be[byte % be_len] != TLM_BYTE_DISABLED;
}

GpuRegsConfig regs_config(const WaveGpuGoldenConfig &c)
{
    GpuRegsConfig r;
    r.num_cus = c.num_cus;
    r.l2_slices = c.l2_slices;
    r.imem_depth = ISA_MAX_INSTS;
    r.num_ctrs = NUM_CTRS;
    r.num_mem_ctrs = NUM_MEM_CTRS;
    r.mem_ctr_first = MEM_CTR_FIRST;
    return r;
}

} // namespace

WaveGpuGolden::WaveGpuGolden(sc_module_name name, const WaveGpuGoldenConfig &config)
    : sc_module(name), clk("clk"), rst("rst"), irq("irq"), regs("regs"), mem("mem"), config_(config),
      regs_(regs_config(config)), imem_(ISA_MAX_INSTS, 0), start_event_("start_event"),
      reset_event_("reset_event"), irq_event_("irq_event")
{
    if (config_.num_cus < 1 || config_.num_cus > GOLDEN_MAX_CUS || config_.l2_slices < 1 || config_.l2_slices > 15 ||
        config_.clock_period == SC_ZERO_TIME) {
        char why[160];
        snprintf(why, sizeof why, "%s: config num_cus %u (1..%d), l2_slices %u (1..15), clock_period %s (> 0)",
                 this->name(), config_.num_cus, GOLDEN_MAX_CUS, config_.l2_slices,
                 config_.clock_period.to_string().c_str());
        SC_REPORT_ERROR(kWaveGpuGoldenMsgType, why);
    }
    regs.register_b_transport(this, &WaveGpuGolden::regs_b_transport);
    regs.register_transport_dbg(this, &WaveGpuGolden::regs_transport_dbg);
    regs.register_get_direct_mem_ptr(this, &WaveGpuGolden::regs_get_direct_mem_ptr);
    irq.initialize(false);

    SC_METHOD(on_reset);
    sensitive << rst;           // also runs at time 0: a reset held from the start
    SC_METHOD(drive_irq);
    sensitive << irq_event_;
    dont_initialize();
    SC_THREAD(run_tasks);
}

// ---------------------------------------------------------------- registers

void WaveGpuGolden::regs_b_transport(tlm::tlm_generic_payload &trans, sc_time &delay)
{
    tlm::tlm_command command = trans.get_command();
    if (command == tlm::TLM_IGNORE_COMMAND) {
        trans.set_response_status(tlm::TLM_OK_RESPONSE);
        return;
    }
    uint64_t addr = trans.get_address();
    unsigned len = trans.get_data_length();
    if (len == 0 || len % 4 || trans.get_streaming_width() < len) {
        trans.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
        return;
    }
    if (addr % 4 || addr >= kRegWindowBytes || len > kRegWindowBytes - addr) {
        trans.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    while (rst.read()) wait(rst.negedge_event());

    bool write = command == tlm::TLM_WRITE_COMMAND;
    unsigned char *data = trans.get_data_ptr();
    trans.set_dmi_allowed(false);
    for (unsigned word = 0; word < len / 4; word++) {
        uint32_t a = (uint32_t)addr + 4 * word;
        unsigned char *bytes = data + 4 * word;
        unsigned resp;
        if (write) {
            uint32_t value = 0;
            unsigned strobe = 0;
            for (unsigned lane = 0; lane < 4; lane++) {
                value |= (uint32_t)bytes[lane] << 8 * lane;
                if (byte_enabled(trans, 4 * word + lane)) strobe |= 1u << lane;
            }
            resp = write_register(a, value, strobe);
            delay += config_.clock_period * kWriteCycles;
        } else {
            uint32_t value = 0;
            resp = regs_.read(a, &value, register_inputs());
            if (resp == RESP_OKAY)
                for (unsigned lane = 0; lane < 4; lane++)
                    if (byte_enabled(trans, 4 * word + lane)) bytes[lane] = (unsigned char)(value >> 8 * lane);
            delay += config_.clock_period * kReadCycles;
        }
        if (resp != RESP_OKAY) {
            trans.set_response_status(tlm_status_of(resp));
            return;
        }
    }
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
}

unsigned WaveGpuGolden::regs_transport_dbg(tlm::tlm_generic_payload &) { return 0; }

bool WaveGpuGolden::regs_get_direct_mem_ptr(tlm::tlm_generic_payload &, tlm::tlm_dmi &) { return false; }

unsigned WaveGpuGolden::write_register(uint32_t addr, uint32_t value, unsigned strobe)
{
    bool launch = false;
    imem_written_.clear();
    unsigned resp = regs_.write(addr, value, strobe, &launch, &imem_written_);
    for (const auto &inst : imem_written_) imem_[inst.first] = inst.second;
    if (launch) {
        fault_ = false;             // STATUS.fault is the last task's
        counters_ = {};             // counters reset at launch
        start_event_.notify(SC_ZERO_TIME);
    }
    irq_event_.notify(SC_ZERO_TIME);
    return resp;
}

GpuRegsInputs WaveGpuGolden::register_inputs() const
{
    GpuRegsInputs in;
    in.fault = fault_;
    in.mem_error = mem_error_;
    in.f = fault_info_;
    in.counter = [this](unsigned cu, unsigned idx) { return counter_value(cu, idx); };
    return in;
}

uint64_t WaveGpuGolden::counter_value(unsigned cu, unsigned idx) const
{
    if (idx >= MEM_CTR_FIRST || cu >= counters_.size()) return 0;   // no caches: the memory counters read 0
    return gpu_drv_counter_value(&counters_[cu], idx);
}

// ---------------------------------------------------------------- reset and irq

void WaveGpuGolden::on_reset()
{
    if (!rst.read()) return;
    regs_.reset();
    std::fill(imem_.begin(), imem_.end(), 0);
    fault_ = mem_error_ = false;
    fault_info_ = GpuRegsFault();
    counters_ = {};
    task_ticks_ = 0;
    reset_epoch_++;
    reset_event_.notify();
    irq_event_.notify(SC_ZERO_TIME);
}

void WaveGpuGolden::drive_irq() { irq.write(regs_.irq()); }

// ---------------------------------------------------------------- tasks

void WaveGpuGolden::run_tasks()
{
    for (;;) {
        wait(start_event_);
        if (regs_.busy()) run_task();   // not busy: a reset came after the START
    }
}

uint8_t *WaveGpuGolden::direct_memory(uint32_t bytes)
{
    tlm::tlm_generic_payload request;
    tlm::tlm_dmi dmi;
    request.set_command(tlm::TLM_WRITE_COMMAND);   // read and write access wanted
    request.set_address(0);
    request.set_data_length(bytes);
    if (!mem->get_direct_mem_ptr(request, dmi)) return nullptr;
    if (!dmi.is_read_write_allowed() || dmi.get_start_address() != 0 || !dmi.get_dmi_ptr()) return nullptr;
    if (bytes && dmi.get_end_address() < (uint64_t)bytes - 1) return nullptr;
    return dmi.get_dmi_ptr();
}

bool WaveGpuGolden::transfer(tlm::tlm_command command, uint32_t addr, uint8_t *data, uint32_t len)
{
    tlm::tlm_generic_payload t;
    t.set_command(command);
    t.set_address(addr);
    t.set_data_ptr(data);
    t.set_data_length(len);
    t.set_streaming_width(len);
    t.set_byte_enable_ptr(nullptr);
    t.set_byte_enable_length(0);
    t.set_dmi_allowed(false);
    t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_time delay = SC_ZERO_TIME;   // dropped: the copy is this fidelity's cost, not the GPU's
    mem->b_transport(t, delay);
    if (t.get_response_status() == tlm::TLM_OK_RESPONSE) return true;
    char why[200];
    snprintf(why, sizeof why, "%s: memory %s of %u bytes at 0x%08x: %s; STATUS.mem_error set", name(),
             command == tlm::TLM_READ_COMMAND ? "read" : "write", len, addr, t.get_response_string().c_str());
    SC_REPORT_WARNING(kWaveGpuGoldenMsgType, why);
    mem_error_ = true;
    return false;
}

bool WaveGpuGolden::copy_in(uint32_t bytes)
{
    copy_.resize(bytes);
    for (uint32_t a = 0; a < bytes; a += kChunkBytes)
        if (!transfer(tlm::TLM_READ_COMMAND, a, copy_.data() + a, std::min(kChunkBytes, bytes - a))) return false;
    copy_as_read_ = copy_;
    return true;
}

bool WaveGpuGolden::write_back(uint32_t bytes)
{
    for (uint32_t a = 0; a < bytes; a += kChunkBytes) {
        uint32_t n = std::min(kChunkBytes, bytes - a);
        if (memcmp(copy_.data() + a, copy_as_read_.data() + a, n) == 0) continue;
        if (!transfer(tlm::TLM_WRITE_COMMAND, a, copy_.data() + a, n)) return false;
    }
    return true;
}

void WaveGpuGolden::stop_without_fault_code()
{
    task_fault_ = true;
    task_fault_info_ = GpuRegsFault();   // code 0, lane 63, register 127
}

void WaveGpuGolden::collect(golden *g, gpu_status st, const gpu_result &res)
{
    gpu_counters all;
    golden_counters(g, &all);
    task_ticks_ = all.cycles;
    unsigned used = regs_.reg(REG_NUM_CUS);
    for (unsigned cu = 0; cu < config_.num_cus; cu++) {
        task_counters_[cu] = gpu_counters{};
        if (cu < used) golden_counters_cu(g, cu, &task_counters_[cu]);
        else task_counters_[cu].cycles = task_ticks_;   // the RTL counts cycles on every CU
    }
    if (st == GPU_ERR_FAULT) {
        GpuRegsFault &f = task_fault_info_;
        task_fault_ = true;
        f = GpuRegsFault();
        f.code = res.fault;
        f.cu = res.cu;
        f.wave = res.wave;
        f.group = res.group;
        f.pc = res.pc;
        f.inst = res.inst;
        f.lane = res.lane < 0 ? 63 : (unsigned)res.lane;
        f.addr = res.addr;
        f.reg = res.reg < 0 ? 127 : (unsigned)res.reg;
        bool found = false;
        for (unsigned slot = 0; slot < GOLDEN_SLOTS && !found; slot++) {
            golden_wave_info info;
            if (golden_wave_get(g, res.cu, slot, &info) && info.wave == res.wave) {
                f.slot = slot;
                found = true;
            }
        }
        if (!found) {
            char why[160];
            snprintf(why, sizeof why, "%s: the faulting wave %u is in no slot of CU %u; FAULT_SLOT reads 0", name(),
                     res.wave, res.cu);
            SC_REPORT_WARNING(kWaveGpuGoldenMsgType, why);
        }
    } else if (st != GPU_OK) {
        char why[200];
        if (st == GPU_ERR_TIMEOUT)
            snprintf(why, sizeof why, "%s: the task ran %llu ticks, config.max_ticks: stopped (STATUS.fault, FAULT_CODE 0)",
                     name(), (unsigned long long)config_.max_ticks);
        else
            snprintf(why, sizeof why, "%s: golden_run failed (%s): stopped (STATUS.fault, FAULT_CODE 0)", name(),
                     gpu_status_name(st));
        SC_REPORT_WARNING(kWaveGpuGoldenMsgType, why);
        stop_without_fault_code();
    }
}

void WaveGpuGolden::finish_task()
{
    fault_ = task_fault_;
    fault_info_ = task_fault_info_;
    counters_ = task_counters_;
    regs_.finish();
    irq_event_.notify(SC_ZERO_TIME);
}

void WaveGpuGolden::run_task()
{
    const uint64_t epoch = reset_epoch_;
    const auto t0 = std::chrono::steady_clock::now();
    task_fault_ = false;
    task_fault_info_ = GpuRegsFault();
    task_counters_ = {};
    task_ticks_ = 0;
    task_wall_seconds_ = 0;

    const uint32_t mem_bytes = regs_.reg(REG_MEM_BYTES);
    uint8_t *memory = direct_memory(mem_bytes);
    task_used_dmi_ = memory != nullptr;
    if (!memory) {
        bool copied = copy_in(mem_bytes);
        if (abandoned(epoch)) return;
        if (!copied) {
            task_wall_seconds_ = seconds_since(t0);
            finish_task();
            return;
        }
        memory = copy_.data();
    }

    golden_config gc;
    golden_config_default(&gc);
    gc.num_cus = regs_.reg(REG_NUM_CUS);
    gc.mem_bytes = mem_bytes;
    gc.mem_latency = config_.mem_latency;
    gc.max_ticks = config_.max_ticks;
    gc.memory = memory;
    golden_launch_params lp;
    lp.code = imem_.data();
    lp.num_insts = regs_.reg(REG_NUM_INSTS);
    lp.num_groups = regs_.reg(REG_NUM_GROUPS);
    lp.waves_per_group = regs_.reg(REG_WAVES_PER_GROUP);
    lp.lds_bytes = regs_.reg(REG_LDS_BYTES);
    lp.args_addr = regs_.reg(REG_ARGS_ADDR);

    char err[256] = "";
    golden *g = nullptr;
    gpu_status st = golden_create(&g, &gc, err, sizeof err);
    if (st == GPU_OK) st = golden_launch(g, &lp, err, sizeof err);
    if (st != GPU_OK) {
        golden_destroy(g);
        std::string why = std::string(name()) + ": the golden model refuses the task (" + err +
                          "): it ends at once (STATUS.fault, FAULT_CODE 0)";
        SC_REPORT_WARNING(kWaveGpuGoldenMsgType, why.c_str());
        stop_without_fault_code();
        task_wall_seconds_ = seconds_since(t0);
        finish_task();
        return;
    }
    gpu_result res;
    st = golden_run(g, &res);
    collect(g, st, res);
    golden_destroy(g);
    task_wall_seconds_ = seconds_since(t0);

    const uint64_t period = config_.clock_period.value();
    const uint64_t duration = task_ticks_ > UINT64_MAX / period ? UINT64_MAX : task_ticks_ * period;
    if (duration) wait(sc_time::from_value(duration), reset_event_);
    if (abandoned(epoch)) return;

    if (!task_used_dmi_) {
        const auto t1 = std::chrono::steady_clock::now();
        write_back(mem_bytes);
        if (abandoned(epoch)) return;
        task_wall_seconds_ += seconds_since(t1);
    }
    finish_task();
}
