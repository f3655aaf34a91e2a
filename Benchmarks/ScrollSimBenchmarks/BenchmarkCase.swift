/// One benchmark: how to set it up and run a batch of iterations.
///
/// `make` builds the case's state (outside the timing) and returns a runner that performs `n`
/// iterations and feeds every result to ``blackHole(_:)-(Double)``. The runner is called once
/// per sample, so its closure call is amortised over the batch; inside it the work is concrete,
/// generic-free code.
struct BenchmarkCase {
  /// `group/detail`, e.g. `preset/apple-music`.
  let name: String
  /// What one unit of work is: `frame`, `byte`.
  let unit: String
  /// Units of work per iteration (frames per replay, bytes per parse), > 0.
  let unitsPerIteration: Double
  /// Throughput unit to report (`frames/s`, `MB/s`), or nil for none.
  let throughputUnit: String?
  /// Builds the state; returns the runner of `n` iterations.
  let make: () -> (Int) -> Void

  init(
    _ name: String, unit: String = "frame", unitsPerIteration: Double = 1,
    throughputUnit: String? = nil, make: @escaping () -> (Int) -> Void
  ) {
    self.name = name
    self.unit = unit
    self.unitsPerIteration = unitsPerIteration
    self.throughputUnit = throughputUnit
    self.make = make
  }
}
