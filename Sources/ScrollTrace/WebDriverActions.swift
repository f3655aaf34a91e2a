/// Converts between traces and W3C WebDriver pointer actions (the body of "Perform Actions",
/// `POST /session/{id}/actions`, w3c.github.io/webdriver/#actions), so a recorded gesture can
/// be replayed on a device with Appium or in a browser driver, and a scripted gesture replayed
/// here.
///
/// Export: one `pointer` input source (`pointerType` `touch`, id `finger1`) with `pause`,
/// `pointerMove` (`origin` `viewport`), `pointerDown`, `pointerUp` and `pointerCancel` actions.
/// A `duration` must be an integer number of milliseconds (WebDriver, "process a pointer move
/// action"), so each event's time since the start is rounded to a whole millisecond and every
/// duration is the difference of two rounded times: no error accumulates, each event is within
/// 0.5 ms of its recorded time. Positions (1 CSS px = 1 pt) are written exactly, as the
/// shortest decimal that reads back to the same number: the spec allows fractional `x` and `y`
/// since w3c/webdriver#1881 (2025); ``Positions/wholePoints`` rounds them for drivers that still
/// take integers only (e.g. Servo's `PointerMoveAction { x: i64, y: i64 }`).
///
/// The trace header (device, scroll geometry, physics, provenance) travels in the top-level
/// member `"scrollsim:header"`, the header line of the trace format (traces/FORMAT.md) as an
/// object. Perform Actions reads only the body's `actions` member, so drivers ignore it (the
/// `vendor:name` form is WebDriver's convention for extensions, as in `appium:deviceName`).
///
/// Import: a `pointerMove` of duration `d` while the finger is down becomes moves every 17 ms
/// (the interval Servo's WebDriver server uses, `POINTERMOVE_INTERVAL = 17`, "based on common
/// vsync") linearly interpolated to the target, plus one at `d`; `pause` advances time;
/// `pointerDown`/`pointerUp`/`pointerCancel` become `down`/`up`/`cancel` at the current
/// position. Sources of type `none`, `key` and `wheel` are ignored; one pointer source only.
public enum WebDriverActions {
  /// Milliseconds between interpolated moves on import: 17 (Servo webdriver_server,
  /// `POINTERMOVE_INTERVAL`).
  public static let moveInterval = 17.0
  /// Longest accepted `duration`, milliseconds: one day (bounds the interpolated moves).
  public static let longestDuration = 86_400_000.0

  /// The member of the actions body that carries the trace header: `"scrollsim:header"`.
  public static let headerMember = "scrollsim:header"

  /// How positions are written on export.
  public enum Positions: Sendable, Equatable {
    /// The exact position, the shortest decimal that reads back to the same number of points
    /// (fractional `x`/`y`, allowed since w3c/webdriver#1881). The default.
    case exact
    /// Rounded to whole points, for drivers that accept integer coordinates only.
    case wholePoints
  }

  /// The actions JSON for `trace`'s touches, pretty-printed one action per line, with the
  /// trace header in ``headerMember``.
  /// - Parameters:
  ///   - trace: the trace whose touches (and header) are exported; controls and offset samples
  ///     are not (WebDriver pointer actions carry touches only).
  ///   - positions: exact (default) or whole points.
  /// - Returns: `{"actions":[{"actions":[…],"id":"finger1","parameters":{"pointerType":"touch"},"type":"pointer"}],"scrollsim:header":{…}}`.
  public static func export(_ trace: Trace, positions: Positions = .exact) -> String {
    var actions: [String] = []
    var cursor = 0.0
    var position: (x: Double, y: Double)?
    func pause(until milliseconds: Double) {
      if milliseconds > cursor {
        actions.append(#"{"duration":\#(int(milliseconds - cursor)),"type":"pause"}"#)
      }
      cursor = max(cursor, milliseconds)
    }
    for event in trace.events {
      let ms = (event.time * 1000).rounded()
      let x = positions == .exact ? event.x : event.x.rounded()
      let y = positions == .exact ? event.y : event.y.rounded()
      switch event.kind {
      case .down:
        pause(until: ms)
        actions.append(move(duration: 0, x: x, y: y))
        actions.append(#"{"button":0,"type":"pointerDown"}"#)
      case .move:
        actions.append(move(duration: max(0, ms - cursor), x: x, y: y))
        cursor = max(cursor, ms)
      case .up, .cancel:
        if let position, position != (x, y) {
          actions.append(move(duration: max(0, ms - cursor), x: x, y: y))
          cursor = max(cursor, ms)
        }
        pause(until: ms)
        actions.append(
          event.kind == .up ? #"{"button":0,"type":"pointerUp"}"# : #"{"type":"pointerCancel"}"#)
      }
      position = (x, y)
    }
    let body = actions.map { "        " + $0 }.joined(separator: ",\n")
    let header = TraceWriter.headerLine(trace.header).dropLast()
    return """
      {
        "actions": [
          {
            "actions": [
      \(body)
            ],
            "id": "finger1",
            "parameters": {"pointerType": "touch"},
            "type": "pointer"
          }
        ],
        "\(headerMember)": \(header)
      }

      """
  }

  /// The touches of an actions JSON text, as a trace.
  /// - Parameters:
  ///   - text: a Perform Actions body `{"actions":[…]}` or just its `actions` array.
  ///   - file: the name used in errors.
  ///   - header: the trace header to use when the body has no ``headerMember`` (plain
  ///     WebDriver carries no device or scroll geometry); a body written by ``export(_:positions:)``
  ///     brings its own, which is used instead.
  /// - Throws: ``/ScrollSimCore/InputError`` naming the line and field path (e.g.
  ///   `actions[0].actions[3].duration`, `scrollsim:header.device.scale`) of the first problem:
  ///   invalid JSON, a missing or mistyped field, a negative duration, an unknown action type,
  ///   two pointer sources, an invalid embedded header, or a touch sequence the trace format
  ///   rejects.
  public static func parse(_ text: String, file: String, header: TraceHeader) throws(InputError)
    -> Trace
  {
    let root: JSONNode
    do throws(JSONProblem) {
      root = try JSONReader.parse(text)
    } catch {
      throw InputError(file: file, line: error.line, field: error.field, message: error.message)
    }
    var importer = Importer(file: file)
    try importer.run(root)
    let trace = Trace(
      header: try embeddedHeader(root, file: file) ?? header, events: importer.events)
    var checker = EventSequenceChecker()
    for (index, event) in trace.events.enumerated() {
      if let problem = checker.check(event, line: index + 2) {
        let (line, field) = importer.origins[index]
        throw InputError(file: file, line: line, field: field, message: problem.message)
      }
    }
    return trace
  }

  /// The trace header in ``headerMember`` of `root`, or `nil` when there is none.
  private static func embeddedHeader(_ root: JSONNode, file: String) throws(InputError)
    -> TraceHeader?
  {
    guard let node = root[headerMember] else { return nil }
    do throws(FieldProblem) {
      let header = try TraceHeader.decode(node)
      if let problem = header.validationProblem() { throw problem }
      return header
    } catch {
      let field = error.field.isEmpty ? headerMember : "\(headerMember).\(error.field)"
      throw InputError(file: file, line: node.line, field: field, message: error.message)
    }
  }

  private static func move(duration: Double, x: Double, y: Double) -> String {
    #"{"duration":\#(int(duration)),"origin":"viewport","type":"pointerMove","x":\#(JSONWriter.number(x)),"y":\#(JSONWriter.number(y))}"#
  }

  private static func int(_ value: Double) -> String {
    Int(exactly: value.rounded()).map(String.init) ?? "0"
  }

  private struct Importer {
    let file: String
    var events: [TraceEvent] = []
    /// The line and field of the action each event came from.
    var origins: [(Int, String)] = []
    var milliseconds = 0.0
    var position = (x: 0.0, y: 0.0)
    var isDown = false

    init(file: String) { self.file = file }

    func fail(_ value: JSONNode, _ field: String, _ message: String) -> InputError {
      InputError(file: file, line: value.line, field: field, message: message)
    }

    mutating func run(_ root: JSONNode) throws(InputError) {
      let list: JSONNode = root["actions"] ?? root
      guard case .array(let sources) = list.value else {
        throw fail(root, "actions", "expected an array of input sources")
      }
      var pointer: (JSONNode, Int)?
      for (index, source) in sources.enumerated() {
        let field = "actions[\(index)]"
        guard case .string(let type)? = source["type"]?.value else {
          throw fail(
            source, "\(field).type", "expected \"pointer\", \"key\", \"wheel\" or \"none\"")
        }
        guard type == "pointer" else {
          guard ["none", "key", "wheel"].contains(type) else {
            throw fail(
              source, "\(field).type", "unknown input source type \"\(InputError.excerpt(type))\"")
          }
          continue
        }
        if pointer != nil {
          throw fail(source, field, "a second pointer source; one finger only")
        }
        pointer = (source, index)
      }
      guard let (source, index) = pointer else { return }
      guard case .array(let actions)? = source["actions"]?.value else {
        throw fail(source, "actions[\(index)].actions", "expected an array of actions")
      }
      for (number, action) in actions.enumerated() {
        try apply(action, field: "actions[\(index)].actions[\(number)]")
      }
    }

    func number(_ action: JSONNode, _ key: String, field: String, default value: Double? = nil)
      throws(InputError) -> Double
    {
      guard let member = action[key] else {
        if let value { return value }
        throw fail(action, "\(field).\(key)", "missing")
      }
      guard case .number(let number) = member.value else {
        throw fail(member, "\(field).\(key)", "expected a number")
      }
      return number
    }

    mutating func emit(_ kind: TraceEvent.Kind, line: Int, field: String) {
      events.append(TraceEvent(time: milliseconds / 1000, kind: kind, x: position.x, y: position.y))
      origins.append((line, field))
    }

    mutating func apply(_ action: JSONNode, field: String) throws(InputError) {
      guard case .string(let type)? = action["type"]?.value else {
        throw fail(action, "\(field).type", "expected an action type string")
      }
      switch type {
      case "pause":
        let duration = try number(action, "duration", field: field, default: 0)
        guard duration >= 0, duration <= WebDriverActions.longestDuration else {
          throw fail(
            action, "\(field).duration", "\(duration) ms is out of range 0…86400000 (one day)")
        }
        milliseconds += duration
      case "pointerMove":
        let duration = try number(action, "duration", field: field, default: 0)
        guard duration >= 0, duration <= WebDriverActions.longestDuration else {
          throw fail(
            action, "\(field).duration", "\(duration) ms is out of range 0…86400000 (one day)")
        }
        switch action["origin"]?.value {
        case nil: break
        case .string(let origin)? where origin == "viewport": break
        case .string(let origin)?:
          throw fail(
            action, "\(field).origin",
            "only \"viewport\" is supported, found \"\(InputError.excerpt(origin))\"")
        default:
          throw fail(
            action, "\(field).origin",
            "only \"viewport\" is supported (element and other origins are not)")
        }
        let target = (
          x: try number(action, "x", field: field), y: try number(action, "y", field: field)
        )
        guard isDown else {
          position = target
          milliseconds += duration
          return
        }
        let start = position
        let startTime = milliseconds
        var step = WebDriverActions.moveInterval
        while step < duration {
          let fraction = step / duration
          milliseconds = startTime + step
          position = (
            start.x + (target.x - start.x) * fraction, start.y + (target.y - start.y) * fraction
          )
          emit(.move, line: action.line, field: field)
          step += WebDriverActions.moveInterval
        }
        milliseconds = startTime + duration
        position = target
        emit(.move, line: action.line, field: field)
      case "pointerDown", "pointerUp", "pointerCancel":
        let kind: TraceEvent.Kind =
          type == "pointerDown" ? .down : type == "pointerUp" ? .up : .cancel
        emit(kind, line: action.line, field: "\(field).type")
        isDown = kind == .down
      default:
        throw fail(
          action, "\(field).type",
          "unknown pointer action \"\(InputError.excerpt(type))\"; expected pause, pointerMove, pointerDown, pointerUp or pointerCancel"
        )
      }
    }
  }
}
