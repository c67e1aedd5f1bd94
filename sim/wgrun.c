/* SPDX-License-Identifier: Apache-2.0 */
/* wgrun: runs any kernel, a .s (assembled on the fly) or a .wgk, on the RTL
 * (in lockstep with the golden model) or on the golden model alone, with
 * buffers made from command-line specs, and checks its output. It prints the
 * summary of `make sim` and ends with PASS or FAIL.
 *
 *   build/bin/wgrun KERNEL [options]        (wgrun --help lists them)
 *
 * Each --buf is allocated in device memory (in the order given) and filled
 * before the launch; --arg puts buffer addresses, buffer lengths and literal
 * words in the argument block, in order (the kernel reads them at `args`).
 * On the RTL, unless --golden-check off, the same launch also runs on the
 * golden model alone and every buffer must end equal. --dump writes a buffer
 * after the run; --expect compares it, bit-exact, with a file.
 *
 * --stats FILE writes the run's figures as key=value lines (the counters,
 * per CU on the RTL, the configuration, the wall time and the result) for
 * scripts (make bench); --timeline FILE (RTL) writes what each CU did in
 * every --timeline-every cycles (rtl_backend_set_timeline, docs/bench.md).
 *
 * Exit status: 0 PASS; 1 FAIL (a fault, a timeout, a lockstep mismatch, an
 * output that differs); 2 bad input (options, files, kernel source), with a
 * one-line message on stderr.
 */
#define _POSIX_C_SOURCE 200809L
#include "asm.h"
#include "gpu.h"
#include "isa.h"
#include "kbin.h"
#include "npy.h"
#include "parse_num.h"
#include "rtl_backend.h"
#include "sim_report.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define MAX_BUFS 32
#define MAX_NAME 31
/* As make sim: the trace window without --trace-end (docs/architecture.md). */
#define DEFAULT_TRACE_CYCLES 150000u
/* Device memory below the first allocation: the null guard and the argument block (csrc/gpu.c). */
#define RESERVED_BYTES 4352u
#define MAX_SOURCE_BYTES (16u << 20)

typedef struct {
    char name[MAX_NAME + 1];
    uint32_t words;
    npy_dtype dtype;
    uint32_t *init;          /* the content before the launch */
    gpu_addr addr;           /* in the device of the current run */
} buffer;

typedef enum { ARG_ADDR, ARG_LEN, ARG_WORD } arg_kind;
typedef struct {
    arg_kind kind;
    unsigned buf;            /* ARG_ADDR, ARG_LEN */
    uint32_t word;           /* ARG_WORD */
    const char *text;        /* as given, until resolved */
} argument;

typedef struct {
    const char *name;        /* buffer */
    const char *path;
} file_op;

typedef struct {
    const char *kernel;
    gpu_backend_kind backend;
    bool lockstep, golden_check;
    uint32_t groups, waves, lds;
    uint32_t cus, latency, dram_channels, dram_bpc, mem_bytes;
    uint64_t jitter, max_cycles;
    const char *fst;
    uint64_t trace_start, trace_end;
    bool trace_end_given;
    uint32_t trace_depth;
    buffer buf[MAX_BUFS];
    unsigned nbuf;
    argument arg[GPU_MAX_ARGS];
    unsigned narg;
    file_op dump[MAX_BUFS], expect[MAX_BUFS];
    unsigned ndump, nexpect;
    int expect_fault;        /* 0: none; else the isa_fault code the run must end with */
    const char *mem_error;   /* --mem-error: planted DRAM error responses (WAVEGPU_MEM_ERROR) */
    const char *stats;       /* --stats: key=value figures of the run */
    const char *timeline;    /* --timeline: the per-CU rows of rtl_backend_set_timeline */
    uint64_t timeline_every;
    bool timeline_every_given;
    bool quiet;
} options;

/* ------------------------------------------------------------ messages */

static int bad(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int bad(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("wgrun: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return -1;
}

static void usage(FILE *f)
{
    fputs("usage: wgrun KERNEL.s|KERNEL.wgk [options]\n"
          "  --header                the options of the kernel's '# run:' lines first (a .s only), then these\n"
          "grid:\n"
          "  --groups N              work groups (default 1)\n"
          "  --waves W               waves per group, 1 or 2 (default: the kernel's .waves)\n"
          "  --lds B                 LDS bytes per group (default: the kernel's .lds)\n"
          "buffers and arguments:\n"
          "  --buf NAME[:TYPE]=SPEC  a buffer of 32-bit words (TYPE u32, i32 or f32: how --dump writes a .npy\n"
          "                          and how values are shown), filled from SPEC:\n"
          "      zeros:N                 N words of 0\n"
          "      const:N:V               N words of V (an integer, or an f32 written with '.' or an exponent)\n"
          "      iota:N[:START[:STEP]]   START, START+STEP, ... (integers; default 0 and 1)\n"
          "      u32:N:SEED[:LO:HI]      seeded random integers in [LO, HI] (default the full range)\n"
          "      f32:N:SEED[:LO:HI]      seeded random f32 in [LO, HI) (default [-1, 1))\n"
          "      file:PATH               a .npy file (u32, i32 or f32) or raw little-endian words\n"
          "  --arg X                 the next kernel argument: a buffer's NAME (its address), len:NAME (its\n"
          "                          length in words) or a 32-bit literal; repeat in order\n"
          "  --args X,Y,...          several arguments at once\n"
          "output:\n"
          "  --dump NAME=FILE        write the buffer after the run: .npy, .hex or .txt (one hex word a line),\n"
          "                          anything else raw little-endian\n"
          "  --expect NAME=FILE      compare the buffer after the run with FILE (formats as file: and --dump)\n"
          "  --expect-fault NAME     the run must end in this fault (e.g. GLOBAL_OUT_OF_RANGE; docs/isa.md 6)\n"
          "run:\n"
          "  --backend rtl|golden    default rtl\n"
          "  --lockstep on|off       RTL: check every instruction against the golden model (default on)\n"
          "  --golden-check on|off   RTL: also run the golden model alone and compare every buffer (default on)\n"
          "  --cus C                 compute units to use (default 4, at most the model's NumCus)\n"
          "  --latency L             DRAM latency in cycles, 1..1000000 (default 100)\n"
          "  --dram-channels C       1..16 (default 4)\n"
          "  --dram-bpc B            bytes per cycle per channel, 1..64 (default 4)\n"
          "  --jitter SEED           random extra DRAM latency per burst (default 0: none)\n"
          "  --mem-bytes B           device memory, a power of two, 64 KiB..1 GiB (default 16 MiB)\n"
          "  --max-cycles N          stop a launch that runs longer (default 200000000)\n"
          "  --mem-error SPEC        RTL: the DRAM model answers a burst with an error: read:N or write:N (the\n"
          "                          N-th of the run, from 1), comma-separated, each :slverr or :decerr\n"
          "  --fst PATH              RTL: write the waves to an FST file\n"
          "  --trace-start C         first cycle traced (default 0)\n"
          "  --trace-end C           first cycle not traced; 0: to the end (default start + 150000)\n"
          "  --trace-depth D         hierarchy levels traced (default 0: all)\n"
          "  --timeline FILE         RTL: per CU, every --timeline-every cycles, the instructions retired (all,\n"
          "                          vector ALU, LDS, global), line requests, L1 hits, global accesses completed,\n"
          "                          groups placed and groups and waves resident, as text rows (docs/bench.md)\n"
          "  --timeline-every K      cycles per timeline row (default 256)\n"
          "  --stats FILE            write the run's figures as key=value lines: configuration, every counter\n"
          "                          (per CU on the RTL: cu0.insts=...), wall time, result\n"
          "  --quiet                 no summary, only the checks and PASS or FAIL\n"
          "exit status: 0 PASS, 1 FAIL, 2 bad input\n",
          f);
}

/* ------------------------------------------------------------ data */

static uint64_t mix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static float to_f32(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint32_t f32_bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

static bool has_suffix(const char *s, const char *suf)
{
    size_t n = strlen(s), m = strlen(suf);
    return n >= m && strcmp(s + n - m, suf) == 0;
}

/* Reads a whole file of at most max bytes; a directory or a missing file is
 * reported with the path. */
static int read_whole(const char *path, uint8_t **data, size_t *len, size_t max, const char *what)
{
    struct stat sb;
    if (stat(path, &sb) != 0) return bad("%s %s: %s", what, path, strerror(errno));
    if (S_ISDIR(sb.st_mode)) return bad("%s %s: is a directory", what, path);
    if (!S_ISREG(sb.st_mode)) return bad("%s %s: not a regular file", what, path);
    if ((uint64_t)sb.st_size > max)
        return bad("%s %s: %" PRIu64 " bytes, more than the %zu this run can hold", what, path, (uint64_t)sb.st_size, max);
    FILE *f = fopen(path, "rb");
    if (!f) return bad("%s %s: %s", what, path, strerror(errno));
    size_t n = (size_t)sb.st_size;
    uint8_t *p = malloc(n ? n : 1);
    if (!p) {
        fclose(f);
        return bad("%s %s: out of host memory", what, path);
    }
    size_t got = fread(p, 1, n, f);
    int err = ferror(f);
    fclose(f);
    if (err || got != n) {
        free(p);
        return bad("%s %s: read error", what, path);
    }
    *data = p;
    *len = n;
    return 0;
}

/* Words from a file: .npy, hex text (.hex, .txt) or raw little-endian. */
static int read_words(const char *path, uint32_t **words, uint32_t *count, npy_dtype *dtype, bool *typed,
                      uint32_t max_words, const char *what)
{
    char err[512];
    *typed = false;
    if (has_suffix(path, ".npy")) {
        size_t n = 0;
        struct stat sb;
        if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) return bad("%s %s: is a directory", what, path);
        if (npy_read(path, words, &n, dtype, max_words, err, sizeof err) != 0) return bad("%s: %s", what, err);
        if (n == 0) {
            free(*words);
            return bad("%s %s: holds no elements", what, path);
        }
        *count = (uint32_t)n;
        *typed = true;
        return 0;
    }
    uint8_t *data = NULL;
    size_t len = 0;
    bool text = has_suffix(path, ".hex") || has_suffix(path, ".txt");
    if (read_whole(path, &data, &len, text ? 16u * max_words + 4096u : 4ull * max_words, what) != 0) return -1;
    if (!text) {
        if (len == 0 || len % 4) {
            free(data);
            return bad("%s %s: %zu bytes: a raw file holds whole 32-bit words (a multiple of 4 bytes, at least 4)", what,
                       path, len);
        }
        *count = (uint32_t)(len / 4);
        *words = malloc(len);
        if (!*words) {
            free(data);
            return bad("%s %s: out of host memory", what, path);
        }
        memcpy(*words, data, len);
        free(data);
        return 0;
    }
    /* Hex text: one word a line, an optional 0x, blank lines and # comments allowed. */
    uint32_t cap = 1024, n = 0;
    uint32_t *w = malloc(4u * cap);
    size_t i = 0;
    unsigned line = 1;
    while (w && i < len) {
        size_t e = i;
        while (e < len && data[e] != '\n') e++;
        size_t a = i, b = e;
        while (a < b && (data[a] == ' ' || data[a] == '\t' || data[a] == '\r')) a++;
        for (size_t h = a; h < b; h++)
            if (data[h] == '#') { b = h; break; }
        while (b > a && (data[b - 1] == ' ' || data[b - 1] == '\t' || data[b - 1] == '\r')) b--;
        if (b > a) {
            char tok[64];
            if (b - a >= sizeof tok) {
                free(w), free(data);
                return bad("%s %s:%u: not a 32-bit hex word", what, path, line);
            }
            memcpy(tok, data + a, b - a);
            tok[b - a] = 0;
            const char *t = tok;
            if (t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) t += 2;
            size_t tl = strlen(t);
            bool ok = tl >= 1 && tl <= 8;
            for (size_t h = 0; ok && h < tl; h++)
                ok = (t[h] >= '0' && t[h] <= '9') || (t[h] >= 'a' && t[h] <= 'f') || (t[h] >= 'A' && t[h] <= 'F');
            if (!ok) {
                free(w), free(data);
                return bad("%s %s:%u: '%s' is not a 32-bit hex word", what, path, line, tok);
            }
            if (n == max_words) {
                free(w), free(data);
                return bad("%s %s: more than %u words", what, path, max_words);
            }
            if (n == cap) {
                uint32_t *nw = realloc(w, 8u * cap);
                if (!nw) break;
                w = nw;
                cap *= 2;
            }
            w[n++] = (uint32_t)strtoul(t, NULL, 16);
        }
        i = e + 1;
        line++;
    }
    free(data);
    if (!w || i < len) {
        free(w);
        return bad("%s %s: out of host memory", what, path);
    }
    if (n == 0) {
        free(w);
        return bad("%s %s: holds no words", what, path);
    }
    *words = w;
    *count = n;
    return 0;
}

static int write_words(const char *path, const buffer *b, const uint32_t *words)
{
    char err[512];
    if (has_suffix(path, ".npy")) {
        if (npy_write(path, words, b->words, b->dtype, err, sizeof err) != 0) return bad("--dump: %s", err);
        return 0;
    }
    FILE *f = fopen(path, has_suffix(path, ".hex") || has_suffix(path, ".txt") ? "w" : "wb");
    if (!f) return bad("--dump %s: %s", path, strerror(errno));
    if (has_suffix(path, ".hex") || has_suffix(path, ".txt")) {
        for (uint32_t i = 0; i < b->words; i++) fprintf(f, "%08" PRIx32 "\n", words[i]);
    } else {
        fwrite(words, 4, b->words, f);
    }
    if (fclose(f) != 0) return bad("--dump %s: write error", path);
    return 0;
}

/* ------------------------------------------------------------ options */

static int find_buf(const options *o, const char *name, size_t len)
{
    for (unsigned i = 0; i < o->nbuf; i++)
        if (strlen(o->buf[i].name) == len && strncmp(o->buf[i].name, name, len) == 0) return (int)i;
    return -1;
}

static bool is_ident(const char *s, size_t n)
{
    if (n == 0 || !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z') || s[0] == '_')) return false;
    for (size_t i = 1; i < n; i++)
        if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '_'))
            return false;
    return true;
}

/* The fields of a spec after its kind, split at ':' (at most 4). */
static int split_fields(char *s, char **f, unsigned max)
{
    unsigned n = 0;
    while (s) {
        if (n == max) return -1;
        f[n++] = s;
        char *c = strchr(s, ':');
        if (c) *c++ = 0;
        s = c;
    }
    return (int)n;
}

static uint32_t max_words_of(const options *o) { return (o->mem_bytes - RESERVED_BYTES) / 4; }

/* --buf NAME[:TYPE]=SPEC */
static int parse_buf(options *o, const char *v)
{
    char err[256];
    if (o->nbuf == MAX_BUFS) return bad("--buf: at most %u buffers", MAX_BUFS);
    const char *eq = strchr(v, '=');
    if (!eq) return bad("--buf: '%s' is not NAME=SPEC (e.g. a=zeros:1024)", v);
    const char *colon = memchr(v, ':', (size_t)(eq - v));
    size_t nlen = (size_t)((colon ? colon : eq) - v);
    if (!is_ident(v, nlen) || nlen > MAX_NAME)
        return bad("--buf: '%.*s' is not a buffer name (a letter or _, then letters, digits or _; at most %u)", (int)nlen,
                   v, MAX_NAME);
    if (find_buf(o, v, nlen) >= 0) return bad("--buf: buffer '%.*s' is defined twice", (int)nlen, v);
    buffer *b = &o->buf[o->nbuf];
    memset(b, 0, sizeof *b);
    memcpy(b->name, v, nlen);
    bool typed = false;
    if (colon) {
        size_t tl = (size_t)(eq - colon - 1);
        const char *t = colon + 1;
        if (tl == 3 && !strncmp(t, "u32", 3)) b->dtype = NPY_U32;
        else if (tl == 3 && !strncmp(t, "i32", 3)) b->dtype = NPY_I32;
        else if (tl == 3 && !strncmp(t, "f32", 3)) b->dtype = NPY_F32;
        else return bad("--buf %s: type '%.*s' is not u32, i32 or f32", b->name, (int)tl, t);
        typed = true;
    }
    const char *spec = eq + 1;
    const uint32_t maxw = max_words_of(o);
    if (!strncmp(spec, "file:", 5)) {
        npy_dtype ft = NPY_U32;
        bool ftyped = false;
        char what[64];
        snprintf(what, sizeof what, "--buf %s", b->name);
        if (!spec[5]) return bad("--buf %s: file: needs a path", b->name);
        if (read_words(spec + 5, &b->init, &b->words, &ft, &ftyped, maxw, what) != 0) return -1;
        if (ftyped && !typed) b->dtype = ft;
        o->nbuf++;
        return 0;
    }
    char copy[512];
    if (strlen(spec) >= sizeof copy) return bad("--buf %s: spec too long", b->name);
    strcpy(copy, spec);
    char *kind = copy, *rest = strchr(copy, ':');
    if (!rest) return bad("--buf %s: '%s' needs a length (e.g. zeros:1024)", b->name, spec);
    *rest++ = 0;
    char *f[4];
    int nf = split_fields(rest, f, 4);
    char opt[64];
    snprintf(opt, sizeof opt, "--buf %s", b->name);
    uint32_t n = 0;
    if (nf < 1 || parse_u32_opt(opt, f[0], 1, maxw, &n, err, sizeof err) != 0)
        return bad("%s (the length in words; device memory holds %u)", nf < 1 ? "--buf: missing length" : err, maxw);
    b->words = n;
    b->init = calloc(n, 4);
    if (!b->init) return bad("--buf %s: out of host memory", b->name);
    o->nbuf++;   /* owned from here: freed with the options */
    if (!strcmp(kind, "zeros")) {
        if (nf != 1) return bad("--buf %s: zeros takes only a length (zeros:N)", b->name);
    } else if (!strcmp(kind, "const")) {
        if (nf != 2) return bad("--buf %s: const takes a length and a value (const:N:V)", b->name);
        uint32_t w;
        int isf = 0;
        if (parse_word_opt(opt, f[1], &w, &isf, err, sizeof err) != 0) return bad("%s", err);
        for (uint32_t i = 0; i < n; i++) b->init[i] = w;
        if (isf && !typed) b->dtype = NPY_F32;
    } else if (!strcmp(kind, "iota")) {
        if (nf > 3) return bad("--buf %s: iota takes a length, a start and a step (iota:N[:START[:STEP]])", b->name);
        uint32_t start = 0, step = 1;
        int isf = 0;
        if (nf >= 2 && (parse_word_opt(opt, f[1], &start, &isf, err, sizeof err) != 0 || isf))
            return bad("%s", isf ? "iota: START is an integer" : err);
        if (nf >= 3 && (parse_word_opt(opt, f[2], &step, &isf, err, sizeof err) != 0 || isf))
            return bad("%s", isf ? "iota: STEP is an integer" : err);
        for (uint32_t i = 0; i < n; i++) b->init[i] = start + i * step;
    } else if (!strcmp(kind, "u32")) {
        if (nf != 2 && nf != 4) return bad("--buf %s: u32 takes a length, a seed and an optional range (u32:N:SEED[:LO:HI])", b->name);
        uint64_t seed;
        uint32_t lo = 0, hi = UINT32_MAX;
        if (parse_u64_opt(opt, f[1], 0, UINT64_MAX, &seed, err, sizeof err) != 0) return bad("%s", err);
        if (nf == 4 && (parse_u32_opt(opt, f[2], 0, UINT32_MAX, &lo, err, sizeof err) != 0 ||
                        parse_u32_opt(opt, f[3], 0, UINT32_MAX, &hi, err, sizeof err) != 0))
            return bad("%s", err);
        if (lo > hi) return bad("--buf %s: LO %u is above HI %u", b->name, lo, hi);
        uint64_t range = (uint64_t)hi - lo + 1, st = seed;
        for (uint32_t i = 0; i < n; i++) b->init[i] = lo + (uint32_t)(((mix64(&st) >> 32) * range) >> 32);
    } else if (!strcmp(kind, "f32")) {
        if (nf != 2 && nf != 4) return bad("--buf %s: f32 takes a length, a seed and an optional range (f32:N:SEED[:LO:HI])", b->name);
        uint64_t seed;
        float lo = -1.0f, hi = 1.0f;
        if (parse_u64_opt(opt, f[1], 0, UINT64_MAX, &seed, err, sizeof err) != 0) return bad("%s", err);
        if (nf == 4 && (parse_f32_opt(opt, f[2], &lo, err, sizeof err) != 0 || parse_f32_opt(opt, f[3], &hi, err, sizeof err) != 0))
            return bad("%s", err);
        if (!(lo < hi) || lo - lo != 0.0f || hi - hi != 0.0f)
            return bad("--buf %s: the range [%g, %g) is empty or not finite", b->name, (double)lo, (double)hi);
        uint64_t st = seed;
        for (uint32_t i = 0; i < n; i++) {
            double u = (double)(mix64(&st) >> 40) * 0x1p-24;          /* [0, 1) in steps of 2^-24 */
            float x = (float)((double)lo + ((double)hi - (double)lo) * u);
            if (!(x < hi)) x = lo;                                     /* rounding reached HI */
            b->init[i] = f32_bits(x);
        }
        if (!typed) b->dtype = NPY_F32;
    } else {
        return bad("--buf %s: unknown kind '%s' (zeros, const, iota, u32, f32 or file)", b->name, kind);
    }
    return 0;
}

static int parse_file_op(const char *opt, const char *v, file_op *op)
{
    const char *eq = strchr(v, '=');
    if (!eq || eq == v || !eq[1]) return bad("%s: '%s' is not NAME=FILE", opt, v);
    op->name = v;
    op->path = eq + 1;
    return 0;
}

static int parse_onoff(const char *opt, const char *v, bool *out)
{
    if (!strcmp(v, "on")) *out = true;
    else if (!strcmp(v, "off")) *out = false;
    else return bad("%s: '%s' is not on or off", opt, v);
    return 0;
}

static int add_args(options *o, const char *list)
{
    const char *s = list;
    for (;;) {
        const char *c = strchr(s, ',');
        size_t n = c ? (size_t)(c - s) : strlen(s);
        if (n == 0) return bad("--args: empty argument in '%s'", list);
        if (o->narg == GPU_MAX_ARGS) return bad("--arg: at most %u arguments", GPU_MAX_ARGS);
        char *t = malloc(n + 1);
        if (!t) return bad("out of host memory");
        memcpy(t, s, n);
        t[n] = 0;
        o->arg[o->narg++].text = t;
        if (!c) return 0;
        s = c + 1;
    }
}

/* Every --arg to an address, a length or a word, once the buffers are known. */
static int resolve_args(options *o)
{
    char err[256];
    for (unsigned i = 0; i < o->narg; i++) {
        argument *a = &o->arg[i];
        const char *t = a->text;
        int bi;
        if ((bi = find_buf(o, t, strlen(t))) >= 0) {
            a->kind = ARG_ADDR;
            a->buf = (unsigned)bi;
        } else if (!strncmp(t, "len:", 4)) {
            if ((bi = find_buf(o, t + 4, strlen(t + 4))) < 0)
                return bad("--arg %u: '%s' names no buffer", i, t + 4);
            a->kind = ARG_LEN;
            a->buf = (unsigned)bi;
        } else {
            a->kind = ARG_WORD;
            int isf = 0;
            if (parse_word_opt("--arg", t, &a->word, &isf, err, sizeof err) != 0) {
                if (is_ident(t, strlen(t))) {
                    char names[256] = "";
                    for (unsigned j = 0; j < o->nbuf; j++)
                        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", j ? ", " : "", o->buf[j].name);
                    return bad("--arg %u: '%s' names no buffer (buffers: %s)", i, t, o->nbuf ? names : "none");
                }
                return bad("%s", err);
            }
        }
    }
    return 0;
}

static void free_options(options *o)
{
    for (unsigned i = 0; i < o->nbuf; i++) free(o->buf[i].init);
    for (unsigned i = 0; i < o->narg; i++) free((char *)o->arg[i].text);
}

static int parse_options(int argc, char **argv, options *o)
{
    char err[256];
    int i = 1;
    /* The memory size first: buffer lengths are checked against it. */
    for (int k = 1; k + 1 < argc; k++)
        if (!strcmp(argv[k], "--mem-bytes")) {
            if (parse_u32_opt("--mem-bytes", argv[k + 1], 1u << 16, 1u << 30, &o->mem_bytes, err, sizeof err) != 0)
                return bad("%s", err);
            if (o->mem_bytes & (o->mem_bytes - 1)) return bad("--mem-bytes: %u is not a power of two", o->mem_bytes);
        }
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            exit(0);
        }
        if (!strcmp(a, "--quiet")) {
            o->quiet = true;
            continue;
        }
        if (a[0] != '-' || !a[1]) {
            if (o->kernel) return bad("two kernels given: '%s' and '%s'", o->kernel, a);
            o->kernel = a;
            continue;
        }
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        bool known = true;
#define NUM32(opt, field, lo, hi) \
    else if (!strcmp(a, opt)) { if (!v) break; if (parse_u32_opt(opt, v, lo, hi, &o->field, err, sizeof err) != 0) return bad("%s", err); }
#define NUM64(opt, field, lo, hi) \
    else if (!strcmp(a, opt)) { if (!v) break; if (parse_u64_opt(opt, v, lo, hi, &o->field, err, sizeof err) != 0) return bad("%s", err); }
        if (0) {}
        NUM32("--groups", groups, 1, 65535)
        NUM32("--waves", waves, 1, 2)
        NUM32("--lds", lds, 0, 65536)
        NUM32("--cus", cus, 1, 8)
        NUM32("--latency", latency, 1, 1000000)
        NUM32("--dram-channels", dram_channels, 1, 16)
        NUM32("--dram-bpc", dram_bpc, 1, 64)
        NUM64("--jitter", jitter, 0, UINT64_MAX)
        NUM64("--max-cycles", max_cycles, 1, UINT64_MAX)
        NUM64("--trace-start", trace_start, 0, UINT64_MAX)
        NUM32("--trace-depth", trace_depth, 0, 99)
        else if (!strcmp(a, "--mem-bytes")) { if (!v) break; }
        else if (!strcmp(a, "--timeline-every")) {
            if (!v) break;
            if (parse_u64_opt(a, v, 1, UINT64_MAX, &o->timeline_every, err, sizeof err) != 0) return bad("%s", err);
            o->timeline_every_given = true;
        }
        else if (!strcmp(a, "--trace-end")) {
            if (!v) break;
            if (parse_u64_opt(a, v, 0, UINT64_MAX, &o->trace_end, err, sizeof err) != 0) return bad("%s", err);
            o->trace_end_given = true;
        } else if (!strcmp(a, "--backend")) {
            if (!v) break;
            if (!strcmp(v, "rtl")) o->backend = GPU_BACKEND_RTL;
            else if (!strcmp(v, "golden")) o->backend = GPU_BACKEND_GOLDEN;
            else return bad("--backend: '%s' is not rtl or golden", v);
        } else if (!strcmp(a, "--lockstep")) {
            if (!v) break;
            if (parse_onoff(a, v, &o->lockstep) != 0) return -1;
        } else if (!strcmp(a, "--golden-check")) {
            if (!v) break;
            if (parse_onoff(a, v, &o->golden_check) != 0) return -1;
        } else if (!strcmp(a, "--fst")) {
            if (!v) break;
            if (!*v) return bad("--fst: empty path");
            o->fst = v;
        } else if (!strcmp(a, "--buf")) {
            if (!v) break;
            if (parse_buf(o, v) != 0) return -1;
        } else if (!strcmp(a, "--arg")) {
            if (!v) break;
            if (!*v) return bad("--arg: empty argument");
            if (strchr(v, ',')) return bad("--arg: '%s' holds a comma; use --args for a list", v);
            if (add_args(o, v) != 0) return -1;
        } else if (!strcmp(a, "--args")) {
            if (!v) break;
            if (add_args(o, v) != 0) return -1;
        } else if (!strcmp(a, "--stats")) {
            if (!v) break;
            if (!*v) return bad("--stats: empty path");
            o->stats = v;
        } else if (!strcmp(a, "--timeline")) {
            if (!v) break;
            if (!*v) return bad("--timeline: empty path");
            o->timeline = v;
        } else if (!strcmp(a, "--mem-error")) {
            if (!v) break;
            o->mem_error = v;
        } else if (!strcmp(a, "--expect-fault")) {
            if (!v) break;
            o->expect_fault = -1;
            for (unsigned f = 1; f < ISA_FAULT_COUNT; f++)
                if (!strcmp(v, isa_fault_name(f))) o->expect_fault = (int)f;
            if (o->expect_fault < 0) {
                char names[1024] = "";
                for (unsigned f = 1; f < ISA_FAULT_COUNT; f++)
                    snprintf(names + strlen(names), sizeof names - strlen(names), " %s", isa_fault_name(f));
                return bad("--expect-fault: '%s' is no fault; the faults:%s", v, names);
            }
        } else if (!strcmp(a, "--dump")) {
            if (!v) break;
            if (o->ndump == MAX_BUFS) return bad("--dump: at most %u", MAX_BUFS);
            if (parse_file_op(a, v, &o->dump[o->ndump++]) != 0) return -1;
        } else if (!strcmp(a, "--expect")) {
            if (!v) break;
            if (o->nexpect == MAX_BUFS) return bad("--expect: at most %u", MAX_BUFS);
            if (parse_file_op(a, v, &o->expect[o->nexpect++]) != 0) return -1;
        } else known = false;
#undef NUM32
#undef NUM64
        if (!known) return bad("unknown option '%s' (wgrun --help lists them)", a);
        i++;
    }
    if (i < argc) return bad("%s needs a value", argv[i]);
    if (!o->kernel) {
        usage(stderr);
        return -1;
    }
    if (o->backend == GPU_BACKEND_RTL && o->cus > rtl_backend_max_cus())
        return bad("--cus: %u is more than the model's NumCus %u", o->cus, rtl_backend_max_cus());
    if (o->lds % 4) return bad("--lds: %u is not a multiple of 4", o->lds);
    if (o->fst && o->backend != GPU_BACKEND_RTL) return bad("--fst: waves come from the RTL; use --backend rtl");
    if (o->timeline && o->backend != GPU_BACKEND_RTL) return bad("--timeline: the timeline comes from the RTL; use --backend rtl");
    if (o->timeline_every_given && !o->timeline) return bad("--timeline-every: no --timeline given");
    if (o->mem_error && o->backend != GPU_BACKEND_RTL) return bad("--mem-error: the golden model has no memory port; use --backend rtl");
    if (!o->trace_end_given) o->trace_end = o->trace_start + DEFAULT_TRACE_CYCLES;
    if (o->trace_end_given && !o->fst) return bad("--trace-end: no --fst given");
    if (o->trace_end != 0 && o->trace_end <= o->trace_start)
        return bad("--trace-end %" PRIu64 " is not after --trace-start %" PRIu64 " (0: trace to the end)", o->trace_end,
                   o->trace_start);
    /* Names given to --dump and --expect must be buffers. */
    for (unsigned k = 0; k < o->ndump + o->nexpect; k++) {
        file_op *op = k < o->ndump ? &o->dump[k] : &o->expect[k - o->ndump];
        size_t n = (size_t)(strchr(op->name, '=') - op->name);
        if (find_buf(o, op->name, n) < 0)
            return bad("%s: '%.*s' names no buffer", k < o->ndump ? "--dump" : "--expect", (int)n, op->name);
    }
    uint64_t total = RESERVED_BYTES;
    for (unsigned k = 0; k < o->nbuf; k++) total += ((uint64_t)o->buf[k].words * 4 + 255) & ~255ull;
    if (total > o->mem_bytes)
        return bad("the buffers need %" PRIu64 " bytes of device memory (with %u reserved), more than its %u (--mem-bytes)",
                   total, RESERVED_BYTES, o->mem_bytes);
    return resolve_args(o);
}

/* ------------------------------------------------------------ one run */

typedef struct {
    gpu_status st;           /* GPU_OK, or why the run failed */
    char why[2048];
    uint32_t *after[MAX_BUFS];
    gpu_counters ctr;
    double seconds;
    bool ran;                /* the launch was waited for: counters valid */
    gpu_result res;
} outcome;

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static gpu_status load_kernel(const options *o, gpu_device *dev, gpu_kernel **k, const uint8_t *src, size_t len)
{
    if (has_suffix(o->kernel, ".wgk")) return gpu_kernel_load(dev, src, len, k);
    return gpu_kernel_assemble(dev, (const char *)src, len, o->kernel, k);
}

static void run_on(const options *o, gpu_backend_kind be, const uint8_t *src, size_t len, outcome *r)
{
    memset(r, 0, sizeof *r);
    gpu_config cfg;
    gpu_config_default(&cfg);
    cfg.backend = be;
    cfg.num_cus = o->cus;
    cfg.mem_bytes = o->mem_bytes;
    cfg.mem_latency = o->latency;
    cfg.max_cycles = o->max_cycles;
    cfg.dram_channels = o->dram_channels;
    cfg.dram_bytes_per_cycle = o->dram_bpc;
    cfg.dram_jitter_seed = o->jitter;
    gpu_device *dev = NULL;
    gpu_kernel *k = NULL;
    gpu_addr addr[MAX_BUFS];
    uint32_t args[GPU_MAX_ARGS];
    if ((r->st = gpu_open(&cfg, &dev, r->why, sizeof r->why)) != GPU_OK) return;
    if ((r->st = load_kernel(o, dev, &k, src, len)) != GPU_OK) goto fail;
    for (unsigned i = 0; i < o->nbuf; i++) {
        if ((r->st = gpu_alloc(dev, 4 * o->buf[i].words, &addr[i])) != GPU_OK ||
            (r->st = gpu_write(dev, addr[i], o->buf[i].init, 4 * o->buf[i].words)) != GPU_OK)
            goto fail;
    }
    for (unsigned i = 0; i < o->narg; i++) {
        const argument *a = &o->arg[i];
        args[i] = a->kind == ARG_ADDR ? addr[a->buf] : a->kind == ARG_LEN ? o->buf[a->buf].words : a->word;
    }
    gpu_launch_params p = { .num_groups = o->groups, .waves_per_group = o->waves, .lds_bytes = o->lds,
                            .args = args, .num_args = o->narg };
    if ((r->st = gpu_launch(dev, k, &p)) != GPU_OK) goto fail;
    double t0 = now_s();
    r->st = gpu_wait(dev, &r->res);
    r->seconds = now_s() - t0;
    r->ran = gpu_read_counters(dev, &r->ctr) == GPU_OK;
    if (r->st != GPU_OK) goto fail;
    for (unsigned i = 0; i < o->nbuf; i++) {
        r->after[i] = malloc(4 * (size_t)o->buf[i].words);
        if (!r->after[i]) {
            r->st = GPU_ERR_NOMEM;
            snprintf(r->why, sizeof r->why, "out of host memory");
            break;
        }
        if ((r->st = gpu_read(dev, r->after[i], addr[i], 4 * o->buf[i].words)) != GPU_OK) goto fail;
    }
    goto done;
fail:
    snprintf(r->why, sizeof r->why, "%s", gpu_last_error(dev));
done:
    gpu_kernel_free(k);
    gpu_close(dev);     /* also closes the FST */
}

static void free_outcome(outcome *r)
{
    for (unsigned i = 0; i < MAX_BUFS; i++) free(r->after[i]);
}

static void show_word(char *s, size_t n, uint32_t w, npy_dtype t)
{
    if (t == NPY_F32) snprintf(s, n, "0x%08" PRIx32 " (%.9g)", w, (double)to_f32(w));
    else if (t == NPY_I32) snprintf(s, n, "0x%08" PRIx32 " (%" PRId32 ")", w, (int32_t)w);
    else snprintf(s, n, "0x%08" PRIx32 " (%" PRIu32 ")", w, w);
}

/* Bit-exact comparison; prints one line. */
static bool compare(const char *what, const buffer *b, const uint32_t *exp, const uint32_t *got)
{
    uint32_t nbad = 0, first = 0;
    for (uint32_t i = 0; i < b->words; i++)
        if (exp[i] != got[i]) {
            if (!nbad) first = i;
            nbad++;
        }
    if (!nbad) {
        printf("check      %s: %u words equal\n", what, b->words);
        return true;
    }
    char e[64], g[64];
    show_word(e, sizeof e, exp[first], b->dtype);
    show_word(g, sizeof g, got[first], b->dtype);
    printf("check      %s: word %u (byte offset 0x%x): expected %s, got %s (%u of %u words differ)\n", what, first,
           4 * first, e, g, nbad, b->words);
    return false;
}

/* ------------------------------------------------------------ --stats */

/* Every field of gpu_counters, in order (the assertion catches a new one). */
#define COUNTER_FIELDS(X) X(cycles) X(instructions) X(lane_ops) X(valu_insts) X(salu_insts) X(xlane_insts) \
    X(red_insts) X(branch_insts) X(sig_insts) X(lds_insts) X(gmem_insts) X(lds_accesses) X(lds_conflict_cycles) \
    X(global_loads) X(global_stores) X(global_atomics) X(mem_requests) X(mem_stall_cycles) X(l1_hits) X(l1_misses) \
    X(l1_evictions) X(l2_hits) X(l2_misses) X(l2_evictions) X(l2_atomics) X(dram_bytes_read) X(dram_bytes_written) \
    X(barriers) X(stall_dependency) X(stall_memory) X(stall_barrier) X(stall_lds) X(stall_fetch) X(groups)
#define COUNT_FIELD(f) +1
_Static_assert(sizeof(gpu_counters) == (0 COUNTER_FIELDS(COUNT_FIELD)) * sizeof(uint64_t),
               "gpu_counters has a field that --stats does not write");
#undef COUNT_FIELD

/* The run's figures as key=value lines: the configuration, the result, the
 * counters of the host API (sums over the CUs, cycles the launch's), and on
 * the RTL every counter of every CU (cuN.<name>, rtl/gpu_ctr_pkg.sv), the
 * DRAM model's view and the simulation speed. */
static int write_stats(const options *o, const outcome *r, uint32_t waves, uint32_t lds, bool pass)
{
    FILE *f = fopen(o->stats, "w");
    if (!f) return bad("--stats %s: %s", o->stats, strerror(errno));
    const bool rtl = o->backend == GPU_BACKEND_RTL;
    fprintf(f, "# wgrun --stats: %s\n", o->kernel);
    fprintf(f, "kernel=%s\nbackend=%s\nresult=%s\nstatus=%s\n", o->kernel, rtl ? "rtl" : "golden", pass ? "PASS" : "FAIL",
            gpu_status_name(r->st));
    fprintf(f, "num_cus=%u\ngroups_launched=%u\nwaves_per_group=%u\nlds_bytes=%u\n", o->cus, o->groups, waves, lds);
    fprintf(f, "mem_latency=%u\ndram_channels=%u\ndram_bytes_per_cycle=%u\ndram_peak_bytes_per_cycle=%u\njitter=%" PRIu64 "\n",
            o->latency, o->dram_channels, o->dram_bpc, o->dram_channels * o->dram_bpc, o->jitter);
    fprintf(f, "lockstep=%s\nwall_seconds=%.6f\n", rtl && o->lockstep ? "on" : "off", r->seconds);
    if (r->ran) {
#define WRITE_FIELD(x) fprintf(f, #x "=%" PRIu64 "\n", r->ctr.x);
        COUNTER_FIELDS(WRITE_FIELD)
#undef WRITE_FIELD
    }
    rtl_run_stats s;
    if (rtl && r->ran && rtl_backend_last_run(&s)) {
        fprintf(f, "sim_cycles=%" PRIu64 "\nsim_wall_seconds=%.6f\nsim_cycles_per_second=%.1f\n", s.cycles, s.wall_seconds,
                s.wall_seconds > 0 ? (double)s.cycles / s.wall_seconds : 0.0);
        fprintf(f, "dram_model_read_bytes=%" PRIu64 "\ndram_model_write_bytes=%" PRIu64 "\ndram_model_read_bursts=%" PRIu64
                "\ndram_model_write_bursts=%" PRIu64 "\ntraced_cycles=%" PRIu64 "\ninitial_state=%s\n",
                s.dram_read_bytes, s.dram_write_bytes, s.dram_read_bursts, s.dram_write_bursts, s.traced_cycles,
                s.initial_state);
        for (unsigned c = 0; c < s.num_cus; c++)
            for (unsigned i = 0; i < rtl_backend_num_ctrs(); i++)
                fprintf(f, "cu%u.%s=%" PRIu64 "\n", c, rtl_backend_ctr_name(i), s.ctr[c][i]);
    }
    if (fclose(f) != 0) return bad("--stats %s: write error", o->stats);
    return 0;
}

/* ------------------------------------------------------------ main */

/* The "# run:" lines of a kernel source (each line that starts, after
 * blanks, with "# run:"). Returns how many there are; when words is not NULL
 * (room for len + 1 bytes) it receives the text after each "# run:",
 * space-separated and 0-terminated. */
static unsigned run_lines(const uint8_t *src, size_t len, char *words)
{
    size_t w = 0;
    unsigned lines = 0;
    for (size_t i = 0; i < len;) {
        size_t e = i;
        while (e < len && src[e] != '\n') e++;
        size_t a = i;
        while (a < e && (src[a] == ' ' || src[a] == '\t')) a++;
        if (e - a >= 6 && !memcmp(src + a, "# run:", 6)) {
            if (words) {
                for (size_t k = a + 6; k < e; k++) words[w++] = src[k] == '\t' || src[k] == '\r' ? ' ' : (char)src[k];
                words[w++] = ' ';
            }
            lines++;
        }
        i = e + 1;
    }
    if (words) words[w] = 0;
    return lines;
}

/* --header: the words of every "# run:" line of the kernel source, placed
 * before the command line's own options (which may add to them, or override
 * a number). Returns the new argument vector (malloc'ed, words owned by
 * *store), or NULL after a message. */
static char **header_argv(int argc, char **argv, int *nargc, char **store)
{
    const char *kernel = NULL;
    for (int i = 1; i < argc; i++)
        if (argv[i][0] != '-') {
            kernel = argv[i];
            break;
        } else if (strcmp(argv[i], "--header") && strcmp(argv[i], "--quiet") && strcmp(argv[i], "--help")) {
            i++;   /* an option's value */
        }
    if (!kernel) {
        bad("--header: no kernel given");
        return NULL;
    }
    if (!has_suffix(kernel, ".s")) {
        bad("--header: %s is not assembly source (.s): only a source carries '# run:' lines", kernel);
        return NULL;
    }
    uint8_t *src = NULL;
    size_t len = 0;
    if (read_whole(kernel, &src, &len, MAX_SOURCE_BYTES, "kernel") != 0) return NULL;
    char *words = malloc(len + 1);
    unsigned lines = words ? run_lines(src, len, words) : 0;
    free(src);
    if (!words) {
        bad("out of host memory");
        return NULL;
    }
    if (!lines) {
        free(words);
        bad("%s has no '# run:' line: add one to its header comment with the wgrun options of a run, e.g.\n"
            "  # run: --groups 4 --buf out=zeros:128 --buf in=iota:128 --args out,in", kernel);
        return NULL;
    }
    char **nv = malloc(sizeof(char *) * ((size_t)argc + strlen(words) / 2 + 2));
    if (!nv) {
        free(words);
        bad("out of host memory");
        return NULL;
    }
    int n = 0;
    nv[n++] = argv[0];
    for (char *t = strtok(words, " "); t; t = strtok(NULL, " ")) nv[n++] = t;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--header")) nv[n++] = argv[i];
    nv[n] = NULL;
    *nargc = n;
    *store = words;
    bool quiet = false;
    for (int i = 1; i < n; i++) quiet |= !strcmp(nv[i], "--quiet");
    if (!quiet) {
        printf("wgrun: the run line of %s:", kernel);
        for (int i = 1; i < n; i++) printf(" %s", nv[i]);
        printf("\n");
    }
    return nv;
}


int main(int argc, char **argv)
{
    options o;
    memset(&o, 0, sizeof o);
    o.backend = GPU_BACKEND_RTL;
    o.lockstep = true;
    o.golden_check = true;
    o.groups = 1;
    o.cus = 4;
    o.latency = 100;
    o.dram_channels = 4;
    o.dram_bpc = 4;
    o.mem_bytes = 16u << 20;
    o.max_cycles = 200000000ull;
    o.timeline_every = 256;
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    char **hv = NULL, *hstore = NULL;
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--header")) {
            if (!(hv = header_argv(argc, argv, &argc, &hstore))) return 2;
            argv = hv;
            break;
        }
    if (parse_options(argc, argv, &o) != 0) {
        free_options(&o);
        free(hv);
        free(hstore);
        return 2;
    }
    uint8_t *src = NULL;
    size_t len = 0;
    if (read_whole(o.kernel, &src, &len, MAX_SOURCE_BYTES, "kernel") != 0) {
        free_options(&o);
        free(hv);
        free(hstore);
        return 2;
    }
    /* The kernel, parsed once here: a bad one is bad input (exit 2), and the
     * header line shows its declared waves and LDS. */
    kbin kb;
    char kerr[1024];
    int kr = has_suffix(o.kernel, ".wgk") ? kbin_parse(src, len, &kb, kerr, sizeof kerr)
                                          : asm_assemble((const char *)src, len, o.kernel, &kb, kerr, sizeof kerr);
    if (kr != 0) {
        fprintf(stderr, "wgrun: %s\n", kerr);
        free(src);
        free_options(&o);
        free(hv);
        free(hstore);
        return 2;
    }
    /* A source with a run line, run without it and without buffers or
     * arguments: most likely the user meant --header (the kernel then reads
     * zero arguments, and may run to --max-cycles). */
    if (!hv && o.nbuf == 0 && o.narg == 0 && has_suffix(o.kernel, ".s")) {
        if (run_lines(src, len, NULL))
            fprintf(stderr, "wgrun: note: %s has a '# run:' line, which only --header uses; "
                            "this run has no buffers and no arguments\n", o.kernel);
    }
    const uint32_t waves = o.waves ? o.waves : kb.waves_per_group, lds = o.lds ? o.lds : kb.lds_bytes;
    const uint32_t ninsts = kb.num_insts;
    kbin_free(&kb);
    if (o.backend == GPU_BACKEND_RTL) setenv("WAVEGPU_LOCKSTEP", o.lockstep ? "1" : "0", 1);
    if (o.mem_error) setenv("WAVEGPU_MEM_ERROR", o.mem_error, 1);
    const bool rtl = o.backend == GPU_BACKEND_RTL;
    if (!o.quiet) {
        printf("wgrun: %s (%u instructions) on the %s: %u groups x %u wave%s, %u LDS bytes per group; %u CUs", o.kernel,
               ninsts, rtl ? "RTL" : "golden model", o.groups, waves, waves == 1 ? "" : "s", lds, o.cus);
        if (rtl)
            printf(" (NumCus %u); DRAM: latency %u%s, %u channels x %u bytes/cycle; lockstep %s", rtl_backend_max_cus(),
                   o.latency, o.jitter ? " + jitter" : "", o.dram_channels, o.dram_bpc, o.lockstep ? "on" : "off");
        printf("\n");
        for (unsigned i = 0; i < o.nbuf; i++)
            printf("buffer     %-12s %u words (%s)\n", o.buf[i].name, o.buf[i].words, npy_dtype_name(o.buf[i].dtype));
        fflush(stdout);
    }
    if (o.fst) {
        rtl_trace_config t = { .path = o.fst, .start = o.trace_start, .end = o.trace_end, .depth = o.trace_depth };
        rtl_backend_set_trace(&t);
    }
    if (o.timeline) {
        rtl_timeline_config t = { .path = o.timeline, .every = o.timeline_every };
        rtl_backend_set_timeline(&t);
    }
    outcome r, g;
    memset(&g, 0, sizeof g);
    run_on(&o, o.backend, src, len, &r);
    bool ok = r.st == GPU_OK;
    int status = 0;
    bool faulted_as_expected = false;
    if (o.expect_fault > 0) {
        faulted_as_expected = r.st == GPU_ERR_FAULT && r.res.fault == (unsigned)o.expect_fault;
        if (r.st == GPU_OK) printf("check      expected fault %s: the run ended without a fault\n", isa_fault_name((unsigned)o.expect_fault));
    }
    if (r.st == GPU_ERR_KERNEL || r.st == GPU_ERR_ARG || r.st == GPU_ERR_NOMEM || r.st == GPU_ERR_RANGE) {
        /* The kernel or the launch was rejected before anything ran: bad input. */
        fprintf(stderr, "wgrun: %s\n", r.why);
        status = 2;
    } else if (faulted_as_expected) {
        printf("check      expected fault %s: %s\n", isa_fault_name((unsigned)o.expect_fault), r.why);
    } else if (!ok) {
        printf("%-10s %s: %s\n", r.st == GPU_ERR_FAULT ? "fault" : r.st == GPU_ERR_TIMEOUT ? "timeout" : "error",
               gpu_status_name(r.st), r.why);
    }
    rtl_run_stats s;
    if (!o.quiet && status == 0) {
        if (rtl && rtl_backend_last_run(&s)) {
            sim_report_rtl(&s, &r.ctr);
            if (o.fst) {
                struct stat sb;
                if (stat(o.fst, &sb) == 0)
                    printf("waves      %s: %.1f MB, %" PRIu64 " cycles from cycle %" PRIu64 " (1 cycle = 10 ns); GTKWave: "
                           "gtkwave %s waves/gpu.gtkw\n",
                           o.fst, (double)sb.st_size / 1e6, s.traced_cycles, o.trace_start, o.fst);
            }
        } else if (!rtl && r.ran) {
            sim_report_golden(&r.ctr, o.cus, r.seconds);
        }
    }
    const bool memory_fault = o.expect_fault == ISA_FAULT_MEM_READ_ERROR || o.expect_fault == ISA_FAULT_MEM_WRITE_ERROR;
    if (faulted_as_expected && rtl && o.golden_check && !memory_fault) {
        /* The golden model alone must fault the same way. */
        run_on(&o, GPU_BACKEND_GOLDEN, src, len, &g);
        if (g.st == GPU_ERR_FAULT && g.res.fault == r.res.fault && g.res.pc == r.res.pc)
            printf("check      the golden model alone faults the same way at pc %u\n", g.res.pc);
        else {
            printf("check      the golden model alone: %s: %s\n", gpu_status_name(g.st), g.st == GPU_OK ? "no fault" : g.why);
            faulted_as_expected = false;
        }
    }
    if (o.expect_fault > 0) ok = faulted_as_expected;
    if (ok && rtl && o.golden_check && o.expect_fault <= 0) {
        run_on(&o, GPU_BACKEND_GOLDEN, src, len, &g);
        if (g.st != GPU_OK) {
            printf("golden run %s: %s\n", gpu_status_name(g.st), g.why);
            ok = false;
        } else {
            for (unsigned i = 0; i < o.nbuf; i++) {
                char what[96];
                snprintf(what, sizeof what, "%s vs golden model", o.buf[i].name);
                ok &= compare(what, &o.buf[i], g.after[i], r.after[i]);
            }
        }
    }
    if (r.st == GPU_OK) {
        for (unsigned k = 0; k < o.ndump; k++) {
            size_t n = (size_t)(strchr(o.dump[k].name, '=') - o.dump[k].name);
            int bi = find_buf(&o, o.dump[k].name, n);
            if (write_words(o.dump[k].path, &o.buf[bi], r.after[bi]) != 0) ok = false;
            else printf("dump       %s -> %s\n", o.buf[bi].name, o.dump[k].path);
        }
        for (unsigned k = 0; k < o.nexpect; k++) {
            size_t n = (size_t)(strchr(o.expect[k].name, '=') - o.expect[k].name);
            int bi = find_buf(&o, o.expect[k].name, n);
            uint32_t *exp = NULL, cnt = 0;
            npy_dtype t;
            bool typed;
            char what[96];
            snprintf(what, sizeof what, "--expect %s", o.buf[bi].name);
            if (read_words(o.expect[k].path, &exp, &cnt, &t, &typed, max_words_of(&o), what) != 0) {
                ok = false;
                if (!status) status = 2;
                continue;
            }
            if (cnt != o.buf[bi].words) {
                printf("check      %s vs %s: the file holds %u words, the buffer %u\n", o.buf[bi].name,
                       o.expect[k].path, cnt, o.buf[bi].words);
                ok = false;
            } else {
                snprintf(what, sizeof what, "%s vs %s", o.buf[bi].name, o.expect[k].path);
                ok &= compare(what, &o.buf[bi], exp, r.after[bi]);
            }
            free(exp);
        }
    }
    if (o.stats && status != 2) {
        if (write_stats(&o, &r, waves, lds, ok) != 0) ok = false;
        else if (!o.quiet) printf("stats      %s\n", o.stats);
    }
    if (o.timeline && r.ran && !o.quiet) printf("timeline   %s: every %" PRIu64 " cycles\n", o.timeline, o.timeline_every);
    printf("%s %s\n", ok && !status ? "PASS" : "FAIL", o.kernel);
    free_outcome(&r);
    free_outcome(&g);
    free(src);
    free_options(&o);
    free(hv);
    free(hstore);
    return status ? status : ok ? 0 : 1;
}
