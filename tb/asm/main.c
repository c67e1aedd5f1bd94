/* SPDX-License-Identifier: Apache-2.0 */
/* test_asm: the assembler (csrc/asm.c), the disassembler (csrc/disasm.c),
 * their tools (wgasm, wgdis) and the kernel binary header (csrc/kbin.c).
 *
 * The expected encodings here are built with ISA_SET from this file's own
 * description of each format (spec.c), not from the assembler's
 * layout table, so a wrong field in either shows up as a mismatch.
 * Every random stream has a fixed seed: a failure reproduces.
 *
 * This file: the list of tests, run in order. */
#include "asm_test.h"

int main(void)
{
    test_layout_matches_isa_def_syntax();
    test_layout_covers_format_fields();
    test_every_opcode_operand_kind();
    test_canonical_words_roundtrip();
    test_random_words_roundtrip();
    test_f32_literals_roundtrip();
    test_program_roundtrip();
    test_disasm_text();
    test_disasm_program_text();
    test_disasm_truncation();
    test_features();
    test_errors();
    test_errors_generated();
    test_error_buffer_small();
    test_robust_garbage();
    test_robust_tokens();
    test_robust_mutations();
    test_kbin();
    test_lines();
    test_messages();
    test_tools();
    return check_summary("test_asm");
}
