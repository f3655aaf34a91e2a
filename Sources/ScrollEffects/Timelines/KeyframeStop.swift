/// One compiled keyframe stop of one scalar component, with the segment that starts at it
/// prepared at compile time (``prepareSegments(_:from:count:)``).
struct KeyframeStop: Sendable, Equatable {
  /// Progress of the stop.
  var at: Double
  /// The component's value there.
  var value: Double
  /// Easing of the segment from here to the next stop.
  var easing: Easing
  /// How the segment from here to the next stop evaluates (the last stop's is unused).
  var kind = SegmentKind.flat
  /// Linear segments: `(next.value − value) / (next.at − at)`.
  var slope = 0.0
  /// Linear segments: the stop (this one or the next) nearer progress 0, whose `at` and
  /// `value` anchor `value + slope · (p − at)` so that values at rest are exact.
  var anchorAt = 0.0
  /// See ``anchorAt``.
  var anchorValue = 0.0
  /// Cubic-bezier segments: the easing's control points (x1, y1, x2, y2), read without a
  /// `switch` over ``easing``.
  var bezier = (x1: 0.0, y1: 0.0, x2: 0.0, y2: 0.0)
  /// Eased segments (cubic and other easings) whose term `ease((p − at) / (next.at − at))`
  /// other programs compute from the same operands: its index in the frame's ``Term`` cache
  /// (see ``CompiledEffect/FrameState/shareEasedTerms(_:_:)``), else −1.
  var term: Int32 = -1

  /// One shared eased term: the frame that computed it last and its value.
  struct Term {
    /// The frame number (``CompiledEffect/FrameBuffers/History/frame``) of ``value``; 0: none.
    var frame: UInt64 = 0
    /// The eased term's value on that frame.
    var value = 0.0
  }

  /// The five shapes a segment can take, decided once from its two stops.
  enum SegmentKind: Sendable, Equatable {
    /// Two stops at the same progress: the later value applies from there on.
    case jump
    /// Equal values: flat everywhere (also at an infinite unclamped progress, no 0 · ∞).
    case flat
    /// Linear easing.
    case linear
    /// A cubic-bezier easing (``bezier``).
    case cubic
    /// Any other easing (steps).
    case eased

    /// Whether the segment applies an easing to its local progress (``cubic`` or ``eased``):
    /// its term `ease((p − at) / (next.at − at))` may be shared (``KeyframeStop/term``).
    var isEased: Bool { self == .cubic || self == .eased }
  }

  init(at: Double, value: Double, easing: Easing) {
    self.at = at
    self.value = value
    self.easing = easing
  }

  static func == (a: KeyframeStop, b: KeyframeStop) -> Bool {
    a.at == b.at && a.value == b.value && a.easing == b.easing && a.kind == b.kind
      && a.slope == b.slope && a.anchorAt == b.anchorAt && a.anchorValue == b.anchorValue
      && a.bezier == b.bezier
  }
}

extension KeyframeStop {
  /// Decides the shape of each segment of `stops[lo ..< lo + count]` and precomputes the linear
  /// ones' slope and anchor, exactly as ``evaluate(_:from:count:at:clamp:)`` used to per frame
  /// (same operations on the same operands, so the same bits).
  static func prepareSegments(_ stops: inout [KeyframeStop], from lo: Int, count: Int) {
    guard count >= 2 else { return }
    for i in lo..<(lo + count - 1) {
      let a = stops[i]
      let b = stops[i + 1]
      let length = b.at - a.at
      if length == 0 {
        stops[i].kind = .jump
      } else if a.value == b.value {
        stops[i].kind = .flat
      } else if case .linear = a.easing {
        stops[i].kind = .linear
        stops[i].slope = (b.value - a.value) / length
        let nearA = Swift.abs(a.at) <= Swift.abs(b.at)
        stops[i].anchorAt = nearA ? a.at : b.at
        stops[i].anchorValue = nearA ? a.value : b.value
      } else if case .cubicBezier(let x1, let y1, let x2, let y2) = a.easing {
        stops[i].kind = .cubic
        stops[i].bezier = (x1, y1, x2, y2)
      } else {
        stops[i].kind = .eased
      }
    }
  }

  /// The value of the piecewise mapping `segments[lo ..< lo + count]` (the per-frame form of
  /// the stops, ``Segment``) at progress `p`.
  ///
  /// With `clamp`, `p` is first clamped to the first and last stops' `at`. Then the segment
  /// holding `p` (the last stop at or below it; the first or last segment outside) is
  /// evaluated: linear segments as `v + slope · (p − a)` anchored at the segment stop nearer
  /// progress 0, so values at rest are exact; eased segments as `v₀ + (v₁ − v₀) · ease(t)`
  /// with `t = (p − a₀) / (a₁ − a₀)` (CSS keyframe interpolation). A zero-length segment (two
  /// stops at the same progress) is a jump: the later value applies from that progress on.
  /// - Precondition: `count ≥ 1`, the range lies in `segments`, made by ``Segment/table(_:)``.
  /// - Complexity: O(stops in the mapping), no allocation.
  /// - Parameters:
  ///   - beziers: the cubic-bezier segments' control points, by ``Segment/word``.
  ///   - nonNaN: whether `progress` is never NaN (the progress clamp's `max` is then
  ///     ``maxNonNaN(_:_:)``, the same bits in one instruction).
  ///   - terms: the frame's cache of shared eased terms and the frame's number: a segment with
  ///     a ``Segment/term`` takes it from there when this frame computed it already (the same
  ///     function of the same operands, so the same bits), else computes and stores it; nil
  ///     computes every term.
  @inline(__always)
  static func evaluate(
    _ segments: UnsafePointer<Segment>, _ beziers: UnsafePointer<Segment.Bezier>, from lo: Int,
    count: Int, at progress: Double, clamp: Bool, nonNaN: Bool = false,
    terms: (cache: UnsafeMutablePointer<Term>, frame: UInt64)? = nil
  ) -> Double {
    if count == 1 { return segments[lo].value }
    let hi = lo &+ count &- 1
    var p = progress
    if clamp {
      let first = segments[lo].at
      p = Swift.min(nonNaN ? maxNonNaN(p, first) : Swift.max(p, first), segments[hi].at)
    }
    let a = segments + Segment.search(segments, from: lo, last: hi, at: p)
    switch a.pointee.kind {
    case .flat:
      return a.pointee.value
    case .linear:
      return Segment.line(a, at: p)
    case .jump:
      return p < a.pointee.at ? a.pointee.value : a[1].value
    case .cubic:
      let (at, value) = (a.pointee.at, a.pointee.value)
      let eased = cubicTerm(
        p, at: at, length: a[1].at - at, beziers + Int(truncatingIfNeeded: a.pointee.word),
        term: Int(a.pointee.term), terms: terms)
      return value + (a[1].value - value) * eased
    case .eased:
      // The cache look-up as in `cubicTerm` (through one helper taking the term's
      // computation as a closure, `engine/outputs-1000` cost 0.7 instructions more per
      // output).
      let (at, value) = (a.pointee.at, a.pointee.value)
      let term = Int(a.pointee.term)
      if term >= 0, let terms, terms.cache[term].frame == terms.frame {
        return value + (a[1].value - value) * terms.cache[term].value
      }
      // `Easing.callAsFunction` of steps, without its `switch`.
      let eased = Easing.step(
        (p - at) / (a[1].at - at), Int(truncatingIfNeeded: a.pointee.word),
        a.pointee.stepPosition)
      if term >= 0, let terms { terms.cache[term] = Term(frame: terms.frame, value: eased) }
      return value + (a[1].value - value) * eased
    }
  }
}

extension KeyframeStop {
  /// A cubic-bezier segment's eased term at progress `x`: `ease((x − at) / length)`
  /// (`Easing.callAsFunction` of a cubic-bezier, without its `switch`), `length` being
  /// `next.at − at`. A shared term (`term` ≥ 0, ``KeyframeStop/term``) is taken from the
  /// frame's `terms` when this frame computed it already (the same function of the same
  /// operands, so the same bits), else computed and stored there; nil computes it.
  @inline(__always)
  static func cubicTerm(
    _ x: Double, at: Double, length: Double, _ bezier: UnsafePointer<Segment.Bezier>,
    term: Int, terms: (cache: UnsafeMutablePointer<Term>, frame: UInt64)?
  ) -> Double {
    if term >= 0, let terms, terms.cache[term].frame == terms.frame {
      return terms.cache[term].value
    }
    let b = bezier.pointee
    let eased = Easing.bezier((x - at) / length, b.x1, b.y1, b.x2, b.y2)
    if term >= 0, let terms { terms.cache[term] = Term(frame: terms.frame, value: eased) }
    return eased
  }
}

extension KeyframeStop {
  /// The per-frame form of a ``KeyframeStop`` and the segment that starts at it: 32 bytes
  /// (two to a cache line) instead of the stop's 112, what one shape needs and no more.
  ///
  /// A linear segment's anchor is this stop or the next (``anchorsAtNext``), whose `at` and
  /// `value` are the ones ``KeyframeStop/anchorAt`` and ``KeyframeStop/anchorValue`` copy; a
  /// cubic-bezier's control points are in a table of their own (few distinct easings, many
  /// segments); a steps easing's count and position are stored inline. The frame computes
  /// with the same operands, so the same bits.
  struct Segment: Sendable, Equatable {
    /// The stop's progress.
    var at: Double
    /// The component's value there.
    var value: Double
    /// By ``kind``: a linear segment's slope (its bits), a cubic-bezier's index in the
    /// control points' table, a steps easing's count; else 0.
    var word: UInt64
    /// See ``KeyframeStop/term`` (−1: not shared).
    var term: Int32
    /// See ``KeyframeStop/kind``.
    var kind: SegmentKind
    /// ``anchorsAtNext``, and a steps easing's position (``code(_:)``, shifted by one bit).
    var flags: UInt8

    /// In ``flags``: a linear segment anchored at the next stop (the one nearer progress 0).
    static let anchorsAtNext: UInt8 = 1

    /// A cubic-bezier easing's control points.
    struct Bezier: Sendable, Equatable {
      /// See ``Easing/cubicBezier(x1:y1:x2:y2:)``.
      var x1, y1, x2, y2: Double
    }

    /// A linear segment's slope.
    var slope: Double { Double(bitPattern: word) }

    /// The segment of `segments[lo ... hi]` that holds progress `p`: the last stop at or
    /// below `p` before `hi`, else `lo` (also for a NaN `p`).
    @inline(__always)
    static func search(_ segments: UnsafePointer<Segment>, from lo: Int, last hi: Int, at p: Double)
      -> Int
    {
      var i = lo
      while i &+ 1 < hi && segments[i &+ 1].at <= p { i &+= 1 }
      return i
    }

    /// The linear segment `a` at progress `p`: `anchorValue + slope · (p − anchorAt)`,
    /// anchored at this stop or the next (``anchorsAtNext``), the same operands as
    /// ``KeyframeStop/anchorAt`` and ``KeyframeStop/anchorValue``.
    ///
    /// A flat segment (slope +0, anchored here) gives its value's bits too wherever `p` is
    /// finite, unless that value is −0: `v + (±0)` is `v` for every other `v` (+0 + −0 is +0),
    /// but −0 + +0 is +0. (``CompiledEffect/PieceRecord`` relies on it.)
    @inline(__always)
    static func line(_ a: UnsafePointer<Segment>, at p: Double) -> Double {
      let anchor = a + Int(a.pointee.flags & anchorsAtNext)
      return lineValue(anchor.pointee.value, a.pointee.slope, at: p, from: anchor.pointee.at)
    }

    /// A steps easing's position (stored in ``flags`` by ``table(_:)``).
    var stepPosition: Easing.StepPosition {
      switch flags >> 1 {
      case 0: .jumpStart
      case 1: .jumpEnd
      case 2: .jumpNone
      default: .jumpBoth
      }
    }

    /// The code of `position` in ``flags`` (see ``stepPosition``).
    static func code(_ position: Easing.StepPosition) -> UInt8 {
      switch position {
      case .jumpStart: 0
      case .jumpEnd: 1
      case .jumpNone: 2
      case .jumpBoth: 3
      }
    }

    /// The per-frame form of every stop in `stops` (segments prepared, terms shared), and the
    /// cubic-bezier control points they index: one entry per distinct easing (bit for bit),
    /// in order of first use.
    static func table(_ stops: some Collection<KeyframeStop>) -> (
      segments: [Segment], beziers: [Bezier]
    ) {
      var beziers: [Bezier] = []
      var bezierIndex: [[UInt64]: Int] = [:]
      let segments = stops.map { stop in
        var word: UInt64 = 0
        var flags: UInt8 = 0
        switch (stop.kind, stop.easing) {
        case (.linear, _):
          word = stop.slope.bitPattern
          // `prepareSegments` anchors at this stop or at the next, whichever is nearer 0 (a
          // linear segment's two stops differ in `at`, so the bits tell which).
          let here =
            stop.anchorAt.bitPattern == stop.at.bitPattern
            && stop.anchorValue.bitPattern == stop.value.bitPattern
          flags = here ? 0 : anchorsAtNext
        case (.cubic, _):
          let (x1, y1, x2, y2) = stop.bezier
          let key = [x1, y1, x2, y2].map(\.bitPattern)
          let index =
            bezierIndex[key]
            ?? {
              beziers.append(Bezier(x1: x1, y1: y1, x2: x2, y2: y2))
              bezierIndex[key] = beziers.count - 1
              return beziers.count - 1
            }()
          word = UInt64(index)
        case (.eased, .steps(let count, let position)):
          word = UInt64(bitPattern: Int64(count))
          flags = code(position) << 1
        default:
          break
        }
        return Segment(
          at: stop.at, value: stop.value, word: word, term: stop.term, kind: stop.kind,
          flags: flags)
      }
      return (segments, beziers)
    }
  }
}

extension KeyframeStop {
  /// A clamped keyframe mapping that is one line, or two lines through one anchor (a kink):
  /// `anchorValue + m · (x − anchorAt)` for `x = min(max(p, from), to)`, with
  /// `m = x ≥ kink ? slope : slopeBelow`, then clamped to the output's range.
  struct Line: Sendable, Equatable {
    /// The first and last stops' progress.
    var from: Double
    /// See ``from``.
    var to: Double
    /// The stop the line is anchored at (progress, value) and its slope (value per progress).
    var anchorAt: Double
    /// See ``anchorAt``.
    var anchorValue: Double
    /// See ``anchorAt``.
    var slope: Double
    /// Where the slope changes (−∞: one line), and the slope below it.
    var kink = -Double.infinity
    /// See ``kink``.
    var slopeBelow: Double

    /// One line (no kink).
    init(from: Double, to: Double, anchorAt: Double, anchorValue: Double, slope: Double) {
      (self.from, self.to, self.anchorAt, self.anchorValue) = (from, to, anchorAt, anchorValue)
      self.slope = slope
      slopeBelow = slope
    }

    /// Whether there are two slopes.
    var isKinked: Bool { kink != -.infinity }

    /// The value at `x` before the output clamp, computed exactly as the per-frame affine and
    /// kinked shapes do.
    func value(at x: Double) -> Double {
      lineValue(anchorValue, x >= kink ? slope : slopeBelow, at: x, from: anchorAt)
    }
  }

  /// The mapping `stops[lo ..< lo + count]`, clamped to `lower … upper` (both the progress
  /// clamp and the output clamp of ``evaluate(_:from:count:at:clamp:)`` then `clamp`), as one
  /// ``Line`` when that gives the same bits at every progress; nil otherwise.
  ///
  /// Three folds, each exact:
  /// - *Collinear segments*: linear segments with the same slope and the same anchor, bit for
  ///   bit (adjacent segments anchored at their shared stop, e.g. at progress 0), compute the
  ///   same expression on the same operands whichever of them the segment search picks.
  /// - *A kink*: linear segments with the same anchor and two slopes, one run then the other
  ///   (a stretch below 0 and a parallax above it), are the same expressions with the slope
  ///   chosen as the segment search chooses the segment: the second from its first stop on
  ///   (also for a NaN progress, which picks the first).
  /// - *Flat ends absorbed by the output clamp*: a flat segment before (after) the linear run
  ///   whose value is the bound the line saturates there, when the line's value at the
  ///   junction already lies at or beyond that bound. The line's floating-point value is
  ///   monotonic in `x` (subtraction, multiplication by a constant and addition round
  ///   monotonically), so it stays beyond the bound across the flat part, and the output
  ///   clamp writes the bound's bits, as the flat segment does. At the junction itself the
  ///   segment search already picks the linear segment (before) or the flat one (after, where
  ///   the condition is checked). This fold relies on the progress never being NaN (with NaN
  ///   the search picks the first segment), so it applies only when `progressIsNeverNaN`:
  ///   timeline progress, whose offset is never NaN and whose active ranges are finite.
  /// Jumps, eased segments and non-finite or zero slopes are never folded.
  /// - Parameter progressIsNeverNaN: whether the progress read can never be NaN.
  static func line(
    _ stops: [KeyframeStop], from lo: Int, count: Int, lower: Double, upper: Double,
    progressIsNeverNaN: Bool
  ) -> Line? {
    guard count >= 2, lower < upper else { return nil }
    let segments = lo..<(lo + count - 1)
    guard let first = segments.first(where: { stops[$0].kind == .linear }),
      let last = segments.last(where: { stops[$0].kind == .linear })
    else { return nil }
    let a = stops[first]
    var line = Line(
      from: stops[lo].at, to: stops[lo + count - 1].at, anchorAt: a.anchorAt,
      anchorValue: a.anchorValue, slope: a.slope)
    for i in first...last {
      let s = stops[i]
      guard s.kind == .linear, s.slope.isFinite, s.slope != 0,
        s.anchorAt.bitPattern == a.anchorAt.bitPattern,
        s.anchorValue.bitPattern == a.anchorValue.bitPattern
      else { return nil }
      if s.slope.bitPattern == line.slope.bitPattern { continue }
      // A second slope, from stop i on (only one change).
      guard !line.isKinked else { return nil }
      line.kink = s.at
      line.slope = s.slope
    }
    // Flat ends rely on one monotonic line.
    if line.isKinked && (first > segments.lowerBound || last + 1 < segments.upperBound) {
      return nil
    }
    let ends = [
      (segments.lowerBound..<first, stops[first].at, false),
      (last + 1..<segments.upperBound, stops[last + 1].at, true),
    ]
    for (flats, junction, after) in ends where !flats.isEmpty {
      guard progressIsNeverNaN else { return nil }
      // Rising line: below the run it saturates at `lower`, past it at `upper`.
      let towardUpper = after == (line.slope > 0)
      let bound = towardUpper ? upper : lower
      let v = line.value(at: junction)
      let saturates = towardUpper ? (v > bound || (v == bound && bound != 0)) : v <= bound
      guard saturates else { return nil }
      for i in flats where stops[i].kind != .flat || stops[i].value.bitPattern != bound.bitPattern {
        return nil
      }
    }
    return line
  }
}
