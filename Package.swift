// swift-tools-version: 6.0
// ScrollSim: scroll physics, scroll-driven effects, traces and a frame loop, testable headlessly.
import PackageDescription

let package = Package(
  name: "ScrollSim",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [
    .library(name: "ScrollSimCore", targets: ["ScrollSimCore"]),
    .library(name: "ScrollPhysics", targets: ["ScrollPhysics"]),
    .library(name: "ScrollEffects", targets: ["ScrollEffects"]),
    .library(name: "ScrollCheck", targets: ["ScrollCheck"]),
    .library(name: "ScrollTrace", targets: ["ScrollTrace"]),
    .library(name: "ScrollRuntime", targets: ["ScrollRuntime"]),
    .library(name: "ScrollSimTesting", targets: ["ScrollSimTesting"]),
    .executable(name: "scrollsim", targets: ["scrollsim"]),
    .executable(name: "scrollsim-bench", targets: ["ScrollSimBenchmarks"]),
    .plugin(name: "ScrollSimExport", targets: ["ScrollSimExport"]),
  ],
  targets: [
    // What every module shares: the input-error model, the strict JSON reader and writer
    // (package access), the numeric limits. No dependencies.
    .target(name: "ScrollSimCore"),
    // Drag, rubber band, velocity estimation, deceleration, springs, profiles.
    .target(name: "ScrollPhysics", dependencies: ["ScrollSimCore"]),
    // Scroll samples, effect outputs, the five seed presets. Uses only physics value types.
    .target(name: "ScrollEffects", dependencies: ["ScrollSimCore", "ScrollPhysics"]),
    // Trace model, file format, importers.
    .target(name: "ScrollTrace", dependencies: ["ScrollSimCore"]),
    // Frame clocks, the frame loop (the one frame-stepping core), replay.
    .target(name: "ScrollRuntime", dependencies: ["ScrollPhysics", "ScrollEffects", "ScrollTrace"]),
    // `scrollsim check`: an effect run over generated gestures and devices (through the frame
    // loop of ScrollRuntime), invariants reported.
    .target(name: "ScrollCheck", dependencies: ["ScrollPhysics", "ScrollEffects", "ScrollRuntime"]),
    // Testing the user's own effect from Swift Testing and XCTest: the checker's matrix as test
    // issues, goldens of replays of the bundled real traces (package resources; `traces/swipe-shield`
    // is a symlink to them), assertions on a run, a cost report. Imports Testing and XCTest.
    .target(
      name: "ScrollSimTesting",
      dependencies: ["ScrollSimCore", "ScrollEffects", "ScrollRuntime", "ScrollCheck", "ScrollTrace"],
      resources: [.copy("Traces")]),
    // The commands of `scrollsim`, as a testable library.
    .target(
      name: "ScrollSimCLI",
      dependencies: [
        "ScrollSimCore", "ScrollPhysics", "ScrollEffects", "ScrollTrace", "ScrollRuntime",
        "ScrollCheck",
      ]),
    .executableTarget(name: "scrollsim", dependencies: ["ScrollSimCLI"]),
    // A build-tool plugin: every `NAME.effect.json` in a target compiled to straight-line Swift
    // by `scrollsim export swift` at build time (docs/swift-export.md).
    .plugin(name: "ScrollSimExport", capability: .buildTool(), dependencies: ["scrollsim"]),
    // Benchmark statistics, baselines and threshold comparison, and the option tables of
    // `scrollsim-bench` (parsed by the command line's parser), as a testable library.
    .target(
      name: "BenchmarkSupport", dependencies: ["ScrollRuntime", "ScrollSimCLI"],
      path: "Benchmarks/BenchmarkSupport"),
    // The allocation-counting malloc family (C: Swift may not define `malloc`).
    .target(name: "AllocationInterposer", path: "Benchmarks/AllocationInterposer"),
    .executableTarget(
      name: "ScrollSimBenchmarks",
      dependencies: [
        "ScrollSimCore", "ScrollRuntime", "ScrollCheck", "ScrollSimCLI", "BenchmarkSupport",
        "AllocationInterposer",
      ],
      path: "Benchmarks/ScrollSimBenchmarks",
      // Exports the allocation-counting malloc so shared libraries call it (Linux, glibc).
      linkerSettings: [
        .unsafeFlags(
          ["-Xlinker", "--export-dynamic-symbol=malloc", "-Xlinker", "--export-dynamic-symbol=calloc",
           "-Xlinker", "--export-dynamic-symbol=realloc", "-Xlinker", "--export-dynamic-symbol=posix_memalign",
           "-Xlinker", "--export-dynamic-symbol=aligned_alloc",
           "-Xlinker", "--export-dynamic-symbol=memalign"],
          .when(platforms: [.linux]))
      ]
    ),
    // What the tests share: the repository's paths, the in-process `scrollsim` runner, the built
    // binary as a child process, SplitMix64 over ranges. Not a product.
    .target(
      name: "ScrollSimTestSupport", dependencies: ["ScrollSimCore", "ScrollRuntime", "ScrollSimCLI"],
      path: "Tests/ScrollSimTestSupport"),
    .testTarget(name: "ScrollSimCoreTests", dependencies: ["ScrollSimCore"]),
    .testTarget(
      name: "ScrollPhysicsTests",
      dependencies: ["ScrollSimCore", "ScrollPhysics", "ScrollSimTestSupport"]),
    .testTarget(
      name: "ScrollEffectsTests", dependencies: ["ScrollEffects", "ScrollSimTestSupport"]),
    .testTarget(
      name: "ScrollCheckTests",
      dependencies: ["ScrollCheck", "ScrollRuntime", "ScrollSimTestSupport"]),
    .testTarget(name: "ScrollTraceTests", dependencies: ["ScrollTrace", "ScrollSimTestSupport"]),
    .testTarget(
      name: "ScrollRuntimeTests", dependencies: ["ScrollRuntime", "ScrollSimTestSupport"]),
    .testTarget(
      name: "ScrollSimCLITests", dependencies: ["ScrollSimCLI", "ScrollSimTestSupport"],
      exclude: ["__Goldens__"]),
    .testTarget(
      name: "ScrollSimTestingTests", dependencies: ["ScrollSimTesting"], exclude: ["__Goldens__"]),
    .testTarget(
      name: "BenchmarkSupportTests", dependencies: ["BenchmarkSupport", "ScrollSimCore", "ScrollSimTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
