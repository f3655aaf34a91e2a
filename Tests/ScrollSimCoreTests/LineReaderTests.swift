import Testing

@testable import ScrollSimCore

/// `LineReader` over lines that straddle its 64 KiB reads, outgrow its buffer and end the input
/// with or without a newline: every line comes back whole, in order, with its ending.
@Suite struct LineReaderTests {
  /// The lines of `bytes` as the reader returns them, each with whether a newline ended it.
  func lines(_ bytes: [UInt8], maximumLineLength: Int = 1 << 20) throws(InputError)
    -> [([UInt8], Bool)]
  {
    let reader = LineReader(bytes: bytes, file: "f", maximumLineLength: maximumLineLength)
    var lines: [([UInt8], Bool)] = []
    while let line = try reader.next() {
      lines.append((Array(line.bytes), line.terminated))
      #expect(reader.lineNumber == lines.count)
    }
    #expect(try reader.next() == nil)
    return lines
  }

  /// Lines of `lengths` bytes (each line a different byte), joined by newlines.
  func text(_ lengths: [Int], lastNewline: Bool) -> ([UInt8], [[UInt8]]) {
    let lines = lengths.enumerated().map { index, length in
      [UInt8](repeating: UInt8(ascii: "a") + UInt8(index % 26), count: length)
    }
    var bytes = lines.map { $0 + [UInt8(ascii: "\n")] }.flatMap { $0 }
    if !lastNewline { bytes.removeLast() }
    return (bytes, lines)
  }

  @Test(arguments: [true, false])
  func linesAcrossReadsAndGrowthComeBackWhole(lastNewline: Bool) throws {
    let chunk = LineReader.chunkSize
    var random = SplitMix64(seed: 64)
    var lengths = [0, 1, chunk - 1, chunk, chunk + 1, 0, 3 * chunk + 7, 2, 0]
    for _ in 0..<300 { lengths.append(Int(random.next() % 900)) }
    lengths.append(5 * chunk)
    let (bytes, expected) = text(lengths, lastNewline: lastNewline)
    let read = try lines(bytes)
    #expect(read.count == expected.count)
    for (index, (line, terminated)) in read.enumerated() {
      #expect(line == expected[index], "line \(index + 1)")
      #expect(terminated == (lastNewline || index < expected.count - 1), "line \(index + 1)")
    }
  }

  @Test func anEmptyInputHasNoLinesAndALoneNewlineHasOne() throws {
    #expect(try lines([]).isEmpty)
    let one = try lines([UInt8(ascii: "\n")])
    #expect(one.count == 1 && one[0].0.isEmpty && one[0].1)
  }

  @Test func aLineLongerThanTheLimitIsAnErrorNamingItsLine() throws {
    let (bytes, _) = text([10, 20, 300_000, 5], lastNewline: true)
    do throws(InputError) {
      _ = try lines(bytes, maximumLineLength: 100_000)
      Issue.record("accepted")
    } catch {
      #expect(error.line == 3 && error.message == "line longer than 100000 bytes", "\(error)")
    }
  }
}
