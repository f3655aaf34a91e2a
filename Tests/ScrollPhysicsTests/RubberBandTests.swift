import Testing

@testable import ScrollPhysics

struct RubberBandTests {
  let band = RubberBand(coefficient: 0.55, dimension: 800)

  @Test("physics.md worked values", arguments: [(100.0, 51.461988), (800.0, 283.870968)])
  func workedValues(drag: Double, expected: Double) {
    #expect(abs(band.overscroll(forDrag: drag) - expected) < 5e-7)
  }

  @Test func slopeAtTheEdgeIsTheCoefficient() {
    #expect(band.slope(atDrag: 0) == 0.55)
    let h = 1e-6
    #expect(abs(band.overscroll(forDrag: h) / h - 0.55) < 1e-6)
  }

  @Test func neverReachesTheViewportHeight() {
    for drag in [1e3, 1e5, 1e9, 1e15] {
      #expect(band.overscroll(forDrag: drag) < 800)
    }
  }

  @Test func isOddAndMonotone() {
    var previous = -Double.infinity
    for step in -400...400 {
      let x = Double(step) * 5
      let y = band.overscroll(forDrag: x)
      #expect(y == -band.overscroll(forDrag: -x))
      #expect(y > previous)
      previous = y
    }
  }

  @Test func inverseRoundTrips() {
    for step in -100...100 {
      let x = Double(step) * 37.5
      let back = band.dragDistance(forOverscroll: band.overscroll(forDrag: x))
      #expect(abs(back - x) <= 1e-9 * max(1, abs(x)))
    }
  }
}
