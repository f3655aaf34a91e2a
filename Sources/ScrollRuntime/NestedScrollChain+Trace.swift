import ScrollPhysics
import ScrollSimCore
import ScrollTrace

extension NestedScrollChain {
  /// The chain a trace header declares (``/ScrollTrace/TraceHeader/nested``): its headers above
  /// a list of the header's `scroll.contentHeight` in its `scroll.viewportHeight`, validated.
  /// - Parameters:
  ///   - header: the trace's header, whose `nested` is set.
  ///   - file: the trace's name, for errors.
  /// - Throws: ``/ScrollSimCore/InputError`` on line 1 naming the header field: `nested.rule`,
  ///   `nested.handover` or `nested.headers[i].snap` for an unknown name (listing the names),
  ///   `nested.headers[i].expandedHeight`, `.collapsedHeight`, `nested.headers` (headers
  ///   taller than the viewport, or leaving the list none), `scroll.viewportHeight`,
  ///   `scroll.contentHeight` for a chain that cannot exist.
  package init(trace header: TraceHeader, file: String) throws(InputError) {
    guard let nested = header.nested else {
      throw InputError(file: file, line: 1, field: "nested", message: "missing")
    }
    var headers: [NestedScrollHeader] = []
    do throws(PhysicsError) {
      for (i, h) in nested.headers.enumerated() {
        var snap: NestedHeaderSnap?
        if let name = h.snap {
          snap = try Self.snap(named: name, field: "headers[\(i)].snap")
        }
        headers.append(
          NestedScrollHeader(
            expandedHeight: h.expandedHeight, collapsedHeight: h.collapsedHeight,
            floats: h.floats, snap: snap))
      }
      self.init(
        viewportHeight: header.scroll.viewportHeight, headers: headers,
        contentHeight: header.scroll.contentHeight,
        rule: try NestedScrollRule(named: nested.rule),
        handover: try NestedFlingHandover(named: nested.handover))
      try validate()
    } catch {
      throw Self.inputError(error, file: file)
    }
  }

  /// The snap presets by name, in the order errors list them.
  static let snapNames: [(String, NestedHeaderSnap)] = [
    ("compose", .compose), ("appBarLayout", .appBarLayout), ("flutterFloating", .flutterFloating),
  ]

  /// The snap preset named `name`.
  /// - Throws: ``/ScrollPhysics/PhysicsError/unknownName(field:name:expected:)`` for another name.
  static func snap(named name: String, field: String) throws(PhysicsError) -> NestedHeaderSnap {
    guard let snap = snapNames.first(where: { $0.0 == name })?.1 else {
      throw .unknownName(field: field, name: name, expected: snapNames.map(\.0))
    }
    return snap
  }

  /// `error` as an input error on the header line, its field as the header names it.
  static func inputError(_ error: PhysicsError, file: String) -> InputError {
    let field: String
    let message: String
    switch error {
    case .invalidParameter(let name, _, _):
      field =
        name == "viewportHeight" || name == "contentHeight" ? "scroll." + name : "nested." + name
      message = error.description
    case .unknownName(let name, let given, let expected):
      field = "nested." + name
      message =
        "unknown name \"\(InputError.excerpt(given))\"; expected one of "
        + expected.joined(separator: ", ") + Suggestion.didYouMean(given, among: expected)
    default:
      field = "nested"
      message = error.description
    }
    return InputError(file: file, line: 1, field: field, message: message)
  }
}
