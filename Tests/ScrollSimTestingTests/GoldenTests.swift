import Foundation
import ScrollRuntime
import ScrollSimTesting
import Testing

@Suite struct GoldenTests {
  /// A fresh directory for goldens and artifacts, removed by the caller.
  private static func scratch() -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("scrollsim-testing-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// No environment: the tests never depend on the variables of the process running them.
  private static func clean<R>(_ body: () throws -> R) rethrows -> R {
    try ScrollSimTestingConfiguration.$environment.withValue([:], operation: body)
  }

  @Test func bundledTraceMatchesCommittedGolden() {
    // The golden beside this file: __Goldens__/GoldenTests/<test>.swipe-shield-gesture-05.jsonl.
    // SCROLLSIM_RECORD=missing swift test --filter bundledTraceMatchesCommittedGolden records it.
    assertReplay(
      of: FixedProfileHeader(), trace: .bundled("swipe-shield/gesture-05"), tolerance: 1e-9)
  }

  @Test func roundTripWithTolerance() throws {
    let root = Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let golden = root + "/goldens/roundTripWithTolerance.header.jsonl"
    let actual = root + "/artifacts/GoldenTests/roundTripWithTolerance.header.jsonl"
    try Self.clean {
      try withScrollSimTesting(artifactsDirectory: root + "/artifacts") {
        let trace = ReplayTrace.bundled("swipe-shield/gesture-05")
        // Recording is never green, and writes a frame file.
        #expect(
          verifyReplay(
            of: FixedProfileHeader(), trace: trace, named: "header", record: .all,
            goldenDirectory: root + "/goldens")
            == "Recorded golden \(golden); re-run with record: .never (or without record:) to "
            + "compare")
        let reader = try FrameFileReader(path: golden)
        #expect(
          reader.header.outputs == ["header.height", "header.contentOpacity", "bar.opacity"])
        // The same effect matches; a drift of 1e-7 passes a tolerance of 1e-6.
        #expect(
          verifyReplay(
            of: FixedProfileHeader(), trace: trace, named: "header",
            goldenDirectory: root + "/goldens") == nil)
        #expect(
          verifyReplay(
            of: DriftingProfileHeader(drift: 1e-7), trace: trace, named: "header",
            tolerance: ["header.contentOpacity": 1e-6], goldenDirectory: root + "/goldens")
            == nil)
        #expect(!FileManager.default.fileExists(atPath: actual))
        // A drift of 1e-2 fails with both numbers and the tolerance.
        let message = try #require(
          verifyReplay(
            of: DriftingProfileHeader(drift: 1e-2), trace: trace, named: "header",
            tolerance: ["header.contentOpacity": 0.005], goldenDirectory: root + "/goldens"))
        let lines = message.components(separatedBy: "\n")
        #expect(
          lines[0]
            == "Replay \"swipe-shield/gesture-05\" differs from golden at frame 0 (t = 0.000 s): "
            + "header.contentOpacity 1.010 ≠ 1.000 (tolerance 0.005)")
        #expect(
          lines[1]
            == "(golden: the recorded frame file; actual: this run; |golden-actual| in the "
            + "field's unit)")
        #expect(
          lines[2]
            == " frame   time_s  field                        golden        actual  "
            + "|golden-actual|  tolerance")
        #expect(
          lines[3]
            == "     0   0.0000  header.contentOpacity             1          1.01             "
            + "0.01      0.005")
        let frames = try #require(lines.firstIndex { $0.hasSuffix("; the first 5 are shown") })
        #expect(frames == 8)
        #expect(lines[8].hasSuffix(" frames differ; the first 5 are shown"))
        #expect(lines[9] == "golden: \(golden)")
        #expect(lines[10] == "actual: \(actual)")
        #expect(
          lines[11]
            == "reproduce: scrollsim diff \(golden) \(actual) --tolerance "
            + "header.contentOpacity=0.005")
        #expect(lines.count == 12)
        // The actual frames are left for the diff.
        #expect(FileManager.default.fileExists(atPath: actual))
      }
    }
  }

  @Test func missingGoldenFailsAndWritesNothing() throws {
    let root = Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let message = Self.clean {
      verifyReplay(
        of: FixedProfileHeader(), trace: .bundled("swipe-shield/gesture-01"), named: "absent",
        goldenDirectory: root)
    }
    let path = root + "/missingGoldenFailsAndWritesNothing.absent.jsonl"
    #expect(
      message
        == "No golden at \(path) (record mode never: nothing was written); record it with "
        + "SCROLLSIM_RECORD=missing")
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func unknownRecordValueFailsNamingTheAllowedOnes() {
    let message = ScrollSimTestingConfiguration.$environment.withValue([
      "SCROLLSIM_RECORD": "sometimes"
    ]) {
      verifyReplay(of: FixedProfileHeader(), trace: .bundled("swipe-shield/gesture-01"))
    }
    #expect(
      message
        == "SCROLLSIM_RECORD=sometimes is not a record mode; expected one of all, missing, "
        + "failed, never (or unset: never)")
  }

  @Test func recordModePrecedence() throws {
    let root = Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let trace = ReplayTrace.bundled("swipe-shield/gesture-01")
    let path = root + "/recordModePrecedence.a.jsonl"
    try ScrollSimTestingConfiguration.$environment.withValue(["SCROLLSIM_RECORD": "missing"]) {
      // The argument beats the environment: nothing is written.
      #expect(
        verifyReplay(
          of: FixedProfileHeader(), trace: trace, named: "a", record: .never,
          goldenDirectory: root)?.hasPrefix("No golden at ") == true)
      // A scope beats the environment too.
      withScrollSimTesting(record: .never) {
        #expect(
          verifyReplay(of: FixedProfileHeader(), trace: trace, named: "a", goldenDirectory: root)?
            .hasPrefix("No golden at ") == true)
      }
      #expect(!FileManager.default.fileExists(atPath: path))
      // The environment alone records the missing golden (and fails), then compares.
      #expect(
        verifyReplay(of: FixedProfileHeader(), trace: trace, named: "a", goldenDirectory: root)
          == "Recorded golden \(path); re-run without SCROLLSIM_RECORD to compare")
      #expect(
        verifyReplay(of: FixedProfileHeader(), trace: trace, named: "a", goldenDirectory: root)
          == nil)
      // `failed` records again where the comparison fails, and says both.
      let drifted = try #require(
        verifyReplay(
          of: DriftingProfileHeader(drift: 0.5), trace: trace, named: "a", record: .failed,
          goldenDirectory: root))
      #expect(
        drifted.hasPrefix("Replay \"swipe-shield/gesture-01\" differs from golden at frame 0"))
      #expect(
        drifted.hasSuffix(
          "\nRecorded golden \(path); re-run with record: .never (or without record:) to compare"
        ))
      #expect(
        verifyReplay(
          of: DriftingProfileHeader(drift: 0.5), trace: trace, named: "a", goldenDirectory: root)
          == nil)
    }
  }

  @Test func goldenDirectoryVariableRelocatesTheRoot() {
    let root = Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let message = ScrollSimTestingConfiguration.$environment.withValue([
      "SCROLLSIM_GOLDEN_DIR": root, "SCROLLSIM_RECORD": "all",
    ]) {
      verifyReplay(of: FixedProfileHeader(), trace: .bundled("swipe-shield/gesture-01"))
    }
    let path =
      root + "/GoldenTests/goldenDirectoryVariableRelocatesTheRoot."
      + "swipe-shield-gesture-01.jsonl"
    #expect(message == "Recorded golden \(path); re-run without SCROLLSIM_RECORD to compare")
    #expect(FileManager.default.fileExists(atPath: path))
  }

  @Test func assertReplayRecordsTheIssue() {
    let root = Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    withKnownIssue {
      Self.clean {
        assertReplay(
          of: FixedProfileHeader(), trace: .bundled("swipe-shield/gesture-01"),
          goldenDirectory: root)
      }
    } matching: { issue in
      issue.description.contains("No golden at \(root)/assertReplayRecordsTheIssue.")
    }
  }
}
