/// The ranges every trace number must lie in (traces/FORMAT.md, "Limits"): wide enough for any
/// real device, narrow enough that replaying a valid trace is always finite and never overflows.
/// The physics accepts exactly these ranges, so a trace the reader accepts always replays.
public enum TraceLimits {
  /// Largest time of an event, seconds from the start of the trace: one day (86,400 s).
  public static let maximumTime = 86_400.0
  /// Largest magnitude of a position, size or inset, points: 10,000,000.
  public static let maximumLength = 10_000_000.0
  /// Pixels per point: 0.25 … 10 (phones are 1 … 4; Android ldpi is 0.75).
  public static let scale: ClosedRange<Double> = 0.25...10
  /// Display refresh rate written in a header, Hz: 1 … 1000.
  public static let refreshRate: ClosedRange<Double> = 1...1000
}
