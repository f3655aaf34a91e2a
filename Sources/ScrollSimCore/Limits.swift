/// The ranges every number the package accepts must lie in (traces/FORMAT.md, "Limits"): wide
/// enough for any real device, narrow enough that a simulation of accepted input is always
/// finite and never overflows. Traces, profiles, specs, the physics and the command line all
/// check against these same values.
package enum Limits {
  /// Largest time of an event, seconds from the start of a trace: one day (86,400 s).
  package static let maximumTime = 86_400.0
  /// Largest magnitude of a position, size, inset or offset, points: 10,000,000.
  package static let maximumLength = 10_000_000.0
  /// Pixels per point: 0.25 … 10 (phones are 1 … 4; Android ldpi is 0.75).
  package static let scale: ClosedRange<Double> = 0.25...10
  /// Display refresh rate, Hz: 1 … 1000.
  package static let refreshRate: ClosedRange<Double> = 1...1000
}
