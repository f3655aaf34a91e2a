import Foundation
import ScrollTrace

/// `scrollsim import csv` and `scrollsim import webdriver`: touch logs in CSV with a column
/// mapping, and W3C WebDriver pointer actions, into a trace.
enum ImportFormats {
  static let help = """
    usage: scrollsim import csv <log.csv> --out <trace.jsonl> --columns t=COL,type=COL,x=COL,y=COL [options]
           scrollsim import webdriver <actions.json> --out <trace.jsonl> [options]

    csv: one touch event per row, a header row naming the columns (RFC 4180 quoting).
      --columns t=C,type=C,x=C,y=C   which header columns hold time, event type, x and y (required)
      --time-unit UNIT               s, ms (default), us or ns
      --length-scale K               points per position unit, > 0 (default 1: points or
                                     Flutter logical pixels; 1/scale for device pixels)
      --types down=A,move=B,up=C,cancel=D
                                     the file's spelling of each event type (default DOWN, MOVE,
                                     UP, CANCEL)
      --where COL=VALUE              keep only rows whose column COL equals VALUE
    webdriver: a Perform Actions body {"actions":[…]} with one pointer source; a pointerMove
      while down becomes moves every 17 ms interpolated to its target (Servo's interval).

    header options (both):
      --screen-pt WxH        screen size in points (default 390x844)
      --scale S              pixels per point, > 0 (default 3)
      --refresh-rate HZ      display refresh rate, Hz, > 0 (default 120)
      --viewport-height PT   scroll viewport height, points (default the screen height)
      --content-height PT    scroll content height, points (default 8000)
      --source TEXT          provenance written in the header (default names the file)

    Example (Flutter's real velocity-tracker gestures, gesture 4):
      scrollsim import csv traces/flutter-velocitytracker/flutter_velocity_events.csv \\
        --out g4.jsonl --columns t=time_ms,type=event,x=x_lpx,y=y_lpx --where gesture=4
    """

  static let headerOptions = [
    "out", "screen-pt", "scale", "refresh-rate", "viewport-height", "content-height", "source",
  ]

  /// Runs `import csv …` (`format` "csv") or `import webdriver …`.
  static func run(format: String, _ words: [String], console: Console) throws(CommandError) -> Int32
  {
    let csvOptions = ["columns", "time-unit", "length-scale", "types", "where"]
    let arguments = try ArgumentList(
      words, command: "import \(format)",
      valued: headerOptions + (format == "csv" ? csvOptions : []), flags: [])
    let path = try arguments.singlePositional("an input file")
    guard let out = arguments.value("out") else {
      throw .usage("'import \(format)' needs --out <trace.jsonl>")
    }
    try OutputPaths.check(input: path, outputs: [("--out", out)])
    let header = try traceHeader(arguments, file: path, format: format)
    let csvMapping = format == "csv" ? try mapping(arguments) : nil
    guard FileManager.default.fileExists(atPath: path) else { throw .io("\(path): no such file") }
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw .io("\(path): cannot read as UTF-8 text")
    }
    let trace: Trace
    do throws(InputError) {
      if let csvMapping {
        trace = try CSVTouchImporter(mapping: csvMapping).trace(
          fromText: text, file: path, header: header)
      } else {
        trace = try WebDriverActions.parse(text, file: path, header: header)
      }
    } catch {
      throw .data(error.description)
    }
    guard !trace.events.isEmpty else { throw .data("\(path): no touch event found") }
    do {
      try TraceWriter.write(trace, to: out)
    } catch {
      throw error.line == 0 ? .io(error.description) : .data(error.description)
    }
    console.line(
      "Wrote \(out): \(trace.events.count) events, \(Number.fixed(trace.duration, 3)) s, from \(path)."
    )
    return 0
  }

  private static func traceHeader(_ arguments: ArgumentList, file: String, format: String)
    throws(CommandError) -> TraceHeader
  {
    let positive = { (text: String) -> Double? in
      Double(text).flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    }
    let screen = try arguments.value(
      "screen-pt", default: (390.0, 844.0), expected: "WxH in points, e.g. 390x844"
    ) { text in
      let parts = text.lowercased().split(separator: "x").compactMap { positive(String($0)) }
      return parts.count == 2 ? (parts[0], parts[1]) : nil
    }
    let scale = try arguments.value("scale", default: 3.0, expected: "a number > 0", positive)
    let rate = try arguments.value(
      "refresh-rate", default: 120.0, expected: "a number of Hz > 0", positive)
    let viewport = try arguments.value(
      "viewport-height", default: screen.1, expected: "points > 0", positive)
    let content = try arguments.value("content-height", default: 8000.0, expected: "points ≥ 0") {
      text in
      Double(text).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
    }
    return TraceHeader(
      device: .init(screenWidth: screen.0, screenHeight: screen.1, scale: scale, refreshRate: rate),
      scroll: .init(viewportHeight: viewport, contentHeight: content),
      source: arguments.value("source") ?? "scrollsim import \(format) of \(file)")
  }

  private static func mapping(_ arguments: ArgumentList) throws(CommandError)
    -> CSVTouchImporter.Mapping
  {
    guard let text = arguments.value("columns") else {
      throw .usage("'import csv' needs --columns t=COL,type=COL,x=COL,y=COL")
    }
    let pairs = try keyValues(text, option: "columns")
    for role in ["t", "type", "x", "y"] where pairs[role] == nil {
      throw .usage("--columns \(text): missing \(role)=COLUMN (need t, type, x and y)")
    }
    if let unknown = pairs.keys.sorted().first(where: { !["t", "type", "x", "y"].contains($0) }) {
      throw .usage("--columns \(text): unknown role '\(unknown)' (expected t, type, x, y)")
    }
    let units = ["s": 1.0, "ms": 0.001, "us": 1e-6, "ns": 1e-9]
    var mapping = CSVTouchImporter.Mapping(
      time: pairs["t"] ?? "", type: pairs["type"] ?? "", x: pairs["x"] ?? "", y: pairs["y"] ?? "",
      secondsPerTimeUnit: try arguments.value(
        "time-unit", default: 0.001, expected: "s, ms, us or ns"
      ) { units[$0] },
      pointsPerUnit: try arguments.value("length-scale", default: 1, expected: "a number > 0") {
        text in
        Double(text).flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
      })
    if let text = arguments.value("types") {
      var types: [String: TraceEvent.Kind] = [:]
      for (kind, spelling) in try keyValues(text, option: "types") {
        guard let kind = TraceEvent.Kind(rawValue: kind) else {
          throw .usage(
            "--types \(text): unknown event type '\(kind)' (expected down, move, up, cancel)")
        }
        types[spelling] = kind
      }
      mapping.types = types
    }
    if let text = arguments.value("where") {
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
