import ScrollPhysics

extension CompiledEffect {
  /// One timeline's per-frame slot: its range resolved for the last geometry seen (recomputed
  /// only when the geometry's bits change) and this frame's progress.
  struct TimelineSlot: Sendable {
    /// How progress follows from the offset `s` and the resolved ``start`` and ``length``.
    enum Kind: Sendable {
      /// A scroll or view timeline: `(s − start) / length` while ``active``.
      case range
      /// A distance timeline: `s − start` (`start` is the origin).
      case distance
      /// Overscroll at the top: `max(0, −s)`.
      case overscrollTop
      /// Overscroll at the bottom: `max(0, s − start)` (`start` is `maxOffset`).
      case overscrollBottom
      /// A motion timeline (``Timeline/isMotion``): ``progress`` is written by the effect's
      /// motion pass (``MotionSlot``), only for specs that have one.
      case motion
    }
    let kind: Kind
    /// Whether the timeline reads the previous frame's offset.
    let delayed: Bool
    /// Resolved: the offset at progress 0 (see ``Kind``), points.
    var start = 0.0
    /// Resolved: `end − start`, points (range timelines).
    var length = 0.0
    /// Resolved: whether the range is active (non-zero, finite length).
    var active = true
    /// This frame's unclamped progress (valid while ``active``).
    var progress = 0.0

    /// A slot for `timeline`, unresolved.
    init(_ timeline: Timeline, delayed: Bool) {
      switch timeline {
      case .scroll, .view: kind = .range
      case .distance: kind = .distance
      case .overscroll(.top): kind = .overscrollTop
      case .overscroll(.bottom): kind = .overscrollBottom
      case .velocity, .direction, .quickReturn: kind = .motion
      }
      self.delayed = delayed
    }

    /// Resolves `timeline` for geometry `g` with the same operations as
    /// ``Timeline/progress(at:geometry:)`` (so progress has the same bits).
    mutating func resolve(_ timeline: Timeline, geometry g: ScrollGeometry) {
      switch timeline {
      case .scroll, .view:
        // Both ranges exist for these two kinds.
        let r = timeline.range(geometry: g) ?? TimelineRange(start: 0, end: 0)
        start = r.start
        length = r.end - r.start
        active = r.isActive
      case .distance(let origin):
        start = origin
      case .overscroll:
        start = g.maxOffset
      case .velocity, .direction, .quickReturn:
        break
      }
    }

    /// This frame's progress at offset `s`; sets ``progress`` (a motion slot's is set by its
    /// ``MotionSlot``).
    ///
    /// Never NaN for a non-NaN `s` (the frame replaces a NaN offset): an active range has a
    /// finite start and a finite non-zero length, a distance's origin is finite, and
    /// `max(0, x)` is 0 for a NaN `x` (and ``MotionSlot`` never writes NaN).
    /// ``FrameProgram``'s folds rely on it.
    @inline(__always)
    mutating func update(at s: Double) {
      switch kind {
      case .range: if active { progress = (s - start) / length }
      case .distance: progress = s - start
      case .overscrollTop: progress = Swift.max(0, -s)
      case .overscrollBottom: progress = Swift.max(0, s - start)
      case .motion: break
      }
    }
  }

  /// The state of one motion timeline (``Timeline/isMotion``), kept apart from the slots so a
  /// spec without motion timelines keeps its slots and its per-frame loop as they were.
  struct MotionSlot: Sendable {
    /// What the timeline reads.
    enum Kind: Sendable {
      /// The sample's velocity, points per second (NaN as 0, clamped to ±1e9).
      case velocity
      /// ``direction``'s progress.
      case direction
      /// ``quickReturn``'s progress.
      case quickReturn
    }
    let kind: Kind
    /// The timeline slot whose progress this writes.
    let slot: Int
    /// A direction timeline's tracker (a placeholder for other kinds).
    var direction = ScrollDirectionTracker(hysteresis: 0)
    /// A quick-return timeline's tracker (a placeholder for other kinds).
    var quickReturn = QuickReturnTracker(height: 1)

    /// The state of `timeline` (a motion timeline) writing slot `slot`, or nil for any other
    /// timeline.
    init?(_ timeline: Timeline, slot: Int) {
      self.slot = slot
      switch timeline {
      case .velocity: kind = .velocity
      case .direction(let hysteresis):
        kind = .direction
        direction = ScrollDirectionTracker(hysteresis: hysteresis)
      case .quickReturn(let height):
        kind = .quickReturn
        quickReturn = QuickReturnTracker(height: height)
      case .scroll, .distance, .view, .overscroll: return nil
      }
    }

    /// This frame's progress at offset `s` (never NaN for a non-NaN `s`), velocity `velocity`
    /// (points per second) and `maxOffset` (points).
    @inline(__always)
    mutating func progress(at s: Double, velocity: Double, maxOffset: Double) -> Double {
      switch kind {
      case .velocity:
        return velocity.isNaN ? 0 : Swift.min(Swift.max(velocity, -1e9), 1e9)
      case .direction:
        return direction.update(offset: s, maxOffset: maxOffset).progress
      case .quickReturn:
        _ = quickReturn.update(offset: s, maxOffset: maxOffset)
        return quickReturn.progress
      }
    }

    /// The geometry changed: the next frame re-anchors (see ``ScrollDirectionTracker/rebase()``).
    mutating func rebase() {
      direction.rebase()
      quickReturn.rebase()
    }

    /// Forgets the history.
    mutating func reset() {
      direction.reset()
      quickReturn.reset()
    }
  }
}
