import XCTest
@testable import LifelineKit

final class MarkdownReportWriterTests: XCTestCase {
    func testGoldenSampleTraces() throws {
        let model = try TimelineFixture.samples(["child-containment-wrong.log", "observer-leak.log", "hostile-markup.log"])
        try TimelineFixture.assertGolden(MarkdownReportWriter().text(model), "samples.md")
    }

    func testLogTextCannotBreakTablesOrEscapeCodeSpans() throws {
        let markdown = MarkdownReportWriter().text(try TimelineFixture.samples(["hostile-markup.log"]))
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| `SampleTraces/hostile-markup.log:") }
        XCTAssertEqual(rows.count, 5)
        for row in rows {
            XCTAssertEqual(Self.cellSeparators(in: row), 5, "four cells: \(row)")
            let message = row.split(separator: " | ", omittingEmptySubsequences: false)[2]
            XCTAssertFalse(message.contains("<"), "markup in messages is entity-encoded: \(message)")
        }
        XCTAssertTrue(markdown.contains("| `2016-04-27 10:49:46.700 Shop[4089:361037] javascript viewWillAppear \"><img src=x onerror=alert(6)></svg> javascript:alert(6)` |"),
                      "log lines are code spans, where nothing is markup")
        XCTAssertTrue(markdown.contains("&lt;Shop.Child\\`\\|\\*\\_\\$x\\$\\[x\\]\\(\\#\\)@team"))
    }

    func testMermaidTextKeepsOnlyHarmlessCharacters() {
        XCTAssertEqual(MermaidGantt.text("Shop.Evil\"onmouseover=alert(1)//'&amp;>x 0x7f01"), "Shop.Evil onmouseover alert(1)// amp x 0x7f01")
        XCTAssertEqual(MermaidGantt.text("a:b;c#d%%{init}%%\n```title x"), "a b c d init title x")
        XCTAssertEqual(MermaidGantt.text("<>"), "controller")
        XCTAssertEqual(MermaidGantt.text(String(repeating: "x", count: 100)).count, 80)
    }

    func testChartsAreCappedAndTheRestCounted() throws {
        let trace = try TimelineFixture.timeline(TimelineFixture.syntheticTrace(controllers: 50))
        let markdown = MarkdownReportWriter(maxFindings: 2, maxCharts: 3).text(TimelineModel(traces: [trace]))
        XCTAssertEqual(markdown.components(separatedBy: "```mermaid\ngantt\n").count - 1, 3)
        XCTAssertTrue(markdown.contains("_2 more controllers with findings not charted._"))
        XCTAssertTrue(markdown.contains("_3 more findings not listed; the HTML report has them all._"))
    }

    func testChartOfAnUntimedTraceCountsLines() throws {
        let trace = try TimelineFixture.timeline("""
        vc1 viewDidLoad
        vc1 viewWillAppear
        vc1 viewDidAppear
        vc1 viewDidAppear
        """, name: "plain.log")
        let markdown = MarkdownReportWriter().text(TimelineModel(traces: [trace]))
        XCTAssertTrue(markdown.contains("time in log line numbers (no timestamps)"))
        XCTAssertTrue(markdown.contains("""
            section States
                loaded :1, 2
                appearing :2, 3
                appeared :3, 4
                section Findings
                appearance-order line 4 :crit, 4, 5
            """))
    }

    /// `|` not escaped by a backslash.
    static func cellSeparators(in row: Substring) -> Int {
        var count = 0, escaped = false
        for character in row {
            if character == "|" && !escaped { count += 1 }
            escaped = character == "\\" && !escaped
        }
        return count
    }
}
