import Foundation

/// The dense benchmark trace (`/tmp/dense.py` of the trial): alternating swipes of 96 moves at
/// 240 Hz, up then down by a half sine of 6 pt steps, each lift one input period (1/240 s)
/// before the next touch-down, so that at 120 Hz a lift and the next finger-down often share a
/// frame.
public enum DenseTrace {
  /// The trace's text with `gestures` touches, and each touch's down and up times as written.
  public static func make(gestures: Int) -> (text: String, downs: [Double], ups: [Double]) {
    var text =
      #"{"device":{"name":"Android phone 1080\u00d72400 px (assumed)","refreshRate":120,"scale":2.625,"screenHeight":914.2857142857143,"screenWidth":411.42857142857144},"format":"scrollsim-trace","physics":"ios","scroll":{"contentHeight":8000,"contentInsetBottom":0,"contentInsetTop":0,"startOffset":0,"viewportHeight":914.2857142857143},"source":"dense benchmark trace","timeOrigin":0,"units":{"length":"pt","time":"s"},"version":1}"#
      + "\n"
    var t = 0.0
    let step = 1.0 / 240
    var downs: [Double] = []
    var ups: [Double] = []
    func line(_ type: String, _ y: Double) -> String {
      String(format: #"{"t":%.6f,"type":"%@","x":200,"y":%.3f}"#, t, type, y) + "\n"
    }
    for g in 0..<gestures {
      var y = g % 2 == 0 ? 800.0 : 200.0
      let d = g % 2 == 0 ? -1.0 : 1.0
      text += line("down", y)
      downs.append((t * 1e6).rounded() / 1e6)
      for i in 0..<96 {
        t += step
        y += d * 6 * sin(Double.pi * Double(i) / 96)
        text += line("move", y)
      }
      t += step
      text += line("up", y)
      ups.append((t * 1e6).rounded() / 1e6)
      t += step
    }
    return (text, downs, ups)
  }

  /// Writes ``make(gestures:)``'s text to `path`; returns its downs and ups.
  @discardableResult
  public static func write(gestures: Int, to path: String) throws -> (
    downs: [Double], ups: [Double]
  ) {
    let trace = make(gestures: gestures)
    try trace.text.write(toFile: path, atomically: true, encoding: .utf8)
    return (trace.downs, trace.ups)
  }
}
