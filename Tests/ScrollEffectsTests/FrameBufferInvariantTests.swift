import Foundation
import ScrollPhysics
import ScrollSimTestSupport
import Testing

@testable import ScrollEffects

/// The frame buffers' invariants (``CompiledEffect/FrameBuffers/invariantViolations()``), which
/// every debug build asserts after compiling or copying an effect: they hold for every shipped
/// spec, the preset group, the generated specs, with and without the folds; and each kind of
/// corruption the frame could not survive (an index past a buffer, an output read before it
/// is written or never written) is named.
@Suite struct FrameBufferInvariantTests {
  /// The shipped specs: the presets, `effects/*.json` and `effects/examples/*.json`.
  static func shippedSpecs() throws -> [EffectSpec] {
    var specs = EffectPreset.allCases.map { CompiledPreset($0).compiled.spec }
    specs.append(try EffectSpec.group(specs))
    for folder in ["effects", "effects/examples"] {
      let path = Repository.path(folder)
      for name in try FileManager.default.contentsOfDirectory(atPath: path).sorted()
      where name.hasSuffix(".json") {
        specs.append(try EffectSpec.load(path: path + "/" + name))
      }
    }
    return specs
  }

  @Test func holdForEveryShippedSpecFoldedOrNot() throws {
    let specs = try Self.shippedSpecs()
    #expect(specs.count >= 14)
    for spec in specs {
      for folding in [true, false] {
        let state = try FrameProgramFoldingTests.frameState(spec, folding: folding)
        #expect(state.buffers.invariantViolations() == [], "\(spec.name), folding \(folding)")
      }
    }
  }

  @Test(arguments: 0..<16)
  func holdForGeneratedSpecs(seed: Int) throws {
    for spec in [
      FrameProgramFoldingTests.lineSpec(seed: UInt64(seed) * 7 + 3),
      FrameProgramFoldingTests.generalSpec(seed: UInt64(seed) + 1),
      GeneratedSpecTests.spec(seed: UInt64(seed) + 1),
    ] {
      let state = try FrameProgramFoldingTests.frameState(spec, folding: true)
      #expect(state.buffers.invariantViolations() == [], "\(spec.name)")
    }
  }

  /// `buffers` with its ``CompiledEffect/FrameBuffers/Level0`` changed by `change` (the
  /// pointers are shared: nothing is run).
  static func with(
    _ b: CompiledEffect.FrameBuffers, _ change: (inout CompiledEffect.FrameBuffers.Level0) -> Void
  ) -> CompiledEffect.FrameBuffers {
    var level0 = b.level0
    change(&level0)
    return CompiledEffect.FrameBuffers(
      timelines: b.timelines, slots: b.slots, programs: b.programs, lines: b.lines,
      copies: b.copies, generals: b.generals, pieceWords: b.pieceWords, pieceRuns: b.pieceRuns,
      level0: level0, segments: b.segments, stops: b.stops, keyframes: b.keyframes,
      beziers: b.beziers, terms: b.terms, smoothers: b.smoothers, decayClasses: b.decayClasses,
      motion: b.motion, history: b.history, readsOtherAxes: b.readsOtherAxes,
      slotEnds: b.slotEnds)
  }

  /// The Apple Music header: its flag (`titlePinned`) at level 0, the bar's opacity a level-1
  /// copy of it.
  @Test func corruptionsAreNamed() throws {
    let spec = CompiledPreset(.appleMusic).compiled.spec
    let state = try FrameProgramFoldingTests.frameState(spec, folding: true)
    let b = state.buffers
    #expect(b.level0.flags.count == 1 && b.level0.outputCopies.count == 1)
    let flag = b.programs[b.level0.flags.lowerBound].output

    // The flag never runs: its output is never written, and the copy reads it unwritten.
    let noFlag = Self.with(b) { $0.flags = 0..<0 }.invariantViolations()
    #expect(noFlag.contains("output \(flag) is written 0 times a frame"), "\(noFlag)")
    #expect(noFlag.contains { $0.hasSuffix("reads output \(flag) before any program writes it") })
    #expect(
      noFlag.contains("flag \(b.level0.flags.lowerBound) runs 0 times a frame"), "\(noFlag)")

    // A range one record past its buffer.
    let past = Self.with(b) { $0.affine = $0.affine.lowerBound..<(b.lines.count + 1) }
      .invariantViolations()
    #expect(
      past.contains(
        "affine lines \(b.level0.affine.lowerBound)..<\(b.lines.count + 1) is outside 0..<\(b.lines.count)"
      ), "\(past)")

    // The same line run twice: its output written twice.
    let twice = Self.with(b) { $0.kinked = $0.affine }.invariantViolations()
    #expect(twice.contains { $0.hasPrefix("line ") && $0.hasSuffix("runs 2 times a frame") })
    #expect(twice.contains { $0.hasSuffix("is written 2 times a frame") }, "\(twice)")
  }
}
