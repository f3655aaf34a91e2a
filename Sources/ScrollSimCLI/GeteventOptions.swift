import ScrollTrace

/// The options `import getevent` and `record` share: how raw getevent values become points, and
/// the geometry written in each trace header. Declared once, listed in both option tables.
enum GeteventOptions {
  static let screenPixels = CommonOptions.screenPixels.help(
    "screen size in pixels (default 1080x2400)")
  static let screenPoints = CommonOptions.screenPoints.help(
    "screen size in points, instead of --screen-px (pixels = points × --scale)")
  static let axisMax = Option<Size>(
    "axis-max", "XxY", expected: "XxY raw values, e.g. 1079x2399",
    help: "largest raw panel value per axis (default screen px − 1)")
  static let scale = CommonOptions.scale.help(
    "pixels per point (Android density), in [0.25, 10] (default 2.625 = 420 dpi)")
  static let refreshRate = CommonOptions.refreshRate.help(
    "display refresh rate written in the header, Hz, in [1, 1000] (default 60)")
  static let viewportHeight = CommonOptions.viewportHeight.help(
    "scroll viewport height, points (default the screen height in points)")
  static let contentHeight = CommonOptions.contentHeight.help(
    "scroll content height, points (default 8000)")
  static let startOffset = Option<Double>(
    "start-offset", "PT", help: "offset from rest when each trace starts, points (default 0)")
  static let deviceName = Option<String>(
    "device-name", "TEXT", help: "device name for the header")

  /// The shared options, in help order (each command adds `--out` and its own).
  static let all: [OptionInfo] = [
    screenPixels.info, screenPoints.info, axisMax.info, scale.info, refreshRate.info,
    viewportHeight.info, contentHeight.info, CommonOptions.insetTop.info,
    CommonOptions.insetBottom.info, startOffset.info, deviceName.info, CommonOptions.source.info,
  ]

  /// The importer options the command line gives.
  /// - Throws: a usage error for a bad value, both `--screen-px` and `--screen-pt`, or options
  ///   that do not fit together (an axis maximum below 1, a viewport taller than the content…).
  static func options(_ arguments: ArgumentList) throws(CommandError) -> GeteventImporter.Options {
    var options = GeteventImporter.Options()
    options.scale = try arguments.value(scale, default: options.scale)
    if arguments.has(screenPixels) && arguments.has(screenPoints) {
      throw .usage("--screen-px and --screen-pt exclude each other: give the screen size once")
    }
    if let size = try arguments.value(screenPixels) {
      (options.screenWidthPixels, options.screenHeightPixels) = (size.width, size.height)
    }
    if let size = try arguments.value(screenPoints) {
      (options.screenWidthPixels, options.screenHeightPixels) = (
        size.width * options.scale, size.height * options.scale
      )
    }
    if let maxima = try arguments.value(axisMax) {
      (options.axisMaximumX, options.axisMaximumY) = (maxima.width, maxima.height)
    }
    options.refreshRate = try arguments.value(refreshRate, default: options.refreshRate)
    options.viewportHeight = try arguments.value(viewportHeight) ?? options.viewportHeight
    options.contentHeight = try arguments.value(contentHeight, default: options.contentHeight)
    options.contentInsetTop = try arguments.value(
      CommonOptions.insetTop, default: options.contentInsetTop)
    options.contentInsetBottom = try arguments.value(
      CommonOptions.insetBottom, default: options.contentInsetBottom)
    options.startOffset = try arguments.value(startOffset, default: options.startOffset)
    options.deviceName = arguments.text(deviceName) ?? options.deviceName
    options.source = arguments.text(CommonOptions.source) ?? options.source
    if let invalid = options.firstInvalidOption() {
      throw .usage("\(optionName(forProperty: invalid.name)): \(invalid.message)")
    }
    return options
  }

  /// The command-line option that sets the `GeteventImporter.Options` property `name`.
  private static func optionName(forProperty name: String) -> String {
    switch name {
    case "screenWidthPixels", "screenHeightPixels", "screenWidth", "screenHeight": "--screen-px"
    case "axisMaximumX", "axisMaximumY": "--axis-max"
    case "scale": "--scale"
    case "refreshRate": "--refresh-rate"
    case "viewportHeight": "--viewport-height"
    case "contentHeight": "--content-height"
    case "contentInsetTop": "--inset-top"
    case "contentInsetBottom": "--inset-bottom"
    case "startOffset": "--start-offset"
    default: "option \(name)"
    }
  }
}
