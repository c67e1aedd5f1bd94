/* SPDX-License-Identifier: Apache-2.0 */
/* The assembler's layout against isa.def, and every opcode with every
 * operand kind in every position. */
#include "asm_test.h"

/* ---- Layout tests ---- */

void test_layout_matches_isa_def_syntax(void)
{
    check_case t;
    case_init(&t);
    for (unsigned f = 0; f < ISA_FMT_COUNT; f++) {
        const asm_layout lay = asm_fmt_layout((isa_fmt)f), *l = &lay;
        char s[256] = "";
        size_t o = 0;
        for (unsigned i = 0; i < l->nopd; i++)
            o += (size_t)snprintf(s + o, sizeof s - o, "%s%s", i ? ", " : "", l->opd[i].name);
        if (l->mods & ASM_MOD_OFFSET) o += (size_t)snprintf(s + o, sizeof s - o, " [offset:N]");
        if (l->mods & ASM_MOD_SCOPE) o += (size_t)snprintf(s + o, sizeof s - o, " [sc:S]");
        if (l->mods & ASM_MOD_NT) o += (size_t)snprintf(s + o, sizeof s - o, " [nt]");
        if (l->mods & ASM_MOD_NORET) o += (size_t)snprintf(s + o, sizeof s - o, " [noret]");
        if (strcmp(s, isa_fmt_syntax((isa_fmt)f)) != 0)
            case_fail(&t, "format %s: layout reads \"%s\", isa.def says \"%s\"", isa_fmt_name((isa_fmt)f), s,
                  isa_fmt_syntax((isa_fmt)f));
        t.cases++;
    }
    case_end_named(&t, "asm_layout_matches_isa_def_syntax");
}

void test_layout_covers_format_fields(void)
{
    check_case t;
    case_init(&t);
    for (unsigned f = 0; f < ISA_FMT_COUNT; f++) {
        const asm_layout lay = asm_fmt_layout((isa_fmt)f), *l = &lay;
        uint64_t m = fset(FLD(OPCODE), ~0ull);
        for (unsigned i = 0; i < l->nopd; i++) {
            const asm_opd *d = &l->opd[i];
            switch (d->type) {
            case ASM_OPD_LONG: m |= fset(FLD(LK), ~0ull) | fset(FLD(LV), ~0ull); break;
            case ASM_OPD_SIGS:
                m |= fset(d->hi, d->lo, ~0ull);   /* the four signal fields */
                break;
            default: m |= fset(d->hi, d->lo, ~0ull); break;
            }
        }
        if (l->mods & ASM_MOD_OFFSET) m |= fset(FLD(OFFSET), ~0ull);
        if (l->mods & ASM_MOD_SCOPE) m |= fset(FLD(SCOPE), ~0ull);
        if (l->mods & ASM_MOD_NT) m |= fset(FLD(NT), ~0ull);
        if (l->mods & ASM_MOD_NORET) m |= fset(FLD(NORET), ~0ull);
        if (m != isa_fmt_fields((isa_fmt)f))
            case_fail(&t, "format %s: layout covers bits %016llx, isa.def %016llx", isa_fmt_name((isa_fmt)f),
                  (unsigned long long)m, (unsigned long long)isa_fmt_fields((isa_fmt)f));
        t.cases++;
    }
    case_end_named(&t, "asm_layout_covers_isa_def_format_fields");
}

/* ---- Every opcode, every operand kind in every position ---- */

typedef struct {
    check_case enc;    /* text -> expected bits */
    check_case rt;     /* bits -> disasm -> asm -> same bits */
} enc_cases;

static void check_text(enc_cases *e, const char *text, uint64_t want)
{
    char err[512];
    uint64_t w = 0;
    e->enc.cases++;
    if (!isa_valid(want)) {
        case_fail(&e->enc, "test bug or ISA mismatch: expected word %016llx for '%s' is not valid",
              (unsigned long long)want, text);
        return;
    }
    if (as_line(text, &w, err, sizeof err)) {
        case_fail(&e->enc, "'%s' does not assemble: %s", text, err);
        return;
    }
    if (w != want) {
        case_fail(&e->enc, "'%s' assembled to %016llx, expected %016llx", text, (unsigned long long)w,
              (unsigned long long)want);
        return;
    }
    e->rt.cases++;
    roundtrip(&e->rt, w);
}

static void build(const isa_op_info *op, const sslot *s, int n, const char *const *texts, const uint64_t *vals,
                  const char *mods, uint64_t modbits, char *text, size_t tlen, uint64_t *w)
{
    size_t o = (size_t)snprintf(text, tlen, "%s", op->mnemonic);
    *w = fset(FLD(OPCODE), op->opcode) | modbits;
    for (int i = 0; i < n; i++) {
        o += (size_t)snprintf(text + o, tlen - o, "%s%s", i ? ", " : " ", texts[i]);
        *w = put_slot(*w, &s[i], vals[i]);
    }
    if (mods && *mods) snprintf(text + o, tlen - o, " %s", mods);
}

void test_every_opcode_operand_kind(void)
{
    enc_cases e;
    case_init(&e.enc);
    case_init(&e.rt);
    char sigtext[16][8];
    for (unsigned i = 0; i < 16; i++) snprintf(sigtext[i], sizeof sigtext[i], "s%u", i);
    modvar mv[16];
    unsigned nmv;
    mod_vars(mv, &nmv);
    unsigned nops = 0;

    for (unsigned opc = 0; opc < 256; opc++) {
        const isa_op_info *op = isa_op((uint8_t)opc);
        if (!op->mnemonic) continue;
        nops++;
        sslot s[8];
        unsigned mods;
        int n = spec(op, s, &mods);
        if (n < 0) {
            case_fail(&e.enc, "format %s of '%s' is unknown to this test", isa_fmt_name(op->fmt), op->mnemonic);
            continue;
        }
        const char *texts[8];
        uint64_t vals[8];
        unsigned nsig = 0;
        for (int i = 0; i < n; i++) {
            switch (s[i].k) {
            case S_DEST: texts[i] = "v16"; vals[i] = 16; break;
            case S_ADDR: texts[i] = "v17"; vals[i] = 17; break;
            case S_MASK: texts[i] = "one"; vals[i] = MK(1, 0, 1, 0); break;
            case S_SHORT: texts[i] = "v18"; vals[i] = KV << 12 | 18; break;
            case S_LONG: texts[i] = "v19"; vals[i] = KV << 32 | 19; break;
            case S_TARGET: texts[i] = "0"; vals[i] = 0; break;
            case S_SIG: texts[i] = "s0"; vals[i] = 0; break;
            case S_SIGN: nsig++; texts[i] = sigtext[nsig]; vals[i] = nsig; break;
            }
        }
        char text[512];
        uint64_t w;
        build(op, s, n, texts, vals, "", 0, text, sizeof text, &w);
        check_text(&e, text, w);

        for (int i = 0; i < n; i++) {
            const char *t0 = texts[i];
            uint64_t v0 = vals[i];
            const var *lists[3] = { NULL, NULL, NULL };
            size_t counts[3] = { 0, 0, 0 };
            switch (s[i].k) {
            case S_DEST: lists[0] = dest_vars; counts[0] = sizeof dest_vars / sizeof *dest_vars; break;
            case S_ADDR: lists[0] = addr_vars; counts[0] = sizeof addr_vars / sizeof *addr_vars; break;
            case S_MASK: lists[0] = mask_vars; counts[0] = sizeof mask_vars / sizeof *mask_vars; break;
            case S_TARGET: lists[0] = target_vars; counts[0] = sizeof target_vars / sizeof *target_vars; break;
            case S_SHORT:
            case S_LONG:
                lists[0] = reg_src_vars; counts[0] = sizeof reg_src_vars / sizeof *reg_src_vars;
                lists[1] = short_lit_vars; counts[1] = sizeof short_lit_vars / sizeof *short_lit_vars;
                if (s[i].k == S_LONG) { lists[2] = long_lit_vars; counts[2] = sizeof long_lit_vars / sizeof *long_lit_vars; }
                break;
            case S_SIG:
            case S_SIGN:
                for (unsigned k = 0; k < 16; k++) {
                    texts[i] = sigtext[k];
                    vals[i] = k;
                    build(op, s, n, texts, vals, "", 0, text, sizeof text, &w);
                    check_text(&e, text, w);
                }
                break;
            }
            for (unsigned l = 0; l < 3; l++)
                for (size_t k = 0; k < counts[l]; k++) {
                    texts[i] = lists[l][k].text;
                    vals[i] = lists[l][k].v;
                    if (l >= 1) {  /* a literal: kind L, payload 12 or 32 bits */
                        uint64_t bits = lists[l][k].v & 0xffffffffu;
                        vals[i] = s[i].k == S_LONG ? (KL << 32 | bits) : (KL << 12 | (bits & 0xfff));
                    } else if (s[i].k == S_SHORT) {
                        vals[i] = (lists[l][k].v >> 32) << 12 | (lists[l][k].v & 0xfff);
                    }
                    build(op, s, n, texts, vals, "", 0, text, sizeof text, &w);
                    check_text(&e, text, w);
                }
            texts[i] = t0;
            vals[i] = v0;
        }

        /* Modifiers, alone and all together in reverse order. */
        char all[128] = "";
        uint64_t allbits = 0;
        for (unsigned k = 0; k < nmv; k++) {
            if (!(mods & mv[k].mod)) continue;
            build(op, s, n, texts, vals, mv[k].text, mv[k].bits, text, sizeof text, &w);
            check_text(&e, text, w);
        }
        for (int k = (int)nmv - 1; k >= 0; k--) {
            if (!(mods & mv[k].mod)) continue;
            /* the last variant of each modifier: offset:KT, sc:system, nt, noret */
            bool last = k == (int)nmv - 1 || mv[k + 1].mod != mv[k].mod;
            if (!last) continue;
            size_t o = strlen(all);
            snprintf(all + o, sizeof all - o, "%s%s", o ? " " : "", mv[k].text);
            allbits |= mv[k].bits;
        }
        if (*all) {
            build(op, s, n, texts, vals, all, allbits, text, sizeof text, &w);
            check_text(&e, text, w);
        }
        /* With noret an atomic does not write D, so a constant is allowed there. */
        if (mods & M_NORET) {
            for (int i = 0; i < n; i++)
                if (s[i].k == S_DEST) { texts[i] = "zero"; vals[i] = 0; }
            build(op, s, n, texts, vals, "noret", fset(FLD(NORET), 1), text, sizeof text, &w);
            check_text(&e, text, w);
        }
        /* "mov vD, B" means mask one. */
        if (op->fmt == ISA_FMT_MOV) {
            snprintf(text, sizeof text, "%s v16, v19", op->mnemonic);
            check_text(&e, text, fset(FLD(OPCODE), op->opcode) | fset(FLD(D), 16) | fset(FLD(M), MK(1, 0, 1, 0)) |
                                     fset(FLD(LK), ISA_KIND_V) | fset(FLD(LV), 19));
        }
    }
    if (nops < 100) case_fail(&e.enc, "only %u opcodes in the table", nops);
    case_end_named(&e.enc, "asm_every_opcode_every_operand_kind_encodes_expected_bits");
    case_end_named(&e.rt, "asm_disasm_roundtrip_every_opcode_every_operand_kind");
}

