import ScrollSimCore

extension EffectSpec {
  /// The spec as spec-file JSON (version 1), with a fixed key order and two-space indentation,
  /// so that the same spec always gives the same bytes; ``parse(_:file:)-(Data,_)`` reads it back to
  /// an equal spec. The presets' example files in `effects/` are this text.
  public var jsonText: String {
    var lines = ["{", "  \"version\": \(version),", "  \"name\": \(Self.quote(name)),"]
    if !description.isEmpty { lines.append("  \"description\": \(Self.quote(description)),") }
    lines.append("  \"timelines\": [")
    for (i, t) in timelines.enumerated() {
      lines.append("    " + Self.text(t) + (i + 1 < timelines.count ? "," : ""))
    }
    lines.append("  ],")
    lines.append("  \"outputs\": [")
    for (i, o) in outputs.enumerated() {
      lines.append(contentsOf: Self.text(o, last: i + 1 == outputs.count))
    }
    lines.append(expect.isEmpty && agree.isEmpty ? "  ]" : "  ],")
    if !agree.isEmpty {
      lines.append("  \"agree\": [")
      for (i, a) in agree.enumerated() {
        var fields = [
          "\"output\": \(Self.quote(a.output))", "\"rule\": \(Self.quote(a.rule.rawValue))",
          "\"with\": \(Self.quote(a.with))",
        ]
        if a.tolerance != 0 { fields.append("\"tolerance\": \(Self.number(a.tolerance))") }
        if !a.reason.isEmpty { fields.append("\"reason\": \(Self.quote(a.reason))") }
        lines.append(
          "    {" + fields.joined(separator: ", ") + "}" + (i + 1 < agree.count ? "," : ""))
      }
      lines.append(expect.isEmpty ? "  ]" : "  ],")
    }
    if !expect.isEmpty {
      lines.append("  \"expect\": [")
      for (i, e) in expect.enumerated() {
        var fields = [
          "\"kind\": \(Self.quote(e.kind.rawValue))", "\"subject\": \(Self.quote(e.subject))",
        ]
        if e.condition != .always { fields.append("\"when\": \(Self.quote(e.condition.rawValue))") }
        fields.append("\"reason\": \(Self.quote(e.reason))")
        lines.append(
          "    {" + fields.joined(separator: ", ") + "}" + (i + 1 < expect.count ? "," : ""))
      }
      lines.append("  ]")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// `s` as a JSON string literal (the package's one escaper, `JSONWriter`).
  static func quote(_ s: String) -> String { JSONWriter.string(s) }

  /// Shortest text that reads back as `d`, bit for bit: `400`, `0.3`, `-0.45`, `-0`
  /// (`JSONWriter`'s): −0 and +0 give different bits in places (an unclamped flat keyframe, a
  /// distance origin at an offset of −0), and the Swift `scrollsim export swift` writes embeds
  /// this text, whose outputs must have the generated code's bits.
  package static func number(_ d: Double) -> String {
    JSONWriter.number(d)
  }

  private static func anchor(_ a: Timeline.ScrollAnchor) -> String {
    guard a.fromMax else { return number(a.value) }
    return a.value.bitPattern == 0 ? "\"max\"" : "{\"max\": \(number(a.value))}"
  }

  private static func text(_ t: TimelineSpec) -> String {
    var fields = ["\"name\": \(quote(t.name))"]
    switch t.timeline {
    case .scroll(let start, let end):
      fields += ["\"type\": \"scroll\"", "\"start\": \(anchor(start))", "\"end\": \(anchor(end))"]
    case .distance(let origin):
      fields += ["\"type\": \"distance\"", "\"origin\": \(number(origin))"]
    case .overscroll(let edge):
      fields += ["\"type\": \"overscroll\"", "\"edge\": \"\(edge.rawValue)\""]
    case .velocity:
      fields.append("\"type\": \"velocity\"")
    case .direction(let hysteresis):
      fields += ["\"type\": \"direction\"", "\"hysteresis\": \(number(hysteresis))"]
    case .quickReturn(let height):
      fields += ["\"type\": \"quick-return\"", "\"height\": \(number(height))"]
    case .view(let v):
      fields += [
        "\"type\": \"view\"",
        t.physicalAxis.isHorizontal
          ? "\"subject\": {\"x\": \(number(v.subjectY)), \"width\": \(number(v.subjectHeight))}"
          : "\"subject\": {\"y\": \(number(v.subjectY)), \"height\": \(number(v.subjectHeight))}",
      ]
      // Every field of the timeline, so that reading the text back gives the same one (the
      // generated Swift resolves its view timelines from this text).
      let a = v.rangeStart
      let b = v.rangeEnd
      if a == ViewTimeline.Boundary(a.range, percent: 0) && b == .init(a.range, percent: 100) {
        fields.append("\"range\": \"\(a.range.rawValue)\"")
      } else {
        for (key, x) in [("rangeStart", a), ("rangeEnd", b)] {
          var parts = [
            "\"range\": \"\(x.range.rawValue)\"", "\"percent\": \(number(x.percent))",
            "\"length\": \(number(x.length))",
          ]
          if x.viewportPercent != 0 {
            parts.append("\"viewportPercent\": \(number(x.viewportPercent))")
          }
          if x.scrollportPercent != 0 {
            parts.append("\"scrollportPercent\": \(number(x.scrollportPercent))")
          }
          fields.append("\"\(key)\": {" + parts.joined(separator: ", ") + "}")
        }
      }
      let inset = { (points: Double?, length: ViewTimeline.Length?) -> String? in
        if let length {
          return "{\"points\": \(number(length.points)), "
            + "\"viewportPercent\": \(number(length.viewportPercent))}"
        }
        return points.map(number)
      }
      let s = inset(v.insetStart, v.insetStartLength)
      let e = inset(v.insetEnd, v.insetEndLength)
      if s != nil || e != nil {
        fields.append("\"inset\": {\"start\": \(s ?? "\"auto\""), \"end\": \(e ?? "\"auto\"")}")
      }
      if let sticky = v.sticky {
        let side = { (x: Double?) in x.map(number) ?? "\"auto\"" }
        fields.append(
          "\"sticky\": {\"top\": \(side(sticky.top)), \"bottom\": \(side(sticky.bottom)), "
            + "\"container\": {\"y\": \(number(sticky.containerY)), "
            + "\"height\": \(number(sticky.containerHeight))}}")
      }
    }
    if t.axis != .block { fields.append("\"axis\": \"\(t.axis.rawValue)\"") }
    if t.writingMode != .horizontalTB {
      fields.append("\"writingMode\": \"\(t.writingMode.rawValue)\"")
    }
    if t.direction != .ltr { fields.append("\"direction\": \"\(t.direction.rawValue)\"") }
    switch t.scrollView {
    case .combined: break
    case .index(let n): fields.append("\"scrollView\": \(n)")
    default: fields.append("\"scrollView\": \"\(t.scrollView.specText)\"")
    }
    if t.readsPreviousFrame { fields.append("\"readsPreviousFrame\": true") }
    return "{" + fields.joined(separator: ", ") + "}"
  }

  private static func easing(_ e: Easing) -> String {
    switch e {
    case .linear: "linear"
    case .cubicBezier(let x1, let y1, let x2, let y2):
      "cubic-bezier(\([x1, y1, x2, y2].map(number).joined(separator: ", ")))"
    case .steps(let n, let position): "steps(\(n), \(position.rawValue))"
    }
  }

  private static func text(_ o: OutputSpec, last: Bool) -> [String] {
    var fields = [
      "\"name\": \(quote(o.name))", "\"unit\": \"\(o.unit.rawValue)\"",
      "\"range\": [\(number(o.range.lowerBound)), \(number(o.range.upperBound))]",
    ]
    if o.type != .scalar { fields.append("\"type\": \"\(o.type.rawValue)\"") }
    switch o.source {
    case .timeline(let name): fields.append("\"timeline\": \(quote(name))")
    case .output(let name): fields.append("\"output\": \(quote(name))")
    case .trigger(let t):
      var parts = ["\"timeline\": \(quote(t.timeline))", "\"start\": \(number(t.start))"]
      if let end = t.end { parts.append("\"end\": \(number(end))") }
      if t.hysteresis != 0 { parts.append("\"hysteresis\": \(number(t.hysteresis))") }
      if t.strict { parts.append("\"strict\": true") }
      fields.append("\"trigger\": {" + parts.joined(separator: ", ") + "}")
    }
    if !o.clamp { fields.append("\"clamp\": false") }
    if o.smoothing != 0 { fields.append("\"smoothing\": \(number(o.smoothing))") }
    if let fill = o.fill { fields.append("\"fill\": \"\(fill.rawValue)\"") }
    if let u = o.underlying {
      fields.append(
        "\"underlying\": "
          + (u.count == 1 ? number(u[0]) : "[" + u.map(number).joined(separator: ", ") + "]"))
    }
    var lines: [String]
    if o.keyframes.isEmpty {
      lines = ["    {" + fields.joined(separator: ", ") + "}"]
    } else {
      lines = ["    {" + fields.joined(separator: ", ") + ",", "      \"keyframes\": ["]
      for (j, k) in o.keyframes.enumerated() {
        let value =
          k.value.count == 1
          ? number(k.value[0]) : "[" + k.value.map(number).joined(separator: ", ") + "]"
        var frame = "{\"at\": \(number(k.at)), \"value\": \(value)"
        if k.easing != .linear { frame += ", \"easing\": \"\(easing(k.easing))\"" }
        lines.append("        " + frame + "}" + (j + 1 < o.keyframes.count ? "," : ""))
      }
      lines += ["      ]", "    }"]
    }
    if !last { lines[lines.count - 1] += "," }
    return lines
  }
}
