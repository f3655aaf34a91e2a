import Foundation
import ScrollEffects
import ScrollPhysics
import Testing

/// A phone-sized geometry with a long list.
let phoneGeometry = ScrollGeometry(viewportHeight: 852, contentHeight: 3000)

/// A sample at offset `s` points and time `t` seconds.
func sample(
  _ s: Double, time t: Double = 0, geometry: ScrollGeometry = phoneGeometry
) -> ScrollSample {
  ScrollSample(time: t, offset: s, velocity: 0, phase: .dragging, geometry: geometry)
}

/// Whether `a` and `b` agree within `tolerance` (absolute).
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-12) -> Bool {
  abs(a - b) <= tolerance
}

/// Offsets from −1e6 to 1e6: a log-spaced sweep both ways, a dense sweep around the layouts'
/// thresholds, and the edge values (0, ±∞, the extremes of Double).
let sweepOffsets: [Double] = {
  var offsets: [Double] = [
    0, -0.0, .infinity, -.infinity, .greatestFiniteMagnitude,
    -.greatestFiniteMagnitude, .leastNonzeroMagnitude, 1e6, -1e6,
  ]
  for i in 0...2000 {
    let magnitude = pow(10, -3 + 9 * Double(i) / 2000)
    offsets.append(magnitude)
    offsets.append(-magnitude)
  }
  for i in 0...3000 { offsets.append(-500 + Double(i) * 0.5) }
  return offsets
}()

/// Evaluates `effect` once at offset `s` and returns its values.
func values(_ effect: inout CompiledPreset, at s: Double, time: Double = 0) -> [Double] {
  var out = [Double](repeating: .nan, count: effect.outputs.count)
  var events: [EffectEvent] = []
  effect.evaluate(sample(s, time: time), into: &out, events: &events)
  return out
}

/// A fresh `effect`'s values at `s`.
func freshValues(_ effect: CompiledPreset, at s: Double) -> [Double] {
  var copy = effect
  return values(&copy, at: s)
}

/// Runs `effect` over `offsets` at 60 Hz and returns every event.
func events(_ effect: inout CompiledPreset, over offsets: [Double]) -> [EffectEvent] {
  var out = [Double](repeating: 0, count: effect.outputs.count)
  var events: [EffectEvent] = []
  events.reserveCapacity(16)
  for (i, s) in offsets.enumerated() {
    effect.evaluate(sample(s, time: Double(i) / 60), into: &out, events: &events)
  }
  return events
}

/// The thrown parameter name, or nil when `body` does not throw an ``EffectError``.
func thrownName(_ body: () throws(EffectError) -> Void) -> String? {
  do {
    try body()
    return nil
  } catch {
    switch error {
    case .invalidParameter(let name, _, _): return name
    }
  }
}
