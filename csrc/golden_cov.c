/* SPDX-License-Identifier: Apache-2.0 */
/* golden_cov.c: the functional coverage recorder (golden_cov.h). The
 * catalogue is built when a recorder opens: the fixed bins of golden_cov.h,
 * then from isa.def's tables the refused-constant destination of every format
 * that has a destination, and the opcode bins. An opcode's bins are its
 * source slots that carry a kind (short and long sources) x the four kinds x
 * its destination kinds (vreg: D written; noret: an atomic that writes no
 * D; none: no destination); an opcode without such a slot has one bin per
 * destination kind. The hot path only counts retirements per pc; they are
 * folded into the opcode bins when the program changes or the recorder
 * closes. */
#define _POSIX_C_SOURCE 200809L
#include "golden_cov.h"

#include "golden.h"
#include "isa.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

_Static_assert(ISA_FAULT_COUNT - 1 == 10, "GCOV_FAULT holds fault codes 1..10");

enum { GRP_OPCODE, GRP_DEST_CONST, GRP_FAULT, GRP_LDS, GRP_GLOBAL, GRP_CACHE, GRP_SIGNAL, GRP_BARRIER, GRP_COUNT };
static const char *const group_names[GRP_COUNT] = {
    "opcode", "dest_const", "fault", "lds_degree", "global", "cache", "signal", "barrier",
};

#define NAME_LEN 48
#define DK_NONE 0
#define DK_VREG 1
#define DK_NORET 2

typedef struct {
    char name[NAME_LEN];
    uint8_t group;
} bin_def;

struct golden_cov {
    char path[1024];                       /* DIR/func-<pid>.txt */
    unsigned nbins;
    bin_def *bins;
    uint64_t *count;
    /* the opcode bins: base index, slots with a kind, destination kinds */
    int32_t op_base[256];
    uint8_t op_nslots[256], op_slot[256][3], op_ndk[256], op_dk[256][2];
    int32_t dest_refused[ISA_FMT_COUNT], dest_noret[ISA_FMT_COUNT];
    /* the program, its retirements per pc, and the waves held at a pending slot */
    uint64_t code[ISA_MAX_INSTS];
    uint64_t retired[ISA_MAX_INSTS];
    uint32_t ninst;
    uint8_t stall[GOLDEN_MAX_CUS][GOLDEN_SLOTS];
};

static void set_bin(golden_cov *c, unsigned i, unsigned group, const char *name)
{
    c->bins[i].group = (uint8_t)group;
    snprintf(c->bins[i].name, NAME_LEN, "%s", name);
}

static const char *lower(const char *s, char *buf, size_t len)
{
    size_t i = 0;
    for (; s[i] && i + 1 < len; i++)
        buf[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] - 'A' + 'a' : s[i]);
    buf[i] = 0;
    return buf;
}

/* The letter the assembler syntax gives source slot s of a format
 * (isa.def: A/F slot a, B/T/V slot b, C slot c). */
static char slot_letter(unsigned fmt, unsigned s)
{
    const isa_fmt_operands *o = isa_fmt_ops((isa_fmt)fmt);
    if (fmt == ISA_FMT_SEL) return s == 0 ? 'F' : 'T';
    if (s == 1 && o->src[0].type == ISA_SRC_VREG) return 'V';
    return (char)('A' + s);
}

/* Lays out the catalogue (count only, with c->bins NULL; then for real). */
static unsigned layout(golden_cov *c)
{
    static const char *const kinds = "VSML";
    static const char *const dk_names[] = { "none", "vreg", "noret" };
    static const char *const gkind[] = { "load", "store", "atomic" };
    static const char *const cache[] = { "l1.hit", "l1.miss", "l1.eviction", "l2.hit", "l2.miss", "l2.writeback", "l2.atomic" };
    static const char *const reuse[] = { "load", "store", "atomic", "cache" };
    static const char *const bar[] = { "one_wave_group", "both_running", "partner_ended", "released_by_end" };
    char n[NAME_LEN], lw[24];
    bool fill = c->bins != NULL;
    if (fill) {
        for (unsigned f = 1; f <= 10; f++) set_bin(c, GCOV_FAULT + f - 1, GRP_FAULT, isa_fault_name(f));
        for (unsigned k = 1; k <= 32; k++) {
            snprintf(n, sizeof n, "%u", k);
            set_bin(c, GCOV_LDS_DEGREE + k - 1, GRP_LDS, n);
        }
        for (unsigned k = 0; k < 3; k++)
            for (unsigned s = 0; s < 4; s++)
                for (unsigned nt = 0; nt < 2; nt++) {
                    snprintf(n, sizeof n, "%s.%s%s", gkind[k], isa_scope_text(s), nt ? ".nt" : "");
                    set_bin(c, GCOV_GMEM + k * 8 + s * 2 + nt, GRP_GLOBAL, n);
                }
        for (unsigned i = 0; i < 7; i++) set_bin(c, GCOV_L1_HIT + i, GRP_CACHE, cache[i]);
        for (unsigned i = 0; i < 4; i++) {
            snprintf(n, sizeof n, "reuse_pending.%s", reuse[i]);
            set_bin(c, GCOV_SIG_REUSE + i, GRP_SIGNAL, n);
            set_bin(c, GCOV_BARRIER + i, GRP_BARRIER, bar[i]);
        }
    }
    unsigned i = GCOV_FIXED_END;
    /* the destination named as a constant: refused (CONST_WRITE) by every format
     * with a destination; accepted by an atomic with noret */
    for (unsigned f = 0; f < ISA_FMT_COUNT; f++) {
        isa_dest_rule d = isa_fmt_ops((isa_fmt)f)->dest;
        if (fill) c->dest_refused[f] = c->dest_noret[f] = -1;
        if (d == ISA_DEST_NONE) continue;
        if (fill) {
            snprintf(n, sizeof n, "%s.refused", lower(isa_fmt_name((isa_fmt)f), lw, sizeof lw));
            set_bin(c, i, GRP_DEST_CONST, n);
            c->dest_refused[f] = (int32_t)i;
        }
        i++;
        if (d != ISA_DEST_D_UNLESS_NORET) continue;
        if (fill) {
            snprintf(n, sizeof n, "%s.noret_accepted", lw);
            set_bin(c, i, GRP_DEST_CONST, n);
            c->dest_noret[f] = (int32_t)i;
        }
        i++;
    }
    /* the opcodes */
    for (unsigned op = 0; op < 256; op++) {
        const isa_op_info *info = isa_op((uint8_t)op);
        if (fill) c->op_base[op] = -1;
        if (!info->mnemonic) continue;
        const isa_fmt_operands *o = isa_fmt_ops(info->fmt);
        uint8_t slots[3], ns = 0, dks[2], nd = 0;
        for (unsigned s = 0; s < 3; s++)
            if (o->src[s].type == ISA_SRC_SHORT || o->src[s].type == ISA_SRC_LONG) slots[ns++] = (uint8_t)s;
        if (o->dest == ISA_DEST_NONE) dks[nd++] = DK_NONE;
        else dks[nd++] = DK_VREG;
        if (o->dest == ISA_DEST_D_UNLESS_NORET) dks[nd++] = DK_NORET;
        if (fill) {
            c->op_base[op] = (int32_t)i;
            c->op_nslots[op] = ns;
            c->op_ndk[op] = nd;
            memcpy(c->op_slot[op], slots, ns);
            memcpy(c->op_dk[op], dks, nd);
        }
        if (ns == 0) {
            for (unsigned d = 0; d < nd; d++, i++) {
                if (!fill) continue;
                snprintf(n, sizeof n, "%s.%s", info->mnemonic, dk_names[dks[d]]);
                set_bin(c, i, GRP_OPCODE, n);
            }
            continue;
        }
        for (unsigned s = 0; s < ns; s++)
            for (unsigned k = 0; k < 4; k++)
                for (unsigned d = 0; d < nd; d++, i++) {
                    if (!fill) continue;
                    snprintf(n, sizeof n, "%s.%c=%c.%s", info->mnemonic, slot_letter(info->fmt, slots[s]), kinds[k],
                             dk_names[dks[d]]);
                    set_bin(c, i, GRP_OPCODE, n);
                }
    }
    return i;
}

golden_cov *golden_cov_open(void)
{
    const char *dir = getenv("WAVEGPU_COVERAGE");
    if (!dir || !*dir)
        return NULL;
    golden_cov *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    snprintf(c->path, sizeof c->path, "%s/func-%ld.txt", dir, (long)getpid());
    c->nbins = layout(c);
    c->bins = calloc(c->nbins, sizeof *c->bins);
    c->count = calloc(c->nbins, sizeof *c->count);
    if (!c->bins || !c->count) {
        free(c->bins);
        free(c->count);
        free(c);
        return NULL;
    }
    layout(c);
    return c;
}

/* The retirements per pc into the opcode bins (and an accepted noret constant). */
static void fold(golden_cov *c)
{
    for (uint32_t pc = 0; pc < c->ninst; pc++) {
        uint64_t n = c->retired[pc];
        if (!n)
            continue;
        c->retired[pc] = 0;
        uint64_t w = c->code[pc];
        unsigned op = (unsigned)ISA_GET(w, OPCODE);
        const isa_op_info *info = isa_op((uint8_t)op);
        if (!info->mnemonic || c->op_base[op] < 0)
            continue;
        const isa_fmt_operands *o = isa_fmt_ops(info->fmt);
        unsigned dk = DK_VREG;
        if (o->dest == ISA_DEST_NONE) dk = DK_NONE;
        else if (o->dest == ISA_DEST_D_UNLESS_NORET && ISA_GET(w, NORET)) {
            dk = DK_NORET;
            if (ISA_GET(w, D) < ISA_NUM_CONSTS && c->dest_noret[info->fmt] >= 0) c->count[c->dest_noret[info->fmt]] += n;
        }
        unsigned d = 0;
        while (d + 1 < c->op_ndk[op] && c->op_dk[op][d] != dk) d++;
        unsigned nd = c->op_ndk[op], base = (unsigned)c->op_base[op];
        if (c->op_nslots[op] == 0) {
            c->count[base + d] += n;
            continue;
        }
        for (unsigned s = 0; s < c->op_nslots[op]; s++) {
            const isa_src_slot *sl = &o->src[c->op_slot[op][s]];
            unsigned kind = sl->type == ISA_SRC_LONG ? ISA_GET(w, LK) : isa_src_kind(isa_field_get(w, sl->field));
            c->count[base + (s * 4 + kind) * nd + d] += n;
        }
    }
}

/* Adds the counts to the process's file: its lines read and summed by name
 * (lines this catalogue does not know are kept), then the file rewritten. */
static int merge_write(const golden_cov *c)
{
    uint64_t *sum = calloc(c->nbins, sizeof *sum);
    char *extra = NULL;
    size_t extra_len = 0;
    if (!sum)
        return -1;
    memcpy(sum, c->count, c->nbins * sizeof *sum);
    FILE *f = fopen(c->path, "r");
    if (f) {
        char line[256], g[64], n[NAME_LEN + 16];
        unsigned hint = 0;
        while (fgets(line, sizeof line, f)) {
            uint64_t v;
            if (line[0] == '#' || sscanf(line, "%63s %63s %" SCNu64, g, n, &v) != 3)
                continue;
            unsigned i = hint < c->nbins ? hint : 0, tries = 0;
            for (; tries < c->nbins; tries++, i = (i + 1) % c->nbins)
                if (!strcmp(c->bins[i].name, n) && !strcmp(group_names[c->bins[i].group], g)) break;
            if (tries < c->nbins) {
                sum[i] += v;
                hint = i + 1;
                continue;
            }
            size_t len = strlen(line);
            char *e = realloc(extra, extra_len + len + 1);
            if (!e) break;
            extra = e;
            memcpy(extra + extra_len, line, len + 1);
            extra_len += len;
        }
        fclose(f);
    }
    char tmp[1100];
    snprintf(tmp, sizeof tmp, "%s.tmp", c->path);
    int rc = -1;
    f = fopen(tmp, "w");
    if (f) {
        fprintf(f, "# wavegpu functional coverage (csrc/golden_cov.c): group bin count\n");
        for (unsigned g = 0; g < GRP_COUNT; g++)
            for (unsigned i = 0; i < c->nbins; i++)
                if (c->bins[i].group == g) fprintf(f, "%s %s %" PRIu64 "\n", group_names[g], c->bins[i].name, sum[i]);
        if (extra_len) fputs(extra, f);
        rc = ferror(f) ? -1 : 0;
        if (fclose(f) != 0) rc = -1;
        if (rc == 0 && rename(tmp, c->path) != 0) rc = -1;
    }
    free(extra);
    free(sum);
    return rc;
}

void golden_cov_close(golden_cov *c)
{
    if (!c)
        return;
    fold(c);
    if (merge_write(c) != 0)
        fprintf(stderr, "wavegpu coverage: cannot write %s\n", c->path);
    free(c->bins);
    free(c->count);
    free(c);
}

void golden_cov_add(golden_cov *c, unsigned bin, uint64_t n)
{
    if (c && bin < GCOV_FIXED_END)
        c->count[bin] += n;
}

void golden_cov_fault(golden_cov *c, unsigned code, uint64_t inst)
{
    if (!c || code < 1 || code > 10)
        return;
    c->count[GCOV_FAULT + code - 1]++;
    if (code == ISA_FAULT_CONST_WRITE) {
        const isa_op_info *info = isa_op((uint8_t)ISA_GET(inst, OPCODE));
        if (info->mnemonic && c->dest_refused[info->fmt] >= 0) c->count[c->dest_refused[info->fmt]]++;
    }
}

void golden_cov_program(golden_cov *c, const uint64_t *code, uint32_t n)
{
    fold(c);
    if (n > ISA_MAX_INSTS)
        n = ISA_MAX_INSTS;
    memcpy(c->code, code, n * sizeof *code);
    memset(c->retired, 0, sizeof c->retired);
    memset(c->stall, 0, sizeof c->stall);
    c->ninst = n;
}

void golden_cov_retire(golden_cov *c, unsigned cu, unsigned slot, uint32_t pc)
{
    if (pc >= c->ninst || cu >= GOLDEN_MAX_CUS || slot >= GOLDEN_SLOTS)
        return;
    c->retired[pc]++;
    if (!c->stall[cu][slot])
        return;
    c->stall[cu][slot] = 0;
    switch (isa_op((uint8_t)ISA_GET(c->code[pc], OPCODE))->fmt) {
    case ISA_FMT_GLOBAL_LOAD: c->count[GCOV_SIG_REUSE + 0]++; break;
    case ISA_FMT_GLOBAL_STORE: c->count[GCOV_SIG_REUSE + 1]++; break;
    case ISA_FMT_GLOBAL_ATOMIC: c->count[GCOV_SIG_REUSE + 2]++; break;
    case ISA_FMT_CACHE: c->count[GCOV_SIG_REUSE + 3]++; break;
    default: break;
    }
}

void golden_cov_sig_stall(golden_cov *c, unsigned cu, unsigned slot)
{
    if (cu < GOLDEN_MAX_CUS && slot < GOLDEN_SLOTS)
        c->stall[cu][slot] = 1;
}

void golden_cov_lds(golden_cov *c, int atomic, uint32_t m, const uint32_t *addr)
{
    /* Rounds (docs/lds.md, 32 banks of words): loads and stores serve every
     * lane on a word together, so a bank takes one round per distinct word;
     * atomics one lane per bank and round. An empty mask takes one round.
     * (A group's base shifts every word alike: the counts per bank do not change.) */
    uint32_t seen[32][ISA_LANES];
    unsigned per_bank[32] = { 0 }, rounds = 1;
    for (uint32_t y = m; y; y &= y - 1) {
        uint32_t word = addr[__builtin_ctz(y)] >> 2;
        unsigned b = word & 31, k = per_bank[b], j = atomic ? k : 0;
        while (j < k && seen[b][j] != word) j++;
        if (j < k)
            continue;      /* a word this bank serves already */
        seen[b][k] = word;
        per_bank[b] = ++k;
        if (k > rounds) rounds = k;
    }
    c->count[GCOV_LDS_DEGREE + rounds - 1]++;
}
