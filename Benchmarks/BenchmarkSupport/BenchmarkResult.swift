import ScrollRuntime

/// The measurement of one benchmark case: time per unit of work (a frame, a whole replay, a
/// parsed trace), allocations and, optionally, instructions per unit.
public struct BenchmarkResult: Sendable, Equatable, Codable {
  /// Case name, `group/detail` (e.g. `preset/apple-music`).
  public var name: String
  /// What one unit of work is (`frame`, `output`, `replay`, `byte`).
  public var unit: String
  /// Nanoseconds per unit over the samples (each sample is the mean of a batch of units).
  public var time: PercentileSummary
  /// Heap allocations per unit in steady state (malloc, calloc, realloc, aligned allocations
  /// counted after warm-up), or nil when allocation counting is not available.
  public var allocationsPerUnit: Double?
  /// Instructions per unit from `valgrind --tool=callgrind`, or nil when not measured.
  public var instructionsPerUnit: Double?
  /// Units of work per second at the median time (e.g. frames/s), or per megabyte for bytes.
  public var throughput: Double?
  /// The unit of ``throughput`` (`frames/s`, `MB/s`), or nil.
  public var throughputUnit: String?

  /// Creates a result.
  /// - Parameters:
  ///   - name: case name.
  ///   - unit: what one unit of work is.
  ///   - time: nanoseconds per unit.
  ///   - allocationsPerUnit: steady-state allocations per unit, or nil.
  ///   - instructionsPerUnit: callgrind instructions per unit, or nil.
  ///   - throughput: units per second (or MB/s), or nil.
  ///   - throughputUnit: the unit of `throughput`.
  public init(
    name: String, unit: String, time: PercentileSummary, allocationsPerUnit: Double? = nil,
    instructionsPerUnit: Double? = nil, throughput: Double? = nil, throughputUnit: String? = nil
  ) {
    self.name = name
    self.unit = unit
    self.time = time
    self.allocationsPerUnit = allocationsPerUnit
    self.instructionsPerUnit = instructionsPerUnit
    self.throughput = throughput
    self.throughputUnit = throughputUnit
  }
}
