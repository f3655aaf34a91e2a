import Foundation
import Testing

@testable import ScrollPhysics

/// Inputs the fuzzers found (`Fuzz/`), kept as regression tests.
struct FuzzFindingsTests {
  /// FuzzProfile, 2026-11-29: a soft bounce spring (stiffness 3, ω ≈ 1.7 rad/s) with the other
  /// fields from the defaults; a fling into the top edge must stay finite and come to rest.
  @Test func aSoftBounceSpringSettles() throws {
    let json = #"""
      {"name":"ios","flingModel":"exponential","overscrollModel":"rubberBand",
       "springTransfer":"symmetric","rubberBandCoefficient":0.55,"decelerationRate":0.998,
       "maximumBounceVelocity":2500,"springStiffness":3,"snapResponse":0.3}
      """#
    let profile = try PhysicsProfile.parse(Data(json.utf8), file: "fuzz.json")
    var simulator = try ScrollSimulator(
      geometry: ScrollGeometry(viewportHeight: 800, contentHeight: 3000), profile: profile,
      startOffset: 300)
    try simulator.release(atOffset: 300, velocity: -6000, at: 0)
    for step in 0...1200 {
      let state = simulator.state(at: Double(step) / 10)
      #expect(state.offset.isFinite && state.velocity.isFinite, "t = \(Double(step) / 10)")
    }
    #expect(simulator.state(at: 120).phase == .idle)
  }
}
