import Foundation
import ScrollRuntime

/// The dense benchmark trace (`/tmp/dense.py` of the trial): alternating swipes of 96 moves at
/// 240 Hz, up then down by a half sine of 6 pt steps, each lift one input period (1/240 s)
/// before the next touch-down, so that at 120 Hz a lift and the next finger-down often share a
/// frame.
public enum DenseTrace {
  /// The trace's text with `gestures` touches, and each touch's down and up times as written
  /// (the package's one generator, `DenseTraceGenerator`, which the benchmarks use too).
  public static func make(gestures: Int) -> (text: String, downs: [Double], ups: [Double]) {
    DenseTraceGenerator.make(gestures: gestures)
  }

  /// Writes ``make(gestures:)``'s text to `path`; returns its downs and ups.
  @discardableResult
  public static func write(gestures: Int, to path: String) throws -> (
    downs: [Double], ups: [Double]
  ) {
    let trace = make(gestures: gestures)
    try trace.text.write(toFile: path, atomically: true, encoding: .utf8)
    return (trace.downs, trace.ups)
  }
}
