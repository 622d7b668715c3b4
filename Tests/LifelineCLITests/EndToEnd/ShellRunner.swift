import Foundation
import XCTest

struct MissingTool: Error, CustomStringConvertible {
    var description: String
}

/// Runs a program found on `PATH` (a shell, groff) and captures what it prints.
enum ShellRunner {
    /// The program's path; a skip when it is not installed, or a failure when `LIFELINE_REQUIRE_TOOLS` is set
    /// (`Scripts/test` sets it after installing them, so CI never skips these checks silently).
    static func require(_ program: String) throws -> String {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        if let path { return path }
        if ProcessInfo.processInfo.environment["LIFELINE_REQUIRE_TOOLS"] != nil {
            throw MissingTool(description: "\(program) is not installed, and LIFELINE_REQUIRE_TOOLS is set")
        }
        throw XCTSkip("\(program) is not installed (Scripts/test installs it)")
    }

    /// Runs `program arguments…` in the package root with `LIFELINE` set to the built binary.
    static func run(_ program: String, _ arguments: [String], stdin: String = "") throws -> CLIRunner.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try require(program))
        process.arguments = arguments
        process.currentDirectoryURL = CLIRunner.packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["LIFELINE"] = try CLIRunner.executable.path
        process.environment = environment
        let output = Pipe(), errors = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        // What these programs print stays far below a pipe buffer, so reading one pipe to its end first cannot deadlock.
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLIRunner.Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                                stderr: String(decoding: errData, as: UTF8.self))
    }
}
