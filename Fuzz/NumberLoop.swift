// The number harness as a loop of millions of cases (Fuzz/number-loop.sh): compiled into
// ScrollSimCore with Tests/ScrollSimCoreTests/DecimalCases.swift, outside libFuzzer.
// Usage: number-loop [cases] [seed]
@main enum NumberLoop {
  static func main() {
    let arguments = CommandLine.arguments
    let cases = arguments.count > 1 ? Int(arguments[1])! : 3_000_000
    let seed = arguments.count > 2 ? UInt64(arguments[2])! : 2026_12_01
    var random = SplitMix64(seed: seed)
    var mismatches = 0
    for _ in 0..<cases {
      if let mismatch = DecimalCases.mismatch(DecimalCases.next(&random)) {
        print(mismatch)
        mismatches += 1
        if mismatches == 20 { break }
      }
    }
    print("\(cases) decimals (seed \(seed)): \(mismatches) mismatches")
    precondition(mismatches == 0, "JSONReader and strtod disagree")
  }
}
