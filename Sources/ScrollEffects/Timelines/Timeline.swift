import ScrollPhysics

/// Where a timeline's progress comes from, evaluated every frame from the sample.
///
/// The offset `s` everywhere is the *distance from rest* (``ScrollSample/offset``): UIKit's
/// `contentOffset.y + adjustedContentInset.top`, 0 at rest at the top whatever the safe area,
/// bars or content insets, negative while pulled down. Every timeline below is defined on it,
/// so a spec works unchanged on a phone with a 20 pt or a 59 pt safe area.
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

  /// The unclamped progress at offset `s` for `sample`'s geometry, or nil when the timeline is
  /// inactive on this frame (a zero-length range).
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
    }
  }

  /// The offsets where progress is 0 and 1 for a geometry, or nil for the unbounded
  /// `distance` and `overscroll` timelines (their progress is in points).
  public func range(geometry g: ScrollGeometry) -> TimelineRange? {
    switch self {
    case .scroll(let start, let end):
      return TimelineRange(
        start: start.resolve(maxOffset: g.maxOffset), end: end.resolve(maxOffset: g.maxOffset))
    case .view(let view):
      return view.range(
        viewportHeight: g.viewportHeight, contentInsetTop: g.contentInsetTop,
        contentInsetBottom: g.contentInsetBottom)
    case .distance, .overscroll:
      return nil
    }
  }
}
