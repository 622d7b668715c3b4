import XCTest
@testable import LifelineKit

final class JSONLinesReporterTests: XCTestCase {
    func testOneCompactObjectPerFindingInOutputOrder() throws {
        let lines = JSONLinesReporter().render(ReportFixtures.mixed).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 4, "three lines, each ending in a newline")
        XCTAssertEqual(lines.last, "")
        let objects = try lines.dropLast().map { try JSONParser.parse(String($0)) }
        XCTAssertEqual(objects.map { $0["rule"]?.stringValue }, ["appearance-order", "observer-balance", "slow-transition"])
        XCTAssertEqual(objects.first, JSONReporter.finding(ReportFixtures.mixed.findings[0]), "the JSON report's finding schema")
    }

    func testAStreamedLineIsTheRenderedLine() {
        let finding = ReportFixtures.finding(message: "two\nlines")
        XCTAssertEqual(JSONLinesReporter().line(for: finding) + "\n",
                       JSONLinesReporter().render(AuditResult(files: [], findings: [finding])))
        XCTAssertFalse(JSONLinesReporter().line(for: finding).contains("\n"))
    }
}
