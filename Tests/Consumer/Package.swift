// swift-tools-version:6.0
// A package that depends on LifelineKit by path, as a user's would: it builds only if LifelineKit can be
// depended on (no unsafe flags), and its program checks a trace through the public API. Run by Scripts/test.
import PackageDescription

let package = Package(
    name: "Consumer",
    dependencies: [.package(name: "Lifeline", path: "../..")],
    targets: [
        .executableTarget(name: "Consumer", dependencies: [.product(name: "LifelineKit", package: "Lifeline")]),
    ]
)
