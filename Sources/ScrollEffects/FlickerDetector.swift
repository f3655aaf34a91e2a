/// Finds flags that flip back without the offset reversing (`scrollsim check`'s `flicker`).
///
/// For each flag it remembers the frame of its last change and the directions the offset has
/// moved in since (none, forward, back, or both). A change of a flag that changed before, while
/// the offset moved in at most one direction since, is a flicker: the on → off → on (or
/// off → on → off) pair happened with no reversal of the scroll to explain it.
struct FlickerDetector {
  private var lastChange: [Int]
  private var movedSince: [Int8]

  /// A detector for `count` outputs.
  init(count: Int) {
    lastChange = Array(repeating: -1, count: count)
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

  /// Records a change of flag `output` on `frame`; returns the frames since its previous change
  /// when this is a flicker, nil otherwise.
  mutating func changed(_ output: Int, frame: Int) -> Int? {
    defer {
      lastChange[output] = frame
      movedSince[output] = 0
    }
    guard lastChange[output] >= 0, lastChange[output] < frame, movedSince[output] != 2 else {
      return nil
    }
    return frame - lastChange[output]
  }
}
