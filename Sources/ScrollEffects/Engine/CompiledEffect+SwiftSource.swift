import ScrollPhysics

extension CompiledEffect {
  /// Swift source for a type that computes this effect in straight-line code: every output's
  /// keyframes, clamps and constants written out, so the compiler folds them as it would an
  /// effect written by hand. Compile the file into your test target (or a benchmark) and
  /// evaluate the type like any ``ScrollEffect``; the interpreter (``evaluate(_:into:events:)``)
  /// costs 5–8× the arithmetic itself per frame, the generated type about the arithmetic
  /// (`Benchmarks/README.md`, `frame/physics+5-presets-generated`).
  ///
  /// The type gives **the same bits** as this compiled effect for every output and the same
  /// events in the same order, frame by frame (NaN offsets, geometry changes, inactive ranges,
  /// restored sessions and ``reset()`` included): it runs the interpreter's programs (after its
  /// folds of collinear keyframes) as expressions with the same operations on the same
  /// operands, in the same order (an eased term that several outputs compute from the same
  /// operands is computed once per frame and shared, as the interpreter shares it: the same
  /// bits). It embeds the spec's JSON (``EffectSpec/jsonText``) for its outputs, its ranges'
  /// resolution and its expected violations, so it depends on ScrollEffects and ScrollPhysics
  /// only. `scrollsim export swift` writes it.
  ///
  /// The generated type (internal) conforms to ``GeneratedEffect``, which gives it the rest of
  /// ``ScrollEffect`` and `evaluate(_:into:events:)` (this type's signature, into an array)
  /// from the embedded spec; the file holds `values` (one property per output, in
  /// lowerCamelCase), `evaluate(_:events:)` (the fast path, writing `values`),
  /// `copyValues(into:)` and `reset()`. Regenerate it after editing the spec or upgrading
  /// ScrollSim. The file names the
  /// spec by its name, not its path: the same spec gives the same bytes from any directory.
  /// - Parameter typeName: the generated type's name, a Swift identifier (letters of any
  ///   script, digits and `_`, not starting with a digit), not a keyword and not a type or
  ///   module the generated code uses (`Double`, `String`, `Timeline`, `ScrollEffects` …).
  /// - Returns: the whole file, ending in a newline; the same effect and name give the same
  ///   bytes.
  /// - Throws: ``/ScrollSimCore/InputError`` of kind ``/ScrollSimCore/InputError/Kind/invalid``
  ///   (field `type`) for a name that is not an identifier or names what the code uses, and of
  ///   kind
  ///   ``/ScrollSimCore/InputError/Kind/unsupported`` naming the spec file and
  ///   `$.timelines[i]` (its `type`; `.axis` or `.scrollView` when that key is the reason, with
  ///   the key's line and column in a parsed spec) for a timeline the
  ///   generator does not write out yet: a velocity, direction or quick-return timeline, one
  ///   on another axis than the vertical one from the top, or one reading a scroll view of a
  ///   nested chain. Those run in the interpreter only.
  public func swiftSource(typeName: String) throws(InputError) -> String {
    guard SwiftSource.isIdentifier(typeName), !SwiftSource.keywords.contains(typeName) else {
      throw InputError(
        .invalid, file: file, field: "type",
        message: "'\(typeName)' is not a Swift type name: use letters, digits and '_', not "
          + "starting with a digit, and not a keyword (e.g. \(SwiftSource.typeName(for: name)))")
    }
    guard !SwiftSource.usedTypes.contains(typeName) else {
      throw InputError(
        .invalid, file: file, field: "type",
        message: "'\(typeName)' names a type or module the generated code uses, which a type "
          + "of that name would hide in your module: choose another name (e.g. My\(typeName))")
    }
    for (i, t) in spec.timelines.enumerated()
    where t.timeline.isMotion || SlotAxis(t.physicalAxis) != .y || t.scrollView != .combined {
      // The key that makes it unsupported, and where the file names it.
      let (why, field, place) =
        t.timeline.isMotion
        ? ("a motion timeline (velocity, direction, quick-return)", "type", t.axisPlace)
        : t.scrollView != .combined
          ? ("a timeline reading one scroll view of a nested chain", "scrollView", t.viewPlace)
          : SwiftSource.axisRefusal(t)
      throw InputError(
        .unsupported, file: file, line: place.line, column: place.column,
        path: "$.timelines[\(i)]" + (field == "type" ? "" : ".\(field)"), field: field,
        message: "timeline '\(t.name)' is \(why), which the Swift generator does not write out "
          + "yet: evaluate this spec with CompiledEffect (the interpreter), or leave the "
          + "timeline out of the generated effect")
    }
    // A fresh compile: what this copy has evaluated (flags, smoothers, memos) is not the
    // generated type's starting state.
    let fresh = try CompiledEffect(spec, file: file)
    var source = SwiftSource(
      effect: fresh, buffers: fresh.frame.buffers, slotOf: fresh.frame.timelineSlots,
      typeName: typeName)
    return source.file()
  }
}

/// The writer behind ``CompiledEffect/swiftSource(typeName:)``: walks the effect's frame
/// buffers in the interpreter's order (``CompiledEffect/FrameBuffers/run(_:time:into:events:checked:)``)
/// and writes each program as the expression its shape computes.
package struct SwiftSource {
  typealias Buffers = CompiledEffect.FrameBuffers
  let effect: CompiledEffect
  let b: Buffers
  /// Per spec timeline, its slot.
  let slotOf: [Int]
  let typeName: String
  /// The body of `evaluate`'s output loop, indented.
  private var body: [String] = []
  /// The stored properties of the program state, in order.
  private var state: [String] = []
  /// Per flag: its property name and output.
  private var flags: [String] = []
  /// The smoothers' property names.
  private var smoothers: [String] = []
  /// The number of memos (general programs that remember their last input).
  private var memos = 0
  /// The slots some program reads (the others' progress is not computed).
  private var readSlots: Set<Int> = []
  /// The shared eased terms (``KeyframeStop/term``) the written programs use.
  private var terms: Set<Int32> = []

  /// Per output, its property name in `Values`.
  let names: [String]
  /// Per slot, its range when it does not depend on the geometry (a scroll timeline between two
  /// offsets from the top), else nil.
  let staticRanges: [TimelineRange?]

  init(effect: CompiledEffect, buffers: Buffers, slotOf: [Int], typeName: String) {
    self.effect = effect
    b = buffers
    self.slotOf = slotOf
    self.typeName = typeName
    names = Self.propertyNames(effect.outputs.map(\.name))
    staticRanges = (0..<buffers.slots.count).map { t -> TimelineRange? in
      guard buffers.slots[t].kind == .range,
        case .scroll(let start, let end) = buffers.timelines[t], !start.fromMax, !end.fromMax
      else { return nil }
      // Any geometry: neither end reads it.
      return buffers.timelines[t].range(
        geometry: ScrollGeometry(viewportHeight: 0, contentHeight: 0))
    }
  }

  /// Property names for the outputs `names`: each one's words (runs of letters and digits) in
  /// lowerCamelCase (`apple-music/header.overlayOpacity` → `appleMusicHeaderOverlayOpacity`),
  /// `output` before one that starts with a digit (`output2x`), `output` and the output's index
  /// for one with neither (`output3`); a name already taken gets the output's index appended
  /// (then `_2`, `_3` … until it is free); a keyword is written in backquotes.
  package static func propertyNames(_ names: [String]) -> [String] {
    var taken: Set<String> = ["values", "array"]
    return names.enumerated().map { k, name in
      let words = name.split { !($0.isLetter || $0.isNumber) }.map(String.init)
      var camel = words.enumerated().map { i, w in
        i == 0 ? w.prefix(1).lowercased() + w.dropFirst() : w.prefix(1).uppercased() + w.dropFirst()
      }.joined()
      if camel.isEmpty {
        camel = "output\(k)"
      } else if camel.first!.isNumber {
        camel = "output" + camel
      }
      var candidate = camel
      var suffix = 1
      while !taken.insert(candidate).inserted {
        candidate = suffix == 1 ? camel + "\(k)" : camel + "\(k)_\(suffix)"
        suffix += 1
      }
      return keywords.contains(candidate) ? "`\(candidate)`" : candidate
    }
  }

  /// Why timeline `t`'s axis is refused (it is not the vertical one from the top), the key
  /// that makes it so (`direction` for a vertical axis read from the bottom; `writingMode`
  /// for a logical axis a vertical writing mode turns horizontal; else `axis`) and where the
  /// file names the axis.
  static func axisRefusal(_ t: EffectSpec.TimelineSpec) -> (String, String, SourcePlace) {
    var keys = "axis \(t.axis.rawValue)"
    if t.writingMode != .horizontalTB { keys += ", writingMode \(t.writingMode.rawValue)" }
    if t.direction != .ltr { keys += ", direction \(t.direction.rawValue)" }
    let logical = t.axis == .block || t.axis == .inline
    switch t.physicalAxis {
    case .vertical:
      return (
        "a timeline on the vertical axis read from the bottom (\(keys))", "direction",
        t.axisPlace
      )
    case .horizontal(let leftToRight):
      let side = leftToRight ? "left to right" : "right to left"
      let field = logical && t.writingMode != .horizontalTB ? "writingMode" : "axis"
      return ("a timeline on the horizontal axis, \(side) (\(keys))", field, t.axisPlace)
    }
  }

  // MARK: Names and literals

  /// Whether `name` is an identifier: letters (any script), digits and `_`, not starting with
  /// a digit.
  package static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.first, !first.isNumber else { return false }
    return name.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
  }

  /// Swift's keywords (a property of that name is written in backquotes; a type may not have
  /// one).
  static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
    "init", "inout", "internal", "let", "open", "operator", "private", "protocol", "public",
    "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "continue",
    "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
    "return", "switch", "where", "while", "as", "Any", "catch", "false", "is", "nil", "super",
    "self", "Self", "throw", "throws", "true", "try", "Type", "Protocol", "_",
  ]

  /// The types and modules the generated code names: a type of one of these names would hide
  /// it in the user's module.
  package static let usedTypes: Set<String> = [
    "Swift", "ScrollEffects", "ScrollPhysics", "ScrollSimCore", "Double", "Int", "UInt64",
    "Bool", "String", "Array", "ClosedRange", "Optional", "Sendable", "Equatable",
    "ScrollEffect", "ScrollSample", "ScrollGeometry", "EffectSpec", "CompiledEffect",
    "EffectFrame", "EffectEvent", "EffectOutput", "ExpectedViolation", "RangeTrigger",
    "OutputSmoother", "Easing", "Timeline", "TimelineRange", "Values", "GeneratedEffect",
    "UnsafeMutableBufferPointer",
  ]

  /// The default type name for a spec named `name`: its words in UpperCamelCase and `Effect`
  /// (`apple-music` → `AppleMusicEffect`).
  package static func typeName(for name: String) -> String {
    let words = name.split { !($0.isLetter || $0.isNumber) }
    var camel = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    if camel.first.map({ $0.isNumber }) ?? true { camel = "Spec" + camel }
    return camel + "Effect"
  }

  /// `x` as a Swift literal with the same bits: the shortest decimal that reads back to it
  /// (Swift's `description`), negative ones in parentheses, infinities by name, a NaN by its
  /// bit pattern (its sign and payload kept: x86-64's `∞ · 0` is −NaN, `Double.nan` +NaN),
  /// and by its bit pattern too (the decimal in a comment) a number whose decimal the
  /// compiler could read as another (``compilerReadsExactly(_:_:)``).
  package static func literal(_ x: Double) -> String {
    let bits = { "Double(bitPattern: 0x\(String(x.bitPattern, radix: 16, uppercase: true)))" }
    if x.isNaN { return bits() }
    if x.isInfinite { return x < 0 ? "(-Double.infinity)" : "Double.infinity" }
    let text = "\(x)"
    if !compilerReadsExactly(text, x) { return "\(bits()) /* \(text) */" }
    return x.sign == .minus ? "(\(text))" : text
  }

  /// Whether the compiler reads the decimal literal `text`, `x`'s shortest decimal, as `x` on
  /// every platform. On x86-64 Swift reads a literal into an 80-bit float first (a 64-bit
  /// significand), then rounds that to a `Double`: twice, so a decimal within 2⁻⁶⁴ of the
  /// middle of two doubles can come out one ulp off (`0.305369589753581` reads as
  /// `0x3FD38B2CE44BCFF2`; `Double("0.305369589753581")`, correctly rounded, is `…CFF3`).
  /// The first rounding moves the value by at most 2⁻⁶⁴ of it, so the literal is exact when
  /// the decimal's value times 1 − 10⁻¹⁹ and times 1 + 10⁻¹⁹, written out exactly, both
  /// round to `x` (rounding is monotonic). Platform-independent: the same text everywhere.
  static func compilerReadsExactly(_ text: String, _ x: Double) -> Bool {
    guard x.isFinite, x != 0 else { return true }
    // The decimal as an integer significand `m` and a power of ten.
    var body = Substring(text.hasPrefix("-") ? text.dropFirst() : Substring(text))
    var exponent = 0
    if let e = body.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      guard let power = Int(body[body.index(after: e)...]) else { return false }
      exponent = power
      body = body[..<e]
    }
    var digits = String(body)
    if let dot = body.firstIndex(of: ".") {
      let fraction = body[body.index(after: dot)...]
      exponent -= fraction.count
      digits = String(body[..<dot]) + fraction
    }
    let tenToThe19: UInt64 = 10_000_000_000_000_000_000
    guard let m = UInt64(digits), m > 0, m < tenToThe19 else { return false }
    let pad = { (n: UInt64) in
      let s = String(n)
      return String(repeating: "0", count: 19 - s.count) + s
    }
    // m·10¹⁹ + m and m·10¹⁹ − m = (m − 1)·10¹⁹ + (10¹⁹ − m), times 10^(exponent − 19).
    let sign = x < 0 ? "-" : ""
    let above = "\(m)" + pad(m)
    let below = m > 1 ? "\(m - 1)" + pad(tenToThe19 - m) : String(tenToThe19 - m)
    return [above, below].allSatisfy {
      Double(sign + $0 + "e\(exponent - 19)")?.bitPattern == x.bitPattern
    }
  }

  private func lit(_ x: Double) -> String { Self.literal(x) }

  // MARK: The file

  /// The whole file.
  mutating func file() -> String {
    writePrograms()
    let n = effect.outputs.count
    let spec = effect.spec
    // A raw string with more `#`s than any run in the text: nothing in it is an escape, an
    // interpolation or its end.
    let longestRun = spec.jsonText.split { $0 != "#" }.map(\.count).max() ?? 0
    let hashes = String(repeating: "#", count: longestRun + 1)
    var lines: [String] = []
    lines += [
      "// swift-format-ignore-file",
      "// swiftlint:disable all",
      "// Generated by `scrollsim export swift` from the effect spec \"\(Self.escape(spec.name))\".",
      "// Do not edit: regenerate it after changing the spec or upgrading ScrollSim. Every output",
      "// and event has the same bits as `CompiledEffect` of the embedded spec gives, frame by",
      "// frame.",
      "",
      "import ScrollEffects",
      "import ScrollPhysics",
      "",
      "/// The effect spec \"\(Self.escape(spec.name))\" in straight-line Swift (\(n) output\(n == 1 ? "" : "s")),",
      "/// generated from its compiled programs: evaluate it like any `ScrollEffect`.",
      "struct \(typeName): ScrollEffect {",
      "  /// The spec this type was generated from, as `EffectSpec.jsonText` writes it.",
      "  static let specText = \(hashes)\"\"\"",
    ]
    lines += spec.jsonText.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.isEmpty ? "" : "    " + $0
    }
    lines += [
      "    \"\"\"\(hashes)",
      "  /// The spec, compiled: the outputs, the timelines' ranges and the expected violations",
      "  /// come from it (the text is the generator's own output, so it parses).",
      "  static let compiled = try! CompiledEffect(EffectSpec.parse(specText, file: "
        + "\"\(Self.escape(spec.name))\"))",
      "",
      "  /// The last non-NaN offset (0 before any) and the previous frame's, points.",
      "  private var lastOffset = 0.0",
      "  private var previousOffset = 0.0",
      "  private var hasPrevious = false",
    ]
    if needsGeometry {
      lines += [
        "  /// The geometry the ranges were resolved for, as bit patterns.",
        "  private var resolved = false",
        "  private var geometryBits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)",
      ]
    }
    lines += slotState()
    lines += state.map { "  " + $0 }
    if !smoothers.isEmpty {
      lines.append("  /// The smoothers' last decay factor, shared as the engine shares it.")
      lines.append("  private var decay = OutputSmoother.Decay()")
    }
    lines += [
      "",
      "  /// The outputs of the last frame, one property per output in the order of `outputs`.",
      "  struct Values: Sendable, Equatable {",
    ]
    for (o, output) in effect.outputs.enumerated() {
      let range =
        "\(EffectSpec.number(output.range.lowerBound)) … \(EffectSpec.number(output.range.upperBound))"
      lines.append("    /// \(output.name) (\(output.unit.rawValue), \(range)).")
      lines.append("    var \(names[o]) = 0.0")
    }
    lines += [
      "    /// The values in the order of `outputs`.",
      "    var array: [Double] {",
      "      [",
    ]
    lines += names.map { "        self.\($0)," }
    lines += [
      "      ]",
      "    }",
      "  }",
      "",
      "  /// The last frame's outputs by name.",
      "  private(set) var values = Values()",
      "",
      "  init() {}",
      "",
      "  /// `Swift.min`, `Swift.max`, `bitPattern` and an easing's value with the same operations, inlined",
      "  /// also where the optimizer stops inlining in a long function.",
      "  @inline(__always) private static func min(_ x: Double, _ y: Double) -> Double { y < x ? y : x }",
      "  @inline(__always) private static func max(_ x: Double, _ y: Double) -> Double { y >= x ? y : x }",
      "  @inline(__always) private static func bits(_ x: Double) -> UInt64 { x.bitPattern }",
      "  @inline(__always) private static func ease(_ e: Easing, _ t: Double) -> Double { e(t) }",
    ]
    if !flags.isEmpty {
      lines += [
        "  /// A flag's update outside its steady interval, out of line: most frames skip it.",
        "  @inline(never) private static func update(",
        "    _ flag: inout RangeTrigger, _ steady: inout (lower: Double, upper: Double), _ p: Double,",
        "    output: Int, events: inout [EffectEvent]",
        "  ) {",
        "    let (first, second) = flag.update(p)",
        "    steady = flag.steadyInterval",
        "    if let first { events.append(EffectEvent(output: output, kind: first)) }",
        "    if let second { events.append(EffectEvent(output: output, kind: second)) }",
        "  }",
      ]
    }
    lines += [
      "",
      "  func copyValues(into v: UnsafeMutableBufferPointer<Double>) {",
    ]
    lines += names.enumerated().map { "    v[\($0.offset)] = values.\($0.element)" }
    lines += [
      "  }",
      "",
      "  /// This frame's outputs into ``values`` and the flags' crossings appended to `events`.",
      "  /// Inlined into the caller's frame loop, as code written by hand for one effect would be.",
      "  @inline(__always)",
      "  mutating func evaluate(_ sample: ScrollSample, events: inout [EffectEvent]) {",
      "    let s = sample.offset.isNaN ? lastOffset : sample.offset",
      "    lastOffset = s",
    ]
    if !flags.isEmpty {
      lines.append("    if !hasPrevious && s != 0 {")
      lines += flags.flatMap {
        ["      \($0).primeBeforeRange()", "      \($0)Steady = \($0).steadyInterval"]
      }
      lines.append("    }")
    }
    let delayed = (0..<b.slots.count).contains { b.slots[$0].delayed }
    lines += [
      delayed
        ? "    let previous = hasPrevious ? previousOffset : s"
        : "    // (No timeline reads the previous frame's offset.)",
      "    previousOffset = s",
      "    hasPrevious = true",
    ]
    if needsGeometry {
      lines += [
        "    let g = sample.geometry",
        "    let bits = (",
        "      g.viewportHeight.bitPattern, g.contentHeight.bitPattern, g.contentInsetTop.bitPattern,",
        "      g.contentInsetBottom.bitPattern",
        "    )",
        "    if !resolved || bits != geometryBits {",
        "      resolved = true",
        "      geometryBits = bits",
      ]
      lines += slotResolution()
      lines.append("    }")
    }
    lines += slotProgress()
    // The eased terms several outputs share, computed at most once per frame (on first use).
    lines += terms.sorted().map { "    var ease\($0) = 0.0, ease\($0)Done = false" }
    // Locals: a store to an output cannot be taken to change them (it could a property).
    lines += (0..<b.slots.count).filter {
      readSlots.contains($0) && b.slots[$0].kind == .range && staticRanges[$0] == nil
    }
    .map { "    let active\($0) = self.active\($0)" }
    if !smoothers.isEmpty { lines.append("    let time = sample.time") }
    // The smoothers' shared exponential (one per frame and time constant), a local: a store to
    // an output cannot be taken to change it.
    if !smoothers.isEmpty { lines.append("    var decay = self.decay") }
    lines += body.map { String($0.dropFirst(2)) }
    if !smoothers.isEmpty { lines.append("    self.decay = decay") }
    lines += [
      "  }",
      "",
      "  /// Forgets the history, as `CompiledEffect.reset()`.",
      "  mutating func reset() {",
    ]
    lines += flags.flatMap { ["    \($0).reset()", "    \($0)Steady = \($0).steadyInterval"] }
    lines += smoothers.map { "    \($0).reset()" }
    lines += [
      "    lastOffset = 0",
      "    previousOffset = 0",
      "    hasPrevious = false",
      "  }",
      "}",
      "",
      "/// `name`, `outputs`, `remembersHistory`, `expectedViolations` and the array and",
      "/// `EffectFrame` forms of `evaluate` come from the embedded spec (`GeneratedEffect`).",
      "extension \(typeName): GeneratedEffect {}",
      "",
    ]
    return lines.joined(separator: "\n")
  }

  /// `text` for a Swift string literal's inside (quotes and backslashes escaped, one line).
  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      .replacingOccurrences(of: "\n", with: "\\n")
  }

  // MARK: Timelines

  /// Whether some slot's range or origin depends on the geometry (then the frame checks it).
  private var needsGeometry: Bool {
    (0..<b.slots.count).contains {
      (b.slots[$0].kind == .range && staticRanges[$0] == nil)
        || b.slots[$0].kind == .overscrollBottom
    }
  }

  /// The spec timeline index of slot `t` (the first that uses it).
  private func timelineIndex(ofSlot t: Int) -> Int { slotOf.firstIndex(of: t)! }

  private func slotState() -> [String] {
    var lines: [String] = []
    for t in 0..<b.slots.count {
      switch b.slots[t].kind {
      case .range where staticRanges[t] != nil:
        break
      case .range:
        lines.append(
          "  /// Timeline '\(Self.escape(effect.spec.timelines[timelineIndex(ofSlot: t)].name))':"
            + " its range's start and length (points) and whether it is active.")
        lines.append("  private var start\(t) = 0.0, length\(t) = 0.0, active\(t) = true")
      case .overscrollBottom:
        lines.append("  /// The bottom overscroll's origin, the geometry's maxOffset (points).")
        lines.append("  private var start\(t) = 0.0")
      case .distance, .overscrollTop, .motion:
        break
      }
    }
    return lines
  }

  private func slotResolution() -> [String] {
    var lines: [String] = []
    for t in 0..<b.slots.count {
      switch b.slots[t].kind {
      case .range where staticRanges[t] != nil:
        break
      case .range:
        let j = timelineIndex(ofSlot: t)
        lines += [
          "      let r\(t) = Self.compiled.spec.timelines[\(j)].timeline.range(geometry: g)",
          "        ?? TimelineRange(start: 0, end: 0)",
          "      (start\(t), length\(t), active\(t)) = (r\(t).start, r\(t).end - r\(t).start, "
            + "r\(t).isActive)",
        ]
      case .overscrollBottom:
        lines.append("      start\(t) = g.maxOffset")
      case .distance, .overscrollTop, .motion:
        break
      }
    }
    return lines
  }

  private func slotProgress() -> [String] {
    (0..<b.slots.count).compactMap { t in
      guard readSlots.contains(t) else { return nil }
      let slot = b.slots[t]
      let at = slot.delayed ? "previous" : "s"
      switch slot.kind {
      case .range:
        if let r = staticRanges[t] {
          // Inactive: no program reads it.
          guard r.isActive else { return nil }
          return "    let p\(t) = (\(at) - \(lit(r.start))) / \(lit(r.end - r.start))"
        }
        return "    let p\(t) = (\(at) - start\(t)) / length\(t)"
      case .distance:
        let origin: Double
        if case .distance(let o) = b.timelines[t] { origin = o } else { origin = 0 }
        return "    let p\(t) = \(at) - \(lit(origin))"
      case .overscrollTop: return "    let p\(t) = Self.max(0, -\(at))"
      case .overscrollBottom: return "    let p\(t) = Self.max(0, \(at) - start\(t))"
      case .motion: return nil
      }
    }
  }

  // MARK: Programs

  /// Every program in the interpreter's order.
  private mutating func writePrograms() {
    let level0 = b.level0
    for i in level0.flags { flag(i) }
    for i in level0.affine { line(i, readsOutput: false, kinked: false) }
    for i in level0.kinked { line(i, readsOutput: false, kinked: true) }
    for i in level0.copies { copy(i, readsOutput: false, level0: true) }
    for i in level0.general { general(i, readsOutput: false) }
    for i in level0.outputCopies { copy(i, readsOutput: true, level0: false) }
    for segment in b.segments {
      for i in segment.start..<segment.end {
        switch segment.shape {
        case .flag: flag(i)
        case .affine: line(i, readsOutput: segment.readsOutput, kinked: false)
        case .kinked: line(i, readsOutput: segment.readsOutput, kinked: true)
        case .copy: copy(i, readsOutput: segment.readsOutput, level0: false)
        case .general: general(i, readsOutput: segment.readsOutput)
        }
      }
    }
  }

  /// A comment naming output `o`.
  private func comment(_ o: Int) -> String {
    "      // \(effect.outputs[o].name)"
  }

  /// Wraps `lines` computing output `o` from slot `slot` in its activity check (range slots
  /// only: the others are always active), writing `inactive` otherwise.
  private mutating func emit(_ o: Int, slot: Int?, inactive: String, _ lines: [String]) {
    body.append(comment(o))
    if let slot, let r = staticRanges[slot], !r.isActive {
      // A range that is empty at every geometry: always the inactive value.
      body.append("      values.\(names[o]) = \(inactive)")
    } else if let slot, b.slots[slot].kind == .range, staticRanges[slot] == nil {
      body.append("      if active\(slot) {")
      body += lines.map { "  " + $0 }
      body.append("      } else {")
      body.append("        values.\(names[o]) = \(inactive)")
      body.append("      }")
    } else {
      body.append("      do {")
      body += lines.map { "  " + $0 }
      body.append("      }")
    }
  }

  /// The input of a program: slot `input`'s progress, or output `input / 8`'s value.
  private mutating func input(_ input: Int, slot: Int, readsOutput: Bool) -> String {
    if readsOutput { return "values.\(names[input / MemoryLayout<Double>.stride])" }
    readSlots.insert(slot)
    return "p\(slot)"
  }

  /// `max(x, y)` as the interpreter computes it: one comparison when `x` is never NaN.
  private func max(_ x: String, _ y: String, nonNaN: Bool) -> String {
    nonNaN ? "(\(x) > \(y) ? \(x) : \(y))" : "Self.max(\(x), \(y))"
  }

  private mutating func flag(_ i: Int) {
    let program = b.programs[i]
    let o = program.output
    let name = "flag\(flags.count)"
    flags.append(name)
    let t = program.trigger
    state.append(
      "/// The flag \(effect.outputs[o].name): its trigger and the progress interval in which it "
        + "stays as it is.")
    state.append(
      "private var \(name) = RangeTrigger(start: \(lit(t.start)), end: \(lit(t.end)), "
        + "hysteresis: \(lit(t.hysteresis)))")
    state.append("private var \(name)Steady = (lower: Double.infinity, upper: -Double.infinity)")
    let p = "p\(program.input)"
    readSlots.insert(program.input)
    emit(
      o, slot: program.input, inactive: "\(name).value",
      [
        "      if \(p) < \(name)Steady.lower || \(p) > \(name)Steady.upper {",
        "        Self.update(&\(name), &\(name)Steady, \(p), output: \(o), events: &events)",
        "      }",
        "      values.\(names[o]) = \(name).value",
      ])
  }

  private mutating func line(_ i: Int, readsOutput: Bool, kinked: Bool) {
    let l = b.lines[i]
    let nonNaN = !readsOutput
    let x = input(l.input, slot: l.slot, readsOutput: readsOutput)
    var lines = ["      let x = Self.min(\(max(x, lit(l.from), nonNaN: nonNaN)), \(lit(l.to)))"]
    let (keepLower, keepUpper) = nonNaN ? l.clampsNeeded(kinked: kinked) : (true, true)
    // `+0 + t` is `t` except for t = −0, which a kept clamp to a lower bound ≥ +0 maps to that
    // bound either way.
    let anchor =
      keepLower && l.anchorValue.bitPattern == (0.0).bitPattern && l.lower >= 0
        && l.lower.sign == .plus
      ? "" : "\(lit(l.anchorValue)) + "
    if kinked {
      lines.append("      let m = x >= \(lit(l.kink)) ? \(lit(l.slope)) : \(lit(l.slopeBelow))")
      lines.append("      let y = \(anchor)m * (x - \(lit(l.anchorAt)))")
    } else {
      lines.append("      let y = \(anchor)\(lit(l.slope)) * (x - \(lit(l.anchorAt)))")
    }
    var value = keepLower ? max("y", lit(l.lower), nonNaN: nonNaN) : "y"
    if keepUpper { value = "Self.min(\(value), \(lit(l.upper)))" }
    lines.append("      values.\(names[l.output]) = \(value)")
    emit(l.output, slot: readsOutput ? nil : l.slot, inactive: lit(l.inactiveValue), lines)
  }

  private mutating func copy(_ i: Int, readsOutput: Bool, level0: Bool) {
    let c = b.copies[i]
    let x = input(c.input, slot: c.slot, readsOutput: readsOutput)
    let nonNaN = !readsOutput
    // Level 0's loop clamps every copy (an unclamped one has the bounds ±∞).
    let clamped = level0 || c.clamp
    let value =
      clamped ? "Self.min(\(max(x, lit(c.lower), nonNaN: nonNaN)), \(lit(c.upper)))" : x
    emit(
      c.output, slot: readsOutput ? nil : c.slot, inactive: lit(c.inactiveValue),
      ["      values.\(names[c.output]) = \(value)"])
  }

  private mutating func general(_ i: Int, readsOutput: Bool) {
    let g = b.generals[i]
    let nonNaN = !readsOutput
    let lo = Int(g.stopStart)
    let count = Int(g.stopCount)
    if count == 1 {
      // One stop: a constant, clamped here with the same operations (the input is not read).
      var value = b.stops[lo].value
      if g.clamp {
        value = Swift.min(
          nonNaN ? (value > g.lower ? value : g.lower) : Swift.max(value, g.lower), g.upper)
      }
      var lines = ["      var value = \(lit(value))"]
      if g.smoother >= 0 {
        lines.append(smoothing(g))
      } else {
        lines[0] = lines[0].replacingOccurrences(of: "var value", with: "let value")
      }
      lines.append("      values.\(names[g.output]) = value")
      emit(g.output, slot: readsOutput ? nil : g.slot, inactive: lit(g.inactiveValue), lines)
      return
    }
    let input = input(g.input, slot: g.slot, readsOutput: readsOutput)
    // The mapping of `x` (keyframes, output clamp) into `value`.
    var mapping: [String] = []
    if count >= 2 {
      let hi = lo + count - 1
      if g.clamp {
        mapping.append(
          "x = Self.min(\(max("x", lit(b.stops[lo].at), nonNaN: nonNaN)), "
            + "\(lit(b.stops[hi].at)))")
      }
      for k in lo..<hi {
        let last = k == hi - 1
        let head =
          k == lo
          ? (last ? "do {" : "if !(\(lit(b.stops[k + 1].at)) <= x) {")
          : (last ? "} else {" : "} else if !(\(lit(b.stops[k + 1].at)) <= x) {")
        mapping.append(head)
        if b.stops[k].term >= 0 {
          // A term other programs share (see `FrameState.shareEasedTerms`): computed once.
          let term = "ease\(b.stops[k].term)"
          terms.insert(b.stops[k].term)
          mapping.append("  if !\(term)Done { \(term) = \(easedTerm(k)); \(term)Done = true }")
          mapping.append("  value = \(eased(k, term: term))")
        } else {
          mapping.append("  value = \(segment(k))")
        }
      }
      mapping.append("}")
    } else {
      mapping.append("value = x")
    }
    if g.clamp {
      mapping.append(
        "value = Self.min(\(max("value", lit(g.lower), nonNaN: nonNaN)), \(lit(g.upper)))")
    }
    let xIsVar = count >= 2 && g.clamp
    var lines = ["      var value: Double"]
    // An eased segment costs more than remembering the last input and its value (the engine's
    // memo, ``CompiledEffect/GeneralProgram``, with the same first entry: progress 0).
    let eased = (lo..<Swift.max(lo, lo + count - 1)).contains { b.stops[$0].kind.isEased }
    if eased {
      let memo = "memo\(memos)"
      memos += 1
      state.append(
        "/// \(effect.outputs[g.output].name): the last input's bits and its mapped value.")
      state.append(
        "private var \(memo) = (input: UInt64(\(g.lastInput)), value: \(lit(g.lastValue)))")
      lines += [
        "      let input = \(input)",
        "      if Self.bits(input) == \(memo).input {",
        "        value = \(memo).value",
        "      } else {",
        "        \(xIsVar ? "var" : "let") x = input",
      ]
      lines += mapping.map { "        " + $0 }
      lines += [
        "        \(memo) = (Self.bits(input), value)",
        "      }",
      ]
    } else {
      lines.append("      \(xIsVar ? "var" : "let") x = \(input)")
      lines += mapping.map { "      " + $0 }
    }
    if g.smoother >= 0 { lines.append(smoothing(g)) }
    lines.append("      values.\(names[g.output]) = value")
    if g.smoother < 0 && !g.clamp { lines[0] = "      let value: Double" }
    emit(g.output, slot: readsOutput ? nil : g.slot, inactive: lit(g.inactiveValue), lines)
  }

  /// The smoothing of general program `g`'s `value` (a new smoother in the state).
  private mutating func smoothing(_ g: CompiledEffect.GeneralProgram) -> String {
    let name = "smoother\(smoothers.count)"
    smoothers.append(name)
    let tau = b.smoothers[Int(g.smoother)].timeConstant
    state.append("/// The smoothing of \(effect.outputs[g.output].name) (τ = \(tau) s).")
    state.append("private var \(name) = OutputSmoother(timeConstant: \(lit(tau)))")
    let range =
      g.clamp ? "\(lit(g.lower))...\(lit(g.upper))" : "-Double.infinity...Double.infinity"
    return "      value = \(name).update(target: value, time: time, range: \(range), decay: &decay)"
  }

  /// Segment `k`'s value at `x` (``KeyframeStop/evaluate(_:from:count:at:clamp:nonNaN:)``).
  private func segment(_ k: Int) -> String {
    let a = b.stops[k]
    let n = b.stops[k + 1]
    switch a.kind {
    case .flat: return lit(a.value)
    case .linear: return "\(lit(a.anchorValue)) + \(lit(a.slope)) * (x - \(lit(a.anchorAt)))"
    case .jump: return "x < \(lit(a.at)) ? \(lit(a.value)) : \(lit(n.value))"
    // `Easing.callAsFunction` of a cubic-bezier is the solver the engine's cubic segment calls.
    case .cubic, .eased: return eased(k, term: easedTerm(k))
    }
  }

  /// Eased segment `k`'s value, `v₀ + (v₁ − v₀) · term`, for its eased term written as `term`.
  private func eased(_ k: Int, term: String) -> String {
    let (a, n) = (b.stops[k], b.stops[k + 1])
    return "\(lit(a.value)) + (\(lit(n.value)) - \(lit(a.value))) * \(term)"
  }

  /// Eased segment `k`'s term at `x`, `ease((x − at) / (next.at − at))`.
  private func easedTerm(_ k: Int) -> String {
    let (a, n) = (b.stops[k], b.stops[k + 1])
    return "Self.ease(\(easing(a.easing)), (x - \(lit(a.at))) / (\(lit(n.at)) - \(lit(a.at))))"
  }

  /// `easing` as a Swift expression.
  private func easing(_ easing: Easing) -> String {
    switch easing {
    case .linear: "Easing.linear"
    case .cubicBezier(let x1, let y1, let x2, let y2):
      "Easing.cubicBezier(x1: \(lit(x1)), y1: \(lit(y1)), x2: \(lit(x2)), y2: \(lit(y2)))"
    case .steps(let count, let position):
      "Easing.steps(count: \(count), position: .\(position))"
    }
  }
}
