/// The results of one command run for a CI system, in the three forms CI systems read: JUnit
/// XML (one `<testsuite>` per run, one `<testcase>` per case, `<failure>` with a message and the
/// violation's details; the schema GitHub, GitLab and Jenkins read), JSON (the same cases,
/// written by ``JSONWriter``) and GitHub Actions workflow commands (``Annotation``).
///
/// `scrollsim check`, `diff`, `replay --realtime --max-hitch-ratio` and `scrollsim-bench
/// --compare` build one each (`--junit FILE`, `--json FILE`, `--annotations github`). The output
/// is deterministic: no timestamps or host names, cases in the command's own order.
package struct TestReport: Sendable, Equatable {
  /// What went wrong in a case.
  package struct Failure: Sendable, Equatable {
    /// One line: what failed (`range header.overlayOpacity: 12 frames`).
    package var message: String
    /// The kind of failure (`range`, `difference`, `hitch-ratio`, `regression`): JUnit's
    /// `type` attribute.
    package var type: String
    /// Every detail (the examples, what reproduces them), several lines.
    package var details: String

    /// A failure.
    package init(message: String, type: String, details: String = "") {
      self.message = message
      self.type = type
      self.details = details
    }
  }

  /// One test case: an effect on a gesture and device, a trace, a pair of frame files, a
  /// benchmark case.
  package struct Case: Sendable, Equatable {
    /// The case's name (`fling-3000 on small-phone`, a trace path, a benchmark case).
    package var name: String
    /// The group it belongs to, JUnit's `classname` (`scrollsim.check.apple-music`).
    package var className: String
    /// Seconds measured, when the case has a duration worth reporting (nil: no `time`).
    package var time: Double?
    /// Empty when the case passed.
    package var failures: [Failure]
    /// Why the case did not run (an interrupted check), or nil.
    package var skipped: String?
    /// Why the case could not run to its end (a rejected input: `file:line: field: message`),
    /// JUnit's `<error>`; nil when it ran.
    package var error: Failure?
    /// Warnings and notes that are not failures (JUnit's `system-out`), or empty.
    package var output: String

    /// A case (`error`: the input it could not run on, JUnit's `<error>`).
    package init(
      name: String, className: String, time: Double? = nil, failures: [Failure] = [],
      skipped: String? = nil, error: Failure? = nil, output: String = ""
    ) {
      self.error = error
      self.name = name
      self.className = className
      self.time = time
      self.failures = failures
      self.skipped = skipped
      self.output = output
    }

    /// `passed`, `failed`, `error` or `skipped`.
    package var status: String {
      skipped != nil ? "skipped" : error != nil ? "error" : failures.isEmpty ? "passed" : "failed"
    }
  }

  /// The suite's name (`scrollsim check apple-music`).
  package var name: String
  /// The cases, in the command's order.
  package var cases: [Case]

  /// A report.
  package init(name: String, cases: [Case] = []) {
    self.name = name
    self.cases = cases
  }

  /// Cases that failed.
  package var failureCount: Int { cases.filter { $0.status == "failed" }.count }
  /// Cases that could not run (a rejected input).
  package var errorCount: Int { cases.filter { $0.status == "error" }.count }
  /// Cases that did not run.
  package var skippedCount: Int { cases.filter { $0.skipped != nil }.count }

  /// The JUnit XML document: `<testsuites>` (`tests`, `failures`, `errors`) holding one
  /// `<testsuite>` with `tests`, `failures`, `errors` (cases whose input was rejected: a bad
  /// trace among many) and `skipped` counts (valid against the Jenkins xUnit plugin's junit-10.xsd), then
  /// a `<testcase name classname [time]>` per case with at most one `<failure message type>`
  /// (several failures of one case are joined: some readers show only the first element) or
  /// one `<error message type>`,
  /// `<skipped message>` and `<system-out>`. Characters XML 1.0 cannot carry (control
  /// characters other than tab, newline and carriage return) are written as `?`.
  package func junitXML() -> String {
    // `skipped` on the suite only: the Jenkins xUnit plugin's schema (junit-10.xsd) allows no
    // `skipped` on `<testsuites>`.
    let counts =
      #"tests="\#(cases.count)" failures="\#(failureCount)" errors="\#(errorCount)""#
    var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    out += #"<testsuites name="\#(Self.xml(name))" \#(counts)>"# + "\n"
    out += #"  <testsuite name="\#(Self.xml(name))" \#(counts) skipped="\#(skippedCount)">"# + "\n"
    for item in cases {
      out +=
        #"    <testcase name="\#(Self.xml(item.name))" classname="\#(Self.xml(item.className))""#
      if let time = item.time { out += #" time="\#(JSONWriter.number(time))""# }
      let body =
        item.skipped != nil || item.error != nil || !item.failures.isEmpty || !item.output.isEmpty
      guard body else {
        out += "/>\n"
        continue
      }
      out += ">\n"
      if let skipped = item.skipped {
        out += #"      <skipped message="\#(Self.xml(skipped))"/>"# + "\n"
      } else if let error = item.error {
        out +=
          #"      <error message="\#(Self.xml(error.message))" type="\#(Self.xml(error.type))">"#
          + Self.xml(error.details, attribute: false) + "</error>\n"
      } else if let first = item.failures.first {
        let message = item.failures.map(\.message).joined(separator: "; ")
        let details = item.failures.map { $0.message + "\n" + $0.details }.joined(separator: "\n\n")
        out +=
          #"      <failure message="\#(Self.xml(message))" type="\#(Self.xml(first.type))">"#
          + Self.xml(details, attribute: false) + "</failure>\n"
      }
      if !item.output.isEmpty {
        out += "      <system-out>" + Self.xml(item.output, attribute: false) + "</system-out>\n"
      }
      out += "    </testcase>\n"
    }
    return out + "  </testsuite>\n</testsuites>\n"
  }

  /// The same report as one JSON object (keys sorted, written by ``JSONWriter``):
  /// `{"cases":[{"className":…,"failures":[{"details":…,"message":…,"type":…}],"name":…,
  /// "output":…,"skipped":…,"status":"passed|failed|error|skipped","time":…}],"failures":N,
  /// "name":…,"skipped":N,"tests":N}`; `skipped` and `time` are `null` when absent; a case
  /// with status `error` lists its error (JUnit's `<error>`) as its one failure.
  package func json() -> String {
    let items = cases.map { item in
      let failures = (item.error.map { [$0] } ?? item.failures).map {
        #"{"details":\#(JSONWriter.string($0.details)),"message":\#(JSONWriter.string($0.message)),"#
          + #""type":\#(JSONWriter.string($0.type))}"#
      }.joined(separator: ",")
      return #"{"className":\#(JSONWriter.string(item.className)),"failures":[\#(failures)],"#
        + #""name":\#(JSONWriter.string(item.name)),"output":\#(JSONWriter.string(item.output)),"#
        + #""skipped":\#(item.skipped.map(JSONWriter.string) ?? "null"),"#
        + #""status":"\#(item.status)","time":\#(item.time.map(JSONWriter.number) ?? "null")}"#
    }
    return #"{"cases":[\#(items.joined(separator: ","))],"failures":\#(failureCount),"#
      + #""name":\#(JSONWriter.string(name)),"skipped":\#(skippedCount),"tests":\#(cases.count)}"#
      + "\n"
  }

  /// `text` escaped for XML 1.0 character data (`&`, `<`, `>`) or, with `attribute`, a
  /// double-quoted attribute value (also `"`, and newlines and tabs as character references so
  /// they survive attribute-value normalisation).
  package static func xml(_ text: String, attribute: Bool = true) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"" where attribute: out += "&quot;"
      case "\n" where attribute: out += "&#10;"
      case "\r": out += "&#13;"
      case "\t" where attribute: out += "&#9;"
      case "\t", "\n": out.unicodeScalars.append(scalar)
      // XML 1.0 `Char`: no other C0 control, no U+FFFE or U+FFFF.
      case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": out += "?"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}

/// A GitHub Actions workflow command that turns a failure into an annotation on a file and line
/// of the pull request: `::error file=effects/header.json,line=12,title=…::message`
/// ([workflow commands](https://docs.github.com/en/actions/reference/workflow-commands-for-github-actions)).
/// Properties escape `%`, CR, LF, `:` and `,`; the message escapes `%`, CR and LF, as the
/// Actions toolkit's `escapeProperty` and `escapeData` do (`@actions/core`, `command.ts`).
package struct Annotation: Sendable, Equatable {
  /// The annotation's level.
  package enum Level: String, Sendable {
    /// Fails nothing by itself; shown red.
    case error
    /// Shown yellow.
    case warning
    /// Shown grey.
    case notice
  }

  /// The level.
  package var level: Level
  /// The file, relative to the repository's root as given on the command line, or nil.
  package var file: String?
  /// The 1-based line in ``file``, or nil (the whole file).
  package var line: Int?
  /// The 1-based column on ``line``, or nil.
  package var column: Int?
  /// A short title.
  package var title: String
  /// The message; may span lines.
  package var message: String

  /// An annotation.
  package init(
    _ level: Level, file: String?, line: Int?, column: Int? = nil, title: String, message: String
  ) {
    self.level = level
    self.file = file
    self.line = line
    self.column = column
    self.title = title
    self.message = message
  }

  /// The workflow command, one line.
  package var command: String {
    var properties: [String] = []
    if let file { properties.append("file=" + Self.escapeProperty(file)) }
    if let file = file, let line, !file.isEmpty {
      properties.append("line=\(line)")
      if let column { properties.append("col=\(column)") }
    }
    properties.append("title=" + Self.escapeProperty(title))
    return "::\(level.rawValue) " + properties.joined(separator: ",") + "::"
      + Self.escapeData(message)
  }

  /// `%`, CR and LF percent-encoded (the message).
  package static func escapeData(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  /// `%`, CR, LF, `:` and `,` percent-encoded (a property value).
  package static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacingOccurrences(of: ":", with: "%3A")
      .replacingOccurrences(of: ",", with: "%2C")
  }
}
