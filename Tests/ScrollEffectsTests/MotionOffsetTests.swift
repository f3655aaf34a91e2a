import ScrollEffects
import ScrollPhysics
import Testing

/// Motion's `useScroll` offsets as view-timeline boundaries: `resolveOffset` is
/// `targetPoint − containerPoint` with `resolveEdge` (motiondivision/motion
/// `packages/framer-motion/src/render/dom/scroll/offsets/edge.ts`, `offset.ts`), and Motion's
/// own mapping of its presets to CSS ranges (`scroll/utils/offset-to-range.ts` and
/// `utils/__tests__/offset-to-range.test.ts`: Enter → entry, Exit → exit, Any → cover,
/// All → contain).
@Suite struct MotionOffsetTests {
  func range(_ offset: String, y: Double = 800, h: Double = 100, port: Double = 200) throws
    -> [Double]
  {
    let spec = try EffectSpec.parse(
      #"{"version": 1, "name": "t", "timelines": [{"name": "v", "type": "view", "subject": "#
        + #"{"y": \#(y), "height": \#(h)}, "offset": \#(offset)}], "outputs": [{"name": "p", "#
        + #""range": [0, 1], "timeline": "v"}]}"#, file: "t.json")
    let r = spec.timelines[0].timeline.range(
      geometry: ScrollGeometry(viewportHeight: port, contentHeight: 3000))!
    return [r.start, r.end]
  }

  /// `resolveOffset` by hand: target top 800, height 100, container 200.
  func motion(_ t: Double, _ c: Double, px: Double = 0) -> Double { 800 + 100 * t + px - 200 * c }

  @Test(arguments: [
    (#"["start end", "end start"]"#, [600.0, 900]),  // Motion's common "whole pass" offsets
    (#"["center center", "end end"]"#, [750, 700]),
    (#"["start start", "end end"]"#, [800, 700]),
    (#"[[0, 1], [1, 1]]"#, [600, 700]),  // ScrollOffset.Enter
    (#"[[0, 0], [1, 0]]"#, [800, 900]),  // ScrollOffset.Exit
    (#"[[1, 0], [0, 1]]"#, [900, 600]),  // ScrollOffset.Any: decreasing
    (#"[[0, 0], [1, 1]]"#, [800, 700]),  // ScrollOffset.All
    (#"["100px", "end"]"#, [900, 700]),  // one word: [word, 0] / [end, end]
    (#"["start 50%", "20% 100px"]"#, [700, 720]),
    (#"[0.5, 1]"#, [750, 700]),  // a number n is [n, n]
    // vh of the 200 pt viewport; a bare number is a fraction (parseFloat)
    (#"["start 10vh", "end -0.5"]"#, [780, 1000]),
  ])
  func offsets(offset: String, expected: [Double]) throws {
    let got = try range(offset)
    #expect(zip(got, expected).allSatisfy { close($0, $1, 1e-9) }, "\(offset): \(got)")
  }

  @Test func handFormula() throws {
    #expect(try range(#"["start end", "end start"]"#) == [motion(0, 1), motion(1, 0)])
    #expect(try range(#"["center center", "end end"]"#) == [motion(0.5, 0.5), motion(1, 1)])
  }

  /// Motion maps its presets to CSS ranges; for a subject no taller than the scrollport the
  /// offsets agree with entry and exit, cover and contain agree as intervals, but `Any` and
  /// (for a short subject) `All` run the other way: Motion's progress falls where CSS's rises.
  @Test func presetsAgainstCSSRanges() throws {
    let view = ViewTimeline(subjectY: 800, subjectHeight: 100)
    func css(_ n: ViewTimeline.NamedRange) -> [Double] {
      let r = view.interval(of: n, viewportHeight: 200, contentInsetTop: 0, contentInsetBottom: 0)
      return [r.start, r.end]
    }
    #expect(try range("[[0, 1], [1, 1]]") == css(.entry))
    #expect(try range("[[0, 0], [1, 0]]") == css(.exit))
    #expect(try range("[[1, 0], [0, 1]]") == css(.cover).reversed())
    #expect(try range("[[0, 0], [1, 1]]") == css(.contain).reversed())
  }

  @Test(arguments: [
    (#"["start 10vw", "end"]"#, "vw needs the viewport's width"),
    (#"["start end"]"#, "expected two"),
    (#"["start middle", "end"]"#, "Motion's edges"),
    (#"["a b c", "end"]"#, "two words"),
  ])
  func rejected(offset: String, message: String) {
    #expect {
      _ = try range(offset)
    } throws: { error in "\(error)".contains(message) }
  }
}
