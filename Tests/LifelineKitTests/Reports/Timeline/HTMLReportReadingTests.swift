import Foundation
import XCTest
@testable import LifelineKit

/// The report as people read it (issue 43): findings first, class lanes, marks told apart without colour, a dark
/// scheme and print. What the script does with these is checked in a browser by `Scripts/browser-test`.
final class HTMLReportReadingTests: XCTestCase {
    func testFindingsListComesFirstUnderControlsThatStepThroughIt() throws {
        let html = HTMLReportWriter().text(try TimelineFixture.samples(["child-containment-wrong.log", "push-pop.log"]))
        let positions = try ["id=\"controls\"", "id=\"findings\"", "id=\"files\"", "id=\"timelines\"", "id=\"rules\""].map { marker in
            try XCTUnwrap(html.range(of: marker), marker).lowerBound
        }
        XCTAssertEqual(positions, positions.sorted(), "controls, findings, files, timelines, rules")
        let controls = try XCTUnwrap(HTMLReportWriterTests.between(html, "<div id=\"controls\"", "</div>"))
        XCTAssertTrue(controls.contains("id=\"finding-prev\" aria-keyshortcuts=\"p\""))
        XCTAssertTrue(controls.contains("id=\"finding-next\" aria-keyshortcuts=\"n\""))
        XCTAssertTrue(controls.contains("placeholder=\"class, message or rule\""), "one search over classes, messages and rules")
    }

    func testNoFindingsNoStepping() throws {
        let html = HTMLReportWriter().text(try TimelineFixture.samples(["push-pop.log"]))
        XCTAssertFalse(html.contains("id=\"finding-next\""), "nothing to step through")
    }

    func testEachLaneNamesItsClassForClassLanes() throws {
        let trace = try TimelineFixture.timeline(TimelineFixture.syntheticTrace(controllers: 20))
        let json = try JSONParser.parse(HTMLTimelineData.json(trace))
        let classes = try XCTUnwrap(json["classes"]?.arrayValue?.compactMap(\.stringValue))
        XCTAssertEqual(classes, (0..<7).map { "Shop.Screen\($0)ViewController" }, "each class once, in order of first use")
        for lane in try XCTUnwrap(json["lanes"]?.arrayValue) {
            let fields = try XCTUnwrap(lane.arrayValue)
            let label = try XCTUnwrap(fields[1].stringValue), index = Int(try XCTUnwrap(fields[7].intValue))
            XCTAssertTrue(label.hasPrefix(classes[index] + " 0x"), label)
        }
    }

    func testSeveritiesHaveDistinctShapes() throws {
        let shapes = Severity.allCases.map(SeverityShape.relativePath)
        XCTAssertEqual(Set(shapes).count, Severity.allCases.count)
        let html = HTMLReportWriter().text(try TimelineFixture.samples(["child-containment-wrong.log", "manual-viewwillappear.log"]))
        for severity in [Severity.error, .warning] {
            XCTAssertTrue(html.contains("class=\"sev-\(severity.rawValue)\" d=\"M"), "\(severity) marks drawn")
            let marks = html.components(separatedBy: "class=\"sev-\(severity.rawValue)\" d=\"").dropFirst()
            XCTAssertTrue(marks.allSatisfy { $0.prefix(while: { $0 != "\"" }).hasSuffix(SeverityShape.relativePath(severity)) })
        }
    }

    /// Error and warning colours differ in lightness (WCAG contrast 2.5:1 or more), which survives every kind of
    /// colour blindness; #c62828 and #e65100 had 1.6:1.
    func testErrorAndWarningColoursDifferInLightnessInBothSchemes() throws {
        let css = HTMLStyle.css
        let dark = try XCTUnwrap(css.range(of: "@media (prefers-color-scheme:dark)"))
        let light = Self.properties(String(css[..<dark.lowerBound])), darkened = Self.properties(String(css[dark.upperBound...]))
        for (scheme, colours) in [("light", light), ("dark", darkened)] {
            let error = try XCTUnwrap(colours["--error"]), warning = try XCTUnwrap(colours["--warning"]), page = try XCTUnwrap(colours["--bg"])
            XCTAssertGreaterThanOrEqual(Self.contrast(error, warning), 2.5, "\(scheme): \(error) / \(warning)")
            for colour in [error, warning, try XCTUnwrap(colours["--info"])] {
                XCTAssertGreaterThanOrEqual(Self.contrast(colour, page), 1.9, "\(scheme): \(colour) on \(page)")
            }
        }
    }

    func testMarkTooltipsAreTheMessageAndRuleOnly() throws {
        let model = try TimelineFixture.samples(["child-containment-wrong.log"])
        let html = HTMLReportWriter().text(model)
        let finding = try XCTUnwrap(model.findings.first).finding
        let expected = "<title>\(HTMLText.escape("\(finding.severity.rawValue) · \(finding.rule)\n\(finding.message)"))</title>"
        XCTAssertTrue(html.contains(expected), expected)
        let summary = try XCTUnwrap(model.rules.first { $0.identifier == finding.rule }?.summary)
        XCTAssertFalse(try XCTUnwrap(HTMLReportWriterTests.between(html, "<svg class=\"static\"", "</svg>")).contains(HTMLText.escape(summary)),
                       "the explanation is one link away, not in the tooltip")
    }

    func testChildLabelsEndInsideTheLabelColumn() throws {
        let parent = "<ShopFeatureModule.CheckoutPaymentMethodSelectionViewController: 0x7fa1c8d0a200>"
        let child = "<ShopFeatureModule.CheckoutPaymentMethodSelectionEmbeddedSheetViewController: 0x7fa1c8d0b400>"
        let trace = try TimelineFixture.timeline("\(parent) viewDidLoad\n\(child) willMove(toParent:) \(parent)\n\(child) didMove(toParent:) \(parent)\n")
        let html = HTMLReportWriter().text(TimelineModel(traces: [trace]))
        let labels = html.components(separatedBy: "<text class=\"label\" x=\"").dropFirst().map { text in
            (x: Double(text.prefix(while: { $0 != "\"" })) ?? 0, text: String(text.drop(while: { $0 != ">" }).dropFirst().prefix(while: { $0 != "<" })))
        }
        XCTAssertEqual(labels.count, 2)
        XCTAssertTrue(labels.contains { $0.text.hasPrefix("└ ") }, "a child lane")
        for label in labels {  // the label column is 300 px, 4 of them a gap
            XCTAssertLessThanOrEqual(label.x + Double(label.text.count) * HTMLTimelineSVG.characterWidth, 296, label.text)
        }
    }

    func testEveryColourHasADarkSchemeValueAndPrintHidesTheControls() throws {
        let css = HTMLStyle.css
        let dark = try XCTUnwrap(css.range(of: "@media (prefers-color-scheme:dark)"))
        let light = Self.properties(String(css[..<dark.lowerBound])), darkened = Self.properties(String(css[dark.upperBound...]))
        XCTAssertFalse(light.isEmpty)
        XCTAssertEqual(Set(light.keys), Set(darkened.keys).intersection(light.keys), "each colour redefined for the dark scheme")
        XCTAssertEqual(Set(light.keys).subtracting(darkened.keys), [], "each colour redefined for the dark scheme")
        for (name, sheet) in [("report", css), ("timings", HTMLTimingsSection.css)] {
            let rules = sheet.replacing(/--[a-z-]+:#[0-9a-f]{3,6}/, with: "")
            XCTAssertNil(rules.firstMatch(of: /#[0-9a-fA-F]{3,6}\b/), "\(name): a colour outside the custom properties would not follow the scheme")
        }
        let print = try XCTUnwrap(css.range(of: "@media print{")).upperBound
        let printRules = String(css[print...])
        XCTAssertTrue(printRules.contains("#controls,"), "controls hidden on paper")
        XCTAssertTrue(printRules.contains("h2,h3,.meta{break-after:avoid}"), "a heading stays with its lanes")
        XCTAssertTrue(printRules.contains(".print{display:block}"), "the whole timelines, drawn before printing")
    }

    /// `--name:value` pairs in `css`, first definition of each.
    static func properties(_ css: String) -> [String: String] {
        var found: [String: String] = [:]
        for match in css.matches(of: /(--[a-z-]+):(#[0-9a-f]{6})/) where found[String(match.1)] == nil {
            found[String(match.1)] = String(match.2)
        }
        return found
    }

    /// WCAG contrast ratio of two `#rrggbb` colours.
    static func contrast(_ a: String, _ b: String) -> Double {
        func luminance(_ hex: String) -> Double {
            let value = Int(hex.dropFirst(), radix: 16) ?? 0
            let channels = [value >> 16, value >> 8 & 0xFF, value & 0xFF].map { channel -> Double in
                let c = Double(channel) / 255
                return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
        }
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }
}
