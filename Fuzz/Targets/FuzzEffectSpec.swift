// modules: ScrollSimCore ScrollPhysics ScrollEffects
// libFuzzer target: the effect spec reader and compiler (`effects/README.md`), then one frame.
// Invariants: never crash; every error names a file and a JSON path; an accepted spec compiles
// and evaluates frames at a few offsets (overscroll at both ends included) without NaN; grouped
// with a renamed copy of itself, every output has the same bits as the spec alone (the group
// shares equal timelines between the two copies and reorders programs by level and shape).
import Foundation
import ScrollPhysics

let geometry = ScrollGeometry(viewportHeight: 800, contentHeight: 3000, contentInsetTop: 100)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEffectSpec(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  do throws(InputError) {
    let spec = try EffectSpec.parse( Data(bytes: data, count: size), file: "fuzz.json")
    var effect = try CompiledEffect(spec, file: "fuzz.json")
    var copy = spec
    copy.name += "-copy"
    // A name with "/" cannot be grouped (the separator); anything else must group.
    var group = spec.name.contains("/") ? nil : try CompiledEffect(EffectSpec.group([spec, copy]))
    let n = effect.outputs.count
    var values = Array(repeating: 0.0, count: n)
    var grouped = Array(repeating: 0.0, count: 2 * n)
    var events: [EffectEvent] = []
    var groupEvents: [EffectEvent] = []
    for (frame, offset) in [-300.0, 0, 150, 1e4, 2200, -0.0, .nan, 2500].enumerated() {
      let sample = ScrollSample(
        time: Double(frame) / 120, offset: offset, velocity: 0, phase: .idle, geometry: geometry)
      effect.evaluate(sample, into: &values, events: &events)
      for (value, output) in zip(values, effect.outputs) {
        precondition(!value.isNaN, "NaN from \(output.name)")
      }
      if group != nil {
        group?.evaluate(sample, into: &grouped, events: &groupEvents)
        for k in 0..<n {
          precondition(
            grouped[k].bitPattern == values[k].bitPattern
              && grouped[n + k].bitPattern == values[k].bitPattern,
            "group differs at \(effect.outputs[k].name): \(grouped[k]), \(grouped[n + k]) vs \(values[k])"
          )
        }
        let expected = events + events.map { EffectEvent(output: $0.output + n, kind: $0.kind) }
        // Flags run first, the spec's then the copy's, each in declaration order.
        precondition(groupEvents == expected, "group events differ")
      }
      events.removeAll(keepingCapacity: true)
      groupEvents.removeAll(keepingCapacity: true)
    }
  } catch {
    precondition(error.description.hasPrefix("fuzz.json"), "error without its file: \(error)")
  }
  return 0
}
