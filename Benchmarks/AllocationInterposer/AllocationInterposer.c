// Counts heap allocations by interposing the C allocator entry points (Linux, glibc).
//
// The benchmark executable links this file and exports the symbols below (linker flags in
// Package.swift), so the dynamic linker binds every allocation in the process (Swift runtime,
// Foundation, libc itself) to them; each counts and forwards to glibc's own `__libc_*`
// implementation. `free` is not interposed: glibc's frees what `__libc_*` returned.
// Plain C because Swift 6.3 warns that defining `malloc` with `@_cdecl` "will become an error".
#include "AllocationInterposer.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static uint64_t calls;

static inline void count_one(void) { __atomic_fetch_add(&calls, 1, __ATOMIC_RELAXED); }

void *malloc(size_t size) {
  count_one();
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  count_one();
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  count_one();
  return __libc_realloc(pointer, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  count_one();
  return __libc_memalign(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
  count_one();
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  // EINVAL unless a power of two multiple of the pointer size.
  if (result == NULL || alignment == 0 || (alignment & (alignment - 1)) != 0 || alignment % sizeof(void *) != 0) {
    return EINVAL;
  }
  count_one();
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return ENOMEM;
  *result = pointer;
  return 0;
}

uint64_t scrollsim_allocation_calls(void) { return __atomic_load_n(&calls, __ATOMIC_RELAXED); }

int scrollsim_allocation_counting_available(void) { return 1; }

#else

uint64_t scrollsim_allocation_calls(void) { return 0; }

int scrollsim_allocation_counting_available(void) { return 0; }

#endif
