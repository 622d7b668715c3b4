import XCTest
@testable import LifelineKit

/// What `JSONReporter` writes reads back as the same files and findings.
final class AuditResultReaderTests: XCTestCase {
    func testJSONReadsBackToTheSameResult() throws {
        var finding = ReportFixtures.finding(event: .removeObserver)
        finding.time = TraceTime(microseconds: 1_461_754_366_694_000, hasOffset: true)
        finding.evidence = [EvidenceLine(line: 11, text: "a \"quoted\" line\u{1B}"), EvidenceLine(line: 12, text: "x")]
        let result = AuditResult(files: ReportFixtures.mixed.files, findings: ReportFixtures.mixed.findings + [finding])
        let text = JSONReporter().render(result)
        let read = try AuditResultReader.read(text)
        XCTAssertEqual(JSONReporter().render(AuditResult(files: read.files, findings: read.findings)), text)
        XCTAssertEqual(read.findings.map(\.event), result.findings.map(\.event))
    }

    func testTimestampsAndEventNamesRoundTrip() {
        for time in [TraceTime(microseconds: 1_461_754_366_694_001, hasOffset: false), TraceTime(microseconds: 86_400_000_000, hasOffset: true),
                     TraceTime(microseconds: 957_000_000_000_000, hasOffset: false, yearUnknown: true)] {
            XCTAssertEqual(TraceTime(iso8601: time.iso8601)?.iso8601, time.iso8601)
        }
        XCTAssertNil(TraceTime(iso8601: "2016-02-30T00:00:00.000000"))
        for name in [EventName.callback(.viewDidLoad), .addObserver, .removeObserver, .uikitWarning, .app("productRequest")] {
            XCTAssertEqual(EventName(named: name.name), name)
        }
    }
}
