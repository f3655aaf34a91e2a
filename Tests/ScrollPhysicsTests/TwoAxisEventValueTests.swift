import Foundation
import ScrollSimCore
import Testing

@testable import ScrollPhysics

/// UIKit's `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` passes a `CGPoint`
/// velocity (points per millisecond) and target; SwiftUI's phase change a `CGVector` velocity.
/// A two-axis view's events carry both axes in `ScrollViewEvent.twoAxis`, while `kind` keeps
/// the one-axis numbers code written for one axis reads.
struct TwoAxisEventValueTests {
  private static let wide = ScrollGeometry(viewportHeight: 390, contentHeight: 4000)
  private static let tall = ScrollGeometry(viewportHeight: 844, contentHeight: 8000)

  /// Drags at a constant finger velocity (points per second) for 12 samples at 120 Hz, lifts.
  private static func fling(
    _ sim: inout TwoAxisScrollSimulator, finger: ScrollVector, at t0: Double = 0
  ) throws -> ScrollVector {
    let dt = 1.0 / 120
    try sim.touchDown(x: 200, y: 400, at: t0)
    for i in 1...12 {
      let t = Double(i) * dt
      try sim.touchMove(x: 200 + finger.x * t, y: 400 + finger.y * t, at: t0 + t)
    }
    return try sim.touchUp(at: t0 + 12 * dt)
  }

  @Test(
    "a diagonal fling's scrollViewWillEndDragging carries both axes",
    arguments: PhysicsProfile.builtIn)
  func diagonalFling(profile: PhysicsProfile) throws {
    var sim = try TwoAxisScrollSimulator(
      horizontal: Self.wide, vertical: Self.tall, profile: profile,
      startOffset: ScrollVector(x: 1800, y: 3500), directionalLock: .free)
    let release = try Self.fling(&sim, finger: ScrollVector(x: -1500, y: -2000))
    #expect(release.x > 0 && release.y > 0)
    let end = try #require(
      sim.scrollViewEvents.first { if case .willEndDragging = $0.kind { true } else { false } })
    let values = try #require(end.twoAxis)
    // Points per millisecond, as UIKit; the targets are where both axes come to rest.
    #expect(values.velocity == ScrollVector(x: release.x / 1000, y: release.y / 1000))
    #expect(values.targetContentOffset == sim.restingOffset)
    // The one-axis numbers stay the vertical axis's (it was dragged).
    #expect(
      end.kind
        == .willEndDragging(velocity: release.y / 1000, targetContentOffset: sim.restingOffset.y))
    // The phase change to decelerating carries both axes' velocities (points per second).
    let decelerating = try #require(
      sim.scrollViewEvents.first {
        if case .phaseChange(_, .decelerating, _) = $0.kind { true } else { false }
      })
    let state = sim.state(at: decelerating.time)
    #expect(decelerating.twoAxis == .phaseChange(velocity: state.velocity))
    // Every event's text reads back to the same event (frame files, `scrollsim diff`).
    for event in sim.scrollViewEvents {
      #expect(ScrollViewEvent(text: event.description) == event)
    }
  }

  /// A photo pager with the lock: only x is dragged. `kind` carries x's numbers (as before),
  /// `twoAxis` says y did not move: velocity 0, target its offset.
  @Test func horizontalSwipeKeepsYStill() throws {
    var pager = try TwoAxisScrollSimulator(
      horizontal: ScrollGeometry(viewportHeight: 390, contentHeight: 5 * 390),
      vertical: ScrollGeometry(viewportHeight: 844, contentHeight: 2000),
      startOffset: ScrollVector(x: 0, y: 300), directionalLock: .uikit)
    try pager.setTargetBehavior(horizontal: .paging)
    let release = try Self.fling(&pager, finger: ScrollVector(x: -1200, y: 40))
    #expect(release.y == 0 && release.x > 0)
    let end = try #require(
      pager.scrollViewEvents.first { if case .willEndDragging = $0.kind { true } else { false } })
    #expect(end.kind == .willEndDragging(velocity: release.x / 1000, targetContentOffset: 390))
    #expect(
      end.twoAxis
        == .willEndDragging(
          velocity: ScrollVector(x: release.x / 1000, y: 0),
          targetContentOffset: ScrollVector(x: 390, y: 300)))
  }

  /// `setContentOffset(_:animated: false)` with a `CGPoint`: the jump carries both axes.
  @Test func jumpCarriesBothAxes() throws {
    var sim = try TwoAxisScrollSimulator(
      horizontal: Self.wide, vertical: Self.tall, startOffset: ScrollVector(x: 10, y: 20))
    try sim.scrollTo(offset: ScrollVector(x: 100, y: 20), animated: false, at: 1)
    let jump = try #require(sim.scrollViewEvents.first { $0.name == "jump" })
    #expect(jump.kind == .jump(from: 10, to: 100))
    #expect(
      jump.twoAxis
        == .jump(from: ScrollVector(x: 10, y: 20), to: ScrollVector(x: 100, y: 20)))
    #expect(jump.description == "jump(from:10;to:100;fromX:10;fromY:20;toX:100;toY:20)@1")
    #expect(ScrollViewEvent(text: jump.description) == jump)
  }

  /// A one-axis scroll view's events are unchanged: no `twoAxis`, the same text.
  @Test func oneAxisEventsAreUnchanged() throws {
    var sim = try ScrollSimulator(geometry: Self.tall, startOffset: 100)
    try sim.touchDown(y: 400, at: 0)
    try sim.touchMove(y: 380, at: 0.01)
    try sim.touchMove(y: 350, at: 0.02)
    try sim.touchUp(at: 0.03)
    #expect(sim.scrollViewEvents.allSatisfy { $0.twoAxis == nil })
    let text = sim.scrollViewEvents.map(\.description).joined(separator: " ")
    #expect(!text.contains("velocityX") && text.contains("scrollViewWillEndDragging(velocity:"))
  }

  /// Half a two-axis label set, or a bad number in it, reads as nothing (a frame file's cell
  /// is then an error naming the field).
  @Test(
    arguments: [
      "scrollViewWillEndDragging(velocity:1;target:2;velocityX:1;velocityY:1)@0",
      "scrollViewWillEndDragging(velocity:1;target:2;velocityX:1;velocityY:x;targetX:1;targetY:2)@0",
      "onScrollPhaseChange(old:idle;new:tracking;velocity:0;velocityY:0)@0",
      "jump(from:1;to:2;fromX:1;fromY:2;toX:3)@0",
    ])
  func partialTwoAxisTextIsRejected(text: String) {
    #expect(ScrollViewEvent(text: text) == nil)
  }
}
