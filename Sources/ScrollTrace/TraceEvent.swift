/// One touch event of a trace: a single finger on a vertical scroll view.
public struct TraceEvent: Sendable, Equatable, Hashable {
  /// What the finger did.
  public enum Kind: String, Sendable, Equatable, Hashable, CaseIterable {
    /// The finger touched the screen (`UITouch.Phase.began`, `BTN_TOUCH DOWN`).
    case down
    /// The finger moved while down (`.moved`).
    case move
    /// The finger lifted (`.ended`, `BTN_TOUCH UP`); its position is the last reported one.
    case up
    /// The system cancelled the touch (`.cancelled`): no fling follows.
    case cancel
  }

  /// Seconds since the start of the trace, finite, ≥ 0, non-decreasing along the trace.
  public var time: Double
  /// What happened.
  public var kind: Kind
  /// Horizontal position on screen, points from the left edge, finite.
  public var x: Double
  /// Vertical position on screen, points from the top edge (y grows downward), finite.
  /// A finger moving up the screen (y decreasing) scrolls the content forward.
  public var y: Double

  /// Creates an event.
  /// - Parameters:
  ///   - time: seconds since the start of the trace.
  ///   - kind: down, move, up or cancel.
  ///   - x: points from the left edge of the screen.
  ///   - y: points from the top edge of the screen.
  public init(time: Double, kind: Kind, x: Double, y: Double) {
    self.time = time
    self.kind = kind
    self.x = x
    self.y = y
  }
}
