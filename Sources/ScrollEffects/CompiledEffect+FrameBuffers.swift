import ScrollPhysics

extension CompiledEffect {
  /// The buffers one evaluation reads and writes (owned by a ``FrameState``): the timelines
  /// and their slots, the frame programs (flags' triggers inline), the keyframe stops, the
  /// smoothers and the offset history.
  ///
  /// A plain struct of pointers, so a frame walks them with no bounds checks, no retain or
  /// release and no exclusivity checks (a class's `var` would cost one per access).
  struct FrameBuffers {
    /// The distinct timelines (equal ones share a slot); read only when the geometry changes.
    let timelines: UnsafeMutableBufferPointer<Timeline>
    /// Per distinct timeline: its resolved range and this frame's progress.
    let slots: UnsafeMutableBufferPointer<TimelineSlot>
    /// Per output, flags first: what the loop runs.
    let programs: UnsafeMutableBufferPointer<FrameProgram>
    /// All outputs' keyframe stops (read only).
    let stops: UnsafeMutableBufferPointer<KeyframeStop>
    /// The smoothed outputs' smoothers, by ``FrameProgram/smoother``.
    let smoothers: UnsafeMutableBufferPointer<OutputSmoother>
    /// The offset history and the geometry the slots were resolved for.
    let history: UnsafeMutablePointer<History>

    /// What a frame remembers of the frames before it.
    struct History {
      /// The geometry fields the slots were resolved for, as bit patterns (see ``resolved``).
      var geometryBits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
      /// Whether the slots were resolved at all.
      var resolved = false
      /// The last non-NaN offset (0 before any), points.
      var lastOffset = 0.0
      /// The previous frame's offset, for timelines that read it, points.
      var previousOffset = 0.0
      /// Whether a frame has been evaluated since creation or ``reset()``.
      var hasPrevious = false
    }

    /// Forgets the history: flags re-prime silently, smoothing restarts, the last offset is 0.
    func reset() {
      for i in programs.indices { programs[i].trigger.reset() }
      for i in smoothers.indices { smoothers[i].reset() }
      history.pointee.lastOffset = 0
      history.pointee.previousOffset = 0
      history.pointee.hasPrevious = false
    }

    /// One frame: the slots' progress from `sample`, then every program into `out`; the flags'
    /// crossings are appended to `events`.
    /// - Precondition: `out.count` is the effect's output count.
    @inline(__always)
    func evaluate(
      _ sample: ScrollSample, into out: UnsafeMutableBufferPointer<Double>,
      events: inout [EffectEvent]
    ) {
      let s = sample.offset.isNaN ? history.pointee.lastOffset : sample.offset
      history.pointee.lastOffset = s
      let previous = history.pointee.hasPrevious ? history.pointee.previousOffset : s
      history.pointee.previousOffset = s
      history.pointee.hasPrevious = true
      let g = sample.geometry
      let bits = (
        g.viewportHeight.bitPattern, g.contentHeight.bitPattern, g.contentInsetTop.bitPattern,
        g.contentInsetBottom.bitPattern
      )
      if !history.pointee.resolved || bits != history.pointee.geometryBits {
        history.pointee.resolved = true
        history.pointee.geometryBits = bits
        for t in slots.indices { slots[t].resolve(timelines[t], geometry: g) }
      }
      for t in slots.indices { slots[t].update(at: slots[t].delayed ? previous : s) }
      Self.run(
        programs, slots: UnsafeBufferPointer(slots), stops: UnsafeBufferPointer(stops),
        smoothers: smoothers, into: out, time: sample.time, events: &events)
    }

    /// The loop over the programs. Static, on buffers only, so that nothing is retained.
    @inline(__always)
    private static func run(
      _ programs: UnsafeMutableBufferPointer<FrameProgram>,
      slots: UnsafeBufferPointer<TimelineSlot>, stops: UnsafeBufferPointer<KeyframeStop>,
      smoothers: UnsafeMutableBufferPointer<OutputSmoother>,
      into out: UnsafeMutableBufferPointer<Double>, time: Double, events: inout [EffectEvent]
    ) {
      for i in programs.indices {
        let output = programs[i].output
        let input = programs[i].input
        let p: Double
        if programs[i].readsOutput {
          p = out[input]
        } else if slots[input].active {
          p = slots[input].progress
        } else {
          // Inactive timeline (zero-length range): flags keep their state.
          out[output] =
            programs[i].shape == .flag ? programs[i].trigger.value : programs[i].inactiveValue
          continue
        }
        switch programs[i].shape {
        case .flag:
          let (first, second) = programs[i].trigger.update(p)
          if let first { events.append(EffectEvent(output: output, kind: first)) }
          if let second { events.append(EffectEvent(output: output, kind: second)) }
          out[output] = programs[i].trigger.value
        case .affine:
          let x = Swift.min(Swift.max(p, programs[i].from), programs[i].to)
          let value = programs[i].anchorValue + programs[i].slope * (x - programs[i].anchorAt)
          out[output] = Swift.min(Swift.max(value, programs[i].lower), programs[i].upper)
        case .copy:
          out[output] =
            programs[i].clamp ? Swift.min(Swift.max(p, programs[i].lower), programs[i].upper) : p
        case .general:
          out[output] = map(programs[i], p, stops: stops, smoothers: smoothers, time: time)
        }
      }
    }

    /// The general shape's value for progress `p`: keyframes, clamp, smoothing.
    @inline(__always)
    private static func map(
      _ program: FrameProgram, _ p: Double, stops: UnsafeBufferPointer<KeyframeStop>,
      smoothers: UnsafeMutableBufferPointer<OutputSmoother>, time: Double
    ) -> Double {
      let clamp = program.clamp
      let lower = program.lower
      let upper = program.upper
      let count = program.stopCount
      var value =
        count == 0
        ? p
        : KeyframeStop.evaluate(stops, from: program.stopStart, count: count, at: p, clamp: clamp)
      if clamp { value = Swift.min(Swift.max(value, lower), upper) }
      if program.smoother >= 0 {
        let range = clamp ? lower...upper : -Double.infinity...Double.infinity
        value = smoothers[program.smoother].update(target: value, time: time, range: range)
      }
      return value
    }
  }
}
