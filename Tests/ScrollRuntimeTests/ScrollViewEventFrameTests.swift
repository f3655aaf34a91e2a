import Foundation
import ScrollEffects
import ScrollPhysics
import ScrollSimCore
import ScrollSimTestSupport
import ScrollTrace
import Testing

@testable import ScrollRuntime

/// Scroll view events through the frame loop and every frame format: each reported in the first
/// frame at or after its time, completions over real traces, the frame files read back.
struct ScrollViewEventFrameTests {
  static let bundled = (1...9).map { "traces/swipe-shield/gesture-0\($0).jsonl" }

  /// Every frame of `trace` at `hz` until the view rests.
  static func frames(
    _ trace: Trace, hz: Int = 120, hook: ScrollSimulator.WillEndDraggingHook? = nil
  ) throws -> [(time: Double, state: ScrollState, events: [ScrollViewEvent])] {
    var loop = try FrameLoop(trace: trace, file: "t", effect: nil, refreshRate: hz)
    loop.willEndDragging = hook
    var frames: [(time: Double, state: ScrollState, events: [ScrollViewEvent])] = []
    var index = 0
    repeat {
      try loop.computeFrame(index)
      frames.append((loop.sample.time, loop.state, loop.scrollViewEvents))
      index += 1
    } while !loop.isFinished && index < 100_000
    return frames
  }

  static func trace(_ lines: [String]) throws -> Trace {
    let header =
      #"{"device":{"refreshRate":120,"scale":3,"screenHeight":852,"screenWidth":393},"#
      + #""format":"scrollsim-trace","kind":"input","physics":"ios","scroll":{"contentHeight":5000,"contentInsetBottom":0,"#
      + #""contentInsetTop":0,"startOffset":0,"viewportHeight":852},"#
      + #""units":{"length":"pt","time":"s"},"version":2}"#
    return try Trace.parse(([header] + lines).joined(separator: "\n") + "\n", file: "t.jsonl")
  }

  @Test(arguments: bundled)
  func realTracesEndEveryMotionOnceAndNothingMovesAfter(path: String) throws {
    let trace = try Trace.load(path: Repository.path(path))
    let frames = try Self.frames(trace)
    let inputTimes = trace.events.map(\.time)
    var previousTime = -Double.infinity
    var running = false
    var finishedAt: (time: Double, offset: Double)?
    for frame in frames {
      for event in frame.events {
        // Reported in the first frame at or after its time, in order.
        #expect(event.time <= frame.time && event.time > previousTime, "\(path) \(event)")
        if case .willBeginDecelerating = event.kind {
          #expect(!running)
          running = true
        }
        if event.isCompletion {
          #expect(running, "\(path): \(event) without a motion")
          running = false
          finishedAt = event.finished == true ? (event.time, frame.state.offset) : nil
        }
      }
      if let done = finishedAt {
        if inputTimes.contains(where: { $0 > done.time && $0 <= frame.time }) {
          finishedAt = nil
        } else {
          #expect(frame.state.offset == done.offset, "\(path): moved after a finished completion")
        }
      }
      previousTime = frame.time
    }
    #expect(!running, "\(path): a motion without its completion")
  }

  @Test func eventsAreReportedInTheFirstFrameAtOrAfterThemAcrossMissedFrames() throws {
    let trace = try Self.trace([
      #"{"t":0.01,"type":"down","x":100,"y":700}"#,
      #"{"t":0.02,"type":"move","x":100,"y":650}"#, #"{"t":0.03,"type":"move","x":100,"y":600}"#,
      #"{"t":0.04,"type":"up","x":100,"y":550}"#,
    ])
    var loop = try FrameLoop(trace: trace, file: "t", effect: nil, refreshRate: 60)
    var all: [ScrollViewEvent] = []
    // Frames 1 and 2 are missed: their events come in frame 3.
    for index in [0, 3] {
      try loop.computeFrame(index)
      all += loop.scrollViewEvents
    }
    #expect(all.map(\.time) == [0.01, 0.02, 0.02, 0.04, 0.04, 0.04, 0.04])
    #expect(
      all.map(\.name) == [
        "onScrollPhaseChange", "scrollViewWillBeginDragging", "onScrollPhaseChange",
        "scrollViewWillEndDragging", "scrollViewDidEndDragging",
        "scrollViewWillBeginDecelerating", "onScrollPhaseChange",
      ])
    var index = 4
    var completion: ScrollViewEvent?
    while !loop.isFinished {
      try loop.computeFrame(index)
      if let event = loop.scrollViewEvents.first(where: \.isCompletion) {
        completion = event
        #expect(event.time <= loop.sample.time && event.time > loop.targetTime(ofFrame: index - 1))
      }
      index += 1
    }
    #expect(completion?.kind == .didEndDecelerating(finished: true))
  }

  @Test func scrollToTopLineAnimatesToTheTop() throws {
    let trace = try Self.trace([
      #"{"animated":false,"t":0.1,"type":"scrollTo","y":2000}"#, #"{"t":0.5,"type":"scrollToTop"}"#,
    ])
    let frames = try Self.frames(trace)
    let events = frames.flatMap(\.events)
    #expect(
      events.map(\.name) == [
        "jump", "onScrollPhaseChange", "scrollViewDidScrollToTop", "onScrollPhaseChange",
      ])
    #expect(events[0].kind == .jump(from: 0, to: 2000))
    #expect(events[2].kind == .didScrollToTop(finished: true))
    #expect(frames.last?.state.offset == 0)
  }

  @Test func scrollToTopWhileTheFingerIsDownNamesTheLine() {
    let error = #expect(throws: InputError.self) {
      _ = try Self.trace([
        #"{"t":0.1,"type":"down","x":100,"y":700}"#, #"{"t":0.2,"type":"scrollToTop"}"#,
      ])
    }
    #expect(error?.line == 3)
    #expect(error?.message.contains("scrollToTop while the finger is down (since line 2)") == true)
    #expect(throws: InputError.self) {
      _ = try Self.trace([#"{"t":0.1,"type":"scrollToTop","y":3}"#])
    }
  }

  @Test func hookWithANonFiniteTargetNamesTheLiftLine() throws {
    let trace = try Self.trace([
      #"{"t":0.01,"type":"down","x":100,"y":700}"#,
      #"{"t":0.02,"type":"move","x":100,"y":650}"#, #"{"t":0.03,"type":"up","x":100,"y":600}"#,
    ])
    let error = #expect(throws: InputError.self) {
      _ = try Self.frames(trace, hook: { _, target in target = .infinity })
    }
    #expect(error?.line == 4)
    #expect(error?.field == "targetContentOffset")
  }

  @Test func hookTargetLandsThroughTheLoop() throws {
    let trace = try Self.trace([
      #"{"t":0.01,"type":"down","x":100,"y":700}"#,
      #"{"t":0.02,"type":"move","x":100,"y":650}"#, #"{"t":0.03,"type":"up","x":100,"y":600}"#,
    ])
    let frames = try Self.frames(trace, hook: { _, target in target = 1000 })
    #expect(frames.last?.state == ScrollState(offset: 1000, velocity: 0, phase: .idle))
  }

  @Test(arguments: FrameFile.Format.allCases)
  func frameFilesCarryScrollViewEventsAndReadBack(format: FrameFile.Format) throws {
    let events = [
      ScrollViewEvent(time: 0.04, kind: .willEndDragging(velocity: 1.25, targetContentOffset: 900)),
      ScrollViewEvent(time: 0.04, kind: .didEndDragging(willDecelerate: true)),
    ]
    let records = [
      FrameRecord(
        frame: 0, time: 0, offset: 0, velocity: 0, phase: "idle", values: [1], events: [],
        scrollViewEvents: []),
      FrameRecord(
        frame: 5, time: 5.0 / 120, offset: 3, velocity: 1250, phase: "decelerating",
        values: [2], events: ["a:enter"], scrollViewEvents: events),
    ]
    let header = FrameFile.Header(effect: "e", refreshRate: 120, trace: "t", outputs: ["a"])
    var text = FrameFile.headerLine(header, format: format)
    for record in records { text += FrameFile.line(record, outputs: ["a"], format: format) }
    text += FrameFile.endLine(frames: 2, format: format)
    let reader = try FrameFileReader(
      lines: LineReader(bytes: Array(text.utf8), file: "f"), format: format)
    var read: [FrameRecord] = []
    while let record = try reader.next() { read.append(record) }
    #expect(read == records)
  }

  @Test func versionOneFramesAreStillRead() throws {
    let text =
      #"{"effect":"e","format":"scrollsim-frames","outputs":["a"],"refreshRate":60,"trace":"t","version":1}"#
      + "\n"
      + #"{"events":[],"frame":0,"offset":0,"outputs":{"a":1},"phase":"idle","t":0,"velocity":0}"#
      + "\n"
    let reader = try FrameFileReader(
      lines: LineReader(bytes: Array(text.utf8), file: "f"), format: .jsonl)
    let record = try #require(try reader.next())
    #expect(record.scrollViewEvents == nil)
    // A version-1 file with the version-2 key is an error naming the key.
    let bad = text.replacingOccurrences(
      of: #""phase":"idle","#, with: #""phase":"idle","scrollView":[],"#)
    let strict = try FrameFileReader(
      lines: LineReader(bytes: Array(bad.utf8), file: "f"), format: .jsonl)
    let error = #expect(throws: InputError.self) { try strict.next() }
    #expect(error?.field == "scrollView")
  }

  @Test func aBadScrollViewEventNamesItsIndex() throws {
    let text =
      FrameFile.headerLine(
        FrameFile.Header(effect: "e", refreshRate: 60, trace: "t", outputs: []), format: .jsonl)
      + #"{"events":[],"frame":0,"offset":0,"outputs":{},"phase":"idle","scrollView":["scrollViewWillBeginDragging@0","nope@1"],"t":0,"velocity":0}"#
      + "\n"
    let reader = try FrameFileReader(
      lines: LineReader(bytes: Array(text.utf8), file: "f"), format: .jsonl)
    let error = #expect(throws: InputError.self) { try reader.next() }
    #expect(error?.line == 2 && error?.field == "scrollView[1]")
  }

  @Test func chromeTraceHasTheEventsAsInstantsAtTheirTime() {
    var writer = ChromeTraceWriter(refreshRate: 120)
    _ = writer.begin(outputs: [], title: "t")
    let record = FrameRecord(
      frame: 3, time: 0.025, offset: 0, velocity: 0, phase: "idle", values: [], events: [],
      scrollViewEvents: [ScrollViewEvent(time: 0.02, kind: .didEndDecelerating(finished: true))])
    let text = writer.events(for: record)
    #expect(
      text.contains(
        #"{"args":{"event":"scrollViewDidEndDecelerating(finished:true)@0.02"},"name":"scrollViewDidEndDecelerating","ph":"i","pid":1,"s":"t","tid":1,"ts":20000}"#
      ))
  }
}
