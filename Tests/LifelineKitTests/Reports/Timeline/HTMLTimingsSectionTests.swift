import XCTest
@testable import LifelineKit

final class HTMLTimingsSectionTests: XCTestCase {
    private func model(_ names: [String]) throws -> TimelineModel {
        var traces: [TraceTimeline] = []
        var timings: [ScreenTimings] = []
        for name in names {
            let path = TimelineFixture.packageRoot.appendingPathComponent("SampleTraces/\(name)").path
            let collector = TimingCollector(file: "SampleTraces/\(name)")
            traces.append(try TimelineBuilder.build(.file(path), name: "SampleTraces/\(name)", options: AnalysisOptions(), timings: collector))
            timings.append(collector.finish())
        }
        return TimelineModel(traces: traces, timings: .merged(timings))
    }

    func testChartsEachClassAndLinksTheSlowestToTheirLanes() throws {
        let page = HTMLReportWriter().text(try model(["push-pop.log", "leak-after-pop.log"]))
        XCTAssertTrue(page.contains("<section id=\"timings\">"))
        XCTAssertEqual(page.components(separatedBy: "<div class=\"timing\">").count - 1, 3, "Cart, List and Order")
        XCTAssertEqual(page.components(separatedBy: "<g class=\"phase\">").count - 1, 5 + 5 + 5, "every phase of each")
        XCTAssertTrue(page.contains("<title>time to appear: n 1 · p50 518.0 ms · p90 518.0 ms · p99 518.0 ms · max 518.0 ms</title>"), page)
        // The cart (serial 2 of trace 1) is the slowest to appear; its link goes to its lane.
        XCTAssertTrue(page.contains("<li>Slowest time to appear: <a class=\"lane-link\" href=\"#t1-c2\" data-t=\"1\" "
                                    + "data-label=\"shop.cartviewcontroller 0x7fa1c8d0a200\">"), page)
        XCTAssertTrue(page.contains("<g class=\"lane\" id=\"t1-c2\">"), "the static lane the link names exists")
    }

    func testPolicyAllowsTheSectionsScriptAndStyleOnlyWhenPresent() throws {
        let page = HTMLReportWriter().text(try model(["push-pop.log"]))
        let policy = HTMLReportWriter.contentSecurityPolicy(timings: true)
        XCTAssertTrue(page.contains("content=\"\(policy)\""))
        XCTAssertTrue(policy.contains(SHA256.cspSource(HTMLTimingsSection.script)) && policy.contains(SHA256.cspSource(HTMLTimingsSection.css)))
        XCTAssertTrue(page.contains("<script>\(HTMLTimingsSection.script)</script>") && page.contains("<style>\(HTMLTimingsSection.css)</style>"))
        var without = try model(["push-pop.log"])
        without.timings = nil
        let plain = HTMLReportWriter().text(without)
        XCTAssertFalse(plain.contains("timings") || plain.contains(SHA256.cspSource(HTMLTimingsSection.script)), "no trace of the section")
        XCTAssertTrue(plain.contains("content=\"\(HTMLReportWriter.contentSecurityPolicy)\""))
    }

    func testHostileClassNamesAreEscaped() throws {
        let page = HTMLReportWriter().text(try model(["hostile-markup.log"]))
        let section = try XCTUnwrap(page.components(separatedBy: "<section id=\"timings\">").last?.components(separatedBy: "</section>").first)
        XCTAssertFalse(section.contains("<script") || section.contains("<img") || section.contains("\"onmouseover"), section)
        XCTAssertTrue(section.contains("<h3>Shop.Evil&quot;onmouseover=alert(1)//&#39;&amp;amp;&gt;x</h3>"), section)
    }

    func testDecadeLabels() {
        XCTAssertEqual((-2...4).map(HTMLTimingsSection.decadeLabel), ["0.01 ms", "0.1 ms", "1 ms", "10 ms", "100 ms", "1 s", "10 s"])
    }
}
