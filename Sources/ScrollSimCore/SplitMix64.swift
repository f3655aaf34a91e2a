/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014): a tiny seeded generator with a full 2⁶⁴ period. The one seeded generator of
/// the package: generated traces, benchmarks and property tests all draw from it, so a seed
/// names the same sequence everywhere.
package struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// The generator whose sequence `seed` names.
  package init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value in [low, high), 53 random bits.
  package mutating func uniform(_ low: Double, _ high: Double) -> Double {
    low + (high - low) * Double(next() >> 11) / Double(1 << 53)
  }
}
