/// How a chain of nested scroll views shares each drag delta and fling (docs/nested-scroll.md).
///
/// The three chaining rules give the same order of consumption (sources: Flutter
/// `nested_scroll_view.dart` `_NestedScrollCoordinator.applyUserOffset`; androidx Compose
/// material3 `AppBar.kt` `ExitUntilCollapsedScrollBehavior`/`EnterAlwaysScrollBehavior`
/// `onPreScroll`/`onPostScroll`; material-components-android `AppBarLayout.Behavior`
/// `onNestedPreScroll`/`onNestedScroll`): scrolling forward (down the page) collapses the
/// headers first, outer to inner, then scrolls the list; scrolling back scrolls floating
/// headers in first, then the list to its top, then expands the other headers, inner to outer.
/// The list takes the overscroll at both ends. They differ in their settle rules
/// (``NestedHeaderSnap``) and in what their fling handover shipped as
/// (``NestedFlingHandover``). ``uikit`` chains nothing.
public enum NestedScrollRule: String, Sendable, Equatable, Hashable, CaseIterable {
  /// Flutter's `NestedScrollView` (a `SliverAppBar` header above a body list).
  case flutter
  /// Compose's `Modifier.nestedScroll` with a material3 `TopAppBarScrollBehavior`.
  case compose
  /// Android's `CoordinatorLayout` with an `AppBarLayout` and a scrolling view
  /// (`appbar_scrolling_view_behavior`).
  case coordinatorLayout
  /// Plain UIKit: the innermost scroll view under the finger scrolls alone (with its own
  /// rubber band) and nothing chains unless the app coordinates it.
  case uikit

  /// The rule named `name` (its raw value).
  /// - Throws: ``PhysicsError/unknownName(field:name:expected:)`` named `rule` for an unknown
  ///   name, listing the names.
  public init(named name: String) throws(PhysicsError) {
    self = try caseNamed(name, field: "rule")
  }

}

/// The case of `T` whose raw value is `name`.
/// - Throws: ``PhysicsError/unknownName(field:name:expected:)`` named `field` for an unknown
///   name, listing the names.
private func caseNamed<T: CaseIterable & RawRepresentable>(_ name: String, field: String)
  throws(PhysicsError) -> T where T.RawValue == String
{
  guard let value = T(rawValue: name) else {
    throw .unknownName(field: field, name: name, expected: T.allCases.map(\.rawValue))
  }
  return value
}

/// How a fling crosses the edge between two views of a chain: the default, and the buggy
/// handovers platforms have shipped, named so that users can reproduce them
/// (docs/nested-scroll.md, "Handover").
public enum NestedFlingHandover: String, Sendable, Equatable, Hashable, CaseIterable {
  /// One fling over the combined offset (Flutter `createOuterBallisticScrollActivity` over
  /// `_NestedScrollMetrics`; Compose, whose child fling dispatches every frame's delta through
  /// `onPreScroll`/`onPostScroll`; `NestedScrollingChild2` `TYPE_NON_TOUCH` since support
  /// library 26): crossing a header's edge changes the velocity by one frame's decay.
  case unified
  /// Each view decelerates on its own: the view that had the fling stops at its edge and the
  /// next one starts a new fling with the release velocity (`AppBarLayout`'s
  /// `HeaderBehavior.fling` with its own `OverScroller`, given the release velocity by
  /// `onNestedFling`): the velocity jumps back up to the release velocity at the edge.
  case separateDecays
  /// The release velocity is measured from touch positions in the moving list's coordinates,
  /// which move with the collapsing header (Compose 1.0.0-rc01, onebone/compose-collapsing-toolbar
  /// #7; Android's `NestedScrollView`/`RecyclerView` correct it with
  /// `vtev.offsetLocation(0, mNestedYOffset)`): a flick that collapses the header releases with
  /// almost no velocity. The fling itself is unified.
  case childCoordinates
  /// The fling stops dead where the view that had it reaches its edge; the next view never
  /// moves (support library before 26: cattaka/AndroidSnippets #38, hugeterry/CoordinatorTabLayout
  /// #10, material-components-android #2297).
  case stopAtEdge

  /// The handover named `name` (its raw value).
  /// - Throws: ``PhysicsError/unknownName(field:name:expected:)`` named `handover` for an
  ///   unknown name, listing the names.
  public init(named name: String) throws(PhysicsError) {
    self = try caseNamed(name, field: "handover")
  }

}

/// How a header left part-way collapsed settles once the scroll ends.
public struct NestedHeaderSnap: Sendable, Equatable, Hashable {
  /// Which end the header settles to.
  public enum Trigger: String, Sendable, Equatable, Hashable, CaseIterable {
    /// Collapse when at least half collapsed, else expand. Compose `settleAppBar`
    /// (`collapsedFraction < 0.5f` → expanded); `AppBarLayout.Behavior.snapToChildIfNeeded`
    /// (`offset < (snapBottom + snapTop) / 2`).
    case midpoint
    /// Toward the last scroll direction: expand after scrolling back, collapse after scrolling
    /// forward (Flutter `RenderSliverFloatingPersistentHeader.maybeStartSnapAnimation`, called
    /// with the position's `userScrollDirection` when scrolling stops).
    case lastDirection
  }

  /// The animation of the settle.
  public enum Curve: Sendable, Equatable, Hashable {
    /// A spring from rest (Compose `AnimationState(initialValue).animateTo(target,
    /// snapAnimationSpec)`; the default spec is `spring(stiffness = Spring.StiffnessMediumLow)`,
    /// ζ 1, stiffness 400), ending within the profile's stop thresholds.
    case spring(SpringParameters)
    /// `AppBarLayout.Behavior.animateOffsetTo(…, velocity 0)`: duration
    /// `(int)((distance / appBarHeight + 1) · 150)` ms, Android's `DecelerateInterpolator`
    /// (`1 − (1 − t)²`), where the app bar's height is the header's expanded height.
    case appBarLayout
    /// A cubic Bézier easing over a fixed duration, seconds (Flutter
    /// `FloatingHeaderSnapConfiguration`: `Curves.ease` = cubic(0.25, 0.1, 0.25, 1.0) over
    /// 300 ms).
    case cubicBezier(duration: Double, x1: Double, y1: Double, x2: Double, y2: Double)
  }

  /// Which end the header settles to.
  public var trigger: Trigger
  /// How it gets there.
  public var curve: Curve

  /// Creates a settle rule.
  /// - Parameters:
  ///   - trigger: which end.
  ///   - curve: the animation.
  public init(trigger: Trigger, curve: Curve) {
    self.trigger = trigger
    self.curve = curve
  }

  /// Compose material3 `exitUntilCollapsedScrollBehavior`/`enterAlwaysScrollBehavior`:
  /// midpoint, `spring(stiffness = Spring.StiffnessMediumLow)` (androidx `AppBar.kt`,
  /// `TopAppBarDefaults`; newer releases take the spec from the motion scheme, see the docs).
  public static let compose = NestedHeaderSnap(
    trigger: .midpoint, curve: .spring(.compose(stiffness: ComposeSpring.stiffnessMediumLow)))
  /// `AppBarLayout` scroll flag `snap`: midpoint, `(d/h + 1) · 150` ms decelerating
  /// (material-components-android `AppBarLayout.java`).
  public static let appBarLayout = NestedHeaderSnap(trigger: .midpoint, curve: .appBarLayout)
  /// Flutter `SliverAppBar(floating: true, snap: true)`: toward the last scroll direction,
  /// 300 ms `Curves.ease` (`sliver_persistent_header.dart`, `FloatingHeaderSnapConfiguration`).
  public static let flutterFloating = NestedHeaderSnap(
    trigger: .lastDirection, curve: .cubicBezier(duration: 0.3, x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))
}

/// One collapsible header (an outer scroll view of the chain): a `SliverAppBar`, a material3
/// `TopAppBar` with a scroll behaviour, an `AppBarLayout` child, a UIKit header scroll view.
///
/// Its offset runs from 0 (expanded) to ``scrollRange`` (collapsed), points.
public struct NestedScrollHeader: Sendable, Equatable, Hashable {
  /// Height when fully expanded, points, finite, > 0.
  public var expandedHeight: Double
  /// Height left on screen when fully collapsed, points, in `0 … expandedHeight`: 0 scrolls the
  /// header away entirely (`AppBarLayout` flag `scroll`, `SliverAppBar(pinned: false)`); more
  /// pins a toolbar (`exitUntilCollapsed`, `SliverAppBar(pinned: true)`'s `collapsedHeight`);
  /// `expandedHeight` never moves (Compose `pinnedScrollBehavior`).
  public var collapsedHeight: Double
  /// Whether scrolling back brings the header in before the list (`enterAlways`,
  /// `SliverAppBar(floating: true)`, `NestedScrollView(floatHeaderSlivers: true)`).
  public var floats: Bool
  /// How a part-way collapsed header settles, or nil to leave it where the scroll ends.
  public var snap: NestedHeaderSnap?

  /// Creates a header.
  /// - Parameters:
  ///   - expandedHeight: points, > 0.
  ///   - collapsedHeight: points, in `0 … expandedHeight`. Default 0.
  ///   - floats: whether it scrolls in first. Default false.
  ///   - snap: its settle rule. Default nil.
  public init(
    expandedHeight: Double, collapsedHeight: Double = 0, floats: Bool = false,
    snap: NestedHeaderSnap? = nil
  ) {
    self.expandedHeight = expandedHeight
    self.collapsedHeight = collapsedHeight
    self.floats = floats
    self.snap = snap
  }

  /// How far the header collapses, points: `expandedHeight − collapsedHeight`.
  public var scrollRange: Double { expandedHeight - collapsedHeight }
}

/// A chain of scroll views along the vertical axis, outer to inner: collapsible headers above
/// one list, in one viewport.
///
/// Each view has an offset from rest: a header's from 0 (expanded) to its
/// ``NestedScrollHeader/scrollRange``, the list's from 0 to ``listGeometry``'s `maxOffset`
/// (negative or beyond while overscrolled). The combined offset is their sum, in
/// `0 … combinedGeometry.maxOffset`. The list's viewport is the chain's minus the headers'
/// collapsed heights (the body of a `NestedScrollView`, a scrolling view below an
/// `AppBarLayout`), laid out at full size and pushed down by the expanded part of the headers.
public struct NestedScrollChain: Sendable, Equatable, Hashable {
  /// Height of the whole chain on screen, points, finite, > 0.
  public var viewportHeight: Double
  /// The headers, outer to inner.
  public var headers: [NestedScrollHeader]
  /// Height of the list's content, points, finite, ≥ 0.
  public var contentHeight: Double
  /// How drags and flings are shared between the views.
  public var rule: NestedScrollRule
  /// How a fling crosses a header's edge (chaining rules only).
  public var handover: NestedFlingHandover

  /// How view `index` of a chain of `count` views is named in every output and spec: `list`
  /// for the innermost (`count − 1`), `header` for view 0 (the outermost header), `header1`,
  /// `header2`, … for the headers between. The one naming the CSV columns, frame files,
  /// `diff` keys, delegate events and an effect spec's `scrollView` share.
  /// - Parameters:
  ///   - index: the view, outer to inner, `0 ..< count`.
  ///   - count: the chain's views (its headers and the list), ≥ 1.
  public static func viewName(_ index: Int, count: Int) -> String {
    index == count - 1 ? "list" : index == 0 ? "header" : "header\(index)"
  }

  /// Creates a chain. Values are not checked here; call ``validate()`` on untrusted input (the
  /// simulator does).
  /// - Parameters:
  ///   - viewportHeight: points, > 0.
  ///   - headers: outer to inner; at least one (``validate()`` refuses none, as a trace's
  ///     empty `nested.headers`: a list alone is a ``ScrollSimulator``).
  ///   - contentHeight: the list's content, points, ≥ 0.
  ///   - rule: default ``NestedScrollRule/flutter``.
  ///   - handover: default ``NestedFlingHandover/unified``.
  public init(
    viewportHeight: Double, headers: [NestedScrollHeader], contentHeight: Double,
    rule: NestedScrollRule = .flutter, handover: NestedFlingHandover = .unified
  ) {
    self.viewportHeight = viewportHeight
    self.headers = headers
    self.contentHeight = contentHeight
    self.rule = rule
    self.handover = handover
  }

  /// The list's geometry: viewport `viewportHeight − Σ collapsedHeight`, its content.
  public var listGeometry: ScrollGeometry {
    ScrollGeometry(
      viewportHeight: viewportHeight - headers.reduce(0) { $0 + $1.collapsedHeight },
      contentHeight: contentHeight)
  }

  /// Each view's largest offset, outer to inner (the headers' scroll ranges, then the list's
  /// `maxOffset`), points.
  public var ranges: [Double] { headers.map(\.scrollRange) + [listGeometry.maxOffset] }

  /// The one scroll view the chaining rules drive: the list's viewport, a range of
  /// `Σ ranges`, points (the formula a chain trace's `scroll.startOffset` and `scrollTo` lines
  /// are checked with).
  public var combinedGeometry: ScrollGeometry {
    let combined = NestedRange.combined(
      viewportHeight: viewportHeight, contentHeight: contentHeight,
      headers: headers.lazy.map { (expanded: $0.expandedHeight, collapsed: $0.collapsedHeight) })
    return ScrollGeometry(
      viewportHeight: combined.viewportHeight, contentHeight: combined.contentHeight)
  }

  /// Checks every field and throws the first that is not valid.
  /// - Throws: ``PhysicsError/invalidParameter(name:value:expected:)`` naming the field:
  ///   `viewportHeight`, `contentHeight`; `headers` when there is none (value 0, the count);
  ///   `headers[i].expandedHeight` (not > 0, or above the
  ///   viewport), `headers[i].collapsedHeight` (negative, or above the expanded height: a
  ///   negative scroll range); `headers.collapsedHeight` when the collapsed headers leave no
  ///   viewport for the list; `headers.expandedHeight` when the expanded headers together are
  ///   taller than the viewport.
  public func validate() throws(PhysicsError) {
    try PhysicsError.check("viewportHeight", viewportHeight, positive: true)
    try PhysicsError.check("contentHeight", contentHeight, positive: false)
    guard !headers.isEmpty else {
      throw .invalidParameter(
        name: "headers", value: 0,
        expected: "at least one header (a list alone is a ScrollSimulator)")
    }
    for (index, header) in headers.enumerated() {
      let field = "headers[\(index)]"
      try PhysicsError.check("\(field).expandedHeight", header.expandedHeight, positive: true)
      try PhysicsError.check("\(field).collapsedHeight", header.collapsedHeight, positive: false)
      guard header.collapsedHeight <= header.expandedHeight else {
        throw .invalidParameter(
          name: "\(field).collapsedHeight", value: header.collapsedHeight,
          expected: "at most the expanded height \(header.expandedHeight) (the scroll range "
            + "expandedHeight − collapsedHeight cannot be negative)")
      }
      if case .cubicBezier(let duration, let x1, let y1, let x2, let y2)? = header.snap?.curve {
        guard duration.isFinite, duration > 0, duration <= 10 else {
          throw .invalidParameter(
            name: "\(field).snap.duration", value: duration, expected: "seconds in (0, 10]")
        }
        for (name, value) in [("x1", x1), ("x2", x2)] where !(value >= 0 && value <= 1) {
          throw .invalidParameter(
            name: "\(field).snap.\(name)", value: value, expected: "a number in [0, 1]")
        }
        for (name, value) in [("y1", y1), ("y2", y2)]
        where !(value.isFinite && Swift.abs(value) <= 100) {
          throw .invalidParameter(
            name: "\(field).snap.\(name)", value: value, expected: "a number in [-100, 100]")
        }
      }
      if case .spring(let spring)? = header.snap?.curve {
        for (name, value) in [
          ("mass", spring.mass), ("stiffness", spring.stiffness), ("damping", spring.damping),
        ] where !(value.isFinite && value > 0 && value <= 1e6) {
          throw .invalidParameter(
            name: "\(field).snap.\(name)", value: value, expected: "a number in (0, 1e6]")
        }
      }
    }
    let collapsed = headers.reduce(0) { $0 + $1.collapsedHeight }
    guard collapsed < viewportHeight else {
      throw .invalidParameter(
        name: "headers.collapsedHeight", value: collapsed,
        expected: "a total below the viewport height \(viewportHeight) (the list needs a "
          + "viewport)")
    }
    let expanded = headers.reduce(0) { $0 + $1.expandedHeight }
    guard expanded <= viewportHeight else {
      throw .invalidParameter(
        name: "headers.expandedHeight", value: expanded,
        expected: "a total of at most the viewport height \(viewportHeight)")
    }
  }

  /// Each view's offset for a combined offset when the chain moves without floating headers:
  /// the outer views fill first (a header collapses before the list scrolls and expands after
  /// it reaches its top), the list takes any overscroll. Outer to inner, points.
  /// - Parameter combined: points; any finite value.
  public func offsets(forCombined combined: Double) -> [Double] {
    let inRange = Swift.min(Swift.max(combined, 0), ranges.reduce(0, +))
    var result = fill(inRange)
    result[result.count - 1] += combined - inRange
    return result
  }

  /// Each view's in-range offset when the outer views fill first, points (never past a range,
  /// whatever the rounding of `combined`).
  func fill(_ combined: Double) -> [Double] {
    var remaining = combined
    var result = ranges
    for index in result.indices {
      result[index] = Swift.min(Swift.max(remaining, 0), result[index])
      remaining -= result[index]
    }
    return result
  }

  /// The order in which views take a delta: forward (down the page) outer to inner; back:
  /// floating headers outer to inner, the list, then the other headers inner to outer.
  func consumers(forward: Bool) -> [Int] {
    let list = headers.count
    if forward { return Array(0...list) }
    let floating = headers.indices.filter { headers[$0].floats }
    let others = headers.indices.filter { !headers[$0].floats }.reversed()
    return floating + [list] + others
  }

  /// Moves in-range offsets by `delta` (points) in consumption order; returns the offsets and
  /// the index of the view that took the last part (the moving one).
  func distribute(_ start: [Double], delta: Double, forward: Bool) -> ([Double], Int) {
    var offsets = start
    var left = delta
    let order = consumers(forward: forward)
    var active = order[0]
    let ranges = ranges
    for index in order {
      let room = forward ? ranges[index] - offsets[index] : offsets[index]
      if room <= 0 { continue }
      active = index
      if left == 0 { break }
      let take = forward ? Swift.min(left, room) : Swift.max(left, -room)
      // Reaching the edge lands on it exactly.
      offsets[index] =
        Swift.abs(take) == room ? (forward ? ranges[index] : 0) : offsets[index] + take
      left -= take
      if left == 0 {
        // This view still has room in this direction: it keeps moving.
        if forward ? offsets[index] < ranges[index] : offsets[index] > 0 { break }
      }
    }
    return (offsets, active)
  }
}

/// The state of a chain at one instant: each view's, outer to inner, and the combined one.
public struct NestedScrollState: Sendable, Equatable, Hashable {
  /// Each view's state, outer to inner: the headers' (offset 0 expanded … scroll range
  /// collapsed), then the list's. The view that moves carries the velocity; a view that holds
  /// still has velocity 0 and phase idle (every view shows `tracking`/`dragging` while a finger
  /// drags a chain).
  public var views: [ScrollState]
  /// The combined offset (the sum of the views'), its velocity and phase.
  public var combined: ScrollState

  /// Creates a state.
  /// - Parameters:
  ///   - views: outer to inner.
  ///   - combined: the sum.
  public init(views: [ScrollState], combined: ScrollState) {
    self.views = views
    self.combined = combined
  }

  /// The headers' states, outer to inner.
  public var headers: ArraySlice<ScrollState> { views.dropLast() }
  /// The list's state (the innermost view).
  public var list: ScrollState { views[views.count - 1] }
}
