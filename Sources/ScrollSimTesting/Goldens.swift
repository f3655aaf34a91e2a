import Foundation
import ScrollEffects
import ScrollRuntime
import ScrollSimCore
import Testing

/// Replays `trace` through `effect` and compares every frame with a golden frame file; records
/// one issue when they differ, when the golden is missing, or when a golden was written (a
/// recording run is never green).
///
/// The golden is `<dir of the test file>/__Goldens__/<TestFile>/<test>.<name>.jsonl`, a frame
/// file (`scrollsim replay --out`'s format, readable by `scrollsim diff` and `plot`);
/// `goldenDirectory:`, the scope's or `SCROLLSIM_GOLDEN_DIR` replace `<dir of the test
/// file>/__Goldens__`. It is written only when the record mode asks (``ScrollSimRecordMode``:
/// argument > scope or trait > `SCROLLSIM_RECORD` > ``ScrollSimRecordMode/never``); the
/// "Recorded golden" issue says how to stop recording where the mode came from (`record:`,
/// the trait or scope, or `SCROLLSIM_RECORD`). The actual
/// frames of a failing comparison are written to `<artifacts>/<TestFile>/<test>.<name>.jsonl`
/// (`SCROLLSIM_ARTIFACTS`, default the temporary directory's `scrollsim-artifacts`).
///
/// One golden, one test case: a golden path is owned, for the life of the test process, by the
/// first test case that uses it (the test, and for a parameterized test the effect's value and
/// the refresh rate). Another test case reaching the same path — the cases of
/// `@Test(arguments: [Fade(start: 100), Fade(start: 150)])` over one trace, or two suites'
/// tests of one name in one file — records an issue naming both, and neither writes nor
/// compares: pass `named:` (e.g. `named: "start-\(fade.start)"`) to give each its own golden.
///
/// - Parameters:
///   - effect: the effect under test, from its current state.
///   - trace: `.bundled("swipe-shield/gesture-05")`, `.file(url)` or `.path(path)`.
///   - named: the golden's name within the test; default the trace's name (so a test over
///     several traces needs none; a test replaying one trace twice must name each).
///   - refreshRate: frames per second, 1…1000; nil: the scope's, default 120.
///   - tolerance: absolute tolerances, per output; nil: the scope's, default exact.
///   - record: the record mode; nil: the scope's, then the environment's.
///   - goldenDirectory: the directory of this test file's golden folder; nil: see above.
///   - fileID: the failure's file (default: the caller's).
///   - filePath: the path of that file (default: the caller's).
///   - testName: the test's name (default: the caller's), part of the golden's file name.
///   - line: the failure's line (default: the caller's).
///   - column: the failure's column (default: the caller's).
public func assertReplay(
  of effect: some ScrollEffect, trace: ReplayTrace, named: String? = nil,
  refreshRate: Int? = nil, tolerance: ReplayTolerance? = nil, record: ScrollSimRecordMode? = nil,
  goldenDirectory: String? = nil, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, testName: String = #function, line: UInt = #line,
  column: UInt = #column
) {
  let location = CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  if let message = Golden.verify(
    effect, trace: trace, named: named, refreshRate: refreshRate, tolerance: tolerance,
    record: record, goldenDirectory: goldenDirectory, location: location, testName: testName)
  {
    ScrollSimTesting.record(message, location: location)
  }
}

/// The check of
/// ``assertReplay(of:trace:named:refreshRate:tolerance:record:goldenDirectory:fileID:filePath:testName:line:column:)``
/// without reporting: the failure text, or nil when the replay matches its golden. Writes
/// goldens and artifacts as `assertReplay` does. For helpers of your own.
/// - Returns: the failure message, or nil.
/// - Parameters:
///   - effect: the effect under test, from its current state.
///   - trace: `.bundled("swipe-shield/gesture-05")`, `.file(url)` or `.path(path)`.
///   - named: the golden's name within the test; default the trace's name.
///   - refreshRate: frames per second, 1…1000; nil: the scope's, default 120.
///   - tolerance: absolute tolerances, per output; nil: the scope's, default exact.
///   - record: the record mode; nil: the scope's, then the environment's.
///   - goldenDirectory: the directory of this test file's golden folder; nil: the default.
///   - fileID: the failure's file (default: the caller's).
///   - filePath: the path of that file (default: the caller's).
///   - testName: the test's name (default: the caller's), part of the golden's file name.
///   - line: the failure's line (default: the caller's).
///   - column: the failure's column (default: the caller's).
public func verifyReplay(
  of effect: some ScrollEffect, trace: ReplayTrace, named: String? = nil,
  refreshRate: Int? = nil, tolerance: ReplayTolerance? = nil, record: ScrollSimRecordMode? = nil,
  goldenDirectory: String? = nil, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, testName: String = #function, line: UInt = #line,
  column: UInt = #column
) -> String? {
  Golden.verify(
    effect, trace: trace, named: named, refreshRate: refreshRate, tolerance: tolerance,
    record: record, goldenDirectory: goldenDirectory,
    location: CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column),
    testName: testName)
}

/// Golden paths, writing, comparison and failure text.
enum Golden {
  /// The environment variable relocating the golden root.
  static let directoryVariable = "SCROLLSIM_GOLDEN_DIR"
  /// The environment variable naming the artifacts directory.
  static let artifactsVariable = "SCROLLSIM_ARTIFACTS"
  /// Differing frames shown in a failure.
  static let shownFrames = 5

  /// `goldenRoundTrip()` → `goldenRoundTrip`; `swipe-shield/gesture-05` →
  /// `swipe-shield-gesture-05`: runs of characters other than letters, digits, `-` and `_`
  /// become one `-`, trimmed at both ends.
  static func sanitized(_ text: String) -> String {
    var result = ""
    var pendingDash = false
    for scalar in text.unicodeScalars {
      let keep =
        (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
          || scalar == "-") && scalar.isASCII
      if keep {
        if pendingDash && !result.isEmpty { result.append("-") }
        pendingDash = false
        result.unicodeScalars.append(scalar)
      } else {
        pendingDash = true
      }
    }
    return result.isEmpty ? "golden" : result
  }

  static func verify(
    _ effect: some ScrollEffect, trace: ReplayTrace, named: String?, refreshRate: Int?,
    tolerance: ReplayTolerance?, record: ScrollSimRecordMode?, goldenDirectory: String?,
    location: CallerLocation, testName: String
  ) -> String? {
    let mode: ScrollSimRecordMode
    do {
      mode = try ScrollSimTestingConfiguration.recordMode(record)
    } catch {
      return error.message
    }
    let environment = ScrollSimTestingConfiguration.processEnvironment
    let scope = ScrollSimTestingConfiguration.current
    let fileName =
      sanitized(testName) + "." + sanitized(named ?? trace.name) + ".jsonl"
    let directory: String
    if let goldenDirectory {
      directory = goldenDirectory
    } else if let root = scope?.goldenDirectory
      ?? environment[directoryVariable].flatMap({ $0.isEmpty ? nil : $0 })
    {
      directory = root + "/" + location.fileName
    } else {
      directory = location.directory + "/__Goldens__/" + location.fileName
    }
    let goldenPath = directory + "/" + fileName
    let rate = ScrollSimTestingConfiguration.refreshRate(refreshRate)
    if let collision = claim(
      goldenPath, by: user(effect, rate: rate, location: location, testName: testName))
    {
      return collision
    }
    let artifactsRoot =
      scope?.artifactsDirectory
      ?? environment[artifactsVariable].flatMap { $0.isEmpty ? nil : $0 }
      ?? (NSTemporaryDirectory() + "scrollsim-artifacts")
    let actualPath = artifactsRoot + "/" + location.fileName + "/" + fileName

    let run: ScrollRun
    do {
      run = try ScrollRun(of: effect, trace: trace, refreshRate: refreshRate)
    } catch {
      return "Replay \"\(trace.name)\" failed: \(error)"
    }
    let text = frameFile(run, effectName: effect.name)
    let recorded =
      "Recorded golden \(goldenPath); "
      + (record != nil
        ? "re-run with record: .never (or without record:) to compare"
        : scope?.record != nil
          ? "re-run with record: .never in the .scrollSim trait or withScrollSimTesting scope to "
            + "compare"
          : "re-run without SCROLLSIM_RECORD to compare")
    let exists = FileManager.default.fileExists(atPath: goldenPath)
    if mode == .all || (mode == .missing && !exists) {
      if let problem = write(text, to: goldenPath) { return problem }
      return recorded
    }
    guard exists else {
      return "No golden at \(goldenPath) (record mode never: nothing was written); record it "
        + "with SCROLLSIM_RECORD=missing"
    }
    let tolerances = (tolerance ?? scope?.tolerance ?? .exact)
    guard
      var message = compare(
        run, golden: goldenPath, tolerance: tolerances, actualPath: actualPath)
    else { return nil }
    if let problem = write(text, to: actualPath) {
      message += "\n(" + problem + ")"
    }
    if mode == .failed {
      if let problem = write(text, to: goldenPath) { return message + "\n" + problem }
      message += "\n" + recorded
    }
    return message
  }

  /// Golden path → the first test case that used it in this process.
  private static let owners = Owners()

  /// The registry behind ``owners``, lock-protected (tests run in parallel).
  private final class Owners: @unchecked Sendable {
    let lock = NSLock()
    var byPath: [String: String] = [:]
  }

  /// Who uses a golden: the running test (Swift Testing's ID, else the file and function),
  /// and for a parameterized test case the effect's value and the refresh rate (Swift Testing
  /// does not name a case publicly).
  static func user(
    _ effect: some ScrollEffect, rate: Int, location: CallerLocation, testName: String
  ) -> String {
    let test = Test.current.map { "\($0.id)" } ?? "\(location.fileID) \(testName)"
    guard Test.Case.current?.isParameterized == true else { return test }
    return "\(test) with \(effect.name) \(String(describing: effect)) at \(rate) Hz"
  }

  /// Claims `path` for `user`: nil when it is free or already `user`'s, else the issue text.
  static func claim(_ path: String, by user: String) -> String? {
    owners.lock.lock()
    defer { owners.lock.unlock() }
    guard let owner = owners.byPath[path] else {
      owners.byPath[path] = user
      return nil
    }
    guard owner != user else { return nil }
    return "Golden \(path) is already used in this run by another test case (\(owner)); this "
      + "one (\(user)) would overwrite or compare against it: pass named: to give each case its "
      + "own golden (e.g. named: \"\\(argument)\")"
  }

  /// The run as a whole frame file (header, frames, closing record).
  static func frameFile(_ run: ScrollRun, effectName: String) -> String {
    let names = run.outputs.map(\.name)
    var text = FrameFile.headerLine(
      FrameFile.Header(
        effect: effectName, refreshRate: run.refreshRate, trace: run.name, outputs: names,
        isTwoAxis: run.frames.first?.sample.horizontal != nil,
        views: FrameFile.viewNames(count: run.frames.first?.sample.views?.count ?? 0)),
      format: .jsonl)
    for record in run.records { text += FrameFile.line(record, outputs: names, format: .jsonl) }
    return text + FrameFile.endLine(frames: run.frames.count, format: .jsonl)
  }

  /// Writes `text` to `path` whole (a temporary file renamed into place), creating folders;
  /// nil, or the problem.
  static func write(_ text: String, to path: String) -> String? {
    let url = URL(fileURLWithPath: path)
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url, options: .atomic)
      return nil
    } catch {
      return "could not write \(path): \(error.localizedDescription)"
    }
  }

  /// The failure text of `run` against the golden at `golden`, or nil when they match.
  static func compare(
    _ run: ScrollRun, golden: String, tolerance: ReplayTolerance, actualPath: String
  ) -> String? {
    let trace = run.name
    let reader: FrameFileReader
    var goldenRecords: [FrameRecord] = []
    do {
      reader = try FrameFileReader(path: golden)
      while let record = try reader.next() { goldenRecords.append(record) }
    } catch {
      return "Replay \"\(trace)\": the golden \(golden) cannot be read: \(error)"
    }
    let names = run.outputs.map(\.name)
    let trailer =
      "golden: \(golden)\nactual: \(actualPath)\nreproduce: scrollsim diff \(golden) "
      + "\(actualPath)" + toleranceOptions(tolerance)
    if case .cut = reader.ending {
      return "Replay \"\(trace)\": the golden \(golden) is cut (no closing record); record it "
        + "again with SCROLLSIM_RECORD=all"
    }
    guard reader.header.outputs == names else {
      return "Replay \"\(trace)\" differs from golden: outputs "
        + names.joined(separator: ", ") + "; the golden has "
        + reader.header.outputs.joined(separator: ", ") + "\n" + trailer
    }
    let comparison = FrameComparison.Tolerances(
      defaultValue: tolerance.absolute, byName: tolerance.outputs)
    var shown: [FrameComparison.Difference] = []
    var shownFrames = 0
    var differing = 0
    var first: FrameComparison.Difference?
    let actual = run.records
    for (g, a) in zip(goldenRecords, actual) {
      let differences = FrameComparison.compare(g, a, outputs: names, tolerances: comparison)
      guard !differences.isEmpty else { continue }
      differing += 1
      if first == nil {
        first = differences.first { $0.field != "frame" && $0.field != "t" } ?? differences[0]
      }
      if shownFrames < Self.shownFrames {
        shown += differences
        shownFrames += 1
      }
    }
    let countLine: String
    if goldenRecords.count != actual.count {
      countLine =
        "\(actual.count) frames; the golden has \(goldenRecords.count)"
        + (differing > 0 ? " (\(differing) of the common frames differ)" : "")
    } else if differing > 0 {
      countLine =
        "\(differing) of \(actual.count) frames differ"
        + (differing > shownFrames ? "; the first \(shownFrames) are shown" : "")
    } else {
      return nil
    }
    var lines: [String] = []
    if let first {
      lines.append(
        "Replay \"\(trace)\" differs from golden at frame \(first.frame) (t = "
          + "\(NumberText.fixed(first.time, 3)) s): " + describe(first))
    } else {
      lines.append("Replay \"\(trace)\" differs from golden: " + countLine)
    }
    if !shown.isEmpty {
      lines.append(
        "(golden: the recorded frame file; actual: this run; |golden-actual| in the field's unit)")
      lines.append(
        FrameComparison.table(shown, a: "golden", b: "actual").trimmingCharacters(
          in: .newlines))
    }
    if first != nil { lines.append(countLine) }
    lines.append(trailer)
    return lines.joined(separator: "\n")
  }

  /// `header.opacity 0.420 ≠ 0.400 (tolerance 0.005)` (actual ≠ golden), with enough decimals
  /// to tell the two apart; `phase dragging ≠ decelerating` for exact fields.
  static func describe(_ d: FrameComparison.Difference) -> String {
    guard let numbers = d.numbers, let tolerance = d.tolerance else {
      return "\(d.field) \(d.b) ≠ \(d.a) (exact)"
    }
    let (golden, actual) = numbers
    var decimals = 3
    while decimals < 17,
      NumberText.fixed(golden, decimals) == NumberText.fixed(actual, decimals)
    {
      decimals += 1
    }
    return "\(d.field) \(NumberText.fixed(actual, decimals)) ≠ "
      + "\(NumberText.fixed(golden, decimals)) (tolerance \(NumberText.text(tolerance)))"
  }

  /// `scrollsim diff` options for `tolerance` (empty when exact).
  static func toleranceOptions(_ tolerance: ReplayTolerance) -> String {
    var options = ""
    if tolerance.absolute != 0 { options += " --tolerance \(NumberText.text(tolerance.absolute))" }
    for name in tolerance.outputs.keys.sorted() {
      options += " --tolerance \(name)=\(NumberText.text(tolerance.outputs[name] ?? 0))"
    }
    return options
  }
}
