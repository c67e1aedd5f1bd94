/* SPDX-License-Identifier: Apache-2.0 */
/* npy.h: NumPy .npy files of 32-bit words (u32, i32, f32), the format of
 * numpy.lib.format: the magic "\x93NUMPY", the version (1.0, 2.0 or 3.0;
 * 1.0 has a 2-byte header length, 2.0 and 3.0 a 4-byte one), a header that
 * is a Python dict literal with exactly the keys 'descr', 'fortran_order'
 * and 'shape' (any order), padded with spaces and ending in '\n', then the
 * elements.
 *
 * Reading accepts what NumPy writes and rejects everything else with one
 * line naming the file and the fault ("x.npy: not a .npy file (bad
 * magic)"): descr '<u4', '<i4', '<f4' ('=' for '<' on a little-endian
 * host; '>' is refused); fortran_order True or False (True only when at
 * most one dimension is above 1, where both orders are the same); shape a
 * tuple of non-negative integers (() is a scalar, one element), at most
 * NPY_MAX_DIMS of them; strings in ' or " without escapes; no duplicate,
 * missing or unknown key; a header of at most NPY_MAX_HEADER bytes; and
 * exactly the bytes of the elements after it (a short file or trailing
 * bytes are errors). The words are the raw element bits, read
 * little-endian whatever the host.
 */
#ifndef GPU_NPY_H
#define GPU_NPY_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define NPY_MAX_HEADER 1048576u /* bytes of header text read at most */
#define NPY_MAX_DIMS   64u      /* NumPy 2's limit */

typedef enum { NPY_U32 = 0, NPY_I32 = 1, NPY_F32 = 2 } npy_dtype;

/* Reads a .npy file of at most max_words elements into a malloc'ed array
 * *words (never NULL on success, even for 0 elements; free it) of *count
 * words; dtype (may be NULL) gets the element type. Returns 0, or -1 with
 * *words NULL, *count 0 and a one-line message in err (err may be NULL or
 * errlen 0). The file is read piece by piece, never more than the header
 * promises plus one byte, so a huge or endless file costs nothing. */
int npy_read(const char *path, uint32_t **words, size_t *count, npy_dtype *dtype, size_t max_words, char *err,
             size_t errlen);
/* The same for an image of len bytes in memory; name is the file name used
 * in messages. Gives the same message as npy_read for the same bytes. */
int npy_parse(const void *data, size_t len, const char *name, uint32_t **words, size_t *count, npy_dtype *dtype,
              size_t max_words, char *err, size_t errlen);
/* Writes count words as a 1-D .npy (version 1.0, shape (count,), C order,
 * the header padded with spaces so that the data starts at a multiple of 64
 * bytes, as NumPy does). Returns 0, or -1 with a message. A write error
 * (disk full) may leave a partial file, which npy_read rejects; it is not
 * removed, since path may be a device or a pipe. */
int npy_write(const char *path, const uint32_t *words, size_t count, npy_dtype dtype, char *err, size_t errlen);
/* "u32", "i32", "f32"; "?" for anything else. */
const char *npy_dtype_name(npy_dtype t);

#ifdef __cplusplus
}
#endif

#endif
