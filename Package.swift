// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Lifeline",
    products: [
        .executable(name: "lifeline", targets: ["lifeline"]),
        .library(name: "LifelineKit", targets: ["LifelineKit"]),
    ],
    targets: [
        // The engine: ingest → recognition → timelines → rules → reports. No terminal code.
        // Release builds drop the runtime exclusivity checks from the engine's hot loops; debug builds, which the
        // tests run, keep them. Measured 2026-11-24: without the flag a check runs 10.3% more instructions (most of it
        // swift_beginAccess from TimelineEngine's stored properties). SwiftPM refuses unsafe flags in versioned
        // dependencies, so this must go by design (issue 16); Tests/Consumer depends on LifelineKit by path,
        // which SwiftPM allows either way.
        .target(name: "LifelineKit", swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]),
        // Commands, argument parsing and terminal concerns (colour, TTY, progress).
        .target(name: "LifelineCLI", dependencies: ["LifelineKit"]),
        // The executable: one line that hands over to LifelineCLI.
        .executableTarget(name: "lifeline", dependencies: ["LifelineCLI"]),
        .testTarget(name: "LifelineKitTests", dependencies: ["LifelineKit"], exclude: ["Ingest/Fixtures", "Reports/Timeline/Golden", "RealLogs/Fixtures"]),
        .testTarget(name: "LifelineCLITests", dependencies: ["LifelineCLI", "LifelineKit"]),
    ]
)
