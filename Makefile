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
KERNELS   := $(patsubst kernels/%.s,$(KOUT)/%.wgk,$(wildcard kernels/*.s))

.PHONY: all tools tests kernels test deps gen check-gen bench-golden sim clean

all: tools tests kernels

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

tools: $(TOOLS)
tests: $(TESTS)

$(KOUT)/%.wgk: kernels/%.s $(BIN)/wgasm | $(KOUT)
	$(BIN)/wgasm -o $@ $<

kernels: $(KERNELS)

deps:
	@bash scripts/install-deps.sh

gen:
	python3 scripts/gen_isa_pkg.py csrc/isa.def rtl/gpu_isa_pkg.sv

test: deps all
	@TESTFLOAT_DIR=$(TESTFLOAT_DIR) bash scripts/run_tests.sh $(TESTS)

bench-golden: all
	$(BIN)/bench_golden

clean:
	rm -rf $(SIM)/obj $(SIM)/bin $(SIM)/kernels $(LIB)

-include $(wildcard $(OBJ)/*.d)
