import ScrollSimCore

/// The view-timeline keys written as CSS (and Motion) write them: `animation-range` text,
/// `view-timeline-inset` lengths, Motion `useScroll` offsets, `position: sticky` and the axis.
extension EffectSpec {
  /// `"range"` as CSS `animation-range` text: `<start> [<end>]`, each `normal`, a
  /// `<length-percentage>` (of the whole `cover` range) or `<range-name> [<length-percentage>]`.
  /// An omitted end is the start's range at 100 % when the start names one, else `normal`
  /// (cover 100 %). A name alone is 0 % as a start and 100 % as an end. Source: CSS Animations
  /// Level 2 §3.6 `animation-range` and §3.7 `animation-range-start`/`-end`.
  static func rangeText(_ r: SpecReader, fontSize: Double, horizontal: Bool = false)
    throws(InputError) -> (
      ViewTimeline.Boundary, ViewTimeline.Boundary
    )
  {
    let text = try r.string()
    let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    let names = ViewTimeline.NamedRange.allCases.map(\.rawValue)
    if words.count == 1, !names.contains(words[0]), words[0] != "normal",
      words[0].first.map({ !$0.isNumber && $0 != "-" && $0 != "." }) ?? true
    {
      // One unknown word: the same message as a bad name.
      _ = try r.oneOf(ViewTimeline.NamedRange.self)
    }
    var i = 0
    func boundary(isEnd: Bool) throws(InputError) -> (ViewTimeline.Boundary, named: Bool)? {
      guard i < words.count else { return nil }
      if words[i] == "normal" {
        i += 1
        return (.init(.cover, percent: isEnd ? 100 : 0), false)
      }
      var range = ViewTimeline.NamedRange.cover
      var named = false
      if let n = ViewTimeline.NamedRange(rawValue: words[i]) {
        range = n
        named = true
        i += 1
      }
      var b = ViewTimeline.Boundary(range, percent: named && isEnd ? 100 : 0)
      if i < words.count,
        let token = try lengthToken(words[i], r, fontSize: fontSize, horizontal: horizontal)
      {
        b = .init(
          range, percent: token.percent, length: token.points,
          viewportPercent: token.viewportPercent, scrollportPercent: 0)
        i += 1
      } else if !named {
        throw r.fail(
          "'\(InputError.excerpt(text))': '\(InputError.excerpt(words[i]))' is not a range "
            + "name or a length: expected normal, a length-percentage or one of "
            + names.joined(separator: ", ") + " with an optional length-percentage")
      }
      return (b, named)
    }
    guard let (start, named) = try boundary(isEnd: false) else {
      throw r.fail(
        "empty range: expected a range name (\(names.joined(separator: ", "))) or CSS animation-range text"
      )
    }
    let end =
      try boundary(isEnd: true)?.0
      ?? .init(named ? start.range : .cover, percent: 100)
    if i < words.count {
      throw r.fail(
        "'\(InputError.excerpt(text))': unexpected '\(InputError.excerpt(words[i]))': expected "
          + "\"<start> [<end>]\" as CSS animation-range writes it")
    }
    return (start, end)
  }

  /// One `<length-percentage>` token, or nil when `word` is not a number with a unit; a unit
  /// ScrollSim cannot resolve (`vw`, `pt`) fails at `r`.
  static func lengthToken(
    _ word: String, _ r: SpecReader, fontSize: Double, horizontal: Bool = false
  ) throws(InputError)
    -> ViewTimeline.LengthToken?
  {
    do throws(ViewTimeline.LengthProblem) {
      return try ViewTimeline.LengthToken.parse(word, fontSize: fontSize, horizontal: horizontal)
    } catch {
      throw r.fail(error.message)
    }
  }

  /// `rangeStart` / `rangeEnd` as CSS text: `<range-name> [<length-percentage>]`, `normal` or a
  /// `<length-percentage>` of cover; a name alone is 0 % as a start and 100 % as an end.
  static func boundaryText(_ r: SpecReader, isEnd: Bool, fontSize: Double, horizontal: Bool = false)
    throws(InputError)
    -> ViewTimeline.Boundary
  {
    let text = try r.string()
    let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    if words == ["normal"] { return .init(.cover, percent: isEnd ? 100 : 0) }
    var range = ViewTimeline.NamedRange.cover
    var rest = words[...]
    if let first = rest.first, let n = ViewTimeline.NamedRange(rawValue: first) {
      range = n
      rest = rest.dropFirst()
    } else if rest.count == 1,
      try lengthToken(rest[rest.startIndex], r, fontSize: fontSize, horizontal: horizontal) == nil
    {
      _ = try r.oneOf(ViewTimeline.NamedRange.self)
    }
    guard rest.count <= 1, rest.count == 1 || rest.count < words.count else {
      throw r.fail(
        "'\(InputError.excerpt(text))': expected one boundary: normal, a range name with an "
          + "optional length-percentage (\"entry 20%\") or a length-percentage")
    }
    guard let word = rest.first else { return .init(range, percent: isEnd ? 100 : 0) }
    guard let t = try lengthToken(word, r, fontSize: fontSize, horizontal: horizontal) else {
      throw r.fail(
        "'\(InputError.excerpt(text))': '\(InputError.excerpt(word))' is not a length: "
          + "expected a number with px, em, % or vh")
    }
    return .init(
      range, percent: t.percent, length: t.points, viewportPercent: t.viewportPercent,
      scrollportPercent: 0)
  }

  /// One inset: a number (points), `"auto"`, CSS text (`"10px"`, `"2em"`, `"10%"`, `"5vh"`)
  /// or `{"points": n, "viewportPercent": n}` (both parts, as ``EffectSpec/jsonText`` writes
  /// a relative inset). Returns the fixed points (nil for auto) and the relative length when
  /// it has a `%`/`vh` part.
  static func insetValue(_ r: SpecReader, fontSize: Double, horizontal: Bool = false)
    throws(InputError) -> (
      Double?, ViewTimeline.Length?
    )
  {
    if case .object = r.value {
      let o = try r.object(allowed: ["points", "viewportPercent"])
      let length = ViewTimeline.Length(
        points: try o.reader("points", in: r)?.number() ?? 0,
        viewportPercent: try o.reader("viewportPercent", in: r)?.number() ?? 0)
      return length.viewportPercent == 0 ? (length.points, nil) : (nil, length)
    }
    guard case .string(let s) = r.value else { return (try r.number(), nil) }
    return try insetWord(s, r, fontSize: fontSize, horizontal: horizontal)
  }

  private static func insetWord(
    _ s: String, _ r: SpecReader, fontSize: Double, horizontal: Bool = false
  )
    throws(InputError) -> (Double?, ViewTimeline.Length?)
  {
    if s == "auto" { return (nil, nil) }
    guard let token = try lengthToken(s, r, fontSize: fontSize, horizontal: horizontal) else {
      throw r.fail(
        "'\(InputError.excerpt(s))': expected \"auto\" or a length ≥ 0 (a number of points, or "
          + "CSS px, em, % or vh)")
    }
    let relative = token.percent + token.viewportPercent
    if relative == 0 { return (token.points, nil) }
    return (nil, ViewTimeline.Length(points: token.points, viewportPercent: relative))
  }

  /// `"inset"` as CSS `view-timeline-inset` text: one value for both sides or `<start> <end>`.
  static func insetText(_ r: SpecReader, fontSize: Double, horizontal: Bool = false)
    throws(InputError) -> [(
      Double?, ViewTimeline.Length?
    )]
  {
    let words = try r.string().split(separator: " ", omittingEmptySubsequences: true).map(
      String.init)
    guard (1...2).contains(words.count) else {
      throw r.fail(
        "'\(InputError.excerpt(try r.string()))': expected one or two insets (\"auto 10%\")")
    }
    let start = try insetWord(words[0], r, fontSize: fontSize, horizontal: horizontal)
    let end =
      words.count == 2
      ? try insetWord(words[1], r, fontSize: fontSize, horizontal: horizontal) : start
    return [start, end]
  }

  /// `"offset"`: Motion `useScroll` offsets, exactly two (progress 0 and 1), each a string
  /// (`"start end"`, `"center"`, `"100px"`), a number (`n` = `[n, n]`) or a `[target,
  /// container]` pair of edges (numbers or strings).
  static func motionOffsets(_ r: SpecReader, horizontal: Bool = false) throws(InputError) -> (
    ViewTimeline.Boundary, ViewTimeline.Boundary
  ) {
    let items = try r.array()
    guard items.count == 2 else {
      throw r.fail(
        "\(items.count) offsets: expected two (Motion offsets for progress 0 and 1; more "
          + "stops are written as keyframes)")
    }
    var out: [ViewTimeline.Boundary] = []
    for item in items {
      func edge(_ e: SpecReader) throws(InputError) -> MotionOffset.Edge {
        guard case .string(let s) = e.value else {
          return MotionOffset.Edge(fraction: try e.number())
        }
        do throws(ViewTimeline.LengthProblem) {
          return try MotionOffset.edge(s, horizontal: horizontal)
        } catch {
          throw e.fail(error.message)
        }
      }
      switch item.value {
      case .string(let s):
        do throws(ViewTimeline.LengthProblem) {
          let (t, c) = try MotionOffset.intersection(
            s.trimmingCharacters(in: .whitespaces), horizontal: horizontal)
          out.append(MotionOffset.boundary(target: t, container: c))
        } catch {
          throw item.fail(error.message)
        }
      case .array:
        let pair = try item.array()
        guard pair.count == 2 else {
          throw item.fail("\(pair.count) edges: expected [target, container]")
        }
        out.append(MotionOffset.boundary(target: try edge(pair[0]), container: try edge(pair[1])))
      default:
        let n = MotionOffset.Edge(fraction: try item.number())
        out.append(MotionOffset.boundary(target: n, container: n))
      }
    }
    return (out[0], out[1])
  }

  /// `"sticky": {"top", "bottom", "container": {"y", "height"}}` (`top`/`bottom` numbers or
  /// `"auto"`).
  static func sticky(_ r: SpecReader) throws(InputError) -> ViewTimeline.Sticky {
    let o = try r.object(allowed: ["top", "bottom", "container"])
    func side(_ key: String) throws(InputError) -> Double? {
      guard let s = o.reader(key, in: r) else { return nil }
      if case .string(let text) = s.value {
        if text == "auto" { return nil }
        throw s.fail("'\(InputError.excerpt(text))': expected \"auto\" or a number of points")
      }
      return try s.number()
    }
    let top = try side("top")
    let bottom = try side("bottom")
    if top == nil && bottom == nil {
      throw r.fail(
        "no constraint: expected \"top\" or \"bottom\" (a sticky box with both auto never sticks)")
    }
    let cr = try o.required("container", in: r, expected: "{\"y\": n, \"height\": n}")
    let c = try cr.object(allowed: ["y", "height"])
    return ViewTimeline.Sticky(
      top: top, bottom: bottom,
      containerY: try c.required("y", in: cr, expected: "a number").number(),
      containerHeight: try c.required("height", in: cr, expected: "a number").number())
  }

  /// Reads `"axis"`, `"writingMode"` and `"direction"` into `timeline` (defaults `block`,
  /// `horizontal-tb`, `ltr`: the vertical axis top to bottom). Every combination is valid
  /// (``ScrollAxis/physicalAxis(writingMode:direction:)``); a spec whose timelines read the
  /// horizontal axis needs a run that has one (``CompiledEffect/validateAxes(hasHorizontal:)``).
  static func readAxis(_ o: SpecObject, _ r: SpecReader, into timeline: inout TimelineSpec)
    throws(InputError)
  {
    if let a = o.reader("axis", in: r) { timeline.axis = try a.oneOf(ScrollAxis.self) }
    if let m = o.reader("writingMode", in: r) {
      timeline.writingMode = try m.oneOf(ScrollAxis.WritingMode.self)
    }
    if let d = o.reader("direction", in: r) {
      timeline.direction = try d.oneOf(ScrollAxis.Direction.self)
    }
    let at =
      (o.reader("axis", in: r) ?? o.reader("writingMode", in: r)
      ?? o.reader("direction", in: r) ?? r).element.node
    timeline.axisPlace = SourcePlace(line: at.line, column: at.column)
  }

  /// The physical axis `o`'s `"axis"`, `"writingMode"` and `"direction"` name (defaults as
  /// ``readAxis(_:_:into:)``), for keys whose meaning depends on it (a view subject's `x` or
  /// `y`, `vw` or `vh`).
  static func physicalAxis(_ o: SpecObject, _ r: SpecReader) throws(InputError)
    -> ScrollAxis.Physical
  {
    var probe = TimelineSpec("", .velocity)
    try readAxis(o, r, into: &probe)
    return probe.physicalAxis
  }
}
