import ScrollEffects
import ScrollPhysics

/// Running statistics of a replay, updated once per computed frame: what the summary of
/// `scrollsim replay` reports.
///
/// Fixed size whatever the trace's length: O(outputs + ``listedReleaseLimit``) memory, so a
/// replay of a gigabyte of trace holds as little as one of a single gesture.
public struct ReplayStatistics: Sendable, Equatable {
  /// The lifts kept one by one in ``releases``; later lifts are counted (``releaseCount``)
  /// and the fastest and last kept.
  public static let listedReleaseLimit = 40

  /// Frames computed.
  public private(set) var frames = 0
  /// Frames a real-time clock skipped because their deadlines had passed.
  public private(set) var missedFrames = 0
  /// Target time of the last computed frame, seconds.
  public private(set) var lastTime = 0.0
  /// The first ``listedReleaseLimit`` touch-ups or cancels: each one's time in the trace
  /// (seconds) and the release velocity used (points per second; 0 below the fling threshold,
  /// for a tap or a cancel).
  public private(set) var releases: [(time: Double, velocity: Double)] = []
  /// Touch-ups, cancels and trackpad sessions' ends (`ended`, `cancelled`) in all,
  /// ≥ `releases.count`.
  public private(set) var releaseCount = 0
  /// How many of ``releaseCount`` ended a trackpad session rather than a touch.
  public private(set) var trackpadReleaseCount = 0
  /// The release with the largest speed (the first of equals), or nil before any.
  public private(set) var fastestRelease: (time: Double, velocity: Double)?
  /// The last release, or nil before any.
  public private(set) var lastRelease: (time: Double, velocity: Double)?
  /// Whether the last release ended a trackpad session rather than a touch.
  public private(set) var lastReleaseIsTrackpad = false
  /// Largest pull-down past the top seen on a frame, points, ≥ 0 (sampled at the frames, so a
  /// low frame rate can miss the true peak between two frames).
  public private(set) var peakTopOverscroll = 0.0
  /// Largest overscroll past the bottom seen on a frame, points, ≥ 0 (sampled at the frames).
  public private(set) var peakBottomOverscroll = 0.0
  /// Seconds from the last touch-up or trackpad session's end (its trace time) to the first idle
  /// frame after it (after a trackpad session, after the system's momentum when it follows), or
  /// nil when the view never came to rest after a release. Resolution: one frame period.
  public private(set) var timeToRest: Double?
  /// Smallest value of each output, in output order (+∞ before the first frame).
  public private(set) var minimums: [Double]
  /// Largest value of each output, in output order (−∞ before the first frame).
  public private(set) var maximums: [Double]
  /// Threshold crossings seen.
  public private(set) var eventCount = 0
  /// The first ``listedReleaseLimit`` touches, one row each (the table of a session's summary).
  public private(set) var gestures: [Gesture] = []

  /// One touch of the replay, from the frame its finger came down (the first `tracking` or
  /// `dragging` frame) to the frame before the next touch's, or the end.
  public struct Gesture: Sendable, Equatable {
    /// 1-based number of the touch in the trace.
    public var number: Int
    /// The touch-down (or trackpad `began`) time in the trace, seconds (nil when the finger was
    /// already down at the first frame of a replay that did not see it come down).
    public var downTime: Double?
    /// The touch-up (or cancel, or trackpad `ended`/`cancelled`) time in the trace, seconds.
    public var liftTime: Double
    /// The release velocity used, points per second (0 below the fling threshold, for a tap
    /// or a cancel).
    public var releaseVelocity: Double
    /// Largest pull-down past the top during the touch and the motion after it, points, ≥ 0
    /// (sampled at the frames).
    public var peakTopOverscroll: Double
    /// Largest overscroll past the bottom during the touch and the motion after it, points, ≥ 0.
    public var peakBottomOverscroll: Double
    /// Seconds from the lift to the first idle frame after it; nil when the next touch caught
    /// the content still moving, or the replay ended first.
    public var timeToRest: Double?
    /// The offset at that idle frame, points from rest at the top (nil with ``timeToRest``).
    public var restOffset: Double?
    /// Whether the release ended a trackpad session (`ended`, `cancelled`) rather than a touch.
    public var isTrackpad = false
    /// Why the release moved no content though its velocity is not 0 (at an edge moving past it
    /// in a clamping profile, or content that does not scroll), or nil.
    public var noFling: String?
    /// A two-axis run's horizontal release velocity, points per second, positive to the right
    /// (nil on a vertical run).
    public var releaseVelocityX: Double?
    /// A two-axis run's horizontal offset at the idle frame of ``timeToRest``, points from rest
    /// at the left (nil on a vertical run, or with ``timeToRest``).
    public var restOffsetX: Double?
  }

  private var awaitingRest = false
  /// Whether the rest found may still be undone: a trackpad session ended in range and the
  /// system's momentum may follow.
  private var restProvisional = false
  /// Whether the last frame had a finger down, and the peaks of the touch in progress.
  private var fingerDown = false
  private var touchDown: Double?
  /// Whether a finger frame was seen since the last lift (a touch shorter than a frame has none).
  private var touchSeen = false
  private var touchTop = 0.0
  private var touchBottom = 0.0
  /// Whether the last row is still the touch in progress (or the motion after its lift).
  private var rowOpen = false

  /// The horizontal axis of a two-axis run (nil for a vertical run): its offsets and fastest
  /// release.
  public private(set) var horizontal: Horizontal?

  /// The horizontal axis of a two-axis run, sampled at the frames.
  public struct Horizontal: Sendable, Equatable {
    /// Smallest horizontal offset from rest at the left seen on a frame, points.
    public var minimumOffset: Double
    /// Largest horizontal offset seen on a frame, points.
    public var maximumOffset: Double
    /// The horizontal offset of the last frame, points.
    public var lastOffset: Double
    /// The horizontal release velocity with the largest speed, points per second, positive to
    /// the right (0 before any release).
    public var fastestRelease: Double
    /// Largest distance pulled past the left edge on a frame, points, ≥ 0.
    public var peakLeftOverscroll = 0.0
    /// Largest distance pushed past the right edge (the axis's `maxOffset`) on a frame,
    /// points, ≥ 0.
    public var peakRightOverscroll = 0.0
    /// The largest speed of a release, both axes, `√(vx² + vy²)`, points per second, ≥ 0 (0
    /// before any release).
    public var fastestReleaseSpeed = 0.0
  }

  /// Each view of a nested chain's run, outer to inner (empty for a run of one scroll view):
  /// its name and the offsets it took, sampled at the frames. Sized once, at the first frame:
  /// later frames update it in place.
  public private(set) var views: [ViewRange] = []

  /// One view of a nested chain, sampled at the frames.
  public struct ViewRange: Sendable, Equatable {
    /// The view's name as outputs name it (``FrameFile/viewNames(count:)``: `header`, …,
    /// `list`).
    public var name: String
    /// Smallest contentOffset of the view seen on a frame, points (a header: 0 expanded … its
    /// scroll range collapsed; the list: negative when pulled past its top).
    public var minimumOffset: Double
    /// Largest contentOffset of the view seen on a frame, points.
    public var maximumOffset: Double
    /// The view's contentOffset on the last frame, points.
    public var lastOffset: Double
  }

  /// Creates empty statistics for `outputCount` outputs.
  public init(outputCount: Int) {
    minimums = Array(repeating: .infinity, count: outputCount)
    maximums = Array(repeating: -.infinity, count: outputCount)
  }

  /// Adds the frame `loop` has just computed; `missedBefore` frames were skipped before it.
  /// - Complexity: O(outputs).
  @inlinable public mutating func record<Source: FrameInputSource & ~Copyable>(
    _ loop: borrowing FrameLoop<Source>, missedBefore: Int = 0
  ) {
    record(loop.core, missedBefore: missedBefore)
  }

  /// ``record(_:missedBefore:)`` on the loop's core: not generic, so a caller in another module
  /// runs it specialised (the generic body looked up the loop's type metadata on every frame)
  /// and reads the frame's sample, values and events in place, never copying them.
  @usableFromInline mutating func record(_ core: FrameCore, missedBefore: Int) {
    frames += 1
    missedFrames += missedBefore
    lastTime = core.sample.time
    if let axis = core.sample.horizontal {
      recordHorizontal(axis, release: core.releaseVelocityX, releaseY: core.releaseVelocity)
    }
    if let views = core.sample.views { recordViews(views) }
    // The sample's geometry is the run's (set with the offset); a nested chain's is read from
    // the chain.
    let geometry = core.runsOtherPhysics ? core.geometry : core.sample.geometry
    let overscroll = geometry.overscroll(at: core.sample.offset)
    let finger = core.sample.phase == .tracking || core.sample.phase == .dragging
    // The frame's release first: it ends the touch in progress (or one that began in this
    // frame); a touch-down after it in the same frame begins the next touch, below.
    if let velocity = core.releaseVelocity, let time = core.releaseTime {
      if let down = core.releaseTouchDownTime {
        // Down and up within this frame: the touch is this frame alone.
        touchDown = down
        touchTop = 0
        touchBottom = 0
      } else if !touchSeen {
        // A release with no touch seen (a synthetic release, a trackpad session's end).
        touchDown = nil
        touchTop = 0
        touchBottom = 0
      }
      // `0 - overscroll`, not `-overscroll`: no −0 when nothing is overscrolled.
      touchTop = Swift.max(touchTop, 0 - overscroll)
      touchBottom = Swift.max(touchBottom, overscroll)
      touchSeen = false
      if gestures.count < Self.listedReleaseLimit {
        gestures.append(
          Gesture(
            number: releaseCount + 1, downTime: touchDown, liftTime: time,
            releaseVelocity: velocity, peakTopOverscroll: touchTop,
            peakBottomOverscroll: touchBottom, timeToRest: nil, restOffset: nil,
            isTrackpad: core.releaseIsTrackpad, noFling: core.releaseNoFling,
            releaseVelocityX: core.sample.horizontal.map { _ in core.releaseVelocityX ?? 0 }))
        rowOpen = true
      }
      if releases.count < Self.listedReleaseLimit { releases.append((time, velocity)) }
      releaseCount += 1
      if core.releaseIsTrackpad { trackpadReleaseCount += 1 }
      if Swift.abs(velocity) > Swift.abs(fastestRelease?.velocity ?? -1) {
        fastestRelease = (time, velocity)
      }
      lastRelease = (time, velocity)
      lastReleaseIsTrackpad = core.releaseIsTrackpad
      awaitingRest = true
      restProvisional = false
      timeToRest = nil
    }
    // A new touch: its finger's first frame, or a touch-down after this frame's release (a lift
    // and the next touch-down closer than a frame period). The previous row's motion ends here,
    // caught or at rest.
    if finger && (!fingerDown || (core.touchDownTime != nil && core.releaseTime != nil)) {
      rowOpen = false
      restProvisional = false
      // The input time of the touch-down (or `began`) applied in this frame; the frame's own time
      // for one applied before the replay's first frame.
      touchDown =
        core.touchDownTime
        ?? (frames == 1 && core.sample.phase == .dragging ? nil : core.sample.time)
      touchTop = 0
      touchBottom = 0
      touchSeen = true
    }
    fingerDown = finger
    touchTop = Swift.max(touchTop, 0 - overscroll)
    touchBottom = Swift.max(touchBottom, overscroll)
    if restProvisional && core.sample.phase != .idle && !finger {
      // The system's momentum followed the trackpad session's end: the rest found is undone.
      restProvisional = false
      awaitingRest = true
      timeToRest = nil
      if rowOpen, let last = gestures.indices.last {
        gestures[last].timeToRest = nil
        gestures[last].restOffset = nil
        gestures[last].restOffsetX = nil
      }
    }
    if rowOpen, let last = gestures.indices.last {
      gestures[last].peakTopOverscroll = touchTop
      gestures[last].peakBottomOverscroll = touchBottom
      if awaitingRest && core.sample.phase == .idle {
        gestures[last].timeToRest = core.sample.time - gestures[last].liftTime
        gestures[last].restOffset = core.sample.offset
        gestures[last].restOffsetX = core.sample.horizontal?.offset
      }
    }
    if awaitingRest && core.sample.phase == .idle, let release = lastRelease {
      timeToRest = core.sample.time - release.time
      awaitingRest = false
      restProvisional =
        core.nested?.awaitsMomentum ?? core.twoAxis?.awaitsMomentum
        ?? core.simulator.awaitsMomentum
    }
    peakTopOverscroll = Swift.max(peakTopOverscroll, 0 - overscroll)
    peakBottomOverscroll = Swift.max(peakBottomOverscroll, overscroll)
    // One pass over plain buffers: no bounds or uniqueness check per output.
    minimums.withUnsafeMutableBufferPointer { low in
      maximums.withUnsafeMutableBufferPointer { high in
        core.frame.values.withUnsafeBufferPointer { value in
          for index in 0..<Swift.min(value.count, low.count) {
            low[index] = Swift.min(low[index], value[index])
            high[index] = Swift.max(high[index], value[index])
          }
        }
      }
    }
    if !core.frame.events.isEmpty { eventCount += core.frame.events.count }
  }

  /// Compares counts, times and extremes (releases compared element by element).
  public static func == (lhs: ReplayStatistics, rhs: ReplayStatistics) -> Bool {
    lhs.frames == rhs.frames && lhs.missedFrames == rhs.missedFrames && lhs.lastTime == rhs.lastTime
      && lhs.releases.elementsEqual(rhs.releases, by: { $0 == $1 })
      && lhs.releaseCount == rhs.releaseCount
      && lhs.trackpadReleaseCount == rhs.trackpadReleaseCount
      && lhs.fastestRelease.map { [$0.time, $0.velocity] }
        == rhs.fastestRelease.map { [$0.time, $0.velocity] }
      && lhs.lastRelease.map { [$0.time, $0.velocity] }
        == rhs.lastRelease.map { [$0.time, $0.velocity] }
      && lhs.peakTopOverscroll == rhs.peakTopOverscroll
      && lhs.peakBottomOverscroll == rhs.peakBottomOverscroll && lhs.timeToRest == rhs.timeToRest
      && lhs.minimums == rhs.minimums && lhs.maximums == rhs.maximums && lhs.views == rhs.views
      && lhs.eventCount == rhs.eventCount && lhs.gestures == rhs.gestures
  }
}

extension ReplayStatistics {
  /// Adds a frame's views of a nested chain: in place after the first frame (no allocation).
  mutating func recordViews(_ samples: [AxisSample]) {
    if views.count != samples.count {
      views = zip(FrameFile.viewNames(count: samples.count), samples).map {
        ViewRange(
          name: $0, minimumOffset: $1.offset, maximumOffset: $1.offset, lastOffset: $1.offset)
      }
      return
    }
    for i in samples.indices {
      let offset = samples[i].offset
      if offset < views[i].minimumOffset { views[i].minimumOffset = offset }
      if offset > views[i].maximumOffset { views[i].maximumOffset = offset }
      views[i].lastOffset = offset
    }
  }

  /// Adds a frame's horizontal axis and the horizontal release applied in it.
  mutating func recordHorizontal(_ axis: AxisSample, release: Double?, releaseY: Double?) {
    var h =
      horizontal
      ?? Horizontal(
        minimumOffset: axis.offset, maximumOffset: axis.offset, lastOffset: axis.offset,
        fastestRelease: 0)
    h.minimumOffset = Swift.min(h.minimumOffset, axis.offset)
    h.maximumOffset = Swift.max(h.maximumOffset, axis.offset)
    h.lastOffset = axis.offset
    let overscroll = axis.geometry.overscroll(at: axis.offset)
    h.peakLeftOverscroll = Swift.max(h.peakLeftOverscroll, -overscroll)
    h.peakRightOverscroll = Swift.max(h.peakRightOverscroll, overscroll)
    if let release, abs(release) > abs(h.fastestRelease) { h.fastestRelease = release }
    if release != nil || releaseY != nil {
      let x = release ?? 0
      let y = releaseY ?? 0
      h.fastestReleaseSpeed = Swift.max(h.fastestReleaseSpeed, (x * x + y * y).squareRoot())
    }
    horizontal = h
  }
}
