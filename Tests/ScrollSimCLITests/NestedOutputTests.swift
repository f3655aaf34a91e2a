import Foundation
import ScrollRuntime
import ScrollSimCore
import ScrollSimTestSupport
import Testing

/// Each view of a nested chain in every output of a chain run (issue 16): replay's table and
/// CSV, frame files (version 4), `diff`, Chrome traces; and `check --nested`.
@Suite(.serialized) struct NestedOutputTests {
  static let trace = Repository.path("traces/examples/nested-header.jsonl")
  static let spec = Repository.path("effects/examples/nested-header.json")
  static let agree = Repository.path("effects/examples/nested-agree.json")

  static func run(_ command: String, _ arguments: [String]) -> (
    status: Int32, output: String, errors: String
  ) {
    DiffCommandTests.run(command, arguments)
  }

  /// The CSV's view columns hold the views: on every frame the header's offset and the list's
  /// add up to the combined offset (a chain without floating headers or snaps), the header's
  /// is `350 − header.height` (the spec reads the header view) and the list's is
  /// `list.contentOffset` (it reads the list view); the list moves only when the header is
  /// collapsed (230 pt), and while only the header moves its velocity is the combined one.
  @Test func csvColumnsHoldEachView() throws {
    let run = Self.run("replay", [Self.trace, "--effects", Self.spec, "--format", "csv"])
    #expect(run.status == 0, "\(run.errors)")
    let rows = run.output.split(separator: "\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    let names = try #require(rows.first)
    #expect(
      Array(names.suffix(4)) == [
        "header_offset_pt", "header_velocity_pt_s", "list_offset_pt", "list_velocity_pt_s",
      ])
    func column(_ name: String) throws -> Int { try #require(names.firstIndex(of: name)) }
    let (offset, velocity) = (try column("offset_pt"), try column("velocity_pt_s"))
    let (header, headerV) = (try column("header_offset_pt"), try column("header_velocity_pt_s"))
    let (list, listV) = (try column("list_offset_pt"), try column("list_velocity_pt_s"))
    let (height, content) = (try column("header.height"), try column("list.contentOffset"))
    var frames = 0
    var listMoved = 0
    for (i, row) in rows.dropFirst().enumerated() where row.count == names.count {
      let value = { (k: Int) in Double(row[k])! }
      frames += 1
      // Offsets are rounded to 0.001 pt, outputs to 0.0001.
      #expect(abs(value(header) + value(list) - value(offset)) <= 2e-3, "frame \(i)")
      #expect(abs(value(header) - (350 - value(height))) <= 1e-3, "frame \(i)")
      #expect(abs(value(list) - value(content)) <= 1e-3, "frame \(i)")
      #expect((0...230).contains(value(header)), "frame \(i)")
      if value(list) > 0 {
        listMoved += 1
        #expect(value(header) == 230, "frame \(i)")
      } else if value(header) > 0 && value(header) < 230 {
        #expect(value(headerV) == value(velocity), "frame \(i)")
        #expect(value(listV) == 0, "frame \(i)")
      }
    }
    #expect(frames >= 100)
    #expect(listMoved > 20)
  }

  /// The table names the view columns after the combined ones.
  @Test func tableColumns() {
    let run = Self.run("replay", [Self.trace, "--effects", Self.spec])
    #expect(run.status == 0, "\(run.errors)")
    let header = run.output.split(separator: "\n").first.map(String.init) ?? ""
    #expect(
      header.contains(
        "velocity_pt_s  header_offset_pt  header_velocity_pt_s  list_offset_pt  "
          + "list_velocity_pt_s  phase"), "\(header)")
  }

  /// A chain's frame file is version 4 with its views named in the header and given on every
  /// frame; the CSV frame file carries the same numbers (diff finds them equal at tolerance 0);
  /// a one-axis run still writes version 2 without them.
  @Test func frameFiles() throws {
    let jsonl = DiffCommandTests.temporary("chain.jsonl")
    let csv = DiffCommandTests.temporary("chain.csv")
    for path in [jsonl, csv] {
      let run = Self.run(
        "replay", [Self.trace, "--effects", Self.spec, "--summary-only", "--out", path])
      #expect(run.status == 0, "\(run.errors)")
    }
    let text = try String(contentsOfFile: jsonl, encoding: .utf8)
    let lines = text.split(separator: "\n")
    #expect(lines[0].hasSuffix(#""version":4,"views":["header","list"]}"#), "\(lines[0])")
    #expect(lines[40].contains(#","views":{"header":{"offset":"#), "\(lines[40])")
    let reader = try FrameFileReader(path: jsonl)
    #expect(reader.header.views == ["header", "list"])
    var records = 0
    while let record = try reader.next() {
      let views = try #require(record.views)
      #expect(views.count == 2)
      #expect(abs(views[0].offset + views[1].offset - record.offset) < 1e-9)
      records += 1
    }
    #expect(records == lines.count - 2)
    let csvReader = try FrameFileReader(path: csv)
    #expect(csvReader.header.views == ["header", "list"])
    let same = Self.run("diff", [jsonl, csv])
    #expect(same.status == 0, "\(same.output)\(same.errors)")
    // A one-axis run: version 2, no views.
    let plain = DiffCommandTests.temporary("plain.jsonl")
    let run = Self.run(
      "replay",
      [
        Repository.path("traces/swipe-shield/gesture-01.jsonl"), "--summary-only", "--out",
        plain,
      ])
    #expect(run.status == 0, "\(run.errors)")
    let first = try String(contentsOfFile: plain, encoding: .utf8).prefix { $0 != "\n" }
    #expect(first.hasSuffix(#""version":2}"#))
    #expect(try FrameFileReader(path: plain).next()?.views == nil)
  }

  /// `diff` compares each view: a list offset changed by 0.5 pt on one frame is a difference
  /// named `views.list.offset`, within `--tolerance views.list.offset=1` or with `--ignore
  /// views` it matches, and a tolerance for a view the files lack is a usage error.
  @Test func diffComparesViews() throws {
    let a = DiffCommandTests.temporary("a.jsonl")
    let run = Self.run(
      "replay", [Self.trace, "--effects", Self.spec, "--summary-only", "--out", a])
    #expect(run.status == 0, "\(run.errors)")
    var lines = try String(contentsOfFile: a, encoding: .utf8).split(separator: "\n").map(
      String.init)
    // Frame 60: the list has moved (the handover is near frame 32).
    let line = lines[61]
    let record = try #require(
      try FrameFileReader(
        input: InputSource(name: "x.jsonl", bytes: Array((lines[0] + "\n" + line + "\n").utf8))
      )
      .next())
    let list = try #require(record.views?[1].offset)
    #expect(list > 100)
    lines[61] = line.replacingOccurrences(
      of: #""list":{"offset":\#(NumberText.text(list))"#,
      with: #""list":{"offset":\#(NumberText.text(list + 0.5))"#)
    #expect(lines[61] != line)
    let b = DiffCommandTests.temporary("b.jsonl")
    try (lines.joined(separator: "\n") + "\n").write(toFile: b, atomically: true, encoding: .utf8)
    let differs = Self.run("diff", [a, b])
    #expect(differs.status == 1, "\(differs.errors)")
    #expect(differs.output.contains("views.list.offset"), "\(differs.output)")
    #expect(differs.output.contains("1 of "), "\(differs.output)")
    let within = Self.run("diff", [a, b, "--tolerance", "views.list.offset=1"])
    #expect(within.status == 0, "\(within.output)\(within.errors)")
    // `--ignore views` skips every view (a chain against a flat run on the combined offset).
    let ignored = Self.run("diff", [a, b, "--ignore", "views"])
    #expect(ignored.status == 0, "\(ignored.output)\(ignored.errors)")
    let unknown = Self.run("diff", [a, b, "--tolerance", "views.lits.offset=1"])
    #expect(unknown.status == 64)
    #expect(unknown.errors.contains("no field 'views.lits.offset'"), "\(unknown.errors)")
    #expect(unknown.errors.contains("did you mean 'views.list.offset'"), "\(unknown.errors)")
  }

  /// The Chrome trace has a counter per view offset and velocity.
  @Test func chromeTraceCounters() throws {
    let path = DiffCommandTests.temporary("chain.trace.json")
    let run = Self.run(
      "replay", [Self.trace, "--effects", Self.spec, "--summary-only", "--trace-events", path])
    #expect(run.status == 0, "\(run.errors)")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    for name in [
      "header_offset_pt", "header_velocity_pt_s", "list_offset_pt", "list_velocity_pt_s",
    ] {
      #expect(text.contains(#""name":"\#(name)","ph":"C""#), "\(name)")
    }
  }

  /// Bad version-4 frame files name the line and field.
  @Test(arguments: [
    (
      #"{"events":[],"frame":0,"offset":0,"outputs":{},"phase":"idle","t":0,"velocity":0}"#,
      "x.jsonl:2: views: missing"
    ),
    (
      #"{"events":[],"frame":0,"offset":0,"outputs":{},"phase":"idle","t":0,"velocity":0,"views":{"header":{"offset":0,"velocity":0},"lisst":{"offset":0,"velocity":0}}}"#,
      "x.jsonl:2: lisst: unknown key: expected header, list; did you mean 'list'?"
    ),
    (
      #"{"events":[],"frame":0,"offset":0,"outputs":{},"phase":"idle","t":0,"velocity":0,"views":{"header":{"offset":0,"velocity":0},"list":{"offset":0}}}"#,
      "x.jsonl:2: views.list.velocity: missing"
    ),
  ])
  func badFrameFiles(line: String, message: String) throws {
    let header =
      #"{"effect":"e","format":"scrollsim-frames","outputs":[],"refreshRate":120,"trace":"t","version":4,"views":["header","list"]}"#
    let reader = try FrameFileReader(
      input: InputSource(name: "x.jsonl", bytes: Array((header + "\n" + line + "\n").utf8)))
    do throws(InputError) {
      _ = try reader.next()
      Issue.record("accepted")
    } catch {
      #expect(error.description.hasPrefix(message), "\(error.description)")
    }
  }

  /// `check --nested`: the bundled agreement spec passes on the bundled chain; a broken one
  /// (the title on the combined offset) fails with exit 1 naming the frame, gesture, device
  /// and both outputs' values; bad input is an error naming the file, line and field.
  @Test func checkNested() throws {
    let pass = Self.run("check", [Self.agree, "--nested", Self.trace])
    #expect(pass.status == 0, "\(pass.output)\(pass.errors)")
    #expect(pass.output.contains("1 device × 8 gestures"), "\(pass.output)")
    #expect(pass.output.contains("No violations."), "\(pass.output)")

    let text = try String(contentsOfFile: Self.agree, encoding: .utf8)
    let broken = DiffCommandTests.temporary("broken.json")
    try text.replacingOccurrences(
      of: #""trigger": {"timeline": "list", "start": 1"#,
      with: #""trigger": {"timeline": "combined", "start": 100"#
    ).write(toFile: broken, atomically: true, encoding: .utf8)
    let fail = Self.run("check", [broken, "--nested", Self.trace, "--gesture", "slow-drag"])
    #expect(fail.status == 1, "\(fail.output)\(fail.errors)")
    #expect(
      fail.output.contains("FAIL disagreement list.titleVisible onlyWhile header.collapsed"),
      "\(fail.output)")
    #expect(fail.output.contains("slow-drag on chain, frame "), "\(fail.output)")
    #expect(
      fail.output.contains("list.titleVisible = 1, header.collapsed = 0"), "\(fail.output)")
    #expect(
      fail.output.contains(
        "reproduce: scrollsim check \(broken) --nested \(Self.trace) "
          + "--gesture slow-drag"), "\(fail.output)")

    let missing = DiffCommandTests.temporary("missing.json")
    try text.replacingOccurrences(
      of: #""with": "header.collapsed""#, with: #""with": "header.colapsed""#
    ).write(toFile: missing, atomically: true, encoding: .utf8)
    let bad = Self.run("check", [missing, "--nested", Self.trace])
    #expect(bad.status == 65)
    #expect(
      bad.errors.contains("\(missing):28:66: error: $.agree[0].with: 'header.colapsed'"),
      "\(bad.errors)")

    let noChain = Self.run(
      "check", [Self.agree, "--nested", Repository.path("traces/examples/photo-pan.jsonl")])
    #expect(noChain.status == 65)
    #expect(
      noChain.errors.contains("photo-pan.jsonl:1: error: nested: missing"), "\(noChain.errors)")

    let withoutChain = Self.run("check", [Self.agree])
    #expect(withoutChain.status == 65)
    #expect(
      withoutChain.errors.contains(
        "nested-agree.json:6:58: error: $.timelines[0].scrollView: timeline 'header' reads scroll view "
          + "'header', and this run is one scroll view"), "\(withoutChain.errors)")

    let device = Self.run("check", [Self.agree, "--nested", Self.trace, "--device", "landscape"])
    #expect(device.status == 64)
    let shrink = Self.run(
      "check", [Self.agree, "--nested", Self.trace, "--gesture", "content-shrinks"])
    #expect(shrink.status == 64)
    #expect(shrink.errors.contains("fixed layout"), "\(shrink.errors)")
  }
}
