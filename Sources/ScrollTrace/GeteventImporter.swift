/// Converts Android `adb shell getevent -lt` text into traces: one per touch, or one session.
///
/// Lines are grouped into reports by identical timestamp (the swipe-shield recording filtered
/// out `SYN_REPORT`; when present it also ends a report). Raw panel values are hex and carried
/// forward per axis; they become points with ``Options``. Lines other than
/// `ABS_MT_POSITION_X/Y`, `BTN_TOUCH` and `SYN_REPORT` (tracking id, slot, pressure, touch size,
/// `BTN_TOOL_FINGER`, the `add device`/`name:` banner) are ignored. One finger is followed
/// (protocol B: the slot of the touch's first position, `ABS_MT_SLOT`, positions carried
/// forward per slot; protocol A, contacts ended by `SYN_MT_REPORT`: the touch-down report's
/// first contact, found in later reports by `ABS_MT_TRACKING_ID` or, without ids, by nearest
/// previous position as Android's `TouchInputMapper::assignPointerIds` does); a second finger's
/// positions are ignored and never substituted for the followed one: when the followed finger
/// lifts first its touch ends there (its `up` at its last position, so its fling is kept) and
/// the rest is skipped until every finger has lifted. A touch
/// already down when the recording starts is skipped with a warning, and so are the lines of
/// devices other than the first to report a touch (`getevent -lt` with no device argument).
///
/// A file that ends while the finger is down keeps that touch without an `up` event (nothing
/// recorded is lost; the trace format allows a trace to end with the finger down).
public struct GeteventImporter: Sendable {
  /// Conversion and header settings.
  public var options: Options

  /// Creates an importer with default options (1080×2400 px panel reporting pixels, 2.625 px/pt).
  public init() {
    options = Options()
  }

  /// Creates an importer with `options`; they are validated when importing.
  public init(options: Options) {
    self.options = options
  }

  /// Splits `text` into gestures, one trace per touch (BTN_TOUCH DOWN … UP).
  ///
  /// Each trace starts with `down` at time 0; times are seconds after that touch's DOWN and
  /// `timeOrigin` is the DOWN timestamp (seconds since boot). Positions are in points.
  /// - Parameters:
  ///   - text: `getevent -lt` output.
  ///   - file: the name to report in errors and in the default `source`.
  ///   - warn: called with each warning, `file:line: message`: a touch already down when the
  ///     recording starts (a `BTN_TOUCH UP` without a `DOWN`) is skipped, not an error.
  /// - Returns: the touches in file order; empty when the file holds none.
  /// - Throws: ``/ScrollSimCore/InputError`` at line 0 with field `options.<name>` for invalid options;
  ///   otherwise naming the line and field (`timestamp`, `ABS_MT_POSITION_X`,
  ///   `ABS_MT_POSITION_Y`, `BTN_TOUCH`, or `""` for a line that is not getevent output).
  public func gestures(
    fromText text: String, file: String, warn: (String) -> Void = { _ in }
  ) throws(InputError) -> [Trace] {
    let touches = try touches(in: text, file: file, warn: warn)
    return touches.enumerated().map { index, touch in
      let source = "\(sourceText(file: file)), touch \(index + 1) of \(touches.count)"
      return trace(of: touch.events, origin: touch.downTime, source: source)
    }
  }

  /// One trace holding every touch of `text` in order.
  ///
  /// Times are seconds after the first DOWN and `timeOrigin` is that DOWN's timestamp (seconds
  /// since boot); with no touches the trace has no events and no `timeOrigin`.
  /// - Parameters:
  ///   - text: `getevent -lt` output.
  ///   - file: the name to report in errors and in the default `source`.
  ///   - warn: called with each warning, as for ``gestures(fromText:file:warn:)``.
  /// - Throws: ``/ScrollSimCore/InputError`` as ``gestures(fromText:file:warn:)``.
  public func session(
    fromText text: String, file: String, warn: (String) -> Void = { _ in }
  ) throws(InputError) -> Trace {
    let touches = try touches(in: text, file: file, warn: warn)
    return trace(
      of: touches.flatMap(\.events), origin: touches.first?.downTime,
      source: sourceText(file: file))
  }

  /// Reads the file at `path` and splits it into gestures (see
  /// ``gestures(fromText:file:warn:)``).
  /// - Throws: ``/ScrollSimCore/InputError``: line 0 for a missing or unreadable file, else as the text method.
  public func gestures(path: String, warn: (String) -> Void = { _ in }) throws(InputError)
    -> [Trace]
  {
    try gestures(fromText: try TextFile.read(path: path), file: path, warn: warn)
  }

  /// Reads the file at `path` as one session trace (see ``session(fromText:file:warn:)``).
  /// - Throws: ``/ScrollSimCore/InputError``: line 0 for a missing or unreadable file, else as the text method.
  public func session(path: String, warn: (String) -> Void = { _ in }) throws(InputError)
    -> Trace
  {
    try session(fromText: try TextFile.read(path: path), file: path, warn: warn)
  }

  private func touches(in text: String, file: String, warn: (String) -> Void) throws(InputError)
    -> [GeteventTouch]
  {
    if let problem = options.validationProblem() {
      throw problem.error(file: file, line: 0)
    }
    return try GeteventTouchParser.touches(in: text, options: options, file: file, warn: warn)
  }

  private func sourceText(file: String) -> String {
    options.source ?? "Android getevent -lt import of \(file)"
  }

  private func trace(of events: [TraceEvent], origin: Double?, source: String) -> Trace {
    let shifted = events.map { event in
      // getevent stamps whole microseconds: rounding the difference to them removes the
      // binary rounding of seconds-since-boot, so 0.029722 is written, not 0.0297219999993.
      let relative = ((event.time - (origin ?? 0)) * 1_000_000).rounded() / 1_000_000
      return TraceEvent(time: relative, kind: event.kind, x: event.x, y: event.y)
    }
    return Trace(header: options.header(source: source, timeOrigin: origin), events: shifted)
  }
}
