import ScrollTrace

/// Where a ``FrameLoop`` takes its inputs from, in time order: a trace held in memory
/// (``TraceInputs``), a trace file streamed line by line (``TraceStreamInputs``), or a list of
/// generated inputs (``FrameInputList``: the gestures of `scrollsim simulate` and
/// `scrollsim check`).
///
/// A source may be non-copyable (one that holds a reader): the loop then owns it, so two loops
/// never read from one source.
public protocol FrameInputSource: ~Copyable {
  /// Names the input in errors: a trace's path, or what generated the inputs.
  var name: String { get }

  /// The next input and its 1-based line in the source (0 when the source has no lines), or
  /// nil at the end.
  /// - Throws: ``/ScrollSimCore/InputError`` for an input that cannot be read (a malformed line of
  ///   a streamed file, a trace item that is not an input).
  mutating func next() throws(InputError) -> (input: FrameInput, line: Int)?
}

/// Generated inputs held in memory (a synthetic or checker gesture), in time order.
public struct FrameInputList: FrameInputSource, Sendable, Equatable {
  /// Names the inputs in errors, e.g. `fling` or `fling-3000 on small-phone`.
  public let name: String
  /// The inputs, in time order.
  public let inputs: [FrameInput]
  private var nextIndex = 0

  /// A list of `inputs` (in time order) named `name` in errors.
  public init(_ inputs: [FrameInput], name: String) {
    self.inputs = inputs
    self.name = name
  }

  /// The next input, with line 0 (a list has no lines), or nil at the end.
  /// - Complexity: O(1).
  public mutating func next() -> (input: FrameInput, line: Int)? {
    guard nextIndex < inputs.count else { return nil }
    nextIndex += 1
    return (inputs[nextIndex - 1], 0)
  }
}
