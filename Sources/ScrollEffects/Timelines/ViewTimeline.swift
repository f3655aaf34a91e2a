/// A view timeline: progress of a *subject* (a frame in the content) through the scrollport,
/// with the CSS named ranges.
///
/// Coordinates: the subject's top `subjectY` and `subjectHeight` are points in content
/// coordinates (0 at the content's top edge). With `s` the distance from rest
/// (``ScrollSample/offset``) and `contentInsetTop` the geometry's top inset, the subject's top
/// is drawn at `contentInsetTop + subjectY − s` from the viewport's top. The scrollport is the
/// viewport shrunk by the timeline's insets (CSS `view-timeline-inset`; `nil` is `auto`, which
/// uses the geometry's content insets, iOS's equivalent of `scroll-padding`): it spans
/// `insetStart … viewportHeight − insetEnd`, of size `P`.
///
/// With `base = subjectY + contentInsetTop − insetStart` (the offset at which the subject's
/// top meets the scrollport's top) and `h = subjectHeight`, the named ranges are, in offsets
/// (Source: CSS Scroll-driven Animations Level 1 §4.2 "View Progress Timeline Ranges",
/// https://www.w3.org/TR/scroll-animations-1/#view-timelines-ranges):
/// - `cover`: `base − P … base + h` (the subject starts to enter until it has fully left);
/// - `contain`: `min(base, base + h − P) … max(base, base + h − P)` (fully inside, or fully
///   covering the scrollport when taller than it);
/// - `entry`: cover's start … contain's start; `exit`: contain's end … cover's end;
/// - `entry-crossing`: `base − P … base + h − P` (the subject crosses the scrollport's end edge);
/// - `exit-crossing`: `base … base + h` (the subject crosses the scrollport's start edge).
/// A boundary is a named range, a percentage of it and a length (`entry 20% + 10pt`), as in
/// CSS `animation-range-start`/`-end`.
public struct ViewTimeline: Sendable, Equatable, Hashable {
  /// The CSS named timeline ranges.
  public enum NamedRange: String, Sendable, Equatable, Hashable, CaseIterable {
    /// From the subject starting to enter the scrollport to it having fully left.
    case cover
    /// While the subject is fully inside the scrollport (or fully covers it).
    case contain
    /// From cover's start to contain's start: the subject entering.
    case entry
    /// From contain's end to cover's end: the subject leaving.
    case exit
    /// While the subject crosses the scrollport's end (bottom) edge.
    case entryCrossing = "entry-crossing"
    /// While the subject crosses the scrollport's start (top) edge.
    case exitCrossing = "exit-crossing"
  }

  /// One end of the active range: `range`'s start + `percent`/100 of its length + `length`
  /// + `viewportPercent`/100 of the viewport height (CSS `vh`) + `scrollportPercent`/100 of
  /// the scrollport height `P` (Motion's container edges, see ``MotionOffset``).
  public struct Boundary: Sendable, Equatable, Hashable {
    /// The named range the percentage refers to.
    public var range: NamedRange
    /// Percent of the named range, finite (0 is its start, 100 its end).
    public var percent: Double
    /// An extra length added after the percentage, points, finite.
    public var length: Double
    /// An extra length in percent of the viewport height (CSS `vh`), finite; 0 = none.
    public var viewportPercent: Double = 0
    /// An extra length in percent of the scrollport height `P`, finite; 0 = none. Motion's
    /// container edge `c` (0…1) of `"<target> <container>"` is `−100 · c` here.
    public var scrollportPercent: Double = 0

    /// A boundary at `percent` of `range` plus `length` points.
    public init(_ range: NamedRange, percent: Double, length: Double = 0) {
      self.range = range
      self.percent = percent
      self.length = length
    }

    /// A boundary at `percent` of `range` plus `length` points, `viewportPercent` % of the
    /// viewport height and `scrollportPercent` % of the scrollport height.
    public init(
      _ range: NamedRange, percent: Double, length: Double, viewportPercent: Double,
      scrollportPercent: Double
    ) {
      self.init(range, percent: percent, length: length)
      self.viewportPercent = viewportPercent
      self.scrollportPercent = scrollportPercent
    }
  }

  /// The subject's top in content coordinates, points, finite.
  public var subjectY: Double
  /// The subject's height, points, finite, ≥ 0.
  public var subjectHeight: Double
  /// Where progress 0 is.
  public var rangeStart: Boundary
  /// Where progress 1 is.
  public var rangeEnd: Boundary
  /// Scrollport inset at the top, points ≥ 0; nil = `auto` (the geometry's `contentInsetTop`).
  public var insetStart: Double?
  /// Scrollport inset at the bottom, points ≥ 0; nil = `auto` (`contentInsetBottom`).
  public var insetEnd: Double?
  /// The top inset as CSS wrote it when it has a relative part (`%`, `vh`), resolved per frame
  /// against the viewport height; it replaces ``insetStart`` when set. nil = use ``insetStart``.
  public var insetStartLength: Length?
  /// The bottom inset with a relative part, see ``insetStartLength``.
  public var insetEndLength: Length?
  /// The subject's `position: sticky` constraints, or nil for a subject in normal flow; see
  /// ``Sticky``.
  public var sticky: Sticky?

  /// A view timeline of a subject over `range` (0% to 100%) unless the boundaries are set.
  public init(
    subjectY: Double, subjectHeight: Double, range: NamedRange = .cover,
    insetStart: Double? = nil, insetEnd: Double? = nil
  ) {
    self.subjectY = subjectY
    self.subjectHeight = subjectHeight
    self.rangeStart = Boundary(range, percent: 0)
    self.rangeEnd = Boundary(range, percent: 100)
    self.insetStart = insetStart
    self.insetEnd = insetEnd
  }

  /// The offsets (points from rest) at which named range `name` starts and ends for a
  /// viewport of `viewportHeight` points with `contentInsetTop`/`contentInsetBottom` insets.
  /// - Complexity: O(1), no allocation.
  @inlinable public func interval(
    of name: NamedRange, viewportHeight: Double, contentInsetTop: Double,
    contentInsetBottom: Double
  ) -> TimelineRange {
    let top =
      insetStartLength.map { $0.resolve(viewportHeight: viewportHeight) } ?? insetStart
      ?? contentInsetTop
    let bottom =
      insetEndLength.map { $0.resolve(viewportHeight: viewportHeight) } ?? insetEnd
      ?? contentInsetBottom
    let port = viewportHeight - top - bottom
    if let sticky {
      return stickyInterval(
        of: name, sticky: sticky, top: top, port: port, viewportHeight: viewportHeight,
        contentInsetTop: contentInsetTop, contentInsetBottom: contentInsetBottom)
    }
    let base = subjectY + (contentInsetTop - top)
    let h = subjectHeight
    let endAtEnd = base + h - port
    switch name {
    case .cover: return TimelineRange(start: base - port, end: base + h)
    case .contain:
      return TimelineRange(start: Swift.min(base, endAtEnd), end: Swift.max(base, endAtEnd))
    case .entry: return TimelineRange(start: base - port, end: Swift.min(base, endAtEnd))
    case .exit: return TimelineRange(start: Swift.max(base, endAtEnd), end: base + h)
    case .entryCrossing: return TimelineRange(start: base - port, end: endAtEnd)
    case .exitCrossing: return TimelineRange(start: base, end: base + h)
    }
  }

  /// The active range (rangeStart … rangeEnd) for a frame's geometry, in offsets.
  /// - Complexity: O(1), no allocation.
  @inlinable public func range(
    viewportHeight: Double, contentInsetTop: Double, contentInsetBottom: Double
  ) -> TimelineRange {
    func resolve(_ b: Boundary) -> Double {
      let r = interval(
        of: b.range, viewportHeight: viewportHeight, contentInsetTop: contentInsetTop,
        contentInsetBottom: contentInsetBottom)
      var offset: Double
      if b.percent == 0 {
        offset = r.start + b.length
      } else if b.percent == 100 {
        offset = r.end + b.length
      } else {
        offset = r.start + b.percent / 100 * (r.end - r.start) + b.length
      }
      if b.viewportPercent != 0 { offset += b.viewportPercent / 100 * viewportHeight }
      if b.scrollportPercent != 0 {
        let top =
          insetStartLength.map { $0.resolve(viewportHeight: viewportHeight) } ?? insetStart
          ?? contentInsetTop
        let bottom =
          insetEndLength.map { $0.resolve(viewportHeight: viewportHeight) } ?? insetEnd
          ?? contentInsetBottom
        offset += b.scrollportPercent / 100 * (viewportHeight - top - bottom)
      }
      return offset
    }
    return TimelineRange(start: resolve(rangeStart), end: resolve(rangeEnd))
  }
}

extension ViewTimeline {
  /// The same timeline measured from the other end of the content: a subject at `subjectY` in
  /// content `contentLength` points long is at `contentLength − subjectY − subjectHeight` from
  /// the far end. A timeline on a reversed axis (`rtl`, `vertical-rl`: the axis starts at the
  /// right or the bottom) is this timeline of an offset read from that end; its insets and
  /// range boundaries are already logical (CSS `view-timeline-inset` and `animation-range`
  /// name the start and end sides) and stay as they are.
  /// - Complexity: O(1).
  public func mirrored(contentLength: Double) -> ViewTimeline {
    var m = self
    m.subjectY = contentLength - subjectY - subjectHeight
    if let s = sticky {
      m.sticky = Sticky(
        top: s.bottom, bottom: s.top, containerY: contentLength - s.containerY - s.containerHeight,
        containerHeight: s.containerHeight)
    }
    return m
  }
}
