import Foundation
import ScrollPhysics
import ScrollSimTestSupport
import Testing

@testable import ScrollSimCLI

struct SimulateCommandTests {
  static let profiles = Repository.root.appendingPathComponent("profiles")

  /// The CSV rows (without header) as (time, offset, velocity, phase, stretch, programmatic).
  func rows(_ output: String) -> [[String]] {
    output.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
  }

  @Test func flingPrintsTheClosedFormAsCSV() throws {
    let result = scrollsim([
      "simulate", "fling", "--velocity", "1000", "--hz", "10", "--duration", "1",
    ])
    #expect(result.status == 0 && result.err.isEmpty)
    let lines = result.out.split(separator: "\n")
    #expect(lines.first == "time,offset,velocity,phase,stretch,programmatic")
    #expect(lines.count == 12)
    // physics.md worked values: s(0.1) = 90.6259, s(1) = 432.0351 for 1000 pt/s at .normal.
    #expect(lines[2] == "0.100000,90.625851,818.5668,decelerating,0.000000,0")
    #expect(lines[11].hasPrefix("1.000000,432.035127,"))
  }

  @Test(
    "frames at 60, 120 and 1000 Hz are points of the same curves",
    arguments: [
      ["fling", "--velocity", "-3000", "--from", "600"],
      ["drag", "--distance", "-250", "--drag-time", "0.08", "--profile", "flutter"],
      ["overscroll", "--overscroll", "150", "--velocity", "-2500", "--profile", "android"],
      ["scroll-to", "--to", "1800"],
      ["fling", "--velocity", "2500", "--paging", "--profile", "android"],
    ])
  func rateIndependence(gesture: [String]) throws {
    var byTime: [String: [String]] = [:]
    var compared = 0
    for hz in ["60", "120", "1000"] {
      let result = scrollsim(["simulate"] + gesture + ["--hz", hz, "--duration", "2"])
      #expect(result.status == 0, "\(result.err)")
      for row in rows(result.out) {
        if let seen = byTime[row[0]] {
          #expect(seen == row, "\(gesture) at \(row[0]) s, \(hz) Hz")
          compared += 1
        } else {
          byTime[row[0]] = row
        }
      }
    }
    // 1000 Hz gives 2001 instants; 120 Hz adds the 160 that are not whole milliseconds; every
    // 60 Hz instant and 81 of the 120 Hz ones are compared with an earlier run.
    #expect(byTime.count == 2161 && compared == 121 + 81)
  }

  /// `--paging` and `--snap` are shorthands of `--target-y` (the replay's option and keys):
  /// the same rows byte for byte; leading-edge group paging moves one 500 pt item for a
  /// 6000 pt/s fling; two of them at once are a usage error.
  @Test func targetYIsPagingAndSnapping() {
    let common = ["simulate", "fling", "--velocity", "3000", "--hz", "60", "--duration", "2"]
    let paging = scrollsim(common + ["--paging"])
    #expect(paging.status == 0, "\(paging.err)")
    #expect(scrollsim(common + ["--target-y", "paging"]).out == paging.out)
    let snap = scrollsim(common + ["--snap", "0,450,1200"])
    #expect(snap.status == 0, "\(snap.err)")
    #expect(
      scrollsim(common + ["--target-y", "viewAligned,itemOffsets=0;450;1200"]).out == snap.out)
    let byOne = scrollsim([
      "simulate", "fling", "--velocity", "6000", "--hz", "60", "--duration", "3", "--target-y",
      "viewAligned,itemSize=500,limitBehavior=alwaysByOne",
    ])
    #expect(byOne.status == 0, "\(byOne.err)")
    #expect(rows(byOne.out).last?[1] == "500.000000")
    let both = scrollsim(common + ["--paging", "--target-y", "paging"])
    #expect(both.status == 64)
    #expect(both.err.contains("--paging, --target-y exclude each other"))
  }

  @Test func outputIsDeterministic() {
    let arguments = [
      "simulate", "drag", "--distance", "400", "--profile", "android", "--hz", "240",
    ]
    #expect(scrollsim(arguments).out == scrollsim(arguments).out)
  }

  @Test func programmaticScrollIsTagged() throws {
    let result = scrollsim([
      "simulate", "scroll-to", "--to", "500", "--hz", "10", "--duration", "2",
    ])
    let table = rows(result.out)
    #expect(table[1][3] == "animating" && table[1][5] == "1")
    #expect(table.last?[1] == "500.000000" && table.last?[3] == "idle" && table.last?[5] == "0")
  }

  @Test func overscrolledReleaseBouncesBackToTheEdge() throws {
    let result = scrollsim([
      "simulate", "overscroll", "--overscroll", "-120", "--velocity", "0", "--hz", "20",
    ])
    let table = rows(result.out)
    #expect(table[0][1] == "-120.000000" && table[1][3] == "bouncing")
    #expect(table.last?[1] == "0.000000" && table.last?[3] == "idle")
  }

  @Test("a profile file by path gives the built-in's output")
  func profileFile() {
    let path = Self.profiles.appendingPathComponent("flutter.json").path
    let byName = scrollsim([
      "simulate", "fling", "--velocity", "-2000", "--from", "100", "--profile", "flutter",
    ])
    let byFile = scrollsim([
      "simulate", "fling", "--velocity", "-2000", "--from", "100", "--profile", path,
    ])
    #expect(byName.status == 0 && byName.out == byFile.out)
  }

  @Test func badProfileFileNamesTheFileAndJSONPath() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "scrollsim-bad-profile.json"
    ).path
    try Data(#"{"base": "ios", "springMass": 0}"#.utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = scrollsim(["simulate", "fling", "--profile", path])
    #expect(result.status == 65)
    #expect(result.err.contains("\(path):1:31: error: $.springMass: 0.0 is out of range"))
  }

  @Test(
    "a missing profile path or a directory is an I/O error (74) saying so",
    arguments: [
      ("/tmp/scrollsim-nope.json", "/tmp/scrollsim-nope.json: no such file"),
      ("nope.json", "nope.json: no such file"),
      ("/nonexistent/profile", "/nonexistent/profile: no such file"),
      ("/tmp", "/tmp: is a directory, not a file"),
    ])
  func missingProfileFiles(value: String, message: String) {
    let result = scrollsim(["simulate", "fling", "--profile", value])
    #expect(result.status == 74)
    #expect(result.err == "scrollsim: error: \(message)\n")
  }

  @Test(
    "bad options are usage errors naming the option and what it expects",
    arguments: [
      (["simulate", "fling", "--viewport-height", "0"], "--viewport-height 0: expected"),
      (["simulate", "fling", "--viewport-height", "-5"], "--viewport-height -5: expected"),
      (["simulate", "fling", "--velocity", "nan"], "--velocity nan: expected"),
      (["simulate", "fling", "--content-height", "1e12"], "--content-height 1e12: expected"),
      (
        ["simulate", "fling", "--from", "5000"],
        "--from 5000: expected a number of points in [0, 2200]"
      ),
      (["simulate", "fling", "--hz", "0"], "--hz 0: expected an integer in 1…1000"),
      (["simulate", "fling", "--duration", "-1"], "--duration -1: expected"),
      (
        ["simulate", "fling", "--rate", "1.5"],
        "--rate 1.5: expected normal, fast or a number in (0, 0.9995]"
      ),
      (
        ["simulate", "fling", "--profile", "windows"],
        "--profile windows: expected ios, android, flutter"
      ),
      (["simulate", "fling", "--snap", "0,x"], "--snap 0,x: expected"),
      (["simulate", "overscroll", "--overscroll", "900"], "--overscroll 900: expected"),
      (["simulate", "wiggle"], "unknown gesture 'wiggle'"),
      (["simulate"], "needs a gesture"),
      (["simulate", "fling", "--speed", "3"], "unknown option --speed"),
    ])
  func badOptions(arguments: [String], message: String) {
    let result = scrollsim(arguments)
    #expect(result.status == 64)
    #expect(result.err.contains(message), "\(result.err)")
    #expect(result.out.isEmpty)
  }

  @Test func helpDocumentsUnitsAndExamples() {
    let result = scrollsim(["simulate", "--help"])
    #expect(result.status == 0)
    for unit in ["points per second", "seconds", "points", "frames per second", "pixels per point"]
    {
      #expect(result.out.contains(unit))
    }
    #expect(result.out.contains("examples:"))
    #expect(scrollsim(["help"]).out.contains("simulate"))
  }
}
