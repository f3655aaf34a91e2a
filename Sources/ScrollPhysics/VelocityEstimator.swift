/// The ways of estimating a finger's release velocity from its touch samples.
public enum VelocityEstimator: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
  /// Weighted mean of the last three inter-sample velocities (0.6, 0.35, 0.05, oldest first),
  /// Flutter's `IOSScrollViewFlingVelocityTracker`, an approximation of UIScrollView's.
  case iosWeighted = "ios"
  /// Quadratic least-squares fit over the last 100 ms (at most 20 samples, at least 3),
  /// Flutter's and Android's default `VelocityTracker`.
  case leastSquares = "lsq"
}
