import ScrollEffects

/// Finds flags that flip back without the offset reversing (`scrollsim check`'s `flicker`).
///
/// Every crossing needs the offset to move one way: forward crossings (`enter`, `leave`) need
/// the progress to grow, backward ones (`enterBack`, `leaveBack`) to fall, and the progress
/// grows with the offset (orientation +1) except on the top overscroll channel (−1); a flag on
/// the velocity (orientation 0) is not judged: its progress falls with no reversal (a fling
/// slowing down). A crossing
/// that undoes the previous one through the same boundary (`enter` then `leaveBack`, `leave`
/// then `enterBack`, and the reverse pairs) although the offset has not moved the way it needs
/// since that previous crossing is a flicker: something other than the scroll (a layout or
/// geometry change) moved the progress back. `enter` then `leave` is a scroll through the whole
/// range, not a flicker.
struct FlickerDetector {
  private let orientation: [Int8]
  private var lastChange: [Int]
  private var lastKind: [EffectEvent.Kind?]
  private var movedForward: [Bool]
  private var movedBackward: [Bool]

  /// A detector for outputs whose progress grows with the offset (`orientation` +1), falls
  /// (−1) or is not judged (0), one entry per output.
  init(orientation: [Int8]) {
    self.orientation = orientation
    lastChange = Array(repeating: -1, count: orientation.count)
    lastKind = Array(repeating: nil, count: orientation.count)
    movedForward = Array(repeating: false, count: orientation.count)
    movedBackward = Array(repeating: false, count: orientation.count)
  }

  /// Records the offset's move on this frame: `delta` = this offset − the previous one.
  mutating func moved(by delta: Double) {
    guard delta != 0, !delta.isNaN else { return }
    for i in orientation.indices {
      if delta > 0 { movedForward[i] = true } else { movedBackward[i] = true }
    }
  }

  /// The crossing that undoes `kind` through the same boundary.
  static func reverse(of kind: EffectEvent.Kind) -> EffectEvent.Kind {
    switch kind {
    case .enter: .leaveBack
    case .leaveBack: .enter
    case .leave: .enterBack
    case .enterBack: .leave
    }
  }

  /// Records crossing `kind` of flag `output` on `frame` (after this frame's ``moved(by:)``);
  /// returns the frames since the crossing it undid when this is a flicker, nil otherwise.
  mutating func changed(_ output: Int, _ kind: EffectEvent.Kind, frame: Int) -> Int? {
    defer {
      lastChange[output] = frame
      lastKind[output] = kind
      movedForward[output] = false
      movedBackward[output] = false
    }
    guard orientation[output] != 0, let previous = lastKind[output],
      Self.reverse(of: previous) == kind
    else { return nil }
    let progressForward = kind == .enter || kind == .leave
    let offsetForward = progressForward == (orientation[output] > 0)
    let movedAsNeeded = offsetForward ? movedForward[output] : movedBackward[output]
    return movedAsNeeded ? nil : frame - lastChange[output]
  }
}
