import Foundation
import ScrollEffects
import ScrollPhysics
import ScrollTrace
import Testing

@testable import ScrollRuntime

/// The frame loop runs a user's own ``ScrollEffect`` as it runs a compiled preset: from the
/// same sample, readable by name, and a failing effect stops the run at its frame.
@Suite struct FrameLoopUserEffectTests {
  /// The collapsible header of `docs/effects.md` §5, written as a SwiftUI view's computed
  /// properties would be, from `contentOffset` and `contentInsets` (clamped, as the preset is).
  struct ProfileHeader: ScrollEffect {
    let maxHeight = 350.0
    let barTotal = 45.0 + 59 + 2 * 8
    var outputs: [EffectOutput] { CollapsibleHeader.outputs(CollapsibleHeader.Parameters()) }

    func evaluate(_ geometry: ScrollSample, into frame: inout EffectFrame) {
      let s = geometry.contentOffset.y + geometry.contentInsets.top
      frame["header.height"] = min(max(maxHeight - s, barTotal), maxHeight + 1000)
      frame["header.contentOpacity"] = min(max(1 - s / (maxHeight + barTotal), 0), 1)
      frame["bar.contentOpacity"] = min(max(s / (maxHeight + barTotal), 0), 1)
    }
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String { "the layout is not ready" }
  }

  /// Every frame of a user effect equals the compiled preset's on the same frame, bit for bit
  /// (the engine's maths and the formula of effects.md agree), on the flick with a bounce.
  @Test func aUserEffectRunsLikeThePresetItRestates() throws {
    let trace = FrameLoopReplayTests.flick
    var mine = try FrameLoop(trace: trace, file: "flick", effect: ProfileHeader(), refreshRate: 120)
    var preset = try FrameLoop(
      trace: trace, file: "flick", effect: CompiledPreset(.collapsibleHeader), refreshRate: 120)
    var frame = 0
    var moved = false
    repeat {
      try mine.computeFrame(frame)
      try preset.computeFrame(frame)
      #expect(mine.values == preset.values, "frame \(frame)")
      #expect(mine.sample == preset.sample)
      moved = moved || mine.values[0] != 350
      frame += 1
    } while !mine.isFinished
    #expect(moved && frame > 100)
    #expect(mine.value(of: "bar.contentOpacity") == mine.values[2])
    #expect(mine.frame["header.height"] == mine.values[0])
    #expect(mine.value(of: "bar.opacity") == nil)
  }

  /// A throwing effect stops the run at the frame it threw on, with its own error kept.
  @Test func aThrowingEffectStopsTheRunAtItsFrame() throws {
    let effect = ClosureEffect(
      name: "fragile", outputs: [EffectOutput(name: "o", range: 0...1, unit: .fraction)]
    ) { sample, frame in
      if sample.offset > 100 { throw Failure() }
      frame[0] = 0
    }
    var loop = try FrameLoop(
      trace: FrameLoopReplayTests.flick, file: "flick", effect: effect, refreshRate: 120)
    var frame = 0
    var caught: InputError?
    while frame < 1000 {
      do throws(InputError) { try loop.computeFrame(frame) } catch {
        caught = error
        break
      }
      frame += 1
    }
    let error = try #require(caught)
    #expect(error.kind == .effectFailed)
    #expect(error.file == "fragile")
    #expect(error.underlying is Failure)
    #expect(error.description.hasPrefix("fragile: evaluate: threw at frame \(frame) (t = "))
    #expect(error.description.hasSuffix("): the layout is not ready"))
    // The last frame computed before it is below 100 pt, the failing one above.
    #expect(loop.sample.offset > 100 && frame > 0)
  }

  /// Writing an output the effect does not declare, or resizing the values, is an error naming
  /// the name (with the closest declared one), never a trap.
  @Test func misuseOfTheFrameIsAnError() throws {
    let outputs = [EffectOutput(name: "header.height", range: 0...500, unit: .points)]
    let typo = ClosureEffect(name: "typo", outputs: outputs) { _, frame in
      frame["header.hieght"] = 1
    }
    var loop = try FrameLoop(
      trace: FrameLoopReplayTests.flick, file: "flick", effect: typo, refreshRate: 60)
    #expect {
      try loop.computeFrame(0)
    } throws: {
      ($0 as? InputError)?.description
        == "typo: header.hieght: wrote an output that is not declared, at frame 0; "
        + "did you mean 'header.height'?"
    }
    let grows = ClosureEffect(name: "grows", outputs: outputs) { _, frame in
      frame.values.append(1)
    }
    var second = try FrameLoop(
      trace: FrameLoopReplayTests.flick, file: "flick", effect: grows, refreshRate: 60)
    #expect {
      try second.computeFrame(0)
    } throws: {
      ($0 as? InputError)?.message
        == "resized the values from 1 to 2 at frame 0; write one value per declared output"
    }
  }

  /// A compiled effect sizes a wrongly sized buffer itself instead of trapping.
  @Test(arguments: [0, 2, 9])
  func aWronglySizedBufferIsResized(count: Int) {
    var effect = CompiledPreset(.collapsibleHeader)
    var values = Array(repeating: -1.0, count: count)
    var events: [EffectEvent] = []
    let geometry = ScrollGeometry(viewportHeight: 800, contentHeight: 3000, contentInsetTop: 100)
    let sample = ScrollSample(
      time: 0, offset: 239, velocity: 0, phase: .idle, geometry: geometry)
    effect.evaluate(sample, into: &values, events: &events)
    // 350 − 239 = 111 < barTotal 120; opacity 1 − 239/470 and 239/470.
    let expected: [Double] = [120, 1 - 239.0 / 470, 239.0 / 470]
    #expect(values == expected)
  }

  /// The sample in UIKit's and SwiftUI's words: at rest at the top `contentOffset.y` is
  /// `−contentInsets.top`; the seed articles' `minY` is minus the distance from rest.
  @Test func theSampleSpeaksUIKitAndSwiftUI() {
    let geometry = ScrollGeometry(
      viewportHeight: 852, contentHeight: 4000, contentInsetTop: 155, contentInsetBottom: 83)
    let sample = ScrollSample(
      time: 0.5, offset: 40, velocity: -200, phase: .bouncing, geometry: geometry)
    #expect(sample.contentOffset.y == -115)
    #expect(sample.contentOffset.y + sample.contentInsets.top == sample.offset)
    #expect(sample.adjustedContentInset == ScrollInsets(top: 155, bottom: 83))
    #expect(sample.contentSize.height == 4000)
    #expect(sample.containerSize.height == 852)
    #expect(sample.visibleRect.minY == -115 && sample.visibleRect.maxY == 737)
    #expect(sample.contentMinY == -40)
    // maxOffset = 4000 + 155 + 83 − 852 = 3386; UIKit's largest contentOffset.y is 3386 − 155.
    #expect(sample.maxContentOffsetY == 3231)
    #expect(sample.isDecelerating && !sample.isTracking)
  }
}
