/// One frame of an effect's results: a value per declared output and the events of the frame.
///
/// ``ScrollEffect/evaluate(_:into:)`` writes into it and the frame loop, the checker and the
/// testing library read from it. Values are read and written by index (the order of
/// ``outputs``, no lookup: the per-frame path) or by name (`frame["header.height"]`, a linear
/// search over the names). Reading an undeclared name gives nil; writing one is remembered and
/// reported by the frame loop as an error naming the effect, the frame and the closest declared
/// name; it never traps.
public struct EffectFrame: Sendable, Equatable {
  /// The outputs, in value order.
  public let outputs: [EffectOutput]
  /// One value per output, in the order of ``outputs``; sized by the frame (`outputs.count`
  /// elements, 0 before the first evaluation). Do not append or remove: the frame loop reports a
  /// resized array as an error.
  public var values: [Double]
  /// Threshold crossings of this frame (emptied before each evaluation), as GSAP
  /// ScrollTrigger's callbacks name them.
  public var events: [EffectEvent]
  /// The first undeclared name written this frame (reported, then cleared, by the loop).
  package var unknownName: String?

  /// A frame for `outputs`, every value 0, no events.
  public init(outputs: [EffectOutput]) {
    self.outputs = outputs
    values = Array(repeating: 0, count: outputs.count)
    events = []
    events.reserveCapacity(8)
  }

  /// The index of the output named `name`, or nil when no output has that name.
  /// - Complexity: O(outputs).
  public func index(of name: String) -> Int? {
    outputs.index(named: name)
  }

  /// The value of output `index` (`0..<outputs.count`).
  /// - Precondition: `index` is a valid output index.
  @inlinable public subscript(index: Int) -> Double {
    get { values[index] }
    set { values[index] = newValue }
  }

  /// The value of the output named `name`; nil when the effect declares no such output.
  /// Setting an undeclared name (or nil) stores nothing; the frame loop reports the name.
  /// - Complexity: O(outputs).
  public subscript(name: String) -> Double? {
    get { index(of: name).map { values[$0] } }
    set {
      guard let i = index(of: name) else {
        if unknownName == nil { unknownName = name }
        return
      }
      if let newValue { values[i] = newValue }
    }
  }

  /// The values by name, in output order, as `(name, value)` pairs.
  public var named: [(name: String, value: Double)] {
    zip(outputs, values).map { ($0.name, $1) }
  }

  /// Whether the frame has an event `kind` for the output named `name`.
  public func hasEvent(_ kind: EffectEvent.Kind, for name: String) -> Bool {
    guard let i = index(of: name) else { return false }
    return events.contains { $0.output == i && $0.kind == kind }
  }
}
