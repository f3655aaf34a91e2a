// Counts heap allocations by interposing the C allocator entry points (Linux, glibc).
//
// The executable defines `malloc`, `calloc`, `realloc`, `aligned_alloc` and `posix_memalign`
// and exports them (linker flags in Package.swift), so the dynamic linker binds every call in
// the process (Swift runtime, Foundation, libc itself) to these, which count and forward to
// glibc's own `__libc_*` implementations. `free` is not interposed (glibc's frees both).
//
// Limits: counts calls, not bytes; counts every thread's allocations (the harness measures on
// one thread while nothing else runs); Linux with glibc only (elsewhere `isActive` is false and
// allocations are reported as unavailable). The self-test in `AllocationCounter.selfTest()`
// checks that a case known to allocate shows allocations and a pure one shows none.
// The forwarding declarations use `@_silgen_name`, which relies on the Swift and C calling
// conventions agreeing for integer and pointer arguments (true on x86_64 and arm64).

#if os(Linux)
  /// Allocation calls since the process started (wrapping).
  nonisolated(unsafe) var allocationCalls = 0

  @_silgen_name("__libc_malloc")
  private func libcMalloc(_ size: Int) -> UnsafeMutableRawPointer?
  @_silgen_name("__libc_calloc")
  private func libcCalloc(_ count: Int, _ size: Int) -> UnsafeMutableRawPointer?
  @_silgen_name("__libc_realloc")
  private func libcRealloc(_ pointer: UnsafeMutableRawPointer?, _ size: Int)
    -> UnsafeMutableRawPointer?
  @_silgen_name("__libc_memalign")
  private func libcMemalign(_ alignment: Int, _ size: Int) -> UnsafeMutableRawPointer?

  @_cdecl("malloc")
  public func countingMalloc(_ size: Int) -> UnsafeMutableRawPointer? {
    allocationCalls &+= 1
    return libcMalloc(size)
  }

  @_cdecl("calloc")
  public func countingCalloc(_ count: Int, _ size: Int) -> UnsafeMutableRawPointer? {
    allocationCalls &+= 1
    return libcCalloc(count, size)
  }

  @_cdecl("realloc")
  public func countingRealloc(_ pointer: UnsafeMutableRawPointer?, _ size: Int)
    -> UnsafeMutableRawPointer?
  {
    allocationCalls &+= 1
    return libcRealloc(pointer, size)
  }

  @_cdecl("aligned_alloc")
  public func countingAlignedAlloc(_ alignment: Int, _ size: Int) -> UnsafeMutableRawPointer? {
    allocationCalls &+= 1
    return libcMemalign(alignment, size)
  }

  @_cdecl("posix_memalign")
  public func countingPosixMemalign(
    _ result: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ alignment: Int, _ size: Int
  ) -> Int32 {
    // EINVAL: not a power of two multiple of the pointer size; ENOMEM: out of memory.
    guard let result, alignment > 0, alignment & (alignment - 1) == 0,
      alignment % MemoryLayout<UnsafeRawPointer>.size == 0
    else { return 22 }
    allocationCalls &+= 1
    guard let pointer = libcMemalign(alignment, size) else { return 12 }
    result.pointee = pointer
    return 0
  }
#endif

/// Reads the allocation counter around a piece of work.
enum AllocationCounter {
  /// Allocation calls made by `body`, or nil when counting is not available on this platform.
  static func count(_ body: () -> Void) -> Int? {
    #if os(Linux)
      let before = allocationCalls
      body()
      return allocationCalls &- before
    #else
      body()
      return nil
    #endif
  }

  /// Whether counting works here: work that must allocate shows allocations and pure
  /// arithmetic shows none. Returns a note explaining a failure, or nil when it works.
  static func selfTest() -> String? {
    var size = 1000
    let allocating = count {
      for _ in 0..<10 {
        size += 1
        blackHole(Array(repeating: 1.5, count: size))
      }
    }
    var x = 1.0
    let pure = count {
      for i in 0..<1000 { x = x * 1.000001 + Double(i) }
      blackHole(x)
    }
    guard let allocating, let pure else {
      return "allocation counting is not available on this platform (Linux with glibc only)"
    }
    if allocating < 10 {
      return "allocation counting self-test failed: 10 array creations counted \(allocating)"
    }
    if pure != 0 {
      return "allocation counting self-test failed: pure arithmetic counted \(pure)"
    }
    return nil
  }
}
