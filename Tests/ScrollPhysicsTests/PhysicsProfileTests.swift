import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollPhysics

struct PhysicsProfileTests {
  static let folder = Repository.root.appendingPathComponent("profiles")

  @Test(
    "profiles/*.json are exactly the built-in profiles",
    arguments: PhysicsProfile.builtIn.map(\.name))
  func filesMatchBuiltIns(name: String) throws {
    let path = Self.folder.appendingPathComponent("\(name).json").path
    let loaded = try PhysicsProfile.load(path: path)
    #expect(loaded == PhysicsProfile.named(name))
    try loaded.validate()
  }

  @Test func builtInsCarryThePublishedConstants() {
    let flutter = PhysicsProfile.flutter
    #expect(flutter.frictionDrag == 0.135 && flutter.springMass == 0.5)
    #expect(flutter.springStiffness == 100 && flutter.springDampingRatio == 1.1)
    #expect(flutter.rubberBandCoefficient == 0.52 && flutter.maximumBounceVelocity == 5000)
    #expect(flutter.springTransfer == .flutterMin)
    let android = PhysicsProfile.android
    #expect(android.splineFriction == 0.015 && android.overscrollModel == .stretch)
    #expect(android.stretchFrequency == 24.657 && android.stretchDampingRatio == 0.98)
    #expect(
      PhysicsProfile.ios.decelerationRate == 0.998
        && PhysicsProfile.ios.rubberBandCoefficient == 0.55)
  }

  @Test func aPartialFileTakesTheRestFromItsBase() throws {
    let data = Data(#"{"base": "flutter", "name": "slow", "frictionDrag": 0.2}"#.utf8)
    let profile = try PhysicsProfile.parse(data, file: "slow.json")
    var expected = PhysicsProfile.flutter
    expected.name = "slow"
    expected.frictionDrag = 0.2
    #expect(profile == expected)
  }

  /// Without a name of its own, a changed profile is not reported as its base.
  @Test func anUnnamedChangedProfileSaysItIsModified() throws {
    let changed = try PhysicsProfile.parse(
      Data(#"{"base": "flutter", "frictionDrag": 0.2}"#.utf8), file: "f.json")
    #expect(changed.name == "flutter (modified)")
    let same = try PhysicsProfile.parse(Data(#"{"base": "android"}"#.utf8), file: "a.json")
    #expect(same.name == "android")
  }

  @Test(
    "bad files name the file and the JSON path",
    arguments: [
      (#"{"springMass": -1}"#, "$.springMass"),
      (#"{"springMass": "heavy"}"#, "$.springMass"),
      (#"{"flingModel": "cubic"}"#, "$.flingModel"),
      (#"{"carriesMomentum": 1}"#, "$.carriesMomentum"),
      (#"{"decelerationRate": 1.5}"#, "$.decelerationRate"),
      (#"{"springDampingRatio": 0.5}"#, "$.springDampingRatio"),
      (#"{"frictoinDrag": 0.1}"#, "$.frictoinDrag"),
      (#"{"base": "windows"}"#, "$.base"),
      (#"{"springMass": 1e9}"#, "$.springMass"),
      (#"{"springDampingRatio": 100}"#, "$.springDampingRatio"),
      (#"{"stopVelocityPixels": 1e-300}"#, "$.stopVelocityPixels"),
      (#"{"stopDistancePixels": 1e-300}"#, "$.stopDistancePixels"),
      (#"{"minimumFlingVelocity": 9000}"#, "$.minimumFlingVelocity"),
      (#"{"decelerationRate": 0.99999}"#, "$.decelerationRate"),
      (#"{"frictionDrag": 0.99}"#, "$.frictionDrag"),
      (#"{"base": "android", "stretchDampingRatio": 100}"#, "$.stretchDampingRatio"),
      (#"{"splineFriction": 1e-9}"#, "$.splineFriction"),
      (#"{"springMass": 2, "springMass": 3}"#, "$.springMass"),
      (#"{"springMass": 2,}"#, "$"),
      (#"[1, 2]"#, "$"),
      (#"{"name": "x""#, "$"),
    ])
  func badFiles(json: String, path: String) {
    #expect {
      _ = try PhysicsProfile.parse(Data(json.utf8), file: "bad.json")
    } throws: { error in
      guard let error = error as? InputError else { return false }
      return error.file == "bad.json" && error.path == path
        && error.description.hasPrefix("bad.json:\(error.line):\(error.column): \(path): ")
        && error.line >= 1 && error.column >= 1
    }
  }

  @Test func aMissingFileIsAnError() {
    #expect(
      throws: InputError(.unreadable, file: "/nonexistent.json", message: "no such file")
    ) {
      _ = try PhysicsProfile.load(path: "/nonexistent.json")
    }
  }

  @Test func outOfRangeErrorsSayTheExpectedRange() {
    #expect {
      _ = try PhysicsProfile.parse(Data(#"{"minimumFlingVelocity": 9000}"#.utf8), file: "p.json")
    } throws: { error in
      "\(error)"
        == "p.json:1:26: $.minimumFlingVelocity: 9000.0 is out of range: expected a number in "
        + "[0, maximumFlingVelocity] = [0, 8000.0]"
    }
  }

  /// Every accepted profile settles in bounded time: the slowest corners of the ranges.
  @Test(
    "profiles at the edges of the accepted ranges settle within 60 s",
    arguments: [
      #"{"springMass": 1000, "springStiffness": 1000}"#,
      #"{"springDampingRatio": 5, "stopVelocityPixels": 0.1, "stopDistancePixels": 0.01}"#,
      #"{"decelerationRate": 0.9995, "stopVelocityPixels": 0.1}"#,
      #"{"base": "flutter", "frictionDrag": 0.6, "stopVelocityPixels": 0.1}"#,
      #"{"base": "android", "splineFriction": 0.001, "stopVelocityPixels": 0.1}"#,
      #"{"base": "android", "stretchDampingRatio": 20, "stretchFrequency": 1000}"#,
    ])
  func edgeProfilesSettle(json: String) throws {
    let profile = try PhysicsProfile.parse(Data(json.utf8), file: "edge.json")
    let geometry = ScrollGeometry(viewportHeight: 800, contentHeight: 1_000_000)
    var sim = try ScrollSimulator(
      geometry: geometry, profile: profile, screenScale: 10, startOffset: 500_000)
    try sim.release(atOffset: 500_000, velocity: profile.maximumFlingVelocity, at: 0)
    #expect(sim.state(at: 60).phase == .idle)
    try sim.release(atOffset: 0, velocity: -profile.maximumFlingVelocity, at: 61)
    #expect(sim.state(at: 121).phase == .idle)
    try sim.scrollTo(offset: 999_000, animated: true, at: 122)
    #expect(sim.state(at: 182).phase == .idle)
  }

  @Test func syntaxErrorsNameTheLineAndColumn() {
    #expect {
      _ = try PhysicsProfile.parse(Data("{\n  \"a\": 1,\n  \"a\": 2\n}".utf8), file: "p.json")
    } throws: { error in
      "\(error)"
        == "p.json:3:3: $.a: invalid JSON: duplicate key \"a\": each key may appear once (JSON "
        + "readers differ on which one wins)"
    }
  }
}
