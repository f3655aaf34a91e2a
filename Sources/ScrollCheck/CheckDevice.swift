import ScrollPhysics

/// A device geometry `scrollsim check` runs every gesture on: a full-screen vertical scroll
/// view under a navigation bar, in points.
///
/// Sizes: Apple's published screen sizes in points and safe-area insets (Human Interface
/// Guidelines, "Layout"; UIKit bar heights 44 pt standard, 96 pt with a large title (44 + 52),
/// 32 pt compact in landscape, 49 pt tab bar; home indicator 34 pt portrait, 21 pt landscape).
public struct CheckDevice: Sendable, Equatable, Hashable {
  /// Short name used in reports, e.g. `small-phone`.
  public var name: String
  /// The scroll view (viewport = screen height; insets = safe area + bars).
  public var geometry: ScrollGeometry
  /// Pixels per point.
  public var screenScale: Double
  /// Whether ``name`` came from a by-name lookup that matched no standard device: the checks
  /// that take devices report it as an issue (with the closest name) instead of running it.
  package var isUnknownName = false

  /// A device.
  public init(name: String, geometry: ScrollGeometry, screenScale: Double) {
    self.name = name
    self.geometry = geometry
    self.screenScale = screenScale
  }

  /// The device a nested chain's check runs on: named `chain`, with the chain's combined
  /// geometry (``/ScrollPhysics/NestedScrollChain/combinedGeometry``: its viewport, the headers'
  /// and the list's ranges summed) at `screenScale` pixels per point.
  public static func chain(_ chain: NestedScrollChain, screenScale: Double = 3) -> CheckDevice {
    CheckDevice(name: chainName, geometry: chain.combinedGeometry, screenScale: screenScale)
  }

  /// The name of ``chain(_:screenScale:)``'s device.
  public static let chainName = "chain"

  /// The matrix: small phone (iPhone SE, 667 pt, 20 pt status bar + 44 pt bar), large phone
  /// (iPhone 16 Pro Max, 956 pt, 62 + 44, home indicator 34), landscape (iPhone 16 Pro on its
  /// side, 402 pt, compact 32 pt bar, 21 pt indicator), large safe areas (iPhone 15 Pro, 852 pt,
  /// 59 pt + large-title bar 96, tab bar 49 + indicator 34), and a short list that does not
  /// fill the large phone's screen (content 300 pt).
  public static let standard: [CheckDevice] = [
    CheckDevice(
      name: "small-phone",
      geometry: ScrollGeometry(viewportHeight: 667, contentHeight: 4000, contentInsetTop: 64),
      screenScale: 2),
    CheckDevice(
      name: "large-phone",
      geometry: ScrollGeometry(
        viewportHeight: 956, contentHeight: 4000, contentInsetTop: 106, contentInsetBottom: 34),
      screenScale: 3),
    CheckDevice(
      name: "landscape",
      geometry: ScrollGeometry(
        viewportHeight: 402, contentHeight: 4000, contentInsetTop: 32, contentInsetBottom: 21),
      screenScale: 3),
    CheckDevice(
      name: "large-safe-areas",
      geometry: ScrollGeometry(
        viewportHeight: 852, contentHeight: 4000, contentInsetTop: 155, contentInsetBottom: 83),
      screenScale: 3),
    CheckDevice(
      name: "short-content",
      geometry: ScrollGeometry(
        viewportHeight: 956, contentHeight: 300, contentInsetTop: 106, contentInsetBottom: 34),
      screenScale: 3),
  ]
}
