#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Test: the committed rtl/gpu_isa_pkg.sv and the opcode appendix of docs/isa.md
# are exactly what scripts/gen_isa_pkg.py writes from csrc/isa.def.
if out=$(python3 scripts/gen_isa_pkg.py csrc/isa.def rtl/gpu_isa_pkg.sv --doc docs/isa.md --check 2>&1); then
    echo "PASS isa_generated_files_up_to_date"
else
    echo "FAIL isa_generated_files_up_to_date: $out"
    exit 1
fi
# ... and kernels/sgemm.s is what scripts/gen_sgemm.py writes.
if out=$(python3 scripts/gen_sgemm.py --check kernels/sgemm.s 2>&1); then
    echo "PASS sgemm_generated_kernel_up_to_date"
else
    echo "FAIL sgemm_generated_kernel_up_to_date: $out"
    exit 1
fi
