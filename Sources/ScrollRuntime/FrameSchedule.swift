/// The frame deadlines of a run: a refresh rate from frame 0, optionally changed at given frames
/// (ProMotion-style switches between 120 and 60 Hz).
///
/// Every deadline is computed from the frame index in integer nanoseconds, never accumulated:
/// in a segment that starts at frame `f` and `s` ns at `r` Hz, frame `n` is due at
/// `s + (n − f)·10⁹ / r` ns (integer division), so no error builds up over a long run. The
/// target time of frame `n` in seconds is `s/10⁹ + (n − f)/r`; in the first segment that is
/// exactly `n / r`, the value ``FrameLoop/targetTime(ofFrame:)`` uses.
public struct FrameSchedule: Sendable, Equatable, Hashable, Codable {
  /// A run of frames at one refresh rate.
  public struct Segment: Sendable, Equatable, Hashable, Codable {
    /// The first frame at this rate, ≥ 0 (0 for the first segment).
    public var firstFrame: Int
    /// Frames per second, in 1…1000.
    public var refreshRate: Int
    /// Deadline of ``firstFrame``, nanoseconds from the start of the run.
    public var startNanoseconds: UInt64
  }

  /// A bad rate or rate change; ``description`` names it.
  public struct Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong and what was expected.
    public var description: String
  }

  /// The segments in frame order; the first starts at frame 0. Never empty.
  public private(set) var segments: [Segment]

  /// A constant rate.
  /// - Precondition: `refreshRate` in 1…1000 (use ``init(refreshRate:changes:)-bs9j`` for input).
  public init(refreshRate: Int) {
    precondition((1...1000).contains(refreshRate), "refresh rate must be in 1…1000 Hz")
    segments = [Segment(firstFrame: 0, refreshRate: refreshRate, startNanoseconds: 0)]
  }

  /// A rate from frame 0 and changes at later frames.
  /// - Parameters:
  ///   - refreshRate: frames per second from frame 0, in 1…1000.
  ///   - changes: `(frame, refreshRate)` pairs with strictly increasing frames > 0 and rates in
  ///     1…1000; frame `frame` is the first at the new rate.
  /// - Throws: ``Error`` naming the first rate out of range or frame out of order.
  public init(refreshRate: Int, changes: [(frame: Int, refreshRate: Int)]) throws(Error) {
    guard (1...1000).contains(refreshRate) else {
      throw Error(description: "\(refreshRate) Hz is out of range: expected 1…1000")
    }
    self.init(refreshRate: refreshRate)
    for change in changes {
      guard (1...1000).contains(change.refreshRate) else {
        throw Error(description: "\(change.refreshRate) Hz is out of range: expected 1…1000")
      }
      let last = segments[segments.count - 1]
      guard change.frame > last.firstFrame else {
        throw Error(
          description:
            "rate change at frame \(change.frame) must come after frame \(last.firstFrame)")
      }
      segments.append(
        Segment(
          firstFrame: change.frame, refreshRate: change.refreshRate,
          startNanoseconds: Self.deadline(change.frame, in: last)))
    }
  }

  /// A rate from frame 0 and the changes written as `FRAME:HZ` pairs separated by commas
  /// (`"240:60,480:120"`: frame 240 is the first at 60 Hz, frame 480 the first back at 120 Hz).
  /// - Throws: ``Error`` quoting a malformed pair, or as ``init(refreshRate:changes:)``.
  public init(refreshRate: Int, changes text: String) throws(Error) {
    var changes: [(frame: Int, refreshRate: Int)] = []
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      let parts = item.split(separator: ":", omittingEmptySubsequences: false)
      guard parts.count == 2, let frame = Int(parts[0]), let rate = Int(parts[1]) else {
        throw Error(description: "\"\(item)\" is not FRAME:HZ (e.g. 240:60)")
      }
      changes.append((frame, rate))
    }
    try self.init(refreshRate: refreshRate, changes: changes)
  }

  /// Frames per second of frame `index` (≥ 0).
  /// - Complexity: O(segments), no allocation.
  public func refreshRate(ofFrame index: Int) -> Int { segment(ofFrame: index).refreshRate }

  /// Deadline of frame `index` (≥ 0), nanoseconds from the start of the run.
  /// - Complexity: O(segments), no allocation.
  public func deadline(ofFrame index: Int) -> UInt64 {
    Self.deadline(index, in: segment(ofFrame: index))
  }

  /// Target time of frame `index` (≥ 0), seconds from the start of the run: what the frame is
  /// computed at, in real and virtual time alike.
  /// - Complexity: O(segments), no allocation.
  public func time(ofFrame index: Int) -> Double {
    let segment = segment(ofFrame: index)
    let start = Double(segment.startNanoseconds) / 1e9
    return start + Double(index - segment.firstFrame) / Double(segment.refreshRate)
  }

  /// The first frame whose deadline is at or after `nanoseconds` (from the start of the run).
  /// Exact for runs up to 2⁶⁴ / (10⁹·rate) s of a segment: over 200 days at 1000 Hz.
  /// - Complexity: O(segments), no allocation.
  public func firstFrame(atOrAfter nanoseconds: UInt64) -> Int {
    var chosen = segments[0]
    for segment in segments.dropFirst() where segment.startNanoseconds <= nanoseconds {
      chosen = segment
    }
    let elapsed = nanoseconds - chosen.startNanoseconds
    // Smallest k with ⌊k·10⁹/r⌋ ≥ elapsed, i.e. k = ⌈elapsed·r/10⁹⌉.
    let scaled = elapsed * UInt64(chosen.refreshRate)
    let frames = (scaled + 999_999_999) / 1_000_000_000
    return chosen.firstFrame + Int(frames)
  }

  private func segment(ofFrame index: Int) -> Segment {
    precondition(index >= 0, "frame indices start at 0")
    var chosen = segments[0]
    for segment in segments.dropFirst() where segment.firstFrame <= index { chosen = segment }
    return chosen
  }

  private static func deadline(_ index: Int, in segment: Segment) -> UInt64 {
    segment.startNanoseconds
      + UInt64(index - segment.firstFrame) * 1_000_000_000 / UInt64(segment.refreshRate)
  }
}
