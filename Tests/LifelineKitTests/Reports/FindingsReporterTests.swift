import Foundation
import XCTest
@testable import LifelineKit

final class FindingsReporterTests: XCTestCase {
    /// Large results are handed out in pieces (JSON, SARIF, JUnit, GitHub); whatever the pieces, they make the
    /// rendered text.
    func testWrittenPiecesAreTheRenderedText() {
        let result = AuditResult(files: [ReportFixtures.file("traces/cart.log"), ReportFixtures.file("traces/clean.log")],
                                 findings: (1...2_000).map { ReportFixtures.finding(line: $0, message: "finding \($0) <\"é\">") })
        let reporters: [(any FindingsReporter, pieces: Bool)] = [
            (JSONReporter(), true), (JSONReporter(pretty: false), true),
            (SARIFReporter(toolVersion: "1", informationURI: "https://example.com", workingDirectory: "/work"), true),
            (JUnitReporter(), true), (GitHubActionsReporter(workingDirectory: "/work"), true),
            (TextReporter(), false), (MarkdownSummaryReporter(), false),
        ]
        for (reporter, streams) in reporters {
            var pieces: [Data] = []
            reporter.write(result) { pieces.append($0) }
            XCTAssertEqual(pieces.count > 2, streams, "\(type(of: reporter)) pieces: \(pieces.count)")
            XCTAssertEqual(String(decoding: pieces.reduce(Data(), +), as: UTF8.self), reporter.render(result), "\(type(of: reporter))")
        }
    }

    func testSmallJSONIsOneDocumentEndingInANewline() throws {
        let small = JSONReporter().render(ReportFixtures.mixed)
        XCTAssertEqual(try JSONParser.parse(small)["findings"]?.arrayValue?.count, 3)
        XCTAssertTrue(small.hasSuffix("}\n"))
    }
}
