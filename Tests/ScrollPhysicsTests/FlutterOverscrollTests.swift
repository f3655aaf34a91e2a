import Foundation
import Testing

@testable import ScrollPhysics

/// Flutter `BouncingScrollPhysics.applyPhysicsToUserOffset` (scroll_physics.dart), hand-evaluated.
struct FlutterOverscrollTests {
  func change(_ delta: Double, at offset: Double) -> Double {
    FlutterOverscroll.offsetChange(
      delta: delta, offset: offset, maxOffset: 2000, viewport: 800, coefficient: 0.52)
  }

  @Test func inRangeMovesOneToOne() {
    #expect(change(37, at: 500) == 37)
    // Flutter checks outOfRange before the move, so a move that crosses the edge is 1:1 too.
    #expect(change(-30, at: 10) == -30)
  }

  @Test("tensioning: 0.52·(1 − 100/800)² = 0.398125 per point")
  func tensioning() {
    #expect(abs(change(-10, at: -100) + 3.98125) < 1e-12)
    #expect(abs(change(10, at: 2100) - 3.98125) < 1e-12)
  }

  @Test("easing: the fraction is measured after the move, 0.52·(1 − 90/800)²")
  func easing() {
    let friction = 0.52 * pow(1 - 90.0 / 800, 2)
    #expect(abs(change(10, at: -100) - 10 * friction) < 1e-12)
    // A move that would pass the edge eases the whole overscroll, then 1:1 beyond it.
    let big = change(500, at: -100)
    let toLimit = 100 / (0.52 * pow(1 - (100 - 500) / 800.0, 2))
    #expect(abs(big - (100 + 500 - toLimit)) < 1e-9)
  }
}
