import ScrollPhysics
import ScrollTrace

/// A source of inputs read from a trace: its header describes the device, the scroll view and
/// the physics profile to replay with.
public protocol TraceInputSource: FrameInputSource, ~Copyable {
  /// The trace's header (line 1), validated.
  var header: TraceHeader { get }
}

/// The items of a trace held in memory, in file order, each with its line as in its file
/// (header on line 1). Sendable: the items are values.
public struct TraceInputs: TraceInputSource, Sendable, Equatable {
  /// The trace's header.
  public let header: TraceHeader
  /// The trace's path, for errors.
  public let name: String
  private let items: [TraceItem]
  private var nextIndex = 0

  /// The items of `trace`, read from `file` (used in errors).
  public init(_ trace: Trace, file: String) {
    header = trace.header
    name = file
    items = trace.items
  }

  /// The next input and its line, or nil at the end.
  /// - Complexity: O(1).
  public mutating func next() -> (input: FrameInput, line: Int)? {
    guard nextIndex < items.count else { return nil }
    nextIndex += 1
    let line = nextIndex + 1
    return (FrameInput(items[nextIndex - 1]), line)
  }
}

/// A trace file streamed line by line in bounded memory (a ``/ScrollTrace/TraceStreamReader``
/// of its own): a malformed line is reported when the frame that needs it is computed.
///
/// Non-copyable and not `Sendable`: it owns its reader (a class reading a file), so a loop that
/// streams owns the only reference to it and no two loops ever read from one file handle.
public struct TraceStreamInputs: TraceInputSource, ~Copyable {
  private let reader: TraceStreamReader

  /// Opens the trace at `path` and reads its header.
  /// - Parameters:
  ///   - path: the file; used as given in errors.
  ///   - warn: called once per skipped partial last line (see
  ///     ``/ScrollTrace/TraceStreamReader``).
  /// - Throws: ``/ScrollSimCore/InputError`` at line 0 for a missing, unreadable or empty file,
  ///   at line 1 for a bad header.
  public init(path: String, warn: @escaping (InputError) -> Void) throws(InputError) {
    reader = try TraceStreamReader(path: path, warn: warn)
  }

  /// Reads a trace held in memory as bytes, with the same rules as a file.
  /// - Parameters:
  ///   - bytes: the file's content, UTF-8 JSON Lines.
  ///   - file: the name used in errors.
  ///   - warn: called once per skipped partial last line.
  /// - Throws: ``/ScrollSimCore/InputError`` as ``init(path:warn:)``.
  public init(bytes: [UInt8], file: String, warn: @escaping (InputError) -> Void)
    throws(InputError)
  {
    reader = try TraceStreamReader(bytes: bytes, file: file, warn: warn)
  }

  /// Reads the trace `input` (a file streamed by path, or the bytes of a pipe, process
  /// substitution or standard input read once), with the same rules as a file.
  /// - Throws: ``/ScrollSimCore/InputError`` as ``init(path:warn:)``.
  public init(input: InputSource, warn: @escaping (InputError) -> Void) throws(InputError) {
    reader = try TraceStreamReader(input: input, warn: warn)
  }

  /// The trace's header (line 1), validated.
  public var header: TraceHeader { reader.header }
  /// The trace's path, for errors.
  public var name: String { reader.file }
  /// Problems skipped so far (at most one: a partial last line).
  public var warnings: [InputError] { reader.warnings }

  /// The next input and its line, or nil at the end of the file.
  /// - Throws: ``/ScrollSimCore/InputError`` naming the line and field of a malformed line.
  /// - Complexity: O(line length).
  public mutating func next() throws(InputError) -> (input: FrameInput, line: Int)? {
    guard let item = try reader.next() else { return nil }
    let line = reader.lineNumber
    return (FrameInput(item), line)
  }
}

extension FrameInput {
  /// The input of a trace item (inlined into the sources' `next()`: one input per touch line).
  @inline(__always) init(_ item: TraceItem) {
    switch item {
    case .touch(let event):
      let kind: Kind =
        switch event.kind {
        case .down: .touchDown(x: event.x, y: event.y)
        case .move: .touchMove(x: event.x, y: event.y)
        case .up: .touchUp(x: event.x, y: event.y)
        case .cancel: .touchCancel(x: event.x, y: event.y)
        }
      self.init(time: event.time, kind: kind)
    case .control(let control):
      let kind: Kind =
        switch control.kind {
        case .wheel(let deltaX, let deltaY, let phase):
          .wheel(deltaX: deltaX, deltaY: deltaY, phase: phase)
        case .scrollTo(let x, let offset, let animated):
          .scrollTo(x: x, offset: offset, animated: animated)
        case .contentHeight(let height): .contentHeight(height)
        case .viewportHeight(let height): .viewportHeight(height)
        case .contentWidth(let width): .contentWidth(width)
        case .viewportWidth(let width): .viewportWidth(width)
        case .scrollToTop: .scrollToTop
        }
      self.init(time: control.time, kind: kind)
    case .offset(let sample):
      self.init(time: sample.time, kind: .recordedOffset(y: sample.y))
    }
  }
}

extension TraceHeader {
  /// The physics profile the header names (`"physics"`: ios, android or flutter).
  /// - Parameter file: the trace's path, for the error.
  /// - Throws: ``/ScrollSimCore/InputError`` at line 1, field `physics`, for a name that is not a
  ///   built-in profile.
  public func physicsProfile(file: String) throws(InputError) -> PhysicsProfile {
    guard let profile = PhysicsProfile.named(physics) else {
      let names = PhysicsProfile.builtIn.map(\.name).joined(separator: ", ")
      throw InputError(
        file: file, line: 1, field: "physics",
        message: "unknown profile \"\(physics)\"; expected \(names) (or choose one with "
          + "--profile or the profile: argument)"
          + Suggestion.didYouMean(physics, among: PhysicsProfile.builtIn.map(\.name)))
    }
    return profile
  }

  /// The scroll geometry of the header, points.
  var geometry: ScrollGeometry {
    ScrollGeometry(
      viewportHeight: scroll.viewportHeight, contentHeight: scroll.contentHeight,
      contentInsetTop: scroll.contentInsetTop, contentInsetBottom: scroll.contentInsetBottom)
  }

  /// The horizontal axis's geometry of a two-axis header (``/ScrollTrace/TraceHeader/Scroll/horizontal``)
  /// in ``/ScrollPhysics/TwoAxisScrollSimulator``'s terms (widths as `viewportHeight` and
  /// `contentHeight`, left and right insets as `contentInsetTop` and `contentInsetBottom`), or
  /// nil for a vertical scroll view.
  var horizontalGeometry: ScrollGeometry? {
    scroll.horizontal.map {
      ScrollGeometry(
        viewportHeight: $0.viewportWidth, contentHeight: $0.contentWidth,
        contentInsetTop: $0.contentInsetLeft, contentInsetBottom: $0.contentInsetRight)
    }
  }
}
