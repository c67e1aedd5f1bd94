/* SPDX-License-Identifier: Apache-2.0 */
/* kbin.c: reading and writing .wgk kernel binaries. */
#include "kbin.h"

#include "isa.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t rd32(const uint8_t *p) { return p[0] | (p[1] << 8) | (p[2] << 16) | ((uint32_t)p[3] << 24); }
static void wr32(uint8_t *p, uint32_t v) { for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i)); }

int kbin_parse(const void *data, size_t len, kbin *out, char *err, size_t errlen)
{
    const uint8_t *p = data;
    memset(out, 0, sizeof *out);
    if (!data || len < KBIN_HEADER_BYTES) {
        snprintf(err, errlen, "kernel binary is %zu bytes, shorter than its %u-byte header", len, KBIN_HEADER_BYTES);
        return -1;
    }
    if (memcmp(p, KBIN_MAGIC, 4) != 0) {
        snprintf(err, errlen, "not a kernel binary: bad magic (expected \"%s\")", KBIN_MAGIC);
        return -1;
    }
    uint32_t version = rd32(p + 4), n = rd32(p + 8), lds = rd32(p + 12), waves = rd32(p + 16);
    if (version != KBIN_VERSION) {
        snprintf(err, errlen, "kernel binary version %u is not supported (expected %u)", version, KBIN_VERSION);
        return -1;
    }
    for (unsigned i = 20; i < KBIN_HEADER_BYTES; i++)
        if (p[i]) {
            snprintf(err, errlen, "kernel binary header: reserved byte %u is not zero", i);
            return -1;
        }
    if (n == 0 || n > ISA_MAX_INSTS) {
        snprintf(err, errlen, "kernel binary has %u instructions; must be 1..%u", n, ISA_MAX_INSTS);
        return -1;
    }
    if (lds > ISA_LDS_BYTES || lds % 4) {
        snprintf(err, errlen, "kernel binary declares %u LDS bytes; must be a multiple of 4 and at most %u", lds,
                 ISA_LDS_BYTES);
        return -1;
    }
    if (waves != 1 && waves != 2) {
        snprintf(err, errlen, "kernel binary declares %u waves per group; must be 1 or 2", waves);
        return -1;
    }
    size_t want = KBIN_HEADER_BYTES + (size_t)n * 8;
    if (len != want) {
        snprintf(err, errlen, "kernel binary is %zu bytes but its header promises %u instructions (%zu bytes)", len,
                 n, want);
        return -1;
    }
    out->insts = malloc((size_t)n * 8);
    if (!out->insts) {
        snprintf(err, errlen, "out of host memory");
        return -1;
    }
    for (uint32_t i = 0; i < n; i++) {
        const uint8_t *q = p + KBIN_HEADER_BYTES + 8 * i;
        out->insts[i] = (uint64_t)rd32(q) | ((uint64_t)rd32(q + 4) << 32);
    }
    out->num_insts = n;
    out->lds_bytes = lds;
    out->waves_per_group = waves;
    return 0;
}

int kbin_serialize(const kbin *k, uint8_t **out, size_t *len, char *err, size_t errlen)
{
    /* The same rules as kbin_parse: never write a file that cannot be loaded. */
    if (!k || !out || !len) {
        snprintf(err, errlen, "kbin_serialize: null argument");
        return -1;
    }
    if (k->num_insts == 0 || k->num_insts > ISA_MAX_INSTS) {
        snprintf(err, errlen, "kernel has %u instructions; must be 1..%u", k->num_insts, ISA_MAX_INSTS);
        return -1;
    }
    if (!k->insts) {
        snprintf(err, errlen, "kernel has %u instructions but no instruction array", k->num_insts);
        return -1;
    }
    if (k->lds_bytes > ISA_LDS_BYTES || k->lds_bytes % 4) {
        snprintf(err, errlen, "kernel declares %u LDS bytes; must be a multiple of 4 and at most %u", k->lds_bytes,
                 ISA_LDS_BYTES);
        return -1;
    }
    if (k->waves_per_group != 1 && k->waves_per_group != 2) {
        snprintf(err, errlen, "kernel declares %u waves per group; must be 1 or 2", k->waves_per_group);
        return -1;
    }
    size_t n = KBIN_HEADER_BYTES + (size_t)k->num_insts * 8;
    uint8_t *b = calloc(1, n);
    if (!b) {
        snprintf(err, errlen, "out of host memory");
        return -1;
    }
    memcpy(b, KBIN_MAGIC, 4);
    wr32(b + 4, KBIN_VERSION);
    wr32(b + 8, k->num_insts);
    wr32(b + 12, k->lds_bytes);
    wr32(b + 16, k->waves_per_group);
    for (uint32_t i = 0; i < k->num_insts; i++) {
        wr32(b + KBIN_HEADER_BYTES + 8 * i, (uint32_t)k->insts[i]);
        wr32(b + KBIN_HEADER_BYTES + 8 * i + 4, (uint32_t)(k->insts[i] >> 32));
    }
    *out = b;
    *len = n;
    return 0;
}

int kbin_read_file(const char *path, uint8_t **data, size_t *len, size_t max, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    size_t cap = 4096, n = 0;
    uint8_t *b = malloc(cap);
    while (b) {
        if (n == cap) {
            if (cap > max) break;
            uint8_t *nb = realloc(b, cap * 2);
            if (!nb) { free(b); b = NULL; break; }
            b = nb;
            cap *= 2;
        }
        size_t r = fread(b + n, 1, cap - n, f);
        n += r;
        if (r == 0) break;
    }
    int bad = ferror(f);
    fclose(f);
    if (!b) {
        snprintf(err, errlen, "%s: out of host memory", path);
        return -1;
    }
    if (bad) {
        free(b);
        snprintf(err, errlen, "%s: read error", path);
        return -1;
    }
    if (n > max) {
        free(b);
        snprintf(err, errlen, "%s: file is larger than %zu bytes", path, max);
        return -1;
    }
    *data = b;
    *len = n;
    return 0;
}

int kbin_write_file(const char *path, const kbin *k, char *err, size_t errlen)
{
    uint8_t *b;
    size_t n;
    if (kbin_serialize(k, &b, &n, err, errlen)) return -1;
    FILE *f = fopen(path, "wb");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        free(b);
        return -1;
    }
    size_t w = fwrite(b, 1, n, f);
    int bad = (w != n) | (fclose(f) != 0);
    free(b);
    if (bad) {
        snprintf(err, errlen, "%s: write error", path);
        return -1;
    }
    return 0;
}

void kbin_free(kbin *k)
{
    free(k->insts);
    k->insts = NULL;
    k->num_insts = 0;
}
