import XCTest
@testable import LifelineKit

/// Checks the workflow-command syntax GitHub Actions parses, and its escaping of `%`, CR and LF (and `:` and `,`
/// in properties), which would otherwise cut a message short or inject a second command.
final class GitHubActionsReporterTests: XCTestCase {
    private let reporter = GitHubActionsReporter(workingDirectory: "/work/app")

    func testEachSeverityIsACommandOnTheFileAndLine() {
        let lines = reporter.render(ReportFixtures.mixed).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 5)
        XCTAssertEqual(lines[0], "::error file=traces/cart.log,line=12,title=Lifeline appearance-order::"
                       + "<Shop.CartViewController: 0x7f01> viewDidAppear without viewWillAppear%0A12: <Shop.CartViewController: 0x7f01> viewDidAppear(_:)")
        XCTAssertTrue(lines[1].hasPrefix("::warning file=traces/cart.log,line=30,title=Lifeline observer-balance::"), lines[1])
        XCTAssertTrue(lines[2].hasPrefix("::notice file=traces/nested/list.log,line=3,title=Lifeline slow-transition::"), lines[2])
        XCTAssertEqual(lines[3], "::error file=traces/locked.log,title=Lifeline%3A unreadable trace::cannot open: Permission denied")
        XCTAssertEqual(lines[4], "1 error, 1 warning, 1 info in 4 files, 1 unreadable (47 lines, 23 events, 5 controllers)")
    }

    func testMessagesEscapePercentCarriageReturnAndNewline() {
        let finding = ReportFixtures.finding(message: "100% done\r\nthen ::error::injected, a:b")
        let line = reporter.line(for: finding)
        XCTAssertFalse(line.contains("\n") || line.contains("\r"), "one command per line")
        XCTAssertTrue(line.contains(#"::100%25 done\u{D}\u{A}then ::error::injected, a:b%0A12: "#), "log text shows its controls: \(line)")
        XCTAssertEqual(GitHubActionsReporter.escapeData("%0A"), "%250A", "an escape in the text stays literal")
        XCTAssertEqual(GitHubActionsReporter.escapeData("plain: text, é"), "plain: text, é")
        XCTAssertEqual(GitHubActionsReporter.escapeProperty("traces/cart.log"), "traces/cart.log")
    }

    func testLogTextAndFileNamesCannotDriveTheTerminal() {
        var finding = ReportFixtures.finding(file: "/work/app/a\u{1B}]0;t\u{7}\n.log", message: "<Shop.X\u{1B}[2J: 0x1> \u{202E}gnorw")
        finding.evidence = [EvidenceLine(line: 12, text: "<Shop.X\u{1B}[2J: 0x1> viewDidAppear \u{9B}31m")]
        let line = reporter.line(for: finding)
        XCTAssertFalse(line.unicodeScalars.contains { [0x1B, 0x07, 0x0A, 0x9B, 0x202E].contains($0.value) }, line)
        XCTAssertEqual(line, #"::error file=a\u{1B}]0;t\u{7}\u{A}.log,line=12,title=Lifeline appearance-order::"#
                       + #"<Shop.X\u{1B}[2J: 0x1> \u{202E}gnorw%0A12: <Shop.X\u{1B}[2J: 0x1> viewDidAppear \u{9B}31m"#)
    }

    func testPropertiesAlsoEscapeColonAndComma() {
        XCTAssertEqual(GitHubActionsReporter.escapeProperty("a,b:c%d\ne"), "a%2Cb%3Ac%25d%0Ae")
        let line = GitHubActionsReporter.command("warning", file: "traces/a,b:c.log", line: 3, title: "t", message: "m")
        XCTAssertEqual(line, "::warning file=traces/a%2Cb%3Ac.log,line=3,title=t::m")
    }

    func testPathsAreRelativeToTheCheckoutAndOmittedOutsideIt() {
        XCTAssertTrue(reporter.line(for: ReportFixtures.finding(file: "/work/app/traces/a.log")).hasPrefix("::error file=traces/a.log,line=12,"))
        XCTAssertTrue(reporter.line(for: ReportFixtures.finding(file: "/tmp/a.log")).hasPrefix("::error line=12,"))
        XCTAssertTrue(reporter.line(for: ReportFixtures.finding(file: "<stdin>")).hasPrefix("::error line=12,"))
    }
}
