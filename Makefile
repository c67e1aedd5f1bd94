# SPDX-License-Identifier: Apache-2.0
# wavegpu: the make targets are the interface. See README.md.
#
#   make test        build everything and run the regression (ends with "N passed, N failed")
#   make sim         run a kernel on the RTL in lockstep with the golden model, print its
#                    summary, write waves/<kernel>.fst (KERNEL= any kernel of kernels/, by
#                    its "# run:" line; NO_TRACE=1, TRACE_START=, TRACE_END=, TRACE_DEPTH=,
#                    NUM_CUS=; see scripts/sim_kernel.sh, sim/wgrun.c, sim/sim_main.c)
#   make sim-small   the same on the small configuration (scripts/small_config.txt:
#                    1 CU, 1 physical lane, small caches), waves/<kernel>_small.fst
#   make view        open waves/<kernel>.fst in GTKWave with waves/gpu.gtkw
#   make bench       build/bench/report.md with gnuplot PNGs (docs/bench.md): every kernel's
#                    counters (roofline, stall breakdown), timelines, latencies, issue rate, LDS
#                    costs, coalescing, copy bandwidth, simulation and golden-model speed
#   make bench-golden  golden-model speed on the seed matmul
#   make deps        install the tools the project needs (scripts/install-deps.sh)
#   make lint        four front ends on every RTL module and gpu_top's configurations:
#                    Verilator -Wall, Icarus, Yosys (latches, drivers, loops), slang
#   make synth       Yosys synthesis of gpu_top for 7-series and ECP5 at NumCus 1 and 4:
#                    report of LUTs, FFs, block RAMs and DSPs per block (SYNTH_JOBS=...)
#   make fpga        the small configuration through synth_ecp5 and nextpnr-ecp5 for an
#                    LFE5U-85F: utilisation, Fmax, critical path (FPGA_FREQ=50 MHz, FPGA_ABC=abc9)
#   make gen         regenerate rtl/gpu_isa_pkg.sv from csrc/isa.def
#   make coverage    the RTL regression (kernel and runtime tests, run lines, 200 fuzz seeds) on
#                    a model with Verilator line and toggle coverage, functional coverage from the
#                    golden model: tables, unreached bins, build/cov/report.md (docs/coverage.md)
#   make formal      the SymbiYosys proofs of tb/formal/ and their planted bugs (docs/formal.md)
#   make formal-long the proofs too long for make test (the LDS at 32 banks, its pipeline: 12-18 min each)
#   make rtl-lib     build/libwavegpu.a and build/libwavegpu_rtl.a (the RTL backend)
#   make install     PREFIX=dir: libraries, headers, wgasm/wgdis/wgrun, pkg-config files
#   make clean       remove everything built (build/, waves/*.fst)
#   make help        this list (also what `make` alone prints)

SHARED        ?= ../shared
TESTFLOAT_DIR ?= $(SHARED)/testfloat
# SANITIZE=1: every C and C++ program of the project built with
# AddressSanitizer and UndefinedBehaviorSanitizer, into build/san/ (the
# Verilated models themselves are generated code and stay uninstrumented:
# the RTL tests link build/vtop's, the normal build's model, and the RTL
# unit benches the normal build's models of their units). make test
# SANITIZE=1 then runs the C and C++ tests (below, SAN_CHECK).
SANITIZE      ?=
# COVERAGE=1 (set by make coverage, docs/coverage.md): the RTL programs
# built into build/cov/ against their own model of gpu_top, Verilated with
# --coverage-line --coverage-toggle into build/cov/vtop (no profile-guided
# build), with the kernels in build/cov/kernels: nothing outside build/cov/.
# Toggle coverage leaves out signals wider than COV_TOGGLE_WIDTH bits: with
# Verilator's default (256) the 32-bit lane data of 128 lane instances gave
# 265,000 toggle points per model and 5.6 times the normal model's C++.
COVERAGE      ?=
COV_TOGGLE_WIDTH ?= 16
BUILD         := $(if $(SANITIZE),build/san,$(if $(COVERAGE),build/cov,build))
SAN_FLAGS     := $(if $(SANITIZE),-fsanitize=address -fsanitize=undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
.DEFAULT_GOAL := help
OBJ           := $(BUILD)/obj
BIN           := $(BUILD)/bin
# (the kernels are data the tests read from build/kernels, in a SANITIZE build
# too; a COVERAGE build runs its tests where build/kernels is its own)
KOUT          := $(if $(COVERAGE),$(BUILD)/kernels,build/kernels)

CC      ?= cc
CFLAGS  ?= -O2 -g
# -ffp-contract=off: the compiler must never fuse a*b+c on its own; f32 results are bit-exact.
CFLAGS  += -std=c11 -Wall -Wextra -Werror -ffp-contract=off -fno-fast-math -Icsrc -MMD -MP $(SAN_FLAGS)
LDLIBS  += -lm

LIB_SRCS  := $(filter-out csrc/%_main.c,$(wildcard csrc/*.c))
LIB_OBJS  := $(patsubst csrc/%.c,$(OBJ)/%.o,$(LIB_SRCS))
LIB       := $(BUILD)/libwavegpu.a
TOOLS     := $(patsubst csrc/%_main.c,$(BIN)/%,$(wildcard csrc/*_main.c))
# The C test programs: the four large ones one folder each (tb/<area>/*.c,
# SPLIT_TESTS), the others one file (tb/test_*.c); every one links the shared
# check and PRNG library (tb/lib/). OBJS_<program> lists a program's objects.
SPLIT_TESTS := asm golden kernels runtime
TB_LIB_OBJS := $(patsubst tb/%.c,$(OBJ)/tb/%.o,$(wildcard tb/lib/*.c))
# objs_of: the objects of folder tb/$(1) built under $(OBJ)/$(2) (tb, or tb_small
# for the small configuration's -DTEST_MAX_CUS).
objs_of      = $(patsubst tb/%.c,$(OBJ)/$(2)/%.o,$(wildcard tb/$(1)/*.c))
$(foreach t,$(SPLIT_TESTS),$(eval OBJS_test_$(t) := $(call objs_of,$(t),tb)))
$(foreach p,$(patsubst tb/%.c,%,$(wildcard tb/test_*.c)),$(eval OBJS_$(p) := $(OBJ)/tb_$(p).o))
OBJS_bench_core := $(OBJ)/tb_bench_core.o
TEST_PROGS := $(sort $(patsubst tb/%.c,%,$(wildcard tb/test_*.c)) $(addprefix test_,$(SPLIT_TESTS)))
TESTS      := $(addprefix $(BIN)/,$(TEST_PROGS))
BENCHES   := $(patsubst tb/bench/%.c,$(BIN)/%,$(filter-out tb/bench/bench_core.c,$(wildcard tb/bench/bench_*.c)))
KERNELS   := $(patsubst kernels/%.s,$(KOUT)/%.wgk,$(wildcard kernels/*.s))

# RTL unit tests: one recipe for every unit bench. A unit NAME is a Verilator
# model of module gpu_NAME (or of UNIT_TOP_NAME: gpu_$(UNIT_MOD_NAME) or a
# testbench wrapper in tb/rtl/) with the C++ shim tb/rtl/NAME_tb.cpp (or
# UNIT_TB_NAME) linked against the C library; VFLAGS_NAME gives its
# parameters, UNIT_CFLAGS_NAME its shim's defines, TBSRC_NAME more sources and
# TBDEP_NAME headers it needs. The program is $(BUILD)/vNAME/Vgpu_NAME, run by
# make test. X is random in every model (--x-assign/--x-initial unique; a shim
# that sets randReset 2 gets random initial state), so logic that relies on an
# undefined value fails its test.
VERILATOR ?= verilator
VFLAGS    := -O3 -Wall --x-assign unique --x-initial unique
RTL_SRCS  := $(wildcard rtl/*.sv)
RTL_PKGS  := rtl/gpu_isa_pkg.sv $(filter-out rtl/gpu_isa_pkg.sv,$(wildcard rtl/*_pkg.sv))
RTL_MODS  := $(filter-out %_pkg.sv,$(RTL_SRCS))
SMALL_CONFIG := $(shell cat scripts/small_config.txt)
small_param   = $(patsubst $(1)=%,%,$(filter $(1)=%,$(SMALL_CONFIG)))
RTL_UNITS := decode coalescer coalescer_small l1 l2_slice axil_regs lds lds_small lds_small_banks fp fp_small
# Parameters of a unit's model (small caches: the tests reach evictions quickly).
VFLAGS_l2_slice := -GSets=8 -GWays=2 -GMshrs=4 -GWbBufs=2 -GWrites=4
VFLAGS_l1       := -GSets=4 -GWays=2 -GMshrs=2
# The coalescer of the small configuration (scripts/small_config.txt): store
# data gathered Lanes lanes a cycle (tests coalescer_lanes<Lanes>_*).
UNIT_MOD_coalescer_small    := coalescer
VFLAGS_coalescer_small      := -GLanes=$(call small_param,Lanes)
UNIT_CFLAGS_coalescer_small := -DCOAL_RTL_LANES=$(call small_param,Lanes)
# The LDS (docs/lds.md) against its model: 32 lanes and banks; the small
# configuration's lanes with 32 banks (tests lds<L>_*) and with its LdsBanks
# banks (tests lds<L>b<B>_*).
TBSRC_lds  := tb/rtl/lds_test.cpp tb/rtl/lds_model.cpp
TBDEP_lds  := tb/rtl/lds_test.h tb/rtl/lds_model.h
UNIT_MOD_lds_small := lds
UNIT_TB_lds_small  := lds
TBSRC_lds_small    := $(TBSRC_lds)
TBDEP_lds_small    := $(TBDEP_lds)
VFLAGS_lds_small   := -GLanes=$(call small_param,Lanes)
UNIT_CFLAGS_lds_small := -DLDS_ROUND_LANES=$(call small_param,Lanes)
UNIT_MOD_lds_small_banks := lds
UNIT_TB_lds_small_banks  := lds
TBSRC_lds_small_banks    := $(TBSRC_lds)
TBDEP_lds_small_banks    := $(TBDEP_lds)
VFLAGS_lds_small_banks   := -GLanes=$(call small_param,Lanes) -GBanks=$(call small_param,LdsBanks)
UNIT_CFLAGS_lds_small_banks := -DLDS_ROUND_LANES=$(call small_param,Lanes) -DLDS_BANKS=$(call small_param,LdsBanks)
# The f32 units (docs/fpu.md) in a wrapper, against every TestFloat vector
# and csrc/f32.c: 32 lanes, and the small configuration's Lanes and DivLanes
# (tests fp_rtl_lanes<L>_div<D>_*).
UNIT_TOP_fp   := fp_tb_top
TBSRC_fp      := tb/rtl/fp_tb_top.sv
UNIT_TOP_fp_small    := fp_tb_top
UNIT_TB_fp_small     := fp
TBSRC_fp_small       := tb/rtl/fp_tb_top.sv
VFLAGS_fp_small      := -GLanes=$(call small_param,Lanes) -GDivLanes=$(call small_param,DivLanes)
UNIT_CFLAGS_fp_small := -DFP_TEST_LANES=$(call small_param,Lanes) -DFP_TEST_DIV_LANES=$(call small_param,DivLanes)
# Other testbench sources of a unit's program, and the headers it needs.
TBSRC_axil_regs := sim/axil_master.cpp sim/axi_check.cpp sim/gpu_regs_model.cpp
TBDEP_axil_regs := $(BUILD)/gen/gpu_regs.h sim/gpu_regs_model.h sim/axil_master.h sim/axi_check.h sim/axi.h
RTL_UNIT_BINS := $(foreach u,$(RTL_UNITS),$(BUILD)/v$(u)/Vgpu_$(u))

# $(1) the unit, $(2) its top module, $(3) its shim's name (tb/rtl/$(3)_tb.cpp).
define rtl_unit_rule
$(BUILD)/v$(1)/Vgpu_$(1): tb/rtl/$(3)_tb.cpp $(TBSRC_$(1)) $(TBDEP_$(1)) $(RTL_SRCS) rtl/lint_waivers.vlt scripts/small_config.txt $(LIB)
	@mkdir -p $(BUILD)/v$(1)
	@echo "verilating $(2) for unit bench $(1) (log: $(BUILD)/v$(1)/build.log)"
	@$(VERILATOR) --cc --exe --build -j 2 $(VFLAGS) $(VFLAGS_$(1)) rtl/lint_waivers.vlt $(RTL_PKGS) $(RTL_MODS) \
	    $$(filter %.sv,$(TBSRC_$(1))) $$(abspath tb/rtl/$(3)_tb.cpp $$(filter-out %.sv,$(TBSRC_$(1)))) \
	    --top-module $(2) --prefix V$(2) -Mdir $(BUILD)/v$(1) \
	    -CFLAGS "-I$$(abspath csrc) -I$$(abspath tb/rtl) -I$$(abspath sim) -I$$(abspath $(BUILD)/gen) -O2 $(SAN_FLAGS) $(UNIT_CFLAGS_$(1))" \
	    -LDFLAGS "$$(abspath $(LIB)) -lm $(SAN_FLAGS)" \
	    -o Vgpu_$(1) > $(BUILD)/v$(1)/build.log 2>&1 || { tail -20 $(BUILD)/v$(1)/build.log; exit 1; }
endef
# In a SANITIZE build a unit bench is its testbench compiled with the
# sanitizers and linked with the normal build's model of the unit (generated
# code, not instrumented, as for the RTL tests; made by a make without
# SANITIZE).
define rtl_unit_san_rule
build/v$(1)/V$(2)__ALL.a: tb/rtl/$(3)_tb.cpp $(TBSRC_$(1)) $(TBDEP_$(1)) $(RTL_SRCS) rtl/lint_waivers.vlt scripts/small_config.txt
	+@$$(MAKE) --no-print-directory SANITIZE= build/v$(1)/Vgpu_$(1)
$(BUILD)/v$(1)/Vgpu_$(1): build/v$(1)/V$(2)__ALL.a $(LIB)
	@mkdir -p $(BUILD)/v$(1)
	$(CXX) -std=c++17 -O2 -g $(SAN_FLAGS) -faligned-new -Ibuild/v$(1) -isystem $$(VROOT)/include -isystem $$(VROOT)/include/vltstd \
	    -DVM_COVERAGE=0 -DVM_SC=0 -DVM_TRACE=0 -DVM_TRACE_FST=0 -DVM_TRACE_VCD=0 \
	    -Icsrc -Itb/rtl -Isim -I$(BUILD)/gen $(UNIT_CFLAGS_$(1)) tb/rtl/$(3)_tb.cpp $$(filter-out %.sv,$(TBSRC_$(1))) \
	    build/v$(1)/V$(2)__ALL.a $$(addprefix build/v$(1)/,verilated.o verilated_dpi.o verilated_threads.o) \
	    $(LIB) $$(TB_LDLIBS) -o $$@
endef
$(foreach u,$(RTL_UNITS),$(eval $(call $(if $(SANITIZE),rtl_unit_san_rule,rtl_unit_rule),$(u),$(or $(UNIT_TOP_$(u)),gpu_$(or $(UNIT_MOD_$(u)),$(u))),$(or $(UNIT_TB_$(u)),$(UNIT_MOD_$(u)),$(u)))))

rtl-units: $(RTL_UNIT_BINS)

help:
	@sed -n '4,/^$$/s/^#//p' Makefile

lint: deps
	@bash scripts/lint.sh

# Yosys on gpu_top (scripts/synth.py; SYNTH_JOBS="top1-xc7 unit:gpu_lds ..." for others).
# Report: build/synth/report.md.
synth: deps
	@python3 scripts/synth.py $(SYNTH_JOBS)

# Place and route of the small configuration (scripts/fpga.py; report: build/fpga/report.md).
# FPGA_ABC=classic maps LUTs with the classic ABC instead of ABC9.
FPGA_FREQ ?= 50
FPGA_ABC  ?= abc9
# FPGA_ROUTER=router2 routes with nextpnr's router2 instead of router1;
# FPGA_PLACER=static places with the electrostatic placer instead of HeAP
# (FPGA_ARGS=--heap-beta=B sets HeAP's highest cell density; docs/fpga.md).
FPGA_ROUTER ?= router1
FPGA_PLACER ?= heap
# FPGA_ARGS passes more options to scripts/fpga.py: --place-only writes the
# placed design, --route-only routes it again (with another router, say).
FPGA_ARGS ?=
fpga: deps
	@python3 scripts/fpga.py --freq $(FPGA_FREQ) --abc $(FPGA_ABC) --placer $(FPGA_PLACER) --router $(FPGA_ROUTER) $(FPGA_ARGS)

# ---------------------------------------------------------------- the whole GPU (gpu_top)
# rtl/gpu_top.sv with every rtl/*.sv, Verilated once into a library in $(VTOP)
# (FST tracing compiled in, active only when a program asks for it) and linked
# into the RTL backend of the host API (sim/rtl_backend.cpp). NUM_CUS is its
# NumCus; changing it rebuilds.
NUM_CUS   ?= 4
L2_SLICES ?= 4
LANES     ?= 32
# (in a SANITIZE build too: the model is generated code, not instrumented, so
# the sanitized programs link the normal build's, made by a make without
# SANITIZE, below; a COVERAGE build has its own, instrumented for coverage)
VTOP      := $(if $(COVERAGE),$(BUILD)/vtop,build/vtop)
VROOT     := $(shell $(VERILATOR) --getenv VERILATOR_ROOT 2>/dev/null)
GPU_TOP_SRCS := $(RTL_PKGS) $(RTL_MODS)
VTOP_LIB  := $(VTOP)/Vgpu_top__ALL.a
VTOP_RT   := $(VTOP)/verilated.o $(VTOP)/verilated_fst_c.o $(VTOP)/verilated_threads.o $(if $(COVERAGE),$(VTOP)/verilated_cov.o)
VTOP_CFG   = CXX=$(VTOP_CXX) $(GPU_TOP_SRCS)
# The small configuration (docs/fpga.md: the build for an LFE5U-85F): one CU
# with 2 physical lanes (1 for divide/sqrt), 4 LDS banks, a 4 KiB L1 and one
# 4 KiB L2 slice with fewer misses and writes in flight. Its own model and test programs
# (build/bin/<test>_rtl_small); make test runs the kernel tests on it too.
# Its gpu_top parameters are those of scripts/small_config.txt (also read by
# scripts/lint.sh and scripts/synth.py).
VTOP_SMALL   := $(BUILD)/vtop_small
SMALL_PARAMS := $(addprefix -G,$(filter-out NumCus=% L2Slices=%,$(SMALL_CONFIG)))
SMALL_CUS    := $(call small_param,NumCus)
SMALL_SLICES := $(call small_param,L2Slices)
VTOP_FLAGS := -O3 -Wall -Wno-fatal -Werror-USERERROR --x-assign unique --x-initial unique --trace-fst \
    $(if $(COVERAGE),--coverage-line --coverage-toggle --coverage-max-width $(COV_TOGGLE_WIDTH))
# The untraced model, for speed (make sim NO_TRACE=1, make bench): no FST support
# compiled in (without PGO its change tracking cost about 30% even when nothing
# was traced; as PGO builds both measured the same: docs/fpga.md) and
# --x-assign fast. Built on demand only; the tests use the traced model,
# so that WAVEGPU_FST can show the waves of any failing test.
VTOP_NT   := $(BUILD)/vtop_notrace
# The SystemC module of gpu_top (make systemc), traced like VTOP.
VSC       := $(BUILD)/vsc
# --output-split-cfuncs: no generated function over 3000 statements; without
# it, clang 14 crashed (segmentation fault in X86 instruction selection) on
# one 10,654-line function of this model (seen 2026-11-29).
VTOP_NT_FLAGS := -O3 -Wall -Wno-fatal -Werror-USERERROR --x-assign fast --x-initial unique --output-split-cfuncs 3000
CXX      ?= g++
# The compiler of the Verilated model: clang++ when present (Debian's clang,
# from make deps), else $(CXX). On this design clang's code runs about 15%
# fewer instructions per simulated cycle than g++ 12's, and builds faster.
VTOP_CXX ?= $(or $(shell command -v clang++ 2>/dev/null),$(shell command -v clang++-14 2>/dev/null),$(CXX))
TB_CXXBASE := -std=c++17 -O2 -g -Wall -Wextra -Werror $(SAN_FLAGS) -Icsrc -Isim -I$(BUILD)/gen \
    -isystem $(VROOT)/include -isystem $(VROOT)/include/vltstd -MMD -MP
TB_CXXFLAGS    := $(TB_CXXBASE) -I$(VTOP) -DVM_TRACE=1 -DVM_TRACE_FST=1 -DVM_COVERAGE=$(if $(COVERAGE),1,0)
TB_CXXFLAGS_NT := $(TB_CXXBASE) -I$(VTOP_NT) -DVM_TRACE=0 -DVM_TRACE_FST=0
TB_LDLIBS := $(SAN_FLAGS) -lz -pthread -lm -latomic
# The testbench pieces free of Verilator (also used by the self-test).
TB_OBJS   := $(OBJ)/tbx_lockstep.o $(OBJ)/tbx_axi_dram.o $(OBJ)/tbx_axi_check.o $(OBJ)/tbx_axil_master.o
$(OBJ)/tbx_lockstep.o: $(BUILD)/gen/gpu_mem.h
# C tests that also run on the RTL: build/bin/<test>_rtl (WAVEGPU_BACKEND defaults to rtl there).
RTL_TEST_PROGS := test_kernels test_runtime test_litmus bench_core
RTL_TESTS := $(addprefix $(BIN)/,$(addsuffix _rtl,$(RTL_TEST_PROGS)))
SIM_BIN   := $(BIN)/wavegpu_sim
SIM_OBJS  := $(OBJ)/tb_sim_main.o $(OBJ)/tb_sim_report.o
WGRUN     := $(BIN)/wgrun
WGRUN_OBJS := $(OBJ)/tb_wgrun.o $(OBJ)/tb_sim_report.o
WGRUN_NT  := $(BIN)/wgrun_notrace
WGRUN_SMALL := $(BIN)/wgrun_small
SIM_BIN_NT := $(BIN)/wavegpu_sim_notrace

# One Verilated gpu_top per directory: $(1) the directory, $(2) the Verilator
# flags, $(3) its NumCus, $(4) its L2Slices, $(5) its other parameters (-G...),
# $(6) --sc for a SystemC module (default --cc: a C++ class), $(7) "pgo" for a
# profile-guided build (below). Verilation ($(1)/verilated.stamp) and the
# C++ build ($(1)/Vgpu_top__ALL.a) are separate steps.
define vtop_rules
$(1)/config.stamp: FORCE
	@mkdir -p $(1)
	@echo '$$(VTOP_CFG) $(2) $(3) $(4) $(5)' | cmp -s - $$@ || echo '$$(VTOP_CFG) $(2) $(3) $(4) $(5)' > $$@

# (whether the C++ build uses a profile: a change recompiles, with no new Verilation)
$(1)/pgo.stamp: FORCE
	@mkdir -p $(1)
	@echo 'PGO=$$(PGO)' | cmp -s - $$@ || echo 'PGO=$$(PGO)' > $$@

$(1)/verilated.stamp: $$(GPU_TOP_SRCS) rtl/lint_waivers.vlt $(1)/config.stamp
	@echo "verilating gpu_top (NumCus=$(3) L2Slices=$(4) $(5)) into $(1) (log: $(1)/build.log)"
	@# The previous run's model files go first: Verilator's make only adds
	@# members to the archive, so a file the new run does not write would stay.
	@rm -rf $(1)/Vgpu_top* $(1)/pgo $(1)/model.profdata
	@$$(VERILATOR) $(or $(6),--cc) $(2) -GNumCus=$(3) -GL2Slices=$(4) $(5) --top-module gpu_top -Mdir $(1) \
	    rtl/lint_waivers.vlt $$(GPU_TOP_SRCS) > $(1)/build.log 2>&1 || { tail -20 $(1)/build.log; exit 1; }
	@printf '#define GPU_TOP_NUM_CUS $(3)\n#define GPU_TOP_L2_SLICES $(4)\n' > $(1)/gpu_top_cfg.h
	@touch $$@

$(1)/Vgpu_top__ALL.a: $(1)/verilated.stamp $(if $(7),$(1)/pgo.stamp $$(if $$(PGO),$(1)/model.profdata))
	@echo "compiling the model in $(1)$(if $(7),$$(if $$(PGO), with its profile (PGO))) (log: $(1)/build.log)"
	@# Verilator's make does not know the flags changed (PGO on or off, a new
	@# profile): the model's objects go first, so every one is compiled again.
	@# OPT_SLOW=-O0: the __Slow files (a third of the code: construction,
	@# initial blocks, trace declarations) run once per model; at -O0 they
	@# compiled in 72 CPU-seconds instead of 161 at -O1 (gpu_top, clang 14),
	@# and a model's construction took about 16 ms longer.
	@rm -f $(1)/Vgpu_top*.o
	@$$(MAKE) -C $(1) -f Vgpu_top.mk $$(if $$(findstring jobserver,$$(MAKEFLAGS)),,-j 2) CXX=$$(VTOP_CXX) \
	    OPT_FAST="-O2 $(if $(7),$$(if $$(PGO),$$(PGO_USE)$(abspath $(1))/model.profdata))" OPT_SLOW=-O0 OPT_GLOBAL=-O2 \
	    Vgpu_top__ALL.a verilated.o verilated_threads.o \
	    $$(if $$(findstring --trace-fst,$(2)),verilated_fst_c.o $(if $(6),verilated_fst_sc.o)) \
	    $$(if $$(findstring --coverage-line,$(2)),verilated_cov.o) >> $(1)/build.log 2>&1 \
	    || { tail -20 $(1)/build.log; exit 1; }
	@touch $$@

$(1)/verilated.o $(1)/verilated_fst_c.o $(1)/verilated_fst_sc.o $(1)/verilated_threads.o $(1)/verilated_cov.o: $(1)/Vgpu_top__ALL.a ;
$(1)/gpu_top_cfg.h: $(1)/verilated.stamp ;

$(1)/gpu_ctr.h: rtl/gpu_ctr_pkg.sv scripts/gen_pkg_header.sh
	@mkdir -p $(1)
	bash scripts/gen_pkg_header.sh $$< $$@
endef

# Profile-guided optimization (PGO) of a model: simulating gpu_top is bound
# by instruction fetch (the model's code, several MB, is run through in
# every cycle, mostly past blocks of idle units), and clang lays the code out
# far better with a profile: matmul_tiled runs about twice as fast
# (docs/architecture.md "Simulation speed"). A copy of the Verilated sources
# is compiled with -fprofile-instr-generate into $(1)/pgo, linked into
# wgrun (the trainer), and scripts/pgo_train.sh runs kernels on it;
# the profile, $(1)/model.profdata, then feeds the real build. Used when the
# model is compiled by clang with its profile runtime (Debian's
# libclang-rt-14-dev, from make deps) and llvm-profdata; PGO= turns it off.
# The profiling copy is compiled at -O1 (clang's counters are placed before
# optimization, so the profile does not depend on it): on the untraced
# model's sources, alone, 7.0 CPU-minutes instead of 10.3 at -O2; the PGO
# build from its profile ran matmul_tiled as fast.
# $(1) the model's directory, $(2) the compile flags of the RTL backend
# against it, $(3) its FST runtime object (traced models), $(4) --trace to
# profile tracing too.
PGO_RT   := $(if $(findstring clang,$(VTOP_CXX)),$(wildcard $(shell $(VTOP_CXX) -print-runtime-dir 2>/dev/null)/libclang_rt.profile-x86_64.a))
PGO_TOOL := $(or $(shell command -v llvm-profdata 2>/dev/null),$(shell command -v llvm-profdata-14 2>/dev/null))
PGO      ?= $(if $(SANITIZE)$(COVERAGE),,$(if $(and $(PGO_RT),$(PGO_TOOL)),1))
PGO_USE  := -Wno-profile-instr-unprofiled -Wno-profile-instr-out-of-date -fprofile-instr-use=
define pgo_rules
$(1)/pgo/Vgpu_top__ALL.a: $(1)/verilated.stamp
	@echo "compiling the profiling copy of the model in $(1)/pgo (log: $(1)/pgo/build.log)"
	@rm -rf $(1)/pgo && mkdir -p $(1)/pgo && cp $(1)/*.cpp $(1)/*.h $(1)/*.mk $(1)/pgo/
	@$$(MAKE) -C $(1)/pgo -f Vgpu_top.mk $$(if $$(findstring jobserver,$$(MAKEFLAGS)),,-j 2) CXX=$$(VTOP_CXX) \
	    OPT_FAST="-O1 -fprofile-instr-generate" OPT_SLOW=-O0 OPT_GLOBAL=-O2 \
	    Vgpu_top__ALL.a verilated.o verilated_threads.o $(3) > $(1)/pgo/build.log 2>&1 \
	    || { tail -20 $(1)/pgo/build.log; exit 1; }

$(1)/pgo/trainer: $(1)/pgo/Vgpu_top__ALL.a | $(WGRUN_OBJS) $(TB_OBJS) $(LIB) $(1)/gpu_ctr.h $(BUILD)/gen/gpu_regs.h
	$(CXX) $(2) -c sim/rtl_backend.cpp -o $(1)/pgo/rtl_backend.o
	$$(VTOP_CXX) -fprofile-instr-generate -o $$@ $(WGRUN_OBJS) -Wl,-u,gpu_rtl_backend_ops $(1)/pgo/rtl_backend.o \
	    $(TB_OBJS) $(1)/pgo/Vgpu_top__ALL.a $(addprefix $(1)/pgo/,verilated.o verilated_threads.o $(3)) $(LIB) -lstdc++ $(TB_LDLIBS)

$(1)/model.profdata: $(1)/pgo/trainer | $(KERNELS)
	@bash scripts/pgo_train.sh $(1)/pgo/trainer $$@ $(4)
endef

# The register map of the AXI4-Lite slave and the memory system's line
# interface (op codes, tag layout), for the C side.
$(BUILD)/gen/gpu_%.h: rtl/gpu_%_pkg.sv scripts/gen_pkg_header.sh
	@mkdir -p $(BUILD)/gen
	bash scripts/gen_pkg_header.sh $< $@
ifeq ($(SANITIZE),)
$(eval $(call vtop_rules,$(VTOP),$(VTOP_FLAGS),$(NUM_CUS),$(L2_SLICES),-GLanes=$(LANES),,pgo))
else
$(VTOP_LIB): $(GPU_TOP_SRCS) rtl/lint_waivers.vlt
	+@$(MAKE) --no-print-directory SANITIZE= $@ $(VTOP)/gpu_ctr.h
$(VTOP_RT) $(VTOP)/gpu_ctr.h $(VTOP)/gpu_top_cfg.h: $(VTOP_LIB) ;
endif
$(eval $(call vtop_rules,$(VTOP_NT),$(VTOP_NT_FLAGS),$(NUM_CUS),$(L2_SLICES),-GLanes=$(LANES),,pgo))
$(eval $(call vtop_rules,$(VTOP_SMALL),$(VTOP_FLAGS),$(SMALL_CUS),$(SMALL_SLICES),$(SMALL_PARAMS)))
$(eval $(call vtop_rules,$(VSC),$(VTOP_FLAGS) -CFLAGS -std=c++17,$(NUM_CUS),$(L2_SLICES),-GLanes=$(LANES),--sc))
$(if $(SANITIZE),,$(eval $(call pgo_rules,$(VTOP),$(TB_CXXFLAGS),verilated_fst_c.o,--trace)))
$(eval $(call pgo_rules,$(VTOP_NT),$(TB_CXXFLAGS_NT)))

$(OBJ)/tbx_%.o: sim/%.cpp | $(OBJ)
	$(CXX) $(TB_CXXFLAGS) -c $< -o $@

$(OBJ)/tbx_%.o: tb/%.cpp | $(OBJ)
	$(CXX) $(TB_CXXFLAGS) -c $< -o $@

$(OBJ)/tbx_rtl_backend.o: $(VTOP_LIB) $(VTOP)/gpu_ctr.h $(BUILD)/gen/gpu_regs.h

# The RTL backend against the untraced model (its own object: other include path, no FST).
$(OBJ)/tbx_rtl_backend_nt.o: sim/rtl_backend.cpp $(VTOP_NT)/Vgpu_top__ALL.a $(VTOP_NT)/gpu_ctr.h $(BUILD)/gen/gpu_regs.h | $(OBJ)
	$(CXX) $(TB_CXXFLAGS_NT) -c $< -o $@

# The RTL backend as a library: build/libwavegpu_rtl.a holds the backend, the
# lockstep checker, the AXI models and the Verilated gpu_top (default
# configuration, FST tracing compiled in). A program links it with
# $(RTL_LINK): "-Wl,-u,gpu_rtl_backend_ops" pulls the backend in even when
# the program calls only gpu.h (the host library finds it through a weak
# reference), and the C++ runtime comes last. make install also installs it
# with a pkg-config file (wavegpu-rtl). Two more builds for the harness: the
# untraced model (make sim NO_TRACE=1, make bench) and the small configuration.
RTL_LIB       := $(BUILD)/libwavegpu_rtl.a
RTL_LIB_NT    := $(BUILD)/libwavegpu_rtl_notrace.a
RTL_LIB_SMALL := $(BUILD)/libwavegpu_rtl_small.a
RTL_LINK_FOR   = -Wl,-u,gpu_rtl_backend_ops $(1) $(LIB) -lstdc++ $(TB_LDLIBS)
RTL_LINK      := $(call RTL_LINK_FOR,$(RTL_LIB))

# $(1) the library, $(2) the backend object, $(3) the Verilated model's directory,
# $(4) its runtime objects.
define rtl_lib_rule
$(1): $(2) $(TB_OBJS) $(3)/Vgpu_top__ALL.a $(4)
	@rm -f $$@
	@printf 'CREATE $$@\nADDLIB $(3)/Vgpu_top__ALL.a\nADDMOD $(2) $(TB_OBJS) $(4)\nSAVE\nEND\n' | ar -M
	@ranlib $$@
	@echo "ar: $$@"
endef
$(eval $(call rtl_lib_rule,$(RTL_LIB),$(OBJ)/tbx_rtl_backend.o,$(VTOP),$(VTOP_RT)))
$(eval $(call rtl_lib_rule,$(RTL_LIB_NT),$(OBJ)/tbx_rtl_backend_nt.o,$(VTOP_NT),$(VTOP_NT)/verilated.o $(VTOP_NT)/verilated_threads.o))
$(eval $(call rtl_lib_rule,$(RTL_LIB_SMALL),$(OBJ)/tbx_rtl_backend_small.o,$(VTOP_SMALL),$(VTOP_SMALL)/verilated.o $(VTOP_SMALL)/verilated_fst_c.o $(VTOP_SMALL)/verilated_threads.o))

rtl-lib: $(RTL_LIB) $(LIB)

define rtl_test_rule
$(BIN)/$(1)_rtl: $(OBJS_$(1)) $(TB_LIB_OBJS) $(RTL_LIB) $(LIB) | $(BIN)
	$$(CXX) -o $$@ $$(filter %.o,$$^) $$(RTL_LINK)
endef
$(foreach p,$(RTL_TEST_PROGS),$(eval $(call rtl_test_rule,$(p))))

# The kernel tests against the small configuration's model.
TB_CXXFLAGS_SMALL := $(TB_CXXBASE) -I$(VTOP_SMALL) -DVM_TRACE=1 -DVM_TRACE_FST=1
RTL_TESTS_SMALL := $(BIN)/test_kernels_rtl_small
$(OBJ)/tbx_rtl_backend_small.o: sim/rtl_backend.cpp $(VTOP_SMALL)/Vgpu_top__ALL.a $(VTOP_SMALL)/gpu_ctr.h $(BUILD)/gen/gpu_regs.h | $(OBJ)
	$(CXX) $(TB_CXXFLAGS_SMALL) -c $< -o $@
$(OBJ)/tb_small/%.o: tb/%.c scripts/small_config.txt
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -DTEST_MAX_CUS=$(SMALL_CUS) -c $< -o $@
$(BIN)/test_kernels_rtl_small: $(call objs_of,kernels,tb_small) $(TB_LIB_OBJS) $(RTL_LIB_SMALL) $(LIB) | $(BIN)
	$(CXX) -o $@ $(filter %.o,$^) $(call RTL_LINK_FOR,$(RTL_LIB_SMALL))

# make sim's program on the small configuration (make sim-small).
SIM_BIN_SMALL := $(BIN)/wavegpu_sim_small
$(SIM_BIN_SMALL): $(SIM_OBJS) $(RTL_LIB_SMALL) $(LIB) | $(BIN)
	$(CXX) -o $@ $(SIM_OBJS) $(call RTL_LINK_FOR,$(RTL_LIB_SMALL))

$(SIM_BIN): $(SIM_OBJS) $(RTL_LIB) $(LIB) | $(BIN)
	$(CXX) -o $@ $(SIM_OBJS) $(RTL_LINK)

$(SIM_BIN_NT): $(SIM_OBJS) $(RTL_LIB_NT) $(LIB) | $(BIN)
	$(CXX) -o $@ $(SIM_OBJS) $(call RTL_LINK_FOR,$(RTL_LIB_NT))

# wgrun: any kernel on either backend (sim/wgrun.c, docs/getting-started.md),
# and its builds on the untraced model (make sim NO_TRACE=1) and the small configuration.
$(WGRUN): $(WGRUN_OBJS) $(RTL_LIB) $(LIB) | $(BIN)
	$(CXX) -o $@ $(WGRUN_OBJS) $(RTL_LINK)
$(WGRUN_SMALL): $(WGRUN_OBJS) $(RTL_LIB_SMALL) $(LIB) | $(BIN)
	$(CXX) -o $@ $(WGRUN_OBJS) $(call RTL_LINK_FOR,$(RTL_LIB_SMALL))
$(WGRUN_NT): $(WGRUN_OBJS) $(RTL_LIB_NT) $(LIB) | $(BIN)
	$(CXX) -o $@ $(WGRUN_OBJS) $(call RTL_LINK_FOR,$(RTL_LIB_NT))

$(OBJ)/tb_sim_main.o $(OBJ)/tb_sim_report.o $(OBJ)/tb_wgrun.o: $(VTOP)/gpu_ctr.h
$(OBJ)/tb_sim_main.o $(OBJ)/tb_sim_report.o $(OBJ)/tb_wgrun.o: CFLAGS += -Isim -I$(VTOP)

# The lockstep checker against a golden model posing as the RTL, with planted
# bugs; needs no Verilator.
$(BIN)/lockstep_selftest: $(OBJ)/tbx_lockstep_selftest.o $(TB_OBJS) $(LIB) | $(BIN)
	$(CXX) -o $@ $^ $(TB_LDLIBS)

# The DRAM model (AXI4 slave) and the AXI4 protocol checker, with planted violations.
$(BIN)/axi_selftest: $(OBJ)/tbx_axi_selftest.o $(OBJ)/tbx_axi_dram.o $(OBJ)/tbx_axi_check.o | $(BIN)
	$(CXX) -o $@ $^ $(TB_LDLIBS)

RTL_ALL   := $(RTL_TESTS) $(RTL_TESTS_SMALL) $(SIM_BIN) $(SIM_BIN_SMALL) $(WGRUN) $(BIN)/kernel_fuzz
RTL_CHECK := $(RTL_TESTS) $(RTL_TESTS_SMALL)
# The RTL kernel and runtime tests again with DRAM latency jitter (two seeds),
# make install's test (a user's program built with pkg-config), wgrun and
# the source-level reports, every kernel's run line, and the walk-through of
# docs/getting-started.md.
RTL_SCRIPTS := scripts/test_jitter.sh scripts/test_install.sh scripts/test_wgrun.sh scripts/test_run_lines.sh \
    scripts/test_getting_started.sh scripts/test_fuzz.sh

rtl-tests: $(RTL_ALL)

# ---------------------------------------------------------------- constrained-random kernels (issue 18)
# build/bin/kernel_fuzz (tb/fuzz/kernel_fuzz.c and tb/fuzz/kfuzz_*.c): a random
# legal kernel per seed, using every instruction class of csrc/isa.def, on the
# RTL in lockstep and (when it is race-free) against the golden model alone; a
# failing kernel is minimized into build/fuzz/fail_<seed>.s with the wgrun
# "# run:" line that reproduces it (copy it to tb/fuzz/regress/ as a
# regression case). make fuzz SEEDS=N [SEED=s] runs seeds s..s+N-1 on the RTL
# (default 1000 from 1; KFUZZ_OPTS for more options, e.g. --backend golden);
# make test runs 200 seeds and tb/fuzz/regress/*.s (scripts/test_fuzz.sh, in
# RTL_SCRIPTS; the program is in RTL_ALL).
KFUZZ      := $(BIN)/kernel_fuzz
KFUZZ_OBJS := $(patsubst %,$(OBJ)/kfuzz/%.o,kernel_fuzz kfuzz_gen kfuzz_text kfuzz_run kfuzz_min)
SEEDS      ?= 1000
SEED       ?= 1
KFUZZ_OPTS ?=
$(OBJ)/kfuzz/%.o: tb/fuzz/%.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Itb/lib -c $< -o $@
$(KFUZZ): $(KFUZZ_OBJS) $(TB_LIB_OBJS) $(RTL_LIB) $(LIB) | $(BIN)
	$(CXX) -o $@ $(KFUZZ_OBJS) $(TB_LIB_OBJS) $(RTL_LINK)
fuzz: $(KFUZZ)
	$(KFUZZ) --seeds $(SEEDS) --seed $(SEED) $(KFUZZ_OPTS)
.PHONY: fuzz
-include $(wildcard $(OBJ)/kfuzz/*.d)

# ---------------------------------------------------------------- coverage (docs/coverage.md)
# make coverage: a make with COVERAGE=1 (BUILD=build/cov, the model Verilated
# with --coverage-line --coverage-toggle in build/cov/vtop: the first time 17
# minutes of CPU, 26 beside a CI run) builds the RTL test programs, then
# scripts/coverage.sh runs them with WAVEGPU_COVERAGE set (functional
# coverage from the golden model, csrc/golden_cov.h; Verilator's from the
# model) and scripts/coverage_report.py prints the tables; build/cov/report.md,
# build/cov/annotated/. make test checks the report script alone
# (scripts/test_coverage_report.sh).
COV_PROGS := $(BIN)/test_kernels_rtl $(BIN)/test_runtime_rtl $(WGRUN) $(KFUZZ) $(KERNELS)
ifeq ($(COVERAGE),)
coverage: deps
	+@$(MAKE) --no-print-directory COVERAGE=1 coverage
else
coverage: $(COV_PROGS)
	@COV_BUILD=$(BUILD) BIN=$(BIN) bash scripts/coverage.sh
endif
.PHONY: coverage

KERNEL      ?= matmul_tiled
SIM_OPTS    := --cus $(NUM_CUS) \
    $(if $(NO_TRACE),,--fst waves/$(KERNEL).fst) $(if $(TRACE_START),--trace-start $(TRACE_START)) \
    $(if $(TRACE_END),--trace-end $(TRACE_END)) $(if $(TRACE_DEPTH),--trace-depth $(TRACE_DEPTH))

# NO_TRACE=1 runs the untraced model (built on first use). matmul_tiled,
# vecadd_u32 and saxpy_f32 run under wavegpu_sim (a host reference in C);
# every other kernel with wgrun, from the "# run:" line of its header
# (scripts/sim_kernel.sh).
SIM_RUN     := $(if $(NO_TRACE),$(SIM_BIN_NT),$(SIM_BIN))
WGRUN_RUN   := $(if $(NO_TRACE),$(WGRUN_NT),$(WGRUN))

# An unknown KERNEL is named, with the kernels there are, before anything is built.
KERNEL_CHECK = @test -f kernels/$(KERNEL).s || { echo "make: no kernel kernels/$(KERNEL).s (KERNEL=name of one of: \
    $(sort $(basename $(notdir $(wildcard kernels/*.s)))))" >&2; exit 2; }

sim: deps
	$(KERNEL_CHECK)
	@$(MAKE) --no-print-directory $(SIM_RUN) $(WGRUN_RUN) $(BIN)/gtkw_disasm $(KOUT)/$(KERNEL).wgk
	@mkdir -p waves
	bash scripts/sim_kernel.sh $(KERNEL) $(SIM_RUN) $(WGRUN_RUN) $(SIM_OPTS)

# The same on the small configuration (scripts/small_config.txt: 1 CU, 1
# physical lane, 2 LDS banks, small caches), the build for an LFE5U-85F (docs/fpga.md).
sim-small: deps
	$(KERNEL_CHECK)
	@$(MAKE) --no-print-directory $(SIM_BIN_SMALL) $(WGRUN_SMALL) $(BIN)/gtkw_disasm $(KOUT)/$(KERNEL).wgk
	@mkdir -p waves
	bash scripts/sim_kernel.sh $(KERNEL) $(SIM_BIN_SMALL) $(WGRUN_SMALL) $(subst --cus $(NUM_CUS),--cus $(SMALL_CUS),$(subst waves/$(KERNEL).fst,waves/$(KERNEL)_small.fst,$(SIM_OPTS)))

# GTKWave's instruction disassembler filter (a translate filter process of waves/gpu.gtkw).
$(BIN)/gtkw_disasm: $(OBJ)/tbx_gtkw_disasm.o $(LIB) | $(BIN)
	$(CXX) -o $@ $^

view: $(BIN)/gtkw_disasm
	gtkwave waves/$(KERNEL).fst waves/gpu.gtkw

# ---------------------------------------------------------------- SystemC (docs/systemc.md)
# The GPU as a SystemC/TLM-2.0 component at two fidelities: gpu_top Verilated
# with --sc (build/vsc, the default configuration) behind two bridges, and the
# golden model as a loosely-timed device; the platform sim/systemc/platform.cpp
# runs kernels on either. SystemC 2.3.4 is Debian's libsystemc-dev (make deps).
# C++17: Debian's SystemC is built for it (its API version symbol says so).
SC_CXXFLAGS := -std=c++17 -O2 -g -Wall -Wextra -Werror $(SAN_FLAGS) -Icsrc -Isim -Isim/systemc -I$(BUILD)/gen -MMD -MP
SC_VFLAGS   := -I$(VSC) -isystem $(VROOT)/include -isystem $(VROOT)/include/vltstd -DVM_TRACE=1 -DVM_TRACE_FST=1 -DVM_SC=1
SC_LDLIBS   := -lsystemc $(TB_LDLIBS)
SC_BRIDGE_TESTS := $(BIN)/tlm_to_axil_test $(BIN)/axi_to_tlm_test
SC_TESTS    := $(SC_BRIDGE_TESTS) $(BIN)/wavegpu_golden_test
SC_PLATFORM := $(BIN)/wavegpu_systemc
SC_PROGRAMS := $(SC_PLATFORM) $(BIN)/example_platform
SC_OBJ      := $(OBJ)/sc

$(SC_OBJ):
	@mkdir -p $@
$(SC_OBJ)/%.o: sim/systemc/%.cpp $(BUILD)/gen/gpu_regs.h $(BUILD)/gen/gpu_ctr.h | $(SC_OBJ)
	$(CXX) $(SC_CXXFLAGS) -c $< -o $@
$(SC_OBJ)/%.o: tb/systemc/%.cpp $(BUILD)/gen/gpu_regs.h $(BUILD)/gen/gpu_ctr.h | $(SC_OBJ)
	$(CXX) $(SC_CXXFLAGS) -c $< -o $@
$(SC_OBJ)/wavegpu_rtl.o: sim/systemc/wavegpu_rtl.cpp $(VSC)/Vgpu_top__ALL.a | $(SC_OBJ)
	$(CXX) $(SC_CXXFLAGS) $(SC_VFLAGS) -c $< -o $@
$(SC_OBJ)/sim_%.o: sim/%.cpp $(BUILD)/gen/gpu_regs.h | $(SC_OBJ)
	$(CXX) $(SC_CXXFLAGS) -c $< -o $@

$(BIN)/tlm_to_axil_test: $(SC_OBJ)/tlm_to_axil_test.o $(SC_OBJ)/tlm_to_axil.o $(SC_OBJ)/sim_axil_master.o \
    $(SC_OBJ)/sim_axi_check.o $(SC_OBJ)/asan_options.o | $(BIN)
	$(CXX) -o $@ $^ $(SC_LDLIBS)
$(BIN)/axi_to_tlm_test: $(SC_OBJ)/axi_to_tlm_test.o $(SC_OBJ)/axi_to_tlm.o $(SC_OBJ)/tlm_memory.o \
    $(SC_OBJ)/sim_axi_dram.o $(SC_OBJ)/sim_axi_check.o $(SC_OBJ)/asan_options.o | $(BIN)
	$(CXX) -o $@ $^ $(SC_LDLIBS)
$(BIN)/wavegpu_golden_test: $(SC_OBJ)/wavegpu_golden_test.o $(SC_OBJ)/wavegpu_golden.o $(SC_OBJ)/tlm_memory.o \
    $(SC_OBJ)/sim_gpu_regs_model.o $(SC_OBJ)/asan_options.o $(LIB) | $(BIN)
	$(CXX) -o $@ $^ $(SC_LDLIBS)
# Both fidelities with their bridges, the router and the memory: what a platform links.
SC_GPU_OBJS := $(addprefix $(SC_OBJ)/,wavegpu_rtl.o wavegpu_golden.o tlm_memory.o tlm_router.o tlm_to_axil.o \
    axi_to_tlm.o sim_axil_master.o sim_axi_check.o sim_axi_dram.o sim_gpu_regs_model.o)
SC_GPU_LINK := $(VSC)/Vgpu_top__ALL.a $(VSC)/verilated.o $(VSC)/verilated_threads.o $(VSC)/verilated_fst_c.o \
    $(VSC)/verilated_fst_sc.o $(LIB) $(SC_LDLIBS)
$(SC_PLATFORM): $(SC_OBJ)/platform.o $(SC_GPU_OBJS) $(VSC)/Vgpu_top__ALL.a $(LIB) | $(BIN)
	$(CXX) -o $@ $(filter %.o,$^) $(SC_GPU_LINK)
$(BIN)/example_platform: $(SC_OBJ)/example_platform.o $(SC_GPU_OBJS) $(VSC)/Vgpu_top__ALL.a $(LIB) | $(BIN)
	$(CXX) -o $@ $(filter %.o,$^) $(SC_GPU_LINK)

# make systemc: the bridge and device tests, then the platform's kernels on
# both fidelities (scripts/test_systemc.sh; SYSTEMC_OPTS for more options, e.g.
# --fst waves/systemc.fst).
SYSTEMC_OPTS ?=
systemc: deps $(SC_PROGRAMS) $(SC_TESTS) $(SIM_BIN)
	@bash scripts/run_tests.sh $(SC_TESTS)
	@BIN=$(BIN) NUM_CUS=$(NUM_CUS) SYSTEMC_OPTS="$(SYSTEMC_OPTS)" bash scripts/test_systemc.sh

# ---------------------------------------------------------------- fuzzing the parsers (libFuzzer)
# A libFuzzer target for each parser of outside input, tb/fuzz/fuzz_<t>.c:
# the assembler (asm), the disassembler (disasm), the kernel-binary loader
# (kbin), the .npy reader (npy) and the number parser (parse_num). Each
# checks its parser's promises (round trips, a failure leaves its output
# empty, one-line messages) and aborts when one breaks. The parsers are
# compiled again by clang with AddressSanitizer, UBSan and coverage into
# build/fuzz/obj. Needs clang's libFuzzer runtime (Debian's
# libclang-rt-14-dev, from make deps); without it the targets are skipped.
#   make fuzz-targets   build/fuzz/fuzz_<t>, the dictionaries and the seeds (build/fuzz/seeds/<t>:
#                       from kernels/*.s and build/kernels/*.wgk; tb/fuzz/fuzz_seeds.c)
#   make fuzz-parsers   runs each target FUZZ_SECONDS (default 1800) in turn (FUZZ_TARGETS= a
#                       subset), corpus build/fuzz/corpus/<t>, findings in build/fuzz/crashes/<t>/,
#                       and reports runs, coverage, crashes and timeouts (scripts/fuzz_parsers.sh);
#                       a target stops at its first finding unless FUZZ_FORK=1
# make test runs scripts/test_fuzz_parsers.sh: a short run of each target and
# the committed regression inputs of tb/fuzz/crashes/<t>/.
FUZZ_CC      ?= $(or $(shell command -v clang 2>/dev/null),$(shell command -v clang-14 2>/dev/null),clang)
FUZZ_DIR     := build/fuzz
FUZZ_OBJ     := $(FUZZ_DIR)/obj
FUZZ_TARGETS ?= asm disasm kbin npy parse_num
FUZZ_SECONDS ?= 1800
# FUZZ_FORK=1: go on after a finding (libFuzzer's fork mode; scripts/fuzz_parsers.sh)
FUZZ_FORK    ?=
FUZZ_BINS    := $(addprefix $(FUZZ_DIR)/fuzz_,$(FUZZ_TARGETS))
# The library units the targets need (a new dependency of a parser goes here).
FUZZ_UNITS   := asm disasm isa kbin npy parse_num
FUZZ_LIB     := $(FUZZ_DIR)/libwavegpu_fuzz.a
# (evaluated in recipes only, so that other targets never run clang)
FUZZ_RT       = $(wildcard $(shell $(FUZZ_CC) -print-runtime-dir 2>/dev/null)/libclang_rt.fuzzer-$(shell uname -m).a)
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS  := -std=c11 -O1 -g -Wall -Wextra -Werror -ffp-contract=off -fno-fast-math -Icsrc $(FUZZ_SAN)

# (the kernels first, built by this make: the sub-make then finds them up to date)
fuzz-targets: $(KERNELS)
	@if [ -z "$(FUZZ_RT)" ]; then \
	    echo "fuzz-targets: skipped: clang's libFuzzer runtime (libclang_rt.fuzzer, Debian's libclang-rt-14-dev;" \
	         "make deps installs it) was not found for $(FUZZ_CC)"; \
	else \
	    $(MAKE) --no-print-directory fuzz-build; \
	fi

fuzz-build: $(FUZZ_BINS) $(FUZZ_DIR)/seeds.stamp
	@:

fuzz-parsers: fuzz-targets
	@FUZZ_DIR=$(FUZZ_DIR) FUZZ_FORK=$(FUZZ_FORK) bash scripts/fuzz_parsers.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# make test builds the targets too (scripts/test_fuzz_parsers.sh runs them;
# not in make test SANITIZE=1, which runs the C and C++ test programs only).
test: $(if $(SANITIZE),,fuzz-targets)

$(FUZZ_OBJ)/%.o: csrc/%.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -MMD -MP -fsanitize=fuzzer-no-link -c $< -o $@

$(FUZZ_OBJ)/fuzz_%.o: tb/fuzz/fuzz_%.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -MMD -MP -fsanitize=fuzzer-no-link -c $< -o $@

$(FUZZ_LIB): $(patsubst %,$(FUZZ_OBJ)/%.o,$(FUZZ_UNITS))
	@rm -f $@
	ar rcs $@ $^

$(FUZZ_DIR)/fuzz_%: $(FUZZ_OBJ)/fuzz_%.o $(FUZZ_LIB)
	$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer $^ -o $@ -lm

# The seed writer runs once per build; the sanitizers check it too.
$(FUZZ_DIR)/fuzz_seeds: tb/fuzz/fuzz_seeds.c $(FUZZ_LIB)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $^ -o $@ -lm

$(FUZZ_DIR)/seeds.stamp: $(FUZZ_DIR)/fuzz_seeds $(wildcard kernels/*.s) $(KERNELS)
	@rm -rf $(FUZZ_DIR)/seeds
	@mkdir -p $(addprefix $(FUZZ_DIR)/seeds/,asm disasm kbin npy parse_num)
	@cp kernels/*.s $(FUZZ_DIR)/seeds/asm/
	$(FUZZ_DIR)/fuzz_seeds $(FUZZ_DIR) $(KERNELS)
	@touch $@

.PHONY: fuzz-targets fuzz-build fuzz-parsers
-include $(wildcard $(FUZZ_OBJ)/*.d)

FORCE:

.PHONY: help all tools tests benches kernels rtl-units lint test deps gen check-gen bench bench-golden clean sim-small \
        sim view synth fpga rtl-tests rtl-lib install systemc FORCE

all: tools tests benches kernels rtl-units $(BIN)/gtkw_disasm $(BUILD)/isa_pkg_dump.vvp $(BIN)/lockstep_selftest $(BIN)/axi_selftest $(RTL_ALL) \
    $(SC_PROGRAMS) $(SC_TESTS)

$(OBJ) $(BIN) $(KOUT):
	@mkdir -p $@

$(OBJ)/%.o: csrc/%.c | $(OBJ)
	$(CC) $(CFLAGS) -c $< -o $@

# The register driver takes the register map and the counter indexes from the RTL's packages.
$(OBJ)/gpu_driver.o: $(BUILD)/gen/gpu_regs.h $(BUILD)/gen/gpu_ctr.h
$(OBJ)/gpu_driver.o: CFLAGS += -I$(BUILD)/gen

$(OBJ)/tb_%.o: tb/%.c | $(OBJ)
	$(CC) $(CFLAGS) -c $< -o $@

# A file of a test program's folder or of tb/lib/: $(OBJ)/tb/<folder>/<file>.o.
# Every test program includes check.h and prng.h from tb/lib/.
$(OBJ)/tb/%.o $(OBJ)/tb_small/%.o $(OBJ)/tb_%.o: CFLAGS += -Itb/lib
$(OBJ)/tb/%.o: tb/%.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c $< -o $@

$(OBJ)/tb_%.o: tb/bench/%.c | $(OBJ)
	$(CC) $(CFLAGS) -c $< -o $@

$(OBJ)/tb_%.o: sim/%.c | $(OBJ)
	$(CC) $(CFLAGS) -c $< -o $@

$(LIB): $(LIB_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(BIN)/%: $(OBJ)/%_main.o $(LIB) | $(BIN)
	$(CC) $(CFLAGS) $^ -o $@ $(LDLIBS)

define test_rule
$(BIN)/$(1): $(OBJS_$(1)) $(TB_LIB_OBJS) $(LIB) | $(BIN)
	$$(CC) $$(CFLAGS) $$^ -o $$@ $$(LDLIBS)
endef
$(foreach p,$(TEST_PROGS),$(eval $(call test_rule,$(p))))

$(BIN)/bench_%: $(OBJ)/tb_bench_%.o $(TB_LIB_OBJS) $(LIB) | $(BIN)
	$(CC) $(CFLAGS) $^ -o $@ $(LDLIBS)

# The generated Verilog package, simulated by Icarus to dump its decode tables
# for tb/test_isa.c, which compares them with the C table.
$(BUILD)/isa_pkg_dump.vvp: rtl/gpu_isa_pkg.sv tb/rtl/isa_pkg_dump.sv | $(OBJ)
	iverilog -g2012 -o $@ $^

tools: $(TOOLS)
tests: $(TESTS)
benches: $(BENCHES)

$(KOUT)/%.wgk: kernels/%.s $(BIN)/wgasm | $(KOUT)
	$(BIN)/wgasm -o $@ $<

kernels: $(KERNELS)

# make install PREFIX=dir: the host library and the RTL backend (lib/), their
# public headers (include/wavegpu/), the assembler, disassembler and wgrun (bin/) and
# pkg-config files (lib/pkgconfig/wavegpu.pc, wavegpu-rtl.pc). A program then
# builds with `cc prog.c $$(pkg-config --cflags --libs wavegpu-rtl)` and
# includes <wavegpu/gpu.h>; scripts/test_install.sh does exactly that.
PREFIX  ?= /usr/local
VERSION := 0.1.0
INSTALL_HEADERS := csrc/gpu.h csrc/gpu_driver.h csrc/asm.h csrc/disasm.h csrc/isa.h csrc/isa.def csrc/kbin.h sim/rtl_backend.h
install: $(LIB) $(RTL_LIB) $(BIN)/wgasm $(BIN)/wgdis $(WGRUN)
	@test -n "$(PREFIX)" || { echo "make install: PREFIX is empty"; exit 1; }
	install -d "$(PREFIX)/lib/pkgconfig" "$(PREFIX)/include/wavegpu" "$(PREFIX)/bin"
	install -m 644 $(LIB) $(RTL_LIB) "$(PREFIX)/lib/"
	install -m 644 $(INSTALL_HEADERS) "$(PREFIX)/include/wavegpu/"
	install -m 755 $(BIN)/wgasm $(BIN)/wgdis $(WGRUN) "$(PREFIX)/bin/"
	for pc in wavegpu wavegpu-rtl; do \
	    sed -e 's|@PREFIX@|$(abspath $(PREFIX))|' -e 's|@VERSION@|$(VERSION)|' scripts/$$pc.pc.in > "$(PREFIX)/lib/pkgconfig/$$pc.pc"; \
	done

# ---------------------------------------------------------------- formal proofs
# make formal: the SymbiYosys proofs of tb/formal/ (docs/formal.md: the
# coalescer, LDS, memory unit, dispatcher, AXI ports, every internal
# valid/ready interface), each run again on a planted one-line RTL mutant
# that must fail (scripts/formal.sh; FORMAL=formal_l2 runs only the proofs
# whose names start so; FORMAL_JOBS=n runs n at a time, default 2). Part of
# make test, one proof at a time there (the other tests use the other core:
# with 2, CI took 41 min instead of 33.5).
FORMAL ?=
formal: deps
	@bash scripts/formal.sh $(FORMAL)

# make formal-long: the proofs too long for make test (minutes each; today
# the LDS's rounds at 32 banks, 17.5 minutes, and its pipeline's queue task,
# 12 to 17), and their mutants.
formal-long: deps
	@bash scripts/formal.sh --long $(FORMAL)

.PHONY: formal formal-long

deps:
	@bash scripts/install-deps.sh

gen:
	python3 scripts/gen_isa_pkg.py csrc/isa.def rtl/gpu_isa_pkg.sv --doc docs/isa.md

# The RTL models start every device from a random initial state (every
# register and memory the reset does not set; sim/rtl_backend.h, WAVEGPU_SEED)
# whose seed changes from run to run and is printed: make test TEST_SEED=n
# replays a run (also zeros or ones).
ifeq ($(origin TEST_SEED),undefined)
TEST_SEED := $(shell echo $$(( $$(od -An -N4 -tu4 /dev/urandom) % 2147483647 + 1 )))
endif
# SANITIZE=1 runs each C and C++ test program once, built with the sanitizers:
# the C tests on the golden model and on the RTL, the RTL unit benches, the
# checkers' self-tests and the SystemC tests (the lint, the scripts and the
# repeats with jitter or on the small configuration run the same C code).
SAN_CHECK := $(TESTS) $(RTL_UNIT_BINS) $(BIN)/lockstep_selftest $(BIN)/axi_selftest $(RTL_TESTS) $(SC_TESTS)
TEST_LIST := scripts/check_gen.sh scripts/check_spdx.sh scripts/formal.sh:--proofs scripts/lint.sh \
    scripts/check_core.sh scripts/check_gtkw.sh scripts/formal.sh:--mutants \
    scripts/test_fuzz_parsers.sh scripts/test_coverage_report.sh scripts/test_bench_report.sh \
    $(TESTS) $(RTL_UNIT_BINS) $(BIN)/lockstep_selftest $(BIN)/axi_selftest $(RTL_CHECK) $(RTL_SCRIPTS) $(SC_TESTS) \
    scripts/test_systemc.sh
test: deps $(if $(SANITIZE),$(SAN_CHECK) $(TOOLS) $(KERNELS) $(BUILD)/isa_pkg_dump.vvp,all)
	@echo "RTL initial state: WAVEGPU_SEED=$(TEST_SEED) (to replay: make test TEST_SEED=$(TEST_SEED))$(if $(SANITIZE),; sanitizers: $(SAN_FLAGS))"
	@WAVEGPU_BUILD=$(BUILD) WAVEGPU_SEED=$(TEST_SEED) TESTFLOAT_DIR=$(TESTFLOAT_DIR) FORMAL_JOBS=$(or $(FORMAL_JOBS),1) bash scripts/run_tests.sh $(if $(SANITIZE),$(SAN_CHECK),$(TEST_LIST))

bench-golden: all
	$(BIN)/bench_golden

# make bench (docs/bench.md): scripts/bench_run.py measures into $(BUILD)/bench/data
# (every kernel by its run line with wgrun --stats, timelines of matmul_tiled and
# sgemm, kernels/bench_latency.s, bench_core_rtl, simulation speed untraced and
# traced, bench_golden), all without lockstep (the checker's cost is not the
# RTL's); scripts/bench_report.py writes $(BUILD)/bench/report.md and its plots.
bench: deps all $(SIM_BIN_NT)
	python3 scripts/bench_run.py --build $(BUILD) --out $(BUILD)/bench
	python3 scripts/bench_report.py $(BUILD)/bench

clean:
	rm -rf $(BUILD) waves/*.fst waves/*.vcd

.SECONDARY:

-include $(wildcard $(OBJ)/*.d $(OBJ)/tb/*/*.d $(OBJ)/tb_small/*/*.d $(OBJ)/sc/*.d)

check-gen:
	@bash scripts/check_gen.sh
