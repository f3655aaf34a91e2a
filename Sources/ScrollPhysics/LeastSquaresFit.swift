/// Weighted polynomial least squares of degree 2 by Gram–Schmidt QR decomposition, as Flutter's
/// `LeastSquaresSolver` does it (unit weights), so that velocities agree with Flutter's to
/// rounding. Source: Flutter `packages/flutter/lib/src/gestures/lsq_solver.dart`.
enum LeastSquaresFit {
  /// Flutter's `precisionErrorTolerance`: a column norm below it means no solution.
  static let precisionTolerance = 1e-10

  /// The coefficient of `x` in the best quadratic through the points, or nil when the system is
  /// degenerate. `x` and `y` have the same count, ≤ 20. - Complexity: O(count), no allocation.
  static func linearCoefficient(x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>)
    -> Double?
  {
    let m = x.count
    let n = 3
    guard m >= n else { return nil }
    return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * n * m + n * n) { buffer in
      // a[i][h] = x[h]^i, q the orthonormalised rows, r upper triangular (row-major).
      let a = buffer.baseAddress!
      let q = a + n * m
      let r = q + n * m
      for h in 0..<m {
        a[h] = 1
        for i in 1..<n { a[i * m + h] = a[(i - 1) * m + h] * x[h] }
      }
      func dot(_ u: UnsafeMutablePointer<Double>, _ v: UnsafeMutablePointer<Double>) -> Double {
        var sum = 0.0
        for h in 0..<m { sum += u[h] * v[h] }
        return sum
      }
      for j in 0..<n {
        for h in 0..<m { q[j * m + h] = a[j * m + h] }
        for i in 0..<j {
          let d = dot(q + j * m, q + i * m)
          for h in 0..<m { q[j * m + h] -= d * q[i * m + h] }
        }
        let norm = dot(q + j * m, q + j * m).squareRoot()
        if norm < precisionTolerance { return nil }
        let inverse = 1 / norm
        for h in 0..<m { q[j * m + h] *= inverse }
        for i in 0..<n { r[j * n + i] = i < j ? 0 : dot(q + j * m, a + i * m) }
      }
      var coefficients = (0.0, 0.0, 0.0)
      func coefficient(_ i: Int) -> Double {
        i == 0 ? coefficients.0 : i == 1 ? coefficients.1 : coefficients.2
      }
      for i in stride(from: n - 1, through: 0, by: -1) {
        var value = 0.0
        for h in 0..<m { value += q[i * m + h] * y[h] }
        for j in stride(from: n - 1, to: i, by: -1) { value -= r[i * n + j] * coefficient(j) }
        value /= r[i * n + i]
        switch i {
        case 0: coefficients.0 = value
        case 1: coefficients.1 = value
        default: coefficients.2 = value
        }
      }
      return coefficients.1
    }
  }
}
