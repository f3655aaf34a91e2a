extension TraceHeader {
  /// The largest valid `scroll.startOffset`, points (``maxOffset(of:nested:)``).
  var maxOffset: Double { Self.maxOffset(of: scroll, nested: nested) }

  /// The largest vertical offset of `scroll` (a `scrollTo` line's `y`, `scroll.startOffset`),
  /// points: `max(0, contentHeight + contentInsetTop + contentInsetBottom − viewportHeight)`,
  /// or for a nested chain its combined range (`NestedScrollChain.combinedGeometry`'s
  /// `maxOffset`: the headers' `expandedHeight − collapsedHeight` plus the list's range in the
  /// viewport the collapsed headers leave; the chain has no insets).
  static func maxOffset(of scroll: Scroll, nested: Nested?) -> Double {
    if let nested {
      return NestedRange.combined(
        viewportHeight: scroll.viewportHeight, contentHeight: scroll.contentHeight,
        headers: nested.headers.lazy.map {
          (expanded: $0.expandedHeight, collapsed: $0.collapsedHeight)
        }
      ).maxOffset
    }
    return max(
      0,
      scroll.contentHeight + scroll.contentInsetTop + scroll.contentInsetBottom
        - scroll.viewportHeight)
  }

  /// How ``maxOffset`` is computed, for messages.
  var maxOffsetFormula: String {
    nested == nil
      ? "maxOffset = max(0, contentHeight + insets − viewportHeight)"
      : "a nested chain's combined range: Σ (expandedHeight − collapsedHeight) + max(0, "
        + "contentHeight − (viewportHeight − Σ collapsedHeight))"
  }

  /// The first field that breaks the format v1 rules (`traces/FORMAT.md`), or `nil`.
  package func validationProblem() -> FieldProblem? {
    if format != Self.formatName {
      return FieldProblem(
        field: "format",
        message: "expected \"\(Self.formatName)\", found \"\(InputError.excerpt(format))\"")
    }
    if !Trace.supportedVersions.contains(version) {
      return FieldProblem(field: "version", message: Trace.unsupportedVersionMessage(version))
    }
    if version >= 2, kind == nil {
      return FieldProblem(
        field: "kind", message: "missing; version \(version) needs \"input\" or \"offset\"")
    }
    if version < 2, let kind {
      return FieldProblem(
        field: "kind", message: "\"\(kind.rawValue)\" needs version 2; version 1 has no kind")
    }
    if units.time != "s" {
      return FieldProblem(
        field: "units.time",
        message: "expected \"s\" (seconds), found \"\(InputError.excerpt(units.time))\"")
    }
    if units.length != "pt" {
      return FieldProblem(
        field: "units.length",
        message: "expected \"pt\" (points), found \"\(InputError.excerpt(units.length))\"")
    }
    let size = Limits.maximumLength
    let checks: [(String, Double, Bool, String)] = [
      (
        "device.screenWidth", device.screenWidth,
        device.screenWidth > 0 && device.screenWidth <= size, "(0, 1e7] points"
      ),
      (
        "device.screenHeight", device.screenHeight,
        device.screenHeight > 0 && device.screenHeight <= size, "(0, 1e7] points"
      ),
      (
        "device.scale", device.scale, Limits.scale.contains(device.scale),
        "0.25 ... 10 pixels per point"
      ),
      (
        "device.refreshRate", device.refreshRate,
        Limits.refreshRate.contains(device.refreshRate), "1 ... 1000 Hz"
      ),
    ]
    for (field, value, isValid, range) in checks where !value.isFinite || !isValid {
      return FieldProblem(
        field: field, message: "\(describe(value)) is out of range; expected \(range)")
    }
    if let problem = Self.axisProblem(
      viewport: ("scroll.viewportHeight", scroll.viewportHeight),
      content: ("scroll.contentHeight", scroll.contentHeight),
      insets: [
        ("scroll.contentInsetTop", scroll.contentInsetTop),
        ("scroll.contentInsetBottom", scroll.contentInsetBottom),
      ],
      start: ("scroll.startOffset", scroll.startOffset), maxOffset: maxOffset,
      formula: maxOffsetFormula)
    {
      return problem
    }
    if let problem = horizontalProblem() { return problem }
    if let problem = targetBehaviorProblem() { return problem }
    if let problem = alwaysBounceProblem() { return problem }
    if let problem = nestedProblem() { return problem }
    if physics.isEmpty {
      return FieldProblem(
        field: "physics", message: "empty; expected a profile name such as \"ios\"")
    }
    if let origin = timeOrigin, !origin.isFinite {
      return FieldProblem(field: "timeOrigin", message: "\(describe(origin)) is not finite")
    }
    return nil
  }
}

extension TraceHeader {
  /// The first field of the horizontal axis (``Scroll/horizontal``) that breaks the format
  /// rules, or `nil`: version 4, an input trace, the ranges of the vertical axis's fields.
  func horizontalProblem() -> FieldProblem? {
    guard let axis = scroll.horizontal else { return nil }
    if version < 4 {
      return FieldProblem(
        field: "scroll.viewportWidth",
        message: "a horizontal axis needs version 4 (header \"version\":4)")
    }
    if traceKind != .input {
      return FieldProblem(
        field: "scroll.viewportWidth",
        message: "a horizontal axis needs an input trace; offset traces replay one axis (y)")
    }
    return Self.axisProblem(
      viewport: ("scroll.viewportWidth", axis.viewportWidth),
      content: ("scroll.contentWidth", axis.contentWidth),
      insets: [
        ("scroll.contentInsetLeft", axis.contentInsetLeft),
        ("scroll.contentInsetRight", axis.contentInsetRight),
      ],
      start: ("scroll.startOffsetX", axis.startOffset), maxOffset: axis.maxOffset,
      formula: "maxOffsetX = max(0, contentWidth + insets − viewportWidth)")
  }

  /// The first of one axis's sizes (viewport in (0, 1e7], content and insets in 0 … 1e7, the
  /// start offset in `0 ... maxOffset`) out of range, named by its header field, or `nil`.
  static func axisProblem(
    viewport: (String, Double), content: (String, Double), insets: [(String, Double)],
    start: (String, Double), maxOffset: Double, formula: String
  ) -> FieldProblem? {
    let size = Limits.maximumLength
    let checks =
      [(viewport.0, viewport.1, viewport.1 > 0 && viewport.1 <= size, "(0, 1e7] points")]
      + ([content] + insets).map { ($0.0, $0.1, (0...size).contains($0.1), "0 ... 1e7 points") }
    for (field, value, isValid, range) in checks where !value.isFinite || !isValid {
      return FieldProblem(
        field: field, message: "\(describe(value)) is out of range; expected \(range)")
    }
    let (field, offset) = start
    if !offset.isFinite || offset < 0 || offset > maxOffset {
      return FieldProblem(
        field: field,
        message:
          "\(describe(offset)) is out of range; expected 0 ... \(describe(maxOffset)) points "
          + "(\(formula))")
    }
    return nil
  }
}

extension TraceHeader {
  /// The header of a v1 to v4 trace from its line's JSON, decoded strictly: unknown keys are
  /// rejected, every problem names its field (`device.scale`). Ranges are checked by
  /// ``validationProblem()``.
  /// - Throws: ``FieldProblem`` for a missing, mistyped or unknown field, a wrong format or an
  ///   unsupported version.
  static func decode(_ root: JSONNode) throws(FieldProblem) -> TraceHeader {
    let fields = HeaderFields()
    guard case .object = root.value else {
      throw FieldProblem(field: "", message: "expected a JSON object {…} on this line")
    }
    guard root["format"] != nil else {
      throw FieldProblem(
        field: "format",
        message: "missing; line 1 must be the header {\"format\":\"\(TraceHeader.formatName)\",…}")
    }
    let format = try fields.string(root, "format")
    guard format == TraceHeader.formatName else {
      throw FieldProblem(
        field: "format",
        message: "expected \"\(TraceHeader.formatName)\", found \"\(InputError.excerpt(format))\"")
    }
    let versionNumber = try fields.number(root, "version")
    guard let version = Int(exactly: versionNumber) else {
      throw FieldProblem(
        field: "version", message: "\(describe(versionNumber)) is not an integer")
    }
    guard Trace.supportedVersions.contains(version) else {
      throw FieldProblem(field: "version", message: Trace.unsupportedVersionMessage(version))
    }
    try fields.rejectUnknownKeys(
      root,
      allowed: [
        "format", "version", "units", "device", "scroll", "physics", "source", "timeOrigin",
      ] + (version >= 2 ? ["kind"] : []) + (version >= 4 ? ["nested"] : []))
    let units = try fields.object(root, "units")
    try fields.rejectUnknownKeys(units, allowed: ["time", "length"], prefix: "units.")
    let device = try fields.object(root, "device")
    try fields.rejectUnknownKeys(
      device, allowed: ["name", "screenWidth", "screenHeight", "scale", "refreshRate"],
      prefix: "device.")
    let scroll = try fields.object(root, "scroll")
    try fields.rejectUnknownKeys(
      scroll,
      allowed: [
        "viewportHeight", "contentHeight", "contentInsetTop", "contentInsetBottom", "startOffset",
      ] + (version >= 4 ? Self.horizontalKeys + Self.version4ScrollKeys : []),
      prefix: "scroll.")
    func number(_ object: JSONNode, _ prefix: String, _ key: String) throws(FieldProblem) -> Double
    {
      try fields.number(object, key, prefix: prefix)
    }
    var header = TraceHeader(
      device: .init(
        name: try fields.optionalString(device, "name", prefix: "device."),
        screenWidth: try number(device, "device.", "screenWidth"),
        screenHeight: try number(device, "device.", "screenHeight"),
        scale: try number(device, "device.", "scale"),
        refreshRate: try number(device, "device.", "refreshRate")),
      scroll: .init(
        viewportHeight: try number(scroll, "scroll.", "viewportHeight"),
        contentHeight: try number(scroll, "scroll.", "contentHeight"),
        contentInsetTop: try number(scroll, "scroll.", "contentInsetTop"),
        contentInsetBottom: try number(scroll, "scroll.", "contentInsetBottom"),
        startOffset: try number(scroll, "scroll.", "startOffset")),
      physics: try fields.string(root, "physics"),
      source: try fields.optionalString(root, "source"),
      timeOrigin: try fields.optionalNumber(root, "timeOrigin"))
    if Self.horizontalKeys.contains(where: { scroll[$0] != nil }) {
      // Widths are required together; insets and the start offset default to 0.
      func optional(_ key: String) throws(FieldProblem) -> Double {
        scroll[key] == nil ? 0 : try number(scroll, "scroll.", key)
      }
      header.scroll.horizontal = Horizontal(
        viewportWidth: try number(scroll, "scroll.", "viewportWidth"),
        contentWidth: try number(scroll, "scroll.", "contentWidth"),
        contentInsetLeft: try optional("contentInsetLeft"),
        contentInsetRight: try optional("contentInsetRight"),
        startOffset: try optional("startOffsetX"))
    }
    for (key, path) in [
      ("targetBehavior", \Scroll.targetBehavior), ("targetBehaviorX", \Scroll.targetBehaviorX),
    ] {
      if let node = scroll[key] {
        header.scroll[keyPath: path] = try TargetBehavior.decode(
          node, field: "scroll." + key, fields)
      }
    }
    for (key, path) in [
      ("alwaysBounceHorizontal", \Scroll.alwaysBounceHorizontal),
      ("alwaysBounceVertical", \Scroll.alwaysBounceVertical),
    ] {
      if let node = scroll[key] {
        guard let flag = node.bool else {
          throw fields.wrongType(node, "scroll." + key, expected: "a boolean")
        }
        header.scroll[keyPath: path] = flag
      }
    }
    if version >= 2 {
      let name = try fields.string(root, "kind")
      guard let kind = TraceHeader.Kind(rawValue: name) else {
        throw FieldProblem(
          field: "kind",
          message: "unknown trace kind \"\(InputError.excerpt(name))\"; allowed: input, offset")
      }
      header.kind = kind
    }
    if let nested = root["nested"] { header.nested = try Self.nested(nested, fields) }
    header.version = version
    header.units = TraceHeader.Units(
      time: try fields.string(units, "time", prefix: "units."),
      length: try fields.string(units, "length", prefix: "units."))
    return header
  }
}

extension TraceHeader {
  /// The `scroll` keys of the horizontal axis (version 4).
  static let horizontalKeys = [
    "viewportWidth", "contentWidth", "contentInsetLeft", "contentInsetRight", "startOffsetX",
  ]
  /// The other `scroll` keys of version 4.
  static let version4ScrollKeys = [
    "targetBehavior", "targetBehaviorX", "alwaysBounceHorizontal", "alwaysBounceVertical",
  ]
}

/// Typed look-ups in the header's JSON with the messages of a line-based file: the field is
/// named by its dotted path (`device.scale`).
struct HeaderFields {
  func value(_ object: JSONNode, _ key: String, prefix: String) throws(FieldProblem) -> JSONNode {
    guard let value = object[key] else {
      throw FieldProblem(field: prefix + key, message: "missing required field")
    }
    return value
  }

  func wrongType(_ value: JSONNode, _ field: String, expected: String) -> FieldProblem {
    if case .null = value.value {
      return FieldProblem(field: field, message: "is null; expected \(expected)")
    }
    return FieldProblem(
      field: field, message: "wrong type: expected \(expected), found \(value.typeName)")
  }

  func number(_ object: JSONNode, _ key: String, prefix: String = "") throws(FieldProblem)
    -> Double
  {
    let value = try value(object, key, prefix: prefix)
    guard let number = value.number else {
      throw wrongType(value, prefix + key, expected: "a number")
    }
    return number
  }

  func optionalNumber(_ object: JSONNode, _ key: String) throws(FieldProblem) -> Double? {
    guard object[key] != nil else { return nil }
    return try number(object, key)
  }

  func string(_ object: JSONNode, _ key: String, prefix: String = "") throws(FieldProblem)
    -> String
  {
    let value = try value(object, key, prefix: prefix)
    guard let string = value.string else {
      throw wrongType(value, prefix + key, expected: "a string")
    }
    return string
  }

  func optionalString(_ object: JSONNode, _ key: String, prefix: String = "") throws(FieldProblem)
    -> String?
  {
    guard object[key] != nil else { return nil }
    return try string(object, key, prefix: prefix)
  }

  func object(_ root: JSONNode, _ key: String) throws(FieldProblem) -> JSONNode {
    let value = try value(root, key, prefix: "")
    guard case .object = value.value else {
      throw wrongType(value, key, expected: "a JSON object")
    }
    return value
  }

  /// Throws for the first key of `object` (alphabetically) that is not in `allowed`.
  func rejectUnknownKeys(_ object: JSONNode, allowed: [String], prefix: String = "")
    throws(FieldProblem)
  {
    let unknown = (object.members ?? []).map(\.key).filter { !allowed.contains($0) }
    guard let first = unknown.min() else { return }
    throw FieldProblem(
      field: prefix + InputError.excerpt(first),
      message: "unknown key \"\(InputError.excerpt(first))\"; allowed keys here: "
        + allowed.joined(separator: ", ") + Suggestion.didYouMean(first, among: allowed))
  }
}

extension TraceHeader {
  /// The first problem of ``Scroll/alwaysBounceHorizontal`` and ``Scroll/alwaysBounceVertical``
  /// (set on a trace that is not a version 4 two-axis input trace), named by its header field,
  /// or nil.
  func alwaysBounceProblem() -> FieldProblem? {
    for (field, flag) in [
      ("scroll.alwaysBounceHorizontal", scroll.alwaysBounceHorizontal),
      ("scroll.alwaysBounceVertical", scroll.alwaysBounceVertical),
    ] where flag != nil {
      if version < 4 {
        return FieldProblem(field: field, message: "needs version 4 (header \"version\":4)")
      }
      if traceKind != .input {
        return FieldProblem(
          field: field, message: "needs an input trace; an offset trace has no physics")
      }
      if scroll.horizontal == nil || nested != nil {
        return FieldProblem(
          field: field,
          message: "needs a two-axis trace (scroll.viewportWidth and scroll.contentWidth); a "
            + "one-axis view bounces as its profile's bouncesWhenContentFits says")
      }
    }
    return nil
  }
}
