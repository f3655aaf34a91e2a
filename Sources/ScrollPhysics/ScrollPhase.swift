/// What a scroll view is doing at one instant.
///
/// The phases of SwiftUI's `ScrollPhase` (idle, tracking, interacting, decelerating, animating)
/// with the interacting phase named `dragging` and the rubber-band return made explicit as
/// `bouncing`. ``swiftUIName`` maps them back in one place.
public enum ScrollPhase: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
  /// Nothing moves and no finger is down. The offset is inside the scrollable range.
  case idle
  /// A finger is down but has not yet moved past the drag-start threshold.
  case tracking
  /// A finger is dragging the content (SwiftUI: `interacting`).
  case dragging
  /// Momentum after a fling: exponential decay at the deceleration rate.
  case decelerating
  /// The spring that returns an overscrolled offset to the nearest edge.
  case bouncing
  /// A programmatic scroll (`scrollTo(offset, animated: true)`).
  case animating

  /// The matching SwiftUI `ScrollPhase` case name (`bouncing` is part of `decelerating` there).
  public var swiftUIName: String {
    switch self {
    case .idle: "idle"
    case .tracking: "tracking"
    case .dragging: "interacting"
    case .decelerating, .bouncing: "decelerating"
    case .animating: "animating"
    }
  }

  /// Whether a finger is on the screen in this phase.
  @inlinable public var isTouching: Bool { self == .tracking || self == .dragging }
}
