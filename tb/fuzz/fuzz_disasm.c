/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_disasm.c: libFuzzer target of the disassembler (disasm.h). The input
 * is three bytes of options (byte 0: bit 0 pc comments, bit 1 two waves;
 * bytes 1-2: the LDS size) and then 64-bit little-endian instruction words
 * (up to 4096; a last partial word is ignored).
 *
 * Each word: disasm_inst gives the length it returns, cut short the same way
 * in a smaller buffer (snprintf's contract), decodes a word exactly when it
 * is valid and writes no constant (else ".inst"), and all the words' lines
 * together reassemble to the same words (tb/asm/roundtrip.c relies on the
 * same). The words as a program: disasm_program's text reassembles to the
 * same header and words, labels and all. */
#include "fuzz_check.h"

#include "asm.h"
#include "disasm.h"
#include "isa.h"
#include "kbin.h"

#define OPTION_BYTES 3u

/* Does this valid word write a constant register (which the assembler refuses)? */
static bool writes_const(uint64_t w)
{
    const isa_op_info *op = isa_op((uint8_t)ISA_GET(w, OPCODE));
    uint64_t dmask = isa_put(0, ISA_F_D_HI, ISA_F_D_LO, ~0ull);
    return (isa_fmt_fields(op->fmt) & dmask) && isa_writes_dest(w) && ISA_GET(w, D) < ISA_NUM_CONSTS;
}

/* One word's text (checked) appended to src at *n; returns the new length. */
static size_t check_inst(uint64_t w, char *src, size_t n)
{
    char buf[512];
    memset(buf, 'x', sizeof buf);
    int len = disasm_inst(w, buf, sizeof buf);
    FUZZ_CHECK(len > 0 && (size_t)len < sizeof buf, "disasm_inst(%016llx) returned %d", (unsigned long long)w, len);
    FUZZ_CHECK(strlen(buf) == (size_t)len, "disasm_inst(%016llx) returned %d for '%s'", (unsigned long long)w, len,
               buf);
    FUZZ_CHECK(!memchr(buf, '\n', (size_t)len), "disasm_inst(%016llx) wrote a newline: '%s'", (unsigned long long)w,
               buf);
    FUZZ_CHECK(disasm_inst(w, NULL, 0) == len, "disasm_inst(%016llx) without a buffer gave another length",
               (unsigned long long)w);
    /* A buffer of 1 byte, of the text's length, and of a size picked from
     * the word gets the text's start. */
    size_t caps[3] = { 1, (size_t)len, 1 + (size_t)((w ^ (w >> 29)) % (uint64_t)len) };
    for (unsigned c = 0; c < 3; c++) {
        size_t cap = caps[c];
        char cut[512];
        memset(cut, 'x', sizeof cut);
        int r = disasm_inst(w, cut, cap);
        FUZZ_CHECK(r == len, "disasm_inst(%016llx) in %zu bytes returned %d, in full %d", (unsigned long long)w, cap, r,
                   len);
        FUZZ_CHECK(cut[cap - 1] == 0 && strlen(cut) == cap - 1 && !memcmp(cut, buf, cap - 1) && cut[cap] == 'x',
                   "disasm_inst(%016llx) in %zu bytes wrote '%.*s', not the start of '%s'", (unsigned long long)w, cap,
                   (int)cap, cut, buf);
    }
    bool raw = !strncmp(buf, ".inst", 5);
    bool valid = isa_valid(w);
    FUZZ_CHECK(!(valid && !writes_const(w) && raw), "valid word %016llx printed raw: '%s'", (unsigned long long)w, buf);
    FUZZ_CHECK(valid || raw, "invalid word %016llx printed as '%s'", (unsigned long long)w, buf);
    FUZZ_CHECK(!(valid && writes_const(w)) || (raw && strstr(buf, "# ")),
               "word %016llx writing a constant printed as '%s' (expected .inst and its decoded form)",
               (unsigned long long)w, buf);
    memcpy(src + n, buf, (size_t)len);
    src[n + (size_t)len] = '\n';
    return n + (size_t)len + 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < OPTION_BYTES + 8) return 0;
    unsigned opts = data[0];
    unsigned lds = (unsigned)data[1] | ((unsigned)data[2] << 8);
    size_t n = (size - OPTION_BYTES) / 8;
    if (n > ISA_MAX_INSTS) n = ISA_MAX_INSTS;
    kbin k = { 0 };
    k.num_insts = (uint32_t)n;
    k.lds_bytes = lds == 0xFFFF ? ISA_LDS_BYTES : lds & ~3u;
    k.waves_per_group = (opts & 2) ? 2 : 1;
    k.insts = malloc(n * sizeof *k.insts);
    char *src = malloc(n * 512 + 1);
    FUZZ_CHECK(k.insts && src, "out of memory");
    size_t len = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t w = 0;
        for (unsigned b = 0; b < 8; b++) w |= (uint64_t)data[OPTION_BYTES + 8 * i + b] << (8 * b);
        k.insts[i] = w;
        len = check_inst(w, src, len);
    }

    /* Every word's line, one program: the same words again. */
    kbin b;
    char err[1024];
    int rc = asm_assemble(src, len, "words.s", &b, err, sizeof err);
    FUZZ_CHECK(rc == 0, "the words' disassembly does not reassemble: %s", err);
    FUZZ_CHECK(b.num_insts == n, "%zu words reassembled as %u", n, b.num_insts);
    for (size_t i = 0; i < n; i++) {
        char line[512];
        disasm_inst(k.insts[i], line, sizeof line);
        FUZZ_CHECK(b.insts[i] == k.insts[i], "%016llx -> '%s' -> %016llx", (unsigned long long)k.insts[i], line,
                   (unsigned long long)b.insts[i]);
    }
    kbin_free(&b);
    free(src);

    fuzz_check_disasm_program("words", &k, (opts & 1) ? DISASM_PC_COMMENTS : 0);
    fuzz_check_serialize("words", &k, NULL, NULL);
    kbin_free(&k);
    return 0;
}
