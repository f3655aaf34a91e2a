// modules: ScrollPhysics ScrollEffects
// libFuzzer target: the effect spec reader and compiler (`effects/README.md`), then one frame.
// Invariants: never crash; every error names a file and a JSON path; an accepted spec compiles
// and evaluates frames at a few offsets (overscroll at both ends included) without NaN.
import Foundation
import ScrollPhysics

let geometry = ScrollGeometry(viewportHeight: 800, contentHeight: 3000, contentInsetTop: 100)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEffectSpec(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  do throws(EffectSpecError) {
    let spec = try EffectSpec(json: Data(bytes: data, count: size), file: "fuzz.json")
    var effect = try CompiledEffect(spec, file: "fuzz.json")
    var values = Array(repeating: 0.0, count: effect.outputs.count)
    var events: [EffectEvent] = []
    for (frame, offset) in [-300.0, 0, 150, 1e4, 2200, 2500].enumerated() {
      let sample = ScrollSample(
        time: Double(frame) / 120, offset: offset, velocity: 0, phase: .idle, geometry: geometry)
      effect.evaluate(sample, into: &values, events: &events)
      for (value, output) in zip(values, effect.outputs) {
        precondition(!value.isNaN, "NaN from \(output.name)")
      }
      events.removeAll(keepingCapacity: true)
    }
  } catch {
    precondition(error.description.hasPrefix("fuzz.json"), "error without its file: \(error)")
  }
  return 0
}
