import Foundation
import Testing

@testable import ScrollPhysics

/// Flutter `BouncingScrollPhysics.carriedMomentum` (scroll_physics.dart).
struct MomentumCarryTests {
  @Test(arguments: [100.0, 1000, 3000])
  func formula(velocity: Double) {
    let expected = 0.000816 * pow(velocity, 1.967)
    #expect(abs(MomentumCarry.carriedVelocity(from: velocity) - expected) < 1e-9 * expected)
    #expect(
      MomentumCarry.carriedVelocity(from: -velocity) == -MomentumCarry.carriedVelocity(
        from: velocity))
  }

  @Test func handEvaluatedAndCapped() {
    // 0.000816·1000^1.967 = 0.000816·10^5.901 = 649.666
    #expect(abs(MomentumCarry.carriedVelocity(from: 1000) - 649.666) < 1e-3)
    #expect(MomentumCarry.carriedVelocity(from: 1e6) == 40000)
    #expect(MomentumCarry.carriedVelocity(from: 0) == 0)
    #expect(MomentumCarry.carriedVelocity(from: .nan) == 0)
  }
}
