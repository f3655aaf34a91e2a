extension GeteventImporter {
  /// How raw touch-panel values become points, and the device and scroll geometry written into
  /// the traces. The defaults describe a 1080×2400 px, 420 dpi Android phone whose panel reports
  /// display pixels (an assumption: the swipe-shield recording did not log the panel maxima).
  ///
  /// Conversion: `px = raw * screenPixels / (axisMaximum + 1)`, then `pt = px / scale`.
  public struct Options: Sendable, Equatable {
    /// Screen width, pixels, finite, > 0. Default 1080.
    public var screenWidthPixels: Double
    /// Screen height, pixels, finite, > 0. Default 2400.
    public var screenHeightPixels: Double
    /// Largest raw `ABS_MT_POSITION_X` the panel reports, panel units, finite, > 0;
    /// `nil` (default) means `screenWidthPixels − 1`, i.e. the panel reports display pixels.
    public var axisMaximumX: Double?
    /// Largest raw `ABS_MT_POSITION_Y`, panel units, finite, > 0; `nil` (default) means
    /// `screenHeightPixels − 1`.
    public var axisMaximumY: Double?
    /// Pixels per point (Android density), finite, > 0. Default 2.625 (420 dpi / 160 dpi),
    /// which makes a 1080×2400 px screen 411.43×914.29 pt.
    public var scale: Double
    /// Display refresh rate written to the header, Hz, finite, > 0. Default 60 (metadata only;
    /// touch reports in the file keep their own timing).
    public var refreshRate: Double
    /// Scroll viewport height, points, finite, > 0; `nil` (default) means the screen height in
    /// points.
    public var viewportHeight: Double?
    /// Scroll content height, points, finite, ≥ 0. Default 8000.
    public var contentHeight: Double
    /// Top content inset, points, finite, ≥ 0. Default 0.
    public var contentInsetTop: Double
    /// Bottom content inset, points, finite, ≥ 0. Default 0.
    public var contentInsetBottom: Double
    /// Scroll offset at the start of each trace, points, in `0 ... maxOffset`. Default 0.
    public var startOffset: Double
    /// Device name for the header; `nil` (default) writes e.g.
    /// `"Android phone 1080×2400 px (assumed)"`.
    public var deviceName: String?
    /// Provenance text for the header `source`; `nil` (default) writes
    /// `"Android getevent -lt import of <file>"`. Per-gesture traces append `", touch N of M"`.
    public var source: String?

    /// Creates options; every parameter defaults to the value documented on its property.
    public init(
      screenWidthPixels: Double = 1080, screenHeightPixels: Double = 2400,
      axisMaximumX: Double? = nil, axisMaximumY: Double? = nil, scale: Double = 2.625,
      refreshRate: Double = 60, viewportHeight: Double? = nil, contentHeight: Double = 8000,
      contentInsetTop: Double = 0, contentInsetBottom: Double = 0, startOffset: Double = 0,
      deviceName: String? = nil, source: String? = nil
    ) {
      self.screenWidthPixels = screenWidthPixels
      self.screenHeightPixels = screenHeightPixels
      self.axisMaximumX = axisMaximumX
      self.axisMaximumY = axisMaximumY
      self.scale = scale
      self.refreshRate = refreshRate
      self.viewportHeight = viewportHeight
      self.contentHeight = contentHeight
      self.contentInsetTop = contentInsetTop
      self.contentInsetBottom = contentInsetBottom
      self.startOffset = startOffset
      self.deviceName = deviceName
      self.source = source
    }

    /// Raw `ABS_MT_POSITION_X` to points: `raw * screenWidthPixels / (axisMaximumX + 1) / scale`.
    func pointsX(raw: Double) -> Double {
      raw * screenWidthPixels / ((axisMaximumX ?? screenWidthPixels - 1) + 1) / scale
    }

    /// Raw `ABS_MT_POSITION_Y` to points: `raw * screenHeightPixels / (axisMaximumY + 1) / scale`.
    func pointsY(raw: Double) -> Double {
      raw * screenHeightPixels / ((axisMaximumY ?? screenHeightPixels - 1) + 1) / scale
    }

    /// The header for a trace imported from `file`, with `source` provenance text.
    func header(source: String, timeOrigin: Double?) -> TraceHeader {
      let width = screenWidthPixels / scale
      let height = screenHeightPixels / scale
      let name =
        deviceName
        ?? "Android phone \(wholeNumber(screenWidthPixels))×\(wholeNumber(screenHeightPixels)) px (assumed)"
      return TraceHeader(
        device: .init(
          name: name, screenWidth: width, screenHeight: height, scale: scale,
          refreshRate: refreshRate),
        scroll: .init(
          viewportHeight: viewportHeight ?? height, contentHeight: contentHeight,
          contentInsetTop: contentInsetTop, contentInsetBottom: contentInsetBottom,
          startOffset: startOffset),
        source: source, timeOrigin: timeOrigin)
    }

    /// The first invalid option: its property name (e.g. `"scale"`) and what is wrong, or nil.
    /// Importing checks the same thing; a command line can call this first to report the
    /// option it came from.
    public func firstInvalidOption() -> (name: String, message: String)? {
      validationProblem().map { (String($0.field.dropFirst("options.".count)), $0.message) }
    }

    /// The first invalid option, as a problem whose field is `options.<name>`, or `nil`.
    func validationProblem() -> FieldProblem? {
      let positive: [(String, Double?)] = [
        ("screenWidthPixels", screenWidthPixels), ("screenHeightPixels", screenHeightPixels),
        ("axisMaximumX", axisMaximumX), ("axisMaximumY", axisMaximumY), ("scale", scale),
        ("refreshRate", refreshRate), ("viewportHeight", viewportHeight),
      ]
      for case (let name, let value?) in positive where !(value.isFinite && value > 0) {
        return FieldProblem(
          field: "options.\(name)", message: "\(describe(value)) must be finite and > 0")
      }
      let nonNegative = [
        ("contentHeight", contentHeight), ("contentInsetTop", contentInsetTop),
        ("contentInsetBottom", contentInsetBottom),
      ]
      for (name, value) in nonNegative where !(value.isFinite && value >= 0) {
        return FieldProblem(
          field: "options.\(name)", message: "\(describe(value)) must be finite and ≥ 0")
      }
      if let problem = header(source: "", timeOrigin: nil).validationProblem() {
        let name = problem.field.split(separator: ".").last.map(String.init) ?? problem.field
        return FieldProblem(field: "options.\(name)", message: problem.message)
      }
      return nil
    }
  }
}
