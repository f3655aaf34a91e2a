/// Finds flags that flip back without the offset reversing (`scrollsim check`'s `flicker`).
///
/// For each flag it remembers its last crossing and the directions the offset has moved in
/// since (none, forward, back, or both). A crossing that undoes the previous one through the
/// same boundary (`enter` then `leaveBack`, `leave` then `enterBack`, and the reverse pairs)
/// while the offset moved in at most one direction since is a flicker: the flag went back with
/// no reversal of the scroll to explain it (a layout or geometry change moved the progress).
/// `enter` then `leave` is a scroll through the whole range, not a flicker.
struct FlickerDetector {
  private var lastChange: [Int]
  private var lastKind: [EffectEvent.Kind?]
  private var movedSince: [Int8]

  /// A detector for `count` outputs.
  init(count: Int) {
    lastChange = Array(repeating: -1, count: count)
    lastKind = Array(repeating: nil, count: count)
    movedSince = Array(repeating: 0, count: count)
  }

  /// Records the offset's move on this frame: `delta` = this offset − the previous one.
  mutating func moved(by delta: Double) {
    guard delta != 0, !delta.isNaN else { return }
    let direction: Int8 = delta > 0 ? 1 : -1
    for i in movedSince.indices where lastChange[i] >= 0 {
      movedSince[i] = movedSince[i] == 0 || movedSince[i] == direction ? direction : 2
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

  /// Records crossing `kind` of flag `output` on `frame`; returns the frames since the crossing
  /// it undid when this is a flicker, nil otherwise.
  mutating func changed(_ output: Int, _ kind: EffectEvent.Kind, frame: Int) -> Int? {
    defer {
      lastChange[output] = frame
      lastKind[output] = kind
      movedSince[output] = 0
    }
    guard let previous = lastKind[output], Self.reverse(of: previous) == kind,
      movedSince[output] != 2
    else { return nil }
    return frame - lastChange[output]
  }
}
