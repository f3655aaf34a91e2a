import BenchmarkSupport
import Dispatch
import ScrollRuntime
import ScrollSimCLI

/// Measures cases: calibrates a batch size, warms up, takes many timed samples of a batch each,
/// and counts allocations over one more batch in steady state.
struct Harness {
  /// How long and how often to measure.
  struct Settings {
    /// Warm-up time before sampling, nanoseconds.
    var warmup: UInt64
    /// Smallest duration of one timed batch, nanoseconds (batches of a fast case hold many
    /// iterations so the clock's resolution and overhead vanish).
    var batch: UInt64
    /// Samples to take.
    var samples: Int
    /// Stop sampling once this much time has gone by (after at least 5 samples), nanoseconds.
    var budget: UInt64

    /// About 1 s per case: for local runs and baselines.
    static let full = Settings(
      warmup: 200_000_000, batch: 1_000_000, samples: 300, budget: 1_500_000_000)
    /// About 0.1 s per case (the whole suite in under 10 s): for the CI smoke run.
    static let quick = Settings(
      warmup: 20_000_000, batch: 500_000, samples: 60, budget: 60_000_000)
  }

  let settings: Settings
  /// Whether allocation counting passed its self-test.
  let countsAllocations: Bool

  /// The monotonic clock, nanoseconds.
  static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

  /// Measures `benchmark`.
  /// - Throws: ``CommandError/setUp(_:)`` when the case's state cannot be built.
  func measure(_ benchmark: BenchmarkCase) throws(CommandError) -> (
    result: BenchmarkResult, iterationsPerBatch: Int
  ) {
    guard let run = benchmark.make() else { throw .setUp(Self.setUpFailure(benchmark.name)) }
    var n = 1
    while n < 1 << 28 {
      let start = Self.now()
      run(n)
      if Self.now() - start >= settings.batch { break }
      n *= 2
    }
    let warmupEnd = Self.now() + settings.warmup
    while Self.now() < warmupEnd { run(n) }
    let perUnit = Double(n) * benchmark.unitsPerIteration
    let allocations =
      countsAllocations ? AllocationCounter.count { run(n) }.map { Double($0) / perUnit } : nil
    var samples: [Double] = []
    samples.reserveCapacity(settings.samples)
    let started = Self.now()
    while samples.count < settings.samples {
      let start = Self.now()
      run(n)
      let end = Self.now()
      samples.append(Double(end - start) / perUnit)
      if samples.count >= 5 && end - started > settings.budget { break }
    }
    let time = PercentileSummary(samples)
    let throughput: Double? =
      switch benchmark.throughputUnit {
      case "MB/s": 1e3 / time.median
      case .some: 1e9 / time.median
      case nil: nil
      }
    return (
      BenchmarkResult(
        name: benchmark.name, unit: benchmark.unit, time: time, allocationsPerUnit: allocations,
        throughput: throughput, throughputUnit: benchmark.throughputUnit),
      n
    )
  }

  /// The error of a case whose state cannot be built.
  static func setUpFailure(_ name: String) -> String {
    "\(name): the case's state could not be built (a spec that does not compile, a trace "
      + "that does not load); nothing was measured"
  }
}
