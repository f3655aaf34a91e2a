import ScrollSimCore
import Testing

@Suite struct InputErrorTests {
  @Test func lineBasedDescription() {
    let error = InputError(file: "t.jsonl", line: 3, field: "t", message: "expected a number")
    #expect(error.description == "t.jsonl:3: t: expected a number")
    #expect(error.kind == .invalid)
  }

  @Test func jsonDescriptionPrefersThePath() {
    let error = InputError(
      file: "spec.json", line: 2, column: 7, path: "$.outputs[0]", field: "outputs",
      message: "expected an object")
    #expect(error.description == "spec.json:2:7: $.outputs[0]: expected an object")
  }

  @Test func wholeFileDescription() {
    let error = InputError(.unreadable, file: "dir", message: "is a directory")
    #expect(error.description == "dir: is a directory")
    #expect(error.kind == .unreadable)
  }
}
