/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_npy.c: libFuzzer target of the .npy reader (npy.h). The input is a
 * .npy image. npy_parse must agree with npy_read of the same bytes as a file
 * (result, words and message: npy.h promises the same message), with
 * and without a message buffer. A failure leaves *words NULL and *count 0
 * and gives one line naming the file. A success gives the last 4 * count
 * bytes of the image as little-endian words, after a header of the
 * promised magic and version; one element fewer allowed (max_words) must
 * fail; and npy_write's file of the words parses back to the same words and
 * dtype, its data starting at a multiple of 64 bytes. The files are
 * memfd_create files, named by their /proc/self/fd path. */
#define _GNU_SOURCE
#include "fuzz_check.h"

#include "npy.h"

#include <sys/mman.h>
#include <unistd.h>

#define MAX_WORDS ((size_t)1 << 24)

/* A memory file and its path (made once, emptied for each input). */
typedef struct {
    int fd;
    char path[64];
} memfile;

static memfile mem_open(const char *name)
{
    memfile m;
    m.fd = memfd_create(name, 0);
    FUZZ_CHECK(m.fd >= 0, "memfd_create failed");
    snprintf(m.path, sizeof m.path, "/proc/self/fd/%d", m.fd);
    return m;
}

static void mem_put(const memfile *m, const uint8_t *data, size_t size)
{
    FUZZ_CHECK(ftruncate(m->fd, 0) == 0, "ftruncate failed");
    size_t done = 0;
    while (done < size) {
        ssize_t w = pwrite(m->fd, data + done, size - done, (off_t)done);
        FUZZ_CHECK(w > 0, "pwrite failed");
        done += (size_t)w;
    }
}

/* The file's bytes, malloc'ed, in *len. */
static uint8_t *mem_get(const memfile *m, size_t *len)
{
    off_t end = lseek(m->fd, 0, SEEK_END);
    FUZZ_CHECK(end >= 0, "lseek failed");
    uint8_t *b = malloc((size_t)end + 1);
    FUZZ_CHECK(b, "out of memory");
    size_t done = 0;
    while (done < (size_t)end) {
        ssize_t r = pread(m->fd, b + done, (size_t)end - done, (off_t)done);
        FUZZ_CHECK(r > 0, "pread failed");
        done += (size_t)r;
    }
    *len = (size_t)end;
    return b;
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

typedef struct {
    int rc;
    uint32_t *words;
    size_t count;
    npy_dtype dtype;
    char err[1024];
} result;

static void check_result_shape(const char *what, const result *r, const char *name)
{
    FUZZ_CHECK(r->rc == 0 || r->rc == -1, "%s returned %d", what, r->rc);
    if (r->rc) {
        FUZZ_CHECK(!r->words && r->count == 0, "%s failed but left words %p, count %zu", what, (void *)r->words,
                   r->count);
        fuzz_check_one_line(what, r->err, sizeof r->err);
        size_t nl = strlen(name);
        FUZZ_CHECK(!strncmp(r->err, name, nl) && r->err[nl] == ':', "%s: message '%s' does not start with '%s:'", what,
                   r->err, name);
    } else {
        FUZZ_CHECK(r->words, "%s succeeded with words NULL", what);
        FUZZ_CHECK(r->count <= MAX_WORDS, "%s gave %zu words, more than the %zu allowed", what, r->count, MAX_WORDS);
        FUZZ_CHECK((unsigned)r->dtype <= NPY_F32 && strcmp(npy_dtype_name(r->dtype), "?"), "%s gave dtype %d", what,
                   (int)r->dtype);
    }
}

static void check_same(const char *what, const result *a, const result *b)
{
    FUZZ_CHECK(a->rc == b->rc, "%s: results %d and %d (messages '%s' / '%s')", what, a->rc, b->rc, a->err, b->err);
    if (a->rc) {
        FUZZ_CHECK(!strcmp(a->err, b->err), "%s: messages differ: '%s' / '%s'", what, a->err, b->err);
        return;
    }
    FUZZ_CHECK(a->count == b->count && a->dtype == b->dtype, "%s: %zu words of %s / %zu of %s", what, a->count,
               npy_dtype_name(a->dtype), b->count, npy_dtype_name(b->dtype));
    FUZZ_CHECK(!a->count || !memcmp(a->words, b->words, a->count * 4), "%s: the words differ", what);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static memfile in, out;
    static int opened;
    if (!opened) {
        in = mem_open("fuzz_in.npy");
        out = mem_open("fuzz_out.npy");
        opened = 1;
    }
    static result p, f;
    memset(&p, 0, sizeof p);
    memset(&f, 0, sizeof f);
    p.words = f.words = (uint32_t *)&p;   /* garbage: a failure must clear it */
    p.count = f.count = 12345;
    p.rc = npy_parse(data, size, in.path, &p.words, &p.count, &p.dtype, MAX_WORDS, p.err, sizeof p.err);
    check_result_shape("npy_parse", &p, in.path);

    mem_put(&in, data, size);
    f.rc = npy_read(in.path, &f.words, &f.count, &f.dtype, MAX_WORDS, f.err, sizeof f.err);
    check_result_shape("npy_read", &f, in.path);
    check_same("npy_parse and npy_read", &p, &f);
    free(f.words);

    /* No message buffer, no dtype: the same result. */
    uint32_t *w2 = (uint32_t *)&p;
    size_t c2 = 12345;
    int rc = npy_parse(data, size, in.path, &w2, &c2, NULL, MAX_WORDS, NULL, 0);
    FUZZ_CHECK(rc == p.rc && c2 == p.count && (rc || !c2 || !memcmp(w2, p.words, c2 * 4)),
               "npy_parse without a message buffer gave %d (%zu words), with one %d (%zu words)", rc, c2, p.rc, p.count);
    if (rc) FUZZ_CHECK(!w2 && !c2, "npy_parse failed but left words %p, count %zu", (void *)w2, c2);
    else free(w2);
    if (p.rc) return 0;

    /* The words are the image's last 4 * count bytes, after a header. */
    FUZZ_CHECK(size >= 10 + p.count * 4, "%zu words from a %zu-byte image", p.count, size);
    FUZZ_CHECK(!memcmp(data, "\x93NUMPY", 6) && data[6] >= 1 && data[6] <= 3 && data[7] == 0,
               "accepted an image with magic/version %02x %02x %02x %02x %02x %02x %02x %02x", data[0], data[1], data[2],
               data[3], data[4], data[5], data[6], data[7]);
    const uint8_t *body = data + size - p.count * 4;
    for (size_t i = 0; i < p.count; i++)
        FUZZ_CHECK(p.words[i] == le32(body + 4 * i), "word %zu is %08x, the image has %08x", i, p.words[i],
                   le32(body + 4 * i));
    FUZZ_CHECK(body[-1] == '\n', "the header does not end in a newline");

    /* One element fewer allowed: an error. */
    if (p.count) {
        result s;
        memset(&s, 0, sizeof s);
        s.rc = npy_parse(data, size, in.path, &s.words, &s.count, &s.dtype, p.count - 1, s.err, sizeof s.err);
        FUZZ_CHECK(s.rc == -1 && !s.words && !s.count, "%zu words read with max_words %zu", p.count, p.count - 1);
        fuzz_check_one_line("npy_parse (max_words)", s.err, sizeof s.err);
    }

    /* npy_write's file reads back the same. */
    char err[1024];
    FUZZ_CHECK(ftruncate(out.fd, 0) == 0, "ftruncate failed");
    rc = npy_write(out.path, p.words, p.count, p.dtype, err, sizeof err);
    FUZZ_CHECK(rc == 0, "npy_write failed: %s", err);
    size_t len;
    uint8_t *img = mem_get(&out, &len);
    FUZZ_CHECK(len >= p.count * 4 && (len - p.count * 4) % 64 == 0,
               "npy_write wrote %zu bytes for %zu words (data not at a multiple of 64)", len, p.count);
    result b;
    memset(&b, 0, sizeof b);
    b.rc = npy_parse(img, len, out.path, &b.words, &b.count, &b.dtype, MAX_WORDS, b.err, sizeof b.err);
    check_result_shape("npy_parse of npy_write's file", &b, out.path);
    check_same("npy_write then npy_parse", &p, &b);
    free(b.words);
    free(img);
    free(p.words);
    return 0;
}
