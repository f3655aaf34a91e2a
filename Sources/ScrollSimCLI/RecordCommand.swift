import Dispatch
import Foundation
import ScrollTrace

/// `scrollsim record`: writes a trace from a live `adb shell getevent -lt` stream on standard
/// input, crash-safely, event by event.
enum RecordCommand {
  static let subcommand = ScrollSimCommand.Subcommand(
    name: "record",
    summary: "record a trace from a live Android getevent -lt stream on standard input",
    options: options,
    help: """
      usage: adb shell getevent -lt /dev/input/eventN | scrollsim record --out <trace.jsonl> [options]

      Reads Android `getevent -lt` lines from standard input (or --input FILE) and appends each
      touch event to the trace (traces/FORMAT.md) as soon as its report ends. Multi-touch
      protocol B (BTN_TOUCH, slots) and protocol A (SYN_MT_REPORT) are read; the first
      finger of a touch is followed (its lift ends the touch), other fingers are ignored; a
      touch already down when the recording starts is skipped with a warning.
      The file is created at the first touch-down, whose time becomes trace time 0.

      Crash-safe: every event is one write(2) of a complete line, in order, so a killed
      recording (even SIGKILL) keeps every complete event; `scrollsim replay` skips a partial
      last line with a warning. SIGINT (Ctrl-C) and SIGTERM close the file cleanly, dropping
      the report still being read (it may lack an axis). End of input writes the last report
      and closes the file.

      Exit status 0 also on SIGINT and SIGTERM; on a bad getevent line (65) the events before
      it are kept.

      options:
      \(HelpText.options(options))

      \(HelpText.exitStatuses([.success, .usage, .dataError, .ioError]))
      """,
    run: run)

  static let out = CommonOptions.out.help(
    "the trace to write (required; replaced if it exists and a touch is recorded, left "
      + "unchanged otherwise)")
  static let input = Option<String>(
    "input", "FILE", help: "read getevent text from FILE instead of standard input")
  static let sync = Option<TraceRecorder.SyncPolicy>(
    "sync", "POLICY", help: "when to fsync: never, on-close (default), every-event")

  /// Every option of `record`, in help order.
  static let options: [OptionInfo] = [out.info, input.info, sync.info] + GeteventOptions.all

  @Sendable static func run(_ words: [String], console: Console) throws(CommandError)
    -> ExitStatus
  {
    let arguments = try ArgumentList(words, command: "record", options: options, console: console)
    guard arguments.positionals.isEmpty else {
      throw .usage("'record' takes no positional arguments; pipe getevent into it or use --input")
    }
    guard let out = arguments.text(Self.out) else {
      throw .usage("'record' needs --out <trace.jsonl>")
    }
    // The file is opened at the first touch-down: check now that it can be, not after the
    // user's first gesture.
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: out, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      throw .output("\(out): is a directory, not a trace file")
    }
    let folder = (out as NSString).deletingLastPathComponent
    guard FileManager.default.isWritableFile(atPath: folder.isEmpty ? "." : folder) else {
      throw .output(
        "\(out): cannot be written (no writable folder \(folder.isEmpty ? "." : folder))")
    }
    let sync = try arguments.value(Self.sync, default: .onClose)
    let options = try GeteventOptions.options(arguments)
    if let input = arguments.text(Self.input) {
      try OutputPaths.check(input: input, outputs: [("--out", out)])
    }
    let inputName = arguments.text(Self.input) ?? "<stdin>"
    let input: FileHandle
    if let path = arguments.text(Self.input) {
      try InputFile.check(path, kind: "getevent text file")
      guard let handle = FileHandle(forReadingAtPath: path) else {
        throw .unreadable(path, "cannot open")
      }
      input = handle
    } else {
      input = .standardInput
    }
    let recorder: GeteventRecorder
    do {
      recorder = try GeteventRecorder(
        path: out, options: options, input: inputName, sync: sync,
        warn: { console.error("scrollsim: warning: \($0)") })
    } catch {
      throw .usage(error.description)
    }
    let signals = installSignalHandlers(recorder: recorder, console: console, out: out)
    defer {
      for (source, number, previous) in signals {
        source.cancel()
        signal(number, previous)
      }
    }
    do {
      let lines = LineReader(handle: input, file: inputName)
      while let line = try lines.nextText() { try recorder.consume(line) }
      let count = try recorder.finish()
      console.line(summary(count: count, out: out))
    } catch {
      _ = try? recorder.finish()
      throw .input(error)
    }
    return .success
  }

  /// The closing sentence. With no touch the file is never opened: an older file at `out`
  /// is left as it was, and the sentence says so.
  static func summary(count: Int, out: String) -> String {
    guard count == 0 else { return "Recorded \(count) events to \(out)." }
    return FileManager.default.fileExists(atPath: out)
      ? "No touch recorded; the existing \(out) was left unchanged (not replaced)."
      : "No touch recorded; \(out) was not created."
  }

  /// SIGINT and SIGTERM finish the recording, print the summary and exit 0. Returns each
  /// source with its signal and previous disposition, to restore when the command ends.
  private static func installSignalHandlers(
    recorder: GeteventRecorder, console: Console, out: String
  ) -> [(any DispatchSourceSignal, Int32, (@convention(c) (Int32) -> Void)?)] {
    [SIGINT, SIGTERM].map { number in
      let previous = signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        let count = (try? recorder.finish(interrupted: true)) ?? recorder.eventCount
        console.line(summary(count: count, out: out))
        console.flush()
        exit(0)
      }
      source.resume()
      return (source, number, previous)
    }
  }
}
