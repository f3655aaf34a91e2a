import ScrollEffects
import ScrollPhysics
import ScrollTrace

/// Replays an offset trace (format v2, `kind: offset`): contentOffset samples recorded from a
/// real app, resampled to the frame clock (``OffsetResampler``) and fed straight to the effect
/// engine, bypassing the physics. Streams from a ``TraceStreamReader``: memory is constant.
/// A sample's `y` is UIKit's `contentOffset.y`; the sample the effect sees is the distance from
/// rest, `y + contentInsetTop` of the header's geometry.
///
/// Frame `n` has target time `n / refreshRate` seconds. An offset trace carries no touch state,
/// so the phase is inferred: `idle` when the resampled velocity is 0, else `decelerating`
/// (SwiftUI's name for any motion without a finger; not faithful during a drag).
public struct OffsetFrameLoop {
  /// Frames per second, in 1…1000.
  public let refreshRate: Int
  /// The scroll geometry from the trace header.
  public let geometry: ScrollGeometry
  /// The outputs the effect writes into ``values``, in order.
  public let outputs: [EffectOutput]

  private let reader: TraceStreamReader
  private var resampler = OffsetResampler()
  private var effect: CompiledEffect

  /// Index of the last computed frame; -1 before the first.
  public private(set) var frameIndex = -1
  /// The last computed frame's sample.
  public private(set) var sample: ScrollSample
  /// The last computed frame's effect outputs, one per ``outputs`` entry.
  public private(set) var values: [Double]
  /// Threshold crossings of the last computed frame.
  public private(set) var events: [EffectEvent]
  /// Whether the last computed frame is at or after the last sample.
  public private(set) var isFinished = false

  /// Prepares a replay of the offset trace `reader` is positioned on (just after its header).
  /// - Throws: ``InputError`` at line 1 field `kind` when the trace is not an offset trace, or
  ///   field `refreshRate` (line 0) when the rate is outside 1…1000.
  public init(reader: TraceStreamReader, effect: PresetEffect, refreshRate: Int) throws(InputError)
  {
    try self.init(reader: reader, effect: effect.compiled, refreshRate: refreshRate)
  }

  /// Prepares a replay of the offset trace `reader` with a compiled effect (a preset's or a spec
  /// file's).
  /// - Throws: as ``init(reader:effect:refreshRate:)`` with a preset.
  public init(reader: TraceStreamReader, effect: CompiledEffect, refreshRate: Int)
    throws(InputError)
  {
    guard reader.header.traceKind == .offset else {
      throw InputError(
        file: reader.file, line: 1, field: "kind",
        message: "an input trace; offset replay needs \"kind\":\"offset\" (format version 2)")
    }
    guard (1...1000).contains(refreshRate) else {
      throw InputError(
        file: reader.file, line: 0, field: "refreshRate",
        message: "\(refreshRate) Hz is out of range: expected 1…1000")
    }
    let scroll = reader.header.scroll
    geometry = ScrollGeometry(
      viewportHeight: scroll.viewportHeight, contentHeight: scroll.contentHeight,
      contentInsetTop: scroll.contentInsetTop, contentInsetBottom: scroll.contentInsetBottom)
    self.reader = reader
    self.refreshRate = refreshRate
    self.effect = effect
    outputs = effect.outputs
    values = Array(repeating: 0, count: outputs.count)
    events = []
    events.reserveCapacity(8)
    sample = ScrollSample(time: 0, offset: 0, velocity: 0, phase: .idle, geometry: geometry)
  }

  /// Computes the next frame (index ``frameIndex`` + 1).
  /// - Throws: ``InputError`` naming the line and field of a malformed sample.
  /// - Complexity: O(samples passed + outputs); no allocation in steady state.
  public mutating func computeNextFrame() throws(InputError) {
    frameIndex += 1
    let time = Double(frameIndex) / Double(refreshRate)
    let reader = self.reader
    let state = try resampler.resample(at: time) { () throws(InputError) -> OffsetSample? in
      guard case .offset(let sample)? = try reader.next() else { return nil }
      return sample
    }
    sample.time = time
    // Samples are `contentOffset.y`; effects read the distance from rest, which is
    // `contentOffset.y + contentInsetTop` (0 at rest whatever the inset).
    sample.offset = state.offset + geometry.contentInsetTop
    sample.velocity = state.velocity
    sample.phase = state.velocity == 0 ? .idle : .decelerating
    events.removeAll(keepingCapacity: true)
    effect.evaluate(sample, into: &values, events: &events)
    isFinished = resampler.isPastEnd
  }

  /// The frame just computed, for export.
  public var record: FrameRecord {
    FrameRecord(frame: frameIndex, sample: sample, values: values, events: events, outputs: outputs)
  }
}
