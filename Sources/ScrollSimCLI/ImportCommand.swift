import Foundation
import ScrollTrace

/// `scrollsim import getevent`: converts an Android `getevent -lt` recording into traces.
enum ImportCommand {
  static let subcommand = ScrollSimCommand.Subcommand(
    name: "import",
    summary: "convert a recording (getevent -lt, CSV touch log, WebDriver actions) into traces",
    help: """
      usage: scrollsim import getevent <recording.txt> --out <folder> [options]

      Converts Android `adb shell getevent -lt` text (lines grouped by timestamp, hex values,
      carry-forward of the unchanged axis) into ScrollSim traces (traces/FORMAT.md): one
      gesture-NN.jsonl per touch (times from its DOWN) and session.jsonl with every touch (times
      from the first DOWN). The finger moving up the screen scrolls the content forward.
      Positions: px = raw · screenPx / (axisMax + 1), pt = px / scale.

      options:
        --out FOLDER            where to write the traces (created if missing; required)
        --screen-px WxH         screen size in pixels (default 1080x2400)
        --axis-max XxY          largest raw panel value per axis (default screen px − 1)
        --scale S               pixels per point (Android density), > 0 (default 2.625 = 420 dpi)
        --refresh-rate HZ       display refresh rate written in the header, Hz (default 60)
        --viewport-height PT    scroll viewport height, points (default the screen height in points)
        --content-height PT     scroll content height, points (default 8000)
        --inset-top PT          top content inset, points (default 0)
        --inset-bottom PT       bottom content inset, points (default 0)
        --start-offset PT       offset from rest when each trace starts, points (default 0)
        --device-name TEXT      device name for the header
        --source TEXT           provenance written in each header (default names the file)

      exit status: 0 done, 64 bad command line, 65 bad recording (file:line: field: message),
      74 unreadable file or unwritable folder.

      \(ImportFormats.help)
      """,
    run: run)

  @Sendable static func run(_ words: [String], console: Console) throws(CommandError) -> Int32 {
    if let format = words.first, format == "csv" || format == "webdriver" {
      return try ImportFormats.run(format: format, Array(words.dropFirst()), console: console)
    }
    let valued = [
      "out", "screen-px", "axis-max", "scale", "refresh-rate", "viewport-height", "content-height",
      "inset-top", "inset-bottom", "start-offset", "device-name", "source",
    ]
    let arguments = try ArgumentList(words, command: "import", valued: valued, flags: [])
    guard arguments.positionals.first == "getevent" else {
      throw .usage(
        "'import' supports getevent, csv and webdriver: scrollsim import getevent <recording.txt> --out <folder>"
      )
    }
    guard arguments.positionals.count == 2 else {
      throw .usage("'import getevent' needs exactly one recording file")
    }
    let path = arguments.positionals[1]
    guard let folder = arguments.value("out") else {
      throw .usage("'import getevent' needs --out <folder>")
    }
    let options = try importOptions(arguments)
    if let invalid = options.firstInvalidOption() {
      throw .usage("\(optionName(forProperty: invalid.name)): \(invalid.message)")
    }
    // Read once: the recording may be a pipe or process substitution ('-' is standard input).
    let text = try CommandInput.text(path, console: console)

    let importer = GeteventImporter(options: options)
    let gestures: [Trace]
    let session: Trace
    do {
      gestures = try importer.gestures(fromText: text, file: path) {
        console.error("scrollsim: warning: \($0)")
      }
      session = try importer.session(fromText: text, file: path)
    } catch {
      throw .data(error.description)
    }
    guard !gestures.isEmpty else {
      throw .data("\(path): no touch found (expected BTN_TOUCH DOWN … UP lines)")
    }
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw .io("\(folder): cannot create the folder: \(error.localizedDescription)")
    }
    let digits = max(2, String(gestures.count).count)
    let stale = staleTraces(in: folder, keeping: gestures.count, digits: digits)
    // SIGINT and SIGTERM stop between two files (each written whole, atomically).
    let interrupt = InterruptFlag.catchingInterrupts()
    defer { interrupt.release() }
    do {
      for (index, trace) in gestures.enumerated() {
        if interrupt.isSet {
          console.error(
            CommandInput.interruption(
              interrupt,
              what: "after writing \(index) of \(gestures.count) gesture traces to \(folder)",
              outputs: ["session.jsonl not written"]))
          return InterruptFlag.status
        }
        let number = String(index + 1)
        let name = "gesture-\(String(repeating: "0", count: digits - number.count))\(number).jsonl"
        try TraceWriter.write(trace, to: (folder as NSString).appendingPathComponent(name))
      }
      try TraceWriter.write(
        session, to: (folder as NSString).appendingPathComponent("session.jsonl"))
    } catch {
      throw .io(error.description)
    }
    let moves = session.events.filter { $0.kind == .move }.count
    if !stale.isEmpty {
      console.error(
        "scrollsim: warning: \(folder) also holds \(stale.joined(separator: ", ")) from an earlier import; "
          + "they are not part of this recording")
    }
    let unfinished = gestures.indices.filter {
      gestures[$0].events.last?.kind == .down || gestures[$0].events.last?.kind == .move
    }
    for index in unfinished {
      console.error(
        "scrollsim: note: touch \(index + 1) has no BTN_TOUCH UP (the recording ended with the finger down); "
          + "its trace ends with the finger down")
    }
    console.line(
      "Wrote \(gestures.count) gesture traces and session.jsonl (\(session.events.count) events, "
        + "\(moves) moves, \(Number.fixed(session.duration, 3)) s) to \(folder).")
    return 0
  }

  static func importOptions(_ arguments: ArgumentList) throws(CommandError)
    -> GeteventImporter.Options
  {
    var options = GeteventImporter.Options()
    let number = { (text: String) -> Double? in Double(text).flatMap { $0.isFinite ? $0 : nil } }
    if let size = try arguments.value(
      "screen-px", default: nil, expected: "WxH in pixels, e.g. 1080x2400", pair)
    {
      options.screenWidthPixels = size.0
      options.screenHeightPixels = size.1
    }
    if let maxima = try arguments.value(
      "axis-max", default: nil, expected: "XxY raw values, e.g. 1079x2399", pair)
    {
      options.axisMaximumX = maxima.0
      options.axisMaximumY = maxima.1
    }
    options.scale = try arguments.value(
      "scale", default: options.scale, expected: "a number > 0", number)
    options.refreshRate = try arguments.value(
      "refresh-rate", default: options.refreshRate, expected: "a number of Hz > 0", number)
    options.viewportHeight = try arguments.value(
      "viewport-height", default: options.viewportHeight, expected: "points > 0", number)
    options.contentHeight = try arguments.value(
      "content-height", default: options.contentHeight, expected: "points ≥ 0", number)
    options.contentInsetTop = try arguments.value(
      "inset-top", default: options.contentInsetTop, expected: "points ≥ 0", number)
    options.contentInsetBottom = try arguments.value(
      "inset-bottom", default: options.contentInsetBottom, expected: "points ≥ 0", number)
    options.startOffset = try arguments.value(
      "start-offset", default: options.startOffset, expected: "points ≥ 0", number)
    options.deviceName = arguments.value("device-name") ?? options.deviceName
    options.source = arguments.value("source") ?? options.source
    return options
  }

  /// The command-line option that sets the `GeteventImporter.Options` property `name`.
  private static func optionName(forProperty name: String) -> String {
    switch name {
    case "screenWidthPixels", "screenHeightPixels", "screenWidth", "screenHeight": "--screen-px"
    case "axisMaximumX", "axisMaximumY": "--axis-max"
    case "scale": "--scale"
    case "refreshRate": "--refresh-rate"
    case "viewportHeight": "--viewport-height"
    case "contentHeight": "--content-height"
    case "contentInsetTop": "--inset-top"
    case "contentInsetBottom": "--inset-bottom"
    case "startOffset": "--start-offset"
    default: "option \(name)"
    }
  }

  /// Files named like this command's output (`gesture-NN.jsonl`) beyond the ones it writes.
  private static func staleTraces(in folder: String, keeping count: Int, digits: Int) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { name in
      guard name.hasPrefix("gesture-"), name.hasSuffix(".jsonl"),
        let number = Int(name.dropFirst("gesture-".count).dropLast(".jsonl".count))
      else { return false }
      return number > count || number < 1
    }.sorted()
  }

  /// Parses `AxB` (e.g. `1080x2400`) into two finite numbers.
  private static func pair(_ text: String) -> (Double, Double)?? {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), a.isFinite,
      b.isFinite
    else {
      return nil
    }
    return .some((a, b))
  }
}
