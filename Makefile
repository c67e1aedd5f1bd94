# wavegpu: the make targets are the interface. See README.md.
#
#   make test        build everything and run the regression (ends with "N passed, N failed")
#   make sim         run a kernel and print its summary (RTL comes with issue 3)
#   make bench-golden  golden-model speed on the seed matmul
#   make deps        install the tools the project needs (scripts/install-deps.sh)
#   make gen         regenerate rtl/gpu_isa_pkg.sv from csrc/isa.def

SHARED        ?= ../shared
TESTFLOAT_DIR ?= $(SHARED)/testfloat
SIM           := sim
OBJ           := $(SIM)/obj
BIN           := $(SIM)/bin
KOUT          := $(SIM)/kernels

CC      ?= cc
CFLAGS  ?= -O2 -g
# -ffp-contract=off: the compiler must never fuse a*b+c on its own; f32 results are bit-exact.
CFLAGS  += -std=c11 -Wall -Wextra -Werror -ffp-contract=off -fno-fast-math -Icsrc -MMD -MP
LDLIBS  += -lm

LIB_SRCS  := $(filter-out csrc/%_main.c,$(wildcard csrc/*.c))
LIB_OBJS  := $(patsubst csrc/%.c,$(OBJ)/%.o,$(LIB_SRCS))
LIB       := $(SIM)/libwavegpu.a
TOOLS     := $(patsubst csrc/%_main.c,$(BIN)/%,$(wildcard csrc/*_main.c))
TEST_SRCS := $(wildcard tb/test_*.c)
TESTS     := $(patsubst tb/%.c,$(BIN)/%,$(TEST_SRCS))
BENCHES   := $(patsubst tb/%.c,$(BIN)/%,$(wildcard tb/bench_*.c))
KERNELS   := $(patsubst kernels/%.s,$(KOUT)/%.wgk,$(wildcard kernels/*.s))

# RTL unit tests: a Verilator model of one module with a C++ shim in tb/<name>_tb.cpp
# that links the C library. RTL_UNITS lists the modules that have one.
VERILATOR ?= verilator
VFLAGS    := -O2 -Wall --x-assign fast --x-initial fast
RTL_SRCS  := $(wildcard rtl/*.sv)
RTL_PKGS  := rtl/gpu_isa_pkg.sv $(filter-out rtl/gpu_isa_pkg.sv,$(wildcard rtl/*_pkg.sv))
RTL_MODS  := $(filter-out %_pkg.sv,$(RTL_SRCS))
RTL_UNITS := decode
RTL_UNIT_BINS := $(foreach u,$(RTL_UNITS),$(SIM)/v$(u)/Vgpu_$(u))

define rtl_unit_rule
$(SIM)/v$(1)/Vgpu_$(1): tb/$(1)_tb.cpp $(RTL_SRCS) rtl/lint_waivers.vlt $(LIB)
	@mkdir -p $(SIM)/v$(1)
	$(VERILATOR) --cc --exe --build -j 2 $(VFLAGS) rtl/lint_waivers.vlt $(RTL_PKGS) $(RTL_MODS) $$(abspath tb/$(1)_tb.cpp) \
	    --top-module gpu_$(1) -Mdir $(SIM)/v$(1) -CFLAGS "-I$$(abspath csrc) -O2" -LDFLAGS "$$(abspath $(LIB)) -lm" \
	    -o Vgpu_$(1) > $(SIM)/v$(1)/build.log 2>&1 || { tail -20 $(SIM)/v$(1)/build.log; exit 1; }
endef
$(foreach u,$(RTL_UNITS),$(eval $(call rtl_unit_rule,$(u))))

rtl-units: $(RTL_UNIT_BINS)

lint:
	@bash scripts/lint.sh

.PHONY: all tools tests benches kernels rtl-units lint test deps gen check-gen bench-golden clean

all: tools tests benches kernels rtl-units $(SIM)/isa_pkg_dump.vvp

$(OBJ) $(BIN) $(KOUT):
	@mkdir -p $@

$(OBJ)/%.o: csrc/%.c | $(OBJ)
	$(CC) $(CFLAGS) -c $< -o $@

$(OBJ)/tb_%.o: tb/%.c | $(OBJ)
	$(CC) $(CFLAGS) -c $< -o $@

$(LIB): $(LIB_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(BIN)/%: $(OBJ)/%_main.o $(LIB) | $(BIN)
	$(CC) $(CFLAGS) $^ -o $@ $(LDLIBS)

$(BIN)/test_%: $(OBJ)/tb_test_%.o $(LIB) | $(BIN)
	$(CC) $(CFLAGS) $^ -o $@ $(LDLIBS)

$(BIN)/bench_%: $(OBJ)/tb_bench_%.o $(LIB) | $(BIN)
	$(CC) $(CFLAGS) $^ -o $@ $(LDLIBS)

# The generated Verilog package, simulated by Icarus to dump its decode tables
# for tb/test_isa.c, which compares them with the C table.
$(SIM)/isa_pkg_dump.vvp: rtl/gpu_isa_pkg.sv tb/isa_pkg_dump.sv | $(OBJ)
	iverilog -g2012 -o $@ $^

tools: $(TOOLS)
tests: $(TESTS)
benches: $(BENCHES)

$(KOUT)/%.wgk: kernels/%.s $(BIN)/wgasm | $(KOUT)
	$(BIN)/wgasm -o $@ $<

kernels: $(KERNELS)

deps:
	@bash scripts/install-deps.sh

gen:
	python3 scripts/gen_isa_pkg.py csrc/isa.def rtl/gpu_isa_pkg.sv --doc docs/isa.md

test: deps all
	@TESTFLOAT_DIR=$(TESTFLOAT_DIR) bash scripts/run_tests.sh scripts/check_gen.sh scripts/lint.sh scripts/test_lds.sh $(TESTS) $(RTL_UNIT_BINS)

bench-golden: all
	$(BIN)/bench_golden

clean:
	rm -rf $(SIM)/obj $(SIM)/bin $(SIM)/kernels $(LIB) $(SIM)/isa_pkg_dump.vvp

.SECONDARY:

-include $(wildcard $(OBJ)/*.d)

check-gen:
	@bash scripts/check_gen.sh
