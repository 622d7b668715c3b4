import Foundation
import XCTest

/// A reader that goes away (`lifeline check … | head -1`) never ends the run by SIGPIPE (exit status 141): output
/// stops, and the status is the usual 0, 1 or 2.
final class BrokenPipeTests: XCTestCase {
    /// A trace whose report in any format is far larger than a pipe's buffer (64 KB): 3,000 hand calls.
    private static let trace: String = {
        let cart = "<Shop.CartViewController: 0x7f8b2c41a200>"
        var text = "2024-03-04 10:00:00.000 Shop[4089:361037] \(cart) viewWillAppear(_:)\n"
        for index in 0..<3_000 {
            text += String(format: "2024-03-04 10:00:%02d.%03d Shop[4089:361037] ", index / 1000, index % 1000) + cart + " viewDidAppear(_:)\n"
        }
        return text
    }()

    private func traceFile() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-pipe-\(UUID().uuidString).log")
        try Data(Self.trace.utf8).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testEveryFormatExitsWithItsStatusWhenTheReaderIsGone() throws {
        let file = try traceFile()
        for format in ["text", "json", "jsonl", "sarif", "junit", "github", "markdown"] {
            let status = try ClosedReaderRun.status(["check", "--format", format, file.path])
            XCTAssertEqual(status, 1, "\(format): findings, not SIGPIPE (141)")
        }
        XCTAssertEqual(try ClosedReaderRun.status(["rules", "--markdown"]), 0)
    }

    func testFollowingStandardInputEndsNormallyWhenTheReaderIsGone() throws {
        XCTAssertEqual(try ClosedReaderRun.status(["check", "--follow", "-"], stdin: Self.trace), 1)
    }

    func testFollowingAFileStopsOnceTheReaderIsGone() throws {
        let file = try traceFile()
        let status = try ClosedReaderRun.status(["check", "--follow", "--format", "jsonl", file.path], within: 60)
        XCTAssertEqual(status, 1, "tail -f | head: the follower stops by itself when nobody reads its findings")
    }
}

/// Runs `lifeline` with a standard output whose reader has already gone.
private enum ClosedReaderRun {
    static func status(_ arguments: [String], stdin: String = "", within seconds: TimeInterval = 120) throws -> Int32? {
        signal(SIGPIPE, SIG_IGN)  // this test's own write to a child that already ended must not end the test run
        let process = Process()
        process.executableURL = try CLIRunner.executable
        process.arguments = arguments
        process.currentDirectoryURL = CLIRunner.packageRoot
        let output = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = input
        try output.fileHandleForReading.close()
        try process.run()
        try? input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8))  // fails if lifeline stopped reading first
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning {
            process.terminate()
            return nil
        }
        XCTAssertEqual(process.terminationReason, .exit, "\(arguments): ended by a signal")
        return process.terminationStatus
    }
}
