import ScrollPhysics

/// Where a timeline's progress comes from, evaluated every frame from the sample.
///
/// The offset `s` everywhere is the *distance from rest* (``ScrollSample/offset``): UIKit's
/// `contentOffset.y + adjustedContentInset.top`, 0 at rest at the top whatever the safe area,
/// bars or content insets, negative while pulled down. Every timeline below is defined on it,
/// so a spec works unchanged on a phone with a 20 pt or a 59 pt safe area. A timeline of a spec
/// may read another axis (``EffectSpec/TimelineSpec/axis``, ``ScrollAxis``): then `s` is that
/// axis's distance from its start (``AxisSample/offset`` from the left, or `maxOffset − offset`
/// on an axis that starts at the right or the bottom), the geometry is that axis's, and the
/// velocity is positive toward the axis's end.
public enum Timeline: Sendable, Equatable, Hashable {
  /// A scroll timeline: progress `(s − start) / (end − start)`, unclamped (CSS `scroll()` with
  /// an explicit range; GSAP `start`/`end`; Framer `useScroll` offsets).
  case scroll(start: ScrollAnchor, end: ScrollAnchor)
  /// The distance itself, `s − origin` in points (for keyframes written in points).
  case distance(origin: Double)
  /// A view timeline of a subject (CSS `view()`), see ``ViewTimeline``.
  case view(ViewTimeline)
  /// The overscroll channel: how far the content is pulled past an edge, points, ≥ 0
  /// (`max(0, −s)` at the top, `max(0, s − maxOffset)` at the bottom). Source: effects.md §1
  /// "stretch"; Flutter `FlexibleSpaceBar` stretch modes read the same quantity.
  case overscroll(Edge)
  /// The scroll velocity itself, points per second, positive while the offset grows (scrolling
  /// down the page): ``ScrollSample/velocity``, as GSAP ScrollTrigger's `getVelocity()` reports
  /// it (pixels per second, positive scrolling down). A NaN velocity reads as 0 and the value
  /// is clamped to ±1e9. Keyframes are in points per second: a card skewed by the velocity, a
  /// trigger on a fast fling.
  case velocity
  /// The scroll direction with a hysteresis in points (``ScrollDirectionTracker``): progress 1
  /// while scrolling forward (down the page), −1 backward, 0 before the first move of more
  /// than `hysteresis` points; motion outside the content's range does not count. GSAP
  /// ScrollTrigger's `self.direction`.
  case direction(hysteresis: Double)
  /// A quick-return bar `height` points tall (``QuickReturnTracker``): progress is the
  /// fraction of the bar hidden, 0…1, following every in-range scroll delta ("translate by
  /// delta, clamp"; Flutter's floating `SliverAppBar`).
  case quickReturn(height: Double)

  /// A scroll-view edge.
  public enum Edge: String, Sendable, Equatable, Hashable, CaseIterable {
    /// The top: pull-down past rest.
    case top
    /// The bottom: pull-up past `maxOffset`.
    case bottom
  }

  /// An offset that is either fixed or measured from the bottom of the scrollable range.
  public struct ScrollAnchor: Sendable, Equatable, Hashable {
    /// Points; added to 0 or to the frame's `geometry.maxOffset`.
    public var value: Double
    /// Whether `value` is relative to `maxOffset` (JSON `"max"`, or `{"max": delta}`).
    public var fromMax: Bool

    /// An anchor at `value` points (from `maxOffset` when `fromMax`).
    public init(_ value: Double, fromMax: Bool = false) {
      self.value = value
      self.fromMax = fromMax
    }

    /// The offset for a frame whose largest in-range offset is `maxOffset`.
    @inlinable public func resolve(maxOffset: Double) -> Double {
      fromMax ? maxOffset + value : value
    }
  }

  /// Whether the progress depends on more than this frame's offset and geometry: the
  /// ``velocity`` (the sample's velocity), ``direction(hysteresis:)`` and
  /// ``quickReturn(height:)`` (earlier frames' offsets) timelines.
  @inlinable public var isMotion: Bool {
    switch self {
    case .velocity, .direction, .quickReturn: true
    case .scroll, .distance, .view, .overscroll: false
    }
  }

  /// The unclamped progress at offset `s` for `sample`'s geometry, or nil when the timeline is
  /// inactive on this frame (a zero-length range) or is a motion timeline (``isMotion``: its
  /// progress is not a function of the offset; ``CompiledEffect`` follows it frame by frame).
  /// - Complexity: O(1), no allocation.
  @inlinable public func progress(at s: Double, geometry g: ScrollGeometry) -> Double? {
    switch self {
    case .scroll(let start, let end):
      let m = g.maxOffset
      return TimelineRange(start: start.resolve(maxOffset: m), end: end.resolve(maxOffset: m))
        .progress(at: s)
    case .distance(let origin):
      return s - origin
    case .view(let view):
      return view.range(
        viewportHeight: g.viewportHeight, contentInsetTop: g.contentInsetTop,
        contentInsetBottom: g.contentInsetBottom
      ).progress(at: s)
    case .overscroll(.top):
      return Swift.max(0, -s)
    case .overscroll(.bottom):
      return Swift.max(0, s - g.maxOffset)
    case .velocity, .direction, .quickReturn:
      return nil
    }
  }

  /// The offsets where progress is 0 and 1 for a geometry, or nil for the unbounded
  /// `distance` and `overscroll` timelines (their progress is in points) and the motion
  /// timelines (``isMotion``).
  public func range(geometry g: ScrollGeometry) -> TimelineRange? {
    switch self {
    case .scroll(let start, let end):
      return TimelineRange(
        start: start.resolve(maxOffset: g.maxOffset), end: end.resolve(maxOffset: g.maxOffset))
    case .view(let view):
      return view.range(
        viewportHeight: g.viewportHeight, contentInsetTop: g.contentInsetTop,
        contentInsetBottom: g.contentInsetBottom)
    case .distance, .overscroll, .velocity, .direction, .quickReturn:
      return nil
    }
  }
}
