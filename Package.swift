// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Lifeline",
    products: [
        .executable(name: "lifeline", targets: ["lifeline"]),
        .library(name: "LifelineKit", targets: ["LifelineKit"]),
    ],
    targets: [
        // The engine: ingest → recognition → timelines → rules → reports. No terminal code, and no unsafe flags: it
        // must stay usable as a dependency (Tests/Consumer checks that).
        .target(name: "LifelineKit"),
        // Commands, argument parsing and terminal concerns (colour, TTY, progress).
        .target(name: "LifelineCLI", dependencies: ["LifelineKit"]),
        // The executable: one line that hands over to LifelineCLI.
        .executableTarget(name: "lifeline", dependencies: ["LifelineCLI"]),
        .testTarget(name: "LifelineKitTests", dependencies: ["LifelineKit"], exclude: ["Ingest/Fixtures", "Reports/Timeline/Golden", "RealLogs/Fixtures", "RealLogs/Negative", "Instrumentation/Fixtures"]),
        .testTarget(name: "LifelineCLITests", dependencies: ["LifelineCLI", "LifelineKit"]),
        // Mutated sample traces and real logs with a fixed seed: no crash or hang, every line counted, output
        // deterministic whatever the parallelism or reading (Scripts/fuzz runs it for longer).
        .testTarget(name: "LifelineFuzzTests", dependencies: ["LifelineKit"]),
    ]
)
