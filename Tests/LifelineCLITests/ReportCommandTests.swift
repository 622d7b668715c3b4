import Foundation
import XCTest

/// `lifeline report`, run as users run it.
final class ReportCommandTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    func testWritesEveryFormatAndExitsZeroDespiteFindings() throws {
        let html = directory.appendingPathComponent("lifeline.html").path
        let markdown = directory.appendingPathComponent("lifeline.md").path
        let trace = directory.appendingPathComponent("trace.json").path
        let result = try CLIRunner.run(["report", "SampleTraces/", "--html", html, "--markdown", markdown, "--chrome-trace", trace])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("lifeline: wrote \(html)\n"))
        XCTAssertTrue(try String(contentsOfFile: html, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(try String(contentsOfFile: markdown, encoding: .utf8).contains("#### `SampleTraces/manual-viewwillappear.log`"))
        let events = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: trace))) as? [String: Any]
        XCTAssertNotNil(events?["traceEvents"] as? [Any])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(),
                       ["lifeline.html", "lifeline.md", "trace.json"], "no temporary files are left")
    }

    func testSameInputWritesTheSameBytes() throws {
        let first = try CLIRunner.run(["report", "SampleTraces/push-pop.log", "--html", "-"])
        let second = try CLIRunner.run(["report", "SampleTraces/push-pop.log", "--html", "-"])
        XCTAssertEqual(first.status, 0)
        XCTAssertEqual(first.stdout, second.stdout)
    }

    func testReadsStandardInputAndWritesStandardOutput() throws {
        let result = try CLIRunner.run(["report", "-", "--markdown", "-"], stdin: "vc1 viewWillAppear\nvc1 viewWillAppear\n")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("| `<stdin>:2` | `vc1` |"), result.stdout)
    }

    func testYearlessSyslogShowsNoInventedYear() throws {
        let result = try CLIRunner.run(["report", "SampleTraces/tab-switch.log", "--markdown", "-", "--chrome-trace", "-"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stdout.contains("2000-"), result.stdout)
        XCTAssertTrue(result.stdout.contains("12 s from `--04-27T10:49:46.000000`"), result.stdout)
    }

    func testNeedsSomethingToWrite() throws {
        let result = try CLIRunner.run(["report", "SampleTraces/push-pop.log"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "lifeline: nothing to write: give --html, --markdown or --chrome-trace\n")
    }

    func testUnwritableOutputFailsWithoutLeavingAnything() throws {
        let path = directory.appendingPathComponent("missing/lifeline.html").path
        let result = try CLIRunner.run(["report", "SampleTraces/push-pop.log", "--html", path])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "lifeline: --html \(path): no folder \(directory.path)/missing (create it first)\n",
                       "refused before any input is read")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [])
    }

    func testUnreadableInputIsReportedAndTheReportStillWritten() throws {
        let markdown = directory.appendingPathComponent("lifeline.md").path
        let result = try CLIRunner.run(["report", "SampleTraces/push-pop.log", "no-such.log", "--markdown", markdown])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("no-such.log: error: "), result.stderr)
        let text = try String(contentsOfFile: markdown, encoding: .utf8)
        XCTAssertTrue(text.contains("| `no-such.log` | 0 | 0 | 0 | 0 | 0 | not read: "), text)
    }
}
