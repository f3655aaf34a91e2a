import Testing

@testable import ScrollRuntime

struct PercentileSummaryTests {
  @Test func nearestRankOfOneToTen() {
    let summary = PercentileSummary([7, 3, 10, 1, 5, 2, 9, 4, 8, 6])
    #expect(summary.count == 10)
    #expect(summary.min == 1)
    #expect(summary.median == 5)  // rank ⌈5⌉
    #expect(summary.p90 == 9)  // rank ⌈9⌉
    #expect(summary.p99 == 10)  // rank ⌈9.9⌉
    #expect(summary.max == 10)
  }

  @Test func nearestRankOfOneToHundredIsTheValueOfTheRank() {
    let summary = PercentileSummary((1...100).map(Double.init).reversed())
    #expect(summary.median == 50)
    #expect(summary.p90 == 90)
    #expect(summary.p99 == 99)
    // Decimal percentiles of 1…1000: the p-th is the value p·10 exactly (99.9 → 999).
    let sorted = (1...1000).map(Double.init)
    for perMille in 1...1000 {
      let p = Double(perMille) / 10
      #expect(PercentileSummary.percentile(p, ofSorted: sorted) == Double(perMille))
    }
    // Between ranks the next rank up is taken: 1 000 values, p50.05 → rank ⌈500.5⌉ = 501.
    #expect(PercentileSummary.percentile(50.05, ofSorted: sorted) == 501)
  }

  @Test func singleAndEmpty() {
    let one = PercentileSummary([42])
    #expect(one.median == 42 && one.p99 == 42 && one.min == 42 && one.max == 42)
    let none = PercentileSummary([])
    #expect(none.count == 0 && none.median == 0 && none.max == 0)
  }

  @Test func valuesByName() {
    let summary = PercentileSummary(count: 3, min: 1, median: 2, p90: 3, p99: 4, max: 5)
    #expect(summary.value(named: "p50") == 2)
    #expect(summary.value(named: "median") == 2)
    #expect(summary.value(named: "p90") == 3)
    #expect(summary.value(named: "p99") == 4)
    #expect(summary.value(named: "max") == 5)
    #expect(summary.value(named: "p75") == nil)
  }
}
