import ScrollPhysics

extension CompiledEffect {
  /// One timeline's per-frame slot: its range resolved for the last geometry seen (recomputed
  /// only when the geometry's bits change) and this frame's progress.
  struct TimelineSlot: Sendable {
    /// How progress follows from the offset `s` and the resolved ``start`` and ``length``; the
    /// slots are stored in this order (``FrameBuffers/slotEnds``).
    enum Kind: UInt8, Sendable {
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
    /// Which of ``FrameBuffers/History/offsets`` the slot reads: 1 when ``delayed``, else 0.
    let offsetIndex: Int
    /// Resolved: the offset at progress 0 (see ``Kind``), points.
    var start = 0.0
    /// Resolved: `end − start`, points (range timelines).
    var length = 0.0
    /// Resolved: whether the range is active (non-zero, finite length).
    var active = true
    /// This frame's unclamped progress (valid while ``active``).
    var progress = 0.0

    /// A slot for `timeline` on `axis`, unresolved; a timeline on any axis but the vertical
    /// top-to-bottom one is a ``Kind/motion`` slot, written by its ``MotionSlot``.
    init(_ timeline: Timeline, delayed: Bool, axis: SlotAxis = .y, view: Int = SlotView.combined) {
      self.delayed = delayed
      offsetIndex = delayed ? 1 : 0
      guard axis == .y && view == SlotView.combined else {
        kind = .motion
        return
      }
      switch timeline {
      case .scroll, .view: kind = .range
      case .distance: kind = .distance
      case .overscroll(.top): kind = .overscrollTop
      case .overscroll(.bottom): kind = .overscrollBottom
      case .velocity, .direction, .quickReturn: kind = .motion
      }
    }

    /// Resolves `timeline` for geometry `g` with the same operations as
    /// ``Timeline/progress(at:geometry:)`` (so progress has the same bits).
    mutating func resolve(_ timeline: Timeline, geometry g: ScrollGeometry) {
      // A motion slot's range (another axis's) is its `MotionSlot`'s.
      if kind == .motion { return }
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

    /// This frame's progress at offset `s` for a slot of kind `kind` (a motion slot's is set
    /// by its ``MotionSlot``): ``FrameBuffers`` runs one loop per kind, the kind a constant.
    ///
    /// Never NaN for a non-NaN `s` (the frame replaces a NaN offset): an active range has a
    /// finite start and a finite non-zero length, a distance's origin is finite, and
    /// `max(0, x)` is 0 for a NaN `x` (and ``MotionSlot`` never writes NaN).
    /// ``FrameProgram``'s folds rely on it.
    /// With `allActive` (every slot's range is active) a range slot does not check ``active``.
    @inline(__always)
    mutating func update(at s: Double, as kind: Kind, allActive: Bool = false) {
      switch kind {
      case .range: if allActive || active { progress = (s - start) / length }
      case .distance: progress = s - start
      case .overscrollTop: progress = Swift.max(0, -s)
      case .overscrollBottom: progress = Swift.max(0, s - start)
      case .motion: break
      }
    }
  }

  /// The axis a slot reads, compiled from ``EffectSpec/TimelineSpec/physicalAxis``.
  /// The scroll view of a chain a slot reads (``ScrollSample/views``): an index from the
  /// outermost view, or one of these codes.
  enum SlotView {
    /// The combined offset (``ScrollSample/offset``), as a run without a chain has.
    static let combined = -1
    /// The innermost view, the list (the last of ``ScrollSample/views``).
    static let list = -2

    /// The code for `view`.
    static func code(_ view: ChainView) -> Int {
      switch view {
      case .combined: combined
      case .list: list
      case .header: 0
      case .index(let i): i
      }
    }
  }

  enum SlotAxis: UInt8, Sendable {
    /// ``ScrollSample/offset`` top to bottom: the slots' own fast path.
    case y
    /// ``ScrollSample/offset`` from the bottom: `maxOffset − offset`.
    case yReversed
    /// ``ScrollSample/horizontal`` from the left.
    case x
    /// ``ScrollSample/horizontal`` from the right: `maxOffset − offset`.
    case xReversed

    /// The slot axis of a physical axis.
    init(_ physical: ScrollAxis.Physical) {
      switch physical {
      case .vertical(let forward): self = forward ? .y : .yReversed
      case .horizontal(let forward): self = forward ? .x : .xReversed
      }
    }

    /// Whether the axis is read from the bottom or the right.
    var isReversed: Bool { self == .yReversed || self == .xReversed }
  }

  /// The state of one motion timeline (``Timeline/isMotion``), or of any timeline on an axis
  /// other than the vertical top-to-bottom one, kept apart from the slots so a spec that has
  /// none keeps its slots and its per-frame loop as they were.
  struct MotionSlot: Sendable {
    /// What the timeline reads.
    enum Kind: Sendable {
      /// The sample's velocity, points per second (NaN as 0, clamped to ±1e9).
      case velocity
      /// ``direction``'s progress.
      case direction
      /// ``quickReturn``'s progress.
      case quickReturn
      /// A scroll or view timeline on another axis: `(s − start) / length` while active.
      case range
      /// A distance timeline on another axis: `s − start`.
      case distance
      /// Overscroll at the axis's start: `max(0, −s)`.
      case overscrollStart
      /// Overscroll at the axis's end: `max(0, s − maxOffset)`.
      case overscrollEnd
    }
    let kind: Kind
    /// The timeline slot whose progress this writes.
    let slot: Int
    /// The axis read (``SlotAxis/y`` only for the motion kinds).
    let axis: SlotAxis
    /// The scroll view of a chain read (``SlotView``): ``SlotView/combined`` reads the sample's
    /// own offset.
    let view: Int
    /// Whether the timeline reads the previous frame's offset (range, distance, overscroll).
    let delayed: Bool
    /// The timeline (resolved again when its axis's geometry changes).
    let timeline: Timeline
    /// A direction timeline's tracker (a placeholder for other kinds).
    var direction = ScrollDirectionTracker(hysteresis: 0)
    /// A quick-return timeline's tracker (a placeholder for other kinds).
    var quickReturn = QuickReturnTracker(height: 1)
    /// Another axis: the geometry resolved for, as bit patterns; nil before the first frame.
    var geometryBits: (UInt64, UInt64, UInt64, UInt64)?
    /// Another axis, resolved: the offset at progress 0 (range, distance) or `maxOffset`.
    var start = 0.0
    /// Another axis, resolved: `end − start` of a range.
    var length = 0.0
    /// Another axis: the last non-NaN raw offset, points (0 before any).
    var lastOffset = 0.0
    /// Another axis: the previous frame's offset along the axis, for a delayed timeline.
    var previousOffset = 0.0
    /// Another axis: whether a frame has been read since creation or ``reset()``.
    var hasPrevious = false

    /// The state of `timeline` writing slot `slot`: a motion timeline on any axis, or any
    /// timeline on an axis other than ``SlotAxis/y``; nil otherwise.
    init?(
      _ timeline: Timeline, slot: Int, axis: SlotAxis = .y, view: Int = SlotView.combined,
      delayed: Bool = false
    ) {
      self.slot = slot
      self.axis = axis
      self.view = view
      let direct = axis == .y && view == SlotView.combined
      self.delayed = delayed
      self.timeline = timeline
      switch timeline {
      case .velocity: kind = .velocity
      case .direction(let hysteresis):
        kind = .direction
        direction = ScrollDirectionTracker(hysteresis: hysteresis)
      case .quickReturn(let height):
        kind = .quickReturn
        quickReturn = QuickReturnTracker(height: height)
      case .scroll, .view:
        guard !direct else { return nil }
        kind = .range
      case .distance:
        guard !direct else { return nil }
        kind = .distance
      case .overscroll(let edge):
        guard !direct else { return nil }
        kind = edge == .top ? .overscrollStart : .overscrollEnd
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
      case .range: return (s - start) / length
      case .distance: return s - start
      case .overscrollStart: return Swift.max(0, -s)
      case .overscrollEnd: return Swift.max(0, s - maxOffset)
      }
    }

    /// Whether the slot reads the sample's own vertical offset top to bottom (the fast path).
    var isDirect: Bool { axis == .y && view == SlotView.combined }

    /// The offset, velocity and geometry of this slot's axis in `sample`, the axis's start at
    /// offset 0 (a reversed axis reads `maxOffset − offset`, its velocity negated and its
    /// insets swapped); nil when the axis is horizontal and the sample has none, or the slot
    /// reads a view of a chain the sample does not have.
    @inline(__always)
    func axisSample(_ sample: ScrollSample) -> (
      offset: Double, velocity: Double, geometry: ScrollGeometry
    )? {
      let raw: (Double, Double, ScrollGeometry)
      switch axis {
      case .y, .yReversed:
        if view == SlotView.combined {
          raw = (sample.offset, sample.velocity, sample.geometry)
        } else {
          guard let views = sample.views, !views.isEmpty else { return nil }
          let i = view == SlotView.list ? views.count - 1 : view
          guard i < views.count else { return nil }
          let v = views[i]
          raw = (v.offset, v.velocity, v.geometry)
        }
      case .x, .xReversed:
        guard let h = sample.horizontal else { return nil }
        raw = (h.offset, h.velocity, h.geometry)
      }
      return raw
    }

    /// Reads this slot's axis from `sample` and writes the slot's progress (and, when the
    /// axis's geometry changed, its `active`); returns whether `active` changed. A sample
    /// without the horizontal axis leaves the slot as it was (see
    /// ``CompiledEffect/validateAxes(hasHorizontal:)``: the frame loop rejects such a run).
    @inline(__always)
    mutating func updateAxis(_ sample: ScrollSample, slot: inout TimelineSlot) -> Bool {
      guard let (rawOffset, rawVelocity, rawGeometry) = axisSample(sample) else { return false }
      let offset = rawOffset.isNaN ? lastOffset : rawOffset
      lastOffset = offset
      let reversed = axis.isReversed
      var g = rawGeometry
      if reversed { swap(&g.contentInsetTop, &g.contentInsetBottom) }
      var changed = false
      let bits = (
        rawGeometry.viewportHeight.bitPattern, rawGeometry.contentHeight.bitPattern,
        rawGeometry.contentInsetTop.bitPattern, rawGeometry.contentInsetBottom.bitPattern
      )
      if geometryBits.map({ $0 != bits }) ?? true {
        geometryBits = bits
        changed = resolve(geometry: g, slot: &slot)
        if kind == .direction || kind == .quickReturn { rebase() }
      }
      let maxOffset = g.maxOffset
      let s = reversed ? maxOffset - offset : offset
      let previous = hasPrevious ? previousOffset : s
      previousOffset = s
      hasPrevious = true
      let velocity = reversed ? -rawVelocity : rawVelocity
      if kind != .range || slot.active {
        slot.progress = progress(
          at: delayed ? previous : s, velocity: velocity, maxOffset: maxOffset)
      }
      return changed
    }

    /// Resolves the range for the axis geometry `g` (insets already in the axis's order);
    /// returns whether the slot's `active` changed.
    private mutating func resolve(geometry g: ScrollGeometry, slot: inout TimelineSlot) -> Bool {
      switch kind {
      case .range:
        var t = timeline
        if axis.isReversed, case .view(let view) = timeline {
          t = .view(view.mirrored(contentLength: g.contentHeight))
        }
        let r = t.range(geometry: g) ?? TimelineRange(start: 0, end: 0)
        start = r.start
        length = r.end - r.start
        let was = slot.active
        slot.active = r.isActive
        return was != slot.active
      case .distance:
        if case .distance(let origin) = timeline { start = origin }
      case .overscrollEnd:
        start = g.maxOffset
      case .velocity, .direction, .quickReturn, .overscrollStart:
        break
      }
      return false
    }

    /// Whether this slot's axis is away from its start in `sample` (the first frame of a
    /// session restored mid-content); false without the axis.
    func isAwayFromStart(_ sample: ScrollSample) -> Bool {
      guard let (offset, _, g) = axisSample(sample), !offset.isNaN else { return false }
      return axis.isReversed ? offset != g.maxOffset : offset != 0
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
      lastOffset = 0
      previousOffset = 0
      hasPrevious = false
    }
  }
}
