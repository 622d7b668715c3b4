import Foundation
import XCTest

/// A write that fails for any reason but a vanished reader (a full disk, `/dev/full`) is an error naming the
/// output, with exit status 2: CI must never read a cut report as findings (1) or success (0).
final class OutputErrorTests: XCTestCase {
    private func fullDevice() throws -> FileHandle {
        guard let handle = FileHandle(forWritingAtPath: "/dev/full") else { throw XCTSkip("no /dev/full on this system") }
        return handle
    }

    func testEveryCommandFailsNamingStandardOutputWhenItCannotBeWritten() throws {
        let runs: [[String]] = [
            ["check", "--format", "json", "SampleTraces/observer-leak.log"],
            ["check", "SampleTraces/push-pop.log"],
            ["stats", "SampleTraces/push-pop.log"],
            ["report", "--html", "-", "SampleTraces/push-pop.log"],
            ["events", "SampleTraces/push-pop.log"],
            ["rules"],
        ]
        for arguments in runs {
            let result = try OutputRedirectedRun.run(arguments, stdout: try fullDevice())
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.contains("lifeline: standard output: cannot write: No space left on device"),
                          "\(arguments): \(result.stderr)")
        }
    }

    func testALostJobSummaryIsAnError() throws {
        let result = try CLIRunner.run(["check", "--format", "github", "SampleTraces/push-pop.log"],
                                       environment: ["GITHUB_STEP_SUMMARY": "/dev/full"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("/dev/full (GITHUB_STEP_SUMMARY): cannot write the job summary"), result.stderr)
    }
}

/// Runs `lifeline` with standard output sent to `stdout` (a file or device) and captures standard error.
enum OutputRedirectedRun {
    static func run(_ arguments: [String], stdout: FileHandle, in directory: URL = CLIRunner.packageRoot) throws -> CLIRunner.Result {
        let process = Process()
        process.executableURL = try CLIRunner.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment.removeValue(forKey: "GITHUB_STEP_SUMMARY")
        process.environment = environment
        let errors = Pipe()
        process.standardOutput = stdout
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLIRunner.Result(status: process.terminationStatus, stdout: "", stderr: String(decoding: errData, as: UTF8.self))
    }
}
