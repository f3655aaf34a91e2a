// swift-tools-version: 6.0
// An example of testing your own scroll effect with ScrollSim: seed 004's collapsible profile
// header as the article writes it, the fixed version beside it, and their tests.
import PackageDescription

let package = Package(
  name: "ProfileHeader",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [
    // In your project: .package(url: "https://…/ScrollSim.git", from: "1.0.0")
    .package(name: "ScrollSim", path: "../..")
  ],
  targets: [
    .target(
      name: "ProfileHeader",
      dependencies: [.product(name: "ScrollEffects", package: "ScrollSim")]),
    .testTarget(
      name: "ProfileHeaderTests",
      dependencies: [
        "ProfileHeader",
        .product(name: "ScrollSimTesting", package: "ScrollSim"),
        .product(name: "ScrollEffects", package: "ScrollSim"),
        .product(name: "ScrollPhysics", package: "ScrollSim"),
      ],
      exclude: ["__Goldens__"],
      // `stretchy-profile.effect.json` compiled to Swift at build time (StretchyProfileEffect).
      plugins: [.plugin(name: "ScrollSimExport", package: "ScrollSim")]),
  ],
  swiftLanguageModes: [.v6]
)
