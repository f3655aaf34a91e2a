import Foundation

/// The dense trace of issue 14, for benchmarks and tests: a finger always down, two touch
/// reports per 120 Hz frame. Alternating swipes of 96 moves at 240 Hz (down at y = 800 then up
/// by a half sine of 6 pt steps, then the reverse from y = 200), each lift one report period
/// (1/240 s) before the next touch-down, so that at 120 Hz a lift and the next finger-down often
/// share a frame. The header is the bundled Android recording's device at 120 Hz over an
/// 8000 pt list. Deterministic: times accumulate the same way on every run.
package enum DenseTraceGenerator {
  /// The header line (without its newline).
  package static let header =
    #"{"device":{"name":"Android phone 1080\u00d72400 px (assumed)","refreshRate":120,"#
    + #""scale":2.625,"screenHeight":914.2857142857143,"screenWidth":411.42857142857144},"#
    + #""format":"scrollsim-trace","physics":"ios","scroll":{"contentHeight":8000,"#
    + #""contentInsetBottom":0,"contentInsetTop":0,"startOffset":0,"#
    + #""viewportHeight":914.2857142857143},"source":"dense benchmark trace","#
    + #""timeOrigin":0,"units":{"length":"pt","time":"s"},"version":1}"#

  /// The trace's text: whole gestures until `gestures` are written or the text has reached
  /// `bytes` (checked before each gesture), with each gesture's down and up times as written
  /// (rounded to the 6 decimals of the text).
  package static func make(gestures: Int = .max, bytes: Int = .max) -> (
    text: String, downs: [Double], ups: [Double]
  ) {
    var text = header + "\n"
    var time = 0.0
    let step = 1.0 / 240
    var downs: [Double] = []
    var ups: [Double] = []
    func line(_ type: String, _ y: Double) -> String {
      String(format: "{\"t\":%.6f,\"type\":\"%@\",\"x\":200,\"y\":%.3f}\n", time, type, y)
    }
    var gesture = 0
    while gesture < gestures && text.utf8.count < bytes {
      var y = gesture % 2 == 0 ? 800.0 : 200.0
      let direction = gesture % 2 == 0 ? -1.0 : 1.0
      text += line("down", y)
      downs.append((time * 1e6).rounded() / 1e6)
      for index in 0..<96 {
        time += step
        y += direction * 6 * sin(Double.pi * Double(index) / 96)
        text += line("move", y)
      }
      time += step
      text += line("up", y)
      ups.append((time * 1e6).rounded() / 1e6)
      time += step
      gesture += 1
    }
    return (text, downs, ups)
  }
}
