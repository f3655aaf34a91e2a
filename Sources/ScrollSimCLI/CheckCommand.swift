import Dispatch
import Foundation
import ScrollCheck
import ScrollEffects
import ScrollPhysics
import ScrollRuntime
import ScrollSimCore

/// `scrollsim check`: runs an effect spec over generated gestures and device geometries and
/// reports every broken invariant.
enum CheckCommand {
  static let subcommand = ScrollSimCommand.Subcommand(
    name: "check",
    summary: "check an effect spec's invariants over generated gestures and devices",
    options: options,
    help: """
      usage: scrollsim check <spec.json | preset>[,…] [options]
             scrollsim check <spec.json | preset>[,…] --traces DIR|GLOB|LIST [--jobs N] [--shard I/N]

      Runs an effect spec (format: effects/README.md) or a built-in preset
      (\(EffectPreset.allCases.map(\.rawValue).joined(separator: ", ")))
      — or several, comma-separated (all: the five presets), checked as one group whose
      outputs are named effect/output — through the iOS scroll physics on 5 device geometries × 9 generated gestures (10 when
      it reads a direction timeline: hold-still below), evaluating it at every frame, and
      reports violations:
        range        an output outside its declared range
        nan          an output that is NaN
        lag          an output (not smoothed, not a flag) that differs from a fresh evaluation
                     of the same frame: it depends on an earlier frame's offset
        flicker      a flag that flips back without the offset reversing, or a direction
                     timeline (a hide-on-scroll bar) that changes while the finger holds still
        zero-length  a timeline whose range has zero length on some frame
        reversed     a scroll timeline whose end resolves before its start on some device
                     (an end anchored to "max" below a fixed start)
        unreachable  a timeline range or trigger never reached on any device or gesture
        disagreement two outputs the spec's "agree" array pairs disagree on a frame (below)
      and warns (without failing) about
        chatter      a flag toggling 3+ times while a finger rests on its boundary with
                     0.25 pt of touch noise: its hysteresis is narrower than the noise
      Each is printed with the gesture, device, frame, time, offset and value, and a command
      that reruns just that gesture on that device (--gesture, --device).

      devices (viewport height, top/bottom insets, content height, all in points; scale):
        small-phone       667, 64/0, 4000; @2x (iPhone SE: status bar 20 + bar 44)
        large-phone       956, 106/34, 4000; @3x (iPhone 16 Pro Max: 62 + 44, indicator 34)
        landscape         402, 32/21, 4000; @3x (iPhone 16 Pro on its side, compact bar)
        large-safe-areas  852, 155/83, 4000; @3x (iPhone 15 Pro: 59 + large title 96, tab
                          bar 49 + indicator 34)
        short-content     956, 106/34, 300; @3x (a list shorter than the screen)
      gestures (finger samples at 120 Hz; the viewport height is H):
        slow-drag                     3 drags forward then 3 back over 0.7·H at 150 pt/s,
                                      each held 0.2 s before lifting
        fling-1000, -3000, -8000      a flick of min(0.08·speed, 0.7·H) pt at that speed
                                      forward, and at 7 s the same back
        pull-down-top                 a 0.7·H pull past the top at 400 pt/s, held 0.2 s
        pull-up-bottom                the same past the bottom, starting at the end
        release-overscrolled-forward  pulled 0.35·H past the top at 400 pt/s, then flicked
                                      back into range (25 pt per sample) and lifted
        release-overscrolled-outward  pulled 0.55·H past the top at 2500 pt/s and lifted
        content-shrinks               at the end; at 0.5 s the content height becomes 0
        rest-on-boundary              (chatter only) a finger resting 1 s on each trigger
                                      boundary with ±0.25 pt of noise
        hold-still                    (direction timelines only) a drag forward over 0.35·H
                                      at 300 pt/s, then the finger held 1 s with ±0.25 pt
                                      of noise: the direction must not change

      Nested scroll views: --nested TRACE runs every gesture (but content-shrinks: a chain's
      layout is fixed) over the chain a trace's header declares (traces/FORMAT.md, "Nested
      scroll views": collapsible headers above a list, its rule and handover), with the
      trace's physics profile and screen scale, on one device named "chain" (the chain's own
      viewport and combined ranges). Timelines may read a view ("scrollView": "header",
      "list" or an index; docs/nested-scroll.md) and are judged on that view's offset. E.g.
        scrollsim check effects/examples/nested-agree.json \
          --nested traces/examples/nested-header.jsonl
      Agreements: a spec's top-level "agree" array pairs outputs that must agree on every
      frame, typically outputs reading different views, e.g.
        {"output": "list.titleVisible", "rule": "onlyWhile", "with": "header.collapsed",
         "reason": "one title on screen"}
      rules: equals (|output - with| <= tolerance), onlyWhile (output on, |value| >
      tolerance, only on frames where with is on), notWhile (never both on); "tolerance"
      defaults to 0. A frame where they do not is a disagreement naming the frame, time,
      gesture, device, both outputs and their values. Agreements are judged on the matrix,
      on --nested and on --traces.

      With --traces the effect runs over recorded traces instead (each with its own device,
      geometry and physics profile), on --jobs threads; the report lists the traces in path
      order, the same at any --jobs. --shard I/N checks a stable share, for a CI matrix.

      Expected violations: a spec's top-level "expect" array (effects/README.md) or a Swift
      effect's expectedViolations declares violations that are not failures, e.g.
        {"kind": "zero-length", "subject": "timeline reading",
         "when": "content-fits-viewport", "reason": "nothing to read through"}
      (when: always, content-fits-viewport or overscrolled). Matches are counted and listed
      as EXPECTED; a declaration that never matched is a WARN (stale) line.

      options:
      \(HelpText.options(options))

      SIGINT (Ctrl-C) and SIGTERM stop the matrix between two runs (between two traces with
      --traces); the findings of the runs made are printed, and with --traces the first line
      says the run is partial: "over 56 of 340 traces (interrupted: SIGINT (Ctrl-C))".

      \(HelpText.exitStatuses([.success, .finding, .usage, .dataError, .ioError, .interrupted]))
      """,
    run: run)

  static let examples = Option<Int>(
    "examples", "N", expected: "an integer ≥ 0",
    help: "examples printed per violation kind and output (default 3)"
  ) { $0 >= 0 }
  static let gesture = Option<String>(
    "gesture", "NAME",
    help: "run only this gesture (names above); unreachable is then not judged")
  static let device = Option<String>(
    "device", "NAME", help: "run only on this device (names above); likewise")
  static let printSpec = Flag(
    "print-spec",
    help: "print the spec as JSON (e.g. a preset's, to start a file from) and exit")
  static let timing = Flag(
    "timing",
    help: "also measure the evaluation cost per output per frame (wall clock: the number "
      + "varies between runs and machines; a debug build says so, its timings are misleading)")

  static let traces = Option<String>(
    "traces", "DIR|GLOB|LIST", repeatable: true,
    help: "check over recorded traces instead of the generated matrix: a folder (its *.jsonl "
      + "files but *.frames.jsonl), a quoted glob, a list file (not *.jsonl: one path per line, relative to "
      + "the list's folder, LF or CRLF; # starts a comment) or one trace; repeatable; a file named "
      + "twice (x.jsonl, ./x.jsonl) runs once; nothing to run is exit 74, an empty --shard passes. Each trace runs with its own device, "
      + "geometry and physics profile (its header's) until it ends at rest, with the per-frame "
      + "checks (range, nan, lag, flicker, zero-length, reversed; not unreachable or chatter). "
      + "Findings name the trace; a trace that cannot be read or is rejected stops the check "
      + "with its file and line (exit 74 or 65), never skipped; --junit and --json still list "
      + "the traces before it, it as an error and the rest as not run")

  static let nested = Option<String>(
    "nested", "TRACE",
    help: "run the gestures over the nested chain (collapsible headers above a list) that "
      + "TRACE's header declares (its \"nested\" object), with its physics profile and screen "
      + "scale, on one device named chain; not with --device or --traces")

  /// Every option of `check`, in help order.
  static let options: [OptionInfo] =
    [
      CommonOptions.hz.info, examples.info, gesture.info, device.info, nested.info, traces.info,
      CommonOptions.jobs.info, CommonOptions.shard.info, printSpec.info, timing.info,
    ] + CIOutputs.options

  @Sendable static func run(_ words: [String], console: Console) throws(CommandError)
    -> ExitStatus
  {
    let arguments = try ArgumentList(words, command: "check", options: options, console: console)
    let target = try arguments.singlePositional("a spec file or preset name")
    let hz = try arguments.value(CommonOptions.hz, default: 120)
    let examples = try arguments.value(Self.examples, default: 3)
    let chosen = try chosenDevices(arguments.text(device))
    let gestureNames = try chosenGestures(arguments.text(gesture))
    let ci = try CIOutputs(arguments)
    try OutputPaths.check(input: target, outputs: ci.paths)
    try ci.checkWritable()
    let effect: CompiledEffect
    do {
      effect = try EffectSelection.compile(presets: [], files: [target], filesLabel: "check")
    } catch {
      // A rejected spec fails the CI step: with --annotations github it is marked on its line.
      if ci.annotates, case .input(let problem) = error {
        console.line(
          Annotation(
            .error, file: problem.file, line: problem.line > 0 ? problem.line : nil,
            column: problem.column > 0 ? problem.column : nil,
            title: "scrollsim check: "
              + (problem.kind == .unreadable ? "unreadable spec" : "invalid spec"),
            message: problem.detail
          ).command)
      }
      throw error
    }
    if arguments.flag(printSpec) {
      console.line(String(effect.spec.jsonText.dropLast()))
      return .success
    }
    let traceSources = try arguments.values(traces)
    let nestedPath = arguments.text(nested)
    if nestedPath != nil, !traceSources.isEmpty || arguments.has(device) {
      throw .usage(
        "--nested runs the chain on its own geometry (device chain): not with "
          + (traceSources.isEmpty ? "--device" : "--traces (a nested trace runs its own chain)"))
    }
    if nestedPath != nil, gestureNames == ["content-shrinks"] {
      throw .usage(
        "--gesture content-shrinks changes the content's size, which a nested chain's fixed "
          + "layout does not allow: choose another gesture with --nested")
    }
    if !traceSources.isEmpty {
      if arguments.has(gesture) || arguments.has(device) {
        throw .usage(
          "--gesture and --device choose runs of the generated matrix; with --traces every trace "
            + "runs with its own device")
      }
      return try checkTraces(
        traceSources, target: target, effect: effect, hz: hz, examples: examples,
        arguments: arguments, ci: ci, console: console)
    }
    for option in [CommonOptions.jobs.info, CommonOptions.shard.info]
    where arguments.isGiven(option) {
      throw .usage("--\(option.name) applies to many traces: give --traces DIR|GLOB|LIST")
    }
    // SIGINT and SIGTERM stop the matrix between two runs (a gesture on a device).
    let interrupt = InterruptFlag.catchingInterrupts()
    defer { interrupt.release() }
    let report: EffectChecker.Report
    let chain = try nestedPath.map { (path: String) throws(CommandError) in try Self.chain(path) }
    let checker = EffectChecker(
      effect: effect, refreshRate: hz,
      devices: chain.map { [CheckDevice.chain($0.chain, screenScale: $0.scale)] } ?? chosen,
      gestureNames: gestureNames, chain: chain?.chain, profile: chain?.profile ?? .ios)
    let devices = checker.devices
    do {
      report = try checker.run(stoppingWhen: { interrupt.isSet })
    } catch {
      // A run the physics rejects is an error, never a run without findings.
      var error = error
      // An effect on an axis or view the gestures do not move, or an agreement naming no
      // output, is the spec's problem, not the physics'.
      if error.field != "axis" && error.field != "scrollView" && !error.field.hasPrefix("agree[") {
        error.message = "the physics rejected a run: " + error.message
      }
      throw .input(error)
    }
    let plural = CheckReportFormatter.plural
    console.line(
      "Checked \(target) (\(effect.name), \(plural(effect.outputs.count, "output"))) at \(hz) Hz: "
        + "\(plural(devices.count, "device")) × \(plural(report.gestures.count, "gesture")), "
        + "\(plural(report.frames, "frame")).")
    let reproduce =
      "scrollsim check \(shellQuoted(target))" + (hz == 120 ? "" : " --hz \(hz)")
      + (nestedPath.map { " --nested \(shellQuoted($0))" } ?? "")
    // Reachability is a property of the whole matrix: not judged on part of it.
    let partial =
      gestureNames != nil || (chain == nil && devices.count < CheckDevice.standard.count)
      || interrupt.isSet
    let findings = report.violations.filter { !(partial && $0.kind == .unreachable) }
    let expectations = CheckReportFormatter.Expectations(
      expected: report.expected, declared: report.expectations,
      matches: report.expectationMatches, judgeStale: !partial)
    for line in CheckReportFormatter.lines(
      findings, expectations: expectations, examples: examples,
      reproduce: {
        "\(reproduce) --gesture \($0.gesture)" + (chain == nil ? " --device \($0.device)" : "")
      })
    {
      console.line(line)
    }
    if ci.isRequested {
      let (results, annotations) = CheckCI.results(
        target: target, effectName: effect.name,
        runs: .matrix(
          devices: devices.map(\.name), gestures: report.gestures, whole: !partial),
        runsMade: report.runs, findings: findings, expectations: expectations,
        reproduce: {
          "\(reproduce) --gesture \($0.gesture)" + (chain == nil ? " --device \($0.device)" : "")
        })
      try ci.emit(results, annotations: annotations, print: console.line)
    }
    if interrupt.isSet {
      console.error(
        CommandInput.interruption(
          interrupt,
          what: "after \(plural(report.runs, "run")) of "
            + "\(devices.count * report.gestures.count) (a gesture on a device); the findings "
            + "above are of those runs"))
      return .interrupted
    }
    if arguments.flag(Self.timing) { console.line(timing(effect)) }
    return findings.contains { !$0.kind.isWarning } ? .finding : .success
  }

  /// The nested chain a trace's header declares (``/ScrollTrace/TraceHeader/nested``, read by
  /// the one chain reader), with the header's physics profile and screen scale.
  /// - Throws: the trace's input error (unreadable, a bad header naming its field: a missing
  ///   `nested` object, an unknown `nested.rule`, …).
  static func chain(_ path: String) throws(CommandError) -> (
    chain: NestedScrollChain, profile: PhysicsProfile, scale: Double
  ) {
    do throws(InputError) {
      let inputs = try TraceStreamInputs(path: path) { _ in }
      let header = inputs.header
      guard header.nested != nil else {
        throw InputError(
          file: path, line: 1, field: "nested",
          message: "missing: --nested needs a trace whose header declares a nested chain "
            + "(traces/FORMAT.md, \"Nested scroll views\")")
      }
      let chain = try NestedScrollChain(trace: header, file: path)
      return (chain, try header.physicsProfile(file: path), header.device.scale)
    } catch {
      throw .input(error)
    }
  }

  /// The standard devices, or the one named `name`.
  /// - Throws: `.usage` for an unknown name.
  static func chosenDevices(_ name: String?) throws(CommandError) -> [CheckDevice] {
    guard let name else { return CheckDevice.standard }
    let devices = CheckDevice.standard.filter { $0.name == name }
    guard !devices.isEmpty else {
      let names = CheckDevice.standard.map(\.name)
      throw .usage(
        "--device \(name): expected one of \(names.joined(separator: ", "))"
          + Suggestion.didYouMean(name, among: names))
    }
    return devices
  }

  /// All gestures (nil), or the one named `name`.
  /// - Throws: `.usage` for an unknown name.
  static func chosenGestures(_ name: String?) throws(CommandError) -> Set<String>? {
    guard let name else { return nil }
    let names =
      CheckGesture.standard(viewportHeight: 800).map(\.name) + [
        CheckGesture.restOnBoundaryName, CheckGesture.holdStillName,
      ]
    guard names.contains(name) else {
      throw .usage(
        "--gesture \(name): expected one of \(names.joined(separator: ", "))"
          + Suggestion.didYouMean(name, among: names))
    }
    return [name]
  }

  /// A spec file a command read: its name in errors (`<stdin>` for `-`), its bytes (to place a
  /// later error in it without reading it again) and what identifies the file (its device
  /// and inode, or its name when it has none).
  struct SpecSource {
    let name: String
    let data: Data
    let identity: String
  }

  /// The preset named `target`, or the spec file at that path with its ``SpecSource``.
  /// - Throws: an unreadable input for a path that is not a readable file, an invalid one for a
  ///   bad spec.
  static func load(_ target: String) throws(CommandError) -> (
    effect: CompiledEffect, source: SpecSource?
  ) {
    if target != InputSource.standardInputPath, !FileManager.default.fileExists(atPath: target) {
      if let preset = EffectPreset(rawValue: target) {
        return (CompiledPreset(preset).compiled, nil)
      }
      throw .unreadable(
        target,
        "no such file (and not a preset name)"
          + Suggestion.didYouMean(target, among: EffectPreset.allCases.map(\.rawValue)))
    }
    // Read once, so a pipe or process substitution (or '-', standard input) works too.
    let (file, data) = try CommandInput.data(target)
    var status = stat()
    let identity =
      target != InputSource.standardInputPath && stat(target, &status) == 0
      ? "\(status.st_dev):\(status.st_ino)" : file
    let spec: EffectSpec
    do {
      spec = try EffectSpec.parse(data, file: file)
    } catch {
      throw .input(error)
    }
    do {
      return (
        try CompiledEffect(spec, file: file),
        SpecSource(name: file, data: data, identity: identity)
      )
    } catch {
      throw .input(placed(error, in: data))
    }
  }

  /// `error`, about the spec's values rather than its text (the compiler's), placed at the line
  /// and column of its `$.path` in the spec file's `data`; as it is when it has a line already
  /// or the path is not in the file.
  static func placed(_ error: InputError, in data: Data) -> InputError {
    var error = error
    if error.line == 0, let document = try? JSONReader.parse(data),
      let node = document.node(atPath: Self.writtenPath(error.path, in: document))
    {
      error.line = node.line
      error.column = node.column
    }
    return error
  }

  /// `path` as the document writes it: a view range's `rangeStart` or `rangeEnd` that the
  /// document gives as one `range` text (`"exit 100% entry 0%"`) is placed at that text.
  static func writtenPath(_ path: String, in document: JSONNode) -> String {
    for end in [".rangeStart", ".rangeEnd"] where path.hasSuffix(end) {
      let range = String(path.dropLast(end.count)) + ".range"
      if document.node(atPath: path) == document.node(atPath: String(path.dropLast(end.count))),
        document.node(atPath: range) != document.node(atPath: String(path.dropLast(end.count)))
      {
        return range
      }
    }
    return path
  }

  /// Wall-clock cost of `evaluate` per output per frame over a sweep of 200,000 frames.
  static func timing(_ effect: CompiledEffect) -> String {
    var live = effect
    var values = Array(repeating: 0.0, count: effect.outputs.count)
    var events: [EffectEvent] = []
    events.reserveCapacity(1 << 16)
    let geometry = CheckDevice.standard[1].geometry
    let frames = 200_000
    var sink = 0.0
    let start = DispatchTime.now().uptimeNanoseconds
    for i in 0..<frames {
      let s = -300 + Double(i % 4000) * 1.1
      live.evaluate(
        ScrollSample(
          time: Double(i) / 120, offset: s, velocity: 0, phase: .dragging, geometry: geometry),
        into: &values, events: &events)
      sink += values[0]
      if events.count > 60_000 { events.removeAll(keepingCapacity: true) }
    }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
    let perFrame = elapsed / Double(frames)
    let perOutput = perFrame / Double(effect.outputs.count)
    return "Evaluation cost: \(Number.fixed(perFrame, 1)) ns per frame, "
      + "\(Number.fixed(perOutput, 1)) ns per output (\(frames) frames, wall clock"
      + (sink.isNaN ? ", NaN seen" : "") + ")." + (isDebugBuild ? debugBuildNote : "")
  }

  /// Whether this `scrollsim` was built for debugging (`swift build` without `-c release`):
  /// its timings are several times a release build's.
  static var isDebugBuild: Bool {
    #if DEBUG
      true
    #else
      false
    #endif
  }

  /// What `--timing` adds in a debug build.
  static let debugBuildNote =
    " This is a debug build (no optimisation): timings are misleading, several times a release "
    + "build's; measure with `swift build -c release` (.build/release/scrollsim)."

  /// `text` as one shell word: as is when it holds only safe characters, else in single quotes.
  static func shellQuoted(_ text: String) -> String {
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./,+-=:@%")
    if !text.isEmpty && text.allSatisfy(safe.contains) { return text }
    return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
