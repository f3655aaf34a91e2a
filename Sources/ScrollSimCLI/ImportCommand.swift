import Foundation
import ScrollTrace

/// `scrollsim import getevent`: converts an Android `getevent -lt` recording into traces.
enum ImportCommand {
  static let subcommand = ScrollSimCommand.Subcommand(
    name: "import",
    summary:
      "convert a recording (getevent -lt, CSV touch log, WebDriver actions, iOS offset log, "
      + "Flutter pointer data) into traces",
    options: options,
    help: """
      usage: scrollsim import getevent <recording.txt> --out <folder> [options]

      Converts Android `adb shell getevent -lt` text (lines grouped by timestamp, hex values,
      carry-forward of the unchanged axis) into ScrollSim traces (traces/FORMAT.md): one
      gesture-NN.jsonl per touch (times from its DOWN) and session.jsonl with every touch (times
      from the first DOWN). The finger moving up the screen scrolls the content forward.
      Positions: px = raw · screenPx / (axisMax + 1), pt = px / scale. With several fingers one
      is followed and never replaced by another: protocol B by its slot, protocol A
      (SYN_MT_REPORT) by ABS_MT_TRACKING_ID or, without ids, by nearest previous position; its
      lift ends the touch (an up at its last position) while the others may stay down.

      options:
      \(HelpText.options(getevent))

      \(ImportFormats.help)

      \(HelpText.exitStatuses([.success, .usage, .dataError, .ioError]))
      """,
    run: run)

  static let out = CommonOptions.out.help(
    "the folder to write the traces to (created if missing; required)", valueName: "FOLDER")

  /// The options of `import getevent`, in help order.
  static let getevent: [OptionInfo] = [out.info] + GeteventOptions.all

  /// The formats `import` reads: its first word (getevent when it is none of them).
  static let formats = ["getevent"] + ImportFormats.formats

  /// Every option of `import` in any of its formats.
  static let options: [OptionInfo] = ImportFormats.formats.reduce(getevent) { table, format in
    table
      + ImportFormats.options(of: format).filter { option in
        !table.contains { $0.name == option.name }
      }
  }

  @Sendable static func run(_ words: [String], console: Console) throws(CommandError)
    -> ExitStatus
  {
    if let format = words.first, ImportFormats.formats.contains(format) {
      return try ImportFormats.run(format: format, Array(words.dropFirst()), console: console)
    }
    let arguments = try ArgumentList(
      words, command: "import getevent", options: getevent, console: console)
    guard arguments.positionals.first == "getevent" else {
      throw .usage(
        "'import' supports getevent, csv, webdriver, offset-log and flutter: scrollsim import getevent <recording.txt> --out <folder>"
      )
    }
    guard arguments.positionals.count == 2 else {
      throw .usage("'import getevent' needs exactly one recording file")
    }
    let path = arguments.positionals[1]
    guard let folder = arguments.text(out) else {
      throw .usage("'import getevent' needs --out <folder>")
    }
    let options = try GeteventOptions.options(arguments)
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
      throw .input(error)
    }
    guard !gestures.isEmpty else {
      throw .invalid(path, "no touch found (expected BTN_TOUCH DOWN … UP lines)")
    }
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw .output("\(folder): cannot create the folder: \(error.localizedDescription)")
    }
    let digits = max(2, String(gestures.count).count)
    let stale = staleTraces(in: folder, keeping: gestures.count, digits: digits)
    // SIGINT and SIGTERM stop between two files (each written whole, atomically).
    let interrupt = InterruptFlag.catchingInterrupts()
    defer { interrupt.release() }
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
      try ImportFormats.write(trace, to: (folder as NSString).appendingPathComponent(name))
    }
    try ImportFormats.write(
      session, to: (folder as NSString).appendingPathComponent("session.jsonl"))
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
    return .success
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
}
