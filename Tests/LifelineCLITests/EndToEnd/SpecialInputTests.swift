import Foundation
import XCTest

/// Inputs that are not regular text files: a FIFO or a device is read as a stream and never waits forever for a
/// writer; a directory, a missing file or a PNG is an error naming its path (exit 2) while the rest is checked.
final class SpecialInputTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-special-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(CheckCommandTests.violation.utf8).write(to: folder.appendingPathComponent("good.log"))
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    private func makeFIFO(_ name: String) throws -> String {
        XCTAssertEqual(mkfifo(path(name), 0o600), 0)
        return path(name)
    }

    func testAFIFOWithoutAWriterIsAnErrorAfterAFewSecondsNotAHang() throws {
        let fifo = try makeFIFO("pipe.log")
        let result = try TimedRun.run(["check", fifo, path("good.log")], within: 60)
        XCTAssertEqual(result.status, 2, "the FIFO is an input error:\n\(result.stderr)")
        XCTAssertTrue(result.stderr.contains("\(fifo): error: no process opened this FIFO for writing within 5 s"), result.stderr)
        XCTAssertTrue(result.stdout.contains("good.log:3: error: [appearance-order]"), "the other input is checked:\n\(result.stdout)")
    }

    func testAFIFOInAWalkedFolderIsSkippedWithANoteNotRead() throws {
        let fifo = try makeFIFO("pipe.log")
        let result = try TimedRun.run(["check", folder.path], within: 60)
        XCTAssertEqual(result.status, 1, "the folder's trace has an error; the FIFO is no input error:\n\(result.stderr)")
        XCTAssertTrue(result.stderr.contains("\(fifo): note: skipped: not a regular file"), result.stderr)
        XCTAssertTrue(result.stdout.contains("good.log:3: error: [appearance-order]"), result.stdout)
    }

    func testAFIFOIsReadAsAStreamOnceItsWriterComes() throws {
        let fifo = try makeFIFO("pipe.log")
        for arguments in [["check", fifo], ["check", "--follow", fifo]] {
            let writer = Thread {
                Thread.sleep(forTimeInterval: 1)  // after lifeline opened it
                if let handle = FileHandle(forWritingAtPath: fifo) {
                    handle.write(Data(CheckCommandTests.violation.utf8))
                    try? handle.close()
                }
            }
            writer.start()
            let result = try TimedRun.run(arguments, within: 60)
            XCTAssertEqual(result.status, 1, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stdout.contains("\(fifo):3: error: [appearance-order]"), result.stdout)
        }
    }

    func testCharacterDevicesAreStreams() throws {
        let empty = try TimedRun.run(["check", "/dev/null"], within: 60)
        XCTAssertEqual(empty.status, 0)
        XCTAssertTrue(empty.stdout.contains("in 1 file (0 lines"), empty.stdout)
        let zeros = try TimedRun.run(["check", "/dev/zero"], within: 60)
        XCTAssertEqual(zeros.status, 2, "endless NUL bytes are binary, not a log read forever")
        XCTAssertTrue(zeros.stderr.contains("/dev/zero: error: not a text log: binary data"), zeros.stderr)
    }

    func testBinaryMissingAndDirectoryInputsAreErrorsNamingThemAndTheAuditGoesOn() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 0x10, 0x0A]
        try Data(png + Array("IDAT\n".utf8)).write(to: folder.appendingPathComponent("screenshot.log"))
        let result = try TimedRun.run(["check", path("screenshot.log"), path("missing.log"), path("good.log")], within: 60)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("\(path("screenshot.log")): error: not a text log: a PNG image"), result.stderr)
        XCTAssertTrue(result.stderr.contains("\(path("missing.log")): error: cannot open: No such file or directory"), result.stderr)
        XCTAssertFalse(result.stderr.contains("unparseable"), "a PNG is not read line by line:\n\(result.stderr)")
        XCTAssertTrue(result.stdout.contains("good.log:3: error: [appearance-order]"), result.stdout)

        let events = try TimedRun.run(["events", folder.path], within: 60)  // a folder is walked, as check walks it
        XCTAssertEqual(events.status, 2, "the PNG in it")
        XCTAssertTrue(events.stderr.contains("\(path("screenshot.log")): error: not a text log: a PNG image"), events.stderr)
        XCTAssertTrue(events.stdout.contains("\(path("good.log")):3: event viewWillAppear"), events.stdout)
        for option in ["--config", "--baseline"] {
            let run = try TimedRun.run(["check", option, folder.path, path("good.log")], within: 60)
            XCTAssertEqual(run.status, 2)
            XCTAssertTrue(run.stderr.contains("\(folder.path): cannot "), run.stderr)
            XCTAssertTrue(run.stderr.contains(": is a directory"), "\(option): \(run.stderr)")
        }
    }
}

/// Runs `lifeline` with a time limit, so a hang fails the test instead of stopping the suite.
enum TimedRun {
    static func run(_ arguments: [String], within seconds: TimeInterval) throws -> CLIRunner.Result {
        let process = Process()
        process.executableURL = try CLIRunner.executable
        process.arguments = arguments
        process.currentDirectoryURL = CLIRunner.packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let files = (0..<2).map { _ in FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-out-\(UUID().uuidString)") }
        for file in files { XCTAssertTrue(FileManager.default.createFile(atPath: file.path, contents: nil)) }
        defer { for file in files { try? FileManager.default.removeItem(at: file) } }
        process.standardOutput = try FileHandle(forWritingTo: files[0])
        process.standardError = try FileHandle(forWritingTo: files[1])
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning {
            process.terminate()
            XCTFail("\(arguments) still running after \(seconds) s")
        }
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "\(arguments) ended by a signal")
        let read = { (url: URL) in String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self) }
        return CLIRunner.Result(status: process.terminationStatus, stdout: read(files[0]), stderr: read(files[1]))
    }
}
