extension TraceHeader {
  /// The largest valid `scroll.startOffset`, points:
  /// `max(0, contentHeight + contentInsetTop + contentInsetBottom − viewportHeight)`.
  var maxOffset: Double {
    max(
      0,
      scroll.contentHeight + scroll.contentInsetTop + scroll.contentInsetBottom
        - scroll.viewportHeight)
  }

  /// The first field that breaks the format v1 rules (`traces/FORMAT.md`), or `nil`.
  func validationProblem() -> FieldProblem? {
    if format != Self.formatName {
      return FieldProblem(
        field: "format", message: "expected \"\(Self.formatName)\", found \"\(format)\"")
    }
    if !TraceReader.supportedVersions.contains(version) {
      return FieldProblem(field: "version", message: TraceReader.unsupportedVersionMessage(version))
    }
    if version >= 2, kind == nil {
      return FieldProblem(
        field: "kind", message: "missing; version 2 needs \"input\" or \"offset\"")
    }
    if version < 2, let kind {
      return FieldProblem(
        field: "kind", message: "\"\(kind.rawValue)\" needs version 2; version 1 has no kind")
    }
    if units.time != "s" {
      return FieldProblem(
        field: "units.time", message: "expected \"s\" (seconds), found \"\(units.time)\"")
    }
    if units.length != "pt" {
      return FieldProblem(
        field: "units.length", message: "expected \"pt\" (points), found \"\(units.length)\"")
    }
    let size = TraceLimits.maximumLength
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
        "device.scale", device.scale, TraceLimits.scale.contains(device.scale),
        "0.25 ... 10 pixels per point"
      ),
      (
        "device.refreshRate", device.refreshRate,
        TraceLimits.refreshRate.contains(device.refreshRate), "1 ... 1000 Hz"
      ),
      (
        "scroll.viewportHeight", scroll.viewportHeight,
        scroll.viewportHeight > 0 && scroll.viewportHeight <= size, "(0, 1e7] points"
      ),
      (
        "scroll.contentHeight", scroll.contentHeight, (0...size).contains(scroll.contentHeight),
        "0 ... 1e7 points"
      ),
      (
        "scroll.contentInsetTop", scroll.contentInsetTop,
        (0...size).contains(scroll.contentInsetTop), "0 ... 1e7 points"
      ),
      (
        "scroll.contentInsetBottom", scroll.contentInsetBottom,
        (0...size).contains(scroll.contentInsetBottom),
        "0 ... 1e7 points"
      ),
    ]
    for (field, value, isValid, range) in checks where !value.isFinite || !isValid {
      return FieldProblem(
        field: field, message: "\(describe(value)) is out of range; expected \(range)")
    }
    let offset = scroll.startOffset
    if !offset.isFinite || offset < 0 || offset > maxOffset {
      return FieldProblem(
        field: "scroll.startOffset",
        message:
          "\(describe(offset)) is out of range; expected 0 ... \(describe(maxOffset)) points "
          + "(maxOffset = max(0, contentHeight + insets − viewportHeight))")
    }
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

/// The header line of a v1 or v2 trace, decoded strictly: unknown keys are rejected.
struct HeaderLine: Decodable {
  /// Full field paths for the number keys, to name the field of a `NaN` or `1e999` token.
  static let qualifiedNames = [
    "screenWidth": "device.screenWidth", "screenHeight": "device.screenHeight",
    "scale": "device.scale", "refreshRate": "device.refreshRate",
    "viewportHeight": "scroll.viewportHeight", "contentHeight": "scroll.contentHeight",
    "contentInsetTop": "scroll.contentInsetTop", "contentInsetBottom": "scroll.contentInsetBottom",
    "startOffset": "scroll.startOffset",
  ]

  var header: TraceHeader

  init(from decoder: any Decoder) throws {
    let root = try decoder.container(keyedBy: AnyKey.self)
    guard root.contains(AnyKey("format")) else {
      throw FieldProblem(
        field: "format",
        message: "missing; line 1 must be the header {\"format\":\"\(TraceHeader.formatName)\",…}")
    }
    let format = try root.decode(String.self, forKey: AnyKey("format"))
    guard format == TraceHeader.formatName else {
      throw FieldProblem(
        field: "format", message: "expected \"\(TraceHeader.formatName)\", found \"\(format)\"")
    }
    // Decoded as a Double: JSONDecoder reports `1.5` as an Int with no coding path.
    let versionNumber = try root.decode(Double.self, forKey: AnyKey("version"))
    guard let version = Int(exactly: versionNumber) else {
      throw FieldProblem(
        field: "version", message: "\(describe(versionNumber)) is not an integer")
    }
    guard TraceReader.supportedVersions.contains(version) else {
      throw FieldProblem(field: "version", message: TraceReader.unsupportedVersionMessage(version))
    }
    try StrictJSON.rejectUnknownKeys(
      in: root,
      allowed: [
        "format", "version", "units", "device", "scroll", "physics", "source", "timeOrigin",
      ] + (version >= 2 ? ["kind"] : []))

    let units = try root.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("units"))
    try StrictJSON.rejectUnknownKeys(in: units, allowed: ["time", "length"])
    let device = try root.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("device"))
    try StrictJSON.rejectUnknownKeys(
      in: device, allowed: ["name", "screenWidth", "screenHeight", "scale", "refreshRate"])
    let scroll = try root.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("scroll"))
    try StrictJSON.rejectUnknownKeys(
      in: scroll,
      allowed: [
        "viewportHeight", "contentHeight", "contentInsetTop", "contentInsetBottom", "startOffset",
      ])

    func number(_ container: KeyedDecodingContainer<AnyKey>, _ key: String) throws -> Double {
      try container.decode(Double.self, forKey: AnyKey(key))
    }
    var header = TraceHeader(
      device: .init(
        name: try device.decodeIfPresent(String.self, forKey: AnyKey("name")),
        screenWidth: try number(device, "screenWidth"),
        screenHeight: try number(device, "screenHeight"),
        scale: try number(device, "scale"),
        refreshRate: try number(device, "refreshRate")),
      scroll: .init(
        viewportHeight: try number(scroll, "viewportHeight"),
        contentHeight: try number(scroll, "contentHeight"),
        contentInsetTop: try number(scroll, "contentInsetTop"),
        contentInsetBottom: try number(scroll, "contentInsetBottom"),
        startOffset: try number(scroll, "startOffset")),
      physics: try root.decode(String.self, forKey: AnyKey("physics")),
      source: try root.decodeIfPresent(String.self, forKey: AnyKey("source")),
      timeOrigin: try root.decodeIfPresent(Double.self, forKey: AnyKey("timeOrigin")))
    if version >= 2 {
      let name = try root.decode(String.self, forKey: AnyKey("kind"))
      guard let kind = TraceHeader.Kind(rawValue: name) else {
        throw FieldProblem(
          field: "kind", message: "unknown trace kind \"\(name)\"; allowed: input, offset")
      }
      header.kind = kind
    }
    header.version = version
    header.units = TraceHeader.Units(
      time: try units.decode(String.self, forKey: AnyKey("time")),
      length: try units.decode(String.self, forKey: AnyKey("length")))
    self.header = header
  }
}
