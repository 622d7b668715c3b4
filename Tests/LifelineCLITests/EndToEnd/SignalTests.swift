import Foundation
import XCTest

/// SIGINT, SIGTERM and SIGHUP are handled alike: the run never ends by the signal (143, 129), leaves no temporary
/// file, prints the summary where one was promised (`--follow`), and exits 0, 1 or 2.
final class SignalTests: XCTestCase {
    private static let trace = "vc1 viewWillAppear\nvc1 viewWillAppear\n"

    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-signals-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs `lifeline arguments…` reading standard input that stays open after `trace`, sends `signal` once it is
    /// waiting for more, and returns how it ended.
    private func run(_ arguments: [String], signal: Int32, trace: String = trace) throws -> (reason: Process.TerminationReason, result: CLIRunner.Result) {
        let process = Process()
        process.executableURL = try CLIRunner.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let input = Pipe(), output = Pipe()
        let errorsURL = directory.appendingPathComponent(".stderr")
        XCTAssertTrue(FileManager.default.createFile(atPath: errorsURL.path, contents: nil))
        let errors = try FileHandle(forWritingTo: errorsURL)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(trace.utf8))
        Thread.sleep(forTimeInterval: 1.5)  // it has read the lines and waits for more
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            XCTFail("\(arguments) still runs 30 s after signal \(signal)")
            kill(process.processIdentifier, SIGKILL)
        }
        let outData = output.fileHandleForReading.readDataToEndOfFile()  // what it printed fits the pipe's buffer
        process.waitUntilExit()
        try input.fileHandleForWriting.close()
        try errors.close()
        let errText = try String(contentsOf: errorsURL, encoding: .utf8)
        try FileManager.default.removeItem(at: errorsURL)
        return (process.terminationReason, CLIRunner.Result(status: process.terminationStatus,
                                                            stdout: String(decoding: outData, as: UTF8.self), stderr: errText))
    }

    func testFollowingPrintsTheEndOfTraceFindingsAndSummaryOnAnyOfTheThree() throws {
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            let (reason, result) = try run(["check", "--follow", "-"], signal: signal)
            XCTAssertEqual(reason, .exit, "signal \(signal)")
            XCTAssertEqual(result.status, 0, "signal \(signal): warnings only: \(result.stderr)")
            XCTAssertTrue(result.stdout.contains("<stdin>:2: warning: [appearance-order]"), "signal \(signal): \(result.stdout)")
            XCTAssertTrue(result.stdout.contains("in 1 file (2 lines"), "signal \(signal): the summary: \(result.stdout)")
        }
    }

    /// A last line still being written (no newline yet) when following stops is no line: it is not read, and its
    /// bytes still count as read.
    func testALineStillBeingWrittenWhenFollowingStopsIsNotRead() throws {
        let (_, result) = try run(["check", "--follow", "--stats", "-"], signal: SIGINT, trace: Self.trace + "vc1 viewDidDisapp")
        XCTAssertTrue(result.stderr.contains("lines read:        2\n"), result.stderr)
        XCTAssertTrue(result.stdout.contains("(2 lines, 2 events"), result.stdout)
        XCTAssertTrue(result.stderr.contains("0.0 MB in"), result.stderr)
    }

    /// Not following, a run stopped before the end of its inputs reports nothing (its findings would pass for all
    /// of them) and writes nothing: status 2, saying why.
    func testABatchRunIsDiscardedWithStatusTwoAndNoTemporaryFile() throws {
        let runs: [[String]] = [["check", "--write-baseline", "baseline.json", "-"], ["report", "--html", "report.html", "-"],
                                ["stats", "-"]]
        for (arguments, signal) in zip(runs, [SIGTERM, SIGHUP, SIGINT]) {
            let (reason, result) = try run(arguments, signal: signal)
            XCTAssertEqual(reason, .exit, "\(arguments)")
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("lifeline: interrupted by SIG"), "\(arguments): \(result.stderr)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [], "\(arguments): nothing written")
        }
    }
}
