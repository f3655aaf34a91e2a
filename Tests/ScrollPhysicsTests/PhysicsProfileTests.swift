import Foundation
import Testing

@testable import ScrollPhysics

struct PhysicsProfileTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../profiles")

  @Test(
    "profiles/*.json are exactly the built-in profiles", arguments: ["ios", "android", "flutter"])
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
    let profile = try PhysicsProfile.decode(data, file: "slow.json")
    var expected = PhysicsProfile.flutter
    expected.name = "slow"
    expected.frictionDrag = 0.2
    #expect(profile == expected)
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
      (#"[1, 2]"#, "$"),
      (#"{"name": "x""#, "$"),
    ])
  func badFiles(json: String, path: String) {
    #expect {
      _ = try PhysicsProfile.decode(Data(json.utf8), file: "bad.json")
    } throws: { error in
      guard let error = error as? ProfileError else { return false }
      return error.file == "bad.json" && error.path == path
        && error.description.hasPrefix("bad.json: \(path): ")
    }
  }

  @Test func aMissingFileIsAnError() {
    #expect(
      throws: ProfileError(file: "/nonexistent.json", path: "$", message: "cannot read the file")
    ) {
      _ = try PhysicsProfile.load(path: "/nonexistent.json")
    }
  }
}
