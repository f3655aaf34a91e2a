import Testing

@testable import ScrollPhysics

struct ScrollTargetBehaviorTests {
  let geometry = ScrollGeometry(viewportHeight: 800, contentHeight: 4000)  // maxOffset 3200

  func target(_ behavior: ScrollTargetBehavior, _ offset: Double, _ velocity: Double) -> Double? {
    let rest = Deceleration(offset: offset, velocity: velocity).restOffset
    return behavior.target(
      offset: offset, velocity: velocity, projectedRest: rest, flingThreshold: 100,
      geometry: geometry)
  }

  @Test func pagingMovesOnePageInTheFlingsDirection() {
    #expect(target(.paging, 100, 3000) == 800)
    #expect(target(.paging, 100, 8000) == 800)  // at most one page
    #expect(target(.paging, 900, -500) == 800)
    #expect(target(.paging, 800, 500) == 1600)  // from a page boundary, the next page
    #expect(target(.paging, 3100, 2000) == 3200)  // the last page is clamped to maxOffset
  }

  @Test func pagingWithoutAFlingSettlesOnTheNearestPage() {
    #expect(target(.paging, 300, 0) == 0)
    #expect(target(.paging, 500, 0) == 800)
    #expect(target(.paging, 500, 50) == 800)
  }

  @Test func viewAlignedPicksTheItemNearestTheProjectedRest() {
    let items = ScrollTargetBehavior.viewAligned([0, 250, 500, 750, 1000, 1250])
    // 1000 pt/s from 0 rests near 499.5: item 500.
    #expect(target(items, 0, 1000) == 500)
    #expect(target(items, 260, 0) == 250)
    // A fling never settles behind its direction: from 490 going forward slowly, item 500.
    #expect(target(items, 490, 120) == 500)
    #expect(target(items, 510, -120) == 500)
  }

  @Test func viewAlignedByOneMovesAtMostOneItem() {
    let items = ScrollTargetBehavior.viewAligned([0, 250, 500, 750, 1000, 1250])
    let byOne = ScrollTargetBehavior.viewAlignedByOne([0, 250, 500, 750, 1000, 1250])
    // 3000 pt/s from 260 would rest near 1757 (viewAligned skips to item 1250); by one: the
    // next item.
    #expect(target(items, 260, 3000) == 1250)
    #expect(target(byOne, 260, 3000) == 500)
    #expect(target(byOne, 260, -3000) == 250)
    #expect(target(byOne, 250, 3000) == 500)  // on an item: the next one
    #expect(target(byOne, 250, -3000) == 0)
    // Slow: the nearest of the neighbours to the projected rest.
    #expect(target(byOne, 260, 0) == 250)
    #expect(target(byOne, 400, 0) == 500)
    #expect(target(byOne, 260, 90) == 250)  // projects to 305: 250 is nearer
    // Past the last item the range's end is a target.
    #expect(target(byOne, 3150, 3000) == 3200)
  }

  @Test func badItemOffsetsAreRejected() {
    #expect(throws: PhysicsError.self) {
      try ScrollTargetBehavior.viewAligned([0, 500, 100]).validate()
    }
    #expect(throws: PhysicsError.self) {
      try ScrollTargetBehavior.viewAligned([0, .nan]).validate()
    }
    #expect(throws: PhysicsError.self) {
      try ScrollTargetBehavior.viewAlignedByOne([0, 500, 100]).validate()
    }
    #expect(target(.none, 0, 1000) == nil)
  }
}
