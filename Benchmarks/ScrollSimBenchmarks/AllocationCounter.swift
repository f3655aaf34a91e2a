import AllocationInterposer

// Heap allocations are counted by the C target `AllocationInterposer`, which defines and
// exports `malloc`, `calloc`, `realloc`, `aligned_alloc`, `memalign` and `posix_memalign`
// (Linux with glibc), counting each call atomically and forwarding to glibc's `__libc_*`.
// Limits: counts calls, not bytes; counts every thread's allocations (the harness measures on
// one thread while nothing else runs); Linux with glibc only (elsewhere allocations are
// reported as unavailable). `selfTest()` checks that a case known to allocate shows
// allocations and a pure one shows none.

/// Reads the allocation counter around a piece of work.
enum AllocationCounter {
  /// Allocation calls made by `body`, or nil when counting is not available on this platform.
  static func count(_ body: () -> Void) -> Int? {
    guard scrollsim_allocation_counting_available() == 1 else {
      body()
      return nil
    }
    let before = scrollsim_allocation_calls()
    body()
    return Int(truncatingIfNeeded: scrollsim_allocation_calls() &- before)
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
