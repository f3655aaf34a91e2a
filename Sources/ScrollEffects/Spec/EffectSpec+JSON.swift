import Foundation
import ScrollSimCore

extension EffectSpec {
  /// Decodes a spec file (format version 1, `effects/README.md`).
  /// - Parameters:
  ///   - json: the file's bytes (UTF-8 JSON).
  ///   - file: the path, used in errors.
  /// - Throws: `InputError` naming `file`, the line and column, the JSON path and what was
  ///   expected: invalid JSON (duplicate keys, trailing commas, bytes that are not UTF-8, a
  ///   byte order mark anywhere but at the very start, a non-finite number), an unknown key, a missing key, a wrong type, an unknown name (range, unit, easing),
  ///   an unsupported version. Semantic checks (references, reversed or empty ranges, key-frame
  ///   order) are ``CompiledEffect/init(_:file:)``'s.
  public static func parse(_ json: Data, file: String) throws(InputError) -> EffectSpec {
    try EffectSpec(json: json, file: file)
  }

  /// Parses spec text (`file` names it in errors); see ``parse(_:file:)-(Data,_)``.
  /// - Throws: `InputError` as ``parse(_:file:)-(Data,_)``.
  public static func parse(_ text: String, file: String) throws(InputError) -> EffectSpec {
    try EffectSpec(json: Data(text.utf8), file: file)
  }

  private init(json: Data, file: String) throws(InputError) {
    let root: JSONNode
    do throws(JSONProblem) {
      root = try JSONReader.parse(json)
    } catch {
      throw error.inputError(file: file)
    }
    let r = SpecReader(file: file, root: root)
    let o = try r.object(allowed: [
      "version", "name", "description", "timelines", "outputs", "expect", "agree",
    ])
    let versionReader = try o.required("version", in: r, expected: "1")
    let version = try versionReader.integer()
    if version != EffectSpec.currentVersion {
      throw versionReader.fail("version \(version) is not supported: expected 1")
    }
    let name = try o.required("name", in: r, expected: "a string").string()
    let description = try o.reader("description", in: r)?.string() ?? ""
    var timelines: [TimelineSpec] = []
    for t in try o.reader("timelines", in: r)?.array() ?? [] {
      timelines.append(try Self.timeline(t))
    }
    var outputs: [OutputSpec] = []
    for item in try o.required("outputs", in: r, expected: "an array of outputs").array() {
      outputs.append(try Self.output(item))
    }
    self.init(name: name, description: description, timelines: timelines, outputs: outputs)
    for item in try o.reader("agree", in: r)?.array() ?? [] {
      agree.append(try Self.agreement(item, outputs: outputNames))
    }
    for item in try o.reader("expect", in: r)?.array() ?? [] {
      expect.append(try Self.expectation(item, subjects: violationSubjects))
    }
  }

  /// One entry of `"agree"`: `{"output", "rule", "with", "tolerance"?, "reason"?}`; both names
  /// must be outputs of the spec (components of a point, size or colour by `name.component`),
  /// distinct, with "did you mean" for a near miss; the tolerance a number ≥ 0.
  private static func agreement(_ r: SpecReader, outputs: [String]) throws(InputError)
    -> OutputAgreement
  {
    let o = try r.object(allowed: ["output", "rule", "with", "tolerance", "reason"])
    var names: [String] = []
    for key in ["output", "with"] {
      let reader = try o.required(key, in: r, expected: "an output name of this spec")
      let name = try reader.string()
      guard outputs.contains(name) else {
        throw reader.fail(
          "'\(InputError.excerpt(name))': no output of this spec has that name; expected one of "
            + outputs.joined(separator: ", ") + Suggestion.didYouMean(name, among: outputs))
      }
      if names.contains(name) {
        throw reader.fail("'\(InputError.excerpt(name))': an output agrees with itself")
      }
      names.append(name)
    }
    let ruleReader = try o.required("rule", in: r, expected: "equals, onlyWhile or notWhile")
    let ruleText = try ruleReader.string()
    let rules = OutputAgreement.Rule.allCases.map(\.rawValue)
    guard let rule = OutputAgreement.Rule(rawValue: ruleText) else {
      throw ruleReader.fail(
        "'\(InputError.excerpt(ruleText))': expected one of \(rules.joined(separator: ", "))"
          + Suggestion.didYouMean(ruleText, among: rules))
    }
    var tolerance = 0.0
    if let toleranceReader = o.reader("tolerance", in: r) {
      tolerance = try toleranceReader.number()
      guard tolerance >= 0 else {
        throw toleranceReader.fail("\(Self.number(tolerance)): expected a number ≥ 0")
      }
    }
    let reason = try o.reader("reason", in: r)?.string() ?? ""
    return OutputAgreement(names[0], rule, names[1], tolerance: tolerance, reason: reason)
  }

  /// One entry of `"expect"`: `{"kind", "subject", "when"?, "reason"}`; the kind, the subject
  /// (one of `subjects`) and the condition are checked, with "did you mean" for a near miss.
  private static func expectation(_ r: SpecReader, subjects: [String]) throws(InputError)
    -> ExpectedViolation
  {
    let o = try r.object(allowed: ["kind", "subject", "when", "reason"])
    let kindReader = try o.required("kind", in: r, expected: "a violation kind")
    let kindText = try kindReader.string()
    let kinds = ViolationKind.allCases.map(\.rawValue)
    guard let kind = ViolationKind(rawValue: kindText) else {
      throw kindReader.fail(
        "'\(InputError.excerpt(kindText))': expected one of \(kinds.joined(separator: ", "))"
          + Suggestion.didYouMean(kindText, among: kinds))
    }
    let subjectReader = try o.required(
      "subject", in: r, expected: "an output name or \"timeline NAME\"")
    let subject = try subjectReader.string()
    guard subjects.contains(subject) else {
      throw subjectReader.fail(
        "'\(InputError.excerpt(subject))': expected an output name or \"timeline NAME\" of this "
          + "spec" + Suggestion.didYouMean(subject, among: subjects))
    }
    var condition = ExpectedViolation.Condition.always
    if let whenReader = o.reader("when", in: r) {
      let text = try whenReader.string()
      let names = ExpectedViolation.Condition.allCases.map(\.rawValue)
      guard let value = ExpectedViolation.Condition(rawValue: text) else {
        throw whenReader.fail(
          "'\(InputError.excerpt(text))': expected one of \(names.joined(separator: ", "))"
            + Suggestion.didYouMean(text, among: names))
      }
      condition = value
    }
    if kind == .unreachable && condition != .always {
      throw try o.required("when", in: r, expected: "").fail(
        "unreachable is judged over whole runs, not on a frame: expected \"always\" (or no "
          + "\"when\")")
    }
    let reasonReader = try o.required("reason", in: r, expected: "a non-empty string")
    let reason = try reasonReader.string()
    guard !reason.isEmpty else { throw reasonReader.fail("expected a non-empty string") }
    return ExpectedViolation(kind, subject: subject, when: condition, reason: reason)
  }

  /// Reads and parses the spec file at `path` (`-` is standard input; a pipe is read once).
  /// Compile it with ``CompiledEffect/init(_:file:)`` to run it.
  /// - Throws: `InputError` of kind `unreadable` when the file cannot be read (missing, a
  ///   directory, no permission), and everything ``parse(_:file:)-(Data,_)`` throws.
  public static func load(path: String) throws(InputError) -> EffectSpec {
    let input = try InputSource.open(path)
    return try EffectSpec(json: Data(try input.bytes()), file: input.name)
  }

  private static func timeline(_ r: SpecReader) throws(InputError) -> TimelineSpec {
    let common = ["name", "type", "readsPreviousFrame"]
    let typeReader = r.objectIfAny?.reader("type", in: r)
    let kind = try typeReader.map { reader throws(InputError) in try reader.string() }
    let extra: [String] =
      switch kind {
      case "scroll": ["start", "end", "axis", "writingMode", "direction"]
      case "distance": ["origin", "axis", "writingMode", "direction"]
      case "view":
        [
          "subject", "range", "rangeStart", "rangeEnd", "inset", "offset", "fontSize", "sticky",
          "axis", "writingMode", "direction",
        ]
      case "overscroll": ["edge"]
      case "velocity": ["axis", "writingMode", "direction"]
      case "direction": ["hysteresis", "axis", "writingMode", "direction"]
      case "quick-return": ["height", "axis", "writingMode", "direction"]
      default: []
      }
    if let typeReader, let kind, !timelineTypeList.contains(kind) {
      // An unknown type is reported as such, before the keys that only it would explain.
      throw typeReader.fail(
        "'\(InputError.excerpt(kind))': expected one of \(Self.timelineTypes)"
          + Suggestion.didYouMean(kind, among: Self.timelineTypeList))
    }
    if kind == nil, let object = r.objectIfAny {
      _ = try object.required("type", in: r, expected: "one of \(Self.timelineTypes)")
    }
    let o = try r.object(allowed: common + extra + ["scrollView"])
    let name = try o.required("name", in: r, expected: "a string").string()
    let type = try o.required("type", in: r, expected: "one of \(Self.timelineTypes)")
    let timeline: Timeline
    switch kind {
    case "scroll":
      timeline = .scroll(
        start: try anchor(
          o.required("start", in: r, expected: "a number, \"max\" or {\"max\": n}")),
        end: try anchor(o.required("end", in: r, expected: "a number, \"max\" or {\"max\": n}")))
    case "distance":
      timeline = .distance(origin: try o.reader("origin", in: r)?.number() ?? 0)
    case "overscroll":
      timeline = .overscroll(
        try o.required("edge", in: r, expected: "top or bottom").oneOf(Timeline.Edge.self))
    case "view":
      timeline = .view(try view(o, r))
    case "velocity":
      timeline = .velocity
    case "direction":
      var hysteresis = ScrollDirectionTracker.defaultHysteresis
      if let h = o.reader("hysteresis", in: r) {
        hysteresis = try h.number()
        guard hysteresis >= 0 && hysteresis <= 1e9 else {
          throw h.fail(
            "\(EffectSpec.number(hysteresis)): expected a distance in 0 … 1e9 points (how far "
              + "the content must move back to flip the direction; default "
              + "\(EffectSpec.number(ScrollDirectionTracker.defaultHysteresis)))")
        }
      }
      timeline = .direction(hysteresis: hysteresis)
    case "quick-return":
      let h = try o.required("height", in: r, expected: "the bar's height, points > 0")
      let height = try h.number()
      guard height > 0 && height <= 1e9 else {
        throw h.fail(
          "\(EffectSpec.number(height)): expected the bar's height in points, > 0 and ≤ 1e9")
      }
      timeline = .quickReturn(height: height)
    default:
      throw type.fail(
        "'\(InputError.excerpt(kind ?? ""))': expected one of \(Self.timelineTypes)")
    }
    let delayed = try o.reader("readsPreviousFrame", in: r)?.bool() ?? false
    var spec = TimelineSpec(name, timeline, readsPreviousFrame: delayed)
    try readAxis(o, r, into: &spec)
    try readScrollView(o, r, into: &spec)
    return spec
  }

  /// Reads `"scrollView"` (`combined`, `header`, `list` or an index from 0) into `timeline`;
  /// a view other than the combined one must be read on the vertical axis.
  static func readScrollView(_ o: SpecObject, _ r: SpecReader, into timeline: inout TimelineSpec)
    throws(InputError)
  {
    guard let v = o.reader("scrollView", in: r) else {
      let at = r.element.node
      timeline.viewPlace = SourcePlace(line: at.line, column: at.column)
      return
    }
    let at = v.element.node
    timeline.viewPlace = SourcePlace(line: at.line, column: at.column)
    let expected =
      "expected \"combined\", \"header\", \"header1\"…, \"list\" or a view's index from 0 (the "
      + "outermost header) in a nested chain"
    if case .string(let s) = v.value {
      switch s {
      case "combined": timeline.scrollView = .combined
      case "header": timeline.scrollView = .header
      case "list": timeline.scrollView = .list
      case _
      where s.hasPrefix("header") && Int(s.dropFirst(6)).map({ $0 >= 1 && $0 <= 1000 }) == true:
        // header1, header2, …: the names outputs and events give the headers between.
        timeline.scrollView = .index(Int(s.dropFirst(6))!)
      default:
        throw v.fail(
          "'\(InputError.excerpt(s))': \(expected)"
            + Suggestion.didYouMean(s, among: ["combined", "header", "list"]))
      }
    } else {
      let n = try v.number()
      guard n >= 0 && n <= 1000 && n == n.rounded() else {
        throw v.fail("\(EffectSpec.number(n)): \(expected)")
      }
      timeline.scrollView = .index(Int(n))
    }
    if timeline.scrollView != .combined && timeline.physicalAxis.isHorizontal {
      throw v.fail(
        "'\(timeline.scrollView.specText)': a nested chain scrolls vertically, and this timeline "
          + "reads the horizontal axis: read the vertical axis (axis y) or the combined view")
    }
  }

  /// The timeline types, in the order errors list them.
  private static let timelineTypeList = [
    "scroll", "distance", "overscroll", "view", "velocity", "direction", "quick-return",
  ]
  /// ``timelineTypeList`` as text.
  private static var timelineTypes: String { timelineTypeList.joined(separator: ", ") }

  private static func anchor(_ r: SpecReader) throws(InputError) -> Timeline.ScrollAnchor {
    if case .string(let s) = r.value {
      guard s == "max" else {
        throw r.fail("'\(InputError.excerpt(s))': expected a number, \"max\" or {\"max\": n}")
      }
      return .init(0, fromMax: true)
    }
    if case .object = r.value {
      let o = try r.object(allowed: ["max"])
      return .init(try o.required("max", in: r, expected: "a number").number(), fromMax: true)
    }
    return .init(try r.number())
  }

  private static func view(_ o: SpecObject, _ r: SpecReader) throws(InputError)
    -> ViewTimeline
  {
    let physical = try physicalAxis(o, r)
    let horizontal = physical.isHorizontal
    let (at, length) = horizontal ? ("x", "width") : ("y", "height")
    let subjectReader = try o.required(
      "subject", in: r, expected: "{\"\(at)\": n, \"\(length)\": n}")
    let other = physical.isHorizontal ? "y" : "x"
    if let wrong = subjectReader.objectIfAny?.reader(other, in: subjectReader) {
      throw wrong.fail(
        "the timeline reads the \(physical.isHorizontal ? "horizontal" : "vertical") axis: "
          + "expected the subject's {\"\(at)\": n, \"\(length)\": n} along it")
    }
    let subject = try subjectReader.object(allowed: [at, length])
    var view = ViewTimeline(
      subjectY: try subject.required(at, in: subjectReader, expected: "a number").number(),
      subjectHeight: try subject.required(length, in: subjectReader, expected: "a number")
        .number())
    var fontSize = 16.0
    if let f = o.reader("fontSize", in: r) {
      fontSize = try f.number()
      guard fontSize > 0 && fontSize <= 1e6 else {
        throw f.fail("\(fontSize): expected a font size > 0 points (what 1em is)")
      }
    }
    let rangeKeys = ["range", "offset"].filter { o[$0] != nil }
    if rangeKeys.count == 2 {
      throw try o.required("offset", in: r, expected: "").fail(
        "given with 'range': expected one or the other")
    }
    if let key = rangeKeys.first,
      let both = o.reader("rangeStart", in: r) ?? o.reader("rangeEnd", in: r)
    {
      throw both.fail("given with '\(key)', which sets both ends: expected one or the other")
    }
    if let rr = o.reader("range", in: r) {
      (view.rangeStart, view.rangeEnd) = try rangeText(
        rr, fontSize: fontSize, horizontal: horizontal)
    }
    if let or = o.reader("offset", in: r) {
      (view.rangeStart, view.rangeEnd) = try motionOffsets(or, horizontal: horizontal)
    }
    if let b = o.reader("rangeStart", in: r) {
      view.rangeStart = try boundary(b, isEnd: false, fontSize: fontSize, horizontal: horizontal)
    }
    if let b = o.reader("rangeEnd", in: r) {
      view.rangeEnd = try boundary(b, isEnd: true, fontSize: fontSize, horizontal: horizontal)
    }
    if let insetReader = o.reader("inset", in: r) {
      if case .string = insetReader.value {
        let both = try insetText(insetReader, fontSize: fontSize, horizontal: horizontal)
        (view.insetStart, view.insetStartLength) = both[0]
        (view.insetEnd, view.insetEndLength) = both[1]
      } else {
        let inset = try insetReader.object(allowed: ["start", "end"])
        if let s = inset.reader("start", in: insetReader) {
          (view.insetStart, view.insetStartLength) = try insetValue(
            s, fontSize: fontSize, horizontal: horizontal)
        }
        if let e = inset.reader("end", in: insetReader) {
          (view.insetEnd, view.insetEndLength) = try insetValue(
            e, fontSize: fontSize, horizontal: horizontal)
        }
      }
    }
    if let st = o.reader("sticky", in: r) { view.sticky = try sticky(st) }
    return view
  }

  private static func boundary(
    _ r: SpecReader, isEnd: Bool, fontSize: Double, horizontal: Bool = false
  )
    throws(InputError) -> ViewTimeline.Boundary
  {
    if case .string = r.value {
      return try boundaryText(r, isEnd: isEnd, fontSize: fontSize, horizontal: horizontal)
    }
    let o = try r.object(allowed: [
      "range", "percent", "length", "viewportPercent", "scrollportPercent",
    ])
    return .init(
      try o.required("range", in: r, expected: "a named range").oneOf(ViewTimeline.NamedRange.self),
      percent: try o.reader("percent", in: r)?.number() ?? 0,
      length: try o.reader("length", in: r)?.number() ?? 0,
      viewportPercent: try o.reader("viewportPercent", in: r)?.number() ?? 0,
      scrollportPercent: try o.reader("scrollportPercent", in: r)?.number() ?? 0)
  }

  private static func output(_ r: SpecReader) throws(InputError) -> OutputSpec {
    let o = try r.object(allowed: [
      "name", "unit", "range", "type", "timeline", "output", "trigger", "keyframes", "clamp",
      "smoothing", "scrub", "fill", "underlying",
    ])
    let name = try o.required("name", in: r, expected: "a string").string()
    let sources = ["timeline", "output", "trigger"].filter { o[$0] != nil }
    guard sources.count == 1 else {
      throw r.fail(
        sources.isEmpty
          ? "no source: expected exactly one of timeline, output, trigger"
          : "several sources (\(sources.joined(separator: ", "))): expected exactly one")
    }
    let source: Source
    var isTrigger = false
    if let t = o.reader("timeline", in: r) {
      source = .timeline(try t.string())
    } else if let t = o.reader("output", in: r) {
      source = .output(try t.string())
    } else {
      let tr = try o.required("trigger", in: r, expected: "a trigger object")
      let t = try tr.object(allowed: ["timeline", "start", "end", "hysteresis", "strict"])
      isTrigger = true
      source = .trigger(
        TriggerSpec(
          timeline: try t.required("timeline", in: tr, expected: "a timeline name").string(),
          start: try t.required("start", in: tr, expected: "a progress").number(),
          end: try t.reader("end", in: tr)?.number(),
          hysteresis: try t.reader("hysteresis", in: tr)?.number() ?? 0,
          strict: try t.reader("strict", in: tr)?.bool() ?? false))
    }
    let unit =
      try o.reader("unit", in: r)?.oneOf(EffectOutput.Unit.self)
      ?? (isTrigger ? .flag : .points)
    let range: ClosedRange<Double>
    if let rr = o.reader("range", in: r) {
      let pair = try rr.array()
      guard pair.count == 2 else { throw rr.fail("\(pair.count) numbers: expected [lower, upper]") }
      let lo = try pair[0].number()
      let hi = try pair[1].number()
      guard lo <= hi else { throw rr.fail("reversed range [\(lo), \(hi)]: expected lower ≤ upper") }
      range = lo...hi
    } else if isTrigger {
      range = 0...1
    } else {
      throw r.fail(path: r.path + ".range", "missing: expected [lower, upper]")
    }
    let type = try o.reader("type", in: r)?.oneOf(ValueType.self) ?? .scalar
    var keyframes: [Keyframe] = []
    for k in try o.reader("keyframes", in: r)?.array() ?? [] {
      let ko = try k.object(allowed: ["at", "value", "easing"])
      let valueReader = try ko.required("value", in: k, expected: "a number or an array of numbers")
      let value: [Double] =
        valueReader.element.node.elements != nil
        ? try valueReader.array().map { item throws(InputError) in try item.number() }
        : [try valueReader.number()]
      let easing = try ko.reader("easing", in: k).map(easing) ?? .linear
      keyframes.append(
        Keyframe(
          at: try ko.required("at", in: k, expected: "a progress").number(), value, easing: easing))
    }
    var output = OutputSpec(
      name, unit: unit, range: range, type: type, source: source, keyframes: keyframes,
      clamp: try o.reader("clamp", in: r)?.bool() ?? true,
      smoothing: try o.reader("smoothing", in: r)?.number() ?? 0)
    if let scrub = o.reader("scrub", in: r) {
      if o["smoothing"] != nil {
        throw scrub.fail("given with 'smoothing': expected one or the other")
      }
      let seconds = try scrub.number()
      guard seconds >= 0 else {
        throw scrub.fail(
          "\(EffectSpec.number(seconds)): expected GSAP's scrub time ≥ 0 seconds")
      }
      output.smoothing = OutputSmoother.timeConstant(scrub: seconds)
    }
    output.fill = try o.reader("fill", in: r)?.oneOf(FillMode.self)
    if let u = o.reader("underlying", in: r) {
      output.underlying =
        u.element.node.elements != nil
        ? try u.array().map { item throws(InputError) in try item.number() }
        : [try u.number()]
    }
    return output
  }

  private static func easing(_ r: SpecReader) throws(InputError) -> Easing {
    let text = try r.string().replacingOccurrences(of: " ", with: "")
    let expected =
      "expected linear, ease, ease-in, ease-out, ease-in-out, step-start, step-end, "
      + "cubic-bezier(x1, y1, x2, y2) or steps(n[, jump-start|jump-end|jump-none|jump-both])"
    switch text {
    case "linear": return .linear
    case "ease": return .ease
    case "ease-in": return .easeIn
    case "ease-out": return .easeOut
    case "ease-in-out": return .easeInOut
    case "step-start": return .steps(count: 1, position: .jumpStart)
    case "step-end": return .steps(count: 1, position: .jumpEnd)
    default: break
    }
    func arguments(_ prefix: String) -> [String]? {
      guard text.hasPrefix(prefix + "("), text.hasSuffix(")") else { return nil }
      return text.dropFirst(prefix.count + 1).dropLast().split(
        separator: ",", omittingEmptySubsequences: false
      ).map(String.init)
    }
    if let a = arguments("cubic-bezier") {
      let n = a.compactMap(Double.init)
      guard n.count == 4, a.count == 4 else {
        throw r.fail("'\(InputError.excerpt(text))': \(expected)")
      }
      return .cubicBezier(x1: n[0], y1: n[1], x2: n[2], y2: n[3])
    }
    if let a = arguments("steps"), (1...2).contains(a.count), let count = Int(a[0]) {
      var position = Easing.StepPosition.jumpEnd
      if a.count == 2 {
        switch a[1] {
        case "start": position = .jumpStart
        case "end": position = .jumpEnd
        default:
          guard let p = Easing.StepPosition(rawValue: a[1]) else {
            throw r.fail("'\(InputError.excerpt(text))': \(expected)")
          }
          position = p
        }
      }
      return .steps(count: count, position: position)
    }
    throw r.fail("'\(InputError.excerpt(text))': \(expected)")
  }
}
