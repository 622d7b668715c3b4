import Foundation
import XCTest

/// Runs the built `lifeline` executable, as users do, and captures what it prints.
struct CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The package root, found from this file's path.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `lifeline` binary of the build that built these tests.
    static var executable: URL {
        get throws {
            var directory = Bundle.main.bundleURL
            for _ in 0..<4 {
                let candidate = directory.appendingPathComponent("lifeline")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                directory = directory.deletingLastPathComponent()
            }
            for bundle in Bundle.allBundles {
                let candidate = bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("lifeline")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
            throw XCTSkip("lifeline executable not found next to the test bundle; run `swift build` first")
        }
    }

    /// Writes a 1 MB trace of `Scripts/generate-trace` for `seed` into `directory` (its expected findings beside
    /// it, as `.expected`) and returns its path.
    static func generateTrace(seed: Int, shape: String = "navigation", in directory: URL) throws -> URL {
        let trace = directory.appendingPathComponent("trace-\(shape)-\(seed).log")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", packageRoot.appendingPathComponent("Scripts/generate-trace").path,
                             "--size", "1M", "--seed", String(seed), "--shape", shape, "--out", trace.path]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "Scripts/generate-trace ran")
        return trace
    }

    /// Runs `lifeline arguments…` in `directory` (default: the package root), feeding `stdin`.
    static func run(_ arguments: [String], stdin: String? = nil, in directory: URL = packageRoot,
                    environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = try executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var merged = ProcessInfo.processInfo.environment
        merged["NO_COLOR"] = "1"
        merged.removeValue(forKey: "GITHUB_STEP_SUMMARY")
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        // Standard error goes to a file, so reading standard output to its end cannot deadlock on a full pipe.
        let errorsURL = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorsURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorsURL) }
        let errors = try FileHandle(forWritingTo: errorsURL)
        let output = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errors.close()
        let errData = try Data(contentsOf: errorsURL)
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }
}
