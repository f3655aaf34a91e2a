import Foundation
import ScrollEffects
import ScrollPhysics
import ScrollSimCore
import ScrollSimTestSupport
import ScrollTrace
import Testing

@testable import ScrollRuntime

/// A chain's per-view delegate callbacks through the one frame loop
/// (``FrameLoop/nestedScrollViewEvents``), frame files and `diff`'s comparison.
@Suite struct NestedFrameEventTests {
  static let path = Repository.path("traces/examples/nested-header.jsonl")

  /// Every frame of the bundled nested trace, with its chain events.
  static func frames() throws -> [FrameRecord] {
    var loop = try FrameLoop(
      trace: Trace.load(path: path), file: path, effect: nil, refreshRate: 120)
    #expect(loop.isNested)
    var records: [FrameRecord] = []
    var index = 0
    repeat {
      try loop.computeFrame(index)
      // One scroll view's list stays empty on a chain.
      #expect(loop.scrollViewEvents.isEmpty)
      records.append(FrameRecord(loop))
      index += 1
    } while !loop.isFinished && index < 10_000
    return records
  }

  /// The bundled flick (the finger moves 150 pt up, lifts; the 350 pt header collapses to its
  /// 120 pt bar, range 230, and the list scrolls on, `unified`): the list gets the drag and the
  /// deceleration once each, in UIKit's order, the header only `scrollViewDidScroll`; events
  /// come in time order, each in the first frame at or after its time; each view's last
  /// `scrollViewDidScroll` is its offset at rest; the list's announced target is where it rests.
  @Test func bundledTraceReportsEachViewsCallbacksInTimeOrder() throws {
    let records = try Self.frames()
    var all: [NestedScrollViewEvent] = []
    var previousTime = -Double.infinity
    for record in records {
      let events = try #require(record.nestedScrollViewEvents)
      #expect(record.scrollViewEvents == nil)
      for event in events {
        #expect(event.time > previousTime - 1e-12 && event.time <= record.time + 1e-9)
        #expect(event.time >= all.last?.time ?? -.infinity)
      }
      if let first = events.first { #expect(first.time > previousTime) }
      previousTime = record.time
      all += events
    }
    let list = all.filter { $0.viewName == "list" && $0.name != "scrollViewDidScroll" }
    #expect(
      list.map(\.name) == [
        "onScrollPhaseChange", "scrollViewWillBeginDragging", "onScrollPhaseChange",
        "scrollViewWillEndDragging", "scrollViewDidEndDragging",
        "scrollViewWillBeginDecelerating", "onScrollPhaseChange", "scrollViewDidEndDecelerating",
        "onScrollPhaseChange",
      ])
    let header = all.filter { $0.viewName == "header" }
    #expect(!header.isEmpty)
    #expect(header.allSatisfy { $0.name == "scrollViewDidScroll" })
    func offsets(_ view: Int) -> [Double] {
      all.compactMap {
        guard $0.view == view, case .didScroll(let offset) = $0.kind else { return nil }
        return offset
      }
    }
    // The header collapses monotonically to its range, 230 pt; the list starts only then.
    let headerOffsets = offsets(0)
    #expect(headerOffsets.last == 230)
    #expect(zip(headerOffsets, headerOffsets.dropFirst()).allSatisfy { $0 < $1 })
    let firstList = try #require(
      all.firstIndex { $0.view == 1 && $0.name == "scrollViewDidScroll" })
    let lastHeader = try #require(all.lastIndex { $0.view == 0 })
    #expect(lastHeader < firstList)
    // At rest: each view's last scrollViewDidScroll is its offset on the last frame.
    let last = try #require(records.last?.views)
    #expect(offsets(0).last == last[0].offset)
    #expect(offsets(1).last == last[1].offset)
    // The list's target is where it rests (docs/nested-scroll.md: 304.8 pt).
    guard
      case .scrollView(.willEndDragging(let velocity, let target))? = list.first(where: {
        $0.name == "scrollViewWillEndDragging"
      })?.kind
    else {
      Issue.record("no scrollViewWillEndDragging")
      return
    }
    #expect(abs(target - last[1].offset) < 1e-9)
    #expect(abs(target - 304.8) < 0.05)
    // Points per millisecond, as UIKit gives it: the 1500 pt/s flick.
    #expect(abs(velocity - 1.5) < 0.01)
    #expect(
      list.last?.kind == .scrollView(.phaseChange(old: .decelerating, new: .idle, velocity: 0)))
    guard case .scrollView(.didEndDecelerating(finished: true))? = list.dropLast().last?.kind
    else {
      Issue.record("the deceleration did not finish: \(list)")
      return
    }
  }

  /// The chain's events survive a frame file (JSON Lines and CSV, version 4) exactly, and the
  /// text form reads back to the same event for every view name (`headerN` for a middle view).
  @Test func frameFileRoundTrip() throws {
    let records = try Self.frames()
    #expect(records.contains { !($0.nestedScrollViewEvents ?? []).isEmpty })
    for format in [FrameFile.Format.jsonl, .csv] {
      let header = FrameFile.Header(
        effect: "none", refreshRate: 120, trace: Self.path, outputs: [],
        views: FrameFile.viewNames(count: 2))
      var text = FrameFile.headerLine(header, format: format)
      for record in records { text += FrameFile.line(record, outputs: [], format: format) }
      text += FrameFile.endLine(frames: records.count, format: format)
      let name = format == .csv ? "chain.csv" : "chain.jsonl"
      let reader = try FrameFileReader(input: InputSource(name: name, bytes: Array(text.utf8)))
      var read: [FrameRecord] = []
      while let record = try reader.next() { read.append(record) }
      #expect(read.count == records.count)
      for (a, b) in zip(records, read) {
        #expect(a.nestedScrollViewEvents == b.nestedScrollViewEvents, "frame \(a.frame)")
      }
      if format == .jsonl { #expect(text.contains(#""version":4,"views":["header","list"]"#)) }
    }
    // Three views: the middle one is written `header1` and read as `header1` or `1`.
    for (view, name) in [(0, "header"), (1, "header1"), (2, "list")] {
      let event = NestedScrollViewEvent(
        time: 0.25, view: view, viewCount: 3, kind: .didScroll(offset: -0.5))
      #expect(event.description == "scrollViewDidScroll(view:\(name);offset:-0.5)@0.25")
      #expect(NestedScrollViewEvent(text: event.description, viewCount: 3) == event)
    }
    let ending = NestedScrollViewEvent(
      time: 1.5, view: 1, viewCount: 3, kind: .scrollView(.didEndDecelerating(finished: false)))
    #expect(
      NestedScrollViewEvent(
        text: "scrollViewDidEndDecelerating(view:1;finished:false)@1.5", viewCount: 3)
        == ending)
    let begin = NestedScrollViewEvent(
      time: 0.1, view: 1, viewCount: 2, kind: .scrollView(.willBeginDragging))
    #expect(begin.description == "scrollViewWillBeginDragging(view:list)@0.1")
    #expect(NestedScrollViewEvent(text: begin.description, viewCount: 2) == begin)
    // Not a chain's event: no view, a view the chain lacks, a one-view text, a bad number.
    for bad in [
      "scrollViewWillBeginDragging@0.1", "scrollViewDidScroll(view:header2;offset:1)@0.1",
      "scrollViewDidScroll(view:list;offset:x)@0.1", "scrollViewDidScroll(view:list)@0.1",
      "scrollViewDidEndDecelerating(finished:true;view:list)@1",
      "scrollViewDidScroll(view:list;offset:1)",
    ] {
      #expect(NestedScrollViewEvent(text: bad, viewCount: 2) == nil, "\(bad)")
    }
  }

  /// A bad chain event in a version-4 frame file names the line and field.
  @Test func badChainEventInAFrameFile() throws {
    let header =
      #"{"effect":"e","format":"scrollsim-frames","outputs":[],"refreshRate":120,"trace":"t","version":4,"views":["header","list"]}"#
    let line =
      #"{"events":[],"frame":0,"offset":0,"outputs":{},"phase":"idle","scrollView":["scrollViewDidScroll(view:footer;offset:1)@0"],"t":0,"velocity":0,"views":{"header":{"offset":0,"velocity":0},"list":{"offset":0,"velocity":0}}}"#
    let reader = try FrameFileReader(
      input: InputSource(name: "x.jsonl", bytes: Array((header + "\n" + line + "\n").utf8)))
    do throws(InputError) {
      _ = try reader.next()
      Issue.record("accepted")
    } catch {
      #expect(error.description.hasPrefix("x.jsonl:2: scrollView[0]: "), "\(error.description)")
    }
  }

  /// `diff`'s comparison: a changed view, callback or flag differs exactly; a changed offset
  /// or time beyond its tolerance, within it not.
  @Test func comparisonDetectsAChangedChainEvent() throws {
    let scroll = NestedScrollViewEvent(
      time: 0.275, view: 1, viewCount: 2, kind: .didScroll(offset: 14.09))
    let end = NestedScrollViewEvent(
      time: 0.2, view: 1, viewCount: 2, kind: .scrollView(.didEndDragging(willDecelerate: true)))
    func record(_ events: [NestedScrollViewEvent]) -> FrameRecord {
      FrameRecord(
        frame: 33, time: 0.275, offset: 244, velocity: 1261, phase: "decelerating", values: [],
        events: [], views: [.init(offset: 230, velocity: 0), .init(offset: 14, velocity: 1261)],
        nestedScrollViewEvents: events)
    }
    let a = record([end, scroll])
    #expect(FrameComparison.compare(a, a, outputs: [], tolerances: .init()).isEmpty)
    var moved = scroll
    moved.kind = .didScroll(offset: 15)
    let offset = FrameComparison.compare(a, record([end, moved]), outputs: [], tolerances: .init())
    #expect(offset.map(\.field) == ["scrollView[1].scrollViewDidScroll(view:list).offset"])
    #expect(
      FrameComparison.compare(
        a, record([end, moved]), outputs: [], tolerances: .init(byName: ["offset": 1])
      ).isEmpty)
    let otherView = NestedScrollViewEvent(
      time: 0.275, view: 0, viewCount: 2, kind: .didScroll(offset: 14.09))
    let flag = NestedScrollViewEvent(
      time: 0.2, view: 1, viewCount: 2, kind: .scrollView(.didEndDragging(willDecelerate: false)))
    for changed in [[end, otherView], [flag, scroll], [scroll], [end, scroll, scroll]] {
      let differences = FrameComparison.compare(
        a, record(changed), outputs: [], tolerances: .init())
      #expect(differences.map(\.field) == ["scrollView"], "\(changed)")
    }
    #expect(
      FrameComparison.compare(
        a, record([end, otherView]), outputs: [], tolerances: .init(ignored: ["scrollView"])
      ).isEmpty)
  }

  /// The replay summary's per-view figures: the header's offsets span 0 … its 230 pt range and
  /// end there; the list's end where it rests, its largest; the views are kept in one buffer,
  /// updated in place frame after frame (fixed-size state, whatever the trace's length).
  @Test func replayStatisticsKeepEachViewsRange() throws {
    var loop = try FrameLoop(
      trace: Trace.load(path: Self.path), file: Self.path, effect: nil, refreshRate: 120)
    var statistics = ReplayStatistics(outputCount: 0)
    var buffer: UnsafeRawPointer?
    var index = 0
    repeat {
      try loop.computeFrame(index)
      statistics.record(loop)
      let address = statistics.views.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
      if index == 0 { buffer = address } else { #expect(address == buffer, "frame \(index)") }
      index += 1
    } while !loop.isFinished && index < 10_000
    let last = try #require(loop.nestedState)
    #expect(statistics.views.map(\.name) == ["header", "list"])
    #expect(statistics.views[0].minimumOffset == 0)
    #expect(statistics.views[0].maximumOffset == 230)
    #expect(statistics.views[0].lastOffset == 230)
    #expect(statistics.views[1].minimumOffset == 0)
    #expect(statistics.views[1].maximumOffset == last.views[1].offset)
    #expect(statistics.views[1].lastOffset == last.views[1].offset)
    #expect(abs(last.views[1].offset - 304.8) < 0.05)
    // A run of one scroll view has none.
    var plain = ReplayStatistics(outputCount: 0)
    var one = try FrameLoop(
      source: FrameInputList([], name: "plain"),
      geometry: ScrollGeometry(viewportHeight: 800, contentHeight: 2000), effect: nil,
      refreshRate: 60)
    try one.computeFrame(0)
    plain.record(one)
    #expect(plain.views.isEmpty)
  }
}
