/// Median, p90, p99 and extremes of a set of measurements, by the nearest-rank method.
///
/// The p-th percentile (0 < p ≤ 100) of `n` sorted values is the value of rank ⌈p·n/100⌉
/// (1-based): always one of the measurements, never interpolated. Source: the nearest-rank
/// definition, e.g. NIST/SEMATECH e-Handbook §7.2.6.2 and the percentile article it cites;
/// the same reporting set (p50/p90/p99/max) as ordo-one/package-benchmark.
public struct PercentileSummary: Sendable, Equatable, Hashable, Codable {
  /// Number of values.
  public var count: Int
  /// Smallest value.
  public var min: Double
  /// 50th percentile (nearest rank).
  public var median: Double
  /// 90th percentile (nearest rank).
  public var p90: Double
  /// 99th percentile (nearest rank).
  public var p99: Double
  /// Largest value.
  public var max: Double

  /// Summarises `values` (any order; NaNs are not allowed). All fields are 0 when empty.
  /// - Complexity: O(n log n) for the sort.
  public init(_ values: [Double]) {
    precondition(!values.contains(where: \.isNaN), "percentiles of NaN are undefined")
    let sorted = values.sorted()
    count = sorted.count
    min = sorted.first ?? 0
    max = sorted.last ?? 0
    median = Self.percentile(50, ofSorted: sorted)
    p90 = Self.percentile(90, ofSorted: sorted)
    p99 = Self.percentile(99, ofSorted: sorted)
  }

  /// Creates a summary from known figures.
  public init(count: Int, min: Double, median: Double, p90: Double, p99: Double, max: Double) {
    self.count = count
    self.min = min
    self.median = median
    self.p90 = p90
    self.p99 = p99
    self.max = max
  }

  /// The nearest-rank `p`-th percentile of ascending `sorted` values (0 when empty): the value
  /// of rank ⌈p·n/100⌉.
  /// - Precondition: `p` in (0, 100].
  public static func percentile(_ p: Double, ofSorted sorted: [Double]) -> Double {
    precondition(p > 0 && p <= 100, "percentile must be in (0, 100]")
    guard !sorted.isEmpty else { return 0 }
    // A relative 1e-12 is taken off p·n/100 first so that decimal percentiles (99.9 of 1000
    // values) are not pushed one rank up by binary rounding.
    let exact = p * Double(sorted.count) / 100
    let rank = Int((exact - exact * 1e-12).rounded(.up))
    return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
  }

  /// The value of a named statistic: `min`, `median` (or `p50`), `p90`, `p99`, `max`; nil for
  /// any other name.
  public func value(named name: String) -> Double? {
    switch name {
    case "min": min
    case "median", "p50": median
    case "p90": p90
    case "p99": p99
    case "max": max
    default: nil
    }
  }
}
