/// One benchmark: how to set it up and run a batch of iterations.
///
/// `make` builds the case's state (outside the timing) and returns a runner that performs `n`
/// iterations and feeds every result to ``blackHole(_:)-(Double)``. The runner is called once
/// per sample, so its closure call is amortised over the batch. Cases keep their state in a
/// ``BenchmarkWorkload`` struct so the loop works on `inout self` (statically checked
/// exclusivity) rather than on variables captured by a closure, whose every access Swift checks
/// at run time (`swift_beginAccess`), which would dominate nanosecond-scale work.
struct BenchmarkCase {
  /// `group/detail`, e.g. `preset/apple-music`.
  let name: String
  /// What one unit of work is: `frame`, `byte`.
  let unit: String
  /// Units of work per iteration (frames per replay, bytes per parse), > 0.
  let unitsPerIteration: Double
  /// Throughput unit to report (`frames/s`, `MB/s`), or nil for none.
  let throughputUnit: String?
  /// Builds the state; returns the runner of `n` iterations, or nil when the state cannot be
  /// built (the suite then stops with an error rather than time a no-op).
  let make: () -> ((Int) -> Void)?

  init(
    _ name: String, unit: String = "frame", unitsPerIteration: Double = 1,
    throughputUnit: String? = nil, make: @escaping () -> ((Int) -> Void)?
  ) {
    self.name = name
    self.unit = unit
    self.unitsPerIteration = unitsPerIteration
    self.throughputUnit = throughputUnit
    self.make = make
  }
}

/// The state and loop of a case: `run(n)` performs `n` iterations.
protocol BenchmarkWorkload {
  /// Performs `n` iterations, feeding results to `blackHole`.
  mutating func run(_ n: Int)
}

extension BenchmarkCase {
  /// A case whose state is `workload`, built by `make` outside the timing (nil: it cannot be
  /// built, an error of the suite).
  init<W: BenchmarkWorkload>(
    _ name: String, unit: String = "frame", unitsPerIteration: Double = 1,
    throughputUnit: String? = nil, workload make: @escaping () -> W?
  ) {
    self.init(
      name, unit: unit, unitsPerIteration: unitsPerIteration, throughputUnit: throughputUnit
    ) {
      guard var workload = make() else { return nil }
      return { n in workload.run(n) }
    }
  }
}
