// modules: ScrollSimCore ScrollPhysics
// libFuzzer target: physics profile files (`profiles/README.md`), then a fling into an edge.
// Invariants: never crash; every error names the file; an accepted profile simulates a release
// into the top edge that stays finite and comes to rest within 120 s.
import Foundation

let geometry = ScrollGeometry(viewportHeight: 800, contentHeight: 3000)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProfile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  do throws(InputError) {
    let profile = try PhysicsProfile.parse(Data(bytes: data, count: size), file: "fuzz.json")
    guard
      var simulator = try? ScrollSimulator(geometry: geometry, profile: profile, startOffset: 300)
    else { return 0 }
    guard (try? simulator.release(atOffset: 300, velocity: -6000, at: 0)) != nil else { return 0 }
    for step in 0...1200 {
      let state = simulator.state(at: Double(step) / 10)
      precondition(state.offset.isFinite && state.velocity.isFinite, "not finite at \(step)")
    }
    precondition(simulator.state(at: 120).phase == .idle, "still moving after 120 s")
  } catch {
    precondition(error.description.hasPrefix("fuzz.json"), "error without its file: \(error)")
  }
  return 0
}
