import Foundation
import ScrollSimCore
import Testing

@testable import ScrollPhysics

/// Chromium's Mac trackpad rails (`mouse_wheel_rails_filter_mac.cc`
/// `MouseWheelRailsFilterMac::UpdateRailsMode`): decayed sums `s ← 0.8·s + (|dx|, |dy|)` reset
/// at `began`; free while neither is twice the other (`kMinRailRatio` 2), else the larger axis
/// alone; a delta without a phase (a mouse wheel) is free.
struct TrackpadRailsTests {
  static let geometry = ScrollGeometry(viewportHeight: 400, contentHeight: 4000)

  static func simulator(profile: PhysicsProfile) throws -> TwoAxisScrollSimulator {
    try TwoAxisScrollSimulator(
      horizontal: geometry, vertical: geometry, profile: profile,
      startOffset: ScrollVector(x: 1000, y: 1000))
  }

  @Test func chromiumMacRailsAMostlyVerticalSession() throws {
    var sim = try Self.simulator(profile: .chromiumMac)
    #expect(sim.railsTrackpadScrolling)
    try sim.wheel(deltaX: 3, deltaY: 20, phase: .began, at: 0)
    try sim.wheel(deltaX: 4, deltaY: 20, phase: .changed, at: 0.01)
    #expect(sim.state(at: 0.01).offset == ScrollVector(x: 1000, y: 1040))
    // A mouse wheel's notch has no phase: free.
    var free = try Self.simulator(profile: .chromiumMac)
    try free.wheel(deltaX: 3, deltaY: 20, at: 0)
    #expect(free.state(at: 0).offset == ScrollVector(x: 1003, y: 1020))
  }

  /// The ratio at each delta, by hand: (10, 12) → free (12 < 2·10); then (1, 30): s = (9, 39.6),
  /// 39.6 ≥ 18 → vertical, x stays; then (30, 1): s = (37.2, 32.68) → free again.
  @Test func aDiagonalDeltaIsFreeAndTheRatioIsReevaluated() throws {
    var sim = try Self.simulator(profile: .chromiumMac)
    try sim.wheel(deltaX: 10, deltaY: 12, phase: .began, at: 0)
    #expect(sim.state(at: 0).offset == ScrollVector(x: 1010, y: 1012))
    try sim.wheel(deltaX: 1, deltaY: 30, phase: .changed, at: 0.01)
    #expect(sim.state(at: 0.01).offset == ScrollVector(x: 1010, y: 1042))
    try sim.wheel(deltaX: 30, deltaY: 1, phase: .changed, at: 0.02)
    #expect(sim.state(at: 0.02).offset == ScrollVector(x: 1040, y: 1043))
  }

  /// Other profiles move both axes unless asked; the option turns the rails on.
  @Test(arguments: [PhysicsProfile.ios, .android, .flutter, .chromium])
  func otherProfilesAreFreeUnlessAsked(profile: PhysicsProfile) throws {
    var sim = try Self.simulator(profile: profile)
    #expect(!sim.railsTrackpadScrolling)
    try sim.wheel(deltaX: 3, deltaY: 20, phase: .began, at: 0)
    #expect(sim.state(at: 0).offset.x == 1003)
    var railed = try Self.simulator(profile: profile)
    railed.railsTrackpadScrolling = true
    try railed.wheel(deltaX: 3, deltaY: 20, phase: .began, at: 0)
    #expect(railed.state(at: 0).offset.x == 1000)
  }
}
