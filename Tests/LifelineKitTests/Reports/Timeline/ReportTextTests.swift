import XCTest
@testable import LifelineKit

/// What one label, message or log line adds to a report is capped, and the page says so: a log of 7 MB labels
/// made `report` write an 847 MB page.
final class ReportTextTests: XCTestCase {
    func testLongTextIsCutAtTheLimitAndShortTextKept() {
        XCTAssertEqual(ReportText.capped("short"), "short")
        let long = String(repeating: "é", count: ReportText.limit + 1)
        XCTAssertEqual(ReportText.capped(long), String(repeating: "é", count: ReportText.limit) + "…")
        XCTAssertEqual(ReportText.capped(String(repeating: "x", count: ReportText.limit)).count, ReportText.limit)
    }

    func testAReportOfHugeLabelsStaysSmallAndSaysTheyAreCut() throws {
        let label = "<Shop." + String(repeating: "L", count: 200_000) + "VC: 0x1>"
        let trace = (0..<10).map { "2024-03-04 10:00:0\($0).000 Shop[1:1] \(label) viewWillAppear(_:)\n" }.joined()
        let timeline = try TimelineFixture.timeline(trace)
        XCTAssertFalse(timeline.findings.isEmpty)
        XCTAssertTrue(timeline.textsCut)
        for report in [HTMLReportWriter().text(TimelineModel(traces: [timeline])), MarkdownReportWriter().text(TimelineModel(traces: [timeline])),
                       ChromeTraceWriter().text(TimelineModel(traces: [timeline]))] {
            XCTAssertLessThan(report.utf8.count, 200_000, "ten 200 KB lines and labels, each shown several times")
            XCTAssertNil(report.range(of: String(repeating: "L", count: ReportText.limit + 1)))
        }
        XCTAssertTrue(HTMLReportWriter().text(TimelineModel(traces: [timeline])).contains("longer than \(ReportText.limit) characters are cut"))
        XCTAssertFalse(try TimelineFixture.timeline("vc1 viewWillAppear\nvc1 viewWillAppear\n").textsCut)
    }
}
