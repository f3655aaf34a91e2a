/// A point or a vector in the scroll view's two axes: x to the right, y down, points (offsets)
/// or points per second (velocities), as UIKit's `CGPoint` `contentOffset` and the
/// `withVelocity:` argument of `scrollViewWillEndDragging`.
public struct ScrollVector: Sendable, Equatable, Hashable, Codable {
  /// The horizontal component: points (or points per second), positive to the right.
  public var x: Double
  /// The vertical component: points (or points per second), positive down the page.
  public var y: Double

  /// Creates a vector.
  /// - Parameters:
  ///   - x: horizontal component.
  ///   - y: vertical component.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// (0, 0).
  public static let zero = ScrollVector(x: 0, y: 0)

  /// The length `√(x² + y²)`.
  public var magnitude: Double { (x * x + y * y).squareRoot() }
}

/// What a ``TwoAxisScrollSimulator/willEndDragging`` hook is told about a lift, as UIKit's
/// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` is.
public struct TwoAxisDragEnd: Sendable, Equatable {
  /// When the finger lifted, seconds.
  public var time: Double
  /// The offset at the lift, points from rest at the left and top (may be overscrolled).
  public var offset: ScrollVector
  /// The release velocity, points per **millisecond** (UIKit's unit), positive when the offset
  /// increases.
  public var velocity: ScrollVector
  /// The horizontal axis's geometry at the lift.
  public var horizontalGeometry: ScrollGeometry
  /// The vertical axis's geometry at the lift.
  public var verticalGeometry: ScrollGeometry

  /// Creates the description of a lift.
  public init(
    time: Double, offset: ScrollVector, velocity: ScrollVector,
    horizontalGeometry: ScrollGeometry, verticalGeometry: ScrollGeometry
  ) {
    self.time = time
    self.offset = offset
    self.velocity = velocity
    self.horizontalGeometry = horizontalGeometry
    self.verticalGeometry = verticalGeometry
  }
}

/// A two-axis `scrollViewWillEndDragging` hook: given the lift and the proposed
/// `targetContentOffset` of both axes, it may set a new one.
public typealias TwoAxisWillEndDraggingHook =
  @Sendable (_ end: TwoAxisDragEnd, _ targetContentOffset: inout ScrollVector) -> Void

/// The state of a two-axis scroll view at a time: each axis's offset from rest (at the left,
/// at the top), velocity, phase and stretch.
public struct TwoAxisScrollState: Sendable, Equatable, Hashable {
  /// The horizontal axis: offset from rest at the left, points; velocity positive to the right.
  public var horizontal: ScrollState
  /// The vertical axis: offset from rest at the top, points; velocity positive down the page.
  public var vertical: ScrollState

  /// Creates a state.
  /// - Parameters:
  ///   - horizontal: the horizontal axis.
  ///   - vertical: the vertical axis.
  public init(horizontal: ScrollState, vertical: ScrollState) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  /// The offset in both axes, points from rest.
  public var offset: ScrollVector {
    ScrollVector(x: horizontal.offset, y: vertical.offset)
  }

  /// The velocity in both axes, points per second.
  public var velocity: ScrollVector {
    ScrollVector(x: horizontal.velocity, y: vertical.velocity)
  }

  /// The scroll view's phase: the more active of the two axes' (dragging over tracking over
  /// decelerating over bouncing over animating over idle).
  public var phase: ScrollPhase {
    ScrollPhase.moreActive(horizontal.phase, vertical.phase)
  }
}

extension ScrollPhase {
  /// How active a phase is, for merging two axes: dragging over tracking over decelerating over
  /// bouncing over animating over idle.
  var activity: Int {
    switch self {
    case .idle: 0
    case .animating: 1
    case .bouncing: 2
    case .decelerating: 3
    case .tracking: 4
    case .dragging: 5
    }
  }

  /// The more active of two phases (`a` on a tie).
  static func moreActive(_ a: ScrollPhase, _ b: ScrollPhase) -> ScrollPhase {
    a.activity >= b.activity ? a : b
  }
}

/// One scroll view that scrolls in both axes (UIScrollView is two-dimensional): a photo viewer,
/// a map, a grid, a horizontal pager or carousel.
///
/// Each axis runs the one-axis physics of ``ScrollSimulator`` with its own geometry
/// (``horizontalGeometry`` reads `viewportHeight`/`contentHeight` as the width of the viewport
/// and the content, `contentInsetTop`/`contentInsetBottom` as the left and right insets), its
/// own rubber band, bounce and ``ScrollTargetBehavior`` (paging and snapping on x:
/// ``setTargetBehavior(horizontal:vertical:)``). What couples them is here:
///
/// - which axes a finger moves: the ``directionalLock`` (default: the profile's
///   ``PhysicsProfile/directionalLock``);
/// - the release velocity of both axes, from the finger's two-dimensional velocity, limited per
///   axis or as a vector (``PhysicsProfile/releaseVelocityLimit``);
/// - one set of delegate callbacks for the scroll view (``scrollViewEvents``): one
///   `scrollViewWillBeginDragging` per drag, `scrollViewDidEndDecelerating` once both axes rest,
///   one SwiftUI phase for the view.
///
/// The profile's momentum curve runs on each axis from its own release velocity. With the iOS
/// profile (one exponential deceleration rate for both axes) a fling travels in a straight
/// line until the slower axis stops; with Android's `OverScroller` each axis has its own spline
/// and duration, so a diagonal fling curves (docs/two-axes.md).
///
/// Feed events in time order; ask ``state(at:)`` for any time at or after the last event.
public struct TwoAxisScrollSimulator: Sendable {
  /// The horizontal axis's physics.
  public internal(set) var horizontal: ScrollSimulator
  /// The vertical axis's physics.
  public internal(set) var vertical: ScrollSimulator
  /// Which axes a finger moves; change it with ``setDirectionalLock(_:)`` (it applies from the
  /// next touch-down).
  public internal(set) var directionalLock: DirectionalLock
  /// The release velocity of the last touch-up, both axes, points per second (after the lock,
  /// the limits and any carried momentum), or nil before the first.
  public internal(set) var lastReleaseVelocity: ScrollVector?
  /// The scroll view's delegate callbacks, SwiftUI phase changes and jumps since the last
  /// ``removeScrollViewEvents()``, in time order: both axes' events merged into the view's
  /// (see ``TwoAxisScrollSimulator`` and docs/two-axes.md). `scrollViewWillEndDragging` carries
  /// in its one-axis `kind` the velocity and target of the axis released faster (on a tie, the
  /// vertical axis's unless only the horizontal one scrolls: a pager); both axes' are in its
  /// `twoAxis`, ``lastReleaseVelocity`` and ``restingOffset``.
  public internal(set) var scrollViewEvents: [ScrollViewEvent] = []

  /// A `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` hook for both axes
  /// (UIKit passes `CGPoint`s), or nil. Called at every lift with the proposed target of each
  /// axis (its paging or snapping target, else its natural rest); the target it sets is
  /// clamped into each axis's range and the motion lands exactly on it, as
  /// ``ScrollSimulator/willEndDragging`` does for one axis (it replaces the axes' own hooks for
  /// the lift). An axis the finger never dragged (locked out) keeps its offset. A non-finite
  /// target is rejected: that axis keeps its own target and ``touchUp(at:)`` throws
  /// ``PhysicsError/invalidParameter(name:value:expected:)`` named `targetContentOffset`
  /// (`xTargetContentOffset` for x).
  public var willEndDragging: TwoAxisWillEndDraggingHook?

  /// Whether a status-bar tap (``scrollToTop(at:)``) scrolls the view to the top (UIKit
  /// `scrollsToTop`, default true): the vertical axis's ``ScrollSimulator/scrollsToTop``.
  public var scrollsToTop: Bool {
    get { vertical.scrollsToTop }
    set { vertical.scrollsToTop = newValue }
  }

  /// Whether content narrower than the viewport still moves and bounces horizontally (UIKit
  /// `alwaysBounceHorizontal`, default false): when false, a drag, fling or wheel on x does
  /// nothing while `contentWidth` fits the viewport (`maxOffset` 0). It applies from the next
  /// input. Content wider than the viewport bounces at its edges either way (UIKit `bounces`).
  public var alwaysBounceHorizontal: Bool {
    get { horizontal.bouncesWhenContentFits }
    set { horizontal.bouncesWhenContentFits = newValue }
  }

  /// Whether content shorter than the viewport still moves and bounces vertically (UIKit
  /// `alwaysBounceVertical`, default false, whatever the profile's
  /// ``PhysicsProfile/bouncesWhenContentFits``, which is the one-axis ``ScrollSimulator``'s:
  /// SwiftUI's vertical `ScrollView` bounces, a `UIScrollView` does not). A horizontal pager
  /// whose content height fits does not move vertically unless this is set. It applies from the
  /// next input.
  public var alwaysBounceVertical: Bool {
    get { vertical.bouncesWhenContentFits }
    set { vertical.bouncesWhenContentFits = newValue }
  }

  /// Whether trackpad sessions run on rails (Chromium's Mac rule,
  /// `content/browser/renderer_host/input/mouse_wheel_rails_filter_mac.cc`
  /// `MouseWheelRailsFilterMac::UpdateRailsMode`): for a delta with a phase (a trackpad session
  /// or its momentum; a mouse wheel's notch, phase `none`, stays free), the decayed sums
  /// `s ← 0.8·s + (|dx|, |dy|)` (reset at `began`) decide: when neither exceeds twice the other
  /// the delta moves both axes (`kMinRailRatio` 2), else only the larger axis moves. Decided per
  /// delta. Default true for the `chromium-mac` profile, false otherwise: the touch
  /// ``directionalLock`` does not apply to wheels, and whether UIKit locks an iPad trackpad's
  /// pan is not documented (docs/two-axes.md).
  public var railsTrackpadScrolling: Bool
  /// The decayed trackpad deltas of ``railsTrackpadScrolling``, points.
  var railsDecayed = ScrollVector.zero

  /// The finger's raw positions, for the two-dimensional release velocity.
  var xTracker: VelocityTracker
  var yTracker: VelocityTracker
  /// The touch being tracked, or nil.
  var gesture: Gesture?
  /// What the view has reported, for merging the axes' events.
  var merged = MergeState()

  /// One touch: where it went down, the last raw position, the positions given to each axis
  /// (a locked-out axis's stays put), and the lock's decision.
  struct Gesture: Sendable {
    var down: ScrollVector
    var last: ScrollVector
    var fed: ScrollVector
    /// Whether the drag has started (both axes' in `free`; the unlocked axes' otherwise).
    var started: Bool
    /// The axis the finger is locked to, or nil for both.
    var locked: DirectionalLock.Axis?
    /// Flutter's weighted-event mode: the pan's start point.
    var start: ScrollVector
  }

  /// Creates a simulator at rest.
  /// - Parameters:
  ///   - horizontal: the horizontal axis's geometry (widths; left and right insets); validated.
  ///   - vertical: the vertical axis's geometry; validated.
  ///   - profile: physics constants; validated. Default ``PhysicsProfile/ios``.
  ///   - screenScale: pixels per point, in [0.25, 10]. Default 3.
  ///   - startOffset: points from rest, each within its axis's range.
  ///   - directionalLock: which axes a finger moves; nil (default) for the profile's
  ///     ``PhysicsProfile/directionalLock``. Validated.
  /// - Throws: ``PhysicsError/invalidParameter(name:value:expected:)`` naming the first bad value
  ///   (a horizontal field is named with an `x` prefix: `xViewportHeight`, `xContentHeight`,
  ///   `xContentInsetTop`, `xContentInsetBottom`, `xStartOffset`; the lock's as profile fields,
  ///   `directionalLockThreshold`, `directionalLockAngle`).
  public init(
    horizontal: ScrollGeometry, vertical: ScrollGeometry, profile: PhysicsProfile = .ios,
    screenScale: Double = 3, startOffset: ScrollVector = .zero,
    directionalLock: DirectionalLock? = nil
  ) throws(PhysicsError) {
    try profile.validate()
    let lock = directionalLock ?? profile.directionalLock
    try lock.validate()
    self.vertical = try ScrollSimulator(
      geometry: vertical, profile: profile, screenScale: screenScale, startOffset: startOffset.y)
    self.horizontal = try Self.horizontalAxis {
      () throws(PhysicsError) in
      try ScrollSimulator(
        geometry: horizontal, profile: profile, screenScale: screenScale,
        startOffset: startOffset.x)
    }
    self.directionalLock = lock
    // UIScrollView's defaults: neither axis bounces when its content fits (docs/two-axes.md).
    self.vertical.bouncesWhenContentFits = false
    self.horizontal.bouncesWhenContentFits = false
    railsTrackpadScrolling = profile.name == "chromium-mac"
    xTracker = VelocityTracker(estimator: profile.velocityEstimator)
    yTracker = VelocityTracker(estimator: profile.velocityEstimator)
  }

  /// The horizontal axis's geometry.
  public var horizontalGeometry: ScrollGeometry { horizontal.geometry }
  /// The vertical axis's geometry.
  public var verticalGeometry: ScrollGeometry { vertical.geometry }

  /// Whether a trackpad session ended in range and the system's momentum may still follow
  /// (``ScrollSimulator``'s, of either axis: both take every phase of a session): the view is
  /// at rest unless momentum deltas come.
  package var awaitsMomentum: Bool { vertical.awaitsMomentum || horizontal.awaitsMomentum }
  /// The physics constants (both axes').
  public var profile: PhysicsProfile { vertical.profile }

  /// Where the view comes to rest as laid out now, both axes, points (the target of a fling
  /// once released: its `targetContentOffset`).
  public var restingOffset: ScrollVector {
    ScrollVector(x: horizontal.restingOffset, y: vertical.restingOffset)
  }

  /// The state at `time` (seconds, ≥ the last event's time).
  /// - Complexity: O(1), no allocation.
  public func state(at time: Double) -> TwoAxisScrollState {
    TwoAxisScrollState(horizontal: horizontal.state(at: time), vertical: vertical.state(at: time))
  }

  /// Adds the events inside a motion up to `time` (its end) to ``scrollViewEvents``.
  public mutating func advance(to time: Double) {
    horizontal.advance(to: time)
    vertical.advance(to: time)
    mergeAxisEvents()
  }

  /// Forgets the events read.
  public mutating func removeScrollViewEvents() {
    scrollViewEvents.removeAll(keepingCapacity: true)
  }

  /// Sets the directional lock; it applies from the next touch-down.
  /// - Throws: ``PhysicsError/invalidParameter(name:value:expected:)`` named
  ///   `directionalLockThreshold` or `directionalLockAngle`.
  public mutating func setDirectionalLock(_ lock: DirectionalLock) throws(PhysicsError) {
    try lock.validate()
    directionalLock = lock
  }

  /// Sets where flings may come to rest on each axis: `.paging` on x pages by the viewport's
  /// width (a photo pager), `.viewAligned` on x snaps to item offsets (a carousel; leading-edge
  /// group paging with the groups' leading offsets). Takes effect at the next release.
  /// - Throws: ``PhysicsError/invalidParameter(name:value:expected:)`` for bad item offsets,
  ///   named `xItemOffsets` for the horizontal axis, `itemOffsets` for the vertical.
  public mutating func setTargetBehavior(
    horizontal newHorizontal: ScrollTargetBehavior,
    vertical newVertical: ScrollTargetBehavior = .none
  ) throws(PhysicsError) {
    try Self.horizontalAxis { () throws(PhysicsError) in try newHorizontal.validate() }
    try vertical.setTargetBehavior(newVertical)
    try horizontal.setTargetBehavior(newHorizontal)
  }

  /// A finger touches the screen at (`x`, `y`), points from the top left of the screen: any
  /// motion in either axis is caught where it is.
  /// - Throws: ``PhysicsError`` as ``ScrollSimulator/touchDown(y:at:)``; a bad `x` is named `x`.
  public mutating func touchDown(x: Double, y: Double, at time: Double) throws(PhysicsError) {
    try Self.checkX(x)
    try checkInput(y: y, time: time)
    try vertical.touchDown(y: y, at: time)
    try horizontal.touchDown(y: x, at: time)
    let point = ScrollVector(x: x, y: y)
    horizontal.dragStartIsExternal = true
    vertical.dragStartIsExternal = true
    xTracker.reset()
    yTracker.reset()
    xTracker.add(position: x, at: time)
    yTracker.add(position: y, at: time)
    gesture = Gesture(
      down: point, last: point, fed: point, started: false, locked: nil, start: point)
    mergeAxisEvents()
  }

  /// The finger moves to (`x`, `y`); moving left scrolls right, moving up scrolls down. The
  /// ``directionalLock`` decides which axes follow.
  /// - Throws: ``PhysicsError`` as ``ScrollSimulator/touchMove(y:at:)``; a bad `x` is named `x`.
  public mutating func touchMove(x: Double, y: Double, at time: Double) throws(PhysicsError) {
    try Self.checkX(x)
    try checkInput(y: y, time: time)
    guard var g = gesture else {
      // No finger down: let the axis report it.
      try vertical.touchMove(y: y, at: time)
      return
    }
    let point = ScrollVector(x: x, y: y)
    let lock = directionalLock
    xTracker.add(position: x, at: time)
    yTracker.add(position: y, at: time)
    var begin: (x: Bool, y: Bool) = (false, false)
    var slopPassed: (x: Bool, y: Bool) = (false, false)
    let step = ScrollVector(x: x - g.last.x, y: y - g.last.y)
    var route: (x: Bool, y: Bool) = (true, true)
    switch lock.mode {
    case .free:
      if !g.started {
        // RecyclerView: the drag starts when either axis passes the slop, for both axes; an
        // axis past it subtracts it (Android's model), the other starts where it is.
        let slop = vertical.profile.dragStartSlop
        slopPassed = (Swift.abs(x - g.down.x) > slop, Swift.abs(y - g.down.y) > slop)
        if slopPassed.x || slopPassed.y {
          g.started = true
          begin = (true, true)
        }
      }
    case .firstAxis:
      if !g.started {
        let tx = Swift.abs(x - g.down.x)
        let ty = Swift.abs(y - g.down.y)
        if Swift.max(tx, ty) > lock.threshold {
          g.started = true
          g.locked = ty >= tx ? .vertical : .horizontal
          if g.locked == .vertical { g.fed.y = y } else { g.fed.x = x }
          begin = (g.locked == .horizontal, g.locked == .vertical)
        }
        route = (false, false)
      } else {
        route = (g.locked == .horizontal, g.locked == .vertical)
      }
    case .weightedEvent, .weightedContinuous:
      if !g.started {
        let distance = ScrollVector(x: x - g.down.x, y: y - g.down.y).magnitude
        if distance > 2 * lock.threshold {
          // kPanSlop = 2·kTouchSlop: the pan starts here, with no axis chosen yet.
          g.started = true
          g.start = point
          g.fed = point
          begin = (true, true)
        }
        route = (false, false)
      } else {
        if lock.mode == .weightedContinuous {
          g.locked = Self.weightedWinner(dx: step.x, dy: step.y, threshold: lock.threshold)
        } else if g.locked == nil {
          g.locked = Self.weightedWinner(
            dx: x - g.start.x, dy: y - g.start.y, threshold: lock.threshold)
        }
        route = (g.locked != .vertical, g.locked != .horizontal)
      }
    case .angle, .rails:
      if !g.started {
        let total = ScrollVector(x: x - g.down.x, y: y - g.down.y)
        if total.magnitude >= lock.threshold && total.magnitude > 0 {
          g.started = true
          g.locked = lock.axis(dx: total.x, dy: total.y)
          if g.locked != .vertical { g.fed.x = x }
          if g.locked != .horizontal { g.fed.y = y }
          begin = (g.locked != .vertical, g.locked != .horizontal)
        }
        route = (false, false)
      } else {
        if lock.mode == .rails, let rail = g.locked {
          let vx = Swift.abs(xTracker.velocity(at: time))
          let vy = Swift.abs(yTracker.velocity(at: time))
          let (along, across) = rail == .horizontal ? (vx, vy) : (vy, vx)
          if across > DirectionalLock.railBreakProportion * along
            + DirectionalLock.railBreakVelocity
          {
            // BreakRailScroll: free for the rest of the gesture; the other axis starts here.
            g.locked = nil
            begin = (rail == .vertical, rail == .horizontal)
          }
        }
        route = (g.locked != .vertical, g.locked != .horizontal)
      }
    }
    if route.x { g.fed.x += step.x }
    if route.y { g.fed.y += step.y }
    if lock.mode == .free { g.fed = point }
    g.last = point
    gesture = g
    // An axis whose drag begins at this sample begins first, so the sample itself moves it as
    // the one-axis drag does (the slop's part, if any, subtracted or dropped by the profile).
    if begin.y { vertical.beginDrag(y: g.fed.y, at: time, slopPassed: slopPassed.y) }
    if begin.x { horizontal.beginDrag(y: g.fed.x, at: time, slopPassed: slopPassed.x) }
    try vertical.touchMove(y: g.fed.y, at: time)
    try horizontal.touchMove(y: g.fed.x, at: time)
    mergeAxisEvents()
  }

  /// The finger lifts. Returns the release velocity in both axes, points per second: the
  /// finger's two-dimensional velocity (times each axis's rubber-band slope when overscrolled in
  /// the iOS model), without the axes the lock kept still (except in Flutter's weighted modes,
  /// where both axes' drags began and both fling), limited by the profile's
  /// ``PhysicsProfile/releaseVelocityLimit``, plus any carried momentum.
  /// - Throws: as ``ScrollSimulator/touchUp(at:)``.
  @discardableResult
  public mutating func touchUp(at time: Double) throws(PhysicsError) -> ScrollVector {
    guard gesture != nil else {
      // No finger down: let the axis report it.
      _ = try vertical.touchUp(at: time)
      return .zero
    }
    try checkInput(y: 0, time: time)
    let release = releaseVelocity(at: time)
    gesture = nil
    defer { mergeAxisEvents() }
    setFlingLead(
      ScrollVector(
        x: horizontal.liftVelocity(release.x, at: time),
        y: vertical.liftVelocity(release.y, at: time)))
    defer {
      horizontal.flingLead = nil
      vertical.flingLead = nil
    }
    let hooks = (x: horizontal.willEndDragging, y: vertical.willEndDragging)
    defer {
      horizontal.willEndDragging = hooks.x
      vertical.willEndDragging = hooks.y
    }
    if let hook = willEndDragging,
      let x = horizontal.proposedRelease(velocity: release.x, at: time),
      let y = vertical.proposedRelease(velocity: release.y, at: time)
    {
      let end = TwoAxisDragEnd(
        time: time, offset: ScrollVector(x: horizontal.restingOffset, y: vertical.restingOffset),
        velocity: ScrollVector(x: x.velocity / 1000, y: y.velocity / 1000),
        horizontalGeometry: horizontal.geometry, verticalGeometry: vertical.geometry)
      var target = ScrollVector(x: x.target, y: y.target)
      hook(end, &target)
      let chosen = target
      horizontal.willEndDragging = { _, t in t = chosen.x }
      vertical.willEndDragging = { _, t in t = chosen.y }
    }
    // Both axes lift even when a hook's target is rejected on one; the first error is thrown.
    var failure: PhysicsError?
    do {
      _ = try vertical.touchUp(at: time, releaseVelocity: release.y)
    } catch { failure = error }
    do {
      _ = try Self.horizontalAxis { () throws(PhysicsError) in
        try horizontal.touchUp(at: time, releaseVelocity: release.x)
      }
    } catch { failure = failure ?? error }
    let velocity = ScrollVector(
      x: horizontal.lastReleaseVelocity ?? 0, y: vertical.lastReleaseVelocity ?? 0)
    lastReleaseVelocity = velocity
    if let failure { throw failure }
    return velocity
  }

  /// The system cancels the touch: no fling; an overscrolled axis bounces back.
  /// - Throws: as ``ScrollSimulator/touchCancel(at:)``.
  public mutating func touchCancel(at time: Double) throws(PhysicsError) {
    gesture = nil
    defer { mergeAxisEvents() }
    try vertical.touchCancel(at: time)
    try horizontal.touchCancel(at: time)
  }

  /// A wheel or trackpad delta in both axes, points (positive scrolls right and down). The
  /// directional lock does not apply (it is a touch rule); with ``railsTrackpadScrolling`` a
  /// trackpad delta runs on Chromium's Mac rails.
  /// - Returns: the release velocity of a trackpad session's end, else nil.
  /// - Throws: as ``ScrollSimulator/wheel(deltaY:phase:at:)``; a bad `deltaX` is named `deltaX`.
  @discardableResult
  public mutating func wheel(
    deltaX: Double, deltaY: Double, phase: WheelPhase = .none, at time: Double
  ) throws(PhysicsError) -> ScrollVector? {
    guard deltaX.isFinite, Swift.abs(deltaX) <= PhysicsError.maximumMagnitude else {
      throw .invalidParameter(
        name: "deltaX", value: deltaX, expected: "a finite delta in points, |deltaX| ≤ 1e7")
    }
    guard deltaY.isFinite, Swift.abs(deltaY) <= PhysicsError.maximumMagnitude else {
      throw .invalidParameter(
        name: "deltaY", value: deltaY, expected: "a finite delta in points, |deltaY| ≤ 1e7")
    }
    defer { mergeAxisEvents() }
    var delta = ScrollVector(x: deltaX, y: deltaY)
    if railsTrackpadScrolling && phase != .none {
      if phase == .began { railsDecayed = .zero }
      if deltaX != 0 || deltaY != 0 {
        railsDecayed = ScrollVector(
          x: 0.8 * railsDecayed.x + Swift.abs(deltaX), y: 0.8 * railsDecayed.y + Swift.abs(deltaY))
        let larger = Swift.max(railsDecayed.x, railsDecayed.y)
        let smaller = Swift.min(railsDecayed.x, railsDecayed.y)
        if smaller * 2 <= larger {
          if railsDecayed.y >= railsDecayed.x { delta.x = 0 } else { delta.y = 0 }
        }
      }
    }
    let y = try vertical.wheel(deltaY: delta.y, phase: phase, at: time)
    let x = try horizontal.wheel(deltaY: delta.x, phase: phase, at: time)
    if x == nil && y == nil { return nil }
    return ScrollVector(x: x ?? 0, y: y ?? 0)
  }

  /// `setContentOffset(_:animated:)`: both axes, each clamped into its range.
  /// - Throws: as ``ScrollSimulator/scrollTo(offset:animated:at:)``; a bad x offset is named
  ///   `x`.
  public mutating func scrollTo(offset: ScrollVector, animated: Bool, at time: Double)
    throws(PhysicsError)
  {
    try Self.checkX(offset.x)
    defer { mergeAxisEvents() }
    try vertical.scrollTo(offset: offset.y, animated: animated, at: time)
    try horizontal.scrollTo(offset: offset.x, animated: animated, at: time)
  }

  /// A status-bar tap (`scrollsToTop`): the vertical axis scrolls to its top, as
  /// ``ScrollSimulator/scrollToTop(at:)``; the horizontal offset stays (UIKit scrolls
  /// `contentOffset.y` only). Nothing when the view rests at the top or
  /// ``scrollsToTop`` is false.
  /// - Throws: as ``ScrollSimulator/scrollToTop(at:)``.
  public mutating func scrollToTop(at time: Double) throws(PhysicsError) {
    try checkInput(y: 0, time: time)
    defer { mergeAxisEvents() }
    horizontal.advance(to: time)
    try vertical.scrollToTop(at: time)
  }

  /// New geometry for both axes.
  /// - Throws: as ``ScrollSimulator/setGeometry(_:at:)``; horizontal fields are named with an
  ///   `x` prefix (`xViewportHeight`…).
  public mutating func setGeometry(
    horizontal newHorizontal: ScrollGeometry, vertical newVertical: ScrollGeometry,
    at time: Double
  ) throws(PhysicsError) {
    try Self.horizontalAxis { () throws(PhysicsError) in try newHorizontal.validate() }
    defer { mergeAxisEvents() }
    try vertical.setGeometry(newVertical, at: time)
    try horizontal.setGeometry(newHorizontal, at: time)
  }

  // MARK: Internals

  /// The release velocity of both axes at a lift, points per second, limited (before carried
  /// momentum): only axes whose drag began count.
  mutating func releaseVelocity(at time: Double) -> ScrollVector {
    guard gesture != nil else { return .zero }
    func dragging(_ axis: ScrollSimulator) -> Bool {
      if case .touching = axis.mode { return axis.touch.isDragging }
      return false
    }
    var v = ScrollVector(
      x: dragging(horizontal) ? -xTracker.velocity(at: time) * horizontal.releaseSlope : 0,
      y: dragging(vertical) ? -yTracker.velocity(at: time) * vertical.releaseSlope : 0)
    let profile = vertical.profile
    let minimum = profile.minimumFlingVelocity
    let maximum = profile.maximumFlingVelocity
    switch profile.releaseVelocityLimit {
    case .perAxis:
      func limit(_ c: Double) -> Double {
        let clamped = Swift.min(Swift.max(c, -maximum), maximum)
        return Swift.abs(clamped) < minimum ? 0 : clamped
      }
      v = ScrollVector(x: limit(v.x), y: limit(v.y))
    case .magnitude:
      let speed = v.magnitude
      if speed < minimum || speed == 0 {
        v = .zero
      } else if speed > maximum {
        v = ScrollVector(x: v.x * maximum / speed, y: v.y * maximum / speed)
      }
    }
    return v
  }

  /// Under ``DiagonalFling/largerAxis`` (Chromium), hands the axis with the smaller component
  /// of the lift's velocity (points per second, after carried momentum) the other's release, so
  /// that its momentum follows the larger axis's curve, scaled; the larger axis runs its own
  /// one-axis curve. On a tie y leads (`PhysicsBasedFlingCurve`: `fabs(velocity.y()) ==
  /// fling_velocity`). Nothing when either component is 0 (a one-axis fling).
  mutating func setFlingLead(_ velocity: ScrollVector) {
    guard profile.diagonalFling == .largerAxis, velocity.x != 0, velocity.y != 0 else { return }
    if Swift.abs(velocity.y) >= Swift.abs(velocity.x) {
      horizontal.flingLead = FlingLead(
        velocity: velocity.y, viewport: vertical.geometry.viewportHeight)
    } else {
      vertical.flingLead = FlingLead(
        velocity: velocity.x, viewport: horizontal.geometry.viewportHeight)
    }
  }

  /// Flutter `_evaluateLockedAxis`: the axis that wins a movement, or nil (both).
  static func weightedWinner(dx: Double, dy: Double, threshold: Double) -> DirectionalLock.Axis? {
    let differential = Swift.abs(dx) - Swift.abs(dy)
    guard Swift.abs(differential) >= threshold else { return nil }
    return differential > 0 ? .horizontal : .vertical
  }

  /// Rejects what the axes would reject (a bad `y` or time), before anything changes.
  func checkInput(y: Double, time: Double) throws(PhysicsError) {
    guard time.isFinite else {
      throw .invalidParameter(name: "time", value: time, expected: "a finite number of seconds")
    }
    guard y.isFinite, Swift.abs(y) <= PhysicsError.maximumMagnitude else {
      throw .invalidParameter(name: "y", value: y, expected: "a finite position in points")
    }
    let previous = Swift.max(vertical.lastEventTime, horizontal.lastEventTime)
    guard time >= previous else { throw .timeWentBackwards(time: time, previous: previous) }
  }

  /// Rejects a non-finite or huge x, named `x`.
  static func checkX(_ x: Double) throws(PhysicsError) {
    guard x.isFinite, Swift.abs(x) <= PhysicsError.maximumMagnitude else {
      throw .invalidParameter(name: "x", value: x, expected: "a finite position in points")
    }
  }

  /// Runs `body` for the horizontal axis: an invalid parameter it throws is renamed with an `x`
  /// prefix (`viewportHeight` → `xViewportHeight`), so the user can tell the axes apart.
  static func horizontalAxis<T>(_ body: () throws(PhysicsError) -> T) throws(PhysicsError) -> T {
    do {
      return try body()
    } catch {
      guard case .invalidParameter(let name, let value, let expected) = error,
        let first = name.first
      else { throw error }
      throw .invalidParameter(
        name: "x" + first.uppercased() + name.dropFirst(), value: value, expected: expected)
    }
  }
}
