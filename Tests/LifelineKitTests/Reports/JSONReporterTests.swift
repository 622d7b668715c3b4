import Foundation
import XCTest
@testable import LifelineKit

final class JSONReporterTests: XCTestCase {
    func testWrittenPiecesAreTheRenderedText() throws {
        let result = AuditResult(files: [ReportFixtures.file("traces/cart.log")],
                                 findings: (1...2_000).map { ReportFixtures.finding(line: $0, message: "finding \($0) <\"é\">") })
        for pretty in [true, false] {
            var pieces: [Data] = []
            JSONReporter(pretty: pretty).write(result) { pieces.append($0) }
            XCTAssertGreaterThan(pieces.count, 2, "a large result is handed over in pieces")
            XCTAssertEqual(String(decoding: pieces.reduce(Data(), +), as: UTF8.self), JSONReporter(pretty: pretty).render(result))
        }
        let sarif = SARIFReporter(toolVersion: "1", informationURI: "https://example.com", workingDirectory: "/work")
        var pieces: [Data] = []
        sarif.write(result) { pieces.append($0) }
        XCTAssertGreaterThan(pieces.count, 2)
        XCTAssertEqual(String(decoding: pieces.reduce(Data(), +), as: UTF8.self), sarif.render(result), "SARIF streams its results too")
        let small = JSONReporter().render(ReportFixtures.mixed)
        XCTAssertEqual(try JSONParser.parse(small)["findings"]?.arrayValue?.count, 3)
        XCTAssertTrue(small.hasSuffix("}\n"))
    }
}
