import Foundation
import ScrollSimTestSupport
import Testing

/// A chain's per-view delegate callbacks in `scrollsim replay`'s table and CSV, its frame
/// files and `diff` (docs/nested-scroll.md, "Delegate callbacks of a chain").
@Suite(.serialized) struct NestedEventOutputTests {
  static let trace = Repository.path("traces/examples/nested-header.jsonl")

  /// The CSV's `scroll_view` column carries the header's and the list's callbacks in time
  /// order: the list's drag and deceleration, the header's `scrollViewDidScroll` up to its
  /// 230 pt range, then the list's; the table shows the same texts.
  @Test func replayShowsEachViewsCallbacks() throws {
    let run = DiffCommandTests.run("replay", [Self.trace, "--format", "csv"])
    #expect(run.status == 0, "\(run.errors)")
    let rows = run.output.split(separator: "\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    let column = try #require(rows.first?.firstIndex(of: "scroll_view"))
    let events = rows.dropFirst().flatMap { row in
      row.count > column ? row[column].split(separator: " ").map(String.init) : []
    }
    let times = events.compactMap { Double($0[$0.index(after: $0.lastIndex(of: "@")!)...]) }
    #expect(times.count == events.count)
    #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
    let names = events.map { String($0.prefix { $0 != "@" && $0 != "(" }) }
    func first(_ prefix: String) -> Int? { events.firstIndex { $0.hasPrefix(prefix) } }
    let begin = try #require(first("scrollViewWillBeginDragging(view:list)@"))
    let end = try #require(first("scrollViewWillEndDragging(view:list;velocity:"))
    let didEnd = try #require(first("scrollViewDidEndDragging(view:list;willDecelerate:true)@"))
    let decelerate = try #require(first("scrollViewWillBeginDecelerating(view:list)@"))
    let header = try #require(first("scrollViewDidScroll(view:header;offset:230)@"))
    let list = try #require(first("scrollViewDidScroll(view:list;offset:"))
    let finished = try #require(first("scrollViewDidEndDecelerating(view:list;finished:true)@"))
    #expect(begin < end && end < didEnd && didEnd < decelerate && decelerate < header)
    #expect(header < list && list < finished)
    #expect(names.filter { $0 == "scrollViewWillBeginDragging" }.count == 1)
    #expect(names.filter { $0 == "scrollViewDidEndDecelerating" }.count == 1)
    let table = DiffCommandTests.run("replay", [Self.trace])
    #expect(table.status == 0)
    #expect(table.output.contains("scrollViewDidScroll(view:header;offset:230)@"))
    #expect(table.output.contains("scrollViewDidEndDecelerating(view:list;finished:true)@"))
  }

  /// A frame file of the chain (JSON Lines and CSV) reads back equal to itself and to the
  /// other format; a changed chain event (another view, another offset) is a difference.
  @Test func diffDetectsAChangedChainEvent() throws {
    let jsonl = DiffCommandTests.temporary("chain-events.jsonl")
    let csv = DiffCommandTests.temporary("chain-events.csv")
    for out in [jsonl, csv] {
      let run = DiffCommandTests.run("replay", [Self.trace, "--summary-only", "--out", out])
      #expect(run.status == 0, "\(run.errors)")
    }
    let same = DiffCommandTests.run("diff", [jsonl, csv])
    #expect(same.status == 0, "\(same.output)\(same.errors)")
    let text = try String(contentsOfFile: jsonl, encoding: .utf8)
    #expect(text.contains(#""scrollView":["scrollViewWillBeginDragging(view:list)@"#))
    let marker = "scrollViewDidScroll(view:header;offset:230)@"
    #expect(text.contains(marker))
    for (replacement, field) in [
      ("scrollViewDidScroll(view:list;offset:230)@", "scrollView"),
      (
        "scrollViewDidScroll(view:header;offset:229)@",
        "scrollView[0].scrollViewDidScroll(view:header).offset"
      ),
    ] {
      let changed = DiffCommandTests.temporary("chain-events-changed.jsonl")
      try text.replacingOccurrences(of: marker, with: replacement)
        .write(toFile: changed, atomically: true, encoding: .utf8)
      let differs = DiffCommandTests.run("diff", [jsonl, changed])
      #expect(differs.status == 1, "\(differs.errors)")
      #expect(differs.output.contains(" \(field) "), "\(differs.output)")
      let ignored = DiffCommandTests.run("diff", [jsonl, changed, "--ignore", "scrollView"])
      #expect(ignored.status == 0, "\(ignored.output)")
    }
  }

  /// The summary gives each view's contentOffset range and last offset: in text and in
  /// `--format json` ("views"); a one-view run's JSON has no "views".
  @Test func summaryHasEachViewsRange() throws {
    let text = DiffCommandTests.run("replay", [Self.trace, "--summary-only"])
    #expect(text.status == 0, "\(text.errors)")
    #expect(
      text.output.contains(
        "Views (contentOffset min … max, at the end): header 0.000 … 230.000 pt, 230.000 pt; "
          + "list 0.000 … 304.806 pt, 304.806 pt."), "\(text.output)")
    let json = DiffCommandTests.run("replay", [Self.trace, "--summary-only", "--format", "json"])
    #expect(json.status == 0, "\(json.errors)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let views = try #require(object["views"] as? [[String: Any]])
    #expect(views.map { $0["name"] as? String } == ["header", "list"])
    #expect(views[0]["maximumOffset"] as? Double == 230)
    #expect(views[0]["minimumOffset"] as? Double == 0)
    let list = try #require(views[1]["lastOffset"] as? Double)
    #expect(abs(list - 304.806) < 0.001)
    let plain = DiffCommandTests.run(
      "replay",
      [
        Repository.path("traces/swipe-shield/gesture-01.jsonl"), "--summary-only", "--format",
        "json",
      ])
    #expect(plain.status == 0, "\(plain.errors)")
    #expect(!plain.output.contains(#""views""#))
  }
}
