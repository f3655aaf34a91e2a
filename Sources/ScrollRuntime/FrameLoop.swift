import ScrollEffects
import ScrollPhysics
import ScrollTrace

/// The one frame-stepping core of the package: drives a ``/ScrollPhysics/ScrollSimulator`` with
/// the inputs of a source and evaluates an effect, frame by frame. `scrollsim replay`,
/// `scrollsim simulate` and `scrollsim check` all run it.
///
/// For each frame at its target time it applies the inputs due by then (touches, wheel deltas,
/// programmatic scrolls, synthetic releases, content and viewport changes), evaluates the
/// physics at that time and the effect from that same offset. Content and viewport changes go
/// through ``/ScrollPhysics/ScrollSimulator/setGeometry(_:at:)``, so a change keeps the motion
/// (velocity and phase) going. An input the physics rejects is a thrown error, never skipped.
///
/// A loop over an offset trace (recorded `contentOffset.y` samples) has no physics: it
/// resamples the samples to each frame's time (``OffsetResampler``) and feeds the effect the
/// distance from rest, `y + contentInsetTop`, with the phase inferred (`idle` when the
/// resampled velocity is 0, else `decelerating`).
///
/// Frame `n` has target time `n / refreshRate` seconds, computed from the index (never
/// accumulated), so a run is a pure function of the inputs and the settings: the same inputs
/// give bit-identical frames, whatever their source, and a real-time run that misses frames
/// still computes every other frame exactly as an offline run does.
///
/// The source decides what a loop may do: a loop over values (``TraceInputs``,
/// ``FrameInputList``) is copyable and `Sendable`; a loop that streams a file
/// (``TraceStreamInputs``) owns its reader, so it is neither copyable nor `Sendable`.
public struct FrameLoop<Source: FrameInputSource & ~Copyable>: ~Copyable {
  /// The physics, the effect and the last frame (stored first: a fixed offset whatever the
  /// source's type). The loop itself is a thin generic shell, `@inlinable` so that a caller's
  /// module specialises it for its source; the per-frame work is in the core, compiled once.
  @usableFromInline var core: FrameCore
  /// The next input to apply (read one ahead of the clock), or nil when none is read.
  @usableFromInline var pending: (input: FrameInput, line: Int)?
  @usableFromInline var isExhausted = false
  /// The inputs (internal: the trace extension reads its header).
  @usableFromInline var source: Source

  /// Names the input in errors: the trace's path, or what generated the inputs.
  @inlinable public var file: String { core.file }
  /// Frames per second, in 1…1000 (60 or 120 on phones).
  @inlinable public var refreshRate: Int { core.refreshRate }
  /// The scroll geometry now: the starting one, as changed by content and viewport inputs.
  @inlinable public var geometry: ScrollGeometry { core.geometry }
  /// The physics constants of the run, or nil for an offset trace (no physics).
  @inlinable public var profile: PhysicsProfile? { core.profile }
  /// Whether the run scrolls in both axes (a ``/ScrollPhysics/TwoAxisScrollSimulator``: a trace
  /// whose header declares a horizontal axis, or ``init(source:geometry:horizontalGeometry:profile:screenScale:startOffset:targetBehavior:horizontalTargetBehavior:effect:refreshRate:)``).
  /// Then ``sample``'s `horizontal` holds the horizontal axis every frame.
  @inlinable public var isTwoAxis: Bool { core.isTwoAxis }
  /// The last computed frame's horizontal offset from rest at the left, points, or nil when
  /// the run scrolls only vertically (``sample``'s `horizontal?.offset`).
  @inlinable public var horizontalOffset: Double? { core.sample.horizontal?.offset }
  /// The last computed frame's horizontal physics state (offset, velocity, phase, stretch), or
  /// nil when the run scrolls only vertically.
  @inlinable public var horizontalState: ScrollState? { core.horizontalState }
  /// The outputs the effect writes into ``values``, in order (empty without an effect).
  @inlinable public var outputs: [EffectOutput] { core.outputs }
  /// Index of the last computed frame; -1 before the first.
  @inlinable public var frameIndex: Int { core.frameIndex }
  /// The last computed frame's physics state (offset, velocity, phase, stretch); in a
  /// two-axis run the vertical axis's, with the scroll view's phase.
  @inlinable public var state: ScrollState { core.state }
  /// The last computed frame's sample (time, offset, velocity, phase, geometry).
  @inlinable public var sample: ScrollSample { core.sample }
  /// The last computed frame's effect outputs, one per ``outputs`` entry.
  @inlinable public var values: [Double] { core.values }
  /// The last computed frame's outputs and events, readable by name (`loop.frame["titlePinned"]`).
  @inlinable public var frame: EffectFrame { core.frame }
  /// The last computed frame's value of the output named `name`, or nil when the effect has no
  /// such output.
  /// - Complexity: O(outputs).
  public func value(of name: String) -> Double? { core.frame[name] }
  /// Threshold crossings of the last computed frame (usually empty).
  @inlinable public var events: [EffectEvent] { core.events }
  /// The scroll view's own events reported in the last computed frame: `UIScrollViewDelegate`
  /// callbacks, SwiftUI phase changes, completions and instant-jump markers
  /// (``/ScrollPhysics/ScrollViewEvent``), each with its exact time, at or before the frame's
  /// time and after the previous computed frame's; in time order, usually empty. Empty for an
  /// offset trace (no physics) and for a nested chain, whose views' callbacks are in
  /// ``nestedScrollViewEvents``.
  @inlinable public var scrollViewEvents: [ScrollViewEvent] { core.scrollViewEvents }
  /// The `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` hook of the run's
  /// simulator (``/ScrollPhysics/ScrollSimulator/willEndDragging``): it may replace the target of
  /// every lift after a drag, and the motion lands exactly on it. A non-finite target makes
  /// ``computeFrame(_:)`` throw ``/ScrollSimCore/InputError`` naming the lift's line and field
  /// `targetContentOffset` (the fling kept its own target). Unused for an offset trace and a
  /// nested chain. On a two-axis run (``isTwoAxis``) it retargets the vertical axis (the `y` of
  /// UIKit's `CGPoint`, told the vertical axis's lift) and replaces ``twoAxisWillEndDragging``;
  /// set ``twoAxisWillEndDragging`` to retarget both axes.
  ///
  /// The hook is `@Sendable`: to record what it is proposed, capture a `Mutex` (Synchronization)
  /// or a final class with a lock, not a `var`:
  ///
  /// ```swift
  /// let proposed = Mutex<[Double]>([])
  /// loop.willEndDragging = { end, targetContentOffset in
  ///   proposed.withLock { $0.append(targetContentOffset) }
  ///   targetContentOffset = (targetContentOffset / 100).rounded() * 100  // 100 pt rows
  /// }
  /// ```
  public var willEndDragging: ScrollSimulator.WillEndDraggingHook? {
    get { core.simulator.willEndDragging }
    set {
      core.simulator.willEndDragging = newValue
      guard isTwoAxis else { return }
      guard let hook = newValue else {
        core.twoAxis!.willEndDragging = nil
        return
      }
      let vertical: TwoAxisWillEndDraggingHook = { end, targetContentOffset in
        var y = targetContentOffset.y
        let lift = ScrollSimulator.DragEnd(
          time: end.time, offset: end.offset.y, velocity: end.velocity.y,
          geometry: end.verticalGeometry)
        hook(lift, &y)
        targetContentOffset.y = y
      }
      core.twoAxis!.willEndDragging = vertical
    }
  }
  /// The `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` hook of a two-axis
  /// run (``isTwoAxis``), with UIKit's `CGPoint`s
  /// (``/ScrollPhysics/TwoAxisScrollSimulator/willEndDragging``): told the lift (both axes'
  /// offsets, velocities in points per **millisecond** and geometries) and both proposed
  /// targets, it may set new ones; each axis lands exactly on its target, clamped into its
  /// range. A non-finite target makes ``computeFrame(_:)`` throw
  /// ``/ScrollSimCore/InputError`` naming the lift's line and field `targetContentOffset` (y)
  /// or `xTargetContentOffset` (x). Setting it replaces a one-axis ``willEndDragging`` hook on
  /// the run; nil on a run that is not two-axis (setting it there does nothing).
  public var twoAxisWillEndDragging: TwoAxisWillEndDraggingHook? {
    get { isTwoAxis ? core.twoAxis!.willEndDragging : nil }
    set {
      guard isTwoAxis else { return }
      core.twoAxis!.willEndDragging = newValue
    }
  }
  /// Whether a status-bar tap (a trace's `scrollToTop`) scrolls the view to the top (UIKit
  /// `scrollsToTop`, default true). On a two-axis run it scrolls the vertical axis only, as
  /// UIKit scrolls `contentOffset.y` (``/ScrollPhysics/TwoAxisScrollSimulator/scrollsToTop``).
  public var scrollsToTop: Bool {
    get { isTwoAxis ? core.twoAxis!.scrollsToTop : core.simulator.scrollsToTop }
    set {
      if isTwoAxis {
        core.twoAxis!.scrollsToTop = newValue
      } else {
        core.simulator.scrollsToTop = newValue
      }
    }
  }
  /// Whether content narrower than the viewport still moves and bounces horizontally on a
  /// two-axis run (UIKit `alwaysBounceHorizontal`, default false; a trace's header
  /// `scroll.alwaysBounceHorizontal`): ``/ScrollPhysics/TwoAxisScrollSimulator/alwaysBounceHorizontal``.
  /// False on a run that is not two-axis (setting it there does nothing).
  public var alwaysBounceHorizontal: Bool {
    get { isTwoAxis ? core.twoAxis!.alwaysBounceHorizontal : false }
    set {
      guard isTwoAxis else { return }
      core.twoAxis!.alwaysBounceHorizontal = newValue
    }
  }
  /// Whether content shorter than the viewport still moves and bounces vertically on a
  /// two-axis run (UIKit `alwaysBounceVertical`, default false; a trace's header
  /// `scroll.alwaysBounceVertical`): ``/ScrollPhysics/TwoAxisScrollSimulator/alwaysBounceVertical``.
  /// False on a run that is not two-axis (setting it there does nothing: a one-axis run bounces
  /// as the profile's `bouncesWhenContentFits` says).
  public var alwaysBounceVertical: Bool {
    get { isTwoAxis ? core.twoAxis!.alwaysBounceVertical : false }
    set {
      guard isTwoAxis else { return }
      core.twoAxis!.alwaysBounceVertical = newValue
    }
  }
  /// The offset velocity chosen at the release applied in the last frame (a touch-up, a
  /// synthetic release or a trackpad session's `ended`/`cancelled`), points per second, or nil
  /// when none was; a cancel releases with 0.
  @inlinable public var releaseVelocity: Double? { core.releaseVelocity }
  /// The horizontal release velocity of that release (two-axis runs), points per second,
  /// positive to the right; nil when none was or the run scrolls only vertically.
  @inlinable public var releaseVelocityX: Double? { core.releaseVelocityX }
  /// The input time of that release, seconds (not the frame's target time).
  @inlinable public var releaseTime: Double? { core.releaseTime }
  /// Whether the last computed frame is the final one: every input applied and the view idle
  /// (or a finger still down at the end of the inputs).
  @inlinable public var isFinished: Bool { core.isFinished }

  /// Prepares a run of `source` from rest.
  /// - Parameters:
  ///   - source: the inputs, in time order; the loop owns it.
  ///   - geometry: the scroll view at the start, points; validated.
  ///   - profile: physics constants; validated. Default ``/ScrollPhysics/PhysicsProfile/ios``.
  ///   - screenScale: pixels per point, in [0.25, 10]. Default 3.
  ///   - startOffset: points from rest at the top, in `0 ... geometry.maxOffset`. Default 0.
  ///   - targetBehavior: where flings may come to rest (paging, snapping). Default none.
  ///   - effect: the effect to evaluate every frame (a ``/ScrollEffects/CompiledEffect``, a
  ///     ``/ScrollEffects/CompiledPreset`` or your own ``/ScrollEffects/ScrollEffect``), or nil for
  ///     the physics alone. The loop evaluates its own copy, from the state it has now.
  ///   - refreshRate: frames per second, in 1…1000.
  /// - Throws: ``/ScrollSimCore/InputError`` for the source's name at line 0: field `refreshRate`
  ///   when it is out of range; kind `effectFailed` for an effect whose declaration is bad
  ///   (a duplicate output name, a range with NaN or lower > upper, a `remembersHistory` of
  ///   another count than the outputs) or for a spec that reads the horizontal axis, which
  ///   this one-axis run does not have (field `axis`, the spec's file and line); else the
  ///   simulator's parameter the physics rejects (`viewportHeight`, `screenScale`,
  ///   `startOffset`, …).
  public init(
    source: consuming Source, geometry: ScrollGeometry, profile: PhysicsProfile = .ios,
    screenScale: Double = 3, startOffset: Double = 0,
    targetBehavior: ScrollTargetBehavior = .none, effect: (any ScrollEffect)?, refreshRate: Int
  ) throws(InputError) {
    try Self.check(refreshRate: refreshRate, file: source.name)
    try effect?.validateDeclaration()
    try Self.checkAxes(of: effect, hasHorizontal: false)
    let simulator: ScrollSimulator
    do throws(PhysicsError) {
      var prepared = try ScrollSimulator(
        geometry: geometry, profile: profile, screenScale: screenScale, startOffset: startOffset)
      try prepared.setTargetBehavior(targetBehavior)
      simulator = prepared
    } catch {
      var name = ""
      if case .invalidParameter(let parameter, _, _) = error { name = parameter }
      throw InputError(file: source.name, line: 0, field: name, message: error.description)
    }
    self.init(
      source: source, simulator: simulator, geometry: geometry, startOffset: startOffset,
      effect: effect, refreshRate: refreshRate)
  }

  /// Prepares a two-axis run of `source` from rest: a scroll view that scrolls in both axes
  /// (a photo viewer, a carousel, a map), through ``/ScrollPhysics/TwoAxisScrollSimulator``.
  /// Inputs carry `x` (touch positions, wheel `deltaX`, `scrollTo` `x`, width changes); every
  /// frame's ``sample`` has the horizontal axis in `horizontal`.
  /// - Parameters:
  ///   - source: the inputs, in time order; the loop owns it.
  ///   - geometry: the vertical axis at the start, points; validated.
  ///   - horizontalGeometry: the horizontal axis at the start, points: its `viewportHeight` and
  ///     `contentHeight` are the viewport and content widths, `contentInsetTop` and
  ///     `contentInsetBottom` the left and right insets; validated.
  ///   - profile: physics constants; validated. Default ``/ScrollPhysics/PhysicsProfile/ios``.
  ///   - screenScale: pixels per point, in [0.25, 10]. Default 3.
  ///   - startOffset: points from rest at the top left, each within its axis's range.
  ///   - targetBehavior: where flings may come to rest vertically. Default none.
  ///   - horizontalTargetBehavior: where flings may come to rest horizontally (a photo pager:
  ///     `.paging`; a carousel: `.viewAligned(itemOffsets)`). Default none.
  ///   - effect: the effect to evaluate every frame, or nil for the physics alone.
  ///   - refreshRate: frames per second, in 1…1000.
  /// - Throws: ``/ScrollSimCore/InputError`` for the source's name at line 0: field
  ///   `refreshRate` out of range; kind `effectFailed` for a bad effect declaration; else the
  ///   simulator's parameter the physics rejects (a horizontal one prefixed `x`).
  public init(
    source: consuming Source, geometry: ScrollGeometry, horizontalGeometry: ScrollGeometry,
    profile: PhysicsProfile = .ios, screenScale: Double = 3, startOffset: ScrollVector = .zero,
    targetBehavior: ScrollTargetBehavior = .none,
    horizontalTargetBehavior: ScrollTargetBehavior = .none, effect: (any ScrollEffect)?,
    refreshRate: Int
  ) throws(InputError) {
    try Self.check(refreshRate: refreshRate, file: source.name)
    try effect?.validateDeclaration()
    let simulator: TwoAxisScrollSimulator
    do throws(PhysicsError) {
      var prepared = try TwoAxisScrollSimulator(
        horizontal: horizontalGeometry, vertical: geometry, profile: profile,
        screenScale: screenScale, startOffset: startOffset)
      try prepared.setTargetBehavior(
        horizontal: horizontalTargetBehavior, vertical: targetBehavior)
      simulator = prepared
    } catch {
      var name = ""
      if case .invalidParameter(let parameter, _, _) = error { name = parameter }
      throw InputError(file: source.name, line: 0, field: name, message: error.description)
    }
    core = FrameCore(
      file: source.name, simulator: nil, geometry: geometry, startOffset: startOffset.y,
      effect: effect, refreshRate: refreshRate, twoAxis: simulator)
    self.source = source
  }

  /// A loop with `simulator`, or without physics (nil: the source's offsets are recorded).
  init(
    source: consuming Source, simulator: ScrollSimulator?, geometry: ScrollGeometry,
    startOffset: Double, effect: (any ScrollEffect)?, refreshRate: Int
  ) {
    core = FrameCore(
      file: source.name, simulator: simulator, geometry: geometry, startOffset: startOffset,
      effect: effect, refreshRate: refreshRate)
    self.source = source
  }

  /// Rejects, before the first frame, a compiled spec or preset that reads an axis the run
  /// does not have (``/ScrollEffects/CompiledEffect/validateAxes(hasHorizontal:)``); a user's
  /// own effect is checked on each sample instead.
  /// - Throws: ``/ScrollSimCore/InputError`` of kind `unsupported` (exit status 65) naming the
  ///   spec file, line and field `axis`.
  static func checkAxes(of effect: (any ScrollEffect)?, hasHorizontal: Bool) throws(InputError) {
    if let effect = effect as? CompiledEffect {
      try effect.validateAxes(hasHorizontal: hasHorizontal)
    } else if let effect = effect as? CompiledPreset {
      try effect.compiled.validateAxes(hasHorizontal: hasHorizontal)
    }
  }

  /// - Throws: ``/ScrollSimCore/InputError`` (line 0, field `refreshRate`) outside 1…1000.
  static func check(refreshRate: Int, file: String) throws(InputError) {
    guard (1...1000).contains(refreshRate) else {
      throw InputError(
        file: file, line: 0, field: "refreshRate",
        message: "\(refreshRate) Hz is out of range: expected 1…1000")
    }
  }

  /// The target time of frame `index`, seconds: `index / refreshRate`.
  @inlinable public func targetTime(ofFrame index: Int) -> Double {
    Double(index) / Double(refreshRate)
  }

  /// Computes frame `index` (greater than the last computed one; skipped indices are missed
  /// frames and are not computed) at its target time ``targetTime(ofFrame:)``.
  /// - Throws: ``/ScrollSimCore/InputError`` naming the source, line and field of an input that
  ///   cannot be read or that the physics rejects; or, kind `effectFailed`, naming a user's
  ///   effect that threw (the error in ``/ScrollSimCore/InputError/underlying``) and the frame.
  /// - Complexity: O(inputs due + outputs); no allocation in steady state.
  @inlinable public mutating func computeFrame(_ index: Int) throws(InputError) {
    try computeFrame(index, at: targetTime(ofFrame: index))
  }

  /// Computes frame `index` at `time` (seconds, non-decreasing from frame to frame): the target
  /// time a clock's ``FrameTick`` carries, which follows a ``FrameSchedule`` with rate changes.
  /// - Throws: what ``computeFrame(_:)`` throws.
  /// - Complexity: O(inputs due + outputs); no allocation in steady state.
  @inlinable public mutating func computeFrame(_ index: Int, at time: Double) throws(InputError) {
    core.begin(frame: index)
    while let next = try peek(), next.input.time <= time {
      pending = nil
      try core.apply(next.input, line: next.line)
    }
    if core.hasPhysics {
      try core.evaluate(at: time)
    } else {
      try core.evaluate(at: time, next: pending?.input)
    }
    core.isFinished =
      try peek() == nil && (core.state.phase == .idle || core.state.phase.isTouching)
  }

  /// The next input to apply, reading it from the source when needed.
  @inlinable mutating func peek() throws(InputError) -> (input: FrameInput, line: Int)? {
    if pending == nil, !isExhausted {
      pending = try source.next()
      isExhausted = pending == nil
    }
    return pending
  }
}

extension FrameLoop: Copyable where Source: Copyable {}
extension FrameLoop: Sendable where Source: Sendable {}
