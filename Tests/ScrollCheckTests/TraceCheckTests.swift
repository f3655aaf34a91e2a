import Foundation
import ScrollEffects
import ScrollPhysics
import ScrollSimTestSupport
import Testing

@testable import ScrollCheck

/// The checker over recorded traces, and the violations an effect declares it expects.
@Suite struct TraceCheckTests {
  static let traces = ["gesture-02", "gesture-03", "gesture-05", "gesture-11"].map {
    Repository.path("traces/swipe-shield/\($0).jsonl")
  }

  static func spec(_ relative: String) throws -> CompiledEffect {
    let path = Repository.path(relative)
    return try CompiledEffect(EffectSpec.load(path: path), file: path)
  }

  /// Violations as text (a NaN value is not equal to itself, its text is).
  static func text(_ report: EffectChecker.Report) -> [String] {
    report.violations.map { "\($0)" }
  }

  /// Seed 001 as written breaks its ranges on real swipes; each finding names the trace and
  /// its geometry, and the report is the same at 1, 2 and 3 threads.
  @Test(arguments: [2, 3])
  func tracesGiveTheSameReportAtAnyJobs(jobs: Int) throws {
    let checker = EffectChecker(effect: try Self.spec("effects/seeds-original/apple-music.json"))
    let serial = try checker.run(traces: Self.traces, jobs: 1)
    let parallel = try checker.run(traces: Self.traces, jobs: jobs)
    #expect(serial.runs == 4 && parallel.runs == 4)
    #expect(serial.gestures == Self.traces)
    #expect(serial.frames == parallel.frames && serial.frames > 500)
    #expect(Self.text(serial) == Self.text(parallel))
    let first = try #require(serial.violations.first)
    #expect(first.kind == .range)
    #expect(first.gesture == Self.traces[0])
    #expect(
      first.device == "Android phone 1080×2400 px (assumed) (viewport 914.3 pt, content 8000 pt)")
    // In trace order: no finding of a later trace precedes one of an earlier trace.
    let order = serial.violations.map { Self.traces.firstIndex(of: $0.gesture)! }
    #expect(order == order.sorted())
    // The fixed preset passes on the same traces.
    let preset = try EffectChecker(effect: CompiledPreset(.appleMusic)).run(traces: Self.traces)
    #expect(preset.violations.isEmpty && preset.frames == serial.frames)
  }

  /// A trace with a bad line is an error naming the file and line, whichever thread reaches
  /// it first; a cut last line is refused too.
  @Test(arguments: [1, 2])
  func aRejectedTraceIsAnErrorNeverSkipped(jobs: Int) throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tracecheck-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let good = try String(contentsOfFile: Self.traces[0], encoding: .utf8)
    var lines = good.split(separator: "\n").map(String.init)
    lines.insert("{\"t\": \"soon\"}", at: 4)
    let bad = dir.appendingPathComponent("b-bad.jsonl").path
    try (lines.joined(separator: "\n") + "\n").write(toFile: bad, atomically: true, encoding: .utf8)
    let cut = dir.appendingPathComponent("c-cut.jsonl").path
    try (good + "{\"t\": 9.5, \"ty").write(toFile: cut, atomically: true, encoding: .utf8)
    let checker = EffectChecker(effect: CompiledPreset(.appleMusic))
    for (paths, file, line) in [
      ([Self.traces[0], bad, cut], bad, 5), ([Self.traces[0], cut], cut, lines.count),
    ] {
      do {
        _ = try checker.run(traces: paths, jobs: jobs)
        Issue.record("\(file) must be rejected")
      } catch {
        #expect(error.file == file)
        #expect(error.line == line)
      }
    }
  }

  /// effects/examples/reading-progress.json: its range is empty on content that fits the
  /// screen; declared, the check passes and counts those frames; undeclared, it fails.
  @Test(arguments: [true, false])
  func readingProgressPassesOnlyWithItsDeclaredException(declared: Bool) throws {
    var spec = try EffectSpec.load(path: Repository.path("effects/examples/reading-progress.json"))
    #expect(spec.expect.count == 1)
    if !declared { spec.expect = [] }
    let report = try EffectChecker(effect: CompiledEffect(spec)).run()
    let fails = report.violations.filter { !$0.kind.isWarning }
    if declared {
      #expect(fails.isEmpty)
      #expect(report.expectationMatches == [report.expected.count])
      #expect(report.expected.count > 1000)
      #expect(
        report.expected.allSatisfy { $0.kind == .zeroLength && $0.subject == "timeline reading" })
      // The short-content device (content 300 pt) and every content-shrinks run.
      #expect(Set(report.expected.map(\.device)).contains("short-content"))
      #expect(report.staleExpectations.isEmpty)
    } else {
      #expect(report.expected.isEmpty)
      #expect(fails.count > 1000 && fails.allSatisfy { $0.kind == .zeroLength })
    }
    // Over the bundled traces (long content) nothing is expected: the declaration is stale.
    let traces = try EffectChecker(effect: CompiledEffect(spec)).run(traces: Self.traces)
    #expect(traces.violations.isEmpty)
    #expect(traces.staleExpectations.count == (declared ? 1 : 0))
  }

  /// A Swift effect declares its exceptions; a condition limits one to overscrolled frames,
  /// and an exception that never matches is stale.
  struct StretchHeader: ScrollEffect {
    var outputs: [EffectOutput] { [EffectOutput(name: "scale", range: 1...1.5, unit: .fraction)] }
    var expectedViolations: [ExpectedViolation] {
      [
        ExpectedViolation(
          .range, subject: "scale", when: .overscrolled, reason: "stretches past 1.5 on a pull"),
        ExpectedViolation(.nan, subject: "scale", reason: "never happens"),
      ]
    }
    func evaluate(_ sample: ScrollSample, into frame: inout EffectFrame) {
      frame["scale"] = 1 + max(0, -sample.offset) / 100
    }
  }

  @Test func aSwiftEffectDeclaresItsExceptions() throws {
    let report = try EffectChecker(
      effect: StretchHeader(), devices: [CheckDevice.standard[0]], gestureNames: ["pull-down-top"]
    ).run()
    #expect(report.violations.filter { $0.kind == .range }.isEmpty)
    #expect(report.expected.count > 10)
    #expect(report.expected.allSatisfy { $0.offset < 0 && $0.value > 1.5 })
    #expect(report.expectationMatches[1] == 0)
    #expect(report.staleExpectations.map(\.kind) == [.nan])
  }
}

/// The `"expect"` array of a spec file: strict like the rest of the reader.
@Suite struct ExpectedViolationSpecTests {
  static func text(_ expect: String) -> String {
    """
    {"version": 1, "name": "bar",
     "timelines": [{"name": "reading", "type": "scroll", "start": 0, "end": "max"}],
     "outputs": [{"name": "progress", "unit": "fraction", "range": [0, 1], "timeline": "reading",
       "keyframes": [{"at": 0, "value": 0}, {"at": 1, "value": 1}]}],
     "expect": [\(expect)]}
    """
  }

  @Test(arguments: [
    (
      #"{"kind": "zero-lenght", "subject": "timeline reading", "reason": "r"}"#,
      "5:22: $.expect[0].kind: 'zero-lenght': expected one of range, nan, flicker, lag, "
        + "unreachable, zero-length, reversed, chatter, disagreement; did you mean 'zero-length'?"
    ),
    (
      #"{"kind": "range", "subject": "progres", "reason": "r"}"#,
      "$.expect[0].subject: 'progres': expected an output name or \"timeline NAME\" of this "
        + "spec; did you mean 'progress'?"
    ),
    (
      #"{"kind": "range", "subject": "progress", "when": "content-fits", "reason": "r"}"#,
      "$.expect[0].when: 'content-fits': expected one of always, content-fits-viewport, "
        + "overscrolled"
    ),
    (#"{"kind": "range", "subject": "progress", "reasn": "r"}"#, "$.expect[0]"),
    (#"{"kind": "range", "subject": "progress"}"#, "$.expect[0].reason: missing"),
    (
      #"{"kind": "unreachable", "subject": "timeline reading", "when": "overscrolled", "reason": "r"}"#,
      "unreachable is judged over whole runs"
    ),
  ])
  func badDeclarationsAreErrorsWithTheirPlace(expect: String, message: String) {
    do {
      _ = try EffectSpec.parse(Self.text(expect), file: "bar.json")
      Issue.record("\(expect) must be rejected")
    } catch {
      #expect(error.description.contains(message), "\(error.description)")
      #expect(error.file == "bar.json" && error.line == 5)
    }
  }

  @Test func declarationsRoundTripAndGroupsRenameThem() throws {
    let spec = try EffectSpec.parse(
      Self.text(
        #"{"kind": "zero-length", "subject": "timeline reading", "when": "content-fits-viewport", "reason": "short"}, {"kind": "range", "subject": "progress", "reason": "r"}"#
      ),
      file: "bar.json")
    #expect(
      spec.expect == [
        ExpectedViolation(
          .zeroLength, subject: "timeline reading", when: .contentFitsViewport, reason: "short"),
        ExpectedViolation(.range, subject: "progress", reason: "r"),
      ])
    #expect(try EffectSpec.parse(spec.jsonText, file: "again.json") == spec)
    let group = try EffectSpec.group([spec, CompiledPreset(.titleCard).compiled.spec])
    #expect(group.expect.map(\.subject) == ["timeline bar/reading", "bar/progress"])
    #expect(try CompiledEffect(group).expectedViolations == group.expect)
  }
}
