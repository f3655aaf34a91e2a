import Foundation

extension PhysicsProfile {
  /// A built-in profile by name (`ios`, `android`, `flutter`, `flutter-fast`, `chromium`,
  /// `chromium-physics`, `chromium-mac`, `framer`), or nil.
  public static func named(_ name: String) -> PhysicsProfile? {
    builtIn.first { $0.name == name }
  }

  /// Reads a profile from a JSON file (see `profiles/README.md`).
  ///
  /// The document is an object. `"base"` (optional, default `"ios"`) names the built-in profile
  /// that supplies every field the file leaves out; every other key is a ``PhysicsProfile``
  /// property with the value's JSON type (numbers, `true`/`false`, model names as strings).
  /// Unknown keys, duplicate keys and trailing commas are rejected so that a typo never passes
  /// silently; the JSON rules are the package's one reader's (UTF-8 only, a byte order mark
  /// only at the very start, finite numbers).
  /// - Parameter path: the file's path.
  /// - Throws: `InputError` naming the file, the line and column and the JSON path
  ///   (`$.springMass`) of the first bad value: an unreadable file (kind `unreadable`),
  ///   malformed JSON, duplicate and unknown keys, wrong types and out-of-range values.
  public static func load(path: String) throws(InputError) -> PhysicsProfile {
    let input = try InputSource.open(path)
    return try parse(Data(try input.bytes()), file: input.name)
  }

  /// Parses profile text; `file` names it in errors. See ``load(path:)``.
  /// - Throws: `InputError` as ``load(path:)``.
  public static func parse(_ text: String, file: String) throws(InputError) -> PhysicsProfile {
    try parse(Data(text.utf8), file: file)
  }

  /// Parses a profile document's bytes; `file` names it in errors. See ``load(path:)``.
  /// - Throws: `InputError` as ``load(path:)``.
  public static func parse(_ data: Data, file: String) throws(InputError) -> PhysicsProfile {
    let root: JSONNode
    do throws(JSONProblem) {
      root = try JSONReader.parse(data)
    } catch {
      throw error.inputError(file: file)
    }
    guard let members = root.members else {
      throw InputError(
        file: file, line: root.line, column: root.column, path: "$",
        message: "expected a JSON object of fields, found \(root.typeName)")
    }
    var object: [String: JSONNode] = [:]
    for member in members { object[member.key] = member.value }
    func fail(_ key: String, _ message: String) -> InputError {
      let node = object[key] ?? root
      return InputError(
        file: file, line: node.line, column: node.column, path: "$.\(key)", message: message)
    }
    var profile = PhysicsProfile.ios
    if let base = object["base"] {
      guard case .string(let name) = base.value, let named = named(name) else {
        let names = builtIn.map(\.name)
        throw fail(
          "base",
          "expected one of \(names.joined(separator: ", "))"
            + Suggestion.didYouMean(base.string ?? "", among: names))
      }
      profile = named
    }
    for key in object.keys.sorted() where key != "base" {
      let value = object[key]!
      func number() throws(InputError) -> Double {
        guard case .number(let number) = value.value else { throw fail(key, "expected a number") }
        return number
      }
      func flag() throws(InputError) -> Bool {
        guard case .bool(let flag) = value.value else { throw fail(key, "expected true or false") }
        return flag
      }
      func choice<T: RawRepresentable & CaseIterable>(_: T.Type) throws(InputError) -> T
      where T.RawValue == String {
        guard case .string(let text) = value.value, let parsed = T(rawValue: text) else {
          throw fail(key, "expected one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return parsed
      }
      switch key {
      case "name":
        guard case .string(let text) = value.value, !text.isEmpty else {
          throw fail(key, "expected a name")
        }
        profile.name = text
      case "flingModel": profile.flingModel = try choice(FlingModel.self)
      case "overscrollModel": profile.overscrollModel = try choice(OverscrollModel.self)
      case "springTransfer": profile.springTransfer = try choice(SpringTransfer.self)
      case "velocityEstimator": profile.velocityEstimator = try choice(VelocityEstimator.self)
      case "rubberBandCoefficient": profile.rubberBandCoefficient = try number()
      case "decelerationRate": profile.decelerationRate = try number()
      case "frictionDrag": profile.frictionDrag = try number()
      case "splineFriction": profile.splineFriction = try number()
      case "minimumFlingVelocity": profile.minimumFlingVelocity = try number()
      case "maximumFlingVelocity": profile.maximumFlingVelocity = try number()
      case "maximumBounceVelocity": profile.maximumBounceVelocity = try number()
      case "springStiffness": profile.springStiffness = try number()
      case "springMass": profile.springMass = try number()
      case "springDampingRatio": profile.springDampingRatio = try number()
      case "stretchFrequency": profile.stretchFrequency = try number()
      case "stretchDampingRatio": profile.stretchDampingRatio = try number()
      case "stretchAbsorbFactor": profile.stretchAbsorbFactor = try number()
      case "stopVelocityPixels": profile.stopVelocityPixels = try number()
      case "stopDistancePixels": profile.stopDistancePixels = try number()
      case "dragStartSlop": profile.dragStartSlop = try number()
      case "dragMotionThreshold": profile.dragMotionThreshold = try number()
      case "animationResponse": profile.animationResponse = try number()
      case "snapResponse": profile.snapResponse = try number()
      case "inertiaPower": profile.inertiaPower = try number()
      case "inertiaTimeConstant": profile.inertiaTimeConstant = try number()
      case "inertiaRestDelta": profile.inertiaRestDelta = try number()
      case "scrollDecelerationRate":
        profile.scrollDecelerationRate = try choice(FlutterOverscroll.Rate.self)
      case "carriesMomentum": profile.carriesMomentum = try flag()
      case "bouncesWhenContentFits": profile.bouncesWhenContentFits = try flag()
      case "directionalLock": profile.directionalLock.mode = try choice(DirectionalLock.Mode.self)
      case "directionalLockThreshold": profile.directionalLock.threshold = try number()
      case "directionalLockAngle": profile.directionalLock.angle = try number()
      case "releaseVelocityLimit":
        profile.releaseVelocityLimit = try choice(ReleaseVelocityLimit.self)
      case "diagonalFling": profile.diagonalFling = try choice(DiagonalFling.self)
      default:
        throw InputError(
          file: file, line: value.line, column: value.column, path: "$.\(key)",
          message: "unknown field (see profiles/README.md)"
            + Suggestion.didYouMean(key, among: Self.fieldNames))
      }
    }
    // Overrides without a "name" of their own: say the profile is changed, not the base itself.
    if object["name"] == nil && object.keys.contains(where: { $0 != "base" }) {
      profile.name += " (modified)"
    }
    if profile.diagonalFling == .largerAxis && !profile.flingModel.hasVectorCurve {
      throw fail(
        object["diagonalFling"] == nil ? "flingModel" : "diagonalFling",
        "diagonalFling largerAxis (Chromium's two-axis rule) needs flingModel chromium or "
          + "chromiumPhysics, not \(profile.flingModel.rawValue); set \"diagonalFling\": \"perAxis\""
      )
    }
    do {
      try profile.validate()
    } catch {
      guard case .invalidParameter(let name, let value, let expected) = error else {
        throw fail("", error.description)
      }
      throw fail(name, "\(value) is out of range: expected \(expected)")
    }
    return profile
  }

  /// Every field a profile file may set besides `"base"` (profiles/README.md), for "did you
  /// mean" on a misspelt one.
  static let fieldNames: [String] = [
    "flingModel",
    "overscrollModel",
    "springTransfer",
    "velocityEstimator",
    "rubberBandCoefficient",
    "decelerationRate",
    "frictionDrag",
    "splineFriction",
    "minimumFlingVelocity",
    "maximumFlingVelocity",
    "maximumBounceVelocity",
    "springStiffness",
    "springMass",
    "springDampingRatio",
    "stretchFrequency",
    "stretchDampingRatio",
    "stretchAbsorbFactor",
    "stopVelocityPixels",
    "stopDistancePixels",
    "dragStartSlop",
    "dragMotionThreshold",
    "animationResponse",
    "snapResponse",
    "inertiaPower",
    "inertiaTimeConstant",
    "inertiaRestDelta",
    "scrollDecelerationRate",
    "carriesMomentum",
    "bouncesWhenContentFits",
    "directionalLock",
    "directionalLockThreshold",
    "directionalLockAngle",
    "releaseVelocityLimit",
    "diagonalFling",
  ]
}
