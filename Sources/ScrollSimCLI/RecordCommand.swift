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
      The file is created at the first touch-down, whose time becomes trace time 0; reading
      standard input, a line on standard error says so.

      Crash-safe: every event is one write(2) of a complete line, in order, so a killed
      recording (even SIGKILL) keeps every complete event; `scrollsim replay` skips a partial
      last line with a warning. SIGINT (Ctrl-C) and SIGTERM stop the recording: the lines
      already sent are read, the report still being read is dropped (it may lack an axis), the
      file is closed cleanly, the summary printed and a line on standard error says where it
      stopped (exit 130). End of input writes the last report and closes the file (exit 0).
      The trace is written in place, event by event (not through a temporary file), so a
      recording cut by any means keeps every complete event.

      Exit status 0 also on SIGINT and SIGTERM; on a bad getevent line (65) the events before
      it are kept.

      options:
      \(HelpText.options(options))

      A bad getevent line stops the recording with file:line: field: message; the events
      before it are kept. SIGINT (Ctrl-C) and SIGTERM stop it too: the trace is whole up to
      there.

      \(HelpText.exitStatuses([.success, .usage, .dataError, .ioError, .interrupted]))
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
    let inputName = arguments.text(Self.input) ?? InputSource.standardInputName
    let input: FileHandle
    if let path = arguments.text(Self.input) {
      // Read live (a FIFO fed by adb works): opened, not read to the end; a FIFO without a
      // writer gets a note.
      do {
        let opened = try InputSource.openForReading(path) { note in
          console.error("scrollsim: \(note)")
        }
        input = FileHandle(fileDescriptor: opened.descriptor, closeOnDealloc: true)
      } catch {
        throw .input(error)
      }
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
    // One path for every ending: SIGINT and SIGTERM only raise a flag (installed before the
    // first read) and wake the read; the loop below then ends as at the end of the input, the
    // recorder is finished once and the summary printed once.
    let interrupt = InterruptFlag.catchingInterrupts()
    defer { interrupt.release() }
    let lines = LineReader(
      handle: input, file: inputName, stopWhenReadable: interrupt.wakeDescriptor)
    let count: Int
    do {
      // A live stream gets one line when the first touch opens the file (the only sign of
      // life until the end), saying how to stop.
      var announced = arguments.has(Self.input)
      while let line = try lines.nextText() {
        try recorder.consume(line)
        if !announced, recorder.eventCount > 0 {
          announced = true
          console.error(
            "scrollsim: recording to \(out) from the first touch; SIGINT (Ctrl-C) or SIGTERM "
              + "stops it")
        }
      }
      count = try recorder.finish(interrupted: interrupt.isSet)
    } catch {
      _ = try? recorder.finish(interrupted: true)
      throw .input(error)
    }
    console.line(summary(count: count, out: out))
    if interrupt.isSet {
      console.error(
        CommandInput.interruption(
          interrupt,
          what: "after input line \(lines.lineNumber)",
          outputs: [
            count == 0
              ? "no touch recorded"
              : "\(out) is closed cleanly with its \(CheckReportFormatter.plural(count, "event")) "
                + "(the report being read when it stopped was dropped)"
          ]))
      return .interrupted
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
}
