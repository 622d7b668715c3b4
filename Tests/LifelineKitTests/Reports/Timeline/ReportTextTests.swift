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

    /// The timings section names the slowest instances by their lanes' labels: capped like the lanes', so each
    /// link still finds its lane, and a page of huge labels stays small (before, each named its label in full twice).
    func testTheTimingsOfHugeLabelsStaySmall() throws {
        let name = "Shop.Huge" + String(repeating: "L", count: 300_000) + "Controller"
        let callbacks = ["viewDidLoad()", "viewWillAppear(_:)", "viewDidAppear(_:)", "viewWillDisappear(_:)", "viewDidDisappear(_:)"]
        let trace = (0..<2).flatMap { instance in
            callbacks.enumerated().map { "2024-03-04 10:00:0\(instance).\($0.offset)00 Shop[1:1] <\(name): 0x\(instance + 1)> \($0.element)\n" }
        }.joined()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("huge-labels-\(UUID().uuidString).log")
        try Data(trace.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let collector = TimingCollector(file: "huge.log")
        let timeline = try TimelineBuilder.build(.file(url.path), name: "huge.log", options: AnalysisOptions(), timings: collector)
        let timings = collector.finish()
        XCTAssertFalse(timings.classes.isEmpty, "the section has slow instances to name")
        let page = HTMLReportWriter().text(TimelineModel(traces: [timeline], timings: timings))
        XCTAssertTrue(page.contains("<li>Slowest"))
        XCTAssertLessThan(page.utf8.count, 100_000, "two 300 KB labels, each named in a dozen places")
        XCTAssertNil(page.range(of: String(repeating: "L", count: ReportText.limit + 1)))
        XCTAssertTrue(page.contains("longer than \(ReportText.limit) characters are cut"))
        let cutLabel = ReportText.capped(timeline.processes[0].lanes[0].label).lowercased()
        XCTAssertTrue(page.contains("data-label=\"\(HTMLText.escape(cutLabel))\""), "a link names its lane as the lane does")
    }
}
