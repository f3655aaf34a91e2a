/// Imports recorded Flutter pointer data (`dart:ui` `PointerDataPacket`s, as a scroll-recording
/// test app dumps them to JSON) into an input trace, converting as Flutter's framework does
/// (`PointerEventConverter.expand`, packages/flutter/lib/src/gestures/converter.dart): positions
/// are physical pixels divided by the device pixel ratio (logical pixels = points), times are
/// `timeStamp` microseconds.
///
/// The document is an array of packets `[{"data":[PointerData, …]}, …]`, one packet
/// `{"data":[…]}`, an array of `PointerData` objects, or JSON Lines with one packet (or one
/// `PointerData`) per line. A `PointerData` object uses the field names of `dart:ui`'s
/// `PointerData` (lib/ui/pointer.dart); enum fields take the case name (`"down"`), the Dart
/// `toString()` form (`"PointerChange.down"`) or the enum index (`4`):
///
/// | field | required | meaning |
/// | --- | --- | --- |
/// | `timeStamp` | yes | microseconds (`Duration.inMicroseconds`), any origin |
/// | `change` | yes | `cancel` 0, `add` 1, `remove` 2, `hover` 3, `down` 4, `move` 5, `up` 6, `panZoomStart` 7, `panZoomUpdate` 8, `panZoomEnd` 9 |
/// | `kind` | no | `touch` 0, `mouse` 1, `stylus` 2, `invertedStylus` 3, `trackpad` 4, `unknown` 5 |
/// | `signalKind` | no | `none` 0, `scroll` 1, `scrollInertiaCancel` 2, `scale` 3, `stylusAuxiliaryAction` 4, `unknown` 5 |
/// | `device`, `pointerIdentifier` | no (0) | which pointer |
/// | `physicalX`, `physicalY` | for down, move, up, cancel and pan/zoom | physical pixels |
/// | `scrollDeltaX`, `scrollDeltaY` | for `signalKind` scroll | physical pixels |
/// | `panX`, `panY` | for `panZoomUpdate` | physical pixels since `panZoomStart` |
///
/// Every other `PointerData` field (`pressure`, `buttons`, `radiusMajor`, …) is accepted and
/// not used; a field `PointerData` does not have is an error.
///
/// Framework `PointerEvent`s recorded after conversion are read too, in the form of
/// flutter_test's `PointerEventRecord` dumps (`[{"ts":µs,"events":[{"type":"PointerMoveEvent",
/// "timeStamp":µs,"pointer":1,"position":[x,y],…}]}]`): `type` names the event
/// (`PointerDownEvent` … `PointerPanZoomEndEvent`, `PointerScrollEvent` with `scrollDelta`),
/// `pointer` identifies it, and `position`, `scrollDelta` and `pan` are already logical pixels
/// (the device pixel ratio then only describes the device).
///
/// Events: `down`/`move`/`up`/`cancel` of one pointer (the first to go down, matched by
/// `device` and `pointerIdentifier`) become the trace's touches; other pointers are ignored and
/// never substituted for it. A trackpad pan (`panZoomStart`, `panZoomUpdate`, `panZoomEnd`) is
/// a drag, as Flutter's `DragGestureRecognizer` reads it: down at the position, moves to
/// position + pan, up. A scroll signal (`signalKind` scroll, a mouse wheel or trackpad scroll)
/// is a `wheel` control of `scrollDeltaY / devicePixelRatio` points (positive scrolls
/// forward, as Flutter's `Scrollable` applies it); one while a finger is down is skipped with a
/// warning (the trace format has no wheel during a touch). `add`, `remove`, `hover` and the
/// other signal kinds are skipped. Times are seconds after the first `PointerData`'s
/// `timeStamp`, which is the header's `timeOrigin`; time stamps must not go backwards.
public struct FlutterPointerImporter: Sendable {
  /// Physical pixels per logical pixel (`FlutterView.devicePixelRatio`), finite, in
  /// 0.25 … 10 like a trace's scale.
  public var devicePixelRatio: Double

  /// Creates an importer for a view of `devicePixelRatio` physical pixels per logical pixel.
  public init(devicePixelRatio: Double) {
    self.devicePixelRatio = devicePixelRatio
  }

  /// `dart:ui` `PointerChange` cases, in enum order (the index is the value).
  public static let changes = [
    "cancel", "add", "remove", "hover", "down", "move", "up", "panZoomStart", "panZoomUpdate",
    "panZoomEnd",
  ]
  /// `dart:ui` `PointerDeviceKind` cases, in enum order.
  public static let kinds = ["touch", "mouse", "stylus", "invertedStylus", "trackpad", "unknown"]
  /// `dart:ui` `PointerSignalKind` cases, in enum order.
  public static let signalKinds = [
    "none", "scroll", "scrollInertiaCancel", "scale", "stylusAuxiliaryAction", "unknown",
  ]
  /// The fields of `dart:ui` `PointerData`.
  public static let fields = [
    "viewId", "embedderId", "timeStamp", "change", "kind", "signalKind", "device",
    "pointerIdentifier", "physicalX", "physicalY", "physicalDeltaX", "physicalDeltaY", "buttons",
    "obscured", "synthesized", "pressure", "pressureMin", "pressureMax", "distance",
    "distanceMax", "size", "radiusMajor", "radiusMinor", "radiusMin", "radiusMax", "orientation",
    "tilt", "platformData", "scrollDeltaX", "scrollDeltaY", "panX", "panY", "panDeltaX",
    "panDeltaY", "scale", "rotation", "preferredStylusAuxiliaryAction",
  ]

  /// The fields of a framework `PointerEvent` record (flutter_test's `PointerEventRecord`
  /// dumps: `type`, `timeStamp` µs, `pointer`, `position` `[x, y]` in logical pixels, …).
  public static let eventFields = [
    "type", "timeStamp", "pointer", "kind", "device", "position", "localPosition", "delta",
    "localDelta", "buttons", "down", "obscured", "pressure", "pressureMin", "pressureMax",
    "distance", "distanceMax", "size", "radiusMajor", "radiusMinor", "radiusMin", "radiusMax",
    "orientation", "tilt", "platformData", "synthesized", "embedderId", "viewId", "scrollDelta",
    "pan", "localPan", "panDelta", "localPanDelta", "scale", "rotation",
  ]
  /// Framework `PointerEvent` types and the `(change, signalKind)` they come from
  /// (converter.dart maps each PointerData to one of them).
  static let eventTypes: [String: (String, String)] = [
    "PointerAddedEvent": ("add", "none"), "PointerRemovedEvent": ("remove", "none"),
    "PointerHoverEvent": ("hover", "none"), "PointerDownEvent": ("down", "none"),
    "PointerMoveEvent": ("move", "none"), "PointerUpEvent": ("up", "none"),
    "PointerCancelEvent": ("cancel", "none"), "PointerScrollEvent": ("hover", "scroll"),
    "PointerScrollInertiaCancelEvent": ("hover", "scrollInertiaCancel"),
    "PointerScaleEvent": ("hover", "scale"), "PointerPanZoomStartEvent": ("panZoomStart", "none"),
    "PointerPanZoomUpdateEvent": ("panZoomUpdate", "none"),
    "PointerPanZoomEndEvent": ("panZoomEnd", "none"),
  ]

  /// An imported recording.
  public struct Recording: Sendable, Equatable {
    /// The trace: touches of the followed pointer and wheel controls (version 2 when it has
    /// any control).
    public var trace: Trace
    /// Pointer data skipped by kind: `add`, `remove`, `hover`, `otherPointer`, other signals.
    public var skipped: [String: Int]
    /// Problems that lose nothing the trace format can hold, as `file:line: message`.
    public var warnings: [String]
  }

  /// The trace of the pointer data in `text`.
  /// - Parameters:
  ///   - text: the JSON (see the type's description).
  ///   - file: the name used in errors.
  ///   - header: device and scroll geometry (Flutter's data carries none); `timeOrigin` is
  ///     replaced by the first `timeStamp` in seconds.
  /// - Throws: ``/ScrollSimCore/InputError`` naming the line and JSON path (e.g.
  ///   `[3].data[0].change`) of the first problem: invalid JSON, a missing or mistyped field, an
  ///   unknown enum value or field, times going backwards, a value out of the trace format's
  ///   limits; at line 0 (field `devicePixelRatio`) for a bad ratio.
  public func recording(fromText text: String, file: String, header: TraceHeader)
    throws(InputError) -> Recording
  {
    guard devicePixelRatio.isFinite, devicePixelRatio >= 0.25, devicePixelRatio <= 10 else {
      throw InputError(
        file: file, line: 0, field: "devicePixelRatio",
        message: "\(describe(devicePixelRatio)) must be in 0.25 … 10")
    }
    var reader = Reader(file: file, ratio: devicePixelRatio)
    for (node, path) in try Self.data(in: text, file: file) {
      try reader.apply(node, path: path)
    }
    var header = header
    header.timeOrigin = reader.origin.map { Double($0) / 1_000_000 }
    if !reader.controls.isEmpty {
      header.version = 2
      header.kind = .input
    }
    let trace = Trace(header: header, events: reader.events, controls: reader.controls)
    var checker = EventSequenceChecker(header: header)
    for (index, item) in trace.items.enumerated() {
      if let problem = checker.check(item, line: index + 2) {
        let (line, path) = reader.origins[index]
        let field =
          ["t": "timeStamp", "x": "physicalX", "y": "physicalY", "type": "change"][problem.field]
          ?? problem.field
        throw InputError(
          file: file, line: line, field: "\(path).\(field)", message: problem.message)
      }
    }
    return Recording(trace: trace, skipped: reader.skipped, warnings: reader.warnings)
  }

  /// Every `PointerData` object of the document with its JSON path, in order.
  private static func data(in text: String, file: String) throws(InputError) -> [(JSONNode, String)]
  {
    var roots: [(JSONNode, String)] = []
    do throws(JSONProblem) {
      roots = [(try JSONReader.parse(text), "")]
    } catch {
      // JSON Lines: one packet or PointerData object per line.
      guard text.drop(while: \.isWhitespace).first == "{", error.line > 1 else {
        throw InputError(file: file, line: error.line, field: error.field, message: error.message)
      }
      roots = []
      let lines = text.lines()
      for (index, line) in lines.enumerated() {
        if line.allSatisfy(\.isWhitespace), index == lines.count - 1 { break }
        do throws(JSONProblem) {
          let node = try JSONReader.parse(String(line), allowsByteOrderMark: index == 0)
          roots.append((shifted(node, by: index), "line \(index + 1)"))
        } catch {
          throw InputError(file: file, line: index + 1, field: error.field, message: error.message)
        }
      }
    }
    var data: [(JSONNode, String)] = []
    func collect(_ node: JSONNode, _ path: String) throws(InputError) {
      if let elements = node.elements {
        for (index, element) in elements.enumerated() {
          try collect(element, "\(path)[\(index)]")
        }
      } else if let (key, list) = node["data"].map({ ("data", $0) })
        ?? node["events"].map({ ("events", $0) })
      {
        // A PointerDataPacket {"data": [PointerData, …]}, or a flutter_test PointerEventRecord
        // {"ts": µs, "events": [PointerEvent, …]}.
        guard let elements = list.elements else {
          throw InputError(
            file: file, line: list.line, field: "\(path).\(key)",
            message:
              "expected an array of \(key == "data" ? "PointerData" : "PointerEvent") objects")
        }
        for (index, element) in elements.enumerated() {
          data.append((element, "\(path).\(key)[\(index)]"))
        }
      } else if node.members != nil {
        data.append((node, path))
      } else {
        throw InputError(
          file: file, line: node.line, field: path.isEmpty ? "$" : path,
          message: "expected a packet {\"data\":[…]}, a PointerData object or an array of them")
      }
    }
    for (root, path) in roots {
      let prefix = path.hasPrefix("line") ? "" : path
      try collect(root, prefix)
    }
    return data
  }

  /// `node` with every line number moved down by `lines` (a JSON Lines line read alone).
  private static func shifted(_ node: JSONNode, by lines: Int) -> JSONNode {
    var node = node
    node.line += lines
    switch node.value {
    case .object(let members):
      node.value = .object(
        members.map {
          JSONMember(key: $0.key, keyOffset: $0.keyOffset, value: shifted($0.value, by: lines))
        })
    case .array(let elements):
      node.value = .array(elements.map { shifted($0, by: lines) })
    default: break
    }
    return node
  }

  /// Turns `PointerData` objects into events, one pointer followed.
  private struct Reader {
    let file: String
    let ratio: Double
    var events: [TraceEvent] = []
    var controls: [TraceControl] = []
    /// The line and path of each item of the trace, in `Trace.items` order.
    var origins: [(Int, String)] = []
    var origin: Int64?
    var previous: (stamp: Int64, line: Int)?
    var followed: (device: Int64, pointer: Int64)?
    var last: (x: Double, y: Double)?
    var panStart: (x: Double, y: Double)?
    var skipped: [String: Int] = [:]
    var warnings: [String] = []

    init(file: String, ratio: Double) {
      self.file = file
      self.ratio = ratio
    }

    func fail(_ node: JSONNode, _ field: String, _ message: String) -> InputError {
      InputError(file: file, line: node.line, field: field, message: message)
    }

    func integer(_ datum: JSONNode, _ key: String, path: String, default value: Int64? = nil)
      throws(InputError) -> Int64
    {
      guard let member = datum[key] else {
        if let value { return value }
        throw fail(datum, "\(path).\(key)", "missing")
      }
      guard let number = member.number, let integer = Int64(exactly: number) else {
        throw fail(member, "\(path).\(key)", "expected an integer")
      }
      return integer
    }

    func number(_ datum: JSONNode, _ key: String, path: String, default value: Double? = nil)
      throws(InputError) -> Double
    {
      guard let member = datum[key], member.value != .null else {
        if let value { return value }
        throw fail(datum, "\(path).\(key)", "missing")
      }
      guard let number = member.number else {
        throw fail(member, "\(path).\(key)", "expected a number")
      }
      return number
    }

    /// The case of enum field `key`: a name, `Enum.name` or an index.
    func enumCase(
      _ datum: JSONNode, _ key: String, _ cases: [String], path: String, default value: String?
    ) throws(InputError) -> String {
      guard let member = datum[key], member.value != .null else {
        if let value { return value }
        throw fail(datum, "\(path).\(key)", "missing")
      }
      if let number = member.number {
        guard let index = Int(exactly: number), cases.indices.contains(index) else {
          throw fail(
            member, "\(path).\(key)",
            "\(describe(number)) is not an index of \(cases.joined(separator: ", ")) (0…\(cases.count - 1))"
          )
        }
        return cases[index]
      }
      guard let text = member.string else {
        throw fail(member, "\(path).\(key)", "expected a name or an index")
      }
      let name = text.split(separator: ".").last.map(String.init) ?? text
      guard cases.contains(name) else {
        throw fail(
          member, "\(path).\(key)",
          "unknown value \"\(InputError.excerpt(text))\"; expected "
            + cases.joined(separator: ", ") + Suggestion.didYouMean(name, among: cases))
      }
      return name
    }

    /// `[x, y]` of member `key` (a framework `PointerEvent` record's `Offset`).
    func pair(
      _ datum: JSONNode, _ key: String, path: String, default value: (Double, Double)? = nil
    )
      throws(InputError) -> (x: Double, y: Double)
    {
      guard let member = datum[key] else {
        if let value { return value }
        throw fail(datum, "\(path).\(key)", "missing")
      }
      guard let elements = member.elements, elements.count == 2, let x = elements[0].number,
        let y = elements[1].number
      else {
        throw fail(member, "\(path).\(key)", "expected [x, y], two numbers")
      }
      return (x, y)
    }

    mutating func apply(_ datum: JSONNode, path: String) throws(InputError) {
      guard let members = datum.members else {
        throw fail(datum, path, "expected a PointerData object, found \(datum.typeName)")
      }
      // A framework PointerEvent record (`"type":"PointerMoveEvent"`, logical `position`), as
      // flutter_test's PointerEventRecord dumps write them, or an engine PointerData.
      let isEvent = datum["type"] != nil
      let names = isEvent ? FlutterPointerImporter.eventFields : FlutterPointerImporter.fields
      for member in members where !names.contains(member.key) {
        throw fail(
          member.value, "\(path).\(member.key)",
          "not a \(isEvent ? "PointerEvent" : "PointerData") field"
            + Suggestion.didYouMean(member.key, among: names))
      }
      let stamp = try integer(datum, "timeStamp", path: path)
      let change: String
      let signal: String
      let id: (device: Int64, pointer: Int64)
      if isEvent {
        guard let type = datum["type"]?.string,
          let mapped = FlutterPointerImporter.eventTypes[type]
        else {
          throw fail(
            datum["type"] ?? datum, "\(path).type",
            "unknown PointerEvent type; expected "
              + FlutterPointerImporter.eventTypes.keys.sorted().joined(separator: ", ")
              + Suggestion.didYouMean(
                datum["type"]?.string ?? "", among: Array(FlutterPointerImporter.eventTypes.keys)))
        }
        (change, signal) = mapped
        _ = try enumCase(datum, "kind", FlutterPointerImporter.kinds, path: path, default: "touch")
        id = (
          try integer(datum, "device", path: path, default: 0),
          try integer(datum, "pointer", path: path, default: 0)
        )
      } else {
        change = try enumCase(
          datum, "change", FlutterPointerImporter.changes, path: path, default: nil)
        _ = try enumCase(datum, "kind", FlutterPointerImporter.kinds, path: path, default: "touch")
        signal = try enumCase(
          datum, "signalKind", FlutterPointerImporter.signalKinds, path: path, default: "none")
        id = (
          try integer(datum, "device", path: path, default: 0),
          try integer(datum, "pointerIdentifier", path: path, default: 0)
        )
      }
      if let previous, stamp < previous.stamp {
        throw fail(
          datum["timeStamp"] ?? datum, "\(path).timeStamp",
          "\(stamp) µs is earlier than \(previous.stamp) µs of the pointer data on line "
            + "\(previous.line); times must be non-decreasing")
      }
      previous = (stamp, datum.line)
      if origin == nil { origin = stamp }
      let time = Double(stamp - (origin ?? stamp)) / 1_000_000
      func position() throws(InputError) -> (x: Double, y: Double) {
        if isEvent { return try pair(datum, "position", path: path) }
        return (
          try number(datum, "physicalX", path: path) / ratio,
          try number(datum, "physicalY", path: path) / ratio
        )
      }
      func pan() throws(InputError) -> (x: Double, y: Double) {
        if isEvent { return try pair(datum, "pan", path: path, default: (0, 0)) }
        return (
          try number(datum, "panX", path: path, default: 0) / ratio,
          try number(datum, "panY", path: path, default: 0) / ratio
        )
      }
      if signal != "none" {
        guard signal == "scroll" else {
          skipped[signal, default: 0] += 1
          return
        }
        let delta =
          isEvent
          ? try pair(datum, "scrollDelta", path: path, default: (0, 0)).y
          : try number(datum, "scrollDeltaY", path: path, default: 0) / ratio
        guard followed == nil else {
          warnings.append(
            "\(file):\(datum.line): \(path): a scroll signal while a finger is down is skipped "
              + "(a trace has no wheel during a touch)")
          skipped["scroll", default: 0] += 1
          return
        }
        controls.append(
          TraceControl(time: time, kind: .wheel(deltaY: delta), eventIndex: events.count))
        origins.append((datum.line, path))
        return
      }
      let kind: TraceEvent.Kind
      var point: (x: Double, y: Double)
      switch change {
      case "add", "remove", "hover":
        skipped[change, default: 0] += 1
        return
      case "down", "panZoomStart":
        guard followed == nil else {
          skipped["otherPointer", default: 0] += 1
          return
        }
        followed = id
        kind = .down
        point = try position()
        panStart = change == "panZoomStart" ? point : nil
      default:
        guard let followed, followed == id else {
          skipped["otherPointer", default: 0] += 1
          return
        }
        switch change {
        case "move": kind = .move
        case "up", "panZoomEnd": kind = .up
        case "cancel": kind = .cancel
        default: kind = .move  // panZoomUpdate
        }
        if change == "panZoomUpdate" {
          // DragGestureRecognizer: position = event.position + pan.
          var origin = panStart ?? last ?? (0, 0)
          if datum[isEvent ? "position" : "physicalX"] != nil { origin = try position() }
          let pan = try pan()
          point = (origin.x + pan.x, origin.y + pan.y)
        } else if change == "panZoomEnd" {
          if let last { point = last } else { point = try position() }
        } else {
          point = try position()
        }
        if kind != .move { self.followed = nil }
      }
      last = point
      origins.append((datum.line, path))
      events.append(TraceEvent(time: time, kind: kind, x: point.x, y: point.y))
    }
  }
}
