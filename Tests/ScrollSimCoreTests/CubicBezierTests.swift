import Testing

@testable import ScrollSimCore

@Suite struct CubicBezierTests {
  /// Control points: the CSS named curves, overshooting ones (y outside 0 … 1, negative y) and
  /// degenerate ones (x at 0 or 1, y equal to x).
  static let curves: [(Double, Double, Double, Double)] = [
    (0.25, 0.1, 0.25, 1), (0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.42, 0, 0.58, 1),
    (0.3, -2, 0.7, 3), (0.68, -0.55, 0.265, 1.55), (0, 0, 1, 1), (1, -5, 0, 7), (0.5, 1, 0.5, 0),
    (0.1, -0.0, 0.9, -0.0),
  ]

  /// The end points answered without a solve (t = +0 and 1) have the solve's own bits; −0 and
  /// every other t still go through the solve.
  @Test(arguments: curves.indices)
  func endPointsAreTheSolvesBits(curve: Int) {
    let (x1, y1, x2, y2) = Self.curves[curve]
    for t in [0.0, 1.0, -0.0, 0.5, 1e-300, 1.nextDown, -1, 2, .infinity, -.infinity, .nan] {
      let fast = CubicBezier.value(atX: t, x1: x1, y1: y1, x2: x2, y2: y2)
      let solved = CubicBezier.solve(atX: t, x1: x1, y1: y1, x2: x2, y2: y2)
      #expect(fast.bitPattern == solved.bitPattern || (fast.isNaN && solved.isNaN), "t = \(t)")
    }
    #expect(CubicBezier.value(atX: 0, x1: x1, y1: y1, x2: x2, y2: y2).bitPattern == 0)
    #expect(CubicBezier.value(atX: 1, x1: x1, y1: y1, x2: x2, y2: y2) == 1)
  }
}
