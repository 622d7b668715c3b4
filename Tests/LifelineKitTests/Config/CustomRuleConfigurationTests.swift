import XCTest
@testable import LifelineKit

/// Invalid `events` and rules fail at once, naming the file and the JSON pointer of the offending field.
final class CustomRuleConfigurationTests: XCTestCase {
    private func error(_ json: String) -> String {
        do {
            _ = try ConfigurationParser.parse(json, file: "app/.lifeline.json")
            return "no error"
        } catch { return error.description }
    }

    private let events = #""events": {"req": "^GET", "done": "^DONE"}"#

    func testInvalidFieldsAreNamedByJSONPointer() {
        XCTAssertEqual(error(#"{"events": {"req": "(unclosed"}}"#).prefix(44), "app/.lifeline.json: /events/req: invalid reg")
        XCTAssertEqual(error(#"{"events": {"req": "^(?<who>x)"}}"#),
                       "app/.lifeline.json: /events/req: unknown named group (?<who>…) (expected controller or key)")
        XCTAssertEqual(error(#"{"events": {"viewDidLoad": "x"}}"#),
                       "app/.lifeline.json: /events/viewDidLoad: viewDidLoad is a lifecycle callback; name the event otherwise")
        XCTAssertEqual(error("{\(events), \"rules\": {\"r\": {\"template\": \"always\", \"event\": \"req\", \"message\": \"m\"}}}"),
                       "app/.lifeline.json: /rules/r/template: unknown template (expected one of: once, never, precedes, followedBy, "
                       + "neverFollowedBy, pairs, inCallbacks, notInCallbacks, notWithin)")
        XCTAssertEqual(error("{\(events), \"rules\": {\"r\": {\"template\": \"precedes\", \"event\": \"req\", \"then\": \"nope\", \"message\": \"m\"}}}"),
                       "app/.lifeline.json: /rules/r/then: unknown event nope (expected a lifecycle callback such as viewDidAppear, or an event of /events)")
        XCTAssertEqual(error("{\(events), \"rules\": {\"r\": {\"template\": \"once\", \"event\": \"req\", \"within\": 2, \"message\": \"m\"}}}"),
                       "app/.lifeline.json: /rules/r/within: unknown field for template once (expected one of: enabled, event, explanation, "
                       + "message, per, severity, template)")
        XCTAssertEqual(error("{\(events), \"rules\": {\"r\": {\"template\": \"pairs\", \"event\": \"req\", \"message\": \"m\"}}}"),
                       "app/.lifeline.json: /rules/r: missing \"then\" (template pairs)")
        XCTAssertEqual(error("{\(events), \"rules\": {\"r\": {\"template\": \"inCallbacks\", \"event\": \"req\", \"callbacks\": [\"viewDidLoad\", \"onLoad\"], \"message\": \"m\"}}}")
                        .prefix(62), "app/.lifeline.json: /rules/r/callbacks/1: expected a lifecycle")
        XCTAssertEqual(error("{\(events), \"rules\": {\"r\": {\"template\": \"inCallbacks\", \"event\": \"viewDidLoad\", \"callbacks\": [\"loadView\"], \"message\": \"m\"}}}")
                        .prefix(46), "app/.lifeline.json: /rules/r/event: template i")
        XCTAssertEqual(error(#"{"rules": {"load-once": {"template": "once", "event": "viewDidLoad", "message": "m"}}}"#),
                       "app/.lifeline.json: /rules/load-once/template: load-once is a built-in rule; give your rule another identifier")
        XCTAssertTrue(error(#"{"rules": {"work-in-appearance": {"pattern": "[a-"}}}"#)
                        .hasPrefix("app/.lifeline.json: /rules/work-in-appearance/pattern: invalid regular expression"))
        XCTAssertEqual(error(#"{"events": {"a/b~": "x"}}"#).prefix(35), "app/.lifeline.json: /events/a~1b~0:")
    }

    func testAValidRuleBecomesOptions() throws {
        let configuration = try ConfigurationParser.parse("""
        { \(events), "rules": { "balanced": { "template": "pairs", "event": "req", "then": "done", "byKey": true, "per": "class",
                                           "severity": "error", "message": "answer every request" },
                               "work-in-appearance": { "pattern": "^LOAD" } },
          "overrides": [{ "paths": ["quiet/**"], "rules": { "balanced": false } }] }
        """, file: "c.json")
        let spec = try XCTUnwrap(configuration.customRules.first)
        XCTAssertEqual(spec.identifier, "balanced")
        XCTAssertEqual(spec.event, .app("req"))
        XCTAssertEqual(spec.then, .app("done"))
        XCTAssertTrue(spec.byKey && spec.perClass)
        XCTAssertEqual(spec.severity, .error)
        let options = try configuration.options(for: "app.log", base: AnalysisOptions())
        XCTAssertEqual(options.customRules.map(\.identifier), ["balanced"])
        XCTAssertEqual(options.pattern(ofEvent: "work"), "^LOAD")
        XCTAssertEqual(options.allAppEvents?.sources.map(\.name), ["req", "done", "work"])
        XCTAssertEqual(try configuration.options(for: "quiet/a.log", base: AnalysisOptions()).customRules.count, 0)
    }

    /// The README's worked `.lifeline.json` is valid and does what the README says.
    func testEventPatternsThatCanBacktrackExponentiallyAreRefused() throws {
        let message = error(#"{ "events": { "ok": "^ok", "slow": "^(a+)+$" } }"#)
        XCTAssertTrue(message.hasPrefix("app/.lifeline.json: /events/slow: can take exponential time"), message)
        var options = AnalysisOptions()
        XCTAssertThrowsError(try options.setPattern("(fetch|fetching)+ data", ofEvent: "work"))
        XCTAssertNoThrow(try AppEventPatterns([.init(name: "work", pattern: WorkInAppearanceRule.defaultPattern)]), "the default work pattern")
    }

    func testAnInvalidWorkPatternIsRefusedAndLeavesTheOldOne() throws {
        var options = AnalysisOptions()
        XCTAssertThrowsError(try options.setPattern("fetch(", ofEvent: "work")) { error in
            XCTAssertTrue("\(error)".contains("invalid regular expression"), "\(error)")
        }
        XCTAssertThrowsError(try options.setPattern("(?<url>https://)", ofEvent: "work"), "only controller and key groups")
        XCTAssertEqual(options.pattern(ofEvent: "work"), WorkInAppearanceRule.defaultPattern)
        try options.setPattern("^LOAD", ofEvent: "work")
        XCTAssertEqual(options.pattern(ofEvent: "work"), "^LOAD")
        var configuration = Configuration()
        configuration.rulePatterns["work"] = "fetch("  // set by a library user, not read from a file
        XCTAssertThrowsError(try configuration.options(for: "app.log", base: AnalysisOptions()))
    }

    func testTheReadmeExampleWorks() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try XCTUnwrap(text.range(of: "## Rules of your own"))
        let open = try XCTUnwrap(text.range(of: "```json\n", range: section.upperBound..<text.endIndex))
        let close = try XCTUnwrap(text.range(of: "```", range: open.upperBound..<text.endIndex))
        let configuration = try ConfigurationParser.parse(String(text[open.upperBound..<close.lowerBound]), file: "README.md")
        XCTAssertEqual(configuration.customRules.map(\.identifier), ["products-once", "screen-view", "no-present-in-will-appear", "balanced-updates"])
        let trace = """
        2024-03-01 10:49:46.100 Shop[4089:51117] <Shop.HomeVC: 0x7f01> viewWillAppear(_:)
        2024-03-01 10:49:46.110 Shop[4089:51117] Presenting Onboarding
        2024-03-01 10:49:46.200 Shop[4089:51117] <Shop.HomeVC: 0x7f01> viewDidAppear(_:)
        2024-03-01 10:49:46.300 Shop[4089:51117] [Analytics] event=screen_view screen=OtherVC
        2024-03-01 10:49:46.400 Shop[4089:51117] start updates 7
        2024-03-01 10:49:47.000 Shop[4089:51117] <Shop.HomeVC: 0x7f01> viewWillDisappear(_:)
        """
        let findings = try TraceFixture.analyze(trace, options: configuration.options(for: "app.log", base: AnalysisOptions())).findings
        XCTAssertEqual(findings.map { "\($0.line) \($0.rule)" }, ["2 no-present-in-will-appear", "3 screen-view", "5 balanced-updates"])
        XCTAssertEqual(findings.first?.message, "<Shop.HomeVC: 0x7f01> present in viewWillAppear (line 1): present from viewDidAppear")
        XCTAssertEqual(findings[1].message, "<Shop.HomeVC: 0x7f01> viewDidAppear never followed by screenView: log screen_view within 2 s of every appearance")
    }
}
