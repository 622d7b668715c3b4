import Foundation
import XCTest

/// Control characters from a log or a file name never reach the terminal raw, and never split a diagnostic.
final class HostileTextTests: XCTestCase {
    /// ESC sequences that clear the screen and set the window title, BEL, and a right-to-left override.
    static let trace = "<Shop.X\u{1B}[2J\u{1B}]0;pwned\u{7}: 0x1> viewDidAppear\n<Shop.X\u{1B}[2J\u{1B}]0;pwned\u{7}: 0x1> viewDidAppear\n"
        + "<Shop.Cart\u{202E}rellortnoC: 0x2> viewDidAppear\n<Shop.Cart\u{202E}rellortnoC: 0x2> viewDidAppear\n"

    private static let raw: Set<UInt32> = [0x1B, 0x07, 0x9B, 0x202E]

    private func assertNothingRaw(_ text: String, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(text.unicodeScalars.contains { Self.raw.contains($0.value) }, "\(context): \(text.debugDescription)", file: file, line: line)
    }

    func testTextGitHubAndMarkdownShowControlsInsteadOfSendingThem() throws {
        for format in ["text", "github", "markdown"] {
            let result = try CLIRunner.run(["check", "--format", format, "-"], stdin: Self.trace)
            XCTAssertEqual(result.status, 1, format)
            assertNothingRaw(result.stdout + result.stderr, format)
            XCTAssertTrue(result.stdout.contains(#"\u{1B}"#) || result.stdout.contains(#"\\u\{1B\}"#), "\(format): \(result.stdout)")
            XCTAssertTrue(result.stdout.contains("202E"), "\(format): \(result.stdout)")
        }
        let text = try CLIRunner.run(["check", "-"], stdin: Self.trace).stdout
        XCTAssertTrue(text.contains(#"<stdin>:2: error: [appearance-order] <Shop.X\u{1B}[2J\u{1B}]0;pwned\u{7}: 0x1> viewDidAppear"#), text)
    }

    func testJSONKeepsTheNamesButEscapesTheControls() throws {
        let result = try CLIRunner.run(["check", "--format", "json", "-"], stdin: Self.trace)
        assertNothingRaw(result.stdout, "json")
        XCTAssertTrue(result.stdout.contains(#"Shop.Cart\u202erellortnoC"#), result.stdout)
    }

    func testEventsShowsLogLinesWithControlsVisible() throws {
        let result = try CLIRunner.run(["events", "-"], stdin: Self.trace)
        assertNothingRaw(result.stdout, "events")
        XCTAssertEqual(result.stdout.split(separator: "\n").count, 4, "one line per input line")
    }

    func testANewlineInAFileNameDoesNotSplitADiagnostic() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let bad = "\u{FF}broken\n" + "<Shop.A: 0x1> viewDidAppear\n<Shop.A: 0x1> viewDidAppear\n"
        var bytes = Array(bad.utf8)
        bytes[0] = 0xFF  // invalid UTF-8: an unparseable line, named on standard error
        try Data(bytes).write(to: directory.appendingPathComponent("two\nlines\u{202E}.log"))
        let result = try CLIRunner.run(["check", directory.path])
        XCTAssertEqual(result.status, 1)
        assertNothingRaw(result.stdout + result.stderr, "directory audit")
        let name = #"two\u{A}lines\u{202E}.log"#
        let warning = result.stderr.split(separator: "\n").filter { $0.contains("unparseable line skipped") }
        XCTAssertEqual(warning.count, 1, result.stderr)
        XCTAssertTrue(warning.first?.hasSuffix(name + ":1: warning: unparseable line skipped: invalid UTF-8") ?? false, result.stderr)
        let finding = result.stdout.split(separator: "\n").filter { $0.contains("error: [appearance-order]") }
        XCTAssertEqual(finding.count, 1, result.stdout)
        XCTAssertTrue(finding.first?.hasSuffix("<Shop.A: 0x1> viewDidAppear while already appeared (no viewWillAppear since line 2)") ?? false,
                      result.stdout)
        XCTAssertTrue(finding.first?.contains(name + ":3: error:") ?? false, result.stdout)
    }

    /// `stats` shows class names, the slowest line's path, the `--compare` path and its own input errors as `check`
    /// does; `rules` does the same with the rules a configuration adds.
    func testStatsAndRulesShowControlsInsteadOfSendingThem() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let controller = "<Shop.Cart\u{1B}]0;pwned\u{7}\u{202E}VC: 0x7f01>"
        let trace = ["viewDidLoad()", "viewWillAppear(_:)", "viewDidAppear(_:)"].enumerated().map { index, callback in
            "2024-03-04 10:00:0\(index).000 Shop[4089:361037] \(controller) \(callback)\n"
        }.joined()
        let name = "slow\n\u{1B}[2J.log"
        try Data(trace.utf8).write(to: directory.appendingPathComponent(name))
        for arguments in [["stats", name], ["stats", "--compare", "gone\u{1B}[1m.json", name], ["stats", "missing\u{9B}.log", name]] {
            let result = try CLIRunner.run(arguments, in: directory)
            assertNothingRaw(result.stdout + result.stderr, "\(arguments)")
            XCTAssertFalse((result.stdout + result.stderr).contains("slow\n"), "\(arguments): a path never splits a line")
        }
        let text = try CLIRunner.run(["stats", name], in: directory).stdout
        XCTAssertTrue(text.hasPrefix(#"Shop.Cart\u{1B}]0;pwned\u{7}\u{202E}VC: 1 instance"#), text)
        XCTAssertTrue(text.contains(#"slow\u{A}\u{1B}[2J.log:3"#), text)

        let configuration = #"{ "events": { "e": "^x" }, "rules": { "r\u001b": { "template": "never", "event": "e", "message": "no\u001b[2J\u202e" } } }"#
        try Data(configuration.utf8).write(to: directory.appendingPathComponent("c.json"))
        for arguments in [["rules", "--config", "c.json"], ["rules", "--config", "c.json", "--markdown"],
                          ["rules", "--config", "c.json", "explain", "r\u{1B}"]] {
            let result = try CLIRunner.run(arguments, in: directory)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            assertNothingRaw(result.stdout + result.stderr, "\(arguments)")
            XCTAssertTrue(result.stdout.contains(#"no\u{1B}[2J\u{202E}"#), "\(arguments): \(result.stdout)")
        }
    }
}
