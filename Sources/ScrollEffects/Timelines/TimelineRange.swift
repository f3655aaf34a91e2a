/// An interval of scroll offsets over which a timeline's progress goes from 0 to 1, in points
/// from rest at the top (see ``ScrollSample/offset``).
///
/// Progress is `(s − start) / (end − start)`, **unclamped**: below 0 before the range, above 1
/// past it. A zero-length range (`end == start`) is *inactive*: it has no progress (never
/// 0/0); this matches CSS Scroll-driven Animations §3 ("if the … range is empty, the timeline
/// is inactive"). Source: https://www.w3.org/TR/scroll-animations-1/ (progress calculation).
public struct TimelineRange: Sendable, Equatable, Hashable {
  /// The offset at progress 0, points.
  public var start: Double
  /// The offset at progress 1, points; may be below `start` (progress then grows as the
  /// offset falls).
  public var end: Double

  /// A range from `start` to `end`, points.
  public init(start: Double, end: Double) {
    self.start = start
    self.end = end
  }

  /// `end − start`, points.
  @inlinable public var length: Double { end - start }

  /// Whether the range has a non-zero, finite length (an inactive range has no progress).
  @inlinable public var isActive: Bool {
    let l = end - start
    return l != 0 && l.isFinite
  }

  /// The unclamped progress at offset `s`: `(s − start) / (end − start)`, or nil when the
  /// range is inactive.
  /// - Complexity: O(1).
  @inlinable public func progress(at s: Double) -> Double? {
    isActive ? (s - start) / (end - start) : nil
  }

  /// The offset at progress `p`: `start + p · (end − start)`, points.
  @inlinable public func offset(atProgress p: Double) -> Double { start + p * (end - start) }
}
