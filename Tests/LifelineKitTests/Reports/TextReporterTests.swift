import XCTest
@testable import LifelineKit

final class TextReporterTests: XCTestCase {
    func testSeveralFilesEndWithATableAndTheTotal() {
        XCTAssertEqual(TextReporter().render(ReportFixtures.mixed), """
        traces/cart.log:12: error: [appearance-order] <Shop.CartViewController: 0x7f01> viewDidAppear without viewWillAppear
        traces/cart.log:30: warning: [observer-balance] <Shop.CartViewController: 0x7f01> viewDidAppear without viewWillAppear
        traces/nested/list.log:3: info: [slow-transition] <Shop.CartViewController: 0x7f01> viewDidAppear without viewWillAppear

        file                    lines  controllers  errors  warnings  infos
        traces/cart.log            20            2       1         1      0
        traces/clean.log           20            2       0         0      0
        traces/locked.log       error: cannot open: Permission denied
        traces/nested/list.log      7            1       0         0      1
        1 error, 1 warning, 1 info in 4 files, 1 unreadable (47 lines, 23 events, 5 controllers)

        """)
    }

    func testLogTextAndFileNamesCannotDriveTheTerminalOrSplitALine() {
        let hostile = ReportFixtures.finding(file: "new\nline.log", message: "<Shop.X\u{1B}[2J\u{1B}]0;pwned\u{7}: 0x1> \u{202E}Cart viewDidAppear")
        let result = AuditResult(files: [ReportFixtures.file("new\nline.log"), ReportFixtures.file("b\u{202E}.log", failure: "cannot open\u{7}")],
                                 findings: [hostile])
        let text = TextReporter().render(result)
        XCTAssertFalse(text.unicodeScalars.contains { [0x1B, 0x07, 0x202E].contains($0.value) }, text)
        XCTAssertEqual(TextReporter().line(for: hostile),
                       #"new\u{A}line.log:12: error: [appearance-order] <Shop.X\u{1B}[2J\u{1B}]0;pwned\u{7}: 0x1> \u{202E}Cart viewDidAppear"#)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 7, "finding, blank, header, two rows, total, end: \(text)")
        XCTAssertEqual(lines[3].split(separator: " "), [#"new\u{A}line.log"#, "20", "2", "1", "0", "0"])
        XCTAssertEqual(lines[4], #"b\u{202E}.log     error: cannot open\u{7}"#)
    }

    func testOneFileGetsOnlyTheTotal() {
        let result = AuditResult(files: [ReportFixtures.file("a.log")], findings: [ReportFixtures.finding(file: "a.log")])
        XCTAssertEqual(TextReporter().render(result), """
        a.log:12: error: [appearance-order] <Shop.CartViewController: 0x7f01> viewDidAppear without viewWillAppear
        1 error, 0 warnings, 0 infos in 1 file (20 lines, 10 events, 2 controllers)

        """)
    }

    func testCleanFilesHaveNoBlankLineBeforeTheTable() {
        let result = AuditResult(files: [ReportFixtures.file("a.log"), ReportFixtures.file("b.log")], findings: [])
        XCTAssertTrue(TextReporter().render(result).hasPrefix("file   lines  controllers  errors  warnings  infos\na.log     20"))
    }

    func testLinesAMessageNamesBecomeNotesEditorsJumpTo() {
        let finding = ReportFixtures.finding(file: "a.log", line: 7,
                                             message: "<X: 0x1> observer N added in viewWillAppear at line 4 (first at line 2, line 4 again)")
        XCTAssertEqual(TextReporter.relatedLines(finding), [4, 2])
        XCTAssertEqual(TextReporter().lines(for: finding).split(separator: "\n").dropFirst(), [
            "a.log:4: note: [\(finding.rule)] named by the finding at line 7",
            "a.log:2: note: [\(finding.rule)] named by the finding at line 7",
        ])
        XCTAssertEqual(TextReporter().lines(for: ReportFixtures.finding(file: "a.log", line: 3, message: "since line 3")),
                       TextReporter().line(for: ReportFixtures.finding(file: "a.log", line: 3, message: "since line 3")), "its own line is no note")
    }
}
