// Allocation counting for scrollsim-bench (Linux with glibc).
#ifndef SCROLLSIM_ALLOCATION_INTERPOSER_H
#define SCROLLSIM_ALLOCATION_INTERPOSER_H

#include <stdint.h>

/// Allocation calls (malloc, calloc, realloc, aligned_alloc, memalign, posix_memalign) made by
/// any thread since the process started; 0 forever where the interposers are not built.
uint64_t scrollsim_allocation_calls(void);

/// 1 when this build interposes the allocator (Linux with glibc), 0 otherwise.
int scrollsim_allocation_counting_available(void);

#endif
