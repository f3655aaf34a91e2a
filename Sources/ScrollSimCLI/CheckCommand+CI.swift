import Foundation
import ScrollCheck
import ScrollEffects
import ScrollSimCore
import ScrollTrace

/// The CI results of `scrollsim check` (`--junit`, `--json`, `--annotations github`): a test
/// case per gesture on a device (or per trace), the findings of each as its failure, and one
/// annotation per kind and subject pointing at the spec line that declares the subject (or, over
/// traces, at the trace line of the first finding's frame).
enum CheckCI {
  /// What the check ran over.
  enum Runs {
    /// The generated matrix: devices (in run order), gesture names, and whether it was all of
    /// it (reachability and stale expectations are judged only then).
    case matrix(devices: [String], gestures: [String], whole: Bool)
    /// Recorded traces: the paths chosen (after `--shard`), in order, those run, and the trace
    /// that was rejected (its index and error; the traces after it are not run), or nil.
    case traces([String], ran: Set<String>, rejected: (index: Int, error: InputError)? = nil)
  }

  /// The report and the annotations of a check of `target` (`effect`'s name).
  static func results(
    target: String, effectName: String, runs: Runs, runsMade: Int, findings: [CheckViolation],
    expectations: CheckReportFormatter.Expectations, reproduce: (CheckViolation) -> String
  ) -> (TestReport, [Annotation]) {
    let className = "scrollsim.check." + effectName
    var report = TestReport(name: "scrollsim check \(target)")
    var placed = Set<Int>()
    func testCase(name: String, matching: (CheckViolation) -> Bool, index: Int)
      -> TestReport.Case
    {
      var item = TestReport.Case(name: name, className: className)
      guard index < runsMade else {
        item.skipped = "not run: the check was interrupted"
        return item
      }
      let mine = findings.indices.filter { matching(findings[$0]) }
      placed.formUnion(mine)
      let own = mine.map { findings[$0] }
      item.failures = failures(own.filter { !$0.kind.isWarning }, reproduce: reproduce)
      item.output = failures(own.filter(\.kind.isWarning), reproduce: reproduce)
        .map { "WARN " + $0.message + "\n" + $0.details }.joined(separator: "\n")
      return item
    }
    switch runs {
    case .matrix(let devices, let gestures, let whole):
      var index = 0
      for device in devices {
        for gesture in gestures {
          report.cases.append(
            testCase(
              name: "\(gesture) on \(device)",
              matching: { $0.device == device && $0.gesture == gesture }, index: index))
          index += 1
        }
      }
      // Findings about the whole matrix (reachability, judged only on all of it), warnings of
      // the boundary rests and stale expectations.
      var item = TestReport.Case(name: "whole matrix", className: className)
      let rest = findings.indices.filter { !placed.contains($0) }.map { findings[$0] }
      item.failures = failures(rest.filter { !$0.kind.isWarning }, reproduce: reproduce)
      var notes = failures(rest.filter(\.kind.isWarning), reproduce: reproduce)
        .map { "WARN " + $0.message + "\n" + $0.details }
      notes += stale(expectations).map { "WARN " + $0 }
      if !whole { notes.append("reachability not judged on part of the matrix") }
      item.output = notes.joined(separator: "\n")
      report.cases.append(item)
    case .traces(let paths, let ran, let rejected):
      for (index, path) in paths.enumerated() {
        var item = testCase(
          name: path, matching: { $0.gesture == path },
          index: ran.contains(path) ? 0 : Int.max)
        if let rejected, index == rejected.index {
          item.skipped = nil
          item.error = TestReport.Failure(
            message: rejected.error.description, type: "rejected-trace",
            details: "the check stopped at this trace (exit "
              + "\(CommandError.input(rejected.error).status.code)); fix it and check again")
        } else if let rejected, index > rejected.index {
          item.skipped =
            "not run: the check stopped at the rejected trace \(paths[rejected.index])"
        }
        report.cases.append(item)
      }
    }
    var annotations: [Annotation] = []
    if case .traces(_, _, let rejected?) = runs {
      annotations.append(
        Annotation(
          .error, file: rejected.error.file,
          line: rejected.error.line == 0 ? nil : rejected.error.line,
          title: "scrollsim check: rejected trace", message: rejected.error.description))
    }
    let specs = specFiles(target)
    for group in CheckReportFormatter.groups(findings) {
      guard let first = group.first else { continue }
      let place: (file: String?, line: Int?)
      if case .traces = runs {
        place = (first.gesture, traceLine(first.gesture, time: first.time))
      } else {
        place = specPlace(first.subject, in: specs)
      }
      let runsHit = Set(group.map { $0.device + "/" + $0.gesture }).count
      var message = "\(first.kind.rawValue) \(first.subject): "
      message +=
        first.kind == .unreachable
        ? first.detail
        : "\(CheckReportFormatter.plural(group.count, "frame")) in "
          + "\(CheckReportFormatter.plural(runsHit, "run")); first: "
          + CheckReportFormatter.example(first) + "; reproduce: " + reproduce(first)
      annotations.append(
        Annotation(
          first.kind.isWarning ? .warning : .error, file: place.file, line: place.line,
          title: "scrollsim check: \(first.kind.rawValue) \(first.subject)", message: message))
    }
    if case .matrix(_, _, true) = runs {
      for line in stale(expectations) {
        annotations.append(
          Annotation(
            .warning, file: specs.first?.path, line: nil,
            title: "scrollsim check: stale expectation",
            message: line))
      }
    }
    return (report, annotations)
  }

  /// One failure per kind and subject: a one-line message and every example with what
  /// reproduces the first.
  static func failures(_ findings: [CheckViolation], reproduce: (CheckViolation) -> String)
    -> [TestReport.Failure]
  {
    CheckReportFormatter.groups(findings).compactMap { group in
      guard let first = group.first else { return nil }
      let tally =
        first.kind == .unreachable ? "" : ": \(CheckReportFormatter.plural(group.count, "frame"))"
      var details = group.prefix(5).map(CheckReportFormatter.example)
      if group.count > 5 { details.append("… and \(group.count - 5) more") }
      if first.kind != .unreachable { details.append("reproduce: " + reproduce(first)) }
      return TestReport.Failure(
        message: "\(first.kind.rawValue) \(first.subject)\(tally)", type: first.kind.rawValue,
        details: details.joined(separator: "\n"))
    }
  }

  /// The stale expectations as lines.
  static func stale(_ expectations: CheckReportFormatter.Expectations) -> [String] {
    guard expectations.judgeStale else { return [] }
    return zip(expectations.declared, expectations.matches).filter { $0.1 == 0 }.map {
      "stale expectation \($0.0.kind.rawValue) \($0.0.subject): never happened in these runs "
        + "(\($0.0.reason))"
    }
  }

  /// The spec files among the comma-separated `target` that are regular files, parsed.
  static func specFiles(_ target: String) -> [(path: String, root: JSONNode)] {
    target.split(separator: ",").map(String.init).compactMap { path in
      guard path != "-", let data = FileManager.default.contents(atPath: path),
        let root = try? JSONReader.parse(data)
      else { return nil }
      return (path, root)
    }
  }

  /// The spec file and line that declare `subject` (an output name, `timeline NAME`, a group's
  /// `effect/output`): the line of the `"name"` value of the object so named; the first file
  /// with no line when none does; nil for a preset.
  static func specPlace(_ subject: String, in specs: [(path: String, root: JSONNode)])
    -> (file: String?, line: Int?)
  {
    var name = subject.hasPrefix("timeline ") ? String(subject.dropFirst(9)) : subject
    if let slash = name.lastIndex(of: "/") { name = String(name[name.index(after: slash)...]) }
    // A colour output's channels are `name.r` …: the declaration is `name`'s.
    var candidates = [name]
    if let dot = name.lastIndex(of: ".") { candidates.append(String(name[..<dot])) }
    for candidate in candidates {
      for spec in specs {
        if let line = nameLine(candidate, in: spec.root) { return (spec.path, line) }
      }
    }
    return (specs.first?.path, nil)
  }

  /// The line of the `"name": name` member of the first object (depth first) that has one.
  static func nameLine(_ name: String, in node: JSONNode) -> Int? {
    if let members = node.members {
      if let member = members.first(where: { $0.key == "name" }), member.value.string == name {
        return member.value.line
      }
      for member in members {
        if let line = nameLine(name, in: member.value) { return line }
      }
    } else if let elements = node.elements {
      for element in elements {
        if let line = nameLine(name, in: element) { return line }
      }
    }
    return nil
  }

  /// The 1-based line of the trace at `path` holding the last event at or before `time` (the
  /// header, line 1, when none is); nil when the trace cannot be read again.
  static func traceLine(_ path: String, time: Double) -> Int? {
    guard FileManager.default.fileExists(atPath: path), let trace = try? Trace.load(path: path)
    else { return nil }
    let items = trace.items
    guard let last = items.lastIndex(where: { $0.time <= time }) else { return 1 }
    return last + 2
  }
}
