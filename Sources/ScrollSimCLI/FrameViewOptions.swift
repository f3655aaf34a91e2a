import Foundation
import ScrollEffects
import ScrollRuntime

/// The options `plot` and `report` share to draw a frame file against its run, declared once:
/// the trace the frames were replayed from (`--trace`, for the geometry) and the effect they
/// were replayed through (`--effect` / `--effects`, for the outputs' units and ranges and the
/// trigger ranges), and their resolution with the frame file's header into a
/// ``FrameViewOptions/View`` (``ReportScene`` does the reading).
struct FrameViewOptions {
  /// `--trace FILE`.
  static let trace = Option<String>(
    "trace", "FILE",
    help: "the trace the frames were replayed from, for the geometry (default: the trace the "
      + "frame file's header names, when it can be found)")
  /// `--effect NAME[,NAME]`.
  static let effect = ReplayCommand.effect.help(
    "the preset(s) the frames were replayed through, for trigger ranges (default: the presets "
      + "the frame file's header names)")
  /// `--effects FILE[,FILE]`.
  static let effects = ReplayCommand.effects.help(
    "effect spec file(s) the frames were replayed through, for trigger ranges, instead of "
      + "--effect")

  /// What a frame file is drawn against: the geometry of its trace, its outputs with their
  /// units and ranges, the trigger ranges, and notes on what could not be found.
  struct View {
    /// The trace's geometry and screen, or nil (a note says why).
    let scene: ReportScene.Scene?
    /// The header's outputs, in its order, with the effect's units and ranges where known.
    let outputs: [ReportScene.Output]
    /// Every trigger range of the effect, in offsets.
    let markers: [ReportScene.Marker]
    /// What could not be drawn and why, for standard error (and the page).
    let notes: [String]

    /// Prints each note on standard error as `scrollsim: note: …`.
    func printNotes(_ console: Console) {
      for note in notes { console.error("scrollsim: note: \(note)") }
    }
  }

  /// What `plot` and `report` read before drawing: the frame file (the one positional
  /// argument), `--out`, these options and every frame.
  struct Input {
    /// The frame file as given (`-` for standard input).
    let path: String
    /// The file to write.
    let out: String
    let options: FrameViewOptions
    let header: FrameFile.Header
    /// Every frame, at least one.
    let records: [FrameRecord]
    /// Where a cut frame file read with `--allow-partial` stops (`cut after frame 98 (no
    /// closing record)`), nil when it is whole: the page or chart must say so.
    let partial: String?

    /// `title`, marked `PARTIAL` when the frame file is cut, so a partial run is never shown
    /// as a whole one.
    func marked(_ title: String) -> String {
      partial.map { "PARTIAL (\($0)) · \(title)" } ?? title
    }
  }

  /// Reads the input of `command` (`plot`, `report`): its one frame file, the required `out`
  /// option (`<chart.svg>` in the usage error), checked not to name the frame file, these
  /// options (the effect compiled first) and the whole frame file.
  /// - Throws: usage errors (no frame file, no `--out`, `--out` naming the input, a bad
  ///   `--effect`); an unreadable input (74); an invalid one (65: a bad line, a cut file
  ///   without `--allow-partial`, no frames).
  static func input(
    _ arguments: ArgumentList, command: String, out option: Option<String>, outValue: String,
    console: Console
  ) throws(CommandError) -> Input {
    let path = try arguments.singlePositional("a frame file")
    guard let out = arguments.text(option) else {
      throw .usage("'\(command)' needs --out \(outValue)")
    }
    try OutputPaths.check(input: path, outputs: [("--out", out)])
    let options = try FrameViewOptions(arguments)
    let (header, records, partial) = try CommandInput.wholeFrames(
      path, allowPartial: arguments.flag(CommonOptions.allowPartial), purpose: command,
      console: console)
    return Input(
      path: path, out: out, options: options, header: header, records: records, partial: partial)
  }

  /// `--trace`, or nil for the trace the header names.
  let tracePath: String?
  /// The effect of `--effect` / `--effects`, or nil for the presets the header names.
  let effect: CompiledEffect?

  /// Reads the options from `arguments` and compiles the effect they name (before any frame is
  /// read, so a bad `--effect` is reported first).
  /// - Throws: a usage error for an unknown preset or both options; a spec file's errors (74
  ///   unreadable, 65 invalid).
  init(_ arguments: ArgumentList) throws(CommandError) {
    tracePath = arguments.text(Self.trace)
    let presets = try arguments.values(Self.effect)
    let files = try arguments.values(Self.effects)
    effect =
      presets.isEmpty && files.isEmpty
      ? nil : try EffectSelection.compile(presets: presets, files: files)
  }

  /// The geometry, outputs and trigger ranges of the frame file at `framePath` with `header`:
  /// from the options where given, else from what the header names.
  /// - Throws: the trace's errors when `--trace` names it (74 unreadable, 65 invalid).
  func view(header: FrameFile.Header, framePath: String, console: Console)
    throws(CommandError) -> View
  {
    var notes: [String] = []
    let scene = try ReportScene.geometry(
      trace: tracePath, header: header, framePath: framePath, console: console, notes: &notes)
    let effects =
      effect.map { [(prefix: "", effect: $0)] } ?? ReportScene.presetEffects(named: header.effect)
    if effects.isEmpty, !header.outputs.isEmpty {
      notes.append(
        header.effect.isEmpty
          ? "no trigger ranges: the frame file names no effect; pass --effect or --effects"
          : "no trigger ranges: the effect '\(header.effect)' is not a preset; pass --effects "
            + "SPEC.json to draw its ranges")
    }
    let outputs = ReportScene.outputs(header.outputs, effects: effects)
    let markers = ReportScene.markers(effects, geometry: scene?.geometry, notes: &notes)
    return View(scene: scene, outputs: outputs, markers: markers, notes: notes)
  }

  /// The title of a chart or page of the frame file at `framePath` without `--title`:
  /// `effect · trace · 120 Hz`, or the frame file's name when the header names no effect.
  static func defaultTitle(header: FrameFile.Header, framePath: String) -> String {
    let file = (framePath as NSString).lastPathComponent
    guard !header.effect.isEmpty else { return file }
    let trace = (header.trace as NSString).lastPathComponent
    return "\(header.effect) · \(trace.isEmpty ? file : trace)"
      + (header.refreshRate > 0 ? " · \(header.refreshRate) Hz" : "")
  }
}
