/// The declaration of one named value an effect produces every frame.
public struct EffectOutput: Sendable, Equatable, Hashable {
  /// What an output's number means.
  public enum Unit: String, Sendable, Equatable, Hashable, CaseIterable {
    /// A length on screen, points.
    case points
    /// A fraction in 0…1: an opacity, a progress or a grey level.
    case fraction
    /// 0 or 1: a boolean state such as "title pinned".
    case flag
  }

  /// Dotted name, e.g. `"header.overlayOpacity"`.
  public var name: String
  /// The closed interval every value of this output lies in, for every offset, including
  /// overscroll at both ends.
  public var range: ClosedRange<Double>
  /// What the number means.
  public var unit: Unit

  /// Creates an output declaration.
  /// - Parameters:
  ///   - name: dotted name, unique within an effect.
  ///   - range: the values the output can take.
  ///   - unit: points, fraction or flag.
  public init(name: String, range: ClosedRange<Double>, unit: Unit) {
    self.name = name
    self.range = range
    self.unit = unit
  }
}

extension Array where Element == EffectOutput {
  /// The index of the output named `name`, or nil when none has that name: the one name
  /// lookup behind ``EffectFrame/index(of:)`` and ``CompiledEffect/outputIndex(named:)``.
  /// - Complexity: O(count).
  public func index(named name: String) -> Int? {
    firstIndex { $0.name == name }
  }
}
