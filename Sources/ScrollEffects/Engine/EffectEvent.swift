/// A threshold crossing reported on the frame where it happens, named as GSAP ScrollTrigger's
/// callbacks are (`onEnter`, `onLeave`, `onEnterBack`, `onLeaveBack`).
public struct EffectEvent: Sendable, Equatable, Hashable {
  /// The direction of a crossing.
  public enum Kind: String, Sendable, Equatable, Hashable, CaseIterable {
    /// Scrolling forward (offset growing) into the active region.
    case enter
    /// Scrolling forward out of the active region's far end.
    case leave
    /// Scrolling backward into the active region from its far end.
    case enterBack
    /// Scrolling backward out of the active region through its start.
    case leaveBack
  }

  /// Index of the flag output whose state changed, in the effect's `outputs`.
  public var output: Int
  /// The crossing.
  public var kind: Kind

  /// Creates an event for output index `output`.
  public init(output: Int, kind: Kind) {
    self.output = output
    self.kind = kind
  }
}
