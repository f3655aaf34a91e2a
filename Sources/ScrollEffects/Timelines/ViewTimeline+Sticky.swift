extension ViewTimeline {
  /// A `position: sticky` subject's constraints: it stays at least `top` points below the
  /// visible area's top edge and `bottom` points above its bottom edge (nil = `auto`, no
  /// constraint), but never leaves its containing block (`containerY … containerY +
  /// containerHeight`, content coordinates). The visible area is the viewport less the content
  /// insets (iOS pins sticky headers under the bars).
  ///
  /// Source: CSS Positioned Layout Level 3 §3.4 "Sticky positioning": the box is shifted by the
  /// smallest amount that keeps it inside the sticky view rectangle inset by `top`/`bottom`,
  /// limited so it stays inside its containing block; `top` wins when both conflict. Its
  /// viewport position is then non-increasing in the offset with flat (stuck) stretches, and
  /// a view timeline's edge events are solved on that motion, see
  /// ``interval(of:viewportHeight:contentInsetTop:contentInsetBottom:)``.
  public struct Sticky: Sendable, Equatable, Hashable {
    /// `top`: points below the visible top edge, finite, or nil (`auto`).
    public var top: Double?
    /// `bottom`: points above the visible bottom edge, finite, or nil (`auto`).
    public var bottom: Double?
    /// The containing block's top, content coordinates, points, finite, ≤ the subject's top.
    public var containerY: Double
    /// The containing block's height, points, finite; it holds the subject.
    public var containerHeight: Double

    /// Sticky constraints inside a containing block.
    public init(top: Double?, bottom: Double? = nil, containerY: Double, containerHeight: Double) {
      self.top = top
      self.bottom = bottom
      self.containerY = containerY
      self.containerHeight = containerHeight
    }
  }

  /// The offset at which the sticky subject's top reaches viewport position `q` (points from
  /// the viewport's top) for the first time: the normal-flow offset `s0 = contentInsetTop + y −
  /// q`, plus the whole stuck stretch of a `top` constraint when `q` lies above the stuck
  /// position (the subject only gets there once the container pushes it on), minus the whole
  /// stuck stretch of a `bottom` constraint when `q` lies below its stuck position (the
  /// subject was pulled up there early).
  @usableFromInline func stickyOffset(
    reaching q: Double, sticky: Sticky, viewportHeight: Double, contentInsetTop: Double,
    contentInsetBottom: Double
  ) -> Double {
    var s = contentInsetTop + subjectY - q
    if let top = sticky.top, q < contentInsetTop + top {
      // Down-shift available before the subject's bottom meets the container's bottom.
      s += Swift.max(0, sticky.containerY + sticky.containerHeight - subjectY - subjectHeight)
    }
    if let bottom = sticky.bottom,
      q >= viewportHeight - contentInsetBottom - bottom - subjectHeight
    {
      // Up-shift available before the subject's top meets the container's top.
      s -= Swift.max(0, subjectY - sticky.containerY)
    }
    return s
  }

  /// The named ranges of a sticky subject: each edge event of
  /// ``interval(of:viewportHeight:contentInsetTop:contentInsetBottom:)`` solved on the sticky
  /// motion (``stickyOffset(reaching:sticky:viewportHeight:contentInsetTop:contentInsetBottom:)``).
  @usableFromInline func stickyInterval(
    of name: NamedRange, sticky: Sticky, top: Double, port: Double, viewportHeight: Double,
    contentInsetTop: Double, contentInsetBottom: Double
  ) -> TimelineRange {
    let h = subjectHeight
    func at(_ q: Double) -> Double {
      stickyOffset(
        reaching: q, sticky: sticky, viewportHeight: viewportHeight,
        contentInsetTop: contentInsetTop, contentInsetBottom: contentInsetBottom)
    }
    let portBottom = top + port
    let coverStart = at(portBottom)  // top meets the scrollport's bottom edge
    let coverEnd = at(top - h)  // bottom meets the scrollport's top edge
    let topAtTop = at(top)  // top meets the top edge
    let bottomAtBottom = at(portBottom - h)  // bottom meets the bottom edge
    let containStart = Swift.min(topAtTop, bottomAtBottom)
    let containEnd = Swift.max(topAtTop, bottomAtBottom)
    switch name {
    case .cover: return TimelineRange(start: coverStart, end: coverEnd)
    case .contain: return TimelineRange(start: containStart, end: containEnd)
    case .entry: return TimelineRange(start: coverStart, end: containStart)
    case .exit: return TimelineRange(start: containEnd, end: coverEnd)
    case .entryCrossing: return TimelineRange(start: coverStart, end: bottomAtBottom)
    case .exitCrossing: return TimelineRange(start: topAtTop, end: coverEnd)
    }
  }
}
