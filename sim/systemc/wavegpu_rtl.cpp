// SPDX-License-Identifier: Apache-2.0
// wavegpu_rtl.cpp: see wavegpu_rtl.h. Everything that knows the Verilated
// model's port types is here.
#include "wavegpu_rtl.h"

#include "Vgpu_top.h"
#include "gpu_top_cfg.h"      // generated: GPU_TOP_NUM_CUS, GPU_TOP_L2_SLICES of the build
#include "verilated.h"
#include "verilated_fst_sc.h"

#include "axi_to_tlm.h"
#include "tlm_to_axil.h"

#include <cstdio>
#include <type_traits>
#include <utility>

using namespace sc_core;

// The signal of a gpu_top port, of the port's own type.
#define WAVEGPU_SIG(port)                                                                                   \
    sc_signal<typename std::remove_reference_t<decltype(std::declval<Vgpu_top &>().port)>::data_type> port { \
        #port                                                                                               \
    }

// Every port of gpu_top but clk_i, rst_i and irq_o (bound to the component's own).
struct WaveGpuRtlSignals {
    WAVEGPU_SIG(s_axil_awaddr); WAVEGPU_SIG(s_axil_awprot); WAVEGPU_SIG(s_axil_awvalid); WAVEGPU_SIG(s_axil_awready);
    WAVEGPU_SIG(s_axil_wdata); WAVEGPU_SIG(s_axil_wstrb); WAVEGPU_SIG(s_axil_wvalid); WAVEGPU_SIG(s_axil_wready);
    WAVEGPU_SIG(s_axil_bresp); WAVEGPU_SIG(s_axil_bvalid); WAVEGPU_SIG(s_axil_bready);
    WAVEGPU_SIG(s_axil_araddr); WAVEGPU_SIG(s_axil_arprot); WAVEGPU_SIG(s_axil_arvalid); WAVEGPU_SIG(s_axil_arready);
    WAVEGPU_SIG(s_axil_rdata); WAVEGPU_SIG(s_axil_rresp); WAVEGPU_SIG(s_axil_rvalid); WAVEGPU_SIG(s_axil_rready);
    WAVEGPU_SIG(busy_o);
    WAVEGPU_SIG(m_axi_awid); WAVEGPU_SIG(m_axi_awaddr); WAVEGPU_SIG(m_axi_awlen); WAVEGPU_SIG(m_axi_awsize);
    WAVEGPU_SIG(m_axi_awburst); WAVEGPU_SIG(m_axi_awlock); WAVEGPU_SIG(m_axi_awcache); WAVEGPU_SIG(m_axi_awprot);
    WAVEGPU_SIG(m_axi_awqos); WAVEGPU_SIG(m_axi_awvalid); WAVEGPU_SIG(m_axi_awready);
    WAVEGPU_SIG(m_axi_wdata); WAVEGPU_SIG(m_axi_wstrb); WAVEGPU_SIG(m_axi_wlast); WAVEGPU_SIG(m_axi_wvalid);
    WAVEGPU_SIG(m_axi_wready);
    WAVEGPU_SIG(m_axi_bid); WAVEGPU_SIG(m_axi_bresp); WAVEGPU_SIG(m_axi_bvalid); WAVEGPU_SIG(m_axi_bready);
    WAVEGPU_SIG(m_axi_arid); WAVEGPU_SIG(m_axi_araddr); WAVEGPU_SIG(m_axi_arlen); WAVEGPU_SIG(m_axi_arsize);
    WAVEGPU_SIG(m_axi_arburst); WAVEGPU_SIG(m_axi_arlock); WAVEGPU_SIG(m_axi_arcache); WAVEGPU_SIG(m_axi_arprot);
    WAVEGPU_SIG(m_axi_arqos); WAVEGPU_SIG(m_axi_arvalid); WAVEGPU_SIG(m_axi_arready);
    WAVEGPU_SIG(m_axi_rid); WAVEGPU_SIG(m_axi_rdata); WAVEGPU_SIG(m_axi_rresp); WAVEGPU_SIG(m_axi_rlast);
    WAVEGPU_SIG(m_axi_rvalid); WAVEGPU_SIG(m_axi_rready);
    WAVEGPU_SIG(tr_valid_o); WAVEGPU_SIG(tr_kind_o); WAVEGPU_SIG(tr_slot_o); WAVEGPU_SIG(tr_pc_o);
    WAVEGPU_SIG(tr_dest_o); WAVEGPU_SIG(tr_dest_mask_o); WAVEGPU_SIG(tr_dest_data_o); WAVEGPU_SIG(tr_sig_o);
    WAVEGPU_SIG(tr_mem_mask_o); WAVEGPU_SIG(tr_mem_addr_o); WAVEGPU_SIG(tr_mem_data_o); WAVEGPU_SIG(tr_gm_entry_o);
    WAVEGPU_SIG(tr_lds_valid_o); WAVEGPU_SIG(tr_lds_slot_o); WAVEGPU_SIG(tr_lds_dest_o); WAVEGPU_SIG(tr_lds_mask_o);
    WAVEGPU_SIG(tr_fault_cu_o); WAVEGPU_SIG(tr_fault_slot_o);
    WAVEGPU_SIG(tr_l1_a_valid_o); WAVEGPU_SIG(tr_l1_a_hit_o); WAVEGPU_SIG(tr_l1_a_alloc_o); WAVEGPU_SIG(tr_l1_a_tag_o);
    WAVEGPU_SIG(tr_l1_fill_o); WAVEGPU_SIG(tr_l1_fill_tag_o); WAVEGPU_SIG(tr_l2_valid_o); WAVEGPU_SIG(tr_l2_tag_o);
    WAVEGPU_SIG(tr_disp_valid_o); WAVEGPU_SIG(tr_disp_cu_o); WAVEGPU_SIG(tr_disp_slot_o); WAVEGPU_SIG(tr_disp_group_o);
};
#undef WAVEGPU_SIG

// The model; tracing must be on before it is made.
static Vgpu_top *new_model(bool traced)
{
    if (traced) Verilated::traceEverOn(true);
    return new Vgpu_top("gpu_top");
}

unsigned WaveGpuRtl::num_cus() { return GPU_TOP_NUM_CUS; }
unsigned WaveGpuRtl::l2_slices() { return GPU_TOP_L2_SLICES; }

WaveGpuRtl::WaveGpuRtl(sc_module_name name, const WaveGpuRtlConfig &config)
    : sc_module(name), clk("clk"), rst("rst"), irq("irq"), regs("regs"), mem("mem"),
      sig_(new WaveGpuRtlSignals), top_(new_model(!config.fst_path.empty())),
      regs_bridge_(new TlmToAxil("regs_bridge")), mem_bridge_(new AxiToTlm("mem_bridge", config.port, config.clock_period))
{
    WaveGpuRtlSignals &s = *sig_;
    Vgpu_top &t = *top_;
    t.clk_i(clk);
    t.rst_i(rst);
    t.irq_o(irq);
#define BIND(port) t.port(s.port)
    BIND(s_axil_awaddr); BIND(s_axil_awprot); BIND(s_axil_awvalid); BIND(s_axil_awready);
    BIND(s_axil_wdata); BIND(s_axil_wstrb); BIND(s_axil_wvalid); BIND(s_axil_wready);
    BIND(s_axil_bresp); BIND(s_axil_bvalid); BIND(s_axil_bready);
    BIND(s_axil_araddr); BIND(s_axil_arprot); BIND(s_axil_arvalid); BIND(s_axil_arready);
    BIND(s_axil_rdata); BIND(s_axil_rresp); BIND(s_axil_rvalid); BIND(s_axil_rready);
    BIND(busy_o);
    BIND(m_axi_awid); BIND(m_axi_awaddr); BIND(m_axi_awlen); BIND(m_axi_awsize); BIND(m_axi_awburst);
    BIND(m_axi_awlock); BIND(m_axi_awcache); BIND(m_axi_awprot); BIND(m_axi_awqos); BIND(m_axi_awvalid);
    BIND(m_axi_awready);
    BIND(m_axi_wdata); BIND(m_axi_wstrb); BIND(m_axi_wlast); BIND(m_axi_wvalid); BIND(m_axi_wready);
    BIND(m_axi_bid); BIND(m_axi_bresp); BIND(m_axi_bvalid); BIND(m_axi_bready);
    BIND(m_axi_arid); BIND(m_axi_araddr); BIND(m_axi_arlen); BIND(m_axi_arsize); BIND(m_axi_arburst);
    BIND(m_axi_arlock); BIND(m_axi_arcache); BIND(m_axi_arprot); BIND(m_axi_arqos); BIND(m_axi_arvalid);
    BIND(m_axi_arready);
    BIND(m_axi_rid); BIND(m_axi_rdata); BIND(m_axi_rresp); BIND(m_axi_rlast); BIND(m_axi_rvalid); BIND(m_axi_rready);
    BIND(tr_valid_o); BIND(tr_kind_o); BIND(tr_slot_o); BIND(tr_pc_o); BIND(tr_dest_o); BIND(tr_dest_mask_o);
    BIND(tr_dest_data_o); BIND(tr_sig_o); BIND(tr_mem_mask_o); BIND(tr_mem_addr_o); BIND(tr_mem_data_o);
    BIND(tr_gm_entry_o); BIND(tr_lds_valid_o); BIND(tr_lds_slot_o); BIND(tr_lds_dest_o); BIND(tr_lds_mask_o);
    BIND(tr_fault_cu_o); BIND(tr_fault_slot_o);
    BIND(tr_l1_a_valid_o); BIND(tr_l1_a_hit_o); BIND(tr_l1_a_alloc_o); BIND(tr_l1_a_tag_o); BIND(tr_l1_fill_o);
    BIND(tr_l1_fill_tag_o); BIND(tr_l2_valid_o); BIND(tr_l2_tag_o);
    BIND(tr_disp_valid_o); BIND(tr_disp_cu_o); BIND(tr_disp_slot_o); BIND(tr_disp_group_o);
#undef BIND

    // The register slave: the host's side of the AXI4-Lite port.
    TlmToAxil &h = *regs_bridge_;
    h.clk(clk);
    h.rst(rst);
    h.awaddr(s.s_axil_awaddr); h.awprot(s.s_axil_awprot); h.awvalid(s.s_axil_awvalid); h.awready(s.s_axil_awready);
    h.wdata(s.s_axil_wdata); h.wstrb(s.s_axil_wstrb); h.wvalid(s.s_axil_wvalid); h.wready(s.s_axil_wready);
    h.bresp(s.s_axil_bresp); h.bvalid(s.s_axil_bvalid); h.bready(s.s_axil_bready);
    h.araddr(s.s_axil_araddr); h.arprot(s.s_axil_arprot); h.arvalid(s.s_axil_arvalid); h.arready(s.s_axil_arready);
    h.rdata(s.s_axil_rdata); h.rresp(s.s_axil_rresp); h.rvalid(s.s_axil_rvalid); h.rready(s.s_axil_rready);
    regs.bind(h.socket);

    // The memory: the slave's side of the AXI4 port.
    AxiToTlm &m = *mem_bridge_;
    m.clk(clk);
    m.rst(rst);
    m.awid(s.m_axi_awid); m.awaddr(s.m_axi_awaddr); m.awlen(s.m_axi_awlen); m.awsize(s.m_axi_awsize);
    m.awburst(s.m_axi_awburst); m.awvalid(s.m_axi_awvalid); m.awready(s.m_axi_awready);
    m.wdata(s.m_axi_wdata); m.wstrb(s.m_axi_wstrb); m.wlast(s.m_axi_wlast); m.wvalid(s.m_axi_wvalid);
    m.wready(s.m_axi_wready);
    m.bid(s.m_axi_bid); m.bresp(s.m_axi_bresp); m.bvalid(s.m_axi_bvalid); m.bready(s.m_axi_bready);
    m.arid(s.m_axi_arid); m.araddr(s.m_axi_araddr); m.arlen(s.m_axi_arlen); m.arsize(s.m_axi_arsize);
    m.arburst(s.m_axi_arburst); m.arvalid(s.m_axi_arvalid); m.arready(s.m_axi_arready);
    m.rid(s.m_axi_rid); m.rdata(s.m_axi_rdata); m.rresp(s.m_axi_rresp); m.rlast(s.m_axi_rlast);
    m.rvalid(s.m_axi_rvalid); m.rready(s.m_axi_rready);
    m.socket.bind(mem);

    SC_METHOD(count_cycles);
    sensitive << clk.pos();
    dont_initialize();

    if (!config.fst_path.empty()) {
        fst_path_ = config.fst_path;
        fst_.reset(new VerilatedFstSc);
    }
}

// The model joins the FST file, which opens, once elaboration is done
// (Verilator's rule for SystemC traces).
void WaveGpuRtl::start_of_simulation()
{
    if (!fst_) return;
    if (FILE *f = fopen(fst_path_.c_str(), "wb")) fclose(f);
    else SC_REPORT_ERROR(name(), ("cannot write the FST file " + fst_path_).c_str());
    top_->trace(fst_.get(), 99);
    fst_->open(fst_path_.c_str());
}

WaveGpuRtl::~WaveGpuRtl()
{
    if (fst_) fst_->close();
    top_->final();
}

bool WaveGpuRtl::busy() const { return sig_->busy_o.read(); }

const AxiDramStats &WaveGpuRtl::port_stats() const { return mem_bridge_->dram_stats(); }
