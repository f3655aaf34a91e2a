/// Checks an ``EffectSpec`` and lays it out as ``CompiledEffect``'s flat arrays. Runs once, at
/// load time; names are resolved to indices here so that evaluation never sees a string.
struct EffectCompiler {
  let spec: EffectSpec
  let file: String
  private(set) var outputs: [EffectOutput] = []
  private(set) var remembersHistory: [Bool] = []
  private(set) var stops: [KeyframeStop] = []
  private(set) var programs: [CompiledEffect.OutputProgram] = []

  init(spec: EffectSpec, file: String) {
    self.spec = spec
    self.file = file
  }

  private func fail(_ path: String, _ message: String) -> InputError {
    InputError(file: file, path: path, message: message)
  }

  /// Largest magnitude of any number in a spec: far beyond any layout (points) or progress,
  /// and small enough that sums and differences of spec numbers never overflow.
  static let limit = 1e9

  /// The shortest fixed scroll range (points) and the closest two stops of an unclamped output
  /// may be (unless at one place, a jump): with every spec number and offset within ±1e9, a
  /// fixed range's progress then stays within ±2e18 and a segment's slope within ±2e18, so an
  /// output that reads a timeline stays far below the largest double when it extrapolates (no
  /// ±∞ in it, nor NaN from ∞ · 0).
  static let shortest = 1e-9

  private func finite(_ value: Double, _ path: String) throws(InputError) {
    if !(Swift.abs(value) <= Self.limit) {
      throw fail(path, "\(value) is out of range: expected a finite number in [-1e9, 1e9]")
    }
  }

  /// The index of timeline `name`, or an error at `path` listing the names there are.
  private func timelineIndex(_ name: String, in names: [String], _ path: String)
    throws(InputError)
    -> Int
  {
    guard let i = names.firstIndex(of: name) else {
      let expected =
        names.isEmpty
        ? "the spec declares no timelines (add one under \"timelines\")"
        : "expected one of \(names.joined(separator: ", "))"
      throw fail(path, "unknown timeline '\(name)': " + expected)
    }
    return i
  }

  /// Rejects a name with a comma, a double quote, white space or a control character: names
  /// become CSV column headers (unquoted) and events in CSV frame files are separated by spaces.
  private func checkName(_ name: String, _ path: String) throws(InputError) {
    let bad = name.unicodeScalars.first {
      $0 == "," || $0 == "\"" || $0.properties.isWhitespace
        || $0.properties.generalCategory == .control
    }
    guard let bad else { return }
    throw fail(
      path,
      "\(name.debugDescription) contains \(String(bad).debugDescription): names become CSV "
        + "column headers and event names, so they may not contain commas, double quotes, "
        + "white space or control characters")
  }

  mutating func compile() throws(InputError) {
    if spec.version != EffectSpec.currentVersion {
      throw fail("$.version", "version \(spec.version) is not supported: expected 1")
    }
    if spec.name.isEmpty { throw fail("$.name", "empty name: expected a non-empty string") }
    try checkName(spec.name, "$.name")
    if spec.timelines.count > Self.maximumTimelines {
      throw fail(
        "$.timelines",
        "\(spec.timelines.count) timelines: expected at most \(Self.maximumTimelines)")
    }
    var timelineNames: [String] = []
    for (i, t) in spec.timelines.enumerated() {
      let path = "$.timelines[\(i)]"
      if t.name.isEmpty { throw fail(path + ".name", "empty name: expected a non-empty string") }
      try checkName(t.name, path + ".name")
      if timelineNames.contains(t.name) {
        throw fail(path + ".name", "duplicate timeline name '\(t.name)': expected unique names")
      }
      timelineNames.append(t.name)
      try check(t.timeline, path)
      if case .view(let view) = t.timeline, view.sticky != nil, !t.readsVerticalAxis {
        throw fail(
          path + ".sticky",
          "a sticky subject on the \(t.axis.rawValue) axis in \(t.writingMode.rawValue) "
            + "\(t.direction.rawValue): sticky subjects are solved on the vertical axis, top to "
            + "bottom, only: expected no \"sticky\", or axis y (block in horizontal-tb)")
      }
      if t.readsPreviousFrame && t.timeline.isMotion {
        throw fail(
          path + ".readsPreviousFrame",
          "true on a \(Self.typeName(t.timeline)) timeline: expected false (a one-frame-late "
            + "offset is reproduced on scroll, distance, view and overscroll timelines only)")
      }
    }
    if spec.outputs.isEmpty { throw fail("$.outputs", "no outputs: expected at least one") }
    // Expanded names and, per spec output, its first index.
    var names: [String] = []
    var isFlag: [Bool] = []
    for (k, o) in spec.outputs.enumerated() {
      let path = "$.outputs[\(k)]"
      if o.name.isEmpty { throw fail(path + ".name", "empty name: expected a non-empty string") }
      try checkName(o.name, path + ".name")
      let expanded =
        o.type.components.isEmpty ? [o.name] : o.type.components.map { o.name + "." + $0 }
      if names.count + expanded.count > Self.maximumOutputs {
        throw fail(
          path,
          "more than \(Self.maximumOutputs) outputs (components counted): expected at most "
            + "\(Self.maximumOutputs)")
      }
      for n in expanded where names.contains(n) {
        throw fail(path + ".name", "duplicate output name '\(n)': expected unique names")
      }
      names += expanded
      var flag = false
      if case .trigger = o.source { flag = true }
      isFlag += Array(repeating: flag, count: expanded.count)
    }
    var firstIndex = 0
    var triggerPrograms: [CompiledEffect.OutputProgram] = []
    var otherPrograms: [CompiledEffect.OutputProgram] = []
    var history = Array(repeating: false, count: names.count)
    for (k, o) in spec.outputs.enumerated() {
      let path = "$.outputs[\(k)]"
      try checkOutput(o, path)
      try checkFill(o, path)
      let width = o.type.width
      for c in 0..<width {
        let index = firstIndex + c
        outputs.append(EffectOutput(name: names[index], range: o.range, unit: o.unit))
        let source: CompiledEffect.OutputProgram.Source
        var trigger: RangeTrigger?
        switch o.source {
        case .timeline(let name):
          let t = try timelineIndex(name, in: timelineNames, path + ".timeline")
          // A direction or quick-return timeline remembers earlier frames; velocity is in
          // the sample.
          if spec.timelines[t].timeline.isMotion && spec.timelines[t].timeline != .velocity {
            history[index] = true
          }
          source = .timeline(t)
        case .output(let name):
          guard let referenced = names.firstIndex(of: name) else {
            throw fail(
              path + ".output",
              "unknown output '\(name)': expected one of \(names.joined(separator: ", "))")
          }
          if !(isFlag[referenced] || referenced < firstIndex) {
            throw fail(
              path + ".output",
              "output '\(name)' is declared later: expected a flag or an output declared earlier")
          }
          history[index] = history[referenced] || isFlag[referenced]
          source = .output(referenced)
        case .trigger(let spec):
          let t = try timelineIndex(spec.timeline, in: timelineNames, path + ".trigger.timeline")
          let start = spec.strict ? spec.start.nextUp : spec.start
          trigger = RangeTrigger(
            start: start, end: spec.end ?? .infinity, hysteresis: spec.hysteresis)
          history[index] = true
          source = .trigger(t)
        }
        let stopStart = stops.count
        if o.fill != nil {
          stops += fillStops(o, component: c)
        } else {
          for frame in o.keyframes {
            stops.append(KeyframeStop(at: frame.at, value: frame.value[c], easing: frame.easing))
          }
        }
        let count = stops.count - stopStart
        KeyframeStop.prepareSegments(&stops, from: stopStart, count: count)
        let inactive: Double = {
          guard count > 0 else { return o.clamp ? o.range.lowerBound : 0 }
          let v =
            o.fill != nil ? o.underlying?[c] ?? stops[stopStart].value : stops[stopStart].value
          return o.clamp ? Swift.min(Swift.max(v, o.range.lowerBound), o.range.upperBound) : v
        }()
        if o.smoothing > 0 { history[index] = true }
        let program = CompiledEffect.OutputProgram(
          output: index, source: source, stopStart: stopStart, stopCount: count, clamp: o.clamp,
          lower: o.range.lowerBound, upper: o.range.upperBound, inactiveValue: inactive,
          smoother: o.smoothing > 0 ? OutputSmoother(timeConstant: o.smoothing) : nil,
          trigger: trigger)
        if trigger != nil { triggerPrograms.append(program) } else { otherPrograms.append(program) }
      }
      firstIndex += width
    }
    if stops.count > Self.maximumStops {
      throw fail(
        "$.outputs",
        "\(stops.count) keyframe stops in all (one per keyframe and component): expected at "
          + "most \(Self.maximumStops)")
    }
    programs = triggerPrograms + otherPrograms
    remembersHistory = history
  }

  /// Most timelines, outputs (components counted) and keyframe stops in all a spec may have:
  /// far beyond any screen's effects, and small enough that the per-frame records index
  /// them, and their byte offsets, with 32-bit integers (``CompiledEffect/GeneralProgram``).
  static let maximumTimelines = 1 << 16
  /// See ``maximumTimelines``.
  static let maximumOutputs = 1 << 20
  /// See ``maximumTimelines``.
  static let maximumStops = 1 << 24

  private func check(_ timeline: Timeline, _ path: String) throws(InputError) {
    switch timeline {
    case .scroll(let start, let end):
      try finite(start.value, path + ".start")
      try finite(end.value, path + ".end")
      if start.fromMax == end.fromMax {
        if end.value == start.value {
          throw fail(
            path + ".end", "empty range \(start.value) … \(end.value): expected end > start")
        }
        if end.value < start.value {
          throw fail(
            path + ".end", "reversed range \(start.value) … \(end.value): expected end > start")
        }
        if end.value - start.value < Self.shortest {
          throw fail(
            path + ".end",
            "range \(EffectSpec.number(start.value)) … \(EffectSpec.number(end.value)) is "
              + "shorter than \(EffectSpec.number(Self.shortest)) pt: its progress would "
              + "overflow to ±∞ a little way past it: expected a longer range")
        }
      }
    case .distance(let origin):
      try finite(origin, path + ".origin")
    case .view(let view):
      try finite(view.subjectY, path + ".subject.y")
      try finite(view.subjectHeight, path + ".subject.height")
      if view.subjectHeight < 0 {
        throw fail(path + ".subject.height", "\(view.subjectHeight): expected a height ≥ 0")
      }
      for (value, key) in [(view.insetStart, "start"), (view.insetEnd, "end")] {
        if let value, !(value >= 0 && value <= Self.limit) {
          throw fail(path + ".inset.\(key)", "\(value): expected \"auto\" or a length ≥ 0")
        }
      }
      for (b, key) in [(view.rangeStart, "rangeStart"), (view.rangeEnd, "rangeEnd")] {
        try finite(b.percent, path + ".\(key).percent")
        try finite(b.length, path + ".\(key).length")
      }
      let a = view.rangeStart
      let b = view.rangeEnd
      // Only ends that differ in percent alone are known empty or reversed here; a `vh` or a
      // scrollport part makes the order depend on the geometry (an empty range is then an
      // inactive slot on that frame).
      if a.range == b.range && a.length == b.length && a.viewportPercent == b.viewportPercent
        && a.scrollportPercent == b.scrollportPercent
      {
        if b.percent == a.percent {
          throw fail(
            path + ".rangeEnd",
            "empty range \(a.range.rawValue) \(a.percent)% … \(b.percent)%: expected end after start"
          )
        }
        if b.percent < a.percent {
          throw fail(
            path + ".rangeEnd",
            "reversed range \(a.range.rawValue) \(a.percent)% … \(b.percent)%: expected end after start"
          )
        }
      } else if let order = Self.fixedOrder(view) {
        throw fail(
          path + ".rangeEnd",
          "\(order == .at ? "empty" : "reversed") range \(a.range.rawValue) "
            + "\(EffectSpec.number(a.percent))% … \(b.range.rawValue) \(EffectSpec.number(b.percent))%: "
            + "the end is \(order.rawValue) the start on every viewport: expected end after start")
      }
    case .overscroll, .velocity:
      break
    case .direction(let hysteresis):
      if !(hysteresis >= 0 && hysteresis <= Self.limit) {
        throw fail(
          path + ".hysteresis",
          "\(EffectSpec.number(hysteresis)): expected a distance ≥ 0 points (default "
            + "\(EffectSpec.number(ScrollDirectionTracker.defaultHysteresis)))")
      }
    case .quickReturn(let height):
      if !(height > 0 && height <= Self.limit) {
        throw fail(
          path + ".height", "\(EffectSpec.number(height)): expected the bar's height > 0 points")
      }
    }
  }

  /// The JSON `type` of `timeline`.
  static func typeName(_ timeline: Timeline) -> String {
    switch timeline {
    case .scroll: "scroll"
    case .distance: "distance"
    case .view: "view"
    case .overscroll: "overscroll"
    case .velocity: "velocity"
    case .direction: "direction"
    case .quickReturn: "quick-return"
    }
  }

  private func checkOutput(_ o: EffectSpec.OutputSpec, _ path: String) throws(InputError) {
    try finite(o.range.lowerBound, path + ".range[0]")
    try finite(o.range.upperBound, path + ".range[1]")
    if !(o.smoothing >= 0 && o.smoothing <= Self.limit) {
      throw fail(
        path + ".smoothing",
        "\(o.smoothing): expected a time constant ≥ 0 and ≤ \(Self.limit) seconds")
    }
    if case .trigger(let t) = o.source {
      if !o.keyframes.isEmpty {
        throw fail(path + ".keyframes", "a trigger output is a 0/1 flag: expected no keyframes")
      }
      if o.type != .scalar { throw fail(path + ".type", "a trigger output is a scalar flag") }
      if o.unit != .flag {
        throw fail(
          path + ".unit", "'\(o.unit.rawValue)': a trigger output is a 0/1 flag: expected flag")
      }
      if o.range != 0...1 {
        throw fail(
          path + ".range",
          "[\(EffectSpec.number(o.range.lowerBound)), \(EffectSpec.number(o.range.upperBound))]: "
            + "a trigger output takes 0 and 1: expected [0, 1] (or no range)")
      }
      try finite(t.start, path + ".trigger.start")
      if let end = t.end {
        try finite(end, path + ".trigger.end")
        if end < t.start {
          throw fail(
            path + ".trigger.end", "reversed range \(t.start) … \(end): expected end > start")
        }
        if end == t.start {
          throw fail(path + ".trigger.end", "empty range \(t.start) … \(end): expected end > start")
        }
      }
      if !(t.hysteresis >= 0 && t.hysteresis <= Self.limit) {
        throw fail(path + ".trigger.hysteresis", "\(t.hysteresis): expected a number ≥ 0")
      }
      return
    }
    if o.type != .scalar && o.keyframes.isEmpty {
      throw fail(
        path + ".keyframes",
        "a \(o.type.rawValue) output needs keyframes with \(o.type.width) values each")
    }
    var previous = -Double.infinity
    for (j, k) in o.keyframes.enumerated() {
      let kp = path + ".keyframes[\(j)]"
      try finite(k.at, kp + ".at")
      if k.at < previous {
        throw fail(
          kp + ".at",
          "\(k.at) is below the previous stop's \(previous): expected stops in non-decreasing order"
        )
      }
      previous = k.at
      if k.value.count != o.type.width {
        throw fail(
          kp + ".value",
          "\(k.value.count) numbers: expected \(o.type.width) for a \(o.type.rawValue)")
      }
      for (c, v) in k.value.enumerated() {
        let vp = kp + (k.value.count == 1 ? ".value" : ".value[\(c)]")
        try finite(v, vp)
        if o.unit == .flag && v != 0 && v != 1 {
          throw fail(vp, "\(EffectSpec.number(v)): a flag output takes 0 or 1")
        }
        if o.clamp && !o.range.contains(v) {
          throw fail(
            vp,
            "\(EffectSpec.number(v)) is outside the output's range "
              + "\(EffectSpec.number(o.range.lowerBound)) … \(EffectSpec.number(o.range.upperBound)):"
              + " expected a value in it (clamp would cut it silently; with \"clamp\": false, "
              + "check reports where the output leaves its range)")
        }
      }
      try check(k.easing, kp + ".easing")
    }
    if !o.clamp {
      // An unclamped output extrapolates: stops a subnormal apart give a slope of ±∞ (NaN at
      // the first stop, ∞ · 0, and ±∞ past it), and stops a normal double apart a slope that
      // overflows a little way out. At least ``shortest`` apart, every value stays finite.
      for j in o.keyframes.indices.dropFirst() {
        let (a, b) = (o.keyframes[j - 1], o.keyframes[j])
        guard b.at > a.at, b.at - a.at < Self.shortest else { continue }
        throw fail(
          path + ".keyframes[\(j)].at",
          "\(EffectSpec.number(b.at)) is closer than \(EffectSpec.number(Self.shortest)) to the "
            + "previous stop's \(EffectSpec.number(a.at)) for an unclamped output: its slope "
            + "would overflow, and the output be ±∞ or NaN: put both stops at one place (a "
            + "jump), further apart, or clamp the output")
      }
    }
    if o.unit == .flag, o.keyframes.isEmpty, case .timeline = o.source {
      throw fail(
        path + ".unit",
        "'flag' on a timeline's progress, which is fractional: expected keyframes of 0 and 1 "
          + "(or a trigger)")
    }
  }

  /// Where a view range's end is on every viewport, when it is never after its start (the
  /// raw value completes "the end is … the start").
  enum FixedOrder: String {
    case before
    case beforeOrAt = "before or at"
    case at
  }

  /// Where the view range of `view` ends on every viewport when that is never after its start;
  /// nil when some viewport gives it a length or the order is not known here.
  ///
  /// Known when the ends have no `vh` or scrollport part and the insets none either (nor a
  /// sticky subject): both ends then sit at the subject's place plus a piecewise-linear
  /// function of the scrollport's height `P`, whose one kink is at `P` = the subject's height
  /// (where `contain` turns over). The length is then negative (or 0) for every `P` ≥ 0 when
  /// it is at `P` = 0, at the kink and far past it (ViewTimeline/interval(of:…)).
  static func fixedOrder(_ view: ViewTimeline) -> FixedOrder? {
    let (a, b) = (view.rangeStart, view.rangeEnd)
    guard view.sticky == nil, view.insetStartLength == nil, view.insetEndLength == nil,
      a.viewportPercent == 0, a.scrollportPercent == 0, b.viewportPercent == 0,
      b.scrollportPercent == 0
    else { return nil }
    let insets = (view.insetStart ?? 0) + (view.insetEnd ?? 0)
    let h = view.subjectHeight
    var lengths: [Double] = []
    for port in [0, h, h + 1e6] {
      let r = view.range(
        viewportHeight: port + insets, contentInsetTop: 0, contentInsetBottom: 0)
      lengths.append(r.end - r.start)
    }
    if lengths.allSatisfy({ $0 < 0 }) { return .before }
    if lengths.allSatisfy({ $0 == 0 }) { return .at }
    if lengths.allSatisfy({ $0 <= 0 }) { return .beforeOrAt }
    return nil
  }

  private func check(_ easing: Easing, _ path: String) throws(InputError) {
    switch easing {
    case .linear: break
    case .cubicBezier(let x1, let y1, let x2, let y2):
      if !(x1 >= 0 && x1 <= 1 && x2 >= 0 && x2 <= 1 && Swift.abs(y1) <= Self.limit
        && Swift.abs(y2) <= Self.limit)
      {
        throw fail(
          path,
          "cubic-bezier(\(x1), \(y1), \(x2), \(y2)): expected x1, x2 in [0, 1] and finite y1, y2")
      }
    case .steps(let count, let position):
      if count < 1 || (position == .jumpNone && count < 2) {
        throw fail(
          path, "steps(\(count), \(position.rawValue)): expected at least 1 step (2 for jump-none)")
      }
    }
  }
}
