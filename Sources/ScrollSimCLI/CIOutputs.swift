import Foundation
import ScrollSimCore

/// Where the annotations of `--annotations` go.
package enum AnnotationStyle: String, ArgumentChoice {
  /// GitHub Actions workflow commands (`::error file=…,line=…,title=…::message`) on standard
  /// output.
  case github
  /// None (the default).
  case none
}

/// The machine-readable results of a command run for CI, declared once and shared by `check`,
/// `diff`, `replay` and `scrollsim-bench`: `--junit FILE` (JUnit XML), `--json FILE` (the same
/// results as JSON) and `--annotations github` (GitHub Actions workflow commands). Annotations
/// are printed only when asked for (never from the environment), so a command's output is the
/// same in CI and at a terminal.
package struct CIOutputs {
  /// `--junit FILE`.
  package static let junit = Option<String>(
    "junit", "FILE",
    help: "also write the results as JUnit XML (one testsuite, a testcase per case, failures "
      + "with their details), for CI systems (GitHub, GitLab, Jenkins)")
  /// `--json FILE`.
  package static let json = Option<String>(
    "json", "FILE",
    help: "also write the results as JSON: the same cases as --junit, with status passed, "
      + "failed or skipped")
  /// `--annotations STYLE`.
  package static let annotations = Option<AnnotationStyle>(
    "annotations", "STYLE",
    help: "github: also print each failure as a GitHub Actions workflow command "
      + "(::error file=…,line=…,title=…::message) on standard output, pointing at the spec, "
      + "trace or frame file line; none (default). Not switched on by GITHUB_ACTIONS")

  /// The three options, in help order.
  package static let options: [OptionInfo] = [junit.info, json.info, annotations.info]

  /// The JUnit path, or nil.
  package let junitPath: String?
  /// The JSON path, or nil.
  package let jsonPath: String?
  /// Whether to print workflow commands.
  package let annotates: Bool

  /// Reads the options from `arguments` (a command with ``junit`` but not ``json`` in its table
  /// may pass `withJSON: false`).
  /// - Throws: a usage error for an unknown annotation style.
  package init(_ arguments: ArgumentList, withJSON: Bool = true) throws(CommandError) {
    junitPath = arguments.text(Self.junit)
    jsonPath = withJSON ? arguments.text(Self.json) : nil
    annotates = try arguments.value(Self.annotations, default: .none) == .github
  }

  /// The output paths given, for ``OutputPaths`` (`--junit` and `--json` against the inputs).
  package var paths: [(option: String, path: String)] {
    (junitPath.map { [("--junit", $0)] } ?? []) + (jsonPath.map { [("--json", $0)] } ?? [])
  }

  /// Fails now, before a run, when a file asked for cannot be written: its temporary file is
  /// created beside it as the report's will be, then removed (a missing or read-only folder is
  /// exit 74 at once, not after the whole run). A path that exists and is not a regular file
  /// (a FIFO, `/dev/stdout`) is left alone: opening it now would end its reader's input.
  /// - Throws: ``CommandError/output(_:)`` naming the file.
  package func checkWritable() throws(CommandError) {
    for (_, path) in paths {
      var status = stat()
      if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG { continue }
      try OutputFile(path: path).discard()
    }
  }

  /// Whether anything is to be produced (the report need not be built otherwise).
  package var isRequested: Bool { junitPath != nil || jsonPath != nil || annotates }

  /// Writes `report` to the files asked for and prints `annotations` with `print` (standard
  /// output) when asked for.
  /// - Throws: ``CommandError/output(_:)`` for a file that cannot be written.
  package func emit(
    _ report: TestReport, annotations: [Annotation], print: (String) -> Void
  ) throws(CommandError) {
    if annotates {
      for annotation in annotations { print(annotation.command) }
    }
    if let junitPath { try OutputFile.write(report.junitXML(), to: junitPath) }
    if let jsonPath { try OutputFile.write(report.json(), to: jsonPath) }
  }
}
