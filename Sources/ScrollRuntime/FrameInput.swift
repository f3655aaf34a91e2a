import ScrollSimCore

/// One input to the scroll view at a time: what a ``FrameLoop`` applies before it computes the
/// first frame whose target time is at or after ``time``.
///
/// Every run of the package is a list of these, whatever it comes from: a trace's touches and
/// control events or its recorded offsets (`scrollsim replay`), the synthetic gestures of
/// `scrollsim simulate`, the generated gestures of `scrollsim check`.
public struct FrameInput: Sendable, Equatable, Hashable {
  /// What happens.
  ///
  /// Positions and deltas carry both axes: a loop over a vertical scroll view reads only `y`
  /// (and `deltaY`, `offset`, heights) and ignores the rest; a two-axis loop
  /// (``/ScrollPhysics/TwoAxisScrollSimulator``) reads `x` too. `x` defaults to 0 (and nil),
  /// so a vertical gesture is written without it.
  public enum Kind: Sendable, Equatable, Hashable {
    /// A finger touches the screen at (`x`, `y`) points from the top left (finite).
    case touchDown(x: Double = 0, y: Double)
    /// The finger moves to (`x`, `y`) points from the top left (finite); up the screen scrolls
    /// forward (down the page), left scrolls right.
    case touchMove(x: Double = 0, y: Double)
    /// The finger lifts. A position other than the last moves there first (getevent can put
    /// the last position in the lift's report); nil lifts where the finger is.
    case touchUp(x: Double? = nil, y: Double?)
    /// The system cancels the touch (no fling); the position, when known, is the finger's.
    case touchCancel(x: Double? = nil, y: Double?)
    /// A wheel or trackpad delta, points (finite; positive `deltaY` scrolls forward, positive
    /// `deltaX` right; a vertical loop ignores `deltaX`), with its phase in the gesture
    /// (``/ScrollSimCore/WheelPhase``; default `.none`, a plain mouse wheel: the offset moves
    /// at once and rests there, kept in range). Trackpad phases rubber-band past an edge and
    /// spring back when the session ends; see
    /// ``/ScrollPhysics/ScrollSimulator/wheel(deltaY:phase:at:)``.
    case wheel(deltaX: Double = 0, deltaY: Double, phase: WheelPhase = .none)
    /// A programmatic `setContentOffset(_:animated:)`; `offset` (y) in points, clamped into
    /// range; `x`, for a two-axis loop, the horizontal target (nil keeps the horizontal
    /// offset where it is; a vertical loop ignores it).
    case scrollTo(x: Double? = nil, offset: Double, animated: Bool)
    /// A finger lifting at `offset` points with `velocity` points per second without a recorded
    /// drag (``/ScrollPhysics/ScrollSimulator/release(atOffset:velocity:at:fingerLift:)``): the synthetic
    /// flings and overscroll releases of `scrollsim simulate`. `offset` lies strictly within one
    /// viewport height of the range, |`velocity`| ≤ 1,000,000.
    case release(offset: Double, velocity: Double)
    /// The content height becomes this many points (≥ 0): a list reloads or grows.
    case contentHeight(Double)
    /// The viewport height becomes this many points (> 0): rotation, a keyboard.
    case viewportHeight(Double)
    /// The content width becomes this many points (≥ 0): a carousel gains items. Two-axis
    /// loops only; a vertical loop rejects it.
    case contentWidth(Double)
    /// The viewport width becomes this many points (> 0): rotation. Two-axis loops only; a
    /// vertical loop rejects it.
    case viewportWidth(Double)
    /// A status-bar tap: an animated scroll to the top when the view `scrollsToTop` and is not
    /// already there (``/ScrollPhysics/ScrollSimulator/scrollToTop(at:)``).
    case scrollToTop
    /// A recorded `contentOffset.y` sample, points (offset traces, format version 2): a loop
    /// over an offset trace resamples these to each frame's time (``OffsetResampler``) and
    /// feeds them to the effect without the physics; any other loop rejects it.
    case recordedOffset(y: Double)
  }

  /// Seconds since the start of the run, finite, non-decreasing along a run.
  public var time: Double
  /// What happens.
  public var kind: Kind

  /// Creates an input.
  /// - Parameters:
  ///   - time: seconds since the start of the run, finite, non-decreasing along a run.
  ///   - kind: what happens.
  public init(time: Double, kind: Kind) {
    self.time = time
    self.kind = kind
  }
}
