import Foundation
import ScrollSimCore
import ScrollSimTestSupport
import Testing

@testable import ScrollPhysics

/// The fling handover between a header and its list: measured in the default and in each named
/// buggy mode, and the default's invariant over generated flings and gestures
/// (docs/nested-scroll.md, "Handover").
struct NestedScrollHandoverTests {
  /// The velocity change where a fling crosses the header's edge, sampled at a frame rate.
  struct Handover {
    /// Release velocity used, points per second.
    var release: Double
    /// Combined velocity on the last frame before the edge and the first after, points per second.
    var before: Double
    var after: Double
    /// The change between the two frames before (an ordinary frame's decay), points per second.
    var ordinary: Double
    var jump: Double { after - before }
  }

  /// 800 pt viewport, a 300 pt header collapsing to 100 (range 200), a 5000 pt list.
  static func chain(_ handover: NestedFlingHandover, rule: NestedScrollRule = .flutter)
    -> NestedScrollChain
  {
    NestedScrollChain(
      viewportHeight: 800,
      headers: [NestedScrollHeader(expandedHeight: 300, collapsedHeight: 100)],
      contentHeight: 5000, rule: rule, handover: handover)
  }

  /// Flings forward from rest (the header collapses, then the list scrolls) or back from
  /// 1200 pt down the list (the list reaches its top, then the header expands), 3000 pt/s,
  /// and finds the frame that crosses the header's edge (combined offset 200).
  static func measure(
    _ handover: NestedFlingHandover, forward: Bool, profile: PhysicsProfile = .ios,
    frameRate: Double = 120
  ) throws -> Handover? {
    var sim = try NestedScrollSimulator(
      chain: chain(handover), profile: profile, startOffset: forward ? 0 : 1400)
    let release = try sim.fling(velocity: forward ? 3000 : -3000, at: 0)
    var velocities: [Double] = []
    for frame in 0...Int(10 * frameRate) {
      let state = sim.state(at: Double(frame) / frameRate)
      velocities.append(state.combined.velocity)
      let crossed = forward ? state.combined.offset >= 200 : state.combined.offset <= 200
      if crossed, frame >= 2 {
        return Handover(
          release: release, before: velocities[frame - 1], after: velocities[frame],
          ordinary: velocities[frame - 1] - velocities[frame - 2])
      }
    }
    return nil
  }

  @Test(
    "The default hands the fling over with one frame's decay, in both directions, at 60 and 120 Hz",
    arguments: [true, false], [60.0, 120.0])
  func unifiedHandover(forward: Bool, frameRate: Double) throws {
    let h = try #require(try Self.measure(.unified, forward: forward, frameRate: frameRate))
    // iOS decay per frame: v·(1 − 0.998^(1000/frameRate)); the edge frame decays no more than
    // the frame before it (the velocity, hence its per-frame decay, only shrinks).
    let rate = pow(0.998, 1000 / frameRate)
    #expect(abs(h.jump - h.before * (rate - 1)) < 1e-6)
    #expect(abs(h.jump) <= abs(h.ordinary) + 1e-9)
    #expect(h.release == (forward ? 3000 : -3000))
  }

  @Test(
    "Separate decays: the velocity jumps back up to the release velocity at the edge",
    arguments: [true, false])
  func separateDecays(forward: Bool) throws {
    let h = try #require(try Self.measure(.separateDecays, forward: forward))
    // The next view's fling starts over from the release velocity (at most one frame ago).
    #expect(abs(h.after) >= 3000 * pow(0.998, 1000.0 / 120) - 1e-6)
    #expect(abs(h.after) <= 3000)
    #expect(abs(h.jump) > 5 * abs(h.ordinary))
  }

  @Test(
    "Stop at edge: the fling stops dead and the next view never moves", arguments: [true, false])
  func stopAtEdge(forward: Bool) throws {
    let h = try #require(try Self.measure(.stopAtEdge, forward: forward))
    #expect(h.after == 0)
    var sim = try NestedScrollSimulator(
      chain: Self.chain(.stopAtEdge), startOffset: forward ? 0 : 1400)
    try sim.fling(velocity: forward ? 3000 : -3000, at: 0)
    let rest = sim.state(at: 20)
    #expect(rest.views.map(\.offset) == (forward ? [200, 0] : [200, 0]))
    #expect(rest.combined.phase == .idle)
  }

  /// A flick that collapses the header: the finger moves 150 pt up in 100 ms (1500 pt/s,
  /// samples at 120 Hz) and lifts while the header is still collapsing.
  static func flick(_ handover: NestedFlingHandover, profile: PhysicsProfile = .ios) throws
    -> Double
  {
    var sim = try NestedScrollSimulator(chain: chain(handover), profile: profile)
    try sim.touchDown(y: 600, at: 0)
    for step in 1...12 { try sim.touchMove(y: 600 - 12.5 * Double(step), at: Double(step) / 120) }
    return try sim.touchUp(at: 0.1)
  }

  @Test("Velocity in the child's coordinates: a flick that collapses the header releases with none")
  func childCoordinates() throws {
    #expect(abs(try Self.flick(.unified) - 1500) < 1e-6)
    #expect(try Self.flick(.childCoordinates) == 0)
    // The fling itself is unified: released by a number, it crosses the edge like the default.
    let h = try #require(try Self.measure(.childCoordinates, forward: true))
    let d = try #require(try Self.measure(.unified, forward: true))
    #expect(h.jump == d.jump)
  }

  /// The table in docs/nested-scroll.md: run with `swift test --filter handoverTable` and read
  /// the printed rows.
  @Test("The handover table (printed for the docs)")
  func handoverTable() throws {
    var rows: [String] = []
    for profile in [PhysicsProfile.ios, .android, .flutter] {
      for mode in NestedFlingHandover.allCases {
        for forward in [true, false] {
          let h = try #require(try Self.measure(mode, forward: forward, profile: profile))
          let flick =
            mode == .childCoordinates || mode == .unified
            ? try Self.flick(mode, profile: profile) : .nan
          rows.append(
            "| \(profile.name) | \(mode.rawValue) | \(forward ? "collapse" : "expand") | "
              + [h.before, h.after, h.jump, h.ordinary].map { NumberText.fixed($0, 1) }
              .joined(separator: " | ") + " | "
              + (flick.isNaN ? "–" : NumberText.fixed(flick, 1)) + " |")
          if mode == .unified { #expect(abs(h.jump) <= abs(h.ordinary) * 1.5 + 1e-9) }
        }
      }
    }
    print(rows.joined(separator: "\n"))
  }

  // MARK: Generated flings and gestures

  /// One header, or two for gestures (`headers` 2), over a list.
  static func randomChain(_ random: inout SplitMix64, floats: Bool, headers: Int = 1)
    -> NestedScrollChain
  {
    let viewport = random.uniform(500...1000)
    var list: [NestedScrollHeader] = []
    for index in 0..<headers {
      let expanded = random.uniform(60...(viewport / Double(2 * headers)))
      let collapsed = random.unit() < 0.3 ? 0 : random.uniform(0...expanded)
      list.append(
        NestedScrollHeader(
          expandedHeight: expanded, collapsedHeight: collapsed,
          floats: floats && index == headers - 1))
    }
    return NestedScrollChain(
      viewportHeight: viewport, headers: list,
      contentHeight: random.unit() < 0.1
        ? random.uniform(0...viewport) : random.uniform(viewport...20000))
  }

  @Test(
    "Generated flings: the default runs the one-axis fling over the combined offset, every frame",
    arguments: [PhysicsProfile.ios, .android, .flutter])
  func generatedFlings(profile: PhysicsProfile) throws {
    var random = SplitMix64(seed: 16)
    for _ in 0..<120 {
      let chain = Self.randomChain(&random, floats: false)
      let start = random.uniform(0...chain.combinedGeometry.maxOffset)
      let velocity = random.uniform(500...8000) * (random.unit() < 0.5 ? -1 : 1)
      var sim = try NestedScrollSimulator(chain: chain, profile: profile, startOffset: start)
      var plain = try ScrollSimulator(
        geometry: chain.combinedGeometry, profile: profile, startOffset: start)
      try sim.fling(velocity: velocity, at: 0)
      try plain.release(atOffset: start, velocity: velocity, at: 0)
      let edge = chain.ranges[0]
      var previous: ScrollState?
      var previousDecay: Double?
      for frame in 0...600 {
        let t = Double(frame) / 120
        let state = sim.state(at: t)
        let one = plain.state(at: t)
        #expect(state.combined.offset == one.offset && state.combined.velocity == one.velocity)
        let sum = state.views.reduce(0) { $0 + $1.offset }
        #expect(abs(sum - state.combined.offset) < 1e-9)
        #expect(state.views[0].offset >= 0 && state.views[0].offset <= edge)
        #expect(
          state.views[1].offset <= 0 || state.views[0].offset == edge,
          "\(chain) start \(start) v \(velocity) t \(t): \(state.views.map(\.offset))")
        #expect(state.views.allSatisfy { $0.offset.isFinite && $0.velocity.isFinite })
        if state.combined.phase == .idle {
          #expect(chain.listGeometry.contains(state.views[1].offset))
        }
        if let previous, profile == .ios, state.combined.phase == .decelerating,
          previous.phase == .decelerating
        {
          // Crossing the header's edge decays the velocity like any other frame.
          let decay = abs(state.combined.velocity - previous.velocity)
          if let previousDecay { #expect(decay <= previousDecay + 1e-9) }
          previousDecay = decay
        }
        previous = state.combined
      }
    }
  }

  @Test(
    "Generated gestures: views sum to the combined offset, headers stay in range, rest is in range",
    arguments: [false, true])
  func generatedGestures(floats: Bool) throws {
    var random = SplitMix64(seed: floats ? 161 : 160)
    for _ in 0..<80 {
      var chain = Self.randomChain(
        &random, floats: floats, headers: random.unit() < 0.5 ? 1 : 2)
      chain.headers[0].snap =
        [nil, NestedHeaderSnap.compose, .appBarLayout, .flutterFloating][
          Int(random.uniform(0...3.999))]
      chain.handover = NestedFlingHandover.allCases[Int(random.uniform(0...3.999))]
      var sim = try NestedScrollSimulator(chain: chain)
      var t = 0.0
      func check(_ time: Double) {
        let state = sim.state(at: time)
        let sum = state.views.reduce(0) { $0 + $1.offset }
        #expect(abs(sum - state.combined.offset) < 1e-6)
        #expect(state.views.allSatisfy { $0.offset.isFinite && $0.velocity.isFinite })
        let ranges = chain.ranges
        for index in chain.headers.indices {
          let header = state.views[index].offset
          #expect(header >= -1e-9 && header <= ranges[index] + 1e-9)
          if !floats && header > 0 && index > 0 {
            // Without floating headers the outer views fill first.
            #expect(abs(state.views[index - 1].offset - ranges[index - 1]) < 1e-9)
          }
        }
        if !floats && state.list.offset > 0 {
          #expect(
            chain.headers.indices.allSatisfy { abs(state.views[$0].offset - ranges[$0]) < 1e-9 })
        }
      }
      for _ in 0..<4 {
        var y = random.uniform(200...600)
        try sim.touchDown(y: y, at: t)
        check(t)
        for _ in 0..<Int(random.uniform(2...20)) {
          t += random.uniform(0.004...0.03)
          y += random.uniform(-80...80)
          try sim.touchMove(y: y, at: t)
          check(t)
        }
        t += random.uniform(0...0.05)
        try sim.touchUp(at: t)
        let next = t + random.uniform(0.05...2.5)
        while t < next {
          check(t)
          t += 1.0 / 60
        }
      }
      let end = sim.state(at: t + 30)
      let sum = end.views.reduce(0) { $0 + $1.offset }
      #expect(abs(sum - end.combined.offset) < 1e-6)
      #expect(end.combined.phase == .idle)
      #expect(end.views[0].offset >= 0 && end.views[0].offset <= chain.ranges[0] + 1e-9)
      #expect(chain.listGeometry.contains(end.list.offset))
      if chain.headers[0].snap != nil {
        // A snapping header never rests part-way.
        let header = end.views[0].offset
        #expect(header < 0.2 || header > chain.ranges[0] - 0.2)
      }
    }
  }
}
