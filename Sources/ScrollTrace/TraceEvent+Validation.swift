/// One event line of a trace, read strictly on the JSON reader's flat-object fast path:
/// duplicate keys (after unescaping), unknown keys and event types are rejected. Touches and
/// `offset` (version 2, `contentOffset.x`/`.y`) have the keys `t`, `type`, `x`, `y`; the
/// control events (version 2) have their own (see ``TraceControl``). Keys and the event type
/// are matched on the line's bytes: no `String` is made for a valid line.
struct EventFields {
  static let typeNames =
    TraceEvent.Kind.allCases.map(\.rawValue) + ["offset"] + TraceControl.typeNames
  /// The known keys, in the order of their bits in ``present``.
  static let slotNames: [StaticString] = [
    "t", "type", "x", "y", "dy", "height", "animated", "phase", "momentum", "dx", "width",
  ]

  /// A member's value, kept after the line's bytes are gone: its type, and the number of a
  /// number (a plain value, so the fields of a line cost no reference counting).
  enum Value: Equatable {
    case number(Double)
    case string
    case bool(Bool)
    case null
    case object
    case array

    init(_ value: JSONReader.FlatValue) {
      switch value {
      case .number(let number): self = .number(number)
      case .string: self = .string
      case .bool(let bool): self = .bool(bool)
      case .null: self = .null
      case .object: self = .object
      case .array: self = .array
      }
    }

    var typeName: String {
      switch self {
      case .number: "a number"
      case .string: "a string"
      case .bool: "a boolean"
      case .null: "null"
      case .object: "an object"
      case .array: "an array"
      }
    }
  }

  var t: Value?
  /// The `type` value when it is not a known event type name.
  var type: Value?
  /// The index of the event type in ``typeNames``.
  var typeIndex: Int?
  var x: Value?
  var y: Value?
  var dy: Value?
  var height: Value?
  var animated: Value?
  /// The `phase` (slot 7) or `momentum` (slot 8) value of a wheel line.
  var phase: Value?
  var momentum: Value?
  /// The horizontal keys of control lines (version 4, two-axis traces): `dx` (slot 9) and
  /// `width` (slot 10).
  var dx: Value?
  var width: Value?
  /// The wheel phase a known `phase` or `momentum` string names.
  var wheelPhase: WheelPhase?
  /// The known keys present, one bit each in the order of ``slotNames``.
  var present: UInt16 = 0
  /// Where the names of unknown keys, an unknown event type or wheel phase go, or `nil`: a
  /// line is first read keeping no `String` (the fields are plain values, so a line costs no
  /// reference counting), noting only in ``needsNames`` that such a name was seen; a line
  /// that has one (always an error) is then read again from its start with ``Names``, so its
  /// first problem is found and worded exactly as on a single reading.
  var names: UnsafeMutablePointer<Names>?
  /// Whether the line has an unknown key, event type or wheel phase (see ``names``).
  var needsNames = false

  /// The names a line's error message repeats (see ``EventFields/names``).
  struct Names {
    /// Keys that no event has, in file order.
    var unknown: [String] = []
    /// The `type` string when it is not a known event type name.
    var unknownTypeName: String?
    /// A `phase` or `momentum` string that names no phase.
    var unknownPhaseName: String?
  }

  /// The `type` string when it is not a known event type name (for the message).
  var unknownTypeName: String? { names?.pointee.unknownTypeName }
  /// A `phase` or `momentum` string that names no phase (for the message).
  var unknownPhaseName: String? { names?.pointee.unknownPhaseName }
  /// Keys that no event has, in file order (rare: always an error).
  var unknown: [String] { names?.pointee.unknown ?? [] }

  /// The event of one line (no trailing newline or `\r`).
  /// - Throws: ``FieldProblem`` naming the field: invalid JSON, a duplicate, unknown, missing
  ///   or mistyped field, an unknown event type.
  /// - Parameter twoAxis: whether the header declares a horizontal axis: the keys `dx`
  ///   (`wheel`), `x` (`scrollTo`) and `width` (`content`, `viewport`) are allowed only then.
  static func read(_ line: UnsafeBufferPointer<UInt8>, twoAxis: Bool = false) throws(FieldProblem)
    -> TraceItem
  {
    var fields = EventFields()
    let isObject: Bool
    do throws(JSONProblem) {
      isObject = try fields.readMembers(of: line)
    } catch {
      if fields.needsNames { return try readNaming(line, twoAxis: twoAxis) }
      throw FieldProblem(error)
    }
    if fields.needsNames { return try readNaming(line, twoAxis: twoAxis) }
    guard isObject else {
      throw FieldProblem(field: "", message: "expected a JSON object {…} on this line")
    }
    return try fields.item(twoAxis: twoAxis)
  }

  /// ``read(_:twoAxis:)`` keeping the names of unknown keys, event types and wheel phases:
  /// the second reading of a line that has one.
  static func readNaming(_ line: UnsafeBufferPointer<UInt8>, twoAxis: Bool) throws(FieldProblem)
    -> TraceItem
  {
    let names = UnsafeMutablePointer<Names>.allocate(capacity: 1)
    names.initialize(to: Names())
    defer {
      names.deinitialize(count: 1)
      names.deallocate()
    }
    var fields = EventFields()
    fields.names = names
    let isObject: Bool
    do throws(JSONProblem) {
      isObject = try fields.readMembers(of: line)
    } catch {
      throw FieldProblem(error)
    }
    guard isObject else {
      throw FieldProblem(field: "", message: "expected a JSON object {…} on this line")
    }
    return try fields.item(twoAxis: twoAxis)
  }

  /// Reads the members of `line` into the fields, on the JSON reader's flat-object path. A
  /// first `t`, `x`, `y` or a `type` that names an event type is kept here, in the loop; any
  /// other member by ``set(_:_:)``.
  /// - Returns: `false` when the line is valid JSON but not an object.
  mutating func readMembers(of line: UnsafeBufferPointer<UInt8>) throws(JSONProblem) -> Bool {
    var object = JSONReader.FlatObject(line)
    guard try object.open() else { return false }
    while let (key, value) = try object.next() {
      if let slot = Self.touchSlot(of: key), present & (1 << slot) == 0 {
        switch slot {
        case 0: t = Value(value)
        case 2: x = Value(value)
        case 3: y = Value(value)
        default:
          guard case .string(let name) = value, let index = Self.typeIndex(of: name) else {
            try set(key, value)
            continue
          }
          typeIndex = index
        }
        present |= 1 << slot
      } else {
        try set(key, value)
      }
    }
    return true
  }

  /// Keeps member `key` with `value`, any key: unknown and repeated keys, unknown event types,
  /// the keys of control lines.
  mutating func set(_ key: JSONReader.FlatString, _ value: JSONReader.FlatValue)
    throws(JSONProblem)
  {
    guard let slot = Self.slot(of: key) else {
      guard let names else {
        needsNames = true
        return
      }
      let name = key.string
      if names.pointee.unknown.contains(name) { throw Self.duplicate(name) }
      names.pointee.unknown.append(name)
      return
    }
    let bit: UInt16 = 1 << slot
    guard present & bit == 0 else { throw Self.duplicate(Self.slotNames[slot].description) }
    present |= bit
    switch slot {
    case 0: t = Value(value)
    case 1:
      if case .string(let name) = value {
        if let index = Self.typeIndex(of: name) {
          typeIndex = index
        } else if let names {
          names.pointee.unknownTypeName = name.string
        } else {
          needsNames = true
        }
      }
      if typeIndex == nil { type = Value(value) }
    case 2: x = Value(value)
    case 3: y = Value(value)
    case 4: dy = Value(value)
    case 5: height = Value(value)
    case 6: animated = Value(value)
    case 9: dx = Value(value)
    case 10: width = Value(value)
    default:
      if slot == 7 { phase = Value(value) } else { momentum = Value(value) }
      if case .string(let name) = value {
        if let named = Self.wheelPhase(of: name, momentum: slot == 8) {
          wheelPhase = named
        } else if let names {
          names.pointee.unknownPhaseName = name.string
        } else {
          needsNames = true
        }
      }
    }
  }

  /// The index of `key` in ``slotNames``, or `nil`.
  static func slot(of key: JSONReader.FlatString) -> Int? {
    touchSlot(of: key) ?? controlSlot(of: key)
  }

  /// The index in ``slotNames`` of a key of touch lines (`t`, `type`, `x`, `y`) by length and
  /// one load, or `nil`.
  @inline(__always)
  static func touchSlot(of key: JSONReader.FlatString) -> Int? {
    let bytes = key.bytes
    guard let start = bytes.baseAddress else { return nil }
    if bytes.count == 1 {
      switch start.pointee {
      case UInt8(ascii: "t"): return 0
      case UInt8(ascii: "x"): return 2
      case UInt8(ascii: "y"): return 3
      default: return nil
      }
    }
    if bytes.count == 4, word(start) == word("type") { return 1 }
    return nil
  }

  /// Four bytes at `start` as one little-endian number (the caller has checked there are four).
  @inline(__always)
  static func word(_ start: UnsafePointer<UInt8>) -> UInt32 {
    UInt32(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt32.self))
  }

  /// The four bytes of `text` (four ASCII letters) as ``word(_:)-(UnsafePointer<UInt8>)`` reads them.
  @inline(__always)
  static func word(_ text: StaticString) -> UInt32 {
    let bytes = text.utf8Start
    let low = UInt32(bytes[0]) | UInt32(bytes[1]) << 8
    return low | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
  }

  /// The index in ``slotNames`` of a key of control lines, or `nil`.
  static func controlSlot(of key: JSONReader.FlatString) -> Int? {
    let bytes = key.bytes
    guard let first = bytes.first else { return nil }
    switch (bytes.count, first) {
    case (2, UInt8(ascii: "d")): return same(bytes, "dy") ? 4 : same(bytes, "dx") ? 9 : nil
    case (5, UInt8(ascii: "w")): return same(bytes, "width") ? 10 : nil
    case (6, UInt8(ascii: "h")): return same(bytes, "height") ? 5 : nil
    case (8, UInt8(ascii: "a")): return same(bytes, "animated") ? 6 : nil
    case (5, UInt8(ascii: "p")): return same(bytes, "phase") ? 7 : nil
    case (8, UInt8(ascii: "m")): return same(bytes, "momentum") ? 8 : nil
    default: return nil
    }
  }

  /// The wheel phase `name` names as the value of `phase` (or of `momentum`), or `nil`.
  static func wheelPhase(of name: JSONReader.FlatString, momentum: Bool) -> WheelPhase? {
    let bytes = name.bytes
    if same(bytes, "began") { return momentum ? .momentumBegan : .began }
    if same(bytes, "changed") { return momentum ? .momentumChanged : .changed }
    if same(bytes, "ended") { return momentum ? .momentumEnded : .ended }
    if momentum { return nil }
    if same(bytes, "mayBegin") { return .mayBegin }
    if same(bytes, "cancelled") { return .cancelled }
    return nil
  }

  /// True when `bytes` are the UTF-8 of `text` (a literal: the comparison is inlined).
  @inline(__always)
  static func same(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
    text.withUTF8Buffer { expected in
      guard expected.count == bytes.count else { return false }
      for index in 0..<bytes.count where bytes[index] != expected[index] { return false }
      return true
    }
  }

  /// The index of event type `name` in ``typeNames``, or `nil`: by length and first byte,
  /// then compared.
  @inline(__always)
  static func typeIndex(of name: JSONReader.FlatString) -> Int? {
    let bytes = name.bytes
    if bytes.count == 4, let start = bytes.baseAddress {
      switch word(start) {
      case word("move"): return 1
      case word("down"): return 0
      default: break
      }
    }
    return otherTypeIndex(of: name)
  }

  /// ``typeIndex(of:)`` for the names other than `move` and `down`.
  static func otherTypeIndex(of name: JSONReader.FlatString) -> Int? {
    let bytes = name.bytes
    guard let first = bytes.first else { return nil }
    switch (bytes.count, first) {
    case (2, UInt8(ascii: "u")): return same(bytes, "up") ? 2 : nil
    case (6, UInt8(ascii: "c")): return same(bytes, "cancel") ? 3 : nil
    case (6, UInt8(ascii: "o")): return same(bytes, "offset") ? 4 : nil
    case (5, UInt8(ascii: "w")): return same(bytes, "wheel") ? 5 : nil
    case (8, UInt8(ascii: "s")): return same(bytes, "scrollTo") ? 6 : nil
    case (7, UInt8(ascii: "c")): return same(bytes, "content") ? 7 : nil
    case (8, UInt8(ascii: "v")): return same(bytes, "viewport") ? 8 : nil
    case (11, UInt8(ascii: "s")): return same(bytes, "scrollToTop") ? 9 : nil
    default: return nil
    }
  }

  static func duplicate(_ key: String) -> JSONProblem {
    JSONProblem(
      "duplicate key \"\(InputError.excerpt(key))\": each key may appear once (JSON readers "
        + "differ on which one wins)", pathSuffix: "." + InputError.excerpt(key))
  }

  func item(twoAxis: Bool) throws(FieldProblem) -> TraceItem {
    guard present & 2 != 0 else {
      throw FieldProblem(field: "type", message: "missing required field")
    }
    guard let typeIndex else {
      guard case .string? = type, let typeName = unknownTypeName else {
        throw Self.wrongType("type", type ?? .null, expected: "a string")
      }
      throw FieldProblem(
        field: "type",
        message: "unknown event type \"\(InputError.excerpt(typeName))\"; allowed: "
          + Self.typeNames.joined(separator: ", ")
          + Suggestion.didYouMean(typeName, among: Self.typeNames))
    }
    var allowed: UInt16
    // The horizontal key of a control line (two-axis traces only).
    let horizontal: UInt16
    switch typeIndex {
    // wheel: t, type, dy, phase, momentum; dx
    case 5: (allowed, horizontal) = (1 | 2 | 16 | 128 | 256, 512)
    case 6: (allowed, horizontal) = (1 | 2 | 8 | 64, 4)  // scrollTo: t, type, y, animated; x
    // content, viewport: t, type, height; width
    case 7, 8: (allowed, horizontal) = (1 | 2 | 32, 1024)
    case 9: (allowed, horizontal) = (1 | 2, 0)  // scrollToTop: t, type
    default: (allowed, horizontal) = (1 | 2 | 4 | 8, 0)  // touches and offset: t, type, x, y
    }
    if horizontal != 0 {
      if twoAxis {
        allowed |= horizontal
      } else if present & horizontal != 0 {
        let key = Self.slotNames[horizontal.trailingZeroBitCount].description
        throw FieldProblem(
          field: key,
          message: "\(key) needs a two-axis trace (version 4, header scroll.viewportWidth and "
            + "scroll.contentWidth); this trace declares only the vertical axis")
      }
    }
    if present & ~allowed != 0 || (names != nil && !unknown.isEmpty) {
      let keys = Self.slotNames.indices.filter { allowed & (1 << $0) != 0 }.map {
        Self.slotNames[$0].description
      }
      let extra =
        unknown
        + Self.slotNames.indices.filter { present & ~allowed & (1 << $0) != 0 }.map {
          Self.slotNames[$0].description
        }
      let first = extra.min() ?? ""
      throw FieldProblem(
        field: InputError.excerpt(first),
        message: "unknown key \"\(InputError.excerpt(first))\"; allowed keys here: "
          + keys.joined(separator: ", ") + Suggestion.didYouMean(first, among: keys))
    }
    let time = try Self.number("t", t)
    let control: TraceControl.Kind
    switch typeIndex {
    case 5:
      control = .wheel(
        deltaX: dx == nil ? 0 : try Self.number("dx", dx), deltaY: try Self.number("dy", dy),
        phase: try wheelLinePhase())
    case 6:
      let offsetX = x == nil ? nil : try Self.number("x", x)
      let offset = try Self.number("y", y)
      guard let animated else {
        throw FieldProblem(field: "animated", message: "missing required field")
      }
      guard case .bool(let flag) = animated else {
        throw Self.wrongType("animated", animated, expected: "true or false")
      }
      control = .scrollTo(x: offsetX, offset: offset, animated: flag)
    case 7, 8:
      if width != nil {
        if height != nil {
          throw FieldProblem(
            field: "width",
            message: "height and width on one line; write one line per axis (same t)")
        }
        let value = try Self.number("width", width)
        control = typeIndex == 7 ? .contentWidth(value) : .viewportWidth(value)
      } else {
        let value = try Self.number("height", height)
        control = typeIndex == 7 ? .contentHeight(value) : .viewportHeight(value)
      }
    case 9: control = .scrollToTop
    default:
      let (x, y) = (try Self.number("x", x), try Self.number("y", y))
      switch typeIndex {
      case 0: return .touch(TraceEvent(time: time, kind: .down, x: x, y: y))
      case 1: return .touch(TraceEvent(time: time, kind: .move, x: x, y: y))
      case 2: return .touch(TraceEvent(time: time, kind: .up, x: x, y: y))
      case 3: return .touch(TraceEvent(time: time, kind: .cancel, x: x, y: y))
      default: break
      }
      return .offset(OffsetSample(time: time, x: x, y: y))
    }
    // The position among the touches is filled in by the reader.
    return .control(TraceControl(time: time, kind: control, eventIndex: 0))
  }

  /// The phase of a wheel line: `none` without `phase` and `momentum`.
  /// - Throws: ``FieldProblem`` for both keys on one line, a value that is not a string or
  ///   names no phase.
  func wheelLinePhase() throws(FieldProblem) -> WheelPhase {
    guard phase != nil || momentum != nil else { return .none }
    if phase != nil, momentum != nil {
      throw FieldProblem(
        field: "momentum",
        message: "phase and momentum on one line; a delta has one or the other "
          + "(NSEvent phase or momentumPhase)")
    }
    let (field, value) = phase.map { ("phase", $0) } ?? ("momentum", momentum!)
    guard case .string = value else { throw Self.wrongType(field, value, expected: "a string") }
    guard let wheelPhase else {
      let names = WheelPhase.traceNames(key: field)
      throw FieldProblem(
        field: field,
        message: "unknown \(field) \"\(InputError.excerpt(unknownPhaseName ?? ""))\"; allowed: "
          + names.joined(separator: ", ")
          + Suggestion.didYouMean(unknownPhaseName ?? "", among: names))
    }
    return wheelPhase
  }

  static func number(_ field: String, _ value: Value?) throws(FieldProblem) -> Double {
    guard let value else { throw FieldProblem(field: field, message: "missing required field") }
    guard case .number(let number) = value else {
      throw wrongType(field, value, expected: "a number")
    }
    return number
  }

  static func wrongType(_ field: String, _ value: Value, expected: String) -> FieldProblem {
    if value == .null {
      return FieldProblem(field: field, message: "is null; expected \(expected)")
    }
    return FieldProblem(
      field: field, message: "wrong type: expected \(expected), found \(value.typeName)")
  }
}

/// Checks events one at a time against the format rules: finite numbers, times ≥ 0 and
/// non-decreasing, event types that match the header's kind, and (input traces) a valid finger
/// sequence (down, then moves, then up or cancel).
struct EventSequenceChecker {
  private let kind: TraceHeader.Kind
  private let version: Int
  /// The scroll geometry as control events change it (for the range of `scrollTo`).
  private var scroll: TraceHeader.Scroll?
  /// Whether the header declares a horizontal axis (version 4).
  private(set) var twoAxis = false
  /// The nested chain of the header, whose combined range bounds `scrollTo`.
  private var nested: TraceHeader.Nested?
  private var previous: (time: Double, line: Int)?
  /// The last offset sample (offset traces), for the speed between it and the next.
  private var previousOffset: OffsetSample?
  private var downLine: Int?
  /// The wheel device's place in its gesture, and the line of the session's `began` (or
  /// `mayBegin`).
  private var wheel = WheelSequence()
  private var wheelSessionLine: Int?

  /// A checker for a version-1 style trace of `kind`: touches or offsets, no control events.
  init(kind: TraceHeader.Kind = .input) {
    self.kind = kind
    version = 1
  }

  /// A checker for the events under `header` (its kind, version and scroll geometry).
  init(header: TraceHeader) {
    kind = header.traceKind
    version = header.version
    scroll = header.scroll
    twoAxis = header.isTwoAxis
    nested = header.nested
  }

  /// The problem with `item` (found on 1-based `line`), or `nil`; remembers the item.
  @inline(__always)
  mutating func check(_ item: TraceItem, line: Int) -> FieldProblem? {
    switch item {
    case .touch(let event): check(event, line: line)
    case .offset(let sample): check(sample, line: line)
    case .control(let control): check(control, line: line)
    }
  }

  /// The problem with control event `control` (found on 1-based `line`), or `nil`.
  mutating func check(_ control: TraceControl, line: Int) -> FieldProblem? {
    let name = control.kind.typeName
    guard kind == .input, version >= 2, var scroll else {
      return FieldProblem(
        field: "type",
        message: "\(name) needs a version-2 input trace (header \"kind\":\"input\", \"version\":2)")
    }
    if let problem = Self.checkTime(control.time, x: 0, y: 0, after: previous) { return problem }
    if !twoAxis, let field = control.kind.horizontalField {
      return FieldProblem(
        field: field,
        message: "\(field) needs a two-axis trace (version 4, header scroll.viewportWidth and "
          + "scroll.contentWidth); this trace declares only the vertical axis")
    }
    switch control.kind {
    case .wheel(let deltaX, let delta, let phase):
      for (field, value) in [("dx", deltaX), ("dy", delta)] {
        if !value.isFinite {
          return FieldProblem(field: field, message: "\(describe(value)) is not finite")
        }
        if abs(value) > Limits.maximumLength {
          return FieldProblem(
            field: field,
            message: "\(describe(value)) points is out of range; expected −1e7 ... 1e7")
        }
      }
      if phase != .none, version < 3 {
        let key = phase.traceKey ?? "phase"
        return FieldProblem(
          field: key, message: "\(key) needs a version-3 input trace (header \"version\":3)")
      }
    case .scrollTo(let offsetX, let offset, _):
      if let offsetX, let axis = scroll.horizontal,
        !offsetX.isFinite || offsetX < 0 || offsetX > axis.maxOffset
      {
        return FieldProblem(
          field: "x",
          message: "\(describe(offsetX)) is out of range; expected 0 ... "
            + "\(describe(axis.maxOffset)) points (maxOffsetX of the geometry at this time)")
      }
      let maxOffset = TraceHeader.maxOffset(of: scroll, nested: nested)
      if !offset.isFinite || offset < 0 || offset > maxOffset {
        return FieldProblem(
          field: "y",
          message: "\(describe(offset)) is out of range; expected 0 ... \(describe(maxOffset)) "
            + "points (maxOffset of the geometry at this time)")
      }
    case .contentHeight(let height):
      if !height.isFinite || height < 0 {
        return FieldProblem(
          field: "height", message: "\(describe(height)) is out of range; expected ≥ 0 points")
      }
      scroll.contentHeight = height
    case .viewportHeight(let height):
      if !height.isFinite || height <= 0 {
        return FieldProblem(
          field: "height", message: "\(describe(height)) is out of range; expected > 0 points")
      }
      scroll.viewportHeight = height
    case .contentWidth(let width):
      if !width.isFinite || width < 0 || width > Limits.maximumLength {
        return FieldProblem(
          field: "width", message: "\(describe(width)) is out of range; expected 0 ... 1e7 points")
      }
      scroll.horizontal?.contentWidth = width
    case .viewportWidth(let width):
      if !width.isFinite || width <= 0 || width > Limits.maximumLength {
        return FieldProblem(
          field: "width", message: "\(describe(width)) is out of range; expected (0, 1e7] points")
      }
      scroll.horizontal?.viewportWidth = width
    case .scrollToTop:
      if let downLine {
        return FieldProblem(
          field: "type", message: "scrollToTop while the finger is down (since line \(downLine))")
      }
    }
    if case .wheel = control.kind, let downLine {
      return FieldProblem(
        field: "type", message: "wheel while the finger is down (since line \(downLine))")
    }
    if case .wheel(_, _, let phase) = control.kind {
      if let problem = wheel.accept(phase) {
        let since = wheelSessionLine.map { " (session since line \($0))" } ?? ""
        return FieldProblem(field: problem.field, message: problem.message + since)
      }
      if phase == .began || phase == .mayBegin { wheelSessionLine = line }
      if wheel.stage == .idle { wheelSessionLine = nil }
    }
    if case .scrollTo = control.kind, let downLine {
      return FieldProblem(
        field: "type", message: "scrollTo while the finger is down (since line \(downLine))")
    }
    self.scroll = scroll
    previous = (control.time, line)
    return nil
  }

  /// The problem with touch `event` (found on 1-based `line`), or `nil`; remembers the event.
  @inline(__always)
  mutating func check(_ event: TraceEvent, line: Int) -> FieldProblem? {
    if kind == .offset {
      return FieldProblem(
        field: "type",
        message: "\(event.kind.rawValue) in an offset trace; only offset events are allowed")
    }
    if let problem = Self.checkTime(event.time, x: event.x, y: event.y, after: previous) {
      return problem
    }
    switch event.kind {
    case .down:
      if let downLine {
        return FieldProblem(
          field: "type", message: "down while the finger is already down (since line \(downLine))")
      }
      downLine = line
    case .move, .up, .cancel:
      if downLine == nil {
        return FieldProblem(
          field: "type", message: "\(event.kind.rawValue) with no finger down; expected down first")
      }
      if event.kind != .move { downLine = nil }
    }
    previous = (event.time, line)
    return nil
  }

  /// The problem with offset `sample` (found on 1-based `line`), or `nil`; remembers it.
  mutating func check(_ sample: OffsetSample, line: Int) -> FieldProblem? {
    if kind != .offset {
      return FieldProblem(
        field: "type",
        message: "offset in an input trace; offset events need a version-2 header with "
          + "\"kind\":\"offset\"")
    }
    if let problem = Self.checkTime(sample.time, x: sample.x, y: sample.y, after: previous) {
      return problem
    }
    // Samples a subnormal time apart would move the content at an infinite speed: the
    // resampler's slope (and so offset and velocity) between them would be ±∞ or NaN.
    if let a = previousOffset, sample.time > a.time {
      let dt = sample.time - a.time
      if !((sample.y - a.y) / dt).isFinite || !((sample.x - a.x) / dt).isFinite {
        return FieldProblem(
          field: "t",
          message: "\(describe(sample.time)) s is too close to the previous sample's "
            + "\(describe(a.time)) s (line \(previous?.line ?? 0)) for the contentOffset to move "
            + "between them at a finite speed: expected the same time (a jump) or further apart")
      }
    }
    previous = (sample.time, line)
    previousOffset = sample
    return nil
  }

  /// The problem with an event at `time` and `x`, `y` after the `previous` event, or `nil`.
  /// (Static: a method would copy the whole checker for each call.)
  @inline(__always)
  private static func checkTime(
    _ time: Double, x: Double, y: Double, after previous: (time: Double, line: Int)?
  ) -> FieldProblem? {
    // The common case in four comparisons: not earlier than the previous event (itself
    // checked to be at or after 0), within the day, x and y within range (each comparison
    // false for NaN and ±∞). Anything else is worded by ``timeProblem(_:x:y:after:)``.
    if let previous, time >= previous.time, time <= Limits.maximumTime,
      abs(x) <= Limits.maximumLength, abs(y) <= Limits.maximumLength
    {
      return nil
    }
    return timeProblem(time, x: x, y: y, after: previous)
  }

  /// The problem ``checkTime(_:x:y:after:)`` reports, or `nil`.
  private static func timeProblem(
    _ time: Double, x: Double, y: Double, after previous: (time: Double, line: Int)?
  ) -> FieldProblem? {
    // Plain comparisons first (no arrays).
    if !(time.isFinite && x.isFinite && y.isFinite) {
      for (field, value) in [("t", time), ("x", x), ("y", y)] where !value.isFinite {
        return FieldProblem(field: field, message: "\(describe(value)) is not finite")
      }
    }
    if time < 0 || time > Limits.maximumTime {
      return FieldProblem(
        field: "t", message: "\(describe(time)) s is out of range; expected 0 ... 86400 s (one day)"
      )
    }
    if abs(x) > Limits.maximumLength || abs(y) > Limits.maximumLength {
      for (field, value) in [("x", x), ("y", y)] where abs(value) > Limits.maximumLength {
        return FieldProblem(
          field: field, message: "\(describe(value)) points is out of range; expected −1e7 ... 1e7")
      }
    }
    if let previous, time < previous.time {
      return FieldProblem(
        field: "t",
        message: "\(describe(time)) s is earlier than \(describe(previous.time)) s "
          + "of the previous event (line \(previous.line)); times must be non-decreasing")
    }
    return nil
  }
}
