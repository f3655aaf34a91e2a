extension DampedSpring {
  /// Flutter's `SpringSimulation.isDone(time)`, evaluated at one instant: the displacement and
  /// the velocity are both near zero, `nearZero(x(t) − end, tolerance.distance) &&
  /// nearZero(dx(t), tolerance.velocity)`, where `nearZero(a, ε)` is `−ε < a < ε` or `a == 0`.
  ///
  /// Unlike ``settleTime(positionTolerance:velocityTolerance:)`` (the first time from which both
  /// stay within tolerance for good), an underdamped spring can be "done" at an instant and not
  /// at a later one, exactly as in Flutter, whose animation controller stops at the first frame
  /// that reports done. Sources: Flutter `packages/flutter/lib/src/physics/spring_simulation.dart`
  /// (`SpringSimulation.isDone`), `utils.dart` (`nearZero`, `nearEqual`).
  /// - Parameters:
  ///   - t: seconds after the start, ≥ 0.
  ///   - distanceTolerance: points, > 0 (Flutter default 1e-3; scrolling `1/devicePixelRatio`).
  ///   - velocityTolerance: points per second, > 0 (Flutter default 1e-3; scrolling
  ///     `1/(0.05·devicePixelRatio)`).
  /// - Complexity: O(1).
  public func isDone(at t: Double, distanceTolerance: Double, velocityTolerance: Double) -> Bool {
    func nearZero(_ a: Double, _ epsilon: Double) -> Bool {
      (a > -epsilon && a < epsilon) || a == 0
    }
    return nearZero(displacement(at: t), distanceTolerance)
      && nearZero(velocity(at: t), velocityTolerance)
  }
}
