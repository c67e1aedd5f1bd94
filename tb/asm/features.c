/* SPDX-License-Identifier: Apache-2.0 */
/* Assembler features: whole sources and the words they must assemble to. */
#include "asm_test.h"

typedef struct {
    const char *name;
    const char *src;
    unsigned n;
    uint64_t words[6];
    uint32_t lds, waves;
} prog_case;

#define W_TGT(v) ((uint64_t)(v))
#define W_D(v) ((uint64_t)(v) << 50)
#define W_A(k, p) ((uint64_t)(((k) << 12) | (p)) << 36)
#define W_L(k, v) (((uint64_t)(k) << 32) | (uint32_t)(v))
#define W_M(m) ((uint64_t)(m) << 38)

void test_features(void)
{
    const uint64_t NOP = OP(ISA_OP_NOP), END = OP(ISA_OP_END);
    const prog_case cases[] = {
        { "asm_labels_forward_and_backward",
          "top: nop\n  br bottom\n  brnz top, v20[0]\nbottom:\n  end\n", 4,
          { NOP, OP(ISA_OP_BR) | W_TGT(3), OP(ISA_OP_BRNZ) | W_A(1u, 20u) | W_TGT(0), END }, 0, 1 },
        { "asm_label_at_end_of_program_and_several_per_line",
          "a: b: br c\nc:\n", 1, { OP(ISA_OP_BR) | W_TGT(1) }, 0, 1 },
        { "asm_label_on_instruction_line_and_dot_names",
          ".Lx: nop\n_y.z: br .Lx\n", 2, { NOP, OP(ISA_OP_BR) | W_TGT(0) }, 0, 1 },
        { "asm_comments_hash_semicolon_slashes",
          "# c1\n; c2\n// c3\n  nop # x\n  nop ; y\n  nop // z\n\n   \n  end;no space\n", 4, { NOP, NOP, NOP, END },
          0, 1 },
        { "asm_crlf_tabs_and_no_final_newline", "\tnop\r\n\tadd\tv16,\tv17,\t1\r\n  end", 3,
          { NOP, OP(ISA_OP_ADD) | W_D(16) | W_A(0u, 17u) | W_L(3u, 1), END }, 0, 1 },
        { "asm_directives_set_header", ".lds 65536\n.waves 2\nend\n", 1, { END }, 65536, 2 },
        { "asm_header_defaults", "end\n", 1, { END }, 0, 1 },
        { "asm_equ_in_literal_offset_target_and_directive",
          ".equ N, 64\n.equ M, N\n.equ T, 1\n.lds N\nnop\nlocal_load32 v16, one, v17 offset:M\nbr T\n"
          "add v16, v17, -N\n", 4,
          { NOP, OP(ISA_OP_LOCAL_LOAD32) | W_D(16) | W_M(MK(1, 0, 1, 0)) | ((uint64_t)17 << 32) | 64,
            OP(ISA_OP_BR) | W_TGT(1), OP(ISA_OP_ADD) | W_D(16) | W_A(0u, 17u) | W_L(3u, -64) }, 64, 1 },
        { "asm_alias_in_dest_addr_mask_and_sources",
          ".alias p, v20\n.alias q, p\n.alias c, lo16\nlocal_atomic_add q, p & ~c, p, p[0]\n", 1,
          { OP(ISA_OP_LOCAL_ATOMIC_ADD) | W_D(20) | W_M(MK(20, 0, 8, 1)) | ((uint64_t)20 << 32) |
            ((uint64_t)((1u << 12) | 20u) << 18) }, 0, 1 },
        { "asm_inst_emits_raw_words", ".inst 0x0123456789abcdef\n.inst 18446744073709551615\n.inst 0\n", 3,
          { 0x0123456789abcdefull, ~0ull, 0 }, 0, 1 },
        { "asm_constant_dest_allowed_with_noret",
          "local_atomic_cas zero, one, v17, v18 noret\nglobal_atomic_add s1, args, one, v17, 1 noret\n", 2,
          { OP(ISA_OP_LOCAL_ATOMIC_CAS) | W_M(MK(1, 0, 1, 0)) | ((uint64_t)17 << 32) | ((uint64_t)18 << 18) |
            (1u << 17),
            OP(ISA_OP_GLOBAL_ATOMIC_ADD) | W_D(15) | W_M(MK(1, 0, 1, 0)) | ((uint64_t)17 << 32) |
            ((uint64_t)((3u << 12) | 1u) << 18) | (1u << 17) | (1u << 10) }, 0, 1 },
        { "asm_names_are_usable_as_labels_if_not_registers",
          "add: nop\nnt: br add\nbr nt\n", 3, { NOP, OP(ISA_OP_BR), OP(ISA_OP_BR) | W_TGT(1) }, 0, 1 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        check_case t;
        case_init(&t);
        kbin k;
        char err[512];
        if (as_src(cases[i].src, strlen(cases[i].src), &k, err, sizeof err)) {
            case_fail(&t, "does not assemble: %s", err);
        } else {
            if (k.num_insts != cases[i].n) case_fail(&t, "%u instructions, expected %u", k.num_insts, cases[i].n);
            if (k.lds_bytes != cases[i].lds || k.waves_per_group != cases[i].waves)
                case_fail(&t, ".lds %u .waves %u, expected %u %u", k.lds_bytes, k.waves_per_group, cases[i].lds,
                      cases[i].waves);
            for (unsigned j = 0; j < k.num_insts && j < cases[i].n; j++)
                if (k.insts[j] != cases[i].words[j])
                    case_fail(&t, "word %u is %016llx, expected %016llx", j, (unsigned long long)k.insts[j],
                          (unsigned long long)cases[i].words[j]);
            kbin_free(&k);
        }
        case_end_named(&t, cases[i].name);
    }
}

