import Testing

@testable import ScrollSimCore

/// The number harness of the JSON fuzz target (Fuzz/Targets/FuzzJSON.swift) as a deterministic
/// loop: 200,000 SplitMix64 decimals (`DecimalCases`) read by JSONReader and by strtod, bit for
/// bit. `Fuzz/number-loop.sh` runs the same cases by the million in an optimized build.
@Suite struct JSONNumberFuzzTests {
  @Test func randomDecimalsAreReadAsStrtodReadsThem() {
    var random = SplitMix64(seed: 2026_12_01)
    var mismatches: [String] = []
    for _ in 0..<200_000 {
      if let mismatch = DecimalCases.mismatch(DecimalCases.next(&random)) {
        mismatches.append(mismatch)
        if mismatches.count == 10 { break }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
  }
}
