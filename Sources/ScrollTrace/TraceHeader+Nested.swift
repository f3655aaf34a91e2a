import ScrollSimCore

extension TraceHeader {
  /// A chain of nested scroll views along the vertical axis (format version 4, header key
  /// `nested`): collapsible headers above the list the header's `scroll` describes. The
  /// `scroll` viewport is the chain's and its `contentHeight` the list's content; the replay
  /// runs a `NestedScrollSimulator` (module ScrollPhysics, docs/nested-scroll.md) in the frame
  /// loop instead of one scroll view, and touches (`y`) are in the chain's coordinates.
  ///
  /// Names are checked when the chain is built (the frame loop names `nested.rule`,
  /// `nested.handover`, `nested.headers[i].snap` and every size); the reader checks the shape.
  public struct Nested: Sendable, Equatable, Hashable {
    /// One collapsible header, outer to inner.
    public struct Header: Sendable, Equatable, Hashable {
      /// Height when fully expanded, points, > 0 (key `expandedHeight`).
      public var expandedHeight: Double
      /// Height when collapsed, points, in `0 … expandedHeight` (key `collapsedHeight`).
      public var collapsedHeight: Double
      /// Whether the header scrolls back in first on a scroll back (key `floats`, default
      /// false: `enterAlways`, `floating: true`).
      public var floats: Bool
      /// The settle rule's name when the motion ends part-way (key `snap`: `compose`,
      /// `appBarLayout` or `flutterFloating`), or nil for none.
      public var snap: String?

      /// A header (points).
      public init(
        expandedHeight: Double, collapsedHeight: Double, floats: Bool = false,
        snap: String? = nil
      ) {
        self.expandedHeight = expandedHeight
        self.collapsedHeight = collapsedHeight
        self.floats = floats
        self.snap = snap
      }
    }

    /// The headers, outer to inner (key `headers`, at least one).
    public var headers: [Header]
    /// The chaining rule's name (key `rule`: `flutter`, `compose`, `coordinatorLayout` or
    /// `uikit`; default `compose`).
    public var rule: String
    /// The fling handover's name (key `handover`: `unified`, `separateDecays`,
    /// `childCoordinates` or `stopAtEdge`; default `unified`).
    public var handover: String

    /// A chain description.
    public init(headers: [Header], rule: String = "compose", handover: String = "unified") {
      self.headers = headers
      self.rule = rule
      self.handover = handover
    }
  }

  /// The `nested` object's keys.
  static let nestedKeys = ["headers", "rule", "handover"]
  /// A header's keys.
  static let nestedHeaderKeys = ["expandedHeight", "collapsedHeight", "floats", "snap"]

  /// The chain in the header's `nested` object, decoded strictly (unknown keys rejected, every
  /// problem named by its path, `nested.headers[0].collapsedHeight`).
  static func nested(_ node: JSONNode, _ fields: HeaderFields) throws(FieldProblem) -> Nested {
    guard case .object = node.value else {
      throw fields.wrongType(node, "nested", expected: "a JSON object")
    }
    try fields.rejectUnknownKeys(node, allowed: nestedKeys, prefix: "nested.")
    let list = try fields.value(node, "headers", prefix: "nested.")
    guard let elements = list.elements else {
      throw fields.wrongType(list, "nested.headers", expected: "an array of header objects")
    }
    if elements.isEmpty {
      throw FieldProblem(
        field: "nested.headers",
        message: "empty; expected at least one header ({\"expandedHeight\": …, "
          + "\"collapsedHeight\": …})")
    }
    var headers: [Nested.Header] = []
    for (i, element) in elements.enumerated() {
      let prefix = "nested.headers[\(i)]."
      guard case .object = element.value else {
        throw fields.wrongType(element, "nested.headers[\(i)]", expected: "a JSON object")
      }
      try fields.rejectUnknownKeys(element, allowed: nestedHeaderKeys, prefix: prefix)
      var floats = false
      if let f = element["floats"] {
        guard let b = f.bool else {
          throw fields.wrongType(f, prefix + "floats", expected: "true or false")
        }
        floats = b
      }
      headers.append(
        Nested.Header(
          expandedHeight: try fields.number(element, "expandedHeight", prefix: prefix),
          collapsedHeight: try fields.number(element, "collapsedHeight", prefix: prefix),
          floats: floats,
          snap: try fields.optionalString(element, "snap", prefix: prefix)))
    }
    return Nested(
      headers: headers,
      rule: try fields.optionalString(node, "rule", prefix: "nested.") ?? "compose",
      handover: try fields.optionalString(node, "handover", prefix: "nested.") ?? "unified")
  }

  /// The first problem of ``nested`` that the reader can see without the physics, or nil: a
  /// chain needs version 4, an input trace and a vertical scroll view.
  func nestedProblem() -> FieldProblem? {
    guard nested != nil else { return nil }
    if version < 4 {
      return FieldProblem(
        field: "nested", message: "a nested chain needs version 4 (header \"version\":4)")
    }
    if traceKind != .input {
      return FieldProblem(
        field: "nested",
        message: "a nested chain needs an input trace; offset traces replay recorded offsets")
    }
    if scroll.horizontal != nil {
      return FieldProblem(
        field: "nested",
        message: "a nested chain scrolls vertically; this header also declares a horizontal "
          + "axis (scroll.viewportWidth): drop one")
    }
    return nil
  }
}
