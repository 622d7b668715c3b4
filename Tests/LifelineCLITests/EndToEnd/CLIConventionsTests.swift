import Foundation
import XCTest

/// What users of SwiftLint, ripgrep and git expect of a command line: a failed capture that can fail CI
/// (`--require-events`), `--quiet`, short flags.
final class CLIConventionsTests: XCTestCase {
    func testRequireEventsFailsAnEmptyOrUnrecognisedInput() throws {
        let directory = try temporaryDirectory()
        try "".write(to: directory.appendingPathComponent("empty.log"), atomically: true, encoding: .utf8)
        try "hello world\n".write(to: directory.appendingPathComponent("other.log"), atomically: true, encoding: .utf8)
        let plain = try CLIRunner.run(["check", "empty.log", "other.log"], in: directory)
        XCTAssertEqual(plain.status, 0, "without the flag a capture with nothing in it still passes")
        let required = try CLIRunner.run(["check", "--require-events", "empty.log", "other.log"], in: directory)
        XCTAssertEqual(required.status, 2, required.stderr)
        let lines = required.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "empty.log: error: no lifecycle event: the input is empty (--require-events)")
        XCTAssertEqual(lines.dropFirst().first, "other.log: error: no lifecycle event recognised (--require-events)")
        XCTAssertTrue(lines.contains("other.log: note: no lifecycle events recognised in 1 line: no line mentions a lifecycle callback"), "the existing note")
        let fine = try CLIRunner.run(["check", "--require-events", "SampleTraces/push-pop.log"])
        XCTAssertEqual(fine.status, 0, fine.stderr)
        let piped = try CLIRunner.run(["check", "--require-events", "--follow", "-"], stdin: "")
        XCTAssertEqual(piped.status, 2, "following, too")
        XCTAssertTrue(piped.stderr.hasPrefix("<stdin>: error: no lifecycle event: the input is empty"), piped.stderr)
    }

    func testCaptureDocTellsCIToRequireEvents() throws {
        let text = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("docs/capture.md"), encoding: .utf8)
        let ciSection = try XCTUnwrap(text.components(separatedBy: "## 3. Check in CI").last)
        let checks = ciSection.components(separatedBy: "\n").filter { $0.contains("lifeline check ") && !$0.contains("--format markdown") }
        XCTAssertFalse(checks.isEmpty)
        for line in checks where line.contains(".ndjson") && !line.contains("--fail-on never") {  // the SARIF upload step
            XCTAssertTrue(line.contains("--require-events"), line)
        }
    }

    func testQuietLeavesOutNotesButNotErrors() throws {
        let directory = try temporaryDirectory()
        try "hello world\n".write(to: directory.appendingPathComponent("other.log"), atomically: true, encoding: .utf8)
        let noisy = try CLIRunner.run(["check", "other.log", "missing.log"], in: directory)
        XCTAssertTrue(noisy.stderr.contains("note:"), noisy.stderr)
        for quiet in ["--quiet", "-q"] {
            let result = try CLIRunner.run(["check", quiet, "other.log", "missing.log"], in: directory)
            XCTAssertEqual(result.status, 2)
            XCTAssertEqual(result.stderr, "missing.log: error: cannot open: No such file or directory\n", quiet)
            XCTAssertEqual(result.stdout, noisy.stdout)
        }
        let baseline = directory.appendingPathComponent("baseline.json").path
        let recorded = try CLIRunner.run(["check", "-q", "--write-baseline", baseline, "SampleTraces/observer-leak.log"])
        XCTAssertEqual(recorded.stderr, "", "no status line")
        let report = try CLIRunner.run(["report", "-q", "--markdown", directory.appendingPathComponent("r.md").path,
                                        "SampleTraces/push-pop.log"])
        XCTAssertEqual(report.status, 0)
        XCTAssertEqual(report.stderr, "")
    }

    func testShortFlags() throws {
        let long = try CLIRunner.run(["check", "--format", "json", "--jobs", "1", "SampleTraces/observer-leak.log"])
        let short = try CLIRunner.run(["check", "-f", "json", "-j", "1", "SampleTraces/observer-leak.log"])
        XCTAssertEqual(short.status, long.status)
        XCTAssertEqual(short.stdout, long.stdout)
        XCTAssertTrue(short.stdout.hasPrefix("{"), short.stderr)
        let stats = try CLIRunner.run(["stats", "-f", "json", "SampleTraces/push-pop.log"])
        XCTAssertEqual(stats.status, 0, stats.stderr)
        let missingConfig = try CLIRunner.run(["rules", "-c", "no-such.json"])
        XCTAssertTrue(missingConfig.stderr.contains("no-such.json: cannot read configuration file"), missingConfig.stderr)
    }

    func testRulesShowsWhatTheConfigurationInUseEnables() throws {
        let directory = try temporaryDirectory()
        try #"{"rules": {"observer-balance": {"severity": "info"}, "slow-transition": false, "load-once": {"severity": "error"}}}"#
            .write(to: directory.appendingPathComponent(".lifeline.json"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["rules"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.hasPrefix("observer-balance        info*    ") }, result.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("slow-transition         off*     ") }, result.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("load-once               error    ") }, "the default, set again, is no change")
        XCTAssertTrue(lines.last?.hasPrefix("* set by ") == true && lines.last?.hasSuffix("/.lifeline.json") == true, result.stdout)
        let defaults = try CLIRunner.run(["rules"])
        XCTAssertFalse(defaults.stdout.contains("*"), "without a configuration, the defaults")
    }

    func testEmptySearchSaysWhatItLookedForAndWhichIncludeWouldReadTheFile() throws {
        let directory = try temporaryDirectory()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("outs"), withIntermediateDirectories: true)
        for name in ["run1.out", "run2.out"] {
            try "x\n".write(to: directory.appendingPathComponent("outs/\(name)"), atomically: true, encoding: .utf8)
        }
        for command in ["check", "events", "stats", "report"] {
            let arguments = [command, "outs"] + (command == "report" ? ["--markdown", "r.md"] : [])
            let result = try CLIRunner.run(arguments, in: directory)
            XCTAssertEqual(result.status, 2, command)
            XCTAssertEqual(result.stderr.split(separator: "\n").first.map(String.init),
                           "lifeline: no traces found in outs (searched for *.log, *.txt, *.trace, *.ndjson, *.jsonl); "
                           + "--include '*.out' would read outs/run1.out (and 1 more file not taken)", command)
        }
    }

    func testEventsAndStatsTakeFoldersLikeCheck() throws {
        let events = try CLIRunner.run(["events", "--only", "unparseable", "SampleTraces/"])
        XCTAssertEqual(events.status, 0, events.stderr)
        let all = try CLIRunner.run(["events", "SampleTraces/"])
        XCTAssertTrue(all.stdout.hasPrefix("SampleTraces/appearance-before-load.log:1: event init"), String(all.stdout.prefix(200)))
        let stats = try CLIRunner.run(["stats", "SampleTraces/"])
        XCTAssertEqual(stats.status, 0, stats.stderr)
        XCTAssertTrue(stats.stdout.contains(" in \(try sampleTraceCount()) files\n"), stats.stdout)
    }

    func testReportOfNothingReadableWritesNothing() throws {
        let directory = try temporaryDirectory()
        let result = try CLIRunner.run(["report", "--markdown", "r.md", "missing.log"], in: directory)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasSuffix("lifeline: no report written: no input could be read\n"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("r.md").path))
    }

    func testAMissingOutputFolderIsRefusedBeforeAnyInputIsRead() throws {
        let directory = try temporaryDirectory()
        // A FIFO with no writer would block a run that read its inputs first: this one must end at once.
        let fifo = directory.appendingPathComponent("never.log").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let report = try CLIRunner.run(["report", "--html", "nodir/r.html", "never.log"], in: directory)
        XCTAssertEqual(report.status, 2)
        XCTAssertEqual(report.stderr, "lifeline: --html nodir/r.html: no folder nodir (create it first)\n")
        let check = try CLIRunner.run(["check", "--write-baseline", "nodir/b.json", "never.log"], in: directory)
        XCTAssertEqual(check.status, 2)
        XCTAssertEqual(check.stderr, "lifeline: --write-baseline nodir/b.json: no folder nodir (create it first)\n")
    }

    func testLinkedPathsAreNamedWhenMerged() throws {
        let directory = try temporaryDirectory()
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("SampleTraces/push-pop.log"),
                                         to: directory.appendingPathComponent("a.log"))
        XCTAssertEqual(link(directory.appendingPathComponent("a.log").path, directory.appendingPathComponent("b.log").path), 0)
        let result = try CLIRunner.run(["check", "."], in: directory)
        XCTAssertEqual(result.stderr, "./b.log: note: the same file as ./a.log (linked): read once, under that name\n")
        XCTAssertTrue(result.stdout.hasSuffix(" in 1 file (23 lines, 21 events, 2 controllers)\n"), result.stdout)
        XCTAssertEqual(try CLIRunner.run(["check", "-q", "."], in: directory).stderr, "")
    }

    func testSARIFFromStandardInputHasALocation() throws {
        let sarif = try CLIRunner.run(["check", "-f", "sarif", "-"], stdin: CheckCommandTests.violation).stdout
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let results = try XCTUnwrap(((document["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        XCTAssertFalse(results.isEmpty)
        for result in results {
            XCTAssertEqual((result["locations"] as? [Any])?.count, 1, "\(result)")
        }
    }

    private func sampleTraceCount() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: CLIRunner.packageRoot.appendingPathComponent("SampleTraces").path)
            .filter { !$0.hasSuffix(".expected") }.count
    }

    /// A new empty folder, removed when the test ends.
    private func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-conventions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }
}
