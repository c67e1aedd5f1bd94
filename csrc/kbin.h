/* SPDX-License-Identifier: Apache-2.0 */
/* kbin.h: the kernel binary format (.wgk), docs/isa.md section 8. */
#ifndef GPU_KBIN_H
#define GPU_KBIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KBIN_MAGIC "WGK1"
#define KBIN_VERSION 1u
#define KBIN_HEADER_BYTES 32u

typedef struct {
    uint32_t num_insts;
    uint32_t lds_bytes;
    uint32_t waves_per_group;
    uint64_t *insts;   /* owned; free with kbin_free */
} kbin;

/* Parses a binary image. Returns 0, or -1 with a message in err. */
int kbin_parse(const void *data, size_t len, kbin *out, char *err, size_t errlen);
/* Serialises; *out is malloc'ed. Checks what kbin_parse checks (1..4096
 * instructions, lds_bytes a multiple of 4 and <= 65536, 1 or 2 waves) and
 * returns -1 with a message, writing nothing, if the kernel breaks a rule.
 * Returns 0 on success. */
int kbin_serialize(const kbin *k, uint8_t **out, size_t *len, char *err, size_t errlen);
/* Reads a whole file (at most max bytes) into a malloc'ed buffer. */
int kbin_read_file(const char *path, uint8_t **data, size_t *len, size_t max, char *err, size_t errlen);
/* Serialises (with kbin_serialize's checks) and writes; on a check failure
 * the file is not created. */
int kbin_write_file(const char *path, const kbin *k, char *err, size_t errlen);
void kbin_free(kbin *k);

#ifdef __cplusplus
}
#endif

#endif
