// SPDX-License-Identifier: Apache-2.0
// example_platform: the smallest platform with the GPU, shown in
// docs/systemc.md: a router, a memory, the GPU at the fidelity named by
// argv[1] (rtl or golden), and a host thread that doubles 64 words with the
// driver (csrc/gpu_driver.h). make systemc runs it on both fidelities.
#include "asm.h"
#include "gpu_driver.h"
#include "tlm_memory.h"
#include "tlm_router.h"
#include "wavegpu_golden.h"
#include "wavegpu_rtl.h"

#include <cstring>
#include <tlm_utils/simple_initiator_socket.h>

using namespace sc_core;

static const char kDouble[] =           // word[i] *= 2 at the address in args[0], 32 lanes per wave
    "    global_load32 s0, v16, one, args\n    shl v17, wave, 5\n    add v17, v17, sid\n    shl v17, v17, 2\n"
    "    sig_wait s0\n    add v18, v16, v17\n    global_load32 s1, v19, one, v18\n    sig_wait s1\n"
    "    add v19, v19, v19\n    global_store32 s2, v18, one, v19\n    sig_wait s2\n    end\n";
static const uint64_t kRegs = 0x40000000, kArgs = 0x1000, kData = 0x2000;

struct Host : sc_module {
    tlm_utils::simple_initiator_socket<Host> bus{ "bus" };
    sc_in<bool> irq{ "irq" };
    sc_out<bool> rst{ "rst" };
    SC_HAS_PROCESS(Host);
    explicit Host(sc_module_name n) : sc_module(n) { SC_THREAD(run); }

    int access(tlm::tlm_command cmd, uint64_t addr, void *data, unsigned bytes)
    {
        tlm::tlm_generic_payload t;
        sc_time delay = SC_ZERO_TIME;
        t.set_command(cmd);
        t.set_address(addr);
        t.set_data_ptr(static_cast<unsigned char *>(data));
        t.set_data_length(bytes);
        t.set_streaming_width(bytes);
        t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        bus->b_transport(t, delay);
        wait(delay);
        return t.is_response_ok() ? 0 : 2;
    }
    static int read32(void *h, uint32_t a, uint32_t *v)
    {
        return static_cast<Host *>(h)->access(tlm::TLM_READ_COMMAND, kRegs + a, v, 4);
    }
    static int write32(void *h, uint32_t a, uint32_t v)
    {
        return static_cast<Host *>(h)->access(tlm::TLM_WRITE_COMMAND, kRegs + a, &v, 4);
    }

    void run()
    {
        rst.write(true);
        wait(50, SC_NS);
        rst.write(false);
        wait(20, SC_NS);
        uint32_t words[64], data = kData;
        for (uint32_t i = 0; i < 64; i++) words[i] = i;
        access(tlm::TLM_WRITE_COMMAND, kData, words, sizeof words);
        access(tlm::TLM_WRITE_COMMAND, kArgs, &data, 4);
        char err[256] = "";
        kbin k{};
        gpu_drv_port port{ this, read32, write32 };
        gpu_result res;
        bool ok = asm_assemble(kDouble, strlen(kDouble), "double", &k, err, sizeof err) == 0;
        gpu_drv_task task{ 2, 1, 0, k.num_insts, kArgs, 1u << 20, 1 };   // 2 groups of 1 wave on 1 CU
        ok = ok && gpu_drv_load_program(&port, k.insts, k.num_insts, err, sizeof err) == GPU_OK;
        ok = ok && gpu_drv_start(&port, &task, err, sizeof err) == GPU_OK;
        if (ok) wait(irq.posedge_event());
        ok = ok && gpu_drv_finish(&port, &res, err, sizeof err) == GPU_OK;
        access(tlm::TLM_READ_COMMAND, kData, words, sizeof words);
        for (uint32_t i = 0; i < 64; i++) ok = ok && words[i] == 2 * i;
        printf("%s example_platform: 64 words doubled at %s %s\n", ok ? "PASS" : "FAIL",
               sc_time_stamp().to_string().c_str(), err);
        kbin_free(&k);
        sc_stop();
    }
};

int sc_main(int argc, char **argv)
{
    bool rtl = argc > 1 && strcmp(argv[1], "rtl") == 0;
    sc_clock clk("clk", 10, SC_NS);
    sc_signal<bool> rst, irq;
    TlmRouter bus("bus", { { "to_memory", 0, 1u << 20 }, { "to_gpu", kRegs, 0x10000 } });
    TlmMemory memory("memory", 1u << 20, sc_time(1, SC_US));   // latency 100 cycles of 10 ns
    Host host("host");
    host.bus.bind(bus.in);
    host.irq(irq);
    host.rst(rst);
    bus.target(0).bind(memory.socket);
    std::unique_ptr<WaveGpuRtl> gpu_rtl;          // the two fidelities have the same ports
    std::unique_ptr<WaveGpuGolden> gpu_golden;
    if (rtl) {
        gpu_rtl = std::make_unique<WaveGpuRtl>("gpu");
        gpu_rtl->clk(clk), gpu_rtl->rst(rst), gpu_rtl->irq(irq);
        bus.target(1).bind(gpu_rtl->regs);
        gpu_rtl->mem.bind(bus.in);
    } else {
        gpu_golden = std::make_unique<WaveGpuGolden>("gpu");
        gpu_golden->clk(clk), gpu_golden->rst(rst), gpu_golden->irq(irq);
        bus.target(1).bind(gpu_golden->regs);
        gpu_golden->mem.bind(bus.in);
    }
    sc_start();
    return 0;
}
