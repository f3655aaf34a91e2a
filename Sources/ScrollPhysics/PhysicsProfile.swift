/// The constants of one platform's scroll physics, as data.
///
/// ``ios`` is the UIKit-faithful default; every constant names its source. A profile is
/// `Codable` so it can be stored beside a trace.
public struct PhysicsProfile: Sendable, Equatable, Hashable, Codable {
  /// Profile name, e.g. `"ios"`.
  public var name: String
  /// Rubber-band coefficient `c`, dimensionless in (0, 1]. iOS 0.55 (physics.md item 1).
  public var rubberBandCoefficient: Double
  /// Velocity factor kept per millisecond during momentum, in (0, 1). UIScrollView
  /// `.normal` 0.998, `.fast` 0.99 (Apple, `UIScrollView.DecelerationRate`).
  public var decelerationRate: Double
  /// Slowest release that starts momentum, points per second, ≥ 0. 100 (Flutter's iOS
  /// `kMinFlingVelocity`-style value quoted in physics.md item 2).
  public var minimumFlingVelocity: Double
  /// Release speeds are clamped to this, points per second, > 0. 8000 (Flutter
  /// `kMaxFlingVelocity`, physics.md item 2).
  public var maximumFlingVelocity: Double
  /// Largest speed handed to the bounce spring when a fling reaches an edge, points per second,
  /// > 0. 5000 (physics.md item 4).
  public var maximumBounceVelocity: Double
  /// Bounce spring stiffness (mass-normalised units), > 0. 100 (physics.md item 5).
  public var springStiffness: Double
  /// Bounce spring mass, > 0. 1 (physics.md item 5).
  public var springMass: Double
  /// Motion stops when the speed falls below this many *pixels* per second (divided by the
  /// screen scale to get points per second), > 0. 20 (physics.md items 3 and 5).
  public var stopVelocityPixels: Double
  /// A bounce settles within this many *pixels* of the edge, > 0. 0.5 (physics.md item 5).
  public var stopDistancePixels: Double
  /// Finger travel before a touch becomes a drag, points, ≥ 0. 0 disables it; Flutter's iOS
  /// drag controller uses 3.5 (physics.md item 1).
  public var dragStartSlop: Double
  /// How the release velocity is estimated.
  public var velocityEstimator: VelocityEstimator

  /// The UIKit-faithful iOS profile (physics.md "The iOS profile").
  public static let ios = PhysicsProfile(
    name: "ios", rubberBandCoefficient: 0.55, decelerationRate: Deceleration.normalRate,
    minimumFlingVelocity: 100, maximumFlingVelocity: 8000, maximumBounceVelocity: 5000,
    springStiffness: 100, springMass: 1, stopVelocityPixels: 20, stopDistancePixels: 0.5,
    dragStartSlop: 0, velocityEstimator: .iosWeighted)

  /// Creates a profile; see each property for units and ranges. Call ``validate()`` on
  /// untrusted values.
  public init(
    name: String, rubberBandCoefficient: Double, decelerationRate: Double,
    minimumFlingVelocity: Double, maximumFlingVelocity: Double, maximumBounceVelocity: Double,
    springStiffness: Double, springMass: Double, stopVelocityPixels: Double,
    stopDistancePixels: Double, dragStartSlop: Double, velocityEstimator: VelocityEstimator
  ) {
    self.name = name
    self.rubberBandCoefficient = rubberBandCoefficient
    self.decelerationRate = decelerationRate
    self.minimumFlingVelocity = minimumFlingVelocity
    self.maximumFlingVelocity = maximumFlingVelocity
    self.maximumBounceVelocity = maximumBounceVelocity
    self.springStiffness = springStiffness
    self.springMass = springMass
    self.stopVelocityPixels = stopVelocityPixels
    self.stopDistancePixels = stopDistancePixels
    self.dragStartSlop = dragStartSlop
    self.velocityEstimator = velocityEstimator
  }

  /// Throws the first constant outside its range.
  /// - Throws: ``PhysicsError/invalidParameter(name:value:expected:)`` naming the constant.
  public func validate() throws(PhysicsError) {
    func require(_ name: String, _ value: Double, _ ok: Bool, _ expected: String)
      throws(PhysicsError)
    {
      if !(value.isFinite && ok) {
        throw .invalidParameter(name: name, value: value, expected: expected)
      }
    }
    let c = rubberBandCoefficient
    try require("rubberBandCoefficient", c, c > 0 && c <= 1, "a number in (0, 1]")
    let r = decelerationRate
    try require("decelerationRate", r, r > 0 && r < 1, "a number in (0, 1)")
    try require("minimumFlingVelocity", minimumFlingVelocity, minimumFlingVelocity >= 0, "≥ 0")
    try require("maximumFlingVelocity", maximumFlingVelocity, maximumFlingVelocity > 0, "> 0")
    try require("maximumBounceVelocity", maximumBounceVelocity, maximumBounceVelocity > 0, "> 0")
    try require("springStiffness", springStiffness, springStiffness > 0, "> 0")
    try require("springMass", springMass, springMass > 0, "> 0")
    try require("stopVelocityPixels", stopVelocityPixels, stopVelocityPixels > 0, "> 0")
    try require("stopDistancePixels", stopDistancePixels, stopDistancePixels > 0, "> 0")
    try require("dragStartSlop", dragStartSlop, dragStartSlop >= 0, "≥ 0")
  }
}
