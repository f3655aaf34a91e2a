import Testing

@testable import BenchmarkSupport

struct NanosecondFormatTests {
  @Test(arguments: [
    (412.0, "412 ns"), (41.25, "41.2 ns"), (3.456, "3.46 ns"), (3410, "3.41 µs"),
    (12_500_000, "12.5 ms"), (2e9, "2.00 s"),
  ])
  func threeSignificantDigits(value: Double, text: String) {
    #expect(NanosecondFormat.text(value) == text)
  }
}
