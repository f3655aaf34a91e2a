import Foundation
import ScrollPhysics
import ScrollSimTestSupport
import ScrollTrace
import Testing

/// Real recorded touches (x and y: `traces/swipe-shield`, one person on an Android phone) through
/// a two-axis scroll view in every built-in profile and lock mode: the view's merged delegate
/// events keep the one-axis invariants, and Flutter's default lock moves one axis per touch.
struct TwoAxisRealTraceTests {
  static let bundled = (1...9).map { "traces/swipe-shield/gesture-0\($0).jsonl" }

  static let cases: [(String, String, DirectionalLock.Mode)] = bundled.flatMap { path in
    PhysicsProfile.builtIn.flatMap { profile in
      DirectionalLock.Mode.allCases.map { (path, profile.name, $0) }
    }
  }

  @Test(arguments: cases)
  func realTouchesKeepTheViewsInvariants(
    path: String, profileName: String, mode: DirectionalLock.Mode
  ) throws {
    let trace = try Trace.load(path: Repository.path(path))
    let profile = try #require(PhysicsProfile.named(profileName))
    var lock = profile.directionalLock
    lock.mode = mode
    let wide = ScrollGeometry(viewportHeight: 390, contentHeight: 4000)
    let tall = ScrollGeometry(viewportHeight: 844, contentHeight: 20_000)
    var sim = try TwoAxisScrollSimulator(
      horizontal: wide, vertical: tall, profile: profile,
      startOffset: ScrollVector(x: 1800, y: 9000), directionalLock: lock)
    var events: [ScrollViewEvent] = []
    var touchStart: ScrollVector?
    var movedAxes: [(x: Bool, y: Bool)] = []
    for event in trace.events {
      switch event.kind {
      case .down:
        try sim.touchDown(x: event.x, y: event.y, at: event.time)
        touchStart = sim.state(at: event.time).offset
      case .move: try sim.touchMove(x: event.x, y: event.y, at: event.time)
      case .up, .cancel:
        let lifted = sim.state(at: event.time).offset
        if let start = touchStart { movedAxes.append((lifted.x != start.x, lifted.y != start.y)) }
        if event.kind == .up {
          try sim.touchUp(at: event.time)
        } else {
          try sim.touchCancel(at: event.time)
        }
      }
    }
    let last = trace.events.last?.time ?? 0
    sim.advance(to: last + 60)
    events = sim.scrollViewEvents
    #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time })
    var phase = ScrollPhase.idle
    var dragging = false
    var running = false
    for event in events {
      switch event.kind {
      case .phaseChange(let old, let new, _):
        #expect(old == phase, "\(event)")
        phase = new
      case .willBeginDragging:
        #expect(!dragging)
        dragging = true
      case .willEndDragging:
        #expect(dragging)
        dragging = false
      case .willBeginDecelerating:
        #expect(!running)
        running = true
      default:
        if event.isCompletion {
          #expect(running, "\(event) without a motion")
          running = false
        }
      }
    }
    #expect(phase == .idle && !dragging && !running)
    #expect(sim.state(at: last + 60).phase == .idle)
    if mode == .firstAxis {
      // Flutter `DiagonalDragBehavior.none`: one axis wins each touch.
      #expect(movedAxes.allSatisfy { !($0.x && $0.y) })
    }
  }
}
