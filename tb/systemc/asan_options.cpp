// SPDX-License-Identifier: Apache-2.0
// asan_options.cpp: the AddressSanitizer defaults of the SystemC test
// programs, linked into each of them (make test SANITIZE=1). The leak check
// at exit is off: SystemC runs its processes on stacks of its own, and
// LeakSanitizer's stop-the-world tracer crashed on them in about half of the
// runs of wavegpu_golden_test ("Tracer caught signal 11"), failing a run that
// had passed. Every other check of ASan and UBSan stays on, and the C and
// C++ programs outside SystemC keep the leak check.
#if defined(__SANITIZE_ADDRESS__)
extern "C" const char *__asan_default_options();
extern "C" const char *__asan_default_options() { return "detect_leaks=0"; }
#endif
