/// The constants and curve choices of one platform's scroll physics, as data.
///
/// Eight built-in profiles: ``ios`` (default, UIKit-faithful), ``android`` (`OverScroller` fling,
/// clamped edges, Android 12 stretch), ``flutter`` (`BouncingScrollPhysics`), ``flutterFast``
/// (`flutter-fast`: its `ScrollDecelerationRate.fast`), and for the web
/// ``chromium`` (touchscreen fling), ``chromiumPhysics`` (`chromium-physics`: Chromium's
/// physics-based fling), ``chromiumMac`` (`chromium-mac`: macOS-style elastic overscroll) and
/// ``framer`` (Motion's `inertia` drag). A profile is
/// `Codable`: `profiles/*.json` hold the same values, and ``load(path:)`` reads a tuned copy.
/// Every constant names its source; `profiles/README.md` documents each field with its unit.
public struct PhysicsProfile: Sendable, Equatable, Hashable, Codable {
  /// How momentum decays after a fling.
  public enum FlingModel: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// UIScrollView: `v0·rate^(1000·t)` with ``decelerationRate`` (physics.md item 3).
    case exponential
    /// Flutter `FrictionSimulation(frictionDrag, …)` (`BouncingScrollSimulation`).
    case flutterFriction
    /// Android `OverScroller` spline with ``splineFriction``.
    case androidSpline
    /// Flutter `ClampingScrollSimulation` with ``splineFriction``.
    case flutterClamping
    /// Chromium's touchscreen fling, ``ChromiumFlingCurve`` (`ui/events/gestures/fling_curve.cc`).
    case chromium
    /// Chromium's physics-based fling, ``ChromiumPhysicsFling`` in CSS pixels (96 per inch),
    /// capped at 3 viewports (`ui/events/gestures/physics_based_fling_curve.cc`).
    case chromiumPhysics
    /// Motion's `inertia`, ``MotionInertia``, with ``inertiaPower``, ``inertiaTimeConstant`` and
    /// ``inertiaRestDelta``.
    case motionInertia

    /// Whether the platform's curve takes the velocity as a two-dimensional vector (Chromium's
    /// `GestureCurve`s), so that ``DiagonalFling/largerAxis`` applies.
    public var hasVectorCurve: Bool { self == .chromium || self == .chromiumPhysics }
  }

  /// What a drag past an edge and a fling into an edge do.
  public enum OverscrollModel: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// iOS rubber band of the total overdrag, `f(x, d) = x·d·c/(d + c·x)`, then a bounce spring.
    case rubberBand
    /// Flutter `BouncingScrollPhysics.applyPhysicsToUserOffset`, per drag event, with
    /// `frictionFactor = c·(1 − overscrollFraction)²`, then a bounce spring.
    case flutterFriction
    /// Android: the offset is clamped to the range; the overdrag and absorbed flings show as a
    /// stretch (a fraction of the viewport, `EdgeEffect`), relaxed by the stretch spring.
    case stretch
    /// Clamped edges without any visual overscroll (Flutter `ClampingScrollPhysics`).
    case clamp
    /// Past an edge the content follows ``rubberBandCoefficient`` times the total overdrag, then
    /// a bounce spring: Chromium's elastic overscroll (`1/kRubberbandStiffness` = 1/20,
    /// `ElasticOverscrollControllerExponential::StretchAmountForAccumulatedOverscroll`) and
    /// Motion's `dragElastic` (0.35, `applyConstraints`: `mix(edge, point, elastic)`). The release
    /// velocity is the finger's, not the content's (both platforms pass the pointer velocity).
    case linear

    /// Whether the offset may leave the range.
    public var bounces: Bool { self == .rubberBand || self == .flutterFriction || self == .linear }
  }

  /// How the velocity handed from a fling to the bounce spring is limited.
  public enum SpringTransfer: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// `|v|` capped at ``maximumBounceVelocity`` in both directions (physics.md item 4).
    case symmetric
    /// Flutter's `math.min(v, maxSpringTransferVelocity)`: only positive velocities (flings into
    /// the bottom edge) are capped; a fling into the top edge never is.
    case flutterMin
    /// Chromium's elastic release, `stretch(t) = (s0 + 0.31·v·t)·e^(−t·20/1.6)` (macOS constants
    /// `kRubberbandAmplitude` 0.31, `kRubberbandStiffness` 20, `kRubberbandPeriod` 1.6): the
    /// critically damped spring with ω = 12.5 rad/s (``springStiffness`` 156.25) that starts with
    /// velocity `0.31·v − 12.5·s0`, with `v` (capped at ±``maximumBounceVelocity``) the scroll
    /// velocity; it ends at the first instant within ``stopDistancePixels`` of the edge (Chromium
    /// sets a stretch below 1 px to 0 and stops).
    /// Source: Chromium `third_party/blink/renderer/platform/widget/input/
    /// elastic_overscroll_controller_exponential.cc` (`StretchAmountForTimeDelta`).
    case chromiumElastic

    /// `kRubberbandAmplitude` (macOS): the share of the scroll velocity in the elastic release.
    public static let chromiumElasticAmplitude = Double(Float(0.31))
  }

  /// Profile name, e.g. `"ios"`.
  public var name: String
  /// Momentum curve.
  public var flingModel: FlingModel
  /// Overscroll behaviour.
  public var overscrollModel: OverscrollModel
  /// Spring-transfer velocity limit.
  public var springTransfer: SpringTransfer
  /// Rubber-band coefficient `c`, dimensionless in (0, 1]: iOS 0.55 (physics.md item 1),
  /// Flutter 0.52 (`BouncingScrollPhysics.frictionFactor`).
  public var rubberBandCoefficient: Double
  /// Velocity factor kept per millisecond for ``FlingModel/exponential``, in (0, 1).
  /// UIScrollView `.normal` 0.998, `.fast` 0.99 (Apple, `UIScrollView.DecelerationRate`).
  public var decelerationRate: Double
  /// Velocity factor kept per second for ``FlingModel/flutterFriction``, in (0, 1). Flutter 0.135.
  public var frictionDrag: Double
  /// Spline friction for the Android and Flutter clamping flings, > 0. Android
  /// `ViewConfiguration.getScrollFriction()` 0.015.
  public var splineFriction: Double
  /// Slowest release that starts momentum, points per second, ≥ 0. iOS and Flutter 100
  /// (`BouncingScrollPhysics.minFlingVelocity`), Android 50 (`ViewConfiguration`).
  public var minimumFlingVelocity: Double
  /// Release speeds are clamped to this, points per second, > 0. 8000 (Flutter
  /// `kMaxFlingVelocity`, Android `ViewConfiguration` maximum fling velocity).
  public var maximumFlingVelocity: Double
  /// Largest speed handed to the bounce spring, points per second, > 0. 5000 (physics.md item 4,
  /// Flutter `maxSpringTransferVelocity`).
  public var maximumBounceVelocity: Double
  /// Bounce spring stiffness, > 0. iOS 100, Flutter 100 (`ScrollPhysics.spring`).
  public var springStiffness: Double
  /// Bounce spring mass, > 0. iOS 1, Flutter 0.5.
  public var springMass: Double
  /// Bounce spring damping ratio ζ, ≥ 1 (no oscillation across an edge). iOS 1,
  /// Flutter 1.1 (`SpringDescription.withDampingRatio(mass: 0.5, stiffness: 100, ratio: 1.1)`).
  public var springDampingRatio: Double
  /// Android stretch spring natural frequency, radians per second, > 0 (`EdgeEffect`
  /// `NATURAL_FREQUENCY` 24.657).
  public var stretchFrequency: Double
  /// Android stretch spring damping ratio, > 0.1 (`EdgeEffect.DAMPING_RATIO` 0.98). Below 1 the
  /// stretch ends at its first return to zero (as EdgeEffect's); at 1 or above (critically damped
  /// or overdamped) it approaches zero without crossing and ends once within the stop distance
  /// and speed.
  public var stretchDampingRatio: Double
  /// Factor on a fling's velocity absorbed by the stretch, > 0 (`EdgeEffect`
  /// `ON_ABSORB_VELOCITY_ADJUSTMENT` 13).
  public var stretchAbsorbFactor: Double
  /// Motion stops when the speed falls below this many *pixels* per second (divided by the
  /// screen scale), > 0. 20 (physics.md items 3 and 5; Flutter `toleranceFor` 1/(0.05·dpr)).
  public var stopVelocityPixels: Double
  /// A spring settles within this many *pixels* of its rest point, > 0. iOS 0.5 (physics.md
  /// item 5), Flutter 1 (`toleranceFor`: 1/dpr).
  public var stopDistancePixels: Double
  /// Finger travel before a touch becomes a drag, points, in [0, 1000]. iOS 0 (off), Flutter 18
  /// (`kTouchSlop`: the drag starts at the sample that passes it), Android 8 (`ViewConfiguration`
  /// touch slop, subtracted once so the content lags the finger by exactly the slop).
  public var dragStartSlop: Double
  /// Flutter's iOS motion-start threshold after the drag has started, points, in [0, 100]; 0
  /// turns it off (``DragMotionThreshold``: the content waits for this much movement, eases in
  /// by a third of it, and re-arms after 50 ms still). Flutter 3.5
  /// (`BouncingScrollPhysics.dragStartDistanceMotionThreshold`); iOS 0 (opt-in: UIKit publishes
  /// no such value); Android 0 (it uses the slop instead).
  public var dragMotionThreshold: Double
  /// How the release velocity is estimated.
  public var velocityEstimator: VelocityEstimator
  /// Whether repeated flings in one direction carry momentum (Flutter
  /// `BouncingScrollPhysics.carriedMomentum`, ``MomentumCarry``).
  public var carriesMomentum: Bool
  /// Whether content shorter than the viewport still bounces (UIKit `alwaysBounceVertical`,
  /// SwiftUI's default); when false such content does not move at all.
  public var bouncesWhenContentFits: Bool
  /// Response of the programmatic `scrollTo(offset, animated: true)` spring, seconds, > 0:
  /// a critically damped spring with `ω = 2π/response` (SwiftUI `.smooth`, i.e.
  /// `spring(duration: 0.5, bounce: 0)`).
  public var animationResponse: Double
  /// Response of the paging and view-aligned snap spring, seconds, in [0.05, 2]: a critically
  /// damped spring from the release offset and velocity to the target with
  /// `ω = max(2π/snapResponse, |v|/|d|)` (|d| the distance to the target when the velocity points
  /// at it), so the snap starts with the release velocity, never overshoots and settles in about
  /// 0.4–0.6 s, faster for harder flings (the structure is Flutter `PageScrollPhysics`, a
  /// `ScrollSpringSimulation` from the release state to the target page). iOS 0.3 (SwiftUI's
  /// `.paging`/`.viewAligned` and UIKit's `isPagingEnabled` springs are unpublished; a
  /// UIScrollView page snap takes about half a second); Android 2π/20 ≈ 0.314 (Compose's
  /// `spring(stiffness = Spring.StiffnessMediumLow)`, 400, ζ 1, in `PagerDefaults.flingBehavior`
  /// and `SnapFlingBehavior`); Flutter 2π/√200 ≈ 0.444 (`PageScrollPhysics` uses the physics'
  /// spring, mass 0.5, stiffness 100, whose ζ 1.1 the model takes as 1; `flutter-fast`
  /// 2π/√250 from its own spring); the web profiles 0.3 (CSS scroll snap animates with the
  /// browser's smooth-scroll curve, not a spring).
  public var snapResponse: Double
  /// Motion `inertia` `power`, dimensionless, in [0, 10]: the momentum travels
  /// `power·velocity` (Motion's default 0.8). Used by ``FlingModel/motionInertia``.
  public var inertiaPower: Double
  /// Motion `inertia` `timeConstant`, seconds, in [0.01, 2] (Motion's default 0.325; a drag's
  /// momentum 0.75). Used by ``FlingModel/motionInertia``.
  public var inertiaTimeConstant: Double
  /// Motion `inertia` `restDelta`, points, in [0.01, 100]: the momentum ends (and snaps to its
  /// target) within this distance of it (Motion's default 0.5; a drag's momentum 1).
  public var inertiaRestDelta: Double
  /// Flutter's `ScrollDecelerationRate` for the ``FlingModel/flutterFriction`` fling and the
  /// ``OverscrollModel/flutterFriction`` drag: ``FlutterOverscroll/Rate/normal`` (iOS, the
  /// default) or ``FlutterOverscroll/Rate/fast`` (macOS and the desktop: the fling is
  /// `FrictionSimulation(0.135, …, constantDeceleration: 1400)`, and a drag easing an overscroll
  /// back toward the content moves 1:1). JSON `"normal"`/`"fast"`. The rate's other constants
  /// are fields of their own (``rubberBandCoefficient`` 0.26, the spring, the maximum fling
  /// velocity; see ``flutterFast``). Source: Flutter `scroll_physics.dart`
  /// (`BouncingScrollPhysics`).
  public var scrollDecelerationRate: FlutterOverscroll.Rate = .normal

  // MARK: Two axes (TwoAxisScrollSimulator; docs/two-axes.md)

  /// The default directional lock of a ``TwoAxisScrollSimulator``: iOS ``DirectionalLock/free``
  /// (UIKit's `isDirectionalLockEnabled` is false by default; ``DirectionalLock/uikit`` turns it
  /// on), Android free (a `RecyclerView` scrolling both ways moves both axes), Flutter
  /// ``DirectionalLock/flutter`` (`DiagonalDragBehavior.none`), Chromium free. Stored as three
  /// fields in profile files: `directionalLock` (the mode), `directionalLockThreshold` (points,
  /// [0, 100]) and `directionalLockAngle` (degrees, (0, 45]).
  public var directionalLock: DirectionalLock = .free
  /// How a two-axis release velocity is limited: iOS ``ReleaseVelocityLimit/magnitude`` (UIKit
  /// publishes nothing; chosen so that a fling keeps its direction), Android
  /// ``ReleaseVelocityLimit/perAxis`` (`RecyclerView.fling`), Flutter
  /// ``ReleaseVelocityLimit/magnitude`` (`PanGestureRecognizer`), Chromium
  /// ``ReleaseVelocityLimit/magnitude`` (not taken from Chromium).
  public var releaseVelocityLimit: ReleaseVelocityLimit = .magnitude
  /// How a diagonal fling lays out its momentum: ``DiagonalFling/perAxis`` (iOS, Android,
  /// Flutter, `chromium-mac`, `framer`) or ``DiagonalFling/largerAxis`` (`chromium`,
  /// `chromium-physics`: Chromium's `FlingCurve` and `PhysicsBasedFlingCurve` take the velocity
  /// as a vector, so the fling is straight and both axes stop together). `largerAxis` needs a
  /// Chromium fling model (``validate()``).
  public var diagonalFling: DiagonalFling = .perAxis

  /// The UIKit-faithful iOS profile (physics.md "The iOS profile").
  public static let ios = PhysicsProfile(
    name: "ios", flingModel: .exponential, overscrollModel: .rubberBand,
    springTransfer: .symmetric, rubberBandCoefficient: 0.55,
    decelerationRate: Deceleration.normalRate, frictionDrag: 0.135, splineFriction: 0.015,
    minimumFlingVelocity: 100, maximumFlingVelocity: 8000, maximumBounceVelocity: 5000,
    springStiffness: 100, springMass: 1, springDampingRatio: 1, stretchFrequency: 24.657,
    stretchDampingRatio: 0.98, stretchAbsorbFactor: 13, stopVelocityPixels: 20,
    stopDistancePixels: 0.5, dragStartSlop: 0, velocityEstimator: .iosWeighted,
    carriesMomentum: true, bouncesWhenContentFits: true, animationResponse: 0.5,
    snapResponse: 0.3)

  /// Android: `OverScroller`'s fling distance and duration law in its restartable (ballistic)
  /// form, least-squares velocity, clamped edges with the Android 12 stretch (AOSP
  /// `OverScroller.java`, `EdgeEffect.java`, `ViewConfiguration.java`).
  ///
  /// The fling is ``FlingModel/flutterClamping``, not the tabulated ``FlingModel/androidSpline``:
  /// a fling rebuilt from its own (offset, velocity) mid-flight (a lazy list re-measuring) must
  /// follow the same path, so the remaining distance must be a function of the current velocity
  /// alone; with Android's distance law `friction·C·(|v|/v_ref)^(R/(R − 1))` that forces
  /// `v(t) = v0·(1 − t/T)^(R − 1)`, exactly Flutter's `ClampingScrollSimulation` (same distance
  /// for every velocity, ends 17.5 % sooner than the table). Source: Flutter
  /// `packages/flutter/lib/src/widgets/scroll_simulation.dart` (`ClampingScrollSimulation`
  /// doc comment: made ballistic so that `goBallistic` can restart it).
  public static let android: PhysicsProfile = {
    var profile = ios
    profile.name = "android"
    // Compose paging and snapping: `spring(stiffness = Spring.StiffnessMediumLow)` (400, ζ 1:
    // ω 20 rad/s; `PagerDefaults.flingBehavior`, `SnapFlingBehavior`'s default spec).
    profile.snapResponse = 2 * Double.pi / 20
    profile.flingModel = .flutterClamping
    profile.overscrollModel = .stretch
    profile.minimumFlingVelocity = 50
    profile.stopDistancePixels = 1
    profile.dragStartSlop = 8
    profile.velocityEstimator = .leastSquares
    profile.carriesMomentum = false
    profile.bouncesWhenContentFits = false
    profile.directionalLock = DirectionalLock(mode: .free, threshold: 8, angle: 30)
    profile.releaseVelocityLimit = .perAxis
    return profile
  }()

  /// Flutter `BouncingScrollPhysics` with `ScrollDecelerationRate.normal` on iOS: friction 0.135,
  /// spring mass 0.5, stiffness 100, ζ 1.1, `min(v, 5000)` transfer, its own rubber band.
  /// Source: Flutter `scroll_physics.dart`, `scroll_simulation.dart`.
  public static let flutter: PhysicsProfile = {
    var profile = ios
    profile.name = "flutter"
    // `PageScrollPhysics` springs to the page with the physics' spring (mass 0.5, stiffness
    // 100: ω √200 rad/s; its ζ 1.1 is taken as 1 by the snap model).
    profile.snapResponse = 2 * Double.pi / 200.0.squareRoot()
    profile.flingModel = .flutterFriction
    profile.overscrollModel = .flutterFriction
    profile.springTransfer = .flutterMin
    profile.rubberBandCoefficient = 0.52
    profile.springMass = 0.5
    profile.springDampingRatio = 1.1
    profile.stopDistancePixels = 1
    profile.dragStartSlop = 18
    profile.dragMotionThreshold = 3.5
    profile.directionalLock = .flutter
    return profile
  }()

  /// Flutter `BouncingScrollPhysics(decelerationRate: ScrollDecelerationRate.fast)`, Flutter's
  /// physics on macOS: ``scrollDecelerationRate`` fast (the fling
  /// `FrictionSimulation(0.135, x, v, constantDeceleration: 1400)`, which stops in finite time,
  /// and 1:1 easing back out of an overscroll), `frictionFactor` 0.26·(1 − f)², the spring
  /// `withDampingRatio(mass: 0.3, stiffness: 75, ratio: 1.3)` and `maxFlingVelocity`
  /// `kMaxFlingVelocity·8` = 64000. Other constants are the ``flutter`` profile's. Source: Flutter
  /// `packages/flutter/lib/src/widgets/scroll_physics.dart` (`BouncingScrollPhysics`:
  /// `frictionFactor`, `applyPhysicsToUserOffset`, `createBallisticSimulation`, `spring`,
  /// `maxFlingVelocity`), `packages/flutter/lib/src/physics/friction_simulation.dart`.
  public static let flutterFast: PhysicsProfile = {
    var profile = flutter
    profile.name = "flutter-fast"
    profile.scrollDecelerationRate = .fast
    profile.rubberBandCoefficient = FlutterOverscroll.Rate.fast.coefficient
    profile.springMass = 0.3
    profile.springStiffness = 75
    profile.springDampingRatio = 1.3
    profile.maximumFlingVelocity = 64_000
    profile.snapResponse = 2 * Double.pi / (75 / 0.3).squareRoot()
    return profile
  }()

  /// Chromium's touchscreen scrolling on ChromeOS, Linux and Windows: ``FlingModel/chromium``
  /// (`ui/events/gestures/fling_curve.cc`), least-squares velocity (`ui::VelocityTracker`, LSQ2
  /// by default), clamped edges (no elastic overscroll there). Other constants are the iOS
  /// profile's (not taken from Chromium).
  public static let chromium: PhysicsProfile = {
    var profile = ios
    profile.name = "chromium"
    profile.flingModel = .chromium
    profile.diagonalFling = .largerAxis
    profile.overscrollModel = .clamp
    profile.velocityEstimator = .leastSquares
    profile.carriesMomentum = false
    profile.bouncesWhenContentFits = false
    return profile
  }()

  /// ``chromium`` with Chromium's physics-based fling (``FlingModel/chromiumPhysics``,
  /// `ui/events/gestures/physics_based_fling_curve.cc`, Windows' experimental fling animation).
  ///
  /// A built-in profile (`--profile NAME`, `"physics": "NAME"` in a trace header); its curve is
  /// checked against the platform's published values (PlatformCurveTests).
  public static let chromiumPhysics: PhysicsProfile = {
    var profile = chromium
    profile.name = "chromium-physics"
    profile.flingModel = .chromiumPhysics
    return profile
  }()

  /// Chromium's macOS-style elastic overscroll (`ElasticOverscrollControllerExponential`, macOS
  /// constants): past an edge the content follows 1/20 of the overdrag (``OverscrollModel/linear``,
  /// `kRubberbandStiffness` 20), and the release is `(s0 + 0.31·v·t)·e^(−12.5·t)`
  /// (``SpringTransfer/chromiumElastic``, ω = 20/1.6 = 12.5 rad/s), ending at the first instant the
  /// stretch is below 1 px (``stopDistancePixels`` 1; `ElasticOverscrollController::Animate`
  /// sets it to 0 there). The momentum itself comes from
  /// macOS (AppKit's momentum events are not Chromium's and not published): UIKit's `.normal`
  /// exponential stands in for it. A trackpad's momentum deltas that reach an edge stretch past
  /// it and spring back with the same release, started from the momentum events' own scroll
  /// velocity (`ElasticOverscrollController::UpdateVelocity`, `EnterStateMomentumAnimated`).
  ///
  /// A built-in profile (`--profile NAME`, `"physics": "NAME"` in a trace header); its curve is
  /// checked against the platform's published values (PlatformCurveTests).
  public static let chromiumMac: PhysicsProfile = {
    var profile = ios
    profile.name = "chromium-mac"
    profile.overscrollModel = .linear
    profile.stopDistancePixels = 1
    profile.springTransfer = .chromiumElastic
    profile.rubberBandCoefficient = 1 / 20
    profile.springStiffness = 12.5 * 12.5
    profile.springMass = 1
    profile.springDampingRatio = 1
    profile.velocityEstimator = .leastSquares
    profile.carriesMomentum = false
    return profile
  }()

  /// A Motion (Framer Motion) `drag` scroller: momentum is `inertia` with a drag's
  /// `dragTransition` defaults (power 0.8, `timeConstant` 750 ms, `restDelta` 1), `dragElastic`
  /// 0.35 past the constraints (``OverscrollModel/linear``), and the boundary spring
  /// `bounceStiffness` 200, `bounceDamping` 40 (mass 1: ζ = 40/(2·√200) ≈ 1.414), fed the
  /// momentum's velocity uncapped. Every release flings (no minimum velocity). Sources: motion
  /// `packages/motion-dom/src/animation/generators/inertia.ts`, framer-motion
  /// `gestures/drag/VisualElementDragControls.ts` (`startAnimation`),
  /// `gestures/drag/utils/constraints.ts` (`defaultElastic`, `applyConstraints`).
  ///
  /// A built-in profile (`--profile NAME`, `"physics": "NAME"` in a trace header); its curve is
  /// checked against the platform's published values (PlatformCurveTests).
  public static let framer: PhysicsProfile = {
    var profile = ios
    profile.name = "framer"
    profile.flingModel = .motionInertia
    profile.overscrollModel = .linear
    profile.rubberBandCoefficient = 0.35
    profile.springStiffness = 200
    profile.springMass = 1
    profile.springDampingRatio = 40 / (2 * 200.0.squareRoot())
    profile.maximumBounceVelocity = 100_000
    profile.minimumFlingVelocity = 0
    profile.velocityEstimator = .leastSquares
    profile.carriesMomentum = false
    profile.inertiaPower = MotionInertia.defaultPower
    profile.inertiaTimeConstant = MotionInertia.dragTimeConstant
    profile.inertiaRestDelta = 1
    return profile
  }()

  /// The built-in profiles, by name.
  public static let builtIn: [PhysicsProfile] = [
    ios, android, flutter, flutterFast, chromium, chromiumPhysics, chromiumMac, framer,
  ]

  /// Creates a profile; see each property for units and ranges. Call ``validate()`` on
  /// untrusted values.
  public init(
    name: String, flingModel: FlingModel, overscrollModel: OverscrollModel,
    springTransfer: SpringTransfer, rubberBandCoefficient: Double, decelerationRate: Double,
    frictionDrag: Double, splineFriction: Double, minimumFlingVelocity: Double,
    maximumFlingVelocity: Double, maximumBounceVelocity: Double, springStiffness: Double,
    springMass: Double, springDampingRatio: Double, stretchFrequency: Double,
    stretchDampingRatio: Double, stretchAbsorbFactor: Double, stopVelocityPixels: Double,
    stopDistancePixels: Double, dragStartSlop: Double, velocityEstimator: VelocityEstimator,
    carriesMomentum: Bool, bouncesWhenContentFits: Bool, animationResponse: Double,
    snapResponse: Double = 0.3, dragMotionThreshold: Double = 0,
    inertiaPower: Double = MotionInertia.defaultPower,
    inertiaTimeConstant: Double = MotionInertia.defaultTimeConstant, inertiaRestDelta: Double = 0.5
  ) {
    self.name = name
    self.flingModel = flingModel
    self.overscrollModel = overscrollModel
    self.springTransfer = springTransfer
    self.rubberBandCoefficient = rubberBandCoefficient
    self.decelerationRate = decelerationRate
    self.frictionDrag = frictionDrag
    self.splineFriction = splineFriction
    self.minimumFlingVelocity = minimumFlingVelocity
    self.maximumFlingVelocity = maximumFlingVelocity
    self.maximumBounceVelocity = maximumBounceVelocity
    self.springStiffness = springStiffness
    self.springMass = springMass
    self.springDampingRatio = springDampingRatio
    self.stretchFrequency = stretchFrequency
    self.stretchDampingRatio = stretchDampingRatio
    self.stretchAbsorbFactor = stretchAbsorbFactor
    self.stopVelocityPixels = stopVelocityPixels
    self.stopDistancePixels = stopDistancePixels
    self.dragStartSlop = dragStartSlop
    self.velocityEstimator = velocityEstimator
    self.carriesMomentum = carriesMomentum
    self.bouncesWhenContentFits = bouncesWhenContentFits
    self.animationResponse = animationResponse
    self.snapResponse = snapResponse
    self.dragMotionThreshold = dragMotionThreshold
    self.inertiaPower = inertiaPower
    self.inertiaTimeConstant = inertiaTimeConstant
    self.inertiaRestDelta = inertiaRestDelta
  }

  /// Throws the first constant outside its range.
  ///
  /// The ranges keep every accepted profile settling in bounded time (a few tens of seconds at
  /// worst for a maximum-speed fling at screen scale 10): every momentum curve decays at least
  /// 0.5 per second, every spring's slowest mode decays at least 1 per second and is at most
  /// 1000 rad/s, the stop thresholds are at least 0.1 px/s and 0.01 px, and the minimum fling
  /// speed is at most the maximum. See `profiles/README.md` for each range.
  /// - Throws: ``PhysicsError/invalidParameter(name:value:expected:)`` naming the constant.
  public func validate() throws(PhysicsError) {
    func require(_ name: String, _ value: Double, _ ok: Bool, _ expected: String)
      throws(PhysicsError)
    {
      if !(value.isFinite && ok) {
        throw .invalidParameter(name: name, value: value, expected: expected)
      }
    }
    func inRange(_ name: String, _ value: Double, _ range: ClosedRange<Double>)
      throws(PhysicsError)
    {
      func text(_ x: Double) -> String {
        x == x.rounded() && Swift.abs(x) < 1e15 ? String(Int(x)) : "\(x)"
      }
      try require(
        name, value, range.contains(value),
        "a number in [\(text(range.lowerBound)), \(text(range.upperBound))]")
    }
    let c = rubberBandCoefficient
    try require("rubberBandCoefficient", c, c > 0 && c <= 1, "a number in (0, 1]")
    let r = decelerationRate
    try require(
      "decelerationRate", r, r > 0 && r <= Self.slowestRate,
      "a number in (0, \(Self.slowestRate)] (momentum must decay at least 0.5 per second)")
    try require(
      "frictionDrag", frictionDrag, frictionDrag > 0 && frictionDrag <= Self.slowestDrag,
      "a number in (0, \(Self.slowestDrag)] (momentum must decay at least 0.5 per second)")
    try inRange("splineFriction", splineFriction, 0.001...1)
    try inRange("maximumFlingVelocity", maximumFlingVelocity, 1...100_000)
    try require(
      "minimumFlingVelocity", minimumFlingVelocity,
      minimumFlingVelocity >= 0 && minimumFlingVelocity <= maximumFlingVelocity,
      "a number in [0, maximumFlingVelocity] = [0, \(maximumFlingVelocity)]")
    try inRange("maximumBounceVelocity", maximumBounceVelocity, 1...100_000)
    try inRange("springStiffness", springStiffness, 0.01...1_000_000)
    try inRange("springMass", springMass, 0.001...1000)
    try require(
      "springDampingRatio", springDampingRatio,
      springDampingRatio >= 1 && springDampingRatio <= 100,
      "a number in [1, 100] (an underdamped bounce would oscillate across the edge)")
    try requireSpring(
      omega: (springStiffness / springMass).squareRoot(), ratio: springDampingRatio,
      frequency: "√(springStiffness/springMass)", frequencyField: ("springMass", springMass),
      ratioField: ("springDampingRatio", springDampingRatio))
    try inRange("stretchFrequency", stretchFrequency, 1...1000)
    try require(
      "stretchDampingRatio", stretchDampingRatio,
      stretchDampingRatio > 0.1 && stretchDampingRatio <= 100, "a number in (0.1, 100]")
    try requireSpring(
      omega: stretchFrequency, ratio: stretchDampingRatio, frequency: "stretchFrequency",
      frequencyField: ("stretchFrequency", stretchFrequency),
      ratioField: ("stretchDampingRatio", stretchDampingRatio))
    try inRange("stretchAbsorbFactor", stretchAbsorbFactor, 0...1000)
    try inRange("stopVelocityPixels", stopVelocityPixels, 0.1...1000)
    try inRange("stopDistancePixels", stopDistancePixels, 0.01...100)
    try require(
      "dragStartSlop", dragStartSlop, dragStartSlop >= 0 && dragStartSlop <= 1000, "in [0, 1000]")
    try require(
      "dragMotionThreshold", dragMotionThreshold,
      dragMotionThreshold >= 0 && dragMotionThreshold <= 100, "in [0, 100]")
    try require(
      "animationResponse", animationResponse, animationResponse > 0.01 && animationResponse <= 10,
      "in (0.01, 10]")
    try require(
      "snapResponse", snapResponse, snapResponse >= 0.05 && snapResponse <= 2, "in [0.05, 2]")
    try inRange("inertiaPower", inertiaPower, 0...10)
    try inRange("inertiaTimeConstant", inertiaTimeConstant, 0.01...2)
    try inRange("inertiaRestDelta", inertiaRestDelta, 0.01...100)
    try directionalLock.validate()
    if diagonalFling == .largerAxis && !flingModel.hasVectorCurve {
      throw .invalidParameter(
        name: "diagonalFling", value: 1,
        expected: "perAxis with flingModel \(flingModel.rawValue) (largerAxis, given here as 1, "
          + "is Chromium's rule: flingModel chromium or chromiumPhysics)")
    }
  }

  /// Largest accepted ``decelerationRate``: `1000·ln 0.9995 ≈ −0.5` per second, so that a fling
  /// stops in bounded time.
  public static let slowestRate = 0.9995
  /// Largest accepted ``frictionDrag``: `ln 0.6 ≈ −0.51` per second.
  public static let slowestDrag = 0.6

  /// Throws unless a spring of undamped frequency `omega` (rad/s, named by `frequency`, e.g.
  /// `√(springStiffness/springMass)`) is in [1, 1000] and its slowest mode decays at least 1 per
  /// second (`ω·ζ` underdamped, `ω·(ζ − √(ζ² − 1))` otherwise), so that it settles in bounded
  /// time. Names `frequencyField` or `ratioField` (with its value) in the error.
  private func requireSpring(
    omega: Double, ratio: Double, frequency: String, frequencyField: (String, Double),
    ratioField: (String, Double)
  ) throws(PhysicsError) {
    guard omega.isFinite, omega >= 1, omega <= 1000 else {
      throw .invalidParameter(
        name: frequencyField.0, value: frequencyField.1,
        expected: "a spring with ω = \(frequency) in [1, 1000] rad/s (now ω = \(omega))")
    }
    let slowest = ratio < 1 ? omega * ratio : omega * (ratio - (ratio * ratio - 1).squareRoot())
    guard slowest >= 1 else {
      throw .invalidParameter(
        name: ratioField.0, value: ratioField.1,
        expected: "a damping ratio whose slowest mode decays at least 1 per second "
          + "(now \(slowest) per second with ω = \(omega) rad/s)")
    }
  }

  /// The bounce spring from a displacement (points) and velocity (points per second);
  /// ``SpringTransfer/chromiumElastic`` starts it with `0.31·v − ω·displacement`.
  func bounceSpring(displacement: Double, velocity: Double) -> DampedSpring {
    var start = velocity
    if springTransfer == .chromiumElastic {
      let omega = (springStiffness / springMass).squareRoot()
      start = SpringTransfer.chromiumElasticAmplitude * velocity - omega * displacement
    }
    return DampedSpring(
      displacement: displacement, velocity: start, stiffness: springStiffness, mass: springMass,
      dampingRatio: springDampingRatio)
  }

  /// The velocity a fling hands to the bounce spring at an edge, points per second.
  func transferVelocity(_ velocity: Double) -> Double {
    switch springTransfer {
    case .symmetric, .chromiumElastic:
      Swift.min(Swift.max(velocity, -maximumBounceVelocity), maximumBounceVelocity)
    case .flutterMin: Swift.min(velocity, maximumBounceVelocity)
    }
  }

  /// The momentum curve of this profile from an offset (points) and velocity (points/second);
  /// `viewport` (points) bounds Chromium's physics-based fling at 3 viewports. `lead`: the
  /// other axis's release when it is the larger component of a ``DiagonalFling/largerAxis``
  /// fling (this axis then follows that axis's curve, scaled), else nil.
  func flingCurve(
    offset: Double, velocity: Double, viewport: Double = .infinity, lead: FlingLead? = nil
  ) -> FlingCurve {
    if let lead, diagonalFling == .largerAxis {
      switch flingModel {
      case .chromium:
        return .chromium(
          ChromiumFlingCurve(
            offset: offset, velocity: velocity, largerComponent: Swift.abs(lead.velocity)))
      case .chromiumPhysics:
        let multiplier = ChromiumPhysicsFling.boundsMultiplier
        let leading = ChromiumPhysicsFling(
          offset: 0, velocity: lead.velocity, boundingDistance: lead.viewport * multiplier)
        return .chromiumPhysics(
          ChromiumPhysicsFling(
            offset: offset, velocity: velocity, boundingDistance: viewport * multiplier,
            leading: leading))
      default: break
      }
    }
    return switch flingModel {
    case .exponential:
      .exponential(Deceleration(offset: offset, velocity: velocity, rate: decelerationRate))
    case .flutterFriction:
      scrollDecelerationRate == .fast
        ? .friction(
          FrictionSimulation(
            drag: frictionDrag, position: offset, velocity: velocity,
            constantDeceleration: scrollDecelerationRate.constantDeceleration))
        : .exponential(
          Deceleration(offset: offset, velocity: velocity, dragPerSecond: frictionDrag))
    case .androidSpline:
      .androidSpline(
        AndroidSplineFling(offset: offset, velocity: velocity, friction: splineFriction))
    case .flutterClamping:
      .flutterClamping(ClampingFling(offset: offset, velocity: velocity, friction: splineFriction))
    case .chromium:
      .chromium(ChromiumFlingCurve(offset: offset, velocity: velocity))
    case .chromiumPhysics:
      .chromiumPhysics(
        ChromiumPhysicsFling(
          offset: offset, velocity: velocity,
          boundingDistance: viewport * ChromiumPhysicsFling.boundsMultiplier))
    case .motionInertia:
      .motionInertia(
        MotionInertia(
          origin: offset, velocity: velocity, power: inertiaPower,
          timeConstant: inertiaTimeConstant, restDelta: inertiaRestDelta))
    }
  }
}
