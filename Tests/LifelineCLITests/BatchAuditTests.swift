import Foundation
import XCTest

/// `lifeline check` on a directory tree, run as users run it: what is audited, the summary, exit statuses,
/// determinism across `--jobs`, CI formats, configuration overrides and baselines.
final class BatchAuditTests: XCTestCase {
    private var root: URL!

    /// A controller whose viewWillAppear is called by hand: one appearance-order error.
    private static func handCall(_ name: String, address: String = "7f01") -> String {
        let ref = "<Shop.\(name): 0x\(address)>"
        return ["viewWillAppear(_:)", "viewDidAppear(_:)", "viewWillAppear(_:)", "viewDidAppear(_:)"].map { "\(ref) \($0)\n" }.joined()
    }

    /// A controller that starts appearing and never finishes (another of its class did): one unfinished-transition warning.
    private static let unfinished = "<Shop.ListViewController: 0x7f02> viewWillAppear(_:)\n<Shop.ListViewController: 0x7f02> viewDidAppear(_:)\n"
        + "<Shop.ListViewController: 0x7f03> viewDidLoad()\n<Shop.ListViewController: 0x7f03> viewWillAppear(_:)\n"

    /// traces/ with nested folders, a hidden folder and file, an unreadable file, a symbolic-link loop, an empty
    /// file, a file of garbled bytes (invalid UTF-8, NUL) and a file of another kind.
    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-batch-\(UUID().uuidString)")
        try write("traces/cart.log", Self.handCall("CartViewController"))
        try write("traces/nested/list.log", Self.unfinished)
        try write("traces/nested/deeper/clean.txt", "<Shop.CartViewController: 0x7f01> viewDidLoad()\n")
        try write("traces/experimental/beta.log", Self.handCall("BetaViewController"))
        try write("traces/.hidden/secret.log", Self.handCall("SecretViewController"))
        try write("traces/.dotfile.log", Self.handCall("DotViewController"))
        try write("traces/empty.log", "")
        try write("traces/garbled.log", bytes: [0xC0, 0xAF, 0x00, 0x0A, 0xFF, 0xFE, 0x0A])
        try write("traces/notes.md", Self.handCall("NotesViewController"))
        try FileManager.default.createSymbolicLink(atPath: path("traces/nested/loop"), withDestinationPath: "..")
    }

    override func tearDown() {
        _ = chmod(path("traces/locked.log"), 0o644)
        try? FileManager.default.removeItem(at: root)
    }

    private func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    private func write(_ relative: String, _ text: String) throws { try write(relative, bytes: Array(text.utf8)) }

    private func write(_ relative: String, bytes: [UInt8]) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    /// Adds `traces/locked.log`, which cannot be read: mode 000, or as root (who reads anything) a link to
    /// /proc/self/mem, which opens but fails to read. Skips the test where neither works. Returns the arguments
    /// that make the audit read it: a link in a folder is not followed, so as root it is named as well.
    private func addUnreadableFile() throws -> [String] {
        if geteuid() != 0 {
            try write("traces/locked.log", Self.handCall("LockedViewController"))
            XCTAssertEqual(chmod(path("traces/locked.log"), 0), 0)
            return []
        } else if FileManager.default.fileExists(atPath: "/proc/self/mem") {
            try FileManager.default.createSymbolicLink(atPath: path("traces/locked.log"), withDestinationPath: "/proc/self/mem")
            return ["traces/locked.log"]
        } else {
            throw XCTSkip("running as root without /proc/self/mem: no way to make a file unreadable")
        }
    }

    private func check(_ arguments: [String], in folder: String = "", environment: [String: String] = [:]) throws -> CLIRunner.Result {
        try CLIRunner.run(["check"] + arguments, in: folder.isEmpty ? root : root.appendingPathComponent(folder),
                          environment: environment)
    }

    // MARK: What is audited

    func testAuditsTraceFilesRecursivelyWithATableTotalAndInputErrors() throws {
        let result = try check(["traces", "--jobs", "2"] + addUnreadableFile())
        XCTAssertEqual(result.status, 2, "an unreadable file makes the status 2")
        let unreadable = geteuid() == 0 ? "read failed: Input/output error" : "cannot open: Permission denied"
        XCTAssertEqual(result.stdout, """
        traces/cart.log:3: error: [appearance-order] <Shop.CartViewController: 0x7f01> viewWillAppear while already appeared (called by hand?)
        traces/experimental/beta.log:3: error: [appearance-order] <Shop.BetaViewController: 0x7f01> viewWillAppear while already appeared (called by hand?)
        traces/nested/list.log:4: warning: [unfinished-transition] <Shop.ListViewController: 0x7f03> viewWillAppear at line 4 never completed: no viewDidAppear or viewWillDisappear by the end of the trace

        file                            lines  controllers  errors  warnings  infos
        traces/cart.log                     4            1       1         0      0
        traces/empty.log                    0            0       0         0      0
        traces/experimental/beta.log        4            1       1         0      0
        traces/garbled.log                  2            0       0         0      0
        traces/locked.log               error: \(unreadable)
        traces/nested/deeper/clean.txt      1            1       0         0      0
        traces/nested/list.log              4            2       0         1      0
        2 errors, 1 warning, 0 infos in 7 files, 1 unreadable, 1 with no lifecycle events recognised (15 lines, 13 events, 5 controllers)

        """)
        XCTAssertTrue(result.stderr.hasPrefix("traces/garbled.log:1: warning: unparseable line skipped: "), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("traces/locked.log: error: \(unreadable)\n"), result.stderr)
        XCTAssertFalse(result.stdout.contains("secret") || result.stdout.contains("dotfile") || result.stdout.contains("notes"))
    }

    func testExitStatusFollowsFailOnWhenEveryInputIsRead() throws {
        XCTAssertEqual(try check(["traces"]).status, 1)
        XCTAssertEqual(try check(["traces", "--exclude", "cart.log", "--exclude", "experimental"]).status, 0, "a warning is not an error")
        XCTAssertEqual(try check(["traces", "--exclude", "cart.log", "--exclude", "experimental", "--fail-on", "warning"]).status, 1)
        XCTAssertEqual(try check(["traces", "--fail-on", "never"]).status, 0)
    }

    func testIncludeReplacesTheDefaultPatterns() throws {
        let result = try check(["traces", "--include", "*.md", "--format", "json"])
        XCTAssertEqual(try paths(inJSON: result.stdout), ["traces/notes.md"])
    }

    func testOutputIsIdenticalWhateverTheNumberOfJobs() throws {
        let unreadable = try addUnreadableFile()
        for format in ["text", "json", "jsonl", "sarif", "junit", "github", "markdown"] {
            let serial = try check(["traces", "--format", format, "--jobs", "1"] + unreadable)
            XCTAssertFalse(serial.stdout.isEmpty, format)
            for jobs in ["2", "4"] {
                let parallel = try check(["traces", "--format", format, "--jobs", jobs] + unreadable)
                XCTAssertEqual(parallel.stdout, serial.stdout, "\(format) with --jobs \(jobs)")
                XCTAssertEqual(parallel.stderr, serial.stderr, "\(format) with --jobs \(jobs)")
                XCTAssertEqual(parallel.status, 2)
            }
        }
    }

    func testNoTracesAndBadJobsAreUsageErrors() throws {
        let empty = try check(["traces/nested/deeper", "--include", "*.log"])
        XCTAssertEqual(empty.status, 2)
        XCTAssertEqual(empty.stderr, "lifeline: no traces found in traces/nested/deeper (searched for *.log); "
                       + "--include '*.txt' would read traces/nested/deeper/clean.txt\n")
        let jobs = try check(["traces", "--jobs", "0"])
        XCTAssertEqual(jobs.status, 2)
        XCTAssertEqual(jobs.stderr, "lifeline: invalid value '0' for '--jobs' (expected a whole number from 1 to 1024)\n")
        let huge = try check(["traces", "--jobs", "9223372036854775807"])  // was a thread each: minutes and gigabytes, then a hang
        XCTAssertEqual(huge.status, 2)
        XCTAssertEqual(huge.stderr, "lifeline: invalid value '9223372036854775807' for '--jobs' (expected a whole number from 1 to 1024)\n")
        let follow = try check(["traces", "--follow"])
        XCTAssertEqual(follow.stderr, "lifeline: --follow reads exactly one file, or - for standard input\n")
    }

    // MARK: Configuration

    func testConfigurationOverridesApplyByPathFromAnyFolder() throws {
        try write(".lifeline.json", """
        {"overrides": [{"paths": ["traces/experimental/**"], "rules": {"appearance-order": {"severity": "warning"}}}]}
        """)
        let fromRoot = try check(["traces", "--format", "jsonl"])
        XCTAssertEqual(try severities(inJSONL: fromRoot.stdout), [
            "traces/cart.log": "error", "traces/experimental/beta.log": "warning", "traces/nested/list.log": "warning",
        ])
        let fromTraces = try check([".", "--format", "jsonl"], in: "traces")
        XCTAssertEqual(try severities(inJSONL: fromTraces.stdout), [
            "./cart.log": "error", "./experimental/beta.log": "warning", "./nested/list.log": "warning",
        ])
    }

    // MARK: Baselines

    func testABaselineHidesKnownFindingsAcrossUnrelatedEdits() throws {
        let written = try check(["traces", "--write-baseline", "ci/baseline.json", "--format", "jsonl"])
        XCTAssertEqual(written.status, 2, "the folder ci/ does not exist yet")
        XCTAssertEqual(written.stderr, "lifeline: --write-baseline ci/baseline.json: no folder ci (create it first)\n",
                       "refused before the audit")
        try FileManager.default.createDirectory(atPath: path("ci"), withIntermediateDirectories: true)
        let recorded = try check(["traces", "--write-baseline", "ci/baseline.json"])
        XCTAssertEqual(recorded.status, 1, "the report and exit status are unchanged")
        XCTAssertEqual(recorded.stderr.split(separator: "\n").last, "lifeline: recorded 3 findings in ci/baseline.json")
        let baseline = try String(contentsOfFile: path("ci/baseline.json"), encoding: .utf8)
        XCTAssertTrue(baseline.contains(#"{"file":"../traces/cart.log","rule":"appearance-order","controller":"Shop.CartViewController","event":"viewWillAppear","occurrence":1}"#),
                      baseline)

        let clean = try check(["traces", "--baseline", "ci/baseline.json"])
        XCTAssertEqual(clean.status, 0)
        XCTAssertTrue(clean.stdout.hasSuffix("0 errors, 0 warnings, 0 infos in 6 files, 1 with no lifecycle events recognised (15 lines, 13 events, 5 controllers)\n"), clean.stdout)
        XCTAssertTrue(clean.stderr.contains("lifeline: 3 findings in the baseline not shown\n"))

        // Unrelated lines before the finding and a new address: still known. A second hand call (line 7): new.
        let cart = "<Shop.CartViewController: 0x600001a2c000>"
        try write("traces/cart.log", "App launched\nLoading catalog\n" + Self.handCall("CartViewController", address: "600001a2c000")
                  + "\(cart) viewWillAppear(_:)\n\(cart) viewDidAppear(_:)\n")
        let fromTraces = try check(["cart.log", "--baseline", "../ci/baseline.json", "--format", "jsonl"], in: "traces")
        XCTAssertEqual(fromTraces.status, 1)
        XCTAssertEqual(try lines(inJSONL: fromTraces.stdout), [7], "only the second hand call is new")
    }

    func testABadBaselineIsAClearError() throws {
        try write("old.json", #"{"version": 7, "findings": []}"#)
        let result = try check(["traces", "--baseline", "old.json"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "lifeline: old.json: cannot use baseline: unsupported version 7 (this Lifeline reads version 1)\n")
        let missing = try check(["traces", "--baseline", "nope.json"])
        XCTAssertEqual(missing.stderr, "lifeline: nope.json: cannot use baseline: no such file\n")
    }

    // MARK: GitHub

    func testGitHubFormatAlsoWritesTheJobSummary() throws {
        let summary = path("summary.md")
        try write("summary.md", "earlier step\n")
        let result = try check(["traces", "--format", "github"], environment: ["GITHUB_STEP_SUMMARY": summary])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.hasPrefix("::error file=traces/cart.log,line=3,title=Lifeline appearance-order::"), result.stdout)
        let text = try String(contentsOfFile: summary, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("earlier step\n### Lifeline: 2 errors, 1 warning, 0 infos in 6 files\n"), text)
    }

    // MARK: Helpers

    private func paths(inJSON text: String) throws -> [String] {
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return try XCTUnwrap(document["files"] as? [[String: Any]]).compactMap { $0["path"] as? String }
    }

    private func findings(inJSONL text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    private func severities(inJSONL text: String) throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try findings(inJSONL: text).map { ($0["file"] as? String ?? "", $0["severity"] as? String ?? "") })
    }

    private func lines(inJSONL text: String) throws -> [Int] {
        try findings(inJSONL: text).map { $0["line"] as? Int ?? 0 }
    }
}
