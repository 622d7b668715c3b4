import Foundation
import XCTest

/// `lifeline check --follow` end to end: findings print while the input is still open, the end-of-trace
/// findings and the summary come at end of file or on Ctrl-C.
final class FollowTests: XCTestCase {
    /// How long to wait for output before calling the run hung (not a speed requirement).
    private let patience: TimeInterval = 60

    private func line(_ second: Int, _ message: String) -> String {
        String(format: "2024-03-04 10:00:%02d.000000+0100 Shop[4089:361037] ", second) + message + "\n"
    }

    func testFindingsPrintBeforeTheWriterClosesThePipe() throws {
        let run = try FollowedRun(arguments: ["check", "--follow", "-"])
        defer { run.terminate() }
        let cart = "<Shop.CartViewController: 0x7f8b2c41a200>"
        run.write(line(0, "\(cart) viewDidLoad()") + line(0, "\(cart) viewWillAppear(_:)") + line(1, "\(cart) viewDidAppear(_:)"))
        run.write(line(2, "\(cart) viewWillAppear(_:)"))
        XCTAssertTrue(run.waitForOutput(containing: "<stdin>:4: error: [appearance-order]", within: patience),
                      "the hand call is reported while the pipe is open:\n\(run.output)")

        let detail = "<Shop.DetailViewController: 0x7f8b2c41b400>"
        run.write(line(3, "\(detail) deinit") + line(3, "\(detail) init(coder:)") + line(3, "\(detail) viewDidLoad()")
                  + line(4, "\(detail) willMove(toParent:) nil") + line(4, "\(detail) didMove(toParent:) nil"))
        run.write(line(5, "\(cart) viewDidUnload()"))
        XCTAssertTrue(run.waitForOutput(containing: "<stdin>:10: info: [deprecated-callback]", within: patience), run.output)
        XCTAssertFalse(run.output.contains("[not-deallocated]"), "one second after removal is within the timeout")
        XCTAssertFalse(run.output.contains("[unfinished-transition]"), "end-of-trace findings wait for the end")

        run.write(line(9, "[Network] GET /cart -> 200"))
        XCTAssertTrue(run.waitForOutput(containing: "<stdin>:9: warning: [not-deallocated]", within: patience),
                      "the leak is reported once trace time passes the timeout, before end of file:\n\(run.output)")
        XCTAssertFalse(run.output.contains("[unfinished-transition]"), "end-of-trace findings wait for the end")

        run.closeInput()
        XCTAssertEqual(run.waitForExit(within: patience), 1, "errors were found")
        XCTAssertTrue(run.output.contains("<stdin>:4: warning: [unfinished-transition]"), run.output)
        XCTAssertTrue(run.output.contains("in 1 file (11 lines"), "the summary follows end of file:\n\(run.output)")
    }

    func testCtrlCWhileBlockedOnAnOpenPipePrintsTheSummary() throws {
        let run = try FollowedRun(arguments: ["check", "--follow", "-"])
        defer { run.terminate() }
        let cart = "<Shop.CartViewController: 0x7f8b2c41a200>"
        run.write(line(0, "\(cart) viewWillAppear(_:)") + line(1, "\(cart) viewDidAppear(_:)"))
        run.write(line(2, "\(cart) viewWillAppear(_:)"))
        XCTAssertTrue(run.waitForOutput(containing: "[appearance-order]", within: patience), run.output)
        run.interrupt()
        XCTAssertEqual(run.waitForExit(within: patience), 1, "Ctrl-C ends a blocked read with the usual status:\n\(run.output)")
        // The log stopped right after the open transition: a cut capture, an info.
        XCTAssertTrue(run.output.contains("<stdin>:3: info: [unfinished-transition]"), run.output)
        XCTAssertTrue(run.output.contains("in 1 file (3 lines"), run.output)
    }

    func testFollowingAFileReadsWhatIsAppendedLikeTailF() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-follow-\(UUID().uuidString).log")
        try Data().write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let run = try FollowedRun(arguments: ["check", "--follow", url.path])
        defer { run.terminate() }
        let appender = try FileHandle(forWritingTo: url)
        defer { try? appender.close() }
        let badge = "<Shop.BadgeViewController: 0x7f8b2c41c600>"
        appender.write(Data((line(0, "\(badge) viewWillAppear(_:)") + line(0, "\(badge) viewDidAppear(_:)")).utf8))
        appender.write(Data(line(1, "\(badge) viewDidAppear(_:)").utf8))
        XCTAssertTrue(run.waitForOutput(containing: "\(url.path):3: error: [appearance-order]", within: patience), run.output)
        run.interrupt()
        XCTAssertEqual(run.waitForExit(within: patience), 1, run.output)
        XCTAssertTrue(run.output.contains("in 1 file (3 lines"), run.output)
    }

    func testTruncationIsNoticedAndTheFileIsReadAgainFromItsFirstLine() throws {
        let file = try FollowedFile()
        defer { file.remove() }
        let run = try FollowedRun(arguments: ["check", "--follow", "--stats", file.path])
        defer { run.terminate() }
        let badge = "<Shop.BadgeViewController: 0x7f8b2c41c600>"
        try file.append(line(0, "\(badge) viewWillAppear(_:)") + line(0, "\(badge) viewDidAppear(_:)") + line(1, "\(badge) viewDidAppear(_:)"))
        XCTAssertTrue(run.waitForOutput(containing: "\(file.path):3: error: [appearance-order]", within: patience), run.output)
        try file.truncate()  // `> app.log`
        XCTAssertTrue(run.waitForErrors(containing: "\(file.path): note: the file was truncated; reading it again from line 1",
                                        within: patience), run.errors)
        let detail = "<Shop.DetailViewController: 0x7f8b2c41d800>"
        try file.append(line(2, "[Network] GET /cart -> 200") + line(2, "[Network] GET /badge -> 200")
                        + line(3, "\(detail) viewWillAppear(_:)") + line(3, "\(detail) viewDidAppear(_:)") + line(4, "\(detail) viewDidAppear(_:)"))
        XCTAssertTrue(run.waitForOutput(containing: "\(file.path):5: error: [appearance-order] \(detail)", within: patience),
                      "numbered as the file now is, and no line lost:\n\(run.output)")
        run.interrupt()
        XCTAssertEqual(run.waitForExit(within: patience), 1, run.output)
        XCTAssertFalse(run.output.contains("\(file.path):8:"), run.output)
        XCTAssertTrue(run.errors.contains("lines read:        8\n"), "every line read counted once:\n\(run.errors)")
    }

    func testRotationIsNoticedAfterTheOldFileIsReadToItsEnd() throws {
        let file = try FollowedFile()
        defer { file.remove() }
        let run = try FollowedRun(arguments: ["check", "--follow", "--stats", file.path])
        defer { run.terminate() }
        let badge = "<Shop.BadgeViewController: 0x7f8b2c41c600>"
        try file.append(line(0, "\(badge) viewWillAppear(_:)") + line(0, "\(badge) viewDidAppear(_:)"))
        Thread.sleep(forTimeInterval: 0.5)  // the follower reads those two lines and waits at the end
        try file.append(line(1, "\(badge) viewDidAppear(_:)") + "2024-03-04 10:00:01.500000+0100 Shop[4089:361037] \(badge) viewWill")
        try file.rotate()  // `mv app.log app.log.1` and a new app.log
        let detail = "<Shop.DetailViewController: 0x7f8b2c41d800>"
        try file.append(line(3, "\(detail) viewWillAppear(_:)") + line(3, "\(detail) viewDidAppear(_:)") + line(4, "\(detail) viewDidAppear(_:)"))
        XCTAssertTrue(run.waitForOutput(containing: "\(file.path):3: error: [appearance-order] \(detail)", within: patience), run.output)
        XCTAssertTrue(run.output.contains("\(file.path):3: error: [appearance-order] \(badge)"),
                      "the old file's last lines were read before moving on:\n\(run.output)")
        XCTAssertTrue(run.errors.contains("\(file.path): note: the file was replaced (rotated); reading it again from line 1"), run.errors)
        run.interrupt()
        XCTAssertEqual(run.waitForExit(within: patience), 1, run.output)
        XCTAssertTrue(run.errors.contains("lines read:        7\n"), "the unfinished last line of the old file is a line:\n\(run.errors)")
        XCTAssertTrue(run.errors.contains("unparseable:      0\n"), "no line resumed mid-way:\n\(run.errors)")
    }
}

/// A log file a test writes to as an app and a log rotator would.
private struct FollowedFile {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-follow-\(UUID().uuidString).log").path
        try Data().write(to: URL(fileURLWithPath: path))
    }

    /// `echo … >> file`.
    func append(_ text: String) throws {
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }

    /// `> file`.
    func truncate() throws {
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
        defer { try? handle.close() }
        try handle.truncate(atOffset: 0)
    }

    /// `mv file file.1 && touch file`.
    func rotate() throws {
        try? FileManager.default.removeItem(atPath: path + ".1")
        try FileManager.default.moveItem(atPath: path, toPath: path + ".1")
        try Data().write(to: URL(fileURLWithPath: path))
    }

    /// Deletes the file and its rotated copy.
    func remove() {
        for leftover in [path, path + ".1"] { try? FileManager.default.removeItem(atPath: leftover) }
    }
}

/// A `lifeline` process whose standard input the test writes over time and whose standard output it watches.
private final class FollowedRun: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let lock = NSLock()
    private var collected = Data()
    private var collectedErrors = Data()

    init(arguments: [String]) throws {
        process.executableURL = try CLIRunner.executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        let errors = Pipe()
        process.standardError = errors
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.lock()
            self.collected.append(data)
            self.lock.unlock()
        }
        errors.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.lock()
            self.collectedErrors.append(data)
            self.lock.unlock()
        }
        try process.run()
    }

    var output: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: collected, as: UTF8.self)
    }

    var errors: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: collectedErrors, as: UTF8.self)
    }

    func write(_ text: String) { input.fileHandleForWriting.write(Data(text.utf8)) }

    func closeInput() { try? input.fileHandleForWriting.close() }

    /// Ctrl-C.
    func interrupt() { process.interrupt() }

    func waitForOutput(containing text: String, within seconds: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if output.contains(text) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return output.contains(text)
    }

    func waitForErrors(containing text: String, within seconds: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if errors.contains(text) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return errors.contains(text)
    }

    /// The exit status, or nil if the process is still running after `seconds`.
    func waitForExit(within seconds: TimeInterval) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        guard !process.isRunning else { return nil }
        Thread.sleep(forTimeInterval: 0.1)  // let the reader drain the last bytes
        return process.terminationStatus
    }

    func terminate() {
        closeInput()
        if process.isRunning { process.terminate() }
    }
}
