import ScrollSimCore

extension TraceHeader {
  /// Where a fling may come to rest on one axis of the trace's scroll view (format version 4,
  /// `scroll` keys `targetBehavior` for the vertical axis and `targetBehaviorX` for the
  /// horizontal): a pager (UIKit `isPagingEnabled`, SwiftUI `.scrollTargetBehavior(.paging)`)
  /// or item-aligned snapping (SwiftUI `.viewAligned`, with `limitBehavior` `.always` or
  /// `.alwaysByOne`). The replay gives each axis the `ScrollTargetBehavior` (module
  /// ScrollPhysics) this describes; docs/two-axes.md, "Horizontal paging and snapping".
  ///
  /// On disk, an object: `{"kind":"paging"}`, `{"kind":"paging","pageSize":300}`,
  /// `{"kind":"viewAligned","itemSize":300,"itemSpacing":10,"limitBehavior":"alwaysByOne"}` or
  /// `{"kind":"viewAligned","itemOffsets":[0,310,620]}`. On the command line
  /// (`scrollsim replay --target-x`), the same keys after the kind:
  /// `viewAligned,itemSize=300,itemSpacing=10,limitBehavior=alwaysByOne`.
  public struct TargetBehavior: Sendable, Equatable, Hashable {
    /// What the targets are.
    public enum Kind: String, Sendable, Equatable, Hashable, CaseIterable {
      /// Page-sized targets: multiples of ``pageSize``, or of the viewport's size along the
      /// axis when it is nil (UIKit pages by the bounds size); a fling moves one page at most.
      case paging
      /// Item-aligned targets: multiples of ``itemSize`` + ``itemSpacing``, or
      /// ``itemOffsets``; the content's ends are always targets too.
      case viewAligned
    }

    /// How far one fling may move an item-aligned axis (SwiftUI `ViewAlignedScrollTargetBehavior
    /// .LimitBehavior`).
    public enum LimitBehavior: String, Sendable, Equatable, Hashable, CaseIterable {
      /// To the item nearest the projected rest, at least one item ahead for a fling.
      case always
      /// To the next item in the fling's direction however hard the fling: leading-edge
      /// group paging when the items are groups.
      case alwaysByOne
    }

    /// Paging or item-aligned (key `kind`).
    public var kind: Kind
    /// The page's size along the axis, points, in (0, 1e7] (key `pageSize`, paging only), or
    /// nil for the viewport's width (x) or height (y).
    public var pageSize: Double?
    /// The item's size along the axis, points, in (0, 1e7] (key `itemSize`, viewAligned;
    /// exclusive with ``itemOffsets``): the targets are `k · (itemSize + itemSpacing)`.
    public var itemSize: Double?
    /// The gap between items, points, in 0 … 1e7 (key `itemSpacing`, default 0).
    public var itemSpacing: Double
    /// The targets themselves, points from rest, ascending, each in 0 … 1e7 (key
    /// `itemOffsets`, viewAligned; exclusive with ``itemSize``).
    public var itemOffsets: [Double]?
    /// How far one fling may move (key `limitBehavior`, viewAligned, default `always`).
    public var limitBehavior: LimitBehavior

    /// A target behaviour (points); check it with ``problem(maxOffset:)``.
    public init(
      kind: Kind, pageSize: Double? = nil, itemSize: Double? = nil, itemSpacing: Double = 0,
      itemOffsets: [Double]? = nil, limitBehavior: LimitBehavior = .always
    ) {
      self.kind = kind
      self.pageSize = pageSize
      self.itemSize = itemSize
      self.itemSpacing = itemSpacing
      self.itemOffsets = itemOffsets
      self.limitBehavior = limitBehavior
    }

    /// The most targets one axis may have (pages or items up to the content's end).
    public static let maximumTargetCount = 100_000

    /// The keys of the object (and of the command-line form).
    static let keys = [
      "kind", "pageSize", "itemSize", "itemSpacing", "itemOffsets", "limitBehavior",
    ]

    /// The targets' offsets, points, ascending, for an axis whose largest offset is
    /// `maxOffset`: `k · stride` below `maxOffset` for a page or item size (the end is a
    /// target of its own), or ``itemOffsets``; nil for paging by the viewport.
    /// - Precondition: ``problem(maxOffset:)`` is nil.
    public func offsets(maxOffset: Double) -> [Double]? {
      let stride: Double
      switch kind {
      case .paging:
        guard let pageSize else { return nil }
        stride = pageSize
      case .viewAligned:
        if let itemOffsets { return itemOffsets }
        stride = (itemSize ?? 1) + itemSpacing
      }
      var offsets: [Double] = []
      var index = 0.0
      while index * stride < maxOffset || index == 0 {
        offsets.append(index * stride)
        index += 1
      }
      return offsets
    }

    /// The first field that is out of range or does not belong to the kind, named by its key
    /// (`itemSize`), for an axis whose largest offset is `maxOffset` (points); nil when valid.
    public func problem(maxOffset: Double) -> (field: String, message: String)? {
      let size = Limits.maximumLength
      func range(_ value: Double, positive: Bool) -> String? {
        let valid = value.isFinite && value <= size && (positive ? value > 0 : value >= 0)
        return valid
          ? nil
          : "\(describe(value)) is out of range; expected "
            + (positive ? "(0, 1e7] points" : "0 ... 1e7 points")
      }
      switch kind {
      case .paging:
        for (key, present) in [
          ("itemSize", itemSize != nil), ("itemSpacing", itemSpacing != 0),
          ("itemOffsets", itemOffsets != nil), ("limitBehavior", limitBehavior != .always),
        ] where present {
          return (key, "belongs to kind viewAligned; paging takes only pageSize")
        }
        if let pageSize, let message = range(pageSize, positive: true) {
          return ("pageSize", message)
        }
      case .viewAligned:
        if pageSize != nil {
          return ("pageSize", "belongs to kind paging; viewAligned takes itemSize or itemOffsets")
        }
        if let message = range(itemSpacing, positive: false) { return ("itemSpacing", message) }
        switch (itemSize, itemOffsets) {
        case (nil, nil):
          return (
            "itemSize", "missing; viewAligned needs itemSize (and itemSpacing) or itemOffsets"
          )
        case (.some, .some):
          return ("itemOffsets", "excludes itemSize; give one of them")
        case (let item?, nil):
          if let message = range(item, positive: true) { return ("itemSize", message) }
        case (nil, let offsets?):
          if itemSpacing != 0 {
            return ("itemSpacing", "belongs to itemSize; itemOffsets are the targets themselves")
          }
          if offsets.isEmpty { return ("itemOffsets", "empty; expected at least one offset") }
          if offsets.count > Self.maximumTargetCount {
            return ("itemOffsets", "\(offsets.count) offsets; at most \(Self.maximumTargetCount)")
          }
          var previous = -Double.infinity
          for (index, offset) in offsets.enumerated() {
            if let message = range(offset, positive: false) {
              return ("itemOffsets[\(index)]", message)
            }
            if offset < previous {
              return (
                "itemOffsets[\(index)]",
                "\(describe(offset)) is below the offset before it; expected ascending offsets"
              )
            }
            previous = offset
          }
        }
      }
      let stride = kind == .paging ? pageSize : (itemSize.map { $0 + itemSpacing })
      if let stride, maxOffset.isFinite, maxOffset / stride >= Double(Self.maximumTargetCount) {
        return (
          kind == .paging ? "pageSize" : "itemSize",
          "gives more than \(Self.maximumTargetCount) targets over maxOffset "
            + "\(describe(maxOffset)) points; expected a larger size"
        )
      }
      return nil
    }

    /// The command-line form: the kind, then `key=value` pairs separated by commas
    /// (`paging`, `paging,pageSize=300`,
    /// `viewAligned,itemSize=300,itemSpacing=10,limitBehavior=alwaysByOne`,
    /// `viewAligned,itemOffsets=0;310;620`: offsets separated by `;`), with the keys and
    /// values of the header object. Ranges are checked by ``problem(maxOffset:)``.
    /// - Throws: ``FieldProblem`` naming the key of an unknown key, a missing or unknown kind,
    ///   a value that is not a number, or a repeated key.
    package init(text: String) throws(FieldProblem) {
      let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      // `none` (free momentum) is the command line's own word, handled by its caller.
      self.init(kind: try Self.kind(named: parts[0], field: "kind", alsoAccepted: ["none"]))
      var seen: Set<String> = []
      for part in parts.dropFirst() {
        let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
        let key = pair[0]
        guard Self.keys.dropFirst().contains(key), pair.count == 2 else {
          let keys = Array(Self.keys.dropFirst())
          throw FieldProblem(
            field: InputError.excerpt(key),
            message: pair.count == 2 || !keys.contains(key)
              ? "unknown key; allowed: " + keys.joined(separator: ", ")
                + Suggestion.didYouMean(key, among: keys)
              : "missing value; expected \(key)=VALUE")
        }
        guard seen.insert(key).inserted else {
          throw FieldProblem(field: key, message: "given twice")
        }
        let value = pair[1]
        func number(_ text: String, _ field: String) throws(FieldProblem) -> Double {
          guard let number = Double(text) else {
            throw FieldProblem(
              field: field, message: "\"\(InputError.excerpt(text))\" is not a number of points")
          }
          return number
        }
        switch key {
        case "pageSize": pageSize = try number(value, key)
        case "itemSize": itemSize = try number(value, key)
        case "itemSpacing": itemSpacing = try number(value, key)
        case "itemOffsets":
          var offsets: [Double] = []
          for (index, word) in value.split(separator: ";").enumerated() {
            offsets.append(try number(String(word), "itemOffsets[\(index)]"))
          }
          itemOffsets = offsets
        default:
          try setLimitBehavior(value)
        }
      }
    }

    /// The kind named `name`.
    /// - Throws: ``FieldProblem`` (`field`) for an unknown name, with the names and the nearest.
    static func kind(named name: String, field: String, alsoAccepted: [String] = [])
      throws(FieldProblem) -> Kind
    {
      let kinds = alsoAccepted + Kind.allCases.map(\.rawValue)
      if alsoAccepted.contains(name) {
        throw FieldProblem(field: field, message: "\(name) takes no keys")
      }
      guard let kind = Kind(rawValue: name) else {
        throw FieldProblem(
          field: field,
          message: "\"\(InputError.excerpt(name))\" is not a kind; expected "
            + Suggestion.list(kinds) + Suggestion.didYouMean(name, among: kinds))
      }
      return kind
    }

    /// Sets ``limitBehavior`` from its name.
    /// - Throws: ``FieldProblem`` (`limitBehavior`) for an unknown name.
    mutating func setLimitBehavior(_ name: String) throws(FieldProblem) {
      let names = LimitBehavior.allCases.map(\.rawValue)
      guard let behavior = LimitBehavior(rawValue: name) else {
        throw FieldProblem(
          field: "limitBehavior",
          message: "\"\(InputError.excerpt(name))\" is not a limit behaviour; expected "
            + Suggestion.list(names) + Suggestion.didYouMean(name, among: names))
      }
      limitBehavior = behavior
    }

    /// The behaviour in a header's `scroll` object, decoded strictly (unknown keys rejected,
    /// every problem named by its path, `scroll.targetBehaviorX.itemSize`).
    static func decode(_ node: JSONNode, field: String, _ fields: HeaderFields)
      throws(FieldProblem) -> TargetBehavior
    {
      guard case .object = node.value else {
        throw fields.wrongType(node, field, expected: "a JSON object {\"kind\": …}")
      }
      let prefix = field + "."
      try fields.rejectUnknownKeys(node, allowed: keys, prefix: prefix)
      let kind = try Self.kind(
        named: try fields.string(node, "kind", prefix: prefix), field: prefix + "kind")
      func optional(_ key: String) throws(FieldProblem) -> Double? {
        node[key] == nil ? nil : try fields.number(node, key, prefix: prefix)
      }
      var behavior = TargetBehavior(
        kind: kind, pageSize: try optional("pageSize"), itemSize: try optional("itemSize"),
        itemSpacing: try optional("itemSpacing") ?? 0)
      if let list = node["itemOffsets"] {
        guard let elements = list.elements else {
          throw fields.wrongType(list, prefix + "itemOffsets", expected: "an array of numbers")
        }
        var offsets: [Double] = []
        for (index, element) in elements.enumerated() {
          guard let number = element.number else {
            throw fields.wrongType(
              element, prefix + "itemOffsets[\(index)]", expected: "a number")
          }
          offsets.append(number)
        }
        behavior.itemOffsets = offsets
      }
      if node["limitBehavior"] != nil {
        do {
          try behavior.setLimitBehavior(
            try fields.string(node, "limitBehavior", prefix: prefix))
        } catch {
          throw FieldProblem(field: prefix + error.field, message: error.message)
        }
      }
      return behavior
    }

    /// The object as the header writes it (keys sorted, defaults left out).
    var json: String {
      let n = JSONWriter.number
      var members: [(String, String)] = [("kind", "\"\(kind.rawValue)\"")]
      if let itemOffsets {
        members.append(("itemOffsets", "[" + itemOffsets.map(n).joined(separator: ",") + "]"))
      }
      if let itemSize { members.append(("itemSize", n(itemSize))) }
      if itemSpacing != 0 { members.append(("itemSpacing", n(itemSpacing))) }
      if limitBehavior != .always {
        members.append(("limitBehavior", "\"\(limitBehavior.rawValue)\""))
      }
      if let pageSize { members.append(("pageSize", n(pageSize))) }
      members.sort { $0.0 < $1.0 }
      return "{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }
  }

  /// The first problem of the scroll view's target behaviours (``Scroll/targetBehavior``,
  /// ``Scroll/targetBehaviorX``), named by its header field
  /// (`scroll.targetBehaviorX.itemSize`), or nil.
  func targetBehaviorProblem() -> FieldProblem? {
    let axes: [(String, TargetBehavior?, Double)] = [
      ("scroll.targetBehavior", scroll.targetBehavior, maxOffset),
      ("scroll.targetBehaviorX", scroll.targetBehaviorX, scroll.horizontal?.maxOffset ?? 0),
    ]
    for (field, behavior, maxOffset) in axes {
      guard let behavior else { continue }
      if version < 4 {
        return FieldProblem(field: field, message: "needs version 4 (header \"version\":4)")
      }
      if traceKind != .input {
        return FieldProblem(
          field: field, message: "needs an input trace; an offset trace has no physics")
      }
      if nested != nil {
        return FieldProblem(
          field: field, message: "not supported with a nested chain (header \"nested\")")
      }
      if field == "scroll.targetBehaviorX", scroll.horizontal == nil {
        return FieldProblem(
          field: field,
          message: "needs a two-axis trace (scroll.viewportWidth and scroll.contentWidth)")
      }
      if let (key, message) = behavior.problem(maxOffset: maxOffset) {
        return FieldProblem(field: field + "." + key, message: message)
      }
    }
    return nil
  }
}
