/* SPDX-License-Identifier: Apache-2.0 */
/* runtime_test.h: what the files of test_runtime share (reporting is
 * tb/lib/check.h): checks armed with the watchdog, devices and inline
 * kernels, and the "device still works" check. */
#ifndef TB_RUNTIME_TEST_H
#define TB_RUNTIME_TEST_H

#define _POSIX_C_SOURCE 200809L

#include "asm.h"
#include "gpu.h"
#include "check.h"
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define SENTINEL 0xCDCDCDCDu
#define FAULT_MEM 0x100000u       /* device memory of the fault tests: 1 MiB */
#define SMALL_MEM 0x10000u        /* the smallest device: 64 KiB */
#define BUF_WORDS 256u            /* the fault tests' buffer (argument 0) */
#define FAULT_MAX_CYCLES 200000u  /* the fault devices' watchdog: every kernel there needs < 100000 */

extern gpu_backend_kind backend;
extern const char *filter;
static inline bool selected(const char *name) { return !filter || strstr(name, filter); }


void arm_watchdog(const char *name);
/* case_begin, and the watchdog armed for the check. */
void chk_begin(check_case *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Status check: st == want, else a mismatch naming both and the last error. */
void chk_status(check_case *c, const char *what, gpu_status st, gpu_status want, gpu_device *dev);

/* The message must contain each of the NULL-terminated words. */
void chk_msg(check_case *c, const char *what, const char *msg, ...);

void on_alarm(int sig);
void config(gpu_config *cfg, unsigned cus, uint32_t mem);
gpu_device *open_cfg(const char *test, const gpu_config *cfg);
gpu_device *open_dev(const char *test, unsigned cus, uint32_t mem);

/* Assembles src and loads it with gpu_kernel_load. kb (optional) receives the
 * assembled program (free with kbin_free). NULL after a reported FAIL. */
gpu_kernel *load_src(const char *test, gpu_device *dev, const char *src, kbin *kb);

/* Launches and waits. lds/waves 0 = the kernel's. */
gpu_status run(gpu_device *dev, const gpu_kernel *k, uint32_t groups, uint32_t waves, uint32_t lds, const uint32_t *args, uint32_t nargs, gpu_result *res);

/* Does s contain `key` immediately followed by the decimal v and then a non-digit? */
bool has_field(const char *s, const char *key, unsigned long long v);

extern const char *const works_src;

/* Runs works_src into a fresh allocation (or into `out` if nonzero) and
 * checks it; adds mismatches to c. */
void chk_device_works(check_case *c, gpu_device *dev, gpu_addr out);

/* gpu_default_backend: WAVEGPU_BACKEND when set, else the RTL where it is
 * linked and the golden model elsewhere; a bad value is an error that
 * gpu_open of a default config reports too. The variable is restored. */
void test_default_backend(void);

void test_open(void);
void test_null_device(void);
void test_alloc(void);
void test_memory(void);
void test_kernel_load(void);
void test_launch(void);

/* One device at a time, as every check but two_devices_open_at_once. */
void test_wait_nothing_launched(void);

void test_timeout(void);
void test_mem_errors(void);

/* The RTL backend stops a launch whose hardware goes silent (nothing retires,
 * nothing is placed, no AXI handshake) instead of running on to max_cycles.
 * Planted hang: the DRAM model never presents the data of the second read
 * burst (WAVEGPU_MEM_LOSE_AFTER=1), the line of a buffer the second load reads
 * after the first has read its address from the arguments; the wave waits on
 * its signal forever. The golden model has no hardware to hang. */
void test_deadlock_watchdog(void);

void test_faults(void);

/* CONST_WRITE before the signal stall, on a device with slow memory (opened
 * after the other fault tests closed theirs: one device at a time). */
void test_fault_order_slow(void);

/* Two devices open at once are independent, and closing them in either order
 * works. Last, because an RTL backend bug here could hang. */
void test_two_devices(void);

void test_kbin_serialize(void);

#endif
