import XCTest
@testable import LifelineKit

final class MarkdownSummaryReporterTests: XCTestCase {
    func testSummaryHasTotalsRulesFindingsAndFiles() {
        let text = MarkdownSummaryReporter().render(ReportFixtures.mixed)
        XCTAssertTrue(text.hasPrefix("### Lifeline: 1 error, 1 warning, 1 info in 4 files, 1 unreadable\n"))
        XCTAssertTrue(text.contains("| `appearance-order` | 1 | 0 | 0 |\n"))
        XCTAssertTrue(text.contains("| error | `appearance-order` | `traces/cart.log:12` | &lt;Shop.CartViewController\\: 0x7f01\\> "
                                    + "viewDidAppear without viewWillAppear |\n"))
        XCTAssertTrue(text.contains("| `traces/locked.log` | unreadable: cannot open\\: Permission denied | | | |\n"))
        XCTAssertTrue(text.contains("| `traces/nested/list.log` | 7 | 1 | 0 | 0 |\n"))
    }

    func testLogTextCannotBreakTheTable() {
        let finding = ReportFixtures.finding(file: "a|b.log", message: "x | y\n| z")
        let text = MarkdownSummaryReporter().render(AuditResult(files: [], findings: [finding]))
        let row = text.split(separator: "\n").first { $0.hasPrefix("| error |") }
        XCTAssertEqual(row, #"| error | `appearance-order` | `a\|b.log:12` | x \| y\\u\{A\}\| z |"#)
    }

    func testControlsInLogTextAreShownNotActedOn() {
        let finding = ReportFixtures.finding(file: "a\u{1B}[2J.log", message: "<Shop.X\u{1B}]0;pwned\u{7}: 0x1> \u{202E}x")
        let text = MarkdownSummaryReporter().render(AuditResult(files: [ReportFixtures.file("a\u{1B}[2J.log")], findings: [finding]))
        XCTAssertFalse(text.unicodeScalars.contains { [0x1B, 0x07, 0x202E].contains($0.value) }, text)
        XCTAssertTrue(text.contains(#"| `a\u{1B}[2J.log:12` | &lt;Shop.X\\u\{1B\}\]0;pwned\\u\{7\}\: 0x1\> \\u\{202E\}x |"#), text)
    }

    func testFindingsBeyondTheLimitAreCounted() {
        let findings = (1...5).map { ReportFixtures.finding(line: $0) }
        let text = MarkdownSummaryReporter(maximumFindings: 2).render(AuditResult(files: [], findings: findings))
        XCTAssertEqual(text.components(separatedBy: "| error | ").count - 1, 2)
        XCTAssertTrue(text.contains("… and 3 more findings (see the full report).\n"))
        XCTAssertTrue(text.contains("| `appearance-order` | 5 | 0 | 0 |"), "the rule table counts every finding")
    }

    func testNoFindings() {
        let text = MarkdownSummaryReporter().render(AuditResult(files: [ReportFixtures.file("a.log")], findings: []))
        XCTAssertTrue(text.hasPrefix("### Lifeline: no findings in 1 file\n\n<details>"))
    }
}
