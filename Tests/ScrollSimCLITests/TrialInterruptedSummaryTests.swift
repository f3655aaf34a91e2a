import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollSimCLI

/// Trial finding 3: an interrupted run's summary says it is partial.
@Suite struct TrialInterruptedSummaryTests {
  /// Finding 3: the total line of an interrupted many-trace run says how many traces it covers
  /// and that it was interrupted; a whole run's is unchanged.
  @Test func interruptedScopeSaysItIsPartial() {
    #expect(
      ReplayCommand.scope(ran: 9, of: 10, interruptedBy: "SIGINT (Ctrl-C)", shard: nil)
        == "9 of 10 traces (interrupted: SIGINT (Ctrl-C))")
    #expect(ReplayCommand.scope(ran: 10, of: 10, interruptedBy: nil, shard: nil) == "10 traces")
    #expect(
      ReplayCommand.scope(ran: 1, of: 1, interruptedBy: nil, shard: "2/4 of 9")
        == "1 trace (shard 2/4 of 9)")
    #expect(
      ReplaySummaryFormatter.interrupted("SIGTERM", at: .init(outputCount: 0))
        == "Interrupted by SIGTERM at t = 0.000 s: a partial replay, the trace was not read to "
        + "its end. ")
  }
}
