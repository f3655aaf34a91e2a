import Foundation
import ScrollCheck
import ScrollEffects
import ScrollSimCore
import ScrollSimTesting
import Testing

/// The defects a new user's trial found, each pinned by its failure text.
@Suite struct TrialFixesTests {
  @Test func unknownDeviceNameIsAnIssueNotATrap() throws {
    let text = try #require(
      verifyInvariants(
        of: FixedProfileHeader(), over: [.named("slow-drag")], devices: [.named("iphone-se")]))
    #expect(
      text
        == "No standard device named iphone-se; expected one of small-phone, large-phone, "
        + "landscape, large-safe-areas, short-content")
    let close = try #require(
      verifyInvariants(
        of: FixedProfileHeader(), over: [.named("slow-drag")], devices: [.named("small-phon")]))
    #expect(close.hasSuffix("; did you mean 'small-phone'?"))
    #expect(CheckDevice.named("small-phone") == CheckDevice.standard[0])
    #expect(throws: InputError.self) {
      try ScrollRun(
        of: FixedProfileHeader(), gesture: .named("slow-drag"), device: .named("iphone-se"))
    }
  }
}

/// An effect that declares nothing.
struct NoOutputs: ScrollEffect {
  var outputs: [EffectOutput] { [] }
  func evaluate(_ sample: ScrollSample, into frame: inout EffectFrame) {}
}

extension TrialFixesTests {
  @Test(arguments: [0, -5, 1001])
  func refreshRateOutOfRangeIsAnIssueAndRunsNothing(_ rate: Int) {
    let expected = "refreshRate: \(rate) Hz is out of range: expected 1…1000"
    #expect(verifyInvariants(of: FixedProfileHeader(), refreshRate: rate) == expected)
    #expect(
      verifyInvariants(
        of: FixedProfileHeader(), traces: [.bundled("swipe-shield/gesture-01")], refreshRate: rate)
        == expected)
    withKnownIssue {
      expectInvariants(of: FixedProfileHeader(), refreshRate: rate)
    } matching: {
      $0.description.contains(expected)
    }
  }

  @Test func maxIssuesBelowOneIsAnIssue() {
    #expect(
      verifyInvariants(of: FixedProfileHeader(), maxIssues: 0)
        == "maxIssues: 0 is out of range: expected 1 or more")
  }

  @Test func checksOverNothingFail() {
    #expect(
      verifyInvariants(of: FixedProfileHeader(), over: [])
        == "FixedProfileHeader: no gesture to run (over: is empty); pass some of "
        + "ScrollSimGesture.standard, or leave over: out to run them all")
    #expect(
      verifyInvariants(of: FixedProfileHeader(), devices: [])
        == "FixedProfileHeader: no device to run on (devices: is empty); pass some of "
        + "CheckDevice.standard, or leave devices: out to run them all")
    #expect(
      verifyInvariants(of: FixedProfileHeader(), traces: [])
        == "FixedProfileHeader: no trace to run (traces: is empty); pass some, e.g. "
        + "ReplayTrace.bundledTraces")
    let none = "NoOutputs declares no outputs: there is nothing to check; list them in outputs"
    #expect(verifyInvariants(of: NoOutputs()) == none)
    #expect(
      verifyInvariants(of: NoOutputs(), traces: [.bundled("swipe-shield/gesture-01")]) == none)
  }
}

extension TrialFixesTests {
  /// A scratch directory of its own.
  static func scratch() -> String {
    let path = NSTemporaryDirectory() + "trial-fixes-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test(arguments: [1])
  func secondCaseOnOneGoldenIsACollision(_ argument: Int) throws {
    let root = Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let trace = ReplayTrace.bundled("swipe-shield/gesture-02")
    let first = verifyReplay(
      of: DriftingProfileHeader(drift: 0.1), trace: trace, record: .all, goldenDirectory: root)
    #expect(first?.hasPrefix("Recorded golden \(root)/") == true)
    let second = try #require(
      verifyReplay(
        of: DriftingProfileHeader(drift: 0.2), trace: trace, record: .all, goldenDirectory: root))
    #expect(second.hasPrefix("Golden \(root)/secondCaseOnOneGoldenIsACollision"))
    #expect(
      second.contains(
        ".swipe-shield-gesture-02.jsonl is already used in this run by another test case ("))
    #expect(
      second.contains("with DriftingProfileHeader DriftingProfileHeader(drift: 0.1) at 120 Hz"))
    #expect(
      second.hasSuffix(
        "would overwrite or compare against it: pass named: to give each case its own golden "
          + "(e.g. named: \"\\(argument)\")"))
    // The same case again, or its own name, is not a collision.
    #expect(
      verifyReplay(
        of: DriftingProfileHeader(drift: 0.1), trace: trace, record: .never, goldenDirectory: root)
        == nil)
    #expect(
      verifyReplay(
        of: DriftingProfileHeader(drift: 0.2), trace: trace, named: "b", record: .all,
        goldenDirectory: root)?.hasPrefix("Recorded golden ") == true)
  }
}

/// Infinity under a bound of `Double.greatestFiniteMagnitude`.
struct InfiniteUnderHugeBound: ScrollEffect {
  var outputs: [EffectOutput] {
    [EffectOutput(name: "size", range: 0...Double.greatestFiniteMagnitude, unit: .points)]
  }
  func evaluate(_ sample: ScrollSample, into frame: inout EffectFrame) { frame[0] = .infinity }
}

/// Infinity under an infinite bound: allowed.
struct InfiniteUnderInfiniteBound: ScrollEffect {
  var outputs: [EffectOutput] {
    [EffectOutput(name: "size", range: 0 ... .infinity, unit: .points)]
  }
  func evaluate(_ sample: ScrollSample, into frame: inout EffectFrame) { frame[0] = .infinity }
}

extension TrialFixesTests {
  @Test func infinityBreaksAGreatestFiniteBound() throws {
    let text = try #require(
      verifyInvariants(
        of: InfiniteUnderHugeBound(), over: [.named("content-shrinks")],
        devices: [.named("small-phone")], maxIssues: 1))
    #expect(text.hasPrefix("range: size = "))
    #expect(text.contains(" at frame 0 (t = 0.000 s, offset "))
    #expect(text.contains("of content-shrinks on small-phone at 120 Hz; expected a value in 0 … "))
    #expect(
      verifyInvariants(
        of: InfiniteUnderInfiniteBound(), over: [.named("content-shrinks")],
        devices: [.named("small-phone")]) == nil)
  }
}

/// An effect with reference semantics.
final class ClassEffect: ScrollEffect, @unchecked Sendable {
  var outputs: [EffectOutput] { [EffectOutput(name: "x", range: 0...1, unit: .fraction)] }
  func evaluate(_ sample: ScrollSample, into frame: inout EffectFrame) { frame[0] = 0.5 }
}

extension TrialFixesTests {
  @Test func classEffectIsRefused() {
    let expected =
      "ClassEffect is a class: the checker evaluates fresh copies, which a class shares; make it "
      + "a struct"
    #expect(verifyInvariants(of: ClassEffect()) == expected)
    #expect(
      verifyInvariants(of: ClassEffect(), traces: [.bundled("swipe-shield/gesture-01")])
        == expected)
  }
}

/// An effect declaring `header.opacity` twice.
struct DuplicateOutputs: ScrollEffect {
  var outputs: [EffectOutput] {
    [
      EffectOutput(name: "header.opacity", range: 0...1, unit: .fraction),
      EffectOutput(name: "header.opacity", range: 0...1, unit: .fraction),
    ]
  }
  func evaluate(_ sample: ScrollSample, into frame: inout EffectFrame) {}
}

/// An effect with one `remembersHistory` entry for two outputs.
struct ShortHistory: ScrollEffect {
  var outputs: [EffectOutput] {
    [
      EffectOutput(name: "a", range: 0...1, unit: .fraction),
      EffectOutput(name: "b", range: 0...1, unit: .fraction),
    ]
  }
  var remembersHistory: [Bool] { [true] }
  func evaluate(_ sample: ScrollSample, into frame: inout EffectFrame) {}
}

extension TrialFixesTests {
  @Test func badDeclarationsAreIssuesNamingTheOutput() throws {
    #expect(
      verifyInvariants(of: DuplicateOutputs())
        == "DuplicateOutputs declares the output header.opacity more than once; output names "
        + "must be unique")
    #expect(
      verifyInvariants(of: ShortHistory(), traces: [.bundled("swipe-shield/gesture-01")])
        == "ShortHistory remembersHistory has 1 entry for 2 outputs; expected one per output, "
        + "in the order of outputs")
    // A run refuses it too, before the first frame.
    do {
      _ = try ScrollRun(of: DuplicateOutputs(), trace: .bundled("swipe-shield/gesture-01"))
      Issue.record("expected an error")
    } catch {
      #expect(error.kind == .effectFailed)
      #expect(error.field == "header.opacity")
    }
  }
}

/// Writes an output name it does not declare (a contract breach, not a throw).
struct MisspeltOutput: ScrollEffect {
  var outputs: [EffectOutput] { [EffectOutput(name: "bar.opacity", range: 0...1, unit: .fraction)] }
  func evaluate(_ sample: ScrollSample, into frame: inout EffectFrame) {
    frame["bar.opacty"] = 1
  }
}

/// Keeps one value on every frame.
struct Constant: ScrollEffect {
  var outputs: [EffectOutput] { [EffectOutput(name: "x", range: 0...1, unit: .fraction)] }
  func evaluate(_ sample: ScrollSample, into frame: inout EffectFrame) { frame[0] = 0.5 }
}

extension TrialFixesTests {
  @Test func contractBreachSaysFailedDuring() throws {
    let text = try #require(
      verifyInvariants(
        of: MisspeltOutput(), over: [.named("slow-drag")], devices: [.named("small-phone")]))
    #expect(text.hasPrefix("MisspeltOutput failed during slow-drag on small-phone at 120 Hz: "))
    #expect(text.contains("did you mean 'bar.opacity'?"))
  }

  @Test func unreachableStatesTheExpectation() throws {
    let text = try #require(verifyInvariants(of: Constant()))
    #expect(
      text
        == "unreachable: x of Constant: expected a change on some frame (it kept 0.5 on every "
        + "frame of every gesture and device)\n"
        + "reproduce: expectInvariants(of: effect, refreshRate: 120)")
  }

  @Test func recordedGoldenSaysHowToStopWhereTheModeCameFrom() {
    let root = Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let trace = ReplayTrace.bundled("swipe-shield/gesture-03")
    let path = root + "/recordedGoldenSaysHowToStopWhereTheModeCameFrom."
    #expect(
      verifyReplay(
        of: FixedProfileHeader(), trace: trace, named: "a", record: .missing,
        goldenDirectory: root)
        == "Recorded golden \(path)a.jsonl; re-run with record: .never (or without record:) to "
        + "compare")
    withScrollSimTesting(record: .all) {
      #expect(
        verifyReplay(of: FixedProfileHeader(), trace: trace, named: "b", goldenDirectory: root)
          == "Recorded golden \(path)b.jsonl; re-run with record: .never in the .scrollSim "
          + "trait or withScrollSimTesting scope to compare")
    }
  }

  @Test func bundledTraceFailuresNameTheTrace() throws {
    let text = try #require(
      verifyInvariants(
        of: MisspeltOutput(), traces: [.bundled("swipe-shield/gesture-05")]))
    #expect(text.contains("swipe-shield/gesture-05"))
    #expect(!text.contains(".jsonl"))
    let nan = try #require(
      verifyInvariants(
        of: NaNAtHalfSecond(), traces: [.bundled("swipe-shield/gesture-05")], maxIssues: 1))
    #expect(nan.contains(" of swipe-shield/gesture-05 on "))
    #expect(nan.contains("traces: [.bundled(\"swipe-shield/gesture-05\")]"))
    #expect(!nan.contains(".jsonl"))
  }

  @Test func expectEventOnANonFlagSaysSo() throws {
    let run = try ScrollRun(of: FixedProfileHeader(), trace: .bundled("swipe-shield/gesture-05"))
    let text = try #require(verifyEvent(.enter("bar.opacity"), count: 1...1, in: run))
    #expect(
      text
        == "bar.opacity:enter occurred 0 times, but expected 1 time in swipe-shield/gesture-05 "
        + "(bar.opacity is not a flag but fraction: only flags have enter/leave events, unless "
        + "the effect appends them to frame.events itself)")
  }

  @Test func restOnBoundaryIsRejectedByScrollRun() {
    do {
      _ = try ScrollRun(of: FixedProfileHeader(), gesture: .named("rest-on-boundary"))
      Issue.record("expected an error")
    } catch {
      #expect(
        error.message.hasPrefix("not a gesture that runs as a touch sequence; expected one of "))
    }
  }
}
