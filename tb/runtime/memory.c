/* SPDX-License-Identifier: Apache-2.0 */
/* gpu_alloc, gpu_write, gpu_read and gpu_fill: ranges, alignment, errors. */
#include "runtime_test.h"

/* ------------------------------------------------------------ gpu_alloc */

void test_alloc(void)
{
    {
        gpu_device *dev = open_dev("alloc_open", 1, SMALL_MEM);
        if (!dev) return;
        if (selected("alloc_zero_bytes")) {
            check_case c;
            chk_begin(&c, "alloc_zero_bytes");
            gpu_addr a = 0xABCD;
            chk_status(&c, "gpu_alloc(0 bytes)", gpu_alloc(dev, 0, &a), GPU_ERR_ARG, dev);
            chk_msg(&c, "the message", gpu_last_error(dev), "gpu_alloc", "0 bytes", NULL);
            case_end(&c);
        }
        if (selected("alloc_null_addr")) {
            check_case c;
            chk_begin(&c, "alloc_null_addr");
            chk_status(&c, "gpu_alloc(addr NULL)", gpu_alloc(dev, 64, NULL), GPU_ERR_ARG, dev);
            chk_msg(&c, "the message", gpu_last_error(dev), "gpu_alloc", "addr", NULL);
            case_end(&c);
        }
        if (selected("alloc_alignment_and_guard")) {
            /* 256-byte aligned, above the 4 KiB null guard, inside memory, disjoint. */
            check_case c;
            chk_begin(&c, "alloc_alignment_and_guard");
            static const uint32_t sizes[] = { 1, 255, 256, 257, 1000, 4 };
            gpu_addr at[6];
            for (unsigned i = 0; i < 6; i++) {
                gpu_status st = gpu_alloc(dev, sizes[i], &at[i]);
                chk_status(&c, "gpu_alloc", st, GPU_OK, dev);
                if (st != GPU_OK) break;
                if (at[i] % 256) case_fail(&c, "allocation %u at 0x%" PRIx32 " is not 256-byte aligned", i, at[i]);
                if (at[i] < 4096) case_fail(&c, "allocation %u at 0x%" PRIx32 " is in the null guard", i, at[i]);
                if ((uint64_t)at[i] + sizes[i] > SMALL_MEM)
                    case_fail(&c, "allocation %u at 0x%" PRIx32 " ends outside memory", i, at[i]);
                for (unsigned j = 0; j < i; j++)
                    if (at[i] < at[j] + sizes[j] && at[j] < at[i] + sizes[i])
                        case_fail(&c, "allocations %u and %u overlap", j, i);
            }
            case_end(&c);
        }
        gpu_close(dev);
    }

    if (selected("alloc_too_big_leaves_room")) {
        check_case c;
        chk_begin(&c, "alloc_too_big_leaves_room");
        gpu_device *dev = open_dev(c.name, 1, SMALL_MEM);
        if (!dev) return;
        gpu_addr a = 0;
        chk_status(&c, "gpu_alloc(1 GiB) on a 64 KiB device", gpu_alloc(dev, 0x40000000u, &a), GPU_ERR_NOMEM, dev);
        chk_msg(&c, "the message", gpu_last_error(dev), "gpu_alloc", NULL);
        chk_status(&c, "gpu_alloc(0xFFFFFFFF)", gpu_alloc(dev, 0xFFFFFFFFu, &a), GPU_ERR_NOMEM, dev);
        chk_status(&c, "gpu_alloc(1 KiB) after the failures", gpu_alloc(dev, 1024, &a), GPU_OK, dev);
        gpu_close(dev);
        case_end(&c);
    }

    if (selected("alloc_exhaustion_device_still_works")) {
        check_case c;
        chk_begin(&c, "alloc_exhaustion_device_still_works");
        gpu_device *dev = open_dev(c.name, 1, SMALL_MEM);
        if (!dev) return;
        gpu_addr first = 0, last = 0, a = 0;
        unsigned n = 0;
        gpu_status st = GPU_OK;
        while (n < 100 && (st = gpu_alloc(dev, 1024, &a)) == GPU_OK) {
            if (!n) first = a;
            last = a;
            n++;
        }
        chk_status(&c, "gpu_alloc when memory is exhausted", st, GPU_ERR_NOMEM, dev);
        if (st == GPU_ERR_NOMEM) chk_msg(&c, "the message", gpu_last_error(dev), "gpu_alloc", NULL);
        /* 60 KiB lie above the null guard; the runtime may keep a little for itself. */
        if (n < 48 || n > 60) case_fail(&c, "%u allocations of 1 KiB fit in 64 KiB, expected 48..60", n);
        chk_status(&c, "a second gpu_alloc when exhausted", gpu_alloc(dev, 1024, &a), GPU_ERR_NOMEM, dev);
        if (n) {
            /* The first and the last allocation are usable by host and kernel. */
            uint32_t pat = 0x600DF00Du, got = 0;
            chk_status(&c, "gpu_write into the last allocation", gpu_write(dev, last + 1020, &pat, 4), GPU_OK, dev);
            chk_status(&c, "gpu_read back", gpu_read(dev, &got, last + 1020, 4), GPU_OK, dev);
            if (got != pat) case_fail(&c, "read back 0x%08" PRIx32 ", wrote 0x%08" PRIx32, got, pat);
            chk_device_works(&c, dev, first);
            chk_device_works(&c, dev, last);
        }
        gpu_close(dev);
        case_end(&c);
    }
}

/* ------------------------------------------------------------ gpu_write / gpu_read / gpu_fill */

void test_memory(void)
{
    gpu_device *dev = open_dev("memory_open", 1, SMALL_MEM);
    if (!dev) return;
    const uint32_t end = SMALL_MEM;
    uint32_t mark = 0x11223344u, two[2] = { 0xAAAAAAAAu, 0xBBBBBBBBu }, got = 0;
    gpu_addr a = 0;
    gpu_alloc(dev, 256, &a);

    /* Puts `mark` in the last word of memory, to see that rejected calls leave it. */
    gpu_status st0 = gpu_write(dev, end - 4, &mark, 4);
#define LAST_WORD_UNCHANGED(c)                                                                          \
    do {                                                                                                \
        got = 0;                                                                                        \
        if (gpu_read(dev, &got, end - 4, 4) != GPU_OK || got != mark)                                   \
            case_fail(c, "the last word of memory is 0x%08" PRIx32 ", expected 0x%08" PRIx32 " (a rejected " \
                     "call wrote it)", got, mark);                                                      \
    } while (0)

    check_case c;
    if (selected("write_at_end_of_memory")) {
        chk_begin(&c, "write_at_end_of_memory");
        chk_status(&c, "gpu_write(mem_bytes - 4, 4 bytes)", st0, GPU_OK, dev);
        LAST_WORD_UNCHANGED(&c);
        chk_status(&c, "gpu_write(mem_bytes, 0 bytes)", gpu_write(dev, end, &mark, 0), GPU_OK, dev);
        case_end(&c);
    }
    if (selected("write_out_of_range")) {
        chk_begin(&c, "write_out_of_range");
        chk_status(&c, "gpu_write(mem_bytes - 4, 8 bytes)", gpu_write(dev, end - 4, two, 8), GPU_ERR_RANGE, dev);
        chk_msg(&c, "the message", gpu_last_error(dev), "gpu_write", NULL);
        LAST_WORD_UNCHANGED(&c);
        chk_status(&c, "gpu_write(mem_bytes, 4 bytes)", gpu_write(dev, end, two, 4), GPU_ERR_RANGE, dev);
        chk_status(&c, "gpu_write(0xFFFFFFF0, 32 bytes) (wraps)", gpu_write(dev, 0xFFFFFFF0u, two, 32),
                   GPU_ERR_RANGE, dev);
        chk_status(&c, "gpu_write(4096, 0xFFFFFFFF bytes)", gpu_write(dev, 4096, two, 0xFFFFFFFFu), GPU_ERR_RANGE,
                   dev);
        case_end(&c);
    }
    if (selected("write_null_src")) {
        chk_begin(&c, "write_null_src");
        chk_status(&c, "gpu_write(src NULL)", gpu_write(dev, a, NULL, 4), GPU_ERR_ARG, dev);
        chk_msg(&c, "the message", gpu_last_error(dev), "gpu_write", "src", NULL);
        case_end(&c);
    }
    if (selected("read_out_of_range")) {
        chk_begin(&c, "read_out_of_range");
        uint32_t dst[2] = { 0x5A5A5A5Au, 0x5A5A5A5Au };
        chk_status(&c, "gpu_read(mem_bytes - 4, 8 bytes)", gpu_read(dev, dst, end - 4, 8), GPU_ERR_RANGE, dev);
        chk_msg(&c, "the message", gpu_last_error(dev), "gpu_read", NULL);
        if (dst[0] != 0x5A5A5A5Au || dst[1] != 0x5A5A5A5Au) case_fail(&c, "a rejected gpu_read wrote the host buffer");
        chk_status(&c, "gpu_read(0xFFFFFFFC, 8 bytes) (wraps)", gpu_read(dev, dst, 0xFFFFFFFCu, 8), GPU_ERR_RANGE,
                   dev);
        chk_status(&c, "gpu_read(mem_bytes - 4, 4 bytes)", gpu_read(dev, dst, end - 4, 4), GPU_OK, dev);
        if (dst[0] != mark) case_fail(&c, "gpu_read of the last word gave 0x%08" PRIx32, dst[0]);
        case_end(&c);
    }
    if (selected("read_null_dst")) {
        chk_begin(&c, "read_null_dst");
        chk_status(&c, "gpu_read(dst NULL)", gpu_read(dev, NULL, a, 4), GPU_ERR_ARG, dev);
        chk_msg(&c, "the message", gpu_last_error(dev), "gpu_read", "dst", NULL);
        case_end(&c);
    }
    if (selected("fill_out_of_range")) {
        chk_begin(&c, "fill_out_of_range");
        chk_status(&c, "gpu_fill(mem_bytes - 4, 8 bytes)", gpu_fill(dev, end - 4, 0xFFFFFFFFu, 8), GPU_ERR_RANGE,
                   dev);
        chk_msg(&c, "the message", gpu_last_error(dev), "gpu_fill", NULL);
        LAST_WORD_UNCHANGED(&c);
        chk_status(&c, "gpu_fill(0xFFFFFF00, 512 bytes) (wraps)", gpu_fill(dev, 0xFFFFFF00u, 0, 512), GPU_ERR_RANGE,
                   dev);
        case_end(&c);
    }
    if (selected("fill_pattern")) {
        /* A fill that ends mid-word: byte i gets byte i % 4 of the value. */
        chk_begin(&c, "fill_pattern");
        uint8_t b[12];
        memset(b, 0xEE, sizeof b);
        gpu_write(dev, a, b, sizeof b);
        chk_status(&c, "gpu_fill(10 bytes)", gpu_fill(dev, a, 0x44332211u, 10), GPU_OK, dev);
        gpu_read(dev, b, a, sizeof b);
        static const uint8_t want[12] = { 0x11, 0x22, 0x33, 0x44, 0x11, 0x22, 0x33, 0x44, 0x11, 0x22, 0xEE, 0xEE };
        for (unsigned i = 0; i < 12; i++)
            if (b[i] != want[i]) case_fail(&c, "byte %u is 0x%02x, expected 0x%02x", i, b[i], want[i]);
        case_end(&c);
    }
#undef LAST_WORD_UNCHANGED
    gpu_close(dev);
}

