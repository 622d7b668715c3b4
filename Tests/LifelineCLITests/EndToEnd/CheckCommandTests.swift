import Foundation
import XCTest

/// `lifeline check` end to end: files, standard input, output formats, exit statuses and usage errors.
final class CheckCommandTests: XCTestCase {
    static let violation = """
        2016-04-27 10:52:00.100 Shop[4089:361037] <Shop.BadgeViewController: 0x7fa1c8e01a00> viewWillAppear(_:)
        2016-04-27 10:52:00.300 Shop[4089:361037] <Shop.BadgeViewController: 0x7fa1c8e01a00> viewDidAppear(_:)
        2016-04-27 10:52:00.301 Shop[4089:361037] <Shop.BadgeViewController: 0x7fa1c8e01a00> viewWillAppear(_:)
        2016-04-27 10:52:00.302 Shop[4089:361037] <Shop.BadgeViewController: 0x7fa1c8e01a00> viewDidAppear(_:)

        """

    func testStandardInputTakesTheSamePathAsFiles() throws {
        let result = try CLIRunner.run(["check", "-"], stdin: Self.violation)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout.split(separator: "\n").first,
                       "<stdin>:3: error: [appearance-order] <Shop.BadgeViewController: 0x7fa1c8e01a00> viewWillAppear while already appeared (called by hand?)")
    }

    func testCleanFileExitsZeroAndSeveralFilesAreReportedInOrder() throws {
        let clean = try CLIRunner.run(["check", "SampleTraces/push-pop.log"])
        XCTAssertEqual(clean.status, 0)
        XCTAssertEqual(clean.stdout, "0 errors, 0 warnings, 0 infos in 1 file (23 lines, 21 events, 2 controllers)\n")
        let both = try CLIRunner.run(["check", "SampleTraces/manual-viewwillappear.log", "SampleTraces/appearance-before-load.log"])
        XCTAssertEqual(both.status, 1)
        let findingLines = both.stdout.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
        let files = findingLines.compactMap { $0.split(separator: ":").first }
        XCTAssertFalse(files.isEmpty)
        XCTAssertEqual(files, files.sorted(), "stable file order")
    }

    func testFailOnControlsTheExitStatus() throws {
        let sample = "SampleTraces/observer-leak.log"  // warnings only
        XCTAssertEqual(try CLIRunner.run(["check", sample]).status, 0)
        XCTAssertEqual(try CLIRunner.run(["check", "--fail-on", "warning", sample]).status, 1)
        XCTAssertEqual(try CLIRunner.run(["check", "--fail-on", "never", "SampleTraces/manual-viewwillappear.log"]).status, 0)
    }

    func testJSONOutputFollowsTheDocumentedSchema() throws {
        let result = try CLIRunner.run(["check", "--format", "json", "-"], stdin: Self.violation)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["version"] as? Int, 1)
        let files = try XCTUnwrap(object["files"] as? [[String: Any]])
        XCTAssertEqual(files.first?["path"] as? String, "<stdin>")
        XCTAssertEqual(files.first?["lines"] as? Int, 4)
        XCTAssertEqual(files.first?["events"] as? Int, 4)
        XCTAssertEqual(files.first?["unparseable"] as? Int, 0)
        XCTAssertEqual(files.first?["controllers"] as? Int, 1)
        let finding = try XCTUnwrap((object["findings"] as? [[String: Any]])?.first)
        XCTAssertEqual(finding["rule"] as? String, "appearance-order")
        XCTAssertEqual(finding["severity"] as? String, "error")
        XCTAssertEqual(finding["line"] as? Int, 3)
        XCTAssertEqual(finding["timestamp"] as? String, "2016-04-27T10:52:00.301000")
        XCTAssertEqual(finding["event"] as? String, "viewWillAppear", "what baselines fingerprint it by (for merge)")
        let controller = try XCTUnwrap(finding["controller"] as? [String: Any])
        XCTAssertEqual(controller["class"] as? String, "Shop.BadgeViewController")
        XCTAssertEqual(controller["address"] as? String, "0x7fa1c8e01a00")
        XCTAssertEqual(controller["process"] as? String, "Shop")
        XCTAssertEqual(controller["pid"] as? Int, 4089)
        XCTAssertEqual(controller["id"] as? String, "Shop[4089]/Shop.BadgeViewController@0x7fa1c8e01a00#1")
        let evidence = try XCTUnwrap(finding["evidence"] as? [[String: Any]])
        XCTAssertEqual(evidence.compactMap { $0["line"] as? Int }, [1, 2, 3])
        XCTAssertEqual((object["summary"] as? [String: Int])?["errors"], 1)
    }

    func testSameInputGivesByteIdenticalOutput() throws {
        let first = try CLIRunner.run(["check", "--format", "json", "SampleTraces/observer-leak.log", "SampleTraces/leak-after-pop.log"])
        let second = try CLIRunner.run(["check", "--format", "json", "SampleTraces/observer-leak.log", "SampleTraces/leak-after-pop.log"])
        XCTAssertEqual(first.stdout, second.stdout)
    }

    func testStatsAccountForEveryLine() throws {
        let result = try CLIRunner.run(["check", "--stats", "-"], stdin: Self.violation + "unrelated\n")
        XCTAssertTrue(result.stderr.contains("lines read:        5"), result.stderr)
        XCTAssertTrue(result.stderr.contains("lifecycle events: 4"), result.stderr)
        XCTAssertTrue(result.stderr.contains("other lines:      1"), result.stderr)
        XCTAssertTrue(result.stderr.contains("unparseable:      0"), result.stderr)
        XCTAssertTrue(result.stderr.contains("MB/s"), result.stderr)
    }

    func testUnparseableLinesAreNamedOnStandardErrorAndTheRunContinues() throws {
        let result = try CLIRunner.run(["check", "-"], stdin: "2016-13-40 10:00:00.000 Shop[1:1] x\n" + Self.violation)
        XCTAssertEqual(result.stderr, "<stdin>:1: warning: unparseable line skipped: invalid date 2016-13-40\n")
        XCTAssertTrue(result.stdout.contains("<stdin>:4: error: [appearance-order]"))
    }

    func testUsageErrorsExitTwoWithAShortMessage() throws {
        let unknown = try CLIRunner.run(["check", "--fromat", "json", "x.log"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.hasPrefix("lifeline: unknown option '--fromat' (did you mean '--format'?)\nUSAGE: lifeline check"),
                      unknown.stderr)
        XCTAssertEqual(try CLIRunner.run(["chek"]).status, 2)
        let missing = try CLIRunner.run(["check", "no/such/file.log"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("no/such/file.log: error: cannot open: No such file or directory"), missing.stderr)
    }

    func testBadConfigurationIsAClearErrorWithExitTwo() throws {
        let directory = try temporaryDirectory()
        try #"{"rules": {"load-once": {"severity": "fatal"}}}"#.write(to: directory.appendingPathComponent(".lifeline.json"),
                                                                      atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", "-"], stdin: "", in: directory)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains(".lifeline.json: /rules/load-once/severity: expected one of: error, warning, info"), result.stderr)
    }

    func testAPatternThatCanHangIsRefusedAtLoadNamingTheFileAndPointer() throws {
        let directory = try temporaryDirectory()
        try #"{"patterns":["^(?<controller>(a+)+)(?<event>x)$"]}"#.write(to: directory.appendingPathComponent(".lifeline.json"),
                                                                         atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", "-"], stdin: String(repeating: "a", count: 50) + "b\n", in: directory)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains(".lifeline.json: /patterns/0: pattern ^(?<controller>(a+)+)(?<event>x)$ can take exponential time"),
                      result.stderr)
    }

    func testDuplicateConfigurationKeysAreAnError() throws {
        let directory = try temporaryDirectory()
        try #"{"failOn":"warning","failOn":"never"}"#.write(to: directory.appendingPathComponent(".lifeline.json"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", "-"], stdin: Self.violation, in: directory)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains(".lifeline.json: /failOn: duplicate key"), result.stderr)
    }

    func testConfigurationDisablesRulesAndSetsSeverities() throws {
        let directory = try temporaryDirectory()
        let config = directory.appendingPathComponent("custom.json")
        try #"{"rules": {"appearance-order": {"severity": "info"}}}"#.write(to: config, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", "--config", config.path, "-"], stdin: Self.violation)
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.contains("<stdin>:3: info: [appearance-order]"), result.stdout)
    }

    func testHelpOnEveryCommand() throws {
        for command in [["--help"], ["check", "--help"], ["rules", "--help"]] {
            let result = try CLIRunner.run(command)
            XCTAssertEqual(result.status, 0, command.joined(separator: " "))
            XCTAssertTrue(result.stdout.contains("USAGE:"), command.joined(separator: " "))
        }
    }

    func testRulesListAndExplain() throws {
        let list = try CLIRunner.run(["rules"])
        XCTAssertEqual(list.stdout.split(separator: "\n").count, 12)
        let explain = try CLIRunner.run(["rules", "explain", "observer-balance"])
        XCTAssertTrue(explain.stdout.hasPrefix("observer-balance (warning):"))
        XCTAssertTrue(explain.stdout.contains("viewDidLoad or init ↔ deinit"))
        XCTAssertFalse(explain.stdout.contains("§"))
        XCTAssertEqual(try CLIRunner.run(["rules", "explain", "nope"]).status, 2)
        let misspelt = try CLIRunner.run(["rules", "explain", "observer-balanse"])
        XCTAssertEqual(misspelt.status, 2)
        XCTAssertTrue(misspelt.stderr.hasPrefix("lifeline: unknown rule 'observer-balanse' (did you mean 'observer-balance'?)"), misspelt.stderr)
    }

    /// A new empty folder, removed when the test ends.
    private func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }
}
