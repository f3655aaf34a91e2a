import ScrollPhysics

/// A straight drag of `sim` from `fromY` to `toY` (screen points) starting at `start` and
/// lasting `duration` seconds, sampled at 120 Hz (a touch down, then a move per sample), finger
/// not lifted. Shared by the simulator, transition and scroll view event tests.
func drag(
  _ sim: inout ScrollSimulator, fromY: Double, toY: Double, start: Double = 0, duration: Double
) throws {
  try sim.touchDown(y: fromY, at: start)
  let steps = max(1, Int((duration * 120).rounded()))
  for i in 1...steps {
    let f = Double(i) / Double(steps)
    try sim.touchMove(y: fromY + (toY - fromY) * f, at: start + duration * f)
  }
}
