import Foundation
import XCTest
@testable import LifelineKit

final class HTMLReportWriterTests: XCTestCase {
    func testGoldenSampleTraces() throws {
        let model = try TimelineFixture.samples(["child-containment-wrong.log", "push-pop.log"])
        try TimelineFixture.assertGolden(HTMLReportWriter().text(model), "samples.html")
    }

    func testSameModelGivesTheSameBytes() throws {
        let model = try TimelineFixture.samples(["observer-leak.log", "hostile-markup.log"])
        XCTAssertEqual(HTMLReportWriter().text(model), HTMLReportWriter().text(try TimelineFixture.samples(["observer-leak.log", "hostile-markup.log"])))
    }

    func testHostileLogTextRendersAsText() throws {
        let html = HTMLReportWriter().text(try TimelineFixture.samples(["hostile-markup.log"]))
        let data = try XCTUnwrap(Self.between(html, "<script type=\"application/json\" class=\"lanes\">", "</script>"))
        let body = Self.withoutOwnCode(html).replacingOccurrences(of: data, with: "")
        for attack in ["<script>alert", "<img", "</svg><script>", "\"onmouseover=", "'&amp;>x", "href=\"javascript:", "<a href=\"java"] {
            XCTAssertFalse(body.contains(attack), attack)
        }
        XCTAssertTrue(body.contains("&lt;script&gt;alert(3)&lt;/script&gt;&lt;a href=&quot;javascript:alert(3)&quot;&gt;"), "the log line is shown, as text")
        XCTAssertTrue(body.contains("&quot;&gt;&lt;img src=x onerror=alert(6)&gt;&lt;/svg&gt; javascript:alert(6)"))
        XCTAssertTrue(body.contains("Shop.Evil&quot;onmouseover=alert(1)//&#39;&amp;amp;&gt;x 0x7f01"), "the class name is shown, as text")
        XCTAssertTrue(body.contains("&lt;img src=x onerror=alert(4)&gt;[4090]"), "the process name is shown, as text")
        XCTAssertEqual(html.components(separatedBy: "<script").count - 1, 2, "the page's script and one data block")
        XCTAssertFalse(data.contains("<") || data.contains(">") || data.contains("&"), "JSON escapes markup characters")
        XCTAssertNotNil(try JSONParser.parse(data)["lanes"]?.arrayValue)
    }

    func testControlsAndBidiOverridesInLaneLabelsAndMessagesAreShownNotActedOn() throws {
        let trace = "<Shop.Cart\u{202E}X\u{1B}[2J: 0x1> viewDidAppear\n<Shop.Cart\u{202E}X\u{1B}[2J: 0x1> viewDidAppear\n"
        let html = HTMLReportWriter().text(TimelineModel(traces: [try TimelineFixture.timeline(trace, name: "a\u{202E}.log")]))
        XCTAssertFalse(html.unicodeScalars.contains { [0x1B, 0x202E].contains($0.value) }, "no raw ESC or RLO anywhere")
        let data = try XCTUnwrap(Self.between(html, "<script type=\"application/json\" class=\"lanes\">", "</script>"))
        let lanes = try XCTUnwrap(JSONParser.parse(data)["lanes"]?.arrayValue)
        XCTAssertEqual(lanes.first?.arrayValue?[1].stringValue, #"Shop.Cart\u{202E}X\u{1B}[2J 0x1"#, "the lane label, as drawn")
        XCTAssertTrue(html.contains(#"<h3>a\u{202E}.log</h3>"#))
        XCTAssertTrue(html.contains(#"&lt;Shop.Cart\u{202E}X\u{1B}[2J: 0x1&gt; viewDidAppear while already appeared"#))
    }

    func testContentSecurityPolicyAllowsExactlyTheInlineScriptAndStyle() throws {
        let html = HTMLReportWriter().text(try TimelineFixture.samples(["push-pop.log"]))
        let policy = try XCTUnwrap(Self.between(html, "http-equiv=\"Content-Security-Policy\" content=\"", "\""))
        XCTAssertTrue(policy.hasPrefix("default-src 'none'; "))
        let script = try XCTUnwrap(Self.between(html, "<script>", "</script>"))
        let style = try XCTUnwrap(Self.between(html, "<style>", "</style>"))
        XCTAssertTrue(policy.contains("script-src \(SHA256.cspSource(script));"))
        XCTAssertTrue(policy.contains("style-src \(SHA256.cspSource(style));"))
        XCTAssertFalse(html.contains(" style=\""), "style attributes would need 'unsafe-inline'")
        for external in ["http://", "https://", "src=\"", "<link", "@import", "url("] {
            XCTAssertFalse(Self.withoutOwnCode(html).contains(external), external)
        }
    }

    func testStaticPageShowsLanesMarksAndTableWithoutScript() throws {
        let model = try TimelineFixture.samples(["child-containment-wrong.log"])
        let html = HTMLReportWriter().text(model)
        let svg = try XCTUnwrap(Self.between(html, "<svg class=\"static\"", "</svg>"))
        XCTAssertEqual(svg.components(separatedBy: "<g class=\"lane\"").count - 1, model.traces[0].lanes.count)
        XCTAssertEqual(svg.components(separatedBy: "<a href=\"#f").count - 1, model.findings.count)
        XCTAssertEqual(html.components(separatedBy: "<tr id=\"f").count - 1, model.findings.count)
        XCTAssertTrue(svg.contains("<title>warning · containment-order\n"), "a mark explains itself on hover")
        let row = try XCTUnwrap(Self.between(html, "<tr id=\"f1\"", "</tr>"))
        XCTAssertTrue(row.contains("href=\"#rule-containment-order\""), "links to the rule's explanation")
        XCTAssertTrue(row.contains("href=\"#t1-c"), "links to the lane")
        XCTAssertTrue(html.contains("<dt id=\"rule-containment-order\">"))
    }

    func testLargeTraceStaysSmallAndDrawsOnlyTheFirstLanesStatically() throws {
        let trace = try TimelineFixture.timeline(TimelineFixture.syntheticTrace(controllers: 10_000))
        XCTAssertEqual(trace.lanes.count, 10_000)
        let html = HTMLReportWriter().text(TimelineModel(traces: [trace]))
        XCTAssertLessThan(html.utf8.count, 20_000_000)
        let svg = try XCTUnwrap(Self.between(html, "<svg class=\"static\"", "</svg>"))
        XCTAssertEqual(svg.components(separatedBy: "<g class=\"lane\"").count - 1, 200)
        XCTAssertTrue(html.contains("Without JavaScript only the first 200 of 10000 controllers are drawn."))
        let data = try XCTUnwrap(Self.between(html, "<script type=\"application/json\" class=\"lanes\">", "</script>"))
        XCTAssertEqual(try JSONParser.parse(data)["lanes"]?.arrayValue?.count, 10_000)
        XCTAssertEqual(data, HTMLTimelineData.json(trace), "written on a second thread, placed where it belongs")
    }

    func testLaneDataWrittenInRunsIsTheWholeWhateverTheRunSize() throws {
        let trace = try TimelineFixture.timeline(TimelineFixture.syntheticTrace(controllers: 5))
        let data = HTMLTimelineData(trace)
        XCTAssertEqual(data.laneCount, 5)
        let events = trace.lanes.map(\.events.count)
        for runEvents in 1...(events.reduce(0, +) + 1) {
            let out = TextBuffer()
            var pieces: [String] = []
            data.write(to: out, runEvents: runEvents) { pieces.append(out.text) }
            XCTAssertEqual(out.text, HTMLTimelineData.json(trace), "runs of \(runEvents) events")
            XCTAssertEqual(pieces.count, (data.runs(events: runEvents).count + 1) / 2, "handed on after each pair of runs")
        }
        XCTAssertEqual(data.runs(events: 1), (0..<5).map { $0..<($0 + 1) })
        XCTAssertEqual(data.runs(events: events[0] + 1), [0..<2, 2..<4, 4..<5])
        XCTAssertEqual(data.runs(events: .max), [0..<5])
    }

    func testPiecesMakeTheWholePage() throws {
        let model = TimelineModel(traces: [try TimelineFixture.timeline(TimelineFixture.syntheticTrace(controllers: 20_000))])
        var pieces: [Data] = []
        HTMLReportWriter().write(model) { pieces.append($0) }
        XCTAssertGreaterThan(pieces.count, 2, "a large page comes in pieces")
        XCTAssertEqual(pieces.reduce(Data(), +), HTMLReportWriter().write(model))
    }

    /// The page without its own style and script, where no log text may appear unescaped.
    static func withoutOwnCode(_ html: String) -> String {
        html.replacingOccurrences(of: HTMLScript.source, with: "").replacingOccurrences(of: HTMLStyle.css, with: "")
    }

    static func between(_ text: String, _ start: String, _ end: String) -> String? {
        guard let open = text.range(of: start), let close = text.range(of: end, range: open.upperBound..<text.endIndex) else { return nil }
        return String(text[open.upperBound..<close.lowerBound])
    }

    /// A long class name loses its middle, never the address and instance number that tell its lanes apart.
    func testLaneLabelsKeepTheAddressAndInstanceNumber() {
        let label = "ShopFeatureModule.CheckoutPaymentMethodSelectionViewController 0x7fa1c8d0a200 #2"
        let short = HTMLTimelineSVG.truncated(label, to: 42)
        XCTAssertEqual(short, "ShopFeatureModule.Check… 0x7fa1c8d0a200 #2")
        XCTAssertEqual(HTMLTimelineSVG.truncated("vc1", to: 42), "vc1", "short labels stay whole")
        let prose = HTMLTimelineSVG.truncated(String(repeating: "a", count: 30) + String(repeating: "b", count: 30), to: 21)
        XCTAssertEqual(prose, String(repeating: "a", count: 10) + "…" + String(repeating: "b", count: 10), "no address: both ends kept")
        XCTAssertEqual(HTMLTimelineSVG.truncated("Shop.X 0x7fa1c8d0a200 #12", to: 8).count, 8, "no room for the address: both ends kept")
    }

    /// The page's script reads states by their position in `LaneState.allCases`.
    func testLaneStateIndexFollowsAllCases() {
        for (position, state) in LaneState.allCases.enumerated() { XCTAssertEqual(state.index, position, "\(state)") }
    }
}
