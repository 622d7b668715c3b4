import Foundation
import XCTest

/// `lifeline events` and what `check` says about logs it cannot read.
final class EventsCommandTests: XCTestCase {
    static let unread = """
        Network reachability changed: WiFi
        Will call viewWillAppear on child
        Cart total recalculated: 3 items

        """

    func testEveryLineIsExplainedOnceInOrder() throws {
        let trace = "vc1 – loadView\nhello\n- viewDidLoad()\nWill call viewWillAppear on child\n"
        let result = try CLIRunner.run(["events", "-"], stdin: trace)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, """
            <stdin>:1: event loadView of vc1 (label-before) | vc1 – loadView
            <stdin>:2: other | hello
            <stdin>:3: event viewDidLoad of (unlabelled controller) (bare) | - viewDidLoad()
            <stdin>:4: unattributed: viewWillAppear: the text before it (‘Will call’) reads as prose (‘Will’) | Will call viewWillAppear on child

            """)
        let only = try CLIRunner.run(["events", "--only", "unattributed", "-"], stdin: trace)
        XCTAssertEqual(only.stdout.split(separator: "\n").count, 1)
        XCTAssertTrue(only.stdout.hasPrefix("<stdin>:4: unattributed"))
    }

    func testSuggestPrintsAPatternsEntryThatReadsTheUnreadLines() throws {
        let result = try CLIRunner.run(["events", "--suggest", "docs/examples/key-value.log"])
        XCTAssertEqual(result.status, 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.prefix(2), [
            "docs/examples/key-value.log: 9 lines mention a callback but are not read as a controller's; this .lifeline.json entry reads 9 of them:",
            #"{ "patterns": ["^lifecycle\\s+event=(?<event>\\w+)\\s+screen=(?<controller>\\S+)$"] }"#,
        ])
        XCTAssertEqual(lines[2], "docs/examples/key-value.log:1: would read viewDidLoad of Cart")
        // The entry, used as it is printed, reads the log.
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("suggested-\(UUID().uuidString).json")
        try Data(lines[1].utf8).write(to: config)
        defer { try? FileManager.default.removeItem(at: config) }
        let check = try CLIRunner.run(["check", "--config", config.path, "docs/examples/key-value.log"])
        XCTAssertTrue(check.stdout.contains("Payment viewWillAppear while already appeared"), check.stdout)
        let none = try CLIRunner.run(["events", "--suggest", "SampleTraces/push-pop.log"])
        XCTAssertTrue(none.stdout.contains("nothing to suggest"), none.stdout)
    }

    func testEventsShowsUnparseableLinesAndTheControllerOfUIKitMessages() throws {
        let trace = "nested pop animation can result in corrupted navigation bar\nbad \u{0}byte\n"
        let result = try CLIRunner.run(["events", "-"], stdin: trace)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines[0].contains("uikit-warning") && lines[0].contains("of (navigation controller) (uikit-message)"), String(lines[0]))
        XCTAssertTrue(lines[1].hasPrefix("<stdin>:2: unparseable: "), String(lines[1]))
    }

    func testEventsOfAMissingFileIsAnErrorAndTheOthersGoOn() throws {
        let result = try CLIRunner.run(["events", "no-such.log", "SampleTraces/push-pop.log"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("no-such.log: error: "), result.stderr)
        XCTAssertEqual(result.stdout.split(separator: "\n").count, 23, "every line of the second file")
    }

    func testALogWithNoRecognisedEventSaysSoInsteadOfZeroErrors() throws {
        let result = try CLIRunner.run(["check", "-"], stdin: Self.unread)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "no lifecycle events recognised in 1 file (3 lines, 0 events, 1 unattributed, 0 controllers); `lifeline events FILE` shows how each line was read\n")
        XCTAssertFalse(result.stdout.contains("0 errors"))
        let notes = result.stderr.split(separator: "\n")
        XCTAssertEqual(notes.first, "<stdin>: note: no lifecycle events recognised in 3 lines: 1 mentions a callback but names no controller (line 2)")
        XCTAssertEqual(notes.count, 2, "the note and where to look next; no line of the log")
        XCTAssertFalse(result.stderr.contains("Will call") || result.stderr.contains("WiFi"), result.stderr)
    }

    /// A file with no line Lifeline recognised may be no log at all (a secret named by mistake, or planted in a
    /// folder): the note describes it and never quotes it into a CI log.
    func testAFileWithNoRecognisedLineIsDescribedNotQuoted() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-secret-\(UUID().uuidString).log")
        try Data("root:$6$saltsalt$hashhashhash:19000:0:99999:7:::\nbad \u{0}line\n".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try CLIRunner.run(["check", url.path])
        XCTAssertFalse(result.stderr.contains("hashhash") || result.stderr.contains("root:"), result.stderr)
        XCTAssertTrue(result.stderr.contains("\(url.path): note: no lifecycle events recognised in 2 lines: no line mentions a lifecycle callback; 1 unparseable\n"),
                      result.stderr)
    }

    func testJSONCountsUnattributedLinesPerFile() throws {
        let result = try CLIRunner.run(["check", "--format", "json", "-"], stdin: "vc1 viewDidLoad\n" + Self.unread)
        XCTAssertTrue(result.stdout.contains(#""events": 1,"#), result.stdout)
        XCTAssertTrue(result.stdout.contains(#""unattributed": 1,"#), result.stdout)
        XCTAssertTrue(result.stderr.contains("<stdin>: note: 1 line mentions a callback but names no controller"), result.stderr)
    }
}
