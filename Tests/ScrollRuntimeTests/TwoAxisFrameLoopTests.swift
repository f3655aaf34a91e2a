import Foundation
import ScrollEffects
import ScrollPhysics
import ScrollSimTestSupport
import ScrollTrace
import Testing

@testable import ScrollRuntime

/// Two-axis runs: one ``FrameCore`` runs ``TwoAxisScrollSimulator`` when the run declares a
/// horizontal axis, feeds x to it and gives the effect `sample.horizontal`; frame files,
/// comparisons and Chrome traces carry x.
@Suite struct TwoAxisFrameLoopTests {
  /// 390 × 844 pt viewport over 1170 × 2000 pt of content: maxOffsetX 780, maxOffset 1156.
  static let vertical = ScrollGeometry(viewportHeight: 844, contentHeight: 2000)
  static let horizontal = ScrollGeometry(viewportHeight: 390, contentHeight: 1170)

  /// An effect that reads the horizontal axis: the page under the viewport (offsetX / width),
  /// from the sample of the frame it is evaluated in.
  static let pageEffect = ClosureEffect(
    name: "page", outputs: [EffectOutput(name: "page", range: 0...2, unit: .points)]
  ) { sample, frame in
    guard let axis = sample.horizontal else { throw EffectProblem.noHorizontalAxis }
    frame["page"] = axis.offset / axis.geometry.viewportHeight
  }

  enum EffectProblem: Error { case noHorizontalAxis }

  static func loop(_ inputs: [FrameInput], startX: Double = 390, effect: (any ScrollEffect)? = nil)
    throws -> FrameLoop<FrameInputList>
  {
    try FrameLoop(
      source: FrameInputList(inputs, name: "two-axis"), geometry: vertical,
      horizontalGeometry: horizontal, startOffset: ScrollVector(x: startX, y: 0), effect: effect,
      refreshRate: 100)
  }

  /// A finger moving left (and not up or down) scrolls the content right, 1:1 in range once
  /// the drag has started (the directional lock decides on the first move, docs/two-axes.md),
  /// and leaves y at rest; the effect reads the same frame's x.
  @Test func aHorizontalDragMovesXOneToOne() throws {
    var inputs = [FrameInput(time: 0, kind: .touchDown(x: 300, y: 400))]
    for step in 1...10 {
      inputs.append(
        FrameInput(
          time: Double(step) / 100, kind: .touchMove(x: 300 - 10 * Double(step + 1), y: 400)))
    }
    var loop = try Self.loop(inputs, effect: Self.pageEffect)
    #expect(loop.isTwoAxis)
    try loop.computeFrame(0)
    #expect(loop.horizontalOffset == 390)
    // From the first move on (the iOS profile has no slop, the lock is free) the content is
    // where the finger has taken it, as in a one-axis drag.
    for frame in 1...10 {
      try loop.computeFrame(frame)
      let expected = 390 + 10 * Double(frame + 1)
      #expect(loop.horizontalOffset == expected)
      #expect(loop.sample.offset == 0)
      #expect(loop.value(of: "page") == expected / 390)
    }
    #expect(loop.sample.horizontal?.geometry == Self.horizontal)
    #expect(loop.geometry == Self.vertical)
    #expect(loop.state.phase == .dragging)
  }

  /// A mouse wheel's `deltaX` moves x at once and rests there, kept in range; `deltaY` moves y.
  @Test func wheelDeltaXMovesXAtOnceKeptInRange() throws {
    var loop = try Self.loop([
      FrameInput(time: 0.01, kind: .wheel(deltaX: 100, deltaY: 30)),
      FrameInput(time: 0.02, kind: .wheel(deltaX: 1000, deltaY: 0)),
      FrameInput(time: 0.03, kind: .wheel(deltaX: -2000, deltaY: 0)),
    ])
    try loop.computeFrame(1)
    #expect(loop.horizontalOffset == 490)
    #expect(loop.sample.offset == 30)
    try loop.computeFrame(2)
    #expect(loop.horizontalOffset == 780)
    try loop.computeFrame(3)
    #expect(loop.horizontalOffset == 0)
    #expect(loop.isFinished)
  }

  /// `setContentOffset(_:animated: false)` jumps both axes; without `x` the horizontal offset
  /// stays; a width change reaches the sample's horizontal geometry.
  @Test func scrollToAndWidthChanges() throws {
    var loop = try Self.loop([
      FrameInput(time: 0.01, kind: .scrollTo(x: 700, offset: 100, animated: false)),
      FrameInput(time: 0.02, kind: .scrollTo(offset: 50, animated: false)),
      FrameInput(time: 0.03, kind: .contentWidth(2000)),
      FrameInput(time: 0.04, kind: .viewportWidth(400)),
    ])
    try loop.computeFrame(1)
    #expect(loop.horizontalOffset == 700)
    #expect(loop.sample.offset == 100)
    try loop.computeFrame(2)
    #expect(loop.horizontalOffset == 700)
    #expect(loop.sample.offset == 50)
    try loop.computeFrame(3)
    #expect(loop.sample.horizontal?.geometry.contentHeight == 2000)
    try loop.computeFrame(4)
    #expect(loop.sample.horizontal?.geometry.viewportHeight == 400)
    #expect(loop.horizontalOffset == 700)
  }

  /// A vertical run has no horizontal axis, and rejects a width change naming its field.
  @Test func aVerticalRunHasNoHorizontalAxis() throws {
    var loop = try FrameLoop(
      source: FrameInputList(
        [FrameInput(time: 0.01, kind: .contentWidth(500))], name: "vertical"),
      geometry: Self.vertical, effect: nil, refreshRate: 100)
    #expect(!loop.isTwoAxis)
    #expect(loop.sample.horizontal == nil)
    let error = #expect(throws: InputError.self) { try loop.computeFrame(1) }
    #expect(error?.field == "width")
    #expect(loop.horizontalOffset == nil)
  }

  /// A status-bar tap in a two-axis run scrolls y to the top, animated; x stays. A synthetic
  /// release (one axis's input) is rejected naming the field.
  @Test func scrollToTopScrollsYOnlyAndASyntheticReleaseIsRejected() throws {
    var loop = try Self.loop([
      FrameInput(time: 0.01, kind: .scrollTo(x: 500, offset: 300, animated: false)),
      FrameInput(time: 0.02, kind: .scrollToTop),
    ])
    var frame = 0
    repeat {
      try loop.computeFrame(frame)
      frame += 1
    } while !loop.isFinished && frame < 1000
    #expect(loop.isFinished)
    #expect(loop.sample.offset == 0)
    #expect(loop.horizontalOffset == 500)
    var release = try Self.loop([FrameInput(time: 0.01, kind: .release(offset: 0, velocity: 10))])
    let error = #expect(throws: InputError.self) { try release.computeFrame(1) }
    #expect(error?.field == "type")
  }

  /// A bad horizontal geometry is an error naming the parameter.
  @Test func aBadHorizontalGeometryIsAnError() throws {
    #expect(throws: InputError.self) {
      _ = try FrameLoop(
        source: FrameInputList([], name: "bad"), geometry: Self.vertical,
        horizontalGeometry: ScrollGeometry(viewportHeight: 390, contentHeight: 1170),
        startOffset: ScrollVector(x: 1000, y: 0), effect: nil, refreshRate: 100)
    }
  }

  /// The bundled photo viewer pan: a two-axis run from its header; the effect sees x on every
  /// frame; the horizontal flick moves x right; the animated reset ends at (0, 0).
  @Test func theBundledPhotoPanReplays() throws {
    let path = Repository.path("traces/examples/photo-pan.jsonl")
    var loop = try FrameLoop(
      trace: Trace.load(path: path), file: path, effect: Self.pageEffect, refreshRate: 120)
    #expect(loop.isTwoAxis)
    var frame = 0
    var xs: [Double] = []
    var releaseX: Double?
    repeat {
      try loop.computeFrame(frame)
      let x = try #require(loop.horizontalOffset)
      #expect(loop.value(of: "page") == x / 393)
      xs.append(x)
      if let velocity = loop.releaseVelocityX, velocity != 0 { releaseX = velocity }
      frame += 1
    } while !loop.isFinished
    // Starts 393 pt from the left; the pan moves the finger 180 pt left: 573 pt.
    #expect(xs.first == 393)
    #expect(xs[Int(0.5 * 120)] == 573)
    // The flick to the left flings the content right (positive velocity) up to the right edge.
    #expect((releaseX ?? 0) > 1000)
    #expect(xs.contains { $0 >= 786 - 1e-9 })
    #expect(xs.last == 0)
    #expect(loop.sample.offset == 0)
  }

  // MARK: Outputs

  static let record = FrameRecord(
    frame: 3, time: 0.025, offset: 12.5, velocity: -40, phase: "dragging", values: [0.5],
    events: [], scrollViewEvents: [], offsetX: 420.25, velocityX: 1200.5)

  /// Frame files of a two-axis run are version 3 with `x` and `vx` (CSV: two more columns) and
  /// read back exactly; a vertical run's are version 2, as before.
  @Test(arguments: FrameFile.Format.allCases)
  func frameFilesCarryX(_ format: FrameFile.Format) throws {
    let header = FrameFile.Header(
      effect: "page", refreshRate: 120, trace: "t", outputs: ["page"], isTwoAxis: true)
    let line = FrameFile.line(Self.record, outputs: ["page"], format: format)
    if format == .jsonl {
      #expect(FrameFile.headerLine(header, format: format).contains(#""version":3"#))
      #expect(line.hasSuffix(#""velocity":-40,"vx":1200.5,"x":420.25}"# + "\n"))
    } else {
      #expect(
        FrameFile.headerLine(header, format: format).hasSuffix(
          ",events,scroll_view,offset_x_pt,velocity_x_pt_s\n"))
    }
    let text =
      FrameFile.headerLine(header, format: format) + line
      + FrameFile.endLine(frames: 1, format: format)
    let reader = try FrameFileReader(
      lines: LineReader(bytes: Array(text.utf8), file: "f"), format: format)
    #expect(reader.header.isTwoAxis)
    #expect(try reader.next() == Self.record)
    #expect(try reader.next() == nil)
    var vertical = header
    vertical.isTwoAxis = false
    #expect(FrameFile.headerLine(vertical, format: .jsonl).contains(#""version":2"#))
  }

  /// A version-2 frame file with `x` is rejected naming the key; a version-3 frame without
  /// `vx` names `vx`.
  @Test func frameFileXNeedsVersion3() throws {
    let header = FrameFile.Header(effect: "page", refreshRate: 120, trace: "t", outputs: ["page"])
    let line = FrameFile.line(Self.record, outputs: ["page"], format: .jsonl)
    for (headerText, frame, field) in [
      (FrameFile.headerLine(header, format: .jsonl), line, "vx"),
      (
        FrameFile.headerLine(
          FrameFile.Header(
            effect: "page", refreshRate: 120, trace: "t", outputs: ["page"], isTwoAxis: true),
          format: .jsonl),
        line.replacingOccurrences(of: #","vx":1200.5"#, with: ""), "vx"
      ),
    ] {
      let reader = try FrameFileReader(
        lines: LineReader(bytes: Array((headerText + frame).utf8), file: "f"), format: .jsonl)
      let error = #expect(throws: InputError.self) { try reader.next() }
      #expect(error?.line == 2)
      #expect(error?.field == field)
    }
  }

  /// `diff` compares x and vx with their tolerances; a two-axis frame differs from a vertical
  /// one.
  @Test func comparisonComparesX() {
    var other = Self.record
    other.offsetX = 420.5
    let differences = FrameComparison.compare(
      Self.record, other, outputs: ["page"], tolerances: .init())
    #expect(differences.map(\.field) == ["x"])
    #expect(differences.first?.delta == 0.25)
    #expect(
      FrameComparison.compare(
        Self.record, other, outputs: ["page"], tolerances: .init(byName: ["x": 0.25])
      ).isEmpty)
    var vertical = Self.record
    vertical.offsetX = nil
    vertical.velocityX = nil
    #expect(
      FrameComparison.compare(Self.record, vertical, outputs: ["page"], tolerances: .init())
        .map(\.field) == ["x"])
  }

  /// Chrome traces carry x and vx as counters.
  @Test func chromeTraceCountsX() {
    var writer = ChromeTraceWriter(refreshRate: 120)
    _ = writer.begin(outputs: ["page"], title: "t")
    let text = writer.events(for: Self.record)
    #expect(text.contains(#""args":{"value":420.25},"name":"offset_x_pt""#))
    #expect(text.contains(#""args":{"value":1200.5},"name":"velocity_x_pt_s""#))
  }
}
