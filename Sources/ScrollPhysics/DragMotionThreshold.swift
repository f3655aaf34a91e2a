/// Flutter's iOS drag-start threshold (`ScrollDragController._adjustForScrollStartThreshold`):
/// after a drag starts, and again whenever the finger has been still for longer than
/// ``stoppedDuration``, the content stays put until the finger has moved more than
/// ``distance`` in total; the event that crosses it moves the content by only
/// `min(distance/3, |step|)` (easing in, no visible jump), unless that single step is longer than
/// ``bigBreakDistance`` (a deliberate fling), which passes through whole.
///
/// Source: Flutter `packages/flutter/lib/src/widgets/scroll_activity.dart`
/// (`ScrollDragController`: `motionStoppedDurationThreshold` 50 ms, `_bigThresholdBreakDistance`
/// 24, `_adjustForScrollStartThreshold`) and `scroll_physics.dart`
/// (`BouncingScrollPhysics.dragStartDistanceMotionThreshold` 3.5).
public struct DragMotionThreshold: Sendable, Equatable, Hashable {
  /// Stillness that re-arms the threshold, seconds (`motionStoppedDurationThreshold`, 50 ms).
  public static let stoppedDuration = 0.05
  /// A crossing step longer than this passes whole, points (`_bigThresholdBreakDistance`).
  public static let bigBreakDistance = 24.0

  /// The threshold, points, > 0 (Flutter iOS 3.5).
  public let distance: Double
  /// Distance moved since the threshold was (re-)armed, points, or nil while in motion.
  public var offsetSinceLastStop: Double? { isArmed ? moved : nil }
  private var isArmed = true
  private var moved = 0.0
  /// Time of the last event that moved, seconds.
  public private(set) var lastMovingTime: Double

  /// An armed threshold at the start of a drag.
  /// - Parameters:
  ///   - distance: points, > 0.
  ///   - time: the drag's start, seconds.
  public init(distance: Double, startingAt time: Double) {
    precondition(distance > 0, "threshold must be > 0")
    self.distance = distance
    lastMovingTime = time
  }

  /// The part of one drag step that moves the content, points, with the same sign as `step`.
  /// - Parameters:
  ///   - step: the finger's offset change since the previous event, points (0 when still).
  ///   - time: the event's time, seconds, non-decreasing.
  /// - Complexity: O(1).
  public mutating func apply(_ step: Double, at time: Double) -> Double {
    guard step != 0 else {
      if !isArmed && time - lastMovingTime > Self.stoppedDuration {
        isArmed = true
        moved = 0
      }
      return 0
    }
    lastMovingTime = time
    guard isArmed else { return step }
    moved += step
    guard Swift.abs(moved) > distance else { return 0 }
    isArmed = false
    if Swift.abs(step) > Self.bigBreakDistance { return step }
    return Swift.min(distance / 3, Swift.abs(step)) * (step < 0 ? -1 : 1)
  }
}
