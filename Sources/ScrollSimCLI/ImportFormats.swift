import Foundation
import ScrollTrace

/// `scrollsim import csv|webdriver|offset-log|flutter`: touch logs in CSV with a column
/// mapping, W3C WebDriver pointer actions, an iOS contentOffset log, and Flutter's recorded
/// pointer data, into a trace.
enum ImportFormats {
  /// The formats this type imports (`getevent` is ``ImportCommand``'s own).
  static let formats = ["csv", "webdriver", "offset-log", "flutter"]

  static let help = """
    usage: scrollsim import csv <log.csv> --out <trace.jsonl> --columns t=COL,type=COL,x=COL,y=COL [options]
           scrollsim import webdriver <actions.json> --out <trace.jsonl> [options]
           scrollsim import offset-log <offsets.jsonl|.csv> --out <trace.jsonl> [options]
           scrollsim import flutter <packets.json> --out <trace.jsonl> --device-pixel-ratio R [options]

    csv: one touch event per row, a header row naming the columns (RFC 4180 quoting).
    \(HelpText.options(csvOnly))
    webdriver: a Perform Actions body {"actions":[…]} with one pointer source; a pointerMove
      while down becomes moves every 17 ms interpolated to its target (Servo's interval). The
      header that `export webdriver` puts in "scrollsim:header" is used (header options given
      still win).
    offset-log: an iOS app's contentOffset log (the snippet in traces/README.md writes it from
      scrollViewDidScroll(_:) or onScrollGeometryChange), JSON Lines or CSV, fields t,
      contentOffset.y [, contentOffset.x, contentSize.height, adjustedContentInset.top/.bottom,
      bounds.height, isTracking, isDragging, isDecelerating]: an offset trace (format v2),
      replayed without physics. The log's geometry fills the header (header options win).
    \(HelpText.options([offsetTimeUnit.info]))
    flutter: dart:ui PointerData as JSON (packets {"data":[…]} in an array or one per line;
      timeStamp in µs, physicalX/Y in physical pixels, change by name or index): the first
      pointer down is followed (others never replace it), trackpad pan/zoom is a drag, scroll
      signals (scrollDeltaY) become wheel controls, add/remove/hover are skipped. Framework
      PointerEvent records ({"ts":…,"events":[{"type":"PointerMoveEvent","position":[x,y],…}]},
      flutter_test's PointerEventRecord dumps; logical pixels) are read too.
    \(HelpText.options([devicePixelRatio.info]))

    header options (all four formats):
    \(HelpText.options(header))

    Examples (Flutter's real velocity-tracker gestures: gesture 4 as CSV, all 13 as PointerData;
    a UIKit-phase CSV log with rows to skip; the bundled hand-made iOS offset log):
      scrollsim import csv traces/flutter-velocitytracker/flutter_velocity_events.csv \\
        --out g4.jsonl --columns t=time_ms,type=event,x=x_lpx,y=y_lpx --where gesture=4
      scrollsim import flutter traces/flutter-velocitytracker/velocity_events.pointerdata.json \\
        --out flutter.jsonl --device-pixel-ratio 3.5
      scrollsim import csv log.csv --out t.jsonl --columns t=t_ms,type=phase,x=x,y=y \\
        --types 'down=began,move=moved,up=ended,skip=add|remove|hover' --inset-top 97
      scrollsim import offset-log traces/ios-offset-log/gesture-02-offsets.jsonl \\
        --out offsets.jsonl --screen-pt 393x852
    """

  static let columns = Option<String>(
    "columns", "t=C,type=C,x=C,y=C",
    help: "which header columns hold time, event type, x and y (required)")
  static let timeUnit = Option<TimeUnit>(
    "time-unit", "UNIT", help: "s, ms (default), us or ns")
  static let lengthScale = Option<Double>(
    "length-scale", "K", expected: "a number > 0",
    help: "points per position unit, > 0 (default 1: points or Flutter logical pixels; 1/scale "
      + "for device pixels)"
  ) { $0 > 0 }
  static let types = Option<String>(
    "types", "down=A,move=B,up=C,cancel=D,skip=E",
    help: "the file's spelling of each event type, several separated by | (down=began|DOWN); "
      + "skip=E|F… skips rows of those types (e.g. skip=add|remove|hover); any other type is an "
      + "error (default DOWN, MOVE, UP, CANCEL)")
  static let filter = Option<String>(
    "where", "COL=VALUE", help: "keep only rows whose column COL equals VALUE")
  static let offsetTimeUnit = timeUnit.help(
    "unit of t: s (default: CACurrentMediaTime), ms, us, ns")
  static let devicePixelRatio = Option<Double>(
    "device-pixel-ratio", "R", expected: "physical pixels per logical pixel in [0.25, 10]",
    help: "the view's devicePixelRatio, physical pixels per logical pixel (= point), in "
      + "[0.25, 10] (required); also the header's --scale unless that is given"
  ) { $0 >= 0.25 && $0 <= 10 }
  static let screenPoints = CommonOptions.screenPoints.help(
    "screen size in points (default 390x844)")
  static let screenPixels = CommonOptions.screenPixels.help(
    "screen size in pixels, instead of --screen-pt (points = pixels / --scale)")
  static let scale = CommonOptions.scale.help("pixels per point, in [0.25, 10] (default 3)")
  static let refreshRate = CommonOptions.refreshRate.help(
    "display refresh rate, Hz, in [1, 1000] (default 120)")
  static let viewportHeight = CommonOptions.viewportHeight.help(
    "scroll viewport height, points (default the screen height)")
  static let contentHeight = CommonOptions.contentHeight.help(
    "scroll content height, points (default 8000)")
  static let source = CommonOptions.source.help(
    "provenance written in the header (default names the file)")
  static let startOffset = GeteventOptions.startOffset.help(
    "offset from rest at the top when the trace starts, points, in 0 … maxOffset (default 0)")
  static let deviceName = GeteventOptions.deviceName

  /// `--out FILE`: the trace to write.
  static let out = CommonOptions.out.help("the trace to write (required)")

  /// The options of both formats: `--out` and the trace header's.
  static let header: [OptionInfo] = [
    out.info, screenPoints.info, screenPixels.info, scale.info, refreshRate.info,
    viewportHeight.info, contentHeight.info, CommonOptions.insetTop.info,
    CommonOptions.insetBottom.info, startOffset.info, deviceName.info, source.info,
  ]

  /// The options of `import csv` only.
  static let csvOnly: [OptionInfo] = [
    columns.info, timeUnit.info, lengthScale.info, types.info, filter.info,
  ]

  /// Every option of `import csv`.
  static let csv: [OptionInfo] = header + csvOnly

  /// The options of `format`.
  static func options(of format: String) -> [OptionInfo] {
    switch format {
    case "csv": csv
    case "offset-log": header + [offsetTimeUnit.info]
    case "flutter": header + [devicePixelRatio.info]
    default: header
    }
  }

  /// The units of `--time-unit`, seconds per unit.
  enum TimeUnit: String, ArgumentChoice {
    /// Seconds, milliseconds, microseconds, nanoseconds.
    case s, ms, us, ns

    /// Seconds per unit.
    var seconds: Double {
      switch self {
      case .s: 1
      case .ms: 0.001
      case .us: 1e-6
      case .ns: 1e-9
      }
    }
  }

  /// Runs `import csv …` (`format` "csv") or `import webdriver …`.
  static func run(format: String, _ words: [String], console: Console) throws(CommandError)
    -> ExitStatus
  {
    let arguments = try ArgumentList(
      words, command: "import \(format)", options: options(of: format), console: console)
    let path = try arguments.singlePositional("an input file")
    guard let out = arguments.text(Self.out) else {
      throw .usage("'import \(format)' needs --out <trace.jsonl>")
    }
    try OutputPaths.check(input: path, outputs: [("--out", out)])
    var header = try traceHeader(arguments, file: path, format: format)
    let csvMapping = format == "csv" ? try mapping(arguments) : nil
    var ratio: Double?
    if format == "flutter" {
      guard let value = try arguments.value(devicePixelRatio) else {
        throw .usage("'import flutter' needs --device-pixel-ratio R (the view's devicePixelRatio)")
      }
      ratio = value
      if !arguments.has(scale) {
        header.device.scale = value
        if let pixels = try arguments.value(screenPixels) {
          (header.device.screenWidth, header.device.screenHeight) = (
            pixels.width / value, pixels.height / value
          )
        }
      }
    }
    let unit = format == "offset-log" ? try arguments.value(offsetTimeUnit, default: .s) : .s
    let text = try CommandInput.text(path, console: console)
    var trace: Trace
    var notes: [String] = []
    var summary: String
    do throws(InputError) {
      switch format {
      case "csv":
        trace = try CSVTouchImporter(mapping: csvMapping ?? .init(time: "", type: "", x: "", y: ""))
          .trace(fromText: text, file: path, header: header)
        summary = "\(trace.events.count) events"
      case "offset-log":
        let log = try OffsetLogImporter(secondsPerTimeUnit: unit.seconds).log(
          fromText: text, file: path, header: header)
        trace = log.trace
        notes = log.warnings
        summary =
          "\(CheckReportFormatter.plural(trace.offsets.count, "contentOffset sample")), "
          + "\(CheckReportFormatter.plural(log.drags, "drag")) (isDragging)"
      case "flutter":
        let recording = try FlutterPointerImporter(devicePixelRatio: ratio ?? 1).recording(
          fromText: text, file: path, header: header)
        trace = recording.trace
        notes = recording.warnings
        let skipped = recording.skipped.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        summary =
          "\(trace.events.count) events, "
          + CheckReportFormatter.plural(trace.controls.count, "wheel control")
          + (skipped.isEmpty ? "" : " (skipped: \(skipped.joined(separator: ", ")))")
      default:
        trace = try WebDriverActions.parse(text, file: path, header: header)
        summary = "\(trace.events.count) events"
      }
    } catch {
      throw .input(error)
    }
    for note in notes { console.error("scrollsim: warning: \(note)") }
    if trace.header != header {
      // The file brought a header ("scrollsim:header") or geometry (an offset log's
      // contentSize, insets, bounds): options given still win.
      trace.header = try traceHeader(arguments, file: path, format: format, base: trace.header)
    }
    guard !trace.events.isEmpty || !trace.offsets.isEmpty || !trace.controls.isEmpty else {
      throw .invalid(path, "no touch event found")
    }
    try write(trace, to: out)
    console.line(
      "Wrote \(out): \(summary), \(Number.fixed(trace.duration, 3)) s, from \(path).")
    return .success
  }

  /// Writes `trace` to `path`: a trace that fails validation is invalid data (named at `path`),
  /// a file that cannot be written an output error.
  static func write(_ trace: Trace, to path: String) throws(CommandError) {
    let text: String
    do {
      text = try TraceWriter.text(trace, file: path)
    } catch {
      throw .input(error)
    }
    try OutputFile.write(text, to: path)
  }

  /// The trace header the command line describes: `base` (a header the input brought, e.g.
  /// `"scrollsim:header"` of a WebDriver file) or the defaults (a 390×844 pt screen at 3 px/pt
  /// and 120 Hz, the screen's height as viewport, 8000 pt of content), with every header
  /// option given replacing its field.
  /// - Throws: a usage error for `--screen-px` with `--screen-pt`, or a start offset out of
  ///   `0 ... maxOffset` of the resulting geometry.
  static func traceHeader(
    _ arguments: ArgumentList, file: String, format: String, base: TraceHeader? = nil,
    kind: TraceHeader.Kind? = nil
  ) throws(CommandError) -> TraceHeader {
    if arguments.has(screenPixels) && arguments.has(screenPoints) {
      throw .usage("--screen-px and --screen-pt exclude each other: give the screen size once")
    }
    var header =
      base
      ?? TraceHeader(
        device: .init(screenWidth: 390, screenHeight: 844, scale: 3, refreshRate: 120),
        scroll: .init(viewportHeight: 844, contentHeight: 8000),
        source: "scrollsim import \(format) of \(file)", kind: kind)
    let viewportFollowsScreen = base == nil
    header.device.scale = try arguments.value(scale, default: header.device.scale)
    if let points = try arguments.value(screenPoints) {
      (header.device.screenWidth, header.device.screenHeight) = (points.width, points.height)
    }
    if let pixels = try arguments.value(screenPixels) {
      (header.device.screenWidth, header.device.screenHeight) = (
        pixels.width / header.device.scale, pixels.height / header.device.scale
      )
    }
    if viewportFollowsScreen { header.scroll.viewportHeight = header.device.screenHeight }
    header.device.refreshRate = try arguments.value(
      refreshRate, default: header.device.refreshRate)
    header.device.name = arguments.text(deviceName) ?? header.device.name
    header.scroll.viewportHeight = try arguments.value(
      viewportHeight, default: header.scroll.viewportHeight)
    header.scroll.contentHeight = try arguments.value(
      contentHeight, default: header.scroll.contentHeight)
    header.scroll.contentInsetTop = try arguments.value(
      CommonOptions.insetTop, default: header.scroll.contentInsetTop)
    header.scroll.contentInsetBottom = try arguments.value(
      CommonOptions.insetBottom, default: header.scroll.contentInsetBottom)
    header.scroll.startOffset = try arguments.value(
      startOffset, default: header.scroll.startOffset)
    header.source = arguments.text(source) ?? header.source
    if let problem = header.validationProblem() {
      let option =
        switch problem.field {
        case "scroll.startOffset": "--start-offset"
        case "scroll.viewportHeight": "--viewport-height"
        case "scroll.contentHeight": "--content-height"
        default: "option \(problem.field)"
        }
      throw .usage("\(option): \(problem.message)")
    }
    return header
  }

  private static func mapping(_ arguments: ArgumentList) throws(CommandError)
    -> CSVTouchImporter.Mapping
  {
    guard let text = arguments.text(columns) else {
      throw .usage("'import csv' needs --columns t=COL,type=COL,x=COL,y=COL")
    }
    let pairs = try keyValues(text, option: "columns")
    for role in ["t", "type", "x", "y"] where pairs[role] == nil {
      throw .usage("--columns \(text): missing \(role)=COLUMN (need t, type, x and y)")
    }
    if let unknown = pairs.keys.sorted().first(where: { !["t", "type", "x", "y"].contains($0) }) {
      throw .usage("--columns \(text): unknown role '\(unknown)' (expected t, type, x, y)")
    }
    var mapping = CSVTouchImporter.Mapping(
      time: pairs["t"] ?? "", type: pairs["type"] ?? "", x: pairs["x"] ?? "", y: pairs["y"] ?? "",
      secondsPerTimeUnit: try arguments.value(timeUnit, default: .ms).seconds,
      pointsPerUnit: try arguments.value(lengthScale, default: 1))
    if let text = arguments.text(types) {
      var types: [String: TraceEvent.Kind] = [:]
      var skipped: Set<String> = []
      for (role, spellings) in try keyValues(text, option: "types").sorted(by: { $0.key < $1.key })
      {
        let kind = TraceEvent.Kind(rawValue: role)
        guard kind != nil || role == "skip" else {
          throw .usage(
            "--types \(text): unknown role '\(role)' (expected down, move, up, cancel or skip)"
              + Suggestion.didYouMean(role, among: ["down", "move", "up", "cancel", "skip"]))
        }
        for spelling in spellings.split(separator: "|", omittingEmptySubsequences: false) {
          let spelling = String(spelling)
          guard !spelling.isEmpty, types[spelling] == nil, !skipped.contains(spelling) else {
            throw .usage(
              "--types \(text): '\(spelling)' is empty or given twice (each spelling has one role)")
          }
          if let kind { types[spelling] = kind } else { skipped.insert(spelling) }
        }
      }
      mapping.types = types
      mapping.skipped = skipped
    }
    if let text = arguments.text(filter) {
      let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, !parts[0].isEmpty else {
        throw .usage("--where \(text): expected COLUMN=VALUE")
      }
      mapping.filter = (parts[0], parts[1])
    }
    return mapping
  }

  /// `a=b,c=d` as a dictionary; a usage error for a malformed or repeated pair.
  private static func keyValues(_ text: String, option: String) throws(CommandError) -> [String:
    String]
  {
    var result: [String: String] = [:]
    for pair in text.split(separator: ",") {
      let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, result[parts[0]] == nil else {
        throw .usage("--\(option) \(text): expected NAME=VALUE pairs separated by commas")
      }
      result[parts[0]] = parts[1]
    }
    return result
  }
}
