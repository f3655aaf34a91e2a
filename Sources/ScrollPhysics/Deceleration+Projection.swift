extension Deceleration {
  /// The distance a fling travels before it stops, as Apple presents it: the discrete sum
  /// `(v0/1000)·rate/(1 − rate)`, points (499.0 for 1000 pt/s at `.normal`).
  ///
  /// Source: WWDC 2018 session 803 "Designing Fluid Interfaces", `project(initialVelocity:
  /// decelerationRate:)`. Useful for choosing paging and snapping targets; the continuous
  /// rest point is ``restOffset``.
  /// - Parameters:
  ///   - velocity: points per second.
  ///   - rate: velocity factor per millisecond, in (0, 1).
  /// - Returns: signed distance, points.
  public static func projectedDistance(velocity: Double, rate: Double = normalRate) -> Double {
    (velocity / 1000) * rate / (1 - rate)
  }
}
