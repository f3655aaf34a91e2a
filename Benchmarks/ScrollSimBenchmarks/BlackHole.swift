/// Where benchmark results go so the optimiser cannot delete the work that made them: an
/// opaque function writing into a global the program never reads.
nonisolated(unsafe) var blackHoleSink: UInt64 = 0

/// Consumes a number.
@inline(never) func blackHole(_ value: Double) { blackHoleSink &+= value.bitPattern }

/// Consumes an integer.
@inline(never) func blackHole(_ value: Int) { blackHoleSink &+= UInt64(bitPattern: Int64(value)) }

/// The last array consumed: storing it makes the array escape, so the optimiser cannot
/// promote it to the stack (the allocation self-test relies on real heap arrays).
nonisolated(unsafe) var blackHoleArray: [Double] = []

/// Consumes an array by keeping it until the next one.
@inline(never) func blackHole(_ values: [Double]) { blackHoleArray = values }
