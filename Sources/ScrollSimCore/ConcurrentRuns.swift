import Dispatch
import Foundation

/// Independent runs (one per trace) spread over several threads with Dispatch, each result
/// written into its own slot, so the results come back in index order whatever the scheduling.
/// The one place `scrollsim replay` and `scrollsim check` (and the checker's trace runs) go
/// parallel.
package enum ConcurrentRuns {
  /// Runs `body(i)` for `i` in `0..<count` on up to `jobs` threads
  /// (`DispatchQueue.concurrentPerform`; each thread takes the next index in order) and returns
  /// one slot per index: the result, or nil for an index not run.
  ///
  /// An index is not run when `shouldStop` (asked before each index) returned true, or when an
  /// earlier index had already failed: so the first failure in index order is always run and
  /// reported, whatever the scheduling, and no work is spent after it.
  /// - Parameters:
  ///   - count: the number of runs, ≥ 0.
  ///   - jobs: threads, clamped to 1…`count`; 1 runs everything on the calling thread, in order.
  ///   - shouldStop: asked before each index (from any thread).
  ///   - finished: called after each index with the number finished so far (from any thread,
  ///     never concurrently with itself); the numbers it gets only grow (a count two threads
  ///     reach in turn is passed once, the larger), and the last is the number of runs made.
  ///   - body: one run (from any thread; runs share nothing).
  /// - Complexity: `count` calls of `body`, at most `jobs` at a time.
  package static func map<T: Sendable, E: Error>(
    count: Int, jobs: Int, shouldStop: @escaping @Sendable () -> Bool = { false },
    finished: (@Sendable (Int) -> Void)? = nil,
    _ body: @escaping @Sendable (Int) throws(E) -> T
  ) -> [Result<T, E>?] {
    guard count > 0 else { return [] }
    let state = State<T, E>(count: count)
    let threads = Swift.min(Swift.max(jobs, 1), count)
    let work: @Sendable (Int) -> Void = { _ in
      while let index = state.take(shouldStop) {
        let result: Result<T, E>
        do throws(E) {
          result = .success(try body(index))
        } catch {
          result = .failure(error)
        }
        state.store(result, at: index)
        if let finished { state.report(finished) }
      }
    }
    if threads == 1 {
      work(0)
    } else {
      DispatchQueue.concurrentPerform(iterations: threads, execute: work)
    }
    return state.results
  }

  /// The shared slots and the next index, behind one lock (taken twice per run, never per
  /// frame).
  private final class State<T, E: Error>: @unchecked Sendable {
    private let lock = NSLock()
    private let reporting = NSLock()
    private(set) var results: [Result<T, E>?]
    private var next = 0
    private var done = 0
    /// The last count passed to `finished` (guarded by `reporting`).
    private var reported = 0
    private var firstFailure = Int.max

    init(count: Int) { results = Array(repeating: nil, count: count) }

    /// The next index to run, or nil when none is left, an earlier index failed or
    /// `shouldStop` says so.
    func take(_ shouldStop: () -> Bool) -> Int? {
      if shouldStop() { return nil }
      lock.lock()
      defer { lock.unlock() }
      guard next < results.count, next < firstFailure else { return nil }
      next += 1
      return next - 1
    }

    /// Stores the result of `index`.
    func store(_ result: Result<T, E>, at index: Int) {
      lock.lock()
      defer { lock.unlock() }
      results[index] = result
      if case .failure = result { firstFailure = Swift.min(firstFailure, index) }
      done += 1
    }

    /// Passes `finished` the number of runs finished now, read while no other report runs, when
    /// it is more than the last one passed: so the counts passed only grow, whichever thread
    /// reaches the reporting lock first.
    func report(_ finished: (Int) -> Void) {
      reporting.lock()
      defer { reporting.unlock() }
      lock.lock()
      let now = done
      lock.unlock()
      guard now > reported else { return }
      reported = now
      finished(now)
    }
  }
}
