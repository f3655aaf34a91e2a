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
      }
    }

    /// This frame's progress at offset `s`; sets ``progress``.
    ///
    /// Never NaN for a non-NaN `s` (the frame replaces a NaN offset): an active range has a
    /// finite start and a finite non-zero length, a distance's origin is finite, and
    /// `max(0, x)` is 0 for a NaN `x`. ``FrameProgram``'s folds rely on it.
    @inline(__always)
    mutating func update(at s: Double) {
      switch kind {
      case .range: if active { progress = (s - start) / length }
      case .distance: progress = s - start
      case .overscrollTop: progress = Swift.max(0, -s)
      case .overscrollBottom: progress = Swift.max(0, s - start)
      }
    }
  }
}
