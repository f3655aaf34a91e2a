import Foundation
import Testing

@testable import ScrollSimCore

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The CI results every command writes: JUnit XML read back by Foundation's XML parser (the
/// structure GitHub, GitLab and Jenkins read: testsuites › testsuite › testcase › failure), JSON
/// read back by the package's reader, and the exact text of GitHub workflow commands.
struct TestReportTests {
  /// A report with a passed, a failed (two failures, text that needs every escape) and a
  /// skipped case.
  static let report = TestReport(
    name: #"scrollsim check "a&b".json"#,
    cases: [
      TestReport.Case(name: "slow-drag on small-phone", className: "scrollsim.check.x"),
      TestReport.Case(
        name: "fling <3000> on large-phone", className: "scrollsim.check.x", time: 0.25,
        failures: [
          TestReport.Failure(
            message: "range header.opacity: 2 frames", type: "range",
            details: "frame 3: value 1.5, expected 0 … 1\nreproduce: scrollsim check 'a b'"),
          TestReport.Failure(message: "nan bar\tbaz", type: "nan", details: "bell \u{7} here"),
        ], output: "WARN chatter x"),
      TestReport.Case(
        name: "pull-down-top", className: "scrollsim.check.x", skipped: "interrupted"),
    ])

  #if canImport(FoundationXML) || os(macOS)
    @Test func junitXMLParsesBackWithItsCountsAndText() throws {
      let xml = Self.report.junitXML()
      let document = try XMLDocument(xmlString: xml, options: [])
      let root = try #require(document.rootElement())
      #expect(root.name == "testsuites")
      let suites = root.elements(forName: "testsuite")
      #expect(suites.count == 1)
      let suite = try #require(suites.first)
      #expect(suite.attribute(forName: "name")?.stringValue == #"scrollsim check "a&b".json"#)
      #expect(suite.attribute(forName: "tests")?.stringValue == "3")
      #expect(suite.attribute(forName: "failures")?.stringValue == "1")
      #expect(suite.attribute(forName: "errors")?.stringValue == "0")
      #expect(suite.attribute(forName: "skipped")?.stringValue == "1")
      let cases = suite.elements(forName: "testcase")
      #expect(
        cases.map { $0.attribute(forName: "name")?.stringValue } == [
          "slow-drag on small-phone", "fling <3000> on large-phone", "pull-down-top",
        ])
      #expect(cases[0].childCount == 0)
      #expect(cases[1].attribute(forName: "time")?.stringValue == "0.25")
      #expect(cases[0].attribute(forName: "time") == nil)
      let failures = cases[1].elements(forName: "failure")
      #expect(failures.count == 1)
      #expect(failures[0].attribute(forName: "type")?.stringValue == "range")
      // Two failures of one case: one element (some readers show only the first), both
      // messages; a tab survives the attribute (a character reference), a bell becomes `?`.
      #expect(
        failures[0].attribute(forName: "message")?.stringValue
          == "range header.opacity: 2 frames; nan bar\tbaz")
      #expect(
        failures[0].stringValue
          == "range header.opacity: 2 frames\nframe 3: value 1.5, expected 0 … 1\n"
          + "reproduce: scrollsim check 'a b'\n\nnan bar\tbaz\nbell ? here")
      #expect(cases[1].elements(forName: "system-out").first?.stringValue == "WARN chatter x")
      #expect(
        cases[2].elements(forName: "skipped").first?.attribute(forName: "message")?.stringValue
          == "interrupted")
    }
  #endif

  /// The XML text itself: declaration, one suite, a self-closing passed case (a structural check
  /// that holds where no XML parser is available).
  @Test func junitXMLText() {
    let lines = Self.report.junitXML().split(separator: "\n").map(String.init)
    #expect(lines[0] == #"<?xml version="1.0" encoding="UTF-8"?>"#)
    #expect(
      lines[1]
        == #"<testsuites name="scrollsim check &quot;a&amp;b&quot;.json" tests="3" failures="1" errors="0">"#
    )
    // `skipped` on the suite only (junit-10.xsd allows none on <testsuites>).
    #expect(lines[2].hasSuffix(#" tests="3" failures="1" errors="0" skipped="1">"#))
    #expect(
      lines[3]
        == #"    <testcase name="slow-drag on small-phone" classname="scrollsim.check.x"/>"#)
    #expect(lines.last == "</testsuites>")
    #expect(lines.filter { $0.contains("<testsuite ") }.count == 1)
  }

  /// A case whose input was rejected is a JUnit `<error>` (counted in `errors`, not
  /// `failures`), and `"status": "error"` in the JSON with the error as its one failure.
  @Test func aRejectedInputIsAnError() throws {
    var report = TestReport(name: "scrollsim check x")
    report.cases = [
      TestReport.Case(name: "a.jsonl", className: "c"),
      TestReport.Case(
        name: "b.jsonl", className: "c",
        error: TestReport.Failure(
          message: "b.jsonl:3: type: unknown \"wiggle\"", type: "rejected-trace",
          details: "stopped")),
      TestReport.Case(name: "c.jsonl", className: "c", skipped: "not run"),
    ]
    let xml = report.junitXML()
    #expect(xml.contains(#"tests="3" failures="0" errors="1" skipped="1">"#))
    #expect(
      xml.contains(
        #"      <error message="b.jsonl:3: type: unknown &quot;wiggle&quot;" type="rejected-trace">stopped</error>"#
      ))
    #expect(!xml.contains("<failure"))
    let root = try JSONReader.parse(report.json())
    let cases = root["cases"]?.elements ?? []
    #expect(cases.map { $0["status"]?.string } == ["passed", "error", "skipped"])
    #expect(cases[1]["failures"]?.elements?.first?["type"]?.string == "rejected-trace")
    #expect(root["failures"]?.number == 0)
  }

  @Test(arguments: [
    ("a\u{0}b", "a?b"), ("x\r\ny", "x&#13;&#10;y"), ("\u{FFFE}", "?"), ("é €", "é €"),
    ("<&>\"", "&lt;&amp;&gt;&quot;"),
  ])
  func xmlEscapes(text: String, escaped: String) {
    #expect(TestReport.xml(text) == escaped)
  }

  @Test func jsonReadsBackWithTheSameCases() throws {
    let root = try JSONReader.parse(Self.report.json())
    #expect(root["tests"]?.number == 3)
    #expect(root["failures"]?.number == 1)
    #expect(root["skipped"]?.number == 1)
    let cases = try #require(root["cases"]?.elements)
    #expect(cases.map { $0["status"]?.string } == ["passed", "failed", "skipped"])
    #expect(cases[0]["time"]?.value == .null)
    #expect(cases[1]["time"]?.number == 0.25)
    #expect(cases[1]["failures"]?.elements?.count == 2)
    #expect(cases[1]["failures"]?.elements?[1]["details"]?.string == "bell \u{7} here")
    #expect(cases[2]["skipped"]?.string == "interrupted")
  }

  /// The workflow command's exact text: properties escape `%`, CR, LF, `:` and `,`; the message
  /// escapes `%`, CR and LF (`@actions/core` `command.ts`).
  @Test func githubAnnotationText() {
    let annotation = Annotation(
      .error, file: "effects/a,b.json", line: 12, title: "scrollsim check: range x",
      message: "value 1.5 (100%),\nexpected 0 … 1")
    #expect(
      annotation.command
        == "::error file=effects/a%2Cb.json,line=12,title=scrollsim check%3A range x::"
        + "value 1.5 (100%25),%0Aexpected 0 … 1")
    let bare = Annotation(.warning, file: nil, line: 3, title: "t", message: "m")
    #expect(bare.command == "::warning title=t::m")
  }
}
