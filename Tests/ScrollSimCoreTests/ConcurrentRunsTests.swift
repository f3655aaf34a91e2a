import Foundation
import Testing

@testable import ScrollSimCore

/// The one parallel runner: results in index order, and a progress count that only grows.
@Suite struct ConcurrentRunsTests {
  /// Records the counts `finished` is given (called serially, by contract).
  final class Counts: @unchecked Sendable {
    var values: [Int] = []
  }

  /// The counts passed to `finished` strictly increase and end at the number of runs, at any
  /// number of threads: a progress line (`check: 5/340`) never steps back. `finished` does some
  /// work, so that threads queue for it while others finish runs.
  @Test(arguments: [1, 2, 4, 8])
  func finishedCountsOnlyGrow(jobs: Int) {
    let counts = Counts()
    let count = 3000
    let finished: @Sendable (Int) -> Void = { done in
      var sum = 0
      for i in 0..<(2000 + (done % 7) * 500) { sum &+= i * done }
      counts.values.append(sum == -1 ? 0 : done)
    }
    let results = ConcurrentRuns.map(count: count, jobs: jobs, finished: finished) {
      (index: Int) throws(InputError) -> Int in index * 2
    }
    #expect(results.map { try? $0?.get() } == (0..<count).map { $0 * 2 })
    let backwards = zip(counts.values, counts.values.dropFirst()).filter { $0.0 >= $0.1 }
    #expect(backwards.isEmpty, "counts stepped back: \(backwards.prefix(3))")
    #expect(counts.values.last == count)
  }
}
